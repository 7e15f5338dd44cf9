"""What keeps the local server a local tool: no other web page can drive it, and no request can
hold it or answer with a traceback.

``protect(app, hosts)`` installs both halves on a FastAPI app (the full web app and the play app):

- ``Guard``, a pure ASGI middleware that runs before any handler. It refuses a ``Host`` that is not
  the loopback or what ``--host`` names (DNS rebinding: a page on ``evil.example`` resolved to
  127.0.0.1 would otherwise read everything), refuses a state-changing request from another origin
  (``Origin`` or ``Sec-Fetch-Site``) or with a content type an HTML form can send (so a browser
  would have had to ask first, and the server never says yes), refuses a body over the size limit
  (declared or streamed), and puts the security headers on every answer.
- exception handlers that give every failure the API's one shape, ``{"error": {"message": …}}``,
  never FastAPI's ``{"detail": …}`` nor a plain-text 500 with a traceback.

``in_worker`` runs a heavy computation in one of the app's worker processes (web/pool.py): past
the app's time limit the process is killed and the request answers 503, and a process that runs
out of memory answers 503 too, so a huge or hostile query never holds the event loop, the other
requests or a core; the play API's reads and writes too (web/playjobs.py).
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import socket
import sqlite3
import time
import weakref
from collections.abc import Awaitable, Callable, Hashable, Iterable, MutableMapping, Sequence
from typing import Any

import anyio
import anyio.to_thread
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect

from ..errors import WingbeatError
from ..i18n import language
from ._messages import _
from .language import Speaking
from .pool import Streamed, TooSlow, WorkerPool, pool_for, too_slow

__all__ = ["LOOPBACK", "MAX_BODY_BYTES", "TIME_LIMIT", "Guard", "TooSlow", "error_answer",
           "error_response",
           "failure_response", "in_worker", "protect"]

LOOPBACK = ("127.0.0.1", "localhost", "::1")
WILDCARDS = frozenset({"0.0.0.0", "::"})
MAX_BODY_BYTES = 4_000_000  # a 1 MB scenario as JSON text, escapes and all, with room to spare
TIME_LIMIT = 60.0  # seconds one computation may take (a loaded machine is slow, not wrong)
HEAVY_THREADS = 4  # computations at once; cheap requests keep the default thread pool

UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})
# The content types a cross-origin page may send without asking first (CORS "simple" requests).
FORM_TYPES = frozenset({"application/x-www-form-urlencoded", "multipart/form-data", "text/plain"})
CSP = ("default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
       "script-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
       "frame-ancestors 'none'")
SECURITY_HEADERS = (
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-resource-policy", b"same-origin"),
)

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

log = logging.getLogger("wingbeat.web")


def error_response(status: int, message: str) -> JSONResponse:
    """The one error shape of every endpoint."""
    return JSONResponse({"error": {"message": message}}, status_code=status)


def error_answer(exc: WingbeatError) -> JSONResponse:
    """The answer to an error, by the one mapping (``errors.WingbeatError``): its status (400
    the input was wrong, 409 a refused move, 413 too large, 503 the server stopped or lost the
    computation: pool.py) and its JSON."""
    return JSONResponse(exc.to_dict(), status_code=exc.http_status)


def allowed_hosts(hosts: Iterable[str]) -> frozenset[str]:
    """The host names (without port, lower case, IPv6 without brackets) the server answers to."""
    return frozenset(h.strip().strip("[]").lower() for h in (*LOOPBACK, *hosts) if h.strip())


def host_name(value: str) -> str:
    """``Host`` without its port: ``[::1]:8000`` → ``::1``, ``localhost:80`` → ``localhost``."""
    value = value.strip().lower()
    if value.startswith("["):
        return value[1:value.find("]")] if "]" in value else ""
    return value.rsplit(":", 1)[0] if value.count(":") == 1 else value


class Guard:
    """Host check, same-origin state changes, a body size limit and security headers (ASGI)."""

    def __init__(self, app: ASGIApp, hosts: Iterable[str] = (),
                 max_body: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.hosts = allowed_hosts(hosts)
        # Listening on every address (--host 0.0.0.0) means being reached by this machine's
        # addresses and names: any IP address is allowed then (DNS rebinding needs a name),
        # and the machine's own names.
        self.any_address = bool(self.hosts & WILDCARDS)
        if self.any_address:
            self.hosts |= allowed_hosts((socket.gethostname(), socket.getfqdn()))
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        send = self._headed(scope, send)
        headers = Headers(scope=scope)
        refusal = self.refusal(scope, headers)
        if refusal is not None:
            await error_response(*refusal)(scope, receive, send)
            return
        started = False

        async def sending(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)
        try:
            await self.app(scope, self._limited(receive), sending)
        except ClientDisconnect:
            return  # the client went (or was cut off: web/connections.py): nobody to answer
        except Exception as exc:
            if started:
                raise
            log.error("internal error on %s", scope.get("path"), exc_info=exc)
            await failure_response(exc)(scope, receive, send)

    def refusal(self, scope: Scope, headers: Headers) -> tuple[int, str] | None:
        """Why the request is refused before any handler sees it (status, message), or None."""
        host = headers.get("host", "")
        if not self.allows(host_name(host)):
            names = ", ".join(sorted(self.hosts))
            if not host:
                return 400, _("this server answers to {names}, not a request without Host "
                              "(serve --host names another)").format(names=names)
            return 400, _("this server answers to {names}, not {host} (serve --host names "
                          "another)").format(names=names, host=repr(host))
        length = headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > self.max_body):
            return 413, _("the request body is larger than {n} bytes").format(n=self.max_body)
        if scope["method"] not in UNSAFE:
            return None
        origin = headers.get("origin")
        own = f"{scope.get('scheme', 'http')}://{host}".lower()
        if origin is not None and origin.lower() != own:
            return 403, _("refused a change from another web page ({origin}): only this "
                          "server's own page may change anything").format(origin=origin)
        if origin is None and headers.get("sec-fetch-site", "same-origin") not in (
                "same-origin", "none"):
            return 403, _("refused a change from another web page: only this server's own page "
                          "may change anything")
        kind = headers.get("content-type", "").split(";", 1)[0].strip().lower()
        if not kind or kind in FORM_TYPES:
            return 415, _("a change must be sent as application/json (an upload: the file with "
                          "its own type, such as application/yaml), not as a form")
        return None

    def allows(self, name: str) -> bool:
        """Whether the server answers to the host ``name``."""
        if name in self.hosts:
            return True
        if not self.any_address:
            return False
        try:
            ipaddress.ip_address(name)
        except ValueError:
            return False
        return True

    def _headed(self, scope: Scope, send: Send) -> Send:
        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                raw = list(message.get("headers", []))
                present = {name.lower() for name, _value in raw}
                extra = [*SECURITY_HEADERS,
                         (b"content-security-policy", CSP.encode())]
                raw.extend((name, value) for name, value in extra if name not in present)
                message["headers"] = raw
            await send(message)
        return sending

    def _limited(self, receive: Receive) -> Receive:
        """``receive``, stopping a (chunked) body as soon as it passes the limit."""
        seen = 0

        async def receiving() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.max_body:
                    raise HTTPException(413, _("the request body is larger than {n} bytes")
                                        .format(n=self.max_body))
            return message
        return receiving


def protect(app: FastAPI, hosts: Iterable[str] = (), time_limit: float | None = None) -> None:
    """Install the guard and the error handlers on ``app``; ``hosts``: what ``--host`` names;
    ``time_limit``: seconds a question may compute (None: ``TIME_LIMIT``, read now, so a test
    run on a busy machine can raise it for every app it makes)."""
    app.state.time_limit = TIME_LIMIT if time_limit is None else time_limit
    app.add_middleware(Guard, hosts=tuple(hosts))
    app.add_middleware(Speaking)  # outside the guard: its refusals in the request's language

    @app.exception_handler(WingbeatError)
    async def bad_input(_request: Request, exc: WingbeatError) -> JSONResponse:
        return error_answer(exc)

    @app.exception_handler(RequestValidationError)
    async def bad_request(_request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = []
        for problem in exc.errors():
            where = ".".join(str(p) for p in problem.get("loc", ()) if p not in ("query", "body"))
            said = str(problem.get("msg", _("invalid")))
            problems.append(f"{where}: {said}" if where else said)
        return error_response(422, "; ".join(problems) or _("invalid request"))

    @app.exception_handler(HTTPException)
    async def http_error(_request: Request, exc: HTTPException) -> JSONResponse:
        response = error_response(exc.status_code, str(exc.detail))
        response.headers.update(exc.headers or {})
        return response

    @app.exception_handler(sqlite3.Error)
    async def database_error(_request: Request, exc: sqlite3.Error) -> JSONResponse:
        log.error("encounter database error: %s", exc)
        return error_response(500, _("the encounter database cannot be used: {error}; check the "
                                     "file (wingbeat play list) or start a new one with --db")
                              .format(error=exc))



def failure_response(exc: Exception) -> JSONResponse:
    """Any other failure: the error shape without the traceback (the server's log has it)."""
    if isinstance(exc, MemoryError):
        return error_response(503, _("the question needs more memory than the server has: ask "
                                     "about a smaller map, a shorter move or a slower creature"))
    return error_response(500, _("internal error ({name}); the server's log has the details")
                          .format(name=type(exc).__name__))


async def in_worker(request: Request, job: Callable[..., bytes], *args: Any,
                    compute: Callable[[Callable[[], bytes], float], bytes] | None = None,
                    affinity: Sequence[Hashable] = ()) -> bytes:
    """``job(*args)`` in one of the app's worker processes (``app.state.pool``), its answer's
    bytes. Past the app's time limit, waiting for a worker included, the worker is killed and
    the request answers 503 (``TooSlow``). ``compute``, when given, is called in the waiting
    thread with the run and the deadline (the answer cache wraps it; it raises ``TimeoutError``
    when it waited past the deadline). ``affinity``: what the job is about, most specific first
    (``WorkerPool.run``): a worker that answered about it before is taken first."""
    pool: WorkerPool = getattr(request.app.state, "pool", None) or pool_for()

    def run(deadline: float, limit: float, lang: str) -> bytes:
        return pool.run(job, args, deadline, limit, affinity, lang=lang)

    body: bytes = await _waited(request, pool, run, compute)
    return body


async def streamed_in_worker(
        request: Request, job: Callable[..., bytes | Iterable[bytes]], *args: Any,
        compute: Callable[[Callable[[], bytes | Streamed], float], bytes | Streamed] | None = None,
        affinity: Sequence[Hashable] = ()) -> bytes | Streamed:
    """``in_worker`` for a job that may answer in chunks: a big answer comes back as a
    ``Streamed`` (``WorkerPool.run_streaming``), read as the response is sent."""
    pool: WorkerPool = getattr(request.app.state, "pool", None) or pool_for()

    def run(deadline: float, limit: float, lang: str) -> bytes | Streamed:
        return pool.run_streaming(job, args, deadline, limit, affinity, lang=lang)

    body: bytes | Streamed = await _waited(request, pool, run, compute)
    return body


async def _waited(request: Request, pool: WorkerPool, run: Callable[[float, float, str], Any],
                  compute: Callable[[Callable[[], Any], float], Any] | None) -> Any:
    """``run(deadline, limit, lang)`` in a thread of the heavy computations' own (through
    ``compute`` when given): ``in_worker``'s waiting, its limits and its 503."""
    limit = float(getattr(request.app.state, "time_limit", TIME_LIMIT))
    deadline = time.monotonic() + limit
    lang = language()  # the request's: the worker says its sentences in it

    def ran() -> Any:
        return run(deadline, limit, lang)

    def wrapped() -> Any:
        try:
            return ran() if compute is None else compute(ran, deadline)
        except TimeoutError:
            raise too_slow(limit) from None

    limiter = _heavy()
    limiter.total_tokens = max(limiter.total_tokens, pool.size)  # every worker can be busy
    try:
        with anyio.fail_after(limit):
            await limiter.acquire()
    except TimeoutError:
        raise too_slow(limit) from None
    try:
        # The pool keeps the deadline itself (it kills the worker, then answers), so the thread
        # is only abandoned if the request is cancelled.
        return await anyio.to_thread.run_sync(wrapped, abandon_on_cancel=True)
    finally:
        limiter.release()


_HEAVY: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, anyio.CapacityLimiter] = (
    weakref.WeakKeyDictionary())


def _heavy() -> anyio.CapacityLimiter:
    """The heavy computations' own thread limit, one per event loop (a test client runs many)."""
    loop = asyncio.get_running_loop()
    if loop not in _HEAVY:
        _HEAVY[loop] = anyio.CapacityLimiter(HEAVY_THREADS)
    return _HEAVY[loop]
