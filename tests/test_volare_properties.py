"""Invariants of reach, path and check over random volare battlefields (hypothesis)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import wingbeat
from conformance import (
    assert_path_finds_the_least_cost,
    assert_reach_shape,
    assert_ways_check,
    evenly,
    json_of,
)
from placing import assert_threat_is_real
from volare_fields import DIRECTIONS, battlefield, flyer, others, terrain
from wingbeat.geometry.hexgrid import parse_hex
from wingbeat.rules.grid import MoveReport, ReachReport
from wingbeat.rulesets.volare import Mode, VolareSpace, strikes


@st.composite
def battlefields(draw: st.DrawFn) -> dict[str, Any]:
    land = terrain(draw, raised=6, tunnels=3, highest=2)
    return battlefield(land, flyer(draw, land))


def _reach(data: dict[str, Any], **options: Any) -> ReachReport:
    report = wingbeat.reach(wingbeat.parse_scenario(data), "f", **options)
    assert isinstance(report, ReachReport)
    return report


FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(battlefields())
def test_every_reached_state_is_reached_by_its_path(data: dict[str, Any]) -> None:
    """reach, path and check share one legality function: every reported way checks out, at its
    cost, with its checks, ending in its state (the conformance assertion, every state).

    There is always somewhere to end the round (V-wind, V-skim: no dead end, even for a creature
    that can neither pay the wind nor drift, or that is caught skimming in a gale)."""
    scenario = wingbeat.parse_scenario(data)
    report = json_of(_reach(data))
    assert_reach_shape("volare", report, "f")
    assert report["states"], "no legal end state at all"
    assert report["states"][0]["cost"] == "0" or data["creatures"][0]["mode"] == "hovering"
    assert_ways_check(scenario, "f", report, report["states"])


@FAST
@given(battlefields())
def test_cheapest_path_matches_reach(data: dict[str, Any]) -> None:
    """The cheapest path to a reached (hex, altitude, mode) costs its least reach cost, with and
    without --can-act (the conformance assertion, on six states evenly spread)."""
    scenario = wingbeat.parse_scenario(data)
    report = json_of(_reach(data))
    sample = evenly(report["states"], 6)
    assert_path_finds_the_least_cost(scenario, "f", report, sample)
    assert_path_finds_the_least_cost(scenario, "f", report, sample[-2:], can_act=True)


@FAST
@given(battlefields(), st.integers(1, 4))
def test_more_budget_never_removes_a_state(data: dict[str, Any], extra: int) -> None:
    before = {tuple(s.state.items()) for s in _reach(data).states}
    data["creatures"][0]["fly"] += extra
    after = {tuple(s.state.items()) for s in _reach(data).states}
    assert before <= after


@FAST
@given(battlefields())
def test_avoiding_checks_only_removes_ways(data: dict[str, Any]) -> None:
    """--no-checks keeps a subset of the end states, none of them needing a save."""
    full = {tuple(s.state.items()): s.cost for s in _reach(data).states}
    safe = _reach(data, no_checks=True)
    for s in safe.states:
        key = tuple(s.state.items())
        assert not s.checks
        assert key in full and full[key] <= s.cost


@FAST
@given(battlefields(), st.lists(st.sampled_from(
    [*DIRECTIONS, "up", "down", "hover", "thrust", "skim", "land", "land-fast", "pay"]),
    max_size=6))
def test_check_never_crashes_and_refusals_name_a_rule(data: dict[str, Any],
                                                      moves: list[str]) -> None:
    verdict = wingbeat.check(wingbeat.parse_scenario(data), "f", " ".join(moves))
    assert isinstance(verdict, MoveReport)
    if not verdict.legal:
        assert verdict.error is not None
        assert verdict.error.rule.startswith("V-")
        assert len(verdict.error.message) > 20
    else:
        me = data["creatures"][0]  # a walk on foot spends its own MP of walking (V-walk)
        assert verdict.cost <= Fraction(max(me["fly"], me.get("ground", 0)))


@FAST
@given(battlefields(), st.lists(st.sampled_from(
    [*DIRECTIONS, "up", "down", "hover", "thrust", "skim", "land", "land-fast", "pay"]),
    min_size=1, max_size=6))
def test_a_refusal_cites_the_rule_that_really_forbids_the_step(data: dict[str, Any],
                                                               moves: list[str]) -> None:
    """A refusal for want of MP (V-mp) is only given for a step the rules allow at some cost, and
    any other rule only for a step the step generator does not offer at all."""
    assert_refusal_cites_the_rule(data, moves)


def assert_refusal_cites_the_rule(data: dict[str, Any], moves: list[str]) -> None:
    scenario = wingbeat.parse_scenario(data)
    verdict = wingbeat.check(scenario, "f", " ".join(moves))
    assert isinstance(verdict, MoveReport)
    if verdict.legal or len(verdict.steps) == len(moves):
        return  # legal, or refused for where it ends (an end-of-round duty)
    space = VolareSpace(scenario.battle, "f")
    code, spent = space.start, 0
    for made in verdict.steps:
        step = min((s for s in space.steps(code, spent) if s[0] == made.move),
                   key=lambda s: (s[2], len(s[3])))
        code, spent = step[1], spent + step[2]
    move = space.parse_move(moves[len(verdict.steps)], code)
    offered = [s for s in space.steps(code, spent) if s[0] == move]
    assert verdict.error is not None
    if verdict.error.rule == "V-mp":
        assert offered and all(spent + s[2] > space.budget for s in offered)
    else:
        assert not offered, (verdict.error.rule, verdict.error.message)


# -- V-occupied, V-prox reach: the flyer among other creatures ------------------------------------

@st.composite
def crowded(draw: st.DrawFn) -> dict[str, Any]:
    """A random battlefield of ``battlefields`` with one to three more creatures, each in a place
    of its own (hex and altitude), on the ground or hovering, each with a reach of 1 or 2."""
    land = terrain(draw, raised=6, tunnels=3, highest=2)
    creature = flyer(draw, land, reach=True)
    data = battlefield(land, creature)
    data["creatures"] += others(draw, land, {(creature["at"], creature.get("altitude", 0))})
    return data


def _places(data: dict[str, Any]) -> set[tuple[str, int]]:
    """Where the creatures other than ``f`` stand."""
    scenario = wingbeat.parse_scenario(data)
    return {(str(c.at), c.altitude) for c in scenario.battle.creatures if c.id != "f"}


@FAST
@given(crowded())
def test_no_way_ends_where_another_creature_stands(data: dict[str, Any]) -> None:
    """V-occupied: a move may pass through another creature's place but not end there. No end
    state of reach is in one, and every one is accepted by check at its cost (the conformance
    assertion); check refuses any way that would end in one, naming the rule."""
    scenario = wingbeat.parse_scenario(data)
    occupied = _places(data)
    report = json_of(_reach(data))
    assert report["states"], "no legal end state at all"
    assert not {(s["at"], s["altitude"]) for s in report["states"]} & occupied
    assert_ways_check(scenario, "f", report, report["states"])


@FAST
@given(crowded())
def test_advice_never_ends_in_another_creatures_place(data: dict[str, Any]) -> None:
    """V-occupied, V-prox: every position advise offers is a move check accepts with the attack
    left, ends in no other creature's place, and from there f's own reach strikes the target."""
    scenario = wingbeat.parse_scenario(data)
    occupied = _places(data)
    advice = wingbeat.advise(scenario, "f")  # every other creature is a foe: f's side is its own
    for option in advice.options:
        end = (str(option.end["at"]), int(option.end["altitude"]))
        assert end not in occupied, option
        verdict = json_of(wingbeat.check(scenario, "f", option.way.moves))
        assert verdict["legal"] and verdict["can_act"], verdict.get("error")
        assert (verdict["end"]["at"], verdict["end"]["altitude"]) == end
        me = scenario.battle.creature("f")
        moved = replace(me, at=parse_hex(end[0]), altitude=end[1],
                        mode=Mode(verdict["end"]["mode"]), heading=None)
        assert strikes(moved, scenario.battle.creature(option.target)) is not None


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(crowded())
def test_every_threatened_place_is_reached_by_check(data: dict[str, Any]) -> None:
    """Threat zones among other creatures: every way a zone lists is a move check accepts, with
    the attack left, ending in no other creature's place, from which engagement puts a creature
    standing at the place within the attacker's reach (V-prox, V-occupied)."""

    scenario = wingbeat.parse_scenario(data)
    occupied = _places(data)
    zones = wingbeat.threat(scenario, creature="f")
    assert_threat_is_real(scenario, zones, most=20)
    for place in zones.places:
        for way in place.by:
            end = json_of(wingbeat.check(scenario, "f", way.moves))["end"]
            assert (end["at"], end["altitude"]) not in occupied


@FAST
@given(crowded(), st.lists(st.sampled_from(
    [*DIRECTIONS, "up", "down", "hover", "thrust", "skim", "land", "land-fast", "pay"]),
    min_size=1, max_size=6))
def test_a_refusal_among_others_cites_the_rule_that_forbids_the_step(data: dict[str, Any],
                                                                     moves: list[str]) -> None:
    """Among other creatures too: V-mp only for a step the rules allow at some cost, any other
    rule (V-occupied included) only for a step the step generator does not offer at all."""
    assert_refusal_cites_the_rule(data, moves)
