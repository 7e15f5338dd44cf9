"""The page at the table (issue 15): a layout for phones, tablets and big screens, zoom and pan on
every map, a table view, the keyboard, one move panel, a hover preview, table rulers and snapped
clicks, the play page's words per ruleset, and no serious accessibility problem (axe-core)."""

from __future__ import annotations

from typing import Any

import pytest
from pages import closed, opened, serious
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

SIZES = [(390, 844), (768, 1024), (1440, 900), (1920, 1080)]


def box(page: Page, selector: str) -> dict[str, float]:
    """Where ``selector`` is drawn, once it is: a picture still coming, or one being replaced by
    a newer one (the play page redraws after a move), is waited for."""
    found = None
    for _ in range(300):
        page.locator(selector).wait_for(state="visible")
        found = page.locator(selector).bounding_box()
        if found is not None:
            break
        page.wait_for_timeout(100)
    assert found is not None, selector
    return found


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_page_fits_each_screen_and_passes_axe(browser: Any, play_site: str, width: int,
                                                  height: int) -> None:
    """Below 800 px the map takes the width and the controls wait in a drawer; above, the
    sidebar stands beside the map. Every state the checks visit has no serious axe violation."""
    page = opened(browser, play_site + "/", width, height)
    expect(page.locator("#map svg")).to_have_attribute("data-creature", "bat")
    svg = box(page, "#map")  # the map's box (the svg spans a clipped margin round it)
    assert svg["x"] >= 0 and svg["x"] + svg["width"] <= width + 1  # on screen, whole width
    assert svg["height"] > 100
    narrow = width < 800
    if narrow:
        assert svg["width"] >= width - 40  # the map takes the width
        expect(page.locator("#controls")).not_to_be_visible()
        expect(page.locator("#drawer-button")).to_be_visible()
        page.locator("#drawer-button").click()
        expect(page.locator("#controls")).to_be_visible()
        expect(page.locator("#drawer-button")).to_have_attribute("aria-expanded", "true")
        assert serious(page) == []
        page.locator("#drawer-close").click()
        expect(page.locator("#controls")).not_to_be_visible()
    else:
        expect(page.locator("#drawer-button")).to_be_hidden()
        expect(page.locator("#controls")).to_be_visible()
        assert box(page, "#controls")["x"] + box(page, "#controls")["width"] <= svg["x"]
    page.locator('#map g.cell[data-cell="U35"]').click()
    expect(page.locator("#path-summary .path-cost")).to_have_text("1 MP")
    # the answer's line floats over the map at every width (issue 26)
    expect(page.locator("#map-answer")).to_be_visible()
    expect(page.locator("#map-answer")).to_contain_text("1 MP")
    assert serious(page) == []
    closed(page)


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_play_page_fits_each_screen_and_passes_axe(browser: Any, play_site: str,
                                                       width: int, height: int) -> None:
    page = opened(browser, play_site + "/static/play.html", width, height)
    page.wait_for_selector("#scenario-select option[value='example:giant-bat']",
                           state="attached")
    if width < 800:
        expect(page.locator("#play-controls")).not_to_be_visible()
        page.locator("#drawer-button").click()
    page.locator("#new-button").click()
    expect(page.locator("#round")).to_have_text("1")
    page.wait_for_selector("#board svg#map-image")
    assert serious(page) == []
    if width < 800:
        page.select_option("#creature-select", "bat")  # whoever the dice put first
        page.fill("#moves-input", "U35 down hover")
        page.click("#move-button")
        expect(page.locator("#move-result")).to_contain_text("bat: U35 down hover")
        page.locator("#drawer-close").click()
        expect(page.locator("#map-answer")).to_contain_text("bat: U35 down hover")
    else:  # the answer floats over the board at every width: here the set-up's line
        expect(page.locator("#map-answer")).to_be_visible()
    picture = box(page, "#board")
    assert picture["x"] >= 0 and picture["x"] + picture["width"] <= width + 1
    closed(page)


# Zoom and pan by the wheel, the buttons, the keys and a drag: tests/browser/test_board.py (the
# view is the picture's viewBox since issue 26, not a scroll box).


