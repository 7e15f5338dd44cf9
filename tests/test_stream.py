"""Large answers stream (issue 29, item 4): ``wingbeat reach --json`` writes its end states as
they are made, a megabyte at a time, the same bytes as the answer made whole; ``--format jsonl``
(and ``/api/reach?format=jsonl``) writes a line of the reach's fields, then one line for each end
state; the server streams a big reach from its worker (web/pool.py ``Streamed``) and says the
same as the command line. With the compiled kernel and with the pure-Python search."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
import yaml
from fastapi.testclient import TestClient
from typer.testing import CliRunner

import held_jobs
import wingbeat
from both_searches import searching
from test_web_guard import HANG, LOCAL, big_map, serving
from wingbeat import _jsonout, kernel
from wingbeat._jsonout import answer_chunks, encode
from wingbeat.cli import app
from wingbeat.web import create_app
from wingbeat.web.pool import STREAM_BYTES, Streamed, WorkerPool

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent

#: (example, creature): volare and dnd5e reaches (the grid rulesets, both kernels), and the
#: table-top rulesets' (battlesystem, confrontation: their reports' dicts)
CASES = [(str(p), c["id"]) for p in sorted(ROOT.glob("examples/*/*.yaml"))
         if p.stem in ("giant-bat", "breeze-with", "walls", "hex", "pegasi", "morbid-angel")
         for c in (lambda d: d.get("creatures") or d["units"])(yaml.safe_load(p.read_text()))]


def _reach(path: str, creature: str) -> Any:
    return wingbeat.reach(wingbeat.open_scenario(path), creature)


@pytest.fixture(params=[True, False], ids=["kernel", "pure"])
def compiled(request: pytest.FixtureRequest) -> Any:
    with searching(request.param):
        yield request.param


@pytest.fixture
def small_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Chunks of a few hundred bytes: every answer is many, their joins are tested."""
    from wingbeat.rulesets.volare import space

    monkeypatch.setattr(space, "STATES_CHUNK", 300)
    monkeypatch.setattr(_jsonout, "CHUNK_BYTES", 300)


def test_the_cases_cover_the_rulesets() -> None:
    rulesets = {wingbeat.open_scenario(path).ruleset for path, _creature in CASES}
    assert rulesets == {"volare", "dnd5e", "battlesystem", "confrontation"}


@pytest.mark.parametrize(("path", "creature"), CASES)
@pytest.mark.usefixtures("small_chunks")
def test_every_form_in_chunks_is_the_answer_made_whole(path: str, creature: str,
                                                       compiled: bool) -> None:
    whole = _reach(path, creature).to_dict()
    report = _reach(path, creature)
    chunks = list(answer_chunks(report, "json"))
    assert b"".join(chunks) == encode(whole)
    if compiled and kernel.in_use() and whole["ruleset"] == "volare":
        assert report.json_state_chunks() is not None  # written off the kernel's arrays
        assert len(chunks) >= 2 + len(whole["states"]) // 2  # a chunk holds a state or two
    assert b"".join(answer_chunks(_reach(path, creature), "compact")) == encode(whole,
                                                                                  indent=False)


@pytest.mark.parametrize(("path", "creature"), CASES)
@pytest.mark.usefixtures("small_chunks")
def test_jsonl_is_a_header_line_then_each_state(path: str, creature: str, compiled: bool) -> None:
    whole = _reach(path, creature).to_dict()
    text = b"".join(answer_chunks(_reach(path, creature), "jsonl"))
    assert text.endswith(b"\n")
    lines = text.decode().split("\n")[:-1]
    header, states = json.loads(lines[0]), [json.loads(line) for line in lines[1:]]
    assert header == {key: value for key, value in whole.items() if key != "states"}
    expected = whole.get("states", [])  # a table-top reach has none: its one line is all
    assert states == expected
    assert all(list(a) == list(b) for a, b in zip(states, expected, strict=True))  # keys too
    # each line compact, as the web's JSON writes a state
    assert lines[1:] == [encode(state, indent=False).decode() for state in expected]


def test_kernel_and_pure_write_the_same_bytes_in_every_form() -> None:
    for path, creature in CASES:
        for form in _jsonout.FORMS:
            with searching(True):
                fast = b"".join(answer_chunks(_reach(path, creature), form))
            with searching(False):
                slow = b"".join(answer_chunks(_reach(path, creature), form))
            assert fast == slow, (path, creature, form)


