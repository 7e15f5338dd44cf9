"""A Foundry VTT scene export (JSON) → a scenario on a square grid (for the ruleset the registry
gives square maps).

The fields read (every coordinate in canvas pixels):

- ``grid``: the square's side in pixels (a number, Foundry 9) or ``{type, size, distance}``
  (Foundry 10 and later; ``type`` 1 is square; ``gridType`` in Foundry 9);
- ``width``, ``height``: the scene in pixels; ``padding`` (default 0.25): the canvas around it,
  rounded up to whole squares, where the grid's first square starts;
- ``walls``: each ``c`` [x0, y0, x1, y1]; ``move`` 0 lets movement through (left out); ``door``
  1 or 2 (secret) is a door, ``ds`` 1 open, 0 closed, 2 locked (closed);
- ``background.src`` (``img`` in Foundry 9) and ``background.offsetX``/``offsetY``
  (``shiftX``/``shiftY``): the picture and its shift → the scenario's background;
- ``tokens``: each ``name``, ``x``, ``y`` (its north-west corner), ``width`` (squares: ½ tiny, 1
  medium, 2 large, 3 huge, 4 gargantuan), ``elevation`` (in the grid's ``distance`` units: 5 ft a
  level), ``disposition`` (1 friendly, −1 hostile: their sides; 0 neutral: no side).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any

from ..i18n import N_, _, ngettext
from ._common import (
    DEFAULT_CHOICE,
    Chooser,
    Imported,
    Point,
    Reader,
    clean_text,
    creature_id,
    load_json,
    picture_beside,
    plain,
    side_runs,
    sides_crossed,
    wall_budget,
)

__all__ = ["looks_like_foundry", "read_foundry"]

_SIZES = ((Fraction(1, 2), "tiny"), (Fraction(1), "medium"), (Fraction(2), "large"),
          (Fraction(3), "huge"))


_PICTURES = (".png", ".jpg", ".jpeg", ".webp", ".gif")


def looks_like_foundry(data: Any) -> bool:
    """A JSON object with a scene's fields (walls or tokens, a grid, a width)."""
    return isinstance(data, dict) and "grid" in data and "width" in data and (
        "walls" in data or "tokens" in data or "background" in data or "img" in data)


def read_foundry(raw: bytes, source: str, folder: Path | None = None,
                 choose: Chooser = DEFAULT_CHOICE) -> Imported:
    """The square-grid scenario a Foundry scene describes, for ``choose("square")``; ``folder``:
    where to look for its background picture (the scene file's folder), None to not look."""
    ruleset = choose("square")
    r = Reader(source)
    data = r.mapping(load_json(raw, r, N_("a Foundry scene")), "")
    grid = r.get(data, "grid", "")
    if isinstance(grid, dict):
        size = r.number(r.get(grid, "size", "grid"), "grid.size")
        kind = grid.get("type", 1)
        distance = r.number(grid.get("distance", 5), "grid.distance")
        kind_where = "grid.type"
    else:
        size = r.number(grid, "grid")
        kind = data.get("gridType", 1)
        distance = r.number(data.get("gridDistance", 5), "gridDistance")
        kind_where = "gridType"
    if kind != 1:
        raise r.fail(kind_where, _("expected 1, a square grid (got {kind}): gridless and hex "
                                   "scenes do not import to {ruleset} squares").format(
                                     kind=repr(kind), ruleset=ruleset))
    if size <= 0:
        raise r.fail("grid.size", _("expected a positive number of pixels, got {value}").format(
            value=size))
    if distance <= 0:
        raise r.fail("grid.distance", _("expected a positive distance, got {value}").format(
            value=distance))
    width = r.number(r.get(data, "width", ""), "width")
    height = r.number(r.get(data, "height", ""), "height")
    padding = r.number(data.get("padding", Fraction(1, 4)), "padding")
    columns, rows = r.grid_size(width / size, height / size, "width")
    x0 = math.ceil(width * padding / size) * size  # the scene's first square, on the canvas
    y0 = math.ceil(height * padding / size) * size

    def square(x: Fraction, y: Fraction) -> tuple[Fraction, Fraction]:
        return ((x - x0) / size, (y - y0) / size)

    walls = r.items(data.get("walls", []), "walls")
    r.wall_points(2 * len(walls), "walls")
    segments: list[tuple[Point, Point, str]] = []
    skipped = 0
    for i, item in enumerate(walls):
        here = f"walls[{i}]"
        wall = r.mapping(item, here)
        c = r.items(r.get(wall, "c", here), f"{here}.c")
        if len(c) != 4:
            raise r.fail(f"{here}.c", _("expected [x0, y0, x1, y1], got {count} numbers").format(
                count=len(c)))
        ax, ay, bx, by = (r.number(v, f"{here}.c[{j}]") for j, v in enumerate(c))
        move = wall.get("move", 20)
        if move == 0:
            skipped += 1
            continue
        door = wall.get("door", 0)
        state = wall.get("ds", 0)
        if door not in (0, 1, 2):
            raise r.fail(f"{here}.door", _("expected 0 (none), 1 (door) or 2 (secret), got "
                                           "{value}").format(value=repr(door)))
        if state not in (0, 1, 2):
            raise r.fail(f"{here}.ds", _("expected 0 (closed), 1 (open) or 2 (locked), got "
                                         "{value}").format(value=repr(state)))
        kind_of = "wall" if not door else ("open" if state == 1 else "closed")
        segments.append((square(ax, ay), square(bx, by), kind_of))
    wall_budget(r, [(a, b) for a, b, _kind in segments], columns, rows, "walls")
    sides: dict[tuple[tuple[int, int], tuple[int, int]], str] = {}
    for a, b, kind_of in segments:
        for side in sides_crossed(a, b, columns, rows):
            if kind_of == "wall":
                sides.setdefault(side, kind_of)  # a door on the same side stays a door
            else:
                sides[side] = kind_of

    imported = Imported(data={})
    creatures = _tokens(r, data, square, columns, rows, distance, imported.notes)
    top = max([12] + [c.get("altitude", 0) + 2 for c in creatures])
    scenario: dict[str, Any] = {
        "ruleset": ruleset,
        "description": _("Imported from {source}: {columns} × {rows} squares, {tokens} "
                         "tokens.").format(
            source=clean_text(source) + (f" ({clean_text(data['name'])})"
                                         if isinstance(data.get("name"), str) else ""),
            columns=columns, rows=rows, tokens=len(creatures)),
        "map": {"columns": columns, "rows": rows, **({"top": top} if top > 12 else {})},
        "creatures": creatures,
    }
    found = side_runs(sides)
    if found:
        scenario["map"]["walls"] = found
    if skipped:
        imported.notes.append(ngettext("walls: {count} left out (move 0: it does not block "
                                       "movement)",
                                       "walls: {count} left out (move 0: they do not block "
                                       "movement)", skipped).format(count=skipped))
    _background(r, data, size, width, folder, imported, scenario)
    imported.data = scenario
    return imported


