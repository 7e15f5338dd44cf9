"""A short command imports only what it uses (issue 29): ``import wingbeat`` and the CLI's
``--version``, ``check``, ``schema`` and ``play show`` each in a fresh interpreter, told by the
modules it loaded (``sys.modules``), never by time. With them: the CLI's table of which module adds
which command is what each registers, ``--version`` is the installed number, and the public names
``import wingbeat`` resolves on first use are all there."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path
from typing import Any

import pytest
from typer.main import get_command
from typer.testing import CliRunner

import wingbeat
from wingbeat import _records_code, cli
from wingbeat.geometry import geos

runner = CliRunner()

#: Nothing a plain ``import wingbeat`` needs: the frameworks, the pictures, the web, the rules.
FRAMEWORKS = ("pydantic", "yaml", "typer", "click", "rich", "shapely", "fastapi", "starlette",
              "uvicorn", "orjson", "resvg_py", "babel", "PIL", "sqlite3")
#: What no command here needs (``schema`` prints stored text; the cache holds the scenario).
NEVER = ("pydantic", "yaml", "rich", "shapely", "fastapi", "starlette", "uvicorn", "resvg_py",
         "wingbeat.web", "wingbeat.render", "wingbeat.importers", "wingbeat.tactics.grid",
         "importlib.metadata", "tomllib", "pkgutil")


def _answer(code: str, tmp_path: Path | None = None) -> Any:
    """The JSON that ``code`` prints last, run in a fresh interpreter (with ``tmp_path``: its own
    cache and data folders, in English)."""
    env = None
    if tmp_path is not None:
        env = {**os.environ, "WINGBEAT_CACHE_DIR": str(tmp_path / "cache"),
               "XDG_DATA_HOME": str(tmp_path / "data"), "WINGBEAT_LANG": "en"}
        env.pop("WINGBEAT_CACHE", None)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=False, env=env)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.splitlines()[-1])


def _loaded(code: str, tmp_path: Path) -> set[str]:
    """The modules a fresh interpreter holds after running ``code`` (its own cache folders)."""
    return set(_answer(f"{code}\nimport sys, json\nprint(json.dumps(sorted(sys.modules)))\n",
                       tmp_path))


def _cli(*args: str) -> str:
    """Python that runs ``wingbeat ARGS`` as the console script does, keeping the process."""
    return (f"import sys, contextlib, io\nsys.argv = ['wingbeat', *{list(args)!r}]\n"
            "from wingbeat.cli import main\n"
            "with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):\n"
            "    main()")


def _heavy(modules: set[str], names: tuple[str, ...]) -> list[str]:
    return sorted(m for m in modules if any(m == n or m.startswith(n + ".") for n in names))


def test_import_wingbeat_imports_no_framework_and_no_rule(tmp_path: Path) -> None:
    modules = _loaded("import wingbeat", tmp_path)
    assert not _heavy(modules, (*FRAMEWORKS, "wingbeat.rules", "wingbeat.model",
                                "wingbeat.scenario", "wingbeat.rulesets")), modules


def test_import_wingbeat_cli_and_version(tmp_path: Path) -> None:
    modules = _loaded(_cli("--version"), tmp_path)
    assert "typer" in modules
    assert not _heavy(modules, (*NEVER, "wingbeat.rulesets", "wingbeat.play",
                                "wingbeat.tactics", "wingbeat.scenario", "wingbeat.search",
                                "wingbeat.rules.grid", "wingbeat.rules.tree")), modules


@pytest.mark.parametrize("args", [
    ["check", "example:giant-bat", "bat", "U35"],
    ["reach", "example:giant-bat", "bat"],
    ["engagement", "example:harpy", "harpy", "fighter"],
    ["schema", "dnd5e"],
])
def test_a_short_command_imports_what_it_uses(tmp_path: Path, args: list[str]) -> None:
    _loaded(_cli(*args), tmp_path)  # the first reads the YAML and keeps it
    modules = _loaded(_cli(*args), tmp_path)
    assert not _heavy(modules, (*NEVER, "wingbeat.play", "wingbeat.scenario._load")), modules
    if args[0] == "schema":
        # (the plug-ins' package itself, empty, is where the registry finds their folders)
        assert not [m for m in modules if m.startswith("wingbeat.rulesets.")], modules


def test_play_show_reads_its_scenario_from_the_cache(tmp_path: Path) -> None:
    _loaded(_cli("play", "new", "example:giant-bat", "--seed", "7", "--name", "cave"), tmp_path)
    _loaded(_cli("play", "show", "cave"), tmp_path)
    modules = _loaded(_cli("play", "show", "cave"), tmp_path)
    assert "wingbeat.play.store" in modules
    assert not _heavy(modules, (*NEVER, "wingbeat.scenario._load", "wingbeat.tactics")), modules


def _paths(group: Any, prefix: str = "") -> set[str]:
    """Every command path of a click group: ``check``, ``play``, ``play show`` …"""
    found = set()
    for name, command in group.commands.items():
        found.add(prefix + name)
        if hasattr(command, "commands"):
            found |= _paths(command, prefix + name + " ")
    return found


def test_the_extension_table_names_every_command() -> None:
    """``cli._EXTENSIONS`` says which commands each module adds: a command missing from it would
    not be found by ``main``."""
    listed = {p for paths in cli._EXTENSIONS.values() for p in paths}
    core = {cli._name_of(c) for c in cli._core.registered_commands}
    assert _paths(get_command(cli.app)) == core | listed


def _each_command() -> list[list[str]]:
    listed = {p for paths in cli._EXTENSIONS.values() for p in paths}
    core = {cli._name_of(c) for c in cli._core.registered_commands}
    return [path.split() for path in sorted(listed | core, key=str)]


@pytest.mark.parametrize("words", _each_command(), ids=" ".join)
def test_the_command_main_builds_alone_is_the_whole_apps(words: list[str]) -> None:
    """``main`` builds only the command it runs, with the modules the table names: its help,
    and a usage error, read as they do in the whole app."""
    alone = cli._app_for([*words, "--help"])
    assert alone is not cli.app
    for args in ([*words, "--help"], [*words, "--no-such-option"]):
        assert runner.invoke(alone, args).output == runner.invoke(cli.app, args).output


def test_version_is_the_distributions() -> None:
    assert wingbeat.__version__ == version("wingbeat")


def test_every_public_name_resolves() -> None:
    for name in wingbeat.__all__:
        assert getattr(wingbeat, name) is not None, name
    assert set(wingbeat.__all__) <= set(dir(wingbeat))
    with pytest.raises(AttributeError):
        wingbeat.no_such_name  # noqa: B018


#: Whether ``_records_code`` was written by this Python (``scripts/precomputed.py``).
_KEPT_FOR_THIS_PYTHON = f"{sys.version_info[0]}.{sys.version_info[1]}" == _records_code.PYTHON


def _heard() -> list[tuple[str, str]]:
    """What ``_records.dataclass`` compiles for every class of the package, in a fresh
    interpreter (a class made before is not heard again)."""
    heard = _answer("import json; from wingbeat import _records\n"
                    "print(json.dumps(_records.heard_texts()))")
    return [(part, text) for part, text in heard]


def _same_code(kept: Any, made: Any) -> bool:
    """Two code objects alike in all but where their text was (file, lines)."""
    fields = ("co_code", "co_names", "co_varnames", "co_freevars", "co_cellvars", "co_name",
              "co_qualname", "co_argcount", "co_kwonlyargcount", "co_posonlyargcount",
              "co_flags", "co_stacksize")
    if any(getattr(kept, f) != getattr(made, f) for f in fields):
        return False
    if len(kept.co_consts) != len(made.co_consts):
        return False
    return all(_same_code(a, b) if hasattr(a, "co_code") else a == b and type(a) is type(b)
               for a, b in zip(kept.co_consts, made.co_consts, strict=True))


def test_the_kept_dataclass_code_is_current_and_what_the_compiler_makes() -> None:
    """``_records_code/`` holds the code of every method ``dataclass`` writes for wingbeat's
    classes (``python scripts/precomputed.py update`` writes it again after a class changes), and
    each is the code the compiler makes of that text, so a class made from it is the class
    ``dataclasses`` makes."""
    from importlib import import_module

    from wingbeat import _records

    heard = _heard()
    assert heard and all(part for part, _ in heard)
    folder = Path(_records.CODE_FOLDER)
    if _KEPT_FOR_THIS_PYTHON:  # (another Python writes other texts: those are compiled)
        for name, text in _records.code_module_texts(heard).items():
            assert (folder / name).read_text(encoding="utf-8") == text, (
                f"{name} is stale: python scripts/precomputed.py update")
    for part, text in heard:
        kept = getattr(import_module(f"wingbeat._records_code.{part}"), "CODE", {}).get(
            _records.source_key(text))
        if kept is None:
            assert not _KEPT_FOR_THIS_PYTHON, text
            continue
        namespace: dict[str, Any] = {}
        # as dataclasses does (not with this module's ``from __future__ import annotations``)
        exec(compile(text, "<string>", "exec", dont_inherit=True), {}, namespace)
        assert _same_code(kept, namespace["__create_fn__"].__code__), text


def test_a_command_makes_its_classes_from_the_kept_code(tmp_path: Path) -> None:
    """Every class a command makes with ``_records.dataclass`` reads its methods' code from
    ``_records_code`` (compiles none), and is the class ``dataclasses`` would make."""
    code = _cli("check", "example:giant-bat", "bat", "U35") + (
        "\nimport dataclasses, sys, json\n"
        "from wingbeat import _records\n"
        "made = [c for m in list(sys.modules.values()) if (m.__name__ or '').startswith("
        "'wingbeat.') for c in vars(m).values() if isinstance(c, type) and "
        "dataclasses.is_dataclass(c) and c.__module__ == m.__name__]\n"
        "compiled = [f'{c.__qualname__}.{n}' for c in made for n in ('__init__', '__repr__', "
        "'__eq__', '__setattr__') if n in vars(c) and vars(c)[n].__code__.co_filename == "
        "'<string>']\n"
        "print(json.dumps([len(made), compiled]))\n")
    _loaded(code, tmp_path)
    made, compiled = _answer(code, tmp_path)
    assert made > 20
    assert compiled == [] or not _KEPT_FOR_THIS_PYTHON


def test_a_kept_class_is_the_one_dataclasses_makes() -> None:
    """Frozen, compared, hashed and shown as ``dataclasses`` makes it (and a class whose code is
    not kept is made as before)."""
    import dataclasses

    from wingbeat._records import dataclass
    from wingbeat.geometry.hexgrid import Hex

    here = Hex(3, 5)
    assert Hex.__init__.__code__.co_filename.endswith("geometry.py") or not _KEPT_FOR_THIS_PYTHON
    assert here == Hex(3, 5) and hash(here) == hash(Hex(3, 5)) and here != Hex(5, 3)
    assert repr(here) == "Hex(col=3, row=5)"
    with pytest.raises(dataclasses.FrozenInstanceError):
        here.col = 5  # type: ignore[misc]
    assert dataclasses.replace(here, col=5) == Hex(5, 5)

    @dataclass(frozen=True)
    class Fresh:
        a: int
        b: list[int] = dataclasses.field(default_factory=list)

    assert Fresh.__init__.__code__.co_filename == "<string>"
    assert Fresh(1) == Fresh(1, []) and repr(Fresh(1)) == "test_a_kept_class_is_the_one_" \
        "dataclasses_makes.<locals>.Fresh(a=1, b=[])"
    assert not hasattr(dataclasses, "exec")  # the builtin again once made


@pytest.mark.parametrize(("args", "unused"), [
    (["--version"], ("wingbeat._api", "wingbeat.rules", "wingbeat._jsonout", "orjson")),
    (["schema", "dnd5e"], ("wingbeat._api", "orjson")),
    # (and a cached scenario is read by pickle's C reader alone, without pickle.py)
    (["check", "example:giant-bat", "bat", "U35"], ("wingbeat._jsonout", "orjson", "pickle")),
])
def test_a_text_answer_imports_no_json_writer_and_version_no_registry(
        tmp_path: Path, args: list[str], unused: tuple[str, ...]) -> None:
    _loaded(_cli(*args), tmp_path)
    modules = _loaded(_cli(*args), tmp_path)
    assert not _heavy(modules, unused), modules


def test_play_show_rolls_no_dice_and_builds_its_command_alone(tmp_path: Path) -> None:
    """``play show`` and ``play log`` roll nothing: no dice, no ``random``; and Typer builds only
    the subcommand run, not all of ``play``'s."""
    _loaded(_cli("play", "new", "example:giant-bat", "--seed", "7", "--name", "cave"), tmp_path)
    for command in ("show", "log"):
        _loaded(_cli("play", command, "cave"), tmp_path)
        modules = _loaded(_cli("play", command, "cave"), tmp_path)
        assert not _heavy(modules, ("wingbeat.play.dice", "random")), modules
    alone = cli._app_for(["play", "show", "cave"])
    (group,) = alone.registered_groups
    assert group.typer_instance is not None
    assert [cli._name_of(c) for c in group.typer_instance.registered_commands] == ["show"]
    whole = cli._app_for(["play", "--help"]).registered_groups[0].typer_instance
    assert whole is not None and len(whole.registered_commands) > 5


