"""The table's geometry library: GEOS, the very C library shapely runs, called through ctypes.

shapely 2 imports numpy whatever part of it is used (``shapely.lib`` is numpy ufuncs): 40-50 ms
of CPU before a tabletop reach draws anything. Its wheel ships GEOS as a shared library
(``shapely.libs/libgeos_c-*.so.*``, ``shapely/.dylibs`` on macOS), and GEOS's C API is stable:
this module finds that library without importing shapely, loads it with ``ctypes`` (the standard
library), and calls the same functions shapely calls for each operation (``unary_union`` over a
collection of the parts, the prepared predicates once ``prepare`` was called, ``set_precision``
in its valid-output mode, ``orient`` by ``GEOSOrientPolygons_r``, ``polygonize`` over the array
of the lines' parts, ``nearest_points`` prepared once ``prepare`` was called, as shapely's
``shapely.ops``), so the doubles are the same and every answer byte for byte the same
(``tests/test_geos_backend.py`` compares the two).

One interface, two backends: ``Shape`` has the names of the shapely methods and properties the
table uses (``area``, ``bounds``, ``is_empty``, ``covers``, ``difference``, ``boundary`` …), and
the module's functions (``Polygon``, ``unary_union``, ``polygonize`` …) build and combine either
``Shape``\\ s or, when the library cannot be found or loaded, a symbol is missing, or
``WINGBEAT_GEOS=shapely`` is set, shapely's own geometries with shapely's own functions.
``BACKEND`` says which.

A ``Shape`` is a value: ``__geo_interface__``, ``.shapely`` (the same geometry in shapely, by
WKB, which is exact), equality and hash by WKB; any other shapely attribute is looked up on
``.shapely``, so code written for shapely's areas keeps working (loading shapely then).

Hostile input cannot crash the interpreter: coordinates must be finite, every handle GEOS
returns is checked (NULL → ``GeosError``, a ``WingbeatError``: one line), a ``Shape`` owns its
handle until it is collected (an argument made for a call is held until the call returns), and
GEOS's messages go to a handler that keeps the last one for the error.
The library is called with the GIL held (``ctypes.PyDLL``): one context, one caller at a time.
"""

from __future__ import annotations

import ctypes
import importlib.util
import math
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeAlias

from ..errors import WingbeatError

__all__ = [
    "BACKEND",
    "BOTH",
    "Geometry",
    "GeosError",
    "LineString",
    "LinearRing",
    "Point",
    "Polygon",
    "Shape",
    "as_geometry",
    "box",
    "collection",
    "covers_each",
    "get_coordinates",
    "get_parts",
    "make_valid",
    "mapping",
    "nearest_points",
    "orient",
    "polygonize",
    "prepare",
    "set_coordinates",
    "set_precision",
    "to_shapely",
    "unary_union",
]

#: A geometry of either backend: a ``Shape``, or a shapely geometry under the shapely backend.
Geometry: TypeAlias = Any

_c = ctypes
_P = _c.c_void_p
_D = _c.c_double
_DP = _c.POINTER(_c.c_double)
_U = _c.c_uint
_I = _c.c_int
_CH = _c.c_char

# GEOS geometry type ids
_POINT, _LINESTRING, _LINEARRING, _POLYGON = 0, 1, 2, 3
_MULTIPOINT, _MULTILINESTRING, _MULTIPOLYGON, _COLLECTION = 4, 5, 6, 7
_TYPE_NAMES = ("Point", "LineString", "LinearRing", "Polygon", "MultiPoint", "MultiLineString",
               "MultiPolygon", "GeometryCollection")

