"""What every grid picture shares: the two layouts (flat-topped hexes, squares) and the layers
drawn on them alike, whatever the ruleset: the reach colours, the route arrows, the legend's scale.

A layout places labelled cells on the screen for a window of columns and rows; the pictures
(each grid ruleset's own ``rulesets/<id>/render.py``: volare's hexes, dnd5e's squares or hexes)
draw through it and never compute a position themselves.
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol

from ..errors import NotationError
from ..geometry.hexgrid import Direction
from ..geometry.labels import column_label, split_label
from ..geometry.squaregrid import Compass
from ..i18n import _
from ..model import format_amount, format_cost
from .cells import CellReach, RouteLeg
from .names import Box, text_box
from .svg import (
    ACT_COLOR,
    ILLEGAL_COLOR,
    PATH_COLOR,
    cost_color,
    element,
    legend_scale,
    points,
    seen_through,
    text,
    xml_text,
)

__all__ = [
    "MARGIN",
    "GridLayout",
    "HexLayout",
    "Point",
    "SquareLayout",
    "cost_box",
    "ground_fill",
    "hatch_patterns",
    "key_rows",
    "reach_layer",
    "reach_legend",
    "route_layer",
    "under_label",
    "window",
    "wrapped",
]

MARGIN = 28.0
#: How opaque a reached cell's cost colour lies over its ground.
REACH_OPACITY = 0.82
ROOT3 = math.sqrt(3.0)
Point = tuple[float, float]


class GridLayout(Protocol):
    """Where each cell of a window of the map is drawn."""

    @property
    def kind(self) -> str: ...  # "hex" or "square"

    @property
    def size(self) -> float: ...

    @property
    def width(self) -> float: ...  # the map part of the picture, margins included

    @property
    def height(self) -> float: ...

    def cells(self) -> Iterator[tuple[int, int]]: ...

    def inside(self, col: int, row: int) -> bool: ...

    def center(self, col: int, row: int) -> Point: ...

    def outline(self, col: int, row: int, inset: float = 0.6) -> list[Point]: ...

    def neighbour(self, label: str, direction: str) -> str | None: ...

    def directions(self) -> tuple[str, ...]: ...


def parse_label(label: str, kind: str) -> tuple[int, int] | None:
    """``"C4"`` → (3, 4); None when the text is not a cell label."""
    try:
        return split_label(label, kind=kind)
    except NotationError:
        return None


def cell_label(col: int, row: int) -> str:
    return f"{column_label(col)}{row}"


@dataclass(frozen=True)
class _Window:
    """The part of the map a layout draws: columns ``c0 … c1``, rows ``r0 … r1`` (``window``)."""

    c0: int
    c1: int
    r0: int
    r1: int


def _step(label: str, direction: str, kind: str, compass: type[Direction] | type[Compass]
          ) -> str | None:
    """The label one step from ``label`` towards ``direction`` (a name in ``compass``), or None
    when either is not one or the step leaves the map's first row or column."""
    found = parse_label(label, kind)
    if found is None or direction.upper() not in compass.__members__:
        return None
    dc, dr = compass[direction.upper()].delta
    col, row = found[0] + dc, found[1] + dr
    return cell_label(col, row) if col >= 1 and row >= 1 else None


#: The cosine and sine of a flat-topped hex's corners (0°, 60° … 300°), worked out once.
_HEX_CORNERS = tuple((math.cos(math.radians(a)), math.sin(math.radians(a)))
                     for a in range(0, 360, 60))


