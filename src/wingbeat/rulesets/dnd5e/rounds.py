"""Playing a ``dnd5e`` turn out: what a checked move, or a game master's word, leaves of a creature.

``grid_check`` over ``Dnd5eSpace`` judges a declared move and reports its events (opportunity
attacks, falls with their dice); it never rolls. A play engine needs three answers more, each
taken from the same space so that play and ``check`` never disagree:

- ``creature_after``: the creature where a checked move left it (place, prone or not);
- ``change_conditions``: what happens at once when the game master says a creature was knocked
  prone, or its speed dropped to 0 (grappled …): a flyer that cannot hover falls (D-fly), unless
  magic holds it aloft (``magic_flight``: a ``held-aloft`` event says so). The fall is the
  space's own start-of-turn fall, made now;
- ``whole_fall``: under XGtE ``fall_rate`` a long fall lasts several turns, and its damage is
  counted on the whole distance when the creature lands (``falling.fall``).

No dice here: the caller rolls the damage each fall event names. A round builds many spaces on
one map; ``space_for`` shares the map's ``Board`` between them (building one is the slow part).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction
from typing import Any

from ..._records import dataclass
from ...errors import NotationError, OptionError
from ...geometry.labels import split_label
from ...model import format_cost
from ._messages import _
from .board import shared_board
from .falling import fall
from .model import CONDITIONS, SPEED_ZERO, Dnd5eBattle, Dnd5eCreature, Dnd5eOptions, GridKind
from .space import Dnd5eSpace
from .words import condition_word, conditions_words

__all__ = [
    "ConditionChange",
    "change_conditions",
    "change_text",
    "condition_rule",
    "creature_after",
    "fall_cause",
    "parse_change",
    "space_for",
    "whole_fall",
]

_TOKEN = re.compile(r"^([+-]?)([a-z]+)$")


def space_for(battle: Dnd5eBattle, creature_id: str) -> Dnd5eSpace:
    """``Dnd5eSpace(battle, creature_id)`` (full notation), on the map's shared ``Board``."""
    board = shared_board(battle.map, battle.options.diagonals)
    return Dnd5eSpace(battle, creature_id, board=board)


def parse_change(text: str) -> tuple[tuple[str, bool], ...]:
    """``"prone"`` or ``"+prone -grappled"`` → ``(("prone", True), ("grappled", False))``.

    A bare or ``+`` condition is gained, a ``-`` one ends; tokens are separated by spaces or
    commas. Each condition may be named once.
    """
    tokens = [t for t in re.split(r"[\s,]+", text.strip().lower()) if t]
    if not tokens:
        raise NotationError(_("expected a condition change like prone, +grappled or -prone; "
                              "conditions: {conditions}").format(
            conditions=", ".join(sorted(CONDITIONS))))
    changes: list[tuple[str, bool]] = []
    for token in tokens:
        match = _TOKEN.match(token)
        if match is None or match.group(2) not in CONDITIONS:
            raise NotationError(_("expected a condition, +condition or -condition, got {token}; "
                                  "conditions: {conditions}").format(
                token=repr(token), conditions=", ".join(sorted(CONDITIONS))))
        name = match.group(2)
        if any(name == seen for seen, _on in changes):
            raise NotationError(_("{condition} is named twice in {text}: name each condition "
                                  "once").format(condition=name, text=repr(text)))
        changes.append((name, match.group(1) != "-"))
    return tuple(changes)


def change_text(changes: tuple[tuple[str, bool], ...]) -> str:
    """The canonical spelling of a change: ``+prone -grappled`` (``parse_change`` reads it back)."""
    return " ".join(("+" if on else "-") + name for name, on in changes)


def creature_after(creature: Dnd5eCreature, end: Mapping[str, Any],
                   grid: GridKind = GridKind.SQUARE) -> Dnd5eCreature:
    """The creature where a report's ``end`` (``Dnd5eSpace.describe``) stands: place and prone."""
    col, row = split_label(str(end["at"]), kind="hex" if grid is GridKind.HEX else "square")
    conditions = set(creature.conditions)
    if end["prone"]:
        conditions.add("prone")
    else:
        conditions.discard("prone")
    return replace(creature, at=(col, row), altitude=int(end["altitude"]),
                   conditions=frozenset(conditions))


def fall_cause(creature: Dnd5eCreature, *, dropped: bool = False,
               ledge: str | None = None) -> str:
    """Why a creature falls, in words for the log (D-fly); ``ledge`` names the space a step
    walked (or crawled) off a ledge into."""
    if ledge is not None:
        return _("stepped off a ledge into {label}").format(label=ledge)
    if dropped:
        return _("dropped prone in the air")
    if creature.speed_zero:
        held = conditions_words(creature.conditions & SPEED_ZERO)
        return _("speed 0 ({conditions})").format(conditions=held)
    return _("prone in the air")


