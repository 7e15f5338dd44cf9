"""The value types of ``confrontation``: editions, the table with its scenery, and the flyers."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from ...errors import ScenarioError
from ...geometry.table import Point, Table, TablePolygon

__all__ = [
    "TIER_ONE_CLEARANCE",
    "ConfrontationBattle",
    "Edition",
    "Fighter",
    "Obstacle",
    "Zone",
]

#: C-terrain: at tier 1 a flyer must go around obstacles higher than 15 cm.
TIER_ONE_CLEARANCE = Fraction(15)


class Edition(StrEnum):
    """The text of "Vol" in force (ruleset option ``edition``)."""

    THREE = "3"
    THREE_FIVE = "3.5"
    CONFEDE = "confede"

    @property
    def modern(self) -> bool:
        """3.5 and Confédé share one text, word for word."""
        return self is not Edition.THREE

    @property
    def words(self) -> str:
        return {"3": "Confrontation 3", "3.5": "Confrontation 3.5",
                "confede": "Confédé"}[self.value]


@dataclass(frozen=True)
class Obstacle:
    """A piece of scenery: its footprint and height in cm (C-terrain)."""

    outline: TablePolygon
    height: Fraction

    @property
    def name(self) -> str:
        return self.outline.name

    def blocks(self, tier: int) -> bool:
        """Tier 0 walks around every obstacle, tier 1 around those over 15 cm, tier 2 none."""
        if tier == 0:
            return True
        if tier == 1:
            return self.height > TIER_ONE_CLEARANCE
        return False


@dataclass(frozen=True)
class Zone:
    """Terrain that slows a fighter on the ground: each cm there costs ``factor`` cm."""

    outline: TablePolygon
    factor: Fraction

    @property
    def name(self) -> str:
        return self.outline.name


@dataclass(frozen=True)
class Fighter:
    """A fighter with the ability Vol, as it stands at the start of its activation.

    ``facing`` (degrees) marks the front of its counter: edition 3 keeps the normal field of
    vision from it at tier 1 or 2 (C-tiers).
    """

    id: str
    at: Point
    ground_mou: Fraction
    air_mou: Fraction
    tier: int = 0
    name: str = ""
    facing: float | None = None
    side: str | None = None
    base: Fraction = Fraction(5, 2)

    @property
    def display_name(self) -> str:
        return self.name or self.id


@dataclass(frozen=True)
class ConfrontationBattle:
    edition: Edition
    table: Table
    obstacles: tuple[Obstacle, ...] = ()
    zones: tuple[Zone, ...] = ()
    fighters: tuple[Fighter, ...] = ()

    def fighter(self, fighter_id: str) -> Fighter:
        for fighter in self.fighters:
            if fighter.id == fighter_id:
                return fighter
        known = ", ".join(f.id for f in self.fighters) or "none"
        raise ScenarioError(f"no creature {fighter_id!r} in this scenario (creatures: {known})")
