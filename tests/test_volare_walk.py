"""volare, V-walk: a creature on the ground walks its round at its ground speed (issue 25, item 3).

Seed 000 walks in one place: a flyer that lands violently and makes its save may "completare la
propria azione di mezzo movimento camminando" (finish its half-move action walking, V-land). It
counts a round in AD&D's actions: "Avendo quindi usato 4 punti movimento su 8 avrà effettuato una
azione di mezzo movimento che potrà essere seguita da un'azione complessa di attacco" (having used
4 movement points of 8 it has made a half-move action, which a complex attack action may follow,
V-actions). The reading (docs/rules/volare.md, V-walk): a grounded, not prone creature with a
ground speed walks hex by hex, 1 MP of walking a hex, its ground speed a round; within half of it
it keeps its attack. Hand-worked cases first, then the properties over random battlefields.
"""

from __future__ import annotations

from collections import deque
from fractions import Fraction
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import wingbeat
from answers import checked, cli_text, reached, refusal
from both_searches import assert_answers_alike, parsed, searching
from conformance import assert_ways_check, json_of
from placing import assert_threat_is_real
from scenarios import volare
from test_kernel import assert_same_search
from volare_fields import CELLS, battlefield, others, terrain
from wingbeat.geometry.hexgrid import Direction, parse_hex
from wingbeat.play import Game
from wingbeat.rules.grid import MoveReport, ReachReport
from wingbeat.rulesets.volare import VolareSpace
from wingbeat.tactics.grid import GridThreat
from wingbeat.tactics.model import AdviceReport, Weights

# K11's neighbours: K9 (N), L10 (NE), L12 (SE), K13 (S), J12 (SW), J10 (NW)
GOBLIN: dict[str, Any] = {"id": "goblin", "name": "Goblin", "ground": 6, "at": "K11",
                          "side": "monsters"}
KNIGHT: dict[str, Any] = {"id": "knight", "name": "Knight", "ground": 6, "at": "K19",
                          "side": "party"}
#: the hexes of columns A-Z, rows 1-29 of a 30 × 50 map: around K11 and farther than 6
CELLS_NEAR_K11 = [f"{chr(64 + c)}{r}" for c in range(1, 27) for r in range(1, 30)
                  if (c + r) % 2 == 0]


def goblin(*others: dict[str, Any], cells: list[dict[str, Any]] | None = None,
           **fields: Any) -> wingbeat.Scenario:
    """The goblin (ground 6, no fly speed) at K11, with ``others``, on a map with ``cells``."""
    return volare([{**GOBLIN, **fields}, *others], cells=cells or [])


def check(scenario: wingbeat.Scenario, who: str, moves: str) -> MoveReport:
    return checked(MoveReport, scenario, who, moves)


def refused(scenario: wingbeat.Scenario, who: str, moves: str, rule: str, step: int) -> str:
    return refusal(check(scenario, who, moves), rule, step)


def reach(scenario: wingbeat.Scenario, who: str, **options: Any) -> dict[str, Any]:
    return json_of(reached(ReachReport, scenario, who, **options))


# -- hand-worked: the half move, the budget -------------------------------------------------------

def test_the_goblin_walks_three_and_keeps_its_attack() -> None:
    """V-walk, V-actions: "azione di mezzo movimento che potrà essere seguita da un'azione
    complessa di attacco". Ground 6: three hexes are a half move (3 of 6 MP of walking), so the
    attack is still to make, and every action of a creature on the ground with it."""
    report = check(goblin(), "goblin", "K13 K15 K17")
    assert report.legal and report.cost == 3 and report.can_act
    assert report.actions == ("attack", "spell", "spell-no-somatic", "non-physical", "free")
    assert report.end == {"at": "K17", "altitude": 0, "mode": "grounded", "heading": None,
                          "skimming": False, "on_foot": True}
    assert [e for s in report.steps for e in s.events] == [{"type": "walk", "rule": "V-walk",
                                                              "step": i} for i in (1, 2, 3)]


