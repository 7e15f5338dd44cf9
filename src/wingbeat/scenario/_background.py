"""A scenario's ``background``: a picture of the map under the grid (every ruleset alike).

It changes no rule: the renderers draw it, nothing else reads it. The image is a path relative
to the scenario file (never absolute, never out of its folder with ``..``) or a ``data:`` URI.
"""

from __future__ import annotations

import base64
import binascii
import os
import stat
from fractions import Fraction
from pathlib import Path
from typing import Any

from pydantic import Field, field_validator

from .._pictures import image_size, pixel_budget_error
from ..errors import ScenarioError
from ..i18n import _
from ..model import Background
from ..narrate import grouped
from ._schema import StrictModel, validate

__all__ = ["IMAGE_TYPES", "build_background"]

#: The pictures a background may be, by their ``data:`` URI type and file name ending.
IMAGE_TYPES = {"image/png": (".png",), "image/jpeg": (".jpg", ".jpeg"), "image/webp": (".webp",),
               "image/gif": (".gif",)}
_SUFFIXES = tuple(s for suffixes in IMAGE_TYPES.values() for s in suffixes)


class BackgroundModel(StrictModel):
    image: str = Field(min_length=1)
    cell: float = Field(gt=0, le=10_000)
    origin: list[float] = Field(default=[0, 0], min_length=2, max_length=2)

    @field_validator("image")
    @classmethod
    def _where(cls, value: str) -> str:
        if value.startswith("data:"):
            kind = value[5:].partition(";")[0]
            if kind not in IMAGE_TYPES or ";base64," not in value[:40]:
                raise ValueError(_("expected a data URI of a picture, data:image/png;base64,… "
                                   "(png, jpeg, webp or gif)"))
            return value
        parts = value.replace("\\", "/").split("/")
        if value.startswith(("/", "\\")) or ":" in value or ".." in parts:
            raise ValueError(_("expected a path relative to the scenario file, inside its "
                               "folder (no absolute path, no ..), or a data:image/…;base64 URI"))
        if not value.lower().endswith(_SUFFIXES):
            raise ValueError(_("expected a picture file: {suffixes}").format(
                suffixes=", ".join(_SUFFIXES)))
        return value

    @field_validator("origin")
    @classmethod
    def _finite(cls, value: list[float]) -> list[float]:
        if any(abs(v) > 1_000_000 for v in value):
            raise ValueError(_("expected two pixel coordinates within ±{most}").format(
                most=grouped(1_000_000)))
        return value


class _Holder(StrictModel):
    background: BackgroundModel


def build_background(data: Any, source: str, base: str | None) -> Background:
    """The validated ``background`` mapping; ``base`` is the folder relative paths start from."""
    model = validate(_Holder, {"background": data}, source).background
    problem = _pixels_problem(model.image, base)
    if problem is not None:
        raise ScenarioError(problem, source=source, where="background.image")
    ox, oy = (Fraction(str(v)) for v in model.origin)
    return Background(model.image, Fraction(str(model.cell)), (ox, oy), base)


#: How much of a picture file beside the scenario is read to find its size: a PNG, GIF or WebP
#: says it in its first 30 bytes, a JPEG after its metadata (EXIF, ICC), which is seldom longer.
HEADER_BYTES = 256 * 1024


def _pixels_problem(image: str, base: str | None) -> str | None:
    """Why the picture is too large to draw, from its header (nothing is decoded), or None.

    A picture this cannot read (a broken data URI, no such file) is the renderer's to leave out
    with its reason; so is a JPEG whose size comes later than ``HEADER_BYTES``, which the renderer
    checks again before drawing."""
    if image.startswith("data:"):
        try:
            head = base64.b64decode(image.partition(",")[2], validate=True)
        except (binascii.Error, ValueError):
            return None
    elif base is None:
        return None
    else:
        head = _file_head(Path(base) / image)
    found = image_size(head)
    return None if found is None else pixel_budget_error(found[1])


def _file_head(file: Path) -> bytes:
    """The first ``HEADER_BYTES`` of a regular file; nothing for a missing file, a pipe or a
    device (never waited on)."""
    try:
        if not stat.S_ISREG(os.stat(file).st_mode):
            return b""
        handle = os.open(file, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
                         | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0))
    except (OSError, ValueError):
        return b""
    try:
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            return b""
        return os.read(handle, HEADER_BYTES)
    except OSError:
        return b""
    finally:
        os.close(handle)
