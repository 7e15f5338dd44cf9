"""The ``battlesystem`` part of the scenario schema: a table in inches and flying units."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from ...errors import ScenarioError
from ...geometry.table import format_number
from ...i18n import localized_number
from ...scenario._schema import (
    CreatureEntry,
    Name,
    Problems,
    ScenarioFile,
    StrictModel,
    build_battle,
)
from ...scenario._tabletop import exact, point_on, table_of
from ._messages import _
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

__all__ = ["EXAMPLES", "BattlesystemFile", "build"]

#: What each key holds, as a player writes it: the example an error shows.
EXAMPLES = {
    "map": "map: {table: [72, 48]}",
    "table": "table: [72, 48] (width and height in inches)",
    "table[]": "72",
    "game": "game: adnd (or dnd)",
    "altitudes": "altitudes: [{name: low, height: 2}, {name: high, height: 6}]",
    "altitudes[]": "{name: low, height: 2}",
    "height": "height: 2 (inches)",
    "units": "units: [{id: griffons, fly: 12, maneuverability: C, at: [10, 20], heading: 90}]",
    "units[]": "{id: griffons, fly: 12, maneuverability: C, at: [10, 20], heading: 90}",
    "fly": "fly: 12 (inches per turn)",
    "maneuverability": "maneuverability: C (A to E)",
    "size": "size: man (small, man, large)",
    "magical": "magical: true",
    "mounted": "mounted: true",
    "altitude": "altitude: ground (or a level's name)",
    "at": "at: [60, 25] (x and y in inches)",
    "at[]": "60",
    "heading": "heading: 90 (degrees)",
    "formation": "formation: open (closed, open, skirmish)",
}


class LevelModel(StrictModel):
    name: Name = Field(min_length=1)
    height: float = Field(gt=0)


class OptionsModel(StrictModel):
    game: Game = Game.ADND
    altitudes: list[LevelModel] | None = None


class MapModel(StrictModel):
    table: tuple[float, float]


class UnitModel(CreatureEntry):
    fly: float = Field(ge=0, le=1000)
    maneuverability: Maneuverability | None = None
    size: Size | None = None
    magical: bool = False
    mounted: bool = False
    altitude: Name = "ground"
    at: tuple[float, float]
    heading: float
    formation: Formation = Formation.OPEN
    side: Name | None = None


class BattlesystemFile(ScenarioFile):
    ruleset: Literal["battlesystem"]
    options: OptionsModel = OptionsModel()
    map: MapModel
    units: list[UnitModel] = []


def build(data: dict[str, Any], source: str) -> BattlesystemScenario:
    """Validate ``battlesystem`` scenario data and build its battle; every problem the stages
    that can run find is listed at once."""
    return build_battle(data, source, ruleset="battlesystem", examples=EXAMPLES,
                        file=BattlesystemFile, key="units", entry=UnitModel, kind="unit",
                        setting=_setting, creature=_unit)


def _setting(problems: Problems, model: BattlesystemFile) -> BattlesystemBattle | None:
    """The battle without its units: the game, the table and its altitude levels."""
    table = levels = None
    with problems.check():
        table = table_of(model.map.table, "inches")
    with problems.check():
        levels = _levels(model.options)
    if table is None or levels is None:
        return None
    return BattlesystemBattle(game=model.options.game, table=table, levels=levels)


def _levels(options: OptionsModel) -> tuple[AltitudeLevel, ...]:
    if options.altitudes is None:
        return DEFAULT_LEVELS
    if not options.altitudes:
        raise ScenarioError(_("expected at least one flying level (name and height in inches)"),
                            where="options.altitudes")
    levels: list[AltitudeLevel] = []
    for i, level in enumerate(options.altitudes):
        where = f"options.altitudes[{i}]"
        if level.name.lower() in {"ground", "up", "down", "land", "leave"} | {
                lv.name.lower() for lv in levels}:
            raise ScenarioError(_("level name {name} is taken (ground, up, down, land and leave "
                                  "are move words; names must be unique)").format(
                name=repr(level.name)),
                                where=f"{where}.name")
        if "," in level.name or " " in level.name:
            raise ScenarioError(_("a level name is one word without commas"),
                                where=f"{where}.name")
        height = exact(level.height)
        if levels and height <= levels[-1].height:
            raise ScenarioError(_('expected levels from lowest to highest; {height}" is not above '
                                  '{below} ({below_height}")').format(
                height=localized_number(format_number(height)), below=levels[-1].name,
                below_height=localized_number(format_number(levels[-1].height))),
                where=f"{where}.height")
        levels.append(AltitudeLevel(level.name, height))
    return tuple(levels)


def _unit(u: UnitModel, battle: BattlesystemBattle, where: str) -> BattlesystemUnit:
    at = point_on(battle.table, u.at, where)
    names = [n.lower() for n in battle.level_names]
    if u.altitude.lower() not in names:
        raise ScenarioError(f"unknown altitude {u.altitude!r}; expected one of: "
                            + ", ".join(battle.level_names), where=f"{where}.altitude")
    altitude = names.index(u.altitude.lower())
    if battle.game is Game.ADND:
        if u.size is not None or u.magical:
            key = "size" if u.size is not None else "magical"
            raise ScenarioError(f"{key} is for the D&D game's turning; the AD&D game uses the "
                                "maneuverability class A-E (B-turn)", where=f"{where}.{key}")
        if u.maneuverability is None:
            raise ScenarioError("required for the AD&D game: maneuverability class A, B, C, D or "
                                "E (B-turn)", where=f"{where}.maneuverability")
    else:
        if u.maneuverability is not None:
            raise ScenarioError("the D&D game replaces the maneuverability class by size (small, "
                                "man, large) or magical: true (B-turn)",
                                where=f"{where}.maneuverability")
        if u.size is None and not u.magical:
            raise ScenarioError("required for the D&D game: size small, man or large, or "
                                "magical: true for magical flight (B-turn)", where=f"{where}.size")
    if altitude > 0 and u.formation is Formation.CLOSED:
        raise ScenarioError("a flying unit must be in open or skirmish formation; closed "
                            "formation is for units on the ground (B-form)",
                            where=f"{where}.formation")
    if altitude > 0 and u.fly <= 0:
        raise ScenarioError(f"{u.id} is flying but has no fly rate (B-units)", where=f"{where}.fly")
    return BattlesystemUnit(
        id=u.id, name=u.name, at=at, heading=u.heading % 360.0,
        fly=exact(u.fly), altitude=altitude, maneuverability=u.maneuverability, size=u.size,
        magical=u.magical, mounted=u.mounted, formation=u.formation, side=u.side,
        hidden=u.hidden)
