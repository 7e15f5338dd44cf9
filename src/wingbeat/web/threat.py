"""The web API of threat zones, attack advice and suggested moves: the same JSON as
``wingbeat threat --json``, ``wingbeat advise --json`` and ``wingbeat play suggest --json``.

``threat_router(opened)`` gives the routes; ``opened(name)`` opens a scenario as the app does
(``web/app.py`` passes its own). Bad input answers 400 with ``{"error": {"message": …}}``, as
everywhere in the app.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response

from .._console import parse_query_options
from .guard import limited

__all__ = ["threat_router"]

ScenarioQ = Annotated[str | None, Query(
    description="example:NAME, upload:ID (from /api/upload), or a file name in the scenario "
                "directory; the server's default when left out.")]
WeightQ = Annotated[list[str] | None, Query(
    description="A ranking weight, NAME=VALUE (repeatable), as --weight on the CLI: success, "
                "opportunity_attacks, threatened, edge, action, cost.")]
SideQ = Annotated[str | None, Query(description="The side whose creatures would strike.")]
OneQ = Annotated[str | None, Query(description="Only this creature (instead of a side).")]


def threat_router(opened: Callable[[str | None], Any]) -> APIRouter:
    """The routes ``/api/threat``, ``/api/threat.svg``, ``/api/advise`` and
    ``/api/play/encounters/{ref}/suggest``, opening scenarios with ``opened``."""
    from .. import tactics as threats

    router = APIRouter()

    @router.get("/api/threat", tags=["queries"])
    async def threat(request: Request, scenario: ScenarioQ = None, side: SideQ = None,
                     creature: OneQ = None) -> dict[str, Any]:
        """Where a side's creatures (or one creature) could attack on their next turn: per
        place, who can strike and how (``wingbeat threat --json``)."""
        def compute() -> dict[str, Any]:
            found = opened(scenario)
            return threats.threat(found.scenario, side=side, creature=creature).to_dict()
        return await limited(request, compute)

    @router.get("/api/threat.svg", tags=["pictures"],
                responses={200: {"content": {"image/svg+xml": {}}}})
    async def threat_svg(request: Request, scenario: ScenarioQ = None, side: SideQ = None,
                         creature: OneQ = None,
                         altitude: Annotated[str | None, Query(
                             description="The altitude (or tier) to show; none: the most over "
                                         "all.")] = None) -> Response:
        """The threat overlay as SVG, each place shaded by how many can strike it, with a
        tooltip naming them (``wingbeat threat --svg``)."""
        from ..render.threat import render_threat_svg

        def compute() -> str:
            found = opened(scenario)
            report = threats.threat(found.scenario, side=side, creature=creature)
            return render_threat_svg(found.scenario, report, altitude)
        return Response(await limited(request, compute), media_type="image/svg+xml")

    @router.get("/api/advise", tags=["queries"])
    async def advise(request: Request,
                     creature: Annotated[str, Query(description="The creature that would "
                                                                "attack.")],
                     scenario: ScenarioQ = None,
                     target: Annotated[str | None, Query(
                         description="The creature to attack (default: every foe).")] = None,
                     weight: WeightQ = None) -> dict[str, Any]:
        """Where ``creature`` can attack from this round, best first, each with its reasons
        (``wingbeat advise --json``)."""
        def compute() -> dict[str, Any]:
            found = opened(scenario)
            return threats.advise(found.scenario, creature, target=target,
                                  weights=parse_query_options(weight)).to_dict()
        return await limited(request, compute)

    @router.get("/api/play/encounters/{ref}/suggest", tags=["play"])
    async def suggest(request: Request, ref: str,
                      creature: Annotated[str, Query(description="The creature's id.")],
                      weight: WeightQ = None) -> Any:
        """The best-advised move for ``creature`` as the encounter stands, with its reasons; it
        is not declared (the game master accepts it by posting its ``moves`` to
        ``/api/play/encounters/{ref}/moves``)."""
        from ..play.store import EncounterStore
        from ..play.web import _answer
        from ..tactics.commands import suggest_in

        def compute() -> Any:
            store = EncounterStore(getattr(request.app.state, "play_db", None))
            try:
                return _answer(lambda: suggest_in(store, ref, creature,
                                                  parse_query_options(weight), False))
            finally:
                store.close()
        return await limited(request, compute)

    return router
