"""Worker processes for the server's heavy work: one request's computation can be stopped.

A thread cannot be stopped, and it shares the server's GIL: a reach that encodes 100 MB of JSON
holds every other request for as long. So the web app sends each heavy computation (parse a
scenario, reach, path, check, render) to a small pool of worker processes (``WorkerPool``):

- each worker runs one job at a time, under an address-space limit (``RLIMIT_AS``, ``memory``
  bytes), so a question that needs too much memory fails in the worker, not in the server;
- past the request's deadline the worker is killed (SIGKILL, then reaped), so nothing keeps a
  core busy after the 503, and a fresh worker replaces it at the next job;
- a worker that dies (out of memory, a crash) is replaced the same way; the request answers 503;
- a job goes to the idle worker that last answered about the same things (``affinity``: the
  scenario, the creature's reach), which keeps them parsed and computed: a click's picture sent
  to the other worker would compute the reach again (hundreds of milliseconds on a dnd5e map).

Workers start lazily (the first heavy request; ``serve`` warms the pool in the background) from
a fork server (``forkserver``): the server process is multi-threaded (uvicorn, the thread pool),
and forking it directly could copy a lock some other thread holds. The fork server imports the
job module once; each worker after that is a fork of it, a few milliseconds (docs/limits.md has
the measurements). This module imports no web framework: the workers stay lean.
"""

from __future__ import annotations

import atexit
import logging
import multiprocessing
import os
import pickle
import resource
import signal
import threading
import time
import traceback
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from ..errors import WingbeatError
from ..i18n import language, localized_number, speaking
from ._messages import _

__all__ = ["MEMORY_LIMIT_MB", "STREAM_BYTES", "WORKERS", "OutOfMemory", "PoolError", "Streamed",
           "TooSlow", "WorkerFailed", "WorkerPool", "pool_for"]

WORKERS = 2  # heavy computations at once: the machine has two cores
# Address space a worker under a limit keeps in reserve, given back when an allocation fails: the
# room for Python to raise and answer the MemoryError (``_arm_reserve``). It counts in the limit.
RESERVE_BYTES = 8 << 20
# Address space one worker may use. The search caps bound the largest accepted query at about
# 1.8 GB resident (a whole volare reach at 1,000,000 states with its JSON as Python objects,
# docs/limits.md); the encoded text and its bytes added about 0.3 GB each (a reach's JSON is now
# streamed a megabyte at a time: ``Streamed``), and a worker starts at about 170 MB of address
# space.
MEMORY_LIMIT_MB = 4096
# Workers yield the CPU to the server process: on a two-core machine two busy workers would
# otherwise take the cores from the page's cheap requests (docs/limits.md, the hostile load).
NICENESS = 10
START_METHOD = "forkserver"
OUT_OF_MEMORY = 3  # a worker's exit code when it ran out of memory
# "__main__" once in the fork server, so that each worker need not run the main script again.
PRELOAD = ["__main__", "wingbeat.web.warm"]
#: Affinity keys remembered per worker: a few more than it keeps scenarios and reaches
#: (web/jobs.py), so a key it has dropped is soon forgotten here too.
AFFINITY_KEPT = 16
#: An answer a job writes in chunks comes back whole (bytes, which the server keeps) up to this
#: size; past it, it is streamed from the worker as it is written (``Streamed``).
STREAM_BYTES = 1 << 20

log = logging.getLogger("wingbeat.web")


class PoolError(WingbeatError):
    """A computation the server stopped or lost: the request answers ``http_status`` (503)."""

    http_status = 503


class TooSlow(PoolError):
    """A computation that took longer than the server's limit for one request."""


class OutOfMemory(PoolError):
    """A computation that needed more memory than a worker may use."""


class WorkerFailed(PoolError):
    """A worker that died without an answer (a crash, or killed from outside)."""


class JobError(WingbeatError):
    """The user's input was wrong (the job raised a ``WingbeatError``): its message, status 400."""

    http_status = 400


