"""The page's words ``ruleset.toml`` gives for dnd5e (``[hints]``), marked for this ruleset's
catalog: whoever shows them says them with ``MESSAGES.gettext`` (``_messages``) in the language of
the moment; the toml keeps the English, which is also the message."""

from __future__ import annotations

from ._messages import N_

__all__ = ["HINT_WORDS"]

HINT_WORDS = (
    N_("D&D 5e: movement and flight on squares or hexes"),
    N_("Spaces (C3) or directions (N NE E … on squares, N NE SE S SW NW on hexes), C3+up / "
       "C3+down for 3-D steps, up, down, dash, disengage, action, stand, prone, jump:E5 / "
       "jump-up:C5 (docs/dnd5e.md)"),
    N_("Diagonals"),
    N_("phb: 5-5-5"),
    N_("dmg: 5-10-5"),
    N_("euclid: straight line"),
    N_("Units"),
    N_("feet (ft)"),
    N_("metres (m)"),
)
