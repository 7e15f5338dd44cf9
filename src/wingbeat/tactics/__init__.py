"""Threat zones, attack advice and suggested moves: who can strike where next, and from where to
strike.

Every answer here is built on the ruleset's own ``reach`` (its settled end states, each with the
way ``check`` accepts) and its own engagement rule, so a place a threat lists, or an attack
position advice ranks, is one ``check`` and ``engagement`` agree on. What each ruleset knows (who
is engaged with a creature standing where, what edge a position gives) lives behind the registry:
a ruleset that declares the ``threat`` capability names its ``ThreatRules`` in its
``ruleset.toml``. docs/threat.md describes the answers.

    >>> import wingbeat
    >>> scenario = wingbeat.open_scenario("example:giant-bat")
    >>> zones = wingbeat.threat(scenario, creature="bat")
    >>> any(p.at == "V36" and p.altitude == 0 for p in zones.places)
    True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, Protocol

from ..errors import OptionError
from ..rules.registry import ruleset_info
from .model import (
    WEIGHT_DOCS,
    AdviceReport,
    AttackOption,
    Suggestion,
    Weights,
    success_of,
)

if TYPE_CHECKING:
    from ..model import Scenario
    from ..rules.base import Result

__all__ = ["WEIGHT_DOCS", "AdviceReport", "AttackOption", "Suggestion", "ThreatRules", "Weights",
           "advise", "foes_of", "members", "success_of", "suggest", "threat"]


class ThreatRules(Protocol):
    """What a ruleset that declares ``threat`` offers (``ruleset.toml``: ``threat = …``)."""

    def members(self, scenario: Scenario) -> list[tuple[str, str | None]]:
        """Every creature's id and side, in scenario order."""
        ...

    def threat(self, scenario: Scenario, attackers: Sequence[str], side: str | None) -> Result:
        """Where a creature could stand and be attacked by ``attackers`` on their next turn."""
        ...

    def advise(self, scenario: Scenario, creature: str, targets: Sequence[str],
               weights: Weights) -> AdviceReport:
        """The end states from which ``creature`` can attack a target this round, best first."""
        ...

    def suggest(self, scenario: Scenario, creature: str, weights: Weights) -> Suggestion:
        """The move advice recommends as the battle stands: attack, close in, or hold."""
        ...


def _kept() -> AbstractContextManager[None]:
    """``grid.kept_reports``, imported when a question is asked: a command that only checks a move
    (which registers the threat commands) never imports the threat machinery."""
    from .grid import kept_reports

    return kept_reports()


def _rules(scenario: Scenario) -> ThreatRules:
    found: ThreatRules = ruleset_info(scenario.ruleset).threat_rules()
    return found


def members(scenario: Scenario) -> list[tuple[str, str | None]]:
    """Every creature's id and side."""
    return _rules(scenario).members(scenario)


def foes_of(scenario: Scenario, creature: str) -> list[str]:
    """The creatures ``creature`` would attack: every other one not on its side (a creature with
    no side, or facing one, counts everyone else as a foe)."""
    known = dict(members(scenario))
    if creature not in known:
        raise OptionError(f"no creature {creature!r} in this scenario (creatures: "
                          f"{', '.join(known) or 'none'})")
    mine = known[creature]
    return [c for c, side in known.items()
            if c != creature and (mine is None or side is None or side != mine)]


def threat(scenario: Scenario, *, side: str | None = None, creature: str | None = None) -> Result:
    """Threat zones: for every place (grid: cell and altitude; tabletop: area and tier) where a
    creature could stand, which creatures of ``side`` (or just ``creature``) could attack it on
    their next turn, with the least movement each needs and the odds of its saves."""
    rules = _rules(scenario)
    known = rules.members(scenario)
    if creature is not None:
        sides = dict(known)
        if creature not in sides:
            raise OptionError(f"no creature {creature!r} in this scenario (creatures: "
                              f"{', '.join(sides) or 'none'})")
        if side is not None and sides[creature] != side:
            raise OptionError(f"{creature} is not on side {side!r}")
        with _kept():
            return rules.threat(scenario, [creature],
                                side if side is not None else sides[creature])
    if side is None:
        raise OptionError("threat needs a side (--side monsters) or a creature (--creature ID)")
    attackers = [c for c, s in known if s == side]
    if not attackers:
        named = sorted({s for _, s in known if s is not None})
        raise OptionError(f"no creature is on side {side!r}; sides here: "
                          f"{', '.join(named) or 'none (use --creature)'}")
    with _kept():
        return rules.threat(scenario, attackers, side)


def advise(scenario: Scenario, creature: str, *, target: str | None = None,
           weights: Weights | Mapping[str, Any] | None = None) -> AdviceReport:
    """Attack positions: every end state from which ``creature`` can attack ``target`` (or any
    foe) this round, ranked by ``weights`` (``Weights``: documented defaults), with reasons."""
    chosen = Weights.of(weights)
    if target is not None:
        if target == creature:
            raise OptionError(f"{creature} cannot attack itself")
        targets = [target]
        if target not in dict(members(scenario)):
            raise OptionError(f"no creature {target!r} in this scenario")
    else:
        targets = foes_of(scenario, creature)
        if not targets:
            raise OptionError(f"{creature} has no foe here: name one with --target")
    with _kept():
        return _rules(scenario).advise(scenario, creature, targets, chosen)


def suggest(scenario: Scenario, creature: str, *,
            weights: Weights | Mapping[str, Any] | None = None) -> Suggestion:
    """A move for ``creature`` as the battle stands: attack the most reachable foe (the best
    advised position), else close the distance safely, else hold."""
    foes_of(scenario, creature)  # an unknown creature is refused here
    with _kept():
        return _rules(scenario).suggest(scenario, creature, Weights.of(weights))