class JobCrashed(WingbeatError):
    """The job raised something else (a bug): the worker's log has the traceback."""

    http_status = 500


def too_slow(limit: float) -> TooSlow:
    return TooSlow(_("the question took longer than the server's limit of {seconds} s: ask "
                     "about a smaller map, a shorter move or a slower creature").format(
                         seconds=localized_number(f"{limit:g}")))


class _Worker:
    """One worker process and the parent's end of its pipe."""

    def __init__(self, context: Any, memory: int) -> None:
        self.conn, child = context.Pipe()
        self.process: BaseProcess = context.Process(target=_work, args=(child, memory),
                                                    name="wingbeat-worker", daemon=True)
        self.process.start()
        child.close()
        self.seen: OrderedDict[Hashable, None] = OrderedDict()  # affinity keys, latest last

    def saw(self, keys: Sequence[Hashable]) -> None:
        for key in reversed(keys):  # the most specific ends up latest
            self.seen[key] = None
            self.seen.move_to_end(key)
        while len(self.seen) > AFFINITY_KEPT:
            self.seen.popitem(last=False)

    def rank(self, keys: Sequence[Hashable]) -> tuple[int, int]:
        """How well it suits a job about ``keys`` (most specific first): the first it has seen,
        then how recently; higher is better."""
        for index, key in enumerate(keys):
            if key in self.seen:
                return len(keys) - index, list(self.seen).index(key)
        return 0, 0

    @property
    def pid(self) -> int:
        return int(self.process.pid or 0)

    def stop(self) -> int | None:
        """Kill the process and reap it; its exit code."""
        self.conn.close()
        if self.process.is_alive():
            self.process.kill()
        self.process.join(5)
        return self.process.exitcode