@dataclass(frozen=True)
class HexLayout(_Window):
    """Doubled coordinates drawn flat-topped: a column is a vertical stack of hexes and the next
    column sits half a hex lower, so column ``c`` is at x = 1.5·s·c and row ``r`` at
    y = (√3/2)·s·r. Directions point at 60° steps clockwise from north."""

    size: float = 24.0
    kind: str = "hex"

    @property
    def width(self) -> float:
        return MARGIN * 2 + self.size * 2 + 1.5 * self.size * (self.c1 - self.c0)

    @property
    def height(self) -> float:
        return MARGIN * 2 + ROOT3 / 2 * self.size * (self.r1 - self.r0 + 2)

    def cells(self) -> Iterator[tuple[int, int]]:
        return ((c, r) for r in range(self.r0, self.r1 + 1) for c in range(self.c0, self.c1 + 1)
                if (c + r) % 2 == 0)

    def inside(self, col: int, row: int) -> bool:
        return self.c0 <= col <= self.c1 and self.r0 <= row <= self.r1 and (col + row) % 2 == 0

    def center(self, col: int, row: int) -> Point:
        return (MARGIN + self.size + 1.5 * self.size * (col - self.c0),
                MARGIN + ROOT3 / 2 * self.size * (row - self.r0 + 1))

    def outline(self, col: int, row: int, inset: float = 0.6) -> list[Point]:
        cx, cy = self.center(col, row)
        r = self.size - inset
        return [(cx + r * cos, cy + r * sin) for cos, sin in _HEX_CORNERS]

    def directions(self) -> tuple[str, ...]:
        return tuple(d.name for d in Direction)

    def neighbour(self, label: str, direction: str) -> str | None:
        return _step(label, direction, "hex", Direction)


@dataclass(frozen=True)
class SquareLayout(_Window):
    """Squares ``size`` px wide, column ``c`` at x = s·c, row ``r`` at y = s·r (north up)."""

    size: float = 40.0
    kind: str = "square"

    @property
    def width(self) -> float:
        return MARGIN * 2 + self.size * (self.c1 - self.c0 + 1)

    @property
    def height(self) -> float:
        return MARGIN * 2 + self.size * (self.r1 - self.r0 + 1)

    def cells(self) -> Iterator[tuple[int, int]]:
        return ((c, r) for r in range(self.r0, self.r1 + 1) for c in range(self.c0, self.c1 + 1))

    def inside(self, col: int, row: int) -> bool:
        return self.c0 <= col <= self.c1 and self.r0 <= row <= self.r1

    def center(self, col: int, row: int) -> Point:
        return (MARGIN + self.size * (col - self.c0 + 0.5),
                MARGIN + self.size * (row - self.r0 + 0.5))

    def outline(self, col: int, row: int, inset: float = 0.6) -> list[Point]:
        cx, cy = self.center(col, row)
        h = self.size / 2 - inset
        return [(cx - h, cy - h), (cx + h, cy - h), (cx + h, cy + h), (cx - h, cy + h)]

    def directions(self) -> tuple[str, ...]:
        return tuple(c.name for c in Compass)

    def neighbour(self, label: str, direction: str) -> str | None:
        return _step(label, direction, "square", Compass)


def adjacent(layout: GridLayout, a: str, b: str) -> bool:
    """True when ``b`` is one step from ``a`` in some direction of the layout."""
    return any(layout.neighbour(a, d) == b for d in layout.directions())


def window(columns: int, rows: int, interesting: Iterable[tuple[int, int]], *,
           margin: tuple[int, int]) -> tuple[int, int, int, int]:
    """Columns ``c0 … c1`` and rows ``r0 … r1`` around the interesting cells, within the map."""
    found = list(interesting) or [(1, 1)]
    cols = [c for c, _ in found]
    rows_ = [r for _, r in found]
    return (max(1, min(cols) - margin[0]), min(columns, max(cols) + margin[0]),
            max(1, min(rows_) - margin[1]), min(rows, max(rows_) + margin[1]))


def column_heads(layout: GridLayout) -> str:
    """The column letters above the map."""
    heads: dict[int, float] = {}
    for col, row in layout.cells():
        heads.setdefault(col, layout.center(col, row)[0])
    return element("g", (text(x, MARGIN - 10, column_label(c), font_size=11,
                              text_anchor="middle", fill="#555")
                         for c, x in sorted(heads.items())), class_="column-heads")