def test_two_fingers_pinch_to_zoom(browser: Any, play_site: str) -> None:
    page = opened(browser, play_site + "/static/play.html", 390, 844)
    page.wait_for_selector("#scenario-select option[value='example:giant-bat']",
                           state="attached")
    page.locator("#drawer-button").click()
    page.locator("#new-button").click()
    page.wait_for_selector("#board svg#map-image")
    page.wait_for_function("() => document.getElementById('board').dataset.zoom")
    before = float(page.locator("#board").get_attribute("data-zoom") or 0)
    page.evaluate("""() => {
        const board = document.getElementById('board');
        const r = board.getBoundingClientRect();
        const cy = r.top + r.height / 2, cx = r.left + r.width / 2;
        const send = (type, id, x) => board.dispatchEvent(new PointerEvent(type, {
            pointerId: id, pointerType: 'touch', clientX: x, clientY: cy, bubbles: true,
            isPrimary: id === 1 }));
        send('pointerdown', 1, cx - 20); send('pointerdown', 2, cx + 20);
        for (let d = 20; d <= 60; d += 10) { send('pointermove', 1, cx - d);
                                             send('pointermove', 2, cx + d); }
        send('pointerup', 1, cx - 60); send('pointerup', 2, cx + 60);
    }""")
    after = float(page.locator("#board").get_attribute("data-zoom") or 0)
    assert after == pytest.approx(3 * before, 0.05)
    closed(page)


def test_the_table_view_shows_the_map_alone(browser: Any, play_site: str) -> None:
    page = opened(browser, play_site + "/", 1920, 1080)
    expect(page.locator("#map svg")).to_have_attribute("data-creature", "bat")
    page.get_by_role("button", name="Table view: the map alone, full screen").click()
    expect(page.locator("body")).to_have_class("table-view")
    expect(page.locator("#controls")).to_be_hidden()
    expect(page.locator("header")).to_be_hidden()
    picture = box(page, "#map")
    assert picture["height"] >= 1080 * 0.85  # as large as the screen lets it
    page.keyboard.press("Escape")
    expect(page.locator("#controls")).to_be_visible()
    closed(page)


def column(label: str) -> int:
    """A hex label's column as a number: A is 1, Z 26, AA 27."""
    number = 0
    for letter in label.rstrip("0123456789"):
        number = number * 26 + ord(letter) - ord("A") + 1
    return number


