"""What every importer shares: the result, field access that names the field on failure, the map
size checks, and turning grid cells and sides into compact scenario entries."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import accumulate
from pathlib import Path
from typing import Any

from .._files import UnreadableFile, read_limited
from .._pictures import MAX_IMAGE_BYTES, image_size, pixel_budget_error
from ..errors import ScenarioError
from ..geometry.labels import column_label
from ..i18n import _
from ..limits import MAX_CREATURES, map_size_error
from ..narrate import grouped
from ..rules.registry import map_ruleset

__all__ = ["DEFAULT_CHOICE", "MAX_EXPONENT", "MAX_IMPORT_CREATURES", "MAX_JSON_CONTAINERS",
           "MAX_JSON_DEPTH", "MAX_JSON_STRUCTURE", "MAX_NUMBER_CHARS", "MAX_NUMBER_SIZE",
           "MAX_RANGES", "MAX_WALL_CROSSINGS", "MAX_WALL_POINTS", "Chooser", "Imported", "Reader",
           "TooManyRanges", "cell_blocks", "check_json_depth", "clean_text", "creature_id",
           "load_json", "number", "parse_json", "picture_beside", "plain", "side_runs",
           "sides_crossed",
           "wall_budget", "wall_crossings"]

Side = tuple[tuple[int, int], tuple[int, int]]
#: The ruleset an imported map of a kind (``"square"``, ``"hex"``: ``rules.registry.MAPS``) is
#: for: the registry's default for that kind (``map_ruleset``), or the one ``--ruleset`` names.
Chooser = Callable[[str], str]
#: The registry's default for each kind of map.
DEFAULT_CHOICE: Chooser = map_ruleset
Point = tuple[Fraction, Fraction]

#: The most columns and rows an imported map may have (the scenario's own limits).
MAX_COLUMNS = 702
MAX_ROWS = 2000

#: The deepest nesting of brackets a JSON map file may have: a Tiled map's groups of groups are
#: the deepest real files (2 a group); Python's own parser fails with a traceback near 1,000.
MAX_JSON_DEPTH = 64

#: JSON objects and lists in one file, counted from its brackets before parsing: each is a few
#: hundred bytes parsed (a million tokens of 17 bytes each: 700 MB). The most a real map needs is
#: its wall ends (``MAX_WALL_POINTS``), one object each.
MAX_JSON_CONTAINERS = 500_000

#: Bytes of a JSON file outside its strings (numbers, brackets, keys' quotes excluded): a number
#: parsed is 24 to 32 bytes, so 32 MB of ``1.5,`` is 8 million floats, 256 MB. A Tiled layer of
#: a million tiles written as numbers is 2 to 11 MB; a picture's base64 is a string, not counted.
MAX_JSON_STRUCTURE = 32_000_000

#: The longest number read (digits, sign, point, exponent), in characters: Tiled writes 17
#: significant digits at most; a 5,001-digit integer is refused before Python converts it.
MAX_NUMBER_CHARS = 40

#: The largest magnitude of any number read (pixels, squares, levels): a map is at most
#: 2000 rows, a picture 8,000 pixels wide. Numbers are read to ``NUMBER_STEP`` (a billionth), so
#: the walls' arithmetic is on small whole numbers, never on a 1e-30000000's denominator.
MAX_NUMBER_SIZE = 10**12
#: The largest exponent written (``1e-30000000`` would take minutes to expand exactly).
MAX_EXPONENT = 99
NUMBER_STEP = 10**9

#: Tokens (Foundry) or objects (Tiled) read from one map: ten times a scenario's creatures, for
#: those off the map (left out with a note each). A million tokens took 12 s and 700 MB.
MAX_IMPORT_CREATURES = 10 * MAX_CREATURES

#: Wall ends read from one map (each a point of a polyline, a door's end or a Foundry wall's end).
MAX_WALL_POINTS = 200_000

#: The centre lines all the walls of a map may cross, summed before any geometry: a wall across
#: the largest map crosses 2,700, a room's wall a dozen; a crossing and the side it makes cost
#: about 5 µs from the file to the refusal of its runs (1.5 s for the whole budget).
MAX_WALL_CROSSINGS = 300_000

_DECIMAL = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
_STRING = re.compile(rb'"[^"]*"')
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
_STEPS = bytes.maketrans(b"[{]}", b"\x01\x01\xff\xff")


@dataclass
class Imported:
    """A scenario made from another tool's map: its data (ready for ``parse_scenario`` or YAML),
    the background picture's bytes and file ending (or None), and notes on what was left out."""

    data: dict[str, Any]
    image: bytes | None = None
    image_suffix: str = ".png"
    notes: list[str] = field(default_factory=list)

    def take_picture(self, image: bytes, kind: str) -> None:
        """``image``, a ``kind`` picture (``image_size``'s png, jpeg …), as the background."""
        self.image = image
        self.image_suffix = ".jpg" if kind == "jpeg" else "." + kind


