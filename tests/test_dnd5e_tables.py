"""dnd5e's per-battle tables (issue 12): made once for a battle and creature, shared by every
query on them, and giving the very answers a space that starts from nothing gives."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings

import wingbeat
from test_dnd5e_properties import battlefields
from wingbeat.rulesets.dnd5e import Dnd5eSpace
from wingbeat.rulesets.dnd5e import tables as dnd5e_space
from wingbeat.rulesets.dnd5e.tables import shared_tables

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples" / "dnd5e").glob("*.yaml"))


def _forget() -> None:
    dnd5e_space._TABLES.clear()


def _harpy_at(altitude: int) -> wingbeat.Scenario:
    """The harpy example with the harpy at another altitude: another battle, other tables."""
    data = yaml.safe_load((ROOT / "src" / "wingbeat" / "examples" / "harpy.yaml").read_text())
    data["creatures"][0]["altitude"] = altitude
    return wingbeat.parse_scenario(data, source="harpy")


def test_one_battle_and_creature_share_one_table() -> None:
    scenario = wingbeat.open_scenario("example:harpy")
    battle = scenario.battle
    a = Dnd5eSpace(battle, "harpy", full_notation=False)
    b = Dnd5eSpace(battle, "harpy")  # check's space (full notation) shares it too
    assert a.tables is b.tables is shared_tables(battle, "harpy")
    assert Dnd5eSpace(battle, "fighter").tables is not a.tables
    # a query option makes a new battle with the same map and creatures: its own tables (the
    # diagonal rule changes threats, the units the fall events)
    from wingbeat.rulesets.dnd5e import RULESET

    dmg = RULESET.space(scenario, "harpy", options={"diagonals": "dmg"})
    assert dmg.tables is not a.tables
    assert RULESET.space(scenario, "harpy", options={"diagonals": "dmg"}).tables is dmg.tables
    # the same file read again is an equal battle: its tables are found by value (issue 29: a
    # first query on a re-read scenario costs a repeat's); a changed one is another battle
    again = wingbeat.open_scenario("example:harpy").battle
    assert Dnd5eSpace(again, "harpy").tables is a.tables
    assert Dnd5eSpace(_harpy_at(3).battle, "harpy").tables is not a.tables


def test_only_a_few_tables_are_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each creature's tables hold a few kB a place: the last four are kept, no more, and older
    ones only while they hold few places together."""
    _forget()
    for altitude in range(dnd5e_space._TABLES_KEPT + 3):
        shared_tables(_harpy_at(altitude).battle, "harpy")
    assert len(dnd5e_space._TABLES) == dnd5e_space._TABLES_KEPT
    _forget()
    monkeypatch.setattr(dnd5e_space, "_TABLES_PLACES", 100)
    scenario = wingbeat.open_scenario("example:harpy")
    battle = scenario.battle
    first = Dnd5eSpace(battle, "scout").tables
    assert 0 < first.held() <= 100  # the start's place, and those around it
    wingbeat.reach(scenario, "harpy")
    harpy = shared_tables(battle, "harpy")
    assert harpy.held() > 100
    assert list(dnd5e_space._TABLES.values()) == [first, harpy]
    fighter = shared_tables(battle, "fighter")  # the harpy's big tables go
    assert list(dnd5e_space._TABLES.values()) == [fighter]


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_warm_tables_give_the_answers_of_cold_ones(path: Path) -> None:
    """D-turn: a reach, a path and a check on tables other queries filled (with full notation
    and without, other options) equal the same queries starting from nothing."""
    scenario = wingbeat.open_scenario(path)
    ids = [c.id for c in scenario.battle.creatures]
    for creature in ids:
        _forget()
        cold = wingbeat.reach(scenario, creature).to_dict()
        cold_euclid = wingbeat.reach(scenario, creature, diagonals="euclid").to_dict()
        far = cold["states"][-1]
        cold_path = wingbeat.path(scenario, creature, far["at"],
                                  altitude=far["altitude"]).to_dict()
        cold_check = wingbeat.check(scenario, creature, far["path"]).to_dict()
        # warm: the tables now hold what those queries made; ask again in another order
        assert wingbeat.check(scenario, creature, far["path"]).to_dict() == cold_check
        assert wingbeat.path(scenario, creature, far["at"],
                             altitude=far["altitude"]).to_dict() == cold_path
        assert wingbeat.reach(scenario, creature, diagonals="euclid").to_dict() == cold_euclid
        assert wingbeat.reach(scenario, creature).to_dict() == cold


