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

from collections.abc import Mapping
from contextlib import AbstractContextManager, nullcontext
from typing import TYPE_CHECKING, Any

from ..errors import OptionError, unknown_creature
from ..i18n import _
from .model import (
    WEIGHT_DOCS,
    AdviceReport,
    AttackOption,
    Suggestion,
    Weights,
    success_of,
)
from .sides import ThreatRules, _rules, foes_of, members

if TYPE_CHECKING:
    from ..model import Scenario
    from ..rules.base import Result

__all__ = ["WEIGHT_DOCS", "AdviceReport", "Advised", "AttackAnswer", "AttackOption", "Suggestion",
           "ThreatRules", "Weights", "advise", "attack_answer", "compare_attack", "foes_of",
           "members", "success_of", "suggest", "threat"]


def _kept(rules: Any) -> AbstractContextManager[None]:
    """``grid.kept_reports``, imported when a question is asked: a command that only checks a move
    (which registers the threat commands) never imports the threat machinery; a table's rules
    keep no reach reports (``keeps_reports`` false), so a tabletop threat imports none of the
    grid's."""
    if not getattr(rules, "keeps_reports", True):
        return nullcontext()
    from .grid import kept_reports

    return kept_reports()


def threat(scenario: Scenario, *, side: str | None = None, creature: str | None = None) -> Result:
    """Threat zones: for every place (grid: cell and altitude; tabletop: area and tier) where a
    creature could stand, which creatures of ``side`` (or just ``creature``) could attack it on
    their next turn, with the least movement each needs and the odds of its saves."""
    rules = _rules(scenario)
    known = rules.members(scenario)
    if creature is not None:
        sides = dict(known)
        if creature not in sides:
            raise unknown_creature(OptionError(_(
                "no creature {creature} in this scenario (creatures: {known})").format(
                creature=repr(creature), known=", ".join(sides) or _("none"))))
        if side is not None and sides[creature] != side:
            raise OptionError(_("{creature} is not on side {side}").format(
                creature=creature, side=repr(side)))
        with _kept(rules):
            return rules.threat(scenario, [creature],
                                side if side is not None else sides[creature])
    if side is None:
        raise OptionError(_("threat needs a side (--side monsters) or a creature (--creature "
                            "ID)"))
    attackers = [c for c, s in known if s == side]
    if not attackers:
        named = sorted({s for _c, s in known if s is not None})
        raise OptionError(_("no creature is on side {side}; sides here: {sides}").format(
            side=repr(side), sides=", ".join(named) or _("none (use --creature)")))
    with _kept(rules):
        return rules.threat(scenario, attackers, side)


def advise(scenario: Scenario, creature: str, *, target: str | None = None,
           weights: Weights | Mapping[str, Any] | None = None,
           no_checks: bool = False) -> AdviceReport:
    """Attack positions: every end state from which ``creature`` can attack ``target`` (or any
    foe) this round, ranked by ``weights`` (``Weights``: documented defaults), with reasons.
    ``no_checks``: of its ways without a save alone (each place by its cheapest way that needs
    none, as ``reach --no-checks``; the rulesets whose ``reach`` refuses it refuse it)."""
    chosen = Weights.of(weights)
    if target is not None:
        if target == creature:
            raise OptionError(_("{creature} cannot attack itself").format(creature=creature))
        targets = [target]
        if target not in dict(members(scenario)):
            raise unknown_creature(OptionError(_("no creature {creature} in this scenario").format(
                creature=repr(target))))
    else:
        targets = foes_of(scenario, creature)
        if not targets:
            raise OptionError(_("{creature} has no foe here: name one with --target").format(
                creature=creature))
    rules = _rules(scenario)
    with _kept(rules):
        return rules.advise(scenario, creature, targets, chosen, no_checks=no_checks)


def suggest(scenario: Scenario, creature: str, *,
            weights: Weights | Mapping[str, Any] | None = None) -> Suggestion:
    """A move for ``creature`` as the battle stands: attack the most reachable foe (the best
    advised position), else close the distance safely, else hold."""
    foes_of(scenario, creature)  # an unknown creature is refused here
    rules = _rules(scenario)
    with _kept(rules):
        return rules.suggest(scenario, creature, Weights.of(weights))


# below the questions it asks (``advise``): imported last, so the package reads straight down
from .attack import Advised, AttackAnswer, attack_answer, compare_attack  # noqa: E402