def _tokens(r: Reader, data: Mapping[str, Any], square: Any, columns: int, rows: int,
            distance: Fraction, notes: list[str]) -> list[dict[str, Any]]:
    taken: set[str] = set()
    creatures = []
    tokens = r.items(data.get("tokens", []), "tokens")
    r.count_creatures(len(tokens), "tokens")
    for i, item in enumerate(tokens):
        here = f"tokens[{i}]"
        token = r.mapping(item, here)
        name = r.text(token.get("name") or f"token {i + 1}", f"{here}.name") or f"token {i + 1}"
        x = r.number(r.get(token, "x", here), f"{here}.x")
        y = r.number(r.get(token, "y", here), f"{here}.y")
        wide = r.number(token.get("width", 1), f"{here}.width")
        sx, sy = square(x, y)
        col, row = round(sx) + 1, round(sy) + 1
        if not (1 <= col <= columns and 1 <= row <= rows):
            notes.append(_("{where} ({name}): left out, it is off the scene's grid").format(
                where=here, name=name))
            continue
        size = next((s for most, s in _SIZES if wide <= most), "gargantuan")
        elevation = r.number(token.get("elevation", 0) or 0, f"{here}.elevation")
        level = math.floor(elevation / distance)
        creature: dict[str, Any] = {"id": creature_id(name, taken), "name": name,
                                    "at": f"{_column(col)}{row}"}
        if size != "medium":
            creature["size"] = size
        disposition = token.get("disposition", 0)
        if disposition in (1, -1):
            creature["side"] = "friendly" if disposition == 1 else "hostile"
        if level:
            creature["altitude"] = level
            if level > 0:
                creature["speed"] = {"walk": 30, "fly": 30}
                notes.append(_("{where} ({name}): elevation {elevation} → altitude {level}; "
                               "given fly 30 ft to be up there (set its real speeds)").format(
                    where=here, name=name, elevation=plain(elevation), level=level))
        creatures.append(creature)
    return creatures


def _background(r: Reader, data: Mapping[str, Any], size: Fraction, width: Fraction,
                folder: Path | None, imported: Imported, scenario: dict[str, Any]) -> None:
    """The scene's picture: its path as the scene gives it (relative to Foundry's data folder),
    found beside the scene file by its file name if it is there."""
    bg = data.get("background")
    if isinstance(bg, dict):
        src = bg.get("src")
        ox, oy = bg.get("offsetX", 0), bg.get("offsetY", 0)
        place = "background"
    else:
        src = data.get("img")
        ox, oy = data.get("shiftX", 0), data.get("shiftY", 0)
        place = "img"
    if not src:
        return
    src_where = f"{place}.src" if place == "background" else place
    if not isinstance(src, str):
        raise r.fail(src_where, _("expected a file path"))
    src = clean_text(src)
    off_x = r.number(ox or 0, f"{place}.offsetX")
    off_y = r.number(oy or 0, f"{place}.offsetY")
    name = src.replace("\\", "/").rsplit("/", 1)[-1]
    pixels = picture_beside(r, None if folder is None else folder / name, imported, src_where,
                            name)
    # the picture is stretched over the scene's width
    cell = size if pixels is None else size * pixels[0] / width
    if imported.image is None and not name.lower().endswith(_PICTURES):
        imported.notes.append(_("background: {path} left out (not a png, jpeg, webp or gif "
                                "picture)").format(path=src))
        return
    if imported.image is None:
        imported.notes.append(_("background: {path} is not beside the scene file; the scenario "
                                "names {name}: put the picture beside the scenario").format(
            path=src, name=name))
        scenario["background"] = {"image": name}
    scenario.setdefault("background", {})
    scenario["background"].update({"cell": plain(cell),
                                   "origin": [plain(off_x * cell / size),
                                              plain(off_y * cell / size)]})


def _column(col: int) -> str:
    from ..geometry.labels import column_label

    return column_label(col)
