"""C-change, C-dive over turns: a fighter as it stands after a checked move (no dice).

``check_move`` judges one activation from where the fighter stands, and already refuses a second
change of tier within it (C-change: one change a turn). Play needs the fighter after it: its end
point and tier, whether it changed tier (the right renews at the next turn), landed (no more
movement this turn), or dive-charged (C-dive: its bonuses hold in the first combat it fights,
unless it made a pursuit move), redirected its assault after landing, or made a pursuit move.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..._records import dataclass
from ...errors import IllegalMoveError
from ._messages import _
from .model import Fighter
from .reports import DIVE_BONUSES, ConfrontationMove

__all__ = ["FighterAfter", "changed_refusal", "fighter_after", "turn_events"]


@dataclass(frozen=True)
class FighterAfter:
    """A fighter after its turn's move: where, at which tier, and what its move spent."""

    fighter: Fighter
    change: str | None
    landed: bool
    dive: str | None
    redirect: tuple[str, str] | None = None  # (the target gone, the new target)
    pursuit: bool = False


def fighter_after(fighter: Fighter, report: ConfrontationMove) -> FighterAfter:
    """The fighter where a legal move leaves it (``report`` from ``check_move``).

    The end point is the place its last step recorded, exactly; its facing stays as the scenario or
    the last turn left it (the rules let the player set a counter's front; play does not guess).
    """
    if not report.legal:
        raise ValueError("fighter_after takes a legal move")
    at = report.steps[-1].at if report.steps else fighter.at
    change = next((s.change for s in report.steps if s.change is not None), None)
    after = replace(fighter, at=at, tier=int(report.end["tier"]))
    dive = None if report.dive is None else str(report.dive["target"])
    redirected = None if report.dive is None else report.dive.get("redirected")
    redirect = None if redirected is None else (str(redirected["gone"]), str(redirected["to"]))
    return FighterAfter(after, change, bool(report.end.get("landed", False)), dive, redirect,
                        report.pursuit is not None)


def changed_refusal(fighter: Fighter, move: str, step: int) -> IllegalMoveError:
    """C-change: one change of tier a turn; a fighter that changed tier already cannot again."""
    return IllegalMoveError("C-change", _("{name} has already changed tier this turn: only one "
                                          "change a turn (it renews next turn)").format(
                                              name=fighter.display_name),
                            step=step, move=move)


def turn_events(who: str, after: FighterAfter, start_tier: int) -> list[dict[str, Any]]:
    """What the game master is told of a move: its tier change, landing, dive charge."""
    events: list[dict[str, Any]] = []
    if after.change is not None:
        events.append({"type": "tier-change", "creature": who, "rule": "C-change",
                       "change": after.change, "from": start_tier, "to": after.fighter.tier})
    if after.dive is not None:
        bonuses = ", ".join(f"{k} +{v}" for k, v in DIVE_BONUSES.items())
        events.append({"type": "dive-charge", "creature": who, "rule": "C-dive",
                       "target": after.dive, "bonuses": dict(DIVE_BONUSES),
                       "note": _("{bonuses} in the first combat it fights, even if separated "
                                 "from its target; lost if it makes a pursuit move").format(
                           bonuses=bonuses)})
    elif after.landed:
        events.append({"type": "landed", "creature": who, "rule": "C-change",
                       "note": _("no more movement this turn; it may still shoot, cast or "
                                 "pray")})
    if after.redirect is not None:
        gone, target = after.redirect
        events.append({"type": "redirect", "creature": who, "rule": "C-change", "gone": gone,
                       "target": target, "note": _("after landing, its target {gone} gone "
                                                   "(killed outright or routed), the assault "
                                                   "went on to {target}").format(
                           gone=gone, target=target)})
    if after.pursuit:
        note = (_("a pursuit move in the melee phase, without any change of tier; the dive "
                  "charge's bonuses are lost") if after.dive is not None else
                _("a pursuit move in the melee phase, without any change of tier"))
        events.append({"type": "pursuit", "creature": who, "rule": "C-change", "note": note})
    return events
