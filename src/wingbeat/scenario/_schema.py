"""What every ruleset's part of the scenario schema shares: strict models, plain text, examples a
message can show, and the gathering of every problem of a file, stage after stage."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from typing import Annotated, Any, NoReturn, Protocol, Self, TypeVar

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)

from ..errors import ScenarioError
from ..i18n import _
from ..limits import MAX_CREATURES, map_size_error
from ..model import Scenario
from ..narrate import grouped
from ._problems import raise_validation, validation_problems

__all__ = ["COMMON_EXAMPLES", "MAX_LABEL_CHARS", "MAX_NAME_CHARS", "MAX_TEXT_CHARS",
           "CreatureEntry", "FreeText", "GridMapModel", "Label", "Name", "Problems", "ScenarioFile",
           "StrictModel", "build_battle", "check_unique_ids", "validate", "validate_file"]

Model = TypeVar("Model", bound=BaseModel)
Item = TypeVar("Item", bound=BaseModel)

#: The longest id, name, side or level name: a name is a few words, and every picture, table and
#: terminal line that shows one stays readable.
MAX_NAME_CHARS = 100
#: The longest free text (``description``).
MAX_TEXT_CHARS = 2_000
#: The longest cell label or range as written (``AD30``, ``P1:AD30``): a label is a few letters
#: and digits; the parsers never see a longer one.
MAX_LABEL_CHARS = 40


def _plain(value: str, most: int, lines: bool = False) -> str:
    """Refuse what a terminal, an SVG or a UTF-8 encoder would choke on: control characters (an
    escape sequence retitles a terminal, a newline forges a second ``error:`` line, a NUL makes
    the picture invalid XML), line separators and bidirectional overrides (a line that reads
    otherwise than it is), U+FFFE and U+FFFF (no XML holds them) and lone surrogates (no UTF-8
    holds them)."""
    if len(value) > most:
        raise ValueError(_("expected at most {most} characters (got {count})").format(
            most=grouped(most), count=grouped(len(value))))
    if value.isascii() and value.isprintable():
        return value
    for ch in value:
        code = ord(ch)
        if 0xD800 <= code <= 0xDFFF:
            raise ValueError(_("a lone surrogate ({code}) is no character; write the text in "
                               "UTF-8").format(code=f"\\u{code:04x}"))
        if lines and ch in "\n\t":
            continue
        if code < 0x20 or 0x7F <= code < 0xA0 or code in _UNSAFE:
            raise ValueError(_("a control character ({character}) has no place in a name; "
                               "write plain text").format(
                character=ch.encode("unicode_escape").decode()))
    return value


#: Line and paragraph separators, bidirectional embeddings, overrides and isolates, and the two
#: characters XML excludes.
_UNSAFE = frozenset({0x2028, 0x2029, *range(0x202A, 0x202F), *range(0x2066, 0x206A), 0xFFFE,
                     0xFFFF})


def _name(value: str) -> str:
    return _plain(value, MAX_NAME_CHARS)


def _free(value: str) -> str:
    return _plain(value, MAX_TEXT_CHARS, lines=True)


def _label(value: str) -> str:
    return _plain(value, MAX_LABEL_CHARS)


#: An id, a name, a side: one line of plain text.
Name = Annotated[str, AfterValidator(_name)]
#: Free text (a description): lines and tabs allowed, no other control character.
FreeText = Annotated[str, AfterValidator(_free)]
#: A cell label or range, bounded before any parser sees it.
Label = Annotated[str, AfterValidator(_label)]

#: Examples of the keys every ruleset has; each ruleset's ``EXAMPLES`` adds its own.
COMMON_EXAMPLES: Mapping[str, str] = {
    "ruleset": "ruleset: dnd5e",
    "description": "description: A harpy over the cliff",
    "id": "id: harpy",
    "name": "name: Harpy",
    "side": "side: monsters",
    "hidden": "hidden: true",
    "map": "map: {columns: 30, rows: 20}",
    "options": "options: {…}",
    "creatures": "creatures: [{id: harpy, at: B2}]",
    "creatures[]": "{id: harpy, at: B2}",
}


class StrictModel(BaseModel):
    """Unknown keys are errors, values are frozen, and NaN or infinity is no number of ours."""

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)

    @field_validator("*", mode="before")
    @classmethod
    def _no_yes_for_a_number(cls, value: Any, info: ValidationInfo) -> Any:
        """YAML reads ``altitude: yes`` as true, and pydantic would take it for 1: refuse it."""
        field = cls.model_fields.get(info.field_name or "")
        if field is not None and "bool" not in str(field.annotation) and _has_bool(value):
            raise ValueError(_("expected a number or a word here, not true/false (YAML reads "
                               "yes/no/on/off as true/false: quote it if you meant the word)"))
        return value


class ScenarioFile(StrictModel):
    """The top of every ruleset's scenario file: the ruleset it is for (each ruleset's model
    narrows ``ruleset`` to its id) and a free description; each adds its options, its map and
    its creatures."""

    ruleset: str
    description: FreeText = ""


class CreatureEntry(StrictModel):
    """The start of every creature's entry in a file (a BATTLESYSTEM unit's too): its id, unique
    in the file, and the name it is shown by (the id when there is none)."""

    id: Name = Field(min_length=1)
    name: Name = ""
    #: Kept from the players of the other sides of a shared table until the game master reveals
    #: it (``play reveal``); it changes no rule.
    hidden: bool = False


class GridMapModel(StrictModel):
    """What every grid ruleset's map starts with: its kind of ``grid`` (each ruleset's model
    says which it takes) and its size, ``columns`` × ``rows`` cells, no more than a picture, a
    search and the memory can hold (``limits.map_size_error``)."""

    grid: str
    columns: int = Field(ge=1, le=702)
    rows: int = Field(ge=1, le=2000)

    @model_validator(mode="after")
    def _size(self) -> Self:
        why = map_size_error(self.columns, self.rows)
        if why is not None:
            raise ValueError(why)
        return self


def _has_bool(value: Any) -> bool:
    if isinstance(value, bool):
        return True
    if isinstance(value, list | tuple):
        return any(_has_bool(item) for item in value)
    return False


def validate(model: type[Model], data: dict[str, Any], source: str,
             examples: Mapping[str, str] | None = None) -> Model:
    """``model`` validated from ``data``, or a ``ScenarioError`` naming file, place, expectation."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise_validation(exc, source, {**COMMON_EXAMPLES, **(examples or {})})
        raise  # pragma: no cover - raise_validation always raises


