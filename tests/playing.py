"""What the play tests share: the ``play`` command's JSON on a database of the test's own, and a
game's log replayed and undone."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from wingbeat.cli import app
from wingbeat.play import Game

runner = CliRunner()


def play_json(db: Path, *args: str, code: int = 0) -> Any:
    """``wingbeat play ARGS --db DB --json``'s answer; the command must exit with ``code``."""
    result = runner.invoke(app, ["play", *args, "--db", str(db), "--json"])
    assert result.exit_code == code, result.output
    return json.loads(result.stdout)


def assert_replay_and_undo_agree(game: Game) -> None:
    """The game's actions played again from its set-up give the same entries; undoing its last
    action gives back the state before it, and playing that action again gives the same entry."""
    again = Game(game.setup, game.actions)
    assert [e.to_dict() for e in again.entries] == [e.to_dict() for e in game.entries]
    last = game.entries[-1]
    before = game.entries[-2].state
    game.undo()
    assert game.state == before
    assert game.play(last.action).to_dict() == last.to_dict()
