"""The drag's way is drawn in a picture of its own over the map (static/drag.js, issue 26 item 4):
a preview frame then repaints the way alone, not the cells under it. The overlay must sit
exactly on the map's picture, at any zoom, take no pointer, and go with the drag."""

from __future__ import annotations

from typing import Any

import pytest
from pages import closed, opened
from test_drag import cell, home, mouse_drag_to, ready

pytestmark = pytest.mark.browser

#: where the overlay and the picture are, and where the way's points fall on the screen
PLACES = """() => {
  const box = document.getElementById('map');
  const svgs = [...box.querySelectorAll(':scope > svg')];
  const [picture, over] = svgs;
  const way = over && over.querySelector('g.wb-drag-way polyline.wb-way');
  const m = way && over.getScreenCTM();
  const points = way ? [...way.points].map((p) => {
    const q = new DOMPoint(p.x, p.y).matrixTransform(m);
    return [q.x, q.y];
  }) : [];
  const rect = (node) => { const r = node.getBoundingClientRect();
    return [r.left, r.top, r.width, r.height]; };
  return { count: svgs.length, overlay: !!over && over.classList.contains('wb-drag-overlay'),
    inPicture: picture.querySelectorAll('g.wb-drag-way').length,
    sameViewBox: !!over && over.getAttribute('viewBox') === picture.getAttribute('viewBox'),
    pictureRect: rect(picture), overRect: over ? rect(over) : null, points,
    hidden: over ? over.getAttribute('aria-hidden') : null };
}"""


@pytest.mark.parametrize("zooms", [0, 2])
def test_the_way_is_drawn_over_the_map_where_its_cells_are(browser: Any, server: str,
                                                            zooms: int) -> None:
    page = opened(browser, server + "/", 1440, 900)
    ready(page, "harpy", "harpy")
    for _ in range(zooms):  # about the token, which stays where it is
        page.mouse.move(*home(page, "harpy"))
        page.mouse.wheel(0, -240)
        page.wait_for_function("() => { const m = document.getElementById('map'); "
                               "return !m.dataset.detail && !m.dataset.gesture; }")
    if zooms:
        assert float(page.get_attribute("#map", "data-zoom") or 0) > 1.5
    start = home(page, "harpy")
    mouse_drag_to(page, "harpy", "F5")
    tx, ty = cell(page, "F5")
    found = page.evaluate(PLACES)
    assert found["count"] == 2 and found["overlay"] and found["hidden"] == "true"
    assert found["inPicture"] == 0  # drawn out of the map's picture
    assert found["sameViewBox"]
    assert found["overRect"] == pytest.approx(found["pictureRect"], abs=0.5)
    # the way starts on the token's cell and ends on the cell under the pointer
    (x0, y0), (x1, y1) = found["points"][0], found["points"][-1]
    assert (x0, y0) == pytest.approx(start, abs=1.5)
    assert (x1, y1) == pytest.approx((tx, ty), abs=1.5)
    # the overlay takes no pointer: the map's cell is under it
    hit = page.evaluate("([x, y]) => { const n = document.elementFromPoint(x, y); "
                        "return n && n.closest('svg') === "
                        "document.querySelector('#map > svg'); }", [tx, ty])
    assert hit
    page.mouse.up()
    page.wait_for_function("() => !document.querySelector('#map > svg.wb-drag-overlay')")
    closed(page)


def test_a_cancelled_drag_takes_its_overlay_away(browser: Any, server: str) -> None:
    page = opened(browser, server + "/", 768, 1024)
    ready(page, "harpy", "harpy")
    mouse_drag_to(page, "harpy", "F4")
    assert page.locator("#map > svg.wb-drag-overlay").count() == 1
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.querySelector('#map > svg.wb-drag-overlay')")
    page.mouse.up()
    assert page.locator("#map > svg").count() == 1
    closed(page)
