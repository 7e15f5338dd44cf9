"""Encounters played round by round, as a pure function of (scenario, seed, log of actions).

The engine knows no rule: a per-ruleset adapter (``PlayAdapter``) checks a declared move with the
ruleset's one legality function, applies it with its rolls, and says what the end and start of a
round change. The engine keeps the rounds, the turn order and the log. Entry 0 sets the encounter
up (turn order, given or rolled); every later entry is one action: a creature's move, the end
of the round, or the game master's word that a creature's conditions changed (knocked prone,
grappled …), for a ruleset that declares the ``conditions`` capability (its adapter is a
``ConditionAdapter``). Each entry rolls with
its own generator derived from the seed and its number (``dice.Dice``), so replaying the same
actions gives the same state, roll for roll.

A declared move may carry the ruleset's query options (``factor=2``: a confrontation run), as
``wingbeat check --option`` takes them: they are part of its action, so the log, undo and replay
keep them. Each adapter says which options one move may carry (``move_options``); the others
belong in the scenario, or only narrow a search.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import field, replace
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING, Any, Protocol, cast, runtime_checkable

from .._records import dataclass
from ..errors import (
    EXIT_REFUSED,
    IllegalMoveError,
    OptionError,
    ScenarioError,
    WingbeatError,
    unknown_creature,
)
from ..i18n import N_, _, language, speaking
from ..model import Scenario
from ..narrate import event_text, roll_text
from ..rules import find_ruleset
from ..rules.registry import ruleset_info, rulesets

if TYPE_CHECKING:  # annotations: ``play log`` need not import the grid machinery, nor the dice
    from ..rules.grid import GridSpace
    from .dice import Dice

__all__ = [
    "Action",
    "ConditionAdapter",
    "EncounterState",
    "Entry",
    "Game",
    "PlayAdapter",
    "Played",
    "RefusedMove",
    "Setup",
    "adapter_for",
    "apply",
    "event_text",
    "move_options",
    "must_act",
    "replay",
    "roll_text",
    "start",
]

Piece = dict[str, Any]
Pieces = Mapping[str, Piece]
#: A query option's value as ``--option KEY=VALUE`` parses it (``_console.parse_query_options``).
OptionValue = bool | int | float | str

MOVE = "move"
NEXT_ROUND = "next-round"
START = "start"
CONDITION = "condition"
REVEAL = "reveal"


class RefusedMove(IllegalMoveError):
    """A declared action the rules refuse; ``report`` is the checked move, when there is one.

    It is an answer, not bad input: the command line prints it on stdout and exits 1, the web
    app answers 409 with it."""

    exit_code = EXIT_REFUSED
    http_status = 409

    def __init__(self, rule: str, message: str, *, creature: str | None = None,
                 report: dict[str, Any] | None = None, step: int | None = None,
                 move: str | None = None):
        super().__init__(rule, message, step=step, move=move)
        self.creature = creature
        self.report = report

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"legal": False, "creature": self.creature,
                                "error": self.where()}
        if self.report is not None:
            data["report"] = self.report
        return data

    def to_text(self) -> str:
        """``REFUSED at step 2 (U33): … [V-inertia]``: the refusal as the command line says it."""
        if self.step:
            return _("REFUSED at step {step} ({move}): {message} [{rule}]").format(
                step=self.step, move=self.move, message=self.message, rule=self.rule)
        return _("REFUSED: {message} [{rule}]").format(message=self.message, rule=self.rule)


@dataclass(frozen=True)
class Played:
    """One creature's declared move as the adapter played it.

    ``made`` is what actually happened (a failed save cuts a move short, or forces a landing);
    ``report`` is the checked declaration (``MoveReport.to_dict()``); ``damage`` any damage rolled;
    ``others`` the pieces of other creatures the move changed (a 5e foe's reaction spent on an
    opportunity attack); ``cost`` what was actually spent, when the adapter knows it (a move cut
    short costs less than declared), else the report's.
    """

    creature: str
    declared: str
    legal: bool
    report: dict[str, Any]
    made: str = ""
    piece: Piece = field(default_factory=dict)
    events: tuple[dict[str, Any], ...] = ()
    damage: int = 0
    error: IllegalMoveError | None = None
    others: Mapping[str, Piece] = field(default_factory=dict)
    cost: str | None = None

    def to_dict(self) -> dict[str, Any]:
        cost = self.cost if self.cost is not None else self.report.get("cost")
        return {"creature": self.creature, "declared": self.declared, "made": self.made,
                "cost": cost, "end": self.piece, "damage": self.damage,
                "events": list(self.events), "checks": self.report.get("checks", [])}


class PlayAdapter(Protocol):
    """How one ruleset plays: pieces, a move with its rolls, and the round's turn-over.

    A ruleset's adapter subclasses ``play.adapter.BattleAdapter``, which does what is alike for
    all (the pieces, ``scenario_now``); the protocol is what the engine asks of any adapter."""

    ruleset: str

    def pieces(self, scenario: Scenario) -> dict[str, Piece]:
        """Each creature's starting piece (JSON-ready: where it is, how it stands)."""
        ...

    def move(self, scenario: Scenario, pieces: Pieces, creature: str, moves: str,
             dice: Dice, options: Mapping[str, Any] | None = None) -> Played:
        """Check a declared move against the pieces as they stand, roll its checks, apply it.

        ``options`` are the move's query options (``{"factor": 2}``); an option the move cannot
        carry raises ``OptionError`` (see ``move_options``)."""
        ...

    def end_round(self, scenario: Scenario, pieces: Pieces) -> tuple[dict[str, Piece],
                                                                      list[dict[str, Any]]]:
        """The pieces after the end-of-round effects, and the events that describe them."""
        ...

    def pending(self, scenario: Scenario, pieces: Pieces, creature: str) -> dict[str, Any] | None:
        """What a creature must do before its round can end (pay or drift, land or skim …)."""
        ...

    def describe(self, piece: Piece) -> str:
        """One line for people: where the piece is and how it stands."""
        ...

    def board(self, scenario: Scenario) -> dict[str, Any]:
        """The map's facts a picture needs (grid kind, size)."""
        ...

    def scenario_now(self, scenario: Scenario, pieces: Pieces) -> Scenario:
        """The scenario with every creature where its piece stands: what a picture draws."""
        ...


