"""PNG through resvg at resvg's own cost (issue 29): the faster wheel draws the same pixels as
resvg-py, with only the faces a picture uses, and the labels are still there."""

from __future__ import annotations

import importlib.util
import struct
import subprocess
import sys
import zlib

import pytest

import wingbeat
from wingbeat.render import raster, render_svg
from wingbeat.render.png import svg_to_png

HAS_BINDING = raster._resvg() is not None
HAS_RESVG_PY = importlib.util.find_spec("resvg_py") is not None
EXAMPLES = [("giant-bat", None), ("harpy", None), ("morbid-angel", None), ("pegasi", None),
            ("harpy", "harpy")]


def drawn(example: str, creature: str | None) -> str:
    scenario = wingbeat.open_scenario(f"example:{example}")
    reach = None if creature is None else wingbeat.reach(scenario, creature)
    return render_svg(scenario, reach=reach, creature=creature)


def dark_pixels(png: bytes) -> int:
    """How many pixels of an 8-bit RGBA PNG are dark (filters undone the simple way: the PNGs
    here are small)."""
    width, height = struct.unpack(">II", png[16:24])
    assert png[24:26] == b"\x08\x06"  # 8 bits, RGBA
    pos, idat = 8, b""
    while pos < len(png):
        length, kind = struct.unpack(">I4s", png[pos:pos + 8])
        if kind == b"IDAT":
            idat += png[pos + 8:pos + 8 + length]
        pos += 12 + length
    raw, stride = zlib.decompress(idat), width * 4
    previous, dark = bytearray(stride), 0
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            a = line[i - 4] if i >= 4 else 0
            b, c = previous[i], previous[i - 4] if i >= 4 else 0
            p = a + b - c
            predicted = (0, a, b, (a + b) // 2,
                         a if abs(p - a) <= abs(p - b) and abs(p - a) <= abs(p - c)
                         else b if abs(p - b) <= abs(p - c) else c)[kind]
            line[i] = (line[i] + predicted) & 255
        dark += sum(1 for x in range(0, stride, 4) if line[x + 3] > 128 and max(line[x:x + 3]) < 90)
        previous = line
    return dark


@pytest.mark.skipif(not (HAS_BINDING and HAS_RESVG_PY), reason="needs both resvg wheels")
@pytest.mark.parametrize(("example", "creature"), EXAMPLES)
def test_the_resvg_wheel_draws_what_resvg_py_draws(example: str, creature: str | None) -> None:
    import resvg_py

    svg = drawn(example, creature)
    for zoom in (1.0, 1.3):
        before = bytes(resvg_py.svg_to_bytes(svg_string=svg, zoom=zoom))
        assert raster.svg_to_png_bytes(svg, zoom) == before, zoom


@pytest.mark.skipif(not HAS_RESVG_PY, reason="needs resvg-py")
def test_without_the_resvg_wheel_resvg_py_draws_it(monkeypatch: pytest.MonkeyPatch) -> None:
    svg = drawn("pegasi", None)
    monkeypatch.setattr(raster, "_binding", [None])
    assert svg_to_png(svg)[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_picture_loads_only_the_faces_it_uses() -> None:
    assert raster._wanted_faces(drawn("giant-bat", None)) == ["regular", "bold"]
    # the harpy's map has bold names and one italic word, never both on one text
    assert raster._wanted_faces(drawn("harpy", None)) == ["regular", "bold", "italic"]
    plain = '<svg font-family="DejaVu Sans, Verdana, sans-serif"><text>A1</text></svg>'
    assert raster._wanted_faces(plain) == ["regular"]
    assert raster._wanted_faces(plain.replace("A1", "Ωμέγα → 3 × 4")) == ["regular"]
    styled = plain.replace("<text>", '<text style="font-weight: 700; font-style: oblique">')
    assert raster._wanted_faces(styled) == ["regular", "bold", "italic", "bold italic"]
    apart = plain.replace("</text>", '</text><text font-weight="bold">B</text>').replace(
        "<text>", '<text font-style="italic">')
    assert raster._wanted_faces(apart) == ["regular", "bold", "italic"]
    for inherited in (apart.replace('<text font-style="italic">', '<g font-style="italic"><text>'),
                      apart.replace(">B<", '><tspan font-style="italic">B</tspan><'),
                      apart.replace('<text font-style="italic">',
                                    "<style>text { font-style: italic }</style><text>")):
        assert raster._wanted_faces(inherited) == ["regular", "bold", "italic", "bold italic"]


@pytest.mark.parametrize("svg", [
    '<svg font-family="DejaVu Sans"><text>竜</text></svg>',  # beyond DejaVu: the system's fonts
    '<svg font-family="Noto Sans"><text>A1</text></svg>',
    '<svg style="font-family:sans-serif"><text>A1</text></svg>',
])
def test_other_families_and_characters_get_the_system_fonts(svg: str) -> None:
    assert raster._wanted_faces(svg) is None


@pytest.mark.skipif(not HAS_BINDING, reason="needs the resvg wheel")
def test_a_png_still_shows_its_labels() -> None:
    """Fonts handed over as bytes still draw words: a line of text darkens the picture."""
    bare = ('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="40" '
            'font-family="DejaVu Sans, Verdana, sans-serif"><rect width="200" height="40" '
            'fill="#fff"/>{}</svg>')
    words = '<text x="4" y="28" font-size="24" fill="#000">Giant bat</text>'
    bold = '<text x="4" y="28" font-size="24" font-weight="bold" fill="#000">Giant bat</text>'
    assert dark_pixels(svg_to_png(bare.format(""))) == 0
    inked = dark_pixels(svg_to_png(bare.format(words)))
    assert inked > 300
    assert dark_pixels(svg_to_png(bare.format(bold))) > inked  # the bold face is loaded


@pytest.mark.skipif(not HAS_BINDING, reason="needs the resvg wheel")
@pytest.mark.parametrize("svg", ["", "<svg", "<svg xmlns='http://www.w3.org/2000/svg' "
                                              "width='0' height='0'/>"])
def test_what_resvg_cannot_draw_is_a_value_error(svg: str) -> None:
    with pytest.raises(ValueError, match="resvg could not draw"):
        raster.svg_to_png_bytes(svg, 1.0)


@pytest.mark.skipif(not HAS_BINDING, reason="needs the resvg wheel")
def test_the_wheel_loads_without_its_package_init() -> None:
    """Its ``__init__`` asks importlib.metadata for a version: 40 ms of a 0.25 s command."""
    code = ("import sys\nfrom wingbeat.render import raster\nassert raster._resvg() is not None\n"
            "print('resvg' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "False"
