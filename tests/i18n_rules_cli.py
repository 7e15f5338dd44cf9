"""The command line in another language, as the rulesets' language tests ask it: ``python -m
wingbeat --lang LANG …`` in a subprocess (``--lang`` is read off the whole line before the
commands), and JSON compared across languages less its sentences for people."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

#: The fields of an answer's JSON that are sentences for people (they alone change with the
#: language): a refusal's message, a save's name and consequence, notes, reasons, descriptions.
SENTENCE_FIELDS = frozenset({
    "message", "save", "on_failure", "reasons", "reason", "note", "notes", "cause", "because",
    "vision", "how", "measured", "holds", "bonuses_lost", "between_tiers", "dive_charge",
    "abilities", "consequence", "check", "said", "text", "label", "description",
})


def core_speaks(lang: str) -> bool:
    """Whether the command line's own words (the core's catalog, domain ``wingbeat``) are
    translated yet: the lines around a ruleset's sentences are the core's (as
    ``tests/test_i18n_battlesystem.py`` asks)."""
    from wingbeat.i18n import MESSAGES

    return bool(getattr(MESSAGES.catalog(lang), "_catalog", {}).keys() - {""})


def wingbeat_says(lang: str, *args: str, code: int | None = None) -> str:
    """What ``wingbeat --lang LANG ARGS`` prints; its exit code must be ``code`` when given."""
    done = subprocess.run([sys.executable, "-m", "wingbeat", "--lang", lang, *args],
                          capture_output=True, text=True, check=False)
    if code is not None:
        assert done.returncode == code, done.stdout + done.stderr
    return done.stdout


def wingbeat_json(lang: str, *args: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(wingbeat_says(lang, *args, "--json"))
    return data


def without_sentences(data: Any) -> Any:
    """``data`` with every sentence field replaced by a mark: what must not change with the
    language."""
    if isinstance(data, dict):
        return {k: ("<said>" if k in SENTENCE_FIELDS else without_sentences(v))
                for k, v in data.items()}
    if isinstance(data, list):
        return [without_sentences(v) for v in data]
    return data


def sentences(data: Any) -> list[str]:
    """Every string in a sentence field of ``data``."""
    found: list[str] = []
    if isinstance(data, dict):
        for k, v in data.items():
            if k in SENTENCE_FIELDS:
                found += [v] if isinstance(v, str) else [s for s in _strings(v)]
            else:
                found += sentences(v)
    elif isinstance(data, list):
        for v in data:
            found += sentences(v)
    return found


def _strings(data: Any) -> list[str]:
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [s for v in data.values() for s in _strings(v)]
    if isinstance(data, list):
        return [s for v in data for s in _strings(v)]
    return []
