"""The sizes a scenario may have: what a round can use, so no accepted file asks for more memory or
time than a query can give (docs/limits.md lists every limit with what was measured).

A search's own limit, ``search.MAX_STATES``, is the backstop for what these leave open.
"""

from __future__ import annotations

__all__ = ["MAX_CREATURES", "MAX_DND5E_SPEED", "MAX_MAP_CELLS", "MAX_VOLARE_RATE",
           "map_size_error"]

#: columns × rows of a grid map: 1000 × 1000 squares, or 702 columns (A … ZZ) × 1424 rows. A
#: larger map takes seconds to flatten for a query, and no round crosses it.
MAX_MAP_CELLS = 1_000_000

#: creatures in one scenario: each hostile is a bit of every dnd5e search state (D-creatures).
MAX_CREATURES = 200

#: a volare fly or ground rate, in MP (hexes) per round: the fastest flyers of the tables have 48.
MAX_VOLARE_RATE = 200

#: a dnd5e speed, in feet per turn: 100 squares, 200 with Dash.
MAX_DND5E_SPEED = 500


def map_size_error(columns: int, rows: int) -> str | None:
    """Why a ``columns`` × ``rows`` map is too large, or None."""
    if columns * rows <= MAX_MAP_CELLS:
        return None
    from .i18n import _
    from .narrate import grouped

    return _("a map of {columns} × {rows} = {cells} cells is larger than the {most} a scenario "
             "may have: no round crosses it (use fewer columns or rows)").format(
        columns=columns, rows=rows, cells=grouped(columns * rows), most=grouped(MAX_MAP_CELLS))
