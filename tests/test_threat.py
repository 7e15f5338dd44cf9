"""Threat zones, attack advice and suggestions (issue 16): hand-worked cases per ruleset, and the
property that every place a threat lists is one the threatening creature can really reach (by a
move ``check`` accepts, its attack kept) and strike from (``engagement``)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from shapely.geometry import Point, shape

import wingbeat
from conformance import evenly, json_of
from placing import assert_threat_is_real, moved_to, standing_at, with_creatures
from scenarios import volare
from test_dnd5e_properties import battlefields as dnd5e_fields
from test_volare_properties import battlefields as volare_fields
from wingbeat.model import Scenario
from wingbeat.rulesets.battlesystem import BattlesystemUnit
from wingbeat.rulesets.confrontation import Fighter
from wingbeat.tactics.grid import GridThreat, ThreatPlace

# -- helpers ----------------------------------------------------------------------------------


def _place(report: Any, at: str, altitude: int) -> ThreatPlace | None:
    assert isinstance(report, GridThreat)
    return next((p for p in report.places if (p.at, p.altitude) == (at, altitude)), None)


def _the_one_way(report: Any, at: str, altitude: int) -> Any:
    """The one way a threat lists to strike the place (``at``, ``altitude``), which it lists."""
    here = _place(report, at, altitude)
    assert here is not None
    (way,) = here.by
    return way


# -- volare: V-prox, V-inertia ------------------------------------------------------------------

def _flyer_over_walker(mode: str) -> Scenario:
    flyer: dict[str, Any] = {"id": "flyer", "at": "J10", "altitude": 1, "mode": mode, "fly": 6,
                             "maneuverability": "medium", "reflex": 50, "side": "air"}
    if mode == "moving":
        flyer["heading"] = "N"
    return volare([flyer, {"id": "walker", "at": "J12", "mode": "grounded", "ground": 2,
                           "side": "ground"}])


def test_a_hovering_flyer_one_level_up_threatens_the_adjacent_walker_where_it_is() -> None:
    """V-prox case 2: adjacent hexes one level apart, the flyer hovering: in melee, so it
    strikes without moving (cost 0)."""
    scenario = _flyer_over_walker("hovering")
    assert wingbeat.engagement(scenario, "flyer", "walker").engagement == "melee"
    zones = wingbeat.threat(scenario, side="air")
    way = _the_one_way(zones, "J12", 0)
    assert (way.creature, way.cost, way.moves, way.how) == ("flyer", 0, "", "V-prox case 2")
    assert_threat_is_real(scenario, zones)


def test_a_moving_flyer_one_level_up_is_only_at_reach_until_it_moves() -> None:
    """V-prox case 1: the same places with the flyer moving count as one hex apart (reach-only),
    and a moving flyer makes no physical attack (V-inertia): it threatens nothing where it is,
    the walker's hex only by a move that ends its motion first (landing beside it, V-land)."""
    scenario = _flyer_over_walker("moving")
    assert wingbeat.engagement(scenario, "flyer", "walker").engagement == "reach-only"
    zones = wingbeat.threat(scenario, creature="flyer")
    way = _the_one_way(zones, "J12", 0)
    assert way.cost > 0 and way.moves
    assert json_of(wingbeat.check(scenario, "flyer", way.moves))["end"]["mode"] != "moving"
    assert all(w.cost > 0 for p in zones.places for w in p.by)
    assert_threat_is_real(scenario, zones)


def test_volare_advice_prefers_the_elevated_safe_position_and_says_why() -> None:
    """The giant bat: hovering one level over the chamois (V-prox case 2) holds the elevated
    position with no save; landing beside it needs a violent-landing save (V-land)."""
    scenario = wingbeat.open_scenario("example:giant-bat")
    advice = wingbeat.advise(scenario, "bat", target="chamois")
    best = advice.options[0]
    assert (best.way.moves, best.way.success, best.edge[0][0]) == ("U35 down hover", 1,
                                                                   "elevated")
    data = json_of(advice)
    assert data["options"][0]["success"] == "1" and data["options"][0]["rank"] == 1
    for option in data["options"]:
        verdict = json_of(wingbeat.check(scenario, "bat", option["moves"]))
        assert verdict["legal"] and verdict["can_act"] and verdict["cost"] == option["cost"]
        moved = moved_to(scenario, "bat", verdict["end"])
        assert wingbeat.engagement(with_creatures(scenario, moved=moved), "bat",
                                   "chamois").engagement == "melee"
    landing = next(o for o in advice.options if o.way.checks)
    assert landing.way.success == Fraction(45, 100)  # the bat's 50 Reflex, −5 (V-land)
    assert landing.rank > best.rank


# -- dnd5e: D-creatures reach, opportunity attacks -----------------------------------------------

