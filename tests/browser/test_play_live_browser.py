"""Two screens on one encounter (issue 27): a move declared on one appears on the other, and a
player's proposal, accepted on the game master's page, appears on the player's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect
from servers import serving

from conftest import WAIT_MS
from wingbeat.web import create_app
from wingbeat.web.roles import Role

pytestmark = pytest.mark.browser

AMBUSH = (Path(__file__).parent.parent / "data" / "share" / "ambush.yaml").read_text(
    encoding="utf-8")


class Seated:
    """Test only: a request with ``X-Test-Seat: SIDE`` sits at that side's seat (the access
    layer's job in a shared server, which these tests do not need)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            for name, value in scope.get("headers", []):
                if name == b"x-test-seat":
                    side = value.decode()
                    scope.setdefault("state", {})["role"] = Role(side, side)
        await self.app(scope, receive, send)


def _screen(browser: Any, url: str, problems: list[str], seat: str | None = None) -> Any:
    context = browser.new_context(viewport={"width": 1400, "height": 1000},
                                  extra_http_headers={"X-Test-Seat": seat} if seat else {})
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    page.on("pageerror", lambda exc: problems.append(str(exc)))
    page.goto(url)
    return page


def _shows(page: Any, version: str) -> None:
    expect(page.locator("#board")).to_have_attribute("data-wb-version", version)


def test_two_screens_follow_one_encounter(browser: Any, tmp_path: Path) -> None:
    app = create_app()
    app.state.play_db = tmp_path / "live.sqlite3"
    app.add_middleware(Seated)
    problems: list[str] = []
    with serving(app) as base, httpx.Client(base_url=base, timeout=WAIT_MS / 1000) as api:
        new = api.post("/api/play/encounters", json={
            "text": AMBUSH, "source": "ambush.yaml", "seed": 5,
            "order": ["zz-lurker", "scout", "ranger", "owl"]}).json()
        ref = new["encounter"]["id"]
        url = f"{base}/static/play.html#encounter={ref}"
        master = _screen(browser, url, problems)
        player = _screen(browser, url, problems, seat="party")
        try:
            for page in (master, player):
                _shows(page, new["version"])
                expect(page.locator("#board")).to_have_attribute("data-wb-live", "live")
                expect(page.locator("#live-note")).to_have_text("Following the game live.")

            # a move on the game master's screen appears on the player's
            master.select_option("#creature-select", "owl")
            master.fill("#moves-input", "M9")
            master.click("#move-button")
            expect(master.locator("#pieces tr[data-creature='owl']")).to_have_class("moved")
            moved = api.get(f"/api/play/encounters/{ref}")
            _shows(master, moved.json()["version"])
            _shows(player, moved.json()["version"])
            expect(player.locator("#pieces tr[data-creature='owl']")).to_have_class("moved")

            # approval: the player's move waits, drawn on both screens, until accepted
            master.check("#approval-toggle")
            expect(player.locator("#proposals-panel")).to_be_visible()
            player.select_option("#creature-select", "scout")
            player.fill("#moves-input", "B3 B4")
            player.click("#move-button")
            expect(player.locator("#move-result")).to_contain_text("waiting for the game master")
            for page in (master, player):
                expect(page.locator("#map-image g.proposals g.proposal")).to_have_count(1)
            expect(player.locator(".proposal-accept")).to_have_count(0)
            master.click("#proposals .proposal-accept")
            expect(master.locator("#proposals li[data-status='accepted']")).to_have_count(0)
            expect(master.locator("#map-image g.proposals")).to_have_count(0)
            played = api.get(f"/api/play/encounters/{ref}").json()
            assert played["state"]["pieces"]["scout"]["at"] == "B4"
            _shows(player, played["version"])
            expect(player.locator("#pieces tr[data-creature='scout'] td:nth-child(3)")
                   ).to_contain_text("B4")
            expect(player.locator("#map-image g.proposals")).to_have_count(0)
            expect(player.locator("#proposals li[data-status='accepted']")).to_have_count(1)

            # refused, with the game master's words, which the player reads
            player.select_option("#creature-select", "ranger")
            player.fill("#moves-input", "C3")
            player.click("#move-button")
            master.fill("#proposals li[data-status='pending'] .proposal-reason", "not yet")
            master.click("#proposals li[data-status='pending'] .proposal-refuse")
            expect(player.locator("#proposals li[data-status='refused']")).to_contain_text(
                "ranger: C3")
            expect(player.locator("#proposals li[data-status='refused']")).to_contain_text(
                "refused: not yet")
            expect(master.locator("#proposals li")).to_have_count(0)
        finally:
            master.context.close()
            player.context.close()
    assert problems == [], f"the page raised: {problems}"


