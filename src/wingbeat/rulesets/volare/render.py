"""SVG pictures of ``volare`` hex maps (doubled coordinates, drawn flat-topped by ``HexLayout``):
ground levels and ceilings, creatures with altitude and heading, the wind, a reach, a route."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import replace
from fractions import Fraction
from typing import Any

from ...errors import NotationError, OptionError
from ...geometry.hexgrid import Direction, Hex, parse_hex
from ...geometry.labels import column_label
from ...model import format_cost
from ...render.background import background_layer
from ...render.cells import CellReach, RouteLeg, cells_reached, route_legs
from ...render.grid import (
    MARGIN,
    HexLayout,
    adjacent,
    column_heads,
    cost_box,
    ground_fill,
    hatch_patterns,
    key_rows,
    reach_layer,
    reach_legend,
    reach_words,
    route_layer,
    under_label,
    window,
    wrapped,
)
from ...render.memo import kept
from ...render.names import NAME_SIZE, Box, focus_box, name_places, text_box
from ...render.scale import SCALE_BAR_SPACE, cell_scale_bar
from ...render.svg import (
    ILLEGAL_COLOR,
    PATH_COLOR,
    arrow_marker_defs,
    element,
    escape,
    fmt,
    points,
    text,
    text_on,
    wind_arrow,
)
from ...render.trail import Trail, grid_trail, trail_cells, trail_words
from ...rules.base import Result
from ...rules.grid import GridMove, PathNotFound, ReachReport
from ._messages import _, pgettext
from .model import Mode, VolareBattle, VolareCreature, VolareScenario

__all__ = ["direction_angle", "hex_center", "render", "summary"]

SIZE = 30.0  # centre to corner, px: room for 12 px labels
LEGEND_WIDTH = 260.0
FULL_MAP_LIMIT = 4000  # larger maps are cropped to what the picture is about
CROP_MARGIN = 2
HEX_METRES = Fraction(3)  # one hex across, and one altitude level

_HEXES = HexLayout(1, 1, 1, 1, SIZE)  # neighbourhood does not depend on the window drawn
SIDE_COLORS = ("#7b3fa0", "#2a7f62", "#b5651d", "#3a6ea5", "#a03f5f")
FOCUS_COLOR = "#e0a100"


def direction_angle(direction: Direction) -> float:
    """Screen angle (degrees, y down) of a hex direction: N is −90, NE −30 … clockwise."""
    return -90.0 + 60.0 * direction.value


def hex_center(col: int, row: int, c0: int, r0: int, size: float = SIZE) -> tuple[float, float]:
    """Where the hex ``col``, ``row`` is drawn when the picture starts at ``c0``, ``r0``."""
    return HexLayout(c0, c0, r0, r0, size).center(col, row)



def summary(scenario: VolareScenario) -> dict[str, Any]:
    """What a picker needs: the map's size and altitudes, and who is on it."""
    battle = scenario.battle
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
            "level": c.altitude, "mode": c.mode.value,
            "heading": c.heading.name if c.heading else None, "can_fly": c.fly > 0,
            "side": c.side}


