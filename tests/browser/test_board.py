"""The board (issue 26): the map is the screen at every size, the controls beside it or in a
drawer, the last answer over it; the view (zoom.js) zooms and pans by wheel, buttons, keys, a
drag and a two-finger pinch (CDP touch events), opens framed on the creatures, says what is under
the pointer, and hides texts under 12 px on screen. No serious axe violation."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

import httpx
import pytest
from pages import api, choose_example, closed, opened, serious
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

SIZES = [(390, 844), (768, 1024), (1440, 900), (1920, 1080)]


def settled(page: Page, box: str = "map") -> None:
    """The view has settled: a picture is shown, no gesture lasts and the cells' detail is
    drawn (on a large map zoom.js shows and hides cells over a few frames after a settle)."""
    page.wait_for_function(
        """(id) => { const b = document.getElementById(id);
                     return b.dataset.zoom && !b.dataset.gesture && !b.dataset.detail
                       && b.querySelector('svg'); }""",
        arg=box)


def board(browser: Any, site: str, width: int, height: int, touch: bool = False) -> Page:
    if touch:
        context = browser.new_context(viewport={"width": width, "height": height},
                                      has_touch=True)
        page: Page = context.new_page()
        problems: list[str] = []
        page.on("pageerror", lambda exc: problems.append(str(exc)))
        page.problems = problems  # type: ignore[attr-defined]
        page.goto(site + "/")
    else:
        page = opened(browser, site + "/", width, height)
    expect(page.locator("#map svg")).to_have_attribute("data-creature", "bat")
    settled(page)
    return page


def zoom(page: Page, box: str = "map") -> float:
    return float(page.locator(f"#{box}").get_attribute("data-zoom") or 0)


def view_box(page: Page, box: str = "map") -> list[float]:
    text = page.locator(f"#{box}").get_attribute("data-view") or ""
    return [float(n) for n in text.split()]


def no_scroll_and_map_share(page: Page, width: int, height: int) -> float:
    """The page does not scroll; the share of the screen the map covers."""
    sizes = page.evaluate("""() => [document.documentElement.scrollWidth,
        document.documentElement.scrollHeight, document.body.scrollHeight]""")
    assert sizes[0] <= width and sizes[1] <= height and sizes[2] <= height, sizes
    area = page.locator("[data-wb-map]").bounding_box()
    assert area is not None
    left, top = max(0.0, area["x"]), max(0.0, area["y"])
    right = min(float(width), area["x"] + area["width"])
    bottom = min(float(height), area["y"] + area["height"])
    return (right - left) * (bottom - top) / (width * height)


def inside(found: dict[str, float] | None, width: int, height: int) -> bool:
    return (found is not None and found["x"] >= 0 and found["y"] >= 0
            and found["x"] + found["width"] <= width + 0.5
            and found["y"] + found["height"] <= height + 0.5)


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_map_is_the_screen_and_the_answer_stays_on_it(browser: Any, play_site: str,
                                                          width: int, height: int) -> None:
    page = board(browser, play_site, width, height)
    share = no_scroll_and_map_share(page, width, height)
    assert share >= (0.85 if width < 800 else 0.7), share
    for button in page.locator("#map-tools button").all():
        found = button.bounding_box()
        assert found is not None and found["width"] >= 44 and found["height"] >= 44
        assert inside(found, width, height)
    if width < 800:
        expect(page.locator("#controls")).not_to_be_visible()
        drawer = page.locator("#drawer-button").bounding_box()
        assert drawer is not None and drawer["height"] >= 44 and drawer["width"] >= 44
        # the opening view gives a cell a finger's room
        cell = page.locator('#map g.cell[data-cell="U35"] polygon').first.bounding_box()
        assert cell is not None and min(cell["width"], cell["height"]) >= 44 - 0.5
    else:
        expect(page.locator("#controls")).to_be_visible()
        expect(page.locator("#drawer-button")).to_be_hidden()
    # every token of the opening view is on the map, framed
    frame = page.locator("#map").bounding_box()
    assert frame is not None
    for token in page.locator("#map [data-wb-token]").all():
        spot = token.bounding_box()
        assert spot is not None
        assert frame["x"] <= spot["x"] + spot["width"] / 2 <= frame["x"] + frame["width"]
        assert frame["y"] <= spot["y"] + spot["height"] / 2 <= frame["y"] + frame["height"]
    # a path asked: its answer floats over the map, inside the screen, without scrolling
    page.locator('#map g.cell[data-cell="U35"]').dispatch_event("click")
    answer = page.locator("[data-wb-answer]")
    expect(answer).to_be_visible()
    expect(answer).to_contain_text("1 MP")
    assert inside(answer.bounding_box(), width, height)
    no_scroll_and_map_share(page, width, height)
    assert serious(page) == []
    closed(page)


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_play_board_is_the_screen_too(browser: Any, play_site: str, width: int,
                                          height: int) -> None:
    page = opened(browser, play_site + "/static/play.html", width, height)
    page.wait_for_selector("#scenario-select option[value='example:giant-bat']",
                           state="attached")
    if width < 800:
        page.locator("#drawer-button").click()
    page.locator("#new-button").click()
    page.wait_for_selector("#board svg#map-image")
    if width < 800:
        page.locator("#drawer-close").click()
    settled(page, "board")
    share = no_scroll_and_map_share(page, width, height)
    assert share >= (0.85 if width < 800 else 0.7), share
    answer = page.locator("[data-wb-answer]")
    expect(answer).to_be_visible()
    assert inside(answer.bounding_box(), width, height)
    frame = page.locator("#board").bounding_box()
    assert frame is not None
    for token in page.locator("#board [data-wb-token]").all():
        spot = token.bounding_box()
        assert spot is not None
        assert frame["x"] <= spot["x"] + spot["width"] / 2 <= frame["x"] + frame["width"]
    assert serious(page) == []
    closed(page)


@pytest.mark.parametrize("where", ["analysis", "play"])
def test_a_phone_opens_with_cells_a_finger_can_take(browser: Any, play_site: str,
                                                    where: str) -> None:
    """At 390 × 844 both boards open with every cell at least 44 px across (the touch floor
    wins over "at least nine cells in view") and the creatures' tokens on the screen."""
    box = "map" if where == "analysis" else "board"
    if where == "analysis":
        page = board(browser, play_site, 390, 844)
    else:
        page = opened(browser, play_site + "/static/play.html", 390, 844)
        page.wait_for_selector("#scenario-select option[value='example:giant-bat']",
                               state="attached")
        page.locator("#drawer-button").click()
        page.locator("#new-button").click()
        page.wait_for_selector("#board svg#map-image [data-wb-token]")
        page.locator("#drawer-close").click()
        settled(page, box)
    tokens = page.locator(f"#{box} [data-wb-token]")
    assert tokens.count() >= 1
    seen = 0
    for token in tokens.all():
        spot = token.bounding_box()
        assert spot is not None
        middle = (spot["x"] + spot["width"] / 2, spot["y"] + spot["height"] / 2)
        if not (0 <= middle[0] <= 390 and 0 <= middle[1] <= 844):
            continue
        seen += 1
        at = token.get_attribute("data-at")
        cell = page.locator(f'#{box} g.cell[data-cell="{at}"] :is(polygon, rect)').first
        found = cell.bounding_box()
        assert found is not None
        assert min(found["width"], found["height"]) >= 44 - 0.5, (at, found)
    assert seen >= 1  # a token lies on the screen, its cell a finger wide
    closed(page)


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_wheel_buttons_keys_and_a_drag_move_the_view(browser: Any, play_site: str, width: int,
                                                     height: int) -> None:
    page = board(browser, play_site, width, height)
    page.evaluate("""() => { window.__views = 0; document.getElementById('map')
        .addEventListener('wingbeat:view', () => { window.__views += 1; }); }""")
    start = zoom(page)
    page.get_by_role("button", name="Zoom in").click()
    settled(page)
    assert zoom(page) == pytest.approx(start * 1.25, rel=0.03)
    page.get_by_role("button", name="Zoom out").click()
    settled(page)
    assert zoom(page) == pytest.approx(start, rel=0.03)
    frame = page.locator("#map").bounding_box()
    assert frame is not None
    x, y = frame["x"] + frame["width"] / 2, frame["y"] + frame["height"] / 2
    page.mouse.move(x, y)
    page.mouse.wheel(0, -300)  # the wheel zooms in about the pointer
    page.wait_for_function(f"() => +document.getElementById('map').dataset.zoom > {start}")
    settled(page)
    zoomed = zoom(page)
    # a drag pans (by as many pixels as the pointer moved), and its click chooses nothing
    before = view_box(page)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x - 60, y - 30, steps=5)
    page.mouse.up()
    settled(page)
    after = view_box(page)
    scale = frame["width"] / after[2]
    assert (after[0] - before[0]) * scale == pytest.approx(60, abs=3)
    assert (after[1] - before[1]) * scale == pytest.approx(30, abs=3)
    expect(page.locator("#path-summary")).to_have_text("")
    assert zoom(page) == pytest.approx(zoomed, rel=0.01)
    # the keys: − zooms out, Shift+arrow pans, 0 frames the action again
    page.locator("#map").focus()
    page.keyboard.press("-")
    settled(page)
    assert zoom(page) == pytest.approx(zoomed / 1.25, rel=0.03)
    before = view_box(page)
    page.keyboard.press("Shift+ArrowRight")
    settled(page)
    assert view_box(page)[0] > before[0]
    page.keyboard.press("0")
    settled(page)
    assert zoom(page) == pytest.approx(start, rel=0.03)
    page.get_by_role("button", name="Whole map").click()
    settled(page)
    assert zoom(page) == pytest.approx(1, abs=0.01)
    assert page.evaluate("window.__views") >= 6  # each settle says so
    closed(page)


