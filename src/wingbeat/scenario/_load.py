"""Reading a scenario: the file, its syntax, and dispatch to the ruleset's schema (the
registry's ``build``)."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .._files import FileTooLarge, UnreadableFile, read_limited
from ..errors import ScenarioError
from ..i18n import N_, _
from ..model import Scenario
from ..rules.registry import ruleset_ids, ruleset_info
from ._problems import MAX_PROBLEMS, _shown, printable

if TYPE_CHECKING:

    from ._yaml import Marks

__all__ = ["MAX_BYTES", "load_example", "load_scenario", "parse_scenario", "read_scenario_file",
           "read_scenario_text", "relocated"]

#: The largest scenario read, in bytes: a scenario is a small text file (the largest example is a
#: few kilobytes), and no more than this is ever read from any file given.
MAX_BYTES = 1_000_000
_TOO_LARGE = N_("is larger than 1 MB; a scenario is a small text file")


def load_scenario(path: str | Path) -> Scenario:
    """Read and validate a scenario file; a ``ScenarioError`` says what is wrong and where."""
    return read_scenario_text(read_scenario_file(path), source=str(path),
                              base=str(Path(path).parent))


def load_example(name: str) -> Scenario:
    """A built-in scenario by name (``giant-bat``)."""
    from ..examples import example_text

    return read_scenario_text(example_text(name), source=f"example:{name}")


def read_scenario_file(path: str | Path) -> str:
    """A scenario file's text; a ``ScenarioError`` if it cannot be read as UTF-8, is not a regular
    file, or is larger than ``MAX_BYTES``."""
    source = str(path)
    try:
        raw = read_limited(path, MAX_BYTES)
    except FileTooLarge:
        raise ScenarioError(_(_TOO_LARGE), source=source) from None
    except UnreadableFile as exc:
        raise ScenarioError(exc.reason, source=source) from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ScenarioError(_("is not UTF-8 text"), source=source) from None


def read_scenario_text(text: str, *, source: str = "<scenario>",
                       base: str | None = None) -> Scenario:
    """Parse scenario text (YAML, of which JSON is a subset) and validate it; ``base``: the
    folder a background's relative path starts from (None: the text came from no file). Every
    error names the line and column of the value it is about."""
    import yaml  # here, not above: a command that reads a cached scenario never needs it

    from ._yaml import YamlLimitError, load_marked, said_problem

    if len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise ScenarioError(_(_TOO_LARGE), source=source)
    try:
        data, marks = load_marked(text) if text.strip() else (None, {})
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        where = _line_column(mark.line + 1, mark.column + 1) if mark is not None else None
        position = getattr(exc, "position", None)  # a character no YAML text may hold
        if where is None and isinstance(position, int):
            line = text.count("\n", 0, position)
            column = position - (text.rfind("\n", 0, position) + 1)
            where = _line_column(line + 1, column + 1)
        if isinstance(exc, YamlLimitError):
            raise ScenarioError(printable(str(problem)), source=source, where=where) from None
        raise ScenarioError(_("is not valid YAML or JSON: {problem}").format(
            problem=printable(said_problem(str(problem)))), source=source, where=where) from None
    except json.JSONDecodeError as exc:  # pragma: no cover - yaml parses JSON itself
        raise ScenarioError(_("is not valid JSON: {problem}").format(problem=exc.msg),
                            source=source) from None
    return parse_scenario(data, source=source, base=base, marks=marks)


def parse_scenario(data: Any, *, source: str = "<scenario>", base: str | None = None,
                   marks: Marks | None = None) -> Scenario:
    """Validate already-parsed scenario data (a mapping). ``background`` (every ruleset's) is
    read here, apart from the ruleset's schema: it changes no rule. ``marks`` (from the YAML
    reader: each value's path → line and column) puts the line and column after each problem;
    data that came from no text (Python, a JSON request's body) names the place alone."""
    try:
        return _parse(data, source, base)
    except ScenarioError as exc:
        raise relocated(exc, source, marks or {}) from None


def _parse(data: Any, source: str, base: str | None) -> Scenario:
    if not isinstance(data, Mapping):
        got = _("nothing") if data is None else type(data).__name__
        raise ScenarioError(_("expected a mapping with ruleset, map and creatures; got "
                              "{got}").format(got=got), source=source)
    ruleset = data.get("ruleset")
    if ruleset is None:
        raise ScenarioError(_("missing; expected one of: {choices}").format(
            choices=", ".join(ruleset_ids())), source=source, where="ruleset")
    if not isinstance(ruleset, str) or ruleset not in ruleset_ids():
        raise ScenarioError(_("unknown ruleset {ruleset}; expected one of: {choices}").format(
            ruleset=_shown(ruleset), choices=", ".join(ruleset_ids())), source=source,
            where="ruleset")
    data = dict(data)
    background = data.pop("background", None)
    scenario = ruleset_info(ruleset).build(data, source)
    if background is not None:
        from dataclasses import replace

        from ._background import build_background

        scenario = replace(scenario, background=build_background(background, source, base))
    return scenario


def _line_column(line: int, column: int) -> str:
    """``line 5, column 12``: a place in the scenario file's text."""
    return _("line {line}, column {column}").format(line=line, column=column)


def relocated(error: ScenarioError, source: str, marks: Marks) -> ScenarioError:
    """``error`` naming ``source``, each of its problems followed by the line and column of its
    place where ``marks`` know it (``creatures[1].speed: expected … (line 5, column 12)``), its
    problems in the order of the file (those without a line first), at
    most ``MAX_PROBLEMS`` of them, and no control character or lone surrogate in any."""
    ranked = []
    for order, (where, message) in enumerate(error.problems):
        line = _line_of(where, marks)
        if line is not None:
            message = f"{message} ({_line_column(line[0], line[1])})"
        ranked.append(((line or (0, 0), order),
                       (None if where is None else printable(where), printable(message))))
    ranked.sort(key=lambda item: item[0])
    problems = [problem for _rank, problem in ranked]
    kept = problems[:MAX_PROBLEMS]
    hidden = error.hidden + len(problems) - len(kept)
    (where, message), *more = kept
    return ScenarioError(message, source=error.source or source, where=where,
                         more=tuple(more), hidden=hidden)


_PART = re.compile(r"\[(\d+)\]|([^.\[\]]+)")


def _line_of(where: str | None, marks: Marks) -> tuple[int, int] | None:
    """The (line, column) of the value at ``where`` (``creatures[1].speed``), or of the nearest
    value around it that the text has (a missing key: its mapping)."""
    if where is None or not marks or where.startswith("line "):
        return None
    path: list[str | int] = []
    for index, key in _PART.findall(where.split(" ", 1)[0]):
        path.append(int(index) if index else key)
    while True:
        found = marks.get(tuple(path))
        if found is not None:
            return found
        if not path:
            return None
        path.pop()
