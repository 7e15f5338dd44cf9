"""Load test: concurrent clients on a local ``wingbeat serve``, over the built-in examples.

    python benchmarks/load.py                     # issue 23's three scenarios, one after another
    python benchmarks/load.py --mix [--clients 8] [--seconds 20]
    python benchmarks/load.py --hostile 2 [--clients 8] [--seconds 20] [--time-limit 10]
    python benchmarks/load.py --table [--seconds 60] [--viewers 10] [--pace 0] [--page-reads]

Without options it runs issue 23's scenarios on one server, each printing the cheap request's
p50 and p99 (``GET /api/scenario`` of the giant bat, a kept answer):

1. **alone**: one client asks it over and over (``--seconds``);
2. **slow and heavy**: meanwhile ``--half-open`` connections (1,000) from another loopback address,
   127.0.0.2, each sending a request line and then one header line every 5 s (slowloris), and
   ``--heavy`` (2) threads playing on a 702 × 1424 dnd5e map (a new encounter, then the next
   round, again and again); it says how many of the slow connections the server still held at
   the end, the play requests' statuses and times, and the server's memory;
3. **mix**: ``--clients`` (20) clients cycle through the examples' requests (below), in
   ``--processes`` (4) client processes, so the clients' own GIL is not the tail measured.

The server holds at most 32 connections per client address (web/connections.py): keep
``--clients`` under that, or the extra clients are refused (503).

Starts ``wingbeat serve`` on 127.0.0.1 with a free port (a subprocess, stopped at the end). The
mix (``--mix`` alone: ``--clients`` threads of this process for ``--seconds``) cycles through the
examples' API requests: ``/api/scenario``, ``/api/reach`` for each creature, ``/api/path`` to a
cell its reach found, ``/api/check`` of that path, ``/api/engagement`` and ``/api/render``; the
page, the scenario list, a threat overlay; and the play page's reads of an encounter of the
harpy (``/api/play/encounters``, its state, log and ``map.svg``).
With ``--mix`` it prints requests per second,
p50 and p99 latency per endpoint, errors (any status but 200), and the server's resident memory
(VmRSS, and its peak VmHWM, from /proc) before and after. It only ever talks to 127.0.0.1.

``--hostile N`` measures what one huge question does to everyone else: the server gets a
scenario directory with a hostile file (a volare map of 700 × 1400 hexes, 40 levels, flyers of
24 MP: each reach settles about 130,000 states, flattens a 980,000-hex map and writes 34 MB of
JSON), N threads keep asking it for a different flyer's reach (so no answer is kept), with
``--time-limit`` seconds each (the server kills a worker past it), and meanwhile ``--clients``
threads make the page's cheap requests: the page, the scenario and ruleset lists, and answers
already given (the example's summary and reach). It prints the cheap requests' p50 and p99, the
hostile ones' statuses and times, and memory (the server's, and its workers' peaks).

``--table`` is issue 27's shared table: ``wingbeat serve example:harpy --share --json --host
127.0.0.1 --port 0`` (its data and cache in a temporary folder), its keys read from the JSON
line. The game master's key starts an encounter; ``--viewers`` screens (10) follow it, spread
round the keys (game master, monsters, party: 4, 3, 3; at most 4 streams a key, web/live.py),
each reading the event stream (``Last-Event-ID`` when it comes back) and, on an event newer than
what it shows, the encounter again (``--page-reads``: its map and log too, as the page does).
Two movers, one per side with its side's key, declare their creatures' moves back and forth
between two cells on the version they saw (``after``): a 409 "the board changed" is looked at
again; the move that ends a round is followed by the game master's next-round, so the log only
grows (no undo: a version's log length then orders the changes). ``--pace`` slows the movers
(seconds after each move) to a table's pace. It prints the moves played, the 409s, every other
status and the 429s (who was throttled), the log's length against the writes answered 200 (it
exits 1, loudly, unless they are the same entries, once each), per change the time from its
request until every screen shows it (or a later version), and the server's memory.
"""

from __future__ import annotations

import argparse
import atexit
import contextlib
import http.client
import json
import multiprocessing
import os
import resource
import select
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

HOST = "127.0.0.1"
EXAMPLES = ("giant-bat", "harpy")  # the grid examples; the tabletop ones have no reach map


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def memory_kb(pid: int) -> dict[str, int]:
    """VmRSS and VmHWM of the server process, in kB (Linux)."""
    out = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            out[key] = int(value.split()[0])
    return out


def get(conn: http.client.HTTPConnection, path: str, **query: str) -> tuple[int, bytes]:
    conn.request("GET", path + ("?" + urlencode(query) if query else ""))
    response = conn.getresponse()
    return response.status, response.read()


HOSTILE_FLYERS = 8


def hostile_scenario() -> str:
    """The huge-but-accepted file of ``--hostile``: flyers far apart on a map near the caps."""
    flyers = "".join(f"  - {{id: owl{n}, fly: 24, at: SS{301 + 100 * n}, altitude: 20, "
                     "mode: hovering}\n" for n in range(HOSTILE_FLYERS))
    return "ruleset: volare\nmap: {columns: 700, rows: 1400, top: 40}\ncreatures:\n" + flyers


def cheap_plan(port: int) -> list[tuple[str, dict[str, str]]]:
    """The cheap requests of ``--hostile``, each asked once first so the answers are kept."""
    requests: list[tuple[str, dict[str, str]]] = [
        ("/", {}), ("/api/scenarios", {}), ("/api/rulesets", {}),
        ("/api/scenario", {"scenario": "example:giant-bat"}),
        ("/api/reach", {"scenario": "example:giant-bat", "creature": "bat"})]
    conn = http.client.HTTPConnection(HOST, port, timeout=120)
    for path, query in requests:
        status, body = get(conn, path, **query)
        assert status == 200, body
    conn.close()
    return requests


