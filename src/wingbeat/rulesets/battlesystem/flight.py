"""B-alt, B-turn, B-form: where a flying unit can end a game round, and whether a move is legal.

Reach and check share the same arithmetic: a climb costs a third of the rate per level (B-alt),
what is left is flown in straight legs whose turns, added up over the round, stay within what
the unit's category allows (B-turn), one category better when the whole round spends at most half
the rate. A total turn of X° or less keeps every leg, and so the end, within X° of the starting
heading: the reachable area is the sector of half-angle X, as ``reach`` draws it.
"""

from __future__ import annotations

from dataclasses import field
from fractions import Fraction
from typing import Any

from ..._records import dataclass
from ...errors import IllegalMoveError, ScenarioError
from ...geometry.table import (
    EPSILON,
    Point,
    angle_between,
    bearing,
    distance,
    format_point,
    point_named,
)
from ...rules.tabletop import waypoint
from ._messages import _, ngettext
from .model import BattlesystemBattle, BattlesystemUnit, Formation
from .reports import (
    AltitudeArea,
    BattlesystemEngagement,
    BattlesystemMove,
    BattlesystemReach,
    Leg,
    SectorPart,
    degrees,
    inches,
    number,
)
from .reports import length as said_length
from .turning import turn_category

__all__ = ["CONTACT", "TOLERANCE", "check_move", "engagement", "reach", "route_to"]

#: Areas are accurate to half a millimetre, in inches.
TOLERANCE = 0.5 / 25.4
#: Slack on turns, in degrees: points typed to 9 decimals put a few 1e-8 ° on a turn.
TURN_SLACK = 1e-6
#: Decision: two units at the same altitude within 1" of each other are in melee.
CONTACT = Fraction(1)


def _climb_levels(start: int, end: int) -> int:
    """Levels climbed to end at ``end``: a flight from the ground always starts with a take-off."""
    if start == 0:
        return max(end, 1)
    return max(end - start, 0)


def reach(battle: BattlesystemBattle, unit: BattlesystemUnit) -> BattlesystemReach:
    """For each altitude the unit can end at, the area it can reach (B-report)."""
    from ...geometry.areas import sector  # the areas: only a reach draws them
    from ...geometry.geos import unary_union

    rate = unit.fly
    names = battle.level_names
    areas = []
    table = battle.table.shape()
    for end in range(len(names)):
        if rate <= 0:
            break
        levels = _climb_levels(unit.altitude, end)
        climb = levels * rate / 3
        if climb > rate:
            continue
        full = SectorPart(rate - climb, turn_category(battle.game, unit, half_speed=False))
        half_radius = rate / 2 - climb
        half = (SectorPart(half_radius, turn_category(battle.game, unit, half_speed=True))
                if half_radius > 0 else None)
        shapes = [sector(unit.at, float(p.radius), unit.heading, p.category.degrees, TOLERANCE)
                  for p in (full, half) if p is not None]
        area = unary_union(shapes).intersection(table)
        formation = unit.formation
        if formation is Formation.CLOSED:
            formation = Formation.OPEN
        areas.append(AltitudeArea(names[end], battle.height(end), levels, climb, full, half,
                                  area, formation.value))
    leave_levels = _climb_levels(unit.altitude, battle.top + 1)
    leave_cost = leave_levels * rate / 3
    return BattlesystemReach(
        ruleset="battlesystem", creature=unit.id, game=battle.game.value, rate=rate, at=unit.at,
        heading=unit.heading, altitude=names[unit.altitude], formation=unit.formation.value,
        areas=tuple(areas), leave_cost=leave_cost if rate > 0 and leave_cost <= rate else None)


@dataclass
class _Flight:
    """The running state of a declared move, token by token."""

    battle: BattlesystemBattle
    unit: BattlesystemUnit
    at: Point
    altitude: int
    climb_levels: int = 0
    distance: float = 0.0
    turn_used: float = 0.0
    left: bool = False
    took_off: bool = False
    legs: list[Leg] = field(default_factory=list)
    #: (token index, the round's total turn after that leg), to re-check past half speed
    deviations: list[tuple[int, float]] = field(default_factory=list)

    @property
    def climb(self) -> Fraction:
        return self.climb_levels * self.unit.fly / 3

    @property
    def spent(self) -> float:
        return float(self.climb) + self.distance

    @property
    def heading(self) -> float:
        for leg in reversed(self.legs):
            if leg.heading is not None:
                return leg.heading
        return self.unit.heading

    def state(self) -> dict[str, Any]:
        """The state a leg ends in: where the unit stands, at which level (its index)."""
        return {"at": self.at, "altitude": self.altitude}

    def report(self, error: IllegalMoveError | None = None) -> BattlesystemMove:
        battle, unit = self.battle, self.unit
        half_speed = self.spent <= float(unit.fly / 2) + EPSILON
        allowed = turn_category(battle.game, unit, half_speed=half_speed) if unit.fly > 0 else None
        formation = unit.formation
        events: list[dict[str, Any]] = []
        if self.took_off and formation is Formation.CLOSED:
            formation = Formation.OPEN
            events.append({"type": "formation", "from": "closed", "to": "open", "rule": "B-form"})
        if self.left:
            events.append({"type": "left-battlefield", "rule": "B-alt",
                           "message": _("{unit} flew above the top level and is removed from "
                                        "play").format(unit=unit.display_name)})
        names = battle.level_names
        end = {
            "at": format_point(self.at),
            "altitude": "left the battlefield" if self.left else names[self.altitude],
            "heading": round(self.heading, 4),
            "formation": formation.value,
            "left_battlefield": self.left,
        }
        return BattlesystemMove(
            ruleset="battlesystem", creature=unit.id, legal=error is None, rate=unit.fly,
            climb_cost=self.climb, distance=self.distance, turn_allowed=allowed,
            turn_used=self.turn_used, half_speed=half_speed, end=end, steps=tuple(self.legs),
            move_events=tuple(events), error=error, start=unit.at,
            refused_at=None if error is None else point_named(error.move or ""))


