"""dnd5e, D-fly: a flyer held aloft by magic (``magic_flight: true``) does not fall.

Seed 002, "Movimento in volo": *"Se una creatura volante viene buttata a terra prona, se la sua
velocità ridotta a 0, o se viene privata in altri modi della sua capacità di muoversi, essa
cade, a meno che non sia dotata della capacità di fluttuare o non sia sorretta in volo dalla
magia, come per esempio nel caso dell'incantesimo volare."* (If a flying creature is knocked
prone, has its speed reduced to 0, or is otherwise deprived of the ability to move, it falls,
unless it has the ability to hover or it is being held aloft by magic, such as by the fly
spell.)

Two exemptions, two flags: ``hover: true`` (it can hover) and ``magic_flight: true`` (magic
holds it up). Each test below names what it applies; every place the engine decides such a fall
(the start of a turn, a ``prone`` aloft, the game master's condition in play) is tried in the
library, the command line and play.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

import wingbeat
from answers import check_json as check
from playing import play_json
from wingbeat.cli import app
from wingbeat.importers import import_bytes, scenario_data
from wingbeat.play import Game
from wingbeat.render import render_svg

runner = CliRunner()
DATA = Path(__file__).parent / "data"

#: The text's sentence, as the tests quote it (the rule reference gives it in English).
SENTENCE = ("a meno che non sia dotata della capacità di fluttuare o non sia sorretta in volo "
            "dalla magia, come per esempio nel caso dell'incantesimo volare")


def creature(cid: str, at: str, altitude: int, *, magic: bool = True,
             **extra: Any) -> dict[str, Any]:
    """A wizard under the fly spell (walk 30, fly 60), 30 ft up unless told otherwise."""
    fields: dict[str, Any] = {"id": cid, "speed": {"walk": 30, "fly": 60}, "at": at,
                              "altitude": altitude, "side": "party"}
    if magic:
        fields["magic_flight"] = True
    fields.update(extra)
    return fields


def scenario_text(*creatures: dict[str, Any], cells: list[dict[str, Any]] | None = None) -> str:
    return yaml.safe_dump({"ruleset": "dnd5e",
                           "map": {"columns": 10, "rows": 10, "top": 12, "cells": cells or []},
                           "creatures": list(creatures)})


def scenario(*creatures: dict[str, Any], **fields: Any) -> wingbeat.Scenario:
    return wingbeat.read_scenario_text(scenario_text(*creatures, **fields), source="magic.yaml")


def held(cause: str, step: int) -> dict[str, Any]:
    return {"type": "held-aloft", "cause": cause, "rule": "D-fly", "step": step}


# -- the library -----------------------------------------------------------------------------------
def test_knocked_prone_in_the_air_magic_keeps_it_up() -> None:
    """D-fly: "a meno che … non sia sorretta in volo dalla magia": prone at 30 ft, the wizard
    under the fly spell stays there, prone, and the report says why; without the flag the same
    wizard falls 30 ft (3d6) and lands prone."""
    s = scenario(creature("wizard", "C3", 6, conditions=["prone"]),
                 creature("twin", "F3", 6, magic=False, conditions=["prone"]))
    verdict = check(s, "wizard", "")
    assert verdict["events"] == [held("prone in the air", 0)]
    assert verdict["turn"]["falls"] == []
    assert (verdict["end"]["at"], verdict["end"]["altitude"], verdict["end"]["prone"]) == (
        "C3", 6, True)
    fell = check(s, "twin", "")
    assert fell["events"] == [{"type": "fall", "feet": 30, "damage": "3d6", "prone": True,
                               "step": 0}]
    assert fell["end"]["altitude"] == 0


def test_held_aloft_it_stands_with_half_its_fly_speed_as_a_hoverer_does() -> None:
    """D-prone, Decision 6: prone aloft, standing up costs half the speed it moves with: its fly
    speed (60: 30 ft); a prone creature cannot fly (Decision 5) until it stands."""
    s = scenario(creature("wizard", "C3", 6, conditions=["prone"]))
    stood = check(s, "wizard", "stand D3")
    assert stood["legal"] is True and [x["cost"] for x in stood["steps"]] == ["30", "5"]
    assert stood["turn"]["spent"] == {"fly": "35"}
    assert check(s, "wizard", "D3")["error"]["rule"] == "D-prone"


@pytest.mark.parametrize("condition", ["grappled", "restrained", "stunned"])
def test_at_speed_0_in_the_air_magic_keeps_it_up(condition: str) -> None:
    """D-fly: "se la sua velocità ridotta a 0 … essa cade, a meno che … sorretta in volo dalla
    magia": grappled (or restrained, stunned) 20 ft up, it stays there and cannot move."""
    s = scenario(creature("wizard", "C3", 4, conditions=[condition]))
    verdict = check(s, "wizard", "")
    assert verdict["events"] == [held(f"speed 0 ({condition})", 0)]
    assert verdict["end"]["altitude"] == 4 and verdict["end"]["prone"] is False
    assert check(s, "wizard", "D3")["error"]["rule"] == "D-speed"  # any move at speed 0


