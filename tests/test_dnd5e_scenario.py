"""dnd5e scenario files: every mistake names the file, the place in it and what was expected."""

from __future__ import annotations

import pytest

import wingbeat
from wingbeat.errors import ScenarioError

BASE = "ruleset: dnd5e\nmap: {grid: GRID, columns: 6, rows: 6, top: 3, cells: CELLS}\ncreatures:\n"


def load(creatures: str, *, cells: str = "[]", grid: str = "square") -> wingbeat.Scenario:
    text = BASE.replace("GRID", grid).replace("CELLS", cells) + creatures
    return wingbeat.read_scenario_text(text, source="bad.yaml")


@pytest.mark.parametrize(("creatures", "cells", "grid", "where", "words"), [
    ("  - {id: a, at: A1, conditions: [sleepy]}\n", "[]", "square", "creatures[0].conditions",
     "unknown condition"),
    ("  - {id: a, at: A1, size: enormous}\n", "[]", "square", "creatures[0].size", "huge"),
    ("  - {id: a, at: G1}\n", "[]", "square", "creatures[0].at", "off the map"),
    ("  - {id: a, at: E5, size: huge}\n", "[]", "square", "creatures[0].at", "north-west"),
    ("  - {id: a, at: A1}\n", "[{at: [A1], wall: true}]", "square", "creatures[0].at",
     "A1 is a wall"),
    ("  - {id: a, at: A1, altitude: 2}\n", "[]", "square", "creatures[0].altitude",
     "no fly speed"),
    ("  - {id: a, at: A1, hover: true}\n", "[]", "square", "creatures[0].hover", "fly speed"),
    ("  - {id: a, at: A1, speed: {walk: 30, teleport: 30}}\n", "[]", "square",
     "creatures[0].speed.teleport", "unknown key"),
    ("  - {id: a, at: A1}\n  - {id: a, at: B1}\n", "[]", "square", "creatures[1].id",
     "duplicate"),
    ("  - {id: a, at: A2}\n", "[]", "hex", "creatures[0].at", "not a hex"),
    ("  - {id: a, at: A1}\n", "[{at: [B1]}]", "square", "map.cells[0]", "expected something"),
    ("  - {id: a, at: A1}\n", "[{at: [B1], ground: 1, ceiling: 1}]", "square", "map.cells",
     "ceiling"),
    ("  - {id: a, at: A1}\n", "[{at: [B1], terrain: lava}]", "square", "map.cells[0].terrain",
     "difficult"),
    ("  - {id: a, at: A1, strength: 0}\n", "[]", "square", "creatures[0].strength",
     "greater than or equal to 1"),
    ("  - {id: a, at: A1, strength: 31}\n", "[]", "square", "creatures[0].strength",
     "less than or equal to 30"),
    ("  - {id: a, at: A1, acrobatics: lots}\n", "[]", "square", "creatures[0].acrobatics",
     "whole number"),
    ("  - {id: a, at: A1}\n  - {id: b, at: B2}\n  - {id: c, size: huge, at: A1, altitude: 0}\n",
     "[]", "square", "creatures[2].at", "c overlaps a at A1, altitude 0"),
    ("  - {id: a, at: E5, altitude: 1, speed: {fly: 30}}\n  - {id: b, size: large, at: D4}\n",
     "[]", "hex", "creatures[1].at", "b overlaps a at E5, altitude 1"),
])
def test_bad_scenarios_name_the_place(creatures: str, cells: str, grid: str, where: str,
                                      words: str) -> None:
    with pytest.raises(ScenarioError) as caught:
        load(creatures, cells=cells, grid=grid)
    assert caught.value.source == "bad.yaml"
    assert caught.value.where == where
    assert words in str(caught.value)


def test_unknown_creature_and_options_are_clear() -> None:
    s = load("  - {id: a, at: A1}\n")
    with pytest.raises(ScenarioError, match="no creature 'b'"):
        wingbeat.reach(s, "b")
    with pytest.raises(wingbeat.WingbeatError, match="diagonals"):
        wingbeat.reach(s, "a", diagonals="chebyshev")


def test_a_climber_may_start_on_a_climbable_wall_face() -> None:
    """D-speed: a creature without fly speed can be above the ground where it can climb."""
    s = load("  - {id: a, at: A1, altitude: 2, speed: {walk: 30, climb: 30}}\n",
             cells="[{at: [A1], climb: true}]")
    verdict = wingbeat.check(s, "a", "down down").to_dict()
    assert verdict["legal"] is True and verdict["end"]["altitude"] == 0


def test_every_cells_block_and_wall_is_checked_not_only_the_first() -> None:
    """Issue 23: a map's problems are all listed, each with its line."""
    text = ("ruleset: dnd5e\nmap:\n  columns: 6\n  rows: 6\n  cells:\n"
            "    - {at: [Z1], terrain: difficult}\n    - {at: [B1]}\n"
            "    - {at: [C1], ground: 20}\n  walls:\n    - {between: [A1, C1]}\n"
            "creatures:\n  - {id: a, at: A1}\n")
    with pytest.raises(ScenarioError) as caught:
        wingbeat.read_scenario_text(text, source="map.yaml")
    assert [where for where, _ in caught.value.problems] == [
        "map.cells[0].at[0]", "map.cells[1]", "map.cells[2].ground", "map.walls[0].between"]
    assert [message.rsplit("(line ", 1)[1] for _, message in caught.value.problems] == [
        "6, column 13)", "7, column 7)", "8, column 26)", "10, column 17)"]
