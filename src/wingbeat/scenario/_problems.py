"""Pydantic's validation errors in the scenario file's words: each problem with its place in the
file (``creatures[1].altitude``), what was expected there and an example; no control character or
lone surrogate in any. Used by the schemas (``_schema``) and the loader (``_load``); it imports
neither, so the loader reads straight down."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..errors import ScenarioError
from ..i18n import N_, _, localized_number, ngettext

if TYPE_CHECKING:
    from pydantic import ValidationError

__all__ = ["MAX_PROBLEMS", "format_location", "printable", "raise_validation",
           "validation_problems"]


def printable(text: str) -> str:
    """``text`` with every control character and lone surrogate written as an escape
    (``\\x1b``, ``\\ud800``): an error is one line, and no file's bytes reach a terminal."""
    if text.isprintable() and text.isascii():
        return text
    return "".join(_escape(ch) for ch in text)


#: Spaces a language's punctuation uses (French: a no-break space before a colon, a narrow one
#: in 12 345): Python does not call them printable, yet a terminal shows them as spaces.
_SPACES = frozenset("\u00a0\u202f")


def _escape(ch: str) -> str:
    if (ch.isprintable() or ch in _SPACES) and not 0xD800 <= ord(ch) <= 0xDFFF:
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
    return out or _("(top level)")


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
    "missing": N_("required, but missing"),
    "int_type": N_("expected a whole number"),
    "int_parsing": N_("expected a whole number"),
    "int_from_float": N_("expected a whole number"),
    "int_parsing_size": N_("expected a smaller whole number"),
    "float_type": N_("expected a number"),
    "float_parsing": N_("expected a number"),
    "finite_number": N_("expected a finite number (.inf and .nan are no place or measure)"),
    "bool_type": N_("expected true or false"),
    "bool_parsing": N_("expected true or false"),
    "string_type": N_("expected text"),
    "dict_type": N_("expected a mapping of keys to values"),
    "model_type": N_("expected a mapping of keys to values"),
    "model_attributes_type": N_("expected a mapping of keys to values"),
    "list_type": N_("expected a list"),
    "tuple_type": N_("expected a list"),
    "set_type": N_("expected a list"),
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
        if guess:
            return format_location(loc), _("unknown key: not part of the scenario format (check "
                                           "its spelling; did you mean {key}?)").format(key=guess)
        return format_location(loc), _("unknown key: not part of the scenario format (check its "
                                       "spelling)")
    if kind == "invalid_key" or (loc and loc[-1] == "[key]"):
        parent = tuple(p for p in loc if p != "[key]")[:-1] if loc and loc[-1] == "[key]" \
            else loc[:-1]
        key = given if kind == "invalid_key" else loc[-2] if len(loc) > 1 else given
        if isinstance(key, int | float) and not isinstance(key, bool):
            text = _("the number {key} stands where a key should: two numbers are written as a "
                     "list, like at: [60, 25]").format(key=key)
        else:
            wanted = _example(parent, examples)
            if wanted:
                text = _("the key {key} is not a key this mapping takes; expected keys like "
                         "{example}").format(key=_shown(key), example=wanted)
            else:
                text = _("the key {key} is not a key this mapping takes").format(key=_shown(key))
        return format_location(parent), text
    known = _KIND_WORDS.get(kind)
    words = (_(known) if known else None) or _bounds(kind, ctx) or _choices(kind, ctx) or \
        _custom(kind, problem, ctx)
    example = _example(loc, examples)
    if example and kind not in ("greater_than_equal", "less_than_equal", "greater_than",
                                "less_than", "enum", "literal_error"):
        # Translators: what a place of the scenario file expects, with an example of it
        words = _("{expected}, like {example}").format(expected=words, example=example)
    if kind != "missing" and (given is None or isinstance(given, str | int | float | bool)):
        # Translators: what was expected, and the value the file gave instead
        words = _("{expected} (got {given})").format(expected=words, given=_shown(given))
    return format_location(loc), words


def _bounds(kind: str, ctx: Mapping[str, Any]) -> str | None:
    if kind == "greater_than_equal":
        return _("expected greater than or equal to {bound}").format(bound=_number(ctx.get("ge")))
    if kind == "less_than_equal":
        return _("expected less than or equal to {bound}").format(bound=_number(ctx.get("le")))
    if kind == "greater_than":
        return _("expected greater than {bound}").format(bound=_number(ctx.get("gt")))
    if kind == "less_than":
        return _("expected less than {bound}").format(bound=_number(ctx.get("lt")))
    if kind in ("too_short", "string_too_short"):
        least = int(ctx.get("min_length", 1))
        if kind == "string_too_short":
            return ngettext("expected at least {count} character",
                            "expected at least {count} characters", least).format(count=least)
        return ngettext("expected at least {count} item", "expected at least {count} items",
                        least).format(count=least)
    if kind in ("too_long", "string_too_long"):
        most = int(ctx.get("max_length") or 0)
        if kind == "string_too_long":
            return ngettext("expected at most {count} character",
                            "expected at most {count} characters", most).format(count=most)
        return ngettext("expected at most {count} item", "expected at most {count} items",
                        most).format(count=most)
    return None


def _number(value: Any) -> str:
    """A bound as the language writes a number (``0,5``)."""
    return localized_number(str(value))


def _choices(kind: str, ctx: Mapping[str, Any]) -> str | None:
    if kind in ("enum", "literal_error"):
        expected = str(ctx.get("expected", "")).replace("'", "")
        return _("expected one of: {choices}").format(choices=expected.replace(" or ", ", "))
    return None


def _custom(kind: str, problem: Any, ctx: Mapping[str, Any]) -> str:
    """A check of our own (``value_error``) says its sentence; anything else, plainly."""
    if kind in ("value_error", "assertion_error"):
        message = str(ctx.get("error") or problem["msg"])
        for head in ("Value error, ", "Assertion failed, "):
            message = message.removeprefix(head)
        return message
    return _("not a value this place takes")


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
        return _("nothing")
    if isinstance(value, float) and not math.isfinite(value):
        return {"inf": ".inf", "-inf": "-.inf"}.get(str(value), ".nan")
    text = printable(repr(value))
    return text if len(text) <= 40 else text[:37] + "…"
