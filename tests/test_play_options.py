"""A declared move played under the ruleset's query options (``--option KEY=VALUE``), as
``wingbeat check`` takes them: a confrontation run (C-mou), a pursuit move (C-change); kept in
the log, so undo and replay make the same move again; refused when they belong in the scenario."""

from __future__ import annotations

import json
import sqlite3
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from playing import assert_replay_and_undo_agree
from wingbeat.cli import app
from wingbeat.errors import OptionError
from wingbeat.examples import example_text
from wingbeat.play import Action, EncounterStore, Game, RefusedMove
from wingbeat.web.play import create_play_app

runner = CliRunner()
ORDER = ["angel", "gargoyle", "knight", "harpy"]

#: The morbid angel's descending run (seed 004, C-change and C-mou): at tier 2, air MOU 17.5; going
#: down costs 5 cm, a run doubles what is left: (17.5 − 5) × 2 = 25 cm, 30,30 → 30,55 at tier 1.
RUN = "down 30,55"


def angels() -> Game:
    return Game.from_scenario_text(example_text("morbid-angel"), seed=3,
                                   source="example:morbid-angel", order=ORDER)


def played_cost(game: Game) -> Any:
    return game.entries[-1].played[0]["cost"]


# -- confrontation: C-mou's factor, C-change's pursuit ------------------------------------------

def test_a_run_doubles_the_reduced_mou_where_a_walk_is_too_far() -> None:
    """C-mou Decision (a run multiplies MOU) and C-change (going down: air MOU − 5)."""
    game = angels()
    with pytest.raises(RefusedMove) as walk:
        game.move("angel", RUN)
    assert (walk.value.rule, walk.value.step, walk.value.move) == ("C-change", 2, "30,55")
    assert "12.5 cm" in walk.value.message
    assert len(game.entries) == 1

    entry = game.move("angel", RUN, {"factor": 2})
    assert game.state.pieces["angel"] == {"at": "30,55", "tier": 1, "changed": "descent",
                                          "landed": False, "dive": None}
    assert played_cost(game) == "25"
    assert entry.action.to_dict() == {"kind": "move", "creature": "angel", "moves": RUN,
                                      "options": {"factor": 2}}
    assert "#1 round 1: angel: down 30,55 (factor=2)" in entry.to_text()


def test_a_run_is_no_further_than_its_budget() -> None:
    """C-mou: 25 cm is the whole budget of the run: a millimetre more is refused."""
    game = angels()
    with pytest.raises(RefusedMove) as refused:
        game.move("angel", "down 30,55.1", {"factor": 2})
    assert (refused.value.rule, refused.value.step) == ("C-change", 2)
    assert "25 cm" in refused.value.message


def test_an_exact_fraction_factor_is_kept_as_its_text() -> None:
    """C-mou: (17.5 − 5) × 5/2 = 31.25 cm, exactly; the log keeps ``5/2``."""
    game = angels()
    with pytest.raises(RefusedMove, match=r"31\.25 cm"):
        game.move("angel", "down 30,61.3", {"factor": Fraction(5, 2)})
    entry = game.move("angel", "down 30,61.25", {"factor": Fraction(5, 2)})
    assert entry.action.options == (("factor", "5/2"),)
    assert played_cost(game) == "31.25"


def test_a_pursuit_move_cannot_change_tier() -> None:
    """C-change: "never during a pursuit move"; the checker's rule is C-change."""
    game = angels()
    with pytest.raises(RefusedMove) as refused:
        game.move("harpy", "up", {"pursuit": True})
    assert (refused.value.rule, refused.value.step, refused.value.move) == ("C-change", 1, "up")
    assert refused.value.message == "no change of tier during a pursuit move"
    game.move("harpy", "80,35", {"pursuit": True})
    assert game.state.pieces["harpy"]["changed"] is None
    assert game.state.pieces["harpy"]["at"] == "80,35"


# -- the log: undo and replay -------------------------------------------------------------------

def test_options_survive_replay_and_undo() -> None:
    game = angels()
    game.move("angel", RUN, {"factor": 2})
    game.move("harpy", "80,35", {"pursuit": True})
    game.next_round()
    game.move("angel", "30,80", {"factor": 2})      # 25 cm: more than air MOU 17.5, not 35
    assert_replay_and_undo_agree(game)
    # the same move without its option is another move: factor 1 is too short
    game.undo()
    with pytest.raises(RefusedMove):
        game.move("angel", "30,80")


