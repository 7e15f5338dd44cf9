"""Reading a file the user names, without trusting it to be a small regular file; writing one
without ever leaving half of it.

``Path.read_bytes`` reads ``/dev/zero`` until memory runs out, a 300 MB file whole before anyone
looks at its size, and waits forever on a FIFO nobody writes to. ``read_limited`` looks at what
the name is before opening it, opens it without blocking, and reads at most one byte more than it
will accept. ``write_replacing`` writes beside the file, then renames.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from .i18n import _

__all__ = ["FileTooLarge", "UnreadableFile", "read_limited", "write_replacing"]

_CHUNK = 65_536


class UnreadableFile(OSError):
    """A name that is not a readable regular file; ``reason`` says why, as a sentence's end."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class FileTooLarge(UnreadableFile):
    """A file larger than the reader accepts: ``limit`` bytes."""

    def __init__(self, limit: int):
        from .narrate import grouped

        super().__init__(_("is larger than {limit} bytes").format(limit=grouped(limit)))
        self.limit = limit


def read_limited(path: str | Path, limit: int) -> bytes:
    """The bytes of the regular file ``path``, if there are at most ``limit`` of them.

    Refuses directories, FIFOs, devices and sockets before opening them, and never reads more
    than ``limit + 1`` bytes whatever the file claims its size is.
    """
    try:
        _check_kind(os.stat(path), limit)
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
                         | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise UnreadableFile(_("no such file")) from None
    except NotADirectoryError:
        raise UnreadableFile(_("no such file (a part of its path is not a directory)")) from None
    except UnreadableFile:
        raise
    except OSError as exc:
        raise UnreadableFile(_("cannot be read: {reason}").format(
            reason=exc.strerror or exc)) from None
    try:
        _check_kind(os.fstat(handle), limit)  # the name may have changed since it was looked at
        parts: list[bytes] = []
        got = 0
        while got <= limit:
            chunk = os.read(handle, min(_CHUNK, limit + 1 - got))
            if not chunk:
                break
            parts.append(chunk)
            got += len(chunk)
    except UnreadableFile:
        raise
    except OSError as exc:
        raise UnreadableFile(_("cannot be read: {reason}").format(
            reason=exc.strerror or exc)) from None
    finally:
        os.close(handle)
    if got > limit:
        raise FileTooLarge(limit)
    return b"".join(parts)


def _check_kind(info: os.stat_result, limit: int) -> None:
    if stat.S_ISDIR(info.st_mode):
        raise UnreadableFile(_("is a directory, not a file"))
    if not stat.S_ISREG(info.st_mode):
        raise UnreadableFile(_("is not a regular file (a pipe, a device or a socket); give a "
                               "file"))
    if info.st_size > limit:
        raise FileTooLarge(limit)


def write_replacing(target: Path, content: str | bytes, mode: int | None = None) -> None:
    """Write ``content`` (text as UTF-8) beside ``target``, then rename it over ``target``: a
    failure never leaves half a file. The file gets ``mode``, else the mode any new file would
    (0666 less the umask), not the private 0600 of a temporary file."""
    import tempfile  # only a command that writes a file needs it

    if mode is None:
        umask = os.umask(0o022)
        os.umask(umask)
        mode = 0o666 & ~umask
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent or ".")
    try:
        if isinstance(content, bytes):
            with os.fdopen(handle, "wb") as binary:
                binary.write(content)
        else:
            with os.fdopen(handle, "w", encoding="utf-8") as stream:
                stream.write(content)
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
