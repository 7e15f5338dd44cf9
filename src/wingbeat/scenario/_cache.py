"""Validated scenarios kept between runs of the command line, so a short command starts fast.

Reading a scenario means parsing YAML and validating it with pydantic: importing and building
those is most of what ``wingbeat check`` spends on a small map. At the table the same file is asked
about again and again, so the CLI keeps each validated scenario, pickled, in the user's cache
folder (``$XDG_CACHE_HOME/wingbeat``, else ``~/.cache/wingbeat``; ``WINGBEAT_CACHE_DIR`` names
another, ``WINGBEAT_CACHE=off`` turns it off) and reads it back while the text, its name and
wingbeat's own code are all unchanged.

The cache is only ever a speed-up: any trouble with it (a folder that cannot be made or written, a
damaged or foreign file) means the scenario is read from its text as if there were no cache, and
nothing is said. Unpickling runs code, so only files this user wrote, in a folder no one else may
write to, are read.

A disk flips bits: a pickle with one bit changed may still unpickle, as a different scenario (a
10-column map read as 11) or one that fails later with a message about text nobody wrote. So each
entry starts with a keyed BLAKE2b of its pickle (keyed by the entry's name, so an entry copied over
another does not match either), checked before unpickling: an entry that does not match is read
again from the scenario's text and written anew.
"""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

from ..model import Scenario

try:  # hashlib's own BLAKE2 and hmac's comparison, without OpenSSL's start-up (2-3 ms)
    from _blake2 import blake2b
    from _operator import _compare_digest as compare_digest
except ImportError:  # pragma: no cover - another Python
    from hashlib import blake2b
    from hmac import compare_digest  # type: ignore[no-redef]

__all__ = ["MAX_ENTRIES", "MAX_PICKLE_BYTES", "cache_dir", "cached_scenario", "keeping",
           "open_cached", "read_kept"]

#: Scenarios kept; the oldest go first. A scenario's pickle is a few kilobytes.
MAX_ENTRIES = 64
#: A validated scenario larger than this (a huge map) is not kept: reading it back would not pay.
MAX_PICKLE_BYTES = 8_000_000
_FORMAT = b"wingbeat-scenario-cache-3"
#: An entry: this line, then the BLAKE2b digest of the pickle that follows it.
_HEADER = _FORMAT + b"\n"
_DIGEST_BYTES = 32
_SUFFIX = ".pickle"


def cache_dir() -> Path | None:
    """The folder the cache lives in, or None when it is turned off."""
    if os.environ.get("WINGBEAT_CACHE", "").lower() in ("off", "0", "no", "false"):
        return None
    named = os.environ.get("WINGBEAT_CACHE_DIR")
    if named:
        return Path(named)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "wingbeat"


def open_cached(where: str | Path) -> Scenario:
    """``wingbeat.open_scenario`` for the command line: a file path or ``example:NAME``, through
    the cache."""
    source = str(where)
    base: str | None = None
    if source.startswith("example:"):
        from ..examples import example_text

        text = example_text(source.removeprefix("example:"))
    else:
        from ._load import read_scenario_file

        text = read_scenario_file(where)
        base = str(Path(where).parent)  # as load_scenario: a background's path starts there

    def read(text: str, source: str) -> Scenario:
        from ._load import read_scenario_text  # only when the cache does not hold it

        return read_scenario_text(text, source=source, base=base)

    return cached_scenario(text, source, read)


#: Whether ``read_kept`` goes through the cache: on while a ``wingbeat play`` command runs
#: (``keeping``); a library user or the web server reads and writes no cache file.
_KEEPING: ContextVar[bool] = ContextVar("wingbeat_keeping_scenarios", default=False)


@contextmanager
def keeping() -> Iterator[None]:
    """While it lasts, ``read_kept`` reads a scenario's text through the cache."""
    token = _KEEPING.set(True)
    try:
        yield
    finally:
        _KEEPING.reset(token)


def read_kept(text: str, source: str) -> Scenario:
    """``read_scenario_text(text, source=source)`` (an encounter's scenario, kept with it),
    through the cache inside ``keeping``: ``wingbeat play show`` need not parse YAML and validate
    it again on every command."""
    def read(text: str, _key_source: str) -> Scenario:
        from ._load import read_scenario_text

        return read_scenario_text(text, source=source)

    if not _KEEPING.get():
        return read(text, source)
    # its own key: a file's scenario read by ``check`` resolves a background from its folder
    return cached_scenario(text, "<play>" + source, read)


def cached_scenario(text: str, source: str, read: Callable[[str, str], Scenario]) -> Scenario:
    """The scenario of ``text`` (named ``source``): from the cache if it holds it, else ``read``
    from the text and then kept. ``read`` raises for a bad scenario, which is never kept."""
    folder = cache_dir()
    if folder is None:
        return read(text, source)
    key = _key(text, source)
    found = _load(folder, key)
    if found is not None:
        return found
    scenario = read(text, source)
    _store(folder, key, scenario)
    return scenario


def _key(text: str, source: str) -> str:
    """The same text under the same name (a file by its absolute path: relative paths inside it
    resolve from there) and the same code."""
    where = source if source.startswith(("example:", "<")) else os.path.abspath(source)
    digest = blake2b(_FORMAT, digest_size=32)
    for part in (sys.version.encode(), _code_fingerprint(), where.encode("utf-8", "replace"),
                 text.encode("utf-8", "replace")):
        digest.update(len(part).to_bytes(8, "big"))
        digest.update(part)
    return digest.hexdigest()


