"""dnd5e pictures, on squares and on the hex option, show exactly what ``wingbeat reach --json``,
``path`` and ``check`` say (wingbeat.rulesets.dnd5e.render): coloured cells and costs per altitude
and best over all, footprints (D-size), walls and difficult terrain (D-terrain), 3-D and Dash
steps."""

from __future__ import annotations

import functools
import json
import math
import xml.etree.ElementTree as ET
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import wingbeat
from drawn import drawn_cells, expected_cells
from wingbeat.cli import app
from wingbeat.errors import OptionError
from wingbeat.render import render_svg, scenario_summary

NS = {"s": "http://www.w3.org/2000/svg"}
SVG = "{http://www.w3.org/2000/svg}"
EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "dnd5e"
runner = CliRunner()


def cli_json(*args: str) -> dict[str, Any]:
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code in (0, 1), result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


@functools.cache
def opened(source: str, creature: str, *, via_cli: bool = True
           ) -> tuple[wingbeat.Scenario, Any, dict[str, Any]]:
    """A scenario, its creature's reach, and the JSON ``wingbeat reach --json`` prints for it."""
    scenario = wingbeat.open_scenario(source)
    report = wingbeat.reach(scenario, creature)
    if not via_cli:  # --json prints exactly to_dict() (cli.py); printing 1.5 MB is slow
        return scenario, report, report.to_dict()
    printed = cli_json("reach", source, creature)
    assert report.to_dict() == printed
    return scenario, report, printed


@pytest.fixture(scope="module")
def harpy() -> tuple[wingbeat.Scenario, Any, dict[str, Any]]:
    return opened("example:harpy", "harpy", via_cli=False)


@pytest.mark.parametrize("altitude", [None, 0, 1, 2, 5, 12])
def test_harpy_squares_coloured_are_exactly_the_reach(harpy, altitude):
    """D-fly, D-speed: per altitude level, and the best over all of them."""
    scenario, report, printed = harpy
    root = ET.fromstring(render_svg(scenario, reach=report, altitude=altitude))
    assert drawn_cells(root) == expected_cells(printed, altitude)
    assert root.get("data-altitude") == ("all" if altitude is None else str(altitude))
    assert (root.get("data-budget"), root.get("data-unit")) == ("80", "ft")


def test_best_over_all_altitudes_names_the_cheapest_altitude(harpy):
    scenario, report, printed = harpy
    root = ET.fromstring(render_svg(scenario, reach=report))
    for g in root.iter(SVG + "g"):
        if "reach" not in (g.get("class") or "").split():
            continue
        cell, level = g.get("data-cell"), int(g.get("data-best-altitude") or "-1")
        cheapest = min(Fraction(s["cost"]) for s in printed["states"] if s["at"] == cell)
        assert any(s["at"] == cell and s["altitude"] == level and Fraction(s["cost"]) == cheapest
                   for s in printed["states"])


@pytest.mark.parametrize(("file", "creature"), [("squeeze.yaml", "ogre"),
                                                ("blockers.yaml", "giant"),
                                                ("blockers.yaml", "soldier"),
                                                ("hex.yaml", "griffon")])
@pytest.mark.parametrize("altitude", [None, 0, 1])
def test_example_scenarios_colour_exactly_the_cli_reach(file, creature, altitude):
    scenario, report, printed = opened(str(EXAMPLES / file), creature)
    root = ET.fromstring(render_svg(scenario, reach=report, altitude=altitude))
    assert drawn_cells(root) == expected_cells(printed, altitude)


def test_metres_are_drawn_as_reach_reports_them():
    """Decision 14: units m reports every length in metres, 3/10 m per foot."""
    scenario, report, printed = opened(str(EXAMPLES / "seed-split.yaml"), "hero")
    assert printed["unit"] == "m"
    root = ET.fromstring(render_svg(scenario, reach=report, altitude=0))
    assert drawn_cells(root) == expected_cells(printed, 0)
    assert root.get("data-unit") == "m"
    assert any("/" in cost for cost, _ in drawn_cells(root).values())  # data-cost 3/2, exact
    printed_costs = {t.text for t in root.iterfind(".//s:text[@class='cost']", NS)}
    assert "1.5" in printed_costs and not any("/" in (c or "") for c in printed_costs)
    summary = scenario_summary(scenario)
    assert summary["altitudes"]["labels"][:2] == ["0 (0 m)", "1 (1.5 m)"]  # as on a ruler


