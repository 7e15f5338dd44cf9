"""D-walls: walls and doors between squares (what imported maps carry), worked by hand.

The room of examples/dnd5e/walls.yaml (what ``wingbeat import`` makes of
tests/data/import/room.dd2vtt, with creatures): a wall between columns E and F with a closed door
at row 3 and an open one at row 6, and a short wall south of B4:D4.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import wingbeat
from wingbeat.cli import app
from wingbeat.geometry.labels import split_label

ROOT = Path(__file__).resolve().parent.parent
WALLS = ROOT / "examples" / "dnd5e" / "walls.yaml"
runner = CliRunner()


def cli(*args: str | Path, code: int = 0) -> dict[str, Any]:
    result = runner.invoke(app, [*map(str, args), "--json"])
    assert result.exit_code == code, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def scenario(walls: list[dict[str, Any]], creatures: list[dict[str, Any]], *,
             columns: int = 8, rows: int = 6) -> wingbeat.Scenario:
    return wingbeat.parse_scenario({"ruleset": "dnd5e", "map": {
        "columns": columns, "rows": rows, "walls": walls}, "creatures": creatures}, source="test")


def check(sc: wingbeat.Scenario, who: str, moves: str) -> dict[str, Any]:
    return wingbeat.check(sc, who, moves).to_dict()


# -- movement ------------------------------------------------------------------------------------

def test_a_closed_door_blocks_and_an_open_one_lets_through() -> None:
    """D-walls: the scout (E3) cannot step east through the closed door; the hero walks through
    the open one at row 6."""
    shut = cli("check", WALLS, "scout", "E4 F4", code=1)  # E4 | F4 is wall too
    assert (shut["error"]["rule"], shut["error"]["step"]) == ("D-walls", 2)
    door = cli("check", WALLS, "scout", "E4 E5 E6 F6")
    assert door["legal"] is True and door["cost"] == "20"
    through = cli("check", WALLS, "hero", "C2 D2 E2 F2", code=1)
    assert (through["error"]["rule"], through["error"]["step"]) == ("D-walls", 4)


def test_the_cheapest_path_goes_round_through_the_open_door() -> None:
    """D-walls, by hand: B3 → G4 cannot pass E | F at rows 1–5 (the door at row 3 is closed), nor
    cut south past the wall under B4:D4 (D4 → E5 would pass its end); E6 is 5 steps away (C3 D3
    E4 E5 E6), then F6 G5 G4: 8 steps, 40 ft, with Dash."""
    path = cli("path", WALLS, "hero", "--to", "G4")
    assert path["cost"] == "40" and path["can_act"] is False
    labels = [m.removeprefix("dash ") for m in path["moves"].split()]
    assert labels[labels.index("F6") - 1] == "E6"


def test_a_diagonal_step_never_slips_past_a_wall_end() -> None:
    """Decision 17: one wall side C3 | D3 refuses every diagonal step whose corner point it
    touches (C3 → D2, C4 → D3, C2 → D3), and none that does not (C1 → D2)."""
    sc = scenario([{"between": ["C3", "D3"]}], [
        {"id": "a", "at": "C3"}, {"id": "b", "at": "C4"}, {"id": "c", "at": "C2"},
        {"id": "d", "at": "C1"}])
    for who, to in (("a", "D2"), ("a", "D4"), ("b", "D3"), ("c", "D3")):
        refused = check(sc, who, to)
        assert refused["legal"] is False and refused["error"]["rule"] == "D-walls", (who, to)
    assert check(sc, "d", "D2")["legal"] is True
    assert check(sc, "b", "D4")["legal"] is True


def test_a_wall_does_not_stop_a_step_along_it() -> None:
    sc = scenario([{"between": ["C1:C6", "D1:D6"]}], [{"id": "a", "at": "C1"}])
    moved = check(sc, "a", "C2 C3 C4 C5 C6")
    assert moved["legal"] is True and moved["cost"] == "25"
    assert check(sc, "a", "D1")["error"]["rule"] == "D-walls"


def test_a_large_creature_does_not_straddle_a_wall() -> None:
    """D-walls, D-size: a wall between B1 and C1 runs through an ogre's 2 × 2 space at B1, so it
    stands squeezed in B1; one step south-west it has room, and the wall stays out of it."""
    sc = scenario([{"between": ["B1", "C1"]}], [{"id": "ogre", "at": "B1", "size": "large"}])
    stay = check(sc, "ogre", "")
    assert stay["end"]["squeezing"] is True
    wide = check(sc, "ogre", "A2")
    assert wide["legal"] is True and wide["end"]["squeezing"] is False


def test_a_jump_does_not_cross_a_wall() -> None:
    """D-walls, D-jump: a running long jump from C3 over D3 to E3 is refused by a wall C3 | D3,
    and made without it (Strength 16: 16 ft running; 10 ft jumped)."""
    hero = {"id": "hero", "at": "A3", "strength": 16}
    walled = check(scenario([{"between": ["C3", "D3"]}], [hero]), "hero", "B3 C3 jump:E3")
    assert walled["legal"] is False and walled["error"]["rule"] == "D-walls"
    assert check(scenario([], [hero]), "hero", "B3 C3 jump:E3")["legal"] is True


# -- reach ---------------------------------------------------------------------------------------

def test_no_opportunity_attack_through_a_closed_door() -> None:
    """D-walls: the brute (F3) is 5 ft from the scout (E3) but behind the closed door: no reach,
    so stepping away provokes nothing. Open the door and the same step provokes."""
    calm = cli("check", WALLS, "scout", "D3")
    assert calm["legal"] is True and calm["events"] == []
    apart = cli("engagement", WALLS, "scout", "brute")
    assert apart["engagement"] == "none"
    assert apart["rule"] == "D-walls"  # the wall is what keeps them apart, not the distance
    said = runner.invoke(app, ["engagement", str(WALLS), "scout", "brute"]).stdout
    assert "none (D-walls)" in said and "A wall stands between them" in said
    data = yaml.safe_load(WALLS.read_text(encoding="utf-8"))
    for wall in data["map"]["walls"]:
        if wall["between"] == ["E3", "F3"]:
            wall["door"] = "open"
    opened = wingbeat.parse_scenario(data, source="open door")
    assert check(opened, "scout", "D3")["events"] == [
        {"type": "opportunity-attack", "by": "brute", "step": 1}]


def test_a_long_reach_goes_straight_not_through_a_wall() -> None:
    """D-walls, by hand: a pikeman at F3 (reach 10 ft) behind a wall D3 | E3. D2 and D4 are in its
    reach (D2 E2 F3 and D4 E4 F3 cross no wall), D3 is not (its only straight way, D3 E3 F3,
    crosses the wall): stepping from D2 to D3 leaves its reach and provokes; D4 → D3 too."""
    pike = {"id": "pike", "at": "F3", "reach": 10, "side": "foes"}
    sc = scenario([{"between": ["D3", "E3"]}], [
        pike, {"id": "north", "at": "D2", "side": "party"},
        {"id": "south", "at": "D4", "side": "party"}])
    assert wingbeat.engagement(sc, "north", "pike").to_dict()["a_in_reach_of_b"] is True
    for who in ("north", "south"):
        assert check(sc, who, "D3")["events"] == [
            {"type": "opportunity-attack", "by": "pike", "step": 1}], who
    middle = scenario([{"between": ["D3", "E3"]}], [pike, {"id": "mid", "at": "D3",
                                                           "side": "party"}])
    walled = wingbeat.engagement(middle, "mid", "pike").to_dict()
    assert walled["a_in_reach_of_b"] is False and walled["rule"] == "D-walls"
    assert wingbeat.engagement(sc, "north", "pike").to_dict()["rule"] == "D-creatures"
    assert check(middle, "mid", "D2")["events"] == []  # it was never in reach


def test_an_attack_position_is_not_behind_a_wall() -> None:
    """``path --attack``, D-walls: the brute (F3) is behind the closed door. With 30 ft and its
    action kept, the hero finds no place within reach (round the open door is 40 ft); with 40 ft
    it does, on the brute's side of the wall (F4 or G4, 8 steps)."""
    cli("path", WALLS, "hero", "--attack", "brute", code=1)
    data = yaml.safe_load(WALLS.read_text(encoding="utf-8"))
    data["creatures"][0]["speed"] = {"walk": 40}
    fast = wingbeat.parse_scenario(data, source="fast hero")
    found = wingbeat.attack_path(fast, "hero", "brute").to_dict()
    assert found["cost"] == "40" and found["end"]["at"] in ("F4", "G4")


