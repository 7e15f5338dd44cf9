"""A reach report read off the search's arrays (``rules/grid.py``'s ``_Ends``) is the report
built whole, state by state: the same states, JSON, text, text map and picture cells, with the
compiled kernel and with the pure-Python search (WINGBEAT_PURE), on random volare and dnd5e
battlefields and on every example (V-inertia, V-wind, V-skim, D-creatures: the rules whose states
the report lists)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import wingbeat
from both_searches import searching
from test_dnd5e_properties import battlefields as dnd5e_battlefields
from test_kernel import battlefields as volare_battlefields
from wingbeat.render.cells import cells_reached
from wingbeat.rules import find_ruleset
from wingbeat.rules.grid import (
    ActingWay,
    GridSpace,
    ReachedState,
    ReachReport,
    _acting_alternatives,
    _Costs,
    _fraction,
    _select,
    grid_reach,
)
from wingbeat.search import CHECK_SLOTS, explore

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted([*ROOT.glob("examples/volare/*.yaml"), *ROOT.glob("examples/dnd5e/*.yaml"),
                   *ROOT.glob("tests/data/examples/volare/*.yaml"),
                   *ROOT.glob("tests/data/examples/dnd5e/*.yaml")])


def eager_reach(make_space: Callable[[], GridSpace], *, avoid_checks: bool = False
                ) -> ReachReport:
    """The report as ``grid_reach`` built it before it read the arrays: every state whole, at
    once, off the dict-backed search tree (a space answers one query: each has its own)."""
    space = make_space()
    found = explore(space, avoid_checks=avoid_checks)
    priority = dict(found.priority)
    key_of: Callable[[int], Any] = getattr(space, "end_key", None) or (
        lambda code: tuple(space.describe(code).items()))
    order, later = _select(space, priority, priority, key_of)  # the best way to each end state
    open_actions = [space.actions(code, priority[code] // CHECK_SLOTS) for code in order]
    acting = _acting_alternatives(space, priority, key_of, order, open_actions, later)
    moves_to, checks_to = found.ways()
    costs = _Costs(space.tick)
    states = []
    for code, actions in zip(order, open_actions, strict=True):
        other = acting.get(code)
        to_act = None if other is None else ActingWay(
            costs(priority[other] // CHECK_SLOTS), checks_to[other], moves_to[other])
        states.append(ReachedState(space.describe(code), costs(priority[code] // CHECK_SLOTS),
                                   "attack" in actions, actions, checks_to[code],
                                   moves_to[code], to_act))
    least: dict[str, Any] = {}
    for s in states:
        least.setdefault(str(s.state.get("at")), s.cost)
    lazy = grid_reach(make_space(), avoid_checks=avoid_checks)
    return ReachReport(space.ruleset, space.creature, space.unit,
                       _fraction(space, space.budget),
                       None if space.half is None else _fraction(space, space.half),
                       tuple(states), space.info(), space.text_map(least), lazy.note,
                       getattr(space, "field_text", None), spend=lazy.spend)


def assert_lazy_is_eager(make_space: Callable[[], GridSpace], *, avoid_checks: bool = False
                         ) -> None:
    for compiled in (True, False):
        with searching(compiled):
            eager = eager_reach(make_space, avoid_checks=avoid_checks)
            # each reading on a fresh report, so none leans on what another made
            def lazy() -> ReachReport:
                return grid_reach(make_space(), avoid_checks=avoid_checks)
            assert lazy().to_dict() == eager.to_dict()
            assert lazy().to_text() == eager.to_text()
            for limit in (0, 1, 3, 40):
                assert lazy().to_text(limit) == eager.to_text(limit)
            assert lazy().text_map == eager.text_map
            assert lazy().places() == [str(s.state["at"]) for s in eager.states]
            assert list(lazy().ends()) == [(s.state, s.cost, s.can_act) for s in eager.states]
            for altitude in (None, 0, 1):
                assert cells_reached(lazy(), altitude) == cells_reached(eager, altitude)
            report = lazy()
            assert report.states == eager.states
            assert report == eager
            # once made whole, the report reads its states
            assert report.to_dict() == eager.to_dict()
            assert report.to_text(3) == eager.to_text(3)


SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(volare_battlefields(), st.booleans())
def test_random_volare_battlefields_report_alike(data: dict[str, Any], avoid: bool) -> None:
    from wingbeat.rulesets.volare import VolareSpace

    try:
        scenario = wingbeat.parse_scenario(data)
    except wingbeat.ScenarioError:
        return
    assert_lazy_is_eager(lambda: VolareSpace(scenario.battle, "f", search=True),
                         avoid_checks=avoid)


@SETTINGS
@given(dnd5e_battlefields())
def test_random_dnd5e_battlefields_report_alike(field: tuple[str, str]) -> None:
    scenario = wingbeat.read_scenario_text(field[0])
    ruleset = find_ruleset("dnd5e")
    assert_lazy_is_eager(lambda: ruleset.space(scenario, "mover", full_notation=False))


def _example_spaces() -> list[tuple[str, str]]:
    import yaml

    return [(str(p), c["id"]) for p in EXAMPLES
            for c in yaml.safe_load(p.read_text())["creatures"]]


def example_space(path: str, creature: str) -> Callable[[], GridSpace]:
    """What makes a new search space of ``creature`` in the example at ``path``, as ``reach``
    makes it (the searches' notation)."""
    scenario = wingbeat.open_scenario(path)
    ruleset = find_ruleset(scenario.ruleset)
    if scenario.ruleset == "volare":
        def make() -> GridSpace:
            return ruleset.space(scenario, creature, search=True)  # type: ignore[attr-defined, no-any-return]
    else:
        def make() -> GridSpace:
            return ruleset.space(scenario, creature, full_notation=False)  # type: ignore[attr-defined, no-any-return]
    return make


@pytest.mark.parametrize(("path", "creature"), _example_spaces())
def test_every_example_reports_alike(path: str, creature: str) -> None:
    assert_lazy_is_eager(example_space(path, creature))


def test_a_report_made_whole_is_built_only_when_read() -> None:
    """``reach`` decides which end states there are; their fields and ways wait to be read."""
    report = wingbeat.reach(wingbeat.open_scenario("example:giant-bat"), "bat")
    assert isinstance(report, ReachReport)
    assert report._states is None
    report.to_text(3)
    report.to_dict()
    assert report._states is None
    assert len(report.states) == len(report.to_dict()["states"]) > 3


#: a poor flyer hovering in a light breeze: several ways reach some end states at the same least
#: priority, so the kernel's choice hands them to ``way_rank`` (V-wind, V-inertia)
TIED = {"ruleset": "volare",
        "map": {"grid": "hex", "columns": 8, "rows": 14, "top": 4,
                "wind": {"strength": "light-breeze", "toward": "SE"},
                "cells": [{"at": ["B12"], "ground": 1}, {"at": ["E13"], "ground": 1},
                          {"at": ["E5"], "ground": 3}, {"at": ["H4"], "ground": 2}]},
        "creatures": [{"id": "f", "at": "F2", "mode": "hovering", "fly": 9, "ground": 0,
                       "maneuverability": "poor", "reflex": 97, "altitude": 4}]}


def test_ways_tied_at_the_least_priority_are_ranked_alike() -> None:
    from wingbeat import kernel
    from wingbeat.rulesets.volare import VolareSpace

    scenario = wingbeat.parse_scenario(TIED)
    if kernel.in_use():  # (WINGBEAT_PURE=1: the pure search, with no arrays to pick from)
        found = explore(VolareSpace(scenario.battle, "f", search=True))
        picked = VolareSpace(scenario.battle, "f").kernel_ends(found)  # type: ignore[arg-type]
        assert picked is not None and len(picked[2]) > 0
    assert_lazy_is_eager(lambda: VolareSpace(scenario.battle, "f", search=True))
