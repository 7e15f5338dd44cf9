"""The texts of a zoom's coming view (zoom.js, issue 26's frame budget).

A frame before a zoom settles, the cells out of the view it will settle on have their texts
left out already (wb-mute), so the settle's own frame restyles nothing. Whatever the gesture
does after that (it goes on, pauses again, turns back), once the view has settled and its
detail is drawn every cell in view shows its texts again and the labels of 12 px or more are
drawn: none is left out for good (but under the zoomed-out bitmap, which shows them all).
"""

from __future__ import annotations

from typing import Any

import pytest
from pages import SHAPE_BOX, closed, opened
from playwright.sync_api import Page
from test_drag import ready

pytestmark = pytest.mark.browser

SETTLED = """() => { const b = document.getElementById('map');
  return b.dataset.zoom && !b.dataset.gesture && !b.dataset.detail; }"""

#: n animation frames pass (a gesture's pause: zoom.js settles after 4 quiet frames)
FRAMES = """(n) => new Promise((resolve) => {
  const step = () => (n-- <= 0 ? resolve() : requestAnimationFrame(step));
  requestAnimationFrame(step);
})"""

#: the cells whose centre is in the settled view but whose texts are left out, and the labels
#: of those cells at 12 px or more on screen that are not drawn
LEFT_OUT = """() => {""" + SHAPE_BOX + """
  const box = document.getElementById('map');
  const svg = box.querySelector(':scope > svg');
  const [x, y, w, h] = box.dataset.view.split(' ').map(Number);
  const scale = box.clientWidth / w;
  const muted = [], unlabelled = [];
  for (const cell of svg.querySelectorAll('g.cell')) {
    const b = boxOf(cell.querySelector('polygon, rect, path') || cell);
    const [cx, cy] = [b.x + b.width / 2, b.y + b.height / 2];
    if (cx < x || cx > x + w || cy < y || cy > y + h) continue;
    const name = cell.getAttribute('data-cell') || cell.id || String(cx) + ',' + String(cy);
    // (zoomed out to a bitmap of the cells, they are hidden over it: their texts too)
    if (cell.classList.contains('wb-mute') ||
        (cell.classList.contains('wb-off') && !('coarse' in box.dataset))) muted.push(name);
    const label = cell.querySelector('text.label');
    if (label && parseFloat(label.getAttribute('font-size') || '12') * scale >= 12.5
        && getComputedStyle(label).display === 'none') unlabelled.push(name);
  }
  return { muted, unlabelled };
}"""


def wheel(page: Page, dy: float, x: float = 0.6, y: float = 0.4) -> None:
    box = page.locator("#map").bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] * x, box["y"] + box["height"] * y)
    page.mouse.wheel(0, dy)


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1440, 900)])
def test_every_cell_in_a_settled_zoom_shows_its_texts(browser: Any, server: str, width: int,
                                                       height: int) -> None:
    page = opened(browser, server + "/", width, height)
    ready(page, "harpy", "harpy")
    page.wait_for_function(SETTLED)
    # out, in by steps with pauses of 3 frames (the frame before a settle) between them, back
    # the other way, and a pan after a pause: each settled view shows every text it holds
    for steps, pause in [((300,), 8), ((-120, -120, -120), 3), ((-200,), 8), ((150, -60), 3)]:
        for dy in steps:
            wheel(page, dy)
            page.evaluate(FRAMES, pause)
        page.wait_for_function(SETTLED)
        found = page.evaluate(LEFT_OUT)
        assert found == {"muted": [], "unlabelled": []}, f"{width}×{height} after {steps}"
    closed(page)
