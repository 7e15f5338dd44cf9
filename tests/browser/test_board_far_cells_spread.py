"""A full zoom's far cells leave the layout over two frames (zoom.js, issue 26's frame budget).

Zoomed in far on the harpy, most of its cells fall outside the coming view's margin and leave
the layout before the settle (wb-off). Taking them all out in one frame restyled about 2,100
elements (30 ms of style at CPU 4×), so they leave in two frames before the settle, half in
each. Counted in animation frames, not in time: no frame takes them all, and once the view has
settled the far cells are out and every cell in view shows its texts, as before.
"""

from __future__ import annotations

from typing import Any

import pytest
from pages import closed, opened
from test_board_settle_texts import LEFT_OUT, SETTLED, wheel
from test_drag import ready

pytestmark = pytest.mark.browser

#: each animation frame from now on: how many cells are out of the layout and whether a gesture
#: is on, until a gesture has come and its view has settled with its detail drawn
RECORD = """() => {
  const box = document.getElementById('map');
  const svg = box.querySelector(':scope > svg');
  const seen = window.__offs = [];
  let began = false;
  const step = () => {
    const gesture = box.dataset.gesture || '';
    seen.push([svg.querySelectorAll('g.cell.wb-off').length, gesture]);
    began = began || !!gesture;
    if (began && !gesture && !box.dataset.detail) { window.__offsDone = true; return; }
    requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}"""


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1440, 900)])
def test_far_cells_leave_over_two_frames(browser: Any, server: str, width: int,
                                         height: int) -> None:
    page = opened(browser, server + "/", width, height)
    ready(page, "harpy", "harpy")
    page.wait_for_function(SETTLED)
    page.evaluate(RECORD)
    wheel(page, -1500, 0.5, 0.5)  # one wheel step, far in (the most the page zooms)
    page.wait_for_function("() => window.__offsDone === true")
    seen: list[list[Any]] = page.evaluate("window.__offs")
    before = seen[0][0]
    during = [count for count, gesture in seen if gesture]
    rises = [b - a for a, b in zip([before, *during], during, strict=False) if b > a]
    left = during[-1] - before
    assert left > 40, f"{width}×{height}: only {left} cells left the layout"
    assert len(rises) >= 2 and max(rises) <= (left + 1) // 2 + 1, (
        f"{width}×{height}: the far cells left in {rises}")
    # settled: the far cells out, every cell in view with its texts
    assert seen[-1][0] - before > 40
    assert page.evaluate(LEFT_OUT) == {"muted": [], "unlabelled": []}
    closed(page)
