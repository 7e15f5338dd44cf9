"""Small frozen value types shared by every ruleset."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Generic

from ._records import dataclass
from .i18n import localized_number

if TYPE_CHECKING:  # a type variable's default (PEP 696) is in ``typing`` from Python 3.13 only
    from typing_extensions import TypeVar

    #: A scenario's battle type: a bare ``Scenario`` is ``Scenario[Any]`` (a face's, which does
    #: not know the ruleset); a ruleset's own code says ``Scenario[VolareBattle]``.
    B = TypeVar("B", covariant=True, default=Any)
else:
    from typing import TypeVar

    B = TypeVar("B", covariant=True)

__all__ = ["LENGTH_UNITS", "Background", "Check", "Save", "Scenario", "format_amount",
           "format_cost", "format_decimal", "format_mixed"]


@dataclass(frozen=True, slots=True)
class Save:
    """A save a move calls for: a chance event, never rolled here (a report's ``checks``).

    ``chance`` is the percent chance of success after every modifier, clamped to 0–100;
    ``on_failure`` says in words what a failure does.
    """

    rule: str
    save: str
    chance: int
    on_failure: str = ""

    @property
    def probability(self) -> Fraction:
        return Fraction(self.chance, 100)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"rule": self.rule, "save": self.save, "chance": self.chance}
        if self.on_failure:
            data["on_failure"] = self.on_failure
        return data


#: The name ``Save`` had in wingbeat 0.1, kept for code written against it (deprecated): it read
#: too much like ``wingbeat.check``, which checks a whole move.
Check = Save


@dataclass(frozen=True, slots=True)
class Background:
    """A picture of the map drawn under the grid: ``image`` is a path (relative to ``base``, the
    scenario file's folder; None when the scenario came from no file) or a ``data:`` URI;
    ``cell`` image pixels make one square (on hexes: one hex's width, corner to corner), and
    ``origin`` is the image pixel at the grid's north-west corner."""

    image: str
    cell: Fraction
    origin: tuple[Fraction, Fraction] = (Fraction(0), Fraction(0))
    base: str | None = None


@dataclass(frozen=True)
class Scenario(Generic[B]):
    """A battlefield with its creatures, under one ruleset.

    ``battle`` is the ruleset's own value type, ``B`` (a ``VolareBattle`` for ``volare`` …): the
    faces pass a ``Scenario`` along without looking inside, and the registry hands it to the
    ruleset it names, whose code takes a ``Scenario[VolareBattle]`` and reads its battle as one,
    no cast. ``source`` names where it came from, for messages.
    """

    ruleset: str
    battle: B
    source: str = "<scenario>"
    options: Mapping[str, Any] = field(default_factory=dict)
    background: Background | None = None  # a picture under the grid, for the renderers only


def format_cost(value: Fraction | int) -> str:
    """``Fraction(7, 2)`` → ``"7/2"``, ``Fraction(4)`` → ``"4"``: the JSON spelling of a cost."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value.numerator}/{value.denominator}"


def format_decimal(value: Fraction | int | str) -> str:
    """``Fraction(35, 2)`` → ``"17.5"``: a cost as a person reads it on a ruler, still exact.

    A value with no finite decimal (``1/3``) reads as a mixed number (``⅓``): never a rounded one.
    """
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    rest = value.denominator
    places = 0
    for prime in (2, 5):
        count = 0
        while rest % prime == 0:
            rest //= prime
            count += 1
        places = max(places, count)
    if rest != 1:
        return format_mixed(value)
    scaled = abs(value) * 10**places
    whole, part = divmod(int(scaled), 10**places)
    sign = "-" if value < 0 else ""
    return f"{sign}{whole}.{part:0{places}d}"


#: The fractions a table says with one sign; any other reads as ⁷⁄₁₂ (``format_mixed``).
_VULGAR = {(1, 2): "½", (1, 3): "⅓", (2, 3): "⅔", (1, 4): "¼", (3, 4): "¾", (1, 5): "⅕",
           (2, 5): "⅖", (3, 5): "⅗", (4, 5): "⅘", (1, 6): "⅙", (5, 6): "⅚", (1, 7): "⅐",
           (1, 8): "⅛", (3, 8): "⅜", (5, 8): "⅝", (7, 8): "⅞", (1, 9): "⅑", (1, 10): "⅒"}
_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
_SUBSCRIPT = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


def format_mixed(value: Fraction | int | str) -> str:
    """``Fraction(17, 4)`` → ``"4¼"``, ``Fraction(1, 3)`` → ``"⅓"``, ``Fraction(19, 12)`` →
    ``"1⁷⁄₁₂"``: an exact amount as said at the table ("four and a quarter"), not ``17/4``."""
    value = Fraction(value)
    whole, part = divmod(abs(value.numerator), value.denominator)
    sign = "-" if value < 0 else ""
    if not part:
        return f"{sign}{whole}"
    fraction = _VULGAR.get((part, value.denominator)) or (
        f"{str(part).translate(_SUPERSCRIPT)}⁄{str(value.denominator).translate(_SUBSCRIPT)}")
    return f"{sign}{whole or ''}{fraction}"


#: Units a person measures with a ruler or counts in feet: their amounts read as decimals.
LENGTH_UNITS = frozenset({"ft", "m", "cm", "in"})


def format_amount(value: Fraction | int | str, unit: str) -> str:
    """An exact amount as a person reads it in ``unit``, in every text (not JSON): a length as a
    decimal (``4.5`` m, exact; ``4,5`` in Italian and French), movement points as a mixed
    number (``4¼`` MP: volare's wind deals in halves, thirds and quarters)."""
    return localized_number(format_decimal(value)) if unit in LENGTH_UNITS else format_mixed(value)
