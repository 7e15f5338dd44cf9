"""What every command of the ``wingbeat`` CLI shares: its consoles, its failure, its options.

The faces that register their own commands (render, serve, play) use these too, so a bad input reads
the same wherever it is typed.
"""

from __future__ import annotations

import json
import sys
from typing import Any, NoReturn

import typer
from rich.console import Console

from .errors import OptionError

__all__ = ["err", "fail", "out", "parse_query_options"]



class _PlainOut:
    """Standard output written as it is: answers are plain text or JSON, and a big reach's JSON
    (megabytes) must not go through Rich's layout engine, which is orders of magnitude slower."""

    def print(self, text: str, *, markup: bool = False) -> None:
        del markup
        sys.stdout.write(text)
        sys.stdout.write("\n")


out = _PlainOut()
err = Console(stderr=True, highlight=False, soft_wrap=True)


def fail(message: str, as_json: bool) -> NoReturn:
    """Bad input: the message on stderr (and as JSON on stdout with --json), exit code 2."""
    if as_json:
        out.print(json.dumps({"error": {"message": message}}, ensure_ascii=False), markup=False)
    err.print(f"error: {message}", markup=False)
    raise typer.Exit(2)


def parse_query_options(pairs: list[str] | None, no_checks: bool = False) -> dict[str, Any]:
    """``["diagonals=dmg", "dash=true"]`` → ``{"diagonals": "dmg", "dash": True}``."""
    options: dict[str, Any] = {}
    for pair in pairs or []:
        key, sep, raw = pair.partition("=")
        if not sep or not key.strip():
            raise OptionError(f"expected --option KEY=VALUE, got {pair!r}")
        options[key.strip().replace("-", "_")] = _value(raw.strip())
    if no_checks:
        options["no_checks"] = True
    return options


def _value(raw: str) -> Any:
    lowered = raw.lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    for kind in (int, float):
        try:
            return kind(raw)
        except ValueError:
            pass
    return raw
