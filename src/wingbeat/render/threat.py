"""A threat overlay: places shaded by how many creatures could strike there next turn.

A pure function of a threat report (``wingbeat.tactics``), like every picture here: it computes no
rule. A grid's cells at one altitude (or the most over all altitudes) each carry a tooltip naming
who can strike there; a table's areas, one level at a time, likewise.
"""

from __future__ import annotations

from typing import Any

from ..errors import OptionError
from ..geometry.labels import split_label
from ..i18n import _
from ..model import Scenario, format_amount
from ..narrate import field_word, grouped, unit_word, value_word
from .grid import HexLayout, SquareLayout, window
from .svg import element, fmt, points, text, xml_safe, xml_text

__all__ = ["OVERLAY_COLOURS", "RANK_COLOURS", "overlay_colour", "rank_colour", "render_threat_svg",
           "threat_color"]

_WORDS = "font-family:sans-serif;font-size:11px"


def threat_color(count: int, most: int) -> str:
    """Light to dark red as more creatures can strike (none: no fill)."""
    if count <= 0 or most <= 0:
        return "none"
    share = count / most
    light = int(235 - 150 * share)
    return f"rgb(230,{light},{light})"


def render_threat_svg(scenario: Scenario, report: Any, altitude: int | str | None = None) -> str:
    """The threat report as SVG: a grid at ``altitude`` (None: the most over all altitudes), or a
    table's areas at level ``altitude`` (None: every level, the most threatened on top)."""
    data = report.to_dict()
    if "threats" in data:
        if altitude is not None and not str(altitude).lstrip("-").isdigit():
            raise OptionError(_("expected a whole number for altitude, got {value}").format(
                value=repr(altitude)))
        if altitude is not None and len(str(altitude)) > 8:
            raise OptionError(_("expected a whole number of at most 8 characters for altitude, "
                                "got {count} characters").format(count=grouped(len(str(altitude)))))
        return xml_safe(_grid(report, None if altitude is None else int(altitude)))
    if "areas" in data:
        return xml_safe(_table(scenario, data, altitude))
    raise OptionError(_("not a threat report"))


def _title(report: Any, said: str) -> str:
    return _titled(list(report.creatures), report.side, said)


def _titled(creatures: list[str], side: str | None, said: str) -> str:
    if side:
        return _("threat zones of {creatures} (side {side}): {what}").format(
            creatures=", ".join(creatures), side=side, what=said)
    return _("threat zones of {creatures}: {what}").format(creatures=", ".join(creatures),
                                                          what=said)


def _grid(report: Any, altitude: int | None) -> str:
    kind = report.kind
    places = [p for p in report.places if altitude is None or p.altitude == altitude]
    best: dict[tuple[int, int], Any] = {}
    for p in places:
        xy = split_label(p.at, kind=kind)
        if xy not in best or len(p.by) > len(best[xy].by):
            best[xy] = p
    if not best:
        body = [text(10, 20, _title(report, "nowhere"), style=_WORDS)]
        return element("svg", body, xmlns="http://www.w3.org/2000/svg", width=400, height=40)
    cols = [c for c, _ in best]
    rows = [r for _, r in best]
    c0, c1, r0, r1 = window(max(cols) + 1, max(rows) + 1, best, margin=(1, 1))
    layout: HexLayout | SquareLayout = (HexLayout(c0, c1, r0, r1) if kind == "hex"
                                        else SquareLayout(c0, c1, r0, r1))
    most = max(len(p.by) for p in best.values())
    body = []
    for col, row in layout.cells():
        p = best.get((col, row))
        count = 0 if p is None else len(p.by)
        shape = points(layout.outline(col, row))
        if p is None:
            body.append(element("polygon", points=shape, fill="none", stroke="#ccc"))
            continue
        names = "; ".join(f"{w.creature} {format_amount(w.cost, report.unit)} "
                          f"{unit_word(report.unit)}" + (f", {w.how}" if w.how else "")
                          for w in p.by)
        tip = _("{at} altitude {altitude}: {count} can strike: {creatures}").format(
            at=p.at, altitude=p.altitude, count=count, creatures=names)
        cx, cy = layout.center(col, row)
        body.append(element("g", [
            element("title", [xml_text(tip)]),
            element("polygon", points=shape, fill=threat_color(count, most), stroke="#999"),
            text(cx, cy + 4, str(count), style=_WORDS, **{"text-anchor": "middle"}),
        ], **{"class": "threat", "data-count": count}))
    said = _("the most over all altitudes") if altitude is None else _(
        "altitude {altitude}").format(altitude=altitude)
    body.append(text(8, 14, _title(report, said), style=_WORDS))
    return element("svg", body, xmlns="http://www.w3.org/2000/svg", width=fmt(layout.width),
                   height=fmt(layout.height + 10))


