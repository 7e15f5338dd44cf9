"""The shape of the code (docs/architecture.md): every import points down, and nothing runs in a
circle. ``lint-imports`` checks the layers, the plug-ins' independence and the forbidden imports
(``pyproject.toml``'s contracts, also run by ``make lint``); this file runs them too, and checks
what the contracts leave open: no cycle between any two modules (a package and its own modules
included), and no ruleset named outside its own folder."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import grimp
import pytest

import wingbeat
from wingbeat.rules.registry import ruleset_ids

SRC = Path(wingbeat.__file__).resolve().parent
ROOT = SRC.parent.parent

#: grimp reads ``from . import _kernel`` (a compiled module, no .py) as an import of the package
#: itself; ``kernel`` imports only the compiled searches (pyproject.toml ignores it the same way).
UNSEEN = {("wingbeat.kernel", "wingbeat")}


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    # Imports inside functions count; those under ``if TYPE_CHECKING:`` never run.
    return grimp.build_graph("wingbeat", exclude_type_checking_imports=True)


def _cycles(edges: dict[str, set[str]]) -> Iterator[list[str]]:
    """Each strongly connected set of more than one module (Tarjan's, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                found = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    found.append(member)
                    if member == node:
                        break
                if len(found) > 1:
                    yield sorted(found)


def test_the_import_contracts_hold() -> None:
    """``lint-imports``: core < contracts < frameworks < plug-ins < faces, the plug-ins
    independent, the faces through the registry, the core without framework libraries."""
    from importlinter.cli import lint_imports

    assert lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True,
                        no_logo=True) == 0


def test_no_module_imports_itself_round_a_cycle(graph: grimp.ImportGraph) -> None:
    edges = {module: {found for found in graph.find_modules_directly_imported_by(module)
                      if (module, found) not in UNSEEN}
             for module in graph.modules}
    cycles = list(_cycles(edges))
    said = [" ↔ ".join(cycle) + ": " + ", ".join(
        f"{a} → {b}" for a in cycle for b in sorted(edges[a] & set(cycle))) for cycle in cycles]
    assert not cycles, "\n".join(said)


def test_the_cycle_finder_finds_a_cycle() -> None:
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert list(_cycles(edges)) == [["a", "b", "c"]]


def test_the_import_taken_out_is_still_there(graph: grimp.ImportGraph) -> None:
    """The kernel's import left out above is still made (else the exception goes)."""
    for importer, imported in UNSEEN:
        assert imported in graph.find_modules_directly_imported_by(importer)


def _named(text: str) -> set[str]:
    ids = "|".join(re.escape(i) for i in ruleset_ids())
    return set(re.findall(rf"""["']({ids})["']""", text))


def test_no_ruleset_is_named_outside_its_own_folder() -> None:
    """Every face, framework and contract finds a ruleset through the registry: no ruleset's id
    is written as a string in the code outside ``rulesets/<id>/`` (its examples aside)."""
    named = {}
    for path in sorted(SRC.rglob("*.py")):
        if path.relative_to(SRC).parts[0] == "rulesets":
            continue
        found = _named(path.read_text(encoding="utf-8"))
        if found:
            named[str(path.relative_to(SRC))] = sorted(found)
    assert not named, named


def test_a_ruleset_names_only_itself() -> None:
    for folder in sorted((SRC / "rulesets").iterdir()):
        if not folder.is_dir() or folder.name.startswith("_"):
            continue
        for path in sorted(folder.rglob("*.py")):
            others = _named(path.read_text(encoding="utf-8")) - {folder.name}
            assert not others, f"{path.relative_to(SRC)} names {sorted(others)}"
