"""The play page's map draws the round's last move as a trail (issue 15): the move as made, checked
from where the creature stood before it, in every ruleset's picture."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import yaml
from fastapi.testclient import TestClient

import wingbeat
from wingbeat.render import render_svg
from wingbeat.web.play import create_play_app

SVG = "{http://www.w3.org/2000/svg}"


def client(tmp_path: Path) -> TestClient:
    return TestClient(create_play_app(tmp_path / "trail.sqlite3"), base_url="http://127.0.0.1")


def start(web: TestClient, order: list[str], **body: Any) -> str:
    new = web.post("/api/play/encounters", json={"seed": 1, "order": order, **body})
    assert new.status_code == 200, new.text
    return str(new.json()["encounter"]["id"])


def move(web: TestClient, ref: str, creature: str, moves: str, **body: Any) -> dict[str, Any]:
    moved = web.post(f"/api/play/encounters/{ref}/moves",
                     json={"creature": creature, "moves": moves, **body})
    assert moved.status_code == 200, moved.text
    played: dict[str, Any] = moved.json()["entry"]["played"][0]
    return played


def picture(web: TestClient, ref: str) -> ET.Element:
    drawn = web.get(f"/api/play/encounters/{ref}/map.svg")
    assert drawn.status_code == 200, drawn.text
    return ET.fromstring(drawn.text)


def cells(svg: ET.Element) -> set[str | None]:
    return {g.get("data-cell") for g in svg.iter(SVG + "g")
            if "cell" in (g.get("class") or "").split()}


def trail(web: TestClient, ref: str) -> ET.Element | None:
    """The picture's trail group, None when it has none."""
    found = [g for g in picture(web, ref).iter(SVG + "g") if g.get("class") == "trail"]
    assert len(found) <= 1
    return found[0] if found else None


def marks(group: ET.Element, key: str = "data-cell") -> tuple[str | None, list[str | None]]:
    """Where the trail's start ring stands, and its dots in order."""
    circles = list(group.iter(SVG + "circle"))
    start = [c.get(key) for c in circles if c.get("class") == "trail-start"]
    assert len(start) == 1
    return start[0], [c.get(key) for c in circles if c.get("class") == "trail-mark"]


def test_a_move_leaves_its_trail_until_the_round_ends(tmp_path: Path) -> None:
    """V-mp: the bat flies T34 → U35, then goes down and hovers; its trail runs from T34, where
    it stood, to U35, its steps in place leaving no dot of their own. A creature that holds does
    not hide it; the next round starts without one; undo brings it back."""
    web = client(tmp_path)
    ref = start(web, ["bat", "chamois"], scenario="example:giant-bat")
    assert trail(web, ref) is None  # nobody has moved yet
    move(web, ref, "bat", "U35 down hover")
    drawn = trail(web, ref)
    assert drawn is not None
    assert (drawn.get("data-creature"), drawn.get("data-path")) == ("bat", "T34 U35")
    assert marks(drawn) == ("T34", ["U35"])
    said = drawn.find(SVG + "title")
    assert said is not None and said.text == "Giant bat's last move, from T34: U35 down hover"
    move(web, ref, "chamois", "")  # it holds
    held = trail(web, ref)
    assert held is not None and held.get("data-path") == "T34 U35"
    web.post(f"/api/play/encounters/{ref}/next-round", json={})
    assert trail(web, ref) is None
    web.post(f"/api/play/encounters/{ref}/undo", json={})
    back = trail(web, ref)
    assert back is not None and back.get("data-path") == "T34 U35"


def test_the_trail_follows_the_move_as_made_not_as_declared(tmp_path: Path) -> None:
    """V-skim: the hawk's save fails at the touchdown in J20 and it lands at once (V-land): the
    trail ends in J20, where it came down, not in J22, where it meant to go."""
    hawk = {"id": "hawk", "fly": 8, "ground": 2, "maneuverability": "medium", "reflex": 0,
            "at": "J10", "altitude": 1, "mode": "hovering"}
    text = yaml.safe_dump({"ruleset": "volare", "map": {"grid": "hex", "columns": 30,
                                                        "rows": 50}, "creatures": [hawk]})
    web = client(tmp_path)
    ref = start(web, ["hawk"], text=text, source="hawk.yaml")
    played = move(web, ref, "hawk", "J12 J14 J16 J18 J20 down skim J22")
    assert played["made"] == "J12 J14 J16 J18 J20 down land-fast"
    drawn = trail(web, ref)
    assert drawn is not None and drawn.get("data-path") == "J10 J12 J14 J16 J18 J20"
    assert marks(drawn) == ("J10", ["J12", "J14", "J16", "J18", "J20"])


def test_a_dnd5e_move_leaves_its_trail_on_the_squares(tmp_path: Path) -> None:
    """D-fly: the harpy drops from B2 into C3, strikes in D3 and climbs back to C3; its trail
    passes each square in turn, the action in place leaving no dot."""
    web = client(tmp_path)
    ref = start(web, ["harpy", "fighter", "scout"], scenario="example:harpy")
    move(web, ref, "harpy", "C3+down D3 action C3+up")
    drawn = trail(web, ref)
    assert drawn is not None and drawn.get("data-path") == "B2 C3 D3 C3"
    assert marks(drawn) == ("B2", ["C3", "D3", "C3"])


def test_a_table_move_leaves_its_trail_through_the_points(tmp_path: Path) -> None:
    """C-mou: the gargoyle runs from 50,30 to 42.5,30, then climbs; the trail joins the two
    points, the change of tier leaving no dot of its own."""
    web = client(tmp_path)
    ref = start(web, ["gargoyle", "angel", "knight", "harpy"], scenario="example:morbid-angel")
    move(web, ref, "gargoyle", "42.5,30 up")
    drawn = trail(web, ref)
    assert drawn is not None and drawn.get("data-path") == "50,30 42.5,30"
    assert marks(drawn, "data-at") == ("50,30", ["42.5,30"])


def test_the_play_map_shows_the_whole_battlefield(tmp_path: Path) -> None:
    """The giant bat's map is 30 × 50 hexes: the analysis page's reach picture frames what the
    bat can reach, the play page's shows every hex of it, with the reach of whoever moves next,
    so the frame stays put from one creature's turn to the next."""
    scenario = wingbeat.open_scenario("example:giant-bat")
    framed = ET.fromstring(render_svg(scenario, reach=wingbeat.reach(scenario, "bat")))
    assert "A1" not in cells(framed)
    web = client(tmp_path)
    ref = start(web, ["bat", "chamois"], scenario="example:giant-bat")
    whole = picture(web, ref)
    assert whole.get("data-creature") == "bat" and len(cells(whole)) == 750
    assert {"A1", "AD50"} <= cells(whole)
    move(web, ref, "bat", "U35 down hover")
    after = picture(web, ref)
    assert after.get("data-creature") == "chamois" and cells(after) == cells(whole)
