"""Confrontation's "Vol", rule by rule, each case worked out by hand (rule ids in the names)."""

from __future__ import annotations

import json
import math
from fractions import Fraction as F
from typing import Any

import pytest
from shapely.geometry import Point as SP
from shapely.geometry import shape
from typer.testing import CliRunner

import wingbeat
from answers import checked, reached, refusal
from wingbeat.cli import app
from wingbeat.rulesets.confrontation import ConfrontationMove, ConfrontationReach

MM = 0.1  # a millimetre, in cm
WALL = {"name": "wall", "polygon": [[40, 40], [60, 40], [60, 50], [40, 50]], "height": 20}
HEDGE = {"name": "hedge", "polygon": [[40, 70], [60, 70], [60, 72], [40, 72]], "height": 10}


def scenario(*creatures: dict[str, Any], edition: str = "3.5", obstacles: list[Any] | None = None,
             zones: list[Any] | None = None) -> wingbeat.Scenario:
    table: dict[str, Any] = {"table": [120, 120], "obstacles": obstacles or [WALL, HEDGE]}
    if zones:
        table["zones"] = zones
    return wingbeat.parse_scenario({"ruleset": "confrontation", "options": {"edition": edition},
                                    "map": table, "creatures": list(creatures)}, source="test")


def flyer(**fields: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"id": "f", "mou": {"ground": 10, "air": 15}, "tier": 1,
                            "at": [50, 30]}
    base.update(fields)
    return base


def angel(**fields: Any) -> dict[str, Any]:
    return flyer(id="angel", name="Morbid angel", mou={"ground": 10, "air": 17.5}, tier=2,
                 at=[20, 20], **fields)


def check(s: wingbeat.Scenario, moves: str, who: str = "f", **options: Any) -> ConfrontationMove:
    return checked(ConfrontationMove, s, who, moves, **options)


def refused(s: wingbeat.Scenario, moves: str, rule: str, step: int, who: str = "f",
            **options: Any) -> str:
    return refusal(check(s, moves, who, **options), rule, step)


def reach(s: wingbeat.Scenario, who: str = "f", **options: Any) -> ConfrontationReach:
    return reached(ConfrontationReach, s, who, **options)


def tier_area(report: ConfrontationReach, tier: int) -> Any:
    for a in report.areas:
        if a.tier == tier:
            return a
    raise AssertionError(f"no area at tier {tier}")


# -- the seed's worked example --------------------------------------------------------------

@pytest.mark.parametrize("edition", ["3", "3.5", "confede"])
def test_c_change_morbid_angel_going_down_from_tier_2(edition: str) -> None:
    """C-change, seed 004: the morbid angel at tier 2 going to tier 1: air MOU 17.5 → 12.5; it
    may move at tier 2 and then descend, or the reverse."""
    s = scenario(angel(), edition=edition)
    after = check(s, "32.5,20 down", "angel")
    assert after.legal and after.budget is not None
    assert (after.budget.value, after.budget.total) == (F(35, 2), F(25, 2))
    assert after.to_dict()["budget"]["budget"] == "25/2"
    assert check(s, "down 32.5,20", "angel").legal
    refused(s, "32.6,20 down", "C-change", 1, "angel")
    area = tier_area(reach(s, "angel"), 1)
    assert area.ways[0][0].total == F(25, 2)
    assert area.area.covers(SP(20 + 12.5 - MM, 20)) and not area.area.covers(SP(20 + 12.5 + MM, 20))


# -- C-mou --------------------------------------------------------------------------------------

def test_c_mou_start_tier_sets_the_value() -> None:
    """C-mou: at tier 0 the ground MOU (10), at tier 1 or 2 the air MOU (15)."""
    ground = scenario(flyer(tier=0, at=[20, 20]))
    assert check(ground, "30,20").legal
    refused(ground, "30.1,20", "C-mou", 1)
    air = scenario(flyer(at=[20, 20]))
    assert check(air, "35,20").legal
    refused(air, "35.1,20", "C-mou", 1)


def test_c_mou_factor_parameter() -> None:
    """C-mou Decision: a run or a charge multiplies the (reduced) MOU: (17.5 − 5) × 2 = 25."""
    s = scenario(angel())
    report = check(s, "45,20 down", "angel", factor=2)
    assert report.legal and report.budget is not None and report.budget.total == 25
    refused(s, "45.1,20 down", "C-change", 1, "angel", factor=2)
    with pytest.raises(wingbeat.OptionError):
        check(s, "down", "angel", factor=0)


# -- C-change: take-off per edition ------------------------------------------------------------

@pytest.mark.parametrize(("edition", "first", "then"), [
    ("3.5", 5, 5), ("confede", 5, 5), ("3", 10, 5)])
