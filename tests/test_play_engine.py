"""The play engine on ``volare``: rounds, turn order, rolled saves and their consequences.

A Reflex chance of 0 % fails every save and 100 % passes every one, so the consequences of V-skim
and V-land are tested without depending on what a seed happens to roll; the rolls themselves are
still made and logged. A save that must pass is an excellent flyer's: a medium one's Reflex 100 is
95 % landing violently (V-land, −5 %) and 90 % skimming (V-saves: the V-man penalty, "-2/-10% a
tutti le prove ed i tiri salvezza che sarebbero stati più facili da evitare"), the excellent one's
100 + 0 and 100 + 10 − 5, kept within 100.
"""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

import wingbeat
from wingbeat.errors import OptionError, ScenarioError
from wingbeat.examples import example_text
from wingbeat.play import Action, Game, RefusedMove, Setup, replay
from wingbeat.play.dice import Dice, parse_dice


def volare_text(creatures: list[dict[str, Any]], **map_fields: Any) -> str:
    fields: dict[str, Any] = {"grid": "hex", "columns": 30, "rows": 50, "top": 10}
    fields.update(map_fields)
    return yaml.safe_dump({"ruleset": "volare", "map": fields, "creatures": creatures})


def hawk(reflex: int, **extra: Any) -> dict[str, Any]:
    fields: dict[str, Any] = {"id": "hawk", "fly": 8, "ground": 2, "maneuverability": "medium",
                              "reflex": reflex, "at": "J10", "altitude": 1, "mode": "hovering"}
    fields.update(extra)
    return fields


def game(creatures: list[dict[str, Any]], seed: int = 1, **map_fields: Any) -> Game:
    order = [c["id"] for c in creatures]
    return Game.from_scenario_text(volare_text(creatures, **map_fields), seed=seed, order=order)


def saves(entry: Any) -> list[tuple[str, bool]]:
    return [(r["rule"], r["success"]) for r in entry.rolls if r["kind"] == "save"]


# -- set-up and turn order ------------------------------------------------------------------------
def test_turn_order_is_rolled_with_the_seed_and_logged() -> None:
    text = example_text("giant-bat")
    first = Game.from_scenario_text(text, seed=11).entries[0]
    again = Game.from_scenario_text(text, seed=11).entries[0]
    assert first.to_dict() == again.to_dict()
    rolls = {r["creature"]: r["total"] for r in first.rolls}
    assert set(rolls) == {"bat", "chamois"} and all(1 <= t <= 20 for t in rolls.values())
    ranked = sorted(rolls, key=lambda c: (-rolls[c], ["bat", "chamois"].index(c)))
    assert list(first.state.order) == ranked


def test_seeds_give_different_rolls() -> None:
    text = example_text("giant-bat")
    orders = {tuple(r["total"] for r in Game.from_scenario_text(text, seed=s).entries[0].rolls)
              for s in range(20)}
    assert len(orders) > 5


def test_a_given_turn_order_rolls_nothing() -> None:
    g = Game.from_scenario_text(example_text("giant-bat"), seed=3, order=["chamois", "bat"])
    assert g.state.order == ("chamois", "bat") and g.entries[0].rolls == ()
    assert g.state.next_up == "chamois"


@pytest.mark.parametrize("order", [["bat"], ["bat", "chamois", "bat"], ["bat", "wolf"]])
def test_a_given_turn_order_names_every_creature_once(order: list[str]) -> None:
    with pytest.raises(OptionError, match="turn order"):
        Game.from_scenario_text(example_text("giant-bat"), seed=3, order=order)


def test_seed_example_bat_round_then_next_round() -> None:
    """V-inertia / V-actions seed example, played: U35 down hover, then the round ends."""
    g = Game.from_scenario_text(example_text("giant-bat"), seed=3, order=["bat", "chamois"])
    entry = g.move("bat", "U35 down hover")
    assert entry.played[0]["made"] == "U35 down hover" and entry.played[0]["cost"] == "4"
    assert g.state.pieces["bat"] == {"at": "U35", "altitude": 1, "mode": "hovering",
                                     "heading": None, "skimming": False, "prone": False,
                                     "horizontal": True}
    assert g.state.moved == ("bat",) and g.state.next_up == "chamois"
    end = g.next_round()
    assert g.state.round == 2 and g.state.moved == () and end.played[0]["creature"] == "chamois"


