"""Hostile map files (issue 23): every one is refused with exit 2 and one line naming the file, the
place and what was expected; never a traceback, a hang or memory without bound. Each reproducer
of the issue is built here, small; the work is bounded by counts (what is called, what is read),
never by the machine's speed.
"""

from __future__ import annotations

import base64
import json
import math
import re
import struct
import zlib
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from wingbeat.cli import app
from wingbeat.errors import ScenarioError, WingbeatError
from wingbeat.importers import _common, import_bytes, scenario_data
from wingbeat.importers import tiled as tiled_module
from wingbeat.importers._common import (
    MAX_JSON_DEPTH,
    MAX_WALL_CROSSINGS,
    clean_text,
    read_number,
    sides_crossed,
)
from wingbeat.scenario import parse_scenario

DATA = Path(__file__).resolve().parent / "data" / "import"
runner = CliRunner()
CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def refused(name: str, raw: bytes, tmp_path: Path, expected: str) -> str:
    """``wingbeat import`` of the file: exit 2, one line with ``expected`` in it."""
    file = tmp_path / name
    file.write_bytes(raw)
    result = runner.invoke(app, ["import", str(file)])
    assert result.exit_code == 2, (result.output, repr(result.exception))
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), lines
    assert expected in lines[0], lines[0]
    assert str(file) in lines[0]
    return lines[0]


def uvtt(**fields: Any) -> dict[str, Any]:
    return {"resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": 10, "y": 8},
                           "pixels_per_grid": 70}, **fields}


def png_header(width: int, height: int) -> bytes:
    """A PNG's first bytes only: enough to claim its size (a decoder would want gigabytes)."""
    return (b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + b"IHDR"
            + struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0) + b"\0\0\0\0")


def tmx(width: int | str, height: int | str, body: str = "", tilewidth: str = "8") -> bytes:
    return (f'<map orientation="orthogonal" width="{width}" height="{height}" '
            f'tilewidth="{tilewidth}" tileheight="8">{body}</map>').encode()


# -- memory bombs ----------------------------------------------------------------------------------

