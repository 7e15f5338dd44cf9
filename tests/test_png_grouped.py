"""resvg is handed the cells' labels gathered into one ``<text>`` per style (issue 29: a PNG at
the cost of its SVG plus resvg): the PNG bytes stay those of the map as written, and the SVG a
user gets keeps one ``<text class="label">`` per cell."""

from __future__ import annotations

import base64
import dataclasses
import importlib.util
from fractions import Fraction
from typing import Any

import pytest

import wingbeat
from wingbeat.model import Background
from wingbeat.render import raster, render_svg

HAS_BINDING = raster._resvg() is not None

#: example, creature whose reach is drawn, altitude, a move checked (the route drawn)
CASES: list[tuple[str, str | None, int | None, str | None]] = [
    ("giant-bat", None, None, None), ("harpy", None, None, None),
    ("morbid-angel", None, None, None), ("pegasi", None, None, None),
    ("giant-bat", "bat", None, None), ("giant-bat", "bat", 1, None),
    ("giant-bat", "bat", None, "U35"), ("harpy", "harpy", None, None),
    ("harpy", "harpy", 0, None)]


def drawn(example: str, creature: str | None = None, altitude: int | None = None,
          moves: str | None = None, **changes: Any) -> str:
    scenario = wingbeat.open_scenario(f"example:{example}")
    if changes:
        scenario = dataclasses.replace(scenario, **changes)
    reach = None if creature is None else wingbeat.reach(scenario, creature)
    route = None if moves is None or creature is None else wingbeat.check(scenario, creature,
                                                                          moves)
    return render_svg(scenario, reach=reach, altitude=altitude, route=route, creature=creature)


def as_written(svg: str, zoom: float, monkeypatch: pytest.MonkeyPatch) -> bytes:
    """The PNG of ``svg`` with every label left in its own ``<text>``."""
    with monkeypatch.context() as patched:
        patched.setattr(raster, "grouped_words", lambda text: text)
        return raster.svg_to_png_bytes(svg, zoom)


