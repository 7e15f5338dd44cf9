"""Areas on the table as GEOS geometry: discs, sectors, and their GeoJSON.

Areas are polygons (``geos``: GEOS through ctypes, or shapely's) whose curved edges are
inscribed polylines with a sagitta of at most ``tolerance`` (half a millimetre by default), so
every point of a drawn area is within that distance of the true area and the straight edges
(sector sides, obstacle walls) are exact. Only a command that draws or cuts an area imports this
module, and the GEOS library with it (not numpy: ``geos`` says why).
"""

from __future__ import annotations

import math
from typing import Any

from . import geos
from .geos import Geometry, LineString, Polygon, collection, mapping, orient
from .table import Point

__all__ = ["disc", "geojson", "point_geometry", "sector"]


def _segments(radius: float, tolerance: float, sweep: float) -> int:
    """Chords over ``sweep`` radians so that each chord's sagitta is at most ``tolerance``."""
    if radius <= tolerance:
        return max(1, math.ceil(sweep / (math.pi / 2)))
    step = 2.0 * math.acos(1.0 - tolerance / radius)
    return max(1, math.ceil(sweep / step), math.ceil(sweep / (math.pi / 8)))


def _heading_xy(center: Point, heading_deg: float, radius: float) -> Point:
    t = math.radians(heading_deg)
    return (center[0] + radius * math.sin(t), center[1] + radius * math.cos(t))


def point_geometry(p: Point) -> Geometry:
    return geos.Point(p)


def disc(center: Point, radius: float, tolerance: float) -> Geometry:
    """The disc as an inscribed polygon (vertices on the circle); a point if ``radius`` is 0."""
    return sector(center, radius, 0.0, 180.0, tolerance)


def sector(center: Point, radius: float, heading: float, half_angle: float,
           tolerance: float) -> Geometry:
    """The circular sector of ``radius`` whose bearings are within ``half_angle`` of ``heading``.

    Half-angle 180 or more is the whole disc. The arc is inscribed, so the polygon lies inside the
    true sector and misses at most ``tolerance`` of it; the two straight sides are exact.
    """
    if radius <= 0:
        return geos.Point(center)
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


def geojson(geometry: Geometry, digits: int = 6) -> dict[str, Any]:
    """A GeoJSON geometry object with coordinates rounded to ``digits`` decimals (a micron).

    Rings follow RFC 7946's right-hand rule: exteriors counter-clockwise, holes clockwise. The
    geometry is snapped to that precision first, so a sliver thinner than a micron disappears
    rather than survive as a ring with no area.
    """
    snapped = geos.set_precision(geometry, 10.0 ** -digits)
    data: dict[str, Any] = _rounded(mapping(_right_handed(snapped)), digits)
    return data


def _right_handed(geometry: Geometry) -> Geometry:
    kind = geometry.geom_type
    if kind == "Polygon":
        return orient(geometry, 1.0)
    if kind in ("MultiPolygon", "GeometryCollection"):
        parts = [_right_handed(part) for part in geometry.geoms]
        if kind == "MultiPolygon":  # as shapely's ``MultiPolygon(parts)``: no empty part
            parts = [part for part in parts if not part.is_empty]
        return collection(kind, parts)
    return geometry


def _rounded(value: Any, digits: int) -> Any:
    if isinstance(value, float):
        return round(value, digits) + 0.0
    if isinstance(value, dict):
        return {k: _rounded(v, digits) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_rounded(v, digits) for v in value]
    return value
