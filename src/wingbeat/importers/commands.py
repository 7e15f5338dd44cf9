"""``wingbeat import``: a thin layer over ``wingbeat.importers``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from .._console import Command, err, fail, failed, out
from ..errors import WingbeatError
from ..i18n import _

__all__ = ["register"]


def import_command(
    file: Annotated[Path, typer.Argument(
        help="A map: Universal VTT (.dd2vtt .uvtt .df2vtt), a Foundry VTT scene (.json) or a "
             "Tiled map (.tmj .tmx).", show_default=False)],
    output: Annotated[Path | None, typer.Option(
        "-o", "--output", metavar="FILE.yaml",
        help="Write the scenario here, and its background picture beside it "
             "(FILE.background.png); default: standard output, the picture embedded.")] = None,
    embed: Annotated[bool, typer.Option(
        "--embed", help="Embed the background picture in the scenario (a data: URI).")] = False,
    ruleset: Annotated[str | None, typer.Option(
        "--ruleset", metavar="ID",
        help="The ruleset the scenario is for, one that takes the map's kind (square or hex "
             "grid); default: the first in list order that does (docs/import.md).")] = None,
) -> None:
    """Make a scenario from a map made in another tool: walls, doors, levels, creatures."""
    from .._files import write_replacing
    from . import import_file, scenario_text

    if output is not None and output.suffix.lower() not in (".yaml", ".yml", ".json"):
        fail(_("{path}: import writes a scenario: name a file ending in .yaml").format(
            path=output), False)
    try:
        imported = import_file(file, ruleset)
        picture = None
        if imported.image is not None and output is not None and not embed:
            picture = output.with_name(f"{output.stem}.background{imported.image_suffix}")
        text = scenario_text(imported, image=picture.name if picture else None,
                             source=_("{file} (the scenario made of it)").format(file=file))
    except WingbeatError as exc:
        failed(exc, False)
    for note in imported.notes:
        err.print(_("note: {note}").format(note=note), markup=False)
    if output is None:
        out.print(text.rstrip("\n"), markup=False)
        return
    try:
        if picture is not None and imported.image is not None:
            write_replacing(picture, imported.image)
        write_replacing(output, text.encode("utf-8"))
    except OSError as exc:
        fail(_("{path}: cannot be written: {reason}").format(path=output, reason=exc.strerror),
             False)
    if picture:
        err.print(_("wrote {path} and {picture}").format(path=output, picture=picture),
                  markup=False)
    else:
        err.print(_("wrote {path}").format(path=output), markup=False)


def register(app: typer.Typer) -> None:
    app.command("import", cls=Command)(import_command)
