"""dnd5e: the problems an independent review found, each pinned by a test citing its rule id."""

from __future__ import annotations

from functools import partial

import pytest

import wingbeat
from answers import check_json as check
from scenarios import dnd5e
from wingbeat.model import Scenario

scenario = partial(dnd5e, source="review.yaml")


# -- D-fly: hover ----------------------------------------------------------------------------------
HOVERERS = scenario(
    "  - {id: beholder, size: large, speed: {walk: 0, fly: 20}, hover: true, at: C3,"
    " altitude: 4, conditions: [grappled], side: m}\n"
    "  - {id: eagle, speed: {walk: 10, fly: 60}, at: F3, altitude: 4, conditions: [restrained],"
    " side: m}\n"
    "  - {id: wisp, size: tiny, speed: {walk: 0, fly: 50}, hover: true, at: A8,"
    " conditions: [prone], side: m}\n"
    "  - {id: sprite, size: tiny, speed: {walk: 0, fly: 40}, hover: true, at: H8, altitude: 2,"
    " conditions: [prone, grappled], side: m}\n", top=10)


def test_a_hovering_flyer_at_speed_0_does_not_fall() -> None:
    """D-fly: speed 0 makes a flyer fall *unless it can hover*; a grappled beholder stays up."""
    verdict = check(HOVERERS, "beholder", "")
    assert verdict["events"] == [] and verdict["turn"]["falls"] == []
    assert verdict["end"]["altitude"] == 4
    assert wingbeat.reach(HOVERERS, "beholder").to_dict()["hover"] is True
    held = check(HOVERERS, "sprite", "")  # prone and grappled, but it hovers
    assert held["events"] == [] and held["end"]["altitude"] == 2
    # the eagle cannot hover: speed 0 brings it down 20 ft (2d6, prone)
    assert check(HOVERERS, "eagle", "")["events"] == [
        {"type": "fall", "feet": 20, "damage": "2d6", "prone": True, "step": 0}]


def test_a_hovering_flyer_held_at_speed_0_cannot_stand() -> None:
    """D-prone: at speed 0 it cannot stand up, and the refusal names the condition."""
    refused = check(HOVERERS, "sprite", "stand")
    assert refused["error"]["rule"] == "D-prone"
    assert "grappled" in refused["error"]["message"]


# -- D-prone: which speed standing up uses ---------------------------------------------------------
def test_a_flyer_with_no_walking_speed_stands_up_with_its_fly_speed() -> None:
    """D-prone: standing costs half the speed it moves with; walk 0, fly 50 on the ground: 25."""
    verdict = check(HOVERERS, "wisp", "stand up B7")
    assert verdict["legal"] is True
    assert [s["cost"] for s in verdict["steps"]] == ["25", "5", "5"]
    assert verdict["turn"]["spent"] == {"fly": "35"}
    found = wingbeat.path(HOVERERS, "wisp", "B7", mode="standing").to_dict()
    assert found["cost"] == "30" and found["moves"].split()[0] == "stand"


# -- D-size: a creature squeezing when its turn starts ---------------------------------------------
CORRIDOR = ("[{at: [A3, B3, C3, E3, F3, G3, H3, A4, B4, C4, E4, F4, G4, H4, A5, B5, C5, E5, F5,"
            " G5, H5], wall: true}]")
def squeezed() -> Scenario:
    """A Large ogre squeezing in a 5 ft corridor (column D), a hero south of it, a bat above."""
    return scenario(
        "  - {id: ogre, size: large, speed: {walk: 40}, reach: 5, at: D3, side: m}\n"
        "  - {id: hero, speed: {walk: 30}, at: D6, side: p}\n"
        "  - {id: bat, speed: {walk: 5, fly: 30}, at: D2, altitude: 1, side: p}\n",
        cells=CORRIDOR, columns=8, rows=9)


def test_a_large_creature_may_start_its_turn_squeezed_in_a_corridor() -> None:
    """D-size: a turn can end squeezed in a 5 ft corridor, so the next one can start there."""
    verdict = check(squeezed(), "ogre", "D4")
    assert verdict["legal"] is True and verdict["end"]["squeezing"] is True
    assert verdict["cost"] == "10"
    start = wingbeat.reach(squeezed(), "ogre").to_dict()["states"][0]
    assert (start["at"], start["squeezing"], start["cost"]) == ("D3", True, "0")


def test_others_meet_a_squeezed_creature_where_it_is() -> None:
    """D-size, D-creatures: a squeezing Large creature fills one square 5 ft tall, not four."""
    # D4 would be under the ogre's full 2 × 2 footprint, but it squeezes into D3 alone
    assert check(squeezed(), "hero", "D5 D4")["legal"] is True
    assert check(squeezed(), "hero", "D5 D4 D3")["error"]["rule"] == "D-creatures"
    # the bat 5 ft up over D2 leaves the reach of the ogre (5 ft tall while it squeezes) as it
    # rises to 10 ft, not to 15 ft
    assert check(squeezed(), "bat", "up up")["events"] == [
        {"type": "opportunity-attack", "by": "ogre", "step": 1}]
    far = wingbeat.engagement(squeezed(), "ogre", "hero").to_dict()
    assert far["distance"] == 15 and far["engagement"] == "none"


def test_the_map_edge_is_no_wall_to_squeeze_against() -> None:
    """D-size: squeezing needs a narrow space; a footprint never reaches past the map's edge."""
    s = scenario("  - {id: ogre, size: large, speed: {walk: 40}, at: A1}\n", columns=4, rows=4)
    refused = check(s, "ogre", "B1 C1 D1")
    assert refused["error"]["rule"] == "D-size"
    assert "off the map" in refused["error"]["message"]
    states = wingbeat.reach(s, "ogre").to_dict()["states"]
    assert {x["at"] for x in states} == {"A1", "B1", "C1", "A2", "B2", "C2", "A3", "B3", "C3"}
    assert not any(x["squeezing"] for x in states)


