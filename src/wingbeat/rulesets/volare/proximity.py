"""Who is in melee with a flyer, and whose attack reaches whom (V-prox)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...errors import OptionError
from .model import Mode, VolareBattle, VolareCreature
from .tables import MANEUVERABILITY

__all__ = ["Engagement", "apart", "engagement", "engagement_between", "strikes"]

_REACH_WORDS = "a polearm, a whip, a Huge or larger creature's attack"


@dataclass(frozen=True)
class Engagement:
    """Whether two creatures are in melee, whose attack reaches whom, and from which side the
    high ground is held."""

    a: str
    b: str
    engagement: str  # "melee" | "reach-only" | "none"
    elevated: str | None
    case: int | None
    reason: str
    attack_modifiers: dict[str, int]
    notes: tuple[str, ...] = ()
    #: how many hexes apart they count for a melee attack (``apart``)
    apart: int = 1
    #: each one's melee reach in hexes (``VolareCreature.melee_reach``)
    reach: tuple[int, int] = (1, 1)

    rule = "V-prox"

    @property
    def a_in_reach_of_b(self) -> bool:
        """Whether ``b``'s melee attack reaches ``a``."""
        return self.apart <= self.reach[1]

    @property
    def b_in_reach_of_a(self) -> bool:
        """Whether ``a``'s melee attack reaches ``b``."""
        return self.apart <= self.reach[0]

    @property
    def how(self) -> str:
        """The rule (and case) by which the one whose reach it is strikes the other: what threat
        and advice say (``V-prox case 2``; ``V-prox case 1, reach 2`` where only a reach of two
        hexes strikes)."""
        said = "V-prox" if self.case is None else f"V-prox case {self.case}"
        return said if self.apart <= 1 else f"{said}, reach {self.apart}"

    def to_dict(self) -> dict[str, Any]:
        return {"a": self.a, "b": self.b, "engagement": self.engagement,
                "elevated": self.elevated, "rule": self.rule, "case": self.case,
                "reason": self.reason, "apart": self.apart,
                "reach": {self.a: self.reach[0], self.b: self.reach[1]},
                "a_in_reach_of_b": self.a_in_reach_of_b, "b_in_reach_of_a": self.b_in_reach_of_a,
                "attack_modifiers": self.attack_modifiers, "notes": list(self.notes)}

    def to_text(self) -> str:
        reason = self.reason[:1].upper() + self.reason[1:]
        if reason and not reason.endswith("."):
            reason += "."
        lines = [f"{self.a} and {self.b}: {self.engagement} ({self.rule}). {reason}"]
        if self.engagement == "reach-only":
            for who, whom, reach in ((self.a, self.b, self.reach[0]),
                                     (self.b, self.a, self.reach[1])):
                hexes = f"{reach} hex{'' if reach == 1 else 'es'}"
                can = "can" if self.apart <= reach else "cannot"
                lines.append(f"{who} {can} strike {whom}: its melee reach is {hexes}.")
        if self.elevated:
            lines.append(f"{self.elevated} holds the elevated position.")
        for who, mod in self.attack_modifiers.items():
            lines.append(f"{who} attacks at {mod:+d} while in flight (V-man).")
        lines.extend(self.notes)
        return "\n".join(lines)


def engagement(battle: VolareBattle, a_id: str, b_id: str) -> Engagement:
    a, b = battle.creature(a_id), battle.creature(b_id)
    if a.id == b.id:
        raise OptionError(f"{a.id} named twice: engagement is between two different creatures")
    return engagement_between(a, b)


def apart(a: VolareCreature, b: VolareCreature) -> int:
    """How many hexes apart two creatures count for a melee attack (V-prox).

    The cases of the text: adjacent at one altitude (case 3), adjacent one level apart with the
    flyer hovering (case 2, "as two walkers on a climbable slope"), or directly above (case 4):
    one; adjacent one level apart with a flyer moving (case 1): two, "raggiungibile solo da
    attacchi in corpo a corpo capaci di colpire a due esagoni di distanza". **Reading**: levels
    count as hexes (both are 3 m) and a slope as a straight line, so the count is the larger of
    the hexes and the levels between them, one more where they differ in both with either
    creature moving (case 1 beyond one hex and one level)."""
    distance = a.at.distance(b.at)
    rise = abs(a.altitude - b.altitude)
    far = max(distance, rise)
    if distance and rise and (a.mode is Mode.MOVING or b.mode is Mode.MOVING):
        far += 1
    return far


