"""The errors wingbeat raises on purpose.

Every one of them is the user's input being wrong (a scenario, a move, an option), never a bug, so
they all derive from ``WingbeatError`` and the command line turns each into a message and an exit
code instead of a traceback.
"""

from __future__ import annotations

__all__ = [
    "IllegalMoveError",
    "NotationError",
    "OptionError",
    "ScenarioError",
    "WingbeatError",
]


class WingbeatError(ValueError):
    """Root of every error wingbeat raises deliberately."""


class ScenarioError(WingbeatError):
    """A scenario file (or mapping) that does not describe a valid battlefield.

    ``source`` names the file, ``where`` the place inside it (``creatures[1].altitude``), and the
    message says what was expected there.
    """

    def __init__(self, message: str, *, source: str | None = None, where: str | None = None):
        self.message = message
        self.source = source
        self.where = where
        super().__init__(self._text())

    def _text(self) -> str:
        parts = [p for p in (self.source, self.where) if p]
        return ": ".join([*parts, self.message])

    def located(self, source: str) -> ScenarioError:
        """The same error, naming the file it came from."""
        return ScenarioError(self.message, source=source, where=self.where)


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
