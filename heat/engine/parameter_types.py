"""The five parameter types: turning raw values (text from the API, template data) into typed
values, and typed values back into the text shown for a stack.

Type names are the CFN ones, used by the validate API: ``String``, ``Number``,
``CommaDelimitedList``, ``Json``, ``Boolean``. Conversions raise ``ValueError`` with a
message for the user.
"""

import json
from collections.abc import Callable
from typing import Any

from oslo_utils import strutils

from heat.common.i18n import _
from heat.engine import constraints

TYPES = (STRING, NUMBER, LIST, MAP, BOOLEAN) = (
    "String",
    "Number",
    "CommaDelimitedList",
    "Json",
    "Boolean",
)

# The generic value type each parameter type has, for constraints' ``valid_types``.
CONSTRAINT_TYPES = {
    STRING: constraints.STRING,
    NUMBER: constraints.NUMBER,
    LIST: constraints.LIST,
    MAP: constraints.MAP,
    BOOLEAN: constraints.BOOLEAN,
}


def _to_string(value: Any) -> str:
    return value if isinstance(value, str) else str(value)


def _to_list(value: Any) -> list[str]:
    """A list of strings from a list, or from text split on commas (items are not stripped)."""
    if isinstance(value, list):
        return [_to_string(item) for item in value]
    if isinstance(value, str):
        return value.split(",") if value else []
    raise ValueError(_("Value must be a comma-delimited list string: %s") % (value,))


def _to_json(value: Any) -> Any:
    """JSON text parsed, or data checked to be JSON-serialisable (and copied).

    An empty string stays an empty string, as it does in OpenStack Heat.
    """
    try:
        if isinstance(value, str):
            return json.loads(value) if value else value
        return json.loads(json.dumps(value))
    except (TypeError, ValueError) as error:
        raise ValueError(_("Value must be valid JSON: %s") % error)


def _to_boolean(value: Any) -> bool:
    return strutils.bool_from_string(value, strict=True)


_PARSERS: dict[str, Callable[[Any], Any]] = {
    STRING: _to_string,
    NUMBER: constraints.to_number,
    LIST: _to_list,
    MAP: _to_json,
    BOOLEAN: _to_boolean,
}


def parse(param_type: str, value: Any) -> Any:
    """``value`` converted to ``param_type``; ``ValueError`` saying why when it cannot be."""
    return _PARSERS[param_type](value)


def converter(param_type: str) -> Callable[[Any], Any] | None:
    """How ``allowed_values`` items compare with values of this type (None: as they are)."""
    if param_type in (LIST, MAP):
        return None
    return _PARSERS[param_type]


def as_text(param_type: str, value: Any) -> str:
    """The text form of a typed value, as a stack's ``parameters`` show it."""
    if param_type == LIST:
        return ",".join(value)
    if param_type == MAP:
        return json.dumps(value)
    return str(value)
