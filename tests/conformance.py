"""The public contract, written once for every ruleset: the JSON shapes of docs/json.md as small
schemas, and the agreement of ``reach``, ``path`` and ``check`` as assertions.

``tests/test_conformance.py`` runs them over every ruleset's example scenarios; the per-ruleset
property tests run the same assertions over random battlefields. A ruleset this module does not
name (a new one) is held to the shapes its family shares: a grid answers ``states``, a tabletop
``areas``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import pairwise
from typing import Any, TypeVar

from shapely.geometry import Point, shape
from shapely.geometry.base import BaseGeometry

import wingbeat
from wingbeat.model import Scenario

T = TypeVar("T")

# -- a small schema language --------------------------------------------------------------------
# A schema is a Python type (``str``, ``int``, ``bool``: exactly that, a bool is no int), ``NUMBER``
# (an int or a float), a compiled regex (a string matching it whole), ``None`` (null), or one of
# the classes below, or a function ``(value, where) -> list of problems``.


@dataclass(frozen=True)
class Obj:
    """An object with these keys (``optional``: may be absent); ``closed``: and no others."""

    required: Mapping[str, Any]
    optional: Mapping[str, Any] = field(default_factory=dict)
    closed: bool = True

    def but(self, required: Mapping[str, Any] | None = None,
            optional: Mapping[str, Any] | None = None, closed: bool = True) -> Obj:
        """This object with more keys (or other schemas for some), closed unless told."""
        return Obj({**self.required, **(required or {})}, {**self.optional, **(optional or {})},
                   closed)


@dataclass(frozen=True)
class Seq:
    """A list of items, ``size`` long if given, at least ``least`` long."""

    item: Any
    size: int | None = None
    least: int = 0


@dataclass(frozen=True)
class Table:
    """An object used as a table: any string keys, every value of one schema."""

    value: Any


@dataclass(frozen=True)
class Enum:
    """One of these values."""

    values: tuple[Any, ...]

    def __init__(self, *values: Any) -> None:
        object.__setattr__(self, "values", values)


@dataclass(frozen=True)
class Either:
    """Any one of these schemas."""

    options: tuple[Any, ...]

    def __init__(self, *options: Any) -> None:
        object.__setattr__(self, "options", options)


class _Number:
    def __repr__(self) -> str:
        return "NUMBER"


NUMBER = _Number()


def problems(value: Any, schema: Any, where: str = "$") -> list[str]:
    """What is wrong with ``value`` under ``schema``: one line per problem, naming the place."""
    if schema is None:
        return [] if value is None else [f"{where}: expected null, got {value!r}"]
    if schema is NUMBER:
        ok = isinstance(value, int | float) and not isinstance(value, bool)
        return [] if ok and math.isfinite(value) else [f"{where}: expected a number, got {value!r}"]
    if isinstance(schema, type):
        ok = isinstance(value, schema) and (schema is bool or not isinstance(value, bool))
        return [] if ok else [f"{where}: expected {schema.__name__}, got {value!r}"]
    if isinstance(schema, re.Pattern):
        ok = isinstance(value, str) and schema.fullmatch(value) is not None
        return [] if ok else [f"{where}: expected /{schema.pattern}/, got {value!r}"]
    if isinstance(schema, Enum):
        ok = any(value == v and type(value) is type(v) for v in schema.values)
        return [] if ok else [f"{where}: expected one of {schema.values}, got {value!r}"]
    if isinstance(schema, Either):
        found = [problems(value, option, where) for option in schema.options]
        return [] if any(not p for p in found) else min(found, key=len)
    if isinstance(schema, Seq):
        if not isinstance(value, list):
            return [f"{where}: expected a list, got {value!r}"]
        out = []
        if schema.size is not None and len(value) != schema.size:
            out.append(f"{where}: expected {schema.size} items, got {len(value)}")
        if len(value) < schema.least:
            out.append(f"{where}: expected at least {schema.least} items, got {len(value)}")
        for i, item in enumerate(value):
            out += problems(item, schema.item, f"{where}[{i}]")
        return out
    if isinstance(schema, Table):
        if not isinstance(value, dict):
            return [f"{where}: expected an object, got {value!r}"]
        return [p for k, v in value.items() for p in problems(v, schema.value, f"{where}.{k}")]
    if isinstance(schema, Obj):
        if not isinstance(value, dict):
            return [f"{where}: expected an object, got {value!r}"]
        out = [f"{where}: missing {k!r}" for k in schema.required if k not in value]
        if schema.closed:
            known = {*schema.required, *schema.optional}
            out += [f"{where}: unexpected key {k!r}" for k in value if k not in known]
        for k, v in value.items():
            sub = schema.required.get(k, schema.optional.get(k))
            if k in schema.required or k in schema.optional:
                out += problems(v, sub, f"{where}.{k}")
        return out
    if callable(schema):
        found: list[str] = schema(value, where)
        return found
    raise TypeError(f"not a schema: {schema!r}")


def assert_conforms(value: Any, schema: Any, what: str) -> None:
    """Fail with every problem listed (the first ten) when ``value`` breaks ``schema``."""
    found = problems(value, schema)
    assert not found, f"{what} breaks the contract:\n  " + "\n  ".join(found[:10])


# -- the shapes of docs/json.md -------------------------------------------------------------------
EXACT = re.compile(r"\d+(/\d+)?")  # an exact cost: "4", "7/2" (json.md, Conventions)
SIGNED = re.compile(r"-?\d+(/\d+)?")  # an MOU less its deductions may fall below 0: "-5"
MEASURED = re.compile(r"\d+(\.\d{1,4})?")  # a measured length, to 4 places: "9.434"
LENGTH = Either(EXACT, MEASURED)
RULE = re.compile(r"[A-Z]-[a-z][a-z0-9-]*")  # a rule id: "V-inertia", "D-grid", "C-change"
LABEL = re.compile(r"[A-Z]+[1-9][0-9]*")  # a cell label: "T34", "AD30"
POINT_TEXT = re.compile(r"-?\d+(\.\d+)?,-?\d+(\.\d+)?")  # "42.5,30", as check reads it back
POINT = Seq(NUMBER, size=2)
DIRECTION = Enum("N", "NE", "SE", "S", "SW", "NW")


def _percent(value: Any, where: str) -> list[str]:
    ok = isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 100
    return [] if ok else [f"{where}: expected a chance 0-100, got {value!r}"]


CHECK = Obj({"rule": RULE, "save": str, "chance": _percent}, {"on_failure": str})
ERROR = Obj({"step": int, "move": str, "rule": RULE, "message": str})
CHANGE = Enum("take-off", "climb", "descent", "landing", "dive")

#: The keys each event type of a query's answer carries (json.md, "An event"); play adds more.
EVENT_KEYS: dict[str, dict[str, Any]] = {
    "take-off-thrust": {"note": str},
    "landing": {"safe": bool},
    "walk": {},
    "wind-pay": {},
    "opportunity-attack": {"by": str},
    "fall": {"feet": NUMBER, "damage": Either(str, None), "prone": bool},
    "formation": {"from": str, "to": str, "rule": RULE},
    "left-battlefield": {"rule": RULE, "message": str},
    "tier-change": {"change": CHANGE, "rule": RULE},
    "jump": {"jump": Enum("long", "high"), "feet": NUMBER, "run_up": bool},
}


def _event(value: Any, where: str) -> list[str]:
    found = problems(value, Obj({"type": str}, {"step": int}, closed=False), where)
    if found:
        return found
    keys = EVENT_KEYS.get(value["type"])
    if keys is None:
        return [f"{where}: an event of unknown type {value['type']!r}"]
    if value["type"] == "landing":
        keys = {**keys, **({"note": str} if value["safe"] else {"may_walk": int})}
    return problems(value, Obj(keys, closed=False), where)


EVENT = _event


def _geojson(value: Any, where: str) -> list[str]:
    """RFC 7946 geometry: closed rings, exteriors counter-clockwise, holes clockwise, coordinates
    rounded to 6 places (json.md, tabletop ``reach``)."""
    if not isinstance(value, dict) or "type" not in value:
        return [f"{where}: expected a GeoJSON geometry, got {value!r}"]
    kind = value["type"]
    if kind == "GeometryCollection":
        return problems(value, Obj({"type": str, "geometries": Seq(_geojson)}), where)
    depth = {"Point": 0, "MultiPoint": 1, "LineString": 1, "MultiLineString": 2, "Polygon": 2,
             "MultiPolygon": 3}.get(kind)
    if depth is None:
        return [f"{where}: not a GeoJSON geometry type: {kind!r}"]
    out = problems(value, Obj({"type": str, "coordinates": list}), where)
    if out:
        return out

    def positions(item: Any, level: int, at: str) -> Iterable[tuple[str, Any]]:
        if level == 0:
            yield at, item
        elif not isinstance(item, list):
            yield at, None
        else:
            for i, sub in enumerate(item):
                yield from positions(sub, level - 1, f"{at}[{i}]")

    for at, position in positions(value["coordinates"], depth, f"{where}.coordinates"):
        bad = problems(position, POINT, at)
        if bad:
            return bad
        if any(round(c, 6) != c for c in position):
            return [f"{at}: coordinates are rounded to 6 places, got {position!r}"]
    polygons = {"Polygon": [value["coordinates"]], "MultiPolygon": value["coordinates"]}.get(
        kind, [])
    for p, polygon in enumerate(polygons):
        for r, ring in enumerate(polygon):
            at = f"{where}.coordinates[{p}][{r}]"
            if len(ring) < 4 or ring[0] != ring[-1]:
                return [f"{at}: a ring is closed, with at least 4 positions"]
            twice_area = sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in pairwise(ring))
            if (twice_area > 0) != (r == 0):
                return [f"{at}: exteriors run counter-clockwise, holes clockwise"]
    if polygons and not shape(value).is_valid:
        return [f"{where}: not a valid geometry (rings cross)"]
    return []


GEOJSON = _geojson

# grid rulesets (volare, dnd5e): reach lists states, check and path answer moves
GRID_STATE = Obj({"cost": EXACT, "can_act": bool, "actions": Seq(str), "checks": Seq(CHECK),
                  "path": str},
                 {"to_act": Obj({"cost": EXACT, "checks": Seq(CHECK), "path": str})},
                 closed=False)
GRID_REACH = Obj({"ruleset": str, "creature": str, "unit": str, "budget": EXACT,
                  "half": Either(EXACT, None), "states": Seq(GRID_STATE, least=1)}, closed=False)
GRID_STEP = Obj({"move": str, "cost": EXACT, "total": EXACT},
                {"checks": Seq(CHECK), "events": Seq(EVENT)})
GRID_MOVE = Obj({"ruleset": str, "creature": str, "unit": str, "legal": bool, "cost": EXACT,
                 "can_act": bool, "actions": Seq(str), "end": Obj({}, closed=False),
                 "moves": str, "steps": Seq(GRID_STEP), "checks": Seq(CHECK),
                 "events": Seq(EVENT)}, {"error": ERROR}, closed=False)
NOT_FOUND = Obj({"ruleset": str, "creature": str, "found": Enum(False), "goal": str,
                 "message": str}, {"rule": RULE, "reason": str, "needs": EXACT, "unit": str})

# tabletop rulesets (battlesystem, confrontation): reach draws areas, moves are waypoints
TABLE_AREA = Obj({"area": GEOJSON}, closed=False)
TABLE_REACH = Obj({"ruleset": str, "creature": str, "unit": str, "at": POINT,
                   "areas": Seq(TABLE_AREA, least=1)}, closed=False)
TABLE_STEP = Obj({"move": str, "total": LENGTH}, closed=False)
TABLE_MOVE = Obj({"ruleset": str, "creature": str, "unit": str, "legal": bool, "cost": LENGTH,
                  "end": Obj({"at": POINT_TEXT}, closed=False), "moves": str,
                  "steps": Seq(TABLE_STEP), "checks": Seq(CHECK), "events": Seq(EVENT)},
                 {"error": ERROR}, closed=False)

ENGAGEMENT = Obj({"a": str, "b": str, "engagement": Enum("melee", "reach-only", "none"),
                  "elevated": Either(str, None), "rule": RULE}, closed=False)

# volare
_V_STATE = {"at": LABEL, "altitude": int, "mode": Enum("grounded", "hovering", "moving"),
            "heading": Either(DIRECTION, None), "skimming": bool}
_V_ACTIONS = Seq(Either(Enum("attack", "spell", "spell-no-somatic", "non-physical", "breath",
                             "free"), re.compile(r"power:[^\W\d_][\w' -]*")))
_V_FACTS = {
    "ruleset": Enum("volare"), "unit": Enum("MP"), "fly": int,
    "walk_budget": Either(EXACT, None), "walk_half": Either(EXACT, None),
    "maneuverability": Obj({"class": Enum("excellent", "medium", "poor"),
                            "attack": int, "dex_check": int, "reflex": int, "ac_dex": int,
                            "violent_landing": int, "skimming": Either(int, None),
                            "stop_to_hover": EXACT}),
    "wind": Obj({"strength": str, "toward": Either(DIRECTION, None), "hover_pay": EXACT,
                 "travel_speed": NUMBER}),
    "encumbrance": Obj({"ground_band": int, "flying_band": int, "can_fly": bool, "fly": int,
                        "cannot_fly_at": Either(int, None), "walk": int},
                       {"attack": int, "armor_class": int}),
}
# dnd5e
_D_STATE = {"at": LABEL, "altitude": int,
            "mode": Enum("walk", "fly", "climb", "swim", "burrow"), "prone": bool,
            "squeezing": bool}
_D_ACTIONS = Seq(Enum("attack", "bonus-action", "object-interaction", "reaction"))
_D_FACTS = {
    "ruleset": Enum("dnd5e"), "unit": Enum("ft", "m"),
    "size": Enum("tiny", "small", "medium", "large", "huge", "gargantuan"),
    "speeds": Table(EXACT), "hover": bool, "magic_flight": bool, "grid": Enum("square", "hex"),
    "diagonals": Enum("phb", "dmg", "euclid"), "units": Enum("ft", "m"),
}
_D_TURN = Obj({"spent": Table(EXACT), "total": EXACT, "left": Table(EXACT),
               "difficult": Seq(str), "opportunity_attacks": Seq(Obj({"by": str, "step": int})),
               "falls": Seq(EVENT), "ends_legally": bool, "prone": bool, "squeezing": bool,
               "action": Enum("unused", "used", "dash", "disengage", "none (cannot act)"),
               "bonus_action": str, "object_interaction": Enum("used", "unused")})
# battlesystem
_B_SPEED = Obj({"radius": EXACT, "category": str, "turn": int})
_B_REACH = {
    "ruleset": Enum("battlesystem"), "unit": Enum("in"), "game": Enum("adnd", "dnd"),
    "budget": EXACT, "half": EXACT, "heading": NUMBER, "altitude": str, "formation": str,
    "leave": Obj({"possible": bool, "cost": Either(EXACT, None), "rule": RULE}),
    "areas": Seq(Obj({"altitude": str, "height": EXACT,
                      "climb": Obj({"levels": int, "cost": EXACT}), "full_speed": _B_SPEED,
                      "half_speed": Either(_B_SPEED, None), "formation": str, "area": GEOJSON}),
                 least=1),
}
_B_MOVE = {
    "ruleset": Enum("battlesystem"), "unit": Enum("in"), "budget": EXACT, "climb_cost": EXACT,
    "checks": Seq(CHECK, size=0),
    "distance": LENGTH, "half_speed": bool,
    "turn": Obj({"allowed": int, "category": str, "used": NUMBER, "rule": RULE}),
    "end": Obj({"at": POINT_TEXT, "altitude": str, "heading": NUMBER, "formation": str,
                "left_battlefield": bool}),
    "steps": Seq(Either(Obj({"move": str, "climb": EXACT, "total": LENGTH}),
                        Obj({"move": str, "length": LENGTH, "heading": NUMBER,
                             "total": LENGTH}))),
}
# confrontation
_C_WAY = Obj({"mou": Enum("ground", "air"), "value": EXACT,
              "deductions": Seq(Obj({"rule": RULE, "amount": EXACT, "for": str})),
              "reduced": SIGNED, "factor": EXACT, "budget": SIGNED, "change": Either(CHANGE, None),
              "order": Enum("before", "after", "during", None), "rule": RULE, "reason": str})
_C_EDITION = Enum("current", "confede", "3.5", "3")
_C_REACH = {
    "ruleset": Enum("confrontation"), "unit": Enum("cm"), "edition": _C_EDITION, "tier": int,
    "mou": Obj({"ground": EXACT, "air": EXACT}), "factor": EXACT, "vision": str,
    "abilities": Seq(str), "notes": Seq(str),
    "areas": Seq(Obj({"tier": int, "change": Either(CHANGE, None), "mou": Enum("ground", "air"),
                      "mou_value": EXACT, "budget": SIGNED,
                      "ways": Seq(_C_WAY.but({"how": str}), least=1), "landed": bool,
                      "notes": Seq(str), "area": GEOJSON}), least=1),
}
_C_DIVE = Obj({"target": str, "bonuses": Obj({"INI": int, "ATT": int, "FOR": int}),
               "rule": RULE, "measured": str, "length": LENGTH, "holds": str},
              {"redirected": Obj({"to": str, "gone": str, "rule": RULE}), "bonuses_lost": str})
_C_MOVE = {
    "ruleset": Enum("confrontation"), "unit": Enum("cm"), "edition": _C_EDITION,
    "budget": _C_WAY, "cost": MEASURED, "ground_factor": EXACT, "checks": Seq(CHECK, size=0),
    "end": Obj({"at": POINT_TEXT, "tier": int, "landed": bool}),
    "steps": Seq(Obj({"move": str, "tier": int, "total": LENGTH},
                     {"length": LENGTH, "change": CHANGE, "phase": Enum("redirect", "pursuit")})),
    "dive": Either(None, _C_DIVE), "vision": str, "notes": Seq(str),
    "pursuit": Either(None, Obj({"budget": _C_WAY, "cost": LENGTH})),
}


# play (json.md, Play): what every play command answers, whatever the ruleset
_PLAY_STATE = Obj({"round": int, "order": Seq(str), "moved": Seq(str), "next": Either(str, None),
                   "entries": int, "pieces": Table(Obj({}, closed=False)), "damage": Table(int)})
_ROLL = Either(
    Obj({"creature": str, "kind": Enum("save"), "rule": RULE, "save": str, "chance": _percent,
         "on_failure": str, "roll": int, "success": bool}),
    Obj({"creature": str, "kind": Enum("initiative", "fall damage"), "dice": str,
         "faces": Seq(int), "total": int}, {"rule": RULE}))
_PLAYED = Obj({"creature": str, "declared": str, "made": str, "cost": Either(LENGTH, None),
               "end": Obj({}, closed=False), "damage": int,
               "events": Seq(Obj({"type": str}, closed=False)), "checks": Seq(CHECK)})
_ENCOUNTER = Obj({"id": int, "name": Either(str, None), "ruleset": str, "source": str,
                  "seed": int, "given_order": Either(Seq(str), None), "created": str})
_ENTRY = Obj({"entry": int, "round": int,
              "action": Obj({"kind": Enum("start", "move", "condition", "next-round")},
                            {"creature": str, "moves": str, "options": Table(object)}),
              "played": Seq(_PLAYED), "rolls": Seq(_ROLL),
              "events": Seq(Obj({"type": str}, closed=False)), "state": _PLAY_STATE})
PLAY_OUTCOME = Obj({"entry": _ENTRY, "encounter": _ENCOUNTER, "state": _PLAY_STATE,
                    "pending": Seq(Obj({"type": Enum("must-act"), "creature": str, "rule": RULE,
                                        "message": str})),
                    "describe": Table(str), "board": Obj({}, closed=False)},
                   {"held": Seq(str)})  # next-round: who held still (docs/play.md)
PLAY_REPLAY = Obj({"encounter": _ENCOUNTER, "ok": bool, "entries": int,
                   "mismatch": Either(None, Obj({}, closed=False)), "state": _PLAY_STATE})


@dataclass(frozen=True)
class Contract:
    """The shapes of one ruleset's answers: ``reach``, a checked move (``check`` and ``path``),
    ``path`` that finds no way (grids), and ``engagement``."""

    reach: Any
    move: Any
    engagement: Any
    not_found: Any = NOT_FOUND


def _grid(facts: dict[str, Any], state: dict[str, Any], actions: Any,
          optional_state: dict[str, Any], optional_facts: dict[str, Any] | None = None,
          move_extra: dict[str, Any] | None = None, checks: Any = None) -> tuple[Any, Any]:
    """A grid ruleset's reach and move shapes from its own keys (``checks``: what its checks
    may be, when not any ``CHECK``)."""
    notes = {"actions": actions, **({} if checks is None else {"checks": checks})}
    acting = {} if checks is None else {
        "to_act": Obj({"cost": EXACT, "checks": checks, "path": str})}
    reach = GRID_REACH.but(facts, optional_facts).but({"states": Seq(
        GRID_STATE.but({**state, **notes}, {**optional_state, **acting}), least=1)})
    move = GRID_MOVE.but({**facts, **(move_extra or {}), **notes,
                          "end": Obj(state, optional_state)}, optional_facts)
    return reach, move


#: Only volare and dnd5e have checks (dnd5e: a jump landing in difficult terrain, D-jump); the
#: other rulesets answer ``"checks": []`` (json.md).
_D_CHECKS = Seq(CHECK.but({"rule": Enum("D-jump")}, {"on_failure": str}))
_V_REACH, _V_MOVE = _grid(_V_FACTS, _V_STATE, _V_ACTIONS,
                          {"prone": Enum(True), "on_foot": Enum(True)})
_D_REACH, _D_MOVE = _grid(_D_FACTS, _D_STATE, _D_ACTIONS, {"falling": Enum(True)},
                          {"start_events": Seq(EVENT)}, {"turn": _D_TURN}, _D_CHECKS)

#: Each ruleset's own keys (json.md); a ruleset not here is held to its family's shapes.
CONTRACTS: dict[str, Contract] = {
    "volare": Contract(_V_REACH, _V_MOVE, ENGAGEMENT.but(
        {"rule": Enum("V-prox"), "case": Either(int, None), "reason": str, "apart": int,
         "reach": Table(int), "a_in_reach_of_b": bool, "b_in_reach_of_a": bool,
         "attack_modifiers": Table(int), "notes": Seq(str)})),
    "dnd5e": Contract(_D_REACH, _D_MOVE, ENGAGEMENT.but(
        {"rule": Enum("D-creatures", "D-walls"), "distance": NUMBER, "a_in_reach_of_b": bool,
         "b_in_reach_of_a": bool, "hostile": bool})),
    "battlesystem": Contract(TABLE_REACH.but(_B_REACH), TABLE_MOVE.but(_B_MOVE), ENGAGEMENT.but(
        {"rule": Enum("B-alt"), "distance": LENGTH, "altitudes": Seq(str, size=2),
         "reason": str})),
    "confrontation": Contract(TABLE_REACH.but(_C_REACH), TABLE_MOVE.but(_C_MOVE), ENGAGEMENT.but(
        {"rule": Enum("C-adj"), "tiers": Seq(int, size=2), "distance": LENGTH, "reason": str,
         "between_tiers": str, "dive_charge": Either(str, None),
         "sees": Table(Either(bool, None))})),
}


def contract(ruleset: str, grid: bool) -> Contract:
    """The shapes a ruleset's answers must have: its own where this module knows them, else its
    family's (``grid``: a reach of states; otherwise of areas)."""
    if ruleset in CONTRACTS:
        return CONTRACTS[ruleset]
    if grid:
        return Contract(GRID_REACH, GRID_MOVE, ENGAGEMENT)
    return Contract(TABLE_REACH, TABLE_MOVE, ENGAGEMENT)


