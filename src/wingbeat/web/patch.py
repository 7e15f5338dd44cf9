"""A picture as the changes from the one the page shows: a click draws a route on a map the page
already holds, so the page is sent the few groups that changed, not the map again.

Parsing and laying out a map of a few hundred cells costs the browser tens of milliseconds; the
route, its notes and the legend are a few kilobytes. The page applies the changes to its own
copy and gets the very picture the server drew (``/api/render`` without ``from_picture``): the
same root and the same top-level children, in order.

Pictures are the renderers' own SVG: one root element whose children are elements (no text or
comments between them), attribute values quoted with ``<`` escaped. That is all the splitter
relies on.
"""

from __future__ import annotations

import hashlib
import re
import threading
from collections import OrderedDict
from typing import Any

__all__ = ["Picture", "PictureShelf", "changes", "picture_id"]

#: Pictures kept to answer "changes from": the last few the page may still show.
SHELF_BYTES = 64 * 1024 * 1024

_TAG = re.compile(rb"<(/?)[A-Za-z][^<>]*?(/?)>")  # a "<" only begins a tag


def picture_id(svg: bytes) -> str:
    """A short name for a picture's exact bytes (the page sends it back to ask for changes)."""
    return hashlib.blake2b(svg, digest_size=12).hexdigest()


class Picture:
    """A picture's bytes, and where its root's opening tag ends and each top-level child lies
    (found once, when first needed)."""

    __slots__ = ("_name", "_spans", "svg")

    def __init__(self, svg: bytes, spans: tuple[int, list[tuple[int, int]]] | None = None):
        self.svg = svg
        self._spans = spans
        self._name: str | None = None

    @property
    def name(self) -> str:
        """Its ``picture_id``, hashed once (a map is hundreds of kilobytes)."""
        if self._name is None:
            self._name = picture_id(self.svg)
        return self._name

    @property
    def split(self) -> bool:
        """Whether its children are known already."""
        return self._spans is not None

    def spans(self) -> tuple[int, list[tuple[int, int]]] | None:
        """The end of the root's opening tag and the children's (start, end); None when the text
        is not one element holding only elements."""
        if self._spans is None:
            body = self.svg
            first = _TAG.search(body)
            close = body.rfind(b"</svg>")
            if first is None or first.group(1) or first.group(2) or close < first.end():
                return None
            children = _scan(body, first.end(), close)
            if children is None:
                return None
            self._spans = (first.end(), children)
        return self._spans


_NAME = re.compile(rb"<([A-Za-z][^\s/>]*)")


def _scan(body: bytes, start: int, end: int) -> list[tuple[int, int]] | None:
    """The whole elements that follow one another in ``body[start:end]``.

    Counted, not parsed: in the renderers' text a ``<`` only begins a tag and ``/>`` only ends
    an empty one (attribute values and text have them escaped), so between two places the
    elements left open are ``<``'s less two per ``</`` and one per ``/>``, counted in C. An
    element ends at the first of its closing tags after which none is left open: a map's cells
    group is found in hundreds of steps, not its thousands of tags. Text with comments or
    processing instructions is read tag by tag (``_scan_tags``).
    """
    if body.find(b"<!", start, end) >= 0 or body.find(b"<?", start, end) >= 0:
        return _scan_tags(body, start, end)
    children: list[tuple[int, int]] = []
    pos = start
    while True:
        opening = body.find(b"<", pos, end)
        if opening < 0:
            return None if body[pos:end].strip() else children
        if body[pos:opening].strip():
            return None  # text between children: not a picture this splits
        named = _NAME.match(body, opening, end)
        head_end = body.find(b">", opening, end)
        if named is None or head_end < 0 or body.find(b"<", opening + 1, head_end) >= 0:
            return None  # a closing tag with nothing open, or a tag cut off
        if body[head_end - 1] == 0x2F:  # "/>": an empty element
            children.append((opening, head_end + 1))
            pos = head_end + 1
            continue
        closing = b"</" + named.group(1) + b">"
        depth, at = 1, head_end + 1
        while depth:
            found = body.find(closing, at, end)
            if found < 0:
                return None
            depth += (body.count(b"<", at, found) - 2 * body.count(b"</", at, found)
                      - body.count(b"/>", at, found) - 1)
            if depth < 0:
                return None
            at = found + len(closing)
        children.append((opening, at))
        pos = at


