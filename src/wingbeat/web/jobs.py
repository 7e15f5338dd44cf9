"""The heavy half of the web app's requests, as a worker process runs it (web/pool.py).

Each job takes the scenario's ``Source`` (its cache key, its name for messages, and its text
unless it is a built-in example) and the question, and returns the answer's bytes: JSON encoded
exactly as FastAPI's ``JSONResponse`` encodes it (``encode``), or SVG text; a reach returns its
JSON in chunks, written as they are sent (web/pool.py streams one over a megabyte). So the server
sends the same bytes it sent when it computed the answers itself, and can keep them
(``ScenarioStore``).
A worker keeps the last few parsed scenarios and reaches, the page asks about the same one often,
and the last few paths and checked moves: a click asks for the path, then the picture with it.
This module and what it imports are what a worker runs: no web framework.
"""

from __future__ import annotations

import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .. import _api
from .._files import FileTooLarge, UnreadableFile, read_limited
from ..errors import ScenarioError, WingbeatError
from ..i18n import language
from ..model import Scenario
from ..narrate import check_label, check_text, event_text
from ..render import altitude_words, render_svg, scenario_summary
from ..rules.base import Result
from ..rules.registry import ruleset_info
from ..scenario import load_example, read_scenario_text
from ..scenario._load import MAX_BYTES
from ._messages import _

if TYPE_CHECKING:
    from ..play.view import LastMove

__all__ = ["Lru", "Source", "SpokenLru", "check", "encode", "engagement", "path", "picture",
           "reach",
           "reach_tree", "render", "scenario", "summary", "told"]

_SCENARIOS_KEPT = 8
_REACHES_KEPT = 2  # a reach of a large map holds hundreds of MB: the worker's limit counts it
# Paths and checked moves, a few per creature: each holds its search space, whose tables are the
# creature's (shared by all its queries, tens of MB on a large dnd5e map), so they are kept for
# as few creatures as the reaches are.
_MOVES_KEPT = 8


@dataclass(frozen=True)
class Source:
    """Where a scenario comes from: ``key`` says when a kept answer about it is still good
    (``("example", NAME)``, ``("file", NAME, mtime, size)``, ``("upload", ID)``); ``text`` is
    an upload's bytes, ``path`` a file's real path (checked by the server to be inside its
    directory; the worker reads it); a built-in example has neither."""

    key: tuple[Hashable, ...]
    label: str
    text: bytes | None = None
    path: str | None = None


class Lru:
    """A thread-safe least-recently-used map of at most ``size`` items and, when ``max_bytes``
    is given, at most that many bytes of values (each value's ``len``)."""

    def __init__(self, size: int, max_bytes: int | None = None) -> None:
        self.size = size
        self.max_bytes = max_bytes
        self.bytes = 0
        self._items: OrderedDict[Hashable, Any] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> Any:
        with self._lock:
            if key not in self._items:
                return None
            self._items.move_to_end(key)
            return self._items[key]

    def put(self, key: Hashable, value: Any) -> None:
        weight = len(value) if self.max_bytes is not None else 0
        if self.max_bytes is not None and weight > self.max_bytes // 2:
            return  # kept, it would push out everything else
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None and self.max_bytes is not None:
                self.bytes -= len(old)
            self._items[key] = value
            self.bytes += weight
            while len(self._items) > self.size or (self.max_bytes is not None
                                                    and self.bytes > self.max_bytes):
                _key, dropped = self._items.popitem(last=False)
                if self.max_bytes is not None:
                    self.bytes -= len(dropped)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self.bytes = 0


class SpokenLru(Lru):
    """An ``Lru`` of answers that hold sentences: each kept per language (``wingbeat.i18n``)."""

    def get(self, key: Hashable) -> Any:
        return super().get((key, language()))

    def put(self, key: Hashable, value: Any) -> None:
        super().put((key, language()), value)


_scenarios = Lru(_SCENARIOS_KEPT)
_reaches = Lru(_REACHES_KEPT)
_moves = Lru(_REACHES_KEPT)  # (scenario, creature, options) → Lru of its moves


def encode(data: Any) -> bytes:
    """JSON as FastAPI's ``JSONResponse`` writes it (compact, UTF-8), by the CLI's fast encoder
    (``_jsonout``: orjson, byte for byte the standard library's text)."""
    from .._jsonout import encode as fast

    return fast(data, indent=False)


def scenario(source: Source) -> Scenario:
    """The parsed scenario (validated as the command line validates a file), kept a while."""
    found: Scenario | None = _scenarios.get(source.key)
    if found is None:
        raw = _read(source.path, source.label) if source.path is not None else source.text
        if raw is None:
            found = load_example(str(source.key[1]))
        else:
            imported = None
            if source.path is None:  # an upload may be a map from another tool (docs/import.md)
                from ..importers import imported_scenario

                imported = imported_scenario(raw, source.label, source.label)
            if imported is not None:
                found = imported
            else:
                try:
                    text = raw.decode("utf-8")
                except UnicodeDecodeError:
                    raise ScenarioError(_("is not UTF-8 text"), source=source.label) from None
                base = None if source.path is None else os.path.dirname(source.path)
                found = read_scenario_text(text, source=source.label, base=base)  # a background
                # beside a file is read from its folder
        _scenarios.put(source.key, found)
    return found


