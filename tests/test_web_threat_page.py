"""The page's threat overlay, attack positions and suggestion (docs/threat.md, On the page): the
library's answers said for the page, checked against the library itself and by hand."""

from __future__ import annotations

import json
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from shapely.geometry import Point, shape

import wingbeat
from wingbeat.render.threat import OVERLAY_COLOURS, RANK_COLOURS, overlay_colour, rank_colour
from wingbeat.web.app import create_app
from wingbeat.web.models import AdvicePositions, SuggestAnswer, ThreatOverlay


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    application = create_app()
    application.state.play_db = tmp_path_factory.mktemp("play") / "web.sqlite3"
    with TestClient(application, base_url="http://127.0.0.1") as client:
        yield client


def get(web: TestClient, path: str, status: int = 200, **params: Any) -> Any:
    answer = web.get(path, params=params)
    assert answer.status_code == status, answer.text
    return answer.json()


def test_overlay_colours_darken_with_the_count_and_ranks_share_bands() -> None:
    assert [overlay_colour(n) for n in range(1, 8)] == [*OVERLAY_COLOURS, OVERLAY_COLOURS[-1]]
    assert [rank_colour(r, 5) for r in range(1, 6)] == list(RANK_COLOURS)
    assert [rank_colour(r, 10) for r in (1, 2, 3, 10)] == [RANK_COLOURS[0], RANK_COLOURS[0],
                                                           RANK_COLOURS[1], RANK_COLOURS[4]]
    assert rank_colour(1, 1) == RANK_COLOURS[0]


def test_grid_overlay_is_the_threat_report_per_altitude(web: TestClient) -> None:
    """D-creatures (hand-checked): 5 ft over B2 the prone scout strikes without moving and the
    fighter after 5 ft (to C3); 10 ft up is out of both 5 ft reaches."""
    report = wingbeat.threat(wingbeat.open_scenario("example:harpy"), side="party")
    at_1 = get(web, "/api/threat/overlay", scenario="example:harpy", side="party", altitude="1")
    ThreatOverlay.model_validate(at_1)
    assert {c["at"]: c["count"] for c in at_1["cells"]} == {
        p.at: len(p.by) for p in report.places if p.altitude == 1}
    b2 = next(c for c in at_1["cells"] if c["at"] == "B2")
    assert b2["count"] == 2 and b2["colour"] == OVERLAY_COLOURS[1]
    assert b2["text"] == ("B2, altitude 1 (5 ft): 2 can strike here next turn: Scout (scout): "
                          "0 ft, without moving, no save (D-creatures: within its 5 ft reach); "
                          "Fighter (fighter): 5 ft, C3, no save (D-creatures: within its 5 ft "
                          "reach)")
    assert at_1["title"].startswith("Threat zones of Fighter, Scout (side party), altitude 1 "
                                    "(5 ft)")
    assert [e["text"] for e in at_1["legend"]] == ["1 can strike", "2 can strike"]
    assert [lvl["text"] for lvl in at_1["levels"]] == ["altitude 0 (0 ft)", "altitude 1 (5 ft)"]
    at_2 = get(web, "/api/threat/overlay", scenario="example:harpy", side="party", altitude="2")
    assert at_2["cells"] == [] and at_2["legend"] == []
    assert at_2["none_text"] == ("None of them can strike anywhere at altitude 2 (10 ft) next "
                                 "turn.")
    most = get(web, "/api/threat/overlay", scenario="example:harpy", side="party")
    assert most["level"] is None and "the most over all altitudes" in most["title"]
    assert {c["at"]: c["count"] for c in most["cells"]} == report.counts(None)


def test_volare_overlay_says_the_saves_and_their_odds(web: TestClient) -> None:
    """V-prox case 3, V-land: the bat strikes the chamois' hex for 3 MP with a 45% Reflex save."""
    answer = get(web, "/api/threat/overlay", scenario="example:giant-bat", creature="bat",
                 altitude="0")
    v36 = next(c for c in answer["cells"] if c["at"] == "V36")
    assert v36["text"] == ("V36, altitude 0: 1 can strike here next turn: Giant bat (bat): 3 MP, "
                           "U35 down down land-fast, saves 45% Reflex (V-land): all succeed 45% "
                           "(V-prox case 3)")
    assert answer["side"] is None and answer["legend_title"] == (
        "who can strike next turn: Giant bat")


