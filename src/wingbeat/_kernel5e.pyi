"""Types of the compiled ``dnd5e`` search (``_kernel5e.pyx``), for mypy."""

from array import array
from collections.abc import Callable
from typing import Any

KIND_MOVE: int
KIND_DASH: int
KIND_STAND: int
KIND_DASH_STAND: int
KIND_JUMP: int
SUFFIXES: tuple[str, ...]
DONE: int
TOO_MANY: int
MAX_WATCHERS: int
MAX_POSITIONS: int

def last_search_bytes() -> int: ...
def last_search_parts() -> dict[str, int]: ...
def suffix_of(name: str) -> int: ...

class StepTable:
    fill: Callable[[int], tuple[Any, ...]] | None
    def __init__(self, n_keys: int, fill: Callable[[int], tuple[Any, ...]] | None,
                 shift: int = 0) -> None: ...
    @property
    def shift(self) -> int: ...
    @property
    def places(self) -> int: ...
    @property
    def nbytes(self) -> int: ...

class Pruning:
    def __init__(self) -> None: ...
    def __len__(self) -> int: ...
    def to_dict(self) -> dict[int, tuple[int, int]]: ...

def dnd5e_search(
    table: StepTable, pruning: Pruning, numbers: tuple[int, int, int, int, int, int], start: int,
    avoid_checks: bool, goal: Callable[[int, int], bool] | None, max_states: int,
) -> tuple[int, array[int], array[int], array[int], array[int]]: ...

def dnd5e_ends(
    table: StepTable, codes: array[int], priorities: array[int], watchers: int, start_pos: int,
    stuck: bool, can_act: bool,
) -> tuple[array[int], array[int], array[int]] | None: ...
