"""Benchmark: the compiled search kernel against the pure-Python search, side by side.

    python benchmarks/kernel.py [--repeat 5] [--baseline CHECKOUT] [--scaling]

For each case (volare, an open hex map, a flyer hovering at its centre, calm wind), and for each
way of searching — ``kernel`` (this checkout, compiled), ``pure`` (this checkout, with
WINGBEAT_PURE=1) and, with ``--baseline``, another checkout's ``src`` (today's main, say) — a fresh
interpreter measures:

- the states settled and the memory per settled state of the search alone (growth of the peak
  resident memory, ``ru_maxrss``, over one search in a fresh process, the map already flattened);
- the search alone (``search.explore``): median CPU time and states settled per CPU second;
- the full ``wingbeat.reach`` (search, the end states, the report): median CPU time;
- ``reach`` and its 40-row table (``to_text(40)``: ``wingbeat reach``'s text), and ``reach`` and
  its JSON (as ``wingbeat reach --json`` makes it: ``_jsonout.encode_answer``, or ``to_dict``
  encoded in a checkout from before it): median CPU time;
- with ``--cli``, the wall time of the command ``wingbeat reach FILE roc --json > OUT`` (a
  file), start-up included (the scenario cache warm).

``--baseline`` measures the other checkout twice: with its kernel (``baseline``; its ``src`` must
hold a built ``_kernel``, else it is the fallback again) and with WINGBEAT_PURE=1
(``baseline pure``).

Quote medians and the ratios between columns, all measured in one run on one machine: the
machine is shared and noisy. ``--scaling`` prints the table of docs/performance.md instead: the
kernel's and the fallback's search over map sizes × speeds.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
SRC = HERE.parent / "src"

#: (name, map columns = rows, top, fly): the two benchmarks of issue 12
CASES = [("100²×10 fly 24", 100, 10, 24), ("200²×10 fly 48", 200, 10, 48)]
SCALING_MAPS = (50, 100, 200)
SCALING_SPEEDS = (12, 24, 48)


def scenario_data(size: int, top: int, fly: int) -> dict[str, Any]:
    from wingbeat.geometry.labels import column_label

    column = size // 2 - 2  # on the 100² map, AV50: benchmarks/reach.py's flyer
    row = size // 2 + (0 if (column + size // 2) % 2 == 0 else 1)
    return {"ruleset": "volare",
            "map": {"grid": "hex", "columns": size, "rows": size, "top": top},
            "creatures": [{"id": "roc", "fly": fly, "maneuverability": "medium", "reflex": 50,
                           "at": f"{column_label(column)}{row}", "altitude": 2,
                           "mode": "hovering"}]}


def _cpu(call: Any) -> tuple[float, Any]:
    began = time.process_time()
    result = call()
    return time.process_time() - began, result


def run_case(size: int, top: int, fly: int, repeat: int, reach_repeat: int) -> dict[str, Any]:
    """In this interpreter: one search for the memory, then the timed repeats."""
    import wingbeat
    from wingbeat.rulesets.volare import VolareSpace
    from wingbeat.search import explore

    VolareSpace.max_states = 10**8  # the 200² case passes the default cap, which is for servers
    scenario = wingbeat.parse_scenario(scenario_data(size, top, fly), source="benchmark")
    space = VolareSpace(scenario.battle, "roc")
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    found = explore(space)
    grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
    settled = len(found.priority)
    del found
    try:
        from wingbeat import kernel
        which = kernel.describe()
    except ImportError:  # a checkout from before the kernel
        which = "pure Python (no kernel)"
    searches = [_cpu(lambda: explore(VolareSpace(scenario.battle, "roc")))[0]
                for _ in range(repeat)]
    reaches = [_cpu(lambda: wingbeat.reach(scenario, "roc"))[0] for _ in range(reach_repeat)]
    texts = [_cpu(lambda: wingbeat.reach(scenario, "roc").to_text(40))[0]
             for _ in range(reach_repeat)]
    try:
        from wingbeat._jsonout import encode_answer
    except ImportError:  # a checkout from before it: the dicts encoded, as its CLI did
        try:
            from wingbeat._jsonout import encode
        except ImportError:
            def encode(data: Any) -> bytes:
                return json.dumps(data, indent=2, ensure_ascii=False).encode()

        def encode_answer(result: Any) -> bytes:
            return encode(result.to_dict())
    jsons = [_cpu(lambda: encode_answer(wingbeat.reach(scenario, "roc")))[0]
             for _ in range(max(1, reach_repeat // 2))]
    search = statistics.median(searches)
    return {"kernel": which, "settled": settled, "bytes_per_state": grown * 1024 / settled,
            "search_s": search, "states_per_s": settled / search,
            "reach_s": statistics.median(reaches), "text_s": statistics.median(texts),
            "json_s": statistics.median(jsons)}


def cli_wall(src: Path, pure: bool, size: int, top: int, fly: int, repeat: int) -> float:
    """The median wall time of ``wingbeat reach FILE roc --json > OUT`` (a file), start-up
    included, after one run that fills the scenario cache."""
    import tempfile

    env = {**os.environ, "PYTHONPATH": str(src)}
    env.pop("WINGBEAT_PURE", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # an installed wingbeat starts from its bytecode
    if pure:
        env["WINGBEAT_PURE"] = "1"
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "benchmark.json"
        path.write_text(json.dumps(scenario_data(size, top, fly)))
        command = [sys.executable, "-m", "wingbeat", "reach", str(path), "roc", "--json"]
        times = []
        for _ in range(repeat + 1):
            with open(Path(folder) / "out.json", "wb") as out:
                began = time.perf_counter()
                subprocess.run(command, env=env, check=True, stdout=out)
                times.append(time.perf_counter() - began)
    return statistics.median(times[1:])


def measure(src: Path, pure: bool, size: int, top: int, fly: int, repeat: int,
            reach_repeat: int) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(src)}
    env.pop("WINGBEAT_PURE", None)
    if pure:
        env["WINGBEAT_PURE"] = "1"
    done = subprocess.run(
        [sys.executable, __file__, "--case", str(size), str(top), str(fly), str(repeat),
         str(reach_repeat)], capture_output=True, text=True, env=env, check=True)
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:,.1f}"


def _times(ratio: float) -> str:
    """A ratio to quote: two decimals between two kernels, none against the fallback."""
    return f"{ratio:.2f}" if ratio < 10 else f"{ratio:.0f}"


def side_by_side(repeat: int, baseline: Path | None, cli: bool, only: str | None = None
                 ) -> None:
    ways: list[tuple[str, Path, bool]] = [("kernel", SRC, False), ("pure", SRC, True)]
    if baseline is not None:
        ways += [("baseline", baseline / "src", False), ("baseline pure", baseline / "src", True)]
    print(f"{'case':<16}{'search':<15}{'settled':>10}{'search ms':>11}{'M states/s':>12}"
          f"{'reach ms':>10}{'+text ms':>10}{'+json ms':>10}{'B/state':>9}"
          + (f"{'cli json s':>12}" if cli else ""))
    for name, size, top, fly in CASES:
        if only is not None and not name.startswith(only):
            continue
        rows = {}
        for way, src, pure in ways:
            slow = pure
            rows[way] = out = measure(src, pure, size, top, fly,
                                      max(1, repeat // 2) if slow else repeat,
                                      max(1, repeat // 2) if size > 100 or slow else repeat)
            wall = f"{cli_wall(src, pure, size, top, fly, 5):>12.2f}" if cli else ""
            print(f"{name:<16}{way:<15}{out['settled']:>10,}{_ms(out['search_s']):>11}"
                  f"{out['states_per_s'] / 1e6:>12.2f}{_ms(out['reach_s']):>10}"
                  f"{_ms(out['text_s']):>10}{_ms(out['json_s']):>10}"
                  f"{out['bytes_per_state']:>9,.0f}{wall}", flush=True)
        kernel = rows["kernel"]
        for way in rows:
            if way != "kernel":
                other = rows[way]
                print(f"{'':<16}kernel vs {way}: "
                      f"search ×{_times(other['search_s'] / kernel['search_s'])}, "
                      f"reach ×{other['reach_s'] / kernel['reach_s']:.1f}, "
                      f"+text ×{other['text_s'] / kernel['text_s']:.1f}, "
                      f"+json ×{other['json_s'] / kernel['json_s']:.1f}", flush=True)
    print(f"(medians of CPU time; {rows['kernel']['kernel']})")


def scaling(repeat: int) -> None:
    print("| map | fly | states settled | kernel ms | kernel M states/s | fallback ms "
          "| fallback M states/s | ×  |")
    print("|---|---|---|---|---|---|---|---|")
    for size in SCALING_MAPS:
        for fly in SCALING_SPEEDS:
            kernel = measure(SRC, False, size, 10, fly, repeat, 1)
            pure = measure(SRC, True, size, 10, fly, max(1, repeat // 3), 1)
            print(f"| {size}²×10 | {fly} | {kernel['settled']:,} | {_ms(kernel['search_s'])} | "
                  f"{kernel['states_per_s'] / 1e6:.1f} | {_ms(pure['search_s'])} | "
                  f"{pure['states_per_s'] / 1e6:.2f} | "
                  f"{pure['search_s'] / kernel['search_s']:.0f} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--baseline", type=Path, help="another checkout to measure alongside")
    parser.add_argument("--scaling", action="store_true", help="the map size × speed table")
    parser.add_argument("--cli", action="store_true",
                        help="also the wall time of `wingbeat reach … --json`, start-up included")
    parser.add_argument("--only", help="only the case whose name starts with this (100, 200)")
    parser.add_argument("--case", nargs=5, type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.case:
        size, top, fly, repeat, reach_repeat = args.case
        print(json.dumps(run_case(size, top, fly, repeat, reach_repeat)))
    elif args.scaling:
        scaling(args.repeat)
    else:
        side_by_side(args.repeat, args.baseline, args.cli, args.only)


if __name__ == "__main__":
    main()