def test_dropping_prone_aloft_is_no_fall_when_magic_holds_it() -> None:
    """D-fly, Decision 12: a ``prone`` in the air without hover is a fall; held by magic, the
    wizard drops prone where it is, and the step says so."""
    s = scenario(creature("wizard", "C3", 6), creature("twin", "F3", 6, magic=False))
    verdict = check(s, "wizard", "D3 prone")
    assert verdict["events"] == [held("dropped prone in the air", 2)]
    assert (verdict["end"]["at"], verdict["end"]["altitude"], verdict["end"]["prone"]) == (
        "D3", 6, True)
    assert check(s, "twin", "G3 prone")["events"][0]["type"] == "fall"


def test_on_the_ground_the_flag_says_nothing() -> None:
    """D-fly is about a creature in the air: prone or grappled on the ground, nothing falls and
    nothing is said."""
    s = scenario(creature("wizard", "C3", 0, conditions=["grappled"]),
                 creature("rogue", "F3", 0))
    assert check(s, "wizard", "")["events"] == []
    assert check(s, "rogue", "prone")["events"] == []


def test_everything_else_is_as_without_the_flag() -> None:
    """The flag is not hover: flying normally (not prone, speed not 0) the wizard reaches the
    same places at the same costs with and without it, and reports say it does not hover."""
    s = scenario(creature("wizard", "C3", 2),
                 creature("twin", "C7", 2, magic=False, side="other"))
    with_flag = wingbeat.reach(s, "wizard").to_dict()
    s_without = scenario(creature("wizard", "C3", 2, magic=False),
                         creature("twin", "C7", 2, magic=False, side="other"))
    without = wingbeat.reach(s_without, "wizard").to_dict()
    assert with_flag["states"] == without["states"]
    assert (with_flag["hover"], with_flag["magic_flight"]) == (False, True)
    assert (without["hover"], without["magic_flight"]) == (False, False)
    assert "start_events" not in with_flag


def test_crawling_off_a_ledge_still_falls_as_a_hoverer_does() -> None:
    """Decision 5: a prone creature cannot fly, so it crawls off an edge and falls, "flyer or
    not": the text exempts a flying creature knocked prone, not one that rolls off a ledge; the
    flag changes this no more than hover does."""
    cells = [{"at": ["A1", "A2", "A3", "B1", "B2", "B3"], "ground": 4}]
    s = scenario(creature("wizard", "B2", 4, conditions=["prone"]),
                 creature("wasp", "B3", 4, magic=False, hover=True, conditions=["prone"]),
                 cells=cells)
    for who, start in (("wizard", "C2"), ("wasp", "C3")):
        verdict = check(s, who, start)
        assert verdict["legal"] is True
        assert [e["type"] for e in verdict["events"]] == ["fall"]
        assert verdict["end"]["altitude"] == 0


