"""What a person waits for at the table: the CPU time of one short ``wingbeat`` command.

    python benchmarks/commands.py [--repeat 5] [--json]
    python benchmarks/commands.py --against /work/main/src     # side by side, interleaved
    python benchmarks/commands.py --python /other/venv/bin/python --src /other/tree/src

Each row runs ``PYTHON -m wingbeat ...`` in a fresh process and measures its CPU time (user +
system, from ``resource.getrusage(RUSAGE_CHILDREN)`` before and after), the median of
``--repeat`` runs; the floor is ``python -c "import fractions, json, argparse, dataclasses"``,
``import typer`` what the command line's library costs alone before any command, ``import
shapely`` what the tabletop rulesets' geometry library (with numpy) costs alone, and ``import
cli, shapely`` the two together as a tabletop reach started until round 33 (``wingbeat.cli`` keeps
numpy to one BLAS thread), ``import cli, geos`` the floor under a reach's areas or a way round
scenery since round 34 (GEOS through ctypes, no numpy), and under a threat or advice on a table
since round 35.
Issue 29 asks for every command row within 0.12 s. The scenario cache (``WINGBEAT_CACHE_DIR``,
docs/cli.md) and the play encounters (``XDG_DATA_HOME``) live in a temporary folder, warmed by one
untimed run of each row (so bytecode, kept in a ``PYTHONPYCACHEPREFIX`` folder there, and the
cached scenario exist, as at a table); ``check
(no cache)`` is the first command on a scenario, ``WINGBEAT_CACHE=off``. ``play move`` is timed on
a fresh copy of the encounter each run (a move changes it).

Whichever ``wingbeat`` is on ``PYTHONPATH`` runs (``--src`` sets it); ``--against SRC`` measures
that tree too, its runs interleaved with this one's (A, B, A, B …), and prints the ratios. A row
the tree cannot run (a command it lacks) is reported absent, not a crash. ``--json`` prints one
JSON object ``{"rows": [{"name", "median_ms", ...}]}`` on the last line of stdout.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

#: The goal of issue 29 for every command row, in ms of CPU.
GOAL_MS = 120.0
FLOOR = "import fractions, json, argparse, dataclasses"
#: Rows that are no command: what the interpreter, Typer and shapely (numpy) cost alone.
FLOORS = ("floor", "import typer", "import shapely", "import cli, shapely", "import cli, geos")


@dataclass
class Row:
    """One measured command: its arguments after ``python``, and what to do before each run."""

    name: str
    args: list[str]
    env: dict[str, str] = field(default_factory=dict)
    before: Callable[[Path], None] | None = None  # given the tree's data folder


def _rows() -> list[Row]:
    bat = "example:giant-bat"
    wb = ["-m", "wingbeat"]
    return [
        Row("floor", ["-c", FLOOR]),
        Row("import typer", ["-c", "import typer"]),
        Row("--version", [*wb, "--version"]),
        Row("check", [*wb, "check", bat, "bat", "U35"]),
        Row("check (no cache)", [*wb, "check", bat, "bat", "U35"], {"WINGBEAT_CACHE": "off"}),
        Row("reach", [*wb, "reach", bat, "bat"]),
        Row("path", [*wb, "path", bat, "bat", "--to", "U35"]),
        Row("engagement", [*wb, "engagement", "example:harpy", "harpy", "fighter"]),
        Row("play show", [*wb, "play", "show", "cave"]),
        Row("play log", [*wb, "play", "log", "cave"]),
        Row("play move", [*wb, "play", "move", "cave", "bat", "U35 down hover"],
            before=_fresh_encounter),
        Row("schema dnd5e", [*wb, "schema", "dnd5e"]),
        # the tabletop rulesets measure with shapely (and so numpy)
        Row("import shapely", ["-c", "import shapely"]),
        # a tabletop reach's floor: the command line started (one BLAS thread) and shapely
        # imported, before any module or work of the command's own
        Row("import cli, shapely", ["-c", "import wingbeat.cli, shapely"]),
        # since round 34 the floor under them: GEOS called through ctypes (absent before)
        Row("import cli, geos", ["-c", "import sys, wingbeat.cli\ntry:\n"
                                 "    import wingbeat.geometry.geos\n"
                                 "except ImportError:\n    sys.exit(2)"]),  # absent: 2
        Row("check pegasi", [*wb, "check", "example:pegasi", "pegasi", "12,20"]),
        Row("reach morbid-angel", [*wb, "reach", "example:morbid-angel", "angel"]),
        # tabletop commands that measure points only (no shapely since issue 29: legs clear of
        # the scenery), then ones that go around scenery or draw an area (shapely)
        Row("path pegasi", [*wb, "path", "example:pegasi", "pegasi", "--to", "30,30"]),
        Row("engagement pegasi", [*wb, "engagement", "example:pegasi", "pegasi", "griffons"]),
        Row("check angel t2", [*wb, "check", "example:morbid-angel", "angel", "40,30"]),
        Row("path angel t2", [*wb, "path", "example:morbid-angel", "angel", "--to", "70,70"]),
        Row("play show sky", [*wb, "play", "show", "sky"]),
        Row("play move sky", [*wb, "play", "move", "sky", "pegasi", "12,20"],
            before=_fresh_encounter),
        Row("check gargoyle t1", [*wb, "check", "example:morbid-angel", "gargoyle", "60,30"]),
        Row("path knight t0", [*wb, "path", "example:morbid-angel", "knight", "--to", "50,55"]),
        Row("reach pegasi", [*wb, "reach", "example:pegasi", "pegasi"]),
        # threat zones and advice: cut with shapely.ops until round 35, GEOS by ctypes since
        Row("threat morbid-angel", [*wb, "threat", "example:morbid-angel", "--side", "acheron"]),
        Row("advise morbid-angel", [*wb, "advise", "example:morbid-angel", "angel"]),
        Row("threat pegasi", [*wb, "threat", "example:pegasi", "--side", "west"]),
        Row("advise pegasi", [*wb, "advise", "example:pegasi", "pegasi"]),
    ]


@dataclass
class Tree:
    """A wingbeat to measure: its interpreter, its ``PYTHONPATH`` and its own data folders."""

    label: str
    python: str
    src: str | None
    home: Path

    def env(self, extra: dict[str, str]) -> dict[str, str]:
        env = dict(os.environ)
        if self.src is not None:
            env["PYTHONPATH"] = self.src
        env.update(WINGBEAT_CACHE_DIR=str(self.home / "cache"),
                   XDG_DATA_HOME=str(self.home / "data"), WINGBEAT_LANG="en")
        env.pop("WINGBEAT_PURE", None)
        # from bytecode, as an installed wingbeat starts, kept out of the trees measured
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(self.home / "pycache")
        env.update(extra)
        return env

    def run(self, row: Row) -> float | None:
        """CPU seconds of one run of ``row``; None if the command failed (absent here)."""
        if row.before is not None:
            row.before(self.home)
        start = resource.getrusage(resource.RUSAGE_CHILDREN)
        done = subprocess.run([self.python, *row.args], env=self.env(row.env),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        end = resource.getrusage(resource.RUSAGE_CHILDREN)
        if done.returncode not in (0, 1):  # 1: a refused move, still an answer
            return None
        return (end.ru_utime - start.ru_utime) + (end.ru_stime - start.ru_stime)

    def prepare(self) -> None:
        """The encounters ``cave`` (the giant bat) and ``sky`` (the pegasi, a tabletop game),
        kept pristine beside the data folder for ``play move``."""
        for example, name in (("example:giant-bat", "cave"), ("example:pegasi", "sky")):
            subprocess.run([self.python, "-m", "wingbeat", "play", "new", example,
                            "--seed", "7", "--name", name], env=self.env({}),
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        data = self.home / "data"
        if data.exists():
            shutil.copytree(data, self.home / "pristine")


def _fresh_encounter(home: Path) -> None:
    pristine = home / "pristine"
    if pristine.exists():
        shutil.rmtree(home / "data", ignore_errors=True)
        shutil.copytree(pristine, home / "data")


def _median_ms(samples: list[float | None]) -> float | None:
    if not samples or any(s is None for s in samples):
        return None
    return statistics.median(s for s in samples if s is not None) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs per row (the median)")
    parser.add_argument("--python", default=sys.executable, help="the interpreter to run")
    parser.add_argument("--src", default=None,
                        help="the PYTHONPATH of the wingbeat measured (default: inherited)")
    parser.add_argument("--against", metavar="SRC", default=None,
                        help="another tree's src folder, measured interleaved")
    parser.add_argument("--json", action="store_true", help="the medians as JSON")
    parser.add_argument("--only", action="append", default=None, help="rows to run (names)")
    args = parser.parse_args()

    rows = [row for row in _rows() if args.only is None or row.name in args.only]
    with tempfile.TemporaryDirectory(prefix="wingbeat-commands-") as scratch:
        trees = [Tree("this", args.python, args.src, Path(scratch) / "this")]
        if args.against is not None:
            trees.append(Tree("base", args.python, args.against, Path(scratch) / "base"))
        for tree in trees:
            tree.home.mkdir()
            tree.prepare()
        samples: dict[tuple[str, str], list[float | None]] = {}
        for row in rows:
            for tree in trees:  # warm: bytecode, the cached scenario
                tree.run(row)
            for _ in range(args.repeat):
                for tree in trees:
                    samples.setdefault((tree.label, row.name), []).append(tree.run(row))

    out = []
    for row in rows:
        this = _median_ms(samples[("this", row.name)])
        entry: dict[str, object] = {"name": row.name, "median_ms": this,
                                    "goal_ms": None if row.name in FLOORS else GOAL_MS}
        if args.against is not None:
            base = _median_ms(samples[("base", row.name)])
            entry["base_ms"] = base
            entry["ratio"] = None if this is None or base is None else this / base
        out.append(entry)

    def ms(value: object) -> str:
        return "absent" if value is None else f"{value:.0f}"

    header = f"{'command':<20} {'CPU ms':>7}"
    if args.against is not None:
        header += f" {'base ms':>8} {'ratio':>6}"
    print(f"{header}   (median of {args.repeat}, load {os.getloadavg()[0]:.1f})")
    for entry in out:
        line = f"{entry['name']!s:<20} {ms(entry['median_ms']):>7}"
        if args.against is not None:
            ratio = entry["ratio"]
            line += f" {ms(entry['base_ms']):>8} {'-' if ratio is None else f'{ratio:.2f}':>6}"
        print(line)
    if args.json:
        print(json.dumps({"rows": out}))


if __name__ == "__main__":
    main()
