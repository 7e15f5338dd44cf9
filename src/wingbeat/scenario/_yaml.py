"""A YAML reader for files nobody vouches for.

``yaml.safe_load`` builds no objects of its own, but it still trusts the text's shape: nine nested
anchors of 500 bytes stand for a billion strings (every walk of the data then takes minutes and
gigabytes), nesting a thousand deep ends in ``RecursionError``, a 5,000-digit number in
``ValueError``, and a key written twice silently keeps the last value. ``SafeLoader`` refuses each
of these while it reads, before anything walks the data, and says where in the file.

A scenario's values are plain: numbers, true/false, text, lists and mappings. An explicit tag
(``!!bool maybe``, ``!!timestamp 2001-13-45``, ``!foo``) asks the reader for a conversion of its
own, which fails in ways no schema sees: every tag is refused by name. A date-like plain scalar
stays text (YAML 1.1 would make it a ``date``). ``load_marked`` also keeps where each value starts
(its path in the data → line and column), so that every later error can say where it is.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import yaml
from yaml.events import AliasEvent, CollectionStartEvent, ScalarEvent
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from ..i18n import N_, _, language, pgettext, reworded
from ..narrate import grouped

__all__ = ["MAX_ALIAS_NODES", "MAX_DEPTH", "MAX_INT_DIGITS", "MAX_NUMBER_CHARS", "Marks", "Path",
           "SafeLoader", "YamlLimitError", "load", "load_marked", "said_problem"]

#: The most nodes that aliases may add when expanded, over the whole file: a scenario that
#: repeats a creature's block a few times stays far below; a "billion laughs" is refused at once.
MAX_ALIAS_NODES = 10_000
#: The deepest nesting of lists and mappings; a scenario needs about six levels.
MAX_DEPTH = 64
#: The most digits of an integer: 18 digits hold every count a map can use, and beyond 4,300
#: Python refuses to read one at all.
MAX_INT_DIGITS = 18
#: The most characters of a number as written (digits, sign, ``0x``, underscores, exponent),
#: counted before it is converted: no scenario number needs more.
MAX_NUMBER_CHARS = 40

#: A place in the data: ``("creatures", 1, "speed")``.
Path = tuple[str | int, ...]
#: Where each value starts in the text: its path → (line, column), both from 1.
Marks = Mapping[Path, tuple[int, int]]

_MERGE = "tag:yaml.org,2002:merge"
_STR = "tag:yaml.org,2002:str"
_SURROGATE = re.compile("[\ud800-\udfff]")


class YamlLimitError(yaml.MarkedYAMLError):
    """Text that is YAML, but more than a scenario may ask of the reader (or a repeated key)."""

    def __init__(self, problem: str, mark: Any):
        super().__init__(None, None, problem, mark)


class SafeLoader(yaml.SafeLoader):
    """``yaml.SafeLoader`` with bounds: alias expansion, nesting depth, integer size, and no key
    written twice in one mapping."""

    def __init__(self, stream: Any):
        super().__init__(stream)
        self._sizes: dict[int, int] = {}  # id(node) → its node count with aliases expanded
        self._alias_nodes = 0
        self._depth = 0

    # -- composing: aliases and depth are counted before any Python object is built -------------
    def compose_node(self, parent: Node | None, index: Any) -> Node | None:
        event: Any = self.peek_event()  # type: ignore[no-untyped-call]
        if isinstance(event, AliasEvent):
            node = super().compose_node(parent, index)
            size = self._sizes.get(id(node))
            if size is None:
                raise YamlLimitError(_("alias {alias} refers to the block it is inside; a "
                                       "scenario cannot contain itself").format(
                    alias=f"*{event.anchor}"), event.start_mark)
            self._alias_nodes += size
            if self._alias_nodes > MAX_ALIAS_NODES:
                raise YamlLimitError(_("aliases expand to more than {most} values; write the "
                                       "data out instead of repeating anchors").format(
                    most=grouped(MAX_ALIAS_NODES)), event.start_mark)
            return node
        tag = getattr(event, "tag", None)
        if isinstance(event, ScalarEvent | CollectionStartEvent) and tag is not None:
            raise YamlLimitError(_('the tag {tag} is not part of a scenario; write the value '
                                   'plainly (true, 12, "text", [1, 2])').format(
                tag=_short_tag(tag)), event.start_mark)
        self._depth += 1
        if self._depth > MAX_DEPTH:
            raise YamlLimitError(_("nested more than {most} levels deep; a scenario needs only "
                                   "a few").format(most=MAX_DEPTH), event.start_mark)
        try:
            node = super().compose_node(parent, index)
        finally:
            self._depth -= 1
        if node is not None:
            self._sizes[id(node)] = self._size(node)
        return node

    def _size(self, node: Node) -> int:
        if isinstance(node, ScalarNode):
            return 1
        if isinstance(node, SequenceNode):
            return 1 + sum(self._sizes.get(id(item), 1) for item in node.value)
        if isinstance(node, MappingNode):
            return 1 + sum(self._sizes.get(id(k), 1) + self._sizes.get(id(v), 1)
                           for k, v in node.value)
        return 1  # pragma: no cover - every node is one of the three

    # -- constructing: repeated keys and huge integers ------------------------------------------
    def construct_mapping(self, node: MappingNode, deep: bool = False) -> dict[Any, Any]:
        if isinstance(node, MappingNode):
            seen: dict[Any, Node] = {}
            for key_node, _value in node.value:
                if key_node.tag == _MERGE:
                    continue
                key = self.construct_object(key_node, deep=True)
                try:
                    first = seen.setdefault(key, key_node)
                except TypeError:
                    continue  # an unhashable key: the base class says so
                if first is not key_node:
                    mark = first.start_mark
                    raise YamlLimitError(_("duplicate key {key} (first at line {line}); each "
                                           "key may appear once in a mapping").format(
                        key=repr(key), line=mark.line + 1), key_node.start_mark)
        return super().construct_mapping(node, deep=deep)

    def construct_yaml_int(self, node: ScalarNode) -> int:
        self._check_length(node)
        digits = _digits(str(node.value))
        if digits > MAX_INT_DIGITS:
            raise YamlLimitError(_("a number of {count} digits; expected at most {most}").format(
                count=grouped(digits), most=MAX_INT_DIGITS), node.start_mark)
        value: int = super().construct_yaml_int(node)
        return value

    def construct_yaml_float(self, node: ScalarNode) -> float:
        self._check_length(node)
        value: float = super().construct_yaml_float(node)
        return value

    def construct_yaml_str(self, node: ScalarNode) -> str:
        """Text, with each escaped UTF-16 pair (JSON writes ``😀`` as ``"\\ud83d\\ude00"``) joined
        into its character, as a JSON reader does; a lone surrogate stays, for the schema to
        refuse."""
        value = str(self.construct_scalar(node))
        if not value.isascii() and _SURROGATE.search(value):
            value = value.encode("utf-16-le", "surrogatepass").decode("utf-16-le",
                                                                      "surrogatepass")
        return value

    @staticmethod
    def _check_length(node: ScalarNode) -> None:
        """Bound a number's text before any conversion (``0x`` and underscores count)."""
        text = str(node.value)
        if len(text) <= MAX_NUMBER_CHARS:
            return
        digits = _digits(text)
        if digits > MAX_INT_DIGITS:
            raise YamlLimitError(_("a number of {count} digits; expected at most {most}").format(
                count=grouped(digits), most=MAX_INT_DIGITS), node.start_mark)
        raise YamlLimitError(_("a number written with {count} characters; expected at most "
                               "{most}").format(count=grouped(len(text)), most=MAX_NUMBER_CHARS),
                             node.start_mark)

    # -- where each value is ----------------------------------------------------------------------
    def marks_of(self, root: Node) -> dict[Path, tuple[int, int]]:
        """Each value's path → its (line, column), walking the composed (and merged) nodes; an
        alias's values are walked at each place it is used (the alias bound keeps that small)."""
        marks: dict[Path, tuple[int, int]] = {}
        stack: list[tuple[Path, Node]] = [((), root)]
        while stack:
            path, node = stack.pop()
            marks.setdefault(path, (node.start_mark.line + 1, node.start_mark.column + 1))
            if isinstance(node, SequenceNode):
                stack.extend(((*path, i), item) for i, item in enumerate(node.value))
            elif isinstance(node, MappingNode):
                for key_node, value_node in reversed(node.value):  # the last of a merge wins
                    if isinstance(key_node, ScalarNode) and key_node.tag != _MERGE:
                        key = key_node.value if key_node.tag == _STR else \
                            self.construct_object(key_node)
                        if isinstance(key, str | int) and not isinstance(key, bool):
                            stack.append(((*path, key), value_node))
        return marks


