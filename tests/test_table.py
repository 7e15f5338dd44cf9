"""Tabletop geometry: points, headings, sectors, and distance around obstacles, worked by hand."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Point as SP
from shapely.geometry import Polygon

from wingbeat.errors import NotationError
from wingbeat.geometry.areas import disc, sector
from wingbeat.geometry.freespace import FreeSpace
from wingbeat.geometry.table import (
    Table,
    angle_between,
    bearing,
    format_point,
    parse_point,
    within_sector,
)

MM = 0.1  # a millimetre, in cm
TOL = 0.05
WALL = Polygon([(40, 40), (60, 40), (60, 50), (40, 50)])


def polar(center: tuple[float, float], heading: float, r: float) -> tuple[float, float]:
    t = math.radians(heading)
    return (center[0] + r * math.sin(t), center[1] + r * math.cos(t))


def test_headings_are_clockwise_from_north() -> None:
    assert bearing((0, 0), (0, 5)) == 0
    assert bearing((0, 0), (5, 0)) == 90
    assert bearing((0, 0), (0, -5)) == 180
    assert bearing((0, 0), (-5, 0)) == 270
    assert angle_between(350, 10) == 20
    assert angle_between(0, 180) == 180


@given(st.integers(-10**6, 10**6), st.integers(-10**6, 10**6), st.integers(0, 6))
def test_points_print_and_parse_back(x: int, y: int, places: int) -> None:
    p = (x / 10**places, y / 10**places)
    assert parse_point(format_point(p)) == pytest.approx(p, abs=1e-6)


@pytest.mark.parametrize("text", ["3", "a,b", "1,2,3", "", "nan,1"])
def test_bad_points_are_notation_errors(text: str) -> None:
    with pytest.raises(NotationError):
        parse_point(text)


@pytest.mark.parametrize("half", [30, 45, 60, 90, 120])
def test_sector_edges_in_and_out(half: float) -> None:
    """B-turn's area shape: a point 1 mm inside the arc or the sides is in, 1 mm outside is out."""
    c, r, h = (50.0, 50.0), 40.0, 90.0
    area = sector(c, r, h, half, TOL)
    for angle in (h - half + 0.01, h, h + half - 0.01):
        assert area.covers(SP(polar(c, angle, r - MM)))
        assert not area.covers(SP(polar(c, angle, r + MM)))
        assert within_sector(c, h, half, r, polar(c, angle, r))
    for side in (h - half, h + half):
        along = polar(c, side, r / 2)
        outward = 1 if side > h else -1
        # 1 mm off the side, measured perpendicular to it
        off = math.degrees(MM / (r / 2))
        assert area.covers(SP(polar(c, side - outward * off, r / 2)))
        assert not area.covers(SP(polar(c, side + outward * off, r / 2)))
        assert within_sector(c, h, half, r, along)


def test_full_turn_sector_is_a_disc_within_tolerance() -> None:
    area = disc((0.0, 0.0), 100.0, TOL)
    assert area.equals(sector((0.0, 0.0), 100.0, 37.0, 180.0, TOL)) or \
        abs(area.area - sector((0.0, 0.0), 100.0, 37.0, 180.0, TOL).area) < 1e-6
    # every vertex on the circle, and the area short of the true disc by less than tol × perimeter
    for x, y in area.exterior.coords:
        assert math.hypot(x, y) == pytest.approx(100.0)
    assert 0 < math.pi * 100**2 - area.area < TOL * 2 * math.pi * 100


def test_shortest_path_goes_round_a_wall_by_its_corners() -> None:
    """Worked by hand: from (50,30) to (50,60) round a 20×10 block: √200 + 10 + √200."""
    space = FreeSpace(Table(120, 120), [WALL], TOL)
    found = space.shortest_path((50, 30), (50, 60))
    assert found is not None
    length, route = found
    assert length == pytest.approx(20 * math.sqrt(2) + 10)
    assert route[1] in {(40.0, 40.0), (60.0, 40.0)} and len(route) == 4


def test_moving_along_a_wall_is_allowed_and_through_it_is_not() -> None:
    space = FreeSpace(Table(120, 120), [WALL], TOL)
    assert space.visible((30, 40), (70, 40))  # along the south face
    assert not space.visible((50, 30), (50, 60))
    assert space.visible((30, 30), (70, 70)) is False
    assert not space.contains((50, 45))


def test_walled_off_point_has_no_path() -> None:
    ring = Polygon([(10, 10), (30, 10), (30, 30), (10, 30)],
                   [[(15, 15), (25, 15), (25, 25), (15, 25)]])
    space = FreeSpace(Table(50, 50), [ring], TOL)
    assert space.shortest_path((20, 20), (40, 40)) is None