def assert_reach_shape(ruleset: str, reach: Mapping[str, Any], creature: str) -> None:
    """A reach answer has its ruleset's contract shape (its family's, for a ruleset not named
    here)."""
    assert_conforms(reach, contract(ruleset, grid="states" in reach).reach, f"reach {creature}")


# -- reach, path and check agree: grids -----------------------------------------------------------
#: What a reached state's entry says besides the state itself.
STATE_NOTES = ("cost", "can_act", "actions", "checks", "path", "to_act")


def state_of(entry: Mapping[str, Any]) -> dict[str, Any]:
    """The end state a reach entry is about (``at``, ``altitude``, ``mode`` …), as ``end``."""
    return {k: v for k, v in entry.items() if k not in STATE_NOTES}


def evenly(items: Sequence[T], most: int) -> list[T]:
    """All of ``items`` when there are at most ``most``, else ``most`` of them evenly spaced,
    the first and the last included: a deterministic sample across the cost order."""
    if len(items) <= most:
        return list(items)
    if most <= 1:
        return list(items[:most])
    last = len(items) - 1
    return [items[round(i * last / (most - 1))] for i in range(most)]


def json_of(result: Any) -> dict[str, Any]:
    """A library answer as ``--json`` prints it (the contract: ``to_dict``, through JSON)."""
    import json

    data: dict[str, Any] = json.loads(json.dumps(result.to_dict()))
    return data


