"""Reading a scenario: the file, its syntax, and dispatch to the ruleset's schema (the
registry's ``build``)."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .._files import FileTooLarge, UnreadableFile, read_limited
from ..errors import ScenarioError
from ..model import Scenario
from ..rules.registry import ruleset_ids, ruleset_info

if TYPE_CHECKING:
    from pydantic import ValidationError

    from ._yaml import Marks

__all__ = ["MAX_PROBLEMS", "format_location", "load_scenario", "parse_scenario", "printable",
           "raise_validation", "read_scenario_file", "read_scenario_text", "relocated",
           "validation_problems"]

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
    folder a background's relative path starts from (None: the text came from no file). Every
    error names the line and column of the value it is about."""
    import yaml  # here, not above: a command that reads a cached scenario never needs it

    from ._yaml import YamlLimitError, load_marked

    if len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise ScenarioError(_TOO_LARGE, source=source)
    try:
        data, marks = load_marked(text) if text.strip() else (None, {})
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark is not None else None
        position = getattr(exc, "position", None)  # a character no YAML text may hold
        if where is None and isinstance(position, int):
            line = text.count("\n", 0, position)
            column = position - (text.rfind("\n", 0, position) + 1)
            where = f"line {line + 1}, column {column + 1}"
        if isinstance(exc, YamlLimitError):
            raise ScenarioError(printable(str(problem)), source=source, where=where) from None
        raise ScenarioError(f"is not valid YAML or JSON: {printable(str(problem))}",
                            source=source, where=where) from None
    except json.JSONDecodeError as exc:  # pragma: no cover - yaml parses JSON itself
        raise ScenarioError(f"is not valid JSON: {exc.msg}", source=source) from None
    return parse_scenario(data, source=source, base=base, marks=marks)


def parse_scenario(data: Any, *, source: str = "<scenario>", base: str | None = None,
                   marks: Marks | None = None) -> Scenario:
    """Validate already-parsed scenario data (a mapping). ``background`` (every ruleset's) is
    read here, apart from the ruleset's schema: it changes no rule. ``marks`` (from the YAML
    reader: each value's path → line and column) puts the line and column after each problem;
    data that came from no text (Python, a JSON request's body) names the place alone."""
    try:
        return _parse(data, source, base)
    except ScenarioError as exc:
        raise relocated(exc, source, marks or {}) from None


def _parse(data: Any, source: str, base: str | None) -> Scenario:
    if not isinstance(data, Mapping):
        got = "nothing" if data is None else type(data).__name__
        raise ScenarioError(f"expected a mapping with ruleset, map and creatures; got {got}",
                            source=source)
    ruleset = data.get("ruleset")
    if ruleset is None:
        raise ScenarioError("missing; expected one of: " + ", ".join(ruleset_ids()),
                            source=source, where="ruleset")
    if not isinstance(ruleset, str) or ruleset not in ruleset_ids():
        raise ScenarioError(f"unknown ruleset {_shown(ruleset)}; expected one of: "
                            + ", ".join(ruleset_ids()), source=source, where="ruleset")
    data = dict(data)
    background = data.pop("background", None)
    scenario = ruleset_info(ruleset).build(data, source)
    if background is not None:
        from dataclasses import replace

        from ._background import build_background

        scenario = replace(scenario, background=build_background(background, source, base))
    return scenario


def relocated(error: ScenarioError, source: str, marks: Marks) -> ScenarioError:
    """``error`` naming ``source``, each of its problems followed by the line and column of its
    place where ``marks`` know it (``creatures[1].speed: expected … (line 5, column 12)``), its
    problems in the order of the file (those without a line first), at
    most ``MAX_PROBLEMS`` of them, and no control character or lone surrogate in any."""
    ranked = []
    for order, (where, message) in enumerate(error.problems):
        line = _line_of(where, marks)
        if line is not None:
            message = f"{message} (line {line[0]}, column {line[1]})"
        ranked.append(((line or (0, 0), order),
                       (None if where is None else printable(where), printable(message))))
    ranked.sort(key=lambda item: item[0])
    problems = [problem for _rank, problem in ranked]
    kept = problems[:MAX_PROBLEMS]
    hidden = error.hidden + len(problems) - len(kept)
    (where, message), *more = kept
    return ScenarioError(message, source=error.source or source, where=where,
                         more=tuple(more), hidden=hidden)


_PART = re.compile(r"\[(\d+)\]|([^.\[\]]+)")