def test_a_move_makes_no_generator_until_it_rolls(tmp_path: Path) -> None:
    """A declared move that rolls nothing imports no ``random`` (``Dice`` makes its generator at
    the first roll), and one that rolls rolls as before."""
    from wingbeat.play.dice import Dice, entry_generator

    _loaded(_cli("play", "new", "example:giant-bat", "--seed", "7", "--name", "cave"), tmp_path)
    modules = _loaded(_cli("play", "move", "cave", "bat", "U35 down hover"), tmp_path)
    assert "wingbeat.play.dice" in modules
    assert not _heavy(modules, ("random",)), modules
    dice, rng = Dice(7, 3), entry_generator(7, 3)
    assert [dice.total("2d6", "bat", "fall") for _ in range(3)] == [
        sum(rng.randint(1, 6) for _ in range(2)) for _ in range(3)]


_PENDING = ("import sys, json\nfrom wingbeat._deferred import STARTUP, pending\n"
            "print(json.dumps([n for n in STARTUP if n in sys.modules "
            "and not pending(sys.modules[n])]))\n")


@pytest.mark.parametrize("args", [
    ["--version"],
    ["check", "example:giant-bat", "bat", "U35"],
    ["reach", "example:giant-bat", "bat"],
    ["path", "example:giant-bat", "bat", "--to", "U35"],
    ["engagement", "example:harpy", "harpy", "fighter"],
    ["schema", "dnd5e"],
    ["play", "show", "cave"],
    ["play", "move", "cave", "bat", "U35 down hover"],
])
def test_a_command_runs_none_of_the_deferred_modules(tmp_path: Path, args: list[str]) -> None:
    """``_deferred.STARTUP`` (subprocess, the compressors, ipaddress, tokenize …), which Typer
    and the standard library import at start, are in ``sys.modules`` but never run by a short
    command."""
    _loaded(_cli("play", "new", "example:giant-bat", "--seed", "7", "--name", "cave"), tmp_path)
    _loaded(_cli(*args), tmp_path)  # its scenario kept (pydantic, on a first read, uses some)
    if args[:2] == ["play", "move"]:
        _loaded(_cli("play", "undo", "cave"), tmp_path)
    assert _answer(_cli(*args) + "\n" + _PENDING, tmp_path) == []


