"""Every screen follows the game: an in-process hub of encounter events for the web server.

An event says only that an encounter changed: ``{"encounter": 3, "kind": "changed", "version":
"7-3f9c0a1b2c3d"}`` (the store's version: the log's length and last checksum), never which
creature moved or where, so it can leak nothing a player may not see; a screen that hears it
asks the (filtered) API again. Nothing is replayed from an event, so nothing is applied twice.

Where the events come from: a write through the web API asks the hub to look at once
(``touched``, after the worker's transaction committed); a write from anywhere else (``wingbeat
play move`` on the same database) is found by a poll of each followed encounter's version, one
cheap read each, off the event loop, every ``POLL_SECONDS`` while anyone follows. The hub
publishes only a version it has not published yet, so the two never say one change twice.

Event ids are ``<boot>-<sequence>``: the hub keeps the last ``RING`` events, and a screen that
comes back with ``Last-Event-ID`` gets the ones it missed, or one ``resync`` event when they are
no longer kept or the server restarted since (another boot). Each stream's queue is bounded: a
screen that does not read is dropped (its stream ends; it comes back and resyncs), never
buffered without end. At most ``MAX_STREAMS`` streams in all and ``PER_KEY`` per shared key.
No web framework here: ``web/liveroutes.py`` serves the streams.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..errors import WingbeatError
from ._messages import _

__all__ = ["MAX_STREAMS", "PER_KEY", "POLL_SECONDS", "QUEUE", "RING", "Event", "Hub",
           "LiveRefused", "Stream"]

#: Events kept for screens that come back (a phone that slept): a long table's hour of moves.
RING = 512
#: Events one stream may have waiting: a screen that falls this far behind is dropped.
QUEUE = 64
#: Streams the server holds at once, and per key (``Role.key_id``) of a shared table.
MAX_STREAMS = 32
PER_KEY = 8  # four screens of one seat, each following its encounter and the list
#: Seconds between two looks at the followed encounters (writes made outside the web API).
POLL_SECONDS = 0.3
#: The key of a server that is not shared: one seat, held only by the total cap.
LOCAL_KEY = "local"

log = logging.getLogger("wingbeat.web")


class LiveRefused(WingbeatError):
    """A stream the server will not open now: too many for this key (429) or in all (503)."""

    def __init__(self, status: int, message: str):
        self.http_status = status
        super().__init__(message)


@dataclass(frozen=True)
class Event:
    """One change: its id (``boot-sequence``), the encounter (None: the list of encounters),
    its kind and the version it brought; ``extra`` is more of the same kind of words (a
    proposal's id), never a creature or a place."""

    id: str
    encounter: int | None
    kind: str
    version: str | None = None
    extra: tuple[tuple[str, Any], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"encounter": self.encounter, "kind": self.kind, "version": self.version,
                **dict(self.extra)}

    def to_sse(self) -> dict[str, str]:
        """The event as sse-starlette sends it (``id:`` and one ``data:`` line of JSON)."""
        return {"id": self.id, "data": json.dumps(self.to_dict(), separators=(",", ":"))}


@dataclass(eq=False)
class Stream:
    """One screen's stream: what it follows (an encounter, or None: the list), whose key it
    holds, and its bounded queue of events to send."""

    encounter: int | None
    key: str
    screen: str | None = None  # the page's own id (X-Wingbeat-Screen), when it gives one
    pending: deque[Event] = field(default_factory=deque)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    dropped: bool = False
    closed: bool = False

    def wants(self, event: Event) -> bool:
        return self.encounter is None or event.encounter == self.encounter

    def offer(self, event: Event) -> None:
        """Queue ``event``; past ``QUEUE`` waiting, the stream is dropped instead."""
        if self.dropped or self.closed:
            return
        if len(self.pending) >= QUEUE:
            self.dropped = True
            self.pending.clear()
        else:
            self.pending.append(event)
        self.wake.set()

    async def next(self) -> list[Event] | None:
        """The events waiting (waiting for one), or None when the stream must end: dropped, or
        the hub closed."""
        while not self.pending and not (self.dropped or self.closed):
            self.wake.clear()
            await self.wake.wait()
        if self.dropped or self.closed:
            return None
        taken = list(self.pending)
        self.pending.clear()
        return taken


#: How the hub reads versions: ``read(refs, listing)`` → ({ref: (id, version)}, the list's
#: version or None); run in a thread. ``web/liveroutes.py`` gives the store's.
Reader = Callable[[list[str | int], bool], tuple[dict[str | int, tuple[int, str]], str | None]]


class Hub:
    """The server's events: publish, follow, catch up (module docstring)."""

    def __init__(self, read: Reader, *, ring: int = RING, max_streams: int = MAX_STREAMS,
                 per_key: int = PER_KEY, poll: float = POLL_SECONDS) -> None:
        self.boot = secrets.token_hex(4)
        self.read = read
        self._ring: deque[Event] = deque(maxlen=ring)
        self._sequence = 0
        self._streams: set[Stream] = set()
        self._known: dict[int | None, str] = {}  # the version last published per encounter
        self._max_streams = max_streams
        self._per_key = per_key
        self._poll = poll
        self._poller: asyncio.Task[None] | None = None
        self._closed = False

    # -- publishing ------------------------------------------------------------------------------
    @property
    def last_id(self) -> str:
        return f"{self.boot}-{self._sequence}"

    def publish(self, encounter: int | None, kind: str, version: str | None = None,
                **extra: Any) -> Event:
        """A new event, kept in the ring and offered to every stream that follows it."""
        self._sequence += 1
        event = Event(self.last_id, encounter, kind, version, tuple(sorted(extra.items())))
        self._ring.append(event)
        if kind == "changed" and version is not None:
            self._known[encounter] = version
        for stream in list(self._streams):
            if stream.wants(event):
                stream.offer(event)
        return event

    def saw(self, encounter: int | None, version: str) -> Event | None:
        """A version read for ``encounter``: published as ``changed`` if it is new, else
        nothing (the web API's write and the poll find the same one)."""
        known = self._known.get(encounter)
        if known == version:
            return None
        if known is None and not any(s.encounter in (encounter, None) for s in self._streams):
            self._known[encounter] = version  # the first look: nothing changed yet
            return None
        return self.publish(encounter, "changed", version)

    async def touched(self, ref: str | int | None) -> None:
        """The web API wrote to encounter ``ref`` (None: made one): look at it now, if anyone
        follows anything."""
        if not self._streams:
            return
        refs: list[str | int] = [] if ref is None else [ref]
        await self._look(refs, listing=True)

    # -- following -------------------------------------------------------------------------------
    def join(self, encounter: int | None, key: str, version: str | None,
             last_id: str | None = None, screen: str | None = None) -> tuple[Stream, list[Event]]:
        """A stream for ``encounter`` (``version``: where it stands now), and the events to send
        first: the ones missed since ``last_id``, or one ``ready`` (new) or ``resync`` (those
        events are gone) that says the version now. ``LiveRefused`` past a cap. A ``screen``
        (the page's own id) that already follows ``encounter`` with this key takes the place of
        its old stream: a phone that changed networks leaves one behind, which TCP may take
        minutes to find dead, and would otherwise hold a place of the key's."""
        if self._closed:
            raise LiveRefused(503, _("the server is stopping: follow the game again once it is "
                                     "back"))
        if screen is not None:
            for old in [s for s in self._streams if s.key == key and s.screen == screen
                        and s.encounter == encounter]:
                self.leave(old)
        if len(self._streams) >= self._max_streams:
            raise LiveRefused(503, _("the server already sends {n} live streams, its most: "
                                     "close another screen, or reload later").format(
                                         n=self._max_streams))
        held = sum(1 for s in self._streams if s.key == key)
        if key != LOCAL_KEY and held >= self._per_key:
            raise LiveRefused(429, _("this key already follows {n} live streams, its most: "
                                     "close another of its screens first").format(n=held))
        if version is not None:
            self.saw(encounter, version)
        stream = Stream(encounter, key, screen)
        self._streams.add(stream)
        self._start_polling()
        missed = self.missed(stream, last_id)
        if missed is not None:
            return stream, missed
        kind = "ready" if last_id is None else "resync"
        now = self._known.get(encounter, version)
        return stream, [Event(self.last_id, encounter, kind, now)]

    def missed(self, stream: Stream, last_id: str | None) -> list[Event] | None:
        """The kept events after ``last_id`` that ``stream`` follows; None when they cannot be
        told (no id, another boot, or some are no longer kept)."""
        if last_id is None:
            return None
        boot, _, number = last_id.strip().partition("-")
        if boot != self.boot or not number.isascii() or not number.isdigit():
            return None
        seen = int(number)
        if seen > self._sequence:
            return None
        oldest = self._sequence - len(self._ring) + 1  # the first event still kept
        if seen + 1 < oldest:
            return None
        return [e for e in self._ring if int(e.id.rsplit("-", 1)[1]) > seen and stream.wants(e)]

    def leave(self, stream: Stream) -> None:
        stream.closed = True
        stream.wake.set()
        self._streams.discard(stream)

    @property
    def streams(self) -> int:
        return len(self._streams)

    def close(self) -> None:
        """End every stream and the poll (the server stops)."""
        self._closed = True
        for stream in list(self._streams):
            self.leave(stream)
        if self._poller is not None:
            self._poller.cancel()

    # -- looking -------------------------------------------------------------------------------
    def _start_polling(self) -> None:
        loop = asyncio.get_running_loop()
        if self._poller is None or self._poller.done() or self._poller.get_loop() is not loop:
            self._poller = loop.create_task(self._polling())

    async def _polling(self) -> None:
        """While anyone follows: look at every followed encounter (and the list) each tick."""
        while self._streams and not self._closed:
            await asyncio.sleep(self._poll)
            refs: list[str | int] = sorted({s.encounter for s in self._streams
                                            if s.encounter is not None})
            await self._look(refs, listing=any(s.encounter is None for s in self._streams))

    async def _look(self, refs: list[str | int], listing: bool) -> None:
        """Read the versions of ``refs`` (and of the list) in a thread; publish what changed."""
        import anyio.to_thread

        try:
            found, listed = await anyio.to_thread.run_sync(self.read, refs, listing)
        except Exception as exc:  # the poll goes on: the next look may succeed
            log.warning("live: cannot read the encounters: %s", exc)
            return
        for encounter, version in found.values():
            self.saw(encounter, version)
        if listed is not None:
            self.saw(None, listed)


def store_reader(db: str | None) -> Reader:
    """The hub's reads of encounter database ``db`` (None: the user's default): each
    encounter's version, and the list's (how many, the last id, and each one's version)."""

    def read(refs: list[str | int], listing: bool
             ) -> tuple[dict[str | int, tuple[int, str]], str | None]:
        from ..play.store import EncounterStore, StoreError

        found: dict[str | int, tuple[int, str]] = {}
        try:
            store = EncounterStore(db, readonly=True)
        except StoreError:
            return found, None  # no database yet: nothing to follow
        with store:
            for ref in refs:
                with contextlib.suppress(StoreError):
                    info, version = store.version(ref)
                    found[ref] = (info.id, version)
            listed = None
            if listing:
                infos = store.encounters()
                listed = f"{len(infos)}-{infos[-1].id if infos else 0}"
        return found, listed

    return read
