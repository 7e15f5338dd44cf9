"""The play API's work, as a worker process does it (web/pool.py): every read and write of the
encounter database, and the pictures and advice of an encounter as it stands.

Starting an encounter or moving on a large map parses it and searches it: seconds, and
gigabytes the server process kept (the issue: 135 → 2,419 MB over four encounters). In a worker
it is bounded by the worker's time and memory limits like any question. A write is still the
store's one transaction (``EncounterStore.play``): a worker killed mid-move leaves the database
as it was.

``play(db, what, ref, *args)`` answers with a status and the answer's bytes (``framed``): the
play API answers 409 for a refused move and 400 for bad input with the error's JSON, not only
200, and a worker's job answers with bytes alone. Each job opens the store and closes it, as the
command line does: a connection kept open would keep the encounter's writes in the write-ahead
log, where a copy of the database file alone would miss them. No web framework here.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..errors import ScenarioError, WingbeatError
from ._messages import _
from .jobs import SpokenLru, encode

if TYPE_CHECKING:
    from ..model import Scenario

__all__ = ["framed", "play", "play_as", "told", "unframed"]

#: The play answers a worker keeps (pictures, states), by encounter and where it stands.
ANSWERS_KEPT_BYTES = 32 * 1024 * 1024
_answers = SpokenLru(32, ANSWERS_KEPT_BYTES)  # said in each request's language

def framed(status: int, body: bytes) -> bytes:
    """A status and an answer as one job's bytes: three digits, then the answer."""
    return b"%03d" % status + body


def unframed(data: bytes) -> tuple[int, bytes]:
    return int(data[:3]), data[3:]


def told(result: Any) -> Any:
    """The answer's JSON, with each entry also said as the command line's log says it (``text``:
    the action, its rolls and events as sentences), for the page to show as it is."""
    from ..narrate import event_text
    from ..play.view import LogView, Outcome

    data = result.to_dict()
    if isinstance(result, Outcome):
        data["undone" if result.undone else "entry"]["text"] = result.entry.to_text()
    elif isinstance(result, LogView):
        for entry, said in zip(result.entries, data["entries"], strict=True):
            said["text"] = entry.to_text()
    if isinstance(data.get("pending"), list):  # a snapshot: who must act, and why
        data["pending"] = [{**item, "text": event_text(item)} for item in data["pending"]]
    return data


def play(db: str | None, what: str, ref: str | None, *args: Any) -> bytes:
    """Do ``what`` (``_ANSWERS``) to encounter ``ref`` in the database ``db`` (None: the user's
    default), framed with its status: 200 and the JSON (a picture: SVG), else the error's status
    and JSON (409 a refused move, 400 bad input, 500 a database SQLite cannot use)."""
    from ..play.store import EncounterStore

    try:
        with EncounterStore(db) as store:
            status, body = 200, _ANSWERS[what](store, ref, *args)
    except WingbeatError as exc:
        status, body = exc.http_status, encode(exc.to_dict())
    except sqlite3.Error as exc:
        status, body = 500, encode({"error": {"message": _(
            "the encounter database cannot be used: {error}; check the file (wingbeat play "
            "list) or start a new one with --db").format(error=exc)}})
    return framed(status, body)


# -- what the play API asks --------------------------------------------------------------------

def _encounters(store: Any, _ref: None) -> bytes:
    return encode({"encounters": [{**info.to_dict(), "round": store.current(info.id)[1].state.round}
                                  for info in store.encounters()]})


def _new(store: Any, _ref: None, scenario: str | None, text: str | None, source: str | None,
         seed: int | None, order: list[str] | None, name: str | None) -> bytes:
    from ..play.view import outcome

    if (scenario is None) == (text is None):
        raise ScenarioError(_("send either scenario (example:NAME) or the scenario text"))
    if text is None:
        asked = scenario or ""
        if not asked.startswith("example:"):
            raise ScenarioError(_("the web page starts encounters from example:NAME or from "
                                  "scenario text"), source=asked)
        from ..examples import example_text

        text, source = example_text(asked.removeprefix("example:")), asked
    info, entry = store.create(text, source=source or "<upload>", seed=seed, order=order,
                               name=name)
    return _versioned(store, outcome(store, str(info.id), entry))


