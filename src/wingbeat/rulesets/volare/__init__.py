"""``volare``: hex-map flight with altitude, inertia, wind, take-off, landing and skimming.

The rule reference is ``docs/rulesets/volare.md``; rule ids (``V-inertia`` …) appear in every
refusal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ...errors import NotationError, OptionError
from ...geometry.hexgrid import Hex, parse_hex
from ...rules.grid import (
    LIFT,
    MoveReport,
    NoWayRules,
    PathNotFound,
    ReachReport,
    budget_text,
    grid_check,
    grid_path,
    grid_path_via,
    grid_reach,
    via_space,
    why_no_way,
)
from ...rules.questions import refuse_unknown_options, whole_number
from ._messages import _
from .encumbrance import STRENGTH_BREAKS, FlightLoad, flight_load
from .model import (
    BandPenalty,
    Encumbrance,
    Maneuverability,
    Mode,
    Size,
    VolareBattle,
    VolareCreature,
    VolareMap,
    VolareOptions,
    VolareScenario,
    Wind,
    WindStrength,
)
from .proximity import Engagement, apart, engagement, engagement_between, strikes
from .space import VolareSpace
from .tables import step_costs, travel_speed

if TYPE_CHECKING:  # the reach tree is built on request: a check does not import it
    from ...rules.tree import ReachTree

__all__ = [
    "RULESET",
    "STRENGTH_BREAKS",
    "BandPenalty",
    "Encumbrance",
    "Engagement",
    "FlightLoad",
    "Maneuverability",
    "Mode",
    "Size",
    "VolareBattle",
    "VolareCreature",
    "VolareMap",
    "VolareOptions",
    "VolareRuleset",
    "VolareSpace",
    "Wind",
    "WindStrength",
    "apart",
    "engagement",
    "engagement_between",
    "flight_load",
    "next_round",
    "step_costs",
    "strikes",
    "travel_speed",
]

_QUERY_OPTIONS = {"no_checks", "can_act"}


def next_round(creature: VolareCreature, *, moved_horizontally: bool) -> VolareCreature:
    """The end-of-round transition of V-inertia: a round without a horizontal step spends the
    inertia, so a creature still ``moving`` starts the next round ``hovering``, paying nothing."""
    if creature.mode is Mode.MOVING and not moved_horizontally:
        return replace(creature, mode=Mode.HOVERING, heading=None)
    return creature


def _avoid_checks(options: Mapping[str, Any]) -> bool:
    refuse_unknown_options(VolareRuleset.id, options, _QUERY_OPTIONS)
    return bool(options.get("no_checks", False))


class VolareRuleset:
    id = "volare"

    def space(self, scenario: VolareScenario, creature: str, *,
              search: bool = False) -> VolareSpace:
        return VolareSpace(scenario.battle, creature, search=search)

    def reach(self, scenario: VolareScenario, creature: str,
              options: Mapping[str, Any]) -> ReachReport:
        avoid = _avoid_checks(options)
        return grid_reach(self.space(scenario, creature, search=True), avoid_checks=avoid)

    def path(self, scenario: VolareScenario, creature: str, *, to: str, altitude: str | None,
             mode: str | None, options: Mapping[str, Any],
             via: Sequence[tuple[str, int | None]] = ()) -> MoveReport | PathNotFound:
        avoid = _avoid_checks(options)
        target = str(parse_hex(to))
        level = whole_number(altitude, "altitude")
        if mode is not None and mode not in {m.value for m in Mode} | {"skimming"}:
            raise NotationError(_(
                "expected a mode (grounded, hovering, moving, skimming), got {mode}").format(
                mode=repr(mode)))

        def matches(state: dict[str, Any]) -> bool:
            if state["at"] != target or (level is not None and state["altitude"] != level):
                return False
            if mode == "skimming":
                return bool(state["skimming"])
            return mode is None or state["mode"] == mode

        space = self.space(scenario, creature, search=True)
        vmap = space.battle.map
        if parse_hex(target) not in space.index:
            raise NotationError(_("{hex} is off the map ({columns} columns, {rows} rows)").format(
                hex=target, columns=vmap.columns, rows=vmap.rows))
        if level is not None and not 0 <= level <= vmap.top:
            raise NotationError(_off_altitudes(level, vmap.top))
        goal = _goal_words(target, level, mode)
        must_act = bool(options.get("can_act", False))
        stops = self._waypoints(space, via)
        if stops:
            found = grid_path_via(
                space, stops, matches, goal, _NO_WAY,
                leg=lambda label, at: self.path(scenario, creature, to=label,
                                                altitude=None if at is None else str(at),
                                                mode=None, options=options),
                lifted=lambda: self.space(faster(scenario, creature), creature, search=True),
                avoid_checks=avoid, must_act=must_act, budget_words=budget_text(space))
        else:
            found = grid_path(space, matches, goal, avoid_checks=avoid, must_act=must_act)
        if isinstance(found, PathNotFound) and found.rule is None:  # the goal out of reach
            return why_no_way(found, lambda: self.space(faster(scenario, creature), creature,
                                                        search=True),
                              matches, target, _NO_WAY, avoid_checks=avoid, must_act=must_act,
                              budget_words=budget_text(space),
                              closed=lambda: _closed(space.battle.map, parse_hex(target)),
                              key=(scenario, creature))
        return found

    @staticmethod
    def _waypoint(space: VolareSpace, label: str) -> str:
        """A waypoint's hex, canonical; one off the map is refused."""
        cell = parse_hex(label)
        if cell not in space.index:
            vmap = space.battle.map
            raise NotationError(_("waypoint {hex} is off the map ({columns} columns, {rows} "
                                  "rows)").format(hex=label, columns=vmap.columns,
                                                  rows=vmap.rows))
        return str(cell)

    @classmethod
    def _waypoints(cls, space: VolareSpace, via: Sequence[tuple[str, int | None]]
                   ) -> tuple[tuple[str, int | None], ...]:
        """The waypoints' hexes, canonical; one off the map or at no altitude of it is
        refused (path and the reach tree alike)."""
        top = space.battle.map.top
        stops = tuple((cls._waypoint(space, label), at) for label, at in via)
        for label, at in stops:
            if at is not None and not 0 <= at <= top:
                raise NotationError(_("waypoint {hex}: {why}").format(
                    hex=label, why=_off_altitudes(at, top)))
        return stops

    def reach_tree(self, scenario: VolareScenario, creature: str, *, altitude: str | None,
                   options: Mapping[str, Any],
                   via: Sequence[tuple[str, int | None]] = ()) -> ReachTree:
        """The way ``path`` finds to every hex at ``altitude`` (the best over all altitudes when
        None), as a tree of steps (``rules.tree``)."""
        from ...rules.tree import grid_tree

        avoid = _avoid_checks(options)
        if options.get("can_act"):
            raise OptionError(_("the reach tree gives each place its cheapest way; can_act is "
                                "path's (--can-act)"))
        level = whole_number(altitude, "altitude")
        space = self.space(scenario, creature, search=True)
        top = space.battle.map.top
        if level is not None and not 0 <= level <= top:
            raise NotationError(_off_altitudes(level, top))
        if via:
            stops = self._waypoints(space, via)
            return grid_tree(via_space(space, stops), altitude=level, avoid_checks=avoid)
        return grid_tree(space, altitude=level, avoid_checks=avoid)

    def attack_path(self, scenario: VolareScenario, creature: str, target: str,
                    options: Mapping[str, Any]) -> MoveReport | PathNotFound:
        """The cheapest way to a place from which its melee attack reaches ``target`` (V-prox:
        in melee, or two hexes apart with a reach of two) with the attack still to make
        (V-actions): hovering or on the ground, within the half-move action."""
        avoid = _avoid_checks(options)
        battle = scenario.battle
        victim = battle.creature(target)
        space = self.space(scenario, creature, search=True)
        if victim.id == space.creature:
            raise OptionError(_("{id} cannot attack itself").format(id=victim.id))

        def in_melee(code: int) -> bool:
            return strikes(space.creature_after(code), victim) is not None

        return grid_path(space, lambda _state: True,
                         _("a melee position against {id}").format(id=victim.id),
                         avoid_checks=avoid, must_act=True, accept=in_melee)

    def with_options(self, scenario: VolareScenario, options: Mapping[str, Any]
                     ) -> VolareScenario:
        """volare's query options only narrow a search (``no_checks``): the battle is as it is."""
        _avoid_checks(options)
        return scenario

    def check(self, scenario: VolareScenario, creature: str, moves: str,
              options: Mapping[str, Any]) -> MoveReport:
        _avoid_checks(options)
        return grid_check(self.space(scenario, creature), moves)

    def engagement(self, scenario: VolareScenario, a: str, b: str) -> Engagement:
        return engagement(scenario.battle, a, b)