def test_a_creature_moves_once_a_round() -> None:
    g = Game.from_scenario_text(example_text("giant-bat"), seed=3)
    g.move("bat", "U35")
    with pytest.raises(RefusedMove) as refused:
        g.move("bat", "V36")
    assert refused.value.rule == "turn"
    with pytest.raises(ScenarioError, match="no creature 'owl'"):
        g.move("owl", "U35")


def test_an_illegal_move_is_refused_with_its_rule_and_changes_nothing() -> None:
    """V-inertia: from T34 after T32 → T34, U33 is not a frontal hex."""
    g = Game.from_scenario_text(example_text("giant-bat"), seed=3)
    before = g.state
    with pytest.raises(RefusedMove) as refused:
        g.move("bat", "U33")
    assert refused.value.rule == "V-inertia" and refused.value.step == 1
    assert refused.value.report is not None and refused.value.report["legal"] is False
    assert g.state == before and len(g.entries) == 1


# -- V-skim and V-land consequences ---------------------------------------------------------------
def test_failed_skim_save_with_half_move_left_lands_safely() -> None:
    """V-skim: a failed save forces a landing in place; 1 MP spent ≤ 4, so it is safe (V-land)."""
    g = game([hawk(reflex=0)])
    entry = g.move("hawk", "down skim")
    assert saves(entry) == [("V-skim", False)]
    assert entry.played[0]["made"] == "down land"
    assert g.state.pieces["hawk"]["mode"] == "grounded"
    assert g.state.pieces["hawk"]["prone"] is False and g.state.damage["hawk"] == 0
    assert any(e["type"] == "landing" and e["safe"] and e["forced"] for e in entry.events)


def test_failed_skim_save_without_half_move_lands_violently_and_falls() -> None:
    """V-skim → V-land: 6 MP spent > 4, so the forced landing is violent; its save fails too:
    prone, with the 3 m fall's 1d6 rolled."""
    g = game([hawk(reflex=0)])
    entry = g.move("hawk", "J12 J14 J16 J18 J20 down skim J22")
    assert saves(entry) == [("V-skim", False), ("V-land", False)]
    assert entry.played[0]["made"] == "J12 J14 J16 J18 J20 down land-fast"
    piece = g.state.pieces["hawk"]
    assert (piece["at"], piece["mode"], piece["prone"]) == ("J20", "grounded", True)
    damage = [r for r in entry.rolls if r["kind"] == "fall damage"]
    assert len(damage) == 1 and damage[0]["dice"] == "1d6" and 1 <= damage[0]["total"] <= 6
    assert g.state.damage["hawk"] == damage[0]["total"]
    fall = next(e for e in entry.events if e["type"] == "fall")
    assert fall["rolled"] == damage[0]["total"] and fall["prone"] is True


def test_declared_violent_landing_that_fails_knocks_down_and_stops_the_walk() -> None:
    """V-land: land-fast with a failed save: prone, fall damage, and the walk after it is lost."""
    g = game([hawk(reflex=0, ground=12)])
    entry = g.move("hawk", "down land-fast J12")
    assert saves(entry) == [("V-land", False)]
    assert entry.played[0]["made"] == "down land-fast"
    assert g.state.pieces["hawk"]["at"] == "J10" and g.state.pieces["hawk"]["prone"] is True


def test_fall_damage_follows_the_scenario_option() -> None:
    """V-land Decision: the fall damage is a ruleset option (here 2d4+1)."""
    text = yaml.safe_dump({"ruleset": "volare", "options": {"fall_damage": "2d4+1"},
                           "map": {"grid": "hex", "columns": 30, "rows": 50},
                           "creatures": [hawk(reflex=0)]})
    g = Game.from_scenario_text(text, seed=5)
    entry = g.move("hawk", "down land-fast")
    roll = next(r for r in entry.rolls if r["kind"] == "fall damage")
    assert roll["dice"] == "2d4+1" and len(roll["faces"]) == 2
    assert roll["total"] == sum(roll["faces"]) + 1 == g.state.damage["hawk"]


def test_successful_violent_landing_keeps_the_walk() -> None:
    """V-land: a successful violent landing may finish the half-move walking ("completare la
    propria azione di mezzo movimento camminando"): 3/4 of the half-move is left after ``down``,
    and a half-move on foot is ground 12 / 2 = 6 hexes, so 4 hexes (issue 13)."""
    g = game([hawk(reflex=100, maneuverability="excellent", ground=12)])
    with pytest.raises(RefusedMove) as refused:
        g.move("hawk", "down land-fast J12 J14 J16 J18 J20")
    assert (refused.value.rule, refused.value.step) == ("V-land", 7)
    entry = g.move("hawk", "down land-fast J12 J14 J16 J18")
    assert saves(entry) == [("V-land", True)]
    assert entry.played[0]["made"] == "down land-fast J12 J14 J16 J18"
    assert entry.played[0]["cost"] == "1"  # walking is not flying: the MP flown
    assert g.state.pieces["hawk"] == {"at": "J18", "altitude": 0, "mode": "grounded",
                                      "heading": None, "skimming": False, "prone": False,
                                      "horizontal": True}


