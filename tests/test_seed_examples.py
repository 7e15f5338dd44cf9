"""Every worked example of the four seeds, reproduced through the command line's --json from the
scenarios under tests/data/examples (in the repository: a fresh clone runs them all).

Each test quotes the passage it checks (translated; the original where it is short) and names the
rule. Seed 000: Italian volare house rules; 002: Italian SRD 5.1 movement; 003: BATTLESYSTEM flying;
004: Confrontation "Vol". The copies of these scenarios shipped to users (examples/, the built-in
examples) must stay the very same files: the last test says so.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import wingbeat
from answers import cli_json
from wingbeat.cli import app

REPO = Path(__file__).resolve().parent.parent
DATA = REPO / "tests" / "data" / "examples"
runner = CliRunner()


def data(name: str) -> str:
    """A scenario of tests/data/examples, as ``ruleset/file.yaml``."""
    path = DATA / name
    assert path.is_file(), path
    return str(path)


# -- seed 000: volare ------------------------------------------------------------------------------

def test_inertia_q13_to_p14_goes_on_to_o13_o15_p16_or_hovers() -> None:
    """V-inertia, seed 000: "if in the same or the previous round its last move was from Q13 to
    the position it now holds, the creature can go on only to O13, O15 and P16. Alternatively it
    can stop, spending the movement points its maneuverability class sets, hovering in place, and
    then move in any direction" ("potrà procedere solo nelle posizioni O13, O15 e P16")."""
    scenario = data("volare/inertia.yaml")
    for ahead in ("O13", "O15", "P16"):
        verdict = cli_json("check", scenario, "flyer", ahead)
        assert (verdict["legal"], verdict["cost"]) == (True, "1"), ahead
    for behind in ("Q15", "Q13", "P12"):
        refused = cli_json("check", scenario, "flyer", behind, code=1)["error"]
        assert (refused["step"], refused["rule"]) == (1, "V-inertia"), behind
        assert "O13, O15, P16" in refused["message"] and "Q13→P14" in refused["message"]
    turned = cli_json("check", scenario, "flyer", "hover Q15")
    assert (turned["legal"], turned["cost"]) == (True, "3")  # medium: hovering costs 2 MP (V-man)


def test_giant_bat_u35_down_hover_is_a_half_move_then_attack() -> None:
    """V-inertia, V-actions, V-man, seed 000: the bat "must move to U35 (it can, as it is one of
    the frontal positions in its direction of travel) using 1 movement point, descend one hex using
    1 movement point, and stop to hover using 2 movement points (medium maneuverability). Having
    used 4 movement points of 8 it has made a half-move action, which can be followed by an
    attack"."""
    verdict = cli_json("check", data("volare/giant-bat.yaml"), "bat", "U35 down hover")
    assert verdict["legal"] is True
    assert verdict["cost"] == "4"
    assert verdict["can_act"] is True
    assert verdict["end"] == {"at": "U35", "altitude": 1, "mode": "hovering", "heading": None,
                              "skimming": False}
    assert [(s["move"], s["cost"], s["total"]) for s in verdict["steps"]] == [
        ("U35", "1", "1"), ("down", "1", "2"), ("hover", "2", "4")]
    assert verdict["checks"] == [] and verdict["events"] == []


def test_giant_bat_from_u35_is_in_melee_from_above(tmp_path: Path) -> None:
    """V-prox case 2, V-man, seed 000: "the penalties of the 'medium' maneuverability class apply
    to that attack, but the giant bat counts as elevated above the chamois" (adjacent hex, one
    level up, hovering: melee; medium: −2 to hit)."""
    text = Path(data("volare/giant-bat.yaml")).read_text()
    moved = text.replace("at: T34\n    altitude: 2\n    mode: moving\n    came_from: T32",
                         "at: U35\n    altitude: 1\n    mode: hovering")
    assert moved != text
    scenario = tmp_path / "after.yaml"
    scenario.write_text(moved)
    verdict = cli_json("engagement", str(scenario), "bat", "chamois")
    assert verdict["engagement"] == "melee"
    assert verdict["elevated"] == "bat"
    assert verdict["rule"] == "V-prox"
    assert verdict["case"] == 2
    assert verdict["attack_modifiers"] == {"bat": -2}


