"""One attack answer (issue 25): ``path --attack`` keeps finding the cheapest place in melee with
the attack still to make, and says when advice ranks another place first (``advised``), so a
game master never reads two answers to one question without being told why they differ.

The ranking is advice's (docs/threat.md, "The ranking"): a position scores 10 per unit of
probability that its saves all succeed, −2 per foe that could strike its end place next turn,
+1 per edge, +1/10 per kind of action still open besides the attack, and −1/2 per whole round's
movement spent. Each case is worked by hand below. The property at the end: over random
battlefields, ``advised`` is advice's best, it agrees exactly when it ends where the cheapest
way ends, and advice lists the cheapest place too (one legality function behind both)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import wingbeat
from answers import cli_json, cli_text
from conformance import json_of
from test_dnd5e_properties import battlefields as dnd5e_fields
from volare_fields import CELLS, DIRECTIONS, battlefield, terrain
from wingbeat.tactics import AttackAnswer, attack_answer

ADVICE = Path(__file__).parent / "data" / "advice"
HAWKS = str(ADVICE / "hawks.yaml")
FOLD = str(ADVICE / "sheepfold.yaml")


def _option(advice: Any, end: dict[str, Any]) -> Any:
    return next(o for o in advice.options if all(o.end[k] == v for k, v in end.items()
                                                 if k in o.end))


# -- volare: the cheapest needs a save, advice's best is safe and one MP dearer -------------------

def test_the_stooping_hawk_lands_cheapest_but_advice_hovers() -> None:
    """V-land, V-prox, V-inertia. The hawk flew SE into D4, one level up, beside the hare at E5:
    while moving it is only at reach (V-prox case 1, "si considererà in ogni caso essere ad un
    esagono di distanza"). Two ways to strike:

    - ``down land-fast``, 1 MP: a violent landing beside the hare, case 3 ("alla stessa sua
      altitudine … in corpo a corpo"), with the Reflex save ("Se il tiro salvezza riesce sarà
      riuscita ad atterrare in velocità senza problemi potendo eventualmente effettuare altre
      azioni"): the cheapest, what ``path --attack`` finds;
    - ``hover``, 2 MP (medium): case 2 ("librandosi in aria sul posto … in corpo a corpo"), one
      level up, the elevated position, no save.

    Advice scores the hover 10 − 2 (the hare strikes back) + 1 (elevated) + 2/10 (a spell without
    somatic component, a non-physical action) − 1/2 × 2/8 = 363/40, the landing
    10 × p − 2 + 3/10 (any spell too, on the ground) − 1/2 × 1/8 with p its save's odds (9/20:
    Reflex 50, −5 for a medium flyer): 219/80. So advice ranks the hover first, and the text says
    so in one line."""
    scenario = wingbeat.open_scenario(HAWKS)
    answer = attack_answer(scenario, "stooper", "hare")
    cheapest = json_of(answer.path)
    assert (cheapest["moves"], cheapest["cost"]) == ("down land-fast", "1")
    assert [c["rule"] for c in cheapest["checks"]] == ["V-land"]
    advised = answer.advised
    assert advised is not None and not advised.agrees
    best = advised.option
    assert (best.way.moves, best.way.cost, best.way.checks) == ("hover", 2, ())
    assert best.score(advised.advice.weights) == Fraction(363, 40)
    assert advised.cheapest is not None
    p = advised.cheapest.way.success
    assert advised.cheapest.score(advised.advice.weights) == 10 * p - 2 + Fraction(3, 10) - \
        Fraction(1, 16)
    assert best.rank == 1 and advised.cheapest.rank > 1
    assert advised.why() == ["no save on the way", "holds the elevated position over hare (V-prox)",
                             "attacks hare by V-prox case 2"]
    assert advised.line() == (
        'advice ranks first: at D4, altitude 1, hovering, by "hover" (2 MP): no save on the way; '
        "holds the elevated position over hare (V-prox); attacks hare by V-prox case 2; it ranks "
        "this place "
        f"#{advised.cheapest.rank}; see wingbeat advise {HAWKS} stooper --target hare")


def test_the_circling_hawk_agrees_and_the_text_is_the_paths() -> None:
    """V-prox case 2: hovering two levels up over F6, beside the hare, one level down (1 MP) is
    in melee from above; nothing is cheaper, and advice scores nothing higher
    (10 − 2 + 1 + 2/10 − 1/2 × 1/8 = 731/80): they agree, and the text adds nothing."""
    scenario = wingbeat.open_scenario(HAWKS)
    answer = attack_answer(scenario, "circler", "hare")
    assert answer.advised is not None and answer.advised.agrees
    assert answer.advised.line() is None
    assert answer.advised.option.way.moves == "down"
    assert answer.advised.option.score(answer.advised.advice.weights) == Fraction(731, 80)
    plain = wingbeat.attack_path(scenario, "circler", "hare")
    assert answer.to_text() == plain.to_text()
    data = answer.to_dict()
    assert {k: v for k, v in data.items() if k != "advised"} == plain.to_dict()
    assert data["advised"]["agrees"] is True and data["advised"]["text"] is None


def test_the_cli_says_advice_beside_the_cheapest() -> None:
    """``wingbeat path --attack``: the cheapest way as before, its text with one line more, its
    JSON with ``advised`` last and every other field as ``attack_path`` gives it."""
    text = cli_text("path", HAWKS, "stooper", "--attack", "hare")
    lines = text.rstrip("\n").splitlines()
    plain = wingbeat.attack_path(wingbeat.open_scenario(HAWKS), "stooper", "hare")
    assert lines[:-1] == plain.to_text().splitlines()
    assert lines[-1].startswith('advice ranks first: at D4, altitude 1, hovering, by "hover" '
                                "(2 MP): no save on the way;")
    assert lines[-1].endswith(f"see wingbeat advise {HAWKS} stooper --target hare")
    data = cli_json("path", HAWKS, "stooper", "--attack", "hare")
    assert list(data)[-1] == "advised"
    assert {k: v for k, v in data.items() if k != "advised"} == plain.to_dict()
    advised = data["advised"]
    assert advised["agrees"] is False and advised["text"] == lines[-1]
    assert advised["option"]["moves"] == "hover" and advised["option"]["rank"] == 1
    assert advised["cheapest"]["moves"] == "down land-fast"
    assert advised["why"] == ["no save on the way",
                              "holds the elevated position over hare (V-prox)",
                              "attacks hare by V-prox case 2"]
    advice = cli_json("advise", HAWKS, "stooper", "--target", "hare")
    assert advised["option"] == advice["options"][0]
    assert advised["cheapest"] in advice["options"]
    agreed = cli_json("path", HAWKS, "circler", "--attack", "hare")
    assert agreed["advised"]["agrees"] is True and agreed["advised"]["text"] is None


def test_the_giant_bat_the_issues_case() -> None:
    """The issue: ``path --attack`` and the page chose the violent landing (a 45 % save), advise
    the safe hover the seed itself describes ("dovrà spostarsi in posizione U35 … dovrà scendere
    di quota di un esagono … e dovrà fermarsi a librare nell'aria usando 2 punti movimento",
    "in posizione sopraelevata rispetto al camoscio"). ``path --attack`` keeps the cheapest and
    now names the hover; avoiding every save (--no-checks), the hover is the cheapest too."""
    data = cli_json("path", "example:giant-bat", "bat", "--attack", "chamois")
    assert [c["rule"] for c in data["checks"]] == ["V-land"]
    advised = data["advised"]
    assert advised["agrees"] is False and advised["option"]["moves"] == "U35 down hover"
    assert advised["option"]["checks"] == [] and advised["option"]["edge"] == ["elevated"]
    assert Fraction(advised["option"]["cost"]) == Fraction(data["cost"]) + 1
    assert advised["text"].startswith('advice ranks first: at U35, altitude 1, hovering, by '
                                      '"U35 down hover" (4 MP): no save on the way; holds the '
                                      "elevated position over chamois (V-prox)")
    assert advised["text"].endswith("see wingbeat advise example:giant-bat bat --target chamois")
    text = cli_text("path", "example:giant-bat", "bat", "--attack", "chamois")
    assert text.rstrip("\n").splitlines()[-1] == advised["text"]
    safe = cli_json("path", "example:giant-bat", "bat", "--attack", "chamois", "--no-checks")
    assert safe["moves"] == "U35 down hover"
    assert safe["advised"]["agrees"] is True and safe["advised"]["without_saves"] is True


def test_without_saves_advice_ranks_only_the_ways_without_one() -> None:
    """V-saves: "--no-checks keeps only ways that need none"; advice beside such a path ranks
    only its ways without a save, and says so."""
    scenario = wingbeat.open_scenario(HAWKS)
    answer = attack_answer(scenario, "stooper", "hare", no_checks=True)
    assert json_of(answer.path)["moves"] == "hover"
    assert answer.advised is not None and answer.advised.agrees
    assert answer.advised.without_saves and not answer.advised.option.way.checks


#: An excellent hawk (fly 12, Reflex 0) skimming at A7, a strong wind blowing toward NE, a hare
#: on the ground at A1, three hexes north.
SKIMMER = """\
ruleset: volare
map: {grid: hex, columns: 8, rows: 14, top: 4, wind: {strength: strong-wind, toward: NE}}
creatures:
  - {id: hawk, at: A7, fly: 12, maneuverability: excellent, reflex: 0, mode: hovering,
     altitude: 0, side: air}
  - {id: hare, at: A1, mode: grounded, side: ground}
"""


def test_without_saves_advice_asks_each_place_by_its_way_without_a_save() -> None:
    """V-saves ("--no-checks keeps only ways that need none"), V-skim, V-wind. The hawk starts
    the round skimming, so its first move is ``skim`` with this round's save ("la prima volta
    che nel corso di ogni round … decida di volare rasoterra … dovrà superare un tiro salvezza su
    riflessi": 0 + 10 % for an excellent flyer) or ``pay`` (the strong wind's 4 MP, "hover at
    round start"). Over A3, one level up, beside the hare (V-prox case 2), the cheapest way skims
    (``skim B6 B4 A3 hover up``, 6 MP, the save); without a save it pays and climbs:
    ``pay up A5 A3 hover``, 4 + 2 + ¼ + ¼ + 1 = 7½ MP (N is beside the tailwind: ¼ for an
    excellent flyer), a movement of 3½ within the half-move of 6, so the attack is kept.

    ``path --attack --no-checks`` finds that way. Advice beside it must rank the places by their
    ways without a save: A3 scores 10 − 2 (the hare strikes back) + 1 (elevated) + 2/10 − 1/2 ×
    (15/2)/12 = 711/80 and the place over the hare (``pay up A5 A3 A1 hover``, 7¾ MP) 1/96 less,
    so advice agrees with the cheapest. It used to drop A3 (its cheapest way has a save) and
    name the place over the hare first, a place advice asked of the ways without a save does not
    rank first."""
    scenario = wingbeat.read_scenario_text(SKIMMER, source="skimmer")
    with_saves = wingbeat.advise(scenario, "hawk", target="hare")
    over_a3 = _option(with_saves, {"at": "A3", "altitude": 1, "mode": "hovering"})
    assert (over_a3.way.moves, over_a3.way.cost) == ("skim B6 B4 A3 hover up", 6)
    assert [c.rule for c in over_a3.way.checks] == ["V-skim"]
    answer = attack_answer(scenario, "hawk", "hare", no_checks=True)
    cheapest = json_of(answer.path)
    assert (cheapest["moves"], cheapest["cost"], cheapest["checks"]) == (
        "pay up A5 A3 hover", "15/2", [])
    advised = answer.advised
    assert advised is not None and advised.without_saves
    assert advised.agrees and advised.line() is None
    assert advised.option.way.moves == "pay up A5 A3 hover" and not advised.option.way.checks
    assert advised.option.score(advised.advice.weights) == Fraction(711, 80)
    assert all(not o.way.checks for o in advised.advice.options)
    over_hare = _option(advised.advice, {"at": "A1", "altitude": 1})
    assert over_hare.way.moves == "pay up A5 A3 A1 hover"
    assert over_hare.score(advised.advice.weights) == Fraction(711, 80) - Fraction(1, 96)
    assert "advised" in answer.to_dict() and answer.to_text() == answer.path.to_text()


# -- dnd5e: the cheapest place is within a foe's reach, advice's best is not ----------------------

def test_the_wolf_bites_cheapest_beside_the_chained_dog() -> None:
    """D-creatures, D-grid (Decision 11: "No move may cut across the corner of a wall or
    obstacle"). Rocks at C1 and C3 leave the wolf (A2, walk 30 ft, 60 with Dash) one square
    west of the sheep (D2): C2, by B2 C2, 10 ft, the cheapest place to bite from. The chained
    dog at D1 (speed 0, reach 5 ft) can bite anyone at C2 on its next turn. Round the rock's
    south side without cutting its corner, B3 B4 C4 D4 D3 (25 ft) ends beside the sheep out of
    the dog's reach.

    Both are 5 ft from the sheep, whose reach is 0 ("beyond its 0 ft reach": an edge); both
    leave the bonus action, the object interaction and the reaction (3/10). C2 scores
    10 − 2 + 1 + 3/10 − 1/2 × 10/60 = 553/60, D3 10 + 1 + 3/10 − 1/2 × 25/60 = 1331/120."""
    scenario = wingbeat.open_scenario(FOLD)
    answer = attack_answer(scenario, "wolf", "sheep")
    cheapest = json_of(answer.path)
    assert (cheapest["moves"], cheapest["cost"], cheapest["end"]["at"]) == ("B2 C2", "10", "C2")
    advised = answer.advised
    assert advised is not None and not advised.agrees
    assert (advised.option.end["at"], advised.option.way.moves) == ("D3", "B3 B4 C4 D4 D3")
    weights = advised.advice.weights
    assert advised.option.score(weights) == Fraction(1331, 120)
    assert advised.cheapest is not None and advised.cheapest.threatened_by == ("dog",)
    assert advised.cheapest.score(weights) == Fraction(553, 60)
    assert advised.why() == ["no foe can strike the end place on its next turn"]
    assert advised.line() == (
        'advice ranks first: at D3, altitude 0 (0 ft), walking, by "B3 B4 C4 D4 D3" (25 ft): no '
        f"foe can strike the end place on its next turn; it ranks this place "
        f"#{advised.cheapest.rank}; see wingbeat advise {FOLD} wolf --target sheep")
    verdict = json_of(wingbeat.check(scenario, "wolf", advised.option.way.moves))
    assert verdict["legal"] and verdict["can_act"] and verdict["end"]["at"] == "D3"


def test_the_harpy_example_agrees_against_the_scout_not_the_fighter() -> None:
    """D-creatures: the harpy's cheapest place against the fighter, C3 5 ft up (5 ft), is in the
    prone scout's reach as well as the fighter's; advice ranks first a place only the fighter
    reaches. Against the scout, advice scores four places alike, the cheapest among them: that is
    no advice against it (equal scores are ordered by cost, then by notation), so they agree."""
    scenario = wingbeat.open_scenario("example:harpy")
    fighter = attack_answer(scenario, "harpy", "fighter")
    assert fighter.advised is not None and not fighter.advised.agrees
    assert fighter.advised.cheapest is not None
    assert len(fighter.advised.option.threatened_by) < len(fighter.advised.cheapest.threatened_by)
    assert fighter.advised.why() == ["then within reach of 1 foe next turn: fighter"]
    scout = attack_answer(scenario, "harpy", "scout")
    assert scout.advised is not None and scout.advised.agrees
    weights = scout.advised.advice.weights
    assert scout.advised.option.score(weights) == scout.advised.advice.options[0].score(weights)


def test_advice_is_asked_of_the_battle_the_options_set() -> None:
    """D-diagonals, Decision 14: with ``diagonals=dmg`` and ``units=m`` the cheapest way and
    advice's best are both measured the DMG's way, in metres; advice's best checks as given
    under the same options."""
    scenario = wingbeat.open_scenario("example:harpy")
    answer = attack_answer(scenario, "harpy", "fighter", diagonals="dmg", units="m")
    assert json_of(answer.path)["unit"] == "m"
    assert answer.advised is not None and answer.advised.advice.unit == "m"
    best = answer.advised.option
    verdict = json_of(wingbeat.check(scenario, "harpy", best.way.moves, diagonals="dmg",
                                     units="m"))
    assert verdict["legal"] and Fraction(verdict["cost"]) == best.way.cost
    plain = wingbeat.advise(scenario, "harpy", target="fighter")
    assert plain.unit == "ft"  # the scenario itself is unchanged


def test_what_has_no_attack_positions_says_so_as_before() -> None:
    """The tabletop rulesets cannot look for attack positions yet: the same refusal; and a way
    not found is the path's answer alone (no ``advised``)."""
    with pytest.raises(wingbeat.OptionError, match="cannot look for attack positions yet"):
        attack_answer(wingbeat.open_scenario("example:pegasi"), "pegasi", "griffons")
    from_u33 = wingbeat.open_scenario(str(Path(__file__).parent / "data" / "examples" /
                                          "volare" / "giant-bat-from-u33.yaml"))
    assert isinstance(attack_answer(from_u33, "bat", "chamois"), AttackAnswer)
    far = wingbeat.read_scenario_text(
        "ruleset: volare\nmap: {grid: hex, columns: 30, rows: 30, top: 4}\ncreatures:\n"
        "  - {id: bat, fly: 4, maneuverability: medium, reflex: 50, at: B2, altitude: 2, "
        "mode: hovering}\n  - {id: hare, at: X28, mode: grounded}\n", source="far")
    lost = attack_answer(far, "bat", "hare")
    assert lost.advised is None and not lost.legal
    assert lost.to_dict() == wingbeat.attack_path(far, "bat", "hare").to_dict()
    assert "advised" not in lost.to_dict()


# -- the property: advised is advice's best, and advice lists the cheapest place -----------------

def assert_one_answer(scenario: Any, creature: str, target: str, **options: Any) -> None:
    """``advised`` is advice's best (or the cheapest place, where advice scores none higher); it
    agrees exactly when it ends where the cheapest way ends; advice lists the cheapest place and
    never a cheaper one; no way found, no position advised."""
    answer = attack_answer(scenario, creature, target, **options)
    found = answer.to_dict()
    safe = options.get("no_checks", False)
    advice = wingbeat.advise(scenario, creature, target=target, no_checks=safe)
    ranked = list(advice.options)
    assert not (safe and any(o.way.checks for o in ranked))
    if found.get("found") is False:
        assert answer.advised is None and not ranked
        return
    advised = answer.advised
    assert advised is not None and advised.cheapest is not None
    weights = advice.weights
    top = ranked[0].score(weights)
    assert advised.option.score(weights) == top
    assert advised.cheapest.score(weights) <= top
    assert all(o.way.cost >= Fraction(found["cost"]) for o in ranked)
    same = all(advised.option.end[k] == v for k, v in found["end"].items()
               if k in advised.option.end)
    assert advised.agrees == same
    assert (advised.line() is None) == advised.agrees
    if not advised.agrees:
        assert advised.cheapest.score(weights) < top
    verdict = json_of(wingbeat.check(scenario, creature, advised.option.way.moves))
    assert verdict["legal"] and verdict["can_act"]


@st.composite
def volare_targets(draw: st.DrawFn) -> dict[str, Any]:
    """A flyer ``f`` (any mode, maneuverability, Reflex) and a grounded target ``t`` three hexes
    away or less, on random raised ground, tunnels and wind."""
    land = terrain(draw, raised=4, tunnels=2, highest=2)
    free = [c for c in CELLS if c not in land.tunnels]
    at = draw(st.sampled_from([c for c in free if c not in land.raised]))
    column, row = ord(at[0]), int(at[1:])
    near = [c for c in free if c != at and abs(ord(c[0]) - column) <= 2
            and abs(int(c[1:]) - row) <= 4]
    mode = draw(st.sampled_from(["hovering", "moving"]))
    creature: dict[str, Any] = {
        "id": "f", "at": at, "mode": mode, "fly": draw(st.integers(3, 8)),
        "maneuverability": draw(st.sampled_from(["excellent", "medium", "poor"])),
        "reflex": draw(st.integers(0, 100)), "altitude": draw(st.integers(1, 3)), "side": "a"}
    if mode == "moving":
        creature["heading"] = draw(st.sampled_from(DIRECTIONS))
    data = battlefield(land, creature)
    data["creatures"].append({"id": "t", "at": draw(st.sampled_from(near)), "mode": "grounded",
                              "side": "b"})
    return data


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(volare_targets(), st.booleans())
def test_volare_one_answer(data: dict[str, Any], no_checks: bool) -> None:
    assert_one_answer(wingbeat.parse_scenario(data, source="prop"), "f", "t",
                      **({"no_checks": True} if no_checks else {}))


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(dnd5e_fields())
def test_dnd5e_one_answer(field: tuple[str, str]) -> None:
    scenario = wingbeat.read_scenario_text(field[0], source="prop")
    if scenario.battle.creature("mover").reach <= 0:
        return
    assert_one_answer(scenario, "mover", "foe")
