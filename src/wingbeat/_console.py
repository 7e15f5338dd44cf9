"""What every command of the ``wingbeat`` CLI shares: its output, its failure, its options, and
the way its help and usage errors read.

The faces that register their own commands (render, serve, play) use these too, so a bad input reads
the same wherever it is typed. Nothing here imports more than Typer: ``wingbeat check`` starts in a
fraction of the time the web stack alone takes to import.
"""

from __future__ import annotations

import inspect
import json
import math
import re
import sys
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Annotated, Any, NoReturn, TextIO

import typer

# Typer vendors click as ``typer._click``: its exception classes are how a usage error is told
# from a command's own exit.
from typer._click import Context, HelpFormatter
from typer._click.exceptions import ClickException, NoArgsIsHelpError, NoSuchOption, UsageError
from typer._click.utils import make_default_short_help
from typer._coercion import RuntimeParam, TypeDescriptor, build_runtime_param
from typer.core import TyperArgument, TyperCommand, TyperGroup, TyperOption

from ._records import dataclass
from .errors import (
    EXIT_BAD_INPUT,
    OptionError,
    WingbeatError,
    one_line,
    printable,
    printable_bytes,
    shown,
)
from .i18n import N_, _, language, reworded

__all__ = ["Command", "Group", "JsonOpt", "NoChecksOpt", "OptionOpt", "ScenarioArg",
           "bounded", "command_group", "err", "fail", "failed", "help_message", "out",
           "parse_query_options", "usage_line"]

#: The arguments and options several commands take, with one help text wherever they are typed.
ScenarioArg = Annotated[str, typer.Argument(
    help="Scenario file (YAML or JSON), or a built-in one: example:giant-bat.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON for machines.")]
NoChecksOpt = Annotated[bool, typer.Option(
    "--no-checks", help="Leave out every way that needs a save.")]
OptionOpt = Annotated[list[str] | None, typer.Option(
    "--option", metavar="KEY=VALUE", help="A ruleset query option (repeatable).")]


class _Plain:
    """A stream written as it is: answers are plain text or JSON, and a big reach's JSON
    (megabytes) must not go through a layout engine. The stream is looked up at each write, so a
    test runner that swaps ``sys.stdout`` sees it.

    Whatever is written is ``errors.printable``: a name's escape sequence never reaches the
    terminal, a lone surrogate never reaches an encoder, and a JSON answer stays valid UTF-8
    JSON (``\\ud800``, ``\\u009b`` are JSON escapes)."""

    def __init__(self, name: str):
        self._name = name

    def print(self, text: str, *, markup: bool = False) -> None:
        del markup
        stream: TextIO = getattr(sys, self._name)
        stream.write(printable(text))
        stream.write("\n")
        stream.flush()

    def print_bytes(self, data: bytes) -> None:
        """UTF-8 JSON already encoded (a big reach's: megabytes), written as it is rather than
        decoded only to be encoded again (unless a name in it holds what ``print`` escapes)."""
        stream: TextIO = getattr(sys, self._name)
        raw = getattr(stream, "buffer", None)
        if raw is None or (stream.encoding or "").replace("-", "").lower() != "utf8" or (
                not printable_bytes(data, json=True)):
            self.print(data.decode("utf-8", "surrogatepass"))
            return
        stream.flush()
        raw.write(data)
        raw.write(b"\n")
        raw.flush()

    def print_chunks(self, *chunks: Iterable[bytes] | bytes, end: bytes = b"\n") -> None:
        """``print_bytes`` for an answer written in pieces (``_jsonout.answer_chunks``), each
        written as it comes: a big reach's first bytes leave before its last are made. A piece
        holding what ``print`` escapes is escaped alone: pieces end between characters.
        ``end``: what follows the last (JSON Lines end their last line themselves)."""
        stream: TextIO = getattr(sys, self._name)
        raw = getattr(stream, "buffer", None)
        if raw is not None and (stream.encoding or "").replace("-", "").lower() != "utf8":
            raw = None
        stream.flush()
        first = True
        count = 0
        for part in chunks:
            for chunk in (part,) if isinstance(part, bytes) else part:
                count += 1
                if count == 3 and raw is not None:  # a big answer: more pieces to come
                    _widen_pipe(raw)
                if raw is not None and printable_bytes(chunk, json=True):
                    raw.write(chunk)
                elif raw is not None:
                    raw.write(printable(chunk.decode("utf-8", "surrogatepass")).encode())
                else:
                    stream.write(printable(chunk.decode("utf-8", "surrogatepass")))
                if first:  # the answer's start leaves now, not with the next megabyte
                    (raw or stream).flush()
                    first = False
        if raw is not None:
            raw.write(end)
            raw.flush()
        else:
            stream.write(end.decode())
            stream.flush()