def _digits(text: str) -> int:
    """The digits of a number as written: hex digits count, a sign, ``0x`` and underscores
    do not."""
    text = text.lstrip("+-")
    if text[:2].lower() in ("0x", "0b", "0o"):
        text = text[2:]
    return sum(ch.isalnum() for ch in text)


def _short_tag(tag: str) -> str:
    """``tag:yaml.org,2002:bool`` → ``!!bool``, as it was written."""
    prefix = "tag:yaml.org,2002:"
    shown = "!!" + tag[len(prefix):] if tag.startswith(prefix) else tag
    return _clip(shown.encode("ascii", "backslashreplace").decode("ascii"))


def _clip(text: str, most: int = 24) -> str:
    return text if len(text) <= most else text[:most] + "…"


SafeLoader.add_constructor("tag:yaml.org,2002:int", SafeLoader.construct_yaml_int)
SafeLoader.add_constructor("tag:yaml.org,2002:float", SafeLoader.construct_yaml_float)
SafeLoader.add_constructor("tag:yaml.org,2002:str", SafeLoader.construct_yaml_str)
# a plain 2001-12-14 stays text: a scenario has no dates, and 2001-13-45 would be a ValueError
SafeLoader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()}


def load(text: str) -> Any:
    """The data of one YAML (or JSON) document, read by ``SafeLoader``."""
    return load_marked(text)[0]


