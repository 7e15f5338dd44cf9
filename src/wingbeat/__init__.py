"""wingbeat: exact adjudication of flying movement in tabletop games.

    >>> import wingbeat
    >>> scenario = wingbeat.open_scenario("example:giant-bat")
    >>> wingbeat.check(scenario, "bat", "U35 down hover").cost
    Fraction(4, 1)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ._api import attack_path, check, engagement, open_scenario, path, reach, reach_tree
from .errors import (
    IllegalMoveError,
    NotationError,
    OptionError,
    ScenarioError,
    WingbeatError,
)
from .geometry.hexgrid import Direction, Hex, hex_distance, parse_direction, parse_hex
from .i18n import LANGUAGES, language, set_language, speaking
from .model import Check, Save, Scenario, format_cost
from .render import render_svg
from .rules import RULESET_IDS, find_ruleset
from .scenario import load_scenario, parse_scenario, read_scenario_text

if TYPE_CHECKING:
    from .tactics import Weights, advise, attack_answer, suggest, threat

__version__ = "0.1.0"

#: Names imported when first used: threat zones and advice are not needed to check a move, and a
#: short command should not pay for their import.
_LATER = {"Weights": "tactics", "advise": "tactics", "attack_answer": "tactics",
          "suggest": "tactics", "threat": "tactics"}


def __getattr__(name: str) -> Any:
    module = _LATER.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value

__all__ = [
    "LANGUAGES",
    "RULESET_IDS",
    "Check",  # deprecated: the old name of Save
    "Direction",
    "Hex",
    "IllegalMoveError",
    "NotationError",
    "OptionError",
    "Save",
    "Scenario",
    "ScenarioError",
    "Weights",
    "WingbeatError",
    "__version__",
    "advise",
    "attack_answer",
    "attack_path",
    "check",
    "engagement",
    "find_ruleset",
    "format_cost",
    "hex_distance",
    "language",
    "load_scenario",
    "open_scenario",
    "parse_direction",
    "parse_hex",
    "parse_scenario",
    "path",
    "reach",
    "reach_tree",
    "read_scenario_text",
    "render_svg",
    "set_language",
    "speaking",
    "suggest",
    "threat",
]
