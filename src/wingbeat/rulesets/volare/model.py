"""The value types of ``volare``: the hex map with altitude, the wind, and the flyers."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from enum import StrEnum

from ..._records import dataclass
from ...geometry.hexgrid import Direction, Hex
from ...model import Scenario
from ...rules.roster import Named, Roster
from ._messages import _, pgettext

__all__ = [
    "MAX_REACH",
    "BandPenalty",
    "Encumbrance",
    "Maneuverability",
    "Mode",
    "Power",
    "Size",
    "VolareBattle",
    "VolareCreature",
    "VolareMap",
    "VolareOptions",
    "VolareScenario",
    "Wind",
    "WindStrength",
]


class Maneuverability(StrEnum):
    EXCELLENT = "excellent"
    MEDIUM = "medium"
    POOR = "poor"

    @property
    def words(self) -> str:
        """The class's name in a sentence, in the current language (``media``): it agrees with
        the class (``classe di manovrabilità media``)."""
        return {"excellent": pgettext("maneuverability", "excellent"),
                "medium": pgettext("maneuverability", "medium"),
                "poor": pgettext("maneuverability", "poor")}[self.value]


class Mode(StrEnum):
    """V-modes; skimming is a flag on hovering or moving, not a mode."""

    GROUNDED = "grounded"
    HOVERING = "hovering"
    MOVING = "moving"

    @property
    def words(self) -> str:
        """The mode in a sentence, in the current language (``in volo sul posto``)."""
        return {"grounded": pgettext("mode", "grounded"),
                "hovering": pgettext("mode", "hovering"),
                "moving": pgettext("mode", "moving")}[self.value]


class Size(StrEnum):
    """AD&D's size categories, smallest first. On the hex map every creature stands in one hex;
    only its melee reach follows from its size: a Huge or larger creature's attack strikes two
    hexes away (V-prox)."""

    TINY = "tiny"
    SMALL = "small"
    MEDIUM = "medium"
    LARGE = "large"
    HUGE = "huge"
    GARGANTUAN = "gargantuan"

    @property
    def reach(self) -> int:
        """The melee reach, in hexes, of a creature of this size with no reach weapon."""
        return 2 if self in (Size.HUGE, Size.GARGANTUAN) else 1


#: The most hexes away a melee attack strikes: two, "attacchi in corpo a corpo capaci di colpire
#: a due esagoni di distanza" (V-prox)
MAX_REACH = 2


class WindStrength(StrEnum):
    CALM = "calm"
    LIGHT_BREEZE = "light-breeze"
    BREEZE = "breeze"
    STRONG_WIND = "strong-wind"
    GALE = "gale"

    @property
    def words(self) -> str:
        """The wind's name in a sentence, in the current language, without an article (``brezza
        leggera``): a sentence says ``with {wind}``."""
        return {"calm": pgettext("wind", "calm"), "light-breeze": _("light breeze"),
                "breeze": _("breeze"), "strong-wind": _("strong wind"),
                "gale": _("gale")}[self.value]


@dataclass(frozen=True, slots=True)
class Wind:
    """A wind of some strength blowing *toward* a direction (V-wind)."""

    strength: WindStrength = WindStrength.CALM
    toward: Direction | None = None


@dataclass(frozen=True, slots=True)
class Power:
    """A creature's named special power (V-spells, V-actions): a gaze, a sting, a charm.

    The text keeps a natural flyer's special powers usable in flight ("gli altri poteri speciali
    posseduti da creature che siano naturalmente in grado di volare saranno dalle stesse
    utilizzabili anche in volo"), except those that need somatic components, as spells do
    ("Questa regola si applica anche alle abilità di lancio di incantesimi ... qualora
    richiedenti componenti somatici"); a ``moving`` flyer uses only those that are neither
    physical nor somatic ("azioni complesse non aventi natura fisica e non richiedenti
    componenti somatici"). ``physical``: a bodily act (a tail sting); ``somatic``: it needs
    gestures, like a spell's somatic component.
    """

    name: str
    physical: bool = False
    somatic: bool = False

    @property
    def action(self) -> str:
        """Its entry among the open actions: ``power:petrifying-gaze``."""
        return f"power:{self.name}"

    def usable(self, mode: Mode) -> bool:
        """Whether it may be used in this mode (V-actions): on the ground always; hovering
        unless somatic; moving only if neither physical nor somatic."""
        if mode is Mode.GROUNDED:
            return True
        if mode is Mode.HOVERING:
            return not self.somatic
        return not (self.somatic or self.physical)


@dataclass(frozen=True, slots=True)
class Encumbrance:
    """Break points of the encumbrance bands: unencumbered maximum and band width, in lb (V-enc)."""

    unencumbered: int
    band_width: int


@dataclass(frozen=True)
class VolareMap:
    """A hex map: ``columns`` × ``rows`` in doubled coordinates, altitudes 0 … ``top``.

    ``ground`` raises the ground level of some cells (roofs, cliffs); ``ceiling`` gives the first
    altitude that does not exist in a cell (1 in a tunnel: only altitude 0 is there).
    """

    columns: int
    rows: int
    top: int = 20
    ground: Mapping[Hex, int] = field(default_factory=dict)
    ceiling: Mapping[Hex, int] = field(default_factory=dict)

    def contains(self, cell: Hex) -> bool:
        return cell.col <= self.columns and cell.row <= self.rows

    def ground_at(self, cell: Hex) -> int:
        return self.ground.get(cell, 0)

    def ceiling_at(self, cell: Hex) -> int | None:
        return self.ceiling.get(cell)

    def cells(self) -> list[Hex]:
        return [Hex(c, r) for r in range(1, self.rows + 1) for c in range(1, self.columns + 1)
                if (c + r) % 2 == 0]


@dataclass(frozen=True)
class VolareCreature(Named):
    """A creature on a ``volare`` map, as it stands at the start of the round.

    ``fly`` and ``ground`` are movement rates (hexes, i.e. MP, per round); ``reflex`` is the
    percentile Reflex save chance; ``load`` in lb with ``strength`` sets the encumbrance band.
    ``breath`` says it has a breath weapon, the one complex action a ``moving`` flyer may use
    besides non-physical ones (V-inertia); ``powers`` are its other named special powers, each
    usable where ``Power.usable`` says (V-spells). ``reach`` is how many hexes away its melee
    attack strikes (2: a polearm, a whip); None takes it from ``size`` (``melee_reach``, V-prox).
    """

    id: str
    at: Hex
    altitude: int
    name: str = ""
    fly: int = 0
    ground: int = 0
    maneuverability: Maneuverability = Maneuverability.MEDIUM
    reflex: int = 0
    strength: int | None = None
    load: int = 0
    encumbrance: Encumbrance | None = None
    mode: Mode = Mode.GROUNDED
    heading: Direction | None = None
    prone: bool = False
    side: str | None = None
    hidden: bool = False  # kept from the players of other sides until revealed (play)
    breath: bool = False
    size: Size = Size.MEDIUM
    reach: int | None = None
    powers: tuple[Power, ...] = ()

    @property
    def airborne(self) -> bool:
        return self.mode is not Mode.GROUNDED

    @property
    def melee_reach(self) -> int:
        """How many hexes away its melee attack strikes: its ``reach``, else its size's (V-prox:
        two for a Huge or larger creature, one otherwise)."""
        return self.size.reach if self.reach is None else self.reach


@dataclass(frozen=True, slots=True)
class BandPenalty:
    """What one encumbrance band costs in combat: to-hit and Armour Class modifiers (V-enc)."""

    attack: int = 0
    armor_class: int = 0


@dataclass(frozen=True)
class VolareOptions:
    """Ruleset options: the damage of the 3 m fall after a failed violent landing (V-land), and
    the combat penalties of each encumbrance band (V-enc: none are assumed by default)."""

    fall_damage: str = "1d6"
    band_penalties: Mapping[int, BandPenalty] = field(default_factory=dict)


@dataclass(frozen=True)
class VolareBattle(Roster[VolareCreature]):
    """Everything ``volare`` needs to adjudicate a round."""

    map: VolareMap
    wind: Wind = Wind()
    creatures: tuple[VolareCreature, ...] = ()
    options: VolareOptions = VolareOptions()

    def is_skimming(self, creature: VolareCreature) -> bool:
        return creature.airborne and creature.altitude == self.map.ground_at(creature.at)


#: A scenario of this ruleset: its battle is a ``VolareBattle`` (``model.Scenario``).
VolareScenario = Scenario[VolareBattle]
