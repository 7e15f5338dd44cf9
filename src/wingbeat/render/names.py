"""Where token names go, so that none covers another, a cell label or a path note; and the box a
map's opening view frames (``data-wb-focus``).

A text's box is estimated from its length and font size (the renders use one sans-serif font);
the estimate is generous, so boxes that do not meet here do not meet on screen either.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from .svg import MIN_FONT

__all__ = ["NAME_SIZE", "Box", "focus_box", "meets", "name_places", "text_box"]

#: (left, top, width, height) in the SVG's user units.
Box = tuple[float, float, float, float]

#: The font size of a token's name, px.
NAME_SIZE = 12.0


def text_box(x: float, y: float, words: str, font_size: float, *, anchor: str = "middle",
             bold: bool = False) -> Box:
    """The box a one-line text at baseline (x, y) covers (drawn at ``MIN_FONT`` at least, as
    ``svg.text`` draws it)."""
    font_size = max(font_size, MIN_FONT)
    width = len(words) * font_size * (0.66 if bold else 0.6) + 2
    left = x - width / 2 if anchor == "middle" else x - width if anchor == "end" else x
    return (left, y - font_size * 0.85, width, font_size * 1.1)


def meets(a: Box, b: Box) -> bool:
    """Whether two boxes overlap (touching edges do not)."""
    return not (a[0] + a[2] <= b[0] or b[0] + b[2] <= a[0]
                or a[1] + a[3] <= b[1] or b[1] + b[3] <= a[1])


def _slots(cx: float, cy: float, r: float, width: float, size: float, above_first: bool
           ) -> Iterable[tuple[float, float]]:
    """Baselines (x, y) of a name centred on x, around a token at (cx, cy) of radius r: below,
    above (or above first), right, left, then the corners, then each again farther out."""
    for ring in range(6):
        out = ring * (size + 2)
        below = cy + r + size + 1 + out
        above = cy - r - 4 - out
        side = r + 4 + width / 2 + out
        middle = cy + size * 0.35
        first, second = ((cx, above), (cx, below)) if above_first else ((cx, below), (cx, above))
        yield from (first, second, (cx + side, middle), (cx - side, middle),
                    (cx + side, below), (cx - side, below), (cx + side, above),
                    (cx - side, above))


#: How many slots (``_slots``: two rings) a name tries for one clear of the ``avoid`` boxes.
NEAR_SLOTS = 16


def name_places(tokens: Sequence[tuple[float, float, float, str]], blocked: Sequence[Box],
                notes: Sequence[Box], bounds: Box, *, font_size: float = NAME_SIZE,
                above_first: bool = False, avoid: Sequence[Box] = ()
                ) -> tuple[list[tuple[float, float]], set[int]]:
    """Baselines for the names of ``tokens`` (centre x, y, radius, name), in order: each in the
    first slot (``_slots``) inside ``bounds`` that meets no name already placed, no token and
    no path note (``notes``), and among the nearest (``NEAR_SLOTS``) the first that also meets
    none of the ``avoid`` boxes (cell costs) if there is one. The indices of the boxes it covers
    are returned, ``blocked`` (cell labels) first then ``avoid`` (index ``len(blocked) + k``),
    for the caller to leave out: a name never lies over a label or a cost (each is said in the
    cell's tooltip too), nor a token over a label (those are returned too)."""
    discs = [(x - r, y - r, 2 * r, 2 * r) for x, y, r, _ in tokens]
    placed: list[Box] = []
    places: list[tuple[float, float]] = []
    dropped: set[int] = set()
    bl, bt, bw, bh = bounds

    def inside(box: Box) -> bool:
        return box[0] >= bl and box[1] >= bt and box[0] + box[2] <= bl + bw \
            and box[1] + box[3] <= bt + bh

    covered = [*blocked, *avoid]
    for i, (cx, cy, r, name) in enumerate(tokens):
        width = text_box(0, 0, name, font_size, bold=True)[2]
        fallback: tuple[tuple[float, float], Box] | None = None
        # only the boxes the farthest slot can reach are worth asking about
        reach = r + 8 * (font_size + 2) + width
        near = (cx - reach, cy - reach, 2 * reach, 2 * reach)
        close = [(k, b) for k, b in enumerate(covered) if meets(near, b)]
        shunned = [b for b in avoid if meets(near, b)]
        chosen: tuple[tuple[float, float], Box] | None = None
        for slot, (x, y) in enumerate(_slots(cx, cy, r, width, font_size, above_first)):
            if slot >= NEAR_SLOTS and fallback is not None:
                break
            box = text_box(x, y, name, font_size, bold=True)
            if not inside(box) or any(meets(box, p) for p in placed) \
                    or any(meets(box, n) for n in notes):
                continue
            if any(meets(box, d) for j, d in enumerate(discs) if j != i):
                continue
            # the first slot clear of names, tokens and notes: below the token, unless those
            # are there (a token's group then stays centred on its disc, where a click lands);
            # among the nearest, better one clear of the costs too
            if fallback is None:
                fallback = ((x, y), box)
            if slot < NEAR_SLOTS and not any(meets(box, b) for b in shunned):
                fallback = ((x, y), box)
                break
        if chosen is None:
            if fallback is None:  # nowhere inside: below, as it always was
                x, y = cx, cy + r + font_size + 1
                fallback = ((x, y), text_box(x, y, name, font_size, bold=True))
            chosen = fallback
            dropped.update(k for k, b in close if meets(chosen[1], b))
        places.append(chosen[0])
        placed.append(chosen[1])
    # a label a token's disc lies over is left out too: it peeked round the disc
    dropped.update(k for k, b in enumerate(blocked)
                   if any(_under_disc(b, x, y, r) for x, y, r, _ in tokens))
    return places, dropped


def _under_disc(box: Box, cx: float, cy: float, r: float) -> bool:
    """Whether the disc of radius ``r`` at (cx, cy) covers part of ``box``."""
    nx = min(max(cx, box[0]), box[0] + box[2])
    ny = min(max(cy, box[1]), box[1] + box[3])
    return math.hypot(nx - cx, ny - cy) < r


def focus_box(points: Iterable[tuple[float, float]], margin: float, bounds: Box) -> str | None:
    """``data-wb-focus``: the box around ``points`` (creatures, reach, path), with ``margin``,
    clipped to ``bounds``, as "x y w h"; None without points."""
    xs, ys = [], []
    for x, y in points:
        xs.append(x)
        ys.append(y)
    if not xs:
        return None
    bl, bt, bw, bh = bounds
    left = max(bl, min(xs) - margin)
    top = max(bt, min(ys) - margin)
    right = min(bl + bw, max(xs) + margin)
    bottom = min(bt + bh, max(ys) + margin)
    return " ".join(f"{v:.1f}".rstrip("0").rstrip(".")
                    for v in (left, top, max(0.0, right - left), max(0.0, bottom - top)))


def spread_markers(centres: Sequence[tuple[float, float]], radius: float, *, rings: int = 2
                   ) -> list[tuple[float, float] | None]:
    """Where to draw round markers of ``radius`` at ``centres`` (best first) so none covers
    another: each at its centre if free, else moved to the first free spot on a ring around it
    (eight directions, ``rings`` rings two radii apart), as an offset (dx, dy); None for a
    marker with no free spot near its place: the caller lists it instead (a numbered legend)."""
    gap = 2 * radius + 1
    drawn: list[tuple[float, float]] = []
    out: list[tuple[float, float] | None] = []
    turns = [(math.cos(math.radians(a)), math.sin(math.radians(a))) for a in range(0, 360, 45)]
    for x, y in centres:
        choice: tuple[float, float] | None = None
        offsets = [(0.0, 0.0)] + [(c * gap * ring, s * gap * ring)
                                  for ring in range(1, rings + 1) for c, s in turns]
        for dx, dy in offsets:
            if all(math.hypot(x + dx - ox, y + dy - oy) >= gap for ox, oy in drawn):
                choice = (round(dx, 1), round(dy, 1))
                drawn.append((x + dx, y + dy))
                break
        out.append(choice)
    return out
