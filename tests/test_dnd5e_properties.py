"""dnd5e invariants: reach, path and check are one legality function, on random small maps."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import wingbeat
from conformance import (
    assert_path_finds_the_least_cost,
    assert_reach_shape,
    assert_ways_check,
    evenly,
    json_of,
)
from wingbeat.geometry.labels import column_label

SIZE = 5


@st.composite
def battlefields(draw: st.DrawFn) -> tuple[str, str]:
    """A 5 × 5 map, altitude 0-2, some walls, difficult squares and raised ground (ledges 5 or
    10 ft high, to walk off: D-fly); a mover (with a fly speed it flies along the ground too;
    with a Strength score it jumps: D-jump) and a foe."""
    squares = [f"{column_label(c)}{r}" for c in range(1, SIZE + 1) for r in range(1, SIZE + 1)]
    mover_at = draw(st.sampled_from(squares))
    rest = [s for s in squares if s != mover_at]
    foe_at = draw(st.sampled_from(rest))
    free = [s for s in rest if s != foe_at]
    walls = draw(st.lists(st.sampled_from(free), max_size=5, unique=True))
    rough = draw(st.lists(st.sampled_from(squares), max_size=6, unique=True))
    raised = draw(st.lists(st.sampled_from(squares), max_size=8, unique=True))
    if draw(st.booleans()) and mover_at not in raised:
        raised.append(mover_at)  # the mover starts on a ledge, to walk off it
    height = draw(st.sampled_from([1, 2]))
    diagonals = draw(st.sampled_from(["phb", "dmg", "euclid"]))
    walk = draw(st.sampled_from([10, 15, 20]))
    fly = draw(st.sampled_from([0, 15, 20]))
    prone = draw(st.booleans())
    strength = draw(st.sampled_from(["", ", strength: 10", ", strength: 20"]))
    cells = [f"{{at: [{', '.join(rough)}], terrain: difficult}}"] if rough else []
    if walls:
        cells.append(f"{{at: [{', '.join(walls)}], wall: true}}")
    if raised:
        cells.append(f"{{at: [{', '.join(raised)}], ground: {height}}}")
    text = (f"ruleset: dnd5e\noptions: {{diagonals: {diagonals}}}\n"
            f"map: {{grid: square, columns: {SIZE}, rows: {SIZE}, top: 2, "
            f"cells: [{', '.join(cells)}]}}\ncreatures:\n"
            f"  - {{id: mover, speed: {{walk: {walk}, fly: {fly}}}{strength}, at: {mover_at},"
            " side: a"
            f"{', conditions: [prone]' if prone else ''}}}\n"
            f"  - {{id: foe, speed: {{walk: 30}}, reach: 5, at: {foe_at}, side: b}}\n")
    return text, diagonals


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(battlefields())
def test_every_reached_state_checks_with_the_same_cost_and_end(field: tuple[str, str]) -> None:
    """D-turn: check accepts each reach path at the reach cost, ending in that state (the
    conformance assertion, every state)."""
    text, _ = field
    s = wingbeat.read_scenario_text(text, source="random.yaml")
    report = json_of(wingbeat.reach(s, "mover"))
    assert_reach_shape("dnd5e", report, "mover")
    assert report["states"][0]["cost"] == "0"
    assert_ways_check(s, "mover", report, report["states"])


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(battlefields())
def test_path_finds_the_reach_cost_of_each_square(field: tuple[str, str]) -> None:
    """One legality function: the cheapest path to a square (at an altitude, in a mode) costs
    its least reach cost, with and without --can-act (the conformance assertion, on eight states
    evenly spread)."""
    text, _ = field
    s = wingbeat.read_scenario_text(text, source="random.yaml")
    report = json_of(wingbeat.reach(s, "mover"))
    sample = evenly(report["states"], 8)
    assert_path_finds_the_least_cost(s, "mover", report, sample)
    assert_path_finds_the_least_cost(s, "mover", report, sample[-2:], can_act=True)


@settings(max_examples=12, deadline=None)
@given(battlefields())
def test_the_diagonal_rules_order_reach_costs(field: tuple[str, str]) -> None:
    """D-grid: every phb cost is at most the dmg or euclid cost of the same end state."""
    text, _ = field
    s = wingbeat.read_scenario_text(text, source="random.yaml")
    costs = {}
    for rule in ("phb", "dmg", "euclid"):
        report = wingbeat.reach(s, "mover", diagonals=rule).to_dict()
        costs[rule] = {(x["at"], x["altitude"], x["prone"]): Fraction(x["cost"])
                       for x in report["states"]}
    for key, cost in costs["dmg"].items():
        assert costs["phb"][key] <= cost
    for key, cost in costs["euclid"].items():
        assert costs["phb"][key] <= cost