def hostile(port: int, until: float, offset: int, step: int, outcomes: list[tuple[int, float]],
            lock: threading.Lock) -> None:
    """Ask one huge reach after another (a flyer no other thread asks about) until ``until``."""
    conn = http.client.HTTPConnection(HOST, port, timeout=600)
    n = offset
    while time.monotonic() < until:
        began = time.perf_counter()
        try:
            status, _body = get(conn, "/api/reach", scenario="hostile.yaml",
                                creature=f"owl{n % HOSTILE_FLYERS}")
        except (OSError, http.client.HTTPException):
            conn.close()
            conn = http.client.HTTPConnection(HOST, port, timeout=600)
            status = 0
        n += step
        with lock:
            outcomes.append((status, time.perf_counter() - began))
    conn.close()


def children(pid: int) -> list[int]:
    """The child processes of ``pid``, whichever of its threads started them (Linux)."""
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        try:
            found += [int(child) for child in task.read_text().split()]
        except OSError:
            continue
    return found


def workers_peak_kb(server: int) -> int:
    """The largest peak resident memory (VmHWM) among the server's worker processes now alive:
    the children of its fork server (Linux)."""
    peak = 0
    for worker in (w for child in children(server) for w in children(child)):
        try:
            peak = max(peak, memory_kb(worker).get("VmHWM", 0))
        except OSError:
            continue
    return peak


def plan(port: int) -> list[tuple[str, dict[str, str]]]:
    """The requests one client cycles through: built once from the examples' own answers."""
    conn = http.client.HTTPConnection(HOST, port, timeout=60)
    requests: list[tuple[str, dict[str, str]]] = []
    for name in EXAMPLES:
        scenario = f"example:{name}"
        requests.append(("/api/scenario", {"scenario": scenario}))
        status, body = get(conn, "/api/scenario", scenario=scenario)
        assert status == 200, body
        ids = [c["id"] for c in json.loads(body)["creatures"]]
        for creature in ids:
            requests.append(("/api/reach", {"scenario": scenario, "creature": creature}))
            status, body = get(conn, "/api/reach", scenario=scenario, creature=creature)
            states = json.loads(body)["states"] if status == 200 else []
            far = [s for s in states if s["path"]]
            if far:
                goal = far[len(far) // 2]
                requests.append(("/api/path", {"scenario": scenario, "creature": creature,
                                               "to": str(goal["at"])}))
                requests.append(("/api/check", {"scenario": scenario, "creature": creature,
                                                "moves": goal["path"]}))
        if len(ids) > 1:
            requests.append(("/api/engagement", {"scenario": scenario, "a": ids[0], "b": ids[1]}))
        requests.append(("/api/render", {"scenario": scenario, "creature": ids[0]}))
    # the page's other requests: the page, the lists, a threat overlay, and the play page's
    # reads of an encounter (its state, log and picture)
    requests += [("/", {}), ("/api/scenarios", {}),
                 ("/api/threat/overlay", {"scenario": "example:harpy", "side": "party"})]
    conn.request("POST", "/api/play/encounters", json.dumps({"scenario": "example:harpy",
                                                             "seed": 1}),
                 {"Content-Type": "application/json"})
    response = conn.getresponse()
    made = response.read()
    assert response.status == 200, made
    ref = json.loads(made)["encounter"]["id"]
    requests += [("/api/play/encounters", {}), (f"/api/play/encounters/{ref}", {}),
                 (f"/api/play/encounters/{ref}/log", {}),
                 (f"/api/play/encounters/{ref}/map.svg", {})]
    conn.close()
    return requests


def client(port: int, requests: list[tuple[str, dict[str, str]]], until: float, offset: int,
           timings: dict[str, list[float]], errors: list[str], lock: threading.Lock) -> None:
    conn = http.client.HTTPConnection(HOST, port, timeout=60)
    i = offset
    while time.monotonic() < until:
        path, query = requests[i % len(requests)]
        i += 1
        began = time.perf_counter()
        try:
            status, body = get(conn, path, **query)
        except (OSError, http.client.HTTPException) as exc:
            conn.close()
            conn = http.client.HTTPConnection(HOST, port, timeout=60)
            status, body = 0, str(exc).encode()
        took = time.perf_counter() - began
        with lock:
            timings.setdefault(path, []).append(took)
            if status != 200:
                errors.append(f"{path} {status} {body[:80]!r}")
    conn.close()


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def start_server(args: argparse.Namespace, directory: Path | None) -> tuple[subprocess.Popen[bytes],
                                                                           int]:
    port = free_port()
    command = [sys.executable, "-m", "wingbeat", "serve", "--host", HOST, "--port", str(port),
               "--time-limit", str(args.time_limit)]
    if directory is not None:
        command.insert(4, str(directory))
    # the play API's database in a folder of its own, not the user's (removed at exit)
    data = tempfile.mkdtemp(prefix="wingbeat-load-")
    atexit.register(shutil.rmtree, data, True)
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              env={**os.environ, "PYTHONUNBUFFERED": "1",
                                   "XDG_DATA_HOME": data})
    deadline = time.monotonic() + 30
    while True:
        try:
            conn = http.client.HTTPConnection(HOST, port, timeout=2)
            if get(conn, "/api/scenarios")[0] == 200:
                return server, port
        except OSError:
            pass
        if time.monotonic() > deadline or server.poll() is not None:
            server.kill()
            raise SystemExit("the server did not start")
        time.sleep(0.2)