#: name: (result type, argument types), every function called, with its C prototype's types
_SIGNATURES: dict[str, tuple[Any, list[Any]]] = {
    "GEOS_init_r": (_P, []),
    "GEOSContext_setErrorMessageHandler_r": (_P, [_P, _P, _P]),
    "GEOSContext_setNoticeMessageHandler_r": (_P, [_P, _P, _P]),
    "GEOSFree_r": (None, [_P, _P]),
    "GEOSCoordSeq_copyFromBuffer_r": (_P, [_P, _DP, _U, _I, _I]),
    "GEOSCoordSeq_copyToBuffer_r": (_I, [_P, _P, _DP, _I, _I]),
    "GEOSCoordSeq_getSize_r": (_I, [_P, _P, _c.POINTER(_U)]),
    "GEOSCoordSeq_destroy_r": (None, [_P, _P]),
    "GEOSGeom_createPoint_r": (_P, [_P, _P]),
    "GEOSGeom_createLineString_r": (_P, [_P, _P]),
    "GEOSGeom_createLinearRing_r": (_P, [_P, _P]),
    "GEOSGeom_createPolygon_r": (_P, [_P, _P, _c.POINTER(_P), _U]),
    "GEOSGeom_createEmptyPolygon_r": (_P, [_P]),
    "GEOSGeom_createEmptyLineString_r": (_P, [_P]),
    "GEOSGeom_createCollection_r": (_P, [_P, _I, _c.POINTER(_P), _U]),
    "GEOSGeom_clone_r": (_P, [_P, _P]),
    "GEOSGeom_destroy_r": (None, [_P, _P]),
    "GEOSGeomTypeId_r": (_I, [_P, _P]),
    "GEOSisEmpty_r": (_CH, [_P, _P]),
    "GEOSisValid_r": (_CH, [_P, _P]),
    "GEOSArea_r": (_I, [_P, _P, _DP]),
    "GEOSGeom_getXMin_r": (_I, [_P, _P, _DP]),
    "GEOSGeom_getYMin_r": (_I, [_P, _P, _DP]),
    "GEOSGeom_getXMax_r": (_I, [_P, _P, _DP]),
    "GEOSGeom_getYMax_r": (_I, [_P, _P, _DP]),
    "GEOSGetNumGeometries_r": (_I, [_P, _P]),
    "GEOSGetGeometryN_r": (_P, [_P, _P, _I]),
    "GEOSGetExteriorRing_r": (_P, [_P, _P]),
    "GEOSGetNumInteriorRings_r": (_I, [_P, _P]),
    "GEOSGetInteriorRingN_r": (_P, [_P, _P, _I]),
    "GEOSGeom_getCoordSeq_r": (_P, [_P, _P]),
    "GEOSDifference_r": (_P, [_P, _P, _P]),
    "GEOSIntersection_r": (_P, [_P, _P, _P]),
    "GEOSUnaryUnion_r": (_P, [_P, _P]),
    "GEOSBoundary_r": (_P, [_P, _P]),
    "GEOSPointOnSurface_r": (_P, [_P, _P]),
    "GEOSPolygonize_r": (_P, [_P, _c.POINTER(_P), _U]),
    "GEOSNearestPoints_r": (_P, [_P, _P, _P]),
    "GEOSPreparedNearestPoints_r": (_P, [_P, _P, _P]),
    "GEOSBufferParams_create_r": (_P, [_P]),
    "GEOSBufferParams_destroy_r": (None, [_P, _P]),
    "GEOSBufferParams_setQuadrantSegments_r": (_I, [_P, _P, _I]),
    "GEOSBufferParams_setEndCapStyle_r": (_I, [_P, _P, _I]),
    "GEOSBufferParams_setJoinStyle_r": (_I, [_P, _P, _I]),
    "GEOSBufferParams_setMitreLimit_r": (_I, [_P, _P, _D]),
    "GEOSBufferParams_setSingleSided_r": (_I, [_P, _P, _I]),
    "GEOSBufferWithParams_r": (_P, [_P, _P, _P, _D]),
    "GEOSGeom_setPrecision_r": (_P, [_P, _P, _D, _I]),
    "GEOSOrientPolygons_r": (_I, [_P, _P, _I]),
    "GEOSMakeValid_r": (_P, [_P, _P]),
    "GEOSDistance_r": (_I, [_P, _P, _P, _DP]),
    "GEOSCovers_r": (_CH, [_P, _P, _P]),
    "GEOSContains_r": (_CH, [_P, _P, _P]),
    "GEOSRelatePattern_r": (_CH, [_P, _P, _P, _c.c_char_p]),
    "GEOSPrepare_r": (_P, [_P, _P]),
    "GEOSPreparedGeom_destroy_r": (None, [_P, _P]),
    "GEOSPreparedCovers_r": (_CH, [_P, _P, _P]),
    "GEOSPreparedContains_r": (_CH, [_P, _P, _P]),
    "GEOSPreparedRelatePattern_r": (_CH, [_P, _P, _P, _c.c_char_p]),
    "GEOSWKBWriter_create_r": (_P, [_P]),
    "GEOSWKBWriter_destroy_r": (None, [_P, _P]),
    "GEOSWKBWriter_write_r": (_P, [_P, _P, _P, _c.POINTER(_c.c_size_t)]),
    "GEOSWKBReader_create_r": (_P, [_P]),
    "GEOSWKBReader_destroy_r": (None, [_P, _P]),
    "GEOSWKBReader_read_r": (_P, [_P, _P, _c.c_char_p, _c.c_size_t]),
}


class GeosError(WingbeatError):
    """GEOS refused an operation (its last message, if it gave one): a shape no table should
    hold, so bad input, one line (as every ``WingbeatError``), never a traceback."""


# -- finding and loading the library -----------------------------------------------------------

def _is_geos_c(name: str) -> bool:
    return name.startswith(("libgeos_c", "geos_c")) and (".so" in name or name.endswith(
        (".dylib", ".dll")))


def _candidates() -> list[Path]:
    """The GEOS C libraries shipped in shapely's wheel, found without importing shapely: beside
    its package (``shapely.libs`` on Linux and Windows, ``shapely/.dylibs`` on macOS), else in
    the files its distribution lists (``RECORD``)."""
    spec = importlib.util.find_spec("shapely")
    if spec is None or spec.origin is None:
        return []
    package = Path(spec.origin).parent
    places = [package.parent / "shapely.libs", package / ".dylibs", package.parent / "Shapely.libs"]
    found = [p for place in places if place.is_dir()
             for p in sorted(place.iterdir()) if _is_geos_c(p.name)]
    if found:
        return found
    try:
        from importlib.metadata import PackageNotFoundError, files

        listed = files("shapely") or []
    except (ImportError, PackageNotFoundError):
        return []
    return [Path(str(f.locate())) for f in listed if _is_geos_c(f.name)]