class Reader:
    """Field access on a parsed file: a missing or wrong field is a ``ScenarioError`` naming the
    file and the field (``walls[3].c``), one line, never a traceback."""

    def __init__(self, source: str):
        self.source = source
        self.creatures = 0  # tokens or objects counted so far (``count_creatures``)

    def count_creatures(self, count: int, where: str) -> None:
        """Refuse more tokens or objects than ``MAX_IMPORT_CREATURES`` in all, before they are
        read."""
        self.creatures += count
        if self.creatures > MAX_IMPORT_CREATURES:
            raise self.fail(where, _("more than {most} tokens or objects: a scenario has at "
                                     "most {creatures} creatures").format(
                most=grouped(MAX_IMPORT_CREATURES), creatures=MAX_CREATURES))

    def fail(self, where: str, message: str) -> ScenarioError:
        return ScenarioError(message, source=self.source, where=where or None)

    def mapping(self, value: Any, where: str) -> Mapping[str, Any]:
        if not isinstance(value, Mapping):
            raise self.fail(where, _("expected a mapping (an object), got {kind}").format(
                kind=_kind(value)))
        return value

    def items(self, value: Any, where: str) -> list[Any]:
        if not isinstance(value, list):
            raise self.fail(where, _("expected a list, got {kind}").format(kind=_kind(value)))
        return value

    def get(self, data: Mapping[str, Any], key: str, where: str) -> Any:
        if key not in data:
            raise self.fail(_at(where, key), _("required, but missing"))
        return data[key]

    def number(self, value: Any, where: str) -> Fraction:
        try:
            return read_number(value)
        except BadNumber as exc:
            raise self.fail(where, str(exc)) from None

    def text(self, value: Any, where: str) -> str:
        """Text, without control characters (``clean_text``)."""
        if not isinstance(value, str):
            raise self.fail(where, _("expected text, got {kind}").format(kind=_kind(value)))
        return clean_text(value)

    def wall_points(self, count: int, where: str) -> None:
        """Refuse more wall ends than ``MAX_WALL_POINTS``, before any is read."""
        if count > MAX_WALL_POINTS:
            raise self.fail(where, _("{count} wall ends: expected at most {most}").format(
                count=grouped(count), most=grouped(MAX_WALL_POINTS)))

    def point(self, value: Any, where: str) -> Point:
        data = self.mapping(value, where)
        return (self.number(self.get(data, "x", where), _at(where, "x")),
                self.number(self.get(data, "y", where), _at(where, "y")))

    def grid_size(self, columns: Fraction, rows: Fraction, where: str) -> tuple[int, int]:
        """Whole squares covering ``columns`` × ``rows`` (rounded up), within the limits."""
        cols, rws = math.ceil(columns), math.ceil(rows)
        if cols < 1 or rws < 1:
            raise self.fail(where, _("the map is {columns} × {rows} squares: expected at least "
                                     "1 × 1").format(columns=cols, rows=rws))
        if cols > MAX_COLUMNS or rws > MAX_ROWS:
            raise self.fail(where, _("the map is {columns} × {rows} squares: a scenario has at "
                                     "most {most_columns} columns and {most_rows} rows").format(
                columns=cols, rows=rws, most_columns=MAX_COLUMNS, most_rows=MAX_ROWS))
        why = map_size_error(cols, rws)
        if why is not None:
            raise self.fail(where, why)
        return cols, rws


