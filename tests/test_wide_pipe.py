"""A big answer written into a pipe asks the pipe to hold a megabyte (``_console._widen_pipe``,
Linux ``F_SETPIPE_SZ``): the writer makes its next piece while the reader still reads. The bytes
are the same; a file, a buffer in memory or a pipe that may not grow are left as they are."""

from __future__ import annotations

import io
import os
import sys
import threading
from pathlib import Path

import pytest

from wingbeat import _console

fcntl = pytest.importorskip("fcntl")
pytestmark = pytest.mark.skipif(not hasattr(fcntl, "F_GETPIPE_SZ"), reason="Linux pipes only")


def _may_grow() -> bool:
    """Whether a pipe may hold ``PIPE_BYTES`` here (``pipe-max-size``, and the user's share of
    pipe pages not spent)."""
    read_end, write_end = os.pipe()
    try:
        fcntl.fcntl(write_end, fcntl.F_SETPIPE_SZ, _console.PIPE_BYTES)
    except OSError:
        return False
    finally:
        os.close(read_end)
        os.close(write_end)
    return True


def _read_all(fd: int, into: list[bytes]) -> threading.Thread:
    def run() -> None:
        with os.fdopen(fd, "rb") as f:
            into.append(f.read())
    reader = threading.Thread(target=run)
    reader.start()
    return reader


def test_a_big_answer_widens_its_pipe_and_writes_the_same_bytes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    if not _may_grow():
        pytest.skip("pipes may not grow so far here")
    read_end, write_end = os.pipe()
    assert fcntl.fcntl(write_end, fcntl.F_GETPIPE_SZ) < _console.PIPE_BYTES
    got: list[bytes] = []
    reader = _read_all(read_end, got)
    pieces = [b"[", *(b'"%d",' % i * 5000 for i in range(8)), b'"end"]']
    stream = io.TextIOWrapper(open(write_end, "wb"), encoding="utf-8")  # noqa: SIM115
    monkeypatch.setattr(sys, "stdout", stream)
    _console.out.print_chunks(iter(pieces))
    assert fcntl.fcntl(write_end, fcntl.F_GETPIPE_SZ) == _console.PIPE_BYTES
    stream.close()
    reader.join()
    assert got == [b"".join(pieces) + b"\n"]


def test_a_small_answer_leaves_its_pipe_as_it_is(monkeypatch: pytest.MonkeyPatch) -> None:
    read_end, write_end = os.pipe()
    size = fcntl.fcntl(write_end, fcntl.F_GETPIPE_SZ)
    got: list[bytes] = []
    reader = _read_all(read_end, got)
    stream = io.TextIOWrapper(open(write_end, "wb"), encoding="utf-8")  # noqa: SIM115
    monkeypatch.setattr(sys, "stdout", stream)
    _console.out.print_chunks(iter([b"{", b"}"]))
    assert fcntl.fcntl(write_end, fcntl.F_GETPIPE_SZ) == size
    stream.close()
    reader.join()
    assert got == [b"{}\n"]


def test_what_is_not_a_pipe_is_left_alone(tmp_path: Path) -> None:
    with (tmp_path / "answer.json").open("wb") as f:
        _console._widen_pipe(f)  # a file: nothing to widen
    _console._widen_pipe(io.BytesIO())  # no descriptor at all
    read_end, write_end = os.pipe()
    os.close(read_end)
    os.close(write_end)
    with pytest.raises(OSError):
        os.fstat(write_end)

    class Closed:
        def fileno(self) -> int:
            return write_end  # a descriptor no longer open

    _console._widen_pipe(Closed())
