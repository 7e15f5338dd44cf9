"""A reach's JSON written straight from the search's arrays (``ReachReport.json_states``, the
kernel's ``volare_states_json``, joined by ``_jsonout.encode_answer``) is byte for byte the JSON
of its ``to_dict`` and of the report built whole: on every example, on random battlefields and
on a map big enough for dearer ways that still attack (``to_act``), with the compiled kernel and
with the pure-Python search (WINGBEAT_PURE, where the dicts are the only way). The rules whose
states and ways the text spells: V-inertia, V-wind, V-skim, V-actions, V-landing, D-creatures."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import wingbeat
from both_searches import searching
from test_kernel import battlefields as volare_battlefields
from test_lazy_report import TIED, _example_spaces, eager_reach, example_space
from wingbeat import kernel
from wingbeat._jsonout import encode, encode_answer
from wingbeat.cli import app
from wingbeat.rules.grid import GridSpace, ReachReport, grid_reach


def assert_json_alike(make_space: Callable[[], GridSpace], *, avoid_checks: bool = False,
                      ) -> bytes:
    """Both ways: the written JSON is the encoded ``to_dict`` and the whole report's; with the
    kernel on a ``volare`` space it is written, not encoded. Returns the kernel's text."""
    written = b""
    for compiled in (True, False):
        with searching(compiled):
            whole = encode(eager_reach(make_space, avoid_checks=avoid_checks).to_dict())
            report = grid_reach(make_space(), avoid_checks=avoid_checks)
            fast = report.json_states()
            text = encode_answer(report)
            assert text == whole
            assert text == encode(grid_reach(make_space(), avoid_checks=avoid_checks).to_dict())
            json.loads(text)
            if compiled and kernel.in_use() and report.ruleset == "volare":
                assert fast is not None  # the kernel wrote it
                written = text
            if not compiled or report.ruleset != "volare":
                assert fast is None  # no arrays (or no writer): the dicts say it
    return written


@pytest.mark.parametrize(("path", "creature"), _example_spaces())
def test_every_example_writes_its_json_alike(path: str, creature: str) -> None:
    assert_json_alike(example_space(path, creature))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(volare_battlefields(), st.booleans())
def test_random_volare_battlefields_write_their_json_alike(data: dict[str, Any],
                                                           avoid: bool) -> None:
    from wingbeat.rulesets.volare import VolareSpace

    try:
        scenario = wingbeat.parse_scenario(data)
    except wingbeat.ScenarioError:
        return
    assert_json_alike(lambda: VolareSpace(scenario.battle, "f", search=True), avoid_checks=avoid)


def test_ways_tied_at_the_least_priority_write_alike() -> None:
    """Ties ranked in Python (``way_rank``): the writer takes each end state's way by code."""
    from wingbeat.rulesets.volare import VolareSpace

    scenario = wingbeat.parse_scenario(TIED)
    assert_json_alike(lambda: VolareSpace(scenario.battle, "f", search=True))


#: a medium flyer hovering on an open map: some end states cannot attack on their cheapest way
#: (moved more than half) but can on a dearer one, so the JSON has ``to_act`` (V-actions)
OPEN = {"ruleset": "volare", "map": {"grid": "hex", "columns": 16, "rows": 16, "top": 4},
        "creatures": [{"id": "f", "fly": 9, "maneuverability": "medium", "reflex": 50,
                       "at": "H8", "altitude": 2, "mode": "hovering"}]}


def test_dearer_ways_that_attack_are_written_alike() -> None:
    from wingbeat.rulesets.volare import VolareSpace

    scenario = wingbeat.parse_scenario(OPEN)
    text = assert_json_alike(lambda: VolareSpace(scenario.battle, "f", search=True))
    if kernel.in_use():
        assert b'"to_act": {' in text and b'"checks": [\n' in text


def test_the_command_writes_what_to_dict_says() -> None:
    """``wingbeat reach … --json``: the bytes of the encoded ``to_dict``, the kernel's or not."""
    from typer.testing import CliRunner

    runner = CliRunner()
    for compiled in (True, False):
        with searching(compiled):
            done = runner.invoke(app, ["reach", "example:giant-bat", "bat", "--json"])
            assert done.exit_code == 0
            report = wingbeat.reach(wingbeat.open_scenario("example:giant-bat"), "bat")
            assert isinstance(report, ReachReport)
            assert done.stdout_bytes.rstrip(b"\n") == encode(report.to_dict())


def test_a_label_json_would_escape_leaves_the_dicts_to_say_it() -> None:
    """The writer copies labels as they are: one that JSON escapes sends the report back to its
    dicts (still the same bytes)."""
    from wingbeat.rulesets.volare import VolareSpace

    scenario = wingbeat.parse_scenario(OPEN)
    space = VolareSpace(scenario.battle, "f", search=True)
    assert space._json_labels() is not None
    space.labels = [*space.labels[:-1], 'say "hi"']
    assert space._json_labels() is None
    space.labels = [*space.labels[:-1], "back\\slash"]
    assert space._json_labels() is None
    space.labels = [*space.labels[:-1], "tab\there"]
    assert space._json_labels() is None