class BadNumber(ValueError):
    """A number that is not read, and why (its field is added by ``Reader.number``)."""


def number(value: Any) -> Fraction | None:
    """A JSON or XML number as an exact fraction, or None if it is none (or out of bounds)."""
    try:
        return read_number(value)
    except BadNumber:
        return None


def read_number(value: Any) -> Fraction:
    """A JSON or XML number (or a number written as text) as a fraction to ``NUMBER_STEP``:
    at most ``MAX_NUMBER_CHARS`` long, finite, within ±``MAX_NUMBER_SIZE``; never expands an
    exponent (``1e-30000000`` is refused from its text, in microseconds)."""
    if type(value) is int and -MAX_NUMBER_SIZE <= value <= MAX_NUMBER_SIZE:
        return Fraction(value)
    if isinstance(value, bool) or not isinstance(value, int | float | Fraction | str):
        raise BadNumber(_("expected a number, got {kind}").format(kind=_kind(value)))
    if isinstance(value, float):
        if not math.isfinite(value):
            raise BadNumber(_("expected a finite number, got {value}").format(value=value))
        value = repr(value)
    if isinstance(value, str):
        text = value.strip()
        if len(text) > MAX_NUMBER_CHARS:
            raise BadNumber(_("expected a number of at most {most} characters, got {count} "
                              "characters").format(most=MAX_NUMBER_CHARS,
                                                   count=grouped(len(text))))
        if not _DECIMAL.fullmatch(text):
            if text.lstrip("+-").lower() in ("nan", "inf", "infinity"):
                raise BadNumber(_("expected a finite number, got {value}").format(value=text))
            raise BadNumber(_("expected a number, got {kind}").format(kind=_kind(value)))
        mantissa, _e, exponent = text.lower().partition("e")
        if abs(int(exponent or 0)) > MAX_EXPONENT:
            raise BadNumber(_("expected a number with an exponent within ±{most}, got "
                              "{value}").format(most=MAX_EXPONENT, value=text))
        whole, _dot, part = mantissa.lstrip("+-").partition(".")
        whole = whole.lstrip("0")
        if not (whole or part.strip("0")):
            return Fraction(0)
        # the power of ten of the first digit, from the text alone
        first = len(whole) - 1 if whole else -(len(part) - len(part.lstrip("0")) + 1)
        first += int(exponent or 0)
        if first > 12:
            raise BadNumber(_("expected a number between -{most} and {most}, got "
                              "{value}").format(most=f"{MAX_NUMBER_SIZE:.0e}", value=text))
        if first < -12:  # smaller than NUMBER_STEP's half: zero
            return Fraction(0)
        value = Fraction(text)
    got = Fraction(value)
    if abs(got) > MAX_NUMBER_SIZE:
        raise BadNumber(_("expected a number between -{most} and {most}, got {value}").format(
            most=f"{MAX_NUMBER_SIZE:.0e}", value=_short(value)))
    if (got * NUMBER_STEP).denominator != 1:
        got = Fraction(round(got * NUMBER_STEP), NUMBER_STEP)
    return got


def _short(value: Any) -> str:
    text = str(value)
    return text if len(text) <= 20 else _("{start}…({count} characters)").format(
        start=text[:10], count=grouped(len(text)))


