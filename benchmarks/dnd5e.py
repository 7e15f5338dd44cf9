"""Benchmark: dnd5e reach (``example:harpy`` and a flyer on a 100 × 100 map) and its JSON.

    python benchmarks/dnd5e.py [--repeat 5] [--against OLD_TREE]

Each repetition runs in a fresh interpreter, as the CLI does, and times in CPU seconds:
the search alone (``search.explore`` on a new space), a full ``wingbeat.reach`` (search, ways,
report) the first time and again on the same scenario (the page asks twice: the per-battle
tables are made once), ``to_dict``, and the JSON text by ``json.dumps(indent=2)`` and by
``wingbeat._jsonout`` (orjson when installed). With ``--against`` another source tree (a
``git worktree`` of an older commit) runs alternately with this one, each under its own
``PYTHONPATH``, and the ratios old / new are printed. Quote medians: the machine is noisy.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent

#: a flyer in the middle of an open 100 × 100 map: fly 60, Dash on the way (120 ft a round)
OPEN_MAP: dict[str, Any] = {
    "ruleset": "dnd5e",
    "map": {"grid": "square", "columns": 100, "rows": 100, "top": 12},
    "creatures": [{"id": "hawk", "size": "medium", "speed": {"walk": 10, "fly": 60},
                   "at": "AV50", "altitude": 3, "side": "party"}],
}
CASES = {"harpy": ("example:harpy", "harpy"), "open-100": (OPEN_MAP, "hawk")}
TIMES = ("search", "search_again", "reach", "reach_again", "to_dict", "json", "fast_json")


def measure(case: str) -> dict[str, Any]:
    """One repetition of ``case`` in this interpreter: CPU seconds of each step."""
    import wingbeat
    from wingbeat.rules.dnd5e import Dnd5eSpace
    from wingbeat.search import explore

    source, creature = CASES[case]
    scenario = (wingbeat.open_scenario(source) if isinstance(source, str)
                else wingbeat.parse_scenario(source, source=case))
    clock = time.process_time
    out: dict[str, Any] = {}
    for name in ("search", "search_again"):
        began = clock()
        found = explore(Dnd5eSpace(scenario.battle, creature, full_notation=False))
        out[name] = clock() - began
    out["settled"] = len(found.priority)
    _forget_tables()  # the reach's first time starts from nothing, as in a fresh process
    for name in ("reach", "reach_again"):
        began = clock()
        report = wingbeat.reach(scenario, creature)
        out[name] = clock() - began
    began = clock()
    data = report.to_dict()
    out["to_dict"] = clock() - began
    out["end_states"] = len(data["states"])
    began = clock()
    text = json.dumps(data, indent=2, ensure_ascii=False)
    out["json"] = clock() - began
    out["fast_json"] = None
    try:
        from wingbeat._jsonout import ENCODER, dumps
    except ImportError:  # an older tree
        return out
    began = clock()
    fast = dumps(data)
    out["fast_json"] = clock() - began
    out["encoder"] = ENCODER
    assert fast == text, "the fast JSON differs from json.dumps"
    return out


def _forget_tables() -> None:
    try:
        from wingbeat.rules.dnd5e import space
    except ImportError:  # pragma: no cover
        return
    kept = getattr(space, "_TABLES", None)
    if kept is not None:
        kept.clear()


def _run(case: str, tree: Path | None) -> dict[str, Any]:
    env = dict(os.environ)
    if tree is not None:
        env["PYTHONPATH"] = str(tree / "src")
    done = subprocess.run([sys.executable, str(HERE / "dnd5e.py"), "--case", case],
                          env=env, check=True, capture_output=True, text=True)
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def _ms(values: list[float]) -> str:
    return f"{statistics.median(values) * 1000:8.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--against", type=Path, help="an older source tree to compare with")
    parser.add_argument("--case", choices=sorted(CASES), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.case:
        print(json.dumps(measure(args.case)))
        return
    trees: list[tuple[str, Path | None]] = [("this", None)]
    if args.against is not None:
        trees.insert(0, ("old", args.against.resolve()))
    for case in CASES:
        runs: dict[str, list[dict[str, Any]]] = {label: [] for label, _ in trees}
        for _ in range(args.repeat):
            for label, tree in trees:  # alternately: the machine's load falls on both
                runs[label].append(_run(case, tree))
        first = runs[trees[-1][0]][0]
        print(f"{case}: {first['settled']} states settled, {first['end_states']} end states "
              f"(CPU ms, medians of {args.repeat})")
        print(f"  {'':<14}" + "".join(f"{label:>10}" for label, _ in trees)
              + ("     old/new" if len(trees) > 1 else ""))
        for name in TIMES:
            cells = []
            medians = []
            for label, _ in trees:
                values = [r[name] for r in runs[label] if r.get(name) is not None]
                cells.append(_ms(values) if values else f"{'-':>8}")
                medians.append(statistics.median(values) if values else None)
            ratio = ""
            if len(trees) > 1 and medians[0] and medians[1]:
                ratio = f"{medians[0] / medians[1]:10.2f}x"
            print(f"  {name:<14}" + "".join(f"{c:>10}" for c in cells) + ratio)
        if len(trees) > 1:
            old = statistics.median(r["json"] for r in runs["old"])
            new = statistics.median(r["fast_json"] for r in runs["this"]
                                    if r["fast_json"] is not None)
            print(f"  {'JSON old→new':<14}{old * 1000:10.1f}{new * 1000:10.1f}"
                  f"{old / new:10.2f}x  (json.dumps before, wingbeat._jsonout now)")
        print()


if __name__ == "__main__":
    main()