def test_c_change_take_off_cost_per_edition(edition: str, first: int, then: int) -> None:
    """C-change: take off then move: ground − 5 (3.5, Confédé) or air − 5 (3); move then take off:
    ground − 5 in every edition. Ground MOU 10, air 15."""
    s = scenario(flyer(tier=0, at=[20, 20]), edition=edition)
    report = check(s, f"up {20 + first},20")
    assert report.legal and report.budget is not None and report.budget.total == first
    refused(s, f"up {20 + first + 0.1},20", "C-change", 2)
    report = check(s, f"{20 + then},20 up")
    assert report.legal and report.budget is not None and report.budget.total == then
    assert report.end["tier"] == 1
    mou = report.budget.mou
    assert mou == "ground"


def test_c_change_once_a_turn_one_step_at_a_time() -> None:
    """C-change: one change a turn, one step at a time; from tier 2 landing takes two turns."""
    s = scenario(angel())
    refused(s, "down down", "C-change", 2, "angel")
    assert {a.tier for a in reach(s, "angel").areas} == {1, 2}
    refused(scenario(flyer(tier=2)), "up", "C-tiers", 1)
    refused(scenario(flyer(tier=0, at=[20, 20])), "down", "C-tiers", 1)


def test_c_change_no_move_after_landing() -> None:
    """C-change: landing costs air − 5 and nothing moves after it."""
    s = scenario(flyer(at=[20, 20]))
    report = check(s, "30,20 land")
    assert report.legal and report.end == {"at": "30,20", "tier": 0, "landed": True}
    assert any("pursuit" in n for n in report.notes)
    refused(s, "land 25,20", "C-change", 2)
    refused(s, "30.1,20 land", "C-change", 1)
    landed = tier_area(reach(s), 0)
    assert landed.landed and landed.ways[0][0].total == 10


def test_c_change_during_the_move_only_in_3_5() -> None:
    """C-change: 3.5 / Confédé may change tier during the move; 3 only before or after."""
    moves = "25,20 up 30,20"
    assert check(scenario(flyer(at=[20, 20])), moves).legal
    refused(scenario(flyer(at=[20, 20]), edition="3"), moves, "C-change", 3)


def test_c_change_not_in_a_pursuit() -> None:
    s = scenario(flyer(at=[20, 20]))
    refused(s, "up", "C-change", 1, pursuit=True)
    assert {a.tier for a in reach(s, pursuit=True).areas} == {1}


# -- C-terrain ---------------------------------------------------------------------------------

def test_c_terrain_tier_1_goes_round_a_20_cm_wall() -> None:
    """C-terrain: at tier 1 a 20 cm wall blocks; the way round is √200 + 10 + √200 (by hand)."""
    s = scenario(flyer(mou={"ground": 10, "air": 40}))
    message = refused(s, "50,60", "C-terrain", 1)
    assert "wall" in message and "15 cm" in message
    path = wingbeat.path(s, "f", "50,60")
    assert isinstance(path, ConfrontationMove) and path.legal
    assert path.spent == pytest.approx(20 * math.sqrt(2) + 10)
    assert check(s, path.moves).spent == pytest.approx(path.spent)
    area = tier_area(reach(s), 1).area
    left = 40 - math.sqrt(200) - 10  # straight north from corner (40,50)
    assert area.covers(SP(40, 50 + left - MM)) and not area.covers(SP(40, 50 + left + MM))
    assert not area.covers(SP(50, 45))


def test_c_terrain_tier_1_flies_straight_over_a_10_cm_hedge() -> None:
    """C-terrain: obstacles of 15 cm or less do not block tier 1."""
    s = scenario(flyer(at=[50, 60]))
    assert check(s, "50,75").legal
    area = tier_area(reach(s), 1).area
    assert area.covers(SP(50, 75 - MM)) and not area.covers(SP(50, 75 + MM))


def test_c_terrain_tier_2_ignores_both() -> None:
    """C-terrain: tier 2 ignores every obstacle."""
    s = scenario(flyer(tier=2, mou={"ground": 10, "air": 50}))
    assert check(s, "50,75").legal
    area = tier_area(reach(s), 2).area
    assert area.covers(SP(50, 45)) and area.covers(SP(50, 80 - MM))
    assert not area.covers(SP(50, 80 + MM))


def test_c_terrain_tier_0_walks_round_every_obstacle() -> None:
    """C-terrain Decision: at tier 0 even the 10 cm hedge blocks."""
    s = scenario(flyer(tier=0, at=[50, 65]))
    refused(s, "50,75", "C-terrain", 1)


def test_c_terrain_zone_slows_the_ground_move_only() -> None:
    """C-terrain Decision: a zone of factor 2 doubles the ground move; tier 1 ignores it."""
    marsh = {"name": "marsh", "polygon": [[0, 0], [120, 0], [120, 10], [0, 10]], "factor": 2}
    s = scenario(flyer(tier=0, at=[20, 12]), zones=[marsh])
    report = check(s, "20,8")  # 4 cm, in the marsh: 8
    assert report.legal and report.spent == pytest.approx(8) and report.ground_factor == 2
    refused(s, "20,6.9", "C-mou", 1)  # 5.1 cm × 2 = 10.2 > 10
    assert check(s, "20,22").legal
    area = tier_area(reach(s), 0).area
    assert area.covers(SP(20, 7 + MM)) and not area.covers(SP(20, 7 - MM))
    assert area.covers(SP(20, 22 - MM)) and not area.covers(SP(20, 22 + MM))
    flying = check(scenario(flyer(at=[20, 12]), zones=[marsh]), "20,2")
    assert flying.legal and flying.spent == pytest.approx(10)


