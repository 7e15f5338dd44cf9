"""A click redraws the map from the server's changes (web/patch.py), not a whole new picture, and
the map it leaves is the very picture the server draws whole: on a hex map, a square map and a
table."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit

import pytest
from pages import answers_read, watch_answers
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

#: The page's map, and the whole picture from the server, as the server's elements (what the page
#: adds for the keyboard, the chosen cell and the clickable tokens left out), to compare.
SAME_PICTURE = """
async (url) => {
  const pageOnly = (root) => {
    for (const n of root.querySelectorAll("circle.point-cursor")) n.remove();
    for (const n of root.querySelectorAll("g.creature.advisable")) {  // clickable for advice
      n.classList.remove("advisable");
      n.removeAttribute("pointer-events");
    }
    for (const n of root.querySelectorAll("g.cell")) {
      for (const a of ["tabindex", "role", "aria-label"]) n.removeAttribute(a);
      n.classList.remove("selected");
      if (n.getAttribute("class") === "") n.removeAttribute("class");
    }
    return root;
  };
  const shown = pageOnly(document.querySelector("#map svg").cloneNode(true));
  const text = await (await fetch(url)).text();
  const whole = pageOnly(new DOMParser().parseFromString(text, "image/svg+xml").documentElement);
  const s = new XMLSerializer();
  const kids = (svg) => [...svg.children].map((n) => s.serializeToString(n));
  return { shown: kids(shown), whole: kids(whole) };
}
"""

CASES = [
    ("example:giant-bat", "bat", "g.hex", ["U35", "T36"]),
    ("example:harpy", "harpy", "g.cell", ["C3", "E5"]),
]


def watch_renders(page: Page) -> list[tuple[str, str]]:
    """Each picture the page asks for: its question (without ``from_picture``) and the type of
    the answer."""
    seen: list[tuple[str, str]] = []

    def answered(response: Any) -> None:
        url = urlsplit(response.url)
        if url.path == "/api/render":
            asked = [(k, v) for k, v in parse_qsl(url.query)
                     if k not in ("from_picture", "kept")]
            seen.append(("/api/render?" + urlencode(asked), response.headers["content-type"]))

    page.on("response", answered)
    watch_answers(page, "/api/render")
    return seen


def same_as_whole(page: Page, seen: list[tuple[str, str]]) -> None:
    answers_read(page)  # the picture's answer comes after the path's
    found = page.evaluate(SAME_PICTURE, seen[-1][0])
    assert found["shown"] == found["whole"]


@pytest.mark.parametrize(("scenario", "creature", "cell", "clicks"), CASES)
def test_clicks_redraw_from_changes_into_the_whole_picture(page: Page, server: str, scenario: str,
                                                          creature: str, cell: str,
                                                          clicks: list[str]) -> None:
    seen = watch_renders(page)
    page.locator("#scenario-select").select_option(scenario)
    expect(page.locator("#map svg")).to_have_attribute("data-creature", creature)
    for to in clicks:
        page.locator(f'#map {cell}[data-cell="{to}"]').click()
        expect(page.locator("#map g.cell.selected")).to_have_attribute("data-cell", to)
        expect(page.locator("#map .route-step").first).to_be_attached()
        expect(page.locator("#path-summary")).not_to_be_empty()
        same_as_whole(page, seen)
        assert f"to={to}" in seen[-1][0]
    assert any(kind.startswith("application/json") for _, kind in seen), seen
    # the keyboard's one tab stop survives the changes
    expect(page.locator('#map g.cell[tabindex="0"]')).to_have_count(1)


def test_a_table_click_redraws_into_the_whole_picture(page: Page, server: str) -> None:
    seen = watch_renders(page)
    page.locator("#scenario-select").select_option("example:pegasi")
    expect(page.locator("#map svg")).to_have_attribute("data-creature", "pegasi")
    area = page.locator("#map svg g.reach").bounding_box()
    assert area is not None
    page.mouse.click(area["x"] + area["width"] / 2, area["y"] + area["height"] / 2)
    expect(page.locator("#path-summary")).not_to_be_empty()
    same_as_whole(page, seen)
    assert "to=" in seen[-1][0]
    expect(page.locator("#map g.rulers")).to_have_count(1)  # drawn by the server, once


def test_a_click_asks_for_the_map_before_its_path(page: Page, server: str) -> None:
    """The map first: its picture finds the way (the worker keeps it), the path's answer for the
    panel comes after it, and the whole reach report (for a way that keeps the attack) after
    the map is drawn, not beside it."""
    events: list[str] = []

    def api(kind: str) -> Any:
        def seen(message: Any) -> None:
            path = urlsplit(message.url).path
            if path in ("/api/render", "/api/path", "/api/reach"):
                events.append(kind + path)
        return seen

    page.on("request", api("ask "))
    page.on("response", api("got "))
    watch_answers(page, "/api/render", "/api/path", "/api/reach")
    page.locator("#scenario-select").select_option("example:harpy")
    expect(page.locator("#map svg")).to_have_attribute("data-creature", "harpy")
    answers_read(page)  # the harpy's first questions are answered before the click's are watched
    events.clear()
    page.locator('#map g.cell[data-cell="E5"]').click()
    expect(page.locator("#path-summary")).not_to_be_empty()
    expect(page.locator("#map g.cell.selected")).to_have_attribute("data-cell", "E5")
    assert events.index("ask /api/render") < events.index("got /api/render") < events.index(
        "ask /api/path"), events
    if "ask /api/reach" in events:
        assert events.index("got /api/render") < events.index("ask /api/reach"), events


def test_a_creature_shown_before_is_drawn_from_the_picture_kept(page: Page, server: str) -> None:
    """Back to a creature whose map the page drew: the server answers with the picture's name
    alone (it is one the page keeps), and the page shows the one it kept, which is the very
    picture the server draws whole, with the overlays of the page drawn on it again."""
    seen = watch_renders(page)
    page.locator("#scenario-select").select_option("example:harpy")
    expect(page.locator("#map svg")).to_have_attribute("data-creature", "harpy")
    page.locator("#threat-toggle").check()  # an overlay the page adds to the picture
    expect(page.locator("#map .threat-layer").first).to_be_attached()
    page.locator("#creature-select").select_option("fighter")
    expect(page.locator("#map svg")).to_have_attribute("data-creature", "fighter")
    page.locator("#threat-toggle").uncheck()
    expect(page.locator("#map .threat-layer")).to_have_count(0)
    page.locator("#creature-select").select_option("harpy")
    expect(page.locator("#map svg")).to_have_attribute("data-creature", "harpy")
    answers_read(page)
    assert seen[-1][1].startswith("application/json"), seen
    expect(page.locator("#map .threat-layer")).to_have_count(0)  # its old overlay is gone
    expect(page.locator('#map g.cell[tabindex="0"]')).to_have_count(1)
    same_as_whole(page, seen)
