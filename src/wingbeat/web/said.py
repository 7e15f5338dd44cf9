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

from ..i18n import percent
from ..model import LENGTH_UNITS, format_amount
from ..rules.reports import MoveSaying
from ..tactics.model import cost_unit
from ._messages import _, ngettext

__all__ = ["amounts_said", "said_amount"]

def said_amount(value: Fraction | str, unit: str) -> str:
    """``value`` in ``unit`` as the page says it: ``format_amount``, a length to one decimal."""
    exact = format_amount(value, unit)
    decimals = exact.replace(",", ".").partition(".")[2]  # "4,25" in Italian and French
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
        # a grid move's own word for its cost's unit, where ``unit`` alone does not say it
        # (volare on foot: MP of walking)
        said_unit = getattr(result, "cost_unit", "") or unit
        data["cost_text"] = f"{said_amount(data['cost'], unit)} {said_unit}"
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


# -- threat zones, attack advice, suggestions: the page's words ---------------------------------

def _percent(p: Fraction) -> str:
    """A probability as the page says it: ``45%``, ``22.5%``, ``≈33.3%`` (exact in the JSON);
    ``22,5 %`` in French."""
    value = p * 100
    if value.denominator == 1:
        return percent(value.numerator)
    tenths = math.floor(value * 10 + Fraction(1, 2))
    exact = Fraction(tenths, 10) == value
    whole, part = divmod(tenths, 10)
    return ("" if exact else "≈") + percent(f"{whole}{'.' + str(part) if part else ''}")


def _level_phrase(word: str, said: str) -> str:
    """``altitude 1 (5 ft)``, ``tier 1``, ``altitude low``."""
    if word == "tier":
        return _("tier {level}").format(level=said)
    if word == "altitude":
        return _("altitude {level}").format(level=said)
    return f"{word} {said}"


def way_said(way: dict[str, Any], name: str, unit: str) -> str:
    """One creature's way to strike a place: ``Harpy (harpy): 15 ft, C2 D3 E3+down, no save
    (D-creatures: within its 5 ft reach)``; a table's by names its rule only."""
    if "cost" not in way:
        if not way.get("how"):
            return f"{name} ({way['creature']})"
        # Translators: a creature (its id) and how it strikes a place
        return _("{name} ({id}): {how}").format(name=name, id=way["creature"], how=way["how"])
    from ..narrate import check_label

    parts = [f"{said_amount(way['cost'], unit)} {unit}",
             way["moves"] if way.get("moves") else _("without moving")]
    if way.get("checks"):
        # Translators: {saves} lists the saves' short forms, {chance} is a percentage
        parts.append(_("saves {saves}: all succeed {chance}").format(
            saves=", ".join(check_label(c) for c in way["checks"]),
            chance=_percent(Fraction(way["success"]))))
    else:
        parts.append(_("no save"))
    said = _("{name} ({id}): {how}").format(name=name, id=way["creature"], how=", ".join(parts))
    return said + (f" ({way['how']})" if way.get("how") else "")