def _line_of(where: str | None, marks: Marks) -> tuple[int, int] | None:
    """The (line, column) of the value at ``where`` (``creatures[1].speed``), or of the nearest
    value around it that the text has (a missing key: its mapping)."""
    if where is None or not marks or where.startswith("line "):
        return None
    path: list[str | int] = []
    for index, key in _PART.findall(where.split(" ", 1)[0]):
        path.append(int(index) if index else key)
    while True:
        found = marks.get(tuple(path))
        if found is not None:
            return found
        if not path:
            return None
        path.pop()


def printable(text: str) -> str:
    """``text`` with every control character and lone surrogate written as an escape
    (``\\x1b``, ``\\ud800``): an error is one line, and no file's bytes reach a terminal."""
    if text.isprintable() and text.isascii():
        return text
    return "".join(_escape(ch) for ch in text)


def _escape(ch: str) -> str:
    if ch.isprintable() and not 0xD800 <= ord(ch) <= 0xDFFF:
        return ch
    return ch.encode("unicode_escape").decode("ascii")


def format_location(loc: tuple[int | str, ...]) -> str:
    """``("creatures", 1, "altitude")`` → ``creatures[1].altitude``."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out or "(top level)"


#: The most problems one error lists: a hostile file with thousands says how many more there are.
MAX_PROBLEMS = 20


def raise_validation(error: ValidationError, source: str,
                     examples: Mapping[str, str] | None = None) -> None:
    """Turn pydantic's errors into one ``ScenarioError`` that lists each problem (at most
    ``MAX_PROBLEMS``) with its place in the file and what was expected there."""
    problems = validation_problems(error, examples or {})
    (where, message), *more = problems[:MAX_PROBLEMS]
    hidden = max(0, len(problems) - MAX_PROBLEMS)
    raise ScenarioError(message, source=source, where=where, more=tuple(more),
                        hidden=hidden) from None


def validation_problems(error: ValidationError, examples: Mapping[str, str],
                        prefix: tuple[str | int, ...] = ()) -> list[tuple[str | None, str]]:
    """pydantic's errors as (place, a player's sentence), one per place: of a value that may be
    one of several kinds (``at: B2`` or ``at: [B2, C3]``), only the first kind's complaint."""
    out: list[tuple[str | None, str]] = []
    first_kind: dict[tuple[Any, ...], str] = {}
    seen: set[str] = set()
    for problem in error.errors(include_url=False):
        loc: list[str | int] = []
        skip = False
        parts = problem["loc"]
        for n, part in enumerate(parts):
            unknown_key = problem["type"] == "extra_forbidden" and n == len(parts) - 1
            if isinstance(part, str) and _is_kind(part) and not unknown_key:
                if first_kind.setdefault(tuple(loc), part) != part:
                    skip = True
                continue
            loc.append(part)
        if skip:
            continue
        where, message = _problem(problem, (*prefix, *loc), examples)
        if where not in seen or problem["type"] in ("extra_forbidden", "invalid_key"):
            seen.add(where)
            out.append((where, message))
    return out


def _is_kind(part: str) -> bool:
    """A union member's tag in pydantic's location (``list[str]``, ``str``), not a key."""
    return part != "[key]" and (part.startswith("function-") or "[" in part or part in _KINDS)


_KINDS = frozenset({"str", "int", "float", "bool", "none", "list", "dict", "tuple"})

#: What each kind of value is, said to a player.
_KIND_WORDS = {
    "missing": "required, but missing",
    "int_type": "expected a whole number",
    "int_parsing": "expected a whole number",
    "int_from_float": "expected a whole number",
    "int_parsing_size": "expected a smaller whole number",
    "float_type": "expected a number",
    "float_parsing": "expected a number",
    "finite_number": "expected a finite number (.inf and .nan are no place or measure)",
    "bool_type": "expected true or false",
    "bool_parsing": "expected true or false",
    "string_type": "expected text",
    "dict_type": "expected a mapping of keys to values",
    "model_type": "expected a mapping of keys to values",
    "model_attributes_type": "expected a mapping of keys to values",
    "list_type": "expected a list",
    "tuple_type": "expected a list",
    "set_type": "expected a list",
}


