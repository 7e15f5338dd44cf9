"""The web app speaks each request's language: the picker's cookie, else the browser's
Accept-Language (q-values honoured), else English; its refusals are said in it, its JSON keys
never change, and the pages come with their catalog and ``<html lang>``."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from wingbeat.web import create_app
from wingbeat.web.language import accepted_language, cookie_language, page_catalog

MISSING = {"scenario": "nope.yaml"}  # a file name to a server started without a directory


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(), base_url="http://127.0.0.1")


def _message(client: TestClient, **headers: str) -> tuple[str, str]:
    answer = client.get("/api/scenario", params=MISSING, headers=headers)
    assert answer.status_code == 400
    return answer.headers["content-language"], answer.json()["error"]["message"]


@pytest.mark.parametrize(("header", "expected"), [
    ("it", "it"), ("it-IT,it;q=0.9", "it"), ("fr-FR", "fr"), ("fr-CH, fr;q=0.9, en;q=0.8", "fr"),
    ("en-US,en;q=0.9", "en"), ("de, en;q=0.5, it;q=0.9", "it"), ("de, fr;q=0.2, it;q=0", "fr"),
    ("it;q=0.4, fr;q=0.6", "fr"), ("*", "en"), ("de", None), ("", None), ("it;q=x", None),
])
def test_accept_language_q_values(header: str, expected: str | None) -> None:
    assert accepted_language(header) == expected


def test_the_cookie(client: TestClient) -> None:
    assert cookie_language("a=1; wingbeat-lang=fr") == "fr"
    assert cookie_language("wingbeat-lang=de") is None
    assert cookie_language("wingbeat-lang=\"x") is None


@pytest.mark.parametrize(("headers", "lang", "words"), [
    ({"Accept-Language": "it-IT,it;q=0.9,en;q=0.8"}, "it", "questo server è stato avviato"),
    ({"Accept-Language": "fr-FR,fr;q=0.9"}, "fr", "ce serveur a été lancé"),
    ({"Accept-Language": "en;q=0.9, it;q=0.5"}, "en", "this server was started"),
    ({}, "en", "this server was started"),
    # the picker's cookie wins over the browser's language
    ({"Accept-Language": "it", "Cookie": "wingbeat-lang=fr"}, "fr", "ce serveur a été lancé"),
    ({"Accept-Language": "fr", "Cookie": "wingbeat-lang=en"}, "en", "this server was started"),
])
def test_a_refusal_in_the_request_language(client: TestClient, headers: dict[str, str],
                                           lang: str, words: str) -> None:
    said_in, message = _message(client, **headers)
    assert said_in == lang
    assert words in message


def test_the_guard_refuses_in_the_request_language(client: TestClient) -> None:
    answer = client.post("/api/play/encounters", json={"scenario": "example:giant-bat"},
                         headers={"Origin": "http://evil.example", "Accept-Language": "it"})
    assert answer.status_code == 403
    assert answer.json() == {"error": {"message": (
        "rifiutata una modifica da un'altra pagina web (http://evil.example): solo la pagina di "
        "questo server può cambiare qualcosa")}}


def _keys(data: Any) -> Any:
    if isinstance(data, dict):
        return {k: _keys(v) for k, v in data.items()}
    if isinstance(data, list):
        return [_keys(v) for v in data]
    return None


def test_json_keys_and_data_never_change(client: TestClient) -> None:
    asked = {"scenario": "example:giant-bat", "creature": "bat", "moves": "U35 down hover"}
    answers = {lang: client.get("/api/check", params=asked,
                                headers={"Accept-Language": lang}).json()
               for lang in ("en", "it", "fr")}
    assert _keys(answers["it"]) == _keys(answers["en"]) == _keys(answers["fr"])
    for lang in ("it", "fr"):
        assert answers[lang]["legal"] == answers["en"]["legal"]
        assert answers[lang]["cost"] == answers["en"]["cost"]
        assert answers[lang]["moves"] == answers["en"]["moves"]
    summary = {lang: client.get("/api/scenario", params={"scenario": "example:giant-bat"},
                                headers={"Accept-Language": lang}).content
               for lang in ("en", "it", "fr")}
    assert json.loads(summary["it"]).keys() == json.loads(summary["en"]).keys()


def _sides(client: TestClient, scenario: str) -> list[str]:
    summary = client.get("/api/scenario", params={"scenario": scenario}).json()
    return sorted({c["side"] for c in summary["creatures"] if c.get("side")})


def test_kept_answers_are_kept_per_language(client: TestClient) -> None:
    """The server keeps answers: one said in Italian is not given to a French reader."""
    sides = _sides(client, "example:harpy")
    asked = {"scenario": "example:harpy", "side": sides[-1]}
    titles = [client.get("/api/threat/overlay", params=asked,
                         headers={"Accept-Language": lang}).json()["title"]
              for lang in ("it", "fr", "it", "en")]
    assert titles[0] == titles[2]
    assert titles[0].startswith("Zone di minaccia di")
    assert titles[1].startswith("Zones de menace de")
    assert titles[3].startswith("Threat zones of")
    answer = client.get("/api/threat/overlay", params=asked)
    assert answer.headers["vary"] == "Accept-Language, Cookie"


def test_the_threat_overlay_speaks_italian(client: TestClient) -> None:
    sides = _sides(client, "example:harpy")
    answer = client.get("/api/threat/overlay",
                        params={"scenario": "example:harpy", "side": sides[0]},
                        headers={"Accept-Language": "it"})
    assert answer.status_code == 200, answer.text
    said = answer.json()
    assert said["title"].startswith("Zone di minaccia di")
    english = client.get("/api/threat/overlay",
                         params={"scenario": "example:harpy", "side": sides[0]}).json()
    assert english["title"].startswith("Threat zones of")
    assert _keys(said) == _keys(english)


@pytest.mark.parametrize("path", ["/", "/static/play.html"])
@pytest.mark.parametrize("lang", ["it", "fr"])
def test_the_pages_carry_their_catalog(client: TestClient, path: str, lang: str) -> None:
    answer = client.get(path, headers={"Accept-Language": lang})
    assert answer.status_code == 200
    html = answer.text
    assert f'<html lang="{lang}">' in html
    found = re.search(r'<script type="application/json" id="wb-messages">(.*?)</script>', html,
                      re.S)
    assert found is not None
    catalog = json.loads(found.group(1))
    assert catalog["lang"] == lang
    assert catalog["messages"] == page_catalog(lang)
    assert catalog["messages"]["Creature"] == {"it": "Creatura", "fr": "Créature"}[lang]
    plural = catalog["messages"]["{n} hex reachable {where} with {budget} {unit}"]
    assert isinstance(plural, list) and len(plural) == 2
    assert 'data-i18n-picker' in html


def test_the_english_page_has_an_empty_catalog(client: TestClient) -> None:
    html = client.get("/", headers={"Accept-Language": "en-GB"}).text
    assert '<html lang="en">' in html
    found = re.search(r'id="wb-messages">(.*?)</script>', html, re.S)
    assert found is not None and json.loads(found.group(1)) == {"lang": "en", "messages": {}}


def test_the_catalog_cannot_close_its_script(client: TestClient) -> None:
    """No message can end the page's JSON script early: ``<`` is escaped inside it."""
    html = client.get("/", headers={"Accept-Language": "it"}).text
    inside = html.split('id="wb-messages">', 1)[1].split("</script>", 1)[0]
    assert "<" not in inside