class _Lib:
    """The loaded library, its one context and its handler; None of it if anything is missing."""

    def __init__(self, path: Path):
        dll = _c.PyDLL(str(path))
        for name, (restype, argtypes) in _SIGNATURES.items():
            f = getattr(dll, name)  # AttributeError: a symbol missing
            f.restype = restype
            f.argtypes = argtypes
        self.dll = dll
        self.path = path
        # the same function, given a buffer's address (``covers_each`` walks one buffer)
        self.copy_at = dll["GEOSCoordSeq_copyFromBuffer_r"]
        self.copy_at.restype = _P
        self.copy_at.argtypes = [_P, _P, _U, _I, _I]
        self.message = ""
        handler_type = _c.CFUNCTYPE(None, _c.c_char_p, _P)

        def keep(message: bytes | None, _data: int | None) -> None:
            self.message = (message or b"").decode("utf-8", "replace")

        self._handler = handler_type(keep)  # kept alive as long as the library
        self.ctx = dll.GEOS_init_r()
        if not self.ctx:
            raise OSError("GEOS_init_r failed")
        dll.GEOSContext_setErrorMessageHandler_r(self.ctx, self._handler, None)
        dll.GEOSContext_setNoticeMessageHandler_r(self.ctx, self._handler, None)


def _load() -> _Lib | None:
    if os.environ.get("WINGBEAT_GEOS", "").strip().lower() == "shapely":
        return None
    for path in _candidates():
        try:
            return _Lib(path)
        except (OSError, AttributeError):
            continue
    return None


_LIB = _load()
_G: Any = _LIB.dll if _LIB is not None else None
_CTX: Any = _LIB.ctx if _LIB is not None else None

#: "geos" when this module calls GEOS itself, "shapely" when shapely does.
BACKEND = "geos" if _LIB is not None else "shapely"


def _checked(handle: int | None, what: str) -> int:
    if not handle:
        message = _LIB.message if _LIB is not None else ""
        raise GeosError(f"GEOS could not {what}" + (f": {message}" if message else ""))
    return handle


def _flag(value: bytes, what: str) -> bool:
    if value == b"\x02":
        _checked(None, what)
    return value == b"\x01"


def _finite(values: Sequence[float]) -> None:
    """NaN and the infinities carry through a sum (so does an overflow, from coordinates no
    table has): one sum tells them all."""
    if not math.isfinite(sum(values)):
        raise GeosError("coordinates must be finite numbers")


def _sequence(points: Sequence[Sequence[float]]) -> int:
    flat = [float(v) for p in points for v in (p[0], p[1])]
    _finite(flat)
    n = len(flat) // 2
    buffer = (_D * max(1, len(flat)))(*flat)
    return _checked(_G.GEOSCoordSeq_copyFromBuffer_r(_CTX, buffer, n, 0, 0),
                    "make a coordinate sequence")


def _coords_of(handle: int) -> list[tuple[float, float]]:
    """The coordinates of a point, line or ring (``handle`` borrowed, not owned)."""
    seq = _checked(_G.GEOSGeom_getCoordSeq_r(_CTX, handle), "read coordinates")
    size = _U()
    if not _G.GEOSCoordSeq_getSize_r(_CTX, seq, _c.byref(size)):
        _checked(None, "read coordinates")
    n = size.value
    if n == 0:
        return []
    buffer = (_D * (2 * n))()
    if not _G.GEOSCoordSeq_copyToBuffer_r(_CTX, seq, buffer, 0, 0):
        _checked(None, "read coordinates")
    values = list(buffer)
    return list(zip(values[0::2], values[1::2], strict=True))


