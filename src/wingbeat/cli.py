"""The ``wingbeat`` command: a thin layer over the library.

One place (``_answer``/``main``) turns a ``WingbeatError`` into its message and exit code
(``_console.failed``: 2 bad input), an illegal move into exit code 1; nothing else here knows any
rule.
"""

# (no ``from __future__ import annotations``: Typer reads each command's annotations, and as
# strings it would compile and evaluate every one of them, a millisecond or two of a short command
# (issue 29); as written they are evaluated once, as the functions are made)

import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated

# numpy (under shapely: the tabletop rulesets) starts one OpenBLAS thread per core, and they spin
# for 60 ms of CPU while it loads; no command does linear algebra. A user's own setting wins.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

# first: what Typer imports and a command never uses runs on first use (_deferred.STARTUP)
from . import _deferred  # noqa: F401

# isort: split
import typer

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
from ._deferred import resume as _resume_collecting
from .errors import EXIT_REFUSED, WingbeatError
from .examples import example_names
from .i18n import _

if TYPE_CHECKING:  # annotations only (no command's parameter)
    from .model import Scenario
    from .rules.base import Result

__all__ = ["app", "main"]

app = command_group(
    "wingbeat", "Exact flying movement for tabletop games: reach, cheapest paths, move checks.")

CreatureArg = Annotated[str, typer.Argument(help="The creature's id in the scenario.")]


def _version(value: bool) -> None:
    if value:
        # the package's own number, not importlib.metadata's (8 ms of imports): the two are
        # one (tests/test_import_cost.py)
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


def _open(where: str) -> "Scenario":
    """The scenario a command names, through the CLI's cache of validated scenarios."""
    from .scenario._cache import open_cached

    return open_cached(where)


def _answer(make: "Callable[[], Result]", as_json: bool,
            text: "Callable[[Result], str] | None" = None) -> None:
    """Run a query, print its answer, and exit 1 if it is an illegal move or no path."""
    try:
        with collector_paused():  # the command ends soon after: nothing to collect
            result = make()
            if as_json:
                from ._jsonout import encode_answer  # (orjson: only for a JSON answer)
            answer = (encode_answer(result) if as_json
                      else result.to_text() if text is None else text(result))
            _kept_to_the_end()
    except WingbeatError as exc:
        failed(exc, as_json)
    if isinstance(answer, bytes):
        out.print_bytes(answer)
    else:
        out.print(answer, markup=False)
    if getattr(result, "legal", True) is False:
        raise typer.Exit(EXIT_REFUSED)


#: Whether this process ends with the command it runs (``main``, the console script), not a
#: program that runs commands in its own process (Typer's ``CliRunner``), which keeps collecting.
_ENDS_WITH_COMMAND = False


def _kept_to_the_end() -> None:
    """What the command made while the collector waited (the answer, and the modules its question
    imported: numpy's and shapely's for a tabletop reach) lives until the process ends with the
    answer: it joins start-up's, out of the collector's reach (``gc.freeze``), so the collection
    the collector would start as soon as it is on again does not walk it all for nothing (2 to 7
    ms of a short command, issue 29). Only cyclic garbage waits for the exit; the rest is freed
    as ever. Only when the process ends with the command (``main``)."""
    if _ENDS_WITH_COMMAND:
        import gc

        gc.freeze()


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
    def find() -> "Result":
        from . import _api  # (the registry: not for --version or schema)

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


def _stream(make: "Callable[[], Result]", form: str) -> None:
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
        _kept_to_the_end()
    if getattr(result, "legal", True) is False:
        raise typer.Exit(EXIT_REFUSED)


def _first_rows(result: "Result") -> str:
    # a grid's reach (the one with a table of rows) exists only once its module ran: a tabletop
    # reach does not import the grid search to be told it is none (issue 29)
    grid = sys.modules.get("wingbeat.rules.grid")
    if grid is not None and isinstance(result, grid.ReachReport):
        text: str = result.to_text(limit=REACH_ROWS)
        return text
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
    def find() -> "Result":
        bounded(creature=creature, to=to, attack=attack, altitude=altitude, mode=mode,
                via=",".join(via) if via else None)
        from . import _api

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
    def find() -> "Result":
        from . import _api

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
    def find() -> "Result":
        from . import _api

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
    from . import _api

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
#: (render, web, play, import, threat and advise), each a thin layer over the library too, and
#: the commands each adds (a group's: ``play`` and each ``play X``), so a command loads only its
#: own (tests/test_import_cost.py checks this table against what each registers).
_EXTENSIONS: dict[str, tuple[str, ...]] = {
    "wingbeat.render.commands": ("render",),
    "wingbeat.web.commands": ("serve",),
    "wingbeat.play.commands": ("play", *(f"play {name}" for name in (
        "new", "move", "condition", "reveal", "next-round", "undo", "show", "log", "replay",
        "list"))),
    "wingbeat.importers.commands": ("import",),
    "wingbeat.tactics.commands": ("threat", "advise", "play suggest"),
}