def test_an_answer_without_states_is_one_piece() -> None:
    class Plain:
        def to_dict(self) -> dict[str, Any]:
            return {"legal": True, "cost": "3"}

    assert list(answer_chunks(Plain())) == [encode({"legal": True, "cost": "3"})]
    assert list(answer_chunks(Plain(), "jsonl")) == [b'{"legal":true,"cost":"3"}\n']
    with pytest.raises(ValueError, match="form"):
        list(answer_chunks(Plain(), "xml"))


@pytest.mark.parametrize(("path", "creature"), CASES)
def test_the_command_streams_the_bytes_it_printed_whole(path: str, creature: str,
                                                        small_chunks: None) -> None:
    """``reach --json`` prints what the command printed before it streamed: the encoded
    ``to_dict`` and a line end; ``--format json`` is ``--json``; ``--format jsonl`` the lines."""
    whole = _reach(path, creature).to_dict()
    done = runner.invoke(app, ["reach", path, creature, "--json"])
    assert done.exit_code == 0, done.output
    assert done.stdout_bytes == encode(whole) + b"\n"
    again = runner.invoke(app, ["reach", path, creature, "--format", "json"])
    assert again.stdout_bytes == done.stdout_bytes
    lines = runner.invoke(app, ["reach", path, creature, "--format", "JSONL"])
    assert lines.exit_code == 0
    assert lines.stdout_bytes == b"".join(answer_chunks(_reach(path, creature), "jsonl"))


def test_a_format_the_command_does_not_write_is_a_one_line_usage_error() -> None:
    done = runner.invoke(app, ["reach", "example:giant-bat", "bat", "--format", "xml"])
    assert done.exit_code == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1
    assert "--format" in done.stderr and "'xml'" in done.stderr
    with_json = runner.invoke(app, ["reach", "example:giant-bat", "bat", "--json",
                                    "--format", "x" * 5000])
    assert with_json.exit_code == 2
    assert "error" in json.loads(with_json.stdout)
    assert len(with_json.stderr) < 300  # the value is shown cut, not whole


