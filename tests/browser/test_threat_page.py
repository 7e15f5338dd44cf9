"""The threat overlay, the attack advice and the play page's suggestion in headless Chromium
(issue 16, the page), for every ruleset: the overlay shades the places the threat report lists
with their counts (hand-checked places per ruleset), each tooltip names who can strike and how
much movement each needs; a click on another creature draws the attack positions ranked and
coloured as ``/api/advise`` ranks them; a suggestion is declared only when accepted."""

from __future__ import annotations

import re
from typing import Any

import pytest
from pages import (
    answers_read,
    api,
    closed,
    new_encounter,
    opened,
    serious,
    shot_path,
    watch_answers,
)
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

def shot(page: Page, name: str) -> None:
    """A screenshot of the map (or the play page's board) alone."""
    page.locator("#map, #board").first.screenshot(path=shot_path(name))


def open_scenario(page: Page, name: str, creature: str) -> None:
    expect(page.locator("#map svg")).to_have_attribute("data-creature", "bat")
    if name != "example:giant-bat":
        page.locator("#scenario-select").select_option(name)
    expect(page.locator("#creature-select")).to_have_value(creature)
    expect(page.locator("#map svg")).to_have_attribute("data-creature", creature)


def show_threat(page: Page, whose: str) -> None:
    page.locator("#threat-of").select_option(whose)
    page.locator("#threat-toggle").check()
    expect(page.locator("#threat-title")).to_contain_text("Threat zones of")


def overlay_at(page: Page, site: str, altitude: str, **whose: str) -> Any:
    """Shows the overlay at one ``altitude`` only; the API's overlay there (of the scenario and
    creature or side ``whose`` names), whose title the page must show."""
    page.locator("#all-altitudes").uncheck()
    page.locator("#altitude").fill(altitude)
    answer = api(site, "threat/overlay", **whose, altitude=altitude)
    expect(page.locator("#threat-title")).to_have_text(answer["title"])
    return answer


def drawn_counts(page: Page) -> dict[str, str]:
    """Each shaded cell's count, as the picture carries it."""
    pairs = page.locator("#map svg g.cell[data-threat-count]").evaluate_all(
        "gs => gs.map(g => [g.getAttribute('data-cell'), g.getAttribute('data-threat-count')])")
    return dict(pairs)


def tooltip(page: Page, cell: str) -> str:
    text: str = page.locator(f'#map svg g.cell[data-cell="{cell}"] > title').text_content() or ""
    return text


def areas_at(page: Page, x: float, y: float) -> list[str]:
    """The tooltips of the threat areas drawn under the table point (x, y)."""
    found: list[str] = page.evaluate("""([x, y]) => {
      const svg = document.querySelector('#map svg');
      const scale = Number(svg.getAttribute('data-scale'));
      const p = svg.createSVGPoint();
      p.x = Number(svg.getAttribute('data-origin-x')) + x * scale;
      p.y = Number(svg.getAttribute('data-origin-y')) +
        (Number(svg.getAttribute('data-table-height')) - y) * scale;
      const c = p.matrixTransform(svg.getScreenCTM());
      return document.elementsFromPoint(c.x, c.y)
        .map(e => e.closest('g.threat-area')).filter(g => g)
        .map(g => g.querySelector('title').textContent);
    }""", [x, y])
    return found


def assert_overlay_is_the_answer(page: Page, answer: dict[str, Any]) -> None:
    """What the picture shades is exactly the overlay answer: per cell its count and sentence
    (grid), or every area's sentence (table); the legend says each count."""
    if answer.get("cells") is not None:
        assert drawn_counts(page) == {c["at"]: str(c["count"]) for c in answer["cells"]}
    else:
        titles = page.locator("#map svg g.threat-area > title").all_text_contents()
        assert titles == [a["text"] for a in answer["areas"]]
    expect(page.locator("#threat-legend li")).to_have_text([e["text"] for e in answer["legend"]])


