"""Playing the tabletop rulesets round by round: ``battlesystem`` (inches, altitude levels) and
``confrontation`` (cm, tiers), through the library, the command line and the web API."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

import wingbeat
from playing import assert_replay_and_undo_agree
from playing import play_json as play
from wingbeat.cli import app
from wingbeat.examples import example_text
from wingbeat.play import Game, RefusedMove
from wingbeat.play.dice import Dice
from wingbeat.rulesets.confrontation.play import ADAPTER as CONFRONTATION
from wingbeat.web.play import create_play_app

runner = CliRunner()


def pegasi() -> Game:
    return Game.from_scenario_text(example_text("pegasi"), seed=3, source="example:pegasi",
                                   order=["pegasi", "griffons"])


def angels() -> Game:
    return Game.from_scenario_text(example_text("morbid-angel"), seed=3,
                                   source="example:morbid-angel",
                                   order=["angel", "gargoyle", "knight", "harpy"])


def events(game: Game, kind: str) -> list[dict[str, Any]]:
    return [e for entry in game.entries for e in entry.events if e["type"] == kind]


# -- battlesystem ------------------------------------------------------------------------------

def test_battlesystem_two_rounds_b_alt_b_form_b_turn() -> None:
    """B-alt: a climb costs a third of the rate; B-form: taking off from closed formation puts
    the griffons in open formation; B-turn: the heading is the last leg's."""
    game = pegasi()
    game.move("pegasi", "up 42,20")
    assert game.state.pieces["pegasi"] == {"at": "42,20", "altitude": "medium", "heading": 90.0,
                                           "formation": "open", "left": False}
    entry = game.move("griffons", "up 40,30")
    griffons = game.state.pieces["griffons"]
    assert (griffons["altitude"], griffons["formation"], griffons["heading"]) == \
        ("low", "open", 270.0)
    assert [(e["type"], e["rule"], e["creature"]) for e in entry.events] == \
        [("formation", "B-form", "griffons")]
    game.next_round()
    # two legs, east then north: 20" is half the 48" rate, so category C turns 90°
    game.move("pegasi", "52,20 52,30")
    assert game.state.pieces["pegasi"]["heading"] == 0.0
    assert game.state.pieces["pegasi"]["at"] == "52,30"
    game.next_round()
    assert game.state.round == 3 and game.state.pieces["griffons"]["at"] == "40,30"


def test_battlesystem_turn_limit_is_per_round_from_the_new_heading() -> None:
    """B-turn: each round's turn is measured from the heading the last round ended on."""
    game = pegasi()
    game.move("pegasi", "20,20 20,30")          # heading 90 → 0, 90° at half speed
    game.next_round()
    game.move("pegasi", "10,30")                # 0 → 270: another 90°, a new round's allowance
    assert game.state.pieces["pegasi"]["heading"] == 270.0


def test_battlesystem_refused_turn_names_b_turn_and_changes_nothing() -> None:
    """B-turn: mounted category C turns as D (60°) past half speed; 40" north after heading
    east is a 90° turn spending more than half the rate."""
    game = pegasi()
    before = game.state
    with pytest.raises(RefusedMove) as refused:
        game.move("pegasi", "10,45 10,46")
    assert refused.value.rule == "B-turn" and refused.value.creature == "pegasi"
    assert refused.value.report is not None and refused.value.report["legal"] is False
    assert game.state == before and len(game.entries) == 1


def test_battlesystem_unit_leaving_the_battlefield_is_out_of_play() -> None:
    """B-alt: flying above high altitude leaves the battlefield; the unit is removed from play."""
    game = pegasi()
    entry = game.move("pegasi", "high leave")
    assert [e["type"] for e in entry.events] == ["left-battlefield"]
    assert entry.events[0]["rule"] == "B-alt" and entry.events[0]["creature"] == "pegasi"
    assert game.state.pieces["pegasi"]["left"] is True
    adapter = game.setup.adapter
    assert "removed from play" in adapter.describe(game.state.pieces["pegasi"])
    drawn = adapter.scenario_now(game.setup.scenario, game.state.pieces)
    assert [u.id for u in drawn.battle.units] == ["griffons"]
    game.next_round()                            # it holds: nothing more to do
    with pytest.raises(RefusedMove) as refused:
        game.move("pegasi", "up")
    assert refused.value.rule == "B-alt" and refused.value.step == 1
    game.move("pegasi", "")                      # holding is all a departed unit does
    assert game.state.pieces["pegasi"]["left"] is True


# -- confrontation ----------------------------------------------------------------------------

