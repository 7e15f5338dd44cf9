"""Fuzzed scenario texts and move strings through the command line (issue 14): whatever comes in,
no traceback, the documented exit code (0 answered, 1 an illegal move, 2 bad input), and a bad
input's error on one line of standard error."""

from __future__ import annotations

import atexit
import re
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any
from unittest import mock

import typer.testing
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.main import get_command
from typer.testing import CliRunner

from wingbeat.cli import app

runner = CliRunner()
# Typer's runner rebuilds the command tree on every call (about 0.1 s, most of a fuzz case's
# time): build it once, and hand the runner that.
COMMAND = get_command(app)
ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted([*(ROOT / "src" / "wingbeat" / "examples").glob("*.yaml"),
                   *(ROOT / "examples").glob("*/*.yaml")])
TEXTS = {path: path.read_text(encoding="utf-8") for path in EXAMPLES}


def creature_ids(text: str) -> list[str]:
    data = yaml.safe_load(text)
    return [c["id"] for key in ("creatures", "units") for c in data.get(key) or []]


CREATURES = [(path, ident) for path, text in TEXTS.items() for ident in creature_ids(text)]


def assert_contract(args: list[str]) -> int:
    """Run ``wingbeat ARGS`` in-process; the exit code is 0, 1 or 2, nothing escapes, and exit
    2 says why on exactly one line."""
    with mock.patch.object(typer.testing, "_get_command", lambda _app: COMMAND):
        result = runner.invoke(app, args, prog_name="wingbeat")
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        args, repr(result.exception))
    assert result.exit_code in (0, 1, 2), (args, result.exit_code, result.output)
    assert "Traceback" not in result.output
    if result.exit_code == 2:
        lines = result.stderr.splitlines()
        assert len(lines) == 1, (args, result.stderr)
        assert lines[0].startswith(("error: ", "wingbeat: error: ")), (args, result.stderr)
    return result.exit_code


# -- scenario texts ------------------------------------------------------------------------------
NUMBER = re.compile(r"(?<![\w.])-?\d+(\.\d+)?(?![\w.])")
ODD_NUMBERS = ["9" * 30, "-" + "9" * 25, "1" + "0" * 5000, "-1", "-999", "0", "1e308", "-.inf",
               ".nan", "0x7fffffffffffffff", "ten", "yes", "~", "[]", "{}", "12:30:00", "1_000",
               "2001-12-14", "!!binary aGk=", "'7'", "7.5", "3/2"]


@st.composite
def mutated(draw: st.DrawFn) -> tuple[str, str]:
    """One example's text, changed one to three times; and a creature id to ask about."""
    path = draw(st.sampled_from(EXAMPLES))
    lines = TEXTS[path].splitlines()
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["delete", "duplicate", "swap", "number", "anchor", "deep",
                                     "bytes", "indent"]))
        at = draw(st.integers(0, max(0, len(lines) - 1)))
        if kind == "delete" and lines:
            del lines[at]
        elif kind == "duplicate" and lines:
            lines.insert(at, lines[at])
        elif kind == "swap" and lines:
            other = draw(st.integers(0, len(lines) - 1))
            lines[at], lines[other] = lines[other], lines[at]
        elif kind == "number" and lines:
            numbers = list(NUMBER.finditer(lines[at]))
            if numbers:
                hit = draw(st.sampled_from(numbers))
                value = draw(st.sampled_from(ODD_NUMBERS) | st.integers(-10**6, 10**6).map(str))
                lines[at] = lines[at][:hit.start()] + value + lines[at][hit.end():]
        elif kind == "anchor":
            level = draw(st.integers(1, 9))
            bomb = ["x0: &x0 [a, b, c, d, e, f, g, h, i]"]
            bomb += [f"x{i}: &x{i} [" + ", ".join([f"*x{i - 1}"] * 9) + "]"
                     for i in range(1, level + 1)]
            lines[0:0] = bomb
            lines.append(draw(st.sampled_from([f"description: *x{level}", f"extra: *x{level}",
                                               "creatures: *x0", "map: *x1"])))
        elif kind == "deep":
            depth = draw(st.integers(10, 1200))
            lines.append("description: " + "[" * depth + "]" * depth)
        elif kind == "bytes" and lines:
            noise = draw(st.binary(min_size=1, max_size=12)).decode("utf-8", "surrogateescape")
            column = draw(st.integers(0, len(lines[at])))
            lines[at] = lines[at][:column] + noise + lines[at][column:]
        elif kind == "indent" and lines:
            lines[at] = draw(st.sampled_from(["", " ", "  ", "\t"])) + lines[at].lstrip()
    ids = creature_ids(TEXTS[path])
    return "\n".join(lines) + "\n", draw(st.sampled_from(ids))


