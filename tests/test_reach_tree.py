"""The reach tree (``wingbeat.reach_tree``, issue 26): the way ``path`` finds to every place,
sent once, so the page's drag preview answers without asking the server again.

"The previewed way must equal `wingbeat path` to that place, tested." (issue 26, item 4)
"""

from __future__ import annotations

import json
import struct
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import wingbeat
from both_searches import searching
from volare_fields import CELLS, DIRECTIONS, battlefield, terrain
from wingbeat.geometry.labels import column_label
from wingbeat.narrate import check_label, check_text
from wingbeat.rules.tree import MAGIC, VERSION, ReachTree
from wingbeat.web import create_app

WAY = ("moves", "cost", "can_act", "checks", "end")


def path_answer(scenario: wingbeat.Scenario, creature: str, place: str, altitude: int | None,
                **options: Any) -> dict[str, Any]:
    data = json.loads(json.dumps(wingbeat.path(scenario, creature, place, altitude=altitude,
                                               **options).to_dict()))
    return data


def assert_tree_is_path(scenario: wingbeat.Scenario, creature: str, altitude: int | None,
                        cells: list[str], **options: Any) -> ReachTree:
    """For every place of the tree, its way is ``path``'s answer to that place (moves, cost,
    can_act, checks, end), and ``check`` accepts those moves at that cost ending there; every
    other cell of ``cells`` is one ``path`` cannot reach."""
    tree = wingbeat.reach_tree(scenario, creature, altitude, **options)
    places = tree.places()
    assert len(set(places)) == len(places)
    for place in places:
        way = tree.way_to(place)
        assert way is not None
        found = path_answer(scenario, creature, place, altitude, **options)
        assert {k: found[k] for k in WAY} == way, place
        check_options = {k: v for k, v in options.items() if k != "no_checks"}
        verdict = json.loads(json.dumps(wingbeat.check(scenario, creature, way["moves"],
                                                       **check_options).to_dict()))
        assert verdict["legal"], (place, way["moves"])
        assert (verdict["cost"], verdict["end"]) == (way["cost"], way["end"])
        if options.get("no_checks"):
            assert not way["checks"]
    for cell in set(cells) - set(places):
        assert path_answer(scenario, creature, cell, altitude, **options).get("found") is False, \
            cell
    return tree


def decode(body: bytes) -> tuple[dict[str, Any], dict[str, list[int]]]:
    """The binary layout as docs/json.md describes it, read independently of the writer."""
    assert body[:4] == MAGIC
    version, size = struct.unpack_from("<II", body, 4)
    assert version == VERSION
    assert size % 4 == 0
    head = json.loads(body[12:12 + size].decode())
    at = 12 + size
    codes = {"u8": "B", "u16": "H", "u32": "I", "i32": "i"}
    arrays: dict[str, list[int]] = {}
    for item in head["arrays"]:
        assert at % 4 == 0
        code = codes[item["type"]]
        n = item["length"]
        arrays[item["name"]] = list(struct.unpack_from(f"<{n}{code}", body, at))
        at += n * struct.calcsize(code)
        at += -at % 4
    assert at == len(body)
    return head, arrays


def way_from_bytes(body: bytes, place: str) -> dict[str, Any] | None:
    """``wayTo`` as reachtree.js answers it, from the bytes alone (the page's algorithm)."""
    head, a = decode(body)
    strings = head["strings"]
    for p, label in enumerate(a["label"]):
        if strings[label] == place:
            moves = []
            n = a["node"][p]
            ticks = a["ticks"][n]
            while a["parent"][n] >= 0:
                moves.append(strings[a["token"][n]])
                n = a["parent"][n]
            return {"moves": " ".join(reversed(moves)),
                    "cost": wingbeat.format_cost(ticks * Fraction(head["tick"])),
                    "can_act": bool(a["flags"][p] & 1),
                    "checks": head["checks"][a["checks"][p]],
                    "end": {"at": place, **head["ends"][a["end"][p]]}}
    return None


# -- hand-worked ---------------------------------------------------------------------------------

BAT = wingbeat.open_scenario("example:giant-bat")
HARPY = wingbeat.open_scenario("example:harpy")
VOLARE_CELLS = [f"{column_label(c)}{r}" for c in range(1, 31) for r in range(1, 51)
                if (c + r) % 2 == 0]


