"""Checks as chance events: exact probabilities, and rolls only with an injected generator."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from ._records import dataclass
from .model import Save

if TYPE_CHECKING:  # a roll's generator is the caller's (play's dice): a check rolls nothing
    import random

__all__ = ["Roll", "clamp_percent", "roll_check", "success_probability"]


def clamp_percent(value: int) -> int:
    """A percentile chance after modifiers, kept within 0–100 (V-saves)."""
    return max(0, min(100, value))


def success_probability(checks: tuple[Save, ...] | list[Save]) -> Fraction:
    """The exact chance that every check in a sequence succeeds (they are independent rolls)."""
    result = Fraction(1)
    for check in checks:
        result *= check.probability
    return result


@dataclass(frozen=True, slots=True)
class Roll:
    """One d100 roll against a check: success on a roll at or under the chance."""

    check: Save
    roll: int

    @property
    def success(self) -> bool:
        return self.roll <= self.check.chance


def roll_check(check: Save, rng: random.Random) -> Roll:
    """Roll d100 for ``check`` with the caller's seeded generator."""
    return Roll(check, rng.randint(1, 100))
