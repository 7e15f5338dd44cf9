"""The page and the play page in Italian and French (headless Chromium with an Italian or a French
locale): no English left in what they show, the language picker switches and its choice survives a
reload, and metres are written with a decimal comma.

Every word counts, the map's picture, the rulesets' notation help, a move's end, an
engagement's reason and the play log too (the core's and the rulesets' catalogs).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from pages import new_encounter
from playwright.sync_api import expect

from english import english_words

pytestmark = pytest.mark.browser

WAIT_MS = 120_000

#: Containers whose words are left out (a selector), or None: every word of the page counts.
OTHER_DOMAINS: str | None = None
#: Words a page keeps in every language: creature ids, the examples' names, move notation, and
#: "round", the Italian and French games' own word (volare's seed, D&D 5e's SRD).
ALLOWED = frozenset({"bat", "chamois", "harpy", "hover", "land", "up", "down", "round"})
#: Words English shares with a language: French says "altitude" too.
SHARED = {"it": frozenset(), "fr": frozenset({"altitude"})}

SHOWN = """(excluded) => {
  const parts = [document.title];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const host = node.parentElement;
    if (!host || (excluded && host.closest(excluded)) || host.closest("script, style")) continue;
    parts.push(node.textContent);
  }
  for (const node of document.querySelectorAll("[title], [aria-label], [placeholder]")) {
    if (excluded && node.closest(excluded)) continue;
    for (const name of ["title", "aria-label", "placeholder"]) {
      const value = node.getAttribute(name);
      if (value) parts.push(value);
    }
  }
  return parts.join("\\n");
}"""

LOCALES = [("it-IT", "it"), ("fr-FR", "fr")]


def _context(browser: Any, locale: str, lang: str) -> Any:
    return browser.new_context(locale=locale, viewport={"width": 1400, "height": 1000},
                               extra_http_headers={"Accept-Language": f"{locale},{lang};q=0.9"})


def _english(page: Any, lang: str) -> list[str]:
    text: str = page.evaluate(SHOWN, OTHER_DOMAINS)
    return [line for line in text.splitlines() if english_words(line, ALLOWED | SHARED[lang])]


def _opened(context: Any, url: str) -> tuple[Any, list[str]]:
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    problems: list[str] = []
    page.on("pageerror", lambda exc: problems.append(str(exc)))
    page.goto(url)
    return page, problems


def _analysis_ready(page: Any) -> None:
    expect(page.locator("#reach-summary")).not_to_have_text("")


@pytest.mark.parametrize(("locale", "lang"), LOCALES)
def test_the_page_speaks_the_browser_language(browser: Any, play_site: str, locale: str,
                                              lang: str) -> None:
    context = _context(browser, locale, lang)
    page, problems = _opened(context, play_site + "/")
    assert page.get_attribute("html", "lang") == lang
    _analysis_ready(page)
    # a path asked (its panel's words), then a declared move checked
    page.locator("[data-wb-map] g.cell[data-cell='U35']").click()
    expect(page.locator("#path-summary")).not_to_have_text("")
    page.fill("#move-input", "U35 down hover")
    page.click("#check-button")
    expect(page.locator("#check-result p").first).not_to_have_text("")
    assert _english(page, lang) == []
    assert page.locator("#lang-picker").input_value() == lang
    context.close()
    assert problems == []


@pytest.mark.parametrize(("locale", "lang"), LOCALES)
def test_the_play_page_speaks_the_browser_language(browser: Any, play_site: str, locale: str,
                                                   lang: str) -> None:
    context = _context(browser, locale, lang)
    page, problems = _opened(context, play_site + "/static/play.html")
    assert page.get_attribute("html", "lang") == lang
    new_encounter(page, "example:giant-bat", seed="7")
    expect(page.locator("#round")).to_have_text("1")
    page.select_option("#creature-select", "bat")
    page.fill("#moves-input", "U35 down hover")
    page.click("#move-button")
    expect(page.locator("#move-result")).not_to_have_text("")
    expect(page.locator("#pieces tr[data-creature='bat']")).to_have_class("moved")
    assert _english(page, lang) == []
    context.close()
    assert problems == []


def test_the_picker_switches_and_the_choice_survives_a_reload(browser: Any,
                                                              play_site: str) -> None:
    context = _context(browser, "it-IT", "it")
    page, problems = _opened(context, play_site + "/")
    expect(page.locator("#check-button")).to_have_text("Verifica")
    picker = page.locator("#lang-picker")
    assert [o.strip() for o in picker.locator("option").all_inner_texts()] == [
        "English", "Italiano", "Français"]
    with page.expect_navigation():
        picker.select_option("fr")  # by the keyboard as well: it is a native <select>
    expect(page.locator("#check-button")).to_have_text("Vérifier")
    assert page.get_attribute("html", "lang") == "fr"
    cookie = next(c for c in context.cookies() if c["name"] == "wingbeat-lang")
    assert cookie["value"] == "fr" and cookie["sameSite"] == "Lax" and cookie["path"] == "/"
    page.reload()
    expect(page.locator("#check-button")).to_have_text("Vérifier")
    assert page.locator("#lang-picker").input_value() == "fr"
    # the play page reads the same choice
    page.goto(play_site + "/static/play.html")
    expect(page.locator("#new-button")).to_have_text("Lancer la rencontre")
    with page.expect_navigation():
        page.locator("#lang-picker").select_option("it")
    expect(page.locator("#new-button")).to_have_text("Avvia lo scontro")
    page.goto(play_site + "/")
    expect(page.locator("#check-button")).to_have_text("Verifica")
    with page.expect_navigation():
        page.locator("#lang-picker").select_option("en")
    expect(page.locator("#check-button")).to_have_text("Check")
    assert page.get_attribute("html", "lang") == "en"
    context.close()
    assert problems == []


@pytest.mark.parametrize(("locale", "lang"), LOCALES)
def test_metres_are_written_with_a_decimal_comma(browser: Any, play_site: str, locale: str,
                                                  lang: str) -> None:
    context = _context(browser, locale, lang)
    page, problems = _opened(context, play_site + "/")
    _analysis_ready(page)
    page.select_option("#scenario-select", "example:harpy")
    page.wait_for_selector("#option-units", state="attached")
    page.select_option("#option-units", "m")
    page.locator("#altitude").fill("3")
    expect(page.locator("#altitude-value")).to_have_text("3 (4,5 m)")
    page.locator("[data-wb-map] g.cell[data-cell='C5']").click()
    expect(page.locator("#path-summary")).to_contain_text(re.compile(r"\d m"))
    summary = page.text_content("#path-summary") or ""
    assert not re.search(r"\d\.\d", summary), summary
    context.close()
    assert problems == []


@pytest.mark.parametrize(("locale", "lang"), LOCALES)
def test_threat_and_advice_speak_the_browser_language(browser: Any, play_site: str,
                                                      locale: str, lang: str) -> None:
    """The threat overlay's and the attack advice's words, with their reasons and the places'
    ways."""
    context = _context(browser, locale, lang)
    page, problems = _opened(context, play_site + "/")
    _analysis_ready(page)
    page.select_option("#scenario-select", "example:harpy")
    expect(page.locator("#map svg")).to_have_attribute("data-creature", "harpy")
    page.locator("#threat-of").select_option("side:party")
    page.locator("#threat-toggle").check()
    expect(page.locator("#threat-title")).to_contain_text(
        {"it": "Zone di minaccia di", "fr": "Zones de menace de"}[lang])
    page.locator("#other-select").select_option("fighter")
    page.locator("#advise-button").click()
    expect(page.locator("#advice-title")).to_contain_text(
        {"it": "Da dove Harpy può attaccare Fighter", "fr": "D'où Harpy peut attaquer Fighter"}[
            lang])
    page.locator("#attack-button").click()
    expect(page.locator("#path-summary")).to_contain_text(
        {"it": "Posizione d'attacco contro", "fr": "Position d'attaque contre"}[lang])
    text: str = page.evaluate(SHOWN, OTHER_DOMAINS)
    assert [line for line in text.splitlines()
            if english_words(line, ALLOWED | SHARED[lang] | {"fighter", "scout"})] == []
    context.close()
    assert problems == []
