"""Confrontation's "Vol" read again from the source page (issue 13): the editions as the page gives
them, charges measured to a base's edge, bases that block on the ground, and what a fighter may do
after landing. Each test quotes the passage it checks (French, with an English gloss)."""

from __future__ import annotations

import math
from fractions import Fraction as F
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Point as SP

import wingbeat
from conformance import assert_route_agrees
from fighters import angel, area, check, fighter, reach, refused, scenario
from wingbeat.rulesets.confrontation import ConfrontationMove

MM = 0.1


# -- 7. the editions as the page gives them (C-tiers) ------------------------------------------

@pytest.mark.parametrize(("edition", "bond"), [
    ("current", True), ("confede", False), ("3.5", False), ("3", False)])
def test_c_tiers_bond_only_in_the_current_text(edition: str, bond: bool) -> None:
    """C-tiers. Only the first block of the page, the rule as it stands now ("Vol/ X
    (Passive)"), says: « Un combattant avec la compétence Vol est considéré comme ayant la
    compétence Bond. » (A fighter with the ability Vol counts as having the ability Bond.) The
    Confédé and Confrontation 3 blocks lack the sentence, and 3.5 has no block."""
    s = scenario(fighter("f", 1, [50, 30]), edition=edition)
    abilities = reach(s, "f").abilities
    assert (abilities == ("Bond (leap) (C-tiers)",)) is bond
    assert reach(s, "f").edition == edition


def test_c_tiers_a_scenario_without_an_edition_reads_the_current_text() -> None:
    """C-tiers: ``current`` is the default; the page's older blocks are chosen by name."""
    s = scenario(fighter("f", 1, [50, 30]), edition=None)
    assert reach(s, "f").edition == "current"
    for written, read in (("Current", "current"), ("Confédé", "confede"),
                          ("confede", "confede"), ("3.5", "3.5"), (3.5, "3.5"), ("3", "3"),
                          (3, "3")):
        s = scenario(fighter("f", 1, [50, 30]), edition=written)
        assert reach(s, "f").edition == read
    for bad in ("2", "rag'narok", "newest"):
        with pytest.raises(wingbeat.ScenarioError, match=r"options\.edition"):
            scenario(fighter("f", 1, [50, 30]), edition=bad)


def test_c_tiers_3_5_has_no_text_of_its_own_and_follows_confede() -> None:
    """C-tiers. The page's block for 3.5 is a dash: « Confrontation 3.5 / – » (no text of its
    own). 3.5 follows the Confédé block, which continued it: the same areas, budgets and
    refusals, and the reports say that the page gives 3.5 no text."""
    creatures = (angel(), fighter("k", 0, [30, 20], side="griffin"))
    three_five, confede = scenario(*creatures, edition="3.5"), scenario(*creatures,
                                                                        edition="confede")
    current = scenario(*creatures, edition="current")
    a, b, c = (reach(s, "angel").to_dict() for s in (three_five, confede, current))
    assert a["areas"] == b["areas"] == c["areas"]
    note = [n for n in a["notes"] if "no text of its own" in n]
    assert note and "Confédé" in note[0] and "without Bond" in note[0]
    assert not any("no text" in n for n in b["notes"] + c["notes"])
    moved = check(three_five, "angel", "25,20 land")
    assert moved.legal and any("no text of its own" in n for n in moved.notes)
    assert not any("no text" in n for n in check(confede, "angel", "25,20 land").notes)
    assert "no text of its own" in moved.to_text()


# -- 8. a charge onto the ground measures to the base's edge (C-tiers, C-dive) -----------------

def test_c_dive_onto_the_ground_is_measured_to_the_edge_of_the_base() -> None:
    """C-tiers, C-dive. « Lorsqu'un combattant en vol effectue un assaut, c'est la distance entre
    le pion qui le représente et sa cible qui est mesurée. » (When a flying fighter makes an
    assault, the distance measured is between the counter that stands for it and its target.)
    The target on the ground is a model on its base: the angel 13.5 cm from the knight's centre
    is 12.25 cm from its base's edge (2.5 cm across), within 17.5 − 5 = 12.5 cm."""
    s = scenario(angel(), fighter("knight", 0, [33.5, 20], side="griffin"))
    report = check(s, "angel", "dive:knight")
    assert report.legal, report.to_text()
    assert report.spent == pytest.approx(12.25)
    assert report.budget is not None and report.budget.total == F(25, 2)
    assert report.end == {"at": "31,20", "tier": 0, "landed": True}  # in base contact
    assert report.dive is not None and "edge of knight's base" in report.dive["measured"]
    far = scenario(angel(), fighter("knight", 0, [33.8, 20], side="griffin"))  # 12.55 cm
    refused(far, "angel", "dive:knight", "C-change", 1)
    wide = scenario(angel(), fighter("knight", 0, [35, 20], side="griffin", base=5))
    assert check(wide, "angel", "dive:knight").spent == pytest.approx(12.5)