def test_walls_and_difficult_terrain_are_marked(harpy):
    """D-terrain: the harpy's yard has rubble at C4, C5 and a wall at E1, E2."""
    scenario, report, _ = harpy
    root = ET.fromstring(render_svg(scenario, reach=report))
    walls = {g.get("data-cell") for g in root.findall(".//s:g[@data-wall='true']", NS)}
    assert walls == {"E1", "E2"}
    rough = {g.get("data-cell") for g in root.findall(".//s:g[@data-terrain='difficult']", NS)}
    assert rough == {"C4", "C5"}
    for cell in rough:
        g = root.find(f".//s:g[@data-cell='{cell}']", NS)
        assert g is not None and g.find("s:polygon[@class='difficult']", NS) is not None
    assert not walls & set(drawn_cells(root))
    labels = [t.text for t in root.findall(".//s:text[@class='label']", NS)]
    assert 400 - 12 <= len(labels) <= 400 and "T20" in labels  # under a name: left out


def centre(root: ET.Element, cell: str) -> tuple[float, float]:
    g = root.find(f".//s:g[@data-cell='{cell}']", NS)
    assert g is not None
    polygon = g.find("s:polygon[@class='terrain']", NS)
    assert polygon is not None
    xy = [tuple(map(float, p.split(","))) for p in (polygon.get("points") or "").split()]
    return sum(x for x, _ in xy) / len(xy), sum(y for _, y in xy) / len(xy)


def arrows(root: ET.Element) -> list[ET.Element]:
    return [line for line in root.iter(SVG + "line")
            if "route-step" in (line.get("class") or "")]


def points_at(root: ET.Element, line: ET.Element, start: str, end: str) -> bool:
    """The arrow runs from ``start``'s centre toward ``end``'s."""
    (x1, y1), (x2, y2) = centre(root, start), centre(root, end)
    ax = float(line.get("x2") or 0) - float(line.get("x1") or 0)
    ay = float(line.get("y2") or 0) - float(line.get("y1") or 0)
    return math.isclose(math.atan2(ay, ax), math.atan2(y2 - y1, x2 - x1), abs_tol=0.05)


def test_a_3d_move_is_drawn_step_by_step_with_altitudes_and_the_attack(harpy):
    """D-grid 3-D steps and D-creatures: C3+down D3 action C3+up provokes the fighter."""
    scenario, report, _ = harpy
    moves = "C3+down D3 action C3+up"
    verdict = wingbeat.check(scenario, "harpy", moves)
    printed = cli_json("check", "example:harpy", "harpy", moves)
    assert verdict.to_dict() == printed
    root = ET.fromstring(render_svg(scenario, reach=report, altitude=2, route=verdict))
    lines = arrows(root)
    assert [(a.get("data-move"), a.get("data-total")) for a in lines] == \
        [(s["move"], s["total"]) for s in printed["steps"] if s["move"] != "action"]
    assert points_at(root, lines[0], "B2", "C3") and points_at(root, lines[1], "C3", "D3")
    assert points_at(root, lines[2], "D3", "C3")
    notes = {g.get("data-cell"): "/".join(t for t in g.itertext())
             for g in root.findall(".//s:g[@class='route-note']", NS)}
    assert notes == {"C3": "5 ↓/15 ↑ OA", "D3": "10"}
    said = " ".join(root.find(".//s:g[@class='route-words']", NS).itertext())  # type: ignore
    assert "1. C3+down: 5 → 5 ft, alt 1" in said
    assert "4. C3+up: 5 → 15 ft, alt 2, OA by fighter" in said
    assert "opportunity attack by fighter at step 4" in said


def test_a_path_that_takes_dash_draws_every_square(harpy):
    """D-speed, Decision 13: the search names the step that first needs Dash ``dash K11``."""
    scenario, report, _ = harpy
    route = wingbeat.path(scenario, "harpy", "K2", altitude="2")
    printed = route.to_dict()
    assert any(s["move"].startswith("dash ") for s in printed["steps"])
    root = ET.fromstring(render_svg(scenario, reach=report, route=route))
    lines = arrows(root)
    assert [a.get("data-move") for a in lines] == [s["move"] for s in printed["steps"]]
    here = "B2"
    for line, step in zip(lines, printed["steps"], strict=True):
        there = step["move"].removeprefix("dash ").split("+")[0]
        assert points_at(root, line, here, there), step
        here = there
    assert here == "K2"
    dashed = [g for g in root.findall(".//s:g[@class='route-note']", NS)
              if "Dash" in "".join(g.itertext())]
    assert len(dashed) == 1


