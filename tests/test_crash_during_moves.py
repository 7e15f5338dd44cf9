"""Killed mid-move (issue 14): ``wingbeat play`` killed with SIGKILL at random moments of a series
of moves loses no confirmed action, leaves the database intact (``PRAGMA integrity_check``), and
``replay`` still agrees with ``show``."""

from __future__ import annotations

import json
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from typer.testing import CliRunner

from wingbeat.cli import app
from wingbeat.play.store import EncounterStore

runner = CliRunner()
KILLS = 20

# The player: ``wingbeat play …`` commands one after another in one process (imported once, so
# that the kills land among the moves, not in Python's start-up). Before each action it says what
# the action does to the number of entries; after it, the number of entries it confirmed.
PLAYER = r"""
import contextlib, io, json, sys
from wingbeat.cli import app

db = sys.argv[1]
cycle = [("move", "1", "bat", ""), ("move", "1", "chamois", ""), ("next-round", "1")]
for warm_up in (["show", "1"], ["replay", "1"]):  # the imports a move needs, done
    with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):
        app(["play", *warm_up, "--db", db], prog_name="wingbeat")
print("ready", flush=True)
turn = 0
while True:
    turn += 1
    for args in cycle + ([("undo", "1")] if turn % 3 == 0 else []):
        print(f"start {-1 if args[0] == 'undo' else 1}", flush=True)  # one write a line
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            try:
                app(["play", *args, "--db", db, "--json"], prog_name="wingbeat")
            except SystemExit as exc:
                code = exc.code
        if code == 0:
            print(f"done {json.loads(out.getvalue())['state']['entries']}", flush=True)
        else:
            assert code == 1, out.getvalue()
            print("refused", flush=True)
"""


def entries_in(db: Path) -> int:
    with sqlite3.connect(db) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        count: int = connection.execute("SELECT COUNT(*) FROM entries").fetchone()[0]
    connection.close()
    return count


def test_kill_9_during_moves_loses_nothing_confirmed(tmp_path: Path) -> None:
    db = tmp_path / "crash.sqlite3"
    started = runner.invoke(app, ["play", "new", "example:giant-bat", "--seed", "11",
                                  "--order", "bat,chamois", "--db", str(db)])
    assert started.exit_code == 0, started.output
    chance = random.Random(14)
    confirmed = 1
    deadline = time.monotonic() + 120
    actions = mid_action = 0
    for _kill in range(KILLS):
        player = subprocess.Popen([sys.executable, "-c", PLAYER, str(db)],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert player.stdout is not None and player.stderr is not None
        assert player.stdout.readline().strip() == "ready", player.stderr
        time.sleep(chance.uniform(0.0, 0.2))
        player.send_signal(signal.SIGKILL)
        said = player.stdout.read()  # not communicate(): it would skip what readline buffered
        assert player.wait(timeout=10) == -signal.SIGKILL, player.stderr.read()
        in_flight = 0
        for line in said.splitlines(keepends=True):
            if not line.endswith("\n"):
                break  # the kill cut this last line short: it was not said
            word, *rest = line.split()
            if word == "start":
                in_flight = int(rest[0])
            elif word == "done":
                confirmed, in_flight = int(rest[0]), 0
                actions += 1
            else:
                assert word == "refused", said
                in_flight = 0
        mid_action += in_flight != 0
        stored = entries_in(db)  # and the database passes its integrity check
        assert stored in (confirmed, confirmed + in_flight), (stored, confirmed, in_flight, said)
        confirmed = stored
        with EncounterStore(db, readonly=True) as store:
            check = store.replay("1")
            assert check.ok and check.entries == stored
            assert check.state == store.current("1")[1].state
        assert time.monotonic() < deadline
    # the kills fell among the moves (most of them in the middle of one), not before them
    assert actions > 0 and mid_action >= KILLS // 2, (actions, mid_action)
    replayed = runner.invoke(app, ["play", "replay", "--db", str(db), "--json"])
    shown = runner.invoke(app, ["play", "show", "--db", str(db), "--json"])
    assert replayed.exit_code == 0 and shown.exit_code == 0
    assert json.loads(replayed.stdout)["ok"]
    assert json.loads(replayed.stdout)["state"] == json.loads(shown.stdout)["state"]
