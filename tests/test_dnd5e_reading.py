"""dnd5e: rules corrections from an independent reading of the source texts (seed 002 and the
SRD 5.1), each test citing its rule id and quoting the passage it pins: flying along the ground
(D-fly, D-speed), no overlapping creatures (D-creatures), jumping (D-jump)."""

from __future__ import annotations

import json
from functools import partial
from typing import Any

import pytest
from typer.testing import CliRunner

import wingbeat
from answers import check_json as check
from scenarios import dnd5e
from wingbeat.cli import app
from wingbeat.errors import NotationError, ScenarioError
from wingbeat.model import Scenario

runner = CliRunner()


scenario = partial(dnd5e, rows=6, source="reading.yaml")


def reach_costs(s: Scenario, who: str) -> dict[tuple[str, int], str]:
    """The least reach cost of each (space, altitude)."""
    out: dict[tuple[str, int], str] = {}
    for state in wingbeat.reach(s, who).to_dict()["states"]:
        out.setdefault((state["at"], state["altitude"]), state["cost"])
    return out


# -- D-fly, D-speed: flying along the ground ------------------------------------------------------
# Seed 002: "Queste diverse modalità di movimento possono essere combinate al camminare o possono
# costituire l'intero movimento del personaggio" (these modes of movement can be combined with
# walking or make up the character's whole movement). A flyer may fly at ground level.
FLYERS = scenario(
    "  - {id: wisp, size: tiny, speed: {walk: 0, fly: 50}, hover: true, at: B2}\n"
    "  - {id: harpy, speed: {walk: 20, fly: 40}, at: A4}\n"
    "  - {id: bat, speed: {walk: 5, fly: 30}, at: A6, conditions: [prone]}\n",
    cells="[{at: [D2], terrain: difficult}, {at: [B3], terrain: water}]")


def test_a_flyer_with_no_walking_speed_flies_along_the_ground() -> None:
    """D-fly: a will-o'-wisp (walk 0, fly 50) at altitude 0 moves to the next square for 5 ft
    with its fly speed, not 10 (up, then down); reach, path and check agree."""
    verdict = check(FLYERS, "wisp", "C2")
    assert verdict["legal"] is True and verdict["cost"] == "5"
    assert verdict["turn"]["spent"] == {"fly": "5"}
    assert verdict["turn"]["left"] == {"walk": "0", "fly": "45"}
    assert verdict["end"] == {"at": "C2", "altitude": 0, "mode": "fly", "prone": False,
                              "squeezing": False}
    assert reach_costs(FLYERS, "wisp")[("C2", 0)] == "5"
    found = wingbeat.path(FLYERS, "wisp", "C2", altitude="0").to_dict()
    assert (found["moves"], found["cost"]) == ("C2", "5")


def test_flying_at_ground_level_is_slowed_by_the_grounds_difficult_terrain() -> None:
    """D-terrain: at ground level the rubble slows a flyer as it slows a walker (the air above is
    not slowed); over deep water, ground level is in the water: that step is swum."""
    assert check(FLYERS, "wisp", "C2 D2")["cost"] == "15"
    assert check(FLYERS, "wisp", "C2 up D2")["cost"] == "15"  # 5 + 5 up + 5 in the air
    refused = check(FLYERS, "wisp", "B3")
    assert refused["error"]["rule"] == "D-speed" and "walk speed" in refused["error"]["message"]
    assert check(FLYERS, "wisp", "up B3")["legal"] is True


def test_walking_then_flying_along_the_ground_counts_everything_moved() -> None:
    """D-speed: "subtract the distance already moved from the new speed". The harpy walks its
    20 ft, then flies on at ground level until 40 ft in all are spent."""
    verdict = check(FLYERS, "harpy", "B4 C4 D4 E4 F4 G4")
    assert verdict["legal"] is True and verdict["cost"] == "30"
    assert verdict["turn"]["spent"] == {"walk": "20", "fly": "10"}
    assert verdict["turn"]["left"] == {"walk": "0", "fly": "10"}
    assert check(FLYERS, "harpy", "B4 C4 D4 E4 F4 G4 H4 I4")["cost"] == "40"
    refused = check(FLYERS, "harpy", "B4 C4 D4 E4 F4 G4 H4 I4 J4")
    assert refused["error"]["rule"] == "D-speed" and refused["error"]["step"] == 9
    assert "fly speed" in refused["error"]["message"]  # the speed with the most left
    assert reach_costs(FLYERS, "harpy")[("I4", 0)] == "40"


