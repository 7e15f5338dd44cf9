"""C-mou and C-change: which MOU a move uses, and what a change of tier takes off it."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import Any

from ...model import format_cost, format_decimal
from .model import Edition, Fighter

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
        return {"take-off": "taking off from tier 0 to tier 1",
                "climb": "going up from tier 1 to tier 2",
                "descent": "going down from tier 2 to tier 1",
                "landing": "landing from tier 1 to tier 0",
                "dive": "a dive charge onto the tier below"}[self.value]


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
        text = f"{self.mou} MOU {format_decimal(self.value)}"
        if self.deduction:
            text += f" − {format_decimal(self.deduction)} = {format_decimal(self.reduced)}"
        if self.factor != 1:
            text += f", × {format_decimal(self.factor)} = {format_decimal(self.total)}"
        return text + f" cm ({self.reason})"


def budget(edition: Edition, fighter: Fighter, start_tier: int, change: Change | None,
           order: Order | None, factor: Fraction) -> Budget:
    """The MOU in force (C-mou) with the change's deduction (C-change), times the factor."""
    ground = ("ground", fighter.ground_mou)
    air = ("air", fighter.air_mou)
    if change is None:
        kind, value = ground if start_tier == 0 else air
        reason = ("it starts at tier 0" if start_tier == 0
                  else f"it moves at tier {start_tier}") + " (C-mou)"
        return Budget(kind, value, Fraction(0), factor, None, order, reason)
    if change is Change.TAKE_OFF:
        if edition.modern:
            kind, value = ground
            reason = f"{change.words}: it starts at tier 0, ground MOU − 5 ({edition.words})"
        elif order is Order.BEFORE:
            kind, value = air
            reason = f"taking off, then moving: air MOU − 5 ({edition.words})"
        else:
            kind, value = ground
            reason = f"moving at tier 0, then taking off: ground MOU − 5 ({edition.words})"
    else:
        kind, value = air
        reason = f"{change.words}: air MOU − 5"
    return Budget(kind, value, CHANGE_COST, factor, change, order, reason + " (C-change)")
