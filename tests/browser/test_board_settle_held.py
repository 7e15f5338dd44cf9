"""A settle at a new scale lays out no cell text (zoom.js, issue 26's frame budget).

SVG lays every text shown out again when the picture's scale changes: on the harpy zoomed in
far, that was most of the settle's layout. So the cells in view have their texts left out
(wb-mute) in the settle's own frame, which then lays out the cells' shapes only, and they come
back from the next frames on, nearest the view's centre first. Counted in animation frames, not
in time: right after the settle the texts in view are held, and once the detail is drawn every
cell in view shows its texts and every label of 12 px or more is drawn, as before.
"""

from __future__ import annotations

from typing import Any

import pytest
from pages import SHAPE_BOX, closed, opened
from test_board_settle_texts import LEFT_OUT, SETTLED, wheel
from test_drag import ready

pytestmark = pytest.mark.browser

#: each animation frame from now on: how many cells whose centre is in the box's middle half
#: have their texts left out, and whether a gesture is on, until a gesture has come and its
#: view has settled with its detail drawn
RECORD = """() => {""" + SHAPE_BOX + """
  const box = document.getElementById('map');
  const svg = box.querySelector(':scope > svg');
  const r = box.getBoundingClientRect();
  const seen = window.__held = [];
  let began = false;
  const step = () => {
    const gesture = box.dataset.gesture || '';
    let held = 0;
    if (!gesture && began) {
      const m = svg.getScreenCTM();
      for (const cell of svg.querySelectorAll('g.cell.wb-mute')) {
        const b = boxOf(cell.querySelector('polygon, rect, path'));
        const p = new DOMPoint(b.x + b.width / 2, b.y + b.height / 2).matrixTransform(m);
        if (p.x > r.left + r.width / 4 && p.x < r.right - r.width / 4 &&
            p.y > r.top + r.height / 4 && p.y < r.bottom - r.height / 4) held += 1;
      }
    }
    seen.push([held, gesture]);
    began = began || !!gesture;
    if (began && !gesture && !box.dataset.detail) { window.__heldDone = true; return; }
    requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}"""


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1440, 900)])
def test_a_new_scale_settles_with_the_texts_held(browser: Any, server: str, width: int,
                                                 height: int) -> None:
    page = opened(browser, server + "/", width, height)
    ready(page, "harpy", "harpy")
    page.wait_for_function(SETTLED)
    for dy in (-700, 700):  # far in, and back out
        page.evaluate(RECORD)
        wheel(page, dy, 0.5, 0.5)
        page.wait_for_function("() => window.__heldDone === true")
        seen: list[list[Any]] = page.evaluate("window.__held")
        began = [gesture for _, gesture in seen].index("wheel")
        after = [held for held, gesture in seen[began:] if not gesture]
        # the first frame after the settle holds the texts in view; the last shows them all
        assert after[0] > 0, f"{width}×{height}, {dy}: {after}"
        assert after[-1] == 0, f"{width}×{height}, {dy}: {after}"
        assert page.evaluate(LEFT_OUT) == {"muted": [], "unlabelled": []}
        page.evaluate("() => { window.__heldDone = false; }")
    closed(page)
