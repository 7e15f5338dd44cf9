"""A few SVG building blocks shared by every map kind: escaping, elements, the cost palette.

Pictures are plain text built from these, so a render is a pure function of its inputs and the
same inputs always give byte-identical SVG.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from fractions import Fraction
from functools import lru_cache

__all__ = [
    "ACT_COLOR",
    "ILLEGAL_COLOR",
    "LEGIBLE",
    "MIN_FONT",
    "PATH_COLOR",
    "arrow_marker_defs",
    "attrs",
    "contrast",
    "cost_color",
    "element",
    "escape",
    "fmt",
    "halo",
    "legend_scale",
    "points",
    "seen_through",
    "text",
    "text_on",
    "wind_arrow",
    "xml_safe",
    "xml_text",
]

PATH_COLOR = "#1f3fbf"
ILLEGAL_COLOR = "#c0142c"
ACT_COLOR = "#10206b"
#: The smallest text a picture draws, in px: legible at a table and on a phone (issue 15).
MIN_FONT = 12

# A green-to-red palette (ColorBrewer RdYlGn reversed): cheap is green, the whole budget is red.
_STOPS: tuple[tuple[int, int, int], ...] = (
    (0x1A, 0x98, 0x50), (0x91, 0xCF, 0x60), (0xD9, 0xEF, 0x8B),
    (0xFE, 0xE0, 0x8B), (0xFC, 0x8D, 0x59), (0xD7, 0x30, 0x27),
)


#: ``fmt`` of the coordinates met (a map's cells repeat the same few hundred): at most
#: ``_KEPT`` of them, then each is made again.
_FORMATTED: dict[float, str] = {}
_KEPT = 1 << 16


def fmt(value: float) -> str:
    """A coordinate with at most two decimals, no trailing zeros: short, stable SVG."""
    text = _FORMATTED.get(value)
    if text is None:
        text = f"{value:.2f}".rstrip("0").rstrip(".")
        if text in ("-0", ""):
            text = "0"
        if len(_FORMATTED) < _KEPT:
            _FORMATTED[value] = text
    return text


#: Characters XML 1.0 forbids (C0 controls but tab and line ends, U+FFFE, U+FFFF), lone
#: surrogates (no encoder takes them) and DEL and the C1 controls (allowed, but no name means
#: them): none is ever written, so a picture stays well-formed XML that resvg reads.
_UNWRITABLE = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")


def _written(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def xml_safe(text: str) -> str:
    r"""``text`` with every character XML cannot hold written as a visible escape (``\x1b``,
    ``\ud800``), as the terminal shows it; anything else as it is (already escaped or not)."""
    if _UNWRITABLE.search(text) is None:
        return text
    return _UNWRITABLE.sub(_written, text)


def escape(data: str) -> str:
    """``&``, ``<`` and ``>`` as entities (``xml.sax.saxutils.escape``, whose module imports
    ``urllib.request``: 12 ms of a picture's command)."""
    return data.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")


def quoteattr(data: str) -> str:
    """``data`` as a quoted attribute value, as ``xml.sax.saxutils.quoteattr`` writes it."""
    data = escape(data).replace("\n", "&#10;").replace("\r", "&#13;").replace("\t", "&#9;")
    if '"' in data:
        if "'" in data:
            return '"{}"'.format(data.replace('"', "&quot;"))
        return f"'{data}'"
    return f'"{data}"'


def xml_text(content: str) -> str:
    """``content`` as the text of an element: ``&<>`` escaped, nothing XML forbids."""
    return escape(xml_safe(content))


#: What ``quoteattr`` would change, or ``xml_safe``: a value with none of these is only put in
#: double quotes.
_NEEDS_QUOTING = re.compile(
    r'[&<>"\n\r\t\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]')
#: Keyword → attribute name (``data_cost`` → ``data-cost``), made once per keyword: a map draws
#: thousands of attributes from a few dozen names.
_NAMES: dict[str, str] = {}
#: ``name="value"`` of the short values met (colours, classes, sizes repeat on every cell)
_PAIRS: dict[tuple[str, str], str] = {}


def attrs(**values: object) -> str:
    """``key="value"`` pairs; ``data_cost`` becomes ``data-cost``; None values are left out."""
    parts = []
    for key, value in values.items():
        if value is None:
            continue
        text: str
        if isinstance(value, str):
            text = value
        elif isinstance(value, float):
            text = fmt(value)
        else:
            text = str(value)
        pair = _PAIRS.get((key, text))
        if pair is None:
            name = _NAMES.get(key)
            if name is None:
                name = _NAMES[key] = key.rstrip("_").replace("_", "-")
            quoted = (quoteattr(xml_safe(text)) if _NEEDS_QUOTING.search(text)
                      else f'"{text}"')
            pair = f"{name}={quoted}"
            if len(text) <= 24 and len(_PAIRS) < _KEPT:
                _PAIRS[(key, text)] = pair
        parts.append(pair)
    return " ".join(parts)


def element(tag: str, children: Iterable[str] = (), /, **values: object) -> str:
    inner = "".join(children)
    head = f"<{tag} {attrs(**values)}".rstrip()
    return f"{head}>{inner}</{tag}>" if inner else f"{head}/>"


#: The contrast a label needs against what lies under it (WCAG AA for text).
LEGIBLE = 4.5


def text(x: float, y: float, content: str, **values: object) -> str:
    """A label at least ``MIN_FONT`` px, with a halo in the shade that contrasts most with its
    colour (white or black: at least 4.6:1 for any colour), so it reads on every cost colour
    and terrain beneath it (``stroke=None``: no halo)."""
    size = values.get("font_size")
    if isinstance(size, int | float) and size < MIN_FONT:
        values["font_size"] = MIN_FONT
    if "stroke" not in values:
        values["stroke"] = halo(str(values.get("fill", "#000")))
        values["stroke_width"] = 3
        values["stroke_linejoin"] = "round"
        values["paint_order"] = "stroke"
    return element("text", [xml_text(content)], x=x, y=y, **values)


def _parsed(colour: str) -> tuple[int, int, int] | None:
    """The red, green and blue of ``#rgb`` or ``#rrggbb``; None for anything else."""
    digits = colour[1:] if colour.startswith("#") else ""
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    if len(digits) != 6:
        return None
    try:
        return int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16)
    except ValueError:
        return None


