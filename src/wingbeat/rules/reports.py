"""One contract for every ruleset's move report: what ``check`` and ``path`` answer.

A move is a sequence of steps. Each step records the state it ends in (``state``: its place
``at`` and the ruleset's other fields), its checks and its events; a ruleset adds only its own
fields (a grid step's cost, a tabletop leg's length and heading). The report around the steps
writes the one JSON form (``to_dict``), the one text form (``to_text``) and the one ILLEGAL line;
a ruleset supplies only the parts that are its own (its totals, its closing lines).

Pictures and play read the recorded states (``MoveStep.state``, ``MoveReport.places``) instead of
reading the move notation again: the ruleset that judged a step is the one that says where it
ended.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import KW_ONLY, field
from typing import Any, Protocol, runtime_checkable

from .._records import dataclass
from ..errors import IllegalMoveError
from ..i18n import _
from ..model import Save
from ..narrate import check_text, event_text, field_word, value_word

__all__ = ["MoveReport", "MoveSaying", "MoveStep", "end_text", "field_cell", "illegal_line",
           "step_lines"]

#: How a text says one field of a state: ``(key, value) → words``.
FieldSaying = Any  # Callable[[str, Any], str] | None, kept loose for frozen dataclass fields


@dataclass(frozen=True)
class MoveStep:
    """One step of a move: its token (``move``), the state it ends in, its checks and events.

    ``state`` holds the fields of the state the step ends in, at least its place ``at`` (a cell
    label, or an ``(x, y)`` point on a table); it is for pictures and play, never in the JSON
    (the report's ``end`` is the last one). A ruleset's step adds its own fields and says them
    in ``own_fields`` (between ``move`` and ``total`` in the JSON) and ``words`` (the text).
    """

    move: str
    _: KW_ONLY
    state: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)
    checks: tuple[Save, ...] = ()
    events: tuple[dict[str, Any], ...] = ()

    @property
    def at(self) -> Any:
        """Where the step ends: a cell label, or an ``(x, y)`` point."""
        return self.state.get("at")

    @property
    def travels(self) -> bool:
        """Whether the step flies a straight line to the place it names (a picture draws it as
        an arrow), not a change in place (a level, a tier) nor a move toward a creature."""
        return True

    def own_fields(self) -> dict[str, Any]:
        """The ruleset's own fields of the step's JSON, after ``move``."""
        return {}

    def total_text(self) -> str:
        """The running total after the step, as the JSON says it."""
        raise NotImplementedError

    def words(self) -> str:
        """What the step did, for the text's numbered list (``12" at 90°``)."""
        return ""

    def total_words(self) -> str:
        """The running total after the step, for the text (with its unit)."""
        return self.total_text()

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"move": self.move, **self.own_fields(),
                                "total": self.total_text()}
        if self.checks:
            data["checks"] = [c.to_dict() for c in self.checks]
        if self.events:
            data["events"] = list(self.events)
        return data


def illegal_line(error: IllegalMoveError) -> str:
    """The first line of an illegal move's text, the same for every ruleset."""
    return _("ILLEGAL at step {step} ({move}): {message} [{rule}]").format(
        step=error.step, move=error.move, message=error.message, rule=error.rule)


def field_cell(key: str, value: Any) -> str:
    """A state's field as a table cell: ``-`` for none, ``yes``/``no`` for a flag (in the
    current language, as a mode's words)."""
    return value_word(key, value)


def end_text(end: Mapping[str, Any], field_text: FieldSaying = None) -> str:
    """``at U35, altitude 1, hovering``: where a move ends, as said at the table (a flag that
    is off and a heading that is none go unsaid; the mode is said bare)."""
    said = field_text or field_cell
    parts = []
    for key, value in end.items():
        if value is None or value is False:
            continue
        word = field_word(key)
        if value is True:
            parts.append(word)
        elif key == "mode":
            parts.append(said(key, value))
        else:
            # Translators: one field of where a move ends, e.g. "altitude 1"
            parts.append(_("{field} {value}").format(field=word, value=said(key, value)))
    return ", ".join(parts)


@runtime_checkable
class MoveSaying(Protocol):
    """What a page says of a move besides its JSON: where it ends and the closing lines (every
    ``MoveReport``, and a report that wraps one)."""

    def end_words(self) -> str: ...

    def said_lines(self) -> list[str]: ...


