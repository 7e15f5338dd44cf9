"""Flying encumbered (V-enc): bands from Strength and load, shifted two bands when flying."""

from __future__ import annotations

from ..._records import dataclass
from .model import Encumbrance, VolareCreature

__all__ = ["STRENGTH_BREAKS", "FlightLoad", "break_points", "flight_load", "ground_band",
           "reduced"]

#: Combat & Tactics break points: unencumbered maximum and band width (lb), by Strength.
STRENGTH_BREAKS: dict[int, Encumbrance] = {
    10: Encumbrance(40, 6), 11: Encumbrance(40, 6),
    12: Encumbrance(45, 8), 13: Encumbrance(45, 8),
    14: Encumbrance(55, 10), 15: Encumbrance(55, 10),
    16: Encumbrance(70, 10), 17: Encumbrance(85, 12), 18: Encumbrance(110, 13),
}

#: Past this ground band nothing flies (band 6 flies with band 8's penalties).
LAST_FLYING_BAND = 6


@dataclass(frozen=True, slots=True)
class FlightLoad:
    """What a creature's load does to its flight, and to its walk (V-walk)."""

    ground_band: int
    flying_band: int
    can_fly: bool
    fly: int
    limit: int | None  # the load (lb) at which it can no longer fly
    #: its ground speed in its ground band, the hexes it walks in a round (0: it cannot walk)
    walk: int = 0

    def to_dict(self) -> dict[str, object]:
        return {"ground_band": self.ground_band, "flying_band": self.flying_band,
                "can_fly": self.can_fly, "fly": self.fly, "cannot_fly_at": self.limit,
                "walk": self.walk}


def break_points(creature: VolareCreature) -> Encumbrance | None:
    """The scenario's own break points, else the table's for the creature's Strength."""
    if creature.encumbrance is not None:
        return creature.encumbrance
    if creature.strength is None:
        return None
    return STRENGTH_BREAKS.get(creature.strength)


def ground_band(load: int, breaks: Encumbrance) -> int:
    """Band 0 up to the unencumbered maximum U; band k is over U + w(k−1) up to U + wk."""
    over = load - breaks.unencumbered
    if over <= 0:
        return 0
    return -(-over // breaks.band_width)


def reduced(speed: int, band: int) -> int:
    """A speed in an encumbrance band: ``max(1, floor(speed × (12 − band) / 12))``, −1 a band for
    a base of 12; 0 stays 0 (V-enc; V-walk reads the ground speed the same way)."""
    return max(1, speed * (12 - band) // 12) if speed > 0 else 0


def flight_load(creature: VolareCreature) -> FlightLoad:
    """The flying band and fly speed: ``max(1, floor(fly × (12 − band) / 12))``; none at U + 6w.
    And the walk: the ground speed reduced the same way for the ground band itself (V-walk)."""
    breaks = break_points(creature)
    if breaks is None or creature.load <= 0:
        limit = None
        if breaks is not None:
            limit = breaks.unencumbered + LAST_FLYING_BAND * breaks.band_width
        return FlightLoad(0, 0, creature.fly > 0, creature.fly, limit, creature.ground)
    band = ground_band(creature.load, breaks)
    limit = breaks.unencumbered + LAST_FLYING_BAND * breaks.band_width
    flying = band + 2 if band else 0
    walk = reduced(creature.ground, band)
    if creature.load >= limit:
        return FlightLoad(band, flying, False, 0, limit, walk)
    return FlightLoad(band, flying, creature.fly > 0, reduced(creature.fly, flying), limit, walk)
