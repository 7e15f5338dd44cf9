"""volare's rules one by one, each test citing its rule id."""

from __future__ import annotations

import json
from fractions import Fraction as F
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

import wingbeat
from answers import checked, refusal
from scenarios import volare
from wingbeat.cli import app
from wingbeat.geometry.hexgrid import Direction, parse_hex
from wingbeat.rules.grid import MoveReport
from wingbeat.rulesets.volare import (
    Encumbrance,
    Mode,
    VolareCreature,
    flight_load,
    next_round,
)


def check(scenario: wingbeat.Scenario, who: str, moves: str) -> MoveReport:
    return checked(MoveReport, scenario, who, moves)


def refused(scenario: wingbeat.Scenario, who: str, moves: str, rule: str, step: int) -> str:
    return refusal(check(scenario, who, moves), rule, step)


def flyer(**fields: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"id": "f", "fly": 8, "ground": 2, "maneuverability": "medium",
                            "reflex": 50, "at": "J10"}
    base.update(fields)
    return base


# -- V-inertia --------------------------------------------------------------------------------

def test_moving_flyer_keeps_inertia_through_climbs_and_descents() -> None:
    """V-inertia: climbing and descending do not cancel inertia."""
    s = volare([flyer(altitude=3, mode="moving", heading="N")])
    report = check(s, "f", "up down down J8")
    assert report.legal and report.end["mode"] == "moving" and report.end["heading"] == "N"
    refused(s, "f", "up J12", "V-inertia", 2)


def test_hovering_flyer_turns_freely_and_becomes_moving() -> None:
    """V-inertia: a hovering creature's first step may go any way and makes it moving."""
    s = volare([flyer(altitude=3, mode="hovering")])
    for d in Direction:
        report = check(s, "f", d.name)
        assert report.legal and report.end["mode"] == "moving"
        assert report.end["heading"] == d.name


def test_stop_to_hover_then_turn() -> None:
    """V-inertia: to leave the frontal hexes, stop to hover first."""
    s = volare([flyer(altitude=3, mode="moving", heading="N")])
    message = refused(s, "f", "J12", "V-inertia", 1)
    assert "stop to hover first: 2 MP" in message
    assert check(s, "f", "hover J12").cost == 3


def test_moving_creature_cannot_attack() -> None:
    """V-inertia: while moving, no physical action; non-physical ones without somatics only."""
    s = volare([flyer(altitude=3, mode="moving", heading="N")])
    report = check(s, "f", "J8")
    assert not report.can_act
    assert report.actions == ("spell-no-somatic", "non-physical", "free")


def test_next_round_spends_inertia_without_a_horizontal_step() -> None:
    """V-inertia Decision: moving, no horizontal step all round → hovering next round, free."""
    bat = VolareCreature(id="b", at=parse_hex("J10"), altitude=2, fly=8, mode=Mode.MOVING,
                         heading=Direction.N)
    assert next_round(bat, moved_horizontally=True) == bat
    rested = next_round(bat, moved_horizontally=False)
    assert rested.mode is Mode.HOVERING and rested.heading is None
    hovering = VolareCreature(id="h", at=parse_hex("J10"), altitude=2, fly=8, mode=Mode.HOVERING)
    assert next_round(hovering, moved_horizontally=False) == hovering


# -- V-actions and V-spells --------------------------------------------------------------------

def test_half_move_keeps_the_complex_action() -> None:
    """V-actions: cost ≤ MP/2 (exactly half: 7/2 for MP 7) leaves the complex action."""
    s = volare([flyer(fly=7, altitude=3, mode="hovering")])
    assert check(s, "f", "J8 J6 J4 hover").can_act is False  # 3 + 2 = 5 > 7/2
    report = check(s, "f", "J8 hover")  # 1 + 2 = 3 ≤ 7/2
    assert report.can_act and report.actions == ("attack", "spell-no-somatic", "non-physical",
                                                  "free")
    reach = wingbeat.reach(s, "f")
    assert reach.to_dict()["half"] == "7/2"


