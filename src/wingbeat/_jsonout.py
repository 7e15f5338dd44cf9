"""JSON text for the faces (CLI, web): orjson when it is installed, else the standard ``json``,
byte for byte the same text either way.

A big reach's JSON is megabytes: the pure-Python encoder (``json.dumps`` with ``indent``) takes as
long as the search. orjson writes the same text (keys in order, UTF-8, the same escapes, the same
indentation) except for a few floats: it spells 1e-05 as ``0.00001`` and 1.5e-07 as ``1.5e-7``
(text like that is encoded again by ``json``), and NaN or infinity, which are not JSON, as
``null`` (``json``: ``NaN``). Answers hold no floats: costs are exact, written as strings.
The library itself never imports this: the core stays standard library only.
"""

from __future__ import annotations

import json
import re
from typing import Any

try:  # pragma: no cover - which branch runs depends on the install
    import orjson as _orjson
except ImportError:  # pragma: no cover
    _orjson = None  # type: ignore[assignment]

__all__ = ["ENCODER", "dumps", "encode", "encode_answer"]

#: Which encoder ``dumps`` uses: "orjson" or "json" (``wingbeat --version`` could say).
ENCODER = "json" if _orjson is None else "orjson"

#: Text where orjson's float may differ from ``json``'s: an exponent of one digit (``1.5e-7``;
#: ``json`` writes ``1.5e-07``) or a small number written out (``0.00001``; ``json``: ``1e-05``).
#: It may also match inside a string: then ``json`` encodes it, the same text, only slower.
_UNLIKE = re.compile(rb"(?<=\d)e-\d(?!\d)|0\.0000")


def _may_differ(text: bytes) -> bool:
    """Whether ``text`` has what ``_UNLIKE`` finds: two plain substring scans first (a few ms on
    megabytes, where the pattern takes a tenth of a second), the pattern only if one hits."""
    return (b"e-" in text or b"0.0000" in text) and _UNLIKE.search(text) is not None


def encode(data: Any, *, indent: bool = True) -> bytes:
    """``data`` as UTF-8 JSON: indented by 2 (``json.dumps(data, indent=2, ensure_ascii=False)``)
    or, with ``indent=False``, compact (``separators=(",", ":")``, as the web sends it)."""
    if _orjson is not None:
        option = _orjson.OPT_NON_STR_KEYS | (_orjson.OPT_INDENT_2 if indent else 0)
        try:
            text: bytes = _orjson.dumps(data, option=option)
        except TypeError:  # a type orjson refuses (an int past 64 bits, a lone surrogate …)
            pass
        else:
            if not _may_differ(text):
                return text
    return _standard(data, indent).encode("utf-8", "surrogatepass")


def encode_answer(result: Any) -> bytes:
    """``encode(result.to_dict())``, the same bytes, but where the answer can write its biggest
    part itself (``json_states``: a reach report's end states, written straight from the
    search's arrays) only the rest is made a dict and encoded, and the two are joined."""
    parts = getattr(result, "json_states", None)
    made: tuple[dict[str, Any], bytes] | None = None if parts is None else parts()
    if made is None:
        return encode(result.to_dict())
    data, states = made
    text = encode({**data, "states": []})
    end = b'"states": []\n}'
    if not states or not text.endswith(end):
        return text if not states else encode(result.to_dict())
    return b"".join((text[:-3], b"\n", states, b"\n  ]\n}"))


def dumps(data: Any, *, indent: bool = True) -> str:
    """``encode`` as a str, for a text stream."""
    if _orjson is None:
        return _standard(data, indent)
    return encode(data, indent=indent).decode("utf-8", "surrogatepass")


def _standard(data: Any, indent: bool) -> str:
    if indent:
        return json.dumps(data, indent=2, ensure_ascii=False)
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))

