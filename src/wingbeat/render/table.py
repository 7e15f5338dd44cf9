"""SVG pictures of tabletop battlefields (``battlesystem``, ``confrontation``).

The table's origin is its south-west corner with y north, so y is flipped for the screen; a heading
is degrees clockwise from north. A reach is drawn from its JSON (``areas``: GeoJSON per altitude or
tier), the contract both tabletop rulesets share, so this module needs no ruleset internals.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from fractions import Fraction
from typing import Any

from ..errors import OptionError, ScenarioError
from ..i18n import _, localized_number, pgettext
from ..model import Scenario, format_decimal
from ..narrate import change_word, value_word
from ..rules.base import Outlined, Result, TableBattle, TableFigure
from ..rules.registry import ruleset_info
from ..rules.reports import MoveReport
from .names import NAME_SIZE, Box, focus_box, name_places
from .scale import SCALE_BAR_SPACE, table_scale_bar
from .svg import (
    ILLEGAL_COLOR,
    MIN_FONT,
    PATH_COLOR,
    arrow_marker_defs,
    element,
    fmt,
    points,
    text,
    xml_text,
)
from .trail import Trail, trail_layer, trail_words

__all__ = ["render", "summary", "table_scale"]

DRAWN_WIDTH = 900.0  # the table's long side, px
MARGIN = 30.0
#: The band under the table for its ruler's numbers, above the scale bar.
RULER_SPACE = 22.0
RULER_COLOR = "#1d2330"
LEGEND_WIDTH = 240.0
FIGURE_R = 11.0  # a figure's disc, px
# one clearly different hue per level or tier, lowest first: the areas overlap on the table
_LEVEL_COLORS = ("#a6761d", "#1a9850", "#3a6ea5", "#7b3fa0", "#d73027", "#e6ab02", "#666666")
_SIDE_COLORS = ("#7b3fa0", "#2a7f62", "#b5651d", "#3a6ea5", "#a03f5f")

Point = tuple[float, float]


def table_scale(battle: TableBattle) -> float:
    """Pixels per table unit in the table's picture (its long side ``DRAWN_WIDTH`` px)."""
    width, height = _table(battle)
    return DRAWN_WIDTH / max(width, height)


def _table(battle: TableBattle) -> tuple[float, float]:
    return float(battle.table.width), float(battle.table.height)


def _figures(battle: TableBattle) -> Sequence[TableFigure]:
    return tuple(battle.creatures)


def _heading(figure: TableFigure) -> float | None:
    return figure.bearing


def _outline(polygon: Outlined) -> Sequence[Point]:
    """The corners of an obstacle or zone."""
    return tuple(_xy(p) for p in polygon.outline.points)


def _zones(battle: TableBattle) -> Sequence[Outlined]:
    return tuple(battle.zones)


def _obstacles(battle: TableBattle) -> Sequence[Outlined]:
    return tuple(battle.obstacles)


def _levels(battle: TableBattle) -> list[str]:
    return [str(n) for n in battle.level_names]


def _height(figure: TableFigure) -> int:
    return figure.level


def _level_name(levels: list[str], level: Any) -> Any:
    """A figure's altitude as the ruleset names it (``low``), its tier as a number."""
    if isinstance(level, int) and 0 <= level < len(levels) and not levels[level].isdigit():
        return levels[level]
    return level


def _xy(p: Sequence[float]) -> Point:
    return float(p[0]), float(p[1])


def _point_text(p: Point) -> str:
    return f"{fmt(p[0])},{fmt(p[1])}"


def _hint(ruleset: str, key: str, default: str) -> str:
    """A word the ruleset's registration gives the table (``unit``: ``in``, ``cm``;
    ``level_word``: ``tier``)."""
    try:
        return str(ruleset_info(ruleset).said_hints().get(key, default))
    except ScenarioError:
        return default


