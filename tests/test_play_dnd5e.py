"""The play engine on ``dnd5e``: opportunity attacks logged, falls rolled, speeds renewed, the GM's
condition changes, undo and replay — through the library, the store, the command line and the API.

Each test names the rule it plays (``D-fly``, ``D-speed`` …, ``rules/dnd5e.md``). The fall damage
is checked against the dice actually rolled and logged, never against a number a seed happens to
give.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import wingbeat
from playing import play_json as cli
from wingbeat.cli import app
from wingbeat.errors import NotationError, OptionError, ScenarioError
from wingbeat.examples import example_text
from wingbeat.play import EncounterStore, Game, RefusedMove, Setup, replay
from wingbeat.rulesets.dnd5e.rounds import change_text, parse_change
from wingbeat.web.play import create_play_app

runner = CliRunner()


def dnd_text(creatures: list[dict[str, Any]], *, columns: int = 12, rows: int = 12,
             top: int = 12, grid: str = "square", **options: Any) -> str:
    data: dict[str, Any] = {"ruleset": "dnd5e",
                            "map": {"grid": grid, "columns": columns, "rows": rows, "top": top},
                            "creatures": creatures}
    if options:
        data["options"] = options
    return yaml.safe_dump(data)


def harpy(**extra: Any) -> dict[str, Any]:
    """No hover: it falls when knocked prone or at speed 0 (D-fly)."""
    fields: dict[str, Any] = {"id": "harpy", "speed": {"walk": 20, "fly": 40}, "at": "C3",
                              "altitude": 6, "side": "monsters"}
    fields.update(extra)
    return fields


def wasp(**extra: Any) -> dict[str, Any]:
    """It hovers: knocked prone, it stays aloft."""
    fields: dict[str, Any] = {"id": "wasp", "speed": {"walk": 10, "fly": 50}, "hover": True,
                              "at": "H8", "altitude": 4, "side": "monsters"}
    fields.update(extra)
    return fields


def knight(**extra: Any) -> dict[str, Any]:
    fields: dict[str, Any] = {"id": "knight", "speed": {"walk": 30}, "at": "J10",
                              "side": "party"}
    fields.update(extra)
    return fields


def game(creatures: list[dict[str, Any]], seed: int = 1, **options: Any) -> Game:
    text = dnd_text(creatures, **options)
    return Game.from_scenario_text(text, seed=seed, order=[c["id"] for c in creatures])


def harpy_game(seed: int = 5) -> Game:
    return Game.from_scenario_text(example_text("harpy"), seed=seed,
                                   order=["harpy", "fighter", "scout"])


def events(entry: Any, kind: str) -> list[dict[str, Any]]:
    return [e for e in entry.events if e["type"] == kind]


def fall_rolls(entry: Any) -> list[dict[str, Any]]:
    return [r for r in entry.rolls if r["kind"] == "fall damage"]


# -- a seeded encounter, round by round -----------------------------------------------------------
def test_two_rounds_log_the_opportunity_attack_the_check_reports() -> None:
    """D-creatures: leaving the fighter's reach after the action provokes at step 4 (C3+up)."""
    g = harpy_game()
    moves = "C3+down D3 action C3+up"
    entry = g.move("harpy", moves)
    attacks = events(entry, "opportunity-attack")
    assert [(a["creature"], a["by"], a["step"], a["move"], a["rule"]) for a in attacks] == [
        ("harpy", "fighter", 4, "C3+up", "D-creatures")]
    checked = wingbeat.check(wingbeat.open_scenario("example:harpy"), "harpy", moves).to_dict()
    assert [(e["by"], e["step"]) for e in checked["events"]] == [
        (a["by"], a["step"]) for a in attacks]
    piece = g.state.pieces["harpy"]
    assert (piece["at"], piece["altitude"], piece["mode"]) == ("C3", 2, "fly")
    assert (piece["spent"], piece["action"]) == (checked["turn"]["total"], "used") == ("15", "used")
    assert entry.rolls == () and g.state.damage["harpy"] == 0
    g.move("fighter", "")
    over = g.next_round()  # the prone scout holds, and stays prone
    assert over.played[0]["creature"] == "scout"
    assert g.state.round == 2 and g.state.moved == ()
    assert [e["creature"] for e in events(over, "speeds-renew")] == ["harpy"]
    assert [e["creature"] for e in events(over, "still-prone")] == ["scout"]
    assert g.state.pieces["scout"]["prone"] is True
    assert (g.state.pieces["harpy"]["spent"], g.state.pieces["harpy"]["action"]) == ("0", "unused")
    # round 2: the fighter walks off; the harpy flies past it again
    g.move("fighter", "E E")
    second = g.move("harpy", "D3 E3 F3 G3")
    assert g.state.pieces["harpy"]["at"] == "G3"
    assert [a["by"] for a in events(second, "opportunity-attack")] == []
    assert g.state.round == 2 and g.state.moved == ("fighter", "harpy")