def test_the_goblin_walks_six_without_its_attack_and_not_seven() -> None:
    """V-walk: six hexes are its whole ground speed, a full move: no attack. A seventh needs
    7 MP of walking, one more than it has."""
    s = goblin()
    report = check(s, "goblin", "K13 K15 K17 K19 K21 K23")
    assert report.legal and report.cost == 6 and not report.can_act
    assert report.actions == ("free",)
    assert check(s, "goblin", "K13 K15 K17 K19").can_act is False  # 4 > 3: past the half
    message = refused(s, "goblin", "K13 K15 K17 K19 K21 K23 K25", "V-walk", 7)
    assert message == "walking 7 hexes needs 7 MP of walking; Goblin walks 6"


def test_directions_walk_as_hex_labels_do() -> None:
    """V-walk: "in the notation of a flight step (a hex label or a direction)"."""
    s = goblin()
    by_label = check(s, "goblin", "K13 L14 L16")
    assert check(s, "goblin", "S SE S").to_dict() == by_label.to_dict()


def test_an_odd_ground_speed_has_an_exact_half_move() -> None:
    """V-walk: the half move is exact, 5/2 for ground 5: two hexes keep the attack, three do
    not."""
    s = goblin(ground=5)
    assert check(s, "goblin", "K13 K15").can_act
    assert not check(s, "goblin", "K13 K15 K17").can_act
    data = reach(s, "goblin")
    assert (data["walk_budget"], data["walk_half"]) == ("5", "5/2")


def test_encumbrance_slows_a_walker_by_its_ground_band() -> None:
    """V-walk, V-enc: ground 6, Strength 10 (U 40 lb, bands of 6 lb), 50 lb: band 2, so it walks
    max(1, floor(6 × (12 − 2) / 12)) = 5 hexes, and the half move is 5/2."""
    s = goblin(strength=10, load=50)
    data = reach(s, "goblin")
    assert (data["walk_budget"], data["walk_half"]) == ("5", "5/2")
    assert data["encumbrance"]["walk"] == 5 and data["encumbrance"]["ground_band"] == 2
    message = refused(s, "goblin", "K13 K15 K17 K19 K21 K23", "V-walk", 6)
    assert message == ("walking 6 hexes needs 6 MP of walking; Goblin walks 5 (ground 6 in "
                       "ground band 2)")


# -- terrain and other creatures ------------------------------------------------------------------

def test_raised_ground_is_a_wall_to_a_walker_both_ways() -> None:
    """V-walk: "a walker steps only into an adjacent hex on the map at the same ground level as
    its own. Raised ground (a roof, a cliff: 3 m a level) is a wall to it, and so is lower
    ground". Up onto the roof at K13, and down off the roof at K11 to L12."""
    roof = [{"at": ["K13"], "ground": 1}]
    s = goblin(cells=roof)
    assert refused(s, "goblin", "K13", "V-walk", 1) == (
        "K13 is raised ground one level (3 m) above K11: walking cannot climb it")
    assert check(s, "goblin", "L12 L14 K15").legal  # around it
    on_roof = goblin(cells=[{"at": ["K11"], "ground": 2}], altitude=2)
    assert refused(on_roof, "goblin", "L12", "V-walk", 1) == (
        "L12 is ground 2 levels (6 m) below K11: walking cannot climb down to it")
    assert reach(on_roof, "goblin")["states"] == [reach(on_roof, "goblin")["states"][0]]


def test_a_walker_passes_through_another_creature_but_does_not_end_there() -> None:
    """V-occupied: "a move may not end where another creature stands"; V-grid: "other creatures
    do not block a hex". The goblin walks through the knight's place at K15, not into it."""
    s = goblin({**KNIGHT, "at": "K15"})
    assert check(s, "goblin", "K13 K15 K17").legal
    assert refused(s, "goblin", "K13 K15", "V-occupied", 2).startswith(
        "Knight stands at K15, altitude 0: Goblin may pass through")
    assert not [x for x in reach(s, "goblin")["states"] if x["at"] == "K15"]