def summary(scenario: Scenario[TableBattle]) -> dict[str, Any]:
    battle = scenario.battle
    width, height = _table(battle)
    levels = _levels(battle)
    return {
        "ruleset": scenario.ruleset,
        "source": scenario.source,
        "map": {"kind": "table", "width": width, "height": height,
                "unit": _hint(scenario.ruleset, "unit", "")},
        "altitudes": {"min": 0, "max": max(0, len(levels) - 1), "names": levels,
                      "word": "tier" if _hint(scenario.ruleset, "level_word", "") == "tier"
                      else "altitude"},
        "wind": None,
        "creatures": [
            {"id": f.id, "name": f.display_name,
             "at": _point_text(_xy(f.at)), "altitude": _level_name(levels, _height(f)),
             "level": _height(f),
             "mode": "flying" if _height(f) else "grounded",
             "heading": _heading(f), "can_fly": True,
             "side": f.side}
            for f in _figures(battle)
        ],
    }


def render(
    scenario: Scenario[TableBattle],
    *,
    reach: Result | None = None,
    altitude: int | None = None,
    route: Result | None = None,
    creature: str | None = None,
    trail: Trail | None = None,
    whole_map: bool = False,
) -> str:
    """The table as SVG: obstacles, figures with their headings, a reach's areas, a route, a
    figure's last move as a trail (``render.trail``); always the whole table (``whole_map`` or
    not).

    ``altitude`` is an index (0 the ground, then each level or tier); None draws every level's
    area, lowest first, each in its own colour.
    """
    battle = scenario.battle
    width, height = _table(battle)
    scale = DRAWN_WIDTH / max(width, height)
    levels = _levels(battle)
    if altitude is not None and levels and not 0 <= altitude < len(levels):
        raise OptionError(_("altitude {altitude} is not on this table (0 … {top})").format(
            altitude=altitude, top=len(levels) - 1))
    report = reach.to_dict() if reach is not None else None
    if report is not None and "areas" not in report:
        raise OptionError(_("a tabletop picture draws a reach with areas"))
    focus = creature or (report or {}).get("creature") or (
        route.to_dict().get("creature") if route is not None else None)

    def screen(p: Sequence[float]) -> Point:
        return MARGIN + float(p[0]) * scale, MARGIN + (height - float(p[1])) * scale

    drawn_w, drawn_h = width * scale, height * scale
    total_w = MARGIN * 2 + drawn_w + LEGEND_WIDTH
    total_h = max(MARGIN * 2 + drawn_h + RULER_SPACE + SCALE_BAR_SPACE, 300.0)
    body = [
        element("defs", [arrow_marker_defs()]),
        element("rect", x=0, y=0, width=total_w, height=total_h, fill="#fbfaf6"),
        element("rect", x=MARGIN, y=MARGIN, width=drawn_w, height=drawn_h, fill="#eef0e4",
                stroke="#8a8470", stroke_width=1.5, class_="table",
                data_width=fmt(width), data_height=fmt(height)),
        _grid(width, height, scale),
        _rulers(width, height, scale),
        element("g", (_zone(z, screen) for z in _zones(battle)), class_="zones"),
        element("g", (_obstacle(o, screen) for o in _obstacles(battle)), class_="obstacles"),
    ]
    if report is not None:
        body.append(_areas(report, altitude, levels, screen))
    if trail is not None:
        body.append(_trail(trail, screen))
    note_boxes: list[Box] = []
    if route is not None and focus is not None:
        start = next((f.at for f in _figures(battle) if f.id == focus), None)
        if start is not None:
            body.append(_route(route, _xy(start), screen, note_boxes))
    figures = _figures(battle)
    names, _placed = name_places([(*screen(f.at), FIGURE_R, getattr(f, "display_name", f.id))
                            for f in figures], [], note_boxes,
                           (MARGIN, MARGIN, drawn_w, drawn_h), above_first=True)
    body.append(element("g", (_figure(f, screen, f.id == focus, i, levels, names[i])
                              for i, f in enumerate(figures)),
                        class_="creatures", pointer_events="none"))
    body.append(_legend(report, altitude, levels, MARGIN * 2 + drawn_w,
                        bool(_obstacles(battle)), bool(_zones(battle))))
    unit = _hint(scenario.ruleset, "unit", "")
    body.append(_scale_bar(width, height, scale, unit))
    title = _("{source}: the table, {width} × {height} {unit}").format(
        source=scenario.source, width=_number(width), height=_number(height), unit=unit)
    return element(
        "svg", [element("title", [xml_text(title)]), *body],
        xmlns="http://www.w3.org/2000/svg", viewBox=f"0 0 {fmt(total_w)} {fmt(total_h)}",
        width=total_w, height=total_h, class_="wingbeat-map table-map",
        data_ruleset=scenario.ruleset, data_creature=focus,
        data_altitude="all" if altitude is None else altitude,
        data_budget=None if report is None else _budget(report),
        data_unit=unit, data_scale=fmt(scale), data_origin_x=fmt(MARGIN),
        data_origin_y=fmt(MARGIN), data_table_height=fmt(height),
        data_wb_focus=focus_box(_focus_points(figures, report, screen), 40.0,
                                (MARGIN, MARGIN, drawn_w, drawn_h)),
        font_family="DejaVu Sans, Verdana, sans-serif",
    ) + "\n"