def test_a_screen_that_lost_its_connection_catches_up(browser: Any, tmp_path: Path) -> None:
    app = create_app()
    app.state.play_db = tmp_path / "offline.sqlite3"
    problems: list[str] = []
    with serving(app) as base, httpx.Client(base_url=base, timeout=WAIT_MS / 1000) as api:
        new = api.post("/api/play/encounters", json={
            "scenario": "example:giant-bat", "seed": 4, "order": ["bat", "chamois"]}).json()
        ref = new["encounter"]["id"]
        page = _screen(browser, f"{base}/static/play.html#encounter={ref}", problems)
        try:
            _shows(page, new["version"])
            expect(page.locator("#board")).to_have_attribute("data-wb-live", "live")
            # the connection drops and the server takes no stream back for a while (as a phone
            # asleep): meanwhile a move is made, which no stream hears
            hub = app.state.live_hub
            loop = hub._poller.get_loop()

            def cut() -> None:
                hub._closed = True
                for stream in list(hub._streams):
                    hub.leave(stream)
            loop.call_soon_threadsafe(cut)
            expect(page.locator("#board")).to_have_attribute("data-wb-live", "waiting")
            moved = api.post(f"/api/play/encounters/{ref}/moves",
                             json={"creature": "chamois", "moves": ""}).json()
            loop.call_soon_threadsafe(setattr, hub, "_closed", False)
            # back, with the last event id it saw: it hears the change it missed, and shows it
            _shows(page, moved["version"])
            expect(page.locator("#board")).to_have_attribute("data-wb-live", "live")
            expect(page.locator("#pieces tr[data-creature='chamois']")).to_have_class("moved")
        finally:
            page.context.close()
    assert problems == [], f"the page raised: {problems}"


def test_a_page_whose_first_request_is_lost_asks_again_and_starts(
        browser: Any, tmp_path: Path) -> None:
    """The rulesets are the first thing a page asks for: lost to the network (a page opened as
    the server restarts), the page says so and asks again, rather than stay silent and empty."""
    app = create_app()
    app.state.play_db = tmp_path / "lost.sqlite3"
    problems: list[str] = []
    with serving(app) as base, httpx.Client(base_url=base, timeout=WAIT_MS / 1000) as api:
        new = api.post("/api/play/encounters", json={
            "scenario": "example:giant-bat", "seed": 4, "order": ["bat", "chamois"]}).json()
        ref = new["encounter"]["id"]
        context = browser.new_context(viewport={"width": 1400, "height": 1000})
        lost: list[str] = []
        released: list[bool] = []

        def first_lost(route: Any) -> None:
            if not released:  # every try fails until the page has said the connection is gone
                lost.append(route.request.url)
                route.abort("internetdisconnected")
            else:
                route.continue_()
        context.route("**/api/rulesets*", first_lost)
        page = context.new_page()
        page.set_default_timeout(WAIT_MS)
        page.on("pageerror", lambda exc: problems.append(str(exc)))
        try:
            page.goto(f"{base}/static/play.html#encounter={ref}")
            expect(page.locator("#error")).to_contain_text("no connection to the server")
            released.append(True)
            _shows(page, new["version"])  # it asked again, started, and opened the encounter
            expect(page.locator("#error")).to_be_hidden()
            expect(page.locator("#map-tools button").first).to_be_visible()
            assert lost, "the first request was never lost"
        finally:
            context.close()
    assert problems == [], f"the page raised: {problems}"