def hatch_patterns() -> str:
    """Fills for ceilings, missing altitudes, difficult terrain and difficult air."""
    def pattern(name: str, *shapes: str) -> str:
        return element("pattern", shapes, id=name, patternUnits="userSpaceOnUse", width=8,
                       height=8)

    return (pattern("ceiling-hatch", element("path", d="M0,8 L8,0", stroke="#5a4632",
                                             stroke_width=1.4))
            + pattern("solid-hatch", element("path", d="M0,8 L8,0 M-2,2 L2,-2 M6,10 L10,6",
                                             stroke="#2d2d2d", stroke_width=2))
            + pattern("difficult-dots", element("circle", cx=2, cy=2, r=1.1, fill="#8a6d2f"),
                      element("circle", cx=6, cy=6, r=1.1, fill="#8a6d2f"))
            + pattern("air-waves", element("path", d="M0,4 Q2,2 4,4 T8,4", fill="none",
                                           stroke="#5b7fa6", stroke_width=1)))


def ground_fill(ground: int, top: int) -> str:
    """Raised ground is darker the higher it stands on the map's altitude scale."""
    if ground <= 0:
        return "#f1efe6"
    share = min(1.0, ground / max(top, 1))
    level = round(222 - 110 * share)
    return f"#{level:02x}{round(level * 0.93):02x}{round(level * 0.8):02x}"


def cost_box(layout: GridLayout, col: int, row: int, reached: CellReach, unit: str = "MP"
             ) -> Box:
    """The box the cost ``reach_layer`` writes in a reached cell covers (``names.text_box``)."""
    cx, cy = layout.center(col, row)
    shown = format_amount(reached.cost, unit)
    return text_box(cx, cy + 6, shown, 16 if len(shown) < 4 else 13, bold=True)


def reach_layer(layout: GridLayout, col: int, row: int, reached: CellReach, budget: Fraction,
                altitude: int | None, unit: str = "MP", costed: bool = True
                ) -> tuple[str, list[str], dict[str, object]]:
    """A reached cell's colour, then its cost (as people read ``unit``: ``4.5`` m, ``7/2`` MP;
    not ``costed``: left out, a token's name is there, the tooltip and ``data-cost`` say it),
    can-act dot (and best altitude when showing all), and the ``data-*`` attributes of its
    group (``data-cost`` exact, as JSON spells it). Terrain marks go between the two."""
    corners = points(layout.outline(col, row))
    cx, cy = layout.center(col, row)
    size = layout.size
    cost = format_cost(reached.cost)
    shown = format_amount(reached.cost, unit)
    fill = element("polygon", points=corners, fill=cost_color(reached.cost, budget),
                   fill_opacity=REACH_OPACITY, class_="reach-fill")
    parts = [text(cx, cy + 6, shown, font_size=16 if len(shown) < 4 else 13, font_weight="bold",
                  text_anchor="middle", class_="cost")] if costed else []
    if reached.can_act:
        dot = (cx + size * 0.55, cy) if layout.kind == "hex" else (cx + size * 0.34,
                                                                   cy - size * 0.3)
        parts.append(element("circle", cx=dot[0], cy=dot[1], r=max(3.0, size * 0.12),
                             fill=ACT_COLOR, stroke="#fff", stroke_width=1, class_="can-act"))
    data: dict[str, object] = {"data_cost": cost,
                               "data_can_act": "true" if reached.can_act else "false",
                               "data_best_altitude": reached.state.get("altitude")}
    return fill, parts, data


def under_label(ground: str, reached: CellReach | None, budget: Fraction) -> str | None:
    """The plain colour a cell's label lies on: its ground, seen through its reach colour (as
    ``reach_layer`` draws it over a ``budget``); None when it is not one colour."""
    if reached is None:
        return ground
    return seen_through(cost_color(reached.cost, budget), REACH_OPACITY, ground)


