"""SVG pictures of ``volare`` hex maps (doubled coordinates), drawn flat-topped.

In doubled coordinates a column is a vertical stack of hexes and neighbouring columns sit half a
hex lower or higher, which is exactly a flat-topped layout: column ``c`` is at x = 1.5·s·c and
row ``r`` at y = (√3/2)·s·r. The six directions point at 60° steps clockwise from north.
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Iterable
from dataclasses import replace
from fractions import Fraction
from typing import Any
from xml.sax.saxutils import escape

from ..errors import NotationError, OptionError
from ..geometry.hexgrid import Direction, Hex, parse_direction, parse_hex
from ..geometry.labels import column_label
from ..model import Scenario, format_cost
from ..rules.base import Result
from ..rules.grid import MoveReport, PathNotFound, ReachReport
from ..rules.volare.model import Mode, VolareBattle, VolareCreature
from .cells import CellReach, RouteLeg, cells_reached, route_legs
from .svg import (
    ACT_COLOR,
    ILLEGAL_COLOR,
    PATH_COLOR,
    arrow_marker_defs,
    cost_color,
    element,
    fmt,
    legend_scale,
    points,
    text,
    wind_arrow,
)

__all__ = ["direction_angle", "hex_center", "render", "summary"]

SIZE = 24.0  # centre to corner, px
MARGIN = 28.0
LEGEND_WIDTH = 260.0
FULL_MAP_LIMIT = 4000  # larger maps are cropped to what the picture is about
CROP_MARGIN = 2
ROOT3 = math.sqrt(3.0)

_SIDE_COLORS = ("#7b3fa0", "#2a7f62", "#b5651d", "#3a6ea5", "#a03f5f")


def direction_angle(direction: Direction) -> float:
    """Screen angle (degrees, y down) of a hex direction: N is −90, NE −30 … clockwise."""
    return -90.0 + 60.0 * direction.value


def hex_center(col: int, row: int, c0: int, r0: int, size: float = SIZE) -> tuple[float, float]:
    x = MARGIN + size + 1.5 * size * (col - c0)
    y = MARGIN + ROOT3 / 2 * size * (row - r0 + 1)
    return x, y


def _corners(cx: float, cy: float, size: float) -> list[tuple[float, float]]:
    return [(cx + size * math.cos(math.radians(a)), cy + size * math.sin(math.radians(a)))
            for a in range(0, 360, 60)]


def _battle(scenario: Scenario) -> VolareBattle:
    if not isinstance(scenario.battle, VolareBattle):
        raise OptionError(f"scenario {scenario.source} is not a volare scenario")
    return scenario.battle


def summary(scenario: Scenario) -> dict[str, Any]:
    """What a picker needs: the map's size and altitudes, and who is on it."""
    battle = _battle(scenario)
    vmap = battle.map
    return {
        "ruleset": scenario.ruleset,
        "source": scenario.source,
        "map": {"kind": "hex", "columns": vmap.columns, "rows": vmap.rows, "top": vmap.top,
                "last_column": column_label(vmap.columns)},
        "altitudes": {"min": 0, "max": vmap.top},
        "wind": {"strength": battle.wind.strength.value,
                 "toward": battle.wind.toward.name if battle.wind.toward else None},
        "creatures": [_creature_summary(battle, c) for c in battle.creatures],
    }


def _creature_summary(battle: VolareBattle, c: VolareCreature) -> dict[str, Any]:
    return {"id": c.id, "name": c.display_name, "at": str(c.at), "altitude": c.altitude,
            "mode": c.mode.value, "heading": c.heading.name if c.heading else None,
            "can_fly": c.fly > 0, "side": c.side}


def cell_of(move: str, here: str) -> str | None:
    """The hex a move token enters from ``here``; None for a step in place (up, down …)."""
    word = move.strip()
    try:
        if word.upper() in Direction.__members__:
            neighbour = parse_hex(here).neighbor(parse_direction(word))
            return None if neighbour is None else str(neighbour)
        return str(parse_hex(word))
    except NotationError:
        return None


