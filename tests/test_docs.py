"""The documentation ships with the project and stands alone.

Every relative link in README.md and docs/ resolves to a file inside the repository (and to a
heading there, when it names one); nothing in README, docs, src or tests points at the shared
folder beside the repository, which a fresh clone does not have; and every rule id the code can
report is explained under its own heading in its ruleset's rule reference, docs/rules/<ruleset>.md.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest

import wingbeat

REPO = Path(__file__).resolve().parent.parent
DOCS = REPO / "docs"
SOURCE = REPO / "src" / "wingbeat"

#: Spelled in two parts so that this file does not mention what it looks for.
OUTSIDE = "../" + "shared"

#: A rule id as the code writes it: ``V-inertia``, ``D-fly``, ``B-turn``, ``C-dive``.
RULE_ID = re.compile(r"\b[VDBC]-[a-z]+(?:-[a-z]+)*\b")
RULESET_OF = {"V": "volare", "D": "dnd5e", "B": "battlesystem", "C": "confrontation"}

_FENCE = re.compile(r"^ {0,3}(```|~~~).*?^ {0,3}\1[^\n]*$", re.M | re.S)
_CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1", re.S)
_LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_REFERENCE = re.compile(r"^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)", re.M)
_HEADING = re.compile(r"^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$", re.M)
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
_SKIPPED_DIRS = {"__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache", ".hypothesis"}


def markdown_files() -> list[Path]:
    return [REPO / "README.md", *sorted(DOCS.rglob("*.md"))]


def _prose(text: str) -> str:
    """Markdown without its code blocks and code spans: what is left may hold links."""
    return _CODE_SPAN.sub("", _FENCE.sub("", text))


def anchors(text: str) -> set[str]:
    """The anchors GitHub gives a document's headings: lower case, punctuation dropped, spaces
    as hyphens, a repeated heading numbered ``-1``, ``-2`` …"""
    seen: dict[str, int] = {}
    out: set[str] = set()
    for _level, title in _HEADING.findall(_FENCE.sub("", text)):
        base = re.sub(r"[^\w\- ]", "", title.strip().lower()).replace(" ", "-")
        count = seen.get(base, 0)
        seen[base] = count + 1
        out.add(base if count == 0 else f"{base}-{count}")
    return out


def links(text: str) -> list[str]:
    prose = _prose(text)
    return _LINK.findall(prose) + _REFERENCE.findall(prose)


def broken_links(source: Path, text: str, root: Path = REPO) -> list[str]:
    """Each relative link of ``text`` (the contents of ``source``) that does not resolve to a file
    inside ``root``, or to a heading of it when it names an anchor, with the reason."""
    problems = []
    for target in links(text):
        if _SCHEME.match(target):
            continue  # a web address or mail link: not a file of ours
        path_part, _hash, anchor = target.partition("#")
        if not path_part:  # a heading of this very page
            if anchor not in anchors(text):
                problems.append(f"{source.name}: {target} names no heading of this page")
            continue
        resolved = (source.parent / path_part).resolve()
        if not resolved.is_relative_to(root.resolve()):
            problems.append(f"{source.name}: {target} leads outside the repository")
        elif not resolved.exists():
            problems.append(f"{source.name}: {target} does not exist")
        elif (anchor and resolved.is_file() and resolved.suffix == ".md"
              and anchor not in anchors(resolved.read_text(encoding="utf-8"))):
            problems.append(f"{source.name}: {target} names no heading of {resolved.name}")
    return problems


def rule_ids(files: Iterable[Path]) -> set[str]:
    """The rule ids written anywhere in these files: every id the code can report or cite."""
    return {m for f in files for m in RULE_ID.findall(f.read_text(encoding="utf-8"))}


def unexplained(ids: Iterable[str], reference: str) -> set[str]:
    """The ids that have no heading of their own (``## V-inertia``) in a rule reference."""
    headings = {title.strip() for _level, title in _HEADING.findall(_FENCE.sub("", reference))}
    return {rule for rule in ids if rule not in headings}


def _text_files(*tops: Path) -> Iterator[Path]:
    for top in tops:
        if top.is_file():
            yield top
            continue
        for path in sorted(top.rglob("*")):
            parts = set(path.relative_to(REPO).parts)
            if parts & _SKIPPED_DIRS or any(p.endswith(".egg-info") for p in parts):
                continue
            if path.is_file():
                yield path


# -- links ------------------------------------------------------------------------------------

@pytest.mark.parametrize("document", markdown_files(), ids=lambda p: str(p.relative_to(REPO)))
def test_every_relative_link_resolves_inside_the_repository(document: Path) -> None:
    assert broken_links(document, document.read_text(encoding="utf-8")) == []


def test_the_link_check_catches_a_missing_file_an_anchor_and_the_way_out(tmp_path: Path) -> None:
    """The check above would fail: a dead link, a missing heading (there or here) and a link out
    are all found, while links in code, web addresses and good anchors are not."""
    (tmp_path / "other.md").write_text("# Title\n\n## V-inertia\n", encoding="utf-8")
    page = tmp_path / "page.md"
    text = ("[ok](other.md#v-inertia) [web](https://example.org/x.md) [self](#here)\n\n"
            "## Here\n\n`[code](nowhere.md)`\n\n```\n[block](nowhere.md)\n```\n\n"
            "[dead](missing.md) [anchor](other.md#v-wind) [out](../outside.md) [no](#there)\n")
    problems = broken_links(page, text, root=tmp_path)
    assert len(problems) == 4, problems
    assert any("missing.md does not exist" in p for p in problems)
    assert any("other.md#v-wind names no heading" in p for p in problems)
    assert any("leads outside the repository" in p for p in problems)
    assert any("#there names no heading of this page" in p for p in problems)


def test_anchors_follow_github() -> None:
    assert anchors("## Notation (`check`)\n## `check` and `path`\n## D-grid\n## D-grid\n") == {
        "notation-check", "check-and-path", "d-grid", "d-grid-1"}


# -- nothing points outside ---------------------------------------------------------------------

def test_nothing_mentions_the_shared_folder_beside_the_repository() -> None:
    offenders = []
    for path in _text_files(REPO / "README.md", DOCS, REPO / "src", REPO / "tests"):
        data = path.read_bytes()
        if b"\0" in data:
            continue  # a binary file
        if OUTSIDE in data.decode("utf-8", errors="replace"):
            offenders.append(str(path.relative_to(REPO)))
    assert offenders == []


# -- rule ids -----------------------------------------------------------------------------------

def code_rule_ids() -> set[str]:
    return rule_ids(SOURCE.rglob("*.py"))


def test_the_code_reports_rule_ids_of_every_ruleset() -> None:
    """The collection below is not empty by accident: it finds the ids every ruleset raises."""
    ids = code_rule_ids()
    assert {"V-inertia", "V-wind", "D-fly", "D-creatures", "B-turn", "B-alt", "C-dive",
            "C-change"} <= ids
    assert {rule[0] for rule in ids} == set(RULESET_OF)
    assert len(ids) >= 30


@pytest.mark.parametrize("ruleset", sorted(RULESET_OF.values()))
def test_every_rule_id_the_code_reports_is_explained_in_its_rule_reference(ruleset: str) -> None:
    ids = {rule for rule in code_rule_ids() if RULESET_OF[rule[0]] == ruleset}
    reference = (DOCS / "rules" / f"{ruleset}.md").read_text(encoding="utf-8")
    assert ids
    assert unexplained(ids, reference) == set()


@pytest.mark.parametrize("ruleset", sorted(RULESET_OF.values()))
def test_rule_references_head_only_ids_the_code_knows(ruleset: str) -> None:
    """A heading that looks like a rule id is one the code reports: no stale or misspelt id."""
    reference = (DOCS / "rules" / f"{ruleset}.md").read_text(encoding="utf-8")
    headed = {title.strip() for _level, title in _HEADING.findall(_FENCE.sub("", reference))
              if RULE_ID.fullmatch(title.strip())}
    assert headed
    assert headed <= code_rule_ids()


def test_a_rule_id_missing_from_its_reference_is_caught() -> None:
    """The check above would fail if a rule id lost its section: drop V-inertia's heading."""
    reference = (DOCS / "rules" / "volare.md").read_text(encoding="utf-8")
    assert unexplained({"V-inertia", "V-wind"}, reference) == set()
    cut = reference.replace("\n## V-inertia\n", "\n")
    assert cut != reference
    assert unexplained({"V-inertia", "V-wind"}, cut) == {"V-inertia"}
    # a mention in passing is not an explanation
    assert "V-inertia" in cut


# -- the scenario contract ----------------------------------------------------------------------

def test_every_scenario_example_of_the_contract_loads(tmp_path: Path) -> None:
    """docs/scenario.md shows one example per ruleset, and each is a valid scenario."""
    text = (DOCS / "scenario.md").read_text(encoding="utf-8")
    blocks = [b for b in re.findall(r"```yaml\n(.*?)```", text, re.S)
              if b.startswith("ruleset:")]
    loaded = []
    for i, block in enumerate(blocks):
        path = tmp_path / f"example{i}.yaml"
        path.write_text(block, encoding="utf-8")
        loaded.append(wingbeat.load_scenario(path).ruleset)
    assert sorted(loaded) == sorted(RULESET_OF.values())
