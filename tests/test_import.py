"""``wingbeat import``: Universal VTT, Foundry VTT scenes and Tiled maps become scenarios.

The samples in tests/data/import/ are written by hand with each format's documented fields
(docs/import.md lists them): a 10 × 8 room split by a wall with a closed and an open door
(room.dd2vtt), the same room as a Foundry scene with tokens (guard-room.json), a cliff on squares
(cliff.tmj), hills on hexes (hexes.tmx) and creatures with a size or a reach on hexes (reach.tmj).
"""

from __future__ import annotations

import base64
import gzip
import json
import struct
import zlib
from pathlib import Path
from typing import Any

import pytest
import yaml
from fastapi.testclient import TestClient
from typer.testing import CliRunner

import wingbeat
from wingbeat.cli import app
from wingbeat.errors import ScenarioError
from wingbeat.importers import import_bytes, import_file, scenario_data, scenario_text
from wingbeat.rules import registry

DATA = Path(__file__).resolve().parent / "data" / "import"
runner = CliRunner()

ROOM_WALLS = {  # the sides the room's walls and doors stand on (D-walls)
    **{(f"E{r}", f"F{r}"): "wall" for r in (1, 2, 4, 5, 7, 8)},
    **{(f"{c}4", f"{c}5"): "wall" for c in "BCD"},
    ("E3", "F3"): "closed",
    ("E6", "F6"): "open",
}


def sides_of(data: dict[str, Any]) -> dict[tuple[str, str], str]:
    """The walls of scenario data, one side each, expanded from its ranges."""
    sc = wingbeat.parse_scenario({k: v for k, v in data.items() if k != "background"},
                                 source="test")
    from wingbeat.geometry.labels import column_label

    def label(p: tuple[int, int]) -> str:
        return f"{column_label(p[0])}{p[1]}"

    return {(label(a), label(b)): kind.value for (a, b), kind in sc.battle.map.walls.items()}


def run(*args: str | Path) -> Any:
    return runner.invoke(app, [*map(str, args)])


# -- Universal VTT ---------------------------------------------------------------------------------

def test_universal_vtt_walls_and_doors_become_sides_between_squares() -> None:
    """line_of_sight on grid lines gives exactly the sides under it; portals are doors, closed or
    open as ``closed`` says; the grid is map_size; the picture is kept at pixels_per_grid."""
    imported = import_file(DATA / "room.dd2vtt")
    data = imported.data
    assert (data["ruleset"], data["map"]["columns"], data["map"]["rows"]) == ("dnd5e", 10, 8)
    assert sides_of(data) == ROOM_WALLS
    assert imported.image is not None and imported.image.startswith(b"\x89PNG")
    assert data["background"] == {"cell": 4, "origin": [0, 0]}
    assert any("lights" in note for note in imported.notes)


def test_a_slanted_wall_becomes_the_staircase_of_sides_it_cuts() -> None:
    """A wall from (0.2, 0) to (3.2, 3) (x = y + 0.2) cuts the lines joining the centres of
    A1|B1, B1|B2, B2|C2, C2|C3 and C3|D3: neighbours whose centres lie on either side of it.
    D3|D4 are on either side too, but the line joining them (x = 3.5) is past the wall's end."""
    vtt = {"resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": 4, "y": 4},
                          "pixels_per_grid": 10},
           "line_of_sight": [[{"x": 0.2, "y": 0}, {"x": 3.2, "y": 3}]]}
    data = import_bytes(json.dumps(vtt).encode(), "slant.uvtt").data
    assert sides_of(data) == {("A1", "B1"): "wall", ("B1", "B2"): "wall", ("B2", "C2"): "wall",
                              ("C2", "C3"): "wall", ("C3", "D3"): "wall"}


def test_an_imported_room_is_a_scenario_reach_and_path_use() -> None:
    """The imported walls block the way: with a hero at B3, G3 is 9 steps (45 ft, Dash) round
    through the open door (C3 D3 E4 E5 E6 F6 G5 G4 G3), not 5 through the closed one."""
    data = scenario_data(import_file(DATA / "room.dd2vtt"))
    data["creatures"] = [{"id": "hero", "at": "B3"}]
    sc = wingbeat.parse_scenario(data, source="room")
    path = wingbeat.path(sc, "hero", "G3").to_dict()
    assert path["cost"] == "45"
    assert "F6" in path["moves"] and "F3" not in path["moves"]
    svg = wingbeat.render_svg(sc, reach=wingbeat.reach(sc, "hero"))
    assert '<image href="data:image/png;base64,' in svg and 'class="closed-door"' in svg


