"""A shared table's pages (issue 27): the key read from the link's fragment and sent with every
request, the game master's Share panel, a player's page without it, a page without a key."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from servers import serving

from wingbeat.web.access import install_access
from wingbeat.web.app import create_app
from wingbeat.web.share import ShareKeys, share_keys

BASE = "http://192.0.2.7:8000/"  # the links' address (the server here is on the loopback)


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, ShareKeys]]:
    folder = tmp_path_factory.mktemp("share")
    keys = share_keys(["monsters", "party"], folder / "keys.json")
    app = create_app()
    app.state.play_db = folder / "table.sqlite3"
    install_access(app, keys, BASE)
    with serving(app, "the shared table") as url:
        yield url, keys


def opened(browser: Any, url: str) -> tuple[Any, Any, list[str]]:
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda exc: problems.append(str(exc)))
    page.goto(url)
    return context, page, problems


def test_a_page_without_a_key_says_so(table: tuple[str, ShareKeys], browser: Any) -> None:
    from playwright.sync_api import expect

    url, _keys = table
    context, page, problems = opened(browser, url + "/")
    expect(page.locator("#no-key")).to_contain_text("open the link the game master gave you")
    expect(page.locator("#share-button")).to_have_count(0)
    context.close()
    assert problems == []


def test_the_game_master_sees_the_board_and_the_share_panel(table: tuple[str, ShareKeys],
                                                             browser: Any) -> None:
    from playwright.sync_api import expect

    url, keys = table
    context, page, problems = opened(browser, f"{url}/#key={keys.gm}")
    expect(page.locator("#map svg").first).to_be_visible()
    assert "key=" not in page.url  # taken off the address bar
    page.locator("#share-button").click()
    panel = page.locator("#share-panel")
    expect(panel).to_be_visible()
    expect(panel.locator("svg")).to_have_count(3)
    expect(panel).to_contain_text(f"{BASE}static/play.html#key={keys.side_keys['party']}")
    page.locator("#share-panel button").click()
    with page.expect_download() as downloading:  # a link sends no key: the page fetches it
        page.locator("#png-link").click()
    saved = downloading.value.path()
    assert saved is not None and Path(saved).read_bytes().startswith(b"\x89PNG")
    page.reload()  # the tab keeps its key
    expect(page.locator("#share-button")).to_be_visible()
    expect(page.locator("#no-key")).to_have_count(0)
    context.close()
    assert problems == []


def test_a_player_plays_without_the_share_panel(table: tuple[str, ShareKeys],
                                                browser: Any) -> None:
    from playwright.sync_api import expect

    url, keys = table
    context, page, problems = opened(
        browser, f"{url}/static/play.html#key={keys.side_keys['party']}")
    expect(page.locator("#scenario-select option").first).to_be_attached()  # read with its key
    expect(page.locator("#no-key")).to_have_count(0)
    assert page.evaluate("() => fetch('/api/share').then((r) => r.status)") == 401
    assert page.evaluate("""() => fetch('/api/share', {headers: {Authorization:
        'Bearer ' + sessionStorage.getItem('wingbeat-key')}}).then((r) => r.status)""") == 403
    expect(page.locator("#share-button")).to_have_count(0)
    expect(page.locator('header a[href="/"]')).to_be_hidden()  # the analysis page is the GM's
    context.close()
    assert problems == []
