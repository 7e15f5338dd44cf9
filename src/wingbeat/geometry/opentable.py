"""The free space of a table with nothing on it to go around: ``FreeSpace``'s answers, compared.

A table is a rectangle, so convex: it covers a point when both coordinates lie within its sides,
a straight leg when it covers both ends, and the shortest way between two points on it is the
straight leg. Those answers need comparisons only (no arithmetic, so no rounding): they are the
very booleans shapely's ``covers`` gives on the table's box, and the very route and length
``FreeSpace.shortest_path`` finds, without loading shapely and numpy (a tenth of a second). An
area (``region``) is shapely's, drawn by a ``FreeSpace`` made when first asked for.
"""

from __future__ import annotations

import math
from functools import cached_property
from typing import TYPE_CHECKING

from .table import Point, Table, distance

if TYPE_CHECKING:
    from shapely.geometry.base import BaseGeometry

    from .freespace import FreeSpace

__all__ = ["OpenTable"]


class OpenTable:
    """``FreeSpace(table, [], tolerance)`` for its point and leg queries, by comparisons."""

    #: A rectangle has no reflex corner: no shortest path bends on an empty table.
    nodes: tuple[Point, ...] = ()

    def __init__(self, table: Table, tolerance: float):
        self.table = table
        self.tolerance = tolerance
        # the box shapely builds has these sides (its coordinates are doubles)
        self._width = float(table.width)
        self._height = float(table.height)

    def contains(self, p: Point) -> bool:
        """Whether the table covers ``p`` (its edge included), as ``FreeSpace.contains``."""
        return 0.0 <= p[0] <= self._width and 0.0 <= p[1] <= self._height

    def visible(self, a: Point, b: Point) -> bool:
        """Whether the leg ``a``→``b`` stays on the table: a convex shape covers a segment
        exactly when it covers both its ends."""
        return self.contains(a) and self.contains(b)

    def shortest_path(self, start: Point, goal: Point) -> tuple[float, tuple[Point, ...]] | None:
        """The straight leg and its length, as ``FreeSpace.shortest_path`` answers when ``start``
        sees ``goal``; None if either is off the table."""
        if not (self.contains(start) and self.contains(goal)):
            return None
        return distance(start, goal), (start, goal)

    @cached_property
    def space(self) -> FreeSpace:
        """The same free space in shapely, for what draws an area."""
        from .freespace import FreeSpace

        return FreeSpace(self.table, [], self.tolerance)

    def distances_from(self, start: Point, limit: float = math.inf
                       ) -> tuple[list[float], list[int]]:
        return [], []  # no corner to reach

    def region(self, start: Point, budget: float) -> BaseGeometry:
        return self.space.region(start, budget)
