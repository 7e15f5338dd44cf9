"""Cell ranges in a grid scenario's ``map.cells``: ``P1:AD30`` names the rectangle's cells (on a
hex grid only those that exist), alone or among labels, in volare and dnd5e alike."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import wingbeat
from wingbeat.cli import app
from wingbeat.geometry.hexgrid import Hex
from wingbeat.rulesets.dnd5e import Dnd5eBattle
from wingbeat.rulesets.volare import VolareBattle

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "dnd5e"


def raised(ruleset: str, grid: str, at: Any, extra: str, creatures: str) -> str:
    """A 12 × 12 map of ``ruleset`` whose one cells block raises ``at`` 2 levels, with ``extra``
    lines of the file before the ``creatures``' lines."""
    return f"""\
ruleset: {ruleset}
map:
  grid: {grid}
  columns: 12
  rows: 12
  top: 6
  cells:
    - {{at: {at}, ground: 2}}
{extra}creatures:
{creatures}"""


def volare(at: Any, *, extra: str = "") -> str:
    return raised("volare", "hex", at, extra, """\
  - {id: bat, fly: 6, maneuverability: medium, reflex: 50, at: F8, altitude: 3,
     mode: moving, heading: N}
""")


def dnd5e(at: Any, *, grid: str = "square", extra: str = "") -> str:
    return raised("dnd5e", grid, at, extra, """\
  - {id: harpy, speed: {walk: 20, fly: 40}, at: F8, side: monsters}
  - {id: fighter, speed: {walk: 30}, at: H10, side: party}
""")


def load(text: str) -> wingbeat.Scenario:
    return wingbeat.read_scenario_text(text, source="ranges.yaml")


def volare_ground(text: str) -> set[str]:
    battle = load(text).battle
    assert isinstance(battle, VolareBattle)
    return {str(cell) for cell in battle.map.ground}


def dnd5e_ground(text: str) -> set[str]:
    battle = load(text).battle
    assert isinstance(battle, Dnd5eBattle)
    return {f"{chr(64 + c)}{r}" for (c, r), cell in battle.map.cells.items() if cell.ground == 2}


def test_a_one_cell_range_is_that_cell() -> None:
    """``P1:P1`` is one square; on hexes ``B2:B2`` is the one hex B2."""
    assert dnd5e_ground(dnd5e("C1:C1")) == {"C1"}
    assert volare_ground(volare("B2:B2")) == {"B2"}
    assert dnd5e_ground(dnd5e("B2:B2", grid="hex")) == {"B2"}


def test_a_square_range_is_every_square_of_the_rectangle() -> None:
    assert dnd5e_ground(dnd5e("B2:D3")) == {"B2", "C2", "D2", "B3", "C3", "D3"}
    # a range among labels, in a list
    assert dnd5e_ground(dnd5e("[B2:C2, K11]")) == {"B2", "C2", "K11"}


def test_a_hex_range_keeps_only_the_hexes_that_exist() -> None:
    """Doubled coordinates: column index + row even; the corners need not be hexes."""
    assert volare_ground(volare("A1:D3")) == {"A1", "C1", "B2", "D2", "A3", "C3"}
    assert volare_ground(volare("B1:B4")) == {"B2", "B4"}
    assert dnd5e_ground(dnd5e("A1:D3", grid="hex")) == {"A1", "C1", "B2", "D2", "A3", "C3"}


def test_a_range_and_its_labels_give_the_same_reach_volare() -> None:
    """V-wind, V-skim: the map is the same, so is every end state of the round."""
    ranged = load(volare("[C7:E9, J12]"))
    listed = load(volare("[C7, E7, D8, C9, E9, J12]"))
    assert volare_ground(volare("[C7:E9, J12]")) == {"C7", "E7", "D8", "C9", "E9", "J12"}
    assert wingbeat.reach(ranged, "bat").to_dict() == wingbeat.reach(listed, "bat").to_dict()


def test_a_range_and_its_labels_give_the_same_reach_dnd5e() -> None:
    """D-fly, D-speed: the same ledges, the same reach."""
    ranged = load(dnd5e("[D5:G6, J2]"))
    listed = load(dnd5e("[D5, E5, F5, G5, D6, E6, F6, G6, J2]"))
    data = wingbeat.reach(ranged, "harpy").to_dict()
    assert data == wingbeat.reach(listed, "harpy").to_dict()
    assert any(s["at"] == "E5" and s["altitude"] == 2 and s["mode"] == "walk"
               for s in data["states"])  # standing on the raised rectangle