def test_cells_by_keyboard_arrows_and_enter(browser: Any, play_site: str) -> None:
    """One tab stop on the map: the cursor; arrows move it, Enter asks the cheapest way."""
    page = opened(browser, play_site + "/")
    expect(page.locator("#map svg")).to_have_attribute("data-creature", "bat")
    page.locator("#map").focus()
    page.keyboard.press("ArrowDown")
    first = page.evaluate("document.activeElement.getAttribute('data-cell')")
    assert first
    page.keyboard.press("ArrowRight")
    second = page.evaluate("document.activeElement.getAttribute('data-cell')")
    assert second and second != first
    # hexes in doubled coordinates: right is the next column, half a row up or down
    assert column(second) == column(first) + 1
    assert abs(int(second.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ")) -
               int(first.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ"))) == 1
    expect(page.locator("#map g.cell[tabindex='0']")).to_have_count(1)
    page.keyboard.press("Enter")
    expect(page.locator("#path-summary")).to_contain_text(f"To {second}")
    expect(page.locator(f'#map g.cell.selected[data-cell="{second}"]')).to_have_count(1)
    closed(page)


def test_one_move_panel_and_events_not_red_when_legal(browser: Any, play_site: str) -> None:
    """Checking a move replaces the path (it never stands beside the refusal); a legal move's
    events read as sentences, in ink, not in the refusal's red."""
    page = opened(browser, play_site + "/")
    expect(page.locator("#map svg")).to_have_attribute("data-creature", "bat")
    page.locator('#map g.cell[data-cell="U35"]').click()
    expect(page.locator("#path-steps")).to_be_visible()
    page.locator("#move-input").fill("T32")
    page.locator("#check-button").click()
    expect(page.locator("#check-result .rule")).to_have_text("V-inertia")
    expect(page.locator("#path-steps")).to_be_hidden()
    expect(page.locator("#path-summary")).to_have_text("")
    page.locator('#map g.cell[data-cell="U35"]').click()
    expect(page.locator("#path-summary .path-cost")).to_have_text("1 MP")
    expect(page.locator("#check-result")).to_have_text("")
    page.locator("#scenario-select").select_option("example:harpy")
    expect(page.locator("#map svg")).to_have_attribute("data-creature", "harpy")
    page.locator("#move-input").fill("C3+down D3 action C3+up")
    page.locator("#check-button").click()
    event = page.locator("#check-result .event")
    expect(event).to_have_text("Step 4: fighter gets an opportunity attack.")
    ink = page.evaluate("getComputedStyle(document.querySelector('#check-result .event')).color")
    bad = page.evaluate("getComputedStyle(document.querySelector('#check-result .legal'))"
                        ".color")
    assert ink != bad and ink == "rgb(29, 35, 48)"
    closed(page)


def test_hover_previews_the_cheapest_way(browser: Any, play_site: str) -> None:
    page = opened(browser, play_site + "/")
    expect(page.locator("#map svg")).to_have_attribute("data-creature", "bat")
    page.locator('#map g.cell[data-cell="U35"]').hover()
    preview = page.locator("#hover-preview")
    expect(preview).to_be_visible()
    expect(preview).to_contain_text("U35: 1 MP")  # at any altitude: U35 itself, one hex on
    expect(page.locator("#path-summary")).to_have_text("")  # nothing chosen by a hover
    closed(page)


def test_table_rulers_and_snapped_clicks(browser: Any, play_site: str) -> None:
    """A table map has rulers on both edges; a click lands on a half-centimetre point."""
    page = opened(browser, play_site + "/")
    expect(page.locator("#map svg")).to_have_attribute("data-creature", "bat")
    page.locator("#scenario-select").select_option("example:morbid-angel")
    expect(page.locator("#map svg")).to_have_attribute("data-creature", "angel")
    numbers = page.locator("#map g.rulers text").all_text_contents()
    assert "0" in numbers and "120" in numbers
    assert all(float(n) == round(float(n), 1) for n in numbers)
    frame = box(page, "#map")
    page.mouse.click(frame["x"] + frame["width"] * 0.3, frame["y"] + frame["height"] * 0.7)
    expect(page.locator("#path-summary")).to_contain_text("To ")
    chosen = page.evaluate("wingbeat.state.to")
    assert all((2 * float(v)).is_integer() for v in chosen.split(","))
    # the keyboard on a table: a point from the creature (30,30), a unit a press, Enter asks
    page.locator("#map").focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowUp")
    expect(page.locator("#map circle.point-cursor")).to_have_count(1)
    page.keyboard.press("Enter")
    expect(page.locator("#path-summary")).to_contain_text("To 32,31")
    expect(page.locator("#move-notation")).to_contain_text("Points x,y in cm")
    expect(page.locator("#move-input")).to_have_attribute("placeholder", "42.5,30 down")
    closed(page)


def test_the_play_page_speaks_each_rulesets_notation(browser: Any, play_site: str) -> None:
    page = opened(browser, play_site + "/static/play.html")
    page.wait_for_selector("#scenario-select option[value='example:morbid-angel']",
                           state="attached")
    page.locator("#new-button").click()  # the first example: the giant bat (volare)
    expect(page.locator("#round")).to_have_text("1")
    expect(page.locator("#moves-input")).to_have_attribute("placeholder", "U35 down hover")
    expect(page.locator("#moves-notation")).to_contain_text("Hexes (U35)")
    expect(page.locator("#options-row")).to_be_hidden()  # volare's played moves take none
    page.locator("#scenario-select").select_option("example:morbid-angel")
    page.locator("#new-button").click()
    expect(page.locator("#encounter-info")).to_contain_text("confrontation")
    expect(page.locator("#moves-input")).to_have_attribute("placeholder", "42.5,30 down")
    expect(page.locator("#options-row")).to_be_visible()
    expect(page.locator("#options-input")).to_have_attribute("placeholder",
                                                             "factor=2 pursuit=true")
    closed(page)
