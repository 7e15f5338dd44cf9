"""The numbers of ``volare``, in ticks of 1/12 MP (V-mp, V-man, V-wind)."""

from __future__ import annotations

from ...geometry.hexgrid import Direction
from .model import Maneuverability, Wind, WindStrength

__all__ = [
    "CLIMB",
    "DESCEND",
    "HOVER_PAY",
    "MANEUVERABILITY",
    "STEP",
    "STOP_TO_HOVER",
    "TICKS_PER_MP",
    "skim_modifier",
    "step_costs",
    "travel_speed",
]

TICKS_PER_MP = 12
STEP = 12
CLIMB = 24
DESCEND = 12

STOP_TO_HOVER = {
    Maneuverability.EXCELLENT: 12,
    Maneuverability.MEDIUM: 24,
    Maneuverability.POOR: 36,
}

#: V-man, per class: to-hit, Dex checks and Reflex saves (d20 and %), Dex bonus to AC,
#: violent-landing save (%), skimming save bonus (%, None: cannot skim).
MANEUVERABILITY: dict[Maneuverability, dict[str, int | None]] = {
    Maneuverability.EXCELLENT: {"attack": -1, "dex_check": -1, "reflex": -5, "ac_dex": 0,
                                "violent_landing": 0, "skimming": 10},
    Maneuverability.MEDIUM: {"attack": -2, "dex_check": -2, "reflex": -10, "ac_dex": -1,
                             "violent_landing": -5, "skimming": 0},
    Maneuverability.POOR: {"attack": -3, "dex_check": -3, "reflex": -15, "ac_dex": -2,
                           "violent_landing": -10, "skimming": None},
}



def skim_modifier(maneuverability: Maneuverability) -> int | None:
    """The modifier of the skimming save, in %, or None for a class that cannot skim (V-skim,
    V-saves): the text's own bonus ("Le creature dotate di manovrabilità 'eccellente' ottengono
    un bonus di +10% a tali tiri salvezza") plus the V-man penalty, since it is a Reflex save made
    in flight, in unstable balance ("penalità di -1/-5% a tutti le prove ed i tiri salvezza che
    sarebbero stati più facili da evitare la creatura non fosse stata in equilibrio instabile"):
    excellent +10 − 5 = +5, medium −10. The violent-landing save is not one of these: the text
    gives it its own modifier (``violent_landing``), and it takes that alone."""
    row = MANEUVERABILITY[maneuverability]
    bonus = row["skimming"]
    if bonus is None:
        return None
    return bonus + (row["reflex"] or 0)


_HEAD = {WindStrength.CALM: 12, WindStrength.LIGHT_BREEZE: 24, WindStrength.BREEZE: 36,
         WindStrength.STRONG_WIND: 48}
_BESIDE_HEAD = {WindStrength.CALM: 12, WindStrength.LIGHT_BREEZE: 18, WindStrength.BREEZE: 24,
                WindStrength.STRONG_WIND: 30}
_TAIL = {WindStrength.CALM: 12, WindStrength.LIGHT_BREEZE: 6, WindStrength.BREEZE: 4,
         WindStrength.STRONG_WIND: 3}
_WEAKER = {WindStrength.CALM: WindStrength.CALM, WindStrength.LIGHT_BREEZE: WindStrength.CALM,
           WindStrength.BREEZE: WindStrength.LIGHT_BREEZE,
           WindStrength.STRONG_WIND: WindStrength.BREEZE}

#: MP paid at the start of the round to hold a hover against the wind, in ticks.
HOVER_PAY = {WindStrength.CALM: 0, WindStrength.LIGHT_BREEZE: 12, WindStrength.BREEZE: 24,
             WindStrength.STRONG_WIND: 48}

_TRAVEL_LOSS = {WindStrength.CALM: 0, WindStrength.LIGHT_BREEZE: 1, WindStrength.BREEZE: 2,
                WindStrength.STRONG_WIND: 4}


def step_costs(wind: Wind, maneuverability: Maneuverability) -> tuple[int, ...]:
    """Cost in ticks of one horizontal step in each of the six directions (V-wind).

    Headwind, the two steps beside it, tailwind and the two beside it; beside-tailwind steps get
    the full tailwind factor (excellent), the next weaker wind's (medium) or none (poor).
    """
    strength = wind.strength
    if strength is WindStrength.GALE:
        raise ValueError("no flight step exists in a gale")
    if wind.toward is None or strength is WindStrength.CALM:
        return (STEP,) * 6
    if maneuverability is Maneuverability.EXCELLENT:
        beside_tail = _TAIL[strength]
    elif maneuverability is Maneuverability.MEDIUM:
        beside_tail = _TAIL[_WEAKER[strength]]
    else:
        beside_tail = STEP
    by_angle = (_TAIL[strength], beside_tail, _BESIDE_HEAD[strength], _HEAD[strength])
    return tuple(by_angle[wind.toward.angle_to(d)] for d in Direction)


def travel_speed(fly: int, wind: Wind) -> int:
    """Overland travel speed in wind: reduced by 1, 2 or 4, never below 1 (V-wind)."""
    if fly <= 0 or wind.strength is WindStrength.GALE:
        return 0
    return max(1, fly - _TRAVEL_LOSS[wind.strength])
