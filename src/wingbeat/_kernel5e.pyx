# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The compiled ``dnd5e`` search: Dial's bucket queue over a flat per-battle step table, with
results identical to ``search.explore`` over ``Dnd5eSpace.steps`` (a pruned search, ``phb`` or
``dmg`` diagonals).

What a step from a place can be does not depend on the movement left: ``Dnd5eSpace`` works it out
once per battle and creature (its ``Tables``), and ``StepTable`` keeps it in flat C arrays, filled
place by place the first time a search needs one (in C by ``Native``, or a call back into Python,
``fill``); a plain place (open air or ground, nothing near: ``Native.plain_class``) shares the
record of the first place of its class, its moves not made again. The search
then does, per step, only what depends on the state: the cost with the ``dmg`` parity, the speed
left (Dash taken on the step that first needs it), the opportunity attacks drawn (the provoked
bits), the jumper's run-up, and the pruning of dominated states (``Dnd5eSpace._flat_steps``), in
the same order as ``Dnd5eSpace.steps``. For each settled state it records the packed code, the
priority, the settled index of its parent and a small code for the kind of step (``KIND_*``);
``rulesets/dnd5e/space.py`` makes the move, checks and events of a step only when a way is asked
for. The bucket queue and the arrays of settled states are ``_bucketqueue``'s, shared with
``_kernel``.
"""

cimport cython
from cpython cimport array
from libc.stdlib cimport calloc, malloc, realloc, free
from libc.stdint cimport int64_t, int32_t, int16_t, int8_t, uint64_t, uint32_t, uint16_t

from wingbeat._bucketqueue cimport (
    SLOTS, Bucket, Cursor, Queue, Settled, next_priority, order_ways, pop, priority_of, push,
    queue_bytes, queue_free, queue_make, read_up_to, settled_arrays, settled_result,
    stop_after_priority, write_settled)

# flags: rulesets/dnd5e/space.py
cdef enum:
    PRONE = 1 << 0
    ACTION = 1 << 1
    DASHED = 1 << 2
    DISENGAGED = 1 << 3
    PARITY = 1 << 5
    FALLING = 1 << 6
    RUN_SHIFT = 7
    RUN_MASK = 3 << 7
    RUN_UP = 2 << 7
    FLAG_MASK = (1 << 9) - 1
    LOW_BITS = 29

# the kinds of step: a move (``SUFFIXES``'s index, + 5 with Dash), standing up, a jump
KIND_MOVE = 0
KIND_DASH = 5
KIND_STAND = 10
KIND_DASH_STAND = 11
KIND_JUMP = 12  # + 1 high, + 2 with its landing check, + 4 with Dash
SUFFIXES = ("", "+up", "+down", "up", "down")


cpdef int suffix_of(str name):
    """Which of ``SUFFIXES`` a move's name ends with (``C5``, ``C5+up``, ``up``)."""
    if name == "up" or name == "down":
        return 3 if name == "up" else 4
    return 1 if name.endswith("+up") else 2 if name.endswith("+down") else 0

# search outcomes
DONE = 0
TOO_MANY = 1

cdef enum:
    K_DASH = 5
    K_STAND = 10
    K_DASH_STAND = 11
    K_JUMP = 12
    # an edge's bits
    E_FLIP = 1  # a diagonal (more than one axis): the dmg parity applies
    E_FOOT = 2  # on foot: counts towards a jumper's run-up
    E_SUFFIX_SHIFT = 2
    E_SUFFIX_MASK = 15
    E_SETS_SHIFT = 6  # the flags a fall sets (``FLAG_MASK``'s 9 bits)
    # a jump's bits
    J_HIGH = 1
    J_CHECKED = 2
    J_STANDING = 4
    J_FLIP = 8  # the dmg parity flips

cdef enum:
    # a page of the step table's index: 1,024 keys, 4 kB (a page of memory: one a row of a
    # map's squares an open search crosses touches about 3 of them at top 60, not 12 kB of
    # 16 kB ones)
    KEYS_PAGE_BITS = 10
    KEYS_PAGE = 1 << 10
    MAX_TEMPLATES = 256  # classes of plain places whose record is shared (``Native.make``)

cdef int64_t NEVER = (<int64_t>1) << 62
#: the step table's edges keep a destination's threat in 32 bits and its position as a 32-bit
#: offset: a battle past these is searched in Python (``CompiledSpace.compiled_search``)
MAX_WATCHERS = 32
MAX_POSITIONS = 1 << 30
cdef int64_t _last_bytes = 0
cdef int64_t _last_parts[5]


def last_search_parts():
    """What ``last_search_bytes`` adds up, by part (for the benchmarks): states met (entries),
    hash slots, queue and buckets, pruning table, states settled (the arrays returned)."""
    return {"entries": _last_parts[0], "slots": _last_parts[1], "queue": _last_parts[2],
            "pruning": _last_parts[3], "settled": _last_parts[4]}


def last_search_bytes():
    """The bytes the last ``dnd5e_search`` wrote (for the benchmarks): its states met, hash
    slots, queue and buckets, its pruning table and the arrays it returned, as far as it filled
    them (room reserved past that is never touched, and costs no memory)."""
    return _last_bytes


cdef struct Rec:
    # what a search needs of one place and posture (a key: position × 2 + prone), 32 bytes
    uint32_t threat  # at most ``MAX_WATCHERS`` hostiles
    int32_t stand_cost  # -1: cannot stand up here
    int32_t stand_cap
    int32_t edge_start
    int32_t edge_end
    int32_t jump_start
    int32_t jump_end
    int32_t crowded  # another creature's space: no end there (``Dnd5eSpace.end_problem``)


cdef struct Edge:
    # 16 bytes (was 24, the destination's whole code and a 64-bit threat): a place's 26 moves
    # are most of the step table, made on a battle's first reach
    int32_t delta  # destination position − this position (a fall's end for a walk off a ledge)
    uint32_t threat  # destination threat (at most 32 hostiles: ``MAX_WATCHERS``)
    int32_t limit  # ticks of the paying speed
    int16_t base  # ticks at 5 ft a square (at most 50: × 5 for the extra costs, × 2 half feet)
    uint16_t bits  # E_*, the move's suffix, and the flags a fall sets at E_SETS_SHIFT


cdef struct Jump:
    int64_t dst  # landing position
    int32_t cost  # ticks, without the dmg parity flag and with it
    int32_t cost_parity
    int32_t chain_start  # its passed places' threats in ``chain``
    int32_t chain_end
    int32_t bits  # J_*


cdef void *grow(void *data, int64_t *cap, int64_t need, size_t size) except NULL:
    cdef int64_t room = cap[0]
    cdef void *more
    if need <= room and data != NULL:
        return data
    if room < 64:
        room = 64
    while room < need:
        room *= 2
    more = realloc(data, <size_t>room * size)
    if more == NULL:
        raise MemoryError()
    cap[0] = room
    return more


cdef class Native


@cython.final
cdef class StepTable:
    """The steps of one creature's turn on one battle, place by place, whatever the movement
    left: kept on the battle's ``Tables`` and filled as searches meet new places.

    ``fill(key)`` (key: position × 2 + prone) returns ``(threat, stand_cost, stand_cap, edges,
    jumps, crowded)``: stand_cost -1 where it cannot stand up; the edges of ``_edges_from`` as
    they are (name, dash name, high, threat, axes, multiplier, limit, base, on foot, fall); each
    jump ``(landing position, cost, cost with the dmg parity, bits, threats of the places it
    passes, the landing last)``; crowded: 1 where a move may not end (another
    creature's space), but for the start.
    """

    # pages of KEYS_PAGE keys: 1 + its record, -1 - its shared record, 0 not filled yet; a
    # key's slot is its position, and past ``half`` for a prone key (``slot_of``): a creature
    # that never lies prone touches 4 B a place, not its prone keys' too
    cdef int32_t **index
    cdef int64_t half
    cdef int64_t n_index_pages, index_pages_made
    cdef int64_t n_keys
    cdef Rec *recs
    cdef int64_t n_recs, cap_recs
    cdef Rec shared[MAX_TEMPLATES]  # plain places' records (``Native.make``), one per class
    cdef int32_t n_shared
    cdef int64_t n_shared_keys
    cdef Edge *edges
    cdef int64_t n_edges, cap_edges
    cdef Jump *jumps
    cdef int64_t n_jumps, cap_jumps
    cdef int64_t *chain
    cdef int64_t n_chain, cap_chain
    cdef public object fill
    cdef public Native native  # fills records in C; None: ``fill`` does
    cdef readonly int32_t shift  # the hostiles' bits in a code (``n_watchers``)

    def __cinit__(self, int64_t n_keys, fill, int32_t shift=0):
        # paged: a map of a million squares and 400 levels has 800 million keys, a search meets
        # a few thousand
        self.half = (n_keys + 1) >> 1
        self.n_index_pages = (n_keys >> KEYS_PAGE_BITS) + 1
        self.index = <int32_t **>calloc(<size_t>self.n_index_pages, sizeof(int32_t *))
        if self.index == NULL:
            raise MemoryError()
        self.n_keys = n_keys
        self.fill = fill
        self.shift = shift

    def __dealloc__(self):
        cdef int64_t i
        if self.index != NULL:
            for i in range(self.n_index_pages):
                free(self.index[i])
        free(self.index)
        free(self.recs)
        free(self.edges)
        free(self.jumps)
        free(self.chain)

    @property
    def places(self):
        """How many keys are filled."""
        return self.n_recs + self.n_shared_keys

    @property
    def nbytes(self):
        """The bytes its arrays hold."""
        return (self.n_index_pages * 8 + self.index_pages_made * KEYS_PAGE * 4
                + self.cap_recs * sizeof(Rec) + self.cap_edges * sizeof(Edge)
                + self.cap_jumps * sizeof(Jump) + self.cap_chain * 8)

    cdef inline int64_t slot_of(self, int64_t key) noexcept:
        """Where the index keeps ``key`` (position × 2 + prone): the standing keys first."""
        return (key >> 1) + (key & 1) * self.half

    cdef inline int32_t known(self, int64_t key) noexcept:
        cdef int64_t at = self.slot_of(key)
        cdef int32_t *page = self.index[at >> KEYS_PAGE_BITS]
        return page[at & (KEYS_PAGE - 1)] if page != NULL else 0

    cdef inline Rec *rec_at(self, int32_t at) noexcept:
        """The record ``known`` names (not 0)."""
        return &self.recs[at - 1] if at > 0 else &self.shared[-at - 1]

    cdef inline Rec *rec(self, int64_t key) except NULL:
        """The record of ``key``, made the first time; valid until the next is made."""
        cdef int32_t at = self.known(key)
        return self.rec_at(at if at else self.record(key))

    cdef int32_t record(self, int64_t key) except 0:
        """The record of ``key`` as ``known`` names it, made the first time (in C by
        ``native``, else from ``fill``)."""
        cdef int32_t at = self.known(key)
        cdef int32_t bits
        cdef int64_t pos = key >> 1, high, sets
        cdef Rec r
        if at:
            return at
        if self.native is not None:
            return self.native.make(self, key)
        threat, stand_cost, stand_cap, edges, jumps, crowded = self.fill(key)
        at = self.known(key)  # another thread may have filled it meanwhile
        if at:
            return at
        r.threat = threat
        r.stand_cost = stand_cost
        r.stand_cap = stand_cap
        r.crowded = crowded
        self.edges = <Edge *>grow(self.edges, &self.cap_edges, self.n_edges + len(edges),
                                  sizeof(Edge))
        r.edge_start = self.n_edges
        for edge in edges:  # ``Dnd5eSpace._edges_from``'s tuples (``_Edge``), as they are
            suffix = suffix_of(edge[0])
            high = edge[2]
            sets = high & ((1 << LOW_BITS) - 1)
            if sets & ~FLAG_MASK or edge[3] >> MAX_WATCHERS:
                raise ValueError("an edge past the compiled table's bits")
            bits = (1 if edge[4] > 1 else 0) | (2 if edge[8] else 0) | (
                <int32_t>suffix << E_SUFFIX_SHIFT) | (<int32_t>sets << E_SETS_SHIFT)
            self.edges[self.n_edges] = Edge(
                <int32_t>(((high >> LOW_BITS) >> self.shift) - pos), <uint32_t>edge[3],
                edge[6], edge[7], <uint16_t>bits)
            self.n_edges += 1
        r.edge_end = self.n_edges
        self.add_jumps(&r, jumps)
        return self.add_record(key, &r)

    cdef int add_jumps(self, Rec *r, jumps) except -1:
        """Append ``fill``'s jumps for the record ``r``."""
        cdef int64_t start
        self.jumps = <Jump *>grow(self.jumps, &self.cap_jumps, self.n_jumps + len(jumps),
                                  sizeof(Jump))
        r.jump_start = self.n_jumps
        for dst, cost, cost_parity, bits, threats in jumps:
            self.chain = <int64_t *>grow(self.chain, &self.cap_chain,
                                         self.n_chain + len(threats), 8)
            start = self.n_chain
            for passed in threats:
                self.chain[self.n_chain] = passed
                self.n_chain += 1
            self.jumps[self.n_jumps] = Jump(dst, cost, cost_parity, start, self.n_chain, bits)
            self.n_jumps += 1
        r.jump_end = self.n_jumps
        return 0

    cdef int32_t *slot(self, int64_t key) except NULL:
        """Where ``known`` reads ``key``, its page made the first time."""
        cdef int64_t at = self.slot_of(key)
        cdef int64_t page = at >> KEYS_PAGE_BITS
        if self.index[page] == NULL:
            self.index[page] = <int32_t *>calloc(KEYS_PAGE, sizeof(int32_t))
            if self.index[page] == NULL:
                raise MemoryError()
            self.index_pages_made += 1
        return &self.index[page][at & (KEYS_PAGE - 1)]

    cdef int32_t add_record(self, int64_t key, Rec *r) except 0:
        cdef int32_t *at = self.slot(key)
        self.recs = <Rec *>grow(self.recs, &self.cap_recs, self.n_recs + 1, sizeof(Rec))
        self.recs[self.n_recs] = r[0]
        self.n_recs += 1
        at[0] = <int32_t>self.n_recs
        return at[0]

    cdef int32_t add_shared(self, int64_t key, int32_t t) except 0:
        """``key``'s record is the shared one ``t`` (no copy: a plain place costs its index)."""
        cdef int32_t *at = self.slot(key)
        at[0] = -1 - t
        self.n_shared_keys += 1
        return at[0]

    def entry(self, int64_t key):
        """The record of ``key`` as Python values (for the tests that compare a table filled by
        ``Native`` with one filled by ``fill``): (threat, stand_cost, stand_cap, crowded, edges
        (high, threat, limit, base, bits), jumps (dst, cost, cost_parity, bits, threats))."""
        cdef Rec *r = self.rec(key)
        cdef int64_t i, k
        cdef int64_t pos = key >> 1
        edges = tuple(((((pos + self.edges[i].delta) << self.shift) << LOW_BITS)
                       | (self.edges[i].bits >> E_SETS_SHIFT), self.edges[i].threat,
                       self.edges[i].limit, self.edges[i].base,
                       self.edges[i].bits & ((1 << E_SETS_SHIFT) - 1))
                      for i in range(r.edge_start, r.edge_end))
        jumps = tuple((self.jumps[i].dst, self.jumps[i].cost, self.jumps[i].cost_parity,
                       self.jumps[i].bits,
                       tuple(self.chain[k] for k in range(self.jumps[i].chain_start,
                                                          self.jumps[i].chain_end)))
                      for i in range(r.jump_start, r.jump_end))
        return r.threat, r.stand_cost, r.stand_cap, r.crowded, edges, jumps


