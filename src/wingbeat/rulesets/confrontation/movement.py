"""C-mou, C-change, C-terrain, C-dive: where a flyer can end its move, and whether a declared
move is legal.

Reach and check share one reading: a move is legs at a tier plus at most one change of tier (one
step at a time), whose budget ``budget()`` sets; legs are blocked as ``Terrain`` says (at tier 0,
scenery and the other models' bases, the fighter's own base counting against both), and a move
ends only where ``Terrain.end_problem`` allows (reach cuts the same places out with
``Terrain.ends``): a landing, a dive charge's end, a redirect's, the activation's and the pursuit
move's last place. A declared move may go on, after ``pursue``, with the
pursuit move of the melee phase (its own budget: the MOU of its tier), and an assault that landed
may be redirected (``redirect:ID``) when its target is gone (C-change).
"""

from __future__ import annotations

from dataclasses import field, replace
from fractions import Fraction
from typing import Any

from ..._records import dataclass
from ...errors import IllegalMoveError, NotationError
from ...geometry.table import (
    EPSILON,
    Point,
    angle_between,
    bearing,
    distance,
    format_length,
    format_point,
    point_named,
)
from ...rules.tabletop import waypoint
from ._messages import _
from .model import ConfrontationBattle, Edition, Fighter
from .mou import Budget, Change, Order, budget, change_between
from .reports import DIVE_BONUSES, ConfrontationMove, ConfrontationReach, Stage, TierArea
from .terrain import Terrain
from .words import cm, number

__all__ = ["FIELD_OF_VISION", "check_move", "reach", "route_moves", "sees", "vision_words"]

#: Decision: the normal field of vision (edition 3 counters, fighters on the ground) is the
#: front half, 90° either side of the facing.
FIELD_OF_VISION = 90.0

def _landing_notes(edition: Edition) -> tuple[str, ...]:
    """What a landing leaves the fighter (C-change), in the current language."""
    notes: tuple[str, ...] = (_(
        "landed: no more movement after landing; it may still shoot, cast or pray, and may make a "
        "pursuit move in the melee phase with its ground MOU (C-change)"),)
    if edition.modern:
        notes += (_("after landing it may redirect its assault if its target is gone (killed "
                    "or routed) (C-change)"),)
    return notes


def vision_words(edition: Edition, tier: int) -> str:
    if tier >= 1 and edition.modern:
        return _("360° at tier {tier} (C-tiers, {edition})").format(tier=tier,
                                                                    edition=edition.words)
    if tier >= 1:
        return _("its normal field of vision from the marked front of its counter at tier {tier} "
                 "(C-tiers, {edition})").format(tier=tier, edition=edition.words)
    return _("its normal field of vision (tier 0)")


def sees(edition: Edition, viewer: Fighter, target: Fighter) -> bool | None:
    """Whether ``target`` is in ``viewer``'s field of vision; None when its facing is unknown."""
    if viewer.tier >= 1 and edition.modern:
        return True
    if viewer.facing is None:
        return None
    if viewer.at == target.at:
        return True
    return angle_between(bearing(viewer.at, target.at), viewer.facing) <= FIELD_OF_VISION + 1e-9


def _abilities(edition: Edition) -> tuple[str, ...]:
    return (_("Bond (leap) (C-tiers)"),) if edition.bond else ()


def _edition_notes(edition: Edition) -> tuple[str, ...]:
    return () if edition.note is None else (edition.note,)


# -- reach ------------------------------------------------------------------------------------

