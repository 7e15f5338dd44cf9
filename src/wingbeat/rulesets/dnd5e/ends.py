"""Where a ``dnd5e`` turn may end and what is left to do there (D-creatures, D-turn).

``grid_reach`` and ``grid_path`` choose among the states a search settled: ``end_key`` merges
the states that describe the same end, ``end_problem`` refuses an end in another creature's
space, ``actions`` and ``opportunity_attacks`` rank equally cheap ways (``grid.way_rank``), and
``kernel_ends`` makes the same choice in C for a compiled search.
"""

from __future__ import annotations

from collections.abc import Sequence

from ... import kernel
from ...search import SettledArrays
from ._messages import _
from .codes import ACTION, FALLING, FLAG_MASK, INTERACT, LOW_BITS, PRONE
from .compiled import CompiledSettled, CompiledSpace
from .model import Size

__all__ = ["EndSpace"]


class EndSpace(CompiledSpace):
    """The end states of a creature's turn, on top of its searches."""

    def end_key(self, code: int) -> int:
        """Codes that describe the same end state share this key (turn-only flags dropped: the
        action, Dash, the provoked reactions; ``grid.way_rank`` prefers the way that keeps them)."""
        return (((code >> LOW_BITS) >> self.n_watchers) << 2) | (code & PRONE) | (
            2 if code & FALLING else 0)

    def opportunity_attacks(self, code: int) -> int:
        """How many opportunity attacks the ways to this state drew: one per provoked hostile,
        whose bit the state carries (D-creatures)."""
        return ((code >> LOW_BITS) & self.watch_mask).bit_count()

    def end_problem(self, code: int) -> tuple[str, str] | None:
        native = self._native_table()
        if native is not None and not native.fact((code >> LOW_BITS) >> self.n_watchers) & 128:
            return None  # no other creature's space there (the compiled table's ``crowded``)
        place = self._place_of(code)
        if not place.occupants:
            return None
        if place.pos == self._start_pos and (code & FALLING or not any(self.speed)):
            return None  # it cannot move: staying where a fall put it is not a willing end
        others = [self.others[i] for i in place.occupants]
        if self.me.size is Size.TINY and len(others) <= 3 and all(
                o.size is Size.TINY for o in others):
            return None  # four Tiny creatures fit in one space (D-size)
        who = ", ".join(o.display_name for o in others)
        return ("D-creatures", _("{name} may not end its move in another creature's space "
                                 "({others}, at {label})").format(
            name=self.name, others=who, label=self.board.labels[place.anchor]))

    def actions(self, code: int, spent: int) -> tuple[str, ...]:
        """What the creature can still do this turn; ``attack`` means its action is unused."""
        del spent
        if not self.can_act:
            return ()
        flags = code & FLAG_MASK
        kinds = []
        if not flags & ACTION:
            kinds.append("attack")
        kinds.append("bonus-action")
        if not flags & INTERACT or not flags & ACTION:
            kinds.append("object-interaction")
        kinds.append("reaction")
        return tuple(kinds)

    def kernel_ends(self, found: SettledArrays) -> tuple[Sequence[int], Sequence[int],
                                                         Sequence[int]] | None:
        """``grid_reach``'s choice of end states, read off the compiled search's arrays in C
        (the same ``end_problem``, ``end_key`` and ``way_rank``: ``actions`` and
        ``opportunity_attacks`` read the code alone); None for a search that did not run there."""
        compiled = kernel.compiled5e
        table = self.tables.step_table
        if compiled is None or table is None or not isinstance(found, CompiledSettled):
            return None
        picked: tuple[Sequence[int], Sequence[int], Sequence[int]] | None = compiled.dnd5e_ends(
            table, found.codes, found.priorities, self.n_watchers, self._start_pos,
            not any(self.speed), self.can_act)
        return picked
