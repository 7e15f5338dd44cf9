"""Issue 26's "done when": a token dragged with the mouse and with a finger (CDP touch events) in
each ruleset at each of the four screen sizes. test_drag.py, test_play_drag.py and
test_table_drag.py drag at some of them; this fills in the rest, one drag per ruleset × size ×
input, on the analysis page: on a grid the preview is `wingbeat path` there and the drop is
`wingbeat check`; on a table the flight line ends on a snapped point, drawn there, and the drop
shows `wingbeat check` of it.

Covered elsewhere (not repeated here): volare and dnd5e with the mouse at every size
(test_drag.py), volare by touch at 390 × 844 and 1440 × 900, dnd5e by touch at 768 × 1024 and
1920 × 1080 (test_drag.py) and 390 × 844 (test_play_drag.py), confrontation with both at
1440 × 900 (test_table_drag.py)."""

from __future__ import annotations

from typing import Any

import pytest
from pages import api, choose_example, closed, opened
from playwright.sync_api import expect
from test_drag import (
    Touch,
    assert_drop_is_check,
    assert_same_as_path,
    both_on_the_map,
    cell,
    home,
    library_check,
    library_path,
    preview_of,
    ready,
)
from test_table_drag import gesture, line_to, point, table_points

pytestmark = pytest.mark.browser

SIZES = {"390x844": (390, 844), "768x1024": (768, 1024), "1440x900": (1440, 900),
         "1920x1080": (1920, 1080)}

#: (ruleset, example, creature, where to: a cell, or a table point "x,y"), by ruleset
DRAGS = {
    "volare": ("giant-bat", "bat", "U35"),
    "dnd5e": ("harpy", "harpy", "H6"),
    "confrontation": ("morbid-angel", "angel", "24,30"),
    "battlesystem": ("pegasi", "pegasi", "18,20"),
}

CASES = [
    ("volare", "768x1024", "touch"), ("volare", "1920x1080", "touch"),
    ("dnd5e", "1440x900", "touch"),
    *[("confrontation", size, how) for size in ("390x844", "768x1024", "1920x1080")
      for how in ("mouse", "touch")],
    *[("battlesystem", size, how) for size in SIZES for how in ("mouse", "touch")],
]

def table_drag(page: Any, name: str, creature: str, to: str, touch: bool) -> None:
    """Drag the model to the table point `to`: the line ends on it, snapped and drawn there;
    the drop shows `wingbeat check` of it in the answer and the move box."""
    at = page.get_attribute(f'#map svg [data-wb-token="{creature}"]', "data-at")
    (x0, y0), (x1, y1) = table_points(page, "#map", point(at), point(to))
    release = gesture(page, [(x0, y0), (x0 + (x1 - x0) / 3 + 6, y0 + (y1 - y0) / 3 + 6),
                             (x1, y1)], touch)
    seen = line_to(page, "#map", to)
    assert seen["text"].startswith(f"{to}: ")
    release()
    checked = library_check(name, creature, to)
    served = api(page.url.split("/static")[0].rstrip("/"), "check",
                 scenario=f"example:{name}", creature=creature, moves=to)
    assert served["legal"] == checked["legal"] and served.get("cost") == checked.get("cost")
    if checked["legal"]:
        assert seen["legal"] == "true"
        expect(page.locator("#map-answer-text")).to_contain_text(
            f"Legal: {served['cost_text']}")
        expect(page.locator("#move-input")).to_have_value(to)
    else:
        expect(page.locator("#map-answer-text")).to_contain_text(f"[{checked['error']['rule']}]")
    expect(page.locator("[data-wb-preview].table-preview")).to_have_count(0)


@pytest.mark.parametrize(("ruleset", "size", "how"), CASES,
                         ids=[f"{r}-{s}-{h}" for r, s, h in CASES])
