"""Confrontation on the ground (issue 25): a model's base keeps its size against scenery at tier 0,
and every end of a move (a landing, a dive charge's, a redirect's, a walk's) is a place where its
base overlaps no other base and lies across no scenery's edge; dives onto counters are measured
to the counter's edge. Each test quotes the sentence of the source page (seed 004) it applies,
French with an English gloss; the ground rules hold in every edition, the dive charge and the
redirect in the current, Confédé and 3.5 texts (Confrontation 3 has neither)."""

from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st
from shapely.geometry import Point as SP
from shapely.geometry import Polygon, shape

import fighters
import wingbeat
from conformance import assert_route_agrees, evenly, json_of
from fighters import angel, area, check, refused, scenario
from wingbeat.rulesets.confrontation import ConfrontationMove, Fighter
from wingbeat.rulesets.confrontation.terrain import Terrain

EDITIONS = ["current", "confede", "3.5", "3"]
MODERN = ["current", "confede", "3.5"]  # the texts with a dive charge and a redirect
MM = 0.1

# « Seul le pion est déplacé. La taille des socles des figurines n'est pas prise en compte. »
# (Only the counter is moved. The size of the models' bases is not counted.) The page says it,
# in every edition's block, of flight, among the exceptions to « Le déplacement en vol répond
# aux mêmes règles que le déplacement au sol » (flying moves follow the ground rules): on the
# ground, the base counts.

#: Two 10 cm rocks (low enough for tier 1 to fly over) with a 1 cm gap between them, x 34.5..35.5.
WEST = {"name": "west rock", "polygon": [[20, 10], [34.5, 10], [34.5, 20], [20, 20]],
        "height": 10}
EAST = {"name": "east rock", "polygon": [[35.5, 10], [50, 10], [50, 20], [35.5, 20]],
        "height": 10}
#: A low hill a model may stand on: tier 0 is the relief (C-tiers).
HILL = {"name": "hill", "polygon": [[40, 10], [60, 10], [60, 30], [40, 30]], "height": 5}


def fighter(id: str, tier: int, at: list[float], **fields: Any) -> dict[str, Any]:
    """A fighter with 30 cm of MOU on the ground, to walk round the rocks."""
    return fighters.fighter(id, tier, at, ground=30, **fields)


def end_point(report: ConfrontationMove) -> tuple[float, float]:
    x, y = (float(c) for c in str(report.end["at"]).split(","))
    return x, y


# -- a base does not pass a gap narrower than itself -------------------------------------------

@pytest.mark.parametrize("edition", EDITIONS)
def test_c_terrain_a_base_does_not_walk_through_a_gap_narrower_than_itself(edition: str) -> None:
    """C-terrain, every edition: « Seul le pion est déplacé. La taille des socles des figurines
    n'est pas prise en compte. » is said of the counter in the air; on the ground the 2.5 cm base
    is moved, and it does not fit through a 1 cm gap between two rocks (the issue's case). A
    1 cm base fits exactly (contact on both sides is allowed); the counter at tier 1 passes."""
    s = scenario(fighter("w", 0, [35, 5]), edition=edition, obstacles=[WEST, EAST])
    message = refused(s, "w", "35,25", "C-terrain", 1)
    assert "does not fit between west rock (10 cm) and east rock (10 cm)" in message
    assert "narrower than its base (2.5 cm across)" in message
    refused(s, "w", "35,9", "C-terrain", 1)  # into the mouth of the gap
    route = wingbeat.path(s, "w", "35,25")  # round the rocks: 44.8 cm, more than its 30
    assert isinstance(route, ConfrontationMove) and not route.legal
    assert not area(s, "w", 0).covers(SP(35, 21))
    small = scenario(fighter("w", 0, [35, 5], base=1), edition=edition, obstacles=[WEST, EAST])
    assert check(small, "w", "35,25").legal
    flying = scenario(fighter("w", 1, [35, 5], mou={"ground": 30, "air": 30}), edition=edition,
                      obstacles=[WEST, EAST])
    assert check(flying, "w", "35,25").legal