def _grid_step(width: float, height: float) -> float:
    return 6.0 if max(width, height) <= 120 and width % 6 == 0 else 10.0


def _scale_bar(width: float, height: float, scale: float, unit: str) -> str:
    """Under the table: blocks as long as the grid's squares."""
    step = Fraction(_grid_step(width, height)).limit_denominator()
    return table_scale_bar(MARGIN, MARGIN + height * scale + RULER_SPACE + 12, scale, step,
                           unit, width * scale)


def _rulers(width: float, height: float, scale: float) -> str:
    """Rulers along the table's south and west edges: a tick at each grid line and a number at
    least 40 px apart, so a point can be read off (and typed) without counting squares."""
    step = _grid_step(width, height)
    label = step * max(1, round(40 / (step * scale)))
    bottom = MARGIN + height * scale
    parts: list[str] = []

    def ticks(length: float) -> Iterator[tuple[float, bool]]:
        for k in range(int(length / step + 1e-9) + 1):
            value = k * step
            yield value, abs(value / label - round(value / label)) < 1e-9

    for value, major in ticks(width):
        x = MARGIN + value * scale
        parts.append(element("line", x1=x, y1=bottom, x2=x, y2=bottom + (8 if major else 4)))
        if major:
            parts.append(text(x, bottom + 20, fmt(round(value, 1)), text_anchor="middle",
                              font_size=MIN_FONT, fill=RULER_COLOR))
    for value, major in ticks(height):
        y = bottom - value * scale
        parts.append(element("line", x1=MARGIN, y1=y, x2=MARGIN - (8 if major else 4), y2=y))
        if major:
            parts.append(text(MARGIN - 10, y + 4, fmt(round(value, 1)), text_anchor="end",
                              font_size=MIN_FONT, fill=RULER_COLOR))
    return element("g", parts, class_="rulers", aria_hidden="true", stroke=RULER_COLOR)


def _grid(width: float, height: float, scale: float) -> str:
    """Faint lines every 6 or 10 units, so distances can be judged by eye."""
    step = _grid_step(width, height)
    lines = []
    x = step
    while x < width:
        lines.append(element("line", x1=MARGIN + x * scale, y1=MARGIN, x2=MARGIN + x * scale,
                             y2=MARGIN + height * scale))
        x += step
    y = step
    while y < height:
        lines.append(element("line", x1=MARGIN, y1=MARGIN + (height - y) * scale,
                             x2=MARGIN + width * scale, y2=MARGIN + (height - y) * scale))
        y += step
    return element("g", lines, class_="grid", stroke="#d9dccb", stroke_width=0.8,
                   data_step=fmt(step))


def _obstacle(o: Any, screen: Any) -> str:
    corners = [screen(p) for p in _outline(o)]
    facts = getattr(o, "name", "") or getattr(getattr(o, "outline", None), "name", "") or \
        _("obstacle")
    obstacle_height = getattr(o, "height", None)
    if obstacle_height is not None:
        facts = _("{name}, height {height}").format(name=facts,
                                                    height=_number(float(obstacle_height)))
    shape = element("polygon", [element("title", [xml_text(facts)])], points=points(corners),
                    fill="#8d7b64", fill_opacity=0.85, stroke="#4a3f30", stroke_width=1.2,
                    class_="obstacle")
    return shape + _caption(corners, facts, "#2b241b")


