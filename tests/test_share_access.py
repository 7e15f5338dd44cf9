"""A shared table (``serve --share``, issue 27): the keys, the seats they open, the rate limit,
and what a player may see of a hidden creature (every byte of every answer searched)."""

from __future__ import annotations

import json
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from wingbeat.web.access import NO_KEY, PLAYERS_ONLY_TABLE, Access, Rate, install_access
from wingbeat.web.app import create_app
from wingbeat.web.share import ShareKeys, links, share_keys, sides_served

DATA = Path(__file__).parent / "data" / "share"
AMBUSH = (DATA / "ambush.yaml").read_text(encoding="utf-8")


@pytest.fixture
def keys(tmp_path: Path) -> ShareKeys:
    return share_keys(["monsters", "party"], tmp_path / "keys.json")


@pytest.fixture
def table(tmp_path: Path, keys: ShareKeys) -> Iterator[TestClient]:
    app = create_app(DATA, "ambush.yaml", hosts=["192.0.2.7"], workers=1)
    app.state.play_db = tmp_path / "table.sqlite3"
    install_access(app, keys, "http://192.0.2.7:8000/")
    with TestClient(app, base_url="http://192.0.2.7:8000") as client:
        yield client


def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


# -- the keys ------------------------------------------------------------------------------------

def test_keys_are_kept_private_reused_added_and_renewed(tmp_path: Path) -> None:
    where = tmp_path / "data" / "keys.json"
    first = share_keys(["party"], where)
    assert len(first.gm) >= 32 and stat.S_IMODE(where.stat().st_mode) == 0o600
    again = share_keys(["party", "monsters"], where)
    assert again.gm == first.gm and again.side_keys["party"] == first.side_keys["party"]
    assert "monsters" in again.side_keys
    renewed = share_keys(["party"], where, renew=True)
    assert renewed.gm != first.gm and renewed.side_keys["party"] != first.side_keys["party"]
    assert json.loads(where.read_text())["gm"] == renewed.gm


def test_a_key_opens_its_seat_and_nothing_else(keys: ShareKeys) -> None:
    assert keys.role(keys.gm) is not None and keys.role(keys.gm).is_game_master  # type: ignore
    party = keys.role(keys.side_keys["party"])
    assert party is not None and party.side == "party"
    assert keys.role("") is None and keys.role(keys.gm[:-1]) is None


def test_the_sides_come_from_the_scenarios_served(tmp_path: Path) -> None:
    (tmp_path / "broken.yaml").write_text("ruleset: dnd5e\n")
    (tmp_path / "ambush.yaml").write_text(AMBUSH)
    sides, warnings = sides_served(tmp_path, None)
    assert sides == ["monsters", "party"]
    assert len(warnings) == 1 and "broken.yaml" in warnings[0]
    assert sides_served(None, "example:harpy")[0] == ["monsters", "party"]


def test_the_links_carry_the_key_in_the_fragment(keys: ShareKeys) -> None:
    found = links("http://192.0.2.7:8000/", keys)
    assert found["gm"] == f"http://192.0.2.7:8000/#key={keys.gm}"
    assert found["players"]["party"].startswith("http://192.0.2.7:8000/static/play.html#key=")


# -- the door ------------------------------------------------------------------------------------

def test_no_key_or_a_wrong_one_is_401_and_every_valid_one_opens(table: TestClient,
                                                                 keys: ShareKeys) -> None:
    for headers in ({}, bearer("not-a-key-" * 4), {"Authorization": keys.gm}):
        refused = table.get("/api/scenarios", headers=headers)
        assert refused.status_code == 401
        assert refused.json() == {"error": {"message": NO_KEY}}
        assert refused.headers["www-authenticate"] == "Bearer"
    for key in (keys.gm, *keys.side_keys.values()):
        assert table.get("/api/scenarios", headers=bearer(key)).status_code == 200
        assert table.get("/api/rulesets", headers=bearer(key)).status_code == 200
    assert table.get("/openapi.json").status_code == 401
    shell = table.get("/")
    assert shell.status_code == 200 and "ambush" not in shell.text
    assert table.get("/static/play.html").status_code == 200


