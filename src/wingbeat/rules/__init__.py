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

from typing import TYPE_CHECKING

from .registry import builtin_registrations, ruleset_ids, ruleset_info

if TYPE_CHECKING:
    from .base import Ruleset

    RULESET_IDS: tuple[str, ...]

__all__ = ["RULESET_IDS", "Ruleset", "find_ruleset"]


def __getattr__(name: str) -> object:
    """``RULESET_IDS``: the built-in rulesets' ids, in list order (``registry.ruleset_ids()``
    adds registered ones); ``Ruleset`` (``base``). Both on first use: importing a contract reads
    no registration."""
    if name == "RULESET_IDS":
        builtin = builtin_registrations()
        value: object = tuple(i for i in ruleset_ids() if i in builtin)
    elif name == "Ruleset":
        from . import base

        value = base.Ruleset
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


def find_ruleset(ruleset_id: str) -> Ruleset:
    """The ruleset with that id; a clear error naming the known ones otherwise."""
    return ruleset_info(ruleset_id).ruleset()
