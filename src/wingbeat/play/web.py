"""The play API for the web page: the same store and answers as ``wingbeat play … --json``.

``router`` (prefix ``/api/play``) goes into any FastAPI app; the database is
``app.state.play_db`` when set, else the user's default one. Each request opens its own
connection, so the page reads a consistent state while a move is being written. A refused move
answers 409 with the refusal (``{"legal": false, "error": {rule, message, …}}``); bad input answers
400 with ``{"error": {"message": …}}``, as the rest of the web app does. Each entry in an answer
also carries ``"text"``, the log's words for it (``Entry.to_text``), and so does each creature
that must act (``pending``): the page shows them as they are.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Depends, FastAPI, HTTPException, Request
from fastapi.responses import FileResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from .._console import parse_query_options
from ..errors import ScenarioError, WingbeatError
from ..narrate import event_text
from ..web.guard import error_answer
from ..web.models import (
    PlayEncounters,
    PlayExamples,
    PlayLog,
    PlayOutcome,
    PlayRefused,
    PlayReplay,
    PlayShow,
    documented,
)
from .engine import CONDITION, Action
from .store import EncounterStore
from .view import LastMove, LogView, Outcome, last_move, outcome, snapshot

__all__ = ["create_play_app", "router"]

STATIC = Path(__file__).resolve().parent.parent / "web" / "static"
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


class DeclaredCondition(BaseModel):
    """The game master's word: ``creature``'s conditions change (``"+prone"``, ``"-grappled"``)."""

    model_config = ConfigDict(extra="forbid")

    creature: str = Field(min_length=1, max_length=200)
    change: str = Field(min_length=1, max_length=500)


def _store(request: Request) -> Iterator[EncounterStore]:
    path = getattr(request.app.state, "play_db", None)
    store = EncounterStore(path)
    try:
        yield store
    finally:
        store.close()


Store = Annotated[EncounterStore, Depends(_store)]


_refusable = {**documented(PlayOutcome), 409: {"model": PlayRefused,
                                             "description": "A refused move or round"}}


def _answer(make: Callable[[], Any]) -> Any:
    """``make()``'s answer as JSON; an error answers with its own status and JSON
    (``guard.error_answer``: 409 and the refusal for a refused move, 400 bad input), here too
    when the router is in an app without the guard's handlers."""
    try:
        result = make()
    except WingbeatError as exc:
        return error_answer(exc)
    return _told(result) if hasattr(result, "to_dict") else result


def _told(result: Any) -> Any:
    """The answer's JSON, with each entry also said as the command line's log says it (``text``:
    the action, its rolls and events as sentences), for the page to show as it is."""
    data = result.to_dict()
    if isinstance(result, Outcome):
        data["undone" if result.undone else "entry"]["text"] = result.entry.to_text()
    elif isinstance(result, LogView):
        for entry, said in zip(result.entries, data["entries"], strict=True):
            said["text"] = entry.to_text()
    if isinstance(data.get("pending"), list):  # a snapshot: who must act, and why
        data["pending"] = [{**item, "text": event_text(item)} for item in data["pending"]]
    return data


@router.get("/examples", responses=documented(PlayExamples))
def examples() -> dict[str, Any]:
    """The built-in scenarios an encounter can start from."""
    from ..examples import example_names

    return {"examples": [f"example:{name}" for name in example_names()]}


@router.get("/encounters", responses=documented(PlayEncounters))
def encounters(store: Store) -> Any:
    """Every encounter in the database, with the round it stands in."""
    def make() -> dict[str, Any]:
        return {"encounters": [{**info.to_dict(), "round": store.current(info.id)[1].state.round}
                               for info in store.encounters()]}
    return _answer(make)


@router.post("/encounters", responses=documented(PlayOutcome))
def new_encounter(body: NewEncounter, store: Store) -> Any:
    """Start an encounter: set up, turn order given or rolled (1d20 each)."""
    def make() -> Outcome:
        if (body.scenario is None) == (body.text is None):
            raise ScenarioError("send either scenario (example:NAME) or the scenario text")
        if body.text is not None:
            text, source = body.text, body.source or "<upload>"
        else:
            from .commands import read_scenario_source

            scenario = body.scenario or ""
            if not scenario.startswith("example:"):
                raise ScenarioError("the web page starts encounters from example:NAME or from "
                                    "scenario text", source=scenario)
            text, source = read_scenario_source(scenario)
        info, entry = store.create(text, source=source, seed=body.seed, order=body.order,
                                   name=body.name)
        return outcome(store, str(info.id), entry)
    return _answer(make)


