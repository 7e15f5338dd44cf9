"""Scenario files written to hurt (issue 14): each is refused quickly, in one line naming the file
and the place, with exit code 2; none reads more than a scenario may hold."""

from __future__ import annotations

import json
import os
import threading
import unicodedata
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import wingbeat
from wingbeat._files import FileTooLarge, UnreadableFile, read_limited
from wingbeat.cli import app
from wingbeat.examples import example_text
from wingbeat.scenario._load import MAX_BYTES
from wingbeat.scenario._schema import MAX_NAME_CHARS
from wingbeat.scenario._yaml import (
    MAX_ALIAS_NODES,
    MAX_DEPTH,
    MAX_INT_DIGITS,
    MAX_NUMBER_CHARS,
    load,
)

runner = CliRunner()


def refusal(file: Path, *args: str) -> str:
    """``wingbeat reach FILE bat``'s one-line error (exit 2, no traceback)."""
    result = runner.invoke(app, ["reach", str(file), "bat", *args])
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {file}: "), result.stderr
    assert "Traceback" not in result.output
    return lines[0]


def billion_laughs() -> str:
    """Nine nested anchors, each nine aliases of the one before: 9**9 strings in 560 bytes."""
    lines = ["ruleset: volare", "lol: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for level in range(1, 10):
        lines.append(f"l{level}: &a{level} [" + ", ".join([f"*a{level - 1}"] * 9) + "]")
    lines.append("creatures: [*a9]")
    return "\n".join(lines) + "\n"


def test_a_billion_laughs_is_refused_in_milliseconds(tmp_path: Path) -> None:
    """Refused by a count (MAX_ALIAS_NODES), not a clock; benchmarks/refusals.py times it."""
    text = billion_laughs()
    assert len(text) < 600
    file = tmp_path / "bomb.yaml"
    file.write_text(text)
    with pytest.raises(wingbeat.ScenarioError) as caught:
        wingbeat.load_scenario(file)
    message = str(caught.value)
    assert "aliases expand to more than" in message and "line " in message
    assert "aliases expand" in refusal(file)


def test_a_few_anchors_are_still_fine() -> None:
    """Anchors are YAML: repeating one creature's block a few times is a scenario, not a bomb."""
    text = ("ruleset: dnd5e\nmap: {grid: square, columns: 8, rows: 8, top: 6}\n"
            "creatures:\n  - &bat {id: a, speed: {walk: 30, fly: 30}, at: A1, altitude: 1}\n"
            "  - {<<: *bat, id: b, at: C3}\n")
    scenario = wingbeat.read_scenario_text(text, source="anchors.yaml")
    assert [c.id for c in scenario.battle.creatures] == ["a", "b"]


def test_the_alias_bound_counts_expanded_values_not_aliases() -> None:
    block = "[" + ", ".join(["x"] * 99) + "]"  # 100 values with the list itself
    uses = MAX_ALIAS_NODES // 100
    fits = f"a: &a {block}\nb: [" + ", ".join(["*a"] * uses) + "]\n"
    assert len(load(fits)["b"]) == uses
    over = f"a: &a {block}\nb: [" + ", ".join(["*a"] * (uses + 1)) + "]\n"
    with pytest.raises(Exception, match="aliases expand to more than"):
        load(over)


def test_an_alias_inside_its_own_anchor_is_refused(tmp_path: Path) -> None:
    file = tmp_path / "loop.yaml"
    file.write_text("ruleset: volare\ncreatures: &c [*c]\n")
    assert "line 2, column 16: alias *c refers to the block it is inside" in refusal(file)


@pytest.mark.parametrize("opening, closing", [("[", "]"), ("{a: ", "}")])
def test_nesting_900_deep_is_refused_not_a_recursion_error(tmp_path: Path, opening: str,
                                                          closing: str) -> None:
    file = tmp_path / "deep.yaml"
    file.write_text("ruleset: volare\nmap: " + opening * 900 + "1" + closing * 900 + "\n")
    line = refusal(file)
    assert ": line 2, column " in line and f"nested more than {MAX_DEPTH} levels deep" in line


def test_block_nesting_is_bounded_too() -> None:
    text = "".join("  " * i + f"k{i}:\n" for i in range(MAX_DEPTH + 2)) + "  " * 70 + "x\n"
    with pytest.raises(Exception, match="nested more than"):
        load(text)


def test_a_5000_digit_integer_is_refused_with_its_place(tmp_path: Path) -> None:
    file = tmp_path / "huge.yaml"
    file.write_text("ruleset: volare\nmap:\n  columns: " + "9" * 5000 + "\n")
    line = refusal(file)
    assert f"line 3, column 12: a number of 5,000 digits; expected at most {MAX_INT_DIGITS}" \
        in line


def test_eighteen_digits_still_read_as_an_integer() -> None:
    assert load("n: -123_456_789_012_345_678\n") == {"n": -123456789012345678}
    assert load("n: 0x" + "f" * 15 + "\n") == {"n": 16**15 - 1}


@pytest.mark.parametrize("suffix, text, line", [
    (".yaml", "ruleset: dnd5e\ncreatures:\n  - {id: bat, fly: 8, fly: 80}\n", 3),
    (".json", '{"ruleset": "dnd5e",\n "creatures": [{"id": "bat",\n  "fly": 8, "fly": 80}]}',
     3),
])
def test_a_duplicate_key_is_refused_not_silently_the_last(tmp_path: Path, suffix: str,
                                                          text: str, line: int) -> None:
    file = tmp_path / f"dup{suffix}"
    file.write_text(text)
    said = refusal(file)
    assert f": line {line}, column " in said
    assert f"duplicate key 'fly' (first at line {line})" in said


def test_a_duplicate_top_level_key_is_refused() -> None:
    text = example_text("giant-bat") + "ruleset: dnd5e\n"
    with pytest.raises(wingbeat.ScenarioError,
                       match=r"duplicate key 'ruleset' \(first at line 4\)"):
        wingbeat.read_scenario_text(text, source="twice.yaml")


def test_a_merge_key_may_be_overridden() -> None:
    assert load("a: &a {x: 1, y: 2}\nb: {<<: *a, x: 3}\n")["b"] == {"x": 3, "y": 2}


# -- reading files -------------------------------------------------------------------------------
def test_a_fifo_is_refused_without_waiting(tmp_path: Path) -> None:
    """Opened for reading, a FIFO with no writer would block forever: the refusal ends on its
    own (the thread's bound only keeps a regression from hanging the run)."""
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    said: list[str] = []
    reader = threading.Thread(target=lambda: said.append(refusal(fifo)), daemon=True)
    reader.start()
    reader.join(timeout=120)
    if reader.is_alive():  # pragma: no cover - a regression: free it, then fail
        with fifo.open("w"):
            pass
        pytest.fail("reading the FIFO waited for a writer")
    assert said and "is not a regular file" in said[0]


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/null"])
def test_a_device_is_refused_unread(device: str) -> None:
    if not os.path.exists(device):  # pragma: no cover - every Linux has them
        pytest.fail(f"{device} is missing")
    assert "is not a regular file" in refusal(Path(device))


def test_a_directory_is_refused(tmp_path: Path) -> None:
    assert "is a directory" in refusal(tmp_path)


def test_a_300_mb_file_is_refused_before_it_is_read(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    with big.open("wb") as stream:
        stream.truncate(300_000_000)  # sparse: no 300 MB written
    assert "is larger than 1 MB" in refusal(big)  # by its size on disk (read_limited, below)


def test_read_limited_never_reads_past_its_limit(tmp_path: Path) -> None:
    file = tmp_path / "f"
    file.write_bytes(b"x" * 100)
    assert read_limited(file, 100) == b"x" * 100
    with pytest.raises(FileTooLarge):
        read_limited(file, 99)
    with pytest.raises(UnreadableFile, match="no such file"):
        read_limited(tmp_path / "missing", 100)


def test_a_file_that_grows_past_its_stated_size_is_still_bounded() -> None:
    """/proc files say they are empty and are not: the read itself stops at the limit."""
    status = Path("/proc/self/status")
    if not status.exists():  # pragma: no cover - Linux only
        pytest.fail("no /proc")
    assert os.stat(status).st_size == 0
    with pytest.raises(FileTooLarge):
        read_limited(status, 10)


def test_the_limit_is_the_documented_one() -> None:
    assert MAX_BYTES == 1_000_000
    docs = (Path(__file__).resolve().parent.parent / "docs" / "scenario.md").read_text()
    for figure in ("1 MB", f"{MAX_ALIAS_NODES:,}", f"{MAX_DEPTH}", f"{MAX_INT_DIGITS} digits"):
        assert figure in docs, figure


# -- issue 23: tags, numbers, names ---------------------------------------------------------------
GOOD_VOLARE = ("ruleset: volare\nmap: {columns: 10, rows: 10, top: 5}\ncreatures:\n"
               "  - {id: bat, fly: 8, at: E5, altitude: 2, mode: hovering}\n")


@pytest.mark.parametrize(("value", "tag"), [
    ("!!bool maybe", "!!bool"),
    ("!!timestamp 2001-13-45", "!!timestamp"),
    ("!!int abc", "!!int"),
    ("!!float 1", "!!float"),
    ("!!str 5", "!!str"),
    ("!!binary aGk=", "!!binary"),
    ("!foo bar", "!foo"),
    ("! 5", "!"),
    ("!!python/object/apply:os.system ['echo owned']", "!!python/object/apply:os.system"),
    ("!!map {a: 1}", "!!map"),
    ("!!set {a, b}", "!!set"),
    ("!!omap [a: 1]", "!!omap"),
])
def test_every_explicit_tag_is_refused_by_name(tmp_path: Path, value: str, tag: str) -> None:
    file = tmp_path / "tag.yaml"
    file.write_text(GOOD_VOLARE.replace("altitude: 2", f"altitude: {value}"))
    line = refusal(file)
    assert f": line 4, column 41: the tag {tag[:24]}" in line, line
    assert "is not part of a scenario; write the value plainly" in line


def test_a_tag_on_a_key_is_refused_too() -> None:
    with pytest.raises(wingbeat.ScenarioError, match=r"line 1, column 1: the tag !!str"):
        wingbeat.read_scenario_text("!!str ruleset: volare\n", source="k.yaml")


def test_a_plain_date_stays_text() -> None:
    """YAML 1.1 makes 2001-12-14 a date (and 2001-13-45 a ValueError); a scenario has no dates."""
    assert load("d: 2001-12-14\ne: 2001-13-45\n") == {"d": "2001-12-14", "e": "2001-13-45"}
    scenario = wingbeat.read_scenario_text(
        GOOD_VOLARE.replace("ruleset: volare", "ruleset: volare\ndescription: 2001-12-14"),
        source="date.yaml")
    assert scenario.battle.creatures[0].id == "bat"
    with pytest.raises(wingbeat.ScenarioError, match=r"creatures\[0\]\.at: .*line 4"):
        wingbeat.read_scenario_text(GOOD_VOLARE.replace("at: E5", "at: 2001-13-45"),
                                    source="date.yaml")


@pytest.mark.parametrize(("number", "words"), [
    ("0x" + "F" * 19, "a number of 19 digits; expected at most 18"),
    ("-0x" + "f" * 30, "a number of 30 digits; expected at most 18"),
    ("0b" + "1" * 10 + "_" * 30, "a number written with 42 characters; expected at most 40"),
    ("0b" + "1" * 30, "a number of 30 digits; expected at most 18"),
    ("0" + "7" * 25, "a number of 26 digits; expected at most 18"),
    ("1" + "_" * 60 + "1", "a number written with 62 characters; expected at most 40"),
    ("1." + "0" * 5000, "a number of 5,001 digits; expected at most 18"),
    ("1." + "_" * 50, "a number written with 52 characters; expected at most 40"),
    ("9" * 5000, "a number of 5,000 digits; expected at most 18"),
])
def test_a_numbers_length_is_bounded_before_it_is_read(tmp_path: Path, number: str,
                                                       words: str) -> None:
    file = tmp_path / "number.yaml"
    file.write_text(GOOD_VOLARE.replace("top: 5", f"top: {number}"))
    line = refusal(file)
    assert f"line 2, column 35: {words}" in line, line


def test_the_number_bound_counts_what_is_written_not_only_decimal_digits() -> None:
    assert MAX_NUMBER_CHARS == 40
    assert load("n: 0x" + "f" * 18 + "\n") == {"n": 16**18 - 1}  # 18 hex digits: the bound
    with pytest.raises(Exception, match="19 digits"):
        load("n: 0x" + "f" * 19 + "\n")


@pytest.mark.parametrize(("place", "value", "shown"), [
    ("id", '"c\\e]0;pwned\\a\\e[2J"', "\\x1b"),  # retitles the terminal, clears the screen
    ("id", '"bat\\nerror: forged"', "\\n"),  # a second error line
    ("name", '"Bat\\0"', "\\x00"),  # invalid XML in the SVG
    ("name", '"\\ud800"', "\\ud800"),  # no UTF-8 holds it
    ("side", '"\\udfff"', "\\udfff"),
    ("side", '"a\\tb"', "\\t"),
    ("name", '"\\x9b2J"', "\\x9b"),  # a C1 control: CSI on some terminals
    ("name", '"evil\\u202etxt.exe"', "\\u202e"),  # reads backwards from here
    ("side", '"a\\u2028b"', "\\u2028"),  # a line separator
    ("name", '"\\uffff"', "\\uffff"),  # no XML holds it
    ("description", '"ok\\0"', "\\x00"),
])
def test_control_characters_and_lone_surrogates_are_refused_in_one_plain_line(
        tmp_path: Path, place: str, value: str, shown: str) -> None:
    text = GOOD_VOLARE.replace("{id: bat, ", "{id: bat, " if place == "id" else
                               f"{{id: bat, {place}: {value}, ")
    if place == "id":
        text = text.replace("{id: bat, ", f"{{id: {value}, ")
    if place == "description":
        text = GOOD_VOLARE.replace("ruleset: volare", f"ruleset: volare\ndescription: {value}")
    file = tmp_path / "names.yaml"
    file.write_bytes(text.encode("utf-8"))
    line = refusal(file)
    assert line.isprintable() and "\x1b" not in line, line
    assert shown in line and ("control character" in line or "lone surrogate" in line), line
    line.encode("utf-8")


@pytest.mark.parametrize("ruleset", ["dnd5e", "battlesystem", "confrontation"])
def test_every_ruleset_refuses_control_characters_in_names(ruleset: str) -> None:
    from wingbeat.examples import example_text

    name = {"dnd5e": "harpy", "battlesystem": "pegasi", "confrontation": "morbid-angel"}[ruleset]
    text = example_text(name)
    key = "units" if ruleset == "battlesystem" else "creatures"
    data = yaml.safe_load(text)
    for field in ("id", "name", "side"):
        bad = {**data, key: [{**data[key][0], field: "x\x1b[2Jy"}, *data[key][1:]]}
        with pytest.raises(wingbeat.ScenarioError) as caught:
            wingbeat.parse_scenario(bad, source="n.yaml")
        assert caught.value.where == f"{key}[0].{field}", str(caught.value)
        assert "\x1b" not in str(caught.value) and "control character" in str(caught.value)


def test_a_long_name_is_refused_before_any_picture_draws_it() -> None:
    with pytest.raises(wingbeat.ScenarioError, match=f"at most {MAX_NAME_CHARS} characters"):
        wingbeat.read_scenario_text(GOOD_VOLARE.replace("{id: bat,", "{id: bat, name: "
                                                        + "N" * 5000 + ","), source="long.yaml")


def test_a_label_the_parser_refuses_is_a_located_error_not_a_traceback() -> None:
    """A label of 5,000 digits never reaches the parser: the schema bounds its length."""
    for at in ("A" + "9" * 5000, "'" + "9" * 30 + "'", "P1:" + "A" * 500, '"A1\\0"'):
        with pytest.raises(wingbeat.ScenarioError) as caught:
            wingbeat.read_scenario_text(GOOD_VOLARE.replace("at: E5", f"at: {at}"),
                                        source="label.yaml")
        assert caught.value.where == "creatures[0].at" and "line 4" in caught.value.message


HOSTILE_UPLOADS = [
    GOOD_VOLARE.replace("altitude: 2", "altitude: !!bool maybe"),
    GOOD_VOLARE.replace("altitude: 2", "altitude: !!timestamp 2001-13-45"),
    GOOD_VOLARE.replace("altitude: 2", "altitude: !!int abc"),
    GOOD_VOLARE.replace("top: 5", "top: 0x" + "F" * 40),
    GOOD_VOLARE.replace("{id: bat,", '{id: "\\ud800",'),
    GOOD_VOLARE.replace("{id: bat,", '{id: bat, name: "a\\0b",'),
    GOOD_VOLARE.replace("{id: bat,", '{id: "c\\e]0;pwned\\a\\e[2J",'),
    GOOD_VOLARE.replace("{id: bat,", '{id: "bat\\nerror: forged",'),
    GOOD_VOLARE.replace("altitude: 2", "altitude: .nan"),
    "ruleset: dnd5e\nmap: {columns: 6, rows: 6}\ncreatures:\n  - {id: a, at: A1, speed: 30}\n",
]


@pytest.mark.parametrize("text", HOSTILE_UPLOADS)
def test_the_server_answers_400_in_one_line(text: str) -> None:
    from fastapi.testclient import TestClient

    from wingbeat.web import create_app

    client = TestClient(create_app(), base_url="http://127.0.0.1")
    response = client.post("/api/upload", params={"name": "bad.yaml"},
                           content=text.encode("utf-8"),
                           headers={"Content-Type": "application/yaml"})
    assert response.status_code == 400, response.text
    message = response.json()["error"]["message"]
    assert message.startswith("bad.yaml: ") and message.isprintable(), message
    assert not any(w in message for w in ("Input should", "valid dictionary", "Traceback"))


def test_a_character_no_yaml_holds_is_placed_too(tmp_path: Path) -> None:
    file = tmp_path / "nul.yaml"
    file.write_bytes(GOOD_VOLARE.replace("at: E5", "at: E\x005").encode())
    line = refusal(file)
    assert ": line 4, column 28: is not valid YAML or JSON: unacceptable character #x0000" in line


def test_a_json_escaped_pair_is_one_character_not_two_lone_surrogates() -> None:
    """``json.dumps`` writes 😀 as ``"\\ud83d\\ude00"``: a JSON reader joins the pair, and so
    does the scenario reader; only a surrogate without its pair is refused."""
    data = {"ruleset": "volare", "map": {"columns": 5, "rows": 5},
            "creatures": [{"id": "bat", "name": "Bat 😀", "at": "C3"}]}
    scenario = wingbeat.read_scenario_text(json.dumps(data), source="emoji.json")
    assert scenario.battle.creatures[0].name == "Bat 😀"
    data["creatures"][0]["name"] = "Bat \ud83d"
    with pytest.raises(wingbeat.ScenarioError, match=r"lone surrogate \(\\ud83d\)"):
        wingbeat.read_scenario_text(json.dumps(data), source="half.json")


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=12), st.sampled_from(["id", "name", "side"]))
def test_any_name_is_kept_as_written_or_refused_in_one_plain_line(name: str, key: str) -> None:
    """Whatever text a JSON file gives as a name: the scenario keeps it exactly, or the error
    names that place in one printable line; a kept name is printable UTF-8."""
    creature = {"id": "bat", "at": "C3", key: name}
    text = json.dumps({"ruleset": "volare", "map": {"columns": 5, "rows": 5},
                       "creatures": [creature]})
    try:
        scenario = wingbeat.read_scenario_text(text, source="n.json")
    except wingbeat.ScenarioError as exc:
        said = str(exc)
        assert said.isprintable() and exc.where == f"creatures[0].{key}", said
        said.encode("utf-8")
        return
    kept = getattr(scenario.battle.creatures[0], key)
    assert kept == name
    assert not any(unicodedata.category(ch) in ("Cc", "Cs", "Zl", "Zp") for ch in kept)
    assert not any(ch in "\u202e\u2066\ufffe\uffff" for ch in kept)  # reordering, not XML
    kept.encode("utf-8")


@pytest.mark.parametrize("field", ['name: "\\ud800"', 'side: "\\udc00"', 'name: "Bat\\0"'])
@pytest.mark.parametrize("command", [["threat", "--side", "x"], ["render", "--output", "out.svg"]])
def test_threat_and_render_refuse_the_names_they_tripped_on(tmp_path: Path, field: str,
                                                            command: list[str]) -> None:
    """A lone surrogate was a ``UnicodeEncodeError`` in ``threat`` and ``render``, a NUL an
    invalid SVG: now the file is refused before either starts."""
    file = tmp_path / "names.yaml"
    file.write_text(GOOD_VOLARE.replace("{id: bat, ", f"{{id: bat, {field}, "))
    command = [part.replace("out.svg", str(tmp_path / "out.svg")) for part in command]
    result = runner.invoke(app, [command[0], str(file), *command[1:]])
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {file}: creatures[0]."), result.stderr
    assert lines[0].isprintable()