def test_giant_bat_from_t32_can_attack_from_u35() -> None:
    """V-inertia, V-actions, seed 000: having come from T32, the cheapest hover beside the chamois
    is U35 for 4 MP, with the attack still to make ("potrà farlo in quanto una delle posizioni
    frontali in direzione di marcia")."""
    reach = cli_json("reach", data("volare/giant-bat.yaml"), "bat")
    best = min(_hovering_next_to_chamois(reach), key=lambda s: Fraction(s["cost"]))
    assert (best["at"], best["cost"], best["can_act"]) == ("U35", "4", True)
    start = reach["states"][0]
    assert (start["at"], start["altitude"], start["mode"], start["cost"]) == (
        "T34", 2, "moving", "0")


def test_giant_bat_from_u33_cannot_turn_to_u35() -> None:
    """V-inertia, seed 000: "had the bat moved from U33 to T34 in the previous round, [...] it
    could not turn at once toward U35 but could (without stopping to hover) head only for S33, S35
    and T36"."""
    verdict = cli_json("check", data("volare/giant-bat-from-u33.yaml"), "bat", "U35 down hover",
                       code=1)
    assert verdict["legal"] is False
    error = verdict["error"]
    assert error["step"] == 1 and error["move"] == "U35" and error["rule"] == "V-inertia"
    assert "S33, S35, T36" in error["message"]
    assert "U33→T34" in error["message"]
    assert "2 MP" in error["message"]


def test_giant_bat_from_u33_needs_5_mp_so_cannot_attack() -> None:
    """V-actions, seed 000: from U33 "it would not have had enough movement points for the attack
    manoeuvre described above": the cheapest hover at altitude 1 beside V36 is T36 U37 down hover,
    5 MP, more than the half move's 4."""
    scenario = data("volare/giant-bat-from-u33.yaml")
    reach = cli_json("reach", scenario, "bat")
    assert reach["budget"] == "8" and reach["half"] == "4"
    options = _hovering_next_to_chamois(reach)
    cheapest = min(options, key=lambda s: Fraction(s["cost"]))
    assert cheapest["cost"] == "5"
    assert cheapest["at"] == "U37"
    assert cheapest["path"] == "T36 U37 down hover"
    assert all(not s["can_act"] for s in options)
    path = cli_json("path", scenario, "bat", "--to", "U37", "--altitude", "1", "--mode",
                    "hovering")
    assert path["cost"] == "5" and path["can_act"] is False


def _hovering_next_to_chamois(reach: dict[str, Any]) -> list[dict[str, Any]]:
    beside_v36 = {"V34", "W35", "W37", "V38", "U37", "U35"}
    return [s for s in reach["states"]
            if s["at"] in beside_v36 and s["altitude"] == 1 and s["mode"] == "hovering"]


@pytest.mark.parametrize(("move", "cost"), [("N26", "3"), ("N24", "2"), ("O27", "2")])
def test_breeze_against(move: str, cost: str) -> None:
    """V-wind, seed 000: with a breeze from M25 toward N24, the bat at O25 pays "N26: 3 movement
    points (1 + 2 for the position against the breeze); N24 and O27: 2 movement points (1 + 1 for
    a position beside the one against the breeze)"."""
    assert cli_json("check", data("volare/breeze-against.yaml"), "bat", move)["cost"] == cost


@pytest.mark.parametrize(("move", "cost"), [("O23", "1/2"), ("P26", "1/2"), ("P24", "1/3")])
def test_breeze_with(move: str, cost: str) -> None:
    """V-wind, V-man, seed 000: "O23 and P26: 1/2 movement point (the light breeze's tail-wind
    bonus, for 'medium' maneuverability); P24: 1/3 of a movement point (the breeze's tail-wind
    bonus)"."""
    assert cli_json("check", data("volare/breeze-with.yaml"), "bat", move)["cost"] == cost


