"""Attack positions on the page in a real headless Chromium: the giant bat's cheapest place in
melee with the chamois (V-prox, V-actions, V-land), with and without saves; a clicked path that
must keep the attack; reach's `to_act` said for a clicked cell; and the harpy's dnd5e options
(D-diagonals, Decision 14)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from pages import api, shot
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

def bat_loaded(page: Page) -> None:
    expect(page.locator("#map svg")).to_have_attribute("data-creature", "bat")


def step_rows(page: Page, path: dict[str, Any]) -> None:
    rows = page.locator("#path-steps tbody tr")
    expect(rows).to_have_count(len(path["steps"]))
    for i, step in enumerate(path["steps"]):
        expect(rows.nth(i).locator("td").nth(1)).to_have_text(step["move"])
        expect(rows.nth(i).locator("td").nth(3)).to_have_text(step["total"])


def test_the_bats_attack_position_against_the_chamois(page: Page, server: str):
    """V-prox, V-actions, V-land: U35 and a violent landing (3 MP, a Reflex save), or, avoiding
    every save, the seed's hover at U35 (4 MP)."""
    bat_loaded(page)
    expect(page.locator("#attack-button")).to_be_visible()
    page.locator("#other-select").select_option("chamois")
    page.locator("#attack-button").click()
    expect(page.locator("#path-moves")).to_have_text("U35 down down land-fast")
    expect(page.locator("#path-summary .path-cost")).to_have_text("3 MP")
    expect(page.locator("#path-summary")).to_contain_text("Attack position against Chamois")
    expect(page.locator("#path-summary")).to_contain_text("45% Reflex (V-land)")
    expect(page.locator("#path-end")).to_contain_text("can still attack this round")
    step_rows(page, api(server, "path", creature="bat", attack="chamois"))
    expect(page.locator('#map g.route-note[data-cell="U35"]')).to_have_text(
        "1 · down 2 · down 3 · land-fast 3")
    expect(page.locator('#map g.cell.selected[data-cell="U35"]')).to_have_count(1)
    shot(page, "attack-bat-chamois.png")

    page.locator("#no-checks").check()
    expect(page.locator("#path-moves")).to_have_text("U35 down hover")
    expect(page.locator("#path-summary .path-cost")).to_have_text("4 MP")
    expect(page.locator("#path-summary")).to_contain_text("no checks")
    step_rows(page, api(server, "path", creature="bat", attack="chamois", no_checks="true"))
    expect(page.locator('#map g.route-note[data-cell="U35"]')).to_have_text(
        "1 · down 2 · hover 4")
    shot(page, "attack-bat-chamois-no-saves.png")


def test_a_clicked_path_that_must_keep_the_attack(page: Page):
    """V-actions: to U35 at altitude 1 the cheapest way flies on (2 MP, no attack); the one that
    keeps the attack hovers there (4 MP)."""
    bat_loaded(page)
    page.locator("#altitude").fill("1")
    expect(page.locator("#map svg")).to_have_attribute("data-altitude", "1")
    page.locator('#map g.hex[data-cell="U35"]').click()
    expect(page.locator("#path-summary .path-cost")).to_have_text("2 MP")
    expect(page.locator("#path-end")).to_contain_text("cannot attack this round")
    page.locator("#can-act").check()
    expect(page.locator("#path-summary .path-cost")).to_have_text("4 MP")
    expect(page.locator("#path-moves")).to_have_text("U35 down hover")
    expect(page.locator("#path-summary")).to_contain_text("still able to attack")
    expect(page.locator("#path-end")).to_contain_text("can still attack this round")
    expect(page.locator('#map g.route-note[data-cell="U35"]')).to_have_text(
        "1 · down 2 · hover 4")


