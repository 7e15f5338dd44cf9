"""The shapes of the API's answers, for ``/docs`` and ``/openapi.json``: what docs/json.md says,
as pydantic models.

They document; they do not rewrite. The endpoints name them in ``responses`` and still send the
very JSON ``--json`` prints (the library's ``to_dict()``, key order and all, never re-serialized
through a model), and ``tests/test_web_models.py`` checks that every real answer fits its model
and comes out of it unchanged. Each model lists the keys every ruleset gives and lets the rest
through (``extra="allow"``): a ruleset adds its own (``fly``, ``turn``, ``dive`` …), as
docs/json.md says per ruleset.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "AdvicePositions",
    "AnswerError",
    "CheckAnswer",
    "EngagementAnswer",
    "ErrorAnswer",
    "NoPath",
    "PlayEncounters",
    "PlayExamples",
    "PlayLog",
    "PlayOutcome",
    "PlayRefused",
    "PlayReplay",
    "PlayShow",
    "ReachAnswer",
    "RulesetList",
    "ScenarioInfo",
    "ScenarioList",
    "SuggestAnswer",
    "ThreatOverlay",
    "documented",
]

Exact = str  # an exact fraction as a string: "7/2" (docs/json.md, conventions)


class Open(BaseModel):
    """A JSON object with these keys at least; a ruleset may add its own."""

    model_config = ConfigDict(extra="allow")


# -- errors -------------------------------------------------------------------------------------

class Message(BaseModel):
    message: str = Field(description="One line: the file, the place and what was expected.")


class ErrorAnswer(BaseModel):
    """Bad input (status 400; 413 an upload over 1 MB, 422 a missing parameter, 503 over the
    time limit): the command line's message."""

    error: Message


# -- shared pieces ------------------------------------------------------------------------------

class Check(Open):
    """A save a move calls for, with its chance in percent after every modifier."""

    rule: str = Field(description="The rule id: V-land.")
    save: str | None = Field(default=None, description="Which save: reflex, dex …")
    chance: int | None = Field(default=None, description="The chance to succeed, in percent.")
    on_failure: str | None = Field(default=None, description="What a failure does.")
    text: str | None = Field(default=None, description="The check as a sentence (path, check).")


class Event(Open):
    """Something a move makes happen: a landing, an opportunity attack, a fall, a change of
    tier … (docs/json.md lists each ``type`` and its keys)."""

    type: str
    step: int | None = Field(default=None, description="The step it happened at; 0 before the "
                                                       "first move.")
    text: str | None = Field(default=None, description="The event as a sentence (path, check).")


class AnswerError(Open):
    """Why a move is illegal: the step (from 1), the move as typed, the rule, a sentence."""

    step: int
    move: str
    rule: str
    message: str


class Step(Open):
    """One step of a move, with its running total (``total``) in the answer's unit."""

    move: str
    total: Exact | None = None
    cost: Exact | None = None
    checks: list[Check] | None = None
    events: list[Event] | None = None


# -- queries ------------------------------------------------------------------------------------

class ReachState(Open):
    """One end state of a grid reach at its least cost, and the way there."""

    at: str = Field(description="The cell: T34 (dnd5e: the north-west space).")
    altitude: int
    mode: str
    cost: Exact
    can_act: bool = Field(description="It can still attack this round.")
    actions: list[str]
    checks: list[Check]
    path: str = Field(description="The way there, in check's notation.")
    to_act: dict[str, Any] | None = Field(
        default=None, description="A dearer way that keeps the attack: cost, checks, path.")


class ReachArea(Open):
    """Where a tabletop creature can end at one altitude or tier: a GeoJSON geometry in table
    units from the south-west corner."""

    area: dict[str, Any] = Field(description="GeoJSON (RFC 7946): Polygon, MultiPolygon …")


class ReachAnswer(Open):
    """Everything the creature can reach this round (``wingbeat reach --json``): ``states`` on a
    grid (volare, dnd5e), ``areas`` on a table (battlesystem, confrontation)."""

    ruleset: str
    creature: str
    unit: str = Field(description="MP, ft, m, in or cm: every cost of the answer.")
    budget: Exact | None = Field(default=None, description="The most it can spend this round.")
    half: Exact | None = Field(default=None, description="Its half move, where the ruleset has "
                                                       "one.")
    states: list[ReachState] | None = Field(default=None, description="Grid rulesets.")
    areas: list[ReachArea] | None = Field(default=None, description="Tabletop rulesets.")


