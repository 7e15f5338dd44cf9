"""What ``dnd5e`` says to threat and advice: reach measured as ``attack_path`` measures it.

A creature standing at a place is taken as a Medium one (one space, one level), where it has
room. The attacker strikes what is within its reach (D-creatures: 5 ft, 10 ft with a reach
weapon) from an end state ``reach`` found with its action unused (D-turn); the way's opportunity
attacks are the events ``check`` reports.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from functools import lru_cache
from typing import Any

from ...geometry.labels import split_label
from ...geometry.squaregrid import DiagonalRule, grid_distance
from ...tactics.grid import GridThreatRules, Place
from ._messages import _
from .board import Board, _hex_gap, footprint_offsets, shared_board
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


# A place (column, row, level) as one int, so that adding offsets' ints moves it (each field is kept
# within its bits: columns and rows within ±4096 of the map, levels within ±2048).
_COL, _ROW = 32, 12


_ONE = ((0, 0),)  # the shape of a one-space footprint


def _key(col: int, row: int, z: int) -> int:
    return ((col + 4096) << _COL) + ((row + 4096) << _ROW) + z + 2048


def _unkey(key: int) -> tuple[int, int, int]:
    return ((key >> _COL) - 4096, ((key >> _ROW) & ((1 << (_COL - _ROW)) - 1)) - 4096,
            (key & ((1 << _ROW) - 1)) - 2048)


@lru_cache(maxsize=64)
def _deltas(hexes: bool, rule: DiagonalRule, reach: int, shape: tuple[tuple[int, int], ...],
            height: int) -> tuple[int, ...]:
    """``_pattern`` as offsets of ``_key``."""
    return tuple((dc << _COL) + (dr << _ROW) + dz
                 for dc, dr, dz in _pattern(hexes, rule, reach, shape, height))


@lru_cache(maxsize=1 << 16)
def _room(board: Board, col: int, row: int, z: int) -> str | None:
    """The space's label where a Medium creature has room at a place (D-size), else None."""
    idx = board.at(col, row)
    if idx is None or isinstance(board.creature_space(Size.MEDIUM, (col, row), z, burrow=False),
                                 str):
        return None
    return board.labels[idx]


def _space_at(board: Board, battle: Dnd5eBattle, me: Dnd5eCreature, at: tuple[int, int],
              altitude: int) -> tuple[tuple[int, ...], tuple[int, int]]:
    """``engagement_space`` of ``me`` moved to a place (what of it the space reads: its size and
    whether it burrows), without making the moved creature where it has room there."""
    where = board.creature_space(me.size, at, altitude, burrow=me.speed.burrow > 0)
    if isinstance(where, str):
        return engagement_space(board, battle, replace(me, at=at, altitude=altitude))
    return where[0], where[1]