class Problems:
    """Every problem of one file, gathered stage after stage (schema, map, each creature, what
    creatures say of one another), so that a player fixes them all in one go."""

    def __init__(self, source: str, examples: Mapping[str, str]):
        self.source = source
        self.examples = {**COMMON_EXAMPLES, **examples}
        self.found: list[tuple[str | None, str]] = []
        self.hidden = 0

    def validated(self, model: type[Model], data: Any,
                  prefix: tuple[str | int, ...] = ()) -> Model | None:
        """``model`` from ``data``, or None with its problems noted (their places under
        ``prefix``)."""
        try:
            return model.model_validate(data)
        except ValidationError as exc:
            self.found.extend(validation_problems(exc, self.examples, prefix))
            return None

    def add(self, where: str | None, message: str) -> None:
        self.found.append((where, message))

    @contextmanager
    def check(self) -> Iterator[None]:
        """Note the ``ScenarioError`` a stage raises, and go on with the next."""
        try:
            yield
        except ScenarioError as exc:
            self.found.extend(exc.problems)
            self.hidden += exc.hidden

    def done(self) -> None:
        """Raise one ``ScenarioError`` listing every problem noted, if any."""
        if self.found:
            self.stop()

    def stop(self) -> NoReturn:
        """Raise one ``ScenarioError`` listing every problem noted: a stage found some that the
        next ones cannot do without (no map: no creature can be placed)."""
        (where, message), *more = self.found or [(None, _("is not a scenario"))]
        raise ScenarioError(message, source=self.source, where=where, more=tuple(more),
                            hidden=self.hidden)