def test_the_store_keeps_options_and_replays_them(tmp_path: Path) -> None:
    db = tmp_path / "fight.sqlite3"
    with EncounterStore(db) as store:
        info, _ = store.create(example_text("morbid-angel"), source="example:morbid-angel",
                               seed=3, order=ORDER)
        store.move(info.id, "angel", RUN, {"factor": 2})
        store.move(info.id, "gargoyle", "up")
    with EncounterStore(db) as store:
        _, entries = store.entries(info.id)
        assert entries[1].action == Action.declare("angel", RUN, {"factor": 2})
        assert entries[2].action.options == ()
        assert store.replay(info.id).ok
        removed, now = store.undo(info.id)
        removed, now = store.undo(info.id)
        assert removed.action.option_map == {"factor": 2} and now.number == 0
        assert store.move(info.id, "angel", RUN, {"factor": 2}).to_dict() == \
            entries[1].to_dict()


def test_an_old_log_without_options_still_loads_and_replays(tmp_path: Path) -> None:
    """A log written before moves took options: its actions have no ``options`` key."""
    db = tmp_path / "old.sqlite3"
    with EncounterStore(db) as store:
        info, _ = store.create(example_text("morbid-angel"), source="example:morbid-angel",
                               seed=3, order=ORDER)
        store.move(info.id, "angel", "down 30,40")
        store.next_round(info.id)
        store.move(info.id, "angel", "30,50")
    with sqlite3.connect(db) as raw:
        actions = [json.loads(row[0]) for row in
                   raw.execute("SELECT action FROM entries ORDER BY number")]
    # exactly what the store wrote before: no new key where no option was given
    assert actions == [{"kind": "start"},
                       {"kind": "move", "creature": "angel", "moves": "down 30,40"},
                       {"kind": "next-round"},
                       {"kind": "move", "creature": "angel", "moves": "30,50"}]
    with EncounterStore(db) as store:
        assert store.replay(info.id).ok
        _, entries = store.entries(info.id)
        assert [e.action.options for e in entries] == [()] * 4


def test_only_a_declared_move_takes_options() -> None:
    game = angels()
    with pytest.raises(OptionError, match="only a declared move takes query options"):
        game.play(Action("next-round", options=(("factor", 2),)))
    with pytest.raises(OptionError, match="true, false, a number or a word"):
        game.move("angel", RUN, {"factor": [2]})
    assert len(game.entries) == 1


# -- options one move cannot carry --------------------------------------------------------------

GAMES = {
    "volare": ("giant-bat", "bat", "U35 down hover", ["bat", "chamois"]),
    "dnd5e": ("harpy", "harpy", "C3", ["harpy", "fighter", "scout"]),
    "battlesystem": ("pegasi", "pegasi", "up 42,20", ["pegasi", "griffons"]),
    "confrontation": ("morbid-angel", "angel", "down 30,40", ORDER),
}


def game_of(ruleset: str) -> tuple[Game, str, str]:
    example, creature, moves, order = GAMES[ruleset]
    return (Game.from_scenario_text(example_text(example), seed=2, source=f"example:{example}",
                                    order=order), creature, moves)


@pytest.mark.parametrize(("ruleset", "key", "value", "reason"), [
    ("dnd5e", "units", "m", "set it in the scenario's options"),
    ("dnd5e", "diagonals", "dmg", "set it in the scenario's options"),
    ("dnd5e", "fall_rate", True, "a fall goes on from one turn to the next"),
    ("dnd5e", "flyer_fall", True, "a fall goes on from one turn to the next"),
    ("volare", "no_checks", True, "only narrows a search"),
    ("volare", "can_act", True, "only narrows a search"),
    ("battlesystem", "no_checks", True, "only narrows a search"),
    ("confrontation", "no_checks", True, "only narrows a search"),
])
def test_options_that_belong_elsewhere_are_refused(ruleset: str, key: str, value: Any,
                                                   reason: str) -> None:
    game, creature, moves = game_of(ruleset)
    with pytest.raises(OptionError) as refused:
        game.move(creature, moves, {key: value})
    assert str(refused.value).startswith(f"option {key} does not go with one move in play: ")
    assert reason in str(refused.value)
    assert len(game.entries) == 1
    game.move(creature, moves)                      # the move itself is legal


# -- the command line: the same errors as wingbeat check ----------------------------------------