def test_flying_creatures_cast_only_without_somatic_components() -> None:
    """V-spells: in flight only verbal (or verbal and material) spells; grounded, any."""
    s = volare([flyer(altitude=3, mode="hovering"), flyer(id="g", at="L10", mode="grounded")])
    assert "spell" not in check(s, "f", "up").actions
    assert "spell-no-somatic" in check(s, "f", "up").actions
    assert "spell" in check(s, "g", "").actions


#: V-inertia, the seed: "Mentre si trova in volo in movimento, però, la creatura potrà compiere
#: non azioni, nonché free actions ed azioni complesse non aventi natura fisica e non richiedenti
#: componenti somatici (i poteri di soffio si considerano comunemente compatibili con il movimento
#: in volo)." (While moving in flight the creature may take non-actions, free actions and complex
#: actions that are not physical and need no somatic component; breath weapons are commonly
#: held compatible with moving flight.) And V-spells: "gli altri poteri speciali posseduti da
#: creature che siano naturalmente in grado di volare saranno dalle stesse utilizzabili anche in
#: volo" (a natural flyer's other special powers work in flight too).


def test_a_moving_flyer_with_a_breath_weapon_may_breathe() -> None:
    """V-inertia, V-actions (issue 13): a moving flyer cannot attack, but a creature with
    ``breath: true`` keeps its breath weapon as its complex action."""
    s = volare([flyer(altitude=3, mode="moving", heading="N", breath=True)])
    report = check(s, "f", "J8")
    assert not report.can_act
    assert report.actions == ("spell-no-somatic", "non-physical", "breath", "free")
    assert report.to_dict()["actions"] == ["spell-no-somatic", "non-physical", "breath", "free"]
    assert "actions still open: spell-no-somatic, non-physical, breath, free" in report.to_text()


def test_the_breath_weapon_works_hovering_and_on_the_ground_too() -> None:
    """V-spells (issue 13): a natural flyer's other special powers work in flight, and a breath
    weapon on the ground is no flight matter at all."""
    s = volare([flyer(altitude=3, mode="hovering", breath=True),
                flyer(id="g", at="L10", mode="grounded", breath=True)])
    assert check(s, "f", "J8 hover").actions == ("attack", "spell-no-somatic", "non-physical",
                                                 "breath", "free")
    assert check(s, "g", "").actions == ("attack", "spell", "spell-no-somatic", "non-physical",
                                         "breath", "free")


def test_breathing_is_the_complex_action_so_the_half_move_limits_it() -> None:
    """V-actions: the breath weapon is a complex action: past MP/2, or after a take-off thrust
    (a full-move action), only free actions are left."""
    s = volare([flyer(altitude=3, mode="moving", heading="N", breath=True),
                flyer(id="g", at="L10", mode="grounded", breath=True)])
    assert check(s, "f", "J8 J6 J4 J2").actions == ("spell-no-somatic", "non-physical",
                                                    "breath", "free")  # 4 MP = MP/2
    assert check(s, "f", "J8 J6 J4 J2 up").actions == ("free",)  # 6 MP > 4
    assert check(s, "g", "thrust up").actions == ("free",)


def test_no_breath_weapon_unless_the_scenario_gives_one() -> None:
    """V-actions (issue 13): ``breath`` defaults to false: a creature without it has none."""
    s = volare([flyer(altitude=3, mode="moving", heading="N")])
    assert "breath" not in check(s, "f", "J8").actions
    assert s.battle.creature("f").breath is False


