"""A YAML reader for files nobody vouches for.

``yaml.safe_load`` builds no objects of its own, but it still trusts the text's shape: nine nested
anchors of 500 bytes stand for a billion strings (every walk of the data then takes minutes and
gigabytes), nesting a thousand deep ends in ``RecursionError``, a 5,000-digit number in
``ValueError``, and a key written twice silently keeps the last value. ``SafeLoader`` refuses each
of these while it reads, before anything walks the data, and says where in the file.
"""

from __future__ import annotations

from typing import Any

import yaml
from yaml.events import AliasEvent
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

__all__ = ["MAX_ALIAS_NODES", "MAX_DEPTH", "MAX_INT_DIGITS", "SafeLoader", "YamlLimitError",
           "load"]

#: The most nodes that aliases may add when expanded, over the whole file: a scenario that
#: repeats a creature's block a few times stays far below; a "billion laughs" is refused at once.
MAX_ALIAS_NODES = 10_000
#: The deepest nesting of lists and mappings; a scenario needs about six levels.
MAX_DEPTH = 64
#: The most digits of an integer: 18 digits hold every count a map can use, and beyond 4,300
#: Python refuses to read one at all.
MAX_INT_DIGITS = 18

_MERGE = "tag:yaml.org,2002:merge"


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
                raise YamlLimitError(f"alias *{event.anchor} refers to the block it "
                                     "is inside; a scenario cannot contain itself",
                                     event.start_mark)
            self._alias_nodes += size
            if self._alias_nodes > MAX_ALIAS_NODES:
                raise YamlLimitError(f"aliases expand to more than {MAX_ALIAS_NODES:,} "
                                     "values; write the data out instead of repeating anchors",
                                     event.start_mark)
            return node
        self._depth += 1
        if self._depth > MAX_DEPTH:
            raise YamlLimitError(f"nested more than {MAX_DEPTH} levels deep; a "
                                 "scenario needs only a few", event.start_mark)
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
                    raise YamlLimitError(f"duplicate key {key!r} (first at line "
                                         f"{mark.line + 1}); each key may appear once in a "
                                         "mapping", key_node.start_mark)
        return super().construct_mapping(node, deep=deep)

    def construct_yaml_int(self, node: ScalarNode) -> int:
        digits = sum(ch.isdigit() for ch in str(node.value))
        if digits > MAX_INT_DIGITS:
            raise YamlLimitError(f"a number of {digits:,} digits; expected at most "
                                 f"{MAX_INT_DIGITS}", node.start_mark)
        value: int = super().construct_yaml_int(node)
        return value


SafeLoader.add_constructor("tag:yaml.org,2002:int", SafeLoader.construct_yaml_int)


def load(text: str) -> Any:
    """The data of one YAML (or JSON) document, read by ``SafeLoader``."""
    loader = SafeLoader(text)
    try:
        return loader.get_single_data()
    finally:
        loader.dispose()

