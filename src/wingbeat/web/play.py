"""The play API for the web page: the same store and answers as ``wingbeat play … --json``.

``router`` (prefix ``/api/play``) and ``play_threat_router()`` (an encounter's threat overlay and
suggested move) go into any FastAPI app; the database is
``app.state.play_db`` when set, else the user's default one. Each request that opens the
database runs in one of the app's worker processes (``web/playjobs.py``), under the same time and
memory limits as a query: a move on a large map is a search, and a write is still the store's one
transaction. A refused move
answers 409 with the refusal (``{"legal": false, "error": {rule, message, …}}``); bad input answers
400 with ``{"error": {"message": …}}``, as the rest of the web app does. Each entry in an answer
also carries ``"text"``, the log's words for it (``Entry.to_text``), and so does each creature
that must act (``pending``): the page shows them as they are.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, FastAPI, HTTPException, Query, Request
from fastapi.responses import FileResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from .._console import parse_query_options
from ..errors import ScenarioError
from ._messages import _
from .models import (
    CheckAnswer,
    NoPath,
    PlayEncounters,
    PlayExamples,
    PlayLog,
    PlayOutcome,
    PlayRefused,
    PlayReplay,
    PlayShow,
    SuggestAnswer,
    ThreatOverlay,
    documented,
)
from .queries import LevelQ, OneQ, SideQ, ViaQ, WeightQ, level_of, waypoints

__all__ = ["create_play_app", "play_threat_router", "router"]

STATIC = Path(__file__).resolve().parent / "static"
MAX_SCENARIO_CHARS = 1_000_000

router = APIRouter(prefix="/api/play", tags=["play"])


class NewEncounter(BaseModel):
    """Start an encounter from ``scenario`` (``example:NAME``) or from scenario ``text``."""

    model_config = ConfigDict(extra="forbid")

    scenario: str | None = None
    text: str | None = Field(default=None, max_length=MAX_SCENARIO_CHARS)
    source: str | None = Field(default=None, max_length=200)
    seed: int | None = Field(default=None, ge=0, lt=2**63)
    order: list[str] | None = None
    name: str | None = Field(default=None, max_length=100)


class DeclaredMove(BaseModel):
    """A creature's declared move, in the ruleset's notation (empty: it holds), and the ruleset's
    query options it is played under, ``KEY=VALUE`` as ``--option`` (``["factor=2"]``)."""

    model_config = ConfigDict(extra="forbid")

    creature: str = Field(min_length=1, max_length=200)
    moves: str = Field(default="", max_length=2000)
    options: list[Annotated[str, Field(max_length=200)]] = Field(default_factory=list,
                                                                 max_length=20)
    after: str | None = Field(default=None, max_length=40, description=(
        "The encounter's version the player saw (show's ``version``): if another action came "
        "since, the move is refused with 409, the board changed."))


class DeclaredCondition(BaseModel):
    """The game master's word: ``creature``'s conditions change (``"+prone"``, ``"-grappled"``)."""

    model_config = ConfigDict(extra="forbid")

    creature: str = Field(min_length=1, max_length=200)
    change: str = Field(min_length=1, max_length=500)


def _db(request: Request) -> str | None:
    """The app's encounter database (``app.state.play_db``), None: the user's default."""
    path = getattr(request.app.state, "play_db", None)
    return None if path is None else str(path)


async def asked(request: Request, what: str, ref: str | None, *args: Any,
                media: str = "application/json") -> Response:
    """``what`` done to encounter ``ref`` in a worker process (``web/playjobs.py``), under the
    app's time and memory limits, its status and answer as the worker framed them; past the
    limits, 503 (the app's handlers). The encounter's requests go to the worker that last
    played it, which keeps its scenario parsed."""
    from . import playjobs
    from .guard import in_worker
    from .roles import role_of

    db = _db(request)
    affinity = (("play", db, ref),) if ref is not None else ()
    # a shared table's player: the same work, filtered by what its side may see (playjobs)
    side = role_of(request).side
    job, seat = (playjobs.play, ()) if side is None else (playjobs.play_as, (side,))
    status, body = playjobs.unframed(await in_worker(request, job, db, *seat, what, ref, *args,
                                                     affinity=affinity))
    if status == 200 and what in _WRITES:  # committed: every screen hears it (web/live.py)
        from .liveroutes import touched

        await touched(request, ref)
    return Response(body, status_code=status,
                    media_type=media if status == 200 else "application/json")


_WRITES = frozenset({"new", "move", "condition", "next-round", "undo", "reveal"})


_refusable = {**documented(PlayOutcome), 409: {"model": PlayRefused,
                                             "description": "A refused move or round"}}


# Every request that opens the database runs in a worker (``asked``): a read parses the
# encounter's scenario (``store.setup``), which on a large map takes seconds and hundreds of MB.

@router.get("/examples", responses=documented(PlayExamples))
async def examples() -> dict[str, Any]:
    """The built-in scenarios an encounter can start from."""
    from ..examples import example_names

    return {"examples": [f"example:{name}" for name in example_names()]}


@router.get("/encounters", responses=documented(PlayEncounters))
async def encounters(request: Request) -> Response:
    """Every encounter in the database, with the round it stands in."""
    return await asked(request, "encounters", None)


@router.post("/encounters", responses=documented(PlayOutcome))
async def new_encounter(request: Request, body: NewEncounter) -> Response:
    """Start an encounter: set up, turn order given or rolled (1d20 each)."""
    if (body.scenario is None) == (body.text is None):
        raise ScenarioError(_("send either scenario (example:NAME) or the scenario text"))
    return await asked(request, "new", None, body.scenario, body.text, body.source, body.seed,
                       body.order, body.name)


@router.get("/encounters/{ref}", responses=documented(PlayShow))
async def show(request: Request, ref: str) -> Response:
    """Where the encounter stands: round, turn order, every piece, who must act."""
    return await asked(request, "show", ref)


@router.get("/encounters/{ref}/map.svg", response_model=None,
            responses={200: {"content": {"image/svg+xml": {}}}})
async def picture(request: Request, ref: str) -> Response:
    """The whole battlefield: every creature where it stands now, where the next to move can
    go, and the round's last move as a trail (checked as made, from where it began)."""
    return await asked(request, "picture", ref, media="image/svg+xml")


@router.get("/encounters/{ref}/log", responses=documented(PlayLog))
async def log(request: Request, ref: str) -> Response:
    """Every action with its rolls and events, set-up first."""
    return await asked(request, "log", ref)


@router.post("/encounters/{ref}/moves", responses={
    **_refusable, 202: {"description": "Kept as a proposal for the game master to accept "
                                       "(the encounter requires approval: web/liveroutes.py)"}})
async def move(request: Request, ref: str, body: DeclaredMove) -> Response:
    """Declare a creature's move: checked, its saves rolled, its consequences applied; a
    player's, while the encounter requires approval, waits as a proposal (202)."""
    options = parse_query_options(body.options)  # a bad option is refused before any work
    from .liveroutes import proposed

    waiting = await proposed(request, asked, ref, body.creature, body.moves, body.options,
                             body.after)
    if waiting is not None:  # approval required: kept for the game master (202), or refused
        return waiting
    return await asked(request, "move", ref, body.creature, body.moves, options, body.after)


@router.post("/encounters/{ref}/conditions", responses=_refusable)
async def condition(request: Request, ref: str, body: DeclaredCondition) -> Response:
    """Change a creature's conditions now (knocked prone …): what that causes is rolled."""
    return await asked(request, "condition", ref, body.creature, body.change)


@router.post("/encounters/{ref}/next-round", responses=_refusable)
async def next_round(request: Request, ref: str) -> Response:
    """End the round (creatures that did not move hold) and start the next one."""
    return await asked(request, "next-round", ref)


class RevealedCreature(BaseModel):
    """The game master's word: a hidden creature is shown to every player."""

    model_config = ConfigDict(extra="forbid")

    creature: str = Field(min_length=1, max_length=200)


@router.post("/encounters/{ref}/reveal", responses=_refusable)
async def reveal(request: Request, ref: str, body: RevealedCreature) -> Response:
    """Show a creature the scenario hides (``hidden: true``) to every player of a shared table
    (``wingbeat play reveal``); logged, so undo hides it again."""
    return await asked(request, "reveal", ref, body.creature)


@router.post("/encounters/{ref}/undo", responses=documented(PlayOutcome))
async def undo(request: Request, ref: str) -> Response:
    """Take back the last action."""
    return await asked(request, "undo", ref)


@router.get("/encounters/{ref}/replay", responses=documented(PlayReplay))
async def replay(request: Request, ref: str) -> Response:
    """Replay the log from scenario and seed, and say whether every stored entry comes back."""
    return await asked(request, "replay", ref)


# -- the drag's questions (issue 26): the analysis page's reach tree, path and check, asked of the
# encounter as it stands (the creature must not have moved this round); nothing is declared.

_CreatureQ = Annotated[str, Query(max_length=200, description="The creature's id.")]
_AltitudeQ = Annotated[str | None, Query(
    max_length=40, description="An altitude (or tier); none or 'all': the best over all.")]
_OptionQ = Annotated[list[str] | None, Query(
    description="A ruleset query option, KEY=VALUE (repeatable), as --option on the CLI.")]
_NoChecksQ = Annotated[bool, Query(description="Leave out every way that needs a save.")]


@router.get("/encounters/{ref}/reach-tree",
            responses={**documented(None, 503),
                       200: {"content": {"application/octet-stream": {}},
                             "description": "The reach tree's binary layout (docs/json.md)."}})
async def reach_tree(request: Request, ref: str, creature: _CreatureQ,
                     altitude: _AltitudeQ = None, no_checks: _NoChecksQ = False,
                     option: _OptionQ = None, via: ViaQ = None) -> Response:
    """The reach tree (as ``/api/reach-tree``) of ``creature`` as the encounter stands: the way
    ``path`` finds to every place at ``altitude``, read by the play page's drag preview; with
    ``via``, the ways through those waypoints in order. Grid rulesets only."""
    from ..render.commands import _altitude

    level = _altitude(altitude)
    return await asked(request, "reach-tree", ref, creature, level,
                       parse_query_options(option, no_checks), waypoints(via),
                       media="application/octet-stream")


@router.get("/encounters/{ref}/path", responses=documented(CheckAnswer | NoPath, 503))
async def way(request: Request, ref: str, creature: _CreatureQ,
              to: Annotated[str | None, Query(max_length=200,
                                              description="A cell label: U35.")] = None,
              altitude: _AltitudeQ = None, mode: Annotated[str | None, Query(max_length=40)] = None,
              attack: Annotated[str | None, Query(max_length=200)] = None,
              can_act: bool = False, no_checks: _NoChecksQ = False,
              option: _OptionQ = None, via: ViaQ = None) -> Response:
    """The cheapest way (as ``/api/path``, ``wingbeat path --json``) of ``creature`` as the
    encounter stands; with ``via``, the cheapest through those waypoints in order."""
    route = {"to": to, "altitude": altitude, "mode": mode, "attack": attack, "can_act": can_act,
             "via": waypoints(via)}
    return await asked(request, "path", ref, creature, route,
                       parse_query_options(option, no_checks))


@router.get("/encounters/{ref}/check", responses=documented(CheckAnswer, 503))
async def checked(request: Request, ref: str, creature: _CreatureQ,
                  moves: Annotated[str, Query(max_length=2000,
                                              description='The move: "U35 down hover".')],
                  option: _OptionQ = None) -> Response:
    """Whether ``moves`` is legal for ``creature`` as the encounter stands (as ``/api/check``,
    ``wingbeat check --json``; an illegal move is an answer, status 200); nothing is declared:
    the page's drop asks this, then posts the move to ``…/moves`` once the game master
    confirms."""
    return await asked(request, "check", ref, creature, moves, parse_query_options(option))


def create_play_app(db: str | Path | None = None, hosts: Iterable[str] = ()) -> FastAPI:
    """A small app with only the play page and its API: for tests, and for a table that needs
    nothing else. The full web app includes ``router`` itself. Guarded as the full app is
    (``wingbeat.web.guard``): ``hosts`` are the names it answers to besides the loopback."""
    from .docs import mount_docs
    from .guard import protect

    app = FastAPI(title="wingbeat play", docs_url=None, redoc_url=None)
    app.state.play_db = db
    protect(app, hosts)
    mount_docs(app)  # /docs from the app's own files, as the full app's
    app.include_router(router)
    from .liveroutes import live_router

    app.include_router(live_router(asked))  # the live events and the proposals
    app.include_router(play_threat_router())  # the threat overlay and suggest of an encounter

    @app.get("/", include_in_schema=False)
    @app.get("/static/play.html", include_in_schema=False)
    def page() -> Response:
        from .language import page_html

        return Response(page_html(STATIC / "play.html"), media_type="text/html")

    @app.get("/static/{name}.js", include_in_schema=False)
    def script(name: str) -> FileResponse:
        if name not in ("play", "common", "cellindex", "zoom", "playthreat", "threat",
                        "playdrag", "drag", "reachtree", "tablegesture", "legend", "share", "live",
                        "proposals", "reveal", "i18n"):  # play.js and the modules it imports
            raise HTTPException(status_code=404)
        return FileResponse(STATIC / f"{name}.js", media_type="text/javascript")

    @app.get("/api/rulesets", include_in_schema=False)
    def ruleset_words() -> dict[str, Any]:
        from ..rules.registry import page_words

        return page_words()

    @app.get("/static/playdrag.css", include_in_schema=False)
    @app.get("/static/drag.css", include_in_schema=False)
    def drag_style(request: Request) -> FileResponse:  # drag.js loads its own
        name = request.url.path.rsplit("/", 1)[-1]
        return FileResponse(STATIC / name, media_type="text/css")

    @app.get("/static/style.css", include_in_schema=False)
    def style() -> Response:
        css = STATIC / "style.css"
        if css.is_file():
            return FileResponse(css, media_type="text/css")
        return Response("", media_type="text/css")

    return app


def play_threat_router() -> APIRouter:
    """The play page's routes: ``/api/play/encounters/{ref}/threat`` and ``…/suggest`` (the
    full app has them through ``threat_router``; the play app alone, ``create_play_app``, too)."""
    router = APIRouter()

    @router.get("/api/play/encounters/{ref}/threat", tags=["play"],
                responses=documented(ThreatOverlay, 503))
    async def play_threat(request: Request, ref: str, side: SideQ = None, creature: OneQ = None,
                          altitude: LevelQ = None) -> Response:
        """The threat overlay (as ``/api/threat/overlay``) of the encounter as it stands."""
        return await asked(request, "threat", ref, side, creature, level_of(altitude))

    @router.get("/api/play/encounters/{ref}/suggest", tags=["play"],
                responses=documented(SuggestAnswer, 503))
    async def suggest(request: Request, ref: str,
                      creature: Annotated[str, Query(description="The creature's id.")],
                      weight: WeightQ = None) -> Response:
        """The best-advised move for ``creature`` as the encounter stands, with its reasons; it
        is not declared (the game master accepts it by posting its ``moves`` to
        ``/api/play/encounters/{ref}/moves``). ``play suggest --json`` plus what the page
        shows: the ``headline`` and ``cost_text``. The encounter is read and the advice (every
        foe's reach) worked out in a worker process (``web/playjobs.py``)."""
        return await asked(request, "suggest", ref, creature, parse_query_options(weight))

    return router
