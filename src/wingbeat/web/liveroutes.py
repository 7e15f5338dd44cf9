"""The shared table's live routes: each encounter's event stream, and moves that wait for the
game master's approval (proposals).

``GET /api/play/encounters/{ref}/events`` is a server-sent event stream (sse-starlette) of the
encounter's events (``web/live.py``: kind and version only, never a creature or a place), with
keep-alive comments; ``Last-Event-ID`` resumes it. ``GET /api/play/events`` is the list of
encounters' stream. A page reads a stream with ``fetch`` (``static/live.js``), so a shared key
travels as a header like every other request's.

Approval (``…/approval``, the game master only): while an encounter requires it, a player's
declared move (``POST …/moves`` by a side's key) is checked as a move is and, if legal, kept as
a proposal (202) in the server's memory (``web/proposals.py``) until the game master accepts it
(applied through the store, on the board the player saw, else "the board changed: look again")
or refuses it. The game master's own moves are never proposals.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Annotated, Any

from fastapi import APIRouter, Header, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field
from sse_starlette import EventSourceResponse
from sse_starlette.sse import SendTimeoutError

from .._console import parse_query_options
from ..play.visibility import Forbidden
from ._messages import _
from .live import Event, Hub, Stream, store_reader
from .proposals import Proposal, ProposalBook, new_id, way_of
from .roles import role_of

if TYPE_CHECKING:
    from collections.abc import AsyncIterator

    from starlette.types import Receive, Scope, Send

__all__ = ["KEEP_ALIVE", "SEND_TIMEOUT", "book_of", "hub_of", "live_router", "proposed",
           "touched"]

#: Seconds between keep-alive comments: under the idle timeouts of proxies and phones (30–60 s).
KEEP_ALIVE = 15
#: Seconds one event may take to go out: a client that does not read for that long is dropped.
SEND_TIMEOUT = 10

log = logging.getLogger("wingbeat.web")

#: ``web/play.py``'s ``asked``: what a worker answers about an encounter (given, not imported:
#: the play API calls this module).
Ask = Callable[..., Awaitable[Response]]

_LastId = Annotated[str | None, Header(alias="Last-Event-ID", max_length=100,
                                       description="The last event id seen: resume after it.")]
_Screen = Annotated[str | None, Header(
    alias="X-Wingbeat-Screen", max_length=64, pattern=r"^[A-Za-z0-9_-]{8,64}$",
    description="The page's own id (kept for its tab): a new stream of the same screen takes "
                "the place of its old one (a phone back on another network).")]


class Approval(BaseModel):
    """Whether a player's declared move waits for the game master (``required``)."""

    model_config = ConfigDict(extra="forbid")

    required: bool


class Refusal(BaseModel):
    """Why the game master refuses a proposal (the player reads it)."""

    model_config = ConfigDict(extra="forbid")

    reason: str | None = Field(default=None, max_length=300)


def hub_of(request: Request) -> Hub:
    """The app's hub, made on first use (on the app's own encounter database)."""
    state = request.app.state
    hub: Hub | None = getattr(state, "live_hub", None)
    if hub is None:
        db = getattr(state, "play_db", None)
        hub = state.live_hub = Hub(store_reader(None if db is None else str(db)))
    return hub


def book_of(request: Request) -> ProposalBook:
    state = request.app.state
    book: ProposalBook | None = getattr(state, "proposals", None)
    if book is None:
        book = state.proposals = ProposalBook()
    return book


async def touched(request: Request, ref: str | None) -> None:
    """The web API wrote to encounter ``ref`` (None: started one): every screen hears it."""
    await hub_of(request).touched(ref)


async def _resolve(request: Request, ref: str) -> tuple[int, str]:
    """Encounter ``ref``'s id and version, read off the event loop; a ``StoreError`` (400)
    when there is no such encounter."""
    import anyio.to_thread

    from ..play.store import EncounterStore

    db = getattr(request.app.state, "play_db", None)

    def read() -> tuple[int, str]:
        with EncounterStore(None if db is None else str(db), readonly=True) as store:
            info, version = store.version(ref)
        return info.id, version

    return await anyio.to_thread.run_sync(read)


