"""Level of detail in the SVG renders (issue 26, item 2): altitude said once (no per-cell
``alt N``), classes the page hides small text by (``label``, ``cost``, ``note``,
``name token-name``), ``data-wb-focus`` on every map's root, and token names that never cover
each other, a cell label or a path note."""

from __future__ import annotations

import itertools
import xml.etree.ElementTree as ET
from typing import Any

import pytest

import wingbeat
from wingbeat import open_scenario, parse_scenario, reach, render_svg
from wingbeat.render.names import Box, meets, text_box

SVG = "{http://www.w3.org/2000/svg}"

#: Volare: six creatures with long names packed round T34, a path among them.
CROWDED_VOLARE: dict[str, Any] = {
    "ruleset": "volare",
    "map": {"grid": "hex", "columns": 30, "rows": 50, "top": 10},
    "creatures": [
        {"id": "bat", "name": "Giant vampire bat", "fly": 8, "maneuverability": "medium",
         "reflex": 50, "at": "T34", "altitude": 2, "mode": "moving", "came_from": "T32"},
        {"id": "c1", "name": "Chamois of the hills", "at": "U35", "mode": "grounded"},
        {"id": "c2", "name": "Second chamois", "at": "S35", "mode": "grounded"},
        {"id": "c3", "name": "Mountain goat", "at": "T36", "mode": "grounded"},
        {"id": "c4", "name": "Old shepherd", "at": "U33", "mode": "grounded"},
        {"id": "c5", "name": "Shepherd's dog", "at": "S33", "mode": "grounded"},
    ],
}

#: dnd5e: five creatures shoulder to shoulder on a small square map.
CROWDED_DND5E: dict[str, Any] = {
    "ruleset": "dnd5e",
    "map": {"grid": "square", "columns": 10, "rows": 8},
    "creatures": [
        {"id": "harpy", "name": "Harpy matriarch", "speed": {"walk": 20, "fly": 40},
         "at": "D4", "altitude": 2, "side": "monsters"},
        {"id": "f1", "name": "Fighter of the guard", "at": "E4", "side": "party"},
        {"id": "f2", "name": "Scout", "at": "D5", "side": "party"},
        {"id": "f3", "name": "Cleric of Lathander", "at": "E5", "side": "party"},
        {"id": "f4", "name": "Wizard apprentice", "at": "C4", "side": "party"},
    ],
}


def crowded() -> list[tuple[wingbeat.Scenario, str, str]]:
    return [(parse_scenario(CROWDED_VOLARE), "bat", "U37"),
            (parse_scenario(CROWDED_DND5E), "harpy", "F6")]


def boxes(root: ET.Element, kind: str) -> list[Box]:
    """The boxes of the texts of class ``kind``, estimated as the renderer does."""
    out = []
    for t in root.iter(SVG + "text"):
        if kind not in (t.get("class") or "").split():
            continue
        anchor = t.get("text-anchor") or "start"
        out.append(text_box(float(t.get("x") or 0), float(t.get("y") or 0), t.text or "",
                            float(t.get("font-size") or 12), anchor=anchor,
                            bold=t.get("font-weight") == "bold"))
    return out


def note_boxes(root: ET.Element) -> list[Box]:
    return [(float(r.get("x") or 0), float(r.get("y") or 0), float(r.get("width") or 0),
             float(r.get("height") or 0))
            for g in root.iter(SVG + "g") if g.get("class") == "route-note"
            for r in g.iter(SVG + "rect")]


@pytest.mark.parametrize("case", range(2))
@pytest.mark.parametrize("with_reach", [False, True])
def test_names_never_cover_names_labels_costs_or_notes(case: int, with_reach: bool) -> None:
    scenario, creature, to = crowded()[case]
    found = wingbeat.path(scenario, creature, to)
    assert found.legal
    svg = render_svg(scenario, reach=reach(scenario, creature) if with_reach else None,
                     route=found, creature=creature)
    root = ET.fromstring(svg)
    names = boxes(root, "token-name")
    assert len(names) == len(scenario.battle.creatures)
    for a, b in itertools.combinations(names, 2):
        assert not meets(a, b), (a, b)
    labels = boxes(root, "label")
    notes = note_boxes(root)
    assert labels and notes
    costs = boxes(root, "cost")
    assert bool(costs) == with_reach
    for name in names:
        assert not any(meets(name, label) for label in labels), name
        assert not any(meets(name, note) for note in notes), name
        assert not any(meets(name, cost) for cost in costs), name