def _checked(scenario: Scenario, creature: str, moves: str, shapes: Contract) -> dict[str, Any]:
    verdict = json_of(wingbeat.check(scenario, creature, moves))
    assert_conforms(verdict, shapes.move, f"check {creature} {moves!r}")
    return verdict


def assert_ways_check(scenario: Scenario, creature: str, reach: Mapping[str, Any],
                      entries: Iterable[Mapping[str, Any]]) -> None:
    """Each entry's way (``path``, and ``to_act.path`` where given) is a move ``check`` accepts
    as written, at exactly the entry's cost, with the same checks, ``can_act`` and actions,
    ending in the entry's state; every cost is within the budget; a ``to_act`` way keeps the
    attack and is no cheaper than the cheapest way."""
    shapes = contract(scenario.ruleset, grid=True)
    for entry in entries:
        where = f"{creature} to {state_of(entry)} by {entry['path']!r}"
        # volare: a state reached on foot costs MP of walking, within the walk's own budget
        budget = Fraction(reach["walk_budget" if entry.get("on_foot") else "budget"])
        cost = Fraction(entry["cost"])
        assert 0 <= cost <= budget, where
        verdict = _checked(scenario, creature, entry["path"], shapes)
        assert verdict["legal"] is True, (where, verdict.get("error"))
        said = {k: entry[k] for k in ("cost", "checks", "can_act", "actions")}
        assert {k: verdict[k] for k in said} == said, where
        assert verdict["end"] == state_of(entry), where
        assert verdict["moves"] == entry["path"], where  # reach writes the canonical notation
        assert verdict["steps"] == [] or verdict["steps"][-1]["total"] == entry["cost"], where
        other = entry.get("to_act")
        if other is None:
            continue
        assert entry["can_act"] is False, where
        assert cost <= Fraction(other["cost"]) <= budget, where
        verdict = _checked(scenario, creature, other["path"], shapes)
        assert verdict["legal"] is True, (where, other, verdict.get("error"))
        assert (verdict["cost"], verdict["checks"], verdict["can_act"]) == (
            other["cost"], other["checks"], True), (where, other)
        assert verdict["end"] == state_of(entry), (where, other)


