"""``wingbeat play …``: run an encounter from the command line, a thin layer over the store.

Exit codes as everywhere: 0 done, 1 a move (or a round's end) the rules refuse, 2 bad input (a
damaged database too: a log that is not what was written stops every command, ``replay`` included).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from .._console import (
    Command,
    JsonOpt,
    ScenarioArg,
    command_group,
    failed,
    out,
    parse_query_options,
)
from .._records import dataclass
from ..errors import WingbeatError
from ..i18n import _, ngettext

if TYPE_CHECKING:
    from ..rules.base import Result
    from .engine import Entry
    from .store import EncounterStore
    from .view import Outcome

__all__ = ["play_app", "read_scenario_source", "register"]


play_app = command_group(
    "play", "Play an encounter round by round: moves checked, rolls made and logged, saved to "
            "disk.", add_completion=False)

DbOpt = Annotated[Path | None, typer.Option(
    "--db", metavar="FILE",
    help="The encounter database (default: $XDG_DATA_HOME/wingbeat/encounters.sqlite3); only "
         "play new creates one.",
    dir_okay=False)]
EncounterArg = Annotated[str, typer.Argument(help="The encounter's id or name.")]
LatestArg = Annotated[str | None, typer.Argument(
    help="The encounter's id or name (default: the latest one).")]


def register(app: typer.Typer) -> None:
    """Add the ``play`` commands to the ``wingbeat`` app."""
    app.add_typer(play_app, name="play")


def read_scenario_source(where: str) -> tuple[str, str]:
    """Scenario text and its source name, from a file or ``example:NAME``."""
    if where.startswith("example:"):
        from ..examples import example_text

        return example_text(where.removeprefix("example:")), where
    from ..scenario import read_scenario_file

    return read_scenario_file(where), where


def _run(make: Callable[[EncounterStore], Result], db: Path | None, as_json: bool,
         create: bool = False, readonly: bool = False) -> None:
    """Open the store, run one command, print its answer; a refusal or bad input ends it with
    the error's exit code (1 or 2: ``_console.failed``).

    Only ``play new`` (``create``) makes the database: any other command on a database that is not
    there says so, and leaves no empty file (nor directory) behind. The commands that only read
    (show, log, replay, list) open it ``readonly``, so they work on a read-only database too.
    """
    from .._collector import collector_paused

    with collector_paused():  # as the grid commands (cli._answer): the command ends soon after
        _run_paused(make, db, as_json, create, readonly)


def _run_paused(make: Callable[[EncounterStore], Result], db: Path | None, as_json: bool,
                create: bool, readonly: bool) -> None:
    from ..scenario._cache import keeping
    from .store import EncounterStore, default_db_path

    try:
        with keeping(), EncounterStore(db if db is not None else default_db_path(),
                                       create=create, readonly=readonly) as store:
            result = make(store)
    except WingbeatError as exc:  # a refused move is one too: exit 1 (errors.py)
        failed(exc, as_json)
    if as_json:
        from .._jsonout import dumps  # (orjson: only for a JSON answer)

        out.print(dumps(result.to_dict()), markup=False)
    else:
        out.print(result.to_text(), markup=False)


def _latest(store: EncounterStore, ref: str | None) -> str:
    if ref is not None:
        return ref
    encounters = store.encounters()
    if not encounters:
        raise WingbeatError(_("no encounter in {path} yet: start one with wingbeat play new "
                              "SCENARIO").format(path=store.path))
    return str(encounters[-1].id)


def _outcome(store: EncounterStore, ref: str, entry: Entry, undone: bool = False) -> Outcome:
    from .view import outcome

    return outcome(store, ref, entry, undone)


@play_app.command("new", cls=Command)
def new(
    scenario: ScenarioArg,
    seed: Annotated[int | None, typer.Option(help="Seed of every roll (default: random).")] = None,
    order: Annotated[str | None, typer.Option(
        help="Turn order, creature ids separated by commas (default: rolled, 1d20 each).")] = None,
    name: Annotated[str | None, typer.Option(help="A name to call the encounter by.")] = None,
    db: DbOpt = None,
    json_: JsonOpt = False,
) -> None:
    """Start an encounter from a scenario: set up, turn order given or rolled."""
    def make(store: EncounterStore) -> Result:
        text, source = read_scenario_source(scenario)
        given = None if order is None else [c.strip() for c in order.split(",") if c.strip()]
        info, entry = store.create(text, source=source, seed=seed, order=given, name=name)
        return _outcome(store, str(info.id), entry)
    _run(make, db, json_, create=True)


@play_app.command("move", cls=Command)
def move(
    encounter: EncounterArg,
    creature: Annotated[str, typer.Argument(help="The creature's id.")],
    moves: Annotated[str, typer.Argument(
        help='Its declared move in the ruleset\'s notation, e.g. "U35 down hover" ("" holds).')],
    option: Annotated[list[str] | None, typer.Option(
        "--option", metavar="KEY=VALUE", help="A ruleset query option the move is played under "
                                              "(repeatable), as wingbeat check takes it: factor=2 "
                                              "(a confrontation run), pursuit=true.")] = None,
    db: DbOpt = None,
    json_: JsonOpt = False,
) -> None:
    """Declare a creature's move: checked, its saves rolled, its consequences applied."""
    def make(store: EncounterStore) -> Result:
        options = parse_query_options(option)
        return _outcome(store, encounter, store.move(encounter, creature, moves, options))
    _run(make, db, json_)


