"""The map as the search needs it: spaces by index, footprints (D-size), steps and distances.

Square and hex maps differ only here. A step changes some *axes* (square: column, row, level; hex:
the horizontal hex step, level); the diagonal rule prices steps by how many axes they change, and
every partial step (a *corner*) must have room too, so no move cuts past a wall (D-grid).
"""

from __future__ import annotations

import threading
from array import array
from collections import OrderedDict
from collections.abc import Iterator
from functools import cache, lru_cache
from itertools import combinations
from typing import Any

from ..._records import dataclass
from ...geometry.hexgrid import Direction
from ...geometry.labels import column_label
from ...geometry.squaregrid import Compass, DiagonalRule, grid_distance
from ._messages import _
from .model import Dnd5eMap, GridKind, Size, Terrain, side_key
from .words import size_word

__all__ = ["Board", "FlatBoard", "Move", "footprint_offsets", "shared_board"]

#: D-size on squares: the side of the square block; on hexes: the hexes of the shape, relative to
#: its north-west hex (least column, then least row) in doubled coordinates.
_SQUARE_SIDE = {Size.TINY: 1, Size.SMALL: 1, Size.MEDIUM: 1, Size.LARGE: 2, Size.HUGE: 3,
                Size.GARGANTUAN: 4}
_HEX_SHAPES: dict[Size, tuple[tuple[int, int], ...]] = {
    Size.TINY: ((0, 0),),
    Size.SMALL: ((0, 0),),
    Size.MEDIUM: ((0, 0),),
    Size.LARGE: ((0, 0), (1, 1), (0, 2)),
    Size.HUGE: ((0, 0), (0, 2), (1, -1), (1, 1), (1, 3), (2, 0), (2, 2)),
    Size.GARGANTUAN: tuple((c, r + (c % 2)) for c in range(4) for r in (0, 2, 4)),
}


_SIZES = tuple(Size)


def _step_shapes(horizontal: tuple[tuple[int, int, tuple[tuple[int, int, int], ...]], ...]
                 ) -> tuple[tuple[str, int, int, int, int, tuple[tuple[int, int, int], ...]], ...]:
    """Every step from a cell, relative to it: (name suffix, column, row and level change, axes,
    corners). A step is made of ``parts`` (one per axis it changes); every partial step (every
    proper subset of the parts) is a corner it passes, which must have room too (D-grid)."""
    none: tuple[tuple[int, int, int], ...] = ()
    out = [("up", 0, 0, 1, 1, none), ("down", 0, 0, -1, 1, none)]
    for dc, dr, flat in horizontal:
        for suffix, vertical in (("", ()), ("+up", ((0, 0, 1),)), ("+down", ((0, 0, -1),))):
            parts = (*flat, *vertical)
            corners = tuple((sum(p[0] for p in subset), sum(p[1] for p in subset),
                             sum(p[2] for p in subset))
                            for k in range(1, len(parts)) for subset in combinations(parts, k))
            out.append((suffix, dc, dr, sum(p[2] for p in parts), len(parts), corners))
    return tuple(out)


#: The steps from a square: the eight compass directions (a diagonal changes two axes), each flat,
#: up or down; and straight up or down. On hexes the six hex directions, one horizontal axis.
_SQUARE_STEPS = _step_shapes(tuple(
    (c.delta[0], c.delta[1], tuple(p for p in ((c.delta[0], 0, 0), (0, c.delta[1], 0))
                                   if p != (0, 0, 0))) for c in Compass))
_HEX_STEPS = _step_shapes(tuple((d.delta[0], d.delta[1], ((d.delta[0], d.delta[1], 0),))
                                for d in Direction))


@cache
def footprint_offsets(grid: GridKind, size: Size) -> tuple[tuple[int, int], ...]:
    """The spaces a creature of ``size`` covers, relative to its north-west space."""
    if grid is GridKind.HEX:
        return _HEX_SHAPES[size]
    side = _SQUARE_SIDE[size]
    return tuple((c, r) for r in range(side) for c in range(side))


@dataclass(frozen=True, slots=True)
class Move:
    """A step of the footprint's anchor: its name, where it goes, and the corners it passes."""

    name: str  # "C5", "C5+up", "up"
    dash_name: str  # "dash C5": the step taken with Dash (the searches' notation)
    target: int  # anchor cell index
    dz: int
    axes: int  # how many axes it changes: 1 straight, 2 or 3 diagonal (D-grid)
    corners: tuple[tuple[int, int], ...]  # (anchor index or -1 off the map, dz) of each corner


