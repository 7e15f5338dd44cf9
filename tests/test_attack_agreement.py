"""One attack, five answers (issue 25, "Done when"): ``engagement``, ``check``, ``path --attack``
(``attack_answer``), threat zones and advice agree on random battlefields.

volare is the main target: creatures of every size, with a reach of one hex or two, on two or
three sides, grounded, hovering, moving or skimming, among raised ground, ceilings and wind;
dnd5e is asked the same where it has the same questions (sizes, 5 and 10 ft reaches, walls,
squares and hexes). The properties, each its own test:

1. every advice option's moves pass ``check`` (legal, the attack kept, the same cost, saves and
   end state), its end is in no other creature's place, and ``engagement`` between the creature
   standing there and the target says its reach strikes the target; its edge and the foes that
   threaten the place are what ``engagement`` and those foes' threat zones say;
2. ``path --attack``'s answer (the cheapest) is such a way too, costs what advice's cheapest
   option costs and no more than any, and says so when advice ranks another place first;
3. every way a threat zone lists passes ``check`` at its cost, ends in no other creature's place,
   and from its end ``engagement`` puts a creature standing at the threatened place within the
   attacker's reach, by the rule the zone names;
4. conversely, every end state an attacker can reach with its attack kept, from which its reach
   strikes a place (by ``engagement``), puts that place in its side's threat zone at no more cost;
5. ``engagement(a, b)`` and ``engagement(b, a)`` give one answer, the roles swapped.

The rules they apply: V-occupied, "two creatures never stand in one place: a move may not end
where another creature stands"; V-prox, a reach of two strikes where the text allows "attacchi in
corpo a corpo capaci di colpire a due esagoni di distanza (si pensi ad una Polearm, una frusta od
un attacco di dimensioni Huge o superiori)"; V-inertia, a moving flyer makes no physical attack;
D-creatures, "you can't willingly end your move in its space", and a reach of 5 or 10 ft.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import wingbeat
from conformance import evenly, json_of
from placing import moved_to, standing_at, with_creatures
from test_attack_advice import assert_one_answer
from test_kernel_dnd5e import SIZES as SIZES5E
from test_kernel_dnd5e import SQUARES, _hex_label, _inner
from test_kernel_dnd5e import battlefields as dnd5e_battlefields
from volare_fields import CELLS, DIRECTIONS, SIZES, TOP, Terrain, battlefield, others, terrain
from wingbeat.model import Scenario
from wingbeat.tactics import foes_of, members
from wingbeat.tactics.grid import GridThreat

#: Modest example counts, so that the whole file takes well under a minute on a busy machine:
#: volare (the main target) is drawn more often than dnd5e.
VOLARE = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
DND5E = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# -- the battlefields ------------------------------------------------------------------------------


def _levels(land: Terrain) -> tuple[dict[str, int], dict[str, int]]:
    """Each raised cell's ground level, and each roofed cell's highest altitude."""
    grounds = {c["at"][0]: c["ground"] for c in land.cells if "ground" in c}
    highest = {c["at"][0]: c["ceiling"] - 1 for c in land.cells if "ceiling" in c}
    return grounds, highest


def attacker(draw: st.DrawFn, land: Terrain) -> dict[str, Any]:
    """The creature ``f`` anywhere on the map (on raised ground, in a tunnel): grounded, hovering
    or moving at any altitude the cell has (a poor flyer never at ground level), skimming
    included; of any size, its reach its size's or given (1 or 2), on one of three sides."""
    grounds, highest = _levels(land)
    at = draw(st.sampled_from(CELLS))
    mode = draw(st.sampled_from(["grounded", "hovering", "hovering", "moving", "moving"]))
    man = draw(st.sampled_from(["excellent", "medium", "poor"]))
    creature: dict[str, Any] = {
        "id": "f", "at": at, "fly": draw(st.integers(2, 9)), "ground": draw(st.integers(0, 4)),
        "maneuverability": man, "reflex": draw(st.integers(0, 100)),
        "size": draw(st.sampled_from(SIZES)), "side": draw(st.sampled_from(["a", "foes",
                                                                             "friends"]))}
    if draw(st.booleans()):
        creature["reach"] = draw(st.sampled_from([1, 2]))
    ground, high = grounds.get(at, 0), min(TOP, highest.get(at, TOP))
    low = ground + (1 if man == "poor" else 0)
    if mode == "grounded" or low > high:
        creature.update(mode="grounded", altitude=ground)
    else:
        creature.update(mode=mode, altitude=draw(st.integers(low, high)))
        if mode == "moving":
            creature["heading"] = draw(st.sampled_from(DIRECTIONS))
    return creature


