"""How long the hostile files of tests/test_hostile_scenarios.py take to be refused.

    python benchmarks/refusals.py [--repeat 20]

The tests check that these files are refused, by counts and sizes; how quickly is a measure of
this machine, so it lives here (issue 23: no test depends on the machine's speed). Prints the
median and the slowest of ``--repeat`` refusals of each: a billion laughs (9**9 strings in 560
bytes), a sparse 300 MB file and a FIFO with no writer.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent.parent / "tests")]

import wingbeat  # noqa: E402
from test_hostile_scenarios import billion_laughs  # noqa: E402  (the test's very file)


def refused(file: Path) -> Callable[[], None]:
    def load() -> None:
        try:
            wingbeat.load_scenario(file)
        except wingbeat.ScenarioError:
            return
        raise SystemExit(f"{file} was not refused")
    return load


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20)
    repeat = parser.parse_args().repeat
    with tempfile.TemporaryDirectory() as folder:
        bomb, big, fifo = (Path(folder) / name for name in ("bomb.yaml", "big.yaml", "pipe.yaml"))
        bomb.write_text(billion_laughs(), encoding="utf-8")
        with big.open("wb") as stream:
            stream.truncate(300_000_000)  # sparse: no 300 MB written
        os.mkfifo(fifo)
        for name, file in (("billion laughs", bomb), ("300 MB file", big), ("FIFO", fifo)):
            times = []
            for _ in range(repeat):
                started = time.perf_counter()
                refused(file)()
                times.append(time.perf_counter() - started)
            print(f"{name:15} median {statistics.median(times) * 1000:8.2f} ms"
                  f"   slowest {max(times) * 1000:8.2f} ms")


if __name__ == "__main__":
    main()
