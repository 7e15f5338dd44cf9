"""What ``dnd5e`` says to threat and advice: reach measured as ``attack_path`` measures it.

A creature standing at a place is taken as a Medium one (one space, one level), where it has
room. The attacker strikes what is within its reach (D-creatures: 5 ft, 10 ft with a reach
weapon) from an end state ``reach`` found with its action unused (D-turn); the way's opportunity
attacks are the events ``check`` reports.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ...geometry.labels import column_label
from ...model import Scenario
from ...tactics.grid import GridThreatRules, Place
from .board import Board, shared_board
from .model import Dnd5eBattle, Dnd5eCreature, GridKind, Size
from .proximity import engagement_space
from .rounds import creature_after

__all__ = ["RULES", "Dnd5eThreatRules"]


def _battle(scenario: Scenario) -> Dnd5eBattle:
    battle = scenario.battle
    assert isinstance(battle, Dnd5eBattle)
    return battle


def _board(battle: Dnd5eBattle) -> Board:
    return shared_board(battle.map, battle.options.diagonals)


def _space_after(battle: Dnd5eBattle, board: Board, creature: str, state: Mapping[str, Any]
                 ) -> tuple[Dnd5eCreature, tuple[int, ...], tuple[int, int]]:
    moved = creature_after(battle.creature(creature), state, battle.map.grid)
    cells, span = engagement_space(board, battle, moved)
    return moved, cells, span


class Dnd5eThreatRules(GridThreatRules):
    gap_unit = "ft"

    def struck(self, scenario: Scenario, creature: str, state: Mapping[str, Any]
               ) -> Iterable[tuple[Place, str]]:
        battle = _battle(scenario)
        board = _board(battle)
        me, cells, span = _space_after(battle, board, creature, state)
        if me.reach <= 0:
            return
        squares = me.reach // 5
        coords = board.coords
        cols = [coords[c][0] for c in cells]
        rows = [coords[c][1] for c in cells]
        how = f"D-creatures: within its {me.reach} ft reach"
        for col in range(min(cols) - squares - 1, max(cols) + squares + 2):
            for row in range(min(rows) - squares - 1, max(rows) + squares + 2):
                if board.at(col, row) is None:
                    continue
                for z in range(max(board.bottom, span[0] - squares),
                               min(board.top, span[1] + squares) + 1):
                    where = board.creature_space(Size.MEDIUM, (col, row), z, burrow=False)
                    if isinstance(where, str):
                        continue
                    there, levels, _ = where
                    if set(there) & set(cells) and levels[0] <= span[1] and levels[1] >= span[0]:
                        continue  # its own space
                    if board.distance(cells, span, there, levels) <= me.reach:
                        yield (f"{column_label(col)}{row}", z), how

    def engaged(self, scenario: Scenario, creature: str, state: Mapping[str, Any],
                target: str) -> str | None:
        battle = _battle(scenario)
        board = _board(battle)
        me, cells, span = _space_after(battle, board, creature, state)
        foe_cells, foe_span = engagement_space(board, battle, battle.creature(target))
        feet = board.distance(cells, span, foe_cells, foe_span)
        if me.reach > 0 and feet <= me.reach:
            return f"D-creatures: {feet} ft, within its {me.reach} ft reach"
        return None

    def edge(self, scenario: Scenario, creature: str, state: Mapping[str, Any], target: str
             ) -> tuple[tuple[str, str], ...]:
        battle = _battle(scenario)
        board = _board(battle)
        _me, cells, span = _space_after(battle, board, creature, state)
        foe = battle.creature(target)
        foe_cells, foe_span = engagement_space(board, battle, foe)
        feet = board.distance(cells, span, foe_cells, foe_span)
        if feet > foe.reach:
            return (("out-of-reach", f"{feet} ft from {target}, beyond its {foe.reach} ft reach: "
                                     "it must move to strike back (D-creatures)"),)
        return ()

    def gap(self, scenario: Scenario, creature: str, state: Mapping[str, Any],
            target: str) -> int:
        battle = _battle(scenario)
        board = _board(battle)
        _me, cells, span = _space_after(battle, board, creature, state)
        foe_cells, foe_span = engagement_space(board, battle, battle.creature(target))
        return board.distance(cells, span, foe_cells, foe_span)

    def kind_of(self, scenario: Scenario) -> str:
        return "hex" if _battle(scenario).map.grid is GridKind.HEX else "square"


RULES = Dnd5eThreatRules()
