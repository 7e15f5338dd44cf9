"""What the random volare battlefields of the property tests share (hypothesis): the map, and the
drawing of its raised ground, its tunnels and its wind. Each test module draws its own creature;
the benchmarks draw these battlefields too (derandomized), so the draws keep their order."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

COLUMNS, ROWS, TOP = 8, 14, 4
CELLS = [f"{chr(64 + c)}{r}" for c in range(1, COLUMNS + 1) for r in range(1, ROWS + 1)
         if (c + r) % 2 == 0]
DIRECTIONS = ["N", "NE", "SE", "S", "SW", "NW"]


@dataclass(frozen=True)
class Terrain:
    """The cells drawn raised and roofed, the map's ``cells`` blocks for them, and the wind."""

    raised: list[str]
    tunnels: list[str]
    cells: list[dict[str, Any]]
    wind: dict[str, str]


def terrain(draw: st.DrawFn, *, raised: int, tunnels: int, highest: int) -> Terrain:
    """Up to ``raised`` cells of raised ground and ``tunnels`` others under a ceiling, each 1 to
    ``highest`` levels, and a wind of any strength toward any direction."""
    up = draw(st.lists(st.sampled_from(CELLS), max_size=raised, unique=True))
    roofed = draw(st.lists(st.sampled_from([c for c in CELLS if c not in up]), max_size=tunnels,
                           unique=True))
    cells = [{"at": [c], "ground": draw(st.integers(1, highest))} for c in up]
    cells += [{"at": [c], "ceiling": draw(st.integers(1, highest))} for c in roofed]
    wind = {"strength": draw(st.sampled_from(["calm", "light-breeze", "breeze", "strong-wind",
                                              "gale"])),
            "toward": draw(st.sampled_from(DIRECTIONS))}
    return Terrain(up, roofed, cells, wind)


def battlefield(land: Terrain, creature: dict[str, Any]) -> dict[str, Any]:
    """The scenario (as data) of ``creature`` alone on the map of ``land``."""
    return {"ruleset": "volare",
            "map": {"grid": "hex", "columns": COLUMNS, "rows": ROWS, "top": TOP,
                    "wind": land.wind, "cells": land.cells},
            "creatures": [creature]}


def others(draw: st.DrawFn, land: Terrain, taken: set[tuple[str, int]], *,
           most: int = 3) -> list[dict[str, Any]]:
    """One to ``most`` more creatures, each in a place (hex, altitude) of its own that is not in
    ``taken`` (V-occupied), standing on the ground or hovering up to two levels above it, with a
    melee reach of one or two hexes, on one of two sides."""
    grounds = {c["at"][0]: c["ground"] for c in land.cells if "ground" in c}
    ceilings = {c["at"][0]: c["ceiling"] for c in land.cells if "ceiling" in c}
    free = [(at, z) for at in CELLS
            for z in range(grounds.get(at, 0),
                           min(TOP, ceilings.get(at, TOP + 1) - 1, grounds.get(at, 0) + 2) + 1)
            if (at, z) not in taken]
    found: list[dict[str, Any]] = []
    for n, (at, altitude) in enumerate(draw(st.lists(st.sampled_from(free), min_size=1,
                                                     max_size=most, unique=True))):
        creature: dict[str, Any] = {"id": f"o{n}", "at": at, "altitude": altitude,
                                    "reach": draw(st.sampled_from([1, 2])),
                                    "side": draw(st.sampled_from(["foes", "friends"]))}
        if altitude > grounds.get(at, 0):
            creature.update(mode="hovering", fly=3)
        found.append(creature)
    return found
