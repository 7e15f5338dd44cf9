"""One creature's round under ``volare``: packed states, legal steps, and why a step is refused.

This is the one legality function of the ruleset: ``reach``, ``path`` and ``check`` all ask
``VolareSpace.steps``. A state packs into one int::

    code = (((cell * levels + altitude) * 8 + posture) << 16) | flags

posture 0 is grounded, 1 hovering, 2 + d moving with heading d (V-modes). Flags carry what the
round remembers: the skimming save made, a take-off thrust waiting to leave the ground, a touchdown
waiting for ``land`` or ``skim``, the wind's pay-or-drift choice, a safe landing, prone, walking
this round (V-walk), and how many hexes a violent landing still lets the creature walk. Costs are
ticks of 1/12 MP: of flight, or of walking for a state reached on foot (V-walk). A round is flown
or walked, never both, so after the first step the two kinds of state never meet: the search runs
to the larger of the two budgets, and each kind of step keeps within its own.
"""

from __future__ import annotations

import re
import threading
from array import array
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from fractions import Fraction
from functools import cached_property
from typing import Any

from ... import kernel
from ...chance import clamp_percent
from ...errors import NotationError
from ...geometry.hexgrid import Direction, Hex, parse_direction, parse_hex
from ...geometry.labels import column_label
from ...i18n import language
from ...model import Save, format_amount, format_cost
from ...search import (
    MAX_STATES,
    Exploration,
    SettledArrays,
    StateEstimate,
    StepTuple,
    refuse_too_large,
    too_many_states,
)
from ._messages import _, ngettext
from .encumbrance import flight_load
from .model import (
    Maneuverability,
    Mode,
    VolareBattle,
    VolareCreature,
    VolareMap,
    WindStrength,
)
from .tables import (
    CLIMB,
    DESCEND,
    HOVER_PAY,
    MANEUVERABILITY,
    STOP_TO_HOVER,
    TICKS_PER_MP,
    skim_modifier,
    step_costs,
    travel_speed,
)

__all__ = ["VolareSpace"]

GROUNDED, HOVERING = 0, 1

SKIM_SAVED = 1 << 0  # this round's skimming save is made (V-skim)
THRUST = 1 << 1  # thrust made, not yet off the ground (V-takeoff)
FULL_MOVE = 1 << 2  # a take-off thrust made this round a full-move action
PENDING = 1 << 3  # at ground level in flight: must land or skim
MAY_CLIMB = 1 << 4  # skimming since last round: may also climb away at once
DRIFT_DUE = 1 << 5  # hovering at round start in wind: pay or drift first (V-wind)
PAID = 1 << 6  # paid the wind's hover cost this round
LANDED = 1 << 7  # landed safely: the round's movement is over (V-land)
PRONE = 1 << 8
LANDED_FAST = 1 << 9  # landed violently this round (V-land)
ON_FOOT = 1 << 10  # walking this round: its costs are MP of walking (V-walk)
WALK_SHIFT = 11  # hexes it may still walk after a violent landing (V-land)
WALK_UNIT = 1 << WALK_SHIFT
WALK_MAX = (1 << 6) - 1
FLAG_BITS = 17
#: a grounded state with none of these may walk on (V-walk): the start, or a state on foot
NO_WALK = PRONE | THRUST | FULL_MOVE | LANDED | LANDED_FAST
FLAG_MASK = (1 << FLAG_BITS) - 1
PLACE_SHIFT = FLAG_BITS + 3  # code >> PLACE_SHIFT: the place, cell * levels + altitude

KEYWORDS = ("up", "down", "hover", "thrust", "skim", "land", "land-fast", "pay")
_NO_CHECKS: tuple[Save, ...] = ()
_NO_EVENTS: tuple[dict[str, Any], ...] = ()


