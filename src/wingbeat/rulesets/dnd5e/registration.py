"""The words of ``ruleset.toml`` a person reads (its ``title``, its ``[hints]``' ``notation``, and
the words of the page's option pickers, ``[hints.options]``), marked here so that they are in this
ruleset's catalog: whoever shows them (the registry's list, the page) says them through this
ruleset's domain, ``i18n.Domain("dnd5e", "wingbeat.rulesets.dnd5e").gettext(text)``. Keep them
the same as the file's."""

from ._messages import N_

__all__ = ["OPTION_WORDS", "WORDS"]

WORDS = (
    N_("D&D 5e: movement and flight on squares or hexes"),
    N_("Spaces (C3) or directions (N NE E … on squares, N NE SE S SW NW on hexes), C3+up / "
       "C3+down for 3-D steps, up, down, dash, disengage, action, stand, prone, jump:E5 / "
       "jump-up:C5 (docs/dnd5e.md)"),
)

#: ``[hints.options.diagonals]`` and ``[hints.options.units]``: each picker's label and values.
OPTION_WORDS = (
    N_("Diagonals"),
    N_("phb: 5-5-5"),
    N_("dmg: 5-10-5"),
    N_("euclid: straight line"),
    N_("Units"),
    N_("feet (ft)"),
    N_("metres (m)"),
)