def _read(path: str, label: str) -> bytes:
    """A scenario file's bytes, at most ``MAX_BYTES``; a FIFO or a device is refused, not read."""
    try:
        return read_limited(path, MAX_BYTES)
    except FileTooLarge:
        raise ScenarioError(_("is larger than 1 MB; a scenario is a small text file"),
                            source=label) from None
    except UnreadableFile as exc:
        raise ScenarioError(exc.reason, source=label) from None
    except OSError as exc:
        raise ScenarioError(_("cannot be read: {reason}").format(reason=exc.strerror),
                            source=label) from None


def summary(source: Source, name: str) -> bytes:
    """What the page's pickers need: the scenario's summary, and whether its ruleset finds attack
    positions (then path also takes ``can_act``). Parsing an upload is this job too."""
    found = scenario(source)
    attacks = ruleset_info(found.ruleset).can("attack_path")
    return encode({"name": name, **scenario_summary(found), "attack_positions": attacks})


def reach(source: Source, creature: str, options: dict[str, Any], form: str = "compact",
          ) -> Iterator[bytes]:
    """The reach's JSON (``form``: ``compact``, as ``encode`` writes it, or ``jsonl``) in chunks,
    each written as it is sent (``_jsonout.answer_chunks``; web/pool.py streams a big one)."""
    from .._jsonout import answer_chunks

    return answer_chunks(_reach(source, creature, options), form)


def reach_tree(source: Source, creature: str, altitude: int | None,
               options: dict[str, Any], via: tuple[str, ...] | None = None) -> bytes:
    """The reach tree's binary layout (``rules.tree``, docs/json.md), its saves said as
    ``path``'s answer says them (``text``, ``label``), so the page's way to a place is the
    path's answer to it; with ``via``, the ways through those waypoints."""
    tree = _api.reach_tree(scenario(source), creature, altitude, via=via, **options)
    said = [[{**check, "text": check_text(check), "label": check_label(check)}
             for check in way] for way in tree.check_lists]
    return tree.to_bytes(said)


def path(source: Source, creature: str, route: dict[str, Any], options: dict[str, Any]) -> bytes:
    """``route``: ``to``, ``altitude``, ``mode``, ``attack``, ``can_act`` as ``_api.route``
    takes them; with ``attack``, ``advised`` too, as ``wingbeat path --attack --json`` says it
    (the picture of the way asks ``_route`` alone: no advice)."""
    found = _route(source, creature, route, options)
    data = told(found)
    target = route.get("attack")
    if target and data.get("found") is not False:
        data["advised"] = _advised(source, creature, str(target), found, options)
    return encode(data)


def _advised(source: Source, creature: str, target: str, found: Result,
             options: dict[str, Any]) -> Any:
    """Advice's best place beside the cheapest attack position ``found`` (``advised``), kept
    a while like the way itself."""
    from ..tactics import compare_attack

    answer = _kept_move(source, creature, options, ("advised", target),
                        lambda: compare_attack(scenario(source), creature, target, found,
                                               options))
    return answer.to_dict().get("advised")


def check(source: Source, creature: str, moves: str, options: dict[str, Any]) -> bytes:
    return encode(told(_check(source, creature, moves, options)))


def engagement(source: Source, a: str, b: str) -> bytes:
    return encode(_api.engagement(scenario(source), a, b).to_dict())


def render(source: Source, creature: str | None, level: int | None, route: dict[str, Any],
           moves: str | None, options: dict[str, Any], check_options: dict[str, Any],
           format_: str = "svg") -> bytes:
    """The map as SVG (or PNG, ``format_``): with a creature, its reach at ``level`` (None: the
    best over all), and a checked ``moves`` or the cheapest way (``route``: ``to``, ``mode``,
    ``attack``, ``can_act``)."""
    found = scenario(source)
    reach_report = shown = None
    if creature:
        reach_report = _reach(source, creature, options)
        if moves:
            shown = _check(source, creature, moves, check_options)
        elif route.get("to") or route.get("attack"):
            shown = _route(source, creature, {
                **route, "altitude": None if route.get("attack") else altitude_words(found,
                                                                                      level)},
                options)
    elif route.get("to") or moves or route.get("attack"):
        raise WingbeatError(_("to, attack and moves need a creature"))
    svg = render_svg(found, reach=reach_report, altitude=level, route=shown,
                     creature=creature or None)
    if format_ == "png":
        from ..render.png import svg_to_png

        return svg_to_png(svg)
    return svg.encode("utf-8")


