"""Whether a text still says something in English: the tests of the Italian and French outputs
look for English function words, which no Italian or French sentence uses."""

from __future__ import annotations

import re

#: Words of English that are not words of Italian or French ("on", "or", "in", "a", "no" are;
#: "round" is the Italian and French game word too, as the SRDs and the volare seed write it).
_WORDS = """
the is are was were be been and of with from its it has have had cannot can't does doesn't
this that these those which would should must only first there their than into onto when where
what who whose not but any every each left right move moves moving hover hovering altitude
turn cost costs step steps reach reaches save saves land lands landing flies fly flying
enemy attack attacks climbs climb descends descend stays already still more less off
"""
ENGLISH_WORDS = frozenset(_WORDS.split())

_WORD = re.compile(r"[A-Za-z][A-Za-z']*")


def english_words(text: str, allowed: frozenset[str] = frozenset()) -> list[str]:
    """The English words of ``text`` (case-insensitive), less ``allowed`` (creature ids,
    notation words such as ``hover`` a move's notation keeps in every language)."""
    return [w for w in _WORD.findall(text)
            if w.lower() in ENGLISH_WORDS and w.lower() not in allowed]
