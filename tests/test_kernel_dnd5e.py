"""``dnd5e``'s compiled search and the pure-Python one give identical answers (issue 12).

The same states settled in the same order, the same priorities (ticks × 16 + checks), the same
parents and steps (moves, costs, checks, events), the same end states, and so the same reach,
path and check in JSON and in text, on every ``dnd5e`` example and on random battlefields
(hypothesis: walls, difficult terrain and water, raised ground and ceilings, sizes, speeds,
jumps, conditions, hostiles whose reach a way leaves, every diagonal rule, hex grids). Where the
kernel is not built every comparison still runs, both sides pure.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import wingbeat
from both_searches import assert_answers_alike, assert_same_settling, parsed, searching
from conformance import evenly, json_of
from wingbeat import kernel
from wingbeat.errors import OptionError
from wingbeat.geometry.labels import column_label
from wingbeat.rulesets.dnd5e import Dnd5eSpace
from wingbeat.rulesets.dnd5e.codes import LOW_BITS, PRONE
from wingbeat.search import Exploration, SettledArrays, explore, explore_pure

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted([*ROOT.glob("examples/dnd5e/*.yaml"),
                   *ROOT.glob("tests/data/examples/dnd5e/*.yaml")])
BUILT_IN = ["example:harpy"]


def _open(source: str) -> wingbeat.Scenario:
    return wingbeat.open_scenario(source)


def _creatures(scenario: wingbeat.Scenario) -> list[str]:
    return [c.id for c in scenario.battle.creatures]


def _space(scenario: wingbeat.Scenario, creature: str, **options: Any) -> Dnd5eSpace:
    """A search's space (pruned, the searches' notation), as ``reach`` and ``path`` make it."""
    from wingbeat.rulesets.dnd5e import Dnd5eRuleset

    space = Dnd5eRuleset().space(scenario, creature, full_notation=False, options=options)
    assert isinstance(space, Dnd5eSpace)
    return space


def assert_same_search(make: Any, *, avoid_checks: bool = False) -> Exploration:
    """The kernel's exploration equals the pure one, each on a new space: the same settled
    states in the same settling order with the same priorities, the same parents and steps, the
    same ways; and each way walked back (``path_to``, ``path_at``) is the same."""
    pure = explore_pure(make(), avoid_checks=avoid_checks)
    space = make()
    found = space.compiled_search(avoid_checks=avoid_checks)
    if kernel.compiled5e is None or space.rule.value == "euclid":
        assert found is None  # not built, or euclid's fronts: the pure search runs
        return pure
    assert found is not None
    assert_same_settling(found, pure)
    assert found.way_texts() == pure.way_texts()
    assert isinstance(found, SettledArrays)
    for code in evenly(list(pure.priority), 40):
        assert found.path_to(code) == pure.path_to(code)
        assert found.path_at(found.index(code)) == pure.path_to(code)
    return found


def assert_same_answers(scenario: wingbeat.Scenario, creature: str, **options: Any) -> None:
    """reach (JSON and text), path to a sample of the places it reaches (with and without an
    attack left), and check of their ways: the same with the kernel as with the pure search."""
    assert_answers_alike(
        scenario, creature, states=5,
        pinned=lambda state: {"altitude": state.state["altitude"], "can_act": True},
        check_options=options, **options)


# -- the examples ----------------------------------------------------------------------------------

@pytest.mark.parametrize("source", [*BUILT_IN, *map(str, EXAMPLES)],
                         ids=lambda s: Path(s).stem)
def test_every_dnd5e_example_searches_alike(source: str) -> None:
    scenario = _open(source)
    for creature in _creatures(scenario):
        for avoid in (False, True):
            assert_same_search(lambda creature=creature: _space(scenario, creature),
                               avoid_checks=avoid)
        assert_same_answers(scenario, creature)


@pytest.mark.parametrize("rule", ["phb", "dmg"])
def test_the_harpy_searches_alike_under_both_compiled_diagonal_rules(rule: str) -> None:
    scenario = _open("example:harpy")
    for creature in _creatures(scenario):
        assert_same_search(lambda creature=creature: _space(scenario, creature, diagonals=rule))
    assert_same_answers(scenario, "harpy", diagonals=rule)


def test_euclid_diagonals_search_in_python() -> None:
    """D-grid: ``euclid`` counts the diagonal steps in the state and prunes by exact rounding
    residues (``_dominated``'s fronts): the compiled search leaves it to the pure one."""
    scenario = _open("example:harpy")
    assert _space(scenario, "harpy", diagonals="euclid").compiled_search() is None
    with searching(compiled=True):
        assert type(explore(_space(scenario, "harpy", diagonals="euclid"))) is Exploration


def test_explore_uses_the_kernel_when_in_use() -> None:
    """``explore`` runs the compiled search where it is built, the pure one under
    WINGBEAT_PURE=1 (the fallback is the search as it was: a dict-backed ``Exploration``)."""
    scenario = _open("example:harpy")
    with searching(compiled=True):
        found = explore(_space(scenario, "harpy"))
        assert isinstance(found, SettledArrays) == (kernel.compiled5e is not None)
    with searching(compiled=False):
        found = explore(_space(scenario, "harpy"))
        assert type(found) is Exploration
        assert list(found.priority.items()) == list(
            explore_pure(_space(scenario, "harpy")).priority.items())


def test_the_end_states_are_chosen_alike_in_c() -> None:
    """The compiled choice of end states (``kernel_ends``: end_problem, end_key, way_rank off
    the codes) gives the report the pure selection gives: the harpy's end states are mostly
    ties at one priority, broken by the attack kept and the opportunity attacks drawn."""
    scenario = _open("example:harpy")
    with searching(compiled=True):
        space = _space(scenario, "harpy")
        found = explore(space)
        if kernel.compiled5e is not None:
            assert isinstance(found, SettledArrays)
            assert space.kernel_ends(found) is not None
        fast = json_of(wingbeat.reach(scenario, "harpy"))
    with searching(compiled=False):
        assert json_of(wingbeat.reach(scenario, "harpy")) == fast


def test_a_goal_stops_both_searches_at_the_same_bucket() -> None:
    """``path``'s goal: both stop once the bucket of the first goal state is done."""
    scenario = _open("example:harpy")
    whole = explore_pure(_space(scenario, "harpy"))
    for code in evenly(list(whole.priority)[1:], 6):
        def goal(c: int, spent: int, code: int = code) -> bool:
            return c == code

        pure = explore_pure(_space(scenario, "harpy"), goal=goal)
        assert code in pure.priority and len(pure.priority) <= len(whole.priority)
        with searching(compiled=True):
            found = explore(_space(scenario, "harpy"), goal=goal)
        assert list(found.priority.items()) == list(pure.priority.items())
        assert found.path_to(code) == pure.path_to(code)


def test_a_goal_that_raises_raises_through_the_kernel() -> None:
    scenario = _open("example:harpy")

    def goal(_code: int, spent: int) -> bool:
        if spent:
            raise ZeroDivisionError("from the goal")
        return False

    with searching(compiled=True), pytest.raises(ZeroDivisionError, match="from the goal"):
        explore(_space(scenario, "harpy"), goal=goal)


def test_both_refuse_past_the_cap_alike() -> None:
    scenario = _open("example:harpy")
    settled = len(explore_pure(_space(scenario, "harpy")))
    with pytest.raises(OptionError) as pure:
        explore_pure(_space(scenario, "harpy"), max_states=settled - 1)
    if kernel.compiled5e is not None:
        with pytest.raises(OptionError) as compiled:
            _space(scenario, "harpy").compiled_search(max_states=settled - 1)
        assert str(compiled.value) == str(pure.value)
        found = _space(scenario, "harpy").compiled_search(max_states=settled)
        assert found is not None and len(found) == settled


def test_a_space_searched_twice_prunes_alike() -> None:
    """A space keeps its pruning table across its searches (``_best``, and the kernel's own):
    a second search on the same space settles what the pure second search settles."""
    scenario = _open("example:harpy")
    pure_space = _space(scenario, "harpy")
    explore_pure(pure_space)
    pure = explore_pure(pure_space)
    space = _space(scenario, "harpy")
    if space.compiled_search() is None:
        return
    again = space.compiled_search()
    assert again is not None
    assert list(again.priority.items()) == list(pure.priority.items())
    assert list(again.parent.items()) == list(pure.parent.items())


def test_the_step_table_is_kept_per_battle() -> None:
    """The flat step table is filled once per battle and creature: a second search fills no
    place (``StepTable.places`` stays), the same scenario parsed again shares it (equal map,
    creatures and options), and a changed battle gets a new table."""
    scenario = _open("example:harpy")
    space = _space(scenario, "harpy")
    if space.compiled_search() is None:
        return
    table = space.tables.step_table
    filled = table.places
    assert filled > 0
    again = _space(scenario, "harpy")
    again.compiled_search()
    assert again.tables.step_table is table and table.places == filled
    reparsed = _space(_open("example:harpy"), "harpy")
    assert reparsed.tables is space.tables
    changed = _open("example:harpy")
    harpy = changed.battle.creature("harpy")
    moved = replace(changed.battle, creatures=tuple(
        replace(c, altitude=c.altitude + 1) if c is harpy else c
        for c in changed.battle.creatures))
    other = _space(replace(changed, battle=moved), "harpy")
    assert other.tables is not space.tables
    assert other.tables.step_table is None or other.tables.step_table is not table


# -- random battlefields ---------------------------------------------------------------------------

SIZE = 6
SQUARES = [f"{column_label(c)}{r}" for c in range(1, SIZE + 1) for r in range(1, SIZE + 1)]
SIZES = ["tiny", "small", "medium", "large"]
SPEEDS = [0, 5, 10, 15, 25, 30]


@st.composite
def battlefields(draw: st.DrawFn) -> dict[str, Any]:
    """A 6 × 6 map (square or hex), altitudes 0-3: walls, difficult squares, water, raised
    ground to walk off, ceilings, climbable squares, difficult air; a mover of any size with
    any speeds (odd ones too: half-foot ticks), hovering or not, held aloft by magic or not,
    prone or held, a jumper or not; hostiles and a friend, some with reach, some without a
    reaction; every diagonal rule, metres or feet, XGtE falling."""
    grid = draw(st.sampled_from(["square", "square", "hex"]))
    spaces = [s for s in SQUARES if grid == "square" or _hex_label(s)]
    inner = [s for s in spaces if _inner(s)]  # room for a Large creature's 2 × 2 space
    cells: list[dict[str, Any]] = []
    used: set[str] = set()

    def some(most: int) -> list[str]:
        picked = draw(st.lists(st.sampled_from(spaces), max_size=most, unique=True))
        return [s for s in picked if s not in used]

    size = draw(st.sampled_from(SIZES))
    mover_at = draw(st.sampled_from(inner if size == "large" else spaces))
    walls = [s for s in some(5) if s != mover_at]
    used.update(walls)
    if walls:
        cells.append({"at": walls, "wall": True})
    for terrain, most in (("difficult", 6), ("water", 3)):
        picked = some(most)
        if picked:
            cells.append({"at": picked, "terrain": terrain})
    for square in some(6):
        cells.append({"at": [square], "ground": draw(st.integers(1, 2)),
                      "climb": draw(st.booleans())})
    for square in some(3):
        cells.append({"at": [square], "ceiling": draw(st.integers(2, 4))})
    air = some(4)
    if air:
        cells.append({"at": air, "air": "difficult"})
    speed = {"walk": draw(st.sampled_from(SPEEDS)), "fly": draw(st.sampled_from([0, 0, 15, 20])),
             "climb": draw(st.sampled_from([0, 0, 10])), "swim": draw(st.sampled_from([0, 15])),
             "burrow": draw(st.sampled_from([0, 0, 0, 5]))}
    mover: dict[str, Any] = {
        "id": "mover", "size": size, "speed": speed, "at": mover_at, "side": "a",
        "hover": bool(speed["fly"]) and draw(st.booleans()),
        "magic_flight": bool(speed["fly"]) and draw(st.booleans()),  # held aloft (D-fly)
        "conditions": draw(st.lists(st.sampled_from(["prone", "prone", "grappled",
                                                     "incapacitated", "invisible"]),
                                    max_size=1)),
    }
    if (speed["fly"] or speed["climb"]) and draw(st.booleans()):
        mover["altitude"] = draw(st.integers(0, 2))
    if draw(st.booleans()):
        mover["strength"] = draw(st.sampled_from([8, 12, 16, 20]))
        mover["acrobatics"] = draw(st.sampled_from([-2, 3, 9]))
    creatures = [mover]
    for i in range(draw(st.integers(0, 3))):
        other = draw(st.sampled_from(SIZES))
        creatures.append({
            "id": f"other{i}", "size": other,
            "at": draw(st.sampled_from([s for s in (inner if other == "large" else spaces)
                                        if s not in walls])),
            "side": draw(st.sampled_from(["a", "b", "b"])),
            "reach": draw(st.sampled_from([5, 10])),
            "reaction": draw(st.sampled_from([True, True, False])),
        })
    options = {"diagonals": draw(st.sampled_from(["phb", "dmg", "dmg", "euclid"])),
               "units": draw(st.sampled_from(["ft", "m"])), "fall_rate": draw(st.booleans())}
    sides: list[dict[str, Any]] = []
    if grid == "square":  # D-walls: walls and doors on the sides between squares
        for square in some(6):
            col, row = ord(square[0]) - 64, int(square[1:])
            east = draw(st.booleans())
            if (col if east else row) < SIZE:
                other = (f"{column_label(col + 1)}{row}" if east
                         else f"{column_label(col)}{row + 1}")
                sides.append({"between": [square, other],
                              **draw(st.sampled_from([{}, {}, {"door": "open"},
                                                      {"door": "closed"}]))})
    return {"ruleset": "dnd5e", "options": options,
            "map": {"grid": grid, "columns": SIZE, "rows": SIZE, "top": 3, "cells": cells,
                    "walls": sides},
            "creatures": creatures}


def _hex_label(label: str) -> bool:
    """A hex of the doubled coordinates: column index and row of the same parity."""
    return (ord(label[0]) - 64 + int(label[1:])) % 2 == 0


def _inner(label: str) -> bool:
    return ord(label[0]) - 64 < SIZE - 1 and int(label[1:]) < SIZE - 1


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(battlefields(), st.booleans())
def test_random_battlefields_search_alike(data: dict[str, Any], avoid: bool) -> None:
    scenario = parsed(data)
    if scenario is None:
        return
    assert_same_search(lambda: _space(scenario, "mover"), avoid_checks=avoid)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(battlefields())
def test_random_battlefields_answer_alike(data: dict[str, Any]) -> None:
    scenario = parsed(data)
    if scenario is None:
        return
    assert_same_answers(scenario, "mover")


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(battlefields())
def test_the_step_table_made_in_c_is_the_one_python_fills(data: dict[str, Any]) -> None:
    """``_kernel5e.Native`` makes each place's record (its threat, standing up, its moves'
    destinations, costs and speeds, its jumps, whether a move may end there) as
    ``Dnd5eSpace._kernel_fill`` does in Python, for every place and posture a search meets."""
    scenario = parsed(data)
    if scenario is not None:
        _tables_alike(scenario)  # (euclid, or no compiled kernel: no table to compare)


@pytest.mark.parametrize("grid", ["square", "hex"])
@pytest.mark.parametrize("columns, rows", [(1, 1), (5, 4), (6, 7)])
def test_the_flat_board_is_the_board_cell_by_cell(grid: str, columns: int, rows: int) -> None:
    """``Board.flat()`` is made row by row and from the cells the map names: the same cell at
    each column and row, the same column, row, ground, ceiling and terrain of each cell as the
    board's lists, cell by cell."""
    from wingbeat.rulesets.dnd5e.board import shared_board

    cells = [{"at": ["A1"], "ground": 1, "climb": True}, {"at": ["B2"], "terrain": "water"},
             {"at": ["C3", "A3"], "terrain": "difficult", "air": "difficult"},
             {"at": ["E2"], "wall": True}, {"at": ["D4"], "ceiling": 3}]
    scenario = parsed({"ruleset": "dnd5e", "map": {"grid": grid, "columns": columns,
                                                   "rows": rows, "top": 4,
                                                   "cells": [c for c in cells if all(
                                                       _on(a, columns, rows, grid)
                                                       for a in c["at"])]},
                       "creatures": [{"id": "mover", "at": "A1", "altitude": 1}]})
    assert scenario is not None
    board = shared_board(scenario.battle.map, scenario.battle.options.diagonals)
    flat = board.flat()
    assert (len(flat.grid) == 0) == (grid == "square")  # a square map's grid is arithmetic
    cell_grid = flat.cell_grid(columns, rows)
    assert len(cell_grid) == columns * rows
    for i, (c, r) in enumerate(board.coords):
        assert cell_grid[(r - 1) * columns + c - 1] == i
        assert (flat.col[i], flat.row[i]) == (c, r)
        assert (flat.ground[i], flat.ceil[i]) == (board.ground[i], board.ceil[i])
        assert flat.terrain[i] == (board.wall[i] | 2 * board.difficult[i] | 4 * board.water[i]
                                   | 8 * board.climb[i] | 16 * board.air_difficult[i])
    assert sorted(i for i in cell_grid if i >= 0) == list(range(len(board.coords)))


def _on(label: str, columns: int, rows: int, grid: str) -> bool:
    col, row = ord(label[0]) - 64, int(label[1:])
    return col <= columns and row <= rows and (grid == "square" or (col + row) % 2 == 0)


def test_a_grappled_burrower_under_the_ground_stays_there() -> None:
    """D-speed, D-size: a burrower's speed 0 (grappled) does not take away its room under the
    ground, where it dug to: it stays there, burrowing (found by the random battlefields)."""
    scenario = parsed({
        "ruleset": "dnd5e",
        "map": {"grid": "hex", "columns": 6, "rows": 6, "top": 3,
                "cells": [{"at": ["A1"], "ground": 1}]},
        "creatures": [{"id": "mover", "size": "tiny",
                       "speed": {"walk": 0, "fly": 15, "burrow": 5}, "at": "A1",
                       "conditions": ["grappled"], "altitude": 0}]})
    assert scenario is not None
    report = wingbeat.reach(scenario, "mover")
    assert [(s.state["at"], s.state["altitude"], s.state["mode"]) for s in report.states] == [
        ("A1", 0, "burrow")]
    assert_same_answers(scenario, "mover")


# -- plain places: a template of their moves -------------------------------------------------------

OPEN = 12
OPEN_SQUARES = [f"{column_label(c)}{r}" for c in range(1, OPEN + 1) for r in range(1, OPEN + 1)]


def _block(col: int, row: int, width: int, height: int) -> list[str]:
    return [f"{column_label(c)}{r}" for c in range(col, min(OPEN, col + width - 1) + 1)
            for r in range(row, min(OPEN, row + height - 1) + 1)]


@st.composite
def open_battlefields(draw: st.DrawFn) -> dict[str, Any]:
    """A 12 × 12 square map, top 3-6, mostly open: a block of raised ground and one of low
    ceilings (plain inside, edged), a few scattered walls, difficult squares, water, climbable
    or difficult air; a mover of any size, flying, burrowing, climbing or walking, prone or
    not, a jumper or not; hostiles that watch part of the map: where ``Native`` shares a plain
    place's moves with the first place of its class, and where it must not."""
    top = draw(st.integers(3, 6))
    cells: list[dict[str, Any]] = []
    if draw(st.booleans()):
        cells.append({"at": _block(draw(st.integers(1, 9)), draw(st.integers(1, 9)),
                                   draw(st.integers(2, 6)), draw(st.integers(2, 6))),
                      "ground": draw(st.integers(1, 2))})
    if draw(st.booleans()):
        cells.append({"at": _block(draw(st.integers(1, 9)), draw(st.integers(1, 9)),
                                   draw(st.integers(2, 6)), draw(st.integers(2, 6))),
                      "ceiling": draw(st.integers(2, top))})
    used = {square for c in cells for square in c["at"]}
    for extra in ({"wall": True}, {"terrain": "difficult"}, {"terrain": "water"},
                  {"climb": True, "ground": 1}, {"air": "difficult"}):
        picked = [s for s in draw(st.lists(st.sampled_from(OPEN_SQUARES), max_size=2,
                                           unique=True)) if s not in used]
        used.update(picked)
        if picked:
            cells.append({"at": picked, **extra})
    free = [s for s in OPEN_SQUARES if s not in used and _inner_open(s)]
    size = draw(st.sampled_from(["tiny", "medium", "medium", "large"]))
    speed = {"walk": draw(st.sampled_from([0, 10, 20])),
             "fly": draw(st.sampled_from([0, 15, 20, 30])),
             "climb": draw(st.sampled_from([0, 10])), "burrow": draw(st.sampled_from([0, 0, 5]))}
    mover: dict[str, Any] = {"id": "mover", "size": size, "speed": speed,
                             "at": draw(st.sampled_from(free)), "side": "a",
                             "hover": bool(speed["fly"]) and draw(st.booleans()),
                             "conditions": draw(st.lists(st.sampled_from(["prone", "grappled"]),
                                                         max_size=1))}
    if speed["fly"]:
        mover["altitude"] = draw(st.integers(0, top - 1))
    if draw(st.booleans()):
        mover["strength"] = draw(st.sampled_from([8, 16]))
    creatures = [mover]
    for i in range(draw(st.integers(0, 2))):
        creatures.append({"id": f"other{i}", "size": draw(st.sampled_from(["medium", "large"])),
                          "at": draw(st.sampled_from([s for s in free if s != mover["at"]])),
                          "side": draw(st.sampled_from(["a", "b", "b"])),
                          "reach": draw(st.sampled_from([5, 10])),
                          "altitude": draw(st.integers(0, 2))})
    options = {"diagonals": draw(st.sampled_from(["phb", "dmg"])),
               "units": draw(st.sampled_from(["ft", "m"]))}
    return {"ruleset": "dnd5e", "options": options,
            "map": {"grid": "square", "columns": OPEN, "rows": OPEN, "top": top,
                    "cells": cells},
            "creatures": creatures}


def _inner_open(label: str) -> bool:
    return ord(label[0]) - 64 < OPEN and int(label[1:]) < OPEN


def _tables_alike(scenario: wingbeat.Scenario) -> int:
    """The table made in C (plain places from their class's template) against the one filled
    from Python, key by key over every place a search meets; how many records were shared."""
    space = _space(scenario, "mover")
    if kernel.compiled5e is None or space.compiled_search() is None:
        return 0
    table = space.tables.step_table
    assert table.native is not None
    by_python = kernel.compiled5e.StepTable(len(space.board.coords) * space.levels * 2,
                                            space._kernel_fill, space.n_watchers)
    keys = {(code >> LOW_BITS >> space.n_watchers) * 2 + (code & PRONE)
            for code in explore_pure(_space(scenario, "mover")).priority}
    for key in sorted(keys):
        assert table.entry(key) == by_python.entry(key), key
    return int(table.native.shared)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(open_battlefields())
def test_plain_places_share_the_moves_python_makes(data: dict[str, Any]) -> None:
    """A plain place's record, shared with the first place of its class, is the one Python
    fills for it (moves, costs, speeds, threats, standing up), on open maps with raised ground,
    ceilings, scattered terrain and watchers; and the searches and answers stay alike."""
    scenario = parsed(data)
    if scenario is None:
        return
    _tables_alike(scenario)
    assert_same_search(lambda: _space(scenario, "mover"))


def test_an_open_map_shares_most_places_moves() -> None:
    """On an open map most places a flyer meets are plain: their records come from a few
    templates, not made again (a first reach is about as fast as a repeat), and are the same."""
    scenario = parsed({"ruleset": "dnd5e",
                       "map": {"grid": "square", "columns": 20, "rows": 20, "top": 6,
                               "cells": [{"at": ["J10"], "wall": True}]},
                       "creatures": [{"id": "mover", "speed": {"walk": 10, "fly": 20},
                                      "at": "E5", "altitude": 2, "side": "a"},
                                     {"id": "foe", "at": "P15", "side": "b", "reach": 10}]})
    assert scenario is not None
    shared = _tables_alike(scenario)
    if kernel.compiled5e is not None:
        table = _space(scenario, "mover").tables.step_table
        assert shared > table.places // 2


@pytest.mark.parametrize("hostiles", [0, 2, 5])
def test_the_pruning_table_by_place_is_the_pure_searchs(hostiles: int) -> None:
    """The compiled pruning table, by place (and by provoked set where at most three hostiles
    watch, by place alone past that), holds what the pure search's ``_best`` holds, after one
    search and after a second on the same space; and both searches settle alike."""
    at = ["F4", "H6", "D8", "J9", "E3"]
    scenario = parsed({"ruleset": "dnd5e",
                       "map": {"grid": "square", "columns": 14, "rows": 12, "top": 5},
                       "creatures": [{"id": "mover", "speed": {"walk": 20, "fly": 25},
                                      "at": "G7", "altitude": 1, "side": "a"},
                                     *({"id": f"foe{i}", "at": at[i], "side": "b",
                                        "reach": 10 if i % 2 else 5}
                                       for i in range(hostiles))]})
    assert scenario is not None
    assert_same_search(lambda: _space(scenario, "mover"))
    pure_space = _space(scenario, "mover")
    space = _space(scenario, "mover")
    if kernel.compiled5e is None or space.compiled_search() is None:
        return
    assert space.n_watchers == hostiles
    explore_pure(pure_space)
    assert space._pruning.to_dict() == pure_space._best
    pure = explore_pure(pure_space)  # a second search on each space, its table kept
    found = space.compiled_search()
    assert space._pruning.to_dict() == pure_space._best
    assert found is not None and list(found.priority.items()) == list(pure.priority.items())


def test_past_the_dense_pruning_tables_watchers_the_hash_table_prunes_alike() -> None:
    """24 hostiles watching: a key's provoked set and flags no longer fit the dense table's 32
    bits under a position's head, so the pruning table is hashed; it holds what ``_best``
    holds, and the searches settle alike."""
    at = [*(f"{c}{r}" for r in (1, 8) for c in "ABCDEFGH"),
          *(f"{c}{r}" for c in "AH" for r in range(2, 6))]
    scenario = parsed({"ruleset": "dnd5e",  # small: 24 provoked bits leave 9 for the position
                       "map": {"grid": "square", "columns": 8, "rows": 8, "top": 2},
                       "creatures": [{"id": "mover", "speed": {"walk": 10, "fly": 10},
                                      "at": "D4", "altitude": 1, "side": "a"},
                                     *({"id": f"foe{i}", "at": cell, "side": "b"}
                                       for i, cell in enumerate(at))]})
    assert scenario is not None
    assert_same_search(lambda: _space(scenario, "mover"))
    pure_space = _space(scenario, "mover")
    space = _space(scenario, "mover")
    if kernel.compiled5e is None:
        return
    assert space.compiled_search() is not None
    assert space.n_watchers == len(at) == 24
    explore_pure(pure_space)
    assert space._pruning.to_dict() == pure_space._best


def test_the_kernels_count_is_its_parts() -> None:
    """``last_search_bytes`` (what ``benchmarks/memory.py`` reports) is the sum of the parts
    ``last_search_parts`` names, each counted after the search: states met, hash slots, queue,
    pruning table, the arrays returned."""
    compiled = kernel.compiled5e
    if compiled is None:
        return
    scenario = parsed({"ruleset": "dnd5e",
                       "map": {"grid": "square", "columns": 12, "rows": 12, "top": 4},
                       "creatures": [{"id": "mover", "speed": {"walk": 20, "fly": 20},
                                      "at": "F6", "altitude": 1}]})
    assert scenario is not None
    found = _space(scenario, "mover").compiled_search()
    assert found is not None
    parts = compiled.last_search_parts()
    assert set(parts) == {"entries", "slots", "queue", "pruning", "settled"}
    assert sum(parts.values()) == compiled.last_search_bytes()
    assert parts["settled"] == 17 * len(found.priority)
    assert all(size > 0 for size in parts.values())
