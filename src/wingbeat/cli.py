"""The ``wingbeat`` command: a thin layer over the library.

One place (``_answer``/``main``) turns a ``WingbeatError`` into its message and exit code
(``_console.failed``: 2 bad input), an illegal move into exit code 1; nothing else here knows any
rule.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Annotated

import typer

from . import _api
from ._collector import collector_paused
from ._console import (
    Command,
    JsonOpt,
    NoChecksOpt,
    OptionOpt,
    ScenarioArg,
    bounded,
    command_group,
    err,
    error_line,
    failed,
    out,
    parse_query_options,
)
from ._jsonout import encode_answer
from .errors import EXIT_REFUSED, WingbeatError
from .examples import example_names
from .i18n import _
from .model import Scenario
from .rules.base import Result

__all__ = ["app", "main"]

app = command_group(
    "wingbeat", "Exact flying movement for tabletop games: reach, cheapest paths, move checks.")

CreatureArg = Annotated[str, typer.Argument(help="The creature's id in the scenario.")]


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            number = version("wingbeat")
        except PackageNotFoundError:  # pragma: no cover - run from a source tree
            from . import __version__ as number
        from .kernel import describe

        out.print(f"wingbeat {number} ({describe()})", markup=False)
        raise typer.Exit()


@app.callback()
def _root(version: Annotated[bool, typer.Option(
        "--version", callback=_version, is_eager=True, expose_value=False,
        help="Print the version and exit.")] = False,
        lang: Annotated[str | None, typer.Option(
            "--lang", metavar="en|it|fr",
            help="The language of every sentence (also after the command; default: "
                 "WINGBEAT_LANG, then the locale). JSON keys, rule ids and notation never "
                 "change.")] = None) -> None:
    """What ``wingbeat`` takes before any command: --version, --lang (and shell completion)."""


def _language_from(argv: list[str]) -> tuple[str, list[str]]:
    """The language ``--lang X`` (or ``--lang=X``) asks for anywhere before ``--``, and the
    arguments without it; else ``WINGBEAT_LANG``, then the locale (``i18n``)."""
    from .i18n import LANGUAGES, environment_language, parse_language, speaking

    rest: list[str] = []
    chosen: str | None = None
    items = iter(argv)
    for item in items:
        if item == "--":
            rest.append(item)
            rest.extend(items)
            break
        if item == "--lang" or item.startswith("--lang="):
            value = item.partition("=")[2] if "=" in item else next(items, "")
            chosen = parse_language(value)
            if chosen is None or value.strip().lower() not in LANGUAGES:
                # said in the environment's language: the one asked for is unknown
                with speaking(environment_language()):
                    err.print(error_line(_("--lang {value}: wingbeat speaks {languages}").format(
                        value=repr(value), languages=", ".join(LANGUAGES))), markup=False)
                sys.exit(2)
            continue
        rest.append(item)
    return chosen or environment_language(), rest


def _open(where: str) -> Scenario:
    """The scenario a command names, through the CLI's cache of validated scenarios."""
    from .scenario._cache import open_cached

    return open_cached(where)


def _answer(make: Callable[[], Result], as_json: bool,
            text: Callable[[Result], str] | None = None) -> None:
    """Run a query, print its answer, and exit 1 if it is an illegal move or no path."""
    try:
        with collector_paused():  # the command ends soon after: nothing to collect
            result = make()
            answer = (encode_answer(result) if as_json
                      else result.to_text() if text is None else text(result))
    except WingbeatError as exc:
        failed(exc, as_json)
    if isinstance(answer, bytes):
        out.print_bytes(answer)
    else:
        out.print(answer, markup=False)
    if getattr(result, "legal", True) is False:
        raise typer.Exit(EXIT_REFUSED)


#: End states a reach table shows by default: the cheapest; --all shows every one.
REACH_ROWS = 40


