"""Every screen follows the game (issue 27): the live hub, its event stream through a real
server, the board-changed check under racing writers, and proposals by role."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from threaded_server import serving
from wingbeat.examples import example_text
from wingbeat.play.store import BoardChangedError, EncounterStore
from wingbeat.web.live import QUEUE, Hub, LiveRefused, store_reader
from wingbeat.web.play import create_play_app
from wingbeat.web.roles import Role

PATIENCE = 60.0  # bounds a wait that would never end; it measures nothing


def _never(_refs: list[Any], _listing: bool) -> tuple[dict[Any, Any], None]:
    return {}, None


def _encounter(db: Path) -> int:
    with EncounterStore(db) as store:
        info, _entry = store.create(example_text("giant-bat"), source="example:giant-bat",
                                    seed=4, order=["bat", "chamois"])
    return info.id


# -- the hub ------------------------------------------------------------------------------------

def test_event_ids_resume_after_the_last_one_seen() -> None:
    async def run() -> None:
        hub = Hub(_never)
        stream, first = hub.join(1, "local", "1-a")
        assert [(e.kind, e.version) for e in first] == [("ready", "1-a")]
        assert first[0].id == f"{hub.boot}-0"
        one = hub.publish(1, "changed", "2-b")
        hub.publish(2, "changed", "1-x")  # another encounter: not this stream's
        hub.publish(1, "changed", "3-c")
        assert [e.version for e in await stream.next() or []] == ["2-b", "3-c"]
        assert one.id == f"{hub.boot}-1" and one.to_dict() == {
            "encounter": 1, "kind": "changed", "version": "2-b"}
        again, missed = hub.join(1, "local", "3-c", last_id=one.id)  # a phone that slept
        assert [e.version for e in missed] == ["3-c"]
        hub.leave(again)
        hub.close()

    asyncio.run(run())


def test_a_change_made_while_no_one_followed_is_heard_on_the_way_back() -> None:
    async def run() -> None:
        hub = Hub(_never)
        stream, first = hub.join(1, "local", "1-a")
        hub.leave(stream)  # the phone sleeps; meanwhile the encounter changes, unheard
        _back, missed = hub.join(1, "local", "2-b", last_id=first[0].id)
        assert [(e.kind, e.version) for e in missed] == [("changed", "2-b")]
        hub.close()

    asyncio.run(run())


def test_resync_when_the_missed_events_are_gone_or_the_server_restarted() -> None:
    async def run() -> None:
        hub = Hub(_never, ring=4)
        hub.join(1, "local", "1-a")
        first = hub.publish(1, "changed", "2-b")
        for n in range(3, 10):
            hub.publish(1, "changed", f"{n}-x")
        for last in (first.id, "0123abcd-3", "nonsense", f"{hub.boot}-999"):
            _stream, sent = hub.join(1, "local", "9-x", last_id=last)
            assert [(e.kind, e.version) for e in sent] == [("resync", "9-x")], last
            assert sent[0].id == hub.last_id  # resuming from it misses nothing after
        hub.close()

    asyncio.run(run())


def test_a_stalled_reader_is_dropped_and_holds_up_no_one() -> None:
    async def run() -> None:
        hub = Hub(_never)
        stalled, _ = hub.join(1, "local", "1-a")
        reading, _ = hub.join(1, "local", "1-a")
        for n in range(QUEUE + 1):
            hub.publish(1, "changed", f"{n + 2}-x")
            assert len(await reading.next() or []) == 1
        assert stalled.dropped and len(stalled.pending) == 0  # nothing kept for it
        assert await stalled.next() is None  # its stream ends; it comes back and resyncs
        assert not reading.dropped
        hub.close()
        assert await reading.next() is None  # the server stops: every stream ends

    asyncio.run(run())


def test_stream_caps_refuse_with_a_clear_message() -> None:
    async def run() -> None:
        hub = Hub(_never, max_streams=3, per_key=2)
        hub.join(1, "k1", "1-a")
        hub.join(1, "k1", "1-a")
        with pytest.raises(LiveRefused) as per_key:
            hub.join(1, "k1", "1-a")
        assert per_key.value.http_status == 429
        assert "this key already follows 2 live streams" in str(per_key.value)
        hub.join(1, "k2", "1-a")
        with pytest.raises(LiveRefused) as total:
            hub.join(1, "k3", "1-a")
        assert total.value.http_status == 503 and "3 live streams" in str(total.value)
        hub.close()

    asyncio.run(run())


def test_a_screen_that_follows_again_takes_its_old_streams_place() -> None:
    """A phone back on another network leaves a stream the server cannot yet know is dead: the
    same screen (and key, and encounter) opening one again ends the old one, and holds one
    place of the key's, not two; another screen, or another encounter, is a stream of its own."""
    async def run() -> None:
        hub = Hub(_never, max_streams=10, per_key=2)
        old, _ = hub.join(1, "k1", "1-a", screen="phone-0001")
        new, _ = hub.join(1, "k1", "1-a", screen="phone-0001")
        assert old.closed and await old.next() is None
        assert not new.closed and hub.streams == 1
        listing, _ = hub.join(None, "k1", "1-a", screen="phone-0001")  # its list: another
        assert not new.closed and hub.streams == 2
        with pytest.raises(LiveRefused):
            hub.join(1, "k1", "1-a", screen="phone-0002")
        with pytest.raises(LiveRefused):  # without a screen id, no place is taken
            hub.join(1, "k1", "1-a")
        hub.join(1, "k2", "1-a", screen="phone-0001")  # the same id under another key
        assert not new.closed and not listing.closed
        hub.close()

    asyncio.run(run())


