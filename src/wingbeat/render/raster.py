"""SVG to PNG through resvg, at the cost of resvg's drawing alone.

Two wheels carry resvg. ``resvg`` (a PyO3 binding of resvg's own crates) draws a map 2 to 3 times
faster than ``resvg-py`` and takes fonts as bytes; ``resvg-py`` stays the fallback, and both give
the same pixels. Two costs around the drawing are avoided here:

- ``import resvg`` spends 40 ms in ``importlib.metadata`` for its ``__version__``: its compiled
  module is loaded directly instead (5 ms).
- resvg finds a system font by its file, and opens, maps and parses that file again for every
  ``<text>``: 800 cell labels cost 0.1 s of system time. The faces of the family our pictures
  name (DejaVu Sans) are read once, kept, and handed over as bytes; only the faces a picture uses
  (bold, italic) are loaded. A picture that names another family, or holds characters DejaVu Sans
  may not have, gets the system's fonts as before.

What resvg is handed is the map with its cell labels gathered (``grouped_words``): one ``<text>``
of ``<tspan>``s per style instead of one ``<text>`` each, the same pixels for a fifth less of
resvg's text layout. The SVG the user gets keeps one ``<text class="label">`` per cell.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import math
import os
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

__all__ = ["FAMILY", "face_files", "grouped_words", "svg_to_png_bytes"]

#: The family every picture names first (``font-family="DejaVu Sans, Verdana, sans-serif"``).
FAMILY = "DejaVu Sans"

#: Its faces' files, by what a picture asks for.
_FACES = {
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "italic": "DejaVuSans-Oblique.ttf",
    "bold italic": "DejaVuSans-BoldOblique.ttf",
}

#: Where systems put DejaVu (Debian, Fedora, Arch, Alpine, by hand, macOS with Homebrew's casks).
_FONT_DIRS = (
    "/usr/share/fonts/truetype/dejavu",
    "/usr/share/fonts/dejavu-sans-fonts",
    "/usr/share/fonts/TTF",
    "/usr/share/fonts/dejavu",
    "/usr/local/share/fonts",
    "~/.local/share/fonts",
    "~/.fonts",
    "~/Library/Fonts",
    "/Library/Fonts",
)

#: Characters DejaVu Sans draws: Latin, IPA, Greek, Cyrillic, punctuation, arrows and maths.
_BEYOND_DEJAVU = re.compile(r"[^\x00-\u04ff\u2000-\u22ff]")
_BOLD = re.compile(r"""font-weight\s*[=:]\s*["']?\s*(?:bold|bolder|[6-9]00)""")
_ITALIC = re.compile(r"""font-style\s*[=:]\s*["']?\s*(?:italic|oblique)""")
_FAMILY_NAMED = re.compile(r"""font-family\s*[=:]\s*["']?\s*([^"';,]+)""")

#: A cell's label: a word, in the attribute order ``svg.text`` writes (x, y, the rest).
_CELL_WORD = re.compile(r'<text x="([^"<>]*)" y="([^"<>]*)" ([^<>]*class="label"[^<>]*)>'
                        r"([^<\s]+)</text>")
#: Attributes whose meaning would change inside a group (they apply per character, or to the
#: first one): a word carrying one stays where it is.
_PER_CHARACTER = re.compile(r"\b(?:dx|dy|rotate|textLength|lengthAdjust)\s*=")

_kept_faces: dict[str, bytes | None] = {}
_binding: list[ModuleType | None] = []


def _resvg() -> ModuleType | None:
    """The ``resvg`` binding's compiled module, or None where it is not installed."""
    if not _binding:
        _binding.append(_load_binding())
    return _binding[0]


def _load_binding() -> ModuleType | None:
    name = "resvg._resvg"
    module = sys.modules.get(name) or _load_extension(name)
    if module is None:
        try:
            import resvg as module  # type: ignore[import-not-found,unused-ignore,no-redef]
        except ImportError:
            return None
    if hasattr(module, "render") and hasattr(module, "usvg"):
        return module
    return None  # another package of that name


def _load_extension(name: str) -> ModuleType | None:
    """The binding's compiled module, loaded as ``name`` from the ``resvg`` package's folder
    without running the package's ``__init__``; None if that cannot be done."""
    try:
        found = importlib.util.find_spec("resvg")
        folders = list(found.submodule_search_locations or ()) if found else []
        for folder in folders:
            for suffix in importlib.machinery.EXTENSION_SUFFIXES:
                path = os.path.join(folder, "_resvg" + suffix)
                if not os.path.isfile(path):
                    continue
                loader = importlib.machinery.ExtensionFileLoader(name, path)
                spec = importlib.util.spec_from_file_location(name, path, loader=loader)
                if spec is None:
                    return None
                module = importlib.util.module_from_spec(spec)
                loader.exec_module(module)
                sys.modules[name] = module
                return module
    except Exception:  # any failure: the package's own import, then
        return None
    return None


def face_files() -> dict[str, Path]:
    """DejaVu Sans's faces found on this machine, by kind; empty where it is not installed."""
    for folder in _FONT_DIRS:
        base = Path(folder).expanduser()
        found = {kind: base / file for kind, file in _FACES.items()
                 if (base / file).is_file()}
        if "regular" in found:
            return found
    return {}


