"""One move-report contract (``rules.reports``): every ruleset's check and path answer is a
``MoveReport`` of ``MoveStep``s, each recording the state it ends in; pictures and play read those
states, never the move notation again."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from wingbeat import _api
from wingbeat.geometry.table import format_point
from wingbeat.render import render_svg
from wingbeat.rules.grid import GridMove
from wingbeat.rules.reports import MoveReport, illegal_line
from wingbeat.rulesets.dnd5e.turn import TurnReport
from wingbeat.rulesets.volare import VolareSpace
from wingbeat.rulesets.volare.rounds import play_out
from wingbeat.scenario import load_example

#: (example, creature, a legal move of several steps, an illegal one) for each ruleset
MOVES = [
    ("giant-bat", "bat", "U35 V36 hover", "U35 T34"),
    ("harpy", "harpy", "C3 C4 D4", "C3 A1"),
    ("pegasi", "pegasi", "up 30,20 35,25", "10,47"),
    ("morbid-angel", "angel", "30,40 32,42 34,44", "down down"),
]

_ARROW = re.compile(r'<line [^>]*class="route-step[^"]*"[^>]*>')
_WHERE = re.compile(r'\b(x1|y1|x2|y2)="([^"]+)"')


def _report(result: object) -> MoveReport:
    move = result.move if isinstance(result, TurnReport) else result
    assert isinstance(move, MoveReport)
    return move


def _arrows(svg: str) -> list[list[tuple[str, str]]]:
    """Where each drawn step goes (its line's ends), whatever it is called."""
    return [_WHERE.findall(arrow) for arrow in _ARROW.findall(svg)]


@pytest.mark.parametrize(("example", "creature", "legal", "illegal"), MOVES)
def test_every_step_records_the_state_it_ends_in(example: str, creature: str, legal: str,
                                                 illegal: str) -> None:
    """The last step's state is where the move ends; the JSON keeps its contract (docs/json.md):
    the recorded states are for pictures and play, not a new key of any step."""
    scenario = load_example(example)
    report = _report(_api.check(scenario, creature, legal))
    assert report.legal and len(report.steps) >= 3
    last = report.steps[-1].at
    assert (format_point(last) if isinstance(last, tuple) else last) == report.end["at"]
    for step, data in zip(report.steps, report.to_dict()["steps"], strict=True):
        assert step.at is not None and "state" not in data and data["move"] == step.move


@pytest.mark.parametrize(("example", "creature", "legal", "illegal"), MOVES)
def test_one_illegal_form_for_every_ruleset(example: str, creature: str, legal: str,
                                            illegal: str) -> None:
    scenario = load_example(example)
    result = _api.check(scenario, creature, illegal)
    report = _report(result)
    assert not report.legal and report.error is not None
    assert illegal_line(report.error) in result.to_text().splitlines()
    assert result.to_dict()["error"] == {"step": report.error.step, "move": report.error.move,
                                         "rule": report.error.rule,
                                         "message": report.error.message}


@pytest.mark.parametrize(("example", "creature", "legal", "illegal"), MOVES)
def test_pictures_draw_the_recorded_states_not_the_notation(example: str, creature: str,
                                                            legal: str, illegal: str) -> None:
    """A move whose tokens are renamed to words no ruleset reads is drawn the same: each arrow
    goes from the place one step's state records to the next's. Were the notation parsed again,
    the renamed steps would go nowhere."""
    scenario = load_example(example)
    result = _api.check(scenario, creature, legal)
    report = _report(result)
    renamed_steps = tuple(replace(s, move=f"step-{i}") for i, s in enumerate(report.steps, 1))
    renamed: object = replace(report, steps=renamed_steps)
    if isinstance(result, TurnReport):
        renamed = replace(result, move=renamed)
    drawn = _arrows(render_svg(scenario, route=result, creature=creature))
    assert drawn, "the move draws arrows"
    assert _arrows(render_svg(scenario, route=renamed, creature=creature)) == drawn


def test_a_state_moved_moves_the_arrow() -> None:
    """The other way round: the same token with another recorded state is drawn to that state."""
    scenario = load_example("giant-bat")
    report = _api.check(scenario, "bat", "U35 V36 hover")
    assert isinstance(report, GridMove)
    first = report.steps[0]
    moved = replace(report, steps=(replace(first, state={**first.state, "at": "T34"}),
                                   *report.steps[1:]))
    assert _arrows(render_svg(scenario, route=moved, creature="bat")) != \
        _arrows(render_svg(scenario, route=report, creature="bat"))


def test_play_goes_on_from_the_recorded_states() -> None:
    """V-skim: a checked move is flown from the states its report recorded; renaming its tokens
    changes only the names of what was made."""
    scenario = load_example("giant-bat")
    space = VolareSpace(scenario.battle, "bat")
    report = _api.check(scenario, "bat", "U35 V36 hover")
    assert isinstance(report, GridMove)
    renamed = replace(report, steps=tuple(replace(s, move=f"step-{i}")
                                          for i, s in enumerate(report.steps, 1)))
    flown = play_out(space, report, lambda _check: True)
    again = play_out(space, renamed, lambda _check: True)
    assert (again.code, again.spent) == (flown.code, flown.spent)
    assert flown.moves == ("U35", "V36", "hover")
    assert space.describe(flown.code) == report.end
