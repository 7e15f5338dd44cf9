"""Test settings, and where the tests' own scenario files live (tests/data, in the repository)."""

from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from wingbeat.web import guard as _web_guard

# No per-example deadline and no "too slow" health check (a loaded 2-core CI machine is slow, not
# wrong: no test depends on the machine's speed, issue 23); in CI the examples are derandomized
# so a run is reproducible, while local runs keep exploring new ones.
UNTIMED = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}
settings.register_profile("wingbeat", **UNTIMED)
settings.register_profile("ci", **UNTIMED, derandomize=True, print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "wingbeat")

# English unless a test asks for another language: the machine's locale (LANG=it_IT…) must not
# change what the CLI tests read. The catalogs are compiled from the .po files first, so a test
# reads the translations of this checkout, not those of the last install (scripts/messages.py).
os.environ["WINGBEAT_LANG"] = "en"


def _compile_catalogs() -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "wingbeat_messages_tool", Path(__file__).parent.parent / "scripts" / "messages.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = tool  # dataclasses look their module up
    spec.loader.exec_module(tool)
    tool.compile_all()


_compile_catalogs()

# The CLI keeps validated scenarios in a cache (scenario/_cache.py): the tests use their own, never
# the user's, and every CLI test goes through it, so a scenario read back from it must give the
# same answers as one read from its text.
_CACHE = tempfile.mkdtemp(prefix="wingbeat-test-cache-")
os.environ["WINGBEAT_CACHE_DIR"] = _CACHE
os.environ.pop("WINGBEAT_CACHE", None)
atexit.register(shutil.rmtree, _CACHE, ignore_errors=True)

# Nor the user's encounters: a play command or the play page without --db opens the default
# database ($XDG_DATA_HOME/wingbeat/encounters.sqlite3), which is a fresh one here, so a run never
# writes to the user's (nor fails on one another wingbeat wrote: "written by a newer wingbeat").
_PLAYS = tempfile.mkdtemp(prefix="wingbeat-test-data-")
os.environ["XDG_DATA_HOME"] = _PLAYS
atexit.register(shutil.rmtree, _PLAYS, ignore_errors=True)

# Nor the server's time limit, unless a test is about it: the workers compute at a low priority
# (nice 10), so beside CPU-busy processes a harpy's pure-Python reach waited past the 60 s limit
# (make stress-test). Every app a test makes without a limit of its own gets an hour; the tests of
# the limit give theirs.
_web_guard.TIME_LIMIT = 3600.0

DATA = Path(__file__).resolve().parent / "data"


@pytest.fixture
def data_examples() -> Path:
    """The seeds' worked examples the tests read (tests/data/examples, one folder per ruleset)."""
    return DATA / "examples"


@pytest.fixture
def data_advice() -> Path:
    """The battlefields where the cheapest attack position and advice's best differ, or agree
    (tests/data/advice)."""
    return DATA / "advice"