def test_a_prone_flyer_cannot_fly_along_the_ground_it_crawls() -> None:
    """D-prone: a prone creature moves only by crawling, paid with its walking speed."""
    refused = check(FLYERS, "bat", "B6")
    assert refused["error"]["rule"] == "D-speed" and "walk speed" in refused["error"]["message"]
    assert check(FLYERS, "bat", "stand B6")["turn"]["spent"] == {"walk": "5/2", "fly": "5"}


# -- D-creatures: no overlapping creatures ---------------------------------------------------------
# Seed 002: "Che una creatura sia amica o nemica, non è possibile terminare volontariamente il
# proprio movimento nel suo spazio" (friend or foe, you can't willingly end your move in its
# space); "Ogni creatura occupa una quantità di spazio diversa" (each creature takes up space).
def test_overlapping_creatures_are_refused_naming_both_and_the_shared_space() -> None:
    """D-creatures: a Large ogre at B2 covers B2-C3; a goblin at C3 shares C3 with it."""
    with pytest.raises(ScenarioError) as caught:
        scenario("  - {id: ogre, size: large, speed: {walk: 40}, at: B2, side: m}\n"
                 "  - {id: goblin, size: small, at: C3, side: p}\n")
    error = caught.value
    assert (error.source, error.where) == ("reading.yaml", "creatures[1].at")
    assert "goblin overlaps ogre at C3, altitude 0" in str(error)
    assert "D-creatures" in str(error) and "\n" not in str(error)


def test_the_cli_refuses_overlapping_creatures_on_one_line(tmp_path: Any) -> None:
    path = tmp_path / "overlap.yaml"
    path.write_text("ruleset: dnd5e\nmap: {columns: 6, rows: 6}\ncreatures:\n"
                    "  - {id: a, at: C3}\n  - {id: b, at: C3}\n", encoding="utf-8")
    result = runner.invoke(app, ["reach", str(path), "a"])
    assert result.exit_code == 2
    assert result.output.strip().count("\n") == 0
    assert "creatures[1].at: b overlaps a at C3, altitude 0" in result.output


@pytest.mark.parametrize(("second", "overlaps"), [
    ("{id: bat, speed: {walk: 5, fly: 30}, at: C3, altitude: 6}", False),  # 30 ft above
    ("{id: bat, speed: {walk: 5, fly: 30}, at: C3, altitude: 2}", False),  # above its 10 ft
    ("{id: bat, speed: {walk: 5, fly: 30}, at: C3, altitude: 1}", True),  # in its upper half
    ("{id: bat, speed: {walk: 5, fly: 30}, at: D3, altitude: 0}", False),  # beside it
])
def test_spaces_are_cubes_a_flyer_above_a_walker_shares_none(second: str, overlaps: bool) -> None:
    """D-creatures, D-size: a Large ogre at B2, altitude 0 fills B2-C3 and two levels (10 ft)."""
    text = f"  - {{id: ogre, size: large, speed: {{walk: 40}}, at: B2}}\n  - {second}\n"
    if overlaps:
        with pytest.raises(ScenarioError, match="bat overlaps ogre at C3, altitude 1"):
            scenario(text)
    else:
        assert len(scenario(text).battle.creatures) == 2


def test_four_tiny_creatures_share_a_space_and_no_more() -> None:
    """D-size: Tiny creatures fit four to a 5 ft square; not with a bigger creature."""
    tiny = "".join(f"  - {{id: t{i}, size: tiny, at: B2}}\n" for i in range(4))
    assert len(scenario(tiny).battle.creatures) == 4
    with pytest.raises(ScenarioError, match="four Tiny creatures already share it"):
        scenario(tiny + "  - {id: t4, size: tiny, at: B2}\n")
    with pytest.raises(ScenarioError, match="t0 overlaps man at B2"):
        scenario("  - {id: man, at: B2}\n  - {id: t0, size: tiny, at: B2}\n")


