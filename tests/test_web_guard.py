"""The local server stays a local tool: other web pages cannot drive it, and every failure is the
API's one error shape (wingbeat.web.guard)."""

from __future__ import annotations

import functools
import json
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

import threaded_server
from scenarios import SMALL
from wingbeat.web import create_app
from wingbeat.web.guard import CSP, MAX_BODY_BYTES
from wingbeat.web.play import create_play_app

LOCAL = "http://127.0.0.1"
HANG = 120  # seconds: only stops a wait that would never end, never a verdict on speed
JSON = {"Content-Type": "application/json"}
YAML = {"Content-Type": "application/yaml"}


def big_map(columns: int, fly: int) -> str:
    """A volare map whose reach takes a while (about a second for 200 columns and fly 60, with
    its JSON: the kernel searches it in a tenth of that)."""
    return (f"ruleset: volare\nmap: {{columns: {columns}, rows: {columns}, top: 10}}\n"
            f"creatures:\n  - {{id: owl, fly: {fly}, at: E5, altitude: 1, mode: hovering}}\n")


@pytest.fixture(scope="module")
def web() -> TestClient:
    return TestClient(create_app(), base_url=LOCAL)


@pytest.fixture
def play(tmp_path: Path) -> TestClient:
    return TestClient(create_play_app(tmp_path / "play.sqlite3"), base_url=LOCAL)


def encounter(play: TestClient) -> str:
    new = play.post("/api/play/encounters", json={"scenario": "example:giant-bat", "seed": 4,
                                                  "order": ["bat", "chamois"]})
    assert new.status_code == 200, new.text
    return str(new.json()["encounter"]["id"])


def is_error(response: httpx.Response, status: int) -> str:
    """The answer is the API's error shape with ``status``; its message."""
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/json")
    body = response.json()
    assert set(body) == {"error"} and isinstance(body["error"]["message"], str), body
    assert "Traceback" not in response.text
    return str(body["error"]["message"])


# -- the Host header (DNS rebinding) -----------------------------------------------------------

@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.0.1:8000", "localhost", "LOCALHOST:80",
                                  "[::1]", "[::1]:8000"])
def test_the_loopback_names_are_answered(web, host):
    assert web.get("/api/scenarios", headers={"Host": host}).status_code == 200


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8000", "127.0.0.1.evil.example",
                                  "localhost.evil.example:8000", "192.168.1.5", "[::2]:8000",
                                  "testserver"])
def test_any_other_host_is_refused_before_a_handler_runs(tmp_path, host):
    """A page on evil.example whose name is made to resolve to 127.0.0.1 (DNS rebinding) sends
    Host: evil.example; it neither reads the encounters nor changes one."""
    play = TestClient(create_play_app(tmp_path / "play.sqlite3"), base_url=LOCAL)
    ref = encounter(play)
    listing = play.get("/api/play/encounters", headers={"Host": host})
    assert "not " in is_error(listing, 400)
    moved = play.post(f"/api/play/encounters/{ref}/next-round", json={}, headers={"Host": host})
    is_error(moved, 400)
    assert play.get(f"/api/play/encounters/{ref}").json()["state"]["round"] == 1


def test_the_host_serve_names_is_answered_too():
    web = TestClient(create_app(hosts=["wing.lan"]), base_url="http://wing.lan:8000")
    assert web.get("/api/scenarios").status_code == 200
    assert web.get("/api/scenarios", headers={"Host": "evil.example"}).status_code == 400


def test_listening_on_every_address_answers_ip_addresses_but_not_other_names():
    web = TestClient(create_app(hosts=["0.0.0.0"]), base_url=LOCAL)
    assert web.get("/api/scenarios", headers={"Host": "192.168.1.5:8000"}).status_code == 200
    assert web.get("/api/scenarios", headers={"Host": "evil.example"}).status_code == 400


# -- no state change from another web page -----------------------------------------------------

CHANGES = [("next-round", None), ("undo", None), ("moves", {"creature": "bat", "moves": "U35"}),
           ("conditions", {"creature": "bat", "change": "+prone"})]
FORMS = [("application/x-www-form-urlencoded", "creature=bat&moves=U35"),
         ("multipart/form-data; boundary=x", "--x\r\n\r\n--x--\r\n"),
         ("text/plain", '{"creature": "bat", "moves": "U35"}'),
         ("text/plain;charset=UTF-8", "{}")]


