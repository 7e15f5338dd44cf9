"""BATTLESYSTEM review: the turn is the round's total change of heading (B-turn), so what
``check`` accepts always ends inside what ``reach`` draws; bad numbers in a scenario are scenario
errors. (That reach's GeoJSON areas follow RFC 7946 is checked for every example by
tests/test_conformance.py.)"""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Point as SP

import wingbeat
from answers import checked, reached
from conformance import assert_legal_move_ends_inside, json_of
from scenarios import battlesystem as scenario
from wingbeat.rulesets.battlesystem import BattlesystemMove, BattlesystemReach


def unit(**fields: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"id": "u", "fly": 24, "maneuverability": "B", "altitude": "low",
                            "at": [100, 100], "heading": 0}
    base.update(fields)
    return base


def polar(heading: float, r: float, c: tuple[float, float] = (100, 100)) -> tuple[float, float]:
    t = math.radians(heading)
    return (c[0] + r * math.sin(t), c[1] + r * math.cos(t))


def text(p: tuple[float, float]) -> str:
    return f"{p[0]:.9f},{p[1]:.9f}"


def check(s: wingbeat.Scenario, moves: str) -> BattlesystemMove:
    return checked(BattlesystemMove, s, "u", moves)


def _reach(s: wingbeat.Scenario) -> dict[str, Any]:
    return json_of(reached(BattlesystemReach, s, "u"))


def area(s: wingbeat.Scenario, altitude: str) -> Any:
    return next(a.area for a in reached(BattlesystemReach, s, "u").areas
                if a.altitude == altitude)


def test_b_turn_class_b_cannot_reach_behind_by_two_turns() -> None:
    """B-turn Decision (the turn caps the *total* change of heading): class B (120°) flying
    15" at 119.9° and then 7.5" at 240.1° has turned 119.9° + 120.2° = 240.1°. Ending 13" away
    at bearing 150°, past half speed (22.5" of 24"), it would land outside the drawn area."""
    s = scenario(unit())
    first = polar(119.9, 15)
    end = polar(240.1, 7.5, first)
    assert math.dist(end, (100, 100)) > 12 + 0.5  # beyond the half-speed disc
    assert not area(s, "low").covers(SP(end))
    report = check(s, f"{text(first)} {text(end)}")
    assert not report.legal and report.error is not None
    assert (report.error.rule, report.error.step) == ("B-turn", 2)
    assert "240.1" in report.error.message and "120°" in report.error.message


def test_b_turn_total_change_adds_every_turn() -> None:
    """B-turn: class D (60°): 20° right then back 40° left is 60° in all; 25° + 50° is 75°."""
    s = scenario(unit(maneuverability="D", fly=48))
    a = polar(20, 20)
    assert check(s, f"{text(a)} {text(polar(-20, 10, a))}").legal
    b = polar(25, 20)
    report = check(s, f"{text(b)} {text(polar(-25, 10, b))}")
    assert not report.legal and report.error is not None and report.error.rule == "B-turn"
    assert report.to_dict()["turn"]["used"] == pytest.approx(25.0)


def test_b_turn_used_is_the_sum_of_the_turns() -> None:
    s = scenario(unit(maneuverability="C", fly=48))
    a = polar(30, 10)
    b = polar(-10, 10, a)
    report = check(s, f"{text(a)} {text(b)} {text(polar(5, 10, b))}")
    assert report.legal
    assert report.turn_used == pytest.approx(30 + 40 + 15)


_LEG = st.tuples(st.floats(-180, 180), st.floats(0.5, 12))


@settings(max_examples=150, deadline=None)
@given(st.sampled_from("ABCDE"), st.booleans(), st.lists(_LEG, min_size=1, max_size=3),
       st.booleans())
def test_every_move_check_accepts_ends_inside_the_reach_area(
        klass: str, mounted: bool, legs: list[tuple[float, float]], climb: bool) -> None:
    """B-turn, B-alt: reach and check never disagree: a legal move ends inside the drawn area
    (up to its half-millimetre tolerance; the conformance assertion)."""
    s = scenario(unit(maneuverability=klass, mounted=mounted, heading=30))
    at = (100.0, 100.0)
    moves = ["up"] if climb else []
    for heading, length in legs:
        at = polar(30 + heading, length, at)
        moves.append(text(at))
    report = check(s, " ".join(moves))
    assert_legal_move_ends_inside(json_of(report), _reach(s))


# -- scenario numbers ---------------------------------------------------------------------------

@pytest.mark.parametrize(("fields", "options", "where"), [
    ({"heading": math.nan}, {}, r"units\[0\]\.heading"),
    ({"heading": math.inf}, {}, r"units\[0\]\.heading"),
    ({"at": [math.nan, 3]}, {}, r"units\[0\]\.at"),
    ({}, {"altitudes": [{"name": "sky", "height": math.inf}]}, r"options\.altitudes\[0\]\.height"),
])
def test_non_finite_numbers_are_scenario_errors(fields: dict[str, Any], options: dict[str, Any],
                                                where: str) -> None:
    with pytest.raises(wingbeat.ScenarioError, match=where):
        scenario(unit(**fields), **options)


def test_an_absurd_table_is_a_scenario_error() -> None:
    """Coordinates beyond a kilometre lose the precision areas need (1 mm)."""
    with pytest.raises(wingbeat.ScenarioError, match=r"map\.table"):
        wingbeat.parse_scenario({"ruleset": "battlesystem", "map": {"table": [1e308, 10]},
                                 "units": [unit()]}, source="test")


def test_engagement_needs_two_units() -> None:
    s = scenario(unit(), unit(id="v", at=[100.5, 100]))
    assert wingbeat.engagement(s, "u", "v").to_dict()["engagement"] == "melee"
    with pytest.raises(wingbeat.ScenarioError, match="two different units"):
        wingbeat.engagement(s, "u", "u")
