"""The ``volare`` part of the scenario schema, and its checks against the map."""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BeforeValidator, Field, field_validator

from ...errors import ScenarioError
from ...geometry.hexgrid import Direction, Hex, parse_direction, parse_hex
from ...limits import MAX_CREATURES, MAX_VOLARE_RATE
from ...scenario._cells import cell_items, is_range, range_cells
from ...scenario._schema import (
    CreatureEntry,
    GridMapModel,
    Label,
    Name,
    Problems,
    ScenarioFile,
    StrictModel,
    build_battle,
)
from ._messages import _
from .encumbrance import STRENGTH_BREAKS, flight_load
from .model import (
    MAX_REACH,
    BandPenalty,
    Encumbrance,
    Maneuverability,
    Mode,
    Power,
    Size,
    VolareBattle,
    VolareCreature,
    VolareMap,
    VolareOptions,
    VolareScenario,
    Wind,
    WindStrength,
)

__all__ = ["MAX_POWERS", "MAX_POWER_CHARS", "VolareFile", "build"]

_DICE = re.compile(r"^\d*d\d+([+-]\d+)?$")

#: The most named powers one creature has (V-spells): a monster's entry lists a handful.
MAX_POWERS = 20
#: The longest power's name: a few words (``petrifying-gaze``), shown in every list of actions.
MAX_POWER_CHARS = 40
#: A power's name: a letter, then letters, digits, hyphens, spaces or apostrophes, ending in no
#: space or hyphen; no comma or colon, which the lists of actions use (``power:charm, free``).
_POWER_NAME = re.compile(r"[^\W\d_](?:[\w' -]*[^\W_]|[\w' -]*')?")

#: What each key holds, as a player writes it: the example an error shows.
EXAMPLES = {
    "map": "map: {grid: hex, columns: 30, rows: 50, top: 20}",
    "grid": "grid: hex",
    "columns": "columns: 30",
    "rows": "rows: 50",
    "top": "top: 20",
    "wind": "wind: {strength: breeze, toward: NE}",
    "wind.strength": "strength: breeze (calm, light-breeze, breeze, strong-wind, gale)",
    "toward": "toward: NE",
    "cells": "cells: [{at: [P14, P16], ground: 2}]",
    "cells[]": "{at: P1:AD30, ground: 2}",
    "cells.at": "at: [P14, P16], at: P14 or at: P1:AD30",
    "at": "at: T34 (a hex label)",
    "at[]": "T34",
    "ground": "ground: 2",
    "ceiling": "ceiling: 5",
    "fly": "fly: 8",
    "maneuverability": "maneuverability: medium",
    "reflex": "reflex: 50",
    "strength": "strength: 14",
    "load": "load: 60",
    "encumbrance": "encumbrance: {unencumbered: 80, band_width: 20}",
    "unencumbered": "unencumbered: 80",
    "band_width": "band_width: 20",
    "altitude": "altitude: 2",
    "mode": "mode: moving",
    "heading": "heading: NE",
    "came_from": "came_from: T32",
    "skimming": "skimming: true",
    "prone": "prone: true",
    "breath": "breath: true",
    "powers": "powers: [petrifying-gaze, {name: tail-sting, physical: true}]",
    "powers[]": "petrifying-gaze, or {name: charm, somatic: true}",
    "powers.name": "name: petrifying-gaze",
    "physical": "physical: true (a bodily act, like a sting)",
    "somatic": "somatic: true (it needs gestures, like a spell's somatic component)",
    "size": "size: huge (tiny, small, medium, large, huge, gargantuan)",
    "reach": "reach: 2",
    "fall_damage": "fall_damage: 1d6",
    "band_penalties": "band_penalties: {1: {attack: -1, armor_class: -1}}",
    "attack": "attack: -1",
    "armor_class": "armor_class: -1",
}


class WindModel(StrictModel):
    strength: WindStrength = WindStrength.CALM
    toward: Label | None = None

    @field_validator("toward")
    @classmethod
    def _direction(cls, value: str | None) -> str | None:
        if value is not None:
            try:
                parse_direction(value)
            except ValueError:
                raise ValueError(_("expected a direction (N NE SE S SW NW)")) from None
        return value