def test_a_drag_at_each_size(browser: Any, server: str, ruleset: str, size: str,
                             how: str) -> None:
    width, height = SIZES[size]
    name, creature, to = DRAGS[ruleset]
    page = opened(browser, server + "/", width, height)
    if "," in to:  # a table: ready() waits for a grid's reach
        choose_example(page, name)
        page.wait_for_function(
            """([name, c]) => window.wingbeat.state.scenario === `example:${name}` &&
                 window.wingbeat.state.creature === c &&
                 document.querySelector(`#map > svg.table-map [data-wb-token="${c}"]`) &&
                 document.querySelector('#map > svg .reach-area')""", arg=[name, creature])
        table_drag(page, name, creature, to, how == "touch")
    else:
        ready(page, name, creature)
        both_on_the_map(page, creature, to)
        if how == "touch":
            finger = Touch(page)
            finger.drag(home(page, creature), cell(page, to))
            data = preview_of(page, to)
            finger.send("touchEnd", [])
        else:
            x, y = home(page, creature)
            tx, ty = cell(page, to)
            page.mouse.move(x, y)
            page.mouse.down()
            page.mouse.move((x + tx) / 2, (y + ty) / 2, steps=4)
            page.mouse.move(tx, ty, steps=4)
            data = preview_of(page, to)
            page.mouse.up()
        found = library_path(name, creature, to)
        assert_same_as_path(data, found)
        assert_drop_is_check(page, name, creature, found["moves"])
    closed(page)


#: the boxes that meet (more than half a pixel), as [what, what] pairs: the legend and each of
#: the map's buttons; each token's name and the other names, the cells' labels and costs shown
MEETING = """(box) => {
  const svg = document.querySelector(box + ' > svg');
  const rect = (e) => e.getBoundingClientRect();
  const shown = (r) => r.width > 0 && r.height > 0;
  const meet = (a, b) => a.left + .5 < b.right && b.left + .5 < a.right && a.top + .5 < b.bottom
    && b.top + .5 < a.bottom;
  const found = [];
  const legend = svg.querySelector(':scope > g.legend');
  for (const button of document.querySelectorAll('#map-tools button')) {
    if (legend && shown(rect(button)) && meet(rect(legend), rect(button))) {
      found.push(['legend', button.getAttribute('aria-label')]);
    }
  }
  const names = [...svg.querySelectorAll('text.token-name')];
  const texts = [...names, ...svg.querySelectorAll('text.label, text.cost')];
  for (const name of names) {
    for (const other of texts) {
      if (other === name || !shown(rect(other)) || !meet(rect(name), rect(other))) continue;
      found.push([name.textContent, other.getAttribute('class') + ' ' + other.textContent]);
    }
  }
  return found;
}"""

#: on a wide map box, whether the box cuts the legend off: partly in view, partly out
LEGEND_CUT = """(box) => {
  const frame = document.querySelector(box).getBoundingClientRect();
  const legend = document.querySelector(box + ' > svg > g.legend');
  if (!legend || frame.width < 1000) return false;
  const l = legend.getBoundingClientRect();
  return l.left < frame.right && l.right > frame.right + 0.5;
}"""

SETTLED = ("([box, whole]) => { const b = document.querySelector(box);"
           " return b.querySelector(':scope > svg') && b.dataset.zoom && !b.dataset.gesture"
           " && (!whole || b.dataset.zoom === '1'); }")


@pytest.mark.parametrize("size", list(SIZES))
def test_the_legend_clears_the_buttons_and_names_clear_the_texts(browser: Any, server: str,
                                                                 size: str) -> None:
    """At each size, as the map opens and with the whole map shown: the legend lies under
    none of the map's buttons (and a wide view does not cut it off); no token's name lies over
    another's, a cell's label or cost."""
    width, height = SIZES[size]
    page = opened(browser, server + "/", width, height)
    for name, creature in (("giant-bat", "bat"), ("harpy", "harpy")):
        ready(page, name, creature)
        page.wait_for_function(SETTLED, arg=["#map", False])
        assert page.evaluate(MEETING, "#map") == [], f"{name} as it opens"
        assert not page.evaluate(LEGEND_CUT, "#map"), f"{name}'s legend is cut off"
        page.click("#map-tools button[aria-label='Whole map']")
        page.wait_for_function(SETTLED, arg=["#map", True])
        assert page.evaluate(MEETING, "#map") == [], f"{name}, the whole map"
    closed(page)