# -- D-jump ----------------------------------------------------------------------------------------
# Seed 002: "Muoversi può significare saltare, scalare e nuotare. [...] il personaggio deve
# dedurre la distanza di ogni parte del suo movimento dalla sua velocità" (moving can mean
# jumping, climbing and swimming; the character deducts the distance of each part of its move
# from its speed). SRD 5.1, Long Jump: "you cover a number of feet up to your Strength score if
# you move at least 10 feet on foot immediately before the jump. When you make a standing long
# jump, you can leap only half that distance. Either way, each foot you clear on the jump costs a
# foot of movement."
LEDGE = ("A1, A2, A3, A4, A5, A6, B1, B2, B3, B4, B5, B6, E1, E2, E3, E4, E5, E6, F1, F2, F3, F4,"
         " F5, F6, G1, G2, G3, G4, G5, G6, H1, H2, H3, H4, H5, H6")
CHASM = scenario(
    "  - {id: fighter, speed: {walk: 30}, strength: 15, at: A3, side: p}\n"
    "  - {id: clerk, speed: {walk: 30}, at: A5, side: p}\n"
    "  - {id: rogue, speed: {walk: 30}, strength: 15, acrobatics: 2, at: F1, side: p}\n"
    "  - {id: ogre, size: large, speed: {walk: 40}, at: G4, side: m}\n",
    cells=f"[{{at: [{LEDGE}], ground: 2}}, {{at: [G2], terrain: difficult}}]", top=6)


def test_a_long_jump_with_a_run_up_clears_a_chasm() -> None:
    """D-jump: Strength 15 after 10 ft on foot jumps up to 15 ft; B3 to E3 clears the 10 ft chasm
    in columns C-D, edge to edge (Reading: a 10 ft jump), and pays the 15 ft its space moves, as
    walking the line would."""
    verdict = check(CHASM, "fighter", "A2 B3 jump:E3")
    assert verdict["legal"] is True and verdict["cost"] == "25"
    assert [s["cost"] for s in verdict["steps"]] == ["5", "5", "15"]
    assert verdict["end"]["at"] == "E3" and verdict["end"]["altitude"] == 2
    assert verdict["events"] == [{"type": "jump", "jump": "long", "feet": 10, "run_up": True,
                                  "step": 3}]
    assert verdict["turn"]["spent"] == {"walk": "25"} and verdict["checks"] == []


def test_a_standing_long_jump_covers_half_the_strength() -> None:
    """D-jump: "a standing long jump ... only half that distance": 7.5 ft, so one square
    between where it stands and where it lands."""
    refused = check(CHASM, "fighter", "B3 jump:E3")
    assert refused["error"]["rule"] == "D-jump" and refused["error"]["step"] == 2
    assert "clears 10 ft (the ground between, edge to edge)" in refused["error"]["message"]
    assert "jumps 7.5 ft, standing" in refused["error"]["message"]
    assert check(CHASM, "fighter", "jump:A1")["legal"] is True  # over A2: 5 ft
    assert "clears 10 ft" in check(CHASM, "fighter", "jump:A6")["error"]["message"]


def test_a_creature_without_a_strength_score_does_not_jump() -> None:
    """D-jump: how far it jumps depends on its Strength; without one, no jump."""
    refused = check(CHASM, "clerk", "jump:B5")
    assert refused["error"]["rule"] == "D-jump"
    assert "no Strength score" in refused["error"]["message"]
    assert all(not s["path"].startswith("jump")
               for s in wingbeat.reach(CHASM, "clerk").to_dict()["states"])


@pytest.mark.parametrize(("moves", "legal"), [
    ("A2 B3 jump:E3", True),  # two steps on foot just before
    ("B3 A3 B3 jump:E3", True),  # any direction
    ("A2 B3 action jump:E3", True),  # a token is no movement: it does not interrupt
    ("A2 B2 B3 prone stand jump:E3", False),  # standing up ends the run-up
    ("A2 jump:A4 B3 jump:E3", False),  # a jump ends it too
])
def test_the_run_up_is_two_steps_on_foot_right_before(moves: str, legal: bool) -> None:
    """D-jump: "if you move at least 10 feet on foot immediately before the jump"."""
    assert check(CHASM, "fighter", moves)["legal"] is legal


def test_swimming_is_no_run_up() -> None:
    """D-jump: a run-up is on foot; a step into or out of deep water is swum."""
    s = scenario("  - {id: otter, speed: {walk: 30, swim: 30}, strength: 15, at: A1}\n",
                 cells="[{at: [B1], terrain: water}]")
    assert check(s, "otter", "B2 C1 jump:F1")["legal"] is True  # over D1, E1: 10 ft
    refused = check(s, "otter", "B1 C1 jump:F1")
    assert refused["error"]["rule"] == "D-jump" and "standing" in refused["error"]["message"]
    # climbing out of the water to C1 is swum too: D1 and E1 are the run-up
    assert check(s, "otter", "B1 C1 D1 jump:G1")["legal"] is False
    assert check(s, "otter", "dash B1 C1 D1 E1 jump:H1")["legal"] is True


