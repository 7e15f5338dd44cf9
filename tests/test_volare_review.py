"""volare corner cases found in review: edges of the map, blocked drifts, gales, refusals.

Each test names the rule it holds the code to; docs/volare.md records the choices.
"""

from __future__ import annotations

from typing import Any

import pytest

import wingbeat
from answers import checked, reached, refusal
from scenarios import volare
from wingbeat.geometry.hexgrid import parse_hex
from wingbeat.rules.grid import MoveReport, ReachReport


def check(scenario: wingbeat.Scenario, who: str, moves: str) -> MoveReport:
    return checked(MoveReport, scenario, who, moves)


def refused(scenario: wingbeat.Scenario, who: str, moves: str, rule: str, step: int) -> str:
    return refusal(check(scenario, who, moves), rule, step)


def reach(scenario: wingbeat.Scenario, who: str, **options: Any) -> ReachReport:
    return reached(ReachReport, scenario, who, **options)


def flyer(**fields: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"id": "f", "fly": 8, "ground": 3, "maneuverability": "medium",
                            "reflex": 50, "at": "J10"}
    base.update(fields)
    return base


# -- V-takeoff: the thrust is the first thing done in the round --------------------------------

@pytest.mark.parametrize("moves", ["land-fast thrust", "land-fast J8 thrust",
                                   "skim land-fast thrust"])
def test_no_thrust_after_landing_in_the_same_round(moves: str) -> None:
    """V-takeoff Decision: the thrust must be the first thing the creature does in the round; a
    violent landing (even at 0 MP, even followed by a free walk) is something it did."""
    s = volare([flyer(altitude=0, mode="moving", heading="N")])
    step = len(moves.split())
    message = refused(s, "f", moves, "V-takeoff", step)
    assert "first thing" in message and "landed" in message
    assert not any("thrust" in st.moves for st in reach(s, "f").states)


def test_grounded_non_flyer_is_told_it_cannot_fly() -> None:
    """V-takeoff: a creature with no fly speed is not told to make a thrust of 0 MP. With its
    ground speed it walks instead (V-walk), so its step into J8 is a walk of 1 MP."""
    s = volare([{"id": "wolf", "at": "J10", "ground": 4}])
    message = refused(s, "wolf", "up", "V-takeoff", 1)
    assert "cannot fly" in message and "0 MP" not in message
    walked = check(s, "wolf", "J8")
    assert walked.legal and walked.cost == 1 and walked.end.get("on_foot") is True
    s = volare([{"id": "stone", "at": "J10"}])  # no ground speed either: it cannot walk
    assert "no ground speed" in refused(s, "stone", "J8", "V-walk", 1)


def test_grounded_overloaded_flyer_is_told_about_its_load() -> None:
    """V-enc: at U + 6w (76 lb for Strength 10) it cannot fly, so 'take off first' is wrong. It
    still walks, its ground speed 3 reduced for ground band 6 to max(1, floor(3 × 6 / 12)) = 1
    hex (V-walk)."""
    s = volare([flyer(strength=10, load=76)])
    message = refused(s, "f", "up", "V-enc", 1)
    assert "76 lb" in message
    assert check(s, "f", "J8").legal
    message = refused(s, "f", "J8 J6", "V-walk", 2)
    assert "needs 2 MP of walking" in message and "walks 1 (ground 3 in ground band 6)" in message


def test_grounded_flyer_in_a_gale_is_told_about_the_gale() -> None:
    """V-wind Decision: no take-off in a gale, and the explanation says so at the first move.
    Walking is no flight: a gale leaves it (V-walk)."""
    s = volare([flyer()], wind={"strength": "gale", "toward": "N"})
    assert "gale" in refused(s, "f", "up", "V-wind", 1)
    assert "gale" in refused(s, "f", "thrust", "V-wind", 1)
    assert check(s, "f", "J8").legal


# -- V-wind: gales ------------------------------------------------------------------------------

@pytest.mark.parametrize("mode", ["hovering", "moving"])
def test_skimmer_caught_in_a_gale_must_land(mode: str) -> None:
    """V-wind Decision, V-skim: in a gale no flight step is legal, so a flyer at ground level
    cannot skim on; it lands (landing leaves the air, it is no flight step). Before, it could
    neither skim nor land, and reach listed no state at all."""
    extra = {"heading": "N"} if mode == "moving" else {}
    s = volare([flyer(altitude=0, mode=mode, **extra)], wind={"strength": "gale", "toward": "N"})
    assert "gale" in refused(s, "f", "skim", "V-wind", 1)
    assert "gale" in refused(s, "f", "J8", "V-wind", 1)
    safe = check(s, "f", "land")
    assert safe.legal and safe.end["mode"] == "grounded"
    assert check(s, "f", "land-fast").checks[0].rule == "V-land"
    states = reach(s, "f").states
    assert states and {st.state["mode"] for st in states} == {"grounded"}
    message = refused(s, "f", "", "V-skim", 1)
    assert "land" in message and "gale" in message


