"""A Tiled map (``.tmj`` JSON or ``.tmx`` XML) → a scenario on a square grid (orthogonal maps) or
on hexes (hexagonal maps, flat-topped: ``staggeraxis`` x), for the ruleset the registry gives that
kind of map (``rules.registry.map_ruleset``).

What becomes what (docs/import.md has the table):

- a custom property ``ground`` (whole number), ``ceiling`` (whole number), ``terrain``
  (``normal``, ``difficult``, ``water``; squares), ``wall`` or ``climb`` (true/false; squares) on a
  **tile** (in its tileset) applies to every cell where that tile is placed; on a **tile layer**,
  to every cell of the layer that holds a tile; a tile layer **named** ``ground 2``,
  ``ceiling 4``, ``terrain difficult``, ``wall`` or ``climb`` says the same of its cells. A
  tile's own property wins over its layer's, and a later layer over an earlier one.
- every **object** of an object layer becomes a creature in the cell under its centre: its name
  is its name, its ``class`` (``type`` before Tiled 1.9) its side, and custom properties named
  like creature keys (``altitude``, ``size``, ``reach``, ``side``, ``fly``, ``walk`` …) are
  copied; the scenario's check refuses a value the ruleset has not.
- the first **image layer** is the background.

Hexes: Tiled numbers a flat-topped hex map in columns x = 0, 1 … and rows y = 0, 1 …, with every
other column half a hex lower (``staggerindex`` odd: columns 1, 3 …; even: columns 0, 2 …).
A hex map's scenario labels hexes in doubled coordinates, column B half a hex lower than A: Tiled
column x is column x + 1, and Tiled row y is row 2y + 1 in the higher columns and 2y + 2 in the
lower ones (``staggerindex`` even: 2y + 3 in the lower, even-numbered ones, which start below the
first row of the next column; row 1 of those columns lies off the Tiled map).
"""

from __future__ import annotations

import base64
import binascii
import gzip
import math
import re
import zlib
from bisect import bisect_right
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

from .._files import UnreadableFile, read_limited
from ..geometry.labels import column_label
from ..i18n import N_, _
from ..narrate import grouped
from ._common import (
    DEFAULT_CHOICE,
    MAX_NUMBER_SIZE,
    MAX_RANGES,
    Chooser,
    Imported,
    Reader,
    TooManyRanges,
    cell_blocks,
    clean_text,
    creature_id,
    load_json,
    picture_beside,
    plain,
)

__all__ = ["read_tiled"]

_FLAGS = 0xF0000000  # flip and rotation bits of a global tile id
_CELL_KEYS = ("ground", "ceiling", "terrain", "wall", "climb")
_HEX_CELL_KEYS = ("ground", "ceiling")
_SQUARE_CREATURE = {"altitude": int, "size": str, "side": str, "hover": bool,
                    "magic_flight": bool, "reach": int, "strength": int, "acrobatics": int,
                    "walk": int, "fly": int, "climb": int, "swim": int, "burrow": int}
_HEX_CREATURE = {"altitude": int, "side": str, "fly": int, "ground": int, "mode": str,
                 "maneuverability": str, "heading": str, "reflex": int, "strength": int,
                 "size": str, "reach": int}
_SPEEDS = ("walk", "fly", "climb", "swim", "burrow")
MAX_TILESET_BYTES = 5_000_000
#: Groups inside groups (each one a level of the map's layers): Tiled's own maps rarely pass 5.
MAX_GROUP_DEPTH = 20
#: XML elements in a .tmx or .tsx, counted from its ``<`` before parsing: a 48 MB file of
#: 12,000,000 empty elements took 22 s and 1.2 GB as a tree. One layer of a map at the size
#: limit written tile by tile (``<tile gid=…/>``, Tiled's oldest format) is 1,000,000.
MAX_XML_ELEMENTS = 1_200_000
#: XML attributes, counted from its ``=`` before parsing: 4,000,000 on one element (47 MB) took
#: 9 s and 1.3 GB. A layer written tile by tile has one a cell.
MAX_XML_ATTRIBUTES = 1_500_000

#: Why an infinite map does not import, and what to do.
_INFINITE = N_("infinite maps (stored in chunks) do not import: resize the map in Tiled (Map ▸ "
               "Map Properties ▸ Infinite off)")