def clean_text(text: str) -> str:
    """A name from an import without control characters, direction overrides or lone
    surrogates (they would reach terminals, pages and YAML): they are dropped."""
    return _CONTROL.sub("", text)


def load_json(raw: bytes, r: Reader, what: str) -> Any:
    """A JSON file, its nesting checked before parsing (``MAX_JSON_DEPTH``); a number too long
    or not finite stays its text, for ``Reader.number`` to refuse at its field."""
    check_json_depth(raw, r)
    try:
        return parse_json(raw)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        # Translators: {what} is the kind of file, e.g. "a Foundry scene"
        raise r.fail("", _("is not {what}: not JSON ({problem})").format(
            what=_(what), problem=exc)) from None
    except RecursionError:
        raise r.fail("", _("is nested deeper than {most} levels").format(
            most=MAX_JSON_DEPTH)) from None


def parse_json(raw: bytes) -> Any:
    """``json.loads`` with numbers too long or not finite kept as their text (and so never
    converted: Python refuses a 5,001-digit integer with a traceback)."""
    return json.loads(raw, parse_int=_json_int, parse_float=_json_float, parse_constant=str)


def _json_int(text: str) -> int | str:
    return int(text) if len(text) <= MAX_NUMBER_CHARS else text


def _json_float(text: str) -> float | str:
    if len(text) > MAX_NUMBER_CHARS:
        return text
    value = float(text)
    return value if math.isfinite(value) else text


def check_json_depth(raw: bytes, r: Reader) -> None:
    """Refuse nesting past ``MAX_JSON_DEPTH`` in linear time, at C speed: escapes, then strings
    taken out, the brackets kept and their running depth summed (50 MB of brackets: about 1 s)."""
    text = raw
    if b"\\" in text:  # escapes out, left to right as JSON reads them
        text = text.replace(b"\\\\", b"").replace(b'\\"', b"")
    outside = _outside_strings(text)
    if len(outside) > MAX_JSON_STRUCTURE:
        raise r.fail("", _("has {count} bytes of JSON outside its strings: expected at most "
                           "{most} (numbers, brackets; a picture's text is not counted)").format(
            count=grouped(len(outside)), most=grouped(MAX_JSON_STRUCTURE)))
    brackets = outside.translate(None, _NOT_BRACKETS)
    containers = len(brackets) // 2
    if containers > MAX_JSON_CONTAINERS:
        raise r.fail("", _("has {count} JSON objects and lists: expected at most "
                           "{most}").format(count=grouped(containers),
                                            most=grouped(MAX_JSON_CONTAINERS)))
    if brackets and _deepest(brackets) > MAX_JSON_DEPTH:
        raise r.fail("", _("is nested deeper than {most} levels (brackets inside "
                           "brackets)").format(most=MAX_JSON_DEPTH))


def _outside_strings(text: bytes, chunk: int = 1 << 18) -> bytes:
    """``text`` without its strings (escapes already out), a chunk at a time: one ``re.sub``
    over 2 million strings held 420 MB of pieces at once. A chunk ends between strings (an even
    number of quotes in it), or after the string it would cut."""
    parts = []
    start, size = 0, len(text)
    while start < size:
        end = min(size, start + chunk)
        if end < size and text.count(b'"', start, end) % 2:
            close = text.find(b'"', end)
            end = size if close < 0 else close + 1
        parts.append(_STRING.sub(b"", text[start:end]))
        start = end
    return b"".join(parts)


def _deepest(brackets: bytes) -> int:
    """The most brackets open at once in a string of brackets: numpy's running sum (shapely
    brings numpy), else the standard library's (ten times slower)."""
    steps = brackets.translate(_STEPS)  # an opening bracket 1, a closing one −1 (0xff)
    try:
        import numpy as np
    except ImportError:  # pragma: no cover - numpy comes with shapely
        ups = accumulate((1 if v == 1 else -1 for v in steps), initial=0)
        return max(ups)
    deepest = depth = 0
    chunk = 1 << 22
    for start in range(0, len(steps), chunk):
        running = np.cumsum(np.frombuffer(steps[start:start + chunk], dtype=np.int8),
                            dtype=np.int64) + depth
        deepest = max(deepest, int(running.max()))
        depth = int(running[-1])
    return deepest


