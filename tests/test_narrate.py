"""Text that reads as table talk (issue 10): events and saves as sentences, costs as the table
says them, why a reach is empty, 5e heights, every problem of a bad scenario.

The JSON keeps its keys and values; only the text changes (``--json`` is checked unchanged here).
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

import wingbeat
from scenarios import volare
from wingbeat.cli import app
from wingbeat.model import Save, format_amount, format_mixed
from wingbeat.narrate import SAYINGS, check_label, check_legend, check_text, event_text, roll_text
from wingbeat.play.engine import Game
from wingbeat.scenario import read_scenario_text
from wingbeat.web.play import create_play_app

SRC = Path(__file__).resolve().parents[1] / "src" / "wingbeat"  # the repository's sources
EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
runner = CliRunner()


def text_of(*args: str, code: int = 0) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == code, result.output
    return result.stdout


def json_of(*args: str, code: int = 0) -> dict[str, Any]:
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == code, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


# -- costs ---------------------------------------------------------------------------------------

@pytest.mark.parametrize(("value", "said"), [
    ("17/4", "4¼"), ("7/2", "3½"), ("1/3", "⅓"), ("23/6", "3⅚"), ("19/12", "1⁷⁄₁₂"),
    ("11/12", "¹¹⁄₁₂"), ("4", "4"), ("0", "0"), ("-7/4", "-1¾"),
])
def test_movement_points_read_as_mixed_numbers(value: str, said: str) -> None:
    """V-mp: costs are exact (1/12 MP ticks); the text says 17/4 MP as the table does, 4¼."""
    assert format_mixed(value) == said
    assert format_amount(value, "MP") == said


def test_lengths_keep_their_decimals() -> None:
    """D-grid, C-mou: a length reads as on a ruler (4.5 m, 17.5 cm); 40/3 in has no decimal."""
    assert format_amount("9/2", "m") == "4.5"
    assert format_amount("35/2", "cm") == "17.5"
    assert format_amount(Fraction(40, 3), "in") == "13⅓"


def test_the_wind_costs_read_as_mixed_numbers_in_check_and_reach() -> None:
    """V-wind seed example (breeze toward NE, medium): O23 costs 1/2, P24 1/3 after a hover."""
    shown = text_of("check", str(EXAMPLES / "volare" / "breeze-with.yaml"), "bat", "O23")
    assert "legal: ½ MP" in shown and "1/2" not in shown
    assert json_of("check", str(EXAMPLES / "volare" / "breeze-with.yaml"), "bat",
                   "O23")["cost"] == "1/2"  # the JSON keeps its exact string
    reach = text_of("reach", str(EXAMPLES / "volare" / "breeze-against.yaml"), "bat")
    assert re.search(r"^P24 +3 +moving +NE +no +2⅓ ", reach, re.M), reach


def test_the_text_map_shows_twelfths_whole() -> None:
    """V-wind: a strong wind's tailwind quarter and thirds add up to twelfths (11/12 MP); the text
    map widens its cells instead of cutting them (it printed 11/1)."""
    s = volare([{"id": "b", "fly": 8, "maneuverability": "medium", "reflex": 45, "at": "E5",
                 "altitude": 1, "mode": "moving", "heading": "N"}],
               columns=10, rows=10, top=5, wind={"strength": "strong-wind", "toward": "N"})
    report = wingbeat.reach(s, "b")
    assert "¹¹⁄₁₂" in report.text_map and "11/1 " not in report.text_map


# -- saves ---------------------------------------------------------------------------------------

SKIM = Save("V-skim", "reflex", 45, "it must land at once, in place (V-land)")


def test_a_save_says_its_chance_to_succeed_and_what_failure_does() -> None:
    assert check_text(SKIM) == ("Reflex save (V-skim): 45% to succeed; on a failure: it must "
                                "land at once, in place (V-land)")
    assert check_text(SKIM.to_dict()) == check_text(SKIM)  # the same words from JSON
    assert check_label(SKIM) == "45% Reflex (V-skim)"
    assert check_legend([SKIM, SKIM]) == [
        "checks: each percentage is the chance to succeed; on a failure:",
        "  Reflex (V-skim): it must land at once, in place (V-land)"]


def test_check_and_path_say_each_save_at_its_step() -> None:
    """V-land: the bat's attack position lands violently at step 4, with its 45% Reflex save."""
    shown = text_of("path", "example:giant-bat", "bat", "--attack", "chamois")
    assert "4  land-fast  0     3      45% Reflex (V-land)" in shown
    assert ("Step 4: Reflex save (V-land): 45% to succeed; on a failure: knocked down (prone), "
            "with the damage of a 3 m fall (1d6)") in shown
    assert "Step 4: lands violently; it may not walk afterwards." in shown
    assert "event:" not in shown and "type landing" not in shown


