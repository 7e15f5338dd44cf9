"""The web app's JSON API mirrors the command line, and stays a local tool (wingbeat.web)."""

from __future__ import annotations

import json
import os
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from scenarios import SMALL, untold
from wingbeat.cli import app as cli_app
from wingbeat.scenario import read_scenario_text
from wingbeat.web import create_app
from wingbeat.web.commands import where_to_serve

SVG = "{http://www.w3.org/2000/svg}"
runner = CliRunner()
YAML = {"Content-Type": "application/yaml"}  # what the page sends: a type no HTML form can send


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(), base_url="http://127.0.0.1")


def cli_json(*args: str) -> tuple[int, dict]:
    result = runner.invoke(cli_app, [*args, "--json"])
    return result.exit_code, json.loads(result.stdout)


@pytest.mark.parametrize(("endpoint", "params", "cli"), [
    ("reach", {"creature": "bat"}, ["reach", "example:giant-bat", "bat"]),
    ("reach", {"creature": "bat", "no_checks": "true"},
     ["reach", "example:giant-bat", "bat", "--no-checks"]),
    ("path", {"creature": "bat", "to": "U35", "altitude": "1", "mode": "hovering"},
     ["path", "example:giant-bat", "bat", "--to", "U35", "--altitude", "1", "--mode", "hovering"]),
    ("path", {"creature": "bat", "to": "B2"}, ["path", "example:giant-bat", "bat", "--to", "B2"]),
    ("check", {"creature": "bat", "moves": "U35 down hover"},
     ["check", "example:giant-bat", "bat", "U35 down hover"]),
    ("check", {"creature": "bat", "moves": "T32"}, ["check", "example:giant-bat", "bat", "T32"]),
    ("engagement", {"a": "bat", "b": "chamois"},
     ["engagement", "example:giant-bat", "bat", "chamois"]),
])
def test_api_answers_with_the_cli_json(client, endpoint, params, cli):
    response = client.get(f"/api/{endpoint}", params={"scenario": "example:giant-bat", **params})
    assert response.status_code == 200
    _, expected = cli_json(*cli)
    # path and check also say their amounts, checks and events for the page (web/said.py)
    said = untold(response.json()) if endpoint in ("path", "check") else response.json()
    assert said == expected


def test_check_of_an_illegal_move_names_the_rule(client):
    """V-inertia: T32 lies behind a bat that flew T32→T34 (the seed's giant bat)."""
    body = client.get("/api/check", params={"creature": "bat", "moves": "T32"}).json()
    assert body["legal"] is False
    assert body["error"]["rule"] == "V-inertia"
    assert "frontal hexes" in body["error"]["message"]


def test_default_scenario_is_the_built_in_example(client):
    listing = client.get("/api/scenarios").json()
    assert listing["default"] == "example:giant-bat"
    assert {"name": "example:giant-bat", "kind": "example"} in listing["scenarios"]
    info = client.get("/api/scenario").json()
    assert info["name"] == "example:giant-bat"
    assert info["map"]["kind"] == "hex" and info["altitudes"] == {"min": 0, "max": 10}
    assert [c["id"] for c in info["creatures"]] == ["bat", "chamois"]


def test_render_colours_what_reach_reports(client):
    reach = client.get("/api/reach", params={"creature": "bat"}).json()
    response = client.get("/api/render", params={"creature": "bat", "altitude": "1",
                                                 "to": "U35"})
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("image/svg+xml")
    root = ET.fromstring(response.text)
    drawn = {g.get("data-cell"): g.get("data-cost") for g in root.iter(SVG + "g")
             if "reach" in (g.get("class") or "").split()}
    from fractions import Fraction

    best: dict[str, Fraction] = {}
    for s in reach["states"]:
        if s["altitude"] == 1:
            best[s["at"]] = min(best.get(s["at"], Fraction(s["cost"])), Fraction(s["cost"]))
    assert drawn == {at: str(c.numerator) if c.denominator == 1 else f"{c.numerator}/"
                     f"{c.denominator}" for at, c in best.items()}
    assert root.get("data-altitude") == "1"
    assert any(line.get("data-move") == "U35" for line in root.iter(SVG + "line"))


@pytest.mark.parametrize(("endpoint", "params", "cli"), [
    ("reach", {"creature": "wyvern"}, ["reach", "example:giant-bat", "wyvern"]),
    ("path", {"creature": "bat", "to": "U36"}, ["path", "example:giant-bat", "bat", "--to", "U36"]),
    ("check", {"creature": "bat", "moves": "fly-away"},
     ["check", "example:giant-bat", "bat", "fly-away"]),
    ("reach", {"creature": "bat", "option": "speed=3"},
     ["reach", "example:giant-bat", "bat", "--option", "speed=3"]),
    ("reach", {"creature": "bat", "scenario": "example:dragon"},
     ["reach", "example:dragon", "bat"]),
])
def test_bad_input_gives_the_cli_message_as_json_400(client, endpoint, params, cli):
    response = client.get(f"/api/{endpoint}", params=params)
    assert response.status_code == 400
    code, expected = cli_json(*cli)
    assert code == 2
    assert response.json() == expected


