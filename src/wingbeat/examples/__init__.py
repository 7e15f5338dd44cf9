"""Scenarios that ship with wingbeat, so every command works on a fresh machine: their names and
texts (data, in the core: ``wingbeat.scenario.load_example`` makes a scenario of one)."""

from __future__ import annotations

import os

from ..errors import ScenarioError

__all__ = ["example_names", "example_text"]

#: The examples' folder: files beside this module (importlib.resources would cost a short command
#: a few ms of imports, and wingbeat is never run from a zip).
_FOLDER = os.path.dirname(__file__)


def example_names() -> list[str]:
    return sorted(name.removesuffix(".yaml") for name in os.listdir(_FOLDER)
                  if name.endswith(".yaml"))


def example_text(name: str) -> str:
    if name not in example_names():
        from ..i18n import _

        raise ScenarioError(_("no built-in example {name}; there are: {names}").format(
            name=repr(name), names=", ".join(example_names())))
    with open(os.path.join(_FOLDER, f"{name}.yaml"), encoding="utf-8") as stream:
        return stream.read()

