"""Scenarios that ship with wingbeat, so every command works on a fresh machine."""

from __future__ import annotations

from importlib import resources

from ..errors import ScenarioError
from ..model import Scenario

__all__ = ["example_names", "example_text", "load_example"]


def example_names() -> list[str]:
    folder = resources.files(__name__)
    return sorted(p.name.removesuffix(".yaml") for p in folder.iterdir()
                  if p.name.endswith(".yaml"))


def example_text(name: str) -> str:
    if name not in example_names():
        raise ScenarioError(f"no built-in example {name!r}; there are: "
                            + ", ".join(example_names()))
    return resources.files(__name__).joinpath(f"{name}.yaml").read_text(encoding="utf-8")


def load_example(name: str) -> Scenario:
    """A built-in scenario by name (``giant-bat``)."""
    from ..scenario import read_scenario_text

    return read_scenario_text(example_text(name), source=f"example:{name}")
