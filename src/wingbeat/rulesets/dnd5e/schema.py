"""The ``dnd5e`` part of the scenario schema, and its checks against the map."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, field_validator

from ...errors import ScenarioError
from ...geometry.labels import column_label, split_label
from ...geometry.squaregrid import DiagonalRule
from ...i18n import SaidMapping
from ...limits import MAX_CREATURES, MAX_DND5E_SPEED
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
from ._messages import N_, _
from .board import Board, footprint_offsets, shared_board
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
    side_key,
)
from .words import size_word

__all__ = ["EXAMPLES", "Dnd5eFile", "build"]

#: What each key holds, as a player writes it: the example an error shows (its words in the
#: language of the moment: ``i18n.SaidMapping``).
EXAMPLES = SaidMapping({
    "map": "map: {grid: square, columns: 20, rows: 20, top: 12}",
    "grid": N_("grid: square (or hex)"),
    "columns": "columns: 20",
    "rows": "rows: 20",
    "top": "top: 12",
    "bottom": "bottom: -2",
    "cells": "cells: [{at: [C3, D3], terrain: difficult}]",
    "cells[]": "{at: P1:AD30, terrain: difficult}",
    "cells.at": N_("at: [C3, D3], at: C3 or at: P1:AD30"),
    "at[]": "C3",
    "terrain": "terrain: difficult (normal, difficult, water)",
    "wall": "wall: true",
    "ground": "ground: 2",
    "ceiling": "ceiling: 6",
    "climb": "climb: true",
    "air": "air: difficult",
    "walls": "walls: [{between: [E5, F5]}]",
    "walls[]": "{between: [E5, F5], door: closed}",
    "between": N_("between: [E5, F5] or between: [E1:E8, F1:F8]"),
    "between[]": "E5",
    "door": N_("door: closed (or open)"),
    "at": N_("at: B2 (a square label)"),
    "size": "size: large (tiny, small, medium, large, huge, gargantuan)",
    "speed": "speed: {walk: 30, fly: 60}",
    "walk": N_("walk: 30 (feet)"),
    "fly": N_("fly: 60 (feet)"),
    "speed.climb": N_("climb: 20 (feet)"),
    "swim": N_("swim: 30 (feet)"),
    "burrow": N_("burrow: 10 (feet)"),
    "hover": "hover: true",
    "magic_flight": N_("magic_flight: true (magic holds it aloft, e.g. the fly spell)"),
    "reach": N_("reach: 10 (feet)"),
    "altitude": N_("altitude: 2 (levels of 5 ft above the ground)"),
    "conditions": "conditions: [prone, grappled]",
    "conditions[]": "prone",
    "reaction": "reaction: false",
    "strength": "strength: 16",
    "acrobatics": "acrobatics: 5",
    "diagonals": "diagonals: phb (phb, dmg, euclid)",
    "units": N_("units: ft (or m)"),
    "fall_rate": "fall_rate: true",
    "flyer_fall": "flyer_fall: true",
}, _)


class CellsModel(StrictModel):
    at: list[Label] | Label
    terrain: Terrain | None = None
    wall: bool | None = None
    ground: int | None = Field(default=None, ge=-200, le=200)
    ceiling: int | None = Field(default=None, ge=-199, le=201)
    climb: bool | None = None
    air: Literal["difficult", "normal"] | None = None


class WallModel(StrictModel):
    between: list[Label] = Field(min_length=2, max_length=2)
    door: Literal["open", "closed"] | None = None


class MapModel(GridMapModel):
    grid: GridKind = GridKind.SQUARE
    top: int = Field(default=12, ge=0, le=200)
    bottom: int = Field(default=0, ge=-200, le=0)
    cells: list[CellsModel] = []
    walls: list[WallModel] = []


class SpeedModel(StrictModel):
    walk: int = Field(default=30, ge=0, le=MAX_DND5E_SPEED)
    fly: int = Field(default=0, ge=0, le=MAX_DND5E_SPEED)
    climb: int = Field(default=0, ge=0, le=MAX_DND5E_SPEED)
    swim: int = Field(default=0, ge=0, le=MAX_DND5E_SPEED)
    burrow: int = Field(default=0, ge=0, le=MAX_DND5E_SPEED)


class CreatureModel(CreatureEntry):
    size: Size = Size.MEDIUM
    speed: SpeedModel = SpeedModel()
    hover: bool = False
    magic_flight: bool = False
    reach: int = Field(default=5, ge=0, le=100)
    at: Label
    altitude: int | None = Field(default=None, ge=-200, le=200)
    side: Name | None = None
    conditions: list[Name] = []
    reaction: bool = True
    strength: int | None = Field(default=None, ge=1, le=30)
    acrobatics: int = Field(default=0, ge=-10, le=30)

    @field_validator("conditions")
    @classmethod
    def _known(cls, value: list[str]) -> list[str]:
        for condition in value:
            if condition not in CONDITIONS:
                raise ValueError(_("unknown condition {condition}; expected some of: "
                                   "{conditions}").format(
                    condition=repr(condition), conditions=", ".join(sorted(CONDITIONS))))
        return value


class OptionsModel(StrictModel):
    diagonals: DiagonalRule = DiagonalRule.PHB
    units: Units = Units.FT
    fall_rate: bool = False
    flyer_fall: bool = False


class Dnd5eFile(ScenarioFile):
    ruleset: Literal["dnd5e"]
    options: OptionsModel = OptionsModel()
    map: MapModel
    creatures: list[CreatureModel] = Field(default=[], max_length=MAX_CREATURES)


def build(data: dict[str, Any], source: str) -> Dnd5eScenario:
    """Validate ``dnd5e`` scenario data and build its battle; every problem the stages that can
    run find is listed at once (two creatures in one space too)."""
    return build_battle(data, source, ruleset="dnd5e", examples=EXAMPLES, file=Dnd5eFile,
                        key="creatures", entry=CreatureModel, setting=_setting,
                        creature=_build_creature, clashes=_overlaps)


def _setting(problems: Problems, model: Dnd5eFile) -> Dnd5eBattle | None:
    """The battle without its creatures: the map and the options."""
    with problems.check():
        return Dnd5eBattle(map=_build_map(model.map), options=Dnd5eOptions(
            diagonals=model.options.diagonals, units=model.options.units,
            fall_rate=model.options.fall_rate, flyer_fall=model.options.flyer_fall))
    return None


def _board(battle: Dnd5eBattle) -> Board:
    return shared_board(battle.map, battle.options.diagonals)


def _coords(label: str, vmap: Dnd5eMap, where: str) -> tuple[int, int]:
    kind = "hex" if vmap.grid is GridKind.HEX else "square"
    try:
        col, row = split_label(label, kind=kind)
    except ValueError as exc:  # NotationError, or any other refusal of the parser
        raise ScenarioError(str(exc), where=where) from None
    if not vmap.contains(col, row):
        if vmap.grid is GridKind.HEX and (col + row) % 2:
            raise ScenarioError(_("{label} is not a hex: in doubled coordinates column index + "
                                  "row must be even").format(label=label), where=where)
        raise ScenarioError(_("{label} is off the map (columns A..{last}, rows 1..{rows})").format(
            label=label, last=column_label(vmap.columns), rows=vmap.rows), where=where)
    return col, row


def _spaces(item: str, vmap: Dnd5eMap, where: str) -> list[tuple[int, int]]:
    """The spaces an ``at`` item names: one label, or a range of them (``P1:AD30``)."""
    if is_range(item):
        return range_cells(item, where, columns=vmap.columns, rows=vmap.rows,
                           hexes=vmap.grid is GridKind.HEX)
    return [_coords(item, vmap, where)]


def _build_map(m: MapModel) -> Dnd5eMap:
    if m.bottom > m.top:  # pragma: no cover - bottom ≤ 0 ≤ top by the schema
        raise ScenarioError(_("bottom must not be above top"), where="map.bottom")
    shell = Dnd5eMap(columns=m.columns, rows=m.rows, grid=m.grid, top=m.top, bottom=m.bottom)
    cells: dict[tuple[int, int], Cell] = {}
    blocks = Problems("", {})  # every block's problem, not only the first block's
    for i, block in enumerate(m.cells):
        with blocks.check():
            _cells_block(i, block, m, shell, cells)
    if not blocks.found:
        with blocks.check():
            _check_ceilings(cells)
    walls: dict[tuple[tuple[int, int], tuple[int, int]], WallKind] = {}
    with blocks.check():
        walls = _build_walls(m, shell)
    blocks.done()
    return Dnd5eMap(columns=m.columns, rows=m.rows, grid=m.grid, top=m.top, bottom=m.bottom,
                    cells=cells, walls=walls)


def _check_ceilings(cells: dict[tuple[int, int], Cell]) -> None:
    for (col, row), cell in cells.items():
        if cell.ceiling is not None and cell.ceiling <= cell.ground:
            raise ScenarioError(_("{label} has its ceiling at {ceiling}, not above its ground "
                                  "level {ground}: no altitude would exist there").format(
                label=f"{column_label(col)}{row}", ceiling=cell.ceiling, ground=cell.ground),
                where="map.cells")


def _cells_block(i: int, block: CellsModel, m: MapModel, shell: Dnd5eMap,
                 cells: dict[tuple[int, int], Cell]) -> None:
    """``map.cells[i]``'s facts, over what the blocks before it said of its spaces."""
    here = f"map.cells[{i}]"
    if not block.at:
        raise ScenarioError(_("expected at least one space label (or a range like P1:AD30)"),
                            where=f"{here}.at")
    if all(v is None for v in (block.terrain, block.wall, block.ground, block.ceiling,
                               block.climb, block.air)):
        raise ScenarioError(_("expected something about these spaces: terrain, wall, ground, "
                              "ceiling, climb or air"), where=here)
    if block.ground is not None and not m.bottom <= block.ground <= m.top:
        raise ScenarioError(_("ground level {ground} is outside the map's altitudes "
                              "({bottom}..{top})").format(ground=block.ground, bottom=m.bottom,
                                                          top=m.top), where=f"{here}.ground")
    for item, where in cell_items(block.at, f"{here}.at"):
        for xy in _spaces(item, shell, where):
            old = cells.get(xy, Cell())
            cells[xy] = Cell(
                terrain=block.terrain if block.terrain is not None else old.terrain,
                wall=block.wall if block.wall is not None else old.wall,
                ground=block.ground if block.ground is not None else old.ground,
                ceiling=block.ceiling if block.ceiling is not None else old.ceiling,
                climb=block.climb if block.climb is not None else old.climb,
                air_difficult=(block.air == "difficult") if block.air is not None
                else old.air_difficult,
            )


