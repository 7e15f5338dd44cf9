"""SVG pictures of ``dnd5e`` maps, on squares or on the hex option: walls, terrain, ground levels,
ceilings, creatures over their whole footprint, a reach coloured by least cost (ft, or m with
``units: m``), and a path or checked move as arrows with running costs.

A reach state's ``at`` is the creature's north-west space (D-size), so a Large creature's cost is
written in the north-west square of the 2 × 2 block it would cover; a path's end shows the block.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any

from ...errors import OptionError
from ...geometry.labels import column_label
from ...geometry.squaregrid import DiagonalRule
from ...i18n import language
from ...model import format_amount, format_cost
from ...render.background import background_layer
from ...render.cells import CellReach, RouteLeg, cells_reached, route_legs
from ...render.grid import (
    MARGIN,
    GridLayout,
    HexLayout,
    SquareLayout,
    adjacent,
    cell_label,
    column_heads,
    cost_box,
    ground_fill,
    hatch_patterns,
    key_rows,
    parse_label,
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
)
from ...render.trail import Trail, grid_trail, trail_cells, trail_words
from ...rules.base import Result
from ...rules.grid import GridMove, ReachReport
from ._messages import _, pgettext
from .board import footprint_offsets
from .descriptions import altitude_words
from .model import (
    Cell,
    Dnd5eBattle,
    Dnd5eCreature,
    Dnd5eMap,
    Dnd5eScenario,
    GridKind,
    Terrain,
    Units,
    WallKind,
)
from .turn import TurnReport
from .words import conditions_words, mode_doing, mode_name, size_word

__all__ = ["render", "summary"]

SQUARE_SIZE = 48.0  # side of a square, px: room for 12 px labels
HEX_SIZE = 30.0  # centre to corner, px: room for 12 px labels
LEGEND_WIDTH = 270.0
FULL_MAP_LIMIT = 4000  # larger maps are cropped to what the picture is about
CROP_MARGIN = 2
SIDE_COLORS = ("#7b3fa0", "#2a7f62", "#b5651d", "#3a6ea5", "#a03f5f")
FOCUS_COLOR = "#e0a100"
_SILENT = frozenset({"action", "dash", "disengage", "interact"})
WALL = "#3b3b3b"
DOOR = "#a0642c"
TERRAIN_FILL = {Terrain.DIFFICULT: "#e3d9b8", Terrain.WATER: "#b9d3ea"}



def _kind(bmap: Dnd5eMap) -> str:
    return "hex" if bmap.grid is GridKind.HEX else "square"


def level_words(level: int, unit: str) -> str:
    """An altitude level as a height: ``2 (10 ft)``, or ``2 (3 m)`` with ``units: m``."""
    return altitude_words(level, unit)


def summary(scenario: Dnd5eScenario) -> dict[str, Any]:
    """What a picker needs: the map, its altitude levels (5 ft each) and its creatures."""
    battle = scenario.battle
    bmap = battle.map
    unit = battle.options.units.value
    return {
        "ruleset": scenario.ruleset, "source": scenario.source,
        "map": {"kind": _kind(bmap), "columns": bmap.columns, "rows": bmap.rows,
                "top": bmap.top, "bottom": bmap.bottom,
                "last_column": column_label(bmap.columns)},
        "altitudes": {"min": bmap.bottom, "max": bmap.top,
                      "labels": [level_words(z, unit) for z in range(bmap.bottom, bmap.top + 1)],
                      "labels_by_unit": {u.value: [level_words(z, u.value)
                                                   for z in range(bmap.bottom, bmap.top + 1)]
                                         for u in Units}},
        "options": _query_options(battle),
        "wind": None,
        "creatures": [{"id": c.id, "name": c.display_name, "at": cell_label(*c.at),
                       "altitude": c.altitude, "level": c.altitude, "mode": _mode(bmap, c),
                       "heading": None, "can_fly": bool(c.speed.fly), "side": c.side,
                       "size": c.size.value}
                      for c in battle.creatures],
    }


def _query_options(battle: Dnd5eBattle) -> dict[str, dict[str, Any]]:
    """The query options a page may offer (``--option KEY=VALUE``): each with the scenario's own
    value and the choices. Diagonals matter on squares only."""
    offered: dict[str, dict[str, Any]] = {}
    if battle.map.grid is not GridKind.HEX:
        offered["diagonals"] = {"value": battle.options.diagonals.value,
                                "choices": [r.value for r in DiagonalRule]}
    offered["units"] = {"value": battle.options.units.value, "choices": [u.value for u in Units]}
    return offered


def _mode(bmap: Dnd5eMap, c: Dnd5eCreature) -> str:
    ground = bmap.cell(*c.at).ground
    if c.altitude > ground:
        where = _("hovering") if c.hover else mode_doing("fly")
    else:
        where = mode_doing("burrow") if c.altitude < ground else _("on the ground")
    return _("{how}, prone").format(how=where) if c.prone else where


def _footprint(bmap: Dnd5eMap, c: Dnd5eCreature, at: tuple[int, int]) -> list[tuple[int, int]]:
    return [(at[0] + dc, at[1] + dr) for dc, dr in footprint_offsets(bmap.grid, c.size)]


def render(scenario: Dnd5eScenario, *, reach: Result | None = None,
           altitude: int | None = None, route: Result | None = None, creature: str | None = None,
           trail: Trail | None = None, whole_map: bool = False) -> str:
    """The map as SVG, with a reach coloured by least cost and a route, like volare's hexes,
    and a creature's last move as a trail (``render.trail``). The whole map is drawn unless it
    is huge, with a reach or without (so ``whole_map`` changes nothing here).

    Every reached cell is ``<g class="square reach" data-cell="C4" data-cost="15"
    data-can-act="true">`` (``hex`` on the hex option): exactly what ``reach`` reports for the
    creature's north-west space, at ``altitude`` or the best over all altitudes.
    """
    battle = scenario.battle
    bmap = battle.map
    if reach is not None and not isinstance(reach, ReachReport):
        raise OptionError(_("a dnd5e map draws the reach of a grid ruleset (a ReachReport)"))
    if altitude is not None and not bmap.bottom <= altitude <= bmap.top:
        raise OptionError(_("altitude {level} is not on this map ({bottom} … {top})").format(
            level=altitude, bottom=bmap.bottom, top=bmap.top))
    data = route.to_dict() if route is not None else {}
    focus_id = creature or (reach.creature if reach else None) or data.get("creature")
    focus = battle.creature(focus_id) if focus_id else None
    unit = reach.unit if reach is not None else str(data.get("unit")
                                                   or battle.options.units.value)
    reached = kept(reach, scenario, ("reached", altitude), lambda: cells_reached(reach, altitude)
                   ) if reach is not None else {}
    kind = _kind(bmap)
    probe: GridLayout = HexLayout(1, 1, 1, 1) if kind == "hex" else SquareLayout(1, 1, 1, 1)
    legs = _legs(route, probe) if focus is not None else []
    trail_legs, trail_said = _trail(trail, probe)
    c0, c1, r0, r1 = _window(battle, reach, [*legs, *trail_legs])
    layout: GridLayout = (HexLayout(c0, c1, r0, r1, HEX_SIZE) if kind == "hex"
                          else SquareLayout(c0, c1, r0, r1, SQUARE_SIZE))
    budget = reach.budget if reach is not None else Fraction(0)
    legend, legend_bottom = _legend(bmap, reach, altitude, layout.width, budget, focus, route,
                                    data, unit)
    width = layout.width + LEGEND_WIDTH
    height = max(layout.height + SCALE_BAR_SPACE, legend_bottom + MARGIN)
    discs = [d for c in battle.creatures if (d := _disc(bmap, layout, c)) is not None]
    note_boxes: list[Box] = []
    arrows, notes = route_layer(layout, legs, stacked=True,
                                avoid=[(x, y, r + 7) for x, y, r in discs], unit=unit,
                                boxes=note_boxes)
    cells_shown = [(c, r) for c, r in layout.cells() if bmap.contains(c, r)]
    label_boxes = [_label_box(layout, c, r) for c, r in cells_shown]
    named = [(c, d) for c in battle.creatures if (d := _disc(bmap, layout, c)) is not None]
    costed = [(c, r) for c, r in cells_shown if cell_label(c, r) in reached]
    names, hidden = name_places([(*d, c.display_name) for c, d in named], label_boxes,
                                note_boxes, (0, 0, layout.width, layout.height),
                                avoid=[cost_box(layout, c, r, reached[cell_label(c, r)], unit)
                                       for c, r in costed])
    name_at = {c.id: xy for (c, _), xy in zip(named, names, strict=True)}
    # a label or cost a token's name would cover is left out (the cell's tooltip says it)
    unlabelled = frozenset(cells_shown[i] for i in hidden if i < len(cells_shown))
    uncosted = frozenset(costed[i - len(cells_shown)] for i in hidden if i >= len(cells_shown))
    cells = (_cell(bmap, layout, c, r, reached.get(cell_label(c, r)), budget, altitude, unit,
                   (c, r) not in unlabelled, (c, r) not in uncosted,
                   seen_through=scenario.background is not None)
             for c, r in cells_shown)
    body = [element("defs", [arrow_marker_defs(), hatch_patterns()]),
            element("rect", x=0, y=0, width=width, height=height, fill="#fbfaf6"),
            column_heads(layout),
            background_layer(scenario, layout),
            # over a background picture the cells are see-through, so the picture shows
            kept(reach, scenario, (layout, altitude, unit, unlabelled, uncosted, language()),
                 lambda: element(
                "g", cells, class_="cells",
                fill_opacity=0.45 if scenario.background is not None else None)),
            _walls_layer(bmap, layout),
            grid_trail(layout, trail_cells(trail_legs), trail.creature, trail_said)
            if trail else "",
            _route_end(bmap, layout, focus, legs),
            arrows,
            element("g", (_creature(bmap, layout, c, c.id == focus_id, i, unit,
                                    name_at.get(c.id))
                          for i, c in enumerate(battle.creatures)), class_="creatures",
                    pointer_events="none"),
            notes,
            legend,
            _scale_bar(layout, unit)]
    shown = (_("best over all altitudes") if altitude is None
             else _("altitude {level}").format(level=altitude))
    title = (_("{source}: where {name} can go this turn ({shown})").format(
        source=scenario.source, name=focus.display_name, shown=shown)
             if reach is not None and focus is not None
             else _("{source}: the map").format(source=scenario.source))
    return element(
        "svg", [element("title", [escape(title)]), *body],
        xmlns="http://www.w3.org/2000/svg", viewBox=f"0 0 {fmt(width)} {fmt(height)}",
        width=width, height=height, class_="wingbeat-map", data_ruleset=scenario.ruleset,
        data_grid=kind, data_creature=focus_id,
        data_altitude="all" if altitude is None else altitude,
        data_budget=None if reach is None else format_cost(reach.budget),
        data_unit=None if reach is None else reach.unit,
        data_wb_focus=focus_box(_focus_points(layout, discs, reached, [*legs, *trail_legs],
                                              kind),
                                layout.size * 2, (0, 0, layout.width, layout.height)),
        font_family="DejaVu Sans, Verdana, sans-serif") + "\n"


def _focus_points(layout: GridLayout, discs: Sequence[tuple[float, float, float]],
                  reached: Mapping[str, CellReach], legs: Sequence[RouteLeg], kind: str
                  ) -> list[tuple[float, float]]:
    """The centres the opening view frames: the creatures, the reach and the path."""
    cells = [p for at in reached if (p := parse_label(at, kind))]
    cells += [p for leg in legs if (p := parse_label(leg.end, kind))]
    return [(x, y) for x, y, _ in discs] + [layout.center(c, r) for c, r in cells
                                            if layout.inside(c, r)]


def _label_at(layout: GridLayout, col: int, row: int) -> tuple[float, float]:
    cx, cy = layout.center(col, row)
    size = layout.size
    top = cy - size * (0.45 if layout.kind == "hex" else 0.3)
    return (cx if layout.kind == "hex" else cx - size * 0.45), top


def _label_box(layout: GridLayout, col: int, row: int) -> Box:
    return text_box(*_label_at(layout, col, row), cell_label(col, row), 8,
                    anchor="middle" if layout.kind == "hex" else "start")


def _label(bmap: Dnd5eMap, layout: GridLayout, col: int, row: int,
           beneath: str | None = None) -> str:
    """A cell's label, at its top (class ``label``: the page hides it when small); without a
    halo where it reads on the plain colour ``beneath`` it."""
    return text_on(beneath, *_label_at(layout, col, row), cell_label(col, row), font_size=8,
                   fill="#eee" if bmap.cell(col, row).wall else "#555",
                   text_anchor="middle" if layout.kind == "hex" else None, class_="label")


def _trail(trail: Trail | None, layout: GridLayout) -> tuple[list[RouteLeg], str]:
    """A last move's steps, placed from the space the creature's north-west corner stood in
    before it (D-size), and their words."""
    move = _grid_move(trail.report) if trail is not None else None
    if trail is None or move is None:
        return [], ""
    before = trail.before.battle.creature(trail.creature)
    start = cell_label(*before.at)
    return route_legs(move), trail_words(trail, before.display_name, start)


def _scale_bar(layout: GridLayout, unit: str) -> str:
    """Under the map: a square or hex is 5 ft, 1.5 m with ``units: m`` (D-grid)."""
    length = Fraction(3, 2) if unit == "m" else Fraction(5)
    return cell_scale_bar(MARGIN, layout.height + 2, layout.kind, layout.size, length,
                          "m" if unit == "m" else "ft", layout.width - 2 * MARGIN)


def _window(battle: Dnd5eBattle, reach: ReachReport | None, legs: Sequence[RouteLeg]
            ) -> tuple[int, int, int, int]:
    """The whole map, unless it is huge: then around the creatures, the reach and the route."""
    bmap = battle.map
    if bmap.columns * bmap.rows <= FULL_MAP_LIMIT:
        return 1, bmap.columns, 1, bmap.rows
    kind = _kind(bmap)
    interesting = [c.at for c in battle.creatures]
    if reach is not None:
        interesting += [p for at in reach.places() if (p := parse_label(at, kind))]
    interesting += [p for leg in legs if (p := parse_label(leg.end, kind))]
    rows_margin = 2 * CROP_MARGIN if kind == "hex" else CROP_MARGIN
    return window(bmap.columns, bmap.rows, interesting, margin=(CROP_MARGIN + 3, rows_margin + 3))


# -- cells --------------------------------------------------------------------------------------

def _cell(bmap: Dnd5eMap, layout: GridLayout, col: int, row: int, reached: CellReach | None,
          budget: Fraction, altitude: int | None, unit: str, labelled: bool = True,
          costed: bool = True, seen_through: bool = False) -> str:
    """One cell: its ground, terrain, reach, marks and label (``seen_through``: over a
    background picture, so the colour under its label is not known)."""
    spec = bmap.cell(col, row)
    label = cell_label(col, row)
    corners = points(layout.outline(col, row))
    cx, cy = layout.center(col, row)
    size = layout.size
    facts = [label]
    base = WALL if spec.wall else TERRAIN_FILL.get(spec.terrain, ground_fill(spec.ground,
                                                                            bmap.top))
    parts = [element("polygon", points=corners, fill=base, stroke="#b9b4a4", stroke_width=1,
                     class_="terrain")]
    data: dict[str, object] = {}
    marks: list[str] = []
    if reached is not None:
        fill, marks, data = reach_layer(layout, col, row, reached, budget, altitude, unit,
                                        costed)
        parts.append(fill)
    if spec.wall:
        facts.append(_("wall: nothing enters it"))
    else:  # terrain patterns lie over the reach colour, so both can be read
        facts.extend(_terrain_facts(spec, unit))
        for present, pattern, name in ((spec.terrain is Terrain.DIFFICULT, "difficult-dots",
                                        "difficult"),
                                       (spec.ceiling is not None, "ceiling-hatch", "ceiling"),
                                       (spec.air_difficult, "air-waves", "air")):
            if present:
                parts.append(element("polygon", points=corners, fill=f"url(#{pattern})",
                                     class_=name))
    missing = altitude is not None and not spec.wall and (
        altitude < spec.ground or (spec.ceiling is not None and altitude >= spec.ceiling))
    if missing:
        if altitude is not None and altitude < spec.ground:
            facts.append(_("altitude {level} is under the ground here (burrowing only)").format(
                level=altitude))
        else:
            facts.append(_("altitude {level} is above the ceiling here").format(level=altitude))
        parts.append(element("polygon", points=corners, fill="url(#solid-hatch)",
                             fill_opacity=0.7, class_="solid"))
    if reached is not None:
        parts.extend(marks)
        facts.append(reach_words(reached, altitude, _state_words, unit) + f" ({unit})")
    if labelled:
        patterned = not spec.wall and (spec.terrain is Terrain.DIFFICULT or spec.air_difficult
                                       or spec.ceiling is not None)
        plain = not (seen_through or missing or patterned)
        parts.append(_label(bmap, layout, col, row,
                            under_label(base, reached, budget) if plain else None))
    short = _marks(spec)
    if short:
        parts.append(text(cx - size * 0.45 if layout.kind == "square" else cx - size * 0.55,
                          cy + size * (0.42 if layout.kind == "square" else 0.05), short,
                          font_size=7, fill="#3b2f20", class_="terrain-label",
                          text_anchor="middle" if layout.kind == "hex" else None))
    parts.insert(0, element("title", [escape("; ".join(facts))]))
    classes = f"{layout.kind} cell" + (" reach" if reached is not None else "")
    terrain = None if spec.terrain is Terrain.NORMAL else spec.terrain.value
    return element("g", parts, class_=classes, data_cell=label,
                   data_wall="true" if spec.wall else None, data_terrain=terrain,
                   data_ground=spec.ground or None, data_ceiling=spec.ceiling,
                   data_climb="true" if spec.climb else None,
                   data_air="difficult" if spec.air_difficult else None, **data)


def _walls_layer(bmap: Dnd5eMap, layout: GridLayout) -> str:
    """The walls and doors between squares (D-walls): a wall a thick dark line, a closed door a
    brown bar, an open door a dashed one."""
    if not bmap.walls or layout.kind != "square":
        return ""
    half = layout.size / 2
    parts = []
    for (a, b), kind in sorted(bmap.walls.items()):
        if not (layout.inside(*a) or layout.inside(*b)):
            continue
        (ax, ay), (bx, by) = layout.center(*a), layout.center(*b)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        if a[1] == b[1]:  # side by side in a row: the side runs north-south
            x1, y1, x2, y2 = mx, my - half, mx, my + half
        else:
            x1, y1, x2, y2 = mx - half, my, mx + half, my
        style = {WallKind.WALL: {"stroke": WALL, "stroke_width": 5},
                 WallKind.CLOSED: {"stroke": DOOR, "stroke_width": 8},
                 WallKind.OPEN: {"stroke": DOOR, "stroke_width": 3,
                                 "stroke_dasharray": "4 3"}}[kind]
        label = f"{cell_label(*a)}|{cell_label(*b)}"
        what = "wall" if kind is WallKind.WALL else f"{kind.value} door"
        said = (_("wall between {sides}") if kind is WallKind.WALL else
                _("closed door between {sides}") if kind is WallKind.CLOSED else
                _("open door between {sides}")).format(sides=label)
        parts.append(element("line", [element("title", [escape(said)])],
                             x1=x1, y1=y1, x2=x2, y2=y2, stroke_linecap="round",
                             class_=what.replace(" ", "-"), data_side=label, **style))
    return element("g", parts, class_="walls", pointer_events="none")


def _wall_keys(bmap: Dnd5eMap) -> list[tuple[dict[str, object], str]]:
    """Legend rows for the walls and doors between squares, when the map has any (D-walls)."""
    kinds = set(bmap.walls.values())
    rows: list[tuple[dict[str, object], str]] = []
    if WallKind.WALL in kinds:
        rows.append(({"fill": WALL, "rx": 4}, _("wall between squares")))
    if WallKind.CLOSED in kinds:
        rows.append(({"fill": DOOR, "rx": 4}, _("closed door (blocks)")))
    if WallKind.OPEN in kinds:
        rows.append(({"fill": "none", "stroke": DOOR, "stroke_dasharray": "3 2"},
                     _("open door")))
    return rows


def _terrain_facts(spec: Cell, unit: str) -> list[str]:
    facts = []
    if spec.terrain is Terrain.DIFFICULT:
        facts.append(_("difficult terrain: each step into it costs double"))
    elif spec.terrain is Terrain.WATER:
        facts.append(_("deep water: swimming"))
    if spec.ground:
        facts.append(_("ground at altitude {level}").format(
            level=level_words(spec.ground, unit)))
    if spec.ceiling is not None:
        facts.append(_("ceiling: altitude {level} and above do not exist here").format(
            level=spec.ceiling))
    if spec.climb:
        facts.append(_("climbable surface"))
    if spec.air_difficult:
        facts.append(_("the air above the ground is difficult terrain"))
    return facts


def _marks(spec: Cell) -> str:
    """The cell's short terrain marks: ``g2`` ground level, ``c1`` ceiling, ``cl`` climbable."""
    if spec.wall:
        return ""
    words = [f"g{spec.ground}" if spec.ground else "",
             f"c{spec.ceiling}" if spec.ceiling is not None else "",
             "cl" if spec.climb else ""]
    return " ".join(w for w in words if w)


