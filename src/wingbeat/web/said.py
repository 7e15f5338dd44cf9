"""A move's amounts and end as the command line says them, for the page.

The page knows no rule: it shows the words the server gives it. ``amounts_said`` adds them to a
path or check answer's JSON (which stays the CLI's ``--json`` plus these fields): each amount in
the ruleset's unit as a person reads it (``format_amount``: ``17.5`` cm, ``4¼`` MP), per step its
cost and running total, where the move ends as the text's verdict line says it, and the lines the
text says after it (whether it can still attack, a turn's movement left, vision, notes): the move
report's own words (``MoveReport.end_words``, ``said_lines``), never its text read back. A
length reads as on a ruler, with at most one decimal: one the exact amount needs more for (a
diagonal on a table: 10.9202 cm) is said rounded, with "≈" before it (the JSON keeps the exact
amount).
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from ..model import LENGTH_UNITS, format_amount
from ..rules.reports import MoveSaying

__all__ = ["amounts_said", "said_amount"]

def said_amount(value: Fraction | str, unit: str) -> str:
    """``value`` in ``unit`` as the page says it: ``format_amount``, a length to one decimal."""
    exact = format_amount(value, unit)
    decimals = exact.partition(".")[2]
    if unit not in LENGTH_UNITS or len(decimals) <= 1:
        return exact
    tenths = math.floor(Fraction(value) * 10 + Fraction(1, 2))  # half up, as a ruler is read
    return "≈" + format_amount(Fraction(tenths, 10), unit)


def amounts_said(data: dict[str, Any], result: object) -> dict[str, Any]:
    """``data`` (``result``'s JSON) with ``cost_text`` (``"17.5 cm"``), each step's ``cost_text``
    and ``total_text``, ``end_text`` and ``said`` (the text's lines after its verdict), where the
    answer has them."""
    unit = data.get("unit")
    if not isinstance(unit, str) or data.get("found") is False:
        return data
    if data.get("cost") is not None:
        data["cost_text"] = f"{said_amount(data['cost'], unit)} {unit}"
    before = Fraction(0)
    for step in data.get("steps") or ():
        if step.get("total") is None:
            continue
        total = Fraction(step["total"])
        step["cost_text"] = said_amount(total - before, unit)
        step["total_text"] = said_amount(total, unit)
        before = total
    if isinstance(result, MoveSaying):
        data["end_text"] = result.end_words()
        data["said"] = [line for line in result.said_lines() if line]
    return data
