"""Where the web app finds scenarios: built-in examples, uploads kept in memory, and files by name
inside the one directory it was given, never outside it; and the answers it already gave.

The server itself parses nothing here: it names a scenario's ``Source`` (its key and its bytes)
for a worker process to parse (web/jobs.py), and keeps each answer's encoded bytes, so that asking
again is a look-up.
"""

from __future__ import annotations

import functools
import secrets
import threading
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import TypeVar

from ..errors import ScenarioError
from ..examples import example_names, example_text
from ..i18n import language
from ..model import Scenario
from ..scenario._load import MAX_BYTES
from ._messages import _
from .jobs import Lru, Source, scenario

__all__ = ["ANSWERS_BYTES", "MAX_BYTES", "SUFFIXES", "Opened", "ScenarioStore"]

SUFFIXES = (".yaml", ".yml", ".json")
ANSWERS_BYTES = 256 * 1024 * 1024  # the encoded answers kept; one over half of it is not kept
_UPLOADS_KEPT = 32
_Made = TypeVar("_Made")
_ANSWERS_KEPT = 4096


@dataclass(frozen=True)
class Opened:
    """A scenario parsed in this process (``serve`` checks its first one before it starts)."""

    name: str
    key: Hashable
    scenario: Scenario


class ScenarioStore:
    """Opens scenarios by name: ``example:NAME``, ``upload:ID``, or a file in ``directory``."""

    def __init__(self, directory: Path | None, answers_bytes: int = ANSWERS_BYTES):
        self.directory = None if directory is None else directory.resolve()
        self._uploads = Lru(_UPLOADS_KEPT)
        self._answers = Lru(_ANSWERS_KEPT, max_bytes=answers_bytes)
        self._computing: dict[Hashable, threading.Lock] = {}
        self._computing_lock = threading.Lock()

    def names(self) -> list[dict[str, str]]:
        """Every scenario the page can offer: the examples, then the directory's files."""
        found = [{"name": f"example:{n}", "kind": "example"} for n in example_names()]
        if self.directory is not None:
            for file in sorted(self.directory.iterdir()):
                if file.suffix.lower() in SUFFIXES and self._inside(file) and file.is_file():
                    found.append({"name": file.name, "kind": "file"})
        return found

    def source(self, name: str) -> Source:
        """The scenario ``name`` names, unparsed: a worker parses it (``jobs.scenario``)."""
        if name.startswith("example:"):
            example = name.removeprefix("example:")
            if example not in _examples():
                example_text(example)  # raises the loader's own message
            return Source(("example", example), name)
        if name.startswith("upload:"):
            kept = self._uploads.get(name)
            if kept is None:
                raise ScenarioError(_("no such upload here (uploads are kept in memory only while "
                                    "the server runs): upload the file again"), source=name)
            result: Source = kept
            return result
        return self._file(name)

    def open(self, name: str) -> Opened:
        """The scenario ``name`` names, parsed here (``serve``'s check before it starts)."""
        found = self.source(name)
        return Opened(name, found.key, scenario(found))

    def new_upload(self, data: bytes, filename: str | None) -> tuple[str, Source]:
        """The name and source an upload would have: a random id (never derived from the
        content, so no other page can guess it from the file). Kept once a worker validated it
        (``keep``); nothing is written to disk."""
        label = _display_name(filename)
        if len(data) > MAX_BYTES:
            raise ScenarioError(_("is larger than 1 MB; a scenario is a small text file"),
                                source=label)
        name = "upload:" + secrets.token_urlsafe(16)
        return name, Source(("upload", name), label, data)

    def keep(self, name: str, source: Source) -> None:
        self._uploads.put(name, source)

    def cached(self, source: Source, question: Hashable) -> bytes | None:
        """The answer already given to ``question`` about ``source``, if it is still kept (in
        the current language: an answer's sentences are said in it)."""
        found: bytes | None = self._answers.get((source.key, question, language()))
        return found

    def answer(self, opened: Source | Opened, question: Hashable, compute: Callable[[], _Made],
               deadline: float | None = None) -> _Made | bytes:
        """A kept answer (the encoded bytes), else ``compute()``'s, kept for next time (when it
        is bytes: an answer streamed from a worker is sent as it is read, never held whole).

        Requests that ask the same question at once wait for one computation rather than each
        repeating it: the page fires a render and a path together when an option changes. A
        request waits for another's at most until its ``deadline`` (then ``TimeoutError``).
        Answers are kept per language (``wingbeat.i18n.language()``).
        """
        key = (opened.key, question, language())
        found: _Made | bytes | None = self._answers.get(key)
        if found is None:
            with self._computing_lock:
                lock = self._computing.setdefault(key, threading.Lock())
            wait = -1.0 if deadline is None else max(0.0, deadline - time.monotonic())
            if not lock.acquire(timeout=wait):
                raise TimeoutError
            try:
                found = self._answers.get(key)
                if found is None:
                    found = compute()
                    if isinstance(found, bytes):  # a streamed answer is not held whole
                        self._answers.put(key, found)
            finally:
                lock.release()
                with self._computing_lock:
                    if self._computing.get(key) is lock and not lock.locked():
                        del self._computing[key]
        return found

    def _file(self, name: str) -> Source:
        if self.directory is None:
            raise ScenarioError(_("this server was started without a scenario directory: open a "
                                "built-in example (example:NAME) or upload a file"), source=name)
        file = self._locate(name)
        try:
            stat = file.stat()
        except OSError:
            raise ScenarioError(_("no such file"), source=name) from None
        if stat.st_size > MAX_BYTES:
            raise ScenarioError(_("is larger than 1 MB; a scenario is a small text file"),
                                source=name)
        # Read by the worker (jobs.scenario), not on the server's event loop.
        return Source(("file", name, stat.st_mtime_ns, stat.st_size), name,
                      path=str(file.resolve()))

    def _locate(self, name: str) -> Path:
        """The file ``name`` inside the directory; anything that could lead out is refused."""
        assert self.directory is not None
        pure = PurePosixPath(name)
        if (not name or "\\" in name or "\x00" in name or pure.is_absolute()
                or any(part in ("..", "") for part in name.split("/"))):
            raise ScenarioError(_("expected the name of a file in the scenario directory "
                                "(no absolute path, no ..)"), source=name)
        if pure.suffix.lower() not in SUFFIXES:
            raise ScenarioError(_("expected a scenario file ending in .yaml, .yml or .json"),
                                source=name)
        file = self.directory / pure
        if not self._inside(file):
            raise ScenarioError(_("is outside the scenario directory"), source=name)
        if not file.is_file():
            raise ScenarioError(_("no such file"), source=name)
        return file

    def _inside(self, file: Path) -> bool:
        """True when ``file``, with every symlink followed, is still inside the directory."""
        assert self.directory is not None
        try:
            return file.resolve().is_relative_to(self.directory)
        except (OSError, RuntimeError):
            return False


@functools.cache
def _examples() -> frozenset[str]:
    """The built-in examples' names (listed once: they ship with the package)."""
    return frozenset(example_names())


def _display_name(filename: str | None) -> str:
    """The uploaded file's base name, for messages only (it never becomes a path)."""
    base = (filename or "").replace("\\", "/").rsplit("/", 1)[-1].strip()
    cleaned = "".join(ch for ch in base if ch.isprintable())[:80]
    return cleaned or "<upload>"