@st.composite
def volare_battles(draw: st.DrawFn) -> dict[str, Any]:
    """``f`` (``attacker``) and one to three others (``volare_fields.others``, varied) within
    four hexes of it, on random raised ground, tunnels and wind."""
    land = terrain(draw, raised=6, tunnels=3, highest=2)
    creature = attacker(draw, land)
    data = battlefield(land, creature)
    data["creatures"] += others(draw, land, {(creature["at"], creature["altitude"])},
                                varied=True, near=(creature["at"], 4))
    return data


def _volare(data: dict[str, Any]) -> Scenario:
    return wingbeat.parse_scenario(data, source="prop")


@st.composite
def dnd5e_battles(draw: st.DrawFn) -> dict[str, Any]:
    """``test_kernel_dnd5e.battlefields`` (walls, ledges, ceilings, every size, squares and hexes,
    5 and 10 ft reaches …), the mover's reach 5 or 10 ft, and one or two more creatures on
    either side (``_dnd5e`` leaves out those that overlap another)."""
    data = draw(dnd5e_battlefields())
    data["creatures"][0]["reach"] = draw(st.sampled_from([5, 10]))
    hexes = data["map"]["grid"] == "hex"
    spaces = [s for s in SQUARES if not hexes or _hex_label(s)]
    for n in range(draw(st.integers(1, 2))):
        size = draw(st.sampled_from(SIZES5E))
        data["creatures"].append({
            "id": f"more{n}", "size": size,
            "at": draw(st.sampled_from([s for s in spaces if size != "large" or _inner(s)])),
            "altitude": draw(st.integers(0, 1)), "speed": {"walk": 30, "fly": 30},
            "hover": True, "side": draw(st.sampled_from(["a", "b"])),
            "reach": draw(st.sampled_from([5, 10]))})
    return data


def _dnd5e(data: dict[str, Any]) -> Scenario:
    """The drawn dnd5e battle without the other creatures that overlap another or have no room
    where they stand (a scenario may not put them there: D-creatures, D-size); a draw refused for
    another reason, or that leaves the mover alone, is not an example (``assume``)."""
    creatures = list(data["creatures"])
    while True:
        try:
            scenario = wingbeat.parse_scenario({**data, "creatures": creatures}, source="prop")
        except wingbeat.ScenarioError as error:
            clashes = {int(i) for i in re.findall(
                r"creatures\[(\d+)\]\.(?:at: \S+ overlaps|altitude: \S+ does not fit)",
                str(error))}
            assume(clashes and 0 not in clashes)
            creatures = [c for i, c in enumerate(creatures) if i not in clashes]
            continue
        assume(len(creatures) > 1)
        return scenario


# -- what the answers are compared with ------------------------------------------------------------