def stop_server(server: subprocess.Popen[bytes]) -> None:
    server.terminate()
    try:
        server.wait(10)
    except subprocess.TimeoutExpired:
        server.kill()


def table(timings: dict[str, list[float]]) -> None:
    every = [t for values in timings.values() for t in values]
    print(f"{'endpoint':<18}{'count':>7}{'p50 ms':>9}{'p99 ms':>9}")
    for path, values in sorted(timings.items()):
        print(f"{path:<18}{len(values):>7}{statistics.median(values) * 1000:>9.1f}"
              f"{percentile(values, 0.99) * 1000:>9.1f}")
    print(f"{'all':<18}{len(every):>7}{statistics.median(every) * 1000:>9.1f}"
          f"{percentile(every, 0.99) * 1000:>9.1f}")


def run_hostile(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as folder:
        Path(folder, "hostile.yaml").write_text(hostile_scenario(), encoding="utf-8")
        server, port = start_server(args, Path(folder))
        try:
            before = memory_kb(server.pid)
            requests = cheap_plan(port)
            timings: dict[str, list[float]] = {}
            errors: list[str] = []
            outcomes: list[tuple[int, float]] = []
            lock = threading.Lock()
            until = time.monotonic() + args.seconds + 1
            heavy = [threading.Thread(target=hostile, daemon=True,
                                      args=(port, until, n, args.hostile, outcomes, lock))
                     for n in range(args.hostile)]
            for t in heavy:
                t.start()
            time.sleep(1)  # the huge questions are under way before the first cheap one
            began = time.monotonic()
            threads = [threading.Thread(target=client, daemon=True,
                                        args=(port, requests, until, n, timings, errors, lock))
                       for n in range(args.clients)]
            peak_workers = 0
            for t in threads:
                t.start()
            while any(t.is_alive() for t in threads):
                peak_workers = max(peak_workers, workers_peak_kb(server.pid))
                time.sleep(0.5)
            elapsed = time.monotonic() - began
            after = memory_kb(server.pid)
            for t in heavy:
                t.join(args.time_limit + 60)
        finally:
            stop_server(server)
    every = [t for values in timings.values() for t in values]
    print(f"wingbeat serve on {HOST}:{port} (--time-limit {args.time_limit:g}), "
          f"{args.hostile} hostile and {args.clients} cheap clients for {elapsed:.1f} s")
    print(f"cheap requests: {len(every)}, {len(every) / elapsed:.1f}/s; errors: {len(errors)}")
    table(timings)
    counted = {s: sum(1 for o in outcomes if o[0] == s) for s in sorted({s for s, _ in outcomes})}
    print(f"hostile reaches: {len(outcomes)}, statuses {counted}, seconds each: "
          + ", ".join(f"{t:.1f}" for _, t in outcomes))
    print(f"server memory: RSS {before['VmRSS'] / 1024:.0f} MB before, "
          f"{after['VmRSS'] / 1024:.0f} MB after (peak {after['VmHWM'] / 1024:.0f} MB); "
          f"largest worker peak seen {peak_workers / 1024:.0f} MB")
    for line in errors[:5]:
        print("error:", line)


# -- issue 23: a cheap request alone, with slow and heavy clients, and in a mix -----------------

CHEAP = ("/api/scenario", {"scenario": "example:giant-bat"})
SLOW_SOURCE = "127.0.0.2"  # the slow clients' address: the cheap client is another one
SLOW_EVERY = 5.0  # seconds between a slow client's header lines (the issue's)
PLAY_MAP = """ruleset: dnd5e
map: {grid: square, columns: 702, rows: 1424, top: 20}
creatures:
  - {id: harpy, size: medium, speed: {walk: 20, fly: 40}, at: ZA700, altitude: 2, side: monsters}
  - {id: fighter, size: medium, speed: {walk: 30}, at: ZC702, side: party}
"""


def cheap_timings(port: int, until: float) -> list[float]:
    """The cheap request, one after another on one keep-alive connection, until ``until``."""
    conn = http.client.HTTPConnection(HOST, port, timeout=60)
    took: list[float] = []
    while time.monotonic() < until:
        began = time.perf_counter()
        try:
            status, _body = get(conn, CHEAP[0], **CHEAP[1])
        except (OSError, http.client.HTTPException):
            conn.close()
            conn = http.client.HTTPConnection(HOST, port, timeout=60)
            status = 0
        if status == 200:
            took.append(time.perf_counter() - began)
    conn.close()
    return took


def summary_line(name: str, took: list[float]) -> str:
    if not took:
        return f"{name:<34}{0:>7}"
    return (f"{name:<34}{len(took):>7}{statistics.median(took) * 1000:>9.1f}"
            f"{percentile(took, 0.99) * 1000:>9.1f}")


def slow_clients(port: int, count: int, until: float, held: list[int]) -> None:
    """``count`` slowloris connections from ``SLOW_SOURCE``: a request line, then a header line
    every ``SLOW_EVERY`` s, never the end of the headers. ``held``: how many are open at the end
    (the server has not closed them)."""
    conns: list[socket.socket] = []
    for _ in range(count):
        try:
            conn = socket.create_connection((HOST, port), timeout=10,
                                            source_address=(SLOW_SOURCE, 0))
            conn.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            conns.append(conn)
        except OSError:
            continue
    n = 0
    while time.monotonic() < until:
        time.sleep(min(SLOW_EVERY, max(0.0, until - time.monotonic())))
        n += 1
        for conn in conns:
            with contextlib.suppress(OSError):
                conn.sendall(f"X-Slow-{n}: 1\r\n".encode())
    open_ = 0
    for conn in conns:  # one the server answered or closed is readable
        readable, _, _ = select.select([conn], [], [], 0)
        open_ += not readable
        conn.close()
    held.append(open_)


def heavy_player(port: int, until: float, outcomes: list[tuple[str, int, float]],
                 lock: threading.Lock) -> None:
    """Play on a 702 × 1424 dnd5e map until ``until``: a new encounter, then the next round."""
    conn = http.client.HTTPConnection(HOST, port, timeout=600)
    headers = {"Content-Type": "application/json", "Host": f"{HOST}:{port}"}

    def post(what: str, path: str, body: dict[str, Any]) -> bytes:
        nonlocal conn
        began = time.perf_counter()
        answer = b""
        try:
            conn.request("POST", path, json.dumps(body), headers)
            response = conn.getresponse()
            answer, status = response.read(), response.status
        except (OSError, http.client.HTTPException):
            conn.close()
            conn = http.client.HTTPConnection(HOST, port, timeout=600)
            status = 0
        with lock:
            outcomes.append((what, status, time.perf_counter() - began))
        return answer if status == 200 else b""

    while time.monotonic() < until:
        made = post("new", "/api/play/encounters", {"text": PLAY_MAP, "seed": 1})
        if not made:
            break
        ref = json.loads(made)["encounter"]["id"]
        if time.monotonic() < until:
            post("next-round", f"/api/play/encounters/{ref}/next-round", {})
    conn.close()


def mix_process(port: int, requests: list[tuple[str, dict[str, str]]], seconds: float,
                clients: list[int], out: Any) -> None:
    """One client process: ``clients`` threads (their offsets) for ``seconds``; its timings
    and errors to ``out``."""
    timings: dict[str, list[float]] = {}
    errors: list[str] = []
    lock = threading.Lock()
    until = time.monotonic() + seconds
    threads = [threading.Thread(target=client, daemon=True,
                                args=(port, requests, until, n * 3, timings, errors, lock))
               for n in clients]
    for t in threads:
        t.start()
    for t in threads:
        t.join(seconds + 120)
    out.put((timings, errors))


def run_mix(port: int, clients: int, processes: int, seconds: float
            ) -> tuple[dict[str, list[float]], list[str], float]:
    requests = plan(port)
    context = multiprocessing.get_context("fork")
    out = context.Queue()
    groups = [list(range(clients))[p::processes] for p in range(max(1, processes))]
    began = time.monotonic()
    workers = [context.Process(target=mix_process, args=(port, requests, seconds, group, out))
               for group in groups if group]
    for w in workers:
        w.start()
    timings: dict[str, list[float]] = {}
    errors: list[str] = []
    for _ in workers:
        got, errs = out.get(timeout=seconds + 300)
        for path, values in got.items():
            timings.setdefault(path, []).extend(values)
        errors += errs
    for w in workers:
        w.join(30)
    return timings, errors, time.monotonic() - began


def raise_open_files(needed: int) -> None:
    """The soft limit on open files raised to ``needed`` (if the hard one allows): the slow
    clients hold a thousand sockets, and the server started from here inherits it."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < needed:
        limit = needed if hard == resource.RLIM_INFINITY else min(needed, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (limit, hard))


def run_issue(args: argparse.Namespace) -> None:
    raise_open_files(args.half_open + 512)
    print(f"load average {os.getloadavg()[0]:.2f}, {os.cpu_count()} cores")
    server, port = start_server(args, None)
    results: list[str] = []
    try:
        before = memory_kb(server.pid)
        cheap_timings(port, time.monotonic() + 1)  # kept, and the connection warm
        results.append(summary_line("1. alone", cheap_timings(port, time.monotonic()
                                                             + args.seconds)))

        held: list[int] = []
        outcomes: list[tuple[str, int, float]] = []
        lock = threading.Lock()
        until = time.monotonic() + args.seconds + 5
        slow = threading.Thread(target=slow_clients, daemon=True,
                                args=(port, args.half_open, until, held))
        slow.start()
        heavy = [threading.Thread(target=heavy_player, daemon=True,
                                  args=(port, until, outcomes, lock))
                 for _ in range(args.heavy)]
        for t in heavy:
            t.start()
        time.sleep(5)  # the slow connections are open and the play under way
        took = cheap_timings(port, until)
        peak_workers = workers_peak_kb(server.pid)
        slow.join(SLOW_EVERY + 60)
        for t in heavy:
            t.join(args.time_limit + 120)
        during = memory_kb(server.pid)
        results.append(summary_line(f"2. {args.half_open} slow + {args.heavy} play", took))

        timings, errors, elapsed = run_mix(port, args.clients, args.processes, args.seconds)
        every = [t for values in timings.values() for t in values]
        results.append(summary_line(f"3. mix, {args.clients} clients", every))
        after = memory_kb(server.pid)
    finally:
        stop_server(server)
    print(f"{'scenario':<34}{'count':>7}{'p50 ms':>9}{'p99 ms':>9}")
    for line in results:
        print(line)
    print(f"2: slow connections still open at the end: {held[0] if held else '?'} of "
          f"{args.half_open}; play requests: "
          + ", ".join(f"{w} {s} {t:.1f}s" for w, s, t in outcomes))
    print(f"3: {len(every)} requests, {len(every) / elapsed:.1f}/s, errors {len(errors)}; "
          f"per endpoint:")
    table(timings)
    print(f"server memory: RSS {before['VmRSS'] / 1024:.0f} MB at start, "
          f"{during['VmRSS'] / 1024:.0f} MB after the play, {after['VmRSS'] / 1024:.0f} MB at "
          f"the end (peak {after['VmHWM'] / 1024:.0f} MB); largest worker peak seen "
          f"{peak_workers / 1024:.0f} MB; load average {os.getloadavg()[0]:.2f}")
    for line in errors[:5]:
        print("error:", line)


# -- issue 27: a shared table (two players' movers, ten screens following live) -----------------

TABLE_SCENARIO = "example:harpy"
#: Each creature's two cells, moved between round after round (legal on the harpy's yard).
TABLE_CELLS = {"harpy": ("B2", "B3"), "fighter": ("D4", "D5"), "scout": ("A1", "A2")}
BOARD_CHANGED = "board-changed"
#: Streams one key may hold (web/live.py PER_KEY): the screens are spread over the keys.
PER_KEY = 8
CATCH_UP_SECONDS = 30.0  # after the run, how long the screens may take to show the last change


def entries_of(version: str) -> int:
    """The log's length a version names (``<entries>-<checksum>``): they only grow here (no
    undo), so a screen showing a later version shows every earlier change too."""
    return int(version.split("-", 1)[0])


@dataclass
class Tally:
    """What one run of ``--table`` counted, shared by its threads (under ``lock``)."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    #: (entry number, action, request sent at) of each write answered 200
    writes: list[tuple[int, dict[str, Any], float]] = field(default_factory=list)
    refused_changed: int = 0  # 409 "the board changed"
    statuses: dict[str, int] = field(default_factory=dict)  # any other answer, "who status"
    throttled: dict[str, int] = field(default_factory=dict)  # 429s, by who was throttled
    reconnects: int = 0
    newest: int = 0  # the newest log length any screen has shown: the movers wait on it
    seen: threading.Condition = field(default_factory=threading.Condition)
    stopped: threading.Event = field(default_factory=threading.Event)  # the screens go away
    ended: set[int] = field(default_factory=set)  # rounds the game master was asked to end
    pace: float = 0.0  # seconds a mover waits after each move played (0: as fast as it can)
    page_reads: bool = False  # the screens read the map and the log too, as the page does

    def wait_past(self, seen: int) -> None:
        """Until a screen shows a log longer than ``seen`` (at most a second)."""
        with self.seen:
            self.seen.wait_for(lambda: self.newest > seen, timeout=1)

    def count(self, table: dict[str, int], name: str) -> None:
        with self.lock:
            table[name] = table.get(name, 0) + 1


