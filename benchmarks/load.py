"""Load test: concurrent clients on a local ``wingbeat serve``, over the built-in examples.

    python benchmarks/load.py [--clients 8] [--seconds 20]
    python benchmarks/load.py --hostile 2 [--clients 8] [--seconds 20] [--time-limit 10]

Starts ``wingbeat serve`` on 127.0.0.1 with a free port (a subprocess, stopped at the end), then
runs ``--clients`` threads for ``--seconds``, each cycling through the examples' API requests:
``/api/scenario``, ``/api/reach`` for each creature, ``/api/path`` to a cell its reach found,
``/api/check`` of that path, ``/api/engagement`` and ``/api/render``. Prints requests per second,
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
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
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
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              env={**os.environ, "PYTHONUNBUFFERED": "1"})
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--hostile", type=int, default=0,
                        help="threads asking huge questions meanwhile (see the module's text)")
    parser.add_argument("--time-limit", type=float, default=None,
                        help="serve --time-limit (default: 10 with --hostile, else 60)")
    args = parser.parse_args()
    if args.time_limit is None:
        args.time_limit = 10.0 if args.hostile else 60.0
    if args.hostile:
        run_hostile(args)
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
