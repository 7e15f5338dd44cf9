"""The tabletop gesture (issue 26, tablegesture.js) on the play page: dragging a model draws the
flight line snapped to round points with its length; dropping on an enemy offers a dive charge,
checked by the server and declared after one confirmation. Mouse and touch (CDP)."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
from pages import closed, opened, serious
from playwright.sync_api import expect
from test_play_drag import centre, encounter, play_api, redrawn, shown

import wingbeat

pytestmark = pytest.mark.browser

DISC = ':is(circle, rect, polygon:not(.heading))'


def gesture(page: Any, points: list[tuple[float, float]], touch: bool) -> Any:
    """Press at the first point, move through the others; returns the release."""
    if touch:
        cdp = page.context.new_cdp_session(page)

        def touched(kind: str, x: float, y: float) -> None:
            cdp.send("Input.dispatchTouchEvent", {
                "type": kind, "touchPoints": [] if kind == "touchEnd" else
                [{"x": x, "y": y, "id": 1, "radiusX": 2, "radiusY": 2, "force": 1}]})

        touched("touchStart", *points[0])
        for x, y in points[1:]:
            touched("touchMove", x, y)
        return lambda: touched("touchEnd", *points[-1])
    page.mouse.move(*points[0])
    page.mouse.down()
    for x, y in points[1:]:
        page.mouse.move(x, y)
    return page.mouse.up


#: the screen point of the table point (x, y) in the picture of `box` (the render's data-scale,
#: data-origin-x/-y, data-table-height), and whether it lies in the viewport clear of the tools
TABLE_POINT = """([box, x, y]) => {
  const svg = document.querySelector(box + ' > svg');
  const n = (k) => Number(svg.getAttribute(k));
  const s = n('data-scale');
  const p = new DOMPoint(n('data-origin-x') + x * s, n('data-origin-y') + (n('data-table-height')
    - y) * s).matrixTransform(svg.getScreenCTM());
  const tools = document.querySelector('.map-tools').getBoundingClientRect();
  const under = p.x >= tools.left && p.x <= tools.right && p.y >= tools.top
    && p.y <= tools.bottom;
  const shown = p.x > 0 && p.y > 0 && p.x < innerWidth && p.y < innerHeight && !under;
  return [p.x, p.y, shown];
}"""

#: the flight line's end in the picture's units, and where the preview's point lies there
LINE_END = """(box) => {
  const svg = document.querySelector(box + ' > svg');
  const line = svg.querySelector('line.table-drag-line');
  const p = document.querySelector('[data-wb-preview].table-preview');
  if (!line || !p || p.hidden) return null;
  const n = (k) => Number(svg.getAttribute(k));
  const s = n('data-scale');
  const [x, y] = p.dataset.moves.split(' ').pop().split(',').map(Number);
  const [a, b] = [p.getBoundingClientRect(),
    document.querySelector('.map-tools').getBoundingClientRect()];
  const clear = !(a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top);
  return {clear, rects: [a.left, a.top, a.right, a.bottom, b.left, b.top, b.right, b.bottom],
          drawn: [Number(line.getAttribute('x2')), Number(line.getAttribute('y2'))],
          want: [n('data-origin-x') + x * s, n('data-origin-y') + (n('data-table-height') - y)
                 * s], moves: p.dataset.moves, legal: p.dataset.legal || '', text: p.textContent};
}"""


def table_points(page: Any, box: str, *points: tuple[float, float]
                 ) -> list[tuple[float, float]]:
    """The screen points of the table's points in `box`, the whole table shown first if one is
    off the screen or under the map's buttons."""
    found = [page.evaluate(TABLE_POINT, [box, x, y]) for x, y in points]
    if not all(shown for _, _, shown in found):
        page.click("#map-tools button[aria-label='Whole map']")
        page.wait_for_function("box => { const b = document.querySelector(box);"
                               " return b.dataset.zoom === '1' && !b.dataset.gesture; }",
                               arg=box)
        found = [page.evaluate(TABLE_POINT, [box, x, y]) for x, y in points]
    return [(px, py) for px, py, _ in found]


def line_to(page: Any, box: str, moves: str) -> dict[str, Any]:
    """Wait for the preview of `moves`; the line is drawn to its point, snapped to half a
    unit."""
    seen: dict[str, Any] = page.wait_for_function(
        "([box, moves]) => { const s = (" + LINE_END + ")(box);"
        " return s && s.moves === moves ? s : null; }", arg=[box, moves]).json_value()
    point = moves.split(" ")[-1].split(",")
    assert all(float(v) * 2 == int(float(v) * 2) for v in point)  # half a unit
    assert seen["drawn"] == pytest.approx(seen["want"], abs=0.06)  # toFixed(1)
    assert seen["clear"], f"the label lies under the map's buttons: {seen['rects']}"
    return seen


def model(page: Any, creature: str) -> tuple[float, float]:
    return centre(page, f'#board [data-wb-token="{creature}"] {DISC}')


