"""Reach, cheapest path and move check for any grid ruleset, over its one step generator.

A grid ruleset describes one creature's round as a ``GridSpace``: packed int states, legal steps
with integer costs, and words for states and refusals. Everything here only asks the space, so what
``reach`` shows, what ``path`` finds and what ``check`` accepts cannot disagree; and all three rank
equally cheap ways by one order, ``way_rank``.
"""

from __future__ import annotations

import json
from array import array
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import KW_ONLY, field, replace
from fractions import Fraction
from functools import lru_cache
from typing import Any, Protocol

from .._collector import collector_paused
from .._records import dataclass
from ..errors import IllegalMoveError, NotationError
from ..i18n import _, ngettext, pgettext
from ..model import Save, format_amount, format_cost
from ..narrate import (
    action_word,
    check_label,
    check_legend,
    column_word,
    no_word,
    unit_word,
    yes_word,
)
from ..search import (
    CHECK_SLOTS,
    Exploration,
    SettledArrays,
    Step,
    StepTuple,
    explore,
    search_budget,
)
from .reports import MoveReport, MoveStep, end_text, field_cell, step_lines

__all__ = [
    "LIFT",
    "MAX_VIA",
    "ActingWay",
    "FieldText",
    "GridMove",
    "GridSpace",
    "MoveReport",
    "NoWayRules",
    "ReachReport",
    "ReachedState",
    "StepRecord",
    "ViaSpace",
    "budget_text",
    "choose_step",
    "end_text",
    "grid_check",
    "grid_path",
    "grid_path_via",
    "grid_reach",
    "parse_waypoints",
    "step_lines",
    "text_table",
    "via_space",
    "via_words",
    "way_rank",
    "waypoint_stops",
    "why_no_way",
    "why_no_way_via",
]

#: How a text says one field of a state: ``(key, value) → words``.
FieldText = Callable[[str, Any], str]


class GridSpace(Protocol):
    """One creature's round on a grid, as the search and the reports need it.

    Optional hooks, looked up by name: ``end_key`` and ``could_act`` (speed up ``grid_reach``),
    ``reach_note()`` (why the creature can go nowhere: a gale), ``field_text(key, value)`` (how
    the text says a state's field: ``altitude 2 (10 ft)``) and ``aim(code, token)`` (the cell a
    refused token pointed at from that state, for a picture; a refused step has no state).
    """

    ruleset: str
    creature: str
    unit: str  # "MP", "ft" …
    tick: Fraction  # how much one integer tick is worth, in ``unit``

    @property
    def start(self) -> int: ...

    @property
    def budget(self) -> int: ...

    @property
    def half(self) -> int | None: ...

    def steps(self, code: int, spent: int) -> Iterable[StepTuple]: ...

    def describe(self, code: int) -> dict[str, Any]:
        """The end-state fields of a state (``at``, ``altitude``, ``mode`` …)."""
        ...

    def end_problem(self, code: int) -> tuple[str, str] | None:
        """Why the round cannot end in this state (rule, sentence), or None if it can."""
        ...

    def actions(self, code: int, spent: int) -> tuple[str, ...]:
        """The kinds of action still open in this state; ``"attack"`` means ``can_act``."""
        ...

    def parse_move(self, token: str, code: int) -> str:
        """One token of the move notation, made canonical from state ``code``."""
        ...

    def explain(self, code: int, spent: int, move: str) -> tuple[str, str]:
        """Why ``move`` is not a legal step from ``code``: (rule id, a sentence for a player)."""
        ...

    def info(self) -> dict[str, Any]:
        """Extra top-level facts for reports (wind, maneuverability …)."""
        ...

    def text_map(self, costs: Mapping[str, Fraction]) -> str:
        """A small text map around the creature, showing the least cost to each cell."""
        ...

    # optional: ``opportunity_attacks(code) -> int``, how many opportunity attacks the ways to a
    # state have drawn (the same for every way there: each hostile's reaction is a bit of the
    # state); a ruleset without them leaves it out (see ``way_rank``)