#: The bytes a pipe that a big answer goes into is asked to hold (``_widen_pipe``): Linux's
#: most for a process without privileges (``/proc/sys/fs/pipe-max-size``), 16 times its own.
PIPE_BYTES = 1 << 20


def _widen_pipe(raw: Any) -> None:
    """Let the pipe ``raw`` writes into hold ``PIPE_BYTES`` (Linux ``F_SETPIPE_SZ``), for a big
    answer written in pieces: the writer then hands a piece over and makes the next while the
    reader still reads, where a 64 KB pipe held it until the reader had nearly caught up (the
    26 MB reach read from a pipe: a tenth less CPU, and its end sooner; docs/performance.md).
    Anything else (a file, a terminal, a pipe that may not grow, another system) stays as it
    is."""
    import os
    import stat

    try:
        import fcntl
    except ImportError:  # Windows: its pipes stay as they are
        return
    widen = getattr(fcntl, "F_SETPIPE_SZ", None)
    try:
        fd = raw.fileno()
        if widen is not None and stat.S_ISFIFO(os.fstat(fd).st_mode):
            fcntl.fcntl(fd, widen, PIPE_BYTES)
    except (OSError, ValueError, AttributeError):  # no descriptor, or no room to grow
        pass


out = _Plain("stdout")
err = _Plain("stderr")


def fail(message: str, as_json: bool) -> NoReturn:
    """Bad input: the message on stderr (and as JSON on stdout with --json), exit code 2."""
    failed(WingbeatError(message), as_json)


def failed(exc: WingbeatError, as_json: bool) -> NoReturn:
    """The one way a command ends on an error, with the error's own exit code
    (``errors.WingbeatError.exit_code``): bad input says its message on stderr (and its JSON on
    stdout with --json); a refusal (exit 1) is an answer, said on stdout as JSON or text."""
    if exc.exit_code == EXIT_BAD_INPUT:
        if as_json:
            out.print(json.dumps(exc.to_dict(), ensure_ascii=False), markup=False)
        err.print(error_line(str(exc)), markup=False)
    else:
        from ._jsonout import dumps

        out.print(dumps(exc.to_dict()) if as_json else exc.to_text(), markup=False)
    raise typer.Exit(exc.exit_code)


#: Names a command takes as its own arguments (``path --to``, ``check``'s MOVES …): as an
#: ``--option`` key each would reach the library twice (a ``TypeError``), so it is refused.
COMMAND_ARGUMENTS = frozenset({"scenario", "creature", "to", "attack", "altitude", "mode",
                               "can_act", "moves", "target", "options"})
#: The longest ``--option`` key, and value, in characters: no option needs more, and a
#: 5,000-digit number is refused before it is converted.
MAX_OPTION_KEY = 40
MAX_OPTION_VALUE = 100
#: The most ``--option`` pairs one command takes.
MAX_OPTIONS = 50


def parse_query_options(pairs: list[str] | None, no_checks: bool = False) -> dict[str, Any]:
    """``["diagonals=dmg", "dash=true"]`` → ``{"diagonals": "dmg", "dash": True}``.

    Refused before anything converts: a key that is one of the command's own arguments
    (``to=U31``: give ``--to``), a key or value too long, a number that is not finite."""
    options: dict[str, Any] = {}
    if pairs is not None and len(pairs) > MAX_OPTIONS:
        raise OptionError(_("at most {most} --option pairs, got {count}").format(
            most=MAX_OPTIONS, count=len(pairs)))
    for pair in pairs or []:
        key, sep, raw = pair.partition("=")
        if not sep or not key.strip():
            raise OptionError(_("expected --option KEY=VALUE, got {pair}").format(
                pair=shown(pair)))
        if len(key) > MAX_OPTION_KEY or len(raw) > MAX_OPTION_VALUE:
            raise OptionError(_("--option {key}: a key is at most {most_key} characters and a "
                                "value at most {most_value}, got {key_length} and "
                                "{value_length}").format(
                key=shown(key, 20), most_key=MAX_OPTION_KEY, most_value=MAX_OPTION_VALUE,
                key_length=len(key), value_length=len(raw)))
        name = key.strip().replace("-", "_")
        if name in COMMAND_ARGUMENTS:
            raise OptionError(_("--option {name}=… names the command's own argument, not a "
                                "ruleset option: give it as {flag} (see --help)").format(
                name=name, flag=_flag(name)))
        options[name] = _value(raw.strip(), name)
    if no_checks:
        options["no_checks"] = True
    return options


