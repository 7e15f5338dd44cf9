"""GEOS by ctypes against shapely: the same operations give the same geometry, byte for byte.

``wingbeat.geometry.geos`` calls the GEOS library shapely ships with, the way shapely calls it,
so that a tabletop reach need not import numpy. These tests draw discs, sectors, polygons, their
unions and differences, and ask each question of both sides (``geos.BOTH``): equal WKB, equal
booleans, equal numbers.
"""

from __future__ import annotations

import itertools
import math
import pickle

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wingbeat.errors import WingbeatError
from wingbeat.geometry import geos

shapely = pytest.importorskip("shapely")

pytestmark = pytest.mark.skipif(geos.BACKEND != "geos", reason="GEOS not loadable by ctypes")

SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def ours(name: str):
    return geos.BOTH[name][0]


def theirs(name: str):
    return geos.BOTH[name][1]


def wkb(g) -> bytes:
    return g.wkb if isinstance(g, geos.Shape) else shapely.to_wkb(g)


def same(a, b) -> None:
    assert isinstance(a, geos.Shape)
    assert wkb(a) == wkb(b), (a.shapely.wkt, b.wkt)


coordinate = st.floats(-50, 150, allow_nan=False, allow_infinity=False).map(
    lambda v: round(v, 3))
point = st.tuples(coordinate, coordinate)


def _disc_ring(c, r, n):
    return [(c[0] + r * math.sin(2 * math.pi * i / n), c[1] + r * math.cos(2 * math.pi * i / n))
            for i in range(n)]


@st.composite
def shell(draw):
    """A ring: a disc's inscribed polygon, a sector, a box, or a star around a centre (valid or
    not: GEOS must answer either way, the same on both sides)."""
    kind = draw(st.sampled_from(["disc", "sector", "box", "star"]))
    c = draw(point)
    r = draw(st.floats(0.5, 60))
    if kind == "disc":
        return _disc_ring(c, r, draw(st.integers(4, 64)))
    if kind == "sector":
        h = draw(st.floats(0, 360))
        half = draw(st.floats(5, 175))
        n = draw(st.integers(2, 24))
        arc = [(c[0] + r * math.sin(math.radians(h - half + 2 * half * i / n)),
                c[1] + r * math.cos(math.radians(h - half + 2 * half * i / n)))
               for i in range(n + 1)]
        return [c, *arc]
    if kind == "box":
        w, hgt = draw(st.floats(0.5, 60)), draw(st.floats(0.5, 60))
        return [(c[0] + w, c[1]), (c[0] + w, c[1] + hgt), (c[0], c[1] + hgt), c]
    n = draw(st.integers(3, 9))
    radii = draw(st.lists(st.floats(0.5, 40), min_size=n, max_size=n))
    return [(c[0] + q * math.cos(2 * math.pi * i / n), c[1] + q * math.sin(2 * math.pi * i / n))
            for i, q in enumerate(radii)]


def both(name, *args):
    """Call ``name`` on each side: ``args`` are rings (made into polygons) or plain values."""
    return ours(name)(*args), theirs(name)(*args)


def pair(ring):
    return ours("Polygon")(ring), theirs("Polygon")(ring)


@SETTINGS
@given(shell(), shell())
def test_set_operations_and_predicates(r1, r2):
    (a, sa), (b, sb) = pair(r1), pair(r2)
    same(a, sa)
    assert a.is_valid == sa.is_valid
    if not (a.is_valid and b.is_valid):
        a, sa = ours("make_valid")(a), theirs("make_valid")(sa)
        b, sb = ours("make_valid")(b), theirs("make_valid")(sb)
        same(a, sa)
    same(a.difference(b), sa.difference(sb))
    same(a.intersection(b), sa.intersection(sb))
    same(ours("unary_union")([a, b]), theirs("unary_union")([sa, sb]))
    assert a.area == sa.area
    assert a.bounds == sa.bounds
    assert a.distance(b) == sa.distance(sb)
    for pattern in ("T********", "T*****FF*"):
        assert a.relate_pattern(b, pattern) == sa.relate_pattern(sb, pattern)
    assert a.covers(b) == sa.covers(sb)
    assert a.contains(b) == sa.contains(sb)
    ours("prepare")(a)
    theirs("prepare")(sa)
    assert a.covers(b) == sa.covers(sb)
    assert a.contains(b) == sa.contains(sb)
    assert a.relate_pattern(b, "T********") == sa.relate_pattern(sb, "T********")