def test_the_reach_table_explains_its_checks_column() -> None:
    """V-skim: the column is short; a legend under the table says what it means. The medium
    bat's Reflex 50 skims at 40 %: the V-man penalty, "-2/-10% a tutti le prove ed i tiri
    salvezza che sarebbero stati più facili da evitare" (V-saves)."""
    shown = text_of("reach", "example:giant-bat", "bat")
    assert "40% Reflex (V-skim)" in shown
    assert "checks: each percentage is the chance to succeed; on a failure:" in shown
    assert "  Reflex (V-skim): it must land at once" in shown


# -- events --------------------------------------------------------------------------------------

def _event_types_made() -> set[str]:
    """Every event type the code can make: each ``"type": "…"`` literal in the package."""
    found: set[str] = set()
    for file in SRC.rglob("*.py"):
        found.update(re.findall(r'"type":\s*"([a-z-]+)"', file.read_text(encoding="utf-8")))
    return found


def test_every_event_type_has_a_sentence() -> None:
    """An event added anywhere without its sentence would print as a list of fields."""
    made = _event_types_made()
    assert {"landing", "fall", "opportunity-attack", "save-failed", "round-start"} <= made
    assert made <= set(SAYINGS), sorted(made - set(SAYINGS))


@pytest.mark.parametrize(("event", "said"), [
    ({"type": "landing", "safe": False, "may_walk": 0, "step": 4},
     "Step 4: lands violently; it may not walk afterwards."),
    ({"type": "landing", "safe": False, "may_walk": 2, "step": 3},
     "Step 3: lands violently; it may walk 2 hexes afterwards."),
    ({"type": "opportunity-attack", "by": "fighter", "step": 2},
     "Step 2: fighter gets an opportunity attack."),
    ({"type": "fall", "feet": 30, "damage": "3d6", "prone": True},
     "Falls 30 ft: takes 3d6 damage and lands prone."),
    ({"type": "fall", "feet": 30, "damage": "3d6", "prone": True, "step": 0},
     "Before moving: falls 30 ft: takes 3d6 damage and lands prone."),
    ({"type": "fall", "feet": 600, "damage": None, "prone": False, "lands": False,
      "remaining": 100},
     "Falls 600 ft: it is still 100 ft above the ground and falls on at the start of its next "
     "turn."),
    ({"type": "fall", "creature": "bat", "rule": "V-land", "feet": 10, "metres": 3,
      "damage": "1d6", "rolled": 4, "prone": True},
     "bat falls 3 m (10 ft): takes 1d6 damage (rolled 4) and lands prone (V-land)."),
    ({"type": "save-failed", "rule": "V-skim", "step": 2, "move": "skim",
      "consequence": "it must land at once", "creature": "bat"},
     "Step 2: bat fails its V-skim save on skim: it must land at once (V-skim)."),
    ({"type": "inertia-spent", "creature": "bat", "rule": "V-inertia", "mode": "hovering"},
     "bat took no horizontal step this round: it starts the next one hovering (V-inertia)."),
    ({"type": "round-start", "round": 2}, "Round 2 begins."),
    ({"type": "formation", "from": "closed", "to": "open", "rule": "B-form"},
     "Takes off, so its formation opens (closed to open) (B-form)."),
])
def test_events_read_as_sentences(event: dict[str, Any], said: str) -> None:
    assert event_text(event) == said


def test_an_unknown_event_still_reads() -> None:
    assert event_text({"type": "gust", "strength": 3}) == "Gust: strength 3."