def reach(battle: ConfrontationBattle, fighter: Fighter, factor: Fraction,
          pursuit: bool) -> ConfrontationReach:
    """For each tier the fighter can end at, the area it can reach (C-report)."""
    edition = battle.edition
    terrain = Terrain(battle, fighter)
    t0 = fighter.tier
    areas: list[TierArea] = []

    def add(tier: int, ways: list[tuple[Budget, str, Any]], landed: bool = False,
            notes: tuple[str, ...] = ()) -> None:
        from ...geometry.geos import unary_union

        usable = [(b, how, region) for b, how, region in ways if b.reduced >= 0]
        if not usable:
            return
        area = terrain.ends(tier, unary_union([region(b.total) for b, _, region in usable]))
        areas.append(TierArea(tier, area, tuple((b, how) for b, how, _ in usable), landed, notes))

    def plain(tier: int) -> Any:
        return lambda total: terrain.region(tier, total)

    stay = budget(edition, fighter, t0, None, None, factor)
    add(t0, [(stay, _("moving at tier {tier}").format(tier=t0), plain(t0))])
    if not pursuit:
        if t0 == 0:
            if edition.modern:
                add(1, [(budget(edition, fighter, 0, Change.TAKE_OFF, Order.BEFORE, factor),
                         _("taking off, then moving at tier 1"), plain(1))])
            else:
                add(1, [(budget(edition, fighter, 0, Change.TAKE_OFF, Order.AFTER, factor),
                         _("moving at tier 0, then taking off"), plain(0)),
                        (budget(edition, fighter, 0, Change.TAKE_OFF, Order.BEFORE, factor),
                         _("taking off, then moving at tier 1"), plain(1))])
        elif t0 == 1:
            add(2, [(budget(edition, fighter, 1, Change.CLIMB, Order.BEFORE, factor),
                     _("going up to tier 2, then moving"), plain(2))])
            notes = _landing_notes(edition)
            add(0, [(budget(edition, fighter, 1, Change.LANDING, Order.AFTER, factor),
                     _("moving at tier 1, then landing"), plain(1))], landed=True,
                notes=notes)
        else:
            add(1, [(budget(edition, fighter, 2, Change.DESCENT, Order.AFTER, factor),
                     _("moving at tier 2, then going down to tier 1"), plain(2))],
                notes=(_("tier 0 is two steps down: landing takes another turn (C-change)"),))
    notes = (_("a pursuit move: no change of tier (C-change)"),) if pursuit else ()
    notes += _edition_notes(edition)
    return ConfrontationReach(
        ruleset="confrontation", creature=fighter.id, edition=edition.value, tier=t0,
        at=fighter.at, mou=(fighter.ground_mou, fighter.air_mou), factor=factor,
        vision=vision_words(edition, t0), abilities=_abilities(edition), areas=tuple(areas),
        notes=notes)


# -- check ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class _Token:
    """One word of a declared move: a waypoint, a tier change, a dive, a redirect."""

    kind: str  # "point" | "up" | "down" | "dive" | "redirect" | "pursue"
    text: str
    point: Point | None = None
    target: str | None = None


def _parse(battle: ConfrontationBattle, text: str) -> list[_Token]:
    tokens = []
    for index, raw in enumerate(text.split(), 1):
        word = raw.lower()
        if word in ("up", "takeoff", "take-off"):
            tokens.append(_Token("up", "up"))
        elif word in ("down", "land"):
            tokens.append(_Token("down", "down"))
        elif word in ("pursue", "pursuit"):
            tokens.append(_Token("pursue", "pursue"))
        elif word.startswith(("dive:", "redirect:")):
            kind, _colon, target = raw.partition(":")
            battle.fighter(target)
            tokens.append(_Token(kind.lower(), f"{kind.lower()}:{target}", target=target))
        else:
            point = waypoint(battle.table, raw, index,
                             "up, down, land, dive:ID, redirect:ID, pursue")
            tokens.append(_Token("point", raw, point=point))
    return tokens


def _plan(tokens: list[_Token], start_tier: int) -> tuple[Change | None, Order | None, int]:
    """The first change of tier in the move, when it happens, and at which token."""
    for i, token in enumerate(tokens):
        if token.kind in ("up", "down", "dive"):
            if token.kind == "dive":
                change = Change.DIVE
            else:
                end = start_tier + (1 if token.kind == "up" else -1)
                if not 0 <= end <= 2:
                    return None, None, i
                change = change_between(start_tier, end)
            before = any(t.kind == "point" for t in tokens[:i])
            after = any(t.kind == "point" for t in tokens[i + 1:])
            order = (Order.DURING if before and after else Order.AFTER if before
                     else Order.BEFORE)
            return change, order, i
    return None, None, -1


