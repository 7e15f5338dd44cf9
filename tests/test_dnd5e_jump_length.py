"""dnd5e, D-jump: how long a long jump is on a grid, and how high it clears (the Readings of
docs/rules/dnd5e.md, where the texts are silent).

SRD 5.1, Long Jump: *"you cover a number of feet up to your Strength score if you move at least
10 feet on foot immediately before the jump. When you make a standing long jump, you can leap
only half that distance. Either way, each foot you clear on the jump costs a foot of movement.
This rule assumes that the height of your jump doesn't matter, such as a jump across a stream or
chasm. At your DM's option, you must succeed on a DC 10 Strength (Athletics) check to clear a
low obstacle (no taller than a quarter of the jump's distance), such as a hedge or low wall."*

- **Length, edge to edge**: the ground between the space it leaves and the one it lands on. A
  Medium creature at C3 jumping to F3 clears D3 and E3: a 10 ft jump, which Strength 10 makes
  with a run-up; its space moves 15 ft, which it pays, as walking that line would.
- **Height**: a quarter of the distance it *can* jump (its Strength, half standing), whatever
  the diagonal option measures its landing at.

Every answer is worked by hand in the test's comments, and the compiled search and the pure one
(``WINGBEAT_PURE=1``) are compared on each scenario.
"""

from __future__ import annotations

from typing import Any

import pytest

import wingbeat
from answers import check_json as check
from scenarios import dnd5e

#: A ledge at ground 2 (10 ft up) over the whole map but a 10 ft chasm in columns D and E
#: (ground 0): jumpers of Strength 10, 9 and 20 with room for a run-up from column A or B.
CHASM_CELLS = "[{at: A1:H8, ground: 2}, {at: D1:E8, ground: 0}]"
CHASM = dnd5e(
    "  - {id: ten, speed: {walk: 30}, strength: 10, at: A3, side: p}\n"
    "  - {id: nine, speed: {walk: 30}, strength: 9, at: A5, side: p}\n"
    "  - {id: still, speed: {walk: 30}, strength: 10, at: C1, side: p}\n"
    "  - {id: strong, speed: {walk: 30}, strength: 20, at: C7, side: p}\n",
    source="chasm.yaml", cells=CHASM_CELLS, columns=8, rows=8, top=4)


def reach_both(scenario: wingbeat.Scenario, who: str, monkeypatch: pytest.MonkeyPatch,
               **options: Any) -> dict[str, Any]:
    """``reach``'s JSON, the same with the compiled search and the pure one."""
    monkeypatch.delenv("WINGBEAT_PURE", raising=False)
    compiled = wingbeat.reach(scenario, who, **options).to_dict()
    monkeypatch.setenv("WINGBEAT_PURE", "1")
    pure = wingbeat.reach(scenario, who, **options).to_dict()
    assert pure == compiled
    return compiled


def least(report: dict[str, Any], at: str, altitude: int) -> str | None:
    costs = [s["cost"] for s in report["states"] if (s["at"], s["altitude"]) == (at, altitude)
             and not s["prone"]]
    return min(costs, key=lambda c: float(c)) if costs else None


# -- the length, edge to edge ------------------------------------------------------------------
def test_strength_10_with_a_run_up_jumps_the_10_ft_chasm_c3_to_f3() -> None:
    """D-jump, Reading (length): C3 to F3 clears D3 and E3, 10 ft edge to edge: "a number of
    feet up to your Strength score" (10) with a run-up (B3, C3: 10 ft on foot). By hand: the
    run-up 5 + 5 ft, the jump 15 ft (its space moves three squares: "each foot you clear … costs
    a foot of movement", and a foot for each foot its own space moves to leave C3 and stand on
    F3, as walking that line would cost): 25 ft."""
    verdict = check(CHASM, "ten", "B3 C3 jump:F3")
    assert verdict["legal"] is True
    assert [s["cost"] for s in verdict["steps"]] == ["5", "5", "15"]
    assert verdict["cost"] == "25" and verdict["turn"]["spent"] == {"walk": "25"}
    assert verdict["events"] == [{"type": "jump", "jump": "long", "feet": 10, "run_up": True,
                                  "step": 3}]
    assert (verdict["end"]["at"], verdict["end"]["altitude"]) == ("F3", 2)