class Judge:
    """``check`` and ``engagement`` asked of one battle, each answer kept."""

    def __init__(self, scenario: Scenario):
        self.scenario = scenario
        self.checked: dict[tuple[str, str], dict[str, Any]] = {}

    def check(self, creature: str, moves: str) -> dict[str, Any]:
        """``check``'s verdict on the way, which must be legal with the attack kept."""
        key = (creature, moves)
        if key not in self.checked:
            verdict = json_of(wingbeat.check(self.scenario, creature, moves))
            assert verdict["legal"] and verdict["can_act"], (creature, moves,
                                                              verdict.get("error"))
            self.checked[key] = verdict
        return self.checked[key]

    def engagement(self, creature: str, end: Mapping[str, Any], target: str | None = None,
                   place: tuple[str, int] | None = None) -> Any:
        """``engagement`` between ``creature`` standing at ``end`` and ``target`` where it stands,
        or someone standing at ``place`` as threat takes it."""
        moved = moved_to(self.scenario, creature, end)
        if place is None:
            assert target is not None
            return wingbeat.engagement(with_creatures(self.scenario, moved=moved), creature,
                                       target)
        victim = standing_at(self.scenario, *place)
        return wingbeat.engagement(with_creatures(self.scenario, victim, moved=moved), creature,
                                   "victim")

    def assert_strikes(self, creature: str, end: Mapping[str, Any], found: Any,
                       where: object) -> None:
        """``found`` (an engagement of ``creature`` standing at ``end``) says its reach strikes:
        in volare in melee, or reach-only with a reach of two (V-prox)."""
        assert found.b_in_reach_of_a, (where, found.to_dict())
        if self.scenario.ruleset == "volare":
            reach = moved_to(self.scenario, creature, end).melee_reach
            assert found.engagement == "melee" or (found.engagement == "reach-only"
                                                   and reach == 2), (where, found.to_dict())

    def assert_free(self, creature: str, verdict: Mapping[str, Any], where: object) -> None:
        """No other creature stands where ``creature`` ends (V-occupied, D-creatures), unless
        it fell there and cannot move out (speed 0): D-creatures refuses only a willing end."""
        crowd = _standing(self.scenario, creature, verdict["end"])
        assert not crowd or _fell_and_stuck(verdict), (where, "ends where", crowd, "stand")

    def assert_way(self, creature: str, moves: str, cost: Fraction, checks: Any,
                   end: Mapping[str, Any] | None, where: object) -> dict[str, Any]:
        """The way passes ``check`` at its cost and saves (and ends at ``end``, when given), the
        attack kept, and ends in no other creature's place; ``check``'s end."""
        verdict = self.check(creature, moves)
        assert Fraction(verdict["cost"]) == cost, (where, verdict["cost"])
        assert verdict["checks"] == _json([c if isinstance(c, dict) else c.to_dict()
                                           for c in checks]), where
        if end is not None:
            assert verdict["end"] == _json(dict(end)), (where, verdict["end"])
        self.assert_free(creature, verdict, where)
        return dict(verdict["end"])


def _fell_and_stuck(verdict: Mapping[str, Any]) -> bool:
    """A dnd5e check whose creature fell before moving and has no speed to move out with
    (grappled, restrained …): it stays where it landed legally (D-creatures, Decision 8)."""
    fell = any(event.get("type") == "fall" for event in verdict.get("start_events", ()))
    speeds = verdict.get("speeds") or {}
    return fell and not verdict.get("moves") and all(Fraction(v) == 0 for v in speeds.values())


def _json(data: Any) -> Any:
    """``data`` as JSON gives it back."""
    import json

    return json.loads(json.dumps(data))


def _overlap(scenario: Scenario, a: Any, b: Any) -> bool:
    """Whether two creatures (as they stand) share a place: in volare a hex and altitude, in
    dnd5e a space at a level (Tiny ones excepted, up to four to a space: D-size)."""
    if scenario.ruleset == "volare":
        return bool((a.at, a.altitude) == (b.at, b.altitude))
    from wingbeat.rulesets.dnd5e import Size
    from wingbeat.rulesets.dnd5e.board import shared_board
    from wingbeat.rulesets.dnd5e.proximity import engagement_space

    battle = scenario.battle
    board = shared_board(battle.map, battle.options.diagonals)
    cells, span = engagement_space(board, battle, a)
    theirs, their_span = engagement_space(board, battle, b)
    return (bool(set(cells) & set(theirs)) and span[0] <= their_span[1]
            and their_span[0] <= span[1] and not (a.size is Size.TINY and b.size is Size.TINY))


