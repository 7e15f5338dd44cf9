"""Scenario files (YAML or JSON, one schema) → core objects, with errors that name the place.

Every error names the file, the path inside it (``creatures[1].altitude``) and what was expected.
Each ruleset's part of the schema lives in its own folder (``rulesets/<id>/schema.py``); what
they share lives here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ._load import (
        load_example,
        load_scenario,
        parse_scenario,
        read_scenario_file,
        read_scenario_text,
    )

__all__ = ["load_example", "load_scenario", "parse_scenario", "read_scenario_file",
           "read_scenario_text"]


def __getattr__(name: str) -> Any:
    """The readers (``_load``), imported on first use: the CLI's cache reads a kept scenario
    without them."""
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from . import _load

    value = getattr(_load, name)
    globals()[name] = value
    return value