def _guard(reach: int) -> Scenario:
    text = (
        "ruleset: dnd5e\nmap: {grid: square, columns: 12, rows: 12, top: 6}\ncreatures:\n"
        f"  - {{id: guard, speed: {{walk: 0}}, reach: {reach}, at: F6, side: keep}}\n"
        "  - {id: orc, speed: {walk: 30}, reach: 5, at: F11, side: raiders}\n")
    return wingbeat.read_scenario_text(text, source="guard")


def test_a_5e_guard_with_a_reach_weapon_threatens_10_ft_all_round() -> None:
    """D-creatures: a glaive's 10 ft reach; a guard that cannot move (speed 0) threatens every
    place within 10 ft of its space (the PHB diagonal rule: 5 ft a square, diagonals included,
    up as well), and no farther; a 5 ft reach threatens one ring."""
    scenario = _guard(10)
    zones = wingbeat.threat(scenario, creature="guard")
    places = {(p.at, p.altitude) for p in zones.places}
    assert len(places) == 5 * 5 * 3 - 1  # 5 × 5 squares, altitudes 0-2, less its own place
    assert {("H6", 0), ("H8", 0), ("F4", 2), ("D8", 2)} <= places
    assert not {("I6", 0), ("F6", 3), ("H9", 0)} & places
    assert all(w.cost == 0 and w.moves == "" for p in zones.places for w in p.by)
    short = wingbeat.threat(_guard(5), creature="guard")
    assert {(p.at, p.altitude) for p in short.places} == {
        (f"{c}{r}", z) for c in "EFG" for r in (5, 6, 7) for z in (0, 1)} - {("F6", 0)}
    assert_threat_is_real(scenario, zones)


def test_a_5e_guard_does_not_threaten_through_a_wall() -> None:
    """D-walls: the guard (F6, 10 ft reach, cannot move) behind a wall F6 | G6 and a wall
    F6 | F7 threatens no place whose every straight way from it crosses a wall (G6, H6, F7, F8 on
    the ground) or a wall's end (the diagonals G7 and E7), and still those on its open sides;
    engagement agrees, citing D-walls."""
    text = ("ruleset: dnd5e\nmap: {grid: square, columns: 12, rows: 12, top: 6, walls: "
            "[{between: [F6, G6]}, {between: [F6, F7]}]}\ncreatures:\n"
            "  - {id: guard, speed: {walk: 0}, reach: 10, at: F6, side: keep}\n"
            "  - {id: orc, speed: {walk: 30}, reach: 5, at: F11, side: raiders}\n")
    scenario = wingbeat.read_scenario_text(text, source="walled guard")
    zones = wingbeat.threat(scenario, creature="guard")
    places = {(p.at, p.altitude) for p in zones.places}
    assert not {("G6", 0), ("H6", 0), ("F7", 0), ("F8", 0), ("G7", 0), ("E7", 0)} & places
    assert {("E6", 0), ("F5", 0), ("E5", 0), ("D6", 0), ("F4", 0), ("D4", 1)} <= places
    assert not {("G5", 0), ("G6", 1)} & places  # the wall's end, and walls are full height
    for at, altitude in [("G6", 0), ("F8", 0), ("G7", 0)]:
        victim = standing_at(scenario, at, altitude)
        found = wingbeat.engagement(with_creatures(scenario, victim), "guard", "victim")
        assert not found.b_in_reach_of_a and found.rule == "D-walls", at
    assert_threat_is_real(scenario, zones, most=40)


def test_5e_advice_keeps_the_reach_out_of_the_foes_reach() -> None:
    """A glaive guard that can move, against an orc with 5 ft reach: the best position is 10 ft
    away (it strikes, the orc must move to strike back: D-creatures), said as an edge."""
    text = (
        "ruleset: dnd5e\nmap: {grid: square, columns: 12, rows: 12, top: 2}\ncreatures:\n"
        "  - {id: guard, speed: {walk: 30}, reach: 10, at: F2, side: keep}\n"
        "  - {id: orc, speed: {walk: 0}, reach: 5, at: F9, side: raiders}\n")
    scenario = wingbeat.read_scenario_text(text, source="guard")
    advice = wingbeat.advise(scenario, "guard")
    best = advice.options[0]
    assert [w for w, _ in best.edge] == ["out-of-reach"]
    found = wingbeat.engagement(
        with_creatures(scenario, moved=moved_to(scenario, "guard",
                                                json_of(wingbeat.check(scenario, "guard",
                                                                       best.way.moves))["end"])),
        "guard", "orc")
    assert found.distance == 10 and found.b_in_reach_of_a and not found.a_in_reach_of_b
    assert best.threatened_by == ()  # the orc (speed 0) cannot close 10 ft and strike
    assert any(o.threatened_by == ("orc",) for o in advice.options)