def test_the_host_check_admits_the_shared_address_and_the_loopback(table: TestClient,
                                                                    keys: ShareKeys) -> None:
    for host in ("192.0.2.7:8000", "127.0.0.1:8000", "localhost"):
        assert table.get("/api/scenarios", headers={**bearer(keys.gm),
                                                    "Host": host}).status_code == 200
    other = table.get("/api/scenarios", headers={**bearer(keys.gm), "Host": "192.0.2.8:8000"})
    assert other.status_code == 400


def test_a_player_may_not_ask_the_analysis_questions(table: TestClient, keys: ShareKeys) -> None:
    party = bearer(keys.side_keys["party"])
    for path in ("/api/scenario", "/api/reach?creature=scout", "/api/render",
                 "/api/threat?side=party", "/api/check?creature=scout&moves=B3"):
        refused = table.get(path, headers=party)
        assert refused.status_code == 403 and refused.json()["error"]["message"] == (
            PLAYERS_ONLY_TABLE), path
    assert table.get("/api/share", headers=party).status_code == 403
    shared = table.get("/api/share", headers=bearer(keys.gm))
    assert shared.status_code == 200
    assert shared.json()["players"]["party"].endswith(keys.side_keys["party"])
    assert shared.json()["qr"]["gm"].startswith("<svg")


def test_too_many_requests_from_one_key_are_429(keys: ShareKeys) -> None:
    now = [0.0]

    async def ok(scope: object, receive: object, send: object) -> None:
        from starlette.responses import PlainTextResponse

        await PlainTextResponse("ok")(scope, receive, send)  # type: ignore[arg-type]

    app = Access(ok, keys, player_rate=Rate(1, 3), clock=lambda: now[0])
    client = TestClient(app)  # type: ignore[arg-type]
    party = bearer(keys.side_keys["party"])
    assert [client.get("/api/scenarios", headers=party).status_code for _ in range(3)] == [200] * 3
    refused = client.get("/api/scenarios", headers=party)
    assert refused.status_code == 429 and refused.headers["retry-after"] == "1"
    assert "too many requests" in refused.json()["error"]["message"]
    assert client.get("/api/scenarios", headers=bearer(keys.gm)).status_code == 200  # its own
    now[0] += 1.0
    assert client.get("/api/scenarios", headers=party).status_code == 200


# -- roles and the hidden creature ---------------------------------------------------------------

