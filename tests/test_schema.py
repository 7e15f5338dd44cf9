"""Editors help (issue 15): ``wingbeat schema`` prints the scenario file's JSON Schema from the
pydantic models, the committed docs/schema/*.json are that output, and every example names its
schema in a ``yaml-language-server`` comment that an editor can follow."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any, get_args

import pytest
import yaml
from jsonschema import Draft202012Validator
from pydantic import BaseModel
from typer.testing import CliRunner

from wingbeat.cli import app
from wingbeat.errors import ScenarioError
from wingbeat.scenario import parse_scenario
from wingbeat.scenario.json_schema import (
    STORED,
    file_model,
    json_schema,
    made_schema_text,
    schema_text,
    stored_names,
)

runner = CliRunner()
REPO = Path(__file__).resolve().parent.parent
SCHEMAS = REPO / "docs" / "schema"
BUILT_IN = ("volare", "dnd5e", "battlesystem", "confrontation")
EXAMPLES = sorted([*REPO.glob("examples/*/*.yaml"), *REPO.glob("src/wingbeat/examples/*.yaml"),
                   *(p for p in REPO.glob("tests/data/examples/*/*.yaml")
                     if p.parent.name in BUILT_IN)])
COMMENT = re.compile(r"# yaml-language-server: \$schema=(\S+)\n")


def _schema(name: str) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((SCHEMAS / f"{name}.json").read_text(encoding="utf-8"))
    return loaded


def test_the_committed_schemas_are_what_wingbeat_schema_prints() -> None:
    """Regenerate with ``python scripts/precomputed.py update`` after changing a ruleset's
    schema.py (``wingbeat schema`` prints the package's stored copies)."""
    assert sorted(p.stem for p in SCHEMAS.glob("*.json")) == sorted([*BUILT_IN, "scenario"])
    for ruleset in BUILT_IN:
        assert (SCHEMAS / f"{ruleset}.json").read_text(encoding="utf-8") == schema_text(ruleset)
    assert (SCHEMAS / "scenario.json").read_text(encoding="utf-8") == schema_text(
        among=BUILT_IN)


def test_the_stored_schemas_are_what_the_models_make() -> None:
    """``wingbeat schema`` prints the files kept in the package (issue 29: no pydantic to import);
    ``python scripts/precomputed.py update`` writes them again after a schema.py changes."""
    for ruleset, name in stored_names().items():
        made = made_schema_text(ruleset)
        assert (Path(STORED) / name).read_text(encoding="utf-8") == made, name
        assert schema_text(ruleset) == made


def test_the_command_prints_the_schema_and_refuses_an_unknown_ruleset() -> None:
    one = runner.invoke(app, ["schema", "dnd5e"])
    assert one.exit_code == 0 and json.loads(one.stdout) == json_schema("dnd5e")
    every = runner.invoke(app, ["schema"])
    assert every.exit_code == 0 and json.loads(every.stdout)["oneOf"]
    bad = runner.invoke(app, ["schema", "chess"])
    assert bad.exit_code == 2
    assert bad.stderr == ("error: unknown ruleset 'chess'; expected one of: volare, dnd5e, "
                          "battlesystem, confrontation\n")


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: str(p.relative_to(REPO)))
def test_every_example_points_an_editor_at_its_rulesets_schema(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    found = COMMENT.match(text)
    assert found, "the first line is the yaml-language-server schema comment"
    data = yaml.safe_load(text)
    target = (path.parent / found.group(1)).resolve()
    assert target == (SCHEMAS / f"{data['ruleset']}.json").resolve()
    assert os.path.isfile(target)
    for schema in (_schema(data["ruleset"]), _schema("scenario")):
        problems = [e.message for e in Draft202012Validator(schema).iter_errors(data)]
        assert problems == []


@pytest.mark.parametrize(("ruleset", "change", "where"), [
    ("volare", {"creatures": [{"id": "bat", "at": "T34", "altitud": 2}]}, "altitud"),
    ("dnd5e", {"options": {"diagonals": "chess"}}, "chess"),
    ("battlesystem", {"map": {"table": "big"}}, "big"),
    ("confrontation", {"rulset": "confrontation"}, "rulset"),
])
def test_a_mistake_the_editor_underlines_is_one_wingbeat_refuses(
        ruleset: str, change: dict[str, Any], where: str) -> None:
    """The schema comes from the models that read the file: what it flags, wingbeat refuses."""
    base = next(p for p in EXAMPLES if p.parent.name == ruleset and "examples" in p.parts)
    data = {**yaml.safe_load(base.read_text(encoding="utf-8")), **change}
    assert data != yaml.safe_load(base.read_text(encoding="utf-8"))
    problems = list(Draft202012Validator(_schema(ruleset)).iter_errors(data))
    assert problems and any(where in str(e.message) or where in e.path for e in problems)
    with pytest.raises(ScenarioError):
        parse_scenario(data)


def test_each_rulesets_schema_is_its_file_model_with_its_ruleset_key() -> None:
    for ruleset in BUILT_IN:
        model = file_model(ruleset)
        assert model.__module__ == f"wingbeat.rulesets.{ruleset}.schema"
        assert json_schema(ruleset)["properties"]["ruleset"]["const"] == ruleset
        assert "ruleset" in json_schema(ruleset)["required"]


@pytest.mark.parametrize("ruleset", [None, "dnd5e", "volare"])
def test_a_background_is_part_of_every_schema_as_wingbeat_reads_it(ruleset: str | None) -> None:
    """``background`` is read apart from the ruleset's model, for every ruleset alike: the schema
    an editor follows takes it and refuses what wingbeat refuses in it."""
    source = Path(__file__).resolve().parent.parent / "examples" / "dnd5e" / "walls.yaml"
    if ruleset == "volare":
        source = source.parent.parent / "volare" / "giant-bat.yaml"
    data = yaml.safe_load(source.read_text(encoding="utf-8"))
    validator = Draft202012Validator(json_schema(ruleset))
    good = {**data, "background": {"image": "map.png", "cell": 70, "origin": [10, 12]}}
    assert not list(validator.iter_errors(good))
    parse_scenario(good, source=str(source), base=str(source.parent))
    bad = {**data, "background": {"image": "map.png", "cell": 70, "zoom": 2}}
    assert list(validator.iter_errors(bad))
    with pytest.raises(ScenarioError, match="zoom"):
        parse_scenario(bad, source=str(source))


def _models(annotation: Any) -> list[type[BaseModel]]:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    return [m for arg in get_args(annotation) for m in _models(arg)]


@pytest.mark.parametrize("ruleset", BUILT_IN)
def test_every_key_of_every_schema_has_an_example_an_error_can_show(ruleset: str) -> None:
    """Issue 23: an error says what to write, with an example (``speed: {walk: 30, fly: 60}``):
    each key of the ruleset's schema, at every depth, has one in its ``EXAMPLES``."""
    import importlib

    from wingbeat.scenario._problems import _example
    from wingbeat.scenario._schema import COMMON_EXAMPLES

    model = file_model(ruleset)
    examples = {**COMMON_EXAMPLES, **importlib.import_module(model.__module__).EXAMPLES}
    missing = []
    stack: list[tuple[tuple[str, ...], type[BaseModel]]] = [((), model)]
    seen: set[type[BaseModel]] = set()
    while stack:
        path, current = stack.pop()
        for name, field in current.model_fields.items():
            if _example((*path, name), examples) is None:
                missing.append(".".join((*path, name)))
            for inner in _models(field.annotation):
                if inner not in seen:
                    seen.add(inner)
                    stack.append(((*path, name), inner))
    assert missing == []
