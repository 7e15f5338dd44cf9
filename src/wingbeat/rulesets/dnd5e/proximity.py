"""Who is within whose reach (D-creatures): the ``engagement`` answer for ``dnd5e``."""

from __future__ import annotations

from typing import Any

from ..._records import dataclass
from ._messages import _
from .board import Board, footprint_offsets, shared_board
from .model import Dnd5eBattle, Dnd5eCreature

__all__ = ["Engagement", "engagement", "engagement_space"]


@dataclass(frozen=True)
class Engagement:
    """Whether ``a`` is within ``b``'s reach or ``b`` within ``a``'s, and how far apart they are."""

    a: str
    b: str
    distance: int  # feet between their nearest spaces, by the diagonal rule
    a_in_reach_of_b: bool
    b_in_reach_of_a: bool
    elevated: str | None
    hostile: bool
    #: a wall stands between them where a reach would otherwise touch (D-walls)
    walled: bool = False

    @property
    def rule(self) -> str:
        """The rule that decides it: D-walls when a wall is all that keeps them apart."""
        return "D-walls" if self.walled else "D-creatures"

    @property
    def engagement(self) -> str:
        return "melee" if self.a_in_reach_of_b or self.b_in_reach_of_a else "none"

    def to_dict(self) -> dict[str, Any]:
        return {"a": self.a, "b": self.b, "engagement": self.engagement,
                "elevated": self.elevated, "rule": self.rule, "distance": self.distance,
                "a_in_reach_of_b": self.a_in_reach_of_b, "b_in_reach_of_a": self.b_in_reach_of_a,
                "hostile": self.hostile}

    def to_text(self) -> str:
        if self.engagement == "melee":
            head = _("{a} and {b}: melee ({rule}), {distance} ft apart.")
        else:
            head = _("{a} and {b}: none ({rule}), {distance} ft apart.")
        lines = [head.format(a=self.a, b=self.b, rule=self.rule, distance=self.distance)]
        for one, other, inside in ((self.a, self.b, self.a_in_reach_of_b),
                                   (self.b, self.a, self.b_in_reach_of_a)):
            said = (_("{a} is within {b}'s reach.") if inside
                    else _("{a} is not within {b}'s reach."))
            lines.append(said.format(a=one, b=other))
        if self.walled:
            lines.append(_("A wall stands between them: a reach does not cross it (D-walls)."))
        if self.hostile and (self.a_in_reach_of_b or self.b_in_reach_of_a):
            lines.append(_("They are hostile: leaving a foe's reach provokes its opportunity "
                           "attack unless the mover Disengages."))
        return "\n".join(lines)


def engagement_space(board: Board, battle: Dnd5eBattle, c: Dnd5eCreature
           ) -> tuple[tuple[int, ...], tuple[int, int]]:
    """The spaces and levels ``c`` fills: squeezed where only that fits (D-size)."""
    where = board.creature_space(c.size, c.at, c.altitude, burrow=c.speed.burrow > 0)
    if isinstance(where, str):  # no room (a battle built by hand): its full footprint
        anchor = board.at(*c.at)
        assert anchor is not None
        cells = board.cells_of(anchor, footprint_offsets(battle.map.grid, c.size))
        assert cells is not None
        return cells, (c.altitude, c.altitude + c.size.levels - 1)
    return where[0], where[1]


def engagement(battle: Dnd5eBattle, a_id: str, b_id: str) -> Engagement:
    a, b = battle.creature(a_id), battle.creature(b_id)
    board = shared_board(battle.map, battle.options.diagonals)
    cells_a, span_a = engagement_space(board, battle, a)
    cells_b, span_b = engagement_space(board, battle, b)
    feet = board.distance(cells_a, span_a, cells_b, span_b)
    elevated = None
    if a.altitude != b.altitude:
        elevated = a.id if a.altitude > b.altitude else b.id
    # a reach does not cross a wall (D-walls)
    b_near = b.reach > 0 and feet <= b.reach
    a_near = a.reach > 0 and feet <= a.reach
    b_reaches = b_near and board.reach_clear(cells_b, cells_a, b.reach)
    a_reaches = a_near and board.reach_clear(cells_a, cells_b, a.reach)
    return Engagement(a.id, b.id, feet, b_reaches, a_reaches, elevated, a.hostile_to(b),
                      walled=(a_near or b_near) and not (a_reaches or b_reaches))
