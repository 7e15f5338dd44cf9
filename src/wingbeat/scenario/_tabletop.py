"""What the two tabletop rulesets' scenario parts share: the table and exact measures."""

from __future__ import annotations

from fractions import Fraction

from ..errors import ScenarioError
from ..geometry.table import Point, Table
from ..i18n import _

__all__ = ["MAX_TABLE", "exact", "point_on", "table_of"]

#: The largest table side: far beyond any table, small enough for areas to keep their 1 mm.
MAX_TABLE = 10_000


def exact(value: float) -> Fraction:
    """The number as written in the file (``17.5`` → ``35/2``), not its binary approximation."""
    return Fraction(str(value))


def table_of(size: tuple[float, float], unit: str) -> Table:
    """The table ``[width, height]`` in ``unit``; both sides positive and at most ``MAX_TABLE``."""
    width, height = size
    if not (0 < width <= MAX_TABLE and 0 < height <= MAX_TABLE):
        raise ScenarioError(_("expected a table [width, height] in {unit}, both positive and at "
                              "most {most}").format(unit=unit, most=MAX_TABLE), where="map.table")
    return Table(width, height)


def point_on(table: Table, at: tuple[float, float], where: str) -> Point:
    """A creature's ``at`` (``where``) as a point of the table; a ``ScenarioError`` when it is off
    the table."""
    point = (float(at[0]), float(at[1]))
    if not table.contains(point):
        raise ScenarioError(_("{point} is off the table ({table})").format(
            point=list(at), table=table.describe()), where=f"{where}.at")
    return point
