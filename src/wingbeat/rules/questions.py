"""What every ruleset's engine does alike with the words of a question (``reach``, ``path``,
``check``): it refuses an option it does not take, naming those it does, and reads a whole
number where one is asked for (``path``'s altitude), with the same words whichever ruleset asks.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from ..errors import NotationError, OptionError
from ..i18n import _

__all__ = ["refuse_unknown_options", "whole_number"]


def refuse_unknown_options(ruleset: str, options: Mapping[str, Any], known: Collection[str],
                           said: Collection[str] | None = None) -> None:
    """An ``OptionError`` when ``options`` holds one that ``ruleset`` does not know, naming the
    ones it takes (``said``: those worth offering, when not every one it knows is)."""
    unknown = set(options) - set(known)
    if unknown:
        takes = sorted(known if said is None else said)
        raise OptionError(_("{ruleset} does not know the option(s) {options}; it takes: "
                            "{known}").format(ruleset=ruleset, options=", ".join(sorted(unknown)),
                                              known=", ".join(takes)))


def whole_number(text: str | None, what: str) -> int | None:
    """``text`` as a whole number, None for none; a ``NotationError`` naming ``what`` (the
    altitude) when it is no whole number."""
    if text is None:
        return None
    try:
        return int(text)
    except ValueError:
        # Translators: {what} names the value, e.g. "the altitude"
        raise NotationError(_("expected a whole number for {what}, got {text}").format(
            what=what, text=repr(text))) from None
