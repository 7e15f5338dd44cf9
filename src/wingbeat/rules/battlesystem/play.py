"""Playing ``battlesystem`` round by round: the adapter between the play engine and the ruleset.

A declared move is checked by ``check_move`` (the one legality function, as ``wingbeat check``
does) from where the unit stands; ``rules.battlesystem.rounds.unit_after`` applies it: end point,
altitude, heading of its last leg, formation (B-form), and leaving the battlefield above the top
level (B-alt), after which the unit is out of play: it holds, any move it declares is refused, and
the picture no longer draws it. Nothing is rolled in BATTLESYSTEM flight and turn limits are per
game round (B-turn), so the end of a round changes no piece.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ...errors import OptionError
from ...geometry.table import format_number, format_point, parse_point
from ...model import Scenario
from ...play.dice import Dice
from ...play.engine import SEARCH_ONLY, Piece, Played, move_options
from ...rules.battlesystem import BattlesystemBattle, BattlesystemUnit, Formation, check_move
from ...rules.battlesystem.rounds import gone_refusal, unit_after

__all__ = ["ADAPTER", "REFUSED_OPTIONS", "BattlesystemPlay"]

#: BATTLESYSTEM's one query option narrows searches (and its flight rolls no save): a declared
#: move carries none.
REFUSED_OPTIONS = {"no_checks": SEARCH_ONLY}


def _battle(scenario: Scenario) -> BattlesystemBattle:
    battle = scenario.battle
    if not isinstance(battle, BattlesystemBattle):
        raise OptionError(f"scenario {scenario.source} is not a battlesystem scenario")
    return battle


def _piece(battle: BattlesystemBattle, unit: BattlesystemUnit, left: bool) -> Piece:
    return {
        "at": format_point(unit.at),
        "altitude": battle.level_names[unit.altitude],
        "heading": unit.heading,
        "formation": unit.formation.value,
        "left": left,
    }


def _unit(battle: BattlesystemBattle, base: BattlesystemUnit,
          piece: Mapping[str, Any]) -> BattlesystemUnit:
    names = [n.lower() for n in battle.level_names]
    return replace(base, at=parse_point(str(piece["at"])),
                   altitude=names.index(str(piece["altitude"]).lower()),
                   heading=float(piece["heading"]), formation=Formation(piece["formation"]))


class BattlesystemPlay:
    """The ``battlesystem`` play adapter (see ``engine.PlayAdapter``)."""

    ruleset = "battlesystem"

    def pieces(self, scenario: Scenario) -> dict[str, Piece]:
        battle = _battle(scenario)
        return {u.id: _piece(battle, u, False) for u in battle.units}

    def battle_now(self, scenario: Scenario, pieces: Mapping[str, Piece],
                   *, keep_gone: bool = True) -> BattlesystemBattle:
        """The battle with every unit where its piece stands; without the units that left the
        battlefield unless ``keep_gone``."""
        battle = _battle(scenario)
        units = tuple(_unit(battle, u, pieces[u.id]) for u in battle.units
                      if keep_gone or not pieces[u.id].get("left"))
        return replace(battle, units=units)

    def move(self, scenario: Scenario, pieces: Mapping[str, Piece], creature: str, moves: str,
             dice: Dice, options: Mapping[str, Any] | None = None) -> Played:
        move_options(scenario, creature, options, refused=REFUSED_OPTIONS)
        battle = self.battle_now(scenario, pieces)
        unit = battle.unit(creature)
        if pieces[creature].get("left"):
            if moves.split():
                error = gone_refusal(unit, moves.split()[0])
                refused = {"legal": False, "moves": moves, "cost": None, "checks": [],
                           "error": {"rule": error.rule, "message": error.message,
                                     "step": error.step, "move": error.move}}
                return Played(creature, moves, False, refused, error=error)
            return Played(creature, moves, True, {"legal": True, "moves": "", "cost": None,
                                                  "checks": []}, "", dict(pieces[creature]))
        report = check_move(battle, unit, moves)
        if not report.legal:
            return Played(creature, moves, False, report.to_dict(), error=report.error)
        after = unit_after(battle, unit, report)
        events = [{**e, "creature": creature} for e in report.events]
        return Played(creature, moves, True, report.to_dict(), report.moves,
                      _piece(battle, after.unit, after.left), tuple(events))

    def end_round(self, scenario: Scenario, pieces: Mapping[str, Piece]
                  ) -> tuple[dict[str, Piece], list[dict[str, Any]]]:
        return {c: dict(p) for c, p in pieces.items()}, []

    def pending(self, scenario: Scenario, pieces: Mapping[str, Piece],
                creature: str) -> dict[str, Any] | None:
        return None

    def describe(self, piece: Mapping[str, Any]) -> str:
        if piece.get("left"):
            return "left the battlefield above the top level (removed from play)"
        heading = format_number(round(float(piece["heading"]), 2))
        return (f"{piece['at']} {piece['altitude']}, heading {heading}°, "
                f"{piece['formation']} formation")

    def scenario_now(self, scenario: Scenario, pieces: Mapping[str, Piece]) -> Scenario:
        return replace(scenario, battle=self.battle_now(scenario, pieces, keep_gone=False))

    def board(self, scenario: Scenario) -> dict[str, Any]:
        battle = _battle(scenario)
        return {
            "grid": "table",
            "unit": "in",
            "width": format_number(battle.table.width),
            "height": format_number(battle.table.height),
            "game": battle.game.value,
            "altitudes": list(battle.level_names),
            "names": {u.id: u.display_name for u in battle.units},
            "sides": {u.id: u.side for u in battle.units},
        }


ADAPTER = BattlesystemPlay()
