"""The cheapest way to an attack position: reach's `to_act`, path's --can-act and --attack."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from typer.testing import CliRunner

import wingbeat
from answers import cli_json as cli
from scenarios import volare
from wingbeat.cli import app
from wingbeat.geometry.hexgrid import parse_hex
from wingbeat.rules.grid import MoveReport, PathNotFound
from wingbeat.rulesets.volare import Mode, engagement_between

runner = CliRunner()


def test_reach_shows_the_way_that_keeps_the_attack() -> None:
    """V-land, V-actions: the safe landing is the check-free way down, but ends the round's
    actions; the violent landing at the same cost keeps the attack: reach says both."""
    data = cli("reach", "example:giant-bat", "bat")
    landed = next(s for s in data["states"]
                  if (s["at"], s["altitude"], s["mode"]) == ("T34", 0, "grounded"))
    assert (landed["path"], landed["can_act"], landed["cost"]) == ("down down land", False, "2")
    assert landed["to_act"]["path"] == "down down land-fast"
    assert landed["to_act"]["cost"] == "2"
    assert [c["rule"] for c in landed["to_act"]["checks"]] == ["V-land"]
    assert all("to_act" not in s for s in data["states"] if s["can_act"])


def test_to_act_paths_check_out() -> None:
    """One legality function: each `to_act` way is accepted by check and can attack."""
    scenario = wingbeat.open_scenario("example:giant-bat")
    report = wingbeat.reach(scenario, "bat")
    for state in report.states:
        if state.to_act is None:
            continue
        verdict = wingbeat.check(scenario, "bat", " ".join(state.to_act.moves))
        assert isinstance(verdict, MoveReport)
        assert verdict.legal and verdict.can_act
        assert verdict.cost == state.to_act.cost and verdict.end == state.state


def test_path_can_act(data_examples: Path) -> None:
    """V-actions: --can-act keeps only ways that leave the attack."""
    plain = cli("path", "example:giant-bat", "bat", "--to", "U35", "--altitude", "1")
    assert (plain["cost"], plain["end"]["mode"], plain["can_act"]) == ("2", "moving", False)
    acting = cli("path", "example:giant-bat", "bat", "--to", "U35", "--altitude", "1",
                 "--can-act")
    assert (acting["cost"], acting["moves"], acting["can_act"]) == ("4", "U35 down hover", True)
    missing = cli("path", str(data_examples / "volare/giant-bat-from-u33.yaml"), "bat",
                  "--to", "U35", "--altitude", "1", "--can-act", code=1)
    assert missing["found"] is False and "attack left" in missing["message"]


def test_attack_position_for_the_giant_bat() -> None:
    """V-prox, V-actions: the cheapest melee position with the attack still to make."""
    cheapest = cli("path", "example:giant-bat", "bat", "--attack", "chamois")
    assert cheapest["can_act"] is True and cheapest["cost"] == "3"
    assert cheapest["moves"] == "U35 down down land-fast"
    safe = cli("path", "example:giant-bat", "bat", "--attack", "chamois", "--no-checks")
    assert (safe["moves"], safe["cost"], safe["checks"]) == ("U35 down hover", "4", [])
    scenario = wingbeat.open_scenario("example:giant-bat")
    for found in (cheapest, safe):
        end = found["end"]
        moved = scenario.battle.creature("bat")
        after = replace(moved, at=parse_hex(end["at"]), altitude=end["altitude"],
                        mode=Mode(end["mode"]), heading=None)
        assert engagement_between(after, scenario.battle.creature("chamois")).engagement == "melee"


def test_attack_from_u33_lands_beside_the_chamois(data_examples: Path) -> None:
    """From U33 no hover beside V36 fits the half move (EXPECTED.md), but a violent landing at
    U37 does: 4 MP and a 45 % Reflex save, then the attack (V-land: success may act)."""
    data = cli("path", str(data_examples / "volare/giant-bat-from-u33.yaml"), "bat",
               "--attack", "chamois")
    assert (data["moves"], data["cost"], data["can_act"]) == ("T36 U37 down down land-fast",
                                                              "4", True)
    none = cli("path", str(data_examples / "volare/giant-bat-from-u33.yaml"), "bat",
               "--attack", "chamois", "--no-checks", code=1)
    assert none["found"] is False


def test_attack_position_dnd5e() -> None:
    """D-creatures, D-turn: the harpy's cheapest place within 5 ft of the fighter, action unused."""
    data = cli("path", "example:harpy", "harpy", "--attack", "fighter")
    assert (data["moves"], data["cost"], data["can_act"]) == ("C3+down", "5", True)
    engaged = cli("path", "example:harpy", "fighter", "--attack", "harpy", code=1)
    assert engaged["found"] is False


def test_attack_needs_a_target_not_a_destination() -> None:
    for args in (["path", "example:giant-bat", "bat", "--attack", "chamois", "--to", "U35"],
                 ["path", "example:giant-bat", "bat"],
                 ["path", "example:giant-bat", "bat", "--attack", "bat"],
                 ["path", "example:giant-bat", "bat", "--attack", "dragon"],
                 ["path", "example:pegasi", "pegasi", "--attack", "griffons"]):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, (args, result.output)
        assert "error:" in result.stderr


def test_attack_path_in_a_small_battle() -> None:
    s = volare([{"id": "f", "fly": 6, "at": "J10", "altitude": 3, "mode": "hovering",
                 "maneuverability": "excellent", "reflex": 60},
                {"id": "g", "fly": 6, "at": "J14", "altitude": 3, "mode": "hovering"}])
    found = wingbeat.attack_path(s, "f", "g")
    assert isinstance(found, MoveReport) and not isinstance(found, PathNotFound)
    assert found.moves == "J12 hover" and found.cost == 2
