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
from pathlib import Path

from .._files import UnreadableFile, read_limited
from .._pictures import MAX_IMAGE_BYTES, image_size, pixel_budget_error
from ..errors import ScenarioError
from ..i18n import _
from ..model import Background, Scenario
from .grid import MARGIN, GridLayout
from .svg import element, fmt, xml_text

__all__ = ["MAX_IMAGE_BYTES", "background_layer", "image_size", "load_image"]

_TYPES = {"png": "image/png", "jpeg": "image/jpeg", "webp": "image/webp", "gif": "image/gif"}


def background_layer(scenario: Scenario, layout: GridLayout) -> str:
    """The background picture of ``scenario`` placed under ``layout``'s cells, or ``""``.

    A picture past the pixel budget (``_pictures.MAX_IMAGE_PIXELS``) is refused, from its header,
    before resvg decodes it: a 40,000 × 40,000 PNG of a few kilobytes asks for 6.4 GB."""
    bg = scenario.background
    if bg is None:
        return ""
    loaded = load_image(bg)
    if isinstance(loaded, str):
        return element("desc", [xml_text(_("background left out: {reason}").format(
            reason=loaded))],
                       class_="background-missing")
    mime, data, (width, height) = loaded
    too_large = pixel_budget_error((width, height))
    if too_large is not None:
        raise ScenarioError(too_large, source=scenario.source, where="background.image")
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
            return _("its data: URI is not valid base64")
    else:
        if bg.base is None:
            return _("{image} is a path, and this scenario came from no file to find it beside "
                     "(embed it as a data: URI)").format(image=bg.image)
        folder = Path(bg.base)
        file = folder / bg.image
        try:
            if not file.resolve().is_relative_to(folder.resolve()):
                return _("{image} is outside the scenario's folder").format(image=bg.image)
            data = read_limited(file, MAX_IMAGE_BYTES)
        except UnreadableFile as exc:
            # Translators: a picture's path, then why it cannot be read ("no such file")
            return _("{image} {reason}").format(image=bg.image, reason=exc.reason)
        except (OSError, RuntimeError) as exc:
            return _("{image} cannot be read: {reason}").format(image=bg.image, reason=exc)
    found = image_size(data)
    if found is None:
        return _("{image} is not a png, jpeg, webp or gif picture").format(image=bg.image[:40])
    kind, size = found
    return _TYPES[kind], data, size
