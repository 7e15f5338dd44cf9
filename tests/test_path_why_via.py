"""Why a place is out of reach (``rule``, ``reason``, ``needs``) and ways through waypoints
(``via``), on the examples, citing the rule ids of docs/rules/*.md."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

import wingbeat
from wingbeat.rules.grid import PathNotFound

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def bat() -> wingbeat.Scenario:
    return wingbeat.open_scenario("example:giant-bat")


def blockers() -> wingbeat.Scenario:
    return wingbeat.open_scenario(EXAMPLES / "dnd5e" / "blockers.yaml")


# -- why: the budget (V-mp, D-speed) -----------------------------------------------------------

def test_volare_too_far_names_v_mp_and_what_it_needs() -> None:
    found = wingbeat.path(bat(), "bat", "T20")
    assert isinstance(found, PathNotFound)
    assert found.rule == "V-mp"
    assert found.needs == Fraction(9)  # 9 MP where the bat has 8 (V-mp)
    data = found.to_dict()
    assert data["rule"] == "V-mp" and data["needs"] == "9" and data["unit"] == "MP"
    assert data["message"] == "bat cannot reach T20 this round within 8 MP"
    assert found.to_text().splitlines()[-1] == \
        "bat would need 9 MP to get there; it has 8 MP this round [V-mp]"


def test_volare_far_beyond_the_lift_is_still_the_budget() -> None:
    found = wingbeat.path(bat(), "bat", "A1")
    assert isinstance(found, PathNotFound)
    assert found.rule == "V-mp" and found.needs is None
    assert "too far" in (found.reason or "")


def test_dnd5e_too_far_names_d_speed() -> None:
    found = wingbeat.path(blockers(), "soldier", "L4")
    assert isinstance(found, PathNotFound)
    assert (found.rule, found.needs, found.unit) == ("D-speed", Fraction(70), "ft")


# -- why: a refusal (V-occupied, D-creatures, D-size, D-fly) -----------------------------------

def test_volare_occupied_place_names_v_occupied() -> None:
    found = wingbeat.path(bat(), "bat", "V36", altitude=0, mode="grounded")
    assert isinstance(found, PathNotFound)
    assert found.rule == "V-occupied"
    assert "Chamois" in (found.reason or "")


def test_dnd5e_hostile_space_names_d_creatures() -> None:
    found = wingbeat.path(blockers(), "soldier", "F4")  # the guard's space
    assert isinstance(found, PathNotFound)
    assert found.rule == "D-creatures" and "Guard" in (found.reason or "")
    ally = wingbeat.path(blockers(), "soldier", "H4")  # inside the giant's space
    assert isinstance(ally, PathNotFound) and ally.rule == "D-creatures"


def test_dnd5e_wall_names_d_size() -> None:
    found = wingbeat.path(blockers(), "soldier", "A2")
    assert isinstance(found, PathNotFound)
    assert found.rule == "D-size" and "A2 is a wall" in (found.reason or "")


def test_dnd5e_altitude_without_flight_names_d_fly() -> None:
    found = wingbeat.path(blockers(), "soldier", "E4", altitude=2)
    assert isinstance(found, PathNotFound)
    assert found.rule == "D-fly"


def test_cli_json_and_text_say_the_reason(capsys: pytest.CaptureFixture[str]) -> None:
    from wingbeat.cli import app

    with pytest.raises(SystemExit):
        app(["path", "example:giant-bat", "bat", "--to", "T20", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert data["found"] is False and data["rule"] == "V-mp" and data["needs"] == "9"
    assert data["message"].startswith("bat cannot reach T20")
    with pytest.raises(SystemExit):
        app(["path", "example:giant-bat", "bat", "--to", "T20"])
    assert capsys.readouterr().out.rstrip().endswith("[V-mp]")
