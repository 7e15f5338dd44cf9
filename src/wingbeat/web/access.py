"""Who may ask a shared table anything: the key each request carries, and how fast it may ask.

``Access`` is a pure ASGI middleware, installed only by ``serve --share`` (inside the guard, so
the Host check comes first). Every request for the API or its docs must carry
``Authorization: Bearer KEY``; the page's shell (``/``, ``/static/…``) carries no scenario
content and is served to anyone, so a phone can open the link and then send its key. The key's
seat goes on the request (``scope["state"]["role"]``, read by ``roles.role_of``); nothing else
ever reads a key. Each key has its own token bucket (a player's smaller than the game master's),
and wrong keys from one address share one, so a guesser is slowed as well as hopeless.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from typing import Any

from fastapi import Request
from starlette.datastructures import Headers
from starlette.responses import JSONResponse

from ._messages import N_, _
from .roles import Role
from .share import ShareKeys

__all__ = ["NO_KEY", "PLAYERS_ONLY_TABLE", "Access", "Bucket", "Rate", "install_access"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

NO_KEY = N_("this table is shared: open the link the game master gave you (it carries your key)")
#: The shell every phone may load before it sends its key: the pages and their scripts.
PUBLIC_PREFIXES = ("/static/",)
PUBLIC_PATHS = frozenset({"/", "/favicon.ico"})
#: What a player's key may ask besides the play API (``/api/play/…``): the lists the pages
#: read first, and the API's own description.
PLAYER_PATHS = frozenset({"/api/scenarios", "/api/rulesets", "/docs", "/docs/start.js",
                          "/openapi.json"})
PLAYER_PREFIXES = ("/api/play/",)
PLAYERS_ONLY_TABLE = N_("a player's key opens the table (the play page), not the analysis "
                        "page's questions about a scenario: those are the game master's")


@dataclass(frozen=True)
class Rate:
    """A token bucket's shape: ``per_second`` requests refilled, ``burst`` at most at once."""

    per_second: float
    burst: float


PLAYER_RATE = Rate(20, 60)
GAME_MASTER_RATE = Rate(50, 150)
#: Requests with a wrong key or none, per client address: enough for a page to say 401.
STRANGER_RATE = Rate(2, 20)
#: Buckets kept at most (one per key, one per stranger's address); the oldest go first.
MAX_BUCKETS = 4096


class Bucket:
    """One token bucket; ``take`` answers 0 (go) or the seconds until a token is back."""

    def __init__(self, rate: Rate, now: float) -> None:
        self.rate = rate
        self.tokens = rate.burst
        self.stamp = now

    def take(self, now: float) -> float:
        self.tokens = min(self.rate.burst, self.tokens + (now - self.stamp) * self.rate.per_second)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return 0.0
        return (1 - self.tokens) / self.rate.per_second


class Access:
    """The shared table's door: a valid key or 401, then its bucket or 429 (ASGI)."""

    def __init__(self, app: ASGIApp, keys: ShareKeys, player_rate: Rate = PLAYER_RATE,
                 game_master_rate: Rate = GAME_MASTER_RATE,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.app = app
        self.keys = keys
        self.rates = {True: game_master_rate, False: player_rate}
        self.clock = clock
        self._buckets: dict[str, Bucket] = {}
        self._lock = threading.Lock()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        path = str(scope.get("path", ""))
        public = path in PUBLIC_PATHS or path.startswith(PUBLIC_PREFIXES)
        role = self.keys.role(_bearer(Headers(scope=scope)))
        refusal = self.refusal(scope, role, path, public)
        if refusal is None:
            if role is not None:
                scope.setdefault("state", {})["role"] = role
            await self.app(scope, receive, send)
        elif scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008})  # policy: refused
        else:
            await refusal(scope, receive, send)

    def refusal(self, scope: Scope, role: Role | None, path: str,
                public: bool) -> JSONResponse | None:
        """Why the request is refused (401 no key, 429 too fast, 403 not a player's), or None."""
        if role is None and not public:
            client = scope.get("client") or ("?", 0)
            wait = self._wait(f"stranger:{client[0]}", STRANGER_RATE)
            if wait:
                return _too_many(wait)
            return JSONResponse({"error": {"message": _(NO_KEY)}}, status_code=401,
                                headers={"WWW-Authenticate": "Bearer"})
        if role is None:
            return None
        wait = self._wait(role.key_id, self.rates[role.is_game_master])
        if wait:
            return _too_many(wait)
        if not (role.is_game_master or public or path in PLAYER_PATHS
                or path.startswith(PLAYER_PREFIXES)):
            return JSONResponse({"error": {"message": _(PLAYERS_ONLY_TABLE)}}, status_code=403)
        return None

    def _wait(self, name: str, rate: Rate) -> float:
        now = self.clock()
        with self._lock:
            bucket = self._buckets.pop(name, None) or Bucket(rate, now)
            self._buckets[name] = bucket  # the most recent last: the oldest is dropped first
            while len(self._buckets) > MAX_BUCKETS:
                del self._buckets[next(iter(self._buckets))]
            return bucket.take(now)


def _bearer(headers: Headers) -> str:
    """The key of ``Authorization: Bearer KEY`` (empty when there is none)."""
    kind, _, value = headers.get("authorization", "").strip().partition(" ")
    return value.strip() if kind.lower() == "bearer" and len(value) <= 256 else ""


def _too_many(wait: float) -> JSONResponse:
    seconds = max(1, math.ceil(wait))
    message = _("too many requests from this key: wait {seconds} s and try again").format(
        seconds=seconds)
    return JSONResponse({"error": {"message": message}},
                        status_code=429, headers={"Retry-After": str(seconds)})


ONLY_THE_GAME_MASTER_LINKS = N_("only the game master sees the table's links: a player's link "
                                "is the one it was given")


def install_access(app: Any, keys: ShareKeys, base: str) -> None:
    """Make ``app`` a shared table's: every API request needs a key (``Access``, inside the
    guard, so the Host check comes first), and ``GET /api/share`` gives the game master the
    links (``base``: ``http://ADDRESS:PORT/``) with their QR codes."""
    from starlette.middleware import Middleware

    from .roles import role_of
    from .share import shared_links

    app.state.share = keys
    app.user_middleware.append(Middleware(Access, keys=keys))  # the innermost: after the guard
    answer = shared_links(base, keys)

    async def share(request: Request) -> JSONResponse:
        """The table's links (the game master's and each side's) and an SVG QR code for each;
        the game master's key only."""
        if not role_of(request).is_game_master:
            return JSONResponse({"error": {"message": _(ONLY_THE_GAME_MASTER_LINKS)}},
                                status_code=403)
        return JSONResponse(answer, headers={"Cache-Control": "no-store"})

    app.add_api_route("/api/share", share, methods=["GET"], tags=["share"])
