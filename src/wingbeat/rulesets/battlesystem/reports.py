"""What ``battlesystem`` answers (B-report): reach areas per altitude, and a move's verdict."""

from __future__ import annotations

from dataclasses import field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..._records import dataclass
from ...geometry.table import format_length, format_number, format_point
from ...i18n import localized_number
from ...model import format_amount, format_cost
from ...narrate import event_text
from ...rules.reports import MoveReport
from ...rules.tabletop import TableEngagement, TableReach, TableStep, area_words
from ._messages import _, ngettext
from .turning import TurnCategory

if TYPE_CHECKING:
    from ...geometry.geos import Geometry

__all__ = ["AltitudeArea", "BattlesystemEngagement", "BattlesystemMove", "BattlesystemReach",
           "Leg", "SectorPart", "degrees", "inches", "length", "number"]


def inches(value: Fraction | int) -> str:
    """An exact rate or climb in a sentence: ``12.5``, or ``13⅓`` for 40/3 (never 13.333333);
    ``12,5`` in Italian and French."""
    return format_amount(value, "in")


def length(value: float) -> str:
    """A measured length in a sentence, as the language writes it (``12,5`` in Italian)."""
    return localized_number(format_length(value))


def number(value: float | Fraction) -> str:
    """A number (a heading) in a sentence, as the language writes it."""
    return localized_number(format_number(value))


def degrees(value: float) -> str:
    """An angle in a sentence, to two decimals as the reports give it: ``45.0``, ``12.35``."""
    return localized_number(str(round(value, 2)))


@dataclass(frozen=True)
class SectorPart:
    """One sector of a reach: its radius (movement left) and the turn its category allows."""

    radius: Fraction
    category: TurnCategory

    def to_dict(self) -> dict[str, Any]:
        return {"radius": format_cost(self.radius), "category": self.category.name,
                "turn": self.category.degrees}

    def words(self) -> str:
        return _('{radius}" turning up to {degrees}° (category {category})').format(
            radius=inches(self.radius), degrees=self.category.degrees,
            category=self.category.name)


@dataclass(frozen=True)
class AltitudeArea:
    """Where a unit can end at one altitude: the full-speed sector ∪ the half-speed sector."""

    altitude: str
    height: Fraction
    climb_levels: int
    climb_cost: Fraction
    full: SectorPart
    half: SectorPart | None
    area: Geometry
    formation: str

    def to_dict(self) -> dict[str, Any]:
        from ...geometry.areas import geojson

        return {
            "altitude": self.altitude,
            "height": format_cost(self.height),
            "climb": {"levels": self.climb_levels, "cost": format_cost(self.climb_cost)},
            "full_speed": self.full.to_dict(),
            "half_speed": None if self.half is None else self.half.to_dict(),
            "formation": self.formation,
            "area": geojson(self.area),
        }


@dataclass(frozen=True, kw_only=True)
class BattlesystemReach(TableReach):
    """Where a unit can fly this round, altitude by altitude, with its turns."""

    game: str
    rate: Fraction
    heading: float
    altitude: str
    formation: str
    areas: tuple[AltitudeArea, ...]
    leave_cost: Fraction | None
    unit: str = "in"

    def own_fields(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "budget": format_cost(self.rate),
            "half": format_cost(self.rate / 2),
            "at": list(self.at),
            "heading": self.heading,
            "altitude": self.altitude,
            "formation": self.formation,
            "leave": {"possible": self.leave_cost is not None,
                      "cost": None if self.leave_cost is None else format_cost(self.leave_cost),
                      "rule": "B-alt"},
        }

    def to_text(self) -> str:
        # Translators: {altitude} is a level's name (low, high); {formation} closed, open or
        # skirmish, as the scenario writes it
        lines = [_('{unit} (battlesystem, {game}): flies {rate}" this round from {at} at '
                   "{altitude}, heading {heading}°, {formation} formation").format(
            unit=self.creature, game=self.game, rate=inches(self.rate),
            at=format_point(self.at), altitude=self.altitude, heading=number(self.heading),
            formation=self.formation)]
        for a in self.areas:
            # Translators: {sector} says a sector of the reach (12" turning up to 90° …)
            head = ngettext('- {altitude} ({height}"): climbs {n} level for {climb}"; {sector}',
                            '- {altitude} ({height}"): climbs {n} levels for {climb}"; {sector}',
                            a.climb_levels).format(
                altitude=a.altitude, height=inches(a.height), n=a.climb_levels,
                climb=inches(a.climb_cost), sector=a.full.words())
            if a.half is not None:
                head += _("; at half speed {sector}").format(sector=a.half.words())
            lines.append(head)
            lines.append("  " + _("{area}; formation {formation}").format(
                area=area_words(a.area, "sq in"), formation=a.formation))
        if self.leave_cost is not None:
            lines.append(_('- can leave the battlefield by flying above the top level, for '
                           '{cost}" (B-alt)').format(cost=inches(self.leave_cost)))
        return "\n".join(lines)


