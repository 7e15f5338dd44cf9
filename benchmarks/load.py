"""Load test: concurrent clients on a local ``wingbeat serve``, over the built-in examples.

    python benchmarks/load.py [--clients 8] [--seconds 20]

Starts ``wingbeat serve`` on 127.0.0.1 with a free port (a subprocess, stopped at the end), then
runs ``--clients`` threads for ``--seconds``, each cycling through the examples' API requests:
``/api/scenario``, ``/api/reach`` for each creature, ``/api/path`` to a cell its reach found,
``/api/check`` of that path, ``/api/engagement`` and ``/api/render``. Prints requests per second,
p50 and p99 latency per endpoint, errors (any status but 200), and the server's resident memory
(VmRSS, and its peak VmHWM, from /proc) before and after. It only ever talks to 127.0.0.1.
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args()
    port = free_port()
    command = [sys.executable, "-m", "wingbeat", "serve", "--host", HOST, "--port", str(port)]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                conn = http.client.HTTPConnection(HOST, port, timeout=2)
                if get(conn, "/api/scenarios")[0] == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline or server.poll() is not None:
                raise SystemExit("the server did not start")
            time.sleep(0.2)
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
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
    every = [t for values in timings.values() for t in values]
    print(f"wingbeat serve on {HOST}:{port}, {args.clients} clients for {elapsed:.1f} s over "
          f"{', '.join(EXAMPLES)} ({len(requests)} distinct requests)")
    print(f"requests: {len(every)}, {len(every) / elapsed:.1f}/s; errors: {len(errors)}")
    print(f"{'endpoint':<18}{'count':>7}{'p50 ms':>9}{'p99 ms':>9}")
    for path, values in sorted(timings.items()):
        print(f"{path:<18}{len(values):>7}{statistics.median(values) * 1000:>9.1f}"
              f"{percentile(values, 0.99) * 1000:>9.1f}")
    print(f"{'all':<18}{len(every):>7}{statistics.median(every) * 1000:>9.1f}"
          f"{percentile(every, 0.99) * 1000:>9.1f}")
    print(f"server memory: RSS {before['VmRSS'] / 1024:.0f} MB before, "
          f"{after['VmRSS'] / 1024:.0f} MB after (peak {after['VmHWM'] / 1024:.0f} MB)")
    for line in errors[:5]:
        print("error:", line)


if __name__ == "__main__":
    main()
