"""A worker under its memory limit raises MemoryError and answers, never spins (wingbeat._reserve).

A clean-clone CI run waited an hour on tests/test_web_worker.py's real dnd5e reach past the
memory limit: Python 3.11 unwinding the MemoryError into a ``with`` block far into a function
needs a new int, cannot allocate it, and unwinds to the same handler again, for good (CPython
issue 132508), while the traceback holds every object the job made. The reserve gives the
address space back at the first failed allocation. The script below is that situation without
the server: without a reserve it spins (checked by hand: it never ends); with one it ends."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

_reserve = pytest.importorskip("wingbeat._reserve", reason="the compiled modules are not built")

# Exhausts 40 MB of address space beyond its start, the objects held by the frame whose `with`
# handler re-raises from offset 950 (past the ints Python keeps made, -5 to 256).
EXHAUST = textwrap.dedent("""
    import contextlib, os, resource, sys
    from wingbeat import _reserve

    def address_space():
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmSize:"):
                    return int(line.split()[1]) * 1024

    def exhaust():
        held = []
        a = b = c = d = e = 0
        with contextlib.nullcontext():
            WORK
            while True:
                held.append([a, b, c, d, e, len(held)])

    assert _reserve.arm(8 << 20, bool(os.environ.get("PYTHONMALLOC")))
    assert not _reserve.spent()
    resource.setrlimit(resource.RLIMIT_AS, (address_space() + (40 << 20), resource.RLIM_INFINITY))
    try:
        exhaust()
    except MemoryError:
        print("raised", _reserve.spent(), flush=True)
    print("again", _reserve.arm(8 << 20), _reserve.spent(), flush=True)
    """).replace("WORK", "a += 1; b += 2; c += 3; d += 4; e += 5\n        " * 16)


def run(script: str) -> str:
    # the timeout only stops a run that would otherwise never end (the bug); no test waits on it
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_reserve_lets_a_memory_error_unwind_and_can_be_made_again():
    assert run(EXHAUST).split("\n") == ["raised True", "again True False", ""]


def test_a_reserve_needs_a_size():
    with pytest.raises(ValueError, match="positive size"):
        _reserve.arm(0)