@dataclass(frozen=True)
class Leg(TableStep):
    """One token of a declared move: a straight flight to a point, or an altitude change; its
    ``state`` says where it ends (``at``, a point) and at which level (``altitude``)."""

    climb: Fraction = Fraction(0)
    heading: float | None = None

    sign = '"'

    @property
    def travels(self) -> bool:
        return self.heading is not None

    @property
    def cost(self) -> Fraction | float:
        """What the leg spends: its length, or the climb's cost."""
        return self.length if self.heading is not None else self.climb

    def own_fields(self) -> dict[str, Any]:
        if self.heading is not None:
            return {"length": format_length(self.length), "heading": round(self.heading, 4)}
        return {"climb": format_cost(self.climb)}

    def words(self) -> str:
        if self.heading is not None:
            return _('{length}" at {heading}°').format(length=length(self.length),
                                                      heading=degrees(self.heading))
        return _('climb {climb}"').format(climb=inches(self.climb))


@dataclass(frozen=True, kw_only=True)
class BattlesystemMove(MoveReport):
    """A declared move's verdict (``check``) or a found route (``path``)."""

    rate: Fraction
    climb_cost: Fraction
    distance: float
    turn_allowed: TurnCategory | None
    turn_used: float
    half_speed: bool
    steps: tuple[Leg, ...]
    unit: str = "in"
    notes: tuple[str, ...] = field(default=())

    @property
    def spent(self) -> float:
        return float(self.climb_cost) + self.distance

    def total_fields(self) -> dict[str, Any]:
        return {
            "budget": format_cost(self.rate),
            "cost": format_cost(self.climb_cost) if self.distance == 0
            else format_length(self.spent),
            "climb_cost": format_cost(self.climb_cost),
            "distance": format_length(self.distance),
            "half_speed": self.half_speed,
            "turn": {"allowed": None if self.turn_allowed is None else self.turn_allowed.degrees,
                     "category": None if self.turn_allowed is None else self.turn_allowed.name,
                     "used": round(self.turn_used, 4), "rule": "B-turn"},
        }

    def tail_fields(self) -> dict[str, Any]:
        return {"notes": list(self.notes)} if self.notes else {}

    def spent_words(self) -> str:
        return _('{spent}" of {rate}" (climbing {climb}")').format(
            spent=length(self.spent), rate=inches(self.rate), climb=inches(self.climb_cost))

    def closing_lines(self) -> list[str]:
        return [*self._turned(), *(event_text(e) for e in self.events), *self.notes]

    def said_lines(self) -> list[str]:
        return [*self._turned(), *self.notes]

    def _turned(self) -> list[str]:
        if self.turn_allowed is None:
            return []
        if self.half_speed:
            said = _("turned {used}° of the {allowed}° allowed (category {category}, half speed) "
                     "(B-turn)")
        else:
            said = _("turned {used}° of the {allowed}° allowed (category {category}) (B-turn)")
        return [said.format(used=degrees(self.turn_used), allowed=self.turn_allowed.degrees,
                            category=self.turn_allowed.name)]


@dataclass(frozen=True, kw_only=True)
class BattlesystemEngagement(TableEngagement):
    """Whether two units are in contact, with their altitudes (B-alt)."""

    altitudes: tuple[str, str]

    rule = "B-alt"

    def own_fields(self) -> dict[str, Any]:
        return {"distance": format_length(self.distance), "altitudes": list(self.altitudes),
                "reason": self.reason}

    def own_lines(self) -> list[str]:
        return [_("{unit} is higher.").format(unit=self.elevated)] if self.elevated else []
