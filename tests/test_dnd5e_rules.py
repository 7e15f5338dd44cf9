"""dnd5e: the worked examples of seed 002 and rules/dnd5e.md, each test citing its rule id."""

from __future__ import annotations

from fractions import Fraction
from functools import partial

import pytest

import wingbeat
from answers import check_json as check
from scenarios import dnd5e
from wingbeat.rulesets.dnd5e import fall

scenario = partial(dnd5e, bottom=0, source="test.yaml")


HERO = "  - {id: hero, speed: {walk: 30}, at: A1, side: party}\n"
SEED = scenario(HERO + "  - {id: sleeper, speed: {walk: 30}, at: C3, conditions: [prone]}\n",
                cells="[{at: [D3, E3], terrain: difficult}]", options="{units: m}", rows=6)


# -- D-speed ---------------------------------------------------------------------------------------
def test_seed_speed_9_m_moves_3_acts_then_moves_6() -> None:
    """D-speed (seed 002): with a speed of 9 m, move 3 m, take the action, then move 6 m."""
    verdict = check(SEED, "hero", "B1 C1 action D1 E1 F1 G1")
    assert verdict["legal"] is True
    assert verdict["unit"] == "m"
    assert [s["total"] for s in verdict["steps"]][:3] == ["3/2", "3", "3"]
    assert verdict["steps"][2]["move"] == "action"
    assert verdict["cost"] == "9"
    assert verdict["can_act"] is False
    assert verdict["turn"]["action"] == "used"
    assert verdict["turn"]["left"] == {"walk": "0"}


def test_seed_speed_9_m_cannot_move_a_seventh_square() -> None:
    """D-speed: 9 m is six squares; the seventh is refused, and Dash is offered."""
    verdict = check(SEED, "hero", "B1 C1 action D1 E1 F1 G1 H1")
    assert verdict["legal"] is False
    assert verdict["error"]["rule"] == "D-speed"
    assert verdict["error"]["step"] == 8
    assert "Dash" not in verdict["error"]["message"]  # the action is already used
    fresh = check(SEED, "hero", "B1 C1 D1 E1 F1 G1 H1")
    assert "Dash" in fresh["error"]["message"]


def test_dash_adds_the_speed_again() -> None:
    """D-speed: Dash doubles this turn's movement and uses the action."""
    verdict = check(SEED, "hero", "dash B1 C1 D1 E1 F1 G1 H1 I1 J1 J2 J3 J4")
    assert verdict["legal"] is True and verdict["cost"] == "18"
    assert verdict["can_act"] is False and verdict["turn"]["action"] == "dash"
    again = check(SEED, "hero", "dash B1 dash")
    assert again["error"]["rule"] == "D-turn"


def test_switching_speeds_subtracts_what_was_moved() -> None:
    """D-speed: walk 20 then fly: the fly speed 40 less the 20 moved leaves 20."""
    s = scenario("  - {id: harpy, speed: {walk: 20, fly: 40}, at: A1}\n")
    verdict = check(s, "harpy", "B1 C1 D1 E1 up F1 G1")
    assert verdict["legal"] is True and verdict["cost"] == "35"
    assert verdict["turn"]["spent"] == {"walk": "20", "fly": "15"}
    assert verdict["turn"]["left"] == {"walk": "0", "fly": "5"}
    # having flown 25 ft, nothing is left of the walking speed 20: prone, it cannot fly, and
    # crawling is paid with the walking speed (along the ground it may still fly: D-fly)
    walk_after = check(s, "harpy", "up B1 C1 D1 E1 down prone F1")
    assert walk_after["legal"] is False
    assert walk_after["error"]["rule"] == "D-speed" and walk_after["error"]["step"] == 8
    assert "walk speed" in walk_after["error"]["message"]


def test_climbing_and_swimming_without_the_speed_cost_double() -> None:
    """D-speed: climbing or swimming without that speed costs 1 extra foot per foot."""
    cells = "[{at: [A1, J1], climb: true}, {at: [B2, C2, I3, J3], terrain: water}]"
    s = scenario("  - {id: hero, speed: {walk: 30}, at: A1}\n"
                 "  - {id: ape, speed: {walk: 30, climb: 30, swim: 30}, at: I1}\n", cells=cells)
    assert check(s, "hero", "up")["cost"] == "10"
    assert check(s, "hero", "up")["end"]["mode"] == "climb"
    assert check(s, "hero", "B2 C2")["cost"] == "20"
    assert check(s, "ape", "J1 up")["cost"] == "10"
    assert check(s, "ape", "I2 I3 J3")["cost"] == "15"
    assert check(s, "ape", "I2 I3 J3")["turn"]["spent"] == {"walk": "5", "swim": "10"}
    refused = check(s, "hero", "B1 up")
    assert refused["error"]["rule"] == "D-speed" and "climb" in refused["error"]["message"]