def _zone(z: Any, screen: Any) -> str:
    corners = [screen(p) for p in _outline(z)]
    factor = getattr(z, "factor", None)
    name = getattr(z, "name", "") or getattr(getattr(z, "outline", None), "name", "") or \
        _("zone")
    facts = name if factor is None else _("{name}, ground movement × {factor}").format(
        name=name, factor=_number(float(factor)))
    shape = element("polygon", [element("title", [xml_text(facts)])], points=points(corners),
                    fill="#b7c9a0", fill_opacity=0.6, stroke="#6d7f56", stroke_dasharray="4 3",
                    class_="zone")
    return shape + _caption(corners, facts, "#3d4a2e")


def _caption(corners: Sequence[Point], words: str, color: str) -> str:
    """A shape's name and what it does, written over its middle."""
    if not corners:
        return ""
    x = sum(p[0] for p in corners) / len(corners)
    y = min(p[1] for p in corners) - 4
    return text(x, y, words, font_size=10, text_anchor="middle", fill=color,
                class_="shape-caption", pointer_events="none")


def _rings(geometry: dict[str, Any]) -> Iterable[list[list[list[float]]]]:
    kind = geometry.get("type")
    if kind == "Polygon":
        yield geometry["coordinates"]
    elif kind == "MultiPolygon":
        yield from geometry["coordinates"]
    elif kind == "GeometryCollection":
        for part in geometry.get("geometries", ()):
            yield from _rings(part)


def _path_data(geometry: dict[str, Any], screen: Any) -> str:
    parts = []
    for polygon in _rings(geometry):
        for ring in polygon:
            if not ring:
                continue
            xy = [screen(p) for p in ring]
            parts.append("M" + " L".join(f"{fmt(x)},{fmt(y)}" for x, y in xy) + " Z")
    return " ".join(parts)


def _area_level(area: dict[str, Any], levels: list[str]) -> int | None:
    key = area.get("altitude", area.get("tier"))
    if isinstance(key, int):
        return key
    if key is not None and str(key) in levels:
        return levels.index(str(key))
    return None


def _areas(report: dict[str, Any], altitude: int | None, levels: list[str], screen: Any) -> str:
    shapes = []
    for area in report["areas"]:
        level = _area_level(area, levels)
        if altitude is not None and level != altitude:
            continue
        color = _LEVEL_COLORS[(level or 0) % len(_LEVEL_COLORS)]
        name = area.get("altitude", area.get("tier"))
        shapes.append(element(
            "path", [element("title", [xml_text(_("can end here at {level}").format(
                level=_area_level_name(area, str(name))))])],
            d=_path_data(area["area"], screen), fill=color, fill_opacity=0.35,
            fill_rule="evenodd", stroke=color, stroke_width=1.5, class_="reach-area",
            data_altitude=name, data_level=level))
    return element("g", shapes, class_="reach")


def _route(route: Result, start: Point, screen: Any,
           note_boxes: list[Box] | None = None) -> str:
    """Each leg an arrow, from the place the step before it ended (its recorded state); at each
    point, one line per step that ends there: the running total after a leg, ``up 16`` for a
    change of level in place, the refused step with its rule."""
    arrows: list[str] = []
    notes: dict[Point, list[tuple[str, bool]]] = {}
    move = route if isinstance(route, MoveReport) else None  # a path not found draws nothing
    here = start
    for step in move.steps if move is not None else ():
        total = step.total_text()
        if not step.travels:
            notes.setdefault(here, []).append((f"{step.move} {total}".strip(), False))
            continue
        there = _xy(step.at)
        (x1, y1), (x2, y2) = screen(here), screen(there)
        arrows.append(element("line", x1=x1, y1=y1, x2=x2, y2=y2, stroke=PATH_COLOR,
                              stroke_width=3, marker_end="url(#arrow)", class_="route-step",
                              data_move=step.move, data_total=total))
        notes.setdefault(there, []).append((total, False))
        here = there
    error = None if move is None else move.error
    if move is not None and error is not None:
        x, y = screen(here)
        if move.refused_at is not None:
            x2, y2 = screen(_xy(move.refused_at))
            arrows.append(element("line", x1=x, y1=y, x2=x2, y2=y2, stroke=ILLEGAL_COLOR,
                                  stroke_width=3, stroke_dasharray="6 4",
                                  marker_end="url(#arrow-illegal)", class_="route-step refused",
                                  data_move=error.move, data_rule=error.rule))
        notes.setdefault(here, []).append((f"✗ {error.move} [{error.rule}]", True))
    boxes = []
    for point, said in notes.items():
        x, y = screen(point)
        lines = [words for words, _ in said]
        color = ILLEGAL_COLOR if any(bad for _, bad in said) else PATH_COLOR
        w = 6.4 * max(len(line) for line in lines) + 8
        box = element("rect", x=x + 8, y=y + 6, width=w, height=13 * len(lines) + 3, rx=3,
                      fill="#fff", fill_opacity=0.9, stroke=color, stroke_width=1)
        words = [text(x + 12, y + 18 + 13 * i, line, font_size=11, fill=color, class_="note")
                 for i, line in enumerate(lines)]
        if note_boxes is not None:
            note_boxes.append((x + 8, y + 6, w, 13 * len(lines) + 3))
        boxes.append(element("g", [box, *words], class_="route-note",
                             data_at=_point_text(point)))
    return element("g", [*arrows, *boxes], class_="route", pointer_events="none")


