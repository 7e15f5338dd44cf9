"""Tabletop pictures draw the reach's GeoJSON areas and the figures (wingbeat.render.table)."""

from __future__ import annotations

import itertools
import xml.etree.ElementTree as ET

import pytest

import wingbeat
from wingbeat.render import render_svg, scenario_summary

NS = {"s": "http://www.w3.org/2000/svg"}
SVG = "{http://www.w3.org/2000/svg}"

PEGASI = """
ruleset: battlesystem
options: {game: adnd}
map: {table: [72, 48]}
units:
  - {id: pegasi, fly: 48, maneuverability: C, mounted: true, altitude: low,
     at: [10, 20], heading: 90, formation: open}
"""


@pytest.fixture(scope="module")
def pegasi():
    scenario = wingbeat.read_scenario_text(PEGASI, source="pegasi.yaml")
    return scenario, wingbeat.reach(scenario, "pegasi")


def to_screen(root: ET.Element, x: float, y: float) -> tuple[float, float]:
    scale = float(root.get("data-scale") or 0)
    return (float(root.get("data-origin-x") or 0) + x * scale,
            float(root.get("data-origin-y") or 0) + (48 - y) * scale)


@pytest.mark.parametrize("altitude", [None, 0, 1, 2, 3])
def test_areas_drawn_are_the_reach_areas(pegasi, altitude):
    scenario, report = pegasi
    data = report.to_dict()
    root = ET.fromstring(render_svg(scenario, reach=report, altitude=altitude))
    drawn = [p.get("data-altitude") for p in root.findall(".//s:path[@class='reach-area']", NS)]
    names = [a["altitude"] for a in data["areas"]]
    assert drawn == (names if altitude is None else [n for n in names
                                                      if names.index(n) == altitude])
    for path in root.findall(".//s:path[@class='reach-area']", NS):
        area = next(a for a in data["areas"] if a["altitude"] == path.get("data-altitude"))
        first = area["area"]["coordinates"][0][0] if area["area"]["type"] == "Polygon" \
            else area["area"]["coordinates"][0][0][0]
        x, y = to_screen(root, *first)
        start = (path.get("d") or "").split()[0].lstrip("M").split(",")
        assert float(start[0]) == pytest.approx(x, abs=0.01)
        assert float(start[1]) == pytest.approx(y, abs=0.01)


def test_figure_sits_where_the_scenario_puts_it_heading_east(pegasi):
    scenario, _ = pegasi
    root = ET.fromstring(render_svg(scenario, creature="pegasi"))
    figure = root.find(".//s:g[@data-id='pegasi']", NS)
    assert figure is not None
    assert (figure.get("data-at"), figure.get("data-heading")) == ("10,20", "90")
    circle = figure.find("s:circle", NS)
    assert circle is not None
    assert (float(circle.get("cx") or 0), float(circle.get("cy") or 0)) == \
        pytest.approx(to_screen(root, 10, 20))
    line = figure.find("s:line[@class='heading']", NS)
    assert line is not None and float(line.get("x2") or 0) > float(line.get("x1") or 0)


def test_checked_move_is_an_arrow_with_its_total(pegasi):
    scenario, report = pegasi
    verdict = wingbeat.check(scenario, "pegasi", "30,20")
    root = ET.fromstring(render_svg(scenario, reach=report, route=verdict))
    step = root.find(".//s:line[@class='route-step']", NS)
    assert step is not None and step.get("data-total") == "20"
    assert float(step.get("x2") or 0) == pytest.approx(to_screen(root, 30, 20)[0])


def test_summary_names_the_levels(pegasi):
    scenario, _ = pegasi
    summary = scenario_summary(scenario)
    assert summary["map"] == {"kind": "table", "width": 72.0, "height": 48.0, "unit": "in"}
    assert summary["altitudes"]["names"][0] == "ground"
    assert summary["creatures"][0]["at"] == "10,20"


ANGEL = """
ruleset: confrontation
options: {edition: "3.5"}
map:
  table: [120, 120]
  obstacles: [{polygon: [[40, 40], [60, 40], [60, 50], [40, 50]], height: 20}]
creatures:
  - {id: angel, mou: {ground: 10, air: 17.5}, tier: 2, at: [30, 30]}
"""