def test_confrontation_two_rounds_c_change_and_c_dive() -> None:
    """C-change: going down from tier 2 costs 5 cm; C-dive: a dive charge from tier 2 onto the
    knight at tier 1 gives INI/ATT/FOR +2, logged for the game master."""
    game = angels()
    entry = game.move("angel", "down 30,40")
    assert game.state.pieces["angel"]["tier"] == 1
    assert game.state.pieces["angel"]["at"] == "30,40"
    assert entry.events[0]["type"] == "tier-change" and entry.events[0]["change"] == "descent"
    game.move("gargoyle", "up 44,36")
    game.move("harpy", "80,35")
    renew = game.next_round()
    renewed = sorted(e["creature"] for e in renew.events if e["type"] == "tier-change-renews")
    assert renewed == ["angel", "gargoyle"]
    assert game.state.pieces["gargoyle"]["changed"] is None
    dive = game.move("gargoyle", "dive:knight")
    bonus = [e for e in dive.events if e["type"] == "dive-charge"]
    assert bonus and bonus[0]["bonuses"] == {"INI": 2, "ATT": 2, "FOR": 2}
    assert bonus[0]["rule"] == "C-dive" and bonus[0]["target"] == "knight"
    piece = game.state.pieces["gargoyle"]  # in contact with the knight's counter (C-dive)
    assert (piece["tier"], piece["dive"]) == (1, "knight") and piece["at"] != "35,38"
    x, y = (float(c) for c in piece["at"].split(","))
    assert math.hypot(x - 35, y - 38) == pytest.approx(2.5, abs=1e-6)
    now = CONFRONTATION.scenario_now(game.setup.scenario, game.state.pieces)
    assert wingbeat.engagement(now, "gargoyle", "knight").engagement == "melee"  # read back
    landed = game.move("angel", "down")
    assert [e["type"] for e in landed.events] == ["tier-change", "landed"]
    assert game.state.pieces["angel"]["tier"] == 0
    game.next_round()
    assert game.state.round == 3 and game.state.pieces["gargoyle"]["dive"] is None


def test_confrontation_second_tier_change_in_a_turn_is_refused() -> None:
    """C-change: one change of tier a turn; the refusal names the step of the second one."""
    game = angels()
    with pytest.raises(RefusedMove) as refused:
        game.move("harpy", "up 75,40 down")
    assert refused.value.rule == "C-change"
    assert (refused.value.step, refused.value.move) == (3, "down")
    assert game.state.pieces["harpy"]["tier"] == 1


def test_confrontation_the_piece_remembers_its_change_until_the_turn_ends() -> None:
    """C-change: a fighter whose piece changed tier this turn cannot change again before the
    round ends (the adapter's own guard, whatever the engine lets through)."""
    game = angels()
    game.move("gargoyle", "up")
    pieces = game.state.pieces
    played = CONFRONTATION.move(game.setup.scenario, pieces, "gargoyle", "50,40 down",
                                Dice(3, 9))
    assert played.legal is False and played.error is not None
    assert played.error.rule == "C-change" and played.error.step == 2
    renewed, _ = CONFRONTATION.end_round(game.setup.scenario, pieces)
    again = CONFRONTATION.move(game.setup.scenario, renewed, "gargoyle", "50,40 down",
                               Dice(3, 9))
    assert again.legal is True and again.piece["tier"] == 1


def test_confrontation_tier_change_renews_next_round() -> None:
    """C-change: the gargoyle climbs in round 1 and comes down again in round 2."""
    game = angels()
    game.move("gargoyle", "up")
    game.next_round()
    game.move("gargoyle", "down 50,40")
    assert game.state.pieces["gargoyle"]["tier"] == 1
    assert game.state.pieces["gargoyle"]["changed"] == "descent"


def landing() -> Game:
    text = (Path(__file__).resolve().parent.parent / "examples" / "confrontation" /
            "landing.yaml").read_text()
    return Game.from_scenario_text(text, seed=3, source="landing.yaml",
                                   order=["angel", "knight", "squire"])


def test_confrontation_after_landing_redirect_and_pursue_in_play() -> None:
    """C-change: « Un combattant peut rediriger son assaut après l'atterrissage si sa cible n'est
    plus là » (a fighter may redirect its assault after landing if its target is gone) and « Il
    peut également effectuer un mouvement de poursuite pendant la phase de corps à corps » (it may
    also make a pursuit move in the melee phase). Play keeps one move a round, so both follow the
    dive in the same declared move; the pursuit loses the dive's bonuses (C-dive)."""
    game = landing()
    entry = game.move("angel", "dive:knight redirect:squire pursue 31,14", {"factor": 2})
    assert [e["type"] for e in entry.events] == ["tier-change", "dive-charge", "redirect",
                                                 "pursuit"]
    redirect = entry.events[2]
    assert (redirect["gone"], redirect["target"], redirect["rule"]) == ("knight", "squire",
                                                                        "C-change")
    assert "bonuses are lost" in entry.events[3]["note"]
    piece = game.state.pieces["angel"]
    assert (piece["at"], piece["tier"], piece["landed"], piece["dive"]) == \
        ("31,14", 0, True, None)
    assert entry.played[0]["made"] == "dive:knight redirect:squire pursue 31,14"


