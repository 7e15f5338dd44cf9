"""The faces' JSON (issue 12): orjson writes the very bytes ``json.dumps`` writes, on every
example's answers and on the values where the two encoders could differ."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import wingbeat
from wingbeat import _jsonout
from wingbeat.cli import app
from wingbeat.examples import example_names

pytest.importorskip("orjson")

ROOT = Path(__file__).resolve().parent.parent
FILES = [*sorted((ROOT / "examples").glob("*/*.yaml")),
         *sorted((ROOT / "tests" / "data" / "examples").glob("[!t]*/*.yaml"))]  # not track
SOURCES = [f"example:{name}" for name in example_names()] + [str(f) for f in FILES]


def _standard(data: Any, indent: bool = True) -> bytes:
    if indent:
        return json.dumps(data, indent=2, ensure_ascii=False).encode()
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()


def _same(data: Any) -> None:
    assert _jsonout.encode(data) == _standard(data)
    assert _jsonout.encode(data, indent=False) == _standard(data, indent=False)
    assert _jsonout.dumps(data) == _standard(data).decode()


def test_orjson_is_what_the_faces_use() -> None:
    assert _jsonout.ENCODER == "orjson"


@pytest.mark.parametrize("source", SOURCES, ids=lambda s: Path(s).stem)
def test_every_example_answer_encodes_byte_for_byte(source: str) -> None:
    """Every creature's reach, and for a grid ruleset the path to its dearest end state and the
    check of that way: the same JSON text by orjson as by ``json``."""
    scenario = wingbeat.open_scenario(source)
    battle = scenario.battle
    members = next(getattr(battle, n) for n in ("creatures", "units", "fighters")
                   if getattr(battle, n, None))
    ids = [str(m.id) for m in members]
    for creature in ids:
        reach = wingbeat.reach(scenario, creature).to_dict()
        _same(reach)
        states = reach.get("states")
        if states:
            far = states[-1]
            _same(wingbeat.path(scenario, creature, far["at"], altitude=far["altitude"])
                  .to_dict())
            _same(wingbeat.check(scenario, creature, far["path"]).to_dict())


@pytest.mark.parametrize("value", [
    {"é": "ü ∞ \u2028 \x7f \x01 \" \\ \n \t", "emoji": "🦅"},
    {1: "int key", "nested": {"empty": [], "also": {}, "tuple": (1, (2, 3))}},
    [None, True, False, 0, -1, 2**63 - 1, -(2**63)],
    {"floats": [0.1, 1.0, -0.0, 1e16, 2.5e20, 123456789.125, 1e-4]},
    {"small floats": [1e-05, 1.5e-07, 3e-310]},  # orjson spells these otherwise: json does
    {"past 64 bits": 2**64},  # orjson refuses it: json does
    {"a string like a float": "0.00001 and 2e-5"},
], ids=["text", "keys", "scalars", "floats", "small-floats", "big-int", "float-text"])
def test_values_where_encoders_could_differ(value: Any) -> None:
    _same(value)


def test_without_orjson_json_writes_it(monkeypatch: pytest.MonkeyPatch) -> None:
    data = {"cost": "5/2", "path": "B2+up C3", "é": [1, 2]}
    monkeypatch.setattr(_jsonout, "_orjson", None)
    _same(data)


def test_the_cli_prints_what_json_dumps_would() -> None:
    """``wingbeat reach --json``: the document, then one newline, as before orjson."""
    scenario = wingbeat.open_scenario("example:giant-bat")
    expected = json.dumps(wingbeat.reach(scenario, "bat").to_dict(), indent=2,
                          ensure_ascii=False) + "\n"
    result = CliRunner().invoke(app, ["reach", "example:giant-bat", "bat", "--json"])
    assert result.exit_code == 0
    assert result.stdout == expected
