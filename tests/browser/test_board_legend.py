"""The legend placed from the settled view (legend.js, issue 26's frame budget).

A settle places the legend reading the layout as it is, the move it gave the legend before
taken off by arithmetic rather than by a write (which laid the picture out twice), and writes
only what changed; after any run of zooms and pans that place must be the one a fresh place
gives, and the legend must still clear the map's buttons and stay in view.
"""

from __future__ import annotations

from typing import Any

import pytest
from pages import closed, opened
from playwright.sync_api import Page
from test_drag import ready
from test_drag_sizes import LEGEND_CUT, MEETING

pytestmark = pytest.mark.browser

#: the legends' transforms and backdrops, as the page placed them
PLACED = """() => [...document.querySelectorAll(
    '#map > svg > :is(g.legend, g.threat-legend, g.advice-legend)')].map((g) =>
    [g.getAttribute('class'), g.getAttribute('transform') || '',
     g.querySelectorAll(':scope > rect.legend-backdrop').length])"""

#: the page reads the layout afresh (a resize does) and places the legend again
REREAD = """() => new Promise((resolve) => {
  window.dispatchEvent(new Event('resize'));
  requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
})"""

SETTLED = """() => { const b = document.getElementById('map');
  return b.dataset.zoom && !b.dataset.gesture && !b.dataset.detail; }"""


def placed_twice(page: Page) -> tuple[Any, Any]:
    page.wait_for_function(SETTLED)
    first = page.evaluate(PLACED)
    page.evaluate(REREAD)
    return first, page.evaluate(PLACED)


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1440, 900), (1920, 1080)])
def test_the_legend_placed_from_the_view_is_where_the_layout_puts_it(
        browser: Any, server: str, width: int, height: int) -> None:
    page = opened(browser, server + "/", width, height)
    ready(page, "harpy", "harpy")
    page.locator("#map").focus()
    steps = [("key", "+"), ("key", "+"), ("key", "Shift+ArrowLeft"), ("key", "Shift+ArrowLeft"),
             ("key", "-"), ("button", "Whole map"), ("key", "Shift+ArrowUp"), ("key", "0"),
             ("wheel", "-240"), ("key", "Shift+ArrowRight")]
    for kind, what in steps:
        if kind == "key":
            page.keyboard.press(what)
        elif kind == "button":
            page.click(f"#map-tools button[aria-label='{what}']")
            page.locator("#map").focus()
        else:
            box = page.locator("#map").bounding_box()
            assert box is not None
            page.mouse.move(box["x"] + box["width"] * 0.6, box["y"] + box["height"] * 0.4)
            page.mouse.wheel(0, float(what))
        first, again = placed_twice(page)
        assert first == again, f"{width}×{height} after {kind} {what}"
        assert page.evaluate(MEETING, "#map") == [], f"{width}×{height} after {kind} {what}"
        assert not page.evaluate(LEGEND_CUT, "#map"), f"{width}×{height} after {kind} {what}"
    closed(page)
