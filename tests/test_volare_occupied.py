"""Issue 25, items 1 and 2: no move ends where another creature stands (V-occupied), and a melee
reach of one or two hexes (V-prox). Hand-worked cases, each citing the sentence it applies.

Seed 000's proximity rules put two creatures in adjacent hexes, or one "sull'esagono
immediatamente sovrastante un'altra creatura" (in the hex directly above another creature, case
4); no case puts two in one place. Case 1 makes a moving flyer one level off "raggiungibile solo da
attacchi in corpo a corpo capaci di colpire a due esagoni di distanza (si pensi ad una Polearm, una
frusta od un attacco di dimensioni Huge o superiori)" (reachable only by melee attacks able to
strike two hexes away: a polearm, a whip, a Huge or larger attack).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import wingbeat
from answers import cli_json
from conformance import json_of
from placing import assert_threat_is_real
from scenarios import volare
from wingbeat.geometry.hexgrid import Direction, parse_hex
from wingbeat.play.engine import RefusedMove
from wingbeat.play.store import EncounterStore
from wingbeat.rulesets.volare import (
    Mode,
    Size,
    VolareCreature,
    apart,
    engagement_between,
    strikes,
)
from wingbeat.tactics.grid import GridThreat

REPO = Path(__file__).resolve().parent.parent
GIANT_BAT = str(REPO / "tests" / "data" / "examples" / "volare" / "giant-bat.yaml")


def refusal(scenario: wingbeat.Scenario, creature: str, moves: str) -> dict[str, Any]:
    verdict = json_of(wingbeat.check(scenario, creature, moves))
    assert not verdict["legal"], moves
    error: dict[str, Any] = verdict["error"]
    return error


def legal(scenario: wingbeat.Scenario, creature: str, moves: str) -> dict[str, Any]:
    verdict = json_of(wingbeat.check(scenario, creature, moves))
    assert verdict["legal"], (moves, verdict.get("error"))
    return verdict


# -- V-occupied -----------------------------------------------------------------------------------

def test_the_bat_may_not_land_on_the_chamois() -> None:
    """The issue's case: ``U35 V36 down down land-fast`` puts the giant bat at V36, altitude 0,
    the chamois' own place. V-occupied: a move may not end where another creature stands, and a
    landing ends the move in place (a failed violent landing leaves it "al suolo (knockdown)"
    there too), so both landings are refused at the landing, and stopping at the touchdown is
    refused at its end."""
    error = cli_json("check", GIANT_BAT, "bat", "U35 V36 down down land-fast", code=1)["error"]
    assert (error["step"], error["move"], error["rule"]) == (5, "land-fast", "V-occupied")
    assert "Chamois stands there" in error["message"]
    scenario = wingbeat.open_scenario(GIANT_BAT)
    safe = refusal(scenario, "bat", "U35 V36 down down land")
    assert (safe["step"], safe["rule"]) == (5, "V-occupied")
    stopped = refusal(scenario, "bat", "U35 V36 down down")
    assert (stopped["step"], stopped["rule"]) == (4, "V-occupied")
    assert stopped["message"].startswith("Chamois stands at V36, altitude 0")
    # beside it, as before: U35 at ground level, 3 MP and the 45 % save (V-land)
    beside = legal(scenario, "bat", "U35 down down land-fast")
    assert (beside["cost"], beside["can_act"]) == ("3", True)


def test_reach_path_and_advice_never_end_on_the_chamois() -> None:
    """V-occupied, the issue's example: ``advise … --target chamois`` ranked second the landing
    at V36; no answer offers the chamois' place now, and the second best is the landing at U35."""
    scenario = wingbeat.open_scenario("example:giant-bat")
    reached = json_of(wingbeat.reach(scenario, "bat"))
    assert not [s for s in reached["states"] if (s["at"], s["altitude"]) == ("V36", 0)]
    assert [s for s in reached["states"] if (s["at"], s["altitude"]) == ("V36", 1)]
    there = wingbeat.path(scenario, "bat", to="V36", altitude=0)
    assert json_of(there)["found"] is False
    advice = wingbeat.advise(scenario, "bat", target="chamois")
    ends = [(o.end["at"], o.end["altitude"]) for o in advice.options]
    assert ("V36", 0) not in ends
    assert [o.way.moves for o in advice.options[:2]] == ["U35 down hover",
                                                         "U35 down down land-fast"]