@dataclass
class _Layer:
    kind: str  # "tile", "object", "image"
    name: str
    where: str
    properties: dict[str, Any] = field(default_factory=dict)
    gids: list[int] = field(default_factory=list)
    objects: list[dict[str, Any]] = field(default_factory=list)
    image: str | None = None
    offset: tuple[Fraction, Fraction] = (Fraction(0), Fraction(0))


@dataclass
class _Map:
    orientation: str
    width: int
    height: int
    tilewidth: Fraction
    tileheight: Fraction
    hexsidelength: Fraction
    staggeraxis: str
    staggerindex: str
    tilesets: list[tuple[int, dict[int, dict[str, Any]]]]
    layers: list[_Layer]
    firsts: list[int] | None = None  # the tilesets' firstgid, sorted (made on first use)
    by_first: dict[int, dict[int, dict[str, Any]]] = field(default_factory=dict)


def read_tiled(raw: bytes, source: str, folder: Path | None = None,
               choose: Chooser = DEFAULT_CHOICE) -> Imported:
    """The scenario a Tiled map describes, for ``choose("square")`` or ``choose("hex")``;
    ``folder``: where its external tilesets and image layer pictures are (the map's folder), None
    to not look."""
    r = Reader(source)
    imported = Imported(data={})
    if _looks_like_xml(raw):
        tmap = _read_tmx(r, raw, folder, imported.notes)
    else:
        tmap = _read_tmj(r, raw, folder, imported.notes)
    for key, size in (("tilewidth", tmap.tilewidth), ("tileheight", tmap.tileheight)):
        if size <= 0:
            raise r.fail(key, _("expected a positive number of pixels, got {value}").format(
                value=plain(size)))
    if tmap.hexsidelength < 0:
        raise r.fail("hexsidelength", _("expected 0 or more pixels, got {value}").format(
            value=plain(tmap.hexsidelength)))
    if tmap.orientation == "orthogonal":
        return _to_squares(r, tmap, folder, imported, choose("square"))
    if tmap.orientation == "hexagonal":
        ruleset = choose("hex")
        if tmap.staggeraxis != "x":
            raise r.fail("staggeraxis", _("expected x (flat-topped hexes, {ruleset}'s): "
                                          "pointy-topped hexes (staggeraxis y) would turn the "
                                          "map a quarter turn").format(ruleset=ruleset))
        return _to_hexes(r, tmap, folder, imported, ruleset)
    raise r.fail("orientation", _("expected orthogonal (squares, {squares}) or hexagonal "
                                  "(hexes, {hexes}), got {value}").format(
        squares=DEFAULT_CHOICE("square"), hexes=DEFAULT_CHOICE("hex"),
        value=repr(tmap.orientation)))


def _looks_like_xml(raw: bytes) -> bool:
    """XML begins with <, perhaps after a byte order mark or in UTF-16 (either byte order)."""
    head = raw.removeprefix(b"\xef\xbb\xbf").lstrip()
    return head[:1] == b"<" or raw[:2] in (b"\xff\xfe", b"\xfe\xff", b"\0<", b"<\0")


# -- reading the two files -----------------------------------------------------------------------

def _read_tmj(r: Reader, raw: bytes, folder: Path | None, notes: list[str]) -> _Map:
    top = load_json(raw, r, N_("a Tiled map (.tmj JSON; a .tmx begins with <)"))
    data = r.mapping(top, "")
    if data.get("infinite"):
        raise r.fail("infinite", _(_INFINITE))
    tilesets = []
    for i, item in enumerate(r.items(data.get("tilesets", []), "tilesets")):
        here = f"tilesets[{i}]"
        ts = r.mapping(item, here)
        first = _int(r, r.get(ts, "firstgid", here), f"{here}.firstgid")
        if "source" in ts:
            tiles = _external_tileset(r, ts["source"], folder, f"{here}.source", notes)
        else:
            tiles = _json_tiles(r, ts, here)
        tilesets.append((first, tiles))
    width = _int(r, r.get(data, "width", ""), "width")
    height = _int(r, r.get(data, "height", ""), "height")
    r.grid_size(Fraction(width), Fraction(height), "width")  # before any layer is read
    layers: list[_Layer] = []
    _json_layers(r, r.items(r.get(data, "layers", ""), "layers"), "layers", width * height,
                 layers, 0)
    return _Map(str(r.get(data, "orientation", "")), width, height,
                r.number(r.get(data, "tilewidth", ""), "tilewidth"),
                r.number(r.get(data, "tileheight", ""), "tileheight"),
                r.number(data.get("hexsidelength", 0), "hexsidelength"),
                str(data.get("staggeraxis", "y")), str(data.get("staggerindex", "odd")),
                tilesets, layers)


