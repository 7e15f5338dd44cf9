"""Benchmark: ``wingbeat.reach`` end to end against a plain-C Dial search (issue 29's yardstick).

    python benchmarks/reference.py [--repeat 7] [--cc cc] [--json]

The case of ``benchmarks/reach.py``: a 100 × 100 hex map, top 10, a flyer with fly 24 hovering at
its centre at altitude 2, calm wind. ``benchmarks/dial.c`` (compiled here, ``-O2``) searches the
same cells, altitudes and postures with the same flight steps and costs, read off wingbeat's own
flattened map (``VolareSpace``): a bucket queue of ticks, each settled state kept in order with
its priority and parent, and nothing else. In turn, one run each, the CPU time of

- ``C``: the C search (in its own process, timed inside it, so its start-up is not counted: its
  third search, its memory touched by the first two, as wingbeat's kernel reuses its buffers);
- ``search``: wingbeat's search alone (``search.explore``, compiled kernel or pure Python);
- ``reach``: the whole ``wingbeat.reach`` (the map flattened, the search, the end states, the
  report), as a library call makes it, on a battle already parsed.

Medians, the ratios of the medians, and per settled state (the C search settles fewer states:
no skimming save, no landing). The least cost of every hex is compared between the two (they
must agree: the yardstick searches the same graph).

The same for dnd5e against ``benchmarks/dial5e.c`` (compiled here too), on ``example:harpy``
and a fly-60 flyer on an open 100 × 100 square map (``benchmarks/dnd5e.py``'s ``open-100``): the
C search reads wingbeat's own flattened board (``FlatBoard``: cells, ground, ceilings, terrain,
the step shapes and their corners) and where the other creatures stand, and prices the PHB rule's
5 ft steps, all flown (the fly speed with Dash pays). It models only that: a case with walls
between squares, water, climbing, a larger footprint or another diagonal rule gets no
yardstick row (``unfair5e`` says why). wingbeat settles more states (a state also holds Dash
and the opportunity attacks drawn: the harpy passes the fighter), so ``x C/state`` is shown too.
The least cost of every square and altitude is compared; the squares of another creature's
space are left out (the C search passes through them; a turn never ends there, so wingbeat's
reach lists no end state there), and the output says how many.

Then a first reach against a repeat, for both kernels (issue 29: a first at most 1.3× a
repeat): ``first`` on a battle whose map this process has not flattened yet (the caches of
flattened maps and tables emptied, the code already warm from a reach on another map),
``reparsed`` on the same scenario parsed again (as a server does for each request), ``repeat``
on the same battle object again: volare's benchmark case, ``example:harpy`` and a fly-60 flyer
on an open 100 × 100 square map (``benchmarks/dnd5e.py``'s ``open-100``).

``--json``: the rows as one JSON object on the last line (``benchmarks/versus.py``).
"""

from __future__ import annotations

import argparse
import json
import statistics
import struct
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

import wingbeat
from wingbeat import parse_scenario, reach
from wingbeat.kernel import describe
from wingbeat.rulesets.volare import VolareSpace
from wingbeat.search import explore

try:  # a tree without dnd5e's flattened board has no dnd5e yardstick: its rows are absent
    from wingbeat.rulesets.dnd5e import Dnd5eSpace
    from wingbeat.rulesets.dnd5e.board import FlatBoard
except ImportError:  # pragma: no cover - an older tree
    Dnd5eSpace = FlatBoard = None

HERE = Path(__file__).resolve().parent
RUNS = 3  # C searches a process: the last is timed (memory already touched, as in wingbeat's)
SCENARIO = {
    "ruleset": "volare",
    "map": {"grid": "hex", "columns": 100, "rows": 100, "top": 10},
    "creatures": [{"id": "roc", "fly": 24, "maneuverability": "medium", "reflex": 50,
                   "at": "AV50", "altitude": 2, "mode": "hovering"}],
}