#: V-skim, the seed: "se invece il tiro salvezza fallisce la creatura sarà costretta ad atterrare
#: immediatamente sul posto" (if the save fails the creature must land at once, in place): the
#: rest of the declared move is not flown, and the log says what was.


def test_a_failed_skim_save_logs_the_cost_flown_not_the_cost_declared() -> None:
    """V-skim (issue 13): declared 7 MP (… down skim J22); the save fails at the touchdown after
    6 MP, so the entry's cost is 6; the checked declaration keeps its own cost."""
    g = game([hawk(reflex=0)])
    declared = "J12 J14 J16 J18 J20 down skim J22"
    entry = g.move("hawk", declared)
    played = entry.played[0]
    assert played["made"] == "J12 J14 J16 J18 J20 down land-fast"
    assert played["cost"] == "6"
    checked = wingbeat.check(g.setup.scenario, "hawk", declared)
    assert checked.legal and checked.cost == 7


def test_a_forced_safe_landing_logs_the_cost_flown() -> None:
    """V-skim → V-land: ``down skim J12`` fails its save after 1 MP and lands safely where it
    touched down, at J10: the entry costs 1, not the declared 2."""
    g = game([hawk(reflex=0)])
    entry = g.move("hawk", "down skim J12")
    assert entry.played[0]["made"] == "down land" and entry.played[0]["cost"] == "1"
    assert g.state.pieces["hawk"]["at"] == "J10"


def test_a_move_whose_saves_succeed_logs_its_declared_cost() -> None:
    """V-skim: with the save made the whole declared move is flown, at its declared cost."""
    g = game([hawk(reflex=100, maneuverability="excellent")])
    entry = g.move("hawk", "down skim J12")
    assert entry.played[0]["made"] == "down skim J12" and entry.played[0]["cost"] == "2"


def test_skimming_save_is_made_again_every_round() -> None:
    """V-skim: one save a round, repeated in every round it goes on skimming."""
    g = game([hawk(reflex=100, maneuverability="excellent")])
    assert saves(g.move("hawk", "down skim J12")) == [("V-skim", True)]
    assert g.state.pieces["hawk"]["skimming"] is True
    g.next_round()
    with pytest.raises(RefusedMove) as refused:
        g.next_round()
    assert refused.value.rule == "V-skim"
    assert saves(g.move("hawk", "skim J14")) == [("V-skim", True)]


def test_a_prone_creature_stands_as_its_round_move() -> None:
    g = game([hawk(reflex=0)])
    g.move("hawk", "down land-fast")
    g.next_round()
    with pytest.raises(RefusedMove) as refused:
        g.move("hawk", "thrust up")
    assert refused.value.rule == "V-takeoff"
    with pytest.raises(RefusedMove, match="declare stand alone"):
        g.move("hawk", "stand thrust")
    g.move("hawk", "stand")
    assert g.state.pieces["hawk"]["prone"] is False
    g.next_round()
    g.move("hawk", "thrust up")
    assert g.state.pieces["hawk"]["mode"] == "hovering"


def test_only_a_prone_creature_stands() -> None:
    g = game([hawk(reflex=0)])
    with pytest.raises(RefusedMove, match="only a prone creature"):
        g.move("hawk", "stand")


# -- end and start of round -----------------------------------------------------------------------
def test_inertia_is_spent_after_a_round_without_a_horizontal_step() -> None:
    """V-inertia Decision: moving at the end of a round with no horizontal step → hovering."""
    g = game([hawk(reflex=50, mode="moving", heading="S", altitude=3)])
    g.move("hawk", "up")
    end = g.next_round()
    assert g.state.pieces["hawk"]["mode"] == "hovering"
    assert any(e["type"] == "inertia-spent" and e["rule"] == "V-inertia" for e in end.events)


def test_inertia_is_kept_after_a_horizontal_step() -> None:
    g = game([hawk(reflex=50, mode="moving", heading="S", altitude=3)])
    g.move("hawk", "J12")
    end = g.next_round()
    assert g.state.pieces["hawk"]["mode"] == "moving"
    assert g.state.pieces["hawk"]["heading"] == "S"
    assert not any(e["type"] == "inertia-spent" for e in end.events)
    g.next_round()  # holds still a whole round: now its inertia is spent
    assert g.state.pieces["hawk"]["mode"] == "hovering"


