"""``dataclasses.dataclass``, with the methods it writes read from bytecode instead of compiled
at each start (issue 29).

Making a dataclass compiles the source of each method it writes (``__init__``, ``__repr__``,
``__eq__``, and for a frozen one ``__hash__``, ``__setattr__``, ``__delattr__``): about 0.4 ms a
class on Python 3.11, a fifth of a short command's CPU for the 30 to 50 classes it imports. That
source depends only on the class's fields, so ``scripts/precomputed.py`` keeps it, once for every
class made here, in ``_records_code/`` (one module for each part of the package, so a command
reads only its parts'), whose bytecode Python keeps like any module's. While
``dataclass`` below runs, the standard library's own ``dataclasses`` does all the work as always;
only when it asks ``exec`` to compile a source text kept there does it get that text's code, the
same code the compiler would make, bound to the same globals. A text not kept (a class edited
since, another Python writing other text) is compiled as before: the answer is never different,
only slower, and ``tests/test_import_cost.py`` checks that every kept text is current.
"""

from __future__ import annotations

import _thread
import builtins
import os
from typing import TYPE_CHECKING, Any

__all__ = ["code_module_texts", "dataclass", "heard_texts", "source_key"]

try:  # hashlib's own BLAKE2, without OpenSSL's start-up (as scenario._cache)
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - another Python
    from hashlib import blake2b


def source_key(text: str) -> str:
    """The name a compiled source text is kept under: its BLAKE2b digest."""
    return blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


#: Held while ``dataclass`` runs (its own nested calls too): it puts ``_exec`` in place.
_lock = _thread.RLock()
_depth = 0
#: The part of the package whose class is being made (``_part``).
_making = ""
_kept: dict[str, dict[str, Any]] = {}


def _part(module: str) -> str:
    """The module of ``_records_code`` that keeps a module's classes: ``rules`` for
    ``wingbeat.rules.grid``, ``volare`` for ``wingbeat.rulesets.volare.model``, ``core`` for the
    package's own modules (``wingbeat.model``); ``""`` for a class outside wingbeat."""
    names = module.split(".")
    if names[0] != "wingbeat" or len(names) < 2:
        return ""
    if names[1] == "rulesets" and len(names) > 3:
        return names[2]
    return names[1] if len(names) > 2 else "core"


def _kept_code(part: str) -> dict[str, Any]:
    found = _kept.get(part)
    if found is None:
        try:
            from importlib import import_module

            found = import_module(f"{__package__}._records_code.{part}").CODE
        except ImportError:  # none kept for this part (yet)
            found = {}
        _kept[part] = found
    return found


#: The texts ``dataclass`` compiled, with their part, while it is a list (``heard_texts``).
_heard: list[tuple[str, str]] | None = None


def _exec(source: Any, globals: dict[str, Any] | None = None,
          locals: dict[str, Any] | None = None, /) -> None:
    """``exec`` as ``dataclasses`` calls it (``exec(text, globals, ns)``, the text defining one
    function ``__create_fn__``): a kept text's code is made a function here, as exec would."""
    if _heard is not None and isinstance(source, str):
        _heard.append((_making, source))
    code = None
    if _making and isinstance(source, str) and locals is not None and source.startswith(
            "def __create_fn__("):
        code = _kept_code(_making).get(source_key(source))
    if code is None:
        builtins.exec(source, globals, locals)
        return
    import dataclasses
    from types import FunctionType

    # exec binds the function to ``globals`` (None: the caller's, dataclasses' own)
    bound = vars(dataclasses) if globals is None else globals
    assert locals is not None
    locals["__create_fn__"] = FunctionType(code, bound, "__create_fn__")


if TYPE_CHECKING:
    from dataclasses import dataclass as dataclass
else:
    def dataclass(cls=None, /, **options):
        """``dataclasses.dataclass(cls, **options)``: the same class, sooner."""
        def wrap(cls):
            import dataclasses

            global _depth, _making
            with _lock:
                if not _depth:
                    dataclasses.exec = _exec  # the module's own name, before the builtin
                _depth += 1
                making, _making = _making, _part(cls.__module__)
                try:
                    return dataclasses.dataclass(cls, **options)
                finally:
                    _making = making
                    _depth -= 1
                    if not _depth:
                        vars(dataclasses).pop("exec", None)
        return wrap if cls is None else wrap(cls)


#: Where the kept code lives: written by ``scripts/precomputed.py update``.
CODE_FOLDER = os.path.join(os.path.dirname(__file__), "_records_code")
#: Modules not walked for their classes: what needs a framework a command never imports first.
_SKIPPED = ("wingbeat.web", "wingbeat.render", "wingbeat.importers", "wingbeat.__main__",
            "wingbeat._records_code")


def heard_texts() -> list[tuple[str, str]]:
    """Every source text ``dataclass`` compiles for wingbeat's own classes, with its part: each
    module of the package imported in turn. Run in a fresh interpreter (a class made before is
    not heard)."""
    import importlib
    import pkgutil

    import wingbeat

    global _heard
    _heard = []
    for info in pkgutil.walk_packages(wingbeat.__path__, "wingbeat."):
        if not info.name.startswith(_SKIPPED):
            importlib.import_module(info.name)
    heard, _heard = _heard, None
    return heard


def code_module_texts(heard: list[tuple[str, str]]) -> dict[str, str]:
    """The modules of ``_records_code`` (file name: text): each text of a part as it is, its code
    kept under its key."""
    parts: dict[str, set[str]] = {}
    for part, text in heard:
        if part:
            parts.setdefault(part, set()).add(text)
    import sys

    files = {"__init__.py": '"""The code ``_records.dataclass`` reads (``_records``); written by '
                            '``scripts/precomputed.py``."""\n\n#: The Python whose texts these '
                            "are (another's may differ: compiled as before).\n"
                            f'PYTHON = "{sys.version_info[0]}.{sys.version_info[1]}"\n'}
    for part, texts in sorted(parts.items()):
        lines = [f'"""The code of the methods ``_records.dataclass`` writes for the classes of '
                 f"{part}, kept", "so it is read from bytecode. Written by ``python "
                 "scripts/precomputed.py update``; do not edit.", "(No ``from __future__ import "
                 "annotations``: each text is compiled as ``exec`` compiles it.)\"\"\"",
                 "# ruff: noqa", "# mypy: ignore-errors", "", "CODE = {}"]
        for text in sorted(texts, key=source_key):
            lines += ["", text, f'CODE["{source_key(text)}"] = __create_fn__.__code__']
        files[part + ".py"] = "\n".join(lines) + "\n"
    return files
