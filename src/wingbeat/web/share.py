"""A shared table's keys (``wingbeat serve --share``): one for the game master, one per side.

A key is a bearer secret: whoever holds the link holds the seat. Keys are random (``secrets``,
192 bits), kept in ``share-keys.json`` beside the encounter database (mode 0600, written whole
or not at all), so a restarted server gives the same links; ``--new-keys`` replaces them all,
and the old links stop working. A key is looked up against every key in constant time
(``hmac.compare_digest``, no early exit), so a wrong guess learns nothing of which seat is near.
"""

from __future__ import annotations

import hmac
import json
import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ._messages import _
from .roles import Role

__all__ = ["KEYS_FILE", "ShareKeys", "keys_path", "links", "new_key", "qr_svg", "share_keys",
           "shared_links", "sides_served"]

KEYS_FILE = "share-keys.json"
#: At most this many sides get a key: a scenario's sides are a few words, and a directory of
#: hostile files must not make the links list endless.
MAX_SIDES = 64
GAME_MASTER_ID = "gm"


def new_key() -> str:
    """A fresh key: 24 random bytes (192 bits) as URL-safe text, fit for a link's fragment."""
    return secrets.token_urlsafe(24)


@dataclass(frozen=True)
class ShareKeys:
    """The table's keys: the game master's and one per side (side name → key)."""

    gm: str
    sides: tuple[tuple[str, str], ...] = ()

    @property
    def side_keys(self) -> dict[str, str]:
        return dict(self.sides)

    def role(self, key: str) -> Role | None:
        """The seat ``key`` opens, or None. Every key is compared, whatever matched before."""
        given = key.encode("utf-8", "surrogateescape")
        found: Role | None = None
        if hmac.compare_digest(given, self.gm.encode()):
            found = Role(None, GAME_MASTER_ID)
        for side, known in self.sides:
            if hmac.compare_digest(given, known.encode()):
                found = Role(side, f"side:{side}")
        return found

    def to_dict(self) -> dict[str, Any]:
        return {"gm": self.gm, "sides": dict(self.sides)}

    @classmethod
    def from_dict(cls, data: Any) -> ShareKeys | None:
        """The keys a file kept, or None when it does not hold them as written."""
        if not isinstance(data, dict) or not _is_key(data.get("gm")):
            return None
        sides = data.get("sides")
        if not isinstance(sides, dict) or not all(
                isinstance(s, str) and _is_key(k) for s, k in sides.items()):
            return None
        return cls(str(data["gm"]), tuple(sorted(sides.items())))


def _is_key(value: Any) -> bool:
    return isinstance(value, str) and 32 <= len(value) <= 128


def keys_path() -> Path:
    """``share-keys.json`` beside the user's encounter database (honours ``XDG_DATA_HOME``)."""
    from ..play.store import default_db_path

    return default_db_path().parent / KEYS_FILE


def share_keys(sides: Iterable[str], path: Path | None = None, renew: bool = False) -> ShareKeys:
    """The table's keys for ``sides``: those kept in ``path`` (default ``keys_path()``), with a
    new key for each side not yet keyed; all new with ``renew`` (the old ones revoked). Written
    back when anything changed."""
    where = keys_path() if path is None else path
    kept = None if renew else _read(where)
    keys = dict(kept.sides) if kept is not None else {}
    wanted = sorted(set(sides))[:MAX_SIDES]
    for side in wanted:
        keys.setdefault(side, new_key())
    found = ShareKeys(kept.gm if kept is not None else new_key(), tuple(sorted(keys.items())))
    if found != kept:
        _write(where, found)
    return found


def _read(path: Path) -> ShareKeys | None:
    try:
        if path.stat().st_size > 1_000_000:
            return None
        return ShareKeys.from_dict(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError):
        return None


def _write(path: Path, keys: ShareKeys) -> None:
    """``keys`` into ``path``, whole or not at all (a temporary file renamed), readable by the
    user only."""
    from .._files import write_replacing

    path.parent.mkdir(parents=True, exist_ok=True)
    write_replacing(path, json.dumps(keys.to_dict(), indent=1, sort_keys=True), 0o600)


def sides_served(directory: Path | None, first: str | None) -> tuple[list[str], list[str]]:
    """The sides of the scenarios served (``where_to_serve``'s answer: the one file, every file
    of the directory, or the example) and a warning line for each file that does not load."""
    from ..errors import WingbeatError
    from ..scenario import load_example, load_scenario
    from .scenarios import SUFFIXES

    if directory is None:
        names = [(first or "example:giant-bat")]
    elif first is not None:
        names = [str(directory / first)]
    else:
        names = [str(p) for p in sorted(directory.iterdir())
                 if p.suffix.lower() in SUFFIXES and p.is_file()]
    sides: set[str] = set()
    warnings: list[str] = []
    for name in names:
        try:
            scenario = (load_example(name.removeprefix("example:")) if name.startswith("example:")
                        else load_scenario(name))
        except WingbeatError as exc:
            warnings.append(_("warning: {name} is left out of the sides to share: {error}")
                            .format(name=name, error=str(exc).splitlines()[0]))
            continue
        sides.update(c.side for c in scenario.battle.creatures if c.side)
    return sorted(sides), warnings


def links(base: str, keys: ShareKeys) -> dict[str, Any]:
    """The table's links: the game master's page and each side's play page, the key in the
    fragment (never sent to a server, never in a log)."""
    return {"url": base, "gm": f"{base}#key={keys.gm}",
            "players": {side: f"{base}static/play.html#key={key}" for side, key in keys.sides}}


def qr_svg(link: str) -> str:
    """``link`` as an inline SVG QR code (segno)."""
    import segno

    return str(segno.make(link, error="m").svg_inline(scale=4, border=2))


def shared_links(base: str, keys: ShareKeys) -> dict[str, Any]:
    """``links`` with an SVG QR code per link, for ``GET /api/share``."""
    found = links(base, keys)
    return {**found, "qr": {"gm": qr_svg(found["gm"]),
                            "players": {s: qr_svg(u) for s, u in found["players"].items()}}}

