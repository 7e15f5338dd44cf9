"""The one place a ruleset is named: each ruleset's registration, found in its own folder.

A built-in ruleset is a subpackage of ``wingbeat.rulesets`` holding a ``ruleset.toml``: its id,
title, kind of space, the kinds of map ``wingbeat import`` can give it (``maps``), the dotted
places of its engine, scenario schema, picture and play adapter, the words the page shows about
its moves (``hints``) and what it can do (``capabilities``). The registry reads those small
files (it imports none of the modules they name, so a cold ``wingbeat check`` loads only the
ruleset it checks) and resolves each place on first use.
A ruleset defined elsewhere (a test's) joins with ``register``. Every face (library, CLI, web,
picture, play, import) asks here; none names a ruleset. docs/adding-a-ruleset.md has the recipe.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Mapping
from dataclasses import field
from functools import cache
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Protocol

from .._records import dataclass
from ..errors import OptionError, ScenarioError
from ..i18n import Domain, _

if TYPE_CHECKING:
    from ..model import Scenario
    from .base import AttackRuleset, Result, Ruleset

__all__ = ["CAPABILITIES", "HINTS", "MAPS", "SPACES", "Ref", "Renderer", "RulesetInfo",
           "map_ruleset", "page_words", "register", "ruleset_ids", "ruleset_info", "rulesets",
           "unregister"]

#: A place to load on first use: ``"package.module:NAME"`` (or ``"package.module"`` for the
#: module itself), or a function that returns the object.
Ref = str | Callable[[], Any]

#: What a ruleset may declare it can do; the faces offer a feature only where it is declared.
CAPABILITIES = {
    "attack_path": "finds attack positions (path --attack, the page's attack picker); its engine "
                   "has attack_path(scenario, creature, target, options)",
    "saves": "some moves call for saves, so no_checks (--no-checks) means something",
    "conditions": "the game master can change a creature's conditions in play; its play adapter "
                  "has condition(scenario, pieces, creature, change, dice)",
    "threat": "says who can strike where next turn, advises attack positions and suggests "
              "moves (wingbeat threat, advise, play suggest); its ``threat`` place names a "
              "``ThreatRules`` (wingbeat.tactics)",
}
#: The words a ruleset gives the page (``[hints]`` in its ``ruleset.toml``): the page holds no rule
#: knowledge of its own, so what it says about a ruleset's moves and options comes from here.
HINTS = {
    "example": "a declared move, the move box's placeholder (page and play page)",
    "notation": "the move notation in one line, shown under the move box",
    "unit": "a table's length unit (in, cm): the table picture's words",
    "level_word": "what the table picture's legend calls an altitude (level, tier)",
    "play_options": "an example of a played move's options (KEY=VALUE …), the options box's "
                    "placeholder on the play page; without it a played move takes none",
    "snap": "a table click snaps to multiples of this many table units (\"1/2\")",
    "options": "words for the query option pickers: a table per option, its label and the "
               "words for each value ([hints.options.units] label = \"Units\", ft = \"feet\")",
}
#: The kinds of space a ruleset moves in: cells of a grid, or points on a table.
SPACES = ("grid", "table")
#: The kinds of map ``wingbeat import`` makes (``maps`` in a ``ruleset.toml``: the ones a ruleset
#: takes, its default first; docs/import.md has each one's scenario shape).
MAPS = {
    "square": "a square grid, labelled A1 …: walls between squares, cells' ground, ceiling, "
              "terrain, wall and climb, creatures in squares",
    "hex": "flat-topped hexes labelled in doubled rows (column B half a hex lower than A): "
           "cells' ground and ceiling, creatures in hexes",
    "table": "a tabletop in length units (no importer makes one yet)",
}

_FILE = "ruleset.toml"
#: The package whose subpackages are the built-in rulesets (``rulesets/<id>/ruleset.toml``).
_PLUGINS = __name__.split(".")[0] + ".rulesets"


class Renderer(Protocol):
    """A ruleset's picture: the map as SVG, and the facts a picker shows."""

    def render(self, scenario: Scenario, *, reach: Result | None, altitude: int | None,
               route: Result | None, creature: str | None) -> str: ...

    def summary(self, scenario: Scenario) -> dict[str, Any]: ...


