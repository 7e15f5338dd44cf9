"""The page's threat overlay, attack positions and suggestion, as a worker process computes them
(web/pool.py): the library's answers (``wingbeat.tactics``) with the words, colours and level
indexes the page shows (``said.threat_said``, ``said.advice_said``), so the page computes no
rule and writes no sentence of its own. No web framework here: a worker imports this module.
"""

from __future__ import annotations

from typing import Any

from ..model import Scenario
from ..render import scenario_summary
from .jobs import Source, encode, scenario

__all__ = ["advice", "overlay", "overlay_now", "suggestion"]


def _names(found: Scenario) -> dict[str, str]:
    return {c["id"]: c["name"] for c in scenario_summary(found)["creatures"]}


def _levels(found: Scenario) -> tuple[str, list[tuple[int, Any, str]]]:
    """The scenario's level word (``altitude``, ``tier``) and every level: its index (the page's
    slider), the value a report gives (an altitude, a tier, a level's name) and its words."""
    altitudes = scenario_summary(found)["altitudes"]
    word = str(altitudes.get("word") or "altitude")
    names = altitudes.get("names")
    if names:
        return word, [(i, name, str(name)) for i, name in enumerate(names)]
    labels = altitudes.get("labels")
    low = int(altitudes["min"])
    return word, [(i, i, str(labels[i - low]) if labels else str(i))
                  for i in range(low, int(altitudes["max"]) + 1)]


def overlay_now(found: Scenario, side: str | None, creature: str | None,
                level: int | None) -> bytes:
    """The threat overlay of ``side`` (or ``creature``) at level index ``level`` (None: the
    most over all) on ``found`` (an encounter as it stands, read by the server)."""
    from ..tactics import threat
    from .said import threat_said

    report = threat(found, side=side, creature=creature)
    word, levels = _levels(found)
    said = threat_said(report.to_dict(), _names(found), word, levels, level)
    for area in said.get("areas") or ():
        area["label_at"] = _inside(area["area"])
    return encode(said)


def _inside(geometry: dict[str, Any]) -> list[float] | None:
    """A point surely inside a GeoJSON area (where its count is written), in table units."""
    from shapely.geometry import shape

    found = shape(geometry)
    if found.is_empty:
        return None
    point = found.representative_point()
    return [round(point.x, 2), round(point.y, 2)]


def overlay(source: Source, side: str | None, creature: str | None, level: int | None) -> bytes:
    """``overlay_now`` on a scenario the app serves."""
    return overlay_now(scenario(source), side, creature, level)


def advice(source: Source, creature: str, target: str, weights: dict[str, Any]) -> bytes:
    """``creature``'s attack positions against ``target``, best first, as the page shows them;
    a target on its own side is said so, with no positions."""
    from ..rules.grid import end_text
    from ..tactics import advise, foes_of, members
    from .said import advice_said, not_a_foe

    found = scenario(source)
    names = _names(found)
    sides = dict(members(found))
    if target in sides and target != creature and target not in foes_of(found, creature):
        return encode(not_a_foe(creature, target, names, sides[creature]))
    report = advise(found, creature, target=target, weights=weights)
    word, levels = _levels(found)
    return encode(advice_said(report.to_dict(), names, word, levels,
                              lambda end: end_text(end, report.end_text), _scale(found)))


def _scale(found: Scenario) -> float | None:
    """Pixels per table unit in a tabletop ruleset's picture (markers spread by it), else
    None."""
    from ..render.table import table_scale
    from ..rules.registry import ruleset_info

    if ruleset_info(found.ruleset).space == "grid":
        return None
    return table_scale(found.battle)


def suggestion(ref: str, now: Scenario, creature: str, weights: dict[str, Any]) -> bytes:
    """``play suggest --json`` for ``creature`` in encounter ``ref`` as it stands (``now``),
    with the headline and cost the page shows; never declared."""
    from ..tactics import suggest
    from ..tactics.commands import Suggested
    from .said import suggestion_said

    found = suggest(now, creature, weights=weights)
    data = Suggested(ref, found).to_dict()
    return encode(suggestion_said(data, found.to_text().splitlines()[0], found.unit))
