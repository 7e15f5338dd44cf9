"""Long and high jumps (D-jump): where a jumper can land from a place, what it costs, and
why a jump is refused.

A jump is movement on foot, paid with the walking speed, and needs a Strength score; a running
jump (two steps on foot just before: the run-up bits of the state) goes twice as far as a
standing one. A long jump's length is the ground it clears, edge to edge: the spaces between
the one it leaves and the one it lands on (``_jump_length`` of ``_extent``: Reading, D-jump);
it pays for every space its own space moves, as a walk along the line would. ``JumpSpace``
works out every jump with room from a place once (``Jump``, kept in the tables), and ``steps``
(``steps.py``) offers those the movement left allows.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any

from ...geometry.hexgrid import Direction
from ...geometry.labels import split_label
from ...geometry.squaregrid import Compass, DiagonalRule, grid_distance, round_root_sum
from ...model import Save, format_amount, format_cost
from ...search import StepTuple
from ._messages import _
from .codes import (
    ACTION,
    AIR,
    DASHED,
    DISENGAGED,
    FLAG_MASK,
    GROUND,
    NO_CHECKS,
    NO_EVENTS,
    PARITY,
    PRONE,
    RUN_MASK,
    RUN_SHIFT,
    RUN_UP,
    UNDER,
    WALK,
)
from .places import PlaceSpace, label_at
from .tables import Jump, Place
from .words import size_word

__all__ = ["JumpSpace", "footprint_extent"]

_HEX_DIRECTIONS = tuple(d.delta for d in Direction)
_SQUARE_DIRECTIONS = tuple(d.delta for d in Compass)


@lru_cache(maxsize=256)
def footprint_extent(offsets: tuple[tuple[int, int], ...], dc: int, dr: int) -> int:
    """How many steps along (dc, dr) a space of these ``offsets`` moves before it no longer
    overlaps where it was: 1 for one square or hex, 2 for a Large creature, 3 Huge, 4
    Gargantuan (on hexes as their shapes give). The spaces a long jump of ``n`` steps clears
    between its takeoff and its landing are ``n`` less this (D-jump)."""
    cells = set(offsets)
    k = 1
    while any((c + k * dc, r + k * dr) in cells for c, r in cells):
        k += 1
    return k


class JumpSpace(PlaceSpace):
    """The jumps of a creature's turn (D-jump), on top of its places."""

    def _run_flags(self, flags: int) -> tuple[int, int]:
        """``flags`` without the run-up, and the run-up bits after one more step on foot (a
        jumper's only: for anyone else the run-up stays 0, so its states are as many as ever)."""
        if not self.jumper:
            return flags, 0
        run = min(2, ((flags & RUN_MASK) >> RUN_SHIFT) + 1)
        return flags & ~RUN_MASK, run << RUN_SHIFT

    def _jump_steps(self, out: list[StepTuple], place: Place, provoked: int, b: int, c: int,
                    flags: int, spent: int) -> None:
        """The long and high jumps from ``place`` that the movement left allows (D-jump): each
        foot its space moves costs a foot of the walking speed, Dash doubling it as for any
        step."""
        running = flags & RUN_MASK == RUN_UP
        jumps = self._jumps.get(place.pos)
        if jumps is None:
            jumps = self._jumps[place.pos] = self._jumps_from(place)
        limit = self.speed[WALK] * self.scale
        auto_dash = not self.full and self.can_act and not flags & ACTION
        dashed = 2 if flags & DASHED else 1
        disengaged = bool(flags & DISENGAGED)
        moved = flags & ~RUN_MASK
        for jump in jumps:
            if not (running or jump.standing):
                continue
            cost, nb, nc, parity = self._jump_cost(jump, b, c, flags)
            total = spent + cost
            name, nflags = jump.name, moved ^ parity
            if total > limit * dashed:
                if not auto_dash or total > 2 * limit:
                    continue
                name, nflags = "dash " + name, nflags | ACTION | DASHED
            new = 0 if disengaged else self._jump_provokes(place, jump.chain, provoked)
            target = self.pack(jump.dst.pos, provoked | new, nb, nc, nflags)
            events = (self._attacks(new) if new else NO_EVENTS) + (jump.events[running],)
            # the check is made now, in the language of the question (the jump is kept)
            checks = self.landing_checks() if jump.checks else NO_CHECKS
            out.append((name, target, cost, checks, events))

    def _jump_provokes(self, place: Place, chain: tuple[Place, ...], provoked: int) -> int:
        """The hostiles whose reach the jump leaves, space by space (D-creatures)."""
        new = 0
        threat = place.threat
        for passed in chain:
            left = threat & ~(provoked | new) & ~passed.threat
            new |= left
            threat = passed.threat
        return new

    def _jump_cost(self, jump: Jump, b: int, c: int, flags: int) -> tuple[int, int, int, int]:
        """(ticks, new b, new c, PARITY if the ``dmg`` parity flips): the spaces jumped over are
        counted as steps along the line by the diagonal option, the height of a high jump 5 ft a
        level."""
        scale = self.scale
        rise = 5 * jump.rise * scale
        n = jump.squares
        if jump.axes == 1 or self.rule is DiagonalRule.PHB:
            return rise + 5 * n * scale, b, c, 0
        if self.rule is DiagonalRule.DMG:
            tens = (n + (1 if flags & PARITY else 0)) // 2
            return rise + 5 * (n + tens) * scale, b, c, PARITY if n % 2 else 0
        return (rise + 5 * (round_root_sum(b + n, c) - round_root_sum(b, c)) * scale,
                b + n, c, 0)

    def _jumps_from(self, place: Place) -> tuple[Jump, ...]:
        """Every jump with room from ``place`` after a run-up, whatever the movement left; each
        says whether it also needs none."""
        if self._jump_refusal(place) is not None:
            return ()
        col, row = self.board.coords[place.anchor]
        found = []
        for dc, dr in self._directions():
            found.append(self._jump_plan(place, True, col + dc, row + dr, True))
            extent = self._extent(dc, dr)
            n = extent + 1  # a long jump clears one space at least
            while self._jump_length(n - extent, dc, dr) <= (self.me.strength or 0):
                found.append(self._jump_plan(place, False, col + n * dc, row + n * dr, True))
                n += 1
        return tuple(j for j in found if isinstance(j, Jump))

    def _directions(self) -> tuple[tuple[int, int], ...]:
        return _HEX_DIRECTIONS if self.board.hex else _SQUARE_DIRECTIONS

    def _extent(self, dc: int, dr: int) -> int:
        """How many steps along (dc, dr) its whole space moves before it no longer overlaps
        where it was (``footprint_extent``)."""
        return footprint_extent(self.offsets, dc, dr)

    def _jump_length(self, n: int, dc: int, dr: int) -> int:
        """Feet of the ground a long jump clears, ``n`` spaces along direction (dc, dr) between
        the space it leaves and the one it lands on, measured on its own by the diagonal
        option: what the Strength score must cover (D-jump)."""
        if self.board.hex or not (dc and dr):
            return 5 * n
        return grid_distance((n, n, 0), self.rule)

    def _jump_refusal(self, place: Place) -> tuple[str, str] | None:
        """Why the creature cannot jump from ``place`` at all, or None."""
        name = self.name
        me = self.me
        if me.strength is None:
            return ("D-jump", _("{name} has no Strength score in the scenario (strength: 3 … "
                                "30): how far it jumps depends on it, so it does not jump")
                    .format(name=name))
        if not self.speed[WALK]:
            return ("D-jump", _("a jump is movement on foot, paid with the walking speed; "
                                "{name} has no walking speed").format(name=name))
        if place.kind == AIR:
            return ("D-jump", _("{name} is in the air: a jump starts from the ground")
                    .format(name=name))
        if place.kind == UNDER:
            return ("D-jump", _("{name} is under the ground: a jump starts from the ground")
                    .format(name=name))
        if place.water:
            return ("D-jump", _("{name} is swimming: a jump starts from solid ground")
                    .format(name=name))
        if place.squeezed:
            return ("D-jump", _("{name} is squeezing: a jump needs room for its whole space")
                    .format(name=name))
        return None

    def _jump_plan(self, place: Place, high: bool, col: int, row: int,
                   running: bool) -> Jump | tuple[str, str]:
        """The jump from ``place`` landing with the north-west space at (col, row), or why there
        is none (D-jump): a long jump along a line to the same level, a high jump onto an
        adjacent space whose ground is higher."""
        board = self.board
        here = board.labels[place.anchor]
        name = self.name
        target = board.at(col, row)
        if target is None:
            if board.hex:
                return ("D-jump", _("there is no hex {label} on the map").format(
                    label=label_at(col, row)))
            return ("D-jump", _("there is no square {label} on the map").format(
                label=label_at(col, row)))
        label = board.labels[target]
        hc, hr = board.coords[place.anchor]
        dc, dr = col - hc, row - hr
        strength = self.me.strength or 0
        unrun = "" if running else _(", standing (it has not walked {run} on foot right "
                                     "before: no run-up)").format(run=self._feet(10))
        if high:
            if (dc, dr) not in self._directions():
                return ("D-jump", _("a high jump lands on a space next to {name}'s; {label} "
                                    "is not adjacent to {here}").format(
                    name=name, label=label, here=here))
            top = self._ground_top(target)
            if top is None:
                return ("D-jump", _("{name}'s space would reach off the map at {label}")
                        .format(name=name, label=label))
            rise = top - place.z
            if rise <= 0:
                return ("D-jump", _("the ground at {label} is not higher than where {name} "
                                    "stands: a high jump lands on higher ground (along the "
                                    "level: {jump})").format(label=label, name=name,
                                                             jump=f"jump:{label}"))
            reach = max(0, 3 + self.me.strength_modifier)
            if 5 * rise * (1 if running else 2) > reach:
                most = self._feet(Fraction(reach, 1 if running else 2))
                # Translators: {standing} is empty, or ", standing (… no run-up)"
                return ("D-jump", _("a high jump onto {label} clears {height}; {name} (Strength "
                                    "{strength}) jumps {most} high{standing}").format(
                    label=label, height=self._feet(5 * rise), name=name, strength=strength,
                    most=most, standing=unrun))
            chain: list[Place] = []
            for z in range(place.z + 1, top + 1):
                passed = self._jump_space(place.anchor, z,
                                          _("above {label}").format(label=here))
                if isinstance(passed, tuple):
                    return passed
                chain.append(passed)
            for corner in self._jump_corners(hc, hr, dc, dr):
                room = _("off the map") if corner < 0 else self._fits(corner, top, False)
                if room is not None:
                    return ("D-jump", _("the jump would cut a corner: {why}").format(why=room))
            wall = self._jump_wall(target, dc, dr)
            if wall is not None:
                return ("D-walls", _("the jump onto {label} would cross a wall: {why}")
                        .format(label=label, why=wall))
            feet, squares, z = 5 * rise, 1, top
            standing = 10 * rise <= reach
        else:
            line = self._line_squares(dc, dr)
            if line is None:
                return ("D-jump", _("a long jump goes in a straight line (a row, a column or "
                                    "a diagonal); {label} is not in line with {here}").format(
                    label=label, here=here))
            squares = line
            ec, er = dc // squares, dr // squares
            extent = self._extent(ec, er)
            if squares <= extent:
                return ("D-jump", _("a long jump clears at least one space between where "
                                    "{name} leaves the ground and where it lands; landing on "
                                    "{label} it would clear none: step there, or jump further")
                        .format(name=name, label=label))
            feet = self._jump_length(squares - extent, ec, er)
            cover = Fraction(strength, 1 if running else 2)  # the distance it can jump
            if feet > cover:
                # Translators: {standing} is empty, or ", standing (… no run-up)"
                return ("D-jump", _("a long jump to {label} clears {length} (the ground "
                                    "between, edge to edge); {name} (Strength {strength}) jumps "
                                    "{most}{standing}").format(
                    label=label, length=self._feet(feet), name=name, strength=strength,
                    most=self._feet(cover), standing=unrun))
            chain = []
            tallest = 0  # the tallest low obstacle it clears, in levels above its takeoff
            for k in range(squares):
                for corner in self._jump_corners(hc + k * ec, hr + k * er, ec, er):
                    cut = self._jump_corner(corner, place.z, cover, unrun)
                    if isinstance(cut, tuple):
                        return cut
                    tallest = max(tallest, cut - place.z)
                over = board.at(hc + (k + 1) * ec, hr + (k + 1) * er)
                wall = None if over is None else self._jump_wall(over, ec, er)
                if wall is not None:
                    return ("D-walls", _("the jump to {label} would cross a wall: {why}")
                            .format(label=label, why=wall))
                if k + 1 < squares:
                    at = board.at(hc + (k + 1) * ec, hr + (k + 1) * er)
                    assert at is not None  # on the line between two spaces of the map
                    passed = self._jump_over(at, place.z, cover, unrun)
                    if isinstance(passed, tuple):
                        return passed
                    chain.append(passed)
                    tallest = max(tallest, passed.z - place.z)
            rise, z = 0, place.z
            # standing it jumps half as far, and so clears obstacles half as tall
            standing = 2 * feet <= strength and 2 * 20 * tallest <= strength
        dst = self.place(self.position(target, z))
        if dst is None or dst.squeezed:
            why = self._fits(target, z, False)
            return ("D-jump", _("{name} has no room to land at {label}, altitude {level}: "
                                "{why} (a jump cannot squeeze)").format(
                name=name, label=label, level=z, why=why or _("only squeezing")))
        if dst.kind != GROUND:
            return ("D-jump", _("{name} would land in the air at {label}: the ground there is "
                                "at altitude {ground}, and a long jump lands at the level it "
                                "leaves (altitude {level}): jump to the edge, then step down")
                    .format(name=name, label=label, ground=dst.landing, level=place.z))
        blocked = self._jump_blocked(dst, label)
        if blocked is not None:
            return blocked
        chain.append(dst)
        checks = self.landing_checks() if dst.difficult else NO_CHECKS
        event: dict[str, Any] = {"type": "jump", "jump": "high" if high else "long", "feet": feet}
        if self.metric:
            event["metres"] = format_cost(Fraction(feet * 3, 10))
        return Jump(f"{'jump-up' if high else 'jump'}:{label}", dst, tuple(chain), squares,
                    2 if dc and dr and not board.hex else 1, rise, checks, standing,
                    ({**event, "run_up": False}, {**event, "run_up": True}))

    def landing_checks(self) -> tuple[Save, ...]:
        """The check of a jump landing in difficult terrain (D-jump), none if it cannot fail."""
        chance = 5 * max(0, min(20, 11 + self.me.acrobatics))
        if chance >= 100:
            return NO_CHECKS
        return (Save("D-jump", _("Acrobatics DC 10"), chance,
                     _("it lands prone")),)

    def _jump_wall(self, anchor: int, dc: int, dr: int) -> str | None:
        """The wall a jump's footprint crosses moving by (dc, dr) onto ``anchor`` (D-walls)."""
        if not self.board.walled:
            return None
        board = self.board
        col, row = board.coords[anchor]
        behind = board.at(col - dc, row - dr)
        cells = board.cells_of(anchor, self.offsets)
        before = None if behind is None else board.cells_of(behind, self.offsets)
        return None if cells is None or before is None else board.step_wall(before, cells, dc,
                                                                            dr)

    def _ground_top(self, anchor: int) -> int | None:
        """The highest ground under the creature's whole space at ``anchor`` (None: off the
        map), made once per space."""
        try:
            return self._tops[anchor]
        except KeyError:
            pass
        cells = self.board.cells_of(anchor, self.offsets)
        top = self._tops[anchor] = (None if cells is None
                                    else max(self.board.ground[i] for i in cells))
        return top

    def _feet(self, feet: Fraction | int) -> str:
        """A length given in feet, as reports spell it (``7.5 ft``, or ``2.25 m``)."""
        if self.metric:
            return f"{format_amount(Fraction(feet) * Fraction(3, 10), 'm')} m"
        return f"{format_amount(Fraction(feet), 'ft')} ft"

    def _line_squares(self, dc: int, dr: int) -> int | None:
        """How many spaces along one direction (dc, dr) is, or None off every line."""
        if (dc, dr) == (0, 0):
            return None
        if self.board.hex:
            if dc == 0:
                return abs(dr) // 2
            return abs(dc) if abs(dc) == abs(dr) else None
        if dc == 0 or dr == 0 or abs(dc) == abs(dr):
            return max(abs(dc), abs(dr))
        return None

    def _jump_corners(self, col: int, row: int, dc: int, dr: int) -> tuple[int, ...]:
        """The anchors a diagonal square passes beside (Decision 11); -1 off the map."""
        if self.board.hex or not (dc and dr):
            return ()
        at = self.board.at
        return tuple(-1 if i is None else i for i in (at(col + dc, row), at(col, row + dr)))

    def _jump_corner(self, corner: int, z: int, cover: Fraction, unrun: str
                     ) -> int | tuple[str, str]:
        """The altitude a long jump passes a corner at, or why that corner has no room (walls,
        ceilings, ground too high)."""
        if corner < 0:
            return ("D-jump", _("the jump would cut a corner: {why}").format(
                why=_("off the map")))
        cleared = self._jump_clear(corner, z, cover, unrun)
        if isinstance(cleared, tuple):
            return ("D-jump", _("the jump would cut a corner: {why}").format(why=cleared[1]))
        why = self._fits(corner, cleared, False)
        if why is not None:
            return ("D-jump", _("the jump would cut a corner: {why}").format(why=why))
        return cleared

    def _jump_clear(self, anchor: int, z: int, cover: Fraction, unrun: str = ""
                    ) -> int | tuple[str, str]:
        """The altitude a long jump passes over ``anchor`` at: its takeoff level, or the top of a
        low obstacle there (raised ground at most a quarter of ``cover``, the distance the
        creature can jump, higher: Reading, D-jump); or why it cannot pass."""
        top = self._ground_top(anchor)
        label = self.board.labels[anchor]
        if top is None:
            return ("D-jump", _("{name}'s space would reach off the map at {label}")
                    .format(name=self.name, label=label))
        if top > z and 4 * 5 * (top - z) > cover:
            # Translators: {standing} is empty, or ", standing (… no run-up)"
            return ("D-jump", _("the ground at {label} is {height} higher: a long jump clears "
                                "an obstacle no taller than a quarter of the distance {name} can "
                                "jump ({most}{standing}): {quarter}").format(
                label=label, height=self._feet(5 * (top - z)), name=self.name,
                most=self._feet(cover), standing=unrun, quarter=self._feet(cover / 4)))
        return max(top, z)

    def _jump_over(self, anchor: int, z: int, cover: Fraction, unrun: str
                   ) -> Place | tuple[str, str]:
        """The space a long jump passes over ``anchor`` (room, obstacle, creatures)."""
        cleared = self._jump_clear(anchor, z, cover, unrun)
        if isinstance(cleared, tuple):
            return cleared
        return self._jump_space(anchor, cleared, self.board.labels[anchor])

    def _jump_space(self, anchor: int, z: int, where: str) -> Place | tuple[str, str]:
        why = self._fits(anchor, z, False)
        if why is not None:
            return ("D-jump", _("{name} has no room to jump past {where}: {why}").format(
                name=self.name, where=where, why=why))
        passed = self.place(self.position(anchor, z))
        assert passed is not None  # its whole footprint fits there
        blocked = self._jump_blocked(passed, where)
        return passed if blocked is None else blocked

    def _jump_blocked(self, passed: Place, where: str) -> tuple[str, str] | None:
        """A hostile the creature cannot move through, in a space the jump passes or lands on:
        a jump goes through spaces as a step does (D-creatures)."""
        for i in passed.occupants:
            if self.blocking[i]:
                other = self.others[i]
                return ("D-creatures", _("{other} ({size}) at {where} is hostile and less than "
                                         "two sizes larger or smaller than {name}: a jump cannot "
                                         "pass through its space").format(
                    other=other.display_name, size=size_word(other.size.value), where=where,
                    name=self.name))
        return None

    def _explain_jump(self, code: int, spent: int, move: str) -> tuple[str, str]:
        flags = code & FLAG_MASK
        place = self._place_of(code)
        if flags & PRONE:
            return ("D-jump", _("{name} is prone: it stands up before it jumps").format(
                name=self.name))
        refusal = self._jump_refusal(place)
        if refusal is not None:
            return refusal
        kind, _colon, where = move.partition(":")
        col, row = split_label(where, kind="hex" if self.board.hex else "square")
        jump = self._jump_plan(place, kind == "jump-up", col, row, flags & RUN_MASK == RUN_UP)
        if not isinstance(jump, Jump):
            return jump
        cost = self._jump_cost(jump, *self.unpack(code)[2:4], flags)[0]
        left = max(0, self.cap(WALK, flags) - spent)
        hint = ""
        if self.can_act and not flags & ACTION and spent + cost <= self.cap(WALK, DASHED):
            hint = _("; Dash (its action) would add its speed")
        values = {"where": where, "cost": self.amount(cost), "name": self.name,
                  "left": self.amount(left), "moved": self.amount(spent), "dash_hint": hint}
        if flags & DASHED:
            # Translators: {cost}, {left}, {moved} are lengths with their unit (15 ft, 4,5 m);
            # {dash_hint} is empty or "; Dash (its action) would add its speed"
            return ("D-jump", _("the jump to {where} costs {cost} (as far as its space moves, a "
                                "foot of movement a foot), but with its walking speed and Dash "
                                "{name} has only {left} left after moving {moved}{dash_hint}")
                    .format(**values))
        # Translators: {cost}, {left}, {moved} are lengths with their unit (15 ft, 4,5 m);
        # {dash_hint} is empty or "; Dash (its action) would add its speed"
        return ("D-jump", _("the jump to {where} costs {cost} (as far as its space moves, a foot "
                            "of movement a foot), but with its walking speed {name} has only "
                            "{left} left after moving {moved}{dash_hint}").format(**values))
