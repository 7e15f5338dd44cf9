"""C-terrain: what blocks a fighter at each tier, and the areas it can reach around it.

Tier 0 walks around every obstacle and pays terrain zones; tier 1 goes around obstacles over
15 cm and ignores zones; tier 2 ignores everything. An obstacle the fighter starts inside (it
stands on top of the scenery, tier 0 being the relief) does not block its own move.
"""

from __future__ import annotations

from fractions import Fraction

from shapely.geometry import LineString
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

from ...geometry.table import EPSILON, FreeSpace, Point, disc
from .model import ConfrontationBattle, Obstacle

__all__ = ["TOLERANCE", "Terrain"]

#: Areas are accurate to half a millimetre (0.05 cm).
TOLERANCE = 0.05


class Terrain:
    """One fighter's view of the table for one query: free spaces per tier, built once."""

    def __init__(self, battle: ConfrontationBattle, start: Point):
        self.battle = battle
        self.start = start
        self._spaces: dict[tuple[int, Fraction], FreeSpace] = {}

    def obstacles(self, tier: int, *, from_start: bool = True) -> list[Obstacle]:
        """The obstacles that block at ``tier``; those holding the start do not, ``from_start``."""
        return [o for o in self.battle.obstacles if o.blocks(tier)
                and not (from_start and o.outline.holds(self.start))]

    @property
    def start_factor(self) -> Fraction:
        """The worst zone the fighter stands in: it is in it whatever way it goes."""
        return max((z.factor for z in self.battle.zones if z.outline.holds(self.start)),
                   default=Fraction(1))

    def space(self, tier: int, factor: Fraction = Fraction(1)) -> FreeSpace:
        """Free space at ``tier``; at tier 0, zones worse than ``factor`` are kept out too."""
        key = (tier, factor if tier == 0 else Fraction(1))
        if key not in self._spaces:
            shapes = [o.outline.shape() for o in self.obstacles(tier)]
            if tier == 0:
                shapes += [z.outline.shape() for z in self.battle.zones if z.factor > factor]
            self._spaces[key] = FreeSpace(self.battle.table, shapes, TOLERANCE)
        return self._spaces[key]

    def factors(self) -> list[Fraction]:
        """The zone factors a ground move may end up paying, the start's zone first."""
        low = self.start_factor
        return sorted({low} | {z.factor for z in self.battle.zones if z.factor > low})

    def region(self, tier: int, budget: Fraction) -> BaseGeometry:
        """Everything reachable at ``tier`` within ``budget`` cm, going around what blocks."""
        if budget < 0:
            return LineString()
        if tier == 2:
            return disc(self.start, float(budget), TOLERANCE).intersection(
                self.battle.table.shape())
        if tier == 1:
            return self.space(1).region(self.start, float(budget))
        return unary_union([self.space(0, f).region(self.start, float(budget / f))
                            for f in self.factors()])

    def descent_region(self, budget: Fraction) -> BaseGeometry:
        """Fly at tier 2, then go down to tier 1 anywhere a low flyer may be (C-change)."""
        area = self.region(2, budget)
        tall = [o.outline.shape() for o in self.obstacles(1, from_start=False)]
        return area.difference(unary_union(tall)) if tall else area

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

    def blocked(self, tier: int, a: Point, b: Point) -> tuple[list[Obstacle], bool] | None:
        """None if the leg ``a``→``b`` is clear at ``tier``, by the very free space ``region``
        uses; else the obstacles in the way and whether it goes *through* them (False: it
        squeezes along a shared wall or through a point where two pieces meet)."""
        if tier == 2:
            return None
        space = self.space(tier, self.factors()[-1])  # obstacles only, no zone kept out
        if space.visible(a, b):
            return None
        leg = LineString([a, b]) if a != b else ShapelyPoint(b)
        near = self.obstacles(tier)
        through = [o for o in near if leg.relate_pattern(o.outline.shape(), "T********")
                   or o.outline.holds(b)]
        if through:
            return through, True
        return [o for o in near if leg.distance(o.outline.shape()) <= EPSILON], False

    def ground_factor(self, a: Point, b: Point, least: Fraction) -> Fraction:
        """What a ground leg ``a``→``b`` makes the move pay per cm: the least zone factor, not
        below ``least``, whose free space (worse zones kept out) holds the leg, as ``region``
        reckons it; a leg along a border between zones pays the cheaper of them."""
        factors = [f for f in self.factors() if f >= least]
        for f in factors:
            if self.space(0, f).visible(a, b):
                return f
        return factors[-1]
