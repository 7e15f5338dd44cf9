"""volare's named special powers (V-spells, V-actions, V-inertia): ``powers: [...]``.

The seed, V-spells: "Questa regola si applica anche alle abilità di lancio di incantesimi
possedute dalla creature mostruose qualora richiedenti componenti somatici. Invece, laddove non
diversamente e specificatamente previsto, gli altri poteri speciali posseduti da creature che siano
naturalmente in grado di volare saranno dalle stesse utilizzabili anche in volo." V-inertia, a
moving flyer: "potrà compiere non azioni, nonché free actions ed azioni complesse non aventi natura
fisica e non richiedenti componenti somatici (i poteri di soffio si considerano comunemente
compatibili con il movimento in volo)".
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wingbeat
from answers import checked
from both_searches import searching
from conformance import assert_reach_shape, assert_ways_check, evenly, json_of
from scenarios import volare
from wingbeat.errors import ScenarioError
from wingbeat.rules.grid import MoveReport
from wingbeat.rulesets.volare.model import Mode, Power

#: a gorgon-like flyer: a gaze (neither physical nor somatic), a tail sting (physical), a charm
#: cast with gestures (somatic)
POWERS: list[Any] = ["petrifying-gaze", {"name": "tail-sting", "physical": True},
                     {"name": "charm", "somatic": True}]


def gorgon(**fields: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"id": "gorgon", "fly": 8, "ground": 4, "maneuverability": "medium",
                            "reflex": 50, "at": "J10", "altitude": 2, "mode": "moving",
                            "heading": "S", "powers": POWERS}
    base.update(fields)
    return base


def actions(scenario: wingbeat.Scenario, moves: str, who: str = "gorgon") -> tuple[str, ...]:
    report = checked(MoveReport, scenario, who, moves)
    assert report.legal, report.to_text()
    return report.actions


def test_a_gaze_is_usable_moving() -> None:
    """V-inertia: a complex action "non aventi natura fisica e non richiedenti componenti
    somatici" is open to a moving flyer: the gaze, not the sting, not the charm."""
    s = volare([gorgon()])
    assert actions(s, "J12") == ("spell-no-somatic", "non-physical", "power:petrifying-gaze",
                                 "free")


def test_a_tail_sting_is_usable_hovering_and_on_the_ground_not_moving() -> None:
    """V-spells: "gli altri poteri speciali ... saranno dalle stesse utilizzabili anche in volo":
    hovering, the physical sting works; moving, "non può compiere azioni fisiche diverse da
    spostarsi senza essersi prima fermata librandosi nell'aria sul posto"."""
    s = volare([gorgon()])
    hovering = actions(s, "J12 hover")  # 1 + 2 = 3 MP, within the half-move of 4
    assert "power:tail-sting" in hovering and "power:petrifying-gaze" in hovering
    assert "power:tail-sting" not in actions(s, "J12")
    grounded = volare([gorgon(altitude=None, mode="grounded", heading=None)])
    assert "power:tail-sting" in checked(MoveReport, grounded, "gorgon", "").actions


def test_a_charm_with_somatic_components_only_on_the_ground() -> None:
    """V-spells: the rule on somatic spells "si applica anche alle abilità di lancio di
    incantesimi possedute dalla creature mostruose qualora richiedenti componenti somatici": the
    charm is open on the ground (after a safe landing's sacrifice nothing is, so it lands
    violently), never hovering or moving."""
    s = volare([gorgon(heading=None, mode="hovering", altitude=1)])
    assert "power:charm" not in actions(s, "J12")
    assert "power:charm" not in actions(s, "")
    landed = actions(s, "down land-fast")  # 1 MP, a violent landing: its actions stay open
    assert landed == ("attack", "spell", "spell-no-somatic", "non-physical",
                      "power:petrifying-gaze", "power:tail-sting", "power:charm", "free")
    assert actions(s, "down land") == ("free",)  # the safe landing sacrificed the half-move


def test_a_power_is_the_rounds_complex_action() -> None:
    """V-actions: a half-move action "potrà essere seguita da un'azione complessa"; past MP/2
    (4 of 8 MP) only free actions are left, the gaze included."""
    s = volare([gorgon()])
    assert "power:petrifying-gaze" in actions(s, "J12 J14 J16 J18")  # 4 MP: a half-move
    assert actions(s, "J12 J14 J16 J18 J20") == ("free",)


def test_breath_comes_before_the_named_powers() -> None:
    """V-actions: ``breath: true`` stays the breath weapon's own entry, then the powers, then
    free."""
    s = volare([gorgon(breath=True)])
    assert actions(s, "J12") == ("spell-no-somatic", "non-physical", "breath",
                                 "power:petrifying-gaze", "free")


def test_the_json_and_the_text_list_the_powers() -> None:
    s = volare([gorgon()])
    report = checked(MoveReport, s, "gorgon", "J12 hover")
    assert report.to_dict()["actions"] == ["attack", "spell-no-somatic", "non-physical",
                                           "power:petrifying-gaze", "power:tail-sting", "free"]
    assert ("actions still open: attack, spell-no-somatic, non-physical, power:petrifying-gaze, "
            "power:tail-sting, free") in report.to_text()


def test_the_creature_holds_its_powers_as_values() -> None:
    """A name alone is neither physical nor somatic; a power's flags default to false."""
    s = volare([gorgon(powers=["gaze", {"name": "Medusa's kiss"},
                                {"name": "sting", "physical": True, "somatic": False}])])
    assert s.battle.creature("gorgon").powers == (
        Power("gaze"), Power("Medusa's kiss"), Power("sting", physical=True))
    assert volare([gorgon(powers=[])]).battle.creature("gorgon").powers == ()
    assert volare([{"id": "f", "at": "J10"}]).battle.creature("f").powers == ()