def _show(store: Any, ref: str) -> bytes:
    """Where the encounter stands, kept while it stands there (each creature's pending needs
    are worked out from the rules: milliseconds the page asks for after every move)."""
    from ..play.view import snapshot

    info, now = store.current(ref)
    version = store.last_version
    key = ("show", str(store.path), info.id, info.created, version, encode(now.to_dict()))
    kept: bytes | None = _answers.get(key)
    if kept is None:
        kept = encode({**told(snapshot(info, store.setup(info), now.state)), "version": version})
        _answers.put(key, kept)
    return kept


def _versioned(store: Any, result: Any) -> bytes:
    """An outcome's JSON with the version of the log it shows (``outcome`` read it last)."""
    return encode({**told(result), "version": store.last_version})


def _log(store: Any, ref: str) -> bytes:
    from ..play.view import LogView

    info, entries = store.entries(ref)
    return encode(told(LogView(info, entries)))


def _parsed(store: Any, ref: str) -> None:
    """The encounter's scenario parsed before its write transaction begins (the store keeps it):
    on a large map that is seconds another writer would otherwise wait for."""
    store.setup(store.find(ref))


def _move(store: Any, ref: str, creature: str, moves: str, options: dict[str, Any],
          after: str | None = None) -> bytes:
    """``creature`` declares ``moves``; ``after``: the version the player saw, else the board
    changed (409, ``store.BoardChangedError``)."""
    from ..play.view import outcome

    _parsed(store, ref)
    return _versioned(store, outcome(store, ref, store.move(ref, creature, moves, options,
                                                            after)))


def _condition(store: Any, ref: str, creature: str, change: str) -> bytes:
    from ..play.engine import CONDITION, Action
    from ..play.view import outcome

    _parsed(store, ref)
    entry = store.play(ref, Action(CONDITION, creature, change))
    return _versioned(store, outcome(store, ref, entry))


def _next_round(store: Any, ref: str) -> bytes:
    from ..play.view import outcome

    _parsed(store, ref)
    return _versioned(store, outcome(store, ref, store.next_round(ref)))


def _undo(store: Any, ref: str) -> bytes:
    from ..play.view import outcome

    removed, _now = store.undo(ref)
    return _versioned(store, outcome(store, ref, removed, undone=True))


def _replay(store: Any, ref: str) -> bytes:
    return encode(told(store.replay(ref)))


def _reveal(store: Any, ref: str, creature: str) -> bytes:
    from ..play.engine import REVEAL, Action
    from ..play.view import outcome

    _parsed(store, ref)
    return _versioned(store, outcome(store, ref, store.play(ref, Action(REVEAL, creature))))


def _picture(store: Any, ref: str) -> bytes:
    """The whole battlefield as it stands, with where the next to move can go and the round's
    last move as a trail (``jobs.picture``); kept while the encounter stands there (the page
    asks for it after every move, and every open page asks again: a reach and a map's SVG)."""
    from ..play.view import last_move
    from .jobs import picture

    info, entries = store.entries(ref)
    # the log's length and its last entry say where it stands (an undo shortens it, a move
    # after that is another last entry); the database's path and the encounter's creation
    # tell a database replaced by another apart
    key = ("picture", str(store.path), info.id, info.created, len(entries),
           encode(entries[-1].to_dict()))
    kept: bytes | None = _answers.get(key)
    if kept is None:
        setup = store.setup(info)
        now = entries[-1].state
        drawn = setup.adapter.scenario_now(setup.scenario, now.pieces)
        kept = picture(drawn, now.next_up, last_move(setup, entries))
        _answers.put(key, kept)
    return kept


def _now(store: Any, ref: str) -> Any:
    info, current = store.current(ref)
    setup = store.setup(info)
    return setup.adapter.scenario_now(setup.scenario, current.state.pieces)


def _threat(store: Any, ref: str, side: str | None, creature: str | None,
            level: int | None) -> bytes:
    from .threatjobs import overlay_now

    return overlay_now(_now(store, ref), side, creature, level)