def test_a_deferred_module_once_used_is_the_module() -> None:
    """Deferred by ``wingbeat.cli``, each module runs on its first name asked for, in the same
    object ``import`` gave, and then holds every name a plain import gives; threads asking at
    once run it once."""
    code = (
        "import sys, json, threading\n"
        "import wingbeat.cli\n"
        "from wingbeat import _deferred\n"
        "import subprocess, tokenize, lzma, ipaddress\n"
        "before = [n for n in _deferred.STARTUP if _deferred.pending(sys.modules[n])]\n"
        "seen = []\n"
        "threads = [threading.Thread(target=lambda: seen.append(tokenize.generate_tokens)) "
        "for _ in range(8)]\n"
        "[t.start() for t in threads]; [t.join() for t in threads]\n"
        "ran = subprocess.run([sys.executable, '-c', 'print(6 * 7)'], capture_output=True, "
        "text=True).stdout.strip()\n"
        "from lzma import LZMAFile\n"
        "assert ipaddress.ip_address('10.0.0.1').is_private\n"
        "names = {n: sorted(vars(sys.modules[n])) for n in _deferred.STARTUP}\n"
        "same = all(sys.modules[n] is m for n, m in (('subprocess', subprocess), "
        "('tokenize', tokenize), ('lzma', lzma)))\n"
        "print(json.dumps([before, len(set(map(id, seen))), ran, same, "
        "[n for n in _deferred.STARTUP if _deferred.pending(sys.modules[n])], names]))\n")
    before, kinds, ran, same, still, names = _answer(code)
    assert {"subprocess", "tokenize", "lzma", "ipaddress"} <= set(before)
    assert (kinds, ran, same) == (1, "42", True)
    assert "shellingham" in still and "subprocess" not in still
    plain = subprocess.run(
        [sys.executable, "-c", "import json, sys, importlib\n"
                               f"names = {list(names)!r}\n"
                               "print(json.dumps({n: sorted(vars(importlib.import_module(n))) "
                               "for n in names if n in ('subprocess', 'tokenize', 'lzma', "
                               "'ipaddress')}))"],
        capture_output=True, text=True, check=True)
    for name, plain_names in json.loads(plain.stdout.splitlines()[-1]).items():
        assert names[name] == plain_names, name


