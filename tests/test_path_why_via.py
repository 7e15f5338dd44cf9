"""Why a place is out of reach (``rule``, ``reason``, ``needs``) and ways through waypoints
(``via``), on the examples, citing the rule ids of docs/rules/*.md."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

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


# -- via: waypoints ----------------------------------------------------------------------------

def _checked(scenario: wingbeat.Scenario, creature: str, found: Any) -> dict[str, Any]:
    """``check`` of the found way's moves: legal, at the same cost, ending where it ends."""
    data = json.loads(json.dumps(found.to_dict()))
    verdict = json.loads(json.dumps(wingbeat.check(scenario, creature, data["moves"]).to_dict()))
    assert verdict["legal"], data["moves"]
    assert (verdict["cost"], verdict["end"]) == (data["cost"], data["end"])
    return data


@pytest.mark.parametrize(("via", "cost"), [
    ([], "1"),
    (["T32"], "7"),
    (["V34@2", "U37"], "7"),
    ([("V34", 2), "U37"], "7"),
])
def test_volare_via_passes_each_waypoint_in_order_and_check_agrees(via: list[Any],
                                                                   cost: str) -> None:
    scenario = bat()
    found = wingbeat.path(scenario, "bat", "U35", via=via)
    data = _checked(scenario, "bat", found)
    assert data["cost"] == cost
    assert "via" not in data["moves"]


def test_volare_via_goes_on_from_the_full_state() -> None:
    """The waypoint is passed heading somewhere: the next leg starts from that heading (V-inertia)
    and the whole is one legal move, cheaper or equal to the legs searched apart."""
    scenario = bat()
    found = wingbeat.path(scenario, "bat", "U35", via=["T30"])
    data = _checked(scenario, "bat", found)
    assert "T30" in data["moves"].split()
    first = wingbeat.path(scenario, "bat", "T30")
    assert Fraction(data["cost"]) >= Fraction(json.loads(json.dumps(first.to_dict()))["cost"])


def test_dnd5e_via_and_check_agree() -> None:
    scenario = blockers()
    found = wingbeat.path(scenario, "soldier", "E3", via=["C3", "B5"])
    data = _checked(scenario, "soldier", found)
    moves = data["moves"].split()
    assert moves.index("C3") < moves.index("B5")
    assert data["cost"] == "35"


def test_via_refusals_name_the_rule() -> None:
    scenario = blockers()
    wall = wingbeat.path(scenario, "soldier", "E3", via=["A2"])
    assert isinstance(wall, PathNotFound) and wall.rule == "D-size"
    assert (wall.reason or "").startswith("waypoint A2:")
    guard = wingbeat.path(scenario, "soldier", "E3", via=["F4"])
    assert isinstance(guard, PathNotFound) and guard.rule == "D-creatures"
    far = wingbeat.path(scenario, "soldier", "E3", via=["K4"])
    assert isinstance(far, PathNotFound) and far.rule == "D-speed"
    bats = wingbeat.path(bat(), "bat", "U35", via=["T20"])
    assert isinstance(bats, PathNotFound) and bats.rule == "V-mp"
    assert "via T20" in bats.goal


@pytest.mark.parametrize(("via", "error", "words"), [
    (["U35"] * 9, wingbeat.OptionError, "at most 8"),
    (["U35@x"], wingbeat.NotationError, "whole altitude"),
    (["A999"], wingbeat.NotationError, "off the map"),
    (["U35@99"], wingbeat.NotationError, "altitude 99"),
])
def test_bad_waypoints_are_one_clear_line(via: list[str], error: type[Exception],
                                          words: str) -> None:
    with pytest.raises(error, match=words):
        wingbeat.path(bat(), "bat", "U35", via=via)


def test_tabletop_refuses_via() -> None:
    pegasi = wingbeat.open_scenario("example:pegasi")
    with pytest.raises(wingbeat.OptionError, match="grid rulesets"):
        wingbeat.path(pegasi, "pegasi", "40,20", via=["30,20"])


