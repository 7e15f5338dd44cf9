"""One conformance test, over every ruleset × its example scenarios × their creatures (issue 11).

Whatever the ruleset, through the library and through the command line (in process): reach,
path and check agree; every answer has the shape of the JSON contract (docs/json.md); render
draws what reach says; a round played with a seed replays from the seed and the log to the
same state; bad input exits 2 with one line, never a traceback. The contract itself (shapes and
agreement) is written once, in ``tests/conformance.py``; the per-ruleset property tests hold
random battlefields to the same assertions.

Sampling, to keep the run short: a grid creature's reach is checked state by state when it has
at most 40 states, else at 40 states evenly spaced over its cost order (the cheapest and the
dearest included). ``path`` is asked for 3 of those, again evenly spaced, and through the command
line for the cheapest state but the start; with ``--can-act`` for up to 2 of them that keep the
attack only by a dearer way (``to_act``), or else for one that cannot keep it; and once for a
place reach does not list (a sampled cell at the highest altitude reached, where no state is).
A tabletop creature's areas are sampled at up to 10 points well inside each (half a unit or more:
6 on an even grid, 4 along the edge), and at up to 3 points of the table well outside them all.
"""

from __future__ import annotations

import copy
import functools
import json
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from pathlib import Path
from typing import Any

import pytest
import yaml
from shapely.geometry import shape
from typer.testing import CliRunner

import wingbeat
from conformance import (
    GEOJSON,
    PLAY_OUTCOME,
    PLAY_REPLAY,
    assert_conforms,
    assert_found_agrees,
    assert_grid_agreement,
    assert_legal_move_ends_inside,
    assert_reach_shape,
    assert_table_agreement,
    contract,
    evenly,
    json_of,
    least_costs,
    level_key,
    points_inside,
    problems,
    state_of,
)
from track_ruleset import TRACK
from wingbeat.cli import app
from wingbeat.examples import example_names, example_text
from wingbeat.play import Game, RefusedMove, replay
from wingbeat.rules import registry

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
TEST_EXAMPLES = Path(__file__).resolve().parent / "data" / "examples"


# -- what is under test: ask here, and only here ------------------------------------------------
def rulesets() -> list[str]:
    """Every registered ruleset, and the test-only fifth one (``tests/track_ruleset.py``),
    registered for this module's tests by ``_track``."""
    return [*registry.ruleset_ids(), TRACK.id]


@pytest.fixture(autouse=True, scope="module")
def _track() -> Iterator[None]:
    registry.register(TRACK)
    yield
    registry.unregister(TRACK.id)


@dataclass(frozen=True)
class Example:
    """An example scenario: ``source`` as the command line takes it, and its text."""

    source: str
    text: str

    @cached_property
    def data(self) -> dict[str, Any]:
        data: dict[str, Any] = yaml.safe_load(self.text)
        return data

    @property
    def ruleset(self) -> str:
        return str(self.data["ruleset"])

    @property
    def name(self) -> str:
        return self.source.removeprefix("example:") if self.source.startswith("example:") \
            else Path(self.source).stem


@functools.cache
def _examples() -> tuple[Example, ...]:
    """The built-in examples, then examples/*/*.yaml; a file that repeats a built-in word for
    word is one scenario, tested once."""
    found = [Example(f"example:{name}", example_text(name)) for name in example_names()]
    texts = {e.text for e in found}
    for file in [*sorted(EXAMPLES.glob("*/*.yaml")), *sorted(TEST_EXAMPLES.glob("track/*.yaml"))]:
        text = file.read_text(encoding="utf-8")
        if text not in texts:
            found.append(Example(str(file), text))
    return tuple(found)


def examples_of(ruleset: str) -> list[Example]:
    """A ruleset's example scenarios: those whose ``ruleset`` key names it."""
    return [e for e in _examples() if e.ruleset == ruleset]


def creatures_of(example: Example) -> list[str]:
    """The ids of an example's creatures (``units`` in battlesystem), in scenario order."""
    pieces = example.data.get("creatures") or example.data.get("units") or []
    return [str(p["id"]) for p in pieces]


ALL = [e for r in rulesets() for e in examples_of(r)]
CASES = [(e, c) for e in ALL for c in creatures_of(e)]


def _id(value: object) -> str:
    return f"{value.ruleset}:{value.name}" if isinstance(value, Example) else str(value)


runner = CliRunner()