class Board:
    """A ``Dnd5eMap`` flattened into arrays indexed by cell."""

    def __init__(self, vmap: Dnd5eMap, rule: DiagonalRule):
        self.map = vmap
        self.rule = rule
        self.hex = vmap.grid is GridKind.HEX
        self.top = vmap.top
        self.bottom = vmap.bottom
        self.levels = vmap.top - vmap.bottom + 1
        coords = [(c, r) for r in range(1, vmap.rows + 1) for c in range(1, vmap.columns + 1)
                  if vmap.contains(c, r)]
        self.coords = coords
        self.index = {xy: i for i, xy in enumerate(coords)}
        self.labels = [f"{column_label(c)}{r}" for c, r in coords]
        cells = [vmap.cell(c, r) for c, r in coords]
        self.wall = [cell.wall for cell in cells]
        self.ground = [cell.ground for cell in cells]
        self.ceil = [min(cell.ceiling, vmap.top + 1) if cell.ceiling is not None else vmap.top + 1
                     for cell in cells]
        self.difficult = [cell.terrain is Terrain.DIFFICULT for cell in cells]
        self.water = [cell.terrain is Terrain.WATER for cell in cells]
        self.climb = [cell.climb for cell in cells]
        self.air_difficult = [cell.air_difficult for cell in cells]
        self._moves: dict[int, tuple[Move, ...]] = {}
        # D-walls: the sides between squares that block (walls, closed doors), by coordinates
        self.walled = frozenset(side for side, kind in vmap.walls.items() if kind.blocks)
        self._flat: FlatBoard | None = None

    def flat(self) -> FlatBoard:
        """The board as the compiled search's table reads it (``_kernel5e.Native``), made once."""
        flat = self._flat
        if flat is None:
            flat = self._flat = FlatBoard.of(self)
        return flat

    # -- cells and footprints ------------------------------------------------------------------
    def at(self, col: int, row: int) -> int | None:
        return self.index.get((col, row))

    def cells_of(self, anchor: int, offsets: tuple[tuple[int, int], ...]) -> tuple[int, ...] | None:
        """The cell indices a footprint covers from ``anchor``, None if any is off the map."""
        col, row = self.coords[anchor]
        out = []
        for dc, dr in offsets:
            idx = self.index.get((col + dc, row + dr))
            if idx is None:
                return None
            out.append(idx)
        return tuple(out)

    def solid_reason(self, cells: tuple[int, ...], z: int, height: int, *,
                     burrow: bool) -> str | None:
        """Why a footprint ``height`` levels tall at altitude ``z`` has no room, or None."""
        if z < self.bottom:
            return _("altitude {level} is below the bottom of the map ({bottom})").format(
                level=z, bottom=self.bottom)
        if z + height - 1 > self.top:
            return _("the map's top is altitude {top}").format(top=self.top)
        for c in cells:
            if self.wall[c]:
                return _("{label} is a wall").format(label=self.labels[c])
            if z + height - 1 >= self.ceil[c]:
                return _("{label} has a ceiling at altitude {level}").format(
                    label=self.labels[c], level=self.ceil[c])
            if z < self.ground[c] and not burrow:
                return _("{label}'s ground is at altitude {level}").format(
                    label=self.labels[c], level=self.ground[c])
        if self.walled and len(cells) > 1:
            return self.split_reason(cells)
        return None

    # -- walls between squares (D-walls) -------------------------------------------------------
    def blocked(self, a: tuple[int, int], b: tuple[int, int]) -> bool:
        """Whether a wall (or a closed door) stands between the adjacent squares ``a`` and ``b``.

        Orthogonal neighbours: the side between them. Diagonal neighbours: any of the four sides
        that meet at the corner point between them, so no step slips past a wall's end or
        between two walls that meet at a corner (Decision 17).
        """
        return bool(self.walled) and _blocked(self.walled, a, b)

    def step_wall(self, before: tuple[int, ...], after: tuple[int, ...], dc: int, dr: int
                  ) -> str | None:
        """The wall a footprint crosses when it steps by (dc, dr) from the spaces ``before`` to
        ``after``, or None: each space of ``after`` whose space behind it along the step is in
        ``before`` is entered from there (a footprint that grows out of a squeeze fills the rest
        from within itself, where no wall runs): the one wall check of every step and jump
        (D-walls)."""
        if not self.walled or (dc == 0 and dr == 0):
            return None
        coords = self.coords
        was = {coords[c] for c in before}
        for c in after:
            col, row = coords[c]
            if (col - dc, row - dr) in was and self.blocked((col - dc, row - dr), (col, row)):
                return _("a wall stands between {a} and {b}").format(
                    a=_label(col - dc, row - dr), b=self.labels[c])
        return None

    def split_reason(self, cells: tuple[int, ...]) -> str | None:
        """A wall that runs through a footprint of several spaces (it cannot straddle one)."""
        coords = self.coords
        inside = {coords[c] for c in cells}
        for col, row in sorted(inside):
            for other in ((col + 1, row), (col, row + 1)):
                if other in inside and side_key((col, row), other) in self.walled:
                    return _("a wall runs between {a} and {b}, through the space").format(
                        a=_label(col, row), b=_label(*other))
        return None

    def reach_clear(self, cells_a: tuple[int, ...], cells_b: tuple[int, ...], reach: int) -> bool:
        """Whether a reach of ``reach`` ft from the spaces ``cells_a`` gets to some space of
        ``cells_b`` without crossing a wall: along a straight way of squares, each step toward
        the target (as many steps as the larger of the column and row gaps), none crossing a wall
        (D-walls). The distance itself is ``distance``'s to judge; this only looks at walls."""
        if not self.walled:
            return True
        coords = self.coords
        steps = reach // 5
        for a in cells_a:
            for b in cells_b:
                (ac, ar), (bc, br) = coords[a], coords[b]
                if max(abs(ac - bc), abs(ar - br)) <= steps and self._clear_line(coords[a],
                                                                                 coords[b]):
                    return True
        return False

    def _clear_line(self, a: tuple[int, int], b: tuple[int, int]) -> bool:
        return _clear_line(self.walled, a, b)

    def creature_space(self, size: Size, at: tuple[int, int], altitude: int, *, burrow: bool
                       ) -> tuple[tuple[int, ...], tuple[int, int], bool] | str:
        """Where a creature of ``size`` with its north-west space ``at`` is: (cells, lowest and
        highest level, squeezing), or why it has no room there.

        Its full footprint where that has room; else the footprint of the next size down, which
        it squeezes into (D-size). A footprint never reaches past the map's edge, squeezed or not.
        """
        anchor = self.at(*at)
        offsets = footprint_offsets(self.map.grid, size)
        cells = None if anchor is None else self.cells_of(anchor, offsets)
        if anchor is None or cells is None:
            label = f"{column_label(at[0])}{at[1]}"
            return _("a {size} creature's space at {label} reaches off the map").format(
                size=size_word(size.value), label=label)
        why = self.solid_reason(cells, altitude, size.levels, burrow=burrow)
        if why is None:
            return cells, (altitude, altitude + size.levels - 1), False
        if size.rank < Size.LARGE.rank:
            return why
        smaller = _SIZES[size.rank - 1]
        small = self.cells_of(anchor, footprint_offsets(self.map.grid, smaller))
        if small is None or self.solid_reason(small, altitude, smaller.levels,
                                              burrow=burrow) is not None:
            return why
        return small, (altitude, altitude + smaller.levels - 1), True

    # -- steps -------------------------------------------------------------------------------------
    def moves_of(self, anchor: int) -> tuple[Move, ...]:
        """Every step from the cell ``anchor``, made on first use (a search visits few cells of a
        large map, and loading a scenario needs none)."""
        moves = self._moves.get(anchor)
        if moves is None:
            moves = self._moves[anchor] = tuple(self._moves_from(self.coords[anchor]))
        return moves

    def _moves_from(self, xy: tuple[int, int]) -> Iterator[Move]:
        col, row = xy
        index = self.index
        for suffix, dc, dr, dz, axes, corners in _HEX_STEPS if self.hex else _SQUARE_STEPS:
            target = index.get((col + dc, row + dr))
            if target is None:
                continue
            name = suffix if dc == dr == 0 else self.labels[target] + suffix
            yield Move(name, "dash " + name, target, dz, axes, tuple(
                (index.get((col + cc, row + cr), -1), cz) for cc, cr, cz in corners))

    # -- distance ----------------------------------------------------------------------------------
    def gaps(self, cells_a: tuple[int, ...], span_a: tuple[int, int], cells_b: tuple[int, ...],
             span_b: tuple[int, int]) -> tuple[int, ...]:
        """Per-axis gaps between the nearest spaces of two footprints (levels ``span`` lo..hi)."""
        dz = max(0, span_b[0] - span_a[1], span_a[0] - span_b[1])
        coords = self.coords
        if self.hex:
            h = min(_hex_gap(coords[a], coords[b]) for a in cells_a for b in cells_b)
            return (h, dz)
        cols_a = [coords[a][0] for a in cells_a]
        rows_a = [coords[a][1] for a in cells_a]
        cols_b = [coords[b][0] for b in cells_b]
        rows_b = [coords[b][1] for b in cells_b]
        dx = max(0, min(cols_b) - max(cols_a), min(cols_a) - max(cols_b))
        dy = max(0, min(rows_b) - max(rows_a), min(rows_a) - max(rows_b))
        return (dx, dy, dz)

    def distance(self, cells_a: tuple[int, ...], span_a: tuple[int, int],
                 cells_b: tuple[int, ...], span_b: tuple[int, int]) -> int:
        """Feet between two footprints' nearest spaces, by the map's diagonal rule."""
        return grid_distance(self.gaps(cells_a, span_a, cells_b, span_b), self.rule)


