"""Scenario files written to hurt (issue 14): each is refused quickly, in one line naming the file
and the place, with exit code 2; none reads more than a scenario may hold."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest
from typer.testing import CliRunner

import wingbeat
from wingbeat._files import FileTooLarge, UnreadableFile, read_limited
from wingbeat.cli import app
from wingbeat.examples import example_text
from wingbeat.scenario._load import MAX_BYTES
from wingbeat.scenario._yaml import MAX_ALIAS_NODES, MAX_DEPTH, MAX_INT_DIGITS, load

runner = CliRunner()


def refusal(file: Path, *args: str) -> str:
    """``wingbeat reach FILE bat``'s one-line error (exit 2, no traceback)."""
    result = runner.invoke(app, ["reach", str(file), "bat", *args])
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {file}: "), result.stderr
    assert "Traceback" not in result.output
    return lines[0]


def billion_laughs() -> str:
    """Nine nested anchors, each nine aliases of the one before: 9**9 strings in 560 bytes."""
    lines = ["ruleset: volare", "lol: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for level in range(1, 10):
        lines.append(f"l{level}: &a{level} [" + ", ".join([f"*a{level - 1}"] * 9) + "]")
    lines.append("creatures: [*a9]")
    return "\n".join(lines) + "\n"


def test_a_billion_laughs_is_refused_in_milliseconds(tmp_path: Path) -> None:
    """Refused by a count (MAX_ALIAS_NODES), not a clock; benchmarks/refusals.py times it."""
    text = billion_laughs()
    assert len(text) < 600
    file = tmp_path / "bomb.yaml"
    file.write_text(text)
    with pytest.raises(wingbeat.ScenarioError) as caught:
        wingbeat.load_scenario(file)
    message = str(caught.value)
    assert "aliases expand to more than" in message and "line " in message
    assert "aliases expand" in refusal(file)


def test_a_few_anchors_are_still_fine() -> None:
    """Anchors are YAML: repeating one creature's block a few times is a scenario, not a bomb."""
    text = ("ruleset: dnd5e\nmap: {grid: square, columns: 8, rows: 8, top: 6}\n"
            "creatures:\n  - &bat {id: a, speed: {walk: 30, fly: 30}, at: A1, altitude: 1}\n"
            "  - {<<: *bat, id: b, at: C3}\n")
    scenario = wingbeat.read_scenario_text(text, source="anchors.yaml")
    assert [c.id for c in scenario.battle.creatures] == ["a", "b"]


def test_the_alias_bound_counts_expanded_values_not_aliases() -> None:
    block = "[" + ", ".join(["x"] * 99) + "]"  # 100 values with the list itself
    uses = MAX_ALIAS_NODES // 100
    fits = f"a: &a {block}\nb: [" + ", ".join(["*a"] * uses) + "]\n"
    assert len(load(fits)["b"]) == uses
    over = f"a: &a {block}\nb: [" + ", ".join(["*a"] * (uses + 1)) + "]\n"
    with pytest.raises(Exception, match="aliases expand to more than"):
        load(over)


def test_an_alias_inside_its_own_anchor_is_refused(tmp_path: Path) -> None:
    file = tmp_path / "loop.yaml"
    file.write_text("ruleset: volare\ncreatures: &c [*c]\n")
    assert "line 2, column 16: alias *c refers to the block it is inside" in refusal(file)


@pytest.mark.parametrize("opening, closing", [("[", "]"), ("{a: ", "}")])
def test_nesting_900_deep_is_refused_not_a_recursion_error(tmp_path: Path, opening: str,
                                                          closing: str) -> None:
    file = tmp_path / "deep.yaml"
    file.write_text("ruleset: volare\nmap: " + opening * 900 + "1" + closing * 900 + "\n")
    line = refusal(file)
    assert ": line 2, column " in line and f"nested more than {MAX_DEPTH} levels deep" in line


def test_block_nesting_is_bounded_too() -> None:
    text = "".join("  " * i + f"k{i}:\n" for i in range(MAX_DEPTH + 2)) + "  " * 70 + "x\n"
    with pytest.raises(Exception, match="nested more than"):
        load(text)


def test_a_5000_digit_integer_is_refused_with_its_place(tmp_path: Path) -> None:
    file = tmp_path / "huge.yaml"
    file.write_text("ruleset: volare\nmap:\n  columns: " + "9" * 5000 + "\n")
    line = refusal(file)
    assert f"line 3, column 12: a number of 5,000 digits; expected at most {MAX_INT_DIGITS}" \
        in line


def test_eighteen_digits_still_read_as_an_integer() -> None:
    assert load("n: -123_456_789_012_345_678\n") == {"n": -123456789012345678}
    assert load("n: 0x" + "f" * 15 + "\n") == {"n": 16**15 - 1}


@pytest.mark.parametrize("suffix, text, line", [
    (".yaml", "ruleset: dnd5e\ncreatures:\n  - {id: bat, fly: 8, fly: 80}\n", 3),
    (".json", '{"ruleset": "dnd5e",\n "creatures": [{"id": "bat",\n  "fly": 8, "fly": 80}]}',
     3),
])
def test_a_duplicate_key_is_refused_not_silently_the_last(tmp_path: Path, suffix: str,
                                                          text: str, line: int) -> None:
    file = tmp_path / f"dup{suffix}"
    file.write_text(text)
    said = refusal(file)
    assert f": line {line}, column " in said
    assert f"duplicate key 'fly' (first at line {line})" in said


def test_a_duplicate_top_level_key_is_refused() -> None:
    text = example_text("giant-bat") + "ruleset: dnd5e\n"
    with pytest.raises(wingbeat.ScenarioError,
                       match=r"duplicate key 'ruleset' \(first at line 4\)"):
        wingbeat.read_scenario_text(text, source="twice.yaml")


def test_a_merge_key_may_be_overridden() -> None:
    assert load("a: &a {x: 1, y: 2}\nb: {<<: *a, x: 3}\n")["b"] == {"x": 3, "y": 2}


# -- reading files -------------------------------------------------------------------------------
def test_a_fifo_is_refused_without_waiting(tmp_path: Path) -> None:
    """Opened for reading, a FIFO with no writer would block forever: the refusal ends on its
    own (the thread's bound only keeps a regression from hanging the run)."""
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    said: list[str] = []
    reader = threading.Thread(target=lambda: said.append(refusal(fifo)), daemon=True)
    reader.start()
    reader.join(timeout=120)
    if reader.is_alive():  # pragma: no cover - a regression: free it, then fail
        with fifo.open("w"):
            pass
        pytest.fail("reading the FIFO waited for a writer")
    assert said and "is not a regular file" in said[0]


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/null"])
def test_a_device_is_refused_unread(device: str) -> None:
    if not os.path.exists(device):  # pragma: no cover - every Linux has them
        pytest.fail(f"{device} is missing")
    assert "is not a regular file" in refusal(Path(device))


def test_a_directory_is_refused(tmp_path: Path) -> None:
    assert "is a directory" in refusal(tmp_path)


def test_a_300_mb_file_is_refused_before_it_is_read(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    with big.open("wb") as stream:
        stream.truncate(300_000_000)  # sparse: no 300 MB written
    assert "is larger than 1 MB" in refusal(big)  # by its size on disk (read_limited, below)


def test_read_limited_never_reads_past_its_limit(tmp_path: Path) -> None:
    file = tmp_path / "f"
    file.write_bytes(b"x" * 100)
    assert read_limited(file, 100) == b"x" * 100
    with pytest.raises(FileTooLarge):
        read_limited(file, 99)
    with pytest.raises(UnreadableFile, match="no such file"):
        read_limited(tmp_path / "missing", 100)


def test_a_file_that_grows_past_its_stated_size_is_still_bounded() -> None:
    """/proc files say they are empty and are not: the read itself stops at the limit."""
    status = Path("/proc/self/status")
    if not status.exists():  # pragma: no cover - Linux only
        pytest.fail("no /proc")
    assert os.stat(status).st_size == 0
    with pytest.raises(FileTooLarge):
        read_limited(status, 10)


def test_the_limit_is_the_documented_one() -> None:
    assert MAX_BYTES == 1_000_000
    docs = (Path(__file__).resolve().parent.parent / "docs" / "scenario.md").read_text()
    for figure in ("1 MB", f"{MAX_ALIAS_NODES:,}", f"{MAX_DEPTH}", f"{MAX_INT_DIGITS} digits"):
        assert figure in docs, figure
