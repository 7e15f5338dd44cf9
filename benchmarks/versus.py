"""Benchmarks side by side: this tree against an earlier commit (the previous main), interleaved.

    python benchmarks/versus.py --base REF [--rounds 3] [SCRIPT ...]

A one-machine comparison is only fair when both sides meet the same noise, so the two trees take
turns: in each round every script runs once on the base, then once on this tree (the order
swapped every other round). Each script is this tree's ``benchmarks/SCRIPT`` run with ``--json``
(it prints ``{"rows": [{"name": ..., "median_ms": ...}, ...]}`` as its last line) under the other
tree's ``src`` on ``PYTHONPATH``: the same measurement, two engines. The base is checked out with
``git worktree`` into a temporary folder and built as a wheel by pip (a minute: Cython runs in
pip's build environment), whose compiled kernels and message catalogs are put beside its sources
(a build that fails leaves it on its pure-Python search, and says so).

Prints, for each row, the median over rounds of each side's median, and this tree's ratio to the
base (below 1: faster now). The load average at the start and the end says how quiet it was.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import zipfile
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
#: the scripts that print ``--json`` rows, in the order a person waits for their answers
DEFAULT = ("commands.py", "png.py", "reference.py", "stream.py", "memory.py")


def checkout(ref: str, folder: Path) -> Path:
    """``ref`` in ``folder`` (a detached worktree) with its compiled kernels and catalogs: pip
    builds its wheel (Cython in pip's own build environment, as an install does) and they are
    taken out of it into the worktree's ``src``."""
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet",
                    str(folder), ref], check=True)
    wheels = folder.parent / "wheels"
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                            "--wheel-dir", str(wheels), str(folder)],
                           capture_output=True, text=True)
    if built.returncode:
        print(f"(base not built, pure-Python search: {built.stderr.strip()[-200:]})")
        return folder / "src"
    for wheel in wheels.glob("wingbeat-*.whl"):
        with zipfile.ZipFile(wheel) as archive:
            for name in archive.namelist():
                if name.startswith("wingbeat/") and name.endswith((".so", ".pyd", ".mo")):
                    archive.extract(name, folder / "src")
    return folder / "src"


def rows(script: str, src: Path, extra: list[str]) -> dict[str, float]:
    """One run of ``script`` on the engine in ``src``: its rows' medians by name."""
    env = dict(os.environ, PYTHONPATH=str(src))
    done = subprocess.run([sys.executable, str(HERE / script), "--json", *extra], env=env,
                          cwd=ROOT, capture_output=True, text=True)
    if done.returncode:
        tail = (done.stderr.strip().splitlines() or ["no output"])[-1]
        print(f"  {script} on {src.parent.name}: failed ({tail})", flush=True)
        return {}
    last = done.stdout.strip().splitlines()[-1]
    return {str(row["name"]): float(row["median_ms"]) for row in json.loads(last)["rows"]
            if row.get("median_ms") is not None}


def load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", required=True,
                        help="the commit to compare with (the previous main)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--args", default="", help="extra arguments for every script")
    parser.add_argument("scripts", nargs="*", default=list(DEFAULT))
    args = parser.parse_args()
    missing = [s for s in args.scripts if not (HERE / s).exists()]
    if missing:
        sys.exit(f"versus: no such benchmark: {', '.join(missing)}")
    extra = args.args.split()
    with tempfile.TemporaryDirectory(prefix="wingbeat-base-") as tmp:
        base = Path(tmp) / "base"
        try:
            sides = {"base": checkout(args.base, base), "this": ROOT / "src"}
            print(f"base {args.base} against this tree; {args.rounds} rounds; load {load()}",
                  flush=True)
            found: dict[tuple[str, str], dict[str, list[float]]] = defaultdict(
                lambda: defaultdict(list))
            for turn in range(args.rounds):
                order = ("base", "this") if turn % 2 == 0 else ("this", "base")
                for script in args.scripts:
                    for side in order:
                        for name, ms in rows(script, sides[side], extra).items():
                            found[(script, name)][side].append(ms)
            print(f"load at the end {load()}")
            print(f"{'script':14}{'row':44}{'base ms':>10}{'this ms':>10}{'ratio':>8}")
            for (script, name), by_side in found.items():
                b = statistics.median(by_side["base"]) if by_side["base"] else None
                t = statistics.median(by_side["this"]) if by_side["this"] else None
                ratio = f"{t / b:8.2f}" if b and t else f"{'-':>8}"
                print(f"{script:14}{name[:43]:44}"
                      f"{(f'{b:.2f}' if b is not None else '-'):>10}"
                      f"{(f'{t:.2f}' if t is not None else '-'):>10}{ratio}")
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)],
                           capture_output=True)


if __name__ == "__main__":
    main()
