"""One creature's turn under ``dnd5e``: the space every query asks (``Dnd5eSpace``).

This is the one legality function of the ruleset: ``reach``, ``path`` and ``check`` all ask
``Dnd5eSpace.steps``. It is assembled here from one module per concern: ``codes`` and
``tables`` hold values; the others are layers of the class, each subclassing the one before it
(``ends`` and ``descriptions`` both build on ``compiled``, and ``Dnd5eSpace`` joins the two):

- ``codes``: a state packed into one int (its bits), the modes, the notation's words;
- ``tables``: what is worked out per place and per move, shared by every query on a battle;
- ``places``: the creature on the board (footprints, room, who is there, falls), and the
  making of the space;
- ``jumps``: long and high jumps (D-jump);
- ``steps``: the legal steps from a state, and the searches' pruning;
- ``compiled``: the same search run by the compiled kernel (``_kernel5e``);
- ``ends``: where a turn may end, and what is left to do there;
- ``descriptions``: states, tokens and refusals in words.

The names the rest of the ruleset used to import from here are still offered here.
"""

from __future__ import annotations

from .codes import ACTION, DASHED, DISENGAGED, FALLING, INTERACT, KEYWORDS, MODES, PRONE
from .descriptions import MODE_WORDS, DescribedSpace, altitude_words
from .ends import EndSpace
from .tables import Place, Tables, Way, shared_tables

__all__ = [
    "ACTION",
    "DASHED",
    "DISENGAGED",
    "FALLING",
    "INTERACT",
    "KEYWORDS",
    "MODES",
    "MODE_WORDS",
    "PRONE",
    "Dnd5eSpace",
    "Place",
    "Tables",
    "Way",
    "altitude_words",
    "shared_tables",
]


class Dnd5eSpace(EndSpace, DescribedSpace):
    """The legal steps of one creature's turn on a ``dnd5e`` battlefield.

    ``full_notation`` (for ``check``) offers every token of the notation. The searches leave out
    the tokens that never change where the creature can go or at what cost (``action``,
    ``disengage``, ``interact``, ``prone``: dropping prone is no movement, and a deliberate fall
    is not a way to go), and take Dash on the step that
    first needs it: that step is named ``dash C9``, two tokens ``check`` reads the same way.

    ``board``: a ``Board`` already built for this map and diagonal rule, to share (optional).

    ``prune`` (on for the searches) drops a step to a state that another state already generated
    for the same place dominates: no more spent, no Dash where it had none, and (``euclid``) no
    larger rounding residue, so everything after costs it no more (exact comparison, no floats).
    """

    ruleset = "dnd5e"
    half = None  # no half-move action: a turn's movement is one budget (D-speed)