@pytest.mark.parametrize("edition", EDITIONS)
def test_c_terrain_a_base_stands_clear_of_a_rock_face(edition: str) -> None:
    """C-terrain, every edition: the base counts against scenery as against other bases; its
    centre keeps half its base (1.25 cm) from a rock face: 38.75 is contact with a rock at 40,
    39 puts the base onto it, 40 (the centre touching the rock, the issue's case) too. The
    ground area ends at 38.75 as well."""
    rock = {"name": "rock", "polygon": [[40, 0], [50, 0], [50, 60], [40, 60]], "height": 20}
    s = scenario(fighter("w", 0, [30, 20]), edition=edition, obstacles=[rock])
    assert check(s, "w", "38.75,20").legal
    message = refused(s, "w", "39,20", "C-terrain", 1)
    assert "brings its base (2.5 cm across) onto rock (20 cm)" in message
    refused(s, "w", "40,20", "C-terrain", 1)
    ground = area(s, "w", 0)
    assert ground.covers(SP(38.75 - MM, 20)) and not ground.covers(SP(38.75 + MM, 20))
    wide = scenario(fighter("w", 0, [30, 20], base=5), edition=edition, obstacles=[rock])
    assert check(wide, "w", "37.5,20").legal
    refused(wide, "w", "37.6,20", "C-terrain", 1)


# -- a landing puts the base on the ground --------------------------------------------------------

@pytest.mark.parametrize("edition", EDITIONS)
def test_c_terrain_a_landing_base_lies_clear_of_scenery_or_wholly_on_top(edition: str) -> None:
    """C-terrain, C-tiers, every edition. « Palier 0 : Toutes les figurines en contact avec le
    sol sont au palier 0, même si elles se trouvent au sommet d'un obstacle » (tier 0: every
    model in contact with the ground, even on top of an obstacle): a flyer may land beside the
    5 cm hill or on top of it, but not with its base across the hill's edge (40)."""
    s = scenario(fighter("f", 1, [30, 20], mou={"ground": 10, "air": 20}), edition=edition,
                 obstacles=[HILL])
    message = refused(s, "f", "40,20 land", "C-terrain", 2)
    assert message.startswith("landing at 40,20: its base (2.5 cm across) would lie across "
                              "the edge of hill (5 cm)")
    refused(s, "f", "38.8,20 land", "C-terrain", 2)
    assert check(s, "f", "38.75,20 land").legal  # beside it, in contact
    assert check(s, "f", "41.25,20 land").legal  # wholly on top
    landing = area(s, "f", 0)
    assert landing.covers(SP(38.7, 20)) and landing.covers(SP(41.3, 20))
    assert not landing.covers(SP(40, 20)) and not landing.covers(SP(39.5, 20))


@pytest.mark.parametrize("edition", EDITIONS)
def test_c_terrain_from_on_top_of_scenery_a_model_steps_off_and_stands_clear(
        edition: str) -> None:
    """C-terrain (Reading): a model standing on top of the hill is not blocked by it (tier 0 is
    the relief), but its move ends with its base wholly on the hill or clear of it."""
    s = scenario(fighter("f", 0, [50, 20]), edition=edition, obstacles=[HILL])
    assert check(s, "f", "30,20").legal
    assert check(s, "f", "41.25,20").legal
    message = refused(s, "f", "40.5,20", "C-terrain", 1)
    assert message.startswith("the move ends at 40.5,20: its base (2.5 cm across) would lie "
                              "across the edge of hill (5 cm)")
    assert check(s, "f", "40.5,20 30,20").legal  # passing across the edge is walking off it
    ground = area(s, "f", 0)
    assert ground.covers(SP(41.3, 20)) and ground.covers(SP(38.7, 20))
    assert not ground.covers(SP(40, 20))


def test_c_terrain_a_base_laid_across_scenery_steps_off_not_further_on() -> None:
    """C-terrain (Reading): the scenario lays the base across the hill's edge (centre 1 cm
    from it); the model may step off, not further onto it, and may not end across the edge."""
    s = scenario(fighter("f", 0, [39, 20]), obstacles=[HILL])
    assert check(s, "f", "30,20").legal
    refused(s, "f", "39.5,20", "C-terrain", 1)
    assert "the move ends at 39,25" in refused(s, "f", "39,25", "C-terrain", 1)
    assert check(s, "f", "").legal  # it need not move


