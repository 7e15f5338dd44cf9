# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The compiled search kernel: ``volare``'s step generator and Dial's bucket queue over flat
integer arrays, with results identical to ``search.explore`` over ``VolareSpace.steps``.

It mirrors ``rulesets/volare/space.py`` line by line: the same steps in the same order (the first
way found keeps a tie), the same packed codes, the same priorities ``ticks * 16 + checks``. It
records, for each settled state, its priority, the settled index of the state its step left from
and a small code for the kind of step (``KIND_*`` below); ``rulesets/volare/space.py`` turns a
kind back into the step's move, checks and events only when a way is asked for. The bucket queue
and the arrays of settled states are ``_bucketqueue``'s, shared with ``_kernel5e``. Optional:
without a C compiler at install the pure-Python search is used (``wingbeat.kernel``).
"""

from cpython cimport array
from cpython.ref cimport PyObject
from libc.stdlib cimport calloc, malloc, realloc, free
from libc.string cimport memset, memcpy
from libc.stdint cimport int64_t, int32_t, int8_t, uint32_t, uint64_t

from wingbeat._bucketqueue cimport (
    SLOTS, SPARE_BYTES, Cursor, Queue, Settled, next_priority, order_ways, pop, priority_of, push,
    queue_bytes, queue_empty, queue_free, queue_make, read_up_to, settled_arrays, settled_result,
    stop_after_priority, write_settled)

# The search loop compiled as one function, everything it calls on the way inlined (``steps``,
# each step relaxed where it is made, the lookup, the queue): GCC stops inlining in a module this
# large (its unit-growth limit), so it is asked to, where it understands the request (GCC, Clang;
# the names are Cython's for ``search`` and its structs, the queue's and the settled states' from
# ``_bucketqueue``). Elsewhere this declares nothing.
cdef extern from *:
    """
    #if defined(__GNUC__)
    struct __pyx_t_8wingbeat_7_kernel_Space;
    struct __pyx_t_8wingbeat_7_kernel_Table;
    struct __pyx_t_8wingbeat_12_bucketqueue_Queue;
    struct __pyx_t_8wingbeat_12_bucketqueue_Settled;
    static int __pyx_f_8wingbeat_7_kernel_search(
        struct __pyx_t_8wingbeat_7_kernel_Space const *, struct __pyx_t_8wingbeat_7_kernel_Table *,
        struct __pyx_t_8wingbeat_12_bucketqueue_Queue *,
        struct __pyx_t_8wingbeat_12_bucketqueue_Settled *,
        int64_t, int, PyObject *, int32_t) __attribute__((flatten));
    #endif
    """

# flags: rulesets/volare/space.py
cdef enum:
    SKIM_SAVED = 1 << 0
    THRUST = 1 << 1
    FULL_MOVE = 1 << 2
    PENDING = 1 << 3
    MAY_CLIMB = 1 << 4
    DRIFT_DUE = 1 << 5
    PAID = 1 << 6
    LANDED = 1 << 7
    PRONE = 1 << 8
    LANDED_FAST = 1 << 9
    ON_FOOT = 1 << 10
    WALK_SHIFT = 11
    WALK_UNIT = 1 << 11
    WALK_MAX = 63
    FLAG_BITS = 17
    FLAG_MASK = (1 << 17) - 1
    NO_WALK = PRONE | THRUST | FULL_MOVE | LANDED | LANDED_FAST
    TICKS_PER_MP = 12
    GROUNDED = 0
    HOVERING = 1
    CLIMB = 24
    DESCEND = 12

# the kinds of step (0-5: a flight step in direction d)
KIND_WALK = 6
KIND_UP = 7
KIND_DOWN = 8
KIND_HOVER = 9
KIND_SKIM_CHECKED = 10
KIND_SKIM = 11
KIND_LAND = 12
KIND_LAND_FAST = 13
KIND_PAY = 14
KIND_PAY_ALL = 15
KIND_THRUST = 16
KIND_ON_FOOT = 17

cdef enum:
    K_WALK = 6
    K_UP = 7
    K_DOWN = 8
    K_HOVER = 9
    K_SKIM_CHECKED = 10
    K_SKIM = 11
    K_LAND = 12
    K_LAND_FAST = 13
    K_PAY = 14
    K_PAY_ALL = 15
    K_THRUST = 16
    K_ON_FOOT = 17

# the search's index of states (``Table``)
cdef enum:
    HASHED = 0
    BAND = 1
    CONE = 2

# search outcomes
DONE = 0
TOO_MANY = 1
NO_MEMORY = 2


cdef struct Space:
    int32_t *ground
    int32_t *ceil
    int32_t *nbr
    int64_t levels
    int top
    int budget
    int half
    int pay_cost
    int costs[6]
    int stop_cost
    int can_skim
    int gale
    int may_take_off
    int walk_speed  # the creature's ground speed (hexes a move), for a violent landing's walk
    int toward  # the wind's direction, -1 without one
    int walk_budget  # ticks of walking on foot (V-walk), 0 when it cannot walk this round
    int narrow  # every cell × altitude fits 32 bits: divide by ``levels`` in 32 bits (faster)
    uint32_t levels32
    const int64_t *occ  # the places (cell × levels + altitude) other creatures stand in, sorted
    Py_ssize_t n_occ


cdef struct Relax:
    # what relaxing a step needs: the search's tables and the state being settled. Each step is
    # relaxed as ``steps`` makes it, in the order ``VolareSpace.steps`` yields them.
    Table *t
    Queue *q
    int32_t priority  # the settled state's
    int32_t full  # 1 when its checks are at SLOTS - 1: a step's check adds nothing more
    int32_t skip  # SLOTS - 1 when the steps with a check are avoided, else 0
    int32_t buckets  # (budget + 1) * SLOTS: the first priority past the flight budget
    int32_t limit  # the first past the search's budget, the larger of flight and walking
    int32_t settled  # the settled index of the state being settled
    int failed  # out of memory
    # the index: ``HASHED``, ``BAND`` or ``CONE`` (a constant where ``search`` inlines this)
    int dense
    int64_t levels


cdef inline void relax(Relax *c, int64_t idx, int64_t alt, int64_t posture, int64_t flags,
                       int cost, int checks, int kind) noexcept nogil:
    """A step to the state of hex ``idx``, altitude ``alt``, ``posture`` and ``flags``: that state
    reached at a lower priority than before, or first."""
    cdef int32_t delta = cost * SLOTS + checks
    cdef int32_t new, slot
    cdef int64_t target
    cdef Entry *e
    if delta & c.skip:
        return
    new = c.priority + delta - (delta & c.full)
    if new >= c.buckets:  # past the budget
        return
    target = ((((idx * c.levels + alt) << 3) + posture) << FLAG_BITS) | flags
    if c.dense == BAND:
        slot = find_dense(c.t, target >> FLAG_BITS, target)
    elif c.dense == CONE:
        slot = find_dense(c.t, <int64_t>c.t.base[idx] + (alt << 3) + posture, target)
    else:
        slot = find_hashed(c.t, target)
    if slot < 0:
        c.failed = 1
        return
    e = &c.t.s[slot]
    if new < e.best:  # (NOT_REACHED is above every priority)
        e.best = new
        e.parent = c.settled
        e.kind = <int8_t>kind
        if push(c.q, new, slot) < 0:
            c.failed = 1


cdef inline int taken(const int64_t *occ, Py_ssize_t n, int64_t place) noexcept nogil:
    """Whether another creature stands at ``place`` (``occ``: sorted): V-occupied."""
    cdef Py_ssize_t low = 0, high = n, mid
    while low < high:
        mid = (low + high) >> 1
        if occ[mid] < place:
            low = mid + 1
        else:
            high = mid
    return low < n and occ[low] == place


cdef inline int movement(const Space *s, int64_t flags, int spent) noexcept nogil:
    if flags & PAID:
        return spent - s.pay_cost if spent > s.pay_cost else 0
    return spent


cdef inline void landings(const Space *s, Relax *c, int64_t idx, int64_t alt, int64_t flags,
                          int spent) noexcept nogil:
    cdef int64_t base = flags & ~(PENDING | MAY_CLIMB | DRIFT_DUE | THRUST)
    cdef int moved = movement(s, flags, spent)
    cdef int64_t walk = 0
    if s.n_occ and taken(s.occ, s.n_occ, idx * s.levels + alt):
        return  # no landing in another creature's place (V-occupied)
    if moved <= s.half and not flags & FULL_MOVE:
        relax(c, idx, alt, GROUNDED, base | LANDED, 0, 0, K_LAND)
    if moved < s.half and not flags & FULL_MOVE and s.walk_speed > 0:
        walk = (<int64_t>(s.half - moved) * s.walk_speed) // (2 * s.half)
        if walk > WALK_MAX:
            walk = WALK_MAX
    relax(c, idx, alt, GROUNDED, base | LANDED_FAST | (walk * WALK_UNIT), 0, 1, K_LAND_FAST)


cdef inline void skim(const Space *s, Relax *c, int64_t idx, int64_t alt, int64_t posture,
                      int64_t flags) noexcept nogil:
    cdef int64_t saved = (flags & ~(PENDING | MAY_CLIMB)) | SKIM_SAVED
    if flags & SKIM_SAVED:
        relax(c, idx, alt, posture, saved, 0, 0, K_SKIM)
    elif not (s.n_occ and taken(s.occ, s.n_occ, idx * s.levels + alt)):
        relax(c, idx, alt, posture, saved, 0, 1, K_SKIM_CHECKED)


cdef inline int walkable(const Space *s, int64_t idx, int64_t alt, int d) noexcept nogil:
    """``VolareSpace.walkable``: the hex in direction ``d`` a walker at ``idx`` (its ground
    level ``alt``) may step into, or -1."""
    cdef int32_t n = s.nbr[idx * 6 + d]
    if n >= 0 and s.ground[n] == alt and alt < s.ceil[n]:
        return n
    return -1


cdef inline int downwind_blocked(const Space *s, int64_t idx, int64_t alt) noexcept nogil:
    cdef int32_t n = s.nbr[idx * 6 + s.toward]
    return n < 0 or s.ground[n] > alt or alt >= s.ceil[n]


cdef inline void fly(const Space *s, Relax *c, int64_t idx, int64_t alt, int64_t base, int d,
                     int skimming) noexcept nogil:
    """A flight step in direction ``d``, where the hex there lets the flyer in at ``alt``."""
    cdef int32_t n, g
    n = s.nbr[idx * 6 + d]
    if n < 0:
        return
    g = s.ground[n]
    if g > alt or alt >= s.ceil[n]:
        return
    relax(c, n, alt, 2 + d, base | PENDING if (g == alt and not skimming) else base,
          s.costs[d], 0, d)


cdef void steps(const Space *s, Relax *c, int64_t code, int spent) noexcept nogil:
    """``VolareSpace.steps``: the same steps, in the same order."""
    cdef int64_t flags = code & FLAG_MASK
    cdef int64_t rest = code >> FLAG_BITS
    cdef int64_t posture = rest & 7
    cdef int64_t idx, alt
    cdef uint32_t where
    cdef int64_t base, nflags, walk
    cdef int32_t n
    cdef int d, h, cost, drift_due, skimming
    cdef int32_t kept
    if s.narrow:
        where = <uint32_t>(rest >> 3)
        idx = where / s.levels32
        alt = where - <uint32_t>idx * s.levels32
    else:
        idx = (rest >> 3) // s.levels
        alt = (rest >> 3) % s.levels
    if flags & LANDED:
        return
    if posture == GROUNDED:
        if flags & THRUST:
            base = flags & ~THRUST
            if alt + 1 <= s.top and alt + 1 < s.ceil[idx]:
                relax(c, idx, alt + 1, HOVERING, base, CLIMB, 0, K_UP)
            if s.can_skim and not (s.n_occ and taken(s.occ, s.n_occ, idx * s.levels + alt)):
                relax(c, idx, alt, HOVERING, base | SKIM_SAVED, 0, 1, K_SKIM_CHECKED)
        elif spent == 0 and not flags & (PRONE | FULL_MOVE | LANDED_FAST) and s.may_take_off:
            relax(c, idx, alt, GROUNDED, flags | THRUST | FULL_MOVE, s.half, 0, K_THRUST)
        walk = flags >> WALK_SHIFT
        if walk and not flags & PRONE:
            for d in range(6):
                n = walkable(s, idx, alt, d)
                if n >= 0:
                    relax(c, n, alt, GROUNDED, flags - WALK_UNIT, 0, 0, K_WALK)
        elif s.walk_budget and not flags & NO_WALK and spent + TICKS_PER_MP <= s.walk_budget:
            kept = c.buckets  # a walk keeps to its own budget, checked here, not the flight's
            c.buckets = c.limit
            for d in range(6):
                n = walkable(s, idx, alt, d)
                if n >= 0:
                    relax(c, n, alt, GROUNDED, flags | ON_FOOT, TICKS_PER_MP, 0, K_ON_FOOT)
            c.buckets = kept
        return
    if s.gale:
        if alt == s.ground[idx]:
            landings(s, c, idx, alt, flags, spent)
        return
    drift_due = (flags & DRIFT_DUE) != 0
    if drift_due:
        cost = s.pay_cost
        if cost > s.budget - spent and downwind_blocked(s, idx, alt):
            relax(c, idx, alt, posture, (flags & ~DRIFT_DUE) | PAID, s.budget - spent, 0,
                  K_PAY_ALL)
        else:
            relax(c, idx, alt, posture, (flags & ~DRIFT_DUE) | PAID, cost, 0, K_PAY)
    if flags & PENDING:
        if drift_due:
            if s.can_skim:
                skim(s, c, idx, alt, posture, flags)
            return
        base = flags & ~(PENDING | MAY_CLIMB)
        if s.can_skim:
            skim(s, c, idx, alt, posture, flags)
        if flags & MAY_CLIMB and alt + 1 <= s.top and alt + 1 < s.ceil[idx]:
            relax(c, idx, alt + 1, posture, base, CLIMB, 0, K_UP)
        landings(s, c, idx, alt, base, spent)
        return
    skimming = alt == s.ground[idx]
    base = flags & ~(DRIFT_DUE | MAY_CLIMB)
    h = <int>posture - 2
    if drift_due:  # only downwind, where the flyer may turn that way
        if s.toward >= 0 and (posture == HOVERING or (s.toward - h + 7) % 6 <= 2):
            fly(s, c, idx, alt, base, s.toward, skimming)
        return
    if posture == HOVERING:
        for d in range(6):
            fly(s, c, idx, alt, base, d, skimming)
    else:  # heading h: ahead and the two directions beside it, in the order (h + 5) % 6, h, h + 1
        fly(s, c, idx, alt, base, h - 1 if h else 5, skimming)
        fly(s, c, idx, alt, base, h, skimming)
        fly(s, c, idx, alt, base, h + 1 if h < 5 else 0, skimming)
    # the same hex
    if alt + 1 <= s.top and alt + 1 < s.ceil[idx]:
        relax(c, idx, alt + 1, posture, base, CLIMB, 0, K_UP)
    if alt - 1 >= s.ground[idx]:
        nflags = base | PENDING if alt - 1 == s.ground[idx] else base
        relax(c, idx, alt - 1, posture, nflags, DESCEND, 0, K_DOWN)
    if posture >= 2:
        relax(c, idx, alt, HOVERING, base, s.stop_cost, 0, K_HOVER)
    if skimming:
        landings(s, c, idx, alt, base, spent)


# -- the search ------------------------------------------------------------------------------------

cdef enum:
    NOT_REACHED = 0x7fffffff  # the best priority of a state met but not reached yet


cdef struct Entry:
    # one state met so far, 24 bytes: what a lookup and a relaxation read
    int64_t code
    int32_t best  # least priority found, NOT_REACHED while not reached
    int32_t parent  # settled index of the state the best way left from, -1 for the start
    int32_t chain  # the next slot + 1 of the same place (dense index), 0 for none
    int8_t kind


cdef struct Table:
    # the states met so far, by slot (in the order first reached), and an index of them
    Entry *s
    int32_t count
    int32_t room
    int32_t *index  # hash table of slots, -1 empty: made when a state first needs it
    uint64_t mask
    # the dense index, where the places the search could reach are few enough: the first slot
    # + 1 of each place, 0 for none (from calloc: untouched pages cost nothing). ``BAND``: every
    # place of the map, a state's place its code's own (where the search could reach (nearly)
    # every altitude); ``CONE``: only the altitudes the search's budget could reach at each hex
    # within reach of its start (``within_reach``: a cone, narrower further out), a place then
    # ``base[idx] + alt * 8 + posture`` (a read of ``base`` in each lookup costs 3-8 %, so a
    # search that could reach every altitude does without)
    int32_t *head
    int64_t head_room  # how many places ``head`` has room for
    int64_t head_used  # how many this search uses
    int mode  # ``BAND``, ``CONE`` or ``HASHED``
    # by hex, ``cells`` of them (calloc): while walking, its steps from the start + 1; then the
    # place of its altitude 0, posture 0 (``CONE``): its places those of its altitudes within
    # reach; 0 for a hex not walked or with none, its places then the first ``levels * 8``,
    # kept for them. The index has as many more places past the last hex's, so that every
    # place computed lies in it: a state the bound misjudged (none: ``tests/test_kernel.py``)
    # shares a chain with others, still found by its code, and costs time, never an answer
    int32_t *base
    int32_t *near  # the hexes within reach, nearest first, ``n_near`` of them
    int32_t n_near
    int64_t cells
    int32_t hashed  # the states found through the hash table


cdef inline uint64_t hash64(int64_t code) noexcept nogil:
    cdef uint64_t x = <uint64_t>code
    x ^= x >> 30
    x *= <uint64_t>0xbf58476d1ce4e5b9
    x ^= x >> 27
    x *= <uint64_t>0x94d049bb133111eb
    x ^= x >> 31
    return x


cdef int make_index(Table *t, uint64_t size) noexcept nogil:
    """A hash table of ``size`` slots (a power of two) holding every state that was in the
    last (none at first)."""
    cdef int32_t *index = <int32_t *>malloc(size * sizeof(int32_t))
    cdef int32_t slot
    cdef uint64_t h
    if index == NULL:
        return -1
    memset(index, 0xff, size * sizeof(int32_t))
    if t.index != NULL:
        for slot in range(t.count):
            if t.s[slot].chain >= 0:
                continue  # a state of the dense index
            h = hash64(t.s[slot].code) & (size - 1)
            while index[h] >= 0:
                h = (h + 1) & (size - 1)
            index[h] = slot
    free(t.index)
    t.index = index
    t.mask = size - 1
    return 0


cdef int grow_slots(Table *t) noexcept nogil:
    cdef int32_t room = t.room * 2
    cdef void *p = realloc(t.s, room * sizeof(Entry))
    if p == NULL:
        return -1
    t.s = <Entry *>p
    t.room = room
    return 0


cdef inline int32_t new_slot(Table *t, int64_t code) noexcept nogil:
    if t.count == t.room and grow_slots(t) < 0:
        return -1
    cdef int32_t slot = t.count
    t.count += 1
    t.s[slot].code = code
    t.s[slot].best = NOT_REACHED
    t.s[slot].parent = -1
    t.s[slot].kind = -1
    return slot


cdef inline int32_t find_dense(Table *t, int64_t place, int64_t code) noexcept nogil:
    """The slot of ``code``, made (best NOT_REACHED) when new, through the dense index at
    ``place`` (``BAND``: every place of the map has one); -1 when out of memory."""
    cdef int32_t slot, first
    first = t.head[place]
    slot = first - 1
    while slot >= 0:
        if t.s[slot].code == code:
            return slot
        slot = t.s[slot].chain - 1
    slot = new_slot(t, code)
    if slot < 0:
        return -1
    t.s[slot].chain = first
    t.head[place] = slot + 1
    return slot


cdef int32_t find_hashed(Table *t, int64_t code) noexcept nogil:
    """The slot of ``code`` through the hash table (a search whose places within reach are too
    many for the dense index), made (best NOT_REACHED) when new; -1 when out of memory. Its
    entries' ``chain`` is -1."""
    cdef uint64_t h
    cdef int32_t slot
    if t.index == NULL and make_index(t, 1 << 13) < 0:
        return -1
    h = hash64(code) & t.mask
    slot = t.index[h]
    while slot >= 0:
        if t.s[slot].code == code:
            return slot
        h = (h + 1) & t.mask
        slot = t.index[h]
    slot = new_slot(t, code)
    if slot < 0:
        return -1
    t.s[slot].chain = -1
    t.hashed += 1
    t.index[h] = slot
    if <uint64_t>t.count * 2 > t.mask + 1 and make_index(t, (t.mask + 1) * 2) < 0:
        return -1
    return slot


