"""volare's flight penalties on the saves wingbeat computes (V-saves, V-skim, V-land, V-man).

The seed, each maneuverability class ("Classe di Manovrabilità"): "penalità di -1/-5% [medium
-2/-10%, poor -3/-15%] a tutti le prove ed i tiri salvezza che sarebbero stati più facili da
evitare la creatura non fosse stata in equilibrio instabile (si pensi alle prove di destrezza ed ai
tiri salvezza su riflessi)", and beside it "Modificatore al tiro salvezza su riflessi in caso di
atterraggio violento: nessuno [medium -5%, poor -10%]". Skimming: "Le creature dotate di
manovrabilità 'eccellente' ottengono un bonus di +10% a tali tiri salvezza".

Issue 25: the skimming save is a Reflex save made in flight, so it takes the penalty on top of its
own bonus; the violent-landing save has its own modifier and keeps only that.
"""

from __future__ import annotations

from fractions import Fraction as F
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wingbeat
from answers import checked, refusal
from both_searches import searching
from scenarios import volare
from wingbeat import _api
from wingbeat.chance import clamp_percent
from wingbeat.play import Game
from wingbeat.rules.grid import GridMove, MoveReport
from wingbeat.rulesets.volare import VolareSpace
from wingbeat.rulesets.volare.model import Maneuverability
from wingbeat.rulesets.volare.rounds import play_out
from wingbeat.rulesets.volare.tables import MANEUVERABILITY, skim_modifier
from wingbeat.scenario import load_example


def hawk(**fields: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"id": "hawk", "fly": 8, "ground": 2, "maneuverability": "medium",
                            "reflex": 50, "at": "J10", "altitude": 1, "mode": "hovering"}
    base.update(fields)
    return base


def chances(scenario: wingbeat.Scenario, moves: str) -> list[tuple[str, int]]:
    report = checked(MoveReport, scenario, "hawk", moves)
    assert report.legal, report.to_text()
    return [(c.rule, c.chance) for c in report.checks]


# -- V-skim: its own bonus and the V-man penalty ---------------------------------------------------

@pytest.mark.parametrize(("man", "chance"), [("excellent", 55), ("medium", 40)])
def test_the_skimming_save_takes_the_flight_penalty(man: str, chance: int) -> None:
    """V-skim, V-saves: Reflex 50; excellent "+10%" and "-1/-5%": 55; medium "-2/-10%": 40."""
    s = volare([hawk(maneuverability=man)])
    assert chances(s, "down skim") == [("V-skim", chance)]


def test_a_poor_flyer_has_no_skimming_save() -> None:
    """V-skim: "solo le creature dotate di manovrabilità 'media' o 'eccellente' possono
    riuscirci": a poor flyer must land; its landing save is the violent one's, 50 − 10."""
    s = volare([hawk(maneuverability="poor")])
    assert "poor" in refusal(checked(MoveReport, s, "hawk", "down skim"), "V-skim", 2)
    assert skim_modifier(Maneuverability.POOR) is None
    assert chances(s, "down land-fast") == [("V-land", 40)]


@pytest.mark.parametrize(("man", "reflex", "chance"), [
    ("excellent", 98, 100),  # 98 + 10 − 5 = 103, kept within 100
    ("excellent", 0, 5),     # 0 + 10 − 5
    ("medium", 5, 0),        # 5 − 10 = −5, kept within 0
    ("medium", 100, 90),
])
def test_the_skimming_save_is_kept_within_0_and_100(man: str, reflex: int, chance: int) -> None:
    """V-saves: "the save succeeds on a d100 roll at or under the chance, kept within 0–100"."""
    s = volare([hawk(maneuverability=man, reflex=reflex)])
    assert chances(s, "down skim") == [("V-skim", chance)]


def test_the_skimming_save_of_a_flyer_skimming_since_last_round() -> None:
    """V-skim: "Questo tiro salvezza ... dovrà essere ripetuto nel corso di ogni round nel quale
    la creatura continua a volare rasoterra": the repeated save takes the penalty too."""
    s = volare([hawk(altitude=0, maneuverability="excellent")])
    assert chances(s, "skim J12") == [("V-skim", 55)]


# -- V-land: its own modifier only -----------------------------------------------------------------

@pytest.mark.parametrize(("man", "chance"), [("excellent", 50), ("medium", 45), ("poor", 40)])
def test_the_violent_landing_keeps_only_its_own_modifier(man: str, chance: int) -> None:
    """V-land, V-saves: "Modificatore al tiro salvezza su riflessi in caso di atterraggio
    violento: nessuno / -5% / -10%" and nothing more: not 45, 35, 25 (no double penalty)."""
    s = volare([hawk(maneuverability=man)])
    assert chances(s, "down land-fast") == [("V-land", chance)]


def test_the_seed_bat_lands_violently_at_45_and_skims_at_40() -> None:
    """V-land, V-skim: the giant bat (medium, Reflex 50) beside the chamois: land-fast 50 − 5 =
    45 %, skim 50 − 10 = 40 %."""
    scenario = load_example("giant-bat")
    landing = checked(MoveReport, scenario, "bat", "U35 down down land-fast")
    assert [(c.rule, c.chance) for c in landing.checks] == [("V-land", 45)]
    skimming = checked(MoveReport, scenario, "bat", "U35 down down skim")
    assert [(c.rule, c.chance) for c in skimming.checks] == [("V-skim", 40)]