#: The longest id, label, altitude or mode a command takes on its command line, in characters,
#: and the longest declared move: checked before anything reads them, so a 5,000-digit label or
#: altitude is refused in one short line (a label is at most 12, ``geometry.labels``).
MAX_ARGUMENT = 200
MAX_MOVES = 2_000


def bounded(**arguments: str | None) -> None:
    """Refuse a command-line argument longer than ``MAX_ARGUMENT`` (``moves``: ``MAX_MOVES``)
    before it is converted or looked up."""
    for name, value in arguments.items():
        limit = MAX_MOVES if name == "moves" else MAX_ARGUMENT
        if value is not None and len(value) > limit:
            raise OptionError(_("{flag} is at most {most} characters, got {count}: "
                                "{value}").format(flag=_flag(name), most=_grouped(limit),
                                                  count=_grouped(len(value)),
                                                  value=shown(value, 20)))


def _grouped(number: int) -> str:
    from .narrate import grouped  # (and the model) only when a too long argument is said

    return grouped(number)


#: The arguments a command takes in place (``check SCENARIO CREATURE MOVES``), not as ``--name``.
_POSITIONAL = frozenset({"scenario", "creature", "moves", "a", "b", "target"})


def _flag(name: str) -> str:
    """How a user gives the argument ``name``: ``CREATURE`` in its place, or ``--can-act``."""
    return name.upper() if name in _POSITIONAL else "--" + name.replace("_", "-")


def _value(raw: str, name: str) -> Any:
    lowered = raw.lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    for kind in (int, float):
        try:
            number = kind(raw)
        except ValueError:
            continue
        if isinstance(number, float) and not math.isfinite(number):
            raise OptionError(_("--option {name}: expected a finite number, got "
                                "{value}").format(name=name, value=shown(raw)))
        return number
    return raw


# -- help and usage ------------------------------------------------------------------------------
# Typer's own help prints each value's Python type (``<str>``, ``<list[str]>``) and wraps required
# arguments in braces; a Python user expects ``Usage: wingbeat check [OPTIONS] SCENARIO CREATURE
# MOVES`` and ``--db FILE``. These classes name every value in capitals (an option's metavar when
# it gives one) and leave the types out.

def _name_values(params: Sequence[Any]) -> None:
    for param in params:
        takes_value = isinstance(param, TyperArgument) or (
            isinstance(param, TyperOption) and not param.is_flag and not param.count)
        if takes_value and param.metavar is None:
            param.metavar = (param.name or "value").upper()


def _argument_name(param: TyperArgument) -> str:
    name = param.metavar or (param.name or "value").upper()
    return name + ("..." if param.nargs != 1 else "")


# -- values ---------------------------------------------------------------------------------------
# Typer checks every value it hands a command with a pydantic ``TypeAdapter``, built on first use:
# importing pydantic and building the adapters is most of what ``wingbeat check`` would spend before
# it reads the scenario. A text, a flag, a path or a list of texts needs no checking, so those take
# the lean way; anything else (a number given on the command line) still goes through Typer's own.

_LEAN = (str, bool, Path, list[str])


@dataclass(frozen=True)
class _LeanValue(RuntimeParam):
    """A parameter value taken as the command line gave it, or Typer's own check for the rest."""

    descriptor: TypeDescriptor

    def _coerce_value(self, value: Any, param: Any, ctx: Context) -> Any:
        kind = self.annotation
        if kind is str and isinstance(value, str):
            return value
        if kind is bool and isinstance(value, bool):
            return value
        if kind is Path and isinstance(value, str | Path):
            return Path(value)
        if kind == list[str] and isinstance(value, list | tuple) and all(
                isinstance(item, str) for item in value):
            return list(value)
        return build_runtime_param(self.descriptor).coerce(value, param=param, ctx=ctx)