#: ``python -m wingbeat`` with every module ``_deferred`` defers imported first (so none is).
_UNDEFERRED = ("import runpy, subprocess, shellingham, bz2, lzma, ipaddress, tokenize, difflib\n"
               "runpy.run_module('wingbeat', run_name='__main__', alter_sys=True)")


def _both(args: list[str], env: dict[str, str]) -> tuple[Any, Any]:
    """``python -m wingbeat ARGS`` in a fresh process, deferring, and without the deferrals."""
    deferring = subprocess.run([sys.executable, "-m", "wingbeat", *args], capture_output=True,
                               text=True, check=False, env=env)
    plain = subprocess.run([sys.executable, "-c", _UNDEFERRED, *args], capture_output=True,
                           text=True, check=False, env=env)
    return deferring, plain


@pytest.mark.parametrize("args", [
    ["--help"],
    ["check", "--help"],
    ["check", "example:giant-bat"],
    ["play", "move", "--no-such-option"],
    ["nosuchcommand"],
])
def test_help_and_errors_read_as_without_the_deferrals(args: list[str]) -> None:
    """Help and usage errors read, and exit, as they do with every deferred module imported."""
    env = {**os.environ, "WINGBEAT_LANG": "en", "COLUMNS": "100"}
    deferring, plain = _both(args, env)
    assert deferring.stdout or deferring.stderr
    assert (deferring.returncode, deferring.stdout, deferring.stderr) == (
        plain.returncode, plain.stdout, plain.stderr)


