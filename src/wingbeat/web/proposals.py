"""Moves waiting for the game master: when an encounter requires approval, a player's declared
move is checked and kept here as a proposal until the game master accepts or refuses it.

Kept in the server's memory, not in the encounter database: a proposal is table talk, not an
action (the log replays from the scenario, the seed and the actions alone, and a proposal that
was never accepted changed nothing), and a server that restarts has lost the screens that saw
them anyway: the players declare again. Bounded: ``MAX_PENDING`` waiting per encounter (a
creature's new proposal replaces its old one) and ``MAX_DECIDED`` decided ones kept to show.
"""

from __future__ import annotations

import re
import secrets
from collections import deque
from dataclasses import dataclass, field, replace
from typing import Any

from ..errors import WingbeatError
from ._messages import _
from .roles import Role

__all__ = ["MAX_DECIDED", "MAX_PENDING", "Proposal", "ProposalBook"]

MAX_PENDING = 16
MAX_DECIDED = 16
_CELL = re.compile(r"^[A-Za-z]{1,3}\d{1,4}$")


class ProposalGone(WingbeatError):
    """A proposal that is not (or no longer) waiting."""

    http_status = 404


@dataclass(frozen=True)
class Proposal:
    """A checked move a player declared, waiting (``status``: pending, accepted, refused)."""

    id: str
    encounter: int
    creature: str
    moves: str
    options: tuple[str, ...]
    side: str | None
    key: str
    version: str | None  # the board it was checked on; accepted only on that one
    cost: str | None = None
    cost_text: str | None = None
    way: tuple[str, ...] = ()  # the cells it passes, in order (grid rulesets)
    status: str = "pending"
    reason: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "encounter": self.encounter, "creature": self.creature,
                "moves": self.moves, "options": list(self.options), "side": self.side,
                "version": self.version, "cost": self.cost, "cost_text": self.cost_text,
                "way": list(self.way), "status": self.status, "reason": self.reason}


def way_of(check: dict[str, Any]) -> tuple[str, ...]:
    """The cells a checked move passes through, in order, from its steps and its end."""
    cells = [str(step.get("move")) for step in check.get("steps") or ()
             if isinstance(step, dict) and _CELL.match(str(step.get("move", "")))]
    end = (check.get("end") or {}).get("at")
    if isinstance(end, str) and (not cells or cells[-1] != end):
        cells.append(end)
    return tuple(cells[:200])


@dataclass
class _Table:
    required: bool = False
    pending: dict[str, Proposal] = field(default_factory=dict)
    decided: deque[Proposal] = field(default_factory=lambda: deque(maxlen=MAX_DECIDED))


class ProposalBook:
    """Every encounter's approval switch and proposals, in this server's memory."""

    def __init__(self) -> None:
        self._tables: dict[int, _Table] = {}

    def _table(self, encounter: int) -> _Table:
        return self._tables.setdefault(encounter, _Table())

    def required(self, encounter: int) -> bool:
        table = self._tables.get(encounter)
        return table is not None and table.required

    def require(self, encounter: int, required: bool) -> None:
        """Switch approval on or off; off, what waits is refused (nobody would decide it)."""
        table = self._table(encounter)
        table.required = required
        if not required:
            for proposal in list(table.pending.values()):
                self.decide(encounter, proposal.id, "refused",
                            _("the game master stopped requiring approval: declare it again"))

    def propose(self, proposal: Proposal) -> Proposal:
        table = self._table(proposal.encounter)
        for old in [p for p in table.pending.values() if p.creature == proposal.creature]:
            self.decide(old.encounter, old.id, "refused", _("replaced by a newer proposal"))
        if len(table.pending) >= MAX_PENDING:
            raise WingbeatError(_("{n} moves already wait for the game master in this "
                                  "encounter: wait for them to be decided").format(n=MAX_PENDING))
        table.pending[proposal.id] = proposal
        return proposal

    def get(self, encounter: int, proposal: str) -> Proposal:
        found = self._table(encounter).pending.get(proposal)
        if found is None:
            raise ProposalGone(_("no proposal {id} waits in this encounter (it was decided "
                                 "already, or never made)").format(id=repr(proposal[:40])))
        return found

    def decide(self, encounter: int, proposal: str, status: str,
               reason: str | None = None) -> Proposal:
        table = self._table(encounter)
        decided = replace(self.get(encounter, proposal), status=status, reason=reason)
        del table.pending[proposal]
        table.decided.append(decided)
        return decided

    def creatures(self, encounter: int) -> list[tuple[str, str | None]]:
        """Each listed proposal's creature and side."""
        table = self._tables.get(encounter)
        if table is None:
            return []
        return [(p.creature, p.side) for p in (*table.pending.values(), *table.decided)]

    def listed(self, encounter: int, role: Role,
               hidden: frozenset[str] = frozenset()) -> list[dict[str, Any]]:
        """What ``role`` sees: waiting proposals first, then the last decided ones. A player
        sees its own side's in full, the others' without their options, and of a creature
        ``hidden`` from it only that a move waits (no creature, moves, cost or way)."""
        table = self._tables.get(encounter)
        if table is None:
            return []
        seen = []
        for proposal in [*table.pending.values(), *reversed(table.decided)]:
            said = proposal.to_dict()
            if not role.may_see_side(proposal.side):
                said["options"] = []
                if proposal.creature in hidden:
                    said = {key: said[key] for key in ("id", "encounter", "side", "status")}
            seen.append(said)
        return seen


def new_id() -> str:
    return secrets.token_hex(6)
