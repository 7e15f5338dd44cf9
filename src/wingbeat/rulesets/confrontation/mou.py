"""C-mou and C-change: which MOU a move uses, and what a change of tier takes off it."""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction
from typing import Any

from ..._records import dataclass
from ...model import format_cost
from ._messages import _
from .model import Edition, Fighter
from .words import decimal

__all__ = ["CHANGE_COST", "Budget", "Change", "Order", "budget", "change_between"]

#: C-change: every change of tier lowers the MOU by 5 (cm).
CHANGE_COST = Fraction(5)


class Change(StrEnum):
    TAKE_OFF = "take-off"  # 0 → 1
    CLIMB = "climb"  # 1 → 2
    DESCENT = "descent"  # 2 → 1
    LANDING = "landing"  # 1 → 0
    DIVE = "dive"  # a dive charge onto the tier below (every edition but 3)

    @property
    def words(self) -> str:
        if self is Change.TAKE_OFF:
            return _("taking off from tier 0 to tier 1")
        if self is Change.CLIMB:
            return _("going up from tier 1 to tier 2")
        if self is Change.DESCENT:
            return _("going down from tier 2 to tier 1")
        if self is Change.LANDING:
            return _("landing from tier 1 to tier 0")
        return _("a dive charge onto the tier below")


class Order(StrEnum):
    """When the change of tier happens relative to the move."""

    BEFORE = "before"  # change, then move
    AFTER = "after"  # move, then change
    DURING = "during"  # move, change, move (every edition but 3)


def change_between(start: int, end: int) -> Change:
    return {(0, 1): Change.TAKE_OFF, (1, 2): Change.CLIMB, (2, 1): Change.DESCENT,
            (1, 0): Change.LANDING}[(start, end)]


@dataclass(frozen=True)
class Budget:
    """The movement a fighter has for this move: (MOU − deduction) × factor, in cm."""

    mou: str  # "ground" | "air"
    value: Fraction
    deduction: Fraction
    factor: Fraction
    change: Change | None
    order: Order | None
    reason: str

    @property
    def reduced(self) -> Fraction:
        return self.value - self.deduction

    @property
    def total(self) -> Fraction:
        return self.reduced * self.factor

    @property
    def rule(self) -> str:
        return "C-mou" if self.change is None else "C-change"

    def to_dict(self) -> dict[str, Any]:
        deductions = []
        if self.deduction:
            deductions.append({"rule": "C-change", "amount": format_cost(self.deduction),
                               "for": self.change.value if self.change else None})
        return {"mou": self.mou, "value": format_cost(self.value), "deductions": deductions,
                "reduced": format_cost(self.reduced), "factor": format_cost(self.factor),
                "budget": format_cost(self.total), "change": self.change.value
                if self.change else None, "order": self.order.value if self.order else None,
                "rule": self.rule, "reason": self.reason}

    def words(self) -> str:
        sums = decimal(self.value)
        if self.deduction:
            sums += f" − {decimal(self.deduction)} = {decimal(self.reduced)}"
        if self.factor != 1:
            sums += f", × {decimal(self.factor)} = {decimal(self.total)}"
        # Translators: {sums} is the arithmetic, "17.5 − 5 = 12.5"; {reason} why that MOU
        said = (_("ground MOU {sums} cm ({reason})") if self.mou == "ground"
                else _("air MOU {sums} cm ({reason})"))
        return said.format(sums=sums, reason=self.reason)


def budget(edition: Edition, fighter: Fighter, start_tier: int, change: Change | None,
           order: Order | None, factor: Fraction) -> Budget:
    """The MOU in force (C-mou) with the change's deduction (C-change), times the factor."""
    ground = ("ground", fighter.ground_mou)
    air = ("air", fighter.air_mou)
    if change is None:
        kind, value = ground if start_tier == 0 else air
        reason = (_("it starts at tier 0 (C-mou)") if start_tier == 0
                  else _("it moves at tier {tier} (C-mou)").format(tier=start_tier))
        return Budget(kind, value, Fraction(0), factor, None, order, reason)
    if change is Change.TAKE_OFF:
        if edition.modern:
            kind, value = ground
            reason = _("{change}: it starts at tier 0, ground MOU − 5 ({edition})").format(
                change=change.words, edition=edition.words)
        elif order is Order.BEFORE:
            kind, value = air
            reason = _("taking off, then moving: air MOU − 5 ({edition})").format(
                edition=edition.words)
        else:
            kind, value = ground
            reason = _("moving at tier 0, then taking off: ground MOU − 5 ({edition})").format(
                edition=edition.words)
    else:
        kind, value = air
        reason = _("{change}: air MOU − 5").format(change=change.words)
    return Budget(kind, value, CHANGE_COST, factor, change, order,
                  _("{reason} (C-change)").format(reason=reason))
