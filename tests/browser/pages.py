"""What the page tests share: a page opened at a screen size that records what it raises, its
closing check, axe-core's serious and critical violations, the API's answers the page should
show, and screenshots for a person to look at."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

# The page waits on real computations; CI's 2 cores are slow, and busier still under `make
# stress-test`. Waiting longer changes no verdict: it only bounds a wait that would never end.
WAIT_MS = 120_000

SHOTS = Path(__file__).resolve().parent.parent.parent / ".pytest_cache" / "screenshots"

# A shape's box from its attributes, as getBBox() says it (``boxOf(shape)``): a cell out of the
# layout (zoom.js's wb-off: its shapes display: none) has no box in the layout. Put at the top
# of a page function's body.
SHAPE_BOX = """
  // a shape's box from its attributes (a cell out of the layout, display: none, has none)
  const boxOf = (s) => {
    if (s.localName === 'rect') return { x: s.x.baseVal.value, y: s.y.baseVal.value,
      width: s.width.baseVal.value, height: s.height.baseVal.value };
    if (s.localName !== 'polygon') return s.getBBox();
    const xs = [...s.points].map((q) => q.x), ys = [...s.points].map((q) => q.y);
    const [x0, y0] = [Math.min(...xs), Math.min(...ys)];
    return { x: x0, y: y0, width: Math.max(...xs) - x0, height: Math.max(...ys) - y0 };
  };
"""

# Counts the page's questions whose address holds one of the fragments, and those it has read
# the answer of (a task after the read, so whatever the page does with it is done too).
_WATCH = """(fragments) => {
  const count = { asked: 0, read: 0 };
  window.__answers = count;
  const original = window.fetch;
  window.fetch = (url, init) => {
    const answer = original(url, init);
    if (!fragments.some((f) => String(url).includes(f))) return answer;
    count.asked += 1;
    const read = () => setTimeout(() => { count.read += 1; }, 0);
    return answer.then((response) => {
      for (const name of ["json", "text"]) {
        const body = response[name].bind(response);
        response[name] = () => body().finally(read);
      }
      return response;
    }, (error) => { read(); throw error; });
  };
}"""


def watch_answers(page: Page, *fragments: str) -> None:
    """From now on, count the page's questions to addresses holding one of ``fragments``."""
    page.evaluate(_WATCH, list(fragments))


def answers_read(page: Page) -> None:
    """Wait until the page has read (and acted on) every answer to the questions watched: an
    event, not a duration, so a late answer that should be dropped has been, on any machine."""
    page.wait_for_function("() => window.__answers.read === window.__answers.asked")


def opened(browser: Any, url: str, width: int = 1400, height: int = 1000) -> Page:
    """A new page of ``width`` × ``height`` at ``url``; what it raises is kept for ``closed``."""
    context = browser.new_context(viewport={"width": width, "height": height})
    page: Page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    problems: list[str] = []
    page.on("pageerror", lambda exc: problems.append(str(exc)))
    page.goto(url)
    page.problems = problems  # type: ignore[attr-defined]
    return page


def closed(page: Page) -> None:
    """Close the page; it must have raised nothing."""
    problems = page.problems  # type: ignore[attr-defined]
    page.context.close()
    assert problems == [], f"the page raised: {problems}"


def serious(page: Page) -> list[str]:
    """axe-core's serious and critical violations on the page as it stands."""
    found = Axe().run(page).response["violations"]
    return [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:3]}"
            for v in found if v["impact"] in ("serious", "critical")]


def api(server: str, endpoint: str, **params: Any) -> Any:
    """The JSON of the server's ``GET /api/ENDPOINT?PARAMS``, which must answer 200."""
    answer = httpx.get(f"{server}/api/{endpoint}", params=params, timeout=120)
    assert answer.status_code == 200, answer.text
    return answer.json()


def shot_path(name: str) -> str:
    """Where the screenshot ``name`` is written (.pytest_cache/screenshots, made if need be)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    return str(SHOTS / name)


def shot(page: Page, name: str) -> None:
    """A screenshot of the whole page."""
    page.screenshot(path=shot_path(name), full_page=True)


#: the centre of each selected element is inside the map's box (a culled cell has no box)
_OUTSIDE = """([box, selectors]) => {
  const b = document.querySelector(box).getBoundingClientRect();
  return selectors.some((s) => {
    const e = document.querySelector(s);
    if (!e) return false;
    const r = e.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    return !r.width || x < b.left || x > b.right || y < b.top || y > b.bottom;
  });
}"""


def on_the_map(page: Any, box: str, *selectors: str) -> None:
    """What a test is about to press lies on the map as it opens (framed on the action), or the
    test shows the whole map first, as a player would zoom out to reach a far place."""
    if page.evaluate(_OUTSIDE, [box, list(selectors)]):
        page.click("#map-tools button[aria-label='Whole map']")
        page.wait_for_function(
            "box => { const b = document.querySelector(box);"
            " return b.dataset.zoom === '1' && !b.dataset.gesture; }", arg=box)


def choose_example(page: Page, name: str) -> None:
    """Choose the built-in example ``name`` in the scenario list, through the drawer where the
    controls are one (a narrow screen)."""
    page.wait_for_function("() => document.querySelectorAll('#scenario-select option').length")
    if page.locator("#drawer-button").is_visible():
        page.click("#drawer-button")
    page.select_option("#scenario-select", f"example:{name}")
    if page.locator("#drawer-close").is_visible():
        page.click("#drawer-close")


def new_encounter(page: Page, scenario: str, *, seed: str | None = None,
                  name: str | None = None) -> None:
    """Start an encounter from ``scenario`` on the play page, as a game master does: choose it
    once the list holds it, give the seed and the name if any, press *Start encounter*. What
    the test waits for next is its own."""
    page.wait_for_selector(f"#scenario-select option[value='{scenario}']", state="attached")
    page.select_option("#scenario-select", scenario)
    if seed is not None:
        page.fill("#seed-input", seed)
    if name is not None:
        page.fill("#name-input", name)
    page.click("#new-button")