def _problem(problem: Any, loc: tuple[str | int, ...],
             examples: Mapping[str, str]) -> tuple[str, str]:
    """One pydantic error as (place, what a player should write there): ``("creatures[1].speed",
    "expected a mapping of keys to values, like speed: {walk: 30, fly: 60} (got 30)")``."""
    kind = problem["type"]
    ctx = problem.get("ctx") or {}
    given = problem.get("input")
    if kind == "extra_forbidden":
        guess = _close_key(loc[-1] if loc else "", examples)
        hint = f"; did you mean {guess}?" if guess else ""
        return format_location(loc), ("unknown key: not part of the scenario format (check its "
                                      f"spelling{hint})")
    if kind == "invalid_key" or (loc and loc[-1] == "[key]"):
        parent = tuple(p for p in loc if p != "[key]")[:-1] if loc and loc[-1] == "[key]" \
            else loc[:-1]
        key = given if kind == "invalid_key" else loc[-2] if len(loc) > 1 else given
        if isinstance(key, int | float) and not isinstance(key, bool):
            text = (f"the number {key} stands where a key should: two numbers are written as a "
                    "list, like at: [60, 25]")
        else:
            wanted = _example(parent, examples)
            text = (f"the key {_shown(key)} is not a key this mapping takes"
                    + (f"; expected keys like {wanted}" if wanted else ""))
        return format_location(parent), text
    words = _KIND_WORDS.get(kind) or _bounds(kind, ctx) or _choices(kind, ctx) or _custom(
        kind, problem, ctx)
    example = _example(loc, examples)
    if example and kind not in ("greater_than_equal", "less_than_equal", "greater_than",
                                "less_than", "enum", "literal_error"):
        words += f", like {example}"
    if kind != "missing" and (given is None or isinstance(given, str | int | float | bool)):
        words += f" (got {_shown(given)})"
    return format_location(loc), words


def _bounds(kind: str, ctx: Mapping[str, Any]) -> str | None:
    if kind == "greater_than_equal":
        return f"expected greater than or equal to {ctx.get('ge')}"
    if kind == "less_than_equal":
        return f"expected less than or equal to {ctx.get('le')}"
    if kind == "greater_than":
        return f"expected greater than {ctx.get('gt')}"
    if kind == "less_than":
        return f"expected less than {ctx.get('lt')}"
    if kind in ("too_short", "string_too_short"):
        least = ctx.get("min_length", 1)
        what = "character" if kind == "string_too_short" else "item"
        return f"expected at least {least} {what}{'s' if least != 1 else ''}"
    if kind in ("too_long", "string_too_long"):
        most = ctx.get("max_length")
        what = "character" if kind == "string_too_long" else "item"
        return f"expected at most {most} {what}{'s' if most != 1 else ''}"
    return None


def _choices(kind: str, ctx: Mapping[str, Any]) -> str | None:
    if kind in ("enum", "literal_error"):
        expected = str(ctx.get("expected", "")).replace("'", "")
        return "expected one of: " + expected.replace(" or ", ", ")
    return None


def _custom(kind: str, problem: Any, ctx: Mapping[str, Any]) -> str:
    """A check of our own (``value_error``) says its sentence; anything else, plainly."""
    if kind in ("value_error", "assertion_error"):
        message = str(ctx.get("error") or problem["msg"])
        for head in ("Value error, ", "Assertion failed, "):
            message = message.removeprefix(head)
        return message
    return "not a value this place takes"


def _close_key(key: str | int, examples: Mapping[str, str]) -> str | None:
    """The known key closest to a misspelt one (``altitud`` → ``altitude``), if one is close."""
    import difflib

    if not isinstance(key, str) or len(key) > 40:
        return None
    known = {name.rsplit(".", 1)[-1] for name in examples if not name.endswith("[]")}
    found = difflib.get_close_matches(key, sorted(known), n=1, cutoff=0.75)
    return found[0] if found and found[0] != key else None


def _example(loc: tuple[str | int, ...], examples: Mapping[str, str]) -> str | None:
    """The example written for the field at ``loc``: ``map.wind.strength`` is looked up as
    ``wind.strength`` first, then ``strength``."""
    keys = [p for p in loc if isinstance(p, str)]
    if len(keys) >= 2 and f"{keys[-2]}.{keys[-1]}" in examples:
        return examples[f"{keys[-2]}.{keys[-1]}"]
    if keys and not isinstance(loc[-1], int) and keys[-1] in examples:
        return examples[keys[-1]]
    if keys and isinstance(loc[-1], int) and f"{keys[-1]}[]" in examples:
        return examples[f"{keys[-1]}[]"]
    return None


def _shown(value: Any) -> str:
    """A value given, short and on one line."""
    if value is None:
        return "nothing"
    if isinstance(value, float) and not math.isfinite(value):
        return {"inf": ".inf", "-inf": "-.inf"}.get(str(value), ".nan")
    text = printable(repr(value))
    return text if len(text) <= 40 else text[:37] + "…"
