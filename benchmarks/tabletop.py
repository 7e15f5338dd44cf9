"""In one process: what a tabletop question costs once its modules are loaded (round 34).

    python benchmarks/tabletop.py [--repeat 15] [--rounds 3] [--against SRC] [--json]

Each row asks one question (``reach``, ``path``) of a tabletop scenario ``repeat`` times in one
interpreter, after one untimed ask, and takes the median CPU time (``time.process_time``). The
rows run in a child interpreter per side: this tree with GEOS through ctypes (``geos``), the same
tree with shapely imported first, as in the server's workers (``server``: GEOS by ctypes, but a
long list of legs asked of shapely's vectorised ``covers``), the same tree with
``WINGBEAT_GEOS=shapely`` (``shapely``: shapely's vectorised calls), and with
``--against SRC`` that tree too, the sides' rounds interleaved. ``crowd`` is a confrontation
fighter on foot among 16 other bases and 6 obstacles, whose free space has hundreds of corners
(the visibility graph asks GEOS whether each leg is covered, one call per leg through ctypes,
where shapely asks for a whole row in one vectorised call). ``--json`` prints
``{"rows": [{"name", "median_ms", ...}]}`` (this tree's ctypes side) on the last line.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

CHILD = r"""
import json, os, sys, time
if os.environ.get("TABLETOP_SHAPELY_LOADED"):  # as the server's workers (web/warm.py)
    import shapely
import wingbeat
repeat = int(sys.argv[1])
crowd = {"ruleset": "confrontation", "options": {"edition": "current"},
         "map": {"table": [120, 120], "obstacles": [
             {"polygon": [[x, y], [x + 12, y], [x + 6, y + 11]], "height": 10}
             for i in range(6) for x, y in [(20 + 30 * (i % 3), 20 + 40 * (i // 3))]]},
         "creatures": [{"id": "walker", "mou": {"ground": 12.5, "air": 0}, "at": [60, 60]}]
         + [{"id": f"b{i}", "mou": {"ground": 10, "air": 0}, "at": [8 + 7 * i, 45 + (i % 2) * 30]}
            for i in range(16)]}
rows = {
    "reach morbid-angel angel": lambda s: wingbeat.reach(s["ma"], "angel").to_dict(),
    "reach morbid-angel knight": lambda s: wingbeat.reach(s["ma"], "knight").to_dict(),
    "path morbid-angel knight 50,55":
        lambda s: wingbeat.path(s["ma"], "knight", to="50,55").to_dict(),
    "reach pegasi pegasi": lambda s: wingbeat.reach(s["pg"], "pegasi").to_dict(),
    "reach crowd walker": lambda s: wingbeat.reach(s["crowd"], "walker").to_dict(),
    "path crowd walker 5,5": lambda s: wingbeat.path(s["crowd"], "walker", to="5,5").to_dict(),
}
scenarios = {"ma": wingbeat.open_scenario("example:morbid-angel"),
             "pg": wingbeat.open_scenario("example:pegasi"),
             "crowd": wingbeat.parse_scenario(crowd, source="crowd")}
out = {}
for name, ask in rows.items():
    try:
        ask(scenarios)
    except Exception as exc:  # a question this tree cannot answer: absent
        out[name] = None
        continue
    times = []
    for _ in range(repeat):
        t = time.process_time()
        ask(scenarios)
        times.append(time.process_time() - t)
    out[name] = sorted(times)[len(times) // 2] * 1000
print(json.dumps(out))
"""


def _side(src: str, backend: str, repeat: int) -> dict[str, float | None]:
    env = {**os.environ, "PYTHONPATH": src, "WINGBEAT_LANG": "en"}
    env.pop("WINGBEAT_GEOS", None)
    env.pop("WINGBEAT_PURE", None)
    env.pop("TABLETOP_SHAPELY_LOADED", None)
    if backend == "shapely":
        env["WINGBEAT_GEOS"] = "shapely"
    if backend == "server":
        env["TABLETOP_SHAPELY_LOADED"] = "1"
    done = subprocess.run([sys.executable, "-c", CHILD, str(repeat)], env=env,
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(done.stderr[-2000:])
    result: dict[str, float | None] = json.loads(done.stdout.splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--against", metavar="SRC", default=None)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    here = str(Path(__file__).resolve().parent.parent / "src")
    sides = [("geos", here, "geos"), ("server", here, "server"), ("shapely", here, "shapely")]
    if args.against:
        sides.append(("base", args.against, "geos"))
    runs: dict[str, list[dict[str, float | None]]] = {label: [] for label, _s, _b in sides}
    for _ in range(args.rounds):
        for label, src, backend in sides:
            runs[label].append(_side(src, backend, args.repeat))
    names = list(runs["geos"][0])

    def median(label: str, name: str) -> float | None:
        values = [r[name] for r in runs[label] if r.get(name) is not None]
        return statistics.median(v for v in values if v is not None) if values else None

    load = os.getloadavg()[0]
    labels = [label for label, _s, _b in sides]
    print(f"{'question':34}" + "".join(f"{label:>10}" for label in labels)
          + f"   (CPU ms, median of {args.repeat} × {args.rounds} rounds, load {load:.1f})")
    rows = []
    for name in names:
        values = {label: median(label, name) for label in labels}
        print(f"{name:34}" + "".join(f"{'absent' if v is None else f'{v:.2f}':>10}"
                                       for v in values.values()))
        rows.append({"name": name, "median_ms": values["geos"],
                     **{f"{label}_ms": v for label, v in values.items()}})
    if args.json:
        print(json.dumps({"rows": rows}))


if __name__ == "__main__":
    main()
