# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The compiled searches' shared parts run once a search or when an array grows (the inline
ones, and what each part is, are in ``_bucketqueue.pxd``): making, emptying and freeing a bucket
queue, the four arrays of settled states (kept from one search for the next), and the order of
a reach's end states."""

from cpython cimport array
from cpython.ref cimport PyObject, _Py_REFCNT
from cpython.tuple cimport PyTuple_GET_ITEM
from libc.stdlib cimport calloc, malloc, free
from libc.string cimport memcpy, memset
from libc.stdint cimport int64_t, int32_t, int8_t, uint64_t

import array as _array


# -- the bucket queue ------------------------------------------------------------------------------
cdef int queue_make(Queue *q, int32_t buckets) noexcept nogil:
    """An empty queue of ``buckets`` priorities: 0, or -1 out of memory (``queue_free`` it
    still)."""
    memset(q, 0, sizeof(Queue))
    q.b = <Bucket *>calloc(buckets, sizeof(Bucket))
    if q.b == NULL:
        return -1
    q.buckets = buckets
    return 0


cdef void queue_empty(Queue *q) noexcept nogil:
    """Every bucket emptied, its room kept (for the next search)."""
    cdef int32_t k
    for k in range(q.buckets):
        q.b[k].n = 0


cdef size_t queue_bytes(const Queue *q) noexcept nogil:
    """The bytes the queue holds."""
    cdef size_t size = <size_t>q.buckets * sizeof(Bucket)
    cdef int32_t k
    for k in range(q.buckets):
        size += <size_t>q.b[k].room * sizeof(int32_t)
    return size


cdef void queue_free(Queue *q) noexcept nogil:
    cdef int32_t k
    if q.b != NULL:
        for k in range(q.buckets):
            free(q.b[k].slot)
    free(q.b)
    q.b = NULL
    q.buckets = 0


# -- the settled states: the arrays a search returns -----------------------------------------------
#: the arrays the last search returned (and the room they had), written again by the next search
#: once nothing else holds them: their pages are there already, where fresh arrays would fault
#: each page in (the memory of arrays freed between searches goes back to the system)
cdef object kept_arrays = None
cdef Py_ssize_t kept_room = 0


cdef tuple result_arrays(Py_ssize_t room):
    """Four arrays (codes, priorities, parents, kinds) with room for at least ``room`` states,
    and their room: the last search's when nothing but ``kept_arrays`` holds them any more (a
    reference count of 1), else new."""
    global kept_arrays, kept_room
    cdef tuple kept = kept_arrays
    cdef int i
    kept_arrays = None
    if kept is not None:
        for i in range(4):
            if _Py_REFCNT(PyTuple_GET_ITEM(kept, i)) != 1:  # (a borrowed reference)
                break
        else:
            room = room if room > kept_room else kept_room
            for i in range(4):  # the room they have, whatever was done to them meanwhile
                array.resize(kept[i], room)
            return kept, room
    return (array.clone(array.array("q"), room, zero=False),
            array.clone(array.array("i"), room, zero=False),
            array.clone(array.array("i"), room, zero=False),
            array.clone(array.array("b"), room, zero=False)), room


cdef void keep(tuple arrays, Py_ssize_t room) noexcept:
    """Keep a search's arrays for the next, but not past ``SPARE_BYTES``."""
    global kept_arrays, kept_room
    if room * 17 <= SPARE_BYTES:
        kept_arrays = arrays
        kept_room = room


cdef Py_ssize_t fit(array.array a, Py_ssize_t n, Py_ssize_t room) except -1:
    """``a`` cut to its first ``n`` items, and the room it keeps: all of it where ``n`` uses more
    than a quarter (only its length changes: ``resize_smart``), else ``n`` (reallocated)."""
    if n < room and n * 4 > room:
        array.resize_smart(a, n)
        return room
    array.resize(a, n)
    return n


cdef tuple settled_arrays(Settled *r, Py_ssize_t room):
    """``r`` emptied, with room for at least ``room`` states (at least 1), and the four arrays
    it writes into (``result_arrays``), which the search holds while it runs."""
    cdef tuple arrays
    cdef Py_ssize_t given
    cdef int i
    arrays, given = result_arrays(room if room > 1 else 1)
    for i in range(4):
        r.arrays[i] = <PyObject *>arrays[i]
    r.room = <int32_t>given
    r.n = 0
    point_into(r)
    return arrays