def _json_tiles(r: Reader, ts: Mapping[str, Any], here: str) -> dict[int, dict[str, Any]]:
    tiles = {}
    for j, item in enumerate(r.items(ts.get("tiles", []), f"{here}.tiles")):
        tile = r.mapping(item, f"{here}.tiles[{j}]")
        ident = _int(r, r.get(tile, "id", f"{here}.tiles[{j}]"), f"{here}.tiles[{j}].id")
        tiles[ident] = _json_props(r, tile.get("properties", []), f"{here}.tiles[{j}].properties")
    return tiles


def _json_props(r: Reader, items: Any, where: str) -> dict[str, Any]:
    props = {}
    for k, item in enumerate(r.items(items, where)):
        prop = r.mapping(item, f"{where}[{k}]")
        name = r.get(prop, "name", f"{where}[{k}]")
        props[str(name)] = prop.get("value")
    return props


def _json_layers(r: Reader, items: list[Any], where: str, cells: int, out: list[_Layer],
                 depth: int) -> None:
    if depth > MAX_GROUP_DEPTH:
        raise r.fail(where, _("groups inside groups deeper than {most}").format(
            most=MAX_GROUP_DEPTH))
    for i, item in enumerate(items):
        here = f"{where}[{i}]"
        data = r.mapping(item, here)
        kind = data.get("type")
        props = _json_props(r, data.get("properties", []), f"{here}.properties")
        name = str(data.get("name", ""))
        offset = (r.number(data.get("offsetx", 0), f"{here}.offsetx"),
                  r.number(data.get("offsety", 0), f"{here}.offsety"))
        if kind == "group":
            _json_layers(r, r.items(data.get("layers", []), f"{here}.layers"), f"{here}.layers",
                         cells, out, depth + 1)
        elif kind == "tilelayer":
            if "chunks" in data:
                raise r.fail(f"{here}.chunks", _("infinite maps (chunks) do not import"))
            raw = r.get(data, "data", here)
            if isinstance(raw, str):
                gids = _decode(r, raw, data.get("encoding", "base64"),
                               data.get("compression", ""), cells, f"{here}.data")
            else:
                items = r.items(raw, f"{here}.data")
                _tile_count(r, len(items), cells, f"{here}.data")
                gids = [_int(r, v, f"{here}.data") for v in items]
            _tile_count(r, len(gids), cells, f"{here}.data")
            out.append(_Layer("tile", name, here, props, gids=gids))
        elif kind == "objectgroup":
            objects = []
            found = r.items(data.get("objects", []), f"{here}.objects")
            r.count_creatures(len(found), f"{here}.objects")
            for j, obj in enumerate(found):
                o = r.mapping(obj, f"{here}.objects[{j}]")
                objects.append({**o, "where": f"{here}.objects[{j}]", "properties": _json_props(
                    r, o.get("properties", []), f"{here}.objects[{j}].properties")})
            out.append(_Layer("object", name, here, props, objects=objects))
        elif kind == "imagelayer":
            out.append(_Layer("image", name, here, props, image=data.get("image") or None,
                              offset=offset))
        else:
            raise r.fail(f"{here}.type", _("expected tilelayer, objectgroup, imagelayer or "
                                           "group, got {value}").format(value=repr(kind)))


class _NoDoctype(ElementTree.TreeBuilder):
    """A tree builder that stops at a document type declaration, whatever the file's encoding
    (the declaration is where entities are made)."""

    def doctype(self, name: str, pubid: str | None, system: str | None) -> None:
        raise _Doctype


class _Doctype(Exception):
    pass


