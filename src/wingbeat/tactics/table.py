"""Threat, advice and suggestions for the tabletop rulesets, over their own ``reach`` areas.

A tabletop ``reach`` draws, per level (altitude or tier), the area a creature can end in. Where it
can strike a creature standing at a point is that area grown by the contact distance of its
engagement rule (bases touching, within 1"), plus what the ruleset adds (a dive charge onto the
tier below). Threat zones overlay every attacker's zones and keep, per piece, who can strike
there (GeoJSON areas per count). Advice asks ``path`` and ``check`` for each candidate move, and
keeps those that ``engagement`` (or the dive the move declares) says end in melee with the target.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any

from .._records import dataclass
from ..errors import WingbeatError
from ..geometry.table import Point, format_length
from ..i18n import _, localized_number
from ..model import Scenario
from ..narrate import field_word
from ..rules import find_ruleset
from ..rules.base import TableBattle
from .model import AdviceReport, AttackOption, Suggestion, ThreatZones, Way, Weights, ranked

__all__ = ["TableThreat", "TableThreatRules", "ThreatArea", "Zone"]

#: Directions tried around a target for a contact position (every 30°).
DIRECTIONS = 12


def _length(value: float) -> str:
    """A measured length in a sentence, with the language's decimal comma."""
    return localized_number(format_length(value))


@dataclass(frozen=True)
class Zone:
    """Where one creature can strike a creature standing at a point of ``level`` next turn."""

    creature: str
    level: int
    area: Any  # a ``geometry.geos`` geometry: a ``Shape`` (shapely's under its fallback)
    how: str
    #: where the creature itself can end at that level (the area before it is grown by the
    #: contact distance), when the zone is a melee zone
    ends: Any = None


@dataclass(frozen=True)
class ThreatArea:
    """A piece of the table at one level, and who can strike a creature standing in it."""

    level: Any  # the ruleset's own word for the level (a tier number, an altitude name)
    area: Any  # a ``geometry.geos`` geometry: a ``Shape`` (shapely's under its fallback)
    by: tuple[tuple[str, str], ...]  # (creature, how)

    def to_dict(self, level_key: str) -> dict[str, Any]:
        from ..geometry.areas import geojson

        return {level_key: self.level, "count": len(self.by),
                "by": [{"creature": c, "how": how} for c, how in self.by],
                "area": geojson(self.area)}


@dataclass(frozen=True)
class TableThreat(ThreatZones):
    """Threat zones on a table: areas per level and count, each naming who can strike there."""

    level_key: str
    areas: tuple[ThreatArea, ...]

    def to_dict(self) -> dict[str, Any]:
        return {**self._json_head(), "areas": [a.to_dict(self.level_key) for a in self.areas]}

    def to_text(self) -> str:
        lines = [self._text_head(_("where a creature standing could be struck on their next "
                                   "turn"))]
        if not self.areas:
            lines.append(_("nowhere: none of them can reach an attack position this turn"))
        for a in self.areas:
            x0, y0, x1, y1 = a.area.bounds
            names = "; ".join(f"{c} ({how})" for c, how in a.by)
            # Translators: one threatened area, e.g. "- tier 1: 2 can strike, 120.5 cm², x
            # 0..40, y 10..50: angel (…)"
            lines.append("- " + _("{level_word} {level}: {count} can strike, {area} {unit}², x "
                                  "{x0}..{x1}, y {y0}..{y1}: {creatures}").format(
                level_word=field_word(self.level_key), level=a.level, count=len(a.by),
                area=_length(a.area.area), unit=self.unit, x0=_length(x0), x1=_length(x1),
                y0=_length(y0), y1=_length(y1), creatures=names))
        return "\n".join(lines)


