"""A real server on a loopback port and Debian's headless Chromium, for the page's tests.

Chromium comes from the system (``scripts/ensure-chromium``); test tools cannot download browsers
here. Without it these tests skip with a reason, except under CI, where they must fail.
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

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


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    """``wingbeat serve`` with no arguments, in a thread, on a free loopback port."""
    import uvicorn

    from wingbeat.web import create_app

    port = _free_port()
    config = uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning")
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not running.started:
        if time.monotonic() > deadline or not thread.is_alive():
            pytest.fail("the web app did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    running.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    path = chromium_path()
    if path is None:
        message = "Debian's chromium is not installed (scripts/ensure-chromium installs it)"
        if os.environ.get("CI"):
            pytest.fail(message + "; CI must run the browser tests")
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=path, headless=True,
                                              args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser, server):  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    opened = context.new_page()
    opened.set_default_timeout(15_000)
    problems: list[str] = []
    opened.on("pageerror", lambda exc: problems.append(str(exc)))
    opened.goto(server + "/")
    yield opened
    context.close()
    assert problems == [], f"the page raised: {problems}"
