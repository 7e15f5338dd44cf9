"""The FastAPI app: a static page and a JSON API that mirrors the command line.

Every query endpoint answers with exactly the JSON that ``wingbeat … --json`` prints (``path`` and
``check`` add to each check and event the sentence the command line's text says, ``"text"``, so
the page says them as the table does without a second copy of the words), and every bad input
with ``{"error": {"message": …}}``, the CLI's message, status 400 (413 for an upload over 1 MB,
422 for a request missing a parameter, 503 for a question past the server's time or memory
limit). The app only reads built-in examples, uploads kept in memory, and files inside the
directory it was given.

The heavy work of a request (parsing a scenario, reach, path, check, engagement, render) runs in
a worker process (web/jobs.py, web/pool.py), which returns the answer's bytes; the app keeps them
(``ScenarioStore.answer``), so asking again is a look-up. Static files, the lists and the play
API's reads stay in the server's own process.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Query, Request
from fastapi.responses import JSONResponse, Response, StreamingResponse
from fastapi.staticfiles import StaticFiles
from starlette.background import BackgroundTask
from starlette.concurrency import run_in_threadpool

from ..errors import ScenarioError
from ..rules.registry import page_words, rulesets
from . import jobs
from ._messages import _
from .docs import mount_docs
from .guard import in_worker, protect, streamed_in_worker
from .language import page_html
from .models import (
    CheckAnswer,
    EngagementAnswer,
    NoPath,
    ReachAnswer,
    RulesetList,
    ScenarioInfo,
    ScenarioList,
    documented,
)
from .patch import Picture, PictureShelf, changes
from .pool import MEMORY_LIMIT_MB, WORKERS, Streamed, pool_for
from .queries import ViaQ, waypoints
from .scenarios import ANSWERS_BYTES, MAX_BYTES, ScenarioStore

__all__ = ["DEFAULT_SCENARIO", "create_app"]

DEFAULT_SCENARIO = "example:giant-bat"
STATIC = Path(__file__).parent / "static"

ScenarioQ = Annotated[str | None, Query(
    description="example:NAME, upload:ID (from /api/upload), or a file name in the scenario "
                "directory; the server's default when left out.")]
CreatureQ = Annotated[str, Query(description="The creature's id in the scenario.")]
NoChecksQ = Annotated[bool, Query(description="Leave out every way that needs a save.")]
OptionQ = Annotated[list[str] | None, Query(
    description="A ruleset query option, KEY=VALUE (repeatable), as --option on the CLI.")]
AltitudeQ = Annotated[str | None, Query(
    description="An altitude (or tier); for render, 'all' or none shows the best over all.")]
AttackQ = Annotated[str | None, Query(
    description="Instead of to: the cheapest place in melee with this creature, with the attack "
                "still to make (--attack on the CLI; "
                + " and ".join(r.id for r in rulesets() if r.can("attack_path")) + ").")]
CanActQ = Annotated[bool, Query(
    description="Only ways that leave the creature an attack this round (--can-act).")]
FormatQ = Annotated[str, Query(alias="format", description="svg (the default) or png.")]
ReachFormatQ = Annotated[Literal["json", "jsonl"], Query(
    alias="format", description="json (the default) or jsonl: a line of the reach's fields, then "
                                "one line of JSON for each end state (application/x-ndjson).")]
FromPictureQ = Annotated[str | None, Query(
    description="The X-Wingbeat-Picture of the SVG the page shows: the answer may then be JSON, "
                "the runs of that picture's top-level children to replace (web/patch.py).")]
#: pictures a page may say it keeps (``kept``)
KEPT_PICTURES = 8
KeptQ = Annotated[str | None, Query(
    max_length=KEPT_PICTURES * 33,
    description="The X-Wingbeat-Picture names of pictures the page keeps, comma-separated (at "
                "most 8): when the answer is one of them it is only its name, JSON "
                '{"picture": NAME, "kept": true}.')]


#: Pictures up to this size are named and compared on the event loop (web/patch.py).
INLINE_PICTURE_BYTES = 1024 * 1024


class UploadTooLarge(ScenarioError):
    """An upload over the size limit: refused before it is read whole (413)."""

    http_status = 413


def create_app(scenario_dir: Path | None = None, scenario: str | None = None,
               hosts: Iterable[str] = (), time_limit: float | None = None,
               workers: int = WORKERS, memory_limit: int = MEMORY_LIMIT_MB,
               answers_bytes: int = ANSWERS_BYTES) -> FastAPI:
    """The web app over ``scenario_dir`` (files by name only inside it), opening on ``scenario``.

    ``scenario`` is ``example:NAME`` or a file name in ``scenario_dir``; the built-in giant bat
    example when None. ``hosts``: the names it answers to besides the loopback (``--host``);
    ``time_limit``: the seconds one question may compute before it answers 503 (None:
    ``guard.TIME_LIMIT``); ``workers``:
    the worker processes that compute (``memory_limit`` MB of address space each, 0: no limit);
    ``answers_bytes``: the encoded answers kept.
    """
    from .._console import parse_query_options
    from ..render.commands import _altitude

    store = ScenarioStore(scenario_dir, answers_bytes)
    pictures = PictureShelf()  # the SVGs last sent, to answer "the changes from" one
    default = scenario or DEFAULT_SCENARIO
    app = FastAPI(
        title="wingbeat",
        summary="Exact flying movement for tabletop games: reach, cheapest paths, move checks.",
        description="The same answers as the `wingbeat` command line, as JSON. Each query takes "
                    "a `scenario` (`example:giant-bat`, an `upload:ID` from `/api/upload`, or a "
                    "file name in the server's scenario directory).",
        version=_version(),
        docs_url=None,  # /docs is served from the app's own files (web/docs.py)
        redoc_url=None,  # ReDoc would load from a CDN
    )

    protect(app, hosts, time_limit)
    mount_docs(app)
    app.state.pool = pool_for(workers, memory_limit)
    app.state.pictures = pictures

    async def answer(request: Request, name: str | None, question: tuple[Any, ...],
                     job: Any, *args: Any, media: str = "application/json",
                     about: str | None = None) -> Response:
        """The answer to ``question`` about the scenario ``name``: kept, or ``job(source,
        *args)`` computed in a worker process and kept; preferably by the worker that answered
        about the same creature (``about``) of the scenario, which keeps its reach and tables.
        A job that answers in chunks (a reach) may stream a big answer from its worker as the
        response is sent (``StreamingResponse``): that one is not kept, the worker keeps the
        reach it writes it from."""
        source = store.source(name or default)
        body: bytes | Streamed | None = store.cached(source, question)
        if body is None:
            affinity = ((source.key, about), source.key) if about else (source.key,)
            body = await streamed_in_worker(
                request, job, source, *args, compute=lambda run, deadline: (
                    store.answer(source, question, run, deadline)), affinity=affinity)
        if isinstance(body, Streamed):
            return StreamingResponse(iter(body), media_type=media,
                                     background=BackgroundTask(body.close))
        return Response(body, media_type=media)

    # The page from memory, on the event loop: a file answer takes a thread hand-off per chunk,
    # which a busy machine makes slow (the mix's slowest cheap request, docs/web.md). Each page
    # in the request's language, its catalog inside (web/language.py).
    @app.get("/", include_in_schema=False)
    async def index() -> Response:
        return Response(page_html(STATIC / "index.html"), media_type="text/html")

    @app.get("/static/play.html", include_in_schema=False)
    async def play_page() -> Response:
        return Response(page_html(STATIC / "play.html"), media_type="text/html")

    # The lists are cheap: answered on the event loop, not through the thread pool, which a busy
    # machine makes slow to hand back (docs/limits.md, the hostile load).
    @app.get("/api/scenarios", tags=["scenarios"], responses=documented(ScenarioList))
    async def scenarios() -> dict[str, Any]:
        """The scenarios this server can open, and the one it opens on."""
        return {"default": default, "scenarios": store.names(),
                "uploads": True, "max_upload_bytes": MAX_BYTES}

    @app.get("/api/rulesets", tags=["scenarios"], responses=documented(RulesetList))
    async def ruleset_list() -> dict[str, Any]:
        """Every registered ruleset: its id, title, kind of space, capabilities (``attack_path``,
        ``saves``, ``conditions``) and the page's words for its moves (``hints``: ``example``,
        ``notation``, option words …), and the units whose amounts read as decimals
        (``length_units``)."""
        return page_words()

    @app.get("/api/scenario", tags=["scenarios"], responses=documented(ScenarioInfo, 503))
    async def scenario_info(request: Request, scenario: ScenarioQ = None) -> Response:
        """A scenario's ruleset, map, altitudes and creatures (validating it on the way), and
        whether its ruleset finds attack positions (``attack=`` and ``can_act=`` on path)."""
        name = scenario or default
        return await answer(request, name, ("scenario",), jobs.summary, name)

    @app.post("/api/upload", tags=["scenarios"], responses=documented(ScenarioInfo, 413, 503))
    async def upload(request: Request, name: str | None = None) -> Response:
        """Send a scenario file's bytes as the request body (at most 1 MB); the answer names it
        ``upload:ID`` for the other endpoints. It is validated like a file on the command line and
        kept in memory only."""
        label = name or "<upload>"
        declared = request.headers.get("content-length")
        if declared is not None and declared.isdigit() and int(declared) > MAX_BYTES:
            raise UploadTooLarge(_("is larger than 1 MB; a scenario is a small text file"),
                                 source=label)
        chunks: list[bytes] = []
        size = 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > MAX_BYTES:
                raise UploadTooLarge(_("is larger than 1 MB; a scenario is a small text file"),
                                     source=label)
            chunks.append(chunk)
        kept, source = store.new_upload(b"".join(chunks), name)
        body = await in_worker(request, jobs.summary, source, kept)  # parsed there, not here
        store.keep(kept, source)
        return Response(body, media_type="application/json")

    @app.get("/api/reach", tags=["queries"], responses=documented(ReachAnswer, 503))
    async def reach(request: Request, creature: CreatureQ, scenario: ScenarioQ = None,
                    no_checks: NoChecksQ = False, option: OptionQ = None,
                    format_: ReachFormatQ = "json") -> Response:
        """Everything the creature can reach this round, each at its least cost
        (``wingbeat reach --json``); ``format=jsonl``: a line of the reach's fields, then a line
        for each end state (``wingbeat reach --format jsonl``). A big answer is streamed."""
        extra = parse_query_options(option, no_checks)
        if format_ == "jsonl":
            return await answer(request, scenario, ("reach", creature, _frozen(extra), "jsonl"),
                                jobs.reach, creature, extra, "jsonl",
                                media="application/x-ndjson", about=creature)
        return await answer(request, scenario, ("reach", creature, _frozen(extra)), jobs.reach,
                            creature, extra, about=creature)

    @app.get("/api/reach-tree", tags=["queries"],
             responses={**documented(None, 503),
                        200: {"content": {"application/octet-stream": {}},
                              "description": "The reach tree's binary layout (docs/json.md)."}})
    async def reach_tree(request: Request, creature: CreatureQ, scenario: ScenarioQ = None,
                         altitude: AltitudeQ = None, no_checks: NoChecksQ = False,
                         option: OptionQ = None, via: ViaQ = None) -> Response:
        """The way ``path`` finds to every place at ``altitude`` (none or ``all``: the best over
        all altitudes), as one compact tree of steps the page reads without asking again:
        a small JSON header and little-endian typed arrays (``application/octet-stream``,
        docs/json.md, "The reach tree"; decoded by ``/static/reachtree.js``). Grid rulesets
        only."""
        level = _altitude(altitude)
        extra = parse_query_options(option, no_checks)
        stops = waypoints(via)
        return await answer(request, scenario,
                            ("reach-tree", creature, level, _frozen(extra), stops),
                            jobs.reach_tree, creature, level, extra, stops, about=creature,
                            media="application/octet-stream")

    @app.get("/api/path", tags=["queries"], responses=documented(CheckAnswer | NoPath, 503))
    async def path(request: Request, creature: CreatureQ,
                   to: Annotated[str | None, Query(description="A cell label: U35.")] = None,
                   scenario: ScenarioQ = None, altitude: AltitudeQ = None,
                   mode: str | None = None, attack: AttackQ = None, can_act: CanActQ = False,
                   no_checks: NoChecksQ = False, option: OptionQ = None,
                   via: ViaQ = None) -> Response:
        """The cheapest way to a destination this round, step by step (``wingbeat path
        --json``); with ``attack``, to a melee position against that creature with the attack
        still to make (``--attack``); with ``can_act``, only ways that keep it (``--can-act``);
        with ``via``, the cheapest through those waypoints in order (``--via``)."""
        extra = parse_query_options(option, no_checks)
        route = {"to": to, "altitude": altitude, "mode": mode, "attack": attack,
                 "can_act": can_act, "via": waypoints(via)}
        return await answer(request, scenario, ("path", creature, _frozen(route), _frozen(extra)),
                            jobs.path, creature, route, extra, about=creature)

    @app.get("/api/check", tags=["queries"], responses=documented(CheckAnswer, 503))
    async def check(request: Request, creature: CreatureQ,
                    moves: Annotated[str, Query(
                        description='The declared move: "U35 down hover".')],
                    scenario: ScenarioQ = None, option: OptionQ = None) -> Response:
        """Whether a declared move is legal: its cost, checks and what remains, or the rule it
        breaks (``wingbeat check --json``; an illegal move is an answer, status 200)."""
        extra = parse_query_options(option)
        return await answer(request, scenario, ("check", creature, moves, _frozen(extra)),
                            jobs.check, creature, moves, extra, about=creature)

    @app.get("/api/engagement", tags=["queries"], responses=documented(EngagementAnswer, 503))
    async def engagement(request: Request,
                         a: Annotated[str, Query(description="One creature's id.")],
                         b: Annotated[str, Query(description="The other creature's id.")],
                         scenario: ScenarioQ = None) -> Response:
        """Whether two creatures are in melee, reach-only, or not engaged
        (``wingbeat engagement --json``)."""
        return await answer(request, scenario, ("engagement", a, b), jobs.engagement, a, b)

    @app.get("/api/render", tags=["pictures"],
             responses={200: {"content": {"image/svg+xml": {}, "image/png": {}}}})
    async def render(request: Request, scenario: ScenarioQ = None, creature: str | None = None,
                     altitude: AltitudeQ = None, to: str | None = None, mode: str | None = None,
                     moves: str | None = None, attack: AttackQ = None, can_act: CanActQ = False,
                     no_checks: NoChecksQ = False, option: OptionQ = None,
                     format_: FormatQ = "svg", from_picture: FromPictureQ = None,
                     kept: KeptQ = None) -> Response:
        """The map as SVG, or PNG with ``format=png`` (``wingbeat render``): with a creature,
        its reach at ``altitude`` (or the best over all), and the cheapest path ``to`` a cell
        (``can_act``: keeping the attack), to an ``attack`` position, or a checked ``moves``.

        An SVG's ``X-Wingbeat-Picture`` header names it; asked again ``from_picture`` that name,
        the answer is the changes from that picture (JSON) when they are a small part of it; a
        picture the page says it ``kept`` is answered by its name alone (a page switching back
        to a creature it showed draws what it kept)."""
        from ..render.png import picture_format

        kind = picture_format(format_)  # a bad format is refused before any work
        level = _altitude(altitude)
        extra = parse_query_options(option, no_checks)
        checked = parse_query_options(option)
        route = {"to": to, "mode": mode, "attack": attack, "can_act": can_act}
        question = ("render", creature, level, moves, _frozen(route), _frozen(extra), kind)
        found = await answer(request, scenario, question, jobs.render, creature, level, route,
                             moves, extra, checked, kind, about=creature,
                             media="image/png" if kind == "png" else "image/svg+xml")
        if kind == "png":
            return found
        svg = bytes(found.body)
        picture = Picture(svg)
        if kept and picture.name in kept.split(",")[:KEPT_PICTURES]:
            return JSONResponse({"picture": picture.name, "kept": True},
                                headers={"X-Wingbeat-Picture": picture.name})
        # a map's few hundred kilobytes take a millisecond or two: on the loop, as a thread
        # hand-off on a busy machine takes longer; a huge one goes to a thread
        name, patch = (_changes(picture, from_picture) if len(svg) <= INLINE_PICTURE_BYTES
                       else await run_in_threadpool(_changes, picture, from_picture))
        if patch is not None:
            return JSONResponse(patch, headers={"X-Wingbeat-Picture": name})
        found.headers["X-Wingbeat-Picture"] = name
        # its children found once it is sent, not when the page's click asks for the changes
        # from it (a map's thousands of tags take milliseconds the click would wait for)
        found.background = BackgroundTask(pictures.split, name)
        return found

    def _changes(picture: Picture, since: str | None) -> tuple[str, dict[str, Any] | None]:
        """The picture's name, kept on the shelf; the changes from the picture ``since`` names,
        when it is kept and they are small."""
        patch = None
        before = pictures.get(since) if since else None
        if before is not None:
            patch, picture = changes(before, picture.svg)
        return pictures.keep(picture), patch

    from .play import router as play_router

    app.include_router(play_router)  # /api/play: the encounter page's API (static/play.html)
    from .liveroutes import live_router
    from .play import asked

    app.include_router(live_router(asked))  # /api/play/…/events, approval and proposals
    from .threat import threat_router

    app.include_router(threat_router(answer))  # /api/threat, /api/advise, play suggest
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


def _frozen(options: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted(options.items()))


def _version() -> str:
    from .. import __version__

    return __version__
