"""The reach as a tree of cheapest predecessors: what a page needs to draw the way to any place
under the pointer without asking the server again (issue 26, the drag preview).

For every place (a cell, at one altitude or the best over all altitudes) the tree holds the end
state ``path`` would choose for it, and the chain of steps back to the start; nothing else. It is
made from the same search, and chooses by the same order (``way_rank``: cheapest, then fewest
checks, then the attack kept, then the fewest opportunity attacks; then the state settled first,
as ``path``'s ``min`` does), so the way it gives to a place *is* ``wingbeat path`` to it: one
legality function, read three ways.

Its arrays are flat and typed, and ``to_bytes`` writes them in the documented binary layout
(docs/json.md, "The reach tree"), which ``web/static/reachtree.js`` decodes in the page.
"""

from __future__ import annotations

import json
import struct
from array import array
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from .._records import dataclass
from ..model import Save, format_cost
from ..search import CHECK_SLOTS, Exploration, SettledArrays, explore
from .grid import GridSpace, _Ends

__all__ = ["FORMAT", "MAGIC", "VERSION", "ReachTree", "grid_tree"]

#: The first four bytes of an encoded tree, and its layout's version.
MAGIC = b"WBRT"
VERSION = 1
FORMAT = "wingbeat-reach-tree"

#: The place flag that says the way keeps the attack (``can_act``).
CAN_ACT = 1

#: How each array is typed in the binary layout: its code, its ``array`` type, its width.
_TYPES = {"u8": ("B", 1), "u16": ("H", 2), "i32": ("i", 4), "u32": ("I", 4)}


@dataclass(frozen=True, eq=False)
class ReachTree:
    """The cheapest way to every place of a reach, as a tree of steps (see the module).

    Nodes are states of the search, in the order it settled them (so a node's parent comes
    before it, and the start, node 0, has none): ``parent`` (-1 for the start), ``token`` (its
    step's notation, an index into ``strings``; the start's is ``""``, string 0) and ``ticks``
    (the running cost, in ticks: the cost is ``ticks × tick`` in ``unit``). Places, cheapest
    first: ``label`` (an index into ``strings``), ``node`` (the end of its way), ``flags``
    (``CAN_ACT``), ``checks`` (an index into ``check_lists``: the saves of the way, in order)
    and ``end`` (an index into ``ends``: the end state's fields but its ``at``).

    The arrays are ``array.array`` values: do not change them (the tree is a value).
    """

    ruleset: str
    creature: str
    unit: str
    tick: Fraction
    budget: int  # ticks
    altitude: int | None  # the altitude of every place; None: the best over all altitudes
    no_checks: bool
    strings: tuple[str, ...]
    check_lists: tuple[tuple[dict[str, Any], ...], ...]
    ends: tuple[dict[str, Any], ...]
    parent: array[int]
    token: array[int]
    ticks: array[int]
    label: array[int]
    node: array[int]
    flags: bytes
    checks: array[int]
    end: array[int]

    def __len__(self) -> int:
        """How many places it answers for."""
        return len(self.label)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ReachTree):
            return NotImplemented
        return self.to_bytes() == other.to_bytes()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        at = "all altitudes" if self.altitude is None else f"altitude {self.altitude}"
        return (f"ReachTree({self.ruleset} {self.creature!r} at {at}: {len(self)} places, "
                f"{len(self.parent)} nodes)")

    def places(self) -> list[str]:
        """Every place's label, cheapest first."""
        strings = self.strings
        return [strings[i] for i in self.label]

    def cost(self, ticks: int) -> Fraction:
        return ticks * self.tick

    def way_to(self, place: str) -> dict[str, Any] | None:
        """The way to ``place`` as ``path``'s JSON says it: ``moves`` (the notation ``check``
        takes), ``cost`` (exact, ``"7/2"``), ``can_act``, ``checks`` and ``end``; None when the
        place is out of reach."""
        strings = self.strings
        for p, index in enumerate(self.label):
            if strings[index] == place:
                return self._way(p)
        return None

    def _way(self, p: int) -> dict[str, Any]:
        moves: list[str] = []
        n = self.node[p]
        while self.parent[n] >= 0:
            moves.append(self.strings[self.token[n]])
            n = self.parent[n]
        moves.reverse()
        at = self.strings[self.label[p]]
        return {"moves": " ".join(moves),
                "cost": format_cost(self.cost(self.ticks[self.node[p]])),
                "can_act": bool(self.flags[p] & CAN_ACT),
                "checks": [dict(c) for c in self.check_lists[self.checks[p]]],
                "end": {"at": at, **self.ends[self.end[p]]}}

    def header(self, check_lists: Sequence[Sequence[dict[str, Any]]] | None = None
               ) -> dict[str, Any]:
        """The binary layout's JSON header (without ``arrays``): ``check_lists`` may replace the
        saves' dicts with richer ones (the web adds the sentences it says them with)."""
        return {
            "format": FORMAT, "version": VERSION,
            "ruleset": self.ruleset, "creature": self.creature, "unit": self.unit,
            "tick": format_cost(self.tick), "budget": format_cost(self.cost(self.budget)),
            "budget_ticks": self.budget, "altitude": self.altitude,
            "no_checks": self.no_checks, "nodes": len(self.parent), "places": len(self.label),
            "strings": list(self.strings),
            "checks": [list(c) for c in (self.check_lists if check_lists is None
                                         else check_lists)],
            "ends": list(self.ends),
        }

    def to_bytes(self, check_lists: Sequence[Sequence[dict[str, Any]]] | None = None) -> bytes:
        """The documented binary layout (docs/json.md): ``WBRT``, the version and the header's
        length (little-endian u32 each), the header (UTF-8 JSON, padded with spaces to a multiple
        of 4 bytes), then each array the header lists, little-endian, each starting on a multiple
        of 4 bytes (zero padding)."""
        columns: list[tuple[str, str, Sequence[int]]] = [
            ("parent", "i32", self.parent),
            ("token", _narrowest(self.token), self.token),
            ("ticks", _narrowest(self.ticks), self.ticks),
            ("label", _narrowest(self.label), self.label),
            ("node", _narrowest(self.node), self.node),
            ("flags", "u8", self.flags),
            ("checks", _narrowest(self.checks), self.checks),
            ("end", _narrowest(self.end), self.end),
        ]
        head = self.header(check_lists)
        head["arrays"] = [{"name": name, "type": kind, "length": len(values)}
                          for name, kind, values in columns]
        text = json.dumps(head, ensure_ascii=False, separators=(",", ":")).encode()
        text += b" " * (-len(text) % 4)
        out = bytearray(MAGIC + struct.pack("<II", VERSION, len(text)) + text)
        for _name, kind, values in columns:
            code, _width = _TYPES[kind]
            data = array(code, values)
            if struct.pack("=H", 1) != struct.pack("<H", 1):  # a big-endian machine
                data.byteswap()
            out += data.tobytes()
            out += b"\0" * (-len(out) % 4)
        return bytes(out)