def _standing(scenario: Scenario, creature: str, end: Mapping[str, Any]) -> list[str]:
    """The other creatures whose place ``creature`` standing at ``end`` would share."""
    moved = moved_to(scenario, creature, end)
    return [c.id for c in scenario.battle.creatures
            if c.id != creature and _overlap(scenario, moved, c)]


def _sides(scenario: Scenario) -> list[tuple[str | None, list[str]]]:
    """Each side and its creatures (a creature with no side on a side of its own: None)."""
    found: dict[str, list[str]] = {}
    alone: list[tuple[str | None, list[str]]] = []
    for creature, side in members(scenario):
        if side is None:
            alone.append((None, [creature]))
        else:
            found.setdefault(side, []).append(creature)
    return [*found.items(), *alone]


def _threat(scenario: Scenario, side: str | None, creatures: list[str]) -> GridThreat:
    """The side's threat zones (or the one creature's, for a creature with no side)."""
    zones = (wingbeat.threat(scenario, side=side) if side is not None
             else wingbeat.threat(scenario, creature=creatures[0]))
    assert isinstance(zones, GridThreat)
    return zones


# -- 1. advice -------------------------------------------------------------------------------------


def assert_advice_agrees(scenario: Scenario, creature: str) -> None:
    """Every option ``advise`` gives (against every foe, or each other creature where it has
    none): its way passes ``check`` with the attack kept, at its cost and saves, ending in its end
    state; no other creature stands there; ``engagement`` from there says the creature's reach
    strikes the target, by the rule the option names; the option's edge is what ``engagement``
    says (elevated: the higher one; out-of-reach: the target's reach cannot strike back); and the
    foes it names as threatening the end place are those whose own threat zone holds it. And
    ``suggest`` (play's *Suggest a move*) attacks from advice's best place exactly when advice has
    one, and otherwise moves by a legal way to no other creature's place."""
    judge = Judge(scenario)
    foes = foes_of(scenario, creature)
    targets = [None] if foes else [c for c, _ in members(scenario) if c != creature]
    zones = {foe: {(p.at, p.altitude) for p in _threat(scenario, None, [foe]).places}
             for foe in foes}
    for target in targets:
        advice = wingbeat.advise(scenario, creature, target=target)  # every foe where None
        for option in advice.options:
            where = (creature, option.target, option.way.moves, dict(option.end))
            end = judge.assert_way(creature, option.way.moves, option.way.cost,
                                   option.way.checks, option.end, where)
            found = judge.engagement(creature, end, target=option.target)
            judge.assert_strikes(creature, end, found, where)
            words = {w for w, _ in option.edge}
            if scenario.ruleset == "volare":
                assert option.way.how == found.how, (where, found.to_dict())
                assert ("elevated" in words) == (found.elevated == creature), where
            else:
                assert option.way.how.startswith(f"D-creatures: {found.distance} ft,"), where
            assert ("out-of-reach" in words) == (not found.a_in_reach_of_b), (where, words)
            place = (str(option.end["at"]), int(option.end["altitude"]))
            assert set(option.threatened_by) == {f for f in foes if place in zones[f]}, where
    if not foes:
        return
    # play suggest: advice's best against every foe (the advice above), else a move closer,
    # else hold (never onto another creature: V-occupied)
    suggestion = wingbeat.suggest(scenario, creature)
    assert (suggestion.kind == "attack") == bool(advice.options), suggestion
    if suggestion.kind == "attack":
        best = advice.options[0]
        assert (suggestion.moves, suggestion.target) == (best.way.moves, best.target)
    elif suggestion.moves:
        verdict = json_of(wingbeat.check(scenario, creature, suggestion.moves))
        assert verdict["legal"] and Fraction(verdict["cost"]) == suggestion.cost, suggestion
        judge.assert_free(creature, verdict, suggestion)