def reach_words(reached: CellReach, altitude: int | None,
                state_words: Callable[[dict[str, object]], str], unit: str = "MP") -> str:
    """The tooltip of a reached cell: its least cost, and the cheapest way to still act."""
    values = {"cost": format_amount(reached.cost, unit), "state": state_words(reached.state)}
    if altitude is None:
        out = _("least cost {cost} at any altitude ({state})").format(**values)
    else:
        out = _("least cost {cost} at altitude {altitude} ({state})").format(
            altitude=altitude, **values)
    if reached.act_cost is not None and reached.act_state is not None:
        return _("{said}; can still act for {cost} ({state})").format(
            said=out, cost=format_amount(reached.act_cost, unit),
            state=state_words(reached.act_state))
    return _("{said}; cannot act after moving here").format(said=out)


def route_layer(layout: GridLayout, legs: Sequence[RouteLeg], *, stacked: bool = False,
                avoid: Sequence[tuple[float, float, float]] = (), unit: str = "MP",
                boxes: list[tuple[float, float, float, float]] | None = None
                ) -> tuple[str, str]:
    """Arrows from cell to cell, each with the running cost; steps in place listed at their cell
    (``1 · down 2 · hover 4``, or one under the other when ``stacked``, which keeps the notes
    of neighbouring cells apart); a refused step red and dashed with its rule id. A note is put
    where it covers none of the ``avoid`` circles (creatures: centre and radius) and no other
    note, below its cell if it can, else above, or reaching out to one side.

    Returns two layers: the arrows, to draw under the creatures, and the notes, to draw over
    them (so a note that finds no free place is still read whole)."""
    if not legs:
        return "", ""
    arrows: list[str] = []
    notes: dict[str, list[str]] = {}
    for leg in legs:
        total = "" if leg.total is None else format_cost(leg.total)  # exact, for data-total
        said_total = "" if leg.total is None else format_amount(leg.total, unit)
        if leg.start != leg.end:
            start, end = parse_label(leg.start, layout.kind), parse_label(leg.end, layout.kind)
            if start is not None and end is not None:
                (x1, y1), (x2, y2) = layout.center(*start), layout.center(*end)
                dx, dy = x2 - x1, y2 - y1
                shrink = 0.22
                # a little to the right of the way travelled, so a step back is seen apart
                length = math.hypot(dx, dy) or 1.0
                ox, oy = -dy / length * 3, dx / length * 3
                arrows.append(element(
                    "line", x1=x1 + dx * shrink + ox, y1=y1 + dy * shrink + oy,
                    x2=x2 - dx * shrink + ox, y2=y2 - dy * shrink + oy,
                    stroke=ILLEGAL_COLOR if leg.refused else PATH_COLOR, stroke_width=3.2,
                    marker_end="url(#arrow-illegal)" if leg.refused else "url(#arrow)",
                    stroke_dasharray="5 4" if leg.refused else None,
                    class_="route-step refused" if leg.refused else "route-step",
                    data_move=leg.move, data_total=total or None, data_rule=leg.refused))
        if leg.refused:
            note = f"✗ {leg.move} [{leg.refused}]"
        else:
            said = ([said_total, leg.extra] if leg.start != leg.end
                    else [leg.move, said_total, leg.extra])
            note = " ".join(w for w in said if w)
        notes.setdefault(leg.end, []).append(note)  # a step in place ends where it started
    labels = []
    taken: list[tuple[float, float, float, float]] = []
    for where, said in notes.items():
        found = parse_label(where, layout.kind)
        if found is None:
            continue
        x, y = layout.center(*found)
        lines, (bx, top, w, h) = _note_place(layout, x, y, said, stacked, avoid, taken)
        taken.append((bx, top, w, h))
        if boxes is not None:  # the notes' boxes, for the names to keep clear of
            boxes.append((bx, top, w, h))
        refused = any(n.startswith("✗") for n in said)
        color = ILLEGAL_COLOR if refused else PATH_COLOR
        box = element("rect", x=bx, y=top, width=w, height=h, rx=4,
                      fill="#fff", fill_opacity=0.92, stroke=color, stroke_width=1)
        middle = bx + w / 2
        if len(lines) == 1:
            words = text(middle, top + 11, lines[0], font_size=10, text_anchor="middle",
                         fill=color, class_="note")
        else:
            words = element("text", (element("tspan", [xml_text(line)], x=middle, dy=0 if i == 0
                                              else 13) for i, line in enumerate(lines)),
                            x=middle, y=top + 11, font_size=10, text_anchor="middle", fill=color,
                            class_="note")
        labels.append(element("g", [box, words], class_="route-note", data_cell=where))
    return (element("g", arrows, class_="route", pointer_events="none"),
            element("g", labels, class_="route-notes", pointer_events="none"))