@dataclass(frozen=True, kw_only=True)
class MoveReport:
    """A declared move's verdict (``check``) or a found way (``path``), for any ruleset.

    The common fields and forms live here; a ruleset's report adds its own fields and fills the
    hooks: ``head_fields`` (JSON, after ``unit``), ``total_fields`` (after ``legal``),
    ``tail_fields`` (after ``events``), ``spent_words`` (the verdict line), ``step_text``
    (the steps in the text) and ``closing_lines`` (after the verdict line).
    """

    ruleset: str
    creature: str
    unit: str
    legal: bool
    end: dict[str, Any]
    steps: tuple[MoveStep, ...]
    error: IllegalMoveError | None = None
    #: events of the whole move rather than of one step (a tabletop's change of formation)
    move_events: tuple[dict[str, Any], ...] = ()
    #: where the move started (its place): the start of the first step, for pictures
    start: Any = field(default=None, compare=False, repr=False)
    #: where a refused step aimed (a cell label or a point), None when it names no place: it
    #: was not taken, so it has no state; the ruleset that refused it says where it pointed
    refused_at: Any = field(default=None, compare=False, repr=False)
    #: how the text says a state's field (dnd5e: ``altitude 2 (10 ft)``); plain when None
    field_text: FieldSaying = field(default=None, compare=False, repr=False)

    @property
    def checks(self) -> tuple[Save, ...]:
        return tuple(c for s in self.steps for c in s.checks)

    @property
    def events(self) -> tuple[dict[str, Any], ...]:
        return self.move_events + tuple(e for s in self.steps for e in s.events)

    @property
    def moves(self) -> str:
        return " ".join(s.move for s in self.steps)

    def places(self) -> list[tuple[Any, Any]]:
        """Each step's place before and after it, from the recorded states (the first from
        ``start``): what a picture draws, with no move notation read again."""
        out = []
        here = self.start
        for step in self.steps:
            there = step.at if step.at is not None else here
            out.append((here, there))
            here = there
        return out

    def end_words(self) -> str:
        """Where the move ends, as the verdict line says it."""
        return end_text(self.end, self.field_text)

    # -- the ruleset's parts ------------------------------------------------------------------

    def head_fields(self) -> dict[str, Any]:
        return {}

    def total_fields(self) -> dict[str, Any]:
        return {}

    def tail_fields(self) -> dict[str, Any]:
        return {}

    def spent_words(self) -> str:
        raise NotImplementedError

    def step_text(self) -> list[str]:
        """The steps in the text: a numbered line each (a grid draws a table instead)."""
        return [_("{number}. {move}: {words}, total {total}").format(
            number=i, move=s.move, words=s.words(), total=s.total_words())
            for i, s in enumerate(self.steps, 1)]

    def closing_lines(self) -> list[str]:
        """The text's lines after the verdict line."""
        return self.said_lines()

    def said_lines(self) -> list[str]:
        """The closing lines a page shows under the verdict: not the saves' and events' sentences
        (the page shows those in each step's row)."""
        return []

    # -- the one form -------------------------------------------------------------------------

    def error_dict(self) -> dict[str, Any] | None:
        if self.error is None:
            return None
        return {"step": self.error.step, "move": self.error.move, "rule": self.error.rule,
                "message": self.error.message}

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "ruleset": self.ruleset,
            "creature": self.creature,
            "unit": self.unit,
            **self.head_fields(),
            "legal": self.legal,
            **self.total_fields(),
            "end": self.end,
            "moves": self.moves,
            "steps": [s.to_dict() for s in self.steps],
            "checks": [c.to_dict() for c in self.checks],
            "events": list(self.events),
            **self.tail_fields(),
        }
        error = self.error_dict()
        if error is not None:
            data["error"] = error
        return data

    def to_text(self) -> str:
        lines = [] if self.error is None else [illegal_line(self.error)]
        lines.extend(self.step_text())
        if self.legal:
            lines.append(_("legal: {spent}; ends {end}").format(spent=self.spent_words(),
                                                                end=self.end_words()))
        else:
            lines.append(_("stops before the illegal step: {spent}; ends {end}").format(
                spent=self.spent_words(), end=self.end_words()))
        lines.extend(self.closing_lines())
        return "\n".join(lines)


def step_lines(steps: Iterable[MoveStep]) -> list[str]:
    """What happens along a move, step by step: each save (its chance to succeed, what failing
    does) and each event, as sentences."""
    lines: list[str] = []
    for i, s in enumerate(steps, 1):
        lines.extend(_("Step {step}: {check}").format(step=i, check=check_text(c))
                     for c in s.checks)
        lines.extend(event_text(e) for e in s.events)
    return lines