class CellsModel(StrictModel):
    at: list[Label] | Label
    ground: int | None = Field(default=None, ge=0)
    ceiling: int | None = Field(default=None, ge=1)


class MapModel(GridMapModel):
    grid: Literal["hex"] = "hex"
    top: int = Field(default=20, ge=1, le=200)
    wind: WindModel = WindModel()
    cells: list[CellsModel] = []


class EncumbranceModel(StrictModel):
    unencumbered: int = Field(ge=0)
    band_width: int = Field(ge=1)


def _power_name(value: str) -> str:
    if len(value) > MAX_POWER_CHARS:
        raise ValueError(_("a power's name is at most {most} characters (got {got})").format(
            most=MAX_POWER_CHARS, got=len(value)))
    if not _POWER_NAME.fullmatch(value):
        raise ValueError(_("expected a power's name: a letter, then letters, digits, hyphens, "
                           "spaces or apostrophes, not ending in a hyphen or a space"))
    return value


def _power_entry(value: Any) -> Any:
    """A power is its name, or a mapping with its name and what kind of act it is."""
    if isinstance(value, str):
        return {"name": _power_name(value)}
    if isinstance(value, dict):
        return value
    raise ValueError(_("expected a power: its name, or a mapping of its name and whether it is "
                       "physical or somatic"))


class PowerModel(StrictModel):
    """A named special power (V-spells): whether it is physical, whether it needs gestures."""

    name: Annotated[str, AfterValidator(_power_name)] = Field(
        json_schema_extra={"minLength": 1, "maxLength": MAX_POWER_CHARS})
    physical: bool = False
    somatic: bool = False


#: One entry of ``powers``: a name, or the mapping (``PowerModel``)
PowerEntry = Annotated[PowerModel, BeforeValidator(
    _power_entry, json_schema_input_type=Annotated[str, Field(
        min_length=1, max_length=MAX_POWER_CHARS)] | PowerModel)]


class CreatureModel(CreatureEntry):
    fly: int = Field(default=0, ge=0, le=MAX_VOLARE_RATE)
    ground: int = Field(default=0, ge=0, le=MAX_VOLARE_RATE)
    maneuverability: Maneuverability = Maneuverability.MEDIUM
    reflex: int = Field(default=0, ge=0, le=100)
    strength: int | None = Field(default=None, ge=1, le=25)
    load: int = Field(default=0, ge=0)
    encumbrance: EncumbranceModel | None = None
    at: Label
    altitude: int | None = Field(default=None, ge=0)
    mode: Mode = Mode.GROUNDED
    heading: Label | None = None
    came_from: Label | None = None
    skimming: bool | None = None
    prone: bool = False
    side: Name | None = None
    breath: bool = False
    size: Size = Size.MEDIUM
    reach: int | None = Field(default=None, json_schema_extra={"minimum": 1,
                                                               "maximum": MAX_REACH})
    powers: list[PowerEntry] = Field(default=[], max_length=MAX_POWERS)

    @field_validator("powers")
    @classmethod
    def _unique_powers(cls, value: list[PowerModel]) -> list[PowerModel]:
        named: dict[str, int] = {}
        for i, power in enumerate(value):
            first = named.setdefault(power.name.casefold(), i)
            if first != i:
                raise ValueError(_("powers[{i}] names {name} again (powers[{first}]): list "
                                   "each power once").format(i=i, name=repr(power.name),
                                                             first=first))
        return value

    @field_validator("reach")
    @classmethod
    def _reach(cls, value: int | None) -> int | None:
        if value is not None and not 1 <= value <= MAX_REACH:
            raise ValueError(_("a melee reach is 1 hex, or {most} for a polearm, a whip or a "
                               "Huge or larger creature's attack (V-prox)").format(most=MAX_REACH))
        return value


class BandPenaltyModel(StrictModel):
    attack: int = 0
    armor_class: int = 0


class OptionsModel(StrictModel):
    fall_damage: Label = "1d6"
    band_penalties: dict[int, BandPenaltyModel] = {}

    @field_validator("band_penalties")
    @classmethod
    def _bands(cls, value: dict[int, BandPenaltyModel]) -> dict[int, BandPenaltyModel]:
        for band in value:
            if not 1 <= band <= 8:
                raise ValueError(_("encumbrance bands run from 1 to 8, not {band}").format(
                    band=band))
        return value

    @field_validator("fall_damage")
    @classmethod
    def _dice(cls, value: str) -> str:
        if not _DICE.match(value):
            raise ValueError(_("expected dice like 1d6 or 2d4+1"))
        return value


