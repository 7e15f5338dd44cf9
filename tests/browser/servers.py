"""Serving the web app to a real browser: a uvicorn server in a thread on a loopback port."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

__all__ = ["serving"]


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def serving(app: Any, what: str = "the web app") -> Iterator[str]:
    """Serve an ASGI app in a thread on a free loopback port; its base URL while it runs."""
    import uvicorn

    port = _free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 120  # only against a hang
    while not running.started:
        if time.monotonic() > deadline or not thread.is_alive():
            pytest.fail(f"{what} did not start")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        running.should_exit = True
        thread.join(timeout=120)