_FOLDER = Path(tempfile.mkdtemp(prefix="wingbeat-fuzz-"))  # hypothesis and tmp_path do not mix
atexit.register(shutil.rmtree, _FOLDER, ignore_errors=True)


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_a_mutated_example_is_answered_or_refused_in_one_line(case: tuple[str, str]) -> None:
    text, creature = case
    file = _FOLDER / "mutated.yaml"
    file.write_bytes(text.encode("utf-8", "surrogateescape"))  # random bytes stay as drawn
    assert_contract(["check", str(file), creature, ""])


def test_every_example_is_answered_unmutated() -> None:
    """The fuzz starts from good files: each one answers (0) or refuses the hold (1)."""
    for path, creature in CREATURES:
        assert assert_contract(["check", str(path), creature, ""]) in (0, 1), (path, creature)


# -- move strings --------------------------------------------------------------------------------
def _labels(draw: Callable[[Any], Any]) -> str:
    column = draw(st.sampled_from(["A", "C", "T", "U", "V", "Z", "AA", "AD", "ZZ", "a", "u"]))
    row = draw(st.sampled_from(["0", "1", "5", "33", "34", "35", "36", "99", "2000", "-1"]))
    return column + row


WORDS = ["N", "NE", "E", "SE", "S", "SW", "W", "NW", "up", "down", "hover", "thrust", "skim",
         "land", "land-fast", "pay", "dash", "disengage", "action", "interact", "prone", "stand",
         "leave", "ground", "low", "medium", "high", "takeoff", "pursue", "pursuit", "+up",
         "jump:", "jump-up:", "dive:", "redirect:", ",", ":", "+", "--", "\u00e9", "\x00",
         "angel", "bat", "knight", "dragon", "9" * 400]


@st.composite
def token(draw: st.DrawFn) -> str:
    kind = draw(st.integers(0, 5))
    if kind == 0:
        return str(draw(st.sampled_from(WORDS)))
    if kind == 1:
        return _labels(draw)
    if kind == 2:
        return _labels(draw) + draw(st.sampled_from(["+up", "+down", "+", "^2"]))
    if kind == 3:
        return draw(st.sampled_from(["jump:", "jump-up:", "dive:", "redirect:"])) + \
            draw(st.sampled_from([_labels(draw), "knight", "x", ""]))
    if kind == 4:
        x = draw(st.one_of(st.integers(-50, 200).map(str), st.sampled_from(
            ["42.5", "1e9", "nan", "inf", "-0", "1/3", "9" * 40, ""])))
        y = draw(st.one_of(st.integers(-50, 200).map(str), st.sampled_from(["30", "x", ""])))
        return f"{x},{y}"
    return str(draw(st.text(max_size=8)))


@settings(max_examples=250, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(CREATURES), st.lists(token(), max_size=6))
def test_a_random_move_string_is_answered_or_refused_in_one_line(
        who: tuple[Path, str], tokens: list[str]) -> None:
    path, creature = who
    assert_contract(["check", str(path), creature, " ".join(tokens)])


