"""Serving the web app to a real browser: a uvicorn server in a thread on a loopback port."""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import Any

import threaded_server

__all__ = ["serving"]


def serving(app: Any, what: str = "the web app") -> AbstractContextManager[str]:
    """Serve an ASGI app in a thread on a free loopback port; its base URL while it runs."""
    return threaded_server.serving(app, patience=120, log_level="warning",  # only against a hang
                                   what=what)

