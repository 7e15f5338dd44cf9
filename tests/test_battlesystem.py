"""BATTLESYSTEM flying, rule by rule, each case worked out by hand (rule ids in the names)."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from shapely.geometry import Point as SP
from shapely.geometry import shape
from typer.testing import CliRunner

import wingbeat
from answers import checked, reached, refusal
from scenarios import battlesystem as scenario
from wingbeat.cli import app
from wingbeat.rulesets.battlesystem import BattlesystemMove, BattlesystemReach

IN_MM = 1 / 25.4  # a millimetre, in inches


def unit(**fields: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"id": "u", "fly": 48, "maneuverability": "C", "altitude": "low",
                            "at": [100, 100], "heading": 90}
    base.update(fields)
    return base


def check(s: wingbeat.Scenario, moves: str, who: str = "u") -> BattlesystemMove:
    return checked(BattlesystemMove, s, who, moves)


def refused(s: wingbeat.Scenario, moves: str, rule: str, step: int) -> str:
    return refusal(check(s, moves), rule, step)


def reach(s: wingbeat.Scenario, who: str = "u") -> BattlesystemReach:
    return reached(BattlesystemReach, s, who)


def polar(heading: float, r: float, c: tuple[float, float] = (100, 100)) -> str:
    t = math.radians(heading)
    return f"{c[0] + r * math.sin(t):.9f},{c[1] + r * math.cos(t):.9f}"


def area_at(report: BattlesystemReach, altitude: str) -> Any:
    for a in report.areas:
        if a.altitude == altitude:
            return a
    raise AssertionError(f"no area at {altitude}")


# -- B-alt --------------------------------------------------------------------------------------

def test_b_alt_climb_eats_a_third_of_the_rate() -> None:
    """B-alt: rising one level costs 48/3 = 16", leaving 32" to fly."""
    s = scenario(unit())
    report = check(s, "up 132,100")
    assert report.legal and report.climb_cost == 16 and report.spent == pytest.approx(48)
    assert report.end["altitude"] == "medium"
    assert "more than its rate" in refused(s, "up 132.1,100", "B-alt", 2)
    medium = area_at(reach(s), "medium")
    assert medium.climb_cost == 16 and medium.full.radius == 32


def test_b_alt_two_levels_leave_a_third() -> None:
    """B-alt: low → high is two levels, 32" of 48", so 16" are left."""
    s = scenario(unit())
    assert check(s, "high 116,100").legal
    refused(s, "up up 116.5,100", "B-alt", 3)


def test_b_alt_descending_is_free() -> None:
    """B-alt: descending any number of levels costs nothing."""
    s = scenario(unit(altitude="high"))
    report = check(s, "148,100 ground")
    assert report.legal and report.climb_cost == 0 and report.end["altitude"] == "ground"
    ground = area_at(reach(s), "ground")
    assert ground.full.radius == 48


def test_b_alt_take_off_is_one_level() -> None:
    """B-alt Decision: from the ground to low costs a third; moving on the ground is not flight."""
    s = scenario(unit(altitude="ground"))
    assert check(s, "up 132,100").legal
    refused(s, "up 132.1,100", "B-alt", 2)
    refused(s, "110,100", "B-alt", 1)
    low = area_at(reach(s), "low")
    assert low.climb_cost == 16


def test_b_alt_leaving_above_high() -> None:
    """B-alt: rising from high leaves the battlefield (a third of the rate); then no more moves."""
    s = scenario(unit(altitude="high"))
    report = check(s, "leave")
    assert report.legal and report.end["left_battlefield"] is True
    assert any(e["type"] == "left-battlefield" for e in report.events)
    assert check(s, "up").end["left_battlefield"] is True
    refused(s, "up 110,100", "B-alt", 2)
    assert reach(s).leave_cost == 16
    assert reach(scenario(unit(altitude="ground"))).leave_cost is None  # 4 levels > the rate


def test_b_alt_custom_levels() -> None:
    """B-alt optional rule: a fourth level; each climb still costs a third."""
    s = scenario(unit(altitude="high"), altitudes=[
        {"name": "low", "height": 1}, {"name": "medium", "height": 4},
        {"name": "high", "height": 8}, {"name": "clouds", "height": 16}])
    report = check(s, "clouds")
    assert report.legal and report.climb_cost == 16 and report.end["altitude"] == "clouds"
    assert [a.altitude for a in reach(s).areas] == ["ground", "low", "medium", "high", "clouds"]