#: the most places (altitudes × 8 postures of the hexes within reach) indexed densely: 512 MB of
#: address space, of which only the pages of places reached are ever touched
DENSE_PLACES = 1 << 27


cdef enum:
    DENSE_LIMIT = 1 << 30  # the most places a dense index could hold (int32 places)


cdef int64_t within_reach(const Space *s, Table *t, int64_t start, int64_t cells,
                          int band, int64_t limit) noexcept nogil:
    """The box of the dense index (``Table``): the hexes and altitudes the search could reach
    within its budget. A lower bound of the ticks to reach a hex ``r`` steps away (a
    breadth-first walk of the neighbours' table, which every step between hexes follows) is
    ``r`` times the cheapest step between hexes (a flight step; on foot, 12) but for the walk
    after a violent landing (free, at most half the ground speed and ``WALK_MAX`` hexes); what
    is left climbs at most ``left / CLIMB`` levels and descends at most ``left / DESCEND`` (no
    other step changes the altitude), within the hex's ground and ceiling. Returns the places
    so indexed (``t.head_used``), or -1 when the walk's list cannot be made. A place misjudged
    out of reach is still found (hashed), so the bound decides memory, never answers."""
    cdef int64_t cell0 = ((start >> FLAG_BITS) >> 3) // s.levels
    cdef int64_t alt0 = ((start >> FLAG_BITS) >> 3) % s.levels
    cdef int64_t budget = s.walk_budget if s.walk_budget > s.budget else s.budget
    cdef int64_t step = -1, free_walk = 0, reach, r, left, lo, hi
    cdef int64_t total = 0
    cdef int32_t i, d, n, cell, head = 0, level_end
    if not s.gale:
        for d in range(6):
            if step < 0 or s.costs[d] < step:
                step = s.costs[d]
    if s.walk_budget and (step < 0 or TICKS_PER_MP < step):
        step = TICKS_PER_MP
    if s.walk_speed > 0:
        free_walk = WALK_MAX if s.walk_speed // 2 > WALK_MAX else s.walk_speed // 2
    if step < 0:
        reach = free_walk
    elif step == 0:
        reach = cells
    else:
        reach = budget // step + free_walk
    if 0 <= limit < reach:
        reach = limit
    lo = alt0 - budget // DESCEND
    hi = alt0 + budget // CLIMB
    if band and (0 if lo < 0 else lo) <= s.levels // 16 and hi >= s.top - s.levels // 16:
        t.mode = BAND  # (nearly) every altitude within reach: the map's own places
        t.n_near = 0
        t.head_used = cells * s.levels * 8
        return t.head_used
    t.mode = CONE
    total = s.levels * 8  # the places of the hexes not walked, or of no altitude within reach
    if t.near == NULL:
        t.near = <int32_t *>malloc(t.cells * sizeof(int32_t))
        if t.near == NULL:
            return -1
    t.near[0] = <int32_t>cell0
    t.n_near = 1
    t.base[cell0] = 1
    r = 0
    while head < t.n_near and r < reach:
        level_end = t.n_near
        while head < level_end:
            cell = t.near[head]
            head += 1
            for d in range(6):
                n = s.nbr[<int64_t>cell * 6 + d]
                if n >= 0 and t.base[n] == 0:
                    t.base[n] = <int32_t>(r + 2)
                    t.near[t.n_near] = n
                    t.n_near += 1
        r += 1
    for i in range(t.n_near):
        cell = t.near[i]
        r = t.base[cell] - 1
        left = budget - (0 if r <= free_walk or step <= 0 else (r - free_walk) * step)
        lo = alt0 - left // DESCEND
        if lo < s.ground[cell]:
            lo = s.ground[cell]
        hi = alt0 + left // CLIMB
        if hi > s.top:
            hi = s.top
        if hi > s.ceil[cell] - 1:
            hi = s.ceil[cell] - 1
        if hi < lo or total > DENSE_LIMIT:
            t.base[cell] = 0
            continue
        t.base[cell] = <int32_t>(total - lo * 8)
        total += (hi - lo + 1) * 8
    t.head_used = total + s.levels * 8  # (past the last hex's, its altitudes above its window)
    return t.head_used