# ``app``, every command, is complete when first asked for (``__getattr__``): importing this
# module registers only the commands above, so a short command does not import the faces it
# does not use (issue 29). ``main`` builds only the command it runs (``_app_for``).
_core = app
del app
_complete: typer.Typer | None = None


def __getattr__(name: str) -> typer.Typer:
    if name != "app":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    global _complete
    if _complete is None:
        from importlib import import_module

        for module in _EXTENSIONS:
            import_module(module).register(_core)
        _complete = _core
    return _complete


def _name_of(info: typer.models.CommandInfo) -> str | None:
    """The name a registered command is typed by (Typer's: its function's, dashed)."""
    from typer.main import get_command_name

    if info.name:
        return info.name
    return None if info.callback is None else get_command_name(info.callback.__name__)


def _app_for(args: list[str]) -> typer.Typer:
    """The app that runs ``args``: only the command they name (with ``--version`` alone, none),
    so Typer builds one command, not all of them; every command for the root's help, shell
    completion, or a name no command has (its error lists the others)."""
    import copy
    import os

    name = args[0] if args and not args[0].startswith("-") else None
    completing = "_WINGBEAT_COMPLETE" in os.environ  # Typer's shell completion
    modules = _modules_for(args)
    if completing or (name is None and args != ["--version"]) or (
            name is not None and not modules
            and all(_name_of(info) != name for info in _core.registered_commands)):
        return __getattr__("app")
    one = copy.copy(_core)
    one.registered_commands = [info for info in _core.registered_commands
                               if _name_of(info) == name]
    one.registered_groups = []
    if modules:
        from importlib import import_module

        for module in modules:
            import_module(module).register(one)
        one.registered_groups = [_one_of(group, args[1:]) for group in one.registered_groups]
    return one


def _one_of(group: typer.models.TyperInfo, args: list[str]) -> typer.models.TyperInfo:
    """A group (``play``) with only the subcommand ``args`` name (``show``), so Typer builds that
    one alone; the whole group for its own help, or a name none of its commands has."""
    name = args[0] if args and not args[0].startswith("-") else None
    whole = group.typer_instance
    if name is None or whole is None or whole.registered_groups:
        return group
    chosen = [info for info in whole.registered_commands if _name_of(info) == name]
    if not chosen:
        return group
    import copy

    alone = copy.copy(whole)
    alone.registered_commands = chosen
    narrowed = copy.copy(group)
    narrowed.typer_instance = alone
    return narrowed


def _modules_for(args: list[str]) -> list[str]:
    """The extension modules the command ``args`` names needs: the one that adds it, or for a
    group's subcommand the one that adds that (all of the group's for its help, or a name none
    adds)."""
    if not args or args[0].startswith("-"):
        return []
    group = [module for module, paths in _EXTENSIONS.items()
             if any(path.split()[0] == args[0] for path in paths)]
    if len(args) > 1 and not args[1].startswith("-"):
        one = [module for module in group if f"{args[0]} {args[1]}" in _EXTENSIONS[module]]
        if one:
            return [m for m in group if m in one or args[0] in _EXTENSIONS[m]]
    return group


def main() -> None:
    """Console entry point (``wingbeat`` and ``python -m wingbeat``): no traceback ever reaches
    the user for bad input."""
    from .i18n import set_language

    global _ENDS_WITH_COMMAND
    lang, args = _language_from(sys.argv[1:])
    set_language(lang)
    _ENDS_WITH_COMMAND = True
    try:
        with collector_paused():  # the command's own modules: more of start-up (_deferred)
            command = _app_for(args)
        command(args=args, prog_name="wingbeat")
    except WingbeatError as exc:  # pragma: no cover - commands catch their own
        err.print(error_line(str(exc)), markup=False)
        sys.exit(exc.exit_code)
    finally:
        # the process ends with the command: what it made (numpy's and shapely's modules for a
        # tabletop reach) goes with the process, and the collector's passes at shutdown would
        # only walk it first (5-6 ms of a tabletop reach, issue 29), as start-up's objects are
        # already kept out of them (_deferred.resume)
        _kept_to_the_end()


# start-up is over: the collector paused by _deferred on again, with what start-up made (Typer, the
# command tree) out of its reach
_resume_collecting()

if __name__ == "__main__":  # pragma: no cover
    main()
