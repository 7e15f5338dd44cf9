"""The language of every sentence for people: English, Italian or French.

The rules wingbeat implements were written in Italian (volare, the D&D 5e SRD in its Italian
edition) and French (Confrontation), and their players speak those languages at the table. Every
sentence meant for a person (a refusal, a reason, a table's words, the page) is written in English
in the code, marked with ``_()``, and looked up in a gettext catalog of the current language at the
moment it is said. JSON keys, rule ids, move notation and exact values never change.

The current language is a context variable, so that a web server answers each request (each seat
of a shared table) in its own language, and a library call says its sentences in the language it
was asked in::

    with wingbeat.speaking("it"):
        wingbeat.check(scenario, "bat", "U35")   # the refusal's message in Italian

Catalogs are gettext ``.mo`` files compiled from the ``.po`` files in the repository when the
package is built (``setup.py``); one *domain* per part of the code that owns its words (the core
and the command line, the web app, the page, each ruleset), so a plug-in carries its own. Only the
standard library is used here: Babel extracts and compiles the catalogs, it is not needed to read
them.
"""

from __future__ import annotations

import gettext as _gettext
import os
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

__all__ = [
    "LANGUAGES",
    "N_",
    "Domain",
    "SaidMapping",
    "environment_language",
    "language",
    "localized_number",
    "parse_language",
    "percent",
    "reworded",
    "set_language",
    "speaking",
]

#: The languages wingbeat speaks; English is the source of every message.
LANGUAGES = ("en", "it", "fr")

_CURRENT: ContextVar[str] = ContextVar("wingbeat_language", default="en")


def parse_language(text: str | None) -> str | None:
    """``"it_IT.UTF-8"``, ``"fr-CA"``, ``"IT"`` → ``"it"``, ``"fr"``; ``None`` for a language
    wingbeat does not speak (``"de"``) or for ``"C"``/``"POSIX"``/empty."""
    if not text:
        return None
    head = text.strip().split(".", 1)[0].split("@", 1)[0].replace("-", "_").split("_", 1)[0]
    head = head.lower()
    return head if head in LANGUAGES else None


def environment_language(environ: Mapping[str, str] | None = None) -> str:
    """The command line's language when ``--lang`` is not given: ``WINGBEAT_LANG``, then the
    locale as POSIX orders it (``LC_ALL``, ``LC_MESSAGES``, ``LANG``; ``LANGUAGE``'s first entry
    first when the locale is set), then English."""
    env = os.environ if environ is None else environ
    chosen = parse_language(env.get("WINGBEAT_LANG"))
    if chosen:
        return chosen
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name)
        if value:
            if value in ("C", "POSIX") or value.startswith("C."):
                return "en"
            for preferred in env.get("LANGUAGE", "").split(":"):
                found = parse_language(preferred)
                if found:
                    return found
            return parse_language(value) or "en"
    return "en"


def language() -> str:
    """The language sentences are said in now (``"en"``, ``"it"`` or ``"fr"``)."""
    return _CURRENT.get()


def _checked(lang: str) -> str:
    chosen = parse_language(lang)
    if chosen is None:
        raise ValueError(f"unknown language {lang!r}: wingbeat speaks {', '.join(LANGUAGES)}")
    return chosen


def set_language(lang: str) -> None:
    """Say every later sentence of this context (the command line: the whole process) in
    ``lang``."""
    _CURRENT.set(_checked(lang))


@contextmanager
def speaking(lang: str) -> Iterator[str]:
    """Say the sentences of the ``with`` block in ``lang`` (a request, a worker's job)."""
    token = _CURRENT.set(_checked(lang))
    try:
        yield token.var.get()
    finally:
        _CURRENT.reset(token)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs without translating it now: a constant said later,
    through its domain's ``_``, in the language of that moment."""
    return message


class Domain:
    """One catalog of messages (``wingbeat``, ``web``, ``volare`` …) in every language, read from
    ``<package>/locale/<lang>/LC_MESSAGES/<name>.mo``. ``gettext``/``ngettext``/``pgettext`` say a
    message in the current language; English (or a message with no entry) says it as written."""

    def __init__(self, name: str, package: str) -> None:
        self.name = name
        self.package = package
        self._catalogs: dict[str, _gettext.NullTranslations] = {}

    @property
    def localedir(self) -> Path:
        from importlib import resources  # on first use: 2-5 ms a short command need not pay

        return Path(str(resources.files(self.package))) / "locale"

    def catalog(self, lang: str | None = None) -> _gettext.NullTranslations:
        """The translations of ``lang`` (default: the current language), loaded once."""
        lang = lang or _CURRENT.get()
        found = self._catalogs.get(lang)
        if found is None:
            if lang == "en":
                found = _gettext.NullTranslations()
            else:
                found = _gettext.translation(self.name, self.localedir, languages=[lang],
                                             fallback=True)
            self._catalogs[lang] = found
        return found

    def gettext(self, message: str) -> str:
        lang = _CURRENT.get()
        return message if lang == "en" else self.catalog(lang).gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        lang = _CURRENT.get()
        if lang == "en":
            return singular if n == 1 else plural
        return self.catalog(lang).ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        lang = _CURRENT.get()
        return message if lang == "en" else self.catalog(lang).pgettext(context, message)


class SaidMapping(Mapping[str, str]):
    """A mapping of messages (a schema's ``EXAMPLES``: what each key holds, as an error shows
    it) each said through ``say`` (a domain's ``_``) when read: in the language of that moment.
    Those with words are marked ``N_``; the others are notation, the same in every language."""

    def __init__(self, messages: Mapping[str, str], say: Callable[[str], str]) -> None:
        self._messages = dict(messages)
        self._say = say

    def __getitem__(self, key: str) -> str:
        return self._say(self._messages[key])

    def __iter__(self) -> Iterator[str]:
        return iter(self._messages)

    def __len__(self) -> int:
        return len(self._messages)


def reworded(text: str, forms: Sequence[tuple[re.Pattern[str], str]],
             say: Callable[[str], str]) -> tuple[str, dict[str, str]] | None:
    """A library's English ``text`` by its form: the first of ``forms`` (a pattern, and the
    message marked ``N_`` that says it) whose pattern matches it, as ``(say(message), the
    pattern's fields)`` for the caller to format; None when it is of no known form."""
    for pattern, message in forms:
        found = pattern.match(text)
        if found:
            return say(message), found.groupdict()
    return None


#: The decimal separator and the percent sign's form of each language, as CLDR gives them
#: (tests/test_i18n_numbers.py compares them with Babel's).
_DECIMAL_COMMA = frozenset({"it", "fr"})
_PERCENT = {"en": "{}%", "it": "{}%", "fr": "{}\u00a0%"}


def localized_number(text: str) -> str:
    """A number written with a decimal point (``"4.5"``, ``"-0.25"``) as the current language
    writes it (``"4,5"`` in Italian and French). Mixed numbers (``"3½"``) read the same in every
    language; JSON never goes through here."""
    return text.replace(".", ",") if _CURRENT.get() in _DECIMAL_COMMA else text


def percent(value: int | str) -> str:
    """``45`` → ``"45%"`` (English, Italian), ``"45 %"`` with a no-break space (French)."""
    return _PERCENT[_CURRENT.get()].format(localized_number(str(value)))


#: The core's, the frameworks' and the command line's messages.
MESSAGES = Domain("wingbeat", "wingbeat")
_ = MESSAGES.gettext
ngettext = MESSAGES.ngettext
pgettext = MESSAGES.pgettext
