"""A scenario's ``background``: a picture of the map under the grid (every ruleset alike).

It changes no rule: the renderers draw it, nothing else reads it. The image is a path relative
to the scenario file (never absolute, never out of its folder with ``..``) or a ``data:`` URI.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from pydantic import Field, field_validator

from ..model import Background
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
                raise ValueError("expected a data URI of a picture, data:image/png;base64,… "
                                 "(png, jpeg, webp or gif)")
            return value
        parts = value.replace("\\", "/").split("/")
        if value.startswith(("/", "\\")) or ":" in value or ".." in parts:
            raise ValueError("expected a path relative to the scenario file, inside its folder "
                             "(no absolute path, no ..), or a data:image/…;base64 URI")
        if not value.lower().endswith(_SUFFIXES):
            raise ValueError("expected a picture file: " + ", ".join(_SUFFIXES))
        return value

    @field_validator("origin")
    @classmethod
    def _finite(cls, value: list[float]) -> list[float]:
        if any(abs(v) > 1_000_000 for v in value):
            raise ValueError("expected two pixel coordinates within ±1,000,000")
        return value


class _Holder(StrictModel):
    background: BackgroundModel


def build_background(data: Any, source: str, base: str | None) -> Background:
    """The validated ``background`` mapping; ``base`` is the folder relative paths start from."""
    model = validate(_Holder, {"background": data}, source).background
    ox, oy = (Fraction(str(v)) for v in model.origin)
    return Background(model.image, Fraction(str(model.cell)), (ox, oy), base)
