"""Playing a checked ``volare`` move out, once its saves are decided.

``grid_check`` says whether a declared move is legal and which saves it calls for; it never rolls.
A play engine rolls those saves and needs the consequences (V-skim, V-land): a failed skimming save
forces the creature to land at once, in place, and a failed violent landing leaves it prone. This
module goes through the checked report's steps, each with the state it recorded (so the move is
never walked again), and stops where a save fails. It knows no dice: the caller passes
``succeeds``, a function that rolls (or looks up) each check.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ..._records import dataclass
from ...errors import IllegalMoveError
from ...model import Save
from ...rules.grid import GridMove
from ...search import StepTuple
from ._messages import _
from .model import Mode, VolareCreature
from .space import (
    DRIFT_DUE,
    GROUNDED,
    HOVERING,
    MAY_CLIMB,
    PENDING,
    PRONE,
    THRUST,
    WALK_UNIT,
    VolareSpace,
)

__all__ = [
    "PlayedMove",
    "WalkedStep",
    "forced_landing",
    "knocked_down",
    "play_out",
    "stand_up",
    "walk",
]


@dataclass(frozen=True, slots=True)
class WalkedStep:
    """One step of a declared move, with the state and the ticks spent just before it."""

    before: int
    spent: int
    step: StepTuple

    @property
    def move(self) -> str:
        return self.step[0]


@dataclass(frozen=True)
class PlayedMove:
    """What a declared move did once its saves were rolled.

    ``code`` and ``spent`` are the state and ticks at the end of what was actually flown; ``moves``
    the steps made (a prefix of the declared ones, plus a forced ``land``/``land-fast``);
    ``knocked_down`` is true when a failed violent landing left the creature prone (its fall damage
    is the caller's to roll); ``horizontal`` whether any step changed hex (V-inertia).
    """

    code: int
    spent: int
    moves: tuple[str, ...]
    events: tuple[dict[str, Any], ...]
    knocked_down: bool
    horizontal: bool


def walk(report: GridMove) -> list[WalkedStep]:
    """The steps of a checked move, each with the state and the ticks spent before it, from the
    states the report recorded (``grid_check`` chose each step; nothing is chosen again)."""
    code, spent = report.start_code, 0
    walked: list[WalkedStep] = []
    for record in report.steps:
        step = (record.move, record.code, record.ticks - spent, record.checks, record.events)
        walked.append(WalkedStep(code, spent, step))
        code, spent = record.code, record.ticks
    return walked


def forced_landing(space: VolareSpace, code: int, spent: int) -> StepTuple:
    """The landing a failed skimming save forces, in place (V-skim → V-land).

    Safe (``land``) if a half-move action is left to sacrifice: movement so far ≤ MP/2 and no
    take-off thrust this round; otherwise ``land-fast``, which carries the violent-landing save.
    The space's own landing steps decide it, from the state with the touchdown pending.
    """
    idx, alt, _posture, flags = space.unpack(code)
    probe = space.pack(idx, alt, HOVERING, (flags | PENDING) & ~(MAY_CLIMB | DRIFT_DUE | THRUST))
    landings = {s[0]: s for s in space.steps(probe, spent) if s[0] in ("land", "land-fast")}
    if "land" in landings:
        return landings["land"]
    if "land-fast" in landings:
        return landings["land-fast"]
    raise IllegalMoveError("V-land", _("{name} cannot land at {hex}").format(
        name=space.name, hex=space.labels[idx]))


def knocked_down(space: VolareSpace, code: int) -> int:
    """The state after a failed violent landing: on the ground, prone, no walk left (V-land)."""
    idx, alt, _posture, flags = space.unpack(code)
    return space.pack(idx, alt, GROUNDED, (flags & (WALK_UNIT - 1)) | PRONE)


def play_out(space: VolareSpace, report: GridMove,
             succeeds: Callable[[Save], bool]) -> PlayedMove:
    """Fly a legal checked move (``report``, from ``grid_check`` on ``space``) step by step,
    deciding each save with ``succeeds`` in order.

    Every step is made until a save fails. A failed V-skim save makes the creature land at once in
    place (``forced_landing``; a violent landing rolls its own save); a failed V-land save knocks it
    down. Either way the rest of the declared move is not made.
    """
    code, spent = space.start, 0
    made: list[str] = []
    events: list[dict[str, Any]] = []
    horizontal = False
    knocked = False
    for index, walked in enumerate(walk(report), 1):
        move, target, cost, checks, step_events = walked.step
        failed = next((c for c in checks if not succeeds(c)), None)
        if failed is None:
            horizontal |= space.unpack(target)[0] != space.unpack(code)[0]
            code, spent = target, spent + cost
            made.append(move)
            events.extend({**e, "step": index} for e in step_events)
            continue
        events.append({"type": "save-failed", "rule": failed.rule, "step": index,
                       "move": move, "consequence": failed.on_failure})
        if failed.rule == "V-skim":
            landing = forced_landing(space, walked.before, walked.spent)
            name, landed, _cost, land_checks, land_events = landing
            made.append(name)
            events.extend({**e, "step": index, "forced": True} for e in land_events)
            if all(succeeds(c) for c in land_checks):
                code = landed
            else:
                events.append({"type": "save-failed", "rule": "V-land", "step": index,
                               "move": name, "consequence": space.land_check.on_failure})
                code, knocked = knocked_down(space, landed), True
            spent = walked.spent
        else:  # V-land: the violent landing went wrong
            code, spent, knocked = knocked_down(space, target), spent + cost, True
            made.append(move)
        break
    return PlayedMove(code, spent, tuple(made), tuple(events), knocked, horizontal)


def stand_up(creature: VolareCreature) -> VolareCreature:
    """A prone creature on the ground gets up (the play engine spends its round's movement on it).

    The rules (``docs/rulesets/volare.md``, V-land) knock creatures down but do not say how they
    rise; play lets a grounded, prone creature declare ``stand`` as its whole move for a round.
    """
    if creature.mode is not Mode.GROUNDED or not creature.prone:
        raise IllegalMoveError("V-land", _("{name} is not lying on the ground: only a prone "
                                           "creature stands up").format(
            name=creature.display_name))
    return replace(creature, prone=False)
