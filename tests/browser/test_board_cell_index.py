"""The cell under a point by arithmetic (cellindex.js; issue 26's full zooms).

A large map's far cells leave the layout (zoom.js: display: none), so the pointer no longer
hits them; the page names the cell under a point from the cells' centres and outlines instead.
On a small map of each grid (volare hexes, dnd5e squares) its answer is the browser's hit test's
on every cell drawn; on a large map a click, the hover, a drag and the keyboard on a cell that
was out of the layout land on that cell.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pages import SHAPE_BOX, closed, opened
from playwright.sync_api import Page, expect
from test_board import settled
from test_board_bitmap import BIG
from test_drag import preview_of, ready

pytestmark = pytest.mark.browser

#: for points inside every cell drawn (its centre, and 60 % of the way to each corner of its
#: outline), the cell the browser hits and the one cellindex.js names, where the browser hits a
#: cell (a token or the legend over it is no cell); and the cells out of the layout
COMPARE = """async () => {""" + SHAPE_BOX + """
  const { cellAtClient } = await import('/static/cellindex.js');
  const box = document.getElementById('map');
  const svg = box.querySelector(':scope > svg');
  const r = box.getBoundingClientRect();
  const m = svg.getScreenCTM();
  const found = [];
  let cells = 0;
  for (const cell of svg.querySelectorAll('g.cell[data-cell]')) {
    const shape = cell.querySelector('polygon, rect, path');
    const b = boxOf(shape);
    const [cx, cy] = [b.x + b.width / 2, b.y + b.height / 2];
    const corners = shape.localName === 'polygon'
      ? [...shape.points].map((p) => [p.x, p.y])
      : [[b.x, b.y], [b.x + b.width, b.y], [b.x, b.y + b.height], [b.x + b.width, b.y + b.height]];
    cells += 1;
    for (const [px, py] of [[cx, cy], ...corners.map(([x, y]) =>
        [cx + 0.6 * (x - cx), cy + 0.6 * (y - cy)])]) {
      const p = new DOMPoint(px, py).matrixTransform(m);
      if (p.x < r.left + 1 || p.x > r.right - 1 || p.y < r.top + 1 || p.y > r.bottom - 1) continue;
      const hit = document.elementFromPoint(p.x, p.y);
      const dom = hit && hit.closest('g.cell[data-cell]');
      if (!dom) continue;
      const mine = cellAtClient(svg, p.x, p.y);
      found.push([cell.getAttribute('data-cell'), dom.getAttribute('data-cell'),
        mine ? mine.getAttribute('data-cell') : null]);
    }
  }
  return { cells, found };
}"""

#: the screen centre of a cell from its outline and the svg's screen matrix (it may have no box)
CENTRE = """(label) => {""" + SHAPE_BOX + """
  const svg = document.querySelector('#map > svg');
  const cell = svg.querySelector(`g.cell[data-cell="${label}"]`);
  const b = boxOf(cell.querySelector('polygon, rect, path'));
  const p = new DOMPoint(b.x + b.width / 2, b.y + b.height / 2).matrixTransform(svg.getScreenCTM());
  return [p.x, p.y, getComputedStyle(cell).display];
}"""


@pytest.mark.parametrize(("name", "creature"), [("giant-bat", "bat"), ("harpy", "harpy")])
def test_the_arithmetic_answers_as_the_hit_test(browser: Any, server: str, name: str,
                                                creature: str) -> None:
    page = opened(browser, server + "/", 1440, 900)
    ready(page, name, creature)
    page.get_by_role("button", name="Whole map").click()
    settled(page)
    page.wait_for_function("() => !document.querySelector('#map g.cell.wb-off')")
    seen = page.evaluate(COMPARE)
    wrong = [f for f in seen["found"] if f[1] != f[2]]
    assert wrong == []
    hit = {f[0] for f in seen["found"]}
    assert len(hit) >= 0.9 * seen["cells"], (len(hit), seen["cells"])
    closed(page)


def big_map(page: Page, tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    big.write_text(BIG, encoding="utf-8")
    page.locator("#upload").set_input_files(str(big))
    expect(page.locator("#map svg")).to_have_attribute("data-creature", "roc")
    settled(page)


def test_a_cell_out_of_the_layout_is_clicked_hovered_and_reached(page: Page,
                                                                 tmp_path: Path) -> None:
    big_map(page, tmp_path)
    # far cells are out of the layout (display: none), not only hidden
    far = page.evaluate("""() => [...document.querySelectorAll('#map g.cell.wb-off')]
      .slice(0, 50).map((c) => getComputedStyle(c).display)""")
    assert far and set(far) == {"none"}
    # zoomed out to the bitmap: every cell out of the layout, each still answers
    page.get_by_role("button", name="Whole map").click()
    settled(page)
    expect(page.locator("#map")).to_have_attribute("data-coarse", "")
    for label in ("AV40", "AX58", "BA47"):
        x, y, display = page.evaluate(CENTRE, label)
        assert display == "none", label
        page.mouse.move(x, y)
        expect(page.locator("#map")).to_have_attribute("data-wb-hover", label)
        page.mouse.click(x, y)
        expect(page.locator("#map-answer")).to_contain_text(label)
    # the keyboard's cursor moves onto a cell out of the layout, which is then drawn
    page.locator("#map").focus()
    page.keyboard.press("ArrowUp")
    focused = page.locator("#map g.cell:focus")
    expect(focused).to_have_count(1)
    expect(focused).to_be_visible()


def test_a_drag_onto_a_cell_out_of_the_layout(page: Page, tmp_path: Path) -> None:
    big_map(page, tmp_path)
    page.get_by_role("button", name="Whole map").click()
    settled(page)
    expect(page.locator("#map")).to_have_attribute("data-coarse", "")
    x, y, _ = page.evaluate(CENTRE, "AV50")
    tx, ty, display = page.evaluate(CENTRE, "AV44")
    assert display == "none"
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move((x + tx) / 2, (y + ty) / 2, steps=4)
    page.mouse.move(tx, ty, steps=4)
    data = preview_of(page, "AV44")
    assert data["place"] == "AV44"
    page.mouse.up()
