"""Drag to move on the single-scenario page (issue 26, static/drag.js): a token pressed and dragged
with the mouse, a finger (CDP touch events) or the keyboard previews the cheapest way to the place
under it from the reach tree, and that preview is exactly `wingbeat path` to the place; the drop
checks it, exactly as `wingbeat check`; a place out of reach says why with a rule id."""

from __future__ import annotations

from typing import Any

import pytest
from pages import WAIT_MS, api, choose_example, closed, on_the_map, opened, serious, shot
from playwright.sync_api import Page

import wingbeat

pytestmark = pytest.mark.browser

SIZES = [(390, 844), (768, 1024), (1440, 900), (1920, 1080)]

_scenarios: dict[str, Any] = {}


def scenario(name: str) -> Any:
    if name not in _scenarios:
        _scenarios[name] = wingbeat.open_scenario(f"example:{name}")
    return _scenarios[name]


def library_path(name: str, creature: str, to: str, altitude: int | None = None) -> Any:
    return wingbeat.path(scenario(name), creature, to, altitude=altitude).to_dict()


def library_check(name: str, creature: str, moves: str) -> Any:
    return wingbeat.check(scenario(name), creature, moves).to_dict()


def ready(page: Page, name: str, creature: str) -> None:
    """The page shows `name` with `creature` chosen and its map drawn."""
    if name != "giant-bat":
        choose_example(page, name)
    page.wait_for_function(
        """([name, c]) => window.wingbeat.state.scenario === `example:${name}` &&
             window.wingbeat.state.creature === c &&
             document.querySelector(`#map svg [data-wb-token="${c}"]`) &&
             document.querySelector('#map svg g.cell.reach')""", arg=[name, creature])


