"""Pictures people can share (issue 15): PNG renders, and the scale bar on every map."""

from __future__ import annotations

import re
import struct
import subprocess
import sys
import zlib
from fractions import Fraction
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

import wingbeat
from wingbeat.cli import app
from wingbeat.render import render_svg
from wingbeat.render.png import svg_to_png
from wingbeat.rulesets.dnd5e.render import SQUARE_SIZE
from wingbeat.rulesets.volare.render import SIZE as HEX_RADIUS
from wingbeat.web import create_app

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted(p for p in (ROOT / "examples").glob("*/*.yaml"))


def decode_png(data: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and rows of RGBA pixels of an 8-bit RGB(A) PNG: enough to look at a map."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, head = 8, b"", b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            head = chunk
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + length
    width, height, depth, color = struct.unpack(">IIBB", head[:10])
    assert depth == 8 and color in (2, 6), (depth, color)
    channels = 4 if color == 6 else 3
    raw = zlib.decompress(idat)
    stride = width * channels
    rows: list[bytes] = []
    previous = bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = previous[i]
            c = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        previous = line
        rows.append(bytes(line) if channels == 4 else b"".join(
            bytes(line[i:i + 3]) + b"\xff" for i in range(0, stride, 3)))
    return width, height, rows


def pixel(rows: list[bytes], x: float, y: float) -> tuple[int, int, int]:
    row = rows[round(y)]
    i = 4 * round(x)
    return row[i], row[i + 1], row[i + 2]


def bar(svg: str) -> dict[str, str]:
    found = re.search(r'<g class="scale-bar" ([^>]*)>', svg)
    assert found, "no scale bar"
    return dict(re.findall(r'([\w-]+)="([^"]*)"', found.group(1)))


def first_block(svg: str) -> tuple[float, float, float]:
    """The scale bar's first (black) block: x, y, width."""
    part = svg[svg.index('<g class="scale-bar"'):]
    found = re.search(r'<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)"', part)
    assert found
    x, y, w = (float(v) for v in found.groups())
    return x, y, w


# -- the scale bar ----------------------------------------------------------------------------

@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_example_map_has_a_scale_bar_under_it(path: Path) -> None:
    svg = render_svg(wingbeat.open_scenario(str(path)))
    found = bar(svg)
    assert found["data-unit"] in {"ft", "m", "in", "cm"}
    view = [float(v) for v in re.search(r'viewBox="([^"]+)"', svg).group(1).split()]  # type: ignore[union-attr]
    x, y, w = first_block(svg)
    assert y + 26 <= view[3] and x + w <= view[2]  # inside the picture


def test_a_dnd5e_square_is_5_ft_or_1_5_m_one_square_long() -> None:
    """D-grid: a square is 5 ft (1.5 m with units: m); the bar's block is one square as drawn."""
    scenario = wingbeat.open_scenario("example:harpy")
    feet = bar(render_svg(scenario))
    square = f"{SQUARE_SIZE:g}"
    assert (feet["data-step"], feet["data-unit"], feet["data-step-px"]) == ("5", "ft", square)
    metres = render_svg(scenario, reach=wingbeat.reach(scenario, "harpy", units="m"))
    said = bar(metres)
    assert (said["data-step"], said["data-unit"]) == ("1.5", "m")
    assert "1 square = 1.5 m" in metres


def test_a_volare_hex_is_3_m_across_its_flats() -> None:
    """Volare's units: a hex is 3 m across; centre to centre is √3 × the drawn hex's radius."""
    svg = render_svg(wingbeat.open_scenario("example:giant-bat"))
    found = bar(svg)
    assert (found["data-step"], found["data-unit"]) == ("3", "m")
    assert float(found["data-step-px"]) == pytest.approx(HEX_RADIUS * 3 ** 0.5, abs=0.01)
    assert "1 hex = 3 m" in svg


def test_a_dnd5e_hex_map_is_5_ft_a_hex() -> None:
    svg = render_svg(wingbeat.open_scenario(str(ROOT / "examples/dnd5e/hex.yaml")))
    assert "1 hex = 5 ft" in svg and bar(svg)["data-step"] == "5"


@pytest.mark.parametrize(("example", "unit"), [("pegasi", "in"), ("morbid-angel", "cm")])
def test_a_table_bar_is_as_long_as_its_grid_squares(example: str, unit: str) -> None:
    svg = render_svg(wingbeat.open_scenario(f"example:{example}"))
    found = bar(svg)
    grid = re.search(r'class="grid"[^>]*data-step="([\d.]+)"', svg)
    scale = float(re.search(r'data-scale="([\d.]+)"', svg).group(1))  # type: ignore[union-attr]
    assert grid and found["data-unit"] == unit and found["data-step"] == grid.group(1)
    assert float(found["data-step-px"]) == pytest.approx(float(grid.group(1)) * scale, abs=0.01)


def test_the_scale_bar_says_its_length_in_the_unit() -> None:
    from wingbeat.render.scale import scale_bar

    drawn = scale_bar(0, 0, 40, Fraction(5), "ft", 4, "1 square = 5 ft")
    assert drawn.count("<rect") == 4 and ">20 ft<" in drawn and ">0<" in drawn


# -- PNG ----------------------------------------------------------------------------------------

def test_a_png_is_the_svg_drawn_at_its_size_with_the_bar_in_black() -> None:
    svg = render_svg(wingbeat.open_scenario("example:harpy"))
    png = svg_to_png(svg)
    width, height, rows = decode_png(png)
    view = [float(v) for v in re.search(r'viewBox="([^"]+)"', svg).group(1).split()]  # type: ignore[union-attr]
    assert (width, height) == (round(view[2]), round(view[3]))
    x, y, w = first_block(svg)
    assert max(pixel(rows, x + w / 2, y + 3)) < 80  # the first block is black
    assert min(pixel(rows, x + w * 1.5, y + 3)) > 200  # the second white
    assert min(pixel(rows, 5, 5)) > 230  # the paper is light
    assert svg_to_png(svg) == png  # the same picture, the same bytes


def test_a_png_zoom_scales_it() -> None:
    svg = render_svg(wingbeat.open_scenario("example:pegasi"))
    width, _height, _rows = decode_png(svg_to_png(svg, zoom=2))
    view = [float(v) for v in re.search(r'viewBox="([^"]+)"', svg).group(1).split()]  # type: ignore[union-attr]
    assert width == round(view[2] * 2)


def test_render_writes_png_by_its_ending_or_by_format(tmp_path: Path) -> None:
    target = tmp_path / "map.png"
    done = runner.invoke(app, ["render", "example:giant-bat", "bat", "-o", str(target)])
    assert done.exit_code == 0, done.stderr
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    piped = subprocess.run([sys.executable, "-m", "wingbeat", "render", "example:pegasi",
                            "--format", "png"], capture_output=True, check=False)
    assert piped.returncode == 0 and piped.stdout[:8] == b"\x89PNG\r\n\x1a\n"
    assert decode_png(piped.stdout)[0] > 0


def test_the_api_renders_png_with_format_png() -> None:
    client = TestClient(create_app(), base_url="http://127.0.0.1")
    png = client.get("/api/render", params={"scenario": "example:harpy", "format": "png"})
    assert png.status_code == 200 and png.headers["content-type"] == "image/png"
    assert png.content[:8] == b"\x89PNG\r\n\x1a\n"
    svg = client.get("/api/render", params={"scenario": "example:harpy"})
    assert svg.headers["content-type"].startswith("image/svg+xml")
    bad = client.get("/api/render", params={"scenario": "example:harpy", "format": "gif"})
    assert bad.status_code == 400
    assert bad.json() == {"error": {"message": "format is svg or png, got 'gif'"}}
