"""The contracts every ruleset meets, and the registry that finds one by id:
``find_ruleset(scenario.ruleset)``.

The rulesets themselves live above, one folder each (``wingbeat.rulesets``), and register in it
(``rulesets/<id>/ruleset.toml``, read by ``rules.registry``). Nothing here imports them: what
they share lives here (``base``: the protocols; ``grid``: the grid step machinery; ``reports``:
the move report; ``roster``: a battle's creatures by id; ``questions``: a question's options and
numbers; ``tabletop``: what the tabletop rulesets answer alike), and they never import each other
(docs/architecture.md).
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
