# cython: language_level=3
"""What the two compiled searches (``_kernel`` for ``volare``, ``_kernel5e`` for ``dnd5e``) share
of Dial's algorithm: the bucket queue over integer priorities, the four arrays a search writes
each state it settles into, and the order of a reach's end states (by priority, then code).

What a search's loop runs (``push``, ``next_priority`` and ``pop``, ``write_settled``, and the
growing of their arrays) is inline here, compiled into that loop as plain C on typed memory
(``_kernel`` compiles its loop as one function, ``flatten``); what runs once a search is in
``_bucketqueue.pyx``. Written for the compiler as much as for the reader: the loop's place in
the queue and its count are its own (a ``Cursor``, an index), which it keeps in registers, and
nothing is held across a call that grows an array.
"""

from cpython cimport array
from cpython.ref cimport PyObject
from libc.stdlib cimport realloc
from libc.stdint cimport int64_t, int32_t, int8_t

cdef enum:
    # a priority is ticks × SLOTS + checks (at most SLOTS - 1), as ``search.CHECK_SLOTS``
    SLOTS = 16
    # the most memory a search keeps between searches, for the next: its arrays (``keep``), and
    # in ``_kernel`` its buffers
    SPARE_BYTES = 64 << 20


# -- the bucket queue ------------------------------------------------------------------------------
cdef struct Bucket:
    # the slots pushed at one priority, in order (FIFO): one array, read in order while steps
    # that add nothing to the priority append to it
    int32_t *slot
    int32_t n
    int32_t room


cdef struct Queue:
    Bucket *b  # by priority, from calloc
    int32_t buckets  # how many ``b`` has


cdef struct Cursor:
    # where a search reads its queue: a priority at a time (``next_priority``), then its slots
    # (``pop``); held by the search's loop apart from the queue, whose address the pushes take
    Bucket *bucket  # the bucket being read, its priority ``bucket - q.b`` (``priority_of``)
    Bucket *end  # past the last to read
    int32_t at  # the next slot of the bucket


cdef int queue_make(Queue *q, int32_t buckets) noexcept nogil
cdef void queue_empty(Queue *q) noexcept nogil
cdef size_t queue_bytes(const Queue *q) noexcept nogil
cdef void queue_free(Queue *q) noexcept nogil


cdef inline int grow_bucket(Bucket *b) noexcept nogil:
    cdef int32_t room = 2 * b.room if b.room else 64
    cdef void *p = realloc(b.slot, <size_t>room * sizeof(int32_t))
    if p == NULL:
        return -1
    b.slot = <int32_t *>p
    b.room = room
    return 0


cdef inline int push(Queue *q, int32_t priority, int32_t slot) noexcept nogil:
    """``slot`` queued at ``priority`` (at or past the one being read): 0, or -1 out of
    memory."""
    cdef Bucket *b = &q.b[priority]
    if b.n == b.room and grow_bucket(b) < 0:
        return -1
    b.slot[b.n] = slot
    b.n += 1
    return 0


cdef inline Cursor read_up_to(Queue *q, int32_t end) noexcept nogil:
    """A cursor that reads ``q`` from priority 0 up to (not including) ``end``: a search's
    first priority past its budget."""
    cdef Cursor k
    k.bucket = q.b
    k.end = q.b + end
    k.at = 0
    return k


cdef inline bint next_priority(Cursor *k) noexcept nogil:
    """On to the least priority with slots left to read (the one being read until ``pop`` has
    read it): False when none is left."""
    while k.bucket < k.end and k.at == k.bucket.n:
        k.bucket += 1
        k.at = 0
    return k.bucket < k.end


cdef inline int32_t pop(Cursor *k) noexcept nogil:
    """The next slot of the priority being read, in the order pushed (slots pushed to it
    meanwhile come last); -1 once it is read."""
    if k.at == k.bucket.n:
        return -1
    k.at += 1
    return k.bucket.slot[k.at - 1]


cdef inline int32_t priority_of(const Queue *q, const Cursor *k) noexcept nogil:
    """The priority being read."""
    return <int32_t>(k.bucket - q.b)


cdef inline void stop_after_priority(Cursor *k) noexcept nogil:
    """Read no priority past the one being read (``pop`` reads it to the end): what a search
    does once its goal is met, as ``search.explore`` does."""
    k.end = k.bucket + 1


# -- the settled states: the arrays a search returns -----------------------------------------------
cdef struct Settled:
    # the states settled, in settling order: code, priority, the settled index of the state its
    # step left from (-1 for the start) and the kind of step, ``n`` of them, written straight
    # into the four arrays the search returns (``arrays``: borrowed from the tuple the search
    # holds), room for ``room``
    int64_t *codes
    int32_t *priorities
    int32_t *parents
    int8_t *kinds
    int32_t n
    int32_t room
    PyObject *arrays[4]


cdef tuple settled_arrays(Settled *r, Py_ssize_t room)
cdef tuple settled_result(Settled *r, tuple arrays, int outcome)


cdef inline void point_into(Settled *r) noexcept:
    r.codes = <int64_t *>(<array.array>r.arrays[0]).data.as_voidptr
    r.priorities = <int32_t *>(<array.array>r.arrays[1]).data.as_voidptr
    r.parents = <int32_t *>(<array.array>r.arrays[2]).data.as_voidptr
    r.kinds = <int8_t *>(<array.array>r.arrays[3]).data.as_voidptr


cdef inline int grow_settled(Settled *r) noexcept nogil:
    """Twice the room in the arrays (with the GIL: they are Python objects)."""
    cdef Py_ssize_t room = 2 * <Py_ssize_t>r.room
    cdef int i
    with gil:
        try:
            for i in range(4):
                array.resize(<array.array>r.arrays[i], room)
        except MemoryError:
            return -1
        point_into(r)
    r.room = <int32_t>room
    return 0


cdef inline int write_settled(Settled *r, int32_t at, int64_t code, int32_t priority,
                              int32_t parent, int8_t kind) noexcept nogil:
    """The state settled ``at``-th (from 0; the search counts, where ``r.n`` would be read
    back after every store): 0, or -1 out of memory. The arrays always have room for one
    more (``settled_arrays``): they grow as this one fills them, its values written."""
    r.codes[at] = code
    r.priorities[at] = priority
    r.parents[at] = parent
    r.kinds[at] = kind
    r.n = at + 1
    if at + 1 == r.room and grow_settled(r) < 0:
        return -1
    return 0


# -- reading the settled states --------------------------------------------------------------------
cdef int order_ways(int32_t *ways, Py_ssize_t m, const int64_t[:] codes,
                    const int32_t[:] priorities) noexcept nogil