def test_the_bat_to_u35_at_altitude_1_steps_then_descends() -> None:
    """V-mp: "into an adjacent hex at the same altitude | `U35` or `SE` | 1 MP" and "descend one
    level in place | `down` | 1 MP": the bat, two levels up at T34, reaches U35 one level down
    for 2 MP, by the way `wingbeat path --to U35 --altitude 1` gives (its costs in ticks of
    1/12 MP: 24)."""
    tree = wingbeat.reach_tree(BAT, "bat", 1)
    assert tree.unit == "MP" and tree.tick == Fraction(1, 12) and tree.budget == 96
    way = tree.way_to("U35")
    assert way is not None
    assert way["moves"] == "U35 down" and way["cost"] == "2" and way["checks"] == []
    assert way["end"] == {"at": "U35", "altitude": 1, "mode": "moving", "heading": "SE",
                          "skimming": False}
    assert tree.way_to("A1") is None  # out of reach: path says no way there


def test_of_equally_cheap_ways_the_one_without_a_save_is_kept() -> None:
    """"Of equally cheap ways, every command takes the one with fewer saves" (README): at T34 on
    the ground, landing safely after two descents (2 MP, no save; V-land) beats skimming there
    (V-skim: "flying at ground level without landing", a Reflex save) at the same cost."""
    way = wingbeat.reach_tree(BAT, "bat", 0).way_to("T34")
    assert way == {"moves": "down down land", "cost": "2", "can_act": False, "checks": [],
                   "end": {"at": "T34", "altitude": 0, "mode": "grounded", "heading": None,
                           "skimming": False}}


def test_a_way_with_a_save_carries_its_odds() -> None:
    """V-skim: skimming calls for a Reflex save, the bat's 50 % less its flight penalty (V-man,
    medium: "penalità di -2/-10% ... tiri salvezza su riflessi"): 40 %. The way to T32 at ground
    level skims there, and the tree says the save, its chance and what failing does."""
    way = wingbeat.reach_tree(BAT, "bat", 0).way_to("T32")
    assert way is not None and way["moves"] == "down down skim hover T32"
    assert [(c["rule"], c["save"], c["chance"]) for c in way["checks"]] == [
        ("V-skim", "reflex", 40)]
    assert wingbeat.reach_tree(BAT, "bat", 0, no_checks=True).way_to("T32") is None  # --no-checks


def test_the_harpy_flies_three_squares_keeping_its_attack() -> None:
    """D-speed (SRD: "you can move a distance up to your speed"): the harpy, 10 ft up, flies C3
    D4 D5 for 15 ft of its 40 (ticks of 1 ft), its action unused (can_act)."""
    tree = wingbeat.reach_tree(HARPY, "harpy", 2)
    assert tree.unit == "ft" and tree.tick == 1 and tree.budget == 80
    assert tree.way_to("D5") == {"moves": "C3 D4 D5", "cost": "15", "can_act": True,
                                 "checks": [], "end": {"at": "D5", "altitude": 2, "mode": "fly",
                                                       "prone": False, "squeezing": False}}


def test_only_the_nodes_on_the_ways_are_kept() -> None:
    """A node per state on some place's way, no more: every node but the start is some place's
    end or the parent of another node; parents come first (settling order)."""
    tree = wingbeat.reach_tree(BAT, "bat", 1)
    ends = set(tree.node)
    parents = {p for p in tree.parent if p >= 0}
    assert set(range(1, len(tree.parent))) <= ends | parents
    assert tree.parent[0] == -1 and all(0 <= p < n for n, p in enumerate(tree.parent) if n)
    assert all(tree.ticks[p] <= tree.ticks[n] for n, p in enumerate(tree.parent) if p >= 0)


# -- every place of the examples -----------------------------------------------------------------

def _examples() -> Iterator[tuple[str, str, int | None, dict[str, Any]]]:
    yield "example:giant-bat", "bat", None, {}
    yield "example:giant-bat", "bat", 1, {}
    yield "example:giant-bat", "bat", 0, {"no_checks": True}
    yield "examples/volare/breeze-against.yaml", "bat", 2, {}
    yield "example:harpy", "harpy", None, {}
    yield "example:harpy", "harpy", 0, {"diagonals": "dmg", "units": "m"}
    yield "examples/dnd5e/hex.yaml", "griffon", 1, {}
    yield "examples/dnd5e/falling.yaml", "harpy", None, {}


@pytest.mark.parametrize(("where", "creature", "altitude", "options"), list(_examples()))
def test_every_place_is_the_path_there(where: str, creature: str, altitude: int | None,
                                       options: dict[str, Any]) -> None:
    scenario = wingbeat.open_scenario(where)
    cells = VOLARE_CELLS if scenario.ruleset == "volare" else []
    tree = assert_tree_is_path(scenario, creature, altitude, cells, **options)
    assert len(tree) >= 10
    with searching(False):
        pure = wingbeat.reach_tree(scenario, creature, altitude, **options)
    assert pure.to_bytes() == tree.to_bytes()
    body = tree.to_bytes()
    for place in tree.places()[::7]:
        assert way_from_bytes(body, place) == tree.way_to(place)


