"""What a picture makes from a reach, made once per view: a click adds a route to a map whose
hundreds of cells are the same as before, and drawing them (and sorting out which cells the
reach covers, and where) is most of a picture's time.

Each is kept with the reach report it comes from (gone with it), per view: the window, the
altitude, the unit. It is the same value as making it again, because a render is a pure function
of its inputs; callers do not change what they are given.
"""

from __future__ import annotations

import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from ..i18n import language

__all__ = ["kept"]

T = TypeVar("T")

#: Views kept per report: the best over all altitudes and a few altitudes, each in its window.
VIEWS_KEPT = 8

_DRAWN: dict[int, tuple[weakref.ref[object], OrderedDict[Hashable, tuple[object, Any]]]] = {}


def kept(reach: object | None, scenario: object, view: Hashable, make: Callable[[], T]) -> T:
    """``make()``, or what it gave for this ``reach`` of this ``scenario`` in this ``view``."""
    if reach is None:
        return make()
    key = id(reach)
    entry = _DRAWN.get(key)
    if entry is None or entry[0]() is not reach:
        def forget(_gone: weakref.ref[object], key: int = key) -> None:
            _DRAWN.pop(key, None)  # the report's death drops its views (its id is free after)

        entry = (weakref.ref(reach, forget), OrderedDict())
        _DRAWN[key] = entry
    views = entry[1]
    # a picture says words (its legend, its titles): one drawn in Italian is not the French one
    view = (language(), view)
    found = views.get(view)
    if found is not None and found[0] is scenario:
        views.move_to_end(view)
        value: T = found[1]
        return value
    value = make()
    views[view] = (scenario, value)
    while len(views) > VIEWS_KEPT:
        views.popitem(last=False)
    return value
