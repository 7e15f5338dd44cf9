"""Benchmark: memory per settled state, for the search alone and for a full reach with its JSON.

    python benchmarks/memory.py

Each case runs in a fresh interpreter (``--case``): the scenario is loaded and the map flattened
first, then the peak resident memory (``ru_maxrss``) is read before and after (a) the search alone
(``search.explore``) and, in another process, (b) ``reach`` with its JSON text (what
``wingbeat reach --json`` and ``/api/reach`` build). The growth over the states settled is the
cost of one state; ``search.MAX_STATES`` times it is the memory of a query at the cap
(docs/limits.md).
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from typing import Any

from wingbeat import parse_scenario
from wingbeat.rules import find_ruleset
from wingbeat.rulesets.dnd5e import Dnd5eSpace
from wingbeat.rulesets.volare import VolareSpace
from wingbeat.search import explore

#: (ruleset, speed): an open map large enough that the speed, not the map's edge, bounds the reach
CASES = [("volare", 16), ("volare", 24), ("volare", 32), ("dnd5e", 60), ("dnd5e", 90),
         ("dnd5e", 75)]


def scenario_data(ruleset: str, speed: int) -> dict[str, Any]:
    if ruleset == "volare":
        return {"ruleset": "volare", "map": {"grid": "hex", "columns": 120, "rows": 240,
                                             "top": 60},
                "creatures": [{"id": "flyer", "fly": speed, "reflex": 50, "at": "BH120",
                               "altitude": 30, "mode": "hovering"}]}
    return {"ruleset": "dnd5e", "map": {"grid": "square", "columns": 120, "rows": 120, "top": 60},
            "creatures": [{"id": "flyer", "size": "medium", "speed": {"walk": 30, "fly": speed},
                           "at": "BH60", "altitude": 30}]}


def _peak_kb() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def run_case(ruleset: str, speed: int, what: str) -> dict[str, Any]:
    """Each case is measured past the caps (``max_states``): what a query at the cap costs."""
    VolareSpace.max_states = Dnd5eSpace.max_states = 10**8
    scenario = parse_scenario(scenario_data(ruleset, speed), source="benchmark")
    space: VolareSpace | Dnd5eSpace
    settled = 0
    if ruleset == "volare":
        space = VolareSpace(scenario.battle, "flyer", search=True)
    else:
        space = Dnd5eSpace(scenario.battle, "flyer", full_notation=False)
    before = _peak_kb()
    began = time.perf_counter()
    if what == "search":
        settled = len(explore(space).priority)
        size = 0
    else:
        report = find_ruleset(ruleset).reach(scenario, "flyer", {})
        size = len(json.dumps(report.to_dict()))
        settled = 0
    return {"settled": settled, "kb": _peak_kb() - before, "seconds": time.perf_counter() - began,
            "json_bytes": size}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--case", nargs=3, metavar=("RULESET", "SPEED", "WHAT"),
                        help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.case:
        ruleset, speed, what = args.case
        print(json.dumps(run_case(ruleset, int(speed), what)))
        return
    print(f"{'case':<14}{'settled':>10}{'search B/state':>16}{'reach+JSON B/state':>20}"
          f"{'search s':>10}{'reach s':>9}{'JSON MB':>9}")
    for ruleset, speed in CASES:
        out = {}
        for what in ("search", "reach"):
            done = subprocess.run([sys.executable, __file__, "--case", ruleset, str(speed), what],
                                  capture_output=True, text=True, check=True)
            out[what] = json.loads(done.stdout)
        n = out["search"]["settled"]
        print(f"{ruleset + ' ' + str(speed):<14}{n:>10,}"
              f"{out['search']['kb'] * 1024 / n:>16,.0f}{out['reach']['kb'] * 1024 / n:>20,.0f}"
              f"{out['search']['seconds']:>10.1f}{out['reach']['seconds']:>9.1f}"
              f"{out['reach']['json_bytes'] / 1e6:>9.1f}", flush=True)


if __name__ == "__main__":
    main()
