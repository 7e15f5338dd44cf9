"""The page with every ruleset in a real headless Chromium (issue 6): the dnd5e harpy on squares
and the confrontation morbid angel on a table — pick a creature, move the altitude (tier)
slider, click a destination for the cheapest path, check a typed move and read the rule id."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from pages import api, shot
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

def open_scenario(page: Page, name: str, creature: str) -> None:
    expect(page.locator("#map svg")).to_have_attribute("data-creature", "bat")  # loaded
    page.locator("#scenario-select").select_option(name)
    expect(page.locator("#creature-select")).to_have_value(creature)
    # the first reach of a big map (the harpy's 20 × 20 × 13) takes seconds on a busy machine
    expect(page.locator("#map svg")).to_have_attribute("data-creature", creature)


def drawn_squares(page: Page) -> dict[str, str]:
    pairs = page.locator("#map svg g.cell.reach").evaluate_all(
        "gs => gs.map(g => [g.getAttribute('data-cell'), g.getAttribute('data-cost')])")
    return dict(pairs)


def least_costs(report: dict[str, Any], altitude: int | None) -> dict[str, str]:
    best: dict[str, Fraction] = {}
    for s in report["states"]:
        if altitude is None or s["altitude"] == altitude:
            best[s["at"]] = min(best.get(s["at"], Fraction(s["cost"])), Fraction(s["cost"]))
    return {at: str(c.numerator) if c.denominator == 1 else f"{c.numerator}/{c.denominator}"
            for at, c in best.items()}


def test_harpy_reach_per_altitude_path_and_checked_moves(page: Page, server: str):
    """dnd5e (D-fly, D-grid 3-D steps, D-creatures): the harpy over its yard."""
    open_scenario(page, "example:harpy", "harpy")
    expect(page.locator("#scenario-info")).to_contain_text("dnd5e, square map, 20 columns")
    expect(page.locator("#no-checks-row")).to_be_hidden()
    reach = api(server, "reach", scenario="example:harpy", creature="harpy")
    assert drawn_squares(page) == least_costs(reach, None)
    page.locator("#altitude").fill("2")
    expect(page.locator("#altitude-value")).to_have_text("2 (10 ft)")
    expect(page.locator("#map svg")).to_have_attribute("data-altitude", "2")
    assert drawn_squares(page) == least_costs(reach, 2)
    expect(page.locator("#reach-summary")).to_contain_text(
        f"{len(least_costs(reach, 2))} squares reachable at altitude 2 (10 ft) with 80 ft")

    page.locator('#map g.cell[data-cell="G2"]').click()
    path = api(server, "path", scenario="example:harpy", creature="harpy", to="G2", altitude="2")
    expect(page.locator("#path-summary")).to_contain_text(
        f"To G2 at altitude 2 (10 ft): {path['cost']} ft")
    rows = page.locator("#path-steps tbody tr")
    expect(rows).to_have_count(len(path["steps"]))
    for i, step in enumerate(path["steps"]):
        expect(rows.nth(i).locator("td").nth(1)).to_have_text(step["move"])
        expect(rows.nth(i).locator("td").nth(3)).to_have_text(step["total"])
    expect(page.locator("#path-end")).to_contain_text("; left: walk")  # the CLI's words
    expect(page.locator('#map g.cell.selected[data-cell="G2"]')).to_have_count(1)
    expect(page.locator("#map line.route-step")).to_have_count(len(path["steps"]))
    shot(page, "harpy-path-g2.png")

    page.locator("#move-input").fill("C3+down D3 action C3+up")
    page.locator("#check-button").click()
    expect(page.locator("#check-result .legal")).to_have_text("Legal: 15 ft")
    expect(page.locator("#check-result")).to_contain_text("cannot attack this round")
    expect(page.locator("#check-result .event")).to_have_text(  # the CLI's own sentence
        "Step 4: fighter gets an opportunity attack.")
    expect(page.locator('#map g.route-note[data-cell="C3"]')).to_contain_text("OA")
    shot(page, "harpy-check.png")

    page.locator("#move-input").fill("C3 N E1")
    page.locator("#check-button").click()
    expect(page.locator("#check-result .rule")).to_have_text("D-grid")
    expect(page.locator("#check-result .illegal")).to_contain_text("Illegal at step 3 (E1)")
    expect(page.locator("#check-result .explanation")).to_contain_text("not adjacent to C2")
    expect(page.locator('#map line.route-step.refused')).to_have_count(0)  # not next door
    expect(page.locator('#map g.route-note[data-cell="C2"]')).to_contain_text("✗ E1 [D-grid]")


def click_table(page: Page, x: float, y: float) -> None:
    """Click the table point x,y (table units, origin south-west) wherever the SVG is drawn."""
    where = page.evaluate(
        """([x, y]) => { const s = document.querySelector('#map svg');
             const p = s.createSVGPoint();
             p.x = +s.dataset.originX + x * +s.dataset.scale;
             p.y = +s.dataset.originY + (+s.dataset.tableHeight - y) * +s.dataset.scale;
             const q = p.matrixTransform(s.getScreenCTM()); return [q.x, q.y]; }""", [x, y])
    page.mouse.click(where[0], where[1])


def test_morbid_angel_tiers_click_a_point_and_a_refused_move(page: Page, server: str):
    """confrontation (C-mou, C-change): the seed's morbid angel going down from tier 2."""
    open_scenario(page, "example:morbid-angel", "angel")
    expect(page.locator("#altitude-word")).to_have_text("Tier")
    expect(page.locator("#path-hint")).to_contain_text("Click a point on the table")
    expect(page.locator("#reach-summary")).to_have_text(
        "Can end at tier 2: 17.5 cm; tier 1: 12.5 cm (descent).")
    # an amount the server sends bare reads as format_amount says it: a length (a unit the server
    # lists in length_units) as on a ruler, exactly, a third as a mixed number; movement points
    # as the table says them (7/2 MP is 3½)
    shown = """([values, unit]) => import('/static/common.js').then(async (m) =>
        values.map((v) => m.amount(v, unit, new Set(['cm']))))"""
    assert page.evaluate(shown, [["35/2", "-7/4", "1/3", "12"], "cm"]) == \
        ["17.5", "-1.75", "⅓", "12"]
    assert page.evaluate(shown, [["7/2", "19/12", "4", "40/3"], "MP"]) == \
        ["3½", "1⁷⁄₁₂", "4", "13⅓"]
    page.locator("#altitude").fill("1")
    expect(page.locator("#altitude-value")).to_have_text("tier 1")
    expect(page.locator("#map svg")).to_have_attribute("data-altitude", "1")
    expect(page.locator("#map path.reach-area")).to_have_count(1)
    expect(page.locator("#map path.reach-area")).to_have_attribute("data-altitude", "1")

    click_table(page, 38, 30)
    expect(page.locator("#path-summary")).to_contain_text("at tier 1:")
    chosen = page.evaluate("wingbeat.state.to")  # the point under the pointer, snapped to 0.5 cm
    x, y = map(float, chosen.split(","))
    assert abs(x - 38) <= 0.25 and abs(y - 30) <= 0.25 and (2 * x).is_integer()
    path = api(server, "path", scenario="example:morbid-angel", creature="angel", to=chosen,
               altitude="1")
    assert path["legal"] is True
    expect(page.locator("#path-summary")).to_contain_text(f"To {chosen} at tier 1:")
    # a length reads as on a ruler, at most one decimal (web/said.py); the JSON keeps it exact
    from wingbeat.web.said import said_amount
    expect(page.locator("#path-summary .path-cost")).to_have_text(
        f"{said_amount(path['cost'], 'cm')} cm")
    rows = page.locator("#path-steps tbody tr")
    expect(rows).to_have_count(len(path["steps"]))
    expect(page.locator("#path-end")).to_contain_text("tier 1")
    expect(page.locator("#path-end")).not_to_contain_text("attack")  # tabletops do not say
    shot(page, "angel-path.png")

    page.locator("#move-input").fill("42.5,30 down")
    page.locator("#check-button").click()
    expect(page.locator("#check-result .legal")).to_have_text("Legal: 12.5 cm")
    expect(page.locator("#check-result")).to_contain_text("ends at 42.5,30, tier 1")

    page.locator("#move-input").fill("80,80")
    page.locator("#check-button").click()
    expect(page.locator("#check-result .rule")).to_have_text("C-mou")
    expect(page.locator("#check-result .explanation")).to_contain_text(
        "more than its air MOU 17.5 cm")
    expect(page.locator('#map line.route-step.refused[data-rule="C-mou"]')).to_have_count(1)
    shot(page, "angel-refused.png")


def test_pegasi_levels_have_their_names(page: Page, server: str):
    """battlesystem (B-alt): the slider names the levels; each drawn area is the reach's."""
    open_scenario(page, "example:pegasi", "pegasi")
    reach = api(server, "reach", scenario="example:pegasi", creature="pegasi")
    names = [a["altitude"] for a in reach["areas"]]
    for index, name in enumerate(names):
        page.locator("#altitude").fill(str(index))
        expect(page.locator("#altitude-value")).to_have_text(name)
        expect(page.locator("#map svg")).to_have_attribute("data-altitude", str(index))
        expect(page.locator("#map path.reach-area")).to_have_count(1)
        expect(page.locator("#map path.reach-area")).to_have_attribute("data-altitude", name)
    page.locator("#move-input").fill("up 42,20")
    page.locator("#check-button").click()
    check = api(server, "check", scenario="example:pegasi", creature="pegasi", moves="up 42,20")
    expect(page.locator("#check-result .legal")).to_have_text(f"Legal: {check['cost']} in")
    expect(page.locator("#map line.route-step")).to_have_count(1)
    shot(page, "pegasi-check.png")