def test_a_prone_creature_cannot_walk_nor_one_without_a_ground_speed() -> None:
    """V-walk: "A prone creature cannot walk"; a creature with no ground speed is told so."""
    prone = goblin(prone=True)
    assert refused(prone, "goblin", "K13", "V-walk", 1).startswith(
        "Goblin is prone: a prone creature cannot walk")
    assert reach(prone, "goblin")["walk_budget"] is None
    stone = goblin(ground=0)
    assert refused(stone, "goblin", "K13", "V-walk", 1) == (
        "Goblin has no ground speed: it cannot walk, nor fly")
    assert len(reach(stone, "goblin")["states"]) == 1


def test_walking_goes_on_in_a_gale() -> None:
    """V-walk, V-wind: "the wind changes flight steps only … a gale, which stops all flight,
    leaves walking". The walk costs 1 MP of walking a hex whatever the wind."""
    s = volare([GOBLIN], wind={"strength": "strong-wind", "toward": "S"})
    assert check(s, "goblin", "K9 K7").cost == 2
    assert check(s, "goblin", "K13 K15").cost == 2
    gale = volare([GOBLIN], wind={"strength": "gale", "toward": "S"})
    assert check(gale, "goblin", "K13 K15").cost == 2


# -- the take-off thrust, and the walk after a violent landing ------------------------------------

BAT: dict[str, Any] = {"id": "bat", "name": "Bat", "fly": 8, "ground": 12,
                       "maneuverability": "medium", "reflex": 50, "at": "K11"}


def test_a_flyer_that_walked_cannot_take_off_this_round() -> None:
    """V-takeoff: "Nel round di decollo un'intera azione di mezzo movimento deve essere spesa
    prima di poter decollare"; the thrust is the first thing in the round, so after a walk it is
    refused, and nothing else leaves the ground."""
    s = volare([BAT])
    assert check(s, "bat", "K9").legal
    message = refused(s, "bat", "K9 thrust", "V-takeoff", 2)
    assert "has walked this round" in message and "first thing" in message
    assert "can take off next round" in refused(s, "bat", "K9 up", "V-takeoff", 2)
    assert "has walked this round" in refused(s, "bat", "K9 skim", "V-takeoff", 2)


def test_a_flyer_that_made_its_thrust_cannot_walk() -> None:
    """V-takeoff: after the thrust it must leave the ground ("la seconda fase di movimento nella
    quale la creatura potrà sollevarsi e spostarsi in volo"): a walk is refused."""
    s = volare([BAT])
    message = refused(s, "bat", "thrust K9", "V-takeoff", 2)
    assert "must leave the ground" in message and "cannot walk this round" in message


def test_a_walked_state_and_a_landed_one_at_one_place_are_two_end_states() -> None:
    """V-walk (the report): K9 reached on foot costs 1 MP of walking and keeps the attack; reached
    by thrust skim K9 land-fast it costs 5 MP of flight (a full move, two saves): two entries,
    told apart by on_foot."""
    states = [x for x in reach(volare([BAT]), "bat")["states"]
              if (x["at"], x["altitude"], x["mode"]) == ("K9", 0, "grounded")]
    assert [(x.get("on_foot", False), x["cost"], x["can_act"]) for x in states] == [
        (True, "1", True), (False, "5", False)]
    assert states[1]["path"] == "thrust skim K9 land-fast"