def _narrowest(values: Sequence[int]) -> str:
    """The narrowest unsigned type that holds every value (none is negative)."""
    top = max(values, default=0)
    return "u8" if top < 1 << 8 else "u16" if top < 1 << 16 else "u32"


def grid_tree(space: GridSpace, *, altitude: int | None = None,
              avoid_checks: bool = False) -> ReachTree:
    """The reach tree of ``space``'s round: for every place at ``altitude`` (every cell, best
    over all altitudes, when None), the end state ``grid_path`` would choose for it, and the way
    there.

    The search is the reach's (``explore`` without a goal): ``grid_path`` stops it once the
    goal's cheapest bucket is done, but the states settled up to there, their order and their
    parents are the same. Of the end states ``grid_reach`` keeps (the best way to each, by
    ``way_rank``), a place takes the best by ``way_rank``, then the first settled: the state
    ``grid_path``'s ``min`` over its hits in settling order takes.
    """
    found = explore(space, avoid_checks=avoid_checks)
    ends = _Ends(space, found)
    codes = ends.codes()
    described = ends.described()
    actions = ends.actions()
    settled = _Settled(found)
    where = ends.ways() or [settled.index(code) for code in codes]
    drawn: Callable[[int], int] | None = getattr(space, "opportunity_attacks", None)

    chosen: dict[str, tuple[tuple[int, int, int, int], int]] = {}  # place → (rank, end state)
    for e, state in enumerate(described):
        if altitude is not None and state.get("altitude") != altitude:
            continue
        i = where[e]
        rank = (settled.priority(i), 0 if "attack" in actions[e] else 1,
                0 if drawn is None else drawn(codes[e]), i)
        place = str(state["at"])
        old = chosen.get(place)
        if old is None or rank < old[0]:
            chosen[place] = (rank, e)
    picked = sorted(chosen.values())  # cheapest first, as reach lists them

    # the nodes: every state on the way to a chosen end state, in settling order
    needed: set[int] = set()
    for _rank, e in picked:
        i = where[e]
        while i not in needed:
            needed.add(i)
            p = settled.parent(i)
            if p < 0:
                break
            i = p
    order = sorted(needed)
    node_of = {i: n for n, i in enumerate(order)}
    strings: dict[str, int] = {"": 0}

    def string(text: str) -> int:
        known = strings.get(text)
        if known is None:
            known = strings[text] = len(strings)
        return known

    moves = settled.moves(order)
    parent = array("i", [node_of[settled.parent(i)] if settled.parent(i) >= 0 else -1
                         for i in order])
    token = array("i", [0 if parent[n] < 0 else string(moves[n]) for n in range(len(order))])
    ticks = array("i", [settled.priority(i) // CHECK_SLOTS for i in order])

    check_lists: dict[tuple[Save, ...], int] = {(): 0}
    end_list: dict[str, int] = {}
    ends_out: list[dict[str, Any]] = []
    label, node, flags, checks, end = array("i"), array("i"), bytearray(), array("i"), array("i")
    for _rank, e in picked:
        i = where[e]
        state = described[e]
        label.append(string(str(state["at"])))
        node.append(node_of[i])
        flags.append(CAN_ACT if "attack" in actions[e] else 0)
        way = settled.checks(i)
        checks.append(check_lists.setdefault(way, len(check_lists)))
        rest = {k: v for k, v in state.items() if k != "at"}
        key = json.dumps(rest, sort_keys=True)
        if key not in end_list:
            end_list[key] = len(ends_out)
            ends_out.append(rest)
        end.append(end_list[key])
    return ReachTree(
        ruleset=space.ruleset, creature=space.creature, unit=space.unit, tick=space.tick,
        budget=space.budget, altitude=altitude, no_checks=avoid_checks,
        strings=tuple(strings), check_lists=tuple(tuple(c.to_dict() for c in way)
                                                  for way in check_lists),
        ends=tuple(ends_out), parent=parent, token=token, ticks=ticks, label=label, node=node,
        flags=bytes(flags), checks=checks, end=end)


class _Settled:
    """The search's settled states by settling index, whichever search ran: the compiled
    kernel's arrays, or the pure search's dicts (in settling order)."""

    def __init__(self, found: Exploration):
        self.found = found
        self.arrays = found if isinstance(found, SettledArrays) else None
        self._codes: list[int] = [] if self.arrays is not None else list(found.priority)
        self._at: dict[int, int] = {}
        self._prio: list[int] = []
        self._kind_checks: list[tuple[Save, ...]] = []
        self._checks: dict[int, tuple[Save, ...]] = {}
        if self.arrays is None:
            self._at = {code: i for i, code in enumerate(self._codes)}
            self._prio = list(found.priority.values())

    def index(self, code: int) -> int:
        return self.arrays.index(code) if self.arrays is not None else self._at[code]

    def priority(self, i: int) -> int:
        return int(self.arrays.priorities[i]) if self.arrays is not None else self._prio[i]

    def parent(self, i: int) -> int:
        if self.arrays is not None:
            return int(self.arrays.parents[i])
        link = self.found.parent[self._codes[i]]
        return -1 if link is None else self._at[link[0]]

    def moves(self, order: Sequence[int]) -> list[str]:
        """The notation of the step into each of the states ``order`` names ('' for the start)."""
        if self.arrays is not None:
            a = self.arrays
            kinds = [a.kinds[i] for i in order]
            targets = [a.codes[i] for i in order]
            made = a._steps.kernel_moves(targets, kinds)
            return [m if a.parents[i] >= 0 else "" for m, i in zip(made, order, strict=True)]
        parent = self.found.parent
        out = []
        for i in order:
            link = parent[self._codes[i]]
            out.append("" if link is None else link[1][0])
        return out

    def step_checks(self, i: int) -> tuple[Save, ...]:
        if self.arrays is not None:
            a = self.arrays
            return a._steps.kernel_checks(a.kinds[i]) if a.parents[i] >= 0 else ()
        link = self.found.parent[self._codes[i]]
        return () if link is None else link[1][3]

    def checks(self, i: int) -> tuple[Save, ...]:
        """The saves of the way to settled state ``i``, in order (walked once a state)."""
        known = self._checks.get(i)
        if known is not None:
            return known
        chain = []
        j = i
        while j >= 0 and j not in self._checks:
            chain.append(j)
            j = self.parent(j)
        before = self._checks.get(j, ()) if j >= 0 else ()
        for k in reversed(chain):
            more = self.step_checks(k)
            before = before + more if more else before
            self._checks[k] = before
        return before