class VolareFile(ScenarioFile):
    ruleset: Literal["volare"]
    options: OptionsModel = OptionsModel()
    map: MapModel
    creatures: list[CreatureModel] = Field(default=[], max_length=MAX_CREATURES)


def build(data: dict[str, Any], source: str) -> VolareScenario:
    """Validate ``volare`` scenario data and build its battle; every problem the stages that can
    run find is listed at once."""
    return build_battle(data, source, ruleset="volare", examples=EXAMPLES, file=VolareFile,
                        key="creatures", entry=CreatureModel, setting=_setting,
                        creature=_build_creature, clashes=_shared_places)


def _setting(problems: Problems, model: VolareFile) -> VolareBattle | None:
    """The battle without its creatures: the map, the wind, the options."""
    vmap: VolareMap | None = None
    wind = Wind()  # a wrong wind is noted: no battle is made of this one
    with problems.check():
        vmap = _build_map(model.map)
    with problems.check():
        wind = _build_wind(model.map.wind)
    if vmap is None:
        return None
    return VolareBattle(map=vmap, wind=wind, options=VolareOptions(
        fall_damage=model.options.fall_damage,
        band_penalties={band: BandPenalty(p.attack, p.armor_class)
                        for band, p in model.options.band_penalties.items()}))


def _cell(label: str, vmap: VolareMap | None, where: str) -> Hex:
    try:
        cell = parse_hex(label)
    except ValueError as exc:  # NotationError, or any other refusal of the parser
        raise ScenarioError(str(exc), where=where) from None
    if vmap is not None and not vmap.contains(cell):
        raise ScenarioError(_("{hex} is off the map (columns A..{last}, rows 1..{rows})").format(
            hex=cell, last=_last_col(vmap), rows=vmap.rows), where=where)
    return cell


def _last_col(vmap: VolareMap) -> str:
    from ...geometry.labels import column_label

    return column_label(vmap.columns)


def _hexes(at: str | list[str], vmap: VolareMap, where: str) -> list[tuple[Hex, str]]:
    """Every hex a cells block's ``at`` names, with the place of the item that named it: labels,
    or ranges of them (``P1:AD30``: the hexes of that rectangle)."""
    out: list[tuple[Hex, str]] = []
    for item, place in cell_items(at, where):
        if is_range(item):
            out.extend((Hex(c, r), place) for c, r in range_cells(
                item, place, columns=vmap.columns, rows=vmap.rows, hexes=True))
        else:
            out.append((_cell(item, vmap, place), place))
    return out


def _build_map(m: MapModel) -> VolareMap:
    shell = VolareMap(columns=m.columns, rows=m.rows, top=m.top)
    ground: dict[Hex, int] = {}
    ceiling: dict[Hex, int] = {}
    first: dict[tuple[Hex, str], int] = {}  # where each cell's ground or ceiling was first given
    blocks = Problems("", {})  # every block's problem, not only the first block's
    for i, block in enumerate(m.cells):
        with blocks.check():
            _cells_block(i, block, m, shell, {"ground": ground, "ceiling": ceiling}, first)
    blocks.done()
    for cell, top in ceiling.items():
        if top <= ground.get(cell, 0):
            raise ScenarioError(_("{hex} has its ceiling at {ceiling}, not above its ground level "
                                  "{ground}: no altitude would exist there").format(
                hex=cell, ceiling=top, ground=ground.get(cell, 0)),
                                where="map.cells")
    return VolareMap(columns=m.columns, rows=m.rows, top=m.top, ground=ground, ceiling=ceiling)