class Shape:
    """A GEOS geometry this process owns (freed when collected), with shapely's names."""

    __slots__ = ("__weakref__", "_handle", "_prepared", "_shapely")

    def __init__(self, handle: int):
        self._handle = handle
        self._prepared: int | None = None
        self._shapely: Any = None

    def __del__(self) -> None:
        g, ctx = _G, _CTX
        if g is None:  # the interpreter is shutting down
            return
        if self._prepared:
            g.GEOSPreparedGeom_destroy_r(ctx, self._prepared)
            self._prepared = None
        if self._handle:
            g.GEOSGeom_destroy_r(ctx, self._handle)
            self._handle = 0

    # -- what it is ------------------------------------------------------------------------------

    @property
    def _type(self) -> int:
        kind: int = _G.GEOSGeomTypeId_r(_CTX, self._handle)
        if kind < 0:
            _checked(None, "tell a geometry's type")
        return kind

    @property
    def geom_type(self) -> str:
        return _TYPE_NAMES[self._type]

    @property
    def is_empty(self) -> bool:
        return _flag(_G.GEOSisEmpty_r(_CTX, self._handle), "tell whether a geometry is empty")

    @property
    def is_valid(self) -> bool:
        return _flag(_G.GEOSisValid_r(_CTX, self._handle), "tell whether a geometry is valid")

    @property
    def area(self) -> float:
        out = _D()
        if not _G.GEOSArea_r(_CTX, self._handle, _c.byref(out)):
            _checked(None, "measure an area")
        return out.value

    @property
    def bounds(self) -> tuple[float, float, float, float]:
        if self.is_empty:
            return (math.nan, math.nan, math.nan, math.nan)
        values = []
        for f in (_G.GEOSGeom_getXMin_r, _G.GEOSGeom_getYMin_r, _G.GEOSGeom_getXMax_r,
                  _G.GEOSGeom_getYMax_r):
            out = _D()
            if not f(_CTX, self._handle, _c.byref(out)):
                _checked(None, "measure bounds")
            values.append(out.value)
        return (values[0], values[1], values[2], values[3])

    @property
    def coords(self) -> list[tuple[float, float]]:
        if self._type not in (_POINT, _LINESTRING, _LINEARRING):
            raise GeosError("only a point, a line or a ring has a coordinate sequence")
        return _coords_of(self._handle)

    @property
    def x(self) -> float:
        return self.coords[0][0]

    @property
    def y(self) -> float:
        return self.coords[0][1]

    def _borrowed(self, handle: int | None, what: str) -> Shape:
        """A copy of a part GEOS lends (owned by this geometry)."""
        part = _checked(handle, what)
        return Shape(_checked(_G.GEOSGeom_clone_r(_CTX, part), what))

    @property
    def exterior(self) -> Shape:
        return self._borrowed(_G.GEOSGetExteriorRing_r(_CTX, self._handle), "read a shell")

    @property
    def interiors(self) -> list[Shape]:
        n = _G.GEOSGetNumInteriorRings_r(_CTX, self._handle)
        if n < 0:
            _checked(None, "count holes")
        return [self._borrowed(_G.GEOSGetInteriorRingN_r(_CTX, self._handle, i), "read a hole")
                for i in range(n)]

    @property
    def geoms(self) -> list[Shape]:
        if self._type < _MULTIPOINT:  # as shapely: ``hasattr(polygon, "geoms")`` is False
            raise AttributeError("only a collection has parts")
        return self._parts()

    def _parts(self) -> list[Shape]:
        n = _G.GEOSGetNumGeometries_r(_CTX, self._handle)
        if n < 0:
            _checked(None, "count parts")
        return [self._borrowed(_G.GEOSGetGeometryN_r(_CTX, self._handle, i), "read a part")
                for i in range(n)]

    # -- operations, as shapely names them ---------------------------------------------------

    def difference(self, other: Any) -> Shape:
        o = _shape(other)  # held until GEOS is done with it
        return Shape(_checked(_G.GEOSDifference_r(_CTX, self._handle, o._handle),
                              "take a difference"))

    def intersection(self, other: Any) -> Shape:
        o = _shape(other)
        return Shape(_checked(_G.GEOSIntersection_r(_CTX, self._handle, o._handle),
                              "take an intersection"))

    @property
    def boundary(self) -> Shape | None:
        """``GEOSBoundary_r``; None for a geometry collection, as shapely (GEOS refuses one)."""
        if self._type == _COLLECTION:
            return None
        return Shape(_checked(_G.GEOSBoundary_r(_CTX, self._handle), "take a boundary"))

    def representative_point(self) -> Shape:
        """A point surely inside (``GEOSPointOnSurface_r``, as shapely's)."""
        return Shape(_checked(_G.GEOSPointOnSurface_r(_CTX, self._handle),
                              "find a point inside"))

    point_on_surface = representative_point

    def buffer(self, distance: float, quad_segs: int = 16) -> Shape:
        """Round caps and joins (shapely's defaults): shapely's ``GEOSBufferWithParams_r``."""
        _finite([distance])
        params = _checked(_G.GEOSBufferParams_create_r(_CTX), "make buffer parameters")
        try:
            if not (_G.GEOSBufferParams_setQuadrantSegments_r(_CTX, params, int(quad_segs))
                    and _G.GEOSBufferParams_setEndCapStyle_r(_CTX, params, 1)
                    and _G.GEOSBufferParams_setJoinStyle_r(_CTX, params, 1)
                    and _G.GEOSBufferParams_setMitreLimit_r(_CTX, params, 5.0)
                    and _G.GEOSBufferParams_setSingleSided_r(_CTX, params, 0)):
                _checked(None, "set buffer parameters")
            return Shape(_checked(_G.GEOSBufferWithParams_r(_CTX, self._handle, params,
                                                            float(distance)), "buffer"))
        finally:
            _G.GEOSBufferParams_destroy_r(_CTX, params)

    def distance(self, other: Any) -> float:
        out, o = _D(), _shape(other)
        if not _G.GEOSDistance_r(_CTX, self._handle, o._handle, _c.byref(out)):
            _checked(None, "measure a distance")
        return out.value

    def covers(self, other: Any) -> bool:
        o = _shape(other)
        if self._prepared:
            return _flag(_G.GEOSPreparedCovers_r(_CTX, self._prepared, o._handle), "test covers")
        return _flag(_G.GEOSCovers_r(_CTX, self._handle, o._handle), "test covers")

    def contains(self, other: Any) -> bool:
        o = _shape(other)
        if self._prepared:
            return _flag(_G.GEOSPreparedContains_r(_CTX, self._prepared, o._handle),
                         "test contains")
        return _flag(_G.GEOSContains_r(_CTX, self._handle, o._handle), "test contains")

    def relate_pattern(self, other: Any, pattern: str) -> bool:
        o = _shape(other)
        code = pattern.encode("ascii")
        if self._prepared:
            return _flag(_G.GEOSPreparedRelatePattern_r(_CTX, self._prepared, o._handle, code),
                         "relate")
        return _flag(_G.GEOSRelatePattern_r(_CTX, self._handle, o._handle, code), "relate")

    # -- a value --------------------------------------------------------------------------------

    @property
    def wkb(self) -> bytes:
        writer = _checked(_G.GEOSWKBWriter_create_r(_CTX), "make a WKB writer")
        try:
            size = _c.c_size_t()
            data = _checked(_G.GEOSWKBWriter_write_r(_CTX, writer, self._handle,
                                                     _c.byref(size)), "write WKB")
            try:
                return _c.string_at(data, size.value)
            finally:
                _G.GEOSFree_r(_CTX, data)
        finally:
            _G.GEOSWKBWriter_destroy_r(_CTX, writer)

    @property
    def shapely(self) -> Any:
        """The same geometry as a shapely geometry (loads shapely and numpy)."""
        if self._shapely is None:
            import shapely

            self._shapely = shapely.from_wkb(self.wkb)
        return self._shapely

    @property
    def __geo_interface__(self) -> dict[str, Any]:
        """As shapely's ``mapping`` writes it, type by type."""
        kind = self._type
        if kind in (_POINT,):
            coords = self.coords
            return {"type": "Point", "coordinates": coords[0] if coords else ()}
        if kind in (_LINESTRING, _LINEARRING):
            return {"type": _TYPE_NAMES[kind], "coordinates": tuple(self.coords)}
        if kind == _POLYGON:
            return {"type": "Polygon", "coordinates": tuple(_polygon_rings(self))}
        if kind == _MULTIPOLYGON:
            return {"type": "MultiPolygon",
                    "coordinates": [tuple(_polygon_rings(p)) for p in self._parts()]}
        if kind == _MULTILINESTRING:
            return {"type": "MultiLineString",
                    "coordinates": tuple(tuple(p.coords) for p in self._parts())}
        if kind == _MULTIPOINT:
            return {"type": "MultiPoint",
                    "coordinates": tuple(p.coords[0] for p in self._parts())}
        return {"type": "GeometryCollection",
                "geometries": [p.__geo_interface__ for p in self._parts()]}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Shape):
            return NotImplemented
        return self._type == other._type and self.wkb == other.wkb

    def __hash__(self) -> int:
        return hash(self.wkb)

    def __bool__(self) -> bool:
        return not self.is_empty

    def __repr__(self) -> str:
        return f"<Shape {self.geom_type}{' EMPTY' if self.is_empty else ''}>"

    def __reduce__(self) -> tuple[Any, tuple[bytes]]:
        return (_from_wkb, (self.wkb,))

    def __getattr__(self, name: str) -> Any:
        """Anything else shapely's geometries have, asked of the same geometry in shapely."""
        if name.startswith("__"):
            raise AttributeError(name)
        found = getattr(self.shapely, name)
        if not callable(found):
            return found

        def forwarded(*args: Any, **kwargs: Any) -> Any:
            return found(*(_g_to_shapely(a) for a in args),
                         **{k: _g_to_shapely(v) for k, v in kwargs.items()})

        return forwarded