@pytest.mark.parametrize(("lang", "said"), [("fr", "bad.yaml\u00a0: n'est pas du texte UTF-8"),
                                            ("it", "bad.yaml: non è testo UTF-8"),
                                            ("en", "bad.yaml: is not UTF-8 text")])
def test_a_worker_speaks_the_request_language(client: TestClient, lang: str, said: str) -> None:
    """An upload is parsed in a worker process (web/pool.py): its refusal in the request's
    language."""
    answer = client.post("/api/upload", params={"name": "bad.yaml"}, content=b"\xff\xfe\x00bad",
                         headers={"Content-Type": "application/yaml", "Accept-Language": lang})
    assert answer.status_code == 400
    assert answer.json() == {"error": {"message": said}}


def test_serve_share_says_its_links_in_the_command_line_language(
        capsys: pytest.CaptureFixture[str]) -> None:
    """``serve --share`` prints each seat's link in the language of the command line."""
    from fastapi import FastAPI

    from wingbeat.i18n import speaking
    from wingbeat.web.commands import _announce
    from wingbeat.web.share import ShareKeys

    keys = ShareKeys("g" * 32, (("monsters", "m" * 32), ("party", "p" * 32)))
    with speaking("fr"):
        _announce(FastAPI(), keys, "192.0.2.7", 8000, as_json=False)
    said = capsys.readouterr().err
    assert ("wingbeat\u00a0: le lien du meneur de jeu\u00a0: http://192.0.2.7:8000/#key="
            + "g" * 32) in said
    assert ("wingbeat\u00a0: le lien des joueurs de party\u00a0: "
            "http://192.0.2.7:8000/static/play.html#key=" + "p" * 32) in said


