"""What a reach picture colours, read off its SVG, and what it should colour, worked out from the
reach JSON (what ``wingbeat reach --json`` prints): the render tests compare the two."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from fractions import Fraction
from typing import Any

import wingbeat

SVG = "{http://www.w3.org/2000/svg}"


def drawn_cells(root: ET.Element) -> dict[str, tuple[str, str]]:
    """What the picture colours: cell label → (cost, can act), from its data attributes."""
    return {g.get("data-cell") or "": (g.get("data-cost") or "", g.get("data-can-act") or "")
            for g in root.iter(SVG + "g") if "reach" in (g.get("class") or "").split()}


def expected_cells(report: dict[str, Any], altitude: int | None) -> dict[str, tuple[str, str]]:
    """The same from the reach JSON, at ``altitude`` (None: any): the least cost per place, and
    whether any end state there still lets the creature act."""
    best: dict[str, Fraction] = {}
    act: dict[str, bool] = {}
    for state in report["states"]:
        if altitude is not None and state["altitude"] != altitude:
            continue
        cost = Fraction(state["cost"])
        best[state["at"]] = min(best.get(state["at"], cost), cost)
        act[state["at"]] = act.get(state["at"], False) or state["can_act"]
    return {at: (wingbeat.format_cost(c), "true" if act[at] else "false")
            for at, c in best.items()}