def threat_said(data: dict[str, Any], names: dict[str, str], level_word: str,
                levels: list[tuple[int, Any, str]], level: int | None) -> dict[str, Any]:
    """The page's overlay from a threat report's JSON (``data``): per place (grid) or area
    (table) its count, colour and sentence, the legend, and the levels it covers.

    ``levels``: every level (index, the report's own value, its words: ``1 (5 ft)``, ``low``);
    ``level``: the index shown, None for the most over all (a grid: per cell, the level most
    can strike; a table: every level's areas, the most threatened on top)."""
    from ..render.threat import overlay_colour

    unit = data["unit"]
    index = {str(value): i for i, value, _ in levels}
    words = {i: w for i, _, w in levels}
    who = ", ".join(f"{names.get(c, c)}" for c in data["creatures"])
    if level is None:
        where = (_("the most over all tiers") if level_word == "tier"
                 else _("the most over all altitudes"))
    else:
        where = _level_phrase(level_word, words.get(level, str(level)))
    title = (_("Threat zones of {who} (side {side}), {where}: how many can strike a creature "
               "standing there on their next turn") if data.get("side") else
             _("Threat zones of {who}, {where}: how many can strike a creature standing there "
               "on their next turn"))
    out: dict[str, Any] = {
        "ruleset": data["ruleset"], "side": data.get("side"), "creatures": data["creatures"],
        "unit": unit, "level": level, "level_text": where,
        "title": title.format(who=who, side=data.get("side"), where=where),
        "legend_title": _("who can strike next turn: {who}").format(
            who=data["side"] or who),
    }

    def place_said(head: str, count: int, by: list[dict[str, Any]]) -> str:
        ways = "; ".join(way_said(w, names.get(w["creature"], w["creature"]), unit) for w in by)
        # Translators: {place} is a cell and its level, {ways} how each creature strikes there
        return ngettext("{place}: {n} can strike here next turn: {ways}",
                        "{place}: {n} can strike here next turn: {ways}", count).format(
            place=head, n=count, ways=ways)

    shown: list[dict[str, Any]] = []
    if "threats" in data:
        best: dict[str, dict[str, Any]] = {}
        for p in data["threats"]:
            if level is not None and p["altitude"] != level:
                continue
            if p["at"] not in best or p["count"] > best[p["at"]]["count"]:
                best[p["at"]] = p
        for p in best.values():
            z = p["altitude"]
            head = f"{p['at']}, {_level_phrase(level_word, words.get(z, str(z)))}"
            shown.append({"at": p["at"], "level": p["altitude"], "count": p["count"],
                          "colour": overlay_colour(p["count"]),
                          "creatures": [w["creature"] for w in p["by"]],
                          "text": place_said(head, p["count"], p["by"])})
        out["cells"] = shown
    else:
        key = "tier" if any("tier" in a for a in data["areas"]) else "altitude"
        for a in data["areas"]:
            at = index.get(str(a[key]))
            if level is not None and at != level:
                continue
            head = _level_phrase(level_word, words.get(at, str(a[key])) if at is not None
                                 else str(a[key]))
            shown.append({"level": at, "count": a["count"], "colour": overlay_colour(a["count"]),
                          "creatures": [b["creature"] for b in a["by"]],
                          "text": place_said(head, a["count"], a["by"]), "area": a["area"]})
        shown.sort(key=lambda a: a["count"])  # the most threatened drawn last, on top
        out["areas"] = shown
    present = ({p["altitude"] for p in data["threats"]} if "threats" in data else
               {index.get(str(a["tier" if "tier" in a else "altitude"])) for a in data["areas"]})
    out["levels"] = [{"index": i, "text": _level_phrase(level_word, w)} for i, _, w in levels
                     if i in present]
    most = max((s["count"] for s in shown), default=0)
    out["legend"] = [{"count": n, "colour": overlay_colour(n),
                      "text": ngettext("{n} can strike", "{n} can strike", n).format(n=n)}
                     for n in range(1, most + 1)]
    out["none_text"] = None if shown else _(
        "None of them can strike anywhere at {where} next turn.").format(where=where)
    return out


def actions_said(actions: list[str]) -> str | None:
    """``actions still open after the move: attack, bonus action, reaction``."""
    if not actions:
        return None
    names = {"attack": _("attack"), "bonus-action": _("bonus action"), "reaction": _("reaction"),
             "action": _("action"), "move": _("move")}
    return _("actions still open after the move: {actions}").format(
        actions=", ".join(names.get(a, a.replace("-", " ")) for a in actions))


#: The radius of an attack position's numbered marker on the picture, px (the page's badge).
MARKER_RADIUS = 10.0


