"""Drag to move on the play page (issue 26): press a token, drag it, the preview is the path the
server finds, the drop is the server's check, one confirmation declares it, undo is one click.
With the mouse and with touch (CDP touch events), in volare and dnd5e. The gesture is the
analysis page's (drag.js): waypoints and whether the attack is kept as it says them."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
from pages import closed, on_the_map, opened, serious, shot_path
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

RULE = re.compile(r"\[[A-Z]+-[a-z0-9-]+\]")
DISC = ":is(circle, rect, polygon:not(.heading))"  # a token's disc, not its words
PREVIEW = "[data-wb-preview]:not(.table-preview)"  # the grid drag's (drag.js, playdrag.js)
# the preview of a place once its answer is in (the tree read, or the server's word on it)
READY = ("([selector, cell, level]) => { const p = document.querySelector(selector);"
         " const ok = p && !p.hidden && p.dataset.place === cell && p.dataset.ready === 'true'"
         " && (level === null || p.dataset.altitude === level);"
         " return ok ? {moves: p.dataset.moves, cost: p.dataset.cost, legal: p.dataset.legal,"
         " text: p.textContent} : null; }")
SIZES = [(390, 844), (768, 1024), (1440, 900), (1920, 1080)]


def encounter(site: str, scenario: str, order: list[str] | None = None) -> str:
    body: dict[str, Any] = {"scenario": scenario, "seed": 4}
    if order:
        body["order"] = order
    answer = httpx.post(f"{site}/api/play/encounters", json=body, timeout=120)
    assert answer.status_code == 200, answer.text
    return str(answer.json()["encounter"]["id"])


def play_api(site: str, ref: str, what: str, **params: Any) -> Any:
    answer = httpx.get(f"{site}/api/play/encounters/{ref}/{what}", params=params, timeout=120)
    assert answer.status_code == 200, answer.text
    return answer.json()


def shown(page: Any, ref: str) -> None:
    expect(page.locator("#encounter-info")).to_contain_text(f"Encounter {ref}")
    page.wait_for_selector("#board > svg [data-wb-token]")


def centre(page: Any, selector: str) -> tuple[float, float]:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def token_at(page: Any, creature: str) -> tuple[float, float]:
    """The token's disc (its circle), not the box of its disc and words."""
    page.eval_on_selector(f'#board [data-wb-token="{creature}"] {DISC}',
                          "disc => disc.scrollIntoView({block: 'nearest', inline: 'nearest'})")
    return centre(page, f'#board [data-wb-token="{creature}"] {DISC}')


#: a cell's screen centre from its outline's attributes and the svg's screen matrix: zoomed out,
#: a large map's cell is out of the layout (its shapes display: none, zoom.js), with no box
CELL_CENTRE = """(label) => {
  const svg = document.querySelector('#board > svg');
  const shape = svg.querySelector(`g.cell[data-cell="${label}"] polygon, ` +
    `g.cell[data-cell="${label}"] rect`);
  let [x, y] = [0, 0];
  if (shape.localName === 'rect') {
    x = shape.x.baseVal.value + shape.width.baseVal.value / 2;
    y = shape.y.baseVal.value + shape.height.baseVal.value / 2;
  } else {
    const xs = [...shape.points].map((q) => q.x), ys = [...shape.points].map((q) => q.y);
    [x, y] = [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
  }
  const p = new DOMPoint(x, y).matrixTransform(svg.getScreenCTM());
  return [p.x, p.y];
}"""


def cell_at(page: Any, cell: str) -> tuple[float, float]:
    x, y = page.evaluate(CELL_CENTRE, cell)
    return x, y


def drag(page: Any, creature: str, cell: str, touch: bool = False) -> dict[str, str]:
    """Drag ``creature``'s token to ``cell`` and hold it there until the preview is drawn: the
    preview's data-moves, data-cost, data-legal; then drop."""
    on_the_map(page, "#board", f'#board [data-wb-token="{creature}"] {DISC}',
               f'#board g.cell[data-cell="{cell}"]')
    x0, y0 = token_at(page, creature)
    x1, y1 = cell_at(page, cell)
    steps = [(x0 + (x1 - x0) * i / 6, y0 + (y1 - y0) * i / 6) for i in range(1, 7)]
    if abs(x1 - x0) + abs(y1 - y0) < 20:  # back to where it stands: away first, then back
        steps = [(x0 + 30, y0 + 30), (x0 + 15, y0 + 15), (x1, y1)]
    if touch:
        cdp = page.context.new_cdp_session(page)

        def touched(kind: str, x: float, y: float) -> None:
            cdp.send("Input.dispatchTouchEvent", {
                "type": kind, "touchPoints": [] if kind == "touchEnd" else
                [{"x": x, "y": y, "id": 1, "radiusX": 2, "radiusY": 2, "force": 1}]})

        touched("touchStart", x0, y0)
        for x, y in steps:
            touched("touchMove", x, y)
    else:
        page.mouse.move(x0, y0)
        page.mouse.down()
        for x, y in steps:
            page.mouse.move(x, y)
    seen = ready(page, cell)
    if touch:
        touched("touchEnd", x1, y1)
    else:
        page.mouse.up()
    return seen


