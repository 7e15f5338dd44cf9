"""C-terrain: what blocks a fighter at each tier, where it may end, and the areas it can reach.

Tier 0 walks around every obstacle and every other model's base, and pays terrain zones; tier 1
goes around obstacles over 15 cm and ignores zones; tier 2 ignores everything. Only a counter in
the air is moved without its base («Seul le pion est déplacé. La taille des socles des figurines
n'est pas prise en compte.»): on the ground a model's base counts against scenery as against the
other bases. So at tier 0 its centre keeps half its base away from scenery, and its base's width
plus the other's away from another base: the free space it walks in is the table less every
piece grown by half its base (the configuration space of its centre), and a gap narrower than
its base is closed.

One legality, for reach, path and check alike: a leg is clear when the free space of its tier
covers it (``blocked``); a move may end at a place when ``end_problem`` says nothing there (at
tier 0 no base overlapped, no scenery under part of the base; at tier 1 no obstacle over 15 cm),
and ``ends`` cuts the same places out of an area.

What the fighter stands on at its start: an obstacle holding its centre (it stands on top of the
scenery, tier 0 being the relief) does not block its move; an obstacle or a base its base
already overlaps (the scenario laid it so) blocks only as near as it stands: it may step off,
not further onto it. Either way the move may not *end* with its base across scenery's edge or
on another base.
"""

from __future__ import annotations

import math
from collections.abc import Collection
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING

from ...geometry.opentable import Box, OpenTable, clear_of, widened
from ...geometry.table import EPSILON, Point, distance
from ._messages import _
from .model import ConfrontationBattle, Fighter, Obstacle
from .words import and_list, number

if TYPE_CHECKING:
    from ...geometry.freespace import FreeSpace
    from ...geometry.geos import Geometry

__all__ = ["BASE_SLACK", "TOLERANCE", "Terrain"]

#: Areas are accurate to half a millimetre (0.05 cm).
TOLERANCE = 0.05

#: A base keeps the other's centre (or scenery) out to 1e-6 cm short of contact, so a model
#: placed exactly in base contact (a charge's end) or against a wall stands clear of it, whatever
#: the float rounding.
BASE_SLACK = 1e-6


