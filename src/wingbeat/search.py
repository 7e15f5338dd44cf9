"""Least-cost search over a ruleset's step generator, in exact integer ticks.

A grid ruleset packs each state into an ``int`` and yields its legal steps as plain tuples
``(move, target, cost, checks, events)`` (``StepTuple``: the generator makes millions, and a plain
tuple is made four times faster than a named one); a step that leaves the search (a way found, a
checked move) is a ``Step``, the same tuple read by name. Costs are integer ticks of the ruleset's
smallest unit (1/12 MP for ``volare``). The search is a bucket queue (Dial's algorithm): costs are
small whole numbers, so a list of buckets indexed by priority replaces a heap. At equal cost, the
way with fewer checks wins, so the priority is ``ticks * CHECK_SLOTS + checks``. What breaks a tie
between states at equal priority (the action kept, fewer opportunity attacks) is a fact of each
state, not of the way there, so the search need not order by it: ``rules.grid.way_rank`` ranks the
states it settles.

The loop only touches ints and tuples, so a compiled kernel replaces it where a space offers one
(``compiled_search``, see ``wingbeat.kernel``), with identical results: same states settled in the
same order, same priorities, same parents.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple, Protocol

from . import kernel
from ._records import dataclass
from .errors import OptionError
from .model import Save

__all__ = ["CHECK_SLOTS", "MAX_STATES", "Exploration", "MoveSpace", "SettledArrays",
           "StateEstimate", "Step", "StepKinds", "StepTuple", "explore", "explore_pure",
           "refuse_too_large", "search_budget"]

#: A legal step as a space's generator yields it: (move, target, cost, checks, events), a plain
#: tuple (the search's hot path); ``Step`` names its fields.
StepTuple = tuple[str, int, int, tuple[Save, ...], tuple[dict[str, Any], ...]]


class Step(NamedTuple):
    """A legal step, read by name: a ``StepTuple`` (and one wherever a tuple is wanted)."""

    move: str  #: its notation (``U35``, ``up``, ``land-fast``)
    target: int  #: the packed state it reaches
    cost: int  #: in ticks of the ruleset's unit
    checks: tuple[Save, ...]  #: the saves it calls for
    events: tuple[dict[str, Any], ...]  #: what it causes (a fall, an opportunity attack …)

#: Priorities count checks below one tick; more checks than this on one path no longer break ties.
CHECK_SLOTS = 16

#: A query that would settle more states than this is refused rather than eat the machine's memory:
#: the map, the altitudes or the speed are larger than a round needs. Measured on volare
#: (benchmarks/memory.py and kernel.py, docs/limits.md, docs/performance.md): the pure-Python
#: search holds about 375-415 bytes a settled state, the compiled kernel about 50-55, and a whole
#: reach with its JSON about 1.8 kB, so at this cap the search stays under 0.4 GB (55 MB compiled)
#: and the reach report under 2 GB. A space whose states cost more says its own cap
#: (``max_states``).
MAX_STATES = 1_000_000


@dataclass(frozen=True)
class StateEstimate:
    """How many states a query could settle, said before any search: the places (cell and
    altitude) within range of the speed, clipped to the map and to its top, × the postures and
    flags that matter. Cheap, so a runaway query is refused in milliseconds; the in-search cap
    stays as the backstop for what the estimate does not foresee.

    ``cells`` (the most at any one altitude) and ``levels`` say which knob makes it large.
    """

    places: int
    cells: int
    levels: int
    variants: int

    @property
    def states(self) -> int:
        return self.places * self.variants


def refuse_too_large(estimate: StateEstimate, max_states: int = MAX_STATES) -> None:
    """Refuse, in one line naming the knobs, a query whose estimate passes ``max_states``."""
    if estimate.states > max_states:
        from .i18n import _
        from .narrate import grouped

        raise OptionError(_(
            "this query could reach about {states} states (up to {cells} cells × {levels} "
            "altitudes, × {variants} postures); the limit is {most}: use a smaller map, fewer "
            "altitude levels (top) or a slower creature").format(
            states=grouped(estimate.states), cells=grouped(estimate.cells),
            levels=grouped(estimate.levels), variants=estimate.variants,
            most=grouped(max_states)))


class MoveSpace(Protocol):
    """What the search needs from a ruleset: a start, a budget, and the legal steps."""

    @property
    def start(self) -> int: ...

    @property
    def budget(self) -> int: ...

    def steps(self, code: int, spent: int) -> Iterable[StepTuple]:
        """Every legal step from state ``code`` after ``spent`` ticks this round."""
        ...

    # optional: ``estimate() -> StateEstimate``, how many states the search could settle, asked
    # before it starts (a grid ruleset's spaces have it; see ``refuse_too_large``);
    # ``max_states``, its own cap when its states cost more memory than ``MAX_STATES`` allows for;
    # and ``search_budget``, how far the search goes when it is more than ``budget`` (volare: a
    # round walked has a budget of its own, its steps keeping to it and the flight steps to
    # ``budget``; see ``search_budget``)


def search_budget(space: MoveSpace) -> int:
    """The most ticks any way may spend: the space's ``search_budget`` where it has one (more
    than one kind of budget, each kind of step keeping to its own), else its ``budget``."""
    return int(getattr(space, "search_budget", space.budget))


class Exploration:
    """Least priorities and the step that reached each settled state.

    Both dicts hold the states in the order they were settled: cheapest first, and every state
    after the state its step leaves from.
    """

    def __init__(self, start: int, priority: dict[int, int],
                 parent: dict[int, tuple[int, StepTuple] | None]):
        self.start = start
        self._priority = priority
        self._parent = parent

    @property
    def priority(self) -> dict[int, int]:
        return self._priority

    @property
    def parent(self) -> dict[int, tuple[int, StepTuple] | None]:
        return self._parent

    def __len__(self) -> int:
        """How many states were settled."""
        return len(self._priority)

    def ticks(self, code: int) -> int:
        return self.priority[code] // CHECK_SLOTS

    def path_to(self, code: int) -> list[Step]:
        """The steps of the cheapest way found from the start to ``code``."""
        steps: list[Step] = []
        link = self.parent[code]
        while link is not None:
            previous, step = link
            steps.append(Step._make(step))
            link = self.parent[previous]
        steps.reverse()
        return steps

    def ways(self) -> tuple[dict[int, tuple[str, ...]], dict[int, tuple[Save, ...]]]:
        """The moves and the checks of the cheapest way to every settled state, at once.

        Each way extends the way to the state its step leaves from, settled before it: one pass
        in settling order, where ``path_to`` for every state would walk each way from scratch.
        A step without checks shares the checks of the way before it.
        """
        moves: dict[int, tuple[str, ...]] = {self.start: ()}
        checks: dict[int, tuple[Save, ...]] = {self.start: ()}
        for code, link in self.parent.items():
            if link is not None:
                previous, step = link
                moves[code] = moves[previous] + (step[0],)
                checks[code] = checks[previous] + step[3] if step[3] else checks[previous]
        return moves, checks

    def way_texts(self) -> tuple[dict[int, str], dict[int, tuple[Save, ...]]]:
        """``ways`` with each way's moves joined by spaces (a report's ``path``), in one pass."""
        paths: dict[int, str] = {self.start: ""}
        checks: dict[int, tuple[Save, ...]] = {self.start: ()}
        for code, link in self.parent.items():
            if link is not None:
                previous, step = link
                before = paths[previous]
                paths[code] = f"{before} {step[0]}" if before else step[0]
                checks[code] = checks[previous] + step[3] if step[3] else checks[previous]
        return paths, checks


class StepKinds(Protocol):
    """What turns the compiled kernel's record of a step (a small integer kind, the state it
    reached, its cost) back into the step the space's ``steps`` yields: asked only when a way
    is wanted."""

    def kernel_step(self, kind: int, target: int, cost: int) -> StepTuple: ...

    def kernel_move(self, kind: int, target: int) -> str: ...

    def kernel_checks(self, kind: int) -> tuple[Save, ...]: ...

    def kernel_moves(self, codes: Sequence[int], kinds: Sequence[int]) -> list[str]:
        """``kernel_move`` of each (kind, target) pair, at once."""
        ...


class SettledArrays(Exploration):
    """An ``Exploration`` held in flat arrays, as the compiled kernel leaves it: the settled
    codes in settling order, their priorities, the settled index of each one's parent (-1 for the
    start) and the kind of step that reached it. The dicts and the steps are made only when
    asked for, so a search costs a few dozen bytes a state."""

    def __init__(self, start: int, codes: Sequence[int], priorities: Sequence[int],
                 parents: Sequence[int], kinds: Sequence[int], steps: StepKinds):
        self.start = start
        self.codes = codes
        self.priorities = priorities
        self.parents = parents
        self.kinds = kinds
        self._steps = steps
        self._prio: dict[int, int] | None = None
        self._links: dict[int, tuple[int, StepTuple] | None] | None = None
        self._at: dict[int, int] | None = None

    @property
    def priority(self) -> dict[int, int]:
        if self._prio is None:
            self._prio = dict(zip(self.codes, self.priorities, strict=True))
        return self._prio

    @property
    def parent(self) -> dict[int, tuple[int, StepTuple] | None]:
        if self._links is None:
            codes, parents = self.codes, self.parents
            links: dict[int, tuple[int, StepTuple] | None] = {}
            for i, code in enumerate(codes):
                links[code] = None if parents[i] < 0 else (codes[parents[i]], self._step(i))
            self._links = links
        return self._links

    def __len__(self) -> int:
        return len(self.codes)

    def _step(self, i: int) -> Step:
        p = self.parents[i]
        cost = self.priorities[i] // CHECK_SLOTS - self.priorities[p] // CHECK_SLOTS
        return Step._make(self._steps.kernel_step(self.kinds[i], self.codes[i], cost))

    def index(self, code: int) -> int:
        """Where ``code`` stands in settling order (KeyError if it was not settled)."""
        if self._at is None:
            self._at = {code: i for i, code in enumerate(self.codes)}
        return self._at[code]

    def path_to(self, code: int) -> list[Step]:
        return self.path_at(self.index(code))

    def path_at(self, i: int) -> list[Step]:
        """``path_to`` the ``i``-th state settled."""
        steps: list[Step] = []
        while self.parents[i] >= 0:
            steps.append(self._step(i))
            i = self.parents[i]
        steps.reverse()
        return steps

    def ways(self) -> tuple[dict[int, tuple[str, ...]], dict[int, tuple[Save, ...]]]:
        codes, parents, kinds = self.codes, self.parents, self.kinds
        n = len(codes)
        step_moves = self._steps.kernel_moves(codes, kinds)
        checks_of = self._steps.kernel_checks
        kind_checks = [checks_of(kind) for kind in range(max(kinds, default=0) + 1)]
        moves: list[tuple[str, ...]] = [()] * n
        checks: list[tuple[Save, ...]] = [()] * n
        for i in range(1, n):
            p = parents[i]
            moves[i] = moves[p] + (step_moves[i],)
            more = kind_checks[kinds[i]]
            checks[i] = checks[p] + more if more else checks[p]
        return dict(zip(codes, moves, strict=True)), dict(zip(codes, checks, strict=True))

    def way_texts(self) -> tuple[dict[int, str], dict[int, tuple[Save, ...]]]:
        paths, checks = self.way_texts_at()
        codes = self.codes
        return dict(zip(codes, paths, strict=True)), dict(zip(codes, checks, strict=True))

    def way_texts_at(self) -> tuple[list[str], list[tuple[Save, ...]]]:
        """``way_texts`` as lists in settling order, indexed like ``codes``."""
        codes, parents, kinds = self.codes, self.parents, self.kinds
        n = len(codes)
        step_moves = self._steps.kernel_moves(codes, kinds)
        checks_of = self._steps.kernel_checks
        kind_checks = [checks_of(kind) for kind in range(max(kinds, default=0) + 1)]
        paths: list[str] = [""] * n
        checks: list[tuple[Save, ...]] = [()] * n
        for i in range(1, n):
            p = parents[i]
            before = paths[p]
            paths[i] = f"{before} {step_moves[i]}" if before else step_moves[i]
            more = kind_checks[kinds[i]]
            checks[i] = checks[p] + more if more else checks[p]
        return paths, checks


def explore(
    space: MoveSpace,
    *,
    avoid_checks: bool = False,
    goal: Callable[[int, int], bool] | None = None,
    max_states: int | None = None,
) -> Exploration:
    """Settle every state reachable within the budget, cheapest first.

    With ``goal(code, spent)``, stop once the bucket of the first goal state settled is done: every
    goal state of that least priority is then settled, for the caller to choose among.
    With ``avoid_checks``, steps that call for a check are not taken. A space whose ``estimate``
    passes ``max_states`` (by default the space's own ``max_states``, else ``MAX_STATES``) is
    refused before the search; one that passes it while searching, then.
    """
    if max_states is None:
        max_states = int(getattr(space, "max_states", MAX_STATES))
    estimate: Callable[[], StateEstimate] | None = getattr(space, "estimate", None)
    if estimate is not None:
        refuse_too_large(estimate(), max_states)
    # optional hook: the same search compiled (``wingbeat.kernel``), or None where it does not
    # cover the space's configuration
    compiled: Callable[..., Exploration | None] | None = getattr(space, "compiled_search", None)
    if compiled is not None and kernel.in_use():
        found = compiled(avoid_checks=avoid_checks, goal=goal, max_states=max_states)
        if found is not None:
            return found
    return explore_pure(space, avoid_checks=avoid_checks, goal=goal, max_states=max_states)


def too_many_states(max_states: int) -> OptionError:
    from .i18n import _
    from .narrate import grouped

    return OptionError(_(
        "this query would settle more than {most} states; use a smaller map, fewer altitude "
        "levels or a slower creature").format(most=grouped(max_states)))


def explore_pure(
    space: MoveSpace,
    *,
    avoid_checks: bool = False,
    goal: Callable[[int, int], bool] | None = None,
    max_states: int = MAX_STATES,
) -> Exploration:
    """``explore`` in pure Python, whatever the kernel: the reference the kernel must match."""
    start = space.start
    budget = search_budget(space)
    slots = CHECK_SLOTS
    best: dict[int, int] = {start: 0}
    parent: dict[int, tuple[int, StepTuple] | None] = {start: None}
    settled: dict[int, int] = {}
    settled_parent: dict[int, tuple[int, StepTuple] | None] = {}
    buckets: list[list[int]] = [[] for _ in range((budget + 1) * slots)]
    buckets[0].append(start)
    steps_of = space.steps
    # Costs are never negative, so priorities only grow: a state is settled from the bucket of
    # its least priority, where it is listed once, and a settled state's least priority is never
    # beaten again. ``best`` alone therefore tells which entries and which steps still count.
    reached = False
    for priority, bucket in enumerate(buckets):
        if not bucket:
            continue
        spent = priority // slots
        checks_so_far = priority % slots
        for code in bucket:
            if best[code] != priority:
                continue  # a dearer entry of a state since reached more cheaply
            settled[code] = priority
            settled_parent[code] = parent[code]
            if len(settled) > max_states:
                raise too_many_states(max_states)
            if goal is not None and not reached and goal(code, spent):
                reached = True
            for step in steps_of(code, spent):
                total = spent + step[2]
                if total > budget:
                    continue
                checks = step[3]
                if checks:
                    if avoid_checks:
                        continue
                    new = total * slots + min(slots - 1, checks_so_far + len(checks))
                else:
                    new = total * slots + checks_so_far
                target = step[1]
                old = best.get(target)
                if old is None or new < old:
                    best[target] = new
                    parent[target] = (code, step)
                    buckets[new].append(target)
        bucket.clear()
        if reached:
            break
    return Exploration(start, settled, settled_parent)
