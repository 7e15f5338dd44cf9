"""What the page-at-the-table tests share: a page opened at a screen size that records what it
raises, its closing check, and axe-core's serious and critical violations."""

from __future__ import annotations

from typing import Any

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

# The page waits on real computations; CI's 2 cores are slow. Waiting longer changes no verdict.
WAIT_MS = 30_000


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