cdef void forget_reach(Table *t) noexcept nogil:
    """The walk's marks emptied (``within_reach`` wrote only those of ``near``)."""
    cdef int32_t i
    for i in range(t.n_near):
        t.base[t.near[i]] = 0


cdef int setup(const Space *s, Table *t, Queue *q, int32_t buckets, int64_t cells,
               int64_t start, int64_t dense, int32_t room, int spared,
               int64_t limit) noexcept nogil:
    """The tables of a search: ``t`` and ``q`` as ``take_spare`` left them (``spared``) or
    empty; the dense index where the places within reach are at most ``dense``. 0, or -1 out
    of memory (``teardown`` them still)."""
    cdef int64_t used
    if not spared:
        memset(t, 0, sizeof(Table))
        if queue_make(q, buckets) < 0:
            return -1
        t.room = room if room > (1 << 12) else (1 << 12)
        t.s = <Entry *>malloc(t.room * sizeof(Entry))
        if t.s == NULL:
            return -1
    t.count = 0
    t.hashed = 0
    if t.base == NULL:
        t.cells = cells
        t.base = <int32_t *>calloc(cells, sizeof(int32_t))
        if t.base == NULL:
            return -1
    used = within_reach(s, t, start, cells, limit < 0, limit)
    if t.mode == BAND and used > dense:  # the map's places too many: the cone's may do
        used = within_reach(s, t, start, cells, 0, limit)
    if used < 0:
        return -1
    if used == 0 or used > dense or used > DENSE_LIMIT:  # too many places: hash them all
        forget_reach(t)
        t.n_near = 0
        t.mode = HASHED
        t.head_used = 0
        return 0 if t.index != NULL or make_index(t, 1 << 13) == 0 else -1
    if used > t.head_room:
        free(t.head)
        t.head = <int32_t *>calloc(used, sizeof(int32_t))
        t.head_room = used
        if t.head == NULL:
            t.head_room = 0
            return -1
    return 0


cdef struct Spare:
    # the buffers of a finished search, kept for the next one on a map of as many hexes or fewer:
    # a process that has searched before then touches memory it already has, not fresh pages
    # (first touches, page faults, cost a quarter of a search). Taken and given back while the
    # GIL is held; a search that finds none (another thread has it) makes its own.
    Table t
    Queue q
    int held


cdef Spare spare


cdef int take_spare(Table *t, Queue *q, int32_t buckets, int64_t cells) noexcept:
    """The last search's buffers, emptied, when they fit this search (1), else 0."""
    if not spare.held or spare.t.cells < cells or buckets > spare.q.buckets:
        return 0
    t[0] = spare.t
    q[0] = spare.q
    spare.held = 0
    return 1


cdef inline int64_t place_of(const Table *t, int64_t code, int64_t levels,
                             double per_level) noexcept nogil:
    """The dense index's place of ``code``, or -1 where it is hashed: its hex found by a
    division in floating point, corrected (an integer division per state would cost more than
    the rest of emptying)."""
    cdef int64_t where = (code >> FLAG_BITS) >> 3
    cdef int64_t idx = <int64_t>(<double>where * per_level)
    cdef int64_t alt = where - idx * levels
    while alt < 0:
        idx -= 1
        alt += levels
    while alt >= levels:
        idx += 1
        alt -= levels
    return <int64_t>t.base[idx] + (alt << 3) + ((code >> FLAG_BITS) & 7)


