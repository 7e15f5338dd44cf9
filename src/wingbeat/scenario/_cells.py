"""Cell lists of a grid scenario: a label names one cell, ``P1:AD30`` a rectangle of them.

A 30 × 30 cliff is one range rather than 450 labels. A range is inclusive: columns P..AD and rows
1..30. On a hex grid (doubled coordinates) it names only the cells that exist there, where column
index + row is even, so its corners need not be hexes themselves.
"""

from __future__ import annotations

from ..errors import NotationError, ScenarioError, shown
from ..geometry.labels import MAX_LABEL_LENGTH, column_label, split_label

__all__ = ["cell_items", "is_range", "range_cells"]

_EXAMPLE = "P1:AD30"
#: The longest range read: two labels and the colon, checked before it is split or converted.
MAX_RANGE_LENGTH = 2 * MAX_LABEL_LENGTH + 1


def cell_items(at: str | list[str], where: str) -> list[tuple[str, str]]:
    """Each item of a cells block's ``at`` with its place in the file (``map.cells[2].at[0]``):
    a label or a range alone, or a list of them."""
    if isinstance(at, str):
        return [(at, where)]
    return [(item, f"{where}[{j}]") for j, item in enumerate(at)]


def is_range(item: str) -> bool:
    """Whether an ``at`` item is a range (``P1:AD30``) rather than one label."""
    return ":" in item


def range_cells(item: str, where: str, *, columns: int, rows: int, hexes: bool
                ) -> list[tuple[int, int]]:
    """The (column index, row) of every cell of the range ``item``, row by row.

    ``hexes``: keep only the cells that exist on a hex grid (column index + row even).
    """
    kind = "hex" if hexes else "square"
    if len(item) > MAX_RANGE_LENGTH:
        raise ScenarioError(f"expected a range of {kind}s like {_EXAMPLE} of at most "
                            f"{MAX_RANGE_LENGTH} characters, got {shown(item, 30)}", where=where)
    corners = item.split(":")
    if len(corners) != 2:
        raise ScenarioError(f"expected a range of {kind}s like {_EXAMPLE} (two corner labels "
                            f"joined by one colon), got {shown(item)}", where=where)
    try:
        (c0, r0), (c1, r1) = (split_label(corner, kind=kind) for corner in corners)
    except (NotationError, ValueError) as exc:  # or any other refusal of the parser
        raise ScenarioError(f"{exc}, in the range {shown(item)}; a range is two corner labels, "
                            f"north-west first, like {_EXAMPLE}", where=where) from None
    first, last = (f"{column_label(c)}{r}" for c, r in ((c0, r0), (c1, r1)))
    if c0 > c1 or r0 > r1:
        nw = f"{column_label(min(c0, c1))}{min(r0, r1)}"
        se = f"{column_label(max(c0, c1))}{max(r0, r1)}"
        raise ScenarioError(f"the range {first}:{last} runs backwards: expected its north-west "
                            f"corner (lowest column and row) first, {nw}:{se}", where=where)
    if c1 > columns or r1 > rows:
        raise ScenarioError(f"the range {first}:{last} reaches off the map (columns "
                            f"A..{column_label(columns)}, rows 1..{rows})", where=where)
    cells = [(c, r) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)
             if not hexes or (c + r) % 2 == 0]
    if not cells:
        raise ScenarioError(f"the range {first}:{last} holds no hex: in doubled coordinates "
                            "column index + row must be even", where=where)
    return cells