@pytest.mark.parametrize("touch", [False, True], ids=["mouse", "touch"])
def test_a_dive_charge_by_dropping_on_the_target(play_site: str, browser: Any,
                                                 touch: bool) -> None:
    ref = encounter(play_site, "example:morbid-angel", ["angel", "gargoyle", "knight", "harpy"])
    page = opened(browser, f"{play_site}/static/play.html#encounter={ref}")
    shown(page, ref)
    x0, y0 = model(page, "angel")
    # a flight line: snapped to round points, its length said
    release = gesture(page, [(x0, y0), (x0 + 10, y0 + 5), (x0 + 37, y0 + 3)], touch)
    preview = page.locator("[data-wb-preview]:not([hidden])")
    expect(preview).to_have_text(re.compile(r"^\d+(\.5)?,\d+(\.5)?: [\d.]+ cm, (in|out)side"))
    point = (preview.get_attribute("data-moves") or "").split(",")
    assert all(float(v) * 2 == int(float(v) * 2) for v in point)  # snapped to half a cm
    release()
    # the line is checked by the server on the drop; Cancel declares nothing
    dialog = page.locator("dialog.table-confirm")
    verdict = play_api(play_site, ref, "check", creature="angel", moves=",".join(point))
    if verdict["legal"]:
        expect(dialog).to_be_visible()
        page.keyboard.press("Escape")
    else:
        expect(page.locator("#move-result")).to_contain_text(f"[{verdict['error']['rule']}]")
    expect(dialog).to_be_hidden()
    # dropped on the knight: a redirect is offered, and refused by the rules here (the knight
    # is not gone), with the rule's id
    x1, y1 = model(page, "knight")
    release = gesture(page, [(x0, y0), (x0 + 10, y0 + 10), (x1, y1)], touch)
    expect(page.locator("[data-wb-preview]:not([hidden])")).to_contain_text("angel onto knight")
    release()
    page.click("text=Dive onto knight, redirected to gargoyle")
    expect(page.locator("#move-result")).to_contain_text("[C-change]")
    expect(dialog).to_be_hidden()
    # dropped on the knight: a dive charge, chosen, checked, declared
    release = gesture(page, [(x0, y0), (x0 + 10, y0 + 10), (x1, y1)], touch)
    expect(page.locator("[data-wb-preview]:not([hidden])")).to_contain_text("angel onto knight")
    release()
    expect(dialog).to_be_visible()
    page.click("text=Dive charge onto knight")
    expect(dialog).to_contain_text("Declare angel: dive:knight")
    page.click("#table-choice-0")
    expect(page.locator("#pieces tr[data-creature='angel'] td.turn")).to_have_text("moved")
    assert serious(page) == []
    expect(page.locator("#log")).to_contain_text("dive:knight")
    closed(page)


@pytest.mark.parametrize("touch", [False, True], ids=["mouse", "touch"])
def test_the_gesture_on_the_scenario_page_shows_the_check(browser: Any, play_site: str,
                                                          touch: bool) -> None:
    page = opened(browser, play_site + "/", 1440, 900)
    expect(page.locator("#map svg")).to_have_attribute("data-creature", "bat")
    page.locator("#scenario-select").select_option("example:morbid-angel")
    expect(page.locator("#map svg")).to_have_attribute("data-creature", "angel")
    angel = centre(page, f'#map [data-wb-token="angel"] {DISC}')
    knight = centre(page, f'#map [data-wb-token="knight"] {DISC}')
    release = gesture(page, [angel, (angel[0] + 10, angel[1] + 10), knight], touch)
    expect(page.locator("[data-wb-preview].table-preview")).to_contain_text("angel onto knight")
    release()
    page.click("text=Dive charge onto knight")
    expect(page.locator("#move-input")).to_have_value("dive:knight")
    verdict = httpx.get(f"{play_site}/api/check", params={
        "scenario": "example:morbid-angel", "creature": "angel", "moves": "dive:knight"}).json()
    assert verdict["legal"]
    expect(page.locator("#check-result")).to_contain_text(f"Legal: {verdict['cost_text']}")
    assert page.evaluate("wingbeat.state.to") is None  # the drop chose no point of the table
    assert serious(page) == []
    closed(page)


def test_the_keyboard_draws_and_declares_a_flight_line(play_site: str, browser: Any) -> None:
    """T picks the creature to move, the arrows move the line's end by the snap (ten with
    Shift), Enter asks the check, then the confirmation declares it."""
    ref = encounter(play_site, "example:morbid-angel", ["angel", "gargoyle", "knight", "harpy"])
    page = opened(browser, f"{play_site}/static/play.html#encounter={ref}")
    shown(page, ref)
    page.focus("#board")
    page.keyboard.press("t")
    preview = page.locator("[data-wb-preview].table-preview")
    expect(preview).to_contain_text("30,30: 0 cm")  # where the angel stands
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Shift+ArrowDown")
    expect(preview).to_contain_text("30.5,25: ")
    assert preview.get_attribute("data-moves") == "30.5,25"
    # PageUp / PageDown: a level up first, then not
    page.keyboard.press("PageUp")
    expect(preview).to_have_attribute("data-moves", "up 30.5,25")
    page.keyboard.press("PageDown")
    expect(preview).to_have_attribute("data-moves", "30.5,25")
    page.keyboard.press("Enter")
    verdict = play_api(play_site, ref, "check", creature="angel", moves="30.5,25")
    dialog = page.locator("dialog.table-confirm")
    if verdict["legal"]:
        expect(dialog).to_contain_text("Declare angel: 30.5,25")
        page.click("#table-choice-0")
        expect(page.locator("#pieces tr[data-creature='angel'] td.turn")).to_have_text("moved")
    else:
        expect(page.locator("#move-result")).to_contain_text(f"[{verdict['error']['rule']}]")
    closed(page)


