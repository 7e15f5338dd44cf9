"""A test-only ruleset, ``track``: creatures on the cells 0..length-1 of a line, each step to a
neighbouring cell costing 1, at most ``speed`` a round (rule ids T-step, T-speed, T-edge);
runners on neighbouring cells are in melee (T-near).

It is the smallest grid ruleset the registry can hold: a schema, a ``GridSpace`` that
``rules/grid.py`` searches and checks (so reach, path and check agree by construction), a
picture and a play adapter, all here, joined to wingbeat with ``registry.register(TRACK)`` and
nothing else (docs/adding-a-ruleset.md). ``tests/test_registry.py`` drives it through every face
and ``tests/test_conformance.py`` holds it to the grid contract, as it does the built-in rulesets.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from wingbeat.errors import NotationError, ScenarioError
from wingbeat.model import Scenario, format_cost
from wingbeat.play.adapter import BattleAdapter
from wingbeat.play.dice import Dice
from wingbeat.play.engine import Piece, Played
from wingbeat.render.cells import cells_reached
from wingbeat.render.svg import cost_color, element, text
from wingbeat.rules.grid import (
    MoveReport,
    PathNotFound,
    ReachReport,
    grid_check,
    grid_path,
    grid_reach,
)
from wingbeat.rules.questions import refuse_unknown_options, whole_number
from wingbeat.rules.registry import RulesetInfo
from wingbeat.rules.roster import Roster
from wingbeat.search import StepTuple

#: The grid contract keys a state by cell, altitude and mode; a track lies flat and is run.
ALTITUDE, MODE = 0, "running"


@dataclass(frozen=True)
class Runner:
    id: str
    at: int
    speed: int
    side: str | None = None

    @property
    def display_name(self) -> str:
        return self.id


@dataclass(frozen=True)
class Track(Roster[Runner]):
    """The battle: a ``rules.base.Battle``, whose creatures are runners (``rules.roster``
    finds one by id and sets them anew)."""

    members = "runners"

    length: int
    runners: tuple[Runner, ...]

    runner = Roster.creature

    @property
    def creatures(self) -> tuple[Runner, ...]:
        return self.runners


#: A scenario of this ruleset: its battle is a ``Track`` (its code reads it so, no cast).
TrackScenario = Scenario[Track]


# -- schema ---------------------------------------------------------------------------------------
def _unknown(data: Mapping[str, Any], known: set[str], source: str, where: str) -> None:
    unknown = sorted(set(data) - known)
    if unknown:
        raise ScenarioError("unknown key: not part of the scenario format", source=source,
                            where=f"{where}{unknown[0]}")


def build(data: dict[str, Any], source: str) -> TrackScenario:
    """``{ruleset: track, length: N, creatures: [{id, at, speed}]}``; errors name the place."""
    _unknown(data, {"ruleset", "length", "creatures"}, source, "")
    length = data.get("length")
    if not isinstance(length, int) or length < 1:
        raise ScenarioError(f"expected a whole number of cells, at least 1 (got {length!r})",
                            source=source, where="length")
    runners = []
    for i, c in enumerate(data.get("creatures") or []):
        if not isinstance(c, dict):
            raise ScenarioError("expected {id, at, speed}", source=source, where=f"creatures[{i}]")
        _unknown(c, {"id", "at", "speed"}, source, f"creatures[{i}].")
        at, speed = c.get("at"), c.get("speed", 2)
        if not isinstance(at, int) or not 0 <= at < length:
            raise ScenarioError(f"expected a cell from 0 to {length - 1} (got {at!r})",
                                source=source, where=f"creatures[{i}].at")
        if not isinstance(speed, int) or speed < 0:
            raise ScenarioError(f"expected a whole number of steps (got {speed!r})",
                                source=source, where=f"creatures[{i}].speed")
        runners.append(Runner(str(c.get("id")), at, speed))
    return Scenario(ruleset="track", battle=Track(length, tuple(runners)), source=source)


# -- engine: one runner's round as a GridSpace (the packed state is the cell) --------------------
class TrackSpace:
    """Steps of 1 to a neighbouring cell (T-step), on the track (T-edge), ``speed`` of them
    (T-speed). Moves are cell numbers; ``up`` and ``down`` name the next and the previous cell."""

    ruleset = "track"
    unit = "cells"
    tick = Fraction(1)
    half = None

    def __init__(self, track: Track, creature: str):
        self.track = track
        self.runner = track.runner(creature)
        self.creature = self.runner.id

    @property
    def start(self) -> int:
        return self.runner.at

    @property
    def budget(self) -> int:
        return self.runner.speed

    def on_track(self, cell: int) -> bool:
        return 0 <= cell < self.track.length

    def steps(self, code: int, spent: int) -> Iterator[StepTuple]:
        for cell in (code - 1, code + 1):
            if self.on_track(cell):
                yield str(cell), cell, 1, (), ()

    def describe(self, code: int) -> dict[str, Any]:
        return {"at": str(code), "altitude": ALTITUDE, "mode": MODE}

    def end_problem(self, code: int) -> tuple[str, str] | None:
        return None

    def actions(self, code: int, spent: int) -> tuple[str, ...]:
        return ("attack",)

    def parse_move(self, token: str, code: int) -> str:
        if token in ("up", "down"):
            return str(code + (1 if token == "up" else -1))
        try:
            return str(int(token))
        except ValueError:
            raise NotationError(f"expected a cell number, up or down, got {token!r}") from None

    def explain(self, code: int, spent: int, move: str) -> tuple[str, str]:
        cell = int(move)
        if not self.on_track(cell):
            return "T-edge", f"{cell} is off the track (0 to {self.track.length - 1})"
        if abs(cell - code) != 1:
            return "T-step", f"{cell} is not next to {code}"
        return "T-speed", f"step {spent + 1} is over speed {self.runner.speed}"

    def info(self) -> dict[str, Any]:
        return {"speed": self.runner.speed}

    def text_map(self, costs: Mapping[str, Fraction]) -> str:
        return " ".join(format_cost(costs[str(c)]) if str(c) in costs else "."
                        for c in range(self.track.length))


@dataclass(frozen=True)
class Engagement:
    a: str
    b: str
    engagement: str

    def to_dict(self) -> dict[str, Any]:
        return {"a": self.a, "b": self.b, "engagement": self.engagement, "elevated": None,
                "rule": "T-near"}

    def to_text(self) -> str:
        return f"{self.a} and {self.b}: {self.engagement} (T-near)"


def _can_act(options: Mapping[str, Any]) -> bool:
    refuse_unknown_options(TrackRuleset.id, options, {"can_act"})
    return bool(options.get("can_act", False))


class TrackRuleset:
    id = "track"

    def space(self, scenario: TrackScenario, creature: str) -> TrackSpace:
        return TrackSpace(scenario.battle, creature)

    def reach(self, scenario: TrackScenario, creature: str, options: Mapping[str, Any]
              ) -> ReachReport:
        _can_act(options)
        return grid_reach(self.space(scenario, creature))

    def path(self, scenario: TrackScenario, creature: str, *, to: str, altitude: str | None,
             mode: str | None, options: Mapping[str, Any]) -> MoveReport | PathNotFound:
        must_act = _can_act(options)
        space = self.space(scenario, creature)
        goal = whole_number(to, "the cell")
        if goal is None or not space.on_track(goal):
            raise NotationError(f"{to!r} is off the track (0 to {space.track.length - 1})")
        if whole_number(altitude, "altitude") not in (None, ALTITUDE):
            raise NotationError(f"a track has altitude {ALTITUDE} only, got {altitude!r}")
        if mode not in (None, MODE):
            raise NotationError(f"a track is {MODE}, got mode {mode!r}")
        return grid_path(space, lambda state: state["at"] == str(goal), str(goal),
                         must_act=must_act)

    def check(self, scenario: TrackScenario, creature: str, moves: str,
              options: Mapping[str, Any]) -> MoveReport:
        _can_act(options)
        return grid_check(self.space(scenario, creature), moves)

    def engagement(self, scenario: TrackScenario, a: str, b: str) -> Engagement:
        track = scenario.battle
        one, other = track.runner(a), track.runner(b)
        if one.id == other.id:
            raise ScenarioError(f"engagement is between two different creatures; got {a!r} twice")
        return Engagement(one.id, other.id, "melee" if abs(one.at - other.at) <= 1 else "none")


RULESET = TrackRuleset()


# -- picture: one square a cell; the data-* attributes are the grid pictures' -------------------
SIZE = 40


def render(scenario: TrackScenario, *, reach: Any = None, altitude: int | None = None,
           route: Any = None, creature: str | None = None) -> str:
    """The track, each reached cell coloured and marked with its least cost (``data-cost``) and
    ``data-can-act``; each step of ``route`` an arrow marked ``data-move`` and ``data-total``."""
    track = scenario.battle
    reached = cells_reached(reach, altitude) if isinstance(reach, ReachReport) else {}
    budget = Fraction(reach.budget) if isinstance(reach, ReachReport) else Fraction(1)
    parts = []
    for c in range(track.length):
        x = SIZE * c
        box = element("rect", x=x, y=0, width=SIZE, height=SIZE, fill="#fff", stroke="#999")
        label = text(x + SIZE / 2, SIZE + 14, str(c), font_size=11, text_anchor="middle")
        cell = reached.get(str(c))
        if cell is None:
            parts.append(element("g", [box, label], data_cell=c))
            continue
        fill = element("rect", x=x, y=0, width=SIZE, height=SIZE,
                       fill=cost_color(cell.cost, budget), class_="reach-fill")
        parts.append(element("g", [box, fill, label], class_="reach", data_cell=c,
                             data_cost=format_cost(cell.cost),
                             data_can_act="true" if cell.can_act else "false"))
    for r in track.runners:
        parts.append(element("circle", cx=SIZE * r.at + SIZE / 2, cy=SIZE / 2, r=SIZE / 4,
                             fill="#346", data_creature=r.id))
    if isinstance(route, MoveReport):
        here = track.runner(route.creature).at
        for step in route.steps:
            there = int(step.move)
            parts.append(element("line", x1=SIZE * here + SIZE / 2, y1=SIZE / 2,
                                 x2=SIZE * there + SIZE / 2, y2=SIZE / 2, stroke="#c33",
                                 data_move=step.move, data_total=format_cost(step.total)))
            here = there
    who = reach.creature if isinstance(reach, ReachReport) else creature
    about: dict[str, object] = {}
    if who is not None:
        about = {"data_creature": who, "data_unit": TrackSpace.unit}
        if isinstance(reach, ReachReport):
            about["data_budget"] = format_cost(reach.budget)
    return element("svg", parts, xmlns="http://www.w3.org/2000/svg", width=SIZE * track.length,
                   height=SIZE + 20, data_ruleset="track", **about)


def summary(scenario: TrackScenario) -> dict[str, Any]:
    track = scenario.battle
    return {"ruleset": "track", "map": {"kind": "track", "length": track.length},
            "altitudes": {"min": ALTITUDE, "max": ALTITUDE},
            "creatures": [{"id": r.id} for r in track.runners]}


# -- play -----------------------------------------------------------------------------------------
class TrackPlay(BattleAdapter[Track, Runner]):
    """Only what is the track's own: a runner as a piece and back, a move, its words; the pieces,
    the battle as it stands now and the quiet end of round come from ``BattleAdapter``."""

    ruleset = "track"

    def piece(self, battle: Track, creature: Runner) -> Piece:
        return {"at": creature.at}

    def placed(self, battle: Track, creature: Runner, piece: Mapping[str, Any]) -> Runner:
        return replace(creature, at=int(piece["at"]))

    def move(self, scenario: TrackScenario, pieces: Mapping[str, Piece], creature: str,
             moves: str, dice: Dice, options: Mapping[str, Any] | None = None) -> Played:
        now = self.scenario_now(scenario, pieces)
        report = RULESET.check(now, creature, moves, options or {})
        if not report.legal:
            return Played(creature, moves, False, report.to_dict(), error=report.error)
        return Played(creature, moves, True, report.to_dict(), made=report.moves,
                      piece={"at": int(report.end["at"])})

    def describe(self, piece: Mapping[str, Any]) -> str:
        return f"at {piece['at']}"

    def board(self, scenario: TrackScenario) -> dict[str, Any]:
        return dict(summary(scenario)["map"])


ADAPTER = TrackPlay()

#: The one registration: everything wingbeat needs to know about the track ruleset.
TRACK = RulesetInfo(
    id="track", title="Track: runners on a line (test only)", space="grid",
    engine=lambda: RULESET, schema=lambda: build, renderer=f"{__name__}", play=lambda: ADAPTER,
    hints={"example": "1 2", "notation": "Cell numbers (or up, down), one step at a time"},
)
