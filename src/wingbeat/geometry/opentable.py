"""The free space of a table where it is open: ``FreeSpace``'s answers, by comparisons, away from
what stands on it.

A table is a rectangle, so convex: it covers a point when both coordinates lie within its sides,
a straight leg when it covers both ends, and the shortest way between two points on it is the
straight leg. Where a leg (its bounding box) keeps clear of every box that holds scenery (each
blocker's bounding box, widened by ``MARGIN``), the blockers cannot touch it, so the free space
covers it exactly when the table does. Those answers need comparisons only (no arithmetic, so no
rounding): they are the very booleans shapely's ``covers`` gives, and the very route and length
``FreeSpace.shortest_path`` finds, without loading GEOS (``geos``). Near
a box, and for an area (``region``), the ``FreeSpace`` itself answers, made when first needed.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import cached_property
from typing import TYPE_CHECKING

from .table import Point, Table, distance

if TYPE_CHECKING:
    from .freespace import FreeSpace
    from .geos import Geometry

__all__ = ["MARGIN", "Box", "OpenTable", "clear_of", "widened"]

#: A box around a blocker: (west, south, east, north).
Box = tuple[float, float, float, float]

#: How far a box reaches past the blocker it holds, in the table's unit: far more than anything
#: shapely adds around a blocker (corners rounded to 6 decimals, 5e-7; the square closed where
#: two blockers pinch, 1e-6; its overlay's rounding, ~1e-12), far less than a ruler reads.
MARGIN = 1e-3


def widened(points: Sequence[Point], by: float = 0.0) -> Box:
    """The box of ``points`` grown by ``by`` (a base's radius around scenery) and ``MARGIN``."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    grow = by + MARGIN
    return (min(xs) - grow, min(ys) - grow, max(xs) + grow, max(ys) + grow)


def clear_of(boxes: Sequence[Box], a: Point, b: Point | None = None) -> bool:
    """Whether the point ``a`` (or the leg ``a``→``b``'s bounding box) lies outside every box."""
    b = a if b is None else b
    x0, x1 = min(a[0], b[0]), max(a[0], b[0])
    y0, y1 = min(a[1], b[1]), max(a[1], b[1])
    return all(x1 < w or x0 > e or y1 < s or y0 > n for w, s, e, n in boxes)


class OpenTable:
    """``FreeSpace(table, blockers, tolerance)``, answering by comparisons where it can: on an
    empty table always, elsewhere away from ``boxes`` (each blocker's, widened); ``build`` makes
    the ``FreeSpace`` for the rest (by default the empty table's)."""

    def __init__(self, table: Table, tolerance: float, boxes: Sequence[Box] = (),
                 build: Callable[[], FreeSpace] | None = None):
        self.table = table
        self.tolerance = tolerance
        self.boxes = tuple(boxes)
        self._build = build
        # the box GEOS builds has these sides (its coordinates are doubles)
        self._width = float(table.width)
        self._height = float(table.height)

    @property
    def nodes(self) -> tuple[Point, ...]:
        """Where shortest paths bend: a rectangle has no reflex corner."""
        return self.space.nodes if self.boxes else ()

    def _on_table(self, p: Point) -> bool:
        return 0.0 <= p[0] <= self._width and 0.0 <= p[1] <= self._height

    def contains(self, p: Point) -> bool:
        """Whether the free space covers ``p`` (an edge included), as ``FreeSpace.contains``."""
        if not self._on_table(p):
            return False
        return clear_of(self.boxes, p) or self.space.contains(p)

    def visible(self, a: Point, b: Point) -> bool:
        """Whether the leg ``a``→``b`` stays in the free space: on the table, a convex shape, a
        segment is covered exactly when both its ends are; clear of every box, so of every
        blocker, it is the table's answer."""
        if not (self._on_table(a) and self._on_table(b)):
            return False
        return clear_of(self.boxes, a, b) or self.space.visible(a, b)

    def shortest_path(self, start: Point, goal: Point) -> tuple[float, tuple[Point, ...]] | None:
        """The straight leg and its length when it is open, as ``FreeSpace.shortest_path``
        answers when ``start`` sees ``goal``; else the free space's own answer."""
        if self._on_table(start) and self._on_table(goal) and clear_of(self.boxes, start, goal):
            return distance(start, goal), (start, goal)
        if not self.boxes:
            return None  # an end off the table, and nothing on it to go around
        return self.space.shortest_path(start, goal)

    @cached_property
    def space(self) -> FreeSpace:
        """The same free space in GEOS, for what comes near a blocker or draws an area."""
        if self._build is not None:
            return self._build()
        from .freespace import FreeSpace

        return FreeSpace(self.table, [], self.tolerance)

    def distances_from(self, start: Point, limit: float = math.inf
                       ) -> tuple[list[float], list[int]]:
        if not self.boxes:
            return [], []  # no corner to reach
        return self.space.distances_from(start, limit)

    def region(self, start: Point, budget: float) -> Geometry:
        return self.space.region(start, budget)