def check_move(battle: BattlesystemBattle, unit: BattlesystemUnit, text: str) -> BattlesystemMove:
    """Validate a declared move: waypoints ``x,y`` and altitude changes (``up``, ``down``,
    a level name, ``land``, ``leave``), each refusal naming its rule."""
    flight = _Flight(battle, unit, unit.at, unit.altitude)
    tokens = text.split()
    names = [n.lower() for n in battle.level_names]
    for index, token in enumerate(tokens, 1):
        problem = _step(flight, token, index, names)
        if problem is not None:
            return flight.report(IllegalMoveError(*problem, step=index, move=token))
        late = _turned_too_much_past_half(flight, tokens[:index])
        if late is not None:
            return late
    return flight.report()


def _step(flight: _Flight, token: str, index: int, names: list[str]) -> tuple[str, str] | None:
    unit, battle = flight.unit, flight.battle
    who = unit.display_name
    rate = unit.fly
    word = token.lower()
    if flight.left:
        return ("B-alt", _("{unit} has left the battlefield by flying above the top level: it is "
                           "removed from play and cannot move any more").format(unit=who))
    if rate <= 0:
        return ("B-units", _("{unit} has no flying movement rate").format(unit=who))
    if word in ("up", "down", "land", "leave") or word in names:
        target = {"up": flight.altitude + 1, "down": flight.altitude - 1, "land": 0,
                  "leave": battle.top + 1}.get(word)
        if target is None:
            target = names.index(word)
        if target < 0:
            return ("B-alt", _("{unit} is already on the ground: it cannot descend "
                               "further").format(unit=who))
        if target == flight.altitude:
            # Translators: {level} is an altitude level's name (low, high), as the scenario has it
            return ("B-alt", _("{unit} is already at {level}").format(
                unit=who, level=battle.level_names[target]))
        climb = Fraction(0)
        if target > flight.altitude:
            levels = target - flight.altitude
            climb = levels * rate / 3
            if float(flight.climb + climb) + flight.distance > float(rate) + EPSILON:
                total = said_length(flight.spent + float(climb))
                return ("B-alt", ngettext(
                    'rising {n} level costs {climb}" (a third of its {rate}" rate per level), '
                    'which brings its movement to {total}", more than its rate',
                    'rising {n} levels costs {climb}" (a third of its {rate}" rate per level), '
                    'which brings its movement to {total}", more than its rate', levels).format(
                    n=levels, climb=inches(climb), rate=inches(rate), total=total))
            flight.climb_levels += levels
            if flight.altitude == 0:
                flight.took_off = True
        move = word if word in ("up", "down", "land", "leave") else battle.level_names[target]
        if target > battle.top:
            flight.left = True
            move = "leave"
            target = battle.top
        flight.altitude = target
        flight.legs.append(Leg(move, climb=climb, total=flight.spent, state=flight.state()))
        return None
    point = waypoint(battle.table, token, index,
                     # Translators: {words} are move words (up, down, land, leave, level names)
                     _("one of {words}").format(words=", ".join(
                         ["up", "down", "land", "leave", *battle.level_names])))
    if flight.altitude == 0:
        return ("B-alt", _("{unit} is on the ground: it must take off (up, a third of its rate) "
                           "before flying; movement on the ground is not flight").format(unit=who))
    length = distance(flight.at, point)
    heading = bearing(flight.at, point) if length > 0 else flight.heading
    spent = flight.spent + length
    if spent > float(rate) + EPSILON:
        rule = "B-alt" if flight.climb > 0 else "B-units"
        if flight.climb > 0:
            said = _('flying to {point} brings its movement to {spent}" (climbing took '
                     '{climb}"), more than its rate of {rate}"')
        else:
            said = _('flying to {point} brings its movement to {spent}", more than its rate of '
                     '{rate}"')
        return (rule, said.format(point=format_point(point), spent=said_length(spent),
                                  climb=inches(flight.climb), rate=inches(rate)))
    turn = angle_between(heading, flight.heading) if length > 0 else 0.0
    total_turn = flight.turn_used + turn
    best = turn_category(battle.game, unit, half_speed=spent <= float(rate / 2) + EPSILON)
    if flight.turn_used <= best.degrees + TURN_SLACK < total_turn:
        # this leg's own turn is too much (earlier turns made too much by this leg's spending
        # are refused at the leg that made them, below)
        return ("B-turn", _("turning to heading {heading}° adds {turn}°: {total}° of turning "
                            "this round (it started heading {start}°), but category {category} "
                            "allows {allowed}° a round").format(
            heading=degrees(heading), turn=degrees(turn), total=degrees(total_turn),
            start=number(unit.heading), category=best.name, allowed=best.degrees))
    flight.distance += length
    flight.turn_used = total_turn
    flight.at = point
    flight.legs.append(Leg(token if token == format_point(point) else format_point(point),
                           length=length, total=flight.spent, heading=heading,
                           state=flight.state()))
    flight.deviations.append((index, total_turn))
    return None