@dataclass(frozen=True)
class RulesetInfo:
    """One ruleset's registration.

    ``engine`` resolves to the ``Ruleset`` (reach, path, check, engagement); ``schema`` to
    ``build(data, source) -> Scenario``; ``renderer`` to a ``Renderer``; ``play`` to a play
    adapter (``wingbeat.play.engine.PlayAdapter``). ``hints`` are the page's words for its moves
    (``HINTS``: ``example``, ``notation``, option words …); ``order`` places it in lists (the
    smaller, the earlier).
    """

    id: str
    title: str
    space: str
    engine: Ref
    schema: Ref
    renderer: Ref | None = None
    play: Ref | None = None
    threat: Ref | None = None
    hints: Mapping[str, Any] = field(default_factory=dict)
    capabilities: frozenset[str] = frozenset()
    order: int = 1000
    maps: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.space not in SPACES:
            raise ValueError(f"ruleset {self.id!r}: space is one of {', '.join(SPACES)}, "
                             f"got {self.space!r}")
        unknown = sorted(set(self.capabilities) - set(CAPABILITIES))
        if unknown:
            raise ValueError(f"ruleset {self.id!r}: unknown capabilities {', '.join(unknown)}; "
                             f"known: {', '.join(CAPABILITIES)}")
        object.__setattr__(self, "capabilities", frozenset(self.capabilities))
        unknown = sorted(set(self.maps) - set(MAPS))
        if unknown:
            raise ValueError(f"ruleset {self.id!r}: unknown maps {', '.join(unknown)}; "
                             f"known: {', '.join(MAPS)}")
        object.__setattr__(self, "maps", tuple(self.maps))
        object.__setattr__(self, "hints", MappingProxyType(_checked_hints(self.id, self.hints)))

    def can(self, capability: str) -> bool:
        """Whether the ruleset declares ``capability`` (one of ``CAPABILITIES``)."""
        if capability not in CAPABILITIES:
            raise ValueError(f"unknown capability {capability!r}")
        return capability in self.capabilities

    def ruleset(self) -> Ruleset:
        """The engine: reach, path, check and engagement."""
        found: Ruleset = _resolve(self.engine)
        return found

    def attacker(self) -> AttackRuleset:
        """The engine as it finds attack positions; an ``OptionError`` if it cannot."""
        if not self.can("attack_path"):
            raise OptionError(_("the {ruleset} ruleset cannot look for attack positions yet; "
                                "give a destination with --to").format(ruleset=self.id))
        found: AttackRuleset = _resolve(self.engine)
        return found

    def threat_rules(self) -> Any:
        """Its ``ThreatRules`` (wingbeat.tactics); an ``OptionError`` if it has none."""
        if self.threat is None or not self.can("threat"):
            raise OptionError(_("the {ruleset} ruleset cannot say threat zones or advise "
                                "attacks yet").format(ruleset=self.id))
        return _resolve(self.threat)

    def build(self, data: dict[str, Any], source: str) -> Scenario:
        """A scenario of this ruleset from its parsed file (``ScenarioError`` if it is wrong)."""
        built: Scenario = _resolve(self.schema)(data, source)
        return built

    def renderer_of(self) -> Renderer:
        """The picture module; an ``OptionError`` if the ruleset has none."""
        if self.renderer is None:
            raise OptionError(_("no picture for ruleset {ruleset} yet").format(
                ruleset=repr(self.id)))
        drawn: Renderer = _resolve(self.renderer)
        return drawn

    def adapter(self) -> Any:
        """The play adapter (a ``PlayAdapter``), or None when the ruleset cannot be played."""
        return None if self.play is None else _resolve(self.play)

    def preload(self) -> None:
        """Resolve every place it names (engine, schema, picture, play, threat): a long-lived
        process (the web server's workers) pays the imports when it starts, not on a user's
        first question about this ruleset (about 35 ms for dnd5e)."""
        for ref in (self.engine, self.schema, self.renderer, self.play, self.threat):
            if ref is not None:
                _resolve(ref)

    def said_hints(self) -> dict[str, Any]:
        """The hints in the current language: the words for people (``notation``,
        ``level_word``, the option pickers' labels and words) through the ruleset's own catalog
        (domain ``<id>``, where its ``_messages.py`` marks them), the rest (``example``,
        ``unit``, ``snap``, ``play_options``) as written."""
        package = f"{_PLUGINS}.{self.id}" if isinstance(self.engine, str) and \
            self.engine.startswith(f"{_PLUGINS}.{self.id}") else ""
        said = _hint_domain(self.id, package).gettext if package else str
        out: dict[str, Any] = {}
        for key, value in self.hints.items():
            if isinstance(value, Mapping):
                out[key] = {name: {k: said(w) for k, w in words.items()}
                            for name, words in value.items()}
            elif key in _SAID_HINTS:
                out[key] = said(value)
            else:
                out[key] = value
        return out

    def to_dict(self) -> dict[str, Any]:
        """What the page needs: id, title, space, capabilities, hints, and what it offers."""
        return {"id": self.id, "title": self.title, "space": self.space,
                "capabilities": sorted(self.capabilities),
                "hints": self.said_hints(),
                "render": self.renderer is not None, "play": self.play is not None}