class WorkerPool:
    """At most ``size`` worker processes, each under ``memory_mb`` MB of address space (0: no
    limit), started when first needed and replaced when stopped."""

    def __init__(self, size: int = WORKERS, memory_mb: int = MEMORY_LIMIT_MB,
                 method: str = START_METHOD) -> None:
        self.size = size
        self.memory_mb = memory_mb
        self.method = method
        self._free = threading.Semaphore(size)
        self._idle: list[_Worker] = []
        self._busy: set[_Worker] = set()
        self._lock = threading.Lock()
        self._closed = False
        self._context: Any = None
        weakref.finalize(self, _stop_all, self._idle, self._busy)

    def run(self, job: Callable[..., bytes], args: tuple[Any, ...], deadline: float,
            limit: float, affinity: Sequence[Hashable] = (), lang: str | None = None) -> bytes:
        """``job(*args)`` in a worker, by ``deadline`` (``time.monotonic``); ``limit`` is the
        seconds the message names. Waiting for a free worker counts. ``affinity``: what the job
        is about, most specific first (a creature's reach, its scenario); an idle worker that
        had a job about one of them is taken first. ``lang``: the language the job says its
        sentences in (default: the current one, ``wingbeat.i18n``).

        Raises ``TooSlow`` (the worker is killed), ``OutOfMemory`` or ``WorkerFailed`` (the worker
        is gone), ``JobError`` (the input was wrong: the job's message) or ``JobCrashed``.
        """
        body = self.run_streaming(job, args, deadline, limit, affinity, lang)
        return body if isinstance(body, bytes) else b"".join(body)

    def run_streaming(self, job: Callable[..., bytes | Iterable[bytes]], args: tuple[Any, ...],
                      deadline: float, limit: float, affinity: Sequence[Hashable] = (),
                      lang: str | None = None) -> bytes | Streamed:
        """``run``, for a job that may answer in chunks (an iterable of bytes: a big reach's
        JSON): an answer of up to ``STREAM_BYTES`` comes back as bytes; a bigger one as a
        ``Streamed``, which holds its worker while it is read and is read by ``deadline +
        limit``: the worker writes each chunk as the reader takes the one before (the pipe
        between them holds one), so neither process holds the answer whole."""
        if not self._free.acquire(timeout=max(0.0, deadline - time.monotonic())):
            raise too_slow(limit)
        handed = False  # the worker (and its place in the pool) passed to a Streamed
        try:
            worker = self._take(affinity)
            worker.saw(affinity)
            try:
                # pickled whole before a byte is written
                worker.conn.send((job, args, lang or language()))
            except (EOFError, OSError):
                raise self._lost(worker) from None
            except BaseException:
                self._give_back(worker, keep=True)
                raise
            try:
                if not worker.conn.poll(max(0.0, deadline - time.monotonic())):
                    self._drop(worker, killed=True)
                    raise too_slow(limit)
                kind, detail = worker.conn.recv()
                if kind == "stream":
                    handed = True
                    return Streamed(self, worker, deadline + limit, limit)
                body = worker.conn.recv_bytes() if kind == "ok" else b""
            except (EOFError, OSError):
                raise self._lost(worker) from None
            self._give_back(worker, keep=kind != "memory")
        finally:
            if not handed:
                self._free.release()
        return self._answered(kind, detail, body)

    def _answered(self, kind: str, detail: str, body: bytes) -> bytes:
        """A worker's answer, or the error it says."""
        if kind == "ok":
            return body
        if kind == "memory":
            raise self._out_of_memory()
        if kind == "error":
            raise JobError(detail)
        raise JobCrashed(_("internal error ({name}); the server's log has the details").format(
            name=detail))

    def warm(self) -> None:
        """Start the fork server and one worker now, so the first question does not wait (a
        failure here is only logged: the first question will meet it and say so)."""
        if self._free.acquire(blocking=False):
            try:
                self._give_back(self._take(), keep=True)
            except Exception as exc:
                log.warning("could not start a worker process: %s", exc)
            finally:
                self._free.release()

    def pids(self) -> list[int]:
        """The workers' process ids (idle and busy)."""
        with self._lock:
            return sorted(w.pid for w in (*self._idle, *self._busy))

    def close(self) -> None:
        """Stop every worker (a running job's request answers 503: its thread sees the worker
        die, and reaps it)."""
        with self._lock:
            self._closed = True
            idle, busy = list(self._idle), list(self._busy)
            self._idle.clear()
        for worker in idle:
            worker.stop()
        for worker in busy:
            worker.process.kill()

    # -- the workers ---------------------------------------------------------------------------

    def _take(self, affinity: Sequence[Hashable] = ()) -> _Worker:
        with self._lock:
            if self._closed:
                raise WorkerFailed(_("the server is stopping"))
            while self._idle:
                # the best suited, else the last given back (max keeps the first of equals)
                index = max(range(len(self._idle) - 1, -1, -1),
                            key=lambda i: self._idle[i].rank(affinity))
                worker = self._idle.pop(index)
                if worker.process.is_alive():
                    self._busy.add(worker)
                    return worker
                worker.stop()
            if self._context is None:
                self._context = multiprocessing.get_context(self.method)
                if self.method == "forkserver":
                    self._context.set_forkserver_preload(PRELOAD)
        worker = _Worker(self._context, self.memory_mb * 1024 * 1024)
        with self._lock:
            self._busy.add(worker)
        return worker

    def _give_back(self, worker: _Worker, keep: bool) -> None:
        with self._lock:
            self._busy.discard(worker)
            if keep and not self._closed:
                self._idle.append(worker)
                return
        worker.stop()

    def _drop(self, worker: _Worker, killed: bool = False) -> int | None:
        with self._lock:
            self._busy.discard(worker)
        code = worker.stop()
        if killed:
            log.warning("stopped worker %d: past the time limit", worker.pid)
        return code

    def _lost(self, worker: _Worker) -> PoolError:
        code = self._drop(worker)
        if self._closed:
            return WorkerFailed(_("the server is stopping"))
        log.error("worker %d died (exit code %s)", worker.pid, code)
        if code == OUT_OF_MEMORY:
            return self._out_of_memory()
        if code == -signal.SIGKILL:  # the kernel's OOM killer, or someone else
            return self._out_of_memory(killed=True)
        return WorkerFailed(_("the computation stopped unexpectedly (its worker exited with "
                              "{code}); a fresh worker takes the next question: try again, or "
                              "ask about a smaller map").format(code=code))

    def _out_of_memory(self, killed: bool = False) -> OutOfMemory:
        if killed:
            return OutOfMemory(_("the question was killed, probably out of memory: ask about a "
                                 "smaller map, a shorter move or a slower creature (serve "
                                 "--memory-limit raises the limit)"))
        return OutOfMemory(_("the question needed more memory than the server's limit of {n} MB: "
                             "ask about a smaller map, a shorter move or a slower creature "
                             "(serve --memory-limit raises the limit)").format(n=self.memory_mb))