def _table(scenario: Scenario, data: dict[str, Any], level: int | str | None) -> str:
    width, height = (float(v) for v in scenario.battle.table.shape().bounds[2:])
    scale = min(800 / width, 600 / height)
    key = "tier" if any("tier" in a for a in data["areas"]) else "altitude"
    areas = [a for a in data["areas"] if level is None or str(a[key]) == str(level)]
    most = max((a["count"] for a in areas), default=0)
    body = [element("rect", x=0, y=0, width=fmt(width * scale), height=fmt(height * scale),
                    fill="#fafafa", stroke="#999")]

    def screen(x: float, y: float) -> str:
        return f"{fmt(x * scale)},{fmt((height - y) * scale)}"

    for a in sorted(areas, key=lambda a: a["count"]):
        rings = _rings(a["area"])
        d = " ".join("M" + " L".join(screen(x, y) for x, y in ring) + " Z" for ring in rings)
        names = "; ".join(f"{b['creature']} ({b['how']})" for b in a["by"])
        tip = _("{level_word} {level}: {count} can strike: {creatures}").format(
            level_word=field_word(key), level=value_word("altitude", a[key]), count=a["count"],
            creatures=names)
        body.append(element("g", [
            element("title", [xml_text(tip)]),
            element("path", d=d, fill=threat_color(a["count"], most), stroke="#a33",
                    **{"fill-rule": "evenodd", "fill-opacity": "0.8"}),
        ], **{"class": "threat", "data-count": a["count"]}))
    said = _("every level") if level is None else _("{level_word} {level}").format(
        level_word=field_word(key), level=value_word("altitude", level))
    body.append(text(8, 14, _title_of(data, said), style=_WORDS))
    return element("svg", body, xmlns="http://www.w3.org/2000/svg", width=fmt(width * scale),
                   height=fmt(height * scale))


def _title_of(data: dict[str, Any], said: str) -> str:
    return _titled(list(data["creatures"]), data.get("side"), said)


def _rings(geometry: dict[str, Any]) -> list[list[tuple[float, float]]]:
    kind = geometry.get("type")
    coords = geometry.get("coordinates", [])
    if kind == "Polygon":
        return [[(float(x), float(y)) for x, y in ring] for ring in coords]
    if kind == "MultiPolygon":
        return [[(float(x), float(y)) for x, y in ring] for poly in coords for ring in poly]
    if kind == "GeometryCollection":
        return [r for g in geometry.get("geometries", []) for r in _rings(g)]
    return []


#: The page overlay's fill for 1, 2, 3 … creatures able to strike (the last for that many and
#: more): light to dark, yellow to red to purple, so a count reads by shade in any colour vision;
#: every count is also written in its place (the page never says it by colour alone).
OVERLAY_COLOURS = ("#fde68a", "#fdba74", "#f97316", "#dc2626", "#991b1b", "#581c87")

#: Attack positions from best to worst rank: green to amber to red, each also numbered.
RANK_COLOURS = ("#0b7a3e", "#5b9a1b", "#b58400", "#d0570f", "#b3261e")


def overlay_colour(count: int) -> str:
    """The page overlay's fill for ``count`` (at least 1) creatures able to strike a place."""
    return OVERLAY_COLOURS[min(count, len(OVERLAY_COLOURS)) - 1]


def rank_colour(rank: int, total: int) -> str:
    """An attack position's colour by its ``rank`` (1: best) among ``total``: the ranks share
    the colours in equal bands, the best band first."""
    band = (rank - 1) * len(RANK_COLOURS) // max(total, 1)
    return RANK_COLOURS[min(band, len(RANK_COLOURS) - 1)]
