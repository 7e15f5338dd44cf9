"""A reach's ``to_act`` ways read off the kernel's arrays (``_kernel.volare_acting``, through
``VolareSpace.kernel_acting``) are those ``_acting_alternatives`` finds in Python, and the
kernel's writer spells them (``volare_states_chunks`` with ``acting_at``) in the bytes the
Python text of each (``_Ends._to_act``) would: in every form, in chunks cut anywhere, on random
battlefields and on open maps where many end states cannot attack on their cheapest way but can
on a dearer one (V-actions, V-landing)."""

from __future__ import annotations

from array import array
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import wingbeat
from test_kernel import battlefields
from wingbeat import _jsonout, kernel
from wingbeat.rules.grid import GridSpace, ReachReport, _acting_alternatives, grid_reach

pytestmark = pytest.mark.skipif(not kernel.in_use(), reason="needs the compiled kernel")


def _space(data: dict[str, Any]) -> GridSpace | None:
    from wingbeat.rulesets.volare import VolareSpace

    try:
        scenario = wingbeat.parse_scenario(data)
    except wingbeat.ScenarioError:
        return None
    return VolareSpace(scenario.battle, "f", search=True)


def _without_kernel_acting(space: GridSpace) -> GridSpace:
    """The same space, its ``to_act`` ways found and spelled in Python."""
    space.kernel_acting = None  # type: ignore[attr-defined]
    return space


def _forms(report: ReachReport) -> dict[str, bytes]:
    return {form: b"".join(_jsonout.answer_chunks(report, form)) for form in _jsonout.FORMS}


def assert_acting_alike(data: dict[str, Any]) -> int:
    """The kernel's ``to_act`` ways and text against Python's: returns how many there are."""
    space = _space(data)
    if space is None:
        return 0
    report = grid_reach(space)
    ends = report._ends
    assert ends is not None
    acting = ends.acting()
    if ends.acting_ways() is not None:
        opens = ends.opens()
        assert opens is not None
        _kinds, _opens, stuck = opens
        python = _acting_alternatives(space, ends.later_priority(), ends.key_of, ends.codes(), [],
                                      ends.later(), stuck)
        assert acting == python
    other = _space(data)
    assert other is not None
    slow = grid_reach(_without_kernel_acting(other))
    assert slow._ends is not None and slow._ends.acting_ways() is None
    assert _forms(report) == _forms(slow)
    return len(acting)


def _open(fly: int, manoeuvre: str, mode: str, altitude: int, wind: str | None) -> dict[str, Any]:
    creature: dict[str, Any] = {"id": "f", "fly": fly, "maneuverability": manoeuvre,
                                "reflex": 50, "at": "H8", "altitude": altitude, "mode": mode}
    if mode == "moving":
        creature["heading"] = "N"
    board: dict[str, Any] = {"grid": "hex", "columns": 16, "rows": 16, "top": 4}
    if wind is not None:
        board["wind"] = {"strength": "breeze", "toward": wind}
    return {"ruleset": "volare", "map": board, "creatures": [creature]}


def test_an_open_map_has_many_to_act_ways_alike() -> None:
    assert assert_acting_alike(_open(9, "medium", "hovering", 2, None)) > 10


@pytest.fixture
def small_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Chunks of a few hundred bytes: a ``to_act`` at the start and end of many."""
    from wingbeat.rulesets.volare import space

    monkeypatch.setattr(space, "STATES_CHUNK", 300)
    monkeypatch.setattr(_jsonout, "CHUNK_BYTES", 300)


def test_to_act_ways_are_written_alike_in_small_chunks(small_chunks: None) -> None:
    assert assert_acting_alike(_open(9, "medium", "hovering", 2, None)) > 10


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 12), st.sampled_from(["excellent", "medium", "poor"]),
       st.sampled_from(["grounded", "hovering", "moving"]), st.integers(1, 4),
       st.sampled_from([None, "N", "SE"]))
def test_open_maps_find_and_write_their_to_act_ways_alike(fly: int, manoeuvre: str, mode: str,
                                                          altitude: int, wind: str | None) -> None:
    assert_acting_alike(_open(fly, manoeuvre, mode, 0 if mode == "grounded" else altitude,
                              wind))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(battlefields())
def test_random_battlefields_find_and_write_their_to_act_ways_alike(data: dict[str, Any]) -> None:
    assert_acting_alike(data)


def test_the_writer_refuses_to_act_ways_out_of_order() -> None:
    """``acting_at`` must be ascending report indices, each with a settled way: else a
    ValueError, before a byte is written."""
    from wingbeat import _kernel  # type: ignore[attr-defined]

    space = _space(_open(9, "medium", "hovering", 2, None))
    assert space is not None
    report = grid_reach(space)
    ends = report._ends
    assert ends is not None
    at, ways = ends.acting_ways()  # type: ignore[misc]
    assert len(at) > 1
    found = ends.found
    for bad_at, bad_ways in ((array("i", reversed(at)), ways),
                             (at, array("i", [len(found.codes)] * len(ways)))):  # type: ignore[attr-defined]
        with pytest.raises(ValueError):
            space.kernel_states_chunks(  # type: ignore[attr-defined]
                found, ends.ways(), ends.opens()[1], [b'"0"'] * 10_000,  # type: ignore[index]
                [b""] * 4, {}, lambda d, n: "", acting=(bad_at, bad_ways))
    assert _kernel.volare_acting is not None
