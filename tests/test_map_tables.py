"""Flattened maps (issue 29): volare's ``_MapTables`` made a row at a time (and its neighbours in
C) give the arrays of the cell-by-cell definition; a battle parsed again finds the tables made
for an equal one, in both rulesets, and a changed battle never does."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

import wingbeat
from wingbeat import kernel
from wingbeat.geometry.hexgrid import Direction, Hex
from wingbeat.rulesets.dnd5e import board as dnd5e_board
from wingbeat.rulesets.dnd5e import tables as dnd5e_tables
from wingbeat.rulesets.volare import space as volare_space
from wingbeat.rulesets.volare.model import VolareMap


def _cell_by_cell(vmap: VolareMap) -> tuple[list[str], list[int], list[int], list[int]]:
    """The tables as wingbeat made them before issue 29: a hex at a time."""
    levels = vmap.top + 1
    cells = vmap.cells()
    index = {cell: i for i, cell in enumerate(cells)}
    nbr = []
    for cell in cells:
        for direction in Direction:
            dc, dr = direction.delta
            there = (cell.col + dc, cell.row + dr)
            inside = 1 <= there[0] <= vmap.columns and 1 <= there[1] <= vmap.rows
            nbr.append(index[Hex(*there)] if inside else -1)
    ground = [vmap.ground.get(c, 0) for c in cells]
    ceil = [min(vmap.ceiling.get(c) or levels, levels) for c in cells]
    return [str(c) for c in cells], ground, ceil, nbr


@pytest.mark.parametrize("columns", [1, 2, 3, 6, 9])
@pytest.mark.parametrize("rows", [1, 2, 5, 8])
def test_the_tables_are_the_cell_by_cell_ones(columns: int, rows: int) -> None:
    rng = random.Random(columns * 100 + rows)
    cells = VolareMap(columns, rows, 4).cells()
    ground = {c: rng.randint(0, 3) for c in cells if rng.random() < 0.3}
    ground[Hex(columns + 2 - columns % 2, 2)] = 1  # off the map: read by no hex
    ceiling = {c: rng.choice([None, 0, 2, 9]) for c in cells if rng.random() < 0.3}
    for vmap in (VolareMap(columns, rows, 4), VolareMap(columns, rows, 4, ground, ceiling)):
        tables = volare_space._MapTables(vmap)
        labels, grounds, ceils, nbr = _cell_by_cell(vmap)
        assert tables.labels == labels
        assert list(tables.ground) == grounds and list(tables.ceil) == ceils
        assert list(tables.nbr) == nbr
        assert tables.cells == cells
        assert dict(tables.index) == {c: i for i, c in enumerate(cells)}
        assert Hex(columns + 2 - columns % 2, 2) not in tables.index
        first = [0] * (rows + 2)
        for r in range(1, rows + 1):
            first[r + 1] = first[r] + (columns + r % 2) // 2
        deltas = tuple(d.delta for d in Direction)
        assert list(volare_space._neighbours(columns, rows, first, deltas)) == nbr
        if kernel.compiled is not None:
            from array import array

            assert list(kernel.compiled.hex_neighbours(columns, rows, array("i", first),
                                                       deltas)) == nbr


def _volare(top: int = 10) -> wingbeat.Scenario:
    return wingbeat.parse_scenario({
        "ruleset": "volare", "map": {"grid": "hex", "columns": 12, "rows": 12, "top": top},
        "creatures": [{"id": "roc", "fly": 6, "reflex": 50, "at": "F6", "altitude": 2,
                       "mode": "hovering"}]}, source="test")


def test_a_volare_map_parsed_again_finds_its_tables() -> None:
    first = _volare()
    tables = volare_space._map_tables(first.battle.map)
    again = _volare()
    assert again.battle.map is not first.battle.map
    assert volare_space._map_tables(again.battle.map) is tables
    assert volare_space._map_tables(_volare(top=11).battle.map) is not tables
    assert wingbeat.reach(again, "roc").to_dict() == wingbeat.reach(first, "roc").to_dict()


def test_a_dnd5e_battle_parsed_again_finds_its_tables() -> None:
    scenario = wingbeat.open_scenario("example:harpy")
    tables = dnd5e_tables.shared_tables(scenario.battle, "harpy")
    board = dnd5e_board.shared_board(scenario.battle.map, scenario.battle.options.diagonals)
    again = wingbeat.open_scenario("example:harpy")
    assert dnd5e_tables.shared_tables(again.battle, "harpy") is tables
    assert dnd5e_board.shared_board(again.battle.map, again.battle.options.diagonals) is board
    smaller = replace(again.battle.map, columns=again.battle.map.columns - 1)
    changed = replace(again.battle, map=smaller)
    assert dnd5e_tables.shared_tables(changed, "harpy") is not tables
    assert dnd5e_board.shared_board(smaller, again.battle.options.diagonals) is not board
