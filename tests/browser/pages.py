"""What the page-at-the-table tests share: a page opened at a screen size that records what it
raises, its closing check, and axe-core's serious and critical violations."""

from __future__ import annotations

from typing import Any

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

# The page waits on real computations; CI's 2 cores are slow, and busier still under `make
# stress-test`. Waiting longer changes no verdict: it only bounds a wait that would never end.
WAIT_MS = 120_000

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