@dataclass
class _Move:
    """A declared move as it is checked, step by step: where it stands and what is spent."""

    battle: ConfrontationBattle
    fighter: Fighter
    terrain: Terrain
    budget: Budget | None
    tier: int
    at: Point
    ground_length: float = 0.0
    air_length: float = 0.0
    ground_factor: Fraction = Fraction(1)
    pursuit: bool = False
    changes: int = 0
    landed: bool = False
    dive: dict[str, Any] | None = None
    stages: list[Stage] = field(default_factory=list)
    #: The activation's budget, length and zone factor, kept once ``pursue`` starts the pursuit.
    activation: tuple[Budget, float, Fraction] | None = None
    #: Fighters the move has declared gone (a redirected assault's first target).
    gone: frozenset[str] = frozenset()
    redirected: str | None = None

    @property
    def spent(self) -> float:
        return self.ground_length * float(self.ground_factor) + self.air_length

    def add(self, stage: Stage) -> None:
        """A stage made, with the state it ends in (where the counter stands, at which tier)."""
        self.stages.append(replace(stage, state={"at": self.at, "tier": self.tier}))

    def report(self, error: IllegalMoveError | None = None) -> ConfrontationMove:
        edition = self.battle.edition
        notes: tuple[str, ...] = ()
        events: list[dict[str, Any]] = []
        if self.landed and self.dive is None:
            notes = _landing_notes(edition)
        notes += _edition_notes(edition)
        first, spent, ground_factor = (self.activation if self.activation is not None
                                       else (self.budget, self.spent, self.ground_factor))
        if self.changes:
            assert first is not None and first.change is not None
            events.append({"type": "tier-change", "change": first.change.value,
                           "rule": "C-change"})
        end = {"at": format_point(self.at), "tier": self.tier, "landed": self.landed}
        pursuit = None
        if self.activation is not None and self.budget is not None:
            pursuit = (self.budget, self.spent)
        return ConfrontationMove(
            ruleset="confrontation", creature=self.fighter.id, edition=edition.value,
            legal=error is None, budget=first, spent=spent,
            ground_factor=ground_factor, end=end, steps=tuple(self.stages),
            move_events=tuple(events), dive=self.dive, vision=vision_words(edition, self.tier),
            notes=notes, error=error, pursuit=pursuit,
            start=self.fighter.at,
            refused_at=None if error is None else point_named(error.move or ""))


def check_move(battle: ConfrontationBattle, fighter: Fighter, text: str, factor: Fraction,
               pursuit: bool, terrain: Terrain | None = None) -> ConfrontationMove:
    """Validate a declared move: waypoints ``x,y``, ``up``/``down`` (``land``), ``dive:ID``,
    ``redirect:ID`` (after landing, C-change), then ``pursue`` and the pursuit move's waypoints.
    ``terrain``: the fighter's from where it stands, if one is made already (``path`` found its
    routes in it: the same free space, not made twice)."""
    tokens = _parse(battle, text)
    kinds = [t.kind for t in tokens]
    if "pursue" in kinds and (pursuit or kinds.count("pursue") > 1):
        raise NotationError(_("'pursue' starts the one pursuit move after the activation's "
                              "move; with pursuit=true the whole move is already one: give one "
                              "of them, once"))
    activation = tokens[:kinds.index("pursue")] if "pursue" in kinds else tokens
    change, order, _at = _plan(activation, fighter.tier)
    if change is Change.TAKE_OFF and not any(t.kind == "point" for t in activation):
        order = max((Order.BEFORE, Order.AFTER), key=lambda o: budget(
            battle.edition, fighter, fighter.tier, change, o, factor).total)
    plan = None if pursuit and change is not None else change
    if terrain is None or (terrain.battle, terrain.fighter, terrain.start, terrain.gone) != (
            battle, fighter, fighter.at, frozenset()):
        terrain = Terrain(battle, fighter)
    move = _Move(battle, fighter, terrain,
                 budget(battle.edition, fighter, fighter.tier, plan, order, factor),
                 fighter.tier, fighter.at, pursuit=pursuit)
    move.ground_factor = move.terrain.start_factor if fighter.tier == 0 else Fraction(1)
    # the last token of the activation and of the pursuit move: where each ends
    finals = {len(tokens)} | ({kinds.index("pursue")} if "pursue" in kinds else set())
    for index, token in enumerate(tokens, 1):
        problem = _step(move, token, order, final=index in finals)
        if problem is not None:
            return move.report(IllegalMoveError(*problem, step=index, move=token.text))
    return move.report()


