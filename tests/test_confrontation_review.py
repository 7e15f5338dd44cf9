"""Confrontation review: scenery that touches (a shared wall, two corners meeting) blocks as one
piece, for ``check`` as for ``reach`` and ``path``; difficult terrain along a border between two
zones is paid as ``reach`` pays it; bad numbers are scenario errors (C-terrain)."""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Point as SP

import wingbeat
from answers import checked, reached
from conformance import assert_route_agrees
from wingbeat.geometry.freespace import FreeSpace
from wingbeat.geometry.table import Table
from wingbeat.rulesets.confrontation import ConfrontationMove, ConfrontationReach

MM = 0.1
HOUSE_A = {"name": "house A", "polygon": [[40, 40], [60, 40], [60, 60], [40, 60]], "height": 20}
HOUSE_B = {"name": "house B", "polygon": [[60, 40], [80, 40], [80, 60], [60, 60]], "height": 20}
# two towers meeting at one corner, (60, 60)
TOWER_SW = {"name": "south-west tower", "polygon": [[40, 40], [60, 40], [60, 60], [40, 60]],
            "height": 20}
TOWER_NE = {"name": "north-east tower", "polygon": [[60, 60], [80, 60], [80, 80], [60, 80]],
            "height": 20}
MUD = {"name": "mud", "polygon": [[40, 70], [60, 70], [60, 90], [40, 90]], "factor": 2}
BOG = {"name": "bog", "polygon": [[60, 70], [80, 70], [80, 90], [60, 90]], "factor": 3}


def scenario(*creatures: dict[str, Any], obstacles: list[Any] | None = None,
             zones: list[Any] | None = None) -> wingbeat.Scenario:
    return wingbeat.parse_scenario(
        {"ruleset": "confrontation", "map": {"table": [120, 120], "obstacles": obstacles or [],
                                             "zones": zones or []},
         "creatures": list(creatures)}, source="test")


def flyer(**fields: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"id": "f", "mou": {"ground": 30, "air": 40}, "tier": 1,
                            "at": [60, 30]}
    base.update(fields)
    return base


def check(s: wingbeat.Scenario, moves: str) -> ConfrontationMove:
    return checked(ConfrontationMove, s, "f", moves)


def area(s: wingbeat.Scenario, tier: int) -> Any:
    return next(a.area for a in reached(ConfrontationReach, s, "f").areas if a.tier == tier)


@pytest.mark.parametrize("tier", [0, 1])
def test_c_terrain_two_houses_sharing_a_wall_block_as_one(tier: int) -> None:
    """C-terrain: two 20 cm houses side by side; flying (tier 1) or walking (tier 0) along their
    shared wall is going through scenery, as reach and path already say."""
    s = scenario(flyer(tier=tier), obstacles=[HOUSE_A, HOUSE_B])
    report = check(s, "60,62")
    assert not report.legal and report.error is not None
    assert report.error.rule == "C-terrain" and report.error.step == 1
    assert "house A" in report.error.message and "house B" in report.error.message
    assert not area(s, tier).covers(SP(60, 62))
    route = wingbeat.path(s, "f", "60,62", altitude=tier)
    assert isinstance(route, ConfrontationMove)
    assert not route.legal or route.spent > 32 + 10


def test_c_terrain_tier_2_still_ignores_touching_scenery() -> None:
    s = scenario(flyer(tier=2), obstacles=[HOUSE_A, HOUSE_B])
    assert check(s, "60,62").legal


def test_c_terrain_no_slipping_between_two_corners_that_meet() -> None:
    """C-terrain: two 20 cm towers touching at one corner leave no gap at tier 1: the way from
    (50, 70) to (70, 50) goes round a tower (√200 + 20 + … > 28.3 cm), not through (60, 60)."""
    s = scenario(flyer(at=[50, 70], mou={"ground": 10, "air": 70}),
                 obstacles=[TOWER_SW, TOWER_NE])
    for moves in ("70,50", "60,60 70,50"):
        report = check(s, moves)
        assert not report.legal and report.error is not None
        assert report.error.rule == "C-terrain", report.error.message
        assert "tower" in report.error.message
    route = wingbeat.path(s, "f", "70,50", altitude=1)
    assert isinstance(route, ConfrontationMove) and route.legal
    assert route.spent == pytest.approx(2 * math.hypot(10, 10) + 2 * 20, abs=1e-6)
    assert check(s, route.moves).legal
    short = scenario(flyer(at=[50, 70]), obstacles=[TOWER_SW, TOWER_NE])  # air MOU 40
    tier1 = area(short, 1)
    assert not tier1.covers(SP(65, 55))  # 21.2 cm straight through the corner, 70 cm round
    assert tier1.covers(SP(55, 65))


