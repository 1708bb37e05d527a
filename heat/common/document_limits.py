"""Checks of a YAML or JSON document's shape made before it is built into objects.

Building a document recurses once per nesting level (PyYAML's C composer overflows the C
stack of a worker thread on a 100 KB list nested 50,000 deep) and aliases and merge keys
let a few hundred bytes stand for billions of nodes. These checks walk the parser's
event stream, which needs no recursion, and refuse a document nested deeper than
``MAX_NESTING_DEPTH`` or whose aliases expand it past ``MAX_EXPANDED_NODES``.
"""

from typing import Any

import yaml

from heat.common.i18n import _

MAX_NESTING_DEPTH = 100
MAX_EXPANDED_NODES = 1_000_000

_Parser = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_JSON_OPENERS = frozenset("[{")
_JSON_CLOSERS = frozenset("]}")


def _too_deep() -> ValueError:
    return ValueError(_("The document is nested more than %s levels deep.") % MAX_NESTING_DEPTH)


def _too_large() -> ValueError:
    return ValueError(
        _("The document expands to more than %s nodes through its aliases.") % MAX_EXPANDED_NODES
    )


def check_json_text(text: str) -> None:
    """``ValueError`` when the brackets of the JSON ``text`` nest deeper than allowed;
    brackets inside strings are not counted."""
    depth = 0
    in_string = escaped = False
    for character in text:
        if in_string:
            if escaped:
                escaped = False
            elif character == "\\":
                escaped = True
            elif character == '"':
                in_string = False
        elif character == '"':
            in_string = True
        elif character in _JSON_OPENERS:
            depth += 1
            if depth > MAX_NESTING_DEPTH:
                raise _too_deep()
        elif character in _JSON_CLOSERS:
            depth -= 1


class _Tally:
    """The expanded node count so far, the sizes of the collections still open and the
    size of each anchor seen."""

    def __init__(self) -> None:
        self.total = 0
        self.open_sizes: list[int] = [0]
        self.open_anchors: list[str | None] = []
        self.anchor_sizes: dict[str, int] = {}

    def add(self, size: int) -> None:
        self._grow(size)
        self.open_sizes[-1] += size

    def _grow(self, size: int) -> None:
        self.total += size
        if self.total > MAX_EXPANDED_NODES:
            raise _too_large()

    def open(self, anchor: str | None) -> None:
        if len(self.open_anchors) >= MAX_NESTING_DEPTH:
            raise _too_deep()
        self._grow(1)
        self.open_sizes.append(1)
        self.open_anchors.append(anchor)

    def close(self) -> None:
        size = self.open_sizes.pop()
        anchor = self.open_anchors.pop()
        if anchor is not None:
            self.anchor_sizes[anchor] = size
        # The collection's nodes are already in the total; only its parent grows.
        self.open_sizes[-1] += size


def check_yaml_text(text: str, parser: type = _Parser) -> None:
    """``ValueError`` when the YAML ``text`` nests deeper than allowed or its aliases
    expand it past the node limit; ``yaml.YAMLError`` from ``parser`` when it is not
    YAML."""
    tally = _Tally()
    for event in yaml.parse(text, Loader=parser):  # noqa: S506 - events only
        _count(tally, event)


def _count(tally: _Tally, event: Any) -> None:
    if isinstance(event, yaml.CollectionStartEvent):
        tally.open(event.anchor)
    elif isinstance(event, yaml.CollectionEndEvent):
        tally.close()
    elif isinstance(event, yaml.ScalarEvent):
        tally.add(1)
        if event.anchor is not None:
            tally.anchor_sizes[event.anchor] = 1
    elif isinstance(event, yaml.AliasEvent):
        tally.add(tally.anchor_sizes.get(event.anchor or "", 1))
