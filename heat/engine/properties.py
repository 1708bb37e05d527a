"""Resource property schemas and the properties of one resource.

A :class:`Schema` declares one property: its type, default, constraints, nested schema and
the ``update_allowed``/``immutable``/``implemented`` flags; ``to_dict()`` is the form the
resource type schema API shows (for the properties that are ``implemented``).
:class:`Properties` is the read-only mapping a resource reads its values from: each value is
the template snippet resolved and converted to the schema's type, nested maps filled in with
their defaults. ``validate()`` reports the first fault with its template path, e.g.
``Property error: resources.server.properties.networks[0].port: <reason>``.
"""

import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine import constraints, function
from heat.engine.constraints import Constraint, CustomConstraint
from heat.engine.support import SupportStatus

PROPERTY_ERROR = "Property error"
_DEFAULT_SUPPORT = SupportStatus()

# The keys of the legacy (CFN-style) dict form of a property schema.
LEGACY_KEYS = (
    REQUIRED,
    IMPLEMENTED,
    DEFAULT,
    TYPE,
    SCHEMA,
    ALLOWED_PATTERN,
    MIN_VALUE,
    MAX_VALUE,
    ALLOWED_VALUES,
    MIN_LENGTH,
    MAX_LENGTH,
    DESCRIPTION,
    UPDATE_ALLOWED,
    IMMUTABLE,
) = (
    "Required",
    "Implemented",
    "Default",
    "Type",
    "Schema",
    "AllowedPattern",
    "MinValue",
    "MaxValue",
    "AllowedValues",
    "MinLength",
    "MaxLength",
    "Description",
    "UpdateAllowed",
    "Immutable",
)


