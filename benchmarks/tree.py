"""Benchmark: the reach tree's size (GET /api/reach-tree) beside the JSON reach (GET /api/reach).

    python benchmarks/tree.py

For the 100 × 100 hex battlefield of benchmarks/reach.py and the built-in giant bat and harpy: the
bytes of the tree (at the creature's altitude, and the best over all altitudes), raw and gzipped,
the places and nodes it holds, the time to make it, beside the reach's compact JSON (what the
web API sends), raw and gzipped. The page asks a tree per creature and altitude.
"""

from __future__ import annotations

import gzip
import time

import wingbeat
from wingbeat._jsonout import encode
from wingbeat.narrate import check_label, check_text
from wingbeat.rules.tree import ReachTree

#: benchmarks/reach.py's battlefield
SCENARIO = {
    "ruleset": "volare",
    "map": {"grid": "hex", "columns": 100, "rows": 100, "top": 10},
    "creatures": [{"id": "roc", "fly": 24, "maneuverability": "medium", "reflex": 50,
                   "at": "AV50", "altitude": 2, "mode": "hovering"}],
}
CASES = [("100x100 hex, fly 24", wingbeat.parse_scenario(SCENARIO, source="benchmark"), "roc", 2),
         ("example:giant-bat", wingbeat.open_scenario("example:giant-bat"), "bat", 1),
         ("example:harpy", wingbeat.open_scenario("example:harpy"), "harpy", 2)]


def tree_bytes(tree: ReachTree) -> bytes:
    """As the web sends it: each save said (web/jobs.py)."""
    said = [[{**c, "text": check_text(c), "label": check_label(c)} for c in way]
            for way in tree.check_lists]
    return tree.to_bytes(said)


def main() -> None:
    print(f"{'battlefield':22} {'answer':24} {'bytes':>10} {'gzip':>9} {'places':>7} "
          f"{'nodes':>7} {'ms':>6}")
    for name, scenario, creature, altitude in CASES:
        began = time.perf_counter()
        reach = encode(wingbeat.reach(scenario, creature).to_dict(), indent=False)
        took = (time.perf_counter() - began) * 1000
        print(f"{name:22} {'reach JSON':24} {len(reach):>10,} {len(gzip.compress(reach)):>9,} "
              f"{'':>7} {'':>7} {took:>6.0f}")
        for alt in (altitude, None):
            began = time.perf_counter()
            tree = wingbeat.reach_tree(scenario, creature, alt)
            body = tree_bytes(tree)
            took = (time.perf_counter() - began) * 1000
            said = f"tree, altitude {alt}" if alt is not None else "tree, all altitudes"
            print(f"{'':22} {said:24} {len(body):>10,} {len(gzip.compress(body)):>9,} "
                  f"{len(tree):>7,} {len(tree.parent):>7,} {took:>6.0f}")


if __name__ == "__main__":
    main()
