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
from ...model import Scenario
from ...tactics.table import TableThreatRules, Zone
from .flight import CONTACT, TOLERANCE, engagement, reach
from .model import BattlesystemBattle

__all__ = ["RULES", "BattlesystemThreatRules"]


def _battle(scenario: Scenario) -> BattlesystemBattle:
    battle = scenario.battle
    assert isinstance(battle, BattlesystemBattle)
    return battle


class BattlesystemThreatRules(TableThreatRules):
    level_key = "altitude"
    unit = "in"
    tolerance = float(TOLERANCE)

    def members(self, scenario: Scenario) -> list[tuple[str, str | None]]:
        return [(u.id, u.side) for u in _battle(scenario).units]

    def zones(self, scenario: Scenario, creature: str) -> list[Zone]:
        battle = _battle(scenario)
        names = [n.lower() for n in battle.level_names]
        return [Zone(creature, names.index(a.altitude.lower()), a.area.buffer(float(CONTACT)),
                     f'B-alt: within 1" at altitude {a.altitude}', a.area)
                for a in reach(battle, battle.unit(creature)).areas if not a.area.is_empty]

    def level_word(self, scenario: Scenario, level: int) -> Any:
        return _battle(scenario).level_names[level]

    def position(self, scenario: Scenario, creature: str) -> tuple[Point, int, float]:
        u = _battle(scenario).unit(creature)
        return u.at, u.altitude, float(CONTACT)

    def contact(self, scenario: Scenario, creature: str, target: str) -> float:
        return float(CONTACT)

    def end_point(self, scenario: Scenario, verdict: Mapping[str, Any]) -> tuple[Point, int]:
        end = verdict["end"]
        names = [n.lower() for n in _battle(scenario).level_names]
        return parse_point(str(end["at"])), names.index(str(end["altitude"]).lower())

    def engaged(self, scenario: Scenario, creature: str, verdict: Mapping[str, Any],
                target: str) -> str | None:
        battle = _battle(scenario)
        if verdict["end"].get("left_battlefield"):
            return None
        point, level = self.end_point(scenario, verdict)
        moved = replace(battle, units=tuple(
            replace(u, at=point, altitude=level) if u.id == creature else u
            for u in battle.units))
        found = engagement(moved, creature, target)
        return f"B-alt: {found.reason}" if found.engagement == "melee" else None


RULES = BattlesystemThreatRules()