class CheckAnswer(Open):
    """A move judged (``wingbeat check --json``), or the cheapest one found (``path``): legal with
    its cost and steps, or illegal with the ``error`` and the move up to the step before."""

    ruleset: str
    creature: str
    unit: str
    legal: bool
    cost: Exact | None = None
    end: dict[str, Any] | None = Field(default=None, description="The end state, keys as in "
                                                                 "reach.")
    moves: str | None = Field(default=None, description="The steps made, in canonical "
                                                        "notation.")
    steps: list[Step] = []
    checks: list[Check] = []
    events: list[Event] = []
    error: AnswerError | None = None
    advised: dict[str, Any] | None = Field(
        default=None, description="path with attack= only: advice's best place against the "
        "target beside this cheapest one (agrees, option and cheapest as advise's options, why, "
        "without_saves, text); null when advice has no place to compare.")


class NoPath(Open):
    """``path`` found no way there this round (grid rulesets)."""

    ruleset: str
    creature: str
    found: Literal[False]
    goal: str
    message: str
    rule: str | None = Field(None, description="The rule id that stops the way (V-mp, "
                             "V-occupied, D-speed …).")
    reason: str | None = Field(None, description="Why, in one sentence for a player.")
    needs: str | None = Field(None, description="What the way would cost (an exact rational, "
                              "in ``unit``) when only the budget stops it.")
    unit: str | None = None


class EngagementAnswer(Open):
    """Whether two creatures are in melee (``wingbeat engagement --json``)."""

    a: str
    b: str
    engagement: Literal["melee", "reach-only", "none"]
    elevated: str | None = Field(description="The higher creature's id.")
    rule: str


# -- scenarios ----------------------------------------------------------------------------------

class ScenarioName(Open):
    name: str = Field(description="example:NAME, or a file name in the scenario directory.")
    kind: str


class ScenarioList(BaseModel):
    """The scenarios this server can open, and the one it opens on."""

    default: str
    scenarios: list[ScenarioName]
    uploads: bool
    max_upload_bytes: int


class RulesetEntry(BaseModel):
    id: str
    title: str
    space: Literal["grid", "table"]
    capabilities: list[str]
    hints: dict[str, Any] = Field(description="The page's words for a ruleset: example, notation "
                                              "(tabletops: unit, level_word, snap), play_options, "
                                              "and options (the words of the option pickers).")
    render: bool
    play: bool


class RulesetList(BaseModel):
    """Every registered ruleset."""

    rulesets: list[RulesetEntry]
    length_units: list[str] = Field(description="The units whose amounts read as decimals (ft, "
                                                "m, in, cm); any other reads as a mixed number.")


class CreatureSummary(Open):
    id: str
    name: str
    at: str = Field(description="A cell (T34), or a point x,y on a table.")
    altitude: int | str = Field(description="A level, or its name on a table (low).")
    level: int | None
    mode: str
    heading: str | float | None
    can_fly: bool
    side: str | None


class ScenarioInfo(Open):
    """A scenario's ruleset, map, altitudes and creatures, as the page's pickers show them."""

    name: str
    ruleset: str
    source: str
    map: dict[str, Any] = Field(description="kind (hex, square, table) and size.")
    altitudes: dict[str, Any]
    wind: dict[str, Any] | None
    creatures: list[CreatureSummary]
    attack_positions: bool = Field(description="Whether path takes attack= and can_act=.")


# -- play ---------------------------------------------------------------------------------------

class PlayShow(Open):
    """An encounter now: its setup, state, who must still act, each piece in words, the map."""

    encounter: dict[str, Any]
    state: dict[str, Any]
    pending: list[dict[str, Any]]
    describe: dict[str, Any]
    board: dict[str, Any]
    #: The log's version shown (its length and last checksum): a move sends it back as
    #: ``after``, and the live events (``…/events``) say when it is no longer the last.
    version: str | None = None


class PlayOutcome(PlayShow):
    """What an action did (``entry``; ``undone`` after undo), and the encounter after it."""

    entry: dict[str, Any] | None = None
    undone: dict[str, Any] | None = None


class Refusal(Open):
    rule: str
    message: str
    step: int | None
    move: str | None


class PlayRefused(Open):
    """A refused move or round (status 409): the rule, and the move as check judged it."""

    legal: Literal[False]
    creature: str | None
    error: Refusal
    report: dict[str, Any] | None = None


class PlayEncounters(BaseModel):
    """Every encounter kept, with its round."""

    encounters: list[dict[str, Any]]


class PlayExamples(BaseModel):
    """The built-in scenarios an encounter can start from."""

    examples: list[str]


class PlayLog(Open):
    """Every entry of an encounter, in order."""

    encounter: dict[str, Any]
    entries: list[dict[str, Any]]


class PlayReplay(Open):
    """The log played again from its seed: whether it gives the same answers."""

    encounter: dict[str, Any]
    ok: bool
    entries: int = Field(description="How many entries were replayed.")
    mismatch: Any
    state: dict[str, Any]


# -- threat zones, attack advice, suggestions (the page's words) ---------------------------------