def assert_a_step_in_place_is_refused(scenario: Scenario, creature: str,
                                      entry: Mapping[str, Any]) -> None:
    """A step onto the cell the creature already stands in is no step: ``check`` refuses it with
    a rule id, and its answer describes the move up to the step before (json.md: cost and end
    as far as it went, ``can_act`` false, no actions)."""
    shapes = contract(scenario.ruleset, grid=True)
    moves = f"{entry['path']} {entry['at']}".strip()
    verdict = _checked(scenario, creature, moves, shapes)
    where = f"{creature}: {moves!r}"
    assert verdict["legal"] is False, where
    steps = len(entry["path"].split())
    assert (verdict["error"]["step"], verdict["error"]["move"]) == (steps + 1, entry["at"]), where
    assert (verdict["cost"], verdict["end"], verdict["moves"]) == (
        entry["cost"], state_of(entry), entry["path"]), where
    assert (verdict["can_act"], verdict["actions"]) == (False, []), where


def least_costs(reach: Mapping[str, Any], *, can_act: bool = False
                ) -> dict[tuple[Any, ...], Fraction]:
    """Per (cell, altitude, mode): the least cost of the reached states there (``can_act``: of
    the ways that keep the attack, ``to_act`` included)."""
    least: dict[tuple[Any, ...], Fraction] = {}
    for entry in reach["states"]:
        key = (entry["at"], entry["altitude"], entry["mode"])
        if not can_act or entry["can_act"]:
            cost = Fraction(entry["cost"])
        elif "to_act" in entry:
            cost = Fraction(entry["to_act"]["cost"])
        else:
            continue
        least[key] = min(cost, least.get(key, cost))
    return least


