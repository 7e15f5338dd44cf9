"""What a grid picture shows per cell, taken from already-computed reports.

A reach report lists end states (cell, altitude, mode …), each at its least cost. A picture shows
one number per cell: the least cost over the states at the chosen altitude (or over every altitude),
and whether some state there still lets the creature act. Keeping this here, apart from drawing,
makes "the picture matches reach" a property of one small function.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..rules.grid import GridMove, ReachReport

__all__ = ["CellReach", "RouteLeg", "cells_reached", "route_legs"]


@dataclass(frozen=True)
class CellReach:
    """The end states of a reach that land in one cell (at the chosen altitude, or any)."""

    at: str
    cost: Fraction
    state: dict[str, Any]
    act_cost: Fraction | None
    act_state: dict[str, Any] | None
    count: int

    @property
    def can_act(self) -> bool:
        return self.act_cost is not None


def cells_reached(report: ReachReport, altitude: int | None) -> dict[str, CellReach]:
    """Per cell, the cheapest end state and the cheapest one that can still act.

    ``altitude`` None takes the best over all altitudes; states without an altitude count at 0.
    Ties keep the state listed first (the report is sorted by cost).
    """
    # per cell: [cost, state, act cost, act state, count], made into CellReach at the end (a
    # reach lists thousands of states over a few hundred cells); equal costs are often the same
    # Fraction, compared by identity first
    found: dict[str, list[Any]] = {}
    for state, reached_cost, can_act in report.ends():
        if altitude is not None and state.get("altitude", 0) != altitude:
            continue
        at = str(state["at"])
        old = found.get(at)
        if old is None:
            found[at] = [reached_cost, state, reached_cost if can_act else None,
                         state if can_act else None, 1]
            continue
        old[4] += 1
        if reached_cost is not old[0] and reached_cost < old[0]:
            old[0], old[1] = reached_cost, state
        if can_act and (old[2] is None or (reached_cost is not old[2] and reached_cost < old[2])):
            old[2], old[3] = reached_cost, state
    return {at: CellReach(at, *kept) for at, kept in found.items()}


@dataclass(frozen=True)
class RouteLeg:
    """One step of a path or a checked move, placed on the map.

    ``start`` and ``end`` are cell labels (equal for a step in place: up, down, hover …);
    ``total`` is the running cost after the step; ``refused`` marks a declared step the rules
    forbid, with its rule id; ``extra`` is a short note the map kind adds (``alt 3``).
    """

    move: str
    start: str
    end: str
    cost: Fraction | None
    total: Fraction | None
    refused: str | None = None
    extra: str = ""  # what else the picture says about the step (dnd5e: the altitude reached)


def route_legs(route: GridMove) -> list[RouteLeg]:
    """Where each step of ``route`` goes: from the place each recorded state says, so no move
    notation is read again; a refused step (not taken, so with no state) points where the
    ruleset said it aimed (``refused_at``), else stays in place."""
    legs = [RouteLeg(step.move, str(here), str(there), step.cost, step.total)
            for step, (here, there) in zip(route.steps, route.places(), strict=True)]
    if route.error is not None:
        here = legs[-1].end if legs else str(route.start)
        there = here if route.refused_at is None else str(route.refused_at)
        legs.append(RouteLeg(route.error.move or "", here, there, None, None,
                             refused=route.error.rule))
    return legs