@play_app.command("condition", cls=Command)
def condition(
    encounter: EncounterArg,
    creature: Annotated[str, typer.Argument(help="The creature's id.")],
    conditions: Annotated[list[str], typer.Argument(
        help="The conditions it gains (prone, grappled …), or ends with --end.")],
    end: Annotated[bool, typer.Option(
        "--end", help="The conditions end (it escapes a grapple …) instead.")] = False,
    db: DbOpt = None,
    json_: JsonOpt = False,
) -> None:
    """The GM's word: a creature is knocked prone, grappled … (a flyer that cannot hover falls).

    It is no move: any creature, any time in the round. Logged, so undo and replay see it.
    """
    def make(store: EncounterStore) -> Result:
        from .engine import CONDITION, Action

        sign = "-" if end else "+"
        change = " ".join(c if c[:1] in "+-" else sign + c for c in conditions)
        return _outcome(store, encounter, store.play(encounter,
                                                     Action(CONDITION, creature, change)))
    _run(make, db, json_)


@play_app.command("reveal", cls=Command)
def reveal(
    encounter: EncounterArg,
    creature: Annotated[str, typer.Argument(help="The hidden creature's id.")],
    db: DbOpt = None,
    json_: JsonOpt = False,
) -> None:
    """The GM shows a hidden creature (``hidden: true`` in the scenario) to every player.

    Until then a shared table's players of other sides see nothing of it (serve --share).
    Logged, so undo and replay see it.
    """
    def make(store: EncounterStore) -> Result:
        from .engine import REVEAL, Action

        return _outcome(store, encounter, store.play(encounter, Action(REVEAL, creature)))
    _run(make, db, json_)


@play_app.command("next-round", cls=Command)
def next_round(encounter: LatestArg = None, db: DbOpt = None, json_: JsonOpt = False) -> None:
    """End the round (creatures that did not move hold still) and start the next one."""
    def make(store: EncounterStore) -> Result:
        ref = _latest(store, encounter)
        return _RoundOver(_outcome(store, ref, store.next_round(ref)))
    _run(make, db, json_)


@play_app.command("undo", cls=Command)
def undo(encounter: LatestArg = None, db: DbOpt = None, json_: JsonOpt = False) -> None:
    """Take back the last action (a move or a round's end)."""
    def make(store: EncounterStore) -> Result:
        ref = _latest(store, encounter)
        removed, _now = store.undo(ref)
        return _outcome(store, ref, removed, undone=True)
    _run(make, db, json_)


