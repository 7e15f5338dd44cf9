"""Attack positions on the page in a real headless Chromium: the giant bat's attack position
against the chamois, advice's best (the hover) beside the cheapest (a violent landing), and with
every save avoided, where they agree (V-prox, V-actions, V-land); the harpy's against the fighter
and the scout (D-creatures); a clicked path that
must keep the attack; reach's `to_act` said for a clicked cell; and the harpy's dnd5e options
(D-diagonals, Decision 14)."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

import pytest
from pages import answers_read, api, serious, shot, watch_answers
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


def attack_asked(page: Page, target: str) -> None:
    """Ask the engagement panel's attack position against ``target``, and wait until the page
    has read every answer it asked for it (the path, the check of advice's way, the picture)."""
    watch_answers(page, "/api/")
    page.locator("#other-select").select_option(target)
    page.locator("#attack-button").click()
    answers_read(page)


def assert_advice_beside_the_cheapest(page: Page, server: str, target: str,
                                      **asked: Any) -> dict[str, Any]:
    """The panel and the map as ``path attack=TARGET`` (with its ``advised``) says: advice's best
    way in the path panel and drawn, its reasons listed; the cheapest beside it, ringed on the
    map, when advice ranks another place first; nothing of it when they agree."""
    found = api(server, "path", attack=target, **asked)
    advised = found["advised"]
    option = advised["option"]
    summary = page.locator("#path-summary")
    expect(page.locator("#attack-advice")).to_be_visible()
    expect(page.locator("#attack-why li")).to_have_text(option["reasons"])
    if advised["agrees"]:
        expect(summary).to_contain_text("the cheapest and advice's best")
        expect(page.locator("#attack-why-head")).to_contain_text("Advice ranks this place first "
                                                                  "too")
        expect(page.locator("#path-moves")).to_have_text(found["moves"])
        expect(page.locator("#attack-cheapest")).to_be_hidden()
        expect(page.locator("#map g.attack-cheapest")).to_have_count(0)
        expect(page.locator(f'#map g.cell.selected[data-cell="{found["end"]["at"]}"]')
               ).to_have_count(1)
        return found
    best = api(server, "check", moves=option["moves"],
               **{k: v for k, v in asked.items() if k != "no_checks"})
    expect(summary).to_contain_text("advice's best")
    expect(summary.locator(".path-cost")).to_have_text(best["cost_text"])
    expect(page.locator("#path-moves")).to_have_text(option["moves"])
    expect(page.locator("#move-input")).to_have_value(option["moves"])
    step_rows(page, best)
    expect(page.locator("#attack-why-head")).to_contain_text("Why advice ranks this place first")
    cheapest = page.locator("#attack-cheapest-text")
    expect(cheapest).to_contain_text(f"The cheapest place: {found['cost_text']}")
    for c in found["checks"]:
        expect(cheapest).to_contain_text(c["label"])
    expect(cheapest).to_contain_text(f"{found['moves']}, ends {found['end_text']}")
    expect(cheapest).to_contain_text(f"advice ranks it #{advised['cheapest']['rank']}")
    expect(page.locator("#attack-cheapest-why li")).to_have_text(advised["cheapest"]["reasons"])
    at_best, at_cheapest = option["end"]["at"], found["end"]["at"]
    expect(page.locator(f'#map g.cell.selected[data-cell="{at_best}"]')).to_have_count(1)
    expect(page.locator(f'#map g.attack-cheapest[data-cell="{at_cheapest}"]')).to_have_count(1)
    expect(page.locator(f'#map g.cell[data-cell="{at_cheapest}"]')).to_have_attribute(
        "aria-label", re.compile("The cheapest place: "))
    return found


def test_the_bats_attack_position_against_the_chamois(page: Page, server: str):
    """The issue's case (V-prox, V-actions, V-land): the cheapest place is a violent landing,
    U35 down down land-fast, with its Reflex save ("Se il tiro salvezza riesce sarà riuscita ad
    atterrare in velocità senza problemi"); advice ranks first the safe hover one MP dearer,
    the seed's own way ("dovrà spostarsi in posizione U35 … dovrà scendere di quota di un
    esagono … e dovrà fermarsi a librare nell'aria usando 2 punti movimento", "in posizione
    sopraelevata rispetto al camoscio"). The page shows advice's best, drawn and explained,
    with the cheapest beside it; avoiding every save, the two agree: the hover alone."""
    bat_loaded(page)
    expect(page.locator("#attack-button")).to_be_visible()
    attack_asked(page, "chamois")
    found = assert_advice_beside_the_cheapest(page, server, "chamois", creature="bat")
    assert found["advised"]["agrees"] is False
    assert [c["rule"] for c in found["checks"]] == ["V-land"]  # the cheapest needs a save
    assert found["advised"]["option"]["checks"] == []  # advice's best needs none
    assert found["advised"]["option"]["moves"] == "U35 down hover"
    expect(page.locator("#path-summary")).to_contain_text(
        "Attack position against Chamois, advice's best")
    expect(page.locator("#path-end")).to_contain_text("can still attack this round")
    expect(page.locator('#map g.route-note[data-cell="U35"]')).to_have_text(
        "1 · down 2 · hover 4")
    assert serious(page) == []
    shot(page, "attack-bat-chamois.png")

    watch_answers(page, "/api/")
    page.locator("#no-checks").check()
    answers_read(page)
    safe = assert_advice_beside_the_cheapest(page, server, "chamois", creature="bat",
                                             no_checks="true")
    assert safe["advised"]["agrees"] is True and safe["moves"] == "U35 down hover"
    expect(page.locator("#path-summary .path-cost")).to_have_text("4 MP")
    expect(page.locator("#path-summary")).to_contain_text("no checks")
    expect(page.locator("#attack-why-head")).to_contain_text("(of the ways without a save)")
    step_rows(page, api(server, "path", creature="bat", attack="chamois", no_checks="true"))
    expect(page.locator('#map g.route-note[data-cell="U35"]')).to_have_text(
        "1 · down 2 · hover 4")
    shot(page, "attack-bat-chamois-no-saves.png")

    watch_answers(page, "/api/")
    page.locator("#no-checks").uncheck()
    answers_read(page)
    assert_advice_beside_the_cheapest(page, server, "chamois", creature="bat")
    watch_answers(page, "/api/")
    page.locator("#attack-cheapest-show").click()  # the cheapest way, checked and drawn
    answers_read(page)
    expect(page.locator("#check-result .legal")).to_have_text(f"Legal: {found['cost_text']}")
    expect(page.locator("#move-input")).to_have_value(found["moves"])
    expect(page.locator("#attack-advice")).to_be_hidden()
    expect(page.locator("#map g.attack-cheapest")).to_have_count(0)
    expect(page.locator('#map g.route-note[data-cell="U35"]')).to_contain_text("land-fast")


def test_the_harpys_attack_positions_beside_the_cheapest(page: Page, server: str):
    """D-creatures, D-turn: the harpy's cheapest place against the fighter (C3, 5 ft up, 5 ft)
    is within the prone scout's reach too; advice ranks first a place only the fighter can
    strike. Against the scout, advice scores no place above the cheapest: they agree."""
    bat_loaded(page)
    page.locator("#scenario-select").select_option("example:harpy")
    expect(page.locator("#map svg")).to_have_attribute("data-creature", "harpy")
    attack_asked(page, "fighter")
    found = assert_advice_beside_the_cheapest(page, server, "fighter",
                                              scenario="example:harpy", creature="harpy")
    advised = found["advised"]
    assert advised["agrees"] is False
    assert len(advised["option"]["threatened_by"]) < len(
        next(o for o in api(server, "advise", scenario="example:harpy", creature="harpy",
                            target="fighter")["options"]
             if o["end"] == found["end"])["threatened_by"])
    shot(page, "attack-harpy-fighter.png")
    attack_asked(page, "scout")
    agreed = assert_advice_beside_the_cheapest(page, server, "scout",
                                               scenario="example:harpy", creature="harpy")
    assert agreed["advised"]["agrees"] is True
    assert serious(page) == []


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
    cheapest = api(server, "path", scenario="example:harpy", creature="harpy", attack="fighter",
                   option="units=m")
    # the page draws advice's best way (asked of the battle in metres), the cheapest beside it
    moves = cheapest["advised"]["option"]["moves"]
    found = api(server, "check", scenario="example:harpy", creature="harpy", moves=moves,
                option="units=m")
    expect(page.locator("#path-moves")).to_have_text(found["moves"])
    expect(page.locator("#attack-cheapest-text")).to_contain_text(cheapest["cost_text"])
    metres = Fraction(found["cost"])  # exact in JSON; on the page as on a ruler (1.5 m)
    expect(page.locator("#path-summary .path-cost")).to_have_text(
        f"{metres.numerator / metres.denominator:g} m")
    expect(page.locator("#map svg")).to_have_attribute("data-unit", "m")
    expect(page.locator("#map line.route-step")).to_have_count(len(found["steps"]))
    expect(page.locator(f'#map g.cell.selected[data-cell="{found["end"]["at"]}"]')).to_have_count(1)
    expect(page.locator("#reach-summary")).to_contain_text("at altitude 2 (3 m) with 24 m")
    shot(page, "harpy-attack-fighter-m.png")