@pytest.mark.parametrize(("action", "body"), CHANGES)
@pytest.mark.parametrize("origin", ["http://evil.example", "null", "http://127.0.0.1:9999",
                                    "https://127.0.0.1", "http://localhost"])
def test_a_change_from_another_origin_is_refused(play, action, body, origin):
    ref = encounter(play)
    before = play.get(f"/api/play/encounters/{ref}/log").json()
    answer = play.post(f"/api/play/encounters/{ref}/{action}", json=body or {},
                       headers={"Origin": origin})
    assert "another web page" in is_error(answer, 403)
    assert play.get(f"/api/play/encounters/{ref}/log").json() == before


@pytest.mark.parametrize("site", ["cross-site", "same-site"])
def test_a_change_a_browser_marks_as_from_another_site_is_refused(play, site):
    ref = encounter(play)
    answer = play.post(f"/api/play/encounters/{ref}/next-round", json={},
                       headers={"Sec-Fetch-Site": site})
    is_error(answer, 403)
    assert play.get(f"/api/play/encounters/{ref}").json()["state"]["round"] == 1


@pytest.mark.parametrize(("action", "body"), CHANGES)
@pytest.mark.parametrize(("kind", "text"), FORMS)
def test_a_change_a_form_could_send_is_refused_even_without_origin(play, action, body, kind, text):
    """What an HTML form (or a no-cors fetch) sends without asking first: refused whatever its
    Origin, so an old browser that sends none cannot be used either."""
    ref = encounter(play)
    before = play.get(f"/api/play/encounters/{ref}/log").json()
    answer = play.post(f"/api/play/encounters/{ref}/{action}", content=text,
                       headers={"Content-Type": kind})
    assert "application/json" in is_error(answer, 415)
    assert play.get(f"/api/play/encounters/{ref}/log").json() == before


def test_a_bodyless_change_without_a_type_is_refused(play):
    ref = encounter(play)
    is_error(play.post(f"/api/play/encounters/{ref}/next-round"), 415)
    assert play.get(f"/api/play/encounters/{ref}").json()["state"]["round"] == 1


def test_the_pages_own_changes_are_taken(play):
    ref = encounter(play)
    own = {"Origin": LOCAL, "Sec-Fetch-Site": "same-origin"}
    moved = play.post(f"/api/play/encounters/{ref}/moves", headers=own,
                      json={"creature": "bat", "moves": "U35 down hover"})
    assert moved.status_code == 200, moved.text
    assert play.post(f"/api/play/encounters/{ref}/next-round", json={},
                     headers=own).json()["state"]["round"] == 2


@pytest.mark.parametrize(("kind", "origin"), [
    ("text/plain", None), ("application/x-www-form-urlencoded", None), (None, None),
    ("application/yaml", "http://evil.example"), ("text/plain", "http://evil.example")])
def test_an_upload_from_another_page_or_as_a_form_is_refused(web, kind, origin):
    headers = {k: v for k, v in (("Content-Type", kind), ("Origin", origin)) if v}
    answer = web.post("/api/upload", params={"name": "small.yaml"}, content=SMALL.encode(),
                      headers=headers)
    is_error(answer, 403 if origin else 415)


def test_reading_needs_no_type_and_is_not_a_change(web):
    """GET answers whoever asks on the loopback (a cross-origin page cannot read the answer: no
    CORS header is ever given)."""
    answer = web.get("/api/scenario", headers={"Origin": "http://evil.example"})
    assert answer.status_code == 200
    assert "access-control-allow-origin" not in answer.headers
    preflight = web.options("/api/upload", headers={
        "Origin": "http://evil.example", "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type"})
    assert "access-control-allow-origin" not in preflight.headers


# -- uploads: unpredictable ids, bounded bodies ---------------------------------------------------

def test_upload_ids_are_random_not_the_contents_hash(web):
    import hashlib

    first = web.post("/api/upload", content=SMALL.encode(), headers=YAML).json()["name"]
    second = web.post("/api/upload", content=SMALL.encode(), headers=YAML).json()["name"]
    assert first != second
    assert hashlib.sha256(SMALL.encode()).hexdigest()[:16] not in first
    assert len(first.removeprefix("upload:")) >= 21  # 16 random bytes, base64url
    assert web.get("/api/scenario", params={"scenario": first}).json()["name"] == first


