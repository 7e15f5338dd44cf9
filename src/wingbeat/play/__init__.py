"""Playing an encounter round by round: moves checked, rolls made and logged, state saved.

    >>> from wingbeat.play import EncounterStore
    >>> from wingbeat.examples import example_text
    >>> with EncounterStore("fight.sqlite3") as store:                    # doctest: +SKIP
    ...     info, _ = store.create(example_text("giant-bat"), source="example:giant-bat", seed=7)
    ...     store.move(info.id, "bat", "U35 down hover")
    ...     store.next_round(info.id)

``Game`` plays in memory; ``EncounterStore`` keeps encounters in SQLite. The state is a pure
function of the scenario, the seed and the log of actions (``replay``).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .dice import Dice, DiceExpression, parse_dice
    from .engine import (
        Action,
        EncounterState,
        Entry,
        Game,
        PlayAdapter,
        Played,
        RefusedMove,
        Setup,
        adapter_for,
        apply,
        replay,
        start,
    )
    from .store import (
        DamagedLogError,
        EncounterInfo,
        EncounterStore,
        ReplayCheck,
        StoreError,
        default_db_path,
    )

__all__ = [
    "Action",
    "DamagedLogError",
    "Dice",
    "DiceExpression",
    "EncounterInfo",
    "EncounterState",
    "EncounterStore",
    "Entry",
    "Game",
    "PlayAdapter",
    "Played",
    "RefusedMove",
    "ReplayCheck",
    "Setup",
    "StoreError",
    "adapter_for",
    "apply",
    "default_db_path",
    "parse_dice",
    "replay",
    "start",
]

#: Where each name lives: imported on first use, so that ``wingbeat check`` (whose CLI registers
#: the ``play`` commands) does not load the engine and the store.
_HOMES = {"dice": ("Dice", "DiceExpression", "parse_dice"),
          "engine": ("Action", "EncounterState", "Entry", "Game", "PlayAdapter", "Played",
                     "RefusedMove", "Setup", "adapter_for", "apply", "replay", "start"),
          "store": ("DamagedLogError", "EncounterInfo", "EncounterStore", "ReplayCheck",
                    "StoreError", "default_db_path")}


def __getattr__(name: str) -> Any:
    for module, names in _HOMES.items():
        if name in names:
            return getattr(import_module(f"{__name__}.{module}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