def test_the_poll_finds_a_write_made_elsewhere(tmp_path: Path) -> None:
    db = tmp_path / "live.sqlite3"
    ref = _encounter(db)

    async def run() -> None:
        hub = Hub(store_reader(str(db)), poll=0.01)
        with EncounterStore(db) as store:
            _info, version = store.version(ref)
        stream, _ = hub.join(ref, "local", version)
        with EncounterStore(db) as store:  # as the command line would, outside the web API
            await asyncio.to_thread(store.move, ref, "chamois", "")
            _info, moved = store.version(ref)
        events = await asyncio.wait_for(stream.next(), PATIENCE)
        assert [(e.kind, e.version) for e in events or []] == [("changed", moved)]
        hub.close()

    asyncio.run(run())


# -- the board changed: racing writers --------------------------------------------------------

def test_two_players_declaring_at_once_give_exactly_one_move(tmp_path: Path) -> None:
    db = tmp_path / "race.sqlite3"
    for _round in range(12):
        ref = _encounter(db)
        with EncounterStore(db) as store:
            _info, seen = store.version(ref)
        start = threading.Barrier(2)
        results: list[object] = []

        def declare(creature: str, moves: str, ref: int = ref, seen: str = seen,
                    start: threading.Barrier = start, results: list[object] = results) -> None:
            with EncounterStore(db) as store:
                start.wait(PATIENCE)
                try:
                    results.append(store.move(ref, creature, moves, after=seen))
                except BoardChangedError as exc:
                    results.append(exc)

        players = [threading.Thread(target=declare, args=("bat", "U35 down hover")),
                   threading.Thread(target=declare, args=("chamois", ""))]
        for player in players:
            player.start()
        for player in players:
            player.join(PATIENCE)
        refused = [r for r in results if isinstance(r, BoardChangedError)]
        assert len(results) == 2 and len(refused) == 1, results
        assert str(refused[0]).startswith("the board changed: look again")
        with EncounterStore(db) as store:
            assert len(store.entries(ref)[1]) == 2  # the set-up and exactly one move


