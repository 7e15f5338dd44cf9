"""One creature's turn under ``dnd5e``: packed states, legal steps, and why a step is refused.

This is the one legality function of the ruleset: ``reach``, ``path`` and ``check`` all ask
``Dnd5eSpace.steps``. A state packs into one int::

    code = (((position << hostiles) | provoked) << LOW_BITS) | (c << 19) | (b << 9) | flags

``position`` is the footprint's north-west space and altitude (whether it squeezes, D-size,
follows from there); ``provoked`` has a bit per hostile whose reaction this turn's movement has
already drawn (D-creatures); ``b`` and ``c`` count the two- and three-axis steps (times their
cost multiplier) for ``euclid`` diagonals; the flags carry prone, the action (used, Dash,
Disengage), the free object interaction, the ``dmg`` diagonal parity, a fall still under way
(XGtE) and a jumper's run-up (D-jump: the steps just walked on foot, 0, 1 or 2). Costs are
ticks of 1 ft (½ ft when a speed is odd, so that standing up costs exactly half of it).
"""

from __future__ import annotations

import threading
from array import array
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import pairwise
from math import isqrt
from typing import Any

from ... import kernel
from ...errors import NotationError
from ...geometry.hexgrid import Direction, Hex, hex_text_window
from ...geometry.labels import split_label
from ...geometry.squaregrid import (
    Compass,
    DiagonalRule,
    Square,
    compare_root_sum,
    grid_distance,
    round_root_sum,
    square_text_window,
)
from ...model import Save, format_amount, format_cost
from ...narrate import event_text
from ...search import (
    CHECK_SLOTS,
    MAX_STATES,
    Exploration,
    SettledArrays,
    StateEstimate,
    Step,
    StepTuple,
    refuse_too_large,
    too_many_states,
)
from .board import Board, Move, footprint_offsets, shared_board
from .falling import Fall, fall
from .model import (
    NO_ACTION,
    NO_REACTION,
    SPEED_ZERO,
    Dnd5eBattle,
    Dnd5eCreature,
    Dnd5eOptions,
    GridKind,
    Size,
    Units,
)

__all__ = [
    "ACTION",
    "DASHED",
    "DISENGAGED",
    "FALLING",
    "INTERACT",
    "KEYWORDS",
    "MODES",
    "MODE_WORDS",
    "PRONE",
    "Dnd5eSpace",
    "Place",
    "Tables",
    "Way",
    "altitude_words",
    "shared_tables",
]

PRONE = 1 << 0
ACTION = 1 << 1  # the action is used (an attack, a spell … or Dash / Disengage)
DASHED = 1 << 2
DISENGAGED = 1 << 3
INTERACT = 1 << 4  # the free object interaction is used (D-interact)
PARITY = 1 << 5  # dmg: an odd number of diagonal steps so far this turn
FALLING = 1 << 6  # XGtE: still falling at the end of this turn's drop
RUN_SHIFT = 7  # D-jump: steps just walked on foot (0, 1, 2 or more: a run-up), for jumpers only
RUN_MASK = 3 << RUN_SHIFT
RUN_UP = 2 << RUN_SHIFT  # two steps on foot (10 ft) just before: a running jump
FLAG_BITS = 9
FLAG_MASK = (1 << FLAG_BITS) - 1
EU_BITS = 10
EU_MASK = (1 << EU_BITS) - 1
LOW_BITS = FLAG_BITS + 2 * EU_BITS

WALK, FLY, CLIMB, SWIM, BURROW = range(5)
MODES = ("walk", "fly", "climb", "swim", "burrow")
GROUND, AIR, UNDER = range(3)

KEYWORDS = ("up", "down", "prone", "stand", "dash", "disengage", "action", "interact")
_JUMPS = ("jump:", "jump-up:")  # D-jump: jump:E5 (long), jump-up:C5 (high), named by the landing
_HEX_DIRECTIONS = tuple(d.delta for d in Direction)
_SQUARE_DIRECTIONS = tuple(d.delta for d in Compass)
_NO_CHECKS: tuple[Save, ...] = ()
_NO_EVENTS: tuple[dict[str, Any], ...] = ()


@dataclass(frozen=True, slots=True)
class Place:
    """A footprint position: its spaces, whether it squeezes, and what is there."""

    pos: int
    anchor: int
    z: int
    squeezed: bool
    cells: tuple[int, ...]
    height: int
    landing: int  # the ground level of this footprint (highest ground under it)
    kind: int  # GROUND, AIR or UNDER
    water: bool
    climbable: bool
    difficult: bool  # difficult terrain or another creature's space (D-terrain)
    occupants: tuple[int, ...]  # indices of other creatures whose space this overlaps
    threat: int  # bit per hostile whose reach this is within


@dataclass(frozen=True, slots=True)
class Way:
    """One legal way to make a move: its speed, cost multiplier and whether terrain slowed it;
    ``foot``: a step walked on the ground, which counts towards a jump's run-up (D-jump)."""

    mode: int
    multiplier: int
    difficult: bool
    foot: bool = False


@dataclass(frozen=True, slots=True)
class _Jump:
    """A jump with room (D-jump), whatever the movement left: its name, where it lands, the
    places it passes (the landing last: for opportunity attacks), how many spaces it covers along
    its line and how many axes each changes, the levels it rises, its landing check, whether it
    needs no run-up, and its event standing and running."""

    name: str
    dst: Place
    chain: tuple[Place, ...]
    squares: int
    axes: int
    rise: int
    checks: tuple[Save, ...]
    standing: bool
    events: tuple[dict[str, Any], dict[str, Any]]


#: A state in a pruning front: (spent, Dash bit, b, c, ``_residue_bracket(b, c)``).
_Front = tuple[int, int, int, int, int]
_RESIDUE_BITS = 48


@cache
def _residue_bracket(b: int, c: int) -> int:
    """``R`` with ``R ≤ (b√2 + c√3 − round(b√2 + c√3))·2⁴⁸ < R + 2``, in integers only."""
    scale = 1 << _RESIDUE_BITS
    return (isqrt(2 * b * b * scale * scale) + isqrt(3 * c * c * scale * scale)
            - round_root_sum(b, c) * scale)


def _residue_at_most(a: _Front, z: _Front) -> bool:
    """Whether the ``euclid`` rounding residue of ``a`` is no larger than that of ``z``, exactly:
    the integer brackets decide unless they overlap; then ``compare_root_sum`` does."""
    if a[2] == z[2] and a[3] == z[3]:
        return True
    if a[4] + 2 <= z[4]:
        return True
    if z[4] + 2 <= a[4]:
        return False
    shift = round_root_sum(a[2], a[3]) - round_root_sum(z[2], z[3])
    return compare_root_sum(a[2] - z[2], a[3] - z[3], shift) <= 0


_REFUSED = ("", "")  # a refusal the searches need not word (see ``Dnd5eSpace._ways``)


@cache
def _way(mode: int, multiplier: int, difficult: bool, foot: bool = False) -> Way:
    """The one ``Way`` of these values (frozen, so shared)."""
    return Way(mode, multiplier, difficult, foot)


#: A way to make a move, ready for ``steps``: (name, "dash " + name, the high bits of the
#: destination state (its position, shifted past the provoked and low bits, with the flags a fall
#: sets), destination threat, axes, multiplier, paying speed in ticks, ticks at 5 ft a square, on
#: foot, events of a fall): a walk off a ledge lands prone if it takes damage (D-fly). A move
#: made several ways (walked or flown) has an edge for each, in the order of its ways.
_Edge = tuple[str, str, int, int, int, int, int, int, bool, tuple[dict[str, Any], ...]]
_NEVER = 1 << 62  # no state without Dash yet


class Tables:
    """What a creature's space works out per place and per move, whatever the movement left:
    footprints, room, edges, landings, jumps. It depends only on the battle (map, creatures where
    they stand, options) and the creature, so every query on them shares one (``shared_tables``):
    a second reach on the page, a path after a reach, the replay of a found path. Nothing in it
    depends on a search's progress (the pruning fronts stay with each space).

    Every table is keyed by a small int, for a compiled search to index flat arrays the same way:
    ``spans`` by anchor cell (four altitudes: ``_span``), ``places`` by position (anchor × levels
    + altitude − bottom), ``edges`` by position × 2 + prone; an edge (``_Edge``) is ints but for
    its two names (the move's, from the board) and a fall's events."""

    def __init__(self, battle: Dnd5eBattle):
        self.map = battle.map  # kept: the cache's key holds their ids
        self.creatures = battle.creatures
        self.places: dict[int, Place | None] = {}
        self.room: dict[tuple[int, int, bool], str | None] = {}
        self.spans: dict[int, tuple[int, int, int, int]] = {}
        self.edges: dict[int, tuple[_Edge, ...]] = {}
        self.landings: dict[int, tuple[Place, Fall]] = {}
        self.way_sets: dict[tuple[tuple[int, ...], int, bool, bool], tuple[Way, ...]] = {}
        self.plans: dict[int, tuple[tuple[int, int, int, bool], ...]] = {}  # by id(ways)
        self.jumps: dict[int, tuple[_Jump, ...]] = {}
        self.tops: dict[int, int | None] = {}
        # the same steps in flat C arrays for the compiled search (``_kernel5e.StepTable``),
        # filled as searches meet places (in C, ``_kernel5e.Native``); None until a compiled
        # search runs
        self.step_table: Any = None

    def held(self) -> int:
        """The places these tables hold, in Python or in the compiled table (about 5 kB and 1 kB
        each): what ``shared_tables`` weighs."""
        table = self.step_table
        return len(self.places) + (table.places if table is not None else 0)


_TablesKey = tuple[int, int, str, Dnd5eOptions]
_TABLES: OrderedDict[_TablesKey, Tables] = OrderedDict()
#: tables kept: the last few creatures' (a page asks about one creature at a time, then the
#: next), and of the older ones only as many as hold ``_TABLES_PLACES`` places together
#: (``Tables.held``): a place with its edges costs about 5 kB in Python, 1 kB in the compiled
#: table (a fly 60 reach on an open map fills 34,000 places; ``example:harpy``'s harpy 4,700)
_TABLES_KEPT = 4
_TABLES_PLACES = 40_000
_TABLES_LOCK = threading.Lock()