def as_checked(found: Mapping[str, Any]) -> dict[str, Any]:
    """``path``'s answer as ``check`` gives it for the same moves. A search names a step after
    the in-place tokens it takes on the way (dnd5e's ``dash C9``: docs/dnd5e.md) and numbers its
    steps so; ``check`` lists each token as a step of its own (the in-place ones at no cost)."""
    steps: list[dict[str, Any]] = []
    number = {0: 0}
    for i, step in enumerate(found["steps"], 1):
        *before, last = step["move"].split()
        total = steps[-1]["total"] if steps else "0"
        steps += [{"move": token, "cost": "0", "total": total} for token in before]
        steps.append({**step, "move": last})
        number[i] = len(steps)

    def renumber(value: Any, key: str = "") -> Any:
        if key == "step" and isinstance(value, int):
            return number[value]
        if isinstance(value, dict):
            return {k: renumber(v, k) for k, v in value.items()}
        if isinstance(value, list):
            return [renumber(v) for v in value]
        return value

    told: dict[str, Any] = renumber({**found, "steps": steps})
    return told


def assert_found_agrees(scenario: Scenario, creature: str, key: tuple[Any, ...],
                        found: Mapping[str, Any], least: Mapping[tuple[Any, ...], Fraction], *,
                        can_act: bool = False) -> None:
    """``path``'s answer ``found`` for (cell, altitude, mode) ``key``: the least cost reach lists
    there (``least``), ending there, and a move ``check`` answers as ``path`` did; where reach
    lists nothing, ``"found": false``."""
    shapes = contract(scenario.ruleset, grid=True)
    where = f"{creature}: path to {key}{' --can-act' if can_act else ''}"
    if key not in least:
        assert_conforms(found, shapes.not_found, where)
        return
    assert_conforms(found, shapes.move, where)
    assert found["legal"] is True, (where, found)
    assert Fraction(found["cost"]) == least[key], (where, found["moves"])
    assert (found["end"]["at"], found["end"]["altitude"], found["end"]["mode"]) == key, where
    assert found["can_act"] or not can_act, where
    assert _checked(scenario, creature, found["moves"], shapes) == as_checked(found), where


