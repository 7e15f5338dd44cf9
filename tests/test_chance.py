"""V-saves: checks are chance events with exact odds; rolls only with a seeded generator."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

import wingbeat
from wingbeat.chance import clamp_percent, roll_check, success_probability
from wingbeat.model import Save


@pytest.mark.parametrize(("raw", "clamped"), [(-15, 0), (0, 0), (55, 55), (100, 100), (120, 100)])
def test_chances_are_clamped_to_0_100(raw: int, clamped: int) -> None:
    assert clamp_percent(raw) == clamped


def test_probabilities_are_exact() -> None:
    checks = [Save("V-skim", "reflex", 50), Save("V-land", "reflex", 45)]
    assert success_probability(checks) == Fraction(9, 40)


def test_a_roll_succeeds_at_or_under_the_chance() -> None:
    check = Save("V-land", "reflex", 45)
    rolls = [roll_check(check, random.Random(seed)) for seed in range(200)]
    assert all(r.success == (r.roll <= 45) for r in rolls)
    assert {r.success for r in rolls} == {True, False}


def test_seeded_rolls_are_reproducible() -> None:
    check = Save("V-skim", "reflex", 60)
    first = [roll_check(check, random.Random(7)).roll for _ in range(5)]
    again = [roll_check(check, random.Random(7)).roll for _ in range(5)]
    assert first == again
    rng_a, rng_b = random.Random(11), random.Random(11)
    assert [roll_check(check, rng_a).roll for _ in range(20)] == [
        roll_check(check, rng_b).roll for _ in range(20)]


def test_reach_and_check_never_roll(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only play rolls: reach, path and check report chances without touching any generator."""
    def forbidden(*_args: object, **_kwargs: object) -> int:
        raise AssertionError("a query rolled a die")

    monkeypatch.setattr(random, "randint", forbidden)
    monkeypatch.setattr(random.Random, "randint", forbidden)
    monkeypatch.setattr(random.Random, "random", forbidden)
    scenario = wingbeat.parse_scenario({
        "ruleset": "volare", "map": {"columns": 12, "rows": 20},
        "creatures": [{"id": "f", "fly": 6, "reflex": 40, "at": "F10", "altitude": 1,
                       "mode": "hovering"}]})
    assert any(s.checks for s in wingbeat.reach(scenario, "f").states)
    # a medium flyer's skimming save takes the V-man penalty, "-2/-10% a tutti le prove ed i
    # tiri salvezza che sarebbero stati più facili da evitare" (V-saves): 40 − 10
    assert wingbeat.check(scenario, "f", "down skim").checks[0].chance == 30


def test_the_old_name_of_a_save_still_works() -> None:
    """``Save`` was ``Check`` in wingbeat 0.1, too like ``wingbeat.check`` (a whole move): the old
    name stays in the public API so that embedders do not break."""
    import wingbeat

    assert wingbeat.Check is wingbeat.Save
    assert wingbeat.Check("V-skim", "reflex", 60) == Save("V-skim", "reflex", 60)
