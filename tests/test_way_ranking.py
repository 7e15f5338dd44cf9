"""Equally cheap ways: reach, path and check prefer fewer checks, then the attack kept, then fewer
opportunity attacks (``rules.grid.way_rank``), and never disagree about it."""

from __future__ import annotations

import operator
from fractions import Fraction
from functools import partial
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import wingbeat
from test_volare_properties import battlefields as volare_fields
from wingbeat.geometry.labels import column_label
from wingbeat.model import Scenario
from wingbeat.rules import find_ruleset
from wingbeat.rules.grid import MoveReport, PathNotFound, ReachReport, grid_path

# A young dragon (Large, walk 40, fly 80) and a knight. Straight to R6 at altitude 6 is 80 ft
# either way; a way that walks more than 40 ft before it takes off needs Dash (D-speed), and one
# that brushes past the knight provokes it (D-creatures).
DRAGON = """\
ruleset: dnd5e
map: {grid: square, columns: 20, rows: 12, top: 8}
creatures:
  - {id: dragon, name: Young dragon, size: large, speed: {walk: 40, fly: 80}, reach: 10, at: B7,
     side: monsters}
  - {id: knight, size: medium, at: E2, side: party}
"""


def _attacks(events: Any) -> int:
    return sum(1 for e in events if e["type"] == "opportunity-attack")


def test_path_keeps_the_action_and_provokes_nothing_at_equal_cost() -> None:
    """D-speed, D-turn, D-creatures: at 80 ft the dragon needs neither Dash nor a brush with the
    knight, so the cheapest path takes neither: it can still attack, as reach says."""
    s = wingbeat.read_scenario_text(DRAGON, source="dragon.yaml")
    found = wingbeat.path(s, "dragon", "R6", altitude=6).to_dict()
    assert found["cost"] == "80"
    assert found["can_act"] is True and found["turn"]["action"] == "unused"
    assert "dash" not in found["moves"].split()
    assert found["events"] == [] and found["turn"]["opportunity_attacks"] == []
    reached = wingbeat.reach(s, "dragon").to_dict()
    there = [x for x in reached["states"] if (x["at"], x["altitude"]) == ("R6", 6)]
    assert len(there) == 1
    assert (there[0]["cost"], there[0]["can_act"]) == ("80", True)
    assert _attacks(wingbeat.check(s, "dragon", there[0]["path"]).to_dict()["events"]) == 0


def test_reach_and_path_draw_the_fewest_opportunity_attacks() -> None:
    """D-creatures: leaving the knight's reach is unavoidable here, passing the archer is not."""
    text = """\
ruleset: dnd5e
map: {grid: square, columns: 24, rows: 24, top: 12}
creatures:
  - {id: dragon, size: large, speed: {walk: 40, fly: 80}, reach: 10, at: B16, side: monsters}
  - {id: knight, size: medium, at: D18, side: party}
  - {id: archer, size: medium, at: D14, side: party}
"""
    s = wingbeat.read_scenario_text(text, source="dragon.yaml")
    found = wingbeat.path(s, "dragon", "R16", altitude=6).to_dict()
    assert found["cost"] == "80" and found["can_act"] is True
    assert [e["by"] for e in found["events"]] == ["knight"]
    reached = wingbeat.reach(s, "dragon").to_dict()
    way = next(x["path"] for x in reached["states"] if (x["at"], x["altitude"]) == ("R16", 6))
    assert [e["by"] for e in wingbeat.check(s, "dragon", way).to_dict()["events"]] == ["knight"]


def test_path_needs_no_dash_where_flying_costs_the_same() -> None:
    """D-speed: walking 45 ft needs Dash; taking off on the way costs the same 50 ft without."""
    text = """\
ruleset: dnd5e
map: {grid: square, columns: 20, rows: 20, top: 8}
creatures:
  - {id: dragon, size: large, speed: {walk: 40, fly: 80}, at: I5}
"""
    s = wingbeat.read_scenario_text(text, source="dragon.yaml")
    found = wingbeat.path(s, "dragon", "S11", altitude=1).to_dict()
    assert (found["cost"], found["can_act"], found["turn"]["action"]) == ("50", True, "unused")


def test_dnd5e_flying_along_the_ground_keeps_the_action_without_dash() -> None:
    """D-speed, D-fly, D-grid (euclid): walking 45 ft would need Dash, but a flyer may fly along
    the ground with its fly speed (80 ft), so the cheapest way to J1 keeps the action."""
    text = """\
ruleset: dnd5e
options: {diagonals: euclid}
map: {grid: square, columns: 12, rows: 4, top: 4}
creatures:
  - {id: dragon, size: large, speed: {walk: 40, fly: 80}, at: A1}
"""
    s = wingbeat.read_scenario_text(text, source="dragon.yaml")
    reached = wingbeat.reach(s, "dragon").to_dict()
    far = next(x for x in reached["states"] if (x["at"], x["altitude"]) == ("J1", 0))
    assert (far["cost"], far["can_act"]) == ("45", True)
    assert "dash" not in far["path"].split() and "to_act" not in far
    again = wingbeat.check(s, "dragon", far["path"]).to_dict()
    assert (again["cost"], again["can_act"], again["end"]["at"]) == ("45", True, "J1")
    assert wingbeat.path(s, "dragon", "J1", altitude=0, can_act=True).to_dict()["cost"] == "45"


# -- one order for reach, path and check, on random small battlefields ---------------------------
SIZE = 5
SQUARES = [f"{column_label(c)}{r}" for c in range(1, SIZE + 1) for r in range(1, SIZE + 1)]