@runtime_checkable
class ConditionAdapter(PlayAdapter, Protocol):
    """A ruleset whose game master can say a creature's conditions changed, between moves."""

    def condition(self, scenario: Scenario, pieces: Pieces, creature: str, change: str,
                  dice: Dice) -> Played:
        """Apply a condition change (``+prone``, ``-grappled``) and what it causes at once."""
        ...


def adapter_for(ruleset: str) -> PlayAdapter:
    """The play adapter of a ruleset; a clear error if that ruleset cannot be played yet."""
    adapter: PlayAdapter | None = ruleset_info(ruleset).adapter()
    if adapter is None:
        playable = ", ".join(info.id for info in rulesets() if info.play is not None)
        raise ScenarioError(_("ruleset {ruleset} cannot be played round by round yet; play "
                              "knows: {playable}").format(ruleset=repr(ruleset),
                                                          playable=playable))
    return adapter


@dataclass(frozen=True, slots=True)
class Action:
    """One entry's cause: ``move`` (a creature's declared move, with the query options it is
    played under), ``next-round``, or ``condition`` (the game master changes a creature's
    conditions; ``moves`` holds the change).

    ``options`` are sorted (key, value) pairs, so an action stays hashable and its JSON stable;
    make a move with ``Action.declare``."""

    kind: str
    creature: str | None = None
    moves: str = ""
    options: tuple[tuple[str, OptionValue], ...] = ()

    @classmethod
    def declare(cls, creature: str, moves: str,
                options: Mapping[str, Any] | None = None) -> Action:
        """A creature's declared move, under the ruleset's query options (``{"factor": 2}``)."""
        return cls(MOVE, creature, moves, _frozen_options(options or {}))

    @property
    def option_map(self) -> dict[str, OptionValue]:
        return dict(self.options)

    def to_dict(self) -> dict[str, Any]:
        if self.kind in (MOVE, CONDITION, REVEAL):
            data: dict[str, Any] = {"kind": self.kind, "creature": self.creature,
                                    "moves": self.moves}
            if self.options:  # additive: an action without options reads as it always did
                data["options"] = self.option_map
            return data
        return {"kind": self.kind}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Action:
        """An action as the log stores it; an entry written before moves took options has no
        ``options`` key, and means none."""
        return cls(str(data["kind"]), data.get("creature"), str(data.get("moves", "")),
                   _frozen_options(data.get("options") or {}))

    def __str__(self) -> str:
        if self.kind == MOVE:
            moves = self.moves or _("(holds)")
            return f"{self.creature}: {moves}{options_text(self.options)}"
        if self.kind == CONDITION:
            # Translators: the game master changes a creature's conditions, e.g. "GM: scout prone"
            return _("GM: {creature} {conditions}").format(creature=self.creature,
                                                          conditions=self.moves)
        if self.kind == REVEAL:
            return _("GM: {creature} revealed").format(creature=self.creature)
        return self.kind