def test_a_move_on_a_board_that_changed_is_409(tmp_path: Path) -> None:
    web = TestClient(create_play_app(tmp_path / "web.sqlite3"), base_url="http://127.0.0.1")
    new = web.post("/api/play/encounters", json={"scenario": "example:giant-bat", "seed": 4,
                                                 "order": ["bat", "chamois"]}).json()
    ref, seen = new["encounter"]["id"], new["version"]
    assert web.get(f"/api/play/encounters/{ref}").json()["version"] == seen
    first = web.post(f"/api/play/encounters/{ref}/moves",
                     json={"creature": "chamois", "moves": "", "after": seen})
    assert first.status_code == 200 and first.json()["version"] != seen
    late = web.post(f"/api/play/encounters/{ref}/moves",
                    json={"creature": "bat", "moves": "U35 down hover", "after": seen})
    assert late.status_code == 409
    assert late.json()["error"]["message"].startswith("the board changed: look again")


# -- the events endpoint, through a real server -------------------------------------------------

class Events:
    """An SSE stream read with httpx: each event's id and JSON data."""

    def __init__(self, response: httpx.Response) -> None:
        self.lines = response.iter_lines()

    def next(self) -> tuple[str, dict[str, Any]]:
        ident, data = "", None
        for line in self.lines:
            if line.startswith("id:"):
                ident = line[3:].strip()
            elif line.startswith("data:"):
                data = json.loads(line[5:])
            elif line == "" and data is not None:
                return ident, data
        raise AssertionError("the stream ended")


@contextmanager
def following(client: httpx.Client, url: str, last: str | None = None) -> Iterator[Events]:
    headers = {"Last-Event-ID": last} if last else {}
    with client.stream("GET", url, headers=headers) as response:
        assert response.status_code == 200, response.read()
        assert response.headers["content-type"].startswith("text/event-stream")
        yield Events(response)


def test_the_event_stream_through_a_real_server(tmp_path: Path) -> None:
    db = tmp_path / "served.sqlite3"
    ref = _encounter(db)
    with serving(create_play_app(db), patience=PATIENCE) as base, \
            httpx.Client(base_url=base, timeout=PATIENCE) as client:
        url = f"/api/play/encounters/{ref}/events"
        with following(client, url) as events:
            ready_id, ready = events.next()
            assert ready["kind"] == "ready" and ready["encounter"] == ref
            moved = client.post(f"/api/play/encounters/{ref}/moves",
                                json={"creature": "chamois", "moves": "", "after":
                                      ready["version"]}).json()
            moved_id, changed = events.next()
            assert changed == {"encounter": ref, "kind": "changed",
                               "version": moved["version"]}
            assert "chamois" not in json.dumps(changed)  # no creature, no place, ever
        # back after a sleep: the event missed meanwhile, nothing twice
        client.post(f"/api/play/encounters/{ref}/undo", json={})
        with following(client, url, last=moved_id) as events:
            _id, undone = events.next()
            assert undone["kind"] == "changed" and undone["version"] == ready["version"]
            # a write from the command line on the same database is heard too
            env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
            subprocess.run([sys.executable, "-m", "wingbeat", "play", "move", str(ref),
                            "chamois", "", "--db", str(db)], check=True, env=env,
                           capture_output=True, timeout=PATIENCE)
            _id, heard = events.next()
            with EncounterStore(db) as store:
                assert heard["version"] == store.version(ref)[1]
        with following(client, url, last="another-boot-3") as events:
            assert events.next()[1]["kind"] == "resync"
        assert ready_id.rsplit("-", 1)[0] == moved_id.rsplit("-", 1)[0]  # one boot
        missing = client.get("/api/play/encounters/99/events")
        assert missing.status_code == 400 and "no encounter" in missing.json()["error"]["message"]


# -- proposals, by role -------------------------------------------------------------------------

class Seated:
    """A test-only ASGI middleware: every request sits at ``role``'s seat (the access layer's
    job in a shared server)."""

    def __init__(self, app: Any, seat: dict[str, Role]) -> None:
        self.app = app
        self.seat = seat

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            scope.setdefault("state", {})["role"] = self.seat["role"]
        await self.app(scope, receive, send)


