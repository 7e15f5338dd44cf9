"""The answers of threat, advise and suggest: small frozen values, exact numbers, text and JSON."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import fields
from fractions import Fraction
from typing import Any

from .._records import dataclass
from ..errors import OptionError
from ..i18n import _, ngettext
from ..model import Save, format_amount, format_cost
from ..narrate import check_label, unit_word

__all__ = ["WEIGHT_DOCS", "AdviceReport", "AttackOption", "Suggestion", "ThreatZones", "Way",
           "Weights", "cost_unit", "success_of"]


def cost_unit(end: Mapping[str, Any], unit: str) -> str:
    """How a text says the unit of a way's cost to ``end``: a state reached on foot (``on_foot``,
    volare's V-walk) costs ``MP of walking``, not flight MP."""
    if end.get("on_foot"):
        # Translators: movement points spent on foot, e.g. "MP of walking"
        return _("{unit} of walking").format(unit=unit_word(unit))
    return unit_word(unit)


def _or(names: Iterable[str]) -> str:
    """``harpy``, ``harpy or fighter``: the targets a sentence names."""
    listed = list(names)
    if len(listed) <= 1:
        return "".join(listed)
    # Translators: the last two of a list of alternatives, e.g. "fighter, scout or harpy"
    return _("{first} or {last}").format(first=", ".join(listed[:-1]), last=listed[-1])


def success_of(checks: Iterable[Save]) -> Fraction:
    """The exact probability that every save on a way succeeds."""
    p = Fraction(1)
    for c in checks:
        p *= c.probability
    return p


@dataclass(frozen=True)
class Way:
    """How one creature gets to strike: its move, what it costs, and the saves on the way."""

    creature: str
    cost: Fraction
    moves: str
    checks: tuple[Save, ...] = ()
    how: str = ""  # the engagement rule that lets it strike (V-prox case 2, C-dive …)

    @property
    def success(self) -> Fraction:
        return success_of(self.checks)

    def key(self) -> tuple[Fraction, Fraction, int]:
        """Least movement first, then the likelier way, then the shorter notation."""
        return (self.cost, -self.success, len(self.moves))

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"creature": self.creature, "cost": format_cost(self.cost),
                                "moves": self.moves, "checks": [c.to_dict() for c in self.checks],
                                "success": format_cost(self.success)}
        if self.how:
            data["how"] = self.how
        return data


#: What each weight of the advice ranking means; a position's score is the sum of these terms.
WEIGHT_DOCS = {
    "success": "per unit of probability that every save on the way succeeds (default 10)",
    "opportunity_attacks": "taken off per opportunity attack the way provokes (default 3)",
    "threatened": "taken off per foe that could attack the end place on its next turn "
                  "(default 2)",
    "edge": "per edge the position holds: the elevated position, reach kept out of the foe's "
            "reach, a dive charge's bonuses (default 1)",
    "action": "per kind of action still open besides the attack (a spell …) (default 1/10)",
    "cost": "taken off per whole round's movement the way spends (default 1/2); ties go to the "
            "cheaper way",
}


@dataclass(frozen=True)
class ThreatZones:
    """What threat zones on a grid and on a table share: whose they are, and how their text and
    JSON begin."""

    ruleset: str
    side: str | None
    creatures: tuple[str, ...]
    unit: str

    def _json_head(self) -> dict[str, Any]:
        return {"ruleset": self.ruleset, "side": self.side, "creatures": list(self.creatures),
                "unit": self.unit}

    def _text_head(self, what: str) -> str:
        """``threat zones of harpy (volare, side monsters): `` and ``what``."""
        who = ", ".join(self.creatures)
        if self.side:
            return _("threat zones of {creatures} ({ruleset}, side {side}): {what}").format(
                creatures=who, ruleset=self.ruleset, side=self.side, what=what)
        return _("threat zones of {creatures} ({ruleset}): {what}").format(
            creatures=who, ruleset=self.ruleset, what=what)