def pinch(cdp: Any, fingers: Callable[[float], list[dict[str, float]]],
          spreads: Sequence[float]) -> None:
    """Two fingers down at ``fingers(spreads[0])``, moved through the other spreads, lifted
    (CDP touch events)."""
    for i, spread in enumerate(spreads):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove" if i else "touchStart",
                                              "touchPoints": fingers(spread)})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def clear_of_tokens(page: Page, reach: float) -> tuple[float, float]:
    """A point of the map's inner part farthest from every token (at least ``reach`` px from
    them, where two fingers can land), for a gesture on the board itself."""
    found = page.evaluate("""() => {
        const f = document.getElementById('map').getBoundingClientRect();
        const tokens = [...document.querySelectorAll('#map svg [data-wb-token]')]
            .map(t => t.getBoundingClientRect());
        let best = null;
        for (let i = 2; i <= 8; i++) for (let j = 2; j <= 8; j++) {
            const x = f.left + f.width * i / 10, y = f.top + f.height * j / 10;
            const d = Math.min(Infinity, ...tokens.map(r => Math.hypot(
                Math.max(r.left - x, 0, x - r.right), Math.max(r.top - y, 0, y - r.bottom))));
            if (!best || d > best[2]) best = [x, y, d];
        }
        return best;
    }""")
    assert found[2] >= reach, found
    return found[0], found[1]


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_two_fingers_pinch_zoom_by_cdp_touch(browser: Any, play_site: str, width: int,
                                             height: int) -> None:
    page = board(browser, play_site, width, height, touch=True)
    cx, cy = clear_of_tokens(page, 100)  # a pinch, not a press on a creature
    start = zoom(page)
    cdp = page.context.new_cdp_session(page)

    pinch(cdp, lambda spread: [{"x": cx - spread, "y": cy, "id": 1},
                                {"x": cx + spread, "y": cy, "id": 2}], (30, 40, 50, 60, 75, 90))
    settled(page)
    assert zoom(page) == pytest.approx(start * 3, rel=0.08)
    problems = page.problems  # type: ignore[attr-defined]
    page.context.close()
    assert problems == []


