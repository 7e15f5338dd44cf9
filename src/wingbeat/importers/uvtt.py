"""Universal VTT (``.dd2vtt``, ``.uvtt``, ``.df2vtt``: Dungeondraft, Dungeon Alchemist,
DungeonFog) → a scenario on a square grid (for the ruleset the registry gives square maps).

The fields read (every coordinate is in grid squares, not pixels):

- ``resolution.map_origin`` {x, y}: the map's north-west corner; ``resolution.map_size`` {x, y}:
  its columns and rows; ``resolution.pixels_per_grid``: the picture's pixels per square;
- ``line_of_sight``: wall polylines, each a list of {x, y} → walls between squares;
- ``portals``: doors, each with ``bounds`` (two {x, y}, its ends) and ``closed`` → doors between
  squares, closed or open;
- ``image``: the map picture, base64 → the scenario's background.

``objects_line_of_sight`` (shadows of objects), ``lights`` and ``environment`` are not movement:
they are left out, and the notes say so.
"""

from __future__ import annotations

import base64
import binascii
from itertools import pairwise
from typing import Any

from .._pictures import image_size, pixel_budget_error
from ..i18n import N_, _
from ._common import (
    DEFAULT_CHOICE,
    Chooser,
    Imported,
    Point,
    Reader,
    clean_text,
    load_json,
    plain,
    side_runs,
    sides_crossed,
    wall_budget,
)

__all__ = ["read_uvtt"]

SUFFIXES = (".dd2vtt", ".uvtt", ".df2vtt")


def read_uvtt(raw: bytes, source: str, choose: Chooser = DEFAULT_CHOICE) -> Imported:
    """The square-grid scenario a Universal VTT file describes, for ``choose("square")``."""
    ruleset = choose("square")
    r = Reader(source)
    data = r.mapping(load_json(raw, r, N_("a Universal VTT file")), "")
    if "resolution" not in data and "ddraft_resolution" in data:
        raise r.fail("ddraft_resolution", _("this is the old Dungeondraft format (ddraft_ "
                                            "fields): export again as Universal VTT"))
    res = r.mapping(r.get(data, "resolution", ""), "resolution")
    ox, oy = r.point(r.get(res, "map_origin", "resolution"), "resolution.map_origin")
    width, height = r.point(r.get(res, "map_size", "resolution"), "resolution.map_size")
    columns, rows = r.grid_size(width, height, "resolution.map_size")
    ppg = r.number(r.get(res, "pixels_per_grid", "resolution"), "resolution.pixels_per_grid")
    if ppg <= 0:
        raise r.fail("resolution.pixels_per_grid", _("expected a positive number, got "
                                                     "{value}").format(value=ppg))

    lines = r.items(data.get("line_of_sight", []), "line_of_sight")
    portals = r.items(data.get("portals", []), "portals")
    r.wall_points(sum(len(line) if isinstance(line, list) else 1 for line in lines)
                  + 2 * len(portals), "line_of_sight")
    segments: list[tuple[Point, Point, str, str]] = []  # ends, kind, where
    for i, line in enumerate(lines):
        here = f"line_of_sight[{i}]"
        points = [r.point(p, f"{here}[{j}]") for j, p in enumerate(r.items(line, here))]
        for (ax, ay), (bx, by) in pairwise(points):
            segments.append(((ax - ox, ay - oy), (bx - ox, by - oy), "wall", here))
    for i, portal in enumerate(portals):
        here = f"portals[{i}]"
        door = r.mapping(portal, here)
        bounds = r.items(r.get(door, "bounds", here), f"{here}.bounds")
        if len(bounds) < 2:
            raise r.fail(f"{here}.bounds", _("expected the door's two ends, {point} each").format(
                point="{x, y}"))
        (ax, ay), (bx, by) = (r.point(p, f"{here}.bounds[{j}]")
                              for j, p in ((0, bounds[0]), (len(bounds) - 1, bounds[-1])))
        closed = door.get("closed", True)
        if not isinstance(closed, bool):
            raise r.fail(f"{here}.closed", _("expected true or false"))
        segments.append(((ax - ox, ay - oy), (bx - ox, by - oy),
                         "closed" if closed else "open", here))
    wall_budget(r, [(a, b) for a, b, _kind, _where in segments], columns, rows, "line_of_sight")
    sides: dict[tuple[tuple[int, int], tuple[int, int]], str] = {}
    doors = 0
    for a, b, kind, _where in segments:
        for side in sides_crossed(a, b, columns, rows):
            sides[side] = kind  # a door over a wall drawn across it
            doors += kind != "wall"

    imported = Imported(data={})
    notes = imported.notes
    picture = data.get("image")
    bg: dict[str, Any] | None = None
    if picture:
        if not isinstance(picture, str):
            raise r.fail("image", _("expected the map picture as base64 text"))
        try:
            image = base64.b64decode(picture, validate=False)
        except (binascii.Error, ValueError):
            raise r.fail("image", _("expected the map picture as base64 text")) from None
        found = image_size(image)
        if found is None:
            raise r.fail("image", _("expected a png, jpeg, webp or gif picture (base64)"))
        too_large = pixel_budget_error(found[1])
        if too_large is not None:
            raise r.fail("image", too_large)
        imported.take_picture(image, found[0])
        bg = {"cell": plain(ppg), "origin": [0, 0]}
    for key in ("objects_line_of_sight", "lights"):
        if data.get(key):
            notes.append(_("{key}: left out (sight and light, not movement)").format(key=key))
    scenario: dict[str, Any] = {
        "ruleset": ruleset,
        "description": _("Imported from {source}: {columns} × {rows} squares, {walls} wall "
                         "sides, {doors} door sides.").format(
            source=clean_text(source), columns=columns, rows=rows,
            walls=sum(1 for k in sides.values() if k == "wall"), doors=doors),
        "map": {"columns": columns, "rows": rows},
        "creatures": [],
    }
    walls = side_runs(sides)
    if walls:
        scenario["map"]["walls"] = walls
    if bg is not None:
        scenario["background"] = bg
    imported.data = scenario
    return imported