# -- the scenario keys ---------------------------------------------------------------------------

@pytest.mark.parametrize(("walls", "grid", "expected"), [
    ([{"between": ["C3", "E3"]}], "square", "map.walls[0].between: C3 and E3 are not side by side"),
    ([{"between": ["C1:C3", "D1:D2"]}], "square", "C1:C3 names 3 squares and D1:D2 2"),
    ([{"between": ["C3", "D3"], "door": "ajar"}], "square", "map.walls[0].door"),
    ([{"between": ["C3"]}], "square", "map.walls[0].between"),
    ([{"between": ["A1", "B2"]}], "hex", "walls between spaces are on square maps only"),
])
def test_bad_walls_exit_2_with_one_line(walls: list[dict[str, Any]], grid: str, expected: str,
                                       tmp_path: Path) -> None:
    file = tmp_path / "bad.yaml"
    file.write_text(yaml.safe_dump({"ruleset": "dnd5e", "map": {
        "grid": grid, "columns": 6, "rows": 6, "walls": walls},
        "creatures": [{"id": "a", "at": "A1"}]}), encoding="utf-8")
    result = runner.invoke(app, ["reach", str(file), "a"])
    assert result.exit_code == 2
    assert expected in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_render_draws_walls_and_doors() -> None:
    svg = wingbeat.render_svg(wingbeat.load_scenario(WALLS))
    assert svg.count('class="wall"') == 9
    assert 'data-side="E3|F3"' in svg and 'class="closed-door"' in svg
    assert 'data-side="E6|F6"' in svg and 'class="open-door"' in svg