def _parse_xml(r: Reader, raw: bytes, what: str) -> ElementTree.Element:
    """XML with no document type and no entities (nothing to expand, nothing fetched): the
    parser itself refuses any DOCTYPE (a UTF-16 file hides it from a search of the bytes)."""
    what = _(what)
    refused = r.fail("", _("{what} declares a DOCTYPE or entities, which are refused (Tiled "
                           "writes neither)").format(what=what))
    lowered = raw.lower()
    if b"<!doctype" in lowered or b"<!entity" in lowered:
        raise refused
    elements = raw.count(b"<") - raw.count(b"</")  # at least the elements (and declarations)
    if elements > MAX_XML_ELEMENTS:
        raise r.fail("", _("{what} has {count} XML elements: expected at most {most} (save "
                           "its layers as CSV or base64)").format(
            what=what, count=grouped(elements), most=grouped(MAX_XML_ELEMENTS)))
    attributes = raw.count(b"=")  # at least the attributes
    if attributes > MAX_XML_ATTRIBUTES:
        raise r.fail("", _("{what} has {count} XML attributes (counting every =): expected at "
                           "most {most}").format(what=what, count=grouped(attributes),
                                                 most=grouped(MAX_XML_ATTRIBUTES)))
    parser = ElementTree.XMLParser(target=_NoDoctype())
    try:
        parser.feed(raw)
        return parser.close()
    except _Doctype:
        raise refused from None
    except ElementTree.ParseError as exc:
        raise r.fail("", _("is not a Tiled map: not well-formed XML ({problem})").format(
            problem=exc)) from None
    except (ValueError, LookupError) as exc:  # an encoding Python's expat cannot read
        raise r.fail("", _("is not a Tiled map: an XML encoding not read ({problem}): save it "
                           "as UTF-8").format(problem=_short_text(str(exc)))) from None


def _short_text(text: str) -> str:
    return text if len(text) <= 80 else text[:60] + f"… ({len(text):,} characters)"


def _read_tmx(r: Reader, raw: bytes, folder: Path | None, notes: list[str]) -> _Map:
    root = _parse_xml(r, raw, N_("the map"))
    if root.tag != "map":
        raise r.fail("", _("expected a <map> element (a .tmx map), got {tag}").format(
            tag=f"<{root.tag}>"))
    if root.get("infinite") == "1":
        raise r.fail("map.infinite", _(_INFINITE))
    width = _int(r, _attr(r, root, "width", "map"), "map.width")
    height = _int(r, _attr(r, root, "height", "map"), "map.height")
    r.grid_size(Fraction(width), Fraction(height), "map.width")  # before any layer is read
    tilesets = []
    for i, ts in enumerate(root.findall("tileset")):
        here = f"tileset[{i}]"
        first = _int(r, _attr(r, ts, "firstgid", here), f"{here}.firstgid")
        source = ts.get("source")
        tiles = (_external_tileset(r, source, folder, f"{here}.source", notes) if source
                 else _xml_tiles(r, ts, here))
        tilesets.append((first, tiles))
    layers: list[_Layer] = []
    _xml_layers(r, root, "map", width * height, layers, 0)
    return _Map(_attr(r, root, "orientation", "map"), width, height,
                r.number(_attr(r, root, "tilewidth", "map"), "map.tilewidth"),
                r.number(_attr(r, root, "tileheight", "map"), "map.tileheight"),
                r.number(root.get("hexsidelength", "0"), "map.hexsidelength"),
                root.get("staggeraxis", "y"), root.get("staggerindex", "odd"), tilesets, layers)


def _attr(r: Reader, element: ElementTree.Element, name: str, where: str) -> str:
    value = element.get(name)
    if value is None:
        raise r.fail(f"{where}.{name}", _("required, but missing"))
    return value


def _xml_tiles(r: Reader, ts: ElementTree.Element, here: str) -> dict[int, dict[str, Any]]:
    tiles = {}
    for j, tile in enumerate(ts.findall("tile")):
        where = f"{here}.tile[{j}]"
        tiles[_int(r, _attr(r, tile, "id", where), f"{where}.id")] = _xml_props(tile)
    return tiles


def _xml_props(element: ElementTree.Element) -> dict[str, Any]:
    props: dict[str, Any] = {}
    holder = element.find("properties")
    if holder is not None:
        for prop in holder.findall("property"):
            value = prop.get("value")
            props[prop.get("name", "")] = value if value is not None else (prop.text or "")
    return props


