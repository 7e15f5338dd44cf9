"""The scenario file's JSON Schema, made from the pydantic models that read it, so an editor
(through ``# yaml-language-server: $schema=…``) completes keys and underlines mistakes by the very
rules ``wingbeat`` applies.

Each ruleset's model is the one in its ``schema.py`` whose ``ruleset`` key is that ruleset's id;
the schema of every ruleset at once is one of them, told apart by that key. The schema says what
a key may hold; checks across keys (a creature on the map, ids unique) stay ``wingbeat``'s.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Literal, get_args, get_origin

from ..errors import OptionError, ScenarioError
from ..rules.registry import ruleset_ids, ruleset_info

if TYPE_CHECKING:
    from pydantic import BaseModel

__all__ = ["DIALECT", "STORED", "file_model", "json_schema", "made_schema_text", "schema_text",
           "stored_names"]

DIALECT = "https://json-schema.org/draft/2020-12/schema"


def file_model(ruleset: str) -> type[BaseModel]:
    """The pydantic model of a whole ``ruleset`` scenario file."""
    try:
        info = ruleset_info(ruleset)
    except ScenarioError:
        raise OptionError(f"unknown ruleset {ruleset!r}; expected one of: "
                          + ", ".join(ruleset_ids())) from None
    from pydantic import BaseModel

    builder = info.schema
    module_name = builder.partition(":")[0] if isinstance(builder, str) else builder.__module__
    __import__(module_name)
    module = sys.modules[module_name]
    names = getattr(module, "__all__", None) or list(vars(module))
    for name in names:
        found = getattr(module, name, None)
        if (isinstance(found, type) and issubclass(found, BaseModel)
                and _names_ruleset(found, ruleset)):
            return found
    raise OptionError(f"the {ruleset} ruleset's schema module {module_name} has no model "
                      f"whose ruleset key is {ruleset!r}")


def _names_ruleset(model: type[BaseModel], ruleset: str) -> bool:
    field = model.model_fields.get("ruleset")
    return (field is not None and get_origin(field.annotation) is Literal
            and get_args(field.annotation) == (ruleset,))


def json_schema(ruleset: str | None = None, *, among: Sequence[str] | None = None
                ) -> dict[str, Any]:
    """The JSON Schema of a ``ruleset``'s scenario file, or when None of a file of any ruleset
    (``among`` these; every registered one by default)."""
    if ruleset is not None:
        schema = file_model(ruleset).model_json_schema()
        _add_background(schema, schema.setdefault("$defs", {}))
        return {"$schema": DIALECT,
                "title": f"wingbeat scenario: {ruleset}",
                "description": f"A scenario file of the {ruleset} ruleset (wingbeat's "
                               "docs/scenario.md). Made by `wingbeat schema " + ruleset + "`.",
                **{k: v for k, v in schema.items() if k != "title"}}
    from pydantic.json_schema import models_json_schema

    ids = list(ruleset_ids() if among is None else among)
    refs, defs = models_json_schema([(file_model(r), "validation") for r in ids],
                                    title="wingbeat scenario")
    every = defs.setdefault("$defs", {})
    for r in ids:
        _add_background(every[refs[(file_model(r), "validation")]["$ref"].rpartition("/")[2]],
                        every)
    return {"$schema": DIALECT,
            "title": "wingbeat scenario",
            "description": "A scenario file of any wingbeat ruleset, told apart by its ruleset "
                           "key (docs/scenario.md). Made by `wingbeat schema`.",
            **dict(type="object"),  # (not an event's "type": tests/test_narrate.py looks)
            "required": ["ruleset"],
            "properties": {"ruleset": {"enum": ids}},
            "oneOf": [refs[(file_model(r), "validation")] for r in ids],
            "$defs": defs.get("$defs", {})}


def _add_background(model: dict[str, Any], defs: dict[str, Any]) -> None:
    """Every ruleset's file may carry a ``background`` (read apart from the ruleset's model)."""
    from ._background import BackgroundModel

    background = BackgroundModel.model_json_schema()
    background["description"] = ("A picture of the map drawn under the grid: image (a path "
                                 "relative to the scenario file, or a data:image/…;base64 URI), "
                                 "cell (image pixels a square or hex), origin (the image pixel "
                                 "at the grid's north-west corner).")
    defs["Background"] = background
    model.setdefault("properties", {})["background"] = {"$ref": "#/$defs/Background"}


#: The built-in rulesets' schemas as ``made_schema_text`` writes them, kept with the package
#: (``scripts/precomputed.py`` writes them, tests/test_schema.py checks they are still what the
#: models make): ``wingbeat schema`` prints them without importing pydantic and every ruleset's
#: model (about 0.2 s). ``scenario.json`` is every ruleset's at once.
STORED = os.path.join(os.path.dirname(__file__), "schema")


def stored_names() -> dict[str | None, str]:
    """The stored schema files, by ruleset (None: every ruleset's at once)."""
    return {**{r: f"{r}.json" for r in ruleset_ids()}, None: "scenario.json"}


def schema_text(ruleset: str | None = None, *, among: Sequence[str] | None = None) -> str:
    """The schema as the files in ``docs/schema/`` hold it: indented JSON and a last newline;
    the stored one when it is a built-in ruleset's (and, for all of them, when only the built-in
    ones are registered)."""
    if among is None:
        from ..rules.registry import builtin_registrations

        builtin = builtin_registrations()
        if (ruleset in builtin if ruleset is not None
                else sorted(ruleset_ids()) == sorted(builtin)):
            try:
                with open(os.path.join(STORED, stored_names()[ruleset]),
                          encoding="utf-8") as stream:
                    return stream.read()
            except OSError:  # pragma: no cover - an install without its data files
                pass
    return made_schema_text(ruleset, among=among)


def made_schema_text(ruleset: str | None = None, *,
                     among: Sequence[str] | None = None) -> str:
    """``schema_text`` made now from the pydantic models."""
    return json.dumps(json_schema(ruleset, among=among), indent=2, ensure_ascii=False) + "\n"
