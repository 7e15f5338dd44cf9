"""The table's words of ``confrontation`` in the current language: lengths in cm with the
language's decimal comma, lists of names, the editions' and the tier changes' names. Each is said
when asked (``wingbeat.i18n``), never kept."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ...geometry.table import format_length, format_number
from ...i18n import localized_number
from ...model import format_decimal
from ._messages import _

__all__ = ["and_list", "cm", "decimal", "length", "number"]


def length(value: float) -> str:
    """A measured length as a person reads it: ``12.5`` → ``12,5`` in Italian and French."""
    return localized_number(format_length(value))


def number(value: float | Fraction) -> str:
    """A coordinate or an exact value as people write it (``17.5`` → ``17,5``)."""
    return localized_number(format_number(value))


def decimal(value: Fraction | int) -> str:
    """An exact amount (``Fraction(35, 2)`` → ``17.5``, ``17,5``)."""
    return localized_number(format_decimal(value))


def cm(value: float) -> str:
    """A measured length with its unit: ``12,5 cm``."""
    return f"{length(value)} cm"


def and_list(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c`` in the current language."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])
