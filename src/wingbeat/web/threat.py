"""The web API of threat zones, attack advice and suggested moves: the same JSON as
``wingbeat threat --json``, ``wingbeat advise --json`` and ``wingbeat play suggest --json``.

``threat_router(answer)`` gives the routes; ``answer`` is the app's way to a kept answer or one
computed in a worker process (``web/app.py`` passes its own), so a threat map, which runs every
creature's reach, is bounded in time and memory like any query. Bad input answers 400 with
``{"error": {"message": …}}``, as everywhere in the app.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response

from .._console import parse_query_options
from . import jobs, threatjobs
from .models import AdvicePositions, ThreatOverlay, documented
from .play import play_threat_router
from .queries import LevelQ, OneQ, SideQ, WeightQ, level_of

__all__ = ["threat_router"]

ScenarioQ = Annotated[str | None, Query(
    description="example:NAME, upload:ID (from /api/upload), or a file name in the scenario "
                "directory; the server's default when left out.")]
def threat_router(answer: Callable[..., Any]) -> APIRouter:
    """The routes ``/api/threat``, ``/api/threat.svg``, ``/api/advise`` and
    ``/api/play/encounters/{ref}/suggest``; ``answer(request, scenario, question, job, *args,
    media=…)`` answers a question about a scenario (``create_app``'s own)."""
    router = APIRouter()

    @router.get("/api/threat", tags=["queries"], response_model=dict[str, Any])
    async def threat(request: Request, scenario: ScenarioQ = None, side: SideQ = None,
                     creature: OneQ = None) -> Response:
        """Where a side's creatures (or one creature) could attack on their next turn: per
        place, who can strike and how (``wingbeat threat --json``)."""
        result: Response = await answer(request, scenario, ("threat", side, creature),
                                        jobs.threat, side, creature)
        return result

    @router.get("/api/threat.svg", tags=["pictures"],
                responses={200: {"content": {"image/svg+xml": {}}}})
    async def threat_svg(request: Request, scenario: ScenarioQ = None, side: SideQ = None,
                         creature: OneQ = None,
                         altitude: Annotated[str | None, Query(
                             description="The altitude (or tier) to show; none: the most over "
                                         "all.")] = None) -> Response:
        """The threat overlay as SVG, each place shaded by how many can strike it, with a
        tooltip naming them (``wingbeat threat --svg``)."""
        result: Response = await answer(request, scenario, ("threat.svg", side, creature, altitude),
                                        jobs.threat_svg, side, creature, altitude,
                                        media="image/svg+xml")
        return result

    @router.get("/api/advise", tags=["queries"], response_model=dict[str, Any])
    async def advise(request: Request,
                     creature: Annotated[str, Query(description="The creature that would "
                                                                "attack.")],
                     scenario: ScenarioQ = None,
                     target: Annotated[str | None, Query(
                         description="The creature to attack (default: every foe).")] = None,
                     weight: WeightQ = None) -> Response:
        """Where ``creature`` can attack from this round, best first, each with its reasons
        (``wingbeat advise --json``)."""
        weights = parse_query_options(weight)
        result: Response = await answer(
            request, scenario, ("advise", creature, target, tuple(sorted(weights.items()))),
            jobs.advise, creature, target, weights)
        return result

    @router.get("/api/threat/overlay", tags=["queries"], responses=documented(ThreatOverlay, 503))
    async def threat_overlay(request: Request, scenario: ScenarioQ = None, side: SideQ = None,
                             creature: OneQ = None, altitude: LevelQ = None) -> Response:
        """The page's threat overlay: per place at ``altitude`` (grid: cell; table: GeoJSON
        area) how many of the side (or the creature) can strike there next turn, its colour
        and a sentence naming them with the least movement each needs; the legend, and the
        levels threatened (``wingbeat threat --json``, said for the page)."""
        level = level_of(altitude)
        result: Response = await answer(request, scenario, ("threat.overlay", side, creature,
                                                            level),
                                        threatjobs.overlay, side, creature, level)
        return result

    @router.get("/api/advise/positions", tags=["queries"],
                responses=documented(AdvicePositions, 503))
    async def advise_positions(request: Request,
                               creature: Annotated[str, Query(
                                   description="The creature that would attack.")],
                               target: Annotated[str, Query(
                                   description="The creature clicked: the one to attack.")],
                               scenario: ScenarioQ = None, weight: WeightQ = None) -> Response:
        """The page's attack positions of ``creature`` against ``target``, best first: each
        with its rank's colour, where it ends, its cost and its reasons (``wingbeat advise
        --json``, said for the page); a target on the creature's own side is said so
        (``"foe": false``)."""
        weights = parse_query_options(weight)
        result: Response = await answer(
            request, scenario, ("advise.positions", creature, target,
                                tuple(sorted(weights.items()))),
            threatjobs.advice, creature, target, weights)
        return result

    router.include_router(play_threat_router())
    return router
