"""``serve --share`` through a second network address (issue 27): a network namespace joined to
this machine by a veth pair stands for a phone on the home network.

The namespace reaches the shared server at the address it was shared on, and only with a key;
a server that is not shared is not reachable from there at all. Making a namespace needs root
and ``ip`` (iproute2): where it cannot be made, the tests skip with one line saying so. Every
namespace and link made is removed afterwards, even when a test fails.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from queue import Empty, Queue
from typing import Any

import pytest

#: How long a server may take to say its links or a namespace command to answer: only against a
#: hang (a busy CI machine is slow, not wrong); no test asserts a time.
PATIENCE = 180.0


def _ip(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["ip", *args], capture_output=True, text=True, timeout=PATIENCE,
                          check=False)


@contextmanager
def namespace() -> Iterator[tuple[str, str, str]]:
    """A network namespace joined to this one by a veth pair: (namespace, this side's address,
    the namespace's address). Skips the test where one cannot be made."""
    if shutil.which("ip") is None:
        pytest.skip("no network namespace: the ip command (iproute2) is not installed")
    if os.geteuid() != 0:
        pytest.skip("no network namespace: making one needs root (CI runs as root)")
    tag = secrets.token_hex(3)
    name, host_end, far_end = f"wb-{tag}", f"wbh{tag}", f"wbn{tag}"
    octet = 16 + int(tag, 16) % 200  # a /30 of its own, unlikely to meet another test's
    here, there = f"10.213.{octet}.1", f"10.213.{octet}.2"
    made = _ip("netns", "add", name)
    if made.returncode != 0:
        pytest.skip(f"no network namespace: ip netns add said {made.stderr.strip()!r}")
    try:
        steps = [
            ("link", "add", host_end, "type", "veth", "peer", "name", far_end),
            ("link", "set", far_end, "netns", name),
            ("addr", "add", f"{here}/30", "dev", host_end),
            ("link", "set", host_end, "up"),
            ("netns", "exec", name, "ip", "addr", "add", f"{there}/30", "dev", far_end),
            ("netns", "exec", name, "ip", "link", "set", far_end, "up"),
            ("netns", "exec", name, "ip", "link", "set", "lo", "up"),
        ]
        for step in steps:
            done = _ip(*step)
            if done.returncode != 0:
                pytest.skip(f"no network namespace: ip {' '.join(step)} said "
                            f"{done.stderr.strip()!r}")
        yield name, here, there
    finally:
        _ip("link", "del", host_end)  # its peer goes with it
        _ip("netns", "del", name)


def _lines(stream: Any, out: Queue[str]) -> None:
    for line in stream:
        out.put(line)
    out.put("")


Served = tuple[subprocess.Popen[str], Queue[str], Queue[str]]


@contextmanager
def server(*args: str, data: Path) -> Iterator[Served]:
    """``wingbeat serve ARGS`` in a process of its own, its stdout and stderr lines queued."""
    env = {**os.environ, "XDG_DATA_HOME": str(data), "WINGBEAT_CACHE_DIR": str(data / "cache"),
           "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen([sys.executable, "-m", "wingbeat", "serve", *args, "--port", "0",
                                "--workers", "1"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, env=env)
    out: Queue[str] = Queue()
    err: Queue[str] = Queue()
    for stream, queue in ((process.stdout, out), (process.stderr, err)):
        threading.Thread(target=_lines, args=(stream, queue), daemon=True).start()
    try:
        yield process, out, err
    finally:
        process.terminate()
        try:
            process.wait(timeout=PATIENCE)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _first_line(queue: Queue[str], process: subprocess.Popen[str], what: str) -> str:
    try:
        line = queue.get(timeout=PATIENCE)
    except Empty:
        pytest.fail(f"the server printed no {what}")
    assert line, f"the server stopped before printing its {what} (exit {process.poll()})"
    return line


#: Run inside the namespace: GET a URL (with a bearer key when one is given) until the server
#: answers (it prints its links before it listens), then print the status.
ASK = r"""
import sys, time, urllib.error, urllib.request
url, key = sys.argv[1], sys.argv[2]
headers = {"Authorization": "Bearer " + key} if key else {}
for attempt in range(600):
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers)) as answer:
            print(answer.status, answer.read(200).decode(errors="replace")); break
    except urllib.error.HTTPError as refused:
        print(refused.code, refused.read(200).decode(errors="replace")); break
    except OSError as exc:
        last = exc; time.sleep(0.2)
else:
    print("unreachable", last)
"""


def ask_from(space: str, url: str, key: str = "", tries: int = 600) -> str:
    """What a client inside the namespace gets from ``url``: "200 …", "401 …" or
    "unreachable …"."""
    code = ASK.replace("range(600)", f"range({tries})")
    done = subprocess.run(["ip", "netns", "exec", space, sys.executable, "-c", code, url, key],
                          capture_output=True, text=True, timeout=PATIENCE, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_a_phone_on_the_network_reaches_the_shared_table_with_its_key(tmp_path: Path) -> None:
    with namespace() as (space, here, _there), server(
            "--share", "--host", here, "--json", "example:harpy",
            data=tmp_path) as (process, out, _err):
        links = json.loads(_first_line(out, process, "links"))
        assert set(links) == {"url", "gm", "players"}
        assert links["url"].startswith(f"http://{here}:")
        base = links["url"].rstrip("/")
        gm_key = links["gm"].split("#key=", 1)[1]
        assert "?" not in links["gm"]  # the key travels in the fragment, never in a query
        assert len(gm_key) >= 22  # at least 128 bits of base64
        assert set(links["players"]) == {"party", "monsters"}, "one link per side"
        assert ask_from(space, f"{base}/api/scenarios").startswith("401")
        assert ask_from(space, f"{base}/api/scenarios", "not-a-key").startswith("401")
        assert ask_from(space, f"{base}/api/scenarios", gm_key).startswith("200")
        for link in links["players"].values():
            key = link.split("#key=", 1)[1]
            assert ask_from(space, f"{base}/api/scenarios", key).startswith("200")


def test_a_table_that_is_not_shared_cannot_be_reached_from_the_network(tmp_path: Path) -> None:
    with namespace() as (space, here, _there), server(
            "example:giant-bat", data=tmp_path) as (process, _out, err):
        said = ""
        while "serving on" not in said:
            said = _first_line(err, process, "address")
        port = said.split("serving on http://", 1)[1].split("/", 1)[0].rsplit(":", 1)[1]
        # the loopback only: the namespace finds nothing listening at this machine's address
        assert ask_from(space, f"http://{here}:{port}/api/scenarios", tries=3).startswith(
            "unreachable")


def test_the_shared_table_answers_only_at_the_address_it_was_shared_on(tmp_path: Path) -> None:
    """Shared on the machine's own address (or the loopback, where it has none), the server
    refuses a request that names another of its addresses, valid key or not (the Host check:
    DNS rebinding)."""
    with namespace() as (space, here, _there), server(
            "--share", "--json", "example:harpy", data=tmp_path) as (process, out, _err):
        links = json.loads(_first_line(out, process, "links"))
        port = links["url"].rstrip("/").rsplit(":", 1)[1]
        assert f"//{here}:" not in links["url"]
        key = links["gm"].split("#key=", 1)[1]
        # it answers where it was shared (this machine reaches that address too) ...
        done = subprocess.run([sys.executable, "-c", ASK, links["url"] + "api/scenarios", key],
                              capture_output=True, text=True, timeout=PATIENCE, check=False)
        assert done.stdout.startswith("200"), done.stdout + done.stderr
        # ... and not at the address the namespace sees
        said = ask_from(space, f"http://{here}:{port}/api/scenarios", key, tries=20)
        assert not said.startswith("200"), said