def test_reach_reports_the_breath_weapon_of_moving_states() -> None:
    """V-inertia (issue 13): every moving end state within the half-move keeps the breath
    weapon in reach's ``actions``; none keeps the attack."""
    s = volare([flyer(altitude=3, mode="moving", heading="N", breath=True)])
    states = wingbeat.reach(s, "f").to_dict()["states"]
    moving = [st for st in states if st["mode"] == "moving" and F(st["cost"]) <= 4]
    assert moving and all(st["actions"] == ["spell-no-somatic", "non-physical", "breath",
                                            "free"] for st in moving)
    assert all(st["actions"] == ["free"] for st in states if F(st["cost"]) > 4)


@pytest.mark.parametrize("value", ["fire", [True]])
def test_breath_is_true_or_false(value: Any) -> None:
    """V-actions: ``breath`` is a yes/no flag; anything else is bad input naming its place."""
    with pytest.raises(wingbeat.ScenarioError, match=r"creatures\[0\]\.breath"):
        volare([flyer(altitude=3, mode="hovering", breath=value)])


def test_check_and_reach_on_the_command_line_list_the_breath_weapon(tmp_path: Path) -> None:
    """V-inertia (issue 13): ``wingbeat check --json`` and ``reach --json`` carry ``breath``
    in ``actions`` for a moving dragon; a bad ``breath`` value exits 2 on one line."""
    file = tmp_path / "dragon.yaml"
    file.write_text(yaml.safe_dump({"ruleset": "volare", "map": {"columns": 20, "rows": 20},
                                    "creatures": [flyer(id="dragon", altitude=3, mode="moving",
                                                        heading="N", breath=True)]}))
    checked = CliRunner().invoke(app, ["check", str(file), "dragon", "J8", "--json"])
    assert checked.exit_code == 0, checked.output
    assert json.loads(checked.stdout)["actions"] == ["spell-no-somatic", "non-physical",
                                                     "breath", "free"]
    reached = CliRunner().invoke(app, ["reach", str(file), "dragon", "--json"])
    assert reached.exit_code == 0, reached.output
    assert any("breath" in st["actions"] for st in json.loads(reached.stdout)["states"])
    file.write_text(file.read_text().replace("breath: true", "breath: fire"))
    bad = CliRunner().invoke(app, ["check", str(file), "dragon", "J8"])
    assert bad.exit_code == 2 and "breath" in bad.output and "Traceback" not in bad.output


# -- V-takeoff --------------------------------------------------------------------------------

def test_take_off_is_a_full_move_action() -> None:
    """V-takeoff: thrust = a whole half-move action in place (MP/2), then climb; no attack."""
    s = volare([flyer(mode="grounded")])
    report = check(s, "f", "thrust up J8")
    assert report.legal and [x.cost for x in report.steps] == [4, 2, 1]
    assert report.end["altitude"] == 1 and report.end["mode"] == "moving"
    assert not report.can_act and report.actions == ("free",)


def test_thrust_must_come_first_and_cannot_be_repeated() -> None:
    """V-takeoff Decision: the thrust is the first thing the creature does in the round."""
    s = volare([flyer(mode="grounded")])
    refused(s, "f", "thrust up thrust", "V-takeoff", 3)


def test_thrust_not_followed_by_leaving_the_ground_is_lost() -> None:
    """V-takeoff: a thrust without climbing or skimming is lost (reported as an event)."""
    s = volare([flyer(mode="grounded")])
    report = check(s, "f", "thrust")
    assert report.legal and report.end["mode"] == "grounded"
    assert report.events[0]["type"] == "take-off-thrust"
    refused(s, "f", "thrust J8", "V-takeoff", 2)


def test_grounded_creature_must_take_off_before_flying() -> None:
    """V-takeoff: it must take off before it climbs. A step into the next hex is a walk now
    (V-walk: "a grounded, not prone creature with a ground speed may walk instead of flying"),
    so a flyer with no ground speed is the one told to take off first."""
    s = volare([flyer(mode="grounded")])
    assert "take off first" in refused(s, "f", "up", "V-takeoff", 1)
    walked = check(s, "f", "J8")
    assert walked.legal and walked.end.get("on_foot") is True and walked.cost == 1
    s = volare([flyer(mode="grounded", ground=0)])
    message = refused(s, "f", "J8", "V-takeoff", 1)
    assert "take off first" in message and "no ground speed" in message


