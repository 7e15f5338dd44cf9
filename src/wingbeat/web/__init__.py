"""The local web app: a page that draws the map, and a JSON API that mirrors the command line.

``create_app`` builds the FastAPI application; ``wingbeat serve`` runs it on 127.0.0.1.
"""

from __future__ import annotations

from .app import create_app

__all__ = ["create_app"]