def flattened(space: VolareSpace) -> bytes:
    """The map and the flyer (hovering at its start) as ``dial.c`` reads them, one run."""
    cells = len(space.cells)
    header = [cells, space.top + 1, space.top, space.budget, space.stop_cost, *space.costs,
              space.index[space.me.at], space.me.altitude, 1, RUNS]
    return (struct.pack(f"<{len(header)}i", *header)
            + struct.pack(f"<{cells}i", *space.ground)
            + struct.pack(f"<{cells}i", *space.ceil)
            + struct.pack(f"<{cells * 6}i", *space.nbr))


OPEN_5E: dict[str, Any] = {
    "ruleset": "dnd5e",
    "map": {"grid": "square", "columns": 100, "rows": 100, "top": 12},
    "creatures": [{"id": "hawk", "size": "medium", "speed": {"walk": 10, "fly": 60},
                   "at": "AV50", "altitude": 3, "side": "party"}],
}
#: (row name, scenario or example, creature): the first-against-repeat cases
FIRST_CASES: list[tuple[str, Any, str]] = [
    ("volare 100x100 fly 24", SCENARIO, "roc"),
    ("dnd5e harpy", "example:harpy", "harpy"),
    ("dnd5e 100x100 fly 60", OPEN_5E, "hawk"),
]


def _load(source: Any) -> Any:
    if isinstance(source, str):
        return wingbeat.open_scenario(source)
    return parse_scenario(source, source="benchmark")


def _forget_maps() -> None:
    """Empty the caches of flattened maps and per-battle tables, where this tree has them (an
    older tree may lack one: then nothing of it is kept)."""
    import importlib

    for module, names in (("wingbeat.rulesets.volare.space", ("_TABLES",)),
                          ("wingbeat.rulesets.dnd5e.tables", ("_TABLES",)),
                          ("wingbeat.rulesets.dnd5e.board", ("_BOARDS",))):
        try:
            loaded = importlib.import_module(module)
        except ImportError:
            continue
        for name in names:
            kept = getattr(loaded, name, None)
            if kept is not None:
                kept.clear()


def first_rows(repeat: int) -> list[dict[str, Any]]:
    """CPU ms of a first reach, a reach on the scenario parsed again and a repeat, per case."""
    warm = {**SCENARIO, "map": {**SCENARIO["map"], "columns": 20, "rows": 20},
            "creatures": [{**SCENARIO["creatures"][0], "at": "J10"}]}
    reach(parse_scenario(warm, source="warm-up"), "roc")
    warm5e = {**OPEN_5E, "map": {**OPEN_5E["map"], "columns": 20, "rows": 20},
              "creatures": [{**OPEN_5E["creatures"][0], "at": "J10"}]}
    reach(parse_scenario(warm5e, source="warm-up"), "hawk")
    rows: list[dict[str, Any]] = []
    for name, source, creature in FIRST_CASES:
        times: dict[str, list[float]] = {"first": [], "reparsed": [], "repeat": []}
        for _ in range(repeat):
            _forget_maps()
            scenario = _load(source)
            for what in ("first", "reparsed", "repeat"):
                if what == "reparsed":
                    scenario = _load(source)
                began = time.process_time()
                reach(scenario, creature)
                times[what].append(time.process_time() - began)
        again = statistics.median(times["repeat"])
        for what, values in times.items():
            rows.append({"name": f"{name}: {what}", "median_ms": statistics.median(values) * 1e3,
                         "x_repeat": statistics.median(values) / again})
    return rows


class Runs(NamedTuple):
    """The C search's and wingbeat's times over ``repeat`` turns, with the last turn's answers."""
    c: float  # the median C search, in seconds
    search: float
    reach: float
    c_settled: int
    ours_settled: int
    least: list[int]  # the C search's least cost of each cell (and altitude), -1 where unreached
    report: Any  # the last ``reach``


