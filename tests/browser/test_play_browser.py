"""The play page in headless Chromium: start an encounter, play two rounds, resume it."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from pages import new_encounter
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def _move(page: Any, creature: str, moves: str) -> str:
    page.select_option("#creature-select", creature)
    page.fill("#moves-input", moves)
    page.click("#move-button")
    done = re.compile(re.escape(f"{creature}: {moves}") + "|^Refused")
    expect(page.locator("#move-result")).to_have_text(done)
    text: str = page.text_content("#move-result")
    return text


def _round_is(page: Any, expected: int) -> None:
    expect(page.locator("#round")).to_have_text(str(expected))


def _next_round(page: Any, expected: int) -> None:
    page.click("#next-round-button")
    _round_is(page, expected)


def test_play_two_rounds_in_the_page(play_site: str, browser: Any, tmp_path: Path) -> None:
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(play_site + "/")
    page.click("text=Play an encounter")
    new_encounter(page, "example:giant-bat", seed="7", name="table")
    _round_is(page, 1)
    assert "Encounter 1 (table)" in page.text_content("#encounter-info")

    # round 1: the seed example (V-inertia, V-actions), then a move the rules refuse
    assert "U35 down hover" in _move(page, "bat", "U35 down hover")
    assert page.text_content("#pieces tr[data-creature='bat'] td:nth-child(3)") == (
        "U35 altitude 1, hovering")
    refused = _move(page, "chamois", "thrust")
    assert refused.startswith("Refused at step 1 (thrust)") and "[V-takeoff]" in refused
    _next_round(page, 2)

    # round 2: down to the ground and skim: a V-skim save is rolled and logged
    played = _move(page, "bat", "V34 down skim")  # not V36: the chamois stands there
    assert "bat rolls its Reflex save (V-skim), 40% to succeed" in played
    _next_round(page, 3)
    expect(page.locator("#log")).to_contain_text("round 2: round over; round 3 begins")
    log = page.text_content("#log")
    assert "Reflex save (V-skim)" in log
    picture = page.request.get(play_site + page.get_attribute("#map-image", "data-src"))
    assert picture.ok and picture.text().startswith("<svg")
    shot = tmp_path / "play.png"
    page.screenshot(path=str(shot), full_page=True)
    if os.environ.get("WINGBEAT_SCREENSHOTS"):
        shutil.copy(shot, Path(os.environ["WINGBEAT_SCREENSHOTS"]) / "play.png")

    # stop, and pick it up again: the same state and rolls come back
    page.goto(play_site + "/static/play.html")
    page.select_option("#encounter-select", "1")
    page.click("#resume-button")
    _round_is(page, 3)
    expect(page.locator("#log")).to_have_text(log)

    # undo the round's end, from the page
    page.click("#undo-button")
    _round_is(page, 2)
    assert errors == []
    page.close()


def test_a_move_with_options_in_the_page(play_site: str, browser: Any) -> None:
    """A confrontation run (C-mou: factor 2) declared from the page, and a bad option."""
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(play_site + "/static/play.html")
    new_encounter(page, "example:morbid-angel", seed="3", name="ruins")
    _round_is(page, 1)
    expect(page.locator("#encounter-info")).to_contain_text("(ruins)")

    # a walk: (17.5 − 5) cm is too short; the same move as a run (× 2) is legal
    walk = _move(page, "angel", "down 30,55")
    assert walk.startswith("Refused at step 2 (30,55)") and "[C-change]" in walk
    page.fill("#options-input", "bogus=1")
    page.click("#move-button")
    expect(page.locator("#error")).to_contain_text(
        "confrontation does not know the option(s) bogus")
    page.fill("#options-input", "factor=2")
    page.click("#move-button")     # the refusal above is still shown until the answer comes
    expect(page.locator("#move-result")).to_contain_text("angel: down 30,55 (factor=2)")
    expect(page.locator("#options-input")).to_have_value("")
    expect(page.locator("#error")).to_be_hidden()
    expect(page.locator("#log")).to_contain_text("angel: down 30,55 (factor=2)")
    assert page.text_content("#pieces tr[data-creature='angel'] td:nth-child(3)").startswith(
        "30,55 tier 1")
    assert errors == []
    page.close()


def test_the_creature_picked_stays_picked_while_the_turn_is_the_same(play_site: str,
                                                                      browser: Any) -> None:
    """The page drew the encounter again (a refetch, a live event, resume) between a player's
    pick and their move, and the move went out for the next creature instead (a CI flake)."""
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.goto(play_site + "/static/play.html")
    new_encounter(page, "example:giant-bat", name="picked")
    expect(page.locator("#encounter-info")).to_contain_text("(picked)")
    first = page.input_value("#creature-select")
    other = next(v for v in page.eval_on_selector_all("#creature-select option",
                                                       "os => os.map(o => o.value)")
                 if v != first)
    page.select_option("#creature-select", other)
    # resume the same encounter: it is drawn again, the same turn (openEncounter empties the
    # result line just before it draws, in the same task: a line set here shows it happened)
    page.eval_on_selector("#move-result", "e => { e.textContent = 'before'; }")
    expect(page).to_have_url(re.compile(r"#encounter=\d+$"))
    shown = page.url.rsplit("=", 1)[1]
    expect(page.locator("#encounter-select")).to_have_value(shown)  # listed after it is drawn
    page.click("#resume-button")
    expect(page.locator("#move-result")).to_have_text("")
    expect(page.locator("#creature-select")).to_have_value(other)
    page.close()