class VolareSpace:
    """The legal steps of one creature's round on a ``volare`` battlefield."""

    ruleset = "volare"
    unit = "MP"
    tick = Fraction(1, TICKS_PER_MP)
    max_states = MAX_STATES  # a state costs ~375 B searching, ~50 B compiled (docs/limits.md)
    #: the compiled kernel hashes the states of a search with more places within reach than this
    #: (None: its own default, 2**27 places); a test lowers it to compare both ways of indexing
    kernel_dense_places: int | None = None
    #: for tests: the kernel indexes densely only the hexes this many steps from the start (None:
    #: all it could reach), the states past them hashed
    kernel_reach_limit: int | None = None

    def __init__(self, battle: VolareBattle, creature_id: str, *, search: bool = False):
        """``search``: the space is for a search, so a query too large for one is refused here,
        before the map is flattened (``search.refuse_too_large``)."""
        self.battle = battle
        me = battle.creature(creature_id)
        self.me = me
        self.creature = me.id
        self.name = me.display_name
        self.man = me.maneuverability
        self.wind = battle.wind
        self.load = flight_load(me)
        self.fly = self.load.fly
        self.gale = battle.wind.strength is WindStrength.GALE
        self.budget = self.fly * TICKS_PER_MP
        self.half = self.fly * TICKS_PER_MP // 2
        # V-walk: a grounded creature that is not prone, with a ground speed, may walk instead of
        # flying: its ground speed in its ground band, in MP of walking (none for the others,
        # so a flyer's search is as it was)
        self.walk_speed = self.load.walk
        walks = me.mode is Mode.GROUNDED and not me.prone and self.walk_speed > 0
        self.walk_budget = self.walk_speed * TICKS_PER_MP if walks else 0
        self.walk_half = self.walk_budget // 2
        #: how far the search goes: the larger budget, each kind of step keeping to its own
        self.search_budget = max(self.budget, self.walk_budget)
        if self.walk_budget > self.budget:
            self.steps = self._steps_within  # type: ignore[method-assign]
        self.pay_cost = HOVER_PAY.get(battle.wind.strength, 0)
        self.costs = (0,) * 6 if self.gale else step_costs(battle.wind, self.man)
        self.stop_cost = STOP_TO_HOVER[self.man]
        self.can_skim = self.man is not Maneuverability.POOR
        modifiers = MANEUVERABILITY[self.man]
        # V-saves: the skimming save takes its own bonus and the V-man penalty of a Reflex save
        # made in unstable balance; the violent-landing save only its own modifier
        self._skim_chance = clamp_percent(me.reflex + (skim_modifier(self.man) or 0))
        self._land_chance = clamp_percent(me.reflex + (modifiers["violent_landing"] or 0))
        #: the two saves, said in each language they were asked in (a space may outlive a
        #: request: a lifted search is kept a while)
        self._saves: dict[str, tuple[Save, Save]] = {}
        # V-actions: the complex actions open in each posture. A breath weapon works in flight,
        # moving included (V-inertia: "i poteri di soffio si considerano comunemente compatibili
        # con il movimento in volo"), for a creature that has one.
        # Its named powers (V-spells): on the ground all, hovering those without somatic
        # components, moving those neither physical nor somatic (``Power.usable``).
        breath = ("breath",) if me.breath else ()
        grounded, hovering, moving = (
            tuple(p.action for p in me.powers if p.usable(mode))
            for mode in (Mode.GROUNDED, Mode.HOVERING, Mode.MOVING))
        self._open_grounded = ("attack", "spell", "spell-no-somatic", "non-physical", *breath,
                               *grounded, "free")
        self._open_hovering = ("attack", "spell-no-somatic", "non-physical", *breath, *hovering,
                               "free")
        self._open_moving = ("spell-no-somatic", "non-physical", *breath, *moving, "free")
        self.top = battle.map.top
        if search:
            refuse_too_large(self.estimate(), self.max_states)
        self._index_map()
        #: the places where the other creatures stand (cell × levels + altitude): no move ends
        #: there (V-occupied)
        self.occupied: dict[int, VolareCreature] = {
            self.index[c.at] * self.levels + c.altitude: c for c in battle.creatures
            if c.id != me.id and c.at in self.index and 0 <= c.altitude < self.levels}
        self.start = self._start_code(me)

    @property
    def skim_check(self) -> Save:
        """The skimming save (V-skim), its consequence said in the current language."""
        return self._said_saves()[0]

    @property
    def land_check(self) -> Save:
        """The violent-landing save (V-land), its consequence said in the current language."""
        return self._said_saves()[1]

    def _said_saves(self) -> tuple[Save, Save]:
        lang = language()
        saves = self._saves.get(lang)
        if saves is None:
            saves = self._saves[lang] = (
                Save("V-skim", "reflex", self._skim_chance,
                     _("it must land at once, in place (V-land): safely if a half-move action "
                       "is left to sacrifice, otherwise with the violent-landing save")),
                Save("V-land", "reflex", self._land_chance,
                     # Translators: {dice} is the damage of the fall, in dice (1d6)
                     _("knocked down (prone), with the damage of a 3 m fall ({dice})").format(
                         dice=self.battle.options.fall_damage)))
        return saves

    def _thrust_note(self) -> str:
        if self.can_skim:
            return _("climb (up) or skim this round, or the thrust is lost")
        return _("climb (up) this round, or the thrust is lost")

    # -- the map, flattened into arrays --------------------------------------------------------
    def _index_map(self) -> None:
        tables = _map_tables(self.battle.map)
        self.top = tables.top
        self.levels = tables.top + 1
        self.index = tables.index
        self.labels = tables.labels
        self.ground = tables.ground
        self.ceil = tables.ceil
        self.nbr = tables.nbr
        self._tables = tables

    @property
    def cells(self) -> list[Hex]:
        """The map's hexes, by index (made when first asked: a reach needs only their labels)."""
        return self._tables.cells

    def estimate(self) -> StateEstimate:
        """How many states a search could settle, before searching (``search.StateEstimate``):
        at each altitude it can climb to (2 MP a level) or descend to (1 MP), the hexes within
        what is left over the cheapest step, clipped to the map; × the 8 postures (grounded,
        hovering, six headings) × 2 for the round's flags (the skimming save, the wind's
        payment)."""
        start = self.me.at
        vmap = self.battle.map
        budget = self.budget
        flight = [c for c in self.costs if c > 0]
        alt = self.me.altitude
        on_foot = _hexes_within(self.walk_budget // TICKS_PER_MP, start, vmap) \
            if self.walk_budget else 0
        if self.gale or not flight or not self._may_take_off():
            # it walks (V-walk), or only after a violent landing (V-land)
            walk = max(min(WALK_MAX, self.me.ground), self.walk_budget // TICKS_PER_MP)
            cells = _hexes_within(walk, start, vmap)
            return StateEstimate(cells, cells, 1, 16)
        cheapest = min(flight)
        high = min(self.top, alt + budget // CLIMB)
        low = max(0, alt - budget // DESCEND)
        places = widest = 0
        for z in range(low, high + 1):
            left = budget - ((z - alt) * CLIMB if z >= alt else (alt - z) * DESCEND)
            cells = _hexes_within(left // cheapest, start, vmap)
            places += cells
            widest = max(widest, cells)
        return StateEstimate(places + on_foot, max(widest, on_foot), high - low + 1, 16)

    def _start_code(self, me: VolareCreature) -> int:
        idx = self.index[me.at]
        flags = PRONE if me.prone else 0
        if me.mode is Mode.GROUNDED:
            return self.pack(idx, me.altitude, GROUNDED, flags)
        posture = HOVERING if me.mode is Mode.HOVERING else 2 + int(me.heading or 0)
        if me.altitude == self.ground[idx]:
            flags |= PENDING | MAY_CLIMB  # skimming since last round: this round's save is due
        if me.mode is Mode.HOVERING and self.pay_cost:
            flags |= DRIFT_DUE
        return self.pack(idx, me.altitude, posture, flags)

    # -- packing ---------------------------------------------------------------------------------
    def pack(self, idx: int, alt: int, posture: int, flags: int) -> int:
        return (((idx * self.levels + alt) * 8 + posture) << FLAG_BITS) | flags

    def unpack(self, code: int) -> tuple[int, int, int, int]:
        flags = code & FLAG_MASK
        rest = code >> FLAG_BITS
        posture = rest & 7
        idx, alt = divmod(rest >> 3, self.levels)
        return idx, alt, posture, flags

    def movement(self, flags: int, spent: int) -> int:
        """MP spent moving: the wind's hover payment is not movement (V-wind)."""
        return max(0, spent - self.pay_cost) if flags & PAID else spent

    # -- the one legality function ----------------------------------------------------------------
    def steps(self, code: int, spent: int) -> Iterable[StepTuple]:
        flags = code & FLAG_MASK
        rest = code >> FLAG_BITS
        posture = rest & 7
        idx, alt = divmod(rest >> 3, self.levels)
        if flags & LANDED:
            return ()
        pack = self.pack
        out: list[StepTuple] = []
        if posture == GROUNDED:
            if flags & THRUST:
                base = flags & ~THRUST
                if alt + 1 <= self.top and alt + 1 < self.ceil[idx]:
                    out.append(("up", pack(idx, alt + 1, HOVERING, base), CLIMB, _NO_CHECKS,
                                _NO_EVENTS))
                if self.can_skim and idx * self.levels + alt not in self.occupied:
                    out.append(("skim", pack(idx, alt, HOVERING, base | SKIM_SAVED), 0,
                                (self.skim_check,), _NO_EVENTS))
            elif spent == 0 and not flags & (PRONE | FULL_MOVE | LANDED_FAST) \
                    and self._may_take_off():
                out.append(("thrust", pack(idx, alt, GROUNDED, flags | THRUST | FULL_MOVE),
                            self.half, _NO_CHECKS, self._thrust_events()))
            walk = flags >> WALK_SHIFT
            if walk and not flags & PRONE:  # what is left of a violent landing's half move
                for n in self.walkable(idx, alt):
                    out.append((self.labels[n], pack(n, alt, GROUNDED, flags - WALK_UNIT), 0,
                                _NO_CHECKS, _walk_events()))
            elif self.walk_budget and not flags & NO_WALK \
                    and spent + TICKS_PER_MP <= self.walk_budget:  # on foot, 1 MP a hex
                on_foot = flags | ON_FOOT
                for n in self.walkable(idx, alt):
                    out.append((self.labels[n], pack(n, alt, GROUNDED, on_foot), TICKS_PER_MP,
                                _NO_CHECKS, _on_foot_events()))
            return out
        if self.gale:
            if alt == self.ground[idx]:  # landing leaves the air: it is no flight step
                self._landings(out, idx, alt, flags, spent)
            return out
        drift_due = flags & DRIFT_DUE
        if drift_due:
            out.append(self._pay(idx, alt, posture, flags, spent))
        if flags & PENDING:
            self._resolve_ground(out, idx, alt, posture, flags, spent)
            return out
        ground = self.ground
        ceil = self.ceil
        skimming = alt == ground[idx]
        nbr = self.nbr
        labels = self.labels
        costs = self.costs
        levels = self.levels
        base = flags & ~(DRIFT_DUE | MAY_CLIMB)
        if posture == HOVERING:
            directions: Iterable[int] = range(6)
        else:
            h = posture - 2
            directions = ((h + 5) % 6, h, (h + 1) % 6)
        wind_dir = self.wind.toward
        for d in directions:
            if drift_due and d != wind_dir:
                continue
            n = nbr[idx * 6 + d]
            if n < 0:
                continue
            g = ground[n]
            if g > alt or alt >= ceil[n]:
                continue
            nflags = base | PENDING if (g == alt and not skimming) else base
            target = (((n * levels + alt) * 8 + 2 + d) << FLAG_BITS) | nflags
            out.append((labels[n], target, costs[d], _NO_CHECKS, _NO_EVENTS))
        if drift_due:
            return out
        if alt + 1 <= self.top and alt + 1 < ceil[idx]:
            out.append(("up", pack(idx, alt + 1, posture, base), CLIMB, _NO_CHECKS, _NO_EVENTS))
        if alt - 1 >= ground[idx]:
            nflags = base | PENDING if alt - 1 == ground[idx] else base
            out.append(("down", pack(idx, alt - 1, posture, nflags), DESCEND, _NO_CHECKS,
                        _NO_EVENTS))
        if posture >= 2:
            out.append(("hover", pack(idx, alt, HOVERING, base), self.stop_cost, _NO_CHECKS,
                        _NO_EVENTS))
        if skimming:
            self._landings(out, idx, alt, base, spent)
        return out

    def _steps_within(self, code: int, spent: int) -> list[StepTuple]:
        """``steps`` where the walk's budget is the larger: the search runs to it, so every step
        but a walk keeps to the flight budget here (V-walk, V-mp)."""
        budget = self.budget
        return [s for s in VolareSpace.steps(self, code, spent)
                if s[1] & ON_FOOT or spent + s[2] <= budget]

    def walkable(self, idx: int, alt: int) -> list[int]:
        """The hexes a creature on the ground at ``idx`` (its ground level ``alt``) may walk
        into, one step (V-walk, and the walk after a violent landing, V-land): the adjacent
        hexes on the map at the same ground level, with room to stand there (below any
        ceiling). Raised ground is a wall to a walker, and so is lower ground."""
        nbr, ground, ceil = self.nbr, self.ground, self.ceil
        found = []
        for d in range(6):
            n = nbr[idx * 6 + d]
            if n >= 0 and ground[n] == alt and alt < ceil[n]:
                found.append(n)
        return found

    def _may_take_off(self) -> bool:
        return self.fly > 0 and self.load.can_fly and not self.gale

    def _downwind(self, idx: int, alt: int) -> tuple[int, str | None]:
        """The hex the wind blows a hoverer into, and where that is and why it cannot drift
        there, in words (or None where it can)."""
        toward = self.wind.toward
        assert toward is not None
        n = self.nbr[idx * 6 + toward]
        if n < 0:
            # Translators: {toward} is a direction (NE), {hex} the hoverer's hex
            return n, _("{toward} of {hex}, which is off the map").format(
                toward=toward.name, hex=self.labels[idx])
        if self.ground[n] > alt:
            return n, _("{hex}, whose ground level {ground} is above its altitude "
                        "{altitude}").format(hex=self.labels[n], ground=self.ground[n],
                                             altitude=alt)
        if alt >= self.ceil[n]:
            return n, _("{hex}, whose ceiling at altitude {ceiling} is too low for altitude "
                        "{altitude}").format(hex=self.labels[n], ceiling=self.ceil[n],
                                             altitude=alt)
        return n, None

    def _pay(self, idx: int, alt: int, posture: int, flags: int, spent: int) -> StepTuple:
        """Hold the hover against the wind (V-wind). A creature that can neither pay in full nor
        drift (edge of the map, a cliff, a low ceiling downwind) spends all it has holding on."""
        cost = self.pay_cost
        left = self.budget - spent
        whole = cost > left and self._downwind(idx, alt)[1] is not None
        if whole:
            cost = left
        target = self.pack(idx, alt, posture, (flags & ~DRIFT_DUE) | PAID)
        return ("pay", target, cost, _NO_CHECKS, _pay_events(whole))

    def _resolve_ground(self, out: list[StepTuple], idx: int, alt: int, posture: int, flags: int,
                        spent: int) -> None:
        """At ground level in flight: land, land fast, skim, or (skimming since last round)
        climb."""
        if flags & DRIFT_DUE:
            if self.can_skim:
                self._skim(out, idx, alt, posture, flags)
            return
        base = flags & ~(PENDING | MAY_CLIMB)
        if self.can_skim:
            self._skim(out, idx, alt, posture, flags)
        if flags & MAY_CLIMB and alt + 1 <= self.top and alt + 1 < self.ceil[idx]:
            out.append(("up", self.pack(idx, alt + 1, posture, base), CLIMB, _NO_CHECKS,
                        _NO_EVENTS))
        self._landings(out, idx, alt, base, spent)

    def _skim(self, out: list[StepTuple], idx: int, alt: int, posture: int, flags: int) -> None:
        """Skim on at a touchdown: this round's save unless it is made. Not in another
        creature's place with the save to make: a failed one lands the creature there
        (V-occupied)."""
        if flags & SKIM_SAVED:
            checks = _NO_CHECKS
        elif idx * self.levels + alt in self.occupied:
            return
        else:
            checks = (self.skim_check,)
        target = self.pack(idx, alt, posture, (flags & ~(PENDING | MAY_CLIMB)) | SKIM_SAVED)
        out.append(("skim", target, 0, checks, _NO_EVENTS))

    def _landings(self, out: list[StepTuple], idx: int, alt: int, flags: int, spent: int) -> None:
        """Land, safely or fast (V-land); never in another creature's place (V-occupied)."""
        if idx * self.levels + alt in self.occupied:
            return
        base = flags & ~(PENDING | MAY_CLIMB | DRIFT_DUE | THRUST)
        moved = self.movement(flags, spent)
        if moved <= self.half and not flags & FULL_MOVE:
            out.append(("land", self.pack(idx, alt, GROUNDED, base | LANDED), 0, _NO_CHECKS,
                        _land_events()))
        walk = 0
        if moved < self.half and not flags & FULL_MOVE and self.me.ground > 0:
            # what is left of the half-move action, on foot: a half-move walks ground/2 hexes
            walk = min(WALK_MAX, (self.half - moved) * self.me.ground // (2 * self.half))
        out.append(("land-fast", self.pack(idx, alt, GROUNDED,
                                           base | LANDED_FAST | walk * WALK_UNIT), 0,
                    (self.land_check,), _land_fast_events(walk)))

    def _thrust_events(self) -> tuple[dict[str, Any], ...]:
        return ({"type": "take-off-thrust", "note": self._thrust_note()},)

    # -- the compiled kernel (wingbeat.kernel): the same search over flat arrays ------------------
    def compiled_search(self, *, avoid_checks: bool = False,
                        goal: Callable[[int, int], bool] | None = None,
                        max_states: int = MAX_STATES) -> Exploration | None:
        """``search.explore`` run by the compiled kernel, which covers every ``volare`` round
        (every wind, class, flag and map); None when the kernel is not built."""
        compiled = kernel.compiled
        if compiled is None:
            return None
        toward = self.wind.toward
        numbers = (self.levels, self.top, self.budget, self.half, self.pay_cost,
                   tuple(self.costs), self.stop_cost, int(self.can_skim), int(self.gale),
                   int(self._may_take_off()), self.me.ground, -1 if toward is None else int(toward),
                   self.walk_budget)
        ground, ceil, nbr = self._tables.flat
        dense = compiled.DENSE_PLACES if self.kernel_dense_places is None \
            else self.kernel_dense_places
        outcome, codes, priorities, parents, kinds = compiled.volare_search(
            numbers, ground, ceil, nbr, self.start, avoid_checks, goal, max_states, dense,
            min(self.estimate().states, max_states + 1, 1 << 24), self._occupied_places(),
            *(() if self.kernel_reach_limit is None else (self.kernel_reach_limit,)))
        if outcome != compiled.DONE:
            raise too_many_states(max_states)
        return SettledArrays(self.start, codes, priorities, parents, kinds, self)

    def kernel_ends(self, found: SettledArrays) -> tuple[Sequence[int], Sequence[int],
                                                         Sequence[int]] | None:
        """``grid_reach``'s choice of end states, read off the kernel's arrays in C (the same
        ``end_problem``, ``end_key`` and ``could_act``); None without the kernel."""
        compiled = kernel.compiled
        ends = getattr(compiled, "volare_ends", None)
        if ends is None:
            return None
        picked: tuple[Sequence[int], Sequence[int], Sequence[int]] | None = ends(
            found.codes, found.priorities, self._occupied_places(), self.start)
        return picked

    def _occupied_places(self) -> array[int]:
        """``occupied``'s places, sorted, as the kernel reads them (V-occupied)."""
        return array("q", sorted(self.occupied))

    def kernel_opens(self, found: SettledArrays, ways: Sequence[int]
                     ) -> tuple[list[tuple[str, ...]], Sequence[int], Sequence[int]] | None:
        """``actions`` of every end state off the kernel's arrays (``_kernel.volare_opens``):
        the four kinds of answer, the index of each end state's, and the end states that cannot
        attack though a way to them could (``could_act``); None without the kernel."""
        compiled = kernel.compiled
        opens_of = getattr(compiled, "volare_opens", None)
        if opens_of is None:
            return None
        kinds = [("free",), self._open_grounded, self._open_hovering, self._open_moving]
        attacks = array("b", [int("attack" in kind) for kind in kinds])
        opens, stuck = opens_of(found.codes, found.priorities, ways, self.half, self.pay_cost,
                                attacks, self.walk_half)
        return kinds, opens, stuck

    def kernel_acting(self, found: SettledArrays, ways: Sequence[int], stuck: Sequence[int],
                      later: Sequence[int]) -> tuple[Sequence[int], Sequence[int]] | None:
        """``grid_reach``'s ``to_act`` ways off the kernel's arrays (``_kernel.volare_acting``:
        the same ``end_key`` and ``actions``, in one pass): the indices in ``ways`` of the end
        states that have one, and each one's settled index; None without the kernel."""
        compiled = kernel.compiled
        acting_of = getattr(compiled, "volare_acting", None)
        if acting_of is None or not isinstance(later, array):
            return None
        kinds = [("free",), self._open_grounded, self._open_hovering, self._open_moving]
        attacks = array("b", [int("attack" in kind) for kind in kinds])
        acting: tuple[Sequence[int], Sequence[int]] = acting_of(
            found.codes, found.priorities, ways, stuck, later, self.start, self.half,
            self.pay_cost, attacks, self.walk_half)
        return acting

    def kernel_states_json(self, found: SettledArrays, ways: Sequence[int], opens: Sequence[int],
                           costs: list[bytes], actions: list[bytes], extra: dict[int, bytes],
                           json_text: Callable[[Any, int], str]) -> bytes | None:
        """``kernel_states_chunks`` joined: the end states' indented JSON text at once."""
        chunks = self.kernel_states_chunks(found, ways, opens, costs, actions, extra, json_text)
        return None if chunks is None else b"".join(chunks)

    def kernel_states_chunks(self, found: SettledArrays, ways: Sequence[int],
                             opens: Sequence[int], costs: list[bytes], actions: list[bytes],
                             extra: dict[int, bytes], json_text: Callable[[Any, int], str],
                             compact: bool = False, separator: bytes = b",\n", *,
                             acting: tuple[Sequence[int], Sequence[int]] | None = None,
                             ) -> Iterator[bytes] | None:
        """The end states' JSON text in chunks of whole states (``STATES_CHUNK``), written by
        the kernel off the search's arrays as they are asked for (``_Ends.states_chunks``,
        which makes ``costs`` by tick, ``actions`` and ``extra``; see
        ``_kernel.volare_states_chunks``): indented at depth 2, or ``compact``; each after the
        one before by ``separator``. None without the kernel, or where a label or a move would
        need escaping in JSON (the dicts then say it). ``acting`` (``kernel_acting``): the
        end states whose ``to_act`` the kernel writes, else ``extra`` holds its text."""
        compiled = kernel.compiled
        write = getattr(compiled, "volare_states_chunks", None)
        if write is None or len(costs) <= self.search_budget \
                or len(self.labels) != len(self.ground):
            return None
        labels = self._json_labels()
        if labels is None:
            return None
        words: list[bytes | None] = [None if not word else word.encode() for word in _KIND_MOVES]
        checks: list[bytes | None] = []
        deep: list[bytes | None] = []  # as they stand in a ``to_act``, a level deeper
        for kind in range(len(_KIND_MOVES)):
            said = [c.to_dict() for c in self.kernel_checks(kind)]
            checks.append(",\n".join(" " * 8 + json_text(c, 4) for c in said).encode()
                          if said else None)
            deep.append(",\n".join(" " * 10 + json_text(c, 5) for c in said).encode()
                        if said else None)
        modes = [json_text(name, 0).encode() for name in _MODE_NAMES]
        headings = [json_text(name, 0).encode() for name in _HEADINGS]
        ground, _ceil, _nbr = self._tables.flat
        chunks: Iterator[bytes] | None = write(
            found.codes, found.priorities, found.parents, found.kinds, ways, opens, ground,
            self.levels, labels, modes, headings, costs, actions, words, checks, extra,
            compact, separator, STATES_CHUNK, *(() if acting is None else (*acting, deep)))
        return chunks

    def _json_labels(self) -> list[bytes] | None:
        """Each cell's label as the UTF-8 text inside its JSON string, or None if one needs an
        escape (a quote, a backslash, a control character)."""
        if _JSON_ESCAPED.search("".join(self.labels)):
            return None
        return [label.encode() for label in self.labels]

    def state_keys(self, codes: Sequence[int]) -> list[str]:
        """The fields ``describe`` gives these states, in its order (``prone`` and ``on_foot``
        only if one is)."""
        keys = ["at", "altitude", "mode", "heading", "skimming"]
        if any(map(PRONE.__and__, codes)):
            keys.append("prone")
        if any(map(ON_FOOT.__and__, codes)):
            keys.append("on_foot")
        return keys

    def end_places(self, codes: Sequence[int]) -> list[str]:
        """The label of the hex of each state: ``describe(code)["at"]``."""
        labels, levels, shift = self.labels, self.levels, FLAG_BITS + 3
        return [labels[(code >> shift) // levels] for code in codes]

    def kernel_move(self, kind: int, target: int) -> str:
        """The move of a step the kernel recorded: a hex label for a flight step (kinds 0-5,
        the direction) or a walk (6, 17), else a keyword."""
        if kind <= _KIND_WALK or kind == _KIND_ON_FOOT:
            return self.labels[((target >> FLAG_BITS) >> 3) // self.levels]
        return _KIND_WORDS[kind]

    def kernel_moves(self, codes: Sequence[int], kinds: Sequence[int]) -> list[str]:
        labels, levels = self.labels, self.levels
        shift = FLAG_BITS + 3
        return [_KIND_MOVES[kind] or labels[(code >> shift) // levels]
                for code, kind in zip(codes, kinds, strict=True)]

    def kernel_checks(self, kind: int) -> tuple[Save, ...]:
        if kind == _KIND_SKIM_CHECKED:
            return (self.skim_check,)
        if kind == _KIND_LAND_FAST:
            return (self.land_check,)
        return _NO_CHECKS

    def kernel_step(self, kind: int, target: int, cost: int) -> StepTuple:
        """The ``Step`` that ``steps`` yields for the kernel's record of it."""
        events: tuple[dict[str, Any], ...] = _NO_EVENTS
        if kind == _KIND_WALK:
            events = _walk_events()
        elif kind == _KIND_ON_FOOT:
            events = _on_foot_events()
        elif kind == _KIND_THRUST:
            events = self._thrust_events()
        elif kind in (_KIND_PAY, _KIND_PAY_ALL):
            events = _pay_events(kind == _KIND_PAY_ALL)
        elif kind == _KIND_LAND:
            events = _land_events()
        elif kind == _KIND_LAND_FAST:
            events = _land_fast_events((target & FLAG_MASK) >> WALK_SHIFT)
        return (self.kernel_move(kind, target), target, cost, self.kernel_checks(kind), events)

    # -- words for states and refusals ------------------------------------------------------------
    def describe(self, code: int) -> dict[str, Any]:
        idx, alt, posture, flags = self.unpack(code)
        data: dict[str, Any] = {
            "at": self.labels[idx],
            "altitude": alt,
            "mode": _MODE_NAMES[posture],
            "heading": _HEADINGS[posture],
            "skimming": posture != GROUNDED and alt == self.ground[idx] and not flags & PENDING,
        }
        if flags & PRONE:
            data["prone"] = True
        if flags & ON_FOOT:
            data["on_foot"] = True
        return data

    def aim(self, code: int, token: str) -> str | None:
        """The hex a move token points at from state ``code``, taken or not (a refused step has
        no state: a picture draws it to here); None for a step in place (up, down …)."""
        word = token.strip()
        try:
            if word.upper() in Direction.__members__:
                here = parse_hex(self.labels[self.unpack(code)[0]])
                neighbour = here.neighbor(parse_direction(word))
                return None if neighbour is None else str(neighbour)
            return str(parse_hex(word))
        except NotationError:
            return None

    def describe_all(self, codes: Iterable[int]) -> list[dict[str, Any]]:
        """``describe`` of many states at once (a reach report's), each a new dict."""
        labels, levels, ground = self.labels, self.levels, self.ground
        names, headings = _MODE_NAMES, _HEADINGS
        out = []
        for code in codes:
            rest = code >> FLAG_BITS
            posture = rest & 7
            idx, alt = divmod(rest >> 3, levels)
            data: dict[str, Any] = {
                "at": labels[idx], "altitude": alt, "mode": names[posture],
                "heading": headings[posture],
                "skimming": posture != GROUNDED and alt == ground[idx] and not code & PENDING}
            if code & PRONE:
                data["prone"] = True
            if code & ON_FOOT:
                data["on_foot"] = True
            out.append(data)
        return out

    def creature_after(self, code: int) -> VolareCreature:
        """The creature as it stands in state ``code``: the start of the next step or round."""
        from dataclasses import replace

        idx, alt, posture, flags = self.unpack(code)
        return replace(self.me, at=self.cells[idx], altitude=alt, mode=_mode(posture),
                       heading=Direction(posture - 2) if posture >= 2 else None,
                       prone=bool(flags & PRONE))

    def could_act(self, code: int) -> bool:
        """Whether some way to this end state could leave the attack: not while moving."""
        return (code >> FLAG_BITS) & 7 < 2

    def end_key(self, code: int) -> int:
        """Codes that describe the same end state share this key (round-only flags dropped).

        A state reached on foot is an end state of its own (``on_foot``: its cost is in MP of
        walking), but where the creature started: there it is the start, walked back to, which
        costs more and allows no more (V-walk). It shares the bit of ``prone``: no search holds
        both (a prone creature does not walk, and nothing else makes a state prone)."""
        place = code >> FLAG_BITS
        return (place << 1) | bool(code & PRONE or (
            code & ON_FOOT and place != self.start >> FLAG_BITS))

    def end_problem(self, code: int) -> tuple[str, str] | None:
        if self.occupied and code >> PLACE_SHIFT in self.occupied:
            return self._occupied_end(code)
        if not code & (PENDING | DRIFT_DUE):
            return None
        idx, alt, _posture, flags = self.unpack(code)
        if flags & DRIFT_DUE:
            return ("V-wind", self._drift_sentence(idx, alt, flags))
        name, cell = self.name, self.labels[idx]
        if self.gale:
            said = _("{name} is in flight at ground level at {hex}: it must land (land, or "
                     "land-fast with a Reflex save): no flight, skimming included, is possible in "
                     "a gale or tornado")
        elif not self.can_skim:
            said = _("{name} is in flight at ground level at {hex}: it must land (land, or "
                     "land-fast with a Reflex save): poor flyers cannot skim")
        elif flags & MAY_CLIMB and alt + 1 <= self.top and alt + 1 < self.ceil[idx]:
            said = _("{name} is in flight at ground level at {hex}: it must skim (skim, this "
                     "round's Reflex save), land (land, or land-fast with a Reflex save), or "
                     "climb away (up)")
        else:
            said = _("{name} is in flight at ground level at {hex}: it must land (land, or "
                     "land-fast with a Reflex save) or skim (skim)")
        return ("V-skim", said.format(name=name, hex=cell))

    def _occupied_end(self, code: int) -> tuple[str, str]:
        idx, alt, _posture, _flags = self.unpack(code)
        other = self.occupied[code >> PLACE_SHIFT].display_name
        return ("V-occupied", _("{other} stands at {hex}, altitude {altitude}: {name} may pass "
                                "through another creature's place but not end its move "
                                "there").format(other=other, hex=self.labels[idx], altitude=alt,
                                                name=self.name))

    def _occupied_step(self, idx: int, alt: int, move: str) -> tuple[str, str] | None:
        """Why ``land``, ``land-fast`` or ``skim`` (with this round's save) is refused in another
        creature's place, or None where no one else stands (V-occupied)."""
        other = self.occupied.get(idx * self.levels + alt)
        if other is None or alt != self.ground[idx]:
            return None
        who, cell = other.display_name, self.labels[idx]
        if move == "skim":
            return ("V-occupied", _("{other} stands at {hex}: skimming on calls for this round's "
                                    "Reflex save, and a failed one lands {name} at once, in "
                                    "{other}'s place, where no move may end; touch down where no "
                                    "one stands").format(other=who, hex=cell, name=self.name))
        return ("V-occupied", _("{name} may not land at {hex}: {other} stands there, and a "
                                "landing ends the move in place (a failed violent landing too); "
                                "land where no one stands").format(name=self.name, hex=cell,
                                                                    other=who))

    def _touched_down_on(self, idx: int, alt: int, flags: int) -> tuple[str, str] | None:
        """Why a flyer that has touched down in another creature's place cannot go on as it
        declared, or None where no one else stands: it must skim on (this round's save made),
        and can do nothing else there (V-occupied)."""
        other = self.occupied.get(idx * self.levels + alt)
        if other is None:
            return None
        who, cell = other.display_name, self.labels[idx]
        if flags & SKIM_SAVED and self.can_skim and not flags & DRIFT_DUE:
            return ("V-skim", _("{name} has touched down at {hex}, where {other} stands: it must "
                                "skim on first (skim, this round's save already made); it may "
                                "not land there").format(name=self.name, hex=cell, other=who))
        return ("V-occupied", _("{name} has touched down at {hex}, where {other} stands: there "
                                "it may neither land nor skim on with this round's save to make "
                                "(a failure would leave it there); touch down where no one "
                                "stands").format(name=self.name, hex=cell, other=who))

    def actions(self, code: int, spent: int) -> tuple[str, ...]:
        """V-actions and V-spells: what the creature can still do this round."""
        flags = code & FLAG_MASK
        posture = (code >> FLAG_BITS) & 7
        if flags & (LANDED | PENDING):
            return ("free",)
        if flags & ON_FOOT:  # V-walk: a half move on foot, then the attack
            return self._open_grounded if spent <= self.walk_half else ("free",)
        if flags & FULL_MOVE or self.movement(flags, spent) > self.half:
            return ("free",)
        if posture == GROUNDED:
            return self._open_grounded
        if posture == HOVERING:
            return self._open_hovering
        return self._open_moving

    def parse_move(self, token: str, code: int) -> str:
        word = token.strip().lower()
        if word in KEYWORDS:
            return word
        if word.upper() in Direction.__members__:
            idx = self.unpack(code)[0]
            cell = self.cells[idx]
            d = parse_direction(word)
            dc, dr = d.delta
            col, row = cell.col + dc, cell.row + dr
            if col < 1 or row < 1:
                return f"{d.name} of {cell}"
            return str(Hex(col, row))
        try:
            return str(parse_hex(token))
        except NotationError as exc:
            # Translators: {error} says what is wrong with the token; {keywords} are notation
            raise NotationError(_(
                "{error}; a move is a hex label, a direction (N NE SE S SW NW) or one of: "
                "{keywords}").format(error=exc, keywords=", ".join(KEYWORDS))) from None

    def explain(self, code: int, spent: int, move: str) -> tuple[str, str]:
        idx, alt, posture, flags = self.unpack(code)
        name = self.name
        cell = self.labels[idx]
        left = self.budget - spent
        if flags & LANDED:
            return ("V-land", _("{name} has landed safely at {hex}: the rest of its round is "
                                "spent landing").format(name=name, hex=cell))
        if move == "pay":
            return self._explain_pay(idx, alt, flags, posture, spent)
        if move == "thrust":
            return self._explain_thrust(posture, flags, spent)
        if posture == GROUNDED and not flags & THRUST:
            if move in KEYWORDS or not flags & LANDED_FAST:
                return self._explain_grounded(idx, move, flags, spent)
            return self._explain_walk(idx, move, flags >> WALK_SHIFT)
        if posture == GROUNDED and move not in ("up", "skim"):
            if move in KEYWORDS:
                said = (_("after the take-off thrust {name} must leave the ground: climb (up) or "
                          "skim (skim)") if self.can_skim else
                        _("after the take-off thrust {name} must leave the ground: climb (up)"))
            else:
                said = (_("after the take-off thrust {name} must leave the ground: climb (up) or "
                          "skim (skim); having made its thrust, it cannot walk this round")
                        if self.can_skim else
                        _("after the take-off thrust {name} must leave the ground: climb (up); "
                          "having made its thrust, it cannot walk this round"))
            return ("V-takeoff", said.format(name=name))
        if self.gale and posture != GROUNDED:
            if move in ("land", "land-fast") and alt == self.ground[idx]:
                return self._explain_land(move, idx, alt, posture, flags, spent)
            if alt == self.ground[idx]:
                return ("V-wind", _("no flight step is possible in a gale or tornado: it can only "
                                    "land"))
            return ("V-wind", _("no flight step is possible in a gale or tornado"))
        if move == "skim":
            return self._explain_skim(idx, alt, posture, flags)
        if move in ("land", "land-fast"):
            return self._explain_land(move, idx, alt, posture, flags, spent)
        if flags & PENDING and not (move == "up" and flags & MAY_CLIMB):
            return self._touched_down_on(idx, alt, flags) or self.end_problem(code) or (
                "V-skim", "")
        if flags & DRIFT_DUE and move in ("up", "down", "hover"):
            return ("V-wind", self._drift_sentence(idx, alt, flags))
        if move == "up":
            if alt + 1 > self.top:
                return ("V-grid", _("altitude {altitude} is above the top of the map "
                                    "({top})").format(altitude=alt + 1, top=self.top))
            if alt + 1 >= self.ceil[idx]:
                return ("V-grid", _("{hex} has a ceiling at altitude {ceiling}: {name} cannot "
                                    "rise to it").format(hex=cell, ceiling=self.ceil[idx],
                                                         name=name))
            return ("V-mp", _("climbing one level costs 2 MP but {name} has only {left} MP "
                              "left").format(name=name, left=_mp(left)))
        if move == "down":
            if alt - 1 < self.ground[idx]:
                return ("V-grid", _("{name} is already at {hex}'s ground level "
                                    "({ground})").format(name=name, hex=cell,
                                                         ground=self.ground[idx]))
            return ("V-mp", _("descending one level costs 1 MP but {name} has only {left} MP "
                              "left").format(name=name, left=_mp(left)))
        if move == "hover":
            if posture < 2:
                return ("V-inertia", _("{name} is not moving: it is already "
                                       "hovering").format(name=name))
            return ("V-mp", _("stopping to hover costs {cost} MP ({maneuverability} "
                              "maneuverability) but {name} has only {left} MP left").format(
                cost=_mp(self.stop_cost), maneuverability=self.man.words, name=name,
                left=_mp(left)))
        return self._explain_step(idx, alt, posture, flags, spent, move)

    def _explain_pay(self, idx: int, alt: int, flags: int, posture: int,
                     spent: int) -> tuple[str, str]:
        if self.gale:
            return ("V-wind", _("no flight is possible in a gale or tornado: there is no hover to "
                                "hold, and pay is for holding one in a lesser wind"))
        if not self.pay_cost:
            return ("V-wind", _("there is no wind to pay for: pay is for holding a hover in "
                                "wind"))
        if flags & DRIFT_DUE:
            # Translators: {choice} is what the wind leaves it, a whole clause
            return ("V-mp", _("holding the hover costs {cost} MP but {name} has only {left} MP "
                              "this round: {choice}").format(
                cost=_mp(self.pay_cost), name=self.name, left=_mp(self.budget - spent),
                choice=self._drift_choice(idx, alt, flags)))
        return ("V-wind", _("pay is made at the very start of the round, and only by a creature "
                            "that starts it hovering"))

    def _explain_thrust(self, posture: int, flags: int, spent: int) -> tuple[str, str]:
        name = self.name
        if posture != GROUNDED:
            return ("V-takeoff", _("{name} is already in flight").format(name=name))
        if self.gale:
            return ("V-wind", _("nothing can take off in a gale or tornado"))
        if self.me.fly <= 0:
            return ("V-takeoff", _("{name} cannot fly").format(name=name))
        if not self.load.can_fly:
            return ("V-enc", self._too_heavy())
        if flags & PRONE:
            return ("V-takeoff", _("{name} is prone: a prone creature cannot take "
                                   "off").format(name=name))
        if flags & FULL_MOVE:
            return ("V-takeoff", _("{name} has already made its take-off thrust this "
                                   "round").format(name=name))
        if flags & LANDED_FAST:
            return ("V-takeoff", _("{name} has landed this round, and the take-off thrust must be "
                                   "the first thing the creature does in the round: it can take "
                                   "off next round").format(name=name))
        if flags & ON_FOOT:
            return ("V-takeoff", _("{name} has walked this round, and the take-off thrust must be "
                                   "the first thing the creature does in the round: it can take "
                                   "off next round").format(name=name))
        if spent:
            return ("V-takeoff", _("the take-off thrust must be the first thing the creature does "
                                   "in the round"))
        return ("V-mp", _("the thrust takes a whole half-move action, {half} MP").format(
            half=_mp(self.half)))

    def _too_heavy(self) -> str:
        """Why the creature's load keeps it on the ground (V-enc)."""
        # Translators: {load} and {limit} are weights in pounds (lb)
        return _("{name} carries {load} lb: at {limit} lb or more it cannot fly at all").format(
            name=self.name, load=self.me.load, limit=self.load.limit)

    def _explain_grounded(self, idx: int, move: str, flags: int, spent: int
                          ) -> tuple[str, str]:
        name = self.name
        if move in ("land", "land-fast"):
            return ("V-land", _("{name} is already on the ground").format(name=name))
        if move not in KEYWORDS:  # a step into a hex: a walk (V-walk)
            walking = self._explain_on_foot(idx, move, flags, spent)
            if walking is not None:
                return walking
        if flags & ON_FOOT:
            return ("V-takeoff", _("{name} has walked this round: it stays on the ground, and can "
                                   "take off next round (the thrust must be the first thing it "
                                   "does in a round)").format(name=name))
        if self.me.fly <= 0:
            return ("V-takeoff", _("{name} has no fly speed: it cannot fly").format(name=name))
        if not self.load.can_fly:
            return ("V-enc", self._too_heavy())
        if self.gale:
            return ("V-wind", _("nothing can take off in a gale or tornado"))
        if move == "skim":
            return ("V-skim", _("{name} can skim right after its take-off thrust (thrust), not "
                                "from standing").format(name=name))
        if flags & PRONE:
            return ("V-takeoff", _("{name} is prone on the ground and cannot take "
                                   "off").format(name=name))
        if flags & LANDED_FAST:
            return ("V-takeoff", _("{name} has landed this round: it can take off again next "
                                   "round (the thrust must be the first thing it does in a "
                                   "round)").format(name=name))
        if move in KEYWORDS or self.me.ground > 0:
            said = _("{name} is on the ground: it must take off first (thrust, a whole half-move "
                     "action of {half} MP)")
        else:
            said = _("{name} is on the ground: it must take off first (thrust, a whole half-move "
                     "action of {half} MP); it has no ground speed to walk there")
        return ("V-takeoff", said.format(name=name, half=_mp(self.half)))

    def _no_hex(self, move: str) -> tuple[str, str]:
        return ("V-grid", _("there is no hex {move}: the map's hexes run {extent}").format(
            move=move, extent=self._extent()))

    def _not_adjacent(self, there: object, here: Hex) -> tuple[str, str]:
        return ("V-grid", _("{there} is not adjacent to {here}: a step moves into one of the six "
                            "adjacent hexes").format(there=there, here=here))

    def _off_map(self, there: Hex) -> tuple[str, str]:
        return ("V-grid", _("{there} is off the map, whose hexes run {extent}").format(
            there=there, extent=self._extent()))

    def _explain_on_foot(self, idx: int, move: str, flags: int, spent: int
                         ) -> tuple[str, str] | None:
        """Why a creature on the ground may not walk into ``move`` (V-walk), or None where
        walking is not the question (it has no ground speed but may take off: the thrust is)."""
        name = self.name
        me = self.me
        if me.ground <= 0:
            if self._may_take_off():
                return None
            if me.fly <= 0:
                return ("V-walk", _("{name} has no ground speed: it cannot walk, nor "
                                    "fly").format(name=name))
            return ("V-walk", _("{name} has no ground speed: it cannot walk").format(name=name))
        if flags & PRONE:
            return ("V-walk", _("{name} is prone: a prone creature cannot walk (in play it may "
                                "stand up, its whole move for a round)").format(name=name))
        here = self.cells[idx]
        try:
            there = parse_hex(move)
        except NotationError:
            return self._no_hex(move)
        if here.direction_to(there) is None:
            return self._not_adjacent(there, here)
        if there not in self.index:
            return self._off_map(there)
        blocked = self._walk_blocked(idx, self.index[there])
        if blocked is not None:
            return ("V-walk", blocked)
        hexes = spent // TICKS_PER_MP + 1
        if spent + TICKS_PER_MP > self.walk_budget:
            band = self.load.ground_band
            if band:
                said = ngettext("walking {n} hex needs {n} MP of walking; {name} walks {speed} "
                                "(ground {ground} in ground band {band})",
                                "walking {n} hexes needs {n} MP of walking; {name} walks {speed} "
                                "(ground {ground} in ground band {band})", hexes)
            else:
                said = ngettext("walking {n} hex needs {n} MP of walking; {name} walks {speed}",
                                "walking {n} hexes needs {n} MP of walking; {name} walks "
                                "{speed}", hexes)
            return ("V-walk", said.format(n=hexes, name=name, speed=self.walk_speed,
                                          ground=me.ground, band=band))
        return None

    def _walk_blocked(self, idx: int, n: int) -> str | None:
        """Why a walker at ``idx`` may not step into the adjacent hex ``n``, or None: the one
        reading of ``walkable`` in words (V-walk)."""
        alt, there, here = self.ground[idx], self.labels[n], self.labels[idx]
        rise = self.ground[n] - alt
        if rise:
            levels = abs(rise)
            metres = format_amount(3 * levels, "m")
            if rise > 0 and levels == 1:
                said = _("{there} is raised ground one level ({metres} m) above {here}: walking "
                         "cannot climb it")
            elif rise > 0:
                said = _("{there} is raised ground {n} levels ({metres} m) above {here}: walking "
                         "cannot climb it")
            elif levels == 1:
                said = _("{there} is ground one level ({metres} m) below {here}: walking cannot "
                         "climb down to it")
            else:
                said = _("{there} is ground {n} levels ({metres} m) below {here}: walking cannot "
                         "climb down to it")
            return said.format(there=there, n=levels, metres=metres, here=here)
        if alt >= self.ceil[n]:
            return _("{there} has no room at its ground level (its ceiling is at altitude "
                     "{ceiling}): no one can walk into it").format(there=there,
                                                                   ceiling=self.ceil[n])
        return None

    def _explain_walk(self, idx: int, move: str, walk_left: int) -> tuple[str, str]:
        if not walk_left:
            return ("V-land", _("after a violent landing {name} may only walk what is left of "
                                "its half-move action, and it has no hex of it left").format(
                name=self.name))
        here = self.cells[idx]
        try:
            there = parse_hex(move)
        except NotationError:
            there = None
        if there is None or here.direction_to(there) is None:
            return self._not_adjacent(move, here)
        if there not in self.index:
            return self._off_map(there)
        blocked = self._walk_blocked(idx, self.index[there])
        if blocked:
            # Translators: {why} is a whole clause, why that hex is closed to a walker
            said = _("after its violent landing {name} may walk only into adjacent hexes at the "
                     "same ground level as {here}: {why}")
        else:
            said = _("after its violent landing {name} may walk only into adjacent hexes at the "
                     "same ground level as {here}")
        return ("V-land", said.format(name=self.name, here=here, why=blocked))

    def _explain_skim(self, idx: int, alt: int, posture: int, flags: int) -> tuple[str, str]:
        if not self.can_skim:
            return ("V-skim", _("only medium and excellent flyers can skim; {name} is a poor "
                                "flyer and must land on reaching ground level").format(
                name=self.name))
        if flags & (PENDING | THRUST) and not flags & SKIM_SAVED:
            occupied = self._occupied_step(idx, alt, "skim")
            if occupied is not None:
                return occupied
        if flags & DRIFT_DUE:
            return ("V-wind", self._drift_sentence(idx, alt, flags))
        if alt == self.ground[idx]:
            return ("V-skim", _("{name} is already skimming at {hex}: skim is the choice made on "
                                "reaching ground level, once").format(name=self.name,
                                                                      hex=self.labels[idx]))
        return ("V-skim", _("{name} is at altitude {altitude}, above {hex}'s ground level "
                            "{ground}: it skims when its flight brings it to ground level, or "
                            "right after its take-off thrust").format(
            name=self.name, altitude=alt, hex=self.labels[idx], ground=self.ground[idx]))

    def _explain_land(self, move: str, idx: int, alt: int, posture: int, flags: int,
                      spent: int) -> tuple[str, str]:
        cell = self.labels[idx]
        if alt > self.ground[idx]:
            return ("V-land", _("{name} is at altitude {altitude}, above {hex}'s ground level "
                                "{ground}: descend to it first").format(
                name=self.name, altitude=alt, hex=cell, ground=self.ground[idx]))
        occupied = self._occupied_step(idx, alt, move)
        if occupied is not None:
            return occupied
        if flags & DRIFT_DUE:
            return ("V-wind", self._drift_sentence(idx, alt, flags))
        if flags & FULL_MOVE:
            return ("V-land", _("a safe landing sacrifices a half-move action, and the take-off "
                                "thrust has already used this round's; land with land-fast "
                                "instead"))
        moved = self.movement(flags, spent)
        return ("V-land", _("a safe landing sacrifices an unused half-move action, but {name} has "
                            "already moved {moved} MP, more than the {half} MP of a half-move "
                            "action; land with land-fast (a Reflex save) instead").format(
            name=self.name, moved=_mp(moved), half=_mp(self.half)))

    def _explain_step(self, idx: int, alt: int, posture: int, flags: int, spent: int,
                      move: str) -> tuple[str, str]:
        name = self.name
        here = self.cells[idx]
        try:
            there = parse_hex(move)
        except NotationError:
            return self._no_hex(move)
        d = here.direction_to(there)
        if d is None:
            return self._not_adjacent(there, here)
        if there not in self.index:
            return self._off_map(there)
        if flags & DRIFT_DUE and (d != self.wind.toward or self._downwind(idx, alt)[1]):
            return ("V-wind", self._drift_sentence(idx, alt, flags))
        if posture >= 2:
            heading = Direction(posture - 2)
            if heading.angle_to(d) > 1:
                return ("V-inertia", self._not_frontal(here, there, heading))
        n = self.index[there]
        if self.ground[n] > alt:
            return ("V-grid", _("{there}'s ground level is {ground}, above {name}'s altitude "
                                "{altitude}: climb first").format(
                there=there, ground=self.ground[n], name=name, altitude=alt))
        if alt >= self.ceil[n]:
            return ("V-grid", _("{there} has a ceiling at altitude {ceiling}: {name} at altitude "
                                "{altitude} cannot enter it; descend first").format(
                there=there, ceiling=self.ceil[n], name=name, altitude=alt))
        cost = self.costs[d]
        if self.wind.strength is WindStrength.CALM:
            said = _("the step into {there} costs {cost} MP but {name} has only {left} MP left")
        else:
            # Translators: {wind} is the wind's name without an article (strong wind)
            said = _("the step into {there} costs {cost} MP with {wind} but {name} has only "
                     "{left} MP left")
        return ("V-mp", said.format(there=there, cost=_mp(cost), wind=self.wind.strength.words,
                                    name=name, left=_mp(self.budget - spent)))

    def _not_frontal(self, here: Hex, there: Hex, heading: Direction) -> str:
        came = here.neighbour(heading.opposite)
        frontal = sorted(c for c in here.frontal(heading) if c is not None and c in self.index)
        stop = _mp(self.stop_cost)
        flown = came is not None and came in self.index
        if not frontal:
            if flown:
                said = _("{there} is not a frontal hex after flying {came}→{here}, and all three "
                         "frontal hexes are off the map; stop to hover first: {stop} MP")
            else:
                said = _("{there} is not a frontal hex heading {heading} at {here}, and all "
                         "three frontal hexes are off the map; stop to hover first: {stop} MP")
        elif flown:
            said = _("{there} is not one of the three frontal hexes after flying {came}→{here} "
                     "({frontal}); stop to hover first: {stop} MP")
        else:
            said = _("{there} is not one of the three frontal hexes heading {heading} at {here} "
                     "({frontal}); stop to hover first: {stop} MP")
        return said.format(there=there, came=came, here=here, heading=heading.name,
                           frontal=", ".join(str(c) for c in frontal), stop=stop)

    def _extent(self) -> str:
        from ...geometry.labels import column_label

        vmap = self.battle.map
        return _("from column A to {last} and row 1 to {rows}").format(
            last=column_label(vmap.columns), rows=vmap.rows)

    def _drift_sentence(self, idx: int, alt: int, flags: int) -> str:
        if flags & PENDING:
            # Translators: {wind} is the wind's name without an article; {choice} a whole clause
            said = _("{name} starts the round skimming (hovering at ground level) with {wind}: "
                     "{choice}")
        else:
            said = _("{name} starts the round hovering with {wind}: {choice}")
        return said.format(name=self.name, wind=self.wind.strength.words,
                           choice=self._drift_choice(idx, alt, flags))

    def _drift_choice(self, idx: int, alt: int, flags: int) -> str:
        """What the wind leaves a hoverer at round start: pay, drift, or both (V-wind)."""
        toward = self.wind.toward
        assert toward is not None
        n, where = self._downwind(idx, alt)
        pay = _mp(self.pay_cost)
        can_pay = self.pay_cost <= self.budget
        skim = flags & PENDING
        if where is None:
            if can_pay and skim:
                said = _("it must first pay {pay} MP to hold its place (pay) or move at least one "
                         "hex downwind ({toward}, into {hex}) (drifting along the ground is "
                         "skimming on: skim first, this round's Reflex save)")
            elif can_pay:
                said = _("it must first pay {pay} MP to hold its place (pay) or move at least one "
                         "hex downwind ({toward}, into {hex})")
            elif skim:
                said = _("it has fewer than {pay} MP to hold its place, so it must first move at "
                         "least one hex downwind ({toward}, into {hex}) (drifting along the "
                         "ground is skimming on: skim first, this round's Reflex save)")
            else:
                said = _("it has fewer than {pay} MP to hold its place, so it must first move at "
                         "least one hex downwind ({toward}, into {hex})")
            return said.format(pay=pay, toward=toward.name, hex=self.labels[n])
        if can_pay and skim:
            # Translators: {where} is the hex downwind and why it is closed (a whole phrase)
            said = _("the wind blows it toward {where}: it cannot drift there, so it must pay "
                     "{pay} MP to hold its place (pay) (it may skim first)")
        elif can_pay:
            said = _("the wind blows it toward {where}: it cannot drift there, so it must pay "
                     "{pay} MP to hold its place (pay)")
        else:
            said = _("the wind blows it toward {where}: it cannot drift there, and it has fewer "
                     "than {pay} MP to pay, so it spends all its {budget} MP holding its place "
                     "(pay)")
        return said.format(where=where, pay=pay, budget=_mp(self.budget))

    def reach_note(self) -> tuple[str, str] | None:
        """Why reach shows so little, or what it shows besides flight, for its text: a gale
        grounds every flyer (V-wind), a creature on the ground that cannot take off stays there
        (its refusal of ``thrust``) or walks, and one that may walk says so (V-walk)."""
        idx, alt, posture, _flags = self.unpack(self.start)
        name = self.name
        walks = self._walk_words() if self.walk_budget else ""
        if self.gale:
            if posture == GROUNDED:
                if walks:
                    # Translators: {walks} says what a walk is worth, a whole clause
                    return ("V-wind", _("In a gale or tornado no creature can fly: nothing can "
                                        "take off, so {name} can only walk: {walks}").format(
                        name=name, walks=walks))
                return ("V-wind", _("In a gale or tornado no creature can fly: nothing can take "
                                    "off, so {name} stays on the ground").format(name=name))
            if alt == self.ground[idx]:
                return ("V-wind", _("In a gale or tornado no creature can fly: {name}, at ground "
                                    "level, can only land").format(name=name))
            return ("V-wind", _("In a gale or tornado no creature can fly: {name}, in the air at "
                                "altitude {altitude}, can take no flight step and stays where it "
                                "is; only at ground level could it land").format(name=name,
                                                                                  altitude=alt))
        if posture == GROUNDED and not self._may_take_off():
            rule, sentence = self._explain_thrust(posture, self.start & FLAG_MASK, 0)
            said = f"{sentence[:1].upper()}{sentence[1:]}"
            if walks:
                # Translators: {why} is why it cannot take off; {walks} what a walk is worth
                return ("V-walk", _("{why}: it walks; {walks}").format(why=said, walks=walks))
            return (rule, _("{why}: it stays on the ground").format(why=said))
        if posture == GROUNDED and self.start & PRONE:
            return ("V-takeoff", _("{name} is prone: a prone creature cannot take off, so it stays "
                                   "on the ground (play: stand, its whole move)").format(name=name))
        if walks:
            return ("V-walk", _("{name} may walk instead of flying: {walks}").format(
                name=name, walks=walks))
        return None

    def _walk_words(self) -> str:
        """What a walk is worth, for the reach's note (V-walk)."""
        return _("the states marked on foot cost MP of walking, and keep the attack within {half} "
                 "of them (a half move)").format(half=_mp(self.walk_half))

    def reach_spend(self) -> str | None:
        """The first line of a reach's text where the creature may walk: its MP of walking
        besides (or instead of) its flight MP (V-walk); None for the usual line."""
        if not self.walk_budget:
            return None
        if self.gale or not self._may_take_off():
            return _("{walk} MP of walking this round, {walk_half} MP of walking for a half "
                     "move").format(walk=_mp(self.walk_budget), walk_half=_mp(self.walk_half))
        return _("{fly} MP this round, {half} MP for a half-move action; or on foot {walk} MP of "
                 "walking this round, {walk_half} MP of walking for a half move").format(
            fly=_mp(self.budget), half=_mp(self.half), walk=_mp(self.walk_budget),
            walk_half=_mp(self.walk_half))

    def cost_unit(self, code: int) -> str | None:
        """The unit of the cost of a way to ``code``, said in a text: MP of walking on foot
        (V-walk), else None (MP)."""
        return _("MP of walking") if code & ON_FOOT else None

    def budget_words(self) -> str:
        """What the creature may spend this round, for a path that finds no way: its flight MP,
        its MP of walking, or both (V-walk)."""
        if not self.walk_budget:
            return _("{fly} MP").format(fly=_mp(self.budget))
        if self.gale or not self._may_take_off():
            return _("{walk} MP of walking").format(walk=_mp(self.walk_budget))
        return _("{fly} MP flying or {walk} MP of walking").format(fly=_mp(self.budget),
                                                                    walk=_mp(self.walk_budget))

    def info(self) -> dict[str, Any]:
        modifiers = MANEUVERABILITY[self.man]
        walk = self.walk_budget
        return {
            "walk_budget": format_cost(Fraction(walk, TICKS_PER_MP)) if walk else None,
            "walk_half": format_cost(Fraction(self.walk_half, TICKS_PER_MP)) if walk else None,
            "fly": self.fly,
            "maneuverability": {"class": self.man.value, **modifiers,
                                "stop_to_hover": format_cost(Fraction(self.stop_cost, 12))},
            "wind": {"strength": self.wind.strength.value,
                     "toward": self.wind.toward.name if self.wind.toward else None,
                     "hover_pay": format_cost(Fraction(self.pay_cost, 12)),
                     "travel_speed": travel_speed(self.fly, self.wind)},
            "encumbrance": {**self.load.to_dict(), **self._band_penalty()},
        }

    def _band_penalty(self) -> dict[str, Any]:
        """The scenario's combat penalties for the band the creature flies in (V-enc)."""
        penalty = self.battle.options.band_penalties.get(self.load.flying_band)
        if penalty is None:
            return {}
        return {"attack": penalty.attack, "armor_class": penalty.armor_class}

    def text_map(self, costs: Mapping[str, Fraction]) -> str:
        from ...geometry.hexgrid import hex_text_window

        shown = {label: format_amount(cost, self.unit) for label, cost in costs.items()}
        return hex_text_window(self.me.at, shown, self.battle.map.columns, self.battle.map.rows,
                               mark={str(self.me.at): "@"})


class _HexIndex(Mapping[Hex, int]):
    """Each hex of a map to its index (row by row), by arithmetic: a dict of 70,000 hexes takes
    longer to build than a reach of them."""

    __slots__ = ("_columns", "_first", "_rows", "_tables")

    def __init__(self, first: list[int], columns: int, rows: int, tables: _MapTables) -> None:
        self._first = first
        self._columns = columns
        self._rows = rows
        self._tables = tables

    def __getitem__(self, cell: Hex) -> int:
        if isinstance(cell, Hex):
            c, r = cell.col, cell.row
            if 1 <= c <= self._columns and 1 <= r <= self._rows:
                return self._first[r] + (c - 1) // 2
        raise KeyError(cell)

    def __contains__(self, cell: object) -> bool:
        return isinstance(cell, Hex) and 1 <= cell.col <= self._columns \
            and 1 <= cell.row <= self._rows

    def __iter__(self) -> Iterator[Hex]:
        return iter(self._tables.cells)

    def __len__(self) -> int:
        return self._first[self._rows + 1]


class _MapTables:
    """A ``VolareMap`` flattened into arrays indexed by hex (row by row), with each hex's six
    neighbours (-1 off the map): made once per map, not per query, and a row at a time (a
    100 × 100 map in about a millisecond); its ``cells`` (``Hex`` objects) only when asked."""

    def __init__(self, vmap: VolareMap) -> None:
        self.top = vmap.top
        levels = vmap.top + 1
        columns, rows = vmap.columns, vmap.rows
        self._map = vmap
        # the hexes of row r are the columns of r's parity, so a hex's index is arithmetic
        first = [0] * (rows + 2)
        for r in range(1, rows + 1):
            first[r + 1] = first[r] + (columns + (r % 2)) // 2
        n = first[rows + 1]
        self.index: Mapping[Hex, int] = _HexIndex(first, columns, rows, self)
        letters = [column_label(c) for c in range(1, columns + 1)]
        odd, even = letters[::2], letters[1::2]  # the columns of an odd row, of an even one
        self.labels = [letter + row for r in range(1, rows + 1)
                       for row in (str(r),) for letter in (odd if r % 2 else even)]
        # the tables as C ints, read by the compiled kernel and the pure search alike
        deltas = tuple(direction.delta for direction in Direction)
        neighbours = getattr(kernel.compiled, "hex_neighbours", None)
        if neighbours is not None:  # the same array, made in C
            nbr = neighbours(columns, rows, array("i", first), deltas)
        else:
            nbr = _neighbours(columns, rows, first, deltas)
        grounds = array("i", [0]) * n
        for cell, g in vmap.ground.items():
            if cell in self.index:
                grounds[self.index[cell]] = g
        ceils = array("i", [levels]) * n
        for cell, ceiling in vmap.ceiling.items():
            if cell in self.index:
                ceils[self.index[cell]] = min(ceiling or levels, levels)
        self.ground = grounds
        self.ceil = ceils
        self.nbr = nbr
        self.flat = (grounds, ceils, nbr)

    @cached_property
    def cells(self) -> list[Hex]:
        return self._map.cells()


def _neighbours(columns: int, rows: int, first: list[int],
                deltas: tuple[tuple[int, int], ...]) -> array[int]:
    """Each hex's six neighbours (-1 off the map), a row at a time: ``_kernel.hex_neighbours``
    where the kernel is not built."""
    n = first[rows + 1]
    nbr = array("i", [-1]) * (n * 6)
    for d, (dc, dr) in enumerate(deltas):
        column = array("i", [-1]) * n
        for r in range(max(1, 1 - dr), min(rows, rows - dr) + 1):
            lo = 2 - r % 2  # the first column of row r; its hexes step by 2
            count = first[r + 1] - first[r]
            if not count:
                continue
            start = first[r + dr] + (lo + dc - 1) // 2
            row = array("i", range(start, start + count))
            if lo + dc < 1:
                row[0] = -1
            if lo + 2 * (count - 1) + dc > columns:
                row[-1] = -1
            column[first[r]:first[r + 1]] = row
        nbr[d::6] = column
    return nbr


#: the last few maps flattened: by identity, and by what flattening reads (so a battle parsed
#: again, as a server does for each request, finds its map's tables)
_TABLES: list[tuple[VolareMap, tuple[Any, ...], _MapTables]] = []
_TABLES_KEPT = 4


_TABLES_LOCK = threading.Lock()


def _map_key(vmap: VolareMap) -> tuple[Any, ...]:
    """Everything flattening reads of a map: equal keys, equal tables."""
    return (vmap.columns, vmap.rows, vmap.top, tuple(vmap.ground.items()),
            tuple(vmap.ceiling.items()))


def _map_tables(vmap: VolareMap) -> _MapTables:
    with _TABLES_LOCK:
        for known, _key, tables in _TABLES:
            if known is vmap:
                return tables
    key = _map_key(vmap)
    with _TABLES_LOCK:
        for _known, known_key, tables in _TABLES:
            if known_key == key:
                return tables
    tables = _MapTables(vmap)  # outside the lock: another map's query need not wait for it
    with _TABLES_LOCK:
        _TABLES.insert(0, (vmap, key, tables))
        del _TABLES[_TABLES_KEPT:]
    return tables


def _flatten(vmap: VolareMap) -> _MapTables:
    """``vmap``'s tables, made anew (``_map_tables`` keeps them)."""
    return _MapTables(vmap)


def _hexes_within(steps: int, start: Hex, vmap: VolareMap) -> int:
    """At most how many hexes of the map lie within ``steps`` of ``start``: the hexagon, or its
    bounding box clipped to the map when that is smaller."""
    around = 3 * steps * (steps + 1) + 1
    cols = min(vmap.columns, start.col + steps) - max(1, start.col - steps) + 1
    rows = min(vmap.rows, start.row + 2 * steps) - max(1, start.row - 2 * steps) + 1
    return min(around, (cols * rows + 1) // 2)


def _mode(posture: int) -> Mode:
    if posture == GROUNDED:
        return Mode.GROUNDED
    return Mode.HOVERING if posture == HOVERING else Mode.MOVING


#: ``describe``'s words for each posture, spelled once (a reach describes every end state)
_MODE_NAMES = tuple(_mode(posture).value for posture in range(8))
_HEADINGS = (None, None, *(d.name for d in Direction))


def _mp(ticks: int) -> str:
    """MP in a sentence, as the tables say them: ``4¼``."""
    return format_amount(Fraction(ticks, TICKS_PER_MP), "MP")


# the kinds of step the compiled kernel records (``_kernel.pyx``): 0-5 a flight step in that
# direction, then these
#: what a JSON string escapes (``json.dumps(ensure_ascii=False)`` and orjson alike)
#: The bytes of text a chunk of end states holds at least (``kernel_states_chunks``): 64 KB, a
#: pipe's own buffer, and under the size (128 KB) from which the C allocator maps each block
#: afresh and unmaps it when freed; so each chunk takes the memory of the one before, where a
#: megabyte's pages were faulted in anew every time (docs/performance.md, "Streaming").
STATES_CHUNK = 1 << 16
_JSON_ESCAPED = re.compile('["\\\\\x00-\x1f]')

_KIND_WALK, _KIND_UP, _KIND_DOWN, _KIND_HOVER = 6, 7, 8, 9
_KIND_SKIM_CHECKED, _KIND_SKIM, _KIND_LAND, _KIND_LAND_FAST = 10, 11, 12, 13
_KIND_PAY, _KIND_PAY_ALL, _KIND_THRUST = 14, 15, 16
_KIND_ON_FOOT = 17  # a walk on foot (V-walk); 6 is the walk after a violent landing
_KIND_WORDS = {_KIND_UP: "up", _KIND_DOWN: "down", _KIND_HOVER: "hover",
               _KIND_SKIM_CHECKED: "skim", _KIND_SKIM: "skim", _KIND_LAND: "land",
               _KIND_LAND_FAST: "land-fast", _KIND_PAY: "pay", _KIND_PAY_ALL: "pay",
               _KIND_THRUST: "thrust"}
#: by kind, the keyword of the move; "" for a hex label (the start's kind, -1, is the last)
_KIND_MOVES = ("",) * (_KIND_WALK + 1) + tuple(_KIND_WORDS[k] for k in range(_KIND_UP, 17)) \
    + ("", "")


# each step's events are made afresh: a report adds the step number to its copies
def _walk_events() -> tuple[dict[str, Any], ...]:
    return ({"type": "walk"},)


def _on_foot_events() -> tuple[dict[str, Any], ...]:
    return ({"type": "walk", "rule": "V-walk"},)


def _pay_events(whole: bool) -> tuple[dict[str, Any], ...]:
    if whole:
        return ({"type": "wind-pay", "note": _("it cannot pay in full nor drift downwind: it "
                                               "spends all its MP holding its place")},)
    return ({"type": "wind-pay"},)


def _land_events() -> tuple[dict[str, Any], ...]:
    return ({"type": "landing", "safe": True,
             "note": _("the second half-move action is sacrificed to land")},)


def _land_fast_events(walk: int) -> tuple[dict[str, Any], ...]:
    return ({"type": "landing", "safe": False, "may_walk": walk},)