def _suggest(store: Any, ref: str, creature: str, weights: dict[str, Any]) -> bytes:
    from ..tactics.commands import encounter_now
    from .threatjobs import suggestion

    _label, scenario = encounter_now(store, ref, creature)
    return suggestion(ref, scenario, creature, weights)


# -- the drag's questions: asked of the encounter as it stands, answered as the analysis page's
# /api/reach-tree, /api/path and /api/check answer them about a scenario -----------------------

def _standing(store: Any, ref: str, creature: str,
              seen: Any = None) -> tuple[tuple[Any, ...], Scenario]:
    """Where encounter ``ref`` stands (a key for what is kept about it) and its scenario as it
    stands, for ``creature``, which must be in it and not have moved this round; ``seen``: a
    player's sight (play/visibility.py), the scenario then without what it cannot see."""
    from ..tactics.commands import encounter_now

    info, now = store.current(ref)
    key = (str(store.path), info.id, info.created, encode(now.to_dict()), creature)
    found = encounter_now(store, ref, creature)[1]
    if seen is None:
        return key, found
    from ..play.visibility import seen_scenario

    return (*key, "seen", seen.side), seen_scenario(found, seen)


def _kept(key: tuple[Any, ...], make: Callable[[], bytes]) -> bytes:
    kept: bytes | None = _answers.get(key)
    if kept is None:
        kept = make()
        _answers.put(key, kept)
    return kept


def _reach_tree(store: Any, ref: str, creature: str, level: int | None,
                options: dict[str, Any], via: tuple[str, ...] | None = None,
                seen: Any = None) -> bytes:
    """The reach tree (``jobs.reach_tree``'s bytes) of ``creature`` as the encounter stands;
    with ``via``, the ways through those waypoints."""
    from .. import _api
    from ..narrate import check_label, check_text

    where, now = _standing(store, ref, creature, seen)

    def make() -> bytes:
        tree = _through(via, lambda: _api.reach_tree(now, creature, level, via=via, **options))
        said = [[{**check, "text": check_text(check), "label": check_label(check)}
                 for check in way] for way in tree.check_lists]
        return bytes(tree.to_bytes(said))

    return _kept(("tree", *where, level, tuple(sorted(options.items())), via), make)


def _path(store: Any, ref: str, creature: str, route: dict[str, Any],
          options: dict[str, Any], seen: Any = None) -> bytes:
    """``wingbeat path --json`` (``route``: ``to``, ``altitude``, ``mode``, ``attack``,
    ``can_act``, ``via``) of ``creature`` as the encounter stands."""
    from .. import _api
    from .jobs import told as result_told

    where, now = _standing(store, ref, creature, seen)
    return _kept(("path", *where, tuple(sorted(route.items())), tuple(sorted(options.items()))),
                 lambda: encode(result_told(_through(route.get("via"), lambda: _api.route(
                     now, creature, **route, **options)))))


def _through(via: tuple[str, ...] | None, make: Callable[[], Any]) -> Any:
    """``make()``, a refusal of the waypoints ``via`` naming the parameter (``via: waypoint
    ZZ9 is off the map``), as the page's one-line error about its own question."""
    from ..errors import NotationError, OptionError

    try:
        return make()
    except (NotationError, OptionError, ScenarioError) as exc:
        said = str(exc)
        labels = [part.partition("@")[0].strip().upper() for part in via or ()]
        if not via or "via" in said.lower() or not any(label in said.upper()
                                                        for label in labels):
            raise
        raise NotationError(f"via: {said}") from None


def _check(store: Any, ref: str, creature: str, moves: str, options: dict[str, Any],
           seen: Any = None) -> bytes:
    """``wingbeat check --json`` of ``moves`` for ``creature`` as the encounter stands (an
    illegal move is an answer, as ``/api/check`` says it); nothing is declared."""
    from .. import _api
    from .jobs import told as result_told

    where, now = _standing(store, ref, creature, seen)
    return _kept(("check", *where, moves, tuple(sorted(options.items()))),
                 lambda: encode(result_told(_api.check(now, creature, moves, **options))))


