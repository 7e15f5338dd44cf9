"""The library's front door: one call per question, whatever the ruleset."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from .errors import OptionError
from .i18n import _
from .rules import find_ruleset
from .rules.registry import ruleset_info

if TYPE_CHECKING:  # annotations only: a short command imports what its question needs
    from pathlib import Path

    from .model import Scenario
    from .rules.base import Result
    from .rules.tree import ReachTree

__all__ = ["attack_path", "check", "engagement", "open_scenario", "path", "reach", "reach_tree",
           "route"]


def open_scenario(where: str | Path) -> Scenario:
    """A scenario from a file path, or a built-in one written ``example:NAME``."""
    from .scenario import load_example, load_scenario

    text = str(where)
    if text.startswith("example:"):
        return load_example(text.removeprefix("example:"))
    return load_scenario(where)


def reach(scenario: Scenario, creature: str, **options: Any) -> Result:
    """Everything ``creature`` can reach this round, each end state at its least cost."""
    return find_ruleset(scenario.ruleset).reach(scenario, creature, options)


def path(scenario: Scenario, creature: str, to: str, *, altitude: int | str | None = None,
         mode: str | None = None, via: Sequence[Any] | None = None, **options: Any) -> Result:
    """The cheapest way to ``to`` (at ``altitude``, in ``mode``) this round, step by step;
    with ``via`` (at most 8 waypoints: ``"U34"``, ``"U34@2"`` or ``("U34", 2)``, grid rulesets
    only), the cheapest that passes through each waypoint in order."""
    level = None if altitude is None else str(altitude)
    ruleset = find_ruleset(scenario.ruleset)
    if via:
        stops = _waypoints(scenario, via)
        through: Callable[..., Result] = ruleset.path  # a grid ruleset's path takes ``via``
        return through(scenario, creature, to=to, altitude=level, mode=mode, options=options,
                       via=stops)
    return ruleset.path(scenario, creature, to=to, altitude=level, mode=mode, options=options)


def _waypoints(scenario: Scenario, via: Sequence[Any]) -> tuple[tuple[str, int | None], ...]:
    """``via`` parsed (``rules.grid.parse_waypoints``); a tabletop ruleset is refused."""
    from .rules.grid import parse_waypoints

    if ruleset_info(scenario.ruleset).space != "grid":
        raise OptionError(_("waypoints (via) are for grid rulesets; {ruleset} is not a grid "
                            "ruleset: its moves are waypoints already (check takes "
                            "them)").format(ruleset=scenario.ruleset))
    return parse_waypoints(via)


def reach_tree(scenario: Scenario, creature: str, altitude: int | str | None = None, *,
               no_checks: bool = False, via: Sequence[Any] | None = None,
               **options: Any) -> ReachTree:
    """The way ``path`` finds to every place ``creature`` can reach this round at ``altitude``
    (every cell, the best over all altitudes, when None), as one compact tree of steps: what the
    page's drag preview reads without asking again (``rules.tree``, docs/json.md). Grid rulesets
    only: a tabletop ruleset's reach is areas on the table, not cells. With ``via``, the ways
    all pass through those waypoints in order (as ``path``'s ``via``)."""
    info = ruleset_info(scenario.ruleset)
    make = getattr(info.ruleset(), "reach_tree", None)
    if info.space != "grid" or make is None:
        raise OptionError(_("the reach tree is for grid rulesets; {ruleset} is not a grid "
                            "ruleset: its reach is areas on the table (reach --json gives "
                            "them)").format(ruleset=scenario.ruleset))
    if no_checks:
        options = {**options, "no_checks": True}
    level = None if altitude is None else str(altitude)
    if via:
        tree: ReachTree = make(scenario, creature, altitude=level, options=options,
                               via=_waypoints(scenario, via))
        return tree
    tree = make(scenario, creature, altitude=level, options=options)
    return tree


def attack_path(scenario: Scenario, creature: str, target: str, **options: Any) -> Result:
    """The cheapest way to a place from which ``creature`` can still attack ``target`` this round
    (in melee with it, its attack unspent)."""
    return ruleset_info(scenario.ruleset).attacker().attack_path(scenario, creature, target,
                                                                  options)


def route(scenario: Scenario, creature: str, *, to: str | None = None,
          attack: str | None = None, altitude: int | str | None = None, mode: str | None = None,
          can_act: bool = False, via: Sequence[Any] | None = None, **options: Any) -> Result:
    """``wingbeat path`` as the CLI, the web API and ``render`` take it: a destination ``to``
    (``can_act``: only ways that keep the attack) or an ``attack`` position, never both."""
    if attack is not None:
        if to is not None or altitude is not None or mode is not None or via:
            raise OptionError(_("--attack finds its own destination: leave out --to, "
                                "--altitude, --mode and --via"))
        return attack_path(scenario, creature, attack, **options)
    if to is None:
        raise OptionError(_("path needs a destination (--to U35) or a target (--attack ID)"))
    if can_act:
        options = {**options, "can_act": True}
    return path(scenario, creature, to, altitude=altitude, mode=mode, via=via, **options)


def check(scenario: Scenario, creature: str, moves: str, **options: Any) -> Result:
    """Whether a declared move is legal; if not, the step, the rule id and why."""
    return find_ruleset(scenario.ruleset).check(scenario, creature, moves, options)


def engagement(scenario: Scenario, a: str, b: str) -> Result:
    """Whether two creatures are in melee, reach-only, or not engaged."""
    return find_ruleset(scenario.ruleset).engagement(scenario, a, b)