@VOLARE
@given(volare_battles())
def test_volare_advice_agrees_with_check_engagement_and_threat(data: dict[str, Any]) -> None:
    assert_advice_agrees(_volare(data), "f")


@DND5E
@given(dnd5e_battles())
def test_dnd5e_advice_agrees_with_check_engagement_and_threat(data: dict[str, Any]) -> None:
    assert_advice_agrees(_dnd5e(data), "mover")


# -- 2. path --attack ------------------------------------------------------------------------------


def assert_attack_path_agrees(scenario: Scenario, creature: str, no_checks: bool,
                              most: int = 3) -> None:
    """For each other creature (up to ``most``): ``path --attack``'s way (with ``--no-checks``,
    of the ways without a save), when it finds one, passes ``check`` with the attack kept at its
    cost and saves, ending in its end state in no other creature's place, from which
    ``engagement`` says the reach strikes the target; it costs what advice's cheapest option
    costs (advice asked of the ways without a save too), no more than any; it finds none
    exactly when advice has no option; and its ``advised`` is advice's best, saying so where
    advice ranks another place first (``test_attack_advice.assert_one_answer``)."""
    judge = Judge(scenario)
    options = {"no_checks": True} if no_checks else {}
    for target in evenly([c for c, _ in members(scenario) if c != creature], most):
        found = json_of(wingbeat.attack_answer(scenario, creature, target, **options).path)
        ways = [o.way for o in wingbeat.advise(scenario, creature, target=target,
                                                no_checks=no_checks).options]
        where = (creature, target, found.get("moves"), options)
        assert not (no_checks and any(w.checks for w in ways)), where
        if found.get("found") is False:
            assert not ways, where
            continue
        assert ways, where
        cost = Fraction(found["cost"])
        assert not (no_checks and found["checks"]), where
        end = judge.assert_way(creature, found["moves"], cost, found["checks"], found["end"],
                               where)
        judge.assert_strikes(creature, end, judge.engagement(creature, end, target=target),
                             where)
        assert cost == min(w.cost for w in ways), where
        assert_one_answer(scenario, creature, target, **options)


@VOLARE
@given(volare_battles(), st.booleans())
def test_volare_attack_path_agrees_with_advice_check_and_engagement(
        data: dict[str, Any], no_checks: bool) -> None:
    assert_attack_path_agrees(_volare(data), "f", no_checks)


@DND5E
@given(dnd5e_battles())
def test_dnd5e_attack_path_agrees_with_advice_check_and_engagement(
        data: dict[str, Any]) -> None:
    assert_attack_path_agrees(_dnd5e(data), "mover", no_checks=False)


# -- 3. threat zones -------------------------------------------------------------------------------


def assert_threat_agrees(scenario: Scenario) -> None:
    """For every side's threat zones, every place and every way listed there: the attacker is of
    that side, listed once; its moves pass ``check`` with the attack kept, at the listed cost and
    saves, ending in no other creature's place, and not at the threatened place (where no one
    else could stand); from that end ``engagement`` says its reach strikes a creature standing at
    the place (grounded at the ground level, hovering above it: in volare, docs/threat.md), by
    the rule the zone names."""
    judge = Judge(scenario)
    engaged: dict[tuple[str, str, tuple[str, int]], Any] = {}
    for side, creatures in _sides(scenario):
        zones = _threat(scenario, side, creatures)
        for place in zones.places:
            assert len({w.creature for w in place.by}) == len(place.by), place
            for way in place.by:
                assert way.creature in creatures, (side, way)
                where = (way.creature, way.moves, "strikes", place.at, place.altitude)
                end = judge.assert_way(way.creature, way.moves, way.cost, way.checks, None,
                                       where)
                victim = standing_at(scenario, place.at, place.altitude)
                assert not _overlap(scenario, moved_to(scenario, way.creature, end), victim), \
                    (where, "its own place: no one else stands there")
                key = (way.creature, way.moves, (place.at, place.altitude))
                if key not in engaged:
                    engaged[key] = judge.engagement(way.creature, end,
                                                    place=(place.at, place.altitude))
                found = engaged[key]
                judge.assert_strikes(way.creature, end, found, where)
                if scenario.ruleset == "volare":
                    assert way.how == found.how, (where, way.how, found.to_dict())


