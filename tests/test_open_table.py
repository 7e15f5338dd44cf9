"""A table answers by comparisons (``OpenTable``) exactly what shapely answers (``FreeSpace``)
where it is open, empty or away from every blocker's box: point by point, leg by leg, route by
route, and so every confrontation check, path and reach, byte for byte."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import wingbeat
from wingbeat.geometry.freespace import FreeSpace
from wingbeat.geometry.opentable import OpenTable, widened
from wingbeat.geometry.table import Table
from wingbeat.rulesets.confrontation import terrain

TOL = 0.05

sides = st.one_of(st.integers(1, 200).map(float),
                  st.fractions(Fraction(1, 4), Fraction(200)).map(
                      lambda f: f.limit_denominator(64)),
                  st.floats(0.5, 200.0, allow_nan=False))


@st.composite
def table_and_points(draw: st.DrawFn, n: int = 2) -> tuple[Table, list[tuple[float, float]]]:
    """A table and points on it, on its edges and corners, and just off it (a float apart)."""
    width, height = draw(sides), draw(sides)
    w, h = float(width), float(height)

    def coordinate(side: float) -> float:
        edge = st.sampled_from([0.0, -0.0, side, side / 2])
        near = edge.flatmap(lambda e: st.sampled_from([e, e + 1e-12, e - 1e-12, e + 1e-9,
                                                       e - 1e-9]))
        return draw(st.one_of(edge, near, st.floats(-5.0, side + 5.0, allow_nan=False)))

    return Table(width, height), [(coordinate(w), coordinate(h)) for _ in range(n)]


@settings(max_examples=400, deadline=None)
@given(table_and_points(3))
def test_an_open_table_answers_what_shapely_answers_on_its_box(
        drawn: tuple[Table, list[tuple[float, float]]]) -> None:
    table, (a, b, c) = drawn
    fast, shapes = OpenTable(table, TOL), FreeSpace(table, [], TOL)
    assert fast.nodes == shapes.nodes == ()
    for p in (a, b, c):
        assert fast.contains(p) == shapes.contains(p), p
    for p, q in ((a, b), (b, c), (a, a), (c, a)):
        assert fast.visible(p, q) == shapes.visible(p, q), (p, q)
        assert fast.shortest_path(p, q) == shapes.shortest_path(p, q), (p, q)
    assert fast.distances_from(a, 10.0) == shapes.distances_from(a, 10.0)


def test_an_open_table_draws_its_regions_with_shapely() -> None:
    table = Table(120, 80)
    fast, shapes = OpenTable(table, TOL), FreeSpace(table, [], TOL)
    assert fast.region((10, 10), 25).equals_exact(shapes.region((10, 10), 25), 0)
    assert fast.region((-1, 10), 25).is_empty


@st.composite
def scenery(draw: st.DrawFn) -> tuple[Table, list[Any], list[tuple[float, float]]]:
    """A table with rectangles and triangles on it (touching, overlapping or apart), and points
    on them, on their edges and corners, near them and far away."""
    from shapely.geometry import Polygon

    table = Table(float(draw(st.integers(20, 120))), float(draw(st.integers(20, 120))))
    blockers = []
    corners: list[tuple[float, float]] = []
    for _ in range(draw(st.integers(1, 3))):
        x = draw(st.integers(0, int(table.width) - 2))
        y = draw(st.integers(0, int(table.height) - 2))
        w, h = draw(st.integers(1, 15)), draw(st.integers(1, 15))
        ring = ([(x, y), (x + w, y), (x + w, y + h), (x, y + h)] if draw(st.booleans())
                else [(x, y), (x + w, y), (x, y + h)])
        blockers.append(Polygon(ring))
        corners += [(float(a), float(b)) for a, b in ring]
    near = st.sampled_from(corners).flatmap(lambda c: st.tuples(
        st.sampled_from([c[0], c[0] + 1e-4, c[0] - 2e-3, c[0] + 0.5]),
        st.sampled_from([c[1], c[1] - 1e-4, c[1] + 2e-3, c[1] - 0.5])))
    anywhere = st.tuples(st.floats(-1.0, table.width + 1.0), st.floats(-1.0, table.height + 1.0))
    points = draw(st.lists(st.one_of(near, anywhere), min_size=4, max_size=4))
    return table, blockers, points


@settings(max_examples=300, deadline=None)
@given(scenery())
def test_away_from_the_boxes_the_table_answers_what_shapely_answers(
        drawn: tuple[Table, list[Any], list[tuple[float, float]]]) -> None:
    table, blockers, (a, b, c, d) = drawn
    shapes = FreeSpace(table, blockers, TOL)
    boxes = [widened([(float(x), float(y)) for x, y in s.exterior.coords]) for s in blockers]
    fast = OpenTable(table, TOL, boxes, lambda: shapes)
    for p in (a, b, c, d):
        assert fast.contains(p) == shapes.contains(p), p
    for p, q in ((a, b), (b, c), (c, d), (d, a), (a, a)):
        assert fast.visible(p, q) == shapes.visible(p, q), (p, q)
        assert fast.shortest_path(p, q) == shapes.shortest_path(p, q), (p, q)
    assert fast.nodes == shapes.nodes


# -- whole answers, with and without the open table -----------------------------------------------

def _forced_shapely(table: Table, tolerance: float, boxes: Any = (), build: Any = None
                    ) -> FreeSpace:
    return build() if build is not None else FreeSpace(table, [], tolerance)


def _answers(scenario: wingbeat.Scenario, queries: list[tuple[str, str, str]]) -> list[str]:
    out = []
    for kind, who, text in queries:
        try:
            if kind == "check":
                report: Any = wingbeat.check(scenario, who, text)
            elif kind == "path":
                report = wingbeat.path(scenario, who, to=text)
            else:
                report = wingbeat.reach(scenario, who)
        except wingbeat.WingbeatError as exc:
            out.append(f"refused: {exc}")
            continue
        out.append(json.dumps(report.to_dict(), sort_keys=False) + "\n" + report.to_text())
    return out


def _both(monkeypatch: pytest.MonkeyPatch, scenario: wingbeat.Scenario,
          queries: list[tuple[str, str, str]]) -> tuple[list[str], list[str]]:
    fast = _answers(scenario, queries)
    with monkeypatch.context() as patched:  # as before: every question asked of shapely
        patched.setattr(terrain, "OpenTable", _forced_shapely)
        patched.setattr(terrain, "clear_of", lambda *_args: False)
        slow = _answers(scenario, queries)
    return fast, slow


@st.composite
def battles(draw: st.DrawFn) -> tuple[dict[str, Any], list[tuple[str, str, str]]]:
    """A confrontation table (empty, or with a low and a tall obstacle; a zone or none), its
    fighters, and moves: to its edges, to scenery's corners and near them, anywhere."""
    width, height = draw(st.integers(20, 150)), draw(st.integers(20, 150))
    obstacles = []
    corners: list[tuple[float, float]] = [(0, 0)]
    for height_cm in draw(st.lists(st.sampled_from([10, 20]), max_size=2)):
        x, y = draw(st.integers(0, width - 5)), draw(st.integers(0, height - 5))
        w, h = draw(st.integers(2, 20)), draw(st.integers(2, 20))
        ring = [[x, y], [x + w, y], [x + w, y + h], [x, y + h]]
        obstacles.append({"polygon": ring, "height": height_cm})
        corners += [(a, b) for a, b in ring]

    def point() -> list[float]:
        if draw(st.booleans()):
            return [draw(st.sampled_from([0, width / 2, width, draw(st.integers(0, width))])),
                    draw(st.sampled_from([0, height / 2, height, draw(st.integers(0, height))]))]
        cx, cy = draw(st.sampled_from(corners))
        dx, dy = (draw(st.sampled_from([0, 0.5, -0.5, 1.25, -1.3, 3])) for _ in range(2))
        return [min(max(cx + dx, 0), width), min(max(cy + dy, 0), height)]

    count = draw(st.integers(1, 3))
    creatures = [{"id": f"f{i}", "mou": {"ground": draw(st.sampled_from([5, 10, 12.5])),
                                         "air": draw(st.sampled_from([0, 15, 17.5]))},
                  "tier": draw(st.integers(0, 2)), "at": point(),
                  "side": draw(st.sampled_from(["a", "b"]))} for i in range(count)]
    zones = []
    if draw(st.booleans()):
        x, y = draw(st.integers(0, width - 10)), draw(st.integers(0, height - 10))
        zones.append({"name": "marsh", "factor": 2,
                      "polygon": [[x, y], [x + 10, y], [x + 10, y + 10], [x, y + 10]]})
    data = {"ruleset": "confrontation", "options": {"edition": draw(st.sampled_from(
        ["current", "3.5", "3"]))}, "creatures": creatures,
            "map": {"table": [width, height], "zones": zones, "obstacles": obstacles}}
    queries: list[tuple[str, str, str]] = []
    for c in creatures:
        legs = [",".join(str(v) for v in point()) for _ in range(draw(st.integers(1, 3)))]
        words = draw(st.lists(st.sampled_from(["up", "down"]), max_size=1))
        queries.append(("check", c["id"], " ".join(words + legs)))
        queries.append(("path", c["id"], ",".join(str(v) for v in point())))
    queries.append(("reach", creatures[0]["id"], ""))
    return data, queries