# -- the streams ----------------------------------------------------------------------------------

class _Following(EventSourceResponse):
    """A stream that leaves the hub however it ends (the client went, dropped, shutdown)."""

    def __init__(self, hub: Hub, stream: Stream, first: list[Event]) -> None:
        super().__init__(self._events(stream, first), ping=KEEP_ALIVE,
                         send_timeout=SEND_TIMEOUT, headers={"Cache-Control": "no-store"})
        self.hub = hub
        self.stream = stream

    @staticmethod
    async def _events(stream: Stream, first: list[Event]) -> AsyncIterator[dict[str, str]]:
        for event in first:
            yield event.to_sse()
        while (batch := await stream.next()) is not None:
            for event in batch:
                yield event.to_sse()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        except SendTimeoutError:  # a client that stopped reading: its connection is closed
            log.info("live: dropped a stream whose client read nothing for %s s", SEND_TIMEOUT)
        finally:
            self.hub.leave(self.stream)


def _follow(request: Request, encounter: int | None, version: str | None,
            last_id: str | None, screen: str | None = None) -> Response:
    hub = hub_of(request)
    stream, first = hub.join(encounter, role_of(request).key_id, version, last_id, screen)
    return _Following(hub, stream, first)


_STREAM: dict[int | str, dict[str, Any]] = {
    200: {"content": {"text/event-stream": {}},
          "description": "Server-sent events: one JSON object per event (encounter, kind, "
                         "version), ids to resume from, keep-alive comments."},
    429: {"description": "This key follows its most streams."},
    503: {"description": "The server follows its most streams."}}


# -- proposals ------------------------------------------------------------------------------------

def _game_master_only(request: Request, what: str) -> None:
    """Refuse (403) a player's key: ``what`` is the refusal's sentence (marked where it is
    said)."""
    if not role_of(request).is_game_master:
        raise Forbidden(what)


async def _hidden_from(request: Request, ask: Ask, ref: str, book: ProposalBook,
                       encounter: int) -> frozenset[str]:
    """The creatures of other sides' proposals that the asking player cannot see (``hidden:
    true``, not yet revealed): those not in the encounter as the player is shown it. Their
    proposals are listed without creature, moves or way."""
    role = role_of(request)
    others = {creature for creature, side in book.creatures(encounter)
              if not role.may_see_side(side)}
    if not others:
        return frozenset()
    shown = await ask(request, "show", ref)
    if shown.status_code != 200:
        return frozenset(others)  # in doubt, nothing of them
    pieces = json.loads(bytes(shown.body)).get("state", {}).get("pieces", {})
    return frozenset(creature for creature in others if creature not in pieces)


def _said(request: Request, encounter: int, proposal: Proposal) -> None:
    """Every screen hears that a proposal came or was decided (its id and status only)."""
    hub_of(request).publish(encounter, "proposal", None, proposal=proposal.id,
                            status=proposal.status)


async def proposed(request: Request, ask: Ask, ref: str, creature: str, moves: str,
                   options: list[str], after: str | None) -> Response | None:
    """A player's declared move kept as a proposal (202) while encounter ``ref`` requires
    approval, or refused as a move is (409); None: not the case, the move is played."""
    role = role_of(request)
    if role.is_game_master:
        return None
    encounter, version = await _resolve(request, ref)
    book = book_of(request)
    if not book.required(encounter):
        return None
    if after is not None and after != version:  # declared on a board that is gone already
        return JSONResponse({"legal": False, "error": {
            "message": _("the board changed: look again (another action came first in "
                         "encounter {encounter})").format(encounter=encounter),
            "rule": "board-changed", "version": version}},
            status_code=409)
    checked = await ask(request, "check", ref, creature, moves, parse_query_options(options))
    if checked.status_code != 200:
        return checked
    data = json.loads(bytes(checked.body))
    if not data.get("legal"):
        return JSONResponse({"legal": False, "error": data.get("error")}, status_code=409)
    proposal = book.propose(Proposal(
        id=new_id(), encounter=encounter, creature=creature, moves=moves,
        options=tuple(options), side=role.side, key=role.key_id, version=after or version,
        cost=None if data.get("cost") is None else str(data["cost"]),
        cost_text=data.get("cost_text"), way=way_of(data)))
    _said(request, encounter, proposal)
    return JSONResponse(proposal.to_dict(), status_code=202)