def _xml_layers(r: Reader, parent: ElementTree.Element, where: str, cells: int,
                out: list[_Layer], depth: int) -> None:
    if depth > MAX_GROUP_DEPTH:
        raise r.fail(where, _("groups inside groups deeper than {most}").format(
            most=MAX_GROUP_DEPTH))
    counts: dict[str, int] = {}
    for child in parent:
        tag = child.tag
        if tag not in ("layer", "objectgroup", "imagelayer", "group"):
            continue
        n = counts[tag] = counts.get(tag, -1) + 1
        here = f"{where}.{tag}[{n}]"
        props = _xml_props(child)
        name = child.get("name", "")
        if tag == "group":
            _xml_layers(r, child, here, cells, out, depth + 1)
        elif tag == "layer":
            data = child.find("data")
            if data is None:
                raise r.fail(f"{here}.data", _("required, but missing"))
            if data.find("chunk") is not None:
                raise r.fail(f"{here}.data", _("infinite maps (chunks) do not import"))
            encoding = data.get("encoding")
            if encoding == "csv":
                text = (data.text or "").strip()
                found = text.count(",") + 1 if text else 0
                _tile_count(r, found, cells, f"{here}.data")
                try:
                    gids = [int(v) for v in text.replace("\n", "").split(",")] if text else []
                except ValueError:
                    raise r.fail(f"{here}.data", _("expected comma-separated tile ids")) from None
            elif encoding == "base64":
                gids = _decode(r, data.text or "", "base64", data.get("compression", ""), cells,
                               f"{here}.data")
            elif encoding is None:
                tiles = data.findall("tile")
                _tile_count(r, len(tiles), cells, f"{here}.data")
                gids = [_int(r, t.get("gid", "0"), f"{here}.data.tile") for t in tiles]
            else:
                raise r.fail(f"{here}.data.encoding", _("expected csv or base64, got "
                                                        "{value}").format(value=repr(encoding)))
            _tile_count(r, len(gids), cells, f"{here}.data")
            out.append(_Layer("tile", name, here, props, gids=gids))
        elif tag == "objectgroup":
            objects = []
            found_xml = child.findall("object")
            r.count_creatures(len(found_xml), f"{here}.object")
            for j, obj in enumerate(found_xml):
                o: dict[str, Any] = dict(obj.attrib)
                o["where"] = f"{here}.object[{j}]"
                o["properties"] = _xml_props(obj)
                o["point"] = obj.find("point") is not None
                objects.append(o)
            out.append(_Layer("object", name, here, props, objects=objects))
        else:
            image = child.find("image")
            offset = (r.number(child.get("offsetx", "0"), f"{here}.offsetx"),
                      r.number(child.get("offsety", "0"), f"{here}.offsety"))
            out.append(_Layer("image", name, here, props, offset=offset,
                              image=image.get("source") if image is not None else None))


def _external_tileset(r: Reader, source: Any, folder: Path | None, where: str,
                      notes: list[str]) -> dict[int, dict[str, Any]]:
    """An external tileset's tile properties (``.tsx`` or ``.tsj`` beside the map); missing,
    its tiles have no properties, and a note says so."""
    if not isinstance(source, str):
        raise r.fail(where, _("expected a file name"))
    name = source.replace("\\", "/")
    if folder is None or name.startswith("/") or ".." in name.split("/"):
        notes.append(_("{where}: {path} not read (only tilesets beside the map are): its tile "
                       "properties are left out (or embed it: Tiled's Embed Tileset)").format(
            where=where, path=clean_text(source)))
        return {}
    try:
        raw = read_limited(folder / name, MAX_TILESET_BYTES)
    except UnreadableFile as exc:
        notes.append(_("{where}: {path} {reason}: its tile properties are left out").format(
            where=where, path=clean_text(source), reason=exc.reason))
        return {}
    sub = Reader(f"{r.source} ({source})")
    if _looks_like_xml(raw):
        root = _parse_xml(sub, raw, N_("the tileset"))
        return _xml_tiles(sub, root, "tileset")
    data = load_json(raw, sub, N_("a tileset (JSON or XML)"))
    return _json_tiles(sub, sub.mapping(data, ""), "")


def _decode(r: Reader, text: str, encoding: Any, compression: Any, cells: int,
            where: str) -> list[int]:
    """Tile ids stored as base64 of little-endian 32-bit numbers, perhaps compressed (zlib,
    gzip); never inflated past the map's size."""
    if encoding != "base64":
        raise r.fail(f"{where}.encoding", _("expected csv or base64, got {value}").format(
            value=repr(encoding)))
    try:
        packed = base64.b64decode(text.strip(), validate=False)
    except (binascii.Error, ValueError):
        raise r.fail(where, _("expected base64 text")) from None
    size = cells * 4
    if compression in ("zlib", "gzip"):
        try:
            inflater = zlib.decompressobj(zlib.MAX_WBITS | (16 if compression == "gzip" else 0))
            packed = inflater.decompress(packed, size + 1)
        except (zlib.error, gzip.BadGzipFile):
            raise r.fail(where, _("expected {compression}-compressed data").format(
                compression=compression)) from None
    elif compression not in ("", None):
        raise r.fail(f"{where}.compression", _("expected zlib, gzip or none, got {value} (save "
                                               "the map with another layer format)").format(
            value=repr(compression)))
    if len(packed) > size:
        raise r.fail(where, _("expected {cells} tiles (width × height), got more").format(
            cells=cells))
    if len(packed) != size:
        whole, odd = divmod(len(packed), 4)
        if odd:
            raise r.fail(where, _("expected {cells} tiles (width × height), got {found} and "
                                  "{odd} bytes more (a tile id is 4 bytes)").format(
                cells=cells, found=whole, odd=odd))
        raise r.fail(where, _("expected {cells} tiles (width × height), got {found}").format(
            cells=cells, found=whole))
    return [int.from_bytes(packed[i:i + 4], "little") for i in range(0, size, 4)]


