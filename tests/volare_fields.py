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
SIZES = ["tiny", "small", "medium", "large", "huge", "gargantuan"]


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


def flyer(draw: st.DrawFn, land: Terrain, *, reach: bool = False) -> dict[str, Any]:
    """The creature ``f`` on flat open ground (no raised cell, no tunnel): grounded, hovering or
    moving (up to altitude 3, a poor flyer never at ground level), fly 1 to 6, ground 0 to 4, any
    maneuverability and Reflex; with ``reach``, a melee reach of 1 or 2 and a side of its own."""
    at = draw(st.sampled_from([c for c in CELLS if c not in land.raised and c not in land.tunnels]))
    mode = draw(st.sampled_from(["grounded", "hovering", "moving"]))
    man = draw(st.sampled_from(["excellent", "medium", "poor"]))
    creature: dict[str, Any] = {
        "id": "f", "at": at, "mode": mode, "fly": draw(st.integers(1, 6)),
        "ground": draw(st.integers(0, 4)), "maneuverability": man,
        "reflex": draw(st.integers(0, 100)),
    }
    if reach:
        creature.update(reach=draw(st.sampled_from([1, 2])), side="f-side")
    if mode != "grounded":
        low = 1 if man == "poor" else 0
        creature["altitude"] = draw(st.integers(low, 3))
        if mode == "moving":
            creature["heading"] = draw(st.sampled_from(DIRECTIONS))
    return creature


def battlefield(land: Terrain, creature: dict[str, Any]) -> dict[str, Any]:
    """The scenario (as data) of ``creature`` alone on the map of ``land``."""
    return {"ruleset": "volare",
            "map": {"grid": "hex", "columns": COLUMNS, "rows": ROWS, "top": TOP,
                    "wind": land.wind, "cells": land.cells},
            "creatures": [creature]}


def others(draw: st.DrawFn, land: Terrain, taken: set[tuple[str, int]], *,
           most: int = 3, varied: bool = False,
           near: tuple[str, int] | None = None) -> list[dict[str, Any]]:
    """One to ``most`` more creatures, each in a place (hex, altitude) of its own that is not in
    ``taken`` (V-occupied), standing on the ground or hovering up to two levels above it, with a
    melee reach of one or two hexes, on one of two sides. ``varied``: each also of any size,
    its reach from its size as often as given, a ground speed (0 to 3), and in the air (or
    skimming at ground level) hovering or moving (any heading) with a fly speed of 1 to 4 and any
    maneuverability (a poor flyer never at ground level). ``near`` (a hex, a distance): only
    within that many hexes of it."""
    grounds = {c["at"][0]: c["ground"] for c in land.cells if "ground" in c}
    ceilings = {c["at"][0]: c["ceiling"] for c in land.cells if "ceiling" in c}
    free = [(at, z) for at in CELLS
            for z in range(grounds.get(at, 0),
                           min(TOP, ceilings.get(at, TOP + 1) - 1, grounds.get(at, 0) + 2) + 1)
            if (at, z) not in taken and (near is None or _within(at, *near))]
    found: list[dict[str, Any]] = []
    for n, (at, altitude) in enumerate(draw(st.lists(st.sampled_from(free), min_size=1,
                                                     max_size=most, unique=True))):
        creature: dict[str, Any] = {"id": f"o{n}", "at": at, "altitude": altitude,
                                    "reach": draw(st.sampled_from([1, 2])),
                                    "side": draw(st.sampled_from(["foes", "friends"]))}
        if altitude > grounds.get(at, 0):
            creature.update(mode="hovering", fly=3)
        if varied:
            _vary(draw, creature)
        found.append(creature)
    return found


def _vary(draw: st.DrawFn, creature: dict[str, Any]) -> None:
    """``others``' creature given a size, perhaps its size's reach, a ground speed, and in the air
    a mode, fly speed and maneuverability of its own."""
    creature["size"] = draw(st.sampled_from(SIZES))
    if draw(st.booleans()):
        del creature["reach"]  # its size's: two hexes for a Huge or larger creature (V-prox)
    creature["ground"] = draw(st.integers(0, 3))
    aloft = creature.get("mode") == "hovering"
    if not aloft and draw(st.booleans()):  # skimming at ground level (V-skim): not a poor flyer
        creature.update(mode="hovering", fly=3, maneuverability="medium")
    elif aloft:
        creature["maneuverability"] = draw(st.sampled_from(["excellent", "medium", "poor"]))
    if creature.get("mode") == "hovering":
        creature["fly"] = draw(st.integers(1, 4))
        if draw(st.booleans()):
            creature.update(mode="moving", heading=draw(st.sampled_from(DIRECTIONS)))


def _within(at: str, centre: str, distance: int) -> bool:
    from wingbeat.geometry.hexgrid import parse_hex

    return parse_hex(at).distance(parse_hex(centre)) <= distance