def test_pay_in_a_gale_names_the_gale() -> None:
    """V-wind: 'there is no wind to pay for' is wrong in a gale."""
    s = volare([flyer(altitude=3, mode="hovering")], wind={"strength": "gale", "toward": "N"})
    message = refused(s, "f", "pay", "V-wind", 1)
    assert "gale" in message and "no wind" not in message


# -- V-wind: hovering at round start, drift blocked ----------------------------------------------

def test_blocked_drift_leaves_only_paying() -> None:
    """V-wind: when the downwind hex cannot be entered (raised ground), the creature must pay;
    the refusal of the drift says so instead of 'climb first' (climbing is not allowed yet)."""
    s = volare([flyer(altitude=2, mode="hovering")], cells=[{"at": ["K11"], "ground": 3}],
               wind={"strength": "breeze", "toward": "SE"})
    message = refused(s, "f", "K11", "V-wind", 1)
    assert "K11" in message and "pay" in message and "climb first" not in message
    whole = refused(s, "f", "", "V-wind", 1)
    assert "pay" in whole and "cannot" in whole
    assert {st.moves[0] for st in reach(s, "f").states} == {"pay"}


@pytest.mark.parametrize(("at", "cells", "why"), [
    ("A1", [], "off the map"),
    ("J10", [{"at": ["J8"], "ground": 3}], "ground level"),
    ("J10", [{"at": ["J8"], "ceiling": 2}], "ceiling"),
])
def test_no_dead_end_when_the_creature_can_neither_pay_nor_drift(
        at: str, cells: list[dict[str, Any]], why: str) -> None:
    """V-wind: fly 1 in a breeze cannot pay 2 MP, and the wind blows it into the map's edge, a
    cliff or a low ceiling. It holds its place spending all its MP (no dead end: before, reach
    listed no state at all and play could not go on)."""
    s = volare([flyer(fly=1, at=at, altitude=2, mode="hovering")], cells=cells,
               wind={"strength": "breeze", "toward": "N"})
    report = check(s, "f", "pay")
    assert report.legal and report.cost == 1 and report.end["at"] == at
    assert report.can_act  # paying is not movement (V-wind)
    states = reach(s, "f").states
    assert [st.moves for st in states] == [("pay",)]
    assert why in refused(s, "f", "", "V-wind", 1)


def test_unaffordable_pay_with_a_free_drift_must_drift() -> None:
    """V-wind: fly 1 cannot pay 2 MP; it must drift, and the refusal of pay says where."""
    s = volare([flyer(fly=1, altitude=2, mode="hovering")],
               wind={"strength": "breeze", "toward": "N"})
    message = refused(s, "f", "pay", "V-mp", 1)
    assert "J8" in message and "downwind" in message
    assert check(s, "f", "J8").legal


def test_skimming_hoverer_in_wind_is_told_both_duties() -> None:
    """V-wind, V-skim: skimming and hovering at round start in wind, its first move is pay or
    skim (drifting along the ground is skimming on, so its save comes first); landing waits for
    the payment. The messages must not send the player to a move that is refused next."""
    s = volare([flyer(altitude=0, mode="hovering")],
               wind={"strength": "breeze", "toward": "SE"})
    start = refused(s, "f", "", "V-wind", 1)
    assert "pay" in start and "skim" in start and "K11" in start
    drift = refused(s, "f", "K11", "V-wind", 1)
    assert "skim" in drift and "pay" in drift
    assert check(s, "f", "skim K11").legal
    assert check(s, "f", "pay land").legal


# -- V-inertia at the edge of the map -------------------------------------------------------------

@pytest.mark.parametrize(("at", "heading", "move"), [("A1", "N", "B2"), ("B2", "S", "C1"),
                                                     ("D40", "S", "C39")])
def test_inertia_refusal_at_the_map_edge_names_real_hexes(at: str, heading: str,
                                                          move: str) -> None:
    """V-inertia: the refusal lists the frontal hexes on the map, and never 'None→' or '()'."""
    s = volare([flyer(at=at, altitude=2, mode="moving", heading=heading)], columns=4, rows=40)
    message = refused(s, "f", move, "V-inertia", 1)
    assert "None" not in message and "()" not in message
    assert "stop to hover first" in message


def test_inertia_refusal_with_every_frontal_hex_off_the_map() -> None:
    s = volare([flyer(at="A1", altitude=2, mode="moving", heading="N")])
    assert "off the map" in refused(s, "f", "A3", "V-inertia", 1)