class Streamed:
    """A worker's answer in chunks, read as the response is sent (``WorkerPool.run_streaming``):
    iterate it once. The worker is the answer's until its last chunk is read; a reader that
    stops early (the client went away), or is still reading at ``deadline``, has the worker
    killed (it would block on the pipe); one that finishes gives it back."""

    def __init__(self, pool: WorkerPool, worker: _Worker, deadline: float, limit: float) -> None:
        self._pool = pool
        self._worker: _Worker | None = worker
        self._deadline = deadline
        self._limit = limit
        self._lock = threading.Lock()  # the reader's thread and ``close`` may race for it

    def __iter__(self) -> Iterator[bytes]:
        worker = self._worker
        if worker is None:
            return
        finished = False
        try:
            while True:
                if not worker.conn.poll(max(0.0, self._deadline - time.monotonic())):
                    raise too_slow(self._limit)
                chunk = worker.conn.recv_bytes()
                if not chunk:
                    break
                yield chunk
            kind, detail = worker.conn.recv()
            finished = True
        except (EOFError, OSError):
            finished = True
            if self._taken() is None:
                return  # closed meanwhile (the client went away): the worker is gone already
            self._pool._free.release()
            raise self._pool._lost(worker) from None
        finally:
            if not finished:
                self.close()  # stopped early, or too slow: the worker is killed
        if self._taken() is not None:
            self._pool._give_back(worker, keep=kind != "memory")
            self._pool._free.release()
        self._pool._answered(kind, detail, b"")  # an error at the end raises here

    def _taken(self) -> _Worker | None:
        """The worker, now no longer this answer's (None: it was taken before)."""
        with self._lock:
            worker, self._worker = self._worker, None
        return worker

    def close(self) -> None:
        """Stop reading: the worker, still writing, is killed (a fresh one replaces it)."""
        worker = self._taken()
        if worker is not None:
            self._pool._drop(worker)
            self._pool._free.release()

    def __del__(self) -> None:
        self.close()


def _stop_all(idle: list[_Worker], busy: set[_Worker]) -> None:
    """A pool nobody holds any more: its workers go with it."""
    for worker in [*idle, *busy]:
        worker.process.kill()


_POOLS: dict[tuple[int, int], WorkerPool] = {}
_POOLS_LOCK = threading.Lock()


def pool_for(size: int = WORKERS, memory_mb: int = MEMORY_LIMIT_MB) -> WorkerPool:
    """The process's pool for these settings: every app with them shares its workers (a test run
    builds hundreds of apps; ``serve`` one)."""
    with _POOLS_LOCK:
        key = (size, memory_mb)
        if key not in _POOLS:
            _POOLS[key] = WorkerPool(size, memory_mb)
        return _POOLS[key]


@atexit.register
def _close_pools() -> None:
    for pool in list(_POOLS.values()):
        pool.close()


# -- inside a worker ---------------------------------------------------------------------------