def _build_walls(m: MapModel, shell: Dnd5eMap) -> dict[tuple[tuple[int, int], tuple[int, int]],
                                                       WallKind]:
    """The sides between squares that ``map.walls`` names (D-walls): ``between: [E5, F5]`` one
    side, ``between: [E1:E8, F1:F8]`` a run of them (two ranges of the same shape, side by
    side); a later entry on the same side replaces an earlier one."""
    walls: dict[tuple[tuple[int, int], tuple[int, int]], WallKind] = {}
    if m.walls and m.grid is GridKind.HEX:
        raise ScenarioError(_("walls between spaces are on square maps only (grid: square); "
                              "on hexes mark whole spaces with wall: true"), where="map.walls")
    found = Problems("", {})  # every wall's problem, not only the first wall's
    for i, wall in enumerate(m.walls):
        with found.check():
            _wall(i, wall, shell, walls)
    found.done()
    return walls


def _wall(i: int, wall: WallModel, shell: Dnd5eMap,
          walls: dict[tuple[tuple[int, int], tuple[int, int]], WallKind]) -> None:
    """``map.walls[i]``'s sides, into ``walls``."""
    here = f"map.walls[{i}].between"
    first, second = (_spaces(item, shell, f"{here}[{j}]") for j, item in enumerate(wall.between))
    if len(first) != len(second):
        raise ScenarioError(_("{first} names {n_first} squares and {second} {n_second}: "
                              "expected two ranges of the same shape, side by side").format(
            first=wall.between[0], n_first=len(first), second=wall.between[1],
            n_second=len(second)), where=here)
    kind = WallKind.WALL if wall.door is None else WallKind(wall.door)
    for a, b in zip(first, second, strict=True):
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
            raise ScenarioError(_("{a} and {b} are not side by side: a wall stands between two "
                                  "squares that share a side").format(
                a=f"{column_label(a[0])}{a[1]}", b=f"{column_label(b[0])}{b[1]}"), where=here)
        walls[side_key(a, b)] = kind


