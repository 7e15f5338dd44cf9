"""Checks, rolls and events as a game master says them at the table.

JSON keeps an event as data (``{"type": "landing", "safe": false, "may_walk": 0, "step": 4}``);
every text (the command line, the play log, the web page through its API) says it with the one
function here, ``event_text``: "Step 4: lands violently; it may not walk afterwards." A save says
its chance as the chance to *succeed*, and what a failure does (``check_text``).

Every sentence is a whole template of the current language (``wingbeat.i18n``), said when it is
asked for: an event stored in English data (a play log) reads in the reader's language. The
words of the machine (a save's ``save`` field, a mode, an action's id, a unit) are said through
the small tables here (``save_name``, ``value_word``, ``action_word``, ``unit_word``), which the
JSON never uses.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from .i18n import _, ngettext, percent, pgettext
from .model import Save

__all__ = [
    "SAYINGS",
    "action_word",
    "check_label",
    "check_legend",
    "check_text",
    "condition_word",
    "engagement_word",
    "event_text",
    "field_word",
    "grouped",
    "no_word",
    "roll_text",
    "save_name",
    "unit_word",
    "value_word",
    "yes_word",
]

SaveLike = Save | Mapping[str, Any]


def _check_fields(check: SaveLike) -> tuple[str, str, int, str]:
    if isinstance(check, Save):
        return check.rule, check.save, check.chance, check.on_failure
    return (str(check.get("rule", "")), str(check.get("save", "")), int(check.get("chance", 0)),
            str(check.get("on_failure") or ""))


# -- the machine's words, said -------------------------------------------------------------------

def yes_word() -> str:
    """``yes`` in a table's cell."""
    return pgettext("table cell", "yes")


def no_word() -> str:
    """``no`` in a table's cell."""
    return pgettext("table cell", "no")


def unit_word(unit: str) -> str:
    """A unit as the text writes it after an amount: ``MP`` is ``PM`` in Italian and French;
    ``ft``, ``m``, ``cm`` stay; the JSON's ``unit`` never changes."""
    words = {
        "MP": pgettext("unit", "MP"),
        "in": pgettext("unit", "in"),
        "ft": pgettext("unit", "ft"),
    }
    return words.get(unit, unit)


def field_word(key: str) -> str:
    """A state's field (``altitude``, ``mode`` …) as a table's header or an end's words."""
    words = {
        "at": pgettext("field", "at"),
        "altitude": pgettext("field", "altitude"),
        "mode": pgettext("field", "mode"),
        "heading": pgettext("field", "heading"),
        "skimming": pgettext("field", "skimming"),
        "prone": pgettext("field", "prone"),
        "squeezing": pgettext("field", "squeezing"),
        "tier": pgettext("field", "tier"),
        "formation": pgettext("field", "formation"),
        "facing": pgettext("field", "facing"),
        "level": pgettext("field", "level"),
        "dashed": pgettext("field", "dashed"),
        "disengaged": pgettext("field", "disengaged"),
        "standing": pgettext("field", "standing"),
        "hovering": pgettext("field", "hovering"),
        "walking": pgettext("field", "walking"),
        "flying": pgettext("field", "flying"),
    }
    return words.get(key, key.replace("_", " "))


def column_word(key: str) -> str:
    """A state's field as a table's column header (``at`` is the place's column)."""
    if key == "at":
        return pgettext("column", "at")
    return field_word(key)


def value_word(key: str, value: Any) -> str:
    """A state's field's value as a table cell says it: ``-`` for none, yes/no for a flag, a
    mode or a formation in the language's words; anything else as it is (a label, a heading)."""
    if value is None:
        return "-"
    if value is True:
        return yes_word()
    if value is False:
        return no_word()
    text = str(value)
    if key in ("mode", "formation", "altitude", "condition"):
        words = {
            "moving": pgettext("mode", "moving"),
            "hovering": pgettext("mode", "hovering"),
            "grounded": pgettext("mode", "grounded"),
            "walking": pgettext("mode", "walking"),
            "flying": pgettext("mode", "flying"),
            "climbing": pgettext("mode", "climbing"),
            "swimming": pgettext("mode", "swimming"),
            "gliding": pgettext("mode", "gliding"),
            "falling": pgettext("mode", "falling"),
            "open": pgettext("formation", "open"),
            "closed": pgettext("formation", "closed"),
            "skirmish": pgettext("formation", "skirmish"),
            "ground": pgettext("altitude", "ground"),
            "low": pgettext("altitude", "low"),
            "medium": pgettext("altitude", "medium"),
            "high": pgettext("altitude", "high"),
        }
        return words.get(text, text)
    return text


