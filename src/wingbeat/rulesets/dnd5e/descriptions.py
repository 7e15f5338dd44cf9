"""A ``dnd5e`` turn in words: states described, move tokens read, refusals explained.

What the reports and the page say of a state (``describe``: where, at what altitude, how it
moves), how a typed token becomes a move (``parse_move``), why a step is refused with its rule id
(``explain``), and the facts and little text map above a reach. Nothing here decides what is
legal: the words follow ``steps`` (``steps.py``) and ``jumps.py``.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

from ...errors import NotationError
from ...geometry.hexgrid import Direction, Hex, hex_text_window
from ...geometry.labels import split_label
from ...geometry.squaregrid import Compass, Square, square_text_window
from ...model import format_amount, format_cost
from ...narrate import event_text
from ._messages import _
from .board import Move
from .codes import (
    ACTION,
    AIR,
    CLIMB,
    DASHED,
    DISENGAGED,
    FALLING,
    FLAG_MASK,
    FLY,
    JUMP_PREFIXES,
    KEYWORDS,
    LOW_BITS,
    MODES,
    PRONE,
    SWIM,
    UNDER,
    WALK,
)
from .compiled import CompiledSpace
from .model import NO_ACTION, SPEED_ZERO, GridKind
from .places import label_at
from .tables import Place, Way
from .words import conditions_words, mode_doing, speed_word, yes_no

__all__ = ["MODE_WORDS", "DescribedSpace", "altitude_words"]

#: A mode of movement as said at the table, in English (``words.mode_doing`` says it in the
#: current language).
MODE_WORDS = {"walk": "walking", "fly": "flying", "climb": "climbing", "swim": "swimming",
              "burrow": "burrowing"}


def altitude_words(level: int, unit: str) -> str:
    """An altitude level as a height (5 ft a level, D-grid): ``2 (10 ft)``, or ``2 (3 m)`` with
    ``units: m``."""
    height = Fraction(3, 2) * level if unit == "m" else Fraction(5) * level
    return f"{level} ({format_amount(height, unit)} {unit})"  # the same in every language


class DescribedSpace(CompiledSpace):
    """The words of a creature's turn, on top of its searches."""

    def mode_name(self, place: Place) -> str:
        if place.kind == UNDER:
            return "burrow"
        if place.kind == AIR:
            return "fly" if self.speed[FLY] or not place.climbable else "climb"
        if place.water:
            return "swim"
        # a flyer with no walking speed flies along the ground (D-fly)
        return "fly" if self.me.speed.fly and not self.me.speed.walk else "walk"

    def describe_all(self, codes: Iterable[int]) -> list[dict[str, Any]]:
        """``describe`` of many states (a reach's end states), each a new dict: the places read
        off the compiled table (``Native.facts``) where it is made, not built in Python."""
        native = self._native_table()
        codes = list(codes)
        if native is None:
            return [self.describe(code) for code in codes]
        shift = LOW_BITS + self.n_watchers
        facts = native.facts(array("q", [code >> shift for code in codes]))
        return [self.describe(code) if fact < 0 else self._described(code, fact)
                for code, fact in zip(codes, facts, strict=True)]

    def _described(self, code: int, fact: int) -> dict[str, Any]:
        """``describe`` from the compiled table's facts of the place (``Native.facts``)."""
        anchor, level = divmod((code >> LOW_BITS) >> self.n_watchers, self.levels)
        kind = fact & 3
        if kind == UNDER:
            mode = "burrow"
        elif kind == AIR:
            mode = "fly" if self.speed[FLY] or not fact & 16 else "climb"
        elif fact & 8:
            mode = "swim"
        else:
            mode = "fly" if self.me.speed.fly and not self.me.speed.walk else "walk"
        data: dict[str, Any] = {"at": self.board.labels[anchor],
                                "altitude": level + self.board.bottom, "mode": mode,
                                "prone": bool(code & PRONE), "squeezing": bool(fact & 4)}
        if code & FALLING:
            data["falling"] = True
        return data

    def label_of(self, code: int) -> str:
        """``describe(code)["at"]`` alone, off the code, no place made (a path asks it of every
        state it settles: ``grid_path``; the turn report of each step)."""
        return self.board.labels[((code >> LOW_BITS) >> self.n_watchers) // self.levels]

    def describe(self, code: int) -> dict[str, Any]:
        pos = (code >> LOW_BITS) >> self.n_watchers
        if pos not in self._places:  # not made in Python: the compiled table's facts
            native = self._native_table()
            if native is not None:
                fact = native.fact(pos)
                if fact >= 0:
                    return self._described(code, fact)
        flags = code & FLAG_MASK
        place = self._place_of(code)
        data: dict[str, Any] = {
            "at": self.board.labels[place.anchor],
            "altitude": place.z,
            "mode": self.mode_name(place),
            "prone": bool(flags & PRONE),
            "squeezing": place.squeezed,
        }
        if flags & FALLING:
            data["falling"] = True
        return data

    def aim(self, code: int, token: str) -> str | None:
        """The space a move token points the north-west space at from state ``code``, taken or
        not (``dash C9``, ``C5+up``, ``NE``, ``jump:E5``; a refused step has no state, so a
        picture draws it here); None for a step in place (``up``, ``stand``, ``action`` …)."""
        kind = "hex" if self.board.hex else "square"
        word = token.strip()
        if word.lower().startswith("dash "):
            word = word[5:].strip()
        head = word.split("+", 1)[0].split(":")[-1]  # a jump lands where it names (D-jump)
        names = Direction.__members__ if self.board.hex else Compass.__members__
        try:
            if head.upper() in names:
                col, row = split_label(self.board.labels[self._place_of(code).anchor], kind=kind)
                dc, dr = names[head.upper()].delta
                return label_at(col + dc, row + dr) if col + dc >= 1 and row + dr >= 1 else None
            return label_at(*split_label(head, kind=kind))
        except NotationError:
            return None

    # -- the notation ------------------------------------------------------------------------------
    def parse_move(self, token: str, code: int) -> str:
        word = token.strip().lower()
        if word in KEYWORDS:
            return word
        if word.startswith(JUMP_PREFIXES) or word in ("jump", "jump-up"):
            return self._parse_jump(word)
        head, plus, tail = word.partition("+")
        if plus and tail not in ("up", "down"):
            raise NotationError(_("expected a space and +up or +down (like C5+up), got {token}")
                                .format(token=repr(token)))
        suffix = f"+{tail}" if plus else ""
        place = self._place_of(code)
        col, row = self.board.coords[place.anchor]
        upper = head.upper()
        if self.board.hex and upper in Direction.__members__:
            dc, dr = Direction[upper].delta
            return label_at(col + dc, row + dr) + suffix
        if not self.board.hex and upper in Compass.__members__:
            dc, dr = Compass[upper].delta
            return label_at(col + dc, row + dr) + suffix
        try:
            c, r = split_label(head, kind="hex" if self.board.hex else "square")
        except NotationError as exc:
            dirs = "N NE SE S SW NW" if self.board.hex else "N NE E SE S SW W NW"
            raise NotationError(_(
                "{error}; a move is a space label (C5, or C5+up / C5+down to change altitude on "
                "the way), a direction ({directions}), a jump (jump:E5, jump-up:C5) or one of: "
                "{keywords}").format(error=exc, directions=dirs,
                                     keywords=", ".join(KEYWORDS))) from None
        return label_at(c, r) + suffix

    def _parse_jump(self, word: str) -> str:
        """``jump:e5`` → ``jump:E5``: a jump names the space its north-west space lands on."""
        kind, _colon, where = word.partition(":")
        usage = _("a jump names the space it lands on: jump:E5 (a long jump to E5) or "
                  "jump-up:C5 (a high jump onto C5)")
        if not where:
            raise NotationError(_("expected where {token} lands; {usage}").format(
                token=repr(word), usage=usage))
        try:
            c, r = split_label(where, kind="hex" if self.board.hex else "square")
        except NotationError as exc:
            raise NotationError(f"{exc}; {usage}") from None
        return f"{kind}:{label_at(c, r)}"

    # -- refusals ----------------------------------------------------------------------------------
    def explain(self, code: int, spent: int, move: str) -> tuple[str, str]:
        _pos, _provoked, _b, _c, flags = self.unpack(code)
        place = self._place_of(code)
        name = self.name
        if move in ("dash", "disengage", "action", "interact"):
            return self._explain_action(move, flags)
        if move == "stand":
            return self._explain_stand(place, flags, spent)
        if move == "prone":
            if flags & PRONE:
                return ("D-prone", _("{name} is already prone").format(name=name))
            if place.kind == UNDER:
                return ("D-prone", _("{name} cannot drop prone under the ground").format(
                    name=name))
            return ("D-prone", _("{name} cannot drop prone while swimming").format(name=name))
        if flags & FALLING:
            return ("D-fly", _("{name} is still falling: it cannot move again this turn")
                    .format(name=name))
        if self.me.speed_zero:
            held = conditions_words(self.me.conditions & SPEED_ZERO)
            return ("D-speed", _("{name}'s speed is 0 ({conditions}): it cannot move")
                    .format(name=name, conditions=held))
        if move.startswith(JUMP_PREFIXES):
            return self._explain_jump(code, spent, move)
        edge = next((m for m in self.board.moves_of(place.anchor) if m.name == move), None)
        if edge is None:
            return self._explain_far(place, move)
        dst, ways, why = self._ways(place, edge, bool(flags & PRONE), explain=True)
        if why is not None:
            return why
        assert dst is not None
        return self._explain_cost(code, spent, edge, dst, ways)

    def _explain_action(self, move: str, flags: int) -> tuple[str, str]:
        name = self.name
        if not self.can_act:
            conditions = conditions_words(self.me.conditions & NO_ACTION)
            return ("D-turn", _("{name} cannot take actions ({conditions})").format(
                name=name, conditions=conditions))
        if move == "interact":
            return ("D-interact", _("{name} has used its free object interaction and its "
                                    "action: another interaction must wait for its next turn")
                    .format(name=name))
        # Translators: {move} is the notation's word (dash, disengage, action)
        if flags & DASHED:
            return ("D-turn", _("{name} has already used its action this turn (Dash); "
                                "{move} needs the action").format(name=name, move=move))
        if flags & DISENGAGED:
            return ("D-turn", _("{name} has already used its action this turn "
                                "(Disengage); {move} needs the action").format(
                name=name, move=move))
        return ("D-turn", _("{name} has already used its action this turn (its action); "
                            "{move} needs the action").format(name=name, move=move))

    def _explain_stand(self, place: Place, flags: int, spent: int) -> tuple[str, str]:
        name = self.name
        if not flags & PRONE:
            return ("D-prone", _("{name} is not prone").format(name=name))
        if self.me.speed_zero:
            held = conditions_words(self.me.conditions & SPEED_ZERO)
            return ("D-prone", _("{name}'s speed is 0 ({conditions}): it cannot stand up")
                    .format(name=name, conditions=held))
        mode = self.stand_mode(place)
        if not self.speed[mode]:
            return ("D-prone", _("{name}'s {speed} is 0: it cannot stand up").format(
                speed=speed_word(MODES[mode]), name=name))
        cost = self.speed[mode] * self.scale // 2
        left = max(0, self.cap(mode, flags) - spent)
        # Translators: {speed} is "walking speed", "flying speed" …; {cost} and {left} are
        # lengths with their unit (15 ft, 4,5 m)
        return ("D-prone", _("standing up costs half of {name}'s {speed}, {cost}, but it has "
                             "only {left} of movement left").format(
            speed=speed_word(MODES[mode]), name=name, cost=self.amount(cost),
            left=self.amount(left)))

    def _explain_far(self, place: Place, move: str) -> tuple[str, str]:
        head = move.partition("+")[0]
        kind = "hex" if self.board.hex else "square"
        try:
            col, row = split_label(head, kind=kind)
        except NotationError:
            return ("D-grid", _("that step leads off the map"))
        hexes = self.board.hex
        if self.board.at(col, row) is None:
            if hexes:
                return ("D-grid", _("there is no hex {label} on the map").format(label=head))
            return ("D-grid", _("there is no square {label} on the map").format(label=head))
        here = self.board.labels[place.anchor]
        large = len(self.offsets) > 1
        if head.upper() == here:
            what = (_("{name}'s north-west space is already at {here}") if large
                    else _("{name}'s space is already at {here}")).format(name=self.name,
                                                                          here=here)
        else:
            what = _("{label} is not adjacent to {here}").format(label=head, here=here)
        if large:
            rule = (_("a step moves {name}'s north-west space into one of the six adjacent "
                      "hexes") if hexes else
                    _("a step moves {name}'s north-west space into one of the eight adjacent "
                      "squares"))
        else:
            rule = (_("a step moves {name}'s space into one of the six adjacent hexes") if hexes
                    else _("a step moves {name}'s space into one of the eight adjacent squares"))
        return ("D-grid", _("{problem}: {rule}").format(problem=what,
                                                          rule=rule.format(name=self.name)))

    def _explain_cost(self, code: int, spent: int, move: Move, dst: Place,
                      ways: tuple[Way, ...]) -> tuple[str, str]:
        flags = code & FLAG_MASK
        # the cheapest way, and of those the one whose speed has the most left
        cheapest = min(ways, key=lambda w: (self.step_cost(code, move, w),
                                            -self.cap(w.mode, flags)))
        cost = self.step_cost(code, move, cheapest)
        mode = self.paying(cheapest.mode)
        left = max(0, self.cap(mode, flags) - spent)
        why = []
        if cheapest.difficult:
            why.append(_("difficult terrain"))
        if flags & PRONE:
            why.append(_("crawling"))
        if dst.squeezed:
            why.append(_("squeezing"))
        if cheapest.mode == CLIMB and mode != CLIMB:
            why.append(_("climbing without a climb speed"))
        elif cheapest.mode == SWIM and mode != SWIM:
            why.append(_("swimming without a swim speed"))
        elif cheapest.mode != mode:
            why.append(_("{doing} without a {speed}").format(
                doing=mode_doing(MODES[cheapest.mode]), speed=speed_word(MODES[cheapest.mode])))
        cost_words = self.amount(cost)
        if why:
            cost_words = _("{cost} ({reasons})").format(cost=cost_words, reasons=", ".join(why))
        hint = ""
        if self.can_act and not flags & ACTION and spent + cost <= self.cap(mode, DASHED):
            hint = _("; Dash (its action) would add its speed")
        values = {"step": move.name, "cost": cost_words, "speed": speed_word(MODES[mode]),
                  "name": self.name, "left": self.amount(left), "moved": self.amount(spent),
                  "dash_hint": hint}
        if flags & DASHED:
            # Translators: {cost} is a length (15 ft, 4,5 m) perhaps with reasons in
            # parentheses; {speed} is "walking speed", "flying speed" …; {dash_hint} is empty
            return ("D-speed", _("the step to {step} costs {cost}, but with its {speed} and Dash "
                                 "{name} has only {left} left after moving {moved}{dash_hint}")
                    .format(**values))
        # Translators: {cost} is a length (15 ft, 4,5 m) perhaps with reasons in parentheses;
        # {speed} is "walking speed", "flying speed" …; {dash_hint} is empty or "; Dash (its
        # action) would add its speed"
        return ("D-speed", _("the step to {step} costs {cost}, but with its {speed} {name} has "
                             "only {left} left after moving {moved}{dash_hint}").format(**values))

    # -- the report's words and facts --------------------------------------------------------------
    def field_text(self, key: str, value: Any) -> str:
        """A state's field in the reports' text: an altitude with its height (``2 (10 ft)``), a
        mode as said at the table (``flying``)."""
        if key == "altitude" and isinstance(value, int):
            return altitude_words(value, self.unit)
        if key == "mode" and value in MODE_WORDS:
            return mode_doing(value)
        return "-" if value is None else (yes_no(value) if isinstance(value, bool)
                                          else str(value))

    def reach_note(self) -> tuple[str, str] | None:
        """Why reach shows so little, for its text: a fall before the first step (D-fly), a speed
        of 0 (D-speed)."""
        said = []
        rule = ""
        if self.start_events:
            event = {k: v for k, v in self.start_events[0].items() if k != "rule"}
            said.append(event_text({**event, "creature": self.me.id}).removesuffix("."))
            rule = "D-fly"
        if not any(self.speed):
            held = conditions_words(self.me.conditions & SPEED_ZERO)
            name = self.me.display_name
            if held:
                why = _("{name}'s speed is 0 ({conditions}): it cannot move this turn")
            else:
                why = _("{name}'s speed is 0: it cannot move this turn")
            said.append(why.format(name=name, conditions=held) + (" (D-speed)" if rule else ""))
            rule = rule or "D-speed"
        return (rule, "; ".join(said)) if said else None

    def info(self) -> dict[str, Any]:
        per_foot = Fraction(3, 10) if self.metric else Fraction(1)
        speeds = {MODES[i]: format_cost(self.speed[i] * per_foot) for i in range(5)
                  if self.speed[i] or i == WALK}
        data: dict[str, Any] = {
            "size": self.me.size.value,
            "speeds": speeds,
            "hover": self.hover,
            "magic_flight": self.me.magic_flight,
            "grid": self.battle.map.grid.value,
            "diagonals": self.rule.value,
            "units": self.unit,
        }
        if self.start_events:
            data["start_events"] = list(self.start_events)
        return data

    def text_map(self, costs: Mapping[str, Fraction]) -> str:
        shown = {label: format_amount(cost, self.unit) for label, cost in costs.items()}
        vmap = self.battle.map
        col, row = self.me.at
        here = label_at(col, row)
        if vmap.grid is GridKind.HEX:
            return hex_text_window(Hex(col, row), shown, vmap.columns, vmap.rows,
                                   mark={here: "@"})
        walls = frozenset(self.board.labels[i] for i, w in enumerate(self.board.wall) if w)
        return square_text_window(Square(col, row), shown, vmap.columns, vmap.rows,
                                  mark={here: "@"}, blocked=walls)
