"""What every ruleset's play adapter does alike, so that its ``play.py`` keeps only its own rules.

A piece is a creature as the log keeps it: JSON-ready, where it stands and how. Turning the
scenario's creatures into pieces, and pieces back into the battle as it stands now (what a move is
checked against, what a picture draws), is the same walk for every ruleset: ``BattleAdapter`` does
it, and asks the ruleset only how one creature becomes a piece (``piece``) and back (``placed``).
What stays in a ruleset's adapter is its own: a move with its rolls and consequences, the round's
turn-over, what must be done before a round ends, and its words for a piece and its board.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Generic, Protocol, Self, TypeVar

from ..errors import IllegalMoveError
from ..model import Scenario
from ..rules.base import Battle, Creature, TableBattle
from .engine import Piece, Played

if TYPE_CHECKING:  # annotations only: a command that rolls nothing imports no dice
    from .dice import Dice

__all__ = ["BattleAdapter", "Regroupable", "no_move", "refused", "roster_words", "table_board"]

C = TypeVar("C", bound=Creature)


class Regroupable(Protocol[C]):
    """A battle whose creatures can be set anew: every ruleset's (``with_creatures``)."""

    @property
    def creatures(self) -> tuple[C, ...]: ...

    def with_creatures(self, creatures: tuple[C, ...]) -> Self: ...


B = TypeVar("B", bound=Regroupable[Any])


class BattleAdapter(Generic[B, C]):
    """A ruleset's play adapter (``engine.PlayAdapter``) over its battle type ``B`` whose creatures
    are ``C``: a subclass says how a creature becomes a piece and back, and how a move plays."""

    ruleset: str

    # -- the ruleset's own ------------------------------------------------------------------------
    def piece(self, battle: B, creature: C) -> Piece:
        """``creature``'s piece as the encounter starts."""
        raise NotImplementedError

    def placed(self, battle: B, creature: C, piece: Mapping[str, Any]) -> C:
        """``creature`` (as the scenario has it) where ``piece`` stands now, and as it stands."""
        raise NotImplementedError

    def move(self, scenario: Scenario[B], pieces: Mapping[str, Piece], creature: str, moves: str,
             dice: Dice, options: Mapping[str, Any] | None = None) -> Played:
        raise NotImplementedError

    def describe(self, piece: Mapping[str, Any]) -> str:
        raise NotImplementedError

    def board(self, scenario: Scenario[B]) -> dict[str, Any]:
        raise NotImplementedError

    # -- alike for every ruleset ------------------------------------------------------------------
    def pieces(self, scenario: Scenario[B]) -> dict[str, Piece]:
        battle = scenario.battle
        return {c.id: self.piece(battle, c) for c in battle.creatures}

    def battle_now(self, scenario: Scenario[B], pieces: Mapping[str, Piece]) -> B:
        """The scenario's battle with every creature where its piece stands now."""
        battle = scenario.battle
        return battle.with_creatures(tuple(self.placed(battle, c, pieces[c.id])
                                           for c in battle.creatures))

    def scenario_now(self, scenario: Scenario[B], pieces: Mapping[str, Piece]) -> Scenario[B]:
        """The scenario with every creature where its piece stands: what a picture draws."""
        return replace(scenario, battle=self.battle_now(scenario, pieces))

    def end_round(self, scenario: Scenario[B], pieces: Mapping[str, Piece]
                  ) -> tuple[dict[str, Piece], list[dict[str, Any]]]:
        """No end-of-round effect unless the ruleset has one: every piece stays as it is."""
        return {c: dict(p) for c, p in pieces.items()}, []

    def pending(self, scenario: Scenario[B], pieces: Mapping[str, Piece],
                creature: str) -> dict[str, Any] | None:
        """Nothing a creature must do before the round ends, unless the ruleset says so."""
        return None


def no_move(moves: str, legal: bool = True) -> dict[str, Any]:
    """The report of an action that is no checked move (stand up, a condition, a unit gone):
    it costs nothing of the move and calls for no save."""
    return {"legal": legal, "moves": moves, "cost": None, "checks": []}


def refused(creature: str, moves: str, report: Mapping[str, Any],
            error: IllegalMoveError) -> Played:
    """A declared move the rules refuse by a rule of play (not of the move's check): its report
    says illegal, with the rule broken and where."""
    return Played(creature, moves, False, {**report, "legal": False, "error": error.where()},
                  error=error)


def roster_words(battle: Battle) -> dict[str, Any]:
    """Who is on a board, by id: each creature's name and side (every ruleset's board says it)."""
    return {"names": {c.id: c.display_name for c in battle.creatures},
            "sides": {c.id: c.side for c in battle.creatures}}


def table_board(battle: TableBattle, unit: str, **own: Any) -> dict[str, Any]:
    """A tabletop's board: the table's size in ``unit``, the ruleset's ``own`` facts (its game
    and levels, its edition and tiers), and who is on it."""
    from ..geometry.table import format_number  # only a tabletop's board reads the table

    return {"grid": "table", "unit": unit, "width": format_number(battle.table.width),
            "height": format_number(battle.table.height), **own, **roster_words(battle)}
