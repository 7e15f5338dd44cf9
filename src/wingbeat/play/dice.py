"""Every roll of an encounter: seeded, and written down as it is made.

An encounter has one seed. Each entry of its log (the set-up, a move, a round's end) rolls with
its own ``random.Random`` derived from that seed and the entry's number, so undoing the last entry
and replaying the log give back exactly the same rolls.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .._records import dataclass
from ..errors import ScenarioError
from ..i18n import _

if TYPE_CHECKING:
    import random
    import re

    from ..chance import Roll
    from ..model import Save

try:  # hashlib's own SHA-256 (the same digests), without OpenSSL's start-up (2-3 ms of a command)
    from _sha256 import sha256  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover - another Python
    from hashlib import sha256

__all__ = ["Dice", "DiceExpression", "entry_generator", "parse_dice"]

_DICE_PATTERN = r"^\s*(\d*)\s*d\s*(\d+)\s*(?:([+-])\s*(\d+))?\s*$"
_dice: re.Pattern[str] | None = None  # compiled on the first dice read (not by a move that
# rolls none)


@dataclass(frozen=True, slots=True)
class DiceExpression:
    """``2d4+1``: ``count`` dice of ``sides`` faces, plus ``bonus``."""

    count: int
    sides: int
    bonus: int = 0

    def __str__(self) -> str:
        bonus = f"{self.bonus:+d}" if self.bonus else ""
        return f"{self.count}d{self.sides}{bonus}"


def parse_dice(text: str) -> DiceExpression:
    """``"1d6"`` → ``DiceExpression(1, 6)``; ``"d20"`` means one die."""
    global _dice
    if _dice is None:
        import re

        _dice = re.compile(_DICE_PATTERN, re.IGNORECASE)
    match = _dice.match(text)
    if match is None:
        raise ScenarioError(_("expected dice like 1d6 or 2d4+1, got {text}").format(
            text=repr(text)))
    count = int(match.group(1) or 1)
    sides = int(match.group(2))
    bonus = int(match.group(4) or 0) * (-1 if match.group(3) == "-" else 1)
    if count < 1 or sides < 1 or count > 1000:
        raise ScenarioError(_("expected 1 to 1000 dice of at least one side, got {text}").format(
            text=repr(text)))
    return DiceExpression(count, sides, bonus)


def entry_generator(seed: int, entry: int) -> random.Random:
    """The generator of one log entry: a pure function of the encounter's seed and its number."""
    import random

    digest = sha256(f"wingbeat:{seed}:{entry}".encode()).digest()
    return random.Random(int.from_bytes(digest[:16], "big"))


class Dice:
    """The rolls of one log entry, made with its seeded generator and recorded in order.

    The generator is made at the first roll: most moves roll nothing, and ``random`` is a
    millisecond of a short command's start."""

    def __init__(self, seed: int, entry: int):
        self._seed = seed
        self._entry = entry
        self._made: random.Random | None = None
        self.rolls: list[dict[str, Any]] = []

    @property
    def _rng(self) -> random.Random:
        if self._made is None:
            self._made = entry_generator(self._seed, self._entry)
        return self._made

    def check(self, check: Save, creature: str) -> Roll:
        """A d100 save against ``check`` (success on a roll at or under its chance)."""
        from ..chance import roll_check

        roll = roll_check(check, self._rng)
        self.rolls.append({"creature": creature, "kind": "save", **check.to_dict(),
                           "roll": roll.roll, "success": roll.success})
        return roll

    def total(self, dice: str | DiceExpression, creature: str, what: str,
              rule: str | None = None) -> int:
        """Roll ``dice`` (``1d6``) for ``what`` (fall damage, initiative) and return the total."""
        expression = parse_dice(dice) if isinstance(dice, str) else dice
        faces = [self._rng.randint(1, expression.sides) for _ in range(expression.count)]
        total = sum(faces) + expression.bonus
        record: dict[str, Any] = {"creature": creature, "kind": what, "dice": str(expression),
                                  "faces": faces, "total": total}
        if rule is not None:
            record["rule"] = rule
        self.rolls.append(record)
        return total
