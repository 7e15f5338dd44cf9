"""Jobs for the worker-process tests. A worker runs them, so they live in a module it can import
by name (the test monkeypatches ``wingbeat.web.jobs.NAME`` in the server with a ``partial`` of
one of these); they signal through files, since a worker shares no memory with the test."""

from __future__ import annotations

import io
import os
import signal
import sys
import time
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
