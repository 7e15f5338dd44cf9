"""What a picture file is, from its first bytes: its kind and size in pixels (standard library
only), for the background pictures of scenarios and the maps they are imported from."""

from __future__ import annotations

import struct

__all__ = ["MAX_IMAGE_BYTES", "MAX_IMAGE_PIXELS", "image_size", "pixel_budget_error"]

#: The largest picture read from a file, in bytes.
MAX_IMAGE_BYTES = 20_000_000

#: The most pixels a picture may have (width × height), checked from its header before anything
#: decodes it: a decoder holds 4 bytes a pixel, so 64 megapixels (8,000 × 8,000, a 50 × 50 map
#: at 160 px a square) is 256 MB. A 900 KB PNG can claim 26,000 × 26,000 pixels (2.7 GB decoded).
MAX_IMAGE_PIXELS = 64_000_000


def pixel_budget_error(size: tuple[int, int]) -> str | None:
    """Why a picture of ``size`` (width, height) pixels is too large to draw, or None."""
    w, h = size
    if w * h <= MAX_IMAGE_PIXELS:
        return None
    from .i18n import _
    from .narrate import grouped

    return _("a picture of {width} × {height} pixels is larger than the {most} pixels a "
             "background may have ({side} × {side}); scale it down before using it").format(
        width=grouped(w), height=grouped(h), most=grouped(MAX_IMAGE_PIXELS), side=grouped(8000))


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
