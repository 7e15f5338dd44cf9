"""Which search runs: the compiled kernel (``wingbeat._kernel``, built at install when a C
compiler was there) or the pure-Python one, with identical results.

``WINGBEAT_PURE=1`` forces the pure-Python search (CI runs the tests both ways); it is read at
each search, so a test may set it. ``wingbeat --version`` says which is in use.
"""

from __future__ import annotations

import os
from types import ModuleType

__all__ = ["PURE_VARIABLE", "compiled", "compiled5e", "describe", "forced_pure", "in_use"]

#: the environment variable that forces the pure-Python search when set (to anything but 0)
PURE_VARIABLE = "WINGBEAT_PURE"

compiled: ModuleType | None
try:
    from . import _kernel as compiled
except ImportError:  # built without a C compiler: the pure-Python search stands in
    compiled = None

#: ``dnd5e``'s compiled search (``wingbeat._kernel5e``), built and used the same way
compiled5e: ModuleType | None
try:
    from . import _kernel5e as compiled5e
except ImportError:  # built without a C compiler: the pure-Python search stands in
    compiled5e = None


def forced_pure() -> bool:
    return os.environ.get(PURE_VARIABLE, "") not in ("", "0")


def in_use() -> bool:
    """Whether the searches that the kernel covers run compiled now."""
    return compiled is not None and not forced_pure()


def describe() -> str:
    """``kernel: compiled (volare, dnd5e)`` or ``kernel: pure Python`` and why, for
    ``--version``: which rulesets' searches run compiled."""
    if in_use():
        if compiled5e is None:
            return "kernel: compiled (volare; dnd5e in pure Python, not built)"
        return "kernel: compiled (volare, dnd5e)"
    if compiled is None:
        return "kernel: pure Python, not built"
    return f"kernel: pure Python, {PURE_VARIABLE} set"
