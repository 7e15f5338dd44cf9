# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The compiled ``dnd5e`` search: Dial's bucket queue over a flat per-battle step table, with
results identical to ``search.explore`` over ``Dnd5eSpace.steps`` (a pruned search, ``phb`` or
``dmg`` diagonals).

What a step from a place can be does not depend on the movement left: ``Dnd5eSpace`` works it out
once per battle and creature (its ``Tables``), and ``StepTable`` keeps it in flat C arrays, filled
place by place the first time a search needs one (a call back into Python, ``fill``). The search
then does, per step, only what depends on the state: the cost with the ``dmg`` parity, the speed
left (Dash taken on the step that first needs it), the opportunity attacks drawn (the provoked
bits), the jumper's run-up, and the pruning of dominated states (``Dnd5eSpace._flat_steps``), in
the same order as ``Dnd5eSpace.steps``. For each settled state it records the packed code, the
priority, the settled index of its parent and a small code for the kind of step (``KIND_*``);
``rules/dnd5e/space.py`` makes the move, checks and events of a step only when a way is asked for.
"""

from cpython cimport array
from libc.stdlib cimport calloc, malloc, realloc, free, qsort
from libc.stdint cimport int64_t, int32_t, int8_t, uint64_t

import array as _array

# flags: rules/dnd5e/space.py
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
    SLOTS = 16

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
    # a jump's bits
    J_HIGH = 1
    J_CHECKED = 2
    J_STANDING = 4
    J_FLIP = 8  # the dmg parity flips

cdef int64_t NEVER = (<int64_t>1) << 62
cdef int64_t _last_bytes = 0


def last_search_bytes():
    """The bytes the last ``dnd5e_search`` held at most: its states, hash slots, queue and
    buckets, its pruning table and the arrays it returned (for the benchmarks)."""
    return _last_bytes


cdef struct Rec:
    # what a search needs of one place and posture (a key: position × 2 + prone)
    int64_t threat
    int32_t stand_cost  # -1: cannot stand up here
    int32_t stand_cap
    int32_t edge_start
    int32_t edge_end
    int32_t jump_start
    int32_t jump_end
    int32_t crowded  # another creature's space: no end there (``Dnd5eSpace.end_problem``)


cdef struct Edge:
    int64_t high  # destination position shifted past the provoked and low bits, a fall's flags
    int64_t threat  # destination threat
    int32_t limit  # ticks of the paying speed
    int32_t base  # ticks at 5 ft a square
    int32_t bits  # E_*, and the move's suffix


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

    cdef int32_t *index  # per key: 1 + its record, 0 not filled yet
    cdef int64_t n_keys
    cdef Rec *recs
    cdef int64_t n_recs, cap_recs
    cdef Edge *edges
    cdef int64_t n_edges, cap_edges
    cdef Jump *jumps
    cdef int64_t n_jumps, cap_jumps
    cdef int64_t *chain
    cdef int64_t n_chain, cap_chain
    cdef public object fill

    def __cinit__(self, int64_t n_keys, fill):
        self.index = <int32_t *>calloc(<size_t>(n_keys if n_keys > 0 else 1), sizeof(int32_t))
        if self.index == NULL:
            raise MemoryError()
        self.n_keys = n_keys
        self.fill = fill

    def __dealloc__(self):
        free(self.index)
        free(self.recs)
        free(self.edges)
        free(self.jumps)
        free(self.chain)

    @property
    def places(self):
        """How many keys are filled."""
        return self.n_recs

    @property
    def nbytes(self):
        """The bytes its arrays hold (the index whole, though pages never written cost none)."""
        return (self.n_keys * 4 + self.cap_recs * sizeof(Rec) + self.cap_edges * sizeof(Edge)
                + self.cap_jumps * sizeof(Jump) + self.cap_chain * 8)

    cdef int32_t record(self, int64_t key) except -1:
        """The record of ``key``, filled by a call to Python the first time."""
        cdef int32_t at = self.index[key]
        cdef int32_t bits
        cdef Rec r
        if at:
            return at - 1
        threat, stand_cost, stand_cap, edges, jumps, crowded = self.fill(key)
        at = self.index[key]  # another thread may have filled it meanwhile
        if at:
            return at - 1
        r.threat = threat
        r.stand_cost = stand_cost
        r.stand_cap = stand_cap
        r.crowded = crowded
        self.edges = <Edge *>grow(self.edges, &self.cap_edges, self.n_edges + len(edges),
                                  sizeof(Edge))
        r.edge_start = self.n_edges
        for edge in edges:  # ``Dnd5eSpace._edges_from``'s tuples (``_Edge``), as they are
            suffix = suffix_of(edge[0])
            bits = (1 if edge[4] > 1 else 0) | (2 if edge[8] else 0) | (
                <int32_t>suffix << E_SUFFIX_SHIFT)
            self.edges[self.n_edges] = Edge(edge[2], edge[3], edge[6], edge[7], bits)
            self.n_edges += 1
        r.edge_end = self.n_edges
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
        self.recs = <Rec *>grow(self.recs, &self.cap_recs, self.n_recs + 1, sizeof(Rec))
        self.recs[self.n_recs] = r
        self.n_recs += 1
        self.index[key] = <int32_t>self.n_recs
        return <int32_t>(self.n_recs - 1)


cdef class Pruning:
    """``Dnd5eSpace._best``: per place, provoked set and flags but the action and Dash, the least
    spent without Dash and with or without it. A space keeps one across its searches, as the pure
    search keeps its dict."""

    cdef int64_t *keys  # -1 empty
    cdef int64_t *plain
    cdef int64_t *dashed
    cdef int64_t cap, count

    def __cinit__(self):
        self.cap = 0
        self.count = 0

    def __dealloc__(self):
        free(self.keys)
        free(self.plain)
        free(self.dashed)

    def __len__(self):
        return self.count

    cdef int resize(self, int64_t cap) except -1:
        cdef int64_t *keys = <int64_t *>malloc(<size_t>cap * 8)
        cdef int64_t *plain = <int64_t *>malloc(<size_t>cap * 8)
        cdef int64_t *dashed = <int64_t *>malloc(<size_t>cap * 8)
        cdef int64_t i, j, mask = cap - 1
        if keys == NULL or plain == NULL or dashed == NULL:
            free(keys)
            free(plain)
            free(dashed)
            raise MemoryError()
        for i in range(cap):
            keys[i] = -1
        for i in range(self.cap):
            if self.keys[i] >= 0:
                j = hash64(self.keys[i]) & mask
                while keys[j] >= 0:
                    j = (j + 1) & mask
                keys[j] = self.keys[i]
                plain[j] = self.plain[i]
                dashed[j] = self.dashed[i]
        free(self.keys)
        free(self.plain)
        free(self.dashed)
        self.keys, self.plain, self.dashed, self.cap = keys, plain, dashed, cap
        return 0

    def to_dict(self):
        """The same table as the pure search's dict (``NEVER`` where no state without Dash)."""
        cdef int64_t i
        out = {}
        for i in range(self.cap):
            if self.keys[i] >= 0:
                out[self.keys[i]] = (1 << 62 if self.plain[i] == NEVER else self.plain[i],
                                     self.dashed[i])
        return out