def _cells_block(i: int, block: CellsModel, m: MapModel, shell: VolareMap,
                 levels: dict[str, dict[Hex, int]], first: dict[tuple[Hex, str], int]) -> None:
    """``map.cells[i]``'s ground and ceiling, into ``levels``."""
    if not block.at:
        raise ScenarioError(_("expected at least one hex label (or a range like P1:AD30)"),
                            where=f"map.cells[{i}].at")
    if block.ground is None and block.ceiling is None:
        raise ScenarioError(_("expected ground or ceiling (or both)"), where=f"map.cells[{i}]")
    for cell, where in _hexes(block.at, shell, f"map.cells[{i}].at"):
        for key, value in (("ground", block.ground), ("ceiling", block.ceiling)):
            if value is None:
                continue
            given = levels[key]
            if key == "ground" and value > m.top:
                raise ScenarioError(_("ground level {ground} is above the map's top "
                                      "({top})").format(ground=value, top=m.top),
                                    where=f"map.cells[{i}].ground")
            if (cell, key) in first and given[cell] != value:
                # Translators: {key} is a scenario key, ground or ceiling (kept as written)
                raise ScenarioError(_("{hex} already has its {key} at {value} "
                                      "(map.cells[{first}]); give each cell one {key}").format(
                    hex=cell, key=key, value=given[cell], first=first[cell, key]), where=where)
            first.setdefault((cell, key), i)
            given[cell] = value


def _build_wind(w: WindModel) -> Wind:
    if w.strength in (WindStrength.CALM,):
        return Wind(w.strength, parse_direction(w.toward) if w.toward else None)
    if w.toward is None:
        # Translators: {wind} is the wind's name without an article
        raise ScenarioError(_("{wind} needs a direction: toward N, NE, SE, S, SW or NW").format(
            wind=w.strength.words[:1].upper() + w.strength.words[1:]), where="map.wind.toward")
    return Wind(w.strength, parse_direction(w.toward))


def _build_creature(c: CreatureModel, battle: VolareBattle, where: str) -> VolareCreature:
    vmap = battle.map
    at = _cell(c.at, vmap, f"{where}.at")
    ground = vmap.ground_at(at)
    ceiling = vmap.ceiling_at(at)
    altitude = ground if c.altitude is None else c.altitude
    if altitude < ground:
        raise ScenarioError(_("altitude {altitude} is inside the ground: {hex}'s ground level is "
                              "{ground}").format(altitude=altitude, hex=at, ground=ground),
                            where=f"{where}.altitude")
    if altitude > vmap.top:
        raise ScenarioError(_("altitude {altitude} is above the map's top ({top})").format(
            altitude=altitude, top=vmap.top), where=f"{where}.altitude")
    if ceiling is not None and altitude >= ceiling:
        raise ScenarioError(_("altitude {altitude} is at or above {hex}'s ceiling "
                              "({ceiling})").format(altitude=altitude, hex=at, ceiling=ceiling),
                            where=f"{where}.altitude")
    heading = _heading(c, at, vmap, where)
    if c.mode is Mode.GROUNDED:
        if altitude != ground:
            raise ScenarioError(_("a grounded creature stands at its hex's ground level "
                                  "({ground}), not at altitude {altitude}; use mode hovering or "
                                  "moving for a flyer").format(ground=ground, altitude=altitude),
                                where=f"{where}.altitude")
        if c.skimming:
            raise ScenarioError(_("a grounded creature is not skimming: skimming is flight at "
                                  "ground level (mode hovering or moving)"),
                                where=f"{where}.skimming")
    else:
        if c.prone:
            raise ScenarioError(_("a prone creature is on the ground: use mode grounded"),
                                where=f"{where}.prone")
        if c.fly <= 0:
            # Translators: {mode} is the scenario's mode as written (hovering, moving)
            raise ScenarioError(_("{id} is {mode} but has no fly speed").format(
                id=c.id, mode=c.mode.value), where=f"{where}.fly")
        at_ground = altitude == ground
        if c.skimming is True and not at_ground:
            raise ScenarioError(_("skimming is flight at ground level ({ground}), but altitude is "
                                  "{altitude}").format(ground=ground, altitude=altitude),
                                where=f"{where}.skimming")
        if c.skimming is False and at_ground:
            raise ScenarioError(_("a flyer at its hex's ground level ({ground}) is skimming "
                                  "(V-skim): set skimming: true or raise its altitude").format(
                ground=ground), where=f"{where}.skimming")
        if at_ground and c.maneuverability is Maneuverability.POOR:
            if c.altitude is not None:
                said = _("a poor flyer cannot skim (V-skim): at ground level it is grounded; give "
                         "its altitude, or use mode grounded")
            else:
                said = _("a poor flyer cannot skim (V-skim): at ground level (no altitude given: "
                         "it defaults to that) it is grounded; give its altitude, or use mode "
                         "grounded")
            raise ScenarioError(said, where=f"{where}.mode")
    encumbrance = None
    if c.encumbrance is not None:
        encumbrance = Encumbrance(c.encumbrance.unencumbered, c.encumbrance.band_width)
    elif c.load > 0 and (c.strength is None or c.strength not in STRENGTH_BREAKS):
        if c.strength is None:
            said = _("a load needs Strength 10-18 or the encumbrance break points (encumbrance: "
                     "{{unencumbered: lb, band_width: lb}}); got no strength")
        else:
            said = _("a load needs Strength 10-18 or the encumbrance break points (encumbrance: "
                     "{{unencumbered: lb, band_width: lb}}); got Strength {strength}")
        raise ScenarioError(said.format(strength=c.strength), where=f"{where}.load")
    creature = VolareCreature(
        id=c.id, name=c.name, fly=c.fly, ground=c.ground, maneuverability=c.maneuverability,
        reflex=c.reflex, strength=c.strength, load=c.load, encumbrance=encumbrance, at=at,
        altitude=altitude, mode=c.mode, heading=heading, prone=c.prone, side=c.side,
        hidden=c.hidden,
        breath=c.breath, size=c.size, reach=c.reach,
        powers=tuple(Power(p.name, p.physical, p.somatic) for p in c.powers),
    )
    load = flight_load(creature)
    if creature.airborne and not load.can_fly:
        raise ScenarioError(_("{id} carries {load} lb: at {limit} lb or more it cannot fly at all "
                              "(V-enc), so it cannot be {mode}; use mode grounded or a lighter "
                              "load").format(id=c.id, load=c.load, limit=load.limit,
                                             mode=c.mode.value), where=f"{where}.load")
    return creature