def render(
    scenario: Scenario,
    *,
    reach: Result | None = None,
    altitude: int | None = None,
    route: Result | None = None,
    creature: str | None = None,
) -> str:
    """The hex map as SVG: terrain, creatures, wind; a reach coloured by least cost; a route.

    ``altitude`` None shows the best over all altitudes; an altitude shows only the end states
    at it, and shades the cells where that altitude does not exist (inside the ground or above a
    ceiling). Every reach cell carries ``data-cost`` (exact, ``7/2``) and ``data-can-act``.
    """
    battle = _battle(scenario)
    vmap = battle.map
    if reach is not None and not isinstance(reach, ReachReport):
        raise OptionError("a hex map draws the reach of a grid ruleset (a ReachReport)")
    if route is not None and not isinstance(route, MoveReport | PathNotFound):
        raise OptionError("a hex map draws a path or a checked move (a MoveReport)")
    if altitude is not None and not 0 <= altitude <= vmap.top:
        raise OptionError(f"altitude {altitude} is not on this map (0 … {vmap.top})")
    focus_id = creature or (reach.creature if reach else None) or (route.creature if route
                                                                    else None)
    focus = battle.creature(focus_id) if focus_id else None
    reached = cells_reached(reach, altitude) if reach is not None else {}
    legs = []
    if isinstance(route, MoveReport) and focus is not None:
        legs = [_adjacent_or_here(leg) for leg in route_legs(route, str(focus.at), cell_of)]
    missed = route.message if isinstance(route, PathNotFound) else None

    c0, c1, r0, r1 = _window(battle, reach, legs)
    size = SIZE
    width_cols = c1 - c0 + 1
    map_w = MARGIN * 2 + size * 2 + 1.5 * size * (width_cols - 1)
    map_h = MARGIN * 2 + ROOT3 / 2 * size * (r1 - r0 + 2)
    width = map_w + LEGEND_WIDTH
    height = max(map_h, 340.0)

    cells = [Hex(c, r) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1) if (c + r) % 2 == 0]
    budget = reach.budget if reach is not None else Fraction(0)
    body = [
        element("defs", [arrow_marker_defs(), _patterns()]),
        element("rect", x=0, y=0, width=width, height=height, fill="#fbfaf6"),
        _column_heads(c0, c1, r0, size),
        element("g", (_cell(battle, h, c0, r0, size, reached.get(str(h)), budget, altitude)
                      for h in cells), class_="cells"),
        _route(legs, c0, r0, size),
        element("g", (_creature(c, c0, r0, size, c.id == focus_id, i)
                      for i, c in enumerate(battle.creatures) if _inside(c.at, c0, c1, r0, r1)),
                class_="creatures", pointer_events="none"),
        _legend(battle, reach, altitude, map_w, budget, focus, missed),
    ]
    title = _title(scenario, reach, altitude, focus)
    return element(
        "svg", [element("title", [escape(title)]), *body],
        xmlns="http://www.w3.org/2000/svg", viewBox=f"0 0 {fmt(width)} {fmt(height)}",
        width=width, height=height, class_="wingbeat-map", data_ruleset="volare",
        data_creature=focus_id, data_altitude="all" if altitude is None else altitude,
        data_budget=None if reach is None else format_cost(reach.budget),
        data_unit=None if reach is None else reach.unit,
        font_family="DejaVu Sans, Verdana, sans-serif",
    ) + "\n"


def _inside(cell: Hex, c0: int, c1: int, r0: int, r1: int) -> bool:
    return c0 <= cell.col <= c1 and r0 <= cell.row <= r1


def _window(battle: VolareBattle, reach: ReachReport | None, legs: list[RouteLeg]
            ) -> tuple[int, int, int, int]:
    """The columns and rows to draw.

    With a reach: every cell reached at any altitude, every creature and the route, with a
    margin, so the frame stays put while the altitude changes. Without: the whole map, unless
    it is huge, then around the creatures.
    """
    vmap = battle.map
    if reach is None and vmap.columns * vmap.rows // 2 <= FULL_MAP_LIMIT:
        return 1, vmap.columns, 1, vmap.rows
    interesting = [c.at for c in battle.creatures]
    if reach is not None:
        interesting += [parse_hex(str(s.state["at"])) for s in reach.states]
    interesting += [h for leg in legs for h in _on_map(leg.end)]
    cols = [h.col for h in interesting] or [1]
    rows = [h.row for h in interesting] or [1]
    c0 = max(1, min(cols) - CROP_MARGIN)
    c1 = min(vmap.columns, max(cols) + CROP_MARGIN)
    r0 = max(1, min(rows) - 2 * CROP_MARGIN)
    r1 = min(vmap.rows, max(rows) + 2 * CROP_MARGIN)
    return c0, c1, r0, r1


def _on_map(label: str) -> list[Hex]:
    try:
        return [parse_hex(label)]
    except NotationError:
        return []


