"""A test-only ruleset, ``track``: creatures on the cells 0..length-1 of a line, each step to a
neighbouring cell costing 1, at most ``speed`` a round (rule ids T-step, T-speed, T-edge).

It is the smallest ruleset the registry can hold: a schema, an engine, a picture and a play
adapter, all here, joined to wingbeat with ``registry.register(TRACK)`` and nothing else
(docs/adding-a-ruleset.md). ``tests/test_registry.py`` drives it through every face.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from wingbeat.errors import IllegalMoveError, NotationError, OptionError, ScenarioError
from wingbeat.model import Scenario, format_cost
from wingbeat.play.dice import Dice
from wingbeat.play.engine import Piece, Played
from wingbeat.rules.registry import RulesetInfo


@dataclass(frozen=True)
class Runner:
    id: str
    at: int
    speed: int


@dataclass(frozen=True)
class Track:
    length: int
    runners: tuple[Runner, ...]

    def runner(self, creature: str) -> Runner:
        for r in self.runners:
            if r.id == creature:
                return r
        raise ScenarioError(f"no creature {creature!r} (creatures: "
                            f"{', '.join(r.id for r in self.runners)})")


# -- schema ---------------------------------------------------------------------------------------
def build(data: dict[str, Any], source: str) -> Scenario:
    """``{ruleset: track, length: N, creatures: [{id, at, speed}]}``; errors name the place."""
    unknown = sorted(set(data) - {"ruleset", "length", "creatures"})
    if unknown:
        raise ScenarioError("unknown key: not part of the scenario format", source=source,
                            where=unknown[0])
    length = data.get("length")
    if not isinstance(length, int) or length < 1:
        raise ScenarioError(f"expected a whole number of cells, at least 1 (got {length!r})",
                            source=source, where="length")
    runners = []
    for i, c in enumerate(data.get("creatures") or []):
        at = c.get("at") if isinstance(c, dict) else None
        if not isinstance(at, int) or not 0 <= at < length:
            raise ScenarioError(f"expected a cell from 0 to {length - 1} (got {at!r})",
                                source=source, where=f"creatures[{i}].at")
        runners.append(Runner(str(c["id"]), at, int(c.get("speed", 2))))
    return Scenario(ruleset="track", battle=Track(length, tuple(runners)), source=source)


# -- engine ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Reach:
    creature: str
    cells: tuple[tuple[int, int], ...]  # (cell, least cost)

    def to_dict(self) -> dict[str, Any]:
        return {"ruleset": "track", "creature": self.creature,
                "states": [{"at": str(c), "cost": format_cost(k)} for c, k in self.cells]}

    def to_text(self) -> str:
        return "\n".join(f"{c}  {k}" for c, k in self.cells)


@dataclass(frozen=True)
class Move:
    creature: str
    moves: tuple[str, ...]
    cells: tuple[int, ...]  # where each step ends
    error: IllegalMoveError | None = None

    @property
    def legal(self) -> bool:
        return self.error is None

    @property
    def cost(self) -> Fraction:
        return Fraction(len(self.cells))

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"ruleset": "track", "creature": self.creature,
                                "legal": self.legal, "cost": format_cost(self.cost),
                                "steps": [{"move": m, "at": str(c)}
                                          for m, c in zip(self.moves, self.cells, strict=False)]}
        if self.error is not None:
            data["error"] = {"rule": self.error.rule, "message": self.error.message,
                             "step": self.error.step, "move": self.error.move}
        return data

    def to_text(self) -> str:
        if self.error is not None:
            return f"ILLEGAL at step {self.error.step}: {self.error}"
        return f"legal: {format_cost(self.cost)}; ends at {self.cells[-1] if self.cells else '-'}"


def _walk(track: Track, runner: Runner, moves: str) -> Move:
    here, cells, tokens = runner.at, [], moves.split()
    for step, token in enumerate(tokens, 1):
        try:
            cell = int(token)
        except ValueError:
            raise NotationError(f"expected a cell number, got {token!r}") from None
        problem = (("T-edge", f"{cell} is off the track (0 to {track.length - 1})")
                   if not 0 <= cell < track.length else
                   ("T-step", f"{cell} is not next to {here}") if abs(cell - here) != 1 else
                   ("T-speed", f"step {step} is over speed {runner.speed}")
                   if step > runner.speed else None)
        if problem is not None:
            error = IllegalMoveError(*problem, step=step, move=token)
            return Move(runner.id, tuple(tokens), tuple(cells), error)
        cells.append(here := cell)
    return Move(runner.id, tuple(tokens), tuple(cells))


class TrackRuleset:
    id = "track"

    def reach(self, scenario: Scenario, creature: str, options: Mapping[str, Any]) -> Reach:
        _no_options(options)
        track: Track = scenario.battle
        r = track.runner(creature)
        cells = sorted((c, abs(c - r.at)) for c in range(track.length)
                       if abs(c - r.at) <= r.speed)
        return Reach(creature, tuple(sorted(cells, key=lambda ck: (ck[1], ck[0]))))

    def path(self, scenario: Scenario, creature: str, *, to: str, altitude: str | None,
             mode: str | None, options: Mapping[str, Any]) -> Move:
        track: Track = scenario.battle
        r = track.runner(creature)
        goal = int(to)
        way = range(r.at + 1, goal + 1) if goal > r.at else range(r.at - 1, goal - 1, -1)
        return self.check(scenario, creature, " ".join(map(str, way)), options)

    def check(self, scenario: Scenario, creature: str, moves: str,
              options: Mapping[str, Any]) -> Move:
        _no_options(options)
        track: Track = scenario.battle
        return _walk(track, track.runner(creature), moves)

    def engagement(self, scenario: Scenario, a: str, b: str) -> Reach:
        raise OptionError("track runners never engage")


def _no_options(options: Mapping[str, Any]) -> None:
    if options:
        raise OptionError(f"track takes no options, got {', '.join(sorted(options))}")


RULESET = TrackRuleset()


# -- picture --------------------------------------------------------------------------------------
def render(scenario: Scenario, *, reach: Any = None, altitude: int | None = None,
           route: Any = None, creature: str | None = None) -> str:
    track: Track = scenario.battle
    reached = {int(s["at"]) for s in reach.to_dict()["states"]} if reach is not None else set()
    cells = "".join(f'<rect data-cell="{c}" x="{10 * c}" y="0" width="10" height="10" '
                    f'fill="{"#9c9" if c in reached else "#fff"}"/>'
                    for c in range(track.length))
    return f'<svg xmlns="http://www.w3.org/2000/svg" data-ruleset="track">{cells}</svg>'


def summary(scenario: Scenario) -> dict[str, Any]:
    track: Track = scenario.battle
    return {"ruleset": "track", "map": {"kind": "track", "length": track.length},
            "altitudes": {"min": 0, "max": 0}, "creatures": [{"id": r.id} for r in track.runners]}


# -- play -----------------------------------------------------------------------------------------
class TrackPlay:
    ruleset = "track"

    def pieces(self, scenario: Scenario) -> dict[str, Piece]:
        track: Track = scenario.battle
        return {r.id: {"at": r.at} for r in track.runners}

    def move(self, scenario: Scenario, pieces: Mapping[str, Piece], creature: str, moves: str,
             dice: Dice, options: Mapping[str, Any] | None = None) -> Played:
        report = RULESET.check(self.scenario_now(scenario, pieces), creature, moves, options or {})
        end = report.cells[-1] if report.legal and report.cells else pieces[creature]["at"]
        return Played(creature, moves, report.legal, report.to_dict(),
                      made=moves if report.legal else "", piece={"at": end},
                      error=report.error)

    def end_round(self, scenario: Scenario, pieces: Mapping[str, Piece]
                  ) -> tuple[dict[str, Piece], list[dict[str, Any]]]:
        return dict(pieces), []

    def pending(self, scenario: Scenario, pieces: Mapping[str, Piece],
                creature: str) -> dict[str, Any] | None:
        return None

    def describe(self, piece: Piece) -> str:
        return f"at {piece['at']}"

    def board(self, scenario: Scenario) -> dict[str, Any]:
        return summary(scenario)["map"]

    def scenario_now(self, scenario: Scenario, pieces: Mapping[str, Piece]) -> Scenario:
        track: Track = scenario.battle
        runners = tuple(replace(r, at=int(pieces[r.id]["at"])) for r in track.runners)
        return replace(scenario, battle=replace(track, runners=runners))


ADAPTER = TrackPlay()

#: The one registration: everything wingbeat needs to know about the track ruleset.
TRACK = RulesetInfo(
    id="track", title="Track: runners on a line (test only)", space="grid",
    engine=lambda: RULESET, schema=lambda: build, renderer=f"{__name__}", play=lambda: ADAPTER,
    hints={"example": "1 2", "notation": "Cell numbers, one step at a time"},
)