def seen_through(colour: str, opacity: float, under: str) -> str | None:
    """The colour seen where ``colour`` at ``opacity`` lies over ``under`` (``#rrggbb``); None
    if either is not a ``#`` colour."""
    top, bottom = _parsed(colour), _parsed(under)
    if top is None or bottom is None:
        return None
    mixed = (round(t * opacity + b * (1 - opacity)) for t, b in zip(top, bottom, strict=True))
    return "#" + "".join(f"{c:02x}" for c in mixed)


def text_on(beneath: str | None, x: float, y: float, content: str, **values: object) -> str:
    """``text`` lying on the one plain colour ``beneath`` (None: unknown, a picture or a pattern
    under it): where it stands out ``LEGIBLE`` on that colour already, without a halo. The
    halos of a map's cell labels were a third of the time resvg takes to draw it as PNG."""
    if beneath is not None and _parsed(beneath) is not None and contrast(
            str(values.get("fill", "#000")), beneath) >= LEGIBLE:
        values["stroke"] = None
    return text(x, y, content, **values)


def _luminance(colour: str) -> float:
    """WCAG relative luminance of ``#rgb`` or ``#rrggbb`` (anything else counts as black)."""
    digits = colour.lstrip("#")
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    try:
        channels = [int(digits[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    except ValueError:
        return 0.0
    if len(digits) != 6:
        return 0.0
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


@lru_cache(maxsize=4096)
def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two colours (1 to 21); kept, as a map asks it of the same few
    colours for every cell label (12 µs each: a tenth of drawing the giant bat's map)."""
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@lru_cache(maxsize=512)
def halo(fill: str) -> str:
    """White or black, whichever stands out more from a text of colour ``fill``."""
    return "#fff" if contrast(fill, "#fff") >= contrast(fill, "#000") else "#000"


def points(corners: Iterable[tuple[float, float]]) -> str:
    return " ".join(f"{fmt(x)},{fmt(y)}" for x, y in corners)


def cost_color(cost: Fraction, budget: Fraction) -> str:
    """The colour of a cost: green when free, red at the whole budget."""
    share = 0.0 if budget <= 0 else min(1.0, max(0.0, float(cost / budget)))
    scaled = share * (len(_STOPS) - 1)
    low = min(int(scaled), len(_STOPS) - 2)
    t = scaled - low
    a, b = _STOPS[low], _STOPS[low + 1]
    rgb = (round(a[i] + (b[i] - a[i]) * t) for i in range(3))
    return "#" + "".join(f"{c:02x}" for c in rgb)


def arrow_marker_defs() -> str:
    """Arrowheads for paths (blue), refused steps (red) and the wind (grey)."""
    out = []
    for name, color in (("arrow", PATH_COLOR), ("arrow-illegal", ILLEGAL_COLOR),
                        ("arrow-wind", "#4a5568")):
        head = element("path", d="M0,0 L10,5 L0,10 z", fill=color)
        out.append(element("marker", [head], id=name, viewBox="0 0 10 10", refX=8, refY=5,
                           markerWidth=5, markerHeight=5, orient="auto-start-reverse"))
    return "".join(out)


def wind_arrow(x: float, y: float, angle: float | None, length: float, caption: str) -> str:
    """The wind as an arrow pointing where it blows to (``angle`` in screen degrees)."""
    parts = [text(x, y - length / 2 - 8, caption, class_="wind-caption", font_size=11,
                  text_anchor="middle")]
    if angle is None:
        parts.append(element("circle", cx=x, cy=y, r=length / 6, fill="none",
                             stroke="#4a5568", stroke_width=2))
    else:
        rad = math.radians(angle)
        dx, dy = math.cos(rad) * length / 2, math.sin(rad) * length / 2
        parts.append(element("line", x1=x - dx, y1=y - dy, x2=x + dx, y2=y + dy,
                             stroke="#4a5568", stroke_width=3, marker_end="url(#arrow-wind)"))
    return element("g", parts, class_="wind", data_angle=None if angle is None else fmt(angle))


def legend_scale(x: float, y: float, width: float, budget: Fraction, unit: str) -> str:
    """A colour bar from 0 to the budget, so a reader can tell costs from colours."""
    steps = 12
    from ..i18n import _
    from ..narrate import unit_word

    parts = [text(x, y - 6, _("least cost ({unit})").format(unit=unit_word(unit)),
                  font_size=11)]
    for i in range(steps):
        cost = budget * Fraction(i, steps - 1)
        parts.append(element("rect", x=x + width * i / steps, y=y, width=width / steps + 0.5,
                             height=12, fill=cost_color(cost, budget)))
    from ..model import format_amount

    parts.append(text(x, y + 26, "0", font_size=10))
    parts.append(text(x + width, y + 26, format_amount(budget, unit), font_size=10,
                      text_anchor="end"))
    return element("g", parts, class_="scale")