def _trail(trail: Trail, screen: Any) -> str:
    """A figure's last move through the points it passed (the legs' recorded places), from
    where it stood before it; a step that flies no leg (a change of level, a turn) leaves no
    mark of its own."""
    figure = next((f for f in _figures(trail.before.battle) if f.id == trail.creature), None)
    if figure is None:
        return ""
    start = _xy(figure.at)
    passed = [start]
    steps = trail.report.steps if isinstance(trail.report, MoveReport) else ()
    for step in steps:
        there = _xy(step.at)
        if step.travels and there != passed[-1]:
            passed.append(there)
    said = trail_words(trail, getattr(figure, "display_name", figure.id), _point_text(start))
    return trail_layer([(_point_text(p), screen(p)) for p in passed], trail.creature, said, 14.0)


def _focus_points(figures: Sequence[Any], report: dict[str, Any] | None, screen: Any
                  ) -> list[Point]:
    """What the opening view frames: the figures and the reach's areas (their outlines)."""
    found = [screen(f.at) for f in figures]
    for area in (report or {}).get("areas", []):
        found.extend(screen(p) for p in _outline_points(area.get("area")))
    return found


def _outline_points(shape: Any) -> Iterator[Sequence[float]]:
    """Every point of a GeoJSON geometry's coordinates, however deep they nest."""
    if not isinstance(shape, dict):
        return
    stack: list[Any] = [shape.get("coordinates", [])]
    while stack:
        item = stack.pop()
        if isinstance(item, list | tuple) and item and isinstance(item[0], int | float):
            yield item
        elif isinstance(item, list | tuple):
            stack.extend(item)


def _figure(f: Any, screen: Any, focused: bool, index: int, levels: list[str],
            name_at: Point) -> str:
    x, y = screen(f.at)
    color = "#e0a100" if focused else _SIDE_COLORS[index % len(_SIDE_COLORS)]
    r = FIGURE_R
    parts = [element("title", [xml_text(f"{getattr(f, 'display_name', f.id)} at "
                                      f"{_point_text(_xy(f.at))}")])]
    heading = _heading(f)
    if heading is not None:
        a = math.radians(float(heading) - 90.0)
        tip = (x + math.cos(a) * (r + 10), y + math.sin(a) * (r + 10))
        parts.append(element("line", x1=x, y1=y, x2=tip[0], y2=tip[1], stroke="#222",
                             stroke_width=2, class_="heading"))
    parts.append(element("circle", cx=x, cy=y, r=r, fill=color, stroke="#222", stroke_width=1.5))
    parts.append(text(*name_at, getattr(f, "display_name", f.id), font_size=NAME_SIZE,
                      font_weight="bold", text_anchor="middle", class_="name token-name"))
    level = _height(f)
    parts.append(text(x, y + 3.5, str(level if level is not None else ""), font_size=9,
                      text_anchor="middle", fill="#fff", class_="altitude"))
    name = _level_name(levels, level)
    if name != level:
        parts.append(text(x, y + r + 11, _level_value(name), font_size=9, text_anchor="middle",
                          fill="#333", class_="altitude-name"))
    return element("g", parts, class_="creature", data_id=f.id, data_wb_token=f.id,
                   data_at=_point_text(_xy(f.at)), data_altitude=level,
                   data_heading=None if heading is None else fmt(float(heading)))


