"""``wingbeat threat``, ``wingbeat advise`` and ``wingbeat play suggest``: thin layers over
``wingbeat.tactics``.

Exit codes as everywhere: 0 done, 1 a suggested move the rules refuse when accepted, 2 bad input.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from .._console import Command, JsonOpt, fail, failed, out, parse_query_options
from .._records import dataclass
from ..errors import WingbeatError, unknown_creature
from ..i18n import _

if TYPE_CHECKING:
    from ..model import Scenario
    from ..play.store import EncounterStore
    from ..play.view import Outcome
    from ..rules.base import Result
    from .model import Suggestion

__all__ = ["register"]

ScenarioArg = Annotated[str, typer.Argument(
    help="Scenario file (YAML or JSON), or a built-in one: example:harpy.")]
WeightOpt = Annotated[list[str] | None, typer.Option(
    "--weight", metavar="NAME=VALUE",
    help="A ranking weight (repeatable): success, opportunity_attacks, threatened, edge, action, "
         "cost (docs/threat.md has the defaults).")]


def _print(result: Result, as_json: bool, text: str | None = None) -> None:
    if as_json:
        out.print(json.dumps(result.to_dict(), indent=2, ensure_ascii=False), markup=False)
    else:
        out.print(result.to_text() if text is None else text, markup=False)


def threat_command(
    scenario: ScenarioArg,
    side: Annotated[str | None, typer.Option(
        "--side", metavar="SIDE", help="The side whose creatures would strike.")] = None,
    creature: Annotated[str | None, typer.Option(
        "--creature", metavar="ID", help="Only this creature (its side need not be given).")
    ] = None,
    svg: Annotated[Path | None, typer.Option(
        "--svg", metavar="FILE", help="Also write the overlay, shaded by count, as SVG.",
        dir_okay=False)] = None,
    altitude: Annotated[str | None, typer.Option(
        "--altitude", metavar="LEVEL", help="With --svg: draw this altitude (or tier) only; by "
                                            "default the most over all.")] = None,
    json_: JsonOpt = False,
) -> None:
    """Where a side's creatures could attack on their next turn: per place, who and how."""
    from ..scenario._cache import open_cached
    from . import threat

    try:
        opened = open_cached(scenario)
        found = threat(opened, side=side, creature=creature)
        if svg is not None:
            from ..render.commands import _write_atomically
            from ..render.threat import render_threat_svg

            _write_atomically(svg, render_threat_svg(opened, found,
                                                     altitude))
    except (WingbeatError, OSError) as exc:
        fail(str(exc), json_)
    _print(found, json_)


def advise_command(
    scenario: ScenarioArg,
    creature: Annotated[str, typer.Argument(help="The creature that would attack.")],
    target: Annotated[str | None, typer.Option(
        "--target", metavar="ID", help="The creature to attack (default: every foe).")] = None,
    weight: WeightOpt = None,
    all_: Annotated[bool, typer.Option("--all", help="List every position, not the 10 best.")
                    ] = False,
    json_: JsonOpt = False,
) -> None:
    """Where to strike from this round: every attack position, best first, with its reasons."""
    from ..scenario._cache import open_cached
    from . import advise

    try:
        found = advise(open_cached(scenario), creature, target=target,
                       weights=parse_query_options(weight))
    except WingbeatError as exc:
        failed(exc, json_)
    _print(found, json_, None if json_ else found.to_text(limit=None if all_ else 10))


@dataclass(frozen=True)
class Suggested:
    """A suggestion for a creature in an encounter, and what became of it if the GM accepted."""

    encounter: str
    suggestion: Suggestion
    accepted: Outcome | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"encounter": self.encounter, "suggestion": self.suggestion.to_dict(),
                "accepted": None if self.accepted is None else self.accepted.to_dict()}

    def to_text(self) -> str:
        text = self.suggestion.to_text()
        if self.accepted is None:
            move = self.suggestion.moves
            return text + "\n" + _("(not declared: accept it with --accept, or declare it "
                                   "yourself: {command})").format(
                command=f"wingbeat play move {self.encounter} {self.suggestion.creature} "
                        f"{json.dumps(move)}")
        return text + "\n" + _("accepted and declared:") + "\n" + self.accepted.to_text()


def encounter_now(store: EncounterStore, ref: str, creature: str) -> tuple[str, Scenario]:
    """Encounter ``ref`` as it stands, as a scenario, for a suggestion to ``creature`` (which must
    be in it and not have moved this round); and the encounter's label."""
    info, now = store.current(ref)
    state = now.state
    if creature not in state.pieces:
        raise unknown_creature(WingbeatError(_(
            "no creature {creature} in encounter {label} (creatures: {known})").format(
            creature=repr(creature), label=info.label, known=", ".join(state.order))))
    if creature in state.moved:
        raise WingbeatError(_("{creature} has already moved in round {round}").format(
            creature=creature, round=state.round))
    setup = store.setup(info)
    return str(info.label), setup.adapter.scenario_now(setup.scenario, state.pieces)


def suggest_in(store: EncounterStore, ref: str, creature: str, weights: dict[str, Any],
               accept: bool) -> Suggested:
    """The suggestion for ``creature`` as encounter ``ref`` stands, declared only if ``accept``
    (through the encounter's ordinary move: checked, rolled, logged)."""
    from ..play.commands import _outcome
    from . import suggest

    _label, scenario = encounter_now(store, ref, creature)
    found = suggest(scenario, creature, weights=weights)
    if not accept:
        return Suggested(str(ref), found)
    entry = store.move(ref, creature, found.moves, {})
    return Suggested(str(ref), found, _outcome(store, ref, entry))


def suggest_command(
    encounter: Annotated[str, typer.Argument(help="The encounter's id or name.")],
    creature: Annotated[str, typer.Argument(help="The creature's id.")],
    accept: Annotated[bool, typer.Option(
        "--accept", help="Declare the suggested move (as wingbeat play move would).")] = False,
    weight: WeightOpt = None,
    db: Annotated[Path | None, typer.Option(
        "--db", metavar="FILE", help="The encounter database (default: as play new).",
        dir_okay=False)] = None,
    json_: JsonOpt = False,
) -> None:
    """The best-advised move for a creature as the encounter stands: shown with its reasons,
    declared only with --accept."""
    from ..play.commands import _run

    def make(store: EncounterStore) -> Result:
        return suggest_in(store, encounter, creature, parse_query_options(weight), accept)
    _run(make, db, json_)


def register(app: typer.Typer) -> None:
    """Add ``threat`` and ``advise`` to the ``wingbeat`` app, and ``suggest`` to ``play``."""
    from ..play.commands import play_app

    app.command("threat", cls=Command)(threat_command)
    app.command("advise", cls=Command)(advise_command)
    play_app.command("suggest", cls=Command)(suggest_command)
