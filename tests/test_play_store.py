"""Encounters in SQLite: resumed intact, one transaction per move, safe against a kill."""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
import yaml

from wingbeat.errors import OptionError
from wingbeat.examples import example_text
from wingbeat.play import EncounterStore, RefusedMove, StoreError, default_db_path

HAWK = yaml.safe_dump({
    "ruleset": "volare",
    "map": {"grid": "hex", "columns": 30, "rows": 50, "top": 10},
    "creatures": [{"id": "hawk", "fly": 8, "maneuverability": "medium", "reflex": 50,
                   "at": "J10", "altitude": 1, "mode": "hovering"},
                  {"id": "hare", "ground": 4, "at": "N14"}],
})


def hawk_moved_up(tmp_path: Path) -> tuple[Path, int]:
    """A database of one encounter, the hawk's (seed 4): its set-up and its move up; and the
    encounter's id."""
    db = tmp_path / "f.sqlite3"
    with EncounterStore(db) as store:
        info, _ = store.create(HAWK, source="hawk", seed=4)
        store.move(info.id, "hawk", "up")
    return db, info.id


def test_an_encounter_resumes_with_every_state_and_roll(tmp_path: Path) -> None:
    db = tmp_path / "fight.sqlite3"
    with EncounterStore(db) as store:
        info, setup_entry = store.create(example_text("giant-bat"), source="example:giant-bat",
                                         seed=21, name="cave")
        store.move("cave", "bat", "U35 down hover")
        store.next_round("cave")
        store.move(info.id, "bat", "V34 down skim")  # not V36: the chamois stands there
        _, before = store.entries("cave")
    with EncounterStore(db) as store:
        again_info, after = store.entries("cave")
        assert again_info == info
        assert [e.to_dict() for e in after] == [e.to_dict() for e in before]
        assert after[0].to_dict() == setup_entry.to_dict()
        assert after[-1].state.round == 2 and after[-1].state.moved == ("bat",)
        check = store.replay(str(info.id))
        assert check.ok and check.entries == 4
        assert check.state.to_dict() == after[-1].state.to_dict()


def test_a_refused_move_writes_nothing(tmp_path: Path) -> None:
    with EncounterStore(tmp_path / "f.sqlite3") as store:
        info, _ = store.create(example_text("giant-bat"), source="example:giant-bat", seed=1)
        with pytest.raises(RefusedMove):
            store.move(info.id, "bat", "U33")
        _, entries = store.entries(info.id)
        assert len(entries) == 1


def test_undo_removes_the_last_action_only(tmp_path: Path) -> None:
    with EncounterStore(tmp_path / "f.sqlite3") as store:
        info, _ = store.create(HAWK, source="hawk", seed=4)
        first = store.move(info.id, "hawk", "down skim")
        store.next_round(info.id)
        removed, now = store.undo(info.id)
        assert removed.action.kind == "next-round" and now.to_dict() == first.to_dict()
        removed, now = store.undo(info.id)
        assert removed.to_dict() == first.to_dict() and now.number == 0
        with pytest.raises(OptionError, match="no action to undo"):
            store.undo(info.id)
        assert store.move(info.id, "hawk", "down skim").to_dict() == first.to_dict()


def test_encounters_are_found_by_id_or_name(tmp_path: Path) -> None:
    with EncounterStore(tmp_path / "f.sqlite3") as store:
        a, _ = store.create(HAWK, source="hawk", seed=1, name="ridge")
        b, _ = store.create(HAWK, source="hawk", seed=2)
        assert store.find("ridge") == a and store.find(str(b.id)) == b
        assert [i.id for i in store.encounters()] == [a.id, b.id]
        with pytest.raises(StoreError, match="no encounter 'cliff'"):
            store.find("cliff")
        with pytest.raises(OptionError, match="already an encounter named"):
            store.create(HAWK, source="hawk", seed=3, name="ridge")
        with pytest.raises(OptionError, match="needs a letter"):
            store.create(HAWK, source="hawk", seed=3, name="12")


def test_the_database_uses_write_ahead_logging(tmp_path: Path) -> None:
    db = tmp_path / "f.sqlite3"
    EncounterStore(db).close()
    with sqlite3.connect(db) as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_reader_sees_the_last_confirmed_state_while_a_write_is_open(tmp_path: Path) -> None:
    db, encounter = hawk_moved_up(tmp_path)
    writer = sqlite3.connect(db, isolation_level=None)
    writer.execute("BEGIN IMMEDIATE")
    writer.execute("DELETE FROM entries WHERE number = 1")
    with EncounterStore(db) as reader:
        _, now = reader.current(encounter)
        assert now.number == 1 and now.state.pieces["hawk"]["altitude"] == 2
        with EncounterStore(db, timeout=0.1) as other, pytest.raises(StoreError, match="busy"):
            other.move(encounter, "hare", "")  # the writer holds the lock
    writer.execute("ROLLBACK")
    writer.close()


def test_replay_detects_a_tampered_state(tmp_path: Path) -> None:
    db, encounter = hawk_moved_up(tmp_path)
    with sqlite3.connect(db) as raw:
        row = raw.execute("SELECT state FROM entries WHERE number = 1").fetchone()
        state = json.loads(row[0])
        state["pieces"]["hawk"]["altitude"] = 7
        raw.execute("UPDATE entries SET state = ? WHERE number = 1", (json.dumps(state),))
    with EncounterStore(db) as store:
        check = store.replay(encounter)
        assert not check.ok and check.mismatch == 1


