"""What the two tabletop rulesets (battlesystem, confrontation) answer alike: a reach as areas,
a move's legs on the table, an area's words, the engagement's common part, and the points a move
or a path names.

Each ruleset's report adds only its own fields (a game and a formation, an edition and its MOU)
and its own lines; the JSON keys and the sentences both share are written here, once.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from .._records import dataclass
from ..errors import NotationError
from ..geometry.table import Point, Table, format_length, parse_point
from ..i18n import _
from ..narrate import engagement_word
from .reports import MoveStep

if TYPE_CHECKING:
    from ..geometry.geos import Geometry

__all__ = ["TableEngagement", "TableReach", "TableStep", "area_words", "goal_point",
           "waypoint"]


class Area(Protocol):
    """Where a creature can end at one level of the table (an altitude, a tier)."""

    def to_dict(self) -> dict[str, Any]: ...


@dataclass(frozen=True, kw_only=True)
class TableReach:
    """Where a creature on a table can end its move: one area per level it can end at.

    The JSON starts with the ruleset, the creature and the unit, ends with the areas (each a
    GeoJSON shape); the ruleset's own facts (``own_fields``: its budget, heading, edition …) and
    its text (``to_text``) come between.
    """

    ruleset: str
    creature: str
    unit: str
    at: Point
    areas: tuple[Area, ...]

    def own_fields(self) -> dict[str, Any]:
        """The ruleset's own fields of the JSON, between ``unit`` and ``areas``."""
        raise NotImplementedError

    def to_dict(self) -> dict[str, Any]:
        return {"ruleset": self.ruleset, "creature": self.creature, "unit": self.unit,
                **self.own_fields(), "areas": [a.to_dict() for a in self.areas]}


def area_words(area: Geometry, square_unit: str) -> str:
    """``area 120.5 sq in, x 3..14, y 2..9``: how large an area is (in ``square_unit``) and
    how far it spreads, as a reach's text says it."""
    x0, y0, x1, y1 = area.bounds
    return (f"area {format_length(area.area)} {square_unit}, x {format_length(x0)}.."
            f"{format_length(x1)}, y {format_length(y0)}..{format_length(y1)}")


@dataclass(frozen=True)
class TableStep(MoveStep):
    """One token of a move on a table: the ``length`` it flies (none for a change of level) and
    the move's running ``total`` after it, in the table's unit (its text writes ``sign`` after a
    length: ``"`` for inches, `` cm``)."""

    length: float = 0.0
    total: float = 0.0

    sign: ClassVar[str] = ""

    @property
    def cost(self) -> Fraction | float:
        """What the step spends: its length."""
        return self.length

    def total_text(self) -> str:
        return format_length(self.total)

    def total_words(self) -> str:
        return f"{format_length(self.total)}{self.sign}"


@dataclass(frozen=True)
class TableEngagement:
    """Whether two creatures on a table are in melee, which of them is higher (``elevated``),
    how far apart they are and why, by the ruleset's ``rule``. Its JSON starts and its text opens
    alike for both tabletop rulesets; each adds its own fields (``own_fields``, after ``rule``)
    and lines (``own_lines``)."""

    a: str
    b: str
    engagement: str
    elevated: str | None
    distance: float
    reason: str

    rule: ClassVar[str] = ""

    def own_fields(self) -> dict[str, Any]:
        raise NotImplementedError

    def own_lines(self) -> list[str]:
        return []

    def to_dict(self) -> dict[str, Any]:
        return {"a": self.a, "b": self.b, "engagement": self.engagement,
                "elevated": self.elevated, "rule": self.rule, **self.own_fields()}

    def to_text(self) -> str:
        return "\n".join([_("{a} and {b}: {engagement} ({rule}). {reason}").format(
            a=self.a, b=self.b, engagement=engagement_word(self.engagement), rule=self.rule,
            reason=self.reason), *self.own_lines()])


def goal_point(table: Table, text: str) -> Point:
    """The point a path goes to (``--to x,y``); a ``NotationError`` when it is off the table."""
    point = parse_point(text)
    if not table.contains(point):
        raise NotationError(_("{point} is off the table ({table})").format(
            point=repr(text), table=table.describe()))
    return point


def waypoint(table: Table, token: str, index: int, others: str) -> Point:
    """The point the ``index``-th token of a move flies to; a ``NotationError`` when the token
    is no point (nor one of ``others``, the move's other words) or is off the table."""
    try:
        point = parse_point(token)
    except NotationError as exc:
        raise NotationError(_("move {index} ({token}): {problem}; or {others}").format(
            index=index, token=repr(token), problem=exc, others=others)) from None
    if not table.contains(point):
        raise NotationError(_("move {index} ({token}) is off the table ({table})").format(
            index=index, token=repr(token), table=table.describe()))
    return point
