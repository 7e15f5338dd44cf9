"""Column letters as map makers print them: A … Z, then AA, AB … (bijective base 26)."""

from __future__ import annotations

from ..errors import NotationError, shown
from ..i18n import _

__all__ = ["MAX_LABEL_LENGTH", "column_label", "parse_column", "split_label"]

#: The longest cell label read, in characters: ``ZZ2000`` is the largest map's last cell, and a
#: label of 5,000 digits is refused before any conversion (``int`` of it is a ``ValueError``
#: past 4,300 digits, and slow before that). Spaces around it count too.
MAX_LABEL_LENGTH = 12


def column_label(index: int) -> str:
    """1 → ``A``, 26 → ``Z``, 27 → ``AA``."""
    if index < 1:
        raise NotationError(_("column index must be 1 or more, not {index}").format(index=index))
    letters = []
    while index:
        index, rest = divmod(index - 1, 26)
        letters.append(chr(ord("A") + rest))
    return "".join(reversed(letters))


def parse_column(letters: str) -> int:
    """``A`` → 1, ``AA`` → 27; the inverse of :func:`column_label`."""
    if (not letters or len(letters) > MAX_LABEL_LENGTH or not letters.isascii()
            or not letters.isalpha()):
        raise NotationError(_("expected column letters like 'T' or 'AB', got {text}").format(
            text=shown(letters)))
    index = 0
    for ch in letters.upper():
        index = index * 26 + (ord(ch) - ord("A") + 1)
    return index


def split_label(text: str, *, kind: str) -> tuple[int, int]:
    """``"T34"`` → (20, 34): column index and row number of a cell label."""
    if len(text) > MAX_LABEL_LENGTH:
        said = (_("expected a hex label like 'T34' of at most {most} characters, got {text}")
                if kind == "hex" else
                _("expected a square label like 'T34' of at most {most} characters, got {text}"))
        raise NotationError(said.format(most=MAX_LABEL_LENGTH, text=shown(text, 20)))
    stripped = text.strip()
    letters = stripped.rstrip("0123456789")
    digits = stripped[len(letters) :]
    if not letters or not digits or not letters.isascii() or not letters.isalpha():
        said = (_("expected a hex label like 'T34' (column letters, row number), got {text}")
                if kind == "hex" else
                _("expected a square label like 'T34' (column letters, row number), got {text}"))
        raise NotationError(said.format(text=shown(text)))
    row = int(digits)
    if row < 1:
        raise NotationError(_("rows are numbered from 1, got {text}").format(text=repr(text)))
    return parse_column(letters), row