def test_a_body_declared_over_the_limit_is_refused_before_it_is_read(play):
    answer = play.post("/api/play/encounters", content=b"{}",
                       headers={**JSON, "Content-Length": str(MAX_BODY_BYTES + 1)})
    assert "larger than" in is_error(answer, 413)


def test_a_streamed_body_is_stopped_past_the_limit(play):
    sent = []

    def chunks() -> Iterator[bytes]:
        for _ in range(MAX_BODY_BYTES // 100_000 + 10):
            sent.append(1)
            yield b" " * 100_000

    answer = play.post("/api/play/encounters", content=chunks(), headers=JSON)
    assert "larger than" in is_error(answer, 413)


def test_a_streamed_upload_is_stopped_past_one_megabyte(web):
    def chunks() -> Iterator[bytes]:
        for _ in range(30):
            yield b"#" * 100_000

    answer = web.post("/api/upload", content=chunks(), headers=YAML)
    assert "larger than 1 MB" in is_error(answer, 413)


# -- one error shape on every endpoint ------------------------------------------------------------

@pytest.mark.parametrize(("method", "url", "body", "status"), [
    ("GET", "/nowhere", None, 404),
    ("GET", "/static/nothing.js", None, 404),
    ("DELETE", "/api/scenario", None, 405),
    ("GET", "/api/reach", None, 422),
    ("GET", "/api/render?creature=bat&altitude=high", None, 400),
    ("GET", "/api/check?creature=bat&moves=X", None, 400),
    ("GET", "/api/path?creature=bat&to=U35&attack=chamois", None, 400),
    ("GET", "/api/engagement?a=bat", None, 422),
    ("GET", "/api/play/encounters/42", None, 400),
    ("GET", "/api/play/encounters/nope/log", None, 400),
    ("GET", "/api/play/encounters/42/map.svg", None, 400),
    ("POST", "/api/play/encounters", "not json", 422),
    ("POST", "/api/play/encounters", "[1, 2]", 422),
    ("POST", "/api/play/encounters", '{"scenario": 7}', 422),
    ("POST", "/api/play/encounters", '{"scenario": "example:giant-bat", "seed": -1}', 422),
    ("POST", "/api/play/encounters", '{"scenario": "example:giant-bat", "evil": 1}', 422),
    ("POST", "/api/play/encounters", '{"scenario": "example:nope"}', 400),
    ("POST", "/api/play/encounters/1/moves", "{}", 422),
    ("POST", "/api/play/encounters/1/moves", '{"creature": "", "moves": "U35"}', 422),
    ("POST", "/api/play/encounters/1/conditions", '{"creature": "bat"}', 422),
    ("POST", "/api/play/encounters/99/undo", "{}", 400),
])
def test_every_endpoint_answers_bad_input_in_the_error_shape(web, method, url, body, status):
    answer = web.request(method, url, content=body, headers=JSON)
    assert is_error(answer, status)
    assert "detail" not in answer.json()


def test_an_unexpected_failure_is_a_500_in_the_error_shape(monkeypatch, tmp_path):
    import held_jobs
    from wingbeat.web import jobs

    monkeypatch.setattr(jobs, "reach", functools.partial(  # a worker runs it (held_jobs.py)
        held_jobs.broken, str(tmp_path / "worker.log")))
    web = TestClient(create_app(), base_url=LOCAL, raise_server_exceptions=False)
    answer = web.get("/api/reach", params={"creature": "bat"})
    message = is_error(answer, 500)
    assert "KeyError" in message and "secret internals" not in answer.text
    assert answer.headers["x-content-type-options"] == "nosniff"


def test_a_damaged_database_is_a_message_not_a_traceback(tmp_path):
    db = tmp_path / "play.sqlite3"
    play = TestClient(create_play_app(db), base_url=LOCAL, raise_server_exceptions=False)
    encounter(play)
    db.write_bytes(b"this is not a database" * 1000)
    for answer in (play.get("/api/play/encounters"), play.get("/api/play/encounters/1"),
                   play.post("/api/play/encounters/1/next-round", json={})):
        assert answer.status_code in (400, 500)
        assert is_error(answer, answer.status_code)


def test_a_database_error_names_the_database(tmp_path, monkeypatch):
    import held_jobs
    from wingbeat.web import playjobs

    # the database is written in a worker process: the failure is made there (held_jobs.py)
    monkeypatch.setattr(playjobs, "play", held_jobs.locked_play)
    play = TestClient(create_play_app(tmp_path / "p.sqlite3"), base_url=LOCAL)
    ref = encounter(play)
    message = is_error(play.post(f"/api/play/encounters/{ref}/next-round", json={}), 500)
    assert "encounter database" in message and "readonly" in message


# -- security headers ---------------------------------------------------------------------------

@pytest.mark.parametrize(("method", "url"), [
    ("GET", "/"), ("GET", "/static/app.js"), ("GET", "/static/play.html"),
    ("GET", "/api/scenario"), ("GET", "/api/render"), ("GET", "/nowhere"),
    ("POST", "/api/upload")])
def test_every_answer_carries_the_security_headers(web, method, url):
    answer = web.request(method, url)
    headers = answer.headers
    csp = headers["content-security-policy"]
    assert "default-src 'self'" in csp and "frame-ancestors 'none'" in csp
    assert "script-src 'self'" in csp and "unsafe-eval" not in csp
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "no-referrer"
    assert headers["x-frame-options"] == "DENY"


def test_a_refused_host_and_the_play_app_carry_them_too(play):
    refused = play.get("/api/play/encounters", headers={"Host": "evil.example"})
    assert refused.headers["x-frame-options"] == "DENY"
    assert "frame-ancestors 'none'" in play.get("/").headers["content-security-policy"]


def test_the_api_docs_keep_the_pages_policy(web):
    """/docs runs Swagger UI from the app's own files, none inline: the page's CSP holds."""
    docs = web.get("/docs")
    assert docs.headers["content-security-policy"] == CSP
    assert "<script>" not in docs.text and "http" not in docs.text.replace(
        'content="width=device-width, initial-scale=1"', "")


# -- a slow question does not hold the server ---------------------------------------------------

def test_a_question_over_the_time_limit_answers_503(tmp_path, monkeypatch):
    """The reach never ends on its own (held_jobs.hog), so no machine is fast enough to answer
    it within the limit and none too slow to see the 503: only the limit stops it."""
    import held_jobs
    from wingbeat.web import jobs

    (tmp_path / "big.yaml").write_text(big_map(200, 60), encoding="utf-8")
    monkeypatch.setattr(jobs, "reach", functools.partial(held_jobs.hog, str(tmp_path / "go")))
    web = TestClient(create_app(tmp_path, time_limit=0.2), base_url=LOCAL)
    answer = web.get("/api/reach", params={"scenario": "big.yaml", "creature": "owl"})
    assert "limit of 0.2 s" in is_error(answer, 503)
    web.get("/api/scenario", params={"scenario": "big.yaml"})  # still answers


def serving(app: Any) -> AbstractContextManager[str]:
    """A real server (uvicorn) on a free loopback port, in a thread."""
    return threaded_server.serving(app, patience=HANG)


def test_cheap_requests_stay_quick_while_a_huge_one_computes(tmp_path, monkeypatch):
    """A slow reach runs in a worker process, not on the event loop: the page's cheap requests
    keep answering meanwhile (the issue: one upload froze every request for 57 s). The reach is
    held in its worker until the cheap requests are answered (it waits for a file), so it is slow
    on any machine; were it computed on the event loop, the cheap requests would time out. How
    quick they are is a measure, not a verdict (issue 23: no test depends on the machine's speed).
    """
    import held_jobs
    from wingbeat.web import jobs

    (tmp_path / "big.yaml").write_text(big_map(40, 8), encoding="utf-8")
    started, release = tmp_path / "started", tmp_path / "release"
    monkeypatch.setattr(jobs, "reach", functools.partial(held_jobs.held, str(started),
                                                         str(release), "reach"))
    with serving(create_app(tmp_path)) as url, httpx.Client(base_url=url, timeout=HANG) as client:
        done: list[httpx.Response] = []
        slow = threading.Thread(target=lambda: done.append(client.get(
            "/api/reach", params={"scenario": "big.yaml", "creature": "owl"})))
        slow.start()
        try:
            assert wait_for(started), "the reach never started"
            for _ in range(10):  # answered while the reach is held (a blocked loop: a timeout)
                assert client.get("/api/scenario").status_code == 200
                assert client.get("/").status_code == 200
            assert slow.is_alive(), "the held reach answered before it was released"
        finally:
            release.touch()
            slow.join(timeout=HANG)
    assert done and done[0].status_code == 200 and json.loads(done[0].text)["creature"]


def test_a_large_upload_is_parsed_off_the_event_loop(tmp_path, monkeypatch):
    """An upload is parsed in a worker process: meanwhile the server answers (the issue: a 1 MB
    upload froze it about 5 s). The parse is held until the other requests are answered, so it
    is slow on any machine; were it parsed on the event loop, they would time out."""
    import held_jobs
    from wingbeat.web import jobs

    started, release = tmp_path / "started", tmp_path / "release"
    monkeypatch.setattr(jobs, "summary", functools.partial(held_jobs.held, str(started),
                                                           str(release), "summary"))
    creatures = "".join(f"  - {{id: c{i}, fly: 4, at: E5, mode: grounded}}\n"
                        for i in range(100))
    text = ("ruleset: volare\nmap: {columns: 10, rows: 12, top: 4}\ncreatures:\n" + creatures)
    with serving(create_app()) as url, httpx.Client(base_url=url, timeout=HANG) as client:
        done: list[httpx.Response] = []
        slow = threading.Thread(target=lambda: done.append(client.post(
            "/api/upload", content=text.encode(), headers=YAML)))
        slow.start()
        try:
            assert wait_for(started), "the upload was never parsed"
            for _ in range(10):  # answered while the parse is held (a blocked loop: a timeout)
                assert client.get("/api/scenarios").status_code == 200
            assert slow.is_alive(), "the held upload answered before it was released"
        finally:
            release.touch()
            slow.join(timeout=HANG)
    assert done and done[0].status_code in (200, 400), done[0].text


def wait_for(path: Path, timeout: float = HANG) -> bool:
    """Whether the file ``path`` appears within ``timeout`` seconds (a worker's signal)."""
    deadline = time.monotonic() + timeout
    while not path.exists():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


def served_by(monkeypatch: pytest.MonkeyPatch, *args: str) -> dict[str, Any]:
    """What ``wingbeat serve ARGS`` hands uvicorn (held: nothing is served), ``app`` and the
    keywords; its socket listens on a free loopback port whatever the host."""
    import uvicorn
    from typer.testing import CliRunner

    from wingbeat.cli import app as cli_app
    from wingbeat.web import commands

    real_listen = commands.listen
    monkeypatch.setattr(commands, "listen", lambda host, port: real_listen("127.0.0.1", 0))
    seen: dict[str, Any] = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: seen.update(kw, app=app))
    result = CliRunner().invoke(cli_app, ["serve", *args])
    assert result.exit_code == 0, result.output
    return seen