def _patterns() -> str:
    hatch = element("path", d="M0,8 L8,0", stroke="#5a4632", stroke_width=1.4)
    solid = element("path", d="M0,8 L8,0 M-2,2 L2,-2 M6,10 L10,6", stroke="#2d2d2d",
                    stroke_width=2)
    return (element("pattern", [hatch], id="ceiling-hatch", patternUnits="userSpaceOnUse",
                    width=8, height=8)
            + element("pattern", [solid], id="solid-hatch", patternUnits="userSpaceOnUse",
                      width=8, height=8))


def _column_heads(c0: int, c1: int, r0: int, size: float) -> str:
    parts = []
    for col in range(c0, c1 + 1):
        x, _ = hex_center(col, r0, c0, r0, size)
        parts.append(text(x, MARGIN - 10, column_label(col), font_size=11, text_anchor="middle",
                          fill="#555"))
    return element("g", parts, class_="column-heads")


def _ground_fill(ground: int, top: int) -> str:
    if ground <= 0:
        return "#f1efe6"
    share = min(1.0, ground / max(top, 1))
    level = round(222 - 110 * share)
    return f"#{level:02x}{round(level * 0.93):02x}{round(level * 0.8):02x}"


def _cell(battle: VolareBattle, cell: Hex, c0: int, r0: int, size: float,
          reached: CellReach | None, budget: Fraction, altitude: int | None) -> str:
    vmap = battle.map
    cx, cy = hex_center(cell.col, cell.row, c0, r0, size)
    corners = points(_corners(cx, cy, size - 0.6))
    label = str(cell)
    ground = vmap.ground_at(cell)
    ceiling = vmap.ceiling_at(cell)
    parts = [element("polygon", points=corners, fill=_ground_fill(ground, vmap.top),
                     stroke="#b9b4a4", stroke_width=1, class_="terrain")]
    facts = [label]
    if ground:
        facts.append(f"ground level {ground}")
    if ceiling is not None:
        facts.append(f"ceiling {ceiling}: altitudes {ground}…{ceiling - 1} only")
        parts.append(element("polygon", points=corners, fill="url(#ceiling-hatch)",
                             class_="ceiling"))
    missing = altitude is not None and (altitude < ground or
                                        (ceiling is not None and altitude >= ceiling))
    if missing:
        facts.append(f"altitude {altitude} does not exist here")
        parts.append(element("polygon", points=corners, fill="url(#solid-hatch)",
                             fill_opacity=0.7, class_="solid"))
    data: dict[str, object] = {}
    if reached is not None:
        fill = cost_color(reached.cost, budget)
        parts.append(element("polygon", points=corners, fill=fill, fill_opacity=0.82,
                             class_="reach-fill"))
        facts.append(_reach_words(reached, altitude))
        data = {"data_cost": format_cost(reached.cost),
                "data_can_act": "true" if reached.can_act else "false",
                "data_best_altitude": reached.state.get("altitude")}
        cost_text = format_cost(reached.cost)
        parts.append(text(cx, cy + 5, cost_text, font_size=12 if len(cost_text) < 4 else 10,
                          font_weight="bold", text_anchor="middle", class_="cost"))
        if altitude is None:
            parts.append(text(cx, cy + 15, f"alt {reached.state.get('altitude', 0)}",
                              font_size=7, text_anchor="middle", fill="#333",
                              class_="best-altitude"))
        if reached.can_act:
            parts.append(element("circle", cx=cx + size * 0.55, cy=cy - size * 0.02,
                                 r=size * 0.13, fill=ACT_COLOR, stroke="#fff",
                                 stroke_width=1, class_="can-act"))
    parts.append(text(cx, cy - size * 0.45, label, font_size=8, text_anchor="middle",
                      fill="#555", class_="label"))
    if ground or ceiling is not None:
        terrain = (f"g{ground}" if ground else "") + (f" c{ceiling}" if ceiling is not None
                                                      else "")
        parts.append(text(cx - size * 0.55, cy + size * 0.05, terrain.strip(), font_size=7,
                          fill="#3b2f20", text_anchor="middle", class_="terrain-label"))
    parts.insert(0, element("title", [escape("; ".join(facts))]))
    classes = "hex reach" if reached is not None else "hex"
    return element("g", parts, class_=classes, data_cell=label, data_ground=ground or None,
                   data_ceiling=ceiling, **data)