def test_b_alt_custom_levels_must_rise() -> None:
    with pytest.raises(wingbeat.ScenarioError, match=r"options\.altitudes\[1\]\.height"):
        scenario(unit(), altitudes=[{"name": "a", "height": 4}, {"name": "b", "height": 2}])


# -- B-turn -------------------------------------------------------------------------------------

@pytest.mark.parametrize(("klass", "degrees"), [("A", 180), ("B", 120), ("C", 90), ("D", 60),
                                                ("E", 30)])
def test_b_turn_adnd_classes(klass: str, degrees: int) -> None:
    """B-turn: A 180°, B 120°, C 90°, D 60°, E 30° at full speed (40" of 48")."""
    s = scenario(unit(maneuverability=klass))
    assert check(s, polar(90 + degrees - 0.01, 40)).legal
    if degrees < 180:
        refused(s, polar(90 + degrees + 0.5, 40), "B-turn", 1)
    area = area_at(reach(s), "low").area
    assert area.covers(SP(*map(float, polar(90 + min(degrees, 179) - 0.5, 40).split(","))))


@pytest.mark.parametrize(("fields", "degrees"), [
    ({"size": "small"}, 180), ({"size": "man"}, 90), ({"size": "large"}, 45),
    ({"size": "large", "magical": True}, 180), ({"magical": True}, 180)])
def test_b_turn_dnd_sizes_and_magic(fields: dict[str, Any], degrees: int) -> None:
    """B-turn (D&D): smaller 180°, man-sized 90°, larger 45°; magical flight 180°."""
    u = unit(**fields)
    del u["maneuverability"]
    s = scenario(u, game="dnd")
    assert check(s, polar(90 + degrees - 0.01, 40)).legal
    if degrees < 180:
        refused(s, polar(90 + degrees + 0.5, 40), "B-turn", 1)


@pytest.mark.parametrize(("klass", "mounted", "full", "half"), [
    ("C", False, 90, 120), ("C", True, 60, 90), ("A", False, 180, 180), ("A", True, 120, 180),
    ("E", True, 30, 30), ("E", False, 30, 60)])
def test_b_turn_mounted_and_half_speed_shifts(klass: str, mounted: bool, full: int,
                                              half: int) -> None:
    """B-turn: mounted one worse, half speed one better, clamped; both add up to its own."""
    report = reach(scenario(unit(maneuverability=klass, mounted=mounted)))
    low = area_at(report, "low")
    assert low.full.category.degrees == full
    assert low.half is not None and low.half.category.degrees == half


def test_b_turn_half_speed_sector() -> None:
    """B-turn: class C at half speed (≤ 24") turns 120°; beyond 24" only 90°."""
    s = scenario(unit())
    area = area_at(reach(s), "low").area
    at = lambda h, r: SP(*map(float, polar(h, r).split(",")))  # noqa: E731
    assert area.covers(at(90 + 110, 24 - IN_MM))
    assert not area.covers(at(90 + 110, 24 + IN_MM))
    assert area.covers(at(90 + 89, 48 - IN_MM))
    assert not area.covers(at(90 + 89, 48 + IN_MM))
    assert check(s, polar(200, 24)).legal
    refused(s, polar(200, 24.1), "B-turn", 1)


def test_b_turn_half_speed_needs_the_whole_round_under_half() -> None:
    """B-turn: a 110° leg of 20" is fine alone, but not once the round goes past half."""
    s = scenario(unit())
    first = polar(200, 20)
    assert check(s, first).legal
    x, y = map(float, first.split(","))
    assert not check(s, f"{first} {polar(200, 30)}").legal  # the second leg turns too
    message = refused(s, f"{first} {polar(90, 10, (x, y))}", "B-turn", 1)
    assert "half" in message
    # and a climb counts toward the half: 16" + 20" > 24"
    refused(s, f"up {first}", "B-turn", 2)