def ready(page: Any, cell: str, level: str | None = None) -> dict[str, str]:
    """Wait for the preview of ``cell`` (at the altitude ``level``: "all", "1"), read in the
    same look as the wait: its data-moves, data-cost, data-legal and its words."""
    found = page.wait_for_function(READY, arg=[PREVIEW, cell, level],
                                   timeout=60_000).json_value()
    return {k: found[k] or "" for k in ("moves", "cost", "legal", "text")}


def declare(page: Any, creature: str, moves: str) -> None:
    dialog = page.locator("dialog.drag-confirm:not(.table-confirm)")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text(f"Declare {creature}: {moves or 'holds'}")
    drawn = page.get_attribute("#map-image", "data-src")
    page.click("#drag-declare")
    expect(page.locator("#move-result")).to_contain_text(f"{creature}")
    expect(page.locator(f"#pieces tr[data-creature='{creature}'] td.turn")).to_have_text("moved")
    redrawn(page, drawn)


def redrawn(page: Any, before: str | None) -> None:
    """Wait until the map is the one drawn after the move (the page redraws it)."""
    page.wait_for_function("before => { const map = document.getElementById('map-image');"
                           " return map && map.dataset.src !== before; }", arg=before)


def dragged_as_path(site: str, page: Any, ref: str, creature: str, cell: str,
                    touch: bool = False) -> str:
    """Drag and check the preview is ``path`` there as the encounter stands; the answer shown
    on the drop is the server's ``check`` of it; the way's moves."""
    way = play_api(site, ref, "path", creature=creature, to=cell)
    seen = drag(page, creature, cell, touch)
    assert {k: seen[k] for k in ("moves", "cost", "legal")} == {
        "moves": way["moves"], "cost": way["cost"], "legal": "true"}, (seen, way)
    verdict = play_api(site, ref, "check", creature=creature, moves=way["moves"])
    assert verdict["legal"] and verdict["cost"] == way["cost"]
    expect(page.locator("[data-wb-answer]")).to_contain_text(f"{creature} to {cell}")
    expect(page.locator("#move-result")).to_contain_text(f"{way['moves']}, {verdict['cost']}")
    moves: str = way["moves"]
    return moves


@pytest.mark.parametrize("touch", [False, True], ids=["mouse", "touch"])
def test_a_volare_round_by_drags(play_site: str, browser: Any, touch: bool) -> None:
    ref = encounter(play_site, "example:giant-bat", ["bat", "chamois"])
    page = opened(browser, f"{play_site}/static/play.html#encounter={ref}")
    shown(page, ref)
    # a place out of reach: refused with the rule's id, nothing declared
    drag(page, "bat", "A1", touch)
    expect(page.locator("#move-result")).to_have_text(RULE)
    expect(page.locator("dialog.drag-confirm:not(.table-confirm)")).to_be_hidden()
    # a cancelled confirmation declares nothing
    moves = dragged_as_path(play_site, page, ref, "bat", "U35", touch)
    expect(page.locator("dialog.drag-confirm:not(.table-confirm)")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("dialog.drag-confirm:not(.table-confirm)")).to_be_hidden()
    assert "moved" not in page.text_content("#pieces tr[data-creature='bat'] td.turn")
    # the drop declared after one confirmation; undo is one click
    moves = dragged_as_path(play_site, page, ref, "bat", "U35", touch)
    declare(page, "bat", moves)
    drawn = page.get_attribute("#map-image", "data-src")
    page.click("#map-undo-button")
    expect(page.locator("#pieces tr[data-creature='bat'] td.turn")).not_to_have_text("moved")
    redrawn(page, drawn)
    moves = dragged_as_path(play_site, page, ref, "bat", "U35", touch)
    declare(page, "bat", moves)
    # the chamois holds where it stands: dropped on its own place
    dragged_as_path(play_site, page, ref, "chamois", "V36", touch)
    declare(page, "chamois", "")
    page.click("#next-round-button")
    expect(page.locator("#round")).to_have_text("2")
    assert serious(page) == []
    closed(page)


