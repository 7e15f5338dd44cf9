"""Hidden creatures in play (issue 27): ``hidden: true`` in every ruleset's scenario, the
state's list of those still hidden, and the game master's ``reveal``: logged, undone, replayed,
and on the command line."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wingbeat.cli import app
from wingbeat.errors import OptionError
from wingbeat.examples import example_text
from wingbeat.play import EncounterStore, Game
from wingbeat.play.engine import REVEAL, Action

AMBUSH = Path(__file__).parent / "data" / "share" / "ambush.yaml"


def hiding_first(text: str) -> tuple[str, str]:
    """``text`` with its first creature marked hidden (its id, its entry given in flow style or
    as a block), and that id."""
    found = re.search(r"\{id: ([\w-]+),|- id: ([\w-]+)\n", text)
    assert found is not None
    creature = found.group(1) or found.group(2)
    if found.group(1):
        marked = text.replace(f"{{id: {creature},", f"{{id: {creature}, hidden: true,", 1)
    else:
        marked = text.replace(f"- id: {creature}\n", f"- id: {creature}\n    hidden: true\n", 1)
    return marked, creature


@pytest.mark.parametrize("example", ["giant-bat", "harpy", "morbid-angel", "pegasi"])
def test_every_ruleset_takes_hidden_and_reveal(example: str) -> None:
    text, creature = hiding_first(example_text(example))
    game = Game.from_scenario_text(text, seed=3)
    assert game.state.hidden == (creature,)
    assert game.state.to_dict()["hidden"] == [creature]
    entry = game.reveal(creature)
    assert game.state.hidden == () and "hidden" not in game.state.to_dict()
    assert entry.events == ({"type": "revealed", "creature": creature},)
    with pytest.raises(OptionError, match="not hidden"):
        game.reveal(creature)
    game.undo()
    assert game.state.hidden == (creature,)


def test_an_encounter_without_hidden_creatures_reads_as_before() -> None:
    game = Game.from_scenario_text(example_text("giant-bat"), seed=1)
    assert "hidden" not in game.state.to_dict()


def test_reveal_is_stored_undone_and_replayed(tmp_path: Path) -> None:
    with EncounterStore(tmp_path / "p.sqlite3") as store:
        info, _entry = store.create(AMBUSH.read_text(encoding="utf-8"), source="ambush", seed=2)
        assert store.current(info.id)[1].state.hidden == ("zz-lurker",)
        store.play(info.id, Action(REVEAL, "zz-lurker"))
        assert store.current(info.id)[1].state.hidden == ()
        assert store.replay(info.id).ok
        store.undo(info.id)
        assert store.current(info.id)[1].state.hidden == ("zz-lurker",)


def test_play_reveal_on_the_command_line(tmp_path: Path) -> None:
    runner = CliRunner()
    db = str(tmp_path / "p.sqlite3")
    assert runner.invoke(app, ["play", "new", str(AMBUSH), "--seed", "2", "--db", db]
                         ).exit_code == 0
    shown = runner.invoke(app, ["play", "show", "1", "--db", db])
    assert "Lurker Qwx (hidden)" in shown.stdout
    done = runner.invoke(app, ["play", "reveal", "1", "zz-lurker", "--db", db, "--json"])
    assert done.exit_code == 0, done.output
    assert json.loads(done.stdout)["entry"]["action"] == {"kind": "reveal",
                                                          "creature": "zz-lurker", "moves": ""}
    again = runner.invoke(app, ["play", "reveal", "1", "zz-lurker", "--db", db])
    assert again.exit_code == 2 and "not hidden" in again.output
