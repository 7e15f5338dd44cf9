"""What ``wingbeat.importers`` offers (the package loads it on first use, so a command that
imports nothing pays nothing for it)."""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

import yaml

from .._files import FileTooLarge, UnreadableFile, read_limited
from ..errors import ScenarioError
from ..i18n import N_, _
from ..model import Scenario
from ..narrate import grouped
from ..rules.registry import map_ruleset
from ..scenario import parse_scenario
from ..scenario._load import MAX_BYTES
from ._common import Imported, Reader, check_json_depth, load_json, parse_json
from .foundry import looks_like_foundry, read_foundry
from .tiled import read_tiled
from .uvtt import SUFFIXES as UVTT_SUFFIXES
from .uvtt import read_uvtt

__all__ = ["IMPORT_SUFFIXES", "MAX_IMPORT_BYTES", "Imported", "import_bytes", "import_file",
           "imported_scenario", "scenario_data", "scenario_text"]

#: The largest map file read: a Universal VTT file carries its picture (a few MB, base64).
MAX_IMPORT_BYTES = 50_000_000
IMPORT_SUFFIXES = (*UVTT_SUFFIXES, ".tmj", ".tmx", ".json")
_MIME = {".png": "image/png", ".jpg": "image/jpeg", ".webp": "image/webp", ".gif": "image/gif"}


def import_file(path: str | Path, ruleset: str | None = None) -> Imported:
    """Read the map file ``path`` (its kind from its name, or its content for ``.json``), for
    ``ruleset`` (by default the registry's for the kind of map it is: ``map_ruleset``)."""
    source = str(path)
    try:
        raw = read_limited(path, MAX_IMPORT_BYTES)
    except FileTooLarge:
        raise ScenarioError(_("is larger than {limit} bytes").format(
            limit=grouped(MAX_IMPORT_BYTES)), source=source) from None
    except UnreadableFile as exc:
        raise ScenarioError(exc.reason, source=source) from None
    return import_bytes(raw, Path(path).name, folder=Path(path).parent, source=source,
                        ruleset=ruleset)


def import_bytes(raw: bytes, filename: str, *, folder: Path | None = None,
                 source: str | None = None, ruleset: str | None = None) -> Imported:
    """Import a map given as bytes; ``filename`` picks the format by its ending; ``folder``:
    where files it names (tilesets, pictures) are, None to read nothing else (uploads);
    ``ruleset``: the ruleset the scenario is for, one that takes the kind of map the file is
    (``maps`` in its ``ruleset.toml``), by default the registry's for that kind."""
    source = source or filename

    def choose(kind: str) -> str:
        return map_ruleset(kind, ruleset)

    suffix = Path(filename).suffix.lower()
    if suffix in UVTT_SUFFIXES:
        imported = read_uvtt(raw, source, choose)
    elif suffix in (".tmj", ".tmx"):
        imported = read_tiled(raw, source, folder, choose)
    elif suffix == ".json":
        data = load_json(raw, Reader(source), N_("a map"))
        if isinstance(data, dict) and "resolution" in data:
            imported = read_uvtt(raw, source, choose)
        elif isinstance(data, dict) and data.get("type") == "map" and "orientation" in data:
            imported = read_tiled(raw, source, folder, choose)
        elif looks_like_foundry(data):
            imported = read_foundry(raw, source, folder, choose)
        else:
            raise ScenarioError(_("is neither a Foundry VTT scene (grid, width, walls or "
                                  "tokens), a Universal VTT file (resolution) nor a Tiled map "
                                  "(type: map)"), source=source)
    else:
        raise ScenarioError(_("expected a map file ending in {suffixes}").format(
            suffixes=", ".join(IMPORT_SUFFIXES)), source=source)
    return imported


def scenario_text(imported: Imported, *, image: str | None, source: str) -> str:
    """The scenario as YAML, checked by the scenario loader. ``image``: the path (relative to
    the scenario) the background picture is written to, or None to embed it as a data URI."""
    _refuse_past_a_megabyte(imported, source)
    data = _with_image(imported, image)
    parse_scenario(data, source=source)  # the same checks as loading the written file
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)
    if len(text.encode("utf-8")) > MAX_BYTES:
        if imported.image is not None and image is None:
            raise ScenarioError(_("the scenario would be larger than 1 MB, the most a scenario "
                                  "file may be (the picture is embedded: write it beside the "
                                  "scenario instead, without --embed)"), source=source)
        raise ScenarioError(_("the scenario would be larger than 1 MB, the most a scenario file "
                              "may be"), source=source)
    return text


def imported_scenario(raw: bytes, filename: str, source: str) -> Scenario | None:
    """The scenario an uploaded map file makes (its picture embedded), or None when the file is
    a scenario itself (``.yaml``, or ``.json`` with a ``ruleset``): a page's upload takes both.
    Nothing beside the upload is read (it has no folder)."""
    suffix = Path(filename).suffix.lower()
    if suffix not in IMPORT_SUFFIXES:
        return None
    if suffix == ".json":
        check_json_depth(raw, Reader(source))  # too deep for a map and for a scenario
        try:
            data = parse_json(raw)
        except (json.JSONDecodeError, UnicodeDecodeError, RecursionError):
            return None  # the scenario loader says what is wrong with it
        if not isinstance(data, dict) or "ruleset" in data:
            return None
    imported = import_bytes(raw, filename, source=source)
    _refuse_past_a_megabyte(imported, source)
    return parse_scenario(scenario_data(imported), source=source)


def _refuse_past_a_megabyte(imported: Imported, source: str) -> None:
    """Refuse walls and cells whose entries alone pass ``MAX_BYTES`` of YAML, before the
    scenario is checked or written: 140,000 entries took 29 s to check and 80 s to write (the
    file would have been refused at the end)."""
    data = imported.data.get("map", {})
    least = 0  # bytes: the labels, a dash and a line break each, at the least
    for entry in data.get("walls", []):
        least += 10 + sum(len(label) for label in entry["between"])
    for block in data.get("cells", []):
        at = block["at"]
        least += 10 + (len(at) if isinstance(at, str) else sum(len(a) + 3 for a in at))
    if least > MAX_BYTES:
        raise ScenarioError(_("the scenario would be larger than 1 MB, the most a scenario file "
                              "may be: {walls} runs of walls and {cells} of cells (draw fewer or "
                              "straighter walls, or fewer kinds of cells)").format(
            walls=grouped(len(data.get("walls", []))), cells=grouped(len(data.get("cells", [])))),
            source=source)


def scenario_data(imported: Imported) -> dict[str, Any]:
    """The scenario's data with the picture embedded (for a page's upload, which has no file)."""
    return _with_image(imported, None)


def _with_image(imported: Imported, image: str | None) -> dict[str, Any]:
    data = dict(imported.data)
    if imported.image is not None:
        background = dict(data.get("background", {}))
        if image is None:
            mime = _MIME.get(imported.image_suffix, "image/png")
            background["image"] = (f"data:{mime};base64,"
                                    + base64.b64encode(imported.image).decode("ascii"))
        else:
            background["image"] = image
        data = {**{k: v for k, v in data.items() if k != "background"},
                "background": {"image": background.pop("image"), **background}}
    return data