def overlay(zones: Sequence[Zone], order: Sequence[str]) -> list[tuple[int, Any, tuple[Zone, ...]]]:
    """Cut the zones of one level into pieces, each with the zones that cover it, and join the
    pieces struck by the same creatures: (level, area, zones), most threatened first.

    The calls are shapely's ``polygonize`` and ``unary_union``, made by ``geometry.geos`` (GEOS
    through ctypes: no numpy), so the pieces are the same."""
    from ..geometry.geos import polygonize, unary_union

    rank = {c: i for i, c in enumerate(order)}
    found: list[tuple[int, Any, tuple[Zone, ...]]] = []
    for level in sorted({z.level for z in zones}):
        here = [z for z in zones if z.level == level and not z.area.is_empty]
        if not here:
            continue
        lines = unary_union([z.area.boundary for z in here])
        groups: dict[tuple[str, ...], list[Any]] = {}
        chosen: dict[tuple[str, ...], tuple[Zone, ...]] = {}
        for piece in polygonize(lines):
            if piece.area <= 1e-9:
                continue
            inside = piece.representative_point()
            over = [z for z in here if z.area.covers(inside)]
            if not over:
                continue
            hows: dict[str, list[str]] = {}
            for z in over:  # a creature may strike there in more ways than one (a dive, …)
                if z.how not in hows.setdefault(z.creature, []):
                    hows[z.creature].append(z.how)
            who = sorted(hows, key=rank.__getitem__)
            key = tuple(f"{c}\n{'; '.join(hows[c])}" for c in who)
            groups.setdefault(key, []).append(piece)
            chosen.setdefault(key, tuple(Zone(c, level, None, "; ".join(hows[c])) for c in who))
        for key, pieces in groups.items():
            found.append((level, unary_union(pieces), chosen[key]))
    found.sort(key=lambda f: (f[0], -len(f[2]), [(rank[z.creature], z.how) for z in f[2]]))
    return found


