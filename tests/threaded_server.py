"""A real uvicorn server in a thread, for the tests that need one on a socket (the guard's, the
connection limits', the browser's): started, waited for, stopped."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest


def free_port() -> int:
    """A loopback port no one listens on (now)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def running(config: Any, *, patience: float, sockets: list[Any] | None = None,
            what: str = "the server") -> Iterator[Any]:
    """The uvicorn server of ``config``, run in a daemon thread (on ``sockets`` if given) once
    it has started; told to exit, and waited for, on leaving. ``patience`` bounds each wait: it
    stops a wait that would never end, it measures nothing."""
    import uvicorn

    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": sockets}, daemon=True)
    thread.start()
    deadline = time.monotonic() + patience
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            pytest.fail(f"{what} did not start")
        time.sleep(0.02)
    try:
        yield server
    finally:
        server.should_exit = True
        thread.join(timeout=patience)


@contextmanager
def serving(app: Any, *, patience: float, log_level: str = "error",
            what: str = "the server") -> Iterator[str]:
    """Serve an ASGI app in a thread on a free loopback port; its base URL while it runs."""
    import uvicorn

    port = free_port()
    with running(uvicorn.Config(app, host="127.0.0.1", port=port, log_level=log_level),
                 patience=patience, what=what):
        yield f"http://127.0.0.1:{port}"