def test_burrowing_needs_a_burrow_speed() -> None:
    """D-speed: burrow speed moves a creature under the ground (bottom below 0)."""
    s = scenario("  - {id: mole, speed: {walk: 20, burrow: 10}, at: A1}\n"
                 "  - {id: hero, speed: {walk: 30}, at: C1}\n", bottom=-2)
    verdict = check(s, "mole", "down B1")
    assert verdict["legal"] is True and verdict["end"]["mode"] == "burrow"
    assert verdict["end"]["altitude"] == -1
    assert check(s, "mole", "down B1 C1")["error"]["rule"] == "D-speed"
    assert check(s, "hero", "down")["error"]["rule"] == "D-size"


# -- D-grid ----------------------------------------------------------------------------------------
RUNNER = scenario("  - {id: runner, speed: {walk: 60, fly: 60}, at: A1}\n")


@pytest.mark.parametrize(("rule", "cost"), [("phb", "30"), ("dmg", "45"), ("euclid", "40")])
def test_each_diagonal_rule_on_the_same_six_diagonals(rule: str, cost: str) -> None:
    """D-grid: B2 … G7 is six diagonals: phb 6 × 5, dmg 5+10+5+10+5+10, euclid 42.4 → 40."""
    verdict = check(RUNNER, "runner", "B2 C3 D4 E5 F6 G7", diagonals=rule)
    assert verdict["legal"] is True
    assert verdict["cost"] == cost


@pytest.mark.parametrize(("rule", "totals"), [
    ("phb", ["5", "10", "15", "20"]),
    ("dmg", ["5", "15", "20", "25"]),
    ("euclid", ["5", "15", "20", "25"]),  # 1.41, 2.83, 3.83 (+1 straight), 5.24 squares
])
def test_running_totals_along_a_mixed_path(rule: str, totals: list[str]) -> None:
    """D-grid: dmg counts diagonals along the whole move; euclid rounds the running length."""
    verdict = check(RUNNER, "runner", "B2 C3 D3 E4", diagonals=rule)
    assert [s["total"] for s in verdict["steps"]] == totals


def test_dmg_counts_diagonals_across_the_action() -> None:
    """D-grid: the dmg count runs along the whole turn, split by the action or not."""
    verdict = check(RUNNER, "runner", "B2 action C3", diagonals="dmg")
    assert [s["cost"] for s in verdict["steps"]] == ["5", "0", "10"]


@pytest.mark.parametrize(("rule", "costs"), [("phb", ["5", "5"]), ("dmg", ["5", "10"]),
                                             ("euclid", ["10", "5"])])
def test_a_3d_step_follows_the_diagonal_rule(rule: str, costs: list[str]) -> None:
    """D-grid Decision: a 3-D step counts as a diagonal (euclid: √3 squares, then √3 + √2)."""
    verdict = check(RUNNER, "runner", "B2+up C3", diagonals=rule)
    assert [s["cost"] for s in verdict["steps"]] == costs
    assert verdict["end"]["altitude"] == 1


def test_no_corner_cutting_past_a_wall() -> None:
    """D-grid: a diagonal may not cut the corner of a wall; the way round costs more."""
    s = scenario(HERO, cells="[{at: [B1], wall: true}]")
    refused = check(s, "hero", "B2")
    assert refused["error"]["rule"] == "D-grid" and "corner" in refused["error"]["message"]
    found = wingbeat.path(s, "hero", "B2").to_dict()
    assert found["cost"] == "10"
    assert check(s, "hero", "B1")["error"]["rule"] == "D-size"


def test_steps_must_be_adjacent_and_on_the_map() -> None:
    """D-grid: a step goes to one of the eight adjacent squares."""
    assert check(RUNNER, "runner", "C3")["error"]["rule"] == "D-grid"
    assert check(RUNNER, "runner", "K1")["error"]["rule"] == "D-grid"
    assert check(RUNNER, "runner", "NW")["error"]["rule"] == "D-grid"
    assert check(RUNNER, "runner", "SE")["end"]["at"] == "B2"
    with pytest.raises(wingbeat.NotationError):
        wingbeat.check(RUNNER, "runner", "B2+sideways")