def test_5e_advice_counts_the_opportunity_attacks_on_the_way() -> None:
    """D-creatures: leaving a hostile's reach provokes its opportunity attack; advice counts it
    from ``check``'s events and ranks the way that provokes none first."""
    text = (
        "ruleset: dnd5e\nmap: {grid: square, columns: 8, rows: 3, top: 0}\ncreatures:\n"
        "  - {id: rogue, speed: {walk: 30}, at: B2, side: a}\n"
        "  - {id: ogre, speed: {walk: 0}, reach: 5, at: C2, side: b}\n"
        "  - {id: mage, speed: {walk: 0}, reach: 0, at: G2, side: b}\n")
    scenario = wingbeat.read_scenario_text(text, source="oa")
    advice = wingbeat.advise(scenario, "rogue", target="mage")
    assert advice.options
    assert all(o.opportunity_attacks == 1 for o in advice.options)  # every way leaves the ogre
    assert all(o.way.moves and "provokes 1 opportunity attack on the way" in o.reasons("ft")
               for o in advice.options)


# -- confrontation: C-dive, C-adj ----------------------------------------------------------------

def test_a_confrontation_dive_charge_threatens_the_tier_below() -> None:
    """C-dive: the morbid angel at tier 2 can dive-charge onto tier 1 (air MOU 17.5 less the
    5 cm a dive costs: C-change); the griffin knight's point at tier 1 is in its zone, and
    advice's best attack on the knight is the dive, with its bonuses."""
    scenario = wingbeat.open_scenario("example:morbid-angel")
    zones = json_of(wingbeat.threat(scenario, creature="angel"))
    knight = Point(35, 38)
    dives = [a for a in zones["areas"] if a["tier"] == 1
             and any("C-dive" in b["how"] for b in a["by"])]
    assert dives and any(shape(a["area"]).buffer(0.05).covers(knight) for a in dives)
    assert not any(a["tier"] == 0 for a in zones["areas"])  # two tiers below: no dive
    advice = wingbeat.advise(scenario, "angel", target="knight")
    best = advice.options[0]
    assert best.way.moves == "dive:knight" and [w for w, _ in best.edge] == ["dive-charge"]
    verdict = json_of(wingbeat.check(scenario, "angel", "dive:knight"))
    assert verdict["legal"] and verdict["dive"]["target"] == "knight"


def test_a_confrontation_dive_charge_onto_the_ground() -> None:
    """C-dive onto tier 0: measured from the counter to the edge of the base (C-tiers)."""
    text = ("ruleset: confrontation\noptions: {edition: current}\nmap: {table: [60, 60]}\n"
            "creatures:\n"
            "  - {id: wyvern, mou: {ground: 10, air: 20}, tier: 1, at: [10, 10], side: a}\n"
            "  - {id: pike, mou: {ground: 10, air: 0}, tier: 0, at: [24, 10], side: b}\n")
    scenario = wingbeat.read_scenario_text(text, source="dive")
    zones = json_of(wingbeat.threat(scenario, side="a"))
    ground = [a for a in zones["areas"] if a["tier"] == 0]
    assert any("C-dive" in b["how"] for a in ground for b in a["by"])
    assert any(shape(a["area"]).covers(Point(24, 10)) for a in ground)
    # 20 − 5 = 15 cm: a pike 30 cm away on the ground is out of the dive's reach
    assert not any(shape(a["area"]).covers(Point(40, 10)) for a in ground
                   if any("C-dive" in b["how"] for b in a["by"]))
    best = wingbeat.advise(scenario, "wyvern", target="pike").options[0]
    assert best.way.moves == "dive:pike"


# -- battlesystem: B-alt -------------------------------------------------------------------------

def test_battlesystem_advice_ends_within_1_inch_at_the_same_altitude() -> None:
    """B-alt (engagement's decision): units in melee are at one altitude, within 1"."""
    scenario = wingbeat.open_scenario("example:pegasi")
    advice = wingbeat.advise(scenario, "pegasi", target="griffons")
    assert advice.options
    for option in advice.options:
        verdict = json_of(wingbeat.check(scenario, "pegasi", option.way.moves))
        assert verdict["legal"] and verdict["end"]["altitude"] == "ground"
        x, y = (float(v) for v in verdict["end"]["at"].split(","))
        moved = replace(scenario.battle.unit("pegasi"), at=(x, y), altitude=0)
        assert wingbeat.engagement(with_creatures(scenario, moved=moved), "pegasi",
                                   "griffons").engagement == "melee"
    zones = json_of(wingbeat.threat(scenario, side="west"))
    assert any(a["altitude"] == "ground" and shape(a["area"]).covers(Point(50, 30))
               for a in zones["areas"])


