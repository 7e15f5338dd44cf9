"""What the two tabletop rulesets' scenario parts share: the table and exact measures."""

from __future__ import annotations

from fractions import Fraction

from ..errors import ScenarioError
from ..geometry.table import Table

__all__ = ["MAX_TABLE", "exact", "table_of"]

#: The largest table side: far beyond any table, small enough for areas to keep their 1 mm.
MAX_TABLE = 10_000


def exact(value: float) -> Fraction:
    """The number as written in the file (``17.5`` → ``35/2``), not its binary approximation."""
    return Fraction(str(value))


def table_of(size: tuple[float, float], unit: str) -> Table:
    """The table ``[width, height]`` in ``unit``; both sides positive and at most ``MAX_TABLE``."""
    width, height = size
    if not (0 < width <= MAX_TABLE and 0 < height <= MAX_TABLE):
        raise ScenarioError(f"expected a table [width, height] in {unit}, both positive and at "
                            f"most {MAX_TABLE}", where="map.table")
    return Table(width, height)