def side_by_side(binary: Path, data: Path, repeat: int, search: Callable[[], Any],
                 whole: Callable[[], Any]) -> Runs:
    """In turn, ``repeat`` times: the C search (its own last run of ``data``), ``search()``
    (wingbeat's search alone) and ``whole()`` (the whole reach), CPU time."""
    c_ns: list[int] = []
    search_s: list[float] = []
    reach_s: list[float] = []
    c_settled = ours_settled = 0
    least: list[int] = []
    report: Any = None
    for _ in range(repeat):
        done = subprocess.run([str(binary), str(data)], check=True, capture_output=True,
                              text=True)
        answer = json.loads(done.stdout)
        c_ns.append(answer["ns"][-1])
        c_settled, least = answer["settled"], answer["least"]
        began = time.process_time()
        found = search()
        search_s.append(time.process_time() - began)
        ours_settled = len(found.priority)
        began = time.process_time()
        report = whole()
        reach_s.append(time.process_time() - began)
    return Runs(statistics.median(c_ns) / 1e9, statistics.median(search_s),
                statistics.median(reach_s), c_settled, ours_settled, least, report)


def against_c(prefix: str, runs: Runs, **extra: Any) -> list[dict[str, Any]]:
    """The rows ``C``, ``search`` and ``reach`` (after ``prefix``), with their ratios to C."""
    rows: list[dict[str, Any]] = []
    c = runs.c
    for what, seconds, settled in (("C", c, runs.c_settled), ("search", runs.search,
                                                             runs.ours_settled),
                                   ("reach", runs.reach, runs.ours_settled)):
        rows.append({"name": prefix + what, "median_ms": seconds * 1e3, "settled": settled,
                     "ns_per_state": seconds / settled * 1e9, "x_c": seconds / c,
                     "x_c_per_state": (seconds / settled) / (c / runs.c_settled), **extra})
    return rows


#: the dnd5e yardstick's cases (``benchmarks/dial5e.c``): (row name, scenario or example, creature)
DND5E_CASES: list[tuple[str, Any, str]] = [
    ("dnd5e harpy", "example:harpy", "harpy"),
    ("dnd5e 100x100 fly 60", OPEN_5E, "hawk"),
]


def unfair5e(space: Any) -> str | None:
    """Why ``dial5e.c`` would not search the same graph as wingbeat for this flyer, or None: it
    prices PHB steps of a one-square footprint, all flown, with no walls between squares, no
    climbing or water, and the budget of the fly speed with Dash."""
    board = space.board
    flat = board.flat()
    if board.hex or len(space.offsets) != 1 or str(space.rule) != "phb":
        return "not a one-square footprint under the PHB rule on squares"
    if board.walled or any(t & (4 | 8) for t in flat.terrain):
        return "walls between squares, water or climbing"
    fly = space.speed[1]
    if not fly or fly != max(space.speed) or not space.can_act or space.speed[4]:
        return "not a flyer whose fly speed (with Dash) is its budget"
    return None


def flattened5e(space: Any, states: bool = False) -> bytes:
    """The board, the others and the flyer as ``dial5e.c`` reads them, one run per search;
    ``states``: with the hostiles that watch it and the threat of each place (its "C, same
    states" search: the provoked set and Dash in each state, as wingbeat's)."""
    board = space.board
    flat = board.flat()
    cells, levels, bottom = len(board.coords), board.levels, board.bottom
    others = [0] * (cells * levels)
    for (cell, z), found in space.occupied.items():
        for low in range(z - space.height + 1, z + 1):  # the footprints that overlap it
            if bottom <= low < bottom + levels:
                at = cell * levels + low - bottom
                kind = 2 if any(space.blocking[i] for i in found) else 1
                others[at] = max(others[at], kind)
    col, row = space.me.at
    watchers = space.n_watchers if states else 0
    header = [board.map.columns, board.map.rows, cells, levels, bottom, space.height,
              space.budget, 5 * space.scale, board.at(col, row), space.me.altitude,
              len(flat.shapes) // 7, len(flat.corners) // 3, RUNS, watchers,
              space.speed[1] * space.scale]
    threat: list[int] = []
    if watchers:
        for pos in range(cells * levels):
            place = space.place(pos)
            threat.append(place.threat if place is not None else 0)
    grid = getattr(flat, "cell_grid", None)  # a tree whose grid is always whole has none
    ints = [*header, *(flat.grid if grid is None else grid(board.map.columns, board.map.rows)),
            *flat.col, *flat.row, *flat.ground, *flat.ceil, *flat.terrain,
            *others, *flat.shapes, *flat.corners, *threat]
    return struct.pack(f"<{len(ints)}i", *ints)


