"""What a Python user expects of a command line, through the real CLI: ``--version``,
``python -m wingbeat``, shell completion, usage lines and one-line usage errors, ``-o`` meaning
``--output``, files written with the umask, a busy port said plainly, no database made by a command
that only reads one, and a cold start that does not import the web stack."""

from __future__ import annotations

import json
import os
import re
import socket
import stat
import subprocess
import sys
from collections.abc import Iterator
from importlib.metadata import version
from pathlib import Path
from typing import Any

import pytest
from typer.main import get_command
from typer.testing import CliRunner

from wingbeat import kernel
from wingbeat.cli import app

runner = CliRunner()
CHECK = ["check", "example:giant-bat", "bat", "U35 down hover"]


def wingbeat(*args: str, **kwargs: Any) -> subprocess.CompletedProcess[str]:
    """``python -m wingbeat ARGS`` in a fresh interpreter."""
    return subprocess.run([sys.executable, "-m", "wingbeat", *args], capture_output=True,
                          text=True, check=False, **kwargs)


# -- version, python -m, completion --------------------------------------------------------------
def test_version_is_the_installed_distributions() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    # and which search runs: the compiled kernel or the pure-Python fallback (issue 12)
    assert result.stdout == f"wingbeat {version('wingbeat')} ({kernel.describe()})\n"
    assert wingbeat("--version").stdout == result.stdout


def test_python_m_wingbeat_is_the_wingbeat_script() -> None:
    script = Path(sys.executable).with_name("wingbeat")
    for args in (["--help"], ["play", "--help"], [*CHECK, "--json"]):
        as_module = wingbeat(*args)
        as_script = subprocess.run([str(script), *args], capture_output=True, text=True,
                                   check=False)
        assert as_module.returncode == as_script.returncode == 0, as_module.stderr
        assert as_module.stdout == as_script.stdout
    assert json.loads(as_module.stdout)["cost"] == "4"


#: Name the shell instead of detecting it: the tests' parent may be make's sh, not bash.
NAMED_SHELL = {**os.environ, "_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION": "1"}


def test_completion_script_and_completions() -> None:
    shown = subprocess.run([sys.executable, "-m", "wingbeat", "--show-completion", "bash"],
                           capture_output=True, text=True, check=False, env=NAMED_SHELL)
    assert shown.returncode == 0, shown.stderr
    assert "_WINGBEAT_COMPLETE=complete_bash" in shown.stdout
    assert "complete -o default -F _wingbeat_completion wingbeat" in shown.stdout

    def complete(words: str) -> list[str]:
        env = {**os.environ, "_WINGBEAT_COMPLETE": "complete_bash", "COMP_WORDS": words,
               "COMP_CWORD": str(len(words.split()) - 1)}
        return wingbeat(env=env).stdout.split()

    assert complete("wingbeat ch") == ["check"]
    assert complete("wingbeat play ne") == ["new", "next-round"]
    assert "--option" in complete("wingbeat check --")


def test_install_completion_writes_the_script(tmp_path: Path) -> None:
    env = {**NAMED_SHELL, "HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-m", "wingbeat", "--install-completion", "bash"],
                          capture_output=True, text=True, check=False, env=env)
    assert done.returncode == 0, done.stderr
    script = tmp_path / ".bash_completions" / "wingbeat.sh"
    assert "_WINGBEAT_COMPLETE" in script.read_text(encoding="utf-8")
    assert f"source '{script}'" in (tmp_path / ".bashrc").read_text(encoding="utf-8")


# -- help and usage ------------------------------------------------------------------------------
def _every_command() -> Iterator[list[str]]:
    def walk(command: Any, path: list[str]) -> Iterator[list[str]]:
        yield path
        for name, sub in getattr(command, "commands", {}).items():
            yield from walk(sub, [*path, name])
    yield from walk(get_command(app), [])


COMMANDS = list(_every_command())


def test_every_command_is_walked() -> None:
    assert ["check"] in COMMANDS and ["play", "next-round"] in COMMANDS and ["serve"] in COMMANDS
    assert len(COMMANDS) == 1 + 13 + 11  # wingbeat, its commands (play among them), play's