class Seat:
    """One keep-alive connection to the shared server with one seat's key."""

    IDLE = 4.0  # uvicorn closes a connection idle for 5 s: a fresh one past this

    def __init__(self, port: int, key: str) -> None:
        self.port = port
        self.headers = {"Authorization": f"Bearer {key}", "Content-Type": "application/json"}
        self.conn = http.client.HTTPConnection(HOST, port, timeout=60)
        self.used = time.monotonic()

    def ask(self, method: str, path: str, body: dict[str, Any] | None = None
            ) -> tuple[int, Any, str]:
        """The status, the JSON answer and ``Retry-After``; status 0 if the connection broke
        (never asked again: a write might have been made)."""
        if time.monotonic() - self.used > self.IDLE:
            self.conn.close()
            self.conn = http.client.HTTPConnection(HOST, self.port, timeout=60)
        try:
            self.conn.request(method, path, None if body is None else json.dumps(body),
                              self.headers)
            response = self.conn.getresponse()
            raw = response.read()
            kind = response.getheader("Content-Type", "")
            answer = json.loads(raw or b"null") if kind.startswith("application/json") else raw
            return response.status, answer, response.getheader("Retry-After", "1")
        except (OSError, http.client.HTTPException, ValueError):
            self.conn.close()
            self.conn = http.client.HTTPConnection(HOST, self.port, timeout=60)
            return 0, None, "1"
        finally:
            self.used = time.monotonic()