@pytest.mark.parametrize(("power", "grounded", "hovering", "moving"), [
    (Power("gaze"), True, True, True),
    (Power("sting", physical=True), True, True, False),
    (Power("charm", somatic=True), True, False, False),
    (Power("grapple-spell", physical=True, somatic=True), True, False, False),
])
def test_where_each_kind_of_power_works(power: Power, grounded: bool, hovering: bool,
                                        moving: bool) -> None:
    """V-spells' table: grounded always, hovering unless somatic, moving only neither."""
    assert [power.usable(m) for m in (Mode.GROUNDED, Mode.HOVERING, Mode.MOVING)] == [
        grounded, hovering, moving]


def test_a_reach_with_powers_meets_the_json_contract() -> None:
    """docs/json.md: ``actions`` hold ``breath`` and ``power:<name>`` beside the usual ones; the
    reach's ways still check, at their cost, to their states."""
    s = volare([gorgon(breath=True, fly=5)], columns=12, rows=16, top=4)
    report = json_of(wingbeat.reach(s, "gorgon"))
    assert_reach_shape("volare", report, "gorgon")
    assert any("power:petrifying-gaze" in state["actions"] for state in report["states"])
    assert_ways_check(s, "gorgon", report, evenly(report["states"], 20))


# -- bad input -------------------------------------------------------------------------------

@pytest.mark.parametrize(("powers", "where", "words"), [
    (["gaze", "Gaze"], "creatures[0].powers", "powers[1] names 'Gaze' again (powers[0]): list "
                                              "each power once"),
    (["g" * 41], "creatures[0].powers[0]", "a power's name is at most 40 characters (got 41)"),
    ([3], "creatures[0].powers[0]", "expected a power: its name, or a mapping of its name and "
                                    "whether it is physical or somatic, like petrifying-gaze, or "
                                    "{name: charm, somatic: true} (got 3)"),
    (["gaze, sting"], "creatures[0].powers[0]", "expected a power's name: a letter, then "
                                                "letters, digits, hyphens, spaces or apostrophes"),
    (["-gaze"], "creatures[0].powers[0]", "expected a power's name"),
    (["power:gaze"], "creatures[0].powers[0]", "expected a power's name"),
    ("gaze", "creatures[0].powers", "expected a list, like powers: [petrifying-gaze, "),
    ([f"p{i}" for i in range(21)], "creatures[0].powers", "expected at most 20 items"),
    ([{"name": "gaze", "colour": "red"}], "creatures[0].powers[0].colour", "unknown key"),
    ([{"physical": True}], "creatures[0].powers[0].name", "required, but missing, like name: "
                                                          "petrifying-gaze"),
    ([{"name": "sting", "physical": "very"}], "creatures[0].powers[0].physical",
     "expected true or false"),
])
def test_bad_powers_are_refused_with_their_place(powers: Any, where: str, words: str) -> None:
    """Bad input gets a clear error: the file, the place, what was expected."""
    with pytest.raises(ScenarioError) as refused:
        volare([gorgon(powers=powers)])
    assert refused.value.where == where
    assert words in str(refused.value)
    assert str(refused.value).startswith(f"test: {where}: ")


def test_the_command_line_refuses_a_bad_power_in_one_line(tmp_path: Any) -> None:
    from typer.testing import CliRunner

    from wingbeat.cli import app

    file = tmp_path / "gorgon.yaml"
    file.write_text("ruleset: volare\nmap: {columns: 20, rows: 30}\ncreatures:\n"
                    "  - {id: gorgon, fly: 8, at: J10, powers: [gaze, gaze]}\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["reach", str(file), "gorgon"])
    assert result.exit_code == 2
    assert "creatures[0].powers" in result.stderr and "list each power once" in result.stderr
    assert "Traceback" not in result.stderr


# -- every state of a reach, by either search ------------------------------------------------

@settings(max_examples=25, deadline=None)
@given(flags=st.lists(st.tuples(st.booleans(), st.booleans()), max_size=4),
       mode=st.sampled_from(["grounded", "hovering", "moving"]), compiled=st.booleans())
def test_every_reached_state_lists_the_powers_it_may_use(flags: list[tuple[bool, bool]],
                                                         mode: str, compiled: bool) -> None:
    """V-actions, as a property: in every end state of a reach, the powers listed are exactly
    those ``Power.usable`` in its mode, where the complex action is open, and none where only
    free actions are left; the compiled and the pure search list the same."""
    powers = [{"name": f"power-{i}", "physical": p, "somatic": m}
              for i, (p, m) in enumerate(flags)]
    place = ({"altitude": None, "mode": "grounded", "heading": None} if mode == "grounded" else
             {"altitude": 2, "mode": mode, "heading": "S" if mode == "moving" else None})
    s = volare([gorgon(powers=powers, fly=4, **place)], columns=12, rows=16, top=4)
    made = s.battle.creature("gorgon").powers
    with searching(compiled):
        states = wingbeat.reach(s, "gorgon").states
    with searching(not compiled):
        other = wingbeat.reach(s, "gorgon").states
    assert [x.actions for x in states] == [x.actions for x in other]
    for state in states:
        listed = [a for a in state.actions if a.startswith("power:")]
        if state.actions == ("free",):
            assert listed == []
            continue
        assert listed == [p.action for p in made if p.usable(Mode(state.state["mode"]))]
