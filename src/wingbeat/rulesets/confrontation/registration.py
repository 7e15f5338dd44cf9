"""The words of ``ruleset.toml`` a person reads (its ``title``, its ``[hints]``' ``notation`` and
``level_word``), marked here so that they are in this ruleset's catalog: whoever shows them (the
registry's list, the page) says them through this ruleset's domain,
``i18n.Domain("confrontation", "wingbeat.rulesets.confrontation").gettext(text)``. Keep them the
same as the file's."""

from ._messages import N_

__all__ = ["WORDS"]

WORDS = (
    N_("Confrontation: flyers on a table, in centimetres"),
    N_("Points x,y in cm from the south-west corner, up (takeoff), down (land), dive:ID, "
       "redirect:ID, pursue (docs/tabletop.md)"),
    N_("tier"),
)
