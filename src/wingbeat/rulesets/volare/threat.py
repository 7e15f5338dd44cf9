"""What ``volare`` says to threat and advice: V-prox asked of a creature standing at each place.

A creature standing at a place is taken as it would stand there: grounded at the hex's ground
level, hovering above it (a moving one is engaged no more closely: V-prox case 1 makes a moving
flyer reach-only where a hovering one is in melee). The attacker ends its round where ``reach``
says, hovering or on the ground (V-inertia: a moving flyer makes no physical attack), never in
another creature's place (V-occupied), and strikes every place within its melee reach: one hex,
or two for a reach weapon or a Huge or larger creature (V-prox).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from fractions import Fraction
from typing import Any

from ...geometry.hexgrid import Direction, Hex, parse_hex
from ...rules.grid import ReachReport
from ...tactics.grid import GridThreatRules, Place, battle_table
from ._messages import _
from .model import Mode, VolareBattle, VolareCreature, VolareScenario
from .proximity import apart, strikes

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

    def striker(self, scenario: VolareScenario, creature: str
                ) -> Callable[[Mapping[str, Any]], Iterable[tuple[Place, str]]]:
        battle = scenario.battle
        vmap = battle.map
        me0 = battle.creature(creature)
        reach = me0.melee_reach
        # per hex and reach, its neighbourhood (shared by the battle's strikers while one answer
        # is made): each hex within the reach, its label, distance, ground and highest level, and
        # its places by level
        around: dict[tuple[str, int], list[tuple[str, int, int, int, list[Place]]]] = \
            battle_table(scenario, "around")
        #: where in a hex of the neighbourhood a creature standing is struck, and by which case,
        #: by what V-prox reads (how far apart, how many levels, and whether each is moving or
        #: on the ground: ``strikes``, asked once per kind of pair)
        levels: dict[tuple[int, int, int, Mode], tuple[tuple[int, str], ...]] = {}
        modes = {m.value: m for m in Mode}

        def cells_near(at: Hex) -> list[tuple[str, int, int, int, list[Place]]]:
            found = []
            for dc in range(-reach, reach + 1):
                for dr in range(-2 * reach, 2 * reach + 1):
                    col, row = at.col + dc, at.row + dr
                    if (col + row) % 2 or col < 1 or row < 1:
                        continue
                    cell = Hex(col, row)
                    distance = at.distance(cell)
                    if distance > reach or not vmap.contains(cell):
                        continue
                    ceiling = vmap.ceiling_at(cell)
                    label = str(cell)
                    found.append((label, distance, vmap.ground_at(cell),
                                  vmap.top if ceiling is None else min(vmap.top, ceiling - 1),
                                  [(label, z) for z in range(vmap.top + 1)]))
            found.sort(key=lambda near: near[1])  # its own hex first, then outward
            return found

        def struck_in(state: Mapping[str, Any], label: str, distance: int, ground: int,
                      high: int) -> tuple[tuple[int, str], ...]:
            me = _after(me0, state)
            found = []
            for z in range(max(ground, me.altitude - reach), min(high, me.altitude + reach) + 1):
                if distance == 0 and z == me.altitude:
                    continue  # its own place: no one else stands there (V-occupied)
                verdict = strikes(me, _standing(battle, parse_hex(label), z))
                if verdict is not None:
                    found.append((z, verdict.how))
            return tuple(found)

        def struck(state: Mapping[str, Any]) -> Iterable[tuple[Place, str]]:
            at = str(state["at"])
            altitude = int(state["altitude"])
            mode = modes[state["mode"]]
            near = around.get((at, reach))
            if near is None:
                near = around[at, reach] = cells_near(parse_hex(at))
            found = []
            for label, distance, ground, high, places in near:
                key = (distance, ground - altitude, high - altitude, mode)
                hits = levels.get(key)
                if hits is None:
                    hits = levels[key] = tuple(
                        (z - altitude, how)
                        for z, how in struck_in(state, label, distance, ground, high))
                for dz, how in hits:
                    found.append((places[altitude + dz], how))
            return found

        return struck

    def budget_of(self, report: ReachReport, state: Mapping[str, Any]) -> Fraction:
        """A way on foot spends MP of walking, out of the walk's own budget (V-walk)."""
        walk = report.info.get("walk_budget")
        if state.get("on_foot") and walk is not None:
            return Fraction(str(walk))
        return report.budget

    def struck_key(self, state: Mapping[str, Any]) -> Any:
        """V-prox asks where it is and whether it is moving; not its heading, nor prone."""
        return state["at"], state["altitude"], state["mode"]

    def engager(self, scenario: VolareScenario, creature: str, target: str
                ) -> Callable[[Mapping[str, Any]], str | None]:
        battle = scenario.battle
        me0, foe = battle.creature(creature), battle.creature(target)

        def engaged(state: Mapping[str, Any]) -> str | None:
            found = strikes(_after(me0, state), foe)
            return None if found is None else found.how

        return engaged

    def edge(self, scenario: VolareScenario, creature: str, state: Mapping[str, Any], target: str
             ) -> tuple[tuple[str, str], ...]:
        battle = scenario.battle
        foe = battle.creature(target)
        found: list[tuple[str, str]] = []
        if int(state["altitude"]) > foe.altitude:
            found.append(("elevated", _("holds the elevated position over {target} "
                                        "(V-prox)").format(target=target)))
        far = apart(_after(battle.creature(creature), state), foe)
        if far > foe.melee_reach:
            found.append(("out-of-reach", _("{target} must move to strike back: {far} hexes "
                                            "apart, beyond its melee reach of {reach} "
                                            "(V-prox)").format(target=target, far=far,
                                                               reach=foe.melee_reach)))
        return tuple(found)

    def gap(self, scenario: VolareScenario, creature: str, state: Mapping[str, Any],
            target: str) -> int:
        foe = scenario.battle.creature(target)
        return parse_hex(str(state["at"])).distance(foe.at) + abs(
            int(state["altitude"]) - foe.altitude)


RULES = VolareThreatRules()