def _polygon_rings(polygon: Shape) -> list[tuple[tuple[float, float], ...]]:
    if polygon.is_empty:
        return []
    return [tuple(polygon.exterior.coords), *(tuple(h.coords) for h in polygon.interiors)]


def _from_wkb(data: bytes) -> Any:
    """The geometry ``data`` holds: a ``Shape``, or shapely's where GEOS is not ours (a
    pickled area read back under ``WINGBEAT_GEOS=shapely``)."""
    if _G is None:
        import shapely

        return shapely.from_wkb(data)
    reader = _checked(_G.GEOSWKBReader_create_r(_CTX), "make a WKB reader")
    try:
        return Shape(_checked(_G.GEOSWKBReader_read_r(_CTX, reader, data, len(data)),
                              "read WKB"))
    finally:
        _G.GEOSWKBReader_destroy_r(_CTX, reader)


def _shape(value: Any) -> Shape:
    """``value`` as a ``Shape``: itself, or a shapely geometry read through its WKB."""
    if isinstance(value, Shape):
        return value
    import shapely

    if not isinstance(value, shapely.Geometry):
        raise TypeError(f"not a geometry: {type(value).__name__}")
    found: Shape = _from_wkb(shapely.to_wkb(value))
    return found


# -- the constructors and functions, one per backend -------------------------------------------

def _g_point(p: Sequence[float]) -> Shape:
    return Shape(_checked(_G.GEOSGeom_createPoint_r(_CTX, _sequence([p])), "make a point"))


def _g_linestring(points: Sequence[Sequence[float]] = ()) -> Shape:
    if not points:
        return Shape(_checked(_G.GEOSGeom_createEmptyLineString_r(_CTX), "make a line"))
    if len(points) < 2:
        raise GeosError("a line needs at least two points")
    return Shape(_checked(_G.GEOSGeom_createLineString_r(_CTX, _sequence(points)),
                          "make a line"))


def _closed(points: Sequence[Sequence[float]]) -> list[Sequence[float]]:
    ring = list(points)
    if ring and (ring[0][0] != ring[-1][0] or ring[0][1] != ring[-1][1]):
        ring.append(ring[0])
    if len(ring) < 4:
        raise GeosError("a ring needs at least three distinct points")
    return ring


def _ring_handle(points: Sequence[Sequence[float]]) -> int:
    return _checked(_G.GEOSGeom_createLinearRing_r(_CTX, _sequence(_closed(points))),
                    "make a ring")


def _g_linearring(points: Sequence[Sequence[float]]) -> Shape:
    return Shape(_ring_handle(points))


def _g_polygon(shell: Sequence[Sequence[float]] | None = None) -> Shape:
    if not shell:
        return Shape(_checked(_G.GEOSGeom_createEmptyPolygon_r(_CTX), "make a polygon"))
    ring = _ring_handle(shell)
    return Shape(_checked(_G.GEOSGeom_createPolygon_r(_CTX, ring, None, 0), "make a polygon"))


