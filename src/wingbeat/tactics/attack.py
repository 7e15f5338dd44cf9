"""One attack answer: ``path --attack``'s cheapest place, with advice's best beside it.

``wingbeat.attack_path`` finds the cheapest place in melee with a target, the attack still to
make; ``wingbeat.advise`` ranks every such place (the odds of its saves, the foes that could strike
it, its edge …). The two can name different places: for the giant bat against the chamois the
cheapest is a violent landing with a Reflex save, advice's best the safe hover one MP dearer. A
game master asking ``path --attack`` (or the page's *Attack position*) is told both:
``attack_answer`` is the cheapest way, as ``attack_path`` finds it, with ``advised``, advice's
best place and whether it is this one. Advice is dearer than a path (it runs the foes' threat),
so ``attack_path`` stays as it was and only the faces that say the comparison ask for it
(docs/threat.md, "One attack answer").
"""

from __future__ import annotations

import shlex
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .._records import dataclass
from ..i18n import _
from ..model import format_amount
from ..narrate import unit_word
from ..rules.registry import ruleset_info
from .model import AdviceReport, AttackOption, Weights

if TYPE_CHECKING:
    from ..model import Scenario
    from ..rules.base import Result

__all__ = ["Advised", "AttackAnswer", "attack_answer", "compare_attack"]


@dataclass(frozen=True)
class Advised:
    """Advice's best place against the target, beside the cheapest way there.

    ``option`` is advice's best position (with ``no_checks``, advice asked of the ways without a
    save: each place by its cheapest way that needs none), or the cheapest way's own place when
    advice scores none higher (advice orders equal scores by cost, then by notation: no
    advice); ``agrees`` whether it ends where the cheapest way ends; ``cheapest`` advice's own
    entry for the cheapest way's end (its rank, score and reasons), None when advice does not
    list it."""

    option: AttackOption
    agrees: bool
    cheapest: AttackOption | None
    advice: AdviceReport
    #: the command that lists every position (``wingbeat advise SCENARIO bat --target chamois``)
    command: str
    without_saves: bool = False

    def where(self) -> str:
        """``at U35, altitude 1, hovering``: where advice's best ends, as the text says it."""
        from ..rules.reports import end_text

        return end_text(self.option.end, self.advice.end_text)

    def why(self) -> list[str]:
        """Why advice ranks its best first: its reasons the cheapest place does not share (all
        of them but the first, its cost, when advice does not list the cheapest)."""
        unit = self.advice.unit
        mine = self.option.reasons(unit)[1:]
        if self.cheapest is None:
            return mine
        theirs = set(self.cheapest.reasons(unit)[1:])
        return [r for r in mine if r not in theirs] or mine

    def line(self) -> str | None:
        """The one line the text adds when advice ranks another place first (None when it ranks
        the cheapest first too)."""
        if self.agrees:
            return None
        way = self.option.way
        unit = self.advice.unit
        moves = way.moves or _("(stays where it is)")
        values = {"where": self.where(), "moves": moves, "cost": format_amount(way.cost, unit),
                  "unit": unit_word(unit), "why": "; ".join(self.why())}
        if self.without_saves:
            said = _("advice ranks first, of the ways without a save: {where}, by \"{moves}\" "
                     "({cost} {unit}): {why}").format(**values)
        else:
            said = _("advice ranks first: {where}, by \"{moves}\" ({cost} {unit}): "
                     "{why}").format(**values)
        if self.cheapest is not None:
            said = _("{said}; it ranks this place #{rank}").format(said=said,
                                                                   rank=self.cheapest.rank)
        return _("{said}; see {command}").format(said=said, command=self.command)

    def to_dict(self) -> dict[str, Any]:
        unit, weights = self.advice.unit, self.advice.weights
        return {"agrees": self.agrees, "option": self.option.to_dict(unit, weights),
                "why": self.why(),
                "cheapest": None if self.cheapest is None
                else self.cheapest.to_dict(unit, weights),
                "without_saves": self.without_saves, "text": self.line()}


@dataclass(frozen=True)
class AttackAnswer:
    """``path --attack``'s answer: the cheapest way (``path``, as ``attack_path`` finds it) and,
    where the ruleset advises, ``advised`` (None when no way was found, or advice has no place
    to compare). Its JSON is the path's with ``advised`` last; its text the path's with one line
    more when advice ranks another place first."""

    path: Result
    advised: Advised | None = None

    @property
    def legal(self) -> bool:
        return bool(getattr(self.path, "legal", True))

    def advised_dict(self) -> dict[str, Any] | None:
        return None if self.advised is None else self.advised.to_dict()

    def to_dict(self) -> dict[str, Any]:
        data = self.path.to_dict()
        if data.get("found") is not False:
            data["advised"] = self.advised_dict()
        return data

    def to_text(self) -> str:
        text = self.path.to_text()
        line = None if self.advised is None else self.advised.line()
        return text if line is None else f"{text}\n{line}"


def _same_end(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    """Whether two end states are one: every field both name is equal."""
    return all(a[k] == b[k] for k in a.keys() & b.keys())


def _command(scenario: Scenario, creature: str, target: str) -> str:
    source = scenario.source if scenario.source != "<scenario>" else "SCENARIO"
    return " ".join(["wingbeat advise", shlex.quote(source), shlex.quote(creature), "--target",
                     shlex.quote(target)])


def compare_attack(scenario: Scenario, creature: str, target: str, found: Result,
                   options: Mapping[str, Any] | None = None,
                   weights: Weights | Mapping[str, Any] | None = None) -> AttackAnswer:
    """``found`` (what ``attack_path`` answered for these ``options``) with advice's best place
    against ``target`` beside it: advice asked of the scenario as the options set it (a ruleset's
    battle options, such as dnd5e's ``diagonals``), and with ``no_checks`` of the ways without a
    save alone (each place by its cheapest way that needs none, as ``reach --no-checks`` finds
    it: a place whose cheapest way needs a save is still ranked, by its dearer way that does
    not)."""
    from .grid import kept_reports
    from .sides import _rules

    options = dict(options or {})
    data = found.to_dict()
    info = ruleset_info(scenario.ruleset)
    if data.get("found") is False or not data.get("legal") or not info.can("threat"):
        return AttackAnswer(found)
    asked = info.attacker().with_options(scenario, options)
    without_saves = bool(options.get("no_checks", False))
    with kept_reports():  # as ``wingbeat.advise`` asks it (the path checked the names)
        report = _rules(asked).advise(asked, creature, [target], Weights.of(weights),
                                      no_checks=without_saves)
    ranked = [o for o in report.options if not (without_saves and o.way.checks)]
    if not ranked:
        return AttackAnswer(found)
    end = data["end"]
    cheapest = next((o for o in ranked if _same_end(o.end, end)), None)
    best = ranked[0]
    if cheapest is not None and cheapest.score(report.weights) >= best.score(report.weights):
        best = cheapest  # advice scores no place higher: the order among equals is no advice
    return AttackAnswer(found, Advised(best, _same_end(best.end, end), cheapest, report,
                                       _command(scenario, creature, target), without_saves))


def attack_answer(scenario: Scenario, creature: str, target: str, *,
                  weights: Weights | Mapping[str, Any] | None = None,
                  **options: Any) -> AttackAnswer:
    """The cheapest place in melee with ``target`` (``wingbeat.attack_path``, with ``options``)
    and advice's best place against it (``wingbeat.advise``, by ``weights``), said together."""
    from .._api import attack_path

    return compare_attack(scenario, creature, target,
                          attack_path(scenario, creature, target, **options), options, weights)