def _state_words(state: dict[str, Any]) -> str:
    words = [f"altitude {state.get('altitude', 0)}", str(state.get("mode", ""))]
    if state.get("heading"):
        words.append(f"heading {state['heading']}")
    if state.get("skimming"):
        words.append("skimming")
    return ", ".join(w for w in words if w)


def _reach_words(reached: CellReach, altitude: int | None) -> str:
    where = "at any altitude" if altitude is None else f"at altitude {altitude}"
    out = f"least cost {format_cost(reached.cost)} {where} ({_state_words(reached.state)})"
    if reached.act_cost is not None and reached.act_state is not None:
        out += (f"; can still act for {format_cost(reached.act_cost)} "
                f"({_state_words(reached.act_state)})")
    else:
        out += "; cannot act after moving here"
    return out


def _route(legs: list[RouteLeg], c0: int, r0: int, size: float) -> str:
    """Arrows from cell to cell with the running cost; steps in place listed by their cell."""
    if not legs:
        return ""
    arrows: list[str] = []
    notes: dict[str, list[str]] = {}
    order: list[str] = []
    for leg in legs:
        total = "" if leg.total is None else format_cost(leg.total)
        if leg.start != leg.end:
            x1, y1 = _center(leg.start, c0, r0, size)
            x2, y2 = _center(leg.end, c0, r0, size)
            dx, dy = x2 - x1, y2 - y1
            shrink = 0.22
            color = ILLEGAL_COLOR if leg.refused else PATH_COLOR
            marker = "url(#arrow-illegal)" if leg.refused else "url(#arrow)"
            arrows.append(element(
                "line", x1=x1 + dx * shrink, y1=y1 + dy * shrink, x2=x2 - dx * shrink,
                y2=y2 - dy * shrink, stroke=color, stroke_width=3.2, marker_end=marker,
                stroke_dasharray="5 4" if leg.refused else None,
                class_="route-step refused" if leg.refused else "route-step",
                data_move=leg.move, data_total=total or None, data_rule=leg.refused))
        note = (f"✗ {leg.move} [{leg.refused}]" if leg.refused else
                (total if leg.start != leg.end else f"{leg.move} {total}"))
        where = leg.end  # a step in place ends where it started
        if where not in notes:
            notes[where] = []
            order.append(where)
        notes[where].append(note)
    labels = []
    for where in order:
        x, y = _center(where, c0, r0, size)
        content = " · ".join(notes[where])
        refused = any(n.startswith("✗") for n in notes[where])
        w = 6.2 * len(content) + 8
        box = element("rect", x=x - w / 2, y=y + size * 0.35, width=w, height=15, rx=4,
                      fill="#fff", fill_opacity=0.92,
                      stroke=ILLEGAL_COLOR if refused else PATH_COLOR, stroke_width=1)
        labels.append(element("g", [box, text(x, y + size * 0.35 + 11, content, font_size=10,
                                               text_anchor="middle",
                                               fill=ILLEGAL_COLOR if refused else PATH_COLOR)],
                              class_="route-note", data_cell=where))
    return element("g", [*arrows, *labels], class_="route", pointer_events="none")


def _adjacent_or_here(leg: RouteLeg) -> RouteLeg:
    """A refused step into a hex that is not next door is noted where the creature stands."""
    if leg.start == leg.end:
        return leg
    near = parse_hex(leg.start).direction_to(parse_hex(leg.end)) is not None
    return leg if near else replace(leg, end=leg.start)


def _wrap(words: str, width: int) -> list[str]:
    return textwrap.wrap(words, width) or [words]


def _center(label: str, c0: int, r0: int, size: float) -> tuple[float, float]:
    cell = parse_hex(label)
    return hex_center(cell.col, cell.row, c0, r0, size)