def _g_box(xmin: float, ymin: float, xmax: float, ymax: float) -> Shape:
    """shapely's ``box`` (counter-clockwise from the south-east corner)."""
    return _g_polygon([(xmax, ymin), (xmax, ymax), (xmin, ymax), (xmin, ymin), (xmax, ymin)])


def _handles(parts: Iterable[Any]) -> Any:
    held = [_shape(p) for p in parts]  # alive until cloned
    clones = [_checked(_G.GEOSGeom_clone_r(_CTX, p._handle), "copy a geometry") for p in held]
    return (_P * max(1, len(clones)))(*clones), len(clones)


def _g_collection(kind: str, parts: Sequence[Any]) -> Shape:
    array, n = _handles(parts)
    return Shape(_checked(_G.GEOSGeom_createCollection_r(_CTX, _TYPE_NAMES.index(kind), array,
                                                         n), "make a collection"))


def _g_unary_union(parts: Iterable[Any]) -> Shape:
    """shapely's ``union_all``: the parts gathered in a collection (None left out, as shapely
    leaves out a missing geometry: a collection's ``boundary``), then its unary union."""
    gathered = _g_collection("GeometryCollection", [p for p in parts if p is not None])
    return Shape(_checked(_G.GEOSUnaryUnion_r(_CTX, gathered._handle), "take a union"))


def _g_polygonize(lines: Any) -> list[Shape]:
    """shapely's ``shapely.ops.polygonize``: the polygons the lines enclose. ``lines`` is a
    geometry (a multi-line's parts are taken, any other geometry as one) or an iterable of
    geometries; GEOS is given the array of them (``GEOSPolygonize_r``), as shapely gives it, and
    the collection it answers is taken apart."""
    if isinstance(lines, Shape) or _is_shapely(lines):
        whole = _shape(lines)
        source = (whole._parts() if whole._type >= _MULTIPOINT else []) or [whole]
    else:
        source = [_shape(line) for line in lines]
    array = (_P * max(1, len(source)))(*(g._handle for g in source))  # ``source`` holds them
    found = Shape(_checked(_G.GEOSPolygonize_r(_CTX, array, len(source)), "polygonize"))
    return found._parts()


def _is_shapely(value: Any) -> bool:
    shapely = sys.modules.get("shapely")  # a shapely geometry means shapely is loaded
    return shapely is not None and isinstance(value, shapely.Geometry)


def _g_nearest_points(first: Any, second: Any) -> tuple[Shape, Shape]:
    """shapely's ``shapely.ops.nearest_points``: the point of each geometry nearest the other
    (``GEOSNearestPoints_r``, or ``GEOSPreparedNearestPoints_r`` once the first is prepared,
    as shapely's ``shortest_line``)."""
    a, b = _shape(first), _shape(second)
    for which, g in (("first", a), ("second", b)):
        if g.is_empty:
            raise GeosError(f"The {which} input geometry is empty")
    if a._prepared:
        seq = _G.GEOSPreparedNearestPoints_r(_CTX, a._prepared, b._handle)
    else:
        seq = _G.GEOSNearestPoints_r(_CTX, a._handle, b._handle)
    seq = _checked(seq, "find the nearest points")
    try:
        buffer = (_D * 4)()
        if not _G.GEOSCoordSeq_copyToBuffer_r(_CTX, seq, buffer, 0, 0):
            _checked(None, "read coordinates")
    finally:
        _G.GEOSCoordSeq_destroy_r(_CTX, seq)
    return _g_point((buffer[0], buffer[1])), _g_point((buffer[2], buffer[3]))


def _g_prepare(shape: Shape) -> None:
    if not isinstance(shape, Shape):
        _s_prepare(shape)
        return
    if not shape._prepared:
        shape._prepared = _checked(_G.GEOSPrepare_r(_CTX, shape._handle), "prepare a geometry")


def _g_set_precision(shape: Shape, grid: float) -> Shape:
    shape = _shape(shape)
    return Shape(_checked(_G.GEOSGeom_setPrecision_r(_CTX, shape._handle, float(grid), 0),
                          "snap to a grid"))


def _g_orient(shape: Shape, sign: float = 1.0) -> Shape:
    shape = _shape(shape)
    copy = Shape(_checked(_G.GEOSGeom_clone_r(_CTX, shape._handle), "copy a geometry"))
    if _G.GEOSOrientPolygons_r(_CTX, copy._handle, int(sign < 0.0)) != 0:
        _checked(None, "orient rings")
    return copy


def _g_make_valid(shape: Shape) -> Shape:
    shape = _shape(shape)
    return Shape(_checked(_G.GEOSMakeValid_r(_CTX, shape._handle), "make a geometry valid"))


def _walk(shape: Shape) -> Iterator[Shape]:
    kind = shape._type
    if kind in (_POINT, _LINESTRING, _LINEARRING):
        yield shape
    elif kind == _POLYGON:
        if not shape.is_empty:
            yield shape.exterior
            yield from shape.interiors
    else:
        for part in shape._parts():
            yield from _walk(part)


def _g_get_coordinates(shape: Shape) -> list[list[float]]:
    shape = _shape(shape)
    return [[x, y] for piece in _walk(shape) for x, y in piece.coords]