def test_shell_completion_reads_as_without_the_deferrals() -> None:
    """Completion (Typer's, through ``subprocess``' and ``shellingham``'s modules when it needs
    them) answers as before in a fresh process."""
    env = {**os.environ, "_WINGBEAT_COMPLETE": "complete_bash", "COMP_WORDS": "wingbeat ch",
           "COMP_CWORD": "1", "WINGBEAT_LANG": "en"}
    deferring, plain = _both([], env)
    assert deferring.returncode == 0, deferring.stderr
    assert "check" in deferring.stdout.split()
    assert (deferring.stdout, deferring.stderr) == (plain.stdout, plain.stderr)


@pytest.mark.parametrize("given", [None, "3"])
def test_the_command_line_keeps_numpy_to_one_blas_thread_unless_told(
        tmp_path: Path, given: str | None) -> None:
    """numpy's OpenBLAS starts a thread per core that spin while it loads (60 ms of CPU for a
    tabletop command that does no linear algebra): the CLI asks for one, a user's setting wins."""
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    if given is not None:
        env["OPENBLAS_NUM_THREADS"] = given
    code = "import os, wingbeat.cli\nprint(os.environ.get('OPENBLAS_NUM_THREADS'))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, env=env)
    assert done.stdout.split() == [given or "1"]
    library = subprocess.run([sys.executable, "-c", "import os, wingbeat, wingbeat.rules\n"
                              "print(os.environ.get('OPENBLAS_NUM_THREADS'))"],
                             capture_output=True, text=True, check=True, env=env)
    assert library.stdout.split() == [str(given)]  # the library leaves it alone


def _collector_after(code: str, tmp_path: Path) -> list[Any]:
    """``[enabled, frozen objects]`` of the collector after ``code``, in a fresh interpreter."""
    result: list[Any] = _answer(
        f"{code}\nimport gc, json\nprint(json.dumps([gc.isenabled(), gc.get_freeze_count()]))",
        tmp_path)
    return result


@pytest.mark.parametrize("code", [
    "import wingbeat.cli",
    _cli("--version"),
    _cli("check", "example:giant-bat", "bat", "U35"),
    _cli("play", "new", "example:giant-bat", "--seed", "7"),
])
def test_starting_up_leaves_the_collector_on_with_start_up_out_of_its_reach(
        tmp_path: Path, code: str) -> None:
    """The collector waits while the CLI starts (``_deferred``), then is on again, what start-up
    made frozen: a program importing the CLI, a command run in its process, keep collecting."""
    enabled, frozen = _collector_after(code, tmp_path)
    assert enabled
    assert frozen > 10_000  # Typer's and wingbeat's modules, classes and functions


def test_a_program_without_the_collector_keeps_it_off(tmp_path: Path) -> None:
    assert _collector_after("import gc\ngc.disable()\nimport wingbeat.cli",
                            tmp_path) == [False, 0]
    # the library alone does not touch it
    assert _collector_after("import wingbeat, wingbeat.rules", tmp_path) == [True, 0]


def test_a_play_command_turns_the_collector_on_again_when_it_fails(tmp_path: Path) -> None:
    """``play``'s commands run with the collector paused (as the grid commands' ``_answer``): bad
    input, which exits, leaves it on as it was."""
    _collector_after(_cli("play", "new", "example:giant-bat", "--seed", "7"), tmp_path)
    for args in (("play", "show", "no-such-encounter"), ("play", "move", "1", "bat", "Z99"),
                 ("play", "show", "1")):
        assert _collector_after(_cli(*args), tmp_path)[0], args


