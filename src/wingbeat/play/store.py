"""Encounters kept in SQLite, so a fight can stop tonight and go on next week.

One database file holds every encounter: its scenario text, its seed, and its log, one row per
entry with the action, the rolls, the events and the state after it (JSON). Every action is one
``BEGIN IMMEDIATE`` transaction that reads the last state, applies the action and appends its
row, so two writers never interleave and a process killed at any moment leaves every confirmed
action in place. WAL mode lets readers (the web page) see a consistent state while a move is being
written. The state stored is always what ``engine.replay`` gives back from the scenario, the seed
and the actions: ``EncounterStore.replay`` proves it.

A database is a file on the user's disk, and files get damaged, hand-edited and made read-only:
every SQLite error and every row that no longer decodes becomes a ``StoreError`` naming the
database and what to do, and a store opened ``readonly`` can still be shown and replayed.
"""

from __future__ import annotations

import functools
import json
import os
import secrets
import sqlite3
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

from ..errors import OptionError, WingbeatError
from .engine import NEXT_ROUND, Action, EncounterState, Entry, Setup, apply, replay, start

__all__ = ["EncounterInfo", "EncounterStore", "ReplayCheck", "StoreError", "default_db_path"]

SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS encounters (
    id INTEGER PRIMARY KEY,
    name TEXT UNIQUE,
    ruleset TEXT NOT NULL,
    source TEXT NOT NULL,
    scenario TEXT NOT NULL,
    seed INTEGER NOT NULL,
    given_order TEXT,
    created TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS entries (
    encounter INTEGER NOT NULL REFERENCES encounters(id) ON DELETE CASCADE,
    number INTEGER NOT NULL CHECK (number >= 0),
    round INTEGER NOT NULL,
    action TEXT NOT NULL,
    rolls TEXT NOT NULL,
    events TEXT NOT NULL,
    played TEXT NOT NULL,
    state TEXT NOT NULL,
    created TEXT NOT NULL,
    PRIMARY KEY (encounter, number)
) WITHOUT ROWID;
"""


class StoreError(WingbeatError):
    """A database that cannot be used, or an encounter that is not in it."""


P = ParamSpec("P")
T = TypeVar("T")


def _explained(method: Callable[P, T]) -> Callable[P, T]:
    """``method`` with SQLite's errors said as a ``StoreError`` naming the database and what to
    do, instead of a traceback."""
    @functools.wraps(method)
    def run(*args: P.args, **kwargs: P.kwargs) -> T:
        try:
            return method(*args, **kwargs)
        except sqlite3.Error as exc:
            store = args[0]
            assert isinstance(store, EncounterStore)
            raise StoreError(_advice(store.path, exc)) from None
    return run


def _advice(path: Path, exc: sqlite3.Error) -> str:
    """What an SQLite error means for the user, and what to do about it, in one line."""
    text = " ".join(str(exc).split())
    if "readonly" in text or "read-only" in text:
        return (f"{path}: the encounter database is read-only ({text}), so nothing was "
                "changed; show, log and replay can still read it, and to play on make the file "
                "and its directory writable (or copy it and use --db)")
    if isinstance(exc, sqlite3.OperationalError) and ("locked" in text or "busy" in text):
        return (f"{path}: the encounter database is busy ({text}): another process is writing "
                "to it; try again")
    if (not isinstance(exc, sqlite3.OperationalError) or "no such" in text
            or "malformed" in text):
        return (f"{path}: not a usable encounter database ({text}): it is damaged, or not one "
                "at all; check the --db path, restore it from a backup, or start again in a new "
                "file with wingbeat play new SCENARIO --db NEW_FILE")
    return (f"{path}: cannot use the encounter database ({text}); check that the file and its "
            "directory can be read (and written, to play)")


def _damaged(path: Path, what: str, exc: BaseException) -> StoreError:
    """A row that no longer decodes (hand-edited JSON, a missing key): say which one."""
    detail = f"missing key {exc}" if isinstance(exc, KeyError) else " ".join(str(exc).split())
    return StoreError(f"{path}: {what} is damaged ({type(exc).__name__}: {detail}); restore the "
                      "database from a backup, or repair that row by hand")


def default_db_path() -> Path:
    """``$XDG_DATA_HOME/wingbeat/encounters.sqlite3``, else ``~/.local/share/wingbeat/…``."""
    base = os.environ.get("XDG_DATA_HOME") or ""
    root = Path(base) if base and Path(base).is_absolute() else Path.home() / ".local" / "share"
    return root / "wingbeat" / "encounters.sqlite3"


@dataclass(frozen=True)
class EncounterInfo:
    """An encounter's row: how to name it and what it was started from."""

    id: int
    name: str | None
    ruleset: str
    source: str
    seed: int
    given_order: tuple[str, ...] | None
    created: str

    @property
    def label(self) -> str:
        return f"{self.id}" + (f" ({self.name})" if self.name else "")

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "ruleset": self.ruleset, "source": self.source,
                "seed": self.seed, "given_order": None if self.given_order is None
                else list(self.given_order), "created": self.created}


