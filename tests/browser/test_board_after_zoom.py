"""What a zoom leaves behind (zoom.js, mapview.js; issue 26).

After a far zoom out and back, no cell is left with its texts muted (wb-mute: the texts of the
cells out of a coming view are left out for a few frames, never for good), and the hover (the
map's data-wb-hover and the hover card) names the cell under a pointer that did not move while
the map zoomed under it, not the cell that was there before.
"""

from __future__ import annotations

from typing import Any

import pytest
from pages import closed, opened
from playwright.sync_api import Page, expect
from test_board_settle_texts import FRAMES, SETTLED, wheel
from test_drag import ready

pytestmark = pytest.mark.browser

#: the cells with wb-mute, and whether the zoomed-out bitmap shows
MUTED = """() => {
  const box = document.getElementById('map');
  return [[...box.querySelectorAll('svg g.cell.wb-mute')].map((c) => c.getAttribute('data-cell')),
          'coarse' in box.dataset];
}"""

#: the cell under a client point, as the browser hit-tests it
UNDER = """([x, y]) => {
  const hit = document.elementFromPoint(x, y);
  const cell = hit && hit.closest('g.cell[data-cell]');
  return cell ? cell.getAttribute('data-cell') : null;
}"""


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1440, 900)])
def test_no_cell_stays_muted_after_a_far_zoom(browser: Any, server: str, width: int,
                                              height: int) -> None:
    page = opened(browser, server + "/", width, height)
    ready(page, "harpy", "harpy")
    page.wait_for_function(SETTLED)
    # far out and back, by notches with pauses of 3 frames (a frame before a settle, when the
    # texts out of the coming view are muted) and of 8 (settled), then a few notches each way
    for steps, pause in [((300,) * 6, 3), ((-300,) * 6, 3), ((400,) * 5, 8), ((-400,) * 5, 8),
                         ((300, 300), 3), ((-120, -120, 300), 3)]:
        for dy in steps:
            wheel(page, dy)
            page.evaluate(FRAMES, pause)
        page.wait_for_function(SETTLED)
        muted, coarse = page.evaluate(MUTED)
        assert muted == [], f"{width}×{height} after {steps} (bitmap: {coarse})"
    closed(page)


def point(page: Page, x: float, y: float) -> tuple[float, float]:
    box = page.locator("#map").bounding_box()
    assert box is not None
    return box["x"] + box["width"] * x, box["y"] + box["height"] * y


def test_the_hover_follows_the_map_under_a_still_pointer(browser: Any, server: str) -> None:
    page = opened(browser, server + "/", 1440, 900)
    ready(page, "harpy", "harpy")
    page.wait_for_function(SETTLED)
    x, y = point(page, 0.7, 0.3)
    page.mouse.move(x, y)
    before = page.evaluate(UNDER, [x, y])
    assert before
    page.wait_for_function("(c) => document.getElementById('map').dataset.wbHover === c",
                           arg=before)
    card = page.locator("#hover-preview")
    expect(card).to_contain_text(before)
    # zoomed by the keys, about the box's centre: the map moves under the still pointer
    page.locator("#map").focus()
    for _ in range(3):
        page.keyboard.press("+")
    page.wait_for_function(SETTLED)
    after = page.evaluate(UNDER, [x, y])
    assert after and after != before
    page.wait_for_function("(c) => document.getElementById('map').dataset.wbHover === c",
                           arg=after)
    expect(card).to_contain_text(after)
    closed(page)