def _shared_places(creatures: list[tuple[int, VolareCreature]], battle: VolareBattle
                   ) -> list[tuple[str, str]]:
    """No two creatures stand in one place, hex and altitude (V-occupied): a move never ends in
    another creature's place, so none starts there. Each creature placed where one before it
    stands is named once: (place of its ``at``, why)."""
    held: dict[tuple[Hex, int], VolareCreature] = {}
    found: list[tuple[str, str]] = []
    for i, c in creatures:
        other = held.setdefault((c.at, c.altitude), c)
        if other is not c:
            found.append((f"creatures[{i}].at", _(
                "{id} stands where {other} stands, {hex} at altitude {altitude}: two creatures "
                "cannot share a place (V-occupied); one may stand in the hex above the "
                "other").format(id=c.id, other=other.id, hex=c.at, altitude=c.altitude)))
    return found


def _heading(c: CreatureModel, at: Hex, vmap: VolareMap, where: str) -> Direction | None:
    if c.heading is not None and c.came_from is not None:
        raise ScenarioError(_("give heading or came_from, not both"), where=f"{where}.came_from")
    if c.mode is not Mode.MOVING:
        if c.heading is not None or c.came_from is not None:
            key = "heading" if c.heading is not None else "came_from"
            raise ScenarioError(_("only a moving creature has a heading; this one is "
                                  "{mode}").format(mode=c.mode.value), where=f"{where}.{key}")
        return None
    if c.heading is not None:
        try:
            return parse_direction(c.heading)
        except ValueError as exc:
            raise ScenarioError(str(exc), where=f"{where}.heading") from None
    if c.came_from is not None:
        origin = _cell(c.came_from, None, f"{where}.came_from")
        direction = origin.direction_to(at)
        if direction is None:
            raise ScenarioError(_("{origin} is not adjacent to {hex}: came_from names the hex the "
                                  "creature's last horizontal step left").format(
                origin=origin, hex=at), where=f"{where}.came_from")
        return direction
    raise ScenarioError(_("a moving creature needs its heading (N NE SE S SW NW) or came_from "
                          "(the hex its last step left) for its frontal hexes (V-inertia)"),
                        where=f"{where}.heading")