@pytest.mark.parametrize("compression", ["zlib", "gzip"])
def test_a_tiled_layer_claiming_100000_squared_is_refused_before_it_is_inflated(
        compression: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    packed = zlib.compress(b"\0" * 1_000_000) if compression == "zlib" else __import__(
        "gzip").compress(b"\0" * 1_000_000)
    layer = (f'<layer name="g"><data encoding="base64" compression="{compression}">'
             f'{base64.b64encode(packed).decode()}</data></layer>')

    def never(*_args: Any) -> Any:
        raise AssertionError("a layer was inflated before the map's size was checked")

    monkeypatch.setattr(tiled_module.zlib, "decompressobj", never)
    line = refused("bomb.tmx", tmx(100_000, 100_000, layer), tmp_path, "map.width: the map is")
    assert "at most 702 columns" in line
    as_json = {"type": "map", "orientation": "orthogonal", "width": 100_000, "height": 100_000,
               "tilewidth": 8, "tileheight": 8,
               "layers": [{"type": "tilelayer", "data": base64.b64encode(packed).decode(),
                           "encoding": "base64", "compression": compression}]}
    refused("bomb.tmj", json.dumps(as_json).encode(), tmp_path, "width: the map is")


def test_width_times_height_past_2_to_the_63_is_one_line(tmp_path: Path) -> None:
    refused("huge.tmx", tmx(2**32, 2**32, '<layer><data encoding="csv">1</data></layer>'),
            tmp_path, "map.width: the map is 4294967296 × 4294967296 squares")


def test_a_layer_longer_than_the_map_says_so(tmp_path: Path) -> None:
    packed = base64.b64encode(zlib.compress(b"\0" * 4 * 30)).decode()
    layer = f'<layer><data encoding="base64" compression="zlib">{packed}</data></layer>'
    line = refused("long.tmx", tmx(6, 4, layer), tmp_path, "expected 24 tiles")
    assert "got more" in line  # was "expected 24 tiles, got 24"
    packed = base64.b64encode(b"\0" * 10).decode()
    line = refused("odd.tmx", tmx(2, 2, f'<layer><data encoding="base64">{packed}</data>'
                                        "</layer>"), tmp_path, "expected 4 tiles")
    assert "got 2 and 2 bytes more" in line


@pytest.mark.parametrize("count", [1, 2, 6])
def test_a_csv_or_xml_layer_is_counted_before_its_numbers_are_read(count: int,
                                                                   tmp_path: Path) -> None:
    csv = ",".join(["9" * 5000] * count)
    refused("c.tmx", tmx(2, 2, f'<layer><data encoding="csv">{csv}</data></layer>'), tmp_path,
            "expected 4 tiles" if count != 4 else "comma-separated")


# -- pictures --------------------------------------------------------------------------------------

def test_a_universal_vtt_picture_over_the_pixel_budget_is_refused(tmp_path: Path) -> None:
    image = base64.b64encode(png_header(26_000, 26_000)).decode()
    refused("big.dd2vtt", json.dumps(uvtt(image=image)).encode(), tmp_path,
            "image: a picture of 26,000 × 26,000 pixels is larger than")


def test_a_foundry_picture_beside_the_scene_over_the_budget_is_refused(tmp_path: Path) -> None:
    (tmp_path / "big.png").write_bytes(png_header(26_000, 26_000))
    scene = {"grid": 100, "width": 1000, "height": 800, "walls": [],
             "background": {"src": "worlds/x/big.png"}}
    refused("scene.json", json.dumps(scene).encode(), tmp_path,
            "background.src: big.png: a picture of 26,000 × 26,000 pixels")


def test_a_tiled_image_layer_over_the_budget_is_refused(tmp_path: Path) -> None:
    (tmp_path / "big.png").write_bytes(png_header(9_000, 9_000))
    body = '<imagelayer name="bg"><image source="big.png"/></imagelayer>'
    refused("m.tmx", tmx(2, 2, body), tmp_path,
            "map.imagelayer[0].image: big.png: a picture of 9,000 × 9,000 pixels")


# -- numbers ---------------------------------------------------------------------------------------

def test_numbers_given_as_text_are_never_expanded(tmp_path: Path) -> None:
    """Each of these ran past 60 s on main: an exponent is judged from its text."""
    doc = uvtt(line_of_sight=[[{"x": "1e-30000000", "y": 0}, {"x": 1, "y": 0}]])
    refused("a.dd2vtt", json.dumps(doc).encode(), tmp_path,
            "line_of_sight[0][0].x: expected a number with an exponent within ±99")
    scene = {"grid": 100, "width": "1e100000000", "height": 800, "walls": []}
    refused("s.json", json.dumps(scene).encode(), tmp_path, "width: expected a number with an "
                                                            "exponent")
    refused("m.tmx", tmx(2, 2, tilewidth="1e-100000000"), tmp_path,
            "map.tilewidth: expected a number with an exponent")


@pytest.mark.parametrize(("value", "expected"), [
    ("1" * 5001, "expected a number of at most 40 characters, got 5,001 characters"),
    ("1e5000", "exponent within ±99, got 1e5000"),
    ("NaN", "expected a finite number, got NaN"),
    ("-Infinity", "expected a finite number, got -Infinity"),
    ("1e300", "exponent within ±99"),
    ("99999999999999999999", "expected a number between"),
    ('"nan"', "expected a finite number, got nan"),
    ('"0x10"', "expected a number, got text"),
])
def test_odd_json_numbers_are_refused_at_their_field(value: str, expected: str,
                                                     tmp_path: Path) -> None:
    raw = (b'{"resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": '
           + value.encode() + b', "y": 8}, "pixels_per_grid": 70}}')
    assert "a.dd2vtt: resolution.map_size.x: " in refused("a.dd2vtt", raw, tmp_path, expected)
    scene = b'{"grid": 100, "height": 800, "walls": [], "width": ' + value.encode() + b"}"
    assert "s.json: width: " in refused("s.json", scene, tmp_path, expected)


@settings(max_examples=60, deadline=None)
@given(st.decimals(allow_nan=False, allow_infinity=False, places=6,
                   min_value=-10**11, max_value=10**11))
def test_a_plain_decimal_reads_as_its_exact_value(value: Any) -> None:
    assert read_number(str(value)) == Fraction(str(value))
    assert read_number(float(value)) == Fraction(repr(float(value))).limit_denominator(10**9)


# -- nesting ---------------------------------------------------------------------------------------

def deep(depth: int) -> str:
    return "[" * depth + "]" * depth


@pytest.mark.parametrize(("name", "raw"), [
    ("a.dd2vtt", '{"resolution": {}, "lights": DEEP}'),
    ("s.json", '{"grid": 100, "width": 10, "walls": DEEP}'),
    ("m.tmj", '{"type": "map", "orientation": "orthogonal", "layers": DEEP}'),
    ("m.json", '{"type": "map", "orientation": "orthogonal", "x": DEEP}'),
])
def test_3000_deep_json_is_refused_before_parsing(name: str, raw: str, tmp_path: Path) -> None:
    refused(name, raw.replace("DEEP", deep(3000)).encode(), tmp_path,
            f"is nested deeper than {MAX_JSON_DEPTH} levels")


def test_nesting_inside_strings_is_not_nesting(tmp_path: Path) -> None:
    doc = uvtt(lights=[], name="[" * 3000 + '\\"{')
    assert import_bytes(json.dumps(doc).encode(), "a.dd2vtt").data["map"]["columns"] == 10


def test_3000_deep_tiled_groups_are_refused(tmp_path: Path) -> None:
    refused("g.tmx", tmx(2, 2, "<group>" * 3000 + "</group>" * 3000), tmp_path,
            "groups inside groups deeper than 20")
    groups: dict[str, Any] = {"type": "group", "layers": []}
    for _ in range(25):
        groups = {"type": "group", "layers": [groups]}
    tmj = {"type": "map", "orientation": "orthogonal", "width": 2, "height": 2, "tilewidth": 8,
           "tileheight": 8, "layers": [groups]}
    refused("g.tmj", json.dumps(tmj).encode(), tmp_path, "groups inside groups deeper")


# -- XML -------------------------------------------------------------------------------------------

def test_a_utf16_tmx_cannot_hide_its_doctype(tmp_path: Path) -> None:
    text = ('<?xml version="1.0" encoding="UTF-16"?><!DOCTYPE map [<!ENTITY who "Mallory">]>'
            '<map orientation="orthogonal" width="2" height="2" tilewidth="8" tileheight="8">'
            '<objectgroup><object name="&who;" x="1" y="1"/></objectgroup></map>')
    for encoding in ("utf-16", "utf-16-le", "utf-16-be"):
        raw = text.encode(encoding)
        if encoding != "utf-16":
            raw = text.replace("UTF-16", encoding.upper().replace("-LE", "LE").replace(
                "-BE", "BE")).encode(encoding)
        assert b"<!DOCTYPE" not in raw
        refused("e.tmx", raw, tmp_path, "declares a DOCTYPE or entities, which are refused")
    # an encoding Python's expat does not read at all is one line too
    raw = text.replace("UTF-16", "UTF-16-LE").encode("utf-16-le")
    refused("e.tmx", raw, tmp_path, "an XML encoding not read (multi-byte encodings")
    raw = b'<?xml version="1.0" encoding="UTF-' + b"9" * 5000 + b'"?><map/>'
    refused("e.tmx", raw, tmp_path, "an XML encoding not read (unknown encoding")


def test_a_utf16_tmx_without_a_doctype_reads_as_utf8() -> None:
    text = (DATA / "hexes.tmx").read_text(encoding="utf-8")
    raw = text.replace('encoding="UTF-8"', 'encoding="UTF-16"').encode("utf-16")
    assert import_bytes(raw, "h.tmx").data == import_bytes(text.encode(), "h.tmx").data


# -- walls -----------------------------------------------------------------------------------------

def _crossings(p: Any, q: Any, lines: int, cells: int) -> Iterator[tuple[int, int]]:
    """Where the segment p → q crosses the lines y = j + ½ between the ``lines`` rows of cells:
    (i, j), the crossing in the cell i (0 ≤ i < ``cells`` − 1, a cell with one to its right)."""
    (px, py), (qx, qy) = p, q
    half = Fraction(1, 2)
    if py == qy:
        return
    lo, hi = sorted((py, qy))
    for j in range(max(0, math.ceil(lo - half)), min(lines - 1, math.floor(hi - half)) + 1):
        x = px + (j + half - py) * (qx - px) / (qy - py)
        i = math.floor(x - half)
        if 0 <= i < cells - 1:
            yield i, j


def sides_crossed_in_fractions(p: Any, q: Any, columns: int, rows: int) -> set[Any]:
    """The definition, in exact fractions (main's code: 45 ms a long wall): the crossings of the
    lines between rows, then of those between columns (the same with x and y swapped)."""
    out = set()
    for i, j in _crossings(p, q, rows, columns):
        out.add(((i + 1, j + 1), (i + 2, j + 1)))
    for j, i in _crossings(p[::-1], q[::-1], columns, rows):
        out.add(((i + 1, j + 1), (i + 1, j + 2)))
    return out


coordinate = st.fractions(min_value=-5, max_value=40, max_denominator=1000) | st.integers(
    -5, 40).map(Fraction)


@settings(max_examples=300, deadline=None)
@given(coordinate, coordinate, coordinate, coordinate, st.integers(1, 30), st.integers(1, 30))
def test_whole_number_crossings_are_the_fractions_ones(ax: Fraction, ay: Fraction,
                                                       bx: Fraction, by: Fraction, columns: int,
                                                       rows: int) -> None:
    got = sides_crossed((ax, ay), (bx, by), columns, rows)
    assert got == sides_crossed_in_fractions((ax, ay), (bx, by), columns, rows)
    assert len(got) <= _common.wall_crossings((ax, ay), (bx, by), columns, rows)


def test_walls_past_the_budget_are_refused_before_any_geometry(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The issue's 1,000 long walls (48 s on main): 1,000 × 2,100 crossings is past the
    budget, refused with no side computed."""
    calls = []
    monkeypatch.setattr("wingbeat.importers.uvtt.sides_crossed",
                        lambda *a: calls.append(a) or set())
    lines = [[{"x": 0, "y": k % 1400}, {"x": 700, "y": 1400 - k % 1400}] for k in range(1000)]
    doc = {"resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": 700, "y": 1400},
                          "pixels_per_grid": 70}, "line_of_sight": lines}
    refused("long.dd2vtt", json.dumps(doc).encode(), tmp_path,
            f"line_of_sight: the walls cross more than {MAX_WALL_CROSSINGS:,}")
    assert calls == []


def test_too_many_wall_ends_are_refused_before_they_are_read(tmp_path: Path) -> None:
    raw = (b'{"resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": 9, "y": 9}, '
           b'"pixels_per_grid": 70}, "line_of_sight": [['
           + b'{"x": 1, "y": 1},' * 200_000 + b'{"x": 1, "y": 1}]]}')
    refused("many.dd2vtt", raw, tmp_path, "line_of_sight: 200,001 wall ends: expected at most")
    walls = b'{"c": [0, 0, 1, 1]},' * 100_000 + b'{"c": [0, 0, 1, 1]}'
    refused("many.json", b'{"grid": 100, "width": 900, "height": 900, "walls": [' + walls + b"]}",
            tmp_path, "walls: 200,002 wall ends")


def test_a_thousand_short_walls_are_read() -> None:
    lines = [[{"x": k % 90 + 0.5, "y": k // 90 * 6 + 0.25}, {"x": k % 90 + 3.5, "y": k // 90 * 6
                                                               + 2.75}] for k in range(1000)]
    doc = {"resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": 100, "y": 70},
                          "pixels_per_grid": 70}, "line_of_sight": lines}
    walls = import_bytes(json.dumps(doc).encode(), "a.dd2vtt").data["map"]["walls"]
    assert len(walls) >= 1000


# -- names -----------------------------------------------------------------------------------------

def test_control_characters_and_lone_surrogates_never_reach_the_scenario() -> None:
    scene = json.loads((DATA / "guard-room.json").read_text(encoding="utf-8"))
    scene["tokens"][0]["name"] = "Gob\u0007lin\u001b[31m\u202e\ud800"
    scene["name"] = "Room\r\nerror: forged"
    raw = json.dumps(scene).encode()  # \ud800 travels as an escape, as JSON allows
    data = import_bytes(raw, "guard-room.json").data
    assert data["creatures"][0]["name"] == "Goblin[31m"
    assert "\n" not in data["description"] and "\r" not in data["description"]
    parse_scenario(data, source="test")
    tmj = json.loads((DATA / "cliff.tmj").read_text(encoding="utf-8"))
    for layer in tmj["layers"]:
        for obj in layer.get("objects", []):
            obj["name"] = "\x00Harpy\x9b"
            obj["type"] = "foe\u2066"
    data = import_bytes(json.dumps(tmj).encode(), "c.tmj").data
    assert data["creatures"] and all(c["name"] == "Harpy" and c.get("side", "foe") == "foe"
                                     for c in data["creatures"])
    assert clean_text("a\ud800b\udfffc\u2069") == "abc"


# -- the page's upload ---------------------------------------------------------------------------

UPLOADS = [
    ("bomb.tmx", tmx(100_000, 100_000, '<layer><data encoding="base64" compression="zlib">'
                                       + base64.b64encode(zlib.compress(b"\0" * 10**6)).decode()
                                       + "</data></layer>"), "the map is 100000 × 100000"),
    ("d.dd2vtt", b'{"resolution": ' + deep(3000).encode() + b"}", "nested deeper"),
    ("s.json", b'{"grid": 100, "width": ' + b"7" * 5001 + b', "height": 800, "walls": []}',
     "width: expected a number of at most 40"),
    ("m.tmj", b'{"type": "map", "orientation": "orthogonal", "width": 2, "height": 2, '
              b'"tilewidth": "1e-100000000", "tileheight": 8, "layers": []}', "tilewidth"),
    ("e.tmx", '<?xml version="1.0" encoding="UTF-16"?><!DOCTYPE m [<!ENTITY a "b">]><map/>'
     .encode("utf-16"), "DOCTYPE"),
    ("p.uvtt", json.dumps(uvtt(image=base64.b64encode(png_header(26_000, 26_000)).decode()))
     .encode(), "pixels"),
    ("x.json", b"[" * 3000 + b"]" * 3000, "nested deeper"),
]


@pytest.fixture(scope="module")
def client() -> TestClient:
    from wingbeat.web.app import create_app

    return TestClient(create_app(), base_url="http://127.0.0.1")


@pytest.mark.parametrize(("name", "raw", "expected"), UPLOADS, ids=[u[0] for u in UPLOADS])
def test_a_hostile_upload_is_a_400_with_one_line(client: TestClient, name: str, raw: bytes,
                                                 expected: str) -> None:
    sent = client.post("/api/upload", params={"name": name}, content=raw,
                       headers={"Content-Type": "application/yaml"})
    assert sent.status_code == 400, sent.text
    message = sent.json()["error"]["message"]
    assert expected in message and "\n" not in message, message


# -- fuzz ------------------------------------------------------------------------------------------

SAMPLES = {"room.dd2vtt": (DATA / "room.dd2vtt").read_text(encoding="utf-8"),
           "guard-room.json": (DATA / "guard-room.json").read_text(encoding="utf-8"),
           "cliff.tmj": (DATA / "cliff.tmj").read_text(encoding="utf-8"),
           "hexes.tmx": (DATA / "hexes.tmx").read_text(encoding="utf-8")}
NUMBERS = re.compile(r"(?<![\w.#])-?\d+(\.\d+)?(?![\w.])")
NAMES = re.compile(r'(name"?\s*[:=]\s*")')
HOSTILE_NUMBERS = ["9" * 5001, "1e5000", "-1e309", "NaN", "Infinity", '"1e-30000000"',
                   '"1e100000000"', "1e-320", "0.1", "4294967296", "18446744073709551616",
                   "-0", '"7"', "1" + "0" * 40, "1e12", "123456789.123456789"]
ODD_TEXT = ["\\u0000", "\\u0007", "\\u001b[2J", "\\ud800", "\\udfff", "\\u202e", "\\u0085",
            "\\n", "&#x41;", "\u2066"]


@st.composite
def hostile(draw: st.DrawFn) -> tuple[str, bytes]:
    """One sample map of each format, changed one to three times with the issue's kinds: long
    digit strings, huge and non-finite numbers, nesting, control characters in names."""
    name = draw(st.sampled_from(sorted(SAMPLES)))
    text = SAMPLES[name]
    xml = name.endswith(".tmx")
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["number", "nest", "name", "digits"]))
        if kind in ("number", "digits"):
            found = list(NUMBERS.finditer(text))
            if not found:
                continue
            hit = draw(st.sampled_from(found))
            value = (draw(st.sampled_from(HOSTILE_NUMBERS)) if kind == "number"
                     else "7" * draw(st.integers(30, 6000)))
            if xml:
                value = value.strip('"')
            text = text[:hit.start()] + value + text[hit.end():]
        elif kind == "nest":
            depth = draw(st.integers(10, 3000))
            if xml:
                at = text.rindex("</map>")
                text = text[:at] + "<group>" * depth + "</group>" * depth + text[at:]
            else:
                at = text.index("{") + 1
                text = text[:at] + f'"extra": {deep(depth)}, ' + text[at:]
        else:
            found = list(NAMES.finditer(text))
            if not found:
                continue
            hit = draw(st.sampled_from(found))
            odd = "".join(draw(st.lists(st.sampled_from(ODD_TEXT), min_size=1, max_size=4)))
            text = text[:hit.end()] + odd + text[hit.end():]
    return name, text.encode("utf-8", "surrogatepass")


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hostile())
def test_a_hostile_map_is_imported_or_refused_in_one_line(case: tuple[str, bytes]) -> None:
    name, raw = case
    try:
        data = scenario_data(import_bytes(raw, name))
        parse_scenario(data, source=name)
    except ScenarioError as exc:
        assert "\n" not in str(exc) and str(exc).startswith(name), str(exc)
        return
    except WingbeatError as exc:
        assert "\n" not in str(exc), str(exc)
        return
    for creature in data.get("creatures", []):
        for key in ("id", "name", "side"):
            assert not CONTROL.search(str(creature.get(key, ""))), creature
    assert not CONTROL.search(data["description"])


def test_walls_whose_runs_pass_a_megabyte_are_refused_before_the_scenario_is_checked(
        client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Staircases of walls (no two sides in a run): on main, 140,000 runs took 29 s to check
    and 80 s to write as YAML before the megabyte rule refused them."""
    def never(*_args: Any, **_kwargs: Any) -> Any:
        raise AssertionError("the scenario was checked")

    monkeypatch.setattr("wingbeat.importers._api.parse_scenario", never)
    lines = [[{"x": 0, "y": 30 * k}, {"x": 700, "y": 30 * k + 700}] for k in range(45)]
    doc = {"resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": 702, "y": 1424},
                          "pixels_per_grid": 70}, "line_of_sight": lines}
    line = refused("stairs.dd2vtt", json.dumps(doc).encode(), tmp_path,
                   "the scenario would be larger than 1 MB")
    assert "runs of walls" in line
    sent = client.post("/api/upload", params={"name": "stairs.dd2vtt"},
                       content=json.dumps(doc).encode(),
                       headers={"Content-Type": "application/yaml"})
    assert sent.status_code == 400 and "larger than 1 MB" in sent.json()["error"]["message"]