def render(
    scenario: VolareScenario,
    *,
    reach: Result | None = None,
    altitude: int | None = None,
    route: Result | None = None,
    creature: str | None = None,
    trail: Trail | None = None,
    whole_map: bool = False,
) -> str:
    """The hex map as SVG: terrain, creatures, wind; a reach coloured by least cost; a route;
    a creature's last move as a trail (``render.trail``).

    ``altitude`` None shows the best over all altitudes; an altitude shows only the end states
    at it, and shades the cells where that altitude does not exist (inside the ground or above a
    ceiling). Every reach cell carries ``data-cost`` (exact, ``7/2``) and ``data-can-act``.
    """
    battle = scenario.battle
    vmap = battle.map
    if reach is not None and not isinstance(reach, ReachReport):
        raise OptionError(_("a hex map draws the reach of a grid ruleset (a ReachReport)"))
    if route is not None and not isinstance(route, GridMove | PathNotFound):
        raise OptionError(_("a hex map draws a path or a checked move (a MoveReport)"))
    if altitude is not None and not 0 <= altitude <= vmap.top:
        raise OptionError(_("altitude {altitude} is not on this map (0 … {top})").format(
            altitude=altitude, top=vmap.top))
    focus_id = creature or (reach.creature if reach else None) or (route.creature if route
                                                                    else None)
    focus = battle.creature(focus_id) if focus_id else None
    reached = kept(reach, scenario, ("reached", altitude), lambda: cells_reached(reach, altitude)
                   ) if reach is not None else {}
    legs: list[RouteLeg] = []
    if isinstance(route, GridMove) and focus is not None:
        # a refused step into a hex that is not next door is noted where the creature stands
        legs = [leg if leg.start == leg.end or adjacent(_HEXES, leg.start, leg.end)
                else replace(leg, end=leg.start)
                for leg in route_legs(route)]
    missed = route.message if isinstance(route, PathNotFound) else None

    trail_legs, trail_said = _trail(trail)
    # ``whole_map``: framed as if there were no reach (the whole map, unless it is huge)
    layout = HexLayout(*_window(battle, None if whole_map else reach, [*legs, *trail_legs],
                                scenario), size=SIZE)
    width = layout.width + LEGEND_WIDTH
    height = max(layout.height + SCALE_BAR_SPACE, 340.0)
    budget = reach.budget if reach is not None else Fraction(0)
    # V-walk: a walker's costs are MP of walking; a creature that only walks (no flight this
    # round) is coloured on the walk's scale, and the legend names both budgets
    walk = None if reach is None else reach.info.get("walk_budget")
    unit = "" if reach is None else _unit()
    if walk is not None and not budget:
        budget, unit = Fraction(str(walk)), _("MP of walking")
    #: the scale of a cell whose cheapest state is on foot: its share of the walk's budget, as
    #: a flight cost's colour is its share of the flight's (V-walk)
    walk_scale = budget if walk is None else Fraction(str(walk))
    shown = [c for c in battle.creatures if layout.inside(c.at.col, c.at.row)]
    note_boxes: list[Box] = []
    arrows, notes = route_layer(layout, legs, avoid=[
        (*layout.center(c.at.col, c.at.row), layout.size * 0.42 + 7) for c in shown],
        boxes=note_boxes)
    cells_shown = list(layout.cells())
    label_boxes = [text_box(cx, cy - layout.size * 0.45, str(Hex(c, r)), 8)
                   for c, r in cells_shown
                   for cx, cy in [layout.center(c, r)]]
    costed = [(c, r) for c, r in cells_shown if str(Hex(c, r)) in reached]
    names, hidden = name_places(
        [(*layout.center(c.at.col, c.at.row), layout.size * 0.42, c.display_name)
         for c in shown], label_boxes, note_boxes, (0, 0, layout.width, layout.height),
        avoid=[cost_box(layout, c, r, reached[str(Hex(c, r))], "MP") for c, r in costed])
    name_at = {c.id: xy for c, xy in zip(shown, names, strict=True)}
    # a label or cost a token's name would cover is left out (the cell's tooltip says it)
    unlabelled = frozenset(cells_shown[i] for i in hidden if i < len(cells_shown))
    uncosted = frozenset(costed[i - len(cells_shown)] for i in hidden if i >= len(cells_shown))
    body = [
        element("defs", [arrow_marker_defs(), hatch_patterns()]),
        element("rect", x=0, y=0, width=width, height=height, fill="#fbfaf6"),
        column_heads(layout),
        background_layer(scenario, layout),
        # over a background picture the cells are see-through, so the picture shows
        # a label a token's name would cover is left out (the cell's tooltip names it)
        kept(reach, scenario, (layout, altitude, unlabelled, uncosted), lambda: element(
            "g", (_cell(battle, layout, Hex(c, r), reached.get(str(Hex(c, r))), budget,
                        altitude, walk_scale, (c, r) not in unlabelled, (c, r) not in uncosted,
                        seen_through=scenario.background is not None)
                  for c, r in layout.cells()), class_="cells",
            fill_opacity=0.45 if scenario.background is not None else None)),
        grid_trail(layout, trail_cells(trail_legs), trail.creature, trail_said) if trail else "",
        arrows,
        element("g", (_creature(c, layout, c.id == focus_id, i, name_at[c.id])
                      for i, c in enumerate(battle.creatures)
                      if layout.inside(c.at.col, c.at.row)),
                class_="creatures", pointer_events="none"),
        notes,
        _legend(battle, reach, altitude, layout.width, budget, focus, missed,
                None if walk is None else str(walk)),
        _scale_bar(layout),
    ]
    title = _title(scenario, reach, altitude, focus)
    return element(
        "svg", [element("title", [escape(title)]), *body],
        xmlns="http://www.w3.org/2000/svg", viewBox=f"0 0 {fmt(width)} {fmt(height)}",
        width=width, height=height, class_="wingbeat-map", data_ruleset="volare",
        data_creature=focus_id, data_altitude="all" if altitude is None else altitude,
        data_budget=None if reach is None else format_cost(budget),
        data_unit=None if reach is None else unit,
        data_wb_focus=focus_box(_focus_points(layout, shown, reached, [*legs, *trail_legs]),
                                layout.size * 2, (0, 0, layout.width, layout.height)),
        font_family="DejaVu Sans, Verdana, sans-serif",
    ) + "\n"