@pytest.mark.parametrize("edition", EDITIONS)
def test_c_terrain_taking_off_from_a_tower_top_ends_outside_it(edition: str) -> None:
    """C-terrain, C-tiers (Reading): a model may stand on top of a 30 cm tower (tier 0 is the
    relief), but « Au palier 1, les combattants … doivent tout de même contourner les obstacles
    dont la hauteur dépasse 15cm »: a move may not end at tier 1 inside it, so taking off there
    and staying is refused; taking off and flying clear of it is not."""
    tower = {"name": "tower", "polygon": [[40, 10], [50, 10], [50, 20], [40, 20]], "height": 30}
    s = scenario(fighter("f", 0, [45, 15], mou={"ground": 12, "air": 15}), edition=edition,
                 obstacles=[tower])
    message = refused(s, "f", "up", "C-terrain", 1)
    assert message.startswith("taking off at 45,15: it would be inside tower (30 cm)")
    assert check(s, "f", "up 45,21").legal
    assert not area(s, "f", 1).covers(SP(45, 15))


# -- every end of a move: the dive charge's, the redirect's -------------------------------------

@pytest.mark.parametrize("edition", MODERN)
def test_c_dive_a_dive_charge_does_not_end_on_a_third_model(edition: str) -> None:
    """C-dive, C-terrain. « Cette attaque répond aux mêmes règles qu'une charge normale. » (This
    attack follows the same rules as a normal charge.) The angel would land in contact with the
    knight at 31,20, where the squire's base lies (2 cm from its centre): refused, as landing on
    that very point is. From another side (a charge's factor 2: 25 cm) it lands clear."""
    s = scenario(angel(), fighter("knight", 0, [33.5, 20], side="griffin"),
                 fighter("squire", 0, [31, 22], side="griffin"), edition=edition)
    message = refused(s, "angel", "dive:knight", "C-terrain", 1)
    assert message.startswith("the dive charge would end at 31,20, tier 0, in contact with "
                              "knight's base on the side it comes from: its base would lie on "
                              "squire's base")
    assert "squire's base" in refused(s, "angel", "31,20 land", "C-terrain", 2)
    side = check(s, "angel", "25,17 dive:knight", factor=2)
    assert side.legal and side.end["tier"] == 0, side.to_text()
    x, y = end_point(side)
    assert math.hypot(x - 33.5, y - 20) == pytest.approx(2.5, abs=1e-6)
    assert math.hypot(x - 31, y - 22) >= 2.5
    alone = scenario(angel(), fighter("knight", 0, [33.5, 20], side="griffin"), edition=edition)
    assert check(alone, "angel", "dive:knight").end["at"] == "31,20"


@pytest.mark.parametrize("edition", MODERN)
def test_c_dive_a_dive_charge_does_not_end_across_scenery(edition: str) -> None:
    """C-dive, C-terrain: the knight stands against a low wall; the angel coming from the west
    would land at 31,20 with its base across the wall's edge (x 30..30.5): refused. Dived from
    the north, it lands clear."""
    wall = {"name": "wall", "polygon": [[30, 10], [30.5, 10], [30.5, 30], [30, 30]],
            "height": 5}
    s = scenario(angel(), fighter("knight", 0, [33.5, 20], side="griffin"), edition=edition,
                 obstacles=[wall])
    message = refused(s, "angel", "dive:knight", "C-terrain", 1)
    assert "would lie across the edge of wall (5 cm)" in message
    assert "approach from another side" in message
    assert check(s, "angel", "28,26 dive:knight", factor=2).legal  # from the north-west


@pytest.mark.parametrize("edition", MODERN)
def test_c_dive_onto_a_counter_does_not_end_inside_a_tall_obstacle(edition: str) -> None:
    """C-dive, C-terrain. « Au palier 1, les combattants … doivent tout de même contourner les
    obstacles dont la hauteur dépasse 15cm. » (At tier 1 fighters must still go around
    obstacles higher than 15 cm.) The angel at tier 2 flies over the 30 cm tower, but its dive
    would end at tier 1 inside it, in contact with the eagle's counter: refused."""
    tower = {"name": "tower", "polygon": [[30, 10], [40, 10], [40, 19.9], [30, 19.9]],
             "height": 30}
    s = scenario(angel(tier=2, at=[35, 12]), fighter("eagle", 1, [35, 22], side="griffin"),
                 edition=edition, obstacles=[tower])
    message = refused(s, "angel", "dive:eagle", "C-terrain", 1)
    assert "would end at 35,19.5, tier 1, in contact with eagle's counter" in message
    assert "inside tower (30 cm)" in message
    assert check(s, "angel", "40,20 dive:eagle", factor=2).legal  # from the east