@pytest.mark.parametrize("path", COMMANDS, ids=lambda p: " ".join(p) or "wingbeat")
def test_help_names_values_in_capitals_without_types(path: list[str]) -> None:
    result = runner.invoke(app, [*path, "--help"])
    assert result.exit_code == 0, result.output
    text = result.stdout
    usage = text.splitlines()[0]
    assert usage.startswith(" ".join(["Usage: wingbeat", *path, "[OPTIONS]"]))
    assert re.fullmatch(r"Usage: [a-z -]+\[OPTIONS\]( [A-Z.\[\]=]+| COMMAND \[ARGS\]\.\.\.)*",
                        usage), usage
    assert not re.search(r"<\w|\{|\b(TEXT|INTEGER|PATH|FILENAME|BOOLEAN|FLOAT)\b", text), text


@pytest.mark.parametrize(("path", "usage"), [
    (["check"], "Usage: wingbeat check [OPTIONS] SCENARIO CREATURE MOVES"),
    (["render"], "Usage: wingbeat render [OPTIONS] SCENARIO [CREATURE]"),
    (["serve"], "Usage: wingbeat serve [OPTIONS] [SCENARIO]"),
    (["play", "condition"],
     "Usage: wingbeat play condition [OPTIONS] ENCOUNTER CREATURE CONDITIONS..."),
])
def test_usage_lines(path: list[str], usage: str) -> None:
    assert runner.invoke(app, [*path, "--help"]).stdout.splitlines()[0] == usage


def test_option_values_are_named() -> None:
    assert "--option KEY=VALUE" in runner.invoke(app, ["reach", "--help"]).stdout
    assert "-o, --output FILE.svg" in runner.invoke(app, ["render", "--help"]).stdout
    assert "--db FILE" in runner.invoke(app, ["play", "move", "--help"]).stdout


