"""The CLI's cache of validated scenarios (scenario/_cache.py): a speed-up that never changes an
answer, never trusts a file it did not write, and never fails a command."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from wingbeat import open_scenario
from wingbeat.examples import example_names
from wingbeat.scenario import _cache
from wingbeat.scenario._load import read_scenario_text

BAT = Path(__file__).resolve().parent / "data" / "examples" / "volare" / "giant-bat.yaml"


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    where = tmp_path / "cache"
    monkeypatch.setenv("WINGBEAT_CACHE_DIR", str(where))
    monkeypatch.delenv("WINGBEAT_CACHE", raising=False)
    return where


def entries(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.pickle")) if folder.exists() else []


def counting_reader() -> tuple[list[str], _cache.Callable[[str, str], _cache.Scenario]]:
    calls: list[str] = []

    def read(text: str, source: str) -> _cache.Scenario:
        calls.append(source)
        return read_scenario_text(text, source=source)

    return calls, read


@pytest.mark.parametrize("name", example_names())
def test_every_example_comes_back_from_the_cache_equal(name: str, folder: Path) -> None:
    fresh = open_scenario(f"example:{name}")
    first = _cache.open_cached(f"example:{name}")
    assert len(entries(folder)) == 1
    again = _cache.open_cached(f"example:{name}")
    assert first == fresh and again == fresh


def test_a_kept_scenario_is_read_back_without_parsing(folder: Path) -> None:
    text = BAT.read_text(encoding="utf-8")
    calls, read = counting_reader()
    one = _cache.cached_scenario(text, "bat.yaml", read)
    two = _cache.cached_scenario(text, "bat.yaml", read)
    assert calls == ["bat.yaml"] and one == two


def test_another_text_or_name_is_another_entry(folder: Path) -> None:
    text = BAT.read_text(encoding="utf-8")
    calls, read = counting_reader()
    kept = _cache.cached_scenario(text, "bat.yaml", read)
    changed = _cache.cached_scenario(text.replace("fly: 8", "fly: 9"), "bat.yaml", read)
    _cache.cached_scenario(text, "other.yaml", read)
    assert calls == ["bat.yaml", "bat.yaml", "other.yaml"]
    assert len(entries(folder)) == 3
    assert changed != kept


def test_a_damaged_entry_is_read_from_the_text_and_replaced(folder: Path) -> None:
    text = BAT.read_text(encoding="utf-8")
    calls, read = counting_reader()
    _cache.cached_scenario(text, "bat.yaml", read)
    (entry,) = entries(folder)
    entry.write_bytes(b"not a pickle")
    again = _cache.cached_scenario(text, "bat.yaml", read)
    assert calls == ["bat.yaml", "bat.yaml"]
    assert pickle.loads(_cache._checked(entry.stem, entry.read_bytes()) or b"") == again


def test_a_pickle_of_something_else_is_not_taken(folder: Path) -> None:
    text = BAT.read_text(encoding="utf-8")
    calls, read = counting_reader()
    _cache.cached_scenario(text, "bat.yaml", read)
    (entry,) = entries(folder)
    foreign = pickle.dumps({"not": "a scenario"})
    entry.write_bytes(_cache._HEADER + _cache._digest(entry.stem, foreign) + foreign)
    _cache.cached_scenario(text, "bat.yaml", read)
    assert calls == ["bat.yaml", "bat.yaml"]


def test_a_folder_others_may_write_is_not_used(folder: Path) -> None:
    text = BAT.read_text(encoding="utf-8")
    calls, read = counting_reader()
    folder.mkdir()
    folder.chmod(0o777)
    _cache.cached_scenario(text, "bat.yaml", read)
    _cache.cached_scenario(text, "bat.yaml", read)
    assert calls == ["bat.yaml", "bat.yaml"] and entries(folder) == []


def test_a_link_in_the_cache_is_not_followed(folder: Path, tmp_path: Path) -> None:
    text = BAT.read_text(encoding="utf-8")
    calls, read = counting_reader()
    _cache.cached_scenario(text, "bat.yaml", read)
    (entry,) = entries(folder)
    elsewhere = tmp_path / "elsewhere.pickle"
    entry.rename(elsewhere)
    entry.symlink_to(elsewhere)
    _cache.cached_scenario(text, "bat.yaml", read)
    assert calls == ["bat.yaml", "bat.yaml"]


def test_an_unwritable_folder_costs_nothing_but_speed(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("in the way")
    monkeypatch.setenv("WINGBEAT_CACHE_DIR", str(blocker / "cache"))
    assert _cache.open_cached("example:giant-bat") == open_scenario("example:giant-bat")


def test_turned_off_nothing_is_written(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WINGBEAT_CACHE", "off")
    assert _cache.cache_dir() is None
    _cache.open_cached("example:giant-bat")
    assert not folder.exists()


def test_the_oldest_entries_go(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_cache, "MAX_ENTRIES", 3)
    text = BAT.read_text(encoding="utf-8")
    _calls, read = counting_reader()
    for n in range(5):
        _cache.cached_scenario(text, f"bat{n}.yaml", read)
    assert len(entries(folder)) == 3


def test_a_bad_scenario_is_never_kept(folder: Path) -> None:
    _calls, read = counting_reader()
    with pytest.raises(Exception, match="ruleset"):
        _cache.cached_scenario("ruleset: nope\n", "bad.yaml", read)
    assert entries(folder) == []


def test_the_default_folder_follows_xdg(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("WINGBEAT_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert _cache.cache_dir() == tmp_path / "wingbeat"


def test_a_repeated_check_imports_neither_yaml_nor_pydantic(folder: Path) -> None:
    """Issue 10's cold start: with the scenario kept, ``wingbeat check`` reads no YAML and
    validates nothing, so the two heaviest imports of a short command are left out."""
    command = [sys.executable, "-X", "importtime", "-m", "wingbeat", "check", "example:giant-bat",
               "bat", "U35 down hover"]
    env = {**os.environ, "WINGBEAT_CACHE_DIR": str(folder)}
    first = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    second = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    assert first.returncode == second.returncode == 0
    assert first.stdout == second.stdout

    def modules(stderr: str) -> set[str]:
        return {line.rpartition("|")[2].strip() for line in stderr.splitlines()
                if line.startswith("import time:")}

    assert {"yaml", "pydantic"} <= modules(first.stderr)
    assert not {m for m in modules(second.stderr) if m.split(".")[0] in ("yaml", "pydantic")}


# -- issue 23: a damaged entry is never a different answer ---------------------------------------
def flipped(data: bytes, bit: int) -> bytes:
    damaged = bytearray(data)
    damaged[bit // 8] ^= 1 << (bit % 8)
    return bytes(damaged)


def test_every_single_bit_flip_of_an_entry_gives_the_fresh_answer(folder: Path) -> None:
    """Of 2,420 flips of one entry, 145 once gave a different scenario silently and 175 a
    traceback: now every bit of the entry, header, checksum and pickle, is flipped in turn, and
    every time the answer is the scenario read from its text, and the entry is written anew."""
    text = BAT.read_text(encoding="utf-8")
    fresh = read_scenario_text(text, source="bat.yaml")
    _cache.cached_scenario(text, "bat.yaml", lambda t, s: fresh)
    (entry,) = entries(folder)
    whole = entry.read_bytes()
    reads = 0

    def read(t: str, s: str) -> _cache.Scenario:
        nonlocal reads
        reads += 1
        return fresh

    for bit in range(len(whole) * 8):
        entry.write_bytes(flipped(whole, bit))
        assert _cache.cached_scenario(text, "bat.yaml", read) == fresh, bit
        assert reads == bit + 1, f"bit {bit}: the damaged entry was taken"
        assert entry.read_bytes() == whole, f"bit {bit}: the entry was not written anew"


def test_a_flipped_entry_changes_nothing_the_command_line_says(folder: Path,
                                                                tmp_path: Path) -> None:
    """The same through ``wingbeat check``: exit 0, the same words, for a spread of flips."""
    from typer.testing import CliRunner

    from wingbeat.cli import app

    scenario = tmp_path / "bat.yaml"
    scenario.write_text(BAT.read_text(encoding="utf-8"), encoding="utf-8")
    runner = CliRunner()
    command = ["check", str(scenario), "bat", "U35 down hover"]
    first = runner.invoke(app, command)
    assert first.exit_code == 0, first.output
    (entry,) = entries(folder)
    whole = entry.read_bytes()
    for bit in range(0, len(whole) * 8, 61):  # every part of the entry, a bit in each few bytes
        entry.write_bytes(flipped(whole, bit))
        again = runner.invoke(app, command)
        assert (again.exit_code, again.stdout) == (0, first.stdout), bit
        assert again.exception is None, bit


# -- round 33: the code's fingerprint, cheaper, still changed by every file a scenario is read with
def code_copy(tmp_path: Path) -> Path:
    """The package's files, as ``_code_fingerprint`` walks them, copied (their times kept)."""
    import shutil

    package = Path(_cache.__file__).resolve().parent.parent
    copy = tmp_path / "wingbeat"
    shutil.copytree(package, copy, ignore=shutil.ignore_patterns("__pycache__", "static",
                                                                 "locale"))
    return copy


