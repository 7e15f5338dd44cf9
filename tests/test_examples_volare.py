"""Every figure of shared/examples/volare/EXPECTED.md, through the command line's --json."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from wingbeat.cli import app

runner = CliRunner()


def cli_json(*args: str, code: int = 0) -> dict[str, Any]:
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == code, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def test_giant_bat_u35_down_hover_is_a_half_move_then_attack(shared_examples: Path) -> None:
    """V-actions, V-inertia, seed 000: U35 (1) + descend (1) + stop to hover (2) = 4 MP."""
    data = cli_json("check", str(shared_examples / "volare/giant-bat.yaml"), "bat",
                    "U35 down hover")
    assert data["legal"] is True
    assert data["cost"] == "4"
    assert data["can_act"] is True
    assert data["end"] == {"at": "U35", "altitude": 1, "mode": "hovering", "heading": None,
                           "skimming": False}
    assert [(s["move"], s["cost"], s["total"]) for s in data["steps"]] == [
        ("U35", "1", "1"), ("down", "1", "2"), ("hover", "2", "4")]
    assert data["checks"] == [] and data["events"] == []


def test_giant_bat_from_u35_is_in_melee_from_above(shared_examples: Path, tmp_path: Path) -> None:
    """V-prox case 2: adjacent hex, one level up, hovering: melee, elevated, −2 to hit (V-man)."""
    text = (shared_examples / "volare/giant-bat.yaml").read_text()
    moved = text.replace("at: T34\n    altitude: 2\n    mode: moving\n    came_from: T32",
                         "at: U35\n    altitude: 1\n    mode: hovering")
    assert moved != text
    scenario = tmp_path / "after.yaml"
    scenario.write_text(moved)
    data = cli_json("engagement", str(scenario), "bat", "chamois")
    assert data["engagement"] == "melee"
    assert data["elevated"] == "bat"
    assert data["rule"] == "V-prox"
    assert data["case"] == 2
    assert data["attack_modifiers"] == {"bat": -2}


def test_giant_bat_from_u33_cannot_turn_to_u35(shared_examples: Path) -> None:
    """V-inertia: from U33 to T34 the frontal hexes are S33, S35 and T36."""
    data = cli_json("check", str(shared_examples / "volare/giant-bat-from-u33.yaml"), "bat",
                    "U35 down hover", code=1)
    assert data["legal"] is False
    error = data["error"]
    assert error["step"] == 1 and error["move"] == "U35" and error["rule"] == "V-inertia"
    assert "S33, S35, T36" in error["message"]
    assert "U33→T34" in error["message"]
    assert "2 MP" in error["message"]


def _hovering_next_to_chamois(data: dict[str, Any]) -> list[dict[str, Any]]:
    beside_v36 = {"V34", "W35", "W37", "V38", "U37", "U35"}
    return [s for s in data["states"]
            if s["at"] in beside_v36 and s["altitude"] == 1 and s["mode"] == "hovering"]


def test_giant_bat_from_u33_needs_5_mp_so_cannot_attack(shared_examples: Path) -> None:
    """V-actions: the cheapest hover at altitude 1 beside V36 costs 5 (T36 U37 down hover) > 4."""
    data = cli_json("reach", str(shared_examples / "volare/giant-bat-from-u33.yaml"), "bat")
    assert data["budget"] == "8" and data["half"] == "4"
    options = _hovering_next_to_chamois(data)
    cheapest = min(options, key=lambda s: _fraction(s["cost"]))
    assert cheapest["cost"] == "5"
    assert cheapest["at"] == "U37"
    assert cheapest["path"] == "T36 U37 down hover"
    assert all(not s["can_act"] for s in options)
    path = cli_json("path", str(shared_examples / "volare/giant-bat-from-u33.yaml"), "bat",
                    "--to", "U37", "--altitude", "1", "--mode", "hovering")
    assert path["cost"] == "5" and path["can_act"] is False


def test_giant_bat_from_t32_can_attack_from_u35(shared_examples: Path) -> None:
    data = cli_json("reach", str(shared_examples / "volare/giant-bat.yaml"), "bat")
    best = min(_hovering_next_to_chamois(data), key=lambda s: _fraction(s["cost"]))
    assert (best["at"], best["cost"], best["can_act"]) == ("U35", "4", True)
    start = data["states"][0]
    assert (start["at"], start["altitude"], start["mode"], start["cost"]) == ("T34", 2, "moving",
                                                                               "0")


@pytest.mark.parametrize(("move", "cost"), [("O27", "2"), ("N26", "3"), ("N24", "2")])
def test_breeze_against(shared_examples: Path, move: str, cost: str) -> None:
    """V-wind, seed 000: breeze toward NE, bat at O25 heading SW."""
    data = cli_json("check", str(shared_examples / "volare/breeze-against.yaml"), "bat", move)
    assert data["cost"] == cost


@pytest.mark.parametrize(("move", "cost"), [("O23", "1/2"), ("P24", "1/3"), ("P26", "1/2")])
def test_breeze_with(shared_examples: Path, move: str, cost: str) -> None:
    """V-wind, seed 000: breeze toward NE, bat at O25 heading NE."""
    data = cli_json("check", str(shared_examples / "volare/breeze-with.yaml"), "bat", move)
    assert data["cost"] == cost


def test_repository_copies_match_the_shared_examples(shared_examples: Path) -> None:
    repo = Path(__file__).resolve().parent.parent / "examples/volare"
    for shared in (shared_examples / "volare").iterdir():
        assert (repo / shared.name).read_text() == shared.read_text(), shared.name


def _fraction(text: str) -> float:
    from fractions import Fraction

    return float(Fraction(text))