def test_roles_in_the_play_api_and_the_hidden_creature(table: TestClient,
                                                         keys: ShareKeys) -> None:
    gm, party = bearer(keys.gm), bearer(keys.side_keys["party"])
    monsters = bearer(keys.side_keys["monsters"])
    said: list[bytes] = []  # every byte a party player receives
    places: list[bytes] = []  # the answers that say where creatures stand (JSON)

    def as_party(method: str, path: str, **kwargs: object) -> object:
        answer = table.request(method, path, headers=party, **kwargs)  # type: ignore[arg-type]
        said.append(answer.content)
        said.append(repr(sorted(answer.headers.items())).encode())
        return answer

    def by_gm(method: str, path: str, **kwargs: object) -> None:
        answer = table.request(method, path, headers=gm, **kwargs)  # type: ignore[arg-type]
        assert answer.status_code == 200, answer.text

    made = table.post("/api/play/encounters", headers=gm,
                      json={"text": AMBUSH, "source": "ambush.yaml", "seed": 5,
                            "order": ["zz-lurker", "scout", "ranger", "owl"]})
    assert made.status_code == 200, made.text
    ref = made.json()["encounter"]["id"]
    base = f"/api/play/encounters/{ref}"

    # the game master's actions, and the others' creatures, are refused with a sentence
    refused = as_party("POST", "/api/play/encounters", json={"scenario": "example:harpy"})
    assert refused.status_code == 403 and "only the game master" in refused.json()["error"][
        "message"]
    for path in ("next-round", "undo"):
        assert as_party("POST", f"{base}/{path}", json={}).status_code == 403
    assert as_party("GET", f"{base}/replay").status_code == 403
    assert as_party("POST", f"{base}/reveal", json={"creature": "owl"}).status_code == 403
    assert as_party("POST", f"{base}/conditions",
                    json={"creature": "scout", "change": "+prone"}).status_code == 403
    owl = as_party("POST", f"{base}/moves", json={"creature": "owl", "moves": "M9"})
    assert owl.status_code == 403 and "party's creatures only" in owl.json()["error"]["message"]
    for creature in ("owl", "zz-lurker", "nobody"):
        asked = as_party("GET", f"{base}/path", params={"creature": creature, "to": "K8"})
        assert asked.status_code == 403, creature
    # a hidden creature and a made-up one are refused alike
    hidden = as_party("GET", f"{base}/threat", params={"creature": "zz-lurker"})
    made_up = as_party("GET", f"{base}/threat", params={"creature": "nobody"})
    assert hidden.status_code == made_up.status_code == 400
    assert hidden.content == made_up.content

    def look() -> None:
        assert as_party("GET", "/api/play/encounters").status_code == 200
        for path in ("", "/log", "/map.svg", "/threat?side=monsters", "/threat?side=party"):
            answer = as_party("GET", f"{base}{path}")
            assert answer.status_code == 200, (path, answer.text)
            if path in ("", "/log"):
                places.append(answer.content)
        for question, params in (("path", {"to": "D4"}), ("check", {"moves": "B3"}),
                                 ("suggest", {}), ("reach-tree", {})):
            answer = as_party("GET", f"{base}/{question}", params={"creature": "ranger",
                                                                   **params})
            assert answer.status_code in (200, 400), (question, answer.text)

    look()
    by_gm("POST", f"{base}/moves", json={"creature": "zz-lurker", "moves": "J6 I5 H4 G3 F3 E3"})
    look()
    assert "zz-lurker" in table.get(base, headers=gm).text  # the game master sees it
    assert "zz-lurker" in table.get(base, headers=monsters).text  # and so does its side
    # a move into its square is refused on the true board, without naming it
    into = as_party("POST", f"{base}/moves", json={"creature": "ranger", "moves": "D3 E3"})
    assert into.status_code == 409, into.text
    assert "something you cannot see" in into.text
    moved = as_party("POST", f"{base}/moves", json={"creature": "scout", "moves": "B3 B4"})
    assert moved.status_code == 200, moved.text
    places.append(moved.content)
    by_gm("POST", f"{base}/conditions", json={"creature": "zz-lurker", "change": "+prone"})
    look()
    by_gm("POST", f"{base}/next-round", json={})
    by_gm("POST", f"{base}/moves", json={"creature": "zz-lurker", "moves": "stand F4"})
    # past it: its opportunity attack is told, by "something you cannot see"
    moved = as_party("POST", f"{base}/moves", json={"creature": "ranger", "moves": "D3 E4 D4"})
    assert moved.status_code == 200, moved.text
    assert "something you cannot see" in moved.json()["entry"]["text"]
    places.append(moved.content)
    look()
    everything = b"".join(said)
    for secret in ("zz-lurker", "Lurker Qwx"):
        assert secret.encode() not in everything, secret
    for cell in (b'"K7"', b'"E3"', b'"F4"', b"K7 ", b"E3 ", b"F4 "):  # everywhere it stood
        assert not any(cell in answer for answer in places), cell
    shown = table.get(base, headers=party).json()
    assert len(shown["state"]["order"]) == 3 and "hidden" not in shown["state"]

    revealed = table.post(f"{base}/reveal", headers=gm, json={"creature": "zz-lurker"})
    assert revealed.status_code == 200, revealed.text
    after = table.get(base, headers=party)
    assert "zz-lurker" in after.json()["state"]["pieces"]
    assert b"Lurker Qwx" in table.get(f"{base}/map.svg", headers=party).content
    assert any("zz-lurker" in entry["text"]
               for entry in table.get(f"{base}/log", headers=party).json()["entries"])
    # undone, it is hidden again
    assert table.post(f"{base}/undo", headers=gm, json={}).status_code == 200
    assert b"zz-lurker" not in table.get(base, headers=party).content
