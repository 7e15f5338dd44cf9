"""B-alt, B-turn, B-form over rounds: a unit as it stands after a checked move (no dice).

``check_move`` judges one game round from where the unit stands; play needs the unit after it:
its end point, altitude and heading (the heading of its last straight leg, B-turn: the next
round's turn is measured from it), its formation (taking off from closed formation leaves it in
open formation, B-form), and whether it flew above the top level and left the battlefield (B-alt).
Turn limits are per game round, so nothing else carries over from one round to the next.
"""

from __future__ import annotations

from dataclasses import replace

from ..._records import dataclass
from ...errors import IllegalMoveError
from ...geometry.table import parse_point
from ._messages import _
from .model import BattlesystemBattle, BattlesystemUnit, Formation
from .reports import BattlesystemMove

__all__ = ["UnitAfter", "gone_refusal", "unit_after"]


@dataclass(frozen=True)
class UnitAfter:
    """A unit after its round's move; ``left`` when it is no longer on the battlefield."""

    unit: BattlesystemUnit
    left: bool


def unit_after(battle: BattlesystemBattle, unit: BattlesystemUnit,
               report: BattlesystemMove) -> UnitAfter:
    """The unit where a legal move leaves it (``report`` from ``check_move`` for ``unit``)."""
    if not report.legal:
        raise ValueError("unit_after takes a legal move")
    heading = unit.heading
    for leg in report.steps:
        if leg.heading is not None:
            heading = leg.heading
    names = [n.lower() for n in battle.level_names]
    left = bool(report.end.get("left_battlefield", False))
    altitude = battle.top if left else names.index(str(report.end["altitude"]).lower())
    after = replace(unit, at=parse_point(str(report.end["at"])), altitude=altitude,
                    heading=round(heading, 6) % 360,
                    formation=Formation(str(report.end["formation"])))
    return UnitAfter(after, left)


def gone_refusal(unit: BattlesystemUnit, move: str) -> IllegalMoveError:
    """B-alt: a unit that flew above the top level was removed from play; it moves no more."""
    return IllegalMoveError("B-alt", _("{unit} left the battlefield by flying above the top "
                                       "level: it is removed from play and cannot move any "
                                       "more").format(unit=unit.display_name), step=1, move=move)