_ANSWERS: dict[str, Callable[..., bytes]] = {
    "encounters": _encounters, "new": _new, "show": _show, "log": _log, "move": _move,
    "condition": _condition, "next-round": _next_round, "undo": _undo, "replay": _replay,
    "picture": _picture, "threat": _threat, "suggest": _suggest, "reach-tree": _reach_tree,
    "path": _path, "check": _check, "reveal": _reveal,
}


# -- a player's answers (serve --share): the same work, through the one filter of what a side
# may see (play/visibility.py) -----------------------------------------------------------------

#: What only the game master's key may do.
GAME_MASTER_ONLY = frozenset({"new", "condition", "next-round", "undo", "replay", "reveal"})
#: What a player may ask or do only for a creature of its side (the creature: the first argument).
OWN_CREATURE = frozenset({"move", "reach-tree", "path", "check", "suggest"})


def play_as(db: str | None, side: str | None, what: str, ref: str | None, *args: Any) -> bytes:
    """``play(db, what, ref, *args)`` for the player of ``side`` (None: the game master, as
    ``play``): the game master's actions refused (403), a creature of another side refused for
    a move or a question (403), and every answer and refusal filtered by what the side may see
    (``play.visibility``)."""
    if side is None:
        return play(db, what, ref, *args)
    from ..play.store import EncounterStore
    from ..play.visibility import Forbidden, Sight

    seen: Sight | None = None
    try:
        if what in GAME_MASTER_ONLY:
            raise Forbidden(_("only the game master may do that (start an encounter, change "
                              "conditions, end the round, undo, replay or reveal a creature); "
                              "a player's key declares its own side's moves"))
        with EncounterStore(db) as store:
            if what == "encounters" or ref is None:
                status, body = 200, _seen_encounters(store)
            else:
                seen = _sight(store, ref, side)
                if what in OWN_CREATURE:
                    _own(seen, str(args[0]), what)
                status, body = 200, _SEEN[what](store, ref, seen, *args)
    except WingbeatError as exc:
        status, body = exc.http_status, encode(_refusal_to(seen, exc))
    except sqlite3.Error as exc:
        status, body = 500, encode({"error": {"message": _(
            "the encounter database cannot be used: {error}; check the file").format(
                error=exc)}})
    return framed(status, body)


def _refusal_to(seen: Any, exc: WingbeatError) -> Any:
    """An error as the player sees it. A question naming a creature it cannot see must read as
    one naming no creature at all (else the answer would tell a hidden creature's id from a
    made-up one): bad input about a creature says the same sentence for both."""
    data = exc.to_dict()
    if seen is None:
        return data
    said = seen.scrub(data)
    if exc.http_status == 400 and (said != data or exc.unknown_creature):
        ours = ", ".join(c for c in (seen.sides or {}) if c not in seen.unseen)
        return {"error": {"message": _("that names no creature you can see (you can see: "
                                       "{creatures})").format(creatures=ours)}}
    return said


def _seen_encounters(store: Any) -> bytes:
    """The encounters as a player sees the list: without the turn order the game master gave
    (it names every creature, the hidden ones too; ``show`` says the order the player sees)."""
    return encode({"encounters": [
        {**{k: v for k, v in info.to_dict().items() if k != "given_order"},
         "round": store.current(info.id)[1].state.round} for info in store.encounters()]})


def _sight(store: Any, ref: str, side: str) -> Any:
    from ..play.visibility import sight

    info, now = store.current(ref)
    return sight(store.setup(info).scenario, now.state, side)


def _own(seen: Any, creature: str, what: str) -> None:
    """Refuse (403) a move or a question about a creature not of the player's side: an unseen or
    unknown one alike, so that the refusal says nothing of what the player cannot see."""
    from ..play.visibility import Forbidden

    if seen.own(creature):
        return
    side = seen.side
    ours = ", ".join(c for c in (seen.sides or {}) if seen.own(c)) or _("none")
    if what == "move":
        raise Forbidden(_("a player of {side} declares moves for {side}'s creatures only "
                          "({creatures})").format(side=side, creatures=ours))
    raise Forbidden(_("a player of {side} asks about {side}'s creatures only ({creatures}): "
                      "the reach, paths and advice of the others are the game master's").format(
                          side=side, creatures=ours))


