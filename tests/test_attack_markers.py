"""Ranked attack positions' markers (issue 26, item 2): spread out where they would cover each
other, or numbered in the legend's list (``listed``) where there is no room near their place."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from fastapi.testclient import TestClient

from wingbeat import open_scenario
from wingbeat.render.names import spread_markers
from wingbeat.render.table import table_scale
from wingbeat.web import create_app
from wingbeat.web.said import MARKER_RADIUS, advice_said

GAP = 2 * MARKER_RADIUS


def test_markers_at_one_point_spread_round_it_then_are_listed() -> None:
    spots = spread_markers([(100.0, 100.0)] * 30, MARKER_RADIUS)
    drawn = [(100 + s[0], 100 + s[1]) for s in spots if s is not None]
    assert spots[0] == (0.0, 0.0)  # the best stays on its place
    assert 1 < len(drawn) < 30 and spots[-1] is None  # the rest listed
    for a in range(len(drawn)):
        for b in range(a):
            assert math.hypot(drawn[a][0] - drawn[b][0], drawn[a][1] - drawn[b][1]) >= GAP


def test_markers_far_apart_stay_where_they_are() -> None:
    assert spread_markers([(0.0, 0.0), (100.0, 0.0), (0.0, 100.0)], MARKER_RADIUS) == \
        [(0.0, 0.0)] * 3


def _positions(web: TestClient, where: str, creature: str, target: str) -> dict[str, Any]:
    answer = web.get("/api/advise/positions", params={"scenario": where, "creature": creature,
                                                      "target": target})
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


@pytest.fixture(scope="module")
def web() -> Any:
    with TestClient(create_app(), base_url="http://127.0.0.1") as client:
        yield client


@pytest.mark.parametrize(("where", "creature", "target"), [
    ("example:morbid-angel", "angel", "knight"),
    ("example:pegasi", "pegasi", "griffons"),
    ("example:harpy", "harpy", "fighter"),
    ("example:giant-bat", "bat", "chamois"),
])
def test_no_two_drawn_markers_cover_each_other(web: TestClient, where: str, creature: str,
                                               target: str) -> None:
    data = _positions(web, where, creature, target)
    if not data.get("foe", True) or not data["options"]:
        pytest.skip(f"{creature} has no attack position against {target} here")
    table = "," in data["options"][0]["at"]
    scale = table_scale(open_scenario(where).battle) if table else None
    listed = [o["rank"] for o in data["options"] if o["listed"]]
    assert [o["rank"] for o in data["listed"]] == listed
    by_level: dict[Any, list[tuple[float, float]]] = {}
    for o in data["options"]:
        if o["listed"]:
            assert o["offset"] is None
            continue
        dx, dy = o["offset"]
        if table:
            x, y = (float(v) for v in o["at"].split(","))
            assert scale is not None
            by_level.setdefault(o["level"], []).append((x * scale + dx, -y * scale + dy))
        else:
            by_level.setdefault(o["level"], []).append((hash(o["at"]), 0.0))
    for spots in by_level.values():
        for a in range(len(spots)):
            for b in range(a):
                if table:
                    assert math.hypot(spots[a][0] - spots[b][0],
                                      spots[a][1] - spots[b][1]) >= GAP
                else:
                    assert spots[a] != spots[b]  # one marker a cell


def test_a_cluster_on_a_table_is_spread_and_the_overflow_listed() -> None:
    """Every position at one point (as many close dive ends are): the best keeps its place, the
    next are spread round it, the rest are listed, numbered, best first."""
    options = []
    for rank in range(1, 31):
        options.append({"rank": rank, "target": "knight", "end": {"at": "40,30", "tier": 1},
                        "moves": "dive:knight", "cost": "8", "success": "1", "score": "1",
                        "reasons": [], "actions": []})
    data = {"ruleset": "confrontation", "creature": "angel", "targets": ["knight"],
            "unit": "cm", "options": options}
    said = advice_said(json.loads(json.dumps(data)), {}, "tier", [(0, 0, "0"), (1, 1, "1")],
                       lambda end: f"at {end['at']}", scale=10.0)
    offsets = [o["offset"] for o in said["options"]]
    assert offsets[0] == [0.0, 0.0]
    assert any(o not in (None, [0.0, 0.0]) for o in offsets[1:])
    assert said["listed"] and said["listed"][0]["rank"] > 1
    assert [o["rank"] for o in said["listed"]] == sorted(o["rank"] for o in said["listed"])