@pytest.mark.parametrize("tier", [None, 0, 1, 2])
def test_confrontation_tiers_and_obstacles(tier):
    scenario = wingbeat.read_scenario_text(ANGEL, source="angel.yaml")
    report = wingbeat.reach(scenario, "angel")
    root = ET.fromstring(render_svg(scenario, reach=report, altitude=tier))
    drawn = [p.get("data-level") for p in root.findall(".//s:path[@class='reach-area']", NS)]
    tiers = [str(a["tier"]) for a in report.to_dict()["areas"]]
    assert drawn == [t for t in tiers if tier is None or t == str(tier)]
    obstacle = root.find(".//s:polygon[@class='obstacle']", NS)
    assert obstacle is not None
    corners = [tuple(map(float, p.split(","))) for p in (obstacle.get("points") or "").split()]
    scale = float(root.get("data-scale") or 0)
    origin = float(root.get("data-origin-x") or 0)
    assert corners[0] == pytest.approx((origin + 40 * scale, origin + (120 - 40) * scale))
    assert scenario_summary(scenario)["altitudes"]["names"] == ["0", "1", "2"]


def test_cli_render_names_the_level_for_a_tabletop_path(tmp_path):
    """The picture's altitude is an index; battlesystem's path takes the level's name (B-alt)."""
    from typer.testing import CliRunner

    from wingbeat.cli import app

    source = tmp_path / "pegasi.yaml"
    source.write_text(PEGASI, encoding="utf-8")
    result = CliRunner().invoke(app, ["render", str(source), "pegasi", "--altitude", "1",
                                      "--to", "30,20"])
    assert result.exit_code == 0, result.stderr
    root = ET.fromstring(result.stdout)
    assert [p.get("data-altitude") for p in
            root.findall(".//s:path[@class='reach-area']", NS)] == ["low"]
    step = root.find(".//s:line[@class='route-step']", NS)
    assert step is not None and step.get("data-move") == "30,20"


def test_lengths_read_as_on_a_ruler():
    """The morbid angel's air MOU is 35/2 cm exactly (C-mou); a player reads 17.5 cm."""
    from wingbeat.scenario import load_example

    scenario = load_example("morbid-angel")
    report = wingbeat.reach(scenario, "angel")
    assert report.to_dict()["areas"][0]["budget"] == "35/2"  # the JSON contract stays exact
    root = ET.fromstring(render_svg(scenario, reach=report, creature="angel"))
    words = [t.text for t in root.iterfind(".//s:text[@class='area-words']", NS)]
    assert words == ["tier 2: 17.5 cm", "tier 1: 12.5 cm (descent)"]
    assert root.get("data-budget") == "17.5"
    legend = " ".join(root.find(".//s:g[@class='legend']", NS).itertext())  # type: ignore[union-attr]
    assert "where it can end: every tier" in legend  # C-tiers: confrontation counts tiers


@pytest.mark.parametrize(("value", "shown"), [
    ("35/2", "17.5"), ("1/8", "0.125"), ("-7/4", "-1.75"), ("1/20", "0.05"), ("12", "12"),
    ("1/3", "⅓"), ("5/6", "⅚"), ("40/3", "13⅓"),
])
def test_format_decimal_is_exact_or_a_mixed_number(value, shown):
    """A length with no finite decimal reads as a mixed number (40/3 in is 13⅓"), never rounded."""
    from fractions import Fraction

    from wingbeat.model import format_decimal

    assert format_decimal(value) == shown
    if "." in shown or shown.lstrip("-").isdigit():
        assert Fraction(shown) == Fraction(value)


@pytest.mark.parametrize(("example", "longest"), [("example:pegasi", "72"),
                                                  ("example:morbid-angel", "120")])
def test_rulers_run_along_two_edges_above_the_scale_bar(example, longest):
    """A table is read with a ruler: a tick at each grid line, numbers at least 40 px apart along
    the south and west edges, drawn in the picture (CLI, PNG and page alike), and the scale bar
    below the ruler's numbers, not over them."""
    svg = ET.fromstring(render_svg(wingbeat.open_scenario(example)))
    rulers = svg.find(f".//{SVG}g[@class='rulers']")
    assert rulers is not None
    numbers = [t.text for t in rulers.iter(f"{SVG}text")]
    assert "0" in numbers and longest in numbers
    south = [t for t in rulers.iter(f"{SVG}text") if t.get("text-anchor") == "middle"]
    xs = sorted(float(t.get("x", 0)) for t in south)
    assert all(b - a >= 40 for a, b in itertools.pairwise(xs))
    lowest_number = max(float(t.get("y", 0)) for t in south)
    bar = svg.find(f".//{SVG}g[@class='scale-bar']")
    assert bar is not None
    bar_top = min(float(r.get("y", 0)) for r in bar.iter(f"{SVG}rect"))
    assert bar_top > lowest_number + 2