def live_router(ask: Ask) -> APIRouter:
    """The live routes (module docstring); ``ask``: the play API's worker call."""
    router = APIRouter(prefix="/api/play", tags=["play"])

    @router.get("/encounters/{ref}/events", response_model=None, responses=_STREAM)
    async def encounter_events(request: Request, ref: str, last_event_id: _LastId = None,
                               x_wingbeat_screen: _Screen = None) -> Response:
        """The encounter's changes as they happen (a move, an undo, a new round, a proposal …):
        each event says only its kind and the encounter's version; the page asks the API
        again."""
        encounter, version = await _resolve(request, ref)
        return _follow(request, encounter, version, last_event_id, x_wingbeat_screen)

    @router.get("/events", response_model=None, responses=_STREAM)
    async def list_events(request: Request, last_event_id: _LastId = None,
                          x_wingbeat_screen: _Screen = None) -> Response:
        """The encounters' changes: one started, or any followed one changed."""
        import anyio.to_thread

        _found, listed = await anyio.to_thread.run_sync(hub_of(request).read, [], True)
        return _follow(request, None, listed, last_event_id, x_wingbeat_screen)

    @router.post("/encounters/{ref}/approval")
    async def approval(request: Request, ref: str, body: Approval) -> dict[str, Any]:
        """Whether players' declared moves wait for the game master's approval (the game
        master only)."""
        _game_master_only(request, _("only the game master may decide whether moves need approval"))
        encounter, _version = await _resolve(request, ref)
        book = book_of(request)
        waiting = [p["id"] for p in book.listed(encounter, role_of(request))
                   if p["status"] == "pending"]
        book.require(encounter, body.required)
        hub_of(request).publish(encounter, "approval", None, required=body.required)
        for pid in waiting if not body.required else ():
            hub_of(request).publish(encounter, "proposal", None, proposal=pid, status="refused")
        return {"encounter": encounter, "required": body.required}

    @router.get("/encounters/{ref}/proposals")
    async def proposals(request: Request, ref: str) -> dict[str, Any]:
        """Whether approval is required, and the proposals: waiting first, then the last
        decided."""
        encounter, _version = await _resolve(request, ref)
        book = book_of(request)
        role = role_of(request)
        return {"encounter": encounter, "required": book.required(encounter),
                "you": {"side": role.side, "game_master": role.is_game_master},
                "proposals": book.listed(encounter, role, await _hidden_from(
                    request, ask, ref, book, encounter))}

    @router.post("/encounters/{ref}/proposals/{proposal}/accept")
    async def accept(request: Request, ref: str, proposal: str) -> Response:
        """Play the proposal (game master only), on the board the player saw: if it changed
        since, the proposal is refused ("the board changed: look again")."""
        _game_master_only(request, _("only the game master may accept a proposal"))
        encounter, _version = await _resolve(request, ref)
        book = book_of(request)
        found = book.get(encounter, proposal)
        answer = await ask(request, "move", ref, found.creature, found.moves,
                           parse_query_options(list(found.options)), found.version)
        if answer.status_code == 200:  # every screen heard the move (``ask`` said it)
            _said(request, encounter, book.decide(encounter, proposal, "accepted"))
        elif answer.status_code == 409:
            said = json.loads(bytes(answer.body)).get("error") or {}
            _said(request, encounter, book.decide(encounter, proposal, "refused",
                                                  str(said.get("message") or "refused")))
        return answer

    @router.post("/encounters/{ref}/proposals/{proposal}/refuse")
    async def refuse(request: Request, ref: str, proposal: str,
                     body: Refusal | None = None) -> dict[str, Any]:
        """Refuse the proposal (game master only), with a reason the player reads."""
        _game_master_only(request, _("only the game master may refuse a proposal"))
        encounter, _version = await _resolve(request, ref)
        reason = (body.reason if body is not None else None) or _("the game master refused it")
        decided = book_of(request).decide(encounter, proposal, "refused", reason)
        _said(request, encounter, decided)
        return decided.to_dict()

    return router