@SETTINGS
@given(st.lists(shell(), min_size=1, max_size=5), point, st.lists(point, min_size=1, max_size=6))
def test_free_space_questions(rings, p, qs):
    """A table less blockers, prepared: points and legs covered alike, one by one or in a
    list; its GeoJSON, snapped and oriented, alike."""
    table, stable = ours("box")(0.0, 0.0, 100.0, 80.0), theirs("box")(0.0, 0.0, 100.0, 80.0)
    same(table, stable)
    blockers = [ours("make_valid")(ours("Polygon")(r)) for r in rings]
    sblockers = [theirs("make_valid")(theirs("Polygon")(r)) for r in rings]
    space = table.difference(ours("unary_union")(blockers))
    sspace = stable.difference(theirs("unary_union")(sblockers))
    same(space, sspace)
    ours("prepare")(space)
    theirs("prepare")(sspace)
    assert space.covers(ours("Point")(p)) == sspace.covers(theirs("Point")(p))
    legs = [(p, q) for q in qs if q != p]
    assert ours("covers_each")(space, legs) == theirs("covers_each")(sspace, legs)
    for grid in (1e-6, 1e-3):
        snapped = ours("set_precision")(space, grid)
        ssnapped = theirs("set_precision")(sspace, grid)
        same(snapped, ssnapped)
        assert ours("mapping")(snapped) == _listed(theirs("mapping")(ssnapped))
    parts = ours("get_parts")(space)
    sparts = theirs("get_parts")(sspace)
    assert len(parts) == len(sparts)
    for part, spart in zip(parts, sparts, strict=True):
        same(part, spart)
        if part.geom_type == "Polygon":
            same(ours("orient")(part, 1.0), theirs("orient")(spart, 1.0))
            same(ours("orient")(part, -1.0), theirs("orient")(spart, -1.0))
            assert ours("mapping")(part) == _listed(theirs("mapping")(spart))


@SETTINGS
@given(st.lists(shell(), min_size=1, max_size=4), st.lists(point, min_size=2, max_size=40))
def test_legs_one_by_one_and_vectorised_alike(rings, ends):
    """A process with shapely loaded asks a long list of legs of shapely's vectorised ``covers``
    over the prepared twin; one without asks GEOS leg by leg: the same answers either way."""
    space = ours("box")(0.0, 0.0, 100.0, 80.0).difference(
        ours("unary_union")([ours("make_valid")(ours("Polygon")(r)) for r in rings]))
    ours("prepare")(space)
    legs = [(a, b) for a, b in itertools.pairwise(ends) if a != b]
    answers = []
    for start in (1, 10**9):  # every list vectorised, then none
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(geos, "_VECTORISED_FROM", start)
            answers.append(ours("covers_each")(space, legs))
    assert answers[0] == answers[1] == [space.covers(ours("LineString")(leg)) for leg in legs]


