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
from test_play_drag import centre, encounter, play_api, shown

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
