"""B-turn: how far a unit may change direction in a game round, by game, class and shifts."""

from __future__ import annotations

from ..._records import dataclass
from .model import BattlesystemUnit, Game, Maneuverability, Size

__all__ = ["ADND_TURNS", "DND_TURNS", "TurnCategory", "categories", "turn_category"]


@dataclass(frozen=True, slots=True)
class TurnCategory:
    """A maneuvering category: its name (``C``, ``90°``) and the turn it allows per round."""

    name: str
    degrees: int


#: AD&D maneuverability classes, best to worst.
ADND_TURNS: tuple[TurnCategory, ...] = tuple(
    TurnCategory(m.value, d) for m, d in zip(Maneuverability, (180, 120, 90, 60, 30), strict=True)
)
#: D&D categories, best to worst: smaller than man-sized (or magical), man-sized, larger.
DND_TURNS: tuple[TurnCategory, ...] = (
    TurnCategory("180°", 180), TurnCategory("90°", 90), TurnCategory("45°", 45))

_DND_SIZE = {Size.SMALL: 0, Size.MAN: 1, Size.LARGE: 2}


def categories(game: Game) -> tuple[TurnCategory, ...]:
    return ADND_TURNS if game is Game.ADND else DND_TURNS


def _base(game: Game, unit: BattlesystemUnit) -> int:
    if game is Game.ADND:
        assert unit.maneuverability is not None
        return list(Maneuverability).index(unit.maneuverability)
    if unit.magical:
        return 0
    assert unit.size is not None
    return _DND_SIZE[unit.size]


def turn_category(game: Game, unit: BattlesystemUnit, *, half_speed: bool) -> TurnCategory:
    """The unit's category this round: one worse if mounted, one better at half speed or less;
    the shifts add up, and no category goes past the best or the worst."""
    scale = categories(game)
    index = _base(game, unit) + (1 if unit.mounted else 0) - (1 if half_speed else 0)
    return scale[max(0, min(len(scale) - 1, index))]