def _face(kind: str) -> bytes | None:
    """One face's bytes, read once per process."""
    if kind not in _kept_faces:
        path = face_files().get(kind)
        try:
            _kept_faces[kind] = None if path is None else path.read_bytes()
        except OSError:
            _kept_faces[kind] = None
    return _kept_faces[kind]


def _wanted_faces(svg: str) -> list[str] | None:
    """The DejaVu Sans faces ``svg`` uses, or None if it needs the system's fonts: it names
    another family, or holds a character beyond DejaVu's (ASCII is looked at in C: the
    search was a millisecond of a map's PNG)."""
    if set(_FAMILY_NAMED.findall(svg)) - {FAMILY}:
        return None
    if not svg.isascii() and _BEYOND_DEJAVU.search(svg):
        return None
    bold = _BOLD.search(svg) is not None
    italic = _ITALIC.search(svg) is not None
    wanted = ["regular"]
    if bold:
        wanted.append("bold")
    if italic:
        wanted.append("italic")
    if bold and italic and _bold_and_italic(svg):
        wanted.append("bold italic")
    return wanted


def _bold_and_italic(svg: str) -> bool:
    """Whether a text of ``svg`` may be bold and italic at once. Not when every weight and
    style is an attribute of a ``<text>`` that has only one of them (the harpy's map: a
    fourth face is 1.5 ms to read and parse); when one sits on a group, a ``tspan`` or a style
    sheet, it may be inherited, and the answer is yes."""
    kinds: dict[int, set[str]] = {}
    for pattern, kind in ((_BOLD, "bold"), (_ITALIC, "italic")):
        for found in pattern.finditer(svg):
            tag = svg.rfind("<", 0, found.start())
            if not svg.startswith("<text ", tag) or ">" in svg[tag:found.start()]:
                return True
            kinds.setdefault(tag, set()).add(kind)
    return any(len(both) == 2 for both in kinds.values())


def _options(binding: Any, svg: str) -> Any:
    options = binding.usvg.Options.default()
    wanted = _wanted_faces(svg)
    faces = [] if wanted is None else [_face(kind) for kind in wanted]
    if wanted is None or any(face is None for face in faces):
        options.load_system_fonts()
        return options
    for face in faces:
        options.load_font_data(face)
    options.font_family = FAMILY
    return options


def svg_to_png_bytes(svg: str, zoom: float) -> bytes:
    """``svg`` drawn as PNG, ``zoom`` times its size; resvg's errors as ``ValueError``."""
    svg = grouped_words(svg)
    binding = _resvg()
    if binding is None:
        import resvg_py  # type: ignore[import-not-found,unused-ignore]

        return bytes(resvg_py.svg_to_bytes(svg_string=svg, zoom=zoom))
    try:
        tree = binding.usvg.Tree.from_str(svg, _options(binding, svg))
        width, height = tree.int_size()
        size = (_scaled(width, zoom), _scaled(height, zoom))
        scale = (size[0] / width, size[1] / height)  # whole pixels, as resvg-py stretches
        return bytes(binding.render(tree, (scale[0], 0.0, 0.0, 0.0, scale[1], 0.0),
                                    bg_size=size))
    except BaseException as exc:  # resvg's panics are BaseExceptions (pyo3's PanicException)
        if isinstance(exc, KeyboardInterrupt | SystemExit | GeneratorExit | MemoryError):
            raise
        raise ValueError(f"resvg could not draw the picture: {exc}") from exc


def grouped_words(svg: str) -> str:
    """``svg`` with its cells' labels of one style drawn by one ``<text>`` of ``<tspan x= y=>``s,
    where the last of them stood: the same pixels, and resvg lays out one element instead of
    hundreds (744 labels of the giant bat's map: 22 → 18 ms of its 120).

    Only words (no spaces, whose collapsing would then span tspans, no per-character
    positions) of class ``label`` are moved. A label lies at the top of its own cell, clear of
    every other cell's shapes and of the marks drawn after it in its cell, so drawing it later
    changes no pixel; the tests compare the pixels of every example, with and without a reach,
    and of hex and square maps of both grid rulesets. A cell's cost is left in place: on a
    dnd5e hex it can touch the terrain mark drawn after it."""
    parts = _CELL_WORD.split(svg)  # between, x, y, style, word, between, x ... between
    styles = parts[3::5]
    counts: dict[str, int] = {}
    for style in styles:
        counts[style] = counts.get(style, 0) + 1
    moved = {style for style, count in counts.items()
             if count > 1 and not _PER_CHARACTER.search(style)}
    if not moved:
        return svg
    last = {style: i for i, style in enumerate(styles) if style in moved}
    spans: dict[str, list[str]] = {style: [] for style in moved}
    out = [parts[0]]
    for i, style in enumerate(styles):
        x, y, word, after = parts[5 * i + 1], parts[5 * i + 2], parts[5 * i + 4], parts[5 * i + 5]
        if style in moved:
            spans[style].append(f'<tspan x="{x}" y="{y}">{word}</tspan>')
            if last[style] == i:
                out.append(f"<text {style}>{''.join(spans[style])}</text>")
        else:
            out.append(f'<text x="{x}" y="{y}" {style}>{word}</text>')
        out.append(after)
    return "".join(out)


def _scaled(side: int, zoom: float) -> int:
    """A side ``zoom`` times as long, rounded half up as resvg rounds it."""
    return max(1, math.floor(side * zoom + 0.5))