@dataclass(frozen=True)
class ConditionChange:
    """What a condition change did at once.

    ``creature`` is the creature after the change and any fall it caused; ``end`` where the fall
    left it (``Dnd5eSpace.describe``: place, mode, prone, squeezing, falling), None when it did not
    move; ``events`` a ``condition`` event per change (``gains`` or ``ends`` a condition), then
    the ``fall`` event when the change made it fall (dice not rolled). ``falls_later`` says that,
    not falling now, it will fall at the start of its turn (a fall under way goes on).
    """

    creature: Dnd5eCreature
    end: dict[str, Any] | None
    events: tuple[dict[str, Any], ...]
    falls_later: bool = False

    @property
    def fall(self) -> dict[str, Any] | None:
        return next((e for e in self.events if e["type"] == "fall"), None)


def change_conditions(battle: Dnd5eBattle, creature_id: str,
                      changes: tuple[tuple[str, bool], ...]) -> ConditionChange:
    """Give or take conditions, and make the fall that causes at once (D-fly).

    A flyer in the air that cannot hover falls when it is knocked prone or its speed drops to 0:
    the space built with the new conditions makes that fall before its first step, and the change
    makes it now. One that magic holds aloft does not fall: the change says so (``held-aloft``,
    D-fly), once, when it would have fallen. A creature that would already have fallen at the
    start of its turn (a fall under way) does not fall again because of an unrelated change: its
    fall stays where it was. An unconscious creature falls prone too (SRD appendix A).
    """
    me = battle.creature(creature_id)
    conditions = set(me.conditions)
    events: list[dict[str, Any]] = []
    for name, on in changes:
        if on == (name in conditions):
            said = (_("{name} is already {condition}: nothing to change") if on
                    else _("{name} is not {condition}: nothing to change"))
            raise OptionError(said.format(name=me.display_name, condition=condition_word(name)))
        if on:
            conditions.add(name)
        else:
            conditions.discard(name)
        events.append({"type": "condition", "gains" if on else "ends": name,
                       "rule": condition_rule(name)})
    if ("unconscious", True) in changes and "prone" not in conditions:
        conditions.add("prone")
        events.append({"type": "condition", "gains": "prone", "rule": "D-prone",
                       "because": condition_word("unconscious")})
    changed = replace(me, conditions=frozenset(conditions))
    before = space_for(battle, creature_id)
    now = space_for(_with(battle, changed), creature_id)
    if ("prone", True) in changes:
        cause = held_cause = _("knocked prone")
    elif ("unconscious", True) in changes:
        cause, held_cause = _("unconscious: falls prone"), condition_word("unconscious")
    else:
        cause = held_cause = fall_cause(changed)
    if before.start_fall or not now.start_fall:  # no fall now: it stays where it was
        if _held(now) and not _held(before):  # magic holds it up, where it would fall (D-fly)
            events.append(now.held_event(held_cause))
        return ConditionChange(changed, None, tuple(events), bool(now.start_fall))
    end = now.describe(now.start)
    event = {k: v for k, v in now.start_fall.items() if k != "step"}
    events.append({**event, "cause": cause})
    return ConditionChange(creature_after(changed, end, battle.map.grid), end, tuple(events))


def _held(space: Dnd5eSpace) -> bool:
    """Magic holds the creature aloft where, knocked prone or at speed 0, it would fall."""
    return any(e["type"] == "held-aloft" for e in space.start_events)


def condition_rule(condition: str) -> str:
    """The rule a condition matters to here: prone (D-prone), speed 0 (D-fly), or the turn."""
    if condition == "prone":
        return "D-prone"
    return "D-fly" if condition in SPEED_ZERO else "D-turn"


def _with(battle: Dnd5eBattle, creature: Dnd5eCreature) -> Dnd5eBattle:
    return replace(battle, creatures=tuple(creature if c.id == creature.id else c
                                           for c in battle.creatures))


def whole_fall(event: Mapping[str, Any], fallen_before: int, creature: Dnd5eCreature,
               options: Dnd5eOptions) -> dict[str, Any]:
    """A fall event whose damage counts every foot of the fall (XGtE ``fall_rate``).

    ``fallen_before`` is how far the creature already fell on earlier turns without landing. When
    this leg lands, the damage is that of the whole distance (``flyer_fall`` subtracting the fly
    speed once); a leg that does not land, or a fall of one leg, is returned unchanged.
    """
    if fallen_before <= 0 or event.get("lands") is False:
        return dict(event)
    total = fallen_before + int(event["feet"])
    fly_speed = 0 if creature.speed_zero else creature.speed.fly
    landed = fall(total, fly_speed=fly_speed, flyer_fall=options.flyer_fall)
    data = {**event, "total_feet": total, "damage": landed.damage}
    if "metres" in event:
        data["total_metres"] = format_cost(Fraction(total * 3, 10))
    return data