def _lean_values(params: Sequence[Any]) -> None:
    for param in params:
        if not isinstance(param, TyperArgument | TyperOption):
            continue
        descriptor = param.type_descriptor
        if param._runtime_param is None and descriptor.annotation in _LEAN and (
                not descriptor.is_file and descriptor.parameter_info.parser is None):
            param._runtime_param = _LeanValue(parameter_info=descriptor.parameter_info,
                                              annotation=descriptor.annotation,
                                              descriptor=descriptor)


# -- the help in the user's language ----------------------------------------------------------
# A command's help (its docstring), its parameters' ``help=`` and the help's own words (Usage,
# Options …) are said when the help is shown, in the language of the moment (``cli.main`` sets it
# before the app runs): they are written in English where each command is defined, and
# ``scripts/messages.py`` walks the command tree to put every one of them in the ``wingbeat``
# catalog. The English help reads exactly as click would write it.

_PARAGRAPH = r"\n[ \t]*\n"  # compiled on first use (re's cache): only help needs it


def help_message(text: str) -> str:
    """The catalog's message for a help text: the docstring cleaned of its indentation, up to a
    form feed, each paragraph on one line (the help rewraps a paragraph's lines anyway)."""
    paragraphs = re.split(_PARAGRAPH, inspect.cleandoc(text).partition("\f")[0].strip("\n"))
    return "\n\n".join(" ".join(line.strip() for line in p.splitlines()) for p in paragraphs)


def _said(text: str | None) -> str:
    """A help text as the current language says it ("" for none)."""
    return _(help_message(text)) if text else ""


def _deprecated(command: Any, text: str) -> str:
    if not command.deprecated:
        return text
    note = (f"(DEPRECATED: {command.deprecated})" if isinstance(command.deprecated, str)
            else "(DEPRECATED)")
    return f"{text} {note}"


_EXTRAS = r"(?P<space>\s*)\[(?P<extras>[^\[\]]*)\]"  # (as _PARAGRAPH)


def _said_record(param: Any, help_text: str) -> str:
    """A parameter's help as its help record writes it (its ``help=`` then click's
    ``[default: 8000; required]``), in the current language."""
    own = param.help or ""
    if not help_text.startswith(own):
        return help_text
    said, rest = _said(own), help_text[len(own):]
    found = re.fullmatch(_EXTRAS, rest)
    if found is None:
        return said + rest
    extras = []
    for extra in found["extras"].split("; "):
        if extra == "required":
            # Translators: in an option's help, "[required]".
            extra = _("required")
        elif extra.startswith("default: "):
            # Translators: in an option's help, "[default: 8000]": the value as it is typed.
            extra = _("default: {default}").format(default=extra.removeprefix("default: "))
        extras.append(extra)
    return "{help}{space}[{extras}]".format(help=said, space=found["space"],
                                          extras="; ".join(extras))


def _format_usage(command: Any, ctx: Context, formatter: HelpFormatter) -> None:
    # Translators: the help's first word, before "wingbeat check [OPTIONS] SCENARIO …".
    prefix = _("Usage:") + " "
    formatter.write_usage(ctx.command_path, " ".join(command.collect_usage_pieces(ctx)),
                          prefix=prefix)


def _format_help_text(command: Any, ctx: Context, formatter: HelpFormatter) -> None:
    text = _deprecated(command, _said(command.help))
    if text:
        formatter.write_paragraph()
        with formatter.indentation():
            formatter.write_text(text)


def _short_help(command: Any, limit: int) -> str:
    if command.short_help:
        text = inspect.cleandoc(_said(command.short_help))
    elif command.help:
        text = make_default_short_help(_said(command.help), limit)
    else:
        text = ""
    return _deprecated(command, text).strip()


@contextmanager
def _section(formatter: HelpFormatter, title: str) -> Iterator[None]:
    """One of the help's sections (``formatter.section``), its title in the current language
    with the language's own colon (``Options :`` in French)."""
    # Translators: the titles of the help's sections (wingbeat check --help), with their colon.
    titles = {"Arguments": _("Arguments:"), "Options": _("Options:"), "Commands": _("Commands:")}
    formatter.write_paragraph()
    formatter.write(f"{'':>{formatter.current_indent}}{titles[title]}\n")
    formatter.indent()
    try:
        yield
    finally:
        formatter.dedent()