def _note_place(layout: GridLayout, x: float, y: float, said: Sequence[str], stacked: bool,
                avoid: Sequence[tuple[float, float, float]],
                taken: Sequence[tuple[float, float, float, float]],
                ) -> tuple[list[str], tuple[float, float, float, float]]:
    """A note's lines and box (x, y, width, height) at the cell centred on (x, y): the first
    of below, above, then reaching out to either side, that covers no creature and no note
    already placed (below when none is free)."""
    lines = list(said) if stacked else [" · ".join(said)]
    gap = layout.size * (0.35 if layout.kind == "hex" else 0.2)
    side = layout.size * 0.5
    w = 6.2 * max(len(line) for line in lines) + 8
    h = 13 * len(lines) + 2
    for top in (y + gap, y - gap - h):
        for left in (x - w / 2, x + side - w, x - side):
            if _box_free((left, top, w, h), layout, avoid, taken):
                return lines, (left, top, w, h)
    return lines, (x - w / 2, y + gap, w, h)


def _box_free(box: tuple[float, float, float, float], layout: GridLayout,
              avoid: Sequence[tuple[float, float, float]],
              taken: Sequence[tuple[float, float, float, float]]) -> bool:
    left, top, w, h = box
    if left < 0 or top < 0 or left + w > layout.width or top + h > layout.height:
        return False
    for cx, cy, r in avoid:
        nx, ny = min(max(cx, left), left + w), min(max(cy, top), top + h)
        if math.hypot(cx - nx, cy - ny) < r:
            return False
    return all(left + w <= ol or ol + ow <= left or top + h <= ot or ot + oh <= top
               for ol, ot, ow, oh in taken)


def reach_legend(x: float, y: float, headline: str, shown: str, budget: Fraction, unit: str,
                 can_act: str) -> tuple[list[str], float]:
    """The legend's reach block: who, what budget, which altitude, the colour scale and the
    can-act dot; returns the parts and the height used."""
    parts = [text(x, y, headline, font_size=12, font_weight="bold"),
             # Translators: {shown} is the altitude shown, e.g. "altitude 2" or "any altitude"
             text(x, y + 16, _("reach at {shown}").format(shown=shown), font_size=11),
             legend_scale(x, y + 40, 180, budget, unit),
             element("circle", cx=x + 6, cy=y + 86, r=4, fill=ACT_COLOR),
             text(x + 16, y + 90, can_act, font_size=11)]
    return parts, 110.0


def key_rows(x: float, y: float, rows: Iterable[tuple[dict[str, object], str]]
             ) -> tuple[list[str], float]:
    """Swatches with their words, one per line (``rect`` attributes, words)."""
    parts: list[str] = []
    dy = 0.0
    for swatch, words in rows:
        parts.append(element("rect", x=x, y=y + dy - 9, width=14, height=10, **swatch))
        parts.append(text(x + 20, y + dy, words, font_size=11))
        dy += 18
    return parts, dy


def wrapped(x: float, y: float, words: str, width: int, **values: object) -> list[str]:
    """A long sentence as lines of at most ``width`` characters."""
    return [text(x, y + 14 * i, line, font_size=11, **values)
            for i, line in enumerate(textwrap.wrap(words, width) or [words])]