def action_word(action: str) -> str:
    """An action's id (``attack``, ``bonus-action`` …) as a list of what is still open says it."""
    words = {
        "attack": pgettext("action", "attack"),
        "spell": pgettext("action", "spell"),
        "breath": pgettext("action", "breath"),
        "spell-no-somatic": pgettext("action", "spell-no-somatic"),
        "non-physical": pgettext("action", "non-physical"),
        "free": pgettext("action", "free"),
        "bonus-action": pgettext("action", "bonus-action"),
        "object-interaction": pgettext("action", "object-interaction"),
        "reaction": pgettext("action", "reaction"),
        "action": pgettext("action", "action"),
        "dash": pgettext("action", "dash"),
        "disengage": pgettext("action", "disengage"),
        "move": pgettext("action", "move"),
    }
    return words.get(action, action)


def condition_word(condition: str) -> str:
    """A condition (``prone``) as a sentence says it."""
    words = {
        "prone": pgettext("condition", "prone"),
        "unconscious": pgettext("condition", "unconscious"),
        "grappled": pgettext("condition", "grappled"),
        "restrained": pgettext("condition", "restrained"),
        "incapacitated": pgettext("condition", "incapacitated"),
        "paralyzed": pgettext("condition", "paralyzed"),
        "petrified": pgettext("condition", "petrified"),
        "stunned": pgettext("condition", "stunned"),
        "blinded": pgettext("condition", "blinded"),
        "frightened": pgettext("condition", "frightened"),
        "invisible": pgettext("condition", "invisible"),
        "poisoned": pgettext("condition", "poisoned"),
        "charmed": pgettext("condition", "charmed"),
        "deafened": pgettext("condition", "deafened"),
        "exhaustion": pgettext("condition", "exhaustion"),
    }
    return words.get(condition, condition)


_DC = re.compile(r"^(?P<skill>[A-Za-z ]+?) DC (?P<dc>\d+)$")


def save_name(save: str) -> str:
    """``reflex`` → ``Reflex``: a save's short name in a table's column (``45% Reflex``)."""
    if save == "reflex":
        return pgettext("save", "Reflex")
    found = _DC.match(save)
    if found:
        # Translators: a skill check with its difficulty class, e.g. "Acrobatics DC 10"
        return _("{skill} DC {dc}").format(skill=_skill(found["skill"]), dc=found["dc"])
    return save[:1].upper() + save[1:] if save else "?"


def _skill(skill: str) -> str:
    words = {"Acrobatics": pgettext("skill", "Acrobatics"),
             "Athletics": pgettext("skill", "Athletics")}
    return words.get(skill, skill)


def _save_phrase(save: str) -> str:
    """``Reflex save``, ``Acrobatics DC 10 save``: the save as a sentence names it."""
    if save == "reflex":
        return _("Reflex save")
    found = _DC.match(save)
    if found:
        # Translators: a skill check with its difficulty class, e.g. "Acrobatics DC 10 save"
        return _("{skill} DC {dc} save").format(skill=_skill(found["skill"]), dc=found["dc"])
    return _("{save} save").format(save=save_name(save))


def check_label(check: SaveLike) -> str:
    """``45% Reflex (V-skim)``: a save in a table column (``check_legend`` explains it)."""
    rule, save, chance, _failure = _check_fields(check)
    # Translators: a save in a table's cell: its chance to succeed, its name, its rule id
    return _("{chance} {save} ({rule})").format(chance=percent(chance), save=save_name(save),
                                               rule=rule)


def check_text(check: SaveLike) -> str:
    """``Reflex save (V-skim): 45% to succeed; on a failure it must land at once …``."""
    rule, save, chance, failure = _check_fields(check)
    if failure:
        return _("{save} ({rule}): {chance} to succeed; on a failure: {failure}").format(
            save=_save_phrase(save), rule=rule, chance=percent(chance), failure=failure)
    return _("{save} ({rule}): {chance} to succeed").format(
        save=_save_phrase(save), rule=rule, chance=percent(chance))