def advice_said(data: dict[str, Any], names: dict[str, str], level_word: str,
                levels: list[tuple[int, Any, str]], end_said: Any,
                scale: float | None = None) -> dict[str, Any]:
    """The page's attack positions from an advice report's JSON (``data``): each with its rank's
    colour, where it ends (``end_said(end)``, the text's words), its amounts and reasons, and
    the level index it is drawn at (``levels`` as for ``threat_said``).

    Markers never cover each other: each option says its marker's ``offset`` [dx, dy] (px of
    the picture) from its place, or ``listed`` when it has no room near its place and is
    numbered in ``listed`` (the legend's list) instead. On a table (``scale``: px per table
    unit) close points are spread round their place; on a grid a cell's first position is its
    marker and the others of that cell are listed."""
    from ..render.threat import RANK_COLOURS, rank_colour

    unit = data["unit"]
    index = {str(value): i for i, value, _ in levels}
    words = {i: w for i, _, w in levels}
    me = names.get(data["creature"], data["creature"])
    whom = _(" or ").join(names.get(t, t) for t in data["targets"])
    options = data["options"]
    total = len(options)
    shown = []
    for o in options:
        end = o["end"]
        key = "tier" if "tier" in end else "altitude"
        level = index.get(str(end.get(key)))
        reasons = list(o["reasons"])
        open_ = actions_said(o.get("actions") or [])
        if open_:
            reasons.append(open_)
        where = end_said(end)
        cost = f"{said_amount(o['cost'], unit)} {cost_unit(end, unit)}"
        shown.append({
            "rank": o["rank"], "target": o["target"], "at": end["at"], "level": level,
            "level_text": None if level is None else _level_phrase(level_word, words[level]),
            "end_text": where, "moves": o["moves"], "cost_text": cost,
            "success_text": _percent(Fraction(o["success"])), "score": o["score"],
            "colour": rank_colour(o["rank"], total),
            "text": _("#{rank} of {total}: {where}, {cost}").format(
                rank=o["rank"], total=total, where=where, cost=cost),
            "reasons": reasons})
    _spread(shown, scale)
    bands = len(RANK_COLOURS)
    legend = []
    for band in range(bands):
        ranks = [r for r in range(1, total + 1) if (r - 1) * bands // max(total, 1) == band]
        if ranks:
            span = f"#{ranks[0]}" if len(ranks) == 1 else f"#{ranks[0]}–{ranks[-1]}"
            word = _(" (best)") if band == 0 else _(" (worst)") if ranks[-1] == total and \
                total > 1 else ""
            legend.append({"colour": RANK_COLOURS[band], "text": span + word})
    return {
        "ruleset": data["ruleset"], "creature": data["creature"], "targets": data["targets"],
        "unit": unit, "foe": True,
        "legend_title": _("{me}'s attack positions against {whom}").format(me=me, whom=whom),
        "title": (ngettext("Where {me} can attack {whom} from this round: {n} position, best "
                           "first",
                           "Where {me} can attack {whom} from this round: {n} positions, best "
                           "first", total).format(me=me, whom=whom, n=total) if total else
                  _("{me} cannot reach a place to attack {whom} this round.").format(
                      me=me, whom=whom)),
        "legend": legend, "options": shown,
        "listed": [{"rank": o["rank"], "colour": o["colour"], "text": o["text"]}
                   for o in shown if o["listed"]]}


def _spread(shown: list[dict[str, Any]], scale: float | None) -> None:
    """Each option's ``offset`` and ``listed`` (``advice_said``), per level drawn."""
    from ..render.names import spread_markers

    by_level: dict[Any, list[dict[str, Any]]] = {}
    for o in shown:
        by_level.setdefault(o["level"], []).append(o)
    for group in by_level.values():
        if scale is None:  # a grid: one marker a cell, its best position's
            seen: set[str] = set()
            for o in group:
                first = o["at"] not in seen
                seen.add(o["at"])
                o["offset"], o["listed"] = ([0, 0], False) if first else (None, True)
            continue
        centres = []
        for o in group:
            x, _, y = str(o["at"]).partition(",")
            centres.append((float(x) * scale, -float(y) * scale))  # the picture's y grows down
        for o, offset in zip(group, spread_markers(centres, MARKER_RADIUS), strict=True):
            o["offset"] = None if offset is None else [offset[0], offset[1]]
            o["listed"] = offset is None


def not_a_foe(creature: str, target: str, names: dict[str, str],
              side: str | None) -> dict[str, Any]:
    """The page's answer when the clicked creature is on the attacker's own side."""
    me, them = names.get(creature, creature), names.get(target, target)
    return {"creature": creature, "targets": [target], "foe": False, "options": [], "legend": [],
            "legend_title": "",
            "title": _("{them} is on {me}'s side ({side}): no attack to advise.").format(
                them=them, me=me, side=side)}


def suggestion_said(data: dict[str, Any], headline: str, unit: str) -> dict[str, Any]:
    """``play suggest``'s JSON with what the page shows: the ``headline`` (the text's first
    line) and the cost in the ruleset's ``unit``."""
    suggestion = data["suggestion"]
    suggestion["headline"] = headline
    option = suggestion.get("option") or {}
    said_unit = cost_unit(option.get("end") or {}, unit)
    suggestion["cost_text"] = f"{said_amount(suggestion['cost'], unit)} {said_unit}"
    return data
