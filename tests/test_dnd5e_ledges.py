"""dnd5e: walking off a ledge (D-fly falling, D-speed, Decision 5 of docs/rules/dnd5e.md).

A creature on the ground that cannot fly may step off a ledge at its walking cost; it then falls
to the ground below: 1d6 per 10 ft (at most 20d6), prone unless it takes no damage. The fall
spends no movement, and the one step generator makes it, so reach, path and check all see it.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import wingbeat
from answers import check_json as check
from scenarios import dnd5e
from wingbeat.model import Scenario

PLATFORM = "{at: [A1, A2, A3, B1, B2, B3], ground: %d}"


def ledge(creatures: str, *, high: int = 4, cells: str = "", options: str = "{}",
          columns: int = 6, rows: int = 3, top: int = 6, grid: str = "square") -> Scenario:
    """A platform ``high`` levels up over columns A–B, open ground east of it."""
    extra = f", {cells}" if cells else ""
    return dnd5e(creatures, cells=f"[{PLATFORM % high}{extra}]", options=options,
                 columns=columns, rows=rows, top=top, grid=grid, source="ledge.yaml")


HERO = "  - {id: hero, size: medium, speed: {walk: 30}, at: B2, side: party}\n"
FALL_20 = {"type": "fall", "feet": 20, "damage": "2d6", "prone": True, "step": 1}


# -- D-fly: the fall ------------------------------------------------------------------------------
def test_a_walker_steps_off_a_20_ft_ledge_and_falls_2d6_landing_prone() -> None:
    """D-fly: 20 ft fallen is 2d6, and it lands prone; the step costs its walking 5 ft (D-speed),
    the fall no movement."""
    verdict = check(ledge(HERO), "hero", "C2")
    assert verdict["legal"] is True
    assert verdict["cost"] == "5"
    assert verdict["events"] == [FALL_20]
    assert verdict["steps"][0]["events"] == [FALL_20]
    end = verdict["end"]
    assert (end["at"], end["altitude"], end["mode"], end["prone"]) == ("C2", 0, "walk", True)
    turn = verdict["turn"]
    assert turn["spent"] == {"walk": "5"} and turn["left"] == {"walk": "25"}
    assert turn["falls"] == [FALL_20] and turn["prone"] is True


def test_after_the_fall_it_crawls_on_prone() -> None:
    """D-prone: landed prone, its next step is a crawl (10 ft), or it stands for half its speed."""
    s = ledge(HERO)
    assert check(s, "hero", "C2 D2")["cost"] == "15"
    stood = check(s, "hero", "C2 stand D2")
    assert (stood["cost"], stood["end"]["prone"]) == ("25", False)


def test_a_5_ft_step_down_deals_no_damage_and_leaves_it_standing() -> None:
    """D-fly: 5 ft is less than 10 ft, so 0 dice, and no damage means not prone: a step down."""
    verdict = check(ledge(HERO, high=1), "hero", "C2 D2")
    assert verdict["legal"] is True
    assert verdict["cost"] == "10"
    assert verdict["events"] == [
        {"type": "fall", "feet": 5, "damage": None, "prone": False, "step": 1}]
    assert (verdict["end"]["altitude"], verdict["end"]["prone"]) == (0, False)


def test_the_twenty_dice_cap_holds_for_a_walker_too() -> None:
    """D-fly: at most 20d6, here from 250 ft up."""
    verdict = check(ledge(HERO, high=50, top=52), "hero", "C2")
    (fall,) = verdict["events"]
    assert (fall["feet"], fall["damage"], fall["prone"]) == (250, "20d6", True)


def test_metres_report_the_fall_in_metres_too() -> None:
    """D-fly with units m (3/10 m per foot): the 20 ft fall is 6 m; the step costs 1.5 m."""
    verdict = check(ledge(HERO, options="{units: m}"), "hero", "C2")
    assert verdict["cost"] == "3/2"
    assert verdict["events"] == [{**FALL_20, "metres": "6"}]


def test_the_xgte_rate_of_falling_leaves_it_falling_and_its_move_over() -> None:
    """D-fly, XGtE fall_rate: 600 ft down, 500 ft this turn; it cannot move again this turn."""
    s = ledge(HERO, high=120, top=122, options="{fall_rate: true}")
    verdict = check(s, "hero", "C2")
    (fall,) = verdict["events"]
    assert (fall["feet"], fall["damage"], fall["lands"], fall["remaining"]) == (
        500, None, False, 100)
    assert (verdict["end"]["altitude"], verdict["end"]["falling"]) == (20, True)
    refused = check(s, "hero", "C2 D2")
    assert refused["legal"] is False and refused["error"]["rule"] == "D-fly"


def test_a_prone_flyer_crawling_off_falls_and_xgte_subtracts_its_fly_speed() -> None:
    """D-prone, D-fly: prone, the harpy cannot fly (it must stand first), so crawling off is a
    fall; XGtE flyer_fall subtracts its 40 ft fly speed from the 20 ft: no damage."""
    harpy = "  - {id: harpy, speed: {walk: 20, fly: 40}, at: B2, conditions: [prone]}\n"
    plain = check(ledge(harpy), "harpy", "C2")
    assert (plain["cost"], plain["events"]) == ("10", [FALL_20])
    verdict = check(ledge(harpy, options="{flyer_fall: true}"), "harpy", "C2")
    assert verdict["events"] == [
        {"type": "fall", "feet": 20, "damage": None, "prone": True, "step": 1}]
    assert (verdict["end"]["altitude"], verdict["end"]["prone"]) == (0, True)


# -- who falls, who does not ----------------------------------------------------------------------
def test_a_flyer_stepping_off_flies_instead_and_does_not_fall() -> None:
    """D-speed, Decision 5: leaving the ground into the air is flying for a creature that can."""
    s = ledge("  - {id: hawk, speed: {walk: 10, fly: 60}, at: B2, side: party}\n")
    verdict = check(s, "hawk", "C2")
    assert verdict["legal"] is True and verdict["events"] == []
    end = verdict["end"]
    assert (end["altitude"], end["mode"], end["prone"]) == (4, "fly", False)
    assert verdict["turn"]["spent"] == {"fly": "5"}


def test_a_grappled_creature_cannot_step_off() -> None:
    """D-speed: its speed is 0, so no step at all, over a ledge or not."""
    s = ledge("  - {id: hero, speed: {walk: 30}, at: B2, conditions: [grappled]}\n")
    verdict = check(s, "hero", "C2")
    assert verdict["legal"] is False and verdict["error"]["rule"] == "D-speed"


def test_a_prone_creature_crawls_off_and_falls_staying_prone() -> None:
    """D-prone and D-fly: crawling costs double (10 ft); over the edge it falls like a walker,
    and already prone it stays prone even from 5 ft, where it takes no damage."""
    s = ledge("  - {id: hero, speed: {walk: 30}, at: B2, conditions: [prone]}\n")
    verdict = check(s, "hero", "C2")
    assert (verdict["cost"], verdict["events"]) == ("10", [FALL_20])
    low = check(ledge("  - {id: hero, speed: {walk: 30}, at: B2, conditions: [prone]}\n",
                      high=1), "hero", "C2")
    assert low["events"] == [{"type": "fall", "feet": 5, "damage": None, "prone": True,
                              "step": 1}]
    assert low["end"]["prone"] is True


def test_a_climbable_face_is_still_climbed_not_fallen_down() -> None:
    """D-speed, Decision 5: a ``climb: true`` space is climbed (without a climbing speed 1 extra
    foot per foot), as before; no fall."""
    s = ledge(HERO, cells="{at: [C2], climb: true}")
    verdict = check(s, "hero", "C2 down")
    assert verdict["legal"] is True and verdict["events"] == []
    assert [step["cost"] for step in verdict["steps"]] == ["10", "10"]
    assert verdict["steps"][0]["move"] == "C2"
    assert (verdict["end"]["altitude"], verdict["end"]["mode"]) == (3, "climb")


def test_it_may_not_fall_into_a_hostiles_space() -> None:
    """D-creatures: it cannot move through a hostile's space, so it cannot drop into one."""
    s = ledge(HERO + "  - {id: orc, speed: {walk: 30}, at: C2, side: monsters}\n")
    verdict = check(s, "hero", "C2 D2")  # not even on the way: the refusal is at step 1
    assert verdict["legal"] is False
    assert (verdict["error"]["rule"], verdict["error"]["step"]) == ("D-creatures", 1)
    assert "fall into the space of orc" in verdict["error"]["message"]
    assert check(s, "hero", "C3")["legal"] is True