def test_speeds_renew_at_the_end_of_the_round() -> None:
    """D-speed: 40 ft of flight a turn; Dash doubles it; both renew with the next round."""
    g = game([harpy(at="A1", altitude=2), knight()], columns=30)
    with pytest.raises(RefusedMove) as refused:
        g.move("harpy", " ".join(["E"] * 9))  # 45 ft: more than its fly speed
    assert refused.value.rule == "D-speed" and refused.value.step == 9
    assert g.state.moved == () and len(g.entries) == 1  # a refusal changes nothing
    g.move("harpy", " ".join(["E"] * 8))
    assert g.state.pieces["harpy"]["at"] == "I1" and g.state.pieces["harpy"]["spent"] == "40"
    with pytest.raises(RefusedMove, match="already moved"):
        g.move("harpy", "E")
    over = g.next_round()
    renewed = events(over, "speeds-renew")
    assert [(e["creature"], e["spent"], e["rule"]) for e in renewed] == [("harpy", "40", "D-speed")]
    assert g.state.pieces["harpy"]["spent"] == "0"
    g.move("harpy", "dash " + " ".join(["E"] * 16))  # a whole new turn: Dash gives 80 ft
    piece = g.state.pieces["harpy"]
    assert (piece["at"], piece["spent"], piece["action"]) == ("Y1", "80", "dash")
    assert "moved 80 ft, action dash" in g.setup.adapter.describe(piece)


def test_a_creature_that_cannot_act_renews_nothing() -> None:
    """D-turn: a stunned creature holds; it used no movement and no action, so nothing renews."""
    g = game([knight(conditions=["stunned"]), harpy()])
    g.move("knight", "")
    assert g.state.pieces["knight"]["action"] == "none (cannot act)"
    over = g.next_round()
    assert [e["creature"] for e in events(over, "speeds-renew")] == []


# -- D-fly: falling -------------------------------------------------------------------------------
def test_a_flyer_knocked_prone_falls_with_its_damage_rolled() -> None:
    """D-fly: knocked prone 30 ft up without hover, it falls: 3d6 rolled, lands prone."""
    g = game([harpy(), knight()], seed=11)
    entry = g.condition("harpy", "prone")
    assert entry.action.kind == "condition" and g.state.moved == () and g.state.round == 1
    (roll,) = fall_rolls(entry)
    assert roll["dice"] == "3d6" and roll["rule"] == "D-fly" and len(roll["faces"]) == 3
    assert roll["total"] == sum(roll["faces"])
    (fall,) = events(entry, "fall")
    assert (fall["feet"], fall["damage"], fall["rolled"], fall["prone"], fall["cause"]) == (
        30, "3d6", roll["total"], True, "knocked prone")
    assert [e.get("gains") for e in events(entry, "condition")] == ["prone"]
    piece = g.state.pieces["harpy"]
    assert (piece["altitude"], piece["prone"], piece["conditions"]) == (0, True, ["prone"])
    assert g.state.damage["harpy"] == roll["total"]
    # on the ground and prone it cannot take off before it stands (D-prone)
    with pytest.raises(RefusedMove) as refused:
        g.move("harpy", "up")
    assert refused.value.rule == "D-prone"
    g.move("harpy", "stand up")  # stand: half its walking speed (10 ft), then 5 ft up
    assert g.state.pieces["harpy"]["spent"] == "15" and g.state.pieces["harpy"]["altitude"] == 1