def test_cli_via_is_repeatable(capsys: pytest.CaptureFixture[str]) -> None:
    from wingbeat.cli import app

    with pytest.raises(SystemExit) as done:
        app(["path", "example:giant-bat", "bat", "--to", "U35", "--via", "V34@2", "--via", "U37",
             "--json"])
    assert done.value.code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["moves"] == json.loads(json.dumps(wingbeat.path(
        bat(), "bat", "U35", via=["V34@2", "U37"]).to_dict()))["moves"]


def test_api_path_and_reach_tree_take_via() -> None:
    from fastapi.testclient import TestClient

    from wingbeat.web import create_app

    with TestClient(create_app(), base_url="http://127.0.0.1") as client:
        got = client.get("/api/path", params={"creature": "bat", "to": "U35",
                                              "via": "V34@2,U37"})
        assert got.status_code == 200
        assert got.json()["moves"] == json.loads(json.dumps(wingbeat.path(
            bat(), "bat", "U35", via=["V34@2", "U37"]).to_dict()))["moves"]
        far = client.get("/api/path", params={"creature": "bat", "to": "T20"}).json()
        assert far["rule"] == "V-mp" and far["needs"] == "9"
        tree = client.get("/api/reach-tree", params={"creature": "bat", "via": "T30"})
        assert tree.status_code == 200
        plain = client.get("/api/reach-tree", params={"creature": "bat"})
        assert tree.content != plain.content
        bad = client.get("/api/path", params={"creature": "bat", "to": "U35",
                                              "via": ",".join(["U35"] * 9)})
        assert bad.status_code == 400 and "at most 8" in bad.json()["error"]["message"]


@pytest.mark.parametrize(("where", "creature", "via"), [
    ("example:giant-bat", "bat", ["T30"]),
    ("example:giant-bat", "bat", ["V34@2", "U37"]),
])
def test_reach_tree_via_is_path_via_to_every_place(where: str, creature: str,
                                                    via: list[str]) -> None:
    """Every place of the tree through the waypoints: its way is ``path``'s with the same
    ``via``, and ``check`` accepts it at that cost."""
    scenario = wingbeat.open_scenario(where)
    tree = wingbeat.reach_tree(scenario, creature, via=via)
    places = tree.places()
    assert places
    for place in places[:: max(1, len(places) // 40)]:
        way = tree.way_to(place)
        assert way is not None
        found = json.loads(json.dumps(wingbeat.path(scenario, creature, place,
                                                    via=via).to_dict()))
        assert {k: found[k] for k in ("moves", "cost", "can_act", "checks", "end")} == way, place
        verdict = json.loads(json.dumps(wingbeat.check(scenario, creature,
                                                       way["moves"]).to_dict()))
        assert verdict["legal"] and verdict["cost"] == way["cost"]


_BAT_PLACES = sorted(wingbeat.reach_tree(bat(), "bat").places())
_SOLDIER_PLACES = sorted(wingbeat.reach_tree(blockers(), "soldier").places())


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_any_way_via_is_accepted_by_check_at_its_cost(data: st.DataObject) -> None:
    """On random waypoints and destinations, a way found through them is a legal move of the
    same cost that passes each waypoint in order; none found names a rule."""
    scenario, creature, places = data.draw(st.sampled_from([
        (bat(), "bat", _BAT_PLACES), (blockers(), "soldier", _SOLDIER_PLACES)]))
    via = data.draw(st.lists(st.sampled_from(places), min_size=1, max_size=3))
    to = data.draw(st.sampled_from(places))
    found = wingbeat.path(scenario, creature, to, via=via)
    if isinstance(found, PathNotFound):
        assert found.rule is not None and found.reason
        return
    answer = _checked(scenario, creature, found)
    move = getattr(found, "move", found)  # dnd5e: a turn's report holds the move's
    seen = iter([move.start] + [s.state["at"] for s in move.steps])
    for i, waypoint in enumerate(via):
        if i and via[i - 1] == waypoint:
            continue  # one state there passes a waypoint repeated
        assert any(at == waypoint for at in seen), (via, answer["moves"])