def point(words: str) -> tuple[float, float]:
    x, y = (float(v) for v in words.split(","))
    return x, y


def flown(page: Any, creature: str, to: str, touch: bool, climb: int = 0) -> dict[str, Any]:
    """Drag the model on the play board to the table point `to`, climbing `climb` levels while
    dragging (the wheel with the mouse, the ▲ button with a finger); the preview once it says the
    move, then dropped."""
    at = page.get_attribute(f'#board [data-wb-token="{creature}"]', "data-at")
    (x0, y0), (x1, y1) = table_points(page, "#board", *(point(where) for where in (at, to)))
    release = gesture(page, [(x0, y0), (x0 + (x1 - x0) / 3 + 6, y0 + (y1 - y0) / 3 + 6),
                             (x1, y1)], touch)
    line_to(page, "#board", to)
    for _ in range(climb):
        if touch:
            page.click("button[aria-label^='Climb a level']")
        else:
            page.mouse.wheel(0, -100)  # the wheel is the drag's while it lasts, not the zoom's
    seen = line_to(page, "#board", "up " * climb + to)
    release()
    return seen


def declared(page: Any, creature: str) -> None:
    """Declare in the confirmation; the board is redrawn after it (a drag waits for that)."""
    drawn = page.get_attribute("#map-image", "data-src")
    page.click("#table-choice-0")
    expect(page.locator(f"#pieces tr[data-creature='{creature}'] td.turn")).to_have_text("moved")
    redrawn(page, drawn)


@pytest.mark.parametrize("touch", [False, True], ids=["mouse", "touch"])
def test_a_battlesystem_round_by_drags(play_site: str, browser: Any, touch: bool) -> None:
    """battlesystem in play: the griffons on the ground take off while dragged (B-alt: a flight
    without it is refused with the rule), the pegasi fly; each drop is the server's check, as
    `wingbeat check` of the scenario, declared after one confirmation; undo is one click."""
    ref = encounter(play_site, "example:pegasi", ["griffons", "pegasi"])
    page = opened(browser, f"{play_site}/static/play.html#encounter={ref}", 1440, 900)
    shown(page, ref)
    scenario = wingbeat.open_scenario("example:pegasi")
    dialog = page.locator("dialog.table-confirm")
    turn = "#pieces tr[data-creature='{}'] td.turn"
    # on the ground, a flight to a point is refused: it must take off first (B-alt)
    flown(page, "griffons", "50,40", touch)
    refused = wingbeat.check(scenario, "griffons", "50,40").to_dict()
    assert refused["legal"] is False and refused["error"]["rule"] == "B-alt"
    expect(page.locator("#move-result")).to_contain_text("[B-alt]")
    expect(dialog).to_be_hidden()
    # climbing a level while dragging: "up 50,40", as `wingbeat check` says, declared
    seen = flown(page, "griffons", "50,40", touch, climb=1)
    assert "legal" not in seen or seen["legal"] == ""  # not the picture's to say: the check's
    checked = wingbeat.check(scenario, "griffons", "up 50,40").to_dict()
    verdict = play_api(play_site, ref, "check", creature="griffons", moves="up 50,40")
    assert checked["legal"] and verdict["legal"] and verdict["cost"] == checked["cost"]
    expect(dialog).to_contain_text(f"Declare griffons: up 50,40 ({checked['cost']} in)")
    declared(page, "griffons")
    # the pegasi: dropped, confirmed, declared; undone with one click; flown again
    for again in (False, True):
        flown(page, "pegasi", "18,20", touch)
        verdict = play_api(play_site, ref, "check", creature="pegasi", moves="18,20")
        assert verdict["legal"] and verdict["cost"] == wingbeat.check(
            scenario, "pegasi", "18,20").to_dict()["cost"]
        expect(dialog).to_contain_text(f"Declare pegasi: 18,20 ({verdict['cost']} in)")
        declared(page, "pegasi")
        if not again:
            drawn = page.get_attribute("#map-image", "data-src")
            page.click("#map-undo-button")
            expect(page.locator(turn.format("pegasi"))).not_to_have_text("moved")
            redrawn(page, drawn)
    expect(page.locator("#log")).to_contain_text("up 50,40")
    page.click("#next-round-button")
    expect(page.locator("#round")).to_have_text("2")
    assert serious(page) == []
    closed(page)