@VOLARE
@given(volare_battles())
def test_volare_threatened_places_are_reached_by_check_and_struck(data: dict[str, Any]) -> None:
    assert_threat_agrees(_volare(data))


@DND5E
@given(dnd5e_battles())
def test_dnd5e_threatened_places_are_reached_by_check_and_struck(data: dict[str, Any]) -> None:
    assert_threat_agrees(_dnd5e(data))


# -- 4. conversely: every strike is in the threat zone --------------------------------------------


def _acting(state: Any) -> Fraction | None:
    """What the cheapest way to a reached end state that keeps the attack costs, or None."""
    if state.can_act:
        return Fraction(state.cost)
    if state.to_act is not None:
        return Fraction(state.to_act.cost)
    return None


def _near_places(scenario: Scenario, creature: str,
                 end: Mapping[str, Any]) -> list[tuple[str, int]]:
    """Every place a creature could stand near ``creature`` standing at ``end``: within two hexes
    (the longest melee reach, V-prox), or within its reach of its space and one square more
    (D-creatures), each cell at each altitude it has (room for a Medium creature, in dnd5e)."""
    if scenario.ruleset == "volare":
        from wingbeat.geometry.hexgrid import parse_hex
        from wingbeat.rulesets.volare.model import MAX_REACH

        vmap = scenario.battle.map
        here = parse_hex(str(end["at"]))
        found = []
        for cell in vmap.cells():
            if here.distance(cell) <= MAX_REACH:
                ceiling = vmap.ceiling_at(cell)
                high = vmap.top if ceiling is None else min(vmap.top, ceiling - 1)
                found += [(str(cell), z) for z in range(vmap.ground_at(cell), high + 1)]
        return found
    from wingbeat.rulesets.dnd5e.board import shared_board
    from wingbeat.rulesets.dnd5e.proximity import engagement_space
    from wingbeat.rulesets.dnd5e.threat import _room

    battle = scenario.battle
    board = shared_board(battle.map, battle.options.diagonals)
    moved = moved_to(scenario, creature, end)
    cells, (low, high) = engagement_space(board, battle, moved)
    far = moved.reach // 5 + 1
    cols = [board.coords[c][0] for c in cells]
    rows = [board.coords[c][1] for c in cells]
    tall = 2 if board.hex else 1  # doubled coordinates: a hex's rows go by two
    return [(label, z) for col, row in board.coords
            if min(cols) - far <= col <= max(cols) + far
            and min(rows) - tall * far <= row <= max(rows) + tall * far
            for z in range(max(board.bottom, low - far), min(board.top, high + far) + 1)
            if (label := _room(board, col, row, z)) is not None]


