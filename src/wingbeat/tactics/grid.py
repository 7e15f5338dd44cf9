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
from dataclasses import field
from fractions import Fraction
from typing import Any, TypeVar

from .._records import dataclass
from ..geometry.labels import column_label, split_label
from ..i18n import _, ngettext, pgettext
from ..model import Scenario, format_amount
from ..narrate import unit_word
from ..rules import find_ruleset
from ..rules.grid import ReachedState, ReachReport, _acting_alternatives
from ..search import CHECK_SLOTS, SettledArrays, Step
from .model import (
    AdviceReport,
    AttackOption,
    Suggestion,
    ThreatZones,
    Way,
    Weights,
    ranked,
    success_of,
)

__all__ = ["GridThreat", "GridThreatRules", "Strike", "ThreatPlace", "battle_table"]

Place = tuple[str, int]  # (cell label, altitude)
_T = TypeVar("_T")

#: Reach reports kept while one answer is computed (``kept_reports``), by battle object and
#: creature: advice asks the foes' threat and a suggestion the advice, each the same reaches.
#: Nothing is kept once the answer is given (a large reach report is large).
#: Beside each report, its attack-keeping end states (``_Strikes``) and the places they strike
#: (``_Claims``), under the same key with "strikes" or "claims" first.
_KEPT: ContextVar[dict[tuple[Any, ...], tuple[Any, Any]] | None] = ContextVar(
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
class GridThreat(ThreatZones):
    """Threat zones on a grid: every threatened place, each with who can strike it and how."""

    kind: str  # "hex" or "square": how the text lays out its map
    places: tuple[ThreatPlace, ...]
    altitude_text: Callable[[int], str] | None = field(default=None, compare=False, repr=False)

    def to_dict(self) -> dict[str, Any]:
        return {**self._json_head(), "threats": [p.to_dict() for p in self.places]}

    def counts(self, altitude: int | None = None) -> dict[str, int]:
        """Per cell, how many creatures can strike there (the most over altitudes if None)."""
        found: dict[str, int] = {}
        for p in self.places:
            if altitude is None or p.altitude == altitude:
                found[p.at] = max(found.get(p.at, 0), len(p.by))
        return found

    def to_text(self) -> str:
        head = self._text_head(_("how many can strike a creature standing in each cell on "
                                 "their next turn"))
        if not self.places:
            return head + "\n" + _("nowhere: none of them can reach an attack position this "
                                   "round")
        parts = [head]
        for z in sorted({p.altitude for p in self.places}):
            said = self.altitude_text(z) if self.altitude_text else str(z)
            parts.append(_("altitude {altitude}:").format(altitude=said) + "\n"
                         + _count_map(self.counts(z), self.kind))
        best = max(self.places, key=lambda p: (len(p.by), -p.altitude))
        names = ", ".join(f"{w.creature} ({format_amount(w.cost, self.unit)} "
                          f"{unit_word(self.unit)})" for w in best.by)
        parts.append(_("most threatened: {at} at altitude {altitude}, by {creatures}").format(
            at=best.at, altitude=best.altitude, creatures=names))
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
        return self.striker(scenario, creature)(state)

    def striker(self, scenario: Scenario, creature: str
                ) -> Callable[[Mapping[str, Any]], Iterable[tuple[Place, str]]]:
        """``struck`` for one creature's many end states: what they share (its battle, map and
        tables) is looked up once. ``_claims`` asks it of the states best first and keeps each
        place's first claim, so it may leave out the places it gave for a state before."""
        raise NotImplementedError

    def struck_key(self, state: Mapping[str, Any]) -> Any:
        """What of an end state ``struck`` depends on: states with one key strike alike."""
        return tuple(sorted(state.items()))

    def engaged(self, scenario: Scenario, creature: str, state: Mapping[str, Any],
                target: str) -> str | None:
        """The rule by which ``creature`` in ``state`` is in melee with ``target`` as it
        stands, or None."""
        return self.engager(scenario, creature, target)(state)

    def engager(self, scenario: Scenario, creature: str, target: str
                ) -> Callable[[Mapping[str, Any]], str | None]:
        """``engaged`` for one creature's many end states against one target."""
        raise NotImplementedError

    def edge(self, scenario: Scenario, creature: str, state: Mapping[str, Any], target: str
             ) -> tuple[tuple[str, str], ...]:
        """What the position gives over ``target`` (word, why)."""
        raise NotImplementedError

    def gap(self, scenario: Scenario, creature: str, state: Mapping[str, Any],
            target: str) -> int:
        """How far ``creature`` in ``state`` is from ``target``, in the ruleset's measure."""
        raise NotImplementedError

    def budget_of(self, report: ReachReport, state: Mapping[str, Any]) -> Fraction:
        """What a way to ``state`` spends out of, for advice's cost term: the reach's budget, or
        another where the ruleset has more than one (volare on foot: its MP of walking)."""
        return report.budget

    def kind_of(self, scenario: Scenario) -> str:
        """``hex`` or ``square``: how the map's cell labels lay out."""
        return self.kind

    def altitude_text(self, scenario: Scenario) -> Callable[[int], str] | None:
        return None

    # -- built on those --------------------------------------------------------------------------
    def reach(self, scenario: Scenario, creature: str, no_checks: bool = False) -> ReachReport:
        """The creature's ``reach`` (``no_checks``: of its ways without a save), kept for the few
        questions one answer asks of it (advice asks the foes' threat, a suggestion the
        advice)."""
        return _kept(("reach", scenario.ruleset, creature, no_checks), scenario,
                     lambda: _reach_of(scenario, creature, no_checks))

    def _strikes(self, scenario: Scenario, creature: str, no_checks: bool = False) -> _Strikes:
        return _kept(("strikes", scenario.ruleset, creature, no_checks), scenario,
                     lambda: _Strikes(creature, self.reach(scenario, creature, no_checks)))

    def strikes(self, scenario: Scenario, creature: str,
                report: ReachReport | None = None) -> list[Strike]:
        """The end states ``creature`` can reach with its attack still to make, each by its best
        way that keeps the attack."""
        found = (self._strikes(scenario, creature) if report is None
                 else _Strikes(creature, report))
        return [Strike(found.states[i], found.way(i), found.actions[i]) for i in range(len(found))]

    def _claims(self, scenario: Scenario, creature: str) -> _Claims:
        """Every place ``creature`` can strike next turn, each with the strike that gets there
        best (``Way.key``: least movement, then the likelier saves, then the shorter notation;
        the first end state of the report among equals) and how it engages.

        The strikes are taken best first, so a place's first claim is its best; and end states
        that strike alike (``struck_key``) are asked once, by the best of them."""
        def made() -> _Claims:
            strikes = self._strikes(scenario, creature)
            strike = self.striker(scenario, creature)
            key_of = self.struck_key
            states = strikes.states
            seen: set[Any] = set()
            claims: dict[Place, tuple[int, str]] = {}
            for i in strikes.best_first():
                key = key_of(states[i])
                if key in seen:
                    continue
                seen.add(key)
                for place, how in strike(states[i]):
                    if place not in claims:
                        claims[place] = (i, how)
            return _Claims(strikes, claims)
        return _kept(("claims", scenario.ruleset, creature), scenario, made)

    def threat(self, scenario: Scenario, attackers: Sequence[str], side: str | None
               ) -> GridThreat:
        unit = ""
        at_place: dict[Place, list[Way]] = {}
        for creature in attackers:
            claimed = self._claims(scenario, creature)
            unit = unit or claimed.strikes.unit
            ways: dict[tuple[int, str], Way] = {}  # one Way for the places a strike shares
            for place, (i, how) in claimed.places.items():
                way = ways.get((i, how))
                if way is None:
                    way = ways[i, how] = claimed.strikes.way(i, how)
                found = at_place.get(place)
                if found is None:
                    at_place[place] = [way]
                else:
                    found.append(way)
        order = {c: i for i, c in enumerate(attackers)}
        kind = self.kind_of(scenario)
        cells: dict[str, tuple[int, int]] = {}
        for at, _z in at_place:
            if at not in cells:
                cells[at] = split_label(at, kind=kind)
        places = []
        for (at, z), by in sorted(at_place.items(), key=lambda kv: (
                kv[0][1], cells[kv[0][0]][1], cells[kv[0][0]][0])):
            if len(by) > 1:
                by.sort(key=lambda w: (w.cost, order[w.creature]))
            places.append(ThreatPlace(at, z, tuple(by)))
        return GridThreat(scenario.ruleset, side, tuple(attackers), unit, kind, tuple(places),
                          self.altitude_text(scenario))

    def _threatened(self, scenario: Scenario, creature: str) -> dict[Place, tuple[str, ...]]:
        """Per place, the foes of ``creature`` that could strike it on their next turn (in the
        order the threat lists them: least movement first, then the order of the scenario)."""
        from .sides import foes_of

        foes = foes_of(scenario, creature)
        if not foes:
            return {}
        at_place: dict[Place, list[tuple[Fraction, int, str]]] = {}
        for n, foe in enumerate(foes):
            claimed = self._claims(scenario, foe)
            costs = claimed.strikes.costs
            for place, (i, _how) in claimed.places.items():
                at_place.setdefault(place, []).append((costs[i], n, foe))
        return {place: tuple(f for _c, _n, f in (sorted(by) if len(by) > 1 else by))
                for place, by in at_place.items()}

    def advise(self, scenario: Scenario, creature: str, targets: Sequence[str],
               weights: Weights, no_checks: bool = False) -> AdviceReport:
        """Every end state ``creature`` can strike a target from, each by its cheapest way that
        keeps the attack (``no_checks``: by its cheapest way without a save, as ``reach
        --no-checks`` finds it, so that a place whose cheapest way needs a save is still ranked
        by the dearer way that needs none), ranked by ``weights``."""
        report = self.reach(scenario, creature, no_checks)
        strikes = self._strikes(scenario, creature, no_checks)
        threatened = self._threatened(scenario, creature)
        checker = find_ruleset(scenario.ruleset)
        options = []
        key_of = self.struck_key
        keys = [key_of(state) for state in strikes.states]
        for target in targets:
            engage = self.engager(scenario, creature, target)
            engaged: dict[Any, str | None] = {}  # end states that strike alike engage alike
            for i, state in enumerate(strikes.states):
                key = keys[i]
                if key in engaged:
                    how = engaged[key]
                else:
                    how = engaged[key] = engage(state)
                if how is None:
                    continue
                way = strikes.way(i, how)
                verdict = checker.check(scenario, creature, way.moves, {}).to_dict()
                if not verdict["legal"] or not verdict["can_act"]:
                    continue  # reach and check agree (tests/conformance.py): never here
                events = verdict.get("events", [])
                oas = sum(1 for e in events if e.get("type") == "opportunity-attack")
                place = (str(state["at"]), int(state.get("altitude", 0)))
                options.append(AttackOption(
                    target, state, way, self.budget_of(report, state), oas,
                    threatened.get(place, ()),
                    self.edge(scenario, creature, state, target),
                    tuple(verdict.get("actions", strikes.actions[i]))))
        return AdviceReport(scenario.ruleset, creature, tuple(targets), report.unit, weights,
                            ranked(options, weights), report.field_text)

    def suggest(self, scenario: Scenario, creature: str, weights: Weights) -> Suggestion:
        from .sides import foes_of

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
                    reasons = [
                        _("no attack position against {foes} this round").format(
                            foes=", ".join(foes)),
                        # Translators: e.g. "closes to 2 from 5 of chamois (hexes)"
                        _("closes to {gap} from {now} of {foe} ({unit})").format(
                            gap=key[2], now=now if now is not None else "?", foe=foe,
                            unit=gap_word(self.gap_unit)),
                        _("no foe can strike the end place on its next turn") if not by
                        else ngettext("the end place is within reach of {count} foe: {foes} "
                                      "(the fewest of the places that close in)",
                                      "the end place is within reach of {count} foes: {foes} "
                                      "(the fewest of the places that close in)",
                                      len(by)).format(count=len(by), foes=", ".join(by))]
                    if s.checks:
                        reasons.append(_("every save succeeds with probability "
                                         "{success}").format(success=success_of(s.checks)))
                    return Suggestion(scenario.ruleset, creature, "close", " ".join(s.moves),
                                      s.cost, unit, tuple(reasons), foe, None, weights,
                                      s.state)
        reason = (_("no foe here") if not foes else
                  _("no attack position this round, and no move closes the distance safely"))
        if report.states and not report.states[0].moves:
            return Suggestion(scenario.ruleset, creature, "hold", "", Fraction(0), unit,
                              (reason,), None, None, weights)
        cheapest = report.states[0] if report.states else None
        if cheapest is None:
            return Suggestion(scenario.ruleset, creature, "hold", "", Fraction(0), unit,
                              (reason, _("it has no legal end this round")), None, None,
                              weights)
        return Suggestion(scenario.ruleset, creature, "hold", " ".join(cheapest.moves),
                          cheapest.cost, unit,
                          (reason, _("it cannot stay where it is: the cheapest legal end")),
                          None, None, weights)

    gap_unit = "cells"


def gap_word(unit: str) -> str:
    """The unit a gap between creatures is counted in (``hexes``, ``cells``, ``ft``)."""
    words = {"cells": pgettext("distance unit", "cells"),
             "hexes": pgettext("distance unit", "hexes"),
             "squares": pgettext("distance unit", "squares")}
    return words.get(unit, unit_word(unit))


def _acting_way(creature: str, s: ReachedState) -> Way | None:
    if s.can_act:
        return Way(creature, s.cost, " ".join(s.moves), s.checks)
    if s.to_act is not None:
        return Way(creature, s.to_act.cost, " ".join(s.to_act.moves), s.to_act.checks)
    return None


def battle_table(scenario: Scenario, name: str) -> dict[Any, Any]:
    """A dict a ruleset fills with what its strikers share (a hex's neighbourhood …): one per
    battle while one answer is computed (``kept_reports``), a new one each call outside."""
    return _kept(("table", scenario.ruleset, name), scenario, dict)


def _reach_of(scenario: Scenario, creature: str, no_checks: bool = False) -> ReachReport:
    options = {"no_checks": True} if no_checks else {}
    found = find_ruleset(scenario.ruleset).reach(scenario, creature, options)
    assert isinstance(found, ReachReport)
    return found


def _kept(key: tuple[Any, ...], scenario: Scenario, make: Callable[[], _T]) -> _T:
    """What ``make`` makes for this battle, kept while one answer is computed (``kept_reports``)."""
    kept = _KEPT.get()
    key = (*key, id(scenario.battle))
    known = None if kept is None else kept.get(key)
    if known is not None and known[0] is scenario.battle:
        made: _T = known[1]
        return made
    found = make()
    if kept is not None:
        kept[key] = (scenario.battle, found)
    return found


class _Strikes:
    """The end states of one reach that keep the attack (``can_act``, or a dearer way that does:
    ``to_act``), cheapest first as the report lists them: each one's fields, the cost and actions
    of its acting way, and the way itself walked back only when asked.

    A reach on a big map settles tens of thousands of end states, of which a few hundred keep the
    attack (a moving flyer never does, V-inertia): making every ``ReachedState`` with its way was
    most of a threat's time. A report whose states are made (or made by hand) is read as it is.
    """

    def __init__(self, creature: str, report: ReachReport):
        self.creature = creature
        self.unit = report.unit
        self.states: list[Mapping[str, Any]] = []
        self.costs: list[Fraction] = []
        self.actions: list[tuple[str, ...]] = []
        self._order: list[Any] = []  # what orders equal costs: ticks, when known
        self._ways: list[Way | None] = []
        self._at: list[int] = []  # what the walk takes to give a way's steps
        self._walk: Callable[[int], list[Step]] | None = None
        self._ranked: list[int] | None = None
        ends = getattr(report, "_ends", None)
        if ends is None or getattr(report, "_states", None) is not None:
            for s in report.states:
                way = _acting_way(creature, s)
                if way is not None:
                    self.states.append(s.state)
                    self.costs.append(way.cost)
                    self._order.append(way.cost)
                    self.actions.append(s.actions if s.can_act else ("attack",))
                    self._ways.append(way)
            return
        self._lean(ends)

    def _lean(self, ends: Any) -> None:
        """Off the report's search arrays (``rules.grid._Ends``): only the end states that could
        act at all (the space's ``could_act``: a moving flyer cannot) are asked what they leave
        open, and which dearer way keeps the attack where the cheapest does not."""
        space, found = ends.space, ends.found
        could: Callable[[int], bool] | None = getattr(space, "could_act", None)
        actions_of = space.actions
        index: Sequence[int] | None = getattr(ends, "_index", None)
        arrays = index is not None and isinstance(found, SettledArrays)
        rows: list[tuple[int, int, int, tuple[str, ...]]] = []  # (place in report, code, ticks, …)
        codes = ends.codes()
        chosen: Iterable[int] = (range(len(codes)) if could is None
                                 else [j for j, ok in enumerate(map(could, codes)) if ok])
        if arrays:
            assert index is not None
            priorities = found.priorities
            for j in chosen:
                code, t = codes[j], priorities[index[j]] // CHECK_SLOTS
                rows.append((j, code, t, actions_of(code, t)))
            self._walk = found.path_at
        else:
            ticks = ends.ticks()
            for j in chosen:
                code, t = codes[j], ticks[j]
                rows.append((j, code, t, actions_of(code, t)))
            self._walk = found.path_to
        blocked = [(code, acts) for _j, code, _t, acts in rows if "attack" not in acts]
        acting: dict[int, int] = {}
        priority: Mapping[int, int] = {}
        if blocked:
            priority = ends.later_priority()
            acting = _acting_alternatives(space, priority, ends.key_of, [c for c, _ in blocked],
                                          [a for _, a in blocked], ends.later())
        later = ({found.codes[i]: i for i in getattr(ends, "_later_index", ())}
                 if arrays and acting else {})
        tick = space.tick
        made: dict[int, Fraction] = {}
        picked: list[int] = []
        for j, code, t, acts in rows:
            if "attack" in acts:
                spot = index[j] if index is not None and arrays else code
            else:
                other = acting.get(code)
                if other is None:
                    continue
                t = priority[other] // CHECK_SLOTS
                acts = ("attack",)
                spot = (later[other] if other in later else found.index(other)) if arrays \
                    else other
            cost = made.get(t)
            if cost is None:
                cost = made[t] = t * tick
            picked.append(code)
            self.costs.append(cost)
            self._order.append(t)
            self.actions.append(acts)
            self._at.append(spot)
            self._ways.append(None)
        many: Callable[[Iterable[int]], list[dict[str, Any]]] | None = getattr(
            space, "describe_all", None)
        self.states = list(many(picked) if many is not None
                           else [dict(space.describe(c)) for c in picked])

    def __len__(self) -> int:
        return len(self.states)

    def way(self, i: int, how: str = "") -> Way:
        """The acting way of the ``i``-th strike (``how``: the rule it engages by)."""
        way = self._ways[i]
        if way is None:
            assert self._walk is not None
            steps = self._walk(self._at[i])
            checks: tuple[Any, ...] = ()
            for s in steps:
                if s[3]:
                    checks += s[3]
            way = self._ways[i] = Way(self.creature, self.costs[i],
                                      " ".join(s[0] for s in steps), checks)
        return way if not how else Way(way.creature, way.cost, way.moves, way.checks, how)

    def best_first(self) -> list[int]:
        """The strikes by ``Way.key`` (least movement, the likelier saves, the shorter notation),
        the report's order among equals."""
        if self._ranked is None:
            ways = [self.way(i) for i in range(len(self))]
            odds = {w.checks: w.success for w in ways}  # the few distinct ones
            likelier = {p: n for n, p in enumerate(sorted(set(odds.values()), reverse=True))}
            keys = [(order, likelier[odds[w.checks]], len(w.moves))
                    for order, w in zip(self._order, ways, strict=True)]
            self._ranked = sorted(range(len(keys)), key=keys.__getitem__)
        return self._ranked


@dataclass(frozen=True)
class _Claims:
    """The places one creature can strike next turn: each with its best strike and how."""

    strikes: _Strikes
    places: dict[Place, tuple[int, str]]
