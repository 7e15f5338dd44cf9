"""The play page's whole battlefield with the round's last move as a trail, and the table view's
labels and costs legible from across the table (issue 15), in headless Chromium with axe-core."""

from __future__ import annotations

from typing import Any

import pytest
from pages import closed, new_encounter, opened, serious
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

TV = (1920, 1080)


def started(page: Page, example: str = "example:giant-bat") -> str:
    """A new encounter from ``example`` (seed 7); its number."""
    new_encounter(page, example, seed="7")
    expect(page.locator("#round")).to_have_text("1")
    page.wait_for_selector("#board svg#map-image")
    return page.evaluate("location.hash").split("=")[1]


def test_the_last_move_is_drawn_as_a_trail(browser: Any, play_site: str) -> None:
    """V-mp: the bat flies T34 → U35, goes down and hovers: the map the server sends marks where
    it started and each hex it passed, the words under the map say so, and so does the picture's
    name for a screen reader. Opening the encounter again draws the same trail."""
    page = opened(browser, play_site + "/static/play.html")
    ref = started(page)
    expect(page.locator("#board g.trail")).to_have_count(0)
    expect(page.locator("#trail-note")).to_be_hidden()
    page.select_option("#creature-select", "bat")
    page.fill("#moves-input", "U35 down hover")
    page.click("#move-button")
    expect(page.locator("#move-result")).to_contain_text("bat: U35 down hover")
    trail = page.locator("#board svg#map-image g.trail")
    expect(trail).to_have_attribute("data-path", "T34 U35")
    expect(trail.locator("circle.trail-start")).to_have_attribute("data-cell", "T34")
    expect(trail.locator("circle.trail-mark")).to_have_count(1)
    expect(trail.locator("circle.trail-mark")).to_have_attribute("data-cell", "U35")
    said = "Giant bat's last move, from T34: U35 down hover"
    expect(page.locator("#trail-note")).to_have_text("Dashed line: " + said)
    expect(page.locator("#map-image")).to_have_attribute("aria-label", f"{_title(page)}; {said}")
    # the whole battlefield in view: the picture fits the box, every creature on it
    board = _box(page, "#board")
    expect(page.locator("#map-image g.creature")).to_have_count(2)
    for token in page.locator("#map-image g.creature").all():
        seen = token.bounding_box()
        assert seen is not None
        assert board["x"] - 1 <= seen["x"] and seen["x"] + seen["width"] <= (
            board["x"] + board["width"] + 1)
    assert serious(page) == []

    again = opened(browser, f"{play_site}/static/play.html#encounter={ref}")
    expect(again.locator("#board g.trail")).to_have_attribute("data-path", "T34 U35")
    again.click("#next-round-button")
    expect(again.locator("#round")).to_have_text("2")
    expect(again.locator("#board svg#map-image")).to_have_attribute("data-creature", "bat")
    expect(again.locator("#board g.trail")).to_have_count(0)
    expect(again.locator("#trail-note")).to_be_hidden()
    closed(again)
    closed(page)


def _title(page: Page) -> str:
    words: str = page.evaluate("document.querySelector('#map-image > title').textContent")
    return words


def _box(page: Page, selector: str) -> dict[str, float]:
    found = None
    for _ in range(300):  # a picture being replaced by a newer one is waited for
        page.locator(selector).first.wait_for(state="visible")
        found = page.locator(selector).first.bounding_box()
        if found is not None:
            break
        page.wait_for_timeout(100)
    assert found is not None, selector
    return found


def _smallest(page: Page, svg: str, kind: str) -> float:
    """The smallest on-screen height (px) of the map's cell texts of ``kind`` (label, cost)."""
    heights: list[float] = page.evaluate(
        """([svg, kind]) => [...document.querySelectorAll(`${svg} g.cell text.${kind}`)]
             .filter((t) => !t.closest('g.cell.wb-off'))  // (far cells: out of the layout)
             .map((t) => t.getBoundingClientRect().height)""", [svg, kind])
    assert heights, (svg, kind)
    return min(heights)


@pytest.mark.parametrize(("url", "svg", "example"), [
    ("/", "#map svg", "example:giant-bat"),        # volare's hexes
    ("/", "#map svg", "example:harpy"),            # dnd5e's squares
    ("/static/play.html", "#map-image", "example:harpy")])
def test_the_table_view_reads_from_across_the_table(browser: Any, play_site: str, url: str,
                                                    svg: str, example: str) -> None:
    """At 1920 × 1080 the table view grows every cell's label and cost, not only the tokens'
    names: each stands at least 17 px (label) and 20 px (cost) tall on the screen, a third more
    than beside the sidebar, and none stands out of its cell. Leaving it puts them back."""
    page = opened(browser, play_site + url, *TV)
    creature = example.split(":")[1].split("-")[-1]  # the first creature: giant-bat's bat
    if url == "/":
        expect(page.locator(svg)).to_have_attribute("data-creature", "bat")
        if example != "example:giant-bat":
            page.locator("#scenario-select").select_option(example)
            expect(page.locator(svg)).to_have_attribute("data-creature", creature)
    else:
        started(page, example)
    expect(page.locator(f"{svg} g.cell text.cost").first).to_be_visible()
    label, cost = _smallest(page, svg, "label"), _smallest(page, svg, "cost")
    width = _box(page, svg)["width"]
    page.get_by_role("button", name="Table view: the map alone, full screen").click()
    expect(page.locator("body")).to_have_class("table-view")
    page.wait_for_function(  # the picture takes the screen: a state, not a duration
        "([svg, width]) => { const box = document.querySelector(svg)?.getBoundingClientRect();"
        " return box !== undefined && box.width > width; }", arg=[svg, width])
    big_label, big_cost = _smallest(page, svg, "label"), _smallest(page, svg, "cost")
    assert big_label >= 17 and big_cost >= 20, (big_label, big_cost)
    assert big_label >= 1.3 * label and big_cost >= 1.3 * cost, (label, big_label, cost, big_cost)
    # a text's box is its font's whole height, a fifth of it blank above the capitals: no more
    # than that may stand out of the cell's shape
    overflow = page.evaluate(
        """(svg) => [...document.querySelectorAll(`${svg} g.cell`)].slice(0, 600).filter((g) => {
             const shape = g.querySelector('.terrain').getBoundingClientRect();
             return [...g.querySelectorAll('text.label, text.cost')].some((t) => {
               const r = t.getBoundingClientRect();
               const blank = r.height / 5;
               return r.left < shape.left - blank || r.right > shape.right + blank ||
                      r.top < shape.top - blank || r.bottom > shape.bottom + blank; });
           }).map((g) => g.dataset.cell)""", svg)
    assert overflow == []
    assert serious(page) == []
    page.keyboard.press("Escape")
    expect(page.locator("body")).not_to_have_class("table-view")
    assert _smallest(page, svg, "label") == pytest.approx(label, rel=0.05)
    closed(page)
