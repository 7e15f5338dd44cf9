"""Who fights whom: a ruleset's ``ThreatRules`` (found through the registry), every creature's
side, and a creature's foes. Below ``grid`` and ``table`` (which ask for foes) and the package's
questions (``threat``, ``advise``, ``suggest``), so the package reads straight down."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from ..errors import OptionError, unknown_creature
from ..i18n import _
from ..rules.registry import ruleset_info
from .model import AdviceReport, Suggestion, Weights

if TYPE_CHECKING:
    from ..model import Scenario
    from ..rules.base import Result

__all__ = ["ThreatRules", "foes_of", "members"]


class ThreatRules(Protocol):
    """What a ruleset that declares ``threat`` offers (``ruleset.toml``: ``threat = …``)."""

    def members(self, scenario: Scenario) -> list[tuple[str, str | None]]:
        """Every creature's id and side, in scenario order."""
        ...

    def threat(self, scenario: Scenario, attackers: Sequence[str], side: str | None) -> Result:
        """Where a creature could stand and be attacked by ``attackers`` on their next turn."""
        ...

    def advise(self, scenario: Scenario, creature: str, targets: Sequence[str],
               weights: Weights, no_checks: bool = False) -> AdviceReport:
        """The end states from which ``creature`` can attack a target this round, best first
        (``no_checks``: each by its way without a save, as ``--no-checks`` asks)."""
        ...

    def suggest(self, scenario: Scenario, creature: str, weights: Weights) -> Suggestion:
        """The move advice recommends as the battle stands: attack, close in, or hold."""
        ...


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
        raise unknown_creature(OptionError(_("no creature {creature} in this scenario (creatures: "
                            "{known})").format(creature=repr(creature),
                                               known=", ".join(known) or _("none"))))
    mine = known[creature]
    return [c for c, side in known.items()
            if c != creature and (mine is None or side is None or side != mine)]
