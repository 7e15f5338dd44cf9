"""Shared helpers: build scenarios from small dicts, find the shared examples."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

# No per-example deadline (a loaded 2-core CI machine is slow, not wrong); in CI the examples are
# derandomized so a run is reproducible, while local runs keep exploring new ones.
settings.register_profile("wingbeat", deadline=None)
settings.register_profile("ci", deadline=None, derandomize=True, print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "wingbeat")

REPO = Path(__file__).resolve().parent.parent
_SHARED_CANDIDATES = [
    Path(os.environ["WINGBEAT_SHARED"]) if os.environ.get("WINGBEAT_SHARED") else None,
    REPO.parent / "shared",
]
SHARED = next((p for p in _SHARED_CANDIDATES if p is not None and p.is_dir()), None)


@pytest.fixture
def shared_examples() -> Path:
    """The shared examples folder (beside the repository, as CI lays it out)."""
    if SHARED is None:
        pytest.fail("the shared folder beside the repository is missing (or set WINGBEAT_SHARED): "
                    "the examples under shared/examples are required tests")
    return SHARED / "examples"
