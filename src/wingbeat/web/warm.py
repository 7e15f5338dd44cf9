"""Imported once by the worker processes' fork server (web/pool.py): import every ruleset's
modules (engine, schema, picture, play, threat: ``RulesetInfo.preload``) and parse and summarise
every built-in example (half a second), so that each worker forked after it starts with them
instead of paying it on its first question (the first picture of a dnd5e battle paid about 35 ms
of imports)."""

from __future__ import annotations

import gc
from contextlib import suppress

from ..examples import example_names
from ..rules.registry import rulesets
from . import jobs

__all__: list[str] = []

# shapely (and numpy) in the fork server: a command line leaves them out (GEOS by ctypes starts a
# tenth of a second sooner), but a worker has them for free, and the visibility graph of a
# crowded table asks its thousands of legs of shapely's vectorised ``covers`` (geometry/geos.py)
with suppress(Exception):
    import shapely  # noqa: F401

for _info in rulesets():
    with suppress(Exception):  # a warm-up only: the question itself will say what is wrong
        _info.preload()

for _name in example_names():
    with suppress(Exception):  # a warm-up only: the question itself will say what is wrong
        jobs.summary(jobs.Source(("example", _name), f"example:{_name}"), f"example:{_name}")

# What the warm-up made lives as long as every worker: out of the collector's reach, so that a
# worker's first full collection does not walk it (25-40 ms of the harpy's first picture, whose
# thousands of new dicts set one off) and does not write to the pages it shares with the fork
# server (gc.freeze: a worker forked after this inherits the frozen generation).
gc.freeze()