#: why a hex is out of reach (``rules.grid.why_no_way``)
_NO_WAY = NoWayRules(budget="V-mp", act="V-actions", end="V-modes", closed="V-grid",
                     occupied="V-occupied", walk="V-walk")


def _closed(vmap: VolareMap, cell: Hex) -> tuple[str, str] | None:
    """Why no flyer enters ``cell`` at any altitude (V-grid), or None."""
    ground = vmap.ground_at(cell)
    ceiling = vmap.ceiling_at(cell)
    if ground > vmap.top:
        return ("V-grid", _("{hex}'s ground ({ground}) is above the map's top ({top}): no "
                            "altitude there is open").format(hex=cell, ground=ground,
                                                             top=vmap.top))
    if ceiling is not None and ceiling <= ground:
        return ("V-grid", _("{hex} is solid: its ceiling ({ceiling}) is not above its ground "
                            "({ground})").format(hex=cell, ceiling=ceiling, ground=ground))
    return None


def _off_altitudes(level: int, top: int) -> str:
    return _("altitude {altitude} is not on this map: altitudes run from 0 to its top, "
             "{top}").format(altitude=level, top=top)


def _goal_words(target: str, level: int | None, mode: str | None) -> str:
    """A path's destination in words: ``T40 at altitude 2, hovering``."""
    if level is None and mode is None:
        return target
    if mode is None:
        return _("{hex} at altitude {altitude}").format(hex=target, altitude=level)
    said = _mode_words(mode)
    if level is None:
        # Translators: {mode} is a mode said in words (hovering, skimming)
        return _("{hex}, {mode}").format(hex=target, mode=said)
    return _("{hex} at altitude {altitude}, {mode}").format(hex=target, altitude=level,
                                                           mode=said)


def _mode_words(mode: str) -> str:
    if mode == "skimming":
        return _("skimming")
    return Mode(mode).words


def faster(scenario: VolareScenario, creature: str, factor: int = LIFT) -> VolareScenario:
    """The round with ``creature`` ``factor`` times as fast, flying and on foot: the search for
    why a hex is out of reach (``rules.grid.why_no_way``)."""
    battle = scenario.battle
    me = battle.creature(creature)
    quick = replace(me, fly=me.fly * factor, ground=me.ground * factor)
    return replace(scenario, battle=battle.with_creatures(
        tuple(quick if c.id == me.id else c for c in battle.creatures)))


RULESET = VolareRuleset()
