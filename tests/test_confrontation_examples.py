"""examples/confrontation/EXPECTED.md, line by line."""

from __future__ import annotations

from pathlib import Path

import pytest

import wingbeat
from wingbeat.rules.confrontation import ConfrontationMove

HERE = Path(__file__).resolve().parent.parent / "examples" / "confrontation"


def run(name: str, who: str, moves: str) -> ConfrontationMove:
    report = wingbeat.check(wingbeat.open_scenario(HERE / name), who, moves)
    assert isinstance(report, ConfrontationMove)
    return report


def refused(name: str, who: str, moves: str, rule: str, step: int) -> None:
    report = run(name, who, moves)
    assert report.error is not None and (report.error.rule, report.error.step) == (rule, step)


def test_morbid_angel_dive_and_terrain() -> None:
    dive = run("morbid-angel.yaml", "angel", "dive:knight")
    assert dive.legal and dive.spent == pytest.approx(9.434, abs=1e-3) and dive.dive is not None
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
