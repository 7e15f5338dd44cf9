"""Reading a scenario: the file, its syntax, and dispatch to the ruleset's schema (the
registry's ``build``)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .._files import FileTooLarge, UnreadableFile, read_limited
from ..errors import ScenarioError
from ..model import Scenario
from ..rules.registry import ruleset_ids, ruleset_info

if TYPE_CHECKING:
    from pydantic import ValidationError

__all__ = ["format_location", "load_scenario", "parse_scenario", "raise_validation",
           "read_scenario_file", "read_scenario_text"]

#: The largest scenario read, in bytes: a scenario is a small text file (the largest example is a
#: few kilobytes), and no more than this is ever read from any file given.
MAX_BYTES = 1_000_000
_TOO_LARGE = "is larger than 1 MB; a scenario is a small text file"


def load_scenario(path: str | Path) -> Scenario:
    """Read and validate a scenario file; a ``ScenarioError`` says what is wrong and where."""
    return read_scenario_text(read_scenario_file(path), source=str(path),
                              base=str(Path(path).parent))


def read_scenario_file(path: str | Path) -> str:
    """A scenario file's text; a ``ScenarioError`` if it cannot be read as UTF-8, is not a regular
    file, or is larger than ``MAX_BYTES``."""
    source = str(path)
    try:
        raw = read_limited(path, MAX_BYTES)
    except FileTooLarge:
        raise ScenarioError(_TOO_LARGE, source=source) from None
    except UnreadableFile as exc:
        raise ScenarioError(exc.reason, source=source) from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ScenarioError("is not UTF-8 text", source=source) from None


def read_scenario_text(text: str, *, source: str = "<scenario>",
                       base: str | None = None) -> Scenario:
    """Parse scenario text (YAML, of which JSON is a subset) and validate it; ``base``: the
    folder a background's relative path starts from (None: the text came from no file)."""
    import yaml  # here, not above: a command that reads a cached scenario never needs it

    from ._yaml import YamlLimitError
    from ._yaml import load as load_yaml

    if len(text.encode("utf-8")) > MAX_BYTES:
        raise ScenarioError(_TOO_LARGE, source=source)
    try:
        data = load_yaml(text) if text.strip() else None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark is not None else None
        if isinstance(exc, YamlLimitError):
            raise ScenarioError(str(problem), source=source, where=where) from None
        raise ScenarioError(f"is not valid YAML or JSON: {problem}", source=source,
                            where=where) from None
    except json.JSONDecodeError as exc:  # pragma: no cover - yaml parses JSON itself
        raise ScenarioError(f"is not valid JSON: {exc.msg}", source=source) from None
    return parse_scenario(data, source=source, base=base)


def parse_scenario(data: Any, *, source: str = "<scenario>", base: str | None = None) -> Scenario:
    """Validate already-parsed scenario data (a mapping). ``background`` (every ruleset's) is
    read here, apart from the ruleset's schema: it changes no rule."""
    if not isinstance(data, Mapping):
        got = "nothing" if data is None else type(data).__name__
        raise ScenarioError(f"expected a mapping with ruleset, map and creatures; got {got}",
                            source=source)
    ruleset = data.get("ruleset")
    if ruleset is None:
        raise ScenarioError("missing; expected one of: " + ", ".join(ruleset_ids()),
                            source=source, where="ruleset")
    if not isinstance(ruleset, str) or ruleset not in ruleset_ids():
        raise ScenarioError(f"unknown ruleset {ruleset!r}; expected one of: "
                            + ", ".join(ruleset_ids()), source=source, where="ruleset")
    data = dict(data)
    background = data.pop("background", None)
    try:
        scenario = ruleset_info(ruleset).build(data, source)
    except ScenarioError as exc:
        if exc.source is None:
            raise exc.located(source) from None
        raise
    if background is not None:
        from dataclasses import replace

        from ._background import build_background

        scenario = replace(scenario, background=build_background(background, source, base))
    return scenario


def format_location(loc: tuple[int | str, ...]) -> str:
    """``("creatures", 1, "altitude")`` → ``creatures[1].altitude``."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out or "(top level)"


_FRIENDLY = {
    "extra_forbidden": "unknown key: not part of the scenario format (check its spelling)",
    "missing": "required, but missing",
}
#: pydantic's words for a wrong kind of value, as a person says them (the given value follows).
_PLAIN = {
    "int_parsing": "expected a whole number",
    "int_from_float": "expected a whole number",
    "float_parsing": "expected a number",
}


#: The most problems one error lists: a hostile file with thousands says how many more there are.
MAX_PROBLEMS = 20


def raise_validation(error: ValidationError, source: str) -> None:
    """Turn pydantic's errors into one ``ScenarioError`` that lists each problem (at most
    ``MAX_PROBLEMS``) with its place in the file and what was expected there."""
    problems = [_problem(e) for e in error.errors()[:MAX_PROBLEMS]]
    (where, message), *more = problems
    hidden = max(0, error.error_count() - MAX_PROBLEMS)
    raise ScenarioError(message, source=source, where=where, more=tuple(more),
                        hidden=hidden) from None


def _problem(problem: Any) -> tuple[str, str]:
    """One pydantic error as (place, expectation): ``("map.columns", "expected a valid integer
    … (got 'ten')")``."""
    loc = tuple(p for p in problem["loc"] if not (isinstance(p, str) and p.startswith("function-")))
    message = _FRIENDLY.get(problem["type"]) or _PLAIN.get(problem["type"], problem["msg"])
    if message.startswith("Value error, "):
        message = message[len("Value error, "):]
    message = message.replace("Input should be", "expected")
    given = problem.get("input")
    if problem["type"] not in _FRIENDLY and isinstance(given, str | int | float | bool):
        message += f" (got {given!r})"
    return format_location(loc), message
