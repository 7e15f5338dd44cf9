"""What a creature's space works out once per place and per move, and the cache that keeps it.

The values are frozen and small: a footprint where it stands (``Place``), a way to make a move
(``Way``), a move ready for the search (``Edge``), a jump with room (``Jump``). ``Tables`` holds
them by small ints for one battle and creature; ``shared_tables`` hands every query on the same
battle and creature the same tables (a second reach on the page, a path after a reach, the
replay of a found path), and keeps only the last few.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from ..._records import dataclass
from ...model import Save
from .board import map_key
from .falling import Fall
from .model import Dnd5eBattle, Dnd5eOptions

__all__ = ["Edge", "Front", "Jump", "Place", "Tables", "Way", "shared_tables"]


@dataclass(frozen=True, slots=True)
class Place:
    """A footprint position: its spaces, whether it squeezes, and what is there."""

    pos: int
    anchor: int
    z: int
    squeezed: bool
    cells: tuple[int, ...]
    height: int
    landing: int  # the ground level of this footprint (highest ground under it)
    kind: int  # GROUND, AIR or UNDER
    water: bool
    climbable: bool
    difficult: bool  # difficult terrain or another creature's space (D-terrain)
    occupants: tuple[int, ...]  # indices of other creatures whose space this overlaps
    threat: int  # bit per hostile whose reach this is within


@dataclass(frozen=True, slots=True)
class Way:
    """One legal way to make a move: its speed, cost multiplier and whether terrain slowed it;
    ``foot``: a step walked on the ground, which counts towards a jump's run-up (D-jump)."""

    mode: int
    multiplier: int
    difficult: bool
    foot: bool = False


@dataclass(frozen=True, slots=True)
class Jump:
    """A jump with room (D-jump), whatever the movement left: its name, where it lands, the
    places it passes (the landing last: for opportunity attacks), how many spaces it covers along
    its line and how many axes each changes, the levels it rises, its landing check, whether it
    needs no run-up, and its event standing and running."""

    name: str
    dst: Place
    chain: tuple[Place, ...]
    squares: int
    axes: int
    rise: int
    checks: tuple[Save, ...]
    standing: bool
    events: tuple[dict[str, Any], dict[str, Any]]


#: A way to make a move, ready for ``steps``: (name, "dash " + name, the high bits of the
#: destination state (its position, shifted past the provoked and low bits, with the flags a fall
#: sets), destination threat, axes, multiplier, paying speed in ticks, ticks at 5 ft a square, on
#: foot, events of a fall): a walk off a ledge lands prone if it takes damage (D-fly). A move
#: made several ways (walked or flown) has an edge for each, in the order of its ways.
Edge = tuple[str, str, int, int, int, int, int, int, bool, tuple[dict[str, Any], ...]]
#: A state in a pruning front: (spent, Dash bit, b, c, ``_residue_bracket(b, c)``).
Front = tuple[int, int, int, int, int]


class Tables:
    """What a creature's space works out per place and per move, whatever the movement left:
    footprints, room, edges, landings, jumps. It depends only on the battle (map, creatures where
    they stand, options) and the creature, so every query on them shares one (``shared_tables``):
    a second reach on the page, a path after a reach, the replay of a found path. Nothing in it
    depends on a search's progress (the pruning fronts stay with each space).

    Every table is keyed by a small int, for a compiled search to index flat arrays the same way:
    ``spans`` by anchor cell (four altitudes: ``_span``), ``places`` by position (anchor × levels
    + altitude − bottom), ``edges`` by position × 2 + prone; an edge (``Edge``) is ints but for
    its two names (the move's, from the board) and a fall's events."""

    def __init__(self, battle: Dnd5eBattle):
        self.map = battle.map  # kept: the cache's key holds their ids
        self.creatures = battle.creatures
        self.places: dict[int, Place | None] = {}
        self.room: dict[tuple[int, int, bool, str], str | None] = {}
        self.spans: dict[int, tuple[int, int, int, int]] = {}
        self.edges: dict[int, tuple[Edge, ...]] = {}
        self.landings: dict[int, tuple[Place, Fall]] = {}
        self.way_sets: dict[tuple[tuple[int, ...], int, bool, bool], tuple[Way, ...]] = {}
        self.plans: dict[int, tuple[tuple[int, int, int, bool], ...]] = {}  # by id(ways)
        self.jumps: dict[int, tuple[Jump, ...]] = {}
        self.tops: dict[int, int | None] = {}
        # the same steps in flat C arrays for the compiled search (``_kernel5e.StepTable``),
        # filled as searches meet places (in C, ``_kernel5e.Native``); None until a compiled
        # search runs
        self.step_table: Any = None

    def held(self) -> int:
        """The places these tables hold, in Python or in the compiled table (about 5 kB and 0.6 kB
        each): what ``shared_tables`` weighs."""
        table = self.step_table
        return len(self.places) + (table.places if table is not None else 0)


_TablesKey = tuple[Any, Any, str, Dnd5eOptions]
_TABLES: OrderedDict[_TablesKey, Tables] = OrderedDict()
#: tables kept: the last few creatures' (a page asks about one creature at a time, then the
#: next), and of the older ones only as many as hold ``_TABLES_PLACES`` places together
#: (``Tables.held``): a place with its edges costs about 5 kB in Python, 0.6 kB in the compiled
#: table (a fly 60 reach on an open map fills 34,000 places; ``example:harpy``'s harpy 4,700)
_TABLES_KEPT = 4
_TABLES_PLACES = 40_000
_TABLES_LOCK = threading.Lock()


def _battle_key(battle: Dnd5eBattle, creature_id: str) -> _TablesKey:
    """What the tables depend on, as one value: the map (``map_key``), the creatures where they
    stand and the options, so an equal battle parsed again shares them and a changed one never
    does; by identity where a creature is not hashable."""
    try:
        hash(battle.creatures)
    except TypeError:
        return (("id", id(battle.map)), ("id", id(battle.creatures)), creature_id,
                battle.options)
    return (map_key(battle.map), battle.creatures, creature_id, battle.options)


def shared_tables(battle: Dnd5eBattle, creature_id: str) -> Tables:
    """The ``Tables`` of ``creature_id`` on ``battle``, made once for equal maps, creatures and
    options (a query option makes a new battle with the same map and creatures; a server parses
    the same scenario again for each request).
    """
    key = _battle_key(battle, creature_id)
    with _TABLES_LOCK:
        tables = _TABLES.get(key)
        if tables is not None and (key[0][0] != "id" or (
                tables.map is battle.map and tables.creatures is battle.creatures)):
            _TABLES.move_to_end(key)
            return tables
        tables = _TABLES[key] = Tables(battle)
        while len(_TABLES) > _TABLES_KEPT or (
                len(_TABLES) > 1 and sum(t.held() for t in _TABLES.values())
                > _TABLES_PLACES):
            _TABLES.popitem(last=False)
        return tables
