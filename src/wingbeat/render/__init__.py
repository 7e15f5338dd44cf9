"""Pictures of a battlefield, a reach and a path: pure functions of already-computed data.

    >>> import wingbeat
    >>> from wingbeat.render import render_svg
    >>> scenario = wingbeat.open_scenario("example:giant-bat")
    >>> svg = render_svg(scenario, reach=wingbeat.reach(scenario, "bat"), altitude=1)

Each ruleset's picture is one module, named by its registration (``rulesets/<id>/ruleset.toml``):
a grid ruleset's lives in its own folder (``rulesets/volare/render.py``), and the tabletop rulesets
share ``table``. The grid geometry (hex and square layouts) and the layers every grid picture
shares live in ``grid``, the SVG building blocks in ``svg``. None of them computes a rule: they
draw what ``reach``, ``path`` and ``check`` already said. A picture may also take ``trail`` (a
creature's last move, ``trail.Trail``) and ``whole_map``; one that does not still draws without.
"""

from __future__ import annotations

import inspect
from typing import TYPE_CHECKING, Any

from ..errors import OptionError, ScenarioError
from ..i18n import _
from ..model import Scenario
from ..rules.base import Result
from ..rules.registry import Renderer, ruleset_info

if TYPE_CHECKING:  # a check imports this package: the drawing modules wait until a picture
    from .trail import Trail

__all__ = ["altitude_words", "render_svg", "scenario_summary"]


def _module(ruleset: str) -> Renderer:
    try:
        info = ruleset_info(ruleset)
    except ScenarioError:
        raise OptionError(_("no picture for ruleset {ruleset} yet").format(
            ruleset=repr(ruleset))) from None
    return info.renderer_of()


def render_svg(
    scenario: Scenario,
    *,
    reach: Result | None = None,
    altitude: int | None = None,
    route: Result | None = None,
    creature: str | None = None,
    trail: Trail | None = None,
    whole_map: bool = False,
) -> str:
    """The scenario's map as SVG text.

    ``reach`` (from ``wingbeat.reach``) colours where the creature can go by least cost, at
    ``altitude`` or, when it is None, the best over all altitudes; ``route`` (from
    ``wingbeat.path`` or ``wingbeat.check``) is drawn as arrows with running costs; ``creature``
    highlights one creature when there is no report; ``trail`` (``render.trail.Trail``) draws
    a creature's last move, from where it started, as a dashed line; ``whole_map`` draws the
    whole map even with a reach (a picture of a huge map is still cropped), so a frame stays put
    from one creature's reach to the next (the play page).
    """
    from .svg import xml_safe

    module = _module(scenario.ruleset)
    extras = _taken(module, {"trail": trail, "whole_map": whole_map})
    # A ruleset's picture escapes its words itself; whatever one left that XML cannot hold (a
    # control character, a lone surrogate in a name) is written as an escape here, once.
    return xml_safe(module.render(scenario, reach=reach, altitude=altitude, route=route,
                                  creature=creature, **extras))


def _taken(module: Renderer, extras: dict[str, Any]) -> dict[str, Any]:
    """The later keywords (``trail``, ``whole_map``) that are set and that the ruleset's
    picture takes: a picture written before them still draws, without them."""
    wanted = {key: value for key, value in extras.items() if value}
    if not wanted:
        return {}
    parameters = inspect.signature(module.render).parameters
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values()):
        return wanted
    return {key: value for key, value in wanted.items() if key in parameters}


def scenario_summary(scenario: Scenario) -> dict[str, Any]:
    """The map's kind and size, its altitudes and its creatures: what a picker shows."""
    return _module(scenario.ruleset).summary(scenario)


def altitude_words(scenario: Scenario, level: int | None) -> str | None:
    """A picture's altitude index as the ruleset's ``path`` takes it: ``"1"`` on a grid, the
    level's name (``"low"``) on a table whose levels have names."""
    if level is None:
        return None
    names = scenario_summary(scenario)["altitudes"].get("names")
    if names and 0 <= level < len(names):
        return str(names[level])
    return str(level)
