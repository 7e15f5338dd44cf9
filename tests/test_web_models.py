"""The API's answers have typed shapes in /openapi.json (so /docs shows them), and every real
answer fits its model and comes out of it unchanged: the models describe docs/json.md's contract,
they do not change it (issue 15)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from pydantic import TypeAdapter, ValidationError

from wingbeat.examples import example_text
from wingbeat.web import create_app
from wingbeat.web.models import (
    CheckAnswer,
    EngagementAnswer,
    ErrorAnswer,
    NoPath,
    PlayEncounters,
    PlayExamples,
    PlayLog,
    PlayOutcome,
    PlayRefused,
    PlayReplay,
    PlayShow,
    ReachAnswer,
    RulesetList,
    ScenarioInfo,
    ScenarioList,
)
from wingbeat.web.play import create_play_app

LOCAL = "http://127.0.0.1"


@pytest.fixture(scope="module")
def api() -> TestClient:
    return TestClient(create_app(), base_url=LOCAL)


def fits(model: Any, data: Any) -> None:
    """``data`` is a valid ``model``, and the model gives back exactly ``data`` (no key added,
    dropped or coerced)."""
    adapter: TypeAdapter[Any] = TypeAdapter(model)
    parsed = adapter.validate_python(data)
    assert adapter.dump_python(parsed, mode="json", exclude_unset=True) == data


def answer(response: Any, status: int = 200) -> Any:
    assert response.status_code == status, response.text
    return response.json()


# every ruleset's example: its first creature, a move for it, a creature to engage
QUERIES = [
    ("example:giant-bat", "bat", "U35 down hover", "U33", "chamois"),
    ("example:harpy", "harpy", "C3+down D3 action C3+up", "E1", "fighter"),
    ("example:pegasi", "pegasi", "up 42,20", "up 70,20", "griffons"),
    ("example:morbid-angel", "angel", "42.5,30 down", "42.6,30 down", None),
]


@pytest.mark.parametrize(("scenario", "creature", "legal", "illegal", "other"), QUERIES,
                         ids=[q[0] for q in QUERIES])
def test_every_query_answer_fits_its_model(api: TestClient, scenario: str, creature: str,
                                           legal: str, illegal: str, other: str | None) -> None:
    asked = {"scenario": scenario, "creature": creature}
    fits(ScenarioInfo, answer(api.get("/api/scenario", params={"scenario": scenario})))
    fits(ReachAnswer, answer(api.get("/api/reach", params=asked)))
    fits(CheckAnswer, answer(api.get("/api/check", params={**asked, "moves": legal})))
    refused = answer(api.get("/api/check", params={**asked, "moves": illegal}))
    assert refused["legal"] is False
    fits(CheckAnswer, refused)
    if other is not None:
        fits(EngagementAnswer, answer(api.get("/api/engagement", params={
            "scenario": scenario, "a": creature, "b": other})))
    bad = answer(api.get("/api/check", params={**asked, "moves": "???"}), 400)
    fits(ErrorAnswer, bad)


def test_a_path_found_and_one_not_fit_the_paths_model(api: TestClient) -> None:
    asked = {"scenario": "example:giant-bat", "creature": "bat"}
    found = answer(api.get("/api/path", params={**asked, "to": "U31"}))
    fits(CheckAnswer, found)
    missed = answer(api.get("/api/path", params={**asked, "to": "A1"}))
    fits(NoPath, missed)
    fits(CheckAnswer | NoPath, missed)
    with pytest.raises(ValidationError):
        fits(CheckAnswer, missed)  # not a move: the union is needed


def test_the_lists_fit(api: TestClient) -> None:
    fits(ScenarioList, answer(api.get("/api/scenarios")))
    fits(RulesetList, answer(api.get("/api/rulesets")))
    upload = api.post("/api/upload", params={"name": "mine.yaml"},
                      content=example_text("harpy").encode(),
                      headers={"Content-Type": "application/yaml"})
    fits(ScenarioInfo, answer(upload))
    fits(ErrorAnswer, answer(api.get("/api/reach"), 422))


def test_play_answers_fit(tmp_path: Path) -> None:
    web = TestClient(create_play_app(tmp_path / "play.sqlite3"), base_url=LOCAL)
    fits(PlayExamples, answer(web.get("/api/play/examples")))
    new = answer(web.post("/api/play/encounters", json={"scenario": "example:giant-bat",
                                                        "seed": 4, "order": ["bat", "chamois"]}))
    fits(PlayOutcome, new)
    ref = new["encounter"]["id"]
    fits(PlayOutcome, answer(web.post(f"/api/play/encounters/{ref}/moves",
                                      json={"creature": "bat", "moves": "U35 down hover"})))
    fits(PlayRefused, answer(web.post(f"/api/play/encounters/{ref}/moves",
                                      json={"creature": "bat", "moves": "U33"}), 409))
    fits(PlayOutcome, answer(web.post(f"/api/play/encounters/{ref}/next-round", json={})))
    fits(PlayShow, answer(web.get(f"/api/play/encounters/{ref}")))
    fits(PlayLog, answer(web.get(f"/api/play/encounters/{ref}/log")))
    fits(PlayReplay, answer(web.get(f"/api/play/encounters/{ref}/replay")))
    fits(PlayEncounters, answer(web.get("/api/play/encounters")))
    fits(PlayOutcome, answer(web.post(f"/api/play/encounters/{ref}/undo", json={})))


def test_openapi_names_each_answers_model(api: TestClient) -> None:
    paths = answer(api.get("/openapi.json"))["paths"]

    def models(path: str, method: str = "get", status: str = "200") -> set[str]:
        schema = paths[path][method]["responses"][status]["content"]["application/json"]["schema"]
        refs = [schema, *schema.get("anyOf", [])]
        return {r["$ref"].rsplit("/", 1)[1] for r in refs if "$ref" in r}

    assert models("/api/reach") == {"ReachAnswer"}
    assert models("/api/check") == {"CheckAnswer"}
    assert models("/api/path") == {"CheckAnswer", "NoPath"}
    assert models("/api/engagement") == {"EngagementAnswer"}
    assert models("/api/scenario") == {"ScenarioInfo"}
    assert models("/api/upload", "post") == {"ScenarioInfo"}
    assert models("/api/scenarios") == {"ScenarioList"}
    assert models("/api/rulesets") == {"RulesetList"}
    assert models("/api/reach", status="400") == {"ErrorAnswer"}
    assert models("/api/play/encounters/{ref}/moves", "post") == {"PlayOutcome"}
    assert models("/api/play/encounters/{ref}/moves", "post", "409") == {"PlayRefused"}
