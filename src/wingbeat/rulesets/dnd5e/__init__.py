"""``dnd5e``: D&D 5e (SRD 5.1) movement and flight on a square grid (hex option).

The rule reference is ``docs/rulesets/dnd5e.md``; rule ids (``D-speed`` …) appear in every refusal.
Reach, path and check all ask one step generator, ``Dnd5eSpace.steps``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ...errors import NotationError, OptionError, ScenarioError
from ...geometry.labels import column_label, split_label
from ...geometry.squaregrid import DiagonalRule
from ...rules.grid import (
    LIFT,
    GridMove,
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
from .board import Board, footprint_offsets, shared_board
from .codes import KEYWORDS, MODES
from .falling import Fall, fall
from .model import (
    CONDITIONS,
    Cell,
    Dnd5eBattle,
    Dnd5eCreature,
    Dnd5eMap,
    Dnd5eOptions,
    Dnd5eScenario,
    GridKind,
    Size,
    Speeds,
    Terrain,
    Units,
    WallKind,
)
from .proximity import Engagement, engagement, engagement_space
from .rounds import creature_after
from .space import Dnd5eSpace
from .turn import TurnReport, turn_report

if TYPE_CHECKING:  # the reach tree is built on request: a check does not import it
    from ...rules.tree import ReachTree

__all__ = [
    "CONDITIONS",
    "KEYWORDS",
    "MODES",
    "RULESET",
    "Board",
    "Cell",
    "Dnd5eBattle",
    "Dnd5eCreature",
    "Dnd5eMap",
    "Dnd5eOptions",
    "Dnd5eRuleset",
    "Dnd5eSpace",
    "Engagement",
    "Fall",
    "GridKind",
    "Size",
    "Speeds",
    "Terrain",
    "TurnReport",
    "Units",
    "WallKind",
    "engagement",
    "fall",
    "footprint_offsets",
]

#: Query options: the scenario's own options, overridden for one question.
_QUERY_OPTIONS = {"diagonals", "units", "fall_rate", "flyer_fall"}
_PATH_MODES = (*MODES, "prone", "standing")


def _battle(scenario: Dnd5eScenario, options: Mapping[str, Any]) -> Dnd5eBattle:
    battle = scenario.battle
    refuse_unknown_options(Dnd5eRuleset.id, options, _QUERY_OPTIONS)
    if not options:
        return battle
    chosen = battle.options
    try:
        if "diagonals" in options:
            chosen = replace(chosen, diagonals=DiagonalRule(str(options["diagonals"])))
        if "units" in options:
            chosen = replace(chosen, units=Units(str(options["units"])))
    except ValueError as exc:
        raise OptionError(_("{error}; diagonals is phb, dmg or euclid, units is ft or m")
                          .format(error=exc)) from None
    for key in ("fall_rate", "flyer_fall"):
        if key in options:
            if not isinstance(options[key], bool):
                raise OptionError(_("option {key} is true or false, not {value}")
                                  .format(key=key, value=repr(options[key])))
            chosen = replace(chosen, **{key: options[key]})
    return replace(battle, options=chosen)


def _altitude_off(level: int, grid: Dnd5eMap) -> str:
    return _("altitude {level} is not on this map (altitudes {bottom}..{top}, 5 ft each)").format(
        level=level, bottom=grid.bottom, top=grid.top)


class Dnd5eRuleset:
    id = "dnd5e"

    def space(self, scenario: Dnd5eScenario, creature: str, *, full_notation: bool = True,
              options: Mapping[str, Any] | None = None) -> Dnd5eSpace:
        return Dnd5eSpace(_battle(scenario, options or {}), creature,
                          full_notation=full_notation)

    def reach(self, scenario: Dnd5eScenario, creature: str,
              options: Mapping[str, Any]) -> ReachReport:
        return grid_reach(self.space(scenario, creature, full_notation=False, options=options))

    def path(self, scenario: Dnd5eScenario, creature: str, *, to: str, altitude: str | None,
             mode: str | None, options: Mapping[str, Any],
             via: Sequence[tuple[str, int | None]] = ()) -> TurnReport | PathNotFound:
        must_act = bool(options.get("can_act", False))
        options = {k: v for k, v in options.items() if k != "can_act"}
        space = self.space(scenario, creature, full_notation=False, options=options)
        col, row = split_label(to, kind="hex" if space.board.hex else "square")
        target = f"{column_label(col)}{row}"
        grid = space.battle.map
        if not grid.contains(col, row):
            raise NotationError(_("{label} is not a space of this map ({columns} columns "
                                  "A..{last}, {rows} rows)").format(
                label=target, columns=grid.columns, last=column_label(grid.columns),
                rows=grid.rows))
        level = whole_number(altitude, "altitude")
        if level is not None and not grid.bottom <= level <= grid.top:
            raise NotationError(_altitude_off(level, grid))
        if mode is not None and mode not in _PATH_MODES:
            raise NotationError(_("expected a mode ({modes}), got {mode}").format(
                modes=", ".join(_PATH_MODES), mode=repr(mode)))

        def matches(state: dict[str, Any]) -> bool:
            if state["at"] != target or (level is not None and state["altitude"] != level):
                return False
            if mode == "prone":
                return bool(state["prone"])
            if mode == "standing":
                return not state["prone"]
            return mode is None or state["mode"] == mode

        if level is None:
            goal = target if mode is None else _("{label}, {mode}").format(label=target,
                                                                             mode=mode)
        elif mode is None:
            goal = _("{label} at altitude {level}").format(label=target, level=level)
        else:
            goal = _("{label} at altitude {level}, {mode}").format(label=target, level=level,
                                                                    mode=mode)
        if via:
            # unpruned: a state's dominance by place does not know how many waypoints it passed
            whole = Dnd5eSpace(space.battle, creature, full_notation=False, prune=False)
            found = grid_path_via(
                whole, self._waypoints(grid, via), matches, goal, _NO_WAY,
                leg=lambda label, at: self.path(scenario, creature, to=label,
                                                altitude=None if at is None else str(at),
                                                mode=None, options=options),
                lifted=lambda: Dnd5eSpace(_battle(faster(scenario, creature), options),
                                          creature, full_notation=False, prune=False),
                must_act=must_act, budget_words=budget_text(space), at=target)
        else:
            found = grid_path(space, matches, goal, must_act=must_act, at=target)
        if isinstance(found, PathNotFound) and found.rule is None:  # the goal out of reach
            return why_no_way(found, lambda: self.space(faster(scenario, creature), creature,
                                                        full_notation=False, options=options),
                              matches, target, _NO_WAY, must_act=must_act,
                              budget_words=budget_text(space),
                              closed=lambda: _closed(space, target),
                              key=(scenario, creature, tuple(sorted(options.items()))))
        return _replayed(space, creature, found)

    @staticmethod
    def _waypoints(grid: Dnd5eMap, via: Sequence[tuple[str, int | None]]
                   ) -> tuple[tuple[str, int | None], ...]:
        """The waypoints' spaces, canonical; one off the map or at no altitude of it is
        refused."""
        out = []
        for label, at in via:
            col, row = split_label(label, kind="hex" if grid.grid is GridKind.HEX else "square")
            if not grid.contains(col, row):
                raise NotationError(_("waypoint {label} is not a space of this map ({columns} "
                                      "columns, {rows} rows)").format(
                    label=label, columns=grid.columns, rows=grid.rows))
            if at is not None and not grid.bottom <= at <= grid.top:
                raise NotationError(_("waypoint {label}: {problem}").format(
                    label=label, problem=_altitude_off(at, grid)))
            out.append((f"{column_label(col)}{row}", at))
        return tuple(out)

    def reach_tree(self, scenario: Dnd5eScenario, creature: str, *, altitude: str | None,
                   options: Mapping[str, Any],
                   via: Sequence[tuple[str, int | None]] = ()) -> ReachTree:
        """The way ``path`` finds to every space at ``altitude`` (the best over all altitudes
        when None), as a tree of steps (``rules.tree``)."""
        from ...rules.tree import grid_tree

        if options.get("can_act"):
            raise OptionError(_("the reach tree gives each place its cheapest way; can_act is "
                                "path's (--can-act)"))
        space = self.space(scenario, creature, full_notation=False, options=options)
        grid = space.battle.map
        level = whole_number(altitude, "altitude")
        if level is not None and not grid.bottom <= level <= grid.top:
            raise NotationError(_altitude_off(level, grid))
        if via:
            stops = self._waypoints(grid, via)
            whole = Dnd5eSpace(space.battle, creature, full_notation=False, prune=False)
            return grid_tree(via_space(whole, stops), altitude=level)
        return grid_tree(space, altitude=level)

    def attack_path(self, scenario: Dnd5eScenario, creature: str, target: str,
                    options: Mapping[str, Any]) -> TurnReport | PathNotFound:
        """The cheapest way to a place with ``target`` within the creature's reach and its action
        still unused (D-creatures, D-turn)."""
        space = self.space(scenario, creature, full_notation=False, options=options)
        battle = space.battle
        victim = battle.creature(target)
        me = battle.creature(creature)
        if victim.id == me.id:
            raise OptionError(_("{creature} cannot attack itself").format(creature=victim.id))
        if me.reach <= 0:
            raise OptionError(_("{creature} has no melee reach (reach: 0)").format(creature=me.id))
        board = shared_board(battle.map, battle.options.diagonals)
        cells_b, span_b = engagement_space(board, battle, victim)

        def within_reach(code: int) -> bool:
            moved = creature_after(me, space.describe(code), battle.map.grid)
            cells_a, span_a = engagement_space(board, battle, moved)
            return (board.distance(cells_a, span_a, cells_b, span_b) <= me.reach
                    and board.reach_clear(cells_a, cells_b, me.reach))  # not through a wall

        found = grid_path(space, lambda _state: True,
                          _("a place within reach of {target}").format(target=victim.id),
                          must_act=True, accept=within_reach)
        return _replayed(space, creature, found)

    def with_options(self, scenario: Dnd5eScenario, options: Mapping[str, Any]
                     ) -> Dnd5eScenario:
        """The scenario with the battle options a question overrides (``diagonals``, ``units``,
        ``fall_rate``, ``flyer_fall``) as its own."""
        battle = _battle(scenario, {k: v for k, v in options.items() if k != "can_act"})
        return scenario if battle is scenario.battle else replace(scenario, battle=battle)

    def check(self, scenario: Dnd5eScenario, creature: str, moves: str,
              options: Mapping[str, Any]) -> TurnReport:
        space = self.space(scenario, creature, options=options)
        return turn_report(space, grid_check(space, moves))

    def engagement(self, scenario: Dnd5eScenario, a: str, b: str) -> Engagement:
        if a == b:
            raise ScenarioError(_("engagement is between two different creatures; got {id} "
                                  "twice").format(id=repr(a)))
        return engagement(_battle(scenario, {}), a, b)


def _replayed(space: Dnd5eSpace, creature: str,
              found: GridMove | PathNotFound) -> TurnReport | PathNotFound:
    """The searched space pruned states as it went: replay a found path on a fresh one."""
    if isinstance(found, PathNotFound):
        return found
    replay = Dnd5eSpace(space.battle, creature, full_notation=False, prune=False)
    return turn_report(replay, found)


#: why a space is out of reach (``rules.grid.why_no_way``)
_NO_WAY = NoWayRules(budget="D-speed", act="D-turn", end="D-fly", closed="D-size",
                     occupied="D-creatures")


def _closed(space: Dnd5eSpace, label: str) -> tuple[str, str] | None:
    """Why the creature can never be at ``label``: another creature's space it may not enter
    (D-creatures), or no room there at any altitude, even squeezed (D-size); else None."""
    grid = space.battle.map.grid
    spot = space.board.coords[space.board.labels.index(label)]
    for other in space.battle.creatures:
        covers = {(other.at[0] + dc, other.at[1] + dr)
                  for dc, dr in footprint_offsets(grid, other.size)}
        if other.id != space.creature and spot in covers:
            return ("D-creatures", _("{other} stands at {label}: {name} may not move into its "
                                     "space").format(other=other.display_name, label=label,
                                                     name=space.name))
    anchor = space.board.labels.index(label)
    low, high, squeezed_low, squeezed_high = space._span(anchor)
    if low <= high or squeezed_low <= squeezed_high:
        return None
    why = space._fits(anchor, space.board.bottom, False)
    if why:
        return ("D-size", _("{name} has no room at {label}, even squeezed: {why}").format(
            name=space.name, label=label, why=why))
    return ("D-size", _("{name} has no room at {label}, even squeezed").format(
        name=space.name, label=label))


def faster(scenario: Dnd5eScenario, creature: str, factor: int = LIFT) -> Dnd5eScenario:
    """The turn with ``creature`` ``factor`` times as fast in every speed: the search for why a
    space is out of reach (``rules.grid.why_no_way``)."""
    battle = scenario.battle
    me = battle.creature(creature)
    s = me.speed
    quick = replace(me, speed=replace(s, walk=s.walk * factor, fly=s.fly * factor,
                                      climb=s.climb * factor, swim=s.swim * factor,
                                      burrow=s.burrow * factor))
    return replace(scenario, battle=battle.with_creatures(
        tuple(quick if c.id == me.id else c for c in battle.creatures)))


RULESET = Dnd5eRuleset()
