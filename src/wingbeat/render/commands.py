"""``wingbeat render``: the map as SVG, with a creature's reach and a path or a checked move."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from .._console import Command

__all__ = ["register", "render_command"]


def _altitude(text: str | None) -> int | None:
    from ..errors import NotationError

    if text is None or text.strip().lower() in ("all", "best", "any"):
        return None
    try:
        return int(text)
    except ValueError:
        raise NotationError(f"expected a whole number or 'all' for --altitude, got {text!r}"
                            ) from None


def render_command(
    scenario: Annotated[str, typer.Argument(
        help="Scenario file (YAML or JSON), or a built-in one: example:giant-bat.")],
    creature: Annotated[str | None, typer.Argument(
        help="Colour this creature's reach by least cost.")] = None,
    output: Annotated[Path | None, typer.Option(
        "--output", "-o", metavar="FILE.svg",
        help="Write the SVG to this file (default: standard output, when it is not a "
             "terminal).")] = None,
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
    no_checks: Annotated[bool, typer.Option(
        "--no-checks", help="Leave out every way that needs a save.")] = False,
    option: Annotated[list[str] | None, typer.Option(
        "--option", metavar="KEY=VALUE", help="A ruleset query option (repeatable).")] = None,
) -> None:
    """Draw the map as SVG: terrain, creatures and wind; with CREATURE, where it can go."""
    from .. import _api
    from .._console import err, fail, parse_query_options
    from ..errors import WingbeatError
    from ..scenario._cache import open_cached
    from . import altitude_words, render_svg

    try:
        _check_output(output)
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
            raise WingbeatError("--to, --attack and --moves need a CREATURE")
        svg = render_svg(opened, reach=reach, altitude=level, route=route, creature=creature)
    except WingbeatError as exc:
        fail(str(exc), False)
    if output is None or str(output) == "-":
        sys.stdout.write(svg)
        return
    try:
        _write_atomically(output, svg)
    except OSError as exc:
        fail(f"{output}: cannot be written: {exc.strerror}", False)
    err.print(f"wrote {output}", markup=False)


def _check_output(output: Path | None) -> None:
    """Refuse, before any work, an output the user cannot mean: SVG on a terminal, or a file name
    that is not a picture (``-o diagonals=dmg`` was a query option, and is --option now)."""
    from ..errors import OptionError

    if output is None:
        if sys.stdout.isatty():
            raise OptionError("render writes SVG: give -o FILE.svg, or redirect standard output "
                              "(wingbeat render … > map.svg)")
        return
    name = str(output)
    if name == "-" or output.suffix.lower() == ".svg":
        return
    hint = "; a query option is --option KEY=VALUE" if "=" in name else ""
    raise OptionError(f"{name}: render writes SVG: name a file ending in .svg "
                      f"(or - for standard output){hint}")


def _write_atomically(target: Path, text: str) -> None:
    """Write beside the target, then rename: a failure never leaves a half-written picture.

    The file gets the mode any new file would (0666 less the umask), or the mode of the file it
    replaces, not the private 0600 of a temporary file.
    """
    import os
    import tempfile

    try:
        mode = target.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0o022)
        os.umask(umask)
        mode = 0o666 & ~umask
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent or ".")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def register(app: typer.Typer) -> None:
    app.command("render", cls=Command)(render_command)
