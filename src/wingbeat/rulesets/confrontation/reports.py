"""What ``confrontation`` answers (C-report): areas per tier, a move's verdict, who sees whom."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..._records import dataclass
from ...geometry.table import format_length, format_point
from ...model import format_amount, format_cost
from ...narrate import change_word
from ...rules.reports import MoveReport
from ...rules.tabletop import TableEngagement, TableReach, TableStep, area_words
from ._messages import _
from .mou import Budget
from .words import cm, length, number

if TYPE_CHECKING:
    from ...geometry.geos import Geometry

__all__ = ["ConfrontationEngagement", "ConfrontationMove", "ConfrontationReach", "Stage",
           "TierArea"]

#: C-dive: a dive charge gives INI +2, ATT +2, FOR +2 (every edition but 3).
DIVE_BONUSES = {"INI": 2, "ATT": 2, "FOR": 2}


@dataclass(frozen=True)
class TierArea:
    """Where a fighter can end at one tier, and the ways (budgets) that get it there."""

    tier: int
    area: Geometry
    ways: tuple[tuple[Budget, str], ...]
    landed: bool = False
    notes: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        from ...geometry.areas import geojson

        first = self.ways[0][0]
        return {
            "tier": self.tier,
            "change": None if first.change is None else first.change.value,
            "mou": first.mou,
            "mou_value": format_cost(first.value),
            "budget": format_cost(max(b.total for b, _ in self.ways)),
            "ways": [{**b.to_dict(), "how": how} for b, how in self.ways],
            "landed": self.landed,
            "notes": list(self.notes),
            "area": geojson(self.area),
        }


@dataclass(frozen=True, kw_only=True)
class ConfrontationReach(TableReach):
    """Where a fighter can end this activation, tier by tier, with its MOU and vision."""

    edition: str
    tier: int
    mou: tuple[Fraction, Fraction]
    factor: Fraction
    vision: str
    abilities: tuple[str, ...]
    areas: tuple[TierArea, ...]
    notes: tuple[str, ...] = ()
    unit: str = "cm"

    def own_fields(self) -> dict[str, Any]:
        return {
            "edition": self.edition,
            "tier": self.tier,
            "at": list(self.at),
            "mou": {"ground": format_cost(self.mou[0]), "air": format_cost(self.mou[1])},
            "factor": format_cost(self.factor),
            "vision": self.vision,
            "abilities": list(self.abilities),
            "notes": list(self.notes),
        }

    def to_text(self) -> str:
        values = {"creature": self.creature, "edition": self.edition, "tier": self.tier,
                  "point": format_point(self.at), "ground": number(self.mou[0]),
                  "air": number(self.mou[1]), "factor": number(self.factor)}
        head = (_("{creature} (confrontation, edition {edition}) at tier {tier}, {point}: MOU "
                  "ground {ground}, air {air} cm, factor {factor}") if self.factor != 1 else
                _("{creature} (confrontation, edition {edition}) at tier {tier}, {point}: MOU "
                  "ground {ground}, air {air} cm"))
        lines = [head.format(**values), _("vision: {vision}").format(vision=self.vision)]
        if self.abilities:
            lines.append(_("also counts as having: {abilities}").format(
                abilities=", ".join(self.abilities)))
        for a in self.areas:
            lines.append(_("- tier {tier}:").format(tier=a.tier))
            for b, how in a.ways:
                lines.append("  " + _("{how}: {budget}").format(how=how, budget=b.words()))
            if a.area.is_empty:
                lines.append("  " + _("nowhere"))
            else:
                lines.append(f"  {area_words(a.area, 'cm²')}")
            lines.extend(f"  {n}" for n in a.notes)
        lines.extend(self.notes)
        return "\n".join(lines)


@dataclass(frozen=True)
class Stage(TableStep):
    """One token of a declared move: a leg at a tier, a change of tier, or a dive charge; its
    ``state`` says where it ends (``at``, a point) and at which tier.

    ``phase`` marks a redirected assault's leg (``redirect``) and the pursuit move of the melee
    phase (``pursuit``: its ``pursue`` token and its legs, totalled on their own budget)."""

    tier: int = 0
    change: str | None = None
    phase: str | None = None

    sign = " cm"

    @property
    def travels(self) -> bool:
        """A leg to a waypoint; not a change of tier, a dive charge, a redirected assault (toward
        a creature) nor the ``pursue`` token."""
        return self.change is None and self.phase != "redirect" and self.move != "pursue"

    def own_fields(self) -> dict[str, Any]:
        data: dict[str, Any] = {"tier": self.tier}
        if self.phase is not None:
            data["phase"] = self.phase
        if self.change is None:
            data["length"] = format_length(self.length)
        else:
            data["change"] = self.change
            if self.length:
                data["length"] = format_length(self.length)
        return data

    def words(self) -> str:
        if self.change is not None:
            return change_word(self.change)
        if self.move == "pursue":
            return _("pursuit move (melee phase) at tier {tier}").format(tier=self.tier)
        return _("{length} at tier {tier}").format(length=cm(self.length), tier=self.tier)


@dataclass(frozen=True, kw_only=True)
class ConfrontationMove(MoveReport):
    """A declared move's verdict (``check``) or a found route (``path``)."""

    edition: str
    budget: Budget | None
    spent: float
    ground_factor: Fraction
    steps: tuple[Stage, ...]
    dive: dict[str, Any] | None = None
    vision: str = ""
    notes: tuple[str, ...] = ()
    unit: str = "cm"
    #: The pursuit move after ``pursue``: its budget and the length it spent.
    pursuit: tuple[Budget, float] | None = None

    def head_fields(self) -> dict[str, Any]:
        return {"edition": self.edition}

    def total_fields(self) -> dict[str, Any]:
        return {"budget": None if self.budget is None else self.budget.to_dict(),
                "cost": format_length(self.spent),
                "ground_factor": format_cost(self.ground_factor)}

    def tail_fields(self) -> dict[str, Any]:
        return {
            "dive": self.dive,
            "vision": self.vision,
            "notes": list(self.notes),
            "pursuit": None if self.pursuit is None else {
                "budget": self.pursuit[0].to_dict(), "cost": format_length(self.pursuit[1])},
        }

    def end_words(self) -> str:
        """Where the move ends, as the verdict line says it: ``at 30,30, tier 1`` (``, landed``
        after a landing), in the current language."""
        if set(self.end) - {"at", "tier", "landed"}:  # pragma: no cover - a report built by hand
            return super().end_words()
        said = (_("at {point}, tier {tier}, landed") if self.end.get("landed")
                else _("at {point}, tier {tier}"))
        return said.format(point=self.end.get("at"), tier=self.end.get("tier"))

    def step_text(self) -> list[str]:
        head = [] if self.budget is None else [_("movement: {budget}").format(
            budget=self.budget.words())]
        return head + super().step_text()

    def spent_words(self) -> str:
        if self.budget is None:
            return cm(self.spent)
        return _("{spent} cm of {budget}").format(spent=length(self.spent),
                                                 budget=format_amount(self.budget.total, "cm"))

    def said_lines(self) -> list[str]:
        lines = []
        if self.pursuit is not None:
            lines.append(_("pursuit: {spent} of its {budget}").format(
                spent=cm(self.pursuit[1]), budget=self.pursuit[0].words()))
        if self.dive is not None:
            bonuses = ", ".join(f"{k} +{v}" for k, v in self.dive["bonuses"].items())
            line = _("dive charge on {target}: {bonuses} (C-dive)").format(
                target=self.dive["target"], bonuses=bonuses)
            if "redirected" in self.dive:
                line += "; " + _("redirected onto {target} (C-change)").format(
                    target=self.dive["redirected"]["to"])
            if "bonuses_lost" in self.dive:
                line += "; " + _("bonuses lost: {why}").format(why=self.dive["bonuses_lost"])
            lines.append(line)
        if self.vision:
            lines.append(_("vision: {vision}").format(vision=self.vision))
        lines.extend(self.notes)
        return lines


@dataclass(frozen=True, kw_only=True)
class ConfrontationEngagement(TableEngagement):
    """Whether two fighters are in contact, with their tiers and what each sees (C-adj)."""

    tiers: tuple[int, int]
    between_tiers: str
    dive: str | None
    sees: dict[str, bool | None]

    rule = "C-adj"

    def own_fields(self) -> dict[str, Any]:
        return {"tiers": list(self.tiers), "distance": format_length(self.distance),
                "reason": self.reason, "between_tiers": self.between_tiers,
                "dive_charge": self.dive, "sees": self.sees}

    def own_lines(self) -> list[str]:
        lines = [self.between_tiers]
        if self.dive:
            lines.append(self.dive)
        for who, seen in self.sees.items():
            if seen is not None:
                said = _("{who} sees the other") if seen else _("{who} does not see the other")
                lines.append(said.format(who=who))
        return lines