def test_missing_parameter_is_a_json_422(client):
    response = client.get("/api/reach")
    assert response.status_code == 422
    assert response.json() == {"error": {"message": "creature: Field required"}}


def test_render_altitude_must_be_a_number(client):
    response = client.get("/api/render", params={"creature": "bat", "altitude": "high"})
    assert response.status_code == 400
    assert "expected a whole number" in response.json()["error"]["message"]


def test_upload_is_validated_kept_in_memory_and_usable(client, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    response = client.post("/api/upload", params={"name": "small.yaml"},
                           content=SMALL.encode(), headers=YAML)
    assert response.status_code == 200
    body = response.json()
    assert body["name"].startswith("upload:")
    assert body["source"] == "small.yaml"
    assert [c["id"] for c in body["creatures"]] == ["owl", "mouse"]
    reach = client.get("/api/reach", params={"scenario": body["name"], "creature": "owl"})
    assert reach.status_code == 200
    assert reach.json()["budget"] == "4"
    assert list(tmp_path.iterdir()) == []  # nothing written to disk


@pytest.mark.parametrize("text", [
    "ruleset: volare\nmap: {columns: 10, rows: 12\n",  # YAML syntax error
    "ruleset: volare\nmap: {columns: 10, rows: 12}\ncreatures:\n  - {id: x, at: E8}\n",
    "ruleset: volare\nmap: {columns: 10, rows: 12, colour: red}\n",
    "!!python/object/apply:os.system ['echo owned']\n",  # never executed: safe YAML only
    "- just\n- a list\n",
])
def test_malformed_upload_gets_the_loader_message(client, text):
    response = client.post("/api/upload", params={"name": "bad.yaml"}, content=text.encode(),
                           headers=YAML)
    assert response.status_code == 400
    with pytest.raises(Exception) as caught:
        read_scenario_text(text, source="bad.yaml")
    assert response.json() == {"error": {"message": str(caught.value)}}


def test_upload_over_one_megabyte_is_refused(client):
    big = SMALL + "#" * 1_000_001 + "\n"
    response = client.post("/api/upload", params={"name": "big.yaml"}, content=big.encode(),
                           headers=YAML)
    assert response.status_code == 413
    assert response.json() == {"error": {
        "message": "big.yaml: is larger than 1 MB; a scenario is a small text file"}}


def test_upload_must_be_utf8(client):
    response = client.post("/api/upload", params={"name": "latin.yaml"},
                           content="ruleset: volare # café".encode("latin-1"), headers=YAML)
    assert response.status_code == 400
    assert response.json()["error"]["message"] == "latin.yaml: is not UTF-8 text"


def test_unknown_upload_id(client):
    response = client.get("/api/scenario", params={"scenario": "upload:0123456789abcdef"})
    assert response.status_code == 400
    assert "upload the file again" in response.json()["error"]["message"]


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    root = tmp_path / "scenarios"
    root.mkdir()
    (root / "small.yaml").write_text(SMALL, encoding="utf-8")
    (root / "notes.txt").write_text("not a scenario", encoding="utf-8")
    secret = tmp_path / "secret.yaml"
    secret.write_text(SMALL, encoding="utf-8")
    os.symlink(secret, root / "escape.yaml")
    (root / "huge.yaml").write_text(SMALL + "#" * 1_000_001, encoding="utf-8")
    return root


def test_scenario_directory_files_are_listed_and_opened(folder):
    client = TestClient(create_app(folder, "small.yaml"), base_url="http://127.0.0.1")
    names = [s["name"] for s in client.get("/api/scenarios").json()["scenarios"]]
    assert "small.yaml" in names and "huge.yaml" in names
    assert "notes.txt" not in names and "escape.yaml" not in names
    info = client.get("/api/scenario").json()
    assert info["name"] == "small.yaml" and info["source"] == "small.yaml"
    reach = client.get("/api/reach", params={"creature": "owl"})
    assert reach.status_code == 200


@pytest.mark.parametrize(("name", "message"), [
    ("../secret.yaml", "no absolute path, no .."),
    ("sub/../../secret.yaml", "no absolute path, no .."),
    ("/etc/passwd.yaml", "no absolute path, no .."),
    ("escape.yaml", "is outside the scenario directory"),
    ("notes.txt", "expected a scenario file ending in .yaml, .yml or .json"),
    ("missing.yaml", "no such file"),
    ("huge.yaml", "is larger than 1 MB"),
])
def test_nothing_outside_the_scenario_directory_is_read(folder, name, message):
    client = TestClient(create_app(folder), base_url="http://127.0.0.1")
    response = client.get("/api/scenario", params={"scenario": name})
    assert response.status_code == 400
    assert message in response.json()["error"]["message"]
    assert str(folder.parent) not in response.json()["error"]["message"]


def test_without_a_directory_no_file_is_opened(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "here.yaml").write_text(SMALL, encoding="utf-8")
    client = TestClient(create_app(), base_url="http://127.0.0.1")
    response = client.get("/api/scenario", params={"scenario": "here.yaml"})
    assert response.status_code == 400
    assert "without a scenario directory" in response.json()["error"]["message"]


def test_the_page_and_its_api_docs_are_served(client):
    page = client.get("/")
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    assert '<script type="module" src="/static/app.js"' in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]
    for asset in ("app.js", "common.js", "mapview.js", "movepanel.js", "zoom.js", "style.css"):
        assert client.get(f"/static/{asset}").status_code == 200
    schema = client.get("/openapi.json").json()
    assert {"/api/reach", "/api/path", "/api/check", "/api/engagement", "/api/render",
            "/api/upload", "/api/scenarios", "/api/scenario"} <= set(schema["paths"])
    assert client.get("/docs").status_code == 200


