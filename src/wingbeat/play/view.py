"""What the command line and the web page show of an encounter: JSON and text."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .._records import dataclass
from ..errors import WingbeatError
from ..i18n import _, pgettext
from ..model import Scenario
from ..narrate import event_text
from .engine import CONDITION, MOVE, EncounterState, Entry, OptionValue, Setup
from .store import EncounterInfo

if TYPE_CHECKING:
    from ..render.trail import Trail
    from .store import EncounterStore

__all__ = ["LastMove", "LogView", "Outcome", "Snapshot", "last_move", "outcome", "snapshot"]


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
        head = _("encounter {label}: {source} ({ruleset}), seed {seed}, round {round}").format(
            label=self.info.label, source=self.info.source, ruleset=self.info.ruleset,
            seed=self.info.seed, round=state.round)
        rows = []
        for creature in state.order:
            if creature in state.moved:
                turn = pgettext("turn", "moved")
            elif creature == state.next_up:
                turn = pgettext("turn", "next")
            else:
                turn = ""
            name = self.names.get(creature, creature)
            if creature in state.hidden:  # from the other sides' players (serve --share)
                name = _("{name} (hidden)").format(name=name)
            rows.append([creature, name, turn,
                         self.lines[creature], str(state.damage.get(creature, 0))])
        from ..rules.grid import text_table  # (play log need not import the grid machinery)

        lines = [head, text_table([pgettext("column", "creature"), pgettext("column", "name"),
                                   pgettext("column", "turn"), pgettext("column", "where"),
                                   pgettext("column", "damage")], rows)]
        lines.extend(event_text(item) for item in self.pending)
        if self.last is not None and self.last.number > 0:
            # text only (JSON: ``play log``): the last move, with the options it was played under
            lines.append(_("last action: {action}").format(
                action=self.last.to_text().splitlines()[0]))
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
            entry = _("undone: {entry}").format(entry=entry)
        return entry + "\n\n" + self.now.to_text()


def outcome(store: EncounterStore, ref: str, entry: Entry, undone: bool = False) -> Outcome:
    """What a command that made (or ``undone``) ``entry`` in encounter ``ref`` answers: the entry
    and the encounter as it stands now. The command line, the web page and ``play suggest``
    answer with it alike."""
    info, now = store.current(ref)
    return Outcome(entry, snapshot(info, store.setup(info), now.state), undone)


@dataclass(frozen=True)
class LogView:
    """An encounter's whole log: every action, roll and event, in order."""

    info: EncounterInfo
    entries: list[Entry]

    def to_dict(self) -> dict[str, Any]:
        return {"encounter": self.info.to_dict(), "entries": [e.to_dict() for e in self.entries]}

    def to_text(self) -> str:
        head = _("encounter {label}: {source}, seed {seed}").format(
            label=self.info.label, source=self.info.source, seed=self.info.seed)
        return "\n".join([head, *(e.to_text() for e in self.entries)])


@dataclass(frozen=True)
class LastMove:
    """The last move made this round, as the log keeps it: who, the moves as made (a failed
    save may have cut the declared ones short), the options it was played under, and the
    battlefield as it stood when the move began."""

    creature: str
    made: str
    options: tuple[tuple[str, OptionValue], ...]
    before: Scenario

    def trail(self) -> Trail | None:
        """Its trail for a picture: the move as made, checked from where the creature stood;
        None when it cannot be drawn as steps (``stand`` in volare), or nothing was made."""
        from .. import _api
        from ..render.trail import Trail

        if not self.made.strip():
            return None
        try:
            report = _api.check(self.before, self.creature, self.made, **dict(self.options))
        except WingbeatError:
            return None
        return Trail(self.creature, report, self.before)


def last_move(setup: Setup, entries: Sequence[Entry]) -> LastMove | None:
    """The round's last move that went somewhere: a creature that held, or the game master's
    word on a condition, does not hide the move before it; None when nobody has moved since
    the round began."""
    for index in range(len(entries) - 1, 0, -1):
        entry = entries[index]
        if entry.action.kind == CONDITION:
            continue
        if entry.action.kind != MOVE or not entry.played:
            return None
        played = entry.played[0]
        if not str(played.get("made") or "").strip():
            continue  # it held
        before = setup.adapter.scenario_now(setup.scenario, entries[index - 1].state.pieces)
        return LastMove(str(played["creature"]), str(played.get("made") or ""),
                        entry.action.options, before)
    return None
