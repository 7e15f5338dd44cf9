"""Scenarios that ship with wingbeat, so every command works on a fresh machine: their names and
texts (data, in the core: ``wingbeat.scenario.load_example`` makes a scenario of one)."""

from __future__ import annotations

from importlib import resources

from ..errors import ScenarioError

__all__ = ["example_names", "example_text"]


def example_names() -> list[str]:
    folder = resources.files(__name__)
    return sorted(p.name.removesuffix(".yaml") for p in folder.iterdir()
                  if p.name.endswith(".yaml"))


def example_text(name: str) -> str:
    if name not in example_names():
        from ..i18n import _

        raise ScenarioError(_("no built-in example {name}; there are: {names}").format(
            name=repr(name), names=", ".join(example_names())))
    return resources.files(__name__).joinpath(f"{name}.yaml").read_text(encoding="utf-8")