def test_passing_through_another_creature_is_allowed() -> None:
    """V-grid Reading kept for passing: "other creatures do not block a hex". An owl hovers at U35,
    altitude 2, in the bat's way: the bat flies through it to V36 (legal), but may not stop
    there."""
    s = volare([{"id": "bat", "name": "Giant bat", "fly": 8, "reflex": 50, "at": "T34",
                 "altitude": 2, "mode": "moving", "came_from": "T32"},
                {"id": "owl", "name": "Owl", "fly": 6, "at": "U35", "altitude": 2,
                 "mode": "hovering"}])
    assert legal(s, "bat", "U35 V36")["cost"] == "2"
    stopped = refusal(s, "bat", "U35")
    assert (stopped["step"], stopped["rule"]) == (1, "V-occupied")
    assert "Owl stands at U35, altitude 2" in stopped["message"]
    assert refusal(s, "bat", "U35 hover")["rule"] == "V-occupied"  # hovering there ends there


def test_hovering_directly_above_another_is_allowed_and_in_melee() -> None:
    """V-prox case 4, "Una creatura che si trovi sia in volo in movimento che librandosi in aria
    sull'esagono immediatamente sovrastante un'altra creatura si considererà in ogni caso essere
    in corpo a corpo con quest'ultima": the hex above the chamois is another place, and the bat
    may end there (5 MP: past its half move, so no attack this round)."""
    scenario = wingbeat.open_scenario("example:giant-bat")
    verdict = legal(scenario, "bat", "U35 V36 down hover")
    assert (verdict["end"]["at"], verdict["end"]["altitude"], verdict["cost"]) == ("V36", 1, "5")
    after = scenario.battle.creature("bat")
    above = replace(after, at=parse_hex("V36"), altitude=1, mode=Mode.HOVERING, heading=None)
    found = engagement_between(above, scenario.battle.creature("chamois"))
    assert (found.engagement, found.case, found.elevated) == ("melee", 4, "bat")


def _hawk(at: str) -> wingbeat.Scenario:
    """A medium hawk (fly 6, Reflex 60, ground 12) hovering at ``at``, altitude 1, and a mouse on
    the ground at K11."""
    return volare([{"id": "hawk", "name": "Hawk", "fly": 6, "ground": 12, "reflex": 60,
                    "at": at, "altitude": 1, "mode": "hovering"},
                   {"id": "mouse", "name": "Mouse", "at": "K11"}])


def test_a_skimming_flyer_passes_over_the_ground_through_another() -> None:
    """V-skim and V-occupied: once this round's skimming save is made, the hawk skims on along the
    ground through the mouse's place (K11, altitude 0) to L12; it may not stop there."""
    s = _hawk("J10")
    through = legal(s, "hawk", "down skim K11 L12")
    assert [c["rule"] for c in through["checks"]] == ["V-skim"]
    stopped = refusal(s, "hawk", "down skim K11")
    assert (stopped["step"], stopped["rule"]) == (3, "V-occupied")


def test_no_skimming_save_or_landing_in_another_creatures_place() -> None:
    """V-occupied Reading: a failed skimming save makes the flyer "atterrare immediatamente sul
    posto" (land at once, in place: V-skim), so the hawk that touches down in the mouse's place
    may not skim on from there with the save to make; nor land there, safely or not."""
    s = _hawk("K11")  # directly above the mouse: its own place, altitude 1
    for moves, step in (("down skim", 2), ("down land", 2), ("down land-fast", 2), ("down", 1)):
        error = refusal(s, "hawk", moves)
        assert (error["step"], error["rule"]) == (step, "V-occupied"), moves
        assert "Mouse" in error["message"]
    assert "skimming on calls for this round's Reflex save" in refusal(s, "hawk",
                                                                        "down skim")["message"]
    onward = refusal(s, "hawk", "down K13")  # touched down: it must land or skim, neither here
    assert (onward["step"], onward["rule"]) == (2, "V-occupied")
    assert "has touched down at K11, where Mouse stands" in onward["message"]