def _frozen_options(options: Mapping[str, Any]) -> tuple[tuple[str, OptionValue], ...]:
    """Options as sorted pairs; an exact fraction is kept as its text (``5/2``), and a value
    JSON cannot keep exactly (a list, a NaN) is bad input."""
    pairs = []
    for key, value in options.items():
        if not isinstance(key, str) or not key:
            raise OptionError(_("an option's name is a word, got {key}").format(key=repr(key)))
        if isinstance(value, Fraction):
            value = str(value)
        if not isinstance(value, bool | int | float | str) or (
                isinstance(value, float) and not math.isfinite(value)):
            raise OptionError(_("option {key} is true, false, a number or a word, got "
                                "{value}").format(key=key, value=repr(value)))
        pairs.append((key, value))
    return tuple(sorted(pairs))


def options_text(options: Iterable[tuple[str, OptionValue]]) -> str:
    """`` (factor=2, pursuit=true)`` as typed after ``--option``; empty without options."""
    words = [f"{key}={str(value).lower() if isinstance(value, bool) else value}"
             for key, value in options]
    return f" ({', '.join(words)})" if words else ""


@dataclass(frozen=True)
class Setup:
    """What an encounter starts from: scenario text, its seed, and a given turn order if any."""

    scenario_text: str
    source: str
    seed: int
    order: tuple[str, ...] | None = None

    @cached_property
    def scenario(self) -> Scenario:
        from ..scenario._cache import read_kept  # the CLI's cache, in a play command

        return read_kept(self.scenario_text, self.source)

    @cached_property
    def adapter(self) -> PlayAdapter:
        return adapter_for(self.scenario.ruleset)


@dataclass(frozen=True)
class EncounterState:
    """Where an encounter stands: the round, the turn order, who has moved, every piece."""

    round: int
    order: tuple[str, ...]
    moved: tuple[str, ...]
    pieces: Mapping[str, Piece]
    damage: Mapping[str, int]
    entries: int
    #: The creatures still hidden from the players of other sides (``hidden: true`` in the
    #: scenario, until the game master's ``reveal``); no rule looks at it.
    hidden: tuple[str, ...] = ()

    @property
    def next_up(self) -> str | None:
        """The first creature in turn order that has not moved this round."""
        return next((c for c in self.order if c not in self.moved), None)

    def to_dict(self) -> dict[str, Any]:
        return {"round": self.round, "order": list(self.order), "moved": list(self.moved),
                "next": self.next_up, "entries": self.entries,
                "pieces": {c: dict(self.pieces[c]) for c in self.order},
                "damage": {c: self.damage.get(c, 0) for c in self.order},
                # only when some creature is hidden: an encounter without any reads as it did
                **({"hidden": list(self.hidden)} if self.hidden else {})}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> EncounterState:
        return cls(round=int(data["round"]), order=tuple(data["order"]),
                   moved=tuple(data["moved"]), pieces={k: dict(v) for k, v in
                                                       data["pieces"].items()},
                   damage={k: int(v) for k, v in data["damage"].items()},
                   entries=int(data["entries"]),
                   hidden=tuple(str(c) for c in data.get("hidden") or ()))