def screen(port: int, seat_name: str, key: str, ref: int, tally: Tally,
           shown: list[tuple[float, int]], ready: threading.Barrier) -> None:
    """A player's screen: follows the encounter's events and, on an event newer than what it
    shows, refetches the encounter as the page does (a burst is one refetch); ``shown`` gets
    (time, log length) each time its screen changes. Comes back with ``Last-Event-ID``."""
    seat = Seat(port, key)
    last_id = ""
    showing = 0
    first = True
    while not tally.stopped.is_set():
        headers = {"Authorization": seat.headers["Authorization"], "Accept": "text/event-stream"}
        if last_id:
            headers["Last-Event-ID"] = last_id
        conn = http.client.HTTPConnection(HOST, port, timeout=45)  # the server comments each 15 s
        try:
            conn.request("GET", f"/api/play/encounters/{ref}/events", headers=headers)
            stream = conn.getresponse()
            if stream.status != 200:
                tally.count(tally.throttled if stream.status == 429 else tally.statuses,
                            f"{seat_name} screen's events {stream.status}")
                stream.read()
                time.sleep(1)
                continue
            while line := stream.readline():
                text = line.decode().rstrip("\r\n")
                if text.startswith("id:"):
                    last_id = text[3:].strip()
                if not text.startswith("data:"):
                    continue
                version = json.loads(text[5:]).get("version") or ""
                if version and entries_of(version) > showing:
                    showing = refetched(seat, seat_name, ref, tally, shown, showing)
                if first:  # on the screen and following: the movers may start
                    first = False
                    ready.wait()
        except (OSError, http.client.HTTPException, ValueError, threading.BrokenBarrierError):
            pass
        finally:
            conn.close()
        if not tally.stopped.is_set():
            with tally.lock:
                tally.reconnects += 1