def test_prone_creature_cannot_take_off() -> None:
    """V-takeoff: a prone creature cannot take off."""
    s = volare([flyer(mode="grounded", prone=True)])
    assert "prone" in refused(s, "f", "thrust", "V-takeoff", 1)


def test_non_flyer_cannot_thrust() -> None:
    s = volare([{"id": "chamois", "at": "J10"}])
    assert "cannot fly" in refused(s, "chamois", "thrust", "V-takeoff", 1)


# -- V-land ------------------------------------------------------------------------------------

def test_safe_landing_within_the_half_move() -> None:
    """V-land: touchdown at ≤ MP/2, then a half-move action annulled: grounded, no action."""
    s = volare([flyer(altitude=2, mode="hovering")])
    report = check(s, "f", "down down land")
    assert report.legal and report.cost == 2
    assert report.end["mode"] == "grounded" and report.actions == ("free",)
    assert report.events[0]["type"] == "landing" and report.events[0]["safe"] is True
    refused(s, "f", "down down land J8", "V-land", 4)


def test_safe_landing_impossible_after_the_half_move() -> None:
    """V-land Decision: MP spent at touchdown > MP/2 → only a violent landing."""
    s = volare([flyer(altitude=2, mode="hovering")])
    message = refused(s, "f", "J8 J6 J4 down down land", "V-land", 6)
    assert "land-fast" in message
    report = check(s, "f", "J8 J6 J4 down down land-fast")
    assert report.legal and report.checks[0].rule == "V-land"


@pytest.mark.parametrize(("man", "chance"), [("excellent", 50), ("medium", 45), ("poor", 40)])
def test_violent_landing_save_by_class(man: str, chance: int) -> None:
    """V-land, V-man: the Reflex save gets +0, −5 %, −10 %; failure: prone, 3 m fall (1d6)."""
    s = volare([flyer(altitude=1, mode="hovering", maneuverability=man)])
    report = check(s, "f", "down land-fast")
    (save,) = report.checks
    assert (save.rule, save.save, save.chance) == ("V-land", "reflex", chance)
    assert "prone" in save.on_failure and "1d6" in save.on_failure
    assert save.probability == F(chance, 100)


#: V-land, the seed: "Se il tiro salvezza riesce sarà riuscita ad atterrare in velocità senza
#: problemi potendo eventualmente effettuare altre azioni o completare la propria azione di mezzo
#: movimento camminando." (If the save succeeds it has landed at speed without trouble, and may
#: take other actions or complete its half-move action walking.) What is left to walk is what is
#: left of *that half-move action*, on foot: a half-move of walking is half the ground speed.


def test_violent_landing_lets_it_act_or_walk_the_rest_of_its_half_move() -> None:
    """V-land (issue 13): fly 8, ground 12, one level up: ``down`` spends 1 of the half-move's
    4 MP, so 3/4 of a 6-hex half-move of walking is left: 4 hexes (4.5 rounded down), not 9."""
    s = volare([flyer(altitude=1, mode="hovering", fly=8, ground=12)])
    report = check(s, "f", "down land-fast")
    assert report.events[-1]["may_walk"] == 4 and report.can_act
    walked = check(s, "f", "down land-fast J12 J14 J16 J18")
    assert walked.legal and walked.end["at"] == "J18" and walked.can_act
    assert walked.cost == 1  # the walk is on foot: the reported cost stays the flight MP
    message = refused(s, "f", "down land-fast J12 J14 J16 J18 J20", "V-land", 7)
    assert "walk" in message