class _SaidHelp:
    """A command's or a group's usage, help and short help, said in the language of the moment
    (``_format_usage``, ``_format_help_text``, ``_short_help``)."""

    def format_usage(self, ctx: Context, formatter: HelpFormatter) -> None:
        _format_usage(self, ctx, formatter)

    def format_help_text(self, ctx: Context, formatter: HelpFormatter) -> None:
        _format_help_text(self, ctx, formatter)

    def get_short_help_str(self, limit: int = 45) -> str:
        return _short_help(self, limit)


class Command(_SaidHelp, TyperCommand):
    """A command whose usage line and help name values in capitals, without Python types."""

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        _name_values(self.params)

    def get_params(self, ctx: Context) -> list[Any]:
        params: list[Any] = super().get_params(ctx)
        _lean_values(params)  # --help is added here, the others at __init__
        return params

    def collect_usage_pieces(self, ctx: Context) -> list[str]:
        pieces = [self.options_metavar] if self.options_metavar else []
        for param in self.get_params(ctx):
            if isinstance(param, TyperArgument):
                name = _argument_name(param)
                pieces.append(name if param.required else f"[{name}]")
        return pieces

    def format_options(self, ctx: Context, formatter: HelpFormatter) -> None:
        arguments: list[tuple[str, str]] = []
        options: list[tuple[str, str]] = []
        for param in self.get_params(ctx):
            record = param.get_help_record(ctx)
            if record is None:
                continue
            if isinstance(param, TyperArgument):
                arguments.append((_argument_name(param), _said(param.help)))
            else:
                options.append((record[0], _said_record(param, record[1])))
        for title, rows in (("Arguments", arguments), ("Options", options)):
            if rows:
                with _section(formatter, title):
                    # no line break inside example:giant-bat or --altitude: wrap as if each
                    # hyphen were a letter
                    formatter.write_dl([(n, h.replace("-", _HYPHEN)) for n, h in rows])
        formatter.buffer[:] = [part.replace(_HYPHEN, "-") for part in formatter.buffer]


_HYPHEN = "\u2011"  # a non-breaking hyphen, which no help text uses


class Group(_SaidHelp, TyperGroup):
    """A command group whose usage errors are one line on stderr and exit code 2.

    Typer prints a usage error as a boxed panel (or click's three lines); a shell user expects
    ``wingbeat: error: No such option: -o (see wingbeat check --help)``.
    """

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        _name_values(self.params)

    def get_params(self, ctx: Context) -> list[Any]:
        params: list[Any] = super().get_params(ctx)
        _lean_values(params)  # --help and the completion options are added after __init__
        return params


    def format_options(self, ctx: Context, formatter: HelpFormatter) -> None:
        arguments: list[tuple[str, str]] = []
        options: list[tuple[str, str]] = []
        for param in self.get_params(ctx):
            record = param.get_help_record(ctx)
            if record is not None:
                rows = arguments if param.param_type_name == "argument" else options
                rows.append((record[0], _said_record(param, record[1])))
        for title, rows in (("Arguments", arguments), ("Options", options)):
            if rows:
                with _section(formatter, title):
                    formatter.write_dl(rows)
        self.format_commands(ctx, formatter)

    def format_commands(self, ctx: Context, formatter: HelpFormatter) -> None:
        commands = [(name, command) for name in self.list_commands(ctx)
                    if (command := self.get_command(ctx, name)) is not None
                    and not command.hidden]
        if commands:
            # as click: three times the default spacing
            limit = formatter.width - 6 - max(len(name) for name, _command in commands)
            with _section(formatter, "Commands"):
                formatter.write_dl([(name, command.get_short_help_str(limit))
                                    for name, command in commands])

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True,
             windows_expand_args: bool = True, **extra: Any) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
        try:
            code = super().main(args, prog_name, complete_var, False, windows_expand_args,
                                **extra)
        except NoArgsIsHelpError as exc:
            exc.show()
            sys.exit(exc.exit_code)
        except UsageError as exc:
            err.print(usage_line(exc))
            sys.exit(exc.exit_code)
        except ClickException as exc:
            err.print(one_line(_("{program}: error: {message}").format(
                program="wingbeat", message=exc.format_message())))
            sys.exit(exc.exit_code)
        except typer.Abort:
            err.print(_("Aborted!"))
            sys.exit(1)
        # Outside standalone mode Typer hands back an ``Exit``'s code; the commands return None.
        sys.exit(code if isinstance(code, int) else 0)


