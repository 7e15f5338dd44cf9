"""A reach's cells are drawn once per view (render/memo.py): the picture with them kept is byte
for byte the picture drawn afresh, for every route, altitude and unit, and a view is never
reused for another scenario or another report."""

from __future__ import annotations

import gc

import pytest

import wingbeat
from wingbeat.render import memo

CASES = [
    ("example:giant-bat", "bat", ["U35", "T36", "R34"], [None, 0, 1, 2]),
    ("example:harpy", "harpy", ["C3", "E5"], [None, 0, 2]),
    ("tests/data/examples/volare/breeze-with.yaml", None, [], [None, 1]),
]


@pytest.mark.parametrize(("name", "creature", "clicks", "altitudes"), CASES)
def test_kept_cells_draw_the_same_picture(name, creature, clicks, altitudes):
    scenario = wingbeat.open_scenario(name)
    if creature is None:
        battle = scenario.battle
        creature = battle.creatures[0].id
    reach = wingbeat.reach(scenario, creature)
    for altitude in altitudes:
        for to in [None, *clicks]:
            route = wingbeat.path(scenario, creature, to) if to else None
            kept = wingbeat.render_svg(scenario, reach=reach, altitude=altitude, route=route)
            fresh = wingbeat.render_svg(scenario, reach=wingbeat.reach(scenario, creature),
                                        altitude=altitude, route=route)
            assert kept == fresh


def test_a_view_is_not_reused_for_another_scenario_or_kept_past_its_report():
    calls: list[str] = []

    def draw(text: str):
        def drawn() -> str:
            calls.append(text)
            return text
        return drawn

    class Report:
        pass

    report, one, other = Report(), object(), object()
    assert memo.kept(report, one, "v", draw("a")) == "a"
    assert memo.kept(report, one, "v", draw("b")) == "a"  # kept
    assert memo.kept(report, other, "v", draw("c")) == "c"  # another scenario: drawn
    assert memo.kept(None, one, "v", draw("d")) == "d"  # no report: never kept
    for view in range(memo.VIEWS_KEPT + 1):
        memo.kept(report, one, view, draw(f"view {view}"))
    assert memo.kept(report, one, 0, draw("again")) == "again"  # the oldest went out
    key = id(report)
    del report
    gc.collect()
    assert key not in memo._DRAWN