def shared_tables(battle: Dnd5eBattle, creature_id: str) -> Tables:
    """The ``Tables`` of ``creature_id`` on ``battle``, made once for the map, creatures and
    options objects it has (a query option makes a new battle with the same map and creatures).
    """
    key = (id(battle.map), id(battle.creatures), creature_id, battle.options)
    with _TABLES_LOCK:
        tables = _TABLES.get(key)
        if (tables is not None and tables.map is battle.map
                and tables.creatures is battle.creatures):
            _TABLES.move_to_end(key)
            return tables
        tables = _TABLES[key] = Tables(battle)
        while len(_TABLES) > _TABLES_KEPT or (
                len(_TABLES) > 1 and sum(t.held() for t in _TABLES.values())
                > _TABLES_PLACES):
            _TABLES.popitem(last=False)
        return tables


class Dnd5eSpace:
    """The legal steps of one creature's turn on a ``dnd5e`` battlefield.

    ``full_notation`` (for ``check``) offers every token of the notation. The searches leave out
    the tokens that never change where the creature can go or at what cost (``action``,
    ``disengage``, ``interact``, ``prone``: dropping prone is no movement, and a deliberate fall
    is not a way to go), and take Dash on the step that
    first needs it: that step is named ``dash C9``, two tokens ``check`` reads the same way.

    ``board``: a ``Board`` already built for this map and diagonal rule, to share (optional).

    ``prune`` (on for the searches) drops a step to a state that another state already generated
    for the same place dominates: no more spent, no Dash where it had none, and (``euclid``) no
    larger rounding residue, so everything after costs it no more (exact comparison, no floats).
    """

    ruleset = "dnd5e"
    half = None  # no half-move action: a turn's movement is one budget (D-speed)
    #: a settled state costs about 6.4 kB while searching in Python (its place's footprint,
    #: edges and fronts are kept per place) and 8.2 kB with the reach and its JSON
    #: (benchmarks/memory.py): this cap keeps a pure search near 1 GB (docs/limits.md). The
    #: compiled search makes its tables in C: about 0.95 kB a state searching, tables included,
    #: 2.4 kB with the reach and its JSON (about 145 and 360 MB at the cap); its own arrays hold
    #: about 115 bytes a settled state (benchmarks/dnd5e.py, docs/performance.md). Both refuse
    #: the same queries
    max_states = 150_000

    def __init__(self, battle: Dnd5eBattle, creature_id: str, *, full_notation: bool = True,
                 prune: bool | None = None, board: Board | None = None):
        self.battle = battle
        me = battle.creature(creature_id)
        self.me = me
        self.creature = me.id
        self.name = me.display_name
        self.full = full_notation
        self.prune = not full_notation if prune is None else prune
        self._fronts: dict[int, list[_Front]] = {}
        self._best: dict[int, tuple[int, int]] = {}  # least spent without and with Dash
        self._pruning: Any = None  # ``_best`` of the compiled searches (``_kernel5e.Pruning``)
        self.options = battle.options
        self.rule = battle.options.diagonals
        grid = battle.map.grid
        self.offsets = footprint_offsets(grid, me.size)
        self.small_offsets = (footprint_offsets(grid, Size(tuple(Size)[me.size.rank - 1]))
                              if me.size.rank >= Size.LARGE.rank else None)
        self.height = me.size.levels
        self.small_height = max(1, self.height - 1)
        speeds = me.speed
        zero = me.speed_zero
        self.speed = tuple(0 if zero else s for s in
                           (speeds.walk, speeds.fly, speeds.climb, speeds.swim, speeds.burrow))
        self.scale = 2 if any(s % 2 for s in self.speed) else 1
        self.metric = battle.options.units is Units.M
        self.unit = "m" if self.metric else "ft"
        self.tick = Fraction(3, 10 * self.scale) if self.metric else Fraction(1, self.scale)
        self.can_act = not (me.conditions & NO_ACTION)
        # hovering is what the creature can do, not what its speed is now: a grappled beholder
        # (speed 0) still hovers and does not fall (D-fly); a grappled burrower is still where
        # it dug to, under the ground (it has room there, it cannot move)
        self.hover = me.hover and me.speed.fly > 0
        self.burrower = me.speed.burrow > 0
        # D-jump: a creature with a Strength score jumps, on foot (its walking speed pays)
        self.jumper = me.strength is not None and self.speed[WALK] > 0
        self.budget = max(self.speed) * self.scale * (2 if self.can_act else 1)
        if self.prune:  # a space for a search: refuse a query too large before the board
            refuse_too_large(self.estimate(watchers=0), self.max_states)
        # a board depends only on the map and the diagonals: a caller that builds many spaces
        # on one map (the play engine) may pass the one it built
        reuse = board is not None and board.map is battle.map and board.rule is self.rule
        self.board = (board if reuse and board is not None
                      else shared_board(battle.map, self.rule))
        self.levels = self.board.levels
        self._index_others()
        # what is worked out per place, kept for every query on this battle and creature
        tables = self.tables = shared_tables(battle, me.id)
        self._jumps = tables.jumps
        self._tops = tables.tops
        self._places = tables.places
        self._room = tables.room
        self._spans = tables.spans
        self._edges = tables.edges
        self._landings = tables.landings
        self._way_sets = tables.way_sets
        # a step along the ground: walked, and flown at ground level by a creature with a fly
        # speed (D-fly); a creature with no walking speed only flies it
        self._ground_modes: tuple[int, ...] = (
            ((WALK,) if self.speed[WALK] or not self.speed[FLY] else ())
            + ((FLY,) if self.speed[FLY] else ()))
        self._plans = tables.plans
        self.start_events: tuple[dict[str, Any], ...] = ()
        self.start = self._start_code(me)

    def estimate(self, watchers: int | None = None) -> StateEstimate:
        """How many states a search could settle, before searching (``search.StateEstimate``):
        the spaces within ``budget / 5 ft`` squares of the start (a box: a PHB diagonal, even
        up or down, costs 5 ft), clipped to the map, × the altitudes from the map's bottom (a
        fall costs nothing) to as high as that many steps climb, × 2 for the flags that matter
        (pruning keeps about one state a place, a few keep two: Dash, prone) × 2 for each
        hostile whose opportunity attack a way may have drawn (``watchers``: how many, when the
        others are not placed yet)."""
        vmap = self.battle.map
        col, row = self.me.at
        steps = self.budget // (5 * self.scale)
        cols = min(vmap.columns, col + steps) - max(1, col - steps) + 1
        if vmap.grid is GridKind.HEX:
            rows = min(vmap.rows, row + 2 * steps) - max(1, row - 2 * steps) + 1
            cells = min(3 * steps * (steps + 1) + 1, (cols * rows + 1) // 2)
        else:
            cells = cols * (min(vmap.rows, row + steps) - max(1, row - steps) + 1)
        levels = min(vmap.top, self.me.altitude + steps) - vmap.bottom + 1
        hostiles = self.n_watchers if watchers is None else watchers
        return StateEstimate(cells * levels, cells, levels, 2 << min(hostiles, 16))

    # -- the others on the map -----------------------------------------------------------------
    def _index_others(self) -> None:
        board = self.board
        me = self.me
        grid = self.battle.map.grid
        occupied: dict[tuple[int, int], list[int]] = {}
        self.others: list[Dnd5eCreature] = [c for c in self.battle.creatures if c.id != me.id]
        self.other_cells: list[tuple[int, ...]] = []
        self.other_span: list[tuple[int, int]] = []
        for i, other in enumerate(self.others):
            where = board.creature_space(other.size, other.at, other.altitude,
                                         burrow=other.speed.burrow > 0)
            if isinstance(where, str):  # no room (a battle built by hand): its full footprint
                anchor = board.at(*other.at)
                cells = (board.cells_of(anchor, footprint_offsets(grid, other.size))
                         if anchor is not None else None) or ()
                span = (other.altitude, other.altitude + other.size.levels - 1)
            else:
                cells, span, _squeezing = where
            self.other_cells.append(cells)
            self.other_span.append(span)
            for c in cells:
                for z in range(span[0], span[1] + 1):
                    occupied.setdefault((c, z), []).append(i)
        self.occupied = {k: tuple(v) for k, v in occupied.items()}
        self.blocking = [me.hostile_to(o) and abs(me.size.rank - o.size.rank) < 2
                         for o in self.others]
        # hostiles that can make an opportunity attack on it (D-creatures)
        watchers = []
        if "invisible" not in me.conditions:
            for i, other in enumerate(self.others):
                if (me.hostile_to(other) and other.reach > 0 and other.reaction
                        and not other.conditions & NO_REACTION):
                    watchers.append(i)
        self.watchers = watchers
        self.n_watchers = len(watchers)
        self.watch_mask = (1 << len(watchers)) - 1

    # -- positions -------------------------------------------------------------------------------
    def position(self, anchor: int, z: int) -> int:
        return anchor * self.levels + (z - self.board.bottom)

    def place(self, pos: int) -> Place | None:
        """The footprint at ``pos``, squeezed if only that fits; None if it does not fit at all."""
        try:
            return self._places[pos]
        except KeyError:
            pass
        result = self._make_place(pos)
        self._places[pos] = result
        return result

    def _fits(self, anchor: int, z: int, squeezed: bool) -> str | None:
        """None if the footprint (``squeezed`` or not) has room at ``anchor``, ``z``; else why."""
        key = (anchor, z, squeezed)
        try:
            return self._room[key]
        except KeyError:
            pass
        why = self._room[key] = self._fits_now(anchor, z, squeezed)
        return why

    def _fits_now(self, anchor: int, z: int, squeezed: bool) -> str | None:
        offsets = self.small_offsets if squeezed else self.offsets
        if offsets is None:
            return "it cannot squeeze smaller"
        if squeezed and self.board.cells_of(anchor, self.offsets) is None:
            return "its space would reach off the map"  # the map's edge is no wall (D-size)
        height = self.small_height if squeezed else self.height
        cells = self.board.cells_of(anchor, offsets)
        if cells is None:
            return "its space would reach off the map"
        return self.board.solid_reason(cells, z, height, burrow=self.burrower)

    def _span(self, anchor: int) -> tuple[int, int, int, int]:
        """The altitudes where the footprint has room at ``anchor``: (lowest, highest) whole,
        then squeezed (D-size); an empty range (1, 0) where it has none. The same answer as
        ``_fits`` without its words, made once per space: the searches ask it of every corner."""
        span = self._spans.get(anchor)
        if span is None:
            span = self._spans[anchor] = (*self._range(anchor, False), *self._range(anchor, True))
        return span

    def _range(self, anchor: int, squeezed: bool) -> tuple[int, int]:
        """``_span``'s range for one footprint: ``Board.solid_reason`` turned inside out."""
        board = self.board
        offsets = self.small_offsets if squeezed else self.offsets
        if offsets is None or (squeezed and board.cells_of(anchor, self.offsets) is None):
            return (1, 0)
        cells = board.cells_of(anchor, offsets)
        if cells is None or any(board.wall[c] for c in cells):
            return (1, 0)
        if board.walled and len(cells) > 1 and board.split_reason(cells) is not None:
            return (1, 0)  # a wall runs through the footprint (D-walls)
        height = self.small_height if squeezed else self.height
        low = board.bottom if self.burrower else max(
            board.bottom, *(board.ground[c] for c in cells))
        high = min(board.top, *(board.ceil[c] - 1 for c in cells)) - height + 1
        return (low, high) if low <= high else (1, 0)

    def _make_place(self, pos: int) -> Place | None:
        board = self.board
        anchor, level = divmod(pos, self.levels)
        z = level + board.bottom
        squeezed = False
        room = self._span(anchor)
        if not room[0] <= z <= room[1]:
            if not room[2] <= z <= room[3]:
                return None
            squeezed = True
        offsets = self.small_offsets if squeezed else self.offsets
        assert offsets is not None
        cells = board.cells_of(anchor, offsets)
        assert cells is not None
        height = self.small_height if squeezed else self.height
        ground = board.ground
        landing = max(ground[c] for c in cells)
        if any(z < ground[c] for c in cells):
            kind = UNDER
        elif z == landing:
            kind = GROUND
        else:
            kind = AIR
        occupants: set[int] = set()
        for c in cells:
            for level_z in range(z, z + height):
                occupants.update(self.occupied.get((c, level_z), ()))
        difficult = kind != UNDER and (bool(occupants) or any(
            (z == ground[c] and board.difficult[c]) or (z > ground[c] and board.air_difficult[c])
            for c in cells))
        span = (z, z + height - 1)
        threat = 0
        for bit, i in enumerate(self.watchers):
            other = self.others[i]
            if not self.other_cells[i]:
                continue
            if board.distance(cells, span, self.other_cells[i], self.other_span[i]) <= other.reach \
                    and board.reach_clear(self.other_cells[i], cells, other.reach):
                threat |= 1 << bit
        return Place(pos, anchor, z, squeezed, cells, height, landing, kind,
                     kind == GROUND and any(board.water[c] for c in cells),
                     any(board.climb[c] for c in cells), difficult, tuple(sorted(occupants)),
                     threat)

    # -- packing ---------------------------------------------------------------------------------
    def pack(self, pos: int, provoked: int, b: int, c: int, flags: int) -> int:
        if b > EU_MASK or c > EU_MASK:
            raise OverflowError("too many diagonal steps to count")  # pragma: no cover
        return ((((pos << self.n_watchers) | provoked) << LOW_BITS)
                | (c << (FLAG_BITS + EU_BITS)) | (b << FLAG_BITS) | flags)

    def unpack(self, code: int) -> tuple[int, int, int, int, int]:
        """(position, provoked, b, c, flags)."""
        flags = code & FLAG_MASK
        b = (code >> FLAG_BITS) & EU_MASK
        c = (code >> (FLAG_BITS + EU_BITS)) & EU_MASK
        rest = code >> LOW_BITS
        return rest >> self.n_watchers, rest & self.watch_mask, b, c, flags

    def place_of(self, code: int) -> Place:
        """The footprint position of a state."""
        place = self.place((code >> LOW_BITS) >> self.n_watchers)
        assert place is not None
        return place

    _place_of = place_of

    def _start_code(self, me: Dnd5eCreature) -> int:
        anchor = self.board.at(*me.at)
        assert anchor is not None
        pos = self.position(anchor, me.altitude)
        place = self.place(pos)
        if place is None:
            from ...errors import ScenarioError

            why = self._fits(anchor, me.altitude, False) or "no room"
            raise ScenarioError(f"{me.id} does not fit where it stands: {why} (D-size)")
        flags = PRONE if me.prone else 0
        if place.kind == AIR and not self.hover and (
                me.prone or (self.speed[FLY] == 0 and self.me.speed.fly > 0)):
            # knocked prone or at speed 0 in the air, with nothing to hold it up (D-fly)
            pos, flags, event = self._fall(place, flags | PRONE, involuntary=True)
            self.start_events = ({**event, "step": 0},)
        self._start_pos = pos
        return self.pack(pos, 0, 0, 0, flags)

    def cap(self, mode: int, flags: int) -> int:
        """Ticks of movement this turn for a step made with ``mode``'s speed (D-speed)."""
        return self.speed[self.paying(mode)] * self.scale * (2 if flags & DASHED else 1)

    def paying(self, mode: int) -> int:
        """Which speed pays: climbing or swimming without that speed uses the walking speed."""
        if mode in (CLIMB, SWIM) and not self.speed[mode]:
            return WALK
        return mode

    # -- the one legality function ----------------------------------------------------------------
    def steps(self, code: int, spent: int) -> Iterable[StepTuple]:
        flags = code & FLAG_MASK
        b = (code >> FLAG_BITS) & EU_MASK
        c = (code >> (FLAG_BITS + EU_BITS)) & EU_MASK
        rest = code >> LOW_BITS
        provoked = rest & self.watch_mask
        pos = rest >> self.n_watchers
        place = self.place(pos)
        assert place is not None
        out: list[StepTuple] = []
        self._token_steps(out, code, place, provoked, b, c, flags, spent)
        if flags & FALLING:
            return out
        scale = self.scale
        rule = self.rule
        plain = rule is DiagonalRule.PHB
        dmg = rule is DiagonalRule.DMG
        dashed = 2 if flags & DASHED else 1
        auto_dash = not self.full and self.can_act and not flags & ACTION
        threat = 0 if flags & DISENGAGED else place.threat & ~provoked
        prune = self.prune
        # the searches' pruning (see ``_dominated``), inline for phb and dmg, where b = c = 0
        best = self._best if prune and rule is not DiagonalRule.EUCLID else None
        # D-jump: a step on foot adds to the run-up (2 is enough), any other step ends it
        moved, ran = self._run_flags(flags)
        edges = self._edges_from(place, bool(flags & PRONE))
        if best is not None:
            self._flat_steps(out, edges, best, threat, provoked, moved, ran, flags, spent,
                             auto_dash)
            edges = ()
        for name, dash_name, high, dst_threat, axes, m, limit, base, foot, fell in edges:
            new = threat & ~dst_threat
            head = high | ((provoked | new) << LOW_BITS)  # ``high`` holds a fall's flags too
            nb, nc, nflags = b, c, moved | ran if foot else moved
            if axes == 1 or plain:
                cost = base
            elif dmg:
                cost = base * 2 if flags & PARITY else base
                nflags ^= PARITY
            elif axes == 2:
                nb = b + m
                cost = 5 * (round_root_sum(nb, c) - round_root_sum(b, c)) * scale
            else:
                nc = c + m
                cost = 5 * (round_root_sum(b, nc) - round_root_sum(b, c)) * scale
            total = spent + cost
            step_name = name
            if total > limit * dashed:
                if not auto_dash or total > 2 * limit:
                    continue
                step_name = dash_name
                nflags |= ACTION | DASHED
            if nb > EU_MASK or nc > EU_MASK:
                raise OverflowError("too many diagonal steps to count")  # pragma: no cover
            target = head | (nc << (FLAG_BITS + EU_BITS)) | (nb << FLAG_BITS) | nflags
            if prune and self._dominated(target, total):
                continue
            out.append((step_name, target, cost, _NO_CHECKS,
                        self._attacks(new) + fell if new else fell))
        if self.jumper and not flags & PRONE and place.kind == GROUND:
            self._jump_steps(out, place, provoked, b, c, flags, spent)
        return out

    def _flat_steps(self, out: list[StepTuple], edges: tuple[_Edge, ...],
                    best: dict[int, tuple[int, int]], threat: int, provoked: int, moved: int,
                    ran: int, flags: int, spent: int, auto_dash: bool) -> None:
        """``steps``'s loop for a pruned search under ``phb`` or ``dmg`` (b = c = 0 always): the
        same steps in the same order, with the ``euclid`` sums and their checks left out."""
        dashed = 2 if flags & DASHED else 1
        dmg = self.rule is DiagonalRule.DMG
        double = 2 if flags & PARITY else 1
        on_foot = moved | ran
        # the constants as locals: this loop runs for every way out of every settled state
        dash_bits = ACTION | DASHED
        unturned = ~dash_bits
        never = _NEVER
        no_checks = _NO_CHECKS
        provoked_bits = provoked << LOW_BITS
        known = best.get
        add = out.append
        for name, dash_name, high, dst_threat, axes, _m, limit, base, foot, fell in edges:
            flip = PARITY if dmg and axes > 1 else 0
            cost = base * double if flip else base
            total = spent + cost
            if total > limit * dashed:
                if not auto_dash or total > 2 * limit:
                    continue
                step_name = dash_name
                nflags = ((on_foot if foot else moved) ^ flip) | dash_bits
            else:
                step_name = name
                nflags = (on_foot if foot else moved) ^ flip
            new = threat & ~dst_threat if threat else 0
            target = (high | ((provoked | new) << LOW_BITS) if new else high | provoked_bits
                      ) | nflags
            key = target & unturned
            old = known(key)
            if old is None:
                best[key] = (total, total) if not nflags & DASHED else (never, total)
            elif old[0] <= total or (nflags & DASHED and old[1] <= total):
                continue
            elif nflags & DASHED:
                best[key] = (old[0], min(old[1], total))
            else:
                best[key] = (min(old[0], total), min(old[1], total))
            add((step_name, target, cost, no_checks, self._attacks(new) + fell if new else fell))

    # -- the compiled search (``wingbeat._kernel5e``) ---------------------------------------------
    def compiled_search(self, *, avoid_checks: bool = False,
                        goal: Callable[[int, int], bool] | None = None,
                        max_states: int = MAX_STATES) -> Exploration | None:
        """``search.explore`` run by the compiled kernel, with identical results; None where it
        does not cover the space (``euclid`` diagonals, whose fronts stay in Python; a space
        that is not a pruned search's, or whose pure search already ran; states past 62 bits)
        or where it is not built. Its pruning table is kept with the space, as ``_best`` is."""
        compiled = kernel.compiled5e  # ``explore`` asks only when the kernel is in use
        if (compiled is None or self.full or not self.prune or self.rule is DiagonalRule.EUCLID
                or self._best):
            return None
        positions = len(self.board.coords) * self.levels
        if positions << (self.n_watchers + LOW_BITS) >= 1 << 62 or self.start >= 1 << 62:
            return None
        table = self.tables.step_table
        if table is None:
            table = compiled.StepTable(positions * 2, None)
            table.native = self._native(compiled, positions)
            self.tables.step_table = table
        # any space of these tables fills them alike
        table.fill = self._kernel_fill
        if table.native is not None:
            table.native.landing = self._kernel_landing
        if self._pruning is None:
            self._pruning = compiled.Pruning()
        numbers = (self.budget, self.n_watchers, int(self.rule is DiagonalRule.DMG),
                   int(self.can_act), int(self.jumper), self.speed[WALK] * self.scale)
        outcome, codes, priorities, parents, kinds = compiled.dnd5e_search(
            table, self._pruning, numbers, self.start, avoid_checks, goal, max_states)
        if outcome != compiled.DONE:
            raise too_many_states(max_states)
        return _Settled(self.start, codes, priorities, parents, kinds, _KernelSteps(self))

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
        directions = array("i", [d for delta in self._directions() for d in delta])
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

    def _kernel_fill(self, key: int) -> tuple[int, int, int, tuple[_Edge, ...],
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

    def kernel_ends(self, found: SettledArrays) -> tuple[Sequence[int], Sequence[int],
                                                         Sequence[int]] | None:
        """``grid_reach``'s choice of end states, read off the compiled search's arrays in C
        (the same ``end_problem``, ``end_key`` and ``way_rank``: ``actions`` and
        ``opportunity_attacks`` read the code alone); None for a search that did not run there."""
        compiled = kernel.compiled5e
        table = self.tables.step_table
        if compiled is None or table is None or not isinstance(found, _Settled):
            return None
        picked: tuple[Sequence[int], Sequence[int], Sequence[int]] | None = compiled.dnd5e_ends(
            table, found.codes, found.priorities, self.n_watchers, self._start_pos,
            not any(self.speed), self.can_act)
        return picked

    def _dominated(self, code: int, spent: int) -> bool:
        """Whether a state already generated for the same place makes ``code`` pointless.

        The same place, provoked set, prone and parity; no more spent; Dash no more used; and a
        ``euclid`` rounding residue no larger, so every continuation costs it no more. (For phb
        and dmg, where the residue is always 0, ``steps`` keeps just the least spent with and
        without Dash per place in ``_best``: the same test.) A front keeps only the states no
        other in it dominates: dropping the others changes no answer, domination is transitive.
        """
        eu_mask = ((EU_MASK << EU_BITS) | EU_MASK) << FLAG_BITS
        key = code & ~eu_mask & ~(ACTION | DASHED)
        b = (code >> FLAG_BITS) & EU_MASK
        c = (code >> (FLAG_BITS + EU_BITS)) & EU_MASK
        dash = code & DASHED
        mine = (spent, dash, b, c, _residue_bracket(b, c))
        front = self._fronts.get(key)
        if front is None:
            self._fronts[key] = [mine]
            return False
        for old in front:
            if old[0] <= spent and old[1] <= dash and _residue_at_most(old, mine):
                return True
        front[:] = [old for old in front
                    if not (spent <= old[0] and dash <= old[1] and _residue_at_most(mine, old))]
        front.append(mine)
        return False

    def _attacks(self, bits: int) -> tuple[dict[str, Any], ...]:
        return tuple({"type": "opportunity-attack", "by": self.others[i].id}
                     for bit, i in enumerate(self.watchers) if bits >> bit & 1)

    def _edges_from(self, place: Place, prone: bool) -> tuple[_Edge, ...]:
        """The legal moves from ``place``, whatever the movement left, ready for ``steps``.

        Each is a way to make a move (``_Edge``): its name, name with Dash, destination position
        shifted past the provoked and low bits with the flags a fall sets, destination threat,
        axes, multiplier, ticks of the paying speed, ticks of the step when it costs 5 ft per
        square, whether it is on foot, and the events of a fall. A walk off a ledge (``_ways``
        gives a walking way into the air only then) lands where ``_landing`` says: its
        destination is the ground below, its threat that of the space walked into (leaving a
        reach by walking provokes, falling out of one does not: Decision 7).
        """
        key = place.pos * 2 + prone
        edges = self._edges.get(key)
        if edges is None:
            found = []
            shift = self.n_watchers
            scale = self.scale
            plans = self._plans
            for move in self.board.moves_of(place.anchor):
                dst, ways, _why = self._ways(place, move, prone)
                if dst is not None and ways:
                    # by identity: ``_way_set`` keeps every set it made (hashing Ways is slow)
                    plan = plans.get(id(ways))
                    if plan is None:
                        plan = plans[id(ways)] = tuple(
                            (w.multiplier, self.speed[self.paying(w.mode)] * scale,
                             5 * w.multiplier * scale, w.foot) for w in ways)
                    sets, fell, end = 0, _NO_EVENTS, dst
                    if dst.kind == AIR and ways[0].mode == WALK:
                        end, sets, fell = self._drop(dst, prone)
                    high = ((end.pos << shift) << LOW_BITS) | sets
                    for m, limit, base, foot in plan:
                        found.append((move.name, move.dash_name, high, dst.threat, move.axes,
                                      m, limit, base, foot, fell))
            edges = tuple(found)
            self._edges[key] = edges
        return edges

    def _ways(self, src: Place, move: Move, prone: bool, *, explain: bool = False
              ) -> tuple[Place | None, tuple[Way, ...], tuple[str, str] | None]:
        """The ways to make ``move`` from ``src`` (whatever the movement left), or why none.

        The reason is worded only with ``explain`` (for a refusal); the searches, which ask
        about every move of every place they visit, get ``_REFUSED`` instead.
        """
        board = self.board
        z = src.z + move.dz
        if z < board.bottom or z > board.top:
            if not explain:
                return None, (), _REFUSED
            limit = "top" if z > board.top else "bottom"
            return None, (), ("D-grid", f"altitude {z} is past the {limit} of the map "
                                        f"({board.top if z > board.top else board.bottom})")
        pos = move.target * self.levels + (z - board.bottom)  # self.position(move.target, z)
        dst = self._places[pos] if pos in self._places else self.place(pos)
        if dst is None:
            if not explain:
                return None, (), _REFUSED
            why = self._fits(move.target, z, False)
            squeezing = self._fits(move.target, z, True)
            if self.small_offsets is not None and squeezing != why:
                why = f"{why}, and even squeezing: {squeezing}"
            return None, (), ("D-size", f"{self.name} has no room at "
                                        f"{board.labels[move.target]}, altitude {z}: {why}")
        if move.axes > 1:
            squeezed = src.squeezed or dst.squeezed
            spans = self._spans
            for corner, dz in move.corners:
                if corner >= 0:
                    span = spans.get(corner) or self._span(corner)
                    cz = src.z + dz
                    if (span[2] <= cz <= span[3]) if squeezed else (span[0] <= cz <= span[1]):
                        continue
                if not explain:
                    return None, (), _REFUSED
                blocked = ("off the map" if corner < 0
                           else self._fits(corner, src.z + dz, squeezed))
                return None, (), ("D-grid", f"the step to {move.name} would cut a corner: "
                                            f"{blocked}")
        if board.walled:
            wall = self._wall_between(src, move.target, dst)
            if wall is not None:
                return None, (), (("D-walls", f"the step to {move.name} would cross a wall: "
                                              f"{wall}") if explain else _REFUSED)
        for i in dst.occupants:
            if self.blocking[i]:
                if not explain:
                    return None, (), _REFUSED
                name = self.name
                other = self.others[i]
                return None, (), ("D-creatures",
                                  f"{other.display_name} ({other.size.value}) is hostile and less "
                                  f"than two sizes larger or smaller than {name} "
                                  f"({self.me.size.value}): {name} cannot move through its space")
        speed = self.speed
        src_kind = src.kind
        dst_kind = dst.kind
        modes: tuple[int, ...]
        if src_kind == UNDER or dst_kind == UNDER:
            if prone:
                return dst, (), self._crawl_refusal(explain)
            if not speed[BURROW]:
                return dst, (), (("D-speed", f"moving under the ground needs a burrowing speed; "
                                             f"{self.name} has none") if explain else _REFUSED)
            modes = (BURROW,)
        elif src_kind == AIR or dst_kind == AIR or move.dz:
            if not prone:
                climb = ((src_kind != AIR or src.climbable) and (dst_kind != AIR or dst.climbable)
                         and (src.climbable or dst.climbable))
                modes = ((FLY,) if speed[FLY] else ()) + ((CLIMB,) if climb else ())
            if prone or not modes:
                # a level step off the ground (not swimming) into the air that cannot be flown
                # or climbed is walked (or crawled): it falls to the ground below (Decision 5)
                if dst_kind != AIR or src_kind != GROUND or move.dz or src.water:
                    if prone:
                        return dst, (), self._crawl_refusal(explain)
                    return dst, (), self._lift_refusal(dst) if explain else _REFUSED
                landing = self._landing_refusal(dst, explain)
                if landing is not None:
                    return dst, (), landing
                modes = (WALK,)
        elif src.water or dst.water:
            if prone:
                return dst, (), (("D-prone", f"{self.name} is prone: it cannot swim while prone")
                                 if explain else _REFUSED)
            modes = (SWIM,)
        elif prone:
            modes = (WALK,)  # crawling
        else:
            # along the ground: walked, or flown at ground level with a fly speed (D-fly)
            difficult = dst.difficult
            return dst, self._way_set(self._ground_modes, 1 + difficult + dst.squeezed,
                                      difficult, True), None
        difficult = dst.difficult
        # difficult terrain, crawling (D-prone), squeezing (D-size): 1 extra foot per foot each
        extra = 1 + difficult + prone + dst.squeezed
        return dst, self._way_set(modes, extra, difficult), None

    def _wall_between(self, src: Place, target: int, dst: Place) -> str | None:
        """The wall a step from ``src`` to ``dst`` (at the anchor ``target``) crosses, or None
        (D-walls)."""
        coords = self.board.coords
        (sc, sr), (tc, tr) = coords[src.anchor], coords[target]
        return self.board.step_wall(src.cells, dst.cells, tc - sc, tr - sr)

    def _way_set(self, modes: tuple[int, ...], extra: int, difficult: bool,
                 on_foot: bool = False) -> tuple[Way, ...]:
        """The ways for these speeds: made once per space, as every place asks for a few.
        ``on_foot``: a step along the ground, whose walking way counts as a run-up (D-jump)."""
        key = (modes, extra, difficult, on_foot)
        ways = self._way_sets.get(key)
        if ways is None:
            speed = self.speed
            # ``setdefault``: two threads asking at once get the one set kept, whose id keys
            # its plan (``_edges_from``) for as long as the tables live
            ways = self._way_sets.setdefault(key, tuple(
                _way(mode, extra + (mode in (CLIMB, SWIM) and not speed[mode]), difficult,
                     on_foot and mode == WALK)
                for mode in modes))  # climbing or swimming without that speed: +1 (D-speed)
        return ways

    def _landing(self, place: Place) -> tuple[Place, Fall]:
        """Where a fall from ``place`` ends this turn and how far it goes (D-fly): the ground
        level under the footprint, or 500 ft down under XGtE's ``fall_rate``."""
        known = self._landings.get(place.pos)
        if known is not None:
            return known
        options = self.options
        result = fall((place.z - place.landing) * 5, fly_speed=self.speed[FLY],
                      fall_rate=options.fall_rate, flyer_fall=options.flyer_fall)
        end = self.place(self.position(place.anchor, place.z - result.feet // 5))
        if end is None:  # pragma: no cover - the ground below always has room
            end = self.place(self.position(place.anchor, place.landing))
            assert end is not None
        self._landings[place.pos] = (end, result)
        return end, result

    def _fall_event(self, result: Fall, prone: bool) -> dict[str, Any]:
        metres = format_cost(Fraction(result.feet * 3, 10)) if self.metric else None
        return result.event(prone=prone, metres=metres)

    def _drop(self, place: Place, prone: bool) -> tuple[Place, int, tuple[dict[str, Any], ...]]:
        """A walk (or crawl) off a ledge into ``place``: where it lands, the flags the fall sets
        (prone if it took damage, still falling under XGtE) and its ``fall`` event (D-fly)."""
        end, result = self._landing(place)
        sets = (PRONE if result.prone else 0) | (0 if result.lands else FALLING)
        return end, sets, (self._fall_event(result, prone or result.prone),)

    def _landing_refusal(self, place: Place, explain: bool) -> tuple[str, str] | None:
        """Why a walk off a ledge into ``place`` may not land where it would (a hostile's
        space, D-creatures), else None."""
        end, _result = self._landing(place)
        for i in end.occupants:
            if self.blocking[i]:
                if not explain:
                    return _REFUSED
                other = self.others[i]
                return ("D-creatures", f"{self.name} would fall into the space of "
                                       f"{other.display_name}, a hostile creature it cannot move "
                                       f"through, at {self.board.labels[end.anchor]}")
        return None

    def _crawl_refusal(self, explain: bool) -> tuple[str, str]:
        if not explain:
            return _REFUSED
        return ("D-prone", f"{self.name} is prone: it can only crawl along the ground "
                           "(stand first)")

    def _lift_refusal(self, dst: Place) -> tuple[str, str]:
        name = self.name
        if self.me.speed.fly and not self.speed[FLY]:
            return ("D-fly", f"{name}'s speed is 0: it cannot fly")
        where = self.board.labels[dst.anchor]
        return ("D-speed", f"{name} cannot fly, and there is nothing to climb at {where} "
                           "(a climb: true space) to leave the ground or change level there")

    # -- tokens ------------------------------------------------------------------------------------
    def _token_steps(self, out: list[StepTuple], code: int, place: Place, provoked: int, b: int,
                     c: int, flags: int, spent: int) -> None:
        pos = place.pos
        pack = self.pack
        full = self.full
        action_open = self.can_act and not flags & ACTION
        if action_open and full:
            out.append(("dash", pack(pos, provoked, b, c, flags | ACTION | DASHED), 0,
                        _NO_CHECKS, _NO_EVENTS))
        if full and action_open:
            out.append(("disengage", pack(pos, provoked, b, c, flags | ACTION | DISENGAGED), 0,
                        _NO_CHECKS, _NO_EVENTS))
            out.append(("action", pack(pos, provoked, b, c, flags | ACTION), 0,
                        _NO_CHECKS, _NO_EVENTS))
        if full:
            if not flags & INTERACT:
                out.append(("interact", pack(pos, provoked, b, c, flags | INTERACT), 0,
                            _NO_CHECKS, _NO_EVENTS))
            elif action_open:
                out.append(("interact", pack(pos, provoked, b, c, flags | ACTION), 0,
                            _NO_CHECKS, _NO_EVENTS))
        if flags & FALLING:
            return
        if flags & PRONE:
            mode = self.stand_mode(place)
            cost = self.speed[mode] * self.scale // 2
            if self.speed[mode] and spent + cost <= self.cap(mode, flags):
                out.append(("stand", pack(pos, provoked, b, c, flags & ~(PRONE | RUN_MASK)),
                            cost, _NO_CHECKS, _NO_EVENTS))
            elif (self.speed[mode] and not full and action_open
                  and spent + cost <= self.cap(mode, flags | DASHED)):
                out.append(("dash stand", pack(pos, provoked, b, c,
                                               (flags & ~(PRONE | RUN_MASK)) | ACTION | DASHED),
                            cost, _NO_CHECKS, _NO_EVENTS))
        elif full and place.kind != UNDER and not place.water:
            if place.kind == AIR and not self.hover:
                npos, nflags, event = self._fall(place, flags | PRONE, involuntary=False)
                out.append(("prone", pack(npos, provoked, b, c, nflags), 0, _NO_CHECKS,
                            (event,)))
            else:
                out.append(("prone", pack(pos, provoked, b, c, flags | PRONE), 0, _NO_CHECKS,
                            _NO_EVENTS))

    def stand_mode(self, place: Place) -> int:
        """The speed standing up spends half of (D-prone): the speed the creature moves with.

        Aloft (hovering) that is its fly speed; on the ground its walking speed, or its fly speed
        if it has no walking speed (a will-o'-wisp rises on its wings, it has no legs to stand on).
        """
        me = self.me.speed
        if place.kind == AIR or (not me.walk and me.fly):
            return FLY
        return WALK

    def _fall(self, place: Place, flags: int, *, involuntary: bool
              ) -> tuple[int, int, dict[str, Any]]:
        """D-fly: the creature drops to the ground level of its space (or 500 ft, XGtE)."""
        end, result = self._landing(place)
        pos = end.pos
        if result.lands:
            flags &= ~FALLING
            if involuntary and not result.prone and not self.me.prone:
                flags &= ~PRONE
        else:
            flags |= FALLING
        return pos, flags, self._fall_event(result, bool(flags & PRONE))

    # -- words for states and refusals ------------------------------------------------------------
    def mode_name(self, place: Place) -> str:
        if place.kind == UNDER:
            return "burrow"
        if place.kind == AIR:
            return "fly" if self.speed[FLY] or not place.climbable else "climb"
        if place.water:
            return "swim"
        # a flyer with no walking speed flies along the ground (D-fly)
        return "fly" if self.me.speed.fly and not self.me.speed.walk else "walk"

    def describe_all(self, codes: Iterable[int]) -> list[dict[str, Any]]:
        """``describe`` of many states (a reach's end states), each a new dict: the places read
        off the compiled table (``Native.facts``) where it is made, not built in Python."""
        native = self._native_table()
        codes = list(codes)
        if native is None:
            return [self.describe(code) for code in codes]
        shift = LOW_BITS + self.n_watchers
        facts = native.facts(array("q", [code >> shift for code in codes]))
        return [self.describe(code) if fact < 0 else self._described(code, fact)
                for code, fact in zip(codes, facts, strict=True)]

    def _native_table(self) -> Any:
        """The compiled table's maker of places (``_kernel5e.Native``), None where no compiled
        search made one for these tables."""
        table = self.tables.step_table
        return None if table is None else table.native

    def _described(self, code: int, fact: int) -> dict[str, Any]:
        """``describe`` from the compiled table's facts of the place (``Native.facts``)."""
        anchor, level = divmod((code >> LOW_BITS) >> self.n_watchers, self.levels)
        kind = fact & 3
        if kind == UNDER:
            mode = "burrow"
        elif kind == AIR:
            mode = "fly" if self.speed[FLY] or not fact & 16 else "climb"
        elif fact & 8:
            mode = "swim"
        else:
            mode = "fly" if self.me.speed.fly and not self.me.speed.walk else "walk"
        data: dict[str, Any] = {"at": self.board.labels[anchor],
                                "altitude": level + self.board.bottom, "mode": mode,
                                "prone": bool(code & PRONE), "squeezing": bool(fact & 4)}
        if code & FALLING:
            data["falling"] = True
        return data

    def label_of(self, code: int) -> str:
        """``describe(code)["at"]`` alone, off the code, no place made (a path asks it of every
        state it settles: ``grid_path``; the turn report of each step)."""
        return self.board.labels[((code >> LOW_BITS) >> self.n_watchers) // self.levels]

    def describe(self, code: int) -> dict[str, Any]:
        pos = (code >> LOW_BITS) >> self.n_watchers
        if pos not in self._places:  # not made in Python: the compiled table's facts
            native = self._native_table()
            if native is not None:
                fact = native.fact(pos)
                if fact >= 0:
                    return self._described(code, fact)
        flags = code & FLAG_MASK
        place = self._place_of(code)
        data: dict[str, Any] = {
            "at": self.board.labels[place.anchor],
            "altitude": place.z,
            "mode": self.mode_name(place),
            "prone": bool(flags & PRONE),
            "squeezing": place.squeezed,
        }
        if flags & FALLING:
            data["falling"] = True
        return data

    def aim(self, code: int, token: str) -> str | None:
        """The space a move token points the north-west space at from state ``code``, taken or
        not (``dash C9``, ``C5+up``, ``NE``, ``jump:E5``; a refused step has no state, so a
        picture draws it here); None for a step in place (``up``, ``stand``, ``action`` …)."""
        kind = "hex" if self.board.hex else "square"
        word = token.strip()
        if word.lower().startswith("dash "):
            word = word[5:].strip()
        head = word.split("+", 1)[0].split(":")[-1]  # a jump lands where it names (D-jump)
        names = Direction.__members__ if self.board.hex else Compass.__members__
        try:
            if head.upper() in names:
                col, row = split_label(self.board.labels[self._place_of(code).anchor], kind=kind)
                dc, dr = names[head.upper()].delta
                return _label(col + dc, row + dr) if col + dc >= 1 and row + dr >= 1 else None
            return _label(*split_label(head, kind=kind))
        except NotationError:
            return None

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
        return ("D-creatures", f"{self.name} may not end its move in another creature's space "
                               f"({who}, at {self.board.labels[place.anchor]})")

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

    def parse_move(self, token: str, code: int) -> str:
        word = token.strip().lower()
        if word in KEYWORDS:
            return word
        if word.startswith(_JUMPS) or word in ("jump", "jump-up"):
            return self._parse_jump(word)
        head, plus, tail = word.partition("+")
        if plus and tail not in ("up", "down"):
            raise NotationError(f"expected a space and +up or +down (like C5+up), got {token!r}")
        suffix = f"+{tail}" if plus else ""
        place = self._place_of(code)
        col, row = self.board.coords[place.anchor]
        upper = head.upper()
        if self.board.hex and upper in Direction.__members__:
            dc, dr = Direction[upper].delta
            return _label(col + dc, row + dr) + suffix
        if not self.board.hex and upper in Compass.__members__:
            dc, dr = Compass[upper].delta
            return _label(col + dc, row + dr) + suffix
        try:
            c, r = split_label(head, kind="hex" if self.board.hex else "square")
        except NotationError as exc:
            dirs = "N NE SE S SW NW" if self.board.hex else "N NE E SE S SW W NW"
            raise NotationError(
                f"{exc}; a move is a space label (C5, or C5+up / C5+down to change altitude on "
                f"the way), a direction ({dirs}), a jump (jump:E5, jump-up:C5) or one of: "
                + ", ".join(KEYWORDS)) from None
        return _label(c, r) + suffix

    def _parse_jump(self, word: str) -> str:
        """``jump:e5`` → ``jump:E5``: a jump names the space its north-west space lands on."""
        kind, _colon, where = word.partition(":")
        usage = ("a jump names the space it lands on: jump:E5 (a long jump to E5) or jump-up:C5 "
                 "(a high jump onto C5)")
        if not where:
            raise NotationError(f"expected where {word!r} lands; {usage}")
        try:
            c, r = split_label(where, kind="hex" if self.board.hex else "square")
        except NotationError as exc:
            raise NotationError(f"{exc}; {usage}") from None
        return f"{kind}:{_label(c, r)}"

    def explain(self, code: int, spent: int, move: str) -> tuple[str, str]:
        _pos, _provoked, _b, _c, flags = self.unpack(code)
        place = self._place_of(code)
        name = self.name
        if move in ("dash", "disengage", "action", "interact"):
            return self._explain_action(move, flags)
        if move == "stand":
            return self._explain_stand(place, flags, spent)
        if move == "prone":
            if flags & PRONE:
                return ("D-prone", f"{name} is already prone")
            return ("D-prone", f"{name} cannot drop prone "
                               + ("under the ground" if place.kind == UNDER else "while swimming"))
        if flags & FALLING:
            return ("D-fly", f"{name} is still falling: it cannot move again this turn")
        if self.me.speed_zero:
            held = ", ".join(sorted(self.me.conditions & SPEED_ZERO))
            return ("D-speed", f"{name}'s speed is 0 ({held}): it cannot move")
        if move.startswith(_JUMPS):
            return self._explain_jump(code, spent, move)
        edge = next((m for m in self.board.moves_of(place.anchor) if m.name == move), None)
        if edge is None:
            return self._explain_far(place, move)
        dst, ways, why = self._ways(place, edge, bool(flags & PRONE), explain=True)
        if why is not None:
            return why
        assert dst is not None
        return self._explain_cost(code, spent, edge, dst, ways)

    def _explain_action(self, move: str, flags: int) -> tuple[str, str]:
        name = self.name
        if not self.can_act:
            conditions = ", ".join(sorted(self.me.conditions & NO_ACTION))
            return ("D-turn", f"{name} cannot take actions ({conditions})")
        if move == "interact":
            return ("D-interact", f"{name} has used its free object interaction and its action: "
                                  "another interaction must wait for its next turn")
        what = ("Dash" if flags & DASHED else "Disengage" if flags & DISENGAGED
                else "its action")
        return ("D-turn", f"{name} has already used its action this turn ({what}); "
                          f"{move} needs the action")

    def _explain_stand(self, place: Place, flags: int, spent: int) -> tuple[str, str]:
        name = self.name
        if not flags & PRONE:
            return ("D-prone", f"{name} is not prone")
        if self.me.speed_zero:
            held = ", ".join(sorted(self.me.conditions & SPEED_ZERO))
            return ("D-prone", f"{name}'s speed is 0 ({held}): it cannot stand up")
        mode = self.stand_mode(place)
        if not self.speed[mode]:
            return ("D-prone", f"{name}'s {MODES[mode]} speed is 0: it cannot stand up")
        cost = self.speed[mode] * self.scale // 2
        left = max(0, self.cap(mode, flags) - spent)
        return ("D-prone", f"standing up costs half of {name}'s {MODES[mode]} speed, "
                           f"{self.length(cost)} {self.unit}, but it has only "
                           f"{self.length(left)} {self.unit} of movement left")

    def _explain_far(self, place: Place, move: str) -> tuple[str, str]:
        head = move.partition("+")[0]
        kind = "hex" if self.board.hex else "square"
        try:
            col, row = split_label(head, kind=kind)
        except NotationError:
            return ("D-grid", "that step leads off the map")
        if self.board.at(col, row) is None:
            return ("D-grid", f"there is no {kind} {head} on the map")
        here = self.board.labels[place.anchor]
        where = "north-west space" if len(self.offsets) > 1 else "space"
        count = "six" if self.board.hex else "eight"
        what = (f"{self.name}'s {where} is already at {here}" if head.upper() == here
                else f"{head} is not adjacent to {here}")
        return ("D-grid", f"{what}: a step moves {self.name}'s {where} into one of the {count} "
                          f"adjacent {kind}s")

    def _explain_cost(self, code: int, spent: int, move: Move, dst: Place,
                      ways: tuple[Way, ...]) -> tuple[str, str]:
        flags = code & FLAG_MASK
        # the cheapest way, and of those the one whose speed has the most left
        cheapest = min(ways, key=lambda w: (self.step_cost(code, move, w),
                                            -self.cap(w.mode, flags)))
        cost = self.step_cost(code, move, cheapest)
        mode = self.paying(cheapest.mode)
        left = max(0, self.cap(mode, flags) - spent)
        moved = self.length(spent)
        why = []
        if cheapest.difficult:
            why.append("difficult terrain")
        if flags & PRONE:
            why.append("crawling")
        if dst.squeezed:
            why.append("squeezing")
        if cheapest.mode != mode:
            why.append(f"{MODES[cheapest.mode]}ing without a {MODES[cheapest.mode]} speed")
        because = f" ({', '.join(why)})" if why else ""
        dash = " with Dash" if flags & DASHED else ""
        hint = ""
        if self.can_act and not flags & ACTION and spent + cost <= self.cap(mode, DASHED):
            hint = "; Dash (its action) would add its speed"
        return ("D-speed", f"the step to {move.name} costs {self.length(cost)} {self.unit}"
                           f"{because}, but with its {MODES[mode]} speed{dash} {self.name} has "
                           f"only {self.length(left)} {self.unit} left after moving {moved} "
                           f"{self.unit}{hint}")

    def step_cost(self, code: int, move: Move, way: Way) -> int:
        """Ticks of a move made ``way`` from state ``code`` (the same sums as ``steps``)."""
        _pos, _provoked, b, c, flags = self.unpack(code)
        m = way.multiplier
        if move.axes == 1 or self.rule is DiagonalRule.PHB:
            feet = 5 * m
        elif self.rule is DiagonalRule.DMG:
            feet = (10 if flags & PARITY else 5) * m
        elif move.axes == 2:
            feet = 5 * (round_root_sum(b + m, c) - round_root_sum(b, c))
        else:
            feet = 5 * (round_root_sum(b, c + m) - round_root_sum(b, c))
        return feet * self.scale

    def way_of(self, code: int, step: StepTuple, spent: int | None = None) -> Way | None:
        """Which way a taken step went (None for a token): for the turn report. Given what was
        ``spent`` before it, the first way whose speed had that much left (a step along the
        ground is walked while the walking speed lasts, then flown: D-speed)."""
        place = self._place_of(code)
        name = step[0].removeprefix("dash ")
        if name.startswith(_JUMPS):
            return _way(WALK, 1, False)  # a jump is paid with the walking speed (D-jump)
        move = next((m for m in self.board.moves_of(place.anchor) if m.name == name), None)
        if move is None:
            return None
        _dst, ways, _why = self._ways(place, move, bool(code & PRONE))
        fitting = [w for w in ways if self.step_cost(code, move, w) == step[2]]
        if spent is not None:
            flags = step[1] & FLAG_MASK
            for way in fitting:
                if spent + step[2] <= self.cap(way.mode, flags):
                    return way
        return fitting[0] if fitting else None

    def length(self, ticks: int) -> str:
        return format_cost(ticks * self.tick)

    def field_text(self, key: str, value: Any) -> str:
        """A state's field in the reports' text: an altitude with its height (``2 (10 ft)``), a
        mode as said at the table (``flying``)."""
        if key == "altitude" and isinstance(value, int):
            return altitude_words(value, self.unit)
        if key == "mode" and value in MODE_WORDS:
            return MODE_WORDS[value]
        return "-" if value is None else ("yes" if value is True else
                                          "no" if value is False else str(value))

    def reach_note(self) -> tuple[str, str] | None:
        """Why reach shows so little, for its text: a fall before the first step (D-fly), a speed
        of 0 (D-speed)."""
        said = []
        rule = ""
        if self.start_events:
            said.append(event_text({**self.start_events[0], "creature": self.me.id})
                        .removesuffix("."))
            rule = "D-fly"
        if not any(self.speed):
            held = ", ".join(sorted(self.me.conditions & SPEED_ZERO))
            why = f"{self.me.display_name}'s speed is 0" + (f" ({held})" if held else "")
            said.append(f"{why}: it cannot move this turn" + (" (D-speed)" if rule else ""))
            rule = rule or "D-speed"
        return (rule, "; ".join(said)) if said else None

    def info(self) -> dict[str, Any]:
        per_foot = Fraction(3, 10) if self.metric else Fraction(1)
        speeds = {MODES[i]: format_cost(self.speed[i] * per_foot) for i in range(5)
                  if self.speed[i] or i == WALK}
        data: dict[str, Any] = {
            "size": self.me.size.value,
            "speeds": speeds,
            "hover": self.hover,
            "grid": self.battle.map.grid.value,
            "diagonals": self.rule.value,
            "units": self.unit,
        }
        if self.start_events:
            data["start_events"] = list(self.start_events)
        return data

    def text_map(self, costs: Mapping[str, Fraction]) -> str:
        shown = {label: format_amount(cost, self.unit) for label, cost in costs.items()}
        vmap = self.battle.map
        col, row = self.me.at
        here = _label(col, row)
        if vmap.grid is GridKind.HEX:
            return hex_text_window(Hex(col, row), shown, vmap.columns, vmap.rows,
                                   mark={here: "@"})
        walls = frozenset(self.board.labels[i] for i, w in enumerate(self.board.wall) if w)
        return square_text_window(Square(col, row), shown, vmap.columns, vmap.rows,
                                  mark={here: "@"}, blocked=walls)

    # -- jumps (D-jump) ----------------------------------------------------------------------------
    def _run_flags(self, flags: int) -> tuple[int, int]:
        """``flags`` without the run-up, and the run-up bits after one more step on foot (a
        jumper's only: for anyone else the run-up stays 0, so its states are as many as ever)."""
        if not self.jumper:
            return flags, 0
        run = min(2, ((flags & RUN_MASK) >> RUN_SHIFT) + 1)
        return flags & ~RUN_MASK, run << RUN_SHIFT

    def _jump_steps(self, out: list[StepTuple], place: Place, provoked: int, b: int, c: int,
                    flags: int, spent: int) -> None:
        """The long and high jumps from ``place`` that the movement left allows (D-jump): each
        foot jumped costs a foot of the walking speed, Dash doubling it as for any step."""
        running = flags & RUN_MASK == RUN_UP
        jumps = self._jumps.get(place.pos)
        if jumps is None:
            jumps = self._jumps[place.pos] = self._jumps_from(place)
        limit = self.speed[WALK] * self.scale
        auto_dash = not self.full and self.can_act and not flags & ACTION
        dashed = 2 if flags & DASHED else 1
        disengaged = bool(flags & DISENGAGED)
        moved = flags & ~RUN_MASK
        for jump in jumps:
            if not (running or jump.standing):
                continue
            cost, nb, nc, parity = self._jump_cost(jump, b, c, flags)
            total = spent + cost
            name, nflags = jump.name, moved ^ parity
            if total > limit * dashed:
                if not auto_dash or total > 2 * limit:
                    continue
                name, nflags = "dash " + name, nflags | ACTION | DASHED
            new = 0 if disengaged else self._jump_provokes(place, jump.chain, provoked)
            target = self.pack(jump.dst.pos, provoked | new, nb, nc, nflags)
            events = (self._attacks(new) if new else _NO_EVENTS) + (jump.events[running],)
            out.append((name, target, cost, jump.checks, events))

    def _jump_provokes(self, place: Place, chain: tuple[Place, ...], provoked: int) -> int:
        """The hostiles whose reach the jump leaves, space by space (D-creatures)."""
        new = 0
        threat = place.threat
        for passed in chain:
            left = threat & ~(provoked | new) & ~passed.threat
            new |= left
            threat = passed.threat
        return new

    def _jump_cost(self, jump: _Jump, b: int, c: int, flags: int) -> tuple[int, int, int, int]:
        """(ticks, new b, new c, PARITY if the ``dmg`` parity flips): the spaces jumped over are
        counted as steps along the line by the diagonal option, the height of a high jump 5 ft a
        level."""
        scale = self.scale
        rise = 5 * jump.rise * scale
        n = jump.squares
        if jump.axes == 1 or self.rule is DiagonalRule.PHB:
            return rise + 5 * n * scale, b, c, 0
        if self.rule is DiagonalRule.DMG:
            tens = (n + (1 if flags & PARITY else 0)) // 2
            return rise + 5 * (n + tens) * scale, b, c, PARITY if n % 2 else 0
        return (rise + 5 * (round_root_sum(b + n, c) - round_root_sum(b, c)) * scale,
                b + n, c, 0)

    def _jumps_from(self, place: Place) -> tuple[_Jump, ...]:
        """Every jump with room from ``place`` after a run-up, whatever the movement left; each
        says whether it also needs none."""
        if self._jump_refusal(place) is not None:
            return ()
        col, row = self.board.coords[place.anchor]
        found = []
        for dc, dr in self._directions():
            found.append(self._jump_plan(place, True, col + dc, row + dr, True))
            n = 1
            while self._jump_length(n, dc, dr) <= (self.me.strength or 0):
                found.append(self._jump_plan(place, False, col + n * dc, row + n * dr, True))
                n += 1
        return tuple(j for j in found if isinstance(j, _Jump))

    def _directions(self) -> tuple[tuple[int, int], ...]:
        return _HEX_DIRECTIONS if self.board.hex else _SQUARE_DIRECTIONS

    def _jump_length(self, n: int, dc: int, dr: int) -> int:
        """Feet of a long jump over ``n`` spaces of direction (dc, dr), measured on its own by
        the diagonal option: what the Strength score must cover."""
        if self.board.hex or not (dc and dr):
            return 5 * n
        return grid_distance((n, n, 0), self.rule)

    def _jump_refusal(self, place: Place) -> tuple[str, str] | None:
        """Why the creature cannot jump from ``place`` at all, or None."""
        name = self.name
        me = self.me
        if me.strength is None:
            return ("D-jump", f"{name} has no Strength score in the scenario (strength: 3 … 30): "
                              "how far it jumps depends on it, so it does not jump")
        if not self.speed[WALK]:
            return ("D-jump", f"a jump is movement on foot, paid with the walking speed; {name} "
                              "has no walking speed")
        if place.kind == AIR:
            return ("D-jump", f"{name} is in the air: a jump starts from the ground")
        if place.kind == UNDER:
            return ("D-jump", f"{name} is under the ground: a jump starts from the ground")
        if place.water:
            return ("D-jump", f"{name} is swimming: a jump starts from solid ground")
        if place.squeezed:
            return ("D-jump", f"{name} is squeezing: a jump needs room for its whole space")
        return None

    def _jump_plan(self, place: Place, high: bool, col: int, row: int,
                   running: bool) -> _Jump | tuple[str, str]:
        """The jump from ``place`` landing with the north-west space at (col, row), or why there
        is none (D-jump): a long jump along a line to the same level, a high jump onto an
        adjacent space whose ground is higher."""
        board = self.board
        here = board.labels[place.anchor]
        name = self.name
        target = board.at(col, row)
        if target is None:
            return ("D-jump", f"there is no {'hex' if board.hex else 'square'} {_label(col, row)} "
                              "on the map")
        label = board.labels[target]
        hc, hr = board.coords[place.anchor]
        dc, dr = col - hc, row - hr
        strength = self.me.strength or 0
        unrun = "" if running else (", standing (it has not walked 10 ft on foot right "
                                    "before: no run-up)")
        if high:
            if (dc, dr) not in self._directions():
                return ("D-jump", f"a high jump lands on a space next to {name}'s; {label} is not "
                                  f"adjacent to {here}")
            top = self._ground_top(target)
            if top is None:
                return ("D-jump", f"{name}'s space would reach off the map at {label}")
            rise = top - place.z
            if rise <= 0:
                return ("D-jump", f"the ground at {label} is not higher than where {name} stands: "
                                  f"a high jump lands on higher ground (along the level: "
                                  f"jump:{label})")
            reach = max(0, 3 + self.me.strength_modifier)
            if 5 * rise * (1 if running else 2) > reach:
                most = self._feet(Fraction(reach, 1 if running else 2))
                return ("D-jump", f"a high jump onto {label} clears {self._feet(5 * rise)}; "
                                  f"{name} (Strength {strength}) jumps {most} high{unrun}")
            chain: list[Place] = []
            for z in range(place.z + 1, top + 1):
                passed = self._jump_space(place.anchor, z, f"above {here}")
                if isinstance(passed, tuple):
                    return passed
                chain.append(passed)
            for corner in self._jump_corners(hc, hr, dc, dr):
                room = "off the map" if corner < 0 else self._fits(corner, top, False)
                if room is not None:
                    return ("D-jump", f"the jump would cut a corner: {room}")
            wall = self._jump_wall(target, dc, dr)
            if wall is not None:
                return ("D-walls", f"the jump onto {label} would cross a wall: {wall}")
            feet, squares, z = 5 * rise, 1, top
            standing = 10 * rise <= reach
        else:
            line = self._line_squares(dc, dr)
            if line is None:
                return ("D-jump", f"a long jump goes in a straight line (a row, a column or a "
                                  f"diagonal); {label} is not in line with {here}")
            squares = line
            ec, er = dc // squares, dr // squares
            feet = self._jump_length(squares, ec, er)
            if feet * (1 if running else 2) > strength:
                most = self._feet(Fraction(strength, 1 if running else 2))
                return ("D-jump", f"a long jump to {label} covers {self._feet(feet)}; {name} "
                                  f"(Strength {strength}) jumps {most}{unrun}")
            chain = []
            for k in range(squares):
                for corner in self._jump_corners(hc + k * ec, hr + k * er, ec, er):
                    cut = self._jump_corner(corner, place.z, feet)
                    if cut is not None:
                        return cut
                over = board.at(hc + (k + 1) * ec, hr + (k + 1) * er)
                wall = None if over is None else self._jump_wall(over, ec, er)
                if wall is not None:
                    return ("D-walls", f"the jump to {label} would cross a wall: {wall}")
                if k + 1 < squares:
                    at = board.at(hc + (k + 1) * ec, hr + (k + 1) * er)
                    assert at is not None  # on the line between two spaces of the map
                    passed = self._jump_over(at, place.z, feet)
                    if isinstance(passed, tuple):
                        return passed
                    chain.append(passed)
            rise, z = 0, place.z
            standing = 2 * feet <= strength
        dst = self.place(self.position(target, z))
        if dst is None or dst.squeezed:
            why = self._fits(target, z, False)
            return ("D-jump", f"{name} has no room to land at {label}, altitude {z}: "
                              f"{why or 'only squeezing'} (a jump cannot squeeze)")
        if dst.kind != GROUND:
            return ("D-jump", f"{name} would land in the air at {label}: the ground there is at "
                              f"altitude {dst.landing}, and a long jump lands at the level it "
                              f"leaves (altitude {place.z}): jump to the edge, then step down")
        blocked = self._jump_blocked(dst, label)
        if blocked is not None:
            return blocked
        chain.append(dst)
        checks = self.landing_checks() if dst.difficult else _NO_CHECKS
        event: dict[str, Any] = {"type": "jump", "jump": "high" if high else "long", "feet": feet}
        if self.metric:
            event["metres"] = format_cost(Fraction(feet * 3, 10))
        return _Jump(f"{'jump-up' if high else 'jump'}:{label}", dst, tuple(chain), squares,
                     2 if dc and dr and not board.hex else 1, rise, checks, standing,
                     ({**event, "run_up": False}, {**event, "run_up": True}))

    def landing_checks(self) -> tuple[Save, ...]:
        """The check of a jump landing in difficult terrain (D-jump), none if it cannot fail."""
        chance = 5 * max(0, min(20, 11 + self.me.acrobatics))
        if chance >= 100:
            return _NO_CHECKS
        return (Save("D-jump", "Acrobatics DC 10", chance, "it lands prone"),)

    def _jump_wall(self, anchor: int, dc: int, dr: int) -> str | None:
        """The wall a jump's footprint crosses moving by (dc, dr) onto ``anchor`` (D-walls)."""
        if not self.board.walled:
            return None
        board = self.board
        col, row = board.coords[anchor]
        behind = board.at(col - dc, row - dr)
        cells = board.cells_of(anchor, self.offsets)
        before = None if behind is None else board.cells_of(behind, self.offsets)
        return None if cells is None or before is None else board.step_wall(before, cells, dc,
                                                                            dr)

    def _ground_top(self, anchor: int) -> int | None:
        """The highest ground under the creature's whole space at ``anchor`` (None: off the
        map), made once per space."""
        try:
            return self._tops[anchor]
        except KeyError:
            pass
        cells = self.board.cells_of(anchor, self.offsets)
        top = self._tops[anchor] = (None if cells is None
                                    else max(self.board.ground[i] for i in cells))
        return top

    def _feet(self, feet: Fraction | int) -> str:
        """A length given in feet, as reports spell it (``7.5 ft``, or ``2.25 m``)."""
        if self.metric:
            return f"{format_amount(Fraction(feet) * Fraction(3, 10), 'm')} m"
        return f"{format_amount(Fraction(feet), 'ft')} ft"

    def _line_squares(self, dc: int, dr: int) -> int | None:
        """How many spaces along one direction (dc, dr) is, or None off every line."""
        if (dc, dr) == (0, 0):
            return None
        if self.board.hex:
            if dc == 0:
                return abs(dr) // 2
            return abs(dc) if abs(dc) == abs(dr) else None
        if dc == 0 or dr == 0 or abs(dc) == abs(dr):
            return max(abs(dc), abs(dr))
        return None

    def _jump_corners(self, col: int, row: int, dc: int, dr: int) -> tuple[int, ...]:
        """The anchors a diagonal square passes beside (Decision 11); -1 off the map."""
        if self.board.hex or not (dc and dr):
            return ()
        at = self.board.at
        return tuple(-1 if i is None else i for i in (at(col + dc, row), at(col, row + dr)))

    def _jump_corner(self, corner: int, z: int, feet: int) -> tuple[str, str] | None:
        """Why a corner a long jump passes has no room (walls, ceilings, ground too high)."""
        if corner < 0:
            return ("D-jump", "the jump would cut a corner: off the map")
        cleared = self._jump_clear(corner, z, feet)
        if isinstance(cleared, tuple):
            return ("D-jump", f"the jump would cut a corner: {cleared[1]}")
        why = self._fits(corner, cleared, False)
        if why is not None:
            return ("D-jump", f"the jump would cut a corner: {why}")
        return None

    def _jump_clear(self, anchor: int, z: int, feet: int) -> int | tuple[str, str]:
        """The altitude a long jump of ``feet`` passes over ``anchor`` at: its takeoff level, or
        the top of a low obstacle there (raised ground at most a quarter of the jump's length
        higher); or why it cannot pass."""
        top = self._ground_top(anchor)
        label = self.board.labels[anchor]
        if top is None:
            return ("D-jump", f"{self.name}'s space would reach off the map at {label}")
        if top > z and 4 * 5 * (top - z) > feet:
            return ("D-jump", f"the ground at {label} is {self._feet(5 * (top - z))} higher: a "
                              f"long jump of {self._feet(feet)} clears an obstacle no taller than "
                              "a quarter of its length")
        return max(top, z)

    def _jump_over(self, anchor: int, z: int, feet: int) -> Place | tuple[str, str]:
        """The space a long jump passes over ``anchor`` (room, obstacle, creatures)."""
        cleared = self._jump_clear(anchor, z, feet)
        if isinstance(cleared, tuple):
            return cleared
        return self._jump_space(anchor, cleared, self.board.labels[anchor])

    def _jump_space(self, anchor: int, z: int, where: str) -> Place | tuple[str, str]:
        why = self._fits(anchor, z, False)
        if why is not None:
            return ("D-jump", f"{self.name} has no room to jump past {where}: {why}")
        passed = self.place(self.position(anchor, z))
        assert passed is not None  # its whole footprint fits there
        blocked = self._jump_blocked(passed, where)
        return passed if blocked is None else blocked

    def _jump_blocked(self, passed: Place, where: str) -> tuple[str, str] | None:
        """A hostile the creature cannot move through, in a space the jump passes or lands on:
        a jump goes through spaces as a step does (D-creatures)."""
        for i in passed.occupants:
            if self.blocking[i]:
                other = self.others[i]
                return ("D-creatures", f"{other.display_name} ({other.size.value}) at {where} is "
                                       f"hostile and less than two sizes larger or smaller than "
                                       f"{self.name}: a jump cannot pass through its space")
        return None

    def _explain_jump(self, code: int, spent: int, move: str) -> tuple[str, str]:
        flags = code & FLAG_MASK
        place = self._place_of(code)
        if flags & PRONE:
            return ("D-jump", f"{self.name} is prone: it stands up before it jumps")
        refusal = self._jump_refusal(place)
        if refusal is not None:
            return refusal
        kind, _colon, where = move.partition(":")
        col, row = split_label(where, kind="hex" if self.board.hex else "square")
        jump = self._jump_plan(place, kind == "jump-up", col, row, flags & RUN_MASK == RUN_UP)
        if not isinstance(jump, _Jump):
            return jump
        cost = self._jump_cost(jump, *self.unpack(code)[2:4], flags)[0]
        left = max(0, self.cap(WALK, flags) - spent)
        hint = ""
        if self.can_act and not flags & ACTION and spent + cost <= self.cap(WALK, DASHED):
            hint = "; Dash (its action) would add its speed"
        dash = " with Dash" if flags & DASHED else ""
        return ("D-jump", f"the jump to {where} costs {self.length(cost)} {self.unit} (a foot of "
                          f"movement per foot jumped), but with its walking speed{dash} "
                          f"{self.name} has only {self.length(left)} {self.unit} left after "
                          f"moving {self.length(spent)} {self.unit}{hint}")

    # -- for the turn report -----------------------------------------------------------------------
    def flags_of(self, code: int) -> int:
        return code & FLAG_MASK


# -- the compiled search's records, made into steps when a way is asked for ----------------------
# a jump's bits and the kinds of step, as ``_kernel5e`` has them
_SUFFIXES = ("", "+up", "+down", "up", "down")
_SUFFIX_RISE = (0, 1, -1, 1, -1)  # the levels each rises
_J_HIGH, _J_CHECKED, _J_STANDING, _J_FLIP = 1, 2, 4, 8
_KIND_DASH, _KIND_STAND, _KIND_DASH_STAND, _KIND_JUMP = 5, 10, 11, 12


class _KernelSteps:
    """A settled state's step from the kind the compiled search recorded (``search.StepKinds``):
    its move from the kind and the place reached, its checks from the kind, its events from the
    state it left as well (the hostiles it provoked, a fall's, a jump's)."""

    def __init__(self, space: Dnd5eSpace):
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
            return _NO_CHECKS
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
            return (name, target, cost, _NO_CHECKS, _NO_EVENTS)
        new = ((target & ~source) >> LOW_BITS) & space.watch_mask
        place = space.place_of(source)
        if kind >= _KIND_JUMP:
            bare = name.removeprefix("dash ")
            jumps = space._jumps.get(place.pos)
            if jumps is None:  # made in C for the search (``_kernel5e.Native``)
                jumps = space._jumps[place.pos] = space._jumps_from(place)
            jump = next(j for j in jumps if j.name == bare)
            events = (space._attacks(new) if new else _NO_EVENTS) + (
                jump.events[source & RUN_MASK == RUN_UP],)
            return (name, target, cost, jump.checks, events)
        # a walk off a ledge ends below the space it steps into: its fall's event (``_drop``);
        # the step's level change is its suffix's
        levels = space.levels
        end = (target >> LOW_BITS) >> space.n_watchers
        into = (end // levels) * levels + place.z + _SUFFIX_RISE[kind % _KIND_DASH] \
            - space.board.bottom
        fell = _NO_EVENTS
        if into != end:
            stepped = space.place(into)
            assert stepped is not None
            fell = space._drop(stepped, bool(source & PRONE))[2]
        return (name, target, cost, _NO_CHECKS, space._attacks(new) + fell if new else fell)


class _Settled(SettledArrays):
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


#: A mode of movement as said at the table.
MODE_WORDS = {"walk": "walking", "fly": "flying", "climb": "climbing", "swim": "swimming",
              "burrow": "burrowing"}


def altitude_words(level: int, unit: str) -> str:
    """An altitude level as a height (5 ft a level, D-grid): ``2 (10 ft)``, or ``2 (3 m)`` with
    ``units: m``."""
    height = Fraction(3, 2) * level if unit == "m" else Fraction(5) * level
    return f"{level} ({format_amount(height, unit)} {unit})"


def _label(col: int, row: int) -> str:
    from ...geometry.labels import column_label

    if col < 1 or row < 1:
        return "off-the-map"
    return f"{column_label(col)}{row}"