def assert_path_finds_the_least_cost(scenario: Scenario, creature: str,
                                     reach: Mapping[str, Any],
                                     entries: Iterable[Mapping[str, Any]], *,
                                     can_act: bool = False) -> None:
    """``path --to`` each entry's (cell, altitude, mode) costs the least cost reach lists there,
    ends there, and is a move ``check`` answers as ``path`` did. With ``can_act``: the least
    cost of a way that keeps the attack (``to_act`` included), and no way where reach has none."""
    least = least_costs(reach, can_act=can_act)
    for entry in entries:
        key = (entry["at"], entry["altitude"], entry["mode"])
        found = json_of(wingbeat.path(scenario, creature, key[0], altitude=key[1], mode=key[2],
                                      can_act=can_act))
        assert_found_agrees(scenario, creature, key, found, least, can_act=can_act)


def assert_grid_agreement(scenario: Scenario, creature: str, reach: Mapping[str, Any], *,
                          checks: int = 40, paths: int = 3) -> None:
    """reach, path and check agree for a grid creature.

    ``checks`` states evenly spread over the cost order have their ways checked (every state
    when there are that few); ``path`` is asked for ``paths`` of those, evenly spread again; and
    with ``--can-act`` for up to two whose cheapest way leaves no attack but a ``to_act`` way
    keeps it, or else for one that cannot keep it at all (``path`` then finds nothing)."""
    entries = evenly(reach["states"], checks)
    assert_ways_check(scenario, creature, reach, entries)
    assert_path_finds_the_least_cost(scenario, creature, reach, evenly(entries, paths))
    acting = [e for e in entries if "to_act" in e]
    idle = [e for e in entries if not e["can_act"] and "to_act" not in e]
    assert_path_finds_the_least_cost(scenario, creature, reach,
                                     evenly(acting, 2) if acting else idle[-1:], can_act=True)
    assert_a_step_in_place_is_refused(scenario, creature, entries[-1])


