"""Pictures that read at a table (issue 15): no label under 12 px, every label at least 4.5:1
against its halo on any cost colour, and every token named in full."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from fractions import Fraction

import pytest

from wingbeat import open_scenario, reach
from wingbeat.render import render_svg, scenario_summary
from wingbeat.render.svg import MIN_FONT, contrast, cost_color, halo, text

SVG = "{http://www.w3.org/2000/svg}"
EXAMPLES = [("example:giant-bat", "bat"), ("example:harpy", "harpy"),
            ("example:pegasi", "pegasi"), ("example:morbid-angel", "angel")]


@pytest.mark.parametrize(("name", "creature"), EXAMPLES)
def test_every_label_is_large_and_stands_out(name: str, creature: str) -> None:
    scenario = open_scenario(name)
    svg = render_svg(scenario, reach=reach(scenario, creature), altitude=None, route=None,
                     creature=creature)
    root = ET.fromstring(svg)
    labels = list(root.iter(SVG + "text"))
    assert labels
    for label in labels:
        assert float(label.get("font-size", MIN_FONT)) >= MIN_FONT, label.text
        fill, ring = label.get("fill", "#000"), label.get("stroke")
        assert ring is not None and label.get("paint-order") == "stroke", label.text
        assert contrast(fill, ring) >= 4.5, (label.text, fill, ring)
    names = {t.text for g in root.iter(SVG + "g") if g.get("class") == "creature"
             for t in g.iter(SVG + "text") if "token-name" in (t.get("class") or "").split()}
    assert {c["name"] for c in scenario_summary(scenario)["creatures"]} <= names


def test_black_or_white_always_reaches_4_5_to_1() -> None:
    """The halo is the shade that stands out most: 4.5:1 at least for any colour."""
    for colour in ("#555", "#fff", "#eee", "#c0142c", "#fc8d59", "#1f3fbf", "#777777", "#808080",
                   *(cost_color(Fraction(i, 10), Fraction(1)) for i in range(11))):
        assert contrast(colour, halo(colour)) >= 4.5, colour


def test_a_small_label_is_drawn_at_the_minimum() -> None:
    assert 'font-size="12"' in text(0, 0, "U35", font_size=8)
    assert 'font-size="16"' in text(0, 0, "8", font_size=16)