@app.command(cls=Command)
def reach(scenario: ScenarioArg, creature: CreatureArg, json_: JsonOpt = False,
          no_checks: NoChecksOpt = False, option: OptionOpt = None,
          all_: Annotated[bool, typer.Option(
              "--all", help=f"List every end state, not just the {REACH_ROWS} cheapest.")] = False,
          format_: Annotated[str | None, typer.Option(
              "--format", metavar="json|jsonl",
              help="json: as --json; jsonl: a line of the reach's fields, then a line of JSON "
                   "for each end state.")] = None,
          ) -> None:
    """Everything the creature can reach this round, each at its least cost."""
    def find() -> Result:
        bounded(creature=creature)
        return _api.reach(_open(scenario), creature, **parse_query_options(option, no_checks))

    form = _reach_form(format_, json_)
    if form is None:
        _answer(find, False, text=None if all_ else _first_rows)
        return
    _stream(find, form)


def _reach_form(format_: str | None, json_: bool) -> str | None:
    """The form a reach is printed in: None (the table), ``json`` or ``jsonl``; a usage error,
    before any work, for any other ``--format``."""
    if format_ is None:
        return "json" if json_ else None
    wanted = format_.strip().lower()
    if wanted not in ("json", "jsonl"):
        from ._console import fail
        from .errors import shown

        fail(_("--format is json or jsonl, got {format}").format(format=shown(format_)),
             json_)
    return "jsonl" if wanted == "jsonl" else "json"


def _stream(make: Callable[[], Result], form: str) -> None:
    """``_answer`` for a JSON answer written as it is made (``_jsonout.answer_chunks``): a big
    reach's first bytes leave before its last are written, and its text is never held whole."""
    from ._jsonout import answer_chunks

    with collector_paused():  # the command ends soon after: nothing to collect
        try:
            result = make()
            chunks = answer_chunks(result, form)
            first = next(chunks)  # what can fail fails before the first byte
        except WingbeatError as exc:
            failed(exc, True)
        out.print_chunks(first, chunks, end=b"" if form == "jsonl" else b"\n")
    if getattr(result, "legal", True) is False:
        raise typer.Exit(EXIT_REFUSED)


def _first_rows(result: Result) -> str:
    from .rules.grid import ReachReport

    if isinstance(result, ReachReport):
        return result.to_text(limit=REACH_ROWS)
    return result.to_text()


@app.command(cls=Command)
def path(
    scenario: ScenarioArg,
    creature: CreatureArg,
    to: Annotated[str | None, typer.Option(
        "--to", metavar="CELL", help="Destination: a cell label (U35) or x,y.")] = None,
    altitude: Annotated[str | None, typer.Option(help="Altitude (or tier) to end at.")] = None,
    mode: Annotated[str | None, typer.Option(help="Mode to end in (hovering, moving …).")] = None,
    attack: Annotated[str | None, typer.Option(
        "--attack", metavar="CREATURE",
        help="Instead of --to: the cheapest place in melee with this creature, with the attack "
             "still to make (and advice's best place, when advice ranks another first).")
    ] = None,
    can_act: Annotated[bool, typer.Option(
        "--can-act", help="Only ways that leave the creature an attack this round.")] = False,
    via: Annotated[list[str] | None, typer.Option(
        "--via", metavar="CELL[@ALT]",
        help="A waypoint the way must pass through, in order (repeatable, up to 8; grid "
             "rulesets): U34 or U34@2.")] = None,
    json_: JsonOpt = False,
    no_checks: NoChecksOpt = False,
    option: OptionOpt = None,
) -> None:
    """The cheapest way to a destination (or to an attack position) this round, step by step;
    to an attack position, with advice's best place when advice ranks another first."""
    def find() -> Result:
        bounded(creature=creature, to=to, attack=attack, altitude=altitude, mode=mode,
                via=",".join(via) if via else None)
        opened = _open(scenario)
        options = parse_query_options(option, no_checks)
        found = _api.route(opened, creature, to=to, attack=attack, altitude=altitude,
                           mode=mode, can_act=can_act, via=via or None, **options)
        if attack is None:
            return found
        from .tactics import compare_attack

        return compare_attack(opened, creature, attack, found, options)

    _answer(find, json_)


