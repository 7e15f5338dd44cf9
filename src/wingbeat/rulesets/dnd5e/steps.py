"""The legal steps from a state: the one legality function of ``dnd5e`` (``steps``).

``reach``, ``path`` and ``check`` all ask ``steps``: the tokens (Dash, Disengage, the action, an
object interaction, standing up, dropping prone), then every way to make each move from the
place (walked, flown, climbed, swum, burrowed, crawled, squeezed: ``_ways``, made once per place
into ``Edge``s), then the jumps (``jumps.py``). Costs follow the diagonal rule (``phb``, ``dmg``,
``euclid``); the searches' pruning drops a step another state for the same place dominates.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from math import isqrt

from ...geometry.squaregrid import DiagonalRule, compare_root_sum, round_root_sum
from ...search import StepTuple
from ._messages import _
from .board import Move
from .codes import (
    ACTION,
    AIR,
    BURROW,
    CLIMB,
    DASHED,
    DISENGAGED,
    EU_BITS,
    EU_MASK,
    FALLING,
    FLAG_BITS,
    FLAG_MASK,
    FLY,
    GROUND,
    INTERACT,
    JUMP_PREFIXES,
    LOW_BITS,
    NO_CHECKS,
    NO_EVENTS,
    PARITY,
    PRONE,
    RUN_MASK,
    SWIM,
    UNDER,
    WALK,
)
from .jumps import JumpSpace
from .tables import Edge, Front, Place, Way
from .words import size_word

__all__ = ["StepSpace"]

_RESIDUE_BITS = 48


@cache
def _residue_bracket(b: int, c: int) -> int:
    """``R`` with ``R ≤ (b√2 + c√3 − round(b√2 + c√3))·2⁴⁸ < R + 2``, in integers only."""
    scale = 1 << _RESIDUE_BITS
    return (isqrt(2 * b * b * scale * scale) + isqrt(3 * c * c * scale * scale)
            - round_root_sum(b, c) * scale)


def _residue_at_most(a: Front, z: Front) -> bool:
    """Whether the ``euclid`` rounding residue of ``a`` is no larger than that of ``z``, exactly:
    the integer brackets decide unless they overlap; then ``compare_root_sum`` does."""
    if a[2] == z[2] and a[3] == z[3]:
        return True
    if a[4] + 2 <= z[4]:
        return True
    if z[4] + 2 <= a[4]:
        return False
    shift = round_root_sum(a[2], a[3]) - round_root_sum(z[2], z[3])
    return compare_root_sum(a[2] - z[2], a[3] - z[3], shift) <= 0


_REFUSED = ("", "")  # a refusal the searches need not word (see ``Dnd5eSpace._ways``)


@cache
def _way(mode: int, multiplier: int, difficult: bool, foot: bool = False) -> Way:
    """The one ``Way`` of these values (frozen, so shared)."""
    return Way(mode, multiplier, difficult, foot)


_NEVER = 1 << 62  # no state without Dash yet


class StepSpace(JumpSpace):
    """The legal steps of a creature's turn, on top of its places and jumps."""

    def steps(self, code: int, spent: int) -> Iterable[StepTuple]:
        flags = code & FLAG_MASK
        b = (code >> FLAG_BITS) & EU_MASK
        c = (code >> (FLAG_BITS + EU_BITS)) & EU_MASK
        rest = code >> LOW_BITS
        provoked = rest & self.watch_mask
        pos = rest >> self.n_watchers
        place = self.place(pos)
        assert place is not None
        out: list[StepTuple] = []
        self._token_steps(out, code, place, provoked, b, c, flags, spent)
        if flags & FALLING:
            return out
        scale = self.scale
        rule = self.rule
        plain = rule is DiagonalRule.PHB
        dmg = rule is DiagonalRule.DMG
        dashed = 2 if flags & DASHED else 1
        auto_dash = not self.full and self.can_act and not flags & ACTION
        threat = 0 if flags & DISENGAGED else place.threat & ~provoked
        prune = self.prune
        # the searches' pruning (see ``_dominated``), inline for phb and dmg, where b = c = 0
        best = self._best if prune and rule is not DiagonalRule.EUCLID else None
        # D-jump: a step on foot adds to the run-up (2 is enough), any other step ends it
        moved, ran = self._run_flags(flags)
        edges = self._edges_from(place, bool(flags & PRONE))
        if best is not None:
            self._flat_steps(out, edges, best, threat, provoked, moved, ran, flags, spent,
                             auto_dash)
            edges = ()
        for name, dash_name, high, dst_threat, axes, m, limit, base, foot, fell in edges:
            new = threat & ~dst_threat
            head = high | ((provoked | new) << LOW_BITS)  # ``high`` holds a fall's flags too
            nb, nc, nflags = b, c, moved | ran if foot else moved
            if axes == 1 or plain:
                cost = base
            elif dmg:
                cost = base * 2 if flags & PARITY else base
                nflags ^= PARITY
            elif axes == 2:
                nb = b + m
                cost = 5 * (round_root_sum(nb, c) - round_root_sum(b, c)) * scale
            else:
                nc = c + m
                cost = 5 * (round_root_sum(b, nc) - round_root_sum(b, c)) * scale
            total = spent + cost
            step_name = name
            if total > limit * dashed:
                if not auto_dash or total > 2 * limit:
                    continue
                step_name = dash_name
                nflags |= ACTION | DASHED
            if nb > EU_MASK or nc > EU_MASK:
                raise OverflowError("too many diagonal steps to count")  # pragma: no cover
            target = head | (nc << (FLAG_BITS + EU_BITS)) | (nb << FLAG_BITS) | nflags
            if prune and self._dominated(target, total):
                continue
            out.append((step_name, target, cost, NO_CHECKS,
                        self._attacks(new) + fell if new else fell))
        if self.jumper and not flags & PRONE and place.kind == GROUND:
            self._jump_steps(out, place, provoked, b, c, flags, spent)
        return out

    def _flat_steps(self, out: list[StepTuple], edges: tuple[Edge, ...],
                    best: dict[int, tuple[int, int]], threat: int, provoked: int, moved: int,
                    ran: int, flags: int, spent: int, auto_dash: bool) -> None:
        """``steps``'s loop for a pruned search under ``phb`` or ``dmg`` (b = c = 0 always): the
        same steps in the same order, with the ``euclid`` sums and their checks left out."""
        dashed = 2 if flags & DASHED else 1
        dmg = self.rule is DiagonalRule.DMG
        double = 2 if flags & PARITY else 1
        on_foot = moved | ran
        # the constants as locals: this loop runs for every way out of every settled state
        dash_bits = ACTION | DASHED
        unturned = ~dash_bits
        never = _NEVER
        no_checks = NO_CHECKS
        provoked_bits = provoked << LOW_BITS
        known = best.get
        add = out.append
        for name, dash_name, high, dst_threat, axes, _m, limit, base, foot, fell in edges:
            flip = PARITY if dmg and axes > 1 else 0
            cost = base * double if flip else base
            total = spent + cost
            if total > limit * dashed:
                if not auto_dash or total > 2 * limit:
                    continue
                step_name = dash_name
                nflags = ((on_foot if foot else moved) ^ flip) | dash_bits
            else:
                step_name = name
                nflags = (on_foot if foot else moved) ^ flip
            new = threat & ~dst_threat if threat else 0
            target = (high | ((provoked | new) << LOW_BITS) if new else high | provoked_bits
                      ) | nflags
            key = target & unturned
            old = known(key)
            if old is None:
                best[key] = (total, total) if not nflags & DASHED else (never, total)
            elif old[0] <= total or (nflags & DASHED and old[1] <= total):
                continue
            elif nflags & DASHED:
                best[key] = (old[0], min(old[1], total))
            else:
                best[key] = (min(old[0], total), min(old[1], total))
            add((step_name, target, cost, no_checks, self._attacks(new) + fell if new else fell))

    def _dominated(self, code: int, spent: int) -> bool:
        """Whether a state already generated for the same place makes ``code`` pointless.

        The same place, provoked set, prone and parity; no more spent; Dash no more used; and a
        ``euclid`` rounding residue no larger, so every continuation costs it no more. (For phb
        and dmg, where the residue is always 0, ``steps`` keeps just the least spent with and
        without Dash per place in ``_best``: the same test.) A front keeps only the states no
        other in it dominates: dropping the others changes no answer, domination is transitive.
        """
        eu_mask = ((EU_MASK << EU_BITS) | EU_MASK) << FLAG_BITS
        key = code & ~eu_mask & ~(ACTION | DASHED)
        b = (code >> FLAG_BITS) & EU_MASK
        c = (code >> (FLAG_BITS + EU_BITS)) & EU_MASK
        dash = code & DASHED
        mine = (spent, dash, b, c, _residue_bracket(b, c))
        front = self._fronts.get(key)
        if front is None:
            self._fronts[key] = [mine]
            return False
        for old in front:
            if old[0] <= spent and old[1] <= dash and _residue_at_most(old, mine):
                return True
        front[:] = [old for old in front
                    if not (spent <= old[0] and dash <= old[1] and _residue_at_most(mine, old))]
        front.append(mine)
        return False

    def _edges_from(self, place: Place, prone: bool) -> tuple[Edge, ...]:
        """The legal moves from ``place``, whatever the movement left, ready for ``steps``.

        Each is a way to make a move (``Edge``): its name, name with Dash, destination position
        shifted past the provoked and low bits with the flags a fall sets, destination threat,
        axes, multiplier, ticks of the paying speed, ticks of the step when it costs 5 ft per
        square, whether it is on foot, and the events of a fall. A walk off a ledge (``_ways``
        gives a walking way into the air only then) lands where ``_landing`` says: its
        destination is the ground below, its threat that of the space walked into (leaving a
        reach by walking provokes, falling out of one does not: Decision 7).
        """
        key = place.pos * 2 + prone
        edges = self._edges.get(key)
        if edges is None:
            found = []
            shift = self.n_watchers
            scale = self.scale
            plans = self._plans
            for move in self.board.moves_of(place.anchor):
                dst, ways, _why = self._ways(place, move, prone)
                if dst is not None and ways:
                    # by identity: ``_way_set`` keeps every set it made (hashing Ways is slow)
                    plan = plans.get(id(ways))
                    if plan is None:
                        plan = plans[id(ways)] = tuple(
                            (w.multiplier, self.speed[self.paying(w.mode)] * scale,
                             5 * w.multiplier * scale, w.foot) for w in ways)
                    sets, fell, end = 0, NO_EVENTS, dst
                    if dst.kind == AIR and ways[0].mode == WALK:
                        end, sets, fell = self._drop(dst, prone)
                    high = ((end.pos << shift) << LOW_BITS) | sets
                    for m, limit, base, foot in plan:
                        found.append((move.name, move.dash_name, high, dst.threat, move.axes,
                                      m, limit, base, foot, fell))
            edges = tuple(found)
            self._edges[key] = edges
        return edges

    def _ways(self, src: Place, move: Move, prone: bool, *, explain: bool = False
              ) -> tuple[Place | None, tuple[Way, ...], tuple[str, str] | None]:
        """The ways to make ``move`` from ``src`` (whatever the movement left), or why none.

        The reason is worded only with ``explain`` (for a refusal); the searches, which ask
        about every move of every place they visit, get ``_REFUSED`` instead.
        """
        board = self.board
        z = src.z + move.dz
        if z < board.bottom or z > board.top:
            if not explain:
                return None, (), _REFUSED
            if z > board.top:
                return None, (), ("D-grid", _("altitude {level} is past the top of the map "
                                              "({top})").format(level=z, top=board.top))
            return None, (), ("D-grid", _("altitude {level} is past the bottom of the map "
                                          "({bottom})").format(level=z, bottom=board.bottom))
        pos = move.target * self.levels + (z - board.bottom)  # self.position(move.target, z)
        dst = self._places[pos] if pos in self._places else self.place(pos)
        if dst is None:
            if not explain:
                return None, (), _REFUSED
            why = self._fits(move.target, z, False)
            squeezing = self._fits(move.target, z, True)
            if self.small_offsets is not None and squeezing != why:
                why = _("{why}, and even squeezing: {squeezing}").format(why=why,
                                                                          squeezing=squeezing)
            return None, (), ("D-size", _("{name} has no room at {label}, altitude {level}: "
                                          "{why}").format(name=self.name,
                                                          label=board.labels[move.target],
                                                          level=z, why=why))
        if move.axes > 1:
            squeezed = src.squeezed or dst.squeezed
            spans = self._spans
            for corner, dz in move.corners:
                if corner >= 0:
                    span = spans.get(corner) or self._span(corner)
                    cz = src.z + dz
                    if (span[2] <= cz <= span[3]) if squeezed else (span[0] <= cz <= span[1]):
                        continue
                if not explain:
                    return None, (), _REFUSED
                blocked = (_("off the map") if corner < 0
                           else self._fits(corner, src.z + dz, squeezed))
                return None, (), ("D-grid", _("the step to {step} would cut a corner: "
                                              "{why}").format(step=move.name, why=blocked))
        if board.walled:
            wall = self._wall_between(src, move.target, dst)
            if wall is not None:
                return None, (), (("D-walls", _("the step to {step} would cross a wall: "
                                                "{why}").format(step=move.name, why=wall))
                                  if explain else _REFUSED)
        for i in dst.occupants:
            if self.blocking[i]:
                if not explain:
                    return None, (), _REFUSED
                name = self.name
                other = self.others[i]
                return None, (), ("D-creatures", _(
                    "{other} ({other_size}) is hostile and less than two sizes larger or smaller "
                    "than {name} ({size}): {name} cannot move through its space").format(
                    other=other.display_name, other_size=size_word(other.size.value), name=name,
                    size=size_word(self.me.size.value)))
        speed = self.speed
        src_kind = src.kind
        dst_kind = dst.kind
        modes: tuple[int, ...]
        if src_kind == UNDER or dst_kind == UNDER:
            if prone:
                return dst, (), self._crawl_refusal(explain)
            if not speed[BURROW]:
                return dst, (), (("D-speed", _("moving under the ground needs a burrowing "
                                               "speed; {name} has none").format(name=self.name))
                                 if explain else _REFUSED)
            modes = (BURROW,)
        elif src_kind == AIR or dst_kind == AIR or move.dz:
            if not prone:
                climb = ((src_kind != AIR or src.climbable) and (dst_kind != AIR or dst.climbable)
                         and (src.climbable or dst.climbable))
                modes = ((FLY,) if speed[FLY] else ()) + ((CLIMB,) if climb else ())
            if prone or not modes:
                # a level step off the ground (not swimming) into the air that cannot be flown
                # or climbed is walked (or crawled): it falls to the ground below (Decision 5)
                if dst_kind != AIR or src_kind != GROUND or move.dz or src.water:
                    if prone:
                        return dst, (), self._crawl_refusal(explain)
                    return dst, (), self._lift_refusal(dst) if explain else _REFUSED
                landing = self._landing_refusal(dst, explain)
                if landing is not None:
                    return dst, (), landing
                modes = (WALK,)
        elif src.water or dst.water:
            if prone:
                return dst, (), (("D-prone", _("{name} is prone: it cannot swim while "
                                               "prone").format(name=self.name))
                                 if explain else _REFUSED)
            modes = (SWIM,)
        elif prone:
            modes = (WALK,)  # crawling
        else:
            # along the ground: walked, or flown at ground level with a fly speed (D-fly)
            difficult = dst.difficult
            return dst, self._way_set(self._ground_modes, 1 + difficult + dst.squeezed,
                                      difficult, True), None
        difficult = dst.difficult
        # difficult terrain, crawling (D-prone), squeezing (D-size): 1 extra foot per foot each
        extra = 1 + difficult + prone + dst.squeezed
        return dst, self._way_set(modes, extra, difficult), None

    def _wall_between(self, src: Place, target: int, dst: Place) -> str | None:
        """The wall a step from ``src`` to ``dst`` (at the anchor ``target``) crosses, or None
        (D-walls)."""
        coords = self.board.coords
        (sc, sr), (tc, tr) = coords[src.anchor], coords[target]
        return self.board.step_wall(src.cells, dst.cells, tc - sc, tr - sr)

    def _way_set(self, modes: tuple[int, ...], extra: int, difficult: bool,
                 on_foot: bool = False) -> tuple[Way, ...]:
        """The ways for these speeds: made once per space, as every place asks for a few.
        ``on_foot``: a step along the ground, whose walking way counts as a run-up (D-jump)."""
        key = (modes, extra, difficult, on_foot)
        ways = self._way_sets.get(key)
        if ways is None:
            speed = self.speed
            # ``setdefault``: two threads asking at once get the one set kept, whose id keys
            # its plan (``_edges_from``) for as long as the tables live
            ways = self._way_sets.setdefault(key, tuple(
                _way(mode, extra + (mode in (CLIMB, SWIM) and not speed[mode]), difficult,
                     on_foot and mode == WALK)
                for mode in modes))  # climbing or swimming without that speed: +1 (D-speed)
        return ways

    def _landing_refusal(self, place: Place, explain: bool) -> tuple[str, str] | None:
        """Why a walk off a ledge into ``place`` may not land where it would (a hostile's
        space, D-creatures), else None."""
        end, _result = self._landing(place)
        for i in end.occupants:
            if self.blocking[i]:
                if not explain:
                    return _REFUSED
                other = self.others[i]
                return ("D-creatures", _("{name} would fall into the space of {other}, a hostile "
                                         "creature it cannot move through, at {label}").format(
                    name=self.name, other=other.display_name,
                    label=self.board.labels[end.anchor]))
        return None

    def _crawl_refusal(self, explain: bool) -> tuple[str, str]:
        if not explain:
            return _REFUSED
        return ("D-prone", _("{name} is prone: it can only crawl along the ground (stand "
                             "first)").format(name=self.name))

    def _lift_refusal(self, dst: Place) -> tuple[str, str]:
        name = self.name
        if self.me.speed.fly and not self.speed[FLY]:
            return ("D-fly", _("{name}'s speed is 0: it cannot fly").format(name=name))
        where = self.board.labels[dst.anchor]
        return ("D-speed", _("{name} cannot fly, and there is nothing to climb at {label} (a "
                             "climb: true space) to leave the ground or change level there")
                .format(name=name, label=where))

    # -- tokens ------------------------------------------------------------------------------------
    def _token_steps(self, out: list[StepTuple], code: int, place: Place, provoked: int, b: int,
                     c: int, flags: int, spent: int) -> None:
        pos = place.pos
        pack = self.pack
        full = self.full
        action_open = self.can_act and not flags & ACTION
        if action_open and full:
            out.append(("dash", pack(pos, provoked, b, c, flags | ACTION | DASHED), 0,
                        NO_CHECKS, NO_EVENTS))
        if full and action_open:
            out.append(("disengage", pack(pos, provoked, b, c, flags | ACTION | DISENGAGED), 0,
                        NO_CHECKS, NO_EVENTS))
            out.append(("action", pack(pos, provoked, b, c, flags | ACTION), 0,
                        NO_CHECKS, NO_EVENTS))
        if full:
            if not flags & INTERACT:
                out.append(("interact", pack(pos, provoked, b, c, flags | INTERACT), 0,
                            NO_CHECKS, NO_EVENTS))
            elif action_open:
                out.append(("interact", pack(pos, provoked, b, c, flags | ACTION), 0,
                            NO_CHECKS, NO_EVENTS))
        if flags & FALLING:
            return
        if flags & PRONE:
            mode = self.stand_mode(place)
            cost = self.speed[mode] * self.scale // 2
            if self.speed[mode] and spent + cost <= self.cap(mode, flags):
                out.append(("stand", pack(pos, provoked, b, c, flags & ~(PRONE | RUN_MASK)),
                            cost, NO_CHECKS, NO_EVENTS))
            elif (self.speed[mode] and not full and action_open
                  and spent + cost <= self.cap(mode, flags | DASHED)):
                out.append(("dash stand", pack(pos, provoked, b, c,
                                               (flags & ~(PRONE | RUN_MASK)) | ACTION | DASHED),
                            cost, NO_CHECKS, NO_EVENTS))
        elif full and place.kind != UNDER and not place.water:
            if place.kind == AIR and not self.held_aloft:
                npos, nflags, event = self._fall(place, flags | PRONE, involuntary=False)
                out.append(("prone", pack(npos, provoked, b, c, nflags), 0, NO_CHECKS,
                            (event,)))
            else:  # on the ground, or held aloft (hovering, or by magic: it says so, D-fly)
                held = (self.held_event(_("dropped prone in the air")),)
                out.append(("prone", pack(pos, provoked, b, c, flags | PRONE), 0, NO_CHECKS,
                            held if self.magic and place.kind == AIR else NO_EVENTS))

    def stand_mode(self, place: Place) -> int:
        """The speed standing up spends half of (D-prone): the speed the creature moves with.

        Aloft (hovering) that is its fly speed; on the ground its walking speed, or its fly speed
        if it has no walking speed (a will-o'-wisp rises on its wings, it has no legs to stand on).
        """
        me = self.me.speed
        if place.kind == AIR or (not me.walk and me.fly):
            return FLY
        return WALK

    # -- the way a step went -----------------------------------------------------------------------
    def step_cost(self, code: int, move: Move, way: Way) -> int:
        """Ticks of a move made ``way`` from state ``code`` (the same sums as ``steps``)."""
        _pos, _provoked, b, c, flags = self.unpack(code)
        m = way.multiplier
        if move.axes == 1 or self.rule is DiagonalRule.PHB:
            feet = 5 * m
        elif self.rule is DiagonalRule.DMG:
            feet = (10 if flags & PARITY else 5) * m
        elif move.axes == 2:
            feet = 5 * (round_root_sum(b + m, c) - round_root_sum(b, c))
        else:
            feet = 5 * (round_root_sum(b, c + m) - round_root_sum(b, c))
        return feet * self.scale

    def way_of(self, code: int, step: StepTuple, spent: int | None = None) -> Way | None:
        """Which way a taken step went (None for a token): for the turn report. Given what was
        ``spent`` before it, the first way whose speed had that much left (a step along the
        ground is walked while the walking speed lasts, then flown: D-speed)."""
        place = self._place_of(code)
        name = step[0].removeprefix("dash ")
        if name.startswith(JUMP_PREFIXES):
            return _way(WALK, 1, False)  # a jump is paid with the walking speed (D-jump)
        move = next((m for m in self.board.moves_of(place.anchor) if m.name == name), None)
        if move is None:
            return None
        _dst, ways, _why = self._ways(place, move, bool(code & PRONE))
        fitting = [w for w in ways if self.step_cost(code, move, w) == step[2]]
        if spent is not None:
            flags = step[1] & FLAG_MASK
            for way in fitting:
                if spent + step[2] <= self.cap(way.mode, flags):
                    return way
        return fitting[0] if fitting else None
