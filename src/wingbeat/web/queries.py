"""The query parameters the threat routes and the play page's threat routes share (their
descriptions are the API's documentation)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Query

__all__ = ["LevelQ", "OneQ", "SideQ", "WeightQ", "level_of"]

WeightQ = Annotated[list[str] | None, Query(
    description="A ranking weight, NAME=VALUE (repeatable), as --weight on the CLI: success, "
                "opportunity_attacks, threatened, edge, action, cost.")]
SideQ = Annotated[str | None, Query(description="The side whose creatures would strike.")]
OneQ = Annotated[str | None, Query(description="Only this creature (instead of a side).")]
LevelQ = Annotated[str | None, Query(
    description="The altitude (or tier) index shown, as the page's slider gives it; 'all' or "
                "none: per place the most over all (a table: every level).")]


def level_of(altitude: str | None) -> int | None:
    from ..render.commands import _altitude

    return _altitude(altitude)