cdef inline uint64_t hash64(int64_t key) noexcept nogil:
    cdef uint64_t x = <uint64_t>key
    x ^= x >> 33
    x *= 0xff51afd7ed558ccdULL
    x ^= x >> 33
    return x


cdef inline int pruned(Pruning p, int64_t key, int64_t total, int dash) except -1:
    """``_flat_steps``'s test and update: 1 if a state already generated for the same place
    dominates this one."""
    cdef int64_t mask, j
    if (p.count + 1) * 2 > p.cap:
        p.resize(p.cap * 2 if p.cap else 1024)
    mask = p.cap - 1
    j = hash64(key) & mask
    while p.keys[j] >= 0:
        if p.keys[j] == key:
            if p.plain[j] <= total or (dash and p.dashed[j] <= total):
                return 1
            if not dash and total < p.plain[j]:
                p.plain[j] = total
            if total < p.dashed[j]:
                p.dashed[j] = total
            return 0
        j = (j + 1) & mask
    p.keys[j] = key
    p.plain[j] = NEVER if dash else total
    p.dashed[j] = total
    p.count += 1
    return 0


cdef struct Entry:
    int64_t code
    int32_t best
    int32_t parent  # entry index, -1 for the start
    int32_t settled  # settled index, -1 not yet
    int8_t kind


