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

Nothing damaged is used silently. Each entry carries a checksum chained to the one before it (the
first to the encounter's own record), and the encounter keeps the checksum of its last entry
(``head``): an entry changed, deleted (the last one too) or reordered is found on every read
(``current``, ``entries``, ``play``, ``undo``) as a ``DamagedLogError`` naming the entry, and
``replay`` reports it. Every command checks the schema version alike; version 1 (before the
checksums) is still read, and sealed once, in one transaction, by the first store opened to write.
A state is JSON: its nesting is bounded before it is parsed.
"""

from __future__ import annotations

import functools
import json
import os
import re
import sqlite3
import stat
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from datetime import UTC, datetime
from itertools import accumulate
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

from .._records import dataclass
from ..errors import OptionError, WingbeatError
from ..i18n import N_, _, language, ngettext
from ..narrate import grouped

try:  # hashlib's own BLAKE2, without OpenSSL's start-up (2-3 ms of a short command)
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - another Python
    from hashlib import blake2b

from .engine import (
    NEXT_ROUND,
    Action,
    EncounterState,
    Entry,
    Setup,
    apply,
    replay,
    said,
    said_log,
    start,
)

__all__ = ["MAX_JSON_DEPTH", "MAX_LOG_CHARS", "MAX_LOG_ENTRIES", "MAX_REF_CHARS",
           "BoardChangedError", "DamagedLogError", "EncounterInfo", "EncounterStore",
           "ReplayCheck", "StoreError", "default_db_path"]

#: 2: every entry's checksum, chained, and each encounter's last one (``head``).
SCHEMA_VERSION = 2
#: Older schemas still read, and brought up to ``SCHEMA_VERSION`` by the first write.
_OLDER_SCHEMAS = (1,)
#: How deep a stored JSON value may nest: a state is 4 deep; 5,000 deep overflowed the parser.
MAX_JSON_DEPTH = 64
#: The longest log read: entries, and characters of JSON in them (a long fight has a few hundred
#: entries of a few kilobytes); counted by SQLite before any row is read into Python.
MAX_LOG_ENTRIES = 100_000
MAX_LOG_CHARS = 200_000_000
#: The longest encounter reference (an id or a name) looked up, and the longest name given.
MAX_REF_CHARS = 200
#: An entry's columns in the order its checksum covers them, the checksum last.
_ENTRY_COLUMNS = "number, round, action, rolls, events, played, state, created"
_ENCOUNTER_COLUMNS = "id, name, ruleset, source, scenario, seed, given_order, created"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS encounters (
    id INTEGER PRIMARY KEY,
    name TEXT UNIQUE,
    ruleset TEXT NOT NULL,
    source TEXT NOT NULL,
    scenario TEXT NOT NULL,
    seed INTEGER NOT NULL,
    given_order TEXT,
    created TEXT NOT NULL,
    head TEXT
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
    checksum TEXT,
    PRIMARY KEY (encounter, number)
) WITHOUT ROWID;
"""


class StoreError(WingbeatError):
    """A database that cannot be used, or an encounter that is not in it."""


class DamagedLogError(StoreError):
    """An encounter's log that is not what was written: an entry changed, missing or out of
    place (``entry`` is the first one found), or one that replays to another state."""

    def __init__(self, path: Path, info: EncounterInfo, entry: int, what: str, *,
                 replayed: bool = False):
        self.encounter = info.id
        self.entry = entry
        values = {"path": path, "label": info.label, "entry": entry, "what": what,
                  "id": info.id}
        if replayed:
            said = _("{path}: encounter {label}'s log is damaged at entry #{entry}: {what}; a "
                     "backup of the database restores it").format(**values)
        else:
            said = _("{path}: encounter {label}'s log is damaged at entry #{entry}: {what}; "
                     "wingbeat play replay {id} shows where, and a backup of the database "
                     "restores it").format(**values)
        super().__init__(said)

    def to_dict(self) -> dict[str, Any]:
        return {"error": {"message": str(self), "encounter": self.encounter,
                          "entry": self.entry}}


class BoardChangedError(WingbeatError):
    """A move declared on a board that has changed since the player looked (``after``): another
    action came first, so this one is refused rather than applied to a state nobody saw."""

    http_status = 409
    exit_code = 1

    def __init__(self, info: EncounterInfo, seen: str, now: str):
        self.encounter = info.id
        self.seen = seen
        self.now = now
        super().__init__(_("the board changed: look again (another action came first in "
                           "encounter {label})").format(label=info.label))

    def to_dict(self) -> dict[str, Any]:
        return {"legal": False, "error": {"message": str(self), "rule": "board-changed",
                                          "version": self.now}}


P = ParamSpec("P")
T = TypeVar("T")


def _explained(method: Callable[P, T]) -> Callable[P, T]:
    """``method`` with SQLite's errors said as a ``StoreError`` naming the database and what to
    do, instead of a traceback."""
    @functools.wraps(method)
    def run(*args: P.args, **kwargs: P.kwargs) -> T:
        try:
            return method(*args, **kwargs)
        except _SQLITE_ERRORS as exc:
            store = args[0]
            assert isinstance(store, EncounterStore)
            raise StoreError(_advice(store.path, exc)) from None
    return run


#: SQLite's errors, and its message that is not UTF-8 (a damaged schema quoted back) which the
#: ``sqlite3`` module fails to decode.
_SQLITE_ERRORS = (sqlite3.Error, UnicodeDecodeError)


def _advice(path: Path, exc: sqlite3.Error | UnicodeDecodeError) -> str:
    """What an SQLite error means for the user, and what to do about it, in one line."""
    if isinstance(exc, UnicodeDecodeError):
        said = bytes(exc.object).decode("utf-8", "replace")
        text = " ".join(said.split())
        return _("{path}: not a usable encounter database ({text}): it is damaged; restore it "
                 "from a backup, or start again in a new file with wingbeat play new SCENARIO "
                 "--db NEW_FILE").format(path=path, text=text)
    text = " ".join(str(exc).split())
    if ("readonly" in text or "read-only" in text) and _header_says_read_only(path):
        return _("{path}: not a usable encounter database ({text}): its header is damaged (it "
                 "says the file is of a newer SQLite, to be read only), though the file may be "
                 "writable; restore it from a backup, or copy what show and log still "
                 "read").format(path=path, text=text)
    if "readonly" in text or "read-only" in text:
        return _("{path}: the encounter database is read-only ({text}), so nothing was "
                 "changed; show, log and replay can still read it, and to play on make the file "
                 "and its directory writable (or copy it and use --db)").format(path=path,
                                                                                text=text)
    if isinstance(exc, sqlite3.OperationalError) and ("locked" in text or "busy" in text):
        return _("{path}: the encounter database is busy ({text}): another process is writing "
                 "to it; try again").format(path=path, text=text)
    if (not isinstance(exc, sqlite3.OperationalError) or "no such" in text
            or "malformed" in text or "unsupported file format" in text
            or "could not decode" in text.lower()):
        return _("{path}: not a usable encounter database ({text}): it is damaged, or not one "
                 "at all; check the --db path, restore it from a backup, or start again in a new "
                 "file with wingbeat play new SCENARIO --db NEW_FILE").format(path=path,
                                                                               text=text)
    return _("{path}: cannot use the encounter database ({text}); check that the file and its "
             "directory can be read (and written, to play)").format(path=path, text=text)


def _header_says_read_only(path: Path) -> bool:
    """Whether the file's SQLite header asks for it to be only read (its write version, byte 18,
    above 2): a damaged header, which SQLite reports as a read-only database."""
    try:
        with path.open("rb") as stream:
            header = stream.read(20)
    except OSError:
        return False
    return header.startswith(b"SQLite format 3\0") and len(header) == 20 and header[18] > 2


def _damaged(path: Path, what: str, exc: BaseException) -> StoreError:
    """A row that no longer decodes (hand-edited JSON, a missing key): say which one."""
    detail = _("missing key {key}").format(key=exc) if isinstance(exc, KeyError) \
        else " ".join(str(exc).split())
    return StoreError(_("{path}: {what} is damaged ({error}: {detail}); restore the database "
                        "from a backup, or repair that row by hand").format(
        path=path, what=what, error=type(exc).__name__, detail=detail))


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
    #: What is wrong at entry ``mismatch``: another state or roll when replayed, or an entry
    #: missing, or not what was written (its checksum).
    problem: str | None = None

    @property
    def ok(self) -> bool:
        return self.mismatch is None

    def to_dict(self) -> dict[str, Any]:
        # ``problem`` is not in the JSON contract (docs/json.md) yet: the command line says it
        # in its error (``error``), the web's answer only where (``mismatch``).
        return {"encounter": self.encounter.to_dict(), "ok": self.ok, "entries": self.entries,
                "mismatch": self.mismatch, "state": self.state.to_dict()}

    def to_text(self) -> str:
        if self.ok:
            return ngettext("encounter {label}: replaying {count} entry from the scenario and "
                            "seed {seed} gives back every stored state and roll",
                            "encounter {label}: replaying {count} entries from the scenario and "
                            "seed {seed} gives back every stored state and roll",
                            self.entries).format(label=self.encounter.label, count=self.entries,
                                                 seed=self.encounter.seed)
        return _("encounter {label}: entry #{entry} differs when the log is replayed "
                 "({problem})").format(label=self.encounter.label, entry=self.mismatch,
                                       problem=self.problem or _(_REPLAYED_OTHERWISE))

    def error(self, path: Path) -> DamagedLogError | None:
        """The damage found, as the error a command ends with; None when the log is whole."""
        if self.mismatch is None:
            return None
        return DamagedLogError(path, self.encounter, self.mismatch,
                               self.problem or _(_REPLAYED_OTHERWISE), replayed=True)


_REPLAYED_OTHERWISE = N_("replaying the actions from the scenario and seed gives another state or "
                         "roll")


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
        self._refuse_odd_files()
        if not create and not self.path.exists():
            raise StoreError(_("no encounter database at {path}: start one with wingbeat play "
                               "new SCENARIO").format(path=self.path))
        self._setups: dict[int, Setup] = {}
        #: The version (``_version``) of the log the last read or write of this store stood on:
        #: what the web page says it shows, and sends back as ``after`` with a move.
        self.last_version: str | None = None
        self._sealed = False  # whether its entries carry checksums (schema 2)
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
                raise StoreError(_("{path}: cannot open the encounter database: {reason}").format(
                    path=self.path, reason=exc.strerror or exc)) from None
            except _SQLITE_ERRORS as exc:
                raise StoreError(_advice(self.path, exc)) from None
            try:
                self._prepare(create)
                return
            except _SQLITE_ERRORS as exc:
                self._db.close()
                if attempt == len(modes) or "unable to open" not in str(exc):
                    raise StoreError(_advice(self.path, exc)) from None
            except StoreError:
                self._db.close()
                raise

    def _refuse_odd_files(self) -> None:
        """The database and SQLite's files beside it are regular files, or not there yet: a FIFO
        would hang the first read, and a directory or a device is no database."""
        for where in (self.path, *(Path(f"{self.path}{end}") for end in ("-wal", "-shm",
                                                                          "-journal"))):
            try:
                mode = os.stat(where).st_mode
            except FileNotFoundError:
                continue
            except OSError as exc:
                raise StoreError(_("{path}: cannot open the encounter database: {reason}").format(
                    path=self.path, reason=exc.strerror or exc)) from None
            if not stat.S_ISREG(mode):
                kind = (_("a directory") if stat.S_ISDIR(mode) else _("a FIFO")
                        if stat.S_ISFIFO(mode) else _("a socket") if stat.S_ISSOCK(mode)
                        else _("a device"))
                raise StoreError(_("{path}: is {kind}, not a file, so not an encounter database; "
                                   "check the --db path").format(path=where, kind=kind))

    def _prepare(self, create: bool) -> None:
        db = self._db
        db.execute(f"PRAGMA busy_timeout = {self._timeout_ms}")
        version = self._known_version(create)
        if not self.readonly:
            mode = db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if str(mode).lower() != "wal":  # pragma: no cover - only on odd file systems
                raise StoreError(_("{path}: the database cannot use write-ahead logging").format(
                    path=self.path))
            db.execute("PRAGMA synchronous = FULL")
            db.execute("PRAGMA foreign_keys = ON")
            if version != SCHEMA_VERSION:
                with self._write():  # the version again, under the lock: one process upgrades
                    version = self._known_version(create)
                    if version == 0:
                        for statement in _SCHEMA.split(";"):
                            if statement.strip():
                                db.execute(statement)
                    elif version != SCHEMA_VERSION:
                        _seal_all(db)
                    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
                version = SCHEMA_VERSION
        self._sealed = version == SCHEMA_VERSION
        checked = ", head" if self._sealed else ""
        db.execute(f"SELECT {_ENCOUNTER_COLUMNS}{checked} FROM encounters LIMIT 1").fetchall()
        checked = ", checksum" if self._sealed else ""
        db.execute(f"SELECT {_ENTRY_COLUMNS}{checked} FROM entries LIMIT 1").fetchall()

    def _known_version(self, create: bool) -> int:
        """The database's schema version, one this wingbeat reads, else a ``StoreError``: the one
        check of every command, reading or writing. 0 is a new file, taken only by ``create``
        and only while it is empty."""
        version = self._db.execute("PRAGMA user_version").fetchone()[0]
        if version == SCHEMA_VERSION or version in _OLDER_SCHEMAS:
            return int(version)
        if version == 0 and create and not self.readonly and not self._db.execute(
                "SELECT 1 FROM sqlite_master LIMIT 1").fetchone():
            return 0
        if isinstance(version, int) and version > SCHEMA_VERSION:
            raise StoreError(_("{path}: written by a newer wingbeat (schema {version}; this one "
                               "reads 1 to {newest}), so nothing was read or changed; upgrade "
                               "wingbeat to use it").format(path=self.path, version=version,
                                                            newest=SCHEMA_VERSION))
        raise StoreError(_("{path}: not an encounter database of this wingbeat (schema "
                           "{version}, expected 1 to {newest}); check the --db path, or start "
                           "one with wingbeat play new SCENARIO --db NEW_FILE").format(
            path=self.path, version=version, newest=SCHEMA_VERSION))

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
            raise StoreError(_("{path}: the encounter database was opened read-only, so "
                               "nothing was changed").format(path=self.path))
        try:
            self._db.execute("BEGIN IMMEDIATE")
        except _SQLITE_ERRORS as exc:
            raise StoreError(_advice(self.path, exc)) from None
        try:
            yield self._db
        except BaseException:
            self._rollback()
            raise
        try:
            self._db.execute("COMMIT")
        except _SQLITE_ERRORS:
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
            import secrets  # (only play new needs a random seed)

            seed = secrets.randbelow(2**31)
        if not 0 <= seed < 2**63:
            raise OptionError(_("expected a seed from 0 to 2**63 - 1, got {seed}").format(
                seed=seed))
        if name is not None and (not name.strip() or _is_id(name.strip())):
            raise OptionError(_("an encounter name needs a letter (numbers are ids), got "
                                "{name}").format(name=repr(name)))
        if name is not None and (len(name) > MAX_REF_CHARS or not name.isprintable()):
            raise OptionError(_("an encounter name is one line of at most {most} characters, "
                                "got {name}").format(
                most=MAX_REF_CHARS, name=repr(name[:40]) + ("…" if len(name) > 40 else "")))
        setup = Setup(scenario_text, source, seed, None if order is None else tuple(order))
        entry = start(setup)
        with self._write() as db:
            if name is not None and db.execute("SELECT 1 FROM encounters WHERE name = ?",
                                               (name,)).fetchone():
                raise OptionError(_("there is already an encounter named {name}").format(
                    name=repr(name)))
            cursor = db.execute(
                "INSERT INTO encounters (name, ruleset, source, scenario, seed, given_order, "
                "created) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (name, setup.scenario.ruleset, source, scenario_text, seed,
                 None if order is None else _dump(list(order)), _now()))
            encounter = cursor.lastrowid
            assert encounter is not None
            self.last_version = _version(1, self._insert(db, encounter, entry,
                                                         _origin(db, encounter)))
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
        if len(text) > MAX_REF_CHARS:
            raise StoreError(_("{path}: an encounter is named by its id or a name of at most "
                               "{most} characters, not {count}").format(
                path=self.path, most=MAX_REF_CHARS, count=grouped(len(text))))
        query = "SELECT id, name, ruleset, source, seed, given_order, created FROM encounters"
        row = None
        if not _is_id(text):
            row = self._db.execute(query + " WHERE name = ?", (text,)).fetchone()
        elif int(text) < 2**63:  # SQLite's largest id
            row = self._db.execute(query + " WHERE id = ?", (int(text),)).fetchone()
        if row is None:
            known = [i.label for i in self.encounters()]
            listed = ", ".join(known[:10])
            if len(known) > 10:
                listed = ngettext("{listed} and {count} more", "{listed} and {count} more",
                                  len(known) - 10).format(listed=listed, count=len(known) - 10)
            raise StoreError(_("{path}: no encounter {ref} in it (encounters: {known})").format(
                path=self.path, ref=repr(text), known=listed or _("none yet")))
        return self._info(row)

    @_explained
    def setup(self, info: EncounterInfo) -> Setup:
        setup = self._setups.get(info.id)
        if setup is None:
            row = self._db.execute("SELECT scenario FROM encounters WHERE id = ?",
                                   (info.id,)).fetchone()
            if row is None or not isinstance(row[0], str):
                raise StoreError(_("{path}: encounter {label} has lost its scenario text; "
                                   "restore the database from a backup").format(
                    path=self.path, label=info.label))
            setup = Setup(row[0], info.source, info.seed, info.given_order)
            self._setups[info.id] = setup
        return setup

    # -- reading ---------------------------------------------------------------------------------
    @_explained
    def current(self, ref: str | int) -> tuple[EncounterInfo, Entry]:
        """The encounter and its last entry (the state it stands in now), said in the current
        language (the log keeps it in English: ``engine.said``)."""
        with self._read() as db:
            info, rows, now = self._standing(db, ref)
            before = self._entry(info, rows[-2]).state if len(rows) > 1 else None
        if language() == "en":
            return info, now
        return info, said(self.setup(info), now, before)

    @_explained
    def entries(self, ref: str | int) -> tuple[EncounterInfo, list[Entry]]:
        """The encounter and its whole log, set-up first."""
        with self._read() as db:
            info = self.find(ref)
            rows = self._log(db, info)
            log = [self._entry(info, row) for row in rows]
            self._check(db, info, rows)
        if language() == "en":
            return info, log
        return info, said_log(self.setup(info), log)

    @_explained
    def version(self, ref: str | int) -> tuple[EncounterInfo, str]:
        """The encounter and its log's version (``_version``), in one cheap read: no entry is
        decoded (what the web server polls while anyone follows the encounter)."""
        info = self.find(ref)
        head = "head" if self._sealed else "NULL"
        row = self._db.execute(f"SELECT {head}, (SELECT count(*) FROM entries WHERE "
                               "encounter = ?) FROM encounters WHERE id = ?",
                               (info.id, info.id)).fetchone()
        if row is None:
            raise self._no_entries(info)
        return info, _version(row[1], row[0])

    # -- playing ---------------------------------------------------------------------------------
    @_explained
    def play(self, ref: str | int, action: Action, after: str | None = None) -> Entry:
        """Apply one action in one transaction; a refused move changes nothing. ``after``: the
        version the player saw; if another action came since, a ``BoardChangedError``."""
        with self._write() as db:
            info, rows, now = self._standing(db, ref)
            if after is not None and after != self.last_version:
                raise BoardChangedError(info, after, str(self.last_version))
            entry = apply(self.setup(info), now.state, action)
            self.last_version = _version(len(rows) + 1,
                                         self._insert(db, info.id, entry, rows[-1][-1]))
        return said(self.setup(info), entry, now.state)

    def move(self, ref: str | int, creature: str, moves: str,
             options: Mapping[str, Any] | None = None, after: str | None = None) -> Entry:
        """``creature`` declares ``moves``, under the ruleset's query ``options`` if any;
        ``after``: the version the player saw (``play``)."""
        return self.play(ref, Action.declare(creature, moves, options), after)

    def next_round(self, ref: str | int) -> Entry:
        return self.play(ref, Action(NEXT_ROUND))

    @_explained
    def undo(self, ref: str | int) -> tuple[Entry, Entry]:
        """Remove the last action; returns (the removed entry, the entry now last)."""
        with self._write() as db:
            info, rows, removed = self._standing(db, ref)
            if len(rows) < 2:
                raise OptionError(_("encounter {label} has no action to undo: it has only been "
                                    "set up").format(label=info.label))
            now = self._entry(info, rows[-2])
            before = self._entry(info, rows[-3]).state if len(rows) > 2 else None
            db.execute("DELETE FROM entries WHERE encounter = ? AND number = ?",
                       (info.id, removed.number))
            db.execute("UPDATE encounters SET head = ? WHERE id = ?", (rows[-2][-1], info.id))
            self.last_version = _version(len(rows) - 1, rows[-2][-1])
        setup = self.setup(info)
        return said(setup, removed, now.state), said(setup, now, before)

    @_explained
    def replay(self, ref: str | int) -> ReplayCheck:
        """Replay the stored actions from scenario and seed, and compare every entry; a log that is
        not what was written (an entry missing or changed) is reported at its first such entry."""
        with self._read() as db:
            info = self.find(ref)
            rows = self._log(db, info)
            stored = [self._entry(info, row) for row in rows]
            damage = self._damage(db, info, rows)
        if damage is not None:
            return ReplayCheck(info, len(stored), damage[0], stored[-1].state, damage[1])
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
            for column, value in zip(("name", "ruleset", "source", "created"),
                                     (row[1], row[2], row[3], row[6]), strict=True):
                if not isinstance(value, str) and (value is not None or column != "name"):
                    raise TypeError(f"{column} is {type(value).__name__}, not text")
            return EncounterInfo(id=row[0], name=row[1], ruleset=row[2], source=row[3],
                                 seed=row[4], given_order=order, created=row[6])
        except (ValueError, KeyError, TypeError, AttributeError, IndexError) as exc:
            raise _damaged(self.path, _("encounter {id}").format(id=repr(row[0])), exc) from None

    def _log(self, db: sqlite3.Connection, info: EncounterInfo) -> list[Sequence[Any]]:
        """The encounter's ``entries`` rows, set-up first: ``_ENTRY_COLUMNS`` and the checksum
        (None before schema 2)."""
        count, chars = db.execute(
            "SELECT count(*), coalesce(sum(length(action) + length(rolls) + length(events) + "
            "length(played) + length(state)), 0) FROM entries WHERE encounter = ?",
            (info.id,)).fetchone()
        if count > MAX_LOG_ENTRIES or chars > MAX_LOG_CHARS:
            raise StoreError(_("{path}: encounter {label}'s log is larger than wingbeat reads "
                               "({count} entries, {chars} characters of JSON; at most {most} and "
                               "{most_chars}): it is damaged, or not one that wingbeat "
                               "wrote").format(path=self.path, label=info.label,
                                               count=grouped(count), chars=grouped(chars),
                                               most=grouped(MAX_LOG_ENTRIES),
                                               most_chars=grouped(MAX_LOG_CHARS)))
        checksum = "checksum" if self._sealed else "NULL"
        rows = db.execute(f"SELECT {_ENTRY_COLUMNS}, {checksum} FROM entries WHERE encounter = ? "
                          "ORDER BY number", (info.id,)).fetchall()
        if not rows:
            raise self._no_entries(info)
        return rows

    def _standing(self, db: sqlite3.Connection, ref: str | int
                  ) -> tuple[EncounterInfo, list[Sequence[Any]], Entry]:
        """The encounter ``ref``, its log's rows and its last entry (the state it stands in),
        the log checked: the last entry is decoded first, so an entry that no longer decodes is
        named before the log's checksums are."""
        info = self.find(ref)
        rows = self._log(db, info)
        last = self._entry(info, rows[-1])
        self._check(db, info, rows)
        self.last_version = _version(len(rows), rows[-1][-1])
        return info, rows, last

    def _damage(self, db: sqlite3.Connection, info: EncounterInfo,
                rows: Sequence[Sequence[Any]]) -> tuple[int, str] | None:
        """The first entry of the log that is not what was written, and how; None if none."""
        for number, row in enumerate(rows):
            if row[0] != number:
                return number, _("it is missing (the entries are not numbered one after "
                                 "another)")
        if not self._sealed:
            return None  # schema 1: no checksums yet, the numbering is all there is to check
        found = db.execute("SELECT head FROM encounters WHERE id = ?", (info.id,)).fetchone()
        previous = _origin(db, info.id)
        for row in rows:
            if row[-1] != _seal(previous, row[:-1]):
                if row[0] == 0:
                    return 0, _("the set-up or the encounter's own record is not what was "
                                "written (its checksum does not match)")
                return row[0], _("it is not what was written (its checksum does not match)")
            previous = row[-1]
        head = None if found is None else found[0]
        if head != previous:
            last = next((row[0] for row in rows if row[-1] == head), None)
            if last is not None:
                return last + 1, _("it is past the log's last entry, #{last} (undone, or put "
                                   "there by hand)").format(last=last)
            return len(rows), _("the entries after #{last} are missing (the encounter records "
                                "another last entry)").format(last=len(rows) - 1)
        return None

    def _check(self, db: sqlite3.Connection, info: EncounterInfo,
               rows: Sequence[Sequence[Any]]) -> None:
        """A ``DamagedLogError`` if the log is not what was written."""
        damage = self._damage(db, info, rows)
        if damage is not None:
            raise DamagedLogError(self.path, info, *damage)

    def _entry(self, info: EncounterInfo, row: Sequence[Any]) -> Entry:
        """An ``entries`` row (``_log``); a ``StoreError`` naming the entry if it no longer
        decodes."""
        number, round_, action, rolls, events, played, state, _created, _checksum = row
        try:
            if not isinstance(number, int) or not isinstance(round_, int):
                raise TypeError("its number and round must be whole numbers")
            data = _decoded(state, "state")
            pieces = data["pieces"]
            if not all(isinstance(k, str) and isinstance(v, Mapping) for k, v in pieces.items()):
                raise TypeError("state: every piece is a mapping")
            return Entry(number=number, round=round_,
                         action=Action.from_dict(_decoded(action, "action")),
                         state=EncounterState.from_dict(data),
                         rolls=tuple(_decoded(rolls, "rolls")),
                         events=tuple(_decoded(events, "events")),
                         played=tuple(_decoded(played, "played")))
        except (ValueError, KeyError, TypeError, AttributeError, IndexError) as exc:
            raise _damaged(self.path, _("encounter {label}, entry #{number}").format(
                label=info.label, number=number), exc) from None

    def _no_entries(self, info: EncounterInfo) -> StoreError:
        return StoreError(_("{path}: encounter {label} has no entries left, not even its "
                            "set-up; restore the database from a backup").format(
            path=self.path, label=info.label))

    def _insert(self, db: sqlite3.Connection, encounter: int, entry: Entry,
                previous: str) -> str:
        """Append ``entry`` sealed after ``previous`` (the last entry's checksum, or the
        encounter's own for the set-up), and make it the encounter's last; its checksum."""
        values = (entry.number, entry.round, _dump(entry.action.to_dict()),
                  _dump(list(entry.rolls)), _dump(list(entry.events)),
                  _dump(list(entry.played)), _dump(entry.state.to_dict()), _now())
        checksum = _seal(previous, values)
        db.execute(f"INSERT INTO entries (encounter, {_ENTRY_COLUMNS}, checksum) VALUES "
                   "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", (encounter, *values, checksum))
        db.execute("UPDATE encounters SET head = ? WHERE id = ?", (checksum, encounter))
        return checksum