def test_wind_pay_or_drift_is_due_each_round_start() -> None:
    """V-wind: hovering at round start in a breeze: pay 2 MP or move a hex downwind first."""
    g = game([hawk(reflex=50, altitude=3)], wind={"strength": "breeze", "toward": "NE"})
    assert g.entries[0].events[0]["rule"] == "V-wind"
    with pytest.raises(RefusedMove) as refused:
        g.next_round()
    assert refused.value.rule == "V-wind" and "cannot simply hold" in refused.value.message
    assert refused.value.step is None and refused.value.creature == "hawk"
    with pytest.raises(RefusedMove) as drift:
        g.move("hawk", "J12")
    assert drift.value.rule == "V-wind"
    g.move("hawk", "pay")
    end = g.next_round()
    assert any(e["type"] == "must-act" and e["rule"] == "V-wind" for e in end.events)
    g.move("hawk", "NE")
    assert g.state.pieces["hawk"]["at"] == "K9"
    g.next_round()
    assert g.state.pieces["hawk"]["mode"] == "moving"  # drifting made it move (V-inertia)


# -- determinism, undo, replay --------------------------------------------------------------------
PLAN = [Action("move", "hawk", "J12 J14 J16 J18 J20 down skim"), Action("next-round"),
        Action("move", "hawk", "stand"), Action("next-round")]


def test_replay_gives_the_same_entries_roll_for_roll() -> None:
    setup = Setup(volare_text([hawk(reflex=40)]), "test", 99)
    first = replay(setup, PLAN[:2])
    again = replay(setup, PLAN[:2])
    assert [e.to_dict() for e in first] == [e.to_dict() for e in again]


def test_undo_then_the_same_move_rolls_the_same() -> None:
    g = game([hawk(reflex=40)], seed=8)
    first = g.move("hawk", "down skim")
    undone = g.undo()
    assert undone == first and g.state.moved == () and len(g.entries) == 1
    assert g.move("hawk", "down skim").to_dict() == first.to_dict()


def test_undo_of_the_set_up_is_refused() -> None:
    with pytest.raises(OptionError, match="nothing to undo"):
        game([hawk(reflex=40)]).undo()


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**40), plan=st.lists(st.sampled_from([
    ("hawk", "down skim"), ("hawk", "up"), ("hawk", "J12"), ("hawk", "down land-fast"),
    ("hawk", "stand"), ("hawk", "thrust up"), ("hawk", "skim"), ("owl", ""), ("owl", "up"),
    None]), max_size=10))
def test_state_is_a_pure_function_of_scenario_seed_and_log(
        seed: int, plan: list[tuple[str, str] | None]) -> None:
    """Whatever is declared (legal or not), replaying the accepted actions from the scenario and
    the seed gives every entry back; undoing everything returns to the set-up."""
    text = volare_text([hawk(reflex=50), hawk(reflex=50, id="owl", at="P10", altitude=3)])
    g = Game.from_scenario_text(text, seed=seed)
    for item in plan:
        with contextlib.suppress(RefusedMove):
            g.next_round() if item is None else g.move(*item)
    again = replay(g.setup, g.actions)
    assert [e.to_dict() for e in again] == [e.to_dict() for e in g.entries]
    while len(g.entries) > 1:
        g.undo()
    assert g.state == again[0].state


# -- dice -----------------------------------------------------------------------------------------
def test_dice_expressions_parse_and_print() -> None:
    assert str(parse_dice("1d6")) == "1d6"
    assert str(parse_dice("d20")) == "1d20"
    assert str(parse_dice("2d4+1")) == "2d4+1"
    assert str(parse_dice("3d6-2")) == "3d6-2"
    with pytest.raises(ScenarioError):
        parse_dice("six")


def test_dice_of_one_entry_are_a_function_of_seed_and_entry() -> None:
    a, b, c = Dice(4, 2), Dice(4, 2), Dice(4, 3)
    rolls_a = [a.total("1d100", "x", "test") for _ in range(5)]
    assert rolls_a == [b.total("1d100", "x", "test") for _ in range(5)]
    assert rolls_a != [c.total("1d100", "x", "test") for _ in range(5)]
    assert len(a.rolls) == 5 and a.rolls[0]["faces"] == [rolls_a[0]]
