"""The play page on a ``dnd5e`` encounter: an opportunity attack logged, the GM knocks the harpy
prone (D-fly: it falls, its damage rolled), and undo takes it back."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pages import new_encounter
from playwright.sync_api import expect
from servers import serving

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def dnd_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The play page and its API alone, on a database in a temporary folder."""
    from wingbeat.web.play import create_play_app

    app = create_play_app(tmp_path_factory.mktemp("play5e") / "browser.sqlite3")
    with serving(app, "the play app") as url:
        yield url


def test_knock_a_harpy_prone_from_the_page(dnd_server: str, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.set_default_timeout(120_000)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(dnd_server + "/")
    new_encounter(page, "example:harpy", seed="5")
    expect(page.locator("#round")).to_have_text("1")
    expect(page.locator("#condition-form")).to_be_visible()

    page.select_option("#creature-select", "harpy")
    page.fill("#moves-input", "C3+down D3 action C3+up")
    page.click("#move-button")
    result = page.locator("#move-result")
    expect(result).to_contain_text("fighter gets an opportunity attack on harpy")

    page.select_option("#condition-creature", "harpy")
    page.select_option("#condition-select", "prone")
    page.click("#condition-gain-button")
    expect(result).to_contain_text("GM: harpy +prone")
    expect(result).to_contain_text(re.compile(r"harpy rolls 1d6 fall damage \(D-fly\): \d"))
    row = page.locator("#pieces tr[data-creature='harpy'] td:nth-child(3)")
    expect(row).to_have_text(re.compile(r"^C3 altitude 0 \(0 ft\), walking, prone"))
    expect(page.locator("#log")).to_contain_text("GM: harpy +prone")
    page.wait_for_selector("#board svg#map-image")
    if os.environ.get("WINGBEAT_SCREENSHOTS"):
        page.screenshot(path=str(Path(os.environ["WINGBEAT_SCREENSHOTS"]) / "play-dnd5e.png"),
                        full_page=True)

    page.click("#undo-button")
    expect(row).to_have_text(re.compile(r"^C3 altitude 2 \(10 ft\), flying"))
    assert errors == []
    page.close()
