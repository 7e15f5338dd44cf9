"""Bad scenario files: a clear error naming the file, the place inside it and the expectation."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

import wingbeat
from wingbeat.cli import app

GOOD = """\
ruleset: volare
map:
  grid: hex
  columns: 30
  rows: 50
  top: 10
  cells:
    - {at: [P14, P16], ground: 2}
    - {at: [C3, C5], ceiling: 1}
creatures:
  - {id: bat, fly: 8, maneuverability: medium, reflex: 50, at: T34, altitude: 2,
     mode: moving, came_from: T32}
  - {id: chamois, at: V36}
"""


LINE = re.compile(r".* \(line \d+, column \d+\)")


def path_of(error: wingbeat.ScenarioError) -> str:
    """The place of a file's error, whose message ends with the line and column of that place."""
    assert LINE.fullmatch(error.message), str(error)
    return error.where or ""


def error_for(tmp_path: Path, text: str) -> wingbeat.ScenarioError:
    file = tmp_path / "bad.yaml"
    file.write_text(text)
    with pytest.raises(wingbeat.ScenarioError) as caught:
        wingbeat.load_scenario(file)
    assert str(file) in str(caught.value)
    return caught.value


def test_the_good_file_loads(tmp_path: Path) -> None:
    file = tmp_path / "good.yaml"
    file.write_text(GOOD)
    scenario = wingbeat.load_scenario(file)
    assert [c.id for c in scenario.battle.creatures] == ["bat", "chamois"]


@pytest.mark.parametrize(("old", "new", "where", "words"), [
    ("top: 10", "top: 10\n  colour: blue", "map.colour", "unknown key"),
    ("reflex: 50", "reflex: 50, wings: 2", "creatures[0].wings", "unknown key"),
    ("at: T34", "at: T33", "creatures[0].at", "column index + row must be even"),
    ("at: T34", "at: AZ34", "creatures[0].at", "off the map"),
    ("at: T34", "at: 34T", "creatures[0].at", "hex label"),
    ("altitude: 2", "altitude: high", "creatures[0].altitude", "whole number"),
    ("altitude: 2", "altitude: 11", "creatures[0].altitude", "top"),
    ("mode: moving", "mode: gliding", "creatures[0].mode", "grounded"),
    ("came_from: T32", "came_from: T30", "creatures[0].came_from", "not adjacent"),
    ("came_from: T32", "heading: UP", "creatures[0].heading", "direction"),
    ("mode: moving, came_from: T32", "mode: moving", "creatures[0].heading", "heading"),
    ("{id: chamois, at: V36}", "{id: bat, at: V36}", "creatures[1].id", "duplicate"),
    ("{id: chamois, at: V36}", "{id: chamois, at: V36, altitude: 2}", "creatures[1].altitude",
     "grounded"),
    ("{at: [C3, C5], ceiling: 1}", "{at: [C3, C6], ceiling: 1}", "map.cells[1].at[1]", "even"),
    ("columns: 30", "columns: 0", "map.columns", "greater than or equal to 1"),
    ("ruleset: volare", "ruleset: warhammer", "ruleset", "expected one of"),
    ("fly: 8, ", "", "creatures[0].fly", "no fly speed"),
    ("altitude: 2", "altitude: yes", "creatures[0].altitude", "not true/false"),
    ("top: 10", "top: true", "map.top", "not true/false"),
    ("{at: [P14, P16], ground: 2}", "{at: [P14, P16], ground: on}", "map.cells[0].ground",
     "not true/false"),
])
def test_bad_scenarios_name_the_place(tmp_path: Path, old: str, new: str, where: str,
                                      words: str) -> None:
    assert old in GOOD
    error = error_for(tmp_path, GOOD.replace(old, new, 1))
    assert path_of(error) == where, str(error)
    assert words in error.message, str(error)


def test_creature_inside_the_ground(tmp_path: Path) -> None:
    error = error_for(tmp_path, GOOD.replace("at: T34, altitude: 2", "at: P14, altitude: 1")
                      .replace("came_from: T32", "heading: S"))
    assert path_of(error) == "creatures[0].altitude" and "inside the ground" in error.message


def test_creature_above_a_ceiling(tmp_path: Path) -> None:
    error = error_for(tmp_path, GOOD.replace("at: T34, altitude: 2", "at: C3, altitude: 1")
                      .replace("came_from: T32", "heading: S"))
    assert path_of(error) == "creatures[0].altitude" and "ceiling" in error.message


def test_yaml_syntax_error_names_line_and_column(tmp_path: Path) -> None:
    error = error_for(tmp_path, GOOD.replace("columns: 30", "columns: [30"))
    assert error.where is not None and error.where.startswith("line ")


def test_json_works_too(tmp_path: Path) -> None:
    file = tmp_path / "s.json"
    file.write_text('{"ruleset": "volare", "map": {"columns": 5, "rows": 5}, '
                    '"creatures": [{"id": "x", "at": "C3"}]}')
    assert wingbeat.load_scenario(file).battle.creatures[0].id == "x"


@pytest.mark.parametrize("text", ["", "- a list\n", "just words\n"])
def test_not_a_mapping(tmp_path: Path, text: str) -> None:
    assert "expected a mapping" in error_for(tmp_path, text).message


def test_missing_file_and_directory(tmp_path: Path) -> None:
    with pytest.raises(wingbeat.ScenarioError, match="no such file"):
        wingbeat.load_scenario(tmp_path / "nope.yaml")
    with pytest.raises(wingbeat.ScenarioError, match="directory"):
        wingbeat.load_scenario(tmp_path)


def test_cli_bad_input_exits_2_without_traceback(tmp_path: Path) -> None:
    file = tmp_path / "bad.yaml"
    file.write_text(GOOD.replace("at: T34", "at: T33"))
    runner = CliRunner()
    for args in (["reach", str(file), "bat"], ["check", str(file), "bat", "U35"],
                 ["reach", str(tmp_path / "missing.yaml"), "bat"],
                 ["reach", "example:giant-bat", "dragon"],
                 ["check", "example:giant-bat", "bat", "U35 sideways"],
                 ["path", "example:giant-bat", "bat", "--to", "Q"],
                 ["reach", "example:giant-bat", "bat", "--option", "speed"],
                 ["reach", "example:giant-bat", "bat", "--option", "colour=red"],
                 ["reach", "example:nope", "bat"]):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, (args, result.output)
        assert "Traceback" not in result.output
        assert result.exception is None or isinstance(result.exception, SystemExit)
        assert "error:" in result.stderr


def test_cli_json_error_is_json() -> None:
    result = CliRunner().invoke(app, ["reach", "example:giant-bat", "dragon", "--json"])
    assert result.exit_code == 2
    assert '"error"' in result.stdout and "dragon" in result.stdout


@pytest.mark.parametrize(("text", "where"), [
    ("ruleset: dnd5e\nmap: {columns: 5, rows: 5}\ncreatures:\n"
     "  - {id: harpy, speed: {walk: 20, fly: true}, at: B2}\n", "creatures[0].speed.fly"),
    ("ruleset: confrontation\nmap: {table: [60, 60]}\ncreatures:\n"
     "  - {id: angel, mou: {ground: 10, air: 17.5}, tier: 2, at: [true, 30]}\n",
     "creatures[0].at"),
])
def test_true_is_no_number_in_any_ruleset(tmp_path: Path, text: str, where: str) -> None:
    error = error_for(tmp_path, text)
    assert path_of(error).startswith(where), str(error)
    assert "not true/false" in error.message, str(error)