def test_every_file_a_scenario_is_read_with_changes_the_fingerprint(tmp_path: Path) -> None:
    """An editable install edited in place (same size, a new time), a file added or removed:
    the fingerprint differs, so no scenario kept before is served."""
    root = code_copy(tmp_path)
    before = _cache._fingerprint(str(root))
    walked = [path for path in root.rglob("*") if path.is_file()
              and path.suffix in (".py", ".toml", ".so", ".json")
              and path.relative_to(root).parts[0] not in _cache._NOT_READING]
    assert len(walked) > 100 and any(p.name == "ruleset.toml" for p in walked)
    for path in walked:
        info = path.stat()
        os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns + 1))
        assert _cache._fingerprint(str(root)) != before, path
        os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns))
    assert _cache._fingerprint(str(root)) == before
    schema = root / "rulesets" / "confrontation" / "schema.py"
    info = schema.stat()
    schema.write_text(schema.read_text(encoding="utf-8") + "#", encoding="utf-8")
    os.utime(schema, ns=(info.st_atime_ns, info.st_mtime_ns))  # the same time, one byte more
    assert _cache._fingerprint(str(root)) != before
    schema.write_text(schema.read_text(encoding="utf-8")[:-1], encoding="utf-8")
    os.utime(schema, ns=(info.st_atime_ns, info.st_mtime_ns))
    assert _cache._fingerprint(str(root)) == before
    (root / "scenario" / "added.py").write_text("", encoding="utf-8")
    assert _cache._fingerprint(str(root)) != before
    (root / "scenario" / "added.py").unlink()
    (root / "rules" / "registry.py").unlink()
    assert _cache._fingerprint(str(root)) != before