def test_strength_10_flies_two_bands_further_on_and_not_at_76_lb() -> None:
    """V-enc, seed 000: "a flying creature with Strength 10 is encumbered once it carries over
    40 lb, but then applies the penalties for 52 lb; over 46 lb, those for 58 lb, and so on, up to
    a greatest load always under 76 lb (at that load it has no chance of flying)"."""
    scenario = data("volare/encumbrance.yaml")

    def load(who: str) -> dict[str, Any]:
        info: dict[str, Any] = cli_json("reach", scenario, who)["encumbrance"]
        return info

    assert load("over-40")["flying_band"] == load("over-52")["ground_band"] == 3
    assert load("over-46")["flying_band"] == load("over-58")["ground_band"] == 4
    assert (load("under-76")["can_fly"], load("under-76")["cannot_fly_at"]) == (True, 76)
    assert load("at-76")["can_fly"] is False
    refused = cli_json("check", scenario, "at-76", "thrust", code=1)["error"]
    assert refused["rule"] == "V-enc" and "76 lb" in refused["message"]


# -- seed 002: D&D 5e SRD movement -----------------------------------------------------------------

def test_speed_9_m_moves_3_m_acts_then_moves_6_m() -> None:
    """D-speed, seed 002: "if a character has a speed of 9 m, it can move 3 m, take its action,
    then move 6 m" ("può muoversi di 3 metri, effettuare la sua azione e poi muoversi di 6
    metri"); a seventh square is past the 9 m."""
    scenario = data("dnd5e/seed-split.yaml")
    verdict = cli_json("check", scenario, "hero", "B1 C1 action D1 E1 F1 G1")
    assert (verdict["legal"], verdict["unit"], verdict["cost"], verdict["can_act"]) == (
        True, "m", "9", False)
    assert verdict["steps"][2] == {"move": "action", "cost": "0", "total": "3"}
    bad = cli_json("check", scenario, "hero", "B1 C1 action D1 E1 F1 G1 H1", code=1)
    assert (bad["error"]["rule"], bad["error"]["step"]) == ("D-speed", 8)


def test_difficult_terrain_costs_30_cm_extra_per_30_cm() -> None:
    """D-terrain, seed 002: "every 30 cm of movement in difficult terrain costs 30 cm extra"
    ("Ogni 30 cm di movimento su terreno difficile costano 30 cm extra"): a 1.5 m square of it
    costs 3 m, so two of them and two plain squares use the whole 9 m."""
    scenario = data("dnd5e/seed-split.yaml")
    verdict = cli_json("check", scenario, "hero", "B2 C2 D3 E3")
    assert [(s["move"], s["cost"]) for s in verdict["steps"]] == [
        ("B2", "3/2"), ("C2", "3/2"), ("D3", "3"), ("E3", "3")]
    assert (verdict["legal"], verdict["cost"]) == (True, "9")
    assert cli_json("check", scenario, "hero", "B2 C2 D3 E3 F3", code=1)["error"]["rule"] \
        == "D-speed"


def test_standing_up_at_9_m_costs_4_5_m() -> None:
    """D-prone, seed 002: "if a character has a speed of 9 m, it must spend 4.5 m of movement to
    stand up" ("deve spendere 4,5 metri di movimento per rialzarsi")."""
    scenario = data("dnd5e/seed-split.yaml")
    verdict = cli_json("check", scenario, "sleeper", "stand")
    assert (verdict["cost"], verdict["end"]["prone"]) == ("9/2", False)
    # people read the seed's "4,5 m" as a decimal; the JSON above stays an exact fraction
    said = runner.invoke(app, ["check", scenario, "sleeper", "stand"]).output
    assert "legal: 4.5 m" in said and "9/2" not in said


