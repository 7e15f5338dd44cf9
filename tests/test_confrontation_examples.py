"""examples/confrontation/EXPECTED.md, line by line."""

from __future__ import annotations

from pathlib import Path

import pytest

import wingbeat
from wingbeat.rulesets.confrontation import ConfrontationMove, ConfrontationReach

HERE = Path(__file__).resolve().parent.parent / "examples" / "confrontation"


def run(name: str, who: str, moves: str, **options: object) -> ConfrontationMove:
    report = wingbeat.check(wingbeat.open_scenario(HERE / name), who, moves, **options)
    assert isinstance(report, ConfrontationMove)
    return report


def refused(name: str, who: str, moves: str, rule: str, step: int, **options: object) -> None:
    report = run(name, who, moves, **options)
    assert report.error is not None and (report.error.rule, report.error.step) == (rule, step)


def test_morbid_angel_dive_and_terrain() -> None:
    dive = run("morbid-angel.yaml", "angel", "dive:knight")  # √89 − 1.25: to its counter's edge
    assert dive.legal and dive.spent == pytest.approx(8.184, abs=1e-3) and dive.dive is not None
    assert dive.end["tier"] == 1 and dive.end["at"] != "35,38"  # in contact, not on the knight
    assert run("morbid-angel.yaml", "harpy", "75,45").legal
    refused("morbid-angel.yaml", "harpy", "58,45", "C-terrain", 1)
    path = wingbeat.path(wingbeat.open_scenario(HERE / "morbid-angel.yaml"), "gargoyle",
                         "39.8,40.8", altitude=1)
    assert isinstance(path, ConfrontationMove) and path.legal
    assert path.moves == "40,40 39.8,40.8"
    assert path.spent == pytest.approx(200 ** 0.5 + 0.68 ** 0.5)


def test_edition_3_take_off() -> None:
    assert run("edition-3.yaml", "wyvern", "up 60,25").legal
    refused("edition-3.yaml", "wyvern", "up 50,35.1", "C-change", 2)
    assert run("edition-3.yaml", "wyvern", "55,25 up").legal
    refused("edition-3.yaml", "wyvern", "55.1,25 up", "C-change", 1)
    refused("edition-3.yaml", "wyvern", "52,25 up 53,25", "C-change", 3)
    s = wingbeat.open_scenario(HERE / "edition-3.yaml")
    assert wingbeat.engagement(s, "wyvern", "archer").to_dict()["sees"]["wyvern"] is True


def test_landing_bond_and_the_base_edge() -> None:
    """C-tiers: Bond in the current text; C-dive: measured from the counter to the base's edge."""
    s = wingbeat.open_scenario(HERE / "landing.yaml")
    reach = wingbeat.reach(s, "angel")
    assert isinstance(reach, ConfrontationReach) and "Bond" in reach.abilities[0]
    dive = run("landing.yaml", "angel", "dive:knight")
    assert dive.legal and dive.spent == pytest.approx(12.25) and dive.end["at"] == "31,20"
    assert dive.end["landed"] is True


def test_landing_bases_block_on_the_ground() -> None:
    """C-terrain: no base crosses another on the ground, nor lands on one."""
    refused("landing.yaml", "squire", "33.5,15", "C-terrain", 1)
    path = wingbeat.path(wingbeat.open_scenario(HERE / "landing.yaml"), "squire", "33.5,15")
    assert isinstance(path, ConfrontationMove) and path.legal
    assert path.spent == pytest.approx(11.2639, abs=1e-4)
    refused("landing.yaml", "angel", "32,20 land", "C-terrain", 2)
    assert run("landing.yaml", "angel", "30,20 land").legal


def test_landing_pursuit_and_redirect() -> None:
    """C-change: after landing, a pursuit move with the ground MOU, or the assault redirected."""
    pursued = run("landing.yaml", "angel", "dive:knight pursue 31,10")
    assert pursued.legal and pursued.pursuit is not None and pursued.pursuit[1] == 10
    assert pursued.dive is not None and "bonuses_lost" in pursued.dive
    refused("landing.yaml", "angel", "dive:knight pursue 31,9.9", "C-mou", 3)
    redirected = run("landing.yaml", "angel", "dive:knight redirect:squire", factor=2)
    assert redirected.legal and redirected.spent == pytest.approx(15.3402, abs=1e-4)
    refused("landing.yaml", "angel", "dive:knight redirect:squire", "C-change", 2)
