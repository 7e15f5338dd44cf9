"""wingbeat: exact adjudication of flying movement in tabletop games.

    >>> import wingbeat
    >>> scenario = wingbeat.open_scenario("example:giant-bat")
    >>> wingbeat.check(scenario, "bat", "U35 down hover").cost
    Fraction(4, 1)

Every public name is imported when first used (PEP 562): ``import wingbeat`` costs almost
nothing, and a short command pays only for the modules its question needs (issue 29;
tests/test_import_cost.py keeps it so).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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
    from .tactics import Weights, advise, attack_answer, suggest, threat

__version__ = "0.1.0"

#: Where each public name lives, imported on first use.
_WHERE = {
    **dict.fromkeys(("attack_path", "check", "engagement", "open_scenario", "path", "reach",
                     "reach_tree"), "_api"),
    **dict.fromkeys(("IllegalMoveError", "NotationError", "OptionError", "ScenarioError",
                     "WingbeatError"), "errors"),
    **dict.fromkeys(("Direction", "Hex", "hex_distance", "parse_direction", "parse_hex"),
                    "geometry.hexgrid"),
    **dict.fromkeys(("LANGUAGES", "language", "set_language", "speaking"), "i18n"),
    **dict.fromkeys(("Check", "Save", "Scenario", "format_cost"), "model"),
    "render_svg": "render",
    **dict.fromkeys(("RULESET_IDS", "find_ruleset"), "rules"),
    **dict.fromkeys(("load_scenario", "parse_scenario", "read_scenario_text"), "scenario"),
    **dict.fromkeys(("Weights", "advise", "attack_answer", "suggest", "threat"), "tactics"),
}


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_WHERE})


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
