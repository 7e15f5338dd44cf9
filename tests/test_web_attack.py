"""Attack positions on the web API: path's attack= and can_act= answer what the CLI prints
(``wingbeat path … --attack TARGET --json`` / ``--can-act --json``), bad input the CLI's message;
dnd5e's query options reach the page's summary and every query (V-prox, V-actions, V-land,
D-creatures, D-turn, D-diagonals)."""

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
from wingbeat.web import create_app

SVG = "{http://www.w3.org/2000/svg}"
runner = CliRunner()


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(), base_url="http://127.0.0.1")


def cli_json(*args: str) -> tuple[int, dict[str, Any]]:
    result = runner.invoke(cli_app, [*args, "--json"])
    data: dict[str, Any] = json.loads(result.stdout)
    return result.exit_code, data


@pytest.mark.parametrize(("params", "cli"), [
    ({"scenario": "example:giant-bat", "creature": "bat", "attack": "chamois"},
     ["path", "example:giant-bat", "bat", "--attack", "chamois"]),
    ({"scenario": "example:giant-bat", "creature": "bat", "attack": "chamois",
      "no_checks": "true"},
     ["path", "example:giant-bat", "bat", "--attack", "chamois", "--no-checks"]),
    ({"scenario": "example:giant-bat", "creature": "bat", "to": "U35", "altitude": "1",
      "can_act": "true"},
     ["path", "example:giant-bat", "bat", "--to", "U35", "--altitude", "1", "--can-act"]),
    ({"scenario": "example:giant-bat", "creature": "bat", "to": "T34", "altitude": "0",
      "can_act": "true", "no_checks": "true"},
     ["path", "example:giant-bat", "bat", "--to", "T34", "--altitude", "0", "--can-act",
      "--no-checks"]),
    ({"scenario": "example:harpy", "creature": "harpy", "attack": "fighter"},
     ["path", "example:harpy", "harpy", "--attack", "fighter"]),
    ({"scenario": "example:harpy", "creature": "harpy", "attack": "scout",
      "option": "diagonals=dmg"},
     ["path", "example:harpy", "harpy", "--attack", "scout", "--option", "diagonals=dmg"]),
    ({"scenario": "example:harpy", "creature": "fighter", "attack": "harpy"},
     ["path", "example:harpy", "fighter", "--attack", "harpy"]),
    ({"scenario": "example:harpy", "creature": "harpy", "to": "F6", "can_act": "true",
      "option": "units=m"},
     ["path", "example:harpy", "harpy", "--to", "F6", "--can-act", "--option", "units=m"]),
])
def test_path_attack_and_can_act_answer_with_the_cli_json(client, params, cli):
    response = client.get("/api/path", params=params)
    assert response.status_code == 200
    _, expected = cli_json(*cli)
    assert untold(response.json()) == expected


def test_the_bats_attack_positions_with_and_without_saves(client):
    """V-prox, V-actions, V-land: U35 then a violent landing (3 MP, a Reflex save) beside the
    chamois, or the seed's safe hover at U35 (4 MP) when every save is avoided."""
    query = {"scenario": "example:giant-bat", "creature": "bat", "attack": "chamois"}
    cheapest = client.get("/api/path", params=query).json()
    assert (cheapest["moves"], cheapest["cost"], cheapest["can_act"]) == (
        "U35 down down land-fast", "3", True)
    assert [c["rule"] for c in cheapest["checks"]] == ["V-land"]
    safe = client.get("/api/path", params={**query, "no_checks": "true"}).json()
    assert (safe["moves"], safe["cost"], safe["checks"]) == ("U35 down hover", "4", [])


def test_a_path_that_cannot_keep_the_attack_is_an_answer(data_examples: Path):
    """V-actions: from U33 no way to U35 at altitude 1 leaves the attack (found: false, 200)."""
    scenario = data_examples / "volare" / "giant-bat-from-u33.yaml"
    app = TestClient(create_app(scenario.parent), base_url="http://127.0.0.1")
    response = app.get("/api/path", params={"scenario": scenario.name, "creature": "bat",
                                            "to": "U35", "altitude": "1", "can_act": "true"})
    assert response.status_code == 200
    _, expected = cli_json("path", str(scenario), "bat", "--to", "U35", "--altitude", "1",
                           "--can-act")
    assert response.json() == expected
    assert expected["found"] is False and "attack left" in expected["message"]