def test_labels_show_only_at_12_px_or_more(browser: Any, play_site: str) -> None:
    page = board(browser, play_site, 390, 844)
    sizes = """() => [...document.querySelectorAll('#map svg text.label, #map svg text.cost')]
        .filter((t) => getComputedStyle(t).display !== 'none')
        .map((t) => parseFloat(t.getAttribute('font-size')) * t.getScreenCTM().a)"""
    page.get_by_role("button", name="Whole map").click()
    settled(page)
    assert page.evaluate(sizes) == []  # 30 × 50 hexes on a phone: every label under 12 px
    expect(page.locator("#map svg")).to_have_class(
        re.compile(r"lod-no-label"))
    page.locator("#map").focus()
    for _ in range(12):
        page.keyboard.press("+")
    settled(page)
    shown = page.evaluate(sizes)
    assert shown and min(shown) >= 12 - 0.05
    closed(page)


def test_the_hover_and_a_taken_press(browser: Any, play_site: str) -> None:
    page = board(browser, play_site, 1440, 900)
    cell = page.locator('#map g.cell[data-cell="U35"]')
    spot = cell.bounding_box()
    assert spot is not None
    page.mouse.move(spot["x"] + spot["width"] / 2, spot["y"] + spot["height"] / 2)
    expect(page.locator("[data-wb-map]")).to_have_attribute("data-wb-hover", "U35")
    # a press another handler took (a token picked for a drag) never pans the map
    page.evaluate("""() => document.querySelector('#map svg').addEventListener('pointerdown',
        (e) => e.preventDefault())""")
    before = view_box(page)
    page.mouse.down()
    page.mouse.move(spot["x"] - 80, spot["y"] - 40, steps=5)
    page.mouse.up()
    settled(page)
    assert view_box(page) == before
    # while a token is dragged the wheel is the drag's (its altitude), not the view's
    page.evaluate("""() => document.getElementById('map')
        .dispatchEvent(new CustomEvent('wingbeat:drag-start'))""")
    page.mouse.wheel(0, -300)
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    assert view_box(page) == before and page.locator("#map").get_attribute("data-gesture") is None
    page.evaluate("""() => document.getElementById('map')
        .dispatchEvent(new CustomEvent('wingbeat:drag-end'))""")
    page.mouse.wheel(0, -300)
    settled(page)
    assert view_box(page) != before
    closed(page)