def test_reach_starts_where_magic_holds_it() -> None:
    """D-fly: reach, path and check share the start: the wizard's reach begins prone at 30 ft,
    says why it did not fall, and path finds the way to stand and fly on."""
    s = scenario(creature("wizard", "C3", 6, conditions=["prone"]))
    report = wingbeat.reach(s, "wizard").to_dict()
    assert report["start_events"] == [held("prone in the air", 0)]
    first = report["states"][0]
    assert (first["at"], first["altitude"], first["prone"], first["cost"]) == ("C3", 6, True, "0")
    found = wingbeat.path(s, "wizard", "D3", altitude=6).to_dict()
    assert found["moves"] == "stand D3" and found["cost"] == "35"
    text = wingbeat.reach(s, "wizard").to_text()
    assert "magic holds it aloft" in text and "(D-fly) (D-fly)" not in text


def test_both_searches_agree_on_a_creature_held_aloft(monkeypatch: pytest.MonkeyPatch) -> None:
    """The compiled search and the pure one (WINGBEAT_PURE=1) find the same reach."""
    s = scenario(creature("wizard", "C3", 6, conditions=["prone"]),
                 creature("orc", "E3", 6, magic=False, side="monsters"))
    compiled = wingbeat.reach(s, "wizard").to_dict()
    monkeypatch.setenv("WINGBEAT_PURE", "1")
    assert wingbeat.reach(s, "wizard").to_dict() == compiled


# -- the scenario and the command line -------------------------------------------------------------
def test_the_flag_needs_a_fly_speed(tmp_path: Path) -> None:
    """Bad input: magic that holds a creature aloft gives it a fly speed; the error names the
    key, says what to write, and exits 2 without a traceback."""
    file = tmp_path / "bad.yaml"
    file.write_text(scenario_text({"id": "monk", "at": "A1", "magic_flight": True}))
    result = runner.invoke(app, ["reach", str(file), "monk"])
    assert result.exit_code == 2
    assert "creatures[0].magic_flight: magic_flight needs a fly speed" in result.output
    assert "fly: 60" in result.output and "Traceback" not in result.output
    file.write_text(scenario_text(creature("monk", "A1", 2, magic_flight="maybe")))
    typed = runner.invoke(app, ["reach", str(file), "monk"])
    assert typed.exit_code == 2
    assert "expected true or false, like magic_flight: true" in typed.output


def test_the_map_says_what_holds_it_up() -> None:
    """The picture's creature title names the flag (a hoverer's says "hovers")."""
    s = scenario(creature("wizard", "C3", 6), creature("twin", "F3", 6, magic=False))
    svg = render_svg(s)
    assert "speed walk 30 ft, fly 60 ft, held aloft by magic" in svg
    assert svg.count("held aloft by magic") == 1


def test_the_schema_offers_the_flag() -> None:
    """``wingbeat schema dnd5e``: editors autocomplete the key."""
    result = runner.invoke(app, ["schema", "dnd5e"])
    assert result.exit_code == 0
    creature_model = json.loads(result.stdout)["$defs"]["CreatureModel"]["properties"]
    assert creature_model["magic_flight"] == {"default": False, "title": "Magic Flight",
                                              "type": "boolean"}


def test_a_tiled_map_gives_the_flag_as_an_object_property() -> None:
    """docs/import.md: a Tiled object's ``magic_flight`` property becomes the creature's key."""
    tmj = json.loads((DATA / "import" / "cliff.tmj").read_text(encoding="utf-8"))
    harpy = tmj["layers"][2]["objects"][0]
    harpy["properties"].append({"name": "magic_flight", "type": "bool", "value": True})
    imported = import_bytes(json.dumps(tmj).encode(), "cliff.tmj")
    assert imported.data["creatures"][0]["magic_flight"] is True
    s = wingbeat.parse_scenario(scenario_data(imported), source="cliff")
    assert wingbeat.reach(s, "harpy").to_dict()["magic_flight"] is True


def test_check_on_the_command_line_says_why_it_does_not_fall(tmp_path: Path) -> None:
    """D-fly in the CLI's words: the sentence, then the rule."""
    file = tmp_path / "fly.yaml"
    file.write_text(scenario_text(creature("wizard", "C3", 6, conditions=["prone"])))
    result = runner.invoke(app, ["check", str(file), "wizard", "stand"])
    assert result.exit_code == 0
    assert ("Before moving: it does not fall although prone in the air: magic holds it aloft "
            "(a flyer knocked prone or at speed 0 falls unless it can hover or magic holds it "
            "up) (D-fly).") in result.output
    data = json.loads(runner.invoke(app, ["check", str(file), "wizard", "stand",
                                          "--json"]).stdout)
    assert data["events"] == [held("prone in the air", 0)]


