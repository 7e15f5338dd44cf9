"""The server's heavy work runs in worker processes that can be stopped (wingbeat.web.pool), and
its answers are kept as bytes (wingbeat.web.scenarios): issue 14, "a server-side limit on the
time and memory of one request (a worker that can be stopped), so one request never takes the
server down"; issue 12, "the server caches the encoded answer".

Held and hostile jobs come from tests/held_jobs.py: the worker imports them by name, and they
wait on files, never on timing luck."""

from __future__ import annotations

import functools
import json
import os
import signal
import threading
import time
from typing import Any

import httpx
import pytest
from fastapi.encoders import jsonable_encoder
from fastapi.responses import JSONResponse
from fastapi.testclient import TestClient

import held_jobs
from test_web_guard import HANG, LOCAL, big_map, is_error, serving, wait_for
from wingbeat import _api
from wingbeat.scenario import load_example
from wingbeat.web import create_app, jobs
from wingbeat.web.pool import WorkerPool


def alive(pid: int) -> bool:
    """Whether process ``pid`` exists (a reaped process does not; a zombie would)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


@pytest.fixture
def one_worker() -> Any:
    """An app with its own pool of one worker (so the test knows which process ran the job),
    warmed (the fork server's start, once, is not the question's time)."""
    def make(**kw: Any) -> TestClient:
        app = create_app(**{"workers": 1, **kw})
        app.state.pool.warm()
        return TestClient(app, base_url=LOCAL, raise_server_exceptions=False)
    return make


def strict(web: TestClient, time_limit: float, scenario_dir: Any = None) -> TestClient:
    """An app with a short time limit sharing ``web``'s pool, for the one question that must meet
    it: the others (the worker's start, the checks after) keep the default limit, which a busy
    machine does not reach."""
    app = create_app(scenario_dir, workers=1, time_limit=time_limit)
    assert app.state.pool is web.app.state.pool  # type: ignore[attr-defined]
    return TestClient(app, base_url=LOCAL, raise_server_exceptions=False)


def worker_pid(web: TestClient) -> int:
    """The pid of the app's one worker, started if need be (a question nobody asked before)."""
    assert web.get("/api/scenario", params={"scenario": "example:harpy"}).status_code == 200
    pids: list[int] = web.app.state.pool.pids()  # type: ignore[attr-defined]
    assert len(pids) == 1
    return pids[0]


# -- the time limit -----------------------------------------------------------------------------

def test_a_question_past_the_time_limit_answers_503_and_its_worker_is_gone(one_worker, tmp_path,
                                                                           monkeypatch):
    """The job never ends on its own (it holds its GIL in one C loop): at the limit the server
    kills the process and answers 503 in the error shape; the next question gets a fresh one."""
    web = one_worker()
    before = worker_pid(web)
    monkeypatch.setattr(jobs, "reach", functools.partial(held_jobs.hog, str(tmp_path / "go")))
    started = time.monotonic()
    answer = strict(web, 1.0).get("/api/reach", params={"creature": "bat"})
    took = time.monotonic() - started
    assert "limit of 1 s" in is_error(answer, 503)
    assert wait_for(tmp_path / "go", 0)  # the job did start
    assert took >= 1.0, took  # not before the limit (how long after is the machine's business)
    assert not alive(before), "the worker still runs after its 503"
    monkeypatch.undo()
    assert web.get("/api/scenario", params={"scenario": "example:pegasi"}).status_code == 200
    after = web.app.state.pool.pids()  # type: ignore[attr-defined]
    assert after and before not in after


def test_a_streamed_question_past_the_limit_stops_its_worker_too(one_worker, tmp_path,
                                                                 monkeypatch):
    """The limit counts the computation up to a streamed answer's first chunk (a big reach's
    JSON is written as it is sent, web/pool.py): the real reach job, held before its first
    chunk by a file (never by timing luck), answers 503 and its worker is stopped."""
    web = one_worker()
    before = worker_pid(web)
    monkeypatch.setattr(jobs, "reach", functools.partial(
        held_jobs.held_chunks, str(tmp_path / "started"), str(tmp_path / "go"), "reach"))
    answer = strict(web, 1.0).get("/api/reach", params={"creature": "bat"})
    assert "limit of 1 s" in is_error(answer, 503)
    assert wait_for(tmp_path / "started", 0)  # the job did start
    assert not alive(before)
    monkeypatch.undo()
    assert web.get("/api/reach", params={"creature": "bat"}).status_code == 200


def test_waiting_for_a_busy_worker_counts_against_the_limit(tmp_path, monkeypatch):
    """With the one worker held by another app's question (the apps share the pool), a question
    waits for it, and answers 503 at its limit without ever starting."""
    holding = create_app(workers=1)
    holding.state.pool.warm()
    waiting = TestClient(create_app(time_limit=0.5, workers=1), base_url=LOCAL)
    assert waiting.app.state.pool is holding.state.pool  # type: ignore[attr-defined]
    go = tmp_path / "go"
    monkeypatch.setattr(jobs, "reach", functools.partial(
        held_jobs.held, str(tmp_path / "started"), str(go), "reach"))
    done: list[httpx.Response] = []
    slow = threading.Thread(target=lambda: done.append(TestClient(holding, base_url=LOCAL).get(
        "/api/reach", params={"creature": "bat"})))
    slow.start()
    try:
        assert wait_for(tmp_path / "started")
        answer = waiting.get("/api/engagement", params={"a": "bat", "b": "chamois"})
        assert "limit of 0.5 s" in is_error(answer, 503)
        assert slow.is_alive()
    finally:
        go.touch()
        slow.join(HANG)
    assert done and done[0].status_code == 200


# -- memory ------------------------------------------------------------------------------------

def test_a_question_past_the_memory_limit_answers_503_and_the_server_goes_on(one_worker,
                                                                             monkeypatch):
    web = one_worker(memory_limit=400)
    before = worker_pid(web)
    monkeypatch.setattr(jobs, "reach", functools.partial(held_jobs.allocate, 2000))
    message = is_error(web.get("/api/reach", params={"creature": "bat"}), 503)
    assert "memory" in message and "limit of 400 MB" in message and "--memory-limit" in message
    assert not alive(before), "a worker that ran out of memory is not used again"
    monkeypatch.undo()
    assert web.get("/api/reach", params={"creature": "bat"}).status_code == 200


def address_space_mb(pid: int) -> int:
    """The address space process ``pid`` holds now, in MB (``VmSize``: what RLIMIT_AS counts)."""
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmSize:"):
                return int(line.split()[1]) // 1024
    raise AssertionError(f"no VmSize for {pid}")


def test_a_real_dnd5e_reach_past_the_memory_limit(tmp_path):
    """Issue 14's gargantuan flyer killed the server; here the worker runs out, not the server.
    This reach of 50,000 states needs 60 MB or more beyond a worker's start, searched compiled
    (its answer streamed: docs/limits.md), several times that in Python; the limit leaves a
    worker 30 MB beyond what one holds when it starts (measured here, about 170 MB: it is the
    machine's libraries, not wingbeat's)."""
    (tmp_path / "wide.yaml").write_text(
        "ruleset: dnd5e\nmap: {columns: 120, rows: 120, top: 60}\ncreatures:\n"
        "  - {id: roc, size: medium, speed: {walk: 30, fly: 45}, at: BH60, altitude: 30}\n",
        encoding="utf-8")
    unlimited = create_app(tmp_path, workers=1, memory_limit=0)
    unlimited.state.pool.warm()
    start = address_space_mb(worker_pid(TestClient(unlimited, base_url=LOCAL)))
    # Before the worker kept a reserve (tests/test_memory_reserve.py), a margin of 48 MB left
    # one spinning on its MemoryError until the time limit (an hour here); margins from 20 MB
    # to 65 (compiled) and 200 (in Python) were tried by hand, each answering this 503.
    limit = start + 30
    web = TestClient(create_app(tmp_path, workers=1, memory_limit=limit), base_url=LOCAL)
    answer = web.get("/api/reach", params={"scenario": "wide.yaml", "creature": "roc"})
    assert f"limit of {limit} MB" in is_error(answer, 503)
    assert web.get("/api/scenario", params={"scenario": "wide.yaml"}).status_code == 200


def test_a_crashed_worker_answers_503_and_is_replaced(one_worker, monkeypatch):
    web = one_worker()
    before = worker_pid(web)
    monkeypatch.setattr(jobs, "reach", held_jobs.crash)
    assert "stopped unexpectedly" in is_error(web.get("/api/reach", params={"creature": "bat"}),
                                              503)
    assert not alive(before)
    monkeypatch.undo()
    assert web.get("/api/reach", params={"creature": "bat"}).status_code == 200


def test_a_bug_in_a_job_is_a_500_and_the_worker_stays(one_worker, monkeypatch, tmp_path):
    web = one_worker()
    before = worker_pid(web)
    log = tmp_path / "worker.log"
    monkeypatch.setattr(jobs, "reach", functools.partial(held_jobs.broken, str(log)))
    answer = web.get("/api/reach", params={"creature": "bat"})
    assert "KeyError" in is_error(answer, 500) and "secret internals" not in answer.text
    assert web.app.state.pool.pids() == [before]  # type: ignore[attr-defined]
    told = log.read_text(encoding="utf-8")  # the server's log has what the page was not told
    assert told.startswith("Traceback") and told.endswith("KeyError: 'secret internals'\n")


# -- cheap requests while a heavy one runs -------------------------------------------------------

def test_cheap_requests_are_answered_while_a_question_holds_its_gil(tmp_path, monkeypatch):
    """The hostile job holds its process's GIL in one C loop until it is killed. In a thread of
    the server that would stop every request; in a worker process the page's cheap requests (the
    page, the lists, a kept answer) come back at once. Then the worker is killed from outside:
    the held request answers 503, and a fresh worker takes the next question."""
    app = create_app(workers=1)
    pool: WorkerPool = app.state.pool
    with serving(app) as url, httpx.Client(base_url=url, timeout=HANG) as client:
        kept = client.get("/api/scenario")
        assert kept.status_code == 200
        monkeypatch.setattr(jobs, "reach", functools.partial(held_jobs.hog,
                                                             str(tmp_path / "started")))
        done: list[httpx.Response] = []
        slow = threading.Thread(target=lambda: done.append(client.get(
            "/api/reach", params={"creature": "bat"})))
        slow.start()
        assert wait_for(tmp_path / "started"), "the hostile job never started"
        try:
            for _ in range(10):  # answered while the GIL is held (were it the server's: timeouts)
                for path in ("/", "/api/scenarios", "/api/rulesets", "/api/scenario"):
                    answer = client.get(path)
                    assert answer.status_code == 200
                    if path == "/api/scenario":
                        assert answer.content == kept.content
            assert slow.is_alive(), "the hostile job answered"
        finally:
            for pid in pool.pids():
                os.kill(pid, signal.SIGKILL)
            slow.join(timeout=HANG)
        assert done and is_error(done[0], 503)
        monkeypatch.undo()
        assert client.get("/api/reach", params={"creature": "bat"}).status_code == 200


# -- the kept answers ---------------------------------------------------------------------------

def test_the_answers_are_the_bytes_fastapi_would_write():
    """The worker encodes as FastAPI's JSONResponse does: the same bytes as before it existed."""
    web = TestClient(create_app(), base_url=LOCAL)
    bat = load_example("giant-bat")
    answer = web.get("/api/reach", params={"creature": "bat"})
    expected = JSONResponse(jsonable_encoder(_api.reach(bat, "bat").to_dict())).body
    assert answer.content == expected
    assert answer.headers["content-type"] == "application/json"
    check = web.get("/api/check", params={"creature": "bat", "moves": "U35"})
    assert check.json() == jobs.told(_api.check(bat, "bat", "U35"))


def test_a_repeated_question_is_the_kept_bytes_not_a_new_computation(monkeypatch, tmp_path):
    web = TestClient(create_app(), base_url=LOCAL, raise_server_exceptions=False)
    params = {"creature": "bat", "no_checks": "true"}
    first = web.get("/api/reach", params=params)
    render = web.get("/api/render", params={"creature": "bat", "to": "U35"})
    assert first.status_code == render.status_code == 200
    broken = functools.partial(held_jobs.broken, str(tmp_path / "worker.log"))
    monkeypatch.setattr(jobs, "reach", broken)  # any new computation would fail
    monkeypatch.setattr(jobs, "render", broken)
    assert web.get("/api/reach", params=params).content == first.content
    again = web.get("/api/render", params={"creature": "bat", "to": "U35"})
    assert again.content == render.content and again.headers["content-type"] == "image/svg+xml"
    assert web.get("/api/reach", params={"creature": "bat"}).status_code == 500  # not kept


def test_a_changed_file_is_asked_again(tmp_path):
    scenario = tmp_path / "owl.yaml"
    scenario.write_text(big_map(10, 2), encoding="utf-8")
    web = TestClient(create_app(tmp_path), base_url=LOCAL)
    first = web.get("/api/reach", params={"scenario": "owl.yaml", "creature": "owl"})
    scenario.write_text(big_map(10, 3), encoding="utf-8")
    second = web.get("/api/reach", params={"scenario": "owl.yaml", "creature": "owl"})
    assert len(second.json()["states"]) > len(first.json()["states"])


def test_the_kept_answers_are_bounded_in_bytes():
    kept = jobs.Lru(100, max_bytes=10)
    kept.put("a", b"12345")
    kept.put("b", b"12345")
    kept.put("c", b"123")
    assert kept.get("a") is None and kept.get("b") == b"12345" and kept.bytes == 8
    kept.put("huge", b"123456")  # over half the budget: never kept, nothing pushed out
    assert kept.get("huge") is None and kept.get("c") == b"123"


def test_a_worker_answers_exactly_its_job(tmp_path):
    """The pool on its own: a job's bytes come back; its pid is a worker's, not ours."""
    pool = WorkerPool(1, 0)
    try:
        pid = int(pool.run(held_jobs.pid, (), time.monotonic() + HANG, HANG))
        assert pid != os.getpid() and pool.pids() == [pid]
    finally:
        pool.close()
    assert not alive(pid)


def test_a_job_goes_to_the_worker_that_answered_about_the_same_things(tmp_path):
    """Affinity: the idle worker that last ran a job about this creature (or, failing that, this
    scenario) takes it, not the last one given back (which would compute the reach again)."""
    pool = WorkerPool(2, 0)
    harpy, bat, wolf = (("harpy", "harpy"), "harpy"), (("bat", "bat"), "bat"), (
        ("harpy", "wolf"), "harpy")

    def run(affinity: tuple[Any, ...]) -> int:
        return int(pool.run(held_jobs.pid, (), time.monotonic() + HANG, HANG, affinity))

    def while_held(affinity: tuple[Any, ...], other: tuple[Any, ...], name: str) -> list[int]:
        """A job about ``affinity`` held in one worker while one about ``other`` runs: pids."""
        started, release = tmp_path / f"{name}.started", tmp_path / f"{name}.release"
        held_by: list[int] = []
        holder = threading.Thread(target=lambda: held_by.append(int(pool.run(
            held_jobs.held_pid, (str(started), str(release)), time.monotonic() + HANG, HANG,
            affinity))))
        holder.start()
        assert wait_for(started)
        ran = run(other)
        release.touch()
        holder.join()
        return [held_by[0], ran]

    try:
        first, second = while_held(harpy, bat, "one")  # the second worker starts for the bat
        assert first != second and sorted(pool.pids()) == sorted([first, second])
        assert run(()) == first  # without affinity: the last given back
        assert run(bat) == second
        assert run(bat) == second  # not the last given back (first), the bat's
        assert run((("harpy", "fighter"), "harpy")) == first  # another creature, same scenario
        assert run(bat) == second
        assert run((("other", "x"), "other")) == second  # nobody saw it: the last given back
        # the bat's worker answers about the wolf of the harpy's scenario while the first is busy
        assert while_held(harpy, wolf, "two") == [first, second]
        assert run(harpy) == first  # its creature beats the scenario the other saw later
        assert run(wolf) == second
    finally:
        pool.close()


def test_the_picture_of_a_clicked_path_reuses_the_path_found_for_it(monkeypatch):
    """A click asks for the path, then the picture with it: a worker finds the way once, and the
    picture is the one drawn from a way found afresh (and so for a checked move)."""
    source = jobs.Source(("example", "giant-bat"), "example:giant-bat")
    asked: list[str] = []
    real_route, real_check = _api.route, _api.check
    monkeypatch.setattr(jobs._api, "route", lambda *a, **k: asked.append("route") or
                        real_route(*a, **k))
    monkeypatch.setattr(jobs._api, "check", lambda *a, **k: asked.append("check") or
                        real_check(*a, **k))
    monkeypatch.setattr(jobs, "_moves", jobs.Lru(2))
    way = {"to": "U39", "mode": None, "attack": None, "can_act": False}
    path = jobs.path(source, "bat", {**way, "altitude": "1"}, {})
    drawn = jobs.render(source, "bat", 1, way, None, {}, {})
    assert asked == ["route"]
    moves = json.loads(path)["moves"]
    jobs.check(source, "bat", moves, {})
    checked = jobs.render(source, "bat", 1, way, moves, {}, {})
    assert asked == ["route", "check"]
    jobs._moves.clear()
    assert jobs.render(source, "bat", 1, way, None, {}, {}) == drawn
    assert jobs.render(source, "bat", 1, way, moves, {}, {}) == checked
    assert asked == ["route", "check", "route", "check"]
    # another altitude is another way: found again
    jobs.render(source, "bat", 2, way, None, {}, {})
    assert asked[-1] == "route" and len(asked) == 5


def test_the_kept_moves_are_of_two_creatures_at_most(monkeypatch):
    """A found way holds its search space, the creature's tables: ways are kept for as few
    creatures as the reaches are, whatever the number of ways."""
    monkeypatch.setattr(jobs, "_moves", jobs.Lru(2))
    asked: list[str] = []
    real_route = _api.route
    monkeypatch.setattr(jobs._api, "route", lambda scenario, creature, **k: asked.append(
        creature) or real_route(scenario, creature, **k))
    bat = jobs.Source(("example", "giant-bat"), "example:giant-bat")
    pegasi = jobs.Source(("example", "pegasi"), "example:pegasi")
    way = {"altitude": None, "mode": None, "attack": None, "can_act": False}
    for to in ("U35", "T36", "U35"):
        jobs.path(bat, "bat", {**way, "to": to}, {})
    jobs.path(bat, "chamois", {**way, "to": "U35"}, {})
    assert asked == ["bat", "bat", "chamois"]
    jobs.path(pegasi, "pegasi", {**way, "to": "20,20"}, {})
    jobs.path(bat, "chamois", {**way, "to": "U35"}, {})
    jobs.path(bat, "bat", {**way, "to": "U35"}, {})  # the oldest creature's ways: gone
    assert asked == ["bat", "bat", "chamois", "pegasi", "bat"]
    assert len(jobs._moves._items) == 2
