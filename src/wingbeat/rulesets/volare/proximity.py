"""Who is in melee with a flyer, and whose attack reaches whom (V-prox)."""

from __future__ import annotations

from typing import Any

from ..._records import dataclass
from ...errors import OptionError
from ._messages import _, ngettext, pgettext
from .model import Mode, VolareBattle, VolareCreature
from .tables import MANEUVERABILITY

__all__ = ["Engagement", "apart", "engagement", "engagement_between", "strikes"]


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
        kind = {"melee": pgettext("engagement", "melee"),
                "reach-only": pgettext("engagement", "reach-only"),
                "none": pgettext("engagement", "none")}.get(self.engagement, self.engagement)
        # Translators: {kind} is melee, reach-only or none; {reason} a whole sentence
        lines = [_("{a} and {b}: {kind} ({rule}). {reason}").format(
            a=self.a, b=self.b, kind=kind, rule=self.rule, reason=reason)]
        if self.engagement == "reach-only":
            for who, whom, reach in ((self.a, self.b, self.reach[0]),
                                     (self.b, self.a, self.reach[1])):
                if self.apart <= reach:
                    said = ngettext("{who} can strike {whom}: its melee reach is {n} hex.",
                                    "{who} can strike {whom}: its melee reach is {n} hexes.",
                                    reach)
                else:
                    said = ngettext("{who} cannot strike {whom}: its melee reach is {n} hex.",
                                    "{who} cannot strike {whom}: its melee reach is {n} hexes.",
                                    reach)
                lines.append(said.format(who=who, whom=whom, n=reach))
        if self.elevated:
            lines.append(_("{who} holds the elevated position.").format(who=self.elevated))
        for who, mod in self.attack_modifiers.items():
            lines.append(_("{who} attacks at {modifier} while in flight (V-man).").format(
                who=who, modifier=f"{mod:+d}"))
        lines.extend(self.notes)
        return "\n".join(lines)


def engagement(battle: VolareBattle, a_id: str, b_id: str) -> Engagement:
    a, b = battle.creature(a_id), battle.creature(b_id)
    if a.id == b.id:
        raise OptionError(_("{id} named twice: engagement is between two different "
                            "creatures").format(id=a.id))
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
    notes = tuple(_("{name} is moving: it cannot make a physical attack before it stops to "
                    "hover (V-inertia).").format(name=c.display_name) for c in moving)
    far = apart(a, b)
    kind, case, reason = _classify(distance, rise, far, moving, a, b)
    if kind == "none":
        notes = ()
    return Engagement(a.id, b.id, kind, elevated, case, reason, modifiers, notes, far,
                      (a.melee_reach, b.melee_reach))


def _classify(distance: int, rise: int, far: int, moving: list[VolareCreature],
              a: VolareCreature, b: VolareCreature) -> tuple[str, int | None, str]:
    who = _("{a} and {b}").format(a=moving[0].display_name, b=moving[1].display_name) \
        if len(moving) == 2 else "".join(c.display_name for c in moving)
    if far <= 1:
        if distance == 0:
            if rise == 1:
                return ("melee", 4, _("one is in the hex directly above the other"))
            return ("melee", 3, _("they share a hex at the same altitude"))
        if rise == 0:
            return ("melee", 3, _("adjacent hexes at the same altitude"))
        if not (a.airborne or b.airborne):
            return ("melee", 2, _("adjacent hexes one level apart, both on the ground: in melee, "
                                  "as two walkers on a climbable slope"))
        return ("melee", 2, _("adjacent hexes one level apart with the flyer hovering: in melee, "
                              "as two walkers on a climbable slope"))
    if far == 2:
        if distance == 1 and rise == 1:
            # Translators: {who} is the moving creature, or two joined by "and"
            return ("reach-only", 1, _(
                "adjacent hexes one level apart with {who} moving: they count as one hex apart, "
                "so only reach attacks (a polearm, a whip, a Huge or larger creature's attack: "
                "reach 2, striking two hexes away) can hit").format(who=who))
        # Translators: {where} says where the two stand (2 hexes apart at the same altitude)
        return ("reach-only", None, _(
            "{where}: they count as two hexes apart, so only reach attacks (a polearm, a whip, a "
            "Huge or larger creature's attack: reach 2, striking two hexes away) can "
            "hit").format(where=_where(distance, rise)))
    if distance == 0:
        return ("none", None, _("they are {rise} levels apart in the same hex").format(rise=rise))
    if distance == 1 and rise >= 2:
        if moving:
            return ("none", None, _("adjacent hexes but {rise} levels of altitude apart, with "
                                    "{who} moving").format(rise=rise, who=who))
        return ("none", None, _("adjacent hexes but {rise} levels of altitude apart").format(
            rise=rise))
    if rise:
        if moving and distance <= 2:
            said = ngettext("they are {distance} hexes and {rise} level of altitude apart, with "
                            "{who} moving",
                            "they are {distance} hexes and {rise} levels of altitude apart, with "
                            "{who} moving", rise)
        else:
            said = ngettext("they are {distance} hexes and {rise} level of altitude apart",
                            "they are {distance} hexes and {rise} levels of altitude apart", rise)
        return ("none", None, said.format(distance=distance, rise=rise, who=who))
    return ("none", None, _("they are {distance} hexes apart").format(distance=distance))


def _where(distance: int, rise: int) -> str:
    """Two creatures' places, said: ``two hexes apart at the same altitude`` …"""
    if rise == 0:
        return _("{distance} hexes apart at the same altitude").format(distance=distance)
    if distance == 0:
        return _("{rise} levels apart in the same hex").format(rise=rise)
    if distance == 1:
        return ngettext("adjacent hexes {rise} level of altitude apart",
                        "adjacent hexes {rise} levels of altitude apart", rise).format(rise=rise)
    return ngettext("{distance} hexes and {rise} level of altitude apart",
                    "{distance} hexes and {rise} levels of altitude apart", rise).format(
        distance=distance, rise=rise)