def plain(value: Fraction | int) -> int | float:
    """A number as YAML writes it plainly: a whole number, else a decimal."""
    value = Fraction(value)
    return int(value) if value.denominator == 1 else float(value)


def picture_beside(r: Reader, path: Path | None, imported: Imported, where: str,
                   name: str) -> tuple[int, int] | None:
    """The picture at ``path`` (beside the map; None: not looked for) taken into ``imported``:
    its width and height in pixels, or None when no picture is there. One past the pixel budget
    is refused at ``where``, named ``name``."""
    if path is None:
        return None
    try:
        picture = read_limited(path, MAX_IMAGE_BYTES)
    except UnreadableFile:
        return None
    found = image_size(picture)
    if found is None:
        return None
    too_large = pixel_budget_error(found[1])
    if too_large is not None:
        raise r.fail(where, f"{name}: {too_large}")
    imported.take_picture(picture, found[0])
    return found[1]


def _at(where: str, key: str) -> str:
    return f"{where}.{key}" if where else key


def _kind(value: Any) -> str:
    if value is None:
        return _("nothing (null)")
    return {dict: _("a mapping"), list: _("a list"), str: _("text"), bool: "true/false",
            int: _("a number"), float: _("a number"), Fraction: _("a number")}.get(
        type(value), type(value).__name__)


def creature_id(name: str, taken: set[str]) -> str:
    """A short unique id from a token's or object's name: ``Goblin Boss`` → ``goblin-boss``."""
    base = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:40] or "creature"
    ident, n = base, 1
    while ident in taken:
        n += 1
        ident = f"{base}-{n}"
    taken.add(ident)
    return ident


def sides_crossed(p: Point, q: Point, columns: int, rows: int) -> set[Side]:
    """The sides between squares that the segment p–q (grid units, (0, 0) at the map's
    north-west corner) separates: a side between two squares is crossed when the segment cuts
    the line joining their centres. A wall drawn on grid lines gives exactly the sides under it;
    a slanted one, the staircase of sides it passes. Squares are (column, row), from 1.

    Whole-number arithmetic: the four coordinates over one common denominator (a fraction a
    crossing cost 45 ms a long wall, most of it in ``Fraction``'s own arithmetic)."""
    out: set[Side] = set()
    d = math.lcm(p[0].denominator, p[1].denominator, q[0].denominator, q[1].denominator)
    px, py, qx, qy = (int(v * d) for v in (p[0], p[1], q[0], q[1]))
    # squares side by side in a row: centres joined at y = j + ½, x from i + ½ to i + 1½
    for j, i in _crossings(py, qy, px, qx, d, rows, columns):
        out.add(((i + 1, j + 1), (i + 2, j + 1)))
    # squares one above the other: centres joined at x = i + ½, y from j + ½ to j + 1½
    for i, j in _crossings(px, qx, py, qy, d, columns, rows):
        out.add(((i + 1, j + 1), (i + 1, j + 2)))
    return out


def _crossings(pu: int, qu: int, pv: int, qv: int, d: int, u_count: int, v_count: int
               ) -> Iterator[tuple[int, int]]:
    """Where the segment (pu, pv)–(qu, qv) (in d-ths of a square) cuts the lines u = k + ½
    joining two centres along v: each (k, m) with the crossing between m + ½ and m + 1½, both
    squares on the map. The crossing v, less ½, times 2d(qu - pu) is
    (2pv - d)(qu - pu) + ((2k + 1)d - 2pu)(qv - pv)."""
    if pu == qu:
        return
    du, dv = qu - pu, qv - pv
    base, below = (2 * pv - d) * du, 2 * d * du
    for k in _centres(pu, qu, d, u_count):
        m = (base + ((2 * k + 1) * d - 2 * pu) * dv) // below
        if 0 <= m < v_count - 1:
            yield k, m


