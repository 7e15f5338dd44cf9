"""Small scenario builders for tests."""

from __future__ import annotations

from typing import Any

import wingbeat


def volare(creatures: list[dict[str, Any]], **map_fields: Any) -> wingbeat.Scenario:
    """A volare scenario on a 30 × 50 map unless told otherwise."""
    fields: dict[str, Any] = {"grid": "hex", "columns": 30, "rows": 50, "top": 10}
    fields.update(map_fields)
    return wingbeat.parse_scenario(
        {"ruleset": "volare", "map": fields, "creatures": creatures}, source="test"
    )


def untold(answer: dict[str, Any]) -> dict[str, Any]:
    """A web ``path``/``check`` answer without the sentences it adds for the page (``"text"`` on
    each check and event), checking each is the one the command line's text says: what is left
    is the CLI's JSON."""
    from wingbeat.narrate import check_text, event_text

    def strip(items: list[dict[str, Any]], say: Any, drop_step: bool = False) -> list[Any]:
        out = []
        for item in items:
            rest = {k: v for k, v in item.items() if k != "text"}
            said = {k: v for k, v in rest.items() if k != "step"} if drop_step else rest
            assert item["text"] == say(said), item
            out.append(rest)
        return out

    data = dict(answer)
    for key, say in (("checks", check_text), ("events", event_text)):
        if isinstance(data.get(key), list):
            data[key] = strip(data[key], say)
    if isinstance(data.get("steps"), list):
        steps = []
        for step in data["steps"]:
            step = dict(step)
            if "checks" in step:
                step["checks"] = strip(step["checks"], check_text)
            if "events" in step:
                step["events"] = strip(step["events"], event_text, drop_step=True)
            steps.append(step)
        data["steps"] = steps
    return data