def _step(move: _Move, token: _Token, order: Order | None, *,
          final: bool = False) -> tuple[str, str] | None:
    """One token of the move; ``final`` when the activation or the pursuit move ends with it,
    so that where it leaves the fighter must be a place a move may end (C-terrain)."""
    battle, fighter = move.battle, move.fighter
    who = fighter.display_name
    if token.kind == "pursue":
        return _pursue(move)
    if token.kind == "redirect":
        return _redirect(move, token)
    if move.redirected is not None and not move.pursuit:
        return ("C-change", _("the redirected assault ends its move; a pursuit move in the "
                              "melee phase comes after 'pursue'"))
    if move.dive is not None and not move.pursuit:
        return ("C-dive", _("the dive charge ends its move"))
    if token.kind == "point":
        assert token.point is not None
        if move.landed and not move.pursuit:
            return ("C-change", _("{name} has landed: no move is allowed after landing (a "
                                  "pursuit move in the melee phase comes after 'pursue')")
                    .format(name=who))
        if move.changes and order is Order.DURING and not battle.edition.modern:
            return ("C-change", _("in {edition} a fighter changes tier before or after its "
                                  "move, not during it").format(edition=battle.edition.words))
        return _leg(move, token.point, token.text, final=final)
    if token.kind == "dive":
        return _dive(move, token)
    if move.pursuit:
        return ("C-change", _("no change of tier during a pursuit move"))
    if move.changes:
        return ("C-change", _("{name} has already changed tier this turn: only one change a "
                              "turn").format(name=who))
    end = move.tier + (1 if token.kind == "up" else -1)
    if end > 2:
        return ("C-tiers", _("{name} is at tier 2, the highest tier").format(name=who))
    if end < 0:
        return ("C-tiers", _("{name} is already at tier 0, on the ground").format(name=who))
    # a landing puts the base on the ground, and a counter going down comes to tier 1 where it
    # stands: each is where it ends, as is any change that ends the move
    if end == 0 or move.tier == 2 or final:
        problem = move.terrain.end_problem(end, move.at)
        if problem is not None:
            if end == 0:
                said = _("landing at {point}: {problem}")
            elif end == 2:
                said = _("going up to tier 2 at {point}: {problem}")
            elif move.tier == 2:
                said = _("going down to tier 1 at {point}: {problem}")
            else:
                said = _("taking off at {point}: {problem}")
            return ("C-terrain", said.format(point=format_point(move.at), problem=problem))
    assert move.budget is not None
    if move.budget.reduced < 0:
        said = (_("ground MOU {value} is too low to pay the 5 cm a change of tier costs")
                if move.budget.mou == "ground" else
                _("air MOU {value} is too low to pay the 5 cm a change of tier costs"))
        return ("C-change", said.format(value=number(move.budget.value)))
    if move.spent > float(move.budget.total) + EPSILON:
        return ("C-change", _("changing tier lowers its movement to {budget} cm, but it has "
                              "already moved {spent}").format(budget=number(move.budget.total),
                                                              spent=cm(move.spent)))
    change = change_between(move.tier, end)
    move.changes += 1
    move.tier = end
    move.landed = end == 0
    move.add(Stage("down" if token.kind == "down" else "up", tier=end, total=move.spent,
                   change=change.value))
    return None