GM = Role(None, "gm")
PARTY = Role("party", "party")
MONSTERS = Role("monsters", "monsters")


AMBUSH = (Path(__file__).parent / "data" / "share" / "ambush.yaml").read_text(encoding="utf-8")


def test_proposals_wait_for_the_game_master(tmp_path: Path) -> None:
    app = create_play_app(tmp_path / "table.sqlite3")
    seat = {"role": GM}
    app.add_middleware(Seated, seat=seat)
    web = TestClient(app, base_url="http://127.0.0.1")
    new = web.post("/api/play/encounters", json={
        "text": AMBUSH, "source": "ambush.yaml", "seed": 5,
        "order": ["zz-lurker", "scout", "ranger", "owl"]}).json()
    ref = new["encounter"]["id"]
    base = f"/api/play/encounters/{ref}"

    seat["role"] = PARTY
    denied = web.post(f"{base}/approval", json={"required": True})
    assert denied.status_code == 403 and "only the game master" in denied.json()["error"]["message"]
    late = web.post(f"{base}/moves", json={"creature": "scout", "moves": "B3",
                                           "after": "9-gone"})
    assert late.status_code == 409
    assert late.json()["error"]["message"].startswith("the board changed: look again")
    played = web.post(f"{base}/moves", json={"creature": "scout", "moves": "B3",
                                             "after": new["version"]})
    assert played.status_code == 200, played.text  # no approval required: played at once
    assert played.json()["version"] != new["version"]
    assert web.get(base).json()["version"] == played.json()["version"]  # as the player sees it
    seat["role"] = GM
    web.post(f"{base}/undo", json={})
    assert web.post(f"{base}/approval", json={"required": True}).json()["required"] is True

    seat["role"] = PARTY
    illegal = web.post(f"{base}/moves", json={"creature": "scout", "moves": "P12"})
    assert illegal.status_code == 409 and illegal.json()["legal"] is False
    stale = web.post(f"{base}/moves", json={"creature": "scout", "moves": "B3 B4",
                                            "after": "9-gone"})
    assert stale.status_code == 409 and stale.json()["error"]["rule"] == "board-changed"
    waiting = web.post(f"{base}/moves", json={"creature": "scout", "moves": "B3 B4",
                                              "after": new["version"]})
    assert waiting.status_code == 202, waiting.text
    proposal = waiting.json()
    assert proposal["status"] == "pending" and proposal["side"] == "party"
    assert proposal["cost"] is not None and proposal["way"] == ["B3", "B4"]
    listed = web.get(f"{base}/proposals").json()
    assert listed["required"] is True and [p["id"] for p in listed["proposals"]] == [
        proposal["id"]]
    assert listed["you"] == {"side": "party", "game_master": False}
    assert web.get(base).json()["version"] == new["version"]  # nothing played yet
    assert web.post(f"{base}/proposals/{proposal['id']}/accept", json={}).status_code == 403

    seat["role"] = GM
    accepted = web.post(f"{base}/proposals/{proposal['id']}/accept", json={})
    assert accepted.status_code == 200 and accepted.json()["state"]["pieces"]["scout"][
        "at"] == "B4"
    assert web.get(f"{base}/proposals").json()["proposals"][0]["status"] == "accepted"
    mine = web.post(f"{base}/moves", json={"creature": "owl", "moves": "M9"})
    assert mine.status_code == 200  # the game master's own move: never a proposal

    # refused with a reason the player reads; and one on a board that changed since
    seat["role"] = PARTY
    first = web.post(f"{base}/moves", json={"creature": "ranger", "moves": "C3"}).json()
    seat["role"] = GM
    refused = web.post(f"{base}/proposals/{first['id']}/refuse", json={"reason": "not yet"})
    assert refused.json()["status"] == "refused" and refused.json()["reason"] == "not yet"
    seat["role"] = PARTY
    second = web.post(f"{base}/moves", json={"creature": "ranger", "moves": "C3"}).json()
    seat["role"] = GM
    web.post(f"{base}/undo", json={})
    late = web.post(f"{base}/proposals/{second['id']}/accept", json={})
    assert late.status_code == 409
    assert late.json()["error"]["message"].startswith("the board changed: look again")
    seat["role"] = PARTY
    said = {p["id"]: p for p in web.get(f"{base}/proposals").json()["proposals"]}
    assert said[second["id"]]["status"] == "refused"
    assert said[second["id"]]["reason"].startswith("the board changed: look again")
    assert web.post(f"{base}/proposals/{second['id']}/refuse", json={}).status_code == 403
    seat["role"] = GM
    gone = web.post(f"{base}/proposals/{second['id']}/refuse", json={})
    assert gone.status_code == 404 and "decided already" in gone.json()["error"]["message"]

    # a hidden creature's proposal: its own side sees it, the others only that a move waits
    seat["role"] = MONSTERS
    lurking = web.post(f"{base}/moves", json={"creature": "zz-lurker", "moves": "J6"})
    assert lurking.status_code == 202, lurking.text
    assert web.get(f"{base}/proposals").json()["proposals"][0]["creature"] == "zz-lurker"
    seat["role"] = PARTY
    seen = web.get(f"{base}/proposals")
    assert seen.json()["proposals"][0] == {"id": lurking.json()["id"], "encounter": ref,
                                           "side": "monsters", "status": "pending"}
    assert b"lurker" not in seen.content.lower() and b"J6" not in seen.content


