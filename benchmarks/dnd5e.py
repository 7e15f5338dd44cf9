"""Benchmark: dnd5e reach (``example:harpy``, a flyer and a jumper on a 100 × 100 map) and its
JSON, with the compiled search (``wingbeat._kernel5e``) and with the pure-Python one side by side.

    python benchmarks/dnd5e.py [--repeat 5] [--against OLD_TREE]

Each repetition runs in a fresh interpreter, as the CLI does, and times in CPU seconds:
the search alone (``search.explore`` on a new space: ``search`` the first time, when the
per-battle tables are made, ``search_again`` on them), a full ``wingbeat.reach`` (search, end
states, report) the first time and again on the same scenario (the page asks twice),
``to_dict``, and the JSON text by ``json.dumps(indent=2)`` and by ``wingbeat._jsonout`` (orjson
when installed). ``kernel`` is this tree, ``pure`` the same with ``WINGBEAT_PURE=1``, run
alternately; with ``--against`` another source tree (a ``git worktree`` of an older commit) runs
in turn too, under its own ``PYTHONPATH``. Memory: the bytes a settled state costs while
searching, the tables already made (the compiled search counts what it allocates; the pure one
is the growth of the peak resident memory over one search, in a fresh interpreter). Quote
medians: the machine is noisy.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
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
#: a walker with a Strength score (D-jump: it jumps too) on an open 100 × 100 map
JUMPER_MAP: dict[str, Any] = {
    "ruleset": "dnd5e",
    "map": {"grid": "square", "columns": 100, "rows": 100, "top": 4},
    "creatures": [{"id": "orc", "size": "medium", "speed": {"walk": 30}, "strength": 16,
                   "at": "AV50", "side": "monsters"}],
}
CASES = {"harpy": ("example:harpy", "harpy"), "open-100": (OPEN_MAP, "hawk"),
         "jumper-100": (JUMPER_MAP, "orc")}
TIMES = ("search", "search_again", "reach", "reach_again", "to_dict", "json", "fast_json")


def measure(case: str) -> dict[str, Any]:
    """One repetition of ``case`` in this interpreter: CPU seconds of each step."""
    import wingbeat
    from wingbeat.rulesets.dnd5e import Dnd5eSpace
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
    try:
        from wingbeat import kernel
        out["kernel"] = kernel.describe() if kernel.compiled5e is not None else (
            "kernel: pure Python, not built")
    except (ImportError, AttributeError):  # an older tree
        out["kernel"] = "pure Python (no kernel)"
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


def memory(case: str) -> dict[str, Any]:
    """Bytes a settled state costs in one search, the per-battle tables already made (in Python
    as well) by the compiled search (whose own arrays are then freed): the compiled search's
    count of what it allocated, or the pure search's growth of the peak resident memory; None
    in a tree without the compiled search (a pure search that made the tables would have set
    the peak)."""
    import wingbeat
    from wingbeat.rulesets.dnd5e import Dnd5eSpace
    from wingbeat.search import explore

    try:
        from wingbeat.kernel import compiled5e
    except ImportError:  # an older tree: no search makes the tables alone, no figure
        compiled5e = None
    if compiled5e is None:
        return {"bytes_per_state": None, "counted": False}
    source, creature = CASES[case]
    scenario = (wingbeat.open_scenario(source) if isinstance(source, str)
                else wingbeat.parse_scenario(source, source=case))
    pure = os.environ.pop("WINGBEAT_PURE", None)
    # the tables, in Python too (the compiled table filled by ``fill``, not made in C), by a
    # search whose own arrays are freed without raising the peak as a pure search would
    native = getattr(Dnd5eSpace, "_native", None)
    if native is not None:
        Dnd5eSpace._native = lambda self, compiled, positions: None  # type: ignore[method-assign]
    try:
        explore(Dnd5eSpace(scenario.battle, creature, full_notation=False))
    finally:
        if native is not None:
            Dnd5eSpace._native = native  # type: ignore[method-assign]
    if pure is not None:
        os.environ["WINGBEAT_PURE"] = pure
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    found = explore(Dnd5eSpace(scenario.battle, creature, full_notation=False))
    grown = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) * 1024
    settled = len(found)
    counted = None
    from wingbeat.search import SettledArrays
    if isinstance(found, SettledArrays):
        counted = compiled5e.last_search_bytes()
    used = counted if counted is not None else grown
    return {"bytes_per_state": used / settled, "counted": counted is not None}


def _forget_tables() -> None:
    try:
        from wingbeat.rulesets.dnd5e import tables as space
    except ImportError:  # pragma: no cover
        return
    kept = getattr(space, "_TABLES", None)
    if kept is not None:
        kept.clear()


def _run(case: str, tree: Path | None, pure: bool = False, what: str = "--case"
         ) -> dict[str, Any]:
    env = dict(os.environ)
    env.pop("WINGBEAT_PURE", None)
    if pure:
        env["WINGBEAT_PURE"] = "1"
    if tree is not None:
        env["PYTHONPATH"] = str(tree / "src")
    done = subprocess.run([sys.executable, str(HERE / "dnd5e.py"), what, case],
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
    parser.add_argument("--memory", choices=sorted(CASES), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.case:
        print(json.dumps(measure(args.case)))
        return
    if args.memory:
        print(json.dumps(memory(args.memory)))
        return
    trees: list[tuple[str, Path | None, bool]] = [("kernel", None, False), ("pure", None, True)]
    if args.against is not None:
        trees.insert(0, ("old", args.against.resolve(), False))
    for case in CASES:
        runs: dict[str, list[dict[str, Any]]] = {label: [] for label, _, _ in trees}
        for _ in range(args.repeat):
            for label, tree, pure in trees:  # alternately: the machine's load falls on all
                runs[label].append(_run(case, tree, pure))
        first = runs["kernel"][0]
        print(f"{case}: {first['settled']} states settled, {first['end_states']} end states "
              f"(CPU ms, medians of {args.repeat}; kernel: {first['kernel']})")
        print(f"  {'':<14}" + "".join(f"{label:>10}" for label, _, _ in trees)
              + "   pure/kernel" + ("   old/kernel" if len(trees) > 2 else ""))
        for name in TIMES:
            cells = []
            medians: dict[str, float | None] = {}
            for label, _, _ in trees:
                values = [r[name] for r in runs[label] if r.get(name) is not None]
                cells.append(_ms(values) if values else f"{'-':>8}")
                medians[label] = statistics.median(values) if values else None
            ratio = ""
            new = medians["kernel"]
            for other in ("pure", "old") if len(trees) > 2 else ("pure",):
                old = medians[other]
                ratio += f"{old / new:12.1f}x" if old and new else f"{'-':>13}"
            print(f"  {name:<14}" + "".join(f"{c:>10}" for c in cells) + ratio)
        cells = []
        for _label, tree, pure in trees:
            used = _run(case, tree, pure, "--memory")
            per = used["bytes_per_state"]
            cells.append(f"{'-':>8}" if per is None
                         else f"{per:8.0f}{'' if used['counted'] else '*'}")
        print(f"  {'bytes a state':<14}" + "".join(f"{c:>10}" for c in cells)
              + "   (* peak resident growth; else the kernel's count)")
        print()


if __name__ == "__main__":
    main()