class TableThreatRules:
    """Threat, advice and suggestion for a tabletop ruleset; a ruleset fills in its rules."""

    level_key = "tier"
    unit = "cm"  # what its lengths are measured in
    #: How far outside a drawn zone a point still counts as in it: the drawing's tolerance (a
    #: zone's arcs are polygons inside the true circle).
    tolerance = 0.05
    #: A table's questions keep no grid reach reports (``tactics._kept``).
    keeps_reports = False

    # -- what each tabletop ruleset says ---------------------------------------------------------
    def members(self, scenario: Scenario) -> list[tuple[str, str | None]]:
        battle: TableBattle = scenario.battle
        return [(c.id, c.side) for c in battle.creatures]

    def zones(self, scenario: Scenario, creature: str) -> list[Zone]:
        """Where ``creature`` can strike a creature standing at a point, per level, next turn."""
        raise NotImplementedError

    def position(self, scenario: Scenario, creature: str) -> tuple[Point, int, float]:
        """Where a creature stands: its point, its level, and its contact distance to another
        of its kind (half its base, or the rule's reach)."""
        raise NotImplementedError

    def contact(self, scenario: Scenario, creature: str, target: str) -> float:
        """How near the two must stand to be in melee."""
        raise NotImplementedError

    def level_word(self, scenario: Scenario, level: int) -> Any:
        """The level as ``path`` takes it and reports say it."""
        return level

    def special_moves(self, scenario: Scenario, creature: str, target: str) -> list[str]:
        """Moves that attack ``target`` by a rule of their own (a dive charge)."""
        return []

    def engaged(self, scenario: Scenario, creature: str, verdict: Mapping[str, Any],
                target: str) -> str | None:
        """The rule by which a checked move ends ``creature`` in melee with ``target``."""
        raise NotImplementedError

    def edge(self, scenario: Scenario, creature: str, verdict: Mapping[str, Any],
             target: str) -> tuple[tuple[str, str], ...]:
        return ()

    def end_point(self, scenario: Scenario, verdict: Mapping[str, Any]) -> tuple[Point, int]:
        """Where a checked move ends: its point and level."""
        raise NotImplementedError

    # -- built on those --------------------------------------------------------------------------
    def _zones(self, scenario: Scenario, creature: str) -> list[Zone]:
        """``zones``, their areas as ``geometry.geos`` geometry (a plug-in's shapely areas read
        through their WKB, exact; the built-in rulesets' are already)."""
        from ..geometry.geos import as_geometry

        return [replace(z, area=as_geometry(z.area), ends=as_geometry(z.ends))
                for z in self.zones(scenario, creature)]

    def threat(self, scenario: Scenario, attackers: Sequence[str], side: str | None
               ) -> TableThreat:
        battle: TableBattle = scenario.battle
        table = battle.table.shape()
        zones = [replace(z, area=z.area.intersection(table))
                 for c in attackers for z in self._zones(scenario, c)]
        areas = tuple(ThreatArea(self.level_word(scenario, level), area,
                                 tuple((z.creature, z.how) for z in by))
                      for level, area, by in overlay(zones, attackers))
        return TableThreat(scenario.ruleset, side, tuple(attackers), self.unit, self.level_key,
                           areas)

    def _foe_zones(self, scenario: Scenario, creature: str) -> list[Zone]:
        from .sides import foes_of

        return [z for foe in foes_of(scenario, creature) for z in self._zones(scenario, foe)]

    def candidates(self, scenario: Scenario, creature: str, target: str) -> list[dict[str, Any]]:
        """Checked moves that might end in melee with ``target``: its own rule's moves, and the
        shortest route to each point around it (every 30°, from the side it comes: at the
        contact distance, then at half of it), to its very point, and to the nearest point
        where the creature can end at its level (for one that can hardly move)."""
        engine = find_ruleset(scenario.ruleset)
        found = []
        for moves in self.special_moves(scenario, creature, target):
            found.append(engine.check(scenario, creature, moves, {}).to_dict())
        (mx, my), _lv, _rest = self.position(scenario, creature)
        (tx, ty), level, _rest2 = self.position(scenario, target)
        touch = self.contact(scenario, creature, target)
        toward = math.atan2(my - ty, mx - tx)
        spots = [(tx + gap * math.cos(toward + 2 * math.pi * i / DIRECTIONS),
                  ty + gap * math.sin(toward + 2 * math.pi * i / DIRECTIONS))
                 for gap in (touch * 0.999, touch / 2) for i in range(DIRECTIONS)]
        spots.append((tx, ty))  # its very point
        spots.extend(_nearest(z.ends, (tx, ty)) for z in self._zones(scenario, creature)
                     if z.level == level and z.ends is not None and not z.ends.is_empty)
        for x, y in spots:
            try:
                found.append(engine.path(scenario, creature, to=f"{x:.4f},{y:.4f}",
                                         altitude=str(self.level_word(scenario, level)),
                                         mode=None, options={}).to_dict())
            except WingbeatError:
                continue  # off the table, or a level it cannot end at this turn
        return [f for f in found if f.get("legal")]

    def advise(self, scenario: Scenario, creature: str, targets: Sequence[str],
               weights: Weights, no_checks: bool = False) -> AdviceReport:
        """On a table advice's ways carry no save (``Way.checks`` is empty): ``no_checks`` leaves
        nothing out."""
        engine = find_ruleset(scenario.ruleset)
        foes = self._foe_zones(scenario, creature)
        unit = self.unit
        options = []
        seen: set[tuple[str, str]] = set()
        for target in targets:
            for verdict in self.candidates(scenario, creature, target):
                if (target, verdict["moves"]) in seen:
                    continue
                seen.add((target, verdict["moves"]))
                how = self.engaged(scenario, creature, verdict, target)
                if how is None:
                    continue
                again = engine.check(scenario, creature, verdict["moves"], {}).to_dict()
                if not again["legal"]:
                    continue  # path and check agree (tests/conformance.py): never here
                point, level = self.end_point(scenario, again)
                threatened = _covering(foes, point, level, self.tolerance)
                budget = _budget_of(again)
                way = Way(creature, Fraction(str(again["cost"])), again["moves"], (), how)
                options.append(AttackOption(
                    target, again["end"], way, budget, 0, threatened,
                    self.edge(scenario, creature, again, target), ()))
        return AdviceReport(scenario.ruleset, creature, tuple(targets), unit, weights,
                            ranked(options, weights))

    def suggest(self, scenario: Scenario, creature: str, weights: Weights) -> Suggestion:
        from .sides import foes_of

        foes = foes_of(scenario, creature)
        unit = self.unit
        if foes:
            advice = self.advise(scenario, creature, foes, weights)
            if advice.options:
                return Suggestion.attack(scenario.ruleset, creature, advice, unit, weights)
            closer = self._closer(scenario, creature, foes)
            if closer is not None:
                return closer
        reason = (_("no foe here") if not foes else
                  _("no attack position this turn, and no move closes the distance safely"))
        return Suggestion(scenario.ruleset, creature, "hold", "", Fraction(0), unit, (reason,),
                          None, None, weights)

    def _closer(self, scenario: Scenario, creature: str, foes: Sequence[str]
                ) -> Suggestion | None:
        """The straight move toward the nearest foe that leaves the fewest foes able to strike
        (the longest such move, at its own level): closing the distance safely."""
        engine = find_ruleset(scenario.ruleset)
        (mx, my), level, _rest = self.position(scenario, creature)
        near = min(foes, key=lambda f: math.dist((mx, my), self.position(scenario, f)[0]))
        (fx, fy), _lv2, _rest2 = self.position(scenario, near)
        gap = math.dist((mx, my), (fx, fy)) - self.contact(scenario, creature, near)
        if gap <= 0:
            return None
        zones = self._foe_zones(scenario, creature)
        tried = []
        for share in (1.0, 0.75, 0.5, 0.25):
            step = gap * share
            x = mx + (fx - mx) * step / (gap + self.contact(scenario, creature, near))
            y = my + (fy - my) * step / (gap + self.contact(scenario, creature, near))
            try:
                verdict = engine.path(scenario, creature, to=f"{x:.4f},{y:.4f}",
                                      altitude=str(self.level_word(scenario, level)), mode=None,
                                      options={}).to_dict()
            except WingbeatError:
                continue
            if not verdict.get("legal"):
                continue
            point, end_level = self.end_point(scenario, verdict)
            by = _covering(zones, point, end_level, self.tolerance)
            left = math.dist(point, (fx, fy))
            tried.append(((len(by), left), verdict, by, left))
        if not tried:
            return None
        _key, verdict, by, left = min(tried, key=lambda t: t[0])
        unit = str(verdict.get("unit", ""))
        reasons = (_("no attack position against {foes} this turn").format(foes=", ".join(foes)),
                   _("closes on {foe}: {left} {unit} left between them, from {gap} "
                     "{unit}").format(foe=near, left=_length(left), unit=unit,
                                      gap=_length(math.dist((mx, my), (fx, fy)))),
                   _("no foe can strike the end point on its next turn") if not by else
                   _("the end point is within reach of {foes} (the fewest of the moves "
                     "tried)").format(foes=", ".join(by)))
        return Suggestion(scenario.ruleset, creature, "close", verdict["moves"],
                          Fraction(str(verdict["cost"])), unit, reasons, near)


def _covering(zones: Sequence[Zone], point: Point, level: int, tolerance: float
              ) -> tuple[str, ...]:
    from ..geometry.geos import Point as GeosPoint

    p = GeosPoint(point)
    found: list[str] = []
    for z in zones:
        if z.level == level and z.creature not in found and z.area.distance(p) <= tolerance:
            found.append(z.creature)
    return tuple(found)


def _nearest(area: Any, point: Point) -> Point:
    from ..geometry.geos import Point as GeosPoint
    from ..geometry.geos import nearest_points

    inner = area.buffer(-0.01)
    near = nearest_points(inner if not inner.is_empty else area, GeosPoint(point))[0]
    return (near.x, near.y)


def _budget_of(verdict: Mapping[str, Any]) -> Fraction:
    budget = verdict.get("budget")
    if isinstance(budget, Mapping):
        return Fraction(str(budget.get("budget", budget.get("value", "0"))))
    if budget is None:
        return Fraction(0)
    return Fraction(str(budget))