def test_the_parts_the_fingerprint_leaves_out_are_not_read_with(tmp_path: Path) -> None:
    """What the fingerprint does not walk (``_NOT_READING``) is never imported while a scenario
    is read: every example and every scenario of the tests' data, each from its text, in a
    fresh interpreter. A change there cannot make a kept scenario stale."""
    root = code_copy(tmp_path)
    before = _cache._fingerprint(str(root))
    for part in sorted(_cache._NOT_READING):
        (root / part / "__init__.py").write_text("# changed\n", encoding="utf-8")
    assert _cache._fingerprint(str(root)) == before
    data = Path(__file__).resolve().parent / "data"
    program = (
        "import sys\n"
        "from pathlib import Path\n"
        "from wingbeat.examples import example_names, example_text\n"
        "from wingbeat.scenario._load import read_scenario_text\n"
        "from wingbeat.errors import WingbeatError\n"
        "for name in example_names():\n"
        "    read_scenario_text(example_text(name), source='example:' + name)\n"
        f"for path in sorted(Path({str(data)!r}).rglob('*.yaml')):\n"
        "    try:\n"
        "        read_scenario_text(path.read_text(encoding='utf-8'), source=str(path),\n"
        "                           base=str(path.parent))\n"
        "    except (WingbeatError, UnicodeDecodeError):\n"
        "        pass\n"
        "print(' '.join(sorted(sys.modules)))\n")
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True,
                          check=True)
    parts = {name.split(".")[1] for name in done.stdout.split() if name.startswith("wingbeat.")}
    assert parts and not parts & _cache._NOT_READING
