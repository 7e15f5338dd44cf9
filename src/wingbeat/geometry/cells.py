"""A cell of a grid by column and row: what a hex and a square share (their label, the cell a
step away, the step between two cells); each grid says which directions it steps in."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from enum import Enum
from typing import ClassVar, Generic, Protocol, Self, TypeVar

from .._records import dataclass
from ..errors import NotationError
from ..i18n import _, pgettext
from .labels import column_label, split_label

__all__ = ["GridCell", "parse_step", "text_window"]


class _Step(Protocol):
    @property
    def delta(self) -> tuple[int, int]: ...


D = TypeVar("D", bound=_Step)
E = TypeVar("E", bound=Enum)


def parse_step(compass: type[E], text: str) -> E:
    """``"ne"`` → ``compass.NE``; the error names every direction of ``compass``, in order."""
    try:
        return compass[text.strip().upper()]
    except KeyError:
        names = " ".join(d.name for d in compass)
        raise NotationError(_("expected a direction ({names}), got {text}").format(
            names=names, text=repr(text))) from None


@dataclass(frozen=True, order=True, slots=True)
class GridCell(Generic[D]):
    """One cell, by column index (A = 1) and row number; ``D`` is the grid's direction."""

    col: int
    row: int
    #: the cell's word in messages: ``hex``, ``square``
    kind: ClassVar[str] = "cell"

    def __post_init__(self) -> None:
        if self.col < 1 or self.row < 1:
            kind = {"hex": pgettext("cell kind", "hex"), "square": pgettext("cell kind", "square"),
                    "cell": pgettext("cell kind", "cell")}.get(self.kind, self.kind)
            # Translators: {kind} is hex, square or cell
            raise NotationError(_("{kind} columns and rows start at 1, got ({col}, {row})").format(
                kind=kind, col=self.col, row=self.row))

    @classmethod
    def parse(cls, text: str) -> Self:
        """The cell a label names: ``"T34"`` → (20, 34); ``str()`` gives the label back."""
        col, row = split_label(text, kind=cls.kind)
        return cls(col, row)

    @classmethod
    def directions(cls) -> Iterable[D]:
        """Every direction a step on this grid can take."""
        raise NotImplementedError

    def __str__(self) -> str:
        return f"{column_label(self.col)}{self.row}"

    @property
    def label(self) -> str:
        return str(self)

    def neighbour(self, direction: D) -> Self | None:
        """The adjacent cell that way, or None past the map's first row or column."""
        dc, dr = direction.delta
        col, row = self.col + dc, self.row + dr
        if col < 1 or row < 1:
            return None
        return type(self)(col, row)

    def direction_to(self, other: Self) -> D | None:
        """The direction of an adjacent cell, None when ``other`` is not adjacent."""
        delta = (other.col - self.col, other.row - self.row)
        for direction in self.directions():
            if direction.delta == delta:
                return direction
        return None


def text_window(columns: range, rows: range, width: int, text: Callable[[int, int], str]) -> str:
    """A text picture of a window of the map: its column letters, then a line a row, the row's
    number first and each cell's ``text(col, row)`` cut to ``width`` characters and centred."""
    header = "     " + "".join(column_label(c).center(width) for c in columns)
    lines = [header.rstrip()]
    for row in rows:
        cells = "".join(text(col, row)[:width].center(width) for col in columns)
        lines.append(f"{row:>4} " + cells.rstrip())
    return "\n".join(lines)
