"""/docs in a real headless Chromium with no network but the loopback: Swagger UI comes from the
app's own files, starts under the page's content security policy, and shows the answers' shapes
(issue 15)."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Route, expect

pytestmark = pytest.mark.browser

SHOTS = Path(__file__).resolve().parent.parent.parent / ".pytest_cache" / "screenshots"
LOOPBACK = {"127.0.0.1", "localhost", "::1", "[::1]"}


def test_the_api_docs_render_offline_under_the_pages_policy(browser, server):  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    elsewhere: list[str] = []

    def only_loopback(route: Route) -> None:
        if urlsplit(route.request.url).hostname in LOOPBACK:
            route.continue_()
        else:
            elsewhere.append(route.request.url)
            route.abort()

    context.route("**/*", only_loopback)
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda exc: problems.append(str(exc)))
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.add_init_script("window.__refused = []; document.addEventListener("
                         "'securitypolicyviolation', e => window.__refused.push("
                         "e.violatedDirective + ' ' + e.blockedURI));")
    try:
        page.goto(server + "/docs")
        expect(page.locator(".swagger-ui .info .title")).to_contain_text("wingbeat")
        reach = page.locator("#operations-queries-reach_api_reach_get")
        expect(reach).to_be_visible()
        reach.locator(".opblock-summary").click()
        answer = reach.locator(".responses-wrapper")
        expect(answer).to_contain_text('"states"')  # the 200 answer's shape, not just "object"
        expect(answer).to_contain_text('"can_act"')
        for model in ("ReachAnswer", "CheckAnswer", "ErrorAnswer"):
            expect(page.locator(".models")).to_contain_text(model)
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "api-docs.png"), full_page=False)
        refused = page.evaluate("window.__refused")
    finally:
        context.close()
    assert elsewhere == [] and refused == [] and problems == []
