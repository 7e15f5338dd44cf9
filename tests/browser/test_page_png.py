"""The page's "Download PNG" link gives the picture on screen as a PNG (issue 15)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


def test_the_png_link_downloads_the_map_on_screen(page: Page, server: str):
    expect(page.locator("#map svg")).to_have_attribute("data-creature", "bat")
    page.locator('#map g.hex[data-cell="U35"]').click()
    expect(page.locator("#map line.route-step").first).to_be_attached()
    link = page.locator("#png-link")
    expect(link).to_have_attribute("href", "/api/render?" + (
        "scenario=example%3Agiant-bat&creature=bat&altitude=all&to=U35&format=png"))
    with page.expect_download() as waiting:
        link.click()
    saved = waiting.value.path()
    with open(saved, "rb") as picture:
        assert picture.read(8) == b"\x89PNG\r\n\x1a\n"
    assert waiting.value.suggested_filename == "wingbeat-map.png"