def _build_creature(c: CreatureModel, battle: Dnd5eBattle, where: str) -> Dnd5eCreature:
    vmap, board = battle.map, _board(battle)
    col, row = _coords(c.at, vmap, f"{where}.at")
    anchor = board.at(col, row)
    assert anchor is not None
    cells = board.cells_of(anchor, footprint_offsets(vmap.grid, c.size))
    if cells is None:
        raise ScenarioError(_("a {size} creature's space at {label} reaches off the map (at "
                              "names its north-west space)").format(
            size=size_word(c.size.value), label=c.at), where=f"{where}.at")
    speed = Speeds(walk=c.speed.walk, fly=c.speed.fly, climb=c.speed.climb, swim=c.speed.swim,
                   burrow=c.speed.burrow)
    altitude = max(board.ground[i] for i in cells) if c.altitude is None else c.altitude
    # where only the next size down has room, it squeezes there (D-size), as after a move
    room = board.creature_space(c.size, (col, row), altitude, burrow=speed.burrow > 0)
    if isinstance(room, str):
        raise ScenarioError(_("{creature} does not fit at {label}, altitude {level}: {why} "
                              "(D-size)").format(creature=c.id, label=c.at, level=altitude,
                                                 why=room),
                            where=f"{where}.altitude" if c.altitude is not None else f"{where}.at")
    cells = room[0]
    landing = max(board.ground[i] for i in cells)
    if altitude > landing and not speed.fly and not any(board.climb[i] for i in cells):
        raise ScenarioError(_("{creature} is at altitude {level}, above the ground ({ground}), "
                              "but has no fly speed and no climbable surface there (climb: "
                              "true)").format(creature=c.id, level=altitude, ground=landing),
                            where=f"{where}.altitude")
    if c.hover and not speed.fly:
        raise ScenarioError(_("hover needs a fly speed"), where=f"{where}.hover")
    if c.magic_flight and not speed.fly:
        raise ScenarioError(_("magic_flight needs a fly speed: give the one the magic grants "
                              "(the fly spell: speed: {fly: 60})"), where=f"{where}.magic_flight")
    return Dnd5eCreature(id=c.id, at=(col, row), altitude=altitude, name=c.name, size=c.size,
                         speed=speed, hover=c.hover, magic_flight=c.magic_flight,
                         reach=c.reach, side=c.side, hidden=c.hidden,
                         conditions=frozenset(c.conditions), reaction=c.reaction,
                         strength=c.strength, acrobatics=c.acrobatics)