cdef struct Search:
    Entry *entries
    int64_t n_entries, cap_entries
    int32_t *slots  # hash of codes → entry index, -1 empty
    int64_t cap_slots
    int32_t *push_entry  # the buckets: pushed entries linked in order
    int32_t *push_next
    int64_t n_pushes, cap_pushes
    int32_t *head
    int32_t *tail
    int32_t *order  # entry of each settled index
    int64_t n_settled, cap_order


cdef void release(Search *s) noexcept:
    free(s.entries)
    free(s.slots)
    free(s.push_entry)
    free(s.push_next)
    free(s.head)
    free(s.tail)
    free(s.order)


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
    return 0


cdef int64_t entry_of(Search *s, int64_t code) except -2:
    """The entry of ``code``, made (best -1) if new."""
    cdef int64_t mask, j, e
    if (s.n_entries + 1) * 2 > s.cap_slots:
        rehash(s, s.cap_slots * 2)
    mask = s.cap_slots - 1
    j = hash64(code) & mask
    while s.slots[j] >= 0:
        e = s.slots[j]
        if s.entries[e].code == code:
            return e
        j = (j + 1) & mask
    s.entries = <Entry *>grow(s.entries, &s.cap_entries, s.n_entries + 1, sizeof(Entry))
    e = s.n_entries
    s.entries[e] = Entry(code, -1, -1, -1, 0)
    s.n_entries += 1
    s.slots[j] = <int32_t>e
    return e


cdef inline int relax(Search *s, int64_t budget, int64_t parent, int64_t spent,
                      int64_t so_far, int64_t target, int64_t cost, int checks, int kind,
                      bint avoid_checks) except -1:
    """The search's update for one step (``search.explore_pure``)."""
    cdef int64_t total = spent + cost, new, e, p
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
    s.entries[e].kind = <int8_t>kind
    if s.n_pushes + 1 > s.cap_pushes:
        p = s.cap_pushes
        s.push_entry = <int32_t *>grow(s.push_entry, &p, s.n_pushes + 1, sizeof(int32_t))
        s.push_next = <int32_t *>grow(s.push_next, &s.cap_pushes, s.n_pushes + 1,
                                      sizeof(int32_t))
    p = s.n_pushes
    s.n_pushes += 1
    s.push_entry[p] = <int32_t>e
    s.push_next[p] = -1
    if s.tail[new] >= 0:
        s.push_next[s.tail[new]] = <int32_t>p
    else:
        s.head[new] = <int32_t>p
    s.tail[new] = <int32_t>p
    return 0


