"""The value types of ``dnd5e``: the map, the creatures, their sizes and speeds, the options."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from enum import StrEnum

from ..._records import dataclass
from ...geometry.squaregrid import DiagonalRule
from ...model import Scenario
from ...rules.roster import Named, Roster

__all__ = [
    "CONDITIONS",
    "NO_ACTION",
    "NO_REACTION",
    "SPEED_ZERO",
    "Cell",
    "Dnd5eBattle",
    "Dnd5eCreature",
    "Dnd5eMap",
    "Dnd5eOptions",
    "Dnd5eScenario",
    "GridKind",
    "Size",
    "Speeds",
    "Terrain",
    "Units",
    "WallKind",
    "side_key",
]


class GridKind(StrEnum):
    SQUARE = "square"
    HEX = "hex"


class Units(StrEnum):
    """How reports spell lengths: feet, or metres at 1.5 m per 5 ft (the Italian SRD)."""

    FT = "ft"
    M = "m"


class Terrain(StrEnum):
    NORMAL = "normal"
    DIFFICULT = "difficult"
    WATER = "water"  # deep water: moving on it is swimming (D-speed)


class WallKind(StrEnum):
    """What stands on the side between two squares (D-walls): a wall or a closed door blocks,
    an open door does not."""

    WALL = "wall"
    CLOSED = "closed"
    OPEN = "open"

    @property
    def blocks(self) -> bool:
        return self is not WallKind.OPEN


def side_key(a: tuple[int, int], b: tuple[int, int]) -> tuple[tuple[int, int], tuple[int, int]]:
    """The side between two orthogonally adjacent squares, the same whichever is named first."""
    return (a, b) if a <= b else (b, a)


class Size(StrEnum):
    """D-size: the six size categories, in order."""

    TINY = "tiny"
    SMALL = "small"
    MEDIUM = "medium"
    LARGE = "large"
    HUGE = "huge"
    GARGANTUAN = "gargantuan"

    @property
    def rank(self) -> int:
        return _SIZE_ORDER.index(self)

    @property
    def levels(self) -> int:
        """How many 5 ft altitude levels the creature's space is tall (as wide as it is)."""
        return max(1, self.rank - 1)


_SIZE_ORDER = tuple(Size)

#: Conditions the scenario may give a creature, and what each takes away (SRD appendix A).
CONDITIONS = frozenset({"prone", "grappled", "restrained", "incapacitated", "paralyzed",
                        "petrified", "stunned", "unconscious", "blinded", "invisible"})
SPEED_ZERO = frozenset({"grappled", "restrained", "paralyzed", "petrified", "stunned",
                        "unconscious"})
NO_ACTION = frozenset({"incapacitated", "paralyzed", "petrified", "stunned", "unconscious"})
NO_REACTION = NO_ACTION | {"blinded"}  # blinded: cannot see the creature leaving its reach


@dataclass(frozen=True, slots=True)
class Speeds:
    """D-speed: speeds in feet; 0 means the creature has no such speed."""

    walk: int = 30
    fly: int = 0
    climb: int = 0
    swim: int = 0
    burrow: int = 0

    def to_dict(self) -> dict[str, int]:
        return {k: v for k, v in (("walk", self.walk), ("fly", self.fly), ("climb", self.climb),
                                  ("swim", self.swim), ("burrow", self.burrow)) if v or k == "walk"}


@dataclass(frozen=True, slots=True)
class Cell:
    """What one map space holds: its terrain, a wall, its ground level and ceiling."""

    terrain: Terrain = Terrain.NORMAL
    wall: bool = False
    ground: int = 0
    ceiling: int | None = None  # the first altitude level that does not exist here
    climb: bool = False  # a climbable surface (cliff face, tree, ladder): climbing happens here
    air_difficult: bool = False  # the air above the ground is difficult terrain (a storm cloud)


@dataclass(frozen=True)
class Dnd5eMap:
    """A square (or hex) map of 5 ft spaces, altitude levels ``bottom`` … ``top`` of 5 ft each.

    On a hex map the cells are in doubled coordinates, as in ``volare``; labels read alike.
    ``bottom`` below 0 lets burrowers dig under ground level 0. ``walls``: what stands on the
    sides between squares (``side_key`` pairs; square grids only, D-walls).
    """

    columns: int
    rows: int
    grid: GridKind = GridKind.SQUARE
    top: int = 12
    bottom: int = 0
    cells: Mapping[tuple[int, int], Cell] = field(default_factory=dict)
    walls: Mapping[tuple[tuple[int, int], tuple[int, int]], WallKind] = field(
        default_factory=dict)

    def contains(self, col: int, row: int) -> bool:
        if not (1 <= col <= self.columns and 1 <= row <= self.rows):
            return False
        return self.grid is GridKind.SQUARE or (col + row) % 2 == 0

    def cell(self, col: int, row: int) -> Cell:
        return self.cells.get((col, row), _PLAIN)


_PLAIN = Cell()


@dataclass(frozen=True)
class Dnd5eCreature(Named):
    """A creature at the start of its turn. ``at`` is its north-west space (D-size)."""

    id: str
    at: tuple[int, int]
    altitude: int
    name: str = ""
    size: Size = Size.MEDIUM
    speed: Speeds = Speeds()
    hover: bool = False
    # magic holds it aloft (the fly spell, winged boots …): knocked prone or at speed 0 in the
    # air it does not fall, as a hoverer does not; nothing else changes (D-fly)
    magic_flight: bool = False
    reach: int = 5
    side: str | None = None
    hidden: bool = False  # kept from the players of other sides until revealed (play)
    conditions: frozenset[str] = frozenset()
    reaction: bool = True  # still has its reaction: an opportunity attack spends it (D-creatures)
    strength: int | None = None  # its Strength score: without one it does not jump (D-jump)
    acrobatics: int = 0  # its Dexterity (Acrobatics) bonus: landing a jump in difficult terrain

    @property
    def strength_modifier(self) -> int:
        """(score − 10) / 2, rounded down; 0 without a score."""
        return 0 if self.strength is None else (self.strength - 10) // 2

    @property
    def prone(self) -> bool:
        return "prone" in self.conditions

    @property
    def speed_zero(self) -> bool:
        return bool(self.conditions & SPEED_ZERO)

    def hostile_to(self, other: Dnd5eCreature) -> bool:
        """Creatures on different sides are hostile; a creature with no side is nobody's foe."""
        return self.side is not None and other.side is not None and self.side != other.side


@dataclass(frozen=True, slots=True)
class Dnd5eOptions:
    """Ruleset options: the diagonal rule, the units reports use, and Xanathar's falling rules."""

    diagonals: DiagonalRule = DiagonalRule.PHB
    units: Units = Units.FT
    fall_rate: bool = False  # XGtE: fall up to 500 ft at once, then 500 ft per later turn
    flyer_fall: bool = False  # XGtE: a falling flyer subtracts its fly speed before damage


@dataclass(frozen=True)
class Dnd5eBattle(Roster[Dnd5eCreature]):
    """Everything ``dnd5e`` needs to adjudicate a turn."""

    map: Dnd5eMap
    creatures: tuple[Dnd5eCreature, ...] = ()
    options: Dnd5eOptions = Dnd5eOptions()


#: A scenario of this ruleset: its battle is a ``Dnd5eBattle`` (``model.Scenario``).
Dnd5eScenario = Scenario[Dnd5eBattle]
