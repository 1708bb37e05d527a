"""HOT parameter schemas (one class per change in the format) and HOT pseudo parameters.

:class:`HOTParamSchema` reads the ``parameters`` entries of HOT 2013-05-23 to 2016-10-14;
:class:`HOTParamSchema20170224` adds the ``modulo`` constraint and
:class:`HOTParamSchema20180302` the ``tags`` key. Each template version class picks its own.
"""

from collections.abc import Callable
from typing import Any, ClassVar

from heat.common import exception
from heat.common.i18n import _
from heat.engine import constraints, parameters
from heat.engine.parameter_schema import check_dict, flag, invalid_parameter

TYPES = {
    "string": parameters.Schema.STRING,
    "number": parameters.Schema.NUMBER,
    "comma_delimited_list": parameters.Schema.LIST,
    "json": parameters.Schema.MAP,
    "boolean": parameters.Schema.BOOLEAN,
}

# Each constraint key and the keys its definition may hold (None: not a mapping).
_CONSTRAINTS: dict[str, tuple[Callable[..., constraints.Constraint], tuple[str, ...] | None]] = {
    "length": (constraints.Length, ("min", "max")),
    "range": (constraints.Range, ("min", "max")),
    "modulo": (constraints.Modulo, ("step", "offset")),
    "allowed_values": (constraints.AllowedValues, None),
    "allowed_pattern": (constraints.AllowedPattern, None),
    "custom_constraint": (constraints.CustomConstraint, None),
}


class HOTParamSchema(parameters.Schema):
    """The schema of a HOT parameter, from its template entry."""

    KEYS: ClassVar[tuple[str, ...]] = (
        "type",
        "description",
        "default",
        "schema",
        "constraints",
        "hidden",
        "label",
        "immutable",
    )
    CONSTRAINT_KEYS: ClassVar[tuple[str, ...]] = (
        "length",
        "range",
        "allowed_values",
        "allowed_pattern",
        "custom_constraint",
    )

    @classmethod
    def from_dict(cls, param_name: str, schema_dict: Any) -> "HOTParamSchema":
        """The schema of ``param_name``; ``InvalidSchemaError`` naming it when its entry is bad."""
        check_dict(schema_dict, cls.KEYS, "parameter (%s)" % param_name)
        if "type" not in schema_dict:
            raise exception.InvalidSchemaError(
                message=_("Missing parameter type for parameter: %s") % param_name
            )
        if not isinstance(schema_dict.get("tags", []), list):
            raise exception.InvalidSchemaError(
                message=_("Tags property should be a list for parameter: %s") % param_name
            )
        param_type = schema_dict["type"]
        if not isinstance(param_type, str) or param_type not in TYPES:
            raise invalid_parameter(param_name, _("Invalid type (%s)") % (param_type,))
        try:
            parsed_constraints = cls._constraints(param_name, schema_dict.get("constraints"))
        except exception.InvalidSchemaError as error:
            raise invalid_parameter(param_name, error)
        return cls(
            TYPES[param_type],
            description=schema_dict.get("description"),
            default=schema_dict.get("default"),
            constraints=parsed_constraints,
            hidden=flag(schema_dict.get("hidden", False), "hidden", param_name),
            label=schema_dict.get("label"),
            immutable=flag(schema_dict.get("immutable", False), "immutable", param_name),
            tags=schema_dict.get("tags"),
        )

    @classmethod
    def _constraints(cls, param_name: str, definitions: Any) -> list[constraints.Constraint]:
        if definitions is None:
            return []
        if not isinstance(definitions, list):
            raise exception.InvalidSchemaError(
                message=_("Invalid parameter constraints for parameter %s, expected a list")
                % param_name
            )
        return [cls._constraint(definition) for definition in definitions]

    @classmethod
    def _constraint(cls, definition: Any) -> constraints.Constraint:
        check_dict(definition, ("description",) + cls.CONSTRAINT_KEYS, "parameter constraints")
        description = definition.get("description")
        for key in cls.CONSTRAINT_KEYS:
            if key not in definition:
                continue
            constraint_class, arguments = _CONSTRAINTS[key]
            value = definition[key]
            if arguments is None:
                return constraint_class(value, description=description)
            check_dict(value, arguments, "%s constraint" % key)
            return constraint_class(
                *(value.get(name) for name in arguments), description=description
            )
        raise exception.InvalidSchemaError(message=_("No constraint expressed"))


class HOTParamSchema20170224(HOTParamSchema):
    """HOT 2017-02-24 and later: the ``modulo`` constraint is allowed."""

    CONSTRAINT_KEYS = HOTParamSchema.CONSTRAINT_KEYS + ("modulo",)


class HOTParamSchema20180302(HOTParamSchema20170224):
    """HOT 2018-03-02 and later: parameters may have ``tags``."""

    KEYS = HOTParamSchema.KEYS + ("tags",)


class HOTPseudoParameters(parameters.PseudoParameters):
    """``OS::stack_id``, ``OS::stack_name`` and ``OS::project_id`` (``OS::region`` is reserved).

    Before the stack has an id, ``OS::stack_id`` (and ``OS::project_id`` without an
    identifier) is the text ``None``, as in OpenStack Heat; ``OS::stack_name`` exists only
    when the stack has a name.
    """

    names = ("OS::stack_id", "OS::stack_name", "OS::region", "OS::project_id")
    stack_id_name = "OS::stack_id"

    def stack_id(self, stack_identifier: Any) -> str:
        """The stack's id as text (``None`` while it has none)."""
        return str((stack_identifier or {}).get("stack_id"))

    def parameters(self, stack_identifier: Any) -> list[parameters.Parameter]:
        identity = stack_identifier or {}
        result = [
            parameters.text_parameter("OS::stack_id", _("Stack ID"), self.stack_id(identity)),
            parameters.text_parameter(
                "OS::project_id", _("Project ID"), str(identity.get("tenant"))
            ),
        ]
        if identity.get("stack_name"):
            result.append(
                parameters.text_parameter("OS::stack_name", _("Stack Name"), identity["stack_name"])
            )
        return result
