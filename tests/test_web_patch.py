"""A click's picture sent as the changes from the one the page shows (web/patch.py): applied, they
give the very bytes of the whole picture, on every example; anything else gets the whole SVG."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st

from wingbeat.web import create_app
from wingbeat.web.patch import Picture, PictureShelf, _scan, _scan_tags, changes, picture_id

#: A creature of each example and places to click, one after the other, as a player does.
CLICKS = {
    "example:giant-bat": ("bat", {"to": ["U35", "T36", "U35", "R34"]}),
    "example:harpy": ("harpy", {"to": ["C3", "E5", "B2"]}),
    "example:pegasi": ("pegasi", {"to": ["20,20", "30,24"]}),
    "example:morbid-angel": ("angel", {"to": ["40,30", "35,34"]}),
}


def applied(old: bytes, patch: dict) -> bytes:
    """What the page does with the changes (mapview.js patchPicture), on the bytes."""
    spans = Picture(old).spans()
    assert spans is not None
    root_end, children = spans
    kids = [old[a:b] for a, b in children]
    for start, end, parts in patch["replace"]:
        kids[start:end] = [part.encode() for part in parts]
    return old[:root_end] + b"".join(kids) + old[old.rfind(b"</svg>"):]


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(), base_url="http://127.0.0.1")


@pytest.mark.parametrize("scenario", sorted(CLICKS))
def test_each_click_sends_changes_that_rebuild_the_whole_picture(client, scenario):
    creature, clicks = CLICKS[scenario]
    asked = {"scenario": scenario, "creature": creature, "altitude": "all"}
    first = client.get("/api/render", params=asked)
    assert first.headers["content-type"].startswith("image/svg+xml")
    shown, name = first.content, first.headers["x-wingbeat-picture"]
    assert name == picture_id(shown)
    patched = 0
    for to in clicks["to"]:
        whole = client.get("/api/render", params={**asked, "to": to}).content
        answer = client.get("/api/render", params={**asked, "to": to, "from_picture": name})
        if answer.headers["content-type"].startswith("application/json"):
            patch = answer.json()
            assert patch["from"] == name
            assert applied(shown, patch) == whole
            assert sum(len(p) for run in patch["replace"] for p in run[2]) * 2 < len(whole)
            patched += 1
        else:
            assert answer.content == whole
        shown, name = whole, answer.headers["x-wingbeat-picture"]
        assert name == picture_id(whole)
    assert patched >= 1  # a route on a kept map is a few groups, not the map again


def test_a_whole_picture_is_split_once_sent_not_when_a_click_asks(client):
    """Its children are found after the answer (a background task), so the click's changes from
    it need not scan a map's thousands of tags; the split is the one found on asking."""
    asked = {"scenario": "example:harpy", "creature": "fighter", "altitude": "all"}
    answer = client.get("/api/render", params=asked)
    kept = client.app.state.pictures.get(answer.headers["x-wingbeat-picture"])
    assert kept is not None and kept.split
    assert kept.spans() == Picture(answer.content).spans()


def test_an_unknown_or_other_picture_gets_the_whole_svg(client):
    asked = {"scenario": "example:giant-bat", "creature": "bat"}
    whole = client.get("/api/render", params=asked).content
    unknown = client.get("/api/render", params={**asked, "from_picture": "0" * 24})
    assert unknown.headers["content-type"].startswith("image/svg+xml")
    assert unknown.content == whole
    other = client.get("/api/render", params={"scenario": "example:giant-bat",
                                               "creature": "chamois"})
    name = other.headers["x-wingbeat-picture"]
    # another creature's map is most of the picture changed: sent whole
    again = client.get("/api/render", params={**asked, "from_picture": name})
    assert again.content == whole


def test_a_picture_the_page_keeps_is_answered_by_its_name_alone(client):
    """Switching back to a creature: the page names the pictures it keeps; the one asked for is
    answered with its name (JSON), any other with the whole SVG, whatever else it says."""
    bat = {"scenario": "example:giant-bat", "creature": "bat"}
    chamois = {"scenario": "example:giant-bat", "creature": "chamois"}
    whole = client.get("/api/render", params=bat)
    name = whole.headers["x-wingbeat-picture"]
    other = client.get("/api/render", params=chamois).headers["x-wingbeat-picture"]
    kept = client.get("/api/render", params={**bat, "kept": f"{other},{name}",
                                             "from_picture": other})
    assert kept.headers["content-type"].startswith("application/json")
    assert kept.json() == {"picture": name, "kept": True}
    assert kept.headers["x-wingbeat-picture"] == name
    for said in (other, "0" * 24, ",,,", ""):
        again = client.get("/api/render", params={**bat, "kept": said})
        assert again.headers["content-type"].startswith("image/svg+xml")
        assert again.content == whole.content
    png = client.get("/api/render", params={**bat, "kept": name, "format": "png"})
    assert png.headers["content-type"] == "image/png"
    too_long = client.get("/api/render", params={**bat, "kept": ",".join([name] * 20)})
    assert too_long.status_code == 422  # a query is bounded before any work