def test_b_turn_caps_the_total_heading_change() -> None:
    """B-turn Decision: the turn caps the *total* change of heading over the round, so a zigzag
    that stays within 60° of the start still turns 50° + 100° = 150°: refused (class D)."""
    s = scenario(unit(maneuverability="D"))  # 60° at full speed
    zig = polar(90 + 50, 20)
    x, y = map(float, zig.split(","))
    assert check(s, f"{zig} {polar(90 + 60, 10, (x, y))}").legal  # 50° + 10°
    refused(s, f"{zig} {polar(90 - 50, 10, (x, y))}", "B-turn", 2)
    refused(s, f"{zig} {polar(90 + 70, 10, (x, y))}", "B-turn", 2)


# -- B-form -------------------------------------------------------------------------------------

def test_b_form_closed_flyers_are_rejected() -> None:
    """B-form Decision: a closed unit in the air is a scenario error."""
    with pytest.raises(wingbeat.ScenarioError, match=r"units\[0\]\.formation.*B-form"):
        scenario(unit(formation="closed"))


def test_b_form_taking_off_from_closed_opens_the_formation() -> None:
    s = scenario(unit(altitude="ground", formation="closed"))
    report = check(s, "up 110,100")
    assert report.legal and report.end["formation"] == "open"
    assert {"type": "formation", "from": "closed", "to": "open", "rule": "B-form"} in report.events
    assert all(a.formation == "open" for a in reach(s).areas)


# -- scenario and CLI ---------------------------------------------------------------------------

def test_scenario_errors_name_the_place() -> None:
    with pytest.raises(wingbeat.ScenarioError, match=r"units\[0\]\.creatures|units\[0\]\.wings"):
        scenario(unit(wings=2))
    with pytest.raises(wingbeat.ScenarioError, match=r"units\[0\]\.maneuverability"):
        u = unit()
        del u["maneuverability"]
        scenario(u)
    with pytest.raises(wingbeat.ScenarioError, match=r"units\[0\]\.size.*AD&D"):
        scenario(unit(size="man"))
    with pytest.raises(wingbeat.ScenarioError, match=r"units\[0\]\.altitude"):
        scenario(unit(altitude="stratosphere"))


def test_path_is_a_move_check_accepts() -> None:
    s = scenario(unit())
    report = wingbeat.path(s, "u", "110,105", altitude="high")
    assert isinstance(report, BattlesystemMove) and report.legal
    assert report.moves == "up up 110,105"
    too_far = wingbeat.path(s, "u", "120,110", altitude="high")
    assert isinstance(too_far, BattlesystemMove) and not too_far.legal
    assert check(s, report.moves).spent == pytest.approx(report.spent)
    down = wingbeat.path(s, "u", "120,110", altitude="ground")
    assert isinstance(down, BattlesystemMove) and down.moves == "120,110 ground" and down.legal


def test_engagement_needs_the_same_altitude() -> None:
    s = scenario(unit(), unit(id="v", at=[100.5, 100]), unit(id="w", at=[100, 100.5],
                                                              altitude="high"))
    assert wingbeat.engagement(s, "u", "v").to_dict()["engagement"] == "melee"
    far = wingbeat.engagement(s, "u", "w").to_dict()
    assert far["engagement"] == "none" and far["elevated"] == "w"


runner = CliRunner()


def test_cli_reach_gives_geojson_areas_per_altitude() -> None:
    result = runner.invoke(app, ["reach", "example:pegasi", "pegasi", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert "states" not in data
    low = next(a for a in data["areas"] if a["altitude"] == "low")
    assert low["area"]["type"] == "Polygon"
    assert shape(low["area"]).covers(SP(40, 20))


def test_cli_check_exit_codes() -> None:
    ok = runner.invoke(app, ["check", "example:pegasi", "pegasi", "up 30,20"])
    assert ok.exit_code == 0, ok.output
    bad = runner.invoke(app, ["check", "example:pegasi", "pegasi", "10,47", "--json"])
    assert bad.exit_code == 1
    assert json.loads(bad.output)["error"]["rule"] == "B-turn"
    wrong = runner.invoke(app, ["check", "example:pegasi", "pegasi", "sideways"])
    assert wrong.exit_code == 2


def test_cli_path() -> None:
    result = runner.invoke(app, ["path", "example:pegasi", "pegasi", "--to", "40,20",
                                 "--altitude", "medium", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["moves"] == "up 40,20"