@pytest.mark.parametrize("lang", ["en", "it", "fr"])
def test_a_made_up_creature_is_marked_in_every_language(lang: str) -> None:
    """The core marks its "no creature …" refusals (``unknown_creature``), so a shared table
    tells them from others by the mark, not by their words, in any language."""
    from wingbeat.errors import WingbeatError
    from wingbeat.examples import example_text
    from wingbeat.i18n import speaking
    from wingbeat.play.engine import Action, Game

    game = Game.from_scenario_text(example_text("giant-bat"), seed=7)
    with speaking(lang), pytest.raises(WingbeatError) as refused:
        game.play(Action.declare("zz", "U35"))
    assert refused.value.unknown_creature
    with speaking(lang), pytest.raises(WingbeatError) as other:
        game.play(Action.declare("bat", "ZZ99"))
    assert not other.value.unknown_creature


def test_every_page_message_reaches_the_catalog() -> None:
    """Each literal ``t("…")`` / ``tn("…", …)`` of the pages' scripts is extracted: Babel's
    JavaScript reader misses a call inside another's arguments or inside a template's ``${}``,
    so the pages never write one there (a string joined with ``+`` is read whole)."""
    import sys
    from pathlib import Path

    tool = sys.modules["wingbeat_messages_tool"]  # loaded by conftest
    page = next(d for d in tool.domains() if d.name == "page")
    found = {m.id if isinstance(m.id, str) else m.id[0] for m in tool.extract(page)}
    static = Path(tool.SRC) / "web" / "static"
    missed = []
    for script in sorted(static.glob("*.js")):
        text = script.read_text(encoding="utf-8")
        for match in re.finditer(r'\btn?\(\s*"((?:[^"\\]|\\.)*)"(\s*\+)?', text):
            if match.group(2) is None and match.group(1) not in found:
                missed.append(f"{script.name}: {match.group(1)!r}")
    assert missed == []


@pytest.mark.parametrize("lang", ["it", "fr"])
def test_a_hidden_creature_and_a_made_up_one_alike_in_every_language(
        tmp_path: Any, lang: str) -> None:
    """A player's question about a hidden creature and one about a made-up creature are refused
    with the same bytes in Italian and French too (the refusal must tell nothing apart)."""
    from pathlib import Path

    from wingbeat.web.access import install_access
    from wingbeat.web.share import share_keys

    data = Path(__file__).parent / "data" / "share"
    keys = share_keys(["monsters", "party"], tmp_path / "keys.json")
    app = create_app(data, "ambush.yaml", hosts=["192.0.2.7"], workers=1)
    app.state.play_db = tmp_path / "table.sqlite3"
    install_access(app, keys, "http://192.0.2.7:8000/")
    with TestClient(app, base_url="http://192.0.2.7:8000") as table:
        made = table.post("/api/play/encounters",
                          headers={"Authorization": f"Bearer {keys.gm}"},
                          json={"text": (data / "ambush.yaml").read_text(encoding="utf-8"),
                                "source": "ambush.yaml", "seed": 5,
                                "order": ["zz-lurker", "scout", "ranger", "owl"]})
        assert made.status_code == 200, made.text
        base = f"/api/play/encounters/{made.json()['encounter']['id']}"
        party = {"Authorization": f"Bearer {keys.side_keys['party']}", "Accept-Language": lang}
        hidden = table.get(f"{base}/threat", params={"creature": "zz-lurker"}, headers=party)
        made_up = table.get(f"{base}/threat", params={"creature": "nobody"}, headers=party)
    assert hidden.status_code == made_up.status_code == 400
    assert hidden.content == made_up.content
    assert "zz-lurker" not in hidden.text
    assert hidden.headers["content-language"] == lang