def _leg(move: _Move, point: Point, text: str, *, stage_text: str | None = None,
         end: Point | None = None, final: bool = False,
         ending: str | None = None) -> tuple[str, str] | None:
    """A straight leg to ``point`` at the current tier; the fighter then stands at ``end``
    (default ``point``: a charger is placed in base contact beyond where its counter arrives).
    When the leg is ``final`` (it ends the activation or the pursuit move), where the fighter
    stands must be a place a move may end (C-terrain); ``ending`` says what ends there."""
    terrain = move.terrain
    blocked = terrain.blocked(move.tier, move.at, point)
    if blocked is not None:
        how, kind = blocked
        if move.tier == 0 and kind == "base":
            why = _("at tier 0 a model cannot pass through another model's base (only counters "
                    "in the air go round one another freely)")
        elif kind == "width":
            why = _("on the ground a model's base counts against scenery and other bases; only "
                    "a counter in the air is moved without its base")
        elif move.tier == 0:
            why = _("at tier 0 a fighter goes around scenery")
        else:
            why = _("at tier 1 a flyer must go around obstacles higher than 15 cm")
        # Translators: {how} says what the leg meets ("passes through the tower (20 cm)")
        return ("C-terrain", _("the leg from {start} to {end} {how}; {why}").format(
            start=format_point(move.at), end=format_point(point), how=how, why=why))
    length = distance(move.at, point)
    factor = move.ground_factor
    if move.tier == 0 and length > 0:
        factor = terrain.ground_factor(move.at, point, factor)
    spent = (move.ground_length + (length if move.tier == 0 else 0.0)) * float(factor) \
        + move.air_length + (length if move.tier > 0 else 0.0)
    assert move.budget is not None
    if spent > float(move.budget.total) + EPSILON:
        if factor != 1:
            # Translators: {budget} is "ground MOU 10 cm (it starts at tier 0 (C-mou))"
            said = _("moving to {point} brings its movement to {spent} (ground movement × "
                     "{factor} in difficult terrain), more than its {budget}")
        else:
            said = _("moving to {point} brings its movement to {spent}, more than its {budget}")
        return (move.budget.rule, said.format(point=format_point(point), spent=cm(spent),
                                              factor=number(factor),
                                              budget=move.budget.words()))
    stands = point if end is None else end
    if final:
        problem = terrain.end_problem(move.tier, stands)
        if problem is not None:
            said = (_("the move ends at {point}: {problem}") if ending is None else ending)
            return ("C-terrain", said.format(point=format_point(stands), problem=problem))
    if move.tier == 0:
        move.ground_length += length
        move.ground_factor = factor
    else:
        move.air_length += length
    move.at = point if end is None else end
    move.add(Stage(stage_text or text, tier=move.tier, length=length, total=move.spent,
                   phase="pursuit" if move.activation is not None else None))
    return None


def _toward(origin: Point, other: Point, fallback: Point) -> tuple[float, float]:
    """The unit vector from ``origin`` to ``other`` (or to ``fallback`` when they coincide)."""
    for p in (other, fallback):
        d = distance(origin, p)
        if d > EPSILON:
            return ((p[0] - origin[0]) / d, (p[1] - origin[1]) / d)
    return (0.0, -1.0)