class LegendEntry(Open):
    """One shade of an overlay, and what it means."""

    colour: str = Field(description="A CSS colour: #fdba74.")
    text: str = Field(description="2 can strike; #1–4 (best).")
    count: int | None = Field(default=None, description="The count it stands for (threat).")


class LevelWords(BaseModel):
    index: int = Field(description="The level's index, as the page's slider gives it.")
    text: str = Field(description="altitude 1 (5 ft), tier 1, altitude low.")


class ThreatCell(Open):
    """A threatened grid cell at its level (the most threatened level over all, when none is
    asked)."""

    at: str
    level: int
    count: int = Field(description="How many can strike a creature standing there.")
    colour: str
    creatures: list[str]
    text: str = Field(description="The cell, its level, and who can strike there: each "
                                  "creature's least movement, its way, its saves' odds and "
                                  "its engagement rule.")


class ThreatArea(Open):
    """A threatened piece of the table at one level."""

    level: int | None
    count: int
    colour: str
    creatures: list[str]
    text: str
    area: dict[str, Any] = Field(description="GeoJSON (RFC 7946) in table units from the "
                                             "south-west corner.")
    label_at: list[float] | None = Field(description="A point inside the area, x, y: where its "
                                                     "count is written.")


class ThreatOverlay(Open):
    """The page's threat overlay (``wingbeat threat --json`` said for the page): ``cells`` on
    a grid, ``areas`` on a table, each with its count, colour and sentence."""

    ruleset: str
    side: str | None
    creatures: list[str]
    unit: str
    level: int | None = Field(description="The level shown; null: the most over all.")
    level_text: str
    title: str
    legend_title: str = Field(description="The legend's heading on the picture.")
    levels: list[LevelWords] = Field(description="The levels where any place is threatened.")
    legend: list[LegendEntry]
    none_text: str | None = Field(description="Said when no place is threatened at that level.")
    cells: list[ThreatCell] | None = Field(default=None, description="Grid rulesets.")
    areas: list[ThreatArea] | None = Field(default=None, description="Tabletop rulesets.")


class AdvicePosition(Open):
    """One attack position, as the page draws it."""

    rank: int = Field(description="1: the best.")
    target: str
    at: str = Field(description="A cell, or a point x,y on a table.")
    level: int | None = Field(description="The level index it ends at.")
    level_text: str | None
    end_text: str = Field(description="at E3, altitude 1 (5 ft), flying.")
    moves: str
    cost_text: str
    success_text: str = Field(description="The odds that every save on the way succeeds.")
    score: Exact
    colour: str = Field(description="Its rank's colour, best to worst.")
    text: str
    reasons: list[str] = Field(description="Why it ranks there: its cost, its saves' odds, the "
                                           "opportunity attacks it provokes, the foes that "
                                           "threaten the end, its edge, the actions left.")
    offset: list[float] | None = Field(
        default=None, description="Its marker's offset [dx, dy] from its place, px of the "
                                  "picture, so no two markers cover each other; null when it "
                                  "is listed instead.")
    listed: bool = Field(default=False, description="No room for its marker near its place: "
                                                    "numbered in the answer's ``listed``.")


class ListedPosition(Open):
    """An attack position numbered in the legend rather than marked on the picture."""

    rank: int
    colour: str
    text: str


class AdvicePositions(Open):
    """The page's attack positions against a clicked creature (``wingbeat advise --json``, said
    for the page), best first; ``foe`` false (and no options) when it is on the same side."""

    creature: str
    targets: list[str]
    foe: bool
    title: str
    legend_title: str = Field(description="The legend's heading on the picture.")
    legend: list[LegendEntry]
    options: list[AdvicePosition]
    listed: list[ListedPosition] = Field(
        default_factory=list, description="The positions whose markers would cover others, "
                                          "best first: the legend numbers them.")


class SuggestAnswer(Open):
    """``wingbeat play suggest --json`` (never declared): ``suggestion`` has ``kind``
    (attack, close, hold), ``moves``, ``cost``, ``reasons`` and, for the page, ``headline`` and
    ``cost_text``; ``accepted`` is null."""

    encounter: str
    suggestion: dict[str, Any]
    accepted: None


def documented(model: Any, *errors: int) -> dict[int | str, dict[str, Any]]:
    """An endpoint's ``responses``: its answer's model for 200, the error shape for bad input
    (400, 422) and for ``errors`` (413, 409 …)."""
    shapes: dict[int | str, dict[str, Any]] = {200: {"model": model}}
    for status in (400, 422, *errors):
        shapes[status] = {"model": ErrorAnswer, "description": _ERRORS.get(status, "Refused")}
    return shapes


_ERRORS = {400: "Bad input: the command line's message", 413: "An upload over 1 MB",
           422: "A missing or malformed parameter", 503: "Over the time limit"}