def test_a_hovering_flyer_knocked_prone_stays_aloft() -> None:
    """D-fly: a creature that can hover does not fall when knocked prone."""
    g = game([wasp(), knight()])
    entry = g.condition("wasp", "prone")
    assert fall_rolls(entry) == [] and events(entry, "fall") == []
    piece = g.state.pieces["wasp"]
    assert (piece["altitude"], piece["prone"], piece["mode"]) == (4, True, "fly")
    assert g.state.damage["wasp"] == 0
    g.move("wasp", "stand up")  # standing aloft costs half its fly speed (D-prone, Decision 6)
    assert g.state.pieces["wasp"]["spent"] == "30" and not g.state.pieces["wasp"]["prone"]


def test_speed_zero_makes_a_flyer_fall_and_no_damage_means_not_prone() -> None:
    """D-fly: grappled (speed 0) 5 ft up, it falls; no damage, so it does not land prone."""
    g = game([harpy(altitude=1), knight()])
    entry = g.condition("harpy", "grappled")
    (fall,) = events(entry, "fall")
    assert (fall["feet"], fall["damage"], fall["rolled"], fall["prone"]) == (5, None, 0, False)
    assert fall["cause"] == "speed 0 (grappled)" and fall_rolls(entry) == []
    piece = g.state.pieces["harpy"]
    assert (piece["altitude"], piece["prone"], piece["conditions"]) == (0, False, ["grappled"])
    with pytest.raises(RefusedMove) as refused:
        g.move("harpy", "E")
    assert refused.value.rule == "D-speed"
    ended = g.condition("harpy", "-grappled")
    assert events(ended, "fall") == [] and g.state.pieces["harpy"]["conditions"] == []
    g.move("harpy", "E")  # free again: it walks


def test_an_unconscious_flyer_falls_prone_even_without_damage() -> None:
    """D-fly and SRD appendix A: unconscious, its speed is 0 and it falls prone."""
    g = game([harpy(altitude=1), knight()])
    entry = g.condition("harpy", "unconscious")
    assert [(e.get("gains"), e["rule"]) for e in events(entry, "condition")] == [
        ("unconscious", "D-fly"), ("prone", "D-prone")]
    (fall,) = events(entry, "fall")
    assert (fall["feet"], fall["damage"], fall["cause"]) == (5, None, "unconscious: falls prone")
    piece = g.state.pieces["harpy"]
    assert (piece["altitude"], piece["conditions"]) == (0, ["prone", "unconscious"])
    assert "prone, unconscious" in g.setup.adapter.describe(piece)


def test_dropping_prone_aloft_is_a_fall_rolled_in_the_move() -> None:
    """D-fly, Decision 12: a voluntary ``prone`` in the air without hover is a fall."""
    g = game([harpy(altitude=4), knight()], seed=3)
    entry = g.move("harpy", "D3 prone")
    (roll,) = fall_rolls(entry)
    (fall,) = events(entry, "fall")
    assert (fall["step"], fall["feet"], fall["damage"], fall["cause"]) == (
        2, 20, "2d6", "dropped prone in the air")
    assert fall["rolled"] == roll["total"] == g.state.damage["harpy"]
    assert g.state.pieces["harpy"]["at"] == "D3" and g.state.pieces["harpy"]["altitude"] == 0


def ledge_game(seed: int) -> Game:
    """A 20 ft platform (A1–B3) above open ground, a walker on its edge and a flyer on it."""
    data = yaml.safe_load(dnd_text([knight(at="B2"), harpy(at="A2", altitude=None)],
                                   columns=6, rows=3))
    data["map"]["cells"] = [{"at": ["A1", "A2", "A3", "B1", "B2", "B3"], "ground": 4}]
    for creature in data["creatures"]:
        creature.pop("altitude", None)
    return Game.from_scenario_text(yaml.safe_dump(data), seed=seed, order=["knight", "harpy"])