class Schema:
    """The declaration of one property; the nested ``schema`` of a ``Map`` is a dict of
    Schemas (its keys), that of a ``List`` the Schema of its items (a dict of Schemas there
    means items are maps with those keys). Raises ``InvalidSchemaError`` when inconsistent."""

    TYPES = (INTEGER, STRING, NUMBER, BOOLEAN, MAP, LIST, ANY) = (
        "Integer",
        "String",
        "Number",
        "Boolean",
        "Map",
        "List",
        "Any",
    )

    def __init__(
        self,
        data_type: str,
        description: str | None = None,
        default: Any = None,
        schema: Any = None,
        required: bool = False,
        constraints: Sequence[Constraint] | None = None,
        implemented: bool = True,
        update_allowed: bool = False,
        immutable: bool = False,
        support_status: SupportStatus | None = None,
        label: str | None = None,
        allow_conversion: bool = False,
    ) -> None:
        if data_type not in self.TYPES:
            raise exception.InvalidSchemaError(message=_("Invalid type (%s)") % (data_type,))
        self.type = data_type
        self.description = description
        self.default = default
        self.required = required
        self.constraints = list(constraints or [])
        # A property of the type's API that the plugin does not support: hidden from the
        # schema, and refused when a template sets it.
        self.implemented = implemented
        self.update_allowed = update_allowed
        self.immutable = immutable
        self.support_status = support_status or _DEFAULT_SUPPORT
        self.label = label
        # Provider-template facades take Json/CommaDelimitedList parameter values as given.
        self.allow_conversion = allow_conversion
        self.schema = self._nested(schema)
        self.validate()

    def _nested(self, schema: Any) -> Any:
        if schema is None:
            return None
        if self.type == self.LIST and isinstance(schema, Schema):
            return schema
        if self.type == self.LIST and isinstance(schema, Mapping):
            if all(isinstance(item, Schema) for item in schema.values()):
                return Schema(self.MAP, schema=schema)
            return Schema.from_legacy(schema)
        if self.type == self.MAP and isinstance(schema, Mapping):
            return schemata(schema)
        if isinstance(schema, Schema):
            message = _("Single schema valid only for %(ltype)s, not %(utype)s")
            raise exception.InvalidSchemaError(
                message=message % {"ltype": self.LIST, "utype": self.type}
            )
        message = _("Schema valid only for %(ltype)s or %(mtype)s, not %(utype)s")
        raise exception.InvalidSchemaError(
            message=message % {"ltype": self.LIST, "mtype": self.MAP, "utype": self.type}
        )

    def validate(self, context: Any = None) -> None:
        """Check the flags, that each constraint fits the type and that the default follows
        the constraints (custom ones left out: they may need services)."""
        if self.update_allowed and self.immutable:
            message = _("Options %(ua)s and %(im)s cannot both be True")
            raise exception.InvalidSchemaError(
                message=message % {"ua": UPDATE_ALLOWED, "im": IMMUTABLE}
            )
        for constraint in self.constraints:
            if self.type.lower() not in constraint.valid_types:
                message = _("%(name)s constraint invalid for %(utype)s")
                raise exception.InvalidSchemaError(
                    message=message % {"name": type(constraint).__name__, "utype": self.type}
                )
        if self.default is None:
            return
        try:
            self._check(self.default, context, skip_custom=True)
        except (ValueError, TypeError) as error:
            message = _("Invalid default %(default)s (%(exc)s)")
            raise exception.InvalidSchemaError(
                message=message % {"default": self.default, "exc": error}
            )

    def _check(self, value: Any, context: Any, skip_custom: bool = False) -> None:
        convert = _COMPARABLE.get(self.type)
        for constraint in self.constraints:
            if not (skip_custom and isinstance(constraint, CustomConstraint)):
                constraint.validate(value, context, convert)

    def validate_constraints(self, value: Any, context: Any = None) -> None:
        """Check a typed value against every constraint; ``StackValidationFailed`` if not."""
        try:
            self._check(value, context)
        except (ValueError, TypeError) as error:
            raise exception.StackValidationFailed(message=str(error))

    def to_dict(self) -> dict[str, Any]:
        """The REST form: ``type`` (lower case), ``description``/``default``/``schema``/
        ``constraints`` when set, ``required``, ``update_allowed`` and ``immutable``."""
        result: dict[str, Any] = {"type": self.type.lower()}
        if self.description is not None:
            result["description"] = self.description
        if self.default is not None:
            result["default"] = self.default
        if isinstance(self.schema, Schema):
            result["schema"] = {"*": self.schema.to_dict()}
        elif self.schema is not None:
            result["schema"] = {name: item.to_dict() for name, item in self.schema.items()}
        result["required"] = self.required
        if self.constraints:
            result["constraints"] = [constraint.to_dict() for constraint in self.constraints]
        result["update_allowed"] = self.update_allowed
        result["immutable"] = self.immutable
        return result

    @classmethod
    def from_legacy(cls, schema_dict: Any) -> "Schema":
        """A Schema from the legacy dict form (``{"Type": "String", "MaxLength": 5, ...}``);
        a Schema is returned as it is."""
        if isinstance(schema_dict, cls):
            return schema_dict
        if not isinstance(schema_dict, Mapping):
            message = _("Invalid property schema %r") % (schema_dict,)
            raise exception.InvalidSchemaError(message=message)
        unknown = [key for key in schema_dict if key not in LEGACY_KEYS]
        if unknown:
            raise exception.InvalidSchemaError(message=_("Unknown key(s) %s") % unknown)
        if TYPE not in schema_dict:
            raise exception.InvalidSchemaError(message=_("No %s specified") % TYPE)
        data_type = schema_dict[TYPE]
        nested = schema_dict.get(SCHEMA)
        if nested is not None and data_type not in (cls.LIST, cls.MAP):
            message = _("%(schema)s supplied for %(type)s %(data)s")
            raise exception.InvalidSchemaError(
                message=message % {"schema": SCHEMA, "type": TYPE, "data": data_type}
            )
        if nested is not None and data_type == cls.LIST:
            nested = cls.from_legacy(nested)
        return cls(
            data_type,
            description=schema_dict.get(DESCRIPTION),
            default=schema_dict.get(DEFAULT),
            schema=nested,
            required=schema_dict.get(REQUIRED, False),
            constraints=_legacy_constraints(schema_dict),
            implemented=schema_dict.get(IMPLEMENTED, True),
            update_allowed=schema_dict.get(UPDATE_ALLOWED, False),
            immutable=schema_dict.get(IMMUTABLE, False),
        )

    @classmethod
    def from_parameter(cls, parameter_schema: Any) -> "Schema":
        """The property of a provider template's facade for one of its parameters: same
        description and constraints, updatable, JSON and list values taken as given."""
        types = {
            "String": cls.STRING,
            "Number": cls.NUMBER,
            "CommaDelimitedList": cls.LIST,
            "Json": cls.MAP,
            "Boolean": cls.BOOLEAN,
        }
        return cls(
            types.get(parameter_schema.type, cls.MAP),
            description=parameter_schema.description,
            required=parameter_schema.required,
            constraints=parameter_schema.constraints,
            update_allowed=True,
            allow_conversion=parameter_schema.type in ("CommaDelimitedList", "Json"),
        )

    def __repr__(self) -> str:
        return "Schema(%r)" % (self.to_dict(),)