def test_advice_is_said_over_the_map_too(browser: Any, play_site: str) -> None:
    page = board(browser, play_site, 390, 844)
    shown = api(play_site, "advise/positions", scenario="example:giant-bat", creature="bat",
                target="chamois")
    page.locator("#drawer-button").click()
    page.locator("#advise-button").click()
    expect(page.locator("#advice-title")).to_have_text(shown["title"])
    page.locator("#drawer-close").click()
    answer = page.locator("[data-wb-answer]")
    expect(answer).to_be_visible()
    expect(answer).to_contain_text(shown["title"])
    assert inside(answer.bounding_box(), 390, 844)
    closed(page)


def test_the_hover_on_a_table_is_its_point(browser: Any, play_site: str) -> None:
    page = opened(browser, play_site + "/", 1440, 900)
    page.wait_for_selector("#scenario-select option[value='example:pegasi']", state="attached")
    page.select_option("#scenario-select", "example:pegasi")
    page.wait_for_selector("#map svg.table-map")
    settled(page)
    frame = page.locator("#map").bounding_box()
    assert frame is not None
    page.mouse.move(frame["x"] + frame["width"] / 2, frame["y"] + frame["height"] / 2)
    expect(page.locator("[data-wb-map]")).to_have_attribute(
        "data-wb-hover", re.compile(r"^\d+(\.\d)?,\d+(\.\d)?$"))
    closed(page)


def within_map(page: Page, selector: str, box: str = "map") -> list[bool]:
    """Whether each element matched lies wholly inside the map's box on screen."""
    return page.evaluate(
        """([sel, id]) => { const f = document.getElementById(id).getBoundingClientRect();
             return [...document.querySelectorAll(sel)].map(e => {
               const r = e.getBoundingClientRect();
               return r.left >= f.left - 0.5 && r.right <= f.right + 0.5
                 && r.top >= f.top - 0.5 && r.bottom <= f.bottom + 0.5; }); }""",
        [selector, box])


