"""Jobs for the worker-process tests. A worker runs them, so they live in a module it can import
by name (the test monkeypatches ``wingbeat.web.jobs.NAME`` in the server with a ``partial`` of
one of these); they signal through files, since a worker shares no memory with the test."""

from __future__ import annotations

import io
import os
import signal
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any


def held(started: str, release: str, name: str, *args: Any) -> bytes:
    """The real job ``name``, once the file ``release`` exists; ``started`` says it began."""
    from wingbeat.web import jobs

    Path(started).touch()
    while not Path(release).exists():
        time.sleep(0.01)
    result: bytes = getattr(jobs, name)(*args)
    return result


def held_chunks(started: str, release: str, name: str, *args: Any) -> Iterator[bytes]:
    """The real streamed job ``name`` (``jobs.reach``: its JSON in chunks), whose first chunk
    waits for the file ``release``: the worker is inside the answer's writing, where a real big
    reach spends its time, for as long as the test holds it."""
    from wingbeat.web import jobs

    Path(started).touch()
    while not Path(release).exists():
        time.sleep(0.01)
    yield from getattr(jobs, name)(*args)


def hog(started: str, *_args: Any) -> bytes:
    """A computation that never ends and never lets go of its GIL (one long C loop): in a thread
    of the server it would hold every other request; only killing its process stops it."""
    Path(started).touch()
    return str(sum(range(10**18))).encode()


def pid(*_args: Any) -> bytes:
    return str(os.getpid()).encode()


def broken(log: str, *_args: Any) -> bytes:
    """A bug: the worker answers 500 and prints the traceback to its stderr, the server's log.
    The test's log file ``log`` takes that traceback instead of the test run's output (a passing
    test prints none, issue 23); the worker's own stderr is back after its last line."""
    own = sys.stderr

    class OneTraceback(io.StringIO):
        def write(self, text: str) -> int:
            with open(log, "a", encoding="utf-8") as file:
                file.write(text)
            if text.startswith("KeyError:"):  # a traceback's last line: the exception
                sys.stderr = own
            return len(text)

    sys.stderr = OneTraceback()
    raise KeyError("secret internals")


def allocate(megabytes: int, *_args: Any) -> bytes:
    """Ask for ``megabytes`` at once (a MemoryError past the worker's limit)."""
    return bytes(megabytes * 1024 * 1024)[:1]


def crash(*_args: Any) -> bytes:
    os.kill(os.getpid(), signal.SIGSEGV)
    return b""


def held_pid(started: str, release: str, *_args: Any) -> bytes:
    """Its worker's pid, once the file ``release`` exists; ``started`` says it began."""
    Path(started).touch()
    while not Path(release).exists():
        time.sleep(0.01)
    return str(os.getpid()).encode()


def locked_play(db: str | None, what: str, ref: str | None, *args: Any) -> bytes:
    """``playjobs.play`` with the store's writes failing as SQLite fails on a read-only file
    (the worker's store patched for this job only)."""
    import sqlite3

    from wingbeat.play import store
    from wingbeat.web import playjobs

    def locked(*_args: Any, **_kw: Any) -> Any:
        raise sqlite3.OperationalError("attempt to write a readonly database")

    before = store.EncounterStore.next_round
    store.EncounterStore.next_round = locked  # type: ignore[method-assign]
    try:
        return playjobs.play(db, what, ref, *args)
    finally:
        store.EncounterStore.next_round = before  # type: ignore[method-assign]


def stuck_play(started: str, db: str | None, what: str, ref: str | None, *args: Any) -> bytes:
    """``playjobs.play`` with a move that never ends, inside its write transaction (the store's
    ``apply`` patched in the worker, which the server kills past its time limit); ``started``
    gets the worker's pid."""
    from wingbeat.play import store
    from wingbeat.web import playjobs

    def forever(*_args: Any, **_kw: Any) -> Any:
        Path(started).write_text(str(os.getpid()))
        while True:
            time.sleep(0.01)

    store.apply = forever  # type: ignore[attr-defined]  # the worker dies with it
    return playjobs.play(db, what, ref, *args)


def greedy_play(db: str | None, what: str, ref: str | None, *args: Any) -> bytes:
    """``playjobs.play`` with a move that asks for more memory than a worker may use."""
    from wingbeat.play import store
    from wingbeat.web import playjobs

    def greedy(*_args: Any, **_kw: Any) -> Any:
        return bytes(64 * 1024**3)

    before = store.apply  # type: ignore[attr-defined]
    store.apply = greedy  # type: ignore[attr-defined]
    try:
        return playjobs.play(db, what, ref, *args)
    finally:
        store.apply = before  # type: ignore[attr-defined]


def chunks(count: int, size: int, *_args: Any) -> Iterator[bytes]:
    """An answer in ``count`` chunks of ``size`` bytes, each made as it is asked for."""
    for index in range(count):
        yield bytes([65 + index % 26]) * size