def test_the_list_stream_hears_a_new_encounter(tmp_path: Path) -> None:
    db = tmp_path / "listed.sqlite3"
    _encounter(db)
    with serving(create_play_app(db), patience=PATIENCE) as base, \
            httpx.Client(base_url=base, timeout=PATIENCE) as client, \
            following(client, "/api/play/events") as events:
        assert events.next()[1] == {"encounter": None, "kind": "ready", "version": "1-1"}
        client.post("/api/play/encounters", json={"scenario": "example:giant-bat", "seed": 1})
        assert events.next()[1] == {"encounter": None, "kind": "changed", "version": "2-2"}


def _until_it_answers(base: str) -> None:
    """Wait until the server accepts (it says where it serves just before it listens)."""
    import time

    deadline = time.monotonic() + PATIENCE
    while True:
        try:
            httpx.get(base + "/api/play/examples", timeout=PATIENCE)
            return
        except httpx.ConnectError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def test_serve_stops_cleanly_with_a_stream_open(tmp_path: Path) -> None:
    """Ctrl+C with a screen following: the stream ends, the server exits, no traceback."""
    import signal

    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path),
           "XDG_DATA_HOME": str(tmp_path)}
    ref = _encounter(tmp_path / "wingbeat" / "encounters.sqlite3")
    server = subprocess.Popen([sys.executable, "-m", "wingbeat", "serve", "--port", "0",
                               "--workers", "1"], env=env, stderr=subprocess.PIPE, text=True)
    try:
        assert server.stderr is not None
        line = server.stderr.readline()  # the server says where it serves, then serves
        base = line.split("serving on ", 1)[1].split("/ ", 1)[0]
        _until_it_answers(base)
        with httpx.Client(base_url=base, timeout=PATIENCE) as client, \
                following(client, f"/api/play/encounters/{ref}/events") as events:
            assert events.next()[1]["kind"] == "ready"
            server.send_signal(signal.SIGINT)
            with pytest.raises(AssertionError, match="the stream ended"):
                events.next()
        assert server.wait(PATIENCE) == 0
        said = server.stderr.read()
        assert "Traceback" not in said and "ERROR" not in said, said
    finally:
        if server.poll() is None:
            server.kill()
            server.wait(PATIENCE)