def test_after_the_rounds_save_a_touchdown_on_another_skims_on() -> None:
    """V-skim: the save "va effettuato una sola volta al round" (is made once a round). The hawk
    skims at J10 (the save), climbs, flies over the mouse and descends into its place: with the
    save made it skims on without another (and must, before flying on); it may not land there."""
    s = _hawk("J10")
    on = legal(s, "hawk", "down skim up K11 down skim K13")
    assert ([c["rule"] for c in on["checks"]], on["cost"]) == (["V-skim"], "6")
    first = refusal(s, "hawk", "down skim up K11 down K13")
    assert (first["step"], first["rule"]) == (6, "V-skim")
    assert "must skim on first" in first["message"]
    assert refusal(s, "hawk", "down skim up K11 down land-fast")["rule"] == "V-occupied"


def test_walking_after_a_violent_landing_passes_through_another() -> None:
    """V-land: after a violent landing the creature may "completare la propria azione di mezzo
    movimento camminando" (finish its half-move action walking): 1 MP of 3 spent, ground 12, it
    walks floor(2/3 × 6) = 4 hexes, through the mouse's hex, not ending there."""
    s = _hawk("J10")
    assert legal(s, "hawk", "down land-fast K11 L12")["end"]["at"] == "L12"
    error = refusal(s, "hawk", "down land-fast K11")
    assert (error["step"], error["rule"]) == (3, "V-occupied")


def test_a_scenario_may_not_put_two_creatures_in_one_place() -> None:
    """V-occupied: no move ends in another creature's place, so none starts there; one creature
    may hover over another (case 4)."""
    with pytest.raises(wingbeat.ScenarioError) as refused:
        volare([{"id": "a", "at": "B2"}, {"id": "b", "at": "D2"}, {"id": "c", "at": "B2"}])
    said = str(refused.value)
    assert "creatures[2].at" in said and "c stands where a stands, B2 at altitude 0" in said
    assert "V-occupied" in said
    over = volare([{"id": "a", "at": "B2"},
                   {"id": "b", "at": "B2", "altitude": 1, "mode": "hovering", "fly": 3}])
    assert wingbeat.engagement(over, "a", "b").case == 4


def test_play_refuses_a_move_onto_another_creature(tmp_path: Path) -> None:
    """V-occupied in play: the move is checked by the same legality function, so the encounter
    never holds two creatures in one place (the skimming save is not even rolled)."""
    text = (REPO / "examples" / "volare" / "giant-bat.yaml").read_text(encoding="utf-8")
    with EncounterStore(tmp_path / "f.sqlite3") as store:
        info, _ = store.create(text, source="giant-bat", seed=3)
        store.move(info.id, "bat", "U35 down hover")
        store.next_round(info.id)
        with pytest.raises(RefusedMove, match="V-occupied"):
            store.move(info.id, "bat", "V36 down skim")
        _, entries = store.entries(info.id)
        assert len(entries) == 3  # the start, the move, the next round: nothing written


def test_threat_counts_the_hexes_directly_above_and_below_not_its_own_place() -> None:
    """V-prox case 4 in threat zones: the chamois, on the ground, threatens the hex directly above
    it; an owl hovering at J10, altitude 2, threatens the hexes directly below and above it,
    without moving. A creature's own place is struck only from elsewhere: no one else can stand
    there while it does (V-occupied), so the chamois, which cannot move, never strikes V36 at
    altitude 0."""
    scenario = wingbeat.open_scenario("example:giant-bat")
    grazing = wingbeat.threat(scenario, creature="chamois")
    assert isinstance(grazing, GridThreat)
    places = {(p.at, p.altitude): p.by[0] for p in grazing.places}
    assert places["V36", 1].how == "V-prox case 4"
    assert ("V36", 0) not in places
    s = volare([{"id": "owl", "fly": 6, "at": "J10", "altitude": 2, "mode": "hovering"}])
    zones = wingbeat.threat(s, creature="owl")
    assert isinstance(zones, GridThreat)
    struck = {(p.at, p.altitude): p.by[0] for p in zones.places}
    for z in (1, 3):
        assert (struck["J10", z].cost, struck["J10", z].moves, struck["J10", z].how) == (
            0, "", "V-prox case 4")
    assert struck["J10", 2].cost > 0  # only from elsewhere, once the owl has left it
    assert_threat_is_real(s, zones)


# -- V-prox: reach ---------------------------------------------------------------------------------

