"""confrontation's sentences in English, Italian and French (``wingbeat.i18n``): its own catalog, in
``locale/<lang>/LC_MESSAGES/confrontation.po``, so the plug-in carries its words with it."""

from ...i18n import N_, Domain

__all__ = ["MESSAGES", "N_", "_", "ngettext", "pgettext"]

MESSAGES = Domain("confrontation", __package__ or "wingbeat.rulesets.confrontation")
_ = MESSAGES.gettext
ngettext = MESSAGES.ngettext
pgettext = MESSAGES.pgettext
