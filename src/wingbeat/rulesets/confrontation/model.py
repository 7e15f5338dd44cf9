"""The value types of ``confrontation``: editions, the table with its scenery, and the flyers."""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction

from ..._records import dataclass
from ...geometry.table import Point, Table, TablePolygon
from ...model import Scenario
from ...rules.roster import Named, Roster
from ._messages import _

__all__ = [
    "TIER_ONE_CLEARANCE",
    "ConfrontationBattle",
    "ConfrontationScenario",
    "Edition",
    "Fighter",
    "Obstacle",
    "Zone",
]

#: C-tiers: a fighter is on the ground (0), low (1) or high (2).
TIER_NAMES = ("0", "1", "2")

#: C-terrain: at tier 1 a flyer must go around obstacles higher than 15 cm.
TIER_ONE_CLEARANCE = Fraction(15)


class Edition(StrEnum):
    """The text of "Vol" in force (ruleset option ``edition``).

    The source page gives the rule as it stands now (``current``), then the older texts labelled
    Confédé, Confrontation 3.5 (a dash: no text of its own) and Confrontation 3. ``3.5`` follows
    the Confédé block, which continued it.
    """

    CURRENT = "current"
    CONFEDE = "confede"
    THREE_FIVE = "3.5"
    THREE = "3"

    @property
    def modern(self) -> bool:
        """The current text, Confédé and 3.5 share one text, word for word, but for Bond."""
        return self is not Edition.THREE

    @property
    def bond(self) -> bool:
        """C-tiers: only the current text says a flyer counts as having Bond."""
        return self is Edition.CURRENT

    @property
    def words(self) -> str:
        if self is Edition.CURRENT:
            return _("the current text")
        return {"confede": "Confédé", "3.5": "Confrontation 3.5", "3": "Confrontation 3"}[
            self.value]

    @property
    def note(self) -> str | None:
        """What a report says of an edition the source page gives no text of its own."""
        if self is not Edition.THREE_FIVE:
            return None
        return _("edition 3.5: the source page gives Confrontation 3.5 no text of its own "
                 "(\"–\"); it follows the Confédé block, which continued it, without Bond")


@dataclass(frozen=True)
class _Outlined:
    """Scenery on the table by its outline, named as the outline is (``rules.base.Outlined``)."""

    outline: TablePolygon

    @property
    def name(self) -> str:
        return self.outline.name


@dataclass(frozen=True)
class Obstacle(_Outlined):
    """A piece of scenery: its footprint and height in cm (C-terrain)."""

    height: Fraction

    def blocks(self, tier: int) -> bool:
        """Tier 0 walks around every obstacle, tier 1 around those over 15 cm, tier 2 none."""
        if tier == 0:
            return True
        if tier == 1:
            return self.height > TIER_ONE_CLEARANCE
        return False


@dataclass(frozen=True)
class Zone(_Outlined):
    """Terrain that slows a fighter on the ground: each cm there costs ``factor`` cm."""

    factor: Fraction


@dataclass(frozen=True)
class Fighter(Named):
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
    hidden: bool = False  # kept from the players of other sides until revealed (play)
    base: Fraction = Fraction(5, 2)

    @property
    def radius(self) -> float:
        """Half the base's diameter: distances to a model on the ground end at its base's edge."""
        return float(self.base) / 2

    @property
    def level(self) -> int:
        """Its tier, as a table battle's pieces say their level."""
        return self.tier

    @property
    def bearing(self) -> float | None:
        return self.facing


@dataclass(frozen=True)
class ConfrontationBattle(Roster[Fighter]):
    """The table at the start of an activation: its edition, scenery and fighters."""

    #: A fighter is this table's creature (``rules.roster``).
    members = "fighters"

    edition: Edition
    table: Table
    obstacles: tuple[Obstacle, ...] = ()
    zones: tuple[Zone, ...] = ()
    fighters: tuple[Fighter, ...] = ()

    #: The fighter with that id: ``creature``, in this table's word.
    fighter = Roster.creature

    # -- the tabletop battle (``rules.base.TableBattle``)

    @property
    def creatures(self) -> tuple[Fighter, ...]:
        return self.fighters

    @property
    def level_names(self) -> tuple[str, ...]:
        """The tiers by number, 0 (the ground) to 2 (C-tiers)."""
        return TIER_NAMES


#: A scenario of this ruleset: its battle is a ``ConfrontationBattle`` (``model.Scenario``).
ConfrontationScenario = Scenario[ConfrontationBattle]