@st.composite
def dnd5e_fields(draw: st.DrawFn) -> str:
    """A 5 × 5 map, altitude 0-2, walls, difficult squares, ledges; a mover (Medium or Large,
    its walking speed below its fly speed, so that Dash and taking off compete) and up to three
    foes, some hostile, to provoke."""
    large = draw(st.booleans())
    anchors = [s for s in SQUARES if not large or (s[0] < "E" and not s.endswith("5"))]
    mover = draw(st.sampled_from(anchors))
    mover_cells = {mover}
    if large:
        col, row = mover[0], int(mover[1:])
        nxt = chr(ord(col) + 1)
        mover_cells = {f"{col}{row}", f"{nxt}{row}", f"{col}{row + 1}", f"{nxt}{row + 1}"}
    free = [s for s in SQUARES if s not in mover_cells]
    foes = draw(st.lists(st.sampled_from(free), min_size=1, max_size=3, unique=True))
    rest = [s for s in free if s not in foes]
    walls = draw(st.lists(st.sampled_from(rest), max_size=4, unique=True))
    rough = draw(st.lists(st.sampled_from(SQUARES), max_size=5, unique=True))
    raised = draw(st.lists(st.sampled_from([s for s in SQUARES if s not in mover_cells]),
                           max_size=5, unique=True))
    diagonals = draw(st.sampled_from(["phb", "dmg", "euclid"]))
    walk = draw(st.sampled_from([5, 10, 15]))
    fly = draw(st.sampled_from([0, 20, 25]))
    cells = [f"{{at: [{', '.join(rough)}], terrain: difficult}}"] if rough else []
    if walls:
        cells.append(f"{{at: [{', '.join(walls)}], wall: true}}")
    if raised:
        cells.append(f"{{at: [{', '.join(raised)}], ground: 1}}")
    lines = [f"ruleset: dnd5e\noptions: {{diagonals: {diagonals}}}",
             f"map: {{grid: square, columns: {SIZE}, rows: {SIZE}, top: 2, "
             f"cells: [{', '.join(cells)}]}}",
             "creatures:",
             f"  - {{id: mover, size: {'large' if large else 'medium'}, "
             f"speed: {{walk: {walk}, fly: {fly}}}, at: {mover}, side: a}}"]
    for i, at in enumerate(foes):
        side = draw(st.sampled_from(["a", "b", "b"]))
        lines.append(f"  - {{id: foe{i}, size: tiny, reach: {draw(st.sampled_from([5, 10]))}, "
                     f"at: {at}, side: {side}}}")
    return "\n".join(lines) + "\n"


def _rank(cost: Fraction, checks: int, can_act: bool, attacks: int
          ) -> tuple[Fraction, int, int, int]:
    return cost, checks, 0 if can_act else 1, attacks


def _checked(s: Scenario, who: str, moves: str) -> tuple[Fraction, int, int, int]:
    verdict = wingbeat.check(s, who, moves).to_dict()
    assert verdict["legal"] is True, verdict.get("error")
    return _rank(Fraction(verdict["cost"]), len(verdict["checks"]), verdict["can_act"],
                 _attacks(verdict["events"]))


def _same_order_everywhere(s: Scenario, who: str, report: ReachReport) -> None:
    """For each end state: reach's way, the path there and check's reading of either rank the
    same (cost, checks, attack kept, opportunity attacks); the path is no worse, reach's way is
    no worse, so they tie."""
    ruleset = find_ruleset(s.ruleset)
    searching = {"full_notation": False} if s.ruleset == "dnd5e" else {}
    assert report.states
    for reached in report.states:
        theirs = _checked(s, who, " ".join(reached.moves))
        assert theirs[:3] == _rank(reached.cost, len(reached.checks), reached.can_act, 0)[:3]
        space = ruleset.space(s, who, **searching)
        found = grid_path(space, partial(operator.eq, reached.state), "there")
        assert isinstance(found, MoveReport), found
        mine = _rank(found.cost, len(found.checks), found.can_act, _attacks(found.events))
        assert mine == theirs, (reached.state, found.moves, reached.moves)
        assert _checked(s, who, found.moves) == mine


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(dnd5e_fields())
def test_dnd5e_reach_path_and_check_rank_ways_alike(text: str) -> None:
    """D-speed, D-turn, D-creatures: for every end state reach reports, the path there costs the
    same, needs no more checks, keeps the action as often and provokes no more."""
    s = wingbeat.read_scenario_text(text, source="random.yaml")
    report = wingbeat.reach(s, "mover")
    assert isinstance(report, ReachReport)
    _same_order_everywhere(s, "mover", report)
    for reached in report.states[:12]:  # the public path, replayed into a turn report
        shape = "prone" if reached.state["prone"] else "standing"
        public = wingbeat.path(s, "mover", reached.state["at"],
                               altitude=reached.state["altitude"], mode=shape)
        assert not isinstance(public, PathNotFound)
        data = public.to_dict()
        assert (Fraction(data["cost"]), data["can_act"]) == (reached.cost, reached.can_act)
        assert _rank(reached.cost, 0, reached.can_act, _attacks(data["events"])) == _checked(
            s, "mover", " ".join(reached.moves))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(volare_fields())
def test_volare_reach_path_and_check_rank_ways_alike(data: dict[str, Any]) -> None:
    """V-actions, V-land, V-skim: for every end state reach reports, the path there costs the
    same, needs no more checks and keeps the attack as often."""
    s = wingbeat.parse_scenario(data)
    report = wingbeat.reach(s, "f")
    assert isinstance(report, ReachReport)
    _same_order_everywhere(s, "f", report)