def test_tabletop_names_never_cover_each_other() -> None:
    scenario = open_scenario("example:pegasi")
    root = ET.fromstring(render_svg(scenario, reach=reach(scenario, "pegasi")))
    names = boxes(root, "token-name")
    assert len(names) >= 2
    for a, b in itertools.combinations(names, 2):
        assert not meets(a, b)


@pytest.mark.parametrize(("where", "creature"), [
    ("example:giant-bat", "bat"), ("example:harpy", "harpy"), ("example:pegasi", "pegasi"),
    ("example:morbid-angel", "angel")])
def test_altitude_is_said_once_and_small_text_has_its_class(where: str, creature: str) -> None:
    scenario = open_scenario(where)
    svg = render_svg(scenario, reach=reach(scenario, creature), creature=creature)
    root = ET.fromstring(svg)
    words = [t.text or "" for t in root.iter(SVG + "text")]
    assert not any(w.startswith("alt ") for w in words)  # no per-cell "alt N" line
    assert 'class="best-altitude"' not in svg
    legend = next(g for g in root.iter(SVG + "g") if g.get("class") == "legend")
    assert any("altitude" in (t.text or "") or "level" in (t.text or "")
               for t in legend.iter(SVG + "text")) or scenario.ruleset in (
        "battlesystem", "confrontation")
    assert boxes(root, "token-name")
    if scenario.ruleset in ("volare", "dnd5e"):
        assert boxes(root, "label") and boxes(root, "cost")


def _focus(svg: str) -> tuple[float, float, float, float]:
    root = ET.fromstring(svg)
    said = root.get("data-wb-focus")
    assert said is not None
    x, y, w, h = map(float, said.split())
    view = list(map(float, (root.get("viewBox") or "").split()))
    assert w > 0 and h > 0 and x >= 0 and y >= 0
    assert x + w <= view[2] + 0.01 and y + h <= view[3] + 0.01
    return x, y, w, h


@pytest.mark.parametrize(("where", "creature"), [
    ("example:giant-bat", "bat"), ("example:harpy", "harpy"), ("example:pegasi", "pegasi"),
    ("example:morbid-angel", "angel")])
def test_every_map_root_says_its_focus_around_the_creatures_and_reach(where: str,
                                                                     creature: str) -> None:
    scenario = open_scenario(where)
    plain = _focus(render_svg(scenario))
    reached = _focus(render_svg(scenario, reach=reach(scenario, creature), creature=creature))
    root = ET.fromstring(render_svg(scenario, reach=reach(scenario, creature),
                                    creature=creature))
    fx, fy, fw, fh = reached
    for g in root.iter(SVG + "g"):
        if g.get("data-wb-token") is None:
            continue
        circle = next(g.iter(SVG + "circle"))
        cx, cy = float(circle.get("cx") or 0), float(circle.get("cy") or 0)
        assert fx <= cx <= fx + fw and fy <= cy <= fy + fh, g.get("data-wb-token")
    assert plain[2] > 0 and reached[2] > 0


def test_a_volare_focus_is_smaller_than_the_whole_map() -> None:
    scenario = open_scenario("example:giant-bat")
    svg = render_svg(scenario, reach=reach(scenario, "bat"), creature="bat")
    _x, _y, w, h = _focus(svg)
    view = list(map(float, (ET.fromstring(svg).get("viewBox") or "").split()))
    assert w * h < view[2] * view[3]


def test_the_play_board_map_says_its_focus() -> None:
    from fastapi.testclient import TestClient

    from wingbeat.web import create_app

    with TestClient(create_app(), base_url="http://127.0.0.1") as client:
        made = client.post("/api/play/encounters", json={"scenario": "example:giant-bat"})
        if made.status_code >= 400:
            pytest.skip(f"play encounter not created here: {made.text[:120]}")
        ref = made.json().get("id") or made.json().get("encounter", {}).get("id")
        picture = client.get(f"/api/play/encounters/{ref}/map.svg")
        assert picture.status_code == 200
        _focus(picture.text)
