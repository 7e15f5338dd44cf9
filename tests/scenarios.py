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


#: A small volare file, an owl over a mouse, as the web tests upload and serve it.
SMALL = """\
ruleset: volare
map: {columns: 10, rows: 12, top: 4}
creatures:
  - {id: owl, name: Owl, fly: 4, at: E5, altitude: 1, mode: hovering}
  - {id: mouse, at: F6, mode: grounded}
"""


def battlesystem(*units: dict[str, Any], game: str = "adnd", **options: Any) -> wingbeat.Scenario:
    """A battlesystem scenario on a 200 × 200 inch table, under ``game``'s rules (AD&D unless
    told otherwise) and ``options``."""
    return wingbeat.parse_scenario({"ruleset": "battlesystem", "options": {"game": game, **options},
                                    "map": {"table": [200, 200]}, "units": list(units)},
                                   source="test")


def dnd5e(creatures: str, *, source: str, cells: str = "[]", options: str = "{}",
          columns: int = 10, rows: int = 10, top: int = 6, grid: str = "square",
          bottom: int | None = None) -> wingbeat.Scenario:
    """A dnd5e scenario written as a file's text (its lines and columns in any error): the
    creatures' YAML lines (``  - {…}``), the map's ``cells`` blocks and ``options`` in YAML, read
    as the file ``source``."""
    floor = "" if bottom is None else f"bottom: {bottom}, "
    text = (f"ruleset: dnd5e\noptions: {options}\n"
            f"map: {{grid: {grid}, columns: {columns}, rows: {rows}, top: {top}, "
            f"{floor}cells: {cells}}}\ncreatures:\n{creatures}")
    return wingbeat.read_scenario_text(text, source=source)


# What the web adds to a path or check answer for the page (web/said.py): amounts and the end as
# the command line's text says them.
SAID = ("cost_text", "end_text", "said")
STEP_SAID = ("cost_text", "total_text")


def untold(answer: dict[str, Any]) -> dict[str, Any]:
    """A web ``path``/``check`` answer without the sentences it adds for the page (``"text"`` on
    each check and event, ``"label"`` on each check, and the amounts and end as text), checking
    each is the one the command line's text says: what is left is the CLI's JSON."""
    from wingbeat.narrate import check_label, check_text, event_text
    from wingbeat.web.said import said_amount

    def strip(items: list[dict[str, Any]], say: Any, drop_step: bool = False) -> list[Any]:
        out = []
        for item in items:
            rest = {k: v for k, v in item.items() if k not in ("text", "label")}
            said = {k: v for k, v in rest.items() if k != "step"} if drop_step else rest
            assert item["text"] == say(said), item
            if say is check_text:
                assert item["label"] == check_label(rest), item
            out.append(rest)
        return out

    data = {k: v for k, v in answer.items() if k not in SAID}
    if "cost_text" in answer:
        assert answer["cost_text"] == f"{said_amount(answer['cost'], answer['unit'])} " \
            f"{answer['unit']}", answer
    for key, say in (("checks", check_text), ("events", event_text)):
        if isinstance(data.get(key), list):
            data[key] = strip(data[key], say)
    if isinstance(data.get("steps"), list):
        steps = []
        for step in data["steps"]:
            if "total_text" in step:
                assert step["total_text"] == said_amount(step["total"], answer["unit"]), step
            step = {k: v for k, v in step.items() if k not in STEP_SAID}
            if "checks" in step:
                step["checks"] = strip(step["checks"], check_text)
            if "events" in step:
                step["events"] = strip(step["events"], event_text, drop_step=True)
            steps.append(step)
        data["steps"] = steps
    return data