def test_rolls_read_as_sentences() -> None:
    """V-skim: a d100 under the chance succeeds; damage dice show their faces."""
    assert roll_text({"creature": "bat", "kind": "save", "rule": "V-skim", "save": "reflex",
                      "chance": 50, "roll": 37, "success": True}) == (
        "bat rolls its Reflex save (V-skim), 50% to succeed: 37, a success")
    assert roll_text({"creature": "harpy", "kind": "fall damage", "dice": "3d6",
                      "faces": [2, 5, 1], "total": 8, "rule": "D-fly"}) == (
        "harpy rolls 3d6 fall damage (D-fly): 2+5+1 = 8")
    assert roll_text({"creature": "bat", "kind": "initiative", "dice": "1d20", "faces": [13],
                      "total": 13}) == "bat rolls 1d20 initiative: 13"


def test_the_json_keeps_its_events_as_data() -> None:
    """The contract: an event is an object with a type, and no sentence is added to it."""
    data = json_of("check", str(EXAMPLES / "dnd5e" / "blockers.yaml"), "soldier",
                   "B4 C4 D4 E4 D4")
    assert data["events"] == [{"type": "opportunity-attack", "by": "guard", "step": 5}]
    shown = text_of("check", str(EXAMPLES / "dnd5e" / "blockers.yaml"), "soldier",
                    "B4 C4 D4 E4 D4")
    assert "Step 5: guard gets an opportunity attack." in shown


def test_the_play_log_says_rolls_and_events_as_the_table_does() -> None:
    """V-skim, V-land: a failed skimming save forces a landing, and the log says so."""
    game = Game.from_scenario_text((SRC / "examples" / "giant-bat.yaml").read_text(), seed=4,
                                   order=["bat", "chamois"])
    entry = game.move("bat", "U35 down down skim")
    text = entry.to_text()
    # Reflex 50, medium: 40 % with the V-man penalty ("-2/-10% a tutti le prove ed i tiri
    # salvezza che sarebbero stati più facili da evitare ...", V-saves)
    assert "bat rolls its Reflex save (V-skim), 40% to succeed: 79, a failure" in text
    assert "Step 4: bat fails its V-skim save on skim: it must land at once" in text
    assert "Step 4: bat is forced to land at once: it lands safely" in text
    assert "event:" not in text and "roll:" not in text


def test_the_play_page_gets_the_logs_words(tmp_path: Path) -> None:
    """The page shows each entry with the CLI log's words (``text``), not a second copy in JS."""
    web = TestClient(create_play_app(tmp_path / "play.sqlite3"), base_url="http://127.0.0.1")
    new = web.post("/api/play/encounters", json={"scenario": "example:giant-bat", "seed": 4,
                                                  "order": ["bat", "chamois"]}).json()
    assert new["entry"]["text"].startswith("#0 round 1: encounter set up")
    moved = web.post("/api/play/encounters/1/moves",
                     json={"creature": "bat", "moves": "U35 down down skim"}).json()
    assert "a failure" in moved["entry"]["text"]
    log = web.get("/api/play/encounters/1/log").json()
    assert [e["text"].splitlines()[0] for e in log["entries"]] == [
        "#0 round 1: encounter set up, turn order bat, chamois",
        "#1 round 1: bat: U35 down down skim"]


# -- why a reach is (nearly) empty ---------------------------------------------------------------

def _gale(**bat: Any) -> wingbeat.Scenario:
    return volare([{"id": "bat", "fly": 8, "maneuverability": "medium", "reflex": 50,
                    "at": "E5", **bat}], columns=10, rows=10, top=5,
                  wind={"strength": "gale", "toward": "N"})


@pytest.mark.parametrize(("bat", "words"), [
    ({"altitude": 2, "mode": "hovering"}, "in the air at altitude 2, can take no flight step"),
    ({"altitude": 0, "mode": "hovering"}, "at ground level, can only land"),
    ({"altitude": 0, "mode": "grounded"}, "nothing can take off"),
])
def test_a_gale_reach_says_why_nothing_is_reachable(bat: dict[str, Any], words: str) -> None:
    """V-wind Decision: in a gale or tornado no flight step is legal; the reach says so."""
    report = wingbeat.reach(_gale(**bat), "bat")
    assert len(report.states) == 1
    text = report.to_text()
    assert "In a gale or tornado no creature can fly" in text and words in text
    assert "(V-wind)" in text and "1 distinct end state\n" in text
    assert "note" not in report.to_dict()  # text only: the JSON is as it was


def test_a_creature_that_cannot_fly_is_told_why() -> None:
    """V-takeoff: the chamois has no fly speed, so its reach is where it stands."""
    shown = text_of("reach", "example:giant-bat", "chamois")
    assert "Chamois cannot fly: it stays on the ground (V-takeoff)" in shown