def centre(page: Page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def home(page: Page, creature: str) -> tuple[float, float]:
    """The centre of the cell the creature's token stands on (its north-west space)."""
    at = page.get_attribute(f'#map svg [data-wb-token="{creature}"]', "data-at")
    return centre(page, f'#map svg g.cell[data-cell="{at}"]')


def cell(page: Page, label: str) -> tuple[float, float]:
    return centre(page, f'#map svg g.cell[data-cell="{label}"]')


def preview_of(page: Page, place: str) -> dict[str, str]:
    """The preview label's data once it answers for `place` (read in the same look: a later
    pointer move or key cannot slip in between the wait and the reading)."""
    handle = page.wait_for_function(
        """(place) => { const p = document.querySelector('[data-wb-preview]');
             if (!(p && !p.hidden && p.dataset.place === place && p.dataset.ready === 'true'))
               return false;
             return {...p.dataset, text: p.textContent}; }""",
        arg=place)
    data: dict[str, str] = handle.json_value()
    return data


def both_on_the_map(page: Page, creature: str, target: str) -> None:
    at = page.get_attribute(f'#map svg [data-wb-token="{creature}"]', "data-at")
    on_the_map(page, "#map", f'#map svg g.cell[data-cell="{at}"]',
               f'#map svg g.cell[data-cell="{target}"]')


def mouse_drag_to(page: Page, creature: str, target: str) -> dict[str, str]:
    both_on_the_map(page, creature, target)
    x, y = home(page, creature)
    page.mouse.move(x, y)
    page.mouse.down()
    tx, ty = cell(page, target)
    page.mouse.move((x + tx) / 2, (y + ty) / 2, steps=4)
    page.mouse.move(tx, ty, steps=4)
    return preview_of(page, target)


class Touch:
    """One finger on the page through CDP (Input.dispatchTouchEvent)."""

    def __init__(self, page: Page) -> None:
        self.cdp = page.context.new_cdp_session(page)

    def send(self, kind: str, points: list[tuple[float, float]]) -> None:
        self.cdp.send("Input.dispatchTouchEvent", {
            "type": kind,
            "touchPoints": [{"x": x, "y": y, "id": i} for i, (x, y) in enumerate(points)]})

    def drag(self, start: tuple[float, float], end: tuple[float, float], steps: int = 8) -> None:
        self.send("touchStart", [start])
        for i in range(1, steps + 1):
            f = i / steps
            self.send("touchMove", [(start[0] + (end[0] - start[0]) * f,
                                     start[1] + (end[1] - start[1]) * f)])


def answer_text(page: Page) -> str:
    page.wait_for_function("() => document.getElementById('map-answer-text').textContent")
    return str(page.text_content("#map-answer-text"))


def assert_same_as_path(data: dict[str, str], found: dict[str, Any]) -> None:
    assert found.get("found", True) is not False
    assert data["legal"] == "true"
    assert data["moves"] == found["moves"]
    assert data["cost"] == found["cost"]


def assert_drop_is_check(page: Page, name: str, creature: str, moves: str) -> None:
    checked = library_check(name, creature, moves)
    assert checked["legal"] is True
    served = api(page.url.split("/static")[0].rstrip("/"), "check",
                 scenario=f"example:{name}", creature=creature, moves=moves)
    assert served["cost"] == checked["cost"]
    page.wait_for_function(
        "(want) => document.getElementById('map-answer-text').textContent.startsWith(want)",
        arg=f"Legal: {served['cost_text']}")
    assert page.input_value("#move-input") == moves
    assert page.evaluate("() => window.wingbeat.state.moves") == moves


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_mouse_drag_volare(browser: Any, server: str, width: int, height: int) -> None:
    page = opened(browser, server + "/", width, height)
    ready(page, "giant-bat", "bat")
    data = mouse_drag_to(page, "bat", "U35")
    found = library_path("giant-bat", "bat", "U35")
    assert_same_as_path(data, found)
    assert "MP" in data["text"]
    assert page.locator("g.wb-drag-way polyline.wb-way").count() == 1
    # the label is in the viewport
    box = page.locator("[data-wb-preview]").bounding_box()
    assert box and box["x"] >= 0 and box["y"] >= 0
    assert box["x"] + box["width"] <= width and box["y"] + box["height"] <= height
    shot(page, f"drag-volare-{width}x{height}.png")
    page.mouse.up()
    assert_drop_is_check(page, "giant-bat", "bat", found["moves"])
    assert page.locator("[data-wb-preview]").is_hidden()
    closed(page)


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_mouse_drag_dnd5e(browser: Any, server: str, width: int, height: int) -> None:
    page = opened(browser, server + "/", width, height)
    ready(page, "harpy", "harpy")
    target = "H6"
    data = mouse_drag_to(page, "harpy", target)
    found = library_path("harpy", "harpy", target)
    assert_same_as_path(data, found)
    assert "ft" in data["text"]
    page.mouse.up()
    assert_drop_is_check(page, "harpy", "harpy", found["moves"])
    closed(page)


@pytest.mark.parametrize(("name", "creature", "target", "width", "height"), [
    ("giant-bat", "bat", "U35", 390, 844),
    ("giant-bat", "bat", "S33", 1440, 900),
    ("harpy", "harpy", "H6", 768, 1024),
    ("harpy", "harpy", "H6", 1920, 1080),
])
def test_touch_drag(browser: Any, server: str, name: str, creature: str, target: str,
                    width: int, height: int) -> None:
    page = opened(browser, server + "/", width, height)
    ready(page, name, creature)
    touch = Touch(page)
    both_on_the_map(page, creature, target)
    touch.drag(home(page, creature), cell(page, target))
    data = preview_of(page, target)
    found = library_path(name, creature, target)
    assert_same_as_path(data, found)
    touch.send("touchEnd", [])
    assert_drop_is_check(page, name, creature, found["moves"])
    closed(page)


def test_out_of_reach_says_why_with_a_rule(page: Page) -> None:
    ready(page, "giant-bat", "bat")
    # a cell of the map the bat cannot reach this round at any altitude (no reach colour)
    far = page.evaluate("() => [...document.querySelectorAll('#map svg g.cell[data-cell]')]"
                        ".filter((c) => !c.classList.contains('reach')).pop()"
                        ".getAttribute('data-cell')")
    found = library_path("giant-bat", "bat", far)
    assert found["found"] is False
    x, y = home(page, "bat")
    page.mouse.move(x, y)
    page.mouse.down()
    tx, ty = cell(page, far)
    page.mouse.move(tx, ty, steps=6)
    data = preview_of(page, far)
    assert data["legal"] == "false"
    assert data["moves"] == "" and data["cost"] == ""
    if "rule" not in found:
        pytest.skip("the server's path answer has no `rule` yet (the server helper adds it)")
    assert f"[{found['rule']}]" in data["text"]
    page.mouse.up()
    assert f"[{found['rule']}]" in answer_text(page)


def test_altitude_while_dragging(page: Page) -> None:
    ready(page, "giant-bat", "bat")
    mouse_drag_to(page, "bat", "U35")
    own = page.evaluate("() => window.wingbeat.state.info.creatures"
                        ".find((c) => c.id === 'bat').altitude")
    page.keyboard.press("PageUp")
    page.wait_for_function(
        "(a) => document.querySelector('[data-wb-preview]').dataset.altitude === String(a)",
        arg=own + 1)
    data = preview_of(page, "U35")
    found = library_path("giant-bat", "bat", "U35", altitude=own + 1)
    assert data["altitude"] == str(own + 1)
    if found.get("found", True) is False:
        assert data["legal"] == "false"
    else:
        assert_same_as_path(data, found)
    # the on-screen button lowers it again (a second finger's, or the mouse's, press)
    page.keyboard.press("PageDown")
    page.wait_for_function(
        "(a) => document.querySelector('[data-wb-preview]').dataset.altitude === String(a)",
        arg=own)
    data = preview_of(page, "U35")
    assert_same_as_path(data, library_path("giant-bat", "bat", "U35", altitude=own))
    page.keyboard.press("Escape")
    assert page.locator("[data-wb-preview]").is_hidden()
    page.mouse.up()
    assert page.evaluate("() => window.wingbeat.state.moves") is None


def test_altitude_buttons_for_touch(browser: Any, server: str) -> None:
    page = opened(browser, server + "/", 390, 844)
    ready(page, "giant-bat", "bat")
    touch = Touch(page)
    touch.drag(home(page, "bat"), cell(page, "U35"))
    preview_of(page, "U35")
    up = page.get_by_role("button", name="Higher (PageUp)")
    box = up.bounding_box()
    assert box and box["width"] >= 44 and box["height"] >= 44
    up.click()
    own = page.evaluate("() => window.wingbeat.state.info.creatures"
                        ".find((c) => c.id === 'bat').altitude")
    page.wait_for_function(
        "(a) => document.querySelector('[data-wb-preview]').dataset.altitude === String(a)",
        arg=own + 1)
    data = preview_of(page, "U35")
    found = library_path("giant-bat", "bat", "U35", altitude=own + 1)
    if found.get("found", True) is not False:
        assert_same_as_path(data, found)
    touch.send("touchEnd", [])
    if found.get("found", True) is not False:
        assert_drop_is_check(page, "giant-bat", "bat", found["moves"])
    closed(page)


def test_keyboard_parity(page: Page) -> None:
    ready(page, "giant-bat", "bat")
    page.focus("#map")
    page.keyboard.press("t")
    at = page.get_attribute('#map svg [data-wb-token="bat"]', "data-at")
    place = at
    for _ in range(2):  # a key at a time: each moves the cursor one cell on, and the preview
        page.keyboard.press("ArrowRight")
        page.wait_for_function(
            "(was) => { const p = document.querySelector('[data-wb-preview]'); "
            "return p.dataset.place && p.dataset.place !== was && p.dataset.ready === 'true'; }",
            arg=place)
        place = page.get_attribute("[data-wb-preview]", "data-place")
        assert place
    data = preview_of(page, place)
    found = library_path("giant-bat", "bat", place)
    assert_same_as_path(data, found)
    page.keyboard.press("Enter")
    assert_drop_is_check(page, "giant-bat", "bat", found["moves"])


def test_waypoint(page: Page) -> None:
    ready(page, "giant-bat", "bat")
    try:
        found = wingbeat.path(scenario("giant-bat"), "bat", "U35", via=["S33"]).to_dict()
    except (TypeError, wingbeat.errors.OptionError):
        pytest.skip("the server does not take `via` waypoints yet (the server helper adds them)")
    mouse_drag_to(page, "bat", "S33")
    page.keyboard.press("w")
    tx, ty = cell(page, "U35")
    page.mouse.move(tx, ty, steps=4)
    data = preview_of(page, "U35")
    assert "through S33" in data["text"]
    assert data["moves"] == found["moves"] and data["cost"] == found["cost"]
    assert page.locator("g.wb-drag-way circle.wb-waypoint").count() == 1
    page.keyboard.press("Backspace")  # the waypoint goes: the cheapest way again
    page.wait_for_function("() => !document.querySelector('[data-wb-preview]')"
                           ".textContent.includes('through')")
    assert_same_as_path(preview_of(page, "U35"), library_path("giant-bat", "bat", "U35"))
    sx, sy = cell(page, "S33")
    page.mouse.move(sx, sy, steps=3)
    preview_of(page, "S33")
    page.keyboard.press("w")
    page.mouse.move(tx, ty, steps=3)
    page.wait_for_function("() => document.querySelector('[data-wb-preview]')"
                           ".textContent.includes('through S33')")
    assert preview_of(page, "U35")["moves"] == found["moves"]
    page.mouse.up()
    assert_drop_is_check(page, "giant-bat", "bat", found["moves"])


def test_second_finger_tap_fixes_a_waypoint(browser: Any, server: str) -> None:
    try:
        found = wingbeat.path(scenario("giant-bat"), "bat", "U35", via=["S33"]).to_dict()
    except (TypeError, wingbeat.errors.OptionError):
        pytest.skip("the server does not take `via` waypoints yet (the server helper adds them)")
    page = opened(browser, server + "/", 768, 1024)
    ready(page, "giant-bat", "bat")
    touch = Touch(page)
    waypoint = cell(page, "S33")
    touch.drag(home(page, "bat"), waypoint)
    preview_of(page, "S33")
    aside = home(page, "bat")  # a second finger taps elsewhere on the map, the first stays
    touch.cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [
        {"x": waypoint[0], "y": waypoint[1], "id": 0}, {"x": aside[0], "y": aside[1], "id": 1}]})
    touch.cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": [
        {"x": aside[0], "y": aside[1], "id": 1}]})  # the second finger lifts
    page.wait_for_function("() => document.querySelector('[data-wb-preview]')"
                           ".textContent.includes('through S33')")
    end = cell(page, "U35")
    for i in range(1, 5):
        f = i / 4
        touch.send("touchMove", [(waypoint[0] + (end[0] - waypoint[0]) * f,
                                  waypoint[1] + (end[1] - waypoint[1]) * f)])
    data = preview_of(page, "U35")
    assert data["moves"] == found["moves"] and data["cost"] == found["cost"]
    touch.send("touchEnd", [])
    assert_drop_is_check(page, "giant-bat", "bat", found["moves"])
    closed(page)


