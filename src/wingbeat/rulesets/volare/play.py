"""Playing ``volare`` round by round: the adapter between the play engine and the ruleset.

A declared move is checked by ``grid_check`` over ``VolareSpace`` (the one legality function);
its saves are rolled in order and ``rulesets.volare.rounds.play_out`` applies what they decide
(V-skim, V-land); a failed violent landing rolls the fall damage (``options.fall_damage``). The
entry's cost is what was flown: a failed skimming save lands the creature before the rest. At the
end of a round a creature still ``moving`` that took no horizontal step spends its inertia
(V-inertia). The start-of-round duties (the wind's pay-or-drift, the skimming save) are the
space's own: a new round builds each creature's space afresh from where it stands.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ...errors import IllegalMoveError
from ...geometry.hexgrid import Direction, parse_hex
from ...model import format_cost
from ...play.adapter import BattleAdapter, no_move, roster_words
from ...play.engine import SEARCH_ONLY, Piece, Played, move_options, must_act
from ...rules.grid import grid_check
from . import Mode, VolareBattle, VolareCreature, VolareSpace, next_round
from ._messages import N_, _
from .model import VolareScenario
from .rounds import play_out, stand_up

if TYPE_CHECKING:  # annotations only: a command that rolls nothing imports no dice
    from ...play.dice import Dice

__all__ = ["ADAPTER", "REFUSED_OPTIONS", "VolarePlay"]

STAND = "stand"

#: volare's query options only narrow searches: a declared move carries none.
REFUSED_OPTIONS = {
    "no_checks": SEARCH_ONLY,
    "can_act": N_("it only narrows a search (path) to ways that keep the attack; a declared move "
                  "is checked as declared"),
}


class VolarePlay(BattleAdapter[VolareBattle, VolareCreature]):
    """The ``volare`` play adapter (see ``engine.PlayAdapter``)."""

    ruleset = "volare"

    def piece(self, battle: VolareBattle, creature: VolareCreature,
              horizontal: bool = False) -> Piece:
        """``horizontal``: it took a horizontal step this round (V-inertia)."""
        return {
            "at": str(creature.at),
            "altitude": creature.altitude,
            "mode": creature.mode.value,
            "heading": creature.heading.name if creature.heading is not None else None,
            "skimming": battle.is_skimming(creature),
            "prone": creature.prone,
            "horizontal": horizontal,
        }

    def placed(self, battle: VolareBattle, creature: VolareCreature,
               piece: Mapping[str, Any]) -> VolareCreature:
        heading = piece.get("heading")
        return replace(creature, at=parse_hex(str(piece["at"])), altitude=int(piece["altitude"]),
                       mode=Mode(piece["mode"]), heading=Direction[heading] if heading else None,
                       prone=bool(piece.get("prone", False)))

    def move(self, scenario: VolareScenario, pieces: Mapping[str, Piece], creature: str, moves: str,
             dice: Dice, options: Mapping[str, Any] | None = None) -> Played:
        narrows = REFUSED_OPTIONS["can_act"]
        move_options(scenario, creature, options,
                     refused={**REFUSED_OPTIONS, "can_act": _(narrows)})
        battle = self.battle_now(scenario, pieces)
        tokens = moves.lower().split()
        if STAND in tokens:
            return self._stand(battle, creature, moves, len(tokens) == 1)
        space = VolareSpace(battle, creature)
        report = grid_check(space, moves)
        if not report.legal:
            return Played(creature, moves, False, report.to_dict(), error=report.error)
        played = play_out(space, report,
                          lambda check: dice.check(check, creature).success)
        events = [{**e, "creature": creature} for e in played.events]
        damage = 0
        if played.knocked_down:
            dice_text = battle.options.fall_damage
            damage = dice.total(dice_text, creature, "fall damage", rule="V-land")
            events.append({"type": "fall", "creature": creature, "rule": "V-land", "feet": 10,
                           "metres": 3, "damage": dice_text, "rolled": damage, "prone": True})
        after = space.creature_after(played.code)
        flown = format_cost(played.spent * space.tick)  # what was flown, not what was declared
        return Played(creature, moves, True, report.to_dict(), " ".join(played.moves),
                      self.piece(battle, after, played.horizontal), tuple(events), damage,
                      cost=flown)

    def _stand(self, battle: VolareBattle, creature: str, moves: str, alone: bool) -> Played:
        me = battle.creature(creature)
        report = no_move(STAND)
        try:
            if not alone:
                raise IllegalMoveError("V-land", _("standing up takes the creature's whole move "
                                                   "for the round: declare stand alone"))
            stood = stand_up(me)
        except IllegalMoveError as exc:
            error = IllegalMoveError(exc.rule, exc.message, step=1, move=STAND)
            return Played(creature, moves, False, {**report, "legal": False}, error=error)
        return Played(creature, moves, True, report, STAND, self.piece(battle, stood),
                      ({"type": "stand", "creature": creature,
                        "note": _("gets up; its movement this round is spent")},))

    def end_round(self, scenario: VolareScenario, pieces: Mapping[str, Piece]
                  ) -> tuple[dict[str, Piece], list[dict[str, Any]]]:
        battle = self.battle_now(scenario, pieces)
        out: dict[str, Piece] = {}
        events: list[dict[str, Any]] = []
        for creature in battle.creatures:
            moved = bool(pieces[creature.id].get("horizontal", False))
            after = next_round(creature, moved_horizontally=moved)
            if after.mode is not creature.mode:
                events.append({"type": "inertia-spent", "creature": creature.id,
                               "rule": "V-inertia", "mode": after.mode.value,
                               "note": _("no horizontal step this round: it starts the next "
                                         "one hovering")})
            out[creature.id] = self.piece(battle, after)
        return out, events

    def pending(self, scenario: VolareScenario, pieces: Mapping[str, Piece],
                creature: str) -> dict[str, Any] | None:
        return must_act(VolareSpace(self.battle_now(scenario, pieces), creature), creature)

    def describe(self, piece: Mapping[str, Any]) -> str:
        at, altitude = piece["at"], piece["altitude"]
        skimming = bool(piece.get("skimming"))
        if piece["mode"] == Mode.GROUNDED.value:
            if piece.get("prone"):
                said = _("{hex} altitude {altitude}, on the ground, prone")
            else:
                said = _("{hex} altitude {altitude}, on the ground")
        elif piece["mode"] == Mode.MOVING.value:
            # Translators: {heading} is a direction (NE)
            said = (_("{hex} altitude {altitude}, moving {heading}, skimming") if skimming
                    else _("{hex} altitude {altitude}, moving {heading}"))
        else:
            said = (_("{hex} altitude {altitude}, hovering, skimming") if skimming
                    else _("{hex} altitude {altitude}, hovering"))
        return said.format(hex=at, altitude=altitude, heading=piece.get("heading"))

    def board(self, scenario: VolareScenario) -> dict[str, Any]:
        battle = scenario.battle
        vmap = battle.map
        return {
            "grid": "hex",
            "columns": vmap.columns,
            "rows": vmap.rows,
            "top": vmap.top,
            "ground": {str(c): level for c, level in vmap.ground.items()},
            "ceiling": {str(c): level for c, level in vmap.ceiling.items()},
            "wind": {"strength": battle.wind.strength.value,
                     "toward": battle.wind.toward.name if battle.wind.toward else None},
            **roster_words(battle),
        }


ADAPTER = VolarePlay()