def _guard_and_flyer(reach: int | None = 2, size: str | None = None) -> wingbeat.Scenario:
    guard: dict[str, Any] = {"id": "guard", "name": "Guard", "at": "K11"}
    if reach is not None:
        guard["reach"] = reach
    if size is not None:
        guard["size"] = size
    return volare([guard, {"id": "flyer", "name": "Flyer", "fly": 6, "at": "J10", "altitude": 1,
                           "mode": "moving", "heading": "N"}])


def test_a_polearm_strikes_a_moving_flyer_one_level_off() -> None:
    """V-prox case 1: a moving flyer in the adjacent hex one level up "si considererà in ogni caso
    essere ad un esagono di distanza per cui sarà raggiungibile solo da attacchi in corpo a corpo
    capaci di colpire a due esagoni di distanza (si pensi ad una Polearm …)". The guard's
    halberd (reach 2) strikes it; the flyer's own reach (1) does not strike the guard."""
    s = _guard_and_flyer()
    found = wingbeat.engagement(s, "guard", "flyer")
    assert (found.engagement, found.case, found.apart) == ("reach-only", 1, 2)
    assert found.b_in_reach_of_a and not found.a_in_reach_of_b
    data = found.to_dict()
    assert data["reach"] == {"guard": 2, "flyer": 1}
    text = found.to_text()
    assert "guard can strike flyer: its melee reach is 2 hexes." in text
    assert "flyer cannot strike guard: its melee reach is 1 hex." in text
    plain = wingbeat.engagement(_guard_and_flyer(reach=None), "guard", "flyer")
    assert plain.engagement == "reach-only" and not plain.b_in_reach_of_a


@pytest.mark.parametrize(("size", "reach", "expected"), [
    (None, None, 1), ("large", None, 1), ("huge", None, 2), ("gargantuan", None, 2),
    ("huge", 1, 1), ("small", 2, 2)])
def test_a_huge_or_larger_creature_strikes_two_hexes_away(size: str | None, reach: int | None,
                                                          expected: int) -> None:
    """V-prox case 1: "un attacco di dimensioni Huge o superiori" (an attack of Huge size or
    larger) strikes two hexes away; ``reach`` says it for a polearm or a whip, and wins over the
    size (a Huge creature's bite may be its only short attack)."""
    s = _guard_and_flyer(reach=reach, size=size)
    guard = s.battle.creature("guard")
    assert guard.melee_reach == expected
    assert wingbeat.engagement(s, "guard", "flyer").b_in_reach_of_a == (expected == 2)
    assert VolareCreature(id="x", at=guard.at, altitude=0, size=Size.HUGE).melee_reach == 2


def test_a_reach_of_two_strikes_two_hexes_away_on_one_level() -> None:
    """V-prox Reading: "capaci di colpire a due esagoni di distanza" (able to strike two hexes
    away) on one level too; and two levels up in one hex, levels counting as hexes (3 m each).
    Three apart, nothing strikes."""
    s = volare([{"id": "pike", "at": "J10", "reach": 2}, {"id": "orc", "at": "L10"},
                {"id": "owl", "at": "J10", "altitude": 2, "mode": "hovering", "fly": 4},
                {"id": "far", "at": "M11"}])
    for other in ("orc", "owl"):
        found = wingbeat.engagement(s, "pike", other)
        assert (found.engagement, found.apart, found.b_in_reach_of_a,
                found.a_in_reach_of_b) == ("reach-only", 2, True, False), other
    far = wingbeat.engagement(s, "pike", "far")
    assert (far.engagement, far.apart, far.b_in_reach_of_a) == ("none", 3, False)


def test_how_far_apart_follows_the_cases() -> None:
    """V-prox Reading of ``apart``: cases 2, 3 and 4 are one apart, case 1 two; a moving flyer off
    both the hex and the level counts one more."""
    walker = VolareCreature(id="w", at=parse_hex("J10"), altitude=0)
    hovering = VolareCreature(id="h", at=parse_hex("K11"), altitude=1, mode=Mode.HOVERING, fly=4)
    moving = replace(hovering, mode=Mode.MOVING, heading=Direction.N)
    assert apart(walker, hovering) == 1  # case 2
    assert apart(walker, moving) == 2  # case 1
    assert apart(walker, replace(moving, at=parse_hex("J10"))) == 1  # case 4, moving or not
    assert apart(walker, replace(moving, altitude=0)) == 1  # case 3
    assert apart(walker, replace(hovering, altitude=2)) == 2
    assert apart(walker, replace(moving, altitude=2)) == 3
    assert strikes(replace(walker, reach=2), moving) is not None
    assert strikes(walker, moving) is None