def refetched(seat: Seat, seat_name: str, ref: int, tally: Tally,
              shown: list[tuple[float, int]], showing: int) -> int:
    """The encounter asked again until it answers (past a 429, after its ``Retry-After``), and
    with ``tally.page_reads`` its map and log too, as play.js's ``render``; the log length now
    on the screen."""
    answer = answered(seat, seat_name, f"/api/play/encounters/{ref}", "show", tally)
    if answer is None:
        return showing
    now = entries_of(answer["version"])
    if now > showing and tally.page_reads:
        for read in (f"map.svg?v={now}", "log"):
            answered(seat, seat_name, f"/api/play/encounters/{ref}/{read}",
                     read.split("?")[0], tally, tries=100)
    if now > showing:
        shown.append((time.perf_counter(), now))
        with tally.seen:
            tally.newest = max(tally.newest, now)
            tally.seen.notify_all()
    return max(now, showing)


def answered(seat: Seat, seat_name: str, path: str, what: str, tally: Tally,
             tries: int | None = None) -> Any:
    """GET ``path`` until it answers 200 (past a 429, after its wait; ``tries`` at most): the
    answer, or None when the run stopped or the tries ran out."""
    asked = 0
    while not tally.stopped.is_set() and (tries is None or asked < tries):
        asked += 1
        status, answer, wait = seat.ask("GET", path)
        if status == 200:
            return answer
        if status == 429:
            tally.count(tally.throttled, f"{seat_name} screen's {what}")
            time.sleep(float(wait))
        else:
            tally.count(tally.statuses, f"{seat_name} screen's {what} {status}")
            time.sleep(0.1)
    return None


def mover(port: int, key: str, gm_key: str, side: str, ref: int, until: float,
          tally: Tally, at_least: int) -> None:
    """A side's player: declares each of its creatures' moves (to the other of its two cells)
    on the version it saw, until ``until``; a 409 "the board changed" means look again. The move
    that completes a round is followed by the game master's next-round (the GM's key), so the
    log keeps growing; with nothing left to move, it waits for a screen to show a change.
    Past ``until`` it goes on until ``at_least`` writes were answered 200 (a test's run)."""
    seat, gm = Seat(port, key), Seat(port, gm_key)
    while ((time.monotonic() < until or len(tally.writes) < at_least)
           and not tally.stopped.is_set()):
        status, state, wait = seat.ask("GET", f"/api/play/encounters/{ref}")
        if status != 200:
            tally.count(tally.throttled if status == 429 else tally.statuses,
                        f"{side} mover's show" + ("" if status == 429 else f" {status}"))
            time.sleep(float(wait) if status == 429 else 0.1)
            continue
        board, seen = state["state"], entries_of(state["version"])
        mine = [c for c, s in state["board"]["sides"].items()
                if s == side and c not in board["moved"]]
        if not mine and set(board["moved"]) >= set(board["order"]):
            next_round(gm, ref, tally, board["round"])  # unless it was asked already
        elif not mine:  # wait for the others (a change on a screen), then look again
            tally.wait_past(seen)
        else:
            declare(seat, gm, side, mine[0], state, ref, tally)


def declare(seat: Seat, gm: Seat, side: str, creature: str, state: dict[str, Any], ref: int,
            tally: Tally) -> None:
    """``creature``'s move to the other of its cells, on the version ``state`` shows."""
    here, there = TABLE_CELLS[creature]
    goal = there if state["state"]["pieces"][creature]["at"] == here else here
    sent = time.perf_counter()
    status, answer, wait = seat.ask("POST", f"/api/play/encounters/{ref}/moves",
                                    {"creature": creature, "moves": goal,
                                     "after": state["version"]})
    if status == 200:
        entry = answer["entry"]
        with tally.lock:
            tally.writes.append((entry["entry"], entry["action"], sent))
        done = answer["state"]
        if set(done["moved"]) >= set(done["order"]):  # the round is over: the GM's word
            next_round(gm, ref, tally, done["round"])
        time.sleep(tally.pace)
    elif status == 409 and (answer or {}).get("error", {}).get("rule") == BOARD_CHANGED:
        with tally.lock:
            tally.refused_changed += 1
    elif status == 429:
        tally.count(tally.throttled, f"{side} move")
        time.sleep(float(wait))
    else:
        tally.count(tally.statuses, f"{side} move {status}")


def next_round(gm: Seat, ref: int, tally: Tally, ending: int) -> None:
    """The game master ends round ``ending`` (again after a 429), once: the other mover may
    see the same finished round (``tally.ended``), and a next-round is not checked against a
    version (it would start a round no one moved in)."""
    with tally.lock:
        if ending in tally.ended:
            return
        tally.ended.add(ending)
    for _ in range(100):
        sent = time.perf_counter()
        status, answer, wait = gm.ask("POST", f"/api/play/encounters/{ref}/next-round", {})
        if status == 200:
            with tally.lock:
                tally.writes.append((answer["entry"]["entry"], answer["entry"]["action"], sent))
            return
        if status == 429:
            tally.count(tally.throttled, "gm next-round")
            time.sleep(float(wait))
        else:
            tally.count(tally.statuses, f"gm next-round {status}")
            break
    with tally.lock:  # not played: a mover that sees the round still finished asks again
        tally.ended.discard(ending)


@dataclass(frozen=True)
class TableResult:
    """What ``--table`` found: the counts, the log against the writes, the times per change."""

    seconds: float
    moves: int  # declared and played (200)
    rounds: int  # next-rounds played (200)
    refused_changed: int
    statuses: dict[str, int]
    throttled: dict[str, int]
    reconnects: int
    log_entries: int  # the log's length at the end
    writes_ok: int  # the start, and every write answered 200
    log_matches: bool  # the log's entries are exactly the writes answered 200, once each
    times: list[float]  # per change: its request to its version on every screen, s
    unseen: int  # changes some screen never showed
    memory_before: dict[str, int]
    memory_after: dict[str, int]
    spread: dict[str, int]  # screens per key


