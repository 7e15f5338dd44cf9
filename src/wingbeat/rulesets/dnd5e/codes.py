"""A ``dnd5e`` state packed into one int, and the words of the move notation.

Every layer of the space reads and writes states through these constants (and the compiled
search, ``_kernel5e.pyx``, repeats them). A state packs into one int::

    code = (((position << hostiles) | provoked) << LOW_BITS) | (c << 19) | (b << 9) | flags

``position`` is the footprint's north-west space and altitude (whether it squeezes, D-size,
follows from there); ``provoked`` has a bit per hostile whose reaction this turn's movement has
already drawn (D-creatures); ``b`` and ``c`` count the two- and three-axis steps (times their
cost multiplier) for ``euclid`` diagonals; the flags carry prone, the action (used, Dash,
Disengage), the free object interaction, the ``dmg`` diagonal parity, a fall still under way
(XGtE) and a jumper's run-up (D-jump: the steps just walked on foot, 0, 1 or 2). Costs are
ticks of 1 ft (½ ft when a speed is odd, so that standing up costs exactly half of it).
"""

from __future__ import annotations

from typing import Any

from ...model import Save

__all__ = [
    "ACTION",
    "AIR",
    "BURROW",
    "CLIMB",
    "DASHED",
    "DISENGAGED",
    "EU_BITS",
    "EU_MASK",
    "FALLING",
    "FLAG_BITS",
    "FLAG_MASK",
    "FLY",
    "GROUND",
    "INTERACT",
    "JUMP_PREFIXES",
    "KEYWORDS",
    "LOW_BITS",
    "MODES",
    "NO_CHECKS",
    "NO_EVENTS",
    "PARITY",
    "PRONE",
    "RUN_MASK",
    "RUN_SHIFT",
    "RUN_UP",
    "SWIM",
    "UNDER",
    "WALK",
]

PRONE = 1 << 0
ACTION = 1 << 1  # the action is used (an attack, a spell … or Dash / Disengage)
DASHED = 1 << 2
DISENGAGED = 1 << 3
INTERACT = 1 << 4  # the free object interaction is used (D-interact)
PARITY = 1 << 5  # dmg: an odd number of diagonal steps so far this turn
FALLING = 1 << 6  # XGtE: still falling at the end of this turn's drop
RUN_SHIFT = 7  # D-jump: steps just walked on foot (0, 1, 2 or more: a run-up), for jumpers only
RUN_MASK = 3 << RUN_SHIFT
RUN_UP = 2 << RUN_SHIFT  # two steps on foot (10 ft) just before: a running jump
FLAG_BITS = 9
FLAG_MASK = (1 << FLAG_BITS) - 1
EU_BITS = 10
EU_MASK = (1 << EU_BITS) - 1
LOW_BITS = FLAG_BITS + 2 * EU_BITS

WALK, FLY, CLIMB, SWIM, BURROW = range(5)
MODES = ("walk", "fly", "climb", "swim", "burrow")
GROUND, AIR, UNDER = range(3)

KEYWORDS = ("up", "down", "prone", "stand", "dash", "disengage", "action", "interact")
#: D-jump: jump:E5 (long), jump-up:C5 (high), named by the landing
JUMP_PREFIXES = ("jump:", "jump-up:")
NO_CHECKS: tuple[Save, ...] = ()
NO_EVENTS: tuple[dict[str, Any], ...] = ()