def _legacy_constraints(schema_dict: Mapping[str, Any]) -> list[Constraint]:
    found: list[Constraint] = []
    if MIN_VALUE in schema_dict or MAX_VALUE in schema_dict:
        found.append(constraints.Range(schema_dict.get(MIN_VALUE), schema_dict.get(MAX_VALUE)))
    if MIN_LENGTH in schema_dict or MAX_LENGTH in schema_dict:
        found.append(constraints.Length(schema_dict.get(MIN_LENGTH), schema_dict.get(MAX_LENGTH)))
    if ALLOWED_VALUES in schema_dict:
        found.append(constraints.AllowedValues(schema_dict[ALLOWED_VALUES]))
    if ALLOWED_PATTERN in schema_dict:
        found.append(constraints.AllowedPattern(schema_dict[ALLOWED_PATTERN]))
    return found


def schemata(schema_dicts: Mapping[str, Any]) -> dict[str, Schema]:
    """``{name: Schema}`` from a mapping of Schemas and/or legacy schema dicts."""
    return {name: Schema.from_legacy(item) for name, item in schema_dicts.items()}


def update_allowed_properties(schema: Mapping[str, Any]) -> set[str]:
    """The names of the properties of ``schema`` that may change without replacement."""
    return {name for name, item in schemata(schema).items() if item.update_allowed}


# -- values --------------------------------------------------------------------------------


def _to_integer(value: Any) -> int:
    try:
        number = constraints.to_number(value)
    except ValueError:
        number = None
    if number is None or (isinstance(number, float) and not number.is_integer()):
        raise ValueError(_("Value '%s' is not an integer") % (value,))
    return int(number)


def _to_string(value: Any) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, (bool, int)):
        return str(value)
    raise ValueError(_("Value must be a string; got %r") % (value,))