@dataclass(frozen=True)
class Entry:
    """One log entry: its action, the rolls it made, what happened, and the state after it."""

    number: int
    round: int
    action: Action
    state: EncounterState
    rolls: tuple[dict[str, Any], ...] = ()
    events: tuple[dict[str, Any], ...] = ()
    played: tuple[dict[str, Any], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"entry": self.number, "round": self.round, "action": self.action.to_dict(),
                "played": list(self.played), "rolls": list(self.rolls),
                "events": list(self.events), "state": self.state.to_dict()}

    def to_text(self) -> str:
        if self.action.kind == START:
            said = _("encounter set up, turn order {order}").format(
                order=", ".join(self.state.order))
        elif self.action.kind == NEXT_ROUND:
            said = _("round over; round {round} begins").format(round=self.state.round)
        else:
            said = str(self.action)
        # Translators: a log entry's first line, e.g. "#3 round 1: bat: U35 down hover"
        lines = [_("#{number} round {round}: {action}").format(number=self.number,
                                                              round=self.round, action=said)]
        for played in self.played:
            if played["declared"] != played["made"] or self.action.kind == NEXT_ROUND:
                lines.append("  " + _("{creature} made: {moves}").format(
                    creature=played["creature"], moves=played["made"] or _("(nothing)")))
        for roll in self.rolls:
            lines.append("  " + roll_text(roll))
        for event in self.events:
            lines.append("  " + event_text(event))
        return "\n".join(lines)


def start(setup: Setup) -> Entry:
    """Entry 0: the pieces from the scenario and the turn order, given or rolled (1d20 each,
    highest first, ties in scenario order); said in English, as every entry of the log is
    (``apply``)."""
    with speaking("en"):
        return _start(setup)


def _start(setup: Setup) -> Entry:
    scenario = setup.scenario
    adapter = setup.adapter
    pieces = adapter.pieces(scenario)
    ids = list(pieces)
    dice = _dice_for(setup.seed, 0)
    if setup.order is not None:
        order = _given_order(setup.order, ids)
    else:
        totals = {c: dice.total("1d20", c, "initiative") for c in ids}
        order = tuple(sorted(ids, key=lambda c: (-totals[c], ids.index(c))))
    hidden = tuple(c.id for c in scenario.battle.creatures if getattr(c, "hidden", False))
    state = EncounterState(round=1, order=order, moved=(), pieces=pieces,
                           damage=dict.fromkeys(order, 0), entries=1, hidden=hidden)
    return Entry(0, 1, Action(START), state, tuple(dice.rolls),
                 tuple(_obligations(setup, state)))


def _given_order(order: Sequence[str], ids: list[str]) -> tuple[str, ...]:
    missing = [c for c in ids if c not in order]
    unknown = [c for c in order if c not in ids]
    twice = sorted({c for c in order if list(order).count(c) > 1})
    if missing or unknown or twice:
        problems = []
        if unknown:
            problems.append(_("unknown {ids}").format(ids=", ".join(unknown)))
        if missing:
            problems.append(_("missing {ids}").format(ids=", ".join(missing)))
        if twice:
            problems.append(_("named twice {ids}").format(ids=", ".join(twice)))
        raise OptionError(_("the turn order must name every creature once ({ids}): "
                            "{problems}").format(ids=", ".join(ids),
                                                 problems="; ".join(problems)))
    return tuple(order)


def _obligations(setup: Setup, state: EncounterState) -> list[dict[str, Any]]:
    events = []
    for creature in state.order:
        pending = setup.adapter.pending(setup.scenario, state.pieces, creature)
        if pending is not None:
            events.append(pending)
    return events


def apply(setup: Setup, state: EncounterState, action: Action) -> Entry:
    """The entry an action makes from ``state``; ``RefusedMove`` if the rules forbid it.

    The entry is said in English whatever the language asked: it is the log's record, which
    ``replay`` must find again word for word in any language; ``said`` says it again in the
    reader's. A refusal is said in the language asked."""
    if language() == "en":
        return _apply(setup, state, action)
    try:
        with speaking("en"):
            return _apply(setup, state, action)
    except WingbeatError:
        pass
    return _apply(setup, state, action)  # refused: the refusal again, in the language asked