# -- Foundry VTT -----------------------------------------------------------------------------------

def test_a_foundry_scene_gives_walls_doors_tokens_and_its_background() -> None:
    """The grid starts ceil(1000 × 0.25 / 100) × 100 = 300 px in (and 200 px down): the wall at
    x = 800 is the line between E and F. ``move: 0`` lets movement through (left out); ``ds`` 1 is
    open, 0 closed. Tokens: Fighter (400, 400) → B3, friendly; Goblin (1000, 400) → H3, hostile;
    the Giant Eagle (2 squares wide, elevation 10 ft) → Large at B6, altitude 2, no side."""
    imported = import_file(DATA / "guard-room.json")
    data = imported.data
    assert sides_of(data) == {k: v for k, v in ROOM_WALLS.items() if k[0][0] == "E"}
    assert data["creatures"] == [
        {"id": "fighter", "name": "Fighter", "at": "B3", "side": "friendly"},
        {"id": "goblin", "name": "Goblin", "at": "H3", "side": "hostile"},
        {"id": "giant-eagle", "name": "Giant Eagle", "at": "B6", "size": "large", "altitude": 2,
         "speed": {"walk": 30, "fly": 30}}]
    # the 20 × 16 px picture is stretched over the 1000 px scene: 2 px a square
    assert imported.image is not None and data["background"] == {"cell": 2, "origin": [0, 0]}
    assert any("move 0" in note for note in imported.notes)


def test_a_door_drawn_over_a_wall_stays_a_door() -> None:
    """A scene whose wall E1:E8 | F1:F8 runs on through the open door's side: the door wins,
    whichever comes first in the file."""
    scene = json.loads((DATA / "guard-room.json").read_text(encoding="utf-8"))
    scene["walls"].append({"c": [800, 200, 800, 1000], "move": 20, "door": 0, "ds": 0})
    data = import_bytes(json.dumps(scene).encode(), "s.json").data
    sides = sides_of(data)
    assert sides[("E6", "F6")] == "open" and sides[("E3", "F3")] == "closed"


def test_a_foundry_scene_from_version_9_reads_alike() -> None:
    scene = json.loads((DATA / "guard-room.json").read_text(encoding="utf-8"))
    old = {k: v for k, v in scene.items() if k not in ("grid", "background")}
    old.update(grid=100, gridType=1, gridDistance=5, img="maps/guard-room.png", shiftX=0,
               shiftY=0)
    for wall in old["walls"]:
        wall["move"] = 1 if wall["move"] else 0
    now = import_bytes(json.dumps(scene).encode(), "a.json", folder=DATA).data
    then = import_bytes(json.dumps(old).encode(), "b.json", folder=DATA).data
    assert sides_of(then) == sides_of(now) and then["creatures"] == now["creatures"]


# -- Tiled -----------------------------------------------------------------------------------------

def test_a_tiled_square_map_gives_levels_terrain_ceilings_and_creatures() -> None:
    """Tile properties (ground 3 + climb, ground 4, terrain difficult) and a layer's property
    (ceiling 2) become cells; objects become creatures in the square under their centre, with
    their class as side and their properties as creature keys; the image layer is the
    background at one tile a square."""
    imported = import_file(DATA / "cliff.tmj")
    data = imported.data
    assert data["map"]["cells"] == [
        {"at": "G1:G6", "climb": True, "ground": 3},
        {"at": "H1:J6", "ground": 4},
        {"at": "C3:D4", "terrain": "difficult"},
        {"at": "A7:C8", "ceiling": 2}]
    assert data["creatures"] == [
        {"id": "harpy", "name": "Harpy", "at": "I3", "side": "monsters", "altitude": 6,
         "speed": {"fly": 40, "walk": 20}},
        {"id": "ranger", "name": "Ranger", "at": "B4", "side": "party", "strength": 14}]
    assert data["background"] == {"cell": 32, "origin": [0, 0]}
    sc = wingbeat.parse_scenario(scenario_data(imported), source="cliff")
    assert wingbeat.check(sc, "ranger", "C4").to_dict()["cost"] == "10"  # difficult (D-terrain)