def start_shared(directory: Path) -> tuple[subprocess.Popen[bytes], int, dict[str, Any], Path]:
    """``wingbeat serve --share --json`` on the loopback and a free port (data and cache in
    ``directory``); the server, its port, its links and its stderr's file."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "XDG_DATA_HOME": str(directory / "data"),
           "WINGBEAT_CACHE_DIR": str(directory / "cache")}
    log = directory / "serve.log"
    with log.open("wb") as errors:
        server = subprocess.Popen(
            [sys.executable, "-m", "wingbeat", "serve", TABLE_SCENARIO, "--share", "--json",
             "--host", HOST, "--port", "0"],
            stdout=subprocess.PIPE, stderr=errors, env=env)
    assert server.stdout is not None
    ready, _, _ = select.select([server.stdout], [], [], 60)
    line = server.stdout.readline() if ready else b""
    if not line:
        server.kill()
        raise SystemExit("the shared server did not start: " + log.read_text()[-500:])
    links = json.loads(line)
    port = int(links["url"].rsplit(":", 1)[1].strip("/"))
    gm = links["gm"].split("#key=")[1]
    deadline = time.monotonic() + 30
    while Seat(port, gm).ask("GET", "/api/scenarios")[0] != 200:
        if time.monotonic() > deadline or server.poll() is not None:
            server.kill()
            raise SystemExit("the shared server did not answer: " + log.read_text()[-500:])
        time.sleep(0.2)
    return server, port, links, log


def run_table(seconds: float, viewers: int, at_least: int = 0, pace: float = 0.0,
              page_reads: bool = False) -> TableResult:
    """One shared table: the GM starts the harpy, two movers and ``viewers`` screens for
    ``seconds`` (and ``at_least`` writes); then the log is checked against the writes and the
    times are measured."""
    with tempfile.TemporaryDirectory(prefix="wingbeat-table-") as folder:
        server, port, links, _log = start_shared(Path(folder))
        tally = Tally(pace=pace, page_reads=page_reads)
        try:
            return table_run(server, port, links, seconds, viewers, tally, at_least)
        finally:
            tally.stopped.set()
            stop_server(server)


def table_run(server: subprocess.Popen[bytes], port: int, links: dict[str, Any],
              seconds: float, viewers: int, tally: Tally, at_least: int) -> TableResult:
    """``run_table``'s table on a server already answering, its links ``links``."""
    before = memory_kb(server.pid)  # started, no encounter yet
    keys = {"gm": links["gm"].split("#key=")[1],
            **{side: url.split("#key=")[1] for side, url in links["players"].items()}}
    seats = list(keys)  # the screens go round the seats: gm, then each side
    if viewers > PER_KEY * len(seats):
        raise SystemExit(f"at most {PER_KEY * len(seats)} screens: {PER_KEY} per key")
    gm = Seat(port, keys["gm"])
    status, made, _ = gm.ask("POST", "/api/play/encounters",
                             {"scenario": TABLE_SCENARIO, "seed": 1})
    if status != 200:
        raise SystemExit(f"the game master could not start the encounter: {status} {made}")
    ref = made["encounter"]["id"]
    shown: list[list[tuple[float, int]]] = [[] for _ in range(viewers)]
    ready = threading.Barrier(viewers + 1)
    for n in range(viewers):
        threading.Thread(target=screen, daemon=True, name=f"screen-{n}",
                         args=(port, seats[n % len(seats)], keys[seats[n % len(seats)]], ref,
                               tally, shown[n], ready)).start()
    try:
        ready.wait(60)
    except threading.BrokenBarrierError:
        raise SystemExit("the screens did not all start following the encounter") from None
    began = time.monotonic()
    until = began + seconds
    movers = [threading.Thread(target=mover, daemon=True, name=f"mover-{side}",
                               args=(port, keys[side], keys["gm"], side, ref, until, tally,
                                     at_least))
              for side in links["players"]]
    for t in movers:
        t.start()
    for t in movers:
        t.join(seconds + 120)  # a stuck mover (a server gone) is left: the result says so
    elapsed = time.monotonic() - began
    with tally.lock:
        writes = sorted(tally.writes, key=lambda w: w[0])
    last = 1 + len(writes)  # the start is the log's first entry
    wait_until = time.monotonic() + CATCH_UP_SECONDS
    while (any(not s or s[-1][1] < last for s in shown) and time.monotonic() < wait_until):
        time.sleep(0.05)
    after = memory_kb(server.pid)
    status, log, _ = gm.ask("GET", f"/api/play/encounters/{ref}/log")
    if status != 200:
        raise SystemExit(f"the game master could not read the log: {status}")
    entries = log["entries"]
    actions = [(e["entry"], e["action"]) for e in entries[1:]]
    times: list[float] = []
    unseen = 0
    for number, _action, sent in writes:
        firsts = [next((t for t, n in screen_ if n > number), None) for screen_ in shown]
        if any(t is None for t in firsts):
            unseen += 1
        else:
            times.append(max(t for t in firsts if t is not None) - sent)
    return TableResult(
        seconds=elapsed, moves=sum(a["kind"] == "move" for _, a, _ in writes),
        rounds=sum(a["kind"] == "next-round" for _, a, _ in writes),
        refused_changed=tally.refused_changed, statuses=dict(tally.statuses),
        throttled=dict(tally.throttled), reconnects=tally.reconnects, log_entries=len(entries),
        writes_ok=last, log_matches=actions == [(n, a) for n, a, _ in writes],
        times=times, unseen=unseen, memory_before=before, memory_after=after,
        spread={seat: len(range(n, viewers, len(seats)))
                for n, seat in enumerate(seats)})


