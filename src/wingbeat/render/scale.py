"""The scale bar every map carries, so a picture shared without its scenario still says how far
things are: a grid's cells in the ruleset's length (a dnd5e square is 5 ft, a volare hex 3 m),
a table's grid lines in its unit (in, cm).

The bar is drawn under the map, in ``SCALE_BAR_SPACE`` px the picture adds for it.
"""

from __future__ import annotations

from fractions import Fraction

from ..i18n import _
from ..model import format_amount
from .svg import element, fmt, text

__all__ = ["SCALE_BAR_SPACE", "cell_scale_bar", "scale_bar", "table_scale_bar"]

SCALE_BAR_SPACE = 36.0  # px under the map
_INK = "#222"
_LONGEST = 220.0  # px: the bar never runs further than this, nor past the map


def scale_bar(x: float, y: float, step_px: float, step: Fraction, unit: str, steps: int,
              caption: str) -> str:
    """``steps`` black and white blocks of ``step`` (in ``unit``, ``step_px`` px each) from
    (x, y), the lengths under them, the caption beside them."""
    parts = []
    for i in range(steps):
        parts.append(element("rect", x=x + step_px * i, y=y, width=step_px, height=6,
                             fill=_INK if i % 2 == 0 else "#fff", stroke=_INK, stroke_width=1))
    for i in (0, steps) if steps > 1 else (0, 1):
        said = format_amount(step * i, unit) + (f" {unit}" if i else "")
        parts.append(text(x + step_px * i, y + 20, said, font_size=12, fill=_INK,
                          text_anchor="start" if i == 0 else "middle"))
    end = x + step_px * max(steps, 1)
    parts.append(text(end + 28, y + 7, caption, font_size=12, fill=_INK,
                      class_="scale-caption"))
    return element("g", parts, class_="scale-bar", data_step=f"{format_amount(step, unit)}",
                   data_unit=unit, data_step_px=fmt(step_px))


def cell_scale_bar(x: float, y: float, kind: str, size: float, length: Fraction, unit: str,
                   room: float) -> str:
    """A grid's bar: one block per cell, centre to centre (a square's side; a flat-topped hex's
    width across its flats, √3 × ``size``), as many as fit in ``room`` px (at most four)."""
    step_px = size if kind == "square" else size * 3 ** 0.5
    steps = _steps(step_px, room, most=4)
    said = (_("1 square = {length} {unit}") if kind == "square"
            else _("1 hex = {length} {unit}"))
    return scale_bar(x, y, step_px, length, unit, steps,
                     said.format(length=format_amount(length, unit), unit=unit))


def table_scale_bar(x: float, y: float, scale: float, step: Fraction, unit: str,
                    room: float) -> str:
    """A table's bar: blocks as long as the faint grid's squares (``step`` in ``unit``,
    ``scale`` px per unit), as many as fit in ``room`` px."""
    step_px = float(step) * scale
    steps = _steps(step_px, room, most=5)
    return scale_bar(x, y, step_px, step, unit, steps,
                     _("grid squares {step} {unit}").format(step=format_amount(step, unit),
                                                           unit=unit))


def _steps(step_px: float, room: float, *, most: int) -> int:
    fits = int(min(room, _LONGEST) // step_px) if step_px > 0 else 1
    return max(1, min(most, fits))