def way_rank(space: GridSpace, code: int, priority: int) -> tuple[int, int, int]:
    """How good the cheapest way to state ``code`` is, the smaller the better: its search
    priority (ticks, then checks), then 0 if it keeps the attack (``can_act``), then the
    opportunity attacks it drew. ``reach``, ``path`` and ``check`` choose by this one order.

    The search orders by priority alone: the rest is a fact of the state at that cost, the same
    whichever way led there, so ranking the states it settles is exact.
    """
    return (priority, *_tie(space, code, priority // CHECK_SLOTS))


def choose_step(space: GridSpace, candidates: Iterable[StepTuple], spent: int) -> Step:
    """Of the steps one token names from a state after ``spent`` ticks, the one ``check`` takes:
    the best by ``way_rank``'s order (cheapest, fewest checks, the attack kept, fewest
    opportunity attacks)."""
    best = min(candidates, key=lambda s: (s[2], len(s[3]), *_tie(space, s[1], spent + s[2])))
    return Step._make(best)


def _tie(space: GridSpace, code: int, spent: int) -> tuple[int, int]:
    """What ranks equally cheap ways with as many checks: (0 if the attack is kept else 1,
    opportunity attacks drawn)."""
    kept = "attack" in space.actions(code, spent)
    drawn: Callable[[int], int] | None = getattr(space, "opportunity_attacks", None)
    return 0 if kept else 1, 0 if drawn is None else drawn(code)


@dataclass(frozen=True)
class ActingWay:
    """The cheapest way to an end state that still leaves an attack, when the cheapest way does
    not (a safe landing is cheaper in checks than a violent one, but ends the round's actions)."""

    cost: Fraction
    checks: tuple[Save, ...]
    moves: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"cost": format_cost(self.cost), "checks": [c.to_dict() for c in self.checks],
                "path": " ".join(self.moves)}


@dataclass(frozen=True)
class ReachedState:
    """A distinct end state with its least cost, what it still allows, and the way there."""

    state: dict[str, Any]
    cost: Fraction
    can_act: bool
    actions: tuple[str, ...]
    checks: tuple[Save, ...]
    moves: tuple[str, ...]
    to_act: ActingWay | None = None

    def to_dict(self) -> dict[str, Any]:
        return self._to_dict(format_cost)

    def _to_dict(self, cost_text: Callable[[Fraction], str]) -> dict[str, Any]:
        data = {
            **self.state,
            "cost": cost_text(self.cost),
            "can_act": self.can_act,
            "actions": list(self.actions),
            "checks": [c.to_dict() for c in self.checks] if self.checks else [],
            "path": " ".join(self.moves),
        }
        if self.to_act is not None:
            data["to_act"] = self.to_act.to_dict()
        return data


class _CostTexts:
    """``format_cost`` for the many states of one report, which share a few Fraction objects:
    each is spelled once, looked up by identity (it is kept here, so its id stays its own)."""

    def __init__(self) -> None:
        self.spelled: dict[int, tuple[Fraction, str]] = {}

    def __call__(self, cost: Fraction) -> str:
        known = self.spelled.get(id(cost))
        if known is None:
            known = self.spelled[id(cost)] = (cost, format_cost(cost))
        return known[1]


class ReachReport:
    """Every distinct end state of a round, cheapest first, with the way to each.

    A report made by ``grid_reach`` holds the search's arrays and the chosen end states' codes
    (``_Ends``): ``states``, ``text_map``, ``to_dict`` and ``to_text`` make what they need from
    them when first asked, so a reach whose table shows 40 rows, or whose picture shows a cost a
    cell, never builds tens of thousands of ``ReachedState``s.
    """

    def __init__(self, ruleset: str, creature: str, unit: str, budget: Fraction,
                 half: Fraction | None, states: Iterable[ReachedState] = (),
                 info: dict[str, Any] | None = None, text_map: str = "",
                 note: tuple[str, str] | None = None, field_text: FieldText | None = None,
                 *, ends: _Ends | None = None, spend: str | None = None):
        self.ruleset = ruleset
        self.creature = creature
        self.unit = unit
        self.budget = budget
        self.half = half
        self.info: dict[str, Any] = {} if info is None else info
        #: why the creature can go nowhere, or only so far (rule, sentence): text only, never JSON
        self.note = note
        #: how the text says a state's field (dnd5e: ``altitude 2 (10 ft)``); plain when None
        self.field_text = field_text
        #: what the creature may spend, for the text's first line, where ``budget`` and ``half``
        #: do not say it all (volare on foot: ``6 MP of walking this round, 3 for a half move``)
        self.spend = spend
        self._ends = ends
        self._states: tuple[ReachedState, ...] | None = None if ends is not None \
            else tuple(states)
        self._text_map: str | None = None if ends is not None else text_map

    @property
    def states(self) -> tuple[ReachedState, ...]:
        """Every end state, cheapest first (made on first use)."""
        if self._states is None:
            assert self._ends is not None
            self._states = self._ends.states()
        return self._states

    @property
    def text_map(self) -> str:
        """A small text map of the least cost around the creature (made on first use)."""
        if self._text_map is None:
            assert self._ends is not None
            self._text_map = self._ends.text_map()
        return self._text_map

    def _count(self) -> int:
        """How many distinct end states, without making them."""
        return len(self._ends) if self._states is None and self._ends is not None \
            else len(self.states)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ReachReport):
            return NotImplemented
        return self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]

    def _fields(self) -> tuple[Any, ...]:
        return (self.ruleset, self.creature, self.unit, self.budget, self.half, self.states,
                self.info, self.text_map, self.note)

    def __repr__(self) -> str:
        return (f"ReachReport(ruleset={self.ruleset!r}, creature={self.creature!r}, "
                f"unit={self.unit!r}, budget={self.budget!r}, half={self.half!r}, "
                f"states=<{self._count()} end states>)")

    def ends(self) -> Iterator[tuple[dict[str, Any], Fraction, bool]]:
        """Each end state's fields, least cost and whether it can still act, cheapest first:
        what a picture needs, without the ways there."""
        if self._states is None and self._ends is not None:
            return self._ends.light()
        return ((s.state, s.cost, s.can_act) for s in self.states)

    def places(self) -> list[str]:
        """Each end state's place (its ``at``), cheapest first: what a picture frames."""
        if self._states is None and self._ends is not None:
            return self._ends.places()
        return [str(s.state["at"]) for s in self.states]

    def to_dict(self) -> dict[str, Any]:
        data = self.to_dict_head()
        if self._states is None and self._ends is not None:
            data["states"] = self._ends.dicts()
        else:
            cost_text = _CostTexts()
            data["states"] = [s._to_dict(cost_text) for s in self.states]
        return data

    def json_states(self) -> tuple[dict[str, Any], bytes] | None:
        """``to_dict`` without its states, and the states' indented JSON text (each object at
        depth 2, joined by ``,\n``: what ``json.dumps(indent=2)`` writes inside the list),
        written straight from the search's arrays where the space can (the compiled kernel);
        None where it cannot, and then ``to_dict`` is the way. ``_jsonout.encode_answer``
        joins the two: the same bytes as encoding ``to_dict``, without a dict a state."""
        made = self.json_state_chunks()
        if made is None:
            return None
        data, chunks = made
        return data, b"".join(chunks)

    def json_state_chunks(self, compact: bool = False, separator: bytes = b",\n",
                          ) -> tuple[dict[str, Any], Iterator[bytes]] | None:
        """``json_states`` with the states' text in chunks of whole states (64 KB
        each), each written only when it is asked for: a big reach's answer is never held
        whole (``_jsonout.answer_chunks``). ``compact``: each state as
        ``separators=(",", ":")`` writes it; ``separator`` goes between two states."""
        if self._states is not None or self._ends is None:
            return None
        chunks = self._ends.states_chunks(compact, separator)
        if chunks is None:
            return None
        return self.to_dict_head(), chunks

    def to_dict_head(self) -> dict[str, Any]:
        """``to_dict`` but its ``states``."""
        data: dict[str, Any] = {
            "ruleset": self.ruleset,
            "creature": self.creature,
            "unit": self.unit,
            "budget": format_cost(self.budget),
            "half": None if self.half is None else format_cost(self.half),
        }
        data.update(self.info)
        return data

    def to_text(self, limit: int | None = None) -> str:
        """A table of the end states (the ``limit`` cheapest, when given), what its checks mean,
        and the text map."""
        unit = self.unit
        values = {"creature": self.creature, "ruleset": self.ruleset,
                  "budget": format_amount(self.budget, unit), "unit": unit_word(unit)}
        if self.spend is not None:
            head = _("{creature} ({ruleset}): {spend}").format(spend=self.spend, **values)
        elif self.half is not None:
            head = _("{creature} ({ruleset}): {budget} {unit} this round, {half} {unit} for a "
                     "half-move action").format(half=format_amount(self.half, unit), **values)
        else:
            head = _("{creature} ({ruleset}): {budget} {unit} this round").format(**values)
        parts = [head]
        if self.note is not None:
            rule, sentence = self.note
            parts.append(f"{sentence} ({rule})" if rule else sentence)
        lazy = self._states is None and self._ends is not None
        if lazy and limit is not None:
            assert self._ends is not None
            keys = self._ends.columns()
            shown: Sequence[ReachedState] = self._ends.first(limit)
        else:
            keys = _state_columns(self.states)
            shown = self.states[:limit]
        said = self.field_text or field_cell
        rows = [
            [*(said(k, s.state.get(k)) for k in keys), format_amount(s.cost, unit),
             yes_word() if s.can_act else no_word(), ", ".join(check_label(c) for c in s.checks),
             " ".join(s.moves)]
            for s in shown
        ]
        count = self._count()
        counted = ngettext("{count} distinct end state", "{count} distinct end states",
                           count).format(count=count)
        if limit is not None and count > limit:
            counted = ngettext(
                "{count} distinct end state; the {limit} cheapest below (--all for every one, "
                "--json for machines)",
                "{count} distinct end states; the {limit} cheapest below (--all for every one, "
                "--json for machines)", count).format(count=count, limit=limit)
        parts.append(counted)
        if rows:
            table = text_table([*(column_word(k) for k in keys), pgettext("column", "cost"),
                                pgettext("column", "can act"), pgettext("column", "checks"),
                                pgettext("column", "path")], rows)
            legend = check_legend(c for s in shown for c in s.checks)
            parts.append("\n".join([table, *legend]))
        if self.text_map:
            parts.append(self.text_map)
        return "\n\n".join(parts)


@dataclass(frozen=True)
class StepRecord(MoveStep):
    """A grid step: its cost and the running total, in the space's unit; ``code`` is the packed
    state it ends in and ``ticks`` the ticks spent after it (for play, which goes on from there
    without walking the move again)."""

    cost: Fraction = Fraction(0)
    total: Fraction = Fraction(0)
    _: KW_ONLY
    code: int = field(default=0, compare=False, repr=False)
    ticks: int = field(default=0, compare=False, repr=False)

    def own_fields(self) -> dict[str, Any]:
        return {"cost": format_cost(self.cost)}

    def total_text(self) -> str:
        return format_cost(self.total)