def _dive(move: _Move, token: _Token) -> tuple[str, str] | None:
    """C-dive: a charge onto the tier below, measured from the counter to its target (C-tiers):
    to the edge of its base on the ground (tier 0), or of its counter at tier 1 (a counter is as
    wide as its fighter's base); the charger ends there in contact, on the side it comes from,
    and that place must be one a move may end at (C-terrain: on the ground its base overlaps no
    other base and no scenery's edge; at tier 1 it is not inside an obstacle over 15 cm)."""
    battle, fighter = move.battle, move.fighter
    assert token.target is not None
    target = battle.fighter(token.target)
    if not battle.edition.modern:
        return ("C-dive", _("the dive charge exists only in the current text, Confédé and "
                            "Confrontation 3.5, not in {edition}").format(
            edition=battle.edition.words))
    if move.pursuit:
        return ("C-change", _("no change of tier during a pursuit move"))
    if move.changes:
        return ("C-change", _("{name} has already changed tier this turn, and a dive charge is "
                              "a change of tier").format(name=fighter.display_name))
    if move.tier == 0:
        return ("C-dive", _("a dive charge is made from tier 1 or 2"))
    if target.id == fighter.id:
        return ("C-dive", _("a fighter cannot charge itself"))
    if target.tier != move.tier - 1:
        return ("C-dive", _("{target} is at tier {tier}: a dive charge goes onto the tier "
                            "directly below ({below})").format(
            target=target.display_name, tier=target.tier, below=move.tier - 1))
    if fighter.side is not None and fighter.side == target.side:
        return ("C-dive", _("{target} is on the same side: a charge is made on an enemy")
                .format(target=target.display_name))
    assert move.budget is not None
    if move.budget.reduced < 0:
        return ("C-change", _("air MOU {value} is too low to pay the 5 cm a dive charge costs")
                .format(value=number(move.budget.value)))
    ux, uy = _toward(target.at, move.at, fighter.at)
    edge = (target.at[0] + ux * target.radius, target.at[1] + uy * target.radius)
    if distance(move.at, target.at) <= target.radius:
        edge = move.at  # the counter is already over the base (or the counter)
    gap = target.radius + fighter.radius
    contact = (target.at[0] + ux * gap, target.at[1] + uy * gap)
    if target.tier == 0:
        measured = _("from its counter to the edge of {target}'s base (C-tiers)").format(
            target=target.display_name)
    else:
        measured = _("from its counter to the edge of {target}'s counter, as wide as its base "
                     "(C-tiers)").format(target=target.display_name)
    before = (move.at, move.ground_length, move.air_length, move.ground_factor,
              len(move.stages))
    problem = _leg(move, edge, token.text, stage_text=token.text, end=contact)
    if problem is not None:
        return problem
    # it ends in contact, a place on its way at its own tier (or the counter's own place grown
    # by the gap): one the counter may be at, and one the move may end at, at the tier below
    clash = (move.terrain.end_problem(move.tier, contact)
             or move.terrain.end_problem(target.tier, contact))
    if clash is not None:
        move.at, move.ground_length, move.air_length, move.ground_factor, kept = before
        del move.stages[kept:]
        said = (_("the dive charge would end at {point}, tier {tier}, in contact with "
                  "{target}'s base on the side it comes from: {problem} (approach from another "
                  "side first)") if target.tier == 0 else
                _("the dive charge would end at {point}, tier {tier}, in contact with "
                  "{target}'s counter on the side it comes from: {problem} (approach from "
                  "another side first)"))
        return ("C-terrain", said.format(point=format_point(contact), tier=target.tier,
                                         target=target.display_name, problem=clash))
    last = move.stages.pop()
    move.changes += 1
    move.tier -= 1
    move.landed = move.tier == 0
    move.add(Stage(token.text, tier=move.tier, length=last.length, total=last.total,
                   change=Change.DIVE.value))
    move.dive = {"target": target.id, "bonuses": dict(DIVE_BONUSES), "rule": "C-dive",
                 "measured": measured, "length": format_length(last.length),
                 "holds": _("in the first combat it fights, even if separated from its target "
                            "when melees are split; lost if it makes a pursuit move")}
    return None


def _redirect(move: _Move, token: _Token) -> tuple[str, str] | None:
    """C-change: after landing, an assault whose target is gone (killed outright or routed: the
    move declares it) goes on to another enemy on the ground: a straight leg at tier 0 to base
    contact, within what is left of the assault's movement."""
    battle, fighter = move.battle, move.fighter
    assert token.target is not None
    target = battle.fighter(token.target)
    if not battle.edition.modern:
        return ("C-change", _("the landing text of {edition} lets no assault be redirected")
                .format(edition=battle.edition.words))
    if move.pursuit:
        return ("C-change", _("an assault is redirected after landing, not during a pursuit "
                              "move"))
    if move.redirected is not None:
        return ("C-change", _("the assault has already been redirected"))
    if move.dive is None or not move.landed:
        return ("C-change", _("only an assault that landed (a dive charge onto a model on the "
                              "ground) may be redirected after landing"))
    gone = str(move.dive["target"])
    if target.id == fighter.id:
        return ("C-change", _("a fighter cannot charge itself"))
    if target.id == gone:
        return ("C-change", _("{target} is the target that is gone: the assault is redirected "
                              "onto another").format(target=target.display_name))
    if target.tier != 0:
        return ("C-change", _("{target} is at tier {tier}: after landing the assault goes on to "
                              "a model on the ground").format(target=target.display_name,
                                                              tier=target.tier))
    if fighter.side is not None and fighter.side == target.side:
        return ("C-change", _("{target} is on the same side: an assault is made on an enemy")
                .format(target=target.display_name))
    move.gone = move.gone | {gone}
    move.terrain = Terrain(battle, fighter, move.at, move.gone)
    move.ground_factor = max(move.ground_factor, move.terrain.start_factor)
    gap = target.radius + fighter.radius
    contact = move.at
    if distance(move.at, target.at) > gap:
        ux, uy = _toward(target.at, move.at, fighter.at)
        contact = (target.at[0] + ux * gap, target.at[1] + uy * gap)
    problem = _leg(move, contact, token.text, final=True,
                   ending=_("the redirected assault ends at {point}: {problem}"))
    if problem is not None:
        return problem
    last = move.stages.pop()
    move.add(Stage(token.text, tier=0, length=last.length, total=last.total, phase="redirect"))
    move.redirected = target.id
    move.dive = {**move.dive, "redirected": {"to": target.id, "gone": gone, "rule": "C-change"}}
    return None