def test_skimming_since_last_round_refusal_offers_climbing() -> None:
    """V-skim: starting the round skimming, the choices are skim, land, or climb away (up)."""
    s = volare([flyer(altitude=0, mode="moving", heading="N")])
    message = refused(s, "f", "hover", "V-skim", 1)
    assert "skim" in message and "land" in message and "up" in message


# -- V-prox -----------------------------------------------------------------------------------

def test_engagement_needs_two_creatures() -> None:
    """V-prox: a creature is not in melee with itself; naming it twice is bad input."""
    s = volare([flyer(altitude=2, mode="hovering")])
    with pytest.raises(wingbeat.WingbeatError, match="two different creatures"):
        wingbeat.engagement(s, "f", "f")


def test_two_walkers_one_level_apart_are_not_called_flyers() -> None:
    """V-prox: walkers on adjacent hexes one level apart (a roof) are in melee; the reason must
    not speak of a hovering flyer."""
    s = volare([{"id": "a", "at": "J10"}, {"id": "b", "at": "K11"}],
               cells=[{"at": ["K11"], "ground": 1}])
    result = wingbeat.engagement(s, "a", "b").to_dict()
    assert result["engagement"] == "melee" and result["elevated"] == "b"
    assert "flyer" not in result["reason"]


# -- V-enc in the scenario -----------------------------------------------------------------------

@pytest.mark.parametrize("mode", ["hovering", "moving"])
def test_airborne_creature_too_loaded_to_fly_is_bad_input(mode: str) -> None:
    """V-enc: at U + 6w a creature cannot fly at all, so it cannot start the round in flight."""
    extra = {"heading": "N"} if mode == "moving" else {}
    with pytest.raises(wingbeat.ScenarioError, match=r"creatures\[0\]\.load.*76 lb"):
        volare([flyer(strength=10, load=80, altitude=2, mode=mode, **extra)])


# -- path: a target altitude off the map -----------------------------------------------------------

@pytest.mark.parametrize("altitude", ["-1", "11"])
def test_path_to_an_altitude_off_the_map_is_bad_input(altitude: str) -> None:
    """V-grid: altitudes run 0 … top; asking for another is bad input, not 'cannot reach'."""
    s = volare([flyer(altitude=2, mode="hovering")])
    with pytest.raises(wingbeat.NotationError, match="altitude"):
        wingbeat.path(s, "f", "J8", altitude=altitude)


def test_skimming_since_last_round_under_a_ceiling_is_not_offered_to_climb() -> None:
    """V-skim, V-grid: in a tunnel (ceiling 1) climbing away is no choice, so none is offered."""
    s = volare([flyer(altitude=0, mode="moving", heading="N")],
               cells=[{"at": ["J10", "J8"], "ceiling": 1}])
    message = refused(s, "f", "", "V-skim", 1)
    assert "skim" in message and "up" not in message


def test_poor_flyer_without_altitude_is_told_the_altitude_is_missing() -> None:
    """V-skim: a poor flyer in flight with no altitude lands at ground level by default, which it
    cannot be in; the error says the altitude is missing."""
    with pytest.raises(wingbeat.ScenarioError, match=r"creatures\[0\]\.mode.*no altitude given"):
        volare([flyer(mode="hovering", maneuverability="poor")])


def test_one_cell_given_two_ground_levels_is_bad_input() -> None:
    """V-grid: each cell has one ground level; a second, different one is a typo to report
    (before, the last one silently won). The same level twice is harmless."""
    with pytest.raises(wingbeat.ScenarioError, match=r"map\.cells\[1\]\.at\[1\].*C3.*ground at 1"):
        volare([flyer(at="J10")], cells=[{"at": ["C3"], "ground": 1},
                                         {"at": ["D4", "C3"], "ground": 2}])
    s = volare([flyer(at="J10")], cells=[{"at": ["C3"], "ground": 1},
                                         {"at": ["C3"], "ground": 1, "ceiling": 3}])
    assert s.battle.map.ground_at(parse_hex("C3")) == 1


def test_bad_wind_direction_is_named_once() -> None:
    with pytest.raises(wingbeat.ScenarioError, match=r"map\.wind\.toward") as caught:
        volare([flyer()], wind={"strength": "breeze", "toward": "up"})
    assert str(caught.value).count("'up'") == 1


def test_skim_while_already_skimming_says_so() -> None:
    """V-skim: a second 'skim' is refused as already skimming, not as 'above ground level'."""
    s = volare([flyer(altitude=1, mode="hovering")])
    message = refused(s, "f", "down skim skim", "V-skim", 3)
    assert "already skimming" in message and "above" not in message


def test_poor_flyer_thrust_note_does_not_offer_skimming() -> None:
    """V-skim, V-takeoff: a poor flyer must climb after its thrust; the event says only that."""
    s = volare([flyer(maneuverability="poor")])
    (event,) = check(s, "f", "thrust").events
    assert "skim" not in event["note"] and "up" in event["note"]