@pytest.mark.parametrize(("fly", "ground", "moves", "may_walk"), [
    (8, 12, "land-fast", 6),            # nothing spent: a whole half-move on foot, 12/2
    (8, 12, "down land-fast", 4),       # 3/4 × 6 = 4.5
    (8, 12, "J8 down land-fast", 3),    # 2/4 × 6
    (8, 12, "J8 J6 J4 down land-fast", 0),  # the half-move action is all spent
    (8, 9, "land-fast", 4),             # 9/2 = 4.5
    (7, 12, "down land-fast", 4),       # (7/2 − 1) / (7/2) × 6 = 30/7
    (8, 1, "land-fast", 0),             # half of 1 hex: nothing whole to walk
    (8, 0, "land-fast", 0),             # no ground speed, no walk
])
def test_the_walk_is_the_unspent_part_of_a_half_move_on_foot(fly: int, ground: int, moves: str,
                                                             may_walk: int) -> None:
    """V-land (issue 13): may_walk = floor(unspent fraction of the half-move × ground / 2)."""
    start = {"altitude": 0} if moves.startswith("land") else {"altitude": 1}
    s = volare([flyer(mode="hovering", fly=fly, ground=ground, **start)])
    report = check(s, "f", moves)
    assert report.legal, report.to_text()
    landing = report.events[-1]
    assert (landing["type"], landing["safe"], landing["may_walk"]) == ("landing", False, may_walk)


def test_reach_walks_no_farther_than_the_half_move_on_foot() -> None:
    """V-land (issue 13): reach explores the walk after a violent landing; from a skim with
    nothing spent, ground 12 walks 6 hexes (a half-move on foot), never 7."""
    s = volare([flyer(altitude=0, mode="hovering", fly=8, ground=12)])
    here = parse_hex("J10")
    grounded = [st for st in wingbeat.reach(s, "f").states
                if st.state["mode"] == "grounded" and st.cost == 0]
    far = max(here.distance(parse_hex(st.state["at"])) for st in grounded)
    assert far == 6


def test_fall_damage_is_a_ruleset_option() -> None:
    """V-land Decision: 1d6 by default, a ruleset option."""
    scenario = wingbeat.parse_scenario({
        "ruleset": "volare", "options": {"fall_damage": "2d4"},
        "map": {"columns": 20, "rows": 20},
        "creatures": [flyer(altitude=1, mode="hovering")]})
    assert "2d4" in check(scenario, "f", "down land-fast").checks[0].on_failure


# -- V-skim ------------------------------------------------------------------------------------

def test_reaching_ground_level_needs_a_choice() -> None:
    """V-skim: a flyer brought to ground level must land or skim; it cannot just stop there."""
    s = volare([flyer(altitude=1, mode="hovering")])
    message = refused(s, "f", "down", "V-skim", 1)
    assert "land" in message and "skim" in message


@pytest.mark.parametrize(("man", "chance"), [("excellent", 55), ("medium", 40)])
def test_skimming_save_once_a_round(man: str, chance: int) -> None:
    """V-skim: Reflex save the first time in the round (+10 % excellent), not again that round.

    The save is made in flight, so it also takes the V-man penalty (V-saves): "penalità di
    -1/-5% [-2/-10% medium] a tutti le prove ed i tiri salvezza che sarebbero stati più facili da
    evitare la creatura non fosse stata in equilibrio instabile (si pensi alle prove di destrezza
    ed ai tiri salvezza su riflessi)". Reflex 50: excellent 50 + 10 − 5 = 55, medium 50 − 10 = 40
    (it was 60 and 50 before issue 25 applied the penalty).
    """
    s = volare([flyer(altitude=1, mode="hovering", maneuverability=man)],
               cells=[{"at": ["J6"], "ground": 1}])
    report = check(s, "f", "down skim J8 up J6 skim")
    assert report.legal, report.to_text()
    assert [c.chance for c in report.checks] == [chance]
    assert report.end["skimming"] is True
    assert "must land at once" in report.checks[0].on_failure