def test_the_walk_after_a_violent_landing_is_as_it_was() -> None:
    """V-land: "completare la propria azione di mezzo movimento camminando". 1 MP of a half move
    of 4 spent, ground 12: it walks floor(3/4 × 6) = 4 hexes at 0 MP, its cost the flight's, no
    on_foot; a fifth is refused by V-land, and the V-walk budget plays no part."""
    hawk = {**BAT, "id": "hawk", "altitude": 1, "mode": "hovering"}
    s = volare([hawk])
    walked = check(s, "hawk", "down land-fast K13 K15 K17 K19")
    assert walked.legal and walked.cost == 1 and "on_foot" not in walked.end
    assert [e["type"] for e in walked.events] == ["landing", "walk", "walk", "walk", "walk"]
    assert all("rule" not in e for e in walked.events if e["type"] == "walk")
    assert "no hex of it left" in refused(s, "hawk", "down land-fast K13 K15 K17 K19 K21",
                                          "V-land", 7)
    roof = volare([hawk], cells=[{"at": ["K13"], "ground": 1}])
    message = refused(roof, "hawk", "down land-fast K13", "V-land", 3)
    assert message.endswith("K13 is raised ground one level (3 m) above K11: walking cannot "
                            "climb it")


def test_flight_keeps_to_its_own_budget_when_the_walk_is_longer() -> None:
    """V-walk: "the search runs to the larger of the two budgets, and each kind of step keeps
    within its own". Fly 4, ground 12: thrust 2 + up 2 = 4 MP, the whole flight budget; one
    step more is refused with V-mp, though a walk of 12 is allowed."""
    s = volare([{**BAT, "fly": 4}])
    assert check(s, "bat", "thrust up").cost == 4
    assert "has only 0 MP left" in refused(s, "bat", "thrust up K9", "V-mp", 3)
    assert check(s, "bat", "K9 K7 K5 K3 L2 M1 N2 O3 P4 Q5 R6 S7").cost == 12
    data = reach(s, "bat")
    assert (data["budget"], data["walk_budget"]) == ("4", "12")
    assert all(Fraction(x["cost"]) <= 4 for x in data["states"] if not x.get("on_foot"))
    assert max(Fraction(x["cost"]) for x in data["states"] if x.get("on_foot")) == 12


def test_a_creature_in_the_air_pays_nothing_for_its_ground_speed() -> None:
    """V-walk: only a creature on the ground walks. A hovering flyer with a ground speed searches
    to its flight budget alone, and its reach says it cannot walk: no state on foot (the walk
    after a violent landing is V-land's, at 0 MP)."""
    flying = {**BAT, "altitude": 2, "mode": "hovering"}
    with_ground = reach(volare([flying]), "bat")
    assert with_ground["walk_budget"] is None and with_ground["walk_half"] is None
    assert not [x for x in with_ground["states"] if x.get("on_foot")]
    space = VolareSpace(volare([flying]).battle, "bat")
    assert space.search_budget == space.budget and space.walk_budget == 0
    assert space.steps == space.steps  # no wrapper: the flight steps as they were
    assert type(space).steps is VolareSpace.steps and "steps" not in vars(space)


# -- reach ----------------------------------------------------------------------------------------

def test_reach_lists_each_walked_hex_at_its_exact_cost() -> None:
    """V-walk: "Each hex costs 1 MP of walking": the goblin reaches the 6 hexes next to it at 1,
    the 12 beyond at 2 … every hex of the map within 6, each end state once, on foot, its attack
    kept within 3; the start is listed once, at 0."""
    data = reach(goblin(), "goblin")
    assert (data["budget"], data["half"], data["walk_budget"], data["walk_half"]) == (
        "0", "0", "6", "3")
    states = data["states"]
    assert states[0] == {"at": "K11", "altitude": 0, "mode": "grounded", "heading": None,
                         "skimming": False, "cost": "0", "can_act": True,
                         "actions": ["attack", "spell", "spell-no-somatic", "non-physical",
                                     "free"], "checks": [], "path": ""}
    walked = states[1:]
    start = parse_hex("K11")
    assert {x["at"] for x in walked} == {c for c in CELLS_NEAR_K11
                                         if 0 < parse_hex(c).distance(start) <= 6}
    assert all(x["on_foot"] for x in walked)
    for x in walked:
        hexes = start.distance(parse_hex(x["at"]))
        assert Fraction(x["cost"]) == hexes == len(x["path"].split())
        assert x["can_act"] is (hexes <= 3)
    assert len({x["at"] for x in states}) == len(states)  # walking back is the start itself
    assert_ways_check(goblin(), "goblin", data, states)


