"""Benchmark: ``wingbeat.reach`` end to end against a plain-C Dial search (issue 29's yardstick).

    python benchmarks/reference.py [--repeat 7] [--cc cc]

The case of ``benchmarks/reach.py``: a 100 × 100 hex map, top 10, a flyer with fly 24 hovering at
its centre at altitude 2, calm wind. ``benchmarks/dial.c`` (compiled here, ``-O2``) searches the
same cells, altitudes and postures with the same flight steps and costs, read off wingbeat's own
flattened map (``VolareSpace``): a bucket queue of ticks, each settled state kept in order with
its priority and parent, and nothing else. In turn, one run each, the CPU time of

- ``C``: the C search (in its own process, timed inside it, so its start-up is not counted: its
  third search, its memory touched by the first two, as wingbeat's kernel reuses its buffers);
- ``search``: wingbeat's search alone (``search.explore``, compiled kernel or pure Python);
- ``reach``: the whole ``wingbeat.reach`` (the map flattened, the search, the end states, the
  report), as a library call makes it, on a battle already parsed.

Medians, the ratios of the medians, and per settled state (the C search settles a few states
fewer: no skimming save, no landing). The least cost of every hex is compared between the two
(they must agree: the yardstick searches the same graph).
"""

from __future__ import annotations

import argparse
import json
import statistics
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from wingbeat import parse_scenario, reach
from wingbeat.kernel import describe
from wingbeat.rulesets.volare import VolareSpace
from wingbeat.search import explore

HERE = Path(__file__).resolve().parent
RUNS = 3  # C searches a process: the last is timed (memory already touched, as in wingbeat's)
SCENARIO = {
    "ruleset": "volare",
    "map": {"grid": "hex", "columns": 100, "rows": 100, "top": 10},
    "creatures": [{"id": "roc", "fly": 24, "maneuverability": "medium", "reflex": 50,
                   "at": "AV50", "altitude": 2, "mode": "hovering"}],
}


def flattened(space: VolareSpace) -> bytes:
    """The map and the flyer (hovering at its start) as ``dial.c`` reads them, one run."""
    cells = len(space.cells)
    header = [cells, space.top + 1, space.top, space.budget, space.stop_cost, *space.costs,
              space.index[space.me.at], space.me.altitude, 1, RUNS]
    return (struct.pack(f"<{len(header)}i", *header)
            + struct.pack(f"<{cells}i", *space.ground)
            + struct.pack(f"<{cells}i", *space.ceil)
            + struct.pack(f"<{cells * 6}i", *space.nbr))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--cc", default="cc")
    args = parser.parse_args()
    scenario = parse_scenario(SCENARIO, source="benchmark")
    space = VolareSpace(scenario.battle, "roc")
    with tempfile.TemporaryDirectory() as tmp:
        binary = Path(tmp) / "dial"
        subprocess.run([args.cc, "-O2", "-o", str(binary), str(HERE / "dial.c")], check=True)
        data = Path(tmp) / "map.bin"
        data.write_bytes(flattened(space))
        c_ns: list[int] = []
        search_s: list[float] = []
        reach_s: list[float] = []
        c_settled = ours_settled = 0
        least: list[int] = []
        for _ in range(args.repeat):
            done = subprocess.run([str(binary), str(data)], check=True, capture_output=True,
                                  text=True)
            answer = json.loads(done.stdout)
            c_ns.append(answer["ns"][-1])
            c_settled, least = answer["settled"], answer["least"]
            began = time.process_time()
            found = explore(VolareSpace(scenario.battle, "roc"))
            search_s.append(time.process_time() - began)
            ours_settled = len(found.priority)
            began = time.process_time()
            report = reach(scenario, "roc")
            reach_s.append(time.process_time() - began)
    ours: dict[str, int] = {}
    for fields, cost, _can_act in report.ends():
        ticks = int(cost * 12)
        where = str(fields["at"])
        ours[where] = min(ticks, ours.get(where, ticks))
    theirs = {str(space.cells[i]): c for i, c in enumerate(least) if c >= 0}
    differ = sorted(k for k in set(ours) | set(theirs) if ours.get(k) != theirs.get(k))
    c = statistics.median(c_ns) / 1e9
    s = statistics.median(search_s)
    r = statistics.median(reach_s)
    print(f"reach: 100x100 hex map, top 10, fly 24 hovering at AV50 altitude 2, calm; "
          f"wingbeat {describe()}; medians of {args.repeat} runs, CPU time")
    print(f"{'':10}{'settled':>10}{'median ms':>11}{'ns/state':>10}{'x C':>7}{'x C/state':>11}")
    for name, seconds, settled in (("C", c, c_settled), ("search", s, ours_settled),
                                   ("reach", r, ours_settled)):
        per = seconds / settled * 1e9
        print(f"{name:10}{settled:>10,}{seconds * 1000:>11.2f}{per:>10.1f}{seconds / c:>7.2f}"
              f"{per / (c / c_settled * 1e9):>11.2f}")
    print(f"least cost of each hex: {len(theirs)} hexes reached by both, "
          f"{len(differ)} differ" + (f" (first: {differ[:5]})" if differ else ""))
    if differ:
        sys.exit(1)


if __name__ == "__main__":
    main()