# -- reach, path and check agree: tabletops -------------------------------------------------------
#: How far inside a drawn area a point is taken to be "well inside" (table units).
INSIDE = 0.5
#: How far a legal route's end may lie outside the drawn area: areas are drawn within half a
#: millimetre of the true one (docs/tabletop.md), in the table's unit.
TOLERANCE = {"cm": 0.05, "in": 0.05 / 2.54}


def level_key(area: Mapping[str, Any]) -> str:
    """What an area's level is called: ``altitude`` (battlesystem) or ``tier`` (confrontation);
    ``end`` calls it the same."""
    return "altitude" if "altitude" in area else "tier"


def points_inside(area: BaseGeometry, most: int = 6, edge: int = 4) -> list[tuple[float, float]]:
    """Points well inside ``area`` (by ``INSIDE``): up to ``most`` on an even grid over it (a
    representative point among them), then up to ``edge`` corners of the line ``INSIDE`` within
    its edge, evenly spread (where a budget cut short shows first). An area too thin for that (a
    creature that cannot move: a point) gives its own representative point."""
    inner = area.buffer(-INSIDE)
    if inner.is_empty:
        p = area.representative_point()
        return [(round(p.x, 4), round(p.y, 4))]
    minx, miny, maxx, maxy = inner.bounds
    grid = []
    n = 4
    for i in range(n):
        for j in range(n):
            p = Point(minx + (maxx - minx) * (i + 0.5) / n, miny + (maxy - miny) * (j + 0.5) / n)
            if inner.covers(p):
                grid.append((round(p.x, 4), round(p.y, 4)))
    p = inner.representative_point()
    corners = [(round(x, 4), round(y, 4)) for part in getattr(inner, "geoms", [inner])
               for x, y in part.exterior.coords[:-1]]
    corners = [c for c in corners if inner.covers(Point(c))]
    return [*evenly(grid, most - 1), (round(p.x, 4), round(p.y, 4)), *evenly(corners, edge)]


