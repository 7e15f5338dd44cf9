"""Asking wingbeat as the rules tests do: the command line's JSON with its exit code checked, and
the library's reports checked for their kind, or for the rule and step that refused a move."""

from __future__ import annotations

import json
from typing import Any, TypeVar

from typer.testing import CliRunner

import wingbeat
from wingbeat.cli import app

R = TypeVar("R")

runner = CliRunner()


def cli_json(*args: str, code: int = 0) -> dict[str, Any]:
    """``wingbeat ARGS --json``'s answer; the command must exit with ``code``."""
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == code, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def cli_text(*args: str, code: int = 0) -> str:
    """``wingbeat ARGS``'s text; the command must exit with ``code``."""
    result = runner.invoke(app, list(args))
    assert result.exit_code == code, result.output
    return result.stdout


def checked(kind: type[R], scenario: wingbeat.Scenario, who: str, moves: str,
            **options: Any) -> R:
    """``check``'s report, which must be of the ruleset's ``kind``."""
    report = wingbeat.check(scenario, who, moves, **options)
    assert isinstance(report, kind)
    return report


def reached(kind: type[R], scenario: wingbeat.Scenario, who: str, **options: Any) -> R:
    """``reach``'s report, which must be of the ruleset's ``kind``."""
    report = wingbeat.reach(scenario, who, **options)
    assert isinstance(report, kind)
    return report


def refusal(report: Any, rule: str, step: int) -> str:
    """The message of a move refused by ``rule`` at ``step`` (it must be refused so)."""
    assert not report.legal and report.error is not None, report.to_text()
    assert (report.error.rule, report.error.step) == (rule, step), report.error.message
    return str(report.error.message)


def check_json(scenario: wingbeat.Scenario, who: str, moves: str,
               **options: Any) -> dict[str, Any]:
    """``check``'s report as its JSON (``to_dict``)."""
    result: dict[str, Any] = wingbeat.check(scenario, who, moves, **options).to_dict()
    return result
