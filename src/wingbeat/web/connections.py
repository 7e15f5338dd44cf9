"""Slow and greedy clients: a request must arrive in time, and one client holds few connections.

uvicorn closes a connection idle between requests (``timeout_keep_alive``) but waits for ever
on a request that is still arriving: a client that sends a header line or one body byte every
few seconds keeps its connection, its buffers and its task, and a thousand of them keep a
thousand (slowloris). ``guarded_protocol`` wraps uvicorn's HTTP protocol class (h11 or
httptools, whichever it picked) with three bounds, checked by the event loop's timers, not by
the app:

- the request line and headers must all have arrived ``header_timeout`` seconds after the
  connection opened or the request's first byte came (a deadline, not an idle time: a trickle
  does not extend it);
- the body must all have arrived ``body_timeout`` seconds after the headers;
- one client address holds at most ``per_client`` open connections; one more is answered 503
  and closed at once.

Past a deadline the connection is answered 408 (when no answer has started) and closed; the app,
if it was reading the body, sees the client go. A refusal closes in two steps (RFC 9112 §9.6):
the answer and the end of our side go out, then what the client still sends is read and dropped
until it closes too, for at most ``linger`` seconds and ``LINGER_BYTES``. Closing at once, with
the client's bytes unread, makes the close a TCP reset, and a reset can throw the answer away
before the client reads it: the client would see the connection drop with no reason. Every
refusal is one line of JSON, the API's error shape. The numbers are in docs/limits.md.
"""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from typing import Any

from ..i18n import localized_number
from ._messages import _

__all__ = ["BODY_TIMEOUT", "HEADER_TIMEOUT", "LINGER", "PER_CLIENT", "guarded_protocol"]

#: Seconds for a request's line and headers (a browser sends them in one packet).
HEADER_TIMEOUT = 10.0
#: Seconds for a request's body once its headers are in (the largest, 4 MB, on a slow link).
BODY_TIMEOUT = 30.0
#: Open connections one client address may hold (a browser opens six per server).
PER_CLIENT = 32
#: Seconds a refused connection waits for the client to close after our answer.
LINGER = 5.0
#: Bytes a refused connection reads and drops before it closes anyway.
LINGER_BYTES = 64 * 1024


def _answer(status: int, reason: str, message: str) -> bytes:
    """A whole HTTP answer with the API's error JSON, written before the connection closes."""
    body = json.dumps({"error": {"message": message}}, ensure_ascii=False).encode()
    head = (f"HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\n"
            f"content-length: {len(body)}\r\nconnection: close\r\n\r\n")
    return head.encode("ascii") + body


def guarded_protocol(base: type[asyncio.Protocol] | None = None,
                     header_timeout: float = HEADER_TIMEOUT, body_timeout: float = BODY_TIMEOUT,
                     per_client: int = PER_CLIENT,
                     linger: float = LINGER) -> type[asyncio.Protocol]:
    """uvicorn's HTTP protocol ``base`` (default: the one it would pick) with the deadlines and
    the per-client cap, for ``uvicorn.run(…, http=…)``. Each class counts its own connections:
    make one per server."""
    if base is None:
        from uvicorn.protocols.http.auto import AutoHTTPProtocol

        base = AutoHTTPProtocol
    held: Counter[str] = Counter()  # open connections per client address

    class Guarded(base):  # type: ignore[misc, valid-type]
        """A connection that must deliver each request in time (module docstring)."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._who: str | None = None  # the address counted, while counted
            self._timer: asyncio.TimerHandle | None = None
            self._waiting_for: str | None = None  # "headers" or "body"
            self._known: Any = None  # the request whose headers came last
            self._dropped: int | None = None  # bytes dropped since a refusal, while lingering

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            super().connection_made(transport)
            client = getattr(self, "client", None)
            who = str(client[0]) if client else "local"
            if held[who] >= per_client:
                self._refuse(503, "Service Unavailable",
                             _("too many connections from {who}: at most {n} at once; close "
                               "one and try again").format(who=who, n=per_client))
                return
            held[who] += 1
            self._who = who
            self._expect("headers")

        def connection_lost(self, exc: Exception | None) -> None:
            self._stop_timer()
            if self._who is not None:
                held[self._who] -= 1
                if held[self._who] <= 0:
                    del held[self._who]
                self._who = None
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            if self._dropped is not None:  # refused: read and drop until the client closes
                self._dropped += len(data)
                if self._dropped > LINGER_BYTES:
                    self.transport.close()
                return
            cycle = getattr(self, "cycle", None)
            if self._waiting_for is None and (cycle is None or cycle.response_complete):
                self._expect("headers")  # the first bytes of the next request
            super().data_received(data)
            self._progress()

        # -- the deadlines ---------------------------------------------------------------------

        def _progress(self) -> None:
            """Follow the request: headers in → wait for the body, body in → wait for nothing."""
            cycle = getattr(self, "cycle", None)
            if cycle is not None and cycle is not self._known:
                self._known = cycle
                self._stop_timer()
                if cycle.more_body:
                    self._expect("body")
            elif self._waiting_for == "body" and cycle is not None and not cycle.more_body:
                self._stop_timer()

        def _expect(self, part: str) -> None:
            self._stop_timer()
            self._waiting_for = part
            wait = header_timeout if part == "headers" else body_timeout
            self._timer = self.loop.call_later(wait, self._late, part)

        def _stop_timer(self) -> None:
            if self._timer is not None:
                self._timer.cancel()
            self._timer = None
            self._waiting_for = None

        def _late(self, part: str) -> None:
            self._timer = None
            self._progress()  # a pipelined request may have begun without new data
            if self._waiting_for != part or self._timer is not None:
                return
            self._waiting_for = None
            cycle = getattr(self, "cycle", None)
            started = part == "body" and cycle is not None and cycle.response_started
            wait = header_timeout if part == "headers" else body_timeout
            message = (_("the request's line and headers did not arrive within {seconds} s; "
                         "send the whole request at once") if part == "headers" else
                       _("the request's body did not arrive within {seconds} s; send the whole "
                         "request at once")).format(seconds=localized_number(f"{wait:g}"))
            if started:
                self.transport.close()
            else:
                self._refuse(408, "Request Timeout", message)

        def eof_received(self) -> bool | None:
            if self._dropped is not None:
                return None  # the client closed after our refusal: so do we
            return super().eof_received()  # type: ignore[no-any-return]

        def _refuse(self, status: int, reason: str, message: str) -> None:
            """Answer, end our side, and drop what still comes until the client closes."""
            transport = self.transport
            if transport.is_closing() or self._dropped is not None:
                return
            transport.write(_answer(status, reason, message))
            if not transport.can_write_eof():
                transport.close()
                return
            transport.write_eof()
            cycle = getattr(self, "cycle", None)
            if cycle is not None and not cycle.response_complete:
                cycle.disconnected = True  # the app sees the client go and writes nothing more
                cycle.message_event.set()
            self._stop_timer()
            self._dropped = 0
            self._timer = self.loop.call_later(linger, transport.close)

    Guarded.__name__ = Guarded.__qualname__ = f"Guarded{base.__name__}"
    Guarded.held = held  # for tests: the open connections counted
    return Guarded
