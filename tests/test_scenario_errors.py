"""Bad scenario files: a clear error naming the file, the place inside it and the expectation."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
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


def error_reading(text: str, source: str = "s.yaml") -> wingbeat.ScenarioError:
    """The error ``read_scenario_text`` raises for ``text`` (it must raise one)."""
    with pytest.raises(wingbeat.ScenarioError) as caught:
        wingbeat.read_scenario_text(text, source=source)
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


# -- issue 23: errors a person can decode, with their line and column, all at once --------------
PYDANTIC_WORDS = ("valid dictionary", "instance of", "Input should", "Model", "tuple",
                  "Keys should be", "valid string", "valid integer", "valid list", "Value error",
                  "finite_number", "pydantic", "Field required", "Extra inputs")

DND5E = """\
ruleset: dnd5e
map: {columns: 6, rows: 6}
creatures:
  - {id: a, at: A1, speed: 30}
  - {id: b, at: G9}
  - {id: c, at: C3}
"""


def test_a_number_for_the_speeds_says_how_to_write_them() -> None:
    text = str(error_reading(DND5E))
    assert ("creatures[0].speed: expected a mapping of keys to values, like speed: {walk: 30, "
            "fly: 60} (got 30) (line 4, column 28)") in text
    assert not any(words in text for words in PYDANTIC_WORDS), text


def test_problems_of_every_stage_are_listed_in_the_files_order() -> None:
    """``speed: 30`` (the schema) and an off-map creature (placement) are both named; the
    creature that validated is still placed, and each problem has its line."""
    error = error_reading(DND5E)
    assert [where for where, _ in error.problems] == ["creatures[0].speed", "creatures[1].at"]
    assert error.problems[1][1] == "G9 is off the map (columns A..F, rows 1..6) (line 5, column 17)"
    assert str(error).startswith("s.yaml: 2 problems: creatures[0].speed: ")


def test_the_order_is_the_files_not_the_stages() -> None:
    """A placement problem above a schema problem comes first."""
    text = DND5E.replace("at: A1, speed: 30", "at: Z1").replace("at: G9", "at: B2, reach: far")
    assert [where for where, _ in error_reading(text).problems] == ["creatures[0].at",
                                                                    "creatures[1].reach"]


def test_a_pair_written_without_brackets_on_a_table() -> None:
    """``at: 60,25`` in a flow mapping is ``at: 60`` and a key 25."""
    text = ("ruleset: confrontation\nmap: {table: [120, 120]}\ncreatures:\n"
            "  - {id: angel, mou: {ground: 10, air: 17.5}, tier: 2, at: 60,25}\n")
    error = error_reading(text, "t.yaml")
    said = dict(error.problems)
    assert said["creatures[0]"].startswith("the number 25 stands where a key should: two "
                                           "numbers are written as a list, like at: [60, 25]")
    assert said["creatures[0].at"].startswith("expected a list, like at: [60, 25] (x and y in cm) "
                                              "(got 60)")
    assert not any(words in str(error) for words in PYDANTIC_WORDS), str(error)


def test_json_text_has_lines_and_columns_too() -> None:
    text = '{"ruleset": "volare",\n "map": {"columns": 5, "rows": 5},\n "creatures": [\n' \
           '  {"id": "x", "at": "Z9"}]}'
    error = error_reading(text, "s.json")
    assert error.where == "creatures[0].at"
    assert error.message.endswith("(line 4, column 21)")


def test_data_from_no_text_names_the_place_alone() -> None:
    """``parse_scenario`` of a mapping (the library, a JSON body) has no lines to name."""
    data = {"ruleset": "dnd5e", "map": {"columns": 6, "rows": 6},
            "creatures": [{"id": "a", "at": "A1", "speed": 30}, {"id": "b", "at": "G9"}]}
    with pytest.raises(wingbeat.ScenarioError) as caught:
        wingbeat.parse_scenario(data)
    assert [w for w, _ in caught.value.problems] == ["creatures[0].speed", "creatures[1].at"]
    assert "line " not in str(caught.value)


def test_a_missing_key_is_placed_at_its_mapping() -> None:
    text = "ruleset: volare\nmap: {columns: 5, rows: 5}\ncreatures:\n  - {id: x}\n"
    error = error_reading(text)
    assert error.where == "creatures[0].at"
    assert error.message == ("required, but missing, like at: T34 (a hex label) "
                             "(line 4, column 5)")


def test_a_value_of_several_kinds_gets_one_sentence() -> None:
    """``at`` of a cells block is a label or a list of them: one complaint, not one per kind."""
    text = "ruleset: volare\nmap: {columns: 5, rows: 5, cells: [{at: 7, ground: 1}]}\n"
    error = error_reading(text)
    assert len(error.problems) == 1, str(error)
    assert error.where == "map.cells[0].at"


def test_infinity_and_nan_are_no_number_anywhere() -> None:
    for ruleset, text in [
        ("volare", "ruleset: volare\nmap: {columns: 5, rows: 5, top: .inf}\n"),
        ("dnd5e", "ruleset: dnd5e\nmap: {columns: 5, rows: .nan}\n"),
        ("battlesystem", "ruleset: battlesystem\nmap: {table: [.inf, 48]}\n"),
        ("confrontation", "ruleset: confrontation\nmap: {table: [120, -.inf]}\n"),
    ]:
        message = error_reading(text, f"{ruleset}.yaml").message
        assert "finite number" in message or "whole number" in message, (ruleset, message)
        assert "(got .inf)" in message or "(got .nan)" in message or "(got -.inf)" in message


# a corpus of wrong values, put in place of every value of every built-in example in turn
WRONG = [30, -1, 10**17, "ten", True, None, [], {}, [1, 2, 3], {"x": 1}, float("inf"),
         float("nan"), "x" * 300, "a\x1b[2Jb", "\ud800", "60,25"]


def _paths(data: object, path: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    out = [path] if path else []
    if isinstance(data, dict):
        for key, value in data.items():
            out += _paths(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data[:2]):
            out += _paths(value, (*path, i))
    return out


def _replaced(data: object, path: tuple[str | int, ...], value: object) -> object:
    if not path:
        return value
    head, *rest = path
    if isinstance(data, dict):
        return {**data, head: _replaced(data[head], tuple(rest), value)}
    assert isinstance(data, list) and isinstance(head, int)
    return [*data[:head], _replaced(data[head], tuple(rest), value), *data[head + 1:]]


@pytest.mark.parametrize("name", ["giant-bat", "harpy", "pegasi", "morbid-angel"])
def test_no_message_speaks_pydantic(name: str) -> None:
    """Every value of each ruleset's example, replaced by each wrong value in turn: whatever is
    refused is refused in a player's words, on one line, with no control character."""
    import yaml

    from wingbeat.examples import example_text

    data = yaml.safe_load(example_text(name))
    refused = 0
    for path in _paths(data):
        if path == ("ruleset",):
            continue
        for value in WRONG:
            try:
                wingbeat.parse_scenario(_replaced(data, path, value), source="x.yaml")
            except wingbeat.ScenarioError as exc:
                refused += 1
                text = str(exc)
                assert not any(words in text for words in PYDANTIC_WORDS), (path, value, text)
                assert text.isprintable(), (path, value, text)
                text.encode("utf-8")  # no lone surrogate
    assert refused > 50