def test_the_searches_see_jumps() -> None:
    """D-jump: reach, path and check share one step generator."""
    found = wingbeat.path(CHASM, "fighter", "E3").to_dict()
    assert found["cost"] == "25" and found["moves"].split()[-1] == "jump:E3"
    assert check(CHASM, "fighter", found["moves"])["cost"] == "25"
    assert reach_costs(CHASM, "fighter")[("E3", 2)] == "25"
    assert ("E3", 2) not in reach_costs(CHASM, "clerk")


def test_a_jump_clears_difficult_terrain_and_lands_in_it_with_a_check() -> None:
    """D-jump (SRD): "When you land in difficult terrain, you must succeed on a DC 10 Dexterity
    (Acrobatics) check to land on your feet. Otherwise, you land prone." d20 + 2 ≥ 10 succeeds
    on 13 faces of 20: 65 %, exactly."""
    over = check(CHASM, "rogue", "E1 F1 G1 jump:G3")
    assert over["legal"] is True and over["checks"] == []
    assert over["steps"][-1]["cost"] == "10"  # G2 (difficult) is cleared: 10 ft for 10 ft
    assert check(CHASM, "rogue", "G1 G2 G3")["cost"] == "20"  # walked: 5 + 10 + 5
    verdict = check(CHASM, "rogue", "E2 jump:G2")  # standing, over F2 (5 ft) into G2
    assert verdict["legal"] is True and verdict["cost"] == "15"
    assert verdict["steps"][-1]["cost"] == "10"  # its space moves two squares
    assert verdict["checks"] == [{"rule": "D-jump", "save": "Acrobatics DC 10", "chance": 65,
                                  "on_failure": "it lands prone"}]
    assert verdict["turn"]["difficult"] == []
    assert check(CHASM, "rogue", "G2")["cost"] == "10"  # stepping in: 10 ft, no check


@pytest.mark.parametrize(("bonus", "chance"), [(0, 55), (-5, 30), (-10, 5), (8, 95), (9, None)])
def test_the_landing_check_chance_is_exact(bonus: int, chance: int | None) -> None:
    """D-jump: 5 × (11 + bonus) %, from 0 to 100; a check that cannot fail is not asked."""
    s = scenario(f"  - {{id: elf, speed: {{walk: 30}}, strength: 10, acrobatics: {bonus},"
                 " at: A1}\n", cells="[{at: [C1], terrain: difficult}]")
    checks = check(s, "elf", "jump:C1")["checks"]  # standing, over B1: 5 ft
    assert checks == ([] if chance is None else [
        {"rule": "D-jump", "save": "Acrobatics DC 10", "chance": chance,
         "on_failure": "it lands prone"}])


def test_a_low_obstacle_up_to_a_quarter_of_the_jump_is_cleared() -> None:
    """D-jump (SRD): a low obstacle is "no taller than a quarter of the jump's distance"; the
    distance is the one the creature can jump, "up to your Strength score" (Reading): Strength
    20 with a run-up clears a 5 ft hedge on a 15 ft jump and on a 10 ft one alike; Strength 15
    (3.75 ft) does not; standing, Strength 20 clears 2.5 ft; a wall stops any jump."""
    s = scenario("  - {id: ox, speed: {walk: 40}, strength: 20, at: A1}\n"
                 "  - {id: imp, speed: {walk: 40}, strength: 15, at: A3}\n"
                 "  - {id: elk, speed: {walk: 40}, strength: 20, at: A5}\n",
                 cells="[{at: [C1, C3], ground: 1}, {at: [C5], wall: true}]")
    assert check(s, "ox", "A2 A1 jump:E1")["legal"] is True  # 15 ft over B1 C1 D1
    assert check(s, "ox", "A2 A1 jump:D1")["legal"] is True  # 10 ft over B1 C1
    standing = check(s, "ox", "jump:D1")["error"]
    assert standing["rule"] == "D-jump"
    assert ("the ground at C1 is 5 ft higher: a long jump clears an obstacle no taller than a "
            "quarter of the distance ox can jump (10 ft, standing") in standing["message"]
    assert standing["message"].endswith("): 2.5 ft")
    hedge = check(s, "imp", "A4 A3 jump:D3")
    assert hedge["error"]["rule"] == "D-jump"
    assert ("a quarter of the distance imp can jump (15 ft): 3.75 ft"
            in hedge["error"]["message"])
    wall = check(s, "elk", "A6 A5 jump:E5")
    assert wall["error"]["rule"] == "D-jump" and "C5 is a wall" in wall["error"]["message"]


