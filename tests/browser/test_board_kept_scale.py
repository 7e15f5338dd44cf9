"""A small zoom keeps the scale the map is laid out at (zoom.js, issue 26's frame budget).

A zoom's settle within KEEP_UP of the scale laid out keeps the svg's viewBox and scales the
picture by its CSS transform (a new viewBox at a new scale made Chromium lay every cell out
again). The picture then is what a new viewBox would show: the cell under the pointer is the
one hovered and clicked, each cell in the settled view is where the view says, and the labels
of 12 px or more are drawn; a larger zoom and the way back lay the picture out anew.
"""

from __future__ import annotations

from typing import Any

import pytest
from pages import SHAPE_BOX, closed, opened
from playwright.sync_api import Page
from test_board_settle_texts import LEFT_OUT, SETTLED, wheel
from test_drag import ready

pytestmark = pytest.mark.browser

#: the svg's viewBox and transform as the settled view left them
DRAWN = """() => { const svg = document.querySelector('#map > svg');
  return [svg.getAttribute('viewBox'), svg.style.transform]; }"""

#: cells in the middle of the box: their data-cell and the screen centre of their shape, and
#: where the settled view (data-view, in the picture's units) says that centre is
CELLS = """() => {""" + SHAPE_BOX + """
  const box = document.getElementById('map');
  const r = box.getBoundingClientRect();
  const [x, y, w, h] = box.dataset.view.split(' ').map(Number);
  const s = r.width / w;
  const found = [];
  for (const cell of box.querySelectorAll('svg g.cell[data-cell]')) {
    const shape = cell.querySelector('polygon, rect, path');
    const b = boxOf(shape);
    const [ux, uy] = [b.x + b.width / 2, b.y + b.height / 2];
    const said = [r.left + (ux - x) * s, r.top + (uy - y) * s];
    if (said[0] < r.left + r.width * 0.3 || said[0] > r.left + r.width * 0.7 ||
        said[1] < r.top + r.height * 0.3 || said[1] > r.top + r.height * 0.7) continue;
    // (drag.js and the legend map points by the svg's screen matrix: it says the same)
    const m = new DOMPoint(ux, uy).matrixTransform(box.querySelector('svg').getScreenCTM());
    // a cell out of the layout (under the zoomed-out bitmap, display: none) has no box: the
    // bitmap draws it where the screen matrix says (and the hover below names it there)
    const c = shape.getClientRects().length ? shape.getBoundingClientRect()
      : { left: m.x, top: m.y, width: 0, height: 0 };
    found.push([cell.getAttribute('data-cell'), c.left + c.width / 2, c.top + c.height / 2,
      said[0], said[1], m.x, m.y]);
  }
  return found;
}"""


def check_picture(page: Page, where: str) -> None:
    """Cells are drawn where the view says, hovered under the pointer, their labels drawn."""
    cells = page.evaluate(CELLS)
    assert cells, where
    for name, cx, cy, sx, sy, mx, my in cells:
        assert abs(cx - sx) <= 1.5 and abs(cy - sy) <= 1.5, f"{name} {where}"
        assert abs(cx - mx) <= 1.5 and abs(cy - my) <= 1.5, f"{name} {where}: screen matrix"
    for name, cx, cy, *_ in cells[:: max(1, len(cells) // 4)]:
        page.mouse.move(cx, cy)
        page.wait_for_function("(c) => document.getElementById('map').dataset.wbHover === c",
                               arg=name)
    # (a label of 12 px or more left out is one a muted cell hides too)
    assert page.evaluate(LEFT_OUT)["unlabelled"] == [], where


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1440, 900)])
def test_a_small_zoom_keeps_the_layout_and_the_picture_right(browser: Any, server: str,
                                                             width: int, height: int) -> None:
    page = opened(browser, server + "/", width, height)
    ready(page, "harpy", "harpy")
    page.wait_for_function(SETTLED)
    laid, _ = page.evaluate(DRAWN)
    # one notch in: the same viewBox, scaled by the transform
    wheel(page, -100)
    page.wait_for_function(SETTLED)
    box, transform = page.evaluate(DRAWN)
    assert box == laid and "scale(" in transform
    check_picture(page, "a notch in")
    # a notch out again, then far in (laid out anew at its scale), far out and back
    for steps in [(100,), (-300, -300), (300, 300, 300), (-300, -300, -300)]:
        for dy in steps:
            wheel(page, dy)
        page.wait_for_function(SETTLED)
        check_picture(page, f"after {steps}")
    # a click on a cell in view chooses it: its way is asked and answered
    name, cx, cy, *_ = page.evaluate(CELLS)[0]
    page.mouse.click(cx, cy)
    page.wait_for_function("(c) => document.getElementById('map').dataset.wbHover === c",
                           arg=name)
    page.wait_for_selector("[data-wb-answer]:not([hidden])")
    closed(page)
