"""The words of ``ruleset.toml`` a person reads (its ``title``, its ``[hints]``' ``notation`` and
``level_word``), marked here so that they are in this ruleset's catalog: whoever shows them (the
registry's list, the page) says them through this ruleset's domain, ``i18n.Domain("battlesystem",
"wingbeat.rulesets.battlesystem").gettext(text)``. Keep them the same as the file's."""

from ._messages import N_

__all__ = ["WORDS"]

WORDS = (
    N_("Battlesystem: aerial units on a table, in inches"),
    N_("Points x,y in inches from the south-west corner, up, down, a level name (low, medium …), "
       "land, leave (docs/tabletop.md)"),
    N_("level"),
)