def _focus_points(layout: HexLayout, shown: list[VolareCreature],
                  reached: Mapping[str, CellReach], legs: list[RouteLeg]
                  ) -> list[tuple[float, float]]:
    """The centres the opening view frames: the creatures, the reach and the path."""
    cells = [(c.at.col, c.at.row) for c in shown]
    cells += [(h.col, h.row) for at in reached for h in _on_map(at)]
    cells += [(h.col, h.row) for leg in legs for h in _on_map(leg.end)]
    return [layout.center(c, r) for c, r in cells if layout.inside(c, r)]


def _label(layout: HexLayout, cell: tuple[int, int], beneath: str | None = None) -> str:
    """A cell's label, at the top of its hex (class ``label``: the page hides it when small);
    without a halo where it reads on the plain colour ``beneath`` it."""
    cx, cy = layout.center(*cell)
    return text_on(beneath, cx, cy - layout.size * 0.45, str(Hex(*cell)), font_size=8,
                   text_anchor="middle", fill="#555", class_="label")


def _trail(trail: Trail | None) -> tuple[list[RouteLeg], str]:
    """A last move's steps, placed from the hex the creature stood in before it, and their
    words; none for a report that is not a grid move."""
    if trail is None or not isinstance(trail.report, GridMove):
        return [], ""
    before = trail.before.battle.creature(trail.creature)
    start = str(before.at)
    return (route_legs(trail.report),
            trail_words(trail, before.display_name, start))


def _scale_bar(layout: HexLayout) -> str:
    """Under the map: one hex is 3 m across (docs/rulesets/volare.md, units)."""
    return cell_scale_bar(MARGIN, layout.height + 2, "hex", layout.size, HEX_METRES, "m",
                          layout.width - 2 * MARGIN)


def _window(battle: VolareBattle, reach: ReachReport | None, legs: list[RouteLeg],
            scenario: VolareScenario) -> tuple[int, int, int, int]:
    """The columns and rows to draw.

    With a reach: every cell reached at any altitude, every creature and the route, with a
    margin, so the frame stays put while the altitude changes. Without: the whole map, unless
    it is huge, then around the creatures.
    """
    vmap = battle.map
    if reach is None and vmap.columns * vmap.rows // 2 <= FULL_MAP_LIMIT:
        return 1, vmap.columns, 1, vmap.rows
    interesting = [(c.at.col, c.at.row) for c in battle.creatures]
    if reach is not None:  # the reach's corners frame as all its places do
        interesting += kept(reach, scenario, "corners", lambda: _corners(
            [parse_hex(at) for at in reach.places()]))
    interesting += [(h.col, h.row) for leg in legs for h in _on_map(leg.end)]
    return window(vmap.columns, vmap.rows, interesting, margin=(CROP_MARGIN, 2 * CROP_MARGIN))


