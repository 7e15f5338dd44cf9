"""``wingbeat.errors``' escapes for a terminal (``printable``, ``one_line``, ``printable_bytes``),
their patterns compiled on first use: the same answers as the patterns they were written with."""

from __future__ import annotations

import re

from wingbeat import errors

#: The patterns as ``errors`` compiled them at import before round 33.
UNPRINTABLE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")
UNPRINTABLE_LINE = re.compile(r"[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
WIDE = re.compile(rb"\xc2[\x80-\x9f]|\xed[\xa0-\xbf]")

#: Every character up to U+3000 (controls, C1, Latin, the spaces), the surrogates, and a spread
#: of the rest up to U+10FFFF.
CHARACTERS = [chr(c) for c in (*range(0x3000), *range(0xD800, 0xE000),
                               *range(0x3000, 0x110000, 97), 0xFEFF, 0x2028, 0x2029, 0xFFFD)]


def reference_one_line(text: str) -> str:
    if UNPRINTABLE_LINE.search(text) is None:
        return text
    return UNPRINTABLE_LINE.sub(errors._escaped, text)


def reference_printable(text: str) -> str:
    return UNPRINTABLE.sub(errors._escaped, text)


def test_one_line_and_printable_answer_as_the_patterns_did() -> None:
    for character in CHARACTERS:
        for text in (character, f"a{character}b", f"é {character}\n\t{character}"):
            assert errors.one_line(text) == reference_one_line(text), repr(text)
            assert errors.printable(text) == reference_printable(text), repr(text)


def test_printable_bytes_answers_as_the_pattern_did() -> None:
    for character in CHARACTERS:
        data = f"x{character}y".encode("utf-8", "surrogatepass")
        expected = WIDE.search(data) is None and len(
            data.translate(None, errors._CONTROL_BYTES)) == len(data)
        assert errors.printable_bytes(data) == expected, repr(character)
        json_expected = WIDE.search(data) is None and b"\x7f" not in data
        assert errors.printable_bytes(data, json=True) == json_expected, repr(character)
