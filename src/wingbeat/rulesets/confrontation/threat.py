"""What ``confrontation`` says to threat and advice: bases touching at one tier (C-adj), and the
dive charge onto the tier directly below (C-dive).

A creature standing at a point is taken to have the default base (2.5 cm). A fighter strikes it
where its ``reach`` area at that tier (the places its move may end: ``Terrain.ends``), grown by
the two bases' half-widths, covers the point; from tier 1 or 2 (every edition but 3) also by a
dive charge: a straight leg at its own tier, within its air MOU less the 5 cm the dive costs
(C-change), to the edge of the counter at the tier below or of the base on the ground (C-tiers),
ending in contact on the side it comes from. That contact place is where the charger's own
half-base short of the edge lies on its way, so it is in its area for the dive's length less
that half-base; it must be a place a move may end at the tier below (C-terrain); the zone is
those places grown by the two half-bases.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction
from typing import Any

from ...geometry.table import Point, parse_point
from ...tactics.table import DIRECTIONS, TableThreatRules, Zone
from . import engagement
from ._messages import _
from .model import ConfrontationScenario
from .mou import Change, Order, budget
from .movement import check_move, reach, route_moves
from .reports import DIVE_BONUSES
from .terrain import TOLERANCE, Terrain

__all__ = ["RULES", "ConfrontationThreatRules"]

#: The base of a creature standing at a point (``Fighter``'s default).
STANDING_BASE = Fraction(5, 2)
_BONUSES = ", ".join(f"{k} +{v}" for k, v in DIVE_BONUSES.items())


class ConfrontationThreatRules(TableThreatRules):
    level_key = "tier"
    tolerance = TOLERANCE

    def zones(self, scenario: ConfrontationScenario, creature: str) -> list[Zone]:
        battle = scenario.battle
        me = battle.fighter(creature)
        touch = float(me.base + STANDING_BASE) / 2
        found = [Zone(creature, a.tier, a.area.buffer(touch),
                      _("C-adj: bases touch at tier {tier}").format(tier=a.tier), a.area)
                 for a in reach(battle, me, Fraction(1), False).areas if not a.area.is_empty]
        if battle.edition.modern and me.tier >= 1:
            dive = budget(battle.edition, me, me.tier, Change.DIVE, Order.BEFORE, Fraction(1))
            if dive.reduced >= 0:
                terrain = Terrain(battle, me)
                below = me.tier - 1
                half = me.base / 2
                contact = terrain.ends(below, terrain.region(me.tier, max(dive.total - half,
                                                                          Fraction(0))))
                area = contact.buffer(float(half + STANDING_BASE / 2))  # to its edge
                found.append(Zone(creature, below, area,
                                  _("C-dive: a dive charge from tier {tier} ({bonuses})").format(
                                      tier=me.tier, bonuses=_BONUSES)))
        return found

    def position(self, scenario: ConfrontationScenario, creature: str) -> tuple[Point, int, float]:
        f = scenario.battle.fighter(creature)
        return f.at, f.tier, f.radius

    def contact(self, scenario: ConfrontationScenario, creature: str, target: str) -> float:
        battle = scenario.battle
        return float(battle.fighter(creature).base + battle.fighter(target).base) / 2

    def special_moves(self, scenario: ConfrontationScenario, creature: str,
                      target: str) -> list[str]:
        """The dive charge onto ``target``; when the straight dive is refused (its end is not
        clear, or the way is blocked), the dive from each side: the shortest way at its own
        tier to the place in contact with the target (every 30°, from the side it comes),
        then the dive (C-dive, C-terrain)."""
        direct = f"dive:{target}"
        battle = scenario.battle
        me, it = battle.fighter(creature), battle.fighter(target)
        if not (battle.edition.modern and me.tier >= 1 and it.tier == me.tier - 1
                and not check_move(battle, me, direct, Fraction(1), False).legal):
            return [direct]
        gap = me.radius + it.radius
        toward = math.atan2(me.at[1] - it.at[1], me.at[0] - it.at[0])
        found = [direct]
        for i in range(DIRECTIONS):
            turn = toward + 2 * math.pi * i / DIRECTIONS
            spot = (it.at[0] + gap * math.cos(turn), it.at[1] + gap * math.sin(turn))
            if battle.table.contains(spot):
                found += [f"{way} {direct}".strip()
                          for way in route_moves(battle, me, spot, me.tier)[:1]]
        return found

    def end_point(self, scenario: ConfrontationScenario,
                  verdict: Mapping[str, Any]) -> tuple[Point, int]:
        end = verdict["end"]
        return parse_point(str(end["at"])), int(end["tier"])

    def engaged(self, scenario: ConfrontationScenario, creature: str, verdict: Mapping[str, Any],
                target: str) -> str | None:
        dive = verdict.get("dive")
        if isinstance(dive, Mapping) and dive.get("target") == target:
            return _("C-dive: a dive charge ({bonuses})").format(bonuses=_BONUSES)
        battle = scenario.battle
        point, tier = self.end_point(scenario, verdict)
        moved = replace(battle, fighters=tuple(
            replace(f, at=point, tier=tier) if f.id == creature else f for f in battle.fighters))
        found = engagement(moved, creature, target)
        return (_("C-adj: {reason}").format(reason=found.reason) if found.engagement == "melee"
                else None)

    def edge(self, scenario: ConfrontationScenario, creature: str, verdict: Mapping[str, Any],
             target: str) -> tuple[tuple[str, str], ...]:
        dive = verdict.get("dive")
        if isinstance(dive, Mapping) and dive.get("target") == target:
            return (("dive-charge", _("a dive charge: {bonuses} in its first combat (C-dive)")
                     .format(bonuses=_BONUSES)),)
        return ()


RULES = ConfrontationThreatRules()
