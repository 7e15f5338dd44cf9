"""Square maps (D-grid): labels, the eight neighbours, and the three ways to count diagonals.

A square is (column, row), both from 1; labels read like ``C4`` (column letters, row number). Rows
grow southward and letters eastward, so N is (0, −1) and SE is (+1, +1).

Distances are counted in 5 ft squares along *axes*: a step changes one, two or three of column,
row and altitude level. How a step that changes more than one axis is paid is the diagonal rule:

- ``phb``: every step is 5 ft;
- ``dmg``: the 1st, 3rd, 5th … multi-axis step is 5 ft, the 2nd, 4th … 10 ft, counted along the
  whole move;
- ``euclid``: true length (5 ft, 5√2 ft, 5√3 ft), the total rounded to the nearest 5 ft at the end.
  The total ``5·(a + b√2 + c√3)`` is kept as the integers (a, b, c); :func:`round_root_sum`
  rounds it exactly with integer square roots, so no float ever decides a cost.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum, StrEnum
from functools import cache
from math import isqrt
from typing import ClassVar

from .._records import dataclass
from .cells import GridCell, parse_step, text_window
from .labels import column_label

__all__ = [
    "Compass",
    "DiagonalRule",
    "Square",
    "compare_root_sum",
    "grid_distance",
    "parse_compass",
    "parse_square",
    "round_root_sum",
    "round_sqrt",
    "square_text_window",
]


class DiagonalRule(StrEnum):
    """How steps that change more than one axis are paid (D-grid)."""

    PHB = "phb"
    DMG = "dmg"
    EUCLID = "euclid"


class Compass(IntEnum):
    """The eight square directions, clockwise from north."""

    N = 0
    NE = 1
    E = 2
    SE = 3
    S = 4
    SW = 5
    W = 6
    NW = 7

    @property
    def delta(self) -> tuple[int, int]:
        return _DELTAS[self.value]

    @property
    def diagonal(self) -> bool:
        return self.value % 2 == 1


_DELTAS: tuple[tuple[int, int], ...] = (
    (0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))


def parse_compass(text: str) -> Compass:
    """``"se"`` → ``Compass.SE``."""
    return parse_step(Compass, text)


@dataclass(frozen=True, order=True, slots=True)
class Square(GridCell[Compass]):
    """One 5 ft square, by column index (A = 1) and row number."""

    kind: ClassVar[str] = "square"

    @classmethod
    def directions(cls) -> Iterable[Compass]:
        return Compass


def parse_square(text: str) -> Square:
    """``"C4"`` → ``Square(3, 4)``; ``str()`` of the result gives the label back."""
    return Square.parse(text)


def round_sqrt(n: int) -> int:
    """√n rounded to the nearest whole number, exactly (a tie would need n = k² + k + ¼)."""
    if n < 0:
        raise ValueError("no square root of a negative number")
    root = isqrt(n)
    return root + 1 if n > root * root + root else root


@cache
def round_root_sum(b: int, c: int) -> int:
    """``b·√2 + c·√3`` rounded to the nearest whole number, exactly.

    The sum is irrational unless b = c = 0, so it is never a half: bracket it between integer
    square roots at a growing binary precision until both ends of the bracket round alike.
    """
    if b < 0 or c < 0:
        raise ValueError("counts of diagonal steps are never negative")
    if c == 0:
        return round_sqrt(2 * b * b)
    if b == 0:
        return round_sqrt(3 * c * c)
    bits = 8
    while True:
        scale = 1 << bits
        low = isqrt(2 * b * b * scale * scale) + isqrt(3 * c * c * scale * scale)
        # the true value × scale lies in [low, low + 2); round(x) = ⌊(x·scale + scale/2) / scale⌋
        half = scale >> 1
        first = (low + half) // scale
        if first == (low + 1 + half) // scale:
            return first
        bits *= 2


def _floor_root(p: int, n: int, scale: int) -> int:
    """floor(p·√n·scale) for any whole p, exactly."""
    m = n * p * p * scale * scale
    if p >= 0:
        return isqrt(m)
    return -(isqrt(m - 1) + 1) if m else 0


@cache
def compare_root_sum(p: int, q: int, k: int) -> int:
    """The sign of ``p·√2 + q·√3 − k`` (−1, 0 or 1), exactly, for any whole p, q, k.

    Only p = q = 0 can make the sum rational, so otherwise a fine enough bracket decides.
    """
    if p == 0 and q == 0:
        return (k < 0) - (k > 0)
    bits = 8
    while True:
        scale = 1 << bits
        low = _floor_root(p, 2, scale) + _floor_root(q, 3, scale)
        # the sum × scale lies in [low, low + 2)
        target = k * scale
        if target < low:
            return 1
        if target >= low + 2:
            return -1
        bits *= 2


def grid_distance(gaps: tuple[int, ...], rule: DiagonalRule) -> int:
    """Feet between two spaces ``gaps`` squares apart along each axis (column, row, level).

    ``phb``: 5 ft per square of the largest gap; ``dmg``: diagonals alternate 5 and 10 ft, so the
    second-largest gap adds 5 ft per two; ``euclid``: the straight line, rounded to 5 ft.
    """
    ordered = sorted((abs(g) for g in gaps), reverse=True)
    if not ordered:
        return 0
    if rule is DiagonalRule.PHB:
        return 5 * ordered[0]
    if rule is DiagonalRule.DMG:
        second = ordered[1] if len(ordered) > 1 else 0
        return 5 * (ordered[0] + second // 2)
    return 5 * round_sqrt(sum(g * g for g in ordered))


def square_text_window(
    center: Square,
    shown: dict[str, str],
    columns: int,
    rows: int,
    *,
    radius: int = 6,
    mark: dict[str, str] | None = None,
    blocked: frozenset[str] = frozenset(),
) -> str:
    """A text picture of the squares around ``center``: one line per row, each cell 4 wide.

    ``shown`` maps labels to short texts (a cost), ``mark`` overrides them (``@`` for the creature),
    ``blocked`` squares print as ``#``; other squares print as a dot.
    """
    marked = mark or {}

    def text(col: int, row: int) -> str:
        label = f"{column_label(col)}{row}"
        return marked.get(label) or ("#" if label in blocked else None) or shown.get(label) or "."

    return text_window(range(max(1, center.col - radius), min(columns, center.col + radius) + 1),
                       range(max(1, center.row - radius), min(rows, center.row + radius) + 1), 4,
                       text)