@pytest.mark.parametrize(("params", "cli"), [
    ({"scenario": "example:giant-bat", "creature": "bat", "attack": "chamois", "to": "U35"},
     ["path", "example:giant-bat", "bat", "--attack", "chamois", "--to", "U35"]),
    ({"scenario": "example:giant-bat", "creature": "bat", "attack": "chamois",
      "altitude": "1"},
     ["path", "example:giant-bat", "bat", "--attack", "chamois", "--altitude", "1"]),
    ({"scenario": "example:giant-bat", "creature": "bat"},
     ["path", "example:giant-bat", "bat"]),
    ({"scenario": "example:giant-bat", "creature": "bat", "attack": "bat"},
     ["path", "example:giant-bat", "bat", "--attack", "bat"]),
    ({"scenario": "example:giant-bat", "creature": "bat", "attack": "dragon"},
     ["path", "example:giant-bat", "bat", "--attack", "dragon"]),
    ({"scenario": "example:pegasi", "creature": "pegasi", "attack": "griffons"},
     ["path", "example:pegasi", "pegasi", "--attack", "griffons"]),
    ({"scenario": "example:pegasi", "creature": "pegasi", "to": "10,10", "can_act": "true"},
     ["path", "example:pegasi", "pegasi", "--to", "10,10", "--can-act"]),
    ({"scenario": "example:harpy", "creature": "harpy", "attack": "fighter",
      "no_checks": "true"},
     ["path", "example:harpy", "harpy", "--attack", "fighter", "--no-checks"]),
    ({"scenario": "example:harpy", "creature": "harpy", "attack": "fighter",
      "option": "diagonals=chess"},
     ["path", "example:harpy", "harpy", "--attack", "fighter", "--option", "diagonals=chess"]),
])
def test_bad_attack_questions_get_the_cli_message_as_a_400(client, params, cli):
    response = client.get("/api/path", params=params)
    assert response.status_code == 400
    code, expected = cli_json(*cli)
    assert code == 2
    assert response.json() == expected


def route_notes(svg: str) -> dict[str, str]:
    """Each cell's running-total note on the drawn route (``1 · down 2 · hover 4``)."""
    return {g.get("data-cell") or "": "".join(g.itertext())
            for g in ET.fromstring(svg).iter(SVG + "g")
            if g.get("class") == "route-note"}


def notes_of(path: dict[str, Any]) -> dict[str, str]:
    """What the picture should note for a path that makes one horizontal step, then steps in
    place: the step's total, then each move in place with its running total."""
    steps = path["steps"]
    cell = steps[0]["move"]
    return {cell: " · ".join([steps[0]["total"], *(f"{s['move']} {s['total']}"
                                                     for s in steps[1:])])}


def test_render_draws_the_attack_position(client):
    """The picture's route is the attack path, whatever the picture's altitude (an attack
    position finds its own), with saves and without."""
    query = {"scenario": "example:giant-bat", "creature": "bat", "attack": "chamois"}
    for extra in ({}, {"no_checks": "true"}):
        found = client.get("/api/path", params={**query, **extra}).json()
        for altitude in ("all", "1"):
            svg = client.get("/api/render",
                             params={**query, **extra, "altitude": altitude}).text
            assert route_notes(svg) == notes_of(found)


def test_render_draws_the_path_that_keeps_the_attack(client):
    """V-actions: the cheapest way to U35 at altitude 1 moves on; the one that keeps the attack
    hovers there."""
    query = {"scenario": "example:giant-bat", "creature": "bat", "to": "U35", "altitude": "1"}
    for extra in ({}, {"can_act": "true"}):
        path = client.get("/api/path", params={**query, **extra}).json()
        svg = client.get("/api/render", params={**query, **extra}).text
        assert route_notes(svg) == notes_of(path)
    assert route_notes(client.get("/api/render", params={**query, "can_act": "true"}).text) \
        == {"U35": "1 · down 2 · hover 4"}
    bad = client.get("/api/render", params={**query, "attack": "chamois"})
    assert bad.status_code == 400
    assert bad.json()["error"]["message"].startswith("--attack finds its own destination")
    alone = client.get("/api/render", params={"attack": "chamois"})
    assert alone.status_code == 400
    assert alone.json()["error"]["message"] == "to, attack and moves need a creature"


def test_the_summary_says_who_finds_attack_positions(client):
    def summary(name: str) -> dict[str, Any]:
        data: dict[str, Any] = client.get("/api/scenario", params={"scenario": name}).json()
        return data

    assert summary("example:giant-bat")["attack_positions"] is True
    assert summary("example:harpy")["attack_positions"] is True
    assert summary("example:pegasi")["attack_positions"] is False
    assert summary("example:morbid-angel")["attack_positions"] is False