def dnd5e_search(StepTable table, Pruning pruning, tuple numbers, int64_t start,
                 bint avoid_checks, goal, int64_t max_states):
    """Settle every state of a creature's turn, cheapest first (``search.explore`` over a pruned
    ``Dnd5eSpace``, ``phb`` or ``dmg``).

    ``numbers``: (budget, watchers (the provoked bits), dmg, can_act, jumper, walking speed in
    ticks). Returns (outcome, codes, priorities, parents, kinds) in settling order, parents as
    settled indices (-1 for the start); outcome 1: more than ``max_states`` settled.
    """
    cdef Search s
    cdef int64_t budget, watchers, watch_mask, n_buckets, walk_limit, walk_ticks
    cdef bint dmg, can_act, jumper, reached = False, auto_dash, running
    cdef int64_t priority, spent, so_far, code, flags, provoked, pos, key, e, settled
    cdef int64_t threat, moved, on_foot, ran, run, dashed, double, flip, cost, total, nflags
    cdef int64_t target, new, provoked_bits, limit, k, left, passed, n, parity
    cdef int32_t r, p, i
    cdef int dash, kind, bits
    cdef Rec *rec
    cdef Edge *edge
    cdef Jump *jump
    cdef array.array codes, priorities, parents, kinds
    cdef int64_t *c
    cdef int32_t *pr
    cdef int32_t *pa
    cdef int8_t *kd
    budget, watchers, dmg_, can_act_, jumper_, walk_ticks = numbers
    dmg = dmg_
    can_act = can_act_
    jumper = jumper_
    walk_limit = walk_ticks
    watch_mask = ((<int64_t>1) << watchers) - 1
    n_buckets = (budget + 1) * SLOTS
    s.entries = NULL
    s.n_entries = s.cap_entries = 0
    s.slots = NULL
    s.cap_slots = 0
    s.push_entry = s.push_next = NULL
    s.n_pushes = s.cap_pushes = 0
    s.order = NULL
    s.n_settled = s.cap_order = 0
    s.head = <int32_t *>malloc(<size_t>n_buckets * sizeof(int32_t))
    s.tail = <int32_t *>malloc(<size_t>n_buckets * sizeof(int32_t))
    try:
        if s.head == NULL or s.tail == NULL:
            raise MemoryError()
        for priority in range(n_buckets):
            s.head[priority] = -1
            s.tail[priority] = -1
        rehash(&s, 1024)
        relax(&s, budget, -1, 0, 0, start, 0, 0, 0, False)
        for priority in range(n_buckets):
            p = s.head[priority]
            if p < 0:
                continue
            spent = priority // SLOTS
            so_far = priority % SLOTS
            while p >= 0:
                e = s.push_entry[p]
                p = s.push_next[p]  # a step pushed to this bucket meanwhile is linked after
                if s.entries[e].best != priority or s.entries[e].settled >= 0:
                    continue  # a dearer entry of a state since reached more cheaply
                s.order = <int32_t *>grow(s.order, &s.cap_order, s.n_settled + 1,
                                          sizeof(int32_t))
                settled = s.n_settled
                s.entries[e].settled = <int32_t>settled
                s.order[settled] = <int32_t>e
                s.n_settled += 1
                if s.n_settled > max_states:
                    return TOO_MANY, _array.array("q"), _array.array("i"), _array.array("i"), \
                        _array.array("b")
                code = s.entries[e].code
                if goal is not None and not reached and goal(code, spent):
                    reached = True
                flags = code & FLAG_MASK
                if flags & FALLING:
                    continue  # still falling: no step this turn
                provoked = (code >> LOW_BITS) & watch_mask
                pos = (code >> LOW_BITS) >> watchers
                key = pos * 2 + (flags & PRONE)
                r = table.record(key)
                rec = &table.recs[r]
                auto_dash = can_act and not flags & ACTION
                dashed = 2 if flags & DASHED else 1
                # standing up (D-prone): half the speed it moves with
                if flags & PRONE and rec.stand_cost >= 0:
                    cost = rec.stand_cost
                    target = ((pos << watchers | provoked) << LOW_BITS) | (
                        flags & ~(PRONE | RUN_MASK))
                    if spent + cost <= rec.stand_cap * dashed:
                        relax(&s, budget, e, spent, so_far, target, cost, 0, K_STAND,
                              avoid_checks)
                    elif auto_dash and spent + cost <= rec.stand_cap * 2:
                        relax(&s, budget, e, spent, so_far, target | ACTION | DASHED, cost, 0,
                              K_DASH_STAND, avoid_checks)
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
                    dash = 0
                    if total > limit * dashed:
                        if not auto_dash or total > 2 * limit:
                            continue
                        dash = 1
                        nflags |= ACTION | DASHED
                    new = threat & ~edge.threat if threat else 0
                    target = (edge.high | ((provoked | new) << LOW_BITS) if new
                              else edge.high | provoked_bits) | nflags
                    if pruned(pruning, target & ~(ACTION | DASHED), total,
                              1 if nflags & DASHED else 0):
                        continue
                    relax(&s, budget, e, spent, so_far, target, cost, 0,
                          (bits >> E_SUFFIX_SHIFT) + K_DASH * dash, avoid_checks)
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
                        dash = 0
                        if total > walk_limit * dashed:
                            if not auto_dash or total > 2 * walk_limit:
                                continue
                            dash = 1
                            nflags |= ACTION | DASHED
                        new = 0
                        if not flags & DISENGAGED:
                            left = rec.threat
                            for k in range(jump.chain_start, jump.chain_end):
                                passed = table.chain[k]
                                new |= left & ~(provoked | new) & ~passed
                                left = passed
                        target = ((jump.dst << watchers | (provoked | new)) << LOW_BITS) | nflags
                        relax(&s, budget, e, spent, so_far, target, cost,
                              1 if bits & J_CHECKED else 0,
                              K_JUMP + (1 if bits & J_HIGH else 0)
                              + (2 if bits & J_CHECKED else 0) + 4 * dash, avoid_checks)
            if reached:
                break
        n = s.n_settled
        global _last_bytes
        _last_bytes = (s.cap_entries * sizeof(Entry) + s.cap_slots * 4 + s.cap_pushes * 8
                       + n_buckets * 8 + s.cap_order * 4 + pruning.cap * 24 + n * 17)
        codes = array.clone(array.array("q"), n, zero=False)
        priorities = array.clone(array.array("i"), n, zero=False)
        parents = array.clone(array.array("i"), n, zero=False)
        kinds = array.clone(array.array("b"), n, zero=False)
        c = <int64_t *>codes.data.as_voidptr
        pr = <int32_t *>priorities.data.as_voidptr
        pa = <int32_t *>parents.data.as_voidptr
        kd = <int8_t *>kinds.data.as_voidptr
        for k in range(n):
            e = s.order[k]
            c[k] = s.entries[e].code
            pr[k] = s.entries[e].best
            p = s.entries[e].parent
            pa[k] = -1 if p < 0 else s.entries[p].settled
            kd[k] = s.entries[e].kind
        return DONE, codes, priorities, parents, kinds
    finally:
        release(&s)