def _corners(places: list[Hex]) -> list[tuple[int, int]]:
    """The least and the greatest column and row of ``places``: what a window around them
    needs."""
    if not places:
        return []
    cols = [h.col for h in places]
    rows = [h.row for h in places]
    return [(min(cols), min(rows)), (max(cols), max(rows))]


def _on_map(label: str) -> list[Hex]:
    try:
        return [parse_hex(label)]
    except NotationError:
        return []


def _cell(battle: VolareBattle, layout: HexLayout, cell: Hex, reached: CellReach | None,
          budget: Fraction, altitude: int | None, walk_budget: Fraction,
          labelled: bool = True, costed: bool = True, seen_through: bool = False) -> str:
    """One hex: its ground, marks, reach and label (``seen_through``: over a background
    picture, so the colour under its label is not known)."""
    vmap = battle.map
    cx, cy = layout.center(cell.col, cell.row)
    size = layout.size
    corners = points(layout.outline(cell.col, cell.row))
    label = str(cell)
    ground = vmap.ground_at(cell)
    ceiling = vmap.ceiling_at(cell)
    parts = [element("polygon", points=corners, fill=ground_fill(ground, vmap.top),
                     stroke="#b9b4a4", stroke_width=1, class_="terrain")]
    facts = [label]
    if ground:
        facts.append(_("ground level {ground}").format(ground=ground))
    if ceiling is not None:
        facts.append(_("ceiling {ceiling}: altitudes {ground}…{last} only").format(
            ceiling=ceiling, ground=ground, last=ceiling - 1))
        parts.append(element("polygon", points=corners, fill="url(#ceiling-hatch)",
                             class_="ceiling"))
    missing = altitude is not None and (altitude < ground or
                                        (ceiling is not None and altitude >= ceiling))
    if missing:
        facts.append(_("altitude {altitude} does not exist here").format(altitude=altitude))
        parts.append(element("polygon", points=corners, fill="url(#solid-hatch)",
                             fill_opacity=0.7, class_="solid"))
    data: dict[str, object] = {}
    scale = budget
    if reached is not None:
        scale = walk_budget if reached.state.get("on_foot") else budget
        fill, drawn, data = reach_layer(layout, cell.col, cell.row, reached, scale, altitude,
                                        costed=costed)
        parts.append(fill)
        parts.extend(drawn)
        facts.append(reach_words(reached, altitude, _state_words))
    if labelled:
        plain = not (seen_through or missing or ceiling is not None)
        beneath = under_label(ground_fill(ground, vmap.top), reached, scale) if plain else None
        parts.append(_label(layout, (cell.col, cell.row), beneath))
    if ground or ceiling is not None:
        terrain = (f"g{ground}" if ground else "") + (f" c{ceiling}" if ceiling is not None
                                                      else "")
        parts.append(text(cx - size * 0.55, cy + size * 0.05, terrain.strip(), font_size=7,
                          fill="#3b2f20", text_anchor="middle", class_="terrain-label"))
    parts.insert(0, element("title", [escape("; ".join(facts))]))
    classes = "hex cell reach" if reached is not None else "hex cell"
    return element("g", parts, class_=classes, data_cell=label, data_ground=ground or None,
                   data_ceiling=ceiling, **data)


def _unit() -> str:
    """volare's unit in a picture's words: MP (PM in Italian and French)."""
    return pgettext("unit", "MP")


def _state_words(state: dict[str, Any]) -> str:
    words = [_("altitude {altitude}").format(altitude=state.get("altitude", 0))]
    mode = state.get("mode")
    if mode in {m.value for m in Mode}:
        words.append(Mode(str(mode)).words)
    if state.get("heading"):
        words.append(_("heading {heading}").format(heading=state["heading"]))
    if state.get("skimming"):
        words.append(_("skimming"))
    if state.get("on_foot"):
        words.append(_("on foot"))
    return ", ".join(w for w in words if w)


