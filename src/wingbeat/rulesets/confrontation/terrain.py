"""C-terrain: what blocks a fighter at each tier, and the areas it can reach around it.

Tier 0 walks around every obstacle and every other model's base, and pays terrain zones; tier 1
goes around obstacles over 15 cm and ignores zones; tier 2 ignores everything. Only counters in the
air go round one another freely: on the ground two bases never overlap. An obstacle the fighter
starts inside (it stands on top of the scenery, tier 0 being the relief), or a base its own base
already overlaps, does not block its own move.
"""

from __future__ import annotations

from collections.abc import Collection
from fractions import Fraction

from shapely.geometry import LineString, Polygon
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

from ...geometry.table import EPSILON, FreeSpace, Point, disc, format_number
from .model import ConfrontationBattle, Fighter, Obstacle

__all__ = ["BASE_SLACK", "TOLERANCE", "Terrain"]

#: Areas are accurate to half a millimetre (0.05 cm).
TOLERANCE = 0.05

#: A base keeps the other's centre out to 1e-6 cm short of contact (both radii), so a model placed
#: exactly in base contact (a charge's end) stands clear of it, whatever the float rounding.
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
        self._spaces: dict[tuple[int, Fraction], FreeSpace] = {}
        self._bases = {f.id: _base_disc(f.at, f.radius + fighter.radius - BASE_SLACK)
                       for f in battle.fighters
                       if f.tier == 0 and f.id != fighter.id and f.id not in self.gone}

    def obstacles(self, tier: int, *, from_start: bool = True) -> list[Obstacle]:
        """The obstacles that block at ``tier``; those holding the start do not, ``from_start``."""
        return [o for o in self.battle.obstacles if o.blocks(tier)
                and not (from_start and o.outline.holds(self.start))]

    def bases(self, *, from_start: bool = True) -> list[Fighter]:
        """The other models on the ground (tier 0), whose bases this fighter's base may not
        cross at tier 0; those it already overlaps at its start do not block, ``from_start``."""
        return [f for f in self.battle.fighters if f.id in self._bases
                and not (from_start and self._bases[f.id].contains(ShapelyPoint(self.start)))]

    def on_a_base(self, p: Point) -> list[Fighter]:
        """The models on the ground whose bases this fighter's base would overlap at ``p``."""
        return [f for f in self.bases(from_start=False)
                if self._bases[f.id].contains(ShapelyPoint(p))]

    def _blockers(self, tier: int) -> list[tuple[str, BaseGeometry]]:
        found = [(_label(o), o.outline.shape()) for o in self.obstacles(tier)]
        if tier == 0:
            found += [(f"{f.display_name}'s base", self._bases[f.id]) for f in self.bases()]
        return found

    @property
    def start_factor(self) -> Fraction:
        """The worst zone the fighter stands in: it is in it whatever way it goes."""
        return max((z.factor for z in self.battle.zones if z.outline.holds(self.start)),
                   default=Fraction(1))

    def space(self, tier: int, factor: Fraction = Fraction(1)) -> FreeSpace:
        """Free space at ``tier``; at tier 0, zones worse than ``factor`` are kept out too."""
        key = (tier, factor if tier == 0 else Fraction(1))
        if key not in self._spaces:
            shapes = [shape for _, shape in self._blockers(tier)]
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

    def landing_region(self, budget: Fraction) -> BaseGeometry:
        """Fly at tier 1, then land anywhere its base overlaps no model on the ground."""
        area = self.region(1, budget)
        bases = [self._bases[f.id] for f in self.bases(from_start=False)]
        return area.difference(unary_union(bases)) if bases else area

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

    def blocked(self, tier: int, a: Point, b: Point) -> tuple[list[str], bool] | None:
        """None if the leg ``a``→``b`` is clear at ``tier``, by the very free space ``region``
        uses; else what is in the way (obstacles with their height, models' bases) and whether
        it goes *through* them (False: it squeezes along a shared wall or through a point where
        two pieces meet)."""
        if tier == 2:
            return None
        space = self.space(tier, self.factors()[-1])  # blockers only, no zone kept out
        if space.visible(a, b):
            return None
        leg = LineString([a, b]) if a != b else ShapelyPoint(b)
        near = self._blockers(tier)
        through = [name for name, shape in near if leg.relate_pattern(shape, "T********")
                   or shape.contains(ShapelyPoint(b))]
        if through:
            return through, True
        return [name for name, shape in near if leg.distance(shape) <= EPSILON], False

    def ground_factor(self, a: Point, b: Point, least: Fraction) -> Fraction:
        """What a ground leg ``a``→``b`` makes the move pay per cm: the least zone factor, not
        below ``least``, whose free space (worse zones kept out) holds the leg, as ``region``
        reckons it; a leg along a border between zones pays the cheaper of them."""
        factors = [f for f in self.factors() if f >= least]
        for f in factors:
            if self.space(0, f).visible(a, b):
                return f
        return factors[-1]


def _base_disc(centre: Point, radius: float) -> BaseGeometry:
    """The disc a base keeps out, its corners rounded to the 6 decimals ``format_point`` writes: a
    route ``path`` finds around it reads back, through its text, as the very same corners."""
    shape = disc(centre, radius, TOLERANCE)
    corners = shape.exterior.coords if isinstance(shape, Polygon) else ()
    return Polygon([(round(x, 6), round(y, 6)) for x, y in corners])


def _label(obstacle: Obstacle) -> str:
    return f"{obstacle.name or 'an obstacle'} ({format_number(obstacle.height)} cm)"