def test_dnd5e_offers_its_diagonals_and_units(client):
    """D-diagonals, Decision 14: the harpy's page offers phb/dmg/euclid and ft/m, starting on
    the scenario's own; altitude labels in either unit. Other rulesets offer none."""
    harpy = client.get("/api/scenario", params={"scenario": "example:harpy"}).json()
    assert harpy["options"] == {
        "diagonals": {"value": "phb", "choices": ["phb", "dmg", "euclid"]},
        "units": {"value": "ft", "choices": ["ft", "m"]}}
    labels = harpy["altitudes"]["labels_by_unit"]
    assert labels["ft"] == harpy["altitudes"]["labels"]
    assert labels["m"][:3] == ["0 (0 m)", "1 (1.5 m)", "2 (3 m)"]
    assert "options" not in client.get("/api/scenario").json()


def costs(svg: str) -> dict[str, str]:
    return {g.get("data-cell") or "": g.get("data-cost") or ""
            for g in ET.fromstring(svg).iter(SVG + "g") if "reach" in (g.get("class") or "")}


@pytest.mark.parametrize("option", ["diagonals=dmg", "diagonals=euclid", "units=m"])
def test_dnd5e_options_reach_every_query(client, option):
    """The option changes reach, path, check and the picture exactly as on the CLI."""
    query = {"scenario": "example:harpy", "creature": "harpy"}
    reach = client.get("/api/reach", params={**query, "option": option}).json()
    _, expected = cli_json("reach", "example:harpy", "harpy", "--option", option)
    assert reach == expected
    plain = client.get("/api/reach", params=query).json()
    assert reach != plain
    path = client.get("/api/path", params={**query, "to": "H8", "option": option}).json()
    assert untold(path) == cli_json("path", "example:harpy", "harpy", "--to", "H8", "--option",
                                    option)[1]
    check = client.get("/api/check", params={**query, "moves": path["moves"],
                                              "option": option}).json()
    assert (check["legal"], check["cost"]) == (True, path["cost"])
    svg = client.get("/api/render", params={**query, "option": option}).text
    best: dict[str, str] = {}
    for s in reach["states"]:
        if s["at"] not in best or Fraction(s["cost"]) < Fraction(best[s["at"]]):
            best[s["at"]] = s["cost"]
    assert costs(svg) == best


def test_the_attack_routes_note_leaves_the_target_in_sight(client):
    """The running-total note of the bat's attack route (beside the chamois) covers no
    creature's disc: it moves off the cell's underside when that would hide the target."""
    svg = client.get("/api/render", params={"creature": "bat", "attack": "chamois"}).text
    root = ET.fromstring(svg)
    boxes = [g.find(SVG + "rect") for g in root.iter(SVG + "g")
             if g.get("class") == "route-note"]
    discs = [g.find(SVG + "circle") for g in root.iter(SVG + "g")
             if g.get("class") == "creature"]
    assert boxes and len(discs) == 2
    for rect in boxes:
        assert rect is not None
        left, top = float(rect.get("x") or 0), float(rect.get("y") or 0)
        right, bottom = left + float(rect.get("width") or 0), top + float(rect.get("height") or 0)
        for disc in discs:
            assert disc is not None
            cx, cy, r = (float(disc.get(k) or 0) for k in ("cx", "cy", "r"))
            nearest = (min(max(cx, left), right), min(max(cy, top), bottom))
            assert (cx - nearest[0]) ** 2 + (cy - nearest[1]) ** 2 >= r * r


def test_an_attack_position_says_advice_beside_it_as_the_cli(data_advice: Path):
    """Issue 25, one attack answer: ``attack=`` answers ``advised`` as ``wingbeat path --attack
    --json`` does (advice's best, whether it is the cheapest place, why); a path ``to`` a place
    has none."""
    app = TestClient(create_app(data_advice), base_url="http://127.0.0.1")
    for creature, agrees in (("stooper", False), ("circler", True)):
        response = app.get("/api/path", params={"scenario": "hawks.yaml", "creature": creature,
                                                "attack": "hare"})
        assert response.status_code == 200
        _, expected = cli_json("path", str(data_advice / "hawks.yaml"), creature, "--attack",
                               "hare")
        answer = response.json()
        said = expected["advised"]["text"]  # the scenario as each names it: a path, a file name
        if said is not None:
            said = said.replace(str(data_advice / "hawks.yaml"), "hawks.yaml")
        assert answer["advised"] == {**expected["advised"], "text": said}
        assert answer["advised"]["agrees"] is agrees
    plain = app.get("/api/path", params={"scenario": "hawks.yaml", "creature": "stooper",
                                         "to": "D4", "altitude": "1"}).json()
    assert "advised" not in plain
