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

from starlette.datastructures import Headers
from starlette.responses import JSONResponse

from .share import ShareKeys

__all__ = ["NO_KEY", "Access", "Bucket", "Rate"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

NO_KEY = ("this table is shared: open the link the game master gave you (it carries your key)")
#: The shell every phone may load before it sends its key: the pages and their scripts.
PUBLIC_PREFIXES = ("/static/",)
PUBLIC_PATHS = frozenset({"/", "/favicon.ico"})


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
        if role is None and not public:
            client = scope.get("client") or ("?", 0)
            wait = self._wait(f"stranger:{client[0]}", STRANGER_RATE)
            if wait:
                await _too_many(wait)(scope, receive, send)
                return
            await JSONResponse({"error": {"message": NO_KEY}}, status_code=401,
                               headers={"WWW-Authenticate": "Bearer"})(scope, receive, send)
            return
        if role is not None:
            wait = self._wait(role.key_id, self.rates[role.is_game_master])
            if wait:
                await _too_many(wait)(scope, receive, send)
                return
            scope.setdefault("state", {})["role"] = role
        await self.app(scope, receive, send)

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
    return JSONResponse({"error": {"message": f"too many requests from this key: wait "
                                              f"{seconds} s and try again"}},
                        status_code=429, headers={"Retry-After": str(seconds)})

