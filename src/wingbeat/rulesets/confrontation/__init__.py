"""``confrontation``: the "Vol" ability of Confrontation (current text, Confédé, 3.5, 3), in cm.

The rule reference is ``docs/rulesets/confrontation.md``; rule ids (``C-change`` …) appear in every
refusal. Not a grid: ``reach`` answers with areas (one per tier the fighter can end at), ``check``
reads a move of waypoints and tier changes, ``path`` gives the shortest such move to a point.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ...errors import NotationError, OptionError, ScenarioError, shown
from ...geometry.table import distance
from ...i18n import localized_number
from ...rules.questions import refuse_unknown_options
from ...rules.tabletop import goal_point
from ._messages import _
from .model import (
    TIER_ONE_CLEARANCE,
    ConfrontationBattle,
    ConfrontationScenario,
    Edition,
    Fighter,
    Obstacle,
    Zone,
)
from .mou import CHANGE_COST, Budget, Change, Order, budget, change_between
from .movement import FIELD_OF_VISION, check_move, reach, route_moves, sees, vision_words
from .reports import (
    DIVE_BONUSES,
    ConfrontationEngagement,
    ConfrontationMove,
    ConfrontationReach,
    Stage,
    TierArea,
)
from .terrain import BASE_SLACK, TOLERANCE, Terrain
from .words import cm

__all__ = [
    "CHANGE_COST",
    "DIVE_BONUSES",
    "FIELD_OF_VISION",
    "RULESET",
    "TIER_ONE_CLEARANCE",
    "TOLERANCE",
    "Budget",
    "Change",
    "ConfrontationBattle",
    "ConfrontationEngagement",
    "ConfrontationMove",
    "ConfrontationReach",
    "ConfrontationRuleset",
    "Edition",
    "Fighter",
    "Obstacle",
    "Order",
    "Stage",
    "Terrain",
    "TierArea",
    "Zone",
    "budget",
    "change_between",
    "check_move",
    "engagement",
    "reach",
    "route_moves",
    "sees",
    "vision_words",
]

_QUERY_OPTIONS = {"factor", "pursuit", "no_checks"}
#: The range of ``factor``: a run or a charge doubles the MOU, and nothing in the rules moves a
#: fighter ten times as far or a tenth as far; past it the areas are built from numbers near
#: ``1e308`` (``OverflowError``) or with no width at all (``ZeroDivisionError``).
FACTOR_RANGE = (Fraction(1, 10), Fraction(10))


def _options(options: Mapping[str, Any]) -> tuple[Fraction, bool]:
    """The query options: ``factor`` on MOU (a run, a charge; default 1) and ``pursuit``."""
    refuse_unknown_options(ConfrontationRuleset.id, options, _QUERY_OPTIONS,
                           said=("factor", "pursuit"))
    raw = options.get("factor", 1)
    low, high = FACTOR_RANGE
    factor = _factor(raw)
    if factor is None or not low <= factor <= high:
        raise OptionError(_("factor is a number from {low} to {high} multiplying MOU (2 for a "
                            "run, a charge), got {value}").format(
            low=localized_number(f"{float(low):g}"), high=localized_number(f"{float(high):g}"),
            value=shown(str(raw))))
    pursuit = options.get("pursuit", False)
    if not isinstance(pursuit, bool):
        raise OptionError(_("pursuit is true or false, got {value}").format(value=repr(pursuit)))
    return factor, pursuit


def _factor(raw: object) -> Fraction | None:
    """``factor`` as an exact number (``2``, ``2.5``, ``"5/2"``), or None if it is none: never
    a float that is not finite, never a text long enough to be slow to read."""
    if isinstance(raw, bool):
        return None
    if isinstance(raw, float):
        return Fraction(str(raw)) if math.isfinite(raw) else None
    if isinstance(raw, int | Fraction):
        return Fraction(raw)
    if isinstance(raw, str) and len(raw) <= 40:
        try:
            return Fraction(raw)
        except (ValueError, ZeroDivisionError):
            return None
    return None


def parse_tier(text: str) -> int:
    if text.strip() not in ("0", "1", "2"):
        raise NotationError(_("expected a tier 0, 1 or 2, got {text}").format(text=repr(text)))
    return int(text)


def engagement(battle: ConfrontationBattle, a_id: str, b_id: str) -> ConfrontationEngagement:
    """Who can fight whom across tiers (C-adj), whether they touch, and who sees whom."""
    if a_id == b_id:
        raise ScenarioError(_("engagement is between two different creatures; got {id} twice")
                            .format(id=repr(a_id)))
    a, b = battle.fighter(a_id), battle.fighter(b_id)
    edition = battle.edition
    gap = distance(a.at, b.at)
    apart = abs(a.tier - b.tier)
    elevated = None if apart == 0 else (a.id if a.tier > b.tier else b.id)
    contact = float(a.base + b.base) / 2
    if apart:
        kind, reason = "none", _("they are at tiers {a} and {b}").format(a=a.tier, b=b.tier)
    elif gap <= contact + BASE_SLACK:  # placed in contact, written to a micron and read back
        kind, reason = "melee", _("same tier, {length} apart: their bases or counters "
                                  "touch").format(length=cm(gap))
    else:
        kind, reason = "none", _("same tier but {length} apart").format(length=cm(gap))
    if apart == 0:
        between = _("same tier: game effects reach each other")
    elif not edition.modern:
        between = _("tiers {a} and {b}: {edition} gives no rule for effects between "
                    "tiers").format(a=a.tier, b=b.tier, edition=edition.words)
    elif apart == 1:
        between = _("adjacent tiers: shooting, a spell or a miracle at the other is at "
                    "difficulty +2")
    else:
        between = _("two tiers apart: no shooting, spell or miracle unless the effect says so")
    dive = None
    for hi, lo in ((a, b), (b, a)):
        if edition.modern and hi.tier >= 1 and lo.tier == hi.tier - 1:
            dive = _("{high} may dive-charge {low} (INI +2, ATT +2, FOR +2; C-dive)").format(
                high=hi.display_name, low=lo.display_name)
    return ConfrontationEngagement(a=a.id, b=b.id, engagement=kind, elevated=elevated,
                                   distance=gap, reason=reason, tiers=(a.tier, b.tier),
                                   between_tiers=between, dive=dive,
                                   sees={a.id: sees(edition, a, b), b.id: sees(edition, b, a)})


class ConfrontationRuleset:
    id = "confrontation"

    def reach(self, scenario: ConfrontationScenario, creature: str,
              options: Mapping[str, Any]) -> ConfrontationReach:
        factor, pursuit = _options(options)
        battle = scenario.battle
        return reach(battle, battle.fighter(creature), factor, pursuit)

    def path(self, scenario: ConfrontationScenario, creature: str, *, to: str, altitude: str | None,
             mode: str | None, options: Mapping[str, Any]) -> ConfrontationMove:
        """The shortest legal move to ``to`` ending at tier ``altitude`` (default: its own)."""
        factor, pursuit = _options(options)
        if mode is not None:
            raise OptionError(_("confrontation has no modes; give --to x,y and --altitude TIER"))
        battle = scenario.battle
        fighter = battle.fighter(creature)
        goal = goal_point(battle.table, to)
        tier = fighter.tier if altitude is None else parse_tier(altitude)
        if abs(tier - fighter.tier) > 1:
            raise NotationError(_("tier {tier} is more than one step from tier {start}: tiers "
                                  "change one step a turn (C-change)").format(
                tier=tier, start=fighter.tier))
        # the routes are found and then checked in one free space (made once: issue 29)
        terrain = Terrain(battle, fighter)
        reports = [check_move(battle, fighter, text, factor, pursuit, terrain)
                   for text in route_moves(battle, fighter, goal, tier, terrain)]
        if not reports:
            return check_move(battle, fighter, f"{to}" if tier == fighter.tier else
                              ("up " if tier > fighter.tier else "") + to +
                              (" down" if tier < fighter.tier else ""), factor, pursuit)
        legal = [r for r in reports if r.legal]
        if legal:
            return min(legal, key=lambda r: (r.spent, -(r.budget.total if r.budget else 0)))
        return max(reports, key=lambda r: len(r.steps))

    def check(self, scenario: ConfrontationScenario, creature: str, moves: str,
              options: Mapping[str, Any]) -> ConfrontationMove:
        factor, pursuit = _options(options)
        battle = scenario.battle
        return check_move(battle, battle.fighter(creature), moves, factor, pursuit)

    def engagement(self, scenario: ConfrontationScenario, a: str,
                   b: str) -> ConfrontationEngagement:
        return engagement(scenario.battle, a, b)


RULESET = ConfrontationRuleset()
