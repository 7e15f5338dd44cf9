"""``wingbeat render``: the map as SVG, with a creature's reach and a path or a checked move."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from .._console import Command, NoChecksOpt, OptionOpt, ScenarioArg
from ..i18n import _

__all__ = ["register", "render_command"]


#: The longest --altitude read, in characters: no map has more than a few hundred levels, and a
#: 5,000-digit altitude is refused before ``int`` reads it.
MAX_ALTITUDE_LENGTH = 8


def _altitude(text: str | None) -> int | None:
    from ..errors import NotationError, shown

    if text is None or text.strip().lower() in ("all", "best", "any"):
        return None
    if len(text) > MAX_ALTITUDE_LENGTH:
        raise NotationError(_("expected a whole number of at most {most} characters or 'all' "
                              "for --altitude, got {value}").format(most=MAX_ALTITUDE_LENGTH,
                                                                    value=shown(text, 20)))
    try:
        return int(text)
    except ValueError:
        raise NotationError(_("expected a whole number or 'all' for --altitude, got "
                              "{value}").format(value=shown(text))) from None


def render_command(
    scenario: ScenarioArg,
    creature: Annotated[str | None, typer.Argument(
        help="Colour this creature's reach by least cost.")] = None,
    output: Annotated[Path | None, typer.Option(
        "--output", "-o", metavar="FILE.svg|FILE.png",
        help="Write the picture to this file (default: standard output, when it is not a "
             "terminal).")] = None,
    format_: Annotated[str | None, typer.Option(
        "--format", metavar="svg|png",
        help="svg (text) or png (an image); the default is the output file's ending, else "
             "svg.")] = None,
    altitude: Annotated[str | None, typer.Option(
        help="Show the reach at this altitude only; 'all' (the default) shows the best over "
             "all altitudes.")] = None,
    to: Annotated[str | None, typer.Option(
        "--to", metavar="CELL",
        help="Also draw the cheapest path to this cell (at --altitude if given).")] = None,
    mode: Annotated[str | None, typer.Option(help="Mode the path must end in.")] = None,
    attack: Annotated[str | None, typer.Option(
        "--attack", metavar="CREATURE",
        help="Instead of --to: draw the cheapest way to a place in melee with this creature, the "
             "attack still to make.")] = None,
    can_act: Annotated[bool, typer.Option(
        "--can-act", help="With --to: only ways that leave the creature an attack.")] = False,
    moves: Annotated[str | None, typer.Option(
        help='Also draw this declared move, checked ("U35 down hover").')] = None,
    no_checks: NoChecksOpt = False,
    option: OptionOpt = None,
) -> None:
    """Draw the map as SVG or PNG: terrain, creatures, wind and a scale bar; with CREATURE,
    where it can go."""
    from .. import _api
    from .._console import bounded, err, fail, failed, parse_query_options
    from ..errors import WingbeatError
    from ..scenario._cache import open_cached
    from . import altitude_words, render_svg

    try:
        kind = _check_output(output, format_)
        bounded(creature=creature, to=to, attack=attack, mode=mode, moves=moves)
        opened = open_cached(scenario)
        level = _altitude(altitude)
        reach = route = None
        extra: dict[str, Any] = parse_query_options(option, no_checks)
        if creature is not None:
            reach = _api.reach(opened, creature, **extra)
            if moves is not None:
                route = _api.check(opened, creature, moves, **parse_query_options(option))
            elif to is not None or attack is not None:
                route = _api.route(
                    opened, creature, to=to, attack=attack, mode=mode, can_act=can_act,
                    altitude=None if attack else altitude_words(opened, level), **extra)
        elif to is not None or moves is not None or attack is not None:
            raise WingbeatError(_("--to, --attack and --moves need a CREATURE"))
        svg = render_svg(opened, reach=reach, altitude=level, route=route, creature=creature)
        picture: str | bytes = svg if kind == "svg" else _png(svg)
    except WingbeatError as exc:
        failed(exc, False)
    if output is None or str(output) == "-":
        if isinstance(picture, bytes):
            sys.stdout.flush()
            sys.stdout.buffer.write(picture)
            sys.stdout.buffer.flush()
        else:
            sys.stdout.write(picture)
        return
    try:
        _write_atomically(output, picture)
    except OSError as exc:
        fail(_("{path}: cannot be written: {reason}").format(path=output, reason=exc.strerror),
             False)
    err.print(_("wrote {path}").format(path=output), markup=False)


def _png(svg: str) -> bytes:
    from .png import svg_to_png

    return svg_to_png(svg)


def _check_output(output: Path | None, format_: str | None) -> str:
    """The format to write (``svg`` or ``png``), after refusing, before any work, an output the
    user cannot mean: a picture on a terminal, a file name that is not a picture (``-o
    diagonals=dmg`` was a query option, and is --option now), or one whose ending says another
    format than --format."""
    from ..errors import OptionError
    from .png import FORMATS

    if format_ is not None and format_.lower() not in FORMATS:
        raise OptionError(_("--format is svg or png, got {format}").format(format=repr(format_)))
    wanted = None if format_ is None else format_.lower()
    if output is None:
        if sys.stdout.isatty():
            kind = (wanted or "svg").upper()
            raise OptionError(_("render writes {kind}: give -o FILE.{ending}, or redirect "
                                "standard output (wingbeat render … > map.{ending})").format(
                kind=kind, ending=kind.lower()))
        return wanted or "svg"
    name = str(output)
    if name == "-":
        return wanted or "svg"
    ending = output.suffix.lower().lstrip(".")
    if ending in FORMATS:
        if wanted is not None and wanted != ending:
            raise OptionError(_("{name}: --format {wanted} would write {kind} into a file "
                                "ending in .{ending}").format(name=name, wanted=wanted,
                                                              kind=wanted.upper(),
                                                              ending=ending))
        return ending
    said = _("{name}: render writes SVG or PNG: name a file ending in .svg or .png (or - for "
             "standard output)").format(name=name)
    if "=" in name:
        said = _("{message}; a query option is --option KEY=VALUE").format(message=said)
    raise OptionError(said)


def _write_atomically(target: Path, content: str | bytes) -> None:
    """Write beside the target, then rename: a failure never leaves a half-written picture. A
    file it replaces keeps its mode."""
    from .._files import write_replacing

    try:
        mode: int | None = target.stat().st_mode & 0o777
    except OSError:
        mode = None  # a new file's
    write_replacing(target, content, mode)


def register(app: typer.Typer) -> None:
    app.command("render", cls=Command)(render_command)