def test_confrontation_dive_onto_the_ground_and_bases_in_play() -> None:
    """C-dive: measured to the edge of the knight's base (12.25 of 12.5 cm), the angel lands in
    base contact and keeps its bonuses; C-terrain: on the ground the squire cannot walk through
    the knight's base, nor, once it has landed, the angel's."""
    game = landing()
    game.move("angel", "dive:knight")
    piece = game.state.pieces["angel"]
    assert (piece["at"], piece["tier"], piece["dive"]) == ("31,20", 0, "knight")
    with pytest.raises(RefusedMove) as refused:
        game.move("squire", "33.5,15")
    assert refused.value.rule == "C-terrain" and "Knight's base" in refused.value.message
    with pytest.raises(RefusedMove) as refused:
        game.move("squire", "31,24 29,20")
    assert refused.value.rule == "C-terrain" and refused.value.step == 2
    assert "Morbid angel's base" in refused.value.message


# -- undo and replay --------------------------------------------------------------------------

@pytest.mark.parametrize("make, moves", [
    (pegasi, [("pegasi", "up 42,20"), ("griffons", "up 40,30"), None, ("pegasi", "high leave")]),
    (angels, [("angel", "down 30,40"), ("gargoyle", "up 44,36"), None,
              ("gargoyle", "dive:knight")]),
])
def test_undo_and_replay_give_identical_states(make: Any, moves: list[Any]) -> None:
    game = make()
    for move in moves:
        if move is None:
            game.next_round()
        else:
            game.move(*move)
    assert_replay_and_undo_agree(game)


# -- the command line and the web API ---------------------------------------------------------

def test_battlesystem_from_the_command_line(tmp_path: Path) -> None:
    db = tmp_path / "fight.sqlite3"
    new = play(db, "new", "example:pegasi", "--seed", "3", "--name", "sky")
    assert new["encounter"]["ruleset"] == "battlesystem"
    assert set(new["state"]["order"]) == {"pegasi", "griffons"}
    moved = play(db, "move", "sky", "pegasi", "up 42,20")
    assert moved["state"]["pieces"]["pegasi"]["altitude"] == "medium"
    play(db, "move", "sky", "griffons", "up 40,30")
    assert play(db, "next-round", "sky")["state"]["round"] == 2
    refused = play(db, "move", "sky", "pegasi", "42,45", code=1)
    assert refused["legal"] is False and refused["error"]["rule"] == "B-turn"
    play(db, "move", "sky", "pegasi", "52,20 52,30")
    assert play(db, "next-round", "sky")["state"]["round"] == 3
    shown = play(db, "show", "sky")
    assert shown["state"]["pieces"]["pegasi"]["heading"] == 0.0
    assert shown["describe"]["griffons"].startswith("40,30 low")
    assert shown["board"]["grid"] == "table"
    kinds = [e["action"]["kind"] for e in play(db, "log", "sky")["entries"]]
    assert kinds == ["start", "move", "move", "next-round", "move", "next-round"]
    assert play(db, "replay", "sky")["ok"] is True
    undone = play(db, "undo", "sky")
    assert undone["undone"]["action"]["kind"] == "next-round" and undone["state"]["round"] == 2


def test_confrontation_from_the_command_line(tmp_path: Path) -> None:
    db = tmp_path / "fight.sqlite3"
    play(db, "new", "example:morbid-angel", "--seed", "3", "--order",
         "angel,gargoyle,knight,harpy")
    play(db, "move", "1", "angel", "down 30,40")
    refused = play(db, "move", "1", "gargoyle", "up 44,36 down", code=1)
    assert refused["error"]["rule"] == "C-change" and refused["error"]["step"] == 3
    play(db, "move", "1", "gargoyle", "up 44,36")
    after = play(db, "next-round", "1")
    assert after["state"]["round"] == 2
    assert {e["creature"] for e in after["entry"]["events"]
            if e["type"] == "tier-change-renews"} == {"angel", "gargoyle"}
    dive = play(db, "move", "1", "gargoyle", "dive:knight")
    assert dive["entry"]["events"][-1]["bonuses"] == {"INI": 2, "ATT": 2, "FOR": 2}
    play(db, "next-round", "1")
    assert play(db, "replay", "1")["ok"] is True
    text = runner.invoke(app, ["play", "log", "1", "--db", str(db)])
    assert text.exit_code == 0 and "gargoyle dive-charges knight" in text.stdout


@pytest.mark.parametrize("example, creature, moves", [
    ("example:pegasi", "pegasi", "up 42,20"),
    ("example:morbid-angel", "angel", "down 30,40"),
])
def test_tabletop_play_over_the_api_with_its_map(tmp_path: Path, example: str, creature: str,
                                                 moves: str) -> None:
    web = TestClient(create_play_app(tmp_path / "web.sqlite3"), base_url="http://127.0.0.1")
    new = web.post("/api/play/encounters", json={"scenario": example, "seed": 3})
    assert new.status_code == 200, new.text
    ref = new.json()["encounter"]["id"]
    moved = web.post(f"/api/play/encounters/{ref}/moves",
                     json={"creature": creature, "moves": moves})
    assert moved.status_code == 200, moved.text
    assert moved.json()["state"]["pieces"][creature]["at"] == moves.split()[-1]
    picture = web.get(f"/api/play/encounters/{ref}/map.svg")
    assert picture.status_code == 200 and picture.text.startswith("<svg")
    assert web.post(f"/api/play/encounters/{ref}/next-round", json={}).json()["state"]["round"] == 2
