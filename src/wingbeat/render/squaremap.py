"""SVG pictures of ``dnd5e`` square maps: 5 ft squares, walls, terrain, altitude, reach, routes.

Squares are labelled like ``C4`` (column letters east, row numbers south). A hex-grid ``dnd5e`` map
uses doubled coordinates like ``volare`` and is not drawn here yet.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from fractions import Fraction
from typing import Any
from xml.sax.saxutils import escape

from ..errors import NotationError, OptionError
from ..geometry.labels import column_label, split_label
from ..model import Scenario, format_cost
from ..rules.base import Result
from ..rules.grid import ReachReport
from .cells import CellReach, RouteLeg, cells_reached, route_legs_from_json
from .svg import (
    ACT_COLOR,
    ILLEGAL_COLOR,
    PATH_COLOR,
    arrow_marker_defs,
    cost_color,
    element,
    fmt,
    legend_scale,
    text,
)

__all__ = ["render", "summary"]

SIZE = 40.0
MARGIN = 28.0
LEGEND_WIDTH = 240.0
_COMPASS = {"N": (0, -1), "NE": (1, -1), "E": (1, 0), "SE": (1, 1), "S": (0, 1),
            "SW": (-1, 1), "W": (-1, 0), "NW": (-1, -1)}
_SIDE_COLORS = ("#7b3fa0", "#2a7f62", "#b5651d", "#3a6ea5", "#a03f5f")


def _battle(scenario: Scenario) -> Any:
    battle = scenario.battle
    grid = getattr(getattr(battle, "map", None), "grid", None)
    if grid is None or str(getattr(grid, "value", grid)) != "square":
        raise OptionError("no picture for a hex-grid dnd5e map yet; square maps only")
    return battle


def _label(col: int, row: int) -> str:
    return f"{column_label(col)}{row}"


def _square_of(label: str) -> tuple[int, int] | None:
    try:
        return split_label(label, kind="square")
    except NotationError:
        return None


def cell_of(move: str, here: str) -> str | None:
    """The square a move token enters from ``here``; None for a step in place."""
    word = move.strip().upper()
    if word in _COMPASS:
        start = _square_of(here)
        if start is None:
            return None
        dc, dr = _COMPASS[word]
        return _label(start[0] + dc, start[1] + dr) if start[0] + dc >= 1 and \
            start[1] + dr >= 1 else None
    found = _square_of(move)
    return None if found is None else _label(*found)


def summary(scenario: Scenario) -> dict[str, Any]:
    battle = _battle(scenario)
    bmap = battle.map
    return {
        "ruleset": scenario.ruleset, "source": scenario.source,
        "map": {"kind": "square", "columns": bmap.columns, "rows": bmap.rows, "top": bmap.top,
                "last_column": column_label(bmap.columns)},
        "altitudes": {"min": bmap.bottom, "max": bmap.top},
        "wind": None,
        "creatures": [{"id": c.id, "name": c.display_name, "at": _label(*c.at),
                       "altitude": c.altitude, "mode": "flying" if c.altitude else "standing",
                       "heading": None, "can_fly": bool(c.speed.fly), "side": c.side}
                      for c in battle.creatures],
    }


def _xy(col: int, row: int) -> tuple[float, float]:
    return MARGIN + (col - 1) * SIZE, MARGIN + (row - 1) * SIZE


def render(scenario: Scenario, *, reach: Result | None = None, altitude: int | None = None,
           route: Result | None = None, creature: str | None = None) -> str:
    """The square map as SVG, with a reach coloured by least cost and a route, like hex maps."""
    battle = _battle(scenario)
    bmap = battle.map
    if reach is not None and not isinstance(reach, ReachReport):
        raise OptionError("a square map draws the reach of a grid ruleset (a ReachReport)")
    if altitude is not None and not bmap.bottom <= altitude <= bmap.top:
        raise OptionError(f"altitude {altitude} is not on this map ({bmap.bottom} … {bmap.top})")
    focus_id = creature or (reach.creature if reach else None) or (
        route.to_dict().get("creature") if route is not None else None)
    focus = battle.creature(focus_id) if focus_id else None
    reached = cells_reached(reach, altitude) if reach is not None else {}
    legs = []
    data = route.to_dict() if route is not None else {}
    if "steps" in data and focus is not None:
        legs = route_legs_from_json(data, _label(*focus.at), cell_of)
        legs = [leg if leg.start == leg.end or _adjacent(leg.start, leg.end)
                else replace(leg, end=leg.start) for leg in legs]
    budget = reach.budget if reach is not None else Fraction(0)
    map_w = MARGIN * 2 + bmap.columns * SIZE
    map_h = MARGIN * 2 + bmap.rows * SIZE
    width, height = map_w + LEGEND_WIDTH, max(map_h, 300.0)
    cells = (_cell(bmap, c, r, reached.get(_label(c, r)), budget, altitude)
             for r in range(1, bmap.rows + 1) for c in range(1, bmap.columns + 1))
    heads = [text(MARGIN + (c - 0.5) * SIZE, MARGIN - 8, column_label(c), font_size=11,
                  text_anchor="middle", fill="#555") for c in range(1, bmap.columns + 1)]
    body = [element("defs", [arrow_marker_defs()]),
            element("rect", x=0, y=0, width=width, height=height, fill="#fbfaf6"),
            element("g", heads, class_="column-heads"),
            element("g", cells, class_="cells"),
            _route(legs),
            element("g", (_creature(c, c.id == focus_id, i) for i, c in
                          enumerate(battle.creatures)), class_="creatures",
                    pointer_events="none"),
            _legend(reach, altitude, map_w, budget, focus,
                    str(data.get("message")) if data.get("found") is False else None)]
    return element(
        "svg", [element("title", [escape(f"{scenario.source}: the map")]), *body],
        xmlns="http://www.w3.org/2000/svg", viewBox=f"0 0 {fmt(width)} {fmt(height)}",
        width=width, height=height, class_="wingbeat-map", data_ruleset=scenario.ruleset,
        data_creature=focus_id, data_altitude="all" if altitude is None else altitude,
        data_budget=None if reach is None else format_cost(reach.budget),
        data_unit=None if reach is None else reach.unit,
        font_family="DejaVu Sans, Verdana, sans-serif") + "\n"


def _cell(bmap: Any, col: int, row: int, reached: CellReach | None, budget: Fraction,
          altitude: int | None) -> str:
    x, y = _xy(col, row)
    label = _label(col, row)
    facts = [label]
    spec = bmap.cell(col, row)
    terrain = str(getattr(spec.terrain, "value", spec.terrain))
    fill = {"difficult": "#e3d9b8", "water": "#b9d3ea"}.get(terrain, "#f1efe6")
    if spec.wall:
        fill = "#3b3b3b"
        facts.append("wall")
    elif terrain != "normal":
        facts.append(f"{terrain} terrain")
    if spec.ground:
        facts.append(f"ground level {spec.ground}")
    if spec.ceiling is not None:
        facts.append(f"ceiling {spec.ceiling}")
    square = {"x": x + 0.5, "y": y + 0.5, "width": SIZE - 1, "height": SIZE - 1}
    parts = [element("rect", fill=fill, stroke="#b9b4a4", class_="terrain", **square)]
    missing = altitude is not None and not spec.wall and (
        altitude < spec.ground or (spec.ceiling is not None and altitude >= spec.ceiling))
    if missing:
        facts.append(f"altitude {altitude} does not exist here")
        parts.append(element("rect", fill="#2d2d2d", fill_opacity=0.35, class_="solid", **square))
    data: dict[str, object] = {}
    if reached is not None:
        parts.append(element("rect", fill=cost_color(reached.cost, budget), fill_opacity=0.82,
                             class_="reach-fill", **square))
        where = "at any altitude" if altitude is None else f"at altitude {altitude}"
        facts.append(f"least cost {format_cost(reached.cost)} {where}"
                     + (f"; can still act for {format_cost(reached.act_cost)}"
                        if reached.act_cost is not None else "; cannot act after moving here"))
        parts.append(text(x + SIZE / 2, y + SIZE / 2 + 5, format_cost(reached.cost),
                          font_size=12, font_weight="bold", text_anchor="middle", class_="cost"))
        if reached.can_act:
            parts.append(element("circle", cx=x + SIZE - 7, cy=y + SIZE - 7, r=4,
                                 fill=ACT_COLOR, class_="can-act"))
        data = {"data_cost": format_cost(reached.cost),
                "data_can_act": "true" if reached.can_act else "false"}
    parts.append(text(x + 3, y + 10, label, font_size=8, fill="#555", class_="label"))
    parts.insert(0, element("title", [escape("; ".join(facts))]))
    return element("g", parts, class_="square reach" if reached is not None else "square",
                   data_cell=label, data_wall="true" if spec.wall else None,
                   data_terrain=None if terrain == "normal" else terrain, **data)


def _adjacent(a: str, b: str) -> bool:
    one, two = _square_of(a), _square_of(b)
    return one is not None and two is not None and max(abs(one[0] - two[0]),
                                                        abs(one[1] - two[1])) == 1


def _center(label: str) -> tuple[float, float]:
    found = _square_of(label) or (1, 1)
    x, y = _xy(*found)
    return x + SIZE / 2, y + SIZE / 2


def _route(legs: list[RouteLeg]) -> str:
    arrows, notes = [], []
    for leg in legs:
        total = "" if leg.total is None else format_cost(leg.total)
        x2, y2 = _center(leg.end)
        if leg.start != leg.end:
            x1, y1 = _center(leg.start)
            color = ILLEGAL_COLOR if leg.refused else PATH_COLOR
            arrows.append(element(
                "line", x1=x1, y1=y1, x2=x2 - (x2 - x1) * 0.25, y2=y2 - (y2 - y1) * 0.25,
                stroke=color, stroke_width=3, class_="route-step refused" if leg.refused
                else "route-step", marker_end="url(#arrow-illegal)" if leg.refused
                else "url(#arrow)", data_move=leg.move, data_total=total or None,
                data_rule=leg.refused))
        note = f"✗ {leg.move} [{leg.refused}]" if leg.refused else (
            total if leg.start != leg.end else f"{leg.move} {total}")
        notes.append(text(x2, y2 + SIZE * 0.45, note, font_size=9, text_anchor="middle",
                          fill=ILLEGAL_COLOR if leg.refused else PATH_COLOR,
                          class_="route-note", data_cell=leg.end))
    return element("g", [*arrows, *notes], class_="route", pointer_events="none")


def _creature(c: Any, focused: bool, index: int) -> str:
    span = max(1, {"large": 2, "huge": 3, "gargantuan": 4}.get(str(c.size.value), 1))
    x, y = _xy(*c.at)
    cx, cy, r = x + span * SIZE / 2, y + span * SIZE / 2, span * SIZE * 0.36
    color = "#e0a100" if focused else _SIDE_COLORS[index % len(_SIDE_COLORS)]
    words = f"{c.display_name} at {_label(*c.at)}, altitude {c.altitude}"
    parts = [element("title", [escape(words)]),
             element("circle", cx=cx, cy=cy, r=r, fill=color, stroke="#222"),
             text(cx, cy + 3, c.id[:5], font_size=9, font_weight="bold", text_anchor="middle"),
             text(cx + r * 0.8, cy - r * 0.7, str(c.altitude), font_size=9,
                  text_anchor="middle", class_="altitude")]
    return element("g", parts, class_="creature", data_id=c.id, data_at=_label(*c.at),
                   data_altitude=c.altitude)


def _legend(reach: ReachReport | None, altitude: int | None, x0: float, budget: Fraction,
            focus: Any, missed: str | None) -> str:
    x = x0 + 10
    parts: list[str] = []
    y = MARGIN + 10
    if reach is not None and focus is not None:
        parts.append(text(x, y, f"{focus.display_name}: {format_cost(budget)} {reach.unit}",
                          font_size=12, font_weight="bold"))
        shown = "best over all altitudes" if altitude is None else f"altitude {altitude}"
        parts.append(text(x, y + 16, f"reach at {shown}", font_size=11))
        parts.append(legend_scale(x, y + 40, 180, budget, reach.unit))
        y += 90
    parts.extend(_key(x, y))
    if missed:
        parts.append(text(x, y + 70, missed[:60], font_size=11, fill=ILLEGAL_COLOR,
                          class_="no-path"))
    return element("g", parts, class_="legend", pointer_events="none")


def _key(x: float, y: float) -> Iterable[str]:
    for i, (fill, words) in enumerate((("#3b3b3b", "wall"), ("#e3d9b8", "difficult terrain"),
                                       ("#b9d3ea", "water"))):
        yield element("rect", x=x, y=y + 18 * i - 9, width=14, height=10, fill=fill)
        yield text(x + 20, y + 18 * i, words, font_size=11)