# -- D-creatures: only a *willing* end in another creature's space is refused ----------------------
def test_a_fall_into_another_creatures_space_is_no_willing_end_at_speed_0() -> None:
    """D-creatures: a creature may not *willingly* end its move in another's space. Knocked
    prone over a fighter, a harpy falls into its space and must crawl out; grappled (speed 0)
    over a rogue, a harpy falls into its space and cannot leave: staying there is no choice."""
    s = scenario("  - {id: harpy, speed: {walk: 20, fly: 40}, at: C3, altitude: 6,"
                 " conditions: [prone], side: m}\n"
                 "  - {id: held, speed: {walk: 20, fly: 40}, at: F3, altitude: 4,"
                 " conditions: [grappled], side: m}\n"
                 "  - {id: fighter, speed: {walk: 30}, at: C3, side: p}\n"
                 "  - {id: rogue, speed: {walk: 30}, at: F3, side: p}\n", top=10)
    stay = check(s, "harpy", "")
    assert stay["error"]["rule"] == "D-creatures" and stay["turn"]["ends_legally"] is False
    assert check(s, "harpy", "B3")["legal"] is True
    held = check(s, "held", "")
    assert held["legal"] is True and held["turn"]["ends_legally"] is True
    assert held["end"] == {"at": "F3", "altitude": 0, "mode": "walk", "prone": True,
                           "squeezing": False}
    start = wingbeat.reach(s, "held").to_dict()["states"]
    assert [(x["at"], x["cost"]) for x in start] == [("F3", "0")]


# -- bad input is refused as such ------------------------------------------------------------------
def test_questions_that_make_no_sense_are_bad_input() -> None:
    """D-grid: a path to an altitude the map does not have, or a creature's engagement with
    itself, is bad input (exit code 2), not a path not found or a melee."""
    s = scenario("  - {id: hero, speed: {walk: 30, fly: 30}, at: A1, side: p}\n", top=6)
    with pytest.raises(wingbeat.NotationError, match="altitude 7"):
        wingbeat.path(s, "hero", "B2", altitude=7)
    with pytest.raises(wingbeat.NotationError, match="altitude -1"):
        wingbeat.path(s, "hero", "B2", altitude=-1)
    assert wingbeat.path(s, "hero", "B2", altitude=6).to_dict()["end"]["altitude"] == 6
    with pytest.raises(wingbeat.WingbeatError, match="two different creatures"):
        wingbeat.engagement(s, "hero", "hero")
    still = check(s, "hero", "A1")["error"]
    assert still["rule"] == "D-grid" and "already at A1" in still["message"]


# -- D-size with D-terrain and D-prone: the extra costs add ----------------------------------------
@pytest.mark.parametrize(("moves", "costs"), [
    ("D2 D3 D4 D5", ["10", "10", "15", "10"]),  # squeezing +1; squeezing and difficult +1 +1
    ("prone D2 D3 D4 D5", ["0", "15", "15", "20", "15"]),  # crawling too: 4 ft per foot
])
def test_squeezing_in_difficult_terrain_costs_3_ft_per_foot(moves: str, costs: list[str]) -> None:
    """D-size, D-terrain, D-prone: each extra cost is 1 extra foot per foot, and they add (as
    climbing in difficult terrain does); only two reasons for difficult terrain do not stack."""
    s = scenario("  - {id: ogre, size: large, speed: {walk: 40}, at: C1, side: m}\n"
                 "  - {id: rat, size: tiny, speed: {walk: 20}, at: D4, side: m}\n",
                 cells=CORRIDOR[:-1] + ", {at: [D4], terrain: difficult}]", columns=8, rows=9)
    verdict = check(s, "ogre", f"dash {moves}")
    assert verdict["legal"] is True
    assert [st["cost"] for st in verdict["steps"]][1:] == costs
    assert verdict["turn"]["difficult"] == ["D4"]  # rubble and the rat: difficult once


# -- D-creatures: reach 10 ft from a Large attacker, by each diagonal rule -------------------------
@pytest.mark.parametrize(("rule", "step_away", "rise"), [
    ("phb", [], [4]),  # E8 is 10 ft from the ogre's nearest square; 20 ft up is 15 ft away
    ("dmg", [1], [3]),  # (2, 2) squares: 10 + 5 = 15 ft; 15 ft up: (2, 1, 2) → 15 ft
    ("euclid", [1], [3]),  # √8 = 2.83 squares → 15 ft; √9 → 15 ft
])
def test_leaving_a_large_reach_10_attackers_reach(rule: str, step_away: list[int],
                                                  rise: list[int]) -> None:
    """D-creatures: reach is measured from the nearest square of a Large attacker's space, in
    3-D and by the diagonal rule; flying up out of it provokes as walking out does."""
    s = scenario("  - {id: hero, speed: {walk: 30, fly: 60}, at: E7, side: p}\n"
                 "  - {id: ogre, size: large, speed: {walk: 40}, reach: 10, at: G5, side: m}\n",
                 columns=12, rows=12, top=10)
    away = check(s, "hero", "E8", diagonals=rule)["turn"]["opportunity_attacks"]
    assert [a["step"] for a in away] == step_away
    up = check(s, "hero", "up up up up", diagonals=rule)["turn"]["opportunity_attacks"]
    assert [a["step"] for a in up] == rise and all(a["by"] == "ogre" for a in up)