cdef void give_spare(Table *t, Queue *q, int64_t levels) noexcept:
    """Keep a finished search's buffers for the next (its dense index and queue emptied), in
    place of any kept that it could not use, or free them (the most they keep:
    ``SPARE_BYTES``)."""
    cdef int32_t slot
    cdef double per_level = 1.0 / <double>levels
    if spare.held:  # the spare did not fit this search (a smaller map's): this one's replace it
        teardown(&spare.t, &spare.q)
        spare.held = 0
    if (<size_t>t.room * sizeof(Entry) + <size_t>t.head_room * 4 + <size_t>t.cells * 8
            + queue_bytes(q) > SPARE_BYTES):
        teardown(t, q)
        return
    if t.mode == BAND:
        for slot in range(t.count):
            t.head[t.s[slot].code >> FLAG_BITS] = 0
    elif t.head_used <= <int64_t>t.count * 6:  # cheaper emptied whole than place by place
        if t.head_used:
            memset(t.head, 0, t.head_used * sizeof(int32_t))
    elif t.mode == CONE:
        for slot in range(t.count):
            if t.s[slot].chain >= 0:
                t.head[place_of(t, t.s[slot].code, levels, per_level)] = 0
    forget_reach(t)
    t.n_near = 0
    t.head_used = 0
    t.mode = HASHED
    free(t.index)
    t.index = NULL
    t.mask = 0
    queue_empty(q)
    spare.t = t[0]
    spare.q = q[0]
    spare.held = 1


cdef void teardown(Table *t, Queue *q) noexcept nogil:
    free(t.s)
    free(t.index)
    free(t.head)
    free(t.base)
    free(t.near)
    queue_free(q)


cdef class _Goal:
    """The Python goal test, called for each state settled until one passes."""
    cdef object test
    cdef object error

    def __init__(self, test):
        self.test = test
        self.error = None


cdef int ask_goal(PyObject *ptr, int64_t code, int spent) noexcept with gil:
    cdef _Goal goal = <_Goal>ptr
    try:
        return 1 if goal.test(code, spent) else 0
    except BaseException as exc:
        goal.error = exc
        return -1


cdef int search(const Space *s, Table *t, Queue *q, Settled *r, int64_t start,
                int avoid_checks, PyObject *goal, int32_t max_states) noexcept nogil:
    """``settle``, on copies of the tables held in this function: the compiler then knows that
    no store to the arrays changes their fields (pointers, counts), and keeps those in registers
    instead of reading them again after each store. Its C declaration is repeated at the top of
    this file (``flatten``): change both together (``tests/test_kernel.py`` compares them)."""
    cdef Space space = s[0]
    cdef Table table = t[0]
    cdef Queue queue = q[0]
    cdef Settled result = r[0]
    cdef int outcome
    # three copies of the loop, each knowing which index it reads
    if table.mode == BAND:
        outcome = settle(&space, &table, &queue, &result, start, avoid_checks, goal, max_states,
                         BAND)
    elif table.mode == CONE:
        outcome = settle(&space, &table, &queue, &result, start, avoid_checks, goal, max_states,
                         CONE)
    else:
        outcome = settle(&space, &table, &queue, &result, start, avoid_checks, goal, max_states,
                         HASHED)
    t[0] = table
    q[0] = queue
    r[0] = result
    return outcome