#: The hints that are words for people (the others are notation, units and numbers).
_SAID_HINTS = frozenset({"notation", "level_word"})


@cache
def _hint_domain(ruleset_id: str, package: str) -> Domain:
    return Domain(ruleset_id, package)


def _checked_hints(ruleset_id: str, hints: Mapping[str, Any]) -> dict[str, Any]:
    """The hints as plain data: known keys only, words as strings, option words as tables of
    strings (a typo in a ``ruleset.toml`` fails at start, not as a blank on the page)."""
    unknown = sorted(set(hints) - set(HINTS))
    if unknown:
        raise ValueError(f"ruleset {ruleset_id!r}: unknown hints {', '.join(unknown)}; "
                         f"known: {', '.join(HINTS)}")
    checked: dict[str, Any] = {}
    for key, value in hints.items():
        if key == "options":
            if not isinstance(value, Mapping) or not all(
                    isinstance(words, Mapping)
                    and all(isinstance(w, str) for w in (*words, *words.values()))
                    for words in value.values()):
                raise ValueError(f"ruleset {ruleset_id!r}: hints.options is a table per option "
                                 "of words (strings)")
            checked[key] = {str(k): dict(words) for k, words in value.items()}
        elif not isinstance(value, str):
            raise ValueError(f"ruleset {ruleset_id!r}: hints.{key} is a string")
        else:
            checked[key] = value
    return checked


@cache
def _resolve(ref: Ref) -> Any:
    if callable(ref):
        return ref()
    module_name, _, name = ref.partition(":")
    __import__(module_name)  # not import_module: ``-X importtime`` (the cold-start test) sees it
    module = sys.modules[module_name]
    return getattr(module, name) if name else module


_registered: dict[str, RulesetInfo] = {}
_discovered = False


def _discover() -> None:
    """Register the built-in rulesets (once): every folder's ``ruleset.toml``, parsed
    (``builtin_registrations``). The plug-ins' package is named, not imported by an import
    statement: it sits above this contract, and reading its folder loads none of its rulesets."""
    global _discovered
    if _discovered:
        return
    found = [_from_data(folder, data) for folder, data in builtin_registrations().items()]
    for info in found:
        _registered.setdefault(info.id, info)
    _discovered = True


#: Each built-in ``ruleset.toml``'s text and what it parses to, precomputed
#: (``scripts/precomputed.py``; tests/test_registry.py says when it is out of date): tomllib
#: costs a short command a few ms.
BUILTIN_FILE = os.path.join(os.path.dirname(__file__), "builtin.json")


def builtin_registrations() -> dict[str, dict[str, Any]]:
    """Each built-in ruleset's ``ruleset.toml``, parsed, by folder: as ``builtin.json`` keeps it
    while the file's text is the one kept there, else parsed now (a new or changed one)."""
    try:
        with open(BUILTIN_FILE, encoding="utf-8") as stream:
            kept: dict[str, dict[str, Any]] = json.load(stream)
    except (OSError, ValueError):
        kept = {}
    found = {}
    for folder, path in sorted(_ruleset_folders().items()):
        with open(path, encoding="utf-8") as stream:
            text = stream.read()
        known = kept.get(folder)
        if isinstance(known, dict) and known.get("text") == text:
            found[folder] = known["registration"]
        else:
            import tomllib

            found[folder] = tomllib.loads(text)
    return found


