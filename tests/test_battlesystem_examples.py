"""examples/battlesystem/EXPECTED.md, line by line."""

from __future__ import annotations

from pathlib import Path

import wingbeat
from wingbeat.rulesets.battlesystem import BattlesystemMove, BattlesystemReach

HERE = Path(__file__).resolve().parent.parent / "examples" / "battlesystem"


def run(name: str, who: str, moves: str) -> BattlesystemMove:
    report = wingbeat.check(wingbeat.open_scenario(HERE / name), who, moves)
    assert isinstance(report, BattlesystemMove)
    return report


def refused(name: str, who: str, moves: str, rule: str, step: int) -> None:
    report = run(name, who, moves)
    assert report.error is not None and (report.error.rule, report.error.step) == (rule, step)


def test_pegasi() -> None:
    report = run("pegasi.yaml", "pegasi", "up 42,20")
    assert report.legal and report.climb_cost == 16 and report.spent == 48
    refused("pegasi.yaml", "pegasi", "up 42.5,20", "B-alt", 2)
    assert run("pegasi.yaml", "pegasi", "10,44").legal
    refused("pegasi.yaml", "pegasi", "10,47", "B-turn", 1)
    refused("pegasi.yaml", "pegasi", "20,30 40,30", "B-turn", 2)
    assert run("pegasi.yaml", "pegasi", "20,30 30,40").legal
    leave = run("pegasi.yaml", "pegasi", "high leave")
    assert leave.legal and leave.end["left_battlefield"] is True
    reach = wingbeat.reach(wingbeat.open_scenario(HERE / "pegasi.yaml"), "pegasi")
    assert isinstance(reach, BattlesystemReach)
    assert [a.altitude for a in reach.areas] == ["ground", "low", "medium", "high"]
    medium = reach.areas[2]
    assert medium.climb_cost == 16 and medium.full.radius == 32
    griffons = run("pegasi.yaml", "griffons", "up 50,40")
    assert griffons.legal and griffons.end["formation"] == "open"


def test_dnd_dragon() -> None:
    assert run("dnd-dragon.yaml", "dragon", "56,24").legal
    refused("dnd-dragon.yaml", "pixies", "clouds 40,24", "B-alt", 2)
    reach = wingbeat.reach(wingbeat.open_scenario(HERE / "dnd-dragon.yaml"), "dragon")
    assert isinstance(reach, BattlesystemReach)
    assert [a.altitude for a in reach.areas] == ["ground", "low", "medium", "high", "clouds"]
    assert reach.areas[-1].climb_cost == 12