def test_c_dive_onto_a_counter_is_measured_to_its_edge() -> None:
    """C-tiers, C-dive (issue 25). « Cette attaque répond aux mêmes règles qu'une charge
    normale. » (This attack follows the same rules as a normal charge.) A charge ends in contact,
    and engagement takes a counter to be as wide as its fighter's base: a dive from tier 2 onto a
    counter at tier 1 is measured to the edge of that counter, as a dive onto a model is to the
    edge of its base, and ends in contact. A 5 cm counter 15 cm away: 15 − 2.5 = 12.5 cm, the
    most the angel has (17.5 − 5); it ends at 35 − 2.5 − 1.25 = 31.25."""
    near = scenario(angel(tier=2), fighter("k", 1, [35, 20], side="griffin", base=5))
    report = check(near, "angel", "dive:k")
    assert report.legal and report.spent == pytest.approx(12.5), report.to_text()
    assert report.end == {"at": "31.25,20", "tier": 1, "landed": False}
    assert report.dive is not None and "edge of k's counter" in report.dive["measured"]
    far = scenario(angel(tier=2), fighter("k", 1, [35.1, 20], side="griffin", base=5))
    refused(far, "angel", "dive:k", "C-change", 1)


def test_c_dive_from_above_the_base_costs_nothing_more() -> None:
    """C-dive: a counter already over the target's base has no way to go; the charger is placed
    in base contact on the side it comes from."""
    s = scenario(angel(at=[30, 20.5]), fighter("knight", 0, [30, 20], side="griffin"))
    report = check(s, "angel", "dive:knight")
    assert report.legal and report.spent == 0 and report.end["at"] == "30,22.5"


# -- 9. bases on the ground do not pass through each other (C-terrain) -------------------------

def test_c_terrain_a_model_on_the_ground_goes_round_another_base() -> None:
    """C-terrain. « Les pions peuvent se contourner librement. » (The counters may go round one
    another freely) is said of flyers' counters; at tier 0 a model cannot move through another
    model's base. Two 2.5 cm bases: the centre keeps 2.5 cm from the other's; the way round from
    20,20 to 40,20 past a model at 30,20 is 2·√(10² − 2.5²) + 2.5·(π − 2·acos(0.25)) (by hand)."""
    s = scenario(fighter("f", 0, [20, 20], mou={"ground": 21, "air": 15}),
                 fighter("k", 0, [30, 20]))
    message = refused(s, "f", "40,20", "C-terrain", 1)
    assert "k's base" in message and "counters" in message
    route = wingbeat.path(s, "f", "40,20")
    assert isinstance(route, ConfrontationMove) and route.legal, route.to_text()
    by_hand = 2 * math.sqrt(100 - 6.25) + 2.5 * (math.pi - 2 * math.acos(0.25))
    assert by_hand - 0.05 <= route.spent <= by_hand
    again = check(s, "f", route.moves)
    assert again.legal and again.spent == pytest.approx(route.spent, abs=1e-9)
    ground = area(s, "f", 0)
    assert not ground.covers(SP(30, 21.5)) and ground.covers(SP(30, 23.5))
    assert check(s, "f", "27.5,20").legal  # base contact
    refused(s, "f", "27.6,20", "C-terrain", 1)


def test_c_terrain_counters_in_the_air_pass_over_and_round_freely() -> None:
    """C-terrain: at tier 1 neither a model on the ground nor another counter blocks."""
    s = scenario(fighter("f", 1, [20, 20]), fighter("k", 0, [30, 20]),
                 fighter("g", 1, [25, 20]))
    assert check(s, "f", "35,20").legal
    assert area(s, "f", 1).covers(SP(30, 20))


def test_c_terrain_bases_of_other_sizes_and_a_model_already_touching() -> None:
    """C-terrain: a 5 cm base keeps a 2.5 cm one 3.75 cm from its centre; a model whose base
    the scenario already lays over another's may step off it."""
    s = scenario(fighter("f", 0, [20, 20]), fighter("ogre", 0, [30, 20], base=5))
    assert check(s, "f", "26.25,20").legal
    refused(s, "f", "26.35,20", "C-terrain", 1)
    overlapping = scenario(fighter("f", 0, [29, 20]), fighter("k", 0, [30, 20]))
    assert check(overlapping, "f", "20,20").legal