def cli(*args: str) -> Any:
    return runner.invoke(app, list(args))


def new_encounter(db: Path, example: str = "example:morbid-angel",
                  order: list[str] = ORDER) -> None:
    made = cli("play", "new", example, "--seed", "3", "--order", ",".join(order), "--db", str(db))
    assert made.exit_code == 0, made.output


def test_play_move_takes_option_from_the_command_line(tmp_path: Path) -> None:
    db = tmp_path / "fight.sqlite3"
    new_encounter(db)
    walk = cli("play", "move", "1", "angel", RUN, "--db", str(db), "--json")
    assert walk.exit_code == 1 and json.loads(walk.stdout)["error"]["rule"] == "C-change"
    run = cli("play", "move", "1", "angel", RUN, "--option", "factor=2", "--db", str(db),
              "--json")
    assert run.exit_code == 0, run.output
    data = json.loads(run.stdout)
    assert data["entry"]["action"]["options"] == {"factor": 2}
    assert data["entry"]["played"][0]["cost"] == "25"
    held = cli("play", "move", "1", "gargoyle", "", "--db", str(db), "--json")
    assert "options" not in json.loads(held.stdout)["entry"]["action"]
    log = cli("play", "log", "1", "--db", str(db))
    assert "#1 round 1: angel: down 30,55 (factor=2)" in log.stdout
    pursuit = cli("play", "move", "1", "harpy", "80,35", "--option", "pursuit=true",
                  "--option", "factor=2", "--db", str(db))
    assert pursuit.exit_code == 0, pursuit.output
    shown = cli("play", "show", "1", "--db", str(db))
    assert "last action: #3 round 1: harpy: 80,35 (factor=2, pursuit=true)" in shown.stdout
    assert cli("play", "replay", "1", "--db", str(db)).exit_code == 0


@pytest.mark.parametrize("option", ["bogus=1", "factor=0", "factor=fast", "pursuit=2", "factor"])
def test_a_bad_option_reads_as_in_check_and_writes_nothing(tmp_path: Path, option: str) -> None:
    db = tmp_path / "fight.sqlite3"
    new_encounter(db)
    played = cli("play", "move", "1", "angel", RUN, "--option", option, "--db", str(db))
    checked = cli("check", "example:morbid-angel", "angel", RUN, "--option", option)
    assert played.exit_code == checked.exit_code == 2
    assert played.stderr == checked.stderr and played.stderr.startswith("error: ")
    with EncounterStore(db) as store:
        assert len(store.entries("1")[1]) == 1


def test_volare_names_what_check_takes(tmp_path: Path) -> None:
    db = tmp_path / "cave.sqlite3"
    new_encounter(db, "example:giant-bat", ["bat", "chamois"])
    played = cli("play", "move", "1", "bat", "U35 down hover", "--option", "factor=2",
                 "--db", str(db))
    assert played.exit_code == 2
    assert "volare does not know the option(s) factor" in played.stderr


# -- the web API ---------------------------------------------------------------------------------

def test_the_api_takes_a_moves_options(tmp_path: Path) -> None:
    web = TestClient(create_play_app(tmp_path / "web.sqlite3"), base_url="http://127.0.0.1")
    ref = web.post("/api/play/encounters", json={"scenario": "example:morbid-angel", "seed": 3,
                                                 "order": ORDER}).json()["encounter"]["id"]
    moves = f"/api/play/encounters/{ref}/moves"
    walk = web.post(moves, json={"creature": "angel", "moves": RUN})
    assert walk.status_code == 409 and walk.json()["error"]["rule"] == "C-change"
    for bad, words in [(["bogus=1"], "does not know the option(s) bogus"),
                       (["factor"], "expected --option KEY=VALUE"),
                       (["no_checks=true"], "does not go with one move")]:
        refused = web.post(moves, json={"creature": "angel", "moves": RUN, "options": bad})
        assert refused.status_code == 400 and words in refused.json()["error"]["message"]
    run = web.post(moves, json={"creature": "angel", "moves": RUN, "options": ["factor=2"]})
    assert run.status_code == 200, run.text
    assert run.json()["entry"]["action"]["options"] == {"factor": 2}
    log = web.get(f"/api/play/encounters/{ref}/log").json()["entries"]
    assert [e["action"].get("options") for e in log] == [None, {"factor": 2}]
    assert web.get(f"/api/play/encounters/{ref}/replay").json()["ok"] is True
