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
from collections.abc import Iterator
from typing import Any

try:  # pragma: no cover - which branch runs depends on the install
    import orjson as _orjson
except ImportError:  # pragma: no cover
    _orjson = None  # type: ignore[assignment]

__all__ = ["CHUNK_BYTES", "ENCODER", "FORMS", "answer_chunks", "dumps", "encode",
           "encode_answer"]

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
    part itself (``json_state_chunks``: a reach report's end states, written straight from the
    search's arrays) only the rest is made a dict and encoded (``answer_chunks`` joined)."""
    return b"".join(answer_chunks(result))


#: How an answer is written: ``json`` indented by 2 (the CLI's ``--json``), ``compact`` (the web's
#: JSON, ``separators=(",", ":")``), ``jsonl`` (a header line with every field but the states,
#: then one compact line a state: docs/json.md).
FORMS = ("json", "compact", "jsonl")

#: The bytes of text a chunk of states holds at least (all but the last): a big answer is
#: written in pieces of this size, never held whole (64 KB, as the kernel's: see
#: ``rulesets/volare/space.py`` ``STATES_CHUNK``).
CHUNK_BYTES = 1 << 16

#: What goes between two states, and around the list, in each form.
_SEPARATOR = {"json": b",\n", "compact": b",", "jsonl": b"\n"}


def answer_chunks(result: Any, form: str = "json") -> Iterator[bytes]:
    """The answer's JSON text (``encode(result.to_dict())`` joined, in ``form``), in chunks:
    the fields before the states first, then the states 64 KB at a time,
    each written as it is asked for. Where the answer writes its states itself
    (``json_state_chunks``: a reach report's, straight from the search's arrays) no dict is
    made a state; elsewhere each state is encoded on its own from ``to_dict``. Nothing is
    yielded before the states' first chunk is written, so an answer that cannot be written
    fails before its first byte."""
    if form not in FORMS:
        raise ValueError(f"form {form!r}: not one of {FORMS}")
    separator = _SEPARATOR[form]
    compact = form != "json"
    parts = getattr(result, "json_state_chunks", None)
    made: tuple[dict[str, Any], Iterator[bytes]] | None = (
        None if parts is None else parts(compact, separator))
    if made is None:
        data = result.to_dict()
        states = data.get("states")
        if not isinstance(states, list) or next(reversed(data)) != "states":
            yield encode(data, indent=False) + b"\n" if form == "jsonl" else \
                encode(data, indent=not compact)
            return
        head = {key: value for key, value in data.items() if key != "states"}
        chunks: Iterator[bytes] = _encoded_states(states, form)
    else:
        head, chunks = made
    first = next(chunks, None)
    if form == "jsonl":
        yield encode(head, indent=False) + b"\n"
        if first is not None:
            yield first
            yield from chunks
            yield b"\n"
        return
    text = encode({**head, "states": []}, indent=not compact)
    end = b'"states": []\n}' if not compact else b'"states":[]}'
    if first is None or not text.endswith(end):
        if first is None:
            yield text
        else:  # a head the encoder writes otherwise (never yet): the whole, as it is
            yield encode(result.to_dict(), indent=not compact)
        return
    if compact:
        yield text[:-2]
        yield first
        yield from chunks
        yield b"]}"
    else:
        yield text[:-3] + b"\n"
        yield first
        yield from chunks
        yield b"\n  ]\n}"


def _encoded_states(states: list[Any], form: str) -> Iterator[bytes]:
    """``states`` encoded as they stand in the whole answer, joined by the form's separator, in
    chunks of about ``CHUNK_BYTES``: ``json`` and ``compact`` encode a run of states at a time
    as a list (its brackets cut off; ``json``'s lines indented two spaces more: a JSON string
    holds no line end, so every line end is the layout's), ``jsonl`` each state alone."""
    if form == "jsonl":
        yield from _joined((encode(state, indent=False) for state in states), b"\n")
        return
    separator = _SEPARATOR[form]
    run = 64  # states a run: then as many as make about a chunk
    at = 0
    while at < len(states):
        if form == "json":
            text = encode(states[at:at + run])[2:-2].replace(b"\n", b"\n  ")
            text = b"  " + text
        else:
            text = encode(states[at:at + run], indent=False)[1:-1]
        yield text if at == 0 else separator + text
        at += run
        run = max(1, min(len(states), run * CHUNK_BYTES // max(1, len(text))))


def _joined(texts: Iterator[bytes], separator: bytes) -> Iterator[bytes]:
    """``texts`` joined by ``separator``, in chunks of about ``CHUNK_BYTES``."""
    pieces: list[bytes] = []
    size = 0
    for text in texts:
        if pieces or size:
            pieces.append(separator)
        pieces.append(text)
        size += len(text)
        if size >= CHUNK_BYTES:
            yield b"".join(pieces)
            pieces = []
            size = 1  # what follows comes after a separator
    if pieces:
        yield b"".join(pieces)


def dumps(data: Any, *, indent: bool = True) -> str:
    """``encode`` as a str, for a text stream."""
    if _orjson is None:
        return _standard(data, indent)
    return encode(data, indent=indent).decode("utf-8", "surrogatepass")


def _standard(data: Any, indent: bool) -> str:
    if indent:
        return json.dumps(data, indent=2, ensure_ascii=False)
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))

