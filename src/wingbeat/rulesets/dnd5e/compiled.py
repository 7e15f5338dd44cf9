"""``dnd5e``'s search run by the compiled kernel (``wingbeat._kernel5e``), with the same answers.

``CompiledSpace.compiled_search`` hands the kernel the space's tables (``StepTable``, filled in
C by ``Native`` from the board's flat arrays, or from Python by ``_kernel_fill``) and gets back
the settled states as arrays; their steps (moves, checks, events) are made in Python only when a
way is asked for (``_KernelSteps``). Where the kernel does not cover a space (``euclid``, a
space that is not a pruned search's) the pure search (``steps.py``) runs instead.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import Any

from ... import kernel
from ...geometry.squaregrid import DiagonalRule
from ...model import Save
from ...search import (
    CHECK_SLOTS,
    MAX_STATES,
    Exploration,
    SettledArrays,
    Step,
    StepTuple,
    too_many_states,
)
from .codes import GROUND, LOW_BITS, NO_CHECKS, NO_EVENTS, PARITY, PRONE, RUN_MASK, RUN_UP, WALK
from .model import Size
from .steps import StepSpace
from .tables import Edge

__all__ = ["CompiledSettled", "CompiledSpace"]

# a jump's bits and the kinds of step, as ``_kernel5e`` has them
_SUFFIXES = ("", "+up", "+down", "up", "down")
_SUFFIX_RISE = (0, 1, -1, 1, -1)  # the levels each rises
_J_HIGH, _J_CHECKED, _J_STANDING, _J_FLIP = 1, 2, 4, 8
_KIND_DASH, _KIND_STAND, _KIND_DASH_STAND, _KIND_JUMP = 5, 10, 11, 12


class CompiledSpace(StepSpace):
    """The compiled search of a creature's turn, on top of its Python steps."""

    def compiled_search(self, *, avoid_checks: bool = False,
                        goal: Callable[[int, int], bool] | None = None,
                        max_states: int = MAX_STATES) -> Exploration | None:
        """``search.explore`` run by the compiled kernel, with identical results; None where it
        does not cover the space (``euclid`` diagonals, whose fronts stay in Python; a space
        that is not a pruned search's, or whose pure search already ran; states past 62 bits,
        more than ``MAX_WATCHERS`` hostiles or ``MAX_POSITIONS`` places: its table's edges)
        or where it is not built. Its pruning table is kept with the space, as ``_best`` is."""
        compiled = kernel.compiled5e  # ``explore`` asks only when the kernel is in use
        if (compiled is None or self.full or not self.prune or self.rule is DiagonalRule.EUCLID
                or self._best):
            return None
        positions = len(self.board.coords) * self.levels
        if (positions << (self.n_watchers + LOW_BITS) >= 1 << 62 or self.start >= 1 << 62
                or positions >= compiled.MAX_POSITIONS
                or self.n_watchers > compiled.MAX_WATCHERS):
            return None
        table = self.tables.step_table
        if table is None:
            table = compiled.StepTable(positions * 2, None, self.n_watchers)
            table.native = self._native(compiled, positions)
            self.tables.step_table = table
        # any space of these tables fills them alike
        table.fill = self._kernel_fill
        if table.native is not None:
            table.native.landing = self._kernel_landing
        if self._pruning is None:
            self._pruning = compiled.Pruning(positions, self.n_watchers, self.levels)
        numbers = (self.budget, self.n_watchers, int(self.rule is DiagonalRule.DMG),
                   int(self.can_act), int(self.jumper), self.speed[WALK] * self.scale)
        outcome, codes, priorities, parents, kinds = compiled.dnd5e_search(
            table, self._pruning, numbers, self.start, avoid_checks, goal, max_states)
        if outcome != compiled.DONE:
            raise too_many_states(max_states)
        return CompiledSettled(self.start, codes, priorities, parents, kinds, _KernelSteps(self))

    def _native(self, compiled: Any, positions: int) -> Any:
        """The compiled table's own maker of places and moves (``_kernel5e.Native``): the
        board's flat arrays, this creature's footprints and speeds, the others' spaces, and the
        hostiles that may strike it, as ``_make_place`` and ``_ways`` read them."""
        board = self.board
        flat = board.flat()
        me = self.me
        offsets = array("i")
        for dc, dr in self.offsets + (self.small_offsets or ()):
            offsets.extend((dc, dr))
        others = array("i")
        for i, other in enumerate(self.others):
            low, high = self.other_span[i]
            others.extend((int(self.blocking[i]), int(other.size is Size.TINY), low, high))
        # the others over each cell (as ``occupied``, without the levels: ``others`` has them)
        over: dict[int, list[int]] = {}
        for i, cells in enumerate(self.other_cells):
            for c in dict.fromkeys(cells):
                over.setdefault(c, []).append(i)
        # per cell, where its occupants start in ``occ`` (a step at each occupied cell: set by
        # runs, a map may have a million cells and a few occupied)
        occ_start = array("i", [0]) * (len(board.coords) + 1)
        occ = array("i")
        for c, following in pairwise([*sorted(over), len(board.coords)]):
            occ.extend(over[c])
            occ_start[c + 1:following + 1] = array("i", [len(occ)]) * (following - c)
        watchers = array("i")
        watch_cells = array("i")
        for i in self.watchers:
            start = len(watch_cells)
            watch_cells.extend(self.other_cells[i])
            low, high = self.other_span[i]
            watchers.extend((self.others[i].reach, start, len(watch_cells), low, high, 0))
        small = self.small_offsets
        numbers = (board.map.columns, board.map.rows, int(board.hex), board.bottom, board.top,
                   self.levels, int(bool(board.walled)), int(self.rule is DiagonalRule.DMG),
                   int(self.burrower), self.scale, self.height,
                   self.small_height if small is not None else 0, len(self.offsets),
                   len(small or ()), me.speed.walk, me.speed.fly, self.n_watchers,
                   int(self.jumper), int(me.size is Size.TINY), me.strength or 0,
                   max(0, 3 + me.strength_modifier), int(bool(self.landing_checks())))
        directions = array("i", [d for dc, dr in self._directions()
                                 for d in (dc, dr, self._extent(dc, dr))])
        return compiled.Native(numbers, self.speed, self._ground_modes, flat.grid, flat.col,
                               flat.row, flat.ground, flat.ceil, flat.terrain, flat.sides,
                               flat.shapes, flat.corners, offsets, others, occ_start, occ,
                               watchers, watch_cells, directions, positions, len(board.coords))

    def _kernel_landing(self, pos: int) -> tuple[int, int, bool]:
        """A walk off a ledge into the place at ``pos`` (``Native``): where the fall ends, the
        flags it sets, and whether a hostile's space there refuses it (``_drop``,
        ``_landing_refusal``)."""
        place = self.place(pos)
        assert place is not None
        refused = self._landing_refusal(place, False) is not None
        end, sets, _events = self._drop(place, False)
        return end.pos, sets, refused

    def _kernel_jumps(self, pos: int) -> tuple[tuple[Any, ...], ...]:
        """A jumper's jumps from the place on the ground at ``pos``, standing (D-jump): each
        (landing position, cost, cost with the dmg parity, bits, threats of the places it
        passes, the landing last), for ``StepTable``."""
        known = self._jumps.get(pos)
        if known is None:
            place = self.place(pos)
            assert place is not None
            known = self._jumps[pos] = self._jumps_from(place)
        found = []
        for jump in known:
            cost, _b, _c, flip = self._jump_cost(jump, 0, 0, 0)
            cost_parity = self._jump_cost(jump, 0, 0, PARITY)[0]
            bits = ((_J_HIGH if jump.name.startswith("jump-up:") else 0)
                    | (_J_CHECKED if jump.checks else 0)
                    | (_J_STANDING if jump.standing else 0) | (_J_FLIP if flip else 0))
            found.append((jump.dst.pos, cost, cost_parity, bits,
                          tuple(p.threat for p in jump.chain)))
        return tuple(found)

    def _kernel_fill(self, key: int) -> tuple[int, int, int, tuple[Edge, ...],
                                              tuple[tuple[Any, ...], ...], int]:
        """What the compiled search needs of a place and posture (``StepTable``): its threat,
        standing up, the edges of ``_edges_from`` and the jumps of ``_jump_steps``, in their
        order, as ints, and whether a move may end there."""
        pos, prone = divmod(key, 2)
        place = self.place(pos)
        if place is None:  # pragma: no cover - a search only meets places that fit
            return 0, -1, 0, (), (), 0
        mode = self.stand_mode(place)
        speed = self.speed[mode]
        stand = speed * self.scale // 2 if speed else -1
        edges = self._edges_from(place, bool(prone))  # read as they are by ``StepTable``
        jumps: tuple[tuple[Any, ...], ...] = ()
        if self.jumper and not prone and place.kind == GROUND:
            jumps = self._kernel_jumps(pos)
        others = [self.others[i] for i in place.occupants]
        crowded = bool(others) and not (self.me.size is Size.TINY and len(others) <= 3 and all(
            o.size is Size.TINY for o in others))  # as ``end_problem``, but for the start
        return place.threat, stand, speed * self.scale, edges, jumps, int(crowded)

    def _native_table(self) -> Any:
        """The compiled table's maker of places (``_kernel5e.Native``), None where no compiled
        search made one for these tables."""
        table = self.tables.step_table
        return None if table is None else table.native