@pytest.mark.parametrize("edition", MODERN)
def test_c_dive_onto_a_counter_ends_in_contact_and_in_melee(edition: str) -> None:
    """C-dive, C-adj: measured to the edge of the knight's counter (2.5 cm, as wide as its
    base: engagement's reading), the charger ends in contact with it, not on it, and
    ``engagement`` says they are in melee, read back from the written end (to a micron)."""
    s = scenario(angel(tier=2, at=[30, 30]), fighter("knight", 1, [35, 38], side="griffin"),
                 edition=edition)
    report = check(s, "angel", "dive:knight")
    assert report.legal and report.spent == pytest.approx(math.sqrt(89) - 1.25)
    x, y = end_point(report)
    assert math.hypot(x - 35, y - 38) == pytest.approx(2.5, abs=1e-6)
    battle = s.battle
    moved = replace(battle, fighters=tuple(replace(f, at=(x, y), tier=1) if f.id == "angel"
                                           else f for f in battle.fighters))
    assert wingbeat.engagement(replace(s, battle=moved), "angel", "knight").engagement == "melee"


@pytest.mark.parametrize("edition", MODERN)
def test_c_change_a_redirect_ends_clear_of_scenery(edition: str) -> None:
    """C-change, C-terrain. « Un combattant peut rediriger son assaut après l'atterrissage si sa
    cible n'est plus là » (a fighter may redirect its assault after landing if its target is no
    longer there): the redirected assault is a move on the ground and ends as any does; base
    contact with the squire on the side the angel comes from would lie across the hedge."""
    hedge = {"name": "hedge", "polygon": [[20, 28], [40, 28], [40, 29], [20, 29]],
             "height": 5}
    s = scenario(angel(), fighter("knight", 0, [28, 20], side="griffin"),
                 fighter("squire", 0, [28, 31], side="griffin"), edition=edition,
                 obstacles=[hedge])
    message = refused(s, "angel", "dive:knight redirect:squire", "C-terrain", 2, factor=2)
    assert "hedge (5 cm)" in message
    clear = scenario(angel(), fighter("knight", 0, [28, 20], side="griffin"),
                     fighter("squire", 0, [28, 26], side="griffin"), edition=edition,
                     obstacles=[hedge])
    assert check(clear, "angel", "dive:knight redirect:squire").legal


def test_c_dive_edition_3_has_no_dive_but_its_landing_ends_clear() -> None:
    """C-dive, C-terrain, Confrontation 3: its block has no « Charge en piqué » (the dive is
    refused with C-dive), but its landing (« L'atterrissage au palier 0 constitue un cas à
    part ») puts the base on the ground like the others'."""
    s = scenario(angel(), fighter("knight", 0, [33.5, 20], side="griffin"),
                 fighter("squire", 0, [31, 22], side="griffin"), edition="3")
    refused(s, "angel", "dive:knight", "C-dive", 1)
    refused(s, "angel", "31,20 land", "C-terrain", 2)
    assert check(s, "angel", "28,20 land").legal


# -- threat reads the same: a dive's zone leaves out a target it cannot end beside -----------------

def test_c_dive_threat_leaves_out_a_target_with_no_clear_place_beside_it() -> None:
    """C-dive, C-terrain, threat: the knight stands in a 2.5 cm corridor between two 20 cm
    rocks (no flyer at tier 1 goes over them, so none lands on top), a page touching it north
    and south: no place in contact with it is clear for the angel's base, so ``check`` refuses
    the dive and the threat zone does not cover the knight (before issue 25 it did: the dive's
    end was not checked). In the open the two agree again."""
    west = {"name": "west rock", "polygon": [[40, 10], [48.75, 10], [48.75, 30], [40, 30]],
            "height": 20}
    east = {"name": "east rock", "polygon": [[51.25, 10], [60, 10], [60, 30], [51.25, 30]],
            "height": 20}
    crowd = (angel(at=[50, 8]), fighter("knight", 0, [50, 20], side="griffin"),
             fighter("north", 0, [50, 22.5], side="griffin"),
             fighter("south", 0, [50, 17.5], side="griffin"))
    hemmed = scenario(*crowd, obstacles=[west, east])
    refused(hemmed, "angel", "dive:knight", "C-terrain", 1)
    assert not wingbeat.advise(hemmed, "angel", target="knight").options
    zones = json_of(wingbeat.threat(hemmed, creature="angel"))
    assert not any(shape(a["area"]).covers(SP(50, 20)) for a in zones["areas"]
                   if a["tier"] == 0)
    open_field = scenario(*crowd[:2])
    assert check(open_field, "angel", "dive:knight").legal
    zones = json_of(wingbeat.threat(open_field, creature="angel"))
    assert any(shape(a["area"]).covers(SP(50, 20)) for a in zones["areas"] if a["tier"] == 0)