def check_legend(checks: Iterable[SaveLike]) -> list[str]:
    """The lines under a table whose column reads ``45% Reflex (V-skim)``: that the percentage is
    the chance to succeed, and what failing each kind of save does (each said once)."""
    seen: dict[tuple[str, str], str] = {}
    for check in checks:
        rule, save, _chance, failure = _check_fields(check)
        seen.setdefault((rule, save), failure)
    if not seen:
        return []
    lines = [_("checks: each percentage is the chance to succeed; on a failure:")]
    for (rule, save), failure in seen.items():
        said = failure or _("as {rule} says").format(rule=rule)
        lines.append("  " + _("{save} ({rule}): {failure}").format(
            save=save_name(save), rule=rule, failure=said))
    return lines


def _roll_kind(kind: str) -> str:
    words = {"fall damage": pgettext("roll", "fall damage"),
             "acrobatics check": pgettext("roll", "Acrobatics check"),
             "initiative": pgettext("roll", "initiative")}
    return words.get(kind, kind)


def roll_text(roll: Mapping[str, Any]) -> str:
    """``bat rolls its Reflex save (V-skim), 50% to succeed: 37, a success`` or ``bat rolls 3d6
    fall damage (D-fly): 2+5+1 = 8``."""
    who = str(roll.get("creature", ""))
    if roll.get("kind") == "save":
        values = {"creature": who, "save": _save_phrase(str(roll.get("save", ""))),
                  "rule": roll.get("rule"), "chance": percent(str(roll.get("chance"))),
                  "roll": roll.get("roll")}
        if roll.get("success"):
            return _("{creature} rolls its {save} ({rule}), {chance} to succeed: {roll}, "
                     "a success").format(**values)
        return _("{creature} rolls its {save} ({rule}), {chance} to succeed: {roll}, "
                 "a failure").format(**values)
    faces = [int(f) for f in roll.get("faces", [])]
    total = int(roll.get("total", 0))
    said = str(total)
    if len(faces) > 1 or total != sum(faces):
        bonus = total - sum(faces)
        said = "+".join(map(str, faces)) + (f"{bonus:+d}" if bonus else "") + f" = {total}"
    values = {"creature": who, "dice": roll.get("dice"),
              "kind": _roll_kind(str(roll.get("kind"))), "rule": roll.get("rule"),
              "result": said}
    if roll.get("rule"):
        # Translators: e.g. "bat rolls 3d6 fall damage (V-land): 2+5+1 = 8"
        return _("{creature} rolls {dice} {kind} ({rule}): {result}").format(**values)
    return _("{creature} rolls {dice} {kind}: {result}").format(**values)


def _hexes(count: int) -> str:
    return ngettext("{n} hex", "{n} hexes", count).format(n=count)


def _distance(event: Mapping[str, Any], feet: str = "feet", metres: str = "metres") -> str:
    """A fall's height as the scenario measures it: ``30 ft``, or ``9 m`` with its feet."""
    from .model import format_amount
    if event.get(metres) is not None:
        return _("{metres} m ({feet} ft)").format(
            metres=format_amount(str(event[metres]), "m"), feet=event.get(feet))
    return _("{feet} ft").format(feet=event.get(feet))


def _say(who: str, named: str, bare: str, **values: Any) -> str:
    """One sentence: ``named`` (its ``{creature}`` the subject) when ``who`` names one, else
    ``bare`` (a move's own report, the creature understood)."""
    name = who.strip()
    if name:
        return named.format(creature=name, **values)
    return bare.format(**values)


def _fall(event: Mapping[str, Any], who: str) -> str:
    height = _distance(event)
    cause = event.get("cause")
    if cause:
        # Translators: {cause} is the ruleset's sentence for why it falls
        head = _say(who, _("{creature} falls {height} ({cause})"), _("falls {height} ({cause})"),
                    height=height, cause=cause)
    else:
        head = _say(who, _("{creature} falls {height}"), _("falls {height}"), height=height)
    if event.get("lands") is False:
        return _("{fall}: it is still {remaining} ft above the ground and falls on at the start "
                 "of its next turn").format(fall=head, remaining=event.get("remaining"))
    damage = event.get("damage")
    if event.get("total_feet") is not None and damage:
        damage = _("{damage} for the whole {height} fall").format(
            damage=damage, height=_distance(event, "total_feet", "total_metres"))
    prone = bool(event.get("prone"))
    if damage:
        if event.get("rolled") is not None:
            if prone:
                return _("{fall}: takes {damage} damage (rolled {rolled}) and lands prone").format(
                    fall=head, damage=damage, rolled=event["rolled"])
            return _("{fall}: takes {damage} damage (rolled {rolled}) and lands").format(
                fall=head, damage=damage, rolled=event["rolled"])
        if prone:
            return _("{fall}: takes {damage} damage and lands prone").format(
                fall=head, damage=damage)
        return _("{fall}: takes {damage} damage and lands").format(fall=head, damage=damage)
    if prone:
        return _("{fall}: lands unhurt, prone").format(fall=head)
    return _("{fall}: lands unhurt").format(fall=head)