def test_the_texts_say_walking() -> None:
    """V-walk in words: the reach's first line gives the MP of walking, check says the move
    walks, and a path that finds nothing names the walk's budget."""
    s = goblin()
    shown = reached(ReachReport, s, "goblin").to_text()
    assert shown.startswith("goblin (volare): 6 MP of walking this round, 3 MP of walking for a "
                            "half move\n")
    assert "Goblin cannot fly: it walks; the states marked on foot cost MP of walking" in shown
    said = check(s, "goblin", "K13 K15").to_text()
    assert "legal: 2 MP of walking; ends at K15, altitude 0, grounded, on foot" in said
    assert "Step 1: walks one hex (V-walk)." in said
    lost = wingbeat.path(s, "goblin", "K29")
    assert lost.to_text() == ("goblin cannot reach K29 this round within 6 MP of walking\n"
                              "goblin would need 9 MP of walking to get there; it has 6 MP of "
                              "walking this round [V-walk]")
    both = reached(ReachReport, volare([BAT]), "bat").to_text()
    assert both.startswith("bat (volare): 8 MP this round, 4 MP for a half-move action; or on "
                           "foot 12 MP of walking this round, 6 MP of walking for a half move")


def test_the_picture_colours_a_walker_on_its_walk() -> None:
    """V-walk on the map: a creature that only walks has its reach coloured on its MP of walking,
    the legend says so, and each cell's words say on foot."""
    s = goblin()
    svg = wingbeat.render_svg(s, reach=wingbeat.reach(s, "goblin"))
    assert 'data-budget="6"' in svg and 'data-unit="MP of walking"' in svg
    assert "Goblin: 6 MP of walking" in svg
    assert "altitude 0, grounded, on foot" in svg


# -- threat, advice, path --attack ----------------------------------------------------------------

def test_a_grounded_walker_threatens_where_it_can_walk_and_strike() -> None:
    """V-walk, V-prox case 3: the goblin walks three hexes and keeps its attack, so it threatens
    every hex four away on the ground (K19 by K13 K15 K17, 3 MP of walking), not five (K21);
    before walking it threatened only the hexes next to it."""
    s = goblin()
    zones = wingbeat.threat(s, creature="goblin")
    assert isinstance(zones, GridThreat)
    struck = {(p.at, p.altitude): p.by[0] for p in zones.places}
    way = struck["K19", 0]
    assert (way.cost, way.moves, way.how) == (3, "K13 K15 K17", "V-prox case 3")
    assert ("K21", 0) not in struck
    assert {at for at, z in struck if z == 0} == {
        c for c in CELLS_NEAR_K11 if parse_hex(c).distance(parse_hex("K11")) <= 4}
    assert_threat_is_real(s, zones)


def test_advice_for_a_walker_ranks_walking_positions() -> None:
    """V-walk: against the knight four hexes away the goblin's one attack position is K17, on
    foot, 3 of its 6 MP of walking; path --attack finds the same way, and play suggests it."""
    s = goblin(KNIGHT)
    advice = wingbeat.advise(s, "goblin", target="knight")
    assert isinstance(advice, AdviceReport)
    best = advice.options[0]
    assert (best.end["at"], best.end.get("on_foot"), best.way.moves, best.way.cost) == (
        "K17", True, "K13 K15 K17", 3)
    assert best.budget == 6
    assert best.reasons("MP")[0] == "K13 K15 K17: 3 MP of walking of 6"
    found = wingbeat.attack_path(s, "goblin", "knight")
    assert isinstance(found, MoveReport) and found.moves == "K13 K15 K17" and found.can_act
    suggestion = wingbeat.suggest(s, "goblin")
    assert suggestion.kind == "attack" and suggestion.moves == "K13 K15 K17"
    assert suggestion.to_text().startswith(
        'suggested for goblin: attack knight: "K13 K15 K17", 3 MP of walking')


