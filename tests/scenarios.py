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