def hex_labels(index: str) -> dict[tuple[int, int], str]:
    """Where each Tiled hex (x, y) of a 3 × 2 map lands in volare, by importing a map that
    names each hex's ground level after it."""
    tiles = [{"id": k, "properties": [{"name": "ground", "type": "int", "value": k + 1}]}
             for k in range(6)]
    tmj = {"type": "map", "orientation": "hexagonal", "width": 3, "height": 2, "tilewidth": 32,
           "tileheight": 28, "hexsidelength": 16, "staggeraxis": "x", "staggerindex": index,
           "tilesets": [{"firstgid": 1, "tiles": tiles}],
           "layers": [{"type": "tilelayer", "name": "ground", "width": 3, "height": 2,
                       "data": [1, 2, 3, 4, 5, 6]}]}
    data = import_bytes(json.dumps(tmj).encode(), "h.tmj").data
    out = {}
    for block in data["map"]["cells"]:
        k = block["ground"] - 1
        out[(k % 3, k // 3)] = block["at"]
    return out


def test_tiled_hexes_map_to_volare_doubled_coordinates() -> None:
    """docs/import.md: staggerindex odd (columns 1, 3 … lower): Tiled (x, y) is volare column
    x + 1, row 2y + 1 (higher columns) or 2y + 2 (lower); even (columns 0, 2 … lower): 2y + 2
    (higher) or 2y + 3 (lower). Either way B is half a hex below A, as volare draws it."""
    assert hex_labels("odd") == {(0, 0): "A1", (1, 0): "B2", (2, 0): "C1",
                                 (0, 1): "A3", (1, 1): "B4", (2, 1): "C3"}
    assert hex_labels("even") == {(0, 0): "A3", (1, 0): "B2", (2, 0): "C3",
                                  (0, 1): "A5", (1, 1): "B4", (2, 1): "C5"}


def test_a_tiled_hex_map_imports_to_volare() -> None:
    imported = import_file(DATA / "hexes.tmx")
    data = imported.data
    assert (data["ruleset"], data["map"]["columns"], data["map"]["rows"]) == ("volare", 6, 8)
    assert data["map"]["cells"] == [{"at": ["C1", "D2", "C3", "D4"], "ground": 2},
                                    {"at": ["C5", "B6"], "ceiling": 5, "ground": 1}]
    assert [(c["id"], c["at"]) for c in data["creatures"]] == [("giant-bat", "A1"),
                                                               ("chamois", "E5")]
    assert any(note.startswith("terrain") for note in imported.notes)  # volare has none
    sc = wingbeat.parse_scenario(data, source="hexes")
    assert wingbeat.reach(sc, "giant-bat").to_dict()["states"]


def test_a_tiled_hex_map_gives_size_and_reach_to_volare_creatures() -> None:
    """docs/import.md: an object's ``size`` (text) and ``reach`` (whole number) properties become
    the creature's keys. V-prox: only "attacchi in corpo a corpo capaci di colpire a due esagoni
    di distanza (si pensi ad una Polearm, una frusta od un attacco di dimensioni Huge o
    superiori)" strike a moving flyer one level off: the guard's halberd (``reach: 2``) strikes
    the moving bat beside it, and the gargantuan roc, two hexes and a level from the guard,
    strikes it with its size's reach (and is struck back by the halberd)."""
    imported = import_file(DATA / "reach.tmj")
    creatures = {c["id"]: c for c in imported.data["creatures"]}
    assert creatures["guard"] == {"id": "guard", "name": "Guard", "at": "C3", "side": "garrison",
                                  "reach": 2, "ground": 6}
    assert (creatures["roc"]["at"], creatures["roc"]["size"]) == ("E1", "gargantuan")
    assert "reach" not in creatures["roc"]
    assert (creatures["giant-bat"]["at"], creatures["giant-bat"]["size"]) == ("B2", "large")
    sc = wingbeat.parse_scenario(scenario_data(imported), source="reach")
    assert [c.melee_reach for c in sc.battle.creatures] == [2, 2, 1]
    bat = wingbeat.engagement(sc, "guard", "giant-bat").to_dict()
    assert (bat["engagement"], bat["case"], bat["reach"]) == ("reach-only", 1,
                                                               {"guard": 2, "giant-bat": 1})
    assert (bat["b_in_reach_of_a"], bat["a_in_reach_of_b"]) == (True, False)
    roc = wingbeat.engagement(sc, "roc", "guard").to_dict()
    assert (roc["engagement"], roc["apart"], roc["reach"]) == ("reach-only", 2,
                                                               {"roc": 2, "guard": 2})
    assert roc["a_in_reach_of_b"] and roc["b_in_reach_of_a"]


@pytest.mark.parametrize(("change", "where", "words"), [
    ({"name": "size", "type": "string", "value": "enormous"}, "creatures[1].size",
     "expected one of: tiny, small, medium, large, huge, gargantuan (got 'enormous')"),
    ({"name": "reach", "type": "int", "value": 3}, "creatures[1].reach",
     "a melee reach is 1 hex, or 2 for a polearm"),
])
def test_a_tiled_size_or_reach_the_schema_refuses_is_refused_at_its_creature(
        change: dict[str, Any], where: str, words: str, tmp_path: Path) -> None:
    """The scenario made of the map is checked as the loader checks a file: a size or a reach
    volare has not is refused, naming the creature's key, in one line, exit 2."""
    tmj = json.loads((DATA / "reach.tmj").read_text(encoding="utf-8"))
    roc = tmj["layers"][1]["objects"][1]
    roc["properties"] = [p for p in roc["properties"] if p["name"] != change["name"]] + [change]
    file = tmp_path / "reach.tmj"
    file.write_text(json.dumps(tmj), encoding="utf-8")
    with pytest.raises(ScenarioError) as refused:
        scenario_text(import_file(file), image=None, source=str(file))
    assert refused.value.where == where and words in str(refused.value)
    result = run("import", file)
    assert result.exit_code == 2
    (line,) = result.stderr.strip().splitlines()
    assert where in line and words in line


def test_a_tiled_reach_that_is_no_number_is_refused_at_its_property() -> None:
    tmj = json.loads((DATA / "reach.tmj").read_text(encoding="utf-8"))
    tmj["layers"][1]["objects"][0]["properties"][0]["value"] = "two"
    with pytest.raises(ScenarioError, match=r"layers\[1\]\.objects\[0\]\.properties\.reach: "
                                            "expected a number, got text"):
        import_bytes(json.dumps(tmj).encode(), "reach.tmj")


def test_a_tile_layer_named_for_its_cells_says_what_they_are() -> None:
    """``ground 2``, ``terrain water``, ``wall`` as layer names: every cell holding a tile there
    gets it; a layer's property wins over its name; other names say nothing."""
    def layer(name: str, data: list[int], **props: Any) -> dict[str, Any]:
        return {"type": "tilelayer", "name": name, "width": 3, "height": 1, "data": data,
                "properties": [{"name": k, "value": v} for k, v in props.items()]}

    tmj = {"type": "map", "orientation": "orthogonal", "width": 3, "height": 1, "tilewidth": 8,
           "tileheight": 8, "tilesets": [], "layers": [
               layer("ground 2", [1, 1, 0]), layer("Terrain=water", [0, 0, 1]),
               layer("wall", [0, 1, 0]), layer("ceiling 5", [1, 0, 0], ceiling=6),
               layer("grass", [1, 1, 1])]}
    data = import_bytes(json.dumps(tmj).encode(), "n.tmj").data
    assert data["map"]["cells"] == [{"at": "A1", "ceiling": 6, "ground": 2},
                                    {"at": "B1", "ground": 2, "wall": True},
                                    {"at": "C1", "terrain": "water"}]


def test_an_external_tileset_beside_the_map_is_read(tmp_path: Path) -> None:
    """A ``.tsx`` tileset beside the map gives its tiles' properties; one that is not there
    leaves them out, with a note (the cells stay plain)."""
    (tmp_path / "hills.tsx").write_text(
        '<?xml version="1.0" encoding="UTF-8"?><tileset name="hills" tilewidth="8" '
        'tileheight="8" tilecount="2"><tile id="1"><properties><property name="ground" '
        'type="int" value="2"/></properties></tile></tileset>', encoding="utf-8")
    tmx = ('<map orientation="orthogonal" width="2" height="1" tilewidth="8" tileheight="8">'
           '<tileset firstgid="1" source="{}"/><layer name="g" width="2" height="1">'
           '<data encoding="csv">1,2</data></layer></map>')
    (tmp_path / "map.tmx").write_text(tmx.format("hills.tsx"), encoding="utf-8")
    assert import_file(tmp_path / "map.tmx").data["map"]["cells"] == [{"at": "B1", "ground": 2}]
    (tmp_path / "lost.tmx").write_text(tmx.format("gone.tsx"), encoding="utf-8")
    lost = import_file(tmp_path / "lost.tmx")
    assert "cells" not in lost.data["map"] and any("gone.tsx" in n for n in lost.notes)


@pytest.mark.parametrize("compression", ["", "zlib", "gzip"])
def test_tiled_base64_layers_read_alike(compression: str) -> None:
    tmj = json.loads((DATA / "cliff.tmj").read_text(encoding="utf-8"))
    layer = tmj["layers"][0]
    packed = struct.pack(f"<{len(layer['data'])}I", *layer["data"])
    packed = {"": packed, "zlib": zlib.compress(packed),
              "gzip": gzip.compress(packed)}[compression]
    layer.update(data=base64.b64encode(packed).decode(), encoding="base64",
                 compression=compression)
    again = import_bytes(json.dumps(tmj).encode(), "c.tmj").data
    assert again["map"]["cells"] == import_file(DATA / "cliff.tmj").data["map"]["cells"]


# -- bad files -------------------------------------------------------------------------------------

def _bomb() -> bytes:
    """A 2 × 2 layer whose zlib data inflates to 40 MB: read no further than the map needs."""
    packed = base64.b64encode(zlib.compress(b"\0" * 40_000_000)).decode()
    return (b'<map orientation="orthogonal" width="2" height="2" tilewidth="8" tileheight="8">'
            b'<layer name="g" width="2" height="2"><data encoding="base64" compression="zlib">'
            + packed.encode() + b"</data></layer></map>")


BAD = [
    ("a.dd2vtt", b'{"format": 0.3}', "a.dd2vtt: resolution: required, but missing"),
    ("a.uvtt", b'{"resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": 10}, '
               b'"pixels_per_grid": 70}}', "resolution.map_size.y: required, but missing"),
    ("a.dd2vtt", b'{"resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": 5, '
                 b'"y": 5}, "pixels_per_grid": 70}, "portals": [{"bounds": [{"x": 1}]}]}',
     "portals[0].bounds"),
    ("a.uvtt", b"not json", "is not a Universal VTT file: not JSON"),
    ("s.json", b'{"grid": {"size": 100, "type": 2}, "width": 500, "height": 500, "walls": []}',
     "grid.type: expected 1, a square grid"),
    ("s.json", b'{"grid": 100, "width": 500, "height": 500, "walls": [{"c": [0, 0, 100]}]}',
     "walls[0].c: expected [x0, y0, x1, y1], got 3 numbers"),
    ("s.json", b'{"hello": 1}', "is neither a Foundry VTT scene"),
    ("m.tmj", b'{"type": "map", "orientation": "isometric", "width": 2, "height": 2, '
              b'"tilewidth": 8, "tileheight": 8, "layers": []}', "orientation: expected "),
    ("m.tmj", b'{"type": "map", "orientation": "hexagonal", "staggeraxis": "y", "width": 2, '
              b'"height": 2, "tilewidth": 8, "tileheight": 8, "layers": []}',
     "staggeraxis: expected x"),
    ("m.tmj", b'{"type": "map", "orientation": "orthogonal", "infinite": true, "width": 2, '
              b'"height": 2, "tilewidth": 8, "tileheight": 8, "layers": []}', "infinite"),
    ("m.tmj", b'{"type": "map", "orientation": "orthogonal", "width": 2, "height": 2, '
              b'"tilewidth": 8, "tileheight": 8, "layers": [{"type": "tilelayer", '
              b'"data": [1, 0, 0]}]}', "layers[0].data: expected 4 tiles"),
    ("m.tmx", b'<?xml version="1.0"?><!DOCTYPE map [<!ENTITY a "aaaa">]><map/>',
     "DOCTYPE or entities, which are refused"),
    ("m.tmx", b"<map", "not well-formed XML"),
    ("m.tmx", _bomb(), "layer[0].data: expected 4 tiles"),
    ("m.tmx", b'<map orientation="orthogonal" width="2" height="2" tilewidth="8" '
              b'tileheight="8"><tileset firstgid="1"><tile id="0"><properties><property '
              b'name="ground" value="high"/></properties></tile></tileset><layer name="g">'
              b'<data encoding="csv">1,1,1,1</data></layer></map>', "ground: expected a number"),
    ("m.txt", b"", "expected a map file ending in"),
]


@pytest.mark.parametrize(("name", "raw", "expected"), BAD, ids=[b[2][:30] for b in BAD])
def test_a_file_the_importer_cannot_read_exits_2_with_one_line_naming_the_field(
        name: str, raw: bytes, expected: str, tmp_path: Path) -> None:
    file = tmp_path / name
    file.write_bytes(raw)
    result = run("import", file)
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and expected in lines[0], lines
    with pytest.raises(ScenarioError):
        import_bytes(raw, name)


# -- the command and the page ----------------------------------------------------------------------

def test_import_writes_the_scenario_and_its_picture_beside_it(tmp_path: Path) -> None:
    out = tmp_path / "room.yaml"
    result = run("import", DATA / "room.dd2vtt", "-o", out)
    assert result.exit_code == 0, result.output
    picture = tmp_path / "room.background.png"
    assert picture.read_bytes() == import_file(DATA / "room.dd2vtt").image
    data = yaml.safe_load(out.read_text(encoding="utf-8"))
    assert data["background"]["image"] == "room.background.png"
    data["creatures"] = [{"id": "hero", "at": "B3"}]
    out.write_text(yaml.safe_dump(data), encoding="utf-8")
    svg = tmp_path / "room.svg"
    assert run("render", out, "hero", "-o", svg).exit_code == 0
    assert "data:image/png;base64," + base64.b64encode(picture.read_bytes()).decode() \
        in svg.read_text(encoding="utf-8")
    reach = run("reach", out, "hero", "--json")
    assert reach.exit_code == 0 and "F3" not in {s["at"] for s in json.loads(
        reach.stdout)["states"] if "F6" not in s["path"]}


def test_import_to_standard_output_embeds_the_picture() -> None:
    result = run("import", DATA / "room.dd2vtt")
    assert result.exit_code == 0
    data = yaml.safe_load(result.stdout)
    assert data["background"]["image"].startswith("data:image/png;base64,")
    assert "note: lights" in result.stderr
    embedded = run("import", DATA / "room.dd2vtt", "-o", "x.txt")
    assert embedded.exit_code == 2 and "ending in .yaml" in embedded.stderr


# -- which ruleset: the registry's -----------------------------------------------------------------

@pytest.mark.parametrize(("name", "kind"), [
    ("room.dd2vtt", "square"), ("guard-room.json", "square"), ("cliff.tmj", "square"),
    ("hexes.tmx", "hex")])
def test_a_map_goes_to_the_rulesets_default_for_its_kind_or_to_one_named(name: str,
                                                                          kind: str) -> None:
    """No importer names a ruleset: each asks the registry for the first (in list order) whose
    ``maps`` start with the map's kind; ``--ruleset`` names one that takes it, or is refused with
    the rulesets that do (docs/import.md)."""
    default = registry.map_ruleset(kind)
    assert import_file(DATA / name).data["ruleset"] == default
    plain = run("import", DATA / name)
    named = run("import", DATA / name, "--ruleset", default)
    assert plain.exit_code == named.exit_code == 0 and plain.stdout == named.stdout
    other = next(i for i in registry.ruleset_ids() if kind not in registry.ruleset_info(i).maps)
    refused = run("import", DATA / name, "--ruleset", other)
    assert refused.exit_code == 2 and refused.stdout == ""
    assert f"the {other} ruleset takes no {kind} map" in refused.stderr
    assert default in refused.stderr.rsplit("take one:", 1)[1]
    unknown = run("import", DATA / name, "--ruleset", "nosuch")
    assert unknown.exit_code == 2 and "unknown ruleset 'nosuch'" in unknown.stderr


def test_a_new_square_ruleset_receives_imported_square_maps() -> None:
    """A ruleset that declares square maps first, earlier in list order, becomes their default;
    the importers write its id (its schema then checks the scenario)."""
    info = registry.RulesetInfo(id="squares", title="squares", space="grid",
                                engine="wingbeat.rulesets.nosuch:RULESET",
                                schema="wingbeat.rulesets.nosuch.schema:build", order=0,
                                maps=("square", "hex"))
    registry.register(info)
    try:
        assert registry.map_ruleset("square") == "squares"
        assert registry.map_ruleset("hex") != "squares"  # hex is another ruleset's default
        assert registry.map_ruleset("hex", "squares") == "squares"
        assert import_file(DATA / "room.dd2vtt").data["ruleset"] == "squares"
        assert import_file(DATA / "hexes.tmx", "squares").data["ruleset"] == "squares"
    finally:
        registry.unregister("squares")
    assert import_file(DATA / "room.dd2vtt").data["ruleset"] == registry.map_ruleset("square")
    with pytest.raises(ValueError, match="unknown maps"):
        registry.RulesetInfo(id="x", title="x", space="grid", engine="m:X", schema="m:Y",
                             maps=("octagon",))


def test_scenario_text_is_checked_by_the_loader() -> None:
    imported = import_file(DATA / "hexes.tmx")
    imported.data["creatures"][0]["mode"] = "soaring"
    with pytest.raises(ScenarioError, match=r"creatures\[0\]\.mode"):
        scenario_text(imported, image=None, source="hexes.tmx")


def test_the_page_upload_takes_the_same_files() -> None:
    from wingbeat.web.app import create_app

    client = TestClient(create_app(), base_url="http://127.0.0.1")
    kind = {"Content-Type": "application/yaml"}  # as the page sends a file not named .json
    sent = client.post("/api/upload", params={"name": "room.dd2vtt"}, headers=kind,
                       content=(DATA / "room.dd2vtt").read_bytes())
    assert sent.status_code == 200, sent.text
    name = sent.json()["name"]
    svg = client.get("/api/render", params={"scenario": name})
    assert svg.status_code == 200 and "<image href=\"data:image/png" in svg.text
    assert 'class="open-door"' in svg.text
    tiled = client.post("/api/upload", params={"name": "hexes.tmx"}, headers=kind,
                        content=(DATA / "hexes.tmx").read_bytes())
    assert tiled.status_code == 200 and tiled.json()["ruleset"] == "volare"
    bad = client.post("/api/upload", params={"name": "x.dd2vtt"}, headers=kind,
                      content=b'{"format": 1}')
    assert bad.status_code == 400 and "resolution" in bad.json()["error"]["message"]


# -- the background key ----------------------------------------------------------------------------

@pytest.mark.parametrize(("image", "expected"), [
    ("../secret.png", "background.image: expected a path relative to the scenario file"),
    ("/etc/x.png", "background.image: expected a path relative"),
    ("notes.txt", "background.image: expected a picture file"),
    ("data:text/html;base64,PGI+", "background.image: expected a data URI of a picture"),
])
def test_a_bad_background_exits_2(image: str, expected: str, tmp_path: Path) -> None:
    file = tmp_path / "s.yaml"
    file.write_text(yaml.safe_dump({"ruleset": "dnd5e", "map": {"columns": 3, "rows": 3},
                                    "creatures": [{"id": "a", "at": "A1"}],
                                    "background": {"image": image, "cell": 70}}),
                    encoding="utf-8")
    result = run("reach", file, "a")
    assert result.exit_code == 2 and expected in result.stderr


def test_a_missing_picture_leaves_the_map_drawn(tmp_path: Path) -> None:
    file = tmp_path / "s.yaml"
    file.write_text(yaml.safe_dump({"ruleset": "dnd5e", "map": {"columns": 3, "rows": 3},
                                    "creatures": [{"id": "a", "at": "A1"}],
                                    "background": {"image": "gone.png", "cell": 70}}),
                    encoding="utf-8")
    svg = wingbeat.render_svg(wingbeat.load_scenario(file))
    assert 'class="background-missing"' in svg and "<image" not in svg


def test_the_background_sits_on_the_grid() -> None:
    """A picture with ``cell`` 4 px a square and the grid origin at pixel (8, 4): drawn at 12×
    (a square is 48 px), its pixel (8, 4) lands on A1's north-west corner (28, 28)."""
    png = (DATA / "meadow.png").read_bytes()
    sc = wingbeat.parse_scenario({
        "ruleset": "dnd5e", "map": {"columns": 3, "rows": 3},
        "creatures": [{"id": "a", "at": "A1"}],
        "background": {"image": "data:image/png;base64," + base64.b64encode(png).decode(),
                       "cell": 4, "origin": [8, 4]}}, source="bg")
    svg = wingbeat.render_svg(sc)
    assert 'x="-68" y="-20" width="3840" height="3072"' in svg