def test_a_failed_skim_forces_the_violent_landing_with_its_own_modifier() -> None:
    """V-skim → V-land: "se invece il tiro salvezza fallisce la creatura sarà costretta ad
    atterrare immediatamente sul posto ed applicare le regole dell'atterraggio (in pratica se non
    disponga di mezzo movimento da sacrificare a tal fine dovrà superare il tiro salvezza per
    evitare un atterraggio violento)". Past its half-move (6 MP of 8) the medium hawk's forced
    landing is violent: 50 − 5 = 45 %, the landing's own modifier, no V-man penalty on top."""
    scenario = volare([hawk()])
    space = VolareSpace(scenario.battle, "hawk")
    report = _api.check(scenario, "hawk", "J12 J14 J16 J18 J20 down skim J22")
    assert isinstance(report, GridMove) and report.legal
    asked: list[tuple[str, int]] = []

    def fails_skimming(save: wingbeat.Save) -> bool:
        asked.append((save.rule, save.chance))
        return save.rule != "V-skim"

    flown = play_out(space, report, fails_skimming)
    assert asked == [("V-skim", 40), ("V-land", 45)]
    assert flown.moves[-1] == "land-fast"


# -- every face reads the one computation ----------------------------------------------------------

def test_reach_path_and_advice_give_the_skimming_save_with_the_penalty() -> None:
    """V-saves: reach, path and advise read the space's one skimming save: an excellent hawk
    with Reflex 50 skims beside a hare at 55 %, so advice's skimming place succeeds 11/20."""
    s = volare([hawk(maneuverability="excellent", fly=6, side="a"),
                {"id": "hare", "at": "J14", "side": "b"}], columns=20, rows=30, top=6)
    reach = wingbeat.reach(s, "hawk")
    skims = {c.chance for st_ in reach.states for c in st_.checks if c.rule == "V-skim"}
    assert skims == {55}
    way = wingbeat.path(s, "hawk", "J12", altitude=0, mode="skimming")
    assert [(c.rule, c.chance) for c in way.checks] == [("V-skim", 55)]
    advice = wingbeat.advise(s, "hawk", target="hare").to_dict()
    skimming = [o for o in advice["options"] if o["end"]["skimming"]]
    assert skimming and all(o["success"] == "11/20" for o in skimming)
    assert all(c["chance"] == 55 for o in skimming for c in o["checks"])


def test_play_rolls_the_skimming_save_at_its_chance() -> None:
    """V-skim, V-saves: play rolls the same chance the reports give (an excellent flyer's 55)."""
    game = Game.from_scenario_text(
        "ruleset: volare\nmap: {columns: 30, rows: 50, top: 10}\ncreatures:\n"
        "  - {id: hawk, fly: 8, maneuverability: excellent, reflex: 50, at: J10, altitude: 1, "
        "mode: hovering}\n", seed=2, order=["hawk"])
    entry = game.move("hawk", "down skim")
    (roll,) = [r for r in entry.rolls if r["kind"] == "save"]
    assert (roll["rule"], roll["chance"]) == ("V-skim", 55)


def test_the_reports_keep_the_class_row_for_the_game_master() -> None:
    """V-man, V-saves: the saves the game master rolls (Dex checks, a Reflex save against a
    fireball) take the penalty the report gives: medium `reflex` −10 %, `dex_check` −2."""
    data = wingbeat.reach(volare([hawk()]), "hawk").to_dict()
    row = data["maneuverability"]
    assert (row["reflex"], row["dex_check"], row["violent_landing"], row["skimming"]) == \
        (-10, -2, -5, 0)


@settings(max_examples=60, deadline=None)
@given(man=st.sampled_from(["excellent", "medium"]), reflex=st.integers(0, 100),
       compiled=st.booleans())
def test_each_save_takes_its_modifiers_whichever_search(man: str, reflex: int,
                                                        compiled: bool) -> None:
    """V-saves, as a property: skimming = reflex + skimming + reflex penalty; violent landing =
    reflex + its own modifier; both within 0-100, the same by the compiled or the pure search."""
    row = MANEUVERABILITY[Maneuverability(man)]
    skim = clamp_percent(reflex + (row["skimming"] or 0) + (row["reflex"] or 0))
    land = clamp_percent(reflex + (row["violent_landing"] or 0))
    s = volare([hawk(maneuverability=man, reflex=reflex)], columns=12, rows=16, top=3)
    with searching(compiled):
        assert chances(s, "down skim") == [("V-skim", skim)]
        assert chances(s, "down land-fast") == [("V-land", land)]
        found = {(c.rule, c.chance) for st_ in wingbeat.reach(s, "hawk").states
                 for c in st_.checks}
    assert found <= {("V-skim", skim), ("V-land", land)}
    assert ("V-skim", skim) in found
    assert F(skim, 100) == wingbeat.Save("V-skim", "reflex", skim).probability
