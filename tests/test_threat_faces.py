"""Threat, advise and suggest through the faces: the CLI (text, ``--json``, ``--svg``, exit codes),
the web API (the CLI's JSON) and play (a suggestion declared only when the GM accepts it)."""

from __future__ import annotations

import json
import xml.dom.minidom
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

import wingbeat
from conformance import (
    CHECK,
    EXACT,
    GEOJSON,
    LABEL,
    LENGTH,
    Either,
    Enum,
    Obj,
    Seq,
    Table,
    assert_conforms,
    json_of,
)
from wingbeat.cli import app
from wingbeat.tactics import foes_of, members
from wingbeat.tactics.grid import kept_reports
from wingbeat.web.app import create_app

runner = CliRunner()


def cli(*args: str, code: int = 0) -> Any:
    result = runner.invoke(app, list(args))
    assert result.exit_code == code, result.output
    return result


def test_threat_text_is_a_map_of_counts_and_json_is_per_place(tmp_path: Path) -> None:
    text = cli("threat", "example:harpy", "--side", "party").stdout
    assert "altitude 0:" in text and "most threatened:" in text
    data = json.loads(cli("threat", "example:harpy", "--side", "party", "--json").stdout)
    assert data["side"] == "party" and data["creatures"] == ["fighter", "scout"]
    place = data["threats"][0]
    assert set(place) == {"at", "altitude", "count", "by"} and place["count"] == len(place["by"])
    assert set(place["by"][0]) == {"creature", "cost", "moves", "checks", "success", "how"}
    assert data == json_of(wingbeat.threat(wingbeat.open_scenario("example:harpy"),
                                           side="party"))
    svg = tmp_path / "threat.svg"
    cli("threat", "example:giant-bat", "--creature", "bat", "--svg", str(svg))
    drawn = xml.dom.minidom.parse(str(svg))
    titles = [t.firstChild.data for t in drawn.getElementsByTagName("title")]
    assert any(t.startswith("V36 altitude 0: 1 can strike: bat") for t in titles)


def test_tabletop_threat_gives_geojson_areas_per_count(tmp_path: Path) -> None:
    data = json.loads(cli("threat", "example:morbid-angel", "--side", "acheron",
                          "--json").stdout)
    assert data["areas"] and all(a["count"] == len(a["by"]) >= 1 for a in data["areas"])
    assert {a["area"]["type"] for a in data["areas"]} <= {"Polygon", "MultiPolygon"}
    svg = tmp_path / "table.svg"
    cli("threat", "example:pegasi", "--side", "west", "--svg", str(svg))
    assert "can strike: pegasi" in svg.read_text()


def test_advise_text_and_json() -> None:
    text = cli("advise", "example:giant-bat", "bat", "--target", "chamois").stdout
    assert text.splitlines()[1].startswith("1. chamois from at U35, altitude 1, hovering")
    assert "holds the elevated position over chamois (V-prox)" in text
    data = json.loads(cli("advise", "example:giant-bat", "bat", "--json",
                          "--weight", "cost=2").stdout)
    assert data["target"] == "chamois" and data["weights"]["cost"] == "2"
    first = data["options"][0]
    assert {"rank", "end", "moves", "cost", "success", "opportunity_attacks", "threatened_by",
            "edge", "reasons"} <= set(first)


@pytest.mark.parametrize("args", [
    ["threat", "example:harpy"],
    ["threat", "example:harpy", "--side", "nobody"],
    ["threat", "example:harpy", "--creature", "ghost"],
    ["threat", "example:harpy", "--creature", "harpy", "--side", "party"],
    ["advise", "example:harpy", "harpy", "--target", "harpy"],
    ["advise", "example:harpy", "harpy", "--target", "ghost"],
    ["advise", "example:giant-bat", "bat", "--weight", "luck=1"],
    ["advise", "example:giant-bat", "bat", "--weight", "edge=many"],
])
def test_bad_input_is_one_line_and_exit_2(args: list[str]) -> None:
    result = cli(*args, code=2)
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("error: ")


def test_play_suggest_shows_and_declares_only_when_accepted(tmp_path: Path) -> None:
    db = str(tmp_path / "play.sqlite3")
    cli("play", "new", "example:giant-bat", "--seed", "3", "--order", "bat,chamois", "--db", db)
    shown = json.loads(cli("play", "suggest", "1", "bat", "--db", db, "--json").stdout)
    assert shown["accepted"] is None
    assert shown["suggestion"]["moves"] == "U35 down hover"
    state = json.loads(cli("play", "show", "1", "--db", db, "--json").stdout)
    assert state["state"]["moved"] == []  # nothing declared
    done = json.loads(cli("play", "suggest", "1", "bat", "--accept", "--db", db,
                          "--json").stdout)
    assert done["accepted"]["state"]["pieces"]["bat"]["at"] == "U35"
    again = cli("play", "suggest", "1", "bat", "--db", db, code=2)
    assert "already moved" in again.stderr