# -- the step table made in C: places, footprints and moves (``Dnd5eSpace._make_place``,
# ``_span``, ``_ways``, ``_edges_from``) ------------------------------------------------------------
cdef enum:
    # a place's kind (``rulesets/dnd5e/space.py``: GROUND, AIR, UNDER) and speeds (WALK … BURROW)
    GROUND = 0
    AIR = 1
    UNDER = 2
    WALK = 0
    FLY = 1
    CLIMB = 2
    SWIM = 3
    BURROW = 4
    # a cell's terrain bits
    T_WALL = 1
    T_DIFFICULT = 2
    T_WATER = 4
    T_CLIMB = 8
    T_AIR_DIFFICULT = 16
    # a place's bits
    P_KNOWN = 1
    P_FITS = 2
    P_SQUEEZED = 4
    P_WATER = 8
    P_CLIMB = 16
    P_DIFFICULT = 32
    P_BLOCKING = 64
    P_CROWDED = 128
    P_LAND_KNOWN = 256
    P_LAND_REFUSED = 512
    P_KIND_SHIFT = 12
    PAGE_BITS = 10
    PAGE = 1 << 10
    MAX_CELLS = 16  # the largest footprint: a Gargantuan square's 4 × 4
    MAX_MET = 8  # distinct occupants told apart (the Tiny rule needs four)
    NO_TOP = -(1 << 30)  # no ground under a footprint off the map
    SHAPE = 7  # ints a step shape takes


cdef struct Place:
    # 16 bytes (was 32): one for every position a first search meets and the 26 around it
    uint32_t threat  # at most ``MAX_WATCHERS`` hostiles
    int32_t bits  # P_*, the kind at P_KIND_SHIFT
    int32_t land_delta  # a walk off the ledge here: where the fall ends, − this position
    int32_t land_sets  # the flags that fall sets


cdef struct Span:
    int32_t low, high, small_low, small_high  # ``Dnd5eSpace._span``
    int32_t known


cdef inline int32_t *_ints(object values) except NULL:
    """An ``array('i')``'s items (the array kept alive by its owner)."""
    cdef array.array a = values
    if len(a) == 0:
        return <int32_t *>&_NO_INT
    return <int32_t *>a.data.as_ints


cdef int32_t _NO_INT = 0


cdef void *paged(void **pages, int64_t key, size_t size) except NULL:
    """Where the item of ``key`` is, in ``pages`` of ``PAGE`` items of ``size`` bytes: its page
    made the first time one is needed, zeroed (a place or a span not known yet)."""
    cdef int64_t page = key >> PAGE_BITS
    if pages[page] == NULL:
        pages[page] = calloc(PAGE, size)
        if pages[page] == NULL:
            raise MemoryError()
    return <char *>pages[page] + <size_t>(key & (PAGE - 1)) * size


cdef inline void extent(const int32_t *axis, const int32_t *cells, int32_t start, int32_t end,
                        int32_t *low, int32_t *high) noexcept nogil:
    """The least and the greatest ``axis`` (a column or a row by cell) of ``cells[start:end]``
    (at least one)."""
    cdef int32_t i, t
    low[0] = high[0] = axis[cells[start]]
    for i in range(start, end):
        t = axis[cells[i]]
        low[0] = t if t < low[0] else low[0]
        high[0] = t if t > high[0] else high[0]


cdef inline int32_t gap_along(const int32_t *axis, const int32_t *cells, int32_t n,
                              const int32_t *others, int32_t start, int32_t end) noexcept nogil:
    """The squares between two footprints along one axis of a square grid, 0 where they
    overlap on it: ``cells[:n]`` and ``others[start:end]`` (``Board.distance``)."""
    cdef int32_t min_a, max_a, min_b, max_b
    extent(axis, cells, 0, n, &min_a, &max_a)
    extent(axis, others, start, end, &min_b, &max_b)
    return max(0, min_b - max_a, min_a - max_b)