def test_leaving_a_reach_by_walking_off_provokes_falling_out_of_it_does_not() -> None:
    """D-creatures, Decision 7: the step out of the ogre's reach provokes before the fall;
    a fall that only carries it out of a reach provokes nothing."""
    ogre = "  - {id: ogre, speed: {walk: 40}, reach: 5, at: A2, side: monsters}\n"
    verdict = check(ledge(HERO + ogre), "hero", "C2")
    assert [e["type"] for e in verdict["events"]] == ["opportunity-attack", "fall"]
    # the ogre stands below at D2: the air over C2 is within its 5 ft reach, the ground too
    below = "  - {id: ogre, speed: {walk: 40}, reach: 5, at: D2, side: monsters}\n"
    quiet = check(ledge(HERO + below), "hero", "C2")
    assert [e["type"] for e in quiet["events"]] == ["fall"]


def test_a_large_creature_falls_only_when_its_whole_footprint_is_over_the_drop() -> None:
    """D-size, D-fly: a Large 2×2 footprint stands on the highest ground under it, so half over
    the edge it still stands on the ledge; one more step and all of it falls 20 ft."""
    s = ledge("  - {id: horse, size: large, speed: {walk: 60}, at: A1, side: party}\n")
    verdict = check(s, "horse", "E E")
    assert verdict["legal"] is True
    assert "events" not in verdict["steps"][0]
    assert verdict["steps"][1]["events"] == [{**FALL_20, "step": 2}]
    end = verdict["end"]
    assert (end["at"], end["altitude"], end["prone"]) == ("C1", 0, True)