def test_serve_answers_the_host_it_is_given_and_takes_a_time_limit(monkeypatch):
    seen = served_by(monkeypatch, "--host", "wing.lan", "--time-limit", "5")
    served = TestClient(seen["app"], base_url="http://wing.lan:8000")
    assert served.get("/api/scenarios").status_code == 200
    assert served.get("/api/scenarios", headers={"Host": "evil.example"}).status_code == 400
    assert seen["app"].state.time_limit == 5


def test_serve_takes_the_workers_and_their_memory_limit(monkeypatch):
    import inspect

    from wingbeat.web import commands, pool

    served = served_by(monkeypatch, "--workers", "3", "--memory-limit", "900")["app"].state.pool
    assert (served.size, served.memory_mb) == (3, 900)
    defaults = inspect.signature(commands.serve_command).parameters
    assert defaults["workers"].default == pool.WORKERS
    assert defaults["memory_limit"].default == pool.MEMORY_LIMIT_MB


def test_served_connections_send_small_answers_at_once():
    """uvicorn takes serve's socket by its descriptor and so leaves Nagle on: every small answer
    (the lists, a kept answer) then waited about 40 ms for the client's delayed ACK. The listening
    socket turns it off, and each accepted connection inherits that."""
    from wingbeat.web.commands import listen

    with listen("127.0.0.1", 0) as sock:
        sock.listen()
        with socket.create_connection(sock.getsockname()) as _client:
            accepted, _address = sock.accept()
            with accepted:
                assert accepted.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)