def test_a_stand_in_runs_its_module_and_calls_its_own() -> None:
    """``difflib.get_close_matches`` (read by Typer as it imports) answers as the module's own,
    which it runs on its first call; ``from difflib import …`` alone runs nothing."""
    code = (
        "import sys, json\n"
        "import wingbeat.cli\n"
        "from wingbeat import _deferred\n"
        "import typer.core\n"
        "from difflib import get_close_matches\n"
        "before = [n for n in _deferred.FORWARDED if _deferred.pending(sys.modules[n])]\n"
        "close = typer.core.get_close_matches('chek', ['check', 'reach'])\n"
        "import difflib\n"
        "own = [difflib.get_close_matches.__module__, difflib is sys.modules['difflib'],"
        " difflib.SequenceMatcher.__name__, hasattr(difflib, '__path__')]\n"
        "print(json.dumps([before, close, own, [n for n in _deferred.FORWARDED "
        "if _deferred.pending(sys.modules[n])]]))\n")
    before, close, own, after = _answer(code)
    assert before == ["difflib"]
    assert close == ["check"]
    assert own == ["difflib", True, "SequenceMatcher", False]
    assert after == []


#: A tabletop scenario with nothing on its table: a walker's and a flyer's legs are compared
#: against the table's sides (``geometry.opentable``), with no shape to go around.
_OPEN_TABLE = """ruleset: confrontation
map: {table: [120, 120]}
creatures:
  - {id: walker, mou: {ground: 10, air: 0}, at: [10, 10]}
  - {id: flyer, mou: {ground: 10, air: 15}, tier: 1, at: [60, 60]}
"""


def _tabletop_args(args: list[str], tmp_path: Path) -> list[str]:
    open_table = tmp_path / "open.yaml"
    open_table.write_text(_OPEN_TABLE, encoding="utf-8")
    return [str(open_table) if a == "OPEN" else str(tmp_path / a[4:]) if a.startswith("TMP/")
            else a for a in args]


@pytest.mark.parametrize("args", [
    ["check", "example:pegasi", "pegasi", "12,20"],
    ["check", "example:pegasi", "pegasi", "up 30,40 60,10 down", "--json"],
    ["path", "example:pegasi", "pegasi", "--to", "30,30"],
    ["engagement", "example:pegasi", "pegasi", "griffons"],
    ["check", "example:morbid-angel", "angel", "40,30"],  # tier 2 ignores all scenery
    ["path", "example:morbid-angel", "angel", "--to", "70,70", "--json"],
    ["engagement", "example:morbid-angel", "angel", "gargoyle"],
    ["check", "example:morbid-angel", "gargoyle", "60,30"],  # tier 1, away from the ruin
    ["check", "example:morbid-angel", "knight", "35,45"],  # tier 0, its base clear of scenery
    ["path", "example:morbid-angel", "gargoyle", "--to", "60,30"],
    ["check", "OPEN", "walker", "20,10 20,30"],
    ["check", "OPEN", "flyer", "70,60 70,70"],
    ["path", "OPEN", "walker", "--to", "100,100"],
    ["render", "example:morbid-angel", "-o", "TMP/table.svg"],
])
def test_a_tabletop_command_that_measures_only_points_loads_no_shapely(
        tmp_path: Path, args: list[str]) -> None:
    """Battlesystem's checks and paths, a flyer at tier 2, legs that keep clear of the scenery
    and the bases (an empty table: all of them) and a picture with no reach measure points and
    lengths: no shapely, so no numpy (a tenth of a second)."""
    args = _tabletop_args(args, tmp_path)
    _loaded(_cli(*args), tmp_path)  # the scenario cached, as at a table
    modules = _loaded(_cli(*args), tmp_path)
    assert "wingbeat.geometry.table" in modules or args[0] == "render"
    assert not _heavy(modules, ("shapely", "numpy", "wingbeat.geometry.areas",
                                "wingbeat.geometry.freespace")), modules


DRAWS_OR_GOES_AROUND = [
    ["reach", "example:pegasi", "pegasi"],
    ["reach", "example:morbid-angel", "angel"],
    ["check", "example:morbid-angel", "gargoyle", "50,55"],  # tier 1: through the ruin
    ["path", "example:morbid-angel", "knight", "--to", "50,55"],  # tier 0 walks around all
    ["reach", "OPEN", "walker"],
    ["reach", "example:morbid-angel", "angel", "--json"],  # GeoJSON
    ["render", "example:morbid-angel", "angel", "-o", "TMP/reach.svg"],
]


@pytest.mark.skipif(geos.BACKEND != "geos", reason="GEOS not loadable through ctypes here")
@pytest.mark.parametrize("args", DRAWS_OR_GOES_AROUND)
def test_a_tabletop_command_that_draws_or_goes_around_loads_geos_but_no_shapely(
        tmp_path: Path, args: list[str]) -> None:
    """An area (a reach) and a way around scenery are GEOS's, called through ctypes: neither
    shapely nor numpy is imported (``geometry/geos.py`` finds shapely's GEOS library without
    importing shapely)."""
    args = _tabletop_args(args, tmp_path)
    _loaded(_cli(*args), tmp_path)  # the scenario cached, as at a table
    modules = _loaded(_cli(*args), tmp_path)
    assert "wingbeat.geometry.geos" in modules
    assert not _heavy(modules, ("shapely", "numpy")), modules