def strikes(attacker: VolareCreature, victim: VolareCreature) -> Engagement | None:
    """V-prox between them when the attacker's melee attack reaches the victim where both stand,
    else None (whether it may attack there is V-inertia's and V-actions': not while moving)."""
    if apart(attacker, victim) > attacker.melee_reach:
        return None
    return engagement_between(attacker, victim)


def engagement_between(a: VolareCreature, b: VolareCreature) -> Engagement:
    """V-prox for two creatures as they stand (either may be a state reached this round)."""
    distance = a.at.distance(b.at)
    rise = abs(a.altitude - b.altitude)
    elevated = None
    if a.altitude != b.altitude:
        elevated = a.id if a.altitude > b.altitude else b.id
    moving = [c for c in (a, b) if c.mode is Mode.MOVING]
    modifiers = {c.id: int(MANEUVERABILITY[c.maneuverability]["attack"] or 0)
                 for c in (a, b) if c.airborne}
    notes = tuple(f"{c.display_name} is moving: it cannot make a physical attack before it "
                  "stops to hover (V-inertia)." for c in moving)
    far = apart(a, b)
    kind, case, reason = _classify(distance, rise, far, moving, a, b)
    if kind == "none":
        notes = ()
    return Engagement(a.id, b.id, kind, elevated, case, reason, modifiers, notes, far,
                      (a.melee_reach, b.melee_reach))


def _classify(distance: int, rise: int, far: int, moving: list[VolareCreature],
              a: VolareCreature, b: VolareCreature) -> tuple[str, int | None, str]:
    who = " and ".join(c.display_name for c in moving)
    if far <= 1:
        if distance == 0:
            if rise == 1:
                return ("melee", 4, "one is in the hex directly above the other")
            return ("melee", 3, "they share a hex at the same altitude")
        if rise == 0:
            return ("melee", 3, "adjacent hexes at the same altitude")
        if not (a.airborne or b.airborne):
            return ("melee", 2, "adjacent hexes one level apart, both on the ground: in melee, "
                                "as two walkers on a climbable slope")
        return ("melee", 2, "adjacent hexes one level apart with the flyer hovering: in melee, "
                            "as two walkers on a climbable slope")
    if far == 2:
        reach = (f"only reach attacks ({_REACH_WORDS}: reach 2, striking two hexes away) can "
                 "hit")
        if distance == 1 and rise == 1:
            return ("reach-only", 1, f"adjacent hexes one level apart with {who} moving: they "
                                     f"count as one hex apart, so {reach}")
        return ("reach-only", None, f"{_where(distance, rise)}: they count as two hexes apart, "
                                    f"so {reach}")
    if distance == 0:
        return ("none", None, f"they are {rise} levels apart in the same hex")
    if distance == 1 and rise >= 2:
        return ("none", None, f"adjacent hexes but {rise} levels of altitude apart"
                              + (f", with {who} moving" if moving else ""))
    if rise:
        return ("none", None, f"they are {distance} hexes and {_levels(rise)} apart"
                              + (f", with {who} moving" if moving and distance <= 2 else ""))
    return ("none", None, f"they are {distance} hexes apart")


def _levels(rise: int) -> str:
    return f"{rise} level{'' if rise == 1 else 's'} of altitude"


def _where(distance: int, rise: int) -> str:
    """Two creatures' places, said: ``two hexes apart at the same altitude`` …"""
    if rise == 0:
        return f"{distance} hexes apart at the same altitude"
    if distance == 0:
        return f"{rise} levels apart in the same hex"
    if distance == 1:
        return f"adjacent hexes {_levels(rise)} apart"
    return f"{distance} hexes and {_levels(rise)} apart"
