"""The compiled search kernels beside the pure-Python search: what the tests that compare them
share (test_kernel.py for volare's, test_kernel_dnd5e.py for dnd5e's, and the reports read off
their arrays)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

import wingbeat
from conformance import evenly, json_of
from wingbeat import kernel
from wingbeat.rules.grid import ReachedState, ReachReport
from wingbeat.search import Exploration


@contextmanager
def searching(compiled: bool) -> Iterator[None]:
    """Run the block with the kernel (where built) or with the pure-Python search forced."""
    old = os.environ.get(kernel.PURE_VARIABLE)
    if compiled:
        os.environ.pop(kernel.PURE_VARIABLE, None)
    else:
        os.environ[kernel.PURE_VARIABLE] = "1"
    try:
        yield
    finally:
        if old is None:
            os.environ.pop(kernel.PURE_VARIABLE, None)
        else:
            os.environ[kernel.PURE_VARIABLE] = old


def parsed(data: dict[str, Any]) -> wingbeat.Scenario | None:
    """A random battlefield's scenario, or None for a draw the scenario rules refuse (a poor
    volare flyer at ground level, no room where a dnd5e creature stands …)."""
    try:
        return wingbeat.parse_scenario(data)
    except wingbeat.ScenarioError:
        return None


def assert_same_settling(found: Exploration, pure: Exploration) -> None:
    """The same settled states in the same settling order with the same priorities, the same
    parents and steps (moves, costs, checks, events), the same ways."""
    assert list(found.priority.items()) == list(pure.priority.items())
    assert list(found.parent.items()) == list(pure.parent.items())
    assert found.ways() == pure.ways()


def assert_answers_alike(scenario: wingbeat.Scenario, creature: str, *, states: int,
                         pinned: Callable[[ReachedState], dict[str, Any]],
                         check_options: Mapping[str, Any] | None = None,
                         **options: Any) -> None:
    """reach (JSON and text), path to ``states`` of the places it reaches (evenly spread), again
    with what ``pinned`` pins of each state, and check of their ways (with ``check_options``):
    the same with the kernel as with the pure-Python search."""
    answers: list[list[Any]] = []
    for compiled in (True, False):
        with searching(compiled):
            said: list[Any] = []
            report = wingbeat.reach(scenario, creature, **options)
            assert isinstance(report, ReachReport)
            said += [json_of(report), report.to_text()]
            for state in evenly(report.states, states):
                at = str(state.state["at"])
                said.append(json_of(wingbeat.path(scenario, creature, at, **options)))
                said.append(json_of(wingbeat.path(scenario, creature, at, **pinned(state),
                                                  **options)))
                said.append(json_of(wingbeat.check(scenario, creature, " ".join(state.moves),
                                                   **(check_options or {}))))
            answers.append(said)
    assert answers[0] == answers[1]