def _ruleset_folders() -> dict[str, str]:
    """The folders of ``wingbeat.rulesets`` that hold a ``ruleset.toml``: their file, by name."""
    __import__(_PLUGINS)
    found: dict[str, str] = {}
    for root in sys.modules[_PLUGINS].__path__:
        with os.scandir(root) as entries:
            for entry in entries:
                path = os.path.join(entry.path, _FILE)
                if entry.is_dir() and not entry.name.startswith(("_", ".")) and (
                        os.path.isfile(path)):
                    found.setdefault(entry.name, path)
    return found


def precomputed_registrations() -> dict[str, dict[str, Any]]:
    """What ``builtin.json`` holds: each folder's ``ruleset.toml`` text and its parse."""
    import tomllib

    found: dict[str, dict[str, Any]] = {}
    for folder, path in sorted(_ruleset_folders().items()):
        with open(path, encoding="utf-8") as stream:
            text = stream.read()
        found[folder] = {"text": text, "registration": tomllib.loads(text)}
    return found


def _from_data(folder: str, data: dict[str, Any]) -> RulesetInfo:
    if data.get("id") != folder:
        raise ValueError(f"rulesets/{folder}/{_FILE}: id must be the folder's name, {folder!r}")
    return RulesetInfo(
        id=folder, title=data["title"], space=data["space"], engine=data["engine"],
        schema=data["schema"], renderer=data.get("renderer"), play=data.get("play"),
        threat=data.get("threat"),
        hints=data.get("hints", {}), capabilities=frozenset(data.get("capabilities", ())),
        order=data.get("order", 1000), maps=tuple(data.get("maps", ())))


def register(info: RulesetInfo) -> RulesetInfo:
    """Add a ruleset defined outside ``wingbeat.rulesets`` (a test's); its id must be new."""
    _discover()
    old = _registered.get(info.id)
    if old is not None and old != info:
        raise ValueError(f"a ruleset {info.id!r} is already registered")
    _registered[info.id] = info
    return info


def unregister(ruleset_id: str) -> None:
    """Remove a ruleset added with ``register`` (a test's clean-up)."""
    _registered.pop(ruleset_id, None)


def rulesets() -> tuple[RulesetInfo, ...]:
    """Every registered ruleset, in list order."""
    _discover()
    return tuple(sorted(_registered.values(), key=lambda info: (info.order, info.id)))


def page_words() -> dict[str, Any]:
    """What the pages know of the rulesets (``GET /api/rulesets``): each one's ``to_dict``, and
    the units whose amounts read as decimals (``model.LENGTH_UNITS``; any other unit reads as a
    mixed number), so neither page holds a ruleset's words or a unit of its own."""
    from ..model import LENGTH_UNITS

    return {"rulesets": [info.to_dict() for info in rulesets()],
            "length_units": sorted(LENGTH_UNITS)}


def ruleset_ids() -> tuple[str, ...]:
    """The ids of every registered ruleset, in list order."""
    return tuple(info.id for info in rulesets())


def ruleset_info(ruleset_id: str) -> RulesetInfo:
    """The registration of ``ruleset_id``; a ``ScenarioError`` naming the known ones otherwise."""
    _discover()
    info = _registered.get(ruleset_id)
    if info is None:
        raise ScenarioError(_("unknown ruleset {ruleset}; expected one of: {known}").format(
            ruleset=repr(ruleset_id), known=", ".join(ruleset_ids())))
    return info


def map_ruleset(kind: str, wanted: str | None = None) -> str:
    """The ruleset an imported map of ``kind`` (``MAPS``) is for: ``wanted`` if it takes that
    kind (an ``OptionError`` naming those that do otherwise); by default the first ruleset in
    list order whose own default (the first of its ``maps``) is that kind, else the first that
    takes it at all."""
    if kind not in MAPS:
        raise ValueError(f"unknown map kind {kind!r}; known: {', '.join(MAPS)}")
    takers = [info for info in rulesets() if kind in info.maps]
    if wanted is not None:
        info = ruleset_info(wanted)
        if kind not in info.maps:
            takes = ", ".join(info.maps) or _("none")
            raise OptionError(_("the {ruleset} ruleset takes no {kind} map (it takes: {takes}); "
                                "rulesets that take one: {takers}").format(
                ruleset=wanted, kind=kind, takes=takes,
                takers=", ".join(i.id for i in takers) or _("none")))
        return info.id
    if not takers:
        raise OptionError(_("no ruleset takes a {kind} map").format(kind=kind))
    return next((i.id for i in takers if i.maps[0] == kind), takers[0].id)
