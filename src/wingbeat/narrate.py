"""Checks, rolls and events as a game master says them at the table.

JSON keeps an event as data (``{"type": "landing", "safe": false, "may_walk": 0, "step": 4}``);
every text (the command line, the play log, the web page through its API) says it with the one
function here, ``event_text``: "Step 4: lands violently; it may not walk afterwards." A save says
its chance as the chance to *succeed*, and what a failure does (``check_text``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from .model import Save

__all__ = ["SAYINGS", "check_label", "check_legend", "check_text", "event_text", "roll_text"]

SaveLike = Save | Mapping[str, Any]


def _check_fields(check: SaveLike) -> tuple[str, str, int, str]:
    if isinstance(check, Save):
        return check.rule, check.save, check.chance, check.on_failure
    return (str(check.get("rule", "")), str(check.get("save", "")), int(check.get("chance", 0)),
            str(check.get("on_failure") or ""))


def _save_name(save: str) -> str:
    """``reflex`` → ``Reflex``: a save's name as the rules write it."""
    return save[:1].upper() + save[1:] if save else "A"


def check_label(check: SaveLike) -> str:
    """``45% Reflex (V-skim)``: a save in a table column (``check_legend`` explains it)."""
    rule, save, chance, _failure = _check_fields(check)
    return f"{chance}% {_save_name(save)} ({rule})"


def check_text(check: SaveLike) -> str:
    """``Reflex save (V-skim): 45% to succeed; on a failure it must land at once …``."""
    rule, save, chance, failure = _check_fields(check)
    text = f"{_save_name(save)} save ({rule}): {chance}% to succeed"
    if failure:
        text += f"; on a failure: {failure}"
    return text


def check_legend(checks: Iterable[SaveLike]) -> list[str]:
    """The lines under a table whose column reads ``45% Reflex (V-skim)``: that the percentage is
    the chance to succeed, and what failing each kind of save does (each said once)."""
    seen: dict[tuple[str, str], str] = {}
    for check in checks:
        rule, save, _chance, failure = _check_fields(check)
        seen.setdefault((rule, save), failure)
    if not seen:
        return []
    lines = ["checks: each percentage is the chance to succeed; on a failure:"]
    for (rule, save), failure in seen.items():
        lines.append(f"  {_save_name(save)} ({rule}): {failure or f'as {rule} says'}")
    return lines


def roll_text(roll: Mapping[str, Any]) -> str:
    """``bat rolls its Reflex save (V-skim), 50% to succeed: 37, a success`` or ``bat rolls 3d6
    fall damage (D-fly): 2+5+1 = 8``."""
    who = roll.get("creature", "")
    if roll.get("kind") == "save":
        verdict = "a success" if roll.get("success") else "a failure"
        return (f"{who} rolls its {_save_name(str(roll.get('save', '')))} save "
                f"({roll.get('rule')}), {roll.get('chance')}% to succeed: {roll.get('roll')}, "
                f"{verdict}")
    faces = [int(f) for f in roll.get("faces", [])]
    total = int(roll.get("total", 0))
    said = str(total)
    if len(faces) > 1 or total != sum(faces):
        bonus = total - sum(faces)
        said = "+".join(map(str, faces)) + (f"{bonus:+d}" if bonus else "") + f" = {total}"
    rule = f" ({roll['rule']})" if roll.get("rule") else ""
    return f"{who} rolls {roll.get('dice')} {roll.get('kind')}{rule}: {said}"


def _hexes(count: int) -> str:
    return f"{count} hex" if count == 1 else f"{count} hexes"


def _distance(event: Mapping[str, Any], feet: str = "feet", metres: str = "metres") -> str:
    """A fall's height as the scenario measures it: ``30 ft``, or ``9 m`` with its feet."""
    if event.get(metres) is not None:
        return f"{event[metres]} m ({event.get(feet)} ft)"
    return f"{event.get(feet)} ft"