def _turned_too_much_past_half(flight: _Flight,
                               tokens_done: list[str]) -> BattlesystemMove | None:
    """A turn taken while still under half the rate stops being allowed if the move goes on
    past half: the whole round's spending sets the category (B-turn). The refusal names the
    first leg whose turning went past what the full-speed category allows."""
    battle, unit = flight.battle, flight.unit
    if unit.fly <= 0:
        return None
    full = turn_category(battle.game, unit, half_speed=False)
    if flight.spent <= float(unit.fly / 2) + EPSILON:
        return None
    for index, deviation in flight.deviations:
        if deviation > full.degrees + TURN_SLACK:
            kept = _Flight(battle, unit, unit.at, unit.altitude)
            names = [n.lower() for n in battle.level_names]
            for j, earlier in enumerate(tokens_done[:index - 1], 1):
                _step(kept, earlier, j, names)
            half = turn_category(battle.game, unit, half_speed=True)
            message = _('this leg brings its turning to {turn}° this round: category {half} '
                        '({half_degrees}°) holds only for a round spending at most half its '
                        'rate ({half_rate}"), and by step {step} ({move}) the move spends '
                        '{spent}", so category {full} allows {full_degrees}°').format(
                turn=degrees(deviation), half=half.name, half_degrees=half.degrees,
                half_rate=inches(unit.fly / 2), step=len(tokens_done), move=tokens_done[-1],
                spent=said_length(flight.spent), full=full.name, full_degrees=full.degrees)
            return kept.report(IllegalMoveError("B-turn", message, step=index,
                                                move=tokens_done[index - 1]))
    return None


def route_to(battle: BattlesystemBattle, unit: BattlesystemUnit, to: Point,
             altitude: int) -> str:
    """The shortest declared move to ``to`` at ``altitude``: climb, fly straight, descend.

    With nothing on the table to go around, the straight leg is the shortest route; climbing
    first or last costs the same.
    """
    start = unit.altitude
    if altitude == start and to == unit.at:
        return ""
    moves: list[str] = []
    flying_at = start
    if start == 0:
        moves.append("up")
        flying_at = 1
    while flying_at < altitude:
        moves.append("up")
        flying_at += 1
    if to != unit.at:
        moves.append(format_point(to))
    if altitude < flying_at:
        moves.append(battle.level_names[altitude])
    return " ".join(moves)


def engagement(battle: BattlesystemBattle, a_id: str, b_id: str) -> BattlesystemEngagement:
    """Decision: units in melee are at the same altitude, within 1" of each other."""
    if a_id == b_id:
        raise ScenarioError(_("engagement is between two different units; got {id} "
                              "twice").format(id=repr(a_id)))
    a, b = battle.unit(a_id), battle.unit(b_id)
    gap = distance(a.at, b.at)
    names = battle.level_names
    elevated = None
    if a.altitude != b.altitude:
        elevated = a.id if a.altitude > b.altitude else b.id
    if a.altitude != b.altitude:
        # Translators: {a} and {b} are altitude levels' names (low, high)
        kind, reason = "none", _("they are at different altitudes ({a} and {b})").format(
            a=names[a.altitude], b=names[b.altitude])
    elif gap <= float(CONTACT) + EPSILON:
        kind, reason = "melee", _('same altitude, {gap}" apart (within 1")').format(
            gap=said_length(gap))
    else:
        kind, reason = "none", _('same altitude but {gap}" apart').format(gap=said_length(gap))
    return BattlesystemEngagement(a=a.id, b=b.id, engagement=kind, elevated=elevated,
                                  distance=gap, reason=reason,
                                  altitudes=(names[a.altitude], names[b.altitude]))