def _tile_count(r: Reader, found: int, cells: int, where: str) -> None:
    """A tile layer has one tile a cell of the map, no more, no fewer."""
    if found != cells:
        raise r.fail(where, _("expected {cells} tiles (width × height), got {found}").format(
            cells=cells, found=found))


def _int(r: Reader, value: Any, where: str) -> int:
    if type(value) is int and -MAX_NUMBER_SIZE <= value <= MAX_NUMBER_SIZE:
        return value  # a layer's million tile ids: no fraction made
    got = r.number(value, where)
    if got.denominator != 1:
        raise r.fail(where, _("expected a whole number, got {value}").format(value=plain(got)))
    return int(got)


# -- building the scenario -----------------------------------------------------------------------

def _tile_props(tmap: _Map, gid: int) -> dict[str, Any]:
    """The properties of tile ``gid`` (its flip bits dropped): from the tileset with the
    highest ``firstgid`` not past it (the first such, if two share it), found by bisection."""
    gid &= ~_FLAGS
    if tmap.firsts is None:
        by_first: dict[int, dict[int, dict[str, Any]]] = {}
        for first, tiles in tmap.tilesets:
            by_first.setdefault(first, tiles)
        tmap.firsts = sorted(by_first)
        tmap.by_first = by_first
    at = bisect_right(tmap.firsts, gid) - 1
    if at < 0:
        return {}
    first = tmap.firsts[at]
    return tmap.by_first[first].get(gid - first, {})