def nesting(value: Any) -> int:
    if isinstance(value, dict):
        return 1 + max(map(nesting, value.values()), default=0)
    if isinstance(value, list):
        return 1 + max(map(nesting, value), default=0)
    return 0


json_values = st.recursive(
    st.none() | st.integers() | st.sampled_from(["[", "]", "{", "\\", '"', '\\"[', "}]"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["a", "[", "}", '"\\']), inner, max_size=3),
    max_leaves=30)


@settings(max_examples=150, deadline=None)
@given(json_values, st.integers(MAX_JSON_DEPTH - 3, MAX_JSON_DEPTH + 3))
def test_the_depth_scan_agrees_with_the_parsed_nesting(value: Any, wrap: int) -> None:
    """Brackets and escapes inside strings are no nesting; the scan refuses exactly the files
    nested past the limit."""
    for wrapped in (value, json.loads("[" * wrap + json.dumps(value) + "]" * wrap)
                    if nesting(value) + wrap < 900 else value):
        raw = json.dumps(wrapped).encode()
        try:
            _common.check_json_depth(raw, _common.Reader("x"))
            accepted = True
        except ScenarioError:
            accepted = False
        assert accepted == (nesting(wrapped) <= MAX_JSON_DEPTH)


def test_many_tilesets_and_many_tiles_are_not_multiplied(monkeypatch: pytest.MonkeyPatch) -> None:
    """A tile's tileset is found by bisection, and each tile's facts once: 2,000 tilesets ×
    2,500 cells is not 5 million comparisons (counted through the facts read)."""
    reads = []
    real = tiled_module._facts
    monkeypatch.setattr(tiled_module, "_facts", lambda *a: reads.append(1) or real(*a))
    tilesets = [{"firstgid": 1 + 10 * k, "tiles": [{"id": 0, "properties": [
        {"name": "ground", "value": k % 3}]}]} for k in range(2000)]
    tilesets.append({"firstgid": 1, "tiles": [{"id": 0, "properties": [
        {"name": "ground", "value": 7}]}]})  # the first of two with firstgid 1 wins
    data = [1 + 10 * (k % 2000) for k in range(2500)]
    tmj = {"type": "map", "orientation": "orthogonal", "width": 50, "height": 50,
           "tilewidth": 8, "tileheight": 8, "tilesets": tilesets,
           "layers": [{"type": "tilelayer", "data": data}]}
    cells = import_bytes(json.dumps(tmj).encode(), "t.tmj").data["map"]["cells"]
    assert len(reads) <= 2000 + 1  # once per distinct tile, and once for the layer
    assert {block["ground"] for block in cells} == {0, 1, 2}
    assert all(block["ground"] != 7 for block in cells)