#: Entries said again in a reader's language (``said``), by encounter set-up, entry and
#: language: each reader of a shared table asks for the log after every move.
_SAID: OrderedDict[tuple[Any, ...], Entry] = OrderedDict()
_SAID_MOST = 512


def said(setup: Setup, entry: Entry, before: EncounterState | None) -> Entry:
    """``entry`` (English, as the log keeps it) said in the current language: made again from
    the state before it (``before``; None for the set-up), with the same dice. Its numbers, rolls
    and state are the log's; only its sentences for people change. An entry that cannot be made
    again the same way (a log from an older wingbeat) is given as it was kept."""
    lang = language()
    if lang == "en":
        return entry
    key = (setup, lang, entry.number, repr(entry))
    found = _SAID.get(key)
    if found is not None:
        _SAID.move_to_end(key)
        return found
    try:
        again = _start(setup) if before is None else _apply(setup, before, entry.action)
    except WingbeatError:
        again = entry
    if again.state != entry.state or _dice(again.rolls) != _dice(entry.rolls):
        again = entry
    _SAID[key] = again
    if len(_SAID) > _SAID_MOST:
        _SAID.popitem(last=False)
    return again


def _dice_for(seed: int, entry: int) -> Dice:
    """The dice of one entry (``dice.Dice``): imported by the commands that roll, not by
    ``play show`` or ``play log``."""
    from .dice import Dice

    return Dice(seed, entry)


def _dice(rolls: Sequence[Mapping[str, Any]]) -> list[tuple[Any, ...]]:
    """What rolls rolled, without their sentences (a save's ``on_failure``)."""
    return [(r.get("creature"), r.get("rule"), r.get("roll"), r.get("faces"), r.get("total"),
             r.get("success")) for r in rolls]


def said_log(setup: Setup, entries: Sequence[Entry]) -> list[Entry]:
    """Every entry of a log said in the current language (``said``)."""
    if language() == "en":
        return list(entries)
    return [said(setup, e, entries[i - 1].state if i else None) for i, e in enumerate(entries)]


def _apply(setup: Setup, state: EncounterState, action: Action) -> Entry:
    if action.options and action.kind != MOVE:
        raise OptionError(_("only a declared move takes query options, not {kind}").format(
            kind=action.kind))
    if action.kind == MOVE:
        return _move(setup, state, action)
    if action.kind == NEXT_ROUND:
        return _next_round(setup, state, action)
    if action.kind == CONDITION:
        return _condition(setup, state, action)
    if action.kind == REVEAL:
        return _reveal(state, action)
    raise OptionError(_("unknown action {kind}; expected {move}, {next}, {condition} or "
                        "{reveal}").format(kind=repr(action.kind), move=MOVE, next=NEXT_ROUND,
                                           condition=CONDITION, reveal=REVEAL))


def _reveal(state: EncounterState, action: Action) -> Entry:
    """The game master shows a hidden creature to every player: nothing else changes."""
    creature = action.creature or ""
    if creature not in state.pieces:
        raise unknown_creature(ScenarioError(_(
            "no creature {creature} in this encounter (creatures: {known})").format(
            creature=repr(creature), known=", ".join(state.order))))
    if creature not in state.hidden:
        if not state.hidden:
            raise OptionError(_("{creature} is not hidden (hidden: none is); nothing to "
                                "reveal").format(creature=creature))
        raise OptionError(_("{creature} is not hidden (hidden: {hidden}); nothing to "
                            "reveal").format(creature=creature, hidden=", ".join(state.hidden)))
    after = replace(state, entries=state.entries + 1,
                    hidden=tuple(c for c in state.hidden if c != creature))
    return Entry(state.entries, state.round, action, after,
                 events=({"type": "revealed", "creature": creature},))