def test_a_refused_step_names_its_rule_and_stays_where_it_stopped(harpy):
    scenario, report, _ = harpy
    verdict = wingbeat.check(scenario, "harpy", "C3 N E1")
    assert verdict.to_dict()["error"]["rule"] == "D-grid"
    root = ET.fromstring(render_svg(scenario, reach=report, route=verdict))
    notes = {g.get("data-cell"): "".join(g.itertext())
             for g in root.findall(".//s:g[@class='route-note']", NS)}
    assert notes["C2"].endswith("✗ E1 [D-grid]")  # not adjacent: no arrow across the map
    assert [a.get("data-move") for a in arrows(root)] == ["C3", "C2"]


def test_footprints_cover_their_spaces():
    """D-size, Decision 9: Large is 2 × 2 squares; on hexes Large is {A, A+SE, A+S} and Huge
    the 7-hex rosette around A+SE."""
    squeeze = wingbeat.open_scenario(str(EXAMPLES / "squeeze.yaml"))
    ogre = ET.fromstring(render_svg(squeeze)).find(".//s:g[@data-id='ogre']", NS)
    assert ogre is not None and set((ogre.get("data-cells") or "").split()) == \
        {"C1", "D1", "C2", "D2"}
    assert len(ogre.findall("s:polygon[@class='footprint']", NS)) == 4
    hexes = ET.fromstring(render_svg(wingbeat.open_scenario(str(EXAMPLES / "hex.yaml"))))
    griffon = hexes.find(".//s:g[@data-id='griffon']", NS)
    dragon = hexes.find(".//s:g[@data-id='dragon']", NS)
    assert griffon is not None and dragon is not None
    assert set((griffon.get("data-cells") or "").split()) == {"D6", "E7", "D8"}
    assert set((dragon.get("data-cells") or "").split()) == \
        {"I11", "I9", "J10", "J12", "I13", "H12", "H10"}


def test_a_large_creature_path_shows_where_its_block_ends():
    """D-size: the ogre squeezes down the corridor and ends 2 × 2 again at C7."""
    scenario = wingbeat.open_scenario(str(EXAMPLES / "squeeze.yaml"))
    route = wingbeat.path(scenario, "ogre", "C7")
    root = ET.fromstring(render_svg(scenario, route=route, creature="ogre"))
    end = root.find(".//s:g[@class='route-end']", NS)
    assert end is not None and set((end.get("data-cells") or "").split()) == \
        {"C7", "D7", "C8", "D8"}


def test_a_jump_is_drawn_from_takeoff_to_landing_with_its_height():
    """D-jump: ``jump:D1`` is one arrow across the chasm; ``jump-up:E1`` climbs a level."""
    scenario = wingbeat.read_scenario_text(
        "ruleset: dnd5e\nmap: {columns: 6, rows: 2, cells: [{at: [B1, B2, C1, C2], ground: -1},"
        " {at: [E1, E2, F1, F2], ground: 1}], bottom: -1}\n"
        "creatures: [{id: monk, speed: {walk: 60}, strength: 20, at: A2}]\n", source="jump.yaml")
    verdict = wingbeat.check(scenario, "monk", "A1 A2 A1 jump:D1 D2 D1 jump-up:E1")
    assert verdict.legal
    root = ET.fromstring(render_svg(scenario, route=verdict, creature="monk"))
    lines = arrows(root)
    assert [a.get("data-move") for a in lines] == ["A1", "A2", "A1", "jump:D1", "D2", "D1",
                                                  "jump-up:E1"]
    assert points_at(root, lines[3], "A1", "D1") and points_at(root, lines[6], "D1", "E1")
    notes = {g.get("data-cell"): "/".join(t for t in g.itertext())
             for g in root.findall(".//s:g[@class='route-note']", NS)}
    assert notes["D1"] == "30 jump/40" and notes["E1"] == "50 ↑ jump"
    said = " ".join(root.find(".//s:g[@class='route-words']", NS).itertext())  # type: ignore
    assert "4. jump:D1: 15 → 30 ft, alt 0" in said
    assert "7. jump-up:E1: 10 → 50 ft, alt 1" in said


def test_hex_option_neighbours_sit_where_the_directions_point():
    """D-grid hex option: doubled coordinates drawn flat-topped, N straight up, SE down-right."""
    scenario = wingbeat.open_scenario(str(EXAMPLES / "hex.yaml"))
    verdict = wingbeat.check(scenario, "griffon", "E7 F8")
    root = ET.fromstring(render_svg(scenario, route=verdict, creature="griffon"))
    assert root.get("data-grid") == "hex"
    (x1, y1), (x2, y2) = centre(root, "D6"), centre(root, "E7")
    assert math.isclose(math.degrees(math.atan2(y2 - y1, x2 - x1)), 30, abs_tol=0.5)
    (x3, y3) = centre(root, "D4")
    assert math.isclose(x3, x1) and y3 < y1
    assert [a.get("data-total") for a in arrows(root)] == ["10", "20"]  # D-terrain under it
    assert len(root.findall(".//s:g[@class='hex cell']", NS)) == 12 * 16 // 2