def test_a_stream_past_the_cap_is_refused_with_one_line_of_json(tmp_path: Path) -> None:
    db = tmp_path / "capped.sqlite3"
    ref = _encounter(db)
    app = create_play_app(db)
    app.state.live_hub = Hub(store_reader(str(db)), max_streams=1)
    with serving(app, patience=PATIENCE) as base, \
            httpx.Client(base_url=base, timeout=PATIENCE) as client, \
            following(client, f"/api/play/encounters/{ref}/events") as events:
        assert events.next()[1]["kind"] == "ready"
        refused = client.get(f"/api/play/encounters/{ref}/events")
        assert refused.status_code == 503
        assert refused.json() == {"error": {"message": (
            "the server already sends 1 live streams, its most: close another screen, or "
            "reload later")}}


def test_a_hidden_creatures_proposal_says_only_that_a_move_waits() -> None:
    from wingbeat.web.proposals import Proposal, ProposalBook

    book = ProposalBook()
    book.require(1, True)
    book.propose(Proposal(id="p1", encounter=1, creature="lurker", moves="U35", options=("a=1",),
                          side="monsters", key="monsters", version="1-a", way=("U35",)))
    assert book.listed(1, Role(None, "gm"))[0]["way"] == ["U35"]
    assert book.listed(1, Role("monsters", "m"), frozenset({"lurker"}))[0]["moves"] == "U35"
    seen = book.listed(1, PARTY, frozenset({"lurker"}))
    assert seen == [{"id": "p1", "encounter": 1, "side": "monsters", "status": "pending"}]
    assert "lurker" not in json.dumps(seen) and "U35" not in json.dumps(seen)
    assert book.listed(1, PARTY)[0]["options"] == []  # another side's options stay its own