@play_app.command("show", cls=Command)
def show(encounter: LatestArg = None, db: DbOpt = None, json_: JsonOpt = False) -> None:
    """Where the encounter stands: round, turn order, every creature, who must act."""
    def make(store: EncounterStore) -> Result:
        from .view import snapshot

        info, now = store.current(_latest(store, encounter))
        return snapshot(info, store.setup(info), now.state, last=now)
    _run(make, db, json_, readonly=True)


@play_app.command("log", cls=Command)
def log(encounter: LatestArg = None, db: DbOpt = None, json_: JsonOpt = False) -> None:
    """Every action of the encounter with its rolls and events."""
    def make(store: EncounterStore) -> Result:
        from .view import LogView

        info, entries = store.entries(_latest(store, encounter))
        return LogView(info, entries)
    _run(make, db, json_, readonly=True)


@play_app.command("replay", cls=Command)
def replay(encounter: LatestArg = None, db: DbOpt = None, json_: JsonOpt = False) -> None:
    """Replay the log from the scenario and seed, and check it gives back every stored state.

    A log that differs (or an entry missing, or changed) is bad input: exit 2, naming the entry.
    """
    def make(store: EncounterStore) -> Result:
        check = store.replay(_latest(store, encounter))
        damage = check.error(store.path)
        if damage is not None:
            raise damage
        return check
    _run(make, db, json_, readonly=True)


@play_app.command("list", cls=Command)
def list_(db: DbOpt = None, json_: JsonOpt = False) -> None:
    """The encounters in the database."""
    def make(store: EncounterStore) -> Result:
        return _Listing([(info.to_dict(), store.current(info.id)[1].state.round)
                         for info in store.encounters()])
    _run(make, db, json_, readonly=True)


@dataclass(frozen=True)
class _RoundOver:
    """``play next-round``'s answer: one line for the round's end, naming who held still."""

    outcome: Outcome

    @property
    def held(self) -> list[str]:
        """The creatures that had not moved, which the round's end made hold."""
        return [str(p["creature"]) for p in self.outcome.entry.played]

    def to_dict(self) -> dict[str, Any]:
        return {**self.outcome.to_dict(), "held": self.held}

    def to_text(self) -> str:
        from .engine import event_text, roll_text

        entry = self.outcome.entry
        still = [str(p["creature"]) for p in entry.played if not p["made"]]
        values = {"number": entry.number, "round": entry.round, "next": entry.state.round}
        if still:
            head = ngettext("#{number} round {round} over; {held} held still; round {next} "
                            "begins",
                            "#{number} round {round} over; {held} held still; round {next} "
                            "begins", len(still)).format(held=_and(still), **values)
        else:
            head = _("#{number} round {round} over; round {next} begins").format(**values)
        lines = [head]
        lines += ["  " + _("{creature} made: {moves}").format(creature=p["creature"],
                                                              moves=p["made"])
                  for p in entry.played if p["made"]]
        lines += ["  " + roll_text(roll) for roll in entry.rolls]
        lines += ["  " + event_text(event) for event in entry.events]
        return "\n".join(lines) + "\n\n" + self.outcome.now.to_text()


def _and(names: list[str]) -> str:
    """``bat``, ``bat and chamois``, ``bat, chamois and harpy``."""
    if len(names) == 1:
        return names[0]
    # Translators: the last two of a list of names, e.g. "bat, chamois and harpy"
    return _("{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])


class _Listing:
    def __init__(self, rows: list[tuple[dict[str, Any], int]]):
        self.rows = rows

    def to_dict(self) -> dict[str, Any]:
        return {"encounters": [{**info, "round": rnd} for info, rnd in self.rows]}

    def to_text(self) -> str:
        if not self.rows:
            return _("no encounters yet: wingbeat play new SCENARIO")
        return "\n".join(_("{id}: {source} ({ruleset}), round {round}, seed {seed}").format(
            id=f"{i['id']}{' ' + i['name'] if i['name'] else ''}", source=i["source"],
            ruleset=i["ruleset"], round=rnd, seed=i["seed"]) for i, rnd in self.rows)