def threat(source: Source, side: str | None, creature: str | None) -> bytes:
    """Where a side's creatures (or one creature) could attack next turn (``threat --json``)."""
    from ..tactics import threat as threats

    return encode(threats(scenario(source), side=side, creature=creature).to_dict())


def threat_svg(source: Source, side: str | None, creature: str | None,
               altitude: str | None) -> bytes:
    """The threat overlay (``threat --svg``)."""
    from ..render.threat import render_threat_svg
    from ..tactics import threat as threats

    found = scenario(source)
    report = threats(found, side=side, creature=creature)
    return render_threat_svg(found, report, altitude).encode("utf-8")


def advise(source: Source, creature: str, target: str | None, weights: dict[str, Any]) -> bytes:
    """Where ``creature`` can attack from, best first (``advise --json``)."""
    from ..tactics import advise as advice

    return encode(advice(scenario(source), creature, target=target, weights=weights).to_dict())


def suggest(ref: str, now: Scenario, creature: str, weights: dict[str, Any]) -> bytes:
    """The best-advised move for ``creature`` in an encounter as it stands (``play suggest
    --json``, never declared): ``now`` is the encounter's scenario, read by the server."""
    from ..tactics import suggest as suggestion
    from ..tactics.commands import Suggested

    return encode(Suggested(ref, suggestion(now, creature, weights=weights)).to_dict())


def picture(drawn: Scenario, focus: str | None, last: LastMove | None = None) -> bytes:
    """The play page's map, the whole battlefield: every creature where it stands now, and where
    ``focus`` (the next to move) can go; without that reach when it has none (the picture still
    shows where everyone stands); ``last``, the round's last move, drawn as a trail."""
    reach_report = None
    if focus is not None:
        try:
            reach_report = _api.reach(drawn, focus)
        except WingbeatError:
            reach_report = None
    trail = last.trail() if last is not None else None
    return render_svg(drawn, reach=reach_report, creature=focus, trail=trail,
                      whole_map=True).encode("utf-8")


def _reach(source: Source, creature: str, options: dict[str, Any]) -> Result:
    # a reach may hold sentences (its notes, a refusal's message): kept per language
    key = (source.key, creature, tuple(sorted(options.items())), language())
    found: Result | None = _reaches.get(key)
    if found is None:
        found = _api.reach(scenario(source), creature, **options)
        _reaches.put(key, found)
    return found


def _route(source: Source, creature: str, route: dict[str, Any], options: dict[str, Any]
           ) -> Result:
    """``_api.route``, kept a while: the path a click asks for, then the picture drawing it."""
    altitude = route.get("altitude")
    asked = {**route, "altitude": None if altitude is None else str(altitude)}
    return _kept_move(source, creature, options, ("route", tuple(sorted(asked.items()))),
                      lambda: _api.route(scenario(source), creature, **asked, **options))


def _check(source: Source, creature: str, moves: str, options: dict[str, Any]) -> Result:
    """``_api.check``, kept a while: the move checked, then the picture drawing it."""
    return _kept_move(source, creature, options, ("check", moves),
                      lambda: _api.check(scenario(source), creature, moves, **options))


def _kept_move(source: Source, creature: str, options: dict[str, Any], key: Hashable,
               find: Callable[[], Result]) -> Result:
    """``find()``, or what it gave for ``key`` about this creature, kept a while."""
    # a move's refusals and notes are sentences: kept in the language they were said in
    about = (source.key, creature, tuple(sorted(options.items())), language())
    kept: Lru | None = _moves.get(about)
    if kept is None:
        kept = Lru(_MOVES_KEPT)
        _moves.put(about, kept)
    found: Result | None = kept.get(key)
    if found is None:
        found = find()
        kept.put(key, found)
    return found


def told(result: Result) -> dict[str, Any]:
    """A move's JSON with each check and event also said as a sentence (``text``, a check's
    short form ``label``), by the functions that say them for the command line (``narrate``),
    and its amounts and end as the command line's text says them (``said.amounts_said``); in a
    step's own row an event needs no "Step 3:" before it."""
    from .said import amounts_said

    data = result.to_dict()

    def said(items: list[dict[str, Any]], say: Callable[[dict[str, Any]], str]
             ) -> list[dict[str, Any]]:
        return [{**item, "text": say(item)} for item in items]

    def checks_said(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [{**item, "text": check_text(item), "label": check_label(item)} for item in items]

    def in_its_row(event: dict[str, Any]) -> str:
        return event_text({k: v for k, v in event.items() if k != "step"})

    if isinstance(data.get("checks"), list):
        data["checks"] = checks_said(data["checks"])
    if isinstance(data.get("events"), list):
        data["events"] = said(data["events"], event_text)
    for step in data.get("steps") or ():
        if step.get("checks"):
            step["checks"] = checks_said(step["checks"])
        if step.get("events"):
            step["events"] = said(step["events"], in_its_row)
    return amounts_said(data, result)