def test_path_attack_with_a_reach_of_two_strikes_from_where_it_hovers() -> None:
    """V-prox, path --attack: the lancer hovering at J10, altitude 1, is two hexes and one level
    from the orc at J14: its reach of 2 strikes from where it is (no move, cost 0); with a reach
    of 1 it must close in first."""
    def battle(reach: int) -> wingbeat.Scenario:
        return volare([{"id": "lancer", "fly": 6, "reflex": 50, "at": "J10", "altitude": 1,
                        "mode": "hovering", "reach": reach},
                       {"id": "orc", "at": "J14"}])

    long = json_of(wingbeat.attack_path(battle(2), "lancer", "orc"))
    assert (long["moves"], long["cost"], long["can_act"]) == ("", "0", True)
    short = json_of(wingbeat.attack_path(battle(1), "lancer", "orc"))
    assert short["cost"] != "0" and short["moves"] and short["can_act"]
    assert wingbeat.engagement(battle(1), "lancer", "orc").engagement == "reach-only"


def test_threat_and_advice_take_the_attackers_reach() -> None:
    """V-prox in threat and advice: the lancer (reach 2) strikes from where it hovers every place
    two apart ("V-prox, reach 2"), and advice names the edge out-of-reach where the orc's reach of
    1 cannot strike back."""
    s = volare([{"id": "lancer", "fly": 6, "reflex": 50, "at": "J10", "altitude": 1,
                 "mode": "hovering", "reach": 2, "side": "knights"},
                {"id": "orc", "at": "J14", "side": "orcs"}])
    zones = wingbeat.threat(s, creature="lancer")
    assert isinstance(zones, GridThreat)
    struck = {(p.at, p.altitude): p.by[0] for p in zones.places}
    for place in (("J14", 1), ("J14", 0), ("L10", 1), ("J10", 3)):
        assert (struck[place].cost, struck[place].how) == (0, "V-prox, reach 2"), place
    assert struck["J12", 1].how == "V-prox case 3"
    assert_threat_is_real(s, zones, most=30)
    advice = wingbeat.advise(s, "lancer", target="orc")
    best = advice.options[0]
    assert (best.way.moves, best.way.cost) == ("", 0)
    assert [word for word, _why in best.edge] == ["elevated", "out-of-reach"]
    assert "orc must move to strike back: 2 hexes apart" in dict(best.edge)["out-of-reach"]


def test_reach_and_size_in_player_words() -> None:
    """Bad input gets a clear error: the file, the place, what was expected."""
    for creature, words in (({"reach": 3}, "a melee reach is 1 hex, or 2 for a polearm"),
                            ({"reach": 0}, "a melee reach is 1 hex"),
                            ({"size": "enormous"}, "tiny, small, medium, large, huge, "
                                                   "gargantuan")):
        with pytest.raises(wingbeat.ScenarioError) as refused:
            volare([{"id": "a", "at": "B2", **creature}])
        assert "creatures[0]." in str(refused.value) and words in str(refused.value)


def test_play_suggests_striking_with_the_reach_from_where_it_hovers() -> None:
    """V-prox in play: ``play suggest`` takes advice's best, so the lancer (reach 2) is told to
    strike the orc from where it hovers, two hexes and one level away; with a reach of 1 it is
    told to move first."""
    def battle(reach: int) -> wingbeat.Scenario:
        return volare([{"id": "lancer", "fly": 6, "reflex": 50, "at": "J10", "altitude": 1,
                        "mode": "hovering", "reach": reach, "side": "knights"},
                       {"id": "orc", "at": "J14", "side": "orcs"}])

    long = wingbeat.suggest(battle(2), "lancer")
    assert (long.kind, long.moves, long.target) == ("attack", "", "orc")
    short = wingbeat.suggest(battle(1), "lancer")
    assert short.kind == "attack" and short.moves
