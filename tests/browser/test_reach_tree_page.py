"""The page's decoder of the reach tree (static/reachtree.js): in the served page, with no request
per place, ``wayTo`` answers what ``/api/path`` answers (issue 26: "The previewed way must equal
`wingbeat path` to that place, tested")."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

pytestmark = pytest.mark.browser

#: In the page: the tree fetched and decoded once, then for a sample of its places (every
#: ``step``-th, cheapest first, and every way with a save) the way it gives beside /api/path's
#: answer.
COMPARE = """
async ([query, step]) => {
  const { decodeReachTree } = await import("/static/reachtree.js");
  const answer = await fetch(`/api/reach-tree?${query}`);
  if (answer.headers.get("content-type") !== "application/octet-stream") throw new Error("type");
  const tree = decodeReachTree(await answer.arrayBuffer());
  const places = tree.places();
  const sample = places.filter((_, i) => i % step === 0 || i === places.length - 1 ||
                                         tree.checks[i] !== 0);  // every way with a save
  const made = performance.now();
  const ways = sample.map((place) => tree.wayTo(place));
  const took = performance.now() - made;
  const alt = tree.header.altitude;
  const out = [];
  for (const [i, place] of sample.entries()) {
    const q = new URLSearchParams(query);
    q.set("to", place);
    if (alt === null) q.delete("altitude"); else q.set("altitude", String(alt));
    const p = await (await fetch(`/api/path?${q}`)).json();
    out.push({ place, way: ways[i],
               path: { moves: p.moves, cost: p.cost, canAct: p.can_act, checks: p.checks,
                       end: p.end } });
  }
  return { count: places.length, out, outOfReach: tree.wayTo("ZZ999"), took };
}
"""


@pytest.mark.parametrize(("query", "step"), [
    ("scenario=example:giant-bat&creature=bat&altitude=1", 9),
    ("scenario=example:giant-bat&creature=bat&altitude=0", 7),  # saves on some ways (V-skim)
    ("scenario=example:giant-bat&creature=bat&altitude=all&no_checks=true", 13),
    ("scenario=example:harpy&creature=harpy&altitude=2", 17),
    ("scenario=example:harpy&creature=harpy&option=units%3Dm&option=diagonals%3Ddmg", 23),
])
def test_way_to_is_the_path(page: Page, query: str, step: int) -> None:
    found = page.evaluate(COMPARE, [query, step])
    assert found["count"] > 10
    assert found["outOfReach"] is None
    for item in found["out"]:
        assert item["way"] == item["path"], item["place"]
    assert any(item["way"]["moves"] for item in found["out"])
    if "altitude=0" in query:
        assert any(item["way"]["checks"] for item in found["out"])  # the saves, said as path
