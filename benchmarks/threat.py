"""Benchmark: threat zones, attack advice and the big-map threat (issue 16's targets).

    python benchmarks/threat.py [--repeat 5] [--cpu] [--against OTHER_CHECKOUT [--rounds 3]]

1. ``wingbeat.threat`` for every creature of ``example:harpy`` and ``example:giant-bat``, one at a
   time (target ≤ 100 ms each);
2. ``wingbeat.advise`` for each example's attacker against its foes (target ≤ 50 ms);
3. a 100 × 100 hex map (volare, top 10) with 8 flyers a side, ``threat`` for one side (target
   ≤ 1 s).

Each run starts cold (an answer keeps its reach reports only while it is computed). Prints
medians, the spread, each median's ratio to its target, the time of the reach searches the
question asks (run alone: ``search``), the time of everything else (``rest``: the question
asked with its reach reports already made), and ``first``: the question asked once in a fresh
interpreter (its modules imported and its scenario read first, nothing else made: no
per-battle tables), the median of ``repeat // 2`` interpreters. The compiled search kernels
make the searches, and only them, fast: a question meets its target when its ``rest`` plus its
kernel search does.
Quote medians and ratios.

``--cpu`` measures the process's CPU time instead of the wall clock (steadier on a busy machine).
``--against DIR`` measures the checkout in ``DIR`` too (its ``src`` first on ``PYTHONPATH``), in
``--rounds`` runs taken in turn with this one's, and prints the two side by side.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import wingbeat
from wingbeat.tactics import members
from wingbeat.tactics.grid import kept_reports

TARGETS = {"threat": 100, "advise": 50, "big": 1000}


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


def _questions() -> list[tuple[str, str, wingbeat.Scenario, Callable[[], Any], list[str]]]:
    """(what, which target, scenario, the question, the creatures whose reach it asks)."""
    found: list[tuple[str, str, wingbeat.Scenario, Callable[[], Any], list[str]]] = []
    for name in ("harpy", "giant-bat"):
        scenario = wingbeat.open_scenario(f"example:{name}")
        for creature, _side in members(scenario):
            found.append((f"threat {name} --creature {creature}", "threat", scenario,
                          lambda s=scenario, c=creature: wingbeat.threat(s, creature=c),
                          [creature]))
    for name, creature, target in (("giant-bat", "bat", "chamois"),
                                   ("harpy", "harpy", "fighter")):
        scenario = wingbeat.open_scenario(f"example:{name}")
        asked = [c for c, _ in members(scenario)]  # its own reach, and its foes' (threatened)
        found.append((f"advise {name} {creature} --target {target}", "advise", scenario,
                       lambda s=scenario, c=creature, t=target: wingbeat.advise(s, c, target=t),
                       asked))
    big = _big_map()
    north = [c for c, side in members(big) if side == "north"]
    found.append(("threat 100x100 hex, 8 flyers a side --side north", "big", big,
                  lambda: wingbeat.threat(big, side="north"), north))
    return found


def _timed(run: Callable[[], Any], repeat: int, clock: Callable[[], float]) -> list[float]:
    times = []
    for _ in range(repeat):
        began = clock()
        run()
        times.append(clock() - began)
    return times


def _rest(scenario: wingbeat.Scenario, question: Callable[[], Any], asked: list[str],
          repeat: int, clock: Callable[[], float]) -> list[float]:
    """The question's time with its reach reports made beforehand: all but the searches."""
    from wingbeat.tactics import _rules

    rules = _rules(scenario)
    times = []
    for _ in range(repeat):
        with kept_reports():
            for creature in asked:
                rules.reach(scenario, creature)  # type: ignore[attr-defined]
            began = clock()
            question()
            times.append(clock() - began)
    return times


def first(index: int, cpu: bool) -> float:
    """The ``index``-th question asked once in this (fresh) interpreter, in ms: its modules
    imported and its scenario read first, nothing else made (no per-battle tables, no reach)."""
    from wingbeat.tactics import _rules

    clock = time.process_time if cpu else time.perf_counter
    _what, _kind, scenario, question, _asked = _questions()[index]
    _rules(scenario)  # the ruleset's threat rules imported, as a server has them
    began = clock()
    question()
    return (clock() - began) * 1000


