"""Playing ``battlesystem`` round by round: the adapter between the play engine and the ruleset.

A declared move is checked by ``check_move`` (the one legality function, as ``wingbeat check``
does) from where the unit stands; ``rulesets.battlesystem.rounds.unit_after`` applies it: end point,
altitude, heading of its last leg, formation (B-form), and leaving the battlefield above the top
level (B-alt), after which the unit is out of play: it holds, any move it declares is refused, and
the picture no longer draws it. Nothing is rolled in BATTLESYSTEM flight and turn limits are per
game round (B-turn), so the end of a round changes no piece.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ...geometry.table import format_number, format_point, parse_point
from ...i18n import localized_number
from ...play.adapter import BattleAdapter, no_move, refused, table_board
from ...play.engine import SEARCH_ONLY, Piece, Played, move_options
from . import BattlesystemBattle, BattlesystemUnit, Formation, check_move
from ._messages import _
from .model import BattlesystemScenario
from .rounds import gone_refusal, unit_after

if TYPE_CHECKING:  # annotations only: a command that rolls nothing imports no dice
    from ...play.dice import Dice

__all__ = ["ADAPTER", "REFUSED_OPTIONS", "BattlesystemPlay"]

#: BATTLESYSTEM's one query option narrows searches (and its flight rolls no save): a declared
#: move carries none.
REFUSED_OPTIONS = {"no_checks": SEARCH_ONLY}


class BattlesystemPlay(BattleAdapter[BattlesystemBattle, BattlesystemUnit]):
    """The ``battlesystem`` play adapter (see ``engine.PlayAdapter``)."""

    ruleset = "battlesystem"

    def piece(self, battle: BattlesystemBattle, creature: BattlesystemUnit,
              left: bool = False) -> Piece:
        """``left``: the unit flew above the top level (B-alt)."""
        return {
            "at": format_point(creature.at),
            "altitude": battle.level_names[creature.altitude],
            "heading": creature.heading,
            "formation": creature.formation.value,
            "left": left,
        }

    def placed(self, battle: BattlesystemBattle, creature: BattlesystemUnit,
               piece: Mapping[str, Any]) -> BattlesystemUnit:
        names = [n.lower() for n in battle.level_names]
        return replace(creature, at=parse_point(str(piece["at"])),
                       altitude=names.index(str(piece["altitude"]).lower()),
                       heading=float(piece["heading"]), formation=Formation(piece["formation"]))

    def move(self, scenario: BattlesystemScenario, pieces: Mapping[str, Piece], creature: str,
             moves: str, dice: Dice, options: Mapping[str, Any] | None = None) -> Played:
        move_options(scenario, creature, options, refused=REFUSED_OPTIONS)
        battle = self.battle_now(scenario, pieces)
        unit = battle.unit(creature)
        if pieces[creature].get("left"):
            if moves.split():
                error = gone_refusal(unit, moves.split()[0])
                return refused(creature, moves, no_move(moves, legal=False), error)
            return Played(creature, moves, True, no_move(""), "", dict(pieces[creature]))
        report = check_move(battle, unit, moves)
        if not report.legal:
            return Played(creature, moves, False, report.to_dict(), error=report.error)
        after = unit_after(battle, unit, report)
        events = [{**e, "creature": creature} for e in report.events]
        return Played(creature, moves, True, report.to_dict(), report.moves,
                      self.piece(battle, after.unit, after.left), tuple(events))

    def describe(self, piece: Mapping[str, Any]) -> str:
        if piece.get("left"):
            return _("left the battlefield above the top level (removed from play)")
        heading = localized_number(format_number(round(float(piece["heading"]), 2)))
        # Translators: {at} is a point (x,y); {level} a level's name; {formation} closed, open
        # or skirmish, as the scenario writes it
        return _("{at} {level}, heading {heading}°, {formation} formation").format(
            at=piece["at"], level=piece["altitude"], heading=heading,
            formation=piece["formation"])

    def scenario_now(self, scenario: BattlesystemScenario,
                     pieces: Mapping[str, Piece]) -> BattlesystemScenario:
        """Without the units that left the battlefield (B-alt): the picture no longer draws
        them."""
        now = self.battle_now(scenario, pieces)
        return replace(scenario, battle=now.with_creatures(
            tuple(u for u in now.units if not pieces[u.id].get("left"))))

    def board(self, scenario: BattlesystemScenario) -> dict[str, Any]:
        battle = scenario.battle
        return table_board(battle, "in", game=battle.game.value,
                           altitudes=list(battle.level_names))


ADAPTER = BattlesystemPlay()