def _listed(value):
    """shapely's mapping with tuples, as ours gives them (some lists, some tuples)."""
    if isinstance(value, dict):
        return {k: _listed(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return type(value)(_listed(v) for v in value)
    return value


@SETTINGS
@given(shell(), st.floats(0.01, 5), st.integers(1, 20))
def test_buffers_and_rounded_corners(ring, by, quad_segs):
    a, sa = pair(ring)
    if not a.is_valid:
        a, sa = ours("make_valid")(a), theirs("make_valid")(sa)
    for d in (by, -by):
        same(a.buffer(d, quad_segs=quad_segs), sa.buffer(d, quad_segs=quad_segs))
    coords = ours("get_coordinates")(a)
    assert coords == theirs("get_coordinates")(sa)
    rounded = [[round(x, 6), round(y, 6)] for x, y in coords]
    same(ours("set_coordinates")(a, rounded), theirs("set_coordinates")(sa, rounded))


@SETTINGS
@given(st.lists(point, min_size=2, max_size=6, unique=True), shell())
def test_rings_and_lines(points, ring):
    line, sline = ours("LineString")(points), theirs("LineString")(points)
    same(line, sline)
    a, sa = pair(ring)
    assert line.distance(a) == sline.distance(sa)
    same(line.intersection(a), sline.intersection(sa))
    r1, sr1 = ours("LinearRing")(ring), theirs("LinearRing")(ring)
    same(r1, sr1)
    assert r1.coords == list(sr1.coords)
    assert a.exterior.coords == list(sa.exterior.coords)


def test_empties_and_points():
    same(ours("Polygon")(), theirs("Polygon")())
    same(ours("LineString")(), theirs("LineString")())
    p, sp = ours("Point")((1.5, 2.5)), theirs("Point")((1.5, 2.5))
    same(p, sp)
    assert (p.x, p.y) == (sp.x, sp.y)
    assert ours("mapping")(p) == theirs("mapping")(sp)
    assert ours("Polygon")().is_empty and ours("Polygon")().area == 0.0
    assert ours("unary_union")([]).is_empty


def test_a_shape_is_a_value():
    """Equal, hashable, picklable, and shapely's own attributes through ``.shapely``."""
    ring = [(0, 0), (4, 0), (4, 3)]
    a, b = ours("Polygon")(ring), ours("Polygon")(ring)
    assert a == b and hash(a) == hash(b) and a != ours("Polygon")([(0, 0), (5, 0), (5, 3)])
    assert pickle.loads(pickle.dumps(a)) == a
    assert a.shapely.equals(theirs("Polygon")(ring))
    assert a.centroid.equals(theirs("Polygon")(ring).centroid)  # asked of shapely
    assert a.__geo_interface__["type"] == "Polygon"
    assert shapely.geometry.shape(a).equals(a.shapely)


@pytest.mark.parametrize("bad", [
    [(0, 0), (math.inf, 0), (1, 1)],
    [(0, 0), (math.nan, 0), (1, 1)],
    [(0, 0), (1, 1)],
])
def test_hostile_coordinates_are_errors(bad):
    with pytest.raises(geos.GeosError):
        ours("Polygon")(bad)


def test_a_geos_refusal_is_an_error_not_a_crash():
    """A GEOS error comes back as ``GeosError`` with GEOS's message, nothing printed: bad
    input, which the command line says in one line (a ``WingbeatError``)."""
    assert issubclass(geos.GeosError, WingbeatError)
    with pytest.raises(geos.GeosError, match=r"TopologyException|side location"):
        twisted = [(0, 0), (10, 10), (10, 0), (0, 10)]  # a bow tie, two rings crossing
        ours("unary_union")([ours("Polygon")(twisted), ours("Polygon")([(5, -1), (6, 11),
                                                                        (4, 11)]),
                             ours("Polygon")(_disc_ring((5, 5), 3, 16) * 3)])
    with pytest.raises(geos.GeosError):
        ours("set_coordinates")(ours("Polygon")([(0, 0), (1, 0), (1, 1)]), [[0, 0]])
    line = ours("LineString")([(0, 0), (1, 1)])
    with pytest.raises(geos.GeosError):
        assert line.exterior is None  # a line has no shell: GEOS says so, we raise


def test_shapely_geometries_are_taken_as_arguments():
    """A shapely geometry given to a ``Shape`` is read through its WKB and held until GEOS is
    done with it (a copy freed too early would crash the interpreter)."""
    a = ours("Polygon")([(0, 0), (10, 0), (10, 10), (0, 10)])
    inside = theirs("Point")((5, 5))
    for _ in range(200):
        assert a.covers(inside) and a.contains(inside)
        assert a.relate_pattern(theirs("LineString")([(1, 1), (2, 2)]), "T********")
        assert a.distance(theirs("Point")((20, 10))) == 10.0
        assert a.difference(theirs("box")(5, 0, 10, 10)).area == 50.0
        assert a.intersection(theirs("box")(5, 0, 10, 10)).area == 50.0
        assert ours("unary_union")([a, theirs("box")(10, 0, 20, 10)]).area == 200.0


def _zones(rings, by):
    """Each side's zones: valid polygons grown by ``by`` (a threat zone is a reach grown by the
    contact distance), cut to a table."""
    found = []
    for side in (ours, theirs):
        table = side("box")(0.0, 0.0, 100.0, 80.0)
        polygons = [side("make_valid")(side("Polygon")(r)) for r in rings]
        found.append([p.buffer(by).intersection(table) for p in polygons])
    return found


@SETTINGS
@given(st.lists(shell(), min_size=1, max_size=5), st.floats(0.5, 4), point)
def test_the_threat_overlays_cuts_alike(rings, by, p):
    """What ``tactics.table.overlay`` asks: each zone's boundary, their union, the polygons the
    lines enclose, a point inside each and which zones cover it, the pieces' union; and what
    advice asks (``_covering``, ``_nearest``): a distance to a point, the nearest point of an
    area shrunk a little."""
    zones, szones = _zones(rings, by)
    zones = [z for z in zones if not z.is_empty]
    szones = [z for z in szones if not z.is_empty]
    assert len(zones) == len(szones)
    if not zones:
        return
    boundaries = [z.boundary for z in zones]
    sboundaries = [z.boundary for z in szones]
    for b, sb in zip(boundaries, sboundaries, strict=True):
        if b is None or sb is None:  # a collection's: none on either side
            assert b is None and sb is None
            continue
        same(b, sb)
    lines = ours("unary_union")(boundaries)
    slines = theirs("unary_union")(sboundaries)
    same(lines, slines)
    pieces, spieces = ours("polygonize")(lines), theirs("polygonize")(slines)
    assert len(pieces) == len(spieces)
    for piece, spiece in zip(pieces, spieces, strict=True):
        same(piece, spiece)
        assert piece.area == spiece.area
        inside, sinside = piece.representative_point(), spiece.representative_point()
        same(inside, sinside)
        assert [z.covers(inside) for z in zones] == [z.covers(sinside) for z in szones]
    same(ours("unary_union")(pieces), theirs("unary_union")(spieces))
    here, shere = ours("Point")(p), theirs("Point")(p)
    for z, sz in zip(zones, szones, strict=True):
        assert z.distance(here) == sz.distance(shere)
        inner, sinner = z.buffer(-0.01), sz.buffer(-0.01)
        same(inner, sinner)
        near = ours("nearest_points")(inner if not inner.is_empty else z, here)
        snear = theirs("nearest_points")(sinner if not sinner.is_empty else sz, shere)
        for a, b in zip(near, snear, strict=True):
            same(a, b)
            assert (a.x, a.y) == (b.x, b.y)
        ours("prepare")(z)
        theirs("prepare")(sz)
        for a, b in zip(ours("nearest_points")(z, here), theirs("nearest_points")(sz, shere),
                        strict=True):
            same(a, b)  # prepared: GEOSPreparedNearestPoints_r on both sides


def test_polygonize_takes_what_shapely_takes():
    """A multi-line's parts, one line, a list of lines, an empty collection: the same
    polygons; a collection has no boundary (None) and a union leaves None out, as shapely."""
    square = [(0, 0), (10, 0), (10, 10), (0, 10)]
    a, sa = pair(square)
    b, sb = pair([(5, 5), (15, 5), (15, 15), (5, 15)])
    lines = ours("unary_union")([a.boundary, b.boundary])
    slines = theirs("unary_union")([sa.boundary, sb.boundary])
    assert lines.geom_type == slines.geom_type == "MultiLineString"
    for given_ours, given_theirs in (
            (lines, slines), (a.boundary, sa.boundary), (list(lines.geoms), list(slines.geoms)),
            ([a.boundary, b.boundary], [sa.boundary, sb.boundary]),
            (ours("collection")("GeometryCollection", []),
             theirs("collection")("GeometryCollection", []))):
        found, sfound = ours("polygonize")(given_ours), theirs("polygonize")(given_theirs)
        assert [p.wkb for p in found] == [wkb(p) for p in sfound]
    assert len(ours("polygonize")(lines)) == 3
    gathered = ours("collection")("GeometryCollection", [a, b])
    sgathered = theirs("collection")("GeometryCollection", [sa, sb])
    assert gathered.boundary is None and sgathered.boundary is None
    same(ours("unary_union")([None, a]), theirs("unary_union")([None, sa]))
    assert all(p.covers(p.representative_point()) for p in ours("polygonize")(lines))


def test_nearest_points_of_an_empty_geometry_are_refused():
    """shapely says which input is empty (a ValueError); ours says it as a ``GeosError``."""
    empty, sempty = ours("Polygon")(), theirs("Polygon")()
    p, sp = ours("Point")((1, 1)), theirs("Point")((1, 1))
    with pytest.raises(geos.GeosError, match="first"):
        ours("nearest_points")(empty, p)
    with pytest.raises(ValueError, match="first"):
        theirs("nearest_points")(sempty, sp)
    with pytest.raises(geos.GeosError, match="second"):
        ours("nearest_points")(p, empty)


def test_as_geometry_reads_shapelys_and_keeps_its_own():
    a = ours("Polygon")([(0, 0), (4, 0), (4, 3)])
    assert ours("as_geometry")(a) is a and ours("as_geometry")(None) is None
    same(ours("as_geometry")(a.shapely), a.shapely)
    sa = theirs("Polygon")([(0, 0), (4, 0), (4, 3)])
    assert theirs("as_geometry")(sa) is sa


def test_a_plugins_shapely_zones_give_the_same_threat_and_advice(monkeypatch):
    """A tabletop ruleset of a plug-in may still draw its zones with shapely: threat and advice
    read them through their WKB (exact), and answer as with ``Shape``\\ s."""
    from dataclasses import replace

    import wingbeat
    from wingbeat.rulesets.confrontation.threat import ConfrontationThreatRules

    s = wingbeat.open_scenario("example:morbid-angel")
    expected = wingbeat.threat(s, side="acheron").to_dict()
    advice = wingbeat.advise(s, "angel").to_dict()
    own = ConfrontationThreatRules.zones

    def shapely_zones(self, scenario, creature):
        found = own(self, scenario, creature)
        assert found and all(isinstance(z.area, geos.Shape) for z in found)
        return [replace(z, area=z.area.shapely, ends=None if z.ends is None else z.ends.shapely)
                for z in found]

    monkeypatch.setattr(ConfrontationThreatRules, "zones", shapely_zones)
    report = wingbeat.threat(s, side="acheron")
    assert all(isinstance(a.area, geos.Shape) for a in report.areas)
    assert report.to_dict() == expected
    assert wingbeat.advise(s, "angel").to_dict() == advice