# -- reading a search: the end states a reach lists ------------------------------------------------
cdef int _by_priority_then_code(const void *a, const void *b) noexcept nogil:
    cdef const int64_t *x = <const int64_t *>a
    cdef const int64_t *y = <const int64_t *>b
    if x[0] != y[0]:
        return -1 if x[0] < y[0] else 1
    if x[1] != y[1]:
        return -1 if x[1] < y[1] else 1
    return 0


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
    cdef Py_ssize_t i, m = 0, nl = 0, run
    cdef int64_t code, key, pos, top = 0, b
    cdef int64_t watch_mask = ((<int64_t>1) << watchers) - 1
    cdef int32_t *first
    cdef int8_t *ends
    cdef int64_t *keys
    cdef int64_t *pairs
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
            ends[i] = not (table.recs[table.record(pos * 2 + (code & PRONE))].crowded
                           and not (pos == start_pos and (code & FALLING or stuck)))
            if ends[i]:
                key = (pos << 2) | (code & PRONE) | (2 if code & FALLING else 0)
                if key > top:
                    top = key
        if top > 16 * n + (1 << 20):
            return None
        first = <int32_t *>calloc(top + 1, sizeof(int32_t))  # settled index + 1 of each best
        keys = <int64_t *>malloc((n + 1) * sizeof(int64_t))
        pairs = <int64_t *>malloc((n + 1) * 3 * sizeof(int64_t))
        if first == NULL or keys == NULL or pairs == NULL:
            free(first)
            free(keys)
            free(pairs)
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
                for i in range(m):
                    b = first[keys[i]] - 1
                    pairs[3 * i] = priorities[b]
                    pairs[3 * i + 1] = codes[b]
                    pairs[3 * i + 2] = b
                # first met in settling order, by priority: sort each run of equal priority by
                # code
                i = 0
                while i < m:
                    run = i + 1
                    while run < m and pairs[3 * run] == pairs[3 * i]:
                        run += 1
                    if run - i > 1:
                        qsort(&pairs[3 * i], run - i, 3 * sizeof(int64_t),
                              _by_priority_then_code)
                    i = run
            order = array.clone(array.array("i"), m, zero=False)
            o = <int32_t *>order.data.as_voidptr
            for i in range(m):
                o[i] = <int32_t>pairs[3 * i + 2]
            array.resize(later, nl)
            return order, later, array.array("i")
        finally:
            free(first)
            free(keys)
            free(pairs)
    finally:
        free(ends)