def _assert_spans_match_fits(space: Dnd5eSpace) -> None:
    """``_span`` (the searches' room test) says what ``_fits`` (with its words) says, for every
    space, altitude and footprint, whole or squeezed (D-size)."""
    board = space.board
    for anchor in range(len(board.coords)):
        low, high, s_low, s_high = space._span(anchor)
        for z in range(board.bottom - 1, board.top + 2):
            assert (low <= z <= high) == (space._fits(anchor, z, False) is None), (anchor, z)
            assert (s_low <= z <= s_high) == (space._fits(anchor, z, True) is None), (anchor, z)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_room_spans_agree_with_the_worded_test(path: Path) -> None:
    battle = wingbeat.open_scenario(path).battle
    for creature in battle.creatures:  # medium to gargantuan, on squares and hexes
        _assert_spans_match_fits(Dnd5eSpace(battle, creature.id))


def _movers_space(field: tuple[str, str]) -> Dnd5eSpace:
    """The mover's space on a random battlefield (its text; its diagonal rule is not used)."""
    text, _ = field
    return Dnd5eSpace(wingbeat.read_scenario_text(text, source="random.yaml").battle, "mover")


def test_room_spans_of_a_burrower_squeezing_under_a_ceiling() -> None:
    text = """ruleset: dnd5e
map: {grid: square, columns: 6, rows: 5, top: 4, bottom: -2,
      cells: [{at: [C2, C3], ceiling: 2}, {at: [D3], wall: true}, {at: [E1, E2], ground: 1}]}
creatures:
  - {id: worm, size: huge, speed: {walk: 20, burrow: 20}, at: A1, side: a}
  - {id: mole, size: large, speed: {walk: 20}, at: A4, side: a}
"""
    battle = wingbeat.read_scenario_text(text, source="burrow.yaml").battle
    for creature in ("worm", "mole"):
        _assert_spans_match_fits(Dnd5eSpace(battle, creature))


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(battlefields())
def test_room_spans_on_random_battlefields(field: tuple[str, str]) -> None:
    _assert_spans_match_fits(_movers_space(field))


def test_threads_filling_one_table_give_one_answer() -> None:
    """The web server answers queries in threads: several reaches filling the same tables at
    once give the answer one reach alone gives."""
    from concurrent.futures import ThreadPoolExecutor

    source = ROOT / "examples" / "dnd5e" / "diagonals.yaml"
    _forget()
    alone = wingbeat.reach(wingbeat.open_scenario(source), "runner").to_dict()
    _forget()
    scenario = wingbeat.open_scenario(source)
    with ThreadPoolExecutor(4) as pool:
        answers = list(pool.map(lambda _: wingbeat.reach(scenario, "runner").to_dict(),
                                range(4)))
    assert all(answer == alone for answer in answers)


def _assert_labels_are_described(space: Dnd5eSpace) -> None:
    """``label_of`` (a path's quick refusal of states elsewhere) is ``describe``'s ``at``, for
    every state the search settles, on a place made in C or in Python."""
    from wingbeat.search import explore

    found = explore(space)
    for code in found.priority:
        assert space.label_of(code) == space.describe(code)["at"], code


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_a_states_label_is_the_one_it_is_described_at(path: Path) -> None:
    battle = wingbeat.open_scenario(path).battle
    for creature in battle.creatures:
        _assert_labels_are_described(Dnd5eSpace(battle, creature.id))


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(battlefields())
def test_a_states_label_on_random_battlefields(field: tuple[str, str]) -> None:
    _assert_labels_are_described(_movers_space(field))
