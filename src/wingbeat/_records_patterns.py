"""The regular expressions a short command's modules compile as they import, read already compiled
(issue 29), as ``_records`` reads the dataclasses' methods.

Importing what ``wingbeat check`` needs compiles about thirty patterns (the standard library's
``platform``, ``fractions``, ``json``, ``gettext``, ``dataclasses`` …; wingbeat's ``errors``,
``narrate``, the play store …): 3-4 ms of a short command, parsing texts that never change. What
``re``'s compiler makes of a pattern depends only on its text, its flags and the Python, so
``scripts/precomputed.py`` keeps it (``_records_code/patterns.py``: the program ``_sre.compile``
takes, its groups and their names), and ``install`` (the command line runs it before importing
Typer: ``_deferred``) puts each kept pattern into ``re``'s own cache, made by ``_sre.compile`` from
that program as ``re._compiler.compile`` makes it in its last line. ``re.compile`` then finds it
there: the same pattern object, sooner.

Only for the Python that wrote them (its version and its regular-expression engine's
``_sre.MAGIC``): another leaves ``re`` as it is, and a pattern not kept (a module changed since) is
compiled as before, so an answer never changes, only how soon it comes. Typer's patterns are not
kept (they would tie the file to one Typer release). ``tests/test_import_cost.py`` checks every kept
program is what the compiler makes of its text now and that a command compiles none of them.
"""

from __future__ import annotations

import sys
from typing import Any

__all__ = ["heard_patterns", "install", "kept_module_text"]

#: What ``re._compile`` keeps a pattern under: ``(type(pattern), pattern, flags)``, in this Python.
_PYTHON = f"{sys.version_info[0]}.{sys.version_info[1]}"


def install() -> int:
    """Put every kept pattern into ``re``'s cache (those not there already); how many it put
    (none while ``heard_patterns`` listens)."""
    import re

    if _hearing:
        return 0
    try:
        import _sre  # type: ignore[import-not-found]

        from ._records_code import patterns
    except ImportError:  # none kept (yet), or another Python
        return 0
    cache = getattr(re, "_cache", None)
    if (patterns.PYTHON != _PYTHON or patterns.MAGIC != _sre.MAGIC
            or patterns.CODESIZE != _sre.CODESIZE or not isinstance(cache, dict)
            or len(cache) + len(patterns.KEPT) > getattr(re, "_MAXCACHE", 0)):
        return 0
    put = 0
    for pattern, flags, made_flags, code, groups, groupindex, indexgroup in patterns.KEPT:
        key = (type(pattern), pattern, flags)
        if key not in cache:
            cache[key] = _sre.compile(pattern, made_flags, code, groups, groupindex, indexgroup)
            put += 1
    return put


#: Set while ``heard_patterns`` listens: what is compiled must be compiled, not read.
_hearing = False

#: The modules whose import compiles the patterns kept: the command line and what its short
#: commands import (the built-in grid rulesets, the play store, the scenario cache).
HEARD_MODULES = ("wingbeat.cli", "wingbeat._api", "wingbeat.scenario._cache",
                 "wingbeat.play.commands", "wingbeat.play.store", "wingbeat.play.view",
                 "wingbeat.play.dice", "wingbeat.rulesets.volare", "wingbeat.rulesets.volare.play",
                 "wingbeat.rulesets.dnd5e", "wingbeat.rulesets.dnd5e.play", "wingbeat._jsonout",
                 "pickle")


def _kept_caller(frame: Any) -> bool:
    """Whether the code compiling a pattern is wingbeat's or the standard library's (not a third
    party's, whose next release may change it)."""
    import os
    import sysconfig

    while frame is not None and os.path.basename(os.path.dirname(
            frame.f_code.co_filename)) == "re":
        frame = frame.f_back
    if frame is None:
        return False
    where = os.path.realpath(frame.f_code.co_filename)
    package = os.path.dirname(os.path.realpath(__file__)) + os.sep
    stdlib = os.path.realpath(sysconfig.get_paths()["stdlib"]) + os.sep
    return where.startswith(package) or (where.startswith(stdlib)
                                         and "site-packages" not in where)


def heard_patterns() -> list[tuple[Any, int]]:
    """``(pattern, flags)`` of every pattern compiled while ``HEARD_MODULES`` import, by
    wingbeat's or the standard library's code. Run in a fresh interpreter (a pattern compiled
    before is not heard)."""
    import importlib
    import re
    import warnings

    global _hearing
    _hearing = True
    heard: dict[tuple[type, Any, int], None] = {}
    compile_ = re._compiler.compile  # type: ignore[attr-defined]
    re.purge()

    def hearing(pattern: Any, flags: int = 0) -> Any:
        if isinstance(pattern, (str, bytes)) and _kept_caller(sys._getframe(1)):
            heard[(type(pattern), pattern, int(flags))] = None
        return compile_(pattern, flags)

    re._compiler.compile = hearing  # type: ignore[attr-defined]
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for name in HEARD_MODULES:
                try:
                    importlib.import_module(name)
                except ImportError:  # pragma: no cover - an optional part missing
                    continue
    finally:
        re._compiler.compile = compile_  # type: ignore[attr-defined]
        _hearing = False
    return [(pattern, flags) for (_kind, pattern, flags) in heard]


def made(pattern: Any, flags: int) -> tuple[Any, ...] | None:
    """What ``re._compiler.compile`` hands ``_sre.compile`` for ``pattern``: its flags, program,
    groups and their names; None for one whose compiling warns or prints (kept out)."""
    import re
    import warnings

    if flags & re.DEBUG:
        return None
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        try:
            parsed = re._parser.parse(pattern, flags)  # type: ignore[attr-defined]
        except Warning:
            return None
    code = re._compiler._code(parsed, flags)  # type: ignore[attr-defined]
    groupindex = dict(parsed.state.groupdict)
    indexgroup: list[str | None] = [None] * parsed.state.groups
    for name, index in groupindex.items():
        indexgroup[index] = name
    return (int(flags | parsed.state.flags), [int(c) for c in code], parsed.state.groups - 1,
            groupindex,
            tuple(indexgroup))


def kept_module_text(heard: list[tuple[Any, int]]) -> str:
    """``_records_code/patterns.py`` for the patterns ``heard``: each with its program."""
    import _sre

    rows = []
    for pattern, flags in sorted(heard, key=lambda p: (isinstance(p[0], bytes), repr(p[0]),
                                                       p[1])):
        found = made(pattern, flags)
        if found is not None:
            rows.append(f"    ({pattern!r}, {flags}, {', '.join(repr(v) for v in found)}),")
    lines = ['"""The patterns ``_records_patterns.install`` puts into ``re``\'s cache: each '
             "``(pattern, flags, flags made,", "program, groups, group index, index group)``, as "
             "``re._compiler.compile`` hands them to ``_sre.compile``.",
             'Written by ``python scripts/precomputed.py update``; do not edit."""',
             "# ruff: noqa", "# mypy: ignore-errors", "",
             f'PYTHON = "{_PYTHON}"', f"MAGIC = {_sre.MAGIC}", f"CODESIZE = {_sre.CODESIZE}",
             "", "KEPT = ("]
    return "\n".join([*lines, *rows, ")", ""])
