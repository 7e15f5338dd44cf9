"""Square (dnd5e) pictures colour exactly the squares reach reports (wingbeat.render.squaremap)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from fractions import Fraction

import pytest

import wingbeat
from wingbeat.render import render_svg

pytest.importorskip("wingbeat.scenario.dnd5e", reason="dnd5e has not landed")

NS = {"s": "http://www.w3.org/2000/svg"}
HARPY = """
ruleset: dnd5e
options: {diagonals: phb}
map: {grid: square, columns: 12, rows: 12, top: 6,
      cells: [{at: [C4, C5], terrain: difficult}, {at: [E1, E2], wall: true}]}
creatures:
  - {id: harpy, size: medium, speed: {walk: 20, fly: 40}, at: B2, altitude: 2, side: monsters}
  - {id: fighter, size: medium, speed: {walk: 30}, reach: 5, at: D4, side: party}
"""


@pytest.fixture(scope="module")
def harpy():
    scenario = wingbeat.read_scenario_text(HARPY, source="harpy.yaml")
    return scenario, wingbeat.reach(scenario, "harpy")


@pytest.mark.parametrize("altitude", [None, 0, 2, 5])
def test_coloured_squares_are_exactly_the_reach(harpy, altitude):
    scenario, report = harpy
    root = ET.fromstring(render_svg(scenario, reach=report, altitude=altitude))
    drawn = {g.get("data-cell"): g.get("data-cost") for g in root.findall(".//s:g", NS)
             if "reach" in (g.get("class") or "").split()}
    best: dict[str, Fraction] = {}
    for s in report.to_dict()["states"]:
        if altitude is None or s["altitude"] == altitude:
            best[s["at"]] = min(best.get(s["at"], Fraction(s["cost"])), Fraction(s["cost"]))
    assert drawn == {at: wingbeat.format_cost(c) for at, c in best.items()}


def test_walls_and_terrain_are_marked(harpy):
    scenario, _ = harpy
    root = ET.fromstring(render_svg(scenario))
    walls = {g.get("data-cell") for g in root.findall(".//s:g[@data-wall='true']", NS)}
    assert walls == {"E1", "E2"}
    rough = {g.get("data-cell") for g in root.findall(".//s:g[@data-terrain='difficult']", NS)}
    assert rough == {"C4", "C5"}
    labels = [t.text for t in root.findall(".//s:text[@class='label']", NS)]
    assert len(labels) == 144 and "L12" in labels


def test_checked_move_is_drawn_with_running_totals(harpy):
    scenario, report = harpy
    verdict = wingbeat.check(scenario, "harpy", "C3 D2")
    root = ET.fromstring(render_svg(scenario, reach=report, route=verdict))
    steps = [(line.get("data-move"), line.get("data-total"))
             for line in root.findall(".//s:line", NS) if line.get("class") == "route-step"]
    assert steps == [(s["move"], s["total"]) for s in verdict.to_dict()["steps"]]