def test_a_hostile_in_the_way_stops_a_jump_and_leaving_its_reach_provokes() -> None:
    """D-creatures: a jump passes through spaces as a step does: no hostile of a size near its
    own in the way, and a reach left in mid-jump provokes an opportunity attack."""
    s = scenario("  - {id: fighter, speed: {walk: 30}, strength: 20, at: A1, side: p}\n"
                 "  - {id: orc, speed: {walk: 30}, at: C2, side: m}\n"
                 "  - {id: page, speed: {walk: 30}, at: C3, side: p}\n")
    through = check(s, "fighter", "A2 B2 jump:E2")
    assert through["error"]["rule"] == "D-creatures" and "orc" in through["error"]["message"]
    past = check(s, "fighter", "A2 B3 jump:F3")  # over the page, through the orc's reach
    assert past["legal"] is True and past["steps"][-1]["cost"] == "20"
    assert {"type": "opportunity-attack", "by": "orc", "step": 3} in past["events"]


@pytest.mark.parametrize(("rule", "to", "cost"), [
    ("phb", "F6", "20"), ("dmg", "F6", None), ("euclid", "F6", None),
    ("phb", "E5", "15"), ("dmg", "E5", "20"), ("euclid", "E5", "20"),
])
def test_a_diagonal_jump_is_measured_by_the_diagonal_option(rule: str, to: str,
                                                            cost: str | None) -> None:
    """D-grid, D-jump: B2 to F6 clears three diagonal squares (C3 D4 E5), 15 ft by phb, 20 ft
    by dmg (5+10+5) and euclid (21.2 → 20): beyond Strength 15; B2 to E5 clears two, 10 ft by
    phb, 15 ft by dmg (5+10) and euclid (14.1 → 15). The cost counts the squares its space
    moves: four diagonals by phb 20 ft; three 15 ft by phb, 20 by dmg (5+10+5) and euclid."""
    s = scenario("  - {id: hero, speed: {walk: 30}, strength: 15, at: B2}\n")
    verdict = check(s, "hero", f"A2 B2 jump:{to}", diagonals=rule)
    if cost is None:
        assert verdict["error"]["rule"] == "D-jump"
    else:
        assert verdict["legal"] is True and verdict["steps"][-1]["cost"] == cost


def test_a_long_jump_lands_at_the_level_it_leaves() -> None:
    """D-jump: across, not down: to come down a ledge, jump to the edge and step off."""
    refused = check(CHASM, "fighter", "A2 B3 jump:D3")
    assert refused["error"]["rule"] == "D-jump"
    assert "would land in the air" in refused["error"]["message"]


# SRD 5.1, High Jump: "you leap into the air a number of feet equal to 3 + your Strength modifier
# if you move at least 10 feet on foot immediately before the jump. When you make a standing high
# jump, you can jump only half that distance."
STEPS = scenario("  - {id: monk, speed: {walk: 30}, strength: 16, at: A1}\n"
                 "  - {id: nun, speed: {walk: 30}, strength: 16, at: D4}\n",
                 cells="[{at: [E1, E2, E3, E4, F1, F2, F3, F4], ground: 1}]")


def test_a_high_jump_onto_a_ledge() -> None:
    """D-jump: Strength 16 (+3) with a run-up leaps 6 ft: onto ground 5 ft up, for 5 ft of
    height and 5 ft across; standing it leaps 3 ft, not enough."""
    verdict = check(STEPS, "monk", "B1 C1 D1 jump-up:E1")
    assert verdict["legal"] is True and verdict["steps"][-1]["cost"] == "10"
    assert verdict["end"]["altitude"] == 1
    assert verdict["events"] == [{"type": "jump", "jump": "high", "feet": 5, "run_up": True,
                                  "step": 4}]
    standing = check(STEPS, "nun", "jump-up:E4")["error"]
    assert standing["rule"] == "D-jump" and "jumps 3 ft high, standing" in standing["message"]
    assert check(STEPS, "nun", "D3 D4 jump-up:E4")["legal"] is True
    flat = check(STEPS, "monk", "B1 C1 D1 jump-up:D2")["error"]
    assert flat["rule"] == "D-jump" and "not higher" in flat["message"]
    far = check(STEPS, "monk", "B1 C1 jump-up:E1")["error"]
    assert far["rule"] == "D-jump" and "not adjacent" in far["message"]
    assert reach_costs(STEPS, "monk")[("E1", 1)] == "25"


