"""The FastAPI app: a static page and a JSON API that mirrors the command line.

Every query endpoint answers with exactly the JSON that ``wingbeat … --json`` prints (``path`` and
``check`` add to each check and event the sentence the command line's text says, ``"text"``, so
the page says them as the table does without a second copy of the words), and every bad input
with ``{"error": {"message": …}}``, the CLI's message, status 400 (413 for an upload over 1 MB,
422 for a request missing a parameter). The app only reads built-in examples, uploads
kept in memory, and files inside the directory it was given.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, Query, Request
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles

from .. import _api
from ..errors import ScenarioError, WingbeatError
from ..narrate import check_label, check_text, event_text
from ..render import altitude_words, render_svg, scenario_summary
from ..rules.base import Result
from ..rules.registry import page_words, ruleset_info, rulesets
from .guard import TIME_LIMIT, error_response, limited, protect
from .said import amounts_said
from .scenarios import MAX_BYTES, Opened, ScenarioStore

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


class UploadTooLarge(ScenarioError):
    """An upload over the size limit: refused before it is read whole."""


def create_app(scenario_dir: Path | None = None, scenario: str | None = None,
               hosts: Iterable[str] = (), time_limit: float = TIME_LIMIT) -> FastAPI:
    """The web app over ``scenario_dir`` (files by name only inside it), opening on ``scenario``.

    ``scenario`` is ``example:NAME`` or a file name in ``scenario_dir``; the built-in giant bat
    example when None. ``hosts``: the names it answers to besides the loopback (``--host``);
    ``time_limit``: the seconds one question may compute before it answers 503.
    """
    from .._console import parse_query_options

    store = ScenarioStore(scenario_dir)
    default = scenario or DEFAULT_SCENARIO
    app = FastAPI(
        title="wingbeat",
        summary="Exact flying movement for tabletop games: reach, cheapest paths, move checks.",
        description="The same answers as the `wingbeat` command line, as JSON. Each query takes "
                    "a `scenario` (`example:giant-bat`, an `upload:ID` from `/api/upload`, or a "
                    "file name in the server's scenario directory).",
        version=_version(),
    )

    protect(app, hosts, time_limit)

    @app.exception_handler(UploadTooLarge)
    async def too_large(_request: Request, exc: UploadTooLarge) -> JSONResponse:
        return error_response(413, str(exc))

    def opened(name: str | None) -> Any:
        return store.open(name or default)

    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return FileResponse(STATIC / "index.html", media_type="text/html")

    @app.get("/api/scenarios", tags=["scenarios"])
    def scenarios() -> dict[str, Any]:
        """The scenarios this server can open, and the one it opens on."""
        return {"default": default, "scenarios": store.names(),
                "uploads": True, "max_upload_bytes": MAX_BYTES}

    @app.get("/api/rulesets", tags=["scenarios"])
    def ruleset_list() -> dict[str, Any]:
        """Every registered ruleset: its id, title, kind of space, capabilities (``attack_path``,
        ``saves``, ``conditions``) and the page's words for its moves (``hints``: ``example``,
        ``notation``, option words …), and the units whose amounts read as decimals
        (``length_units``)."""
        return page_words()

    @app.get("/api/scenario", tags=["scenarios"])
    async def scenario_info(request: Request, scenario: ScenarioQ = None) -> dict[str, Any]:
        """A scenario's ruleset, map, altitudes and creatures (validating it on the way), and
        whether its ruleset finds attack positions (``attack=`` and ``can_act=`` on path)."""
        return await limited(request, lambda: _summary(opened(scenario)))

    @app.post("/api/upload", tags=["scenarios"])
    async def upload(request: Request, name: str | None = None) -> dict[str, Any]:
        """Send a scenario file's bytes as the request body (at most 1 MB); the answer names it
        ``upload:ID`` for the other endpoints. It is validated like a file on the command line and
        kept in memory only."""
        label = name or "<upload>"
        declared = request.headers.get("content-length")
        if declared is not None and declared.isdigit() and int(declared) > MAX_BYTES:
            raise UploadTooLarge("is larger than 1 MB; a scenario is a small text file",
                                 source=label)
        chunks: list[bytes] = []
        size = 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > MAX_BYTES:
                raise UploadTooLarge("is larger than 1 MB; a scenario is a small text file",
                                     source=label)
            chunks.append(chunk)
        data = b"".join(chunks)
        return await limited(request, lambda: _summary(store.upload(data, name)))

    @app.get("/api/reach", tags=["queries"])
    async def reach(request: Request, creature: CreatureQ, scenario: ScenarioQ = None,
                    no_checks: NoChecksQ = False, option: OptionQ = None) -> dict[str, Any]:
        """Everything the creature can reach this round, each at its least cost
        (``wingbeat reach --json``)."""
        def compute() -> dict[str, Any]:
            found = opened(scenario)
            extra = parse_query_options(option, no_checks)
            result = store.answer(found, ("reach", creature, _frozen(extra)),
                                  lambda: _api.reach(found.scenario, creature, **extra))
            return result.to_dict()
        return await limited(request, compute)

    @app.get("/api/path", tags=["queries"])
    async def path(request: Request, creature: CreatureQ,
                   to: Annotated[str | None, Query(description="A cell label: U35.")] = None,
                   scenario: ScenarioQ = None, altitude: AltitudeQ = None,
                   mode: str | None = None, attack: AttackQ = None, can_act: CanActQ = False,
                   no_checks: NoChecksQ = False, option: OptionQ = None) -> dict[str, Any]:
        """The cheapest way to a destination this round, step by step (``wingbeat path
        --json``); with ``attack``, to a melee position against that creature with the attack
        still to make (``--attack``); with ``can_act``, only ways that keep it (``--can-act``)."""
        def compute() -> dict[str, Any]:
            found = opened(scenario)
            return _told(_api.route(found.scenario, creature, to=to, altitude=altitude,
                                    mode=mode, attack=attack, can_act=can_act,
                                    **parse_query_options(option, no_checks)))
        return await limited(request, compute)

    @app.get("/api/check", tags=["queries"])
    async def check(request: Request, creature: CreatureQ,
                    moves: Annotated[str, Query(
                        description='The declared move: "U35 down hover".')],
                    scenario: ScenarioQ = None, option: OptionQ = None) -> dict[str, Any]:
        """Whether a declared move is legal: its cost, checks and what remains, or the rule it
        breaks (``wingbeat check --json``; an illegal move is an answer, status 200)."""
        def compute() -> dict[str, Any]:
            found = opened(scenario)
            return _told(_api.check(found.scenario, creature, moves,
                                    **parse_query_options(option)))
        return await limited(request, compute)

    @app.get("/api/engagement", tags=["queries"])
    async def engagement(request: Request,
                         a: Annotated[str, Query(description="One creature's id.")],
                         b: Annotated[str, Query(description="The other creature's id.")],
                         scenario: ScenarioQ = None) -> dict[str, Any]:
        """Whether two creatures are in melee, reach-only, or not engaged
        (``wingbeat engagement --json``)."""
        return await limited(request,
                             lambda: _api.engagement(opened(scenario).scenario, a, b).to_dict())

    @app.get("/api/render", tags=["pictures"],
             responses={200: {"content": {"image/svg+xml": {}}}})
    async def render(request: Request, scenario: ScenarioQ = None, creature: str | None = None,
                     altitude: AltitudeQ = None, to: str | None = None, mode: str | None = None,
                     moves: str | None = None, attack: AttackQ = None, can_act: CanActQ = False,
                     no_checks: NoChecksQ = False, option: OptionQ = None) -> Response:
        """The map as SVG (``wingbeat render``): with a creature, its reach at ``altitude``
        (or the best over all), and the cheapest path ``to`` a cell (``can_act``: keeping the
        attack), to an ``attack`` position, or a checked ``moves``."""
        from ..render.commands import _altitude

        def compute() -> str:
            found = opened(scenario)
            level = _altitude(altitude)
            extra = parse_query_options(option, no_checks)
            reach_report = route = None
            if creature:
                reach_report = store.answer(
                    found, ("reach", creature, _frozen(extra)),
                    lambda: _api.reach(found.scenario, creature, **extra))
                if moves:
                    route = _api.check(found.scenario, creature, moves,
                                       **parse_query_options(option))
                elif to or attack:
                    route = _api.route(
                        found.scenario, creature, to=to, mode=mode, attack=attack,
                        can_act=can_act,
                        altitude=None if attack else altitude_words(found.scenario, level),
                        **extra)
            elif to or moves or attack:
                raise WingbeatError("to, attack and moves need a creature")
            return render_svg(found.scenario, reach=reach_report, altitude=level, route=route,
                              creature=creature or None)
        return Response(await limited(request, compute), media_type="image/svg+xml")

    from ..play.web import router as play_router

    app.include_router(play_router)  # /api/play: the encounter page's API (static/play.html)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


def _summary(found: Opened) -> dict[str, Any]:
    """What the page's pickers need: the scenario's summary, and whether its ruleset finds attack
    positions (then path also takes ``can_act``)."""
    attacks = ruleset_info(found.scenario.ruleset).can("attack_path")
    return {"name": found.name, **scenario_summary(found.scenario), "attack_positions": attacks}


def _told(result: Result) -> dict[str, Any]:
    """A move's JSON with each check and event also said as a sentence (``text``, a check's
    short form ``label``), by the functions that say them for the command line (``narrate``),
    and its amounts and end as the command line's text says them (``said.amounts_said``); in a
    step's own row an event needs no "Step 3:" before it."""
    data = result.to_dict()

    def said(items: list[dict[str, Any]], say: Any) -> list[dict[str, Any]]:
        return [{**item, "text": say(item)} for item in items]

    def checks_said(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [{**item, "text": check_text(item), "label": check_label(item)} for item in items]

    def in_its_row(event: dict[str, Any]) -> str:
        return event_text({k: v for k, v in event.items() if k != "step"})

    if isinstance(data.get("checks"), list):
        data["checks"] = checks_said(data["checks"])
    if isinstance(data.get("events"), list):
        data["events"] = said(data["events"], event_text)
    for step in data.get("steps") or ():
        if step.get("checks"):
            step["checks"] = checks_said(step["checks"])
        if step.get("events"):
            step["events"] = said(step["events"], in_its_row)
    return amounts_said(data, result.to_text())


def _frozen(options: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted(options.items()))


def _version() -> str:
    from .. import __version__

    return __version__
