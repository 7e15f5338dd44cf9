"""The table's words of ``dnd5e`` in the current language: sizes, modes of movement, conditions,
speeds, the grid's spaces. Each is said when asked (``wingbeat.i18n``), never kept."""

from __future__ import annotations

from ._messages import N_, _, pgettext

__all__ = [
    "condition_word",
    "conditions_words",
    "mode_doing",
    "mode_name",
    "size_word",
    "speed_word",
    "yes_no",
]

_SIZES = {"tiny": N_("tiny"), "small": N_("small"), "medium": N_("medium"),
          "large": N_("large"), "huge": N_("huge"), "gargantuan": N_("gargantuan")}

_CONDITIONS = {"prone": N_("prone"), "grappled": N_("grappled"),
               "restrained": N_("restrained"), "incapacitated": N_("incapacitated"),
               "paralyzed": N_("paralyzed"), "petrified": N_("petrified"),
               "stunned": N_("stunned"), "unconscious": N_("unconscious"),
               "blinded": N_("blinded"), "invisible": N_("invisible")}


def size_word(size: str) -> str:
    """A size category as the SRD names it (``large``: ``Grande``, ``Grande``)."""
    found = _SIZES.get(str(size))
    return _(found) if found else str(size)


def condition_word(condition: str) -> str:
    found = _CONDITIONS.get(condition)
    return _(found) if found else condition


def conditions_words(conditions: frozenset[str] | set[str]) -> str:
    """Conditions, comma separated, in the current language (``grappled, prone``)."""
    return ", ".join(condition_word(c) for c in sorted(conditions))


def speed_word(mode: str) -> str:
    """A speed by its mode: ``walk speed`` … (``velocità sul terreno`` …)."""
    if mode == "walk":
        return _("walk speed")
    if mode == "fly":
        return _("fly speed")
    if mode == "climb":
        return _("climb speed")
    if mode == "swim":
        return _("swim speed")
    if mode == "burrow":
        return _("burrow speed")
    return mode


def mode_doing(mode: str) -> str:
    """A mode of movement as said at the table (``flying``)."""
    if mode == "walk":
        return pgettext("mode", "walking")
    if mode == "fly":
        return pgettext("mode", "flying")
    if mode == "climb":
        return pgettext("mode", "climbing")
    if mode == "swim":
        return pgettext("mode", "swimming")
    if mode == "burrow":
        return pgettext("mode", "burrowing")
    return mode


def mode_name(mode: str) -> str:
    """A mode of movement as a short word (``walk``, ``fly``), for ledgers and tables."""
    if mode == "walk":
        return pgettext("speed", "walk")
    if mode == "fly":
        return pgettext("speed", "fly")
    if mode == "climb":
        return pgettext("speed", "climb")
    if mode == "swim":
        return pgettext("speed", "swim")
    if mode == "burrow":
        return pgettext("speed", "burrow")
    return mode


def yes_no(value: bool) -> str:
    return _("yes") if value else _("no")
