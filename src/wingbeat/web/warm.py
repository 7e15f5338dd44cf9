"""Imported once by the worker processes' fork server (web/pool.py): parse and summarise every
built-in example, which imports every ruleset's modules on the way (half a second), so that each
worker forked after it starts with them instead of paying it on its first question."""

from __future__ import annotations

from contextlib import suppress

from ..examples import example_names
from . import jobs

__all__: list[str] = []

for _name in example_names():
    with suppress(Exception):  # a warm-up only: the question itself will say what is wrong
        jobs.summary(jobs.Source(("example", _name), f"example:{_name}"), f"example:{_name}")