def _landing(event: Mapping[str, Any], who: str) -> str:
    forced = bool(event.get("forced"))
    if event.get("safe"):
        if forced:
            text = _say(who, _("{creature} is forced to land at once: it lands safely"),
                        _("is forced to land at once: it lands safely"))
        else:
            text = _say(who, _("{creature} lands safely"), _("lands safely"))
        note = event.get("note")
        return f"{text} ({note})" if note else text
    walk = int(event.get("may_walk") or 0)
    if walk:
        after = ngettext("it may walk {n} hex afterwards", "it may walk {n} hexes afterwards",
                         walk).format(n=walk)
    else:
        after = _("it may not walk afterwards")
    if forced:
        return _say(who, _("{creature} is forced to land at once: it lands violently; {after}"),
                    _("is forced to land at once: it lands violently; {after}"), after=after)
    return _say(who, _("{creature} lands violently; {after}"), _("lands violently; {after}"),
                after=after)


Said = Callable[[Mapping[str, Any], str, str], str]


def _take_off(e: Mapping[str, Any], who: str, _me: str) -> str:
    note = e.get("note")
    if note:
        # Translators: {note} is what the creature must do next, e.g. "climb or land again"
        return _say(who, _("{creature} makes its take-off thrust: next it must {note}"),
                    _("makes its take-off thrust: next it must {note}"), note=note)
    return _say(who, _("{creature} makes its take-off thrust"), _("makes its take-off thrust"))


def _noted(who: str, note: str) -> str:
    """The ruleset's own sentence (``it pays 2 MP …``), its creature named where it says "it"
    (an English note); a note in another language follows the creature's name."""
    name = who.strip()
    if not name:
        return note
    if note.startswith("it "):
        return f"{name} {note.removeprefix('it ')}"
    return _("{creature}: {note}").format(creature=name, note=note)


def _wind_pay(e: Mapping[str, Any], who: str, _me: str) -> str:
    note = str(e.get("note") or "")
    if note:
        return _noted(who, note)
    return _say(who, _("{creature} pays to hold its hover against the wind"),
                _("pays to hold its hover against the wind"))


def _save_failed(e: Mapping[str, Any], who: str, _me: str) -> str:
    values = {"rule": e.get("rule"), "move": e.get("move"), "consequence": e.get("consequence")}
    if e.get("consequence"):
        return _say(who, _("{creature} fails its {rule} save on {move}: {consequence}"),
                    _("fails its {rule} save on {move}: {consequence}"), **values)
    return _say(who, _("{creature} fails its {rule} save on {move}"),
                _("fails its {rule} save on {move}"), **values)


def _jump(e: Mapping[str, Any], who: str, _me: str) -> str:
    values = {"distance": _distance(e)}
    high = e.get("jump") == "high"
    if e.get("run_up"):
        if high:
            return _say(who, _("{creature} makes a high jump of {distance} with a run-up"),
                        _("it makes a high jump of {distance} with a run-up"), **values)
        return _say(who, _("{creature} makes a long jump of {distance} with a run-up"),
                    _("it makes a long jump of {distance} with a run-up"), **values)
    if high:
        return _say(who, _("{creature} makes a high jump of {distance} from standing"),
                    _("it makes a high jump of {distance} from standing"), **values)
    return _say(who, _("{creature} makes a long jump of {distance} from standing"),
                _("it makes a long jump of {distance} from standing"), **values)


def _check_failed(e: Mapping[str, Any], who: str, _me: str) -> str:
    check = str(e.get("check") or e.get("rule"))
    values = {"check": save_name(check) if _DC.match(check) else check, "move": e.get("move"),
              "consequence": e.get("consequence")}
    if e.get("consequence"):
        return _say(who, _("{creature} fails its {check} check on {move}: {consequence}"),
                    _("fails its {check} check on {move}: {consequence}"), **values)
    return _say(who, _("{creature} fails its {check} check on {move}"),
                _("fails its {check} check on {move}"), **values)