def test_crawling_30_cm_in_difficult_terrain_costs_90_cm() -> None:
    """D-prone, seed 002: "every 30 cm crawled costs 30 cm extra. Crawling 30 cm in difficult
    terrain therefore costs 90 cm of movement" ("Strisciare per 30 cm su un terreno difficile,
    quindi, costa 90 cm di movimento"): a 1.5 m square, 3 m crawled, 4.5 m in difficult terrain."""
    scenario = data("dnd5e/seed-split.yaml")
    plain = cli_json("check", scenario, "sleeper", "C4")
    assert (plain["cost"], plain["end"]["prone"]) == ("3", True)
    rough = cli_json("check", scenario, "sleeper", "D3")
    assert (rough["cost"], rough["end"]["prone"]) == ("9/2", True)
    assert Fraction(rough["cost"]) / Fraction(3, 2) * Fraction(30) == 90  # cm per 30 cm


# -- seed 003: BATTLESYSTEM flying -----------------------------------------------------------------

def _areas(unit: str) -> dict[str, dict[str, Any]]:
    reach = cli_json("reach", data("battlesystem/dnd-flyers.yaml"), unit)
    return {a["altitude"]: a for a in reach["areas"]}


def test_three_altitudes_a_climb_costs_a_third_and_descending_nothing() -> None:
    """B-alt, seed 003: "There are three altitudes for flying creatures: low (30', or 1"), medium
    (120', or 4"), and high (240', or 8"). It takes 1/3 of a figure's flying movement rate to rise
    one altitude level. There is no movement cost to descend any number of levels.\""""
    scenario = data("battlesystem/dnd-flyers.yaml")
    areas = _areas("hippogriffs")  # fly 36", at low
    assert {name: a["height"] for name, a in areas.items()} == {
        "ground": "0", "low": "1", "medium": "4", "high": "8"}
    assert (areas["medium"]["climb"]["cost"], areas["high"]["climb"]["cost"]) == ("12", "24")
    climb = cli_json("check", scenario, "hippogriffs", "up 34,30")
    assert (climb["climb_cost"], climb["distance"], climb["cost"]) == ("12", "24", "36")
    assert cli_json("check", scenario, "hippogriffs", "up 34.1,30", code=1)["error"]["rule"] \
        == "B-alt"
    dive = cli_json("check", scenario, "dragon", "14,10 ground")  # fly 36", from high
    assert (dive["climb_cost"], dive["distance"], dive["end"]["altitude"]) == ("0", "36", "ground")


def test_above_8_inches_a_unit_leaves_the_battlefield() -> None:
    """B-alt, seed 003: "8" is the upper limit of the battlefield. A flying creature that flys
    higher than 8" has left the battlefield and is removed from play.\""""
    scenario = data("battlesystem/dnd-flyers.yaml")
    gone = cli_json("check", scenario, "dragon", "leave")
    assert gone["legal"] is True and gone["end"]["left_battlefield"] is True
    riders = cli_json("check", scenario, "riders", "high leave")  # 12" + 12" of 36"
    assert (riders["climb_cost"], riders["end"]["left_battlefield"]) == ("24", True)


@pytest.mark.parametrize(("unit", "full", "half"), [
    ("sprites", 180, 180), ("hippogriffs", 90, 180), ("dragon", 45, 90),
    ("elemental", 180, 180), ("riders", 45, 90)])
def test_dnd_turns_by_size_magic_mount_and_speed(unit: str, full: int, half: int) -> None:
    """B-turn, seed 003: "creatures smaller than man-sized can change direction up to 180 degrees
    per Game Round. Man-sized flying creatures [...] up to 90 degrees [...] significantly larger
    than man-sized [...] up to 45 degrees [...] innate magical abilities permitting flight [...]
    allow changes of direction up to 180 degrees. Mounted flying creatures maneuver at one category
    worse than normal. A creature flying at ½ or less its maximum movement rate maneuvers at one
    category better than normal." (The mounted riders at half speed fly at their own 90°.)"""
    low = _areas(unit)["low"]
    assert (low["full_speed"]["turn"], low["half_speed"]["turn"]) == (full, half)


