"""The query parameters the analysis routes and the play page's routes share (their
descriptions are the API's documentation): the threat routes', and the waypoints (``via``) of
the reach tree and ``path``."""

from __future__ import annotations

from typing import Annotated

from fastapi import Query

__all__ = ["LevelQ", "OneQ", "SideQ", "ViaQ", "WeightQ", "level_of", "waypoints"]

WeightQ = Annotated[list[str] | None, Query(
    description="A ranking weight, NAME=VALUE (repeatable), as --weight on the CLI: success, "
                "opportunity_attacks, threatened, edge, action, cost.")]
SideQ = Annotated[str | None, Query(description="The side whose creatures would strike.")]
OneQ = Annotated[str | None, Query(description="Only this creature (instead of a side).")]
LevelQ = Annotated[str | None, Query(
    description="The altitude (or tier) index shown, as the page's slider gives it; 'all' or "
                "none: per place the most over all (a table: every level).")]


ViaQ = Annotated[str | None, Query(
    description="Waypoints the way must pass through, in order: cells with an optional "
                "@altitude, comma-separated (U34@2,V35; up to 8, grid rulesets; --via on the "
                "CLI).")]


def waypoints(via: str | None) -> tuple[str, ...] | None:
    """``via=U34@2,V35`` as waypoints (checked by ``path`` itself), or None."""
    if not via:
        return None
    return tuple(part.strip() for part in via.split(",") if part.strip()) or None


def level_of(altitude: str | None) -> int | None:
    from ..render.commands import _altitude

    return _altitude(altitude)