def print_table(result: TableResult, pace: float, page_reads: bool) -> None:
    """The figures of ``--table``; exits 1, loudly, on a lost or doubled move."""
    spread = ", ".join(f"{seat} {n}" for seat, n in result.spread.items())
    print(f"load average {os.getloadavg()[0]:.2f}, {os.cpu_count()} cores; {TABLE_SCENARIO} "
          f"shared, 2 movers (pace {pace:g} s) and {sum(result.spread.values())} screens "
          f"({spread}; each reads {'show, map and log' if page_reads else 'show'} per change) "
          f"for {result.seconds:.1f} s")
    print(f"moves declared and played (200): {result.moves}; next rounds (GM): {result.rounds}; "
          f"refused, the board changed (409): {result.refused_changed}")
    print(f"other answers: {result.statuses or 'none'}; throttled (429) by who: "
          f"{result.throttled or 'none'}; screens reconnected: {result.reconnects}")
    print(f"log: {result.log_entries} entries; writes answered 200: {result.writes_ok} "
          f"(the start included)")
    if result.times:
        print(f"per change, its request to its version on every screen ({len(result.times)}): "
              f"p50 {percentile(result.times, 0.5) * 1000:.0f} ms, "
              f"p99 {percentile(result.times, 0.99) * 1000:.0f} ms, "
              f"worst {max(result.times) * 1000:.0f} ms")
    before, after = result.memory_before, result.memory_after
    print(f"server memory: RSS {before['VmRSS'] / 1024:.0f} MB before, "
          f"{after['VmRSS'] / 1024:.0f} MB after (peak {after['VmHWM'] / 1024:.0f} MB)")
    if result.unseen:
        raise SystemExit(f"FAILED: {result.unseen} changes never showed on every screen")
    if result.log_entries != result.writes_ok or not result.log_matches:
        raise SystemExit("FAILED: the log is not the writes answered 200, once each: "
                         f"{result.log_entries} entries for {result.writes_ok} writes "
                         "(a lost or doubled move)")
    print("no lost and no doubled move: the log is the writes answered 200, once each")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=None,
                        help="clients of the mix (default 20; 8 with --mix or --hostile)")
    parser.add_argument("--seconds", type=float, default=None,
                        help="how long each part runs (default 20; 60 with --table)")
    parser.add_argument("--mix", action="store_true",
                        help="only the mix of the examples' requests, in threads of this process")
    parser.add_argument("--half-open", type=int, default=1000,
                        help="slow connections of scenario 2")
    parser.add_argument("--heavy", type=int, default=2, help="play threads of scenario 2")
    parser.add_argument("--processes", type=int, default=4,
                        help="client processes of scenario 3's mix")
    parser.add_argument("--hostile", type=int, default=0,
                        help="threads asking huge questions meanwhile (see the module's text)")
    parser.add_argument("--time-limit", type=float, default=None,
                        help="serve --time-limit (default: 10 with --hostile, else 60)")
    parser.add_argument("--table", action="store_true",
                        help="a shared table: two movers and --viewers screens following live")
    parser.add_argument("--viewers", type=int, default=10,
                        help=f"screens of --table (at most {PER_KEY} per key: {3 * PER_KEY})")
    parser.add_argument("--pace", type=float, default=0.0,
                        help="--table: seconds a mover waits after each move (default 0)")
    parser.add_argument("--page-reads", action="store_true",
                        help="--table: each screen reads the map and the log too, as the page")
    args = parser.parse_args()
    if args.seconds is None:
        args.seconds = 60.0 if args.table else 20.0
    if args.table:
        print_table(run_table(args.seconds, args.viewers, pace=args.pace,
                              page_reads=args.page_reads), args.pace, args.page_reads)
        return
    if args.time_limit is None:
        args.time_limit = 10.0 if args.hostile else 60.0
    if args.clients is None:
        args.clients = 8 if args.mix or args.hostile else 20
    if args.hostile:
        run_hostile(args)
        return
    if not args.mix:
        run_issue(args)
        return
    server, port = start_server(args, None)
    try:
        before = memory_kb(server.pid)
        requests = plan(port)
        timings: dict[str, list[float]] = {}
        errors: list[str] = []
        lock = threading.Lock()
        began = time.monotonic()
        until = began + args.seconds
        threads = [threading.Thread(target=client, daemon=True,
                                    args=(port, requests, until, n * 3, timings, errors, lock))
                   for n in range(args.clients)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(args.seconds + 120)
        elapsed = time.monotonic() - began
        after = memory_kb(server.pid)
    finally:
        stop_server(server)
    every = [t for values in timings.values() for t in values]
    print(f"wingbeat serve on {HOST}:{port}, {args.clients} clients for {elapsed:.1f} s over "
          f"{', '.join(EXAMPLES)} ({len(requests)} distinct requests)")
    print(f"requests: {len(every)}, {len(every) / elapsed:.1f}/s; errors: {len(errors)}")
    table(timings)
    print(f"server memory: RSS {before['VmRSS'] / 1024:.0f} MB before, "
          f"{after['VmRSS'] / 1024:.0f} MB after (peak {after['VmHWM'] / 1024:.0f} MB)")
    for line in errors[:5]:
        print("error:", line)


if __name__ == "__main__":
    main()