class _KernelSteps:
    """A settled state's step from the kind the compiled search recorded (``search.StepKinds``):
    its move from the kind and the place reached, its checks from the kind, its events from the
    state it left as well (the hostiles it provoked, a fall's, a jump's)."""

    def __init__(self, space: CompiledSpace):
        self.space = space
        self.settled: SettledArrays | None = None

    def kernel_move(self, kind: int, target: int) -> str:
        space = self.space
        if kind >= _KIND_JUMP:
            jump = kind - _KIND_JUMP
            anchor = space.place_of(target).anchor
            name = ("jump-up:" if jump & _J_HIGH else "jump:") + space.board.labels[anchor]
            return "dash " + name if jump & 4 else name
        if kind >= _KIND_STAND:
            return "stand" if kind == _KIND_STAND else "dash stand"
        suffix = kind % _KIND_DASH
        if suffix >= 3:
            name = _SUFFIXES[suffix]
        else:
            pos = (target >> LOW_BITS) >> space.n_watchers
            name = space.board.labels[pos // space.levels] + _SUFFIXES[suffix]
        return "dash " + name if kind >= _KIND_DASH else name

    def kernel_moves(self, codes: Sequence[int], kinds: Sequence[int]) -> list[str]:
        move = self.kernel_move
        return [move(kind, code) for code, kind in zip(codes, kinds, strict=True)]

    def kernel_checks(self, kind: int) -> tuple[Save, ...]:
        if kind < _KIND_JUMP or not (kind - _KIND_JUMP) & _J_CHECKED:
            return NO_CHECKS
        return self.space.landing_checks()

    def kernel_step(self, kind: int, target: int, cost: int) -> StepTuple:
        settled = self.settled
        assert settled is not None
        i = settled.index(target)
        return self.step_from(kind, settled.codes[settled.parents[i]], target, cost)

    def step_from(self, kind: int, source: int, target: int, cost: int) -> StepTuple:
        """The step of ``kind`` from ``source`` to ``target``, as ``Dnd5eSpace.steps`` made it."""
        space = self.space
        name = self.kernel_move(kind, target)
        if kind in (_KIND_STAND, _KIND_DASH_STAND):
            return (name, target, cost, NO_CHECKS, NO_EVENTS)
        new = ((target & ~source) >> LOW_BITS) & space.watch_mask
        place = space.place_of(source)
        if kind >= _KIND_JUMP:
            bare = name.removeprefix("dash ")
            jumps = space._jumps.get(place.pos)
            if jumps is None:  # made in C for the search (``_kernel5e.Native``)
                jumps = space._jumps[place.pos] = space._jumps_from(place)
            jump = next(j for j in jumps if j.name == bare)
            events = (space._attacks(new) if new else NO_EVENTS) + (
                jump.events[source & RUN_MASK == RUN_UP],)
            checks = space.landing_checks() if jump.checks else NO_CHECKS  # said now
            return (name, target, cost, checks, events)
        # a walk off a ledge ends below the space it steps into: its fall's event (``_drop``);
        # the step's level change is its suffix's
        levels = space.levels
        end = (target >> LOW_BITS) >> space.n_watchers
        into = (end // levels) * levels + place.z + _SUFFIX_RISE[kind % _KIND_DASH] \
            - space.board.bottom
        fell = NO_EVENTS
        if into != end:
            stepped = space.place(into)
            assert stepped is not None
            fell = space._drop(stepped, bool(source & PRONE))[2]
        return (name, target, cost, NO_CHECKS, space._attacks(new) + fell if new else fell)


class CompiledSettled(SettledArrays):
    """``SettledArrays`` whose steps are made from the state they leave, known by index."""

    def __init__(self, start: int, codes: Sequence[int], priorities: Sequence[int],
                 parents: Sequence[int], kinds: Sequence[int], steps: _KernelSteps):
        super().__init__(start, codes, priorities, parents, kinds, steps)
        steps.settled = self
        self._made = steps

    def _step(self, i: int) -> Step:
        p = self.parents[i]
        cost = self.priorities[i] // CHECK_SLOTS - self.priorities[p] // CHECK_SLOTS
        return Step._make(self._made.step_from(self.kinds[i], self.codes[p], self.codes[i], cost))
