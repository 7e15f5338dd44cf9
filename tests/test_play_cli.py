"""``wingbeat play …``: exit codes 0 / 1 / 2, ``--json`` on each, the database by ``--db``."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from playing import play_json as play
from wingbeat.cli import app

runner = CliRunner()


def test_a_fight_over_two_rounds_from_the_command_line(tmp_path: Path) -> None:
    db = tmp_path / "fight.sqlite3"
    new = play(db, "new", "example:giant-bat", "--seed", "7", "--order", "bat,chamois",
               "--name", "cave")
    assert new["encounter"]["name"] == "cave" and new["state"]["next"] == "bat"
    moved = play(db, "move", "cave", "bat", "U35 down hover")
    assert moved["entry"]["played"][0]["made"] == "U35 down hover"
    assert moved["state"]["pieces"]["bat"]["at"] == "U35"
    play(db, "move", "cave", "chamois", "")
    after = play(db, "next-round", "cave")
    assert after["state"]["round"] == 2
    play(db, "move", "cave", "bat", "V34 down skim")  # not V36: the chamois stands there
    log = play(db, "log", "cave")
    kinds = [e["action"]["kind"] for e in log["entries"]]
    assert kinds == ["start", "move", "move", "next-round", "move"]
    assert log["entries"][-1]["rolls"][0]["rule"] == "V-skim"
    shown = play(db, "show")  # the latest encounter by default
    assert shown["state"]["round"] == 2 and shown["state"]["moved"] == ["bat"]
    assert play(db, "replay", "cave")["ok"] is True
    undone = play(db, "undo", "cave")
    assert undone["undone"]["action"]["kind"] == "move" and undone["state"]["moved"] == []
    listed = play(db, "list")
    assert [(e["name"], e["round"]) for e in listed["encounters"]] == [("cave", 2)]


def test_a_failed_skim_save_logs_what_was_flown(tmp_path: Path) -> None:
    """V-skim (issue 13): "se invece il tiro salvezza fallisce la creatura sarà costretta ad
    atterrare immediatamente sul posto" (if the save fails it must land at once, in place). Seed 1
    rolls 84 against the bat's 50 %: after U35 V36 W37 down down (5 MP > 4, no half-move left) it
    lands violently, its V-land save (45 %) made with 40. The log's cost is the 5 MP flown, not
    the declared 6."""
    db = tmp_path / "skim.sqlite3"
    play(db, "new", "example:giant-bat", "--seed", "1", "--order", "bat,chamois")
    moved = play(db, "move", "1", "bat", "U35 V36 W37 down down skim X38")
    entry = moved["entry"]
    assert [(r["rule"], r["roll"], r["success"]) for r in entry["rolls"]] == [
        ("V-skim", 84, False), ("V-land", 40, True)]
    played = entry["played"][0]
    assert played["declared"] == "U35 V36 W37 down down skim X38"
    assert played["made"] == "U35 V36 W37 down down land-fast"
    assert played["cost"] == "5"
    assert moved["state"]["pieces"]["bat"]["at"] == "W37"
    logged = play(db, "log", "1")["entries"][-1]["played"][0]
    assert (logged["made"], logged["cost"]) == ("U35 V36 W37 down down land-fast", "5")
    assert play(db, "replay", "1")["ok"] is True


def test_an_illegal_move_exits_1_with_its_rule(tmp_path: Path) -> None:
    """V-inertia: U33 is behind the bat's frontal hexes."""
    db = tmp_path / "f.sqlite3"
    play(db, "new", "example:giant-bat", "--seed", "1")
    refused = play(db, "move", "1", "bat", "U33", code=1)
    assert refused["legal"] is False and refused["error"]["rule"] == "V-inertia"
    assert refused["error"]["step"] == 1
    text = runner.invoke(app, ["play", "move", "1", "bat", "U33", "--db", str(db)])
    assert text.exit_code == 1 and "REFUSED at step 1 (U33)" in text.stdout


@pytest.mark.parametrize("args", [
    ["move", "1", "bat", "T39"],             # not a hex
    ["move", "1", "owl", "U35"],             # no such creature
    ["move", "9", "bat", "U35"],             # no such encounter
    ["undo", "1"],                           # nothing to undo
])
def test_bad_input_exits_2(tmp_path: Path, args: list[str]) -> None:
    db = tmp_path / "f.sqlite3"
    play(db, "new", "example:giant-bat", "--seed", "1")
    answer = play(db, *args, code=2)
    assert answer["error"]["message"]


def test_a_missing_scenario_or_bad_order_exits_2(tmp_path: Path) -> None:
    db = tmp_path / "f.sqlite3"
    missing = play(db, "new", str(tmp_path / "nope.yaml"), code=2)
    assert "no such file" in missing["error"]["message"]
    assert "turn order" in play(db, "new", "example:giant-bat", "--order", "bat",
                                code=2)["error"]["message"]
    assert "no encounter" in play(db, "show", code=2)["error"]["message"]


def test_the_default_database_lives_in_xdg_data_home(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    result = runner.invoke(app, ["play", "new", "example:giant-bat", "--seed", "2"])
    assert result.exit_code == 0, result.output
    assert "encounter 1" in result.stdout and "round 1" in result.stdout
    assert (tmp_path / "wingbeat" / "encounters.sqlite3").is_file()
    shown = runner.invoke(app, ["play", "show"])
    assert shown.exit_code == 0 and "Giant bat" in shown.stdout