def test_a_large_high_jumper_clears_two_levels_with_a_run_up() -> None:
    """D-jump: Strength 30 (+10): 13 ft with a run-up, two levels; 6.5 ft standing. A Large
    creature stands on the highest ground under its 2 × 2 space (Decision 5)."""
    s = scenario("  - {id: giant, size: large, speed: {walk: 40}, strength: 30, at: A3}\n",
                 cells="[{at: [D1, D2, D3, D4, D5, D6], ground: 2}]")
    verdict = check(s, "giant", "B3 A3 B3 jump-up:C3")
    assert verdict["legal"] is True and verdict["steps"][-1]["cost"] == "15"  # 10 up, 5 across
    assert verdict["end"]["altitude"] == 2
    assert verdict["events"][0]["feet"] == 10
    standing = check(s, "giant", "B3 jump-up:C3")["error"]
    assert standing["rule"] == "D-jump" and "jumps 6.5 ft high, standing" in standing["message"]


def test_jump_notation() -> None:
    """D-jump: ``jump:E3`` and ``jump-up:E1``, any case; a jump names where it lands."""
    assert check(CHASM, "fighter", "A2 B3 JUMP:e3")["moves"] == "A2 B3 jump:E3"
    with pytest.raises(NotationError, match="a jump names the space it lands on"):
        wingbeat.check(CHASM, "fighter", "jump")
    with pytest.raises(NotationError, match="a jump names the space it lands on"):
        wingbeat.check(CHASM, "fighter", "jump:over")
    far = check(CHASM, "fighter", "jump:Z9")["error"]
    assert far["rule"] == "D-jump" and "no square Z9" in far["message"]


def test_jumps_on_hexes_go_along_the_six_directions_in_metres() -> None:
    """D-jump, D-grid: on the hex option a long jump follows one of the six directions; with
    ``units: m`` its length reads in metres (Strength 20: 6 m running)."""
    s = scenario("  - {id: hero, speed: {walk: 30}, strength: 20, at: F4}\n", grid="hex",
                 options="{units: m}", columns=12, rows=20, cells="[{at: [F8], terrain: "
                 "difficult}]")
    verdict = check(s, "hero", "S S jump:F14")  # over F10, F12: 3 m; its space moves 4.5 m
    assert verdict["legal"] is True and verdict["steps"][-1]["cost"] == "9/2"
    assert verdict["events"][0]["metres"] == "3"
    assert check(s, "hero", "dash S S jump:F18")["legal"] is True  # over four hexes: 6 m
    too_far = check(s, "hero", "S S jump:F20")["error"]
    assert too_far["rule"] == "D-jump" and "clears 7.5 m" in too_far["message"]
    assert "jumps 6 m" in too_far["message"]
    assert check(s, "hero", "S S jump:H9")["error"]["rule"] == "D-jump"  # off every line


def test_a_jump_beyond_the_movement_left_names_what_is_left() -> None:
    """D-jump: "each foot you clear on the jump costs a foot of movement": the 15 ft its space
    moves over the chasm come out of the walking speed; Dash doubles it."""
    refused = check(CHASM, "fighter", "A2 A1 A2 A3 B3 jump:E3")
    assert refused["error"]["rule"] == "D-jump"
    assert "only 5 ft left" in refused["error"]["message"]
    assert "Dash" in refused["error"]["message"]
    assert check(CHASM, "fighter", "dash A2 A1 A2 A3 B3 jump:E3")["cost"] == "40"
    found = wingbeat.path(CHASM, "fighter", "H3").to_dict()
    assert found["cost"] == "40" and "dash" in found["moves"]


def test_the_json_of_a_jump_is_what_the_cli_prints() -> None:
    report = wingbeat.check(CHASM, "fighter", "A2 B3 jump:E3").to_dict()
    assert json.loads(json.dumps(report)) == report