@settings(max_examples=80, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(battles())
def test_checks_paths_and_reaches_are_shapely_s_byte_for_byte(
        monkeypatch: pytest.MonkeyPatch,
        drawn: tuple[dict[str, Any], list[tuple[str, str, str]]]) -> None:
    data, queries = drawn
    try:
        scenario = wingbeat.parse_scenario(data, source="drawn")
    except wingbeat.WingbeatError:
        return  # two bases laid over each other, …: no battle to ask
    fast, slow = _both(monkeypatch, scenario, queries)
    assert fast == slow


def test_the_open_table_is_the_one_asked_on_an_empty_table(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """On a table with nothing on it a flyer's and a walker's legs are answered by the open table
    (and, forced through shapely, alike); on one with scenery, a leg clear of it too, and one
    near it by shapely."""
    data: dict[str, Any] = {
        "ruleset": "confrontation", "map": {"table": [120, 120]},
        "creatures": [{"id": "walker", "mou": {"ground": 10, "air": 0}, "at": [0, 0]},
                      {"id": "flyer", "mou": {"ground": 10, "air": 15}, "tier": 1,
                       "at": [60, 60]}]}
    scenario = wingbeat.parse_scenario(data, source="open")
    battle: Any = scenario.battle
    for who, tier in (("flyer", 1), ("walker", 0)):
        assert isinstance(terrain.Terrain(battle, battle.fighter(who)).space(tier), OpenTable)
    queries = [("check", "walker", "10,0 10,5"), ("check", "flyer", "70,60 down"),
               ("check", "flyer", "0,0 120,120"), ("path", "walker", "120,0"),
               ("path", "flyer", "70,71"), ("reach", "flyer", "")]
    fast, slow = _both(monkeypatch, scenario, queries)
    assert fast == slow
    walled = wingbeat.parse_scenario({**data, "map": {"table": [120, 120], "obstacles": [
        {"polygon": [[40, 40], [60, 40], [60, 50]], "height": 20}]}}, source="walled")
    battle = walled.battle
    walls = terrain.Terrain(battle, battle.fighter("flyer")).space(1)
    assert walls.boxes and walls.visible((60, 60), (70, 70))  # clear of the wall: no shapely
    assert "space" not in vars(walls)
    assert not walls.visible((30, 45), (70, 45)) and isinstance(vars(walls)["space"], FreeSpace)
