"""Benchmark: threat zones, attack advice and the big-map threat (issue 16's targets).

    python benchmarks/threat.py [--repeat 5]

1. ``wingbeat.threat`` for every creature of ``example:harpy`` and ``example:giant-bat``, one at a
   time (target ≤ 100 ms each);
2. ``wingbeat.advise`` for each example's attacker against its foes (target ≤ 50 ms);
3. a 100 × 100 hex map (volare, top 10) with 8 flyers a side, ``threat`` for one side (target
   ≤ 1 s).

Each run starts cold (an answer keeps its reach reports only while it is computed). Prints
medians, the spread, each median's ratio to its target, and the share of the reach searches the
question asks. The targets assume the compiled search kernel; today's search is pure Python.
Quote medians and ratios.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

import wingbeat
from wingbeat.tactics import members


def _big_map() -> wingbeat.Scenario:
    """Two wings of 8 flyers (fly 12, hovering at altitude 2) facing each other across the
    middle of a 100 × 100 hex map."""
    creatures: list[dict[str, Any]] = []
    for side, col in (("north", 46), ("south", 54)):
        for i in range(8):
            at_col = col + (i % 4) * 2 - 3
            row = 40 + (i // 4) * 20 + (at_col % 2)
            creatures.append({"id": f"{side}{i}", "fly": 12, "maneuverability": "medium",
                              "reflex": 50, "at": f"{_column(at_col)}{row}", "altitude": 2,
                              "mode": "hovering", "side": side})
    return wingbeat.parse_scenario({"ruleset": "volare", "map": {"grid": "hex", "columns": 100,
                                                                 "rows": 100, "top": 10},
                                    "creatures": creatures}, source="benchmark")


def _column(index: int) -> str:
    from wingbeat.geometry.labels import column_label

    return column_label(index)


def _timed(run: Callable[[], Any], repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        began = time.perf_counter()
        run()
        times.append(time.perf_counter() - began)
    return times


def _line(what: str, times: list[float], target_ms: float, searches: list[float]) -> None:
    """One question: its median, spread, target and ratio, and the share of it spent in the
    reach searches it asks (``searches``: their median total), which the kernel replaces."""
    median = statistics.median(times) * 1000
    search = statistics.median(searches) * 1000
    print(f"{what:<44} {median:>8.0f} {min(times) * 1000:>7.0f} {max(times) * 1000:>7.0f} "
          f"{target_ms:>7.0f} {median / target_ms:>7.1f}x {search / median:>7.0%}")


def _searches(scenario: wingbeat.Scenario, creatures: list[str], repeat: int) -> list[float]:
    """The time of the reach searches one question asks, run alone."""
    return _timed(lambda: [wingbeat.reach(scenario, c) for c in creatures], repeat)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(f"{'question (ms)':<44} {'median':>8} {'min':>7} {'max':>7} {'target':>7} "
          f"{'ratio':>8} {'search':>7}")
    for name in ("harpy", "giant-bat"):
        scenario = wingbeat.open_scenario(f"example:{name}")
        for creature, _side in members(scenario):
            _line(f"threat {name} --creature {creature}",
                  _timed(lambda s=scenario, c=creature: wingbeat.threat(s, creature=c),
                         args.repeat), 100, _searches(scenario, [creature], args.repeat))
    for name, creature, target in (("giant-bat", "bat", "chamois"),
                                   ("harpy", "harpy", "fighter")):
        scenario = wingbeat.open_scenario(f"example:{name}")
        asked = [c for c, _ in members(scenario)]  # its own reach, and its foes' (threatened)
        _line(f"advise {name} {creature} --target {target}",
              _timed(lambda s=scenario, c=creature, t=target: wingbeat.advise(s, c, target=t),
                     args.repeat), 50, _searches(scenario, asked, args.repeat))
    big = _big_map()
    north = [c for c, side in members(big) if side == "north"]
    few = max(1, args.repeat // 2)
    _line("threat 100x100 hex, 8 flyers a side --side north",
          _timed(lambda: wingbeat.threat(big, side="north"), few), 1000,
          _searches(big, north, few))


if __name__ == "__main__":
    main()
