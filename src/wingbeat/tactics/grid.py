"""Threat, advice and suggestions for any grid ruleset, over its own ``reach`` and engagement rule.

A grid ruleset's ``reach`` settles every end state of a creature's round with its best way (one
``check`` accepts as written); the states that keep the attack (``can_act``, or a dearer way that
does: ``to_act``) are where it can strike from. What it can strike from there is the ruleset's
engagement rule, asked of a creature standing at each place nearby (``GridThreatRules.struck``).
So a threat never lists a place ``check`` and ``engagement`` would not agree on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..geometry.labels import column_label, split_label
from ..model import Scenario, format_amount
from ..rules import find_ruleset
from ..rules.grid import ReachedState, ReachReport
from .model import AdviceReport, AttackOption, Suggestion, Way, Weights, ranked, success_of

__all__ = ["GridThreat", "GridThreatRules", "Strike", "ThreatPlace"]

Place = tuple[str, int]  # (cell label, altitude)

#: Reach reports kept while one answer is computed (``kept_reports``), by battle object and
#: creature: advice asks the foes' threat and a suggestion the advice, each the same reaches.
#: Nothing is kept once the answer is given (a large reach report is large).
_KEPT: ContextVar[dict[tuple[int, str, str], tuple[Any, ReachReport]] | None] = ContextVar(
    "wingbeat_tactics_reports", default=None)


@contextmanager
def kept_reports() -> Iterator[None]:
    """Keep reach reports for the questions asked inside, then drop them."""
    if _KEPT.get() is not None:
        yield
        return
    token = _KEPT.set({})
    try:
        yield
    finally:
        _KEPT.reset(token)


@dataclass(frozen=True)
class Strike:
    """An end state a creature can reach this round with its attack still to make."""

    state: Mapping[str, Any]
    way: Way
    actions: tuple[str, ...]


@dataclass(frozen=True)
class ThreatPlace:
    """A place where a creature standing would be within reach of ``by`` on their next turn."""

    at: str
    altitude: int
    by: tuple[Way, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"at": self.at, "altitude": self.altitude, "count": len(self.by),
                "by": [w.to_dict() for w in self.by]}


@dataclass(frozen=True)
class GridThreat:
    """Threat zones on a grid: every threatened place, each with who can strike it and how."""

    ruleset: str
    side: str | None
    creatures: tuple[str, ...]
    unit: str
    kind: str  # "hex" or "square": how the text lays out its map
    places: tuple[ThreatPlace, ...]
    altitude_text: Callable[[int], str] | None = field(default=None, compare=False, repr=False)

    def to_dict(self) -> dict[str, Any]:
        return {"ruleset": self.ruleset, "side": self.side, "creatures": list(self.creatures),
                "unit": self.unit, "threats": [p.to_dict() for p in self.places]}

    def counts(self, altitude: int | None = None) -> dict[str, int]:
        """Per cell, how many creatures can strike there (the most over altitudes if None)."""
        found: dict[str, int] = {}
        for p in self.places:
            if altitude is None or p.altitude == altitude:
                found[p.at] = max(found.get(p.at, 0), len(p.by))
        return found

    def to_text(self) -> str:
        who = ", ".join(self.creatures)
        head = f"threat zones of {who} ({self.ruleset}" + (
            f", side {self.side}" if self.side else "") + "): how many can strike a creature "\
            "standing in each cell on their next turn"
        if not self.places:
            return head + "\nnowhere: none of them can reach an attack position this round"
        parts = [head]
        for z in sorted({p.altitude for p in self.places}):
            said = self.altitude_text(z) if self.altitude_text else str(z)
            parts.append(f"altitude {said}:\n" + _count_map(self.counts(z), self.kind))
        best = max(self.places, key=lambda p: (len(p.by), -p.altitude))
        names = ", ".join(f"{w.creature} ({format_amount(w.cost, self.unit)} {self.unit})"
                          for w in best.by)
        parts.append(f"most threatened: {best.at} at altitude {best.altitude}, by {names}")
        return "\n\n".join(parts)


def _count_map(counts: Mapping[str, int], kind: str) -> str:
    """Counts in a box around the threatened cells: a digit per cell, ``.`` where none can
    strike (``+`` for ten or more)."""
    cells = {split_label(at, kind=kind): n for at, n in counts.items()}
    cols = [c for c, _ in cells]
    rows = [r for _, r in cells]
    c0, c1, r0, r1 = min(cols), max(cols), min(rows), max(rows)
    labels = [column_label(c) for c in range(c0, c1 + 1)]
    width = max(len(x) for x in labels) + 1
    lines = ["     " + "".join(x.rjust(width) for x in labels)]
    for r in range(r0, r1 + 1):
        row = []
        for c in range(c0, c1 + 1):
            if kind == "hex" and (c + r) % 2:
                row.append(" ".rjust(width))
                continue
            n = cells.get((c, r))
            row.append(("." if n is None else "+" if n > 9 else str(n)).rjust(width))
        lines.append(f"{r:>4} " + "".join(row).rstrip())
    return "\n".join(lines)


class GridThreatRules:
    """Threat, advice and suggestion for a grid ruleset; a ruleset fills in its engagement."""

    kind = "square"

    # -- what each grid ruleset says ------------------------------------------------------------
    def members(self, scenario: Scenario) -> list[tuple[str, str | None]]:
        return [(c.id, c.side) for c in scenario.battle.creatures]

    def struck(self, scenario: Scenario, creature: str, state: Mapping[str, Any]
               ) -> Iterable[tuple[Place, str]]:
        """Each place where a creature standing could be attacked by ``creature`` in end state
        ``state``, with the rule (and case) that engages them."""
        raise NotImplementedError

    def struck_key(self, state: Mapping[str, Any]) -> Any:
        """What of an end state ``struck`` depends on: states with one key strike alike."""
        return tuple(sorted(state.items()))

    def engaged(self, scenario: Scenario, creature: str, state: Mapping[str, Any],
                target: str) -> str | None:
        """The rule by which ``creature`` in ``state`` is in melee with ``target`` as it
        stands, or None."""
        raise NotImplementedError

    def edge(self, scenario: Scenario, creature: str, state: Mapping[str, Any], target: str
             ) -> tuple[tuple[str, str], ...]:
        """What the position gives over ``target`` (word, why)."""
        raise NotImplementedError

    def gap(self, scenario: Scenario, creature: str, state: Mapping[str, Any],
            target: str) -> int:
        """How far ``creature`` in ``state`` is from ``target``, in the ruleset's measure."""
        raise NotImplementedError

    def kind_of(self, scenario: Scenario) -> str:
        """``hex`` or ``square``: how the map's cell labels lay out."""
        return self.kind

    def altitude_text(self, scenario: Scenario) -> Callable[[int], str] | None:
        return None

    # -- built on those --------------------------------------------------------------------------
    def reach(self, scenario: Scenario, creature: str) -> ReachReport:
        """The creature's ``reach``, kept for the few questions one answer asks of it (advice
        asks the foes' threat, a suggestion the advice)."""
        kept = _KEPT.get()
        key = (id(scenario.battle), scenario.ruleset, creature)
        known = None if kept is None else kept.get(key)
        if known is not None and known[0] is scenario.battle:
            return known[1]
        found = find_ruleset(scenario.ruleset).reach(scenario, creature, {})
        assert isinstance(found, ReachReport)
        if kept is not None:
            kept[key] = (scenario.battle, found)
        return found

    def strikes(self, scenario: Scenario, creature: str,
                report: ReachReport | None = None) -> list[Strike]:
        """The end states ``creature`` can reach with its attack still to make, each by its best
        way that keeps the attack."""
        report = report or self.reach(scenario, creature)
        found = []
        for s in report.states:
            way = _acting_way(creature, s)
            if way is not None:
                found.append(Strike(s.state, way, s.actions if s.can_act else ("attack",)))
        return found

    def threat(self, scenario: Scenario, attackers: Sequence[str], side: str | None
               ) -> GridThreat:
        # per place and attacker: (its best way's rank, the strike, how it engages)
        best: dict[Place, dict[str, tuple[tuple[Fraction, Fraction, int], Strike, str]]] = {}
        unit = ""
        for creature in attackers:
            report = self.reach(scenario, creature)
            unit = unit or report.unit
            struck: dict[Any, list[tuple[Place, str]]] = {}  # end states that strike alike
            for strike in self.strikes(scenario, creature, report):
                key = self.struck_key(strike.state)
                if key not in struck:
                    struck[key] = list(self.struck(scenario, creature, strike.state))
                rank = strike.way.key()
                for place, how in struck[key]:
                    here = best.setdefault(place, {})
                    old = here.get(creature)
                    if old is None or rank < old[0]:
                        here[creature] = (rank, strike, how)
        ways = {place: {c: Way(c, s.way.cost, s.way.moves, s.way.checks, how)
                        for c, (_rank, s, how) in by.items()} for place, by in best.items()}
        order = {c: i for i, c in enumerate(attackers)}
        kind = self.kind_of(scenario)
        places = tuple(
            ThreatPlace(at, z, tuple(sorted(by.values(),
                                            key=lambda w: (w.cost, order[w.creature]))))
            for (at, z), by in sorted(ways.items(), key=lambda kv: (
                kv[0][1], *reversed(split_label(kv[0][0], kind=kind)))))
        return GridThreat(scenario.ruleset, side, tuple(attackers), unit, kind, places,
                          self.altitude_text(scenario))

    def _threatened(self, scenario: Scenario, creature: str) -> dict[Place, tuple[str, ...]]:
        """Per place, the foes of ``creature`` that could strike it on their next turn."""
        from . import foes_of

        foes = foes_of(scenario, creature)
        if not foes:
            return {}
        zones = self.threat(scenario, foes, None)
        return {(p.at, p.altitude): tuple(w.creature for w in p.by) for p in zones.places}

    def advise(self, scenario: Scenario, creature: str, targets: Sequence[str],
               weights: Weights) -> AdviceReport:
        report = self.reach(scenario, creature)
        strikes = self.strikes(scenario, creature, report)
        threatened = self._threatened(scenario, creature)
        checker = find_ruleset(scenario.ruleset)
        options = []
        engaged: dict[Any, str | None] = {}  # end states that strike alike engage alike
        for target in targets:
            for strike in strikes:
                key = (self.struck_key(strike.state), target)
                if key not in engaged:
                    engaged[key] = self.engaged(scenario, creature, strike.state, target)
                how = engaged[key]
                if how is None:
                    continue
                verdict = checker.check(scenario, creature, strike.way.moves, {}).to_dict()
                if not verdict["legal"] or not verdict["can_act"]:
                    continue  # reach and check agree (tests/conformance.py): never here
                events = verdict.get("events", [])
                oas = sum(1 for e in events if e.get("type") == "opportunity-attack")
                place = (str(strike.state["at"]), int(strike.state.get("altitude", 0)))
                way = Way(creature, strike.way.cost, strike.way.moves, strike.way.checks, how)
                options.append(AttackOption(
                    target, strike.state, way, report.budget, oas, threatened.get(place, ()),
                    self.edge(scenario, creature, strike.state, target),
                    tuple(verdict.get("actions", strike.actions))))
        return AdviceReport(scenario.ruleset, creature, tuple(targets), report.unit, weights,
                            ranked(options, weights), report.field_text)

    def suggest(self, scenario: Scenario, creature: str, weights: Weights) -> Suggestion:
        from . import foes_of

        foes = foes_of(scenario, creature)
        report = self.reach(scenario, creature)
        unit = report.unit
        if foes:
            advice = self.advise(scenario, creature, foes, weights)
            if advice.options:
                return Suggestion.attack(scenario.ruleset, creature, advice, unit, weights)
            threatened = self._threatened(scenario, creature)
            here = report.states[0] if report.states and not report.states[0].moves else None
            start = None if here is None else here.state
            choices = []
            for s in report.states:
                place = (str(s.state["at"]), int(s.state.get("altitude", 0)))
                near = min((self.gap(scenario, creature, s.state, f), f) for f in foes)
                choices.append(((len(threatened.get(place, ())), -success_of(s.checks), near[0],
                                 s.cost, len(s.moves)), s, near[1], place))
            if choices:
                key, s, foe, place = min(choices, key=lambda c: c[0])
                now = None if start is None else min(
                    self.gap(scenario, creature, start, f) for f in foes)
                if s.moves and (now is None or key[2] < now):
                    by = threatened.get(place, ())
                    reasons = [f"no attack position against {', '.join(foes)} this round",
                               f"closes to {key[2]} from {now if now is not None else '?'} "
                               f"of {foe} ({self.gap_unit})",
                               "no foe can strike the end place on its next turn" if not by
                               else f"the end place is within reach of {len(by)} foe"
                                    f"{'' if len(by) == 1 else 's'}: {', '.join(by)} (the "
                                    "fewest of the places that close in)"]
                    if s.checks:
                        reasons.append("every save succeeds with probability "
                                       f"{success_of(s.checks)}")
                    return Suggestion(scenario.ruleset, creature, "close", " ".join(s.moves),
                                      s.cost, unit, tuple(reasons), foe, None, weights)
        reason = ("no foe here" if not foes else
                  "no attack position this round, and no move closes the distance safely")
        if report.states and not report.states[0].moves:
            return Suggestion(scenario.ruleset, creature, "hold", "", Fraction(0), unit,
                              (reason,), None, None, weights)
        cheapest = report.states[0] if report.states else None
        if cheapest is None:
            return Suggestion(scenario.ruleset, creature, "hold", "", Fraction(0), unit,
                              (reason, "it has no legal end this round"), None, None, weights)
        return Suggestion(scenario.ruleset, creature, "hold", " ".join(cheapest.moves),
                          cheapest.cost, unit,
                          (reason, "it cannot stay where it is: the cheapest legal end"),
                          None, None, weights)

    gap_unit = "cells"


def _acting_way(creature: str, s: ReachedState) -> Way | None:
    if s.can_act:
        return Way(creature, s.cost, " ".join(s.moves), s.checks)
    if s.to_act is not None:
        return Way(creature, s.to_act.cost, " ".join(s.to_act.moves), s.to_act.checks)
    return None

