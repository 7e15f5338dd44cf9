"""Killed mid-move (issue 14): ``wingbeat play`` killed with SIGKILL at many moments of a series
of moves loses no confirmed action, leaves the database intact (``PRAGMA integrity_check``), and
``replay`` still agrees with ``show``.

The kills wait for events, never for time (issue 23): the player reports each action it starts and
ends, and each SQL statement it is about to run, then waits for a word from the test before running
it. The test kills it after a chosen number of reports, at a chosen statement of the next action
(half of the time while it waits, half while it runs the statement), so a busy machine only makes
the test slower."""

from __future__ import annotations

import json
import random
import signal
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

from typer.testing import CliRunner

from wingbeat.cli import app
from wingbeat.play.store import EncounterStore

runner = CliRunner()
KILLS = 20
HANG = 300  # seconds: only stops a player that hangs, never a verdict

# The player: ``wingbeat play …`` commands one after another in one process (imported once, so
# that the kills land among the moves, not in Python's start-up). Before each action it says what
# the action does to the number of entries; after it, the number of entries it confirmed. Once
# ready, it says "sql" before each statement SQLite runs, and waits for a line on its stdin.
PLAYER = r"""
import contextlib, io, json, sqlite3, sys
from wingbeat.cli import app

db = sys.argv[1]
armed = False

def before_a_statement(_statement):
    if armed:  # the command's own output is redirected meanwhile: not print()
        sys.__stdout__.write("sql\n")
        sys.__stdout__.flush()
        sys.stdin.readline()

connect = sqlite3.connect

def traced(*args, **kwargs):
    connection = connect(*args, **kwargs)
    connection.set_trace_callback(before_a_statement)
    return connection

sqlite3.connect = traced
cycle = [("move", "1", "bat", ""), ("move", "1", "chamois", ""), ("next-round", "1")]
for warm_up in (["show", "1"], ["replay", "1"]):  # the imports a move needs, done
    with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):
        app(["play", *warm_up, "--db", db], prog_name="wingbeat")
print("ready", flush=True)
armed = True
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


def play_until_killed(db: Path, reports: int, statement: int, racing: bool) -> str:
    """Start a player, let it end ``reports`` actions, then kill it before (or, ``racing``, as it
    runs) the ``statement``-th SQL statement after them. What it said, whole lines only."""
    player = subprocess.Popen([sys.executable, "-c", PLAYER, str(db)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert player.stdin is not None and player.stdout is not None and player.stderr is not None
    watchdog = threading.Timer(HANG, player.kill)
    watchdog.start()
    said: list[str] = []
    try:
        assert player.stdout.readline().strip() == "ready", player.stderr.read()
        ended = statements = 0
        while True:
            line = player.stdout.readline()
            assert line, f"the player stopped on its own: {player.stderr.read()}"
            said.append(line)
            word = line.split()[0]
            if word in ("done", "refused"):
                ended += 1
            elif word == "sql" and ended >= reports:
                statements += 1
            if word == "sql":
                if statements == statement:
                    if racing:
                        player.stdin.write("go\n")
                        player.stdin.flush()
                    break
                player.stdin.write("go\n")
                player.stdin.flush()
        player.send_signal(signal.SIGKILL)
        said.append(player.stdout.read())  # not communicate(): it would skip what was buffered
        assert player.wait() == -signal.SIGKILL, player.stderr.read()
    finally:
        watchdog.cancel()
        player.kill()
        player.wait()
        for stream in (player.stdin, player.stdout, player.stderr):
            stream.close()
    return "".join(said)


def test_kill_9_during_moves_loses_nothing_confirmed(tmp_path: Path) -> None:
    db = tmp_path / "crash.sqlite3"
    started = runner.invoke(app, ["play", "new", "example:giant-bat", "--seed", "11",
                                  "--order", "bat,chamois", "--db", str(db)])
    assert started.exit_code == 0, started.output
    chance = random.Random(14)
    confirmed = 1
    actions = mid_action = 0
    for kill in range(KILLS):
        said = play_until_killed(db, chance.randint(0, 4), chance.randint(1, 8),
                                 racing=kill % 2 == 1)
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
            elif word != "sql":
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
    # the kills fell among the moves (every waiting kill in the middle of one), not before them
    assert actions > 0 and mid_action >= KILLS // 2, (actions, mid_action)
    replayed = runner.invoke(app, ["play", "replay", "--db", str(db), "--json"])
    shown = runner.invoke(app, ["play", "show", "--db", str(db), "--json"])
    assert replayed.exit_code == 0 and shown.exit_code == 0
    assert json.loads(replayed.stdout)["ok"]
    assert json.loads(replayed.stdout)["state"] == json.loads(shown.stdout)["state"]
