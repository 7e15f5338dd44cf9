"""The play page's drag questions (issue 26): the reach tree, path and check of a creature as
the encounter stands (``/api/play/encounters/{ref}/reach-tree``, ``…/path``, ``…/check``).

"The previewed way must equal `wingbeat path` to that place, tested." The encounter's own
scenario as it stands (``encounter_now``, what ``play suggest`` reads) is asked directly here.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import wingbeat
from test_reach_tree import WAY, way_from_bytes
from wingbeat.play.store import EncounterStore
from wingbeat.tactics.commands import encounter_now
from wingbeat.web.play import create_play_app


def client(db: Path) -> TestClient:
    return TestClient(create_play_app(db), base_url="http://127.0.0.1")


def started(web: TestClient, scenario: str, order: list[str] | None) -> str:
    new = web.post("/api/play/encounters", json={"scenario": scenario, "seed": 4,
                                                 **({} if order is None else {"order": order})})
    assert new.status_code == 200, new.text
    return str(new.json()["encounter"]["id"])


def standing(db: Path, ref: str, creature: str) -> wingbeat.Scenario:
    with EncounterStore(str(db)) as store:
        return encounter_now(store, ref, creature)[1]


def plain(result: Any) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(json.dumps(result.to_dict()))
    return data


@pytest.mark.parametrize(("scenario", "order", "creature", "moves", "altitude"), [
    ("example:giant-bat", ["bat", "chamois"], "bat", "U35 down hover", 1),
    ("example:harpy", None, "harpy", None, None),
])
def test_the_tree_of_the_encounter_is_path_there(tmp_path: Path, scenario: str,
                                                 order: list[str] | None, creature: str,
                                                 moves: str | None, altitude: int | None
                                                 ) -> None:
    db = tmp_path / "web.sqlite3"
    web = client(db)
    ref = started(web, scenario, order)
    if moves is not None:  # a round played: the tree is of where it stands now, not the start
        assert web.post(f"/api/play/encounters/{ref}/moves",
                        json={"creature": creature, "moves": moves}).status_code == 200
        assert web.post(f"/api/play/encounters/{ref}/next-round", json={}).status_code == 200
    now = standing(db, ref, creature)
    asked: dict[str, Any] = {"creature": creature}
    if altitude is not None:
        asked["altitude"] = altitude
    tree = web.get(f"/api/play/encounters/{ref}/reach-tree", params=asked)
    assert tree.status_code == 200, tree.text
    assert tree.headers["content-type"] == "application/octet-stream"
    places = wingbeat.reach_tree(now, creature, altitude).places()
    assert len(places) >= 10
    for place in places[::9]:
        way = way_from_bytes(tree.content, place)
        assert way is not None
        found = plain(wingbeat.path(now, creature, place, altitude=altitude))
        said = web.get(f"/api/play/encounters/{ref}/path", params={**asked, "to": place}).json()
        for key in WAY:
            if key != "checks":
                assert way[key] == found[key] == said[key], (place, key)
        assert [c["rule"] for c in way["checks"]] == [c["rule"] for c in found["checks"]]
        verdict = web.get(f"/api/play/encounters/{ref}/check",
                          params={"creature": creature, "moves": way["moves"]}).json()
        assert verdict["legal"] and (verdict["cost"], verdict["end"]) == (way["cost"],
                                                                           way["end"])
    # nothing was declared by asking
    assert len(web.get(f"/api/play/encounters/{ref}/log").json()["entries"]) == (
        1 if moves is None else 3)


def test_an_illegal_drop_is_an_answer_with_its_rule(tmp_path: Path) -> None:
    web = client(tmp_path / "web.sqlite3")
    ref = started(web, "example:giant-bat", ["bat", "chamois"])
    verdict = web.get(f"/api/play/encounters/{ref}/check",
                      params={"creature": "bat", "moves": "U33"})
    assert verdict.status_code == 200
    assert verdict.json()["legal"] is False and verdict.json()["error"]["rule"] == "V-inertia"
    nowhere = web.get(f"/api/play/encounters/{ref}/path", params={"creature": "bat",
                                                                  "to": "A1", "altitude": 1})
    assert nowhere.status_code == 200 and nowhere.json()["found"] is False


def one_line_error(answer: Any, status: int, words: str) -> None:
    assert answer.status_code == status, answer.text
    message = answer.json()["error"]["message"]
    assert "\n" not in message and words in message, message


def test_bad_questions_are_one_line_with_a_status(tmp_path: Path) -> None:
    web = client(tmp_path / "web.sqlite3")
    ref = started(web, "example:giant-bat", ["bat", "chamois"])
    base = f"/api/play/encounters/{ref}"
    one_line_error(web.get(f"{base}/reach-tree", params={"creature": "owl"}), 400, "owl")
    one_line_error(web.get(f"{base}/reach-tree", params={"creature": "bat", "altitude": "up"}),
                   400, "altitude")
    one_line_error(web.get(f"{base}/path", params={"creature": "bat"}), 400, "destination")
    one_line_error(web.get("/api/play/encounters/42/check",
                           params={"creature": "bat", "moves": "U35"}), 400, "42")
    assert web.get(f"{base}/check", params={"creature": "bat"}).status_code == 422
    web.post(f"{base}/moves", json={"creature": "bat", "moves": "U35 down hover"})
    one_line_error(web.get(f"{base}/reach-tree", params={"creature": "bat"}), 400,
                   "already moved")
    table = started(web, "example:pegasi", None)  # a tabletop ruleset: its reach is areas
    first = web.get(f"/api/play/encounters/{table}").json()["state"]["order"][0]
    one_line_error(web.get(f"/api/play/encounters/{table}/reach-tree",
                           params={"creature": first}), 400, "grid ruleset")


@pytest.mark.parametrize(("scenario", "order", "creature", "via", "altitude"), [
    ("example:giant-bat", ["bat", "chamois"], "bat", "U35", None),
    ("example:giant-bat", ["bat", "chamois"], "bat", "T36@1", 1),
    ("example:harpy", None, "harpy", "C3,D2", None),
])
def test_the_tree_through_waypoints_is_path_via_them(tmp_path: Path, scenario: str,
                                                     order: list[str] | None, creature: str,
                                                     via: str, altitude: int | None) -> None:
    """The play tree's way through the waypoints equals ``wingbeat.path(..., via=...)`` on the
    encounter as it stands, and the play path with ``via`` says the same."""
    db = tmp_path / "web.sqlite3"
    web = client(db)
    ref = started(web, scenario, order)
    now = standing(db, ref, creature)
    stops = via.split(",")
    asked: dict[str, Any] = {"creature": creature, "via": via}
    if altitude is not None:
        asked["altitude"] = altitude
    tree = web.get(f"/api/play/encounters/{ref}/reach-tree", params=asked)
    assert tree.status_code == 200, tree.text
    places = wingbeat.reach_tree(now, creature, altitude, via=stops).places()
    assert len(places) >= 5
    plain_tree = web.get(f"/api/play/encounters/{ref}/reach-tree",
                         params={k: v for k, v in asked.items() if k != "via"})
    checked_places = 0
    # eight places spread over the tree (each a search through the waypoints, twice: in pure
    # Python on a busy machine, seconds each)
    for place in places[::max(1, len(places) // 8)][:8]:
        way = way_from_bytes(tree.content, place)
        assert way is not None
        found = plain(wingbeat.path(now, creature, place, altitude=altitude, via=stops))
        said = web.get(f"/api/play/encounters/{ref}/path", params={**asked, "to": place}).json()
        for key in WAY:
            if key != "checks":
                assert way[key] == found[key] == said[key], (place, key)
        for stop in stops:  # the way passes the waypoint
            assert stop.partition("@")[0] in way["moves"], (place, way["moves"])
        verdict = web.get(f"/api/play/encounters/{ref}/check",
                          params={"creature": creature, "moves": way["moves"]}).json()
        assert verdict["legal"] and verdict["cost"] == way["cost"]
        checked_places += 1
    assert checked_places and plain_tree.content != tree.content


def test_bad_waypoints_are_one_line_naming_via(tmp_path: Path) -> None:
    web = client(tmp_path / "web.sqlite3")
    ref = started(web, "example:giant-bat", ["bat", "chamois"])
    base = f"/api/play/encounters/{ref}"
    for what, extra in (("reach-tree", {}), ("path", {"to": "U35"})):
        for via in ("ZZ999", "U34@up", "A999", ",".join(["U34"] * 9), "@2"):
            answer = web.get(f"{base}/{what}", params={"creature": "bat", "via": via, **extra})
            one_line_error(answer, 400, "via")
    table = started(web, "example:pegasi", None)  # a tabletop ruleset: no waypoints
    first = web.get(f"/api/play/encounters/{table}").json()["state"]["order"][0]
    one_line_error(web.get(f"/api/play/encounters/{table}/reach-tree",
                           params={"creature": first, "via": "A1"}), 400, "grid ruleset")
    one_line_error(web.get(f"/api/play/encounters/{table}/path",
                           params={"creature": first, "to": "10,10", "via": "A1"}), 400,
                   "grid ruleset")