def _budget(report: dict[str, Any]) -> str | None:
    """The reach's budget; for a ruleset that gives one per area, the largest."""
    if report.get("budget"):
        return format_decimal(report["budget"])
    budgets = [Fraction(a["budget"]) for a in report["areas"] if a.get("budget")]
    return format_decimal(max(budgets)) if budgets else None


def _legend(report: dict[str, Any] | None, altitude: int | None, levels: list[str],
            x0: float, obstacles: bool, zones: bool) -> str:
    x = x0 + 10
    parts: list[str] = []
    y = MARGIN + 10
    if report is not None:
        budget = _budget(report)
        parts.append(text(x, y, _("{creature}: {budget} {unit}").format(
            creature=report.get("creature"), budget=_number(str(budget)),
            unit=report.get("unit", "")), font_size=12, font_weight="bold"))
        word = _hint(str(report.get("ruleset")), "level_word", pgettext("field", "level"))
        if altitude is None:
            # Translators: every level of the table, e.g. "every tier"
            shown = _("every {level_word}").format(level_word=word)
        else:
            shown = _("{level_word} {level}").format(
                level_word=word, level=_level_value(levels[altitude]) if levels else altitude)
        parts.append(text(x, y + 16, _("where it can end: {shown}").format(shown=shown),
                          font_size=11))
        y += 36
        for area in report["areas"]:
            level = _area_level(area, levels)
            if altitude is not None and level != altitude:
                continue
            color = _LEVEL_COLORS[(level or 0) % len(_LEVEL_COLORS)]
            parts.append(element("rect", x=x, y=y - 9, width=14, height=10, fill=color,
                                 fill_opacity=0.5, stroke=color))
            name = _area_level_name(area, "")
            parts.append(text(x + 20, y, _("{level}: {words}").format(
                level=name, words=_area_words(area, report)), font_size=11,
                              class_="area-words", data_level=level))
            y += 16
    if obstacles:
        parts.append(element("rect", x=x, y=y + 1, width=14, height=10, fill="#8d7b64"))
        parts.append(text(x + 20, y + 10, _("obstacle (height)"), font_size=11))
        y += 18
    if zones:
        parts.append(element("rect", x=x, y=y + 1, width=14, height=10, fill="#b7c9a0",
                             stroke="#6d7f56", stroke_dasharray="3 2"))
        parts.append(text(x + 20, y + 10, _("terrain zone (× ground movement)"), font_size=11))
        y += 18
    parts.append(element("line", x1=x, y1=y + 6, x2=x + 16, y2=y + 6, stroke=PATH_COLOR,
                         stroke_width=3, marker_end="url(#arrow)"))
    parts.append(text(x + 20, y + 10, _("move, running total"), font_size=11))
    return element("g", parts, class_="legend", pointer_events="none")


def _number(value: float | str) -> str:
    """A number in a picture's words, with the language's decimal comma."""
    return localized_number(value if isinstance(value, str) else fmt(value))


def _level_value(level: Any) -> str:
    """A level's name (battlesystem's ``low``, ``medium`` …) in the language; a tier's number."""
    return value_word("altitude", level)


def _area_level_name(area: dict[str, Any], default: str) -> str:
    """``low`` (an altitude's name) or ``tier 1``: the level an area of a reach is at."""
    if "altitude" in area:
        return _level_value(area["altitude"])
    if "tier" in area:
        return _("tier {tier}").format(tier=area.get("tier"))
    return default


def _area_words(area: dict[str, Any], report: dict[str, Any]) -> str:
    """What one level's area stands for: the distance left there and what it cost to get there
    (battlesystem: the climb; confrontation: the MOU used)."""
    unit = str(report.get("unit", ""))
    if "full_speed" in area:
        radius = area["full_speed"].get("radius")
        climb = (area.get("climb") or {}).get("cost")
        said = f"{radius if radius is None else _number(format_decimal(radius))} {unit}"
        if climb not in (None, "0"):
            return _("{distance} after a climb of {climb}").format(
                distance=said, climb=_number(format_decimal(climb)))
        return said
    if "budget" in area:
        change = area.get("change")
        return f"{_number(format_decimal(area['budget']))} {unit}" + (
            f" ({change_word(str(change))})" if change else "")
    return ""