def assert_advice_is_the_ranking(page: Page, play_site: str, scenario: str, creature: str,
                                 target: str, level: int | None = None) -> dict[str, Any]:
    """The listed positions are advise's, best first; each drawn mark (at ``level``, None:
    every level) has the colour of its rank; the words are the positions answer's."""
    ranking = api(play_site, "advise", scenario=scenario, creature=creature, target=target)
    shown = api(play_site, "advise/positions", scenario=scenario, creature=creature, target=target)
    assert [o["moves"] for o in shown["options"]] == [o["moves"] for o in ranking["options"]]
    expect(page.locator("#advice-title")).to_have_text(shown["title"])
    heads = page.locator("#advice-list > li .advice-head strong")
    expect(heads).to_have_text([o["text"] for o in shown["options"]])
    colour = {o["rank"]: o["colour"] for o in shown["options"]}
    if page.locator("#map svg.table-map").count():
        drawn = {o["rank"] for o in shown["options"] if not o.get("listed")}
        expect(page.locator("#map svg g.advice-point")).to_have_count(len(drawn))
        marks = page.locator("#map svg g.advice-point").evaluate_all(
            "gs => gs.map(g => [Number(g.dataset.rank), g.querySelector('circle')"
            ".getAttribute(g.dataset.rank <= 3 ? 'stroke' : 'fill')])")
        # a position with no room near its point is listed only (the list above names it)
        assert sorted(tuple(m) for m in marks) == sorted(
            (rank, c) for rank, c in colour.items() if rank in drawn)
    else:
        best: dict[str, int] = {}
        for o in shown["options"]:
            if level is None or o["level"] == level:
                best[o["at"]] = min(best.get(o["at"], o["rank"]), o["rank"])
        # the rings come after the list: wait for the map to carry them all, then read them
        page.wait_for_function(
            """best => {
                const gs = [...document.querySelectorAll('#map svg g.cell[data-advice-rank]')];
                const at = Object.fromEntries(gs.map(g => [g.dataset.cell,
                                                           Number(g.dataset.adviceRank)]));
                return JSON.stringify(Object.entries(at).sort())
                       === JSON.stringify(Object.entries(best).sort())
                    && gs.every(g => g.ownerSVGElement.querySelector(
                           `.advice-ring[data-cell="${g.dataset.cell}"]`));
            }""", arg=best)
        rings = page.locator("#map svg g.cell[data-advice-rank]").evaluate_all(
            "gs => gs.map(g => [g.getAttribute('data-cell'), Number(g.dataset.adviceRank),"
            " g.ownerSVGElement.querySelector(`.advice-ring[data-cell=\"${g.dataset.cell}\"]`)"
            ".getAttribute('stroke')])")
        assert {at: rank for at, rank, _ in rings} == best
        assert all(stroke == colour[rank] for _, rank, stroke in rings)
    return shown


def test_volare_bat_threat_and_advice_against_the_chamois(browser: Any, play_site: str) -> None:
    """V-prox case 3, V-land: the bat strikes the chamois' hex V36 on the ground for 3 MP with
    a Reflex save (45%); its best attack position is U35, as path --attack says."""
    page = opened(browser, play_site + "/")
    open_scenario(page, "example:giant-bat", "bat")
    show_threat(page, "creature:bat")
    answer = overlay_at(page, play_site, "0", scenario="example:giant-bat", creature="bat")
    expect(page.locator('#map svg g.cell[data-cell="V36"]')).to_have_attribute(
        "data-threat-count", "1")
    assert_overlay_is_the_answer(page, answer)
    said = tooltip(page, "V36")
    assert said.startswith("V36, altitude 0: 1 can strike here next turn: Giant bat (bat): "
                           "3 MP, U35 down down land-fast, saves 45% Reflex (V-land)")
    page.locator('#map svg g.creature[data-id="chamois"]').click()
    shown = assert_advice_is_the_ranking(page, play_site, "example:giant-bat", "bat", "chamois", 0)
    assert shown["options"][0]["at"] == "U35"
    page.locator("#all-altitudes").check()  # every level's positions again
    assert_advice_is_the_ranking(page, play_site, "example:giant-bat", "bat", "chamois")
    expect(page.locator('#map svg g.cell[data-cell="U35"]')).to_have_attribute(
        "data-advice-rank", "1")
    assert "#1 of" in tooltip(page, "U35")
    shot(page, "threat-volare.png")
    closed(page)