#: threat zones and advice on a table (their overlay cut by GEOS through ctypes since round 35)
THREAT_AND_ADVICE = [
    ["threat", "example:morbid-angel", "--side", "acheron"],
    ["threat", "example:morbid-angel", "--side", "acheron", "--json"],
    ["threat", "example:morbid-angel", "--creature", "angel", "--svg", "TMP/threat.svg"],
    ["advise", "example:morbid-angel", "angel"],
    ["advise", "example:morbid-angel", "angel", "--json"],
    ["threat", "example:pegasi", "--side", "west"],
    ["advise", "example:pegasi", "pegasi", "--json"],
]


@pytest.mark.skipif(geos.BACKEND != "geos", reason="GEOS not loadable through ctypes here")
@pytest.mark.parametrize("args", THREAT_AND_ADVICE)
def test_a_threat_or_an_advice_on_a_table_loads_neither_shapely_nor_numpy(
        tmp_path: Path, args: list[str]) -> None:
    """The overlay's pieces (``polygonize`` of the zones' boundaries, a point inside each), the
    nearest place a creature can end and the distances advice measures are GEOS's, called
    through ctypes as shapely calls it: a threat, its SVG and an advice import neither shapely
    nor numpy."""
    args = _tabletop_args(args, tmp_path)
    _loaded(_cli(*args), tmp_path)  # the scenario cached, as at a table
    modules = _loaded(_cli(*args), tmp_path)
    assert {"wingbeat.geometry.geos", "wingbeat.tactics.table"} <= modules
    assert not _heavy(modules, ("shapely", "numpy", "wingbeat.tactics.grid")), modules
    if "--svg" not in args:  # (a picture's layouts are the grid's and the table's)
        assert not _heavy(modules, ("wingbeat.rules.grid", "wingbeat.search")), modules
    else:
        assert "<svg" in Path(args[-1]).read_text(encoding="utf-8")


def test_a_tabletop_suggestion_loads_neither_shapely_nor_numpy(tmp_path: Path) -> None:
    """``play suggest`` on a tabletop encounter asks the same advice."""
    if geos.BACKEND != "geos":
        pytest.skip("GEOS not loadable through ctypes here")
    _loaded(_cli("play", "new", "example:morbid-angel", "--seed", "7", "--name", "ruin"),
            tmp_path)
    modules = _loaded(_cli("play", "suggest", "ruin", "angel"), tmp_path)
    assert "wingbeat.tactics.table" in modules
    assert not _heavy(modules, ("shapely", "numpy")), modules


@pytest.mark.parametrize("args", [*DRAWS_OR_GOES_AROUND[:4], THREAT_AND_ADVICE[0],
                                  THREAT_AND_ADVICE[3]])
def test_with_wingbeat_geos_shapely_the_areas_are_shapelys(
        tmp_path: Path, args: list[str]) -> None:
    """``WINGBEAT_GEOS=shapely`` (or GEOS not found beside shapely) asks shapely instead."""
    args = _tabletop_args(args, tmp_path)
    code = "import os\nos.environ['WINGBEAT_GEOS'] = 'shapely'\n" + _cli(*args)
    modules = _loaded(code, tmp_path)
    assert {"shapely", "numpy"} <= modules


@pytest.mark.parametrize("args", [
    ["reach", "example:pegasi", "pegasi"],
    ["reach", "example:morbid-angel", "angel"],
    ["path", "example:morbid-angel", "knight", "--to", "50,55"],  # round the ruin
])
def test_a_tabletop_reach_or_way_round_loads_no_grid_search_nor_shapely_ops(
        tmp_path: Path, args: list[str]) -> None:
    """A tabletop reach's text is not a grid's table of rows, so it needs no grid search to
    be told so; the areas and the free space take their unions from GEOS itself, not from
    ``shapely.ops`` (its polygonizing, labels and prepared shapes)."""
    _loaded(_cli(*args), tmp_path)  # the scenario cached, as at a table
    modules = _loaded(_cli(*args), tmp_path)
    assert "wingbeat.geometry.geos" in modules
    assert not _heavy(modules, ("wingbeat.rules.grid", "wingbeat.search", "shapely.ops",
                                "shapely.prepared", "shapely.algorithms.polylabel")), modules