def test_advice_weighs_a_walk_against_the_walks_budget() -> None:
    """V-walk: the cost term of advice's score is "whole round's movement spent": for a way on
    foot, its MP of walking out of the walk's budget (3 of 6 is half a round: −1/4)."""
    s = goblin(KNIGHT)
    best = wingbeat.advise(s, "goblin", target="knight").options[0]
    weights = Weights(success=Fraction(0), threatened=Fraction(0), action=Fraction(0))
    assert best.score(weights) == Fraction(-1, 4)


# -- play -----------------------------------------------------------------------------------------

def test_play_walks_the_goblin_and_undoes_it() -> None:
    """V-walk in play: the declared walk moves the token, which stays on the ground; the log's
    cost is the MP of walking; undo puts it back; next round it walks again from where it is."""
    text = yaml.safe_dump({"ruleset": "volare",
                           "map": {"grid": "hex", "columns": 30, "rows": 50, "top": 10},
                           "creatures": [GOBLIN, KNIGHT]})
    g = Game.from_scenario_text(text, seed=5, order=["goblin", "knight"])
    before = g.state
    entry = g.move("goblin", "K13 K15 K17")
    played = entry.played[0]
    assert (played["made"], played["cost"]) == ("K13 K15 K17", "3")
    assert g.state.pieces["goblin"] == {"at": "K17", "altitude": 0, "mode": "grounded",
                                        "heading": None, "skimming": False, "prone": False,
                                        "horizontal": True}
    g.undo()
    assert g.state == before
    g.move("goblin", "K9 K7")
    g.next_round()
    again = g.move("goblin", "K5 K3")
    assert again.played[0]["end"]["at"] == "K3"


def test_the_command_line_says_walking() -> None:
    """The CLI's reach of a walker: its JSON's walk_budget, its text's first line."""
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "goblin.yaml"
        path.write_text(yaml.safe_dump({"ruleset": "volare",
                                        "map": {"grid": "hex", "columns": 20, "rows": 24},
                                        "creatures": [GOBLIN, KNIGHT]}), encoding="utf-8")
        shown = cli_text("reach", str(path), "goblin")
        assert shown.startswith("goblin (volare): 6 MP of walking this round")
        said = cli_text("check", str(path), "goblin", "K13 K15 K17")
        assert "legal: 3 MP of walking" in said


# -- properties: the kernel, and the walk as the reading draws it ---------------------------------

@st.composite
def walkers(draw: st.DrawFn) -> dict[str, Any]:
    """A creature on the ground with a ground speed (1-12), flying or not, loaded or not, on
    raised ground and under ceilings, in any wind, with up to three others about."""
    land = terrain(draw, raised=10, tunnels=3, highest=2)
    grounds = {c["at"][0]: c["ground"] for c in land.cells if "ground" in c}
    at = draw(st.sampled_from(CELLS))
    creature: dict[str, Any] = {
        "id": "f", "at": at, "mode": "grounded", "altitude": grounds.get(at, 0),
        "ground": draw(st.integers(1, 12)), "fly": draw(st.integers(0, 9)),
        "maneuverability": draw(st.sampled_from(["excellent", "medium", "poor"])),
        "reflex": draw(st.integers(0, 100)), "side": "f-side"}
    if draw(st.booleans()):
        creature["strength"] = draw(st.integers(10, 18))
        creature["load"] = draw(st.integers(0, 200))
    data = battlefield(land, creature)
    if draw(st.booleans()):
        data["creatures"] += others(draw, land, {(at, creature["altitude"])})
    return data