def test_right_button_while_dragging_fixes_a_waypoint(page: Page) -> None:
    try:
        found = wingbeat.path(scenario("giant-bat"), "bat", "U35", via=["S33"]).to_dict()
    except (TypeError, wingbeat.errors.OptionError):
        pytest.skip("the server does not take `via` waypoints yet (the server helper adds them)")
    ready(page, "giant-bat", "bat")
    mouse_drag_to(page, "bat", "S33")
    page.mouse.down(button="right")
    page.mouse.up(button="right")
    page.wait_for_function("() => document.querySelector('[data-wb-preview]')"
                           ".textContent.includes('through S33')")
    tx, ty = cell(page, "U35")
    page.mouse.move(tx, ty, steps=4)
    data = preview_of(page, "U35")
    assert data["moves"] == found["moves"] and data["cost"] == found["cost"]
    page.mouse.up()
    assert_drop_is_check(page, "giant-bat", "bat", found["moves"])


def test_dnd5e_options_reach_the_preview(page: Page) -> None:
    ready(page, "harpy", "harpy")
    page.evaluate("() => { document.querySelector('#map > svg').dataset.before = 'option'; }")
    page.select_option("#option-diagonals", "dmg")
    page.wait_for_function("() => window.wingbeat.state.options.diagonals === 'dmg'")
    # the picture drawn with the option (not the one before it, which a redraw replaces)
    page.wait_for_function("() => { const svg = document.querySelector('#map > svg');"
                           " return svg && !svg.dataset.before"
                           " && svg.querySelector('g.cell.reach'); }")
    target = "H6"
    data = mouse_drag_to(page, "harpy", target)
    found = wingbeat.path(scenario("harpy"), "harpy", target, diagonals="dmg").to_dict()
    assert_same_as_path(data, found)
    page.keyboard.press("Escape")
    page.mouse.up()


def test_dragging_another_creature_chooses_it(page: Page) -> None:
    ready(page, "harpy", "harpy")
    states = wingbeat.reach(scenario("harpy"), "fighter").to_dict()["states"]
    start = page.get_attribute('#map svg [data-wb-token="fighter"]', "data-at")
    target = next(s["at"] for s in states if s["at"] != start and s["cost"] != "0")
    data = mouse_drag_to(page, "fighter", target)
    assert page.evaluate("() => window.wingbeat.state.creature") == "fighter"
    assert_same_as_path(data, library_path("harpy", "fighter", target))
    page.keyboard.press("Escape")
    page.mouse.up()
    assert page.evaluate("() => window.wingbeat.state.moves") is None


def test_dragging_page_has_no_serious_axe_violations(page: Page) -> None:
    ready(page, "giant-bat", "bat")
    mouse_drag_to(page, "bat", "U35")
    assert serious(page) == []
    page.mouse.up()
    page.wait_for_function("() => window.wingbeat.state.moves", timeout=WAIT_MS)