@router.get("/encounters/{ref}", responses=documented(PlayShow))
def show(ref: str, store: Store) -> Any:
    """Where the encounter stands: round, turn order, every piece, who must act."""
    def make() -> Any:
        info, now = store.current(ref)
        return snapshot(info, store.setup(info), now.state)
    return _answer(make)


@router.get("/encounters/{ref}/map.svg", response_model=None,
            responses={200: {"content": {"image/svg+xml": {}}}})
async def picture(request: Request, ref: str, store: Store) -> Response:
    """The whole battlefield: every creature where it stands now, where the next to move can
    go, and the round's last move as a trail (checked as made, from where it began)."""
    from ..web import jobs
    from ..web.guard import in_worker, limited

    def now_drawn() -> tuple[Any, str | None, LastMove | None]:
        info, entries = store.entries(ref)
        setup = store.setup(info)
        now = entries[-1].state
        return (setup.adapter.scenario_now(setup.scenario, now.pieces), now.next_up,
                last_move(setup, entries))
    # Read here (a thread), drawn in a worker process; bad input (400) and a drawing past the
    # time limit (503) answer through the app's handlers.
    drawn, focus, last = await limited(request, now_drawn)
    return Response(await in_worker(request, jobs.picture, drawn, focus, last),
                    media_type="image/svg+xml")


@router.get("/encounters/{ref}/log", responses=documented(PlayLog))
def log(ref: str, store: Store) -> Any:
    """Every action with its rolls and events, set-up first."""
    def make() -> LogView:
        info, entries = store.entries(ref)
        return LogView(info, entries)
    return _answer(make)


@router.post("/encounters/{ref}/moves", responses=_refusable)
def move(ref: str, body: DeclaredMove, store: Store) -> Any:
    """Declare a creature's move: checked, its saves rolled, its consequences applied."""
    def make() -> Outcome:
        options = parse_query_options(body.options)
        return outcome(store, ref, store.move(ref, body.creature, body.moves, options))
    return _answer(make)


@router.post("/encounters/{ref}/conditions", responses=_refusable)
def condition(ref: str, body: DeclaredCondition, store: Store) -> Any:
    """Change a creature's conditions now (knocked prone …): what that causes is rolled."""
    action = Action(CONDITION, body.creature, body.change)
    return _answer(lambda: outcome(store, ref, store.play(ref, action)))


@router.post("/encounters/{ref}/next-round", responses=_refusable)
def next_round(ref: str, store: Store) -> Any:
    """End the round (creatures that did not move hold) and start the next one."""
    return _answer(lambda: outcome(store, ref, store.next_round(ref)))


@router.post("/encounters/{ref}/undo", responses=documented(PlayOutcome))
def undo(ref: str, store: Store) -> Any:
    """Take back the last action."""
    def make() -> Outcome:
        removed, _now = store.undo(ref)
        return outcome(store, ref, removed, undone=True)
    return _answer(make)


@router.get("/encounters/{ref}/replay", responses=documented(PlayReplay))
def replay(ref: str, store: Store) -> Any:
    """Replay the log from scenario and seed, and say whether every stored entry comes back."""
    return _answer(lambda: store.replay(ref))


def create_play_app(db: str | Path | None = None, hosts: Iterable[str] = ()) -> FastAPI:
    """A small app with only the play page and its API: for tests, and for a table that needs
    nothing else. The full web app includes ``router`` itself. Guarded as the full app is
    (``wingbeat.web.guard``): ``hosts`` are the names it answers to besides the loopback."""
    from ..web.docs import mount_docs
    from ..web.guard import protect

    app = FastAPI(title="wingbeat play", docs_url=None, redoc_url=None)
    app.state.play_db = db
    protect(app, hosts)
    mount_docs(app)  # /docs from the app's own files, as the full app's
    app.include_router(router)
    from ..web.threat import play_threat_router

    app.include_router(play_threat_router())  # the threat overlay and suggest of an encounter

    @app.get("/", include_in_schema=False)
    @app.get("/static/play.html", include_in_schema=False)
    def page() -> FileResponse:
        return FileResponse(STATIC / "play.html", media_type="text/html")

    @app.get("/static/{name}.js", include_in_schema=False)
    def script(name: str) -> FileResponse:
        if name not in ("play", "common", "zoom", "playthreat", "threat"):  # play.js and the
            # modules it imports
            raise HTTPException(status_code=404)
        return FileResponse(STATIC / f"{name}.js", media_type="text/javascript")

    @app.get("/api/rulesets", include_in_schema=False)
    def ruleset_words() -> dict[str, Any]:
        from ..rules.registry import page_words

        return page_words()

    @app.get("/static/style.css", include_in_schema=False)
    def style() -> Response:
        css = STATIC / "style.css"
        if css.is_file():
            return FileResponse(css, media_type="text/css")
        return Response("", media_type="text/css")

    return app