def validate_file(problems: Problems, model: type[Model], data: dict[str, Any], key: str,
                  item: type[Item]) -> tuple[Model | None, list[tuple[int, Item]]]:
    """The file's model without its list ``key`` (``creatures``, ``units``), and each item of the
    list that validated on its own, with its index: one creature's mistake does not hide the
    checks the others can have."""
    items = data.get(key)
    rest = {**data, key: []} if key in data else data
    file = problems.validated(model, rest)
    if file is None:
        file = _without_optional_mistakes(model, rest)
    parts: list[tuple[int, Item]] = []
    if key not in data:
        return file, parts
    if not isinstance(items, list):
        example = problems.examples.get(key, f"{key}: [...]")
        got = _("nothing") if items is None else type(items).__name__
        problems.add(key, _("expected a list, like {example} (got {got})").format(
            example=example, got=got))
        return file, parts
    if len(items) > MAX_CREATURES:
        problems.add(key, _("expected at most {most} {key} (got {count}): every query weighs "
                            "each of them").format(most=MAX_CREATURES, key=key,
                                                   count=grouped(len(items))))
        return file, parts
    for i, data_item in enumerate(items):
        checked = problems.validated(item, data_item, (key, i))
        if checked is not None:
            parts.append((i, checked))
    return file, parts


def _without_optional_mistakes(model: type[Model], data: dict[str, Any]) -> Model | None:
    """The file's model with the top-level keys that failed left at their defaults (a wrong
    ``options`` or ``description``), so that the map and the creatures are still checked; None
    when a key without a default (``map``) failed. Its problems are already noted."""
    try:
        model.model_validate(data)
    except ValidationError as exc:
        wrong = {e["loc"][0] for e in exc.errors() if e["loc"]}
    else:  # pragma: no cover - called after a failure
        return None
    if any(model.model_fields[k].is_required() for k in wrong if k in model.model_fields):
        return None
    try:
        return model.model_validate({k: v for k, v in data.items() if k not in wrong})
    except ValidationError:
        return None


def check_unique_ids(problems: Problems, ids: Iterable[tuple[int, str]], key: str,
                     kind: str = "creature") -> set[int]:
    """Every id under ``key`` (``creatures``, ``units``) names one creature only; the indices of
    those that repeat an id before them."""
    seen: dict[str, int] = {}
    repeated: set[int] = set()
    for i, ident in ids:
        if ident in seen:
            where = f"{key}[{seen[ident]}]"
            if kind == "unit":
                said = _("duplicate unit id {id}, as {where}; ids must be unique")
            else:
                said = _("duplicate creature id {id}, as {where}; ids must be unique")
            problems.add(f"{key}[{i}].id", said.format(id=repr(ident), where=where))
            repeated.add(i)
        else:
            seen[ident] = i
    return repeated


File = TypeVar("File", bound=ScenarioFile)
Entry = TypeVar("Entry", bound=CreatureEntry)
Made = TypeVar("Made")
Taken = TypeVar("Taken", contravariant=True)


class Peopled(Protocol[Taken]):
    """A ruleset's battle, which takes its creatures once they are placed (``with_creatures``)."""

    def with_creatures(self, creatures: tuple[Taken, ...], /) -> Self: ...


Battle = TypeVar("Battle", bound=Peopled[Any])


def build_battle(data: dict[str, Any], source: str, *, ruleset: str,
                 examples: Mapping[str, str], file: type[File], key: str, entry: type[Entry],
                 setting: Callable[[Problems, File], Battle | None],
                 creature: Callable[[Entry, Battle, str], Made],
                 clashes: Callable[[list[tuple[int, Made]], Battle],
                                   Iterable[tuple[str, str]]] | None = None,
                 kind: str = "creature") -> Scenario[Battle]:
    """A ruleset's scenario from its parsed file, with every problem that the stages that can
    run find listed at once, in their order: the file against ``file`` (each entry of its list
    ``key`` on its own), the ``setting`` (the battle without its creatures: the map or the
    table, its scenery, the options; None when it cannot be made, its problems noted), the ids
    unique, each ``creature`` placed in that setting, and what the creatures say of one another
    (``clashes``: ``(place, why)``, two creatures in one space)."""
    problems = Problems(source, examples)
    model, parts = validate_file(problems, file, data, key, entry)
    if model is None:
        problems.stop()
    battle = setting(problems, model)
    repeated = check_unique_ids(problems, ((i, part.id) for i, part in parts), key, kind)
    if battle is None:
        problems.stop()
    placed: list[tuple[int, Made]] = []
    for i, part in parts:
        if i in repeated:
            continue
        with problems.check():
            placed.append((i, creature(part, battle, f"{key}[{i}]")))
    for where, message in clashes(placed, battle) if clashes is not None else ():
        problems.add(where, message)
    problems.done()
    return Scenario(ruleset=ruleset, battle=battle.with_creatures(tuple(c for _, c in placed)),
                    source=source)