def test_a_file_that_is_not_a_database_is_bad_input(tmp_path: Path) -> None:
    bad = tmp_path / "notes.sqlite3"
    bad.write_text("these are my notes, not a database\n" * 20)
    with pytest.raises(StoreError, match="not a usable encounter database"):
        EncounterStore(bad)


def test_the_default_database_is_in_the_user_data_directory(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_db_path() == tmp_path / "data" / "wingbeat" / "encounters.sqlite3"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/ignored")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_db_path() == (tmp_path / "home" / ".local" / "share" / "wingbeat"
                                 / "encounters.sqlite3")


WRITER = """
import sys
from wingbeat.play import EncounterStore
store = EncounterStore(sys.argv[1])
ref = sys.argv[2]
up = True
while True:
    for action in ("move", "next"):
        if action == "move":
            entry = store.move(ref, "hawk", "up" if up else "down")
            up = not up
        else:
            entry = store.next_round(ref)
        print(f"confirmed {entry.number}", flush=True)  # one write: a kill cuts no line
"""


@pytest.mark.parametrize("run", range(3))
def test_a_process_killed_mid_write_loses_no_confirmed_move(tmp_path: Path, run: int) -> None:
    """SIGKILL at a random moment: the database is intact and every confirmed entry is there."""
    db = tmp_path / "kill.sqlite3"
    with EncounterStore(db) as store:
        info, _ = store.create(HAWK, source="hawk", seed=run)
    chance = random.Random(run)
    wanted = chance.randint(3, 30)
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    child = subprocess.Popen([sys.executable, "-c", WRITER, str(db), str(info.id)],
                             stdout=subprocess.PIPE, text=True, env=env)
    assert child.stdout is not None
    confirmed: list[int] = []
    watchdog = threading.Timer(300, child.kill)  # only stops a writer that hangs
    watchdog.start()
    try:
        while len(confirmed) < wanted:  # counted reports, not a time: a busy machine is slower
            line = child.stdout.readline()
            if not line:
                break
            confirmed.append(int(line.split()[1]))
        time.sleep(chance.random() * 0.02)  # where the kill lands: any moment is a valid one
        child.send_signal(signal.SIGKILL)
        # the rest from the file object, not the pipe: communicate(timeout=…) reads the pipe and
        # skips the lines readline() had already buffered (the entries that seemed unconfirmed)
        rest = child.stdout.read()
        child.wait()
    finally:
        watchdog.cancel()
    # a kill may still land inside the last line: only whole lines count as said
    confirmed += [int(line.split()[1]) for line in rest.splitlines(keepends=True)
                  if line.endswith("\n") and len(line.split()) == 2
                  and line.startswith("confirmed")]
    assert len(confirmed) >= wanted, "the writer stopped before it was killed"
    with sqlite3.connect(db) as raw:
        assert raw.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    with EncounterStore(db) as store:
        _, entries = store.entries(info.id)
        numbers = [e.number for e in entries]
        assert numbers == list(range(len(numbers)))
        assert set(confirmed) <= set(numbers)
        assert len(numbers) - 1 - max(confirmed) <= 1  # at most the one in flight got in
        assert store.replay(info.id).ok
        store.move(info.id, "hare", "")  # and the encounter plays on


# -- issue 23: every entry sealed, chained to the one before -------------------------------------
def test_moves_undos_and_two_writers_keep_the_log_sealed(tmp_path: Path) -> None:
    """Every write (a move, a round's end, an undo, from two stores in turn) leaves a log whose
    checksums all hold, and which replays to what is stored."""
    db = tmp_path / "f.sqlite3"
    with EncounterStore(db) as one, EncounterStore(db) as two:
        info, _ = one.create(HAWK, source="hawk", seed=4, order=["hawk", "hare"])
        for turn in range(3):
            one.move(info.id, "hawk", "")
            two.move(info.id, "hare", "")
            (one if turn % 2 else two).next_round(info.id)
            if turn == 1:
                two.undo(info.id)
                one.next_round(info.id)
        _, log = two.entries(info.id)
        assert [e.number for e in log] == list(range(len(log)))
        assert one.replay(info.id).ok
    with sqlite3.connect(db) as raw:
        assert raw.execute("SELECT COUNT(*) FROM entries WHERE checksum IS NULL").fetchone() == (0,)
        assert raw.execute("PRAGMA user_version").fetchone() == (2,)
    raw.close()


def test_an_undone_entry_put_back_by_hand_is_found(tmp_path: Path) -> None:
    """An undo moves the encounter's last checksum back: the row it removed, restored by hand,
    no longer belongs to the log."""
    db, encounter = hawk_moved_up(tmp_path)
    with sqlite3.connect(db) as raw:
        kept = raw.execute("SELECT * FROM entries WHERE number = 1").fetchone()
    raw.close()
    with EncounterStore(db) as store:
        store.undo(encounter)
    with sqlite3.connect(db) as raw:
        raw.execute(f"INSERT INTO entries VALUES ({', '.join('?' * len(kept))})", kept)
    raw.close()
    with EncounterStore(db) as store, pytest.raises(StoreError,
                                                    match="damaged at entry #1: it is past"):
        store.current(encounter)