def test_walking_off_a_ledge_is_a_fall_rolled_in_the_move() -> None:
    """D-fly, Decision 5: the knight (no fly speed) walks off a 20 ft ledge: 2d6 rolled and
    logged at that step, and it lands prone; the harpy flies off the same ledge and falls not."""
    g = ledge_game(seed=4)
    entry = g.move("knight", "C2 D2")
    (roll,) = fall_rolls(entry)
    (fall,) = events(entry, "fall")
    assert (fall["step"], fall["feet"], fall["damage"], fall["prone"], fall["cause"]) == (
        1, 20, "2d6", True, "stepped off a ledge into C2")
    assert fall["rolled"] == roll["total"] == g.state.damage["knight"]
    piece = g.state.pieces["knight"]
    assert (piece["at"], piece["altitude"], piece["prone"], piece["spent"]) == ("D2", 0, True, "15")
    flight = g.move("harpy", "B1 C1")
    assert events(flight, "fall") == [] and g.state.damage["harpy"] == 0
    assert (g.state.pieces["harpy"]["altitude"], g.state.pieces["harpy"]["mode"]) == (4, "fly")


def test_a_creature_prone_aloft_falls_when_its_turn_comes() -> None:
    """D-fly, Decision 12: prone in the air at the start of its turn, the fall comes first (step
    0); a creature that holds through ``next-round`` falls too."""
    g = game([harpy(altitude=4, conditions=["prone"]), knight()], seed=9)
    assert g.state.pieces["harpy"]["altitude"] == 4  # not before its turn
    over = g.next_round()
    (fall,) = events(over, "fall")
    (roll,) = fall_rolls(over)
    assert (fall["step"], fall["feet"], fall["damage"], fall["rolled"]) == (
        0, 20, "2d6", roll["total"])
    assert g.state.pieces["harpy"]["altitude"] == 0 and g.state.damage["harpy"] == roll["total"]


def test_a_long_fall_lasts_two_turns_and_counts_the_whole_distance() -> None:
    """D-fly, XGtE fall_rate: 1000 ft down, 500 ft at once, the rest on its next turn; 20d6."""
    g = game([harpy(at="B2", altitude=200)], columns=3, rows=3, top=200, fall_rate=True)
    g.move("harpy", "")
    entry = g.condition("harpy", "prone")
    (fall,) = events(entry, "fall")
    assert (fall["feet"], fall["lands"], fall["remaining"], fall["rolled"]) == (500, False, 500, 0)
    assert fall_rolls(entry) == []
    piece = g.state.pieces["harpy"]
    assert (piece["altitude"], piece["falling"], piece["fallen"]) == (100, True, 500)
    assert "falling (500 ft so far)" in g.setup.adapter.describe(piece)
    over = g.next_round()
    assert [e["fallen"] for e in events(over, "still-falling")] == [500]
    landing = g.move("harpy", "")
    (fall,) = events(landing, "fall")
    (roll,) = fall_rolls(landing)
    assert (fall["feet"], fall["total_feet"], fall["damage"]) == (500, 1000, "20d6")
    assert len(roll["faces"]) == 20 and fall["rolled"] == roll["total"]
    piece = g.state.pieces["harpy"]
    assert (piece["altitude"], piece["falling"], piece["fallen"], piece["prone"]) == (
        0, False, 0, True)


def test_a_second_leg_of_a_fall_is_damaged_on_the_whole_distance() -> None:
    """XGtE fall_rate: 550 ft = 500 + 50; the 50 ft leg alone would be 5d6, the fall is 20d6."""
    g = game([harpy(at="B2", altitude=110)], columns=3, rows=3, top=120, fall_rate=True)
    g.condition("harpy", "prone")
    landing = g.move("harpy", "")
    (fall,) = events(landing, "fall")
    assert (fall["feet"], fall["total_feet"], fall["damage"]) == (50, 550, "20d6")


