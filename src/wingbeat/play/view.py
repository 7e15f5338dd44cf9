"""What the command line and the web page show of an encounter: JSON and text."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..narrate import event_text
from ..rules.grid import text_table
from .engine import EncounterState, Entry, Setup
from .store import EncounterInfo

__all__ = ["LogView", "Outcome", "Snapshot", "snapshot"]


@dataclass(frozen=True)
class Snapshot:
    """An encounter as it stands: round, turn order, every piece, and who must still act."""

    info: EncounterInfo
    state: EncounterState
    lines: dict[str, str]
    names: dict[str, str]
    pending: list[dict[str, Any]]
    board: dict[str, Any]
    last: Entry | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"encounter": self.info.to_dict(), "state": self.state.to_dict(),
                "pending": self.pending, "describe": self.lines, "board": self.board}

    def to_text(self) -> str:
        state = self.state
        head = (f"encounter {self.info.label}: {self.info.source} ({self.info.ruleset}), "
                f"seed {self.info.seed}, round {state.round}")
        rows = []
        for creature in state.order:
            if creature in state.moved:
                turn = "moved"
            elif creature == state.next_up:
                turn = "next"
            else:
                turn = ""
            rows.append([creature, self.names.get(creature, creature), turn,
                         self.lines[creature], str(state.damage.get(creature, 0))])
        lines = [head, text_table(["creature", "name", "turn", "where", "damage"], rows)]
        lines.extend(event_text(item) for item in self.pending)
        if self.last is not None and self.last.number > 0:
            # text only (JSON: ``play log``): the last move, with the options it was played under
            lines.append("last action: " + self.last.to_text().splitlines()[0])
        return "\n\n".join(lines)


def snapshot(info: EncounterInfo, setup: Setup, state: EncounterState,
             last: Entry | None = None) -> Snapshot:
    """The encounter as it stands; ``last``, the entry that made it, for ``show``'s text."""
    adapter = setup.adapter
    scenario = setup.scenario
    board = adapter.board(scenario)
    pending = []
    for creature in state.order:
        if creature in state.moved:
            continue
        need = adapter.pending(scenario, state.pieces, creature)
        if need is not None:
            pending.append(need)
    return Snapshot(info, state, {c: adapter.describe(state.pieces[c]) for c in state.order},
                    dict(board.get("names", {})), pending, board, last)


@dataclass(frozen=True)
class Outcome:
    """What one command did (an entry made or undone) and where the encounter stands after."""

    entry: Entry
    now: Snapshot
    undone: bool = False

    def to_dict(self) -> dict[str, Any]:
        key = "undone" if self.undone else "entry"
        return {key: self.entry.to_dict(), **self.now.to_dict()}

    def to_text(self) -> str:
        entry = self.entry.to_text()
        if self.undone:
            entry = "undone: " + entry
        return entry + "\n\n" + self.now.to_text()


@dataclass(frozen=True)
class LogView:
    """An encounter's whole log: every action, roll and event, in order."""

    info: EncounterInfo
    entries: list[Entry]

    def to_dict(self) -> dict[str, Any]:
        return {"encounter": self.info.to_dict(), "entries": [e.to_dict() for e in self.entries]}

    def to_text(self) -> str:
        head = f"encounter {self.info.label}: {self.info.source}, seed {self.info.seed}"
        return "\n".join([head, *(e.to_text() for e in self.entries)])
