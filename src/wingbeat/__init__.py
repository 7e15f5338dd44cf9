"""wingbeat: exact adjudication of flying movement in tabletop games.

    >>> import wingbeat
    >>> scenario = wingbeat.open_scenario("example:giant-bat")
    >>> wingbeat.check(scenario, "bat", "U35 down hover").cost
    Fraction(4, 1)
"""

from __future__ import annotations

from ._api import attack_path, check, engagement, open_scenario, path, reach
from .errors import (
    IllegalMoveError,
    NotationError,
    OptionError,
    ScenarioError,
    WingbeatError,
)
from .geometry.hexgrid import Direction, Hex, hex_distance, parse_direction, parse_hex
from .model import Check, Scenario, format_cost
from .render import render_svg
from .rules import RULESET_IDS, find_ruleset
from .scenario import load_scenario, parse_scenario, read_scenario_text
from .tactics import Weights, advise, suggest, threat

__version__ = "0.1.0"

__all__ = [
    "RULESET_IDS",
    "Check",
    "Direction",
    "Hex",
    "IllegalMoveError",
    "NotationError",
    "OptionError",
    "Scenario",
    "ScenarioError",
    "Weights",
    "WingbeatError",
    "__version__",
    "advise",
    "attack_path",
    "check",
    "engagement",
    "find_ruleset",
    "format_cost",
    "hex_distance",
    "load_scenario",
    "open_scenario",
    "parse_direction",
    "parse_hex",
    "parse_scenario",
    "path",
    "reach",
    "read_scenario_text",
    "render_svg",
    "suggest",
    "threat",
]
