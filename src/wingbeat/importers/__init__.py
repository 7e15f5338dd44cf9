"""Maps from the tools game masters already use → wingbeat scenarios (``wingbeat import``).

- Universal VTT (``.dd2vtt``, ``.uvtt``, ``.df2vtt``) → a square map: walls and doors between
  squares, the picture as background (``uvtt.py``);
- a Foundry VTT scene export (``.json``) → a square map: walls, doors, tokens, background
  (``foundry.py``);
- Tiled (``.tmj``, ``.tmx``) → a square map or a hex map (flat-topped hexes): ground levels,
  ceilings, terrain, creatures, background (``tiled.py``).

Which ruleset a map is for comes from the registry (``rules.registry.map_ruleset``: the rulesets'
``maps``), or from the caller (``wingbeat import --ruleset``); no importer names one.

Each reader takes the file's bytes and gives an ``Imported`` (the scenario's data, the picture,
notes); a file it cannot read is a ``ScenarioError`` naming the file and the field. The result is
validated by the scenario loader itself before anything is written. docs/import.md has the
mapping tables. Outside the core: these may use pydantic and PyYAML; XML goes through the
standard library's parser with document types and entities refused.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ._api import (
        IMPORT_SUFFIXES,
        MAX_IMPORT_BYTES,
        Imported,
        import_bytes,
        import_file,
        imported_scenario,
        scenario_data,
        scenario_text,
    )

__all__ = ["IMPORT_SUFFIXES", "MAX_IMPORT_BYTES", "Imported", "import_bytes", "import_file",
           "imported_scenario", "scenario_data", "scenario_text"]


def __getattr__(name: str) -> Any:
    """The readers load on first use: every command registers ``import``, few run it."""
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from . import _api

    return getattr(_api, name)
