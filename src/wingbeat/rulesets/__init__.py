"""The rule systems, one folder each (``rulesets/<id>/``): the plug-ins on top of the contracts.

Each folder holds a ``ruleset.toml`` (its id, title, kind of space, the dotted places of its
engine, schema, picture, play adapter and threat rules), read by ``wingbeat.rules.registry``,
which is how every face finds a ruleset. A plug-in may import everything below it (``rules``,
``scenario``, ``render``, ``play``, ``tactics`` and the core); nothing below imports a plug-in,
and plug-ins never import each other (``pyproject.toml``'s import contracts, docs/architecture.md).
This package imports nothing: finding the rulesets loads none of them.
"""