def _state_mode(mode: str) -> str:
    """A state's mode in a cell's tooltip: ``fly`` (``in volo``, ``en vol``)."""
    if mode == "walk":
        return pgettext("a state's mode", "walk")
    if mode == "fly":
        return pgettext("a state's mode", "fly")
    if mode == "climb":
        return pgettext("a state's mode", "climb")
    if mode == "swim":
        return pgettext("a state's mode", "swim")
    if mode == "burrow":
        return pgettext("a state's mode", "burrow")
    return mode


def _state_words(state: dict[str, Any]) -> str:
    words = [_("altitude {level}").format(level=state.get("altitude", 0)),
             _state_mode(str(state.get("mode", "")))]
    if state.get("prone"):
        words.append(_("prone"))
    if state.get("squeezing"):
        words.append(_("squeezing"))
    if not state.get("can_act", True):
        words.append(_("with Dash"))
    return ", ".join(w for w in words if w)


# -- routes -------------------------------------------------------------------------------------

def _grid_move(result: Result | None) -> GridMove | None:
    """The steps of a checked move or found path (a ``TurnReport`` wraps them)."""
    if isinstance(result, TurnReport):
        return result.move
    return result if isinstance(result, GridMove) else None


def _fallen(events: Iterable[dict[str, Any]]) -> int:
    """Levels fallen in these events (5 ft each)."""
    return sum(int(e.get("feet", 0)) // 5 for e in events if e.get("type") == "fall")


def _legs(route: Result | None, layout: GridLayout) -> list[RouteLeg]:
    """The route's steps placed on the map from their recorded states; a step that changes
    altitude is marked ↑ or ↓, one that takes Dash, provokes an opportunity attack or falls says
    so (the legend lists every step in words)."""
    move = _grid_move(route)
    if move is None:
        return []
    legs = route_legs(move)
    out = []
    start = str(move.start)
    if isinstance(route, TurnReport) and any(e.get("step") == 0 for e in route.events):
        out.append(RouteLeg("fall", start, start, None, None))
    level = _start_level(move)
    for leg, step in zip(legs, [*move.steps, None], strict=False):
        if step is not None:
            before, level = level, int(step.state["altitude"])
        if not leg.refused and step is not None and leg.start == leg.end and \
                str(leg.move) in _SILENT and not step.events:
            continue  # the action, Dash alone … change nothing on the map: the legend lists them
        if leg.refused or step is None:
            out.append(leg if leg.start == leg.end or adjacent(layout, leg.start, leg.end)
                       else replace(leg, end=leg.start))
            continue
        events = step.events
        said = []
        if leg.start != leg.end:
            # the climb the step made, a fall in it not counted (its own word says it)
            rose = max(-1, min(1, level + _fallen(events) - before))
            said.append({1: "↑", -1: "↓"}.get(rose, ""))
            said.append(_("Dash") if leg.move.lower().startswith("dash ") else "")
        said += [_("jump") for e in events if e.get("type") == "jump"]
        # Translators: short for "opportunity attack", on an arrow of the map
        said += [_("OA") for e in events if e.get("type") == "opportunity-attack"]
        said += [_("fall") for e in events if e.get("type") == "fall"]
        out.append(replace(leg, extra=" ".join(w for w in said if w)))
    return out


def _start_level(move: GridMove) -> int:
    """The altitude the first step starts at: the start state's (after any fall before it)."""
    return int(move.start_state.get("altitude", 0))


def step_lines(route: Result, focus: Dnd5eCreature, unit: str) -> list[str]:
    """The route's steps in words, with the altitude each reaches (its recorded state): the
    legend's list."""
    move = _grid_move(route)
    events = route.events if isinstance(route, TurnReport) else ()
    before = [e for e in events if e.get("step") == 0]
    lines = []
    if before:
        level = focus.altitude - _fallen(before)
        lines.append(_("0. falls {feet} ft before moving, to altitude {level}").format(
            feet=_fallen(before) * 5, level=level))
    for index, step in enumerate(move.steps if move is not None else (), 1):
        words = [f"{index}. {step.move}: {format_amount(step.cost, unit)} → "
                 f"{format_amount(step.total, unit)} {unit}",
                 # Translators: short for "altitude", in the map's list of steps
                 _("alt {level}").format(level=step.state["altitude"])]
        words += [_("OA by {creature}").format(creature=e["by"]) for e in step.events
                  if e.get("type") == "opportunity-attack"]
        words += [_("falls {feet} ft").format(feet=e["feet"]) for e in step.events
                  if e.get("type") == "fall"]
        lines.append(", ".join(words))
    return lines


def _route_end(bmap: Dnd5eMap, layout: GridLayout, focus: Dnd5eCreature | None,
               legs: Sequence[RouteLeg]) -> str:
    """Where a creature bigger than one space ends: its whole footprint, dashed."""
    moved = [leg for leg in legs if not leg.refused]
    if focus is None or not moved or len(footprint_offsets(bmap.grid, focus.size)) == 1:
        return ""
    end = parse_label(moved[-1].end, layout.kind)
    if end is None:
        return ""
    shapes = [element("polygon", points=points(layout.outline(c, r, 3)), fill="none",
                      stroke=PATH_COLOR, stroke_width=2, stroke_dasharray="6 3")
              for c, r in _footprint(bmap, focus, end) if layout.inside(c, r)]
    return element("g", shapes, class_="route-end", pointer_events="none",
                   data_cells=" ".join(cell_label(c, r) for c, r in _footprint(bmap, focus,
                                                                               end)))


# -- creatures ----------------------------------------------------------------------------------

def _disc(bmap: Dnd5eMap, layout: GridLayout, c: Dnd5eCreature,
          ) -> tuple[float, float, float] | None:
    """Where a creature's disc is drawn (centre, radius), or None when it is off the picture."""
    spaces = [xy for xy in _footprint(bmap, c, c.at) if layout.inside(*xy)]
    if not spaces:
        return None
    centres = [layout.center(*xy) for xy in spaces]
    cx = sum(x for x, _ in centres) / len(centres)
    cy = sum(y for _, y in centres) / len(centres)
    r = layout.size * {"tiny": 0.26, "small": 0.32}.get(c.size.value, 0.36 if len(spaces) == 1
                                                         else 0.55)
    return cx, cy, r


def _creature(bmap: Dnd5eMap, layout: GridLayout, c: Dnd5eCreature, focused: bool, index: int,
              unit: str, name_at: tuple[float, float] | None = None) -> str:
    spaces = [xy for xy in _footprint(bmap, c, c.at) if layout.inside(*xy)]
    disc = _disc(bmap, layout, c)
    if disc is None:
        return ""
    color = FOCUS_COLOR if focused else SIDE_COLORS[index % len(SIDE_COLORS)]
    cx, cy, r = disc
    parts = [element("title", [escape(_creature_words(bmap, c, unit))])]
    if len(spaces) > 1:
        parts.extend(element("polygon", points=points(layout.outline(col, row, 2)),
                             fill=color, fill_opacity=0.3, stroke=color, stroke_width=1.5,
                             class_="footprint") for col, row in spaces)
    parts.append(element("circle", cx=cx, cy=cy, r=r, fill=color, stroke="#222",
                         stroke_width=2 if focused else 1))
    parts.append(text(cx, cy + 3.5, c.id[:5], font_size=9, font_weight="bold",
                      text_anchor="middle", fill="#222" if focused else "#fff"))
    badge = (cx + r * 0.8, cy - r * 0.8)
    parts.append(element("circle", cx=badge[0], cy=badge[1], r=6.5, fill="#fff", stroke="#222",
                         stroke_width=1))
    parts.append(text(badge[0], badge[1] + 3, str(c.altitude), font_size=8,
                      text_anchor="middle", class_="altitude"))
    nx, ny = name_at or (cx, cy + r + 13)
    parts.append(text(nx, ny, c.display_name, font_size=NAME_SIZE, font_weight="bold",
                      text_anchor="middle", class_="name token-name"))
    if c.prone:
        parts.append(text(nx, ny + 13, "prone", font_size=8, text_anchor="middle",
                          fill="#222", font_style="italic", class_="prone"))
    return element("g", parts, class_="creature", data_id=c.id, data_wb_token=c.id,
                   data_at=cell_label(*c.at),
                   data_altitude=c.altitude, data_size=c.size.value,
                   data_cells=" ".join(cell_label(*xy) for xy in _footprint(bmap, c, c.at)))


def _creature_words(bmap: Dnd5eMap, c: Dnd5eCreature, unit: str) -> str:
    speeds = ", ".join(f"{mode_name(mode)} {feet} ft" for mode, feet in c.speed.to_dict().items())
    if c.hover:
        speeds = _("{speeds}, hovers").format(speeds=speeds)
    if c.magic_flight:
        speeds = _("{speeds}, held aloft by magic").format(speeds=speeds)
    spaces = " ".join(cell_label(*xy) for xy in _footprint(bmap, c, c.at))
    words = [_("{name} ({size}) at {spaces}").format(name=c.display_name,
                                                     size=size_word(c.size.value), spaces=spaces),
             _("altitude {level}, {how}").format(level=level_words(c.altitude, unit),
                                                 how=_mode(bmap, c)),
             _("speed {speeds}").format(speeds=speeds),
             _("reach {feet} ft").format(feet=c.reach)]
    if c.side:
        words.append(_("side {side}").format(side=c.side))
    others = c.conditions - {"prone"}
    if others:
        words.append(_("conditions: {conditions}").format(conditions=conditions_words(others)))
    if not c.reaction:
        words.append(_("reaction spent: no opportunity attack"))
    return "; ".join(words)


# -- legend -------------------------------------------------------------------------------------

def _legend(bmap: Dnd5eMap, reach: ReachReport | None, altitude: int | None, x0: float,
            budget: Fraction, focus: Dnd5eCreature | None, route: Result | None,
            data: dict[str, Any], unit: str) -> tuple[str, float]:
    """The legend and how far down it reaches."""
    x = x0 + 10
    y = MARGIN + 10
    parts: list[str] = []
    if reach is not None and focus is not None:
        shown = (_("best over all altitudes") if altitude is None
                 else _("altitude {level}").format(level=level_words(altitude, unit)))
        headline = _("{name}: {length} with Dash").format(
            name=focus.display_name, length=f"{format_amount(budget, unit)} {unit}")
        block, used = reach_legend(x, y, headline, shown, budget, unit,
                                   _("can still take its action"))
        parts.extend(block)
        y += used
        speeds = ", ".join(f"{mode_name(mode)} {format_amount(str(value), unit)}"
                           for mode, value in reach.info.get("speeds", {}).items())
        said = [_("speeds {speeds} {unit}; Dash doubles them").format(speeds=speeds, unit=unit)
                ] if speeds else []
        said += [_("falls {feet} ft ({damage}) before it can move").format(
                    feet=e.get("feet"), damage=e.get("damage"))
                 for e in reach.info.get("start_events", ()) if e.get("type") == "fall"]
        for words in said:
            lines = wrapped(x, y, words, 40, fill="#333", class_="reach-note")
            parts.extend(lines)
            y += 14 * len(lines) + 4
        cells = len(footprint_offsets(bmap.grid, focus.size))
        if cells > 1:
            parts.extend(wrapped(x, y, _("a {size} creature covers {cells} spaces: each cost "
                                         "is written in its north-west space").format(
                size=size_word(focus.size.value), cells=cells), 40,
                fill="#333", class_="footprint-note"))
            y += 36
    rows, used = key_rows(x, y, [
        ({"fill": WALL}, _("wall")),
        ({"fill": "url(#difficult-dots)", "stroke": "#8a6d2f"}, _("difficult terrain (×2)")),
        ({"fill": TERRAIN_FILL[Terrain.WATER]}, _("deep water (swim)")),
        ({"fill": ground_fill(max(1, bmap.top // 2), bmap.top)}, _("raised ground (g = level)")),
        ({"fill": "url(#ceiling-hatch)", "stroke": "#5a4632"}, _("ceiling (c = first missing)")),
        ({"fill": "url(#air-waves)", "stroke": "#5b7fa6"}, _("difficult air")),
        ({"fill": "url(#solid-hatch)"}, _("altitude not there")),
        *_wall_keys(bmap),
    ])
    parts.extend(rows)
    y += used
    parts.append(element("line", x1=x, y1=y - 4, x2=x + 16, y2=y - 4, stroke=PATH_COLOR,
                         stroke_width=3, marker_end="url(#arrow)"))
    parts.append(text(x + 20, y, _("move, running cost (alt = new altitude)"), font_size=11))
    y += 24
    words, y = _route_words(x, y, route, data, focus, unit)
    parts.append(words)
    return element("g", parts, class_="legend", pointer_events="none"), y


def _length(value: Any, unit: str) -> str:
    """A JSON cost (``"9/2"``) as a person reads it, with its unit (``4,5 m``)."""
    try:
        return f"{format_amount(str(value), unit)} {unit}"
    except (ValueError, ZeroDivisionError):
        return f"{value} {unit}"


def _route_words(x: float, y: float, result: Result | None, route: dict[str, Any],
                 focus: Dnd5eCreature | None, unit: str) -> tuple[str, float]:
    """What the drawn path or move comes to, step by step: its cost and what the turn has left,
    or why it stops; and how far down the words reach."""
    if not route:
        return "", y
    if route.get("found") is False:
        said = wrapped(x, y, str(route.get("message", "")), 40, fill=ILLEGAL_COLOR)
        return element("g", said, class_="no-path"), y + 14 * len(said)
    lines: list[tuple[str, str]] = []
    steps = step_lines(result, focus, unit) if focus is not None and result is not None else []
    shown = steps if len(steps) <= 16 else [*steps[:7], "…", *steps[-8:]]
    lines.extend((line, "#333") for line in shown)
    error = route.get("error")
    if error:
        lines.append((_("✗ step {step} {move} [{rule}]: {message}").format(
            step=error.get("step"), move=error.get("move"), rule=error.get("rule"),
            message=error.get("message")), ILLEGAL_COLOR))
        lines.append((_("stops after {length}").format(
            length=_length(route.get("cost"), unit)), "#333"))
    else:
        length = _length(route.get("cost"), unit)
        total = (_("in all {length}; can still take its action") if route.get("can_act")
                 else _("in all {length}; its action is used"))
        lines.append((total.format(length=length), PATH_COLOR))
    turn = route.get("turn") or {}
    for attack in turn.get("opportunity_attacks", ()):
        lines.append((_("opportunity attack by {creature} at step {step}").format(
            creature=attack["by"], step=attack["step"]), ILLEGAL_COLOR))
    for fall in turn.get("falls", ()):
        lines.append((_("falls {feet} ft ({damage}) at step {step}").format(
            feet=fall.get("feet"), damage=fall.get("damage"), step=fall.get("step")),
            ILLEGAL_COLOR))
    out: list[str] = []
    for words, color in lines:
        drawn = wrapped(x, y, words, 42, fill=color)
        out.extend(drawn)
        y += 14 * len(drawn) + 2
    return element("g", out, class_="route-words"), y