def _opportunity(e: Mapping[str, Any], _who: str, _me: str) -> str:
    by = e.get("by")
    if not e.get("creature"):
        return _("{by} gets an opportunity attack").format(by=by)
    return _("{by} gets an opportunity attack on {creature} as it leaves {by}'s reach "
             "(this spends {by}'s reaction)").format(by=by, creature=e["creature"])


def _condition(e: Mapping[str, Any], who: str, _me: str) -> str:
    because = e.get("because")
    if "gains" in e:
        condition = condition_word(str(e["gains"]))
        if because:
            return _say(who, _("{creature} is now {condition} ({because})"),
                        _("it is now {condition} ({because})"), condition=condition,
                        because=condition_word(str(because)))
        return _say(who, _("{creature} is now {condition}"), _("it is now {condition}"),
                    condition=condition)
    condition = condition_word(str(e.get("ends")))
    if because:
        return _say(who, _("{creature} is no longer {condition} ({because})"),
                    _("it is no longer {condition} ({because})"), condition=condition,
                    because=condition_word(str(because)))
    return _say(who, _("{creature} is no longer {condition}"), _("it is no longer {condition}"),
                condition=condition)


def _stand(e: Mapping[str, Any], who: str, _me: str) -> str:
    note = str(e.get("note") or "")
    if note:
        return _noted(who, note)
    return _say(who, _("{creature} stands up"), _("it stands up"))


def _renew(_e: Mapping[str, Any], who: str, _me: str) -> str:
    return _say(who, _("{creature}'s movement, action and object interaction renew for its next "
                       "turn"),
                _("its movement, action and object interaction renew for its next turn"))


def _tier_change(e: Mapping[str, Any], who: str, _me: str) -> str:
    change = change_word(str(e.get("change")))
    if e.get("from") is not None and e.get("to") is not None:
        return _say(who, _("{creature} changes tier ({change}): from tier {start} to tier {end}"),
                    _("it changes tier ({change}): from tier {start} to tier {end}"),
                    change=change, start=e["from"], end=e["to"])
    return _say(who, _("{creature} changes tier ({change})"), _("it changes tier ({change})"),
                change=change)


def change_word(change: str) -> str:
    """A change of tier (``take-off``, ``dive`` …) as a sentence says it."""
    words = {"take-off": pgettext("tier change", "take-off"),
             "climb": pgettext("tier change", "climb"),
             "descent": pgettext("tier change", "descent"),
             "landing": pgettext("tier change", "landing"),
             "dive": pgettext("tier change", "dive")}
    return words.get(change, change)


def _dive(e: Mapping[str, Any], who: str, _me: str) -> str:
    note = e.get("note")
    if note:
        return _say(who, _("{creature} dive-charges {target}: {note}"),
                    _("it dive-charges {target}: {note}"), target=e.get("target"), note=note)
    return _say(who, _("{creature} dive-charges {target}"), _("it dive-charges {target}"),
                target=e.get("target"))


def _landed(e: Mapping[str, Any], who: str, _me: str) -> str:
    note = e.get("note")
    if note:
        return _say(who, _("{creature} lands: {note}"), _("it lands: {note}"), note=note)
    return _say(who, _("{creature} lands"), _("it lands"))


def _walk(e: Mapping[str, Any], who: str, _me: str) -> str:
    if e.get("rule") == "V-walk":
        return _say(who, _("{creature} walks one hex"), _("walks one hex"))
    return _say(who, _("{creature} walks one hex after its violent landing"),
                _("walks one hex after its violent landing"))


def _inertia_spent(e: Mapping[str, Any], who: str, _me: str) -> str:
    mode = value_word("mode", e.get("mode"))
    return _say(who, _("{creature} took no horizontal step this round: it starts the next one "
                       "{mode}"),
                _("it took no horizontal step this round: it starts the next one {mode}"),
                mode=mode)


def _still_falling(e: Mapping[str, Any], who: str, _me: str) -> str:
    return _say(who, _("{creature} is still falling ({fallen} ft so far): it falls on at the "
                       "start of its next turn"),
                _("it is still falling ({fallen} ft so far): it falls on at the start of its "
                  "next turn"), fallen=e.get("fallen", 0))


def _held_aloft(e: Mapping[str, Any], who: str, _me: str) -> str:
    return _say(who, _("{creature} does not fall although {cause}: magic holds it aloft (a "
                       "flyer knocked prone or at speed 0 falls unless it can hover or magic "
                       "holds it up)"),
                _("it does not fall although {cause}: magic holds it aloft (a flyer knocked "
                  "prone or at speed 0 falls unless it can hover or magic holds it up)"),
                cause=e.get("cause"))


