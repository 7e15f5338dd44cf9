"""The value types of ``battlesystem``: the table, the altitude levels, and the flying units."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from fractions import Fraction

from ...errors import ScenarioError
from ...geometry.table import Point, Table
from ...model import Scenario

__all__ = [
    "DEFAULT_LEVELS",
    "AltitudeLevel",
    "BattlesystemBattle",
    "BattlesystemScenario",
    "BattlesystemUnit",
    "Formation",
    "Game",
    "Maneuverability",
    "Size",
]


class Game(StrEnum):
    """Which game's turning rules apply (B-turn)."""

    ADND = "adnd"
    DND = "dnd"


class Maneuverability(StrEnum):
    """AD&D maneuverability classes, best to worst (B-turn)."""

    A = "A"
    B = "B"
    C = "C"
    D = "D"
    E = "E"


class Size(StrEnum):
    """D&D size classes for turning (B-turn)."""

    SMALL = "small"  # smaller than man-sized
    MAN = "man"
    LARGE = "large"  # significantly larger than man-sized


class Formation(StrEnum):
    CLOSED = "closed"
    OPEN = "open"
    SKIRMISH = "skirmish"


@dataclass(frozen=True, slots=True)
class AltitudeLevel:
    """A named flying height, in inches above the table (B-alt)."""

    name: str
    height: Fraction


#: B-alt: low 30 ft (1"), medium 120 ft (4"), high 240 ft (8").
DEFAULT_LEVELS: tuple[AltitudeLevel, ...] = (
    AltitudeLevel("low", Fraction(1)),
    AltitudeLevel("medium", Fraction(4)),
    AltitudeLevel("high", Fraction(8)),
)

GROUND = "ground"


@dataclass(frozen=True)
class BattlesystemUnit:
    """A unit (or figure) at the start of the game round.

    ``altitude`` is an index: 0 is the ground, 1 the first flying level and so on.
    """

    id: str
    at: Point
    heading: float
    fly: Fraction
    altitude: int = 0
    name: str = ""
    maneuverability: Maneuverability | None = None
    size: Size | None = None
    magical: bool = False
    mounted: bool = False
    formation: Formation = Formation.OPEN
    side: str | None = None

    @property
    def display_name(self) -> str:
        return self.name or self.id

    @property
    def level(self) -> int:
        """Its altitude, as a table battle's pieces say their level."""
        return self.altitude

    @property
    def bearing(self) -> float:
        return self.heading


@dataclass(frozen=True)
class BattlesystemBattle:
    """Everything ``battlesystem`` needs: the game, the table, the levels, the units."""

    game: Game
    table: Table
    levels: tuple[AltitudeLevel, ...] = DEFAULT_LEVELS
    units: tuple[BattlesystemUnit, ...] = ()

    @property
    def level_names(self) -> tuple[str, ...]:
        """Altitude names by index: ``ground`` first, then each flying level."""
        return (GROUND, *(level.name for level in self.levels))

    @property
    def top(self) -> int:
        return len(self.levels)

    def height(self, index: int) -> Fraction:
        return Fraction(0) if index == 0 else self.levels[index - 1].height

    def unit(self, unit_id: str) -> BattlesystemUnit:
        for unit in self.units:
            if unit.id == unit_id:
                return unit
        known = ", ".join(u.id for u in self.units) or "none"
        raise ScenarioError(f"no unit {unit_id!r} in this scenario (units: {known})")

    # -- the tabletop battle (``rules.base.TableBattle``): a unit is this table's creature

    @property
    def creatures(self) -> tuple[BattlesystemUnit, ...]:
        return self.units

    def creature(self, creature_id: str) -> BattlesystemUnit:
        return self.unit(creature_id)

    def with_creatures(self, creatures: tuple[BattlesystemUnit, ...]) -> BattlesystemBattle:
        """The same battle with these units (moved, or fewer)."""
        return replace(self, units=creatures)

    @property
    def obstacles(self) -> tuple[()]:
        """BATTLESYSTEM's table has no scenery in the flight rules."""
        return ()

    @property
    def zones(self) -> tuple[()]:
        return ()


#: A scenario of this ruleset: its battle is a ``BattlesystemBattle`` (``model.Scenario``).
BattlesystemScenario = Scenario[BattlesystemBattle]