@dataclass(frozen=True)
class ReplayCheck:
    """Whether replaying the log from scenario and seed gives back every stored entry."""

    encounter: EncounterInfo
    entries: int
    mismatch: int | None
    state: EncounterState

    @property
    def ok(self) -> bool:
        return self.mismatch is None

    def to_dict(self) -> dict[str, Any]:
        return {"encounter": self.encounter.to_dict(), "ok": self.ok, "entries": self.entries,
                "mismatch": self.mismatch, "state": self.state.to_dict()}

    def to_text(self) -> str:
        if self.ok:
            return (f"encounter {self.encounter.label}: replaying {self.entries} entries from the "
                    f"scenario and seed {self.encounter.seed} gives back every stored state "
                    "and roll")
        return (f"encounter {self.encounter.label}: entry #{self.mismatch} differs when the log "
                "is replayed")


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


class EncounterStore:
    """A database of encounters. Open it, play, close it (or use it as a context manager)."""

    def __init__(self, path: str | Path | None = None, *, timeout: float = 10.0,
                 create: bool = True, readonly: bool = False):
        """``create=False``: open only a database that exists, and make no file or directory.
        ``readonly``: open it only to read (show, log, replay), which works on a read-only file
        or directory too; implies ``create=False``."""
        self.path = Path(path) if path is not None else default_db_path()
        self.readonly = readonly
        create = create and not readonly
        if not create and not self.path.exists():
            raise StoreError(f"no encounter database at {self.path}: start one with "
                             "wingbeat play new SCENARIO")
        self._setups: dict[int, Setup] = {}
        self._timeout_ms = int(timeout * 1000)
        # A read-only directory has no room for the -wal and -shm files a reader makes: the
        # second way reads the file as it is, which nobody can be writing to then.
        modes = ["?mode=ro", "?mode=ro&immutable=1"] if readonly else ["?mode=rw"]
        for attempt, mode in enumerate(modes, 1):
            try:
                if create:
                    self.path.parent.mkdir(parents=True, exist_ok=True)
                where = self.path if create else self.path.absolute().as_uri() + mode
                self._db = sqlite3.connect(where, timeout=timeout, isolation_level=None,
                                           check_same_thread=False, uri=not create)
            except OSError as exc:
                raise StoreError(f"{self.path}: cannot open the encounter database: "
                                 f"{exc.strerror or exc}") from None
            except sqlite3.Error as exc:
                raise StoreError(_advice(self.path, exc)) from None
            try:
                self._prepare()
                return
            except sqlite3.Error as exc:
                self._db.close()
                if attempt == len(modes) or "unable to open" not in str(exc):
                    raise StoreError(_advice(self.path, exc)) from None
            except StoreError:
                self._db.close()
                raise

    def _prepare(self) -> None:
        db = self._db
        db.execute(f"PRAGMA busy_timeout = {self._timeout_ms}")
        if self.readonly:
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version != SCHEMA_VERSION:
                raise StoreError(f"{self.path}: not an encounter database of this wingbeat "
                                 f"(schema {version}, expected {SCHEMA_VERSION})")
            db.execute("SELECT 1 FROM encounters, entries LIMIT 1").fetchall()
            return
        mode = db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if str(mode).lower() != "wal":  # pragma: no cover - only on odd file systems
            raise StoreError(f"{self.path}: the database cannot use write-ahead logging")
        db.execute("PRAGMA synchronous = FULL")
        db.execute("PRAGMA foreign_keys = ON")
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise StoreError(f"{self.path}: written by a newer wingbeat (schema {version})")
        if version < SCHEMA_VERSION:
            with self._write():
                for statement in _SCHEMA.split(";"):
                    if statement.strip():
                        db.execute(statement)
                db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> EncounterStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- transactions ----------------------------------------------------------------------------
    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction: it takes the write lock first, so the state it reads is the one
        it appends to."""
        if self.readonly:
            raise StoreError(f"{self.path}: the encounter database was opened read-only, so "
                             "nothing was changed")
        try:
            self._db.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as exc:
            raise StoreError(_advice(self.path, exc)) from None
        try:
            yield self._db
        except BaseException:
            self._rollback()
            raise
        try:
            self._db.execute("COMMIT")
        except sqlite3.Error:
            self._rollback()
            raise

    def _rollback(self) -> None:
        """Undo the open transaction, if SQLite has not already (it does on some errors)."""
        if self._db.in_transaction:
            with suppress(sqlite3.Error):  # the error that led here says more
                self._db.execute("ROLLBACK")

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        """One read transaction: every select inside sees the same snapshot."""
        self._db.execute("BEGIN DEFERRED")
        try:
            yield self._db
        finally:
            if self._db.in_transaction:
                self._db.execute("COMMIT")

    # -- encounters ------------------------------------------------------------------------------
    @_explained
    def create(self, scenario_text: str, *, source: str, seed: int | None = None,
               order: Sequence[str] | None = None, name: str | None = None
               ) -> tuple[EncounterInfo, Entry]:
        """A new encounter from scenario text, and its set-up entry (#0) with the turn order."""
        if seed is None:
            seed = secrets.randbelow(2**31)
        if not 0 <= seed < 2**63:
            raise OptionError(f"expected a seed from 0 to 2**63 - 1, got {seed}")
        if name is not None and (not name.strip() or name.strip().isdigit()):
            raise OptionError(f"an encounter name needs a letter (numbers are ids), got {name!r}")
        setup = Setup(scenario_text, source, seed, None if order is None else tuple(order))
        entry = start(setup)
        with self._write() as db:
            if name is not None and db.execute("SELECT 1 FROM encounters WHERE name = ?",
                                               (name,)).fetchone():
                raise OptionError(f"there is already an encounter named {name!r}")
            cursor = db.execute(
                "INSERT INTO encounters (name, ruleset, source, scenario, seed, given_order, "
                "created) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (name, setup.scenario.ruleset, source, scenario_text, seed,
                 None if order is None else _dump(list(order)), _now()))
            encounter = cursor.lastrowid
            assert encounter is not None
            self._insert(db, encounter, entry)
        self._setups[encounter] = setup
        return self.find(encounter), entry

    @_explained
    def encounters(self) -> list[EncounterInfo]:
        rows = self._db.execute("SELECT id, name, ruleset, source, seed, given_order, created "
                                "FROM encounters ORDER BY id").fetchall()
        return [self._info(row) for row in rows]

    @_explained
    def find(self, ref: str | int) -> EncounterInfo:
        """An encounter by id (``3``) or by name."""
        text = str(ref).strip()
        query = "SELECT id, name, ruleset, source, seed, given_order, created FROM encounters"
        if text.isdigit():
            row = self._db.execute(query + " WHERE id = ?", (int(text),)).fetchone()
        else:
            row = self._db.execute(query + " WHERE name = ?", (text,)).fetchone()
        if row is None:
            known = ", ".join(i.label for i in self.encounters()) or "none yet"
            raise StoreError(f"no encounter {text!r} in {self.path} (encounters: {known})")
        return self._info(row)

    @_explained
    def setup(self, info: EncounterInfo) -> Setup:
        setup = self._setups.get(info.id)
        if setup is None:
            row = self._db.execute("SELECT scenario FROM encounters WHERE id = ?",
                                   (info.id,)).fetchone()
            if row is None or not isinstance(row[0], str):
                raise StoreError(f"{self.path}: encounter {info.label} has lost its scenario "
                                 "text; restore the database from a backup")
            setup = Setup(row[0], info.source, info.seed, info.given_order)
            self._setups[info.id] = setup
        return setup

    # -- reading ---------------------------------------------------------------------------------
    @_explained
    def current(self, ref: str | int) -> tuple[EncounterInfo, Entry]:
        """The encounter and its last entry (the state it stands in now)."""
        with self._read() as db:
            info = self.find(ref)
            row = db.execute("SELECT * FROM entries WHERE encounter = ? ORDER BY number DESC "
                             "LIMIT 1", (info.id,)).fetchone()
        return info, self._entry(info, row)

    @_explained
    def entries(self, ref: str | int) -> tuple[EncounterInfo, list[Entry]]:
        """The encounter and its whole log, set-up first."""
        with self._read() as db:
            info = self.find(ref)
            rows = db.execute("SELECT * FROM entries WHERE encounter = ? ORDER BY number",
                              (info.id,)).fetchall()
            if not rows:
                raise self._no_entries(info)
        return info, [self._entry(info, row) for row in rows]

    # -- playing ---------------------------------------------------------------------------------
    @_explained
    def play(self, ref: str | int, action: Action) -> Entry:
        """Apply one action in one transaction; a refused move changes nothing."""
        with self._write() as db:
            info = self.find(ref)
            row = db.execute("SELECT * FROM entries WHERE encounter = ? ORDER BY number DESC "
                             "LIMIT 1", (info.id,)).fetchone()
            entry = apply(self.setup(info), self._entry(info, row).state, action)
            self._insert(db, info.id, entry)
        return entry

    def move(self, ref: str | int, creature: str, moves: str,
             options: Mapping[str, Any] | None = None) -> Entry:
        """``creature`` declares ``moves``, under the ruleset's query ``options`` if any."""
        return self.play(ref, Action.declare(creature, moves, options))

    def next_round(self, ref: str | int) -> Entry:
        return self.play(ref, Action(NEXT_ROUND))

    @_explained
    def undo(self, ref: str | int) -> tuple[Entry, Entry]:
        """Remove the last action; returns (the removed entry, the entry now last)."""
        with self._write() as db:
            info = self.find(ref)
            rows = db.execute("SELECT * FROM entries WHERE encounter = ? ORDER BY number DESC "
                              "LIMIT 2", (info.id,)).fetchall()
            if not rows:
                raise self._no_entries(info)
            if len(rows) < 2:
                raise OptionError(f"encounter {info.label} has no action to undo: it has only "
                                  "been set up")
            db.execute("DELETE FROM entries WHERE encounter = ? AND number = ?",
                       (info.id, rows[0][1]))
        return self._entry(info, rows[0]), self._entry(info, rows[1])

    @_explained
    def replay(self, ref: str | int) -> ReplayCheck:
        """Replay the stored actions from scenario and seed, and compare every entry."""
        info, stored = self.entries(ref)
        fresh = replay(self.setup(info), [e.action for e in stored[1:]])
        mismatch = next((a.number for a, b in zip(stored, fresh, strict=True)
                         if _comparable(a) != _comparable(b)), None)
        return ReplayCheck(info, len(stored), mismatch, fresh[-1].state)

    def _info(self, row: Sequence[Any]) -> EncounterInfo:
        """An ``encounters`` row; a ``StoreError`` if it no longer decodes."""
        try:
            order = None if row[5] is None else tuple(_decoded(row[5], "given_order"))
            if not isinstance(row[0], int) or not isinstance(row[4], int):
                raise TypeError("its id and seed must be whole numbers")
            return EncounterInfo(id=row[0], name=row[1], ruleset=str(row[2]),
                                 source=str(row[3]), seed=row[4], given_order=order,
                                 created=str(row[6]))
        except (ValueError, KeyError, TypeError, AttributeError, IndexError) as exc:
            raise _damaged(self.path, f"encounter {row[0]!r}", exc) from None

    def _entry(self, info: EncounterInfo, row: Sequence[Any] | None) -> Entry:
        """An ``entries`` row; a ``StoreError`` naming the entry if it no longer decodes."""
        if row is None:
            raise self._no_entries(info)
        _encounter, number, round_, action, rolls, events, played, state, _created = row
        try:
            data = _decoded(state, "state")
            pieces = data["pieces"]
            if not all(isinstance(k, str) and isinstance(v, Mapping) for k, v in pieces.items()):
                raise TypeError("state: every piece is a mapping")
            return Entry(number=int(number), round=int(round_),
                         action=Action.from_dict(_decoded(action, "action")),
                         state=EncounterState.from_dict(data),
                         rolls=tuple(_decoded(rolls, "rolls")),
                         events=tuple(_decoded(events, "events")),
                         played=tuple(_decoded(played, "played")))
        except (ValueError, KeyError, TypeError, AttributeError, IndexError) as exc:
            raise _damaged(self.path, f"encounter {info.label}, entry #{number}", exc) from None

    def _no_entries(self, info: EncounterInfo) -> StoreError:
        return StoreError(f"{self.path}: encounter {info.label} has no entries left, not even "
                          "its set-up; restore the database from a backup")

    def _insert(self, db: sqlite3.Connection, encounter: int, entry: Entry) -> None:
        db.execute(
            "INSERT INTO entries (encounter, number, round, action, rolls, events, played, state, "
            "created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (encounter, entry.number, entry.round, _dump(entry.action.to_dict()),
             _dump(list(entry.rolls)), _dump(list(entry.events)), _dump(list(entry.played)),
             _dump(entry.state.to_dict()), _now()))


def _comparable(entry: Entry) -> str:
    return _dump(entry.to_dict())


def _decoded(text: Any, column: str) -> Any:
    if not isinstance(text, str):
        raise TypeError(f"{column} is {type(text).__name__}, not JSON text")
    try:
        return json.loads(text)
    except ValueError as exc:
        raise ValueError(f"{column}: {exc}") from None
