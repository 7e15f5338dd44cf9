"""Modules the command line's libraries import but a plain command never uses (standard library,
and Typer's ``shellingham``), run only when something first reads one of their names.

Typer imports ``subprocess`` (to open a URL, and for shell completion) and ``shellingham`` (to
name the shell for completion); ``shutil`` imports the compressors ``bz2`` and ``lzma`` (to know
whether it can make archives), ``urllib.parse`` (through ``pathlib``) imports ``ipaddress`` and
``traceback`` ``linecache``, ``tokenize`` and ``textwrap`` (to show a traceback), ``shutil``
``fnmatch`` (to match file names): about 10 ms of a 100 ms command (issue
29), yet a ``check`` reads none of their names. ``defer`` puts in ``sys.modules`` the module object
the import system would make (its spec, file and name) with a module ``__getattr__`` (PEP 562) that
runs the module's code in that same object the first time one of its names is asked for
(``subprocess.run``, ``from lzma import LZMAFile``), under a lock. An ``import subprocess`` finds it
there and reads only its ``__spec__`` (which is why ``importlib.util.LazyLoader``, which runs the
module on any attribute read, does not help on Python 3.11). Nothing changes but when the code runs:
help, completion and errors use the same modules, run on first use; a Typer release that reads one
of them at import only makes it run then. Only the command line defers them (a library user's
imports are untouched). ``tests/test_import_cost.py`` checks the commands run none of them, and that
a deferred module, once used, is the module itself.

A module that Typer or the standard library imports with ``from M import f`` reads ``f`` at
once; where ``f`` is all it reads (``difflib.get_close_matches``, for a mistyped command's or
option's suggestions: ``difflib`` and ``heapq``, about 1 ms), ``FORWARDED`` gives the
deferred module a stand-in ``f`` that runs the module on its first call and calls the module's own
``f``: the importer holds the stand-in, everyone else the module's own.

The collector waits too: starting up (Typer, ``wingbeat.cli``) makes some 22,000 objects the
collector tracks, which live as long as the process and frees almost none, so the thirty collections
they set off, and the last one at exit, walk them for nothing (with them, a tenth to a fifth of a
short command's CPU). Importing this module pauses the collector (if it was on); ``resume``, at the
end of ``wingbeat.cli``'s import, moves what start-up made out of its reach (``gc.freeze``, as
``web/warm.py`` does for the server's workers) and turns it on again, so a command's own collections
walk only what the command makes.
"""

from __future__ import annotations

import gc
import sys
from importlib.util import find_spec, module_from_spec
from types import ModuleType
from typing import Any

__all__ = ["FORWARDED", "STARTUP", "defer", "deferred", "pending", "resume"]

#: What ``wingbeat.cli`` defers before importing Typer, each with the compiled module it needs
#: (where that is missing, the module is imported as before and fails as before).
STARTUP: dict[str, str | None] = {
    "subprocess": None,
    "shellingham": None,
    "bz2": "_bz2",
    "lzma": "_lzma",
    "ipaddress": None,
    "tokenize": None,
    "linecache": None,
    "textwrap": None,
    "fnmatch": None,
    "difflib": None,
}

#: Functions read by a ``from`` import at start-up, the deferred module's stand-ins for them.
FORWARDED: dict[str, tuple[str, ...]] = {
    "difflib": ("get_close_matches",),  # typer.core, Typer's click's parser
}


def defer(name: str, needs: str | None = None) -> bool:
    """Put ``name`` in ``sys.modules``, run on first use; False (nothing done) when it is
    already imported or cannot be found (its own import will say so, as before)."""
    if name in sys.modules:
        return False
    try:
        spec = find_spec(name)
        if needs is not None and find_spec(needs) is None:
            return False
    except (ImportError, ValueError):
        return False
    if spec is None or spec.loader is None:
        return False
    module = module_from_spec(spec)
    from _thread import RLock

    lock = RLock()
    loading = False

    def __getattr__(attribute: str) -> Any:  # the module's own (PEP 562)
        nonlocal loading
        if attribute == "__path__" and spec.submodule_search_locations is None:
            # what ``from M import f`` asks first (is M a package?): a module never has one
            raise AttributeError(f"module {name!r} has no attribute '__path__'")
        with lock:
            if module.__dict__.get("__getattr__") is __getattr__ and not loading:
                loading = True
                try:
                    spec.loader.exec_module(module)  # type: ignore[union-attr]
                except BaseException:
                    if sys.modules.get(name) is module:
                        del sys.modules[name]
                    raise
                finally:
                    loading = False
                if module.__dict__.get("__getattr__") is __getattr__:
                    del module.__dict__["__getattr__"]
            elif loading:  # its own code, or a module it imports, asks before it is made
                try:
                    return module.__dict__[attribute]
                except KeyError:
                    raise AttributeError(f"partially initialized module {name!r} has no "
                                         f"attribute {attribute!r}") from None
        return getattr(module, attribute)

    module.__getattr__ = __getattr__  # type: ignore[method-assign]
    for attribute in FORWARDED.get(name, ()):
        setattr(module, attribute, _stand_in(attribute, __getattr__))
    sys.modules[name] = module
    return True


def _stand_in(attribute: str, run: Any) -> Any:
    """A function that runs its deferred module (``run``: the module's ``__getattr__``) and calls
    the module's own ``attribute``."""
    def stand_in(*args: Any, **kwargs: Any) -> Any:
        return run(attribute)(*args, **kwargs)

    stand_in.__name__ = stand_in.__qualname__ = attribute
    return stand_in


def pending(module: ModuleType) -> bool:
    """Whether ``module`` is deferred and its code has not run yet."""
    getter = module.__dict__.get("__getattr__")
    return getter is not None and getattr(getter, "__module__", None) == __name__


def _pause() -> bool:
    if not gc.isenabled():  # a program that turned it off keeps it off
        return False
    gc.disable()
    return True


#: Whether importing this module paused the collector and ``resume`` has not turned it on yet.
_paused = _pause()


def resume() -> None:
    """The collector on again if importing this module paused it, what was made until now out of
    its reach (start-up's modules, classes and functions: they live as long as the process);
    nothing if it was not paused here or is on again already."""
    global _paused
    if _paused:
        _paused = False
        gc.freeze()
        gc.enable()



#: Importing this module (``wingbeat.cli`` does, before Typer) defers ``STARTUP``: the names it
#: deferred (none already imported, as in a test run or a program that imported them).
deferred = tuple(name for name, needs in STARTUP.items() if defer(name, needs))
