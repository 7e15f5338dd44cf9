"""D-fly: falling — how far this turn, the damage dice, and whether the creature lands prone."""

from __future__ import annotations

from typing import Any

from ..._records import dataclass

__all__ = ["FALL_RATE", "MAX_DICE", "Fall", "fall"]

MAX_DICE = 20  # 1d6 per 10 ft, at most 20d6
FALL_RATE = 500  # XGtE: feet fallen at once, then per later turn


@dataclass(frozen=True, slots=True)
class Fall:
    """A fall of ``feet`` this turn; ``remaining`` feet still below (XGtE rate), else it lands."""

    feet: int
    dice: int  # d6 of bludgeoning damage on landing (0: none, or not landed yet)
    remaining: int = 0

    @property
    def lands(self) -> bool:
        return self.remaining == 0

    @property
    def prone(self) -> bool:
        """A creature lands prone unless it takes no damage (D-fly)."""
        return self.lands and self.dice > 0

    @property
    def damage(self) -> str | None:
        return f"{self.dice}d6" if self.lands and self.dice else None

    def event(self, *, prone: bool | None = None, metres: str | None = None) -> dict[str, Any]:
        """The ``fall`` event; ``prone`` overrides when the creature was prone already."""
        data: dict[str, Any] = {"type": "fall", "feet": self.feet, "damage": self.damage,
                                "prone": self.prone if prone is None else prone}
        if metres is not None:
            data["metres"] = metres
        if not self.lands:
            data["lands"] = False
            data["remaining"] = self.remaining
        return data


def fall(feet: int, *, fly_speed: int = 0, fall_rate: bool = False,
         flyer_fall: bool = False) -> Fall:
    """A fall from ``feet`` above the ground under the chosen options.

    ``fall_rate`` (XGtE): at most 500 ft this turn; the damage is rolled when it lands, on the
    whole distance. ``flyer_fall`` (XGtE): the flyer's current fly speed is subtracted from the
    distance before damage.
    """
    if feet < 0:
        raise ValueError("a fall is never negative")
    if fall_rate and feet > FALL_RATE:
        return Fall(FALL_RATE, 0, feet - FALL_RATE)
    counted = max(0, feet - fly_speed) if flyer_fall else feet
    return Fall(feet, min(MAX_DICE, counted // 10))
