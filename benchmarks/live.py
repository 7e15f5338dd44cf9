"""How soon every screen hears a change (issue 27: "within one second").

    python benchmarks/live.py [--screens 30] [--moves 20]

Serves the play app (uvicorn in a thread, 127.0.0.1, a database in a temporary folder) with
``--screens`` streams following one encounter, then makes ``--moves`` changes, alternately
through the web API (a move, then its undo) and straight into the database as ``wingbeat play
move`` would (found by the server's poll). For each change it times, from just before the
write, until every screen has heard the version it brought; it prints p50, p99 and the worst,
for each way of writing (the first move, which starts a worker, is not timed).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import socket
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def _screen(base: str, ref: int, heard: dict[str, list[float]], ready: asyncio.Event,
                  count: list[int], screens: int) -> None:
    async with httpx.AsyncClient(base_url=base, timeout=None) as client, \
            client.stream("GET", f"/api/play/encounters/{ref}/events") as response:
        async for line in response.aiter_lines():
            if not line.startswith("data:"):
                continue
            event = json.loads(line[5:])
            if event["kind"] == "ready":
                count[0] += 1
                if count[0] == screens:
                    ready.set()
            elif event.get("version"):
                heard.setdefault(event["version"], []).append(time.perf_counter())


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def _run(screens: int, moves: int) -> None:
    import uvicorn

    from wingbeat.examples import example_text
    from wingbeat.play.store import EncounterStore
    from wingbeat.web.play import create_play_app

    db = Path(tempfile.mkdtemp()) / "live.sqlite3"
    with EncounterStore(db) as store:
        info, _ = store.create(example_text("giant-bat"), source="example:giant-bat", seed=4,
                               order=["bat", "chamois"])
    port = _free_port()
    server = uvicorn.Server(uvicorn.Config(create_play_app(db), host="127.0.0.1", port=port,
                                           log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        await asyncio.sleep(0.02)
    base = f"http://127.0.0.1:{port}"
    heard: dict[str, list[float]] = {}
    ready = asyncio.Event()
    count = [0]
    tasks = [asyncio.create_task(_screen(base, info.id, heard, ready, count, screens))
             for _ in range(screens)]
    await asyncio.wait_for(ready.wait(), 60)
    times: dict[str, list[float]] = {"web API": [], "database (poll)": []}
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        # not timed: the first move starts a worker process and parses the scenario
        await client.post(f"/api/play/encounters/{info.id}/moves",
                          json={"creature": "chamois", "moves": ""})
        await client.post(f"/api/play/encounters/{info.id}/undo", json={})
        for n in range(moves):
            # a version names the log's content: the same move again after its undo (within
            # the same second) is the same version, so each change is counted afresh
            while len(heard) and any(len(v) < screens for v in heard.values()):
                await asyncio.sleep(0.005)  # the last change's stragglers
            heard.clear()
            started = time.perf_counter()
            if n % 2 == 0:
                way = "web API"
                answer = await client.post(f"/api/play/encounters/{info.id}/moves",
                                           json={"creature": "chamois", "moves": ""})
                version = answer.json()["version"]
            else:
                way = "database (poll)"
                with EncounterStore(db) as store:
                    await asyncio.to_thread(store.undo, info.id)
                    version = str(store.last_version)
            while len(heard.get(version, [])) < screens:
                await asyncio.sleep(0.005)
            times[way].append(max(heard.pop(version)) - started)
    for task in tasks:
        task.cancel()
    server.should_exit = True
    for way, taken in times.items():
        if taken:
            print(f"{way}: {len(taken)} changes, {screens} screens each: every screen heard "
                  f"it in p50 {_percentile(taken, 0.5) * 1000:.0f} ms, p99 "
                  f"{_percentile(taken, 0.99) * 1000:.0f} ms, worst {max(taken) * 1000:.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--screens", type=int, default=30)
    parser.add_argument("--moves", type=int, default=20)
    args = parser.parse_args()
    asyncio.run(_run(args.screens, args.moves))


if __name__ == "__main__":
    main()