def _fall(event: Mapping[str, Any], who: str) -> str:
    text = f"{who}falls {_distance(event)}"
    if event.get("cause"):
        text += f" ({event['cause']})"
    if event.get("lands") is False:
        return (text + f": it is still {event.get('remaining')} ft above the ground and falls on "
                       "at the start of its next turn")
    damage = event.get("damage")
    if event.get("total_feet") is not None and damage:
        damage = f"{damage} for the whole {_distance(event, 'total_feet', 'total_metres')} fall"
    if damage:
        rolled = f" (rolled {event['rolled']})" if event.get("rolled") is not None else ""
        text += f": takes {damage} damage{rolled}"
        text += " and lands prone" if event.get("prone") else " and lands"
    else:
        text += ": lands unhurt" + (", prone" if event.get("prone") else "")
    return text


def _landing(event: Mapping[str, Any], who: str) -> str:
    forced = "is forced to land at once: it " if event.get("forced") else ""
    if event.get("safe"):
        text = f"{who}{forced}lands safely"
        note = event.get("note")
        return f"{text} ({note})" if note else text
    walk = int(event.get("may_walk") or 0)
    after = (f"it may walk {_hexes(walk)} afterwards" if walk
             else "it may not walk afterwards")
    return f"{who}{forced}lands violently; {after}"


Said = Callable[[Mapping[str, Any], str, str], str]


def _take_off(e: Mapping[str, Any], who: str, _me: str) -> str:
    note = e.get("note")
    return f"{who}makes its take-off thrust" + (f": next it must {note}" if note else "")


def _wind_pay(e: Mapping[str, Any], who: str, me: str) -> str:
    note = str(e.get("note") or "")
    return f"{me}{note.removeprefix('it ')}" if note else \
        f"{who}pays to hold its hover against the wind"


def _save_failed(e: Mapping[str, Any], who: str, _me: str) -> str:
    text = f"{who}fails its {e.get('rule')} save on {e.get('move')}"
    return f"{text}: {e['consequence']}" if e.get("consequence") else text


def _jump(e: Mapping[str, Any], _who: str, me: str) -> str:
    kind = "high" if e.get("jump") == "high" else "long"
    start = "with a run-up" if e.get("run_up") else "from standing"
    return f"{me}makes a {kind} jump of {_distance(e)} {start}"


def _check_failed(e: Mapping[str, Any], who: str, _me: str) -> str:
    text = f"{who}fails its {e.get('check') or e.get('rule')} check on {e.get('move')}"
    return f"{text}: {e['consequence']}" if e.get("consequence") else text


def _opportunity(e: Mapping[str, Any], _who: str, _me: str) -> str:
    by = e.get("by")
    if not e.get("creature"):
        return f"{by} gets an opportunity attack"
    return (f"{by} gets an opportunity attack on {e['creature']} as it leaves {by}'s reach "
            f"(this spends {by}'s reaction)")


def _condition(e: Mapping[str, Any], _who: str, me: str) -> str:
    because = f" ({e['because']})" if e.get("because") else ""
    if "gains" in e:
        return f"{me}is now {e['gains']}{because}"
    return f"{me}is no longer {e.get('ends')}{because}"


def _stand(e: Mapping[str, Any], _who: str, me: str) -> str:
    note = str(e.get("note") or "")
    return f"{me}{note.removeprefix('it ')}" if note else f"{me}stands up"


def _renew(_e: Mapping[str, Any], who: str, _me: str) -> str:
    owner = f"{who.strip()}'s" if who else "its"
    return f"{owner} movement, action and object interaction renew for its next turn"


def _tier_change(e: Mapping[str, Any], _who: str, me: str) -> str:
    text = f"{me}changes tier ({e.get('change')})"
    if e.get("from") is not None and e.get("to") is not None:
        text += f": from tier {e['from']} to tier {e['to']}"
    return text


def _dive(e: Mapping[str, Any], _who: str, me: str) -> str:
    note = e.get("note")
    return f"{me}dive-charges {e.get('target')}" + (f": {note}" if note else "")


