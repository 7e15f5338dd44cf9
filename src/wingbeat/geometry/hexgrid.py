"""Hex maps in doubled coordinates (V-grid).

A cell is (column, row) with ``column + row`` even; labels read like ``T34``. Rows grow southward
and letters eastward, so the six neighbours are N (0, −2), NE (+1, −1), SE (+1, +1), S (0, +2),
SW (−1, +1) and NW (−1, −1).
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum
from typing import ClassVar

from .._records import dataclass
from ..errors import NotationError
from ..i18n import _
from .cells import GridCell, parse_step, text_window
from .labels import column_label

__all__ = ["Direction", "Hex", "hex_distance", "hex_text_window", "parse_direction", "parse_hex"]


class Direction(IntEnum):
    """The six hex directions, clockwise from north; arithmetic on them is modulo 6."""

    N = 0
    NE = 1
    SE = 2
    S = 3
    SW = 4
    NW = 5

    def turned(self, sixths: int) -> Direction:
        """This direction turned clockwise by ``sixths`` × 60°."""
        return Direction((self.value + sixths) % 6)

    @property
    def opposite(self) -> Direction:
        return self.turned(3)

    @property
    def delta(self) -> tuple[int, int]:
        return _DELTAS[self.value]

    def angle_to(self, other: Direction) -> int:
        """Smallest turn between two directions, in sixths of a circle (0 … 3)."""
        diff = (other.value - self.value) % 6
        return min(diff, 6 - diff)


_DELTAS: tuple[tuple[int, int], ...] = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))


def parse_direction(text: str) -> Direction:
    """``"ne"`` → ``Direction.NE``."""
    return parse_step(Direction, text)


@dataclass(frozen=True, order=True, slots=True)
class Hex(GridCell[Direction]):
    """One hex cell, by column index (A = 1) and row number."""

    kind: ClassVar[str] = "hex"

    def __post_init__(self) -> None:
        GridCell.__post_init__(self)  # (a slotted dataclass has no zero-argument super())
        if (self.col + self.row) % 2:
            raise NotationError(_("{label} is not a hex: in doubled coordinates column index + "
                                  "row must be even").format(
                label=f"{column_label(self.col)}{self.row}"))

    @classmethod
    def directions(cls) -> Iterable[Direction]:
        return Direction

    #: The American spelling, as wingbeat 0.1 named it: ``Hex`` is public, so code written
    #: against it keeps working (deprecated; the code base spells it ``neighbour``).
    neighbor = GridCell.neighbour

    def distance(self, other: Hex) -> int:
        return hex_distance(self, other)

    def frontal(self, heading: Direction) -> tuple[Hex | None, Hex | None, Hex | None]:
        """The three frontal hexes of a creature here heading that way: −60°, ahead, +60°."""
        return (
            self.neighbour(heading.turned(-1)),
            self.neighbour(heading),
            self.neighbour(heading.turned(1)),
        )


def hex_distance(a: Hex, b: Hex) -> int:
    """Steps between two hexes: ``dc + max(0, (dr − dc) / 2)``."""
    dc = abs(a.col - b.col)
    dr = abs(a.row - b.row)
    return dc + max(0, (dr - dc) // 2)


def parse_hex(text: str) -> Hex:
    """``"T34"`` → ``Hex(20, 34)``; ``str()`` of the result gives the label back."""
    return Hex.parse(text)


def hex_text_window(
    center: Hex,
    shown: dict[str, str],
    columns: int,
    rows: int,
    *,
    radius: int = 6,
    mark: dict[str, str] | None = None,
) -> str:
    """A text picture of the hexes around ``center``: one line per row, each cell 4 wide (wider
    when a text needs it: ``1⁷⁄₁₂`` MP).

    In doubled coordinates every other column of a row holds a cell, so a plain character grid is
    already a faithful hex layout. ``shown`` maps labels to short texts (a cost), ``mark`` overrides
    them (``@`` for the creature); other cells print as a dot.
    """
    marked = mark or {}
    width = max(4, *(len(t) + 1 for t in shown.values())) if shown else 4

    def text(col: int, row: int) -> str:
        if (col + row) % 2:
            return " "
        label = f"{column_label(col)}{row}"
        return marked.get(label) or shown.get(label) or "."

    return text_window(range(max(1, center.col - radius), min(columns, center.col + radius) + 1),
                       range(max(1, center.row - 2 * radius),
                             min(rows, center.row + 2 * radius) + 1), width, text)