@pytest.mark.parametrize("touch", [False, True], ids=["mouse", "touch"])
def test_a_dnd5e_round_by_drags(play_site: str, browser: Any, touch: bool) -> None:
    ref = encounter(play_site, "example:harpy", ["harpy", "fighter", "scout"])
    page = opened(browser, f"{play_site}/static/play.html#encounter={ref}", 768, 1024)
    shown(page, ref)
    for creature, cell in (("harpy", "D2"), ("fighter", "E5")):
        moves = dragged_as_path(play_site, page, ref, creature, cell, touch)
        declare(page, creature, moves)
    drag(page, "scout", "J10", touch)  # out of its reach
    expect(page.locator("#move-result")).to_have_text(RULE)
    closed(page)


def test_keyboard_picks_moves_and_declares(play_site: str, browser: Any) -> None:
    ref = encounter(play_site, "example:giant-bat", ["bat", "chamois"])
    page = opened(browser, f"{play_site}/static/play.html#encounter={ref}")
    shown(page, ref)
    page.focus("#board")
    page.keyboard.press("t")
    ready(page, "T34")
    page.keyboard.press("ArrowDown")
    cell = page.wait_for_function(
        "selector => { const p = document.querySelector(selector);"
        " return p && p.dataset.ready === 'true' && p.dataset.place !== 'T34'"
        " && p.dataset.place; }", arg=PREVIEW, timeout=60_000).json_value()
    seen = ready(page, cell)
    way = play_api(play_site, ref, "path", creature="bat", to=cell)
    assert seen["moves"] == way["moves"]
    page.keyboard.press("Enter")
    declare(page, "bat", way["moves"])
    closed(page)


def test_the_altitude_changes_while_dragging(play_site: str, browser: Any) -> None:
    """PageDown while the mouse drags, and the on-screen buttons: the preview follows, and is
    ``path`` to that place at that altitude."""
    ref = encounter(play_site, "example:giant-bat", ["bat", "chamois"])
    page = opened(browser, f"{play_site}/static/play.html#encounter={ref}")
    shown(page, ref)
    x0, y0 = token_at(page, "bat")
    x1, y1 = cell_at(page, "U35")
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move((x0 + x1) / 2, (y0 + y1) / 2)
    page.mouse.move(x1, y1)
    ready(page, "U35", "all")
    page.keyboard.press("PageDown")  # the bat flies at 2: the way to U35 at altitude 1
    seen = ready(page, "U35", "1")
    way = play_api(play_site, ref, "path", creature="bat", to="U35", altitude=1)
    assert {k: seen[k] for k in ("moves", "cost", "legal")} == {
        "moves": way["moves"], "cost": way["cost"], "legal": "true"}
    page.mouse.up()
    expect(page.locator("dialog.drag-confirm:not(.table-confirm)")).to_contain_text(way["moves"])
    page.keyboard.press("Escape")
    # the buttons, with a token picked from the keyboard
    page.focus("#board")
    page.keyboard.press("t")
    ready(page, "T34", "all")
    page.click(".wb-drag-bar button[aria-label^='Lower']")
    seen = ready(page, "T34", "1")
    way = play_api(play_site, ref, "path", creature="bat", to="T34", altitude=1)
    assert seen["moves"] == way["moves"] and seen["cost"] == way["cost"]
    page.keyboard.press("Escape")
    expect(page.locator(PREVIEW)).to_be_hidden()
    closed(page)


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_drag_and_declare_at_every_size(play_site: str, browser: Any, width: int,
                                        height: int) -> None:
    ref = encounter(play_site, "example:harpy", ["harpy", "fighter", "scout"])
    page = opened(browser, f"{play_site}/static/play.html#encounter={ref}", width, height)
    shown(page, ref)
    touch = width < 800
    moves = dragged_as_path(play_site, page, ref, "harpy", "D2", touch)
    declare(page, "harpy", moves)
    page.screenshot(path=shot_path(f"play-drag-{width}x{height}.png"))
    assert serious(page) == []
    closed(page)


