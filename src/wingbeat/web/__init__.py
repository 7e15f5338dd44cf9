"""The local web app: a page that draws the map, and a JSON API that mirrors the command line.

``create_app`` builds the FastAPI application; ``wingbeat serve`` runs it on 127.0.0.1. FastAPI is
imported when ``create_app`` is first asked for, not with this package: ``wingbeat serve``'s
command lives here, and no other command should pay for the web stack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .app import create_app

__all__ = ["create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from .app import create_app

        return create_app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