@pytest.mark.skipif(not HAS_BINDING, reason="needs the resvg wheel")
@pytest.mark.parametrize(("example", "creature", "altitude", "moves"), CASES)
def test_gathered_words_draw_the_same_png(example: str, creature: str | None,
                                          altitude: int | None, moves: str | None,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    svg = drawn(example, creature, altitude, moves)
    assert raster.svg_to_png_bytes(svg, 1.0) == as_written(svg, 1.0, monkeypatch)


@pytest.mark.skipif(not HAS_BINDING, reason="needs the resvg wheel")
def test_gathered_words_draw_the_same_png_zoomed_and_over_a_picture(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Over a background picture the cells are see-through (their group's ``fill-opacity``)
    and every label has a halo: the gathered text stays inside that group."""
    picture = raster.svg_to_png_bytes(
        '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="90"><rect width="120" '
        'height="90" fill="#3a6"/><circle cx="60" cy="45" r="40" fill="#c84"/></svg>', 1.0)
    uri = "data:image/png;base64," + base64.b64encode(picture).decode("ascii")
    for example, creature in (("giant-bat", "bat"), ("harpy", None)):
        svg = drawn(example, creature, background=Background(uri, Fraction(40)))
        assert "data:image/png" in svg and 'class="label"' in svg
        assert raster.svg_to_png_bytes(svg, 1.0) == as_written(svg, 1.0, monkeypatch)
    svg = drawn("harpy", "harpy")
    assert raster.svg_to_png_bytes(svg, 2.0) == as_written(svg, 2.0, monkeypatch)


@pytest.mark.parametrize(("example", "creature"), [("giant-bat", None), ("harpy", "harpy")])
def test_the_svg_keeps_a_text_per_label_and_resvg_gets_few(example: str,
                                                           creature: str | None) -> None:
    svg = drawn(example, creature)
    labels = svg.count('class="label"')
    assert labels > 300 and "<tspan" not in svg
    gathered = raster.grouped_words(svg)
    assert gathered.count("<text ") < svg.count("<text ") - labels + 5
    assert gathered.count("<tspan ") >= labels
    assert gathered.count("</text>") == gathered.count("<text ")


def test_words_of_one_style_are_drawn_where_the_last_one_stood() -> None:
    label = '<text x="{}" y="5" font-size="12" fill="#555" class="label">{}</text>'
    other = label.replace("#555", "#eee")
    svg = ("<svg>" + label.format(1, "A1") + "<polygon/>" + other.format(2, "B1")
           + label.format(3, "C1") + '<text x="4" y="5" class="name">Bat</text></svg>')
    assert raster.grouped_words(svg) == (
        '<svg><polygon/><text x="2" y="5" font-size="12" fill="#eee" class="label">B1</text>'
        '<text font-size="12" fill="#555" class="label"><tspan x="1" y="5">A1</tspan>'
        '<tspan x="3" y="5">C1</tspan></text><text x="4" y="5" class="name">Bat</text></svg>')


@pytest.mark.parametrize("word", [
    '<text x="1" y="2" class="label">A 1</text>',  # spaces would collapse across tspans
    '<text x="1" y="2" dy="3" class="label">A1</text>',  # dy moves a text's first letter
    '<text x="1" y="2" rotate="30" class="label">A1</text>',  # rotate runs over the letters
    '<text x="1" y="2" class="cost">7</text>',  # a cost may touch the marks drawn after it
    '<text x="1" y="2" class="label"><tspan>A</tspan>1</text>',
    '<text x="1" y="2" class="labels">A1</text>',
])
def test_what_a_group_would_change_stays_alone(word: str) -> None:
    svg = f"<svg>{word}{word}<rect/>{word}</svg>"
    assert raster.grouped_words(svg) == svg


def test_one_word_or_none_is_left_as_it_is() -> None:
    for svg in ("", "<svg/>", '<svg><text x="1" y="2" class="label">A1</text></svg>'):
        assert raster.grouped_words(svg) == svg


@pytest.mark.skipif(importlib.util.find_spec("resvg_py") is None, reason="needs resvg-py")
def test_resvg_py_draws_the_gathered_words_the_same() -> None:
    """Where only resvg-py is installed it is handed the gathered words too."""
    import resvg_py

    svg = drawn("giant-bat", "bat")
    assert bytes(resvg_py.svg_to_bytes(svg_string=raster.grouped_words(svg), zoom=1.0)) == bytes(
        resvg_py.svg_to_bytes(svg_string=svg, zoom=1.0))


@pytest.mark.skipif(not HAS_BINDING, reason="needs the resvg wheel")
@pytest.mark.parametrize(("grid", "columns", "rows"), [("hex", 14, 18), ("hex", 30, 44),
                                                       ("square", 28, 24)])
def test_dnd5e_maps_no_example_has_draw_the_same_png(grid: str, columns: int, rows: int,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """dnd5e's hexes (no example has them) and wide maps' four-letter labels: on a hex a
    cost touches the terrain mark drawn after it, so only the labels move."""
    scenario = wingbeat.parse_scenario({
        "ruleset": "dnd5e",
        "map": {"grid": grid, "columns": columns, "rows": rows, "top": 4,
                "cells": [{"at": ["D4", "E5", "F6"], "terrain": "difficult"},
                          {"at": ["H8", "G9", "I9"], "ground": 2},
                          {"at": ["B8"], "ceiling": 3}, {"at": ["C9"], "wall": True}]},
        "creatures": [{"id": "harpy", "name": "Harpy", "speed": {"walk": 20, "fly": 40},
                       "at": "B2", "altitude": 1}]}, source="maps")
    for reach in (None, wingbeat.reach(scenario, "harpy")):
        svg = render_svg(scenario, reach=reach, creature="harpy")
        assert f'data-grid="{grid}"' in svg and svg.count('class="label"') > 100
        assert raster.grouped_words(svg).count("<tspan ") > 100
        assert raster.svg_to_png_bytes(svg, 1.0) == as_written(svg, 1.0, monkeypatch)