# -- issue 23: hostile values in place of a scenario's values ------------------------------------
VALUE = re.compile(r"(?<=: )[^,{}\[\]\n#]+")  # a plain value after a key, in block or flow style
TAGS = ["!!bool", "!!int", "!!float", "!!timestamp", "!!str", "!!binary", "!!null", "!!map",
        "!!python/name:os.system", "!foo", "!", "!<tag:yaml.org,2002:int>"]
NON_FINITE = [".inf", "-.inf", "+.inf", ".nan", ".NaN", ".Inf", "1.0e400", "-1.5e+999",
              "1e400", "0.0", "-0.0", "1_0.5", "6.02e+23"]
PYDANTIC_WORDS = ("valid dictionary", "instance of", "Input should", "Model", "Keys should be",
                  "Value error", "valid integer", "valid string")


@st.composite
def hostile_value(draw: st.DrawFn) -> str:
    """One value a scenario's author never meant: a tag, a long or odd number, deep nesting, a
    non-finite number, or text with control characters and lone surrogates."""
    kind = draw(st.sampled_from(["tag", "digits", "nesting", "non-finite", "control"]))
    if kind == "tag":
        return f"{draw(st.sampled_from(TAGS))} {draw(st.sampled_from(['maybe', '12', 'x', '']))}"
    if kind == "digits":
        prefix = draw(st.sampled_from(["", "-", "+", "0x", "-0x", "0b", "0o", "0", "1."]))
        alphabet = "0123456789abcdefABCDEF_" if "x" in prefix else "0123456789_"
        return prefix + "1" + draw(st.text(alphabet, min_size=10, max_size=80))
    if kind == "nesting":
        depth = draw(st.integers(1, 300))
        opening, closing = draw(st.sampled_from([("[", "]"), ("{a: ", "}")]))
        return opening * depth + "1" + closing * depth
    if kind == "non-finite":
        return str(draw(st.sampled_from(NON_FINITE)))
    chars = draw(st.lists(st.one_of(
        st.characters(categories=["Cc", "Cs", "Cf", "Zl", "Zp"]),
        st.characters(codec="utf-8", categories=["L", "N"])), min_size=1, max_size=6))
    return '"' + "".join(f"\\u{ord(ch):04x}" if ord(ch) < 0x10000 else f"\\U{ord(ch):08x}"
                         for ch in chars) + '"'


@st.composite
def poisoned(draw: st.DrawFn) -> tuple[str, str]:
    """One example's text with one to three of its values replaced by hostile ones."""
    path = draw(st.sampled_from(EXAMPLES))
    text = TEXTS[path]
    for _ in range(draw(st.integers(1, 3))):
        spots = list(VALUE.finditer(text))
        hit = draw(st.sampled_from(spots))
        text = text[:hit.start()] + draw(hostile_value()) + text[hit.end():]
    return text, draw(st.sampled_from(creature_ids(TEXTS[path])))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(poisoned())
def test_a_poisoned_scenario_loads_or_is_refused_plainly(case: tuple[str, str]) -> None:
    """Read by the library: a scenario, or one ``ScenarioError`` whose every problem is plain
    printable text in a player's words (no control character, no lone surrogate)."""
    from wingbeat.errors import ScenarioError
    from wingbeat.scenario import read_scenario_text

    text, _creature = case
    try:
        read_scenario_text(text, source="poisoned.yaml")
    except ScenarioError as exc:
        said = str(exc)
        assert said.isprintable(), said
        said.encode("utf-8")
        assert not any(words in said for words in PYDANTIC_WORDS), said


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(poisoned())
def test_a_poisoned_scenario_is_answered_or_refused_in_one_line(case: tuple[str, str]) -> None:
    text, creature = case
    file = _FOLDER / "poisoned.yaml"
    file.write_text(text, encoding="utf-8")
    assert_contract(["check", str(file), creature, ""])