class Terrain:
    """One fighter's view of the table for one query: free spaces per tier, built once."""

    def __init__(self, battle: ConfrontationBattle, fighter: Fighter, start: Point | None = None,
                 gone: Collection[str] = ()):
        """``fighter`` moves from ``start`` (default: where it stands); the fighters in ``gone``
        (an assault's target killed outright or routed) no longer stand on the table."""
        self.battle = battle
        self.fighter = fighter
        self.start = fighter.at if start is None else start
        self.gone = frozenset(gone)
        self._spaces: dict[tuple[int, Fraction], OpenTable] = {}
        self._boxed: dict[int, list[Box]] = {}
        self._unclear: dict[int, Geometry | None] = {}
        self._bands: dict[int, Geometry] = {}
        self._others = [f for f in battle.fighters
                        if f.tier == 0 and f.id != fighter.id and f.id not in self.gone]

    # (the shapes below are made when first asked for: a move in the air, on an empty table or
    # away from the scenery and the bases measures points only and never loads GEOS)

    def _boxes(self, tier: int) -> list[Box]:
        """Boxes holding every shape that blocks a leg at ``tier`` and every place a move may not
        end there (``unclear``): at tier 0 each obstacle and each other base grown by this base's
        radius, at tier 1 each obstacle over 15 cm. Away from them GEOS has nothing to say."""
        if tier not in self._boxed:
            grow = self.fighter.radius if tier == 0 else 0.0
            boxes = [widened(o.outline.points, grow) for o in self.battle.obstacles
                     if o.blocks(tier)]
            if tier == 0:
                boxes += [widened([f.at], f.radius + grow) for f in self._others]
            self._boxed[tier] = boxes
        return self._boxed[tier]

    @cached_property
    def _bases(self) -> dict[str, Geometry]:
        """Where this fighter's centre may not be on the ground, for each other model's base."""
        radius = self.fighter.radius
        return {f.id: _base_disc(f.at, f.radius + radius - BASE_SLACK) for f in self._others}

    @cached_property
    def _grown(self) -> dict[int, Geometry]:
        """... and for each obstacle: its outline grown by half this fighter's base."""
        radius = self.fighter.radius
        return {i: _grown(o.outline.shape(), radius - BASE_SLACK)
                for i, o in enumerate(self.battle.obstacles)}

    # -- what stands in the way ----------------------------------------------------------------

    def _blockers(self, tier: int) -> list[tuple[str, Geometry, Geometry, bool]]:
        """What blocks a leg at ``tier``: (name, the shape its centre is kept out of, the piece's
        own outline, whether it is a base)."""
        found: list[tuple[str, Geometry, Geometry, bool]] = []
        if not (tier == 0 and self._others) and not any(
                o.blocks(tier) for o in self.battle.obstacles):
            return found  # nothing to go around: no shape to make
        from ...geometry.geos import Point as GeosPoint

        here = GeosPoint(self.start)
        for i, o in enumerate(self.battle.obstacles):
            if not o.blocks(tier) or o.outline.holds(self.start):
                continue
            outline = o.outline.shape()
            kept = _rounded(outline)  # a route round its corners reads back as those corners
            if tier == 0:
                kept = self._grown[i]
                if kept.contains(here):  # its base already lies over the piece's edge
                    near = outline.distance(here) - BASE_SLACK
                    kept = _grown(outline, near) if near > 0 else _rounded(outline)
            found.append((_label(o), kept, outline, False))
        if tier == 0:
            for f in self._others:
                kept = self._bases[f.id]
                if kept.contains(here):  # its base already lies over this one
                    near = distance(self.start, f.at) - BASE_SLACK
                    if near <= 0:
                        continue
                    kept = _base_disc(f.at, near)
                found.append((_("{name}'s base").format(name=f.display_name), kept, kept, True))
        return found

    @property
    def start_factor(self) -> Fraction:
        """The worst zone the fighter stands in: it is in it whatever way it goes."""
        return max((z.factor for z in self.battle.zones
                    if not clear_of([widened(z.outline.points)], self.start)
                    and z.outline.holds(self.start)), default=Fraction(1))

    def space(self, tier: int, factor: Fraction = Fraction(1)) -> OpenTable:
        """Free space for its centre at ``tier``; at tier 0, zones worse than ``factor`` are kept
        out too. A leg or a route clear of every box holding them is answered by comparisons
        (``OpenTable``), the rest by the GEOS ``FreeSpace``, made when first needed."""
        key = (tier, factor if tier == 0 else Fraction(1))
        if key not in self._spaces:
            boxes = list(self._boxes(tier))
            if tier == 0:
                boxes += [widened(z.outline.points) for z in self.battle.zones
                          if z.factor > factor]
            self._spaces[key] = OpenTable(self.battle.table, TOLERANCE, boxes,
                                          lambda: self._free_space(*key))
        return self._spaces[key]

    def _free_space(self, tier: int, factor: Fraction) -> FreeSpace:
        """The GEOS free space ``space`` stands for."""
        from ...geometry.freespace import FreeSpace

        shapes = [kept for _, kept, _, _ in self._blockers(tier)]
        if tier == 0:
            shapes += [z.outline.shape() for z in self.battle.zones if z.factor > factor]
        return FreeSpace(self.battle.table, shapes, TOLERANCE)

    def factors(self) -> list[Fraction]:
        """The zone factors a ground move may end up paying, the start's zone first."""
        low = self.start_factor
        return sorted({low} | {z.factor for z in self.battle.zones if z.factor > low})

    # -- where it may end ------------------------------------------------------------------------

    def unclear(self, tier: int) -> Geometry | None:
        """Where a move of this fighter may not end at ``tier`` (None: anywhere it can go).

        Tier 0: within another base (its base would lie on it), and across the edge of any
        piece of scenery (its base partly on it: a base stands clear of scenery, or wholly on
        top of it). Tier 1: inside an obstacle over 15 cm. Tier 2: nowhere."""
        if tier not in self._unclear:
            shapes: list[Geometry] = []
            if tier == 0:
                shapes = list(self._bases.values())
                shapes += [self._band(i) for i in range(len(self.battle.obstacles))]
            elif tier == 1:
                shapes = [o.outline.shape() for o in self.battle.obstacles if o.blocks(1)]
            merged = None
            if shapes:
                from ...geometry.geos import prepare, unary_union

                merged = unary_union(shapes)
                prepare(merged)
            self._unclear[tier] = merged
        return self._unclear[tier]

    def _band(self, index: int) -> Geometry:
        """Where its centre would put its base across obstacle ``index``'s edge: the outline
        grown by half its base, less the outline shrunk by as much."""
        if index not in self._bands:
            from ...geometry.geos import prepare

            by = self.fighter.radius - BASE_SLACK
            inner = self.battle.obstacles[index].outline.shape().buffer(
                -by, quad_segs=_quad_segs(by))
            grown = self._grown[index]
            band = grown.difference(inner) if not inner.is_empty else grown
            prepare(band)
            self._bands[index] = band
        return self._bands[index]

    def end_problem(self, tier: int, p: Point) -> str | None:
        """Why a move may not end at ``p`` at ``tier``, in a sentence (the caller says which
        move ends where); None if it may."""
        if clear_of(self._boxes(tier), p):
            return None  # away from every base and piece of scenery that counts at this tier
        unclear = self.unclear(tier)
        if unclear is None:
            return None
        from ...geometry.geos import Point as GeosPoint

        here = GeosPoint(p)
        if not unclear.contains(here):
            return None
        if tier == 1:
            tall = [_label(o) for o in self.battle.obstacles
                    if o.blocks(1) and o.outline.holds(p)] or [_("an obstacle")]
            return _("it would be inside {obstacles}: a fighter at tier 1 cannot be there, it "
                     "goes around obstacles over 15 cm").format(obstacles=and_list(tall))
        size = number(self.fighter.base)
        bases = [_("{name}'s base").format(name=f.display_name) for f in self._others
                 if self._bases[f.id].contains(here)]
        scenery = [_label(o) for i, o in enumerate(self.battle.obstacles)
                   if self._band(i).contains(here)]
        found = []
        if bases:
            found.append(_("its base would lie on {bases}: models on the ground do not "
                           "overlap").format(bases=and_list(bases)))
        if scenery or not bases:
            found.append(_("its base ({size} cm across) would lie across the edge of {scenery}: "
                           "on the ground a base stands clear of scenery or wholly on top of "
                           "it").format(size=size, scenery=and_list(scenery) or _("scenery")))
        return "; ".join(found)

    def ends(self, tier: int, area: Geometry) -> Geometry:
        """``area`` less the places where a move may not end at ``tier`` (``end_problem``)."""
        unclear = self.unclear(tier)
        return area if unclear is None or area.is_empty else area.difference(unclear)

    # -- areas and routes --------------------------------------------------------------------------

    def region(self, tier: int, budget: Fraction) -> Geometry:
        """Everything its centre can pass through at ``tier`` within ``budget`` cm, going around
        what blocks (``ends`` keeps the places it may end at)."""
        from ...geometry.areas import disc
        from ...geometry.geos import LineString, unary_union

        if budget < 0:
            return LineString()
        if tier == 2:
            return disc(self.start, float(budget), TOLERANCE).intersection(
                self.battle.table.shape())
        if tier == 1:
            return self.space(1).region(self.start, float(budget))
        return unary_union([self.space(0, f).region(self.start, float(budget / f))
                            for f in self.factors()])

    def ground_route(self, goal: Point) -> tuple[float, Fraction, tuple[Point, ...]] | None:
        """The cheapest way on the ground: (length, zone factor, route), or None."""
        best: tuple[float, Fraction, tuple[Point, ...]] | None = None
        for f in self.factors():
            found = self.space(0, f).shortest_path(self.start, goal)
            if found is None:
                continue
            if best is None or found[0] * float(f) < best[0] * float(best[1]):
                best = (found[0], f, found[1])
        return best

    def blocked(self, tier: int, a: Point, b: Point) -> tuple[str, str] | None:
        """None if the leg ``a``→``b`` is clear at ``tier``, by the very free space ``region``
        uses; else what is in the way and how, as (what, why): it goes *through* a piece, its
        base does not fit past one or between two (tier 0), or it squeezes along a shared wall
        or through a point where two pieces meet."""
        if tier == 2:
            return None
        space = self.space(tier, self.factors()[-1])  # blockers only, no zone kept out
        if space.visible(a, b):
            return None
        from ...geometry.geos import LineString
        from ...geometry.geos import Point as GeosPoint

        leg = LineString([a, b]) if a != b else GeosPoint(b)
        end = GeosPoint(b)
        near = self._blockers(tier)
        through = [(name, base) for name, _kept, outline, base in near
                   if leg.relate_pattern(outline, "T********") or outline.contains(end)]
        if through:
            return (_("passes through {what}").format(what=and_list([n for n, _b in through])),
                    "base" if any(b for _n, b in through) else "through")
        width = [name for name, kept, _outline, _base in near
                 if leg.relate_pattern(kept, "T********") or kept.contains(end)]
        if width:
            size = number(self.fighter.base)
            if len(width) > 1:
                return (_("does not fit between {what}: the gap is narrower than its base "
                          "({size} cm across)").format(what=and_list(width), size=size), "width")
            return (_("brings its base ({size} cm across) onto {what}").format(
                size=size, what=width[0]), "width")
        touching = [(name, base) for name, kept, _outline, base in near
                    if leg.distance(kept) <= EPSILON]
        return (_("squeezes between {what} where they touch: there is no gap").format(
            what=and_list([n for n, _b in touching]) or _("scenery")),
            "base" if any(b for _n, b in touching) else "pinch")

    def ground_factor(self, a: Point, b: Point, least: Fraction) -> Fraction:
        """What a ground leg ``a``→``b`` makes the move pay per cm: the least zone factor, not
        below ``least``, whose free space (worse zones kept out) holds the leg, as ``region``
        reckons it; a leg along a border between zones pays the cheaper of them."""
        factors = [f for f in self.factors() if f >= least]
        for f in factors:
            if self.space(0, f).visible(a, b):
                return f
        return factors[-1]