class _Said(Exception):
    """A job's ``WingbeatError``, its message said in the job's language."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text


def _work(conn: Connection, memory: int) -> None:
    """A worker's life: take a job, answer it, until the server closes the pipe. A job that runs
    out of memory ends the worker (its heap may be in pieces); the server starts another."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C stops the server, which stops us
    os.nice(NICENESS)  # the server's own cheap requests come first when the cores are busy
    if memory:
        _soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        if hard != resource.RLIM_INFINITY:
            memory = min(memory, hard)  # a lower limit from the shell (ulimit -v) stays
        resource.setrlimit(resource.RLIMIT_AS, (memory, hard))
        _arm_reserve()
    while True:
        try:
            message = conn.recv_bytes()
        except (EOFError, OSError):
            return
        body = b""
        streaming = False  # the answer's chunks sent: its end and its status follow
        try:
            job, args, lang = pickle.loads(message)
            with speaking(lang):  # the request's language, for every sentence the job says
                try:
                    made = job(*args)
                    if isinstance(made, bytes):
                        body = made
                    else:  # chunks: whole up to STREAM_BYTES, else streamed as they come
                        body, more = _gathered(iter(made))
                        if more is not None:
                            streaming = True
                            _stream(conn, body, more)
                            body = b""
                except WingbeatError as exc:
                    raise _Said(str(exc)) from None
            reply: tuple[str, str] = ("ok", "")
        except _Said as said:
            reply = ("error", said.text)
        except (MemoryError, SystemError):
            # Under RLIMIT_AS a C function that fails to allocate sometimes returns without an
            # exception set, which CPython reports as SystemError: the worker's memory ran out
            # all the same, and its interpreter is not to be trusted further (it exits below).
            reply = ("memory", "")
        except Exception as exc:  # a bug: the server's log gets the traceback, the page a line
            traceback.print_exc()
            reply = ("failure", type(exc).__name__)
        del message
        try:
            if streaming:
                conn.send_bytes(b"")  # the stream's end, then how it ended
                conn.send(reply)
            else:
                conn.send(reply)
                if reply[0] == "ok":
                    conn.send_bytes(body)
        except MemoryError:
            os._exit(OUT_OF_MEMORY)
        except OSError:
            os._exit(1)
        del body
        # an allocation that failed took the reserve: a fresh one, or the worker cannot go on
        if reply[0] == "memory" or (memory and not _arm_reserve(again=True)):
            os._exit(OUT_OF_MEMORY)


def _arm_reserve(again: bool = False) -> bool:
    """Keep ``RESERVE_BYTES`` in reserve (``wingbeat._reserve``): without it Python 3.11 can
    spin for good unwinding a MemoryError (a worker then held a core until its time limit).
    ``again``: only if a failed allocation spent it. False: it was spent and cannot be mapped
    again. An install without the compiled module goes without (True)."""
    try:
        from .. import _reserve
    except ImportError:
        return True
    if again and not _reserve.spent():
        return True
    # PYTHONMALLOC may take pymalloc away, and with it the raw allocator's view of every failure
    return bool(_reserve.arm(RESERVE_BYTES, bool(os.environ.get("PYTHONMALLOC"))))


def _gathered(chunks: Iterator[bytes]) -> tuple[bytes, Iterator[bytes] | None]:
    """The first ``STREAM_BYTES`` of an answer in chunks, and the rest still to write (None:
    there is none, the answer is whole)."""
    taken: list[bytes] = []
    size = 0
    for chunk in chunks:
        taken.append(chunk)
        size += len(chunk)
        if size >= STREAM_BYTES:
            return b"".join(taken), chunks
    return b"".join(taken), None


def _stream(conn: Connection, first: bytes, more: Iterator[bytes]) -> None:
    """Say the answer streams, then send its chunks as they are written (each waits for the
    server to take the one before: the pipe holds one). A server gone away ends the worker."""
    try:
        conn.send(("stream", ""))
        conn.send_bytes(first)
        for chunk in more:
            if chunk:
                conn.send_bytes(chunk)
    except OSError:
        os._exit(1)
