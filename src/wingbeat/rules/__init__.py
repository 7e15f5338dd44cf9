"""The rule systems, one module each, found by id: ``find_ruleset("volare")``.

Rulesets never import each other; what they share lives in ``rules.base`` and ``rules.grid``.
"""

from __future__ import annotations

from importlib import import_module

from ..errors import ScenarioError
from .base import Ruleset

__all__ = ["RULESET_IDS", "Ruleset", "find_ruleset"]

_MODULES = {
    "volare": "wingbeat.rules.volare",
    "dnd5e": "wingbeat.rules.dnd5e",
    "battlesystem": "wingbeat.rules.battlesystem",
    "confrontation": "wingbeat.rules.confrontation",
}

RULESET_IDS = tuple(_MODULES)


def find_ruleset(ruleset_id: str) -> Ruleset:
    """The ruleset with that id; a clear error naming the known ones otherwise."""
    module_name = _MODULES.get(ruleset_id)
    if module_name is None:
        known = ", ".join(RULESET_IDS)
        raise ScenarioError(f"unknown ruleset {ruleset_id!r}; expected one of: {known}")
    try:
        module = import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name == module_name:
            raise ScenarioError(f"ruleset {ruleset_id!r} is not available yet") from None
        raise
    ruleset: Ruleset = module.RULESET
    return ruleset
