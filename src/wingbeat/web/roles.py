"""Who is asking: the game master, or the player of one side (``serve --share``).

Without ``--share`` there is one seat, the game master's, and nothing is filtered. With it, the
access layer (``web/share.py``) puts the key's role on each request (``request.state.role``)
before any handler runs; handlers read it with ``role_of`` and never look at keys themselves.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["GAME_MASTER", "Role", "role_of"]


@dataclass(frozen=True)
class Role:
    """A seat at the table: ``side`` None is the game master; ``key_id`` names the key (never
    the key itself) for limits and logs."""

    side: str | None
    key_id: str = "local"

    @property
    def is_game_master(self) -> bool:
        return self.side is None

    def may_see_side(self, side: str | None) -> bool:
        """Whether this seat may ask about a creature of ``side`` (its reach, paths, moves)."""
        return self.side is None or self.side == side


#: The one seat of a server that is not shared: it sees and does everything.
GAME_MASTER = Role(side=None, key_id="local")


def role_of(request: Any) -> Role:
    """The role the access layer gave ``request`` (a Starlette request or an ASGI scope's
    state); the game master when the server is not shared."""
    state = getattr(request, "state", None)
    found = getattr(state, "role", None) if state is not None else None
    return found if isinstance(found, Role) else GAME_MASTER
