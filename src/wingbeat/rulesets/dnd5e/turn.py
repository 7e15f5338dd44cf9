"""D-turn: what a checked move or a found path leaves of the creature's turn.

The generic ``GridMove`` says each step's cost; this adds the 5e ledger: movement spent by
speed and left of each, difficult terrain crossed, opportunity attacks and falls, whether it ends
in a legal space, and whether the action, bonus action and free object interaction are unused.
"""

from __future__ import annotations

from typing import Any

from ..._records import dataclass
from ...model import format_amount
from ...narrate import event_text
from ...rules.grid import GridMove
from ...search import StepTuple
from ._messages import _, pgettext
from .codes import ACTION, DASHED, DISENGAGED, INTERACT, MODES, PRONE
from .space import Dnd5eSpace
from .words import mode_name

__all__ = ["TurnReport", "turn_report", "use_word"]


@dataclass(frozen=True)
class TurnReport:
    """A ``GridMove`` with the turn's ledger (``turn``) and any fall before the first step."""

    move: GridMove
    turn: dict[str, Any]
    start_events: tuple[dict[str, Any], ...] = ()

    @property
    def legal(self) -> bool:
        return self.move.legal

    @property
    def events(self) -> tuple[dict[str, Any], ...]:
        return self.start_events + self.move.events

    def to_dict(self) -> dict[str, Any]:
        data = self.move.to_dict()
        data["events"] = list(self.events)
        data["turn"] = self.turn
        return data

    def end_words(self) -> str:
        return self.move.end_words()

    def said_lines(self) -> list[str]:
        return self.move.said_lines() + self._ledger()

    def to_text(self) -> str:
        lines = [event_text(e) for e in self.start_events]
        lines.append(self.move.to_text())
        return "\n".join(lines + self._ledger())

    def _ledger(self) -> list[str]:
        """The D-turn ledger in words: movement spent and left, the actions."""
        lines = []
        t = self.turn
        unit = self.move.unit
        spent = ", ".join(f"{mode_name(mode)} {format_amount(v, unit)}"
                          for mode, v in t["spent"].items()) or _("nothing")
        left = ", ".join(f"{mode_name(mode)} {format_amount(v, unit)}"
                         for mode, v in t["left"].items())
        lines.append(_("movement spent: {spent} ({total}); left: {left}").format(
            spent=spent, total=f"{format_amount(t['total'], unit)} {unit}", left=left))
        if t["difficult"]:
            # a step is named by where the creature's (north-west) space goes; for a creature
            # larger than one space the difficult square may be another one under it
            lines.append(_("steps slowed by difficult terrain (D-terrain): to {spaces}").format(
                spaces=", ".join(t["difficult"])))
        lines.append(_("action: {action}; bonus action: {bonus}; object interaction: "
                       "{interaction}").format(action=use_word(t["action"]),
                                               bonus=use_word(t["bonus_action"]),
                                               interaction=use_word(t["object_interaction"])))
        if t["squeezing"]:
            lines.append(_("squeezing: disadvantage on its attack rolls and Dexterity saves; "
                           "attacks against it have advantage (D-size)"))
        return lines


def use_word(value: str) -> str:
    """The ledger's machine word for the action (``dash``, ``unused`` …) as said at the table."""
    if value == "dash":
        return pgettext("the action used", "dash")
    if value == "disengage":
        return pgettext("the action used", "disengage")
    if value == "used":
        return _("used")
    if value == "unused":
        return _("unused")
    if value == "none (cannot act)":
        return _("none (cannot act)")
    return value


def _taken(report: GridMove) -> list[tuple[int, StepTuple]]:
    """The state before each step and the step taken, from the states the report recorded (the
    same codes in any space of this creature: a searched space only prunes which it visits)."""
    code, spent = report.start_code, 0
    out: list[tuple[int, StepTuple]] = []
    for record in report.steps:
        out.append((code, (record.move, record.code, record.ticks - spent, record.checks,
                           record.events)))
        code, spent = record.code, record.ticks
    return out


def turn_report(space: Dnd5eSpace, report: GridMove) -> TurnReport:
    """The D-turn ledger of a legal or stopped move, from the space that judged it."""
    spent_by: dict[str, int] = {}
    difficult: list[str] = []
    attacks: list[dict[str, Any]] = []
    falls: list[dict[str, Any]] = []
    end = space.start
    total = 0
    for index, (code, step) in enumerate(_taken(report), 1):
        move, target, cost = step[0], step[1], step[2]
        way = space.way_of(code, step, total)
        if way is not None:
            mode = MODES[space.paying(way.mode)]
            spent_by[mode] = spent_by.get(mode, 0) + cost
            if way.difficult:
                difficult.append(space.label_of(target))
        elif move.removeprefix("dash ") == "stand":
            mode = MODES[space.stand_mode(space.place_of(code))]
            spent_by[mode] = spent_by.get(mode, 0) + cost
        for event in step[4]:
            if event["type"] == "opportunity-attack":
                attacks.append({"by": event["by"], "step": index})
            elif event["type"] == "fall":
                falls.append({**event, "step": index})
        total += cost
        end = target
    flags = space.flags_of(end)
    left = {}
    for i, mode in enumerate(MODES):
        if space.speed[i] or i == 0:
            left[mode] = space.length(max(0, space.cap(i, flags) - total))
    if flags & DASHED:
        action = "dash"
    elif flags & DISENGAGED:
        action = "disengage"
    elif flags & ACTION:
        action = "used"
    else:
        action = "unused" if space.can_act else "none (cannot act)"
    turn = {
        "spent": {mode: space.length(t) for mode, t in spent_by.items()},
        "total": space.length(total),
        "left": left,
        "difficult": difficult,
        "opportunity_attacks": attacks,
        "falls": [e for e in (*space.start_events, *falls) if e["type"] == "fall"],
        "ends_legally": report.legal and space.end_problem(end) is None,
        "prone": bool(flags & PRONE),
        "squeezing": bool(space.describe(end)["squeezing"]),
        "action": action,
        "bonus_action": "unused" if space.can_act else "none (cannot act)",
        "object_interaction": "used" if flags & INTERACT else "unused",
    }
    return TurnReport(report, turn, space.start_events)
