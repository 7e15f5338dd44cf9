"""What ``battlesystem`` says to threat and advice: units in melee are at the same altitude
within 1" of each other (``engagement``'s decision, B-alt).

A unit strikes a creature standing at a point where its ``reach`` area at that altitude, grown by
1", covers the point. BATTLESYSTEM flight calls for no saves and draws no opportunity attacks.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ...geometry.table import Point, parse_point
from ...tactics.table import TableThreatRules, Zone
from ._messages import _
from .flight import CONTACT, TOLERANCE, engagement, reach
from .model import BattlesystemScenario

__all__ = ["RULES", "BattlesystemThreatRules"]


class BattlesystemThreatRules(TableThreatRules):
    level_key = "altitude"
    unit = "in"
    tolerance = float(TOLERANCE)

    def zones(self, scenario: BattlesystemScenario, creature: str) -> list[Zone]:
        battle = scenario.battle
        names = [n.lower() for n in battle.level_names]
        return [Zone(creature, names.index(a.altitude.lower()), a.area.buffer(float(CONTACT)),
                     _('B-alt: within 1" at altitude {level}').format(level=a.altitude), a.area)
                for a in reach(battle, battle.unit(creature)).areas if not a.area.is_empty]

    def level_word(self, scenario: BattlesystemScenario, level: int) -> Any:
        return scenario.battle.level_names[level]

    def position(self, scenario: BattlesystemScenario, creature: str) -> tuple[Point, int, float]:
        u = scenario.battle.unit(creature)
        return u.at, u.altitude, float(CONTACT)

    def contact(self, scenario: BattlesystemScenario, creature: str, target: str) -> float:
        return float(CONTACT)

    def end_point(self, scenario: BattlesystemScenario,
                  verdict: Mapping[str, Any]) -> tuple[Point, int]:
        end = verdict["end"]
        names = [n.lower() for n in scenario.battle.level_names]
        return parse_point(str(end["at"])), names.index(str(end["altitude"]).lower())

    def engaged(self, scenario: BattlesystemScenario, creature: str, verdict: Mapping[str, Any],
                target: str) -> str | None:
        battle = scenario.battle
        if verdict["end"].get("left_battlefield"):
            return None
        point, level = self.end_point(scenario, verdict)
        moved = replace(battle, units=tuple(
            replace(u, at=point, altitude=level) if u.id == creature else u
            for u in battle.units))
        found = engagement(moved, creature, target)
        # Translators: {reason} says where the two units are (same altitude, 0.5" apart …)
        return _("B-alt: {reason}").format(reason=found.reason) if found.engagement == "melee" \
            else None


RULES = BattlesystemThreatRules()