def _geodesic(space: FreeSpace, start: tuple[float, float], p: tuple[float, float]) -> float:
    found = space.shortest_path(start, p)
    return math.inf if found is None else found[0]


OBSTACLES = [WALL, Polygon([(70, 20), (90, 20), (80, 45)]),
             Polygon([(20, 70), (50, 70), (50, 75), (25, 75), (25, 100), (20, 100)])]


@settings(max_examples=150, deadline=None)
@given(st.floats(0, 120), st.floats(0, 120))
def test_reachable_area_agrees_with_point_distances(x: float, y: float) -> None:
    """The area within 60 cm around obstacles: a point more than 1 mm inside by the exact
    shortest path is covered, a point more than 1 mm beyond is not."""
    space = FreeSpace(Table(120, 120), OBSTACLES, TOL)
    area = _region(space)
    d = _geodesic(space, (50, 30), (x, y))
    if d < 60 - MM:
        assert area.covers(SP(x, y))
    elif d > 60 + MM:
        assert not area.covers(SP(x, y))


_CACHE: dict[str, object] = {}


def _region(space: FreeSpace):  # type: ignore[no-untyped-def]
    if "area" not in _CACHE:
        _CACHE["area"] = space.region((50, 30), 60)
    return _CACHE["area"]


def test_area_edge_behind_a_wall() -> None:
    """Straight behind the wall the edge is where √200 + 10 + the rest reaches 40 cm."""
    space = FreeSpace(Table(120, 120), [WALL], TOL)
    area = space.region((50, 30), 40)
    # from corner (40,50), with 40 − √200 − 10 left, straight north
    left = 40 - math.sqrt(200) - 10
    assert area.covers(SP(40, 50 + left - MM))
    assert not area.covers(SP(40, 50 + left + MM))
    assert not area.covers(SP(50, 45))


@pytest.mark.parametrize("text", ["1e999,3", "3,-1e999", "nan,3", "inf,3", "1/0,2", "3"])
def test_points_too_big_or_not_numbers_are_notation_errors(text: str) -> None:
    with pytest.raises(NotationError):
        parse_point(text)


def _corners(area):  # type: ignore[no-untyped-def]
    for polygon in getattr(area, "geoms", [area]):
        yield from polygon.exterior.coords
        for hole in polygon.interiors:
            yield from hole.coords


GAP = [Polygon([(20, 50), (58, 50), (58, 55), (20, 55)]),
       Polygon([(62, 50), (100, 50), (100, 55), (62, 55)])]
PLUG = Polygon([(58, 55), (62, 55), (62, 57), (58, 57)])  # meets both walls at one corner each


@pytest.mark.parametrize(("blockers", "start", "budget"), [
    (OBSTACLES, (50, 30), 60), (GAP, (60, 40), 40), ([*GAP, PLUG], (60, 40), 40),
    ([*GAP, PLUG], (60, 53), 30), ([WALL, Polygon([(60, 50), (70, 50), (70, 60)])], (65, 45), 50)])
def test_every_corner_of_an_area_is_within_the_budget(
        blockers: list[Polygon], start: tuple[float, float], budget: float) -> None:
    """The drawn area lies inside the true one: each of its corners has a shortest path that fits
    the budget (no hairline leaks between shadows, none through a point where blockers meet)."""
    space = FreeSpace(Table(120, 120), blockers, TOL)
    area = space.region(start, budget)
    for x, y in _corners(area):
        # a corner computed on a wall may fall 1e-8 inside it: try its free neighbours too
        turns = [k * math.pi / 4 for k in range(8)]
        near = [(x, y)] + [(x + 1e-6 * math.cos(t), y + 1e-6 * math.sin(t)) for t in turns]
        assert min(_geodesic(space, start, p) for p in near) <= budget + 1e-5, (x, y)


def test_through_a_gap_between_two_walls() -> None:
    """From (60, 40) the 4 cm gap between two walls leads straight north; closed by a plug that
    meets both walls at a corner, it does not."""
    open_gap = FreeSpace(Table(120, 120), GAP, TOL).region((60, 40), 40)
    assert open_gap.covers(SP(60, 80 - MM)) and not open_gap.covers(SP(60, 80 + MM))
    closed = FreeSpace(Table(120, 120), [*GAP, PLUG], TOL).region((60, 40), 40)
    assert closed.covers(SP(60, 55 - MM)) and not closed.covers(SP(60, 58))
    assert not closed.covers(SP(50, 56)) and not closed.covers(SP(70, 56))