def test_a_tmx_of_millions_of_elements_is_refused_before_it_is_parsed(tmp_path: Path) -> None:
    body = "<a/>" * (tiled_module.MAX_XML_ELEMENTS + 1)
    refused("many.tmx", tmx(2, 2, body), tmp_path, "has 1,200,002 XML elements: expected at most")


def test_cells_of_more_ranges_than_a_scenario_holds_are_refused_as_they_are_counted(
        tmp_path: Path) -> None:
    """A checkerboard of two levels: every cell its own range; counting stops at the limit."""
    width, height = 702, 290
    data = ",".join(str(1 + (x + y) % 2) for y in range(height) for x in range(width))
    body = ('<tileset firstgid="1"><tile id="0"><properties><property name="ground" value="1"/>'
            '</properties></tile><tile id="1"><properties><property name="ground" value="2"/>'
            f'</properties></tile></tileset><layer><data encoding="csv">{data}</data></layer>')
    refused("checker.tmx", tmx(width, height, body), tmp_path,
            f"layers: the cells' levels and terrain make more than {_common.MAX_RANGES:,} ranges")


def test_more_tokens_or_objects_than_ten_scenarios_hold_are_refused(tmp_path: Path) -> None:
    """A million tokens off the grid took 12 s and 700 MB (a note each); counted first now."""
    most = _common.MAX_IMPORT_CREATURES
    tokens = b",".join([b'{"x": 1, "y": 1}'] * (most + 1))
    refused("t.json", b'{"grid": 100, "width": 1000, "height": 800, "tokens": [' + tokens + b"]}",
            tmp_path, f"tokens: more than {most:,} tokens or objects")
    half = "".join(f'<object id="{k}" x="1" y="1"/>' for k in range(most // 2 + 1))
    refused("o.tmx", tmx(2, 2, f"<objectgroup>{half}</objectgroup>" * 2), tmp_path,
            "map.objectgroup[1].object: more than")


@settings(max_examples=100, deadline=None)
@given(json_values, st.integers(1, 40))
def test_strings_are_taken_out_a_chunk_at_a_time_as_at_once(value: Any, chunk: int) -> None:
    text = json.dumps(value).encode().replace(b"\\\\", b"").replace(b'\\"', b"")
    assert _common._outside_strings(text, chunk) == _common._STRING.sub(b"", text)


def test_json_of_too_many_objects_or_numbers_is_refused_before_parsing(tmp_path: Path) -> None:
    """A million 17-byte tokens parsed to 700 MB; refused from the brackets (69 MB, the file and
    its copies)."""
    most = _common.MAX_JSON_CONTAINERS
    tokens = b",".join([b'{"x": 1, "y": 1}'] * most)
    refused("t.json", b'{"grid": 100, "width": 1000, "height": 800, "tokens": [' + tokens + b"]}",
            tmp_path, f"has {most + 2:,} JSON objects and lists: expected at most {most:,}")
    numbers = b"[" + b"1.5," * (_common.MAX_JSON_STRUCTURE // 4) + b"1]"
    refused("n.tmj", numbers, tmp_path, "bytes of JSON outside its strings: expected at most")


def test_a_tmx_element_of_millions_of_attributes_is_refused_before_parsing(
        tmp_path: Path) -> None:
    attributes = " ".join(f'a{k}=""' for k in range(tiled_module.MAX_XML_ATTRIBUTES))
    refused("a.tmx", tmx(2, 2, f"<properties {attributes}/>"), tmp_path,
            "XML attributes (counting every =): expected at most 1,500,000")