# -- D-terrain -------------------------------------------------------------------------------------
def test_difficult_terrain_doubles_and_does_not_stack() -> None:
    """D-terrain: difficult costs double; a creature's space in difficult terrain: still double."""
    s = scenario(HERO + "  - {id: ally, speed: {walk: 30}, at: C1, side: party}\n",
                 cells="[{at: [B1, C1], terrain: difficult}]")
    verdict = check(s, "hero", "B1 C1 D1")
    assert [st["cost"] for st in verdict["steps"]] == ["10", "10", "5"]
    assert verdict["turn"]["difficult"] == ["B1", "C1"]


def test_another_creatures_space_is_difficult_and_no_place_to_stop() -> None:
    """D-terrain and D-creatures: an ally's space costs double and cannot end the move."""
    s = scenario(HERO + "  - {id: ally, speed: {walk: 30}, at: B1, side: party}\n")
    through = check(s, "hero", "B1 C1")
    assert [st["cost"] for st in through["steps"]] == ["10", "5"]
    stop = check(s, "hero", "B1")
    assert stop["legal"] is False and stop["error"]["rule"] == "D-creatures"


def test_flyers_above_the_ground_ignore_ground_terrain() -> None:
    """D-terrain Decision: a flyer above its ground level is not slowed; a storm cloud slows it."""
    cells = "[{at: [B1], terrain: difficult}, {at: [C1], air: difficult}]"
    s = scenario("  - {id: bird, speed: {walk: 10, fly: 60}, at: A1, altitude: 1}\n", cells=cells)
    assert [st["cost"] for st in check(s, "bird", "B1 C1 D1")["steps"]] == ["5", "10", "5"]


# -- D-prone ---------------------------------------------------------------------------------------
def test_seed_standing_up_at_9_m_costs_4_5_m() -> None:
    """D-prone (seed 002): standing up costs half the speed: 4.5 m of 9 m."""
    verdict = check(SEED, "sleeper", "stand")
    assert verdict["cost"] == "9/2"
    assert verdict["end"]["prone"] is False


def test_seed_crawling_30_cm_in_difficult_terrain_costs_90_cm() -> None:
    """D-prone (seed 002): crawling costs double, in difficult terrain triple (30 cm → 90 cm)."""
    normal = check(SEED, "sleeper", "C4")
    rough = check(SEED, "sleeper", "D3")
    square = Fraction(3, 2)  # one square is 1.5 m
    assert Fraction(normal["cost"]) / square == 2
    assert Fraction(rough["cost"]) / square == 3
    assert Fraction(rough["cost"]) * Fraction(30, 150) == Fraction(90, 100)  # per 30 cm


def test_standing_needs_half_the_speed_left() -> None:
    """D-prone: with less than half its speed left a creature cannot stand."""
    verdict = check(SEED, "sleeper", "B3 A3 stand")
    assert verdict["error"]["rule"] == "D-prone" and verdict["error"]["step"] == 3
    assert check(SEED, "sleeper", "B3 stand")["cost"] == "15/2"


def test_dropping_prone_is_free_and_stops_flight() -> None:
    """D-prone: dropping prone costs nothing; a prone creature only crawls (no flying)."""
    s = scenario("  - {id: harpy, speed: {walk: 20, fly: 40}, at: A1}\n")
    verdict = check(s, "harpy", "prone B1")
    assert [st["cost"] for st in verdict["steps"]] == ["0", "10"]
    assert check(s, "harpy", "prone up")["error"]["rule"] == "D-prone"


def test_odd_speed_stands_for_exactly_half() -> None:
    """D-prone: a 25 ft speed stands for 12.5 ft, exactly."""
    s = scenario("  - {id: gnome, speed: {walk: 25}, at: A1, conditions: [prone]}\n")
    verdict = check(s, "gnome", "stand B1 C1")
    assert verdict["cost"] == "45/2"
    assert check(s, "gnome", "stand B1 C1 D1")["error"]["rule"] == "D-speed"


def test_speed_zero_cannot_move_or_stand() -> None:
    """D-prone: a grappled (speed 0) creature cannot stand up or move."""
    s = scenario("  - {id: held, speed: {walk: 30}, at: A1, conditions: [prone, grappled]}\n")
    assert check(s, "held", "stand")["error"]["rule"] == "D-prone"
    assert check(s, "held", "B1")["error"]["rule"] == "D-speed"


