"""The web API for every ruleset: dnd5e (squares and hexes), battlesystem and confrontation
answer with the CLI's JSON, and ``/api/render`` draws exactly those answers (issue 6)."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from scenarios import untold
from wingbeat.cli import app as cli_app
from wingbeat.model import format_cost
from wingbeat.web import create_app

SVG = "{http://www.w3.org/2000/svg}"
DND5E = Path(__file__).resolve().parent.parent / "examples" / "dnd5e"
runner = CliRunner()


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(DND5E), base_url="http://127.0.0.1")


def cli_json(*args: str) -> dict[str, Any]:
    result = runner.invoke(cli_app, [*args, "--json"])
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def drawn_cells(svg: str) -> dict[str, str]:
    root = ET.fromstring(svg)
    return {g.get("data-cell") or "": g.get("data-cost") or "" for g in root.iter(SVG + "g")
            if "reach" in (g.get("class") or "").split()}


def least_costs(report: dict[str, Any], altitude: int | None) -> dict[str, str]:
    best: dict[str, Fraction] = {}
    for s in report["states"]:
        if altitude is None or s["altitude"] == altitude:
            best[s["at"]] = min(best.get(s["at"], Fraction(s["cost"])), Fraction(s["cost"]))
    return {at: format_cost(c) for at, c in best.items()}


@pytest.mark.parametrize(("scenario", "endpoint", "params", "cli"), [
    ("example:harpy", "check", {"creature": "harpy", "moves": "C3+down D3 action C3+up"},
     ["check", "example:harpy", "harpy", "C3+down D3 action C3+up"]),
    ("example:harpy", "check", {"creature": "harpy", "moves": "C3 N E1"},
     ["check", "example:harpy", "harpy", "C3 N E1"]),
    ("example:harpy", "path", {"creature": "harpy", "to": "D3", "altitude": "0"},
     ["path", "example:harpy", "harpy", "--to", "D3", "--altitude", "0"]),
    ("example:harpy", "engagement", {"a": "harpy", "b": "fighter"},
     ["engagement", "example:harpy", "harpy", "fighter"]),
    ("hex.yaml", "reach", {"creature": "griffon"},
     ["reach", str(DND5E / "hex.yaml"), "griffon"]),
    ("hex.yaml", "check", {"creature": "griffon", "moves": "E7 F8"},
     ["check", str(DND5E / "hex.yaml"), "griffon", "E7 F8"]),
    ("seed-split.yaml", "reach", {"creature": "hero"},
     ["reach", str(DND5E / "seed-split.yaml"), "hero"]),
    ("example:pegasi", "reach", {"creature": "pegasi"}, ["reach", "example:pegasi", "pegasi"]),
    ("example:pegasi", "path", {"creature": "pegasi", "to": "40,20", "altitude": "medium"},
     ["path", "example:pegasi", "pegasi", "--to", "40,20", "--altitude", "medium"]),
    ("example:pegasi", "check", {"creature": "pegasi", "moves": "up 42,20"},
     ["check", "example:pegasi", "pegasi", "up 42,20"]),
    ("example:morbid-angel", "reach", {"creature": "angel"},
     ["reach", "example:morbid-angel", "angel"]),
    ("example:morbid-angel", "check", {"creature": "angel", "moves": "42.5,30 down"},
     ["check", "example:morbid-angel", "angel", "42.5,30 down"]),
    ("example:morbid-angel", "check", {"creature": "angel", "moves": "80,80"},
     ["check", "example:morbid-angel", "angel", "80,80"]),
    ("example:morbid-angel", "path", {"creature": "gargoyle", "to": "39.8,40.8",
                                      "altitude": "1"},
     ["path", "example:morbid-angel", "gargoyle", "--to", "39.8,40.8", "--altitude", "1"]),
])
def test_api_answers_with_the_cli_json(client, scenario, endpoint, params, cli):
    response = client.get(f"/api/{endpoint}", params={"scenario": scenario, **params})
    assert response.status_code == 200, response.text
    assert untold(response.json()) == cli_json(*cli)


def test_an_illegal_move_names_its_rule_in_every_ruleset(client):
    """D-grid (not adjacent), C-mou (beyond the air MOU), B-alt (a leg on the ground)."""
    for scenario, creature, moves, rule in (("example:harpy", "harpy", "C3 N E1", "D-grid"),
                                            ("example:morbid-angel", "angel", "80,80", "C-mou"),
                                            ("example:pegasi", "griffons", "60,30", "B-alt")):
        body = client.get("/api/check", params={"scenario": scenario, "creature": creature,
                                                "moves": moves}).json()
        assert body["legal"] is False and body["error"]["rule"] == rule, body


@pytest.mark.parametrize("altitude", ["2", "all"])
def test_render_of_the_harpy_colours_what_reach_reports(client, altitude):
    reach = client.get("/api/reach", params={"scenario": "example:harpy",
                                             "creature": "harpy"}).json()
    svg = client.get("/api/render", params={"scenario": "example:harpy", "creature": "harpy",
                                            "altitude": altitude, "to": "D3"}).text
    level = None if altitude == "all" else int(altitude)
    assert drawn_cells(svg) == least_costs(reach, level)
    query = {"scenario": "example:harpy", "creature": "harpy", "to": "D3"}
    path = client.get("/api/path", params=query if level is None
                      else {**query, "altitude": str(level)}).json()
    arrows = [line.get("data-total") for line in ET.fromstring(svg).iter(SVG + "line")
              if "route-step" in (line.get("class") or "")]
    assert arrows == [s["total"] for s in path["steps"]]


def test_render_of_the_hex_option_colours_what_reach_reports(client):
    reach = client.get("/api/reach", params={"scenario": "hex.yaml",
                                             "creature": "griffon"}).json()
    svg = client.get("/api/render", params={"scenario": "hex.yaml", "creature": "griffon",
                                            "altitude": "1"}).text
    assert ET.fromstring(svg).get("data-grid") == "hex"
    assert drawn_cells(svg) == least_costs(reach, 1)


@pytest.mark.parametrize(("scenario", "creature", "index", "name"), [
    ("example:pegasi", "pegasi", 2, "medium"),
    ("example:morbid-angel", "angel", 1, 1),
])
def test_render_of_a_table_draws_the_areas_of_the_chosen_level(client, scenario, creature,
                                                                 index, name):
    """The slider's index names the level (battlesystem) or tier (confrontation)."""
    reach = client.get("/api/reach", params={"scenario": scenario, "creature": creature}).json()
    svg = client.get("/api/render", params={"scenario": scenario, "creature": creature,
                                            "altitude": str(index), "to": "40,30"}).text
    root = ET.fromstring(svg)
    areas = [p for p in root.iter(SVG + "path") if p.get("class") == "reach-area"]
    key = "altitude" if "altitude" in reach["areas"][0] else "tier"
    assert [p.get("data-altitude") for p in areas] == \
        [str(a[key]) for a in reach["areas"] if a[key] == name]
    path = client.get("/api/path", params={"scenario": scenario, "creature": creature,
                                           "to": "40,30", "altitude": str(name)}).json()
    arrows = [line.get("data-total") for line in root.iter(SVG + "line")
              if "route-step" in (line.get("class") or "")]
    assert arrows == [s["total"] for s in path["steps"] if "," in s["move"]]


