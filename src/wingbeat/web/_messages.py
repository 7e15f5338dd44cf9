"""The web app's sentences (domain ``web``) and the pages' (domain ``page``, sent to the page as
JSON), in English, Italian and French (``wingbeat.i18n``); catalogs in ``web/locale``."""

from ..i18n import N_, Domain

__all__ = ["MESSAGES", "N_", "PAGE", "_", "ngettext", "pgettext"]

MESSAGES = Domain("web", __package__ or "wingbeat.web")
PAGE = Domain("page", __package__ or "wingbeat.web")
_ = MESSAGES.gettext
ngettext = MESSAGES.ngettext
pgettext = MESSAGES.pgettext