@dataclass(frozen=True, kw_only=True)
class GridMove(MoveReport):
    """A declared move's verdict (``check``) or a found cheapest path (``path``) on a grid."""

    steps: tuple[StepRecord, ...]
    cost: Fraction
    can_act: bool
    actions: tuple[str, ...]
    info: dict[str, Any] = field(default_factory=dict)
    #: how the text says the cost's unit where ``unit`` alone does not (volare, a move on foot:
    #: ``MP of walking``); the JSON's ``unit`` stays
    cost_unit: str = field(default="", compare=False, repr=False)
    #: the state the move starts from, packed and described (play and pictures go on from it)
    start_code: int = field(default=0, compare=False, repr=False)
    start_state: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def head_fields(self) -> dict[str, Any]:
        return dict(self.info)

    def total_fields(self) -> dict[str, Any]:
        return {"cost": format_cost(self.cost), "can_act": self.can_act,
                "actions": list(self.actions)}

    def step_text(self) -> list[str]:
        unit = self.unit
        rows = [
            [str(i), s.move, format_amount(s.cost, unit), format_amount(s.total, unit),
             ", ".join(check_label(c) for c in s.checks)]
            for i, s in enumerate(self.steps, 1)
        ]
        return [text_table(["#", pgettext("column", "move"), pgettext("column", "cost"),
                            pgettext("column", "total"), pgettext("column", "checks")],
                           rows)] if rows else []

    def spent_words(self) -> str:
        return f"{format_amount(self.cost, self.unit)} {self.cost_unit or unit_word(self.unit)}"

    def closing_lines(self) -> list[str]:
        return self.said_lines() + step_lines(self.steps)

    def said_lines(self) -> list[str]:
        lines = []
        if self.legal:
            lines.append(_("can still attack this round") if self.can_act
                         else _("cannot attack this round"))
            if self.actions:
                lines.append(_("actions still open: {actions}").format(
                    actions=", ".join(action_word(a) for a in self.actions)))
        return lines


@dataclass(frozen=True)
class PathNotFound:
    """``path`` found no way to the goal this round; where the search could tell, ``rule`` (the
    rule id that stops it), ``reason`` (one sentence for a player) and ``needs`` (what the way
    would cost, in ``unit``, when only the budget stops it)."""

    ruleset: str
    creature: str
    goal: str
    message: str
    rule: str | None = None
    reason: str | None = None
    needs: Fraction | None = None
    unit: str | None = None

    legal = False

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"ruleset": self.ruleset, "creature": self.creature,
                                "found": False, "goal": self.goal, "message": self.message}
        if self.rule is not None:
            data["rule"] = self.rule
            data["reason"] = self.reason
        if self.needs is not None:
            data["needs"] = format_cost(self.needs)
            data["unit"] = self.unit
        return data

    def to_text(self) -> str:
        if self.rule is None:
            return self.message
        return f"{self.message}\n{self.reason} [{self.rule}]"


@dataclass(frozen=True)
class NoWayRules:
    """The rule ids a ruleset names for why a place is out of reach: the budget (``V-mp``,
    ``D-speed``), the attack spent on the way (``V-actions``), the place reached but not as asked
    (altitude or mode: ``V-modes``), a place nothing can enter (``V-grid``, ``D-size``) and one
    another creature holds (``V-occupied``)."""

    budget: str
    act: str
    end: str
    closed: str
    occupied: str
    walk: str | None = None  # the budget of a way on foot, where it has its own (V-walk)


#: The most states the search for a reason settles without the compiled kernel.
WHY_STATES_PURE = 400_000

#: How much more than its budget the search for a reason lets a creature spend: a place this
#: far out is "too far", one still out of reach is closed by something else.
LIFT = 3


#: The last few lifted searches (``why_no_way``): (scenario identity, creature, options …) →
#: space, states by place, and the scenario (held, so its identity is not reused meanwhile).
_LIFTED: dict[Any, tuple[GridSpace, dict[str, list[tuple[int, int]]], Any]] = {}
_LIFTED_KEPT = 4


def _lifted_search(lifted: Callable[[], GridSpace], avoid_checks: bool,
                   key: tuple[Any, ...] | None
                   ) -> tuple[GridSpace, dict[str, list[tuple[int, int]]]] | None:
    """The lifted space and its settled states grouped by place (cheapest first), or None
    when the search is refused as too large."""
    from .. import kernel
    from ..errors import WingbeatError

    pure = not kernel.in_use()
    full = None if key is None else (id(key[0]), *key[1:], avoid_checks, pure)
    if full is not None:
        try:
            known = _LIFTED.get(full)
        except TypeError:  # an option that cannot be a key: search anew
            full, known = None, None
        if known is not None and key is not None and known[2] is key[0]:
            return known[0], known[1]
    try:
        space = lifted()
        # bounded: a reason is not worth minutes of the pure search (the compiled one is fast)
        seen = explore(space, avoid_checks=avoid_checks,
                       max_states=WHY_STATES_PURE if pure else None)
    except WingbeatError:
        return None
    label_of: Callable[[int], str] | None = getattr(space, "label_of", None)
    by_place: dict[str, list[tuple[int, int]]] = {}
    for code, priority in seen.priority.items():
        place = label_of(code) if label_of is not None else str(space.describe(code)["at"])
        by_place.setdefault(place, []).append((code, priority))
    if full is not None:
        if len(_LIFTED) >= _LIFTED_KEPT:
            _LIFTED.pop(next(iter(_LIFTED)))
        _LIFTED[full] = (space, by_place, None if key is None else key[0])
    return space, by_place


