"""Creatures put where an answer says, to ask ``engagement`` about them: a creature moved to the
end of a way (``moved_to``), someone standing at a place as threat takes it (``standing_at``),
and the scenario with them in it (``with_creatures``). For the grid rulesets (volare, dnd5e)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction
from typing import Any

import wingbeat
from conformance import evenly, json_of
from wingbeat.model import Scenario
from wingbeat.tactics.grid import GridThreat


def with_creatures(scenario: Scenario, *creatures: Any, moved: Any = None) -> Scenario:
    """The scenario with ``moved`` in place of its namesake and ``creatures`` added (nothing is
    validated: a battle made by hand, as threat and advice make theirs)."""
    battle = scenario.battle  # every ruleset's battle has creatures, set anew by with_creatures
    kept = tuple(moved if moved is not None and c.id == moved.id else c
                 for c in battle.creatures)
    return replace(scenario, battle=battle.with_creatures(kept + creatures))


def moved_to(scenario: Scenario, creature: str, end: Mapping[str, Any]) -> Any:
    """``creature`` as it stands at a report's ``end`` (its place, mode, heading, prone)."""
    me = scenario.battle.creature(creature)
    if scenario.ruleset == "volare":
        from wingbeat.geometry.hexgrid import Direction, parse_hex
        from wingbeat.rulesets.volare import Mode

        return replace(me, at=parse_hex(str(end["at"])), altitude=int(end["altitude"]),
                       mode=Mode(end["mode"]),
                       heading=None if end.get("heading") is None else Direction[end["heading"]],
                       prone=bool(end.get("prone", False)))
    from wingbeat.rulesets.dnd5e.rounds import creature_after

    return creature_after(me, end, scenario.battle.map.grid)


def standing_at(scenario: Scenario, at: str, altitude: int, id: str = "victim") -> Any:
    """Someone standing at a grid place, as the threat takes it: in volare grounded at the hex's
    ground level and hovering above it (docs/threat.md), in dnd5e a Medium creature."""
    if scenario.ruleset == "volare":
        from wingbeat.geometry.hexgrid import parse_hex
        from wingbeat.rulesets.volare import Mode, VolareCreature

        cell = parse_hex(at)
        grounded = altitude == scenario.battle.map.ground_at(cell)
        return VolareCreature(id=id, at=cell, altitude=altitude,
                              mode=Mode.GROUNDED if grounded else Mode.HOVERING)
    from wingbeat.geometry.labels import split_label
    from wingbeat.rulesets.dnd5e import Dnd5eCreature, Size

    kind = "hex" if scenario.battle.map.grid.value == "hex" else "square"
    return Dnd5eCreature(id=id, at=split_label(at, kind=kind), altitude=altitude,
                         size=Size.MEDIUM)


def assert_threat_is_real(scenario: Scenario, report: Any, most: int = 12) -> None:
    """Every listed way is a move ``check`` accepts as written, at its cost and saves, with the
    attack kept; from where it ends, ``engagement`` puts a creature standing at the place within
    the attacker's reach: in melee (V-prox), or two hexes apart for a reach of two, and within
    its feet (D-creatures)."""
    assert isinstance(report, GridThreat)
    for place in evenly(list(report.places), most):
        for way in place.by:
            where = f"{way.creature} strikes {place.at}@{place.altitude} by {way.moves!r}"
            verdict = json_of(wingbeat.check(scenario, way.creature, way.moves))
            assert verdict["legal"] and verdict["can_act"], (where, verdict.get("error"))
            assert Fraction(verdict["cost"]) == way.cost, where
            assert verdict["checks"] == [c.to_dict() for c in way.checks], where
            end = verdict["end"]
            victim = standing_at(scenario, place.at, place.altitude)
            moved = moved_to(scenario, way.creature, end)
            found = wingbeat.engagement(with_creatures(scenario, victim, moved=moved),
                                        way.creature, "victim")
            assert found.b_in_reach_of_a, (where, found.to_dict())
            if scenario.ruleset == "volare" and moved.melee_reach == 1:
                assert found.engagement == "melee", (where, found.to_dict())