def test_c_dive_advice_approaches_from_a_clear_side() -> None:
    """C-dive, advice: when the straight dive would end on a third model, advice offers the
    dive from a side whose contact place is clear, a move ``check`` accepts."""
    s = scenario(angel(), fighter("knight", 0, [30, 20], side="griffin"),
                 fighter("squire", 0, [27.5, 21.5], side="griffin"))
    refused(s, "angel", "dive:knight", "C-terrain", 1)
    options = wingbeat.advise(s, "angel", target="knight").options
    dives = [o for o in options if "dive:knight" in o.way.moves]
    assert dives
    for option in dives:
        assert check(s, "angel", option.way.moves).legal


# -- the property: on any table, every end a move reaches is a place a base may stand -------------

def _clear(battle: Any, who: str, p: tuple[float, float], tier: int, gone: set[str]) -> bool:
    """Independent of the engine: at tier 0 the base (within the drawing's 0.05 cm) overlaps no
    other base and lies wholly on or wholly off each obstacle; at tier 1 the counter is not
    inside an obstacle over 15 cm."""
    me = battle.fighter(who)
    slack = 0.05 + 1e-6
    point = SP(p)
    if tier == 1:
        return not any(o.height > 15 and Polygon(o.outline.points).contains(point)
                       for o in battle.obstacles)
    if tier != 0:
        return True
    for other in battle.fighters:
        if (other.id != who and other.tier == 0 and other.id not in gone
                and math.dist(p, other.at) < other.radius + me.radius - slack):
            return False
    for o in battle.obstacles:
        outline = Polygon(o.outline.points)
        edge = outline.exterior.distance(point)
        if edge < me.radius - slack:
            return False
    return True


@st.composite
def tables(draw: Any) -> dict[str, Any]:
    """A 60 cm table with up to three rocks (5 or 20 cm), a walker on the ground, an angel at
    tier 1 and a hawk at tier 2 (side a), and their foes: two on the ground, one at tier 1."""
    rocks = []
    for i in range(draw(st.integers(0, 3))):
        x, y = draw(st.floats(5, 50)), draw(st.floats(5, 50))
        w, h = draw(st.floats(0.5, 12)), draw(st.floats(0.5, 12))
        rocks.append({"name": f"rock{i}", "polygon": [[x, y], [x + w, y], [x + w, y + h],
                                                       [x, y + h]],
                      "height": draw(st.sampled_from([5, 20]))})

    def at() -> list[float]:
        return [draw(st.floats(3, 57)), draw(st.floats(3, 57))]

    def low(p: list[float]) -> bool:
        return not any(r["height"] > 15 and Polygon(r["polygon"]).contains(SP(p))
                       for r in rocks)

    flyers = [at(), at(), at()]
    assume(all(low(p) for p in flyers))
    return {"ruleset": "confrontation", "options": {"edition": "current"},
            "map": {"table": [60, 60], "obstacles": rocks},
            "creatures": [
                fighter("walker", 0, at(), mou={"ground": 12, "air": 15}, side="a"),
                fighter("angel", 1, flyers[0], mou={"ground": 10, "air": 17.5}, side="a"),
                fighter("hawk", 2, flyers[1], mou={"ground": 10, "air": 17.5}, side="a"),
                fighter("knight", 0, at(), side="b"),
                fighter("squire", 0, at(), side="b", base=draw(st.sampled_from([2.5, 4]))),
                fighter("eagle", 1, flyers[2], side="b")]}


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables(), st.floats(0, 60), st.floats(0, 60))
def test_every_end_is_a_place_a_base_may_stand(data: dict[str, Any], x: float,
                                              y: float) -> None:
    """C-terrain, C-dive, C-change: on random tables, reach, path and check agree for a walk
    and for a landing (the conformance assertion), and every move ``check`` accepts (a walk,
    a landing, a dive charge onto the ground or onto a counter, a redirect) ends where the
    fighter's base overlaps no base and no scenery's edge (at tier 1: outside tall
    obstacles); a dive charge ends in melee with its target."""
    s = wingbeat.parse_scenario(data, source="prop")
    battle = s.battle
    for who, tier in (("walker", 0), ("angel", 0)):
        drawn = area(s, who, tier)
        route = assert_route_agrees(s, who, x, y, tier, drawn, unit="cm")
        if route["legal"]:
            assert _clear(battle, who, (x, y), tier, set()), route["moves"]
    tried = [("walker", f"{x!r},{y!r}", set()), ("angel", f"{x!r},{y!r} land", set()),
             ("angel", "dive:knight", set()), ("angel", "dive:squire", set()),
             ("angel", f"{x!r},{y!r} dive:knight", set()),
             ("angel", "dive:knight redirect:squire", {"knight"}),
             ("hawk", "dive:eagle", set()), ("hawk", f"{x!r},{y!r} dive:eagle", set())]
    for who, moves, gone in tried:
        report = check(s, who, moves, factor=2)
        if not report.legal:
            continue
        end, tier = end_point(report), int(report.end["tier"])
        assert _clear(battle, who, end, tier, gone), (who, moves, report.end)
        target = report.dive and (report.dive.get("redirected", {}).get("to")
                                  or report.dive["target"])
        if target:
            moved = replace(battle, fighters=tuple(
                replace(f, at=end, tier=tier) if f.id == who else f for f in battle.fighters))
            found = wingbeat.engagement(replace(s, battle=moved), who, str(target))
            assert found.engagement == "melee", (who, moves, found.reason)


