"""Damaged and read-only encounter databases (issue 14): every store error is one line naming the
database and what to do, exit code 2, never a traceback; a read-only database still shows and
replays."""

from __future__ import annotations

import json
import os
import sqlite3
import stat
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from wingbeat.cli import app
from wingbeat.play.store import DamagedLogError, EncounterStore, StoreError

runner = CliRunner()

READING = (["show"], ["log"], ["replay"], ["list"])
WRITING = (["move", "1", "chamois", ""], ["next-round"], ["undo"])


def played(tmp_path: Path, name: str = "fight.sqlite3") -> Path:
    """A database with one encounter of two entries: set-up and the bat's move."""
    db = tmp_path / name
    for args in (["new", "example:giant-bat", "--seed", "3", "--order", "bat,chamois"],
                 ["move", "1", "bat", "U35 down hover"]):
        result = runner.invoke(app, ["play", *args, "--db", str(db)])
        assert result.exit_code == 0, result.output
    return db


def one_line_refusal(db: Path, args: list[str]) -> str:
    result = runner.invoke(app, ["play", *args, "--db", str(db)])
    assert result.exit_code == 2, (args, result.output)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {db}: "), result.stderr
    return lines[0]


def edit(db: Path, sql: str) -> None:
    with sqlite3.connect(db) as connection:
        connection.execute(sql)
    connection.close()


def garbage_on_a_page(db: Path) -> None:
    """Overwrite the second page (the tables' b-trees) with noise."""
    with sqlite3.connect(db) as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        page = connection.execute("PRAGMA page_size").fetchone()[0]
    connection.close()
    with db.open("r+b") as stream:
        stream.seek(page)
        stream.write(b"\xa5" * page)


def garbage_header(db: Path) -> None:
    with db.open("r+b") as stream:
        stream.write(b"not SQLite at all, a hand-made mess" * 3)


DAMAGE: dict[str, tuple[Callable[[Path], None], str]] = {
    "a page of garbage": (garbage_on_a_page, "database disk image is malformed"),
    "a header of garbage": (garbage_header, "file is not a database"),
    "a dropped table": (lambda db: edit(db, "DROP TABLE entries"), "no such table: entries"),
    "hand-edited JSON": (lambda db: edit(db, "UPDATE entries SET state = '{\"round\": 1,' "
                                         "WHERE number = 1"),
                         "entry #1 is damaged (ValueError: state: Expecting"),
    "a missing key": (lambda db: edit(db, "UPDATE entries SET state = json_remove(state, "
                                      "'$.round') WHERE number = 1"),
                      "entry #1 is damaged (KeyError: missing key 'round')"),
    "a key of the wrong kind": (lambda db: edit(db, "UPDATE entries SET state = "
                                            "json_set(state, '$.pieces', json('[1, 2]')) "
                                            "WHERE number = 1"),
                                "entry #1 is damaged (AttributeError"),
    "an action lost": (lambda db: edit(db, "UPDATE entries SET action = '[]' WHERE number = 1"),
                       "entry #1 is damaged (TypeError"),
    "a bad turn order": (lambda db: edit(db, "UPDATE encounters SET given_order = 'bat,'"),
                         "encounter 1 is damaged (ValueError: given_order"),
    "every entry deleted": (lambda db: edit(db, "DELETE FROM entries"),
                            "has no entries left, not even its set-up"),
}


@pytest.mark.parametrize("damage", list(DAMAGE))
@pytest.mark.parametrize("args", [*READING, *WRITING], ids=lambda a: a[0])
def test_a_damaged_database_is_one_line_and_exit_2(tmp_path: Path, damage: str,
                                                   args: list[str]) -> None:
    db = played(tmp_path)
    spoil, said = DAMAGE[damage]
    spoil(db)
    line = one_line_refusal(db, args)
    if damage == "every entry deleted" and args == ["list"]:
        assert "has no entries left" in line
        return
    assert said in line
    assert ("backup" in line) or ("repair" in line)


