"""What the player of one side may see of an encounter: the one filter every play answer to a
player goes through (``web/playjobs.py``), so that no answer can forget it.

A creature the scenario marks ``hidden: true`` stays hidden until the game master reveals it
(``play reveal``). To the players of the other sides it does not exist: its id, name, place,
reach and threat appear in nothing they receive. Its own log entries are left out, its piece is
taken off every state, the battlefield a player's question is asked of has no such creature
(``seen_scenario``), and any sentence left that names it (an event, a refusal) says "something
you cannot see" instead of its id, its name or its cell. Its own side's players see it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from .._records import dataclass
from ..errors import WingbeatError
from ..i18n import N_, _
from ..model import Scenario
from .engine import EncounterState, Entry

if TYPE_CHECKING:
    from .view import LastMove, Snapshot

__all__ = ["UNSEEN", "Forbidden", "Sight", "seen_entries", "seen_entry", "seen_last_move",
           "seen_scenario", "seen_snapshot", "seen_state", "sight"]

#: What a sentence says instead of a hidden creature's id, name or place.
UNSEEN = N_("something you cannot see")


class Forbidden(WingbeatError):
    """A seat asked for what is not its to ask or do (403)."""

    http_status = 403


@dataclass(frozen=True)
class Sight:
    """What one side's player cannot see: the creatures (``unseen`` ids) and the words that
    would name them in a sentence (ids, names, cells)."""

    side: str | None
    unseen: frozenset[str] = frozenset()
    words: tuple[str, ...] = ()
    places: tuple[str, ...] = ()
    sides: Mapping[str, str | None] | None = None

    @property
    def blind(self) -> bool:
        """Whether anything is hidden from this seat at all."""
        return bool(self.unseen)

    def side_of(self, creature: str) -> str | None:
        return (self.sides or {}).get(creature)

    def own(self, creature: str) -> bool:
        """Whether ``creature`` is of this seat's side (the game master's: every creature)."""
        return self.side is None or (creature in (self.sides or {})
                                     and self.side_of(creature) == self.side)

    def scrub(self, data: Any) -> Any:
        """``data`` (JSON-ready) with every trace of an unseen creature gone: keys and list
        items that are its id dropped, an item about it (``"creature": id``) dropped, and each
        sentence naming it or its cell saying ``UNSEEN`` instead. A value that is only a cell
        label is left as it is: it is a seen creature's place (a flyer over the same cell)."""
        if not self.unseen:
            return data
        return _scrub(data, self.unseen, _words(self.words), _words(self.places))


def sight(scenario: Scenario, state: EncounterState, side: str | None) -> Sight:
    """What the player of ``side`` (None: the game master, who sees all) cannot see of the
    encounter standing at ``state``."""
    creatures = list(scenario.battle.creatures)
    sides = {c.id: c.side for c in creatures}
    if side is None:
        return Sight(None, sides=sides)
    unseen = frozenset(c for c in state.hidden if sides.get(c) != side)
    words: list[str] = []
    places: list[str] = []
    for c in creatures:
        if c.id in unseen:
            words.extend(w for w in (c.id, c.display_name) if w)
            at = state.pieces.get(c.id, {}).get("at")
            if isinstance(at, str) and at:
                places.append(at)
    return Sight(side, unseen, tuple(dict.fromkeys(words)), tuple(dict.fromkeys(places)),
                 sides)


def seen_state(state: EncounterState, seen: Sight) -> EncounterState:
    """``state`` without the unseen creatures (the next to move, if unseen, is nobody)."""
    if not seen.unseen:
        return state
    gone = seen.unseen
    return replace(state, order=tuple(c for c in state.order if c not in gone),
                   moved=tuple(c for c in state.moved if c not in gone),
                   pieces={c: p for c, p in state.pieces.items() if c not in gone},
                   damage={c: d for c, d in state.damage.items() if c not in gone},
                   hidden=tuple(c for c in state.hidden if c not in gone))


def _about(item: Any, gone: frozenset[str]) -> bool:
    return isinstance(item, Mapping) and item.get("creature") in gone


def seen_entry(entry: Entry, seen: Sight) -> Entry:
    """``entry`` as the player sees it: its state filtered, the rolls, events and moves of
    unseen creatures left out."""
    if not seen.unseen:
        return entry
    gone = seen.unseen
    return replace(entry, state=seen_state(entry.state, seen),
                   rolls=tuple(r for r in entry.rolls if not _about(r, gone)),
                   events=tuple(e for e in entry.events if not _about(e, gone)),
                   played=tuple(p for p in entry.played if not _about(p, gone)))


def seen_entries(entries: Iterable[Entry], seen: Sight) -> list[Entry]:
    """The log as the player sees it: an unseen creature's own entries left out."""
    return [seen_entry(e, seen) for e in entries
            if e.action.creature is None or e.action.creature not in seen.unseen]


def seen_snapshot(snapshot: Snapshot, seen: Sight) -> Snapshot:
    """Where the encounter stands, as the player sees it."""
    if not seen.unseen:
        return snapshot
    gone = seen.unseen
    board = {key: ({c: v for c, v in value.items() if c not in gone}
                   if isinstance(value, Mapping) else value)
             for key, value in snapshot.board.items()}
    return replace(snapshot, state=seen_state(snapshot.state, seen),
                   lines={c: v for c, v in snapshot.lines.items() if c not in gone},
                   names={c: v for c, v in snapshot.names.items() if c not in gone},
                   pending=[p for p in snapshot.pending if not _about(p, gone)], board=board,
                   last=None if snapshot.last is None else seen_entry(snapshot.last, seen))


def seen_scenario(scenario: Scenario, seen: Sight) -> Scenario:
    """The battlefield without the unseen creatures: what a player's question is asked of."""
    if not seen.unseen:
        return scenario
    battle: Any = scenario.battle
    kept = tuple(c for c in battle.creatures if c.id not in seen.unseen)
    return replace(scenario, battle=battle.with_creatures(kept))


def seen_last_move(last: LastMove | None, seen: Sight) -> LastMove | None:
    """The round's last move as the player's map draws it: none when an unseen creature made
    it, else over a battlefield without the unseen."""
    if last is None or not seen.unseen:
        return last
    if last.creature in seen.unseen:
        return None
    return replace(last, before=seen_scenario(last.before, seen))


def _words(words: Iterable[str]) -> re.Pattern[str] | None:
    """One pattern for every word that names an unseen creature, longest first, each a whole
    word (``K7`` is not found in ``K70``)."""
    found = sorted({w for w in words if w}, key=len, reverse=True)
    if not found:
        return None
    return re.compile(r"(?<![\w-])(?:" + "|".join(re.escape(w) for w in found) + r")(?![\w-])")


def _scrub(data: Any, gone: frozenset[str], names: re.Pattern[str] | None,
           places: re.Pattern[str] | None) -> Any:
    if isinstance(data, Mapping):
        return {key: _scrub(value, gone, names, places) for key, value in data.items()
                if key not in gone}
    if isinstance(data, list | tuple):
        return [_scrub(item, gone, names, places) for item in data
                if not _about(item, gone) and not (isinstance(item, str) and item in gone)]
    if isinstance(data, str):
        unseen = _(UNSEEN)  # said in the reader's language, as every sentence it stands in
        if data in gone:
            return unseen
        if names is not None:
            data = names.sub(lambda _m: unseen, data)
        if places is not None and any(ch.isspace() for ch in data):  # a sentence
            data = places.sub(lambda _m: unseen, data)
        return data
    return data
