"""``benchmarks/dial5e.c``, the plain-C yardstick of dnd5e's reach (issue 29), searches the same
graph as wingbeat: the least cost of every square and altitude agrees with ``wingbeat.reach``'s
end states, on the harpy and on a small map with ground, ceilings, walls, difficult ground and
air and other creatures in the way. No time is checked."""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
CC = shutil.which("cc") or shutil.which("gcc")

CLUTTERED: dict[str, Any] = {
    "ruleset": "dnd5e",
    "map": {"grid": "square", "columns": 12, "rows": 10, "top": 6, "cells": [
        {"at": ["C3", "D3", "E3"], "ground": 2},
        {"at": ["F5", "F6"], "ceiling": 3},
        {"at": ["H2", "H3", "H4", "H5"], "wall": True},
        {"at": ["B6", "C6"], "terrain": "difficult"},
        {"at": ["D7", "E7", "E8"], "air": "difficult"},
    ]},
    "creatures": [
        {"id": "hawk", "size": "medium", "speed": {"walk": 20, "fly": 30}, "at": "C5",
         "altitude": 1, "side": "party"},
        {"id": "ogre", "size": "large", "speed": {"walk": 40}, "at": "E5", "side": "monsters"},
        {"id": "imp", "size": "tiny", "speed": {"walk": 20, "fly": 40}, "at": "D6",
         "altitude": 2, "side": "monsters"},
        {"id": "ally", "size": "medium", "speed": {"walk": 30}, "at": "B4", "side": "party"},
    ],
}


def _reference() -> ModuleType:
    spec = importlib.util.spec_from_file_location("wingbeat_reference_benchmark",
                                                  ROOT / "benchmarks" / "reference.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.skipif(CC is None, reason="no C compiler")
def test_the_c_yardstick_finds_wingbeats_least_costs(tmp_path: Path) -> None:
    reference = _reference()
    cases = [("harpy", "example:harpy", "harpy"), ("cluttered", CLUTTERED, "hawk")]
    rows, notes = reference.dnd5e_rows(CC, 1, tmp_path, cases)
    assert [row["name"] for row in rows] == [
        f"{case}: {what}" for case in ("harpy", "cluttered")
        for what in ("C", "search", "reach", "C, same states")], notes
    assert all(row["differ"] == 0 for row in rows), notes
    assert all(" 0 differ" in note for note in notes), notes


@pytest.mark.skipif(CC is None, reason="no C compiler")
def test_the_c_search_with_the_same_states_settles_wingbeats(tmp_path: Path) -> None:
    """"C, same states": with the opportunity attacks drawn and Dash in its states, pruned as
    wingbeat prunes them, the C search settles as many states as wingbeat's search (the harpy's
    3.8 times the plain C search's), and the least cost of each place is the plain one's."""
    reference = _reference()
    rows, notes = reference.dnd5e_rows(CC, 1, tmp_path, [("harpy", "example:harpy", "harpy")])
    by_name = {row["name"]: row for row in rows}
    same = by_name["harpy: C, same states"]
    assert same["settled"] == by_name["harpy: search"]["settled"] > by_name["harpy: C"]["settled"]
    assert same["differ"] == 0, notes


@pytest.mark.skipif(CC is None, reason="no C compiler")
def test_a_case_it_does_not_model_gets_no_row(tmp_path: Path) -> None:
    """Walls between squares, a larger footprint, another diagonal rule: no yardstick row, and
    the output says why."""
    reference = _reference()
    walled = {**CLUTTERED, "map": {**CLUTTERED["map"], "walls": [{"between": ["A1", "B1"]}]}}
    dmg = {**CLUTTERED, "options": {"diagonals": "dmg"}}
    rows, notes = reference.dnd5e_rows(CC, 1, tmp_path,
                                       [("walled", walled, "hawk"), ("dmg", dmg, "hawk"),
                                        ("ogre", CLUTTERED, "ogre")])
    assert rows == []
    assert len(notes) == 3 and all("no yardstick" in note for note in notes), notes
