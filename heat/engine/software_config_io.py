"""The inputs and outputs a software config declares, checked and normalised for storage.

An input has a ``name``, a ``type`` (``String``, ``Number``, ``CommaDelimitedList``,
``Json`` or ``Boolean``), an optional ``description`` and ``default`` (of that type; an
empty default is accepted for any type, as upstream) and ``replace_on_change``; an
output has ``error_output`` instead (the deployment fails when that output has a value).
Stored forms leave out unset fields, and ``replace_on_change`` unless true.
"""

from collections.abc import Mapping, Sequence
from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine import constraints, properties

Schema = properties.Schema

KEYS = (NAME, DESCRIPTION, TYPE, DEFAULT, REPLACE_ON_CHANGE, VALUE, ERROR_OUTPUT) = (
    "name",
    "description",
    "type",
    "default",
    "replace_on_change",
    "value",
    "error_output",
)
TYPES = {
    "String": Schema.STRING,
    "Number": Schema.NUMBER,
    "CommaDelimitedList": Schema.LIST,
    "Json": Schema.MAP,
    "Boolean": Schema.BOOLEAN,
}


def _common(what: str) -> dict[str, Schema]:
    return {
        NAME: Schema(Schema.STRING, _("Name of the %s.") % what, required=True),
        DESCRIPTION: Schema(Schema.STRING, _("Description of the %s.") % what),
        TYPE: Schema(
            Schema.STRING,
            _("Type of the value of the %s.") % what,
            default="String",
            constraints=[constraints.AllowedValues(list(TYPES))],
        ),
    }


INPUT_SCHEMA = {
    **_common("input"),
    DEFAULT: Schema(Schema.ANY, _("Default value for the input if none is specified.")),
    REPLACE_ON_CHANGE: Schema(
        Schema.BOOLEAN,
        _("Replace the deployment instead of updating it when the input value changes."),
        default=False,
    ),
}
OUTPUT_SCHEMA = {
    **_common("output"),
    ERROR_OUTPUT: Schema(
        Schema.BOOLEAN,
        _("Denotes that the deployment is in an error state if this output has a value."),
        default=False,
    ),
}


def _entries(declared: Any) -> list[Mapping[str, Any]]:
    if isinstance(declared, (str, Mapping)) or not isinstance(declared, Sequence):
        raise exception.Invalid(reason=_("Software Config I/O Schema must be in a list"))
    if not all(isinstance(entry, Mapping) for entry in declared):
        raise exception.Invalid(reason=_("Software Config I/O Schema must be a dict"))
    return list(declared)


def _checked(schema: Mapping[str, Schema], entry: Mapping[str, Any], section: str) -> dict:
    props = properties.Properties(schema, entry, section=section)
    try:
        props.validate(with_value=True)
    except exception.StackValidationFailed as error:
        raise exception.Invalid(reason=str(error))
    return {key: props[key] for key in schema if props[key] is not None}


def _input_schema(entry: Mapping[str, Any]) -> Mapping[str, Schema]:
    type_name = entry.get(TYPE)
    if DEFAULT not in entry or type_name not in TYPES or entry[DEFAULT] == "":
        return INPUT_SCHEMA
    typed = Schema(TYPES[type_name], allow_conversion=type_name in ("CommaDelimitedList", "Json"))
    return {**INPUT_SCHEMA, DEFAULT: typed}


def inputs(declared: Any) -> list[dict[str, Any]]:
    """The stored form of declared inputs (a list of maps); Invalid when invalid."""
    stored = []
    for entry in _entries(declared or []):
        fields = {key: value for key, value in entry.items() if key != VALUE}
        item = _checked(_input_schema(fields), fields, "inputs")
        if not item[REPLACE_ON_CHANGE]:
            del item[REPLACE_ON_CHANGE]
        if VALUE in entry:
            item[VALUE] = entry[VALUE]
        stored.append(item)
    return stored


def outputs(declared: Any) -> list[dict[str, Any]]:
    """The stored form of declared outputs (a list of maps); Invalid when invalid."""
    return [_checked(OUTPUT_SCHEMA, entry, "outputs") for entry in _entries(declared or [])]