def _said_to(seen: Any, data: Any, version: str | None = None) -> bytes:
    """``data`` as the player sees it; with the log's ``version`` (``show`` and a move), put
    after the filter: it names no creature, and the filter must not touch it."""
    said = seen.scrub(data)
    return encode(said if version is None else {**said, "version": version})


def _seen_show(store: Any, ref: str, seen: Any) -> bytes:
    from ..play.view import snapshot
    from ..play.visibility import seen_snapshot

    info, now = store.current(ref)
    version = store.last_version
    key = ("show", str(store.path), info.id, info.created, version, encode(now.to_dict()),
           seen.side)
    return _kept(key, lambda: _said_to(seen, told(seen_snapshot(
        snapshot(info, store.setup(info), now.state), seen)), version))


def _seen_log(store: Any, ref: str, seen: Any) -> bytes:
    from ..play.view import LogView
    from ..play.visibility import seen_entries

    info, entries = store.entries(ref)
    return _said_to(seen, told(LogView(info, seen_entries(entries, seen))))


def _seen_move(store: Any, ref: str, seen: Any, creature: str, moves: str,
               options: dict[str, Any], after: str | None = None) -> bytes:
    from ..play.view import Outcome, outcome
    from ..play.visibility import seen_entry, seen_snapshot

    _parsed(store, ref)
    done = outcome(store, ref, store.move(ref, creature, moves, options, after))
    return _said_to(seen, told(Outcome(seen_entry(done.entry, seen),
                                       seen_snapshot(done.now, seen))), store.last_version)


def _seen_picture(store: Any, ref: str, seen: Any) -> bytes:
    """The battlefield as the player sees it: drawn without the unseen creatures."""
    from ..play.view import last_move
    from ..play.visibility import seen_last_move, seen_scenario
    from .jobs import picture

    info, entries = store.entries(ref)
    key = ("picture", str(store.path), info.id, info.created, len(entries),
           encode(entries[-1].to_dict()), seen.side)

    def make() -> bytes:
        setup = store.setup(info)
        now = entries[-1].state
        drawn = seen_scenario(setup.adapter.scenario_now(setup.scenario, now.pieces), seen)
        focus = now.next_up if now.next_up not in seen.unseen else None
        return picture(drawn, focus, seen_last_move(last_move(setup, entries), seen))
    return _kept(key, make)


def _seen_now(store: Any, ref: str, seen: Any) -> Any:
    from ..play.visibility import seen_scenario

    return seen_scenario(_now(store, ref), seen)


def _seen_threat(store: Any, ref: str, seen: Any, side: str | None, creature: str | None,
                 level: int | None) -> bytes:
    from .threatjobs import overlay_now

    return overlay_now(_seen_now(store, ref, seen), side, creature, level)


def _seen_suggest(store: Any, ref: str, seen: Any, creature: str,
                  weights: dict[str, Any]) -> bytes:
    from ..play.visibility import seen_scenario
    from ..tactics.commands import encounter_now
    from .threatjobs import suggestion

    _label, scenario = encounter_now(store, ref, creature)
    return suggestion(ref, seen_scenario(scenario, seen), creature, weights)


def _seen_question(what: str) -> Callable[..., bytes]:
    """A drag question (reach tree, path, check) asked of the battlefield the player sees."""
    questions: dict[str, Callable[..., bytes]] = {"reach-tree": _reach_tree, "path": _path,
                                                  "check": _check}
    ask = questions[what]

    def asked(store: Any, ref: str, seen: Any, creature: str, *args: Any) -> bytes:
        return ask(store, ref, creature, *args, seen=seen)
    return asked


_SEEN: dict[str, Callable[..., bytes]] = {
    "show": _seen_show, "log": _seen_log, "move": _seen_move, "picture": _seen_picture,
    "threat": _seen_threat, "suggest": _seen_suggest,
    **{what: _seen_question(what) for what in ("reach-tree", "path", "check")},
}
