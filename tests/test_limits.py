"""Bounded work (issue 14): scenario sizes capped at load, and a query too large for the search
refused before it starts, in one line that names the knob (docs/limits.md)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import wingbeat
from wingbeat.limits import MAX_CREATURES, MAX_MAP_CELLS
from wingbeat.rules import find_ruleset
from wingbeat.rulesets.dnd5e import Dnd5eSpace
from wingbeat.rulesets.volare import VolareSpace
from wingbeat.search import MAX_STATES, explore

ROOT = Path(__file__).resolve().parents[1]

#: the reproducers of issue 14: 702 × 2000 maps, top 200, speed 1000
DND5E_HUGE = """ruleset: dnd5e
map: {grid: square, columns: 702, rows: 2000, top: 200}
creatures:
  - {id: roc, size: gargantuan, speed: {walk: 20, fly: 1000}, at: ZW1000, altitude: 100}
"""
VOLARE_HUGE = """ruleset: volare
map: {grid: hex, columns: 702, rows: 2000, top: 200}
creatures:
  - {id: bat, fly: 1000, reflex: 50, at: ZZ1000, altitude: 100, mode: hovering}
"""
#: the largest map accepted (702 × 1424 ≤ 1,000,000 cells), top 200, the fastest creature accepted
VOLARE_LARGEST = """ruleset: volare
map: {grid: hex, columns: 702, rows: 1424, top: 200}
creatures:
  - {id: bat, fly: FLY, reflex: 50, at: ZZ700, altitude: 100, mode: hovering}
"""
DND5E_LARGEST = """ruleset: dnd5e
map: {grid: square, columns: 702, rows: 1424, top: 200}
creatures:
  - {id: roc, size: gargantuan, speed: {walk: 20, fly: FLY}, at: ZW700, altitude: 100}
"""


def _wingbeat(tmp_path: Path, text: str, *args: str) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "scenario.yaml"
    path.write_text(text)
    return subprocess.run([sys.executable, "-m", "wingbeat", *args[:1], str(path), *args[1:]],
                          capture_output=True, text=True, check=False, timeout=120, cwd=ROOT)


@pytest.mark.parametrize(("text", "creature", "speed"), [
    (DND5E_HUGE, "roc", "creatures[0].speed.fly: expected less than or equal to 500"),
    (VOLARE_HUGE, "bat", "creatures[0].fly: expected less than or equal to 200"),
])
def test_the_huge_reproducers_are_refused_at_load_in_one_line(
        tmp_path: Path, text: str, creature: str, speed: str) -> None:
    done = _wingbeat(tmp_path, text, "reach", creature)
    assert done.returncode == 2
    assert done.stdout == ""
    line, = done.stderr.splitlines()
    assert "map: a map of 702 × 2000 = 1,404,000 cells is larger than the 1,000,000" in line
    assert speed in line


def test_the_fastest_flyer_on_the_largest_map_is_refused_before_the_search(
        tmp_path: Path) -> None:
    done = _wingbeat(tmp_path, VOLARE_LARGEST.replace("FLY", "200"), "reach", "bat")
    assert done.returncode == 2
    line, = done.stderr.splitlines()
    assert line.startswith("error: ")
    assert "this query could reach about" in line
    assert f"the limit is {MAX_STATES:,}: use a smaller map, fewer altitude levels (top) " \
           "or a slower creature" in line


def test_a_query_too_large_is_refused_before_the_map_is_flattened() -> None:
    """The estimate needs no flattened map: a space for a search refuses before making one."""
    scenario = wingbeat.read_scenario_text(DND5E_LARGEST.replace("FLY", "500"), source="big.yaml")
    with pytest.raises(wingbeat.OptionError, match=r"up to [\d,]+ cells × 201 altitudes"):
        Dnd5eSpace(scenario.battle, "roc", full_notation=False)
    scenario = wingbeat.read_scenario_text(VOLARE_LARGEST.replace("FLY", "200"), source="big.yaml")
    with pytest.raises(wingbeat.OptionError, match=r"up to [\d,]+ cells × 201 altitudes"):
        VolareSpace(scenario.battle, "bat", search=True)


def test_an_ordinary_query_on_the_largest_map_is_within_the_cap() -> None:
    """A giant bat (fly 8) on the largest map: the estimate stays small, and the search settles
    no more than it said (the map is not what makes a query large: the speed is)."""
    scenario = wingbeat.read_scenario_text(VOLARE_LARGEST.replace("FLY", "8"), source="big.yaml")
    space = VolareSpace(scenario.battle, "bat", search=True)
    estimate = space.estimate()
    assert estimate.levels == 13  # 100 − 8 … 100 + 4: 1 MP down, 2 MP up a level
    assert estimate.cells <= 217  # the hexagon of radius 8, clipped by the east edge
    settled = len(explore(space).priority)
    assert 0 < settled <= estimate.states < MAX_STATES // 10
    report = find_ruleset("volare").reach(scenario, "bat", {})
    assert len(report.states) > 1000


@pytest.mark.parametrize("path", sorted((ROOT / "examples").glob("*/*.yaml")),
                         ids=lambda p: p.stem)
def test_the_estimate_bounds_what_the_examples_settle(path: Path) -> None:
    """The estimate is an upper bound in practice: every example creature's search settles no
    more states than it foretold."""
    scenario = wingbeat.load_scenario(path)
    if scenario.ruleset not in ("volare", "dnd5e"):
        return
    for creature in scenario.battle.creatures:
        space: VolareSpace | Dnd5eSpace
        if scenario.ruleset == "volare":
            space = VolareSpace(scenario.battle, creature.id, search=True)
        else:
            space = Dnd5eSpace(scenario.battle, creature.id, full_notation=False)
        assert len(explore(space).priority) <= space.estimate().states


def test_the_map_flattened_once_serves_every_query() -> None:
    scenario = wingbeat.open_scenario("example:giant-bat")
    one = VolareSpace(scenario.battle, "bat")
    two = VolareSpace(scenario.battle, "chamois")
    assert one.nbr is two.nbr and one.index is two.index
    scenario = wingbeat.load_scenario(ROOT / "examples/dnd5e/hex.yaml")
    a, b = (Dnd5eSpace(scenario.battle, c.id) for c in scenario.battle.creatures[:2])
    assert a.board is b.board


def test_too_many_creatures_are_refused_at_load() -> None:
    creatures = "".join(f"  - {{id: c{i}, at: A{2 * i + 1}}}\n" for i in range(MAX_CREATURES + 1))
    text = f"ruleset: volare\nmap: {{columns: 10, rows: 500}}\ncreatures:\n{creatures}"
    with pytest.raises(wingbeat.ScenarioError, match=r"creatures: .*at most 200"):
        wingbeat.read_scenario_text(text, source="crowd.yaml")


def test_the_map_cap_counts_columns_times_rows() -> None:
    assert 702 * 1424 <= MAX_MAP_CELLS < 702 * 1425
    text = "ruleset: dnd5e\nmap: {columns: 702, rows: 1425}\n"
    with pytest.raises(wingbeat.ScenarioError, match=r"map: a map of 702 × 1425"):
        wingbeat.read_scenario_text(text, source="wide.yaml")
