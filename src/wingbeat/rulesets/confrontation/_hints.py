"""The page's words ``ruleset.toml`` gives for confrontation (``[hints]``), marked for this
ruleset's catalog: whoever shows them says them with ``MESSAGES.gettext`` (``_messages``) in the
language of the moment; the toml keeps the English, which is also the message."""

from __future__ import annotations

from ._messages import N_

__all__ = ["HINT_WORDS"]

HINT_WORDS = (
    N_("Confrontation: flyers on a table, in centimetres"),
    N_("Points x,y in cm from the south-west corner, up (takeoff), down (land), dive:ID, "
       "redirect:ID, pursue (docs/tabletop.md)"),
    N_("tier"),
)
