"""The page in a real headless Chromium: pick the bat, read its reach, a path and a refused move."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import httpx
import pytest
from pages import answers_read, shot_path, watch_answers
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


def drawn_reach(page: Page) -> dict[str, str]:
    cells = page.locator("#map svg g.hex.reach")
    labels = cells.evaluate_all(
        "gs => gs.map(g => [g.getAttribute('data-cell'), g.getAttribute('data-cost')])")
    return dict(labels)


def reported_reach(server: str, altitude: int | None) -> dict[str, str]:
    states = httpx.get(f"{server}/api/reach", params={"creature": "bat"},
                       timeout=120).json()["states"]
    best: dict[str, Fraction] = {}
    for s in states:
        if altitude is None or s["altitude"] == altitude:
            best[s["at"]] = min(best.get(s["at"], Fraction(s["cost"])), Fraction(s["cost"]))
    return {at: (str(c.numerator) if c.denominator == 1 else f"{c.numerator}/{c.denominator}")
            for at, c in best.items()}


def set_altitude(page: Page, altitude: int) -> None:
    page.locator("#altitude").fill(str(altitude))
    expect(page.locator("#map svg")).to_have_attribute("data-altitude", str(altitude))


def test_page_opens_on_the_example_and_draws_the_bats_reach(page: Page, server: str):
    expect(page.locator("#scenario-select")).to_have_value("example:giant-bat")
    expect(page.locator("#creature-select")).to_have_value("bat")
    expect(page.locator("#map svg")).to_have_attribute("data-creature", "bat")
    expect(page.locator("#map svg")).to_have_attribute("data-altitude", "all")
    assert drawn_reach(page) == reported_reach(server, None)
    expect(page.locator("#reach-summary")).to_contain_text("reachable at any altitude with 8 MP")
    expect(page.locator("#engagement-result")).to_contain_text("V-prox")


def test_click_U35_at_altitude_1_gives_the_cheapest_path(page: Page, server: str):
    """V-inertia: U35 is a frontal hex of the bat (T32→T34), so U35 then down costs 1 + 1."""
    page.locator("#creature-select").select_option("bat")
    set_altitude(page, 1)
    expect(page.locator("#altitude-value")).to_have_text("1")
    assert drawn_reach(page) == reported_reach(server, 1)
    page.locator('#map g.hex[data-cell="U35"]').click()
    expect(page.locator("#path-summary")).to_contain_text("To U35 at altitude 1: 2 MP")
    rows = page.locator("#path-steps tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.nth(0)).to_contain_text("U35")
    expect(rows.nth(1).locator("td").nth(1)).to_have_text("down")
    expect(rows.nth(1).locator("td").nth(3)).to_have_text("2")
    expect(page.locator("#path-end")).to_contain_text("cannot attack this round")
    arrow = page.locator('#map line.route-step[data-move="U35"]')
    expect(arrow).to_have_attribute("data-total", "1")
    expect(page.locator('#map g.route-note[data-cell="U35"]')).to_contain_text("1 · down 2")
    page.screenshot(path=shot_path("path-u35.png"))


def check_the_bats_moves(page: Page, moves: str, button: str = "#check-button") -> None:
    """Once the bat's map is drawn, type ``moves`` and press ``button`` to check them."""
    expect(page.locator("#map svg")).to_have_attribute("data-creature", "bat")
    page.locator("#move-input").fill(moves)
    page.locator(button).click()


def test_an_illegal_move_shows_its_rule_id(page: Page):
    """V-inertia: T32 is behind the bat, which flew in from T32."""
    check_the_bats_moves(page, "T32")
    expect(page.locator("#check-result .rule")).to_have_text("V-inertia")
    expect(page.locator("#check-result .illegal")).to_contain_text("Illegal at step 1 (T32)")
    expect(page.locator("#check-result .explanation")).to_contain_text(
        "not one of the three frontal hexes")
    expect(page.locator('#map line.route-step.refused[data-rule="V-inertia"]')).to_have_count(1)
    page.screenshot(path=shot_path("illegal-t32.png"))