class Dnd5eThreatRules(GridThreatRules):
    gap_unit = "ft"

    def striker(self, scenario: Dnd5eScenario, creature: str
                ) -> Callable[[Mapping[str, Any]], Iterable[tuple[Place, str]]]:
        battle = scenario.battle
        board = _board(battle)
        me = battle.creature(creature)
        kind = "hex" if board.hex else "square"
        coords = board.coords
        how = _("D-creatures: within its {reach} ft reach").format(reach=me.reach)
        bottom, top = board.bottom, board.top
        walled = bool(board.walled)
        done: set[int] = set()  # the places (by ``_key``) given for the states before
        patterns: dict[tuple[tuple[tuple[int, int], ...], int], tuple[int, ...]] = {}

        def struck(state: Mapping[str, Any]) -> Iterable[tuple[Place, str]]:
            if me.reach <= 0:
                return ()
            cells, span = _space_at(board, battle, me, split_label(str(state["at"]), kind=kind),
                                    int(state["altitude"]))
            ax, ay = coords[cells[0]]  # a cell of it: on hexes, offsets keep their parity
            shape = _ONE if len(cells) == 1 else tuple(sorted(
                (coords[c][0] - ax, coords[c][1] - ay) for c in cells))
            height = span[1] - span[0] + 1
            deltas = patterns.get((shape, height))
            if deltas is None:
                deltas = patterns[shape, height] = _deltas(board.hex, board.rule, me.reach,
                                                           shape, height)
            fresh = set(map(_key(ax, ay, span[0]).__add__, deltas))
            fresh -= done
            found = []
            for key in fresh:
                col, row, z = _unkey(key)
                label = _room(board, col, row, z) if bottom <= z <= top else None
                if label is None:
                    done.add(key)
                elif walled and not board.reach_clear(cells, (board.index[col, row],), me.reach):
                    continue  # behind a wall from here (D-walls): another state may reach it
                else:
                    done.add(key)
                    found.append(((label, z), how))
            return found

        return struck

    def struck_key(self, state: Mapping[str, Any]) -> Any:
        """Its reach is measured from its space: where it is, not how (prone, flying …)."""
        return state["at"], state["altitude"]

    def engager(self, scenario: Dnd5eScenario, creature: str, target: str
                ) -> Callable[[Mapping[str, Any]], str | None]:
        battle = scenario.battle
        board = _board(battle)
        me = battle.creature(creature)
        kind = "hex" if board.hex else "square"
        foe_cells, foe_span = engagement_space(board, battle, battle.creature(target))
        cols = [board.coords[c][0] for c in foe_cells]
        rows = [board.coords[c][1] for c in foe_cells]
        col0, col1, row0, row1 = min(cols), max(cols), min(rows), max(rows)
        shape = footprint_offsets(battle.map.grid, me.size)  # it fills no more than this
        dc0, dc1 = min(c for c, _ in shape), max(c for c, _ in shape)
        dr0, dr1 = min(r for _, r in shape), max(r for _, r in shape)
        height = me.size.levels
        far = me.reach // 5  # squares (hexes, levels): no farther on any axis

        def engaged(state: Mapping[str, Any]) -> str | None:
            if me.reach <= 0:
                return None
            col, row = split_label(str(state["at"]), kind=kind)
            z = int(state["altitude"])
            # a footprint's nearest space is at least its box's gap away on each axis (feet are
            # at least 5 a square of the largest gap, a hex's step at least half its rows')
            dx = max(0, col0 - (col + dc1), col + dc0 - col1)
            dy = max(0, row0 - (row + dr1), row + dr0 - row1)
            dz = max(0, foe_span[0] - (z + height - 1), z - foe_span[1])
            if max(dx, dy // 2 if board.hex else dy, dz) > far:
                return None
            cells, span = _space_at(board, battle, me, (col, row), z)
            feet = board.distance(cells, span, foe_cells, foe_span)
            if feet <= me.reach and board.reach_clear(cells, foe_cells, me.reach):
                return _("D-creatures: {feet} ft, within its {reach} ft reach").format(
                    feet=feet, reach=me.reach)
            return None  # too far, or a wall between (D-walls)

        return engaged

    def edge(self, scenario: Dnd5eScenario, creature: str, state: Mapping[str, Any], target: str
             ) -> tuple[tuple[str, str], ...]:
        battle = scenario.battle
        board = _board(battle)
        _me, cells, span = _space_after(battle, board, creature, state)
        foe = battle.creature(target)
        foe_cells, foe_span = engagement_space(board, battle, foe)
        feet = board.distance(cells, span, foe_cells, foe_span)
        if feet > foe.reach:
            return (("out-of-reach", _("{feet} ft from {target}, beyond its {reach} ft reach: "
                                       "it must move to strike back (D-creatures)").format(
                feet=feet, target=target, reach=foe.reach)),)
        if not board.reach_clear(foe_cells, cells, foe.reach):
            return (("out-of-reach", _("{feet} ft from {target}, but a wall stands between: it "
                                       "must move to strike back (D-walls)").format(
                feet=feet, target=target)),)
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