def _to_boolean(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in ("true", "false"):
        return value.lower() == "true"
    shown = value.lower() if isinstance(value, str) else value
    raise ValueError(_('"%s" is not a valid boolean') % (shown,))


_SCALARS: dict[str, Callable[[Any], Any]] = {
    Schema.INTEGER: _to_integer,
    Schema.NUMBER: constraints.to_number,
    Schema.STRING: _to_string,
    Schema.BOOLEAN: _to_boolean,
    Schema.ANY: lambda value: value,
}

_EMPTY_VALUES: dict[str, Callable[[], Any]] = {
    Schema.INTEGER: int,
    Schema.NUMBER: int,
    Schema.STRING: str,
    Schema.BOOLEAN: bool,
    Schema.MAP: dict,
    Schema.LIST: list,
}

# How AllowedValues compares values of each type (``"1"`` is allowed where ``1`` is).
_COMPARABLE: dict[str, Callable[[Any], Any]] = {
    Schema.INTEGER: constraints.to_number,
    Schema.NUMBER: constraints.to_number,
    Schema.STRING: str,
    Schema.BOOLEAN: _to_boolean,
}


def _given(value: Any) -> bool:
    return value is not None and value is not function.OMITTED


def _nested_value(schema: Schema, given: Mapping[str, Any], name: str) -> Any:
    """The value of ``name`` in a map: as upstream, a required one that a function gives
    nothing for (yet) is the type's empty value, not a missing one."""
    value = given.get(name)
    if value is None and name in given and schema.required and schema.default is None:
        empty = _EMPTY_VALUES.get(schema.type)
        return None if empty is None else empty()
    return value


def _child_path(path: list[str], key: str | int) -> list[str]:
    """``path`` extended by a map key (``a.b``) or a list index (``a[0]``)."""
    if not isinstance(key, int):
        return [*path, str(key)]
    if not path:
        return ["[%d]" % key]
    return [*path[:-1], "%s[%d]" % (path[-1], key)]


class _Reader:
    """Converts resolved values to their schema's type, recursively; with ``check`` it also
    applies constraints and refuses unknown map keys. Faults are StackValidationFailed with
    the path relative to the top-level properties."""

    def __init__(self, context: Any, check: bool) -> None:
        self.context = context
        self.check = check

    def entry(self, schema: Schema, name: str | int, value: Any, path: list[str]) -> Any:
        """The value of ``name`` in the map (or list) at ``path``; a missing one (None) is
        the default, else None, unless required."""
        if _given(value):
            return self.value(schema, value, _child_path(path, name))
        if schema.default is not None:
            return self.value(schema, schema.default, _child_path(path, name))
        if schema.required:
            raise exception.StackValidationFailed(
                path=path, message=_("Property %s not assigned") % name
            )
        return None

    def value(self, schema: Schema, value: Any, path: list[str]) -> Any:
        """``value`` converted to ``schema``'s type (and checked, with ``check``)."""
        try:
            if schema.type == Schema.MAP:
                converted = self._map(schema, value, path)
            elif schema.type == Schema.LIST:
                converted = self._list(schema, value, path)
            else:
                converted = _SCALARS[schema.type](value)
            if self.check:
                schema._check(converted, self.context)
        except (ValueError, TypeError) as error:
            raise exception.StackValidationFailed(path=path, message=str(error))
        return converted

    def _map(self, schema: Schema, value: Any, path: list[str]) -> Any:
        if not isinstance(value, Mapping):
            if schema.allow_conversion and isinstance(value, str):
                return value
            if schema.allow_conversion and isinstance(value, Sequence):
                return json.dumps(value)
            raise TypeError(_('"%s" is not a map') % (value,))
        if schema.schema is None:
            return dict(value)
        if self.check:
            for key in value:
                if key not in schema.schema:
                    raise exception.StackValidationFailed(
                        path=path, message=_("Unknown Property %s") % key
                    )
        return {
            name: self.entry(child, name, _nested_value(child, value, name), path)
            for name, child in schema.schema.items()
        }

    def _list(self, schema: Schema, value: Any, path: list[str]) -> list:
        if schema.allow_conversion and isinstance(value, str):
            value = value.split(",") if value else []
        if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
            raise TypeError(_('"%s" is not a list') % (repr(value),))
        if schema.schema is None:
            return list(value)
        return [self.entry(schema.schema, index, item, path) for index, item in enumerate(value)]


# -- the properties of a resource -----------------------------------------------------------


def _refers_to_unknown_resources(snippet: Any) -> bool:
    """Whether ``snippet`` refers to a resource whose values are not known yet (one that has
    not been created)."""
    for reference in function.dependencies(snippet):
        stack = reference.stack
        try:
            name = getattr(reference, "resource_name", None)
        except exception.HeatException:
            # A malformed reference is reported by the function's own validation.
            return True
        if stack is None or name not in stack or not stack[name].exists():
            return True
    return False


class Properties(Mapping[str, Any]):
    """The properties of one resource: ``props[key]`` is the resolved, typed value (the
    default when not given, None without one); unknown keys raise ``KeyError``.

    Errors are ``StackValidationFailed`` with ``error="Property error"`` and the path
    ``resources.<parent_name>.<section>.<key>...`` (``Resources`` when ``section`` is CFN's
    ``Properties``); without ``parent_name`` the path starts at ``section``.
    """

    def __init__(
        self,
        schema: Mapping[str, Any],
        data: Mapping[str, Any] | None,
        resolver: Callable[[Any], Any] = function.resolve,
        parent_name: str = "",
        context: Any = None,
        section: str = "properties",
    ) -> None:
        self.schema = schemata(schema)
        self.data: Mapping[str, Any] = data if data is not None else {}
        self.resolve = resolver
        self.parent_name = parent_name
        self.context = context
        self.section = section

    def _prefix(self) -> list[str]:
        prefix = []
        if self.parent_name:
            resources = "Resources" if self.section[:1].isupper() else "resources"
            prefix = [resources, self.parent_name]
        if self.section:
            prefix.append(self.section)
        return prefix

    def _error(self, path: list[str], message: str) -> exception.StackValidationFailed:
        return exception.StackValidationFailed(
            error=PROPERTY_ERROR, path=self._prefix() + path, message=message
        )

    def _resolved(self, key: str) -> Any:
        if key not in self.data:
            return None
        try:
            return self.resolve(self.data[key])
        except exception.StackValidationFailed as error:
            raise self._error([key, *error.path], error.error_message)
        except (exception.HeatException, ValueError, TypeError, LookupError) as error:
            raise self._error([key], str(error))

    def _read(self, key: str, check: bool) -> Any:
        reader = _Reader(self.context, check)
        schema = self.schema[key]
        value = self._resolved(key)
        if value is None and key in self.data and schema.required and schema.default is None:
            # As upstream: a required value given by a function that gives nothing (yet)
            # is the type's empty value, not a missing property.
            if schema.type == Schema.ANY:
                return None
            value = _EMPTY_VALUES[schema.type]()
        try:
            return reader.entry(schema, key, value, [])
        except exception.StackValidationFailed as error:
            if error.error == PROPERTY_ERROR:
                raise
            raise self._error(error.path, error.error_message)

    def __getitem__(self, key: str) -> Any:
        if key not in self.schema:
            raise KeyError(_("Invalid Property %s") % key)
        return self._read(key, check=False)

    def empty_value(self, key: str) -> Any:
        """The empty value of ``key``'s type (None for ``any``): what stands for a value
        that cannot be worked out yet."""
        empty = _EMPTY_VALUES.get(self.schema[key].type)
        return None if empty is None else empty()

    def get_user_value(self, key: str) -> Any:
        """The resolved, typed value of ``key`` as the template gives it: None when it is
        not given (no default applies). ``KeyError`` for an unknown key."""
        if key not in self.schema:
            raise KeyError(_("Invalid Property %s") % key)
        if not _given(self._resolved(key)):
            return None
        return self._read(key, check=False)

    def validate(self, with_value: bool = True) -> None:
        """Refuse unknown keys and values given to properties not ``implemented``; with
        ``with_value``, also missing required properties and each value's type and
        constraints, except values that refer to resources not created yet (whose
        functions must resolve, as upstream resolves them)."""
        for key in self.data:
            if key not in self.schema:
                raise self._error([], _("Unknown Property %s") % key)
        for key, schema in self.schema.items():
            given = key in self.data
            if not with_value:
                pass
            elif given and _refers_to_unknown_resources(self.data[key]):
                # Not known yet, so not checked; its functions must still resolve.
                self._resolved(key)
            else:
                self._read(key, check=True)
            if given and not schema.implemented:
                raise self._error([], _("Property %s not implemented yet") % key)

    def __len__(self) -> int:
        return len(self.schema)

    def __contains__(self, key: object) -> bool:
        return key in self.schema

    def __iter__(self) -> Iterator[str]:
        return iter(self.schema)