def test_the_web_api_answers_as_the_cli(tmp_path: Path) -> None:
    application = create_app()
    application.state.play_db = tmp_path / "web.sqlite3"
    web = TestClient(application, base_url="http://127.0.0.1")
    got = web.get("/api/threat", params={"scenario": "example:harpy", "side": "monsters"})
    assert got.status_code == 200
    assert got.json() == json.loads(cli("threat", "example:harpy", "--side", "monsters",
                                        "--json").stdout)
    advice = web.get("/api/advise", params={"scenario": "example:giant-bat", "creature": "bat",
                                            "target": "chamois", "weight": "edge=2"})
    assert advice.json() == json.loads(cli("advise", "example:giant-bat", "bat", "--target",
                                           "chamois", "--weight", "edge=2", "--json").stdout)
    svg = web.get("/api/threat.svg", params={"scenario": "example:giant-bat",
                                             "creature": "bat", "altitude": "0"})
    assert svg.status_code == 200 and svg.headers["content-type"].startswith("image/svg+xml")
    bad = web.get("/api/threat", params={"scenario": "example:harpy"})
    assert bad.status_code == 400 and "side" in bad.json()["error"]["message"]
    new = web.post("/api/play/encounters", json={"scenario": "example:giant-bat", "seed": 1,
                                                 "order": ["bat", "chamois"]})
    ref = new.json()["encounter"]["id"]
    suggested = web.get(f"/api/play/encounters/{ref}/suggest", params={"creature": "bat"})
    assert suggested.status_code == 200
    assert suggested.json()["suggestion"]["moves"] == "U35 down hover"
    assert suggested.json()["accepted"] is None
    unknown = web.get(f"/api/play/encounters/{ref}/suggest", params={"creature": "ghost"})
    assert unknown.status_code == 400


# -- the JSON contract of docs/json.md, over every example ----------------------------------------

_WAY = Obj({"creature": str, "cost": EXACT, "moves": str, "checks": Seq(CHECK),
            "success": EXACT, "how": str})
_GRID_THREAT = Obj({"ruleset": str, "side": Either(str, None), "creatures": Seq(str, least=1),
                    "unit": str, "threats": Seq(Obj({"at": LABEL, "altitude": int, "count": int,
                                                     "by": Seq(_WAY, least=1)}))})
_TABLE_THREAT = Obj({"ruleset": str, "side": Either(str, None), "creatures": Seq(str, least=1),
                     "unit": str, "areas": Seq(Obj(
                         {"count": int, "by": Seq(Obj({"creature": str, "how": str}), least=1),
                          "area": GEOJSON}, {"tier": int, "altitude": str}))})
_OPTION = Obj({"rank": int, "target": str, "end": Obj({}, closed=False), "moves": str,
               "cost": Either(EXACT, LENGTH), "checks": Seq(CHECK), "success": EXACT,
               "opportunity_attacks": int, "threatened_by": Seq(str),
               "edge": Seq(Enum("elevated", "out-of-reach", "dive-charge")),
               "actions": Seq(str), "score": EXACT, "reasons": Seq(str, least=1)})
_ADVICE = Obj({"ruleset": str, "creature": str, "target": Either(str, None),
               "targets": Seq(str, least=1), "unit": str, "weights": Table(EXACT),
               "options": Seq(_OPTION)})
_SUGGESTION = Obj({"ruleset": str, "creature": str, "kind": Enum("attack", "close", "hold"),
                   "target": Either(str, None), "moves": str, "cost": Either(EXACT, LENGTH),
                   "reasons": Seq(str, least=1), "option": Either(_OPTION, None)})


@pytest.mark.parametrize("example", ["giant-bat", "harpy", "pegasi", "morbid-angel"])
def test_every_answer_has_the_documented_shape(example: str) -> None:
    scenario = wingbeat.open_scenario(f"example:{example}")
    grid = "states" in json_of(wingbeat.reach(scenario, members(scenario)[0][0]))
    with kept_reports():  # each creature's reach is searched once for all three answers
        for creature, side in members(scenario):
            report = json_of(wingbeat.threat(scenario, creature=creature))
            assert_conforms(report, _GRID_THREAT if grid else _TABLE_THREAT,
                            f"threat {creature}")
            assert report["side"] == side
            if foes_of(scenario, creature):
                advice = json_of(wingbeat.advise(scenario, creature))
                assert_conforms(advice, _ADVICE, f"advise {creature}")
                assert [o["rank"] for o in advice["options"]] == list(
                    range(1, len(advice["options"]) + 1))
            assert_conforms(json_of(wingbeat.suggest(scenario, creature)), _SUGGESTION,
                            f"suggest {creature}")
