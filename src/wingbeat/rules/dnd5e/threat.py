"""What ``dnd5e`` says to threat and advice: reach measured as ``attack_path`` measures it.

A creature standing at a place is taken as a Medium one (one space, one level), where it has
room. The attacker strikes what is within its reach (D-creatures: 5 ft, 10 ft with a reach
weapon) from an end state ``reach`` found with its action unused (D-turn); the way's opportunity
attacks are the events ``check`` reports.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from ...geometry.squaregrid import DiagonalRule, grid_distance
from ...tactics.grid import GridThreatRules, Place
from .board import Board, _hex_gap, shared_board
from .model import Dnd5eBattle, Dnd5eCreature, Dnd5eScenario, GridKind, Size
from .proximity import engagement_space
from .rounds import creature_after

__all__ = ["RULES", "Dnd5eThreatRules"]


def _board(battle: Dnd5eBattle) -> Board:
    return shared_board(battle.map, battle.options.diagonals)


def _space_after(battle: Dnd5eBattle, board: Board, creature: str, state: Mapping[str, Any]
                 ) -> tuple[Dnd5eCreature, tuple[int, ...], tuple[int, int]]:
    moved = creature_after(battle.creature(creature), state, battle.map.grid)
    cells, span = engagement_space(board, battle, moved)
    return moved, cells, span


@lru_cache(maxsize=64)
def _pattern(hexes: bool, rule: DiagonalRule, reach: int, shape: tuple[tuple[int, int], ...],
             height: int) -> tuple[tuple[int, int, int], ...]:
    """Where a one-space, one-level creature is within ``reach`` of a footprint ``shape``
    (column and row offsets from one of its cells, ``height`` levels from its lowest):
    offsets (column, row, level), measured as ``Board.distance`` measures (D-creatures)."""
    squares = reach // 5 + 1
    cols = [c for c, _ in shape]
    rows = [r for _, r in shape]
    found = []
    for dc in range(min(cols) - squares, max(cols) + squares + 1):
        for dr in range(min(rows) - 2 * squares, max(rows) + 2 * squares + 1):
            if hexes and (dc + dr) % 2:
                continue  # doubled coordinates: not a hex (the shape's corner is one)
            for dz in range(-squares, height + squares):
                level = max(0, dz - (height - 1), -dz)
                if level == 0 and (dc, dr) in shape:
                    continue  # its own space
                if hexes:
                    gaps: tuple[int, ...] = (min(_hex_gap(a, (dc, dr)) for a in shape), level)
                else:
                    gaps = (max(0, dc - max(cols), min(cols) - dc),
                            max(0, dr - max(rows), min(rows) - dr), level)
                if grid_distance(gaps, rule) <= reach:
                    found.append((dc, dr, dz))
    return tuple(found)


@lru_cache(maxsize=1 << 16)
def _room(board: Board, col: int, row: int, z: int) -> str | None:
    """The space's label where a Medium creature has room at a place (D-size), else None."""
    idx = board.at(col, row)
    if idx is None or isinstance(board.creature_space(Size.MEDIUM, (col, row), z, burrow=False),
                                 str):
        return None
    return board.labels[idx]


class Dnd5eThreatRules(GridThreatRules):
    gap_unit = "ft"

    def struck(self, scenario: Dnd5eScenario, creature: str, state: Mapping[str, Any]
               ) -> Iterable[tuple[Place, str]]:
        battle = scenario.battle
        board = _board(battle)
        me, cells, span = _space_after(battle, board, creature, state)
        if me.reach <= 0:
            return
        coords = board.coords
        ax, ay = coords[cells[0]]  # a cell of it: on hexes, offsets keep their parity
        shape = tuple(sorted((coords[c][0] - ax, coords[c][1] - ay) for c in cells))
        how = f"D-creatures: within its {me.reach} ft reach"
        for dc, dr, dz in _pattern(board.hex, board.rule, me.reach, shape, span[1] - span[0] + 1):
            col, row, z = ax + dc, ay + dr, span[0] + dz
            if board.bottom <= z <= board.top:
                label = _room(board, col, row, z)
                if label is not None:
                    yield (label, z), how

    def struck_key(self, state: Mapping[str, Any]) -> Any:
        """Its reach is measured from its space: where it is, not how (prone, flying …)."""
        return state["at"], state["altitude"]

    def engaged(self, scenario: Dnd5eScenario, creature: str, state: Mapping[str, Any],
                target: str) -> str | None:
        battle = scenario.battle
        board = _board(battle)
        me, cells, span = _space_after(battle, board, creature, state)
        foe_cells, foe_span = engagement_space(board, battle, battle.creature(target))
        feet = board.distance(cells, span, foe_cells, foe_span)
        if me.reach > 0 and feet <= me.reach:
            return f"D-creatures: {feet} ft, within its {me.reach} ft reach"
        return None

    def edge(self, scenario: Dnd5eScenario, creature: str, state: Mapping[str, Any], target: str
             ) -> tuple[tuple[str, str], ...]:
        battle = scenario.battle
        board = _board(battle)
        _me, cells, span = _space_after(battle, board, creature, state)
        foe = battle.creature(target)
        foe_cells, foe_span = engagement_space(board, battle, foe)
        feet = board.distance(cells, span, foe_cells, foe_span)
        if feet > foe.reach:
            return (("out-of-reach", f"{feet} ft from {target}, beyond its {foe.reach} ft reach: "
                                     "it must move to strike back (D-creatures)"),)
        return ()

    def gap(self, scenario: Dnd5eScenario, creature: str, state: Mapping[str, Any],
            target: str) -> int:
        battle = scenario.battle
        board = _board(battle)
        _me, cells, span = _space_after(battle, board, creature, state)
        foe_cells, foe_span = engagement_space(board, battle, battle.creature(target))
        return board.distance(cells, span, foe_cells, foe_span)

    def kind_of(self, scenario: Dnd5eScenario) -> str:
        return "hex" if scenario.battle.map.grid is GridKind.HEX else "square"


RULES = Dnd5eThreatRules()
