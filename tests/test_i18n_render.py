"""Pictures in Italian and French (issue 28): the words drawn in the SVG (legends, titles,
tooltips) are said in the language of the moment, and the render memo keeps one picture per
language."""

from __future__ import annotations

import pytest

from wingbeat import _api
from wingbeat.i18n import speaking
from wingbeat.render import render_svg
from wingbeat.scenario import load_example


@pytest.mark.parametrize(("lang", "word"), [("it", "costo minimo (PM)"),
                                            ("fr", "coût minimal (PM)"),
                                            ("en", "least cost (MP)")])
def test_the_legend_in_the_language(lang: str, word: str) -> None:
    scenario = load_example("giant-bat")
    with speaking(lang):
        svg = render_svg(scenario, reach=_api.reach(scenario, "bat"), creature="bat")
    assert word in svg


def test_the_memo_keeps_a_picture_per_language() -> None:
    """One reach drawn in Italian, then in French, then in English: each in its own words."""
    scenario = load_example("giant-bat")
    reach = _api.reach(scenario, "bat")
    drawn = {}
    for lang in ("it", "fr", "en", "it"):
        with speaking(lang):
            drawn.setdefault(lang, []).append(render_svg(scenario, reach=reach, creature="bat"))
    assert "costo minimo" in drawn["it"][0] and "coût minimal" in drawn["fr"][0]
    assert "least cost" in drawn["en"][0]
    assert drawn["it"][0] == drawn["it"][1]


@pytest.mark.parametrize(("lang", "words"), [
    ("it", ["ostacolo (altezza)", "mossa, totale progressivo", "palier"]),
    ("fr", ["obstacle (hauteur)", "mouvement, total cumulé", "17,5 cm"])])
def test_a_table_picture_in_the_language(lang: str, words: list[str]) -> None:
    scenario = load_example("morbid-angel")
    with speaking(lang):
        svg = render_svg(scenario, reach=_api.reach(scenario, "angel"), creature="angel")
    for word in words[:2]:
        assert word in svg
    if lang == "fr":
        assert words[2] in svg  # the decimal comma