def _redirect(e: Mapping[str, Any], who: str, _me: str) -> str:
    return _say(who, _("{creature} redirects its assault: its target {gone} is gone (killed "
                       "outright or routed), so it charges {target}"),
                _("it redirects its assault: its target {gone} is gone (killed outright or "
                  "routed), so it charges {target}"), gone=e.get("gone"), target=e.get("target"))


def _pursuit(e: Mapping[str, Any], who: str, _me: str) -> str:
    if "bonuses" in str(e.get("note")):
        return _say(who, _("{creature} makes a pursuit move in the melee phase, without any "
                           "change of tier; the dive charge's bonuses are lost"),
                    _("it makes a pursuit move in the melee phase, without any change of tier; "
                      "the dive charge's bonuses are lost"))
    return _say(who, _("{creature} makes a pursuit move in the melee phase, without any change "
                       "of tier"),
                _("it makes a pursuit move in the melee phase, without any change of tier"))


def _formation(e: Mapping[str, Any], who: str, _me: str) -> str:
    values = {"start": value_word("formation", e.get("from")),
              "end": value_word("formation", e.get("to"))}
    return _say(who, _("{creature} takes off, so its formation opens ({start} to {end})"),
                _("takes off, so its formation opens ({start} to {end})"), **values)


def _left(e: Mapping[str, Any], who: str, _me: str) -> str:
    if e.get("message"):
        return str(e["message"])
    return _say(who, _("{creature} leaves the battlefield"), _("it leaves the battlefield"))


def _must_act(e: Mapping[str, Any], who: str, _me: str) -> str:
    return _say(who, _("{creature} must act: {reason}"), _("it must act: {reason}"),
                reason=e.get("message"))


#: Every event type any ruleset or the play engine makes, and how the table says it; ``who`` is
#: "bat " or "" (a move's own report), ``me`` the same or "it " (kept for callers; the sentences
#: are whole templates of the language, with the creature as ``{creature}``).
SAYINGS: dict[str, Said] = {
    "landing": lambda e, who, _me: _landing(e, who),
    "fall": lambda e, who, _me: _fall(e, who),
    "take-off-thrust": _take_off,
    "walk": _walk,
    "wind-pay": _wind_pay,
    "save-failed": _save_failed,
    "check-failed": _check_failed,
    "jump": _jump,
    "stand": _stand,
    "inertia-spent": _inertia_spent,
    "opportunity-attack": _opportunity,
    "condition": _condition,
    "speeds-renew": _renew,
    "still-falling": _still_falling,
    "still-prone": lambda _e, who, _me: _say(
        who, _("{creature} stays prone until it stands (half its speed)"),
        _("it stays prone until it stands (half its speed)")),
    "held-aloft": _held_aloft,
    "tier-change": _tier_change,
    "dive-charge": _dive,
    "landed": _landed,
    "tier-change-renews": lambda _e, who, _me: _say(
        who, _("{creature} may change tier once again next turn"),
        _("it may change tier once again next turn")),
    "redirect": _redirect,
    "pursuit": _pursuit,
    "formation": _formation,
    "left-battlefield": _left,
    "must-act": _must_act,
    "round-start": lambda e, _who, _me: _("round {round} begins").format(round=e.get("round")),
    "revealed": lambda _e, who, _me: _say(who, _("{creature} is revealed to every player"),
                                          _("it is revealed to every player")),
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
        text = _("Before moving: {event}").format(event=text)
    elif step is not None:
        text = _("Step {step}: {event}").format(step=step, event=text)
    elif not who:  # a creature's id starts the sentence as it is spelled
        text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def engagement_word(engagement: str) -> str:
    """``melee``, ``reach-only``, ``none`` (an engagement's JSON value) as a sentence says it."""
    words = {"melee": pgettext("engagement", "melee"),
             "reach-only": pgettext("engagement", "reach only"),
             "none": pgettext("engagement", "none")}
    return words.get(engagement, engagement)


def grouped(count: int) -> str:
    """``12,345`` (English), ``12.345`` (Italian), ``12 345`` (French, a narrow no-break
    space): a large whole number in a sentence, as CLDR groups its digits."""
    from .i18n import language

    text = f"{count:,}"
    lang = language()
    if lang == "it":
        return text.replace(",", ".")
    if lang == "fr":
        return text.replace(",", "\u202f")
    return text
