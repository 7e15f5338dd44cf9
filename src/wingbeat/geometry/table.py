"""Continuous tabletop geometry: points, headings, lengths, and the table with its polygons.

A tabletop is measured with rulers, not counted in cells: a point is ``(x, y)`` in the table's unit
from its south-west corner (x east, y north), and a heading is in degrees clockwise from north.

This module needs the standard library only, so a command that measures nothing but points (a
``check`` in the open, an ``engagement``) never loads the geometry library; the areas (``areas``)
and the way around obstacles (``freespace``) are GEOS's (``geos``: through ctypes, or shapely's),
and a polygon's ``shape()`` is made on demand.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from itertools import pairwise
from typing import TYPE_CHECKING

from .._records import dataclass
from ..errors import NotationError, shown
from ..i18n import _
from ..narrate import grouped

if TYPE_CHECKING:
    from .geos import Geometry

__all__ = [
    "EPSILON",
    "Point",
    "Table",
    "TablePolygon",
    "angle_between",
    "bearing",
    "distance",
    "format_length",
    "format_number",
    "format_point",
    "parse_point",
    "path_length",
    "point_named",
    "within_sector",
]

Point = tuple[float, float]

#: Slack for comparing float lengths with exact budgets: far below any ruler's precision.
EPSILON = 1e-9


# -- points, headings, lengths -----------------------------------------------------------------

def point_named(token: str) -> Point | None:
    """The point a move token names (``30,40``), None when it names none (``up``, ``dive:orc``):
    where a refused step aimed, for a picture."""
    try:
        return parse_point(token)
    except (NotationError, ValueError):
        return None


#: The longest point ``parse_point`` reads, in characters, and the largest coordinate, in cm:
#: a table is metres across, and ``Fraction("1e999999999")`` would build a billion-digit number.
MAX_POINT_LENGTH = 60
MAX_COORDINATE = 1_000_000


def parse_point(text: str) -> Point:
    """``"30,40.5"`` → ``(30.0, 40.5)``; a clear error for anything else."""
    if len(text) > MAX_POINT_LENGTH:
        raise NotationError(_("expected a point x,y (like 30,40.5) of at most {most} characters, "
                              "got {text}").format(most=MAX_POINT_LENGTH, text=shown(text, 20)))
    parts = text.strip().strip("()[]").split(",")
    if len(parts) != 2:
        raise NotationError(_("expected a point x,y (like 30,40.5), got {text}").format(
            text=repr(text)))
    try:
        x, y = (_coordinate(p.strip()) for p in parts)
    except (ValueError, ZeroDivisionError, OverflowError):
        raise NotationError(_("expected a point x,y with two numbers, got {text}").format(
            text=repr(text))) from None
    if not (abs(x) <= MAX_COORDINATE and abs(y) <= MAX_COORDINATE):
        raise NotationError(_("expected coordinates within ±{most} cm, got {text}").format(
            most=grouped(MAX_COORDINATE), text=repr(text)))
    return (x, y)


def _coordinate(text: str) -> float:
    """A number as ``parse_point`` takes it (``12.5``, ``1/3``); an exponent is read as a float,
    never expanded into an exact number."""
    if "e" in text.lower():
        return float(text)
    return float(Fraction(text))


def format_number(value: float | Fraction) -> str:
    """A coordinate as people write it: ``40``, ``12.5``, ``33.333333`` (6 decimals at most)."""
    text = f"{float(value):.6f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def format_point(p: Point) -> str:
    """``(30.0, 40.5)`` → ``"30,40.5"``, the notation ``parse_point`` reads back."""
    return f"{format_number(p[0])},{format_number(p[1])}"


def format_length(value: float) -> str:
    """A measured (irrational) length for reports: 4 decimals, a tenth of a millimetre."""
    return format_number(round(value, 4))


def distance(a: Point, b: Point) -> float:
    return math.hypot(b[0] - a[0], b[1] - a[1])


def path_length(points: Sequence[Point]) -> float:
    return sum(distance(a, b) for a, b in pairwise(points))


def bearing(a: Point, b: Point) -> float:
    """The heading from ``a`` to ``b``: degrees clockwise from north, in [0, 360)."""
    angle = math.degrees(math.atan2(b[0] - a[0], b[1] - a[1])) % 360.0
    return 0.0 if angle >= 360.0 else angle


def angle_between(h1: float, h2: float) -> float:
    """How far apart two headings are, in degrees, 0 … 180."""
    d = abs(h1 - h2) % 360.0
    return min(d, 360.0 - d)


def within_sector(center: Point, heading: float, half_angle: float, radius: float,
                  p: Point) -> bool:
    """Whether ``p`` lies in the closed circular sector (exact, up to ``EPSILON``)."""
    d = distance(center, p)
    if d > radius + EPSILON:
        return False
    if d <= EPSILON or half_angle >= 180.0:
        return True
    return angle_between(bearing(center, p), heading) <= half_angle + 1e-9


# -- the table and what stands on it -----------------------------------------------------------

@dataclass(frozen=True)
class Table:
    """The playing surface: ``width`` × ``height`` in the ruleset's unit, origin south-west."""

    width: float
    height: float

    def contains(self, p: Point) -> bool:
        return (-EPSILON <= p[0] <= self.width + EPSILON
                and -EPSILON <= p[1] <= self.height + EPSILON)

    def shape(self) -> Geometry:
        from .geos import box

        return box(0.0, 0.0, self.width, self.height)

    def describe(self) -> str:
        return f"0..{format_number(self.width)} × 0..{format_number(self.height)}"


@dataclass(frozen=True)
class TablePolygon:
    """A polygon on the table (an obstacle with a height, or a terrain zone with a factor)."""

    points: tuple[Point, ...]
    name: str = ""

    def shape(self) -> Geometry:
        from .geos import Polygon

        return Polygon(self.points)

    def holds(self, p: Point) -> bool:
        """Whether ``p`` is strictly inside (on the edge is outside: one can walk along a wall)."""
        from .geos import Point

        return bool(self.shape().contains(Point(p)))
