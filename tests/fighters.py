"""Confrontation fighters on a 120 × 120 cm test table, and what the rules tests ask of them
(test_confrontation_sources.py, test_confrontation_ground.py): the scenario, a fighter, the
morbid angel, a move checked or refused, the area reached at a tier."""

from __future__ import annotations

from typing import Any

import wingbeat
from answers import checked, reached, refusal
from wingbeat.rulesets.confrontation import ConfrontationMove, ConfrontationReach


def scenario(*creatures: dict[str, Any], edition: str | float | None = "current",
             obstacles: list[Any] | None = None,
             zones: list[Any] | None = None) -> wingbeat.Scenario:
    """The fighters on the table, under ``edition``'s text (None: the scenario names none)."""
    data: dict[str, Any] = {"ruleset": "confrontation",
                            "map": {"table": [120, 120], "obstacles": obstacles or [],
                                    "zones": zones or []},
                            "creatures": list(creatures)}
    if edition is not None:
        data["options"] = {"edition": edition}
    return wingbeat.parse_scenario(data, source="test")


def fighter(id: str, tier: int, at: list[float], *, ground: float = 10,
            **fields: Any) -> dict[str, Any]:
    """A fighter at ``tier`` (MOU ``ground`` on the ground, 15 in the air unless ``fields`` say
    otherwise)."""
    base: dict[str, Any] = {"id": id, "mou": {"ground": ground, "air": 15}, "tier": tier,
                            "at": at}
    base.update(fields)
    return base


def angel(tier: int = 1, at: list[float] | None = None) -> dict[str, Any]:
    """A morbid angel: air MOU 17.5, so a dive charge has 17.5 − 5 = 12.5 cm."""
    return fighter("angel", tier, at or [20, 20], mou={"ground": 10, "air": 17.5},
                   side="acheron")


def check(s: wingbeat.Scenario, who: str, moves: str, **options: Any) -> ConfrontationMove:
    return checked(ConfrontationMove, s, who, moves, **options)


def refused(s: wingbeat.Scenario, who: str, moves: str, rule: str, step: int,
            **options: Any) -> str:
    """The message of a move refused by ``rule`` at ``step``."""
    return refusal(check(s, who, moves, **options), rule, step)


def reach(s: wingbeat.Scenario, who: str, **options: Any) -> ConfrontationReach:
    return reached(ConfrontationReach, s, who, **options)


def area(s: wingbeat.Scenario, who: str, tier: int) -> Any:
    """The area ``who`` reaches at ``tier``."""
    return next(a.area for a in reach(s, who).areas if a.tier == tier)
