"""``benchmarks/load.py --table`` briefly: a real shared server, two movers racing on one
encounter, screens following live. What is checked is the log against the writes answered 200
(no lost and no doubled move), never a time."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("wingbeat_load_benchmark",
                                                  ROOT / "benchmarks" / "load.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_table_loses_and_doubles_no_move() -> None:
    load = _load()
    result = load.run_table(3.0, 3, at_least=8)  # two rounds at least, whatever the speed
    assert result.moves > 0
    assert result.unseen == 0  # every change reached every screen
    assert result.log_entries == result.writes_ok
    assert result.log_matches
    assert not result.statuses, result.statuses  # only 200, 409 "board changed" and 429


def test_the_screens_fit_the_stream_caps() -> None:
    from wingbeat.web.live import PER_KEY

    assert _load().PER_KEY == PER_KEY
