"""The ruleset registry: the built-in rulesets are found in their folders, every face asks the
registry, and a ruleset defined outside wingbeat (``track_ruleset``, test-only) joins with one
``register`` call and works through the library, the CLI, the picture, play and the web API."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

import wingbeat
from track_ruleset import TRACK
from wingbeat.cli import app
from wingbeat.errors import OptionError
from wingbeat.play.engine import Action, Game, RefusedMove, Setup, replay
from wingbeat.rules import RULESET_IDS, registry
from wingbeat.web.app import create_app

TRACK_TEXT = ("ruleset: track\nlength: 6\ncreatures:\n"
              "  - {id: hare, at: 2, speed: 2}\n  - {id: snail, at: 5, speed: 1}\n")


@pytest.fixture
def track() -> Iterator[None]:
    registry.register(TRACK)
    yield
    registry.unregister("track")


@pytest.fixture
def track_file(track: None, tmp_path: Path) -> Path:
    path = tmp_path / "track.yaml"
    path.write_text(TRACK_TEXT, encoding="utf-8")
    return path


# -- the built-in rulesets ------------------------------------------------------------------------
def test_the_built_in_rulesets_are_found_in_their_folders_in_list_order() -> None:
    assert RULESET_IDS == ("volare", "dnd5e", "battlesystem", "confrontation")
    assert registry.ruleset_ids() == RULESET_IDS
    folders = Path(wingbeat.__file__).parent / "rulesets"
    assert {p.parent.name for p in folders.glob("*/ruleset.toml")} == set(RULESET_IDS)


def test_the_precomputed_registrations_are_the_folders_ruleset_toml(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """``rules/builtin.json`` keeps every ``ruleset.toml``'s text and parse (issue 29: no tomllib
    in a short command); ``python scripts/precomputed.py update`` writes it again after one
    changes or a ruleset is added. A file whose text is not the kept one is parsed anew."""
    import json

    kept = json.loads(Path(registry.BUILTIN_FILE).read_text(encoding="utf-8"))
    assert kept == registry.precomputed_registrations()
    assert registry.builtin_registrations() == {f: k["registration"] for f, k in kept.items()}
    stale = {f: {**k, "registration": {"id": "stale"}} for f, k in kept.items()}
    stale["volare"]["text"] += "\n"
    (tmp_path / "builtin.json").write_text(json.dumps(stale), encoding="utf-8")
    monkeypatch.setattr(registry, "BUILTIN_FILE", str(tmp_path / "builtin.json"))
    found = registry.builtin_registrations()
    assert found["volare"] == kept["volare"]["registration"]  # its text differs: read again
    assert found["dnd5e"] == {"id": "stale"}  # (the kept one, while its text is the same)


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_each_registration_names_places_that_exist(ruleset_id: str) -> None:
    info = registry.ruleset_info(ruleset_id)
    assert info.ruleset().id == ruleset_id
    assert callable(registry._resolve(info.schema))
    assert callable(info.renderer_of().render) and callable(info.renderer_of().summary)
    assert info.adapter().ruleset == ruleset_id
    assert info.hints["example"] and info.hints["notation"]


def test_preload_imports_every_place_a_ruleset_names() -> None:
    """A web worker preloads the rulesets when it starts: each place a registration names is
    imported then (checked in a fresh interpreter, where nothing else imported them)."""
    import subprocess
    import sys

    code = ("import sys\nfrom wingbeat.rules import registry\n"
            "info = registry.ruleset_info('dnd5e')\n"
            "assert 'wingbeat.rulesets.dnd5e.render' not in sys.modules\n"
            "info.preload()\n"
            "print(sorted(m for m in sys.modules if m.startswith('wingbeat.rulesets.dnd5e')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    loaded = done.stdout
    for module in ("schema", "render", "play", "threat", "space"):
        assert f"wingbeat.rulesets.dnd5e.{module}'" in loaded, loaded


def test_capabilities_are_declared_not_probed() -> None:
    """What each face offers follows the declarations: attack positions (volare, dnd5e),
    saves (volare's no_checks), conditions in play (dnd5e), threat zones and advice (all four)."""
    can = {c: [i.id for i in registry.rulesets() if i.can(c)] for c in registry.CAPABILITIES}
    assert can == {"attack_path": ["volare", "dnd5e"], "saves": ["volare"],
                   "conditions": ["dnd5e"],
                   "threat": ["volare", "dnd5e", "battlesystem", "confrontation"]}
    for info in registry.rulesets():
        assert (info.threat is not None) == info.can("threat")
        assert hasattr(info.ruleset(), "attack_path") == info.can("attack_path")
        assert hasattr(info.adapter(), "condition") == info.can("conditions")


def test_a_registration_is_checked() -> None:
    with pytest.raises(ValueError, match="unknown capabilities flying"):
        replace(TRACK, capabilities=frozenset({"flying"}))
    with pytest.raises(ValueError, match="space is one of grid, table"):
        replace(TRACK, space="sphere")
    with pytest.raises(ValueError, match="'volare' is already registered"):
        registry.register(replace(TRACK, id="volare"))
    with pytest.raises(ValueError, match="unknown capability"):
        TRACK.can("flying")


def test_an_unknown_ruleset_lists_the_registered_ones() -> None:
    with pytest.raises(wingbeat.ScenarioError,
                       match=r"expected one of: volare, dnd5e, battlesystem, confrontation$"):
        wingbeat.find_ruleset("chess")


# -- a fifth ruleset, registered from outside -----------------------------------------------------
def test_the_library_answers_for_a_registered_ruleset(track: None) -> None:
    scenario = wingbeat.read_scenario_text(TRACK_TEXT)
    assert "track" in registry.ruleset_ids()
    reach = wingbeat.reach(scenario, "hare").to_dict()
    assert [s["at"] for s in reach["states"]] == ["2", "1", "3", "0", "4"]
    assert wingbeat.check(scenario, "hare", "3 4").to_dict()["cost"] == "2"
    assert wingbeat.path(scenario, "hare", "0").to_dict()["moves"] == "1 0"
    with pytest.raises(OptionError, match="track ruleset cannot look for attack positions"):
        wingbeat.attack_path(scenario, "hare", "snail")


def test_the_cli_answers_for_a_registered_ruleset(track_file: Path) -> None:
    runner = CliRunner()
    ok = runner.invoke(app, ["check", str(track_file), "hare", "3 4"])
    assert ok.exit_code == 0 and "legal: 2 cells; ends at 4, altitude 0, running\n" in ok.output
    illegal = runner.invoke(app, ["check", str(track_file), "hare", "3 5"])
    assert illegal.exit_code == 1 and "[T-step]" in illegal.output  # T-step
    over = runner.invoke(app, ["check", str(track_file), "snail", "4 3"])
    assert over.exit_code == 1 and "[T-speed]" in over.output  # T-speed
    reach = runner.invoke(app, ["reach", str(track_file), "snail", "--json"])
    assert reach.exit_code == 0 and '"at": "4"' in reach.output


def test_a_bad_scenario_of_a_registered_ruleset_is_one_line_and_exit_2(
        track: None, tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(TRACK_TEXT.replace("at: 5", "at: 9"), encoding="utf-8")
    done = CliRunner().invoke(app, ["check", str(bad), "hare", "3"])
    assert done.exit_code == 2
    assert len(done.output.strip().splitlines()) == 1
    assert "creatures[1].at" in done.output and "expected a cell from 0 to 5" in done.output


def test_the_picture_of_a_registered_ruleset(track: None) -> None:
    scenario = wingbeat.read_scenario_text(TRACK_TEXT)
    svg = wingbeat.render_svg(scenario, reach=wingbeat.reach(scenario, "snail"))
    reached = re.findall(r'class="reach" data-cell="(\d+)" data-cost="(\d+)"', svg)
    assert reached == [("4", "1"), ("5", "0")]  # the snail's reach (T-speed)


def test_play_of_a_registered_ruleset_replays(track: None) -> None:
    game = Game.from_scenario_text(TRACK_TEXT, seed=7)
    game.move("hare", "3 4")
    with pytest.raises(RefusedMove, match="T-step"):
        game.move("snail", "3")
    with pytest.raises(OptionError, match="takes no condition changes"):
        game.condition("snail", "prone")
    entry = game.play(Action("next-round"))
    assert entry.state.pieces == {"hare": {"at": 4}, "snail": {"at": 5}}
    again = replay(Setup(TRACK_TEXT, "<scenario>", 7),
                   [Action.declare("hare", "3 4"), Action("next-round")])
    assert again[-1].state == entry.state


def test_the_web_lists_the_registered_rulesets(track: None) -> None:
    listed = TestClient(create_app(), base_url="http://127.0.0.1").get("/api/rulesets").json()["rulesets"]
    assert [r["id"] for r in listed] == [*RULESET_IDS, "track"]
    volare = listed[0]
    assert volare["capabilities"] == ["attack_path", "saves", "threat"]
    assert volare["hints"]["example"] == "U35 down hover"
    assert listed[-1]["hints"] == {"example": "1 2",
                                   "notation": "Cell numbers (or up, down), one step at a time"}


def test_a_registered_picture_without_a_trail_still_draws_the_play_map(track: None) -> None:
    """A ruleset's renderer written before the play map's trail (no ``trail`` keyword) draws the
    play map after a move, without the trail."""
    from wingbeat.play.view import last_move
    from wingbeat.web import jobs

    game = Game.from_scenario_text(TRACK_TEXT, seed=7)
    game.move("hare", "3 4")
    last = last_move(game.setup, game.entries)
    assert last is not None and last.trail() is not None  # the move is there to draw
    drawn = game.setup.adapter.scenario_now(game.setup.scenario, game.state.pieces)
    svg = jobs.picture(drawn, "snail", last).decode("utf-8")
    assert svg.startswith("<svg") and 'class="trail"' not in svg
