"""The creature on the board: what it is, where its footprint has room and what is there.

``PlaceSpace`` is the ground floor of ``Dnd5eSpace`` (``space.py``): it makes the space (the
creature's speeds and footprints, the others on the map, the shared tables, the start), turns a
footprint position into a ``Place`` (room, squeezing, terrain, occupants, threats: D-size,
D-terrain, D-creatures), packs and unpacks states (``codes``), and works out where a fall ends
(D-fly). The layers above (jumps, steps, the compiled search, ends, words) read what it sets.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...geometry.labels import column_label
from ...i18n import language
from ...model import format_amount, format_cost
from ...search import StateEstimate, refuse_too_large
from ._messages import _
from .board import Board, footprint_offsets, shared_board
from .codes import (
    AIR,
    CLIMB,
    DASHED,
    EU_BITS,
    EU_MASK,
    FALLING,
    FLAG_BITS,
    FLAG_MASK,
    FLY,
    GROUND,
    LOW_BITS,
    PRONE,
    SWIM,
    UNDER,
    WALK,
)
from .falling import Fall, fall
from .model import (
    NO_ACTION,
    NO_REACTION,
    SPEED_ZERO,
    Dnd5eBattle,
    Dnd5eCreature,
    GridKind,
    Size,
    Units,
)
from .tables import Front, Place, shared_tables
from .words import conditions_words

__all__ = ["PlaceSpace", "aloft_cause", "label_at"]


def aloft_cause(me: Dnd5eCreature) -> str:
    """What would make a creature in the air fall at the start of its turn, in words (D-fly):
    ``prone in the air`` or ``speed 0 (grappled)``."""
    if me.speed_zero:
        return _("speed 0 ({conditions})").format(
            conditions=conditions_words(me.conditions & SPEED_ZERO))
    return _("prone in the air")


def label_at(col: int, row: int) -> str:
    """The label of the space at (col, row), ``off-the-map`` past the map's west or north edge."""
    if col < 1 or row < 1:
        return "off-the-map"
    return f"{column_label(col)}{row}"


class PlaceSpace:
    """A creature's turn on a ``dnd5e`` battlefield, as far as where it is: what the layers
    above (``Dnd5eSpace``) step, jump, end and describe from. See ``Dnd5eSpace`` for the
    arguments."""

    #: a settled state costs about 6.4 kB while searching in Python (its place's footprint,
    #: edges and fronts are kept per place) and 8.2 kB with the reach and its JSON
    #: (benchmarks/memory.py): this cap keeps a pure search near 1 GB (docs/limits.md). The
    #: compiled search makes its tables in C: about 0.6 kB a state searching, tables included,
    #: 2.2 kB with the reach and its JSON (about 90 and 330 MB at the cap); its own arrays hold
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
        self._fronts: dict[int, list[Front]] = {}
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
        # magic holding it aloft (the fly spell …) keeps it up as hovering does, and changes
        # nothing else (D-fly); ``magic`` only where it is what keeps it up (not a hoverer)
        self.magic = me.magic_flight and me.speed.fly > 0 and not self.hover
        self.held_aloft = self.hover or self.magic
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

    # -- the others on the map ---------------------------------------------------------------------
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

    # -- positions ---------------------------------------------------------------------------------
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
        key = (anchor, z, squeezed, language())  # the reason is said in each language
        try:
            return self._room[key]
        except KeyError:
            pass
        why = self._room[key] = self._fits_now(anchor, z, squeezed)
        return why

    def _fits_now(self, anchor: int, z: int, squeezed: bool) -> str | None:
        offsets = self.small_offsets if squeezed else self.offsets
        if offsets is None:
            return _("it cannot squeeze smaller")
        if squeezed and self.board.cells_of(anchor, self.offsets) is None:
            return _("its space would reach off the map")  # the map's edge is no wall (D-size)
        height = self.small_height if squeezed else self.height
        cells = self.board.cells_of(anchor, offsets)
        if cells is None:
            return _("its space would reach off the map")
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

    # -- packing -----------------------------------------------------------------------------------
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

    def flags_of(self, code: int) -> int:
        return code & FLAG_MASK

    def _start_code(self, me: Dnd5eCreature) -> int:
        anchor = self.board.at(*me.at)
        assert anchor is not None
        pos = self.position(anchor, me.altitude)
        place = self.place(pos)
        if place is None:
            from ...errors import ScenarioError

            why = self._fits(anchor, me.altitude, False) or _("no room")
            raise ScenarioError(_("{creature} does not fit where it stands: {why} (D-size)")
                                .format(creature=me.id, why=why))
        flags = PRONE if me.prone else 0
        if place.kind == AIR and (me.prone or (self.speed[FLY] == 0 and me.speed.fly > 0)):
            if self.magic:  # knocked prone or at speed 0 in the air, held up by magic (D-fly)
                self.start_events = ({**self.held_event(aloft_cause(me)), "step": 0},)
            elif not self.hover:  # …with nothing to hold it up: it falls (D-fly)
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

    def length(self, ticks: int) -> str:
        return format_cost(ticks * self.tick)

    def amount(self, ticks: int) -> str:
        """A length of movement as a person reads it, with its unit: ``15 ft``, ``4,5 m``."""
        return f"{format_amount(ticks * self.tick, self.unit)} {self.unit}"

    def _attacks(self, bits: int) -> tuple[dict[str, Any], ...]:
        return tuple({"type": "opportunity-attack", "by": self.others[i].id}
                     for bit, i in enumerate(self.watchers) if bits >> bit & 1)

    # -- falls (D-fly) -----------------------------------------------------------------------------
    @property
    def start_fall(self) -> dict[str, Any] | None:
        """The fall the creature makes before its first step (D-fly), or None: a creature
        held aloft by magic has a ``held-aloft`` start event instead."""
        return next((e for e in self.start_events if e["type"] == "fall"), None)

    @staticmethod
    def held_event(cause: str) -> dict[str, Any]:
        """D-fly: what would have made it fall (``cause``) does not, as magic holds it up."""
        return {"type": "held-aloft", "cause": cause, "rule": "D-fly"}

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
