"""Benchmark: reach on every built-in example, one median per ruleset.

    python benchmarks/rulesets.py [--repeat 5]

Times ``wingbeat.reach`` (search and report) on each built-in scenario's first creature, and prints
the median and spread over repeated runs. Quote medians and ratios: the machine is noisy.
"""

from __future__ import annotations

import argparse
import statistics
import time

import wingbeat
from wingbeat.examples import example_names


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(f"{'example':<16} {'ruleset':<14} {'creature':<10} {'answer':>10} "
          f"{'median ms':>10} {'min':>7} {'max':>7}")
    for name in example_names():
        scenario = wingbeat.open_scenario(f"example:{name}")
        creature = _first_creature(scenario)
        times = []
        size = 0
        for _ in range(args.repeat):
            began = time.perf_counter()
            report = wingbeat.reach(scenario, creature).to_dict()
            times.append(time.perf_counter() - began)
            size = len(report.get("states", report.get("areas", [])))
        unit = "states" if "states" in report else "areas"
        print(f"{name:<16} {scenario.ruleset:<14} {creature:<10} {size:>4} {unit:<6}"
              f"{statistics.median(times) * 1000:>10.0f} {min(times) * 1000:>7.0f} "
              f"{max(times) * 1000:>7.0f}")


def _first_creature(scenario: wingbeat.Scenario) -> str:
    battle = scenario.battle
    members = next((getattr(battle, name) for name in ("creatures", "units", "fighters")
                    if getattr(battle, name, None)), None)
    assert members, f"{scenario.source} has no creature"
    return str(members[0].id)


if __name__ == "__main__":
    main()