cdef inline int settle(const Space *s, Table *t, Queue *q, Settled *r, int64_t start,
                       int avoid_checks, PyObject *goal, int32_t max_states,
                       int dense) noexcept nogil:
    """Dial's algorithm, as ``search.explore``: 0 done, 1 too many states, 2 out of memory,
    3 the goal test raised. ``r`` gets the settled states in settling order as they are settled
    (each one's parent settled before it)."""
    cdef int32_t buckets = (s.budget + 1) * SLOTS
    cdef int32_t limit = ((s.walk_budget if s.walk_budget > s.budget else s.budget) + 1) * SLOTS
    cdef int32_t priority, slot, count = 0
    cdef int64_t code, where
    cdef int spent, reached = 0, answer
    cdef Cursor cursor
    cdef Relax c
    c.t = t
    c.q = q
    c.skip = SLOTS - 1 if avoid_checks else 0  # the steps with a check, avoided
    c.buckets = buckets
    c.limit = limit
    c.failed = 0
    c.dense = dense
    c.levels = s.levels
    if dense:
        where = (start >> FLAG_BITS) >> 3
        slot = find_dense(t, (t.base[where // s.levels] + (where % s.levels) * 8
                              + ((start >> FLAG_BITS) & 7)) if dense == CONE
                          else start >> FLAG_BITS, start)
    else:
        slot = find_hashed(t, start)
    if slot < 0:
        return 2
    t.s[slot].best = 0
    if push(q, 0, slot) < 0:
        return 2
    cursor = read_up_to(q, limit)
    while next_priority(&cursor):
        priority = priority_of(q, &cursor)
        spent = priority // SLOTS
        c.priority = priority
        c.full = 1 if priority % SLOTS == SLOTS - 1 else 0
        while True:
            slot = pop(&cursor)
            if slot < 0:
                break
            if t.s[slot].best != priority:
                continue  # a dearer way to a state since reached more cheaply
            code = t.s[slot].code
            if write_settled(r, count, code, priority, t.s[slot].parent, t.s[slot].kind) < 0:
                return 2
            count += 1
            if count > max_states:
                return 1
            if goal != NULL and not reached:
                answer = ask_goal(goal, code, spent)
                if answer < 0:
                    return 3
                if answer:
                    reached = 1
                    stop_after_priority(&cursor)
            c.settled = count - 1
            steps(s, &c, code, spent)
            if c.failed:
                return 2
    return 0


def volare_search(tuple numbers, const int32_t[::1] ground, const int32_t[::1] ceil,
                  const int32_t[::1] nbr, int64_t start, bint avoid_checks, goal,
                  int max_states, int64_t dense_places=DENSE_PLACES, int32_t room=0,
                  const int64_t[::1] occupied=None, int64_t reach_limit=-1):
    """Settle every state of a ``volare`` round, cheapest first (``search.explore``).

    ``numbers``: (levels, top, budget, half, pay_cost, costs (6), stop_cost, can_skim, gale,
    may_take_off, walk_speed, toward or -1, walk_budget); ``occupied``: the places (cell × levels + altitude)
    where other creatures stand, sorted (V-occupied). Returns (outcome, codes, priorities,
    parents, kinds) in settling order, parents as settled indexes (-1 for the start); outcome 0
    done, 1 more than ``max_states`` settled (then the arrays are empty). The states are
    indexed densely over the places within reach of the start (``within_reach``), hashed where
    those are more than ``dense_places``. ``room``: how many states to make room for at once
    (the space's estimate; the arrays grow past it, and pages never written cost nothing).
    ``reach_limit``, for tests: the hexes indexed densely at most this many steps from the
    start (the index of a cone, ``CONE``), the states past them hashed.
    """
    cdef Space s
    cdef Table t
    cdef Queue q
    cdef Settled r
    cdef int outcome
    cdef int64_t cells
    cdef int32_t buckets
    cdef _Goal test = None if goal is None else _Goal(goal)
    cdef PyObject *asked = NULL if goal is None else <PyObject *>test
    cdef tuple arrays
    cdef int i
    (s.levels, s.top, s.budget, s.half, s.pay_cost, costs, s.stop_cost, s.can_skim, s.gale,
     s.may_take_off, s.walk_speed, s.toward, s.walk_budget) = numbers
    for i in range(6):
        s.costs[i] = costs[i]
    s.ground = <int32_t *>&ground[0]
    s.ceil = <int32_t *>&ceil[0]
    s.nbr = <int32_t *>&nbr[0]
    s.narrow = <int64_t>len(ground) * s.levels < (<int64_t>1 << 32)
    s.levels32 = <uint32_t>s.levels
    s.n_occ = 0 if occupied is None else occupied.shape[0]
    s.occ = &occupied[0] if s.n_occ else NULL
    cells = len(ground)
    buckets = ((s.walk_budget if s.walk_budget > s.budget else s.budget) + 1) * SLOTS
    if setup(&s, &t, &q, buckets, cells, start, dense_places, room,
             take_spare(&t, &q, buckets, cells), reach_limit) < 0:
        teardown(&t, &q)
        raise MemoryError()
    arrays = settled_arrays(&r, room if room > (1 << 12) else (1 << 12))
    try:
        if asked == NULL:
            with nogil:
                outcome = search(&s, &t, &q, &r, start, avoid_checks, asked, max_states)
        else:
            outcome = search(&s, &t, &q, &r, start, avoid_checks, asked, max_states)
        if outcome == 2:
            raise MemoryError()
        if outcome == 3:
            raise test.error
        return settled_result(&r, arrays, outcome)
    finally:
        _last[0] = t.count
        _last[1] = <int64_t>queue_bytes(&q)
        _last[2] = r.n
        _last[4] = t.hashed
        _last[5] = t.head_used
        _last[6] = t.n_near
        _last[3] = ((t.head_used if t.mode != BAND or t.head_used < t.count else t.count) * 4
                    + t.n_near * 8
                    + (<int64_t>(t.mask + 1) * 4 if t.index != NULL else 0))
        give_spare(&t, &q, s.levels)


cdef int64_t _last[7]


def last_search_counts():
    """(states met, bytes of its queue, states settled) of the last search, for
    ``benchmarks/memory.py``: each state met costs an ``Entry`` (24 bytes) and each settled
    one 17 bytes in the arrays returned, besides the index (``last_search_bytes``)."""
    return _last[0], _last[1], _last[2]


def last_search_index():
    """(places indexed densely, hexes walked within reach, states hashed) of the last search:
    a search whose every state is within reach hashes none (``tests/test_kernel.py``)."""
    return _last[5], _last[6], _last[4]


def last_search_bytes():
    """The bytes the last search wrote: its entries, queue, the arrays returned and its index
    (the cone's places and the walk that placed them; of the map's places, one a state at most;
    the hash table where one was made), for ``benchmarks/memory.py``."""
    return _last[0] * sizeof(Entry) + _last[1] + _last[2] * 17 + _last[3]


# -- reading a search: the end states a reach lists ------------------------------------------------
cdef inline int64_t end_key(int64_t code, int64_t start_place) noexcept nogil:
    """``VolareSpace.end_key``: the place, and one bit for prone or on foot away from the start
    (no search holds both)."""
    cdef int64_t place = code >> FLAG_BITS
    return (place << 1) | (1 if code & PRONE or (code & ON_FOOT and place != start_place) else 0)


def volare_ends(const int64_t[:] codes, const int32_t[:] priorities,
                const int64_t[::1] occupied=None, int64_t start=0):
    """The end states of a ``volare`` reach, read off the settled arrays (``rules/grid.py``'s
    ``grid_reach`` over ``VolareSpace.end_problem`` and ``end_key``, without a call per state):
    no state with a duty left (``PENDING``, ``DRIFT_DUE``), none in a place of ``occupied``
    (sorted, as ``volare_search`` takes it: V-occupied); ``start``, the search's start state (a
    state on foot where it started is the start's end state, V-walk).

    Returns ``(order, later, tied)``, arrays of settled indices, or None when the end keys are too
    sparse for a dense table: ``order`` the first settled state of each end state, by priority
    then code; ``later`` the dearer ways to them that are not moving (``could_act``), in settling
    order; ``tied`` every state whose end state some other way reaches at the same least priority
    (the report ranks those by ``way_rank``; they are in neither of the others).
    """
    cdef Py_ssize_t n = codes.shape[0]
    cdef Py_ssize_t i, m = 0, nl = 0, nt = 0
    cdef int64_t code, key, top = 0, low = -1
    cdef int32_t *first
    cdef int32_t mark
    cdef int failed
    cdef int own
    cdef array.array order, later, tied
    cdef int32_t *o
    cdef int32_t *la
    cdef int32_t *ti
    cdef Py_ssize_t n_occ = 0 if occupied is None else occupied.shape[0]
    cdef const int64_t *occ = &occupied[0] if n_occ else NULL
    cdef int64_t start_place = start >> FLAG_BITS
    with nogil:  # the span of the places settled: their end keys lie within it
        for i in range(n):
            code = codes[i] >> FLAG_BITS
            if code > top:
                top = code
            if low < 0 or code < low:
                low = code
    if low < 0:
        low = 0
    low <<= 1
    top = (top << 1) | 1
    if top - low > 16 * n + (1 << 20):
        return None
    # by end key (less the least): the settled index + 1 of its first state, negated once
    # another way ties it; the table kept from the last reach, its pages already touched
    first = take_keys(top - low + 1)
    own = first != ends_keys.table
    if first == NULL:
        raise MemoryError()
    try:
        with nogil:
            for i in range(n):
                code = codes[i]
                if code & (PENDING | DRIFT_DUE) or (
                        n_occ and taken(occ, n_occ, (code >> FLAG_BITS) >> 3)):
                    continue
                key = end_key(code, start_place) - low
                mark = first[key]
                if mark == 0:
                    first[key] = <int32_t>(i + 1)
                    m += 1
                elif mark > 0 and priorities[mark - 1] == priorities[i]:
                    first[key] = -mark
        order = array.clone(array.array("i"), m, zero=False)
        later = array.clone(array.array("i"), n - m, zero=False)
        tied = array.clone(array.array("i"), n, zero=False)
        o = <int32_t *>order.data.as_voidptr
        la = <int32_t *>later.data.as_voidptr
        ti = <int32_t *>tied.data.as_voidptr
        with nogil:
            m = 0
            for i in range(n):
                code = codes[i]
                if code & (PENDING | DRIFT_DUE) or (
                        n_occ and taken(occ, n_occ, (code >> FLAG_BITS) >> 3)):
                    continue
                mark = first[end_key(code, start_place) - low]
                if mark < 0:
                    ti[nt] = <int32_t>i
                    nt += 1
                elif mark == i + 1:
                    o[m] = <int32_t>i
                    m += 1
                elif (code >> FLAG_BITS) & 7 < 2:
                    la[nl] = <int32_t>i
                    nl += 1
            failed = order_ways(o, m, codes, priorities)
        if failed:
            raise MemoryError()
        array.resize(order, m)
        array.resize(later, nl)
        array.resize(tied, nt)
        return order, later, tied
    finally:
        if not own:  # emptied for the next reach: only the keys this one wrote
            with nogil:
                for i in range(n):
                    code = codes[i]
                    if not code & (PENDING | DRIFT_DUE):
                        first[end_key(code, start_place) - low] = 0
        give_keys(first, own)


cdef struct Keys:
    # the table of end keys ``volare_ends`` keeps between reaches (zeroed), and whether a reach
    # holds it (taken and given back with the GIL held; a reach that finds it held makes its own)
    int32_t *table
    int64_t room
    int held


cdef Keys ends_keys


cdef int32_t *take_keys(int64_t size) noexcept:
    """A zeroed table of ``size`` keys: the kept one when free (grown to fit), else a new one;
    NULL out of memory."""
    cdef int32_t *table
    if ends_keys.held or size * 4 > SPARE_BYTES:
        return <int32_t *>calloc(size, sizeof(int32_t))
    if size > ends_keys.room:
        free(ends_keys.table)
        ends_keys.room = 0
        ends_keys.table = <int32_t *>calloc(size, sizeof(int32_t))
        if ends_keys.table == NULL:
            return NULL
        ends_keys.room = size
    ends_keys.held = 1
    return ends_keys.table


cdef void give_keys(int32_t *table, int own) noexcept:
    if own:
        free(table)
    else:
        ends_keys.held = 0


# -- writing a reach: the JSON of its end states ---------------------------------------------------
cdef struct Buf:
    char *data
    Py_ssize_t size
    Py_ssize_t room
    int failed


cdef int grow_buf(Buf *b, Py_ssize_t more) noexcept nogil:
    cdef Py_ssize_t room = b.room * 2
    cdef void *p
    while room < b.size + more:
        room *= 2
    p = realloc(b.data, room)
    if p == NULL:
        b.failed = 1
        return -1
    b.data = <char *>p
    b.room = room
    return 0


cdef inline void put(Buf *b, const char *text, Py_ssize_t n) noexcept nogil:
    if b.size + n > b.room and grow_buf(b, n) < 0:
        return
    memcpy(b.data + b.size, text, n)
    b.size += n


cdef inline void put_int(Buf *b, int64_t value) noexcept nogil:
    cdef char digits[24]
    cdef int n = 0, i
    cdef uint64_t v
    if value < 0:
        put(b, "-", 1)
        v = <uint64_t>(-value)
    else:
        v = <uint64_t>value
    while True:
        digits[n] = <char>(48 + v % 10)
        n += 1
        v //= 10
        if v == 0:
            break
    for i in range(n // 2):
        digits[i], digits[n - 1 - i] = digits[n - 1 - i], digits[i]
    put(b, digits, n)


cdef struct Texts:
    # a list of bytes, as C pointers and lengths (the list keeps them alive)
    const char **text
    Py_ssize_t *size
    Py_ssize_t n


cdef int texts_of(Texts *t, list items) except -1:
    """``t`` from a list of bytes (or None: empty)."""
    cdef Py_ssize_t i
    cdef bytes item
    t.n = len(items)
    t.text = <const char **>malloc((t.n + 1) * sizeof(char *))
    t.size = <Py_ssize_t *>malloc((t.n + 1) * sizeof(Py_ssize_t))
    if t.text == NULL or t.size == NULL:
        raise MemoryError()
    for i in range(t.n):
        item = items[i] if items[i] is not None else b""
        t.text[i] = item
        t.size[i] = len(item)
    return 0


cdef void free_texts(Texts *t) noexcept:
    free(t.text)
    free(t.size)


cdef inline void put_text(Buf *b, const Texts *t, Py_ssize_t i) noexcept nogil:
    put(b, t.text[i], t.size[i])


cdef inline Py_ssize_t compact_json(char *text, Py_ssize_t n) noexcept nogil:
    """``text`` (valid JSON) without its whitespace outside strings, in place: its length now.
    Indented ``json.dumps`` text so compacted is the compact (``separators=(",", ":")``) text."""
    cdef Py_ssize_t r, w = 0
    cdef int quoted = 0, escaped = 0
    cdef char c
    for r in range(n):
        c = text[r]
        if quoted:
            text[w] = c
            w += 1
            if escaped:
                escaped = 0
            elif c == 92:  # backslash
                escaped = 1
            elif c == 34:  # quote
                quoted = 0
        elif c == 32 or c == 10 or c == 9 or c == 13:
            continue
        else:
            text[w] = c
            w += 1
            if c == 34:
                quoted = 1
    return w


def _compacted(bytes text):
    """``text`` (whole JSON values, keys and separators) without its layout: ``compact_json``."""
    cdef bytearray out = bytearray(text)
    cdef char *data = out
    return bytes(out[:compact_json(data, len(out))])


#: The bytes of text a chunk of ``VolareStates`` holds at least (all but the last).
STATES_CHUNK = 1 << 16


cdef enum:
    # the literal pieces of a state's text (``LITERALS``)
    L_AT = 0
    L_ALTITUDE = 1
    L_MODE = 2
    L_HEADING = 3
    L_SKIMMING = 4
    L_NOT_SKIMMING = 5
    L_PRONE = 6
    L_ON_FOOT = 7
    L_COST = 8
    L_COMMA = 9
    L_CHECKS = 10
    L_NO_CHECKS = 11
    L_FIRST_CHECK = 12
    L_CHECKS_END = 13
    L_QUOTE = 14
    L_END = 15
    L_ACT_COST = 16
    L_ACT_CHECKS = 17
    L_ACT_NO_CHECKS = 18
    L_ACT_FIRST_CHECK = 19
    L_ACT_CHECKS_END = 20
    L_ACT_END = 21
    L_QUOTE_END = 22


#: The literal pieces of a state's text: indented (as ``json.dumps(indent=2)`` writes a state
#: at depth 2) and compact (``separators=(",", ":")``), in the order of the ``L_*`` names; the
#: last seven those of its ``to_act`` (``rules/grid.py``'s ``_Ends._to_act`` writes the same).
LITERALS = (
    (b'    {\n      "at": "',
     b'",\n      "altitude": ',
     b',\n      "mode": ',
     b',\n      "heading": ',
     b',\n      "skimming": true,\n',
     b',\n      "skimming": false,\n',
     b'      "prone": true,\n',
     b'      "on_foot": true,\n',
     b'      "cost": ',
     b',\n',
     b'      "checks": ',
     b'[],\n      "path": "',
     b'[\n',
     b'\n      ],\n      "path": "',
     b'"',
     b'\n    }',
     b',\n      "to_act": {\n        "cost": ',
     b',\n        "checks": ',
     b'[],\n        "path": "',
     b'[\n',
     b'\n        ],\n        "path": "',
     b'"\n      }',
     b'"\n    }'),
    (b'{"at":"',
     b'","altitude":',
     b',"mode":',
     b',"heading":',
     b',"skimming":true,',
     b',"skimming":false,',
     b'"prone":true,',
     b'"on_foot":true,',
     b'"cost":',
     b',',
     b'"checks":',
     b'[],"path":"',
     b'[',
     b'],"path":"',
     b'"',
     b'}',
     b',"to_act":{"cost":',
     b',"checks":',
     b'[],"path":"',
     b'[',
     b'],"path":"',
     b'"}',
     b'"}'),
)


cdef inline void put_small(Buf *b, const char *text, Py_ssize_t n) noexcept nogil:
    """``put`` for the short pieces most of a state is made of: up to 16 bytes in two
    overlapping word moves instead of a call."""
    cdef char *d
    if n > 16 or (b.size + n > b.room):
        put(b, text, n)
        return
    d = b.data + b.size
    if n >= 8:
        memcpy(d, text, 8)
        memcpy(d + n - 8, text + n - 8, 8)
    elif n >= 4:
        memcpy(d, text, 4)
        memcpy(d + n - 4, text + n - 4, 4)
    elif n > 0:
        d[0] = text[0]
        d[n >> 1] = text[n >> 1]
        d[n - 1] = text[n - 1]
    b.size += n


cdef struct Link:
    # a settled state's step, for spelling its way: the settled index of the state it left from
    # (-1: the start), its move (a cell's label index, or -1 - kind for a word), the length of
    # its way's path text, and the last step with checks on the way before it (-1: none; for a
    # step without checks that is the last of its own way too)
    int32_t parent
    int32_t move
    int32_t length
    int32_t mark


cdef class VolareStates:
    """A ``volare`` reach's end states as JSON text, written in chunks of whole states (each at
    least ``chunk`` bytes but the last) straight from the search's arrays: iterate it. See
    ``volare_states_chunks``. Each state's path is spelled as it is written, walking its way
    back through the settled states' parents once, from its last move to its first, into the
    room its length (known for every settled state) takes; each chunk reuses one buffer, so
    neither the answer's text nor every way's path is ever held whole. The pieces of a state's
    text between its values are joined once beforehand (by altitude, by posture, by cost, by
    kind of open actions), so a state takes a dozen copies."""

    cdef const int64_t[::1] codes
    cdef const int32_t[::1] priorities
    cdef const int8_t[::1] kinds
    cdef const int32_t[::1] ways
    cdef const int8_t[::1] opens
    cdef const int32_t[::1] ground
    cdef const int32_t[::1] acting_at
    cdef const int32_t[::1] acting_ways
    cdef int64_t levels
    cdef list keep  # the lists of bytes the Texts point into
    cdef dict extra
    cdef Texts label, word, cost, check, deep_check, lit, alt, pose, cost_at, open_at
    cdef Buf b
    cdef Link *link  # each settled state's step
    cdef const char **tail  # by report index: what follows the path (``extra``), or NULL
    cdef Py_ssize_t *tail_size
    cdef Py_ssize_t n, next_state, chunk, n_acting, next_acting
    cdef int compact
    cdef bytes separator, first_at, sep_at
    cdef public bint too_many_checks

    def __cinit__(self):
        memset(&self.label, 0, sizeof(Texts))
        memset(&self.word, 0, sizeof(Texts))
        memset(&self.cost, 0, sizeof(Texts))
        memset(&self.check, 0, sizeof(Texts))
        memset(&self.deep_check, 0, sizeof(Texts))
        memset(&self.lit, 0, sizeof(Texts))
        memset(&self.alt, 0, sizeof(Texts))
        memset(&self.pose, 0, sizeof(Texts))
        memset(&self.cost_at, 0, sizeof(Texts))
        memset(&self.open_at, 0, sizeof(Texts))
        memset(&self.b, 0, sizeof(Buf))
        self.link = NULL
        self.tail = NULL
        self.tail_size = NULL

    def __init__(self, const int64_t[::1] codes, const int32_t[::1] priorities,
                 const int32_t[::1] parents, const int8_t[::1] kinds,
                 const int32_t[::1] ways, const int8_t[::1] opens,
                 const int32_t[::1] ground, int64_t levels,
                 list labels, list modes, list headings, list costs, list actions,
                 list words, list checks, dict extra, bint compact=False,
                 bytes separator=b",\n", Py_ssize_t chunk=STATES_CHUNK,
                 const int32_t[::1] acting_at=None, const int32_t[::1] acting_ways=None,
                 list deep_checks=None):
        cdef Py_ssize_t settled = codes.shape[0], i, k, s
        cdef int64_t p
        cdef int8_t *depth = NULL  # steps with checks on each way, up to 65
        cdef int32_t size
        cdef bytes text
        cdef list literals, alts, poses, cost_ats, open_ats
        self.codes, self.priorities, self.kinds = codes, priorities, kinds
        self.ways, self.opens, self.ground, self.levels = ways, opens, ground, levels
        self.n_acting = 0 if acting_at is None else acting_at.shape[0]
        if self.n_acting:
            if acting_ways is None or acting_ways.shape[0] != self.n_acting \
                    or deep_checks is None or len(deep_checks) != len(checks):
                raise ValueError("acting: a settled way for each end state, and each kind's "
                                 "checks at depth 5")
            self.acting_at, self.acting_ways = acting_at, acting_ways
        else:
            deep_checks = []
        if len(modes) != 8 or len(headings) != 8 or len(words) < 19 or len(checks) < 18:
            raise ValueError("modes and headings: one for each of the 8 postures; words and "
                             "checks: one for each kind of step")
        if compact:  # the fragments that hold layout, compacted once (labels and words are
            # inside strings: as they are)
            actions = [_compacted(t) for t in actions]
            checks = [None if t is None else _compacted(t) for t in checks]
            deep_checks = [None if t is None else _compacted(t) for t in deep_checks]
            extra = {i: _compacted(t) for i, t in extra.items()}
        literals = list(LITERALS[1 if compact else 0])
        # the pieces between a state's values, joined once
        alts = [literals[L_ALTITUDE] + str(a).encode() for a in range(levels)]
        poses = [literals[L_MODE] + modes[i // 2] + literals[L_HEADING] + headings[i // 2]
                 + literals[L_SKIMMING if i % 2 else L_NOT_SKIMMING] for i in range(16)]
        cost_ats = [literals[L_COST] + c + literals[L_COMMA] for c in costs]
        open_ats = [a + literals[L_CHECKS] + literals[L_FIRST_CHECK if i % 2 else L_NO_CHECKS]
                    for a in actions for i in range(2)]
        self.first_at = literals[L_AT]
        self.sep_at = separator + literals[L_AT]
        self.keep = [labels, costs, checks, deep_checks, extra, literals, alts, poses, cost_ats,
                     open_ats, words]
        self.extra = extra
        self.n = ways.shape[0]
        self.next_state = 0
        self.next_acting = 0
        self.chunk = max(chunk, 1)
        self.compact = compact
        self.separator = separator
        self.too_many_checks = False
        self.b.room = self.chunk + (1 << 16)
        self.b.data = <char *>malloc(self.b.room)
        self.link = <Link *>malloc((settled + 1) * sizeof(Link))
        if extra:
            self.tail = <const char **>calloc(self.n + 1, sizeof(char *))
            self.tail_size = <Py_ssize_t *>calloc(self.n + 1, sizeof(Py_ssize_t))
        depth = <int8_t *>malloc(settled + 1)
        try:
            if self.b.data == NULL or self.link == NULL or depth == NULL or (extra and (
                    self.tail == NULL or self.tail_size == NULL)):
                raise MemoryError()
            for i, text in extra.items():  # ``keep`` holds ``extra``: the texts stay alive
                if 0 <= i < self.n:
                    self.tail[i] = text
                    self.tail_size[i] = len(text)
            texts_of(&self.label, labels)
            texts_of(&self.word, words)
            texts_of(&self.cost, costs)
            texts_of(&self.check, checks)
            texts_of(&self.deep_check, deep_checks)
            texts_of(&self.lit, literals)
            texts_of(&self.alt, alts)
            texts_of(&self.pose, poses)
            texts_of(&self.cost_at, cost_ats)
            texts_of(&self.open_at, open_ats)
            for i in range(self.n_acting):
                s = acting_ways[i]
                if not (0 <= acting_at[i] < self.n and 0 <= s < settled) or (
                        i and acting_at[i] <= acting_at[i - 1]) or (
                        priorities[s] // SLOTS >= self.cost.n):
                    raise ValueError("acting: end states in order, each with a settled way")
            # every settled state's step, the length of its path text, its chain of steps with
            # checks, in settling order (each after its parent), and how many those are
            # (``depth``): a way with more than a round can hold is refused here, before a byte
            # is written
            with nogil:
                for i in range(settled):
                    p = parents[i]
                    self.link[i].parent = <int32_t>p
                    if p < 0:
                        self.link[i].move = 0
                        self.link[i].length = 0
                        self.link[i].mark = -1
                        depth[i] = 0
                        continue
                    k = kinds[i]
                    if self.word.size[k]:
                        self.link[i].move = <int32_t>(-1 - k)
                        size = <int32_t>self.word.size[k]
                    else:
                        self.link[i].move = <int32_t>(((codes[i] >> FLAG_BITS) >> 3) // levels)
                        size = <int32_t>self.label.size[self.link[i].move]
                    self.link[i].length = size if parents[p] < 0 \
                        else self.link[p].length + 1 + size
                    self.link[i].mark = self.last_check(p)
                    depth[i] = depth[p] + 1 if self.check.size[k] and depth[p] <= 64 \
                        else depth[p]
                for i in range(self.n):
                    if depth[ways[i]] > 64:
                        self.too_many_checks = True  # the dicts say it
                for i in range(self.n_acting):
                    if depth[acting_ways[i]] > 64:
                        self.too_many_checks = True
        finally:
            free(depth)

    def __dealloc__(self):
        free(self.link)
        free(self.tail)
        free(self.tail_size)
        free(self.b.data)
        free_texts(&self.label)
        free_texts(&self.word)
        free_texts(&self.cost)
        free_texts(&self.check)
        free_texts(&self.deep_check)
        free_texts(&self.lit)
        free_texts(&self.alt)
        free_texts(&self.pose)
        free_texts(&self.cost_at)
        free_texts(&self.open_at)

    cdef int put_path(self, int64_t j) noexcept nogil:
        """The path of the way to settled state ``j``: its moves, first to last, by spaces,
        written from its end back into the room its length takes (one walk to the start)."""
        cdef Py_ssize_t total = self.link[j].length, size
        cdef int64_t p = j
        cdef int32_t m
        cdef const char *text
        cdef char *end
        if total == 0:
            return 0
        if self.b.size + total > self.b.room and grow_buf(&self.b, total) < 0:
            return -1
        end = self.b.data + self.b.size + total
        while True:
            m = self.link[p].move
            if m < 0:
                text = self.word.text[-1 - m]
                size = self.word.size[-1 - m]
            else:
                text = self.label.text[m]
                size = self.label.size[m]
            end -= size
            if size <= 8 and size >= 4:
                memcpy(end, text, 4)
                memcpy(end + size - 4, text + size - 4, 4)
            else:
                memcpy(end, text, size)
            p = self.link[p].parent
            if self.link[p].parent < 0:
                break
            end -= 1
            end[0] = 32
        self.b.size += total
        return 0

    cdef inline int32_t last_check(self, int64_t x) noexcept nogil:
        """The last step with checks of the way to settled state ``x``: ``x`` itself, or the
        one its ``mark`` says (-1: none)."""
        if self.link[x].parent >= 0 and self.check.size[self.kinds[x]]:
            return <int32_t>x
        return self.link[x].mark

    cdef void put_checks(self, int64_t j, const Texts *checks, int first, int between,
                         int none, int end) noexcept nogil:
        """The checks of the way to settled state ``j``, each kind's text from ``checks``: the
        literal ``none`` where it has none, else ``first`` (-1: written already), the texts by
        ``between``, then ``end`` (at most 64: ``__init__`` made sure)."""
        cdef int32_t listed[64]
        cdef int count = 0, k
        cdef int64_t p = self.last_check(j)
        while p >= 0 and count < 64:
            listed[count] = <int32_t>p
            count += 1
            p = self.link[p].mark  # a step with checks: the last before it
        if count == 0:
            put_text(&self.b, &self.lit, none)
            return
        if first >= 0:
            put_text(&self.b, &self.lit, first)
        for k in range(count - 1, -1, -1):
            if k != count - 1:
                put_small(&self.b, self.lit.text[between], self.lit.size[between])
            put_text(&self.b, checks, self.kinds[listed[k]])
        put_text(&self.b, &self.lit, end)

    def __iter__(self):
        return self

    def __next__(self):
        """The next chunk: whole states, each after the one before by ``separator``."""
        cdef Buf *b = &self.b
        cdef Py_ssize_t i, a
        cdef int64_t code, rest, idx, alt, posture, j, s
        cdef int checked
        cdef const char *sep_at = self.sep_at
        cdef Py_ssize_t sep_at_size = len(self.sep_at)
        cdef const char *first_at = self.first_at
        cdef Py_ssize_t first_at_size = len(self.first_at)
        if self.next_state >= self.n or self.too_many_checks:
            raise StopIteration
        b.size = 0
        i = self.next_state
        a = self.next_acting
        with nogil:  # another thread (a reader) runs while a chunk is written
            while i < self.n and b.size < self.chunk:
                j = self.ways[i]
                code = self.codes[j]
                rest = code >> FLAG_BITS
                posture = rest & 7
                idx = (rest >> 3) // self.levels
                alt = (rest >> 3) % self.levels
                if i:
                    put(b, sep_at, sep_at_size)
                else:
                    put(b, first_at, first_at_size)
                put_small(b, self.label.text[idx], self.label.size[idx])
                put_small(b, self.alt.text[alt], self.alt.size[alt])
                put_text(b, &self.pose, posture * 2 + (
                    posture != GROUNDED and alt == self.ground[idx] and not code & PENDING))
                if code & PRONE:
                    put_text(b, &self.lit, L_PRONE)
                if code & ON_FOOT:
                    put_text(b, &self.lit, L_ON_FOOT)
                put_text(b, &self.cost_at, self.priorities[j] // SLOTS)
                checked = self.last_check(j) >= 0
                put_text(b, &self.open_at, self.opens[i] * 2 + checked)
                if checked:
                    self.put_checks(j, &self.check, -1, L_COMMA, L_NO_CHECKS, L_CHECKS_END)
                self.put_path(j)
                if a < self.n_acting and self.acting_at[a] == i:
                    s = self.acting_ways[a]
                    a += 1
                    put_text(b, &self.lit, L_QUOTE)
                    put_text(b, &self.lit, L_ACT_COST)
                    put_text(b, &self.cost, self.priorities[s] // SLOTS)
                    put_text(b, &self.lit, L_ACT_CHECKS)
                    self.put_checks(s, &self.deep_check, L_ACT_FIRST_CHECK, L_COMMA,
                                    L_ACT_NO_CHECKS, L_ACT_CHECKS_END)
                    self.put_path(s)
                    put_text(b, &self.lit, L_ACT_END)
                    put_text(b, &self.lit, L_END)
                elif self.tail != NULL and self.tail[i] != NULL:
                    put_text(b, &self.lit, L_QUOTE)
                    put(b, self.tail[i], self.tail_size[i])
                    put_text(b, &self.lit, L_END)
                else:
                    put_text(b, &self.lit, L_QUOTE_END)
                if b.failed:
                    break
                i += 1
        if b.failed:
            raise MemoryError()
        self.next_state = i
        self.next_acting = a
        return b.data[:b.size]


def volare_states_chunks(const int64_t[::1] codes, const int32_t[::1] priorities,
                         const int32_t[::1] parents, const int8_t[::1] kinds,
                         const int32_t[::1] ways, const int8_t[::1] opens,
                         const int32_t[::1] ground, int64_t levels,
                         list labels, list modes, list headings, list costs, list actions,
                         list words, list checks, dict extra, bint compact=False,
                         bytes separator=b",\n", Py_ssize_t chunk=STATES_CHUNK,
                         const int32_t[::1] acting_at=None,
                         const int32_t[::1] acting_ways=None, list deep_checks=None):
    """The JSON of a ``volare`` reach's end states (``ReachReport.to_dict()["states"]``), as an
    iterator of chunks of about ``chunk`` bytes (``VolareStates``), or None where a way holds
    more checks than a round can (the dicts then say it). Each state an object indented at
    depth 2 as ``json.dumps(indent=2)`` writes it, or, ``compact``, as
    ``separators=(",", ":")`` writes it; joined by ``separator``: the bytes the encoder would
    write, made straight from the search's arrays.

    ``ways``: the settled index of each end state's best way, in the report's order; ``opens``
    the index in ``actions`` of what each leaves open. Text fragments, all JSON already (labels
    and words without their quotes): ``labels`` by cell, ``modes`` and ``headings`` by posture,
    ``costs`` by tick, ``actions`` (``"can_act": …,\\n      "actions": […],\\n``), ``words``
    (the move of each kind of step, None for a hex), ``checks`` (each kind's checks, objects at
    depth 4, or None), ``extra`` (report index: what follows the path). An end state's
    ``to_act`` is written here where ``acting_at`` (indices in ``ways``' order, ascending) and
    ``acting_ways`` (the settled index of each one's way that can act: ``volare_acting``) say
    so, its checks from ``deep_checks`` (as ``checks``, objects at depth 5); else from
    ``extra``.
    """
    states = VolareStates(codes, priorities, parents, kinds, ways, opens, ground, levels,
                          labels, modes, headings, costs, actions, words, checks, extra,
                          compact, separator, chunk, acting_at, acting_ways, deep_checks)
    return None if states.too_many_checks else states


def volare_states_json(const int64_t[::1] codes, const int32_t[::1] priorities,
                       const int32_t[::1] parents, const int8_t[::1] kinds,
                       const int32_t[::1] ways, const int8_t[::1] opens,
                       const int32_t[::1] ground, int64_t levels,
                       list labels, list modes, list headings, list costs, list actions,
                       list words, list checks, dict extra):
    """``volare_states_chunks`` joined: the indented text of every end state at once (or None)."""
    states = volare_states_chunks(codes, priorities, parents, kinds, ways, opens, ground,
                                  levels, labels, modes, headings, costs, actions, words,
                                  checks, extra)
    return None if states is None else b"".join(states)


cdef inline int open_kind(int64_t code, int spent, int half, int pay_cost,
                          int walk_half) noexcept nogil:
    """``VolareSpace.actions`` of state ``code`` after ``spent`` ticks, as ``volare_opens``
    numbers it: 0 nothing but free actions, 1 grounded, 2 hovering, 3 moving."""
    cdef int64_t flags = code & FLAG_MASK
    cdef int64_t posture = (code >> FLAG_BITS) & 7
    cdef int moved = spent
    if flags & PAID:
        moved = spent - pay_cost if spent > pay_cost else 0
    if flags & (LANDED | PENDING):
        return 0
    if flags & ON_FOOT:
        return 1 if spent <= walk_half else 0
    if flags & FULL_MOVE or moved > half:
        return 0
    if posture == GROUNDED:
        return 1
    if posture == HOVERING:
        return 2
    return 3


def volare_acting(const int64_t[:] codes, const int32_t[:] priorities, const int32_t[:] ways,
                  const int32_t[:] stuck, const int32_t[:] later, int64_t start, int half,
                  int pay_cost, const int8_t[:] attacks, int walk_half=0):
    """``rules/grid.py``'s ``_acting_alternatives`` for a ``volare`` reach, off the settled
    arrays in one pass, without a call per state: for each end state that cannot attack though
    a way to it could (``stuck``, indices in ``ways``' order, as ``volare_opens`` gives them),
    the first of the dearer ways (``later``, settled indices in settling order, as
    ``volare_ends`` gives them) to the same end state (``end_key``) that leaves the attack
    (``attacks``, by ``volare_opens``' kind). Settling order is priority order, and ``volare``
    ranks equally cheap ways that both keep the attack alike (no opportunity attacks,
    ``grid.way_rank``), so the first such way is the one ``way_rank`` chooses.

    Returns ``(at, acting)``, arrays of the same length: the indices in ``ways``' order of the
    end states that have such a way (ascending), and each one's settled index.
    """
    cdef Py_ssize_t n = stuck.shape[0], nl = later.shape[0], i, k, found = 0
    cdef Py_ssize_t size = 16
    cdef uint64_t h, mask
    cdef int64_t key, code, start_place = start >> FLAG_BITS
    cdef int64_t *keys
    cdef int32_t *slot_of  # by hash slot: the index in ``stuck`` of the key there
    cdef int32_t *best  # by index in ``stuck``: the settled index of its way that can act, -1
    cdef array.array at, acting
    cdef int32_t *a
    cdef int32_t *w
    if attacks.shape[0] < 4:
        raise ValueError("attacks: one flag for each of the 4 kinds of open actions")
    while size < 2 * n:
        size *= 2
    mask = <uint64_t>(size - 1)
    keys = <int64_t *>malloc(size * sizeof(int64_t))
    slot_of = <int32_t *>malloc(size * sizeof(int32_t))
    best = <int32_t *>malloc((n + 1) * sizeof(int32_t))
    try:
        if keys == NULL or slot_of == NULL or best == NULL:
            raise MemoryError()
        with nogil:
            memset(slot_of, 0xff, size * sizeof(int32_t))
            for k in range(n):
                best[k] = -1
                key = end_key(codes[ways[stuck[k]]], start_place)
                h = hash64(key) & mask
                while slot_of[h] >= 0 and keys[h] != key:
                    h = (h + 1) & mask
                if slot_of[h] < 0:  # end keys are distinct: always
                    keys[h] = key
                    slot_of[h] = <int32_t>k
            for i in range(nl):
                code = codes[later[i]]
                key = end_key(code, start_place)
                h = hash64(key) & mask
                while slot_of[h] >= 0 and keys[h] != key:
                    h = (h + 1) & mask
                k = slot_of[h]
                if k < 0 or best[k] >= 0:
                    continue
                if attacks[open_kind(code, priorities[later[i]] // SLOTS, half, pay_cost,
                                     walk_half)]:
                    best[k] = later[i]
                    found += 1
        at = array.clone(array.array("i"), found, zero=False)
        acting = array.clone(array.array("i"), found, zero=False)
        a = <int32_t *>at.data.as_voidptr
        w = <int32_t *>acting.data.as_voidptr
        with nogil:
            found = 0
            for k in range(n):
                if best[k] >= 0:
                    a[found] = stuck[k]
                    w[found] = best[k]
                    found += 1
        return at, acting
    finally:
        free(keys)
        free(slot_of)
        free(best)


def volare_opens(const int64_t[:] codes, const int32_t[:] priorities, const int32_t[:] ways,
                 int half, int pay_cost, const int8_t[:] attacks, int walk_half=0):
    """What each end state leaves open (``VolareSpace.actions``), as an index: 0 nothing but
    free actions, 1 grounded, 2 hovering, 3 moving; and the indices (in ``ways``' order) of the
    end states that cannot attack though a way to them could (not moving): the only ones a
    dearer way may help (``could_act``). ``attacks[k]``: whether the actions of index k include
    the attack; ``walk_half``: the half move on foot, in ticks of walking (V-walk)."""
    cdef Py_ssize_t n = ways.shape[0], i, m = 0
    cdef int64_t code, posture
    cdef int which
    cdef array.array opens = array.clone(array.array("b"), n, zero=False)
    cdef array.array stuck = array.clone(array.array("i"), n, zero=False)
    cdef int8_t *o = <int8_t *>opens.data.as_voidptr
    cdef int32_t *w = <int32_t *>stuck.data.as_voidptr
    if attacks.shape[0] < 4:
        raise ValueError("attacks: one flag for each of the 4 kinds of open actions")
    with nogil:
        for i in range(n):
            code = codes[ways[i]]
            posture = (code >> FLAG_BITS) & 7
            which = open_kind(code, priorities[ways[i]] // SLOTS, half, pay_cost, walk_half)
            o[i] = <int8_t>which
            if not attacks[which] and posture < 2:
                w[m] = <int32_t>i
                m += 1
    array.resize(stuck, m)
    return opens, stuck


# -- flattening a map: each hex's six neighbours ---------------------------------------------------
def hex_neighbours(int columns, int rows, const int32_t[::1] first, tuple deltas):
    """``rulesets/volare/space.py``'s ``_MapTables.nbr`` made in C (a 100 × 100 map in a tenth
    of a millisecond, not one): ``first[r]``, the index of row ``r``'s first hex (rows from 1,
    ``rows + 2`` of them); ``deltas``, the six directions' (column, row) steps. The index of the
    hex in each direction from each hex, -1 off the map, hex by hex."""
    cdef int32_t dc[6]
    cdef int32_t dr[6]
    cdef int r, lo, k, d, c, nc, nr
    cdef int32_t idx, n
    cdef array.array out
    cdef int32_t *o
    if len(deltas) != 6 or first.shape[0] < rows + 2:
        raise ValueError("six directions, and the first hex of each row")
    for d in range(6):
        dc[d], dr[d] = deltas[d]
    n = first[rows + 1]
    out = array.clone(array.array("i"), <Py_ssize_t>n * 6, zero=False)
    o = <int32_t *>out.data.as_voidptr
    with nogil:
        for r in range(1, rows + 1):
            lo = 2 - r % 2  # the first column of row r; its hexes step by 2
            idx = first[r]
            for k in range(first[r + 1] - first[r]):
                c = lo + 2 * k
                for d in range(6):
                    nc = c + dc[d]
                    nr = r + dr[d]
                    if 1 <= nc <= columns and 1 <= nr <= rows:
                        o[(idx + k) * 6 + d] = first[nr] + (nc - 1) // 2
                    else:
                        o[(idx + k) * 6 + d] = -1
    return out