def assert_route_agrees(scenario: Scenario, creature: str, x: float, y: float, level: Any,
                        drawn: BaseGeometry, *, unit: str, budget: Fraction | None = None
                        ) -> dict[str, Any]:
    """``path`` to (x, y) at ``level``: a legal route is a move ``check`` answers exactly as
    ``path`` did, ends there at that level, costs at most ``budget``, and ends inside the drawn
    area (within its tolerance); a refused one is to a point not well inside it."""
    shapes = contract(scenario.ruleset, grid=False)
    where = f"{creature}: path to {x!r},{y!r} at {level}"
    route = json_of(wingbeat.path(scenario, creature, f"{x!r},{y!r}", altitude=level))
    assert_conforms(route, shapes.move, where)
    if not route["legal"]:
        assert not drawn.buffer(-0.1).covers(Point(x, y)), (where, route["error"])
        return route
    again = json_of(wingbeat.check(scenario, creature, route["moves"]))
    assert again == route, where
    end = route["end"]
    assert end[next(k for k in ("altitude", "tier") if k in end)] == level, where
    ex, ey = (float(v) for v in end["at"].split(","))
    assert math.dist((ex, ey), (x, y)) <= 1e-4, where
    assert drawn.distance(Point(ex, ey)) <= TOLERANCE.get(unit, 0.05) + 1e-9, where
    if budget is not None:
        assert float(route["cost"]) <= budget + Fraction(1, 10**4), where
    return route


def assert_table_agreement(scenario: Scenario, creature: str, reach: Mapping[str, Any],
                           table: tuple[float, float]) -> list[str]:
    """reach, path and check agree for a tabletop creature: points well inside each drawn area
    (up to six on an even grid, four along its edge: ``points_inside``) are reached by ``path``
    at that area's level, within its budget, by a route ``check`` accepts at the same cost;
    points of the ``table`` well away from every area (a 5 × 5 grid, at least 1 unit out) are
    refused by ``path`` at every level and by ``check`` as a straight move. Returns the routes'
    moves."""
    shapes = contract(scenario.ruleset, grid=False)
    unit = reach["unit"]
    moves = []
    drawn = {}
    for area in reach["areas"]:
        level = area[level_key(area)]
        geometry = shape(area["area"])
        drawn[level] = geometry
        budget = Fraction(area.get("budget", reach.get("budget", "0")))
        for x, y in points_inside(geometry):
            route = assert_route_agrees(scenario, creature, x, y, level, geometry, unit=unit,
                                        budget=budget)
            assert route["legal"], (creature, x, y, level, route["error"])
            moves.append(route["moves"])
    everywhere = shape({"type": "GeometryCollection",
                        "geometries": [a["area"] for a in reach["areas"]]}).buffer(1.0)
    width, height = table
    outside = [(round(width * (i + 0.5) / 5, 4), round(height * (j + 0.5) / 5, 4))
               for i in range(5) for j in range(5)]
    for x, y in evenly([p for p in outside if not everywhere.covers(Point(p))], 3):
        verdict = _checked(scenario, creature, f"{x!r},{y!r}", shapes)
        assert verdict["legal"] is False and verdict["error"]["step"] == 1, (creature, x, y)
        for level, geometry in drawn.items():
            route = assert_route_agrees(scenario, creature, x, y, level, geometry, unit=unit)
            assert route["legal"] is False, (creature, x, y, level)
    return moves


def assert_legal_move_ends_inside(report: Mapping[str, Any], reach: Mapping[str, Any]) -> None:
    """A move ``check`` accepts ends inside the area ``reach`` draws at its end level (within the
    drawing's tolerance): reach and check never disagree, whatever the move."""
    if not report["legal"] or report["end"].get("left_battlefield"):
        return
    end = report["end"]
    key = next(k for k in ("altitude", "tier") if k in end)
    areas = [a for a in reach["areas"] if a[level_key(a)] == end[key]]
    assert areas, f"{report['moves']!r} ends at {key} {end[key]}, where reach draws no area"
    x, y = (float(v) for v in end["at"].split(","))
    gap = shape(areas[0]["area"]).distance(Point(x, y))
    assert gap <= TOLERANCE.get(reach["unit"], 0.05) + 1e-9, (report["moves"], gap)