def why_no_way(found: PathNotFound, lifted: Callable[[], GridSpace],
               matches: Callable[[dict[str, Any]], bool], at: str, rules: NoWayRules, *,
               avoid_checks: bool = False, must_act: bool = False, budget_words: str = "",
               closed: Callable[[], tuple[str, str] | None] = lambda: None,
               key: tuple[Any, ...] | None = None) -> PathNotFound:
    """``found`` with the rule that stops the way: the search again with the budget lifted
    (``lifted``: the same round, the creature ``LIFT`` times as fast). Reached then, the budget
    stops it, and ``needs`` is that way's cost; else the end states seen at ``at`` tell which
    refusal (another creature there, an altitude or mode not open there, the attack spent).
    With none at all, ``closed()`` says why nothing can enter the place (rule, sentence), or
    None: then it is only too far.

    ``key`` (the scenario, the creature and the options) keeps the lifted search a while: the
    same creature's other places out of reach are then told from it at once."""
    lifted_seen = _lifted_search(lifted, avoid_checks, key)
    if lifted_seen is None:  # too large a search lifted: the budget is the likeliest reason
        return replace(found, rule=rules.budget,
                       reason=_("{creature} cannot get there within {budget}").format(
                           creature=found.creature, budget=budget_words))
    space, by_place = lifted_seen
    there = by_place.get(at, [])
    asked = [(code, priority) for code, priority in there if matches(space.describe(code))]
    ended = [(c, p) for c, p in asked if space.end_problem(c) is None]
    acting = [(c, p) for c, p in ended
              if not must_act or "attack" in space.actions(c, p // CHECK_SLOTS)]
    if acting:
        code, priority = min(acting, key=lambda cp: way_rank(space, cp[0], cp[1]))
        needs = _fraction(space, priority // CHECK_SLOTS)
        unit = space.unit
        unit_of: Callable[[int], str | None] | None = getattr(space, "cost_unit", None)
        walked = unit_of(code) if unit_of is not None else None
        said_unit = walked or unit_word(unit)
        rule = rules.walk if walked and rules.walk else rules.budget
        return replace(found, rule=rule, needs=needs, unit=unit,
                       reason=_("{creature} would need {needs} {unit} to get there; it has "
                                "{budget} this round").format(
                           creature=found.creature, needs=format_amount(needs, unit),
                           unit=said_unit, budget=budget_words))
    if ended:
        return replace(found, rule=rules.act,
                       reason=_("every way to {goal} spends {creature}'s attack").format(
                           goal=found.goal, creature=found.creature))
    if asked:
        rule, sentence = space.end_problem(min(asked, key=lambda cp: cp[1])[0]) or ("", "")
        return replace(found, rule=rule, reason=sentence)
    if there:
        for code, _priority in sorted(there, key=lambda cp: cp[1]):
            problem = space.end_problem(code)
            if problem is not None and problem[0] == rules.occupied:
                return replace(found, rule=problem[0], reason=problem[1])
        return replace(found, rule=rules.end,
                       reason=_("{creature} can get to {at} but not end there as asked "
                                "({goal})").format(creature=found.creature, at=at,
                                                   goal=found.goal))
    shut = closed()
    if shut is not None:
        return replace(found, rule=shut[0], reason=shut[1])
    return replace(found, rule=rules.budget,
                   # Translators: e.g. "Z40 is too far: bat could not get there with 6 times its
                   # 8 MP"
                   reason=_("{at} is too far: {creature} could not get there with {times} times "
                            "its {budget}").format(at=at, creature=found.creature, times=LIFT,
                                                   budget=budget_words))


def _state_columns(states: Iterable[ReachedState]) -> list[str]:
    keys: list[str] = []
    for s in states:
        for k in s.state:
            if k not in keys:
                keys.append(k)
    return keys


def text_table(headers: list[str], rows: list[list[str]]) -> str:
    """Columns padded to their widest cell: a table that reads in any terminal."""
    widths = [len(h) for h in headers]
    for row in rows:
        for i, cell in enumerate(row):
            widths[i] = max(widths[i], len(cell))
    def line(cells: list[str]) -> str:
        return "  ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True)).rstrip()
    out = [line(headers), line(["-" * w for w in widths])]
    out.extend(line(r) for r in rows)
    return "\n".join(out)


@lru_cache(maxsize=4096)
def _ticks_value(ticks: int, tick: Fraction) -> Fraction:
    return ticks * tick


def _fraction(space: GridSpace, ticks: int) -> Fraction:
    """Ticks as an exact cost; a reach has few distinct costs, so each Fraction is made once."""
    return _ticks_value(ticks, space.tick)


def grid_reach(space: GridSpace, *, avoid_checks: bool = False) -> ReachReport:
    """Every distinct end state within the budget, each with its best way (``way_rank``).

    The search settles states cheapest first, so the first state settled for an end state is a
    cheapest way, and only the states settled at that same priority can rank better. Which end
    states there are is decided here (``_Ends``); their fields, ways and words are made from the
    search's arrays when the report is read.
    """
    found = explore(space, avoid_checks=avoid_checks)
    ends = _Ends(space, found)
    # optional hook: ``reach_spend()``, the text's words for what the creature may spend where
    # ``budget`` and ``half`` do not say it all (volare on foot), else None
    spend: Callable[[], str | None] | None = getattr(space, "reach_spend", None)
    return ReachReport(
        ruleset=space.ruleset,
        creature=space.creature,
        unit=space.unit,
        budget=_fraction(space, space.budget),
        half=None if space.half is None else _fraction(space, space.half),
        info=space.info(),
        note=_reach_note(space, ends),
        field_text=getattr(space, "field_text", None),
        ends=ends,
        spend=None if spend is None else spend(),
    )


def _select(space: GridSpace, settled: Iterable[int], priority: Mapping[int, int],
            key_of: Callable[[int], Any]) -> tuple[list[int], list[int]]:
    """Of the states ``settled`` (in settling order), the best way (``way_rank``) to each end
    state, by priority then code; and the dearer ways to the same end states, cheapest first."""
    end_problem = space.end_problem
    best: dict[Any, int] = {}
    later: list[int] = []  # dearer ways to end states already found, cheapest first
    for code in settled:
        if end_problem(code) is not None:
            continue
        key = key_of(code)
        old = best.get(key)
        if old is None:
            best[key] = code
        elif priority[old] == priority[code] and (
                way_rank(space, code, priority[code]) < way_rank(space, old, priority[old])):
            best[key] = code
            later.append(old)
        else:
            later.append(code)
    order = sorted(best.values())
    order.sort(key=priority.__getitem__)  # stable: by priority, then by code
    return order, later


class _Ends:
    """The end states of one reach as the search left them: their codes and priorities, in the
    report's order, made into fields, ways and words only when the report is read.

    A space may pick its end states off the compiled search's arrays (optional hook
    ``kernel_ends(found)``: the settled indices of the best ways by priority then code, of the
    dearer ways that could act, and of the states tied at an end state's least priority, or
    None); ties are then ranked here, by ``way_rank``, as ``_select`` does.
    """

    def __init__(self, space: GridSpace, found: Exploration):
        self.space = space
        self.found = found
        self.key_of: Callable[[int], Any] = getattr(space, "end_key", None) or (
            lambda code: tuple(space.describe(code).items()))
        self._codes: list[int] | None = None
        self._ticks: list[int] | None = None
        self._actions: list[tuple[str, ...]] | None = None
        self._acting: dict[int, int] | None = None
        self._acting_ways: tuple[tuple[Sequence[int], Sequence[int]] | None] | None = None
        self._opens: tuple[Any, ...] | None = None
        self._index: Sequence[int] | None = None  # settled indices of the best ways (arrays)
        self._later: list[int] = []
        self._later_index: Sequence[int] = ()
        self._later_priority: dict[int, int] | None = None
        picked = None
        fast: Callable[[Exploration], Any] | None = getattr(space, "kernel_ends", None)
        if fast is not None and isinstance(found, SettledArrays):
            picked = fast(found)
        if picked is None:
            self._codes, self._later = _select(space, found.priority, found.priority,
                                               self.key_of)
            return
        assert isinstance(found, SettledArrays)
        index, later, tied = picked
        codes = found.codes
        self._later_index = later
        if not tied:
            self._index = index
            return
        priorities = found.priorities
        tied_priority = {codes[i]: priorities[i] for i in tied}
        order, self._later = _select(space, tied_priority, tied_priority, self.key_of)
        chosen = {codes[i]: priorities[i] for i in index}
        chosen.update((code, tied_priority[code]) for code in order)
        self._codes = sorted(chosen)
        self._codes.sort(key=chosen.__getitem__)

    def __len__(self) -> int:
        return len(self._index) if self._codes is None and self._index is not None \
            else len(self.codes())

    def codes(self) -> list[int]:
        """The best way's code of each end state, in the report's order."""
        if self._codes is None:
            assert self._index is not None
            codes = self.found.codes  # type: ignore[attr-defined]
            self._codes = [codes[i] for i in self._index]
        return self._codes

    def ticks(self) -> list[int]:
        """What each one costs, in ticks."""
        if self._ticks is None:
            if self._index is not None:
                priorities = self.found.priorities  # type: ignore[attr-defined]
                self._ticks = [priorities[i] // CHECK_SLOTS for i in self._index]
            else:
                priority = self.found.priority
                self._ticks = [priority[code] // CHECK_SLOTS for code in self.codes()]
        return self._ticks

    def ways(self) -> Sequence[int] | None:
        """The settled index of each end state's best way, when the search left arrays."""
        found = self.found
        if not isinstance(found, SettledArrays):
            return None
        if self._index is not None:
            return self._index
        return array("i", [found.index(code) for code in self.codes()])

    def opens(self) -> tuple[list[tuple[str, ...]], Sequence[int], Sequence[int]] | None:
        """``actions`` read off the kernel's arrays (optional hook ``kernel_opens``): the kinds
        of answer, each end state's kind, and the end states that cannot attack though another
        way to them could; None without the hook or the arrays."""
        if self._opens is None:
            hook: Callable[..., Any] | None = getattr(self.space, "kernel_opens", None)
            ways = self.ways() if hook is not None else None
            self._opens = (None,) if hook is None or ways is None else (hook(self.found, ways),)
        opens: tuple[list[tuple[str, ...]], Sequence[int], Sequence[int]] | None = \
            self._opens[0]
        return opens

    def actions(self) -> list[tuple[str, ...]]:
        """What each one leaves open."""
        if self._actions is None and self.opens() is not None:
            kinds, opens, _stuck = self.opens()  # type: ignore[misc]
            self._actions = [kinds[k] for k in opens]
        if self._actions is None:
            actions_of = self.space.actions
            self._actions = [actions_of(code, ticks)
                             for code, ticks in zip(self.codes(), self.ticks(), strict=True)]
        return self._actions

    def later(self) -> list[int]:
        """The dearer ways to the same end states (those that could act, at least), cheapest
        first for each end state."""
        if not self._later_index:
            return self._later
        codes = self.found.codes  # type: ignore[attr-defined]
        return [codes[i] for i in self._later_index] + self._later

    def later_priority(self) -> Mapping[int, int]:
        """The priority of each dearer way (``later``): the search's own dict, or one made for
        those few off the arrays."""
        if not self._later_index:
            return self.found.priority
        if self._later_priority is None:
            codes = self.found.codes  # type: ignore[attr-defined]
            priorities = self.found.priorities  # type: ignore[attr-defined]
            made = {codes[i]: priorities[i] for i in self._later_index}
            if self._later:
                priority = self.found.priority
                made.update((code, priority[code]) for code in self._later)
            self._later_priority = made
        return self._later_priority

    def acting_ways(self) -> tuple[Sequence[int], Sequence[int]] | None:
        """``acting`` read off the kernel's arrays (optional hook ``kernel_acting(found, ways,
        stuck, later)``): the report indices of the end states that have a dearer way that can
        act, ascending, and each one's settled index; None without the hook or the arrays, or
        where ties between end states were ranked here (``_select``)."""
        if self._acting_ways is None:
            hook: Callable[..., Any] | None = getattr(self.space, "kernel_acting", None)
            opens = self.opens() if hook is not None and self._index is not None else None
            self._acting_ways = (None,) if hook is None or opens is None else (
                hook(self.found, self._index, opens[2], self._later_index),)
        return self._acting_ways[0]

    def acting(self) -> dict[int, int]:
        """For end states whose best way cannot attack, the best way that still can."""
        if self._acting is None and self.acting_ways() is not None:
            at, acting = self.acting_ways()  # type: ignore[misc]
            codes = self.found.codes  # type: ignore[attr-defined]
            ways = self._index
            assert ways is not None
            self._acting = {codes[ways[i]]: codes[s] for i, s in zip(at, acting, strict=True)}
        if self._acting is None:
            opens = self.opens()
            self._acting = _acting_alternatives(
                self.space, self.later_priority(), self.key_of, self.codes(),
                self.actions() if opens is None else [], self.later(),
                None if opens is None else opens[2])
        return self._acting

    def described(self) -> list[dict[str, Any]]:
        """``describe`` of every end state, each a new dict (optional hook ``describe_all``)."""
        many: Callable[[Iterable[int]], list[dict[str, Any]]] | None = getattr(
            self.space, "describe_all", None)
        with collector_paused():  # thousands of new dicts, none of them garbage
            if many is not None:
                return many(self.codes())
            describe = self.space.describe
            return [dict(describe(code)) for code in self.codes()]

    def states(self) -> tuple[ReachedState, ...]:
        """Every end state, whole."""
        with collector_paused():
            return self._states()

    def _states(self) -> tuple[ReachedState, ...]:
        space = self.space
        acting = self.acting()
        priority = self.later_priority()
        moves_to, checks_to = self.found.ways()
        costs = _Costs(space.tick)
        states = []
        for code, state, ticks, actions in zip(self.codes(), self.described(), self.ticks(),
                                               self.actions(), strict=True):
            to_act = None
            other = acting.get(code)
            if other is not None:
                to_act = ActingWay(costs(priority[other] // CHECK_SLOTS), checks_to[other],
                                   moves_to[other])
            states.append(ReachedState(state, costs(ticks), "attack" in actions,
                                       actions, checks_to[code], moves_to[code], to_act))
        return tuple(states)

    def first(self, limit: int) -> list[ReachedState]:
        """The ``limit`` cheapest end states, for a table's rows: their ways walked back one by
        one, and no ``to_act`` (a table does not show it)."""
        space = self.space
        costs = _Costs(space.tick)
        actions_of = space.actions
        rows = []
        found = self.found
        walk: Callable[[int], list[Step]] = found.path_to
        keys: Sequence[int] = self.codes()[:limit]
        if self._index is not None and isinstance(found, SettledArrays):
            walk, keys = found.path_at, self._index[:limit]
        for code, key, ticks in zip(self.codes()[:limit], keys, self.ticks()[:limit],
                                    strict=True):
            steps = walk(key)
            actions = actions_of(code, ticks)
            rows.append(ReachedState(space.describe(code), costs(ticks), "attack" in actions,
                                     actions, tuple(c for s in steps for c in s[3]),
                                     tuple(s.move for s in steps)))
        return rows

    def columns(self) -> list[str]:
        """The fields of the end states, in the order a table shows them (optional hook
        ``state_keys(codes)``, else every state described)."""
        keys: Callable[[Sequence[int]], list[str]] | None = getattr(self.space, "state_keys",
                                                                      None)
        if keys is not None:
            return keys(self.codes())
        describe = self.space.describe
        columns: list[str] = []
        for code in self.codes():
            for k in describe(code):
                if k not in columns:
                    columns.append(k)
        return columns

    def places(self) -> list[str]:
        """Each end state's place label (optional hook ``end_places(codes)``, else the ``at`` of
        its fields)."""
        space = self.space
        many: Callable[[Sequence[int]], list[str]] | None = getattr(space, "end_places", None)
        if many is not None:
            return many(self.codes())
        return [str(space.describe(code).get("at")) for code in self.codes()]

    def text_map(self) -> str:
        """The space's text map of the least cost to each place."""
        costs = _Costs(self.space.tick)
        least: dict[str, Fraction] = {}  # states come cheapest first: the first cost is the least
        for at, ticks in zip(self.places(), self.ticks(), strict=True):
            if at not in least:
                least[at] = costs(ticks)
        return self.space.text_map(least)

    def light(self) -> Iterator[tuple[dict[str, Any], Fraction, bool]]:
        """Each end state's fields, cost and whether it can act: ``ReachReport.ends``."""
        costs = _Costs(self.space.tick)
        for state, ticks, actions in zip(self.described(), self.ticks(), self.actions(),
                                         strict=True):
            yield state, costs(ticks), "attack" in actions

    def dicts(self) -> list[dict[str, Any]]:
        """``ReachedState.to_dict`` of every end state, in one pass over the arrays: each cost,
        check and list of checks spelled once."""
        with collector_paused():
            return self._dicts()

    def _dicts(self) -> list[dict[str, Any]]:
        space = self.space
        acting = self.acting()
        priority = self.later_priority()
        ticks = self.ticks()
        tick = space.tick
        spelled = {t: format_cost(_ticks_value(t, tick)) for t in set(ticks)}
        listed: dict[int, tuple[tuple[Save, ...], list[dict[str, Any]]]] = {}

        def checks_data(checks: tuple[Save, ...]) -> list[dict[str, Any]]:
            known = listed.get(id(checks))
            if known is None:
                known = listed[id(checks)] = (checks, [c.to_dict() for c in checks])
            return list(known[1])

        # the ways, by settled index off the kernel's arrays, else by code
        found = self.found
        paths: Sequence[str] | Mapping[int, str]
        checks_to: Sequence[tuple[Save, ...]] | Mapping[int, tuple[Save, ...]]
        keys: Sequence[int]
        if self._index is not None and isinstance(found, SettledArrays):
            paths, checks_to = found.way_texts_at()
            keys = self._index
            codes = found.codes
            where = {codes[i]: i for i in self._later_index}  # the ways that can act

            def at(code: int) -> int:
                known = where.get(code)
                return found.index(code) if known is None else known
        else:
            paths, checks_to = found.way_texts()
            keys = self.codes()
            at = int  # type: ignore[assignment]
        out = self.described()
        for data, key, t, actions in zip(out, keys, ticks, self.actions(), strict=True):
            data["cost"] = spelled[t]
            data["can_act"] = "attack" in actions
            data["actions"] = list(actions)
            checks = checks_to[key]
            data["checks"] = checks_data(checks) if checks else []
            data["path"] = paths[key]
        for i, code in enumerate(self.codes()) if acting else ():
            other = acting.get(code)
            if other is not None:
                spot = at(other)
                checks = checks_to[spot]
                t = priority[other] // CHECK_SLOTS
                out[i]["to_act"] = {"cost": spelled.get(t) or format_cost(_ticks_value(t, tick)),
                                    "checks": checks_data(checks) if checks else [],
                                    "path": paths[spot]}
        return out


    def states_json(self) -> bytes | None:
        """``states_chunks`` joined: the states' indented JSON text at once."""
        chunks = self.states_chunks()
        return None if chunks is None else b"".join(chunks)

    def states_chunks(self, compact: bool = False, separator: bytes = b",\n",
                      ) -> Iterator[bytes] | None:
        """``dicts`` as JSON text in chunks (``ReachReport.json_state_chunks``), written by the
        space off the kernel's arrays (optional hook ``kernel_states_chunks``): this side makes
        the fragments a state's text is put together from (each cost, each set of open actions,
        each ``to_act``), the space the rest. None without the hook or the arrays."""
        found = self.found
        write: Callable[..., Iterator[bytes] | None] | None = getattr(
            self.space, "kernel_states_chunks", None)
        if write is None or not isinstance(found, SettledArrays):
            return None
        ways = self.ways()
        assert ways is not None
        tick = self.space.tick
        costs = [_cost_json(format_cost(_ticks_value(t, tick)))
                 for t in range(search_budget(self.space) + 1)]
        known: Sequence[tuple[str, ...]]
        if self.opens() is not None:
            known, opens, _stuck = self.opens()  # type: ignore[misc]
        else:
            seen: dict[tuple[str, ...], int] = {}
            opens = array("b", [seen.setdefault(a, len(seen)) for a in self.actions()])
            known = list(seen)
            if len(known) > 127:
                return None
        actions = [(f'      "can_act": {"true" if "attack" in a else "false"},\n'
                    f'      "actions": {_json_text(list(a), 3)},\n').encode() for a in known]
        acting = self.acting_ways()
        if acting is not None:  # the space writes each ``to_act`` too
            return write(found, ways, opens, costs, actions, {}, _json_text, compact,
                         separator, acting=acting)
        extra = self._to_act(found)
        return write(found, ways, opens, costs, actions, extra, _json_text, compact, separator)

    def _to_act(self, found: SettledArrays) -> dict[int, bytes]:
        """The ``to_act`` of each end state that has one, by its place in the report: the text
        that follows its path (``,\n      "to_act": {…}``), as ``dicts`` makes it."""
        acting = self.acting()
        if not acting:
            return {}
        priority = self.later_priority()
        tick = self.space.tick
        codes = found.codes
        where = {codes[i]: i for i in self._later_index}  # the ways that can act
        said: dict[int, tuple[Save, str]] = {}  # each check's text, by id (one object a kind)

        def check_json(check: Save) -> str:
            known = said.get(id(check))
            if known is None:
                known = said[id(check)] = (check, " " * 10 + _json_text(check.to_dict(), 5))
            return known[1]

        made: dict[int, bytes] = {}
        opens = self.opens()
        ends = self.codes()
        for i in range(len(ends)) if opens is None else opens[2]:
            code = ends[i]
            other = acting.get(code)
            if other is not None:
                spot = where.get(other)
                steps = found.path_at(found.index(other) if spot is None else spot)
                checks = [check_json(c) for s in steps for c in s[3]]
                cost = format_cost(_ticks_value(priority[other] // CHECK_SLOTS, tick))
                listed = "[\n" + ",\n".join(checks) + "\n        ]" if checks else "[]"
                made[i] = (f',\n      "to_act": {{\n        "cost": {_json_text(cost, 0)},\n'
                           f'        "checks": {listed},\n'
                           f'        "path": {_json_text(" ".join(s[0] for s in steps), 0)}'
                           '\n      }').encode()
        return made


#: What a cost's text is made of (``format_cost``: ``"7/2"``, ``"-1"``): a JSON string as it is.
_PLAIN_COST = frozenset("0123456789/-")


def _cost_json(text: str) -> bytes:
    """``_json_text(text, 0)`` encoded, for a cost: quoted as it is, where nothing needs escaping
    (every cost: a few hundred a reach, each as ``json.dumps`` would write it)."""
    if _PLAIN_COST.issuperset(text):
        return b'"' + text.encode() + b'"'
    return _json_text(text, 0).encode()


def _json_text(data: Any, depth: int) -> str:
    """``data`` as ``json.dumps(indent=2, ensure_ascii=False)`` writes it where it stands
    ``depth`` levels deep in an indented document (its inner lines indented so much more)."""
    return json.dumps(data, indent=2, ensure_ascii=False).replace("\n", "\n" + "  " * depth)


def _reach_note(space: GridSpace, ends: _Ends) -> tuple[str, str] | None:
    """Why the creature can go nowhere (or only so far) this round, for the text: the space's own
    word when it has one (optional hook ``reach_note``: a gale, no fly speed …), else what little
    can be said here when the search found only the start state, or nothing."""
    hook: Callable[[], tuple[str, str] | None] | None = getattr(space, "reach_note", None)
    note = hook() if hook is not None else None
    if note is not None:
        return note
    count = len(ends)
    if not count:
        problem = space.end_problem(space.start)
        if problem is not None:
            rule, sentence = problem
            return rule, _("No way to end this round is open to {creature}: {reason}").format(
                creature=space.creature, reason=sentence)
        return "", _("No way to end this round is open to {creature}").format(
            creature=space.creature)
    if count == 1 and ends.codes()[0] == ends.found.start:
        return "", _("{creature} can only stay where it is this round: no step is open to "
                     "it").format(creature=space.creature)
    return None


class _Costs:
    """Ticks as exact costs for one report: each distinct Fraction is made once."""

    def __init__(self, tick: Fraction):
        self.tick = tick
        self.made: dict[int, Fraction] = {}

    def __call__(self, ticks: int) -> Fraction:
        cost = self.made.get(ticks)
        if cost is None:
            cost = self.made[ticks] = ticks * self.tick
        return cost


def _acting_alternatives(space: GridSpace, priority: Mapping[int, int],
                         key_of: Callable[[int], Any],
                         order: list[int], open_actions: list[tuple[str, ...]],
                         later: list[int], stuck: Sequence[int] | None = None
                         ) -> dict[int, int]:
    """For end states whose cheapest way cannot attack, the cheapest way that still can.

    ``order`` holds each end state's best way and ``open_actions`` what each leaves open;
    ``later`` the other ways to the same end states, cheapest first. The answer maps the code of
    a best way to the code of the best way (``way_rank``) that can attack; ``priority`` holds
    (at least) the priorities of ``later``.
    """
    # optional hook: whether any state describing the same end state could attack at all
    # (a moving flyer never can), so the scan below skips what cannot change the answer
    could_act: Callable[[int], bool] = getattr(space, "could_act", None) or (lambda _code: True)
    wanted: dict[Any, int] = {}  # end state → its cheapest way, which cannot attack
    if stuck is not None:  # those already found (the kernel's ``kernel_opens``)
        wanted = {key_of(order[i]): order[i] for i in stuck}
    for code, actions in zip(order, open_actions, strict=True) if stuck is None else ():
        if "attack" not in actions and could_act(code):
            wanted[key_of(code)] = code
    if not wanted:
        return {}
    actions_of = space.actions
    acting: dict[int, int] = {}
    for code in later:
        cheapest = wanted.get(key_of(code))
        if cheapest is None:
            continue
        known = acting.get(cheapest)
        if known is not None:
            if priority[known] == priority[code] and (
                    way_rank(space, code, priority[code])
                    < way_rank(space, known, priority[known])):
                acting[cheapest] = code
        elif "attack" in actions_of(code, priority[code] // CHECK_SLOTS):
            acting[cheapest] = code
    return acting


def _report(space: GridSpace, path: list[Step], end: int, error: IllegalMoveError | None = None
            ) -> GridMove:
    """The report of the steps taken: each records the state it ends in (its code and fields),
    so pictures and play read it instead of the move notation."""
    records = []
    total = 0
    describe = space.describe
    for i, (move, target, cost, checks, events) in enumerate(path, 1):
        total += cost
        records.append(StepRecord(
            move,
            _fraction(space, cost),
            _fraction(space, total),
            state=describe(target),
            checks=checks,
            events=tuple({**e, "step": i} for e in events),
            code=target,
            ticks=total,
        ))
    actions = space.actions(end, total) if error is None else ()
    start = describe(space.start)
    # optional hook: ``cost_unit(code)``, how the text says the unit of a way's cost to ``code``
    # where it is not ``unit`` alone (volare on foot: MP of walking), else None
    unit_of: Callable[[int], str | None] | None = getattr(space, "cost_unit", None)
    refused_at = None
    if error is not None:
        aim: Callable[[int, str], Any] | None = getattr(space, "aim", None)
        refused_at = None if aim is None else aim(end, error.move or "")
    return GridMove(
        ruleset=space.ruleset,
        creature=space.creature,
        unit=space.unit,
        legal=error is None,
        cost=_fraction(space, total),
        can_act="attack" in actions,
        actions=actions,
        end=describe(end),
        steps=tuple(records),
        error=error,
        info=space.info(),
        start=start["at"],
        start_code=space.start,
        start_state=start,
        refused_at=refused_at,
        field_text=getattr(space, "field_text", None),
        cost_unit=(unit_of(end) or "") if unit_of is not None else "",
    )


def grid_path(
    space: GridSpace,
    matches: Callable[[dict[str, Any]], bool],
    goal_text: str,
    *,
    avoid_checks: bool = False,
    must_act: bool = False,
    accept: Callable[[int], bool] | None = None,
    at: str | None = None,
) -> GridMove | PathNotFound:
    """The best way (``way_rank``: cheapest, then fewest checks, then keeping the attack, then
    the fewest opportunity attacks) to an end state whose description ``matches``.

    With ``must_act`` only end states that still leave an attack count; ``accept`` may refuse
    end states by their packed code (an attack position: in melee with a target). ``at``, the
    place every matching state is at, lets a space with ``label_of(code)`` (its ``describe``'s
    ``at`` alone) refuse the states elsewhere without describing them.
    """
    said: dict[int, bool] = {}  # each settled state is asked once, while searching
    label_of: Callable[[int], str] | None = getattr(space, "label_of", None) if at else None

    def goal(code: int, spent: int) -> bool:
        known = said.get(code)
        if known is None:
            known = said[code] = _goal(code, spent)
        return known

    def _goal(code: int, spent: int) -> bool:
        if label_of is not None and label_of(code) != at:
            return False
        if space.end_problem(code) is not None or not matches(space.describe(code)):
            return False
        if must_act and "attack" not in space.actions(code, spent):
            return False
        return accept is None or accept(code)

    found = explore(space, avoid_checks=avoid_checks, goal=goal)
    hits = [code for code, priority in found.priority.items()
            if goal(code, priority // CHECK_SLOTS)]
    if not hits:
        budget = budget_text(space)
        values = {"creature": space.creature, "goal": goal_text, "budget": budget}
        if avoid_checks and must_act:
            message = _("{creature} cannot reach {goal} this round without any check with an "
                        "attack left within {budget}").format(**values)
        elif avoid_checks:
            message = _("{creature} cannot reach {goal} this round without any check within "
                        "{budget}").format(**values)
        elif must_act:
            message = _("{creature} cannot reach {goal} this round with an attack left within "
                        "{budget}").format(**values)
        else:
            message = _("{creature} cannot reach {goal} this round within {budget}").format(
                **values)
        return PathNotFound(space.ruleset, space.creature, goal_text, message)
    code = min(hits, key=lambda c: way_rank(space, c, found.priority[c]))
    if isinstance(space, ViaSpace):  # report in the inner space: its codes, not the legs'
        legs = space.legs
        return _report(space.inner, [s._replace(target=s.target // legs)
                                     for s in found.path_to(code)], code // legs)
    return _report(space, found.path_to(code), code)


def budget_text(space: GridSpace) -> str:
    """What the creature may spend this round, in words: ``8 MP``."""
    # optional hook: ``budget_words()``, what the creature may spend, where one number and
    # the unit do not say it (volare: MP flying or MP of walking)
    words: Callable[[], str] | None = getattr(space, "budget_words", None)
    if words is not None:
        return words()
    return f"{format_amount(_fraction(space, space.budget), space.unit)} {unit_word(space.unit)}"


def grid_check(space: GridSpace, text: str) -> GridMove:
    """Validate a declared move, token by token, with the same step generator as the search.

    Where a token names several steps, the one taken is the best by ``way_rank``'s order.
    """
    tokens = text.split()
    code = space.start
    spent = 0
    limit = search_budget(space)
    path: list[Step] = []
    for index, token in enumerate(tokens, 1):
        try:
            move = space.parse_move(token, code)
        except NotationError as exc:
            raise NotationError(_("move {index} ({token}): {problem}").format(
                index=index, token=repr(token), problem=exc)) from None
        candidates = [s for s in space.steps(code, spent)
                      if s[0] == move and spent + s[2] <= limit]
        if not candidates:
            rule, message = space.explain(code, spent, move)
            return _report(space, path, code,
                           IllegalMoveError(rule, message, step=index, move=token))
        step = choose_step(space, candidates, spent)
        path.append(step)
        spent += step.cost
        code = step.target
    problem = space.end_problem(code)
    if problem is not None:
        rule, message = problem
        last = tokens[-1] if tokens else _("(no move)")
        return _report(space, path, code,
                       IllegalMoveError(rule, message, step=max(1, len(tokens)), move=last))
    return _report(space, path, code)


#: The most waypoints a way may be asked to pass through (``via``).
MAX_VIA = 8


def parse_waypoints(via: Iterable[Any]) -> tuple[tuple[str, int | None], ...]:
    """Waypoints as ``path(via=...)`` takes them: ``"U34"``, ``"U34@2"`` (at altitude 2) or a
    pair ``("U34", 2)``; at most ``MAX_VIA``. Labels are made canonical by the ruleset."""
    from ..errors import OptionError

    out: list[tuple[str, int | None]] = []
    for item in via:
        if isinstance(item, str):
            label, _at, level = item.strip().partition("@")
            if not label:
                raise NotationError(_("expected a waypoint like U34 or U34@2, got {item}").format(
                    item=repr(item)))
            try:
                altitude = int(level) if level else None
            except ValueError:
                raise NotationError(_("waypoint {item}: expected a whole altitude after @, got "
                                      "{level}").format(item=repr(item), level=repr(level))
                                    ) from None
        else:
            label, altitude = item
            altitude = None if altitude is None else int(altitude)
        out.append((str(label).strip().upper(), altitude))
    if len(out) > MAX_VIA:
        raise OptionError(_("at most {most} waypoints (via), got {count}").format(
            most=MAX_VIA, count=len(out)))
    return tuple(out)


class ViaSpace:
    """A space whose ways must pass through waypoints in order: each state is the inner
    space's state and how many waypoints the way has passed (``code * legs + leg``), so one
    search finds the cheapest way through all of them, each leg going on from the full state
    the one before ended in (heading, inertia, what was spent). A state is an end state only
    once every waypoint is passed; the steps, their costs and words are the inner space's."""

    def __init__(self, inner: GridSpace, stops: Sequence[Callable[[int], bool]],
                 names: Sequence[str]):
        self.inner = inner
        self.stops = tuple(stops)
        self.names = tuple(names)
        self.legs = len(self.stops) + 1
        self.ruleset = inner.ruleset
        self.creature = inner.creature
        self.unit = inner.unit
        self.tick = inner.tick
        self.budget = inner.budget
        self.half = inner.half
        self.search_budget = search_budget(inner)
        self.max_states = int(getattr(inner, "max_states", 1_000_000))
        self.start = self._pack(inner.start, 0)
        # ``estimate``: the inner space's (the search's own cap, ``max_states``, stops one
        # whose waypoint counts multiply its states past it)
        for hook in ("field_text", "budget_words", "reach_spend", "reach_note", "estimate"):
            if hasattr(inner, hook):
                setattr(self, hook, getattr(inner, hook))
        label_of = getattr(inner, "label_of", None)
        if label_of is not None:
            self.label_of = lambda code: label_of(code // self.legs)
        cost_unit = getattr(inner, "cost_unit", None)
        if cost_unit is not None:
            self.cost_unit = lambda code: cost_unit(code // self.legs)
        drawn = getattr(inner, "opportunity_attacks", None)
        if drawn is not None:
            self.opportunity_attacks = lambda code: drawn(code // self.legs)

    def _pack(self, code: int, leg: int) -> int:
        stops = self.stops
        while leg < len(stops) and stops[leg](code):
            leg += 1
        return code * self.legs + leg

    def steps(self, code: int, spent: int) -> Iterator[StepTuple]:
        inner, leg = divmod(code, self.legs)
        pack = self._pack
        for move, target, cost, checks, events in self.inner.steps(inner, spent):
            yield (move, pack(target, leg), cost, checks, events)

    def describe(self, code: int) -> dict[str, Any]:
        return self.inner.describe(code // self.legs)

    def end_problem(self, code: int) -> tuple[str, str] | None:
        inner, leg = divmod(code, self.legs)
        if leg < len(self.stops):
            return ("via", _("the way has not yet passed {waypoint}").format(
                waypoint=self.names[leg]))
        return self.inner.end_problem(inner)

    def end_key(self, code: int) -> Any:
        inner, leg = divmod(code, self.legs)
        key: Callable[[int], Any] | None = getattr(self.inner, "end_key", None)
        return (key(inner) if key is not None
                else tuple(self.inner.describe(inner).items()), leg)

    def actions(self, code: int, spent: int) -> tuple[str, ...]:
        return self.inner.actions(code // self.legs, spent)

    def parse_move(self, token: str, code: int) -> str:
        return self.inner.parse_move(token, code // self.legs)

    def explain(self, code: int, spent: int, move: str) -> tuple[str, str]:
        return self.inner.explain(code // self.legs, spent, move)

    def info(self) -> dict[str, Any]:
        return self.inner.info()

    def text_map(self, costs: Mapping[str, Fraction]) -> str:
        return self.inner.text_map(costs)


def waypoint_stops(space: GridSpace, via: Sequence[tuple[str, int | None]]
                   ) -> list[Callable[[int], bool]]:
    """For each waypoint (label, altitude or None), whether a state of ``space`` is there."""
    label_of: Callable[[int], str] | None = getattr(space, "label_of", None)

    def stop(label: str, altitude: int | None) -> Callable[[int], bool]:
        said: dict[int, bool] = {}

        def there(code: int) -> bool:
            known = said.get(code)
            if known is None:
                if label_of is not None and label_of(code) != label:
                    known = False
                else:
                    state = space.describe(code)
                    known = state["at"] == label and (altitude is None
                                                      or state.get("altitude") == altitude)
                said[code] = known
            return known
        return there

    return [stop(label, altitude) for label, altitude in via]


def via_space(space: GridSpace, via: Sequence[tuple[str, int | None]]) -> ViaSpace:
    """``space`` with its ways made to pass the waypoints ``via`` (label, altitude) in order."""
    return ViaSpace(space, waypoint_stops(space, via), [label for label, _ in via])


def grid_path_via(space: GridSpace, via: Sequence[tuple[str, int | None]],
                  matches: Callable[[dict[str, Any]], bool], goal_text: str, rules: NoWayRules,
                  *, leg: Callable[[str, int | None], Any], lifted: Callable[[], GridSpace],
                  avoid_checks: bool = False, must_act: bool = False, budget_words: str = "",
                  at: str | None = None) -> GridMove | PathNotFound:
    """``path --via``, the same for every grid ruleset: the best way through the waypoints
    ``via`` (canonical labels, altitudes) in order to a state that ``matches``. None found, the
    reason is ``why_no_way_via``'s (``leg(label, altitude)``: the ruleset's ``path`` to a
    waypoint alone; ``lifted()``: ``space`` with the creature ``LIFT`` times as fast). A
    ``PathNotFound`` without a rule is left to ``why_no_way``: the goal itself is out of reach."""
    # Translators: a goal with its waypoints, e.g. "U35 at altitude 1 via U34, V35"
    goal = _("{goal} {via}").format(goal=goal_text, via=via_words(via))
    found = grid_path(via_space(space, via), matches, goal, avoid_checks=avoid_checks,
                      must_act=must_act, at=at)
    if isinstance(found, PathNotFound):
        told = why_no_way_via(found, via, leg, lambda: via_space(lifted(), via), matches, rules,
                              avoid_checks=avoid_checks, must_act=must_act,
                              budget_words=budget_words)
        if told is not None:
            return told
    return found


def via_words(via: Sequence[tuple[str, int | None]]) -> str:
    """``via U34 at altitude 2, V35``: the waypoints as a goal's words say them."""
    said = ", ".join(label if level is None else
                     _("{label} at altitude {level}").format(label=label, level=level)
                     for label, level in via)
    return _("via {waypoints}").format(waypoints=said)


#: The most states the search for why no way passes the waypoints may settle.
VIA_WHY_STATES = 40_000


def why_no_way_via(found: PathNotFound, via: Sequence[tuple[str, int | None]],
                   leg: Callable[[str, int | None], Any], lifted: Callable[[], ViaSpace],
                   matches: Callable[[dict[str, Any]], bool], rules: NoWayRules, *,
                   avoid_checks: bool = False, must_act: bool = False, budget_words: str = ""
                   ) -> PathNotFound | None:
    """Why no way passes through the waypoints ``via`` to the goal: a waypoint out of reach on
    its own (``leg(label, altitude)``, ``path`` to it, says why; another creature there does
    not stop a way passing through), else the budget, when the way through them all is found
    with the creature ``LIFT`` times as fast (``lifted``: that space, through the waypoints).
    None when neither tells: then the goal itself is out of reach (``why_no_way``)."""
    from ..errors import WingbeatError

    held: PathNotFound | None = None  # a waypoint another creature holds
    for label, level in via:
        alone = leg(label, level)
        if isinstance(alone, PathNotFound) and alone.rule is not None:
            told = replace(found, rule=alone.rule, reason=_("waypoint {label}: {reason}").format(
                label=label, reason=alone.reason))
            if alone.rule != rules.occupied:
                return told
            held = held or told
    far = replace(found, rule=rules.budget,
                  reason=_("{creature} cannot reach {goal} within {budget}").format(
                      creature=found.creature, goal=found.goal, budget=budget_words))
    try:
        space = lifted()
        # a bounded search: the reason is not worth seconds (the waypoints multiply the states)
        space.max_states = min(space.max_states, VIA_WHY_STATES)
        wide = grid_path(space, matches, found.goal, avoid_checks=avoid_checks,
                         must_act=must_act)
    except WingbeatError:
        return held or far
    if isinstance(wide, PathNotFound):
        return held
    rule = rules.walk if wide.cost_unit and rules.walk else rules.budget
    return replace(found, rule=rule, needs=wide.cost, unit=wide.unit,
                   reason=_("{creature} would need {needs} {unit} to get there; it has "
                            "{budget} this round").format(
                       creature=found.creature, needs=format_amount(wide.cost, wide.unit),
                       unit=wide.cost_unit or unit_word(wide.unit), budget=budget_words))