def _pursue(move: _Move) -> tuple[str, str] | None:
    """C-change: the pursuit move of the melee phase, after the activation's move (after a
    landing too): no change of tier, the MOU of its tier (its ground MOU on the ground), the
    activation's factor not applying; a dive charge's bonuses are then lost (C-dive)."""
    fighter = move.fighter
    assert move.budget is not None
    move.activation = (move.budget, move.spent, move.ground_factor)
    move.pursuit = True
    move.terrain = Terrain(move.battle, fighter, move.at, move.gone)
    ground = move.tier == 0
    reason = (_("a pursuit move in the melee phase at tier {tier}, with its ground MOU "
                "(C-change)") if ground else
              _("a pursuit move in the melee phase at tier {tier} (C-change)")).format(
        tier=move.tier)
    move.budget = Budget("ground" if ground else "air",
                         fighter.ground_mou if ground else fighter.air_mou, Fraction(0),
                         Fraction(1), None, None, reason)
    move.ground_length = move.air_length = 0.0
    move.ground_factor = move.terrain.start_factor if ground else Fraction(1)
    if move.dive is not None:
        move.dive = {**move.dive, "bonuses_lost": _("it made a pursuit move (C-dive)")}
    move.add(Stage("pursue", tier=move.tier, phase="pursuit"))
    return None


# -- path -------------------------------------------------------------------------------------

def route_moves(battle: ConfrontationBattle, fighter: Fighter, goal: Point,
                tier: int, terrain: Terrain | None = None) -> list[str]:
    """Candidate declared moves to ``goal`` at ``tier``, each the shortest of its kind (found in
    ``terrain``, the fighter's from where it stands, made here if not given)."""
    if terrain is None:
        terrain = Terrain(battle, fighter)
    t0 = fighter.tier

    def legs(at_tier: int) -> list[str] | None:
        if at_tier == 0:
            found = terrain.ground_route(goal)
            route = None if found is None else found[2]
        elif at_tier == 1:
            path = terrain.space(1).shortest_path(fighter.at, goal)
            route = None if path is None else path[1]
        else:
            route = (fighter.at, goal)
        if route is None:
            return None
        return [format_point(p) for p in route[1:] if p != fighter.at]

    options: list[list[str] | None] = []
    if tier == t0:
        options.append(legs(t0))
    elif tier == t0 + 1 and t0 == 0:
        options += [_join(["up"], legs(1)), _join(legs(0), ["up"])]
    elif tier == t0 + 1 and t0 == 1:
        options.append(_join(["up"], legs(2)))
    elif tier == t0 - 1 and t0 == 2:
        options += [_join(legs(2), ["down"]), _join(["down"], legs(1))]
    elif tier == t0 - 1 and t0 == 1:
        options.append(_join(legs(1), ["down"]))
    return [" ".join(o) for o in options if o is not None]


def _join(a: list[str] | None, b: list[str] | None) -> list[str] | None:
    return None if a is None or b is None else [*a, *b]