def test_a_5e_creature_at_speed_0_is_told_why() -> None:
    """D-speed (SRD: grappled, speed 0), D-fly: a hovering grappled wasp stays aloft."""
    s = read_scenario_text("""\
ruleset: dnd5e
map: {grid: square, columns: 8, rows: 8, top: 6}
creatures:
  - {id: wasp, size: small, speed: {walk: 10, fly: 40}, hover: true, at: C3, altitude: 3,
     conditions: [grappled]}
""", source="grab.yaml")
    text = wingbeat.reach(s, "wasp").to_text()
    assert "wasp's speed is 0 (grappled): it cannot move this turn (D-speed)" in text


def test_a_5e_fall_before_moving_is_said_in_reach() -> None:
    """D-fly: the prone harpy 30 ft up falls before it can move; reach says so first."""
    shown = text_of("reach", str(EXAMPLES / "dnd5e" / "falling.yaml"), "harpy")
    assert "Before moving: harpy falls 30 ft: takes 3d6 damage and lands prone (D-fly)" in shown


# -- 5e heights ----------------------------------------------------------------------------------

def test_5e_altitudes_read_with_their_height() -> None:
    """D-grid: altitude levels are 5 ft each (1.5 m with units m)."""
    reach = text_of("reach", "example:harpy", "harpy")
    assert re.search(r"^B2 +2 \(10 ft\) +flying ", reach, re.M), reach
    path = text_of("path", "example:harpy", "harpy", "--attack", "fighter")
    assert "ends at C3, altitude 1 (5 ft), flying" in path
    check = text_of("check", "example:harpy", "harpy", "C3 C4", "--option", "units=m")
    assert "ends at C4, altitude 2 (3 m), flying" in check
    assert json_of("check", "example:harpy", "harpy", "C3 C4")["end"]["altitude"] == 2


def test_5e_play_shows_the_height() -> None:
    game = Game.from_scenario_text((SRC / "examples" / "harpy.yaml").read_text(), seed=1)
    assert game.setup.adapter.describe(game.state.pieces["harpy"]).startswith(
        "B2 altitude 2 (10 ft), flying")


# -- scenario errors -----------------------------------------------------------------------------

BAD = """\
ruleset: volare
map: {grid: hex, columns: ten, rows: 10, top: 5}
creatures:
  - {id: bat, fly: lots, maneuverability: mediumish, at: E5}
"""


def test_every_problem_of_a_scenario_is_listed(tmp_path: Path) -> None:
    """A file with three mistakes names all three, each with its place and expectation."""
    file = tmp_path / "fight.yaml"
    file.write_text(BAD)
    with pytest.raises(wingbeat.ScenarioError) as caught:
        wingbeat.load_scenario(file)
    error = caught.value
    assert str(error) == (
        f"{file}: 3 problems: map.columns: expected a whole number, like columns: 30 (got 'ten') "
        "(line 2, column 27); creatures[0].fly: expected a whole number, like fly: 8 (got 'lots') "
        "(line 4, column 20); creatures[0].maneuverability: expected one of: excellent, medium, "
        "poor (got 'mediumish') (line 4, column 43)")
    assert (error.where, error.message) == (
        "map.columns", "expected a whole number, like columns: 30 (got 'ten') (line 2, column 27)")
    assert [where for where, _ in error.problems] == [
        "map.columns", "creatures[0].fly", "creatures[0].maneuverability"]
    result = runner.invoke(app, ["reach", str(file), "bat"])
    assert result.exit_code == 2 and len(result.stderr.strip().splitlines()) == 1
    assert "[and" not in result.stderr


def test_a_hostile_file_lists_twenty_problems_and_counts_the_rest(tmp_path: Path) -> None:
    creatures = "\n".join(f"  - {{id: c{i}, fly: x, at: E5}}" for i in range(30))
    file = tmp_path / "many.yaml"
    file.write_text(f"ruleset: volare\nmap: {{columns: 10, rows: 10}}\ncreatures:\n{creatures}\n")
    with pytest.raises(wingbeat.ScenarioError) as caught:
        wingbeat.load_scenario(file)
    text = str(caught.value)
    assert text.startswith(f"{file}: 30 problems: creatures[0].fly: expected a whole number")
    assert len(caught.value.problems) == 20 and text.endswith("; and 10 more")