def test_the_tabletop_rulesets_are_refused_in_a_sentence() -> None:
    for where in ("example:pegasi", "example:morbid-angel"):
        scenario = wingbeat.open_scenario(where)
        creature = scenario.battle.creatures[0].id
        with pytest.raises(wingbeat.OptionError, match="is not a grid ruleset"):
            wingbeat.reach_tree(scenario, creature)


@pytest.mark.parametrize(("where", "creature", "altitude", "options", "message"), [
    ("example:giant-bat", "bat", 11, {}, "altitude 11 is not on this map"),
    ("example:giant-bat", "nobody", None, {}, "nobody"),
    ("example:giant-bat", "bat", None, {"can_act": True}, "can_act is path's"),
    ("example:giant-bat", "bat", None, {"speed": 3}, "speed"),
    ("example:harpy", "harpy", 99, {}, "altitude 99 is not on this map"),
    ("example:harpy", "harpy", None, {"no_checks": True}, "no_checks"),
    # a waypoint at no altitude of the map is refused by the tree as by path (it was an empty tree)
    ("example:giant-bat", "bat", None, {"via": ["U37@99"]},
     "waypoint U37: altitude 99 is not on this map"),
    ("example:harpy", "harpy", None, {"via": ["C3@99"]},
     "waypoint C3: altitude 99 is not on this map"),
])
def test_bad_questions_are_refused(where: str, creature: str, altitude: int | None,
                                   options: dict[str, Any], message: str) -> None:
    with pytest.raises(wingbeat.WingbeatError, match=message):
        wingbeat.reach_tree(wingbeat.open_scenario(where), creature, altitude, **options)


# -- random battlefields (hypothesis) ------------------------------------------------------------

@st.composite
def volare_fields(draw: st.DrawFn) -> tuple[dict[str, Any], int | None, bool]:
    land = terrain(draw, raised=6, tunnels=3, highest=2)
    at = draw(st.sampled_from([c for c in CELLS if c not in land.raised
                               and c not in land.tunnels]))
    mode = draw(st.sampled_from(["grounded", "hovering", "moving"]))
    man = draw(st.sampled_from(["excellent", "medium", "poor"]))
    creature: dict[str, Any] = {"id": "f", "at": at, "mode": mode, "fly": draw(st.integers(1, 6)),
                                "ground": draw(st.integers(0, 4)), "maneuverability": man,
                                "reflex": draw(st.integers(0, 100))}
    if mode != "grounded":
        creature["altitude"] = draw(st.integers(1 if man == "poor" else 0, 3))
        if mode == "moving":
            creature["heading"] = draw(st.sampled_from(DIRECTIONS))
    altitude = draw(st.one_of(st.none(), st.integers(0, 4)))
    return battlefield(land, creature), altitude, draw(st.booleans())


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(volare_fields())
def test_volare_tree_is_path_on_random_battlefields(
        field: tuple[dict[str, Any], int | None, bool]) -> None:
    """The one legality function, read as a tree: every place's way is path's, check accepts
    it, every other hex is out of reach; compiled and pure give the same bytes."""
    data, altitude, no_checks = field
    scenario = wingbeat.parse_scenario(data)
    options = {"no_checks": True} if no_checks else {}
    tree = assert_tree_is_path(scenario, "f", altitude, CELLS, **options)
    with searching(False):
        pure = wingbeat.reach_tree(scenario, "f", altitude, **options)
    assert pure.to_bytes() == tree.to_bytes()


