"""Playing ``confrontation`` round by round: the adapter between the play engine and the ruleset.

A declared move is checked by the ruleset's ``check`` (``check_move``, the one legality function),
exactly as ``wingbeat check`` does with the move's options (``factor`` on MOU for a run or a
charge, default 1; ``pursuit``), against every fighter where it stands now (a dive charge needs its
target's place and tier); ``rulesets.confrontation.rounds.fighter_after`` applies it. Each move logs
its tier change, landing or dive charge (C-dive: INI +2, ATT +2, FOR +2 for the game master).
One change of tier a turn (C-change): the piece remembers it until the end of the round, when it
renews. Nothing is rolled in the flight rules.

Play keeps one move per creature a round, so what follows a landing in the same turn is declared
in the same move, as ``check`` reads it: ``redirect:ID`` (the assault goes on to another enemy,
its target gone) and, after ``pursue``, the pursuit move of the melee phase (C-change); a
pursuit move loses the dive charge's bonuses (C-dive), so the piece no longer carries them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ...geometry.table import format_point, parse_point
from ...play.adapter import BattleAdapter, refused, table_board
from ...play.engine import SEARCH_ONLY, Piece, Played, move_options
from . import RULESET, ConfrontationBattle, Fighter
from ._messages import _
from .model import ConfrontationScenario
from .rounds import changed_refusal, fighter_after, turn_events

if TYPE_CHECKING:  # annotations only: a command that rolls nothing imports no dice
    from ...play.dice import Dice

__all__ = ["ADAPTER", "REFUSED_OPTIONS", "TAKES_OPTIONS", "ConfrontationPlay"]

#: What one move may be: a run or a charge (``factor`` on MOU, C-mou), a pursuit move (``pursuit``:
#: no change of tier, C-change). ``wingbeat check`` judges their values.
TAKES_OPTIONS = ("factor", "pursuit")
REFUSED_OPTIONS = {"no_checks": SEARCH_ONLY}

_CHANGES = ("up", "takeoff", "take-off", "down", "land")


def _first_change(moves: str) -> tuple[int, str] | None:
    for index, token in enumerate(moves.split(), 1):
        if token.lower() in _CHANGES or token.lower().startswith("dive:"):
            return index, token
    return None


class ConfrontationPlay(BattleAdapter[ConfrontationBattle, Fighter]):
    """The ``confrontation`` play adapter (see ``engine.PlayAdapter``)."""

    ruleset = "confrontation"

    def piece(self, battle: ConfrontationBattle, creature: Fighter, *,
              changed: str | None = None, landed: bool = False, dive: str | None = None) -> Piece:
        """What it did this turn: the change of tier it made (C-change), whether it landed, the
        target of its dive charge (C-dive)."""
        return {"at": format_point(creature.at), "tier": creature.tier, "changed": changed,
                "landed": landed, "dive": dive}

    def placed(self, battle: ConfrontationBattle, creature: Fighter,
               piece: Mapping[str, Any]) -> Fighter:
        return replace(creature, at=parse_point(str(piece["at"])), tier=int(piece["tier"]))

    def move(self, scenario: ConfrontationScenario, pieces: Mapping[str, Piece], creature: str,
             moves: str, dice: Dice, options: Mapping[str, Any] | None = None) -> Played:
        chosen = move_options(scenario, creature, options, takes=TAKES_OPTIONS,
                              refused=REFUSED_OPTIONS)
        battle = self.battle_now(scenario, pieces)
        fighter = battle.fighter(creature)
        piece = pieces[creature]
        report = RULESET.check(replace(scenario, battle=battle), creature, moves, chosen)
        change = _first_change(moves)
        if report.legal and piece.get("changed") and change is not None:
            error = changed_refusal(fighter, change[1], change[0])
            return refused(creature, moves, report.to_dict(), error)
        if not report.legal:
            return Played(creature, moves, False, report.to_dict(), error=report.error)
        after = fighter_after(fighter, report)
        events = turn_events(creature, after, fighter.tier)
        changed = after.change or (str(piece["changed"]) if piece.get("changed") else None)
        new = self.piece(battle, after.fighter, changed=changed,
                         landed=after.landed or bool(piece.get("landed")),
                         dive=None if after.pursuit else after.dive)
        return Played(creature, moves, True, report.to_dict(), report.moves, new, tuple(events))

    def end_round(self, scenario: ConfrontationScenario, pieces: Mapping[str, Piece]
                  ) -> tuple[dict[str, Piece], list[dict[str, Any]]]:
        out: dict[str, Piece] = {}
        events: list[dict[str, Any]] = []
        battle = self.battle_now(scenario, pieces)
        for fighter in battle.fighters:
            piece = pieces[fighter.id]
            if piece.get("changed"):
                events.append({"type": "tier-change-renews", "creature": fighter.id,
                               "rule": "C-change", "tier": fighter.tier,
                               "note": _("it may change tier once again next turn")})
            out[fighter.id] = self.piece(battle, fighter)
        return out, events

    def describe(self, piece: Mapping[str, Any]) -> str:
        how = [_("{point} tier {tier}").format(point=piece["at"], tier=piece["tier"])]
        if piece.get("dive"):
            how.append(_("dive-charged {target} (INI/ATT/FOR +2)").format(target=piece["dive"]))
        elif piece.get("landed"):
            how.append(_("landed this turn"))
        elif piece.get("changed"):
            how.append(_("changed tier this turn ({change})").format(change=piece["changed"]))
        return ", ".join(how)

    def board(self, scenario: ConfrontationScenario) -> dict[str, Any]:
        battle = scenario.battle
        return table_board(battle, "cm", edition=battle.edition.value, tiers=[0, 1, 2])


ADAPTER = ConfrontationPlay()