def _rebuilt(shape: Shape, coords: Iterator[Sequence[float]]) -> Shape:
    kind = shape._type

    def take(n: int) -> list[Sequence[float]]:
        return [next(coords) for _ in range(n)]

    if kind == _POINT:
        return _g_point(take(1)[0]) if not shape.is_empty else _g_point_empty()
    if kind == _LINESTRING:
        return _g_linestring(take(len(shape.coords)))
    if kind == _LINEARRING:
        return _g_linearring(take(len(shape.coords)))
    if kind == _POLYGON:
        if shape.is_empty:
            return _g_polygon()
        rings = [take(len(r.coords)) for r in [shape.exterior, *shape.interiors]]
        shell = _ring_handle(rings[0])
        holes = [_ring_handle(r) for r in rings[1:]]
        array = (_P * max(1, len(holes)))(*holes)
        return Shape(_checked(_G.GEOSGeom_createPolygon_r(_CTX, shell, array, len(holes)),
                              "make a polygon"))
    return _g_collection(_TYPE_NAMES[kind], [_rebuilt(p, coords) for p in shape._parts()])


def _g_point_empty() -> Shape:
    raise GeosError("an empty point has no coordinates to set")


def _g_set_coordinates(shape: Shape, coords: Sequence[Sequence[float]]) -> Shape:
    """The same geometry with its coordinates, in ``get_coordinates``' order, replaced."""
    shape = _shape(shape)
    if len(coords) != len(_g_get_coordinates(shape)):
        raise GeosError("as many coordinates are needed as the geometry has")
    return _rebuilt(shape, iter(coords))


def _g_get_parts(shape: Shape) -> list[Shape]:
    shape = _shape(shape)
    return shape._parts() if shape._type >= _MULTIPOINT else [shape]


def _g_covers_each(shape: Shape, segments: Sequence[tuple[Sequence[float], Sequence[float]]]
                   ) -> list[bool]:
    """Whether ``shape`` covers each segment: the visibility graph's thousands of questions, so
    the segments' coordinates go to GEOS from one buffer and each line lives for one call (no
    ``Shape`` made); the same calls as ``shape.covers(LineString([a, b]))``."""
    shape = _shape(shape)
    if not segments:
        return []
    if shape._prepared and len(segments) >= _VECTORISED_FROM and "shapely" in sys.modules:
        # a process that has shapely already (the server's workers import it while warming up):
        # its one vectorised call over the prepared twin beats a ctypes call per leg, with the
        # same GEOS answers (GEOSPreparedCovers_r either way)
        return _s_covers_each(_prepared_twin(shape), segments)
    flat = [float(v) for a, b in segments for v in (a[0], a[1], b[0], b[1])]
    _finite(flat)
    buffer = (_D * len(flat))(*flat)
    start, step = _c.addressof(buffer), 4 * _c.sizeof(_D)
    assert _LIB is not None
    copy_at, make_line, destroy = _LIB.copy_at, _G.GEOSGeom_createLineString_r, \
        _G.GEOSGeom_destroy_r
    if shape._prepared:
        test, target = _G.GEOSPreparedCovers_r, shape._prepared
    else:
        test, target = _G.GEOSCovers_r, shape._handle
    ctx, out, yes = _CTX, [], b"\x01"
    for at in range(start, start + len(segments) * step, step):
        seq = copy_at(ctx, at, 2, 0, 0)
        line = make_line(ctx, seq) if seq else None
        if not line:
            _checked(None, "make a line")
        found = test(ctx, target, line)
        destroy(ctx, line)
        if found == b"\x02":
            _checked(None, "test covers")
        out.append(found == yes)
    return out


#: from this many legs, a process with shapely loaded asks shapely's vectorised ``covers``
_VECTORISED_FROM = 16


def _prepared_twin(shape: Shape) -> Any:
    """``shape``'s shapely twin (by WKB, exact), prepared once, as ``shape`` is."""
    import shapely

    twin = shape.shapely
    shapely.prepare(twin)
    return twin


def _g_to_shapely(shape: Any) -> Any:
    return shape.shapely if isinstance(shape, Shape) else shape


def _g_as_geometry(value: Any) -> Any:
    """``value`` (a ``Shape``, or a shapely geometry a plug-in made) as this backend's geometry:
    a ``Shape``, a shapely one read through its WKB (exact); None stays None."""
    return None if value is None else _shape(value)


def _g_mapping(shape: Shape) -> dict[str, Any]:
    return _shape(shape).__geo_interface__


# shapely's side: the same interface over shapely's own geometries and functions

def _s_point(p: Sequence[float]) -> Any:
    from shapely.geometry import Point as ShapelyPoint

    return ShapelyPoint(p)


def _s_linestring(points: Sequence[Sequence[float]] = ()) -> Any:
    from shapely.geometry import LineString as ShapelyLineString

    return ShapelyLineString(points) if points else ShapelyLineString()


def _s_linearring(points: Sequence[Sequence[float]]) -> Any:
    from shapely.geometry import LinearRing as ShapelyRing

    return ShapelyRing(points)


def _s_polygon(shell: Sequence[Sequence[float]] | None = None) -> Any:
    from shapely.geometry import Polygon as ShapelyPolygon

    return ShapelyPolygon(shell) if shell else ShapelyPolygon()


def _s_box(xmin: float, ymin: float, xmax: float, ymax: float) -> Any:
    from shapely.geometry import box as shapely_box

    return shapely_box(xmin, ymin, xmax, ymax)


def _s_collection(kind: str, parts: Sequence[Any]) -> Any:
    import shapely.geometry as sg

    return getattr(sg, kind)(list(parts))


def _s_unary_union(parts: Iterable[Any]) -> Any:
    import shapely

    return shapely.unary_union(list(parts))