def test_a_png_is_never_sent_as_changes(client):
    asked = {"scenario": "example:giant-bat", "creature": "bat"}
    name = client.get("/api/render", params=asked).headers["x-wingbeat-picture"]
    png = client.get("/api/render", params={**asked, "format": "png", "from_picture": name})
    assert png.headers["content-type"] == "image/png"


def _svg(children: list[str]) -> bytes:
    return ('<svg xmlns="http://www.w3.org/2000/svg" class="m">' + "".join(children)
            + "</svg>\n").encode()


CHILD = st.sampled_from([
    '<g class="cells"><g class="cell"><title>A1</title><rect x="1" y="2"/></g></g>',
    '<g class="route"/>', '<g class="route"><line x1="1" x2="2"/></g>',
    '<title>a &lt;map&gt;</title>', '<rect width="3"/>', '<g><g><g/></g><text>1 · 2</text></g>',
    '<text x="1">U35</text>', '<g class="notes" data-x="a&amp;b"><text>x</text></g>',
])


@given(st.lists(CHILD, min_size=1, max_size=12), st.lists(CHILD, min_size=1, max_size=12))
def test_changes_always_rebuild_the_new_picture(before, after):
    old, new = _svg(before), _svg(after)
    patch, picture = changes(Picture(old), new)
    assert picture.svg == new
    spans = picture.spans()
    assert spans is not None
    assert [new[a:b].decode() for a, b in spans[1]] == after  # the children it knows are right
    if patch is not None:
        assert applied(old, patch) == new


#: Elements as the renderers write them: nested groups, empty elements, escaped text and values.
ELEMENT = st.recursive(
    st.sampled_from(['<rect width="3"/>', '<g class="route"/>', '<text x="1">U35 &lt;/g&gt;</text>',
                     '<title>a &lt;map&gt; / 2</title>', '<path d="M0,0 L10,5 z"/>', "<g></g>"]),
    lambda inner: st.builds(
        lambda tag, kids, space: f'<{tag} class="a&amp;b">{space.join(kids)}</{tag}>',
        st.sampled_from(["g", "gx", "text", "marker"]), st.lists(inner, max_size=4),
        st.sampled_from(["", "\n", " "])),
    max_leaves=20)


@given(st.lists(ELEMENT, max_size=6), st.sampled_from(["", "\n", "  "]),
       st.sampled_from(["", "loose", "<!-- a -->", "</g>", "<g>", "<g/"]))
def test_the_counted_split_is_the_tag_by_tag_split(children, space, extra):
    """``_scan`` counts tags where ``_scan_tags`` reads each: the same children, or the same
    refusal (text or a stray tag between children, a tag cut off)."""
    for body in ((space.join(children)).encode(), (space.join([*children, extra])).encode(),
                 (extra + space.join(children)).encode()):
        assert _scan(body, 0, len(body)) == _scan_tags(body, 0, len(body))


@pytest.mark.parametrize("scenario", sorted(CLICKS))
def test_the_counted_split_of_every_example(client, scenario):
    creature, clicks = CLICKS[scenario]
    for to in [None, *clicks["to"]]:
        svg = client.get("/api/render", params={"scenario": scenario, "creature": creature,
                                                "to": to}).content
        start, end = svg.index(b">") + 1, svg.rfind(b"</svg>")
        found = _scan(svg, start, end)
        assert found is not None and len(found) >= 8
        assert found == _scan_tags(svg, start, end)


def test_text_between_children_is_not_split():
    assert Picture(b"<svg><g/>loose<g/></svg>").spans() is None
    assert changes(Picture(b"<svg><g/>x<g/></svg>"), b"<svg><g/>x<rect/></svg>")[0] is None


def test_the_shelf_keeps_within_its_budget_oldest_out():
    shelf = PictureShelf(budget=100)
    names = [shelf.keep(Picture(_svg([f'<text>{i}</text>' + "x" * 20]))) for i in range(5)]
    assert shelf.get(names[0]) is None
    assert shelf.get(names[-1]) is not None
    huge = Picture(_svg(["<g/>" * 100]))
    assert shelf.get(shelf.keep(huge)) is None  # larger than the whole budget: not kept