WALKERS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@WALKERS
@given(walkers(), st.booleans())
def test_walkers_search_alike_compiled_and_pure(data: dict[str, Any], avoid: bool) -> None:
    """The compiled kernel mirrors the walk: the same states settled in the same order, at the
    same priorities, by the same steps."""
    scenario = parsed(data)
    if scenario is None:
        return
    assert_same_search(VolareSpace(scenario.battle, "f"), avoid_checks=avoid)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(walkers())
def test_walkers_answer_alike_compiled_and_pure(data: dict[str, Any]) -> None:
    """reach (JSON, text), path and check of a walker: the same with the kernel as without."""
    scenario = parsed(data)
    if scenario is None:
        return
    assert_answers_alike(scenario, "f", states=5,
                         pinned=lambda state: {"altitude": state.state["altitude"],
                                               "mode": state.state["mode"]})


def _walked_by_hand(data: dict[str, Any]) -> dict[str, int]:
    """The reading, worked by a breadth-first walk: from the start, each adjacent hex on the map
    at the same ground level (and below any ceiling), 1 MP of walking a hex, within the ground
    speed in the ground band; the least hexes to each, where no other creature stands."""
    grounds = {c["at"][0]: c.get("ground", 0) for c in data["map"]["cells"] if "ground" in c}
    ceilings = {c["at"][0]: c["ceiling"] for c in data["map"]["cells"] if "ceiling" in c}
    me = data["creatures"][0]
    scenario = wingbeat.parse_scenario(data)
    speed = VolareSpace(scenario.battle, "f").load.walk
    level = grounds.get(me["at"], 0)
    taken = {(c["at"], c.get("altitude", grounds.get(c["at"], 0))) for c in data["creatures"][1:]}
    columns, rows = data["map"]["columns"], data["map"]["rows"]
    least = {me["at"]: 0}
    queue = deque([parse_hex(me["at"])])
    while queue:
        here = queue.popleft()
        if least[str(here)] == speed:
            continue
        for d in Direction:
            there = here.neighbour(d)
            if there is None or there.col > columns or there.row > rows:
                continue
            label = str(there)
            if grounds.get(label, 0) != level or level >= ceilings.get(label, 99):
                continue
            if label not in least:
                least[label] = least[str(here)] + 1
                queue.append(there)
    return {at: n for at, n in least.items() if n and (at, level) not in taken}


@WALKERS
@given(walkers())
def test_the_walked_states_are_the_readings_walk(data: dict[str, Any]) -> None:
    """Every state reach lists on foot is a hex the reading's walk reaches, at its least hexes in
    MP of walking, keeping the attack just within the half move; and every such hex is listed."""
    scenario = parsed(data)
    if scenario is None:
        return
    report = reach(scenario, "f")
    walked = {x["at"]: x for x in report["states"] if x.get("on_foot")}
    by_hand = _walked_by_hand(data)
    assert {at: Fraction(x["cost"]) for at, x in walked.items()} == by_hand
    half = Fraction(report["walk_half"])
    assert all(x["can_act"] is (Fraction(x["cost"]) <= half) for x in walked.values())
    assert_ways_check(scenario, "f", report, list(walked.values())[:10])


@pytest.mark.parametrize("compiled", [True, False])
def test_the_goblins_reach_is_the_same_both_ways(compiled: bool) -> None:
    """The goblin's reach, compiled and pure, JSON and text alike (the kernel writes the JSON
    of on_foot itself)."""
    with searching(compiled):
        answer = json_of(wingbeat.reach(goblin(KNIGHT), "goblin"))
    with searching(not compiled):
        assert json_of(wingbeat.reach(goblin(KNIGHT), "goblin")) == answer