@app.command(cls=Command)
def check(
    scenario: ScenarioArg,
    creature: CreatureArg,
    moves: Annotated[str, typer.Argument(help='The declared move, e.g. "U35 down hover".')],
    json_: JsonOpt = False,
    option: OptionOpt = None,
) -> None:
    """Is this declared move legal? Its cost, checks and what remains; or the rule it breaks."""
    def find() -> Result:
        bounded(creature=creature, moves=moves)
        return _api.check(_open(scenario), creature, moves, **parse_query_options(option))

    _answer(find, json_)


@app.command(cls=Command)
def engagement(
    scenario: ScenarioArg,
    a: Annotated[str, typer.Argument(help="One creature's id.")],
    b: Annotated[str, typer.Argument(help="The other creature's id.")],
    json_: JsonOpt = False,
) -> None:
    """Whether two creatures are in melee, reach-only, or not engaged."""
    def find() -> Result:
        bounded(a=a, b=b)
        return _api.engagement(_open(scenario), a, b)

    _answer(find, json_)


@app.command(cls=Command)
def examples() -> None:
    """List the built-in example scenarios (use them as example:NAME)."""
    for name in example_names():
        out.print(f"example:{name}", markup=False)


@app.command(cls=Command)
def schema(ruleset: Annotated[str | None, typer.Argument(
        help="One ruleset's scenario file (volare, dnd5e …); all of them when left out.")
        ] = None) -> None:
    """Print the JSON Schema of the scenario file, for editors (docs/scenario.md#editors)."""
    from .scenario.json_schema import schema_text

    try:
        text = schema_text(ruleset)
    except WingbeatError as exc:
        failed(exc, False)
    sys.stdout.write(text)


@app.command(cls=Command)
def demo() -> None:
    """Run the built-in giant bat example: reach, cheapest paths, move checks, engagement."""
    source = "example:giant-bat"
    scenario = _open(source)
    out.print(_("Scenario {source}: a giant bat (fly 8, medium) two levels up at T34, having "
                "flown in from T32; a chamois grazes at V36.").format(source=source) + "\n",
              markup=False)
    out.print("$ wingbeat reach example:giant-bat bat\n", markup=False)
    out.print(_first_rows(_api.reach(scenario, "bat")), markup=False)
    out.print("\n$ wingbeat path example:giant-bat bat --to U35 --altitude 1 --mode hovering\n",
              markup=False)
    out.print(_api.path(scenario, "bat", "U35", altitude=1, mode="hovering").to_text(),
              markup=False)
    out.print("\n$ wingbeat path example:giant-bat bat --attack chamois --no-checks\n",
              markup=False)
    out.print(_api.attack_path(scenario, "bat", "chamois", no_checks=True).to_text(),
              markup=False)
    out.print('\n$ wingbeat check example:giant-bat bat "U35 down hover"\n', markup=False)
    out.print(_api.check(scenario, "bat", "U35 down hover").to_text(), markup=False)
    out.print('\n$ wingbeat check example:giant-bat bat "U35 U33"\n', markup=False)
    out.print(_api.check(scenario, "bat", "U35 U33").to_text(), markup=False)
    out.print("\n$ wingbeat engagement example:giant-bat bat chamois\n", markup=False)
    out.print(_api.engagement(scenario, "bat", "chamois").to_text(), markup=False)


#: Modules that add their own commands with ``register(app)``: the faces that live apart
#: (render, web, play, import, threat and advise). Each is a thin layer over the library too.
_EXTENSIONS: tuple[str, ...] = ("wingbeat.render.commands", "wingbeat.web.commands",
                                 "wingbeat.play.commands", "wingbeat.importers.commands",
                                 "wingbeat.tactics.commands")


def _register_extensions() -> None:
    from importlib import import_module

    for name in _EXTENSIONS:
        import_module(name).register(app)


_register_extensions()


def main() -> None:
    """Console entry point (``wingbeat`` and ``python -m wingbeat``): no traceback ever reaches
    the user for bad input."""
    from .i18n import set_language

    lang, args = _language_from(sys.argv[1:])
    set_language(lang)
    try:
        app(args=args, prog_name="wingbeat")
    except WingbeatError as exc:  # pragma: no cover - commands catch their own
        err.print(error_line(str(exc)), markup=False)
        sys.exit(exc.exit_code)


if __name__ == "__main__":  # pragma: no cover
    main()