def test_flying_units_are_open_or_skirmish() -> None:
    """B-form, seed 003: "Flying units must be either in open or skirmish formation when flying. A
    flying unit that is otherwise entitled to do so can go into closed formation on the ground.\""""
    scenario = data("battlesystem/dnd-flyers.yaml")
    taken_off = cli_json("check", scenario, "gargoyles", "up 50,55")  # closed, on the ground
    assert taken_off["legal"] is True and taken_off["end"]["formation"] == "open"
    assert {"type": "formation", "from": "closed", "to": "open", "rule": "B-form"} \
        in taken_off["events"]


# -- seed 004: Confrontation "Vol" -----------------------------------------------------------------

def test_morbid_angel_going_down_has_12_5_of_its_17_5() -> None:
    """C-change, seed 004: "Example: a player announces that a morbid angel at tier 2 goes down to
    tier 1 when activated. The angel's air MOU drops from 17.5 to 12.5. The angel may then move at
    tier 2 and then go down, or the reverse" ("Le MOU en vol de l'ange passe de 17,5 à 12,5"); "a
    fighter may change tier only once a turn"."""
    scenario = data("confrontation/morbid-angel.yaml")
    for moves in ("42.5,30 down", "down 42.5,30"):
        verdict = cli_json("check", scenario, "angel", moves)
        assert verdict["legal"] is True, moves
        assert (verdict["budget"]["value"], verdict["budget"]["budget"]) == ("35/2", "25/2")
    too_far = cli_json("check", scenario, "angel", "42.6,30 down", code=1)["error"]
    assert (too_far["rule"], too_far["step"]) == ("C-change", 1)
    twice = cli_json("check", scenario, "angel", "down down", code=1)["error"]
    assert (twice["rule"], twice["step"]) == ("C-change", 2)
    reach = cli_json("reach", scenario, "angel")
    assert {a["tier"]: a["budget"] for a in reach["areas"]} == {2: "35/2", 1: "25/2"}


# -- the copies shipped to users -------------------------------------------------------------------

def _past_schema_line(path: Path) -> str:
    text = path.read_text()
    return text.split("\n", 1)[1] if text.startswith("# yaml-language-server:") else text


def test_the_copies_shipped_to_users_are_the_tested_scenarios() -> None:
    """A file of examples/<ruleset>/ and its namesakes in tests/data/examples/<ruleset>/ and among
    the built-in examples are one and the same: what users are shown is what these tests check.
    Only their first line, the editor's schema comment, differs: each points at docs/schema/
    from where it lies (tests/test_schema.py checks where)."""
    builtin = Path(wingbeat.__file__).parent / "examples"
    pairs = []
    for shown in sorted(REPO.glob("examples/*/*")):
        for where, twin in (("tests/data", DATA / shown.parent.name / shown.name),
                            ("built in", builtin / shown.name)):
            if twin.exists():
                assert _past_schema_line(twin) == _past_schema_line(shown), (shown, twin)
                pairs.append(f"{shown.relative_to(REPO)} = {where}")
    assert pairs == [
        "examples/battlesystem/pegasi.yaml = built in",
        "examples/confrontation/morbid-angel.yaml = tests/data",
        "examples/confrontation/morbid-angel.yaml = built in",
        "examples/dnd5e/seed-split.yaml = tests/data",
        "examples/volare/EXPECTED.md = tests/data",
        "examples/volare/breeze-against.yaml = tests/data",
        "examples/volare/breeze-with.yaml = tests/data",
        "examples/volare/giant-bat-from-u33.yaml = tests/data",
        "examples/volare/giant-bat.yaml = tests/data",
        "examples/volare/giant-bat.yaml = built in",
    ]