def load_marked(text: str) -> tuple[Any, dict[Path, tuple[int, int]]]:
    """The data of one YAML (or JSON) document, and where each of its values starts."""
    loader = SafeLoader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None, {}
        data = loader.construct_document(node)
        return data, loader.marks_of(node)
    finally:
        loader.dispose()


#: PyYAML's problems (English), each said again in the language of the moment
#: (``said_problem``); YAML's token names (``'<stream end>'``) and the characters stay as written.
_PROBLEMS = (
    (re.compile(r"expected a comment or a line break, but found (?P<got>.+)$"),
     N_("a comment or the end of the line was expected, but {got} was found")),
    (re.compile(r"expected alphabetic or numeric character, but found (?P<got>.+)$"),
     N_("a letter or a digit was expected, but {got} was found")),
    (re.compile(r"expected (?P<expected>.+?), but (?:got|found) (?P<got>.+)$"),
     N_("{expected} was expected, but {got} was found")),
    (re.compile(r"mapping values are not allowed here$"),
     N_("a key's value is not allowed here (is a line indented too far, or a space missing "
        "after a ':'?)")),
    (re.compile(r"found unexpected end of stream$"),
     N_("the text ends too early (is a quote or a bracket left open?)")),
    (re.compile(r"found character (?P<char>.+) that cannot start any token$"),
     N_("the character {char} cannot start a value")),
    (re.compile(r"could not find expected ':'$"), N_("a ':' was expected")),
    (re.compile(r"did not find expected key$"), N_("a key was expected")),
    (re.compile(r"did not find expected node content$"), N_("a value was expected")),
    (re.compile(r"did not find expected (?P<what>'[^']+'|<[^>]+>)$"),
     N_("{what} was expected")),
    (re.compile(r"found undefined alias (?P<alias>.+)$"), N_("the alias {alias} is not defined")),
    (re.compile(r"found unknown escape character (?P<char>.+)$"),
     N_("{char} is no escape character")),
    (re.compile(r"found a tab character (?:where an indentation space is expected|that violates "
                r"indentation)$"), N_("a tab where lines are indented with spaces")),
    (re.compile(r"found unexpected ':'$"), N_("an unexpected ':'")),
)


def said_problem(problem: str) -> str:
    """A PyYAML problem (``expected ',' or '}', but got ':'``) said in the current language; in
    English, or when it is of no known form, as PyYAML wrote it."""
    found = reworded(problem, _PROBLEMS, _) if language() != "en" else None
    if found is None:
        return problem
    said, fields = found
    if "expected" in fields:
        fields["expected"] = fields["expected"].replace(
            " or ", " {} ".format(pgettext("alternatives", "or")))
    return said.format(**fields)
