"""The errors wingbeat raises on purpose.

Every one of them is the user's input being wrong (a scenario, a move, an option), never a bug, so
they all derive from ``WingbeatError`` and the command line turns each into a message and an exit
code instead of a traceback.

Each error carries what every face answers for it, so that one place says it: ``exit_code`` (the
command line: 2 bad input, 1 a move the rules refuse), ``http_status`` (the web app: 400 bad input,
409 a refused move in play, 503 a server limit …) and ``to_dict`` (the JSON both print).
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any, TypeVar

__all__ = [
    "EXIT_BAD_INPUT",
    "EXIT_REFUSED",
    "IllegalMoveError",
    "NotationError",
    "OptionError",
    "ScenarioError",
    "WingbeatError",
    "one_line",
    "printable",
    "printable_bytes",
    "shown",
    "unknown_creature",
]


#: The command line's exit codes: a move (or a round's end) the rules refuse, and bad input.
EXIT_REFUSED = 1
EXIT_BAD_INPUT = 2


#: What a terminal must never receive as it is: C0 controls (an escape sequence sets the window's
#: title or clears the screen), DEL, C1 controls (``\x9b`` starts a sequence too) and lone
#: surrogates (no encoder takes them). Line ends and tabs are kept where text has lines.
#: (Patterns compiled on first use, ``_pattern``: most commands print nothing that needs one, and
#: compiling the three at import cost every command 1 ms.)
_UNPRINTABLE = r"[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]"
_UNPRINTABLE_LINE = r"[\x00-\x1f\x7f-\x9f\ud800-\udfff]"


@cache
def _pattern(pattern: str) -> re.Pattern[str]:
    """``pattern`` compiled, once."""
    return re.compile(pattern)


@cache
def _bytes_pattern(pattern: bytes) -> re.Pattern[bytes]:
    """``pattern`` compiled, once."""
    return re.compile(pattern)


def _escaped(match: re.Match[str]) -> str:
    r"""``\x1b`` below DEL (JSON escapes these itself, so they never reach a JSON text raw), and
    ``\u009b``, ``\ud800`` from DEL up: a form that is an escape in JSON too, so a JSON
    answer stays valid."""
    code = ord(match.group())
    if code == 0x0A:
        return "\\n"
    if code == 0x0D:
        return "\\r"
    if code == 0x09:
        return "\\t"
    return f"\\x{code:02x}" if code < 0x7F else f"\\u{code:04x}"


def printable(text: str) -> str:
    r"""``text`` safe for a terminal, its lines kept: every control character and lone surrogate
    written as an escape (``\x1b``, ``\ud800``)."""
    if printable_bytes(text.encode("utf-8", "surrogatepass")):
        return text
    return _pattern(_UNPRINTABLE).sub(_escaped, text)


#: The bytes of C0 controls but line end and tab, and DEL: deleted to tell whether any is there.
_CONTROL_BYTES = bytes([*range(0x09), *range(0x0B, 0x20), 0x7F])
#: A C1 control in UTF-8 (``\xc2\x80`` … ``\xc2\x9f``) or a lone surrogate as ``surrogatepass``
#: writes it (``\xed\xa0`` … ``\xed\xbf``).
_WIDE_UNPRINTABLE = rb"\xc2[\x80-\x9f]|\xed[\xa0-\xbf]"


def printable_bytes(data: bytes, *, json: bool = False) -> bool:
    r"""Whether UTF-8 ``data`` (``surrogatepass``) holds nothing ``printable`` would escape, in
    bytes operations (a pattern only where a ``\xc2`` or ``\xed`` byte is there at all).

    ``json``: ``data`` is JSON, whose encoder escapes every C0 control itself, so only DEL, the
    C1 controls and lone surrogates are looked for (``in`` on bytes: a 30 MB reach in a few ms).
    """
    if json:
        if b"\x7f" in data:
            return False
    elif len(data.translate(None, _CONTROL_BYTES)) != len(data):
        return False
    if b"\xc2" not in data and b"\xed" not in data:
        return True
    return _bytes_pattern(_WIDE_UNPRINTABLE).search(data) is None


def one_line(text: str) -> str:
    r"""``text`` as one line safe for a terminal: line ends escaped too (``\n``), so an id with a
    newline cannot forge a second ``error:`` line."""
    if text.isprintable():  # no control character, no surrogate: nothing to escape, no pattern
        return text
    found = _pattern(_UNPRINTABLE_LINE)
    if found.search(text) is None:
        return text
    return found.sub(_escaped, text)


#: The most characters of a user's text an error message quotes.
SHOWN_LENGTH = 60


def shown(text: str, limit: int = SHOWN_LENGTH) -> str:
    """``repr(text)``, cut to ``limit`` characters with the count left out: an error quotes the
    start of a 5,000-digit label, not all of it."""
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}… ({len(text):,} characters)"


class WingbeatError(ValueError):
    """Root of every error wingbeat raises deliberately: bad input unless a subclass says
    otherwise (``exit_code``, ``http_status``)."""

    exit_code: int = EXIT_BAD_INPUT
    http_status: int = 400
    #: it names a creature the battle does not have (``unknown_creature``): a shared table says
    #: the same sentence for it as for a creature hidden from the player, in any language
    unknown_creature: bool = False

    def to_dict(self) -> dict[str, Any]:
        """The error as JSON: ``{"error": {"message": …}}``, the one shape of bad input."""
        return {"error": {"message": str(self)}}

    def to_text(self) -> str:
        """The error as a person reads it (the command line puts ``error:`` before bad input)."""
        return str(self)


E = TypeVar("E", bound=WingbeatError)


def unknown_creature(error: E) -> E:
    """``error``, marked as naming a creature that is not there (``WingbeatError``)."""
    error.unknown_creature = True
    return error


class ScenarioError(WingbeatError):
    """A scenario file (or mapping) that does not describe a valid battlefield.

    ``source`` names the file, ``where`` the place inside it (``creatures[1].altitude``), and the
    message says what was expected there. ``more`` holds the file's other problems found at once
    (place, expectation), so that a user fixes them all in one go; ``hidden`` counts those left
    out of a long list.
    """

    def __init__(self, message: str, *, source: str | None = None, where: str | None = None,
                 more: tuple[tuple[str | None, str], ...] = (), hidden: int = 0):
        self.message = message
        self.source = source
        self.where = where
        self.more = more
        self.hidden = hidden
        super().__init__(self._text())

    @property
    def problems(self) -> tuple[tuple[str | None, str], ...]:
        """Every problem listed, first one first: (place or None, what was expected)."""
        return ((self.where, self.message), *self.more)

    def _text(self) -> str:
        from .i18n import _, ngettext

        # Translators: one problem of a scenario file: its place, what was expected there
        said = [_("{where}: {problem}").format(where=p[0], problem=p[1]) if p[0] else p[1]
                for p in self.problems]
        count = len(said) + self.hidden
        listed = "; ".join(said)
        if self.hidden:
            listed += "; " + ngettext("and {count} more", "and {count} more",
                                      self.hidden).format(count=self.hidden)
        head = [self.source] if self.source else []
        if count > 1:
            head.append(ngettext("{count} problem", "{count} problems", count).format(
                count=count))
        for part in reversed(head):
            # Translators: what a scenario error names first (the file, the count), then the rest
            listed = _("{head}: {rest}").format(head=part, rest=listed)
        return listed

    def located(self, source: str) -> ScenarioError:
        """The same error, naming the file it came from."""
        return ScenarioError(self.message, source=source, where=self.where, more=self.more,
                             hidden=self.hidden)


class NotationError(WingbeatError):
    """Text that should name a hex, a square, a direction or a move, and does not."""


class OptionError(WingbeatError):
    """A query option the ruleset does not know, or a value it cannot take."""


class IllegalMoveError(WingbeatError):
    """A declared move that the rules forbid; ``rule`` is the rule id (``V-inertia``)."""

    def __init__(
        self, rule: str, message: str, *, step: int | None = None, move: str | None = None
    ):
        self.rule = rule
        self.message = message
        self.step = step
        self.move = move
        super().__init__(f"{message} ({rule})" if rule not in message else message)

    def where(self) -> dict[str, Any]:
        """The rule broken and where, as a move report's ``error`` says it."""
        return {"rule": self.rule, "message": self.message, "step": self.step,
                "move": self.move}
