"""Cell lists of a grid scenario: a label names one cell, ``P1:AD30`` a rectangle of them.

A 30 × 30 cliff is one range rather than 450 labels. A range is inclusive: columns P..AD and rows
1..30. On a hex grid (doubled coordinates) it names only the cells that exist there, where column
index + row is even, so its corners need not be hexes themselves.
"""

from __future__ import annotations

from ..errors import NotationError, ScenarioError, shown
from ..geometry.labels import MAX_LABEL_LENGTH, column_label, split_label
from ..i18n import _

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
        said = (_("expected a range of hexes like {example} of at most {most} characters, got "
                  "{got}") if hexes else
                _("expected a range of squares like {example} of at most {most} characters, got "
                  "{got}"))
        raise ScenarioError(said.format(example=_EXAMPLE, most=MAX_RANGE_LENGTH,
                                        got=shown(item, 30)), where=where)
    corners = item.split(":")
    if len(corners) != 2:
        said = (_("expected a range of hexes like {example} (two corner labels joined by one "
                  "colon), got {got}") if hexes else
                _("expected a range of squares like {example} (two corner labels joined by one "
                  "colon), got {got}"))
        raise ScenarioError(said.format(example=_EXAMPLE, got=shown(item)), where=where)
    try:
        (c0, r0), (c1, r1) = (split_label(corner, kind=kind) for corner in corners)
    except (NotationError, ValueError) as exc:  # or any other refusal of the parser
        raise ScenarioError(_("{problem}, in the range {range}; a range is two corner labels, "
                              "north-west first, like {example}").format(
            problem=exc, range=shown(item), example=_EXAMPLE), where=where) from None
    first, last = (f"{column_label(c)}{r}" for c, r in ((c0, r0), (c1, r1)))
    if c0 > c1 or r0 > r1:
        nw = f"{column_label(min(c0, c1))}{min(r0, r1)}"
        se = f"{column_label(max(c0, c1))}{max(r0, r1)}"
        raise ScenarioError(_("the range {range} runs backwards: expected its north-west corner "
                              "(lowest column and row) first, {fixed}").format(
            range=f"{first}:{last}", fixed=f"{nw}:{se}"), where=where)
    if c1 > columns or r1 > rows:
        raise ScenarioError(_("the range {range} reaches off the map (columns A..{last_column}, "
                              "rows 1..{rows})").format(range=f"{first}:{last}",
                                                        last_column=column_label(columns),
                                                        rows=rows), where=where)
    cells = [(c, r) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)
             if not hexes or (c + r) % 2 == 0]
    if not cells:
        raise ScenarioError(_("the range {range} holds no hex: in doubled coordinates column "
                              "index + row must be even").format(range=f"{first}:{last}"),
                            where=where)
    return cells
