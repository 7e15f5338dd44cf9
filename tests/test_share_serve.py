"""``wingbeat serve --share`` as a user runs it: the links line, the keys it keeps and renews,
and the Host check, through a real server process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

AMBUSH = Path(__file__).parent / "data" / "share" / "ambush.yaml"


@contextmanager
def shared(data_home: Path, *extra: str) -> Iterator[dict[str, object]]:
    """A ``serve --share --json`` process; its one line of links, read before anything else."""
    env = {**os.environ, "XDG_DATA_HOME": str(data_home)}
    process = subprocess.Popen(
        [sys.executable, "-m", "wingbeat", "serve", str(AMBUSH), "--share", "--json", "--port",
         "0", "--workers", "1", *extra], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line, process.stderr.read().decode() if process.stderr else ""
        yield json.loads(line)
    finally:
        process.terminate()
        process.wait(timeout=30)


def status(url: str, key: str | None = None, host: str | None = None) -> int:
    """The status of GET ``url`` with ``key`` as its bearer, waiting for the server to answer
    (it prints the links before it listens for requests)."""
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    if host:
        headers["Host"] = host
    request = urllib.request.Request(url, headers=headers)
    for _attempt in range(600):
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                return int(answer.status)
        except urllib.error.HTTPError as refused:
            return int(refused.code)
        except (ConnectionError, urllib.error.URLError):
            import time

            time.sleep(0.05)  # not yet listening: poll, the state waited for is "it answers"
    raise AssertionError(f"{url} never answered")


def key_of(link: object) -> str:
    return str(link).split("#key=", 1)[1]


def test_serve_share_prints_the_links_and_keeps_its_keys(tmp_path: Path) -> None:
    with shared(tmp_path) as links:
        assert set(links) == {"url", "gm", "players"}
        url = str(links["url"])
        assert url.startswith("http://") and url.endswith("/")
        assert str(links["gm"]).startswith(f"{url}#key=")
        players = links["players"]
        assert isinstance(players, dict) and set(players) == {"party", "monsters"}
        assert all(str(p).startswith(f"{url}static/play.html#key=") for p in players.values())
        api = f"{url}api/scenarios"
        assert status(api) == 401
        assert status(api, "x" * 32) == 401
        for link in (links["gm"], *players.values()):
            assert status(api, key_of(link)) == 200
        port = urlsplit(url).port
        assert status(f"http://127.0.0.1:{port}/api/scenarios", key_of(links["gm"])) == 200
        assert status(api, key_of(links["gm"]), host=f"evil.example:{port}") == 400
        old = key_of(links["gm"])
    keys = tmp_path / "wingbeat" / "share-keys.json"
    assert oct(keys.stat().st_mode & 0o777) == "0o600"
    with shared(tmp_path) as again:
        assert key_of(again["gm"]) == old  # kept across restarts
    with shared(tmp_path, "--new-keys") as renewed:
        api = f"{renewed['url']}api/scenarios"
        assert status(api, old) == 401
        assert status(api, key_of(renewed["gm"])) == 200


def test_new_keys_without_share_is_a_one_line_error(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "wingbeat", "serve", "--new-keys"],
                          capture_output=True, text=True, timeout=120,
                          env={**os.environ, "XDG_DATA_HOME": str(tmp_path)})
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0 and "--share" in done.stderr
