"""Pictures as PNG, for chats and documents that do not show SVG.

The SVG is drawn by resvg (the ``resvg`` wheel, else ``resvg-py``: Rust, no system library needed)
with the machine's fonts (``raster``); a map drawn twice gives the same bytes.
"""

from __future__ import annotations

from ..errors import OptionError
from ..i18n import _, localized_number

__all__ = ["FORMATS", "picture", "picture_format", "svg_to_png"]

FORMATS = ("svg", "png")


def svg_to_png(svg: str, *, zoom: float = 1.0) -> bytes:
    """The SVG text drawn as PNG bytes, ``zoom`` times its own size (2 for a sharp print)."""
    if not 0.1 <= zoom <= 8:
        raise OptionError(_("a PNG zoom is between {least} and {most}, got {zoom}").format(
            least=localized_number("0.1"), most=8, zoom=localized_number(str(zoom))))
    from .raster import svg_to_png_bytes

    return svg_to_png_bytes(svg, zoom)


def picture_format(format_: str) -> str:
    """``svg`` or ``png`` (in any case); an ``OptionError`` for anything else, before any work."""
    kind = format_.lower()
    if kind not in FORMATS:
        raise OptionError(_("format is svg or png, got {format}").format(format=repr(format_)))
    return kind


def picture(svg: str, format_: str) -> tuple[str | bytes, str]:
    """The picture in ``format_`` (``svg`` or ``png``) and its media type."""
    if picture_format(format_) == "png":
        return svg_to_png(svg), "image/png"
    return svg, "image/svg+xml"
