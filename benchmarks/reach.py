"""Benchmark: reach for a fast flyer on a big hex map.

    python benchmarks/reach.py [--repeat 7]

A 100 × 100 hex map with top 10, a flyer with fly 24 hovering at the centre at altitude 2, calm
wind. Prints the states settled, the median (and spread) of the wall time over repeated runs, and
states settled per second; then the full reach (search, ways, report) and the report's ``to_dict``
(what ``wingbeat reach --json`` encodes). Quote medians: this machine's noise is in the spread.
"""

from __future__ import annotations

import argparse
import statistics
import time

from wingbeat import parse_scenario
from wingbeat.rules.grid import grid_reach
from wingbeat.rulesets.volare import VolareSpace
from wingbeat.search import explore

SCENARIO = {
    "ruleset": "volare",
    "map": {"grid": "hex", "columns": 100, "rows": 100, "top": 10},
    "creatures": [{"id": "roc", "fly": 24, "maneuverability": "medium", "reflex": 50,
                   "at": "AV50", "altitude": 2, "mode": "hovering"}],
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    scenario = parse_scenario(SCENARIO, source="benchmark")
    search_times, full_times, dict_times = [], [], []
    settled = distinct = 0
    for _ in range(args.repeat):
        began = time.perf_counter()
        space = VolareSpace(scenario.battle, "roc")
        found = explore(space)
        search_times.append(time.perf_counter() - began)
        settled = len(found.priority)
        began = time.perf_counter()
        report = grid_reach(VolareSpace(scenario.battle, "roc"))
        full_times.append(time.perf_counter() - began)
        distinct = len(report.states)
        began = time.perf_counter()
        report.to_dict()
        dict_times.append(time.perf_counter() - began)
    search = statistics.median(search_times)
    full = statistics.median(full_times)
    print("reach: 100x100 hex map, top 10, fly 24 hovering at AV50 altitude 2, calm")
    print(f"states settled:        {settled}")
    print(f"distinct end states:   {distinct}")
    print(f"search median:         {search * 1000:.0f} ms "
          f"(min {min(search_times) * 1000:.0f}, max {max(search_times) * 1000:.0f}, "
          f"n={args.repeat})")
    print(f"search states/second:  {settled / search:,.0f}")
    print(f"full reach median:     {full * 1000:.0f} ms (search + paths + report), "
          f"{full / search:.2f} x the search")
    print(f"report to_dict median: {statistics.median(dict_times) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
