"""The free space on a table: shortest paths and reachable regions around obstacles.

Point queries are exact up to floating point: the shortest way around polygons is found on the
visibility graph of the free space's reflex corners (a shortest path bends only there), with
Dijkstra. Regions are GEOS geometry (``geos``), as ``areas`` draws them.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Iterable, Iterator, Sequence

from . import geos
from .areas import disc
from .geos import Geometry, LinearRing, LineString, Polygon, box, orient, unary_union
from .table import EPSILON, Point, Table, TablePolygon, distance

__all__ = ["PINCH", "FreeSpace", "blockers_around"]


def blockers_around(start: Point, polygons: Iterable[TablePolygon]) -> list[Geometry]:
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

    def __init__(self, table: Table, blockers: Sequence[Geometry], tolerance: float):
        self.table = table
        self.tolerance = tolerance
        shape: Geometry = table.shape()
        if blockers:
            shape = shape.difference(unary_union(list(blockers)))
            pinches = _pinches(shape)
            if pinches:
                shape = shape.difference(unary_union([
                    box(x - PINCH, y - PINCH, x + PINCH, y + PINCH) for x, y in pinches]))
        self.shape = shape
        geos.prepare(self.shape)
        self.nodes = tuple(_reflex_corners(self.shape))
        self.edges = tuple(_boundary_edges(self.shape))
        self._graph: dict[int, dict[int, bool]] = {}

    def contains(self, p: Point) -> bool:
        return bool(self.shape.covers(geos.Point(p)))

    def visible(self, a: Point, b: Point) -> bool:
        if a == b:
            return self.contains(a)
        return bool(self.shape.covers(LineString([a, b])))

    def _seen_from(self, p: Point, targets: Sequence[int]) -> list[bool]:
        """``visible(p, node)`` for each node of ``targets``, asked of GEOS in one call."""
        if not targets:
            return []
        others = [self.nodes[j] for j in targets]
        seen = geos.covers_each(self.shape, [(p, q) if q != p else (p, (p[0] + PINCH, p[1]))
                                             for q in others])
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

    def region(self, start: Point, budget: float) -> Geometry:
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

    def _visible_disc(self, v: Point, radius: float) -> Geometry:
        if radius <= 0:
            return geos.Point(v)
        local = disc(v, radius, self.tolerance).intersection(self.shape)
        shadows = [s for a, b in self.edges if _segment_distance(v, a, b) < radius
                   for s in [_shadow(v, a, b, radius)] if s is not None]
        if shadows:
            local = local.difference(unary_union(shadows))
        return local


def _polygons(shape: Geometry) -> Iterator[Geometry]:
    kind = shape.geom_type
    if kind == "Polygon":
        if not shape.is_empty:
            yield shape
        return
    if kind.startswith("Multi") or kind == "GeometryCollection":
        for part in shape.geoms:
            yield from _polygons(part)


def _rings(shape: Geometry) -> Iterator[list[Point]]:
    for polygon in _polygons(shape):
        polygon = orient(polygon, 1.0)
        yield [(float(x), float(y)) for x, y in polygon.exterior.coords[:-1]]
        for hole in polygon.interiors:
            yield [(float(x), float(y)) for x, y in hole.coords[:-1]]


def _pinches(shape: Geometry) -> list[Point]:
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
            for part in geos.get_parts(a.intersection(b)):
                if part.geom_type == "Point":
                    found.add((float(part.x), float(part.y)))
    return sorted(found)


def _reflex_corners(shape: Geometry) -> Iterator[Point]:
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


def _boundary_edges(shape: Geometry) -> Iterator[tuple[Point, Point]]:
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


def _shadow(v: Point, a: Point, b: Point, radius: float) -> Geometry | None:
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