def test_a_client_that_stops_reading_is_cut_off_and_holds_up_no_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Over a real socket: a screen that reads nothing fills its buffers, its stream is ended
    (the hub's bounded queue, then the send's time limit), and the screen that reads goes on."""
    import queue
    import socket
    import time

    from wingbeat.web import liveroutes

    monkeypatch.setattr(liveroutes, "SEND_TIMEOUT", 0.5)
    db = tmp_path / "stalled.sqlite3"
    ref = _encounter(db)
    app = create_play_app(db)
    hub = app.state.live_hub = Hub(store_reader(str(db)))
    with serving(app, patience=PATIENCE) as base, \
            httpx.Client(base_url=base, timeout=PATIENCE) as client, \
            following(client, f"/api/play/encounters/{ref}/events") as reading:
        assert reading.next()[1]["kind"] == "ready"
        stalled = socket.socket()
        stalled.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        stalled.connect(("127.0.0.1", int(base.rsplit(":", 1)[1])))
        stalled.sendall(f"GET /api/play/encounters/{ref}/events HTTP/1.1\r\nHost: "
                        "127.0.0.1\r\n\r\n".encode())
        assert hub._poller is not None
        loop = hub._poller.get_loop()
        while hub.streams < 2:  # the stalled one has joined
            time.sleep(0.01)
        heard: queue.Queue[dict[str, Any]] = queue.Queue()

        def read() -> None:
            with contextlib.suppress(httpx.HTTPError, AssertionError):  # the test is over
                while True:
                    heard.put(reading.next()[1])

        threading.Thread(target=read, daemon=True).start()

        async def burst(n: int) -> None:
            for k in range(32):
                hub.publish(ref, "changed", f"{n}-{k:02000d}")  # long: buffers fill sooner
            await asyncio.sleep(0.001)

        def publish(n: int) -> None:
            """32 events, all heard by the reader before the next (however slow it is)."""
            asyncio.run_coroutine_threadsafe(burst(n), loop).result(PATIENCE)
            while (event := heard.get(timeout=PATIENCE))["version"] != f"{n}-{31:02000d}":
                assert event["kind"] == "changed"

        deadline = time.monotonic() + PATIENCE
        n = 0
        while hub.streams > 1:  # until the stalled stream is gone
            assert time.monotonic() < deadline, "the stalled stream was never ended"
            publish(n)
            n += 1
        publish(-1)
        assert hub.streams == 1  # the reader's stream goes on
        stalled.settimeout(PATIENCE)
        while stalled.recv(65536):  # what was buffered, then the end: the server closed it
            pass
        stalled.close()


def test_the_play_app_alone_serves_every_module_the_page_imports(tmp_path: Path) -> None:
    import re

    web = TestClient(create_play_app(tmp_path / "modules.sqlite3"), base_url="http://127.0.0.1")
    static = Path(__file__).resolve().parent.parent / "src" / "wingbeat" / "web" / "static"
    seen: set[str] = set()
    waiting = ["play.js"]
    while waiting:
        name = waiting.pop()
        if name in seen:
            continue
        seen.add(name)
        assert web.get(f"/static/{name}").status_code == 200, name
        text = (static / name).read_text(encoding="utf-8")
        waiting += re.findall(r'from "\./([\w-]+\.js)"', text)
    assert {"live.js", "proposals.js", "reveal.js"} <= seen


def test_a_shared_tables_streams_need_a_key_and_a_key_holds_its_share(tmp_path: Path) -> None:
    """A key holds ``PER_KEY`` streams (four screens following an encounter and the list); one
    more is refused, unless it comes from a screen that already holds one for the same
    encounter (a phone back on another network): that one takes the old one's place."""
    from wingbeat.web.access import install_access
    from wingbeat.web.app import create_app
    from wingbeat.web.live import PER_KEY
    from wingbeat.web.share import share_keys

    keys = share_keys(["monsters", "party"], tmp_path / "keys.json")
    app = create_app(Path(__file__).parent / "data" / "share", "ambush.yaml", workers=1)
    app.state.play_db = tmp_path / "shared.sqlite3"
    install_access(app, keys, "http://127.0.0.1/")
    gm = {"Authorization": f"Bearer {keys.gm}"}
    party = {"Authorization": f"Bearer {keys.side_keys['party']}"}
    with serving(app, patience=PATIENCE) as base, \
            httpx.Client(base_url=base, timeout=PATIENCE) as client, \
            contextlib.ExitStack() as streams:
        ref = client.post("/api/play/encounters", headers=gm, json={
            "text": AMBUSH, "source": "ambush.yaml", "seed": 5}).json()["encounter"]["id"]
        url = f"/api/play/encounters/{ref}/events"
        assert client.get(url).status_code == 401
        followed = []
        for number in range(PER_KEY):
            screen = {**party, "X-Wingbeat-Screen": f"screen-{number:04d}"}
            response = streams.enter_context(client.stream("GET", url, headers=screen))
            assert response.status_code == 200
            followed.append(Events(response))
            assert followed[-1].next()[1]["kind"] == "ready"
        one_more = client.get(url, headers={**party, "X-Wingbeat-Screen": "another-screen"})
        assert one_more.status_code == 429
        assert (f"this key already follows {PER_KEY} live streams"
                in one_more.json()["error"]["message"])
        # the first screen again (its old stream left behind): it takes the old one's place
        again = streams.enter_context(client.stream(
            "GET", url, headers={**party, "X-Wingbeat-Screen": "screen-0000"}))
        assert again.status_code == 200
        followed[0] = Events(again)
        assert followed[0].next()[1]["kind"] == "ready"
        assert client.get(url, headers={**party, "X-Wingbeat-Screen": "bad id!"}).status_code \
            in (400, 422)
        moved = client.post(f"{url.rsplit('/', 1)[0]}/moves", headers=gm,
                            json={"creature": "owl", "moves": "M9"}).json()
        for events in followed:
            assert events.next()[1] == {"encounter": ref, "kind": "changed",
                                        "version": moved["version"]}