def test_dnd5e_harpy_threat_per_altitude_keyboard_and_advice(browser: Any, play_site: str) -> None:
    """D-creatures: the fighter (5 ft reach) and the prone scout beside it both strike a flyer
    5 ft up over B2; 10 ft up is out of both reaches. The overlay is usable by keyboard: its
    sentence is in the focused cell's name and the preview, and every place is listed."""
    page = opened(browser, play_site + "/")
    open_scenario(page, "example:harpy", "harpy")
    watch_answers(page, "/api/")
    page.locator("#threat-toggle").focus()
    page.keyboard.press("Space")
    expect(page.locator("#threat-of")).to_have_value("side:party")  # not the harpy's side
    answer = overlay_at(page, play_site, "1", scenario="example:harpy", side="party")
    assert_overlay_is_the_answer(page, answer)
    assert drawn_counts(page)["B2"] == "2"
    said = tooltip(page, "B2")
    assert said.startswith("B2, altitude 1 (5 ft): 2 can strike here next turn: ")
    assert "Scout (scout): 0 ft, without moving" in said
    assert "Fighter (fighter): 5 ft, C3" in said
    expect(page.locator("#threat-places li").first).to_contain_text("2 can strike")
    # by keyboard: into the cells, to B2; its name and the preview say who can strike there.
    # Every answer asked so far read first: a late picture redrawing the map would take the
    # focus from the cell (seen under make stress-test)
    answers_read(page)
    page.locator("#map").focus()
    page.keyboard.press("ArrowRight")
    focused = page.locator("#map g.cell:focus")
    for _ in range(6):
        if focused.get_attribute("data-cell") == "B2":
            break
        at = focused.get_attribute("data-cell") or ""
        page.keyboard.press("ArrowLeft" if at[0] > "B" else "ArrowUp" if int(at[1:]) > 2
                            else "ArrowDown")
    expect(focused).to_have_attribute("data-cell", "B2")
    expect(focused).to_have_attribute("aria-label", re.compile("2 can strike here next turn"))
    expect(page.locator("#hover-preview")).to_contain_text("2 can strike here next turn")
    page.locator("#altitude").fill("2")
    expect(page.locator("#threat-title")).to_contain_text("altitude 2 (10 ft)")
    expect(page.locator("#map svg g.cell[data-threat-count]")).to_have_count(0)
    # advice: the Attack advice button (keyboard), then a click on the scout's token
    page.locator("#all-altitudes").check()
    page.locator("#other-select").select_option("fighter")
    page.locator("#advise-button").click()
    assert_advice_is_the_ranking(page, play_site, "example:harpy", "harpy", "fighter")
    reasons = page.locator("#advice-list > li").first.locator("ul li").all_text_contents()
    assert "no save on the way" in reasons
    assert any(r.startswith("then within reach of 1 foe next turn") for r in reasons)
    assert any(r.startswith("actions still open after the move: attack") for r in reasons)
    assert serious(page) == []
    shot(page, "threat-dnd5e.png")
    page.locator("#advice-list > li").first.get_by_role("button").click()
    expect(page.locator("#check-result")).to_contain_text("Legal")
    expect(page.locator("#map svg g.cell[data-advice-rank]").first).to_be_attached()  # kept
    page.locator('#map svg g.creature[data-id="scout"]').click()
    assert_advice_is_the_ranking(page, play_site, "example:harpy", "harpy", "scout")
    expect(page.locator("#other-select")).to_have_value("scout")
    closed(page)


def test_dnd5e_a_friend_is_not_advised_against(browser: Any, play_site: str) -> None:
    page = opened(browser, play_site + "/")
    open_scenario(page, "example:harpy", "harpy")
    page.locator("#creature-select").select_option("fighter")
    expect(page.locator("#map svg")).to_have_attribute("data-creature", "fighter")
    page.locator('#map svg g.creature[data-id="scout"]').click()
    expect(page.locator("#advice-title")).to_have_text(
        "Scout is on Fighter's side (party): no attack to advise.")
    expect(page.locator("#advice-list > li")).to_have_count(0)
    closed(page)


def test_battlesystem_pegasi_threat_areas_and_advice(browser: Any, play_site: str) -> None:
    """B-alt: the griffons strike within 1" at their own altitude; the point they stand on is
    struck by them (1), the pegasi's own point is not."""
    page = opened(browser, play_site + "/")
    open_scenario(page, "example:pegasi", "pegasi")
    expect(page.locator("#threat-of")).to_have_value("side:east")
    show_threat(page, "side:east")
    answer = overlay_at(page, play_site, "0", scenario="example:pegasi", side="east")
    assert_overlay_is_the_answer(page, answer)
    assert areas_at(page, 50, 30) == [
        'altitude ground: 1 can strike here next turn: Griffons (griffons): B-alt: within 1" '
        'at altitude ground']
    assert areas_at(page, 10, 20) == []
    page.locator("#all-altitudes").check()
    page.locator('#map svg g.creature[data-id="griffons"]').click()
    assert_advice_is_the_ranking(page, play_site, "example:pegasi", "pegasi", "griffons")
    first = page.locator('#map svg g.advice-point[data-rank="1"] > title').text_content() or ""
    assert first.startswith("#1 of ")
    shot(page, "threat-battlesystem.png")
    closed(page)


