"""The fast threat is the plain one (issue 16's speed): the attack-keeping end states read off the
search's arrays are those of the made ``ReachedState``s, and the places claimed best strike first
(each ruleset's striker skipping what it gave before) are those the plain rule finds: for every
end state that keeps the attack, each place ``struck`` lists, the way with the least ``Way.key``
(the report's first among equals)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

import wingbeat
from test_dnd5e_properties import battlefields as dnd5e_fields
from test_volare_properties import battlefields as volare_fields
from wingbeat.model import Scenario
from wingbeat.rules import find_ruleset
from wingbeat.rules.grid import ReachReport
from wingbeat.tactics import _rules
from wingbeat.tactics.grid import GridThreatRules, _acting_way, _Strikes, kept_reports


def _plain(scenario: Scenario, rules: GridThreatRules, creature: str,
           report: ReachReport) -> dict[Any, tuple[Any, ...]]:
    """The places ``creature`` strikes, each with its best way and how: every state, every place."""
    best: dict[Any, tuple[Any, ...]] = {}
    for s in report.states:
        way = _acting_way(creature, s)
        if way is None:
            continue
        for place, how in rules.struck(scenario, creature, s.state):
            old = best.get(place)
            if old is None or way.key() < old[0]:
                best[place] = (way.key(), way.cost, way.moves, way.checks, how)
    return best


def assert_fast_is_plain(scenario: Scenario) -> None:
    rules = _rules(scenario)
    assert isinstance(rules, GridThreatRules)
    for creature, _side in rules.members(scenario):
        with kept_reports():
            lean = rules._strikes(scenario, creature)
            claims = rules._claims(scenario, creature)
        report = find_ruleset(scenario.ruleset).reach(scenario, creature, {})
        assert isinstance(report, ReachReport)
        assert report.states is not None  # made: the strikes are read off them as they are
        made = _Strikes(creature, report)
        assert len(lean) == len(made), creature
        for i in range(len(made)):
            assert lean.states[i] == made.states[i], (creature, i)
            assert lean.costs[i] == made.costs[i] and lean.actions[i] == made.actions[i]
            assert lean.way(i) == made.way(i), (creature, i)
        fast = {place: (lean.way(i).key(), lean.costs[i], lean.way(i).moves, lean.way(i).checks,
                        how) for place, (i, how) in claims.places.items()}
        assert fast == _plain(scenario, rules, creature, report), creature


@pytest.mark.parametrize("example", ["harpy", "giant-bat"])
def test_the_examples_fast_threat_is_the_plain_one(example: str) -> None:
    assert_fast_is_plain(wingbeat.open_scenario(f"example:{example}"))


@pytest.mark.parametrize("path", ["examples/dnd5e/hex.yaml", "examples/dnd5e/squeeze.yaml",
                                  "examples/volare/breeze-with.yaml"])
def test_the_example_files_fast_threat_is_the_plain_one(path: str) -> None:
    assert_fast_is_plain(wingbeat.open_scenario(path))


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(volare_fields())
def test_volare_fast_threat_is_the_plain_one(data: dict[str, Any]) -> None:
    assert_fast_is_plain(wingbeat.parse_scenario(data, source="prop"))


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(dnd5e_fields())
def test_dnd5e_fast_threat_is_the_plain_one(field: tuple[str, str]) -> None:
    assert_fast_is_plain(wingbeat.read_scenario_text(field[0], source="prop"))