def _firsts(repeat: int, cpu: bool) -> list[float]:
    """Each question's ``first``, the median of ``repeat`` fresh interpreters."""
    here = Path(__file__).resolve()
    found = []
    for index in range(len(_questions())):
        command = [sys.executable, str(here), "--first", str(index)] + (["--cpu"] if cpu else [])
        times = [float(subprocess.run(command, check=True, capture_output=True,
                                      text=True).stdout) for _ in range(max(1, repeat // 2))]
        found.append(statistics.median(times))
    return found


def measure(repeat: int, cpu: bool) -> dict[str, dict[str, Any]]:
    """Per question: its target and the medians (ms) of the whole, the searches and the rest,
    with the whole's spread, and ``first``: asked once in a fresh interpreter."""
    clock = time.process_time if cpu else time.perf_counter
    found: dict[str, dict[str, Any]] = {}
    firsts = _firsts(repeat, cpu)
    for (what, kind, scenario, question, asked), fresh in zip(_questions(), firsts, strict=True):
        times = repeat if kind != "big" else max(1, repeat // 2)
        whole = _timed(question, times, clock)
        search = _timed(lambda s=scenario, a=asked: [wingbeat.reach(s, c) for c in a], times,
                        clock)
        rest = _rest(scenario, question, asked, times, clock)
        found[what] = {"target": TARGETS[kind], "median": statistics.median(whole) * 1000,
                       "min": min(whole) * 1000, "max": max(whole) * 1000,
                       "search": statistics.median(search) * 1000,
                       "rest": statistics.median(rest) * 1000, "first": fresh}
    return found


def _print(found: dict[str, dict[str, Any]]) -> None:
    print(f"{'question (ms)':<50} {'median':>7} {'min':>6} {'max':>6} {'target':>6} "
          f"{'ratio':>6} {'search':>6} {'rest':>6} {'rest/t':>6} {'first':>6}")
    for what, m in found.items():
        print(f"{what:<50} {m['median']:>7.0f} {m['min']:>6.0f} {m['max']:>6.0f} "
              f"{m['target']:>6} {m['median'] / m['target']:>5.2f}x {m['search']:>6.0f} "
              f"{m['rest']:>6.0f} {m['rest'] / m['target']:>5.2f}x {m['first']:>6.0f}")


def _against(other: Path, rounds: int, repeat: int, cpu: bool) -> None:
    """This checkout and ``other`` measured in turn, ``rounds`` times each: medians side by side."""
    runs: dict[str, list[dict[str, dict[str, Any]]]] = {"this": [], "other": []}
    here = Path(__file__).resolve()
    for _ in range(rounds):
        for who, src in (("other", other / "src"), ("this", here.parent.parent / "src")):
            env = {**os.environ, "PYTHONPATH": os.pathsep.join(
                [str(src), os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep)}
            command = [sys.executable, str(here), "--json", "--repeat", str(repeat)]
            done = subprocess.run(command + (["--cpu"] if cpu else []), env=env, check=True,
                                  capture_output=True, text=True)
            runs[who].append(json.loads(done.stdout))
    print(f"medians over {rounds} runs of each, {repeat} questions a run, "
          f"{'CPU time' if cpu else 'wall clock'} (ms); other: {other}")
    print(f"{'question':<50} {'target':>6} {'other':>7} {'this':>7} {'speed-up':>8} "
          f"{'o.rest':>7} {'rest':>7} {'speed-up':>8} {'o.first':>7} {'first':>7} "
          f"{'speed-up':>8}")
    for what in runs["this"][0]:
        def median(who: str, key: str, what: str = what) -> float:
            return statistics.median(r[what][key] for r in runs[who])

        o, t, orest, rest = (median("other", "median"), median("this", "median"),
                             median("other", "rest"), median("this", "rest"))
        ofirst, tfirst = median("other", "first"), median("this", "first")
        print(f"{what:<50} {runs['this'][0][what]['target']:>6} {o:>7.1f} {t:>7.1f} "
              f"{o / t:>7.1f}x {orest:>7.1f} {rest:>7.1f} {orest / rest:>7.1f}x "
              f"{ofirst:>7.1f} {tfirst:>7.1f} {ofirst / tfirst:>7.1f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--cpu", action="store_true", help="CPU time, not the wall clock")
    parser.add_argument("--json", action="store_true", help="the medians as JSON")
    parser.add_argument("--against", type=Path, metavar="DIR",
                        help="another checkout to measure in turn with this one")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--first", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.first is not None:
        print(first(args.first, args.cpu))
        return
    if args.against is not None:
        _against(args.against, args.rounds, args.repeat, args.cpu)
        return
    found = measure(args.repeat, args.cpu)
    if args.json:
        print(json.dumps(found))
    else:
        _print(found)


if __name__ == "__main__":
    main()