@cython.final
cdef class Native:
    """``StepTable``'s records made in C: what ``Dnd5eSpace._kernel_fill`` works out in Python,
    from the board's cells, the creature's footprints and speeds, and the others' spaces as flat
    arrays (``Dnd5eSpace._native``): the same records in the same order (the tests compare the
    two tables). A jumper's jumps from a place on the ground are made here too, as
    ``_jumps_from`` and ``_kernel_jumps`` make them (D-jump). One rare thing it asks of Python,
    once per place: a walk off a ledge (``landing(pos)``: where the fall ends, the flags it sets,
    whether a hostile's space refuses it, D-fly).

    ``grid`` empty: a square map, every square, row-major (``FlatBoard``). ``numbers``: columns,
    rows, hex, bottom, top, levels, walled, dmg, burrow, scale, height,
    squeezed height, whole and squeezed footprint sizes (squeezed 0: it cannot squeeze), raw walk
    and fly speeds (which speed standing up spends), watchers (the provoked bits), jumper, Tiny,
    Strength, the feet it jumps high after a run-up, whether a landing's Acrobatics check can
    fail. ``directions``: the grid's directions (dc, dr, and the footprint's extent along it:
    ``jumps.footprint_extent``), in ``Dnd5eSpace._directions``'s order, for the jumps (D-jump).
    """

    cdef object keep  # the arrays pointed at
    cdef int32_t columns, rows, bottom, top, levels, scale, height, small_height
    cdef int32_t n_offsets, n_small, raw_walk, raw_fly, shift
    cdef bint hex, walled, dmg, burrow, jumper, me_tiny, landing_fails
    cdef int32_t strength, high_reach
    cdef int32_t *directions
    cdef int32_t n_directions
    cdef int32_t speed[5]
    cdef int32_t ground_modes[2]
    cdef int32_t n_ground_modes
    cdef int32_t *grid  # (row - 1) × columns + column - 1 → cell, -1 none; NULL: that index
    cdef bint every_square  # no grid: a square map, its cells row-major
    cdef int32_t *col
    cdef int32_t *row
    cdef int32_t *ground
    cdef int32_t *ceil
    cdef int32_t *terrain  # T_*
    cdef int32_t *sides  # row × (columns + 2) + column: 1 a wall east, 2 a wall south (D-walls)
    cdef int32_t *shapes  # per step (SHAPE): suffix, dc, dr, dz, axes, corners' start and end
    cdef int32_t n_shapes
    cdef int32_t *corners  # (dc, dr, dz) each
    cdef int32_t *corner_slot  # per corner: which of the distinct corner offsets it is
    cdef int32_t slots[64]  # the distinct corner offsets (dc, dr), at most 32
    cdef int32_t n_slots
    cdef int32_t *offsets  # (dc, dr) of the whole footprint's spaces, then the squeezed one's
    cdef int32_t *others  # per other (4): blocking, Tiny, lowest and highest level
    cdef int32_t *occ_start  # per cell: its occupants' span in ``occ``
    cdef int32_t *occ
    cdef int32_t *watchers  # per watcher (6): reach, cells' start and end, lowest, highest, -
    cdef int32_t n_watchers
    cdef int32_t *watch_cells
    cdef Place **places  # pages of PAGE places, by position
    cdef int64_t n_pages
    cdef Span **spans  # pages of PAGE spans, by anchor
    cdef int64_t n_span_pages
    cdef public object landing
    # plain places share their moves (``plain_class``): per cell 0 not known yet, 1 plain
    # around, 2 not; the box of cells a place's moves read, relative to its anchor; per watcher
    # the box of its cells; the templates made
    cdef public bint templates  # False: every record made in full (a hex map: always)
    cdef int8_t *plain
    cdef int32_t box[4]  # least and greatest column, then row, offsets from the anchor
    cdef int32_t reach_z  # the most levels a move or a corner it passes rises or drops
    cdef int32_t *watch_box  # per watcher: least and greatest column and row of its cells
    cdef int64_t template_class[MAX_TEMPLATES]  # the class of each of the table's ``shared``
    cdef int32_t n_templates, last_template
    cdef readonly int64_t shared  # records made from a template (for the tests)
    cdef bint walked_off  # the last record made in full has a walk off a ledge (its own fall)

    def __cinit__(self, tuple numbers, tuple speeds, tuple ground_modes, grid, col, row,
                  ground, ceil, terrain, sides, shapes, corners, offsets, others, occ_start, occ,
                  watchers, watch_cells, directions, int64_t positions, int64_t cells):
        cdef int32_t i, k
        (self.columns, self.rows, self.hex, self.bottom, self.top, self.levels, self.walled,
         self.dmg, self.burrow, self.scale, self.height, self.small_height, self.n_offsets,
         self.n_small, self.raw_walk, self.raw_fly, self.shift, self.jumper,
         self.me_tiny, self.strength, self.high_reach, self.landing_fails) = numbers
        if self.n_offsets > MAX_CELLS or self.n_small > MAX_CELLS:
            raise ValueError("a footprint of more than 16 spaces")
        self.keep = (grid, col, row, ground, ceil, terrain, sides, shapes, corners, offsets,
                     others, occ_start, occ, watchers, watch_cells, directions)
        self.directions = _ints(directions)
        self.n_directions = <int32_t>(len(directions) // 3)
        for i in range(5):
            self.speed[i] = speeds[i]
        self.n_ground_modes = len(ground_modes)
        for i in range(self.n_ground_modes):
            self.ground_modes[i] = ground_modes[i]
        self.every_square = len(grid) == 0
        if self.every_square and (self.hex or len(col) != <int64_t>self.columns * self.rows):
            raise ValueError("no grid, and not a whole square map")
        self.grid = _ints(grid)
        self.col = _ints(col)
        self.row = _ints(row)
        self.ground = _ints(ground)
        self.ceil = _ints(ceil)
        self.terrain = _ints(terrain)
        self.sides = _ints(sides)
        self.shapes = _ints(shapes)
        self.n_shapes = <int32_t>(len(shapes) // SHAPE)
        self.corners = _ints(corners)
        self.corner_slot = <int32_t *>calloc(len(corners) // 3 + 1, sizeof(int32_t))
        if self.corner_slot == NULL:
            raise MemoryError()
        self.n_slots = 0
        for i in range(len(corners) // 3):  # a place looks up each corner's room once
            for k in range(self.n_slots):
                if (self.slots[2 * k] == self.corners[3 * i]
                        and self.slots[2 * k + 1] == self.corners[3 * i + 1]):
                    break
            else:
                if self.n_slots == 32:
                    raise ValueError("more than 32 corner offsets")
                k = self.n_slots
                self.slots[2 * k] = self.corners[3 * i]
                self.slots[2 * k + 1] = self.corners[3 * i + 1]
                self.n_slots += 1
            self.corner_slot[i] = k
        self.offsets = _ints(offsets)
        self.others = _ints(others)
        self.occ_start = _ints(occ_start)
        self.occ = _ints(occ)
        self.watchers = _ints(watchers)
        self.n_watchers = <int32_t>(len(watchers) // 6)
        self.watch_cells = _ints(watch_cells)
        self.n_pages = (positions >> PAGE_BITS) + 1
        self.places = <Place **>calloc(<size_t>self.n_pages, sizeof(Place *))
        self.n_span_pages = (cells >> PAGE_BITS) + 1
        self.spans = <Span **>calloc(<size_t>self.n_span_pages, sizeof(Span *))
        if self.places == NULL or self.spans == NULL:
            raise MemoryError()
        self.set_templates(cells)

    cdef int set_templates(self, int64_t cells) except -1:
        """What ``plain_class`` reads: the box of cells around an anchor that its moves, their
        corners and the footprints at both ends cover, the levels they span, the watchers'
        boxes; square maps only (a hex grid's cells are not a row-major rectangle)."""
        cdef int32_t i, j, n_off = self.n_offsets + self.n_small, c, r
        self.templates = not self.hex
        self.n_templates = 0
        self.last_template = 0
        self.box[0] = self.box[1] = self.box[2] = self.box[3] = 0
        self.reach_z = 0
        for i in range(self.n_shapes):  # the anchors a move reaches, and their levels
            self.box[0] = min(self.box[0], self.shapes[SHAPE * i + 1])
            self.box[1] = max(self.box[1], self.shapes[SHAPE * i + 1])
            self.box[2] = min(self.box[2], self.shapes[SHAPE * i + 2])
            self.box[3] = max(self.box[3], self.shapes[SHAPE * i + 2])
            self.reach_z = max(self.reach_z, abs(self.shapes[SHAPE * i + 3]))
            for j in range(self.shapes[SHAPE * i + 5], self.shapes[SHAPE * i + 6]):
                self.reach_z = max(self.reach_z, abs(self.corners[3 * j + 2]))
        for j in range(self.n_slots):  # the corners' anchors
            self.box[0] = min(self.box[0], self.slots[2 * j])
            self.box[1] = max(self.box[1], self.slots[2 * j])
            self.box[2] = min(self.box[2], self.slots[2 * j + 1])
            self.box[3] = max(self.box[3], self.slots[2 * j + 1])
        c = r = 0  # and every footprint from those anchors, whole or squeezed
        for i in range(n_off):
            c = min(c, self.offsets[2 * i])
            r = min(r, self.offsets[2 * i + 1])
        self.box[0] += c
        self.box[2] += r
        c = r = 0
        for i in range(n_off):
            c = max(c, self.offsets[2 * i])
            r = max(r, self.offsets[2 * i + 1])
        self.box[1] += c
        self.box[3] += r
        self.plain = <int8_t *>calloc(<size_t>cells + 1, sizeof(int8_t))
        self.watch_box = <int32_t *>malloc((4 * self.n_watchers + 1) * sizeof(int32_t))
        if self.plain == NULL or self.watch_box == NULL:
            raise MemoryError()
        for i in range(self.n_watchers):
            if self.watchers[6 * i + 1] < self.watchers[6 * i + 2]:
                extent(self.col, self.watch_cells, self.watchers[6 * i + 1],
                       self.watchers[6 * i + 2], &self.watch_box[4 * i],
                       &self.watch_box[4 * i + 1])
                extent(self.row, self.watch_cells, self.watchers[6 * i + 1],
                       self.watchers[6 * i + 2], &self.watch_box[4 * i + 2],
                       &self.watch_box[4 * i + 3])
        return 0

    cdef bint plain_around(self, int32_t anchor) noexcept:
        """Every cell of the box around ``anchor`` is on the map, in row-major order, with
        the same ground and ceiling, and no terrain, wall, side wall or creature (any level):
        worked out once per cell."""
        cdef int8_t known = self.plain[anchor]
        cdef int32_t c0, r0, c, r, cell, g, top
        if known:
            return known == 1
        c0, r0 = self.col[anchor], self.row[anchor]
        g, top = self.ground[anchor], self.ceil[anchor]
        self.plain[anchor] = 2
        for r in range(r0 + self.box[2], r0 + self.box[3] + 1):
            for c in range(c0 + self.box[0], c0 + self.box[1] + 1):
                cell = self.cell_at(c, r)
                if (cell < 0 or cell != anchor + (r - r0) * self.columns + (c - c0)
                        or self.terrain[cell] or self.ground[cell] != g
                        or self.ceil[cell] != top
                        or self.occ_start[cell] != self.occ_start[cell + 1]
                        or self.sides[r * (self.columns + 2) + c]):
                    return False
        self.plain[anchor] = 1
        return True

    cdef int64_t plain_class(self, int64_t pos, bint prone) except -2:
        """The class of a plain place and posture, -1 where it is not plain: one whose box
        of cells is plain (``plain_around``) and where no watcher can reach any place its
        moves reach. Two places of one class have the same record, moves as offsets and costs
        alike: what differs between them is only where their levels stand against the ground,
        the footprint's room (``Span``), the bottom and the top, each counted up to one past
        the levels a move spans (``reach_z``)."""
        cdef int32_t anchor = <int32_t>(pos // self.levels)
        cdef int32_t z = <int32_t>(pos % self.levels) + self.bottom
        cdef int32_t c0, r0, w, dx, dy, dz, low, high, i, v, far = self.reach_z + 1
        cdef int32_t *wb
        cdef int32_t *at
        cdef Span *s
        cdef int32_t bounds[7]
        cdef int64_t cls
        if not self.plain_around(anchor):
            return -1
        c0, r0 = self.col[anchor], self.row[anchor]
        low = z - self.reach_z
        high = z + self.reach_z + self.height - 1
        for w in range(self.n_watchers):
            at = &self.watchers[6 * w]
            if at[1] == at[2]:
                continue
            wb = &self.watch_box[4 * w]
            dx = max(0, wb[0] - (c0 + self.box[1]), (c0 + self.box[0]) - wb[1])
            dy = max(0, wb[2] - (r0 + self.box[3]), (r0 + self.box[2]) - wb[3])
            dz = max(0, at[3] - high, low - at[4])
            if 5 * max(dx, dy, dz) <= at[0]:
                return -1  # a watcher may reach some place here
        s = self.span(anchor)
        bounds[0], bounds[1], bounds[2] = self.ground[anchor], s.low, s.high
        bounds[3], bounds[4], bounds[5], bounds[6] = s.small_low, s.small_high, self.bottom, self.top
        cls = 1 if prone else 0
        for i in range(7):
            v = z - bounds[i]
            v = -far if v < -far else far if v > far else v
            cls = cls * (2 * far + 1) + v + far
        return cls

    @property
    def nbytes(self):
        """The bytes its pages of places and spans and its per-cell arrays hold."""
        cdef int64_t i, size = (self.n_pages + self.n_span_pages) * sizeof(void *)
        for i in range(self.n_pages):
            if self.places[i] != NULL:
                size += PAGE * sizeof(Place)
        for i in range(self.n_span_pages):
            if self.spans[i] != NULL:
                size += PAGE * sizeof(Span)
        return size

    def __dealloc__(self):
        cdef int64_t i
        free(self.corner_slot)
        free(self.plain)
        free(self.watch_box)
        if self.places != NULL:
            for i in range(self.n_pages):
                free(self.places[i])
            free(self.places)
        if self.spans != NULL:
            for i in range(self.n_span_pages):
                free(self.spans[i])
            free(self.spans)

    # -- cells and footprints (``Board``) --------------------------------------------------------
    cdef inline int32_t cell_at(self, int32_t c, int32_t r) noexcept:
        if c < 1 or r < 1 or c > self.columns or r > self.rows:
            return -1
        if self.every_square:
            return (r - 1) * self.columns + c - 1
        return self.grid[(r - 1) * self.columns + c - 1]

    cdef int32_t cells_of(self, int32_t anchor, bint squeezed, int32_t *out) noexcept:
        """The footprint's cells from ``anchor`` into ``out``: how many, -1 if one is off the
        map (``Board.cells_of``)."""
        cdef int32_t n = self.n_small if squeezed else self.n_offsets
        cdef int32_t *off = self.offsets + (2 * self.n_offsets if squeezed else 0)
        cdef int32_t i, cell, c = self.col[anchor], r = self.row[anchor]
        for i in range(n):
            cell = self.cell_at(c + off[2 * i], r + off[2 * i + 1])
            if cell < 0:
                return -1
            out[i] = cell
        return n

    cdef inline bint side(self, int32_t ac, int32_t ar, int32_t bc, int32_t br) noexcept:
        """A wall on the side between two orthogonally adjacent squares (``side_key``)."""
        cdef int32_t c, r, bit
        if ar == br:
            c = ac if ac < bc else bc
            r = ar
            bit = 1
        else:
            c = ac
            r = ar if ar < br else br
            bit = 2
        if c < 0 or r < 0 or c > self.columns + 1 or r > self.rows + 1:
            return False
        return (self.sides[r * (self.columns + 2) + c] & bit) != 0

    cdef bint blocked(self, int32_t ac, int32_t ar, int32_t bc, int32_t br) noexcept:
        """``board._blocked``: a wall between adjacent squares; past a diagonal's corner point,
        any of the four sides that meet there (Decision 17)."""
        if ac == bc or ar == br:
            return self.side(ac, ar, bc, br)
        return (self.side(ac, ar, bc, ar) or self.side(ac, ar, ac, br)
                or self.side(bc, ar, bc, br) or self.side(ac, br, bc, br))

    cdef bint split(self, int32_t *cells, int32_t n) noexcept:
        """``Board.split_reason``: a wall runs between two spaces of the footprint."""
        cdef int32_t i, j, c, r
        for i in range(n):
            c = self.col[cells[i]]
            r = self.row[cells[i]]
            for j in range(n):
                if ((self.col[cells[j]] == c + 1 and self.row[cells[j]] == r
                     and self.side(c, r, c + 1, r))
                        or (self.col[cells[j]] == c and self.row[cells[j]] == r + 1
                            and self.side(c, r, c, r + 1))):
                    return True
        return False

    cdef bint clear_line(self, int32_t ac, int32_t ar, int32_t bc, int32_t br) except -1:
        """``board._clear_line``: some shortest way of squares from a to b crosses no wall."""
        cdef int32_t dc = bc - ac, dr = br - ar, long_gap, short_gap, sl, ss, i, j, k
        cdef int32_t x0, y0, x1, y1
        cdef bint swap = abs(dr) > abs(dc), any_next
        cdef unsigned char small[130]
        cdef unsigned char *front
        cdef unsigned char *nxt
        cdef unsigned char *buffer = NULL
        if swap:
            long_gap, short_gap = abs(dr), abs(dc)
        else:
            long_gap, short_gap = abs(dc), abs(dr)
        sl = 1 if (dr if swap else dc) > 0 else -1
        ss = 1 if (dc if swap else dr) > 0 else -1
        if short_gap + 1 <= 65:
            front = small
        else:
            buffer = <unsigned char *>malloc(2 * (short_gap + 1))
            if buffer == NULL:
                raise MemoryError()
            front = buffer
        nxt = front + short_gap + 1
        try:
            for j in range(short_gap + 1):
                front[j] = 0
            front[0] = 1
            for i in range(long_gap):
                for j in range(short_gap + 1):
                    nxt[j] = 0
                any_next = False
                for j in range(short_gap + 1):
                    if not front[j]:
                        continue
                    for k in range(j, j + 2):
                        if k <= short_gap and short_gap - k <= long_gap - i - 1:
                            if swap:
                                x0, y0, x1, y1 = ac + j * ss, ar + i * sl, ac + k * ss, ar + (i + 1) * sl
                            else:
                                x0, y0, x1, y1 = ac + i * sl, ar + j * ss, ac + (i + 1) * sl, ar + k * ss
                            if not self.blocked(x0, y0, x1, y1):
                                nxt[k] = 1
                                any_next = True
                if not any_next:
                    return False
                front, nxt = nxt, front
            return front[short_gap] != 0
        finally:
            free(buffer)

    cdef Span *span(self, int32_t anchor) except NULL:
        """``Dnd5eSpace._span``: the altitudes where the footprint has room, whole and squeezed."""
        cdef Span *s = <Span *>paged(<void **>self.spans, anchor, sizeof(Span))
        if not s.known:
            self.span_range(anchor, False, &s.low, &s.high)
            self.span_range(anchor, True, &s.small_low, &s.small_high)
            s.known = 1
        return s

    cdef void span_range(self, int32_t anchor, bint squeezed, int32_t *low,
                         int32_t *high) noexcept:
        """``Dnd5eSpace._range``."""
        cdef int32_t cells[MAX_CELLS]
        cdef int32_t n, i, lo, hi, height
        low[0], high[0] = 1, 0
        if squeezed and (self.small_height == 0 or self.cells_of(anchor, False, cells) < 0):
            return
        n = self.cells_of(anchor, squeezed, cells)
        if n < 0:
            return
        for i in range(n):
            if self.terrain[cells[i]] & T_WALL:
                return
        if self.walled and n > 1 and self.split(cells, n):
            return
        height = self.small_height if squeezed else self.height
        lo = self.bottom
        hi = self.top
        for i in range(n):
            if not self.burrow and self.ground[cells[i]] > lo:
                lo = self.ground[cells[i]]
            if self.ceil[cells[i]] - 1 < hi:
                hi = self.ceil[cells[i]] - 1
        hi = hi - height + 1
        if lo <= hi:
            low[0], high[0] = lo, hi

    # -- places (``Dnd5eSpace._make_place``) -----------------------------------------------------
    cdef inline Place *place(self, int64_t pos) except NULL:
        cdef int64_t page = pos >> PAGE_BITS
        cdef Place *p
        if self.places[page] != NULL:
            p = &self.places[page][pos & (PAGE - 1)]
            if p.bits & P_KNOWN:
                return p
        return self.new_place(pos)

    cdef Place *new_place(self, int64_t pos) except NULL:
        cdef Place *p = <Place *>paged(<void **>self.places, pos, sizeof(Place))
        if not p.bits & P_KNOWN:
            self.make_place(pos, p)
        return p

    cdef int make_place(self, int64_t pos, Place *p) except -1:
        cdef int32_t anchor = <int32_t>(pos // self.levels)
        cdef int32_t z = <int32_t>(pos % self.levels) + self.bottom
        cdef Span *s = self.span(anchor)
        cdef bint squeezed
        cdef int32_t cells[MAX_CELLS]
        cdef int32_t met[MAX_MET]
        cdef int32_t n, i, j, k, o, c, height, landing, kind, n_met = 0, bits
        cdef bint under = False, crowd_more = False, all_tiny = True, blocking = False
        cdef bint rough = False, water = False, climb = False
        cdef int64_t threat = 0
        p.bits = P_KNOWN
        if s.low <= z <= s.high:
            squeezed = False
        elif s.small_low <= z <= s.small_high:
            squeezed = True
        else:
            return 0
        n = self.cells_of(anchor, squeezed, cells)
        height = self.small_height if squeezed else self.height
        landing = self.ground[cells[0]]
        for i in range(n):
            c = cells[i]
            if self.ground[c] > landing:
                landing = self.ground[c]
            if z < self.ground[c]:
                under = True
            if self.terrain[c] & T_CLIMB:
                climb = True
        kind = UNDER if under else GROUND if z == landing else AIR
        for i in range(n):  # the others whose space this overlaps
            c = cells[i]
            for j in range(self.occ_start[c], self.occ_start[c + 1]):
                o = self.occ[j]
                if self.others[4 * o + 3] < z or self.others[4 * o + 2] > z + height - 1:
                    continue
                for k in range(n_met):
                    if met[k] == o:
                        break
                else:
                    if n_met < MAX_MET:
                        met[n_met] = o
                        n_met += 1
                    else:
                        crowd_more = True
                    if self.others[4 * o]:
                        blocking = True
                    if not self.others[4 * o + 1]:
                        all_tiny = False
        if kind != UNDER:
            if n_met:
                rough = True
            else:
                for i in range(n):
                    c = cells[i]
                    if ((z == self.ground[c] and self.terrain[c] & T_DIFFICULT)
                            or (z > self.ground[c] and self.terrain[c] & T_AIR_DIFFICULT)):
                        rough = True
                        break
        if kind == GROUND:
            for i in range(n):
                if self.terrain[cells[i]] & T_WATER:
                    water = True
                    break
        for i in range(self.n_watchers):
            if self.threatens(i, cells, n, z, z + height - 1):
                threat |= (<int64_t>1) << i
        bits = P_KNOWN | P_FITS | (kind << P_KIND_SHIFT)
        if squeezed:
            bits |= P_SQUEEZED
        if water:
            bits |= P_WATER
        if climb:
            bits |= P_CLIMB
        if rough:
            bits |= P_DIFFICULT
        if blocking:
            bits |= P_BLOCKING
        if n_met and not (self.me_tiny and not crowd_more and n_met <= 3 and all_tiny):
            bits |= P_CROWDED  # another creature's space: no end there (four Tiny fit, D-size)
        p.bits = bits
        p.threat = <uint32_t>threat
        return 0

    cdef bint threatens(self, int32_t w, int32_t *cells, int32_t n, int32_t low,
                        int32_t high) except -1:
        """Whether watcher ``w`` reaches this footprint: ``Board.distance`` within its reach and
        ``Board.reach_clear`` (D-creatures, D-walls)."""
        cdef int32_t *at = &self.watchers[6 * w]
        cdef int32_t reach = at[0], start = at[1], end = at[2], i, j, a, b
        cdef int32_t dz, gap, best, dc, dr, first, second, steps, dx, dy
        if start == end:
            return False
        dz = at[3] - high
        if low - at[4] > dz:
            dz = low - at[4]
        if dz < 0:
            dz = 0
        if self.hex:
            best = -1
            for i in range(n):
                for j in range(start, end):
                    a, b = cells[i], self.watch_cells[j]
                    dc = abs(self.col[a] - self.col[b])
                    dr = abs(self.row[a] - self.row[b])
                    gap = dc + ((dr - dc) // 2 if dr > dc else 0)
                    if best < 0 or gap < best:
                        best = gap
            first, second = (best, dz) if best >= dz else (dz, best)
        else:
            dx = gap_along(self.col, cells, n, self.watch_cells, start, end)
            dy = gap_along(self.row, cells, n, self.watch_cells, start, end)
            # the largest gap and the second largest, of three
            first = max(dx, dy, dz)
            second = dx + dy + dz - first - min(dx, dy, dz)
        if 5 * (first + (second // 2 if self.dmg else 0)) > reach:
            return False
        if not self.walled:
            return True
        steps = reach // 5
        for j in range(start, end):
            a = self.watch_cells[j]
            for i in range(n):
                b = cells[i]
                if (max(abs(self.col[a] - self.col[b]), abs(self.row[a] - self.row[b])) <= steps
                        and self.clear_line(self.col[a], self.row[a], self.col[b], self.row[b])):
                    return True
        return False

    # -- the record of a place and posture (``Dnd5eSpace._kernel_fill``) -------------------------
    cdef int32_t make(self, StepTable table, int64_t key) except 0:
        """The record of ``key``: a plain place's shared with the first of its class
        (``plain_class``: its moves not made again, nor its neighbours' places), any other's
        made in full (``make_full``)."""
        cdef int64_t cls = -1
        cdef int32_t t, at
        cdef Rec *r
        if self.templates:
            cls = self.plain_class(key >> 1, key & 1)
            if cls >= 0:
                t = self.last_template
                if t < self.n_templates and self.template_class[t] == cls:
                    self.shared += 1
                    return table.add_shared(key, t)
                for t in range(self.n_templates):
                    if self.template_class[t] == cls:
                        self.last_template = t
                        self.shared += 1
                        return table.add_shared(key, t)
        self.walked_off = False
        at = self.make_full(table, key)
        r = table.rec_at(at)
        if (cls >= 0 and self.n_templates < MAX_TEMPLATES and r.jump_start == r.jump_end
                and not self.walked_off
                and r.threat == 0 and r.crowded == 0
                and not (self.jumper and not key & 1
                         and (self.place(key >> 1).bits >> P_KIND_SHIFT) & 3 == GROUND)):
            # the first of its class: its record (no jumps, whose reach is wider) is the class's
            self.template_class[self.n_templates] = cls
            table.shared[self.n_templates] = r[0]
            table.n_shared = self.n_templates + 1
            self.last_template = self.n_templates
            self.n_templates += 1
        return at

    cdef int32_t make_full(self, StepTable table, int64_t key) except 0:
        cdef int64_t pos = key >> 1, dpos, end_pos
        cdef bint prone = key & 1, squeezed, ok, foot_way, walk_off
        cdef Place *src = self.place(pos)
        cdef Place *dst
        cdef Span *cs
        cdef Span *around[32]
        cdef Rec r
        cdef int32_t src_cells[MAX_CELLS]
        cdef int32_t dst_cells[MAX_CELLS]
        cdef int32_t modes[2]
        cdef int32_t n_src, n_dst, n_modes, anchor, z, zz, sc, sr, tc, tr, target, i, j, k
        cdef int32_t suffix, dc, dr, dz, axes, corner, cz, src_kind, dst_kind, mode, speed
        cdef int32_t extra, mult, paying, sets, m
        cdef int32_t *shape
        cdef bint climb, rough
        r.threat = 0
        r.stand_cost = -1
        r.stand_cap = 0
        r.crowded = 0
        r.edge_start = r.edge_end = <int32_t>table.n_edges
        r.jump_start = r.jump_end = <int32_t>table.n_jumps
        if not src.bits & P_FITS:  # pragma: no cover - a search only meets places that fit
            return table.add_record(key, &r)
        anchor = <int32_t>(pos // self.levels)
        z = <int32_t>(pos % self.levels) + self.bottom
        src_kind = (src.bits >> P_KIND_SHIFT) & 3
        mode = FLY if src_kind == AIR or (self.raw_walk == 0 and self.raw_fly != 0) else WALK
        speed = self.speed[mode]
        r.threat = src.threat
        r.stand_cost = speed * self.scale // 2 if speed else -1
        r.stand_cap = speed * self.scale
        r.crowded = 1 if src.bits & P_CROWDED else 0
        n_src = self.cells_of(anchor, (src.bits & P_SQUEEZED) != 0, src_cells)
        sc, sr = self.col[anchor], self.row[anchor]
        for j in range(self.n_slots):  # the room at each corner a step may pass
            corner = self.cell_at(sc + self.slots[2 * j], sr + self.slots[2 * j + 1])
            around[j] = self.span(corner) if corner >= 0 else NULL
        table.edges = <Edge *>grow(table.edges, &table.cap_edges,
                                   table.n_edges + 2 * self.n_shapes, sizeof(Edge))
        for i in range(self.n_shapes):
            shape = &self.shapes[SHAPE * i]
            suffix, dc, dr, dz, axes = shape[0], shape[1], shape[2], shape[3], shape[4]
            target = self.cell_at(sc + dc, sr + dr)
            if target < 0:
                continue
            zz = z + dz
            if zz < self.bottom or zz > self.top:
                continue
            dpos = <int64_t>target * self.levels + (zz - self.bottom)
            dst = self.place(dpos)
            if not dst.bits & P_FITS:
                continue
            if axes > 1:  # every corner it passes has room (D-grid)
                squeezed = ((src.bits | dst.bits) & P_SQUEEZED) != 0
                ok = True
                for j in range(shape[5], shape[6]):
                    cs = around[self.corner_slot[j]]
                    if cs == NULL:  # off the map
                        ok = False
                        break
                    cz = z + self.corners[3 * j + 2]
                    if not ((cs.small_low <= cz <= cs.small_high) if squeezed
                            else (cs.low <= cz <= cs.high)):
                        ok = False
                        break
                if not ok:
                    continue
            if self.walled and (dc != 0 or dr != 0):
                n_dst = self.cells_of(target, (dst.bits & P_SQUEEZED) != 0, dst_cells)
                if self.crosses(src_cells, n_src, dst_cells, n_dst, dc, dr):
                    continue
            if dst.bits & P_BLOCKING:
                continue  # a hostile's space (D-creatures)
            dst_kind = (dst.bits >> P_KIND_SHIFT) & 3
            n_modes = 0
            foot_way = False
            walk_off = False
            if src_kind == UNDER or dst_kind == UNDER:
                if prone or not self.speed[BURROW]:
                    continue
                modes[0] = BURROW
                n_modes = 1
            elif src_kind == AIR or dst_kind == AIR or dz:
                if not prone:
                    climb = ((src_kind != AIR or src.bits & P_CLIMB)
                             and (dst_kind != AIR or dst.bits & P_CLIMB)
                             and (src.bits & P_CLIMB or dst.bits & P_CLIMB))
                    if self.speed[FLY]:
                        modes[n_modes] = FLY
                        n_modes += 1
                    if climb:
                        modes[n_modes] = CLIMB
                        n_modes += 1
                if prone or n_modes == 0:
                    # a level step off the ground into the air: walked, it falls (Decision 5)
                    if dst_kind != AIR or src_kind != GROUND or dz or src.bits & P_WATER:
                        continue
                    if not self.landed(dpos, dst):
                        continue
                    modes[0] = WALK
                    n_modes = 1
                    walk_off = True
                    self.walked_off = True
            elif src.bits & P_WATER or dst.bits & P_WATER:
                if prone:
                    continue
                modes[0] = SWIM
                n_modes = 1
            elif prone:
                modes[0] = WALK  # crawling
                n_modes = 1
            else:  # along the ground: walked, or flown at ground level (D-fly)
                foot_way = True
                n_modes = self.n_ground_modes
                for j in range(n_modes):
                    modes[j] = self.ground_modes[j]
            rough = (dst.bits & P_DIFFICULT) != 0
            extra = 1 + rough + ((dst.bits & P_SQUEEZED) != 0)
            if not foot_way:
                extra += prone
            end_pos = dpos
            sets = 0
            if walk_off:
                end_pos = dpos + dst.land_delta
                sets = dst.land_sets
            for j in range(n_modes):
                m = modes[j]
                mult = extra
                paying = m
                if (m == CLIMB or m == SWIM) and not self.speed[m]:
                    mult += 1  # climbing or swimming without that speed (D-speed)
                    paying = WALK
                table.edges[table.n_edges] = Edge(
                    <int32_t>(end_pos - pos), <uint32_t>dst.threat,
                    self.speed[paying] * self.scale, 5 * mult * self.scale,
                    (1 if axes > 1 else 0) | (E_FOOT if foot_way and m == WALK else 0)
                    | (suffix << E_SUFFIX_SHIFT) | (sets << E_SETS_SHIFT))
                table.n_edges += 1
        r.edge_end = <int32_t>table.n_edges
        if self.jumper and not prone and src_kind == GROUND:
            self.jumps_from(table, &r, anchor, z, src)
        return table.add_record(key, &r)

    cdef bint crosses(self, int32_t *before, int32_t n_before, int32_t *after, int32_t n_after,
                      int32_t dc, int32_t dr) noexcept:
        """``Board.step_wall``: a space of ``after`` entered from the space behind it along the
        step, in ``before``, across a wall (D-walls)."""
        cdef int32_t j, k, tc, tr
        for j in range(n_after):
            tc = self.col[after[j]]
            tr = self.row[after[j]]
            for k in range(n_before):
                if (self.col[before[k]] == tc - dc and self.row[before[k]] == tr - dr
                        and self.blocked(tc - dc, tr - dr, tc, tr)):
                    return True
        return False

    # -- jumps (``Dnd5eSpace._jumps_from``, ``_jump_plan``, ``_kernel_jumps``) --------------------
    cdef inline bint fits(self, int32_t anchor, int32_t z) except -1:
        """The whole footprint has room at ``anchor``, ``z`` (``_fits(…, False)`` is None)."""
        cdef Span *s = self.span(anchor)
        return s.low <= z <= s.high

    cdef int32_t ground_top(self, int32_t anchor) noexcept:
        """``_ground_top``: the highest ground under the whole footprint; NO_TOP off the map."""
        cdef int32_t cells[MAX_CELLS]
        cdef int32_t n = self.cells_of(anchor, False, cells), i, top
        if n < 0:
            return NO_TOP
        top = self.ground[cells[0]]
        for i in range(1, n):
            if self.ground[cells[i]] > top:
                top = self.ground[cells[i]]
        return top

    cdef int32_t jump_clear(self, int32_t anchor, int32_t z) noexcept:
        """``_jump_clear`` after a run-up: the level a long jump passes over ``anchor`` at,
        NO_TOP where it cannot (off the map, or an obstacle taller than a quarter of the
        distance the creature can jump, its Strength score)."""
        cdef int32_t top = self.ground_top(anchor)
        if top == NO_TOP or (top > z and 20 * (top - z) > self.strength):
            return NO_TOP
        return top if top > z else z

    cdef bint jump_wall(self, int32_t anchor, int32_t dc, int32_t dr) noexcept:
        """``_jump_wall``: the footprint crosses a wall moving by (dc, dr) onto ``anchor``."""
        cdef int32_t after[MAX_CELLS]
        cdef int32_t before[MAX_CELLS]
        cdef int32_t behind, n_after, n_before
        if not self.walled or (dc == 0 and dr == 0):
            return False
        behind = self.cell_at(self.col[anchor] - dc, self.row[anchor] - dr)
        n_after = self.cells_of(anchor, False, after)
        if behind < 0 or n_after < 0:
            return False
        n_before = self.cells_of(behind, False, before)
        return n_before >= 0 and self.crosses(before, n_before, after, n_after, dc, dr)

    cdef inline int32_t jump_length(self, int32_t n, int32_t dc, int32_t dr) noexcept:
        """``_jump_length``: the feet of the ground a long jump clears, ``n`` spaces along
        (dc, dr) between the space it leaves and the one it lands on."""
        if self.hex or not (dc and dr) or not self.dmg:
            return 5 * n
        return 5 * (n + n // 2)

    cdef int jumps_from(self, StepTable table, Rec *r, int32_t anchor, int32_t z,
                        Place *src) except -1:
        """Every jump with room from the place on the ground (``_jumps_from``): a high jump to
        each adjacent space, then the long jumps along each direction as far as the Strength
        score goes."""
        cdef int32_t d, dc, dr, n, extent
        r.jump_start = <int32_t>table.n_jumps
        if not src.bits & (P_WATER | P_SQUEEZED):  # ``_jump_refusal``
            for d in range(self.n_directions):
                dc = self.directions[3 * d]
                dr = self.directions[3 * d + 1]
                extent = self.directions[3 * d + 2]
                self.jump(table, anchor, z, dc, dr, 1, 0, True)
                n = extent + 1  # a long jump clears one space at least
                while self.jump_length(n - extent, dc, dr) <= self.strength:
                    self.jump(table, anchor, z, dc, dr, n, extent, False)
                    n += 1
        r.jump_end = <int32_t>table.n_jumps
        return 0

    cdef int jump(self, StepTable table, int32_t anchor, int32_t z, int32_t dc, int32_t dr,
                  int32_t n, int32_t extent, bint high) except -1:
        """``_jump_plan`` and ``_kernel_jumps``: the jump landing ``n`` spaces along (dc, dr)
        (a long one clearing ``n - extent`` of them), appended to the table with the threats of
        the places it passes, the landing last; none where it has no room, cuts a corner,
        crosses a wall or lands off the ground."""
        cdef int32_t hc = self.col[anchor], hr = self.row[anchor], k, top, rise, feet, zz
        cdef int32_t tallest = 0
        cdef int32_t target, corner, over, cleared, landing_z, cost, cost_parity, bits, rise_t
        cdef int64_t chain_start = table.n_chain
        cdef bint standing, diagonal = not self.hex and dc != 0 and dr != 0
        cdef Place *p
        target = self.cell_at(hc + n * dc, hr + n * dr)
        if target < 0:
            return 0
        if high:
            top = self.ground_top(target)
            if top == NO_TOP:
                return 0
            rise = top - z
            if rise <= 0 or 5 * rise > self.high_reach:
                return 0
            for zz in range(z + 1, top + 1):  # straight up from where it stands
                if not self.fits(anchor, zz):
                    return self.undo_chain(table, chain_start)
                p = self.place(<int64_t>anchor * self.levels + zz - self.bottom)
                if p.bits & P_BLOCKING:
                    return self.undo_chain(table, chain_start)
                self.chain_threat(table, p.threat)
            if diagonal:
                for corner in (self.cell_at(hc + dc, hr), self.cell_at(hc, hr + dr)):
                    if corner < 0 or not self.fits(corner, top):
                        return self.undo_chain(table, chain_start)
            if self.jump_wall(target, dc, dr):
                return self.undo_chain(table, chain_start)
            feet = 5 * rise
            landing_z = top
            standing = 10 * rise <= self.high_reach
        else:
            feet = self.jump_length(n - extent, dc, dr)
            if feet > self.strength:
                return 0
            for k in range(n):
                if diagonal:  # the squares a diagonal passes beside (Decision 11)
                    for corner in (self.cell_at(hc + k * dc + dc, hr + k * dr),
                                   self.cell_at(hc + k * dc, hr + k * dr + dr)):
                        if corner < 0:
                            return self.undo_chain(table, chain_start)
                        cleared = self.jump_clear(corner, z)
                        if cleared == NO_TOP or not self.fits(corner, cleared):
                            return self.undo_chain(table, chain_start)
                        if cleared - z > tallest:
                            tallest = cleared - z
                over = self.cell_at(hc + (k + 1) * dc, hr + (k + 1) * dr)
                if over < 0:  # pragma: no cover - between two spaces of the map
                    return self.undo_chain(table, chain_start)
                if self.jump_wall(over, dc, dr):
                    return self.undo_chain(table, chain_start)
                if k + 1 < n:
                    cleared = self.jump_clear(over, z)
                    if cleared == NO_TOP or not self.fits(over, cleared):
                        return self.undo_chain(table, chain_start)
                    if cleared - z > tallest:
                        tallest = cleared - z
                    p = self.place(<int64_t>over * self.levels + cleared - self.bottom)
                    if p.bits & P_BLOCKING:
                        return self.undo_chain(table, chain_start)
                    self.chain_threat(table, p.threat)
            rise = 0
            landing_z = z
            # standing it jumps half as far, and so clears obstacles half as tall
            standing = 2 * feet <= self.strength and 40 * tallest <= self.strength
        if landing_z < self.bottom or landing_z > self.top:  # pragma: no cover - checked above
            return self.undo_chain(table, chain_start)
        p = self.place(<int64_t>target * self.levels + landing_z - self.bottom)
        if (not p.bits & P_FITS or p.bits & (P_SQUEEZED | P_BLOCKING)
                or (p.bits >> P_KIND_SHIFT) & 3 != GROUND):
            return self.undo_chain(table, chain_start)
        self.chain_threat(table, p.threat)
        rise_t = 5 * rise * self.scale
        if diagonal and self.dmg:  # the dmg count: every second diagonal 10 ft
            cost = rise_t + 5 * (n + n // 2) * self.scale
            cost_parity = rise_t + 5 * (n + (n + 1) // 2) * self.scale
        else:
            cost = cost_parity = rise_t + 5 * n * self.scale
        bits = ((J_HIGH if high else 0)
                | (J_CHECKED if p.bits & P_DIFFICULT and self.landing_fails else 0)
                | (J_STANDING if standing else 0)
                | (J_FLIP if diagonal and self.dmg and n % 2 else 0))
        table.jumps = <Jump *>grow(table.jumps, &table.cap_jumps, table.n_jumps + 1,
                                   sizeof(Jump))
        table.jumps[table.n_jumps] = Jump(<int64_t>target * self.levels + landing_z
                                          - self.bottom, cost, cost_parity, chain_start,
                                          table.n_chain, bits)
        table.n_jumps += 1
        return 0

    cdef int chain_threat(self, StepTable table, int64_t threat) except -1:
        table.chain = <int64_t *>grow(table.chain, &table.cap_chain, table.n_chain + 1, 8)
        table.chain[table.n_chain] = threat
        table.n_chain += 1
        return 0

    cdef int undo_chain(self, StepTable table, int64_t start) noexcept:
        table.n_chain = start  # a jump refused part way: the places it passed go
        return 0

    def fact(self, int64_t pos):
        """``facts`` of one position, with 128 where a move may not end there (another
        creature's space, ``Dnd5eSpace.end_problem``)."""
        cdef Place *p = self.place(pos)
        if not p.bits & P_FITS:
            return -1
        return (((p.bits >> P_KIND_SHIFT) & 3)
                | (p.bits & (P_SQUEEZED | P_WATER | P_CLIMB | P_CROWDED)))

    def facts(self, const int64_t[:] positions):
        """Per position, what a reach says of the place (``Dnd5eSpace.describe_all``): its kind
        (bits 0-1: ground, air, under), then 4 squeezed, 8 water, 16 climbable; -1 where the
        footprint has no room."""
        cdef Py_ssize_t i, n = positions.shape[0]
        cdef array.array out = array.clone(array.array("i"), n, zero=False)
        cdef int32_t *o = <int32_t *>out.data.as_ints
        cdef Place *p
        for i in range(n):
            p = self.place(positions[i])
            o[i] = (((p.bits >> P_KIND_SHIFT) & 3) | (p.bits & (P_SQUEEZED | P_WATER | P_CLIMB))
                    if p.bits & P_FITS else -1)
        return out

    cdef bint landed(self, int64_t dpos, Place *dst) except -1:
        """A walk off a ledge into ``dst``: where its fall ends, asked of Python once; False
        where a hostile's space there refuses it (D-creatures)."""
        if not dst.bits & P_LAND_KNOWN:
            end, sets, refused = self.landing(dpos)
            if sets & ~FLAG_MASK:
                raise ValueError("a fall's flags past the compiled table's bits")
            dst.land_delta = <int32_t>(end - dpos)
            dst.land_sets = sets
            dst.bits |= P_LAND_KNOWN | (P_LAND_REFUSED if refused else 0)
        return not dst.bits & P_LAND_REFUSED


cdef struct Slot:
    # one place of the pruning table, 16 bytes: the key (-1 empty), and the least spent without
    # Dash (``NEVER_PLAIN``: no such state yet) and with or without it, in ticks (a turn's fit
    # in 31 bits)
    int64_t key
    int32_t plain
    int32_t dashed


cdef enum:
    NEVER_PLAIN = 0x7fffffff
    BIG_SLOTS = 1 << 19  # a search's hash table from this many slots (2 MB) three quarters full



cdef struct Near:
    # the pruning table by place (``Pruning``'s dense form), 16 bytes (was 20, the whole key):
    # the least spent without Dash and with or without it, the next key of the same head, and
    # the key's bits its head does not say (``pruned_near``)
    int32_t plain
    int32_t dashed
    int32_t next  # 1 + its index, 0 none
    uint32_t low


cdef enum:
    # the most watchers the dense pruning table takes (a key's provoked set and flags in 32
    # bits where its head is a position's); past them, the hash table
    MAX_DENSE_WATCHERS = 32 - 9

@cython.final
cdef class Pruning:
    """``Dnd5eSpace._best``: per place, provoked set and flags but the action and Dash, the least
    spent without Dash and with or without it. A space keeps one across its searches, as the pure
    search keeps its dict.

    Made with the battle's positions, watchers (at most ``MAX_DENSE_WATCHERS``) and levels it
    is dense: per position (and provoked set, up to three hostiles watching) the first of its
    keys (pages of positions, made as a search meets them; a place has one key, or a few when
    hostiles watch it), each key 16 bytes, no hashing (about 21 B a state on an open map, where
    the hash table at most half full held 36-52). Made without, a hash table of 16-byte slots
    at most half full."""

    cdef Slot *slots
    cdef int64_t cap, count
    cdef bint dense
    cdef int32_t shift  # a key's head: key >> shift
    cdef bint wide  # heads by position only: a key's provoked set is in its ``low``
    cdef int64_t watch_mask
    cdef int32_t page_bits
    cdef int32_t **heads  # pages of 1 << page_bits heads: 1 + a key's index, 0 none
    cdef int64_t n_pages, pages_made
    cdef Near *near
    cdef int64_t cap_near

    def __cinit__(self, int64_t positions=0, int32_t watchers=0, int32_t levels=0):
        self.slots = NULL
        self.cap = 0
        self.count = 0
        self.dense = positions > 0 and levels > 0 and watchers <= MAX_DENSE_WATCHERS
        if self.dense:
            self.shift = LOW_BITS + watchers
            self.wide = True
            self.watch_mask = ((<int64_t>1) << watchers) - 1
            if watchers <= 3:  # a head per place and provoked set: a chain of one key, mostly
                self.shift = LOW_BITS
                self.wide = False
                positions <<= watchers
                levels <<= watchers
            self.page_bits = 6
            while (1 << self.page_bits) < 4 * levels:  # about four squares' levels a page
                self.page_bits += 1
            self.n_pages = (positions >> self.page_bits) + 1
            self.heads = <int32_t **>calloc(<size_t>self.n_pages, sizeof(int32_t *))
            if self.heads == NULL:
                raise MemoryError()

    cdef int64_t wide_low(self, int64_t key) noexcept:
        """The bits of ``key`` under its head where heads are by position only: its flags, and
        its provoked set past its 9 flag bits; -1 for a key with bits past its flags in its 29
        low bits (euclid's, never in a compiled search)."""
        cdef int64_t low = key & (((<int64_t>1) << LOW_BITS) - 1)
        if low & ~(<int64_t>FLAG_MASK):
            return -1
        return low | (((key >> LOW_BITS) & self.watch_mask) << 9)

    cdef inline int64_t key_of(self, int64_t head, uint32_t low) noexcept:
        """The key ``pruned_near`` took ``low`` from, under ``head``."""
        if self.wide:
            return ((head << self.shift) | (<int64_t>(low >> 9) << LOW_BITS)
                    | (low & FLAG_MASK))
        return (head << self.shift) | low

    def __dealloc__(self):
        cdef int64_t i
        free(self.slots)
        if self.heads != NULL:
            for i in range(self.n_pages):
                free(self.heads[i])
        free(self.heads)
        free(self.near)

    def __len__(self):
        return self.count

    cdef int64_t written(self) noexcept:
        """The bytes it wrote (``last_search_bytes``)."""
        if not self.dense:
            return self.cap * sizeof(Slot)
        return (self.n_pages * sizeof(int32_t *) + (self.pages_made << self.page_bits) * 4
                + self.count * sizeof(Near))

    cdef int resize(self, int64_t cap) except -1:
        """``cap`` slots (a power of two), filled again."""
        cdef Slot *slots = <Slot *>malloc(<size_t>cap * sizeof(Slot))
        cdef int64_t i, j, mask = cap - 1
        if slots == NULL:
            raise MemoryError()
        for i in range(cap):
            slots[i].key = -1
        for i in range(self.cap):
            if self.slots[i].key >= 0:
                j = hash64(self.slots[i].key) & mask
                while slots[j].key >= 0:
                    j = (j + 1) & mask
                slots[j] = self.slots[i]
        free(self.slots)
        self.slots, self.cap = slots, cap
        return 0

    cdef int32_t *new_page(self, int64_t page) except NULL:
        """The page of heads ``page``, made."""
        if page >= self.n_pages:
            raise ValueError("a position past the pruning table's")
        self.heads[page] = <int32_t *>calloc(<size_t>1 << self.page_bits, sizeof(int32_t))
        if self.heads[page] == NULL:
            raise MemoryError()
        self.pages_made += 1
        return self.heads[page]

    def to_dict(self):
        """The same table as the pure search's dict (``NEVER`` where no state without Dash)."""
        cdef int64_t i, page, head
        cdef int32_t at
        cdef Near *n
        out = {}
        if self.dense:
            for page in range(self.n_pages):
                if self.heads[page] == NULL:
                    continue
                for i in range(1 << self.page_bits):
                    head = (page << self.page_bits) + i
                    at = self.heads[page][i]
                    while at:
                        n = &self.near[at - 1]
                        out[self.key_of(head, n.low)] = (
                            1 << 62 if n.plain == NEVER_PLAIN else n.plain, n.dashed)
                        at = n.next
            return out
        for i in range(self.cap):
            if self.slots[i].key >= 0:
                out[self.slots[i].key] = (
                    1 << 62 if self.slots[i].plain == NEVER_PLAIN else self.slots[i].plain,
                    self.slots[i].dashed)
        return out


cdef inline uint64_t hash64(int64_t key) noexcept nogil:
    cdef uint64_t x = <uint64_t>key
    x ^= x >> 33
    x *= 0xff51afd7ed558ccdULL
    x ^= x >> 33
    return x


cdef inline bint dominated(int32_t *plain, int32_t *dashed, int64_t total, int dash) noexcept:
    """The test and update of one key: 1 if a state already generated dominates this one."""
    if plain[0] <= total or (dash and dashed[0] <= total):
        return 1
    if not dash and total < plain[0]:
        plain[0] = <int32_t>total
    if total < dashed[0]:
        dashed[0] = <int32_t>total
    return 0


cdef inline int pruned_near(Pruning p, int64_t key, int64_t total, int dash) except -1:
    """``pruned`` in the dense table: the keys of the head, newest first."""
    cdef int64_t head_at = key >> p.shift
    cdef int32_t *page = p.heads[head_at >> p.page_bits]
    cdef int32_t *head
    cdef int32_t at
    cdef uint32_t low = <uint32_t>(key & (((<int64_t>1) << LOW_BITS) - 1))  # under its head
    cdef int64_t wide
    cdef Near *n
    if p.wide:
        wide = p.wide_low(key)
        if wide < 0:
            raise ValueError("a code with euclid bits in the compiled pruning table")
        low = <uint32_t>wide
    if page == NULL:
        page = p.new_page(head_at >> p.page_bits)
    head = &page[head_at & ((1 << p.page_bits) - 1)]
    at = head[0]
    while at:
        n = &p.near[at - 1]
        if n.low == low:
            return dominated(&n.plain, &n.dashed, total, dash)
        at = n.next
    p.near = <Near *>grow(p.near, &p.cap_near, p.count + 1, sizeof(Near))
    n = &p.near[p.count]
    n.low = low
    n.plain = NEVER_PLAIN if dash else <int32_t>total
    n.dashed = <int32_t>total
    n.next = head[0]
    p.count += 1
    head[0] = <int32_t>p.count
    return 0


cdef inline int pruned(Pruning p, int64_t key, int64_t total, int dash) except -1:
    """``_flat_steps``'s test and update: 1 if a state already generated for the same place
    dominates this one."""
    cdef int64_t mask, j
    cdef Slot *slot
    if p.dense:
        return pruned_near(p, key, total, dash)
    if (p.count + 1) * 2 > p.cap:  # at most half full: short runs of slots to probe
        p.resize(p.cap * 2 if p.cap else 1024)
    mask = p.cap - 1
    j = hash64(key) & mask
    while p.slots[j].key >= 0:
        slot = &p.slots[j]
        if slot.key == key:
            return dominated(&slot.plain, &slot.dashed, total, dash)
        j = (j + 1) & mask
    slot = &p.slots[j]
    slot.key = key
    slot.plain = NEVER_PLAIN if dash else <int32_t>total
    slot.dashed = <int32_t>total
    p.count += 1
    return 0


cdef struct Entry:
    # 16 bytes (the kind of step apart, in ``Search.kinds``: with it, 24)
    int64_t code
    int32_t best
    int32_t parent  # settled index of the state the best way left from, -1 for the start


cdef struct Search:
    Entry *entries
    int64_t n_entries, cap_entries
    int8_t *kinds  # by entry: the kind of step of its best way
    int64_t cap_kinds
    int32_t *slots  # hash of codes → entry index, -1 empty
    int64_t cap_slots
    int64_t limit  # the entries past which the slots are doubled (``rehash``)
    Queue q  # of entries, by priority
    Settled r  # the states settled, in the arrays returned


cdef void release(Search *s) noexcept:
    free(s.entries)
    free(s.kinds)
    free(s.slots)
    queue_free(&s.q)


cdef int rehash(Search *s, int64_t cap) except -1:
    cdef int32_t *slots = <int32_t *>malloc(<size_t>cap * sizeof(int32_t))
    cdef int64_t i, j, mask = cap - 1
    if slots == NULL:
        raise MemoryError()
    for i in range(cap):
        slots[i] = -1
    for i in range(s.n_entries):
        j = hash64(s.entries[i].code) & mask
        while slots[j] >= 0:
            j = (j + 1) & mask
        slots[j] = <int32_t>i
    free(s.slots)
    s.slots = slots
    s.cap_slots = cap
    # at most half full while the slots fit a core's caches (short runs of slots to probe,
    # each probe reading a state's code: three quarters full cost the harpy's search 26 % more
    # first-level misses and 5 % more time); past 2 MB, at most three quarters full (fly 90's
    # table 2 MB, not 4: a search's slots 5-11 B a state there, not 8-16)
    s.limit = cap // 2 if cap < BIG_SLOTS else cap // 4 * 3
    return 0


cdef int64_t entry_of(Search *s, int64_t code) except -2:
    """The entry of ``code``, made (best -1) if new."""
    cdef int64_t mask, j, e
    if s.n_entries >= s.limit:
        rehash(s, s.cap_slots * 2)
    mask = s.cap_slots - 1
    j = hash64(code) & mask
    while s.slots[j] >= 0:
        e = s.slots[j]
        if s.entries[e].code == code:
            return e
        j = (j + 1) & mask
    s.entries = <Entry *>grow(s.entries, &s.cap_entries, s.n_entries + 1, sizeof(Entry))
    s.kinds = <int8_t *>grow(s.kinds, &s.cap_kinds, s.n_entries + 1, sizeof(int8_t))
    e = s.n_entries
    s.entries[e] = Entry(code, -1, -1)
    s.kinds[e] = 0
    s.n_entries += 1
    s.slots[j] = <int32_t>e
    return e


cdef inline int relax(Search *s, int64_t budget, int64_t parent, int64_t spent,
                      int64_t so_far, int64_t target, int64_t cost, int checks, int kind,
                      bint avoid_checks) except -1:
    """The search's update for one step (``search.explore_pure``); ``parent``: the settled
    index of the state it leaves from."""
    cdef int64_t total = spent + cost, new, e
    if total > budget:
        return 0
    if checks:
        if avoid_checks:
            return 0
        new = so_far + checks
        if new > SLOTS - 1:
            new = SLOTS - 1
        new += total * SLOTS
    else:
        new = total * SLOTS + so_far
    e = entry_of(s, target)
    if s.entries[e].best >= 0 and new >= s.entries[e].best:
        return 0
    s.entries[e].best = <int32_t>new
    s.entries[e].parent = <int32_t>parent
    s.kinds[e] = <int8_t>kind
    if push(&s.q, <int32_t>new, <int32_t>e) < 0:
        raise MemoryError()
    return 0


cdef inline int with_dash(int64_t total, int64_t limit, int64_t dashed,
                          bint auto_dash) noexcept nogil:
    """Whether a step that leaves ``total`` ticks spent, of a speed of ``limit`` ticks (twice
    it, ``dashed`` 2, once Dash is taken), takes Dash now: 0 not needed, 1 taken on this step
    (``auto_dash``: the action is still there), -1 beyond the speed even so (D-dash)."""
    if total <= limit * dashed:
        return 0
    if not auto_dash or total > 2 * limit:
        return -1
    return 1


def dnd5e_search(StepTable table, Pruning pruning, tuple numbers, int64_t start,
                 bint avoid_checks, goal, int64_t max_states):
    """Settle every state of a creature's turn, cheapest first (``search.explore`` over a pruned
    ``Dnd5eSpace``, ``phb`` or ``dmg``).

    ``numbers``: (budget, watchers (the provoked bits), dmg, can_act, jumper, walking speed in
    ticks). Returns (outcome, codes, priorities, parents, kinds) in settling order, parents as
    settled indices (-1 for the start); outcome 1: more than ``max_states`` settled.
    """
    cdef Search s
    cdef Cursor cursor
    cdef int64_t budget, watchers, watch_mask, n_buckets, walk_limit, walk_ticks
    cdef bint dmg, can_act, jumper, reached = False, auto_dash, running
    cdef int64_t priority, spent, so_far, code, flags, provoked, pos, key, e, settled
    cdef int64_t threat, moved, on_foot, ran, run, dashed, double, flip, cost, total, nflags
    cdef int64_t target, new, provoked_bits, limit, k, left, passed, parity, high
    cdef int32_t r, i
    cdef int dash, kind, bits
    cdef Rec *rec
    cdef Edge *edge
    cdef Jump *jump
    cdef Bucket *bucket
    cdef int64_t read_bytes = 0  # the slots of the buckets read and freed
    cdef tuple arrays
    budget, watchers, dmg_, can_act_, jumper_, walk_ticks = numbers
    dmg = dmg_
    can_act = can_act_
    jumper = jumper_
    walk_limit = walk_ticks
    watch_mask = ((<int64_t>1) << watchers) - 1
    n_buckets = (budget + 1) * SLOTS
    s.entries = NULL
    s.n_entries = s.cap_entries = 0
    s.kinds = NULL
    s.cap_kinds = 0
    s.slots = NULL
    s.cap_slots = 0
    s.limit = 0
    try:
        if queue_make(&s.q, <int32_t>n_buckets) < 0:
            raise MemoryError()
        cursor = read_up_to(&s.q, <int32_t>n_buckets)
        arrays = settled_arrays(&s.r, 1 << 10)
        rehash(&s, 1024)
        relax(&s, budget, -1, 0, 0, start, 0, 0, 0, False)
        while next_priority(&cursor):
            priority = priority_of(&s.q, &cursor)
            spent = priority // SLOTS
            so_far = priority % SLOTS
            while True:
                e = pop(&cursor)
                if e < 0:
                    # the priority is read, and no step pushes to it again: its bucket's slots
                    # go back to the allocator, for the buckets still to come (a search holds
                    # the buckets of its frontier, not of every priority it read)
                    bucket = cursor.bucket
                    read_bytes += <int64_t>bucket.room * sizeof(int32_t)
                    free(bucket.slot)
                    bucket.slot = NULL
                    bucket.n = bucket.room = 0
                    cursor.at = 0
                    break
                if s.entries[e].best != priority:
                    continue  # a dearer entry of a state since reached more cheaply
                settled = s.r.n
                code = s.entries[e].code
                if write_settled(&s.r, <int32_t>settled, code, <int32_t>priority,
                                 s.entries[e].parent, s.kinds[e]) < 0:
                    raise MemoryError()
                if s.r.n > max_states:
                    return settled_result(&s.r, arrays, TOO_MANY)
                if goal is not None and not reached and goal(code, spent):
                    reached = True
                    stop_after_priority(&cursor)  # the rest of this priority is settled still
                flags = code & FLAG_MASK
                if flags & FALLING:
                    continue  # still falling: no step this turn
                provoked = (code >> LOW_BITS) & watch_mask
                pos = (code >> LOW_BITS) >> watchers
                key = pos * 2 + (flags & PRONE)
                rec = table.rec(key)
                auto_dash = can_act and not flags & ACTION
                dashed = 2 if flags & DASHED else 1
                # standing up (D-prone): half the speed it moves with
                if flags & PRONE and rec.stand_cost >= 0:
                    cost = rec.stand_cost
                    target = ((pos << watchers | provoked) << LOW_BITS) | (
                        flags & ~(PRONE | RUN_MASK))
                    dash = with_dash(spent + cost, rec.stand_cap, dashed, auto_dash)
                    if dash >= 0:
                        relax(&s, budget, settled, spent, so_far,
                              target | (ACTION | DASHED if dash else 0), cost, 0,
                              K_STAND + dash, avoid_checks)
                # the moves (``Dnd5eSpace._flat_steps``)
                double = 2 if flags & PARITY else 1
                threat = 0 if flags & DISENGAGED else rec.threat & ~provoked
                if jumper:
                    moved = flags & ~RUN_MASK
                    run = ((flags & RUN_MASK) >> RUN_SHIFT) + 1
                    ran = (2 if run > 2 else run) << RUN_SHIFT
                else:
                    moved = flags
                    ran = 0
                on_foot = moved | ran
                provoked_bits = provoked << LOW_BITS
                for i in range(rec.edge_start, rec.edge_end):
                    edge = &table.edges[i]
                    bits = edge.bits
                    flip = PARITY if dmg and bits & E_FLIP else 0
                    cost = edge.base * double if flip else edge.base
                    total = spent + cost
                    limit = edge.limit
                    nflags = (on_foot if bits & E_FOOT else moved) ^ flip
                    dash = with_dash(total, limit, dashed, auto_dash)
                    if dash < 0:
                        continue
                    if dash:
                        nflags |= ACTION | DASHED
                    new = threat & ~(<int64_t>edge.threat) if threat else 0
                    high = (((pos + edge.delta) << watchers) << LOW_BITS) | (
                        bits >> E_SETS_SHIFT)
                    target = (high | ((provoked | new) << LOW_BITS) if new
                              else high | provoked_bits) | nflags
                    if pruned(pruning, target & ~(ACTION | DASHED), total,
                              1 if nflags & DASHED else 0):
                        continue
                    relax(&s, budget, settled, spent, so_far, target, cost, 0,
                          ((bits >> E_SUFFIX_SHIFT) & E_SUFFIX_MASK) + K_DASH * dash,
                          avoid_checks)
                # the jumps (D-jump), from the ground, standing
                if rec.jump_start < rec.jump_end and not flags & PRONE:
                    running = flags & RUN_MASK == RUN_UP
                    moved = flags & ~RUN_MASK
                    for i in range(rec.jump_start, rec.jump_end):
                        jump = &table.jumps[i]
                        bits = jump.bits
                        if not (running or bits & J_STANDING):
                            continue
                        cost = jump.cost_parity if flags & PARITY else jump.cost
                        parity = PARITY if bits & J_FLIP else 0
                        total = spent + cost
                        nflags = moved ^ parity
                        dash = with_dash(total, walk_limit, dashed, auto_dash)
                        if dash < 0:
                            continue
                        if dash:
                            nflags |= ACTION | DASHED
                        new = 0
                        if not flags & DISENGAGED:
                            left = rec.threat
                            for k in range(jump.chain_start, jump.chain_end):
                                passed = table.chain[k]
                                new |= left & ~(provoked | new) & ~passed
                                left = passed
                        target = ((jump.dst << watchers | (provoked | new)) << LOW_BITS) | nflags
                        relax(&s, budget, settled, spent, so_far, target, cost,
                              1 if bits & J_CHECKED else 0,
                              K_JUMP + (1 if bits & J_HIGH else 0)
                              + (2 if bits & J_CHECKED else 0) + 4 * dash, avoid_checks)
        global _last_bytes
        _last_parts[0] = s.n_entries * (sizeof(Entry) + 1)
        _last_parts[1] = s.cap_slots * 4
        _last_parts[2] = queue_bytes(&s.q) + read_bytes
        _last_parts[3] = pruning.written()
        _last_parts[4] = s.r.n * 17
        _last_bytes = (_last_parts[0] + _last_parts[1] + _last_parts[2] + _last_parts[3]
                       + _last_parts[4])
        return settled_result(&s.r, arrays, DONE)
    finally:
        release(&s)


# -- reading a search: the end states a reach lists ------------------------------------------------
cdef inline int64_t rank(int64_t code, int64_t watch_mask, bint can_act) noexcept nogil:
    """``grid.way_rank`` past the priority: the attack kept first, then the fewest opportunity
    attacks drawn (one per provoked hostile)."""
    cdef uint64_t provoked = <uint64_t>((code >> LOW_BITS) & watch_mask)
    cdef int64_t drawn = 0
    while provoked:
        provoked &= provoked - 1
        drawn += 1
    return (0 if can_act and not code & ACTION else (<int64_t>1) << 32) + drawn


def dnd5e_ends(StepTable table, const int64_t[:] codes, const int32_t[:] priorities,
               int64_t watchers, int64_t start_pos, bint stuck, bint can_act):
    """The end states of a ``dnd5e`` reach, read off the settled arrays: ``rules/grid.py``'s
    ``_select`` over ``Dnd5eSpace.end_problem``, ``end_key`` and ``way_rank`` (the attack kept,
    the opportunity attacks drawn: both read off the code), without a call per state.

    ``stuck``: the creature has no speed (it may stay in a crowded start). Returns ``(order,
    later, tied)``, arrays of settled indices, or None when the end keys are too sparse for a
    dense table: ``order`` the best way to each end state, by priority then code; ``later`` the
    other ways to them, in ``_select``'s order; ``tied`` empty (every tie is ranked here).
    """
    cdef Py_ssize_t n = codes.shape[0]
    cdef Py_ssize_t i, m = 0, nl = 0
    cdef int64_t code, key, pos, top = 0, b
    cdef int64_t watch_mask = ((<int64_t>1) << watchers) - 1
    cdef int32_t *first
    cdef int8_t *ends
    cdef int64_t *keys
    cdef array.array order, later
    cdef int32_t *o
    cdef int32_t *la
    ends = <int8_t *>malloc((n + 1) * sizeof(int8_t))
    if ends == NULL:
        raise MemoryError()
    try:
        for i in range(n):  # end_problem: no end in another creature's space but the start's
            code = codes[i]
            pos = (code >> LOW_BITS) >> watchers
            ends[i] = not (table.rec(pos * 2 + (code & PRONE)).crowded
                           and not (pos == start_pos and (code & FALLING or stuck)))
            if ends[i]:
                key = (pos << 2) | (code & PRONE) | (2 if code & FALLING else 0)
                if key > top:
                    top = key
        if top > 16 * n + (1 << 20):
            return None
        first = <int32_t *>calloc(top + 1, sizeof(int32_t))  # settled index + 1 of each best
        keys = <int64_t *>malloc((n + 1) * sizeof(int64_t))
        if first == NULL or keys == NULL:
            free(first)
            free(keys)
            raise MemoryError()
        try:
            later = array.clone(array.array("i"), n, zero=False)
            la = <int32_t *>later.data.as_voidptr
            with nogil:
                for i in range(n):
                    if not ends[i]:
                        continue
                    code = codes[i]
                    key = (((code >> LOW_BITS) >> watchers) << 2) | (code & PRONE) | (
                        2 if code & FALLING else 0)
                    b = first[key] - 1
                    if b < 0:
                        first[key] = <int32_t>(i + 1)
                        keys[m] = key
                        m += 1
                    elif priorities[b] == priorities[i] and (
                            rank(code, watch_mask, can_act) < rank(codes[b], watch_mask, can_act)):
                        first[key] = <int32_t>(i + 1)
                        la[nl] = <int32_t>b
                        nl += 1
                    else:
                        la[nl] = <int32_t>i
                        nl += 1
            # the best way of each, in the order first met: settling order, by priority
            order = array.clone(array.array("i"), m, zero=False)
            o = <int32_t *>order.data.as_voidptr
            for i in range(m):
                o[i] = first[keys[i]] - 1
            if order_ways(o, m, codes, priorities) < 0:
                raise MemoryError()
            array.resize(later, nl)
            return order, later, array.array("i")
        finally:
            free(first)
            free(keys)
    finally:
        free(ends)
