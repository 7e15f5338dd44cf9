"""The hex picture shows exactly what ``reach``, ``path`` and ``check`` say (wingbeat.render)."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

import wingbeat
from drawn import drawn_cells, expected_cells
from wingbeat.cli import app
from wingbeat.errors import OptionError
from wingbeat.geometry.hexgrid import Direction, parse_hex
from wingbeat.model import Scenario
from wingbeat.render import render_svg, scenario_summary
from wingbeat.rulesets.volare.render import direction_angle

NS = {"s": "http://www.w3.org/2000/svg"}
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def bat() -> tuple[Scenario, wingbeat.rules.grid.ReachReport]:
    scenario = wingbeat.open_scenario("example:giant-bat")
    return scenario, wingbeat.reach(scenario, "bat")


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


@pytest.mark.parametrize("altitude", [None, 0, 1, 2, 3, 7, 10])
def test_coloured_cells_are_exactly_the_reach(bat, altitude):
    scenario, report = bat
    root = parse(render_svg(scenario, reach=report, altitude=altitude))
    assert drawn_cells(root) == expected_cells(report.to_dict(), altitude)
    assert root.get("data-altitude") == ("all" if altitude is None else str(altitude))
    assert root.get("data-budget") == "8"


def test_reach_cell_shows_its_cost_and_says_where_it_can_act(bat):
    scenario, report = bat
    root = parse(render_svg(scenario, reach=report, altitude=1))
    cell = root.find(".//s:g[@data-cell='U35']", NS)
    assert cell is not None
    cost = cell.find("s:text[@class='cost']", NS)
    assert cost is not None and cost.text == "2"  # U35 down: 1 + 1 (V-inertia frontal step)
    title = cell.find("s:title", NS)
    assert title is not None and title.text is not None
    # U35 down hover costs 4, a half-move action: the bat can still attack (seed example).
    assert "least cost 2 at altitude 1" in title.text
    assert "can still act for 4 (altitude 1, hovering)" in title.text
    assert cell.find("s:circle[@class='can-act']", NS) is not None
    far = root.find(".//s:g[@data-cell='T44']", NS)
    assert far is not None and far.get("data-can-act") == "false"
    assert far.find("s:circle[@class='can-act']", NS) is None


def test_labels_match_cells_and_neighbours_sit_where_the_directions_point(bat):
    """Doubled coordinates drawn flat-topped: N is straight up, NE up and right, and so on."""
    scenario, _ = bat
    root = parse(render_svg(scenario))
    centres = {}
    unlabelled = 0
    for g in root.findall(".//s:g[@data-cell]", NS):
        label = g.find("s:text[@class='label']", NS)
        if label is None:  # a label a token's name or disc would cover is left out
            unlabelled += 1
        else:
            assert label.text == g.get("data-cell")
        polygon = g.find("s:polygon[@class='terrain']", NS)
        assert polygon is not None
        xy = [tuple(map(float, p.split(","))) for p in (polygon.get("points") or "").split()]
        centres[g.get("data-cell")] = (sum(x for x, _ in xy) / 6, sum(y for _, y in xy) / 6)
    assert len(centres) == 30 * 50 // 2
    assert unlabelled <= 6  # the two tokens' own hexes, and four their names cover
    for label in ("T34", "B2", "AA21"):
        here = parse_hex(label)
        for direction in Direction:
            there = here.neighbour(direction)
            if there is None or str(there) not in centres:
                continue
            (x1, y1), (x2, y2) = centres[label], centres[str(there)]
            angle = math.degrees(math.atan2(y2 - y1, x2 - x1))
            assert math.isclose((angle - direction_angle(direction)) % 360, 0, abs_tol=0.5) or \
                math.isclose((angle - direction_angle(direction)) % 360, 360, abs_tol=0.5)


def test_creatures_are_drawn_with_altitude_and_heading(bat):
    scenario, report = bat
    root = parse(render_svg(scenario, reach=report))
    bat_g = root.find(".//s:g[@data-id='bat']", NS)
    assert bat_g is not None
    assert (bat_g.get("data-at"), bat_g.get("data-altitude"), bat_g.get("data-heading")) == \
        ("T34", "2", "S")
    badge = bat_g.find("s:text[@class='altitude']", NS)
    assert badge is not None and badge.text == "2"
    circle = bat_g.find("s:circle", NS)
    head = bat_g.find("s:polygon[@class='heading']", NS)
    assert circle is not None and head is not None
    cx, cy = float(circle.get("cx") or 0), float(circle.get("cy") or 0)
    tip = tuple(map(float, (head.get("points") or "").split()[0].split(",")))
    assert math.isclose(math.degrees(math.atan2(tip[1] - cy, tip[0] - cx)), 90, abs_tol=0.5)
    chamois = root.find(".//s:g[@data-id='chamois']", NS)
    assert chamois is not None and chamois.get("data-mode") == "grounded"
    assert chamois.find("s:polygon[@class='heading']", NS) is None


TERRAIN = """
ruleset: volare
map:
  columns: 12
  rows: 16
  top: 6
  wind: {strength: breeze, toward: NE}
  cells:
    - {at: [E5, F6], ground: 2}
    - {at: [G5], ceiling: 1}
    - {at: [H6], ground: 1, ceiling: 3}