def _centres(a: int, b: int, d: int, count: int) -> range:
    """The k in 0 … count - 1 whose k + ½ lies between a/d and b/d (ends included)."""
    lo, hi = min(a, b), max(a, b)
    first = -((d - 2 * lo) // (2 * d))  # ceil(lo/d - ½)
    last = (2 * hi - d) // (2 * d)  # floor(hi/d - ½)
    return range(max(0, first), min(count - 1, last) + 1)


def wall_budget(r: Reader, segments: Iterable[tuple[Point, Point]], columns: int, rows: int,
                where: str) -> None:
    """Refuse walls that together cross more than ``MAX_WALL_CROSSINGS`` centre lines, before
    any geometry."""
    total = 0
    for p, q in segments:
        total += wall_crossings(p, q, columns, rows)
        if total > MAX_WALL_CROSSINGS:
            raise r.fail(where, _("the walls cross more than {most} squares' sides (a wall "
                                  "across the map crosses at most {across}): expected fewer or "
                                  "shorter walls").format(most=grouped(MAX_WALL_CROSSINGS),
                                                          across=grouped(columns + rows)))


def wall_crossings(p: Point, q: Point, columns: int, rows: int) -> int:
    """How many centre lines ``sides_crossed`` will test for the segment p–q: its cost, known
    before any of it is done (``MAX_WALL_CROSSINGS``)."""
    total = 0
    if p[1] != q[1]:
        lo, hi = sorted((p[1], q[1]))
        total += max(0, min(rows - 1, math.floor(hi - Fraction(1, 2)))
                     - max(0, math.ceil(lo - Fraction(1, 2))) + 1)
    if p[0] != q[0]:
        lo, hi = sorted((p[0], q[0]))
        total += max(0, min(columns - 1, math.floor(hi - Fraction(1, 2)))
                     - max(0, math.ceil(lo - Fraction(1, 2))) + 1)
    return total


def _label(col: int, row: int) -> str:
    return f"{_column(col)}{row}"


def _column(col: int, known: dict[int, str] = {}) -> str:  # noqa: B006 (a cache, on purpose)
    """``column_label``, remembered (a map of walls asks for the same few hundred a million
    times)."""
    label = known.get(col)
    if label is None:
        label = known[col] = column_label(col)
    return label


def _runs(values: Iterable[int], step: int = 1) -> list[tuple[int, int]]:
    """Runs of whole numbers ``step`` apart: [1, 2, 3, 7] → [(1, 3), (7, 7)]; with step 2 (a
    hex row's columns), [1, 3, 5, 9] → [(1, 5), (9, 9)]."""
    runs: list[tuple[int, int]] = []
    for v in sorted(set(values)):
        if runs and v == runs[-1][1] + step:
            runs[-1] = (runs[-1][0], v)
        else:
            runs.append((v, v))
    return runs


def _span(c0: int, r0: int, c1: int, r1: int) -> str:
    return _label(c0, r0) if (c0, r0) == (c1, r1) else f"{_label(c0, r0)}:{_label(c1, r1)}"


class TooManyRanges(ValueError):
    """More ranges than a scenario file can hold (``MAX_RANGES``)."""


#: Ranges of cells past which the scenario's YAML passes 1 MB (each is at least ``- A1``, five
#: bytes and a line break): ``cell_blocks`` stops there, not after a million cells' labels.
MAX_RANGES = 200_000


def cell_blocks(cells: Mapping[tuple[int, int], Mapping[str, Any]], *, hexes: bool = False
                ) -> list[dict[str, Any]]:
    """``map.cells`` entries for per-cell facts: cells with the same facts share an entry, and
    runs of them become ranges (rectangles where runs of rows line up). On hexes (doubled
    coordinates) a range's corners span the hexes of one column step. Past ``MAX_RANGES``
    ranges: ``TooManyRanges``."""
    groups: dict[tuple[tuple[str, Any], ...], list[tuple[int, int]]] = {}
    for xy, facts in cells.items():
        if facts:
            groups.setdefault(tuple(sorted(facts.items())), []).append(xy)
    blocks = []
    left = MAX_RANGES
    for shared, where in sorted(groups.items(),
                                key=lambda g: min((p[1], p[0]) for p in g[1])):
        at = _ranges(where, 2 if hexes else 1, left)
        left -= len(at)
        blocks.append({"at": at[0] if len(at) == 1 else at, **dict(shared)})
    return blocks


def _ranges(cells: list[tuple[int, int]], row_step: int, most: int = MAX_RANGES) -> list[str]:
    """Labels and ranges covering exactly ``cells``: runs along each row, merged down the rows
    while the same run repeats (squares). On hexes (doubled coordinates, ``row_step`` 2) a row
    holds every other column, and a one-row range ``A1:E1`` names exactly A1, C1, E1: runs stay
    one row high there."""
    by_row: dict[int, list[int]] = {}
    for c, r in cells:
        by_row.setdefault(r, []).append(c)
    done: list[tuple[int, int, int, int]] = []
    active: dict[tuple[int, int], tuple[int, int]] = {}  # (c0, c1) → (first row, last row)
    for r in sorted(by_row):
        runs = _runs(by_row[r], row_step)
        for run in runs:
            span = active.get(run)
            if row_step == 1 and span is not None and span[1] == r - 1:
                active[run] = (span[0], r)
            else:
                if span is not None:
                    done.append((run[0], span[0], run[1], span[1]))
                active[run] = (r, r)
        for run, (first, last) in list(active.items()):
            if last != r:
                done.append((run[0], first, run[1], last))
                del active[run]
        if len(done) > most:
            raise TooManyRanges(_("more than {most} ranges").format(most=grouped(MAX_RANGES)))
    done.extend((run[0], first, run[1], last) for run, (first, last) in active.items())
    if len(done) > most:
        raise TooManyRanges(_("more than {most} ranges").format(most=grouped(MAX_RANGES)))
    return [_span(c0, r0, c1, r1) for c0, r0, c1, r1 in sorted(done, key=lambda d: (d[1], d[0]))]


def side_runs(sides: Mapping[Side, str]) -> list[dict[str, Any]]:
    """``map.walls`` entries: sides of the same kind in a straight run become one entry with two
    ranges (``between: [C1:C8, D1:D8]``); ``kind`` is ``wall``, ``open`` or ``closed``."""
    out: list[dict[str, Any]] = []
    for kind in ("wall", "closed", "open"):
        mine = [s for s, k in sides.items() if k == kind]
        # east-west neighbours (a side running north-south): runs down a column pair
        upright: dict[int, list[int]] = {}
        flat: dict[int, list[int]] = {}
        for (a, b) in mine:
            if a[1] == b[1]:
                upright.setdefault(a[0], []).append(a[1])
            else:
                flat.setdefault(a[1], []).append(a[0])
        entries = []
        for c, rows in upright.items():
            for r0, r1 in _runs(rows):
                entries.append(((r0, c), [_span(c, r0, c, r1), _span(c + 1, r0, c + 1, r1)]))
        for r, cols in flat.items():
            for c0, c1 in _runs(cols):
                entries.append(((r, c0), [_span(c0, r, c1, r), _span(c0, r + 1, c1, r + 1)]))
        for _key, between in sorted(entries):
            entry: dict[str, Any] = {"between": between}
            if kind != "wall":
                entry["door"] = kind
            out.append(entry)
    return out
