"""The compiled search kernel and the pure-Python search give identical answers (issue 12).

Same states settled in the same order, same priorities (ticks × 16 + checks), same parents and
the same steps, and so the same reach, path and check, on every ``volare`` example and on random
battlefields, winds, classes, flags and creatures (hypothesis). Where the kernel is not built,
every comparison still runs, both sides pure, and the test of the build says why it is absent.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sysconfig
from array import array
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import wingbeat
from both_searches import assert_answers_alike, assert_same_settling, parsed, searching
from conformance import evenly, json_of
from volare_fields import CELLS, DIRECTIONS, TOP, Terrain, battlefield, others, terrain
from wingbeat import kernel
from wingbeat.errors import OptionError
from wingbeat.rulesets.volare import VolareSpace
from wingbeat.search import Exploration, SettledArrays, StateEstimate, explore, explore_pure

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted([*ROOT.glob("examples/volare/*.yaml"),
                   *ROOT.glob("tests/data/examples/volare/*.yaml")])


def _compiler_present() -> bool:
    """A C compiler that runs and the Python headers: what building the kernel at install
    needs (the compiler the build takes: ``CC``, else the one Python was built with)."""
    compiler = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if shutil.which(compiler) is None or not headers.exists():
        return False
    try:
        return subprocess.run([compiler, "--version"], capture_output=True,
                              timeout=60).returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False


def test_the_kernel_is_built_wherever_a_compiler_is() -> None:
    """CI has gcc and the Python headers: there the kernel must be built and in use (unless
    WINGBEAT_PURE forces the fallback); without a compiler the pure-Python search stands in and
    ``--version`` says so."""
    if _compiler_present():
        assert kernel.compiled is not None, "a C compiler is here but the kernel was not built"
        assert kernel.compiled5e is not None, "a C compiler is here but dnd5e's was not built"
    assert kernel.in_use() == (kernel.compiled is not None and not kernel.forced_pure())
    with searching(compiled=False):
        assert not kernel.in_use()
        assert kernel.describe().startswith("kernel: pure Python")
    with searching(compiled=True):
        assert kernel.in_use() == (kernel.compiled is not None)
        said = "kernel: compiled" if kernel.compiled is not None else "kernel: pure Python"
        assert kernel.describe().startswith(said)
        if kernel.compiled is not None and kernel.compiled5e is not None:
            assert kernel.describe() == "kernel: compiled (volare, dnd5e)"


def test_the_flattened_search_is_declared_as_defined() -> None:
    """``_kernel.pyx`` repeats ``search``'s C declaration to ask GCC and Clang to compile it as
    one function (``flatten``): a declaration that no longer matches the definition would fail
    the compile, and the install would quietly fall back to pure Python."""
    import re

    source = (ROOT / "src" / "wingbeat" / "_kernel.pyx").read_text()  # a wheel ships no .pyx
    head = re.search(r"cdef int search\((.*?)\) noexcept nogil:", source, re.S)
    declared = re.search(r"static int __pyx_f_8wingbeat_7_kernel_search\((.*?)\)", source, re.S)
    assert head is not None and declared is not None

    def c_types(text: str) -> list[str]:
        return [" ".join(part.split()) for part in text.split(",")]

    # a struct's C name is its module's: ``_kernel``'s own, or ``_bucketqueue``'s (the queue
    # and the settled states, cimported from ``_bucketqueue.pxd``)
    shared = (ROOT / "src" / "wingbeat" / "_bucketqueue.pxd").read_text()

    def struct(name: str) -> str:
        module = "12_bucketqueue" if f"cdef struct {name}:" in shared else "7_kernel"
        return f"struct __pyx_t_8wingbeat_{module}_{name}"

    pyx = {"const Space *": f"{struct('Space')} const *", "Table *": f"{struct('Table')} *",
           "Queue *": f"{struct('Queue')} *", "Settled *": f"{struct('Settled')} *"}
    defined = [pyx.get(kind, kind) for kind in
               (re.sub(r"\w+$", "", part).strip() for part in c_types(head.group(1)))]
    assert defined == c_types(declared.group(1))


def test_version_says_which_search_runs() -> None:
    from typer.testing import CliRunner

    from wingbeat.cli import app

    for compiled in (True, False):
        with searching(compiled):
            out = CliRunner().invoke(app, ["--version"]).stdout
            assert out.endswith(f"({kernel.describe()})\n"), out


def test_explore_uses_the_kernel_when_in_use() -> None:
    space = _space(_open(EXAMPLES[0]), _creatures(_open(EXAMPLES[0]))[0])
    with searching(compiled=True):
        found = explore(space)
        assert isinstance(found, SettledArrays) == (kernel.compiled is not None)
    with searching(compiled=False):
        assert not isinstance(explore(space), SettledArrays)


# -- the comparison ------------------------------------------------------------------------------

def _open(path: Path) -> wingbeat.Scenario:
    return wingbeat.open_scenario(str(path))


def _creatures(scenario: wingbeat.Scenario) -> list[str]:
    return [c.id for c in scenario.battle.creatures]


def _space(scenario: wingbeat.Scenario, creature: str) -> VolareSpace:
    return VolareSpace(scenario.battle, creature)


def assert_same_search(space: VolareSpace, *, avoid_checks: bool = False) -> Exploration:
    """The kernel's exploration equals the pure one: the same settled states in the same
    settling order with the same priorities, the same parents and steps (moves, costs, checks,
    events), the same ways; and each way walked back (``path_to``) is the same."""
    pure = explore_pure(space, avoid_checks=avoid_checks)
    found = space.compiled_search(avoid_checks=avoid_checks)
    if kernel.compiled is None:
        assert found is None
        return pure
    assert found is not None
    assert_same_settling(found, pure)
    for code in evenly(list(pure.priority), 40):
        assert found.path_to(code) == pure.path_to(code)
        assert found.ticks(code) == pure.ticks(code)
    return found


def assert_same_answers(scenario: wingbeat.Scenario, creature: str, **options: Any) -> None:
    """reach (JSON and text), path to a sample of the cells it reaches (and to the same cell at
    the state's altitude and mode), and check of their ways: the same with the kernel as with
    the pure-Python search."""
    assert_answers_alike(
        scenario, creature, states=6,
        pinned=lambda state: {"altitude": state.state["altitude"], "mode": state.state["mode"]},
        **options)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_volare_example_searches_alike(path: Path) -> None:
    scenario = _open(path)
    for creature in _creatures(scenario):
        for avoid in (False, True):
            assert_same_search(_space(scenario, creature), avoid_checks=avoid)
        assert_same_answers(scenario, creature)
        assert_same_answers(scenario, creature, no_checks=True)


def test_the_built_in_example_searches_alike() -> None:
    scenario = wingbeat.open_scenario("example:giant-bat")
    for creature in _creatures(scenario):
        assert_same_search(_space(scenario, creature))
        assert_same_answers(scenario, creature)


def test_a_goal_stops_both_searches_at_the_same_bucket() -> None:
    """``path``'s goal: both stop once the bucket of the first goal state is done."""
    scenario = _open(EXAMPLES[0])
    creature = _creatures(scenario)[0]
    space = _space(scenario, creature)
    whole = explore_pure(space)
    for code in evenly(list(whole.priority)[1:], 8):
        ticks = whole.ticks(code)

        def goal(c: int, spent: int, code: int = code) -> bool:
            return c == code

        pure = explore_pure(space, goal=goal)
        assert code in pure.priority and len(pure.priority) <= len(whole.priority)
        with searching(compiled=True):
            found = explore(space, goal=goal)
        assert list(found.priority.items()) == list(pure.priority.items())
        assert found.path_to(code) == pure.path_to(code)
        assert max(found.priority.values()) // 16 >= ticks


def test_a_goal_that_raises_raises_through_the_kernel() -> None:
    scenario = _open(EXAMPLES[0])
    space = _space(scenario, _creatures(scenario)[0])

    def goal(_code: int, spent: int) -> bool:
        if spent:
            raise ZeroDivisionError("from the goal")
        return False

    with searching(compiled=True), pytest.raises(ZeroDivisionError, match="from the goal"):
        explore(space, goal=goal)


def test_both_refuse_past_the_cap_alike() -> None:
    """The in-search cap (past the estimate, which ``explore`` asks first): the same refusal."""
    scenario = _open(EXAMPLES[0])
    space = _space(scenario, _creatures(scenario)[0])
    settled = len(explore_pure(space))
    with pytest.raises(OptionError) as pure:
        explore_pure(space, max_states=settled - 1)
    if kernel.compiled is not None:
        with pytest.raises(OptionError) as compiled:
            space.compiled_search(max_states=settled - 1)
        assert str(compiled.value) == str(pure.value)
        found = space.compiled_search(max_states=settled)
        assert found is not None and len(found) == settled


def test_the_hashed_index_agrees_with_the_dense_one() -> None:
    """On a map too large to index every place densely the kernel hashes the states: the same
    answers (forced here on a small map)."""
    scenario = wingbeat.parse_scenario(_big_flyer(24, 40, top=6))
    space = VolareSpace(scenario.battle, "f")
    space.kernel_dense_places = 0
    assert_same_search(space)


def _arrays(found: Exploration) -> tuple[bytes, ...]:
    assert isinstance(found, SettledArrays)
    return tuple(bytes(memoryview(a)) for a in (found.codes, found.priorities, found.parents,
                                                 found.kinds))


def test_a_search_writes_again_only_arrays_no_one_holds() -> None:
    """The kernel writes a search's result into the arrays of the one before once nothing else
    holds them (their pages are already there): arrays still held, or seen through a view, are
    never written; arrays emptied or grown by their holder before they were let go are sized
    again; and every search answers as it would in fresh arrays."""
    if kernel.compiled is None:
        pytest.skip("the kernel is not built")
    slow = wingbeat.parse_scenario(_big_flyer(24, 40, top=6, fly=8))
    fast = wingbeat.parse_scenario(_big_flyer(24, 40, top=6, fly=12))
    with searching(compiled=True):
        first = explore(VolareSpace(fast.battle, "f"))
        want = _arrays(first)
        second = explore(VolareSpace(slow.battle, "f"))  # the first still held
        other = _arrays(second)
        assert _arrays(first) == want and other != want
        view = memoryview(first.parents)  # a view holds its array, and so the first's
        del first
        third = explore(VolareSpace(slow.battle, "f"))
        assert bytes(view) == want[2] and _arrays(third) == other
        del view, second
        assert isinstance(third, SettledArrays) and isinstance(third.codes, array)
        del third.codes[:]  # the holder empties one (its memory shrinks), grows another,
        third.kinds.extend(range(100))  # type: ignore[attr-defined]
        del third  # then lets them go
        assert _arrays(explore(VolareSpace(fast.battle, "f"))) == want


def test_the_result_arrays_grow_past_the_estimate(monkeypatch: pytest.MonkeyPatch) -> None:
    """The kernel makes room in its result arrays for the space's estimate of the states and
    grows them (taking the GIL back) when more are settled: the same answer."""
    if kernel.compiled is None:
        pytest.skip("the kernel is not built")
    scenario = wingbeat.parse_scenario(_big_flyer(24, 40, top=6))
    with searching(compiled=True):
        first = explore(VolareSpace(scenario.battle, "f"))  # held: the next makes new arrays
        small = VolareSpace(scenario.battle, "f")
        monkeypatch.setattr(small, "estimate", lambda: StateEstimate(1, 1, 1, 1))
        again = explore(small)  # room for 4,096 states, the least it makes, of 12,253
        assert len(first) > 2 * 4096 and _arrays(again) == _arrays(first)


def _big_flyer(columns: int, rows: int, *, top: int, fly: int = 8) -> dict[str, Any]:
    return {"ruleset": "volare",
            "map": {"grid": "hex", "columns": columns, "rows": rows, "top": top,
                    "wind": {"strength": "breeze", "toward": "SE"},
                    "cells": [{"at": ["F10", "G11", "H12"], "ground": 2},
                              {"at": ["L20"], "ceiling": 2}]},
            "creatures": [{"id": "f", "fly": fly, "ground": 6, "maneuverability": "excellent",
                           "reflex": 40, "at": "L20", "altitude": 1, "mode": "hovering"}]}


# -- random battlefields -------------------------------------------------------------------------

@st.composite
def battlefields(draw: st.DrawFn) -> dict[str, Any]:
    """Raised ground, tunnels, every wind, class and mode, prone and loaded creatures that walk,
    and flyers that start the round at ground level (skimming) or hovering in wind."""
    land = terrain(draw, raised=8, tunnels=4, highest=3)
    cells = land.cells
    at = draw(st.sampled_from(CELLS))
    ground = next((c["ground"] for c in cells if c["at"] == [at] and "ground" in c), 0)
    ceiling = next((c["ceiling"] for c in cells if c["at"] == [at] and "ceiling" in c), TOP + 1)
    mode = draw(st.sampled_from(["grounded", "hovering", "moving"]))
    man = draw(st.sampled_from(["excellent", "medium", "poor"]))
    creature: dict[str, Any] = {
        "id": "f", "at": at, "mode": mode, "fly": draw(st.integers(0, 9)),
        "ground": draw(st.integers(0, 12)), "maneuverability": man,
        "reflex": draw(st.integers(0, 100)), "prone": mode == "grounded" and draw(st.booleans()),
    }
    if draw(st.booleans()):
        creature["strength"] = draw(st.integers(3, 18))
        creature["load"] = draw(st.integers(0, 400))
    low = ground + (1 if man == "poor" and mode != "grounded" else 0)
    creature["altitude"] = draw(st.integers(low, max(low, min(TOP, ceiling - 1))))
    if mode == "grounded":
        creature["altitude"] = ground
    elif mode == "moving":
        creature["heading"] = draw(st.sampled_from(DIRECTIONS))
    return battlefield(land, creature)


RANDOM = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@RANDOM
@given(battlefields(), st.booleans())
def test_random_battlefields_search_alike(data: dict[str, Any], avoid: bool) -> None:
    scenario = parsed(data)
    if scenario is None:
        return
    assert_same_search(_space(scenario, "f"), avoid_checks=avoid)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(battlefields())
def test_random_battlefields_answer_alike(data: dict[str, Any]) -> None:
    scenario = parsed(data)
    if scenario is None:
        return
    assert_same_answers(scenario, "f")


@st.composite
def crowded(draw: st.DrawFn) -> dict[str, Any]:
    """``battlefields`` with one to three more creatures in places of their own: no end, no
    landing and no skimming save in their places (V-occupied), in both searches alike."""
    data = draw(battlefields())
    flyer = data["creatures"][0]
    land = Terrain([], [], data["map"]["cells"], data["map"]["wind"])
    data["creatures"] += others(draw, land, {(flyer["at"], flyer["altitude"])})
    return data


@RANDOM
@given(crowded(), st.booleans())
def test_crowded_battlefields_search_alike(data: dict[str, Any], avoid: bool) -> None:
    scenario = parsed(data)
    if scenario is None:
        return
    assert_same_search(_space(scenario, "f"), avoid_checks=avoid)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(crowded())
def test_crowded_battlefields_answer_alike(data: dict[str, Any]) -> None:
    scenario = parsed(data)
    if scenario is None:
        return
    assert_same_answers(scenario, "f")


def test_the_giant_bat_ends_nowhere_on_the_chamois_in_both_searches() -> None:
    """V-occupied in the kernel: the giant bat's reach, compiled and pure, lists no end state at
    V36, altitude 0, where the chamois stands, and the same states otherwise."""
    scenario = wingbeat.open_scenario("example:giant-bat")
    reports = []
    for compiled in (True, False):
        with searching(compiled=compiled):
            report = json_of(wingbeat.reach(scenario, "bat"))
        assert not [s for s in report["states"] if (s["at"], s["altitude"]) == ("V36", 0)]
        reports.append(report)
    assert reports[0] == reports[1]


def test_the_fallback_is_the_reference() -> None:
    """``explore`` under WINGBEAT_PURE is ``explore_pure``: the fallback is the search as it was,
    a dict-backed ``Exploration``."""
    scenario = _open(EXAMPLES[0])
    space = _space(scenario, _creatures(scenario)[0])
    with searching(compiled=False):
        found = explore(space)
    assert type(found) is Exploration
    assert list(found.priority.items()) == list(explore_pure(space).priority.items())


# -- the dense index sized to the reach (issue 29: memory per settled state) ---------------------

def _index() -> tuple[int, int, int]:
    """(places indexed densely, hexes walked within reach, states hashed) of the last search."""
    counted: tuple[int, int, int] = kernel.compiled.last_search_index()  # type: ignore[union-attr]
    return counted


def _outside_the_cone(space: VolareSpace, found: Exploration) -> list[int]:
    """The settled states outside the kernel's bound of the reach (``_kernel.within_reach``),
    worked out here again: ``r`` steps of hexes from the start (a walk of the neighbours'
    table) cost at least ``r`` cheapest steps (flight, or 12 ticks on foot) but for a violent
    landing's free walk, and what is left climbs a level for 24 ticks, descends one for 12."""
    from collections import deque

    _ground, _ceil, nbr = space._tables.flat
    start, alt0 = divmod((space.start >> 17) >> 3, space.levels)
    costs = [] if space.gale else list(space.costs)
    step = min(costs + ([12] if space.walk_budget else []), default=None)
    free = min(63, space.me.ground // 2) if space.me.ground > 0 else 0
    budget = max(space.budget, space.walk_budget)
    steps = {start: 0}
    todo = deque([start])
    while todo:
        cell = todo.popleft()
        for n in nbr[cell * 6:cell * 6 + 6]:
            if n >= 0 and n not in steps:
                steps[n] = steps[cell] + 1
                todo.append(n)
    outside = []
    for code in found.priority:
        cell, alt = divmod((code >> 17) >> 3, space.levels)
        r = steps[cell]
        left = budget - (max(0, r - free) * step if step else 0)
        if (step is None and r > free) or left < 0 or not alt0 - left // 12 <= alt \
                <= alt0 + left // 24:
            outside.append(code)
    return outside


def _high(data: dict[str, Any], top: int = 40, lift: int = 12) -> dict[str, Any]:
    """``data`` on a map ``top`` levels high, its flyer ``lift`` levels higher (a grounded one
    where it was): the search can reach only some of the altitudes, so the kernel indexes the
    cone of places within reach of the start, not every place of the map."""
    high = {**data, "map": {**data["map"], "top": top}}
    flyer = {**data["creatures"][0]}
    if flyer.get("mode") != "grounded":
        flyer["altitude"] = flyer["altitude"] + lift
    high["creatures"] = [flyer, *data["creatures"][1:]]
    return high


@RANDOM
@given(crowded(), st.booleans())
def test_the_cone_of_places_within_reach_holds_every_state(data: dict[str, Any],
                                                            avoid: bool) -> None:
    """On a high map the kernel indexes only the places its budget could reach (a cone around
    the start, narrower further out): the same search as the pure one, in every wind, class,
    mode and load, on foot, after a violent landing, crowded; and the bound holds, no state
    settled outside it."""
    scenario = parsed(_high(data))
    if scenario is None:
        return
    space = _space(scenario, "f")
    found = assert_same_search(space, avoid_checks=avoid)
    assert _outside_the_cone(space, found) == []
    if kernel.compiled is not None:
        places, walked, hashed = _index()
        assert hashed == 0 and walked > 0 and places > 0


def _high_flyer(fly: int, top: int = 30) -> dict[str, Any]:
    """``_big_flyer``'s map, ``top`` levels high, its flyer high above it: a search that can
    reach only some of the altitudes."""
    data = _big_flyer(24, 40, top=top, fly=fly)
    data["creatures"][0].update({"at": "M21", "altitude": top // 2})
    return data


@pytest.mark.parametrize("limit", [0, 1, 3])
def test_states_past_a_misjudged_reach_are_hashed_alike(limit: int) -> None:
    """A bound that misjudged the reach would cost time, never answers: the states past it
    (forced here by shortening the reach) share chains of places kept for them, and are found
    the same; the next searches, reusing its buffers, too."""
    if kernel.compiled is None:
        pytest.skip("the kernel is not built")
    space = VolareSpace(wingbeat.parse_scenario(_high_flyer(6)).battle, "f")
    space.kernel_reach_limit = limit
    found = assert_same_search(space)
    assert _outside_the_cone(space, found) == []  # (the true bound holds: the forced one not)
    for again in (_high_flyer(6), _big_flyer(24, 40, top=6, fly=12), _high_flyer(4, top=60)):
        assert_same_search(VolareSpace(wingbeat.parse_scenario(again).battle, "f"))
        assert _index()[2] == 0


def test_a_search_that_could_reach_every_altitude_indexes_the_map() -> None:
    """Where the budget could reach (nearly) every altitude the kernel indexes the map's own
    places (no hex walked), as fast as it was; where it could not, the cone's (fewer places)."""
    if kernel.compiled is None:
        pytest.skip("the kernel is not built")
    low = VolareSpace(wingbeat.parse_scenario(_big_flyer(24, 40, top=6, fly=12)).battle, "f")
    assert_same_search(low)
    places, walked, hashed = _index()
    assert walked == 0 and hashed == 0 and places == len(low.ground) * low.levels * 8
    low.kernel_dense_places = places - 1  # the map's places too many: the cone's, fewer
    assert_same_search(low)
    fewer, walked, hashed = _index()
    assert walked > 0 and hashed == 0 and fewer < places
    high = VolareSpace(wingbeat.parse_scenario(_high_flyer(8, top=60)).battle, "f")
    assert_same_search(high)
    places, walked, hashed = _index()
    assert walked > 0 and hashed == 0 and places < len(high.ground) * high.levels * 8 // 4
