"""C-terrain: what blocks a fighter at each tier, and the areas it can reach around it.

Tier 0 walks around every obstacle and pays terrain zones; tier 1 goes around obstacles over
15 cm and ignores zones; tier 2 ignores everything. An obstacle the fighter starts inside (it
stands on top of the scenery, tier 0 being the relief) does not block its own move.
"""

from __future__ import annotations

from fractions import Fraction

from shapely.geometry import LineString
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

from ...geometry.table import FreeSpace, Point, disc
from .model import ConfrontationBattle, Obstacle, Zone

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

    def crossed(self, tier: int, a: Point, b: Point) -> list[Obstacle]:
        """The obstacles blocking at ``tier`` whose inside the leg ``a``→``b`` passes through."""
        leg = LineString([a, b]) if a != b else None
        out = []
        for o in self.obstacles(tier):
            shape = o.outline.shape()
            if (leg is not None and leg.relate_pattern(shape, "T********")) or o.outline.holds(b):
                out.append(o)
        return out

    def zones_entered(self, a: Point, b: Point) -> list[Zone]:
        leg = LineString([a, b]) if a != b else None
        return [z for z in self.battle.zones
                if (leg is not None and leg.relate_pattern(z.outline.shape(), "T********"))
                or z.outline.holds(b)]
