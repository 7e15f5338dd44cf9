"""The zoomed-out large map as one bitmap (zoom.js, issue 26): its hidden cells still answer.

Zoomed out on a map of more than 300 cells, until every cell text is hidden, the page shows a
bitmap of the cells and hides the cells over it; clicks, the hover and the keyboard must reach
the cells as before, and zooming in draws the cells again.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from test_board import settled

pytestmark = pytest.mark.browser

#: benchmarks/page.py's 100 × 100 battlefield (2,650 cells drawn)
BIG = """ruleset: volare
map: {grid: hex, columns: 100, rows: 100, top: 10}
creatures:
  - {id: roc, fly: 24, maneuverability: medium, reflex: 50, at: AV50, altitude: 2,
     mode: hovering}
  - {id: kite, fly: 12, maneuverability: excellent, reflex: 50, at: AZ52, altitude: 1,
     mode: hovering}
"""


def centre(page: Page, label: str) -> tuple[float, float]:
    """The cell's screen centre, from its outline's points and the svg's screen matrix: under
    the bitmap a cell is out of the layout (its shapes display: none), with no box."""
    x, y = page.evaluate("""(label) => {
      const svg = document.querySelector('#map > svg');
      const shape = svg.querySelector(`g.cell[data-cell="${label}"] polygon.terrain`);
      const xs = [...shape.points].map((q) => q.x), ys = [...shape.points].map((q) => q.y);
      const p = new DOMPoint((Math.min(...xs) + Math.max(...xs)) / 2,
        (Math.min(...ys) + Math.max(...ys)) / 2).matrixTransform(svg.getScreenCTM());
      return [p.x, p.y];
    }""", label)
    return x, y


def test_the_zoomed_out_bitmap_keeps_the_cells_answering(page: Page, tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    big.write_text(BIG, encoding="utf-8")
    page.locator("#upload").set_input_files(str(big))
    expect(page.locator("#map svg")).to_have_attribute("data-creature", "roc")
    page.get_by_role("button", name="Whole map").click()
    settled(page)
    expect(page.locator("#map")).to_have_attribute("data-coarse", "")
    expect(page.locator("#map foreignObject.wb-coarse-picture")).to_be_visible()
    hidden = page.evaluate("() => document.querySelectorAll('#map g.cell:not(.wb-off)').length")
    assert hidden <= 1  # the keyboard cursor's cell may stay drawn

    # the hidden cells are still hit: the hover names the cell, a click asks its way
    x, y = centre(page, "AV40")
    page.mouse.move(x, y)
    expect(page.locator("#map")).to_have_attribute("data-wb-hover", "AV40")
    page.mouse.click(x, y)
    expect(page.locator("#map-answer")).to_contain_text("AV40")
    expect(page.locator("#map")).to_have_attribute("data-coarse", "")  # the same cells: kept

    # the keyboard cursor moves over them and is drawn
    page.locator("#map").focus()
    page.keyboard.press("ArrowUp")
    focused = page.locator("#map g.cell:focus")
    expect(focused).to_have_count(1)
    expect(focused).to_be_visible()

    # zoomed in, the cells are drawn again, the bitmap gone once they are
    for _ in range(6):
        page.get_by_role("button", name="Zoom in").click()
    settled(page)
    expect(page.locator("#map")).not_to_have_attribute("data-coarse", "")
    expect(page.locator("#map g.cell.selected")).to_be_visible()
    expect(page.locator("#map foreignObject.wb-coarse-picture")).to_be_hidden()
