"""Damaged and read-only encounter databases (issue 14): every store error is one line naming the
database and what to do, exit code 2, never a traceback; a read-only database still shows and
replays."""

from __future__ import annotations

import os
import sqlite3
import stat
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wingbeat.cli import app
from wingbeat.play.store import EncounterStore, StoreError

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