def _cell_facts(r: Reader, tmap: _Map, keys: tuple[str, ...], notes: list[str]
                ) -> dict[tuple[int, int], dict[str, Any]]:
    """Per Tiled cell (x, y), the facts its layers and tiles give."""
    facts: dict[tuple[int, int], dict[str, Any]] = {}
    ignored: set[str] = set()
    for layer in tmap.layers:
        if layer.kind != "tile":
            continue
        own = _facts(r, {**_named(layer.name), **layer.properties},
                     f"{layer.where}.properties", keys, ignored)
        known: dict[int, dict[str, Any]] = {}  # a tile's facts, once per tile (not per cell)
        for index, gid in enumerate(layer.gids):
            if not gid:
                continue
            tile = known.get(gid)
            if tile is None:
                tile = known[gid] = _facts(r, _tile_props(tmap, gid),
                                           f"{layer.where} (tile {gid & ~_FLAGS})", keys, ignored)
            if own or tile:
                facts.setdefault((index % tmap.width, index // tmap.width), {}).update(
                    {**own, **tile})
    for key in sorted(ignored):
        notes.append(_("{key}: left out (no such thing on this ruleset's map)").format(key=key))
    return facts


_NAMED = re.compile(r"^\s*(ground|ceiling)\s*[=:]?\s*(-?\d+)\s*$"
                    r"|^\s*terrain\s*[=:]?\s*(normal|difficult|water)\s*$"
                    r"|^\s*(wall|climb)\s*$", re.IGNORECASE)


def _named(name: str) -> dict[str, Any]:
    """What a tile layer's name says of its cells: ``ground 2``, ``ceiling=4``,
    ``terrain difficult``, ``wall``, ``climb`` (its properties, if any, win)."""
    found = _NAMED.match(name)
    if found is None:
        return {}
    level, value, terrain, flag = found.groups()
    if level:
        return {level.lower(): int(value)}
    if terrain:
        return {"terrain": terrain.lower()}
    return {flag.lower(): True}


def _facts(r: Reader, props: Mapping[str, Any], where: str, keys: tuple[str, ...],
           ignored: set[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key in _CELL_KEYS:
        if key not in props:
            continue
        if key not in keys:
            ignored.add(key)
            continue
        value = props[key]
        if key in ("ground", "ceiling"):
            out[key] = _int(r, value, f"{where}.{key}")
        elif key == "terrain":
            if value not in ("normal", "difficult", "water"):
                raise r.fail(f"{where}.terrain", _("expected normal, difficult or water, got "
                                                   "{value}").format(value=repr(value)))
            out[key] = value
        else:
            out[key] = _bool(r, value, f"{where}.{key}")
    return out


def _bool(r: Reader, value: Any, where: str) -> bool:
    if isinstance(value, bool):
        return bool(value)
    if value in ("true", "false"):
        return bool(value == "true")
    raise r.fail(where, _("expected true or false, got {value}").format(value=repr(value)))


def _to_squares(r: Reader, tmap: _Map, folder: Path | None, imported: Imported,
                ruleset: str) -> Imported:
    columns, rows = r.grid_size(Fraction(tmap.width), Fraction(tmap.height), "width")
    facts = _cell_facts(r, tmap, _CELL_KEYS, imported.notes)
    cells = {(x + 1, y + 1): f for (x, y), f in facts.items()}
    lowest = min([0] + [f.get("ground", 0) for f in cells.values()])
    highest = max([12] + [f.get("ground", 0) + 2 for f in cells.values()]
                  + [f.get("ceiling", 0) for f in cells.values()])
    tw, th = tmap.tilewidth, tmap.tileheight

    def where(cx: Fraction, cy: Fraction) -> tuple[int, int]:
        return math.floor(cx / tw) + 1, math.floor(cy / th) + 1

    creatures = _creatures(r, tmap, where, columns, rows, _SQUARE_CREATURE, imported.notes,
                           lambda c, rw: f"{column_label(c)}{rw}")
    scenario: dict[str, Any] = {
        "ruleset": ruleset,
        "description": _("Imported from {source}: {columns} × {rows} squares.").format(
            source=clean_text(r.source), columns=columns, rows=rows),
        "map": {"columns": columns, "rows": rows},
        "creatures": creatures,
    }
    if highest > 12:
        scenario["map"]["top"] = min(200, highest)
    if lowest < 0:
        scenario["map"]["bottom"] = max(-200, lowest)
    blocks = _blocks(r, cells, hexes=False)
    if blocks:
        scenario["map"]["cells"] = blocks
    _image_layer(r, tmap, folder, imported, scenario, tw)
    imported.data = scenario
    return imported


def _to_hexes(r: Reader, tmap: _Map, folder: Path | None, imported: Imported,
              ruleset: str) -> Imported:
    odd = tmap.staggerindex != "even"
    if tmap.staggerindex not in ("odd", "even"):
        raise r.fail("staggerindex", _("expected odd or even, got {value}").format(
            value=repr(tmap.staggerindex)))

    def lower(x: int) -> bool:  # Tiled column x is the one half a hex lower
        return (x % 2 == 1) if odd else (x % 2 == 0)

    def label_of(x: int, y: int) -> tuple[int, int]:
        if odd:
            return x + 1, 2 * y + (2 if x % 2 else 1)
        return x + 1, 2 * y + (3 if x % 2 == 0 else 2)

    columns = tmap.width
    rows = 2 * tmap.height + (0 if odd else 1)
    r.grid_size(Fraction(columns), Fraction(rows), "height")
    facts = _cell_facts(r, tmap, _HEX_CELL_KEYS, imported.notes)
    cells = {label_of(x, y): f for (x, y), f in facts.items()}
    for xy, f in cells.items():
        if f.get("ground", 0) < 0:
            raise r.fail("ground", _("{ruleset} ground levels are 0 or more; {cell} has "
                                     "{ground}").format(ruleset=ruleset,
                                                        cell=f"{column_label(xy[0])}{xy[1]}",
                                                        ground=f["ground"]))
    tw, th, side = tmap.tilewidth, tmap.tileheight, tmap.hexsidelength
    step = (tw + side) / 2  # Tiled's column width on a staggeraxis-x hex map

    def where(cx: Fraction, cy: Fraction) -> tuple[int, int]:
        x = math.floor(cx / step)
        y = math.floor((cy - (th / 2 if lower(x) else 0)) / th)
        return label_of(x, y) if x >= 0 and y >= 0 else (0, 0)

    creatures = _creatures(r, tmap, where, columns, rows, _HEX_CREATURE, imported.notes,
                           lambda c, rw: f"{column_label(c)}{rw}")
    top = max([20] + [f.get("ground", 0) + 2 for f in cells.values()]
              + [f.get("ceiling", 0) for f in cells.values()])
    scenario: dict[str, Any] = {
        "ruleset": ruleset,
        "description": _("Imported from {source}: {columns} × {rows} hexes.").format(
            source=clean_text(r.source), columns=tmap.width, rows=tmap.height),
        "map": {"columns": columns, "rows": rows},
        "creatures": creatures,
    }
    if top > 20:
        scenario["map"]["top"] = min(200, top)
    blocks = _blocks(r, cells, hexes=True)
    if blocks:
        scenario["map"]["cells"] = blocks
    if not odd:
        imported.notes.append(_("staggerindex even: {ruleset}'s row 1 of columns A, C, E … lies "
                                "off the Tiled map (plain ground)").format(ruleset=ruleset))
    _image_layer(r, tmap, folder, imported, scenario, tw, Fraction(0) if odd else -th / 2)
    imported.data = scenario
    return imported


def _blocks(r: Reader, cells: dict[tuple[int, int], dict[str, Any]], *, hexes: bool
            ) -> list[dict[str, Any]]:
    try:
        return cell_blocks(cells, hexes=hexes)
    except TooManyRanges:
        raise r.fail("layers", _("the cells' levels and terrain make more than {most} ranges: "
                                 "the scenario would be larger than 1 MB, the most a scenario "
                                 "file may be").format(most=grouped(MAX_RANGES))) from None


def _creatures(r: Reader, tmap: _Map, where: Any, columns: int, rows: int,
               keys: Mapping[str, type], notes: list[str], label: Any) -> list[dict[str, Any]]:
    taken: set[str] = set()
    out: list[dict[str, Any]] = []
    for layer in tmap.layers:
        for obj in layer.objects:
            here = obj["where"]
            name = (clean_text(str(obj.get("name") or ""))
                    or f"object {clean_text(str(obj.get('id', len(out) + 1)))[:20]}")
            x = r.number(obj.get("x", 0), f"{here}.x")
            y = r.number(obj.get("y", 0), f"{here}.y")
            w = r.number(obj.get("width", 0) or 0, f"{here}.width")
            h = r.number(obj.get("height", 0) or 0, f"{here}.height")
            # a tile object's y is its bottom edge; any other object's, its top
            cy = y - h / 2 if obj.get("gid") else y + h / 2
            col, row = where(x + w / 2, cy)
            if not (1 <= col <= columns and 1 <= row <= rows):
                notes.append(_("{where} ({name}): left out, it is off the map").format(
                    where=here, name=name))
                continue
            creature: dict[str, Any] = {"id": creature_id(name, taken), "name": name,
                                        "at": label(col, row)}
            side = obj.get("class") or obj.get("type")
            if side:
                creature["side"] = clean_text(str(side))
            speed: dict[str, Any] = {}
            for key, value in obj["properties"].items():
                if key not in keys:
                    continue
                typed = _typed(r, value, keys[key], f"{here}.properties.{key}")
                if key in _SPEEDS and keys is _SQUARE_CREATURE:
                    speed[key] = typed
                else:
                    creature[key] = typed
            if speed:
                creature["speed"] = speed
            out.append(creature)
    return out


def _typed(r: Reader, value: Any, kind: type, where: str) -> Any:
    if kind is int:
        return _int(r, value, where)
    if kind is bool:
        return _bool(r, value, where)
    return clean_text(str(value))


def _image_layer(r: Reader, tmap: _Map, folder: Path | None, imported: Imported,
                 scenario: dict[str, Any], cell: Fraction, top: Fraction = Fraction(0)) -> None:
    """The first image layer: the background picture, read from beside the map. ``top``: where
    the grid's first row starts, in the map's pixels (above 0 when its first row is off the
    Tiled map)."""
    layer = next((ly for ly in tmap.layers if ly.kind == "image" and ly.image), None)
    if layer is None or layer.image is None:
        return
    name = layer.image.replace("\\", "/")
    path = None
    if folder is not None and not name.startswith("/") and ".." not in name.split("/"):
        path = folder / name
    if picture_beside(r, path, imported, f"{layer.where}.image", clean_text(layer.image)) is None:
        imported.notes.append(_("{where}: {path} not read (not a picture beside the map): no "
                                "background").format(where=f"{layer.where}.image",
                                                     path=clean_text(layer.image)))
        return
    scenario["background"] = {"cell": plain(cell),
                              "origin": [plain(-layer.offset[0]),
                                         plain(top - layer.offset[1])]}


