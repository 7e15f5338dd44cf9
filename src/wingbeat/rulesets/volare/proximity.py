"""Who is in melee with a flyer (V-prox)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...errors import OptionError
from .model import Mode, VolareBattle, VolareCreature
from .tables import MANEUVERABILITY

__all__ = ["Engagement", "engagement", "engagement_between"]


@dataclass(frozen=True)
class Engagement:
    """Whether two creatures are in melee, and from which side the high ground is held."""

    a: str
    b: str
    engagement: str  # "melee" | "reach-only" | "none"
    elevated: str | None
    case: int | None
    reason: str
    attack_modifiers: dict[str, int]
    notes: tuple[str, ...] = ()

    rule = "V-prox"

    def to_dict(self) -> dict[str, Any]:
        return {"a": self.a, "b": self.b, "engagement": self.engagement,
                "elevated": self.elevated, "rule": self.rule, "case": self.case,
                "reason": self.reason, "attack_modifiers": self.attack_modifiers,
                "notes": list(self.notes)}

    def to_text(self) -> str:
        reason = self.reason[:1].upper() + self.reason[1:]
        if reason and not reason.endswith("."):
            reason += "."
        lines = [f"{self.a} and {self.b}: {self.engagement} ({self.rule}). {reason}"]
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
    kind, case, reason = _classify(distance, rise, moving, a, b)
    if kind == "none":
        notes = ()
    return Engagement(a.id, b.id, kind, elevated, case, reason, modifiers, notes)


def _classify(distance: int, rise: int, moving: list[VolareCreature], a: VolareCreature,
              b: VolareCreature) -> tuple[str, int | None, str]:
    if distance == 0:
        if rise == 1:
            return ("melee", 4, "one is in the hex directly above the other")
        if rise == 0:
            return ("melee", 3, "they share a hex at the same altitude")
        return ("none", None, f"they are {rise} levels apart in the same hex")
    if distance >= 2:
        return ("none", None, f"they are {distance} hexes apart")
    if rise == 0:
        return ("melee", 3, "adjacent hexes at the same altitude")
    if rise >= 2:
        return ("none", None, f"adjacent hexes but {rise} levels of altitude apart")
    if moving:
        who = " and ".join(c.display_name for c in moving)
        return ("reach-only", 1, f"adjacent hexes one level apart with {who} moving: they count "
                                 "as one hex apart, so only reach attacks (a polearm, a whip, a "
                                 "Huge or larger creature) can hit")
    if not (a.airborne or b.airborne):
        return ("melee", 2, "adjacent hexes one level apart, both on the ground: in melee, as two "
                            "walkers on a climbable slope")
    return ("melee", 2, "adjacent hexes one level apart with the flyer hovering: in melee, as two "
                        "walkers on a climbable slope")