def _s_polygonize(lines: Any) -> list[Any]:
    from shapely.ops import polygonize as shapely_polygonize

    return list(shapely_polygonize(lines))


def _s_nearest_points(first: Any, second: Any) -> tuple[Any, Any]:
    from shapely.ops import nearest_points as shapely_nearest_points

    found: tuple[Any, Any] = shapely_nearest_points(first, second)
    return found


def _s_prepare(shape: Any) -> None:
    import shapely

    shapely.prepare(shape)


def _s_set_precision(shape: Any, grid: float) -> Any:
    import shapely

    return shapely.set_precision(shape, grid)


def _s_orient(shape: Any, sign: float = 1.0) -> Any:
    from shapely.geometry.polygon import orient as shapely_orient

    return shapely_orient(shape, sign=sign)


def _s_make_valid(shape: Any) -> Any:
    import shapely

    return shapely.make_valid(shape)


def _s_get_coordinates(shape: Any) -> list[list[float]]:
    import shapely

    coords: list[list[float]] = shapely.get_coordinates(shape).tolist()
    return coords


def _s_set_coordinates(shape: Any, coords: Sequence[Sequence[float]]) -> Any:
    import shapely

    return shapely.set_coordinates(shape, [list(c) for c in coords])


def _s_get_parts(shape: Any) -> list[Any]:
    import shapely

    return list(shapely.get_parts(shape))


def _s_covers_each(shape: Any, segments: Sequence[tuple[Sequence[float], Sequence[float]]]
                   ) -> list[bool]:
    import shapely

    if not segments:
        return []
    lines = shapely.linestrings([[a, b] for a, b in segments])
    return [bool(ok) for ok in shapely.covers(shape, lines).tolist()]


def _s_to_shapely(shape: Any) -> Any:
    return shape


def _s_as_geometry(value: Any) -> Any:
    return value


def _s_mapping(shape: Any) -> dict[str, Any]:
    from shapely.geometry import mapping as shapely_mapping

    data: dict[str, Any] = shapely_mapping(shape)
    return data


_SHAPELY = BACKEND == "shapely"


def _pick(ours: Callable[..., Any], theirs: Callable[..., Any]) -> Callable[..., Any]:
    return theirs if _SHAPELY else ours


Point: Callable[..., Any] = _pick(_g_point, _s_point)
LineString: Callable[..., Any] = _pick(_g_linestring, _s_linestring)
LinearRing: Callable[..., Any] = _pick(_g_linearring, _s_linearring)
Polygon: Callable[..., Any] = _pick(_g_polygon, _s_polygon)
box: Callable[..., Any] = _pick(_g_box, _s_box)
collection: Callable[..., Any] = _pick(_g_collection, _s_collection)
unary_union: Callable[..., Any] = _pick(_g_unary_union, _s_unary_union)
polygonize: Callable[..., Any] = _pick(_g_polygonize, _s_polygonize)
nearest_points: Callable[..., Any] = _pick(_g_nearest_points, _s_nearest_points)
prepare: Callable[..., Any] = _pick(_g_prepare, _s_prepare)
set_precision: Callable[..., Any] = _pick(_g_set_precision, _s_set_precision)
orient: Callable[..., Any] = _pick(_g_orient, _s_orient)
make_valid: Callable[..., Any] = _pick(_g_make_valid, _s_make_valid)
get_coordinates: Callable[..., Any] = _pick(_g_get_coordinates, _s_get_coordinates)
set_coordinates: Callable[..., Any] = _pick(_g_set_coordinates, _s_set_coordinates)
get_parts: Callable[..., Any] = _pick(_g_get_parts, _s_get_parts)
covers_each: Callable[..., Any] = _pick(_g_covers_each, _s_covers_each)
to_shapely: Callable[..., Any] = _pick(_g_to_shapely, _s_to_shapely)
as_geometry: Callable[..., Any] = _pick(_g_as_geometry, _s_as_geometry)
mapping: Callable[..., Any] = _pick(_g_mapping, _s_mapping)

#: each name's two sides, (GEOS by ctypes, shapely), for the tests that compare them
BOTH: dict[str, tuple[Callable[..., Any], Callable[..., Any]]] = {
    "Point": (_g_point, _s_point),
    "LineString": (_g_linestring, _s_linestring),
    "LinearRing": (_g_linearring, _s_linearring),
    "Polygon": (_g_polygon, _s_polygon),
    "box": (_g_box, _s_box),
    "collection": (_g_collection, _s_collection),
    "unary_union": (_g_unary_union, _s_unary_union),
    "polygonize": (_g_polygonize, _s_polygonize),
    "nearest_points": (_g_nearest_points, _s_nearest_points),
    "prepare": (_g_prepare, _s_prepare),
    "set_precision": (_g_set_precision, _s_set_precision),
    "orient": (_g_orient, _s_orient),
    "make_valid": (_g_make_valid, _s_make_valid),
    "get_coordinates": (_g_get_coordinates, _s_get_coordinates),
    "set_coordinates": (_g_set_coordinates, _s_set_coordinates),
    "get_parts": (_g_get_parts, _s_get_parts),
    "covers_each": (_g_covers_each, _s_covers_each),
    "to_shapely": (_g_to_shapely, _s_to_shapely),
    "as_geometry": (_g_as_geometry, _s_as_geometry),
    "mapping": (_g_mapping, _s_mapping),
}
