"""The languages (wingbeat.i18n): choosing one, saying numbers as it writes them, and the command
line's --lang anywhere on the line."""

from __future__ import annotations

import subprocess
import sys
import threading
from decimal import Decimal
from fractions import Fraction

import pytest
from babel.numbers import format_decimal, format_percent

from wingbeat.i18n import (
    environment_language,
    language,
    localized_number,
    parse_language,
    percent,
    speaking,
)
from wingbeat.model import format_amount


@pytest.mark.parametrize(("text", "lang"), [
    ("it_IT.UTF-8", "it"), ("fr-CA", "fr"), ("FR", "fr"), ("en_GB", "en"), ("de_DE", None),
    ("C", None), ("", None), (None, None), ("it@euro", "it")])
def test_parse_language(text: str | None, lang: str | None) -> None:
    assert parse_language(text) == lang


@pytest.mark.parametrize(("environ", "lang"), [
    ({}, "en"),
    ({"WINGBEAT_LANG": "fr", "LANG": "it_IT.UTF-8"}, "fr"),
    ({"LANG": "it_IT.UTF-8"}, "it"),
    ({"LC_ALL": "fr_FR.UTF-8", "LANG": "it_IT.UTF-8"}, "fr"),
    ({"LC_MESSAGES": "it_IT.UTF-8", "LANG": "fr_FR.UTF-8"}, "it"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LANG": "de_DE.UTF-8"}, "en"),
    ({"LANG": "de_DE.UTF-8", "LANGUAGE": "de:fr"}, "fr"),
    ({"WINGBEAT_LANG": "klingon", "LANG": "it_IT"}, "it"),
])
def test_environment_language(environ: dict[str, str], lang: str) -> None:
    assert environment_language(environ) == lang


def test_speaking_is_per_context() -> None:
    """Each thread (a server's request) keeps its own language."""
    seen: dict[str, str] = {}
    start = threading.Barrier(2)

    def speak(lang: str) -> None:
        with speaking(lang):
            start.wait()
            seen[lang] = language()

    threads = [threading.Thread(target=speak, args=(lang,)) for lang in ("it", "fr")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert seen == {"it": "it", "fr": "fr"}
    assert language() == "en"
    with pytest.raises(ValueError, match="wingbeat speaks en, it, fr"):
        speaking("de").__enter__()


@pytest.mark.parametrize("lang", ["en", "it", "fr"])
@pytest.mark.parametrize("value", [Fraction(9, 2), Fraction(-1, 4), Fraction(3), Fraction(3, 10),
                                   Fraction(123, 8)])
def test_numbers_as_babel_writes_them(lang: str, value: Fraction) -> None:
    """The core writes decimals and percentages as CLDR (Babel) does, without Babel."""
    with speaking(lang):
        exact = Decimal(value.numerator) / Decimal(value.denominator)
        assert format_amount(value, "m") == format_decimal(exact, locale=lang,
                                                           decimal_quantization=False)
        assert percent(45) == format_percent(Decimal("0.45"), locale=lang)
        assert format_amount(Fraction(7, 2), "MP") == "3½"  # a mixed number in every language


def test_localized_number_leaves_english() -> None:
    assert localized_number("4.5") == "4.5"
    with speaking("it"):
        assert localized_number("4.5") == "4,5"


def _wingbeat(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    import os

    full = {**os.environ, **(env or {})}
    return subprocess.run([sys.executable, "-m", "wingbeat", *args], capture_output=True,
                          text=True, env=full, check=False)


def test_cli_refuses_an_unknown_language() -> None:
    done = _wingbeat("--lang", "de", "--version")
    assert done.returncode == 2
    assert "wingbeat speaks en, it, fr" in done.stderr
    assert "Traceback" not in done.stderr