# -- no reported way crosses a wall --------------------------------------------------------------

def _crosses(walls: set[tuple[tuple[int, int], tuple[int, int]]], a: tuple[int, int],
             b: tuple[int, int]) -> bool:
    """An independent statement of Decision 17: a straight step crosses the side between its
    squares; a diagonal one, any side that meets at the corner point it passes."""
    def side(p: tuple[int, int], q: tuple[int, int]) -> bool:
        return (min(p, q), max(p, q)) in walls

    (ac, ar), (bc, br) = a, b
    if ac == bc or ar == br:
        return side(a, b)
    return side(a, (bc, ar)) or side(a, (ac, br)) or side((bc, ar), b) or side((ac, br), b)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1), st.sampled_from(["phb", "dmg"]))
def test_no_way_reach_reports_crosses_a_wall(seed: int, diagonals: str) -> None:
    """D-walls, every ruleset query: on a 7 × 7 map with random walls and doors, no way ``reach``
    lists crosses a wall or a closed door, and ``check`` of each way is legal."""
    rng = random.Random(seed)
    sides: dict[tuple[tuple[int, int], tuple[int, int]], str] = {}
    for _ in range(rng.randint(4, 24)):
        c, r = rng.randint(1, 7), rng.randint(1, 7)
        other = (c + 1, r) if rng.random() < 0.5 else (c, r + 1)
        if other[0] <= 7 and other[1] <= 7:
            sides[((c, r), other)] = rng.choice(["wall", "wall", "closed", "open"])
    from wingbeat.geometry.labels import column_label

    def label(p: tuple[int, int]) -> str:
        return f"{column_label(p[0])}{p[1]}"

    walls = [{"between": [label(a), label(b)], **({} if k == "wall" else {"door": k})}
             for (a, b), k in sides.items()]
    start = (rng.randint(1, 7), rng.randint(1, 7))
    sc = wingbeat.parse_scenario({"ruleset": "dnd5e", "options": {"diagonals": diagonals},
                                  "map": {"columns": 7, "rows": 7, "walls": walls},
                                  "creatures": [{"id": "a", "at": label(start),
                                                 "speed": {"walk": 20}}]}, source="random")
    blocking = {s for s, k in sides.items() if k != "open"}
    reach = wingbeat.reach(sc, "a").to_dict()
    for state in reach["states"]:
        here = start
        for move in state["path"].split():
            name = move.split("+")[0]
            if name in ("up", "down", "stand", "dash"):
                continue
            there = split_label(name, kind="square")
            assert not _crosses(blocking, here, there), (state["path"], here, there)
            here = there
    for state in reach["states"][::7]:
        assert check(sc, "a", state["path"])["legal"] is True, state["path"]
