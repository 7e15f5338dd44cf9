"""The last move made, drawn as a trail: where a creature went this round.

A trail is drawn from the check report of the move *as it was made* (a failed save may have cut
it short), checked from where the creature stood before it moved: the renderer places its steps
as it places a route's, from that start, so no picture (and no page) reads move notation again.
The trail lies over the cells and under the route arrows and the creatures: a dark dashed line
on a white casing, so it reads on every cost colour, a ring where the move began and a dot at
each place passed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..model import Scenario
from ..rules.base import Result
from .cells import RouteLeg
from .grid import GridLayout, Point, parse_label
from .svg import element, points, xml_text

__all__ = ["TRAIL_COLOR", "Trail", "grid_trail", "trail_cells", "trail_layer", "trail_words"]

TRAIL_COLOR = "#2b2118"


@dataclass(frozen=True)
class Trail:
    """A creature's last move: ``report`` is the check of its steps as made, ``before`` the
    battlefield as it stood when the move began (the creature's start is there)."""

    creature: str
    report: Result
    before: Scenario


def trail_words(trail: Trail, name: str, start: str) -> str:
    """The trail's tooltip: who moved, from where, and the moves as made."""
    moves = str(trail.report.to_dict().get("moves") or "")
    from ..i18n import _

    if not moves:
        return _("{name}'s last move, from {start}").format(name=name, start=start)
    return _("{name}'s last move, from {start}: {moves}").format(name=name, start=start,
                                                                 moves=moves)


def trail_cells(legs: Sequence[RouteLeg]) -> list[str]:
    """The cells a move passed, in order, from its start: refused steps and steps in place
    leave no mark of their own."""
    cells: list[str] = []
    for leg in legs:
        if leg.refused:
            break
        if not cells:
            cells.append(leg.start)
        if leg.end != cells[-1]:
            cells.append(leg.end)
    return cells


def grid_trail(layout: GridLayout, cells: Sequence[str], creature: str, said: str) -> str:
    """The trail through ``cells`` (labels) at their centres; nothing when the creature never
    left its cell, or when none of its cells is in the window drawn."""
    placed = [(label, layout.center(*found)) for label in cells
              if (found := parse_label(label, layout.kind)) is not None
              and layout.inside(*found)]
    return trail_layer(placed, creature, said, layout.size * 0.3, "data_cell")


def trail_layer(placed: Sequence[tuple[str, Point]], creature: str, said: str, ring: float,
                key: str = "data_at") -> str:
    """The trail's marks, each place named by ``key`` (``data_cell`` on a grid, ``data_at`` on a
    table); ``said`` is its tooltip (the creature and its moves)."""
    if len(placed) < 2:
        return ""
    line = points(p for _, p in placed)
    (first, start), rest = placed[0], placed[1:]
    marks = [element("title", [xml_text(said)]),
             element("polyline", points=line, fill="none", stroke="#fff", stroke_width=6,
                     stroke_opacity=0.85, stroke_linejoin="round", stroke_linecap="round",
                     class_="trail-casing"),
             element("polyline", points=line, fill="none", stroke=TRAIL_COLOR, stroke_width=2.5,
                     stroke_dasharray="6 4", stroke_linejoin="round", class_="trail-line"),
             element("circle", cx=start[0], cy=start[1], r=ring, fill="none", stroke=TRAIL_COLOR,
                     stroke_width=2.5, stroke_dasharray="4 3", class_="trail-start",
                     **{key: first})]
    marks += [element("circle", cx=x, cy=y, r=4, fill=TRAIL_COLOR, stroke="#fff",
                      stroke_width=1.5, class_="trail-mark", **{key: where})
              for where, (x, y) in rest]
    return element("g", marks, class_="trail", data_creature=creature,
                   data_path=" ".join(where for where, _ in placed), pointer_events="none")