@pytest.fixture(scope="module")
def wide(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A map whose reach is over a megabyte of JSON (streamed from the worker)."""
    folder = tmp_path_factory.mktemp("maps")
    (folder / "wide.yaml").write_text(big_map(30, 16))
    return folder / "wide.yaml"


@pytest.fixture(scope="module")
def served(wide: Path) -> TestClient:
    return TestClient(create_app(wide.parent, workers=1), base_url=LOCAL)


def test_the_server_streams_a_big_reach_as_the_command_says_it(served: TestClient,
                                                               wide: Path) -> None:
    for form, media in (("json", "application/json"), ("jsonl", "application/x-ndjson")):
        answered = served.get("/api/reach", params={"scenario": "wide.yaml", "creature": "owl",
                                                    "format": form})
        assert answered.status_code == 200, answered.text
        assert answered.headers["content-type"].startswith(media)
        assert "content-length" not in answered.headers  # streamed: sent in chunks
        assert len(answered.content) > 1 << 20
        said = runner.invoke(app, ["reach", str(wide), "owl", "--format", form])
        assert said.exit_code == 0
        if form == "jsonl":
            assert answered.content == said.stdout_bytes
        else:
            assert json.loads(answered.content) == json.loads(said.stdout_bytes)
            assert answered.content == encode(json.loads(said.stdout_bytes), indent=False)
    # a streamed answer is not kept whole: asked again, it streams again, the same bytes
    first = served.get("/api/reach", params={"scenario": "wide.yaml", "creature": "owl"})
    second = served.get("/api/reach", params={"scenario": "wide.yaml", "creature": "owl"})
    assert "content-length" not in second.headers
    assert first.content == second.content


def test_a_small_reach_is_kept_whole_and_says_what_the_command_says(served: TestClient) -> None:
    answered = served.get("/api/reach", params={"scenario": "example:giant-bat",
                                                "creature": "bat", "format": "jsonl"})
    assert answered.status_code == 200
    assert answered.headers["content-type"].startswith("application/x-ndjson")
    assert answered.headers["content-length"] == str(len(answered.content))  # whole
    said = runner.invoke(app, ["reach", "example:giant-bat", "bat", "--format", "jsonl"])
    assert answered.content == said.stdout_bytes
    plain = served.get("/api/reach", params={"scenario": "example:giant-bat", "creature": "bat"})
    assert plain.content == encode(_reach("example:giant-bat", "bat").to_dict(), indent=False)


def test_a_format_the_server_does_not_write_is_a_one_line_422(served: TestClient) -> None:
    answered = served.get("/api/reach", params={"scenario": "example:giant-bat",
                                                "creature": "bat", "format": "xml"})
    assert answered.status_code == 422
    message = answered.json()["error"]["message"]
    assert "format" in message and "\n" not in message


def _gone(pid: int) -> bool:
    """Whether process ``pid`` is gone within ``HANG`` seconds (a killed worker is reaped)."""
    deadline = time.monotonic() + HANG
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.01)
    return False


def test_a_worker_streams_a_big_answer_and_is_given_back_when_it_is_read() -> None:
    """Up to ``STREAM_BYTES`` the answer comes back whole; past it, chunk by chunk, and the
    worker goes back to the pool once the last is read (the same process answers next)."""
    pool = WorkerPool(1, 0)
    try:
        small = pool.run_streaming(held_jobs.chunks, (4, 1000), time.monotonic() + HANG, HANG)
        assert small == b"A" * 1000 + b"B" * 1000 + b"C" * 1000 + b"D" * 1000
        big = pool.run_streaming(held_jobs.chunks, (40, 1 << 18), time.monotonic() + HANG,
                                 HANG)
        assert isinstance(big, Streamed)
        (pid,) = pool.pids()
        read = list(big)
        assert b"".join(read) == b"".join(bytes([65 + i % 26]) * (1 << 18) for i in range(40))
        assert len(read) > 1 and len(read[0]) >= STREAM_BYTES  # the first megabyte, then each
        assert pool.pids() == [pid]
        assert int(pool.run(held_jobs.pid, (), time.monotonic() + HANG, HANG)) == pid
    finally:
        pool.close()


def test_a_stream_its_reader_leaves_kills_its_worker_and_frees_its_place() -> None:
    """A client that goes away mid-answer: the worker, blocked writing, is killed, and the next
    question has a worker (a fresh one) at once."""
    pool = WorkerPool(1, 0)
    try:
        big = pool.run_streaming(held_jobs.chunks, (400, 1 << 18), time.monotonic() + HANG,
                                 HANG)
        assert isinstance(big, Streamed)
        (pid,) = pool.pids()
        chunks = iter(big)
        next(chunks)
        chunks.close()  # type: ignore[attr-defined]
        assert _gone(pid)
        fresh = int(pool.run(held_jobs.pid, (), time.monotonic() + 5, 5))
        assert fresh != pid
    finally:
        pool.close()


def test_a_stream_never_read_frees_its_worker() -> None:
    pool = WorkerPool(1, 0)
    try:
        big = pool.run_streaming(held_jobs.chunks, (400, 1 << 18), time.monotonic() + HANG,
                                 HANG)
        (pid,) = pool.pids()
        assert isinstance(big, Streamed)
        del big  # dropped unread (a response never sent)
        assert _gone(pid)
        assert int(pool.run(held_jobs.pid, (), time.monotonic() + 5, 5)) != pid
    finally:
        pool.close()


def test_a_client_that_leaves_mid_answer_frees_its_worker(tmp_path: Path) -> None:
    """A real server, one worker: the client reads the start of a big reach and hangs up; the
    worker (killed, or done) is free for the next question, which answers whole."""
    (tmp_path / "wider.yaml").write_text(big_map(60, 24))
    web = create_app(tmp_path, workers=1)
    params = {"scenario": "wider.yaml", "creature": "owl", "format": "jsonl"}
    with serving(web) as url:
        with httpx.stream("GET", f"{url}/api/reach", params=params, timeout=HANG) as response:
            assert response.status_code == 200
            assert next(response.iter_bytes()).startswith(b'{"ruleset":"volare"')
        again = httpx.get(f"{url}/api/reach", params=params, timeout=HANG)
    assert again.status_code == 200
    lines = again.content.split(b"\n")
    assert lines[-1] == b"" and len(lines) > 1000
    assert json.loads(lines[-2])["at"]