def test_a_falling_flyer_subtracts_its_fly_speed() -> None:
    """D-fly, XGtE flyer_fall: 60 ft fallen minus its 40 ft fly speed: 2d6."""
    g = game([harpy(altitude=12), knight()], flyer_fall=True)
    (fall,) = events(g.condition("harpy", "prone"), "fall")
    assert (fall["feet"], fall["damage"]) == (60, "2d6")


@settings(max_examples=25)
@given(seed=st.integers(0, 2**32), altitude=st.integers(0, 12))
def test_fall_damage_is_the_dice_rolled_and_replays(seed: int, altitude: int) -> None:
    """D-fly: 1d6 per 10 ft; the damage recorded is what the logged dice show, again on replay."""
    g = game([harpy(altitude=altitude), knight()], seed=seed)
    entry = g.condition("harpy", "prone")
    dice = altitude * 5 // 10
    rolls = fall_rolls(entry)
    assert [len(r["faces"]) for r in rolls] == ([dice] if dice else [])
    assert all(1 <= f <= 6 for r in rolls for f in r["faces"])
    assert g.state.damage["harpy"] == sum(r["total"] for r in rolls)
    assert g.state.pieces["harpy"]["altitude"] == 0 and g.state.pieces["harpy"]["prone"]
    again = replay(g.setup, g.actions)
    assert [e.to_dict() for e in again] == [e.to_dict() for e in g.entries]


# -- D-jump: the landing check --------------------------------------------------------------------
def jumper(**extra: Any) -> dict[str, Any]:
    fields: dict[str, Any] = {"id": "rogue", "speed": {"walk": 30}, "strength": 15,
                              "acrobatics": 1, "at": "A1", "side": "party"}
    fields.update(extra)
    return fields


def rubble_game(seed: int) -> Game:
    """A rogue (Acrobatics +1) who jumps over C1 into the rubble at D1, then walks on; a
    watching orc."""
    text = dnd_text([jumper(), knight(id="orc", at="C2", side="monsters")], columns=8, rows=4)
    data = yaml.safe_load(text)
    data["map"]["cells"] = [{"at": ["D1"], "terrain": "difficult"}]
    return Game.from_scenario_text(yaml.safe_dump(data), seed=seed, order=["rogue", "orc"])


def test_a_jump_into_difficult_terrain_rolls_the_acrobatics_check() -> None:
    """D-jump (SRD): "When you land in difficult terrain, you must succeed on a DC 10 Dexterity
    (Acrobatics) check to land on your feet. Otherwise, you land prone." Play rolls d20 + 1:
    a total under 10 lands the rogue prone in D1 and the rest of its move is not made (nor its
    opportunity attack); 10 or more, it goes on to F1, past the orc's reach."""
    declared = "A2 B1 jump:D1 E1 F1"
    outcomes = set()
    for seed in range(1, 13):
        g = rubble_game(seed)
        entry = g.move("rogue", declared)
        (roll,) = [r for r in entry.rolls if r["kind"] == "acrobatics check"]
        assert roll["dice"] == "1d20+1" and roll["rule"] == "D-jump"
        assert roll["total"] == roll["faces"][0] + 1
        (jump,) = events(entry, "jump")
        assert (jump["jump"], jump["feet"], jump["run_up"], jump["step"], jump["move"]) == (
            "long", 5, True, 3, "jump:D1")
        piece = g.state.pieces["rogue"]
        played = entry.played[0]
        if roll["total"] >= 10:
            assert events(entry, "check-failed") == []
            assert (piece["at"], piece["prone"], piece["spent"]) == ("F1", False, "30")
            assert played["made"] == declared
            assert [a["by"] for a in events(entry, "opportunity-attack")] == ["orc"]
        else:
            (failed,) = events(entry, "check-failed")
            assert (failed["step"], failed["move"], failed["rule"]) == (3, "jump:D1", "D-jump")
            assert (piece["at"], piece["prone"], piece["spent"]) == ("D1", True, "20")
            assert piece["conditions"] == ["prone"]
            assert (played["made"], played["cost"]) == ("A2 B1 jump:D1", "20")
            assert events(entry, "opportunity-attack") == []
        assert played["checks"] == [{"rule": "D-jump", "save": "Acrobatics DC 10",
                                     "chance": 60, "on_failure": "it lands prone"}]
        outcomes.add(roll["total"] >= 10)
    assert outcomes == {True, False}  # both ways happen in these twelve seeded encounters