# -- the property: every threatened place is one the attacker really strikes ---------------------

@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(volare_fields())
def test_volare_threat_places_are_reached_and_engaged(data: dict[str, Any]) -> None:
    scenario = wingbeat.parse_scenario(data, source="prop")
    assert_threat_is_real(scenario, wingbeat.threat(scenario, creature="f"))


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(dnd5e_fields())
def test_dnd5e_threat_places_are_reached_and_within_reach(field: tuple[str, str]) -> None:
    scenario = wingbeat.read_scenario_text(field[0], source="prop")
    assert_threat_is_real(scenario, wingbeat.threat(scenario, creature="mover"))


@pytest.mark.parametrize(("example", "side"), [("giant-bat", None), ("harpy", "monsters"),
                                                ("harpy", "party")])
def test_the_grid_examples_threats_are_real(example: str, side: str | None) -> None:
    scenario = wingbeat.open_scenario(f"example:{example}")
    report = (wingbeat.threat(scenario, side=side) if side
              else wingbeat.threat(scenario, creature="bat"))
    assert report.places
    assert_threat_is_real(scenario, report, most=20)


def _victim_at(scenario: Scenario, x: float, y: float, level: int) -> Any:
    if scenario.ruleset == "confrontation":
        return Fighter(id="victim", at=(x, y), ground_mou=Fraction(0), air_mou=Fraction(0),
                       tier=level)
    return BattlesystemUnit(id="victim", at=(x, y), heading=0.0, fly=Fraction(0),
                            altitude=level)


@pytest.mark.parametrize(("example", "side"), [("morbid-angel", "acheron"), ("pegasi", "west"),
                                                ("pegasi", "east")])
def test_the_tabletop_threat_areas_are_real(example: str, side: str) -> None:
    """A creature standing well inside an area (1 unit in from its edge) can be attacked there
    by every creature the area names: advice (moves ``check`` accepts, ending in melee by
    ``engagement`` or in a declared dive charge) finds a way for each."""
    scenario = wingbeat.open_scenario(f"example:{example}")
    report = wingbeat.threat(scenario, side=side)
    data = json_of(report)
    key = "tier" if scenario.ruleset == "confrontation" else "altitude"
    names = [n.lower() for n in getattr(scenario.battle, "level_names", ())]
    tried = 0
    for area in evenly(data["areas"], 6):
        inner = shape(area["area"]).buffer(-1.0)
        if inner.is_empty:
            continue
        p = inner.representative_point()
        level = area[key] if key == "tier" else names.index(str(area[key]).lower())
        placed = with_creatures(scenario, _victim_at(scenario, p.x, p.y, level))
        for by in area["by"]:
            advice = wingbeat.advise(placed, by["creature"], target="victim")
            assert advice.options, (by, p.x, p.y, area[key])
            tried += 1
    assert tried


# -- suggest, and the faces ----------------------------------------------------------------------

def test_suggest_attacks_else_closes_in_else_holds() -> None:
    bat = wingbeat.suggest(wingbeat.open_scenario("example:giant-bat"), "bat")
    assert (bat.kind, bat.target, bat.moves) == ("attack", "chamois", "U35 down hover")
    far = volare([{"id": "hawk", "at": "B2", "altitude": 2, "mode": "hovering", "fly": 3,
                   "maneuverability": "excellent", "side": "a"},
                  {"id": "mouse", "at": "B30", "mode": "grounded", "side": "b"}])
    closer = wingbeat.suggest(far, "hawk")
    assert closer.kind == "close" and closer.target == "mouse" and closer.moves
    verdict = json_of(wingbeat.check(far, "hawk", closer.moves))
    assert verdict["legal"]
    alone = volare([{"id": "owl", "at": "B2", "altitude": 1, "mode": "hovering", "fly": 3,
                     "side": "a"}])
    held = wingbeat.suggest(alone, "owl")
    assert (held.kind, held.moves) == ("hold", "")


def test_weights_are_options_with_documented_defaults() -> None:
    from wingbeat.tactics import WEIGHT_DOCS, Weights

    assert set(WEIGHT_DOCS) == set(Weights().to_dict())
    scenario = wingbeat.open_scenario("example:giant-bat")
    cheap_first = wingbeat.advise(scenario, "bat", target="chamois",
                                  weights={"success": 0, "edge": 0, "threatened": 0,
                                           "action": 0, "cost": 10})
    costs = [o.way.cost for o in cheap_first.options]
    assert costs == sorted(costs)
    with pytest.raises(wingbeat.OptionError, match="unknown weight"):
        wingbeat.advise(scenario, "bat", weights={"luck": 1})
    with pytest.raises(wingbeat.OptionError, match="0 or more"):
        wingbeat.advise(scenario, "bat", weights={"edge": -1})
