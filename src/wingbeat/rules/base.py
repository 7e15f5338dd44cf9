"""What every ruleset offers, and the shape of what it answers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from ..model import Scenario

__all__ = ["AttackRuleset", "Result", "Ruleset"]


class Result(Protocol):
    """An answer: a JSON-ready dict for machines and text for people."""

    def to_dict(self) -> dict[str, Any]: ...

    def to_text(self) -> str: ...


class Ruleset(Protocol):
    """A rule system: reach, cheapest path, move check and engagement for one creature."""

    id: str

    def reach(self, scenario: Scenario, creature: str, options: Mapping[str, Any]) -> Result: ...

    def path(
        self,
        scenario: Scenario,
        creature: str,
        *,
        to: str,
        altitude: str | None,
        mode: str | None,
        options: Mapping[str, Any],
    ) -> Result: ...

    def check(
        self, scenario: Scenario, creature: str, moves: str, options: Mapping[str, Any]
    ) -> Result: ...

    def engagement(self, scenario: Scenario, a: str, b: str) -> Result: ...


class AttackRuleset(Ruleset, Protocol):
    """A ruleset that declares ``attack_path``: it finds where a creature can still attack."""

    def attack_path(self, scenario: Scenario, creature: str, target: str,
                    options: Mapping[str, Any]) -> Result: ...