def test_free_space_closes_the_point_where_two_obstacles_meet() -> None:
    from shapely.geometry import Polygon
    a = Polygon(TOWER_SW["polygon"])
    b = Polygon(TOWER_NE["polygon"])
    space = FreeSpace(Table(120, 120), [a, b], 0.05)
    assert not space.visible((50, 70), (70, 50))
    assert not space.visible((55, 65), (60, 60))  # nor can a counter stand in the pinch
    assert space.visible((50, 70), (59.9, 60.1))  # but up to it, along the walls
    found = space.shortest_path((50, 70), (70, 50))
    assert found is not None and found[0] > 60
    region = space.region((50, 70), 40)
    assert not region.covers(SP(65, 55)) and region.covers(SP(55, 65))


def test_c_terrain_border_between_two_zones_pays_the_cheaper() -> None:
    """C-terrain Decision (the worst zone entered multiplies the ground move): walking the border
    between mud (×2) and bog (×3) is walking in the mud, not on open ground (× 1), as reach has
    it: 10 cm along it cost 20, 20 cm cost 40 > 30."""
    s = scenario(flyer(tier=0, at=[60, 65]), zones=[MUD, BOG])
    report = check(s, "60,75")
    assert report.legal and report.ground_factor == 2
    assert report.spent == pytest.approx(2 * 10)
    refused = check(s, "60,85")
    assert not refused.legal and refused.error is not None and refused.error.rule == "C-mou"
    tier0 = area(s, 0)
    assert tier0.covers(SP(60, 75 - MM)) and not tier0.covers(SP(60, 80 + MM))


def test_c_terrain_zones_cost_extra() -> None:
    """C-terrain Decision: a zone is terrain that costs extra: a factor below 1 is refused."""
    with pytest.raises(wingbeat.ScenarioError, match=r"map\.zones\[0\]\.factor"):
        scenario(flyer(), zones=[{**MUD, "factor": 0.5}])


@pytest.mark.parametrize(("fields", "zones", "where"), [
    ({"facing": math.nan}, [], r"creatures\[0\]\.facing"),
    ({}, [{**MUD, "factor": math.inf}], r"map\.zones\[0\]\.factor"),
    ({"mou": {"ground": 10, "air": math.inf}}, [], r"creatures\[0\]\.mou\.air"),
])
def test_non_finite_numbers_are_scenario_errors(fields: dict[str, Any], zones: list[Any],
                                                where: str) -> None:
    with pytest.raises(wingbeat.ScenarioError, match=where):
        scenario(flyer(**fields), zones=zones)


def test_far_away_obstacle_corners_are_scenario_errors() -> None:
    with pytest.raises(wingbeat.ScenarioError, match=r"map\.obstacles\[0\]\.polygon"):
        scenario(flyer(), obstacles=[{"polygon": [[0, 0], [1e308, 0], [1e308, 1e308]],
                                      "height": 3}])


def test_engagement_needs_two_creatures() -> None:
    s = scenario(flyer(), flyer(id="g", at=[61, 30]))
    assert wingbeat.engagement(s, "f", "g").to_dict()["engagement"] == "melee"
    with pytest.raises(wingbeat.ScenarioError, match="two different creatures"):
        wingbeat.engagement(s, "f", "f")


_TABLE = scenario(
    flyer(id="f0", tier=0, at=[60, 65]), flyer(id="f1", at=[60, 30]),
    flyer(id="f2", tier=2, at=[60, 30], mou={"ground": 10, "air": 45}),
    obstacles=[HOUSE_A, HOUSE_B, {**TOWER_NE, "polygon": [[80, 60], [100, 60], [100, 80],
                                                           [80, 80]]},
               {"name": "hedge", "polygon": [[10, 30], [50, 30], [50, 32], [10, 32]],
                "height": 10}],
    zones=[MUD, BOG])
_AREAS: dict[tuple[str, int], Any] = {}


def _area(who: str, tier: int) -> Any:
    if not _AREAS:
        for fid in ("f0", "f1", "f2"):
            report = wingbeat.reach(_TABLE, fid)
            assert isinstance(report, ConfrontationReach)
            _AREAS.update({(fid, a.tier): a.area for a in report.areas})
    return _AREAS.get((who, tier))


@settings(max_examples=80, deadline=None)
@given(st.sampled_from([("f0", 0), ("f0", 1), ("f1", 0), ("f1", 1), ("f1", 2), ("f2", 1),
                        ("f2", 2)]),
       st.floats(0, 120), st.floats(0, 120))
def test_path_check_and_reach_agree(who_tier: tuple[str, int], x: float, y: float) -> None:
    """C-terrain, C-change: a route ``path`` finds is one ``check`` accepts at the same length,
    and it ends inside the drawn area; a point well inside the area has a route (the
    conformance assertion)."""
    who, tier = who_tier
    assert_route_agrees(_TABLE, who, x, y, tier, _area(who, tier), unit="cm")