def test_altitude_shading_and_the_summary():
    text = """
ruleset: dnd5e
map:
  grid: square
  columns: 6
  rows: 4
  top: 4
  cells:
    - {at: [B2], ground: 2}
    - {at: [C2], ceiling: 1}
    - {at: [D2], climb: true, air: difficult}
creatures:
  - {id: bat, size: tiny, speed: {walk: 5, fly: 30}, hover: true, at: A1, altitude: 3}
"""
    scenario = wingbeat.read_scenario_text(text, source="cave.yaml")
    report = wingbeat.reach(scenario, "bat")
    for altitude in range(5):
        root = ET.fromstring(render_svg(scenario, reach=report, altitude=altitude))
        solid = {g.get("data-cell") for g in root.findall(".//s:g[@data-cell]", NS)
                 if g.find("s:polygon[@class='solid']", NS) is not None}
        assert solid == ({"B2"} if altitude < 2 else set()) | ({"C2"} if altitude >= 1
                                                               else set())
        assert not solid & set(drawn_cells(root))
    root = ET.fromstring(render_svg(scenario))
    d2 = root.find(".//s:g[@data-cell='D2']", NS)
    assert d2 is not None and (d2.get("data-climb"), d2.get("data-air")) == ("true", "difficult")
    summary = scenario_summary(scenario)
    assert summary["map"]["kind"] == "square"
    assert summary["altitudes"]["min"] == 0 and summary["altitudes"]["max"] == 4
    assert summary["altitudes"]["labels"][2] == "2 (10 ft)"
    assert summary["creatures"][0]["mode"] == "hovering"
    with pytest.raises(OptionError, match=r"altitude 5 is not on this map \(0 … 4\)"):
        render_svg(scenario, reach=report, altitude=5)


def test_cli_renders_the_hex_option(tmp_path: Path):
    out = tmp_path / "hex.svg"
    result = runner.invoke(app, ["render", str(EXAMPLES / "hex.yaml"), "griffon", "--altitude",
                                 "0", "--to", "F8", "-o", str(out)])
    assert result.exit_code == 0, result.output
    root = ET.fromstring(out.read_text(encoding="utf-8"))
    _, _, printed = opened(str(EXAMPLES / "hex.yaml"), "griffon")
    assert drawn_cells(root) == expected_cells(printed, 0)
    path = cli_json("path", str(EXAMPLES / "hex.yaml"), "griffon", "--to", "F8", "--altitude",
                    "0")
    assert [a.get("data-total") for a in arrows(root)] == [s["total"] for s in path["steps"]]


def test_cli_renders_an_attack_position(tmp_path: Path):
    """``render --attack`` draws what ``path --attack`` answers: the cheapest place in melee
    with the fighter, the harpy's attack still to make."""
    out = tmp_path / "attack.svg"
    result = runner.invoke(app, ["render", "example:harpy", "harpy", "--attack", "fighter",
                                 "-o", str(out)])
    assert result.exit_code == 0, result.output
    path = cli_json("path", "example:harpy", "harpy", "--attack", "fighter")
    assert path["can_act"] is True
    root = ET.fromstring(out.read_text(encoding="utf-8"))
    assert [(a.get("data-move"), a.get("data-total")) for a in arrows(root)] == \
        [(s["move"], s["total"]) for s in path["steps"]]


def test_cli_render_refuses_attack_with_a_destination():
    result = runner.invoke(app, ["render", "example:harpy", "harpy", "--attack", "fighter",
                                 "--to", "F6"])
    assert result.exit_code == 2
    assert "--attack finds its own destination" in result.output


def test_a_spent_reaction_is_said_on_the_creature():
    """D-creatures: a creature whose reaction is spent makes no opportunity attack; its tooltip
    says so, where a game master hovering the piece will read it."""
    text = ("ruleset: dnd5e\nmap: {columns: 6, rows: 6}\ncreatures:\n"
            "  - {id: guard, speed: {walk: 30}, at: C3, side: party, reaction: false}\n"
            "  - {id: goblin, speed: {walk: 30}, at: D3, side: monsters}\n")
    scenario = wingbeat.read_scenario_text(text, source="spent.yaml")
    root = ET.fromstring(render_svg(scenario))
    titles = [t.text or "" for t in root.iterfind(".//s:g/s:title", NS)]
    assert any(t.startswith("guard") and "reaction spent" in t for t in titles)
    assert not any(t.startswith("goblin") and "reaction" in t for t in titles)