def _overlaps(creatures: list[tuple[int, Dnd5eCreature]], battle: Dnd5eBattle
              ) -> list[tuple[str, str]]:
    """No two creatures share a space (D-creatures): a turn never ends in another creature's
    space, so none starts there. Spaces are cubes: a flyer 30 ft above a walker shares no space
    with it. Up to four Tiny creatures share one space (D-size). Each creature that overlaps one
    before it is named once: (place of its ``at``, why)."""
    board = _board(battle)
    held: dict[tuple[int, int], list[Dnd5eCreature]] = {}
    found: list[tuple[str, str]] = []
    for i, c in creatures:
        room = board.creature_space(c.size, c.at, c.altitude, burrow=c.speed.burrow > 0)
        assert not isinstance(room, str)  # ``_build_creature`` placed it
        cells, (low, high), _squeezing = room
        clash: str | None = None
        for cell in cells:
            for z in range(low, high + 1):
                shared = held.get((cell, z), [])
                tiny = c.size is Size.TINY and all(o.size is Size.TINY for o in shared)
                if clash is None and shared and not (tiny and len(shared) < 4):
                    what = (_("four Tiny creatures already share it") if tiny
                            else _("two creatures cannot share a space"))
                    clash = _("{creature} overlaps {other} at {label}, altitude {level}: {why} "
                              "(D-creatures, D-size)").format(
                        creature=c.id, other=shared[0].id, label=board.labels[cell], level=z,
                        why=what)
        if clash is not None:
            found.append((f"creatures[{i}].at", clash))
            continue
        for cell in cells:
            for z in range(low, high + 1):
                held.setdefault((cell, z), []).append(c)
    return found