def test_a_damaged_database_says_so_through_the_library(tmp_path: Path) -> None:
    db = played(tmp_path)
    garbage_on_a_page(db)
    with pytest.raises(StoreError, match=r"malformed.*restore it from a backup"), \
            EncounterStore(db) as store:
        store.current("1")


# -- read-only -----------------------------------------------------------------------------------
def _writable(path: Path) -> bool:
    """Whether this process can still write there (root can, past any chmod)."""
    try:
        if path.is_dir():
            (path / ".probe").touch()
            (path / ".probe").unlink()
        else:
            os.close(os.open(path, os.O_WRONLY))
    except PermissionError:
        return False
    return True


@pytest.fixture
def make_readonly() -> Iterator[Callable[[Path], None]]:
    """Make a file or directory read-only for this process: chmod, and for root (whom chmod does
    not stop) the immutable flag. Undone afterwards, so the temporary directory can go."""
    frozen: list[Path] = []
    modes: list[tuple[Path, int]] = []

    def freeze(path: Path) -> None:
        modes.append((path, path.stat().st_mode))
        path.chmod(0o555 if path.is_dir() else 0o444)
        if _writable(path):
            subprocess.run(["chattr", "+i", str(path)], check=True, capture_output=True)
            frozen.append(path)
        assert not _writable(path), f"cannot make {path} read-only here"

    yield freeze
    for path in frozen:
        subprocess.run(["chattr", "-i", str(path)], check=True, capture_output=True)
    for path, mode in modes:
        path.chmod(stat.S_IMODE(mode))


def test_a_read_only_database_is_shown_and_replayed(tmp_path: Path,
                                                    make_readonly: Callable[[Path], None]) -> None:
    db = played(tmp_path)
    make_readonly(db)
    for args in READING:
        result = runner.invoke(app, ["play", *args, "--db", str(db)])
        assert result.exit_code == 0, (args, result.output)
    replayed = runner.invoke(app, ["play", "replay", "--db", str(db)])
    assert "gives back every stored state" in replayed.stdout
    for args in WRITING:
        line = one_line_refusal(db, args)
        assert "is read-only" in line and "nothing was changed" in line
    with EncounterStore(db, create=False) as store:
        assert store.current("1")[1].number == 1  # nothing was written


def test_a_database_in_a_read_only_directory_is_shown_and_replayed(
        tmp_path: Path, make_readonly: Callable[[Path], None]) -> None:
    """No room beside it for SQLite's -wal and -shm files: it is still read as it stands."""
    folder = tmp_path / "archive"
    folder.mkdir()
    db = played(folder)
    assert not (folder / "fight.sqlite3-wal").exists()
    make_readonly(folder)
    for args in READING:
        result = runner.invoke(app, ["play", *args, "--db", str(db)])
        assert result.exit_code == 0, (args, result.output)
    for args in WRITING:
        line = one_line_refusal(db, args)
        assert "cannot use the encounter database" in line or "read-only" in line


def test_a_store_opened_read_only_refuses_to_write(tmp_path: Path) -> None:
    db = played(tmp_path)
    with EncounterStore(db, readonly=True) as store:
        assert store.replay("1").ok
        with pytest.raises(StoreError, match="opened read-only, so nothing was changed"):
            store.next_round("1")


def test_read_only_is_no_way_to_create_a_database(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="no encounter database at"):
        EncounterStore(tmp_path / "none.sqlite3", readonly=True)
    assert not (tmp_path / "none.sqlite3").exists()


# -- issue 23: nothing damaged is used silently --------------------------------------------------
ALL = (*READING, *WRITING)


def three_entries(tmp_path: Path) -> Path:
    """Set-up, the bat's move and the chamois's: an entry in the middle to lose."""
    db = played(tmp_path)
    result = runner.invoke(app, ["play", "move", "1", "chamois", "", "--db", str(db)])
    assert result.exit_code == 0, result.output
    return db


def outputs(db: Path) -> dict[str, str]:
    """What every reading command prints, as JSON."""
    said = {}
    for args in READING:
        result = runner.invoke(app, ["play", *args, "--db", str(db), "--json"])
        assert result.exit_code == 0, (args, result.output)
        said[args[0]] = result.stdout
    return said


