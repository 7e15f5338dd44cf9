"""The scenario's background picture under the grid (``background`` in the scenario file).

One function, ``background_layer``, that every grid renderer may call: it places the picture so
that its grid origin lands on the map's north-west corner and ``cell`` pixels span one square
(or one hex's width), and clips it to the map. The picture goes into the SVG as a ``data:`` URI,
so the file stands alone. A picture that cannot be read is left out (the map is still drawn),
with a ``<desc>`` saying why.
"""

from __future__ import annotations

import base64
import binascii
import math
import struct
from pathlib import Path

from .._files import UnreadableFile, read_limited
from ..model import Background, Scenario
from .grid import MARGIN, GridLayout
from .svg import element, fmt

__all__ = ["MAX_IMAGE_BYTES", "background_layer", "image_size", "load_image"]

#: The largest background picture read from a file, in bytes.
MAX_IMAGE_BYTES = 20_000_000
_TYPES = {"png": "image/png", "jpeg": "image/jpeg", "webp": "image/webp", "gif": "image/gif"}


def background_layer(scenario: Scenario, layout: GridLayout) -> str:
    """The background picture of ``scenario`` placed under ``layout``'s cells, or ``""``."""
    bg = scenario.background
    if bg is None:
        return ""
    loaded = load_image(bg)
    if isinstance(loaded, str):
        return element("desc", [f"background left out: {loaded}"], class_="background-missing")
    mime, data, (width, height) = loaded
    size = layout.size
    cx, cy = layout.center(1, 1)  # column 1, row 1, wherever the drawn window starts
    if layout.kind == "hex":
        corner = (cx - size, cy - math.sqrt(3) / 2 * size)
        scale = 2 * size / float(bg.cell)
    else:
        corner = (cx - size / 2, cy - size / 2)
        scale = size / float(bg.cell)
    x = corner[0] - float(bg.origin[0]) * scale
    y = corner[1] - float(bg.origin[1]) * scale
    href = f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}"
    clip = element("clipPath", [element("rect", x=MARGIN, y=MARGIN,
                                        width=layout.width - 2 * MARGIN,
                                        height=layout.height - 2 * MARGIN)],
                   id="background-clip")
    picture = element("image", href=href, x=x, y=y, width=fmt(width * scale),
                      height=fmt(height * scale), preserveAspectRatio="none")
    return element("g", [clip, picture], class_="background", clip_path="url(#background-clip)")


def load_image(bg: Background) -> tuple[str, bytes, tuple[int, int]] | str:
    """(MIME type, bytes, (width, height) in pixels) of the background picture, or why not."""
    if bg.image.startswith("data:"):
        payload = bg.image.partition(",")[2]
        try:
            data = base64.b64decode(payload, validate=True)
        except (binascii.Error, ValueError):
            return "its data: URI is not valid base64"
    else:
        if bg.base is None:
            return (f"{bg.image} is a path, and this scenario came from no file to find it "
                    "beside (embed it as a data: URI)")
        folder = Path(bg.base)
        file = folder / bg.image
        try:
            if not file.resolve().is_relative_to(folder.resolve()):
                return f"{bg.image} is outside the scenario's folder"
            data = read_limited(file, MAX_IMAGE_BYTES)
        except UnreadableFile as exc:
            return f"{bg.image} {exc.reason}"
        except (OSError, RuntimeError) as exc:
            return f"{bg.image} cannot be read: {exc}"
    found = image_size(data)
    if found is None:
        return f"{bg.image[:40]} is not a png, jpeg, webp or gif picture"
    kind, size = found
    return _TYPES[kind], data, size


def image_size(data: bytes) -> tuple[str, tuple[int, int]] | None:
    """The kind (png, jpeg, webp, gif) and pixel size of a picture, from its header; None if it
    is none of those (or its header is broken)."""
    try:
        if data.startswith(b"\x89PNG\r\n\x1a\n") and data[12:16] == b"IHDR":
            w, h = struct.unpack(">II", data[16:24])
            return _sized("png", w, h)
        if data[:6] in (b"GIF87a", b"GIF89a"):
            w, h = struct.unpack("<HH", data[6:10])
            return _sized("gif", w, h)
        if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
            chunk = data[12:16]
            if chunk == b"VP8X":
                w = int.from_bytes(data[24:27], "little") + 1
                h = int.from_bytes(data[27:30], "little") + 1
                return _sized("webp", w, h)
            if chunk == b"VP8 ":
                w, h = struct.unpack("<HH", data[26:30])
                return _sized("webp", w & 0x3FFF, h & 0x3FFF)
            if chunk == b"VP8L":
                bits = int.from_bytes(data[21:25], "little")
                return _sized("webp", (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
            return None
        if data[:2] == b"\xff\xd8":
            return _jpeg_size(data)
    except struct.error:
        return None
    return None


def _jpeg_size(data: bytes) -> tuple[str, tuple[int, int]] | None:
    i = 2
    while i + 9 < len(data):
        if data[i] != 0xFF:
            return None
        marker = data[i + 1]
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:
            i += 2
            continue
        length = struct.unpack(">H", data[i + 2:i + 4])[0]
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            h, w = struct.unpack(">HH", data[i + 5:i + 9])
            return _sized("jpeg", w, h)
        i += 2 + length
    return None


def _sized(kind: str, w: int, h: int) -> tuple[str, tuple[int, int]] | None:
    return (kind, (w, h)) if w > 0 and h > 0 else None