# -- D-creatures -----------------------------------------------------------------------------------
HALL = "[{at: [A2, B2, C2, D2, E2, F2, G2, H2, A6, B6, C6, D6, E6, F6, G6, H6], wall: true}]"
BLOCKERS = scenario(
    "  - {id: guard, speed: {walk: 30}, reach: 5, at: F4, side: monsters}\n"
    "  - {id: soldier, speed: {walk: 30}, at: A4, side: party}\n"
    "  - {id: giant, size: huge, speed: {walk: 40}, reach: 10, at: H3, side: party}\n",
    cells=HALL, columns=10, rows=7)


def test_hostile_medium_blocks_a_medium() -> None:
    """D-creatures: through a hostile's space only two or more sizes apart."""
    verdict = check(BLOCKERS, "soldier", "B4 C4 D4 E4 F4")
    assert verdict["legal"] is False
    assert verdict["error"]["rule"] == "D-creatures" and verdict["error"]["step"] == 5


def test_hostile_medium_does_not_block_a_huge() -> None:
    """D-creatures: a Huge creature passes through a Medium hostile, at double cost."""
    verdict = check(BLOCKERS, "giant", "G3 F3 E3 D3 C3")
    assert verdict["legal"] is True and verdict["cost"] == "40"
    assert verdict["turn"]["difficult"] == ["F3", "E3", "D3"]
    assert check(BLOCKERS, "giant", "G3 F3 E3 D3")["error"]["rule"] == "D-creatures"


def test_leaving_reach_provokes_one_opportunity_attack() -> None:
    """D-creatures: leaving a hostile's reach provokes, once per hostile (its one reaction)."""
    verdict = check(BLOCKERS, "soldier", "B4 C4 D4 E4 D4 E4 D4")
    attacks = [e for e in verdict["events"] if e["type"] == "opportunity-attack"]
    assert attacks == [{"type": "opportunity-attack", "by": "guard", "step": 5}]
    assert verdict["turn"]["opportunity_attacks"] == [{"by": "guard", "step": 5}]


def test_disengage_provokes_nothing() -> None:
    """D-creatures: moving with Disengage provokes no opportunity attack."""
    verdict = check(BLOCKERS, "soldier", "disengage B4 C4 D4 E4 D4")
    assert verdict["events"] == []
    assert verdict["turn"]["action"] == "disengage"


def test_flying_up_out_of_reach_provokes() -> None:
    """D-creatures: climbing out of reach is leaving it too."""
    s = scenario("  - {id: harpy, speed: {walk: 20, fly: 40}, at: B1, altitude: 1, side: m}\n"
                 "  - {id: fighter, speed: {walk: 30}, at: B2, side: p}\n"
                 "  - {id: archer, speed: {walk: 30}, at: A2, side: p, conditions: [blinded]}\n")
    verdict = check(s, "harpy", "up")
    assert [e["by"] for e in verdict["events"]] == ["fighter"]  # the blinded archer cannot see


def test_a_tiny_imp_may_share_a_space_only_with_tiny_creatures() -> None:
    """D-size: four Tiny creatures fit in a space; a Tiny one may not end in a Medium's space."""
    s = scenario("  - {id: imp, size: tiny, speed: {walk: 20}, at: A1, side: m}\n"
                 "  - {id: rat, size: tiny, speed: {walk: 20}, at: B1, side: m}\n"
                 "  - {id: man, speed: {walk: 30}, at: A2, side: p}\n")
    assert check(s, "imp", "B1")["legal"] is True
    assert check(s, "imp", "A2")["error"]["rule"] == "D-creatures"


# -- D-size ----------------------------------------------------------------------------------------
CORRIDOR = scenario(
    "  - {id: ogre, size: large, speed: {walk: 40}, at: C1, side: m}\n"
    "  - {id: worm, size: gargantuan, speed: {walk: 50}, at: E7, side: m}\n",
    cells="[{at: [A3, B3, C3, E3, F3, G3, H3, A4, B4, C4, E4, F4, G4, H4], wall: true}]",
    columns=8, rows=10)