@dataclass(frozen=True)
class Weights:
    """How advice ranks attack positions: a score, the higher the better (``WEIGHT_DOCS``)."""

    success: Fraction = Fraction(10)
    opportunity_attacks: Fraction = Fraction(3)
    threatened: Fraction = Fraction(2)
    edge: Fraction = Fraction(1)
    action: Fraction = Fraction(1, 10)
    cost: Fraction = Fraction(1, 2)

    @classmethod
    def of(cls, given: Weights | Mapping[str, Any] | None) -> Weights:
        """Weights from a mapping of names to numbers (``"1/2"``, ``0.5``, ``3``), the rest
        default; a bad name or value is an ``OptionError``."""
        if given is None:
            return cls()
        if isinstance(given, Weights):
            return given
        known = {f.name for f in fields(cls)}
        values: dict[str, Fraction] = {}
        for name, raw in given.items():
            if name not in known:
                raise OptionError(_("unknown weight {name}; the weights are: {known}").format(
                    name=repr(name), known=", ".join(sorted(known))))
            try:
                value = Fraction(str(raw)) if not isinstance(raw, bool) else None
            except (ValueError, ZeroDivisionError):
                value = None
            if value is None or value < 0:
                raise OptionError(_("weight {name} is a number 0 or more, got {value}").format(
                    name=name, value=repr(raw)))
            values[name] = value
        return cls(**values)

    def to_dict(self) -> dict[str, str]:
        return {f.name: format_cost(getattr(self, f.name)) for f in fields(self)}


@dataclass(frozen=True)
class AttackOption:
    """One place to strike from: the end state, the way there and why it ranks where it does."""

    target: str
    end: Mapping[str, Any]
    way: Way
    budget: Fraction
    opportunity_attacks: int
    threatened_by: tuple[str, ...]
    edge: tuple[tuple[str, str], ...]  # (word, why)
    actions: tuple[str, ...]
    rank: int = 0

    def score(self, w: Weights) -> Fraction:
        others = len([a for a in self.actions if a not in ("attack", "free")])
        spent = self.way.cost / self.budget if self.budget else Fraction(0)
        return (w.success * self.way.success - w.opportunity_attacks * self.opportunity_attacks
                - w.threatened * len(self.threatened_by) + w.edge * len(self.edge)
                + w.action * others - w.cost * spent)

    def order(self, w: Weights) -> tuple[Fraction, Fraction, str]:
        return (-self.score(w), self.way.cost, self.way.moves)

    def reasons(self, unit: str) -> list[str]:
        # Translators: e.g. "U35 down hover: 4 MP of 8"
        said = [_("{moves}: {cost} {unit} of {budget}").format(
            moves=self.way.moves or _("(stays where it is)"),
            cost=format_amount(self.way.cost, unit), unit=cost_unit(self.end, unit),
            budget=format_amount(self.budget, unit))]
        if self.way.checks:
            saves = ", ".join(check_label(c) for c in self.way.checks)
            said.append(_("every save succeeds with probability {success} ({saves})").format(
                success=format_cost(self.way.success), saves=saves))
        else:
            said.append(_("no save on the way"))
        if self.opportunity_attacks:
            said.append(ngettext("provokes {count} opportunity attack on the way",
                                 "provokes {count} opportunity attacks on the way",
                                 self.opportunity_attacks).format(
                count=self.opportunity_attacks))
        if self.threatened_by:
            said.append(ngettext("then within reach of {count} foe next turn: {foes}",
                                 "then within reach of {count} foes next turn: {foes}",
                                 len(self.threatened_by)).format(
                count=len(self.threatened_by), foes=", ".join(self.threatened_by)))
        else:
            said.append(_("no foe can strike the end place on its next turn"))
        said.extend(why for _word, why in self.edge)
        if self.way.how:
            # Translators: {how} is the ruleset's words for the attack, e.g. "a dive charge"
            said.append(_("attacks {target} by {how}").format(target=self.target,
                                                               how=self.way.how))
        return said

    def to_dict(self, unit: str, w: Weights) -> dict[str, Any]:
        return {"rank": self.rank, "target": self.target, "end": dict(self.end),
                "moves": self.way.moves, "cost": format_cost(self.way.cost),
                "checks": [c.to_dict() for c in self.way.checks],
                "success": format_cost(self.way.success),
                "opportunity_attacks": self.opportunity_attacks,
                "threatened_by": list(self.threatened_by),
                "edge": [word for word, _why in self.edge], "actions": list(self.actions),
                "score": format_cost(self.score(w)), "reasons": self.reasons(unit)}


def ranked(options: Iterable[AttackOption], w: Weights) -> tuple[AttackOption, ...]:
    """Best first by score, ties by the cheaper way; each given its rank."""
    from dataclasses import replace

    ordered = sorted(options, key=lambda o: o.order(w))
    return tuple(replace(o, rank=i) for i, o in enumerate(ordered, 1))


