"""The play API (``/api/play``): the same answers as ``wingbeat play … --json``."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from wingbeat.web.play import create_play_app


def client(tmp_path: Path) -> TestClient:
    return TestClient(create_play_app(tmp_path / "web.sqlite3"), base_url="http://127.0.0.1")


def test_play_two_rounds_over_the_api(tmp_path: Path) -> None:
    web = client(tmp_path)
    assert "example:giant-bat" in web.get("/api/play/examples").json()["examples"]
    new = web.post("/api/play/encounters", json={"scenario": "example:giant-bat", "seed": 4,
                                                 "order": ["bat", "chamois"]})
    assert new.status_code == 200, new.text
    ref = new.json()["encounter"]["id"]
    moved = web.post(f"/api/play/encounters/{ref}/moves",
                     json={"creature": "bat", "moves": "U35 down hover"})
    assert moved.status_code == 200 and moved.json()["state"]["pieces"]["bat"]["altitude"] == 1
    assert web.post(f"/api/play/encounters/{ref}/next-round", json={}).json()["state"]["round"] == 2
    web.post(f"/api/play/encounters/{ref}/moves", json={"creature": "bat", "moves": "V36"})
    assert web.post(f"/api/play/encounters/{ref}/next-round", json={}).json()["state"]["round"] == 3
    shown = web.get(f"/api/play/encounters/{ref}").json()
    assert shown["state"]["round"] == 3 and shown["describe"]["bat"].startswith("V36")
    log = web.get(f"/api/play/encounters/{ref}/log").json()
    assert len(log["entries"]) == 5
    assert web.get(f"/api/play/encounters/{ref}/replay").json()["ok"] is True
    assert web.get("/api/play/encounters").json()["encounters"][0]["round"] == 3
    undone = web.post(f"/api/play/encounters/{ref}/undo", json={}).json()
    assert undone["undone"]["action"]["kind"] == "next-round" and undone["state"]["round"] == 2


def test_a_refused_move_is_409_with_its_rule(tmp_path: Path) -> None:
    web = client(tmp_path)
    ref = web.post("/api/play/encounters", json={"scenario": "example:giant-bat",
                                                 "seed": 1}).json()["encounter"]["id"]
    refused = web.post(f"/api/play/encounters/{ref}/moves", json={"creature": "bat",
                                                                  "moves": "U33"})
    assert refused.status_code == 409
    assert refused.json()["error"]["rule"] == "V-inertia"


def test_bad_input_is_400_with_a_message(tmp_path: Path) -> None:
    web = client(tmp_path)
    both = web.post("/api/play/encounters", json={"scenario": "example:giant-bat", "text": "x"})
    assert both.status_code == 400 and "either" in both.json()["error"]["message"]
    files = web.post("/api/play/encounters", json={"scenario": "/etc/passwd"})
    assert files.status_code == 400
    broken = web.post("/api/play/encounters", json={"text": "ruleset: volare\n", "source": "up"})
    assert broken.status_code == 400 and "map" in broken.json()["error"]["message"]
    assert web.get("/api/play/encounters/42").status_code == 400


def test_an_encounter_from_scenario_text(tmp_path: Path) -> None:
    text = ("ruleset: volare\nmap: {grid: hex, columns: 20, rows: 20}\ncreatures:\n"
            "  - {id: owl, fly: 6, reflex: 40, at: J10, altitude: 2, mode: hovering}\n")
    web = client(tmp_path)
    new = web.post("/api/play/encounters", json={"text": text, "source": "owl.yaml", "seed": 3})
    assert new.status_code == 200 and new.json()["encounter"]["source"] == "owl.yaml"
    picture = web.get(f"/api/play/encounters/{new.json()['encounter']['id']}/map.svg")
    assert picture.status_code == 200 and picture.text.startswith("<svg")
    assert picture.headers["content-type"].startswith("image/svg+xml")


def test_the_play_page_and_script_are_served(tmp_path: Path) -> None:
    web = client(tmp_path)
    page = web.get("/static/play.html")
    assert page.status_code == 200 and 'src="/static/play.js"' in page.text
    assert web.get("/static/play.js").status_code == 200


def test_the_kept_picture_and_state_follow_the_encounter(tmp_path: Path) -> None:
    """A worker keeps the picture and the state by where the encounter stands (playjobs.py):
    a move gives new ones, its undo the first ones again, another database its own."""
    web = client(tmp_path)
    new = web.post("/api/play/encounters", json={"scenario": "example:giant-bat", "seed": 4,
                                                 "order": ["bat", "chamois"]})
    ref = new.json()["encounter"]["id"]
    first = web.get(f"/api/play/encounters/{ref}/map.svg").text
    shown = web.get(f"/api/play/encounters/{ref}").json()
    assert web.get(f"/api/play/encounters/{ref}/map.svg").text == first
    web.post(f"/api/play/encounters/{ref}/moves", json={"creature": "bat",
                                                        "moves": "U35 down hover"})
    moved = web.get(f"/api/play/encounters/{ref}/map.svg").text
    assert moved != first
    assert web.get(f"/api/play/encounters/{ref}").json()["state"]["pieces"]["bat"]["altitude"] == 1
    web.post(f"/api/play/encounters/{ref}/undo", json={})
    assert web.get(f"/api/play/encounters/{ref}/map.svg").text == first
    assert web.get(f"/api/play/encounters/{ref}").json() == shown
    other = TestClient(create_play_app(tmp_path / "other.sqlite3"), base_url="http://127.0.0.1")
    other.post("/api/play/encounters", json={"scenario": "example:harpy", "seed": 4})
    assert other.get("/api/play/encounters/1/map.svg").text != first
