"""What ``volare`` says to threat and advice: V-prox asked of a creature standing at each place.

A creature standing at a place is taken as it would stand there: grounded at the hex's ground
level, hovering above it (a moving one is engaged no more closely: V-prox case 1 makes a moving
flyer reach-only where a hovering one is in melee). The attacker ends its round where ``reach``
says, hovering or on the ground (V-inertia: a moving flyer makes no physical attack).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from ...geometry.hexgrid import Direction, Hex, parse_hex
from ...tactics.grid import GridThreatRules, Place
from .model import Mode, VolareBattle, VolareCreature, VolareScenario
from .proximity import engagement_between

__all__ = ["RULES", "VolareThreatRules"]


def _after(me: VolareCreature, state: Mapping[str, Any]) -> VolareCreature:
    """The creature as it stands in a reached end state."""
    heading = state.get("heading")
    return replace(me, at=parse_hex(str(state["at"])), altitude=int(state["altitude"]),
                   mode=Mode(state["mode"]),
                   heading=None if heading is None else Direction[str(heading)],
                   prone=bool(state.get("prone", False)))


def _standing(battle: VolareBattle, at: Hex, altitude: int) -> VolareCreature:
    """Someone standing at a place: grounded at the ground level, else hovering (V-modes)."""
    grounded = altitude == battle.map.ground_at(at)
    return VolareCreature(id="someone", at=at, altitude=altitude,
                          mode=Mode.GROUNDED if grounded else Mode.HOVERING)


class VolareThreatRules(GridThreatRules):
    kind = "hex"
    gap_unit = "hexes"

    def struck(self, scenario: VolareScenario, creature: str, state: Mapping[str, Any]
               ) -> Iterable[tuple[Place, str]]:
        battle = scenario.battle
        vmap = battle.map
        me = _after(battle.creature(creature), state)
        cells = [me.at, *(n for d in Direction if (n := me.at.neighbour(d)) is not None)]
        for cell in cells:
            if not vmap.contains(cell):
                continue
            low = max(vmap.ground_at(cell), me.altitude - 1)
            ceiling = vmap.ceiling_at(cell)
            high = min(vmap.top, me.altitude + 1, vmap.top if ceiling is None else ceiling - 1)
            for z in range(low, high + 1):
                if cell == me.at and z == me.altitude:
                    continue  # its own place
                found = engagement_between(me, _standing(battle, cell, z))
                if found.engagement == "melee":
                    yield (str(cell), z), f"V-prox case {found.case}"

    def struck_key(self, state: Mapping[str, Any]) -> Any:
        """V-prox asks where it is and whether it is moving; not its heading, nor prone."""
        return state["at"], state["altitude"], state["mode"]

    def engaged(self, scenario: VolareScenario, creature: str, state: Mapping[str, Any],
                target: str) -> str | None:
        battle = scenario.battle
        found = engagement_between(_after(battle.creature(creature), state),
                                   battle.creature(target))
        return f"V-prox case {found.case}" if found.engagement == "melee" else None

    def edge(self, scenario: VolareScenario, creature: str, state: Mapping[str, Any], target: str
             ) -> tuple[tuple[str, str], ...]:
        foe = scenario.battle.creature(target)
        if int(state["altitude"]) > foe.altitude:
            return (("elevated", f"holds the elevated position over {target} (V-prox)"),)
        return ()

    def gap(self, scenario: VolareScenario, creature: str, state: Mapping[str, Any],
            target: str) -> int:
        foe = scenario.battle.creature(target)
        return parse_hex(str(state["at"])).distance(foe.at) + abs(
            int(state["altitude"]) - foe.altitude)


RULES = VolareThreatRules()