def test_hexes_have_ledges_too() -> None:
    """D-grid: the same step off a ledge on the hex grid."""
    text = ("ruleset: dnd5e\nmap: {grid: hex, columns: 6, rows: 6, top: 4, "
            "cells: [{at: [C3], ground: 2}]}\ncreatures:\n"
            "  - {id: hero, speed: {walk: 30}, at: C3}\n")
    s = wingbeat.read_scenario_text(text, source="hex.yaml")
    verdict = check(s, "hero", "SE")
    assert verdict["events"] == [{"type": "fall", "feet": 10, "damage": "1d6", "prone": True,
                                  "step": 1}]


# -- one legality function: reach, path and check ----------------------------------------------
def test_reach_lists_the_ground_below_with_the_path_through_the_drop() -> None:
    """D-turn: reach leaves the platform; each listed path checks at its cost and end."""
    s = ledge(HERO)
    states = wingbeat.reach(s, "hero").to_dict()["states"]
    below = {(x["at"], x["prone"]): x for x in states if x["altitude"] == 0}
    assert below[("C2", True)]["path"] == "C2"
    assert below[("C2", True)]["cost"] == "5"
    assert below[("C2", False)]["cost"] == "20"  # 5 ft, then standing up: half of 30
    assert ("E2", False) in below
    for state in states:
        verdict = check(s, "hero", state["path"])
        assert verdict["legal"] is True
        assert verdict["cost"] == state["cost"]
        for key in ("at", "altitude", "prone"):
            assert verdict["end"][key] == state[key]


@pytest.mark.parametrize("high", [1, 4])
def test_path_routes_through_the_drop_and_check_agrees(high: int) -> None:
    """D-turn: the cheapest way down is over the edge; its fall is in its steps, and ``check``
    of the same moves reports the same cost, steps and events."""
    s = ledge(HERO, high=high)
    found = wingbeat.path(s, "hero", "E2", altitude=0).to_dict()
    assert found["legal"] is True
    assert Fraction(found["cost"]) == (15 if high == 1 else 25)  # a 5 ft drop leaves it standing
    falls = [e for step in found["steps"] for e in step.get("events", [])]
    assert [(e["type"], e["feet"]) for e in falls] == [("fall", high * 5)]
    again = check(s, "hero", found["moves"])
    assert (again["cost"], again["events"], again["end"]) == (
        found["cost"], found["events"], found["end"])