@cache
def _code_fingerprint() -> bytes:
    """Every source file of the package a scenario is read with, its name, size and time: a
    changed rule, schema or model (an upgrade, or an edit in a source checkout) never meets a
    scenario kept before it."""
    return _fingerprint(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))


def _fingerprint(root: str) -> bytes:
    """``_code_fingerprint`` of the package at ``root``."""
    found: list[str] = []
    folders = [("", root)]
    while folders:  # os.walk's folders, without its path arithmetic (a third of the time)
        relative, folder = folders.pop()
        with os.scandir(folder) as entries:
            for entry in entries:
                if entry.is_dir():
                    if (entry.name not in _NO_CODE and not entry.is_symlink()
                            and (relative or entry.name not in _NOT_READING)):
                        folders.append((relative + entry.name + "/", entry.path))
                elif entry.name.endswith((".py", ".toml", ".so", ".pyd", ".json")):
                    info = entry.stat()
                    found.append(f"{relative}{entry.name}|{info.st_size}|{info.st_mtime_ns}\n")
    digest = blake2b(digest_size=32)
    for line in sorted(found):
        digest.update(line.encode())
    return digest.digest()


#: Folders ``_code_fingerprint`` does not walk (walking the pages' files and the catalogs cost
#: every cached command a few ms): the pages' files, the catalogs and bytecode hold no code a
#: scenario is read with.
_NO_CODE = frozenset({"__pycache__", "static", "locale"})
#: The package's own parts that reading a scenario never imports (the web app, the pictures, the
#: importers of other formats, play and the tactics: what is done with a scenario once read), so
#: a file of theirs changed changes no kept scenario; not walking their 60 files saves every
#: cached command a third of the fingerprint. ``tests/test_scenario_cache.py`` reads every example
#: from its text and checks that none of them was imported.
_NOT_READING = frozenset({"web", "render", "importers", "play", "tactics"})


def _private(info: os.stat_result) -> bool:
    """Owned by this user, and writable by no one else."""
    owner = getattr(os, "getuid", lambda: info.st_uid)()
    return info.st_uid == owner and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def _load(folder: Path, key: str) -> Scenario | None:
    try:
        if not _private(os.stat(folder)):
            return None
        handle = os.open(folder / (key + _SUFFIX), os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    try:
        info = os.fstat(handle)
        if (not stat.S_ISREG(info.st_mode) or not _private(info)
                or info.st_size > len(_HEADER) + _DIGEST_BYTES + MAX_PICKLE_BYTES):
            return None
        with os.fdopen(handle, "rb") as stream:
            handle = -1
            data = stream.read(len(_HEADER) + _DIGEST_BYTES + MAX_PICKLE_BYTES + 1)
        payload = _checked(key, data)
        if payload is None:
            return None
        try:  # pickle's own C reader, without pickle.py's pure-Python one (1-2 ms to import);
            # only when a scenario is read (play log reads none)
            from _pickle import loads
        except ImportError:  # pragma: no cover - another Python
            from pickle import loads

        found = loads(payload)
    except Exception:  # a damaged or foreign file is as good as none
        return None
    finally:
        if handle != -1:
            os.close(handle)
    return found if isinstance(found, Scenario) else None


def _store(folder: Path, key: str, scenario: Scenario) -> None:
    if not _builtin_ruleset(scenario.ruleset):
        return  # a ruleset registered from elsewhere: its code is not in the fingerprint
    import pickle

    try:
        data = pickle.dumps(scenario, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:
        return
    if len(data) > MAX_PICKLE_BYTES:
        return
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        if not _private(os.stat(folder)):
            return
        import tempfile  # only when a scenario is kept

        handle, temporary = tempfile.mkstemp(dir=folder, prefix=".", suffix=".part")
        try:
            with os.fdopen(handle, "wb") as stream:
                stream.write(_HEADER + _digest(key, data) + data)
            os.replace(temporary, folder / (key + _SUFFIX))
        except BaseException:
            os.unlink(temporary)
            raise
        _prune(folder)
    except OSError:
        return


def _digest(key: str, payload: bytes) -> bytes:
    """The entry's checksum: its pickle, keyed by its name."""
    return blake2b(payload, digest_size=_DIGEST_BYTES, key=bytes.fromhex(key)[:64]).digest()


def _checked(key: str, data: bytes) -> bytes | None:
    """The pickle of an entry whose header and checksum match it, else None."""
    start = len(_HEADER) + _DIGEST_BYTES
    if not data.startswith(_HEADER) or len(data) <= start:
        return None
    payload = data[start:]
    if not compare_digest(data[len(_HEADER):start], _digest(key, payload)):
        return None
    return payload


def _prune(folder: Path) -> None:
    """Keep the newest ``MAX_ENTRIES`` scenarios."""
    kept = sorted(folder.glob("*" + _SUFFIX), key=lambda p: p.stat().st_mtime_ns, reverse=True)
    for old in kept[MAX_ENTRIES:]:
        old.unlink(missing_ok=True)


def _builtin_ruleset(ruleset: str) -> bool:
    from ..rules.registry import ruleset_info

    schema = ruleset_info(ruleset).schema
    return isinstance(schema, str) and schema.startswith("wingbeat.")