def test_poor_flyer_cannot_skim() -> None:
    """V-skim: only medium and excellent flyers skim; a poor flyer must land."""
    s = volare([flyer(altitude=1, mode="hovering", maneuverability="poor"),
                flyer(id="g", at="L10", mode="grounded", maneuverability="poor")])
    assert "poor" in refused(s, "f", "down skim", "V-skim", 2)
    assert check(s, "f", "down land").legal
    refused(s, "g", "thrust skim", "V-skim", 2)


def test_skim_right_after_the_thrust() -> None:
    """V-skim: medium and excellent flyers may skim straight after the take-off thrust."""
    s = volare([flyer(mode="grounded")])
    report = check(s, "f", "thrust skim J8 J6")
    assert report.legal and report.end["skimming"] is True and report.end["altitude"] == 0
    assert [c.rule for c in report.checks] == ["V-skim"]


def test_skimming_since_last_round_saves_again_or_climbs() -> None:
    """V-skim: the save is repeated every round it goes on skimming; climbing away needs none."""
    s = volare([flyer(altitude=0, mode="moving", heading="N")])
    refused(s, "f", "J8", "V-skim", 1)
    assert [c.rule for c in check(s, "f", "skim J8").checks] == ["V-skim"]
    assert check(s, "f", "up J8").checks == ()


def test_a_tunnel_makes_flying_there_skimming() -> None:
    """V-skim, V-grid: where a ceiling leaves only ground level, flying there is skimming."""
    s = volare([flyer(altitude=0, mode="hovering", at="J10", maneuverability="excellent")],
               cells=[{"at": ["J8", "J6", "J10"], "ceiling": 1}])
    refused(s, "f", "up", "V-grid", 1)
    report = check(s, "f", "skim J8 J6")
    assert report.legal and report.end["skimming"] is True


def test_flying_onto_a_roof_is_reaching_ground_level() -> None:
    """V-grid Decision, V-skim: entering a cell whose ground level equals the altitude."""
    s = volare([flyer(altitude=2, mode="hovering")], cells=[{"at": ["J8"], "ground": 2},
                                                            {"at": ["J6"], "ground": 3}])
    refused(s, "f", "J8", "V-skim", 1)
    assert check(s, "f", "J8 skim").legal
    assert "ground level is 3" in refused(s, "f", "J8 skim J6", "V-grid", 3)


# -- V-wind at round start ---------------------------------------------------------------------

def test_hovering_at_round_start_in_wind_pays_or_drifts() -> None:
    """V-wind: pay at once (not movement) or move one hex downwind first."""
    s = volare([flyer(altitude=3, mode="hovering", fly=8)],
               wind={"strength": "breeze", "toward": "NE"})
    assert "pay 2 MP" in refused(s, "f", "J8", "V-wind", 1)
    refused(s, "f", "", "V-wind", 1)
    drift = check(s, "f", "K9")
    assert drift.legal and drift.end["heading"] == "NE" and drift.cost == F(1, 3)
    paid = check(s, "f", "pay J8 hover")  # 2 paid + 1/2 + 2 = 9/2; movement 5/2 ≤ 4
    assert paid.legal and paid.cost == F(9, 2) and paid.can_act


def test_paying_keeps_the_half_move_limit_of_the_unreduced_mp() -> None:
    """V-wind Decision: the half-move limit stays MP/2 of the unreduced MP (capped by what is
    left)."""
    s = volare([flyer(altitude=3, mode="hovering", fly=8)],
               wind={"strength": "strong-wind", "toward": "N"})
    report = check(s, "f", "pay up up")  # paid 4; moved 4 = MP/2 → can still act
    assert report.legal and report.cost == 8 and report.can_act
    refused(s, "f", "pay up up up", "V-mp", 4)


