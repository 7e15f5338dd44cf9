"""``battlesystem``: BATTLESYSTEM mass-combat flying on a tabletop measured in inches.

The rule reference is ``docs/rulesets/battlesystem.md``; rule ids (``B-alt`` …) appear in every
refusal. Not a grid: ``reach`` answers with areas (one per altitude the unit can end at),
``check`` reads a move of waypoints and altitude changes, ``path`` gives the shortest such move
to a point.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...errors import NotationError, OptionError
from ...rules.questions import refuse_unknown_options
from ...rules.tabletop import goal_point
from ._messages import _
from .flight import CONTACT, TOLERANCE, check_move, engagement, reach, route_to
from .model import (
    DEFAULT_LEVELS,
    AltitudeLevel,
    BattlesystemBattle,
    BattlesystemScenario,
    BattlesystemUnit,
    Formation,
    Game,
    Maneuverability,
    Size,
)
from .reports import (
    AltitudeArea,
    BattlesystemEngagement,
    BattlesystemMove,
    BattlesystemReach,
    Leg,
    SectorPart,
)
from .turning import ADND_TURNS, DND_TURNS, TurnCategory, turn_category

__all__ = [
    "ADND_TURNS",
    "CONTACT",
    "DEFAULT_LEVELS",
    "DND_TURNS",
    "RULESET",
    "TOLERANCE",
    "AltitudeArea",
    "AltitudeLevel",
    "BattlesystemBattle",
    "BattlesystemEngagement",
    "BattlesystemMove",
    "BattlesystemReach",
    "BattlesystemRuleset",
    "BattlesystemUnit",
    "Formation",
    "Game",
    "Leg",
    "Maneuverability",
    "SectorPart",
    "Size",
    "TurnCategory",
    "check_move",
    "engagement",
    "reach",
    "route_to",
    "turn_category",
]

#: ``no_checks`` is accepted for every ruleset's CLI; BATTLESYSTEM flight calls for no saves.
_QUERY_OPTIONS = {"no_checks"}


def _options(options: Mapping[str, Any]) -> None:
    refuse_unknown_options(BattlesystemRuleset.id, options, _QUERY_OPTIONS)


def parse_altitude(battle: BattlesystemBattle, text: str) -> int:
    """An altitude level by name (``ground``, ``low`` …), as its index."""
    names = [n.lower() for n in battle.level_names]
    if text.strip().lower() not in names:
        raise NotationError(_("expected an altitude ({levels}), got {text}").format(
            levels=", ".join(battle.level_names), text=repr(text)))
    return names.index(text.strip().lower())


class BattlesystemRuleset:
    id = "battlesystem"

    def reach(self, scenario: BattlesystemScenario, creature: str,
              options: Mapping[str, Any]) -> BattlesystemReach:
        _options(options)
        battle = scenario.battle
        return reach(battle, battle.unit(creature))

    def path(self, scenario: BattlesystemScenario, creature: str, *, to: str, altitude: str | None,
             mode: str | None, options: Mapping[str, Any]) -> BattlesystemMove:
        _options(options)
        if mode is not None:
            raise OptionError(_("battlesystem has no modes; give --to x,y and --altitude"))
        battle = scenario.battle
        unit = battle.unit(creature)
        point = goal_point(battle.table, to)
        level = unit.altitude if altitude is None else parse_altitude(battle, altitude)
        return check_move(battle, unit, route_to(battle, unit, point, level))

    def check(self, scenario: BattlesystemScenario, creature: str, moves: str,
              options: Mapping[str, Any]) -> BattlesystemMove:
        _options(options)
        battle = scenario.battle
        return check_move(battle, battle.unit(creature), moves)

    def engagement(self, scenario: BattlesystemScenario, a: str, b: str) -> BattlesystemEngagement:
        return engagement(scenario.battle, a, b)


RULESET = BattlesystemRuleset()