def command_group(name: str, help: str, **settings: Any) -> typer.Typer:
    """A Typer app of commands (``wingbeat``, ``wingbeat play``) as every one of them reads:
    usage errors on one line (``Group``), its help when given no command, no Rich markup or
    pretty tracebacks; ``settings``: any other of Typer's."""
    return typer.Typer(name=name, cls=Group, help=help, no_args_is_help=True,
                       rich_markup_mode=None, pretty_exceptions_enable=False, **settings)


#: Typer's click writes its usage errors in English f-strings, each of one of these forms (typer
#: is pinned below 0.30): said again in the language of the moment (``said_usage``). The
#: problem of an invalid value is one of ``_VALUE_PROBLEMS``, or said as it came.
_USAGE_FORMS_SOURCE = (
    (r"No such option: (?P<option>\S+) \(Possible options: (?P<possible>.+)\)$",
     N_("no such option: {option} (possible options: {possible})")),
    (r"No such option: (?P<option>\S+)$", N_("no such option: {option}")),
    (r"Missing argument (?P<name>.+?)(?:\. .+)?$", N_("missing argument {name}")),
    (r"Missing option (?P<name>.+?)(?:\. .+)?$", N_("missing option {name}")),
    (r"Got unexpected extra argument(?:\(s\)|s)? \((?P<extra>.*)\)$",
     N_("unexpected extra arguments ({extra})")),
    (r"No such command (?P<command>.+)$", N_("no such command {command}")),
    (r"Option (?P<option>'[^']+') requires an argument$",
     N_("option {option} needs a value")),
    (r"Option (?P<option>'[^']+') requires (?P<count>\d+) arguments$",
     N_("option {option} needs {count} values")),
    (r"Option (?P<option>'[^']+') does not take a value$",
     N_("option {option} takes no value")),
    (r"Invalid value for (?P<name>.+?): (?P<problem>.+)$",
     N_("invalid value for {name}: {problem}")),
)
_VALUE_PROBLEMS_SOURCE = (
    (r"Input should be a valid integer.*$", N_("a whole number is expected")),
    (r"Input should be a valid number.*$", N_("a number is expected")),
    (r"(?P<value>.+) is not a valid (?:integer|float)$",
     N_("{value} is not a number")),
    (r"(?P<value>.+) is not one of (?P<choices>.+)$",
     N_("{value} is not one of {choices}")),
    (r"(?P<value>.+) is not in the range (?P<range>.+)$",
     N_("{value} is not in the range {range}")),
)


@cache
def _forms(which: str) -> tuple[tuple[re.Pattern[str], str], ...]:
    """``_USAGE_FORMS_SOURCE`` or ``_VALUE_PROBLEMS_SOURCE`` compiled, on the first usage error
    said in another language (a dozen patterns a command that reads well need not compile)."""
    source = _USAGE_FORMS_SOURCE if which == "usage" else _VALUE_PROBLEMS_SOURCE
    return tuple((re.compile(pattern), message) for pattern, message in source)


def said_usage(message: str) -> str:
    """A usage error of Typer's click (English) said in the current language; as it came in
    English, or when it is of no known form."""
    found = reworded(message, _forms("usage"), _) if language() != "en" else None
    if found is None:
        return message
    said, fields = found
    if "problem" in fields:
        problem = fields["problem"].rstrip(".")
        value = reworded(problem, _forms("value"), _)
        fields["problem"] = problem if value is None else value[0].format(**value[1])
    return said.format(**fields)


def usage_line(exc: UsageError) -> str:
    """``wingbeat: error: No such option: -o (see wingbeat check --help)``: one line."""
    message = said_usage(" ".join(exc.format_message().split()).rstrip("."))
    ctx = exc.ctx
    if (isinstance(exc, NoSuchOption) and exc.option_name == "-o" and ctx is not None
            and any("--option" in p.opts for p in ctx.command.params)):
        message = _("{message}; a query option is --option KEY=VALUE").format(message=message)
    if ctx is None:
        return one_line(_("{program}: error: {message}").format(program="wingbeat",
                                                               message=message))
    program = ctx.find_root().info_name or "wingbeat"
    return one_line(_("{program}: error: {message} (see {command} --help)").format(
        program=program, message=message, command=ctx.command_path))


def error_line(message: str) -> str:
    """``error: …``: bad input as the command line says it on stderr, on one line."""
    return _("error: {message}").format(message=one_line(message))