def test_a_legal_move_can_still_attack(page: Page):
    """The seed's example: U35 down hover costs 4, a half-move action, so the bat can attack."""
    check_the_bats_moves(page, "U35 down hover", "#check-form button")
    expect(page.locator("#check-result .legal")).to_have_text("Legal: 4 MP")
    expect(page.locator("#check-result")).to_contain_text("can still attack this round")


def test_upload_a_scenario_and_see_a_clear_error_for_a_bad_one(page: Page, tmp_path: Path):
    good = tmp_path / "owl.yaml"
    good.write_text("ruleset: volare\nmap: {columns: 10, rows: 12, top: 4}\ncreatures:\n"
                    "  - {id: owl, name: Owl, fly: 4, at: E5, altitude: 1, mode: hovering}\n",
                    encoding="utf-8")
    expect(page.locator("#map svg")).to_have_attribute("data-creature", "bat")
    page.locator("#upload").set_input_files(str(good))
    expect(page.locator("#creature-select")).to_have_value("owl")
    expect(page.locator("#map svg")).to_have_attribute("data-creature", "owl")
    expect(page.locator("#scenario-info")).to_contain_text("10 columns × 12 rows")
    bad = tmp_path / "bad.yaml"
    bad.write_text("ruleset: volare\nmap: {columns: 10, rows: 12, colour: red}\n",
                   encoding="utf-8")
    page.locator("#upload").set_input_files(str(bad))
    expect(page.locator("#error")).to_contain_text(
        "bad.yaml: map.colour: unknown key: not part of the scenario format")


def test_a_slow_answer_never_overwrites_a_later_click(page: Page, server: str):
    """Click U35, then T36 before U35's path arrives: the panel ends on T36, never on U35."""
    expect(page.locator("#map svg")).to_have_attribute("data-creature", "bat")
    set_altitude(page, 1)
    # U35's answer is held until the test lets it go, after T36's is shown: then it is read (a
    # task after the read, the page has done with it) and must have been dropped
    page.evaluate("""() => {
        const original = window.fetch;
        window.fetch = (url, init) => {
            const answer = original(url, init);
            if (!String(url).includes("to=U35")) return answer;
            const dropped = () => setTimeout(() => { window.u35Read = true; }, 0);
            return answer.then((r) => new Promise((done) => {
                window.releaseU35 = () => {
                    for (const name of ["json", "text"]) {
                        const body = r[name].bind(r);
                        r[name] = () => body().finally(dropped);
                    }
                    done(r);
                };
            }), (error) => { dropped(); throw error; });
        };
    }""")
    page.locator('#map g.hex[data-cell="U35"]').click()
    page.locator('#map g.hex[data-cell="T36"]').click()
    expect(page.locator("#path-summary")).to_contain_text("To T36 at altitude 1")
    page.wait_for_function("() => window.releaseU35 || window.u35Read")
    page.evaluate("() => window.releaseU35 && window.releaseU35()")
    page.wait_for_function("() => window.u35Read === true")
    expect(page.locator("#path-summary")).to_contain_text("To T36 at altitude 1")
    expect(page.locator("#map g.hex.selected")).to_have_attribute("data-cell", "T36")


def test_the_engagement_line_follows_a_quick_switch_of_scenario(page: Page):
    """An engagement answer about the scenario shown before (the bat's V-prox) never lands after
    the harpy's (D-creatures): each question has a ticket, as paths do."""
    expect(page.locator("#engagement-result")).to_contain_text("V-prox")
    watch_answers(page, "/api/engagement")
    page.locator("#scenario-select").select_option("example:harpy")
    expect(page.locator("#map svg")).to_have_attribute("data-creature", "harpy")
    expect(page.locator("#engagement-result")).to_contain_text("[D-creatures]")
    answers_read(page)  # every engagement answer asked since has come and been dealt with
    expect(page.locator("#engagement-result")).not_to_contain_text("V-prox")