def test_a_jump_onto_firm_ground_rolls_nothing() -> None:
    """D-jump: no difficult terrain where it lands, no check."""
    g = rubble_game(1)
    entry = g.move("rogue", "A2 A3 jump:C3")
    assert entry.rolls == () and events(entry, "check-failed") == []
    assert g.state.pieces["rogue"]["at"] == "C3"


# -- undo and replay ------------------------------------------------------------------------------
def test_undo_and_replay_give_back_the_same_state_and_rolls() -> None:
    g = harpy_game(seed=21)
    g.move("harpy", "C3+down D3 action C3+up")
    knocked = g.condition("harpy", "prone")
    g.move("fighter", "E")
    g.next_round()
    g.move("harpy", "stand C2")
    again = replay(Setup(g.setup.scenario_text, g.setup.source, 21, g.setup.order), g.actions)
    assert [e.to_dict() for e in again] == [e.to_dict() for e in g.entries]
    while g.entries[-1] is not knocked:
        g.undo()
    g.undo()
    assert g.state.pieces["harpy"]["altitude"] == 2 and not g.state.pieces["harpy"]["prone"]
    assert g.state.damage["harpy"] == 0
    redone = g.condition("harpy", "prone")  # the same entry number: the same dice
    assert redone.to_dict() == knocked.to_dict()


def test_a_stored_encounter_replays_with_its_condition_changes(tmp_path: Path) -> None:
    with EncounterStore(tmp_path / "dnd.sqlite3") as store:
        info, _ = store.create(example_text("harpy"), source="example:harpy", seed=4,
                               order=["harpy", "fighter", "scout"])
        store.move(info.id, "harpy", "C3+down D3 action C3+up")
        from wingbeat.play.engine import CONDITION, Action

        store.play(info.id, Action(CONDITION, "harpy", "+prone"))
        store.next_round(info.id)
        check = store.replay(info.id)
        assert check.ok and check.entries == 4
        assert check.state.pieces["harpy"]["prone"] is True
    with EncounterStore(tmp_path / "dnd.sqlite3") as store:  # resumed next week
        _info, entries = store.entries(info.id)
        assert [e.action.kind for e in entries] == ["start", "move", "condition", "next-round"]
        assert entries[2].action.moves == "+prone"


# -- the GM's word, refused when it makes no sense ------------------------------------------------
def test_condition_changes_read_and_print_back() -> None:
    assert parse_change("prone") == (("prone", True),)
    assert parse_change(" +Prone, -grappled ") == (("prone", True), ("grappled", False))
    assert parse_change(change_text(parse_change("prone -grappled"))) == parse_change(
        "+prone -grappled")
    for bad in ("", "flying", "+", "prone -prone", "pro ne"):
        with pytest.raises(NotationError):
            parse_change(bad)


def test_a_condition_it_has_or_lacks_is_bad_input() -> None:
    g = harpy_game()
    with pytest.raises(OptionError, match="already prone"):
        g.condition("scout", "prone")
    with pytest.raises(OptionError, match="not grappled"):
        g.condition("harpy", "-grappled")
    with pytest.raises(ScenarioError, match="no creature"):
        g.condition("owlbear", "prone")
    assert len(g.entries) == 1


def test_volare_takes_no_condition_changes() -> None:
    g = Game.from_scenario_text(example_text("giant-bat"), seed=1)
    with pytest.raises(OptionError, match="takes no condition changes"):
        g.condition("bat", "prone")