def cli(*args: str | Path, code: int = 0) -> Any:
    """``wingbeat ARGS --json`` in process: its exit code must be ``code``; its JSON."""
    result = runner.invoke(app, [*map(str, args), "--json"])
    assert result.exit_code == code, (args, result.output, result.exception)
    return json.loads(result.stdout)


@functools.cache
def reach_json(source: str, creature: str) -> dict[str, Any]:
    """``wingbeat reach SOURCE CREATURE --json`` (each asked once per test process)."""
    data: dict[str, Any] = cli("reach", source, creature)
    return data


def table_of(example: Example) -> tuple[float, float]:
    width, height = example.data["map"]["table"]
    return float(width), float(height)


def test_every_ruleset_has_examples_with_creatures() -> None:
    for ruleset in rulesets():
        assert examples_of(ruleset), f"{ruleset} has no example scenario"
    for example in _examples():
        assert example.ruleset in rulesets(), example.source
        assert creatures_of(example), example.source


# -- reach, path and check agree ----------------------------------------------------------------
@pytest.mark.parametrize(("example", "creature"), CASES, ids=_id)
def test_reach_path_and_check_agree(example: Example, creature: str) -> None:
    """One legality function: every sampled reached state's way is a move check accepts at that
    cost (grids), every sampled point of an area is reached by a path check accepts (tables),
    path finds what reach found and nothing it did not; every answer has the contract's shape,
    and the command line answers what the library does."""
    scenario = wingbeat.open_scenario(example.source)
    reach = reach_json(example.source, creature)
    if "states" in reach:
        assert_grid_agreement(scenario, creature, reach)
        _grid_cli_agrees(example, scenario, creature, reach)
    else:
        moves = assert_table_agreement(scenario, creature, reach, table_of(example))
        _table_cli_agrees(example, scenario, creature, reach, moves)


def _grid_cli_agrees(example: Example, scenario: wingbeat.Scenario, creature: str,
                     reach: dict[str, Any]) -> None:
    """The CLI's check is the library's; its path to the cheapest state but the start agrees
    with reach and check; a (cell, altitude) reach does not list has no path (exit 1,
    ``"found": false``)."""
    dearest = reach["states"][-1]
    assert cli("check", example.source, creature, dearest["path"]) == json_of(
        wingbeat.check(scenario, creature, dearest["path"]))
    target = reach["states"][min(1, len(reach["states"]) - 1)]
    key = (target["at"], target["altitude"], target["mode"])
    found = cli("path", example.source, creature, "--to", key[0], "--altitude", str(key[1]),
                "--mode", key[2])
    assert_found_agrees(scenario, creature, key, found, least_costs(reach))
    listed = {(s["at"], s["altitude"]) for s in reach["states"]}
    top = max(s["altitude"] for s in reach["states"])
    unlisted = [s["at"] for s in evenly(reach["states"], 40) if (s["at"], top) not in listed]
    if unlisted:
        nowhere = cli("path", example.source, creature, "--to", unlisted[-1], "--altitude",
                      str(top), code=1)
        assert_conforms(nowhere, contract(example.ruleset, grid=True).not_found, "no path")


def _table_cli_agrees(example: Example, scenario: wingbeat.Scenario, creature: str,
                      reach: dict[str, Any], moves: list[str]) -> None:
    """The CLI's check of three of the routes found is the library's, and ends inside what reach
    draws; leaving the battlefield is legal exactly when reach says it is possible, at its
    cost."""
    for way in evenly(moves, 3):
        checked = cli("check", example.source, creature, way)
        assert checked == json_of(wingbeat.check(scenario, creature, way))
        assert_legal_move_ends_inside(checked, reach)
    leave = reach.get("leave")
    if leave is not None:
        left = json_of(wingbeat.check(scenario, creature, "leave"))
        assert left["legal"] is leave["possible"], left
        if leave["possible"]:
            assert (left["cost"], left["end"]["left_battlefield"]) == (leave["cost"], True)


# -- the JSON contract ----------------------------------------------------------------------------
#: Known disagreements with the contract, each a bug to fix (strict: the test says when it is).
KNOWN_BUGS: dict[tuple[str, str], str] = {}


def _known(cases: list[tuple[Example, str]]) -> list[Any]:
    return [pytest.param(e, c, marks=pytest.mark.xfail(strict=True, reason=KNOWN_BUGS[e.name, c]))
            if (e.name, c) in KNOWN_BUGS else (e, c) for e, c in cases]


