"""What every importer shares: the result, field access that names the field on failure, the map
size checks, and turning grid cells and sides into compact scenario entries."""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..errors import ScenarioError
from ..geometry.labels import column_label
from ..limits import map_size_error

__all__ = ["Imported", "Reader", "cell_blocks", "creature_id", "number", "plain", "side_runs",
           "sides_crossed"]

Side = tuple[tuple[int, int], tuple[int, int]]
Point = tuple[Fraction, Fraction]

#: The most columns and rows an imported map may have (the scenario's own limits).
MAX_COLUMNS = 702
MAX_ROWS = 2000


@dataclass
class Imported:
    """A scenario made from another tool's map: its data (ready for ``parse_scenario`` or YAML),
    the background picture's bytes and file ending (or None), and notes on what was left out."""

    data: dict[str, Any]
    image: bytes | None = None
    image_suffix: str = ".png"
    notes: list[str] = field(default_factory=list)


class Reader:
    """Field access on a parsed file: a missing or wrong field is a ``ScenarioError`` naming the
    file and the field (``walls[3].c``), one line, never a traceback."""

    def __init__(self, source: str):
        self.source = source

    def fail(self, where: str, message: str) -> ScenarioError:
        return ScenarioError(message, source=self.source, where=where or None)

    def mapping(self, value: Any, where: str) -> Mapping[str, Any]:
        if not isinstance(value, Mapping):
            raise self.fail(where, f"expected a mapping (an object), got {_kind(value)}")
        return value

    def items(self, value: Any, where: str) -> list[Any]:
        if not isinstance(value, list):
            raise self.fail(where, f"expected a list, got {_kind(value)}")
        return value

    def get(self, data: Mapping[str, Any], key: str, where: str) -> Any:
        if key not in data:
            raise self.fail(_at(where, key), "required, but missing")
        return data[key]

    def number(self, value: Any, where: str) -> Fraction:
        got = number(value)
        if got is None:
            raise self.fail(where, f"expected a number, got {_kind(value)}")
        return got

    def point(self, value: Any, where: str) -> Point:
        data = self.mapping(value, where)
        return (self.number(self.get(data, "x", where), _at(where, "x")),
                self.number(self.get(data, "y", where), _at(where, "y")))

    def grid_size(self, columns: Fraction, rows: Fraction, where: str) -> tuple[int, int]:
        """Whole squares covering ``columns`` × ``rows`` (rounded up), within the limits."""
        cols, rws = math.ceil(columns), math.ceil(rows)
        if cols < 1 or rws < 1:
            raise self.fail(where, f"the map is {cols} × {rws} squares: expected at least 1 × 1")
        if cols > MAX_COLUMNS or rws > MAX_ROWS:
            raise self.fail(where, f"the map is {cols} × {rws} squares: a scenario has at most "
                                   f"{MAX_COLUMNS} columns and {MAX_ROWS} rows")
        why = map_size_error(cols, rws)
        if why is not None:
            raise self.fail(where, why)
        return cols, rws


def number(value: Any) -> Fraction | None:
    """A JSON or XML number as an exact fraction (a float's exact value), or None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | Fraction):
        return Fraction(value)
    if isinstance(value, float):
        return Fraction(value) if math.isfinite(value) else None
    if isinstance(value, str):
        try:
            got = Fraction(value.strip())
        except (ValueError, ZeroDivisionError):
            return None
        return got
    return None


def plain(value: Fraction | int) -> int | float:
    """A number as YAML writes it plainly: a whole number, else a decimal."""
    value = Fraction(value)
    return int(value) if value.denominator == 1 else float(value)


def _at(where: str, key: str) -> str:
    return f"{where}.{key}" if where else key


def _kind(value: Any) -> str:
    if value is None:
        return "nothing (null)"
    return {dict: "a mapping", list: "a list", str: "text", bool: "true/false", int: "a number",
            float: "a number"}.get(type(value), type(value).__name__)


def creature_id(name: str, taken: set[str]) -> str:
    """A short unique id from a token's or object's name: ``Goblin Boss`` → ``goblin-boss``."""
    base = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:40] or "creature"
    ident, n = base, 1
    while ident in taken:
        n += 1
        ident = f"{base}-{n}"
    taken.add(ident)
    return ident


def sides_crossed(p: Point, q: Point, columns: int, rows: int) -> set[Side]:
    """The sides between squares that the segment p–q (grid units, (0, 0) at the map's
    north-west corner) separates: a side between two squares is crossed when the segment cuts
    the line joining their centres. A wall drawn on grid lines gives exactly the sides under it;
    a slanted one, the staircase of sides it passes. Squares are (column, row), from 1."""
    out: set[Side] = set()
    (px, py), (qx, qy) = p, q
    half = Fraction(1, 2)
    # squares side by side in a row: centres joined at y = j + ½, x from i + ½ to i + 1½
    if py != qy:
        lo, hi = sorted((py, qy))
        for j in range(max(0, math.ceil(lo - half)), min(rows - 1, math.floor(hi - half)) + 1):
            y = j + half
            x = px + (y - py) * (qx - px) / (qy - py)
            i = math.floor(x - half)
            if 0 <= i < columns - 1:
                out.add(((i + 1, j + 1), (i + 2, j + 1)))
    # squares one above the other: centres joined at x = i + ½, y from j + ½ to j + 1½
    if px != qx:
        lo, hi = sorted((px, qx))
        for i in range(max(0, math.ceil(lo - half)), min(columns - 1, math.floor(hi - half)) + 1):
            x = i + half
            y = py + (x - px) * (qy - py) / (qx - px)
            j = math.floor(y - half)
            if 0 <= j < rows - 1:
                out.add(((i + 1, j + 1), (i + 1, j + 2)))
    return out


def _label(col: int, row: int) -> str:
    return f"{column_label(col)}{row}"


def _runs(values: Iterable[int]) -> list[tuple[int, int]]:
    """Consecutive runs of whole numbers: [1, 2, 3, 7] → [(1, 3), (7, 7)]."""
    runs: list[tuple[int, int]] = []
    for v in sorted(set(values)):
        if runs and v == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], v)
        else:
            runs.append((v, v))
    return runs


def _span(c0: int, r0: int, c1: int, r1: int) -> str:
    return _label(c0, r0) if (c0, r0) == (c1, r1) else f"{_label(c0, r0)}:{_label(c1, r1)}"


def cell_blocks(cells: Mapping[tuple[int, int], Mapping[str, Any]], *, hexes: bool = False
                ) -> list[dict[str, Any]]:
    """``map.cells`` entries for per-cell facts: cells with the same facts share an entry, and
    runs of them become ranges (rectangles where runs of rows line up). On hexes (doubled
    coordinates) a range's corners span the hexes of one column step."""
    groups: dict[tuple[tuple[str, Any], ...], list[tuple[int, int]]] = {}
    for xy, facts in cells.items():
        if facts:
            groups.setdefault(tuple(sorted(facts.items())), []).append(xy)
    blocks = []
    for shared, where in sorted(groups.items(),
                                key=lambda g: min((p[1], p[0]) for p in g[1])):
        at = _ranges(where, 2 if hexes else 1)
        blocks.append({"at": at[0] if len(at) == 1 else at, **dict(shared)})
    return blocks