def test_strength_9_falls_short_of_the_10_ft_chasm() -> None:
    """D-jump: Strength 9 covers 9 ft: the 10 ft between C5 and F5 is too far."""
    refused = check(CHASM, "nine", "B5 C5 jump:F5")["error"]
    assert refused["rule"] == "D-jump" and refused["step"] == 3
    assert refused["message"] == ("a long jump to F5 clears 10 ft (the ground between, edge to "
                                  "edge); nine (Strength 9) jumps 9 ft")


def test_standing_strength_10_jumps_5_ft_and_strength_20_the_chasm() -> None:
    """D-jump: "a standing long jump … only half that distance": Strength 10 standing at C1
    jumps 5 ft, not the 10 ft chasm; Strength 20 standing at C7 jumps 10 ft: over D7 and E7 to
    F7, 15 ft of movement."""
    short = check(CHASM, "still", "jump:F1")["error"]
    assert short["rule"] == "D-jump"
    assert "clears 10 ft" in short["message"] and "jumps 5 ft, standing" in short["message"]
    strong = check(CHASM, "strong", "jump:F7")
    assert strong["legal"] is True and strong["cost"] == "15"
    assert strong["events"][0]["feet"] == 10 and strong["events"][0]["run_up"] is False


def test_a_jump_to_the_next_space_is_a_step() -> None:
    """D-jump, Reading: a long jump clears at least one space; landing next to its own space it
    clears none (step there)."""
    refused = check(CHASM, "strong", "jump:B7")["error"]
    assert refused["rule"] == "D-jump"
    assert "landing on B7 it would clear none: step there" in refused["message"]


def test_the_searches_find_the_chasm_jump(monkeypatch: pytest.MonkeyPatch) -> None:
    """One legality function: reach (compiled and pure alike) and path find F3 across the chasm
    at the cost check gives, 25 ft, with the jump; Strength 9 finds no way over at altitude 2
    (the chasm's far side is reached only by climbing down and up, which it cannot: no climb
    speed, no fly speed, and the chasm is 10 ft deep)."""
    report = reach_both(CHASM, "ten", monkeypatch)
    assert least(report, "F3", 2) == "25"
    found = wingbeat.path(CHASM, "ten", "F3", altitude=2).to_dict()
    assert found["cost"] == "25" and found["moves"].split()[-1] == "jump:F3"
    assert least(reach_both(CHASM, "nine", monkeypatch), "F5", 2) is None


def test_on_hexes_an_edge_to_edge_10_ft_jump_clears_two_hexes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """D-jump on the hex option: a chasm across rows 5 to 9 is 10 ft wide along the even
    columns (F6, F8) and 15 ft along the odd ones (E5, E7, E9). F4 to F10 (south, two rows a
    hex) clears F6 and F8: 10 ft, for Strength 10 with a run-up (north to F2 and back); its
    space moves three hexes, 15 ft: 25 ft in all, the least way over."""
    s = dnd5e("  - {id: ten, speed: {walk: 30}, strength: 10, at: F4}\n",
              source="hexes.yaml", grid="hex", columns=10, rows=14, top=4,
              cells="[{at: A1:J14, ground: 2}, {at: A5:J9, ground: 0}]")
    verdict = check(s, "ten", "N S jump:F10")
    assert verdict["legal"] is True and verdict["steps"][-1]["cost"] == "15"
    assert verdict["events"][0]["feet"] == 10 and verdict["cost"] == "25"
    assert "clears 15 ft" in check(s, "ten", "N S jump:F12")["error"]["message"]
    assert least(reach_both(s, "ten", monkeypatch), "F10", 2) == "25"