@pytest.mark.parametrize("args", [
    ["reach", "example:morbid-angel", "angel"],
    ["check", "example:giant-bat", "bat", "U35"],
])
def test_a_command_leaves_what_it_made_out_of_the_collectors_last_passes(
        tmp_path: Path, args: list[str]) -> None:
    """The process ends with the command: what it made (numpy's and shapely's modules for a
    tabletop reach) is frozen as start-up's is, so shutdown's collections walk none of it; the
    collector stays on."""
    _collector_after(_cli(*args), tmp_path)  # the scenario cached
    after = _answer(f"{_cli(*args)}\nimport gc, json\n"
                    "print(json.dumps([gc.isenabled(), len(gc.get_objects())]))", tmp_path)
    assert after[0]
    assert after[1] < 1_000  # (the printing's own few; tens of thousands without the freeze)


def test_the_core_commands_annotations_are_objects_not_text() -> None:
    """Typer reads each parameter from its function's annotations: written as text (``from
    __future__ import annotations``) every one is compiled and evaluated again as a command
    starts, so ``wingbeat.cli`` keeps them evaluated once, as its functions are made."""
    functions = [info.callback for info in cli._core.registered_commands]
    functions.append(cli._core.registered_callback.callback)  # type: ignore[union-attr]
    functions = [f for f in functions if f is not None and f.__module__ == cli.__name__]
    assert {f.__name__ for f in functions} >= {"check", "reach", "path", "engagement", "_root"}
    for function in functions:
        text = [name for name, hint in function.__annotations__.items() if isinstance(hint, str)]
        assert not text, (function.__name__, text)


@pytest.mark.parametrize("args", [
    ["reach", "example:morbid-angel", "angel"],
    ["path", "example:morbid-angel", "knight", "--to", "50,55"],
    ["reach", "example:pegasi", "pegasi", "--json"],
    ["check", "example:giant-bat", "bat", "U35"],
])
def test_no_collection_walks_what_the_answer_made(tmp_path: Path, args: list[str]) -> None:
    """The collector, on again once the answer is made, starts no pass over what the command
    made while it waited (tens of thousands of objects for a tabletop reach: numpy's and
    shapely's modules): ``_answer`` keeps them with start-up's, out of its reach. Told by the
    objects each collection finds in the generations it walks, never by time."""
    _collector_after(_cli(*args), tmp_path)  # the scenario cached
    code = ("import gc\nwalked = []\n"
            "def seen(phase, info):\n"
            "    if phase == 'start':\n"
            "        walked.append(sum(len(gc.get_objects(g))\n"
            "                          for g in range(info['generation'] + 1)))\n"
            "gc.callbacks.append(seen)\n"
            f"{_cli(*args)}\n"
            "gc.callbacks.remove(seen)\n"
            "import json\nprint(json.dumps(walked))")
    walked = _answer(code, tmp_path)
    assert max(walked, default=0) < 15_000, walked  # (start-up's typing: 7,000 at most)


def test_a_program_running_commands_in_its_process_keeps_collecting_their_objects(
        tmp_path: Path) -> None:
    """Only a process that ends with its command (``main``) keeps what the command made out of
    the collector's reach; a program that runs commands itself (Typer's ``CliRunner``, as tests
    and tools do) freezes nothing more than start-up did."""
    frozen = _answer(
        "import gc, json\nimport wingbeat.cli as cli\nfrom typer.testing import CliRunner\n"
        "before = gc.get_freeze_count()\nrunner = CliRunner()\n"
        "for args in (['reach', 'example:morbid-angel', 'angel'],\n"
        "             ['check', 'example:giant-bat', 'bat', 'U35', '--json']):\n"
        "    assert runner.invoke(cli.app, args).exit_code == 0\n"
        "print(json.dumps([before, gc.get_freeze_count(), gc.isenabled()]))", tmp_path)
    assert frozen[1] <= frozen[0] and frozen[2], frozen  # (a frozen object freed leaves it)


@pytest.mark.parametrize("args", [
    ["reach", "example:morbid-angel", "angel"],
    ["path", "example:morbid-angel", "knight", "--to", "50,55"],
    ["reach", "example:pegasi", "pegasi", "--json"],
    ["check", "example:giant-bat", "bat", "U35"],
])
def test_a_command_with_nothing_to_escape_compiles_no_pattern_of_errors(
        tmp_path: Path, args: list[str]) -> None:
    """``wingbeat.errors`` compiles its patterns (a terminal's controls) on first use, not at
    import (1 ms of every command): a command whose text has none to escape compiles neither of
    the text's two. (The bytes' small one is compiled once a text holds a byte C2 in UTF-8, as the
    angel's ``360°`` does: 0.1 ms.)"""
    _answer(f"{_cli(*args)}\nprint(1)", tmp_path)  # the scenario cached
    compiled = _answer(f"{_cli(*args)}\nimport json\nfrom wingbeat import errors\n"
                       "print(json.dumps(errors._pattern.cache_info().currsize))", tmp_path)
    assert compiled == 0