def _ranges(cells: list[tuple[int, int]], row_step: int) -> list[str]:
    """Labels and ranges covering exactly ``cells``: runs along each row, merged down the rows
    while the same run repeats (squares). On hexes (doubled coordinates, ``row_step`` 2) a row
    holds every other column, and a one-row range ``A1:E1`` names exactly A1, C1, E1: runs stay
    one row high there."""
    by_row: dict[int, list[int]] = {}
    for c, r in cells:
        by_row.setdefault(r, []).append(c)
    done: list[tuple[int, int, int, int]] = []
    active: dict[tuple[int, int], tuple[int, int]] = {}  # (c0, c1) → (first row, last row)
    for r in sorted(by_row):
        runs = _runs(by_row[r]) if row_step == 1 else _runs_of_two(by_row[r])
        for run in runs:
            span = active.get(run)
            if row_step == 1 and span is not None and span[1] == r - 1:
                active[run] = (span[0], r)
            else:
                if span is not None:
                    done.append((run[0], span[0], run[1], span[1]))
                active[run] = (r, r)
        for run, (first, last) in list(active.items()):
            if last != r:
                done.append((run[0], first, run[1], last))
                del active[run]
    done.extend((run[0], first, run[1], last) for run, (first, last) in active.items())
    return [_span(c0, r0, c1, r1) for c0, r0, c1, r1 in sorted(done, key=lambda d: (d[1], d[0]))]


def _runs_of_two(values: Iterable[int]) -> list[tuple[int, int]]:
    """Runs of whole numbers two apart: [1, 3, 5, 9] → [(1, 5), (9, 9)]."""
    runs: list[tuple[int, int]] = []
    for v in sorted(set(values)):
        if runs and v == runs[-1][1] + 2:
            runs[-1] = (runs[-1][0], v)
        else:
            runs.append((v, v))
    return runs


def side_runs(sides: Mapping[Side, str]) -> list[dict[str, Any]]:
    """``map.walls`` entries: sides of the same kind in a straight run become one entry with two
    ranges (``between: [C1:C8, D1:D8]``); ``kind`` is ``wall``, ``open`` or ``closed``."""
    out: list[dict[str, Any]] = []
    for kind in ("wall", "closed", "open"):
        mine = [s for s, k in sides.items() if k == kind]
        # east-west neighbours (a side running north-south): runs down a column pair
        upright: dict[int, list[int]] = {}
        flat: dict[int, list[int]] = {}
        for (a, b) in mine:
            if a[1] == b[1]:
                upright.setdefault(a[0], []).append(a[1])
            else:
                flat.setdefault(a[1], []).append(a[0])
        entries = []
        for c, rows in upright.items():
            for r0, r1 in _runs(rows):
                entries.append(((r0, c), [_span(c, r0, c, r1), _span(c + 1, r0, c + 1, r1)]))
        for r, cols in flat.items():
            for c0, c1 in _runs(cols):
                entries.append(((r, c0), [_span(c0, r, c1, r), _span(c0, r + 1, c1, r + 1)]))
        for _key, between in sorted(entries):
            entry: dict[str, Any] = {"between": between}
            if kind != "wall":
                entry["door"] = kind
            out.append(entry)
    return out