def test_a_large_creature_counts_from_the_far_edge_of_its_space(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """D-jump, D-size: a Large creature fills 2 × 2 squares; at C3 it covers C3:D4. Jumping to
    G3 (G3:H4) it clears columns E and F: 10 ft, which Strength 10 makes with a run-up; its
    space moves four squares: 20 ft. Its anchor moving two squares (to E3) would clear none."""
    s = dnd5e("  - {id: ox, size: large, speed: {walk: 40}, strength: 10, at: A3}\n",
              source="large.yaml", columns=10, rows=6, top=4,
              cells="[{at: A1:J6, ground: 2}, {at: E1:F6, ground: 0}]")
    verdict = check(s, "ox", "B3 C3 jump:G3")
    assert verdict["legal"] is True
    assert verdict["steps"][-1]["cost"] == "20" and verdict["events"][0]["feet"] == 10
    assert "clears 15 ft" in check(s, "ox", "B3 C3 jump:H3")["error"]["message"]
    assert "would clear none" in check(s, "ox", "B3 C3 jump:E3")["error"]["message"]
    assert least(reach_both(s, "ox", monkeypatch), "G3", 2) == "30"


# -- how high it clears: the finding of the property test ------------------------------------------
#: Square 5 × 5, top 2, B2 raised 5 ft (ground 1); a mover (walk 15, Strength 20) at A2 with a
#: foe at A3 (reach 5). The way to D5 found under dmg: A1 A2 dash jump:D5.
LEDGE = ("  - {id: mover, speed: {walk: 15}, strength: %d, at: A2, side: a}\n"
         "  - {id: foe, speed: {walk: 30}, reach: 5, at: A3, side: b}\n")


def ledge(strength: int = 20) -> wingbeat.Scenario:
    return dnd5e(LEDGE % strength, source="ledge.yaml", columns=5, rows=5, top=2,
                 cells="[{at: [B2], ground: 1}]")


@pytest.mark.parametrize(("rule", "cost", "feet"), [("phb", "25", 10), ("dmg", "30", 15),
                                                    ("euclid", "30", 15)])
def test_the_height_a_jump_clears_does_not_depend_on_the_diagonal_rule(
        rule: str, cost: str, feet: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """D-jump, Reading (height): "a low obstacle (no taller than a quarter of the jump's
    distance)", the distance Strength 20 covers with a run-up: 20 ft, so 5 ft. A2 to D5 is a
    diagonal past the corner B2, 5 ft up (Decision 11: the jump passes over it), clearing B3 and
    C4 between: 10 ft by phb, 15 ft by dmg (5 + 10) and euclid (14.1 → 15), within 20 either way,
    and the corner cleared under every rule. By hand, the cost: the run-up A1, A2 10 ft, then
    three diagonal squares, 15 ft by phb (25 in all: past the 15 ft walk, so Dash), 5 + 10 + 5
    by dmg, and by euclid 5·(2 + 3√2) = 31.2 → 30 in all. So phb is the cheapest, as for every
    other move."""
    s = ledge()
    verdict = check(s, "mover", "A1 A2 dash jump:D5", diagonals=rule)
    assert verdict["legal"] is True and verdict["cost"] == cost
    assert verdict["events"][-1] == {"type": "jump", "jump": "long", "feet": feet,
                                     "run_up": True, "step": 4}
    report = reach_both(s, "mover", monkeypatch, diagonals=rule)
    assert least(report, "D5", 0) == cost


def test_below_strength_20_or_standing_the_corner_is_too_tall() -> None:
    """D-jump: Strength 19 with a run-up clears 19 / 4 = 4.75 ft, short of B2's 5 ft; standing,
    Strength 20 jumps 10 ft and clears 2.5 ft (an eighth of its Strength)."""
    weak = check(ledge(19), "mover", "A1 A2 dash jump:D5")["error"]
    assert weak["rule"] == "D-jump"
    assert weak["message"] == ("the jump would cut a corner: the ground at B2 is 5 ft higher: a "
                               "long jump clears an obstacle no taller than a quarter of the "
                               "distance mover can jump (19 ft): 4.75 ft")
    standing = check(ledge(), "mover", "jump:C4")["error"]
    assert standing["rule"] == "D-jump"
    assert "can jump (10 ft, standing" in standing["message"]
    assert standing["message"].endswith("): 2.5 ft")
