"""What a PNG of a map costs (issue 29, item 2): the SVG alone, resvg alone, the whole command.

    python benchmarks/png.py [--runs 5] [--base /path/to/other/src] [--json]

For each example (and the harpy and the giant bat with their reach drawn) it prints medians, in
milliseconds of CPU time (user + system), of (the in-process rows interleaved, run by run):

- ``svg``: ``render_svg`` in this process (the scenario already open, the drawing modules
  imported: a second drawing);
- ``resvg-py``: the ``resvg-py`` wheel alone on that SVG text, as it was called before
  (``resvg_py.svg_to_bytes(svg_string=..., zoom=1)``, the system's fonts);
- ``resvg``: the ``resvg`` wheel alone on that text, the system's fonts (``Options.default()``,
  ``load_system_fonts``, ``Tree.from_str``, ``render``);
- ``resvg-faces``: the ``resvg`` wheel on that text as written, with the DejaVu faces handed
  over as bytes (``raster._options``): what ``svg_to_png`` cost before the cells' words were
  gathered for it;
- ``grouped``: ``raster.grouped_words`` alone, gathering the cells' labels and costs into one
  ``<text>`` per style (what ``svg_to_png`` does first);
- ``svg_to_png``: ``wingbeat.render.png.svg_to_png`` on that text, as ``render`` calls it;
- ``parse``, ``draw`` and ``canvas``: its resvg part split: ``Tree.from_str`` of the text it hands
  over, ``render`` of that tree (drawing and PNG encoding), and ``render`` of an empty picture
  of the same size (allocating and encoding the pixels: the floor);
- ``cmd-svg`` and ``cmd-png``: the whole ``python -m wingbeat render example:X [creature] -o
  out.svg|.png``, a new process each run (its CPU time from ``RUSAGE_CHILDREN``).

A wheel that is not installed, or a function the tree on ``PYTHONPATH`` lacks, is a row marked
absent. The commands run with bytecode cached in a temporary ``PYTHONPYCACHEPREFIX`` (a first run
writes it, untimed), their own scenario cache and data folders, and the ``PYTHONPATH`` of this
process. ``--base SRC`` also runs the commands with ``PYTHONPATH=SRC``, interleaved (base, this,
base, this …), and prints this tree's medians over the base's.

The last line with ``--json`` is ``{"rows": [{"name", "median_ms", "runs", ...}]}``.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

CASES: tuple[tuple[str, str | None], ...] = (
    ("giant-bat", None), ("harpy", None), ("morbid-angel", None), ("pegasi", None),
    ("harpy", "harpy"), ("giant-bat", "bat"))


def case_name(example: str, creature: str | None) -> str:
    return example + (f"+{creature}" if creature else "")


def cpu_ms(work: Callable[[], object], runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        began = time.process_time()
        work()
        times.append((time.process_time() - began) * 1000)
    return times


def children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def command_ms(argv: list[str], env: dict[str, str]) -> float:
    began = children_cpu()
    subprocess.run(argv, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return (children_cpu() - began) * 1000


def command_env(pythonpath: str | None, scratch: Path, tag: str) -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if pythonpath is not None:
        env["PYTHONPATH"] = pythonpath
    for key, folder in (("PYTHONPYCACHEPREFIX", "pyc"), ("WINGBEAT_CACHE_DIR", "cache"),
                        ("XDG_DATA_HOME", "data")):
        path = scratch / f"{tag}-{folder}"
        path.mkdir(exist_ok=True)
        env[key] = str(path)
    return env


def in_process_rows(runs: int) -> list[dict[str, Any]]:
    import wingbeat
    from wingbeat.render import render_svg

    rows: list[dict[str, Any]] = []
    for example, creature in CASES:
        scenario = wingbeat.open_scenario(f"example:{example}")
        reach = None if creature is None else wingbeat.reach(scenario, creature)

        def draw(scenario: Any = scenario, reach: Any = reach, creature: str | None = creature
                 ) -> str:
            return render_svg(scenario, reach=reach, creature=creature)

        svg = draw()
        name = case_name(example, creature)
        rows.append(row(f"svg:{name}", cpu_ms(draw, runs), bytes=len(svg.encode())))
        works = {**renderers(svg), **resvg_parts(svg)}
        ready = {label: work for label, work in works.items() if work is not None}
        sizes = {label: len(work()) for label, work in ready.items()}
        times: dict[str, list[float]] = {label: [] for label in ready}
        for _ in range(runs):  # interleaved: each run times every way once
            for label, work in ready.items():
                times[label] += cpu_ms(work, 1)
        for label in works:
            if label not in ready:
                rows.append({"name": f"{label}:{name}", "median_ms": None, "runs": 0,
                             "absent": True})
            else:
                rows.append(row(f"{label}:{name}", times[label], bytes=sizes[label]))
    return rows


def resvg_parts(svg: str) -> dict[str, Callable[[], bytes] | None]:
    """What ``svg_to_png`` spends in resvg: ``parse`` (``Tree.from_str`` of the text it hands
    over: XML, styles and the text's layout), ``draw`` (``render`` of that tree: the drawing
    and the PNG's encoding) and ``canvas`` (``render`` of an empty picture of the same size: the
    floor, allocating and encoding the pixels)."""
    try:
        from wingbeat.render import raster

        binding: Any = raster._resvg()
        if binding is None:
            raise ImportError("no resvg wheel")
        gathered = getattr(raster, "grouped_words", lambda text: text)(svg)
        options = raster._options(binding, gathered)
        tree = binding.usvg.Tree.from_str(gathered, options)
    except (ImportError, AttributeError):
        return {"parse": None, "draw": None, "canvas": None}
    width, height = tree.int_size()
    empty = binding.usvg.Tree.from_str(
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}"/>', options)
    identity = (1.0, 0.0, 0.0, 0.0, 1.0, 0.0)

    def parse() -> bytes:
        binding.usvg.Tree.from_str(gathered, options)
        return b""

    return {"parse": parse,
            "draw": lambda: bytes(binding.render(tree, identity, bg_size=(width, height))),
            "canvas": lambda: bytes(binding.render(empty, identity, bg_size=(width, height)))}


def renderers(svg: str) -> dict[str, Callable[[], bytes] | None]:
    """resvg-py alone, the resvg wheel alone (the system's fonts, then the faces as bytes),
    the words' gathering and wingbeat's ``svg_to_png`` (None: absent)."""
    found: dict[str, Callable[[], bytes] | None] = {}
    try:
        import resvg_py

        found["resvg-py"] = lambda: bytes(resvg_py.svg_to_bytes(svg_string=svg, zoom=1.0))
    except ImportError:
        found["resvg-py"] = None
    try:
        from resvg import render, usvg

        def plain() -> bytes:
            options = usvg.Options.default()
            options.load_system_fonts()
            return bytes(render(usvg.Tree.from_str(svg, options), (1, 0, 0, 0, 1, 0)))

        found["resvg"] = plain
    except ImportError:
        found["resvg"] = None
    try:
        from wingbeat.render import raster

        wheel: Any = raster._resvg()
        if wheel is None:
            raise ImportError("no resvg wheel")

        def as_written() -> bytes:
            options = raster._options(wheel, svg)
            tree = wheel.usvg.Tree.from_str(svg, options)
            return bytes(wheel.render(tree, (1, 0, 0, 0, 1, 0), bg_size=tree.int_size()))

        found["resvg-faces"] = as_written
    except (ImportError, AttributeError):
        found["resvg-faces"] = None
    try:
        from wingbeat.render.raster import grouped_words

        found["grouped"] = lambda: grouped_words(svg).encode()
    except ImportError:
        found["grouped"] = None
    try:
        from wingbeat.render.png import svg_to_png

        found["svg_to_png"] = lambda: svg_to_png(svg)
    except ImportError:
        found["svg_to_png"] = None
    return found


def row(name: str, times: list[float], **extra: Any) -> dict[str, Any]:
    return {"name": name, "median_ms": round(statistics.median(times), 2), "runs": len(times),
            "min_ms": round(min(times), 2), **extra}


def command_rows(runs: int, base: str | None, scratch: Path) -> list[dict[str, Any]]:
    trees = {"this": command_env(None, scratch, "this")}
    if base is not None:
        trees["base"] = command_env(base, scratch, "base")
    rows: list[dict[str, Any]] = []
    for example, creature in CASES:
        name = case_name(example, creature)
        for kind in ("svg", "png"):
            out = scratch / f"out.{kind}"
            argv = [sys.executable, "-m", "wingbeat", "render", f"example:{example}",
                    *([creature] if creature else []), "-o", str(out)]
            times: dict[str, list[float]] = {tag: [] for tag in trees}
            for env in trees.values():
                command_ms(argv, env)  # writes the bytecode and the scenario cache
            for _ in range(runs):
                for tag in sorted(trees):  # base, this, base, this ...
                    times[tag].append(command_ms(argv, trees[tag]))
            mine = row(f"cmd-{kind}:{name}", times["this"])
            if base is not None:
                theirs = statistics.median(times["base"])
                mine["base_median_ms"] = round(theirs, 2)
                mine["ratio_to_base"] = round(mine["median_ms"] / theirs, 3)
            rows.append(mine)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--base", metavar="SRC",
                        help="also run the commands with PYTHONPATH=SRC, interleaved")
    parser.add_argument("--json", action="store_true", help="end with one JSON line of rows")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="wingbeat-png-") as folder:
        scratch = Path(folder)
        os.environ.setdefault("WINGBEAT_CACHE_DIR", str(scratch / "cache-here"))
        rows = in_process_rows(args.runs) + command_rows(args.runs, args.base, scratch)
    load = os.getloadavg()[0]
    print(f"CPU ms, medians of {args.runs} (load {load:.2f})")
    for found in rows:
        median = "absent" if found.get("absent") else f"{found['median_ms']:9.1f}"
        extra = ""
        if "ratio_to_base" in found:
            extra = f"  base {found['base_median_ms']:7.1f}  ×{found['ratio_to_base']:.2f}"
        print(f"  {found['name']:<28} {median:>9}{extra}")
    by_name = {r["name"]: r for r in rows}
    for example, creature in CASES:
        name = case_name(example, creature)
        png, svg, drawn = (by_name.get(f"{k}:{name}", {}).get("median_ms")
                           for k in ("cmd-png", "cmd-svg", "svg_to_png"))
        if png and svg and drawn:
            print(f"  {name}: the PNG costs the SVG command + {png - svg:.0f} ms "
                  f"(svg_to_png alone: {drawn:.0f} ms)")
    if args.json:
        print(json.dumps({"rows": rows, "load": load}))


if __name__ == "__main__":
    main()