@dataclass(frozen=True)
class AdviceReport:
    """Where ``creature`` can strike from this round, best first."""

    ruleset: str
    creature: str
    targets: tuple[str, ...]
    unit: str
    weights: Weights
    options: tuple[AttackOption, ...]
    end_text: Any = None  # how the text says an end state (``grid.end_text``)

    def to_dict(self) -> dict[str, Any]:
        return {"ruleset": self.ruleset, "creature": self.creature,
                "target": self.targets[0] if len(self.targets) == 1 else None,
                "targets": list(self.targets), "unit": self.unit,
                "weights": self.weights.to_dict(),
                "options": [o.to_dict(self.unit, self.weights) for o in self.options]}

    def to_text(self, limit: int | None = 10) -> str:
        whom = _or(self.targets)
        if not self.options:
            return _("{creature} cannot reach a place to attack {targets} this round").format(
                creature=self.creature, targets=whom)
        shown = self.options if limit is None else self.options[:limit]
        values = {"creature": self.creature, "ruleset": self.ruleset, "targets": whom,
                  "count": len(self.options), "shown": len(shown)}
        if len(shown) < len(self.options):
            head = ngettext("{creature} ({ruleset}) can attack {targets} from {count} end state "
                            "this round; best first (the {shown} best; --json for all):",
                            "{creature} ({ruleset}) can attack {targets} from {count} end states "
                            "this round; best first (the {shown} best; --json for all):",
                            len(self.options)).format(**values)
        else:
            head = ngettext("{creature} ({ruleset}) can attack {targets} from {count} end state "
                            "this round; best first:",
                            "{creature} ({ruleset}) can attack {targets} from {count} end states "
                            "this round; best first:", len(self.options)).format(**values)
        lines = [head]
        from ..rules.reports import end_text

        for o in shown:
            # Translators: one attack option, e.g. "1. chamois from at U35, altitude 1,
            # hovering (score 7/2)"
            lines.append(_("{rank}. {target} from {end} (score {score})").format(
                rank=o.rank, target=o.target, end=end_text(o.end, self.end_text),
                score=format_cost(o.score(self.weights))))
            lines.extend(f"   - {r}" for r in o.reasons(self.unit))
        return "\n".join(lines)


@dataclass(frozen=True)
class Suggestion:
    """The move advice recommends for a creature as the battle stands, and why."""

    ruleset: str
    creature: str
    kind: str  # "attack" | "close" | "hold"
    moves: str
    cost: Fraction
    unit: str
    reasons: tuple[str, ...]
    target: str | None = None
    option: AttackOption | None = None
    weights: Weights = Weights()
    #: where the move ends, when it is no attack option's (a move closing in)
    end: Mapping[str, Any] | None = None

    @classmethod
    def attack(cls, ruleset: str, creature: str, advice: AdviceReport, unit: str,
               weights: Weights) -> Suggestion:
        """Attack from the best of ``advice``'s positions (which has at least one)."""
        best = advice.options[0]
        return cls(ruleset, creature, "attack", best.way.moves, best.way.cost, unit,
                   (ngettext("the best of {count} attack position against {targets} (wingbeat "
                             "advise)",
                             "the best of {count} attack positions against {targets} (wingbeat "
                             "advise)", len(advice.options)).format(
                       count=len(advice.options), targets=", ".join(advice.targets)),
                    *best.reasons(unit)),
                   best.target, best, weights)

    def to_dict(self) -> dict[str, Any]:
        return {"ruleset": self.ruleset, "creature": self.creature, "kind": self.kind,
                "target": self.target, "moves": self.moves, "cost": format_cost(self.cost),
                "reasons": list(self.reasons),
                "option": None if self.option is None else self.option.to_dict(self.unit,
                                                                               self.weights)}

    def to_text(self) -> str:
        what = {"attack": _("attack {target}").format(target=self.target),
                "close": _("close in on {target}").format(target=self.target),
                "hold": _("hold")}[self.kind]
        move = f'"{self.moves}"' if self.moves else _('"" (stay)')
        end = self.end if self.end is not None else (
            self.option.end if self.option is not None else {})
        lines = [_("suggested for {creature}: {what}: {move}, {cost} {unit}").format(
            creature=self.creature, what=what, move=move,
            cost=format_amount(self.cost, self.unit), unit=cost_unit(end, self.unit))]
        lines.extend(f"- {r}" for r in self.reasons)
        return "\n".join(lines)
