"""Types of the compiled kernel (``_kernel.pyx``), for mypy."""

from array import array
from collections.abc import Callable, Sequence

KIND_WALK: int
KIND_UP: int
KIND_DOWN: int
KIND_HOVER: int
KIND_SKIM_CHECKED: int
KIND_SKIM: int
KIND_LAND: int
KIND_LAND_FAST: int
KIND_PAY: int
KIND_PAY_ALL: int
KIND_THRUST: int
DONE: int
DENSE_PLACES: int
TOO_MANY: int

def volare_search(
    numbers: tuple[int, int, int, int, int, tuple[int, ...], int, int, int, int, int, int],
    ground: array[int], ceil: array[int], nbr: array[int], start: int, avoid_checks: bool,
    goal: Callable[[int, int], bool] | None, max_states: int, dense_places: int = ...,
    room: int = ..., occupied: array[int] | None = ..., reach_limit: int = ...,
) -> tuple[int, array[int], array[int], array[int], array[int]]: ...

def volare_ends(
    codes: array[int], priorities: array[int], occupied: array[int] | None = ...,
) -> tuple[array[int], array[int], array[int]] | None: ...

def volare_opens(
    codes: array[int], priorities: array[int], ways: Sequence[int], half: int, pay_cost: int,
    attacks: array[int],
) -> tuple[array[int], array[int]]: ...

def volare_acting(
    codes: array[int], priorities: array[int], ways: Sequence[int], stuck: Sequence[int],
    later: Sequence[int], start: int, half: int, pay_cost: int, attacks: array[int],
    walk_half: int = ...,
) -> tuple[array[int], array[int]]: ...

def volare_states_json(
    codes: array[int], priorities: array[int], parents: array[int], kinds: array[int],
    ways: Sequence[int], opens: Sequence[int], ground: array[int], levels: int,
    labels: list[bytes], modes: list[bytes], headings: list[bytes], costs: list[bytes],
    actions: list[bytes], words: list[bytes | None], checks: list[bytes | None],
    extra: dict[int, bytes],
) -> bytes | None: ...

STATES_CHUNK: int

class VolareStates:
    """The end states' JSON text, in chunks of whole states."""
    too_many_checks: bool
    def __iter__(self) -> VolareStates: ...
    def __next__(self) -> bytes: ...

def volare_states_chunks(
    codes: array[int], priorities: array[int], parents: array[int], kinds: array[int],
    ways: Sequence[int], opens: Sequence[int], ground: array[int], levels: int,
    labels: list[bytes], modes: list[bytes], headings: list[bytes], costs: list[bytes],
    actions: list[bytes], words: list[bytes | None], checks: list[bytes | None],
    extra: dict[int, bytes], compact: bool = ..., separator: bytes = ..., chunk: int = ...,
    acting_at: Sequence[int] | None = ..., acting_ways: Sequence[int] | None = ...,
    deep_checks: list[bytes | None] | None = ...,
) -> VolareStates | None: ...

def last_search_counts() -> tuple[int, int, int]: ...

def last_search_bytes() -> int: ...

def last_search_index() -> tuple[int, int, int]: ...

def hex_neighbours(
    columns: int, rows: int, first: array[int], deltas: tuple[tuple[int, int], ...],
) -> array[int]: ...
