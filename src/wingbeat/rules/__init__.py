"""The rule systems, one package each, found by id: ``find_ruleset("volare")``.

Each ruleset registers itself in its own folder (``rulesets/<id>/ruleset.toml``, read by
``rules.registry``). Rulesets never import each other; what they share lives in ``rules.base``
and ``rules.grid``.
"""

from __future__ import annotations

from .base import Ruleset
from .registry import ruleset_ids, ruleset_info

__all__ = ["RULESET_IDS", "Ruleset", "find_ruleset"]

#: The built-in rulesets' ids, in list order (``registry.ruleset_ids()`` adds registered ones).
RULESET_IDS = ruleset_ids()


def find_ruleset(ruleset_id: str) -> Ruleset:
    """The ruleset with that id; a clear error naming the known ones otherwise."""
    return ruleset_info(ruleset_id).ruleset()
