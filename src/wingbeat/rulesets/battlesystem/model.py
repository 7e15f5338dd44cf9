"""The value types of ``battlesystem``: the table, the altitude levels, and the flying units."""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction

from ..._records import dataclass
from ...geometry.table import Point, Table
from ...model import Scenario
from ...rules.roster import Named, Roster

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
class BattlesystemUnit(Named):
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
    hidden: bool = False  # kept from the players of other sides until revealed (play)

    @property
    def level(self) -> int:
        """Its altitude, as a table battle's pieces say their level."""
        return self.altitude

    @property
    def bearing(self) -> float:
        return self.heading


@dataclass(frozen=True)
class BattlesystemBattle(Roster[BattlesystemUnit]):
    """Everything ``battlesystem`` needs: the game, the table, the levels, the units."""

    #: A unit is this table's creature (``rules.roster``).
    members, word = "units", "unit"

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

    #: The unit with that id: ``creature``, in this table's word.
    unit = Roster.creature

    # -- the tabletop battle (``rules.base.TableBattle``)

    @property
    def creatures(self) -> tuple[BattlesystemUnit, ...]:
        return self.units

    @property
    def obstacles(self) -> tuple[()]:
        """BATTLESYSTEM's table has no scenery in the flight rules."""
        return ()

    @property
    def zones(self) -> tuple[()]:
        return ()


#: A scenario of this ruleset: its battle is a ``BattlesystemBattle`` (``model.Scenario``).
BattlesystemScenario = Scenario[BattlesystemBattle]
