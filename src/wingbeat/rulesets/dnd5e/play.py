"""Playing ``dnd5e`` round by round: the adapter between the play engine and the ruleset.

A declared move is checked by ``grid_check`` over ``Dnd5eSpace`` (the one legality function) and
its D-turn ledger taken from ``turn_report``, exactly as ``wingbeat check`` does. Its events are
logged for the game master: each opportunity attack (who attacks whom, at which step; hit points
are not modelled, so the GM resolves it; it spends the attacker's reaction until the start of its
next turn, so that foe provokes nothing more meanwhile) and each fall (a ``prone`` aloft, a step
off a ledge), whose damage dice are
rolled here with the entry's seeded generator (D-fly: 1d6 per 10 ft, at most 20d6, prone unless
no damage; the XGtE options when the scenario turns them on).

The game master can change a creature's conditions between moves (``condition``: ``+prone``
when it is knocked prone, ``+grappled`` …, ``-grappled`` when it ends): a flyer that cannot hover
falls at once when that leaves it prone or at speed 0 (``rulesets.dnd5e.rounds``), unless magic
holds it aloft (``magic_flight``: logged as ``held-aloft``). At the end of a
round every creature's movement, action (Dash, Disengage) and free object interaction renew; a
prone creature stays prone until it stands.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ...geometry.labels import split_label
from ...model import Save, format_amount
from ...play.adapter import BattleAdapter, no_move, roster_words
from ...play.engine import Piece, Played, move_options, must_act
from ...rules.grid import grid_check
from . import CONDITIONS, Dnd5eBattle, Dnd5eCreature, GridKind
from ._messages import N_, _
from .descriptions import altitude_words
from .model import Dnd5eScenario
from .rounds import (
    change_conditions,
    change_text,
    creature_after,
    fall_cause,
    parse_change,
    space_for,
    whole_fall,
)
from .turn import turn_report, use_word
from .words import condition_word, mode_doing

if TYPE_CHECKING:  # annotations only: a command that rolls nothing imports no dice
    from ...play.dice import Dice

__all__ = ["ADAPTER", "FRESH_TURN", "REFUSED_OPTIONS", "Dnd5ePlay"]

#: dnd5e's query options override the scenario's rules for one question; in play they would
#: change the rules of the fight for one move, so a declared move carries none.
#: (English, marked: ``_refused`` says them in the language of the move.)
REFUSED_OPTIONS = {
    "diagonals": N_("how diagonals count is the encounter's rule for every move; set it in the "
                    "scenario's options (options: {diagonals: dmg})"),
    "units": N_("the unit of measure is the encounter's, for every move and piece; set it in "
                "the scenario's options (options: {units: m})"),
    "fall_rate": N_("XGtE's rate of falling is the encounter's rule for every fall, and a fall "
                    "goes on from one turn to the next; set it in the scenario's options"),
    "flyer_fall": N_("XGtE's flyer fall is the encounter's rule for every fall, and a fall goes "
                     "on from one turn to the next; set it in the scenario's options"),
}


def _refused() -> dict[str, str]:
    """``REFUSED_OPTIONS`` in the current language."""
    return {key: _(text) for key, text in REFUSED_OPTIONS.items()}

#: What a creature has used of its turn, as it stands before it moves (D-turn).
FRESH_TURN: dict[str, Any] = {"spent": "0", "action": "unused", "interaction": "unused"}

def _kind(battle: Dnd5eBattle) -> str:
    return "hex" if battle.map.grid is GridKind.HEX else "square"


def _piece(creature: Dnd5eCreature, where: Mapping[str, Any], *, unit: str, falling: bool,
           fallen: int, turn: Mapping[str, Any]) -> Piece:
    """A JSON-ready piece: place, how it stands, its conditions, and its turn so far."""
    return {
        "at": str(where["at"]),
        "altitude": int(where["altitude"]),
        "mode": str(where["mode"]),
        "prone": creature.prone,
        "squeezing": bool(where.get("squeezing", False)),
        "conditions": sorted(creature.conditions),
        "reaction": creature.reaction,
        "falling": falling,
        "fallen": fallen if falling else 0,
        "unit": unit,
        **{key: turn[key] for key in FRESH_TURN},
    }


def _lands_on_its_feet(checks: tuple[Save, ...], me: Dnd5eCreature, dice: Dice) -> bool:
    """A jump's landing in difficult terrain: d20 + the creature's Acrobatics bonus against
    DC 10, rolled as at the table; its chance is exactly the check's, (11 + bonus) in 20 (D-jump).
    No check (firm ground, or a bonus that cannot fail): it lands on its feet."""
    for _check in checks:
        total = dice.total(f"1d20{me.acrobatics:+d}", me.id, _("acrobatics check"),
                           rule="D-jump")
        if total < 10:
            return False
    return True


class Dnd5ePlay(BattleAdapter[Dnd5eBattle, Dnd5eCreature]):
    """The ``dnd5e`` play adapter (see ``engine.PlayAdapter`` and ``engine.ConditionAdapter``)."""

    ruleset = "dnd5e"

    def piece(self, battle: Dnd5eBattle, creature: Dnd5eCreature) -> Piece:
        space = space_for(battle, creature.id)
        anchor = space.board.at(*creature.at)
        assert anchor is not None  # the scenario loader placed it on the map
        place = space.place(space.position(anchor, creature.altitude))
        assert place is not None
        where = {"at": space.board.labels[anchor], "altitude": creature.altitude,
                 "mode": space.mode_name(place), "squeezing": place.squeezed}
        return _piece(creature, where, unit=battle.options.units.value, falling=False, fallen=0,
                      turn=FRESH_TURN)

    def placed(self, battle: Dnd5eBattle, creature: Dnd5eCreature,
               piece: Mapping[str, Any]) -> Dnd5eCreature:
        col, row = split_label(str(piece["at"]), kind=_kind(battle))
        return replace(creature, at=(col, row), altitude=int(piece["altitude"]),
                       conditions=frozenset(str(c) for c in piece.get("conditions", ())),
                       reaction=bool(piece.get("reaction", True)))  # older pieces: not tracked

    def move(self, scenario: Dnd5eScenario, pieces: Mapping[str, Piece], creature: str, moves: str,
             dice: Dice, options: Mapping[str, Any] | None = None) -> Played:
        move_options(scenario, creature, options, refused=_refused())
        battle = self.battle_now(scenario, pieces)
        space = space_for(battle, creature)
        checked = grid_check(space, moves)
        report = turn_report(space, checked)
        if not report.legal:
            return Played(creature, moves, False, report.to_dict(), error=checked.error)
        # its turn starts: it regains its reaction (D-creatures: an opportunity attack spends it)
        me = replace(battle.creature(creature), reaction=True)
        fallen = int(pieces[creature].get("fallen", 0))
        events: list[dict[str, Any]] = []
        others: dict[str, Piece] = {}
        damage = 0
        cut: int | None = None  # the step whose landing check failed (D-jump)
        for event in report.events:
            if cut is not None and int(event.get("step", 0)) > cut:
                break  # it landed prone: the rest of the declared move is not made
            if event["type"] == "opportunity-attack":
                step = int(event["step"])
                by = str(event["by"])
                others[by] = {**pieces[by], "reaction": False}
                events.append({"type": "opportunity-attack", "creature": creature, "by": by,
                               "rule": "D-creatures", "step": step,
                               "move": checked.steps[step - 1].move,
                               "note": _("{by} may make one melee attack against {creature} "
                                         "just before it leaves its reach; that spends its "
                                         "reaction until the start of its next turn").format(
                                   by=by, creature=creature)})
            elif event["type"] == "fall":
                step = int(event.get("step", 0))
                made = checked.steps[step - 1].move.removeprefix("dash ") if step else ""
                cause = fall_cause(me, dropped=step > 0,
                                   ledge=made if step and made != "prone" else None)
                logged, rolled = self._fall(battle, me, event, fallen, cause, dice)
                events.append(logged)
                damage += rolled
                fallen = 0 if logged.get("lands", True) else fallen + int(event["feet"])
            elif event["type"] == "jump":
                step = int(event["step"])
                events.append({"type": "jump", "creature": creature, "rule": "D-jump",
                               **{k: v for k, v in event.items() if k != "type"},
                               "move": checked.steps[step - 1].move})
                if not _lands_on_its_feet(checked.steps[step - 1].checks, me, dice):
                    cut = step
            elif event["type"] == "held-aloft":  # magic keeps it up where it would fall (D-fly)
                events.append({**event, "creature": creature})
            else:  # pragma: no cover - the space reports no other kind of event
                events.append({**event, "creature": creature})
        kept, end, cost, done = checked, checked.end, None, report
        if cut is not None:
            # D-jump: a failed Acrobatics check lands it prone, and its move stops there
            kept = grid_check(space, " ".join(s.move for s in checked.steps[:cut]))
            done = turn_report(space, kept)
            end, cost = {**kept.end, "prone": True}, done.turn["total"]
            events.append({"type": "check-failed", "creature": creature, "rule": "D-jump",
                           "step": cut, "move": checked.steps[cut - 1].move,
                           "check": _("Acrobatics DC 10"),
                           "consequence": _("it lands prone; the rest of the declared move is "
                                            "not made")})
        after = creature_after(me, end, battle.map.grid)
        falling = bool(end.get("falling", False))
        turn = {"spent": done.turn["total"], "action": done.turn["action"],
                "interaction": done.turn["object_interaction"]}
        piece = _piece(after, end, unit=checked.unit, falling=falling, fallen=fallen, turn=turn)
        return Played(creature, moves, True, report.to_dict(), kept.moves, piece,
                      tuple(events), damage, others=others, cost=cost)

    def _fall(self, battle: Dnd5eBattle, me: Dnd5eCreature, event: Mapping[str, Any],
              fallen: int, cause: str, dice: Dice) -> tuple[dict[str, Any], int]:
        """The fall event as logged, with its damage rolled (D-fly), and the damage."""
        counted = whole_fall(event, fallen, me, battle.options)
        logged: dict[str, Any] = {"type": "fall", "creature": me.id, "rule": "D-fly",
                                  **{k: v for k, v in counted.items() if k != "type"},
                                  "cause": cause}
        rolled = 0
        if counted.get("damage"):
            rolled = dice.total(str(counted["damage"]), me.id, _("fall damage"),
                                rule="D-fly")
        logged["rolled"] = rolled
        return logged, rolled

    def condition(self, scenario: Dnd5eScenario, pieces: Mapping[str, Piece], creature: str,
                  change: str, dice: Dice) -> Played:
        changes = parse_change(change)
        made = change_text(changes)
        battle = self.battle_now(scenario, pieces)
        piece = pieces[creature]
        result = change_conditions(battle, creature, changes)
        events = [{**e, "creature": creature} for e in result.events
                  if e["type"] in ("condition", "held-aloft")]
        damage = 0
        where: Mapping[str, Any] = piece
        falling = bool(piece.get("falling", False)) and result.falls_later
        fallen = int(piece.get("fallen", 0)) if falling else 0
        if result.fall is not None and result.end is not None:
            logged, damage = self._fall(battle, battle.creature(creature), result.fall, 0,
                                        str(result.fall["cause"]), dice)
            events.append(logged)
            where = result.end
            falling = bool(result.end.get("falling", False))
            fallen = int(result.fall["feet"]) if falling else 0
        turn = {key: piece.get(key, value) for key, value in FRESH_TURN.items()}
        after = _piece(result.creature, where, unit=str(piece.get("unit", "ft")),
                       falling=falling, fallen=fallen, turn=turn)
        return Played(creature, made, True, no_move(made), made, after, tuple(events), damage)

    def end_round(self, scenario: Dnd5eScenario, pieces: Mapping[str, Piece]
                  ) -> tuple[dict[str, Piece], list[dict[str, Any]]]:
        out: dict[str, Piece] = {}
        events: list[dict[str, Any]] = []
        for creature in scenario.battle.creatures:
            piece = dict(pieces[creature.id])
            used = {key: piece.get(key) for key in FRESH_TURN}
            if (used["spent"] != "0" or used["action"] in ("used", "dash", "disengage")
                    or used["interaction"] == "used"):
                events.append({"type": "speeds-renew", "creature": creature.id,
                               "rule": "D-speed", "spent": used["spent"],
                               "action": used["action"],
                               "note": _("its movement, action and object interaction renew "
                                         "for its next turn")})
            if piece.get("falling"):
                events.append({"type": "still-falling", "creature": creature.id, "rule": "D-fly",
                               "fallen": piece.get("fallen", 0),
                               "note": _("it falls on at the start of its next turn "
                                         "(XGtE)")})
            elif piece.get("prone"):
                events.append({"type": "still-prone", "creature": creature.id, "rule": "D-prone",
                               "note": _("it stays prone until it stands (half its "
                                         "speed)")})
            piece.update(FRESH_TURN)
            out[creature.id] = piece
        return out, events

    def pending(self, scenario: Dnd5eScenario, pieces: Mapping[str, Piece],
                creature: str) -> dict[str, Any] | None:
        return must_act(space_for(self.battle_now(scenario, pieces), creature), creature)

    def describe(self, piece: Mapping[str, Any]) -> str:
        unit = piece.get("unit", "ft")
        where = _("{label} altitude {altitude}").format(
            label=piece["at"], altitude=altitude_words(int(piece["altitude"]), str(unit)))
        how = [mode_doing(str(piece["mode"]))]
        if piece.get("falling"):
            how.append(_("falling ({feet} ft so far)").format(feet=piece.get("fallen", 0)))
        how.extend(condition_word(str(c)) for c in piece.get("conditions", ()))
        if piece.get("squeezing"):
            how.append(_("squeezing"))
        if piece.get("reaction") is False:
            how.append(_("reaction spent"))
        said = _("{where}, {how}").format(where=where, how=", ".join(how))
        if piece.get("spent", "0") != "0" or piece.get("action", "unused") != "unused":
            moved = format_amount(str(piece.get("spent", "0")), str(unit))
            said = _("{state}; moved {moved}, action {action}").format(
                state=said, moved=f"{moved} {unit}", action=use_word(str(piece.get("action"))))
        return said

    def board(self, scenario: Dnd5eScenario) -> dict[str, Any]:
        battle = scenario.battle
        vmap = battle.map
        return {
            "grid": vmap.grid.value,
            "columns": vmap.columns,
            "rows": vmap.rows,
            "top": vmap.top,
            "bottom": vmap.bottom,
            "diagonals": battle.options.diagonals.value,
            "units": battle.options.units.value,
            **roster_words(battle),
            "hover": {c.id: c.hover for c in battle.creatures},
            "magic_flight": {c.id: c.magic_flight for c in battle.creatures},
            "conditions": sorted(CONDITIONS),
        }


ADAPTER = Dnd5ePlay()