def test_page_uses_no_outside_resources():
    """The page's own files name no other site. (``vendor/`` holds third-party builds as npm
    ships them, checked below; the Content-Security-Policy keeps them to the page's origin.)"""
    static = Path(__file__).resolve().parent.parent / "src/wingbeat/web/static"
    for file in static.iterdir():
        if file.is_dir():
            continue
        assert "http://" not in file.read_text(encoding="utf-8").replace(
            'xmlns="http://www.w3.org', "")
        assert "https://" not in file.read_text(encoding="utf-8")


def test_serve_arguments(tmp_path):
    scenario = tmp_path / "small.yaml"
    scenario.write_text(SMALL, encoding="utf-8")
    assert where_to_serve(None) == (None, None)
    assert where_to_serve("example:giant-bat") == (None, "example:giant-bat")
    assert where_to_serve(str(scenario)) == (tmp_path, "small.yaml")
    assert where_to_serve(str(tmp_path)) == (tmp_path, None)


def test_serve_binds_loopback_by_default(monkeypatch):
    import uvicorn

    from wingbeat.web import commands

    real_listen = commands.listen
    asked = []
    # bind an ephemeral port, not 8000 itself: the test must not depend on 8000 being free
    monkeypatch.setattr(commands, "listen",
                        lambda host, port: asked.append((host, port)) or real_listen(host, 0))
    seen = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: seen.update(kw, app=app))
    result = runner.invoke(cli_app, ["serve"])
    assert result.exit_code == 0, result.output
    assert asked == [("127.0.0.1", 8000)] and seen["host"] == "127.0.0.1"
    served = TestClient(seen["app"], base_url="http://127.0.0.1")
    assert served.get("/api/scenario").json()["name"] == "example:giant-bat"


def test_serve_refuses_a_broken_scenario_before_starting(tmp_path, monkeypatch):
    import uvicorn

    monkeypatch.setattr(uvicorn, "run", lambda *a, **k: pytest.fail("server started"))
    broken = tmp_path / "broken.yaml"
    broken.write_text("ruleset: volare\nmap: {columns: 0, rows: 3}\n", encoding="utf-8")
    result = runner.invoke(cli_app, ["serve", str(broken)])
    assert result.exit_code == 2
    assert "broken.yaml: map.columns" in result.stderr
    missing = runner.invoke(cli_app, ["serve", str(tmp_path / "nope.yaml")])
    assert missing.exit_code == 2 and "no such file or directory" in missing.stderr


def test_requests_asking_the_same_slow_question_share_one_computation():
    """The page fires a render and a path together when an option changes: one reach serves both."""
    import threading
    import time

    from wingbeat.web.scenarios import ScenarioStore

    store = ScenarioStore(None)
    opened = store.open("example:giant-bat")
    calls: list[int] = []
    answers: list[object] = []

    def slow() -> bytes:
        calls.append(1)
        time.sleep(0.2)
        return b"%d" % len(calls)

    threads = [threading.Thread(target=lambda: answers.append(store.answer(opened, "q", slow)))
               for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(calls) == 1
    assert answers == [b"1"] * 4


def test_a_failed_computation_is_not_kept():
    from wingbeat.errors import WingbeatError
    from wingbeat.web.scenarios import ScenarioStore

    store = ScenarioStore(None)
    opened = store.open("example:giant-bat")

    def failing() -> bytes:
        raise WingbeatError("no")

    with pytest.raises(WingbeatError):
        store.answer(opened, "q", failing)
    assert store.answer(opened, "q", lambda: b"7") == b"7"