@pytest.mark.parametrize(("args", "line"), [
    (["check", "-o", "x=y", "example:giant-bat", "bat", "U35"],
     "wingbeat: error: No such option: -o; a query option is --option KEY=VALUE "
     "(see wingbeat check --help)"),
    (["check", "example:giant-bat"],
     "wingbeat: error: Missing argument 'CREATURE' (see wingbeat check --help)"),
    (["chek"], "wingbeat: error: No such command 'chek'. Did you mean 'check', 'schema'? "
               "(see wingbeat --help)"),
    (["play", "show", "--bogus"],
     "wingbeat: error: No such option: --bogus (see wingbeat play show --help)"),
    (["serve", "--port", "http"],
     "wingbeat: error: Invalid value for '--port': Input should be a valid integer, unable to "
     "parse string as an integer (see wingbeat serve --help)"),
])
def test_a_usage_error_is_one_line_and_exit_2(args: list[str], line: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert result.stderr == line + "\n"
    assert result.stdout == ""


def test_a_usage_error_from_the_real_process_is_one_line() -> None:
    done = wingbeat("reach", "example:giant-bat", "bat", "--al")
    assert done.returncode == 2 and done.stdout == ""
    [line] = done.stderr.splitlines()
    assert line.startswith("wingbeat: error: No such option: --al (Possible options: --all")
    assert line.endswith(") (see wingbeat reach --help)")


# -- -o is --output ------------------------------------------------------------------------------
@pytest.mark.parametrize("args", [
    ["reach", "example:giant-bat", "bat"],
    ["path", "example:giant-bat", "bat", "--to", "U35"],
    ["check", "example:giant-bat", "bat", "U35"],
    ["play", "move", "1", "bat", "U35"],
])
def test_o_is_not_option(args: list[str]) -> None:
    result = runner.invoke(app, [*args, "-o", "diagonals=dmg"])
    assert result.exit_code == 2
    assert "No such option: -o" in result.stderr and len(result.stderr.splitlines()) == 1


def test_render_output_must_be_a_picture(tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    option = runner.invoke(app, ["render", "example:giant-bat", "-o", "diagonals=dmg"])
    assert option.exit_code == 2
    assert option.stderr == ("error: diagonals=dmg: render writes SVG or PNG: name a file ending "
                             "in .svg or .png (or - for standard output); a query option is "
                             "--option KEY=VALUE\n")
    gif = runner.invoke(app, ["render", "example:giant-bat", "-o", "map.gif"])
    assert gif.exit_code == 2 and "map.gif: render writes SVG or PNG" in gif.stderr
    clash = runner.invoke(app, ["render", "example:giant-bat", "--format", "png", "-o", "m.svg"])
    assert clash.exit_code == 2 and clash.stderr == (
        "error: m.svg: --format png would write PNG into a file ending in .svg\n")
    odd = runner.invoke(app, ["render", "example:giant-bat", "--format", "gif"])
    assert odd.exit_code == 2 and odd.stderr == "error: --format is svg or png, got 'gif'\n"
    assert list(tmp_path.iterdir()) == []
    dash = runner.invoke(app, ["render", "example:giant-bat", "-o", "-"])
    assert dash.exit_code == 0 and dash.stdout.startswith("<svg")
    upper = runner.invoke(app, ["render", "example:giant-bat", "-o", "MAP.SVG"])
    assert upper.exit_code == 0 and (tmp_path / "MAP.SVG").is_file()


# -- render: permissions and terminals -----------------------------------------------------------
@pytest.fixture
def umask_027() -> Iterator[None]:
    old = os.umask(0o027)
    try:
        yield
    finally:
        os.umask(old)


@pytest.mark.usefixtures("umask_027")
def test_render_writes_with_the_umask_or_the_old_files_mode(tmp_path: Path) -> None:
    fresh = tmp_path / "map.svg"
    assert runner.invoke(app, ["render", "example:giant-bat", "-o", str(fresh)]).exit_code == 0
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o640
    kept = tmp_path / "kept.svg"
    kept.write_text("old", encoding="utf-8")
    kept.chmod(0o604)
    assert runner.invoke(app, ["render", "example:giant-bat", "-o", str(kept)]).exit_code == 0
    assert stat.S_IMODE(kept.stat().st_mode) == 0o604
    assert kept.read_text(encoding="utf-8").startswith("<svg")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kept.svg", "map.svg"]


def test_render_keeps_svg_off_a_terminal_but_not_off_a_pipe() -> None:
    import pty

    controller, terminal = pty.openpty()
    try:
        done = subprocess.run([sys.executable, "-m", "wingbeat", "render", "example:giant-bat"],
                              stdout=terminal, stderr=subprocess.PIPE, text=True, check=False)
        os.close(terminal)
        shown = b""
        while True:
            try:
                chunk = os.read(controller, 65536)
            except OSError:  # the terminal's other end is closed: all was read
                break
            if not chunk:
                break
            shown += chunk
    finally:
        os.close(controller)
    assert done.returncode == 2
    assert done.stderr == ("error: render writes SVG: give -o FILE.svg, or redirect standard "
                           "output (wingbeat render … > map.svg)\n")
    assert b"<svg" not in shown
    piped = wingbeat("render", "example:giant-bat")
    assert piped.returncode == 0 and piped.stdout.startswith("<svg")


# -- serve ---------------------------------------------------------------------------------------
def test_serve_on_a_busy_port_says_so_in_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    import uvicorn

    monkeypatch.setattr(uvicorn, "run", lambda *a, **k: pytest.fail("server started"))
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = runner.invoke(app, ["serve", "--port", str(port)])
    assert result.exit_code == 2
    suggested = re.fullmatch(rf"error: port {port} on 127\.0\.0\.1 is in use: try --port (\d+)\n",
                             result.stderr)
    assert suggested is not None and int(suggested.group(1)) > port, result.stderr


def test_serve_holds_the_port_it_checked_until_the_server_has_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """No other process can take the port between the check and the server's start: the server
    is handed the very socket the check bound."""
    import uvicorn

    seen: dict[str, Any] = {}

    def run(app: object, **kwargs: Any) -> None:
        with socket.socket(fileno=os.dup(kwargs["fd"])) as handed:
            seen["bound"] = handed.getsockname()
        with socket.socket() as rival, pytest.raises(OSError):
            rival.bind(seen["bound"])
        seen.update(kwargs)

    monkeypatch.setattr(uvicorn, "run", run)
    result = runner.invoke(app, ["serve", "--port", "0"])
    assert result.exit_code == 0, result.output
    host, port = seen["bound"]
    assert (host, port) == ("127.0.0.1", seen["port"]) and port > 0
    assert f"serving on http://127.0.0.1:{port}/" in result.stderr


# -- play: the database --------------------------------------------------------------------------
@pytest.mark.parametrize("args", [
    ["show"], ["log", "1"], ["undo"], ["replay"], ["list"], ["next-round"],
    ["move", "1", "bat", "U35"], ["condition", "1", "harpy", "prone"],
])
def test_only_play_new_creates_a_database(tmp_path: Path, args: list[str]) -> None:
    db = tmp_path / "campaign" / "fights.sqlite3"
    result = runner.invoke(app, ["play", *args, "--db", str(db)])
    assert result.exit_code == 2
    assert result.stderr == (f"error: no encounter database at {db}: start one with wingbeat play "
                             "new SCENARIO\n")
    assert list(tmp_path.iterdir()) == []
    as_json = runner.invoke(app, ["play", *args, "--db", str(db), "--json"])
    assert json.loads(as_json.stdout)["error"]["message"].startswith("no encounter database")
    assert runner.invoke(app, ["play", "new", "example:giant-bat", "--db", str(db)]
                         ).exit_code == 0
    assert db.is_file()


def test_the_default_database_is_not_made_by_show(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    result = runner.invoke(app, ["play", "show"])
    assert result.exit_code == 2 and "no encounter database at" in result.stderr
    assert list(tmp_path.iterdir()) == []


# -- play: next-round ----------------------------------------------------------------------------
def play(db: Path, *args: str, as_json: bool = False) -> Any:
    result = runner.invoke(app, ["play", *args, "--db", str(db), *(["--json"] if as_json else [])])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout) if as_json else result.stdout


def test_next_round_names_who_held_still_in_one_line(tmp_path: Path) -> None:
    db = tmp_path / "f.sqlite3"
    play(db, "new", "example:giant-bat", "--seed", "7", "--order", "bat,chamois")
    play(db, "move", "1", "bat", "U35 down hover")
    text = play(db, "next-round")
    assert text.splitlines()[0] == "#2 round 1 over; chamois held still; round 2 begins"
    assert "made:" not in text
    play(db, "undo")
    data = play(db, "next-round", as_json=True)
    assert data["held"] == ["chamois"] and data["state"]["round"] == 2
    assert {"entry", "encounter", "state", "pending", "describe", "board"} <= set(data)
    play(db, "move", "1", "bat", "")
    play(db, "move", "1", "chamois", "")
    everyone = play(db, "next-round", as_json=True)
    assert everyone["held"] == []
    assert play(db, "log").count("round over") == 2  # the log keeps its own lines


def test_next_round_names_several(tmp_path: Path) -> None:
    """D-prone: the prone scout's event is still listed under the round's line."""
    db = tmp_path / "f.sqlite3"
    play(db, "new", "example:harpy", "--seed", "3")
    lines = play(db, "next-round").splitlines()
    assert lines[0] == "#1 round 1 over; scout, harpy and fighter held still; round 2 begins"
    assert lines[1] == "  scout stays prone until it stands (half its speed) (D-prone)."


# -- cold start ----------------------------------------------------------------------------------
WEB_STACK = ("fastapi", "starlette", "uvicorn")


def imported(*args: str) -> set[str]:
    """The modules a fresh interpreter imports running ``python -X importtime ARGS``."""
    done = subprocess.run([sys.executable, "-X", "importtime", *args], capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return {line.rpartition("|")[2].strip() for line in done.stderr.splitlines()
            if line.startswith("import time:")}


def test_the_cli_does_not_import_the_web_stack() -> None:
    modules = imported("-c", "import wingbeat.cli")
    assert "wingbeat.cli" in modules
    assert not {m for m in modules if m.split(".")[0] in WEB_STACK}


def test_a_check_imports_only_what_it_needs() -> None:
    modules = imported("-m", "wingbeat", *CHECK)
    assert "wingbeat.rulesets.volare" in modules
    heavy = {m for m in modules if m.split(".")[0] in (*WEB_STACK, "rich", "shapely")
             or m.startswith(("wingbeat.web.app", "wingbeat.play.engine", "wingbeat.render.",
                              "wingbeat.tactics.grid", "wingbeat.importers."))}
    assert not heavy, sorted(heavy)