def test_a_clicked_landing_says_how_to_keep_the_attack(page: Page, server: str):
    """V-land, V-actions: landing at T34 safely ends the round's actions; reach's to_act says
    the violent landing keeps the attack, and the page can draw it."""
    bat_loaded(page)
    page.locator("#altitude").fill("0")
    expect(page.locator("#map svg")).to_have_attribute("data-altitude", "0")
    page.locator('#map g.hex[data-cell="T34"]').click()
    expect(page.locator("#path-moves")).to_have_text("down down land")
    expect(page.locator("#to-act-text")).to_have_text(
        "The cheapest way ends the round's actions; for 2 MP with a Reflex save (V-land, 45% to "
        "succeed) it can still attack: down down land-fast")
    shot(page, "to-act-t34.png")
    page.locator("#to-act-show").click()
    expect(page.locator("#check-result .legal")).to_have_text("Legal: 2 MP")
    expect(page.locator("#check-result")).to_contain_text("can still attack this round")
    expect(page.locator("#move-input")).to_have_value("down down land-fast")
    # another landing says the same; asking for a way that keeps the attack, nothing more
    page.locator('#map g.hex[data-cell="U35"]').click()
    expect(page.locator("#to-act-text")).to_contain_text(
        "for 3 MP with a Reflex save (V-land, 45% to succeed) it can still attack: U35 down down "
        "land-fast")
    page.locator("#can-act").check()
    expect(page.locator("#path-moves")).to_have_text("U35 down down land-fast")
    expect(page.locator("#to-act")).to_be_hidden()


def test_harpy_diagonals_and_units(page: Page, server: str):
    """D-diagonals: four diagonal squares cost 20 ft by the PHB rule, 30 ft by the DMG's
    5-10-5-10; Decision 14: in metres the same way costs 6 m."""
    bat_loaded(page)
    expect(page.locator("#query-options")).to_be_hidden()
    page.locator("#scenario-select").select_option("example:harpy")
    expect(page.locator("#map svg")).to_have_attribute("data-creature", "harpy")
    expect(page.locator("#query-options")).to_be_visible()
    expect(page.locator("#option-diagonals")).to_have_value("phb")
    expect(page.locator("#option-units")).to_have_value("ft")
    expect(page.locator("#attack-button")).to_be_visible()
    page.locator("#altitude").fill("2")
    expect(page.locator("#map svg")).to_have_attribute("data-altitude", "2")
    page.locator('#map g.cell[data-cell="F6"]').click()
    expect(page.locator("#path-summary .path-cost")).to_have_text("20 ft")
    phb = page.locator('#map g.cell.reach[data-cell="H8"]').get_attribute("data-cost")

    page.locator("#option-diagonals").select_option("dmg")
    expect(page.locator("#path-summary")).to_have_text("")
    page.locator('#map g.cell[data-cell="F6"]').click()
    expect(page.locator("#path-summary .path-cost")).to_have_text("30 ft")
    expect(page.locator("#path-moves")).to_have_text("C3 D4 E5 F6")
    reach = api(server, "reach", scenario="example:harpy", creature="harpy",
                option="diagonals=dmg")
    dmg = min(int(s["cost"]) for s in reach["states"] if s["at"] == "H8" and s["altitude"] == 2)
    expect(page.locator('#map g.cell.reach[data-cell="H8"]')).to_have_attribute(
        "data-cost", str(dmg))
    assert phb is not None and int(phb) < dmg
    expect(page.locator('#map line.route-step[data-move="F6"]')).to_have_attribute(
        "data-total", "30")
    shot(page, "harpy-dmg-f6.png")

    page.locator("#option-units").select_option("m")
    expect(page.locator("#altitude-value")).to_have_text("2 (3 m)")
    page.locator('#map g.cell[data-cell="F6"]').click()
    expect(page.locator("#path-summary .path-cost")).to_have_text("9 m")
    page.locator("#option-diagonals").select_option("phb")
    page.locator('#map g.cell[data-cell="F6"]').click()
    expect(page.locator("#path-summary .path-cost")).to_have_text("6 m")

    page.locator("#other-select").select_option("fighter")
    page.locator("#attack-button").click()
    found = api(server, "path", scenario="example:harpy", creature="harpy", attack="fighter",
                option="units=m")
    expect(page.locator("#path-moves")).to_have_text(found["moves"])
    metres = Fraction(found["cost"])  # exact in JSON; on the page as on a ruler (1.5 m)
    expect(page.locator("#path-summary .path-cost")).to_have_text(
        f"{metres.numerator / metres.denominator:g} m")
    expect(page.locator("#map svg")).to_have_attribute("data-unit", "m")
    expect(page.locator("#map line.route-step")).to_have_count(len(found["steps"]))
    expect(page.locator(f'#map g.cell.selected[data-cell="{found["end"]["at"]}"]')).to_have_count(1)
    expect(page.locator("#reach-summary")).to_contain_text("at altitude 2 (3 m) with 24 m")
    shot(page, "harpy-attack-fighter-m.png")