def swap_the_last_two(db: Path) -> None:
    for new, old in ((99, 2), (2, 1), (1, 99)):
        edit(db, f"UPDATE entries SET number = {new} WHERE number = {old}")


def change_a_state(number: int) -> Callable[[Path], None]:
    """A hand-edit that is still good JSON of the right shape: the bat somewhere else."""
    return lambda db: edit(db, "UPDATE entries SET state = json_set(state, "
                               "'$.pieces.bat.altitude', 9) WHERE number = " + str(number))


LOG_DAMAGE: dict[str, tuple[Callable[[Path], None], str]] = {
    "the middle entry deleted": (lambda db: edit(db, "DELETE FROM entries WHERE number = 1"),
                                 "damaged at entry #1: it is missing"),
    "the last entry deleted": (lambda db: edit(db, "DELETE FROM entries WHERE number = 2"),
                               "damaged at entry #2: the entries after #1 are missing"),
    "two entries swapped": (swap_the_last_two, "damaged at entry #1: it is not what was written"),
    "a state changed": (change_a_state(1), "damaged at entry #1: it is not what was written"),
    "the last state changed": (change_a_state(2),
                               "damaged at entry #2: it is not what was written"),
    "the seed changed": (lambda db: edit(db, "UPDATE encounters SET seed = 4"),
                         "damaged at entry #0: the set-up or the encounter's own record"),
    "a roll added": (lambda db: edit(db, "UPDATE entries SET rolls = '[20]' WHERE number = 1"),
                       "damaged at entry #1: it is not what was written"),
}


@pytest.mark.parametrize("damage", list(LOG_DAMAGE))
@pytest.mark.parametrize("args", ALL, ids=lambda a: a[0])
def test_a_changed_or_missing_entry_stops_every_command(tmp_path: Path, damage: str,
                                                        args: list[str]) -> None:
    """Once ``show``, ``log`` and ``move`` went on from a log with an entry deleted, and
    ``replay`` said "entry #N differs" with exit 0: now every command stops, naming it."""
    db = three_entries(tmp_path)
    spoil, said = LOG_DAMAGE[damage]
    spoil(db)
    line = one_line_refusal(db, args)
    assert "encounter 1's log is" in line and said in line, line
    assert ("wingbeat play replay 1 shows where" in line) == (args[0] != "replay")
    assert "a backup of the database restores it" in line
    with sqlite3.connect(db) as raw:  # a write command changed nothing
        assert raw.execute("SELECT COUNT(*) FROM entries").fetchone()[0] == (
            2 if "deleted" in damage else 3)
    raw.close()


def test_replay_of_a_damaged_log_is_json_naming_the_entry(tmp_path: Path) -> None:
    db = three_entries(tmp_path)
    change_a_state(1)(db)
    result = runner.invoke(app, ["play", "replay", "--db", str(db), "--json"])
    assert result.exit_code == 2
    error = json.loads(result.stdout)["error"]
    assert (error["encounter"], error["entry"]) == (1, 1)


def test_the_library_reports_the_damage_it_finds(tmp_path: Path) -> None:
    db = three_entries(tmp_path)
    edit(db, "DELETE FROM entries WHERE number = 1")
    with EncounterStore(db) as store:
        check = store.replay("1")
        assert not check.ok and check.mismatch == 1 and "missing" in (check.problem or "")
        with pytest.raises(DamagedLogError) as caught:
            store.entries("1")
        assert (caught.value.encounter, caught.value.entry) == (1, 1)


