"""A real server on a loopback port and Debian's headless Chromium, for the page's tests.

Chromium comes from the system (``scripts/ensure-test-tools``); test tools cannot download browsers
here. Without it these tests skip with a reason, except under CI, where they must fail.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from servers import serving

# The page waits on real computations (a dnd5e reach is about a second here, several queue up when
# a test changes options quickly); CI's 2 cores are slower still. Waiting longer changes no verdict.
WAIT_MS = 120_000

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def chromium_path() -> str | None:
    for candidate in ("/usr/bin/chromium", shutil.which("chromium")):
        if candidate and Path(candidate).exists():
            return candidate
    return None


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    """``wingbeat serve`` with no arguments, in a thread, on a free loopback port."""
    from wingbeat.web import create_app

    with serving(create_app()) as url:
        yield url


@pytest.fixture(scope="module")
def play_site(tmp_path_factory: pytest.TempPathFactory,
              request: pytest.FixtureRequest) -> Iterator[str]:
    """The full web app, its play API on a database in a temporary folder: one per module."""
    from wingbeat.web import create_app

    app = create_app()
    app.state.play_db = tmp_path_factory.mktemp(request.module.__name__) / "browser.sqlite3"
    with serving(app) as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    path = chromium_path()
    if path is None:
        message = "Debian's chromium is not installed (scripts/ensure-test-tools installs it)"
        if os.environ.get("CI"):
            pytest.fail(message + "; CI must run the browser tests")
        pytest.skip(message)
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=WAIT_MS)

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=path, headless=True,
                                              args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser, server):  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    opened = context.new_page()
    opened.set_default_timeout(WAIT_MS)
    problems: list[str] = []
    opened.on("pageerror", lambda exc: problems.append(str(exc)))
    opened.goto(server + "/")
    yield opened
    context.close()
    assert problems == [], f"the page raised: {problems}"