_SUFFIX_CODES = {"": 0, "+up": 1, "+down": 2, "up": 3, "down": 4}  # ``_kernel5e.SUFFIXES``


@dataclass(frozen=True, slots=True)
class FlatBoard:
    """A board in flat ``array('i')``s for the compiled search's table (``_kernel5e.Native``):
    the cell at each column and row (``grid``, row-major from A1, -1 where none; empty on a
    square map, where the cell at column c, row r is (r - 1) × columns + c - 1: ``cell_grid``),
    each cell's
    column, row, ground, ceiling and terrain bits (1 wall, 2 difficult, 4 water, 8 climb, 16
    difficult air), the walled sides (``sides``: per square from column 0 and row 0 to one past
    the map's edge, 1 a wall on its east side, 2 on its south side, D-walls) and the steps from a
    cell (``shapes``: suffix code, column, row and level change, axes, its corners' span in
    ``corners``: column, row and level change each), in ``moves_of``'s order."""

    grid: array[int]  # empty on a square map
    col: array[int]
    row: array[int]
    ground: array[int]
    ceil: array[int]
    terrain: array[int]
    sides: array[int]
    shapes: array[int]
    corners: array[int]

    def cell_grid(self, columns: int, rows: int) -> array[int]:
        """``grid``, made for a square map (where it is left empty): the cell at each column
        and row, row-major (for a reader that wants it whole, as ``benchmarks/reference.py``)."""
        return self.grid if self.grid else array("i", range(columns * rows))

    @classmethod
    def of(cls, board: Board) -> FlatBoard:
        """Made row by row and from the cells the map names, not cell by cell: a map of a
        million squares takes tens of milliseconds, not a second (``Board.coords`` is every
        square in rows, or every hex of the doubled coordinates: ``Dnd5eMap.contains``)."""
        vmap = board.map
        columns, rows = vmap.columns, vmap.rows
        row = array("i")
        if board.hex:
            grid = array("i", [-1]) * (columns * rows)
            col = array("i")
            made = 0
            for r in range(1, rows + 1):
                first = 1 if r % 2 else 2  # a hex's column and row: both even or odd
                count = len(range(first, columns + 1, 2))
                start = (r - 1) * columns + first - 1
                grid[start:start + 2 * (count - 1) + 1:2] = array("i", range(made, made + count))
                col.extend(array("i", range(first, columns + 1, 2)))
                row.extend(array("i", [r]) * count)
                made += count
        else:  # every square, row-major: the cell at a column and row is its index (no grid:
            made = columns * rows  # an array of a million ints from a range takes 50 ms)
            grid = array("i")
            col = array("i", range(1, columns + 1)) * rows
            for r in range(1, rows + 1):
                row.extend(array("i", [r]) * columns)
        assert made == len(board.coords)
        # the cells the map names, over the plain cell's values (an array from a list of a
        # million ints takes tens of milliseconds)
        terrain = array("i", [0]) * made
        plain = vmap.cell(0, 0)  # off the map: the plain cell
        ground = array("i", [plain.ground]) * made
        ceil = array("i", [min(plain.ceiling, vmap.top + 1) if plain.ceiling is not None
                           else vmap.top + 1]) * made
        for (c, r), spec in vmap.cells.items():
            i = board.index.get((c, r))
            if i is not None:
                terrain[i] = ((1 if spec.wall else 0) | (2 if board.difficult[i] else 0)
                              | (4 if board.water[i] else 0) | (8 if spec.climb else 0)
                              | (16 if spec.air_difficult else 0))
                ground[i] = board.ground[i]
                ceil[i] = board.ceil[i]
        sides = array("i", [0]) * ((columns + 2) * (rows + 2))
        for (ac, ar), (bc, br) in board.walled:
            if 0 <= ac <= columns + 1 and 0 <= ar <= rows + 1:
                if ar == br and bc == ac + 1:
                    sides[ar * (columns + 2) + ac] |= 1
                elif ac == bc and br == ar + 1:
                    sides[ar * (columns + 2) + ac] |= 2
        shapes = array("i")
        corners = array("i")
        for suffix, dc, dr, dz, axes, passed in _HEX_STEPS if board.hex else _SQUARE_STEPS:
            start = len(corners) // 3
            for corner in passed:
                corners.extend(corner)
            shapes.extend((_SUFFIX_CODES[suffix], dc, dr, dz, axes, start, len(corners) // 3))
        return cls(grid, col, row, ground, ceil, terrain, sides, shapes, corners)


_BOARDS: OrderedDict[tuple[Any, DiagonalRule], Board] = OrderedDict()  # the board keeps its map
_BOARDS_KEPT = 8
_BOARDS_LOCK = threading.Lock()


def map_key(vmap: Dnd5eMap) -> tuple[Any, ...]:
    """Everything a board reads of a map, as one hashable value: two maps with equal keys give
    equal boards (and equal tables), so a battle parsed again, as a server does for each
    request, finds the ones made for the first."""
    return (vmap.columns, vmap.rows, vmap.grid, vmap.top, vmap.bottom,
            tuple(vmap.cells.items()), tuple(vmap.walls.items()))


def shared_board(vmap: Dnd5eMap, rule: DiagonalRule) -> Board:
    """``Board(vmap, rule)``, built once per map: a 702 × 2000 map takes seconds to flatten,
    and every query on a scenario (whatever its options or creatures) has the same map; a map
    equal to one already flattened (``map_key``) finds its board.

    The last few boards are kept, each with the key of the map it was built from.
    """
    key = (map_key(vmap), rule)
    with _BOARDS_LOCK:
        board = _BOARDS.get(key)
        if board is not None:
            _BOARDS.move_to_end(key)
            return board
    board = Board(vmap, rule)  # outside the lock: another map's query need not wait for it
    with _BOARDS_LOCK:
        _BOARDS[key] = board
        while len(_BOARDS) > _BOARDS_KEPT:
            _BOARDS.popitem(last=False)
    return board


@lru_cache(maxsize=65_536)
def _clear_line(walled: frozenset[tuple[tuple[int, int], tuple[int, int]]], a: tuple[int, int],
                b: tuple[int, int]) -> bool:
    """Whether some shortest way of squares from ``a`` to ``b`` (each step toward ``b``: the
    longer axis changes every step, the shorter one as often as it must) crosses no wall."""
    (ac, ar), (bc, br) = a, b
    dc, dr = bc - ac, br - ar
    swap = abs(dr) > abs(dc)
    long_gap, short_gap = (abs(dr), abs(dc)) if swap else (abs(dc), abs(dr))
    sl = 1 if (dr if swap else dc) > 0 else -1
    ss = 1 if (dc if swap else dr) > 0 else -1

    def square(i: int, j: int) -> tuple[int, int]:  # i steps along the long axis, j the short
        return (ac + j * ss, ar + i * sl) if swap else (ac + i * sl, ar + j * ss)

    front = {0}
    for i in range(long_gap):
        nxt = set()
        for j in front:
            for k in (j, j + 1):
                if k <= short_gap and short_gap - k <= long_gap - i - 1 \
                        and not _blocked(walled, square(i, j), square(i + 1, k)):
                    nxt.add(k)
        if not nxt:
            return False
        front = nxt
    return short_gap in front


def _blocked(walled: frozenset[tuple[tuple[int, int], tuple[int, int]]], a: tuple[int, int],
             b: tuple[int, int]) -> bool:
    """``Board.blocked`` over a bare set of walled sides."""
    (ac, ar), (bc, br) = a, b
    if ac == bc or ar == br:
        return side_key(a, b) in walled
    return (side_key(a, (bc, ar)) in walled or side_key(a, (ac, br)) in walled
            or side_key((bc, ar), b) in walled or side_key((ac, br), b) in walled)


def _label(col: int, row: int) -> str:
    return f"{column_label(col)}{row}" if col >= 1 and row >= 1 else _("off the map")


def _hex_gap(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Hex steps between two doubled-coordinate cells (as ``hexgrid.hex_distance``)."""
    dc = abs(a[0] - b[0])
    dr = abs(a[1] - b[1])
    return dc + max(0, (dr - dc) // 2)
