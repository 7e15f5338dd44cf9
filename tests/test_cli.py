"""The command line: a thin layer with the contract's exit codes and outputs."""

from __future__ import annotations

import json
import subprocess
import sys

from typer.testing import CliRunner

from wingbeat.cli import app

runner = CliRunner()


def test_demo_runs_the_built_in_example() -> None:
    result = runner.invoke(app, ["demo"])
    assert result.exit_code == 0, result.output
    assert "legal: 4 MP" in result.output
    assert "U33 is not one of the three frontal hexes after flying T34→U35" in result.output
    assert "[V-inertia]" in result.output
    assert "V-prox" in result.output


def test_reach_text_has_a_table_and_a_map() -> None:
    result = runner.invoke(app, ["reach", "example:giant-bat", "bat"])
    assert result.exit_code == 0
    assert "distinct end states" in result.output
    assert " @ " in result.output or "@" in result.output
    assert "T" in result.output.splitlines()[-26]


def test_reach_json_contract() -> None:
    result = runner.invoke(app, ["reach", "example:giant-bat", "bat", "--json"])
    data = json.loads(result.stdout)
    assert (data["ruleset"], data["creature"], data["budget"], data["half"]) == (
        "volare", "bat", "8", "4")
    first = data["states"][0]
    assert set(first) >= {"at", "altitude", "mode", "heading", "skimming", "cost", "can_act",
                          "checks"}
    assert (first["at"], first["cost"]) == ("T34", "0")
    keys = [(s["at"], s["altitude"], s["mode"], s["heading"], s["skimming"])
            for s in data["states"]]
    assert len(keys) == len(set(keys))


def test_check_exit_codes() -> None:
    assert runner.invoke(app, ["check", "example:giant-bat", "bat", "U35 down hover"]
                         ).exit_code == 0
    illegal = runner.invoke(app, ["check", "example:giant-bat", "bat", "U35 T34", "--json"])
    assert illegal.exit_code == 1
    error = json.loads(illegal.stdout)["error"]
    assert error["rule"] == "V-inertia" and error["step"] == 2


def test_path_with_no_way_exits_1() -> None:
    result = runner.invoke(app, ["path", "example:giant-bat", "bat", "--to", "A1",
                                 "--json"])
    assert result.exit_code == 1
    assert json.loads(result.stdout)["found"] is False


def test_no_checks_option() -> None:
    with_checks = json.loads(runner.invoke(app, ["reach", "example:giant-bat", "bat",
                                                 "--json"]).stdout)
    without = json.loads(runner.invoke(app, ["reach", "example:giant-bat", "bat", "--json",
                                             "--no-checks"]).stdout)
    assert any(s["checks"] for s in with_checks["states"])
    assert not any(s["checks"] for s in without["states"])


def test_the_installed_entry_point_runs() -> None:
    done = subprocess.run([sys.executable, "-m", "wingbeat.cli", "check", "example:giant-bat",
                           "bat", "U35 down hover", "--json"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["cost"] == "4"


def test_runaway_queries_are_refused_not_run() -> None:
    """A search past the state limit stops with a clear error instead of exhausting memory: at
    once when the space's estimate passes it, else while searching (the backstop)."""
    import pytest

    import wingbeat
    from wingbeat.rulesets.volare import VolareSpace
    from wingbeat.search import explore

    scenario = wingbeat.open_scenario("example:giant-bat")
    space = VolareSpace(scenario.battle, "bat")
    assert len(explore(space).priority) > 100
    with pytest.raises(wingbeat.OptionError, match=r"reach about 11,536 states.*limit is 100"):
        explore(space, max_states=100)

    class NoEstimate:  # the same steps, without the estimate hook
        start, budget, steps = space.start, space.budget, space.steps

    with pytest.raises(wingbeat.OptionError, match="more than 100 states"):
        explore(NoEstimate(), max_states=100)


def test_reach_text_lists_the_cheapest_and_all_on_request() -> None:
    """2645 end states: none of them at V36, altitude 0, where the chamois stands (V-occupied:
    the eight ways of ending there, landed or skimming, are refused)."""
    short = runner.invoke(app, ["reach", "example:giant-bat", "bat"]).output
    assert "2645 distinct end states; the 40 cheapest below" in short
    full = runner.invoke(app, ["reach", "example:giant-bat", "bat", "--all"]).output
    assert "2645 distinct end states\n" in full
    assert len(full.splitlines()) > len(short.splitlines()) + 2600