creatures:
  - {id: hawk, fly: 6, maneuverability: excellent, at: F8, altitude: 2, mode: hovering}
"""


@pytest.mark.parametrize("altitude", [0, 1, 2, 3])
def test_ground_and_ceilings_shade_the_cells_where_the_altitude_is_missing(altitude):
    scenario = wingbeat.read_scenario_text(TERRAIN, source="terrain.yaml")
    report = wingbeat.reach(scenario, "hawk")
    root = parse(render_svg(scenario, reach=report, altitude=altitude))
    solid = {g.get("data-cell") for g in root.findall(".//s:g[@data-cell]", NS)
             if g.find("s:polygon[@class='solid']", NS) is not None}
    vmap = scenario.battle.map
    missing = {str(h) for h in vmap.cells() if altitude < vmap.ground_at(h)
               or (vmap.ceiling_at(h) is not None and altitude >= vmap.ceiling_at(h))}
    assert solid == missing
    assert not solid & set(drawn_cells(root))  # nothing is reached where the altitude is not
    assert drawn_cells(root) == expected_cells(report.to_dict(), altitude)
    e5 = root.find(".//s:g[@data-cell='E5']", NS)
    assert e5 is not None and e5.get("data-ground") == "2"
    g5 = root.find(".//s:g[@data-cell='G5']", NS)
    assert g5 is not None and g5.get("data-ceiling") == "1"
    assert g5.find("s:polygon[@class='ceiling']", NS) is not None


def test_wind_is_an_arrow_pointing_where_it_blows():
    scenario = wingbeat.read_scenario_text(TERRAIN, source="terrain.yaml")
    wind = parse(render_svg(scenario)).find(".//s:g[@class='wind']", NS)
    assert wind is not None and wind.get("data-angle") == "-30"
    caption = wind.find("s:text", NS)
    assert caption is not None and caption.text == "wind: breeze toward NE"
    calm = parse(render_svg(wingbeat.open_scenario("example:giant-bat")))
    still = calm.find(".//s:g[@class='wind']", NS)
    assert still is not None and still.get("data-angle") is None


def route_steps(root: ET.Element) -> list[tuple[str | None, str | None, str | None]]:
    return [(line.get("data-move"), line.get("data-total"), line.get("data-rule"))
            for line in root.findall(".//s:line", NS)
            if "route-step" in (line.get("class") or "")]


def notes(root: ET.Element) -> dict[str, str]:
    out = {}
    for g in root.findall(".//s:g[@class='route-note']", NS):
        label = g.find("s:text", NS)
        out[g.get("data-cell") or ""] = label.text if label is not None else ""
    return out


def test_path_is_drawn_as_arrows_with_running_costs(bat):
    scenario, report = bat
    route = wingbeat.path(scenario, "bat", "U35", altitude=1, mode="hovering")
    root = parse(render_svg(scenario, reach=report, altitude=1, route=route))
    assert route_steps(root) == [("U35", "1", None)]
    assert notes(root) == {"U35": "1 · down 2 · hover 4"}
    longer = wingbeat.path(scenario, "bat", "T40", altitude=2)
    drawn = parse(render_svg(scenario, reach=report, route=longer))
    assert [(m, t) for m, t, _ in route_steps(drawn)] == \
        [(s.move, wingbeat.format_cost(s.total)) for s in longer.steps]


def test_refused_step_is_red_with_its_rule_id(bat):
    """V-inertia: after T34→T36 the bat heads S, so T34 behind it is not a frontal hex."""
    scenario, report = bat
    verdict = wingbeat.check(scenario, "bat", "T36 T34")
    root = parse(render_svg(scenario, reach=report, route=verdict))
    assert route_steps(root) == [("T36", "1", None), ("T34", None, "V-inertia")]
    assert notes(root) == {"T36": "1", "T34": "✗ T34 [V-inertia]"}
    far = parse(render_svg(scenario, reach=report,
                           route=wingbeat.check(scenario, "bat", "A1")))
    assert route_steps(far) == []  # not a neighbour: no arrow across the map
    assert notes(far) == {"T34": "✗ A1 [V-grid]"}


def test_no_path_is_said_in_the_legend(bat):
    scenario, report = bat
    missed = wingbeat.path(scenario, "bat", "B2")
    root = parse(render_svg(scenario, reach=report, route=missed))
    said = " ".join(t.text or "" for t in root.findall(".//s:g[@class='no-path']/s:text", NS))
    assert "cannot reach B2" in said


def test_render_is_a_pure_function(bat):
    scenario, report = bat
    assert render_svg(scenario, reach=report, altitude=1) == \
        render_svg(scenario, reach=report, altitude=1)


def test_altitude_off_the_map_is_refused(bat):
    scenario, report = bat
    with pytest.raises(OptionError, match="altitude 11 is not on this map"):
        render_svg(scenario, reach=report, altitude=11)


def test_unknown_ruleset_has_no_picture():
    with pytest.raises(OptionError, match="no picture for ruleset 'chess'"):
        render_svg(Scenario(ruleset="chess", battle=None))


def test_huge_map_is_cropped_around_what_matters():
    text = ("ruleset: volare\nmap: {columns: 300, rows: 600}\ncreatures:\n"
            "  - {id: owl, fly: 3, at: EA301, altitude: 1, mode: hovering}\n")
    scenario = wingbeat.read_scenario_text(text)
    root = parse(render_svg(scenario))
    drawn = [parse_hex(g.get("data-cell") or "") for g in root.findall(".//s:g[@data-cell]", NS)]
    assert 0 < len(drawn) < 100
    assert parse_hex("EA301") in drawn


def test_summary_lists_the_map_and_creatures(bat):
    scenario, _ = bat
    summary = scenario_summary(scenario)
    assert summary["map"] == {"kind": "hex", "columns": 30, "rows": 50, "top": 10,
                              "last_column": "AD"}
    assert [c["id"] for c in summary["creatures"]] == ["bat", "chamois"]
    assert summary["creatures"][0]["can_fly"] is True


runner = CliRunner()


def test_cli_render_writes_the_svg(tmp_path: Path):
    out = tmp_path / "map.svg"
    result = runner.invoke(app, ["render", "example:giant-bat", "bat", "-o", str(out),
                                 "--altitude", "1", "--to", "U35"])
    assert result.exit_code == 0, result.output
    root = parse(out.read_text(encoding="utf-8"))
    scenario = wingbeat.open_scenario("example:giant-bat")
    assert drawn_cells(root) == expected_cells(wingbeat.reach(scenario, "bat").to_dict(), 1)
    assert route_steps(root) == [("U35", "1", None)]


def test_cli_render_to_stdout_and_with_moves():
    result = runner.invoke(app, ["render", "example:giant-bat", "bat", "--moves", "T32"])
    assert result.exit_code == 0
    assert ("T32", None, "V-inertia") in route_steps(parse(result.stdout))
    plain = runner.invoke(app, ["render", "example:giant-bat"])
    assert plain.exit_code == 0 and drawn_cells(parse(plain.stdout)) == {}


@pytest.mark.parametrize(("args", "message"), [
    (["--altitude", "high"], "expected a whole number or 'all' for --altitude, got 'high'"),
    (["--altitude", "40"], "altitude 40 is not on this map (0 … 10)"),
    (["--to", "U36"], "U36 is not a hex"),
])
def test_cli_render_bad_input_is_one_line_and_exit_2(args, message):
    result = runner.invoke(app, ["render", "example:giant-bat", "bat", *args])
    assert result.exit_code == 2
    assert message in result.stderr
    assert "Traceback" not in result.output


def test_cli_render_needs_a_creature_for_a_path():
    result = runner.invoke(app, ["render", "example:giant-bat", "--to", "U35"])
    assert result.exit_code == 2
    assert re.search(r"--to, --attack and --moves need a CREATURE", result.stderr)
