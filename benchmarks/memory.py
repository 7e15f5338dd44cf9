"""Benchmark: memory per settled state, for the search alone and for a full reach with its JSON.

    python benchmarks/memory.py [--ruleset volare|dnd5e] [--json]

Each case runs in a fresh interpreter (``--case``): the scenario is loaded and the map flattened
first, then the peak resident memory (``ru_maxrss``) is read before and after (a) the search alone
(``search.explore``, its answer counted with ``len``: its ``priority`` dict, made only when asked,
is not the search's) and, in another process, (b) ``reach`` with its JSON text (what
``wingbeat reach --json`` and ``/api/reach`` build). The growth over the states settled is the
cost of one state; ``search.MAX_STATES`` times it is the memory of a query at the cap
(docs/limits.md). A dnd5e search also fills its battle's step table the first time (kept for
the battle's later queries: about 600 B a place made in full, a few bytes a plain place, whose
record is shared): ``kernel B/state`` is the compiled search's own count, without it
(``_kernel5e.last_search_bytes``: what it wrote, its pruning table too; for volare
``_kernel.last_search_bytes``, the entries met, the queue, the arrays returned and the index's
places within reach, or in an older tree ``last_search_counts``, without the index), absent in
a tree without the count. ``table B/state`` (dnd5e) is what the battle's step table holds after
the search (``StepTable.nbytes``: its index's pages, records and moves; with ``Native.nbytes``,
its places' and footprints' pages, where the tree counts them), kept for the battle's later
queries and part of the resident growth; ``kernel_parts`` in the JSON rows splits the kernel's
count (``_kernel5e.last_search_parts``, where the tree has it).

``--json``: the rows as one JSON object on the last line (``benchmarks/versus.py``).
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
    counted = None
    table = parts = None
    if what == "search":
        settled = len(explore(space))
        size = 0
        counted = _kernel_bytes(ruleset)
        if isinstance(space, Dnd5eSpace):
            table, parts = _table_bytes(space)
    else:
        report = find_ruleset(ruleset).reach(scenario, "flyer", {})
        size = len(json.dumps(report.to_dict()))
        settled = 0
    return {"settled": settled, "kb": _peak_kb() - before, "seconds": time.perf_counter() - began,
            "json_bytes": size, "kernel_bytes": counted, "table_bytes": table,
            "kernel_parts": parts}


def _table_bytes(space: Dnd5eSpace) -> tuple[int | None, dict[str, int] | None]:
    """The step table's bytes after a dnd5e search (with its ``Native``'s where counted), and
    the kernel's count by part, where this tree has them."""
    from wingbeat import kernel

    step_table = getattr(space.tables, "step_table", None)
    size = None if step_table is None else int(step_table.nbytes)
    native = getattr(step_table, "native", None)
    if size is not None and native is not None:
        size += int(getattr(native, "nbytes", 0))
    parts = getattr(kernel.compiled5e, "last_search_parts", None)
    return size, (None if parts is None or not kernel.in_use() else dict(parts()))


def _kernel_bytes(ruleset: str) -> int | None:
    """The compiled search's own count of its memory, where this tree keeps one."""
    from wingbeat import kernel

    if not kernel.in_use():
        return None
    if ruleset == "dnd5e":
        count = getattr(kernel.compiled5e, "last_search_bytes", None)
        return None if count is None else int(count())
    written = getattr(kernel.compiled, "last_search_bytes", None)  # with its index
    if written is not None:
        return int(written())
    counts = getattr(kernel.compiled, "last_search_counts", None)
    if counts is None:
        return None
    met, queue, settled = counts()
    return int(met * 24 + queue + settled * 17)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--case", nargs=3, metavar=("RULESET", "SPEED", "WHAT"),
                        help=argparse.SUPPRESS)
    parser.add_argument("--json", action="store_true", help="the rows as JSON, last line")
    parser.add_argument("--ruleset", choices=("volare", "dnd5e"),
                        help="only this ruleset's cases")
    args = parser.parse_args()
    if args.case:
        ruleset, speed, what = args.case
        print(json.dumps(run_case(ruleset, int(speed), what)))
        return
    print(f"{'case':<14}{'settled':>10}{'search B/state':>16}{'kernel B/state':>16}"
          f"{'table B/state':>15}{'reach+JSON B/state':>20}{'search s':>10}{'reach s':>9}"
          f"{'JSON MB':>9}")
    rows = []
    for ruleset, speed in CASES:
        if args.ruleset and ruleset != args.ruleset:
            continue
        out = {}
        for what in ("search", "reach"):
            done = subprocess.run([sys.executable, __file__, "--case", ruleset, str(speed), what],
                                  capture_output=True, text=True, check=True)
            out[what] = json.loads(done.stdout)
        n = out["search"]["settled"]
        counted = out["search"].get("kernel_bytes")
        row = {"name": f"{ruleset} {speed}", "settled": n,
               "search_bytes_per_state": out["search"]["kb"] * 1024 / n,
               "kernel_bytes_per_state": None if counted is None else counted / n,
               "table_bytes_per_state": (None if out["search"].get("table_bytes") is None
                                         else out["search"]["table_bytes"] / n),
               "kernel_parts": out["search"].get("kernel_parts"),
               "reach_json_bytes_per_state": out["reach"]["kb"] * 1024 / n,
               "median_ms": out["search"]["seconds"] * 1e3,
               "reach_ms": out["reach"]["seconds"] * 1e3,
               "json_mb": out["reach"]["json_bytes"] / 1e6}
        rows.append(row)
        kernel_cell = "-" if counted is None else f"{counted / n:,.0f}"
        table_cell = ("-" if row["table_bytes_per_state"] is None
                      else f"{row['table_bytes_per_state']:,.0f}")
        print(f"{row['name']:<14}{n:>10,}{row['search_bytes_per_state']:>16,.0f}"
              f"{kernel_cell:>16}{table_cell:>15}{row['reach_json_bytes_per_state']:>20,.0f}"
              f"{out['search']['seconds']:>10.1f}{out['reach']['seconds']:>9.1f}"
              f"{row['json_mb']:>9.1f}", flush=True)
    if args.json:
        print(json.dumps({"rows": rows}))


if __name__ == "__main__":
    main()
