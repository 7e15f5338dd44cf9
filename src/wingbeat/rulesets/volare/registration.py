"""The words of ``ruleset.toml`` a person reads (its ``title``, its ``[hints]``' ``notation`` and
``level_word``), marked here so that they are in this ruleset's catalog: whoever shows them (the
registry's list, the page) says them through this ruleset's domain, ``i18n.Domain("volare",
"wingbeat.rulesets.volare").gettext(text)``. Keep them the same as the file's."""

from ._messages import N_

__all__ = ["WORDS"]

WORDS = (
    N_("Volare: flight on a hex map (AD&D house rules)"),
    N_("Hexes (U35) or directions (N NE SE S SW NW), up, down, hover, land … (docs/volare.md)"),
)