def test_a_fall_into_another_creatures_space_must_be_crawled_out_of() -> None:
    """D-creatures: knocked prone right above the knight, the harpy lands in its space and may
    not end its turn there: the round cannot end until it moves out."""
    g = game([harpy(at="J10", altitude=4), knight()], seed=2)
    g.condition("harpy", "prone")
    with pytest.raises(RefusedMove) as refused:
        g.next_round()
    assert refused.value.rule == "D-creatures"
    g.move("harpy", "W")  # crawling out, prone
    g.next_round()
    assert g.state.round == 2


def test_a_hex_map_encounter_plays_too() -> None:
    """D-grid: the hex option; labels in doubled coordinates, as in volare."""
    g = game([harpy(at="C3", altitude=2), knight(at="G7")], grid="hex")
    g.move("harpy", "SE SE")
    assert g.state.pieces["harpy"]["at"] == "E5"
    g.condition("harpy", "prone")
    assert g.state.pieces["harpy"]["altitude"] == 0


# -- the command line and the API -----------------------------------------------------------------
def test_two_rounds_from_the_command_line(tmp_path: Path) -> None:
    db = tmp_path / "fight.sqlite3"
    scenario = tmp_path / "yard.yaml"
    scenario.write_text(dnd_text([harpy(altitude=1), wasp(), knight(at="C4")]))
    new = cli(db, "new", str(scenario), "--seed", "8", "--order", "harpy,wasp,knight",
              "--name", "yard")
    assert new["encounter"]["ruleset"] == "dnd5e" and new["state"]["next"] == "harpy"
    assert "prone" in new["board"]["conditions"]
    moved = cli(db, "move", "yard", "harpy", "D3+up E3+up up up")
    (attack,) = [e for e in moved["entry"]["events"] if e["type"] == "opportunity-attack"]
    assert (attack["by"], attack["step"], attack["move"]) == ("knight", 1, "D3+up")
    knocked = cli(db, "condition", "yard", "harpy", "prone")
    (roll,) = knocked["entry"]["rolls"]
    assert roll["dice"] == "2d6" and knocked["state"]["damage"]["harpy"] == roll["total"]
    assert knocked["state"]["pieces"]["harpy"]["altitude"] == 0
    hovering = cli(db, "condition", "yard", "wasp", "prone")
    assert hovering["entry"]["rolls"] == [] and hovering["state"]["pieces"]["wasp"]["altitude"] == 4
    cli(db, "move", "yard", "wasp", "")
    cli(db, "condition", "yard", "wasp", "prone", "--end")
    assert cli(db, "show", "yard")["state"]["pieces"]["wasp"]["prone"] is False
    over = cli(db, "next-round", "yard")
    assert over["state"]["round"] == 2
    assert {e["creature"] for e in over["entry"]["events"] if e["type"] == "speeds-renew"} == {
        "harpy"}
    cli(db, "move", "yard", "harpy", "stand F3")
    refused = cli(db, "move", "yard", "wasp", " ".join(["up"] * 9), code=1)
    assert refused["error"]["rule"] == "D-grid"
    log = cli(db, "log", "yard")
    assert [e["action"]["kind"] for e in log["entries"]] == [
        "start", "move", "condition", "condition", "move", "condition", "next-round", "move"]
    assert cli(db, "replay", "yard")["ok"] is True
    undone = cli(db, "undo", "yard")
    assert undone["undone"]["action"]["moves"] == "stand F3"
    assert cli(db, "condition", "yard", "harpy", "flying", code=2)["error"]["message"]
    text = runner.invoke(app, ["play", "log", "yard", "--db", str(db)])
    assert "GM: harpy +prone" in text.stdout
    assert "harpy rolls 2d6 fall damage (D-fly)" in text.stdout