def test_c_terrain_no_landing_on_another_base() -> None:
    """C-terrain, C-change: landing puts the model's base on the ground, where it may not lie on
    another; the landing area leaves the bases out."""
    s = scenario(fighter("f", 1, [20, 20]), fighter("k", 0, [30, 20]))
    message = refused(s, "f", "29,20 land", "C-terrain", 2)
    assert "k's base" in message
    assert check(s, "f", "27.5,20 land").legal
    landing = area(s, "f", 0)
    assert not landing.covers(SP(29, 20)) and landing.covers(SP(27.4, 20))


_TABLE = scenario(
    fighter("w", 0, [40, 40], mou={"ground": 30, "air": 15}),
    fighter("a", 0, [50, 40]), fighter("b", 0, [45, 48], base=5), fighter("c", 0, [40, 52]),
    fighter("d", 0, [52.5, 40]),  # touching a
    obstacles=[{"name": "rock", "polygon": [[30, 30], [36, 30], [36, 36], [30, 36]],
                "height": 5}])
_AREA: list[Any] = []


@settings(max_examples=60, deadline=None)
@given(st.floats(15, 65), st.floats(15, 65))
def test_c_terrain_path_check_and_reach_agree_among_bases(x: float, y: float) -> None:
    """C-terrain: reach, path and check share one legality among bases: a route ``path`` finds
    is one ``check`` accepts at the same length and ends in the drawn area; a point well inside
    the area has a route (the conformance assertion)."""
    if not _AREA:
        _AREA.append(area(_TABLE, "w", 0))
    assert_route_agrees(_TABLE, "w", x, y, 0, _AREA[0], unit="cm")


# -- 10. after landing: the pursuit move, and the assault redirected (C-change) ----------------

@pytest.mark.parametrize("edition", ["current", "confede", "3.5", "3"])
def test_c_change_a_fighter_that_landed_pursues_with_its_ground_mou(edition: str) -> None:
    """C-change, every edition. « Il peut également effectuer un mouvement de poursuite pendant
    la phase de corps à corps. Son MOU au sol est alors pris en compte. » (It may also make a
    pursuit move in the melee phase; its ground MOU is then used.) Ground MOU 10, air 15."""
    s = scenario(fighter("f", 1, [20, 20]), edition=edition)
    report = check(s, "f", "30,20 land pursue 40,20")
    assert report.legal, report.to_text()
    assert report.spent == 10 and report.budget is not None and report.budget.total == 10
    assert report.pursuit is not None and report.pursuit[1] == 10
    assert (report.pursuit[0].mou, report.pursuit[0].total) == ("ground", 10)
    assert report.end == {"at": "40,20", "tier": 0, "landed": True}
    assert report.to_dict()["pursuit"]["budget"]["mou"] == "ground"
    refused(s, "f", "30,20 land pursue 40.1,20", "C-mou", 4)
    refused(s, "f", "30,20 land 31,20", "C-change", 3)  # not in the activation
    refused(s, "f", "30,20 land pursue up", "C-change", 4)  # no change of tier in a pursuit


def test_c_change_the_pursuit_keeps_its_own_budget() -> None:
    """C-change: the pursuit's ground MOU is not the activation's run or charge: with factor 2
    the landing has (15 − 5) × 2 = 20 cm, the pursuit still 10; on the ground it goes round
    bases like any move at tier 0. ``pursue`` and ``pursuit=true`` do not go together."""
    s = scenario(fighter("f", 1, [20, 20]), fighter("k", 0, [45, 20]))
    report = check(s, "f", "40,20 land pursue 40,30", factor=2)
    assert report.legal and report.budget is not None and report.budget.total == 20
    assert report.pursuit is not None and report.pursuit[0].total == 10
    refused(s, "f", "40,20 land pursue 50,20", "C-terrain", 4, factor=2)
    with pytest.raises(wingbeat.NotationError, match="pursuit=true"):
        check(s, "f", "40,20 land pursue 40,30", pursuit=True)
    with pytest.raises(wingbeat.NotationError, match="once"):
        check(s, "f", "pursue 25,20 pursue 30,20")


def test_c_dive_then_a_pursuit_loses_the_bonuses() -> None:
    """C-dive. « Il n'est cependant valable que lors du premier combat auquel le combattant
    participe et ne s'applique plus si le combattant effectue un mouvement de poursuite. » (It
    holds only in the first combat the fighter takes part in, and no longer if it makes a
    pursuit move.)"""
    s = scenario(angel(), fighter("knight", 0, [30, 20], side="griffin"))
    report = check(s, "angel", "dive:knight pursue 27.5,12")
    assert report.legal and report.dive is not None
    assert report.dive["bonuses_lost"].startswith("it made a pursuit move")
    assert "bonuses lost" in report.to_text()