def test_a_wrong_option_does_not_hide_the_creatures_problems() -> None:
    text = ("ruleset: volare\noptions: {fall_damage: lots}\nmap: {columns: 5, rows: 5}\n"
            "creatures:\n  - {id: x, at: Z9}\n")
    assert [where for where, _ in error_reading(text).problems] == ["options.fall_damage",
                                                                    "creatures[0].at"]


def test_a_misspelt_key_gets_a_guess() -> None:
    text = GOOD.replace("altitude: 2", "altitud: 2")
    said = dict(error_reading(text).problems)["creatures[0].altitud"]
    assert said.startswith("unknown key: not part of the scenario format (check its spelling; "
                           "did you mean altitude?)")


def test_every_cells_block_of_a_volare_map_is_checked() -> None:
    text = GOOD.replace("{at: [C3, C5], ceiling: 1}", "{at: [C3, C5]}").replace(
        "{at: [P14, P16], ground: 2}", "{at: [P14, P16], ground: 12}")
    assert [where for where, _ in error_reading(text).problems] == ["map.cells[0].ground",
                                                                    "map.cells[1]"]


MISTAKES = {
    "good": "{id: cID, at: SPOT}",
    "speed": "{id: cID, at: SPOT, speed: 30}",  # the schema
    "off-map": "{id: cID, at: Z99}",  # placement
    "unknown": "{id: cID, at: SPOT, wings: 2}",  # the schema
    "fly-less": "{id: cID, at: SPOT, altitude: 2}",  # placement
    "twice": "{id: c0, at: SPOT}",  # across creatures (c0 comes first)
}


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(sorted(MISTAKES)), min_size=1, max_size=12))
def test_each_wrong_creature_is_named_once_in_the_files_order(kinds: list[str]) -> None:
    """Whatever the mix of schema, placement and cross-creature mistakes, each wrong creature is
    one problem, at its own line, and the problems come in the order of the file."""
    kinds = ["good", *kinds]  # c0 exists for "twice"
    spots = [f"{column}{row}" for row in range(1, 9) for column in "ABCDEFGH"]
    lines = [MISTAKES[kind].replace("ID", str(i)).replace("SPOT", spots[i])
             for i, kind in enumerate(kinds)]
    text = "ruleset: dnd5e\nmap: {columns: 8, rows: 8}\ncreatures:\n" + "".join(
        f"  - {line}\n" for line in lines)
    wrong = [i for i, kind in enumerate(kinds) if kind != "good"]
    if not wrong:
        assert wingbeat.read_scenario_text(text, source="s.yaml")
        return
    problems = error_reading(text).problems
    assert [int(re.search(r"\[(\d+)\]", where or "").group(1)) for where, _ in problems] == wrong
    found_lines = [int(re.search(r"\(line (\d+), column \d+\)$", m).group(1)) for _, m in problems]
    assert found_lines == [4 + i for i in wrong]
