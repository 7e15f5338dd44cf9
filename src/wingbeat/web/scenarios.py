"""Where the web app finds scenarios: built-in examples, uploads kept in memory, and files by name
inside the one directory it was given, never outside it.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any, TypeVar

from .._files import FileTooLarge, UnreadableFile, read_limited
from ..errors import ScenarioError
from ..examples import example_names, load_example
from ..model import Scenario
from ..scenario import read_scenario_text
from ..scenario._load import MAX_BYTES

__all__ = ["MAX_BYTES", "SUFFIXES", "Opened", "ScenarioStore"]

SUFFIXES = (".yaml", ".yml", ".json")
_UPLOADS_KEPT = 32
_RESULTS_KEPT = 64

T = TypeVar("T")


@dataclass(frozen=True)
class Opened:
    """A scenario with the key that says when a cached answer about it is still good."""

    name: str
    key: Hashable
    scenario: Scenario


class _Lru:
    """A small thread-safe least-recently-used map."""

    def __init__(self, size: int):
        self.size = size
        self._items: OrderedDict[Hashable, Any] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> Any:
        with self._lock:
            if key not in self._items:
                return None
            self._items.move_to_end(key)
            return self._items[key]

    def put(self, key: Hashable, value: Any) -> None:
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)


class ScenarioStore:
    """Opens scenarios by name: ``example:NAME``, ``upload:ID``, or a file in ``directory``."""

    def __init__(self, directory: Path | None):
        self.directory = None if directory is None else directory.resolve()
        self._uploads = _Lru(_UPLOADS_KEPT)
        self._files = _Lru(_RESULTS_KEPT)
        self._results = _Lru(_RESULTS_KEPT)
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

    def open(self, name: str) -> Opened:
        if name.startswith("example:"):
            example = name.removeprefix("example:")
            return Opened(name, ("example", example), load_example(example))
        if name.startswith("upload:"):
            scenario = self._uploads.get(name)
            if scenario is None:
                raise ScenarioError("no such upload here (uploads are kept in memory only while "
                                    "the server runs): upload the file again", source=name)
            return Opened(name, ("upload", name), scenario)
        return self._open_file(name)

    def upload(self, data: bytes, filename: str | None) -> Opened:
        """Validate uploaded bytes with the same loader as the command line; keep them in memory.

        Nothing is written to disk: the scenario lives in a small in-memory table under a random
        id (never derived from the content, so no other page can guess it from the file).
        """
        source = _display_name(filename)
        if len(data) > MAX_BYTES:
            raise ScenarioError("is larger than 1 MB; a scenario is a small text file",
                                source=source)
        from ..importers import imported_scenario  # a map from another tool (docs/import.md)

        scenario = (imported_scenario(data, filename or "", source)
                    or read_scenario_text(_decode(data, source), source=source))
        name = "upload:" + secrets.token_urlsafe(16)
        self._uploads.put(name, scenario)
        return Opened(name, ("upload", name), scenario)

    def answer(self, opened: Opened, question: Hashable, compute: Callable[[], T]) -> T:
        """A cached answer about a scenario (reach is the slow one; the slider asks it often).

        Requests that ask the same question at once wait for one computation rather than each
        repeating it: the page fires a render and a path together when an option changes.
        """
        key = (opened.key, question)
        found = self._results.get(key)
        if found is None:
            with self._computing_lock:
                lock = self._computing.setdefault(key, threading.Lock())
            with lock:
                found = self._results.get(key)
                if found is None:
                    try:
                        found = compute()
                        self._results.put(key, found)
                    finally:
                        with self._computing_lock:
                            self._computing.pop(key, None)
        result: T = found
        return result

    def _open_file(self, name: str) -> Opened:
        if self.directory is None:
            raise ScenarioError("this server was started without a scenario directory: open a "
                                "built-in example (example:NAME) or upload a file", source=name)
        file = self._locate(name)
        try:
            stat = file.stat()
        except OSError:
            raise ScenarioError("no such file", source=name) from None
        if stat.st_size > MAX_BYTES:
            raise ScenarioError("is larger than 1 MB; a scenario is a small text file",
                                source=name)
        key = ("file", name, stat.st_mtime_ns, stat.st_size)
        cached = self._files.get(key)
        if cached is None:
            try:
                raw = read_limited(file, MAX_BYTES)  # a FIFO or a device is refused, not read
            except FileTooLarge:
                raise ScenarioError("is larger than 1 MB; a scenario is a small text file",
                                    source=name) from None
            except UnreadableFile as exc:
                raise ScenarioError(exc.reason, source=name) from None
            except OSError as exc:
                raise ScenarioError(f"cannot be read: {exc.strerror}", source=name) from None
            cached = read_scenario_text(_decode(raw, name), source=name,
                                        base=str(file.parent))  # a background beside it
            self._files.put(key, cached)
        return Opened(name, key, cached)

    def _locate(self, name: str) -> Path:
        """The file ``name`` inside the directory; anything that could lead out is refused."""
        assert self.directory is not None
        pure = PurePosixPath(name)
        if (not name or "\\" in name or "\x00" in name or pure.is_absolute()
                or any(part in ("..", "") for part in name.split("/"))):
            raise ScenarioError("expected the name of a file in the scenario directory "
                                "(no absolute path, no ..)", source=name)
        if pure.suffix.lower() not in SUFFIXES:
            raise ScenarioError("expected a scenario file ending in .yaml, .yml or .json",
                                source=name)
        file = self.directory / pure
        if not self._inside(file):
            raise ScenarioError("is outside the scenario directory", source=name)
        if not file.is_file():
            raise ScenarioError("no such file", source=name)
        return file

    def _inside(self, file: Path) -> bool:
        """True when ``file``, with every symlink followed, is still inside the directory."""
        assert self.directory is not None
        try:
            return file.resolve().is_relative_to(self.directory)
        except (OSError, RuntimeError):
            return False


def _decode(raw: bytes, source: str) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ScenarioError("is not UTF-8 text", source=source) from None


def _display_name(filename: str | None) -> str:
    """The uploaded file's base name, for messages only (it never becomes a path)."""
    base = (filename or "").replace("\\", "/").rsplit("/", 1)[-1].strip()
    cleaned = "".join(ch for ch in base if ch.isprintable())[:80]
    return cleaned or "<upload>"