def test_render_of_a_refused_table_move_names_the_rule(client):
    svg = client.get("/api/render", params={"scenario": "example:morbid-angel",
                                            "creature": "angel", "moves": "80,80"}).text
    refused = [line for line in ET.fromstring(svg).iter(SVG + "line")
               if "refused" in (line.get("class") or "")]
    assert [(line.get("data-move"), line.get("data-rule")) for line in refused] == \
        [("80,80", "C-mou")]


def test_scenario_summaries_name_the_altitudes(client):
    harpy = client.get("/api/scenario", params={"scenario": "example:harpy"}).json()
    assert harpy["map"]["kind"] == "square"
    assert harpy["altitudes"]["labels"][:3] == ["0 (0 ft)", "1 (5 ft)", "2 (10 ft)"]
    assert [(c["id"], c["level"], c["size"]) for c in harpy["creatures"]] == \
        [("harpy", 2, "medium"), ("fighter", 0, "medium"), ("scout", 0, "tiny")]
    hexes = client.get("/api/scenario", params={"scenario": "hex.yaml"}).json()
    assert hexes["map"]["kind"] == "hex"
    pegasi = client.get("/api/scenario", params={"scenario": "example:pegasi"}).json()
    assert pegasi["altitudes"]["names"] == ["ground", "low", "medium", "high"]
    assert (pegasi["creatures"][0]["altitude"], pegasi["creatures"][0]["level"]) == ("low", 1)
    angel = client.get("/api/scenario", params={"scenario": "example:morbid-angel"}).json()
    assert angel["altitudes"]["word"] == "tier"
    assert angel["creatures"][0]["level"] == 2


def test_a_dnd5e_option_that_does_not_exist_is_a_400(client):
    response = client.get("/api/reach", params={"scenario": "example:harpy",
                                                "creature": "harpy", "no_checks": "true"})
    assert response.status_code == 400
    assert "dnd5e does not know the option(s) no_checks" in response.json()["error"]["message"]
