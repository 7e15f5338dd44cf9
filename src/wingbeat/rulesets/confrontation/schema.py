"""The ``confrontation`` part of the scenario schema: a table in cm, scenery, and flyers."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, field_validator

from ...errors import ScenarioError
from ...geometry.table import Point, TablePolygon, format_point
from ...i18n import SaidMapping
from ...scenario._schema import (
    CreatureEntry,
    Name,
    Problems,
    ScenarioFile,
    StrictModel,
    build_battle,
)
from ...scenario._tabletop import MAX_TABLE, exact, point_on, table_of
from ._messages import N_, _
from .model import ConfrontationBattle, ConfrontationScenario, Edition, Fighter, Obstacle, Zone

__all__ = ["EXAMPLES", "ConfrontationFile", "build"]

#: What each key holds, as a player writes it: the example an error shows (its words in the
#: language of the moment: ``i18n.SaidMapping``).
EXAMPLES = SaidMapping({
    "map": "map: {table: [120, 120]}",
    "table": N_("table: [120, 120] (width and height in cm)"),
    "table[]": "120",
    "edition": "edition: current (current, confede, 3.5, 3)",
    "obstacles": "obstacles: [{polygon: [[0, 0], [10, 0], [10, 10]], height: 20}]",
    "obstacles[]": "{name: rock, polygon: [[0, 0], [10, 0], [10, 10]], height: 20}",
    "zones": "zones: [{polygon: [[0, 0], [10, 0], [10, 10]], factor: 2}]",
    "zones[]": "{name: marsh, polygon: [[0, 0], [10, 0], [10, 10]], factor: 2}",
    "polygon": N_("polygon: [[0, 0], [10, 0], [10, 10]] (corners [x, y] in cm)"),
    "polygon[]": "[10, 0]",
    "height": N_("height: 20 (cm)"),
    "factor": "factor: 2",
    "mou": "mou: {ground: 10, air: 17.5}",
    "ground": N_("ground: 10 (cm)"),
    "air": N_("air: 17.5 (cm)"),
    "tier": N_("tier: 1 (0 on the ground, 1 or 2 in the air)"),
    "at": N_("at: [60, 25] (x and y in cm)"),
    "at[]": "60",
    "facing": N_("facing: 90 (degrees)"),
    "base": N_("base: 2.5 (cm)"),
}, _)


class OptionsModel(StrictModel):
    """``edition``: ``current`` (the rule as it stands now; the default), ``confede``, ``3.5``
    (no text of its own on the source page: it follows Confédé, without Bond) or ``3``."""

    edition: Edition = Edition.CURRENT

    @field_validator("edition", mode="before")
    @classmethod
    def _edition(cls, value: Any) -> Any:
        if isinstance(value, int | float) and not isinstance(value, bool):
            value = format(value, "g")
        if isinstance(value, str) and value.strip().lower() in ("confédé", "confede"):
            return "confede"
        if isinstance(value, str) and value.strip().lower() == "current":
            return "current"
        return value


class ObstacleModel(StrictModel):
    name: Name = ""
    polygon: list[tuple[float, float]]
    height: float = Field(ge=0)


class ZoneModel(StrictModel):
    name: Name = ""
    polygon: list[tuple[float, float]]
    factor: float = Field(ge=1)


class MapModel(StrictModel):
    table: tuple[float, float]
    obstacles: list[ObstacleModel] = []
    zones: list[ZoneModel] = []


class MouModel(StrictModel):
    ground: float = Field(ge=0, le=1000)
    air: float = Field(ge=0, le=1000)


class CreatureModel(CreatureEntry):
    mou: MouModel
    tier: int = Field(default=0, ge=0, le=2)
    at: tuple[float, float]
    facing: float | None = None
    side: Name | None = None
    base: float = Field(default=2.5, gt=0, le=50)


class ConfrontationFile(ScenarioFile):
    ruleset: Literal["confrontation"]
    options: OptionsModel = OptionsModel()
    map: MapModel
    creatures: list[CreatureModel] = []


def build(data: dict[str, Any], source: str) -> ConfrontationScenario:
    """Validate ``confrontation`` scenario data and build its battle; every problem the stages
    that can run find is listed at once."""
    return build_battle(data, source, ruleset="confrontation", examples=EXAMPLES,
                        file=ConfrontationFile, key="creatures", entry=CreatureModel,
                        setting=_setting, creature=_fighter)


def _setting(problems: Problems, model: ConfrontationFile) -> ConfrontationBattle | None:
    """The battle without its fighters: the edition, the table and its scenery."""
    table = None
    with problems.check():
        table = table_of(model.map.table, "cm")
    obstacles: list[Obstacle] = []
    for i, o in enumerate(model.map.obstacles):
        with problems.check():
            obstacles.append(Obstacle(_outline(o.polygon, o.name, f"map.obstacles[{i}].polygon"),
                                      exact(o.height)))
    zones: list[Zone] = []
    for i, z in enumerate(model.map.zones):
        with problems.check():
            zones.append(Zone(_outline(z.polygon, z.name, f"map.zones[{i}].polygon"),
                              exact(z.factor)))
    if table is None:
        return None
    return ConfrontationBattle(model.options.edition, table, tuple(obstacles), tuple(zones))


def _outline(points: list[tuple[float, float]], name: str, where: str) -> TablePolygon:
    if len(points) < 3:
        raise ScenarioError(_("expected a polygon of at least 3 [x, y] corners"), where=where)
    corners: tuple[Point, ...] = tuple((float(x), float(y)) for x, y in points)
    if not all(abs(c) <= 10 * MAX_TABLE for p in corners for c in p):
        raise ScenarioError(_("expected coordinates within ±{most} cm").format(
            most=10 * MAX_TABLE), where=where)
    shape = TablePolygon(corners).shape()
    if not shape.is_valid or shape.area <= 0:
        raise ScenarioError(_("expected a simple polygon (its edges must not cross) with an "
                              "area"), where=where)
    return TablePolygon(corners, name)


def _fighter(c: CreatureModel, battle: ConfrontationBattle, where: str) -> Fighter:
    at = point_on(battle.table, c.at, where)
    if c.tier == 1:
        for obstacle in battle.obstacles:
            if obstacle.blocks(1) and obstacle.outline.holds(at):
                label = obstacle.name or _("an obstacle")
                raise ScenarioError(_("{point} is inside {obstacle} over 15 cm: a flyer at tier 1 "
                                      "goes around it (C-terrain)").format(
                    point=format_point(at), obstacle=label), where=f"{where}.at")
    return Fighter(id=c.id, name=c.name, at=at, ground_mou=exact(c.mou.ground),
                   air_mou=exact(c.mou.air), tier=c.tier,
                   facing=None if c.facing is None else c.facing % 360.0, side=c.side,
                   hidden=c.hidden,
                   base=exact(c.base))