@pytest.mark.parametrize("touch", [False, True], ids=["mouse", "touch"])
def test_a_waypoint_drag_declares_the_route_through_it(play_site: str, browser: Any,
                                                       touch: bool) -> None:
    """Hold the bat over U37, fix it as a waypoint (the W key; on touch a second finger's tap),
    drag on to T38: the preview is ``path`` with ``via`` as the encounter stands, not the
    cheapest way; the drop's confirmation and the declared move are that route."""
    ref = encounter(play_site, "example:giant-bat", ["bat", "chamois"])
    page = opened(browser, f"{play_site}/static/play.html#encounter={ref}")
    shown(page, ref)
    on_the_map(page, "#board", f'#board [data-wb-token="bat"] {DISC}',
               '#board g.cell[data-cell="U37"]', '#board g.cell[data-cell="T38"]')
    direct = play_api(play_site, ref, "path", creature="bat", to="T38")
    route = play_api(play_site, ref, "path", creature="bat", to="T38", via="U37")
    assert route["moves"] != direct["moves"] and "U37" in route["moves"].split()
    x0, y0 = token_at(page, "bat")
    x1, y1 = cell_at(page, "U37")
    x2, y2 = cell_at(page, "T38")
    cdp = page.context.new_cdp_session(page)

    def fingers(kind: str, *points: tuple[int, float, float]) -> None:
        """A CDP touch event: the points it moves, presses or lifts (id, x, y)."""
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [
            {"id": i, "x": x, "y": y, "radiusX": 2, "radiusY": 2, "force": 1}
            for i, x, y in points]})

    def move(x: float, y: float) -> None:
        if touch:
            fingers("touchMove", (1, x, y))
        else:
            page.mouse.move(x, y)

    if touch:
        fingers("touchStart", (1, x0, y0))
    else:
        page.mouse.move(x0, y0)
        page.mouse.down()
    for i in range(1, 5):
        move(x0 + (x1 - x0) * i / 4, y0 + (y1 - y0) * i / 4)
    ready(page, "U37")
    if touch:  # a second finger taps anywhere: the place under the first is the waypoint
        fingers("touchStart", (1, x1, y1), (2, x0, y0))
        fingers("touchEnd", (2, x0, y0))  # the second finger lifts, the first stays
    else:
        page.keyboard.press("w")
    page.wait_for_selector("#board g.wb-drag-way circle.wb-waypoint")
    for i in range(1, 5):
        move(x1 + (x2 - x1) * i / 4, y1 + (y2 - y1) * i / 4)
    page.wait_for_function(
        "([selector, moves]) => { const p = document.querySelector(selector);"
        " return p && p.dataset.place === 'T38' && p.dataset.ready === 'true'"
        " && p.dataset.moves === moves; }", arg=[PREVIEW, route["moves"]], timeout=60_000)
    seen = ready(page, "T38")
    assert (seen["moves"], seen["cost"], seen["legal"]) == (route["moves"], route["cost"],
                                                            "true")
    assert "through U37" in seen["text"]
    assert page.locator("#board g.wb-drag-way circle.wb-waypoint").count() == 1
    if touch:
        fingers("touchEnd", (1, x2, y2))
    else:
        page.mouse.up()
    expect(page.locator("#move-result")).to_contain_text(f"bat to T38 through U37: "
                                                         f"{route['moves']}")
    declare(page, "bat", route["moves"])
    log = play_api(play_site, ref, "log")["entries"]
    assert route["moves"] in log[-1]["text"], log[-1]
    closed(page)


@pytest.mark.parametrize(("scenario", "order", "creature", "cell"), [
    ("example:harpy", ["harpy", "fighter", "scout"], "harpy", "C3"),
    ("example:giant-bat", ["bat", "chamois"], "bat", "U35"),
], ids=["dnd5e", "volare"])
def test_the_preview_says_whether_the_attack_is_kept(play_site: str, browser: Any,
                                                      scenario: str, order: list[str],
                                                      creature: str, cell: str) -> None:
    """The play preview says what ``path``'s ``can_act`` says, as the analysis page does."""
    ref = encounter(play_site, scenario, order)
    page = opened(browser, f"{play_site}/static/play.html#encounter={ref}", 768, 1024)
    shown(page, ref)
    way = play_api(play_site, ref, "path", creature=creature, to=cell)
    seen = drag(page, creature, cell)
    assert seen["moves"] == way["moves"]
    said = "can still attack" if way["can_act"] else "the attack is spent"
    assert said in seen["text"], (seen, way)
    dialog = page.locator("dialog.drag-confirm:not(.table-confirm)")
    expect(dialog).to_contain_text("It can still attack." if way["can_act"]
                                   else "The attack is spent.")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    closed(page)