def assert_every_strike_is_threatened(scenario: Scenario, most: int) -> None:
    """For every side and up to ``most`` of each attacker's end states that keep its attack
    (``reach``'s, evenly spread, each at the cost of its cheapest way that keeps it): every place
    from which ``engagement`` says its reach strikes a creature standing there, other than its
    own place (V-occupied), is in the side's threat zone with that attacker, at no more cost."""
    judge = Judge(scenario)
    for side, creatures in _sides(scenario):
        zones = _threat(scenario, side, creatures)
        listed = {(p.at, p.altitude, w.creature): w.cost for p in zones.places for w in p.by}
        for creature in creatures:
            report = wingbeat.reach(scenario, creature)
            acting = [(s, c) for s in report.states if (c := _acting(s)) is not None]
            for state, cost in evenly(acting, most):
                end = dict(state.state)
                moved = moved_to(scenario, creature, end)
                for place in _near_places(scenario, creature, end):
                    if _overlap(scenario, moved, standing_at(scenario, *place)):
                        continue  # its own place: no one else stands there (V-occupied)
                    found = judge.engagement(creature, end, place=place)
                    if not found.b_in_reach_of_a:
                        continue
                    where = (creature, " ".join(state.moves), end, "strikes", place,
                             found.to_dict())
                    held = listed.get((*place, creature))
                    assert held is not None, where
                    assert held <= cost, (where, held, cost)


@VOLARE
@given(volare_battles())
def test_volare_every_strike_is_in_the_threat_zone(data: dict[str, Any]) -> None:
    assert_every_strike_is_threatened(_volare(data), most=25)


@DND5E
@given(dnd5e_battles())
def test_dnd5e_every_strike_is_in_the_threat_zone(data: dict[str, Any]) -> None:
    assert_every_strike_is_threatened(_dnd5e(data), most=6)


# -- 5. engagement both ways -----------------------------------------------------------------------


def assert_engagement_symmetric(scenario: Scenario, mover: str, most: int = 12) -> None:
    """Every two creatures, and ``mover`` at up to ``most`` of its reached end states (moving
    ones too) against each other creature: ``engagement(a, b)`` and ``engagement(b, a)`` give
    the same kind, rule, case, distance and elevated creature, each one's reach swapped, and who
    reaches whom swapped."""
    pairs: list[tuple[Scenario, str, str]] = []
    ids = [c.id for c in scenario.battle.creatures]
    pairs += [(scenario, a, b) for a in ids for b in ids if a < b]
    report = wingbeat.reach(scenario, mover)
    for state in evenly(list(report.states), most):
        moved = with_creatures(scenario, moved=moved_to(scenario, mover, state.state))
        pairs += [(moved, mover, b) for b in ids if b != mover]
    for battle, a, b in pairs:
        ab = wingbeat.engagement(battle, a, b).to_dict()
        ba = wingbeat.engagement(battle, b, a).to_dict()
        where = (a, b, ab, ba)
        for key in ("engagement", "rule", "case", "apart", "distance", "elevated", "reach",
                    "hostile"):
            assert ab.get(key) == ba.get(key), where
        assert ab["a_in_reach_of_b"] == ba["b_in_reach_of_a"], where
        assert ab["b_in_reach_of_a"] == ba["a_in_reach_of_b"], where
        assert (ab["a"], ab["b"]) == (ba["b"], ba["a"]) == (a, b), where


@VOLARE
@given(volare_battles())
def test_volare_engagement_is_the_same_both_ways(data: dict[str, Any]) -> None:
    assert_engagement_symmetric(_volare(data), "f")


@DND5E
@given(dnd5e_battles())
def test_dnd5e_engagement_is_the_same_both_ways(data: dict[str, Any]) -> None:
    assert_engagement_symmetric(_dnd5e(data), "mover")


# -- the built-in grid examples ------------------------------------------------------------------

@pytest.mark.parametrize(("example", "creature"), [("giant-bat", "bat"), ("harpy", "harpy")])
def test_the_grid_examples_agree(example: str, creature: str) -> None:
    """The five properties on the built-in battles: the giant bat over the chamois (the issue's
    case: no answer ends on the chamois at V36, V-occupied) and the harpy over the party."""
    scenario = wingbeat.open_scenario(f"example:{example}")
    assert_advice_agrees(scenario, creature)
    assert_attack_path_agrees(scenario, creature, no_checks=False)
    assert_threat_agrees(scenario)
    assert_every_strike_is_threatened(scenario, most=10)
    assert_engagement_symmetric(scenario, creature)