cdef tuple settled_result(Settled *r, tuple arrays, int outcome):
    """What a search returns: ``(outcome, codes, priorities, parents, kinds)``, the arrays cut to
    the ``r.n`` states settled for outcome 0 (done), empty for any other (too many states);
    ``r``'s arrays are kept for the next search either way."""
    cdef Py_ssize_t given = r.room
    cdef int i
    if outcome != 0:
        keep(arrays, given)
        return (outcome, _array.array("q"), _array.array("i"), _array.array("i"),
                _array.array("b"))
    for i in range(4):
        given = fit(arrays[i], r.n, r.room)
    keep(arrays, given)
    return (outcome,) + arrays


# -- reading the settled states --------------------------------------------------------------------
cdef struct Way:
    uint64_t key  # the code, less the least code of its run (so that its radix digits start at 0)
    int32_t way


cdef enum:
    DIGIT_BITS = 11  # a radix pass sorts by 11 bits: 2048 counters, in the first-level cache
    DIGITS = 1 << 11
    SHORT_RUN = 48  # a run this short is sorted by insertion, not by radix


cdef void sort_run(Way *a, Way *spare, Py_ssize_t n, uint64_t span, Py_ssize_t *count) noexcept nogil:
    """``a`` sorted by key (every key at most ``span``): by insertion when short, else a least
    significant digit radix sort through ``spare``, a pass per 11 bits the keys span (stable,
    no comparison called through a pointer, as ``qsort`` would: the runs of a large reach are
    long)."""
    cdef Py_ssize_t i, j, total, c
    cdef Way w
    cdef Way *t
    cdef int shift = 0
    cdef int swapped = 0
    if n < SHORT_RUN:
        for i in range(1, n):
            w = a[i]
            j = i - 1
            while j >= 0 and a[j].key > w.key:
                a[j + 1] = a[j]
                j -= 1
            a[j + 1] = w
        return
    while shift < 64 and (span >> shift) != 0:
        memset(count, 0, DIGITS * sizeof(Py_ssize_t))
        for i in range(n):
            count[(a[i].key >> shift) & (DIGITS - 1)] += 1
        total = 0
        for i in range(DIGITS):
            c = count[i]
            count[i] = total
            total += c
        for i in range(n):
            j = (a[i].key >> shift) & (DIGITS - 1)
            spare[count[j]] = a[i]
            count[j] += 1
        t = a
        a = spare
        spare = t
        swapped ^= 1
        shift += DIGIT_BITS
    if swapped:  # the sorted keys are in the caller's spare: back into its array
        memcpy(spare, a, n * sizeof(Way))


cdef int order_ways(int32_t *ways, Py_ssize_t m, const int64_t[:] codes,
                    const int32_t[:] priorities) noexcept nogil:
    """``ways`` (``m`` settled indices by priority, as settled) sorted by priority then code:
    each run of one priority sorted by code, without a global sort, through buffers as long as
    the longest run (not ``m``: fresh pages cost more than the sort). 0, or -1 out of memory."""
    cdef Way *pairs
    cdef Way *spare
    cdef Py_ssize_t *count
    cdef Py_ssize_t i, run, k, longest = 1
    cdef int64_t low, high
    cdef int32_t priority
    i = 0
    while i < m:
        priority = priorities[ways[i]]
        run = i + 1
        while run < m and priorities[ways[run]] == priority:
            run += 1
        if run - i > longest:
            longest = run - i
        i = run
    pairs = <Way *>malloc(longest * sizeof(Way))
    spare = <Way *>malloc(longest * sizeof(Way))
    count = <Py_ssize_t *>malloc(DIGITS * sizeof(Py_ssize_t))
    if pairs == NULL or spare == NULL or count == NULL:
        free(pairs)
        free(spare)
        free(count)
        return -1
    i = 0
    while i < m:
        priority = priorities[ways[i]]
        low = high = codes[ways[i]]
        run = i + 1
        while run < m and priorities[ways[run]] == priority:
            if codes[ways[run]] < low:
                low = codes[ways[run]]
            elif codes[ways[run]] > high:
                high = codes[ways[run]]
            run += 1
        if run - i > 1:
            for k in range(i, run):
                pairs[k - i].key = <uint64_t>(codes[ways[k]] - low)
                pairs[k - i].way = ways[k]
            sort_run(pairs, spare, run - i, <uint64_t>(high - low), count)
            for k in range(i, run):
                ways[k] = pairs[k - i].way
        i = run
    free(pairs)
    free(spare)
    free(count)
    return 0