def _move(setup: Setup, state: EncounterState, action: Action) -> Entry:
    creature = action.creature or ""
    if creature not in state.pieces:
        raise unknown_creature(ScenarioError(_(
            "no creature {creature} in this encounter (creatures: {known})").format(
            creature=repr(creature), known=", ".join(state.order))))
    if creature in state.moved:
        raise RefusedMove("turn", _("{creature} has already moved in round {round}; "
                                    "next-round starts the next one").format(
            creature=creature, round=state.round), creature=creature)
    dice = _dice_for(setup.seed, state.entries)
    played = setup.adapter.move(setup.scenario, state.pieces, creature, action.moves, dice,
                                action.option_map)
    _refuse_if_illegal(played)
    pieces = {**state.pieces, **played.others, creature: played.piece}
    damage = {**state.damage, creature: state.damage.get(creature, 0) + played.damage}
    after = EncounterState(state.round, state.order, (*state.moved, creature), pieces, damage,
                           state.entries + 1, state.hidden)
    return Entry(state.entries, state.round, action, after, tuple(dice.rolls), played.events,
                 (played.to_dict(),))


def _condition(setup: Setup, state: EncounterState, action: Action) -> Entry:
    """The game master's word: a creature's conditions change now, whoever's turn it is."""
    creature = action.creature or ""
    if creature not in state.pieces:
        raise unknown_creature(ScenarioError(_(
            "no creature {creature} in this encounter (creatures: {known})").format(
            creature=repr(creature), known=", ".join(state.order))))
    adapter = setup.adapter
    if not ruleset_info(setup.scenario.ruleset).can("conditions"):
        raise OptionError(_("ruleset {ruleset} takes no condition changes in play; declare "
                            "what a creature does as its move").format(
            ruleset=repr(setup.scenario.ruleset)))
    dice = _dice_for(setup.seed, state.entries)
    played = cast(ConditionAdapter, adapter).condition(setup.scenario, state.pieces, creature,
                                                       action.moves, dice)
    _refuse_if_illegal(played)
    pieces = {**state.pieces, creature: played.piece}
    damage = {**state.damage, creature: state.damage.get(creature, 0) + played.damage}
    after = EncounterState(state.round, state.order, state.moved, pieces, damage,
                           state.entries + 1, state.hidden)
    return Entry(state.entries, state.round, action, after, tuple(dice.rolls), played.events,
                 (played.to_dict(),))


def _refuse_if_illegal(played: Played, holding: bool = False) -> None:
    if played.legal:
        return
    error = played.error
    rule = error.rule if error is not None else "turn"
    message = error.message if error is not None else _("illegal move")
    if holding:
        message = _("{creature} has not moved this round and cannot simply hold: {reason}; "
                    "declare its move first").format(creature=played.creature, reason=message)
    located = error is not None and not holding
    raise RefusedMove(rule, message, creature=played.creature, report=played.report,
                      step=error.step if located and error else None,
                      move=error.move if located and error else None)


def _next_round(setup: Setup, state: EncounterState, action: Action) -> Entry:
    dice = _dice_for(setup.seed, state.entries)
    pieces = dict(state.pieces)
    damage = dict(state.damage)
    played_all = []
    events: list[dict[str, Any]] = []
    for creature in state.order:
        if creature in state.moved:
            continue
        played = setup.adapter.move(setup.scenario, pieces, creature, "", dice)
        _refuse_if_illegal(played, holding=True)
        pieces.update(played.others)
        pieces[creature] = played.piece
        damage[creature] = damage.get(creature, 0) + played.damage
        played_all.append(played.to_dict())
        events.extend(played.events)
    pieces, round_events = setup.adapter.end_round(setup.scenario, pieces)
    events.extend(round_events)
    after = EncounterState(state.round + 1, state.order, (), pieces, damage, state.entries + 1,
                           state.hidden)
    events.append({"type": "round-start", "round": after.round})
    events.extend(_obligations(setup, after))
    return Entry(state.entries, state.round, action, after, tuple(dice.rolls), tuple(events),
                 tuple(played_all))


