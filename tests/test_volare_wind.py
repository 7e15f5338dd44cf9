"""V-wind and V-mp: every step cost for every strength and maneuverability class."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

import wingbeat
from scenarios import volare
from wingbeat.geometry.hexgrid import Direction
from wingbeat.rulesets.volare import Maneuverability, Wind, WindStrength, step_costs, travel_speed

# (headwind, beside headwind, tailwind, beside tailwind for excellent / medium / poor), in MP
TABLE = {
    WindStrength.CALM: (1, 1, 1, (1, 1, 1)),
    WindStrength.LIGHT_BREEZE: (2, F(3, 2), F(1, 2), (F(1, 2), 1, 1)),
    WindStrength.BREEZE: (3, 2, F(1, 3), (F(1, 3), F(1, 2), 1)),
    WindStrength.STRONG_WIND: (4, F(5, 2), F(1, 4), (F(1, 4), F(1, 3), 1)),
}
CLASSES = (Maneuverability.EXCELLENT, Maneuverability.MEDIUM, Maneuverability.POOR)


@pytest.mark.parametrize("strength", list(TABLE))
@pytest.mark.parametrize("man", CLASSES)
def test_step_costs_table(strength: WindStrength, man: Maneuverability) -> None:
    """V-wind: the table, with the beside-tailwind rule per class (V-man)."""
    head, beside_head, tail, beside_tail = TABLE[strength]
    toward = Direction.NE
    costs = [F(t, 12) for t in step_costs(Wind(strength, toward), man)]
    assert costs[Direction.NE] == tail
    assert costs[Direction.SW] == head
    assert costs[Direction.N] == costs[Direction.SE] == beside_tail[CLASSES.index(man)]
    assert costs[Direction.NW] == costs[Direction.S] == beside_head


@pytest.mark.parametrize("strength", list(TABLE))
@pytest.mark.parametrize("man", CLASSES)
def test_step_costs_through_check(strength: WindStrength, man: Maneuverability) -> None:
    """The same figures through the move checker, from a hovering creature (after paying)."""
    head, beside_head, tail, beside_tail = TABLE[strength]
    wind = {"strength": strength.value, "toward": "NE"}
    scenario = volare([{"id": "b", "fly": 12, "maneuverability": man.value, "at": "O25",
                        "altitude": 3, "mode": "hovering"}], wind=wind)
    pay = "" if strength is WindStrength.CALM else "pay "
    paid = {WindStrength.CALM: 0, WindStrength.LIGHT_BREEZE: 1, WindStrength.BREEZE: 2,
            WindStrength.STRONG_WIND: 4}[strength]
    expected = {"P24": tail, "N26": head, "O23": beside_tail[CLASSES.index(man)],
                "P26": beside_tail[CLASSES.index(man)], "N24": beside_head, "O27": beside_head}
    for move, cost in expected.items():
        report = wingbeat.check(scenario, "b", pay + move)
        assert report.legal, report.to_text()
        assert report.cost == paid + cost


def test_climb_and_descent_ignore_the_wind() -> None:
    """V-mp, V-wind: climbing 2 MP, descending 1 MP, whatever the wind."""
    scenario = volare([{"id": "b", "fly": 12, "at": "O25", "altitude": 3, "mode": "moving",
                        "heading": "N"}], wind={"strength": "strong-wind", "toward": "S"})
    report = wingbeat.check(scenario, "b", "up down down")
    assert [s.cost for s in report.steps] == [2, 1, 1]


@pytest.mark.parametrize(("man", "cost"), [("excellent", 1), ("medium", 2), ("poor", 3)])
def test_stop_to_hover_by_class(man: str, cost: int) -> None:
    """V-mp, V-man: stopping to hover costs 1, 2 or 3 MP; wind does not change it."""
    scenario = volare([{"id": "b", "fly": 12, "maneuverability": man, "at": "O25", "altitude": 3,
                        "mode": "moving", "heading": "N"}],
                      wind={"strength": "breeze", "toward": "N"})
    assert wingbeat.check(scenario, "b", "hover").cost == cost


def test_gale_allows_no_flight_step() -> None:
    """V-wind Decision: in a gale no flight step is legal, and the refusal says so."""
    scenario = volare([
        {"id": "b", "fly": 12, "at": "O25", "altitude": 3, "mode": "moving", "heading": "N"},
        {"id": "g", "fly": 12, "at": "J10", "mode": "grounded"}],
        wind={"strength": "gale", "toward": "N"})
    refused = wingbeat.check(scenario, "b", "O23")
    assert not refused.legal and refused.error is not None and refused.error.rule == "V-wind"
    assert "gale" in refused.error.message
    grounded = wingbeat.check(scenario, "g", "thrust")
    assert grounded.error is not None and grounded.error.rule == "V-wind"
    assert len(wingbeat.reach(scenario, "b").states) == 1


def test_travel_speed() -> None:
    """V-wind: overland speed drops by 1, 2, 4, never below 1."""
    assert travel_speed(8, Wind(WindStrength.CALM)) == 8
    assert travel_speed(8, Wind(WindStrength.LIGHT_BREEZE, Direction.N)) == 7
    assert travel_speed(8, Wind(WindStrength.BREEZE, Direction.N)) == 6
    assert travel_speed(8, Wind(WindStrength.STRONG_WIND, Direction.N)) == 4
    assert travel_speed(3, Wind(WindStrength.STRONG_WIND, Direction.N)) == 1


def test_exact_thirds_add_up() -> None:
    """V-mp Decision: three tailwind steps of 1/3 MP cost exactly 1 MP."""
    scenario = volare([{"id": "b", "fly": 12, "maneuverability": "medium", "at": "O25",
                        "altitude": 3, "mode": "moving", "heading": "NE"}],
                      wind={"strength": "breeze", "toward": "NE"})
    report = wingbeat.check(scenario, "b", "NE NE NE")
    assert report.legal and report.cost == 1
    assert report.to_dict()["cost"] == "1"