@pytest.mark.parametrize(("example", "side", "level", "word"), [
    ("pegasi", "east", 1, "altitude low"), ("morbid-angel", "acheron", 1, "tier 1")])
def test_table_overlay_is_the_threat_areas_of_a_level(web: TestClient, example: str, side: str,
                                                      level: int, word: str) -> None:
    report = wingbeat.threat(wingbeat.open_scenario(f"example:{example}"), side=side).to_dict()
    key = "tier" if example == "morbid-angel" else "altitude"
    value = 1 if key == "tier" else "low"
    answer = get(web, "/api/threat/overlay", scenario=f"example:{example}", side=side,
                 altitude=str(level))
    ThreatOverlay.model_validate(answer)
    expected = sorted((a["count"], [b["creature"] for b in a["by"]])
                       for a in report["areas"] if a[key] == value)
    assert sorted((a["count"], a["creatures"]) for a in answer["areas"]) == expected
    for area in answer["areas"]:
        assert area["level"] == level and area["text"].startswith(f"{word}: ")
        assert shape(area["area"]).covers(Point(*area["label_at"]))
    assert [a["count"] for a in answer["areas"]] == sorted(a["count"] for a in answer["areas"])


def test_confrontation_knight_is_struck_by_the_angel_and_the_gargoyle(web: TestClient) -> None:
    """C-adj and C-dive (hand-checked): at the knight's place, tier 1, the morbid angel (bases
    touching, or a dive charge from tier 2) and the gargoyle can strike: 2."""
    answer = get(web, "/api/threat/overlay", scenario="example:morbid-angel", side="acheron",
                 altitude="1")
    there = [a for a in answer["areas"] if shape(a["area"]).covers(Point(35, 38))]
    assert [(a["count"], a["creatures"]) for a in there] == [(2, ["angel", "gargoyle"])]
    assert "C-dive: a dive charge from tier 2" in there[0]["text"]


def test_positions_are_the_advice_ranking_with_colours_and_reasons(web: TestClient) -> None:
    scenario = wingbeat.open_scenario("example:harpy")
    advice = wingbeat.advise(scenario, "harpy", target="fighter").to_dict()
    answer = get(web, "/api/advise/positions", scenario="example:harpy", creature="harpy",
                 target="fighter")
    AdvicePositions.model_validate(answer)
    total = len(advice["options"])
    assert answer["foe"] is True
    assert answer["title"] == (f"Where Harpy can attack Fighter from this round: {total} "
                               "positions, best first")
    assert [(o["rank"], o["moves"], o["at"]) for o in answer["options"]] == [
        (o["rank"], o["moves"], o["end"]["at"]) for o in advice["options"]]
    first = answer["options"][0]
    assert first["colour"] == RANK_COLOURS[0] and answer["options"][-1]["colour"] == \
        RANK_COLOURS[-1]
    assert first["text"] == f"#1 of {total}: at E3, altitude 1 (5 ft), flying, 15 ft"
    assert first["level"] == 1 and first["success_text"] == "100%"
    assert first["reasons"][:-1] == advice["options"][0]["reasons"]
    assert first["reasons"][-1] == ("actions still open after the move: attack, bonus action, "
                                    "object interaction, reaction")
    assert answer["legend"][0] == {"colour": RANK_COLOURS[0], "text": "#1–4 (best)"}
    assert answer["legend"][-1]["text"].endswith("(worst)")


def test_positions_of_a_dive_and_of_a_friend(web: TestClient) -> None:
    dive = get(web, "/api/advise/positions", scenario="example:morbid-angel", creature="angel",
               target="knight")
    assert dive["options"][0]["moves"] == "dive:knight"
    assert dive["options"][0]["level_text"] == "tier 1"
    assert dive["options"][0]["cost_text"] == "≈8.2 cm"  # √89 − 1.25, to the counter's edge
    friend = get(web, "/api/advise/positions", scenario="example:harpy", creature="fighter",
                 target="scout")
    assert friend == {"creature": "fighter", "targets": ["scout"], "foe": False, "options": [],
                      "legend": [], "legend_title": "",
                      "title": "Scout is on Fighter's side (party): no attack to advise."}


def test_the_saves_odds_are_said_exactly_or_nearly() -> None:
    from wingbeat.web.said import _percent

    assert _percent(Fraction(9, 20)) == "45%"
    assert _percent(Fraction(9, 40)) == "22.5%"
    assert _percent(Fraction(1, 3)) == "≈33.3%"
    assert _percent(Fraction(1)) == "100%"


