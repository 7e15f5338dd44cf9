# cython: language_level=3
"""A memory reserve for a process under an address-space limit: the room to raise MemoryError.

Python 3.11 to 3.13 can loop forever on a MemoryError: unwinding into a handler that re-raises
(a ``with`` block, an ``except ... as``) far into a function needs a new int (the place to
re-raise from), and when none can be allocated it unwinds to the same handler again, for good
(CPython issue 132508). Under ``RLIMIT_AS`` with the job's objects still held by the
traceback, nothing frees memory: a web worker spun at 100 % CPU until the server's time limit.

``arm(n)`` maps ``n`` bytes (address space only: never touched, so no RAM) and wraps Python's
raw allocator; the first allocation that fails unmaps them before it returns NULL.
The error is raised as before, and then has room to unwind and be answered. ``spent()`` says
whether that happened since the last ``arm``: the process is then out of memory and should end
or re-arm.
"""

cdef extern from *:
    """
    #include <sys/mman.h>

    static PyMemAllocatorEx wb_original[3];
    static void *wb_reserve = NULL;
    static size_t wb_reserve_bytes = 0;
    static int wb_spent = 0;
    static int wb_wrapped = 0;

    /* Unmap the reserve, once, from whichever thread fails first (the raw domain has no GIL). */
    static void wb_release(void) {
        void *reserve = __atomic_exchange_n(&wb_reserve, NULL, __ATOMIC_SEQ_CST);
        if (reserve != NULL) {
            munmap(reserve, wb_reserve_bytes);
            __atomic_store_n(&wb_spent, 1, __ATOMIC_SEQ_CST);
        }
    }

    static void *wb_malloc(void *ctx, size_t size) {
        PyMemAllocatorEx *inner = (PyMemAllocatorEx *)ctx;
        void *p = inner->malloc(inner->ctx, size);
        if (p == NULL) wb_release();
        return p;
    }

    static void *wb_calloc(void *ctx, size_t count, size_t size) {
        PyMemAllocatorEx *inner = (PyMemAllocatorEx *)ctx;
        void *p = inner->calloc(inner->ctx, count, size);
        if (p == NULL) wb_release();
        return p;
    }

    static void *wb_realloc(void *ctx, void *ptr, size_t size) {
        PyMemAllocatorEx *inner = (PyMemAllocatorEx *)ctx;
        void *p = inner->realloc(inner->ctx, ptr, size);
        if (p == NULL) wb_release();
        return p;
    }

    static void wb_free(void *ctx, void *ptr) {
        PyMemAllocatorEx *inner = (PyMemAllocatorEx *)ctx;
        inner->free(inner->ctx, ptr);
    }

    /* The raw allocator (or every domain's), wrapped around the one in place: a hook, it only
       watches. pymalloc, behind the other two, takes from the raw one what its arenas cannot
       give (a block past 512 bytes, any block once no arena can be mapped), so watching the
       raw one sees each failure, at no cost to the small blocks. */
    static void wb_wrap(int every_domain) {
        PyMemAllocatorDomain domains[3] = {PYMEM_DOMAIN_RAW, PYMEM_DOMAIN_MEM, PYMEM_DOMAIN_OBJ};
        if (wb_wrapped) return;
        for (int i = 0; i < (every_domain ? 3 : 1); i++) {
            PyMem_GetAllocator(domains[i], &wb_original[i]);
            PyMemAllocatorEx wrapper = {&wb_original[i], wb_malloc, wb_calloc, wb_realloc,
                                        wb_free};
            PyMem_SetAllocator(domains[i], &wrapper);
        }
        wb_wrapped = 1;
    }

    /* 1: a reserve of `bytes` is in place (kept if there was one); 0: it could not be mapped. */
    static int wb_arm(size_t bytes, int every_domain) {
        void *reserve;
        wb_wrap(every_domain);
        if (__atomic_load_n(&wb_reserve, __ATOMIC_SEQ_CST) != NULL) return 1;
        reserve = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (reserve == MAP_FAILED) return 0;
        wb_reserve_bytes = bytes;
        __atomic_store_n(&wb_spent, 0, __ATOMIC_SEQ_CST);
        __atomic_store_n(&wb_reserve, reserve, __ATOMIC_SEQ_CST);
        return 1;
    }

    static int wb_is_spent(void) { return __atomic_load_n(&wb_spent, __ATOMIC_SEQ_CST); }
    """
    int wb_arm(size_t bytes, int every_domain)
    int wb_is_spent()


def arm(Py_ssize_t size, bint every_domain=False):
    """Keep ``size`` bytes of address space in reserve (a fresh one if it was spent); False if
    they could not be mapped. The allocators are wrapped at the first call, for good: the raw
    one, or all three with ``every_domain`` (needed when ``PYTHONMALLOC`` takes pymalloc away:
    the other two then allocate without it)."""
    if size <= 0:
        raise ValueError("a reserve needs a positive size")
    return bool(wb_arm(<size_t>size, every_domain))


def spent():
    """True if an allocation failed since the last ``arm``, and the reserve went to the error."""
    return bool(wb_is_spent())