def _version(length: int, head: str | None) -> str:
    """A log's version: its length and its last entry's checksum (an undo and another move
    give the same length, never the same checksum): ``"7-3f9c0a1b2c3d"``."""
    return f"{length}-{(head or '')[:12]}"


def _seal(previous: str, values: Sequence[Any]) -> str:
    """The checksum of a row's ``values`` (as SQLite gives them back) chained after
    ``previous``: a changed, lost or moved row no longer matches."""
    text = repr((previous, *values)).encode("utf-8", "surrogatepass")
    return blake2b(text, digest_size=16).hexdigest()


def _origin(db: sqlite3.Connection, encounter: int) -> str:
    """What an encounter's set-up entry is chained to: its own record, all of it."""
    row = db.execute(f"SELECT {_ENCOUNTER_COLUMNS} FROM encounters WHERE id = ?",
                     (encounter,)).fetchone()
    return _seal("", () if row is None else row)


def _seal_all(db: sqlite3.Connection) -> None:
    """Schema 1 to 2, inside the caller's transaction: every entry's checksum, chained as the
    entries stand, and every encounter's last one."""
    db.execute("ALTER TABLE encounters ADD COLUMN head TEXT")
    db.execute("ALTER TABLE entries ADD COLUMN checksum TEXT")
    for (encounter,) in db.execute("SELECT id FROM encounters").fetchall():
        previous = _origin(db, encounter)
        for row in db.execute(f"SELECT {_ENTRY_COLUMNS} FROM entries WHERE encounter = ? "
                              "ORDER BY number", (encounter,)).fetchall():
            previous = _seal(previous, row)
            db.execute("UPDATE entries SET checksum = ? WHERE encounter = ? AND number = ?",
                       (previous, encounter, row[0]))
        db.execute("UPDATE encounters SET head = ? WHERE id = ?", (previous, encounter))


def _is_id(text: str) -> bool:
    """Whether a reference is an id: ASCII digits only (``'²'.isdigit()`` is true too)."""
    return text.isascii() and text.isdigit()


_JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"?|[\[\]{}]', re.DOTALL)


def _nesting(text: str) -> int:
    """How deep JSON ``text`` nests, found without parsing it (brackets outside strings)."""
    if text.count("[") + text.count("{") <= MAX_JSON_DEPTH:
        return 0  # too few brackets to nest too deep: the common case, found at C's speed
    steps = (1 if token in "[{" else -1 for token in _JSON_TOKEN.findall(text)
             if token[0] != '"')
    return max(accumulate(steps), default=0)


def _comparable(entry: Entry) -> str:
    return _dump(entry.to_dict())


def _decoded(text: Any, column: str) -> Any:
    if not isinstance(text, str):
        raise TypeError(f"{column} is {type(text).__name__}, not JSON text")
    if _nesting(text) > MAX_JSON_DEPTH:
        raise ValueError(f"{column} nests deeper than {MAX_JSON_DEPTH} levels")
    try:
        return json.loads(text)
    except ValueError as exc:
        raise ValueError(f"{column}: {exc}") from None