def test_reach_covers_both_wind_choices() -> None:
    s = volare([flyer(altitude=3, mode="hovering", fly=8)],
               wind={"strength": "breeze", "toward": "NE"})
    states = wingbeat.reach(s, "f").to_dict()["states"]
    paths = {st["path"].split(" ")[0] for st in states if st["path"]}
    assert paths == {"pay", "K9"}
    assert not any(st["cost"] == "0" for st in states)


# -- V-enc -------------------------------------------------------------------------------------

@pytest.mark.parametrize(("load", "band", "flying"), [(40, 0, 0), (41, 1, 3), (46, 1, 3),
                                                      (47, 2, 4), (52, 2, 4), (53, 3, 5),
                                                      (70, 5, 7), (71, 6, 8), (75, 6, 8)])
def test_strength_10_bands_shift_by_two_in_flight(load: int, band: int, flying: int) -> None:
    """V-enc, seed 000: over 40 lb → the penalties of 52 lb (band 1 → 3), over 46 → of 58 …"""
    c = VolareCreature(id="x", at=parse_hex("J10"), altitude=0, fly=12, strength=10, load=load)
    result = flight_load(c)
    assert (result.ground_band, result.flying_band, result.can_fly) == (band, flying, True)
    assert result.fly == max(1, 12 * (12 - flying) // 12)


def test_strength_10_cannot_fly_at_76_lb() -> None:
    """V-enc, seed 000: it can fly only while carrying less than 76 lb."""
    c = VolareCreature(id="x", at=parse_hex("J10"), altitude=0, fly=12, strength=10, load=76)
    assert not flight_load(c).can_fly and flight_load(c).limit == 76
    s = volare([flyer(strength=10, load=76, mode="grounded")])
    assert "76 lb" in refused(s, "f", "thrust", "V-enc", 1)


def test_fly_speed_formula() -> None:
    """V-enc Decision: a fly 8 creature in flying band 3 flies 6; base 12 in band 8 flies 4."""
    c = VolareCreature(id="x", at=parse_hex("J10"), altitude=0, fly=8,
                       encumbrance=Encumbrance(40, 6), load=41)
    assert flight_load(c).fly == 6
    s = volare([flyer(fly=8, strength=10, load=41, altitude=2, mode="hovering")])
    assert wingbeat.reach(s, "f").to_dict()["budget"] == "6"


@pytest.mark.parametrize(("strength", "limit"), [(12, 93), (14, 115), (16, 130), (17, 157),
                                                 (18, 188)])
def test_break_points_for_other_strengths(strength: int, limit: int) -> None:
    """V-enc: Combat & Tactics break points; no flight at U + 6w."""
    c = VolareCreature(id="x", at=parse_hex("J10"), altitude=0, fly=8, strength=strength,
                       load=limit)
    assert flight_load(c).limit == limit and not flight_load(c).can_fly


# -- V-prox ------------------------------------------------------------------------------------

def prox(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    s = volare([{"id": "a", "fly": 8, **a}, {"id": "b", "fly": 8, **b}])
    result: dict[str, Any] = wingbeat.engagement(s, "a", "b").to_dict()
    return result


def test_schema_1_moving_one_level_up_is_reach_only() -> None:
    """V-prox case 1 (schemas 1 and 4)."""
    r = prox({"at": "J10", "altitude": 1, "mode": "moving", "heading": "N"}, {"at": "K11"})
    assert (r["engagement"], r["case"], r["elevated"]) == ("reach-only", 1, "a")


def test_schema_2_hovering_one_level_up_is_melee() -> None:
    """V-prox case 2 (schemas 2 and 5)."""
    r = prox({"at": "J10", "altitude": 1, "mode": "hovering"}, {"at": "K11"})
    assert (r["engagement"], r["case"], r["elevated"]) == ("melee", 2, "a")


@pytest.mark.parametrize("mode", ["moving", "hovering"])
def test_schema_3_same_altitude_is_melee(mode: str) -> None:
    """V-prox case 3; a moving flyer still cannot attack before stopping (V-inertia)."""
    extra = {"heading": "N"} if mode == "moving" else {}
    r = prox({"at": "J10", "altitude": 2, "mode": mode, **extra},
             {"at": "K11", "altitude": 2, "mode": "hovering"})
    assert (r["engagement"], r["case"], r["elevated"]) == ("melee", 3, None)
    assert bool(r["notes"]) == (mode == "moving")


def test_directly_above_is_melee() -> None:
    """V-prox case 4: in the hex directly above the other."""
    r = prox({"at": "J10", "altitude": 1, "mode": "moving", "heading": "N"}, {"at": "J10"})
    assert (r["engagement"], r["case"], r["elevated"]) == ("melee", 4, "a")


def test_two_flyers_either_moving_is_case_1() -> None:
    """V-prox Decision: with two flyers, case 1 applies if either is moving."""
    r = prox({"at": "J10", "altitude": 2, "mode": "hovering"},
             {"at": "K11", "altitude": 3, "mode": "moving", "heading": "S"})
    assert (r["engagement"], r["elevated"]) == ("reach-only", "b")


@pytest.mark.parametrize(("b", "why"), [({"at": "K11", "altitude": 3, "mode": "hovering"}, "3"),
                                        ({"at": "M11"}, "3 hexes"),
                                        ({"at": "L10", "altitude": 1, "mode": "moving",
                                          "heading": "N"}, "moving")])
def test_too_far_is_none(b: dict[str, Any], why: str) -> None:
    """V-prox Reading: three or more apart (the larger of hexes and levels, one more for a moving
    flyer off the level and the hex): no melee attack reaches, not even a reach of two."""
    r = prox({"at": "J10", "altitude": 0, "mode": "grounded", "reach": 2}, b)
    assert r["engagement"] == "none" and why in r["reason"]
    assert r["apart"] == 3 and not r["a_in_reach_of_b"] and not r["b_in_reach_of_a"]


@pytest.mark.parametrize("b", [{"at": "K11", "altitude": 2, "mode": "hovering"}, {"at": "L10"},
                               {"at": "J10", "altitude": 2, "mode": "hovering"}])
def test_two_apart_is_reach_only(b: dict[str, Any]) -> None:
    """V-prox Reading: two levels or two hexes apart count as two hexes apart, as case 1 does:
    "raggiungibile solo da attacchi in corpo a corpo capaci di colpire a due esagoni di distanza"
    (reachable only by melee attacks able to strike two hexes away). Formerly "none"."""
    r = prox({"at": "J10", "altitude": 0, "mode": "grounded"}, b)
    assert (r["engagement"], r["case"], r["apart"]) == ("reach-only", None, 2)
    assert not r["a_in_reach_of_b"] and not r["b_in_reach_of_a"]


def test_band_penalties_are_scenario_data() -> None:
    """V-enc: attack and AC penalties per band come from the scenario; none by default."""
    creature = flyer(fly=12, strength=10, load=41, altitude=2, mode="hovering")
    plain = volare([creature])
    assert "attack" not in wingbeat.reach(plain, "f").to_dict()["encumbrance"]
    scenario = wingbeat.parse_scenario({
        "ruleset": "volare",
        "options": {"band_penalties": {3: {"attack": -1, "armor_class": 1}}},
        "map": {"columns": 20, "rows": 20}, "creatures": [creature]})
    info = wingbeat.check(scenario, "f", "up").to_dict()["encumbrance"]
    assert (info["flying_band"], info["attack"], info["armor_class"]) == (3, -1, 1)
    with pytest.raises(wingbeat.ScenarioError, match=r"options\.band_penalties"):
        wingbeat.parse_scenario({
            "ruleset": "volare", "options": {"band_penalties": {9: {"attack": -1}}},
            "map": {"columns": 20, "rows": 20}, "creatures": [creature]})