@pytest.mark.parametrize(("width", "height"), SIZES[2:])
def test_a_wide_screen_opens_on_the_picture_not_beside_it(browser: Any, play_site: str,
                                                          width: int, height: int) -> None:
    """Framed on the reach, a wide screen showed a blank band left of the picture: the opening
    view keeps to the picture where it can fill it."""
    page = board(browser, play_site, width, height)
    left, cell, edge = page.evaluate(
        """() => { const cells = [...document.querySelectorAll('#map svg g.cell')]
                     .map(g => g.getBoundingClientRect()).filter(r => r.width);
                   return [Math.min(...cells.map(r => r.left)), cells[0].width,
                           document.getElementById('map').getBoundingClientRect().left]; }""")
    assert left <= edge + cell  # the picture's first column at the map's left edge
    assert all(within_map(page, "#map svg [data-wb-token]"))
    closed(page)


def test_a_phone_opens_with_every_creature_on_the_table(browser: Any, play_site: str) -> None:
    """A table wider than a phone at finger-wide squares: the opening view keeps both sides'
    models in it (one was half off the left edge), on the analysis page and in play."""
    page = board(browser, play_site, 390, 844)
    choose_example(page, "pegasi")
    expect(page.locator("#map svg")).to_have_attribute("data-creature", "pegasi")
    settled(page)
    assert within_map(page, "#map svg [data-wb-token]") == [True, True]
    made = httpx.post(f"{play_site}/api/play/encounters",
                      json={"scenario": "example:pegasi", "seed": 4}, timeout=120)
    assert made.status_code == 200, made.text
    page.goto(f"{play_site}/static/play.html#encounter={made.json()['encounter']['id']}")
    expect(page.locator("#board > svg [data-wb-token]")).to_have_count(2)
    settled(page, "board")
    assert within_map(page, "#board > svg [data-wb-token]", "board") == [True, True]
    closed(page)


def test_a_pinch_begun_on_a_token_zooms_and_moves_nothing(browser: Any, play_site: str) -> None:
    """Two fingers are a pinch even when the first lands on a creature: the map zooms, no drag
    starts, the creature stays chosen as it was; then one finger on the token drags it."""
    page = board(browser, play_site, 1440, 900, touch=True)
    token = page.locator('#map svg [data-wb-token="chamois"]').bounding_box()
    assert token is not None
    x, y = token["x"] + token["width"] / 2, token["y"] + token["height"] / 2
    start = zoom(page)
    cdp = page.context.new_cdp_session(page)
    page.evaluate("""() => { window.__drags = 0; document.getElementById('map')
        .addEventListener('wingbeat:drag-start', () => window.__drags++); }""")

    pinch(cdp, lambda spread: [{"x": x, "y": y, "id": 1}, {"x": x + spread, "y": y, "id": 2}],
          (60, 80, 100, 130, 160, 180))
    settled(page)
    assert zoom(page) == pytest.approx(start * 3, rel=0.08)  # about the first finger: 180/60
    assert page.evaluate("window.__drags") == 0
    expect(page.locator("#map svg")).to_have_attribute("data-creature", "bat")
    # a finger alone on a token afterwards still drags it (the pinch's fingers are forgotten)
    token = page.locator('#map svg [data-wb-token="bat"]').bounding_box()
    assert token is not None
    x, y = token["x"] + token["width"] / 2, token["y"] + token["height"] / 2
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart",
                                          "touchPoints": [{"x": x, "y": y, "id": 3}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchMove",
                                          "touchPoints": [{"x": x + 40, "y": y, "id": 3}]})
    page.wait_for_function("window.__drags === 1")
    cdp.send("Input.dispatchTouchEvent", {"type": "touchCancel", "touchPoints": []})
    problems = page.problems  # type: ignore[attr-defined]
    page.context.close()
    assert problems == []