def _creature(c: VolareCreature, c0: int, r0: int, size: float, focused: bool, index: int
              ) -> str:
    cx, cy = hex_center(c.at.col, c.at.row, c0, r0, size)
    color = "#e0a100" if focused else _SIDE_COLORS[index % len(_SIDE_COLORS)]
    r = size * 0.42
    parts = [element("title", [escape(_creature_words(c))])]
    if c.heading is not None:
        a = math.radians(direction_angle(c.heading))
        tip = (cx + math.cos(a) * (r + 9), cy + math.sin(a) * (r + 9))
        left = (cx + math.cos(a + 0.5) * (r - 1), cy + math.sin(a + 0.5) * (r - 1))
        right = (cx + math.cos(a - 0.5) * (r - 1), cy + math.sin(a - 0.5) * (r - 1))
        parts.append(element("polygon", points=points([tip, left, right]), fill=color,
                             stroke="#222", stroke_width=1, class_="heading"))
    parts.append(element("circle", cx=cx, cy=cy, r=r, fill=color, stroke="#222",
                         stroke_width=2 if focused else 1))
    parts.append(text(cx, cy + 3.5, c.id[:4], font_size=9, font_weight="bold",
                      text_anchor="middle", fill="#fff" if not focused else "#222"))
    badge = f"{c.altitude}" if c.mode is not Mode.GROUNDED else "gr"
    parts.append(element("circle", cx=cx + r * 0.85, cy=cy - r * 0.85, r=6.5, fill="#fff",
                         stroke="#222", stroke_width=1))
    parts.append(text(cx + r * 0.85, cy - r * 0.85 + 3, badge, font_size=8,
                      text_anchor="middle", class_="altitude"))
    return element("g", parts, class_="creature", data_id=c.id, data_at=str(c.at),
                   data_altitude=c.altitude, data_mode=c.mode.value,
                   data_heading=c.heading.name if c.heading else None)


def _creature_words(c: VolareCreature) -> str:
    words = f"{c.display_name} at {c.at}, altitude {c.altitude}, {c.mode.value}"
    if c.heading is not None:
        words += f", heading {c.heading.name}"
    if c.prone:
        words += ", prone"
    return words


def _legend(battle: VolareBattle, reach: ReachReport | None, altitude: int | None, x0: float,
            budget: Fraction, focus: VolareCreature | None, missed: str | None) -> str:
    x = x0 + 10
    parts: list[str] = []
    wind = battle.wind
    caption = "wind: " + wind.strength.words + (f" toward {wind.toward.name}"
                                                if wind.toward else "")
    angle = direction_angle(wind.toward) if wind.toward and wind.strength.value != "calm" else None
    parts.append(wind_arrow(x + 90, MARGIN + 50, angle, 50, caption))
    y = MARGIN + 110
    if reach is not None and focus is not None:
        parts.append(text(x, y, f"{focus.display_name}: {format_cost(budget)} {reach.unit}",
                          font_size=12, font_weight="bold"))
        shown = "best over all altitudes" if altitude is None else f"altitude {altitude}"
        parts.append(text(x, y + 16, f"reach at {shown}", font_size=11))
        parts.append(legend_scale(x, y + 40, 180, budget, reach.unit))
        y += 90
        parts.append(element("circle", cx=x + 6, cy=y - 4, r=4, fill=ACT_COLOR))
        parts.append(text(x + 16, y, "can still act (attack)", font_size=11))
        y += 20
    parts.extend(_key(x, y, battle))
    if missed:
        parts.append(element("g", [text(x, y + 90 + 14 * i, line, font_size=11,
                                        fill=ILLEGAL_COLOR)
                                   for i, line in enumerate(_wrap(missed, 38))],
                             class_="no-path"))
    return element("g", parts, class_="legend", pointer_events="none")


def _key(x: float, y: float, battle: VolareBattle) -> Iterable[str]:
    swatch: dict[str, object] = {"width": 14, "height": 10}
    yield element("rect", x=x, y=y - 9, fill=_ground_fill(max(1, battle.map.top // 2),
                                                          battle.map.top), **swatch)
    yield text(x + 20, y, "raised ground (g = level)", font_size=11)
    yield element("rect", x=x, y=y + 11, fill="url(#ceiling-hatch)", stroke="#5a4632",
                  **swatch)
    yield text(x + 20, y + 20, "ceiling (c = first missing)", font_size=11)
    yield element("rect", x=x, y=y + 31, fill="url(#solid-hatch)", **swatch)
    yield text(x + 20, y + 40, "altitude not there", font_size=11)
    yield element("line", x1=x, y1=y + 56, x2=x + 16, y2=y + 56, stroke=PATH_COLOR,
                  stroke_width=3, marker_end="url(#arrow)")
    yield text(x + 20, y + 60, "path, running cost", font_size=11)


def _title(scenario: Scenario, reach: ReachReport | None, altitude: int | None,
           focus: VolareCreature | None) -> str:
    if reach is None or focus is None:
        return f"{scenario.source}: the map"
    shown = "best over all altitudes" if altitude is None else f"altitude {altitude}"
    return f"{scenario.source}: where {focus.display_name} can go this round ({shown})"