# -- play ------------------------------------------------------------------------------------------
def play(*creatures: dict[str, Any]) -> Game:
    return Game.from_scenario_text(scenario_text(*creatures), seed=3,
                                   order=[c["id"] for c in creatures])


def test_play_knocked_prone_it_stays_aloft_and_the_log_says_why() -> None:
    """D-fly in play: the game master knocks the wizard prone 30 ft up: no fall, no dice, a
    ``held-aloft`` event with its rule; the twin without magic falls and rolls 3d6."""
    g = play(creature("wizard", "C3", 6), creature("twin", "F3", 6, magic=False))
    entry = g.condition("wizard", "prone")
    assert entry.rolls == ()
    assert [e for e in entry.events if e["type"] == "held-aloft"] == [
        {"type": "held-aloft", "cause": "knocked prone", "rule": "D-fly", "creature": "wizard"}]
    piece = g.state.pieces["wizard"]
    assert (piece["altitude"], piece["prone"], piece["mode"]) == (6, True, "fly")
    assert g.state.damage["wizard"] == 0
    fell = g.condition("twin", "prone")
    assert [e["type"] for e in fell.events] == ["condition", "fall"]
    g.move("wizard", "stand D3")
    assert g.state.pieces["wizard"]["spent"] == "35"


def test_play_grappled_and_unconscious_it_stays_aloft() -> None:
    """D-fly in play: speed 0 (grappled), then unconscious (prone too, SRD appendix A): the
    magic holds it each time; the event is said once, when it would have fallen."""
    g = play(creature("wizard", "C3", 6))
    grappled = g.condition("wizard", "grappled")
    assert [e["cause"] for e in grappled.events if e["type"] == "held-aloft"] == [
        "speed 0 (grappled)"]
    out = g.condition("wizard", "unconscious")
    assert [e for e in out.events if e["type"] == "held-aloft"] == []
    assert g.state.pieces["wizard"]["altitude"] == 6
    h = play(creature("mage", "C3", 6))
    asleep = h.condition("mage", "unconscious")
    assert [e["cause"] for e in asleep.events if e["type"] == "held-aloft"] == ["unconscious"]
    assert h.state.pieces["mage"]["altitude"] == 6 and h.state.pieces["mage"]["prone"] is True


def test_play_a_prone_aloft_in_a_move_is_logged(tmp_path: Path) -> None:
    """D-fly in play, from the command line: the wizard drops prone mid-air (Decision 12): the
    move's log has the ``held-aloft`` event at that step, and nothing is rolled."""
    db = tmp_path / "fight.sqlite3"
    file = tmp_path / "yard.yaml"
    file.write_text(scenario_text(creature("wizard", "C3", 6)))
    play_json(db, "new", str(file), "--seed", "4", "--name", "yard")
    moved = play_json(db, "move", "yard", "wizard", "D3 prone")
    assert moved["entry"]["rolls"] == []
    assert [e for e in moved["entry"]["events"] if e["type"] == "held-aloft"] == [
        {"type": "held-aloft", "cause": "dropped prone in the air", "rule": "D-fly",
         "step": 2, "creature": "wizard"}]
    piece = moved["state"]["pieces"]["wizard"]
    assert (piece["at"], piece["altitude"], piece["prone"]) == ("D3", 6, True)
    assert play_json(db, "replay", "yard")["ok"] is True


def test_the_sentence_is_quoted_in_the_rule_reference() -> None:
    """The rule reference gives the flag with the text it reads (docs/rules/dnd5e.md)."""
    reference = " ".join((Path(__file__).parents[1] / "docs" / "rules" / "dnd5e.md").read_text(
        encoding="utf-8").split())
    assert SENTENCE in reference
    assert "magic_flight: true" in reference
