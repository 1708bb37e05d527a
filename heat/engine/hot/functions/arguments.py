"""Argument checks shared by the intrinsic functions of every template format.

Every check raises :class:`heat.common.exception.IntrinsicFunctionError`, so that a
malformed call never escapes as a bare ``TypeError`` or ``KeyError``, and so that
static validation can wrap it with the template path. Functions whose result grows with
their arguments check its size against ``MAX_ITEMS`` and ``MAX_TEXT_LENGTH`` before
building it, so that a few kilobytes of template cannot ask for gigabytes.
"""

import collections.abc
import json
from typing import Any, NoReturn

from heat.common import exception
from heat.engine import function

MAX_ITEMS = 1_000_000
MAX_TEXT_LENGTH = 10_000_000


class PureFunction(function.Function):
    """A function of its arguments and the template alone: when the arguments are all
    literal, validation evaluates the call, so that their errors show before the stack runs."""

    def _parts(self, args: Any) -> Any:
        """The arguments split into their parts; subclasses check their shape here."""
        return args

    def validate(self) -> None:
        self._parts(self.args)
        super().validate()
        if not contains_function(self.args):
            self.result()


def contains_function(snippet: Any) -> bool:
    """Whether a function call appears anywhere in ``snippet``."""
    if isinstance(snippet, function.Function):
        return True
    if is_map(snippet):
        return any(contains_function(value) for value in snippet.values())
    if is_list(snippet):
        return any(contains_function(item) for item in snippet)
    return False


def fail(message: str) -> NoReturn:
    """Raise the error of a function call that cannot be evaluated."""
    raise exception.IntrinsicFunctionError(message)


def is_list(value: Any) -> bool:
    """True for a template list (any sequence but a string)."""
    return isinstance(value, collections.abc.Sequence) and not isinstance(value, (str, bytes))


def is_map(value: Any) -> bool:
    """True for a template map."""
    return isinstance(value, collections.abc.Mapping)


def is_function(value: Any) -> bool:
    """True when ``value`` is only known after evaluation (a function call)."""
    return isinstance(value, function.Function)


def json_text(value: Any, fn_name: str) -> str:
    """``value`` as compact-sorted JSON text, as HOT embeds lists and maps in strings."""
    try:
        return json.dumps(value, sort_keys=True)
    except (TypeError, ValueError) as error:
        fail('"%s" cannot serialize %s to JSON: %s' % (fn_name, short(value), error))


def short(value: Any) -> str:
    """A representation of ``value`` short enough for an error message."""
    return repr(value)[:200]


def check_resource(stack: Any, name: Any, fn_name: str) -> None:
    """Fail unless ``name`` is a resource of the template whose condition holds."""
    if not isinstance(name, str) or name not in stack.all_resource_names:
        raise exception.InvalidTemplateReference(resource=name, key=fn_name)
    if name not in stack.resource_names:
        fail(
            'The resource "%s" referenced by "%s" is disabled: its condition is false.'
            % (name, fn_name)
        )


def resource(stack: Any, name: Any, fn_name: str) -> Any:
    """The resource ``name`` of ``stack`` (see :func:`check_resource` for the errors)."""
    check_resource(stack, name, fn_name)
    return stack[name]


def condition_value(stack: Any, condition: Any, fn_name: str) -> bool:
    """Evaluate a condition argument: a boolean, a condition name or a condition function."""
    value = function.resolve(condition)
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        return bool(stack.condition(value))
    fail('Invalid condition %s in "%s": expected a name or a boolean' % (short(value), fn_name))


def check_items(fn_name: str, count: int) -> None:
    """Fail when the result of ``fn_name`` would hold more than ``MAX_ITEMS`` nodes."""
    if count > MAX_ITEMS:
        fail(
            'The result of "%s" would have %d items, more than the %d allowed'
            % (fn_name, count, MAX_ITEMS)
        )


def check_text_length(fn_name: str, length: int) -> None:
    """Fail when the result of ``fn_name`` would be longer than ``MAX_TEXT_LENGTH``."""
    if length > MAX_TEXT_LENGTH:
        fail(
            'The result of "%s" would be %d characters long, more than the %d allowed'
            % (fn_name, length, MAX_TEXT_LENGTH)
        )


def measure(value: Any) -> tuple[int, int]:
    """The number of nodes in ``value`` and the total length of its strings and keys."""
    nodes = characters = 0
    pending = [value]
    while pending:
        item = pending.pop()
        nodes += 1
        if isinstance(item, str):
            characters += len(item)
        elif is_map(item):
            pending.extend(item.keys())
            pending.extend(item.values())
        elif is_list(item):
            pending.extend(item)
    return nodes, characters