def _scan_tags(body: bytes, start: int, end: int) -> list[tuple[int, int]] | None:
    """``_scan`` tag by tag."""
    children: list[tuple[int, int]] = []
    depth = 0
    for tag in _TAG.finditer(body, start, end):
        if depth == 0:
            if body[start:tag.start()].strip():
                return None  # text between children: not a picture this splits
            start = tag.start()
        if tag.group(1):
            depth -= 1
        elif not tag.group(2):
            depth += 1
        if depth < 0:
            return None
        if depth == 0:
            children.append((start, tag.end()))
            start = tag.end()
    if depth != 0 or body[start:end].strip():
        return None
    return children


def _common_prefix(a: bytes, b: bytes) -> int:
    low, high = 0, min(len(a), len(b))
    while low < high:  # memcmp by halves: the longest k with a[:k] == b[:k]
        middle = (low + high + 1) // 2
        if a.startswith(b[:middle]):
            low = middle
        else:
            high = middle - 1
    return low


def _common_suffix(a: bytes, b: bytes, most: int) -> int:
    low, high = 0, min(len(a), len(b), most)
    while low < high:
        middle = (low + high + 1) // 2
        if a.endswith(b[len(b) - middle:]):
            low = middle
        else:
            high = middle - 1
    return low


def changes(old: Picture, new: bytes) -> tuple[dict[str, Any] | None, Picture]:
    """What turns picture ``old`` into ``new``: the run of ``old``'s top-level children to
    replace (``[start, end, [svg…]]``); None when the root's own tag changed, they do not split
    as pictures, or the changes are most of the new picture. Also ``new`` as a ``Picture``, its
    children known.

    Only the span between the two pictures' common beginning and common end is split: the
    children before it and after it are the same bytes in both.
    """
    prefix = _common_prefix(old.svg, new)
    suffix = _common_suffix(old.svg, new, min(len(old.svg), len(new)) - prefix)
    if (len(new) - prefix - suffix) * 2 > len(new):
        return None, Picture(new)  # another map (another creature, altitude …): whole
    spans = old.spans()
    if spans is None:
        return None, Picture(new)
    root_end, children = spans
    if prefix < root_end:
        return None, Picture(new)  # the root's own tag changed: send the picture whole
    shift = len(new) - len(old.svg)
    first = next((i for i, (_, end) in enumerate(children) if end > prefix), len(children))
    last = next((i for i, (start, _) in enumerate(children)
                 if i >= first and start >= len(old.svg) - suffix), len(children))
    close = old.svg.rfind(b"</svg>")  # where old's children end: the same place in new, or
    begin = children[first][0] if first < len(children) else close  # shifted past the change
    stop = (children[last][0] if last < len(children) else close) + shift
    middle = _scan(new, begin, stop) if begin <= stop else None
    if middle is None:
        return None, Picture(new)
    kept = Picture(new, (root_end, [*children[:first], *middle,
                                    *((a + shift, b + shift) for a, b in children[last:])]))
    sent = sum(b - a for a, b in middle)
    if sent * 2 > len(new):
        return None, kept
    runs = [] if first == last and not middle else [
        [first, last, [new[a:b].decode() for a, b in middle]]]
    return {"picture": kept.name, "from": old.name, "replace": runs}, kept


class PictureShelf:
    """The pictures last sent, by ``picture_id``, within a byte budget (oldest out first)."""

    def __init__(self, budget: int = SHELF_BYTES):
        self._budget = budget
        self._held = 0
        self._pictures: OrderedDict[str, Picture] = OrderedDict()
        self._lock = threading.Lock()

    def keep(self, picture: Picture) -> str:
        """Keep ``picture`` (a copy whose children are known replaces one whose are not)."""
        name = picture.name
        size = len(picture.svg)
        with self._lock:
            held = self._pictures.pop(name, None)
            if held is not None:
                self._held -= size
                if not picture.split:
                    picture = held
            if size > self._budget:
                return name
            self._pictures[name] = picture
            self._held += size
            while self._held > self._budget:
                _, dropped = self._pictures.popitem(last=False)
                self._held -= len(dropped.svg)
        return name

    def split(self, name: str) -> None:
        """Find the children of the picture ``name``, if it is kept, ahead of the changes from it
        a click will ask for."""
        with self._lock:
            found = self._pictures.get(name)
        if found is not None:
            found.spans()  # the same value in any thread: the last to set it is as good

    def get(self, name: str) -> Picture | None:
        with self._lock:
            found = self._pictures.get(name)
            if found is not None:
                self._pictures.move_to_end(name)
            return found