def test_the_api_takes_condition_changes(tmp_path: Path) -> None:
    web = TestClient(create_play_app(tmp_path / "web.sqlite3"), base_url="http://127.0.0.1")
    ref = web.post("/api/play/encounters", json={"scenario": "example:harpy", "seed": 6,
                                                 "order": ["harpy", "fighter", "scout"]}
                   ).json()["encounter"]["id"]
    knocked = web.post(f"/api/play/encounters/{ref}/conditions",
                       json={"creature": "harpy", "change": "+prone"})
    assert knocked.status_code == 200, knocked.text
    body = knocked.json()
    (fall,) = [e for e in body["entry"]["events"] if e["type"] == "fall"]
    assert fall["damage"] == "1d6" and body["state"]["pieces"]["harpy"]["altitude"] == 0
    again = web.post(f"/api/play/encounters/{ref}/conditions",
                     json={"creature": "harpy", "change": "+prone"})
    assert again.status_code == 400 and "already prone" in again.json()["error"]["message"]
    assert web.get(f"/api/play/encounters/{ref}/map.svg").status_code == 200
    assert web.get(f"/api/play/encounters/{ref}/replay").json()["ok"] is True


def goblin(ident: str, at: str) -> dict[str, Any]:
    return {"id": ident, "speed": {"walk": 30}, "at": at, "side": "monsters"}


def guard(**extra: Any) -> dict[str, Any]:
    fields: dict[str, Any] = {"id": "guard", "speed": {"walk": 30}, "at": "D4", "side": "party"}
    fields.update(extra)
    return fields


def test_an_opportunity_attack_spends_the_reaction_until_its_next_turn():
    """D-creatures: an opportunity attack uses the attacker's reaction. The guard strikes the
    first goblin that leaves its reach; the second slips away free; on its own turn the guard
    regains its reaction and strikes again."""
    g = game([goblin("g1", "E4"), goblin("g2", "C4"), guard()])
    first = g.move("g1", "F4 G4")
    assert [(e["type"], e["by"], e["step"]) for e in first.events] == \
        [("opportunity-attack", "guard", 1)]
    assert g.state.pieces["guard"]["reaction"] is False
    assert "reaction spent" in g.setup.adapter.describe(g.state.pieces["guard"])

    second = g.move("g2", "B4 A4")
    assert second.events == ()
    assert second.played[0]["events"] == []

    g.move("guard", "C4 B4")  # its turn: the reaction is back
    assert g.state.pieces["guard"]["reaction"] is True
    g.next_round()
    again = g.move("g2", "A5 A6")
    assert [(e["type"], e["by"], e["step"]) for e in again.events] == \
        [("opportunity-attack", "guard", 2)]


def test_a_reaction_spent_after_its_turn_stays_spent_until_its_next_turn():
    """Order g1, guard, g2: the guard spends its reaction on g2, after its own turn. In the next
    round g1 moves before the guard's turn comes: the reaction is still spent, g1 goes free; the
    guard's turn gives it back."""
    g = game([goblin("g1", "C4"), guard(), goblin("g2", "E4")])
    g.move("g1", "")
    g.move("guard", "")
    g.move("g2", "F4 G4")  # after the guard's turn: spends it
    assert g.state.pieces["guard"]["reaction"] is False
    g.next_round()
    assert g.state.pieces["guard"]["reaction"] is False
    assert g.move("g1", "B4 A4").events == ()  # before the guard's turn: still spent
    g.move("guard", "")
    assert g.state.pieces["guard"]["reaction"] is True


def test_a_scenario_can_say_a_reaction_is_spent():
    """A game master asking about one move: ``reaction: false`` on the guard, no attack."""
    text = dnd_text([goblin("g1", "E4"), guard(reaction=False)])
    scenario = wingbeat.parse_scenario(yaml.safe_load(text), source="spent.yaml")
    assert wingbeat.check(scenario, "g1", "F4 G4").to_dict()["events"] == []
    fresh = wingbeat.parse_scenario(yaml.safe_load(dnd_text([goblin("g1", "E4"), guard()])),
                                    source="fresh.yaml")
    assert [e["by"] for e in wingbeat.check(fresh, "g1", "F4 G4").to_dict()["events"]] == \
        ["guard"]


def test_replay_rebuilds_the_spent_reactions():
    g = game([goblin("g1", "E4"), goblin("g2", "C4"), guard()])
    g.move("g1", "F4 G4")
    g.move("g2", "B4 A4")
    again = replay(g.setup, g.actions)
    assert again[-1].state.to_dict() == g.state.to_dict()