def replay(setup: Setup, actions: Iterable[Action]) -> list[Entry]:
    """Every entry again, from the set-up and the actions alone."""
    entries = [start(setup)]
    for action in actions:
        entries.append(apply(setup, entries[-1].state, action))
    return entries


class Game:
    """An encounter in memory: the library's way to play without a database.

    >>> game = Game.from_scenario_text(text, seed=7)      # doctest: +SKIP
    >>> game.move("bat", "U35 down hover").rolls          # doctest: +SKIP
    """

    def __init__(self, setup: Setup, actions: Iterable[Action] = ()):
        self.setup = setup
        self.entries = replay(setup, actions)

    @classmethod
    def from_scenario_text(cls, text: str, *, seed: int, source: str = "<scenario>",
                           order: Sequence[str] | None = None) -> Game:
        return cls(Setup(text, source, seed, None if order is None else tuple(order)))

    @property
    def state(self) -> EncounterState:
        return self.entries[-1].state

    @property
    def actions(self) -> list[Action]:
        return [e.action for e in self.entries[1:]]

    def play(self, action: Action) -> Entry:
        """The entry ``action`` makes, said in the current language (``entries`` keep it in
        English, as a database does: ``said_log`` says them all)."""
        before = self.state
        entry = apply(self.setup, before, action)
        self.entries.append(entry)
        return said(self.setup, entry, before)

    def move(self, creature: str, moves: str,
             options: Mapping[str, Any] | None = None) -> Entry:
        """``creature`` declares ``moves``, under the ruleset's query ``options`` if any."""
        return self.play(Action.declare(creature, moves, options))

    def next_round(self) -> Entry:
        return self.play(Action(NEXT_ROUND))

    def reveal(self, creature: str) -> Entry:
        """The game master shows a hidden creature to every player."""
        return self.play(Action(REVEAL, creature))

    def condition(self, creature: str, change: str) -> Entry:
        """The game master says ``creature``'s conditions change: ``"prone"``, ``"-grappled"``."""
        return self.play(Action(CONDITION, creature, change))

    def undo(self) -> Entry:
        if len(self.entries) == 1:
            raise OptionError(_("nothing to undo: the encounter has only been set up"))
        return self.entries.pop()


def must_act(space: GridSpace, creature: str) -> dict[str, Any] | None:
    """The ``must-act`` notice for a grid creature whose round cannot end where it stands
    (a hover in wind, a skim from last round …), or None."""
    problem = space.end_problem(space.start)
    if problem is None:
        return None
    rule, message = problem
    return {"type": "must-act", "creature": creature, "rule": rule, "message": message}


#: Why a search-only option does not go with a declared move (the rulesets' ``no_checks``).
SEARCH_ONLY = N_("it only narrows a search (reach, path) to ways that need no save; a declared "
                "move is checked as declared")


def move_options(scenario: Scenario, creature: str, options: Mapping[str, Any] | None, *,
                 takes: Iterable[str] = (), refused: Mapping[str, str]) -> dict[str, Any]:
    """The query options one declared move is played under, or ``OptionError``.

    The ruleset's own check judges them first (on a hold from the set-up: a few milliseconds),
    so a name it does not know or a bad value reads exactly as ``wingbeat check`` says it. Then
    an option in ``refused`` is refused with its reason (it belongs in the scenario, or means
    nothing to a declared move), and so is any other the adapter does not ``take``.
    """
    chosen = dict(options or {})
    if not chosen:
        return chosen
    find_ruleset(scenario.ruleset).check(scenario, creature, "", chosen)
    for key in sorted(chosen):
        if key in refused:
            raise OptionError(_("option {key} does not go with one move in play: "
                                "{reason}").format(key=key, reason=_(refused[key])))
    allowed = set(takes)
    foreign = sorted(set(chosen) - allowed)
    if foreign:
        takes_text = (_("it takes: {options}").format(options=", ".join(sorted(allowed)))
                      if allowed else _("a move takes none in this ruleset"))
        raise OptionError(_("{ruleset} play does not take the option(s) {options} for a move; "
                            "{takes}").format(ruleset=scenario.ruleset,
                                              options=", ".join(foreign), takes=takes_text))
    return chosen
