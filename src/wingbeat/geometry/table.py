"""Continuous tabletop geometry: points, headings, sectors, obstacles, and distance around them.

A tabletop is measured with rulers, not counted in cells: a point is ``(x, y)`` in the table's unit
from its south-west corner (x east, y north), and a heading is in degrees clockwise from north.

Point queries are exact up to floating point: the shortest way around polygons is found on the
visibility graph of the free space's reflex corners (a shortest path bends only there), with
Dijkstra. Areas are shapely polygons whose curved edges are inscribed polylines with a sagitta of at
most ``tolerance`` (half a millimetre by default), so every point of a drawn area is within that
distance of the true area and the straight edges (sector sides, obstacle walls) are exact.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Iterable, Iterator, Sequence
from fractions import Fraction
from itertools import pairwise
from typing import Any

import shapely
from shapely.geometry import (
    GeometryCollection,
    LinearRing,
    LineString,
    MultiPolygon,
    Polygon,
    box,
    mapping,
)
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry.base import BaseGeometry
from shapely.geometry.polygon import orient
from shapely.ops import unary_union

from .._records import dataclass
from ..errors import NotationError, shown
from ..i18n import _
from ..narrate import grouped

__all__ = [
    "EPSILON",
    "PINCH",
    "FreeSpace",
    "Point",
    "Table",
    "TablePolygon",
    "angle_between",
    "bearing",
    "blockers_around",
    "disc",
    "distance",
    "format_length",
    "format_number",
    "format_point",
    "geojson",
    "parse_point",
    "path_length",
    "point_geometry",
    "point_named",
    "sector",
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


# -- areas -----------------------------------------------------------------------------------

def _segments(radius: float, tolerance: float, sweep: float) -> int:
    """Chords over ``sweep`` radians so that each chord's sagitta is at most ``tolerance``."""
    if radius <= tolerance:
        return max(1, math.ceil(sweep / (math.pi / 2)))
    step = 2.0 * math.acos(1.0 - tolerance / radius)
    return max(1, math.ceil(sweep / step), math.ceil(sweep / (math.pi / 8)))


def _heading_xy(center: Point, heading_deg: float, radius: float) -> Point:
    t = math.radians(heading_deg)
    return (center[0] + radius * math.sin(t), center[1] + radius * math.cos(t))


def point_geometry(p: Point) -> BaseGeometry:
    return ShapelyPoint(p)


def disc(center: Point, radius: float, tolerance: float) -> BaseGeometry:
    """The disc as an inscribed polygon (vertices on the circle); a point if ``radius`` is 0."""
    return sector(center, radius, 0.0, 180.0, tolerance)


def sector(center: Point, radius: float, heading: float, half_angle: float,
           tolerance: float) -> BaseGeometry:
    """The circular sector of ``radius`` whose bearings are within ``half_angle`` of ``heading``.

    Half-angle 180 or more is the whole disc. The arc is inscribed, so the polygon lies inside the
    true sector and misses at most ``tolerance`` of it; the two straight sides are exact.
    """
    if radius <= 0:
        return ShapelyPoint(center)
    if half_angle >= 180.0:
        n = _segments(radius, tolerance, 2 * math.pi)
        ring = [_heading_xy(center, 360.0 * i / n, radius) for i in range(n)]
        return Polygon(ring)
    sweep = math.radians(2 * half_angle)
    n = _segments(radius, tolerance, sweep)
    start = heading - half_angle
    arc = [_heading_xy(center, start + 2 * half_angle * i / n, radius) for i in range(n + 1)]
    if half_angle <= 0:
        return LineString([center, arc[0]])
    return Polygon([center, *arc])


def geojson(geometry: BaseGeometry, digits: int = 6) -> dict[str, Any]:
    """A GeoJSON geometry object with coordinates rounded to ``digits`` decimals (a micron).

    Rings follow RFC 7946's right-hand rule: exteriors counter-clockwise, holes clockwise. The
    geometry is snapped to that precision first, so a sliver thinner than a micron disappears
    rather than survive as a ring with no area.
    """
    snapped = shapely.set_precision(geometry, 10.0 ** -digits)
    data: dict[str, Any] = _rounded(mapping(_right_handed(snapped)), digits)
    return data