def test_confrontation_threat_tiers_and_dive_advice(browser: Any, play_site: str) -> None:
    """C-adj and C-dive: the knight's place at tier 1 is struck by the morbid angel (bases
    touching, or a dive charge from tier 2) and by the gargoyle: 2. The angel's best attack on
    the knight is the dive charge."""
    page = opened(browser, play_site + "/")
    open_scenario(page, "example:morbid-angel", "angel")
    show_threat(page, "side:acheron")
    answer = overlay_at(page, play_site, "1", scenario="example:morbid-angel", side="acheron")
    assert_overlay_is_the_answer(page, answer)
    struck = areas_at(page, 35, 38)
    assert len(struck) == 1
    assert struck[0].startswith("tier 1: 2 can strike here next turn: Morbid angel (angel): "
                                "C-adj: bases touch at tier 1; C-dive")
    assert "Gargoyle (gargoyle)" in struck[0]
    page.locator("#all-altitudes").check()
    page.locator('#map svg g.creature[data-id="knight"]').click()
    shown = assert_advice_is_the_ranking(page, play_site, "example:morbid-angel", "angel", "knight")
    assert shown["options"][0]["moves"] == "dive:knight"
    assert serious(page) == []
    shot(page, "threat-confrontation.png")
    closed(page)


def start(page: Page, scenario: str) -> None:
    new_encounter(page, scenario, seed="1")
    expect(page.locator("#round")).to_have_text("1")


def test_play_suggestion_declined_then_accepted(browser: Any, play_site: str) -> None:
    """dnd5e: the harpy's suggestion is shown with its reasons; declined, nothing is declared;
    accepted, it is declared as the game master's move (checked and logged)."""
    page = opened(browser, play_site + "/static/play.html")
    start(page, "example:harpy")
    encounter = page.evaluate("location.hash").split("=")[1]
    page.select_option("#creature-select", "harpy")
    page.click("#suggest-button")
    expected = api(play_site, f"play/encounters/{encounter}/suggest",
                   creature="harpy")["suggestion"]
    expect(page.locator("#suggestion-headline")).to_have_text(expected["headline"])
    expect(page.locator("#suggestion-reasons li")).to_have_text(expected["reasons"])
    page.click("#suggest-decline")
    expect(page.locator("#suggestion")).to_be_hidden()
    expect(page.locator("#move-result")).to_have_text(
        "Suggestion for harpy declined: nothing declared.")
    shown = api(play_site, f"play/encounters/{encounter}")
    assert shown["state"]["moved"] == []
    # the threat overlay of the encounter as it stands
    page.locator("#threat-of").select_option("side:party")
    page.locator("#threat-toggle").check()
    expect(page.locator("#board svg g.cell[data-threat-count]").first).to_be_attached()
    page.click("#suggest-button")
    expect(page.locator("#suggestion")).to_be_visible()
    assert serious(page) == []
    page.click("#suggest-accept")
    expect(page.locator("#move-result")).to_contain_text(f"harpy: {expected['moves']}")
    expect(page.locator("#log")).to_contain_text(f"harpy: {expected['moves']}")
    after = api(play_site, f"play/encounters/{encounter}")
    assert after["state"]["moved"] == ["harpy"]
    closed(page)


@pytest.mark.parametrize(("scenario", "creature", "side", "kind"), [
    ("example:giant-bat", "bat", "creature:bat", "cell"),
    ("example:pegasi", "pegasi", "side:east", "area"),
    ("example:morbid-angel", "angel", "side:griffin", "area"),
])
def test_play_suggest_and_threat_every_ruleset(browser: Any, play_site: str, scenario: str,
                                               creature: str, side: str, kind: str) -> None:
    """volare and the tabletops: the suggestion is the API's, declared only when accepted;
    the overlay of the encounter is drawn at each level it names."""
    page = opened(browser, play_site + "/static/play.html")
    start(page, scenario)
    encounter = page.evaluate("location.hash").split("=")[1]
    page.locator("#threat-of").select_option(side)
    page.locator("#threat-toggle").check()
    marks = ("#board svg g.cell[data-threat-count]" if kind == "cell"
             else "#board svg g.threat-area")
    expect(page.locator(marks).first).to_be_attached()
    levels = api(play_site, f"play/encounters/{encounter}/threat", side=side.split(":")[1]
                 ) if side.startswith("side:") else api(
        play_site, f"play/encounters/{encounter}/threat", creature=side.split(":")[1])
    expect(page.locator("#threat-level option")).to_have_text(
        ["the most over all levels", *[lvl["text"] for lvl in levels["levels"]]])
    page.select_option("#creature-select", creature)
    page.click("#suggest-button")
    expected = api(play_site, f"play/encounters/{encounter}/suggest",
                   creature=creature)["suggestion"]
    expect(page.locator("#suggestion-headline")).to_have_text(expected["headline"])
    assert api(play_site, f"play/encounters/{encounter}")["state"]["moved"] == []
    page.click("#suggest-accept")
    expect(page.locator("#suggestion")).to_be_hidden()
    expect(page.locator("#log")).to_contain_text(f"{creature}: {expected['moves']}")
    shot(page, f"threat-play-{creature}.png")
    closed(page)
