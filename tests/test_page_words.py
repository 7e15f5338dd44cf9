"""The pages hold no rule knowledge (issue 11): every word they show about a ruleset comes from the
registry (``GET /api/rulesets``: notation, placeholders, option words, which units are lengths),
and every amount and ending of a move from the server (web/said.py), as the command line says it."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from fastapi.testclient import TestClient

from wingbeat.model import LENGTH_UNITS, format_amount
from wingbeat.rules.registry import RulesetInfo, rulesets
from wingbeat.web import create_app
from wingbeat.web.play import create_play_app
from wingbeat.web.said import said_amount


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(), base_url="http://127.0.0.1")


def test_every_ruleset_gives_the_page_its_move_words(client: TestClient) -> None:
    words = client.get("/api/rulesets").json()
    assert words["length_units"] == sorted(LENGTH_UNITS)
    for one in words["rulesets"]:
        assert one["hints"]["example"] and one["hints"]["notation"], one["id"]


@pytest.mark.parametrize("scenario", ["example:giant-bat", "example:harpy", "example:pegasi",
                                      "example:morbid-angel"])
def test_every_offered_option_has_words_for_each_choice(client: TestClient,
                                                        scenario: str) -> None:
    """The pickers' words come from hints.options: a label, and words for every choice the
    scenario summary offers (dnd5e: diagonals phb/dmg/euclid, units ft/m)."""
    summary = client.get("/api/scenario", params={"scenario": scenario}).json()
    hints = {r["id"]: r["hints"] for r in client.get("/api/rulesets").json()["rulesets"]}
    option_words = hints[summary["ruleset"]].get("options", {})
    for key, spec in (summary.get("options") or {}).items():
        assert option_words[key]["label"], key
        assert all(option_words[key][choice] for choice in spec["choices"]), key


def test_a_hint_the_page_does_not_know_is_refused_at_registration() -> None:
    def info(hints: dict[str, Any]) -> RulesetInfo:
        return RulesetInfo(id="x", title="x", space="grid", engine="x:y", schema="x:y",
                           hints=hints)

    with pytest.raises(ValueError, match="unknown hints placeholder"):
        info({"placeholder": "1 2"})
    with pytest.raises(ValueError, match=r"hints\.example is a string"):
        info({"example": 12})
    with pytest.raises(ValueError, match=r"hints\.options is a table per option"):
        info({"options": {"units": "ft"}})
    assert info({"options": {"units": {"label": "Units"}}}).to_dict()["hints"] == {
        "options": {"units": {"label": "Units"}}}


def test_table_rulesets_snap_clicks_to_half_units() -> None:
    """A table click snaps to 0.5 cm / 0.5 in: lengths read with at most one decimal."""
    for info in rulesets():
        if info.space == "table":
            assert info.hints["snap"] == "1/2", info.id


@pytest.mark.parametrize(("scenario", "creature", "moves", "cost", "end", "said"), [
    # V-inertia, V-actions: the seed's example, a half move, the attack kept
    ("example:giant-bat", "bat", "U35 down hover", "4 MP", "at U35, altitude 1, hovering",
     "can still attack this round"),
    # D-fly: an opportunity attack, the turn's movement left said as the CLI says it
    ("example:harpy", "harpy", "C3+down D3 action C3+up", "15 ft",
     "at C3, altitude 2 (10 ft), flying", "movement spent: fly 15 (15 ft); left: walk 5, fly 25"),
    # C-change: going down a tier costs 5 cm of the air MOU
    ("example:morbid-angel", "angel", "42.5,30 down", "12.5 cm", "at 42.5,30, tier 1",
     "vision: 360° at tier 1 (C-tiers, Confrontation 3.5)"),
])
def test_a_checked_move_says_its_amounts_and_end_as_the_cli(
        client: TestClient, scenario: str, creature: str, moves: str, cost: str, end: str,
        said: str) -> None:
    answer = client.get("/api/check", params={"scenario": scenario, "creature": creature,
                                              "moves": moves}).json()
    assert answer["cost_text"] == cost
    assert answer["end_text"] == end
    assert said in answer["said"]
    assert not any(line.startswith("Step ") for line in answer["said"])
    before = Fraction(0)
    for step in answer["steps"]:
        assert step["total_text"] == said_amount(step["total"], answer["unit"])
        assert step["cost_text"] == said_amount(Fraction(step["total"]) - before,
                                                answer["unit"])
        before = Fraction(step["total"])


def test_a_length_reads_with_at_most_one_decimal() -> None:
    """A table's diagonal is exact to four decimals in JSON; the page says it as on a ruler."""
    assert said_amount("10.9202", "cm") == "≈10.9"
    assert said_amount("35/2", "cm") == "17.5"
    assert said_amount("9/2", "m") == "4.5"
    assert said_amount("1.25", "in") == "≈1.3"  # half up, as a ruler is read
    assert said_amount("17/4", "MP") == "4¼"  # movement points stay exact
    assert format_amount("10.9202", "cm") == "10.9202"  # the command line keeps every digit


def test_an_illegal_move_says_where_it_stops(client: TestClient) -> None:
    """V-inertia: T32 is behind the bat; it stops at T34 having spent nothing."""
    answer = client.get("/api/check", params={"scenario": "example:giant-bat",
                                              "creature": "bat", "moves": "T32"}).json()
    assert answer["legal"] is False and answer["error"]["rule"] == "V-inertia"
    assert (answer["cost_text"], answer["end_text"]) == (
        "0 MP", "at T34, altitude 2, moving, heading S")


def test_a_path_not_found_says_only_its_message(client: TestClient) -> None:
    answer = client.get("/api/path", params={"scenario": "example:giant-bat",
                                             "creature": "bat", "to": "B2"}).json()
    assert answer["found"] is False
    assert not {"cost_text", "end_text", "said"} & set(answer)


def test_the_play_app_alone_serves_the_page_modules_and_the_words(tmp_path: Any) -> None:
    play = TestClient(create_play_app(tmp_path / "play.sqlite3"), base_url="http://127.0.0.1")
    for module in ("play", "common", "zoom"):
        served = play.get(f"/static/{module}.js")
        assert served.status_code == 200 and "javascript" in served.headers["content-type"]
    assert play.get("/static/app.js").status_code == 404
    hints = {r["id"]: r["hints"] for r in play.get("/api/rulesets").json()["rulesets"]}
    assert hints["confrontation"]["play_options"] == "factor=2 pursuit=true"
    assert "play_options" not in hints["volare"]  # its played moves take no options