# -- C-dive ----------------------------------------------------------------------------------

def test_c_dive_bonuses_and_cost() -> None:
    """C-dive: onto the tier directly below, INI/ATT/FOR +2, air MOU − 5, the turn's change."""
    s = scenario(angel(side="acheron"), flyer(id="k", tier=1, at=[30, 20], side="griffin"),
                 flyer(id="g", tier=0, at=[25, 20], side="griffin"))
    report = check(s, "dive:k", "angel")
    assert report.legal and report.dive is not None
    assert report.dive["bonuses"] == {"INI": 2, "ATT": 2, "FOR": 2}
    assert report.end["tier"] == 1 and report.budget is not None and report.budget.total == F(25, 2)
    refused(s, "dive:g", "C-dive", 1, "angel")  # two tiers below
    refused(s, "down dive:k", "C-change", 2, "angel")
    refused(scenario(angel(), flyer(id="k", tier=1, at=[30, 20]), edition="3"), "dive:k",
            "C-dive", 1, "angel")


# -- C-adj and vision --------------------------------------------------------------------------

def test_c_adj_between_tiers() -> None:
    """C-adj: adjacent tiers +2 difficulty; two apart, not possible; edition 3 says nothing."""
    s = scenario(angel(), flyer(id="k", tier=1, at=[21, 20]), flyer(id="g", tier=0, at=[22, 20]))
    assert "+2" in wingbeat.engagement(s, "angel", "k").to_dict()["between_tiers"]
    assert "no shooting" in wingbeat.engagement(s, "angel", "g").to_dict()["between_tiers"]
    three = scenario(angel(), flyer(id="k", tier=1, at=[21, 20]), edition="3")
    assert "no rule" in wingbeat.engagement(three, "angel", "k").to_dict()["between_tiers"]
    same = scenario(flyer(), flyer(id="k", at=[52, 30]))
    assert wingbeat.engagement(same, "f", "k").to_dict()["engagement"] == "melee"


def test_c_tiers_vision_per_edition() -> None:
    """C-tiers: 360° in the air in 3.5 / Confédé; edition 3 keeps the front arc of the counter."""
    behind = flyer(id="k", tier=1, at=[40, 30])
    modern = scenario(flyer(facing=90), behind)
    assert wingbeat.engagement(modern, "f", "k").to_dict()["sees"]["f"] is True
    three = scenario(flyer(facing=90), behind, edition="3")
    assert wingbeat.engagement(three, "f", "k").to_dict()["sees"]["f"] is False
    assert reach(modern).abilities == () and reach(three).abilities == ()  # Bond: current only


# -- scenario and CLI ---------------------------------------------------------------------------

def test_scenario_errors_name_the_place() -> None:
    with pytest.raises(wingbeat.ScenarioError, match=r"creatures\[0\]\.wings"):
        scenario(flyer(wings=2))
    with pytest.raises(wingbeat.ScenarioError, match=r"creatures\[0\]\.at.*C-terrain"):
        scenario(flyer(at=[50, 45]))
    with pytest.raises(wingbeat.ScenarioError, match=r"options\.edition"):
        scenario(flyer(), edition="2")
    with pytest.raises(wingbeat.ScenarioError, match=r"map\.obstacles\[0\]\.polygon"):
        scenario(flyer(), obstacles=[{"polygon": [[0, 0], [1, 1]], "height": 5}])


runner = CliRunner()


def test_cli_reach_gives_tiers_and_geojson() -> None:
    result = runner.invoke(app, ["reach", "example:morbid-angel", "angel", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    tiers = {a["tier"]: a for a in data["areas"]}
    assert set(tiers) == {1, 2} and tiers[1]["budget"] == "25/2"
    assert shape(tiers[1]["area"]).covers(SP(30, 42.5 - MM))


def test_cli_check_and_path_exit_codes() -> None:
    ok = runner.invoke(app, ["check", "example:morbid-angel", "angel", "30,40 down"])
    assert ok.exit_code == 0, ok.output
    bad = runner.invoke(app, ["check", "example:morbid-angel", "angel", "down down", "--json"])
    assert bad.exit_code == 1 and json.loads(bad.output)["error"]["rule"] == "C-change"
    wrong = runner.invoke(app, ["check", "example:morbid-angel", "angel", "sideways"])
    assert wrong.exit_code == 2
    path = runner.invoke(app, ["path", "example:morbid-angel", "gargoyle", "--to", "39.8,40.8",
                               "--altitude", "1", "--json"])
    assert path.exit_code == 0, path.output
    assert json.loads(path.output)["moves"] == "40,40 39.8,40.8"
    far = runner.invoke(app, ["path", "example:morbid-angel", "gargoyle", "--to", "39,44"])
    assert far.exit_code == 1