_IN_A_ROCK = {  # a threat area's inner point fell inside a rock: nobody stands there
    "ruleset": "confrontation", "options": {"edition": "current"},
    "map": {"table": [60, 60], "obstacles": [
        {"name": "rock0", "polygon": [[29.0, 11.0], [37.0, 11.0], [37.0, 14.0], [29.0, 14.0]],
         "height": 5},
        {"name": "rock1", "polygon": [[5.0, 5.0], [6.0, 5.0], [6.0, 6.0], [5.0, 6.0]],
         "height": 5}]},
    "creatures": [
        {"id": "walker", "mou": {"ground": 12, "air": 15}, "tier": 0, "at": [17.0, 3.0],
         "side": "a"},
        {"id": "angel", "mou": {"ground": 10, "air": 17.5}, "tier": 1, "at": [44.0, 3.0],
         "side": "a"},
        {"id": "hawk", "mou": {"ground": 10, "air": 17.5}, "tier": 2, "at": [3.0, 3.0],
         "side": "a"},
        {"id": "knight", "mou": {"ground": 30, "air": 15}, "tier": 0, "at": [3.0, 3.0],
         "side": "b"},
        {"id": "squire", "mou": {"ground": 30, "air": 15}, "tier": 0, "at": [3.0, 3.0],
         "side": "b", "base": 2.5},
        {"id": "eagle", "mou": {"ground": 30, "air": 15}, "tier": 1, "at": [3.0, 3.0],
         "side": "b"}]}


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables())
@example(_IN_A_ROCK)
def test_threat_areas_on_any_table_are_real(data: dict[str, Any]) -> None:
    """Threat reads the areas reach draws (C-adj, C-dive, C-terrain): a creature standing well
    inside a threat area (1 cm in from its edge) can be attacked there by every creature the
    area names: advice finds a move ``check`` accepts, ending in melee (``engagement``) or in a
    declared dive charge."""
    s = wingbeat.parse_scenario(data, source="prop")
    report = json_of(wingbeat.threat(s, side="a"))
    for piece in evenly(report["areas"], 6):
        inner = shape(piece["area"]).buffer(-1.0)
        if inner.is_empty:
            continue
        p = inner.representative_point()
        victim = Fighter(id="victim", at=(p.x, p.y), ground_mou=Fraction(0),
                         air_mou=Fraction(0), tier=piece["tier"], side="b")
        placed = replace(s, battle=replace(s.battle, fighters=(*s.battle.fighters, victim)))
        if Terrain(placed.battle, victim).end_problem(piece["tier"], (p.x, p.y)) is not None:
            continue  # no creature stands there (in a rock, on a base: C-terrain), so none is hit
        for by in piece["by"]:
            advice = wingbeat.advise(placed, by["creature"], target="victim")
            assert advice.options, (by, p.x, p.y, piece["tier"])