def test_play_threat_and_suggest_follow_the_encounter(web: TestClient) -> None:
    made = web.post("/api/play/encounters", json={"scenario": "example:harpy", "seed": 1})
    ref = made.json()["encounter"]["id"]
    before = get(web, f"/api/play/encounters/{ref}/threat", side="monsters", altitude="0")
    ThreatOverlay.model_validate(before)
    assert before == get(web, "/api/threat/overlay", scenario="example:harpy", side="monsters",
                         altitude="0")
    suggested = get(web, f"/api/play/encounters/{ref}/suggest", creature="harpy")
    SuggestAnswer.model_validate(suggested)
    said = suggested["suggestion"]
    assert said["headline"] == 'suggested for harpy: attack fighter: "C2 D3 E3+down", 15 ft'
    assert said["cost_text"] == "15 ft" and suggested["accepted"] is None
    moved = web.post(f"/api/play/encounters/{ref}/moves",
                     json={"creature": "harpy", "moves": said["moves"]})
    assert moved.status_code == 200, moved.text
    after = get(web, f"/api/play/encounters/{ref}/threat", side="monsters", altitude="0")
    assert after != before  # the harpy strikes from where it now is
    assert any(c["at"] == "E4" for c in after["cells"])
    again = get(web, f"/api/play/encounters/{ref}/suggest", 400, creature="harpy")
    assert "already moved" in again["error"]["message"]


@pytest.mark.parametrize(("path", "params", "words"), [
    ("/api/threat/overlay", {"scenario": "example:harpy", "side": "nobody"}, "no creature is on"),
    ("/api/threat/overlay", {"scenario": "example:harpy", "side": "party", "altitude": "up"},
     "whole number"),
    ("/api/threat/overlay", {"scenario": "example:harpy"}, "needs a side"),
    ("/api/advise/positions", {"scenario": "example:harpy", "creature": "harpy",
                               "target": "ghost"}, "ghost"),
    ("/api/advise/positions", {"scenario": "example:harpy", "creature": "harpy",
                               "target": "fighter", "weight": "bogus=1"}, "unknown weight"),
    ("/api/play/encounters/999/threat", {"side": "party"}, "no encounter"),
])
def test_bad_questions_answer_one_line(web: TestClient, path: str, params: dict[str, str],
                                       words: str) -> None:
    answer = get(web, path, 400, **params)
    message = answer["error"]["message"]
    assert words in message and "\n" not in message


def test_the_page_answers_are_documented(web: TestClient) -> None:
    spec = web.get("/openapi.json").json()
    for path, model in [("/api/threat/overlay", "ThreatOverlay"),
                        ("/api/advise/positions", "AdvicePositions"),
                        ("/api/play/encounters/{ref}/threat", "ThreatOverlay"),
                        ("/api/play/encounters/{ref}/suggest", "SuggestAnswer")]:
        shown = json.dumps(spec["paths"][path]["get"]["responses"]["200"])
        assert f"#/components/schemas/{model}" in shown, path


def test_the_static_page_holds_no_sentence_of_the_overlay() -> None:
    """The words the page shows about threat and advice come from the server: the page's
    modules hold none of the sentences the server says."""
    static = Path(wingbeat.__file__).parent / "web" / "static"
    code = "".join((static / name).read_text() for name in
                   ("threat.js", "mapthreat.js", "playthreat.js"))
    for said in ("can strike here", "actions still open", "no attack to advise",
                 "within reach of"):
        assert said not in code


def test_the_play_app_alone_serves_the_overlay_and_the_suggestion(tmp_path: Path) -> None:
    from wingbeat.web.play import create_play_app

    with TestClient(create_play_app(tmp_path / "alone.sqlite3"),
                    base_url="http://127.0.0.1") as alone:
        for module in ("threat", "playthreat"):
            assert alone.get(f"/static/{module}.js").status_code == 200
        made = alone.post("/api/play/encounters", json={"scenario": "example:giant-bat",
                                                        "seed": 1, "order": ["bat", "chamois"]})
        ref = made.json()["encounter"]["id"]
        said = get(alone, f"/api/play/encounters/{ref}/suggest", creature="bat")["suggestion"]
        assert said["moves"] == "U35 down hover" and said["cost_text"] == "4 MP"
        zones = get(alone, f"/api/play/encounters/{ref}/threat", creature="bat", altitude="0")
        assert any(c["at"] == "V36" for c in zones["cells"])