def test_a_large_creature_squeezes_through_a_5_ft_corridor() -> None:
    """D-size: squeezing into a space one size smaller costs 1 extra foot per foot."""
    verdict = check(CORRIDOR, "ogre", "D2 D3 D4 D5")
    assert [s["cost"] for s in verdict["steps"]] == ["10", "10", "10", "5"]
    assert check(CORRIDOR, "ogre", "D2 D3")["end"]["squeezing"] is True
    assert verdict["end"]["squeezing"] is False
    assert verdict["turn"]["squeezing"] is False


def test_a_gargantuan_creature_cannot_squeeze_into_5_ft() -> None:
    """D-size: a Gargantuan creature squeezes only to Huge (15 ft), not to 5 ft."""
    verdict = check(CORRIDOR, "worm", "E6 E5 E4")
    assert verdict["error"]["rule"] == "D-size" and verdict["error"]["step"] == 3


def test_the_whole_footprint_must_fit_under_a_ceiling() -> None:
    """D-size: a Large creature is 10 ft tall; under a 5 ft ceiling it must squeeze."""
    s = scenario("  - {id: ogre, size: large, speed: {walk: 40}, at: A1}\n",
                 cells="[{at: [C1, C2, D1, D2], ceiling: 1}]")
    verdict = check(s, "ogre", "B1")
    assert verdict["cost"] == "10" and verdict["end"]["squeezing"] is True


def test_a_huge_flyer_squeezes_under_the_map_top_and_no_further() -> None:
    """D-size: a Huge flyer (15 ft tall) at altitude 3 of 5 rises squeezed, once."""
    s = scenario("  - {id: roc, size: huge, speed: {walk: 20, fly: 60}, at: A1, altitude: 3}\n",
                 top=5)
    assert check(s, "roc", "up")["end"]["squeezing"] is True
    assert check(s, "roc", "up up")["error"]["rule"] == "D-size"


# -- D-fly -----------------------------------------------------------------------------------------
FLYERS = scenario(
    "  - {id: harpy, speed: {walk: 20, fly: 40}, at: C3, altitude: 6, conditions: [prone]}\n"
    "  - {id: wisp, size: tiny, speed: {walk: 0, fly: 50}, hover: true, at: F3, altitude: 6,\n"
    "     conditions: [prone]}\n"
    "  - {id: owl, speed: {walk: 5, fly: 60}, at: A8, altitude: 1, conditions: [grappled]}\n"
    "  - {id: hawk, speed: {walk: 10, fly: 60}, at: H8, altitude: 6}\n", top=20)


def test_a_flyer_knocked_prone_at_30_ft_falls() -> None:
    """D-fly: knocked prone without hover, it falls 30 ft: 3d6, and lands prone."""
    verdict = check(FLYERS, "harpy", "")
    fall_event = {"type": "fall", "feet": 30, "damage": "3d6", "prone": True, "step": 0}
    assert verdict["events"] == [fall_event]
    assert verdict["end"]["altitude"] == 0 and verdict["end"]["prone"] is True
    report = wingbeat.reach(FLYERS, "harpy").to_dict()
    assert report["start_events"] == [fall_event]
    assert report["states"][0]["altitude"] == 0


def test_a_hovering_flyer_does_not_fall() -> None:
    """D-fly: a creature that can hover stays aloft when prone; standing costs half its fly."""
    verdict = check(FLYERS, "wisp", "stand G3")
    assert verdict["events"] == [] and verdict["end"]["altitude"] == 6
    assert [s["cost"] for s in verdict["steps"]] == ["25", "5"]


def test_speed_zero_in_the_air_falls_without_damage_below_10_ft() -> None:
    """D-fly: a grappled flyer falls; 5 ft deals no damage, so it does not land prone."""
    verdict = check(FLYERS, "owl", "")
    assert verdict["events"] == [{"type": "fall", "feet": 5, "damage": None, "prone": False,
                                  "step": 0}]


def test_dropping_prone_in_the_air_is_a_fall() -> None:
    """D-fly: going prone aloft without hover is a fall of the whole height."""
    verdict = check(FLYERS, "hawk", "H9 prone")
    assert verdict["events"] == [{"type": "fall", "feet": 30, "damage": "3d6", "prone": True,
                                  "step": 2}]
    assert verdict["turn"]["falls"][0]["feet"] == 30