def c_alone(binary: Path, data: Path, repeat: int) -> tuple[float, int, list[int]]:
    """The C search of ``data``, ``repeat`` times: its median CPU seconds, its states settled
    and its least cost of each place."""
    c_ns: list[int] = []
    answer: dict[str, Any] = {}
    for _ in range(repeat):
        done = subprocess.run([str(binary), str(data)], check=True, capture_output=True,
                              text=True)
        answer = json.loads(done.stdout)
        c_ns.append(answer["ns"][-1])
    return statistics.median(c_ns) / 1e9, answer["settled"], answer["least"]


def dnd5e_rows(cc: str, repeat: int, tmp: Path,
               cases: list[tuple[str, Any, str]] = DND5E_CASES,
               ) -> tuple[list[dict[str, Any]], list[str]]:
    """The C yardstick, wingbeat's search and its reach for each dnd5e case, and what the
    comparison of least costs found (``ours`` against ``theirs`` per square and altitude)."""
    rows: list[dict[str, Any]] = []
    notes: list[str] = []
    if Dnd5eSpace is None or FlatBoard is None:  # pragma: no cover - an older tree
        return rows, ["dnd5e: absent from this tree"]
    binary = tmp / "dial5e"
    subprocess.run([cc, "-O2", "-o", str(binary), str(HERE / "dial5e.c")], check=True)
    for name, source, creature in cases:
        scenario = _load(source)
        space = Dnd5eSpace(scenario.battle, creature, full_notation=False)
        why = unfair5e(space)
        if why is not None:
            notes.append(f"{name}: no yardstick ({why})")
            continue
        data = tmp / f"{creature}.bin"
        data.write_bytes(flattened5e(space))
        runs = side_by_side(
            binary, data, repeat,
            lambda s=scenario, c=creature: explore(Dnd5eSpace(s.battle, c, full_notation=False)),
            lambda s=scenario, c=creature: reach(s, c))
        report, least = runs.report, runs.least
        board = space.board
        ours: dict[tuple[str, int], int] = {}
        for fields, cost, _can_act in report.ends():
            key = (str(fields["at"]), int(fields["altitude"]))
            ticks = int(cost * space.scale)
            ours[key] = min(ticks, ours.get(key, ticks))
        theirs = {(board.labels[i // board.levels], i % board.levels + board.bottom): t
                  for i, t in enumerate(least) if t >= 0}
        # a turn never ends in another creature's space (D-size): the C search passes through
        # it and settles it, wingbeat's reach lists no end there; those are left out
        crowded = {(board.labels[cell], z) for (cell, z) in space.occupied}
        only_c = set(theirs) - set(ours)
        left_out = only_c & crowded
        differ = sorted(k for k in (set(ours) | set(theirs)) - left_out
                        if ours.get(k) != theirs.get(k))
        both = len(set(ours) & set(theirs))
        notes.append(f"{name}: least cost of each square and altitude: {both} reached by both"
                     f", {len(differ)} differ"
                     + (f" (first: {differ[:5]})" if differ else "")
                     + (f"; {len(left_out)} left out: another creature's space, where the C"
                        f" search passes and a turn never ends" if left_out else ""))
        rows += against_c(f"{name}: ", runs, differ=len(differ))
        if space.n_watchers:  # the same states as wingbeat's: provoked set and Dash too
            same_data = tmp / f"{creature}-states.bin"
            same_data.write_bytes(flattened5e(space, states=True))
            same, same_settled, same_least = c_alone(binary, same_data, repeat)
            same_differ = sum(1 for a, b in zip(least, same_least, strict=True) if a != b)
            rows.append({"name": f"{name}: C, same states", "median_ms": same * 1e3,
                         "settled": same_settled, "ns_per_state": same / same_settled * 1e9,
                         "x_c": same / runs.c, "x_c_per_state": (same / same_settled)
                         / (runs.c / runs.c_settled), "differ": same_differ})
            for row in rows[-4:-1]:
                row["x_c_same_states"] = row["median_ms"] / (same * 1e3)
            notes.append(f"{name}: C, same states: {same_settled:,} settled (wingbeat"
                         f" {runs.ours_settled:,}); least cost of each place as the plain C"
                         f" search's: {same_differ} differ; search"
                         f" {rows[-3]['x_c_same_states']:.2f}x, reach"
                         f" {rows[-2]['x_c_same_states']:.2f}x that C search")
    return rows, notes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--cc", default="cc")
    parser.add_argument("--json", action="store_true", help="the rows as JSON, last line")
    args = parser.parse_args()
    scenario = parse_scenario(SCENARIO, source="benchmark")
    space = VolareSpace(scenario.battle, "roc")
    with tempfile.TemporaryDirectory() as tmp:
        binary = Path(tmp) / "dial"
        subprocess.run([args.cc, "-O2", "-o", str(binary), str(HERE / "dial.c")], check=True)
        data = Path(tmp) / "map.bin"
        data.write_bytes(flattened(space))
        runs = side_by_side(binary, data, args.repeat,
                            lambda: explore(VolareSpace(scenario.battle, "roc")),
                            lambda: reach(scenario, "roc"))
        rows5e, notes5e = dnd5e_rows(args.cc, args.repeat, Path(tmp))
    ours: dict[str, int] = {}
    for fields, cost, _can_act in runs.report.ends():
        ticks = int(cost * 12)
        where = str(fields["at"])
        ours[where] = min(ticks, ours.get(where, ticks))
    theirs = {str(space.cells[i]): c for i, c in enumerate(runs.least) if c >= 0}
    differ = sorted(k for k in set(ours) | set(theirs) if ours.get(k) != theirs.get(k))
    rows = against_c("", runs)
    later = first_rows(args.repeat)
    differ5e = sum(row.get("differ", 0) for row in rows5e)
    print(f"reach: 100x100 hex map, top 10, fly 24 hovering at AV50 altitude 2, calm; "
          f"wingbeat {describe()}; medians of {args.repeat} runs, CPU time")
    print(f"{'':10}{'settled':>10}{'median ms':>11}{'ns/state':>10}{'x C':>7}{'x C/state':>11}")
    for row in rows:
        print(f"{row['name']:10}{row['settled']:>10,}{row['median_ms']:>11.2f}"
              f"{row['ns_per_state']:>10.1f}{row['x_c']:>7.2f}{row['x_c_per_state']:>11.2f}")
    print(f"least cost of each hex: {len(theirs)} hexes reached by both, "
          f"{len(differ)} differ" + (f" (first: {differ[:5]})" if differ else ""))
    print("\ndnd5e against benchmarks/dial5e.c (PHB steps, all flown; CPU time)")
    print(f"{'':30}{'settled':>10}{'median ms':>11}{'ns/state':>10}{'x C':>7}{'x C/state':>11}")
    for row in rows5e:
        print(f"{row['name']:30}{row['settled']:>10,}{row['median_ms']:>11.2f}"
              f"{row['ns_per_state']:>10.1f}{row['x_c']:>7.2f}{row['x_c_per_state']:>11.2f}")
    for note in notes5e:
        print(note)
    print(f"\nfirst reach against a repeat (CPU ms, medians of {args.repeat})")
    for row in later:
        print(f"  {row['name']:<36}{row['median_ms']:>9.2f}{row['x_repeat']:>8.2f}x")
    if args.json:
        print(json.dumps({"rows": rows + rows5e + later, "differ": len(differ) + differ5e}))
    if differ or differ5e:
        sys.exit(1)


if __name__ == "__main__":
    main()