def _creature(c: VolareCreature, layout: HexLayout, focused: bool, index: int,
              name_at: tuple[float, float]) -> str:
    cx, cy = layout.center(c.at.col, c.at.row)
    color = FOCUS_COLOR if focused else SIDE_COLORS[index % len(SIDE_COLORS)]
    r = layout.size * 0.42
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
    parts.append(text(*name_at, c.display_name, font_size=NAME_SIZE, font_weight="bold",
                      text_anchor="middle", class_="name token-name"))
    return element("g", parts, class_="creature", data_id=c.id, data_wb_token=c.id,
                   data_at=str(c.at),
                   data_altitude=c.altitude, data_mode=c.mode.value,
                   data_heading=c.heading.name if c.heading else None)


def _creature_words(c: VolareCreature) -> str:
    words = [_("{name} at {hex}, altitude {altitude}").format(name=c.display_name, hex=c.at,
                                                              altitude=c.altitude),
             c.mode.words]
    if c.heading is not None:
        words.append(_("heading {heading}").format(heading=c.heading.name))
    if c.prone:
        words.append(_("prone"))
    return ", ".join(words)


def _legend(battle: VolareBattle, reach: ReachReport | None, altitude: int | None, x0: float,
            budget: Fraction, focus: VolareCreature | None, missed: str | None,
            walk: str | None = None) -> str:
    x = x0 + 10
    parts: list[str] = []
    wind = battle.wind
    caption = (_("wind: {wind} toward {toward}").format(wind=wind.strength.words,
                                                        toward=wind.toward.name)
               if wind.toward else _("wind: {wind}").format(wind=wind.strength.words))
    angle = direction_angle(wind.toward) if wind.toward and wind.strength.value != "calm" else None
    parts.append(wind_arrow(x + 90, MARGIN + 50, angle, 50, caption))
    y = MARGIN + 110
    if reach is not None and focus is not None:
        shown = _shown(altitude)
        # V-walk: what it walks, on its own or beside its flight
        flight = format_cost(reach.budget)
        unit = _unit()
        if walk is None:
            spend = _("{name}: {fly} MP").format(name=focus.display_name, fly=flight)
        elif reach.budget:
            spend = _("{name}: {fly} MP, on foot {walk} MP of walking").format(
                name=focus.display_name, fly=flight, walk=walk)
        else:
            spend = _("{name}: {walk} MP of walking").format(
                name=focus.display_name, walk=walk)
            unit = _("MP of walking")
        block, used = reach_legend(x, y, spend, shown, budget, unit,
                                   _("can still act (attack)"))
        parts.extend(block)
        y += used
    parts.extend(_key(x, y, battle))
    if missed:
        parts.append(element("g", wrapped(x, y + 90, missed, 38, fill=ILLEGAL_COLOR),
                             class_="no-path"))
    return element("g", parts, class_="legend", pointer_events="none")


def _key(x: float, y: float, battle: VolareBattle) -> Iterable[str]:
    rows, used = key_rows(x, y, [
        ({"fill": ground_fill(max(1, battle.map.top // 2), battle.map.top)},
         _("raised ground (g = level)")),
        ({"fill": "url(#ceiling-hatch)", "stroke": "#5a4632"}, _("ceiling (c = first missing)")),
        ({"fill": "url(#solid-hatch)"}, _("altitude not there")),
    ])
    yield from rows
    yield element("line", x1=x, y1=y + used - 4, x2=x + 16, y2=y + used - 4, stroke=PATH_COLOR,
                  stroke_width=3, marker_end="url(#arrow)")
    yield text(x + 20, y + used, _("path, running cost"), font_size=11)


def _title(scenario: VolareScenario, reach: ReachReport | None, altitude: int | None,
           focus: VolareCreature | None) -> str:
    if reach is None or focus is None:
        return _("{source}: the map").format(source=scenario.source)
    return _("{source}: where {name} can go this round ({shown})").format(
        source=scenario.source, name=focus.display_name, shown=_shown(altitude))


def _shown(altitude: int | None) -> str:
    if altitude is None:
        return _("best over all altitudes")
    return _("altitude {altitude}").format(altitude=altitude)
