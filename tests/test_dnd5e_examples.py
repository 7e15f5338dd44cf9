"""The dnd5e examples under examples/dnd5e give exactly what their EXPECTED.md states."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from answers import cli_json
from wingbeat.cli import app

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "dnd5e"
runner = CliRunner()


def ex(name: str) -> str:
    return str(EXAMPLES / name)


@pytest.mark.parametrize(("rule", "six", "three_d"), [("phb", "30", "5"), ("dmg", "45", "5"),
                                                      ("euclid", "40", "10")])
def test_diagonals(rule: str, six: str, three_d: str) -> None:
    """D-grid: the same diagonals under each rule."""
    option = ["--option", f"diagonals={rule}"]
    path = cli_json("check", ex("diagonals.yaml"), "runner", "B2 C3 D4 E5 F6 G7", *option)
    assert path["cost"] == six
    assert cli_json("check", ex("diagonals.yaml"), "runner", "B2+up", *option)["cost"] == three_d


def test_squeeze() -> None:
    """D-size: a Large ogre squeezes through a 5 ft corridor at double cost."""
    data = cli_json("check", ex("squeeze.yaml"), "ogre", "D2 D3")
    assert data["cost"] == "20" and data["end"]["squeezing"] is True
    path = cli_json("path", ex("squeeze.yaml"), "ogre", "--to", "C7")
    assert path["cost"] == "50" and path["can_act"] is False
    assert "dash" in path["moves"].split()


def test_blockers() -> None:
    """D-creatures: a hostile Medium blocks a Medium, not a Huge; leaving its reach provokes."""
    blocked = cli_json("check", ex("blockers.yaml"), "soldier", "B4 C4 D4 E4 F4", code=1)
    assert (blocked["error"]["rule"], blocked["error"]["step"]) == ("D-creatures", 5)
    giant = cli_json("check", ex("blockers.yaml"), "giant", "G3 F3 E3 D3 C3")
    assert giant["legal"] is True and giant["cost"] == "40"
    away = cli_json("check", ex("blockers.yaml"), "soldier", "B4 C4 D4 E4 D4")
    assert away["events"] == [{"type": "opportunity-attack", "by": "guard", "step": 5}]
    calm = cli_json("check", ex("blockers.yaml"), "soldier", "disengage B4 C4 D4 E4 D4")
    assert calm["events"] == []
    near = cli_json("engagement", ex("blockers.yaml"), "giant", "guard")
    assert near["engagement"] == "melee" and near["rule"] == "D-creatures"


def test_falling() -> None:
    """D-fly: knocked prone 30 ft up without hover: 3d6 and prone; a hoverer stays up."""
    harpy = cli_json("check", ex("falling.yaml"), "harpy", "")
    assert harpy["events"] == [{"type": "fall", "feet": 30, "damage": "3d6", "prone": True,
                                "step": 0}]
    assert harpy["end"]["altitude"] == 0
    wisp = cli_json("check", ex("falling.yaml"), "wisp", "stand G3")
    assert wisp["cost"] == "30" and wisp["events"] == [] and wisp["end"]["altitude"] == 6


def test_hex() -> None:
    """D-grid hex option, D-size: a Large griffon covers 3 hexes."""
    assert cli_json("check", ex("hex.yaml"), "griffon", "E7 F8")["cost"] == "20"
    far = cli_json("engagement", ex("hex.yaml"), "griffon", "dragon")
    assert far["engagement"] == "none" and far["distance"] == 15


def test_built_in_harpy_example() -> None:
    """The built-in example: reach JSON carries the 5e fields; an opportunity attack is named."""
    data = cli_json("reach", "example:harpy", "harpy")
    assert (data["ruleset"], data["unit"], data["budget"]) == ("dnd5e", "ft", "80")
    first = data["states"][0]
    assert set(first) >= {"at", "altitude", "mode", "prone", "squeezing", "cost", "can_act"}
    assert (first["at"], first["altitude"], first["cost"]) == ("B2", 2, "0")
    keys = [(s["at"], s["altitude"], s["prone"]) for s in data["states"]]
    assert len(keys) == len(set(keys))
    verdict = cli_json("check", "example:harpy", "harpy", "C3+down D3 C3+up")
    assert verdict["events"] == [{"type": "opportunity-attack", "by": "fighter", "step": 3}]
    assert verdict["turn"]["opportunity_attacks"] == [{"by": "fighter", "step": 3}]


def test_text_output_and_bad_input() -> None:
    """Readable text by default; bad notation or options exit 2 with one line, no traceback."""
    text = runner.invoke(app, ["check", ex("seed-split.yaml"), "hero", "B1 action C1"])
    assert text.exit_code == 0 and "action: used" in text.output
    for args in (["check", ex("seed-split.yaml"), "hero", "B1 ?"],
                 ["check", ex("seed-split.yaml"), "hero", "B1", "--option", "diagonals=hex"],
                 ["reach", ex("seed-split.yaml"), "hero", "--option", "wind=gale"],
                 ["path", ex("seed-split.yaml"), "hero", "--to", "B1", "--mode", "swimming"],
                 ["check", ex("seed-split.yaml"), "nobody", "B1"]):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, args
        assert "Traceback" not in result.output
