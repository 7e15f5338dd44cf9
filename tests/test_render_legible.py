"""Pictures that read at a table (issue 15): no label under 12 px, every label at least 4.5:1
against its halo on any cost colour, and every token named in full."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from fractions import Fraction

import pytest

from wingbeat import open_scenario, reach
from wingbeat.render import render_svg, scenario_summary
from wingbeat.render.svg import (
    MIN_FONT,
    contrast,
    cost_color,
    halo,
    seen_through,
    text,
    text_on,
)

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
    plain = plain_cell_labels(root)
    for label in labels:
        assert float(label.get("font-size", MIN_FONT)) >= MIN_FONT, label.text
        fill, ring = label.get("fill", "#000"), label.get("stroke")
        if id(label) in plain:
            assert ring is None and contrast(fill, plain[id(label)]) >= 4.5, label.text
            continue
        assert ring is not None and label.get("paint-order") == "stroke", label.text
        assert contrast(fill, ring) >= 4.5, (label.text, fill, ring)
    names = {t.text for g in root.iter(SVG + "g") if g.get("class") == "creature"
             for t in g.iter(SVG + "text") if "token-name" in (t.get("class") or "").split()}
    assert {c["name"] for c in scenario_summary(scenario)["creatures"]} <= names


def plain_cell_labels(root: ET.Element) -> dict[int, str]:
    """The cell labels drawn without a halo, each with the colour under it: its ground seen
    through its reach colour. A cell with a pattern over it has none (its colour is not one)."""
    plain: dict[int, str] = {}
    for cell in root.iter(SVG + "g"):
        if "cell" not in (cell.get("class") or "").split():
            continue
        shapes = list(cell.iter(SVG + "polygon")) + list(cell.iter(SVG + "rect"))
        bare = [t for t in cell.iter(SVG + "text") if t.get("stroke") is None]
        if not bare:
            continue
        assert all(t.get("class") == "label" for t in bare), [t.text for t in bare]
        assert not any((s.get("fill") or "").startswith("url(") for s in shapes), cell.get(
            "data-cell")
        under = next(s.get("fill") for s in shapes if s.get("class") == "terrain")
        reached = [s for s in shapes if s.get("class") == "reach-fill"]
        if reached:
            under = seen_through(reached[0].get("fill") or "", float(
                reached[0].get("fill-opacity") or 1), under or "")
        assert under is not None
        plain.update((id(t), under) for t in bare)
    return plain


def test_a_cell_label_keeps_its_halo_on_a_dark_cost_colour() -> None:
    """Cell labels lose their halo only where they read without it (issue 29: the halos were a
    third of resvg's time on a map): on the pale ground, yes; on the reach's reds, no."""
    scenario = open_scenario("example:giant-bat")
    root = ET.fromstring(render_svg(scenario, reach=reach(scenario, "bat"), creature="bat"))
    plain = plain_cell_labels(root)
    labels = [t for t in root.iter(SVG + "text") if t.get("class") == "label"]
    bare = [t for t in labels if id(t) in plain]
    haloed = [t for t in labels if t.get("stroke") is not None]
    assert bare and haloed and len(bare) + len(haloed) == len(labels)


def test_a_label_on_a_colour_it_reads_on_has_no_halo() -> None:
    assert "stroke" not in text_on("#f1efe6", 0, 0, "A1", fill="#555")
    assert 'stroke="#fff"' in text_on("#d73027", 0, 0, "A1", fill="#555")  # red: 2.3:1
    assert 'stroke="#fff"' in text_on(None, 0, 0, "A1", fill="#555")  # unknown
    assert 'stroke="#fff"' in text_on("url(#ceiling-hatch)", 0, 0, "A1", fill="#555")
    assert seen_through("#ffffff", 0.5, "#000000") == "#808080"
    assert seen_through("url(#x)", 0.5, "#000000") is None


def test_black_or_white_always_reaches_4_5_to_1() -> None:
    """The halo is the shade that stands out most: 4.5:1 at least for any colour."""
    for colour in ("#555", "#fff", "#eee", "#c0142c", "#fc8d59", "#1f3fbf", "#777777", "#808080",
                   *(cost_color(Fraction(i, 10), Fraction(1)) for i in range(11))):
        assert contrast(colour, halo(colour)) >= 4.5, colour


def test_a_small_label_is_drawn_at_the_minimum() -> None:
    assert 'font-size="12"' in text(0, 0, "U35", font_size=8)
    assert 'font-size="16"' in text(0, 0, "8", font_size=16)