def _right_handed(geometry: BaseGeometry) -> BaseGeometry:
    if isinstance(geometry, Polygon):
        return orient(geometry, sign=1.0)
    if isinstance(geometry, MultiPolygon | GeometryCollection):
        parts = [_right_handed(part) for part in geometry.geoms]
        return type(geometry)(parts)
    return geometry


def _rounded(value: Any, digits: int) -> Any:
    if isinstance(value, float):
        return round(value, digits) + 0.0
    if isinstance(value, dict):
        return {k: _rounded(v, digits) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_rounded(v, digits) for v in value]
    return value


# -- the table and what stands on it -----------------------------------------------------------

@dataclass(frozen=True)
class Table:
    """The playing surface: ``width`` × ``height`` in the ruleset's unit, origin south-west."""

    width: float
    height: float

    def contains(self, p: Point) -> bool:
        return (-EPSILON <= p[0] <= self.width + EPSILON
                and -EPSILON <= p[1] <= self.height + EPSILON)

    def shape(self) -> Polygon:
        return box(0.0, 0.0, self.width, self.height)

    def describe(self) -> str:
        return f"0..{format_number(self.width)} × 0..{format_number(self.height)}"


@dataclass(frozen=True)
class TablePolygon:
    """A polygon on the table (an obstacle with a height, or a terrain zone with a factor)."""

    points: tuple[Point, ...]
    name: str = ""

    def shape(self) -> Polygon:
        return Polygon(self.points)

    def holds(self, p: Point) -> bool:
        """Whether ``p`` is strictly inside (on the edge is outside: one can walk along a wall)."""
        return bool(self.shape().contains(ShapelyPoint(p)))


def blockers_around(start: Point, polygons: Iterable[TablePolygon]) -> list[Polygon]:
    """The polygons that block a move from ``start``: all of them but those it stands inside."""
    return [p.shape() for p in polygons if not p.holds(start)]


# -- the free space: shortest paths and reachable regions ------------------------------------------

#: Half the side of the square closed around a point where two blockers (or a blocker and the
#: table's edge) meet: a gap of width zero lets nothing through.
PINCH = 1e-6


