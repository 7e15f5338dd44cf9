"""What every ruleset's battle does alike with its creatures: finds one by id (a
``ScenarioError`` naming the others when there is none), sets them anew after a move, and shows
each by its name (its id when it has none).

A battle keeps its creatures in one field of its own (``creatures``; a BATTLESYSTEM battle's
``units``, a Confrontation battle's ``fighters``): ``Roster`` is told which, and what a message
calls one, so that the search and its message are one piece of code for every ruleset.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar, cast

from ..errors import ScenarioError, unknown_creature
from ..i18n import _

__all__ = ["Named", "Roster", "find_creature"]


class Identified(Protocol):
    @property
    def id(self) -> str: ...


C = TypeVar("C", bound=Identified)


class Named:
    """A creature (a frozen dataclass with an ``id`` and a ``name``) as every face shows it: by
    its name, or by its id when it has none (``rules.base.Creature.display_name``)."""

    id: str
    name: str

    @property
    def display_name(self) -> str:
        return self.name or self.id


def find_creature(creatures: Sequence[C], creature_id: str, word: str = "creature") -> C:
    """The one of ``creatures`` with that id; otherwise a ``ScenarioError`` naming them all
    (``word`` is what the scenario calls one: ``creature``, ``unit``)."""
    for creature in creatures:
        if creature.id == creature_id:
            return creature
    known = ", ".join(c.id for c in creatures) or _("none")
    if word == "unit":
        raise ScenarioError(_("no unit {id} in this scenario (units: {known})").format(
            id=repr(creature_id), known=known))
    raise unknown_creature(ScenarioError(_(
        "no creature {id} in this scenario (creatures: {known})").format(
        id=repr(creature_id), known=known)))


class Roster(Generic[C]):
    """A battle (a frozen dataclass) whose creatures, of type ``C``, are its field ``members``:
    one found by id (``creature``), all of them set anew (``with_creatures``)."""

    #: The field that holds the creatures, and what a message calls one.
    members: ClassVar[str] = "creatures"
    word: ClassVar[str] = "creature"

    def creature(self, creature_id: str) -> C:
        held: Sequence[C] = getattr(self, self.members)
        return find_creature(held, creature_id, self.word)

    def with_creatures(self, creatures: tuple[C, ...]) -> Self:
        """The same battle with these creatures (moved, or fewer)."""
        changed: Self = replace(cast(Any, self), **{self.members: creatures})
        return changed