def _quad_segs(radius: float) -> int:
    """Segments per quarter circle so that a rounded corner strays at most ``TOLERANCE`` from
    the true arc (at least four, as ``disc`` draws)."""
    if radius <= TOLERANCE:
        return 4
    step = 2.0 * math.acos(1.0 - TOLERANCE / radius)
    return max(4, math.ceil((math.pi / 2) / step))


def _rounded(shape: Geometry) -> Geometry:
    """``shape`` with its corners rounded to the 6 decimals ``format_point`` writes: a route
    ``path`` finds around it reads back, through its text, as the very same corners."""
    from ...geometry.geos import get_coordinates, make_valid, set_coordinates

    corners = get_coordinates(shape)
    out = set_coordinates(shape, [[round(x, 6), round(y, 6)] for x, y in corners])
    return out if out.is_valid else make_valid(out)


def _base_disc(centre: Point, radius: float) -> Geometry:
    """The disc a base keeps out (its corners rounded as ``_rounded`` says)."""
    from ...geometry.areas import disc
    from ...geometry.geos import Polygon

    shape = disc(centre, radius, TOLERANCE)
    corners = shape.exterior.coords if shape.geom_type == "Polygon" else ()
    return Polygon([(round(x, 6), round(y, 6)) for x, y in corners])


def _grown(outline: Geometry, by: float) -> Geometry:
    """A piece of scenery's outline grown by ``by`` cm (half a base): where a centre keeps out.
    Its straight sides are exact, its rounded corners inscribed (within ``TOLERANCE``)."""
    return _rounded(outline.buffer(by, quad_segs=_quad_segs(by)))


def _label(obstacle: Obstacle) -> str:
    return f"{obstacle.name or _('an obstacle')} ({number(obstacle.height)} cm)"