class FreeSpace:
    """The table minus blocking polygons, where a counter may move in straight lines.

    Moving along an edge or touching a corner is allowed; crossing an interior is not. Blockers
    that share an edge block as one; where two meet at a single point the free space would pinch
    to nothing, and a square of side ``2 * PINCH`` around that point is taken out, so no leg
    slips through it.
    """

    def __init__(self, table: Table, blockers: Sequence[Polygon], tolerance: float):
        self.table = table
        self.tolerance = tolerance
        shape: BaseGeometry = table.shape()
        if blockers:
            shape = shape.difference(unary_union(list(blockers)))
            pinches = _pinches(shape)
            if pinches:
                shape = shape.difference(unary_union([
                    box(x - PINCH, y - PINCH, x + PINCH, y + PINCH) for x, y in pinches]))
        self.shape = shape
        shapely.prepare(self.shape)
        self.nodes = tuple(_reflex_corners(self.shape))
        self.edges = tuple(_boundary_edges(self.shape))
        self._graph: dict[int, dict[int, bool]] = {}

    def contains(self, p: Point) -> bool:
        return bool(self.shape.covers(ShapelyPoint(p)))

    def visible(self, a: Point, b: Point) -> bool:
        if a == b:
            return self.contains(a)
        return bool(self.shape.covers(LineString([a, b])))

    def _seen_from(self, p: Point, targets: Sequence[int]) -> list[bool]:
        """``visible(p, node)`` for each node of ``targets``, asked of shapely all at once."""
        if not targets:
            return []
        others = [self.nodes[j] for j in targets]
        lines = shapely.linestrings([[p, q] if q != p else [p, (p[0] + PINCH, p[1])]
                                     for q in others])
        seen = shapely.covers(self.shape, lines).tolist()
        return [self.contains(p) if q == p else bool(ok)
                for q, ok in zip(others, seen, strict=True)]

    def _neighbours(self, i: int, among: Sequence[int]) -> list[tuple[int, float]]:
        """The corners of ``among`` that corner ``i`` sees, with their distances; each pair is
        asked once, when first needed (a table crowded with round bases has hundreds of corners,
        most of them out of any one move's reach)."""
        row = self._graph.setdefault(i, {})
        a = self.nodes[i]
        unknown = [j for j in among if j != i and j not in row]
        row.update(zip(unknown, self._seen_from(a, unknown), strict=True))
        return [(j, distance(a, self.nodes[j])) for j in among if j != i and row[j]]

    def distances_from(self, start: Point, limit: float = math.inf
                       ) -> tuple[list[float], list[int]]:
        """Geodesic distance from ``start`` to every node nearer than ``limit``, and each node's
        predecessor (−1 for ``start``, −2 unreachable or at ``limit`` or beyond)."""
        dist = [math.inf] * len(self.nodes)
        prev = [-2] * len(self.nodes)
        near = [i for i, node in enumerate(self.nodes) if distance(start, node) < limit]
        queue: list[tuple[float, int]] = []
        for i, ok in zip(near, self._seen_from(start, near), strict=True):
            if ok:
                dist[i] = distance(start, self.nodes[i])
                prev[i] = -1
                queue.append((dist[i], i))
        heapq.heapify(queue)
        while queue:
            d, i = heapq.heappop(queue)
            if d > dist[i]:
                continue
            for j, w in self._neighbours(i, near):
                if d + w < dist[j] - 1e-12 and d + w < limit:
                    dist[j] = d + w
                    prev[j] = i
                    heapq.heappush(queue, (dist[j], j))
        return dist, prev

    def shortest_path(self, start: Point, goal: Point) -> tuple[float, tuple[Point, ...]] | None:
        """The shortest route from ``start`` to ``goal`` and its length; None if walled off.

        A* over the corners (the straight distance to ``goal`` never overestimates), stopping as
        soon as no corner left can beat the best route found."""
        if not (self.contains(start) and self.contains(goal)):
            return None
        if self.visible(start, goal):
            return distance(start, goal), (start, goal)
        everyone = list(range(len(self.nodes)))
        to_goal = self._seen_from(goal, everyone)
        dist = [math.inf] * len(self.nodes)
        prev = [-2] * len(self.nodes)
        queue: list[tuple[float, float, int]] = []
        for i, ok in zip(everyone, self._seen_from(start, everyone), strict=True):
            if ok:
                dist[i] = distance(start, self.nodes[i])
                prev[i] = -1
                queue.append((dist[i] + distance(self.nodes[i], goal), dist[i], i))
        heapq.heapify(queue)
        best, last = math.inf, -1
        while queue:
            bound, d, i = heapq.heappop(queue)
            if bound >= best:
                break
            if d > dist[i]:
                continue
            if to_goal[i] and d + distance(self.nodes[i], goal) < best:
                best, last = d + distance(self.nodes[i], goal), i
            for j, w in self._neighbours(i, everyone):
                if d + w < dist[j] - 1e-12:
                    dist[j] = d + w
                    prev[j] = i
                    heapq.heappush(queue, (dist[j] + distance(self.nodes[j], goal), dist[j], j))
        if last < 0:
            return None
        route = [goal]
        i = last
        while i >= 0:
            route.append(self.nodes[i])
            i = prev[i]
        route.append(start)
        return best, tuple(reversed(route))

    def region(self, start: Point, budget: float) -> BaseGeometry:
        """Every point within ``budget`` of ``start`` going around the blockers.

        The union, over ``start`` and each corner reached with length left, of the disc of what is
        left clipped to what is visible from there: exactly the geodesic disc, up to the arcs'
        tolerance.
        """
        if not self.contains(start):
            return Polygon()
        pieces = [self._visible_disc(start, budget)]
        if self.nodes:
            dist, _prev = self.distances_from(start, budget)
            for node, d in zip(self.nodes, dist, strict=True):
                if d < budget - self.tolerance / 8:
                    pieces.append(self._visible_disc(node, budget - d))
        return unary_union(pieces)

    def _visible_disc(self, v: Point, radius: float) -> BaseGeometry:
        if radius <= 0:
            return ShapelyPoint(v)
        local = disc(v, radius, self.tolerance).intersection(self.shape)
        shadows = [s for a, b in self.edges if _segment_distance(v, a, b) < radius
                   for s in [_shadow(v, a, b, radius)] if s is not None]
        if shadows:
            local = local.difference(unary_union(shadows))
        return local