@pytest.mark.parametrize(("example", "creature"), _known(CASES), ids=_id)
def test_reach_has_the_shape_of_the_contract(example: Example, creature: str) -> None:
    """``reach --json`` as docs/json.md gives it: exact costs as strings, checks with rule, save
    and chance, the ruleset's own keys (or its family's), GeoJSON areas after RFC 7946."""
    assert_reach_shape(example.ruleset, reach_json(example.source, creature), creature)


@pytest.mark.parametrize("example", ALL, ids=_id)
def test_engagement_has_the_contract_shape_both_ways(example: Example) -> None:
    """Every pair of creatures: the contract's engagement shape, and the same verdict (and the
    same higher creature) whichever is named first."""
    shape_of = contract(example.ruleset, grid=True).engagement  # one shape for both families
    ids = creatures_of(example)
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            one = cli("engagement", example.source, a, b)
            other = cli("engagement", example.source, b, a)
            assert_conforms(one, shape_of, f"engagement {a} {b}")
            assert (one["a"], one["b"], other["a"], other["b"]) == (a, b, b, a)
            for key in ("engagement", "elevated", "rule"):
                assert one[key] == other[key], (a, b, key)


# -- render ---------------------------------------------------------------------------------------
SVG = "{http://www.w3.org/2000/svg}"


