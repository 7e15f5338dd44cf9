"""What every ruleset offers, and the shape of what it answers."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from ..model import Scenario

if TYPE_CHECKING:
    from ..geometry.table import Point, Table, TablePolygon

__all__ = ["AttackRuleset", "Battle", "Creature", "Outlined", "Result", "Ruleset", "TableBattle",
           "TableFigure"]


class Result(Protocol):
    """An answer: a JSON-ready dict for machines and text for people."""

    def to_dict(self) -> dict[str, Any]: ...

    def to_text(self) -> str: ...


class Ruleset(Protocol):
    """A rule system: reach, cheapest path, move check and engagement for one creature."""

    id: str

    def reach(self, scenario: Scenario, creature: str, options: Mapping[str, Any]) -> Result: ...

    def path(
        self,
        scenario: Scenario,
        creature: str,
        *,
        to: str,
        altitude: str | None,
        mode: str | None,
        options: Mapping[str, Any],
    ) -> Result: ...

    def check(
        self, scenario: Scenario, creature: str, moves: str, options: Mapping[str, Any]
    ) -> Result: ...

    def engagement(self, scenario: Scenario, a: str, b: str) -> Result: ...


class AttackRuleset(Ruleset, Protocol):
    """A ruleset that declares ``attack_path``: it finds where a creature can still attack."""

    def attack_path(self, scenario: Scenario, creature: str, target: str,
                    options: Mapping[str, Any]) -> Result: ...

    def with_options(self, scenario: Scenario, options: Mapping[str, Any]) -> Scenario:
        """The scenario as a question asked with these query options sees it: the battle
        options they override applied (dnd5e's ``diagonals``, ``units`` …), so an answer that
        takes no options (advice, beside ``path --attack``) is asked of the same battle; options
        that only narrow a search (``no_checks``, ``can_act``) leave it as it is. Unknown
        options are refused as ``attack_path`` refuses them."""
        ...


# -- the battles' shared shape -------------------------------------------------------------------
# Each ruleset's battle is its own value type (``Scenario[B]``), but every one holds creatures
# (whatever its table calls them: a BATTLESYSTEM unit, a Confrontation fighter), found by id. The
# two tabletop rulesets share more: a table, scenery, named levels, figures at points.


class Creature(Protocol):
    """A creature of any ruleset, as the faces list it."""

    @property
    def id(self) -> str: ...

    @property
    def side(self) -> str | None: ...

    @property
    def display_name(self) -> str: ...


class Battle(Protocol):
    """A ruleset's battle: its creatures, in scenario order, and one of them by id
    (``ScenarioError`` naming the others when there is none)."""

    @property
    def creatures(self) -> Sequence[Creature]: ...

    def creature(self, creature_id: str) -> Creature: ...


class Outlined(Protocol):
    """Scenery on a table: an obstacle or a zone of difficult ground, by its outline."""

    @property
    def outline(self) -> TablePolygon: ...

    @property
    def name(self) -> str: ...


class TableFigure(Creature, Protocol):
    """A creature on a table: a point, not a cell, at a level (an altitude or a tier: an index
    of ``TableBattle.level_names``), facing a bearing (degrees; None when it has none)."""

    @property
    def at(self) -> Point: ...

    @property
    def level(self) -> int: ...

    @property
    def bearing(self) -> float | None: ...


class TableBattle(Battle, Protocol):
    """A battle on a tabletop (battlesystem, confrontation): what its picture, threat zones and
    play read alike, whichever ruleset it is."""

    @property
    def table(self) -> Table: ...

    @property
    def creatures(self) -> Sequence[TableFigure]: ...

    def creature(self, creature_id: str) -> TableFigure: ...

    @property
    def obstacles(self) -> Sequence[Outlined]: ...

    @property
    def zones(self) -> Sequence[Outlined]: ...

    @property
    def level_names(self) -> tuple[str, ...]:
        """Each altitude's name, lowest (the ground) first: the index is the altitude."""
        ...