def test_walls_and_terrain_take_ranges_too() -> None:
    """Every cells key reads the same ``at``: walls, terrain, ceilings."""
    text = dnd5e("K1", extra="    - {at: [A1:B2], wall: true}\n"
                             "    - {at: C3:D3, terrain: difficult}\n")
    battle = load(text).battle
    assert isinstance(battle, Dnd5eBattle)
    walls = {k for k, v in battle.map.cells.items() if v.wall}
    assert walls == {(1, 1), (2, 1), (1, 2), (2, 2)}
    rough = {k for k, v in battle.map.cells.items() if v.terrain.value == "difficult"}
    assert rough == {(3, 3), (4, 3)}
    tunnels = load(volare("K1", extra="    - {at: A5:B6, ceiling: 1}\n")).battle
    assert isinstance(tunnels, VolareBattle)
    assert set(tunnels.map.ceiling) == {Hex(1, 5), Hex(2, 6)}


@pytest.mark.parametrize("name", ["blockers.yaml", "squeeze.yaml", "hex.yaml"])
def test_the_examples_ranges_read_as_their_old_label_lists(name: str) -> None:
    """The examples now write their walls as ranges; the battlefield is what it was."""
    old = {
        "blockers.yaml": "[A2, B2, C2, D2, E2, F2, G2, H2, I2, J2, K2, L2, A6, B6, C6, D6, E6, "
                         "F6, G6, H6, I6, J6, K6, L6]",
        "squeeze.yaml": "[A3, B3, C3, E3, F3, G3, H3, A4, B4, C4, E4, F4, G4, H4, A5, B5, C5, E5, "
                        "F5, G5, H5]",
        "hex.yaml": "[A1, B2, C1, D2, E1, F2, G1, H2, I1, J2, K1, L2]",
    }[name]
    text = (EXAMPLES / name).read_text()
    line = next(x for x in text.splitlines() if "wall: true" in x)
    listed = text.replace(line, f"    - {{at: {old}, wall: true}}")
    assert listed != text
    new, before = load(text), load(listed)
    assert new.battle == before.battle
    for creature in new.battle.creatures:
        assert (wingbeat.reach(new, creature.id).to_dict()
                == wingbeat.reach(before, creature.id).to_dict())


@pytest.mark.parametrize(("at", "where", "words"), [
    ("[C3, A1:M2]", "map.cells[0].at[1]", "reaches off the map (columns A..L, rows 1..12)"),
    ("A1:C13", "map.cells[0].at", "reaches off the map"),
    ("D4:B2", "map.cells[0].at", "runs backwards: expected its north-west corner (lowest column "
                                 "and row) first, B2:D4"),
    ("[B4:D2]", "map.cells[0].at[0]", "runs backwards"),
    ("[A1:B2:C3]", "map.cells[0].at[0]", "two corner labels joined by one colon"),
    ('["A1:"]', "map.cells[0].at[0]", "in the range 'A1:'"),
    ("[K1, 3C:D4]", "map.cells[0].at[1]", "label like 'T34'"),
])
@pytest.mark.parametrize("ruleset", ["volare", "dnd5e"])
def test_a_bad_range_is_one_line_naming_file_and_place(
        tmp_path: Path, ruleset: str, at: str, where: str, words: str) -> None:
    file = tmp_path / "bad.yaml"
    file.write_text(volare(at) if ruleset == "volare" else dnd5e(at))
    result = CliRunner().invoke(app, ["reach", str(file), "bat" if ruleset == "volare"
                                      else "harpy"])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    message = " ".join(result.output.split())  # the console may wrap a long line
    assert f"{file}: {where}: " in message and words in message, message


def test_a_hex_range_without_a_hex_is_an_error() -> None:
    """B1:B1 names no hex in doubled coordinates (2 + 1 is odd)."""
    with pytest.raises(wingbeat.ScenarioError) as caught:
        load(volare("[C1, B1:B1]"))
    assert str(caught.value) == ("ranges.yaml: map.cells[0].at[1]: the range B1:B1 holds no hex: "
                                 "in doubled coordinates column index + row must be even "
                                 "(line 8, column 17)")
    with pytest.raises(wingbeat.ScenarioError, match="holds no hex"):
        load(dnd5e("B1:B1", grid="hex"))