def test_xanathar_options_change_the_fall() -> None:
    """D-fly options: 500 ft at once; a flyer subtracts its fly speed before damage."""
    assert check(FLYERS, "hawk", "prone", flyer_fall=True)["events"][0]["damage"] is None
    s = scenario("  - {id: roc, speed: {walk: 20, fly: 120}, at: A1, altitude: 130}\n", top=150)
    long_fall = check(s, "roc", "prone", fall_rate=True)
    assert long_fall["events"][0]["feet"] == 500
    assert long_fall["events"][0]["remaining"] == 150
    assert long_fall["end"]["altitude"] == 30 and long_fall["end"]["falling"] is True
    assert check(s, "roc", "prone")["events"][0]["damage"] == "20d6"


@pytest.mark.parametrize(("feet", "dice"), [(0, 0), (5, 0), (10, 1), (35, 3), (200, 20),
                                            (1000, 20)])
def test_falling_damage_is_1d6_per_10_ft_up_to_20d6(feet: int, dice: int) -> None:
    """D-fly: 1d6 per 10 ft fallen, at most 20d6; prone on landing unless no damage."""
    result = fall(feet)
    assert result.dice == dice
    assert result.prone is (dice > 0)


def test_fall_in_metres_reports_both() -> None:
    """Units: with units m the fall event also gives the metres (1.5 m per 5 ft)."""
    verdict = check(FLYERS, "hawk", "prone", units="m")
    assert verdict["events"][0]["metres"] == "9"


# -- D-interact, D-turn ----------------------------------------------------------------------------
def test_one_free_object_interaction_then_the_action() -> None:
    """D-interact: one interaction is free, a second uses the action, a third is refused."""
    verdict = check(SEED, "hero", "interact B1 interact")
    assert verdict["turn"]["object_interaction"] == "used"
    assert verdict["turn"]["action"] == "used"
    assert check(SEED, "hero", "interact interact interact")["error"]["rule"] == "D-interact"


def test_incapacitated_creatures_take_no_action() -> None:
    """D-turn: an incapacitated creature moves but cannot act."""
    s = scenario("  - {id: dazed, speed: {walk: 30}, at: A1, conditions: [incapacitated]}\n")
    verdict = check(s, "dazed", "B1")
    assert verdict["legal"] is True and verdict["can_act"] is False
    assert check(s, "dazed", "dash")["error"]["rule"] == "D-turn"


def test_reach_lists_the_start_and_marks_dash_states() -> None:
    """D-turn: reach lists the start at cost 0; beyond the speed only with Dash (no action)."""
    report = wingbeat.reach(SEED, "hero").to_dict()
    start = report["states"][0]
    assert (start["at"], start["cost"], start["can_act"]) == ("A1", "0", True)
    by_at = {s["at"]: s for s in report["states"] if s["altitude"] == 0 and not s["prone"]}
    assert by_at["G1"]["cost"] == "9" and by_at["G1"]["can_act"] is True
    assert by_at["H1"]["cost"] == "21/2" and by_at["H1"]["can_act"] is False
    assert by_at["H1"]["path"].startswith("B1") and "dash" in by_at["H1"]["path"]
    assert report["unit"] == "m" and report["budget"] == "18"


def test_path_and_check_agree_on_a_route_with_dash() -> None:
    """One legality function: the path found, replayed by check, costs the same."""
    found = wingbeat.path(SEED, "hero", "J6").to_dict()
    replay = check(SEED, "hero", found["moves"])
    assert replay["legal"] is True
    assert (replay["cost"], replay["end"]) == (found["cost"], found["end"])


def test_hex_footprints_and_steps() -> None:
    """D-grid hex option and D-size: 5 ft hexes, Large covers 3, Huge 7, Gargantuan 12."""
    from wingbeat.rulesets.dnd5e import GridKind, Size, footprint_offsets

    assert [len(footprint_offsets(GridKind.HEX, s)) for s in Size] == [1, 1, 1, 3, 7, 12]
    assert [len(footprint_offsets(GridKind.SQUARE, s)) for s in Size] == [1, 1, 1, 4, 9, 16]
    s = scenario("  - {id: griffon, size: large, speed: {walk: 30, fly: 80}, at: D6}\n",
                 cells="[{at: [F8], terrain: difficult}]", grid="hex", columns=12, rows=16)
    verdict = check(s, "griffon", "E7 F8")
    assert [st["cost"] for st in verdict["steps"]] == ["10", "10"]  # F8 is under its footprint
    assert check(s, "griffon", "E7+up", diagonals="dmg")["cost"] == "5"
    assert check(s, "griffon", "F7")["error"]["rule"] == "D-grid"