def _landed(e: Mapping[str, Any], _who: str, me: str) -> str:
    note = e.get("note")
    return f"{me}lands" + (f": {note}" if note else "")


#: Every event type any ruleset or the play engine makes, and how the table says it; ``who`` is
#: "bat " or "" (a move's own report), ``me`` the same or "it ".
SAYINGS: dict[str, Said] = {
    "landing": lambda e, who, _me: _landing(e, who),
    "fall": lambda e, who, _me: _fall(e, who),
    "take-off-thrust": _take_off,
    "walk": lambda e, who, _me: (f"{who}walks one hex" if e.get("rule") == "V-walk"
                                 else f"{who}walks one hex after its violent landing"),
    "wind-pay": _wind_pay,
    "save-failed": _save_failed,
    "check-failed": _check_failed,
    "jump": _jump,
    "stand": _stand,
    "inertia-spent": lambda e, _who, me: (f"{me}took no horizontal step this round: it starts "
                                          f"the next one {e.get('mode')}"),
    "opportunity-attack": _opportunity,
    "condition": _condition,
    "speeds-renew": _renew,
    "still-falling": lambda e, _who, me: (f"{me}is still falling ({e.get('fallen', 0)} ft so "
                                          "far): it falls on at the start of its next turn"),
    "still-prone": lambda _e, _who, me: f"{me}stays prone until it stands (half its speed)",
    "held-aloft": lambda e, _who, me: (f"{me}does not fall although {e.get('cause')}: magic "
                                       "holds it aloft (a flyer knocked prone or at speed 0 "
                                       "falls unless it can hover or magic holds it up)"),
    "tier-change": _tier_change,
    "dive-charge": _dive,
    "landed": _landed,
    "tier-change-renews": lambda _e, _who, me: f"{me}may change tier once again next turn",
    "redirect": lambda e, _who, me: (f"{me}redirects its assault: its target {e.get('gone')} "
                                     f"is gone (killed outright or routed), so it charges "
                                     f"{e.get('target')}"),
    "pursuit": lambda e, _who, me: (
        f"{me}makes a pursuit move in the melee phase, without any change of tier"
        + ("; the dive charge's bonuses are lost" if "bonuses" in str(e.get("note")) else "")),
    "formation": lambda e, who, _me: (f"{who}takes off, so its formation opens ("
                                      f"{e.get('from')} to {e.get('to')})"),
    "left-battlefield": lambda e, _who, me: str(e.get("message")
                                                or f"{me}leaves the battlefield"),
    "must-act": lambda e, _who, me: f"{me}must act: {e.get('message')}",
    "round-start": lambda e, _who, _me: f"round {e.get('round')} begins",
    "revealed": lambda e, _who, me: f"{me}is revealed to every player",
}


def _said(event: Mapping[str, Any], who: str) -> str:
    """The sentence of one event, with ``who`` ("bat " or "") as its subject."""
    kind = str(event.get("type", "event"))
    saying = SAYINGS.get(kind)
    if saying is not None:
        return saying(event, who, who or "it ")
    # a kind this module does not know yet still reads: its note, else its fields
    if event.get("note"):
        return f"{who}{kind}: {event['note']}"
    rest = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in event.items()
                     if k not in ("type", "creature", "step", "rule"))
    return f"{who}{kind}" + (f": {rest}" if rest else "")


def event_text(event: Mapping[str, Any]) -> str:
    """One event as a sentence: ``Step 4: lands violently; it may not walk afterwards.`` (a
    move's report), ``Step 2: guard gets an opportunity attack on soldier (D-creatures).`` (play,
    where an event names its creature), ``Round 2 begins.``"""
    who = event.get("creature")
    text = _said(event, f"{who} " if who else "")
    rule = event.get("rule")
    if rule and f"({rule})" not in text:
        text += f" ({rule})"
    step = event.get("step")
    if step == 0:
        text = f"Before moving: {text}"
    elif step is not None:
        text = f"Step {step}: {text}"
    elif not who:  # a creature's id starts the sentence as it is spelled
        text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."