@pytest.mark.parametrize("edition", ["current", "confede", "3.5"])
def test_c_change_an_assault_that_landed_is_redirected_when_its_target_is_gone(
        edition: str) -> None:
    """C-change, the current and Confédé texts (3.5 following Confédé). « Un combattant peut
    rediriger son assaut après l'atterrissage si sa cible n'est plus là (tuée net ou en
    déroute). » (A fighter may redirect its assault after landing if its target is no longer
    there: killed outright or routed.) The dive lands 6.75 cm on (8 − 1.25), in base contact at
    25.5,20; the redirect goes on 6.5 − 2.5 = 4 cm to the squire's base: 10.75 of 12.5 cm."""
    s = scenario(angel(), fighter("knight", 0, [28, 20], side="griffin"),
                 fighter("squire", 0, [28, 26], side="griffin"), edition=edition)
    report = check(s, "angel", "dive:knight redirect:squire")
    assert report.legal, report.to_text()
    assert report.spent == pytest.approx(10.75)
    assert report.dive is not None and report.dive["redirected"] == {
        "to": "squire", "gone": "knight", "rule": "C-change"}
    x, y = (float(c) for c in str(report.end["at"]).split(","))  # in base contact
    assert math.hypot(x - 28, y - 26) == pytest.approx(2.5, abs=1e-6)
    assert report.steps[-1].to_dict()["phase"] == "redirect"
    far = scenario(angel(), fighter("knight", 0, [28, 20], side="griffin"),
                   fighter("squire", 0, [28, 30], side="griffin"), edition=edition)
    refused(far, "angel", "dive:knight redirect:squire", "C-change", 2)  # 6.75 + 7.81 > 12.5


def test_c_change_the_redirect_crosses_the_gone_target_but_no_other_base() -> None:
    """C-change, C-terrain: the target that is gone no longer stands on the table; any other
    base still blocks the redirected assault, a straight leg on the ground."""
    s = scenario(angel(), fighter("knight", 0, [28, 20], side="griffin"),
                 fighter("squire", 0, [33.5, 20], side="griffin"))
    report = check(s, "angel", "dive:knight redirect:squire")  # through the knight's place
    assert report.legal and report.spent == pytest.approx(6.75 + 5.5)
    blocked = scenario(angel(), fighter("knight", 0, [28, 20], side="griffin"),
                       fighter("page", 0, [27.5, 23.5], side="griffin"),
                       fighter("squire", 0, [27, 27], side="griffin"))
    message = refused(blocked, "angel", "dive:knight redirect:squire", "C-terrain", 2)
    assert "page's base" in message
    clear = scenario(angel(), fighter("knight", 0, [28, 20], side="griffin"),
                     fighter("squire", 0, [27, 27], side="griffin"))
    assert check(clear, "angel", "dive:knight redirect:squire").legal


def test_c_change_what_may_not_be_redirected() -> None:
    """C-change: only an assault that landed is redirected, once, onto another enemy on the
    ground; Confrontation 3's landing text has no redirect (and no dive charge)."""
    crowd = (angel(), fighter("knight", 0, [28, 20], side="griffin"),
             fighter("squire", 0, [28, 26], side="griffin"),
             fighter("imp", 0, [22, 26], side="acheron"),
             fighter("hawk", 1, [24, 20], side="griffin"))
    s = scenario(*crowd)
    refused(s, "angel", "25,20 land redirect:squire", "C-change", 3)  # no assault
    refused(s, "angel", "dive:knight redirect:knight", "C-change", 2)
    refused(s, "angel", "dive:knight redirect:imp", "C-change", 2)  # same side
    refused(s, "angel", "dive:knight redirect:hawk", "C-change", 2)  # not on the ground
    refused(s, "angel", "dive:knight redirect:squire redirect:knight", "C-change", 3)
    refused(s, "angel", "dive:knight pursue redirect:squire", "C-change", 3)
    refused(s, "angel", "dive:knight redirect:squire 20,20", "C-change", 3)
    high = scenario(angel(tier=2), fighter("hawk", 1, [24, 20], side="griffin"),
                    fighter("squire", 0, [28, 26], side="griffin"))
    refused(high, "angel", "dive:hawk redirect:squire", "C-change", 2)  # it did not land
    three = scenario(fighter("f", 1, [20, 20]), fighter("k", 0, [28, 20]), edition="3")
    assert "no assault be redirected" in refused(three, "f", "25,20 land redirect:k",
                                                 "C-change", 3)
    with pytest.raises(wingbeat.ScenarioError, match="nobody"):
        check(s, "angel", "dive:knight redirect:nobody")