@st.composite
def dnd5e_fields(draw: st.DrawFn) -> tuple[str, int | None, list[str]]:
    """A 5 × 5 map (squares or hexes), some walls, difficult and raised squares, a mover that
    may fly, and a foe (opportunity attacks)."""
    hexes = draw(st.booleans())
    size = 5
    squares = [f"{column_label(c)}{r}" for c in range(1, size + 1) for r in range(1, size + 1)
               if not hexes or (c + r) % 2 == 0]
    mover_at = draw(st.sampled_from(squares))
    rest = [s for s in squares if s != mover_at]
    foe_at = draw(st.sampled_from(rest))
    free = [s for s in rest if s != foe_at]
    walls = draw(st.lists(st.sampled_from(free), max_size=4, unique=True))
    rough = draw(st.lists(st.sampled_from(squares), max_size=5, unique=True))
    raised = draw(st.lists(st.sampled_from([s for s in squares if s != mover_at]), max_size=6,
                           unique=True))
    walk = draw(st.sampled_from([10, 15, 20]))
    fly = draw(st.sampled_from([0, 15, 20]))
    cells = [f"{{at: [{', '.join(rough)}], terrain: difficult}}"] if rough else []
    if walls:
        cells.append(f"{{at: [{', '.join(walls)}], wall: true}}")
    if raised:
        cells.append(f"{{at: [{', '.join(raised)}], ground: 1}}")
    grid = "hex" if hexes else "square"
    rule = draw(st.sampled_from(["phb", "dmg"]))
    diagonals = "" if hexes else f"options: {{diagonals: {rule}}}\n"
    text = (f"ruleset: dnd5e\n{diagonals}"
            f"map: {{grid: {grid}, columns: {size}, rows: {size}, top: 2, "
            f"cells: [{', '.join(cells)}]}}\ncreatures:\n"
            f"  - {{id: mover, speed: {{walk: {walk}, fly: {fly}}}, at: {mover_at}, side: a}}\n"
            f"  - {{id: foe, speed: {{walk: 30}}, reach: 5, at: {foe_at}, side: b}}\n")
    return text, draw(st.one_of(st.none(), st.integers(0, 2))), squares


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(dnd5e_fields())
def test_dnd5e_tree_is_path_on_random_battlefields(
        field: tuple[str, int | None, list[str]]) -> None:
    text, altitude, squares = field
    scenario = wingbeat.read_scenario_text(text, source="random.yaml")
    tree = assert_tree_is_path(scenario, "mover", altitude, squares)
    with searching(False):
        pure = wingbeat.reach_tree(scenario, "mover", altitude)
    assert pure.to_bytes() == tree.to_bytes()


# -- the web endpoint ----------------------------------------------------------------------------

@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(), base_url="http://127.0.0.1") as made:
        yield made


@pytest.mark.parametrize(("params", "where", "creature", "altitude", "options"), [
    ({"creature": "bat", "altitude": "1"}, "example:giant-bat", "bat", 1, {}),
    ({"creature": "bat", "altitude": "all", "no_checks": "true"}, "example:giant-bat", "bat",
     None, {"no_checks": True}),
    ({"creature": "harpy", "scenario": "example:harpy", "option": ["units=m"]}, "example:harpy",
     "harpy", None, {"units": "m"}),
])
def test_the_endpoint_sends_the_tree_with_its_saves_said(
        client: TestClient, params: dict[str, Any], where: str, creature: str,
        altitude: int | None, options: dict[str, Any]) -> None:
    """The body is the library's tree, its saves said as /api/path says them (``text``,
    ``label``), typed application/octet-stream."""
    response = client.get("/api/reach-tree", params=params)
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/octet-stream"
    tree = wingbeat.reach_tree(wingbeat.open_scenario(where), creature, altitude, **options)
    said = [[{**c, "text": check_text(c), "label": check_label(c)} for c in way]
            for way in tree.check_lists]
    assert response.content == tree.to_bytes(said)
    head, _ = decode(response.content)
    assert head["creature"] == creature and head["altitude"] == altitude


@pytest.mark.parametrize(("params", "status", "message"), [
    ({"creature": "nobody"}, 400, "nobody"),
    ({"creature": "bat", "altitude": "11"}, 400, "altitude 11 is not on this map"),
    ({"creature": "bat", "altitude": "high"}, 400, "expected a whole number or 'all'"),
    ({"creature": "bat", "option": ["can_act=true"]}, 400, "can_act"),
    ({"creature": "pegasi", "scenario": "example:pegasi"}, 400, "not a grid ruleset"),
    ({"creature": "harpy", "scenario": "example:harpy", "no_checks": "true"}, 400, "no_checks"),
    ({}, 422, "creature"),
])
def test_the_endpoint_refuses_bad_questions(client: TestClient, params: dict[str, Any],
                                            status: int, message: str) -> None:
    response = client.get("/api/reach-tree", params=params)
    assert response.status_code == status
    assert message in response.json()["error"]["message"]


def test_the_endpoint_answers_only_its_own_host(client: TestClient) -> None:
    """docs/web.md, Security: "only `Host: 127.0.0.1`, `localhost`, `[::1]` (any port) and the
    name `--host` gives are answered" (DNS rebinding); and no other site may POST to it."""
    response = client.get("/api/reach-tree", params={"creature": "bat"},
                          headers={"Host": "evil.example"})
    assert response.status_code == 400
    assert "error" in response.json()
    response = client.post("/api/reach-tree", params={"creature": "bat"},
                           headers={"Origin": "http://evil.example",
                                    "Content-Type": "application/json"})
    assert response.status_code in (403, 405)