def _polygons(shape: BaseGeometry) -> Iterator[Polygon]:
    if isinstance(shape, Polygon):
        if not shape.is_empty:
            yield shape
        return
    for part in getattr(shape, "geoms", ()):
        yield from _polygons(part)


def _rings(shape: BaseGeometry) -> Iterator[list[Point]]:
    for polygon in _polygons(shape):
        polygon = orient(polygon, sign=1.0)
        yield [(float(x), float(y)) for x, y in polygon.exterior.coords[:-1]]
        for hole in polygon.interiors:
            yield [(float(x), float(y)) for x, y in hole.coords[:-1]]


def _pinches(shape: BaseGeometry) -> list[Point]:
    """Points where the free space's boundary touches itself: a ring passing twice through a
    point, or two rings (of one part or of two parts) meeting there."""
    rings = list(_rings(shape))
    found: set[Point] = set()
    for ring in rings:
        seen: set[Point] = set()
        for p in ring:
            if p in seen:
                found.add(p)
            seen.add(p)
    closed = [LinearRing(ring) for ring in rings]
    for i, a in enumerate(closed):
        for b in closed[i + 1:]:
            if a.distance(b) > 0:
                continue
            for part in shapely.get_parts(a.intersection(b)):
                if isinstance(part, ShapelyPoint):
                    found.add((float(part.x), float(part.y)))
    return sorted(found)


def _reflex_corners(shape: BaseGeometry) -> Iterator[Point]:
    """Corners where the free space turns right (interior angle over 180°): where paths bend."""
    seen: set[Point] = set()
    for ring in _rings(shape):
        n = len(ring)
        for i, b in enumerate(ring):
            a, c = ring[i - 1], ring[(i + 1) % n]
            cross = (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0])
            if cross < 0 and b not in seen:
                seen.add(b)
                yield b


def _boundary_edges(shape: BaseGeometry) -> Iterator[tuple[Point, Point]]:
    for ring in _rings(shape):
        for i, a in enumerate(ring):
            yield a, ring[(i + 1) % len(ring)]


def _segment_distance(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    if length2 == 0:
        return distance(p, a)
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    return distance(p, (a[0] + t * dx, a[1] + t * dy))


#: Each shadow is widened by this angle (radians) on both sides, so that the shadows of two
#: edges meeting at a corner overlap instead of leaving a hairline between them, and an edge seen
#: edge-on still casts one. It eats at most 1e-9 × the distance (2e-5 across the largest table)
#: of what is visible, always inside the true area.
SHADOW_WIDEN = 1e-9


def _shadow(v: Point, a: Point, b: Point, radius: float) -> Polygon | None:
    """What edge ``ab`` hides from ``v`` out to beyond ``radius``; None if it hides nothing."""
    da, db = distance(v, a), distance(v, b)
    if da <= EPSILON or db <= EPSILON:
        return None
    ang_a = math.atan2(a[1] - v[1], a[0] - v[0])
    ang_b = math.atan2(b[1] - v[1], b[0] - v[0])
    delta = math.remainder(ang_b - ang_a, 2 * math.pi)
    if abs(abs(delta) - math.pi) < 1e-12:
        return None  # v lies on the edge: it stands against the wall, which hides nothing more
    near_lo, near_hi, lo = (a, b, ang_a) if delta >= 0 else (b, a, ang_b)
    lo, hi = lo - SHADOW_WIDEN, lo + abs(delta) + SHADOW_WIDEN
    far = 2.0 * max(radius, da, db) + 1.0
    n = max(1, math.ceil((hi - lo) / (math.pi / 6)))
    turns = [lo + (hi - lo) * i / n for i in range(n, -1, -1)]
    arc = [(v[0] + far * math.cos(t), v[1] + far * math.sin(t)) for t in turns]
    shadow = Polygon([near_lo, near_hi, *arc])
    if not shadow.is_valid:
        shadow = shadow.buffer(0)
    return shadow if shadow.area > 0 else None