def _svg(text: str, ruleset: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == f"{SVG}svg", root.tag
    assert root.get("data-ruleset") == ruleset
    return root


@pytest.mark.parametrize("example", ALL, ids=_id)
def test_render_draws_the_map_and_what_reach_and_check_say(example: Example) -> None:
    """``render`` of the map alone, and of the first creature's reach with its dearest way (on a
    table: a route into its largest area) checked: SVG that parses, its root naming ruleset,
    creature and unit; each reached cell at reach's least cost there (grids), one area per level
    reach draws (tables); the drawn steps are check's steps with check's running totals."""
    root = _svg(runner.invoke(app, ["render", example.source]).stdout, example.ruleset)
    assert root.get("data-creature") is None
    creature = creatures_of(example)[0]
    reach = reach_json(example.source, creature)
    if "states" in reach:
        way = reach["states"][-1]["path"]
    else:
        area = max(reach["areas"], key=lambda a: shape(a["area"]).area)
        x, y = points_inside(shape(area["area"]))[0]
        found = json_of(wingbeat.path(wingbeat.open_scenario(example.source), creature,
                                      f"{x!r},{y!r}", altitude=area[level_key(area)]))
        way = found["moves"]
    drawn = runner.invoke(app, ["render", example.source, creature, "--moves", way])
    assert drawn.exit_code == 0, drawn.output
    root = _svg(drawn.stdout, example.ruleset)
    assert (root.get("data-creature"), root.get("data-unit")) == (creature, reach["unit"])
    checked = cli("check", example.source, creature, way)
    steps = [(s["move"], s["total"]) for s in checked["steps"]]
    shown = [(e.get("data-move"), e.get("data-total")) for e in root.iter()
             if e.get("data-move") is not None]
    assert shown and _in_order(shown, steps), (shown, steps)
    if "states" in reach:
        assert Fraction(root.get("data-budget") or "") == Fraction(reach["budget"])
        _cells_agree(root, reach)
    else:
        levels = {str(a[level_key(a)]) for a in reach["areas"] if shape(a["area"]).area > 0}
        areas = {e.get("data-altitude") for e in root.iter()
                 if "reach-area" in (e.get("class") or "").split()}
        assert areas == levels


def _in_order(shown: list[tuple[str | None, str | None]], steps: list[tuple[str, str]]) -> bool:
    """Each drawn step is one of the checked steps, in their order (steps in place, such as
    ``hover``, may be noted rather than drawn)."""
    rest: Iterator[tuple[str, str]] = iter(steps)
    return all(any(s == step for s in rest) for step in shown)


def _cells_agree(root: ET.Element, reach: dict[str, Any]) -> None:
    least: dict[str, Fraction] = {}
    acts: dict[str, bool] = {}
    for entry in reach["states"]:
        cost = Fraction(entry["cost"])
        least[entry["at"]] = min(cost, least.get(entry["at"], cost))
        acts[entry["at"]] = acts.get(entry["at"], False) or entry["can_act"]
    cells = [e for e in root.iter() if e.get("data-cell") is not None
             and "reach" in (e.get("class") or "").split()]
    assert cells
    for cell in cells:
        at = cell.get("data-cell") or ""
        assert Fraction(cell.get("data-cost") or "") == least[at], at
        assert cell.get("data-can-act") == ("true" if acts[at] else "false"), at


# -- play -----------------------------------------------------------------------------------------
SEED = 11


def _candidate_moves(example: Example, creature: str) -> Iterator[str]:
    """Moves to declare, best first: a grid creature's reached ways, those with saves to roll
    first, then the dearest; a tabletop creature's routes to points inside its areas, the last
    level first. Then holding still."""
    reach = reach_json(example.source, creature)
    if "states" in reach:
        ranked = sorted(reach["states"], key=lambda s: (not s["checks"], -Fraction(s["cost"])))
        yield from (s["path"] for s in ranked[:8] if s["path"])
    else:
        scenario = wingbeat.open_scenario(example.source)
        for area in reversed(reach["areas"]):
            for x, y in points_inside(shape(area["area"]), 2, 0):
                found = wingbeat.path(scenario, creature, f"{x!r},{y!r}",
                                      altitude=area[level_key(area)])
                if json_of(found)["legal"] and found.to_dict()["moves"]:
                    yield str(found.to_dict()["moves"])
    yield ""


@pytest.mark.parametrize("example", ALL, ids=_id)
def test_a_played_round_replays_to_the_same_state(example: Example, tmp_path: Path) -> None:
    """Play: each creature, in the rolled turn order, declares the first move play accepts
    (see ``_candidate_moves``); the round ends. Replaying the log from the scenario and the seed
    gives every entry back, roll for roll; the command line plays the same round to the same
    state, its answers in the contract's shape, and its replay agrees."""
    game = Game.from_scenario_text(example.text, seed=SEED, source=example.source)
    for creature in game.state.order:
        for moves in _candidate_moves(example, creature):
            try:
                game.move(creature, moves)
                break
            except RefusedMove:
                continue
    assert any(a.moves for a in game.actions), "no creature could move"
    game.next_round()
    again = replay(game.setup, game.actions)
    assert [e.to_dict() for e in again] == [e.to_dict() for e in game.entries]

    db = tmp_path / "play.sqlite3"
    new = cli("play", "new", example.source, "--seed", str(SEED), "--db", db)
    assert_conforms(new, PLAY_OUTCOME, "play new")
    assert new["state"] == game.entries[0].state.to_dict()
    ref = str(new["encounter"]["id"])
    for action in game.actions:
        if action.kind == "move":
            played = cli("play", "move", ref, action.creature or "", action.moves, "--db", db)
        else:
            played = cli("play", "next-round", ref, "--db", db)
        assert_conforms(played, PLAY_OUTCOME, f"play {action}")
    assert played["state"] == game.state.to_dict()
    replayed = cli("play", "replay", ref, "--db", db)
    assert_conforms(replayed, PLAY_REPLAY, "play replay")
    assert replayed["ok"] is True and replayed["state"] == game.state.to_dict()


# -- bad input ------------------------------------------------------------------------------------
def _broken(tmp_path: Path, example: Example, change: Callable[[dict[str, Any]], None]) -> str:
    data = yaml.safe_load(example.text)
    change(data)
    file = tmp_path / f"broken-{example.name}.yaml"
    file.write_text(yaml.safe_dump(data), encoding="utf-8")
    return str(file)


def _pieces(data: dict[str, Any]) -> list[dict[str, Any]]:
    return data.get("creatures") or data.get("units") or []


def _place(example: Example) -> str:
    """Where the first creature stands, as ``--to`` takes it (a cell label, or x,y)."""
    at = _pieces(example.data)[0]["at"]
    return ",".join(map(str, at)) if isinstance(at, list) else str(at)


#: Bad input of every kind, as (what the message must name, the command line) from the
#: ruleset's first example, its first creature and a folder to write into.
BAD: dict[str, Callable[[Example, str, Path], tuple[str, list[str]]]] = {
    "unknown-key": lambda e, c, d: ("colour", [
        "reach", _broken(d, e, lambda data: data.update(colour="red")), c]),
    "unknown-creature-key": lambda e, c, d: ("[0].wingspan", [
        "reach", _broken(d, e, lambda data: _pieces(data)[0].update(wingspan=3)), c]),
    "play-new-broken": lambda e, c, d: ("colour", [
        "play", "new", _broken(d, e, lambda data: data.update(colour="red")), "--db",
        str(d / "play.sqlite3")]),
    "reach-nobody": lambda e, c, d: ("nobody", ["reach", e.source, "nobody"]),
    "check-nobody": lambda e, c, d: ("nobody", ["check", e.source, "nobody", ""]),
    "path-nobody": lambda e, c, d: ("nobody", ["path", e.source, "nobody", "--to", _place(e)]),
    "engagement-nobody": lambda e, c, d: ("nobody", ["engagement", e.source, c, "nobody"]),
    "engagement-twice": lambda e, c, d: ("two different", ["engagement", e.source, c, c]),
    "check-notation": lambda e, c, d: ("'@@'", ["check", e.source, c, "@@"]),
    "check-notation-later": lambda e, c, d: ("move 2", ["check", e.source, c, "up 1,2,3"]),
    "path-to": lambda e, c, d: ("'@@'", ["path", e.source, c, "--to", "@@"]),
    "render-moves": lambda e, c, d: ("'@@'", ["render", e.source, creatures_of(e)[-1], "--moves",
                                              "@@"]),
}


@pytest.mark.parametrize("case", BAD)
@pytest.mark.parametrize("ruleset", rulesets())
def test_bad_input_exits_2_with_one_line(ruleset: str, case: str, tmp_path: Path) -> None:
    """A broken scenario, an unknown creature, a malformed move or destination: exit code 2 and
    one line on standard error (``error: …``) naming what is wrong, never a traceback; with
    ``--json`` also ``{"error": {"message": …}}`` on standard output, the same words."""
    example = examples_of(ruleset)[0]
    creature = creatures_of(example)[0]
    named, args = BAD[case](example, creature, tmp_path)
    for as_json in (False, True) if args[0] != "render" else (False,):
        result = runner.invoke(app, [*args, *(["--json"] if as_json else [])])
        assert result.exit_code == 2, (args, result.output, result.exception)
        assert result.exception is None or isinstance(result.exception, SystemExit), args
        assert "Traceback" not in result.output
        line = result.stderr
        assert line.startswith("error: ") and line.endswith("\n") and line.count("\n") == 1, line
        assert named in line, (named, line)
        if as_json:
            assert json.loads(result.stdout) == {"error": {"message": line[7:-1]}}


def test_the_contract_shapes_refuse_what_the_contract_forbids() -> None:
    """The shapes can fail: a cost as a float, a chance over 100, a key the contract does not
    name, a bool for a number, a hole run counter-clockwise are each refused, where they are."""
    reach = copy.deepcopy(reach_json("example:giant-bat", "bat"))
    shapes = contract("volare", grid=True)
    assert problems(reach, shapes.reach) == []
    reach["states"][1]["cost"] = "3.5"
    reach["states"][2]["colour"] = "red"
    reach["fly"] = True
    entry = next(s for s in reach["states"] if "to_act" in s)
    entry["to_act"]["checks"][0]["chance"] = 101
    assert sorted(problems(reach, shapes.reach)) == sorted([
        "$.states[1].cost: expected /\\d+(/\\d+)?/, got '3.5'",
        "$.states[2]: unexpected key 'colour'",
        "$.fly: expected int, got True",
        f"$.states[{reach['states'].index(entry)}].to_act.checks[0].chance: expected a chance "
        "0-100, got 101"])
    square = [[0, 0], [4, 0], [4, 4], [0, 4], [0, 0]]
    hole = [[1, 1], [2, 1], [2, 2], [1, 2], [1, 1]]  # counter-clockwise: a hole runs clockwise
    assert problems({"type": "Polygon", "coordinates": [square, hole[::-1]]}, GEOJSON) == []
    assert problems({"type": "Polygon", "coordinates": [square, hole]}, GEOJSON) == [
        "$.coordinates[0][1]: exteriors run counter-clockwise, holes clockwise"]


def test_the_sampled_states_are_the_ones_the_docstring_says() -> None:
    """``evenly`` takes every state of a small reach, and 40 evenly spaced states of a large one,
    the cheapest and the dearest included."""
    assert evenly(list(range(7)), 40) == list(range(7))
    sample = evenly(list(range(1000)), 40)
    assert len(sample) == 40 and sample[0] == 0 and sample[-1] == 999
    assert sorted(set(sample)) == sample
    assert state_of({"at": "A1", "altitude": 0, "cost": "0", "path": ""}) == {"at": "A1",
                                                                              "altitude": 0}