def test_the_web_api_refuses_a_damaged_log_with_400(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from wingbeat.web.play import create_play_app

    db = three_entries(tmp_path)
    change_a_state(2)(db)
    client = TestClient(create_play_app(db), base_url="http://127.0.0.1")
    for path in ("/api/play/encounters/1", "/api/play/encounters/1/log",
                 "/api/play/encounters"):
        answer = client.get(path)
        assert answer.status_code == 400, (path, answer.text)
        assert "log is damaged at entry #2" in answer.json()["error"]["message"]
    moved = client.post("/api/play/encounters/1/next-round", json={})
    assert moved.status_code == 400, moved.text


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(number=st.integers(0, 2),
       column=st.sampled_from(["round", "action", "rolls", "events", "played", "state",
                               "created"]),
       value=st.one_of(st.integers(-3, 3), st.text(max_size=8), st.just("[]"),
                       st.just("{}")))
def test_any_changed_column_of_any_entry_is_found(tmp_path_factory: pytest.TempPathFactory,
                                                 number: int, column: str, value: object) -> None:
    """Whatever an entry's column is changed to, reading the log either refuses it (a
    ``StoreError`` naming the entry) or the value was the one already there."""
    db = three_entries(tmp_path_factory.mktemp("db"))
    with sqlite3.connect(db) as raw:
        before = raw.execute(f"SELECT {column} FROM entries WHERE number = ?",
                             (number,)).fetchone()[0]
        raw.execute(f"UPDATE entries SET {column} = ? WHERE number = ?", (value, number))
    raw.close()
    with EncounterStore(db, readonly=True) as store:
        if value == before and type(value) is type(before):
            assert store.entries("1")[1][number].number == number
            return
        for read in (store.current, store.entries):
            with pytest.raises(StoreError, match=f"entry #{number}"):
                read("1")


# -- what was once a traceback, a hang or a silent upgrade ---------------------------------------
def deep_state(db: Path, number: int = 1, depth: int = 5_000) -> None:
    edit(db, f"UPDATE entries SET state = '{'[' * depth}{']' * depth}' WHERE number = {number}")


@pytest.mark.parametrize("args", ALL, ids=lambda a: a[0])
def test_a_5000_deep_state_is_refused_before_it_is_parsed(tmp_path: Path,
                                                          args: list[str]) -> None:
    """It was a ``RecursionError`` in every command."""
    db = played(tmp_path)
    deep_state(db)
    line = one_line_refusal(db, args)
    assert "entry #1 is damaged (ValueError: state nests deeper than 64 levels)" in line


@pytest.mark.parametrize("limit", ["MAX_LOG_ENTRIES", "MAX_LOG_CHARS"])
def test_a_log_larger_than_wingbeat_reads_is_refused_before_it_is_read(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, limit: str) -> None:
    """Counted by SQLite first: a log of a million entries (or a state of a gigabyte) is never
    loaded. The limits are lowered here, so that the hostile file is three entries."""
    from wingbeat.play import store

    db = three_entries(tmp_path)
    monkeypatch.setattr(store, limit, 2 if limit == "MAX_LOG_ENTRIES" else 1_000)
    for args in ALL:
        assert "encounter 1's log is larger than wingbeat reads" in one_line_refusal(db, args)


def test_deep_nesting_inside_a_string_is_only_text(tmp_path: Path) -> None:
    """Brackets in a string do not count: a name may hold them."""
    from wingbeat.play.store import _nesting

    assert _nesting(json.dumps(["[" * 500, {"a": "{" * 500}])) == 2
    assert _nesting("[" * 100 + '"\\"]' + "]" * 100) == 100
    assert _nesting('"' + "[" * 100) == 0  # an unterminated string is all string


@pytest.mark.parametrize("args", [["list"], ["show"], ["log"], ["replay"]],
                         ids=lambda a: a[0])
def test_a_name_stored_as_a_blob_is_damage(tmp_path: Path, args: list[str]) -> None:
    """It was a ``TypeError`` in ``play list``."""
    db = played(tmp_path)
    edit(db, "UPDATE encounters SET name = CAST('bats' AS BLOB)")
    line = one_line_refusal(db, args)
    assert "encounter 1 is damaged (TypeError: name is bytes, not text)" in line


@pytest.mark.parametrize("ref", ["99999999999999999999", "²", "٣", "1" * 5_000, "x" * 5_000],
                         ids=["huge", "superscript", "arabic-indic", "long-id", "long-name"])
@pytest.mark.parametrize("command", ["show", "log", "replay", "next-round", "undo"])
def test_an_odd_encounter_reference_is_one_line(tmp_path: Path, ref: str, command: str) -> None:
    """``play show 99999999999999999999`` and ``play show '²'`` were tracebacks."""
    db = played(tmp_path)
    line = one_line_refusal(db, [command, ref])
    assert len(line) < 400
    assert "no encounter" in line or "at most 200 characters" in line


def test_a_name_of_other_digits_is_a_name(tmp_path: Path) -> None:
    """Only ASCII digits make an id, so '²' is a name like any other."""
    db = tmp_path / "f.sqlite3"
    made = runner.invoke(app, ["play", "new", "example:giant-bat", "--seed", "3", "--name", "²",
                               "--db", str(db)])
    assert made.exit_code == 0, made.output
    assert runner.invoke(app, ["play", "show", "²", "--db", str(db)]).exit_code == 0
    for name in ("12", "a\nb", "n" * 201):
        line = one_line_refusal_anywhere(db, ["new", "example:giant-bat", "--name", name])
        assert "name" in line


def one_line_refusal_anywhere(db: Path, args: list[str]) -> str:
    result = runner.invoke(app, ["play", *args, "--db", str(db)])
    assert result.exit_code == 2, (args, result.output)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    return lines[0]


@pytest.mark.parametrize("args", [*ALL, ["new", "example:giant-bat"]], ids=lambda a: a[0])
def test_a_fifo_as_the_database_is_refused_without_waiting(tmp_path: Path,
                                                           args: list[str]) -> None:
    """``--db`` naming a FIFO hung ``list``, ``show``, ``log`` and ``replay``. The test keeps a
    writer on it with bytes in the pipe, so that code that opened it would fail, not hang."""
    fifo = tmp_path / "fight.sqlite3"
    os.mkfifo(fifo)
    keeper = os.open(fifo, os.O_RDWR | os.O_NONBLOCK)
    try:
        os.write(keeper, b"not a database" * 64)
        line = one_line_refusal(fifo, args)
        assert "is a FIFO, not a file" in line
    finally:
        os.close(keeper)


def test_a_directory_or_a_fifo_beside_it_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "folder.sqlite3"
    folder.mkdir()
    with pytest.raises(StoreError, match="is a directory, not a file"):
        EncounterStore(folder)
    db = played(tmp_path)
    os.mkfifo(f"{db}-wal")
    with pytest.raises(StoreError, match="-wal: is a FIFO"):
        EncounterStore(db, readonly=True)


def schema(db: Path, version: int) -> None:
    edit(db, f"PRAGMA user_version = {version}")


@pytest.mark.parametrize("version", [0, -1, 3, 99])
@pytest.mark.parametrize("args", [*ALL, ["new", "example:giant-bat"]], ids=lambda a: a[0])
def test_an_unknown_schema_is_refused_by_every_command_alike(tmp_path: Path, version: int,
                                                            args: list[str]) -> None:
    """Schema 0 was refused by the reading commands and silently upgraded by the writing ones."""
    db = played(tmp_path)
    schema(db, version)
    line = one_line_refusal(db, args)
    assert f"(schema {version}" in line
    assert ("newer wingbeat" in line) == (version > 2)
    with sqlite3.connect(db) as raw:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == version
    raw.close()


def test_an_empty_file_becomes_a_database_only_through_play_new(tmp_path: Path) -> None:
    db = tmp_path / "empty.sqlite3"
    db.touch()
    one_line_refusal(db, ["show"])
    one_line_refusal(db, ["next-round"])
    made = runner.invoke(app, ["play", "new", "example:giant-bat", "--db", str(db)])
    assert made.exit_code == 0, made.output


@pytest.mark.parametrize("args", WRITING, ids=lambda a: a[0])
def test_a_damaged_header_is_not_called_read_only(tmp_path: Path, args: list[str]) -> None:
    """A flipped bit in the header's write version made SQLite call the database read-only,
    and the message told the user to make a writable file writable."""
    db = played(tmp_path)
    with sqlite3.connect(db) as raw:
        raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    raw.close()
    with db.open("r+b") as stream:
        stream.seek(18)
        stream.write(b"\x03")
    line = one_line_refusal(db, args)
    assert "header is damaged" in line and "writable (or copy" not in line


# -- the databases written before the checksums --------------------------------------------------
def as_schema_1(db: Path) -> None:
    """The database as wingbeat wrote it before issue 23: no checksums, schema 1."""
    with sqlite3.connect(db) as raw:
        raw.execute("ALTER TABLE entries DROP COLUMN checksum")
        raw.execute("ALTER TABLE encounters DROP COLUMN head")
        raw.execute("PRAGMA user_version = 1")
    raw.close()


def test_a_database_of_schema_1_is_read_then_sealed_by_the_first_write(tmp_path: Path) -> None:
    db = three_entries(tmp_path)
    said = outputs(db)
    as_schema_1(db)
    assert outputs(db) == said  # read as it is: the reading commands change nothing
    with sqlite3.connect(db) as raw:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == 1
    raw.close()
    moved = runner.invoke(app, ["play", "next-round", "--db", str(db)])
    assert moved.exit_code == 0, moved.output
    with sqlite3.connect(db) as raw:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == 2
        assert raw.execute("SELECT COUNT(*) FROM entries WHERE checksum IS NULL").fetchone() == (0,)
    raw.close()
    assert runner.invoke(app, ["play", "replay", "--db", str(db)]).exit_code == 0
    change_a_state(1)(db)
    assert "damaged at entry #1" in one_line_refusal(db, ["show"])


def test_a_gap_in_a_database_of_schema_1_is_found_too(tmp_path: Path) -> None:
    db = three_entries(tmp_path)
    as_schema_1(db)
    edit(db, "DELETE FROM entries WHERE number = 1")
    for args in ALL:
        assert "damaged at entry #1: it is missing" in one_line_refusal(db, args)


# -- bits flipped on the disk --------------------------------------------------------------------
def settled(tmp_path: Path) -> tuple[Path, bytes, dict[str, str]]:
    """A database of three entries in one file (no -wal beside it), its bytes, and what the
    reading commands say of it."""
    db = three_entries(tmp_path)
    with sqlite3.connect(db) as raw:
        raw.execute("PRAGMA journal_mode = DELETE")
    raw.close()
    return db, db.read_bytes(), outputs(db)


def flip_and_ask(db: Path, whole: bytes, bit: int, said: dict[str, str]) -> None:
    """With ``bit`` of the file flipped, every command answers as before or refuses in one
    line; nothing else."""
    damaged = bytearray(whole)
    damaged[bit // 8] ^= 1 << (bit % 8)
    for args in (*READING, ["next-round"]):
        for beside in ("-wal", "-shm"):
            Path(f"{db}{beside}").unlink(missing_ok=True)
        db.write_bytes(damaged)
        result = runner.invoke(app, ["play", *args, "--db", str(db), "--json"])
        assert result.exception is None or isinstance(result.exception, SystemExit), (
            bit, args, result.exception)
        if result.exit_code == 2:
            assert len(result.stderr.splitlines()) == 1, (bit, args, result.stderr)
        elif args[0] in said:
            assert (result.exit_code, result.stdout) == (0, said[args[0]]), (bit, args)
        else:  # next-round: done (0) or refused by the rules (1) as on the whole file
            assert result.exit_code in (0, 1), (bit, args, result.output)


def test_a_bit_flipped_in_the_schemas_text_is_one_line(tmp_path: Path) -> None:
    """SQLite quotes a damaged schema back in its message, bytes that are not UTF-8, and the
    ``sqlite3`` module raised ``UnicodeDecodeError`` decoding it: a traceback in every command."""
    db, whole, said = settled(tmp_path)
    for word in (b"CHECK ", b"autoindex_"):
        at = whole.find(word)
        assert at >= 0, word
        flip_and_ask(db, whole, (at + len(word) - 1) * 8 + 7, said)


def test_bits_flipped_across_the_file_are_never_used_silently(tmp_path: Path) -> None:
    """A deterministic spread of single-bit flips over the whole file: each either changes
    nothing a command says, or is refused in one line."""
    db, whole, said = settled(tmp_path)
    for bit in range(5, len(whole) * 8, len(whole) * 8 // 48 + 1):
        flip_and_ask(db, whole, bit, said)
