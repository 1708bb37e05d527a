"""The schema of one template parameter, shared by the HOT and CFN formats.

A :class:`Schema` holds the parameter's type (CFN names, see ``parameter_types``),
description, default, constraints and the ``hidden``/``immutable``/``label``/``tags`` flags.
The format modules (``heat.engine.hot.parameters``, ``heat.engine.cfn.parameters``) build it
from template data with ``from_dict``; the helpers here check that data's keys.
"""

from collections.abc import Iterable
from typing import Any

from oslo_utils import strutils

from heat.common import exception
from heat.common.i18n import _
from heat.engine import parameter_types
from heat.engine.constraints import Constraint, CustomConstraint


class Schema:
    """The declaration of one template parameter: type, default, constraints and flags."""

    TYPES = parameter_types.TYPES
    STRING, NUMBER, LIST, MAP, BOOLEAN = parameter_types.TYPES

    def __init__(
        self,
        param_type: str,
        description: str | None = None,
        default: Any = None,
        constraints: Iterable[Constraint] = (),
        hidden: bool = False,
        label: str | None = None,
        immutable: bool = False,
        tags: list[str] | None = None,
    ):
        if param_type not in self.TYPES:
            raise exception.InvalidSchemaError(message=_("Invalid type (%s)") % (param_type,))
        self.type = param_type
        self.description = description
        self.default = default
        self.constraints = list(constraints)
        self.hidden = hidden
        self.label = label
        self.immutable = immutable
        self.tags = tags

    @property
    def required(self) -> bool:
        """Whether a value must be given (there is no default)."""
        return self.default is None

    def validate(self, context: Any = None) -> None:
        """Check that each constraint fits the type and that the default follows them.

        Custom constraints are not applied to the default here (they may need services).
        Raises ``InvalidSchemaError``.
        """
        value_type = parameter_types.CONSTRAINT_TYPES[self.type]
        for constraint in self.constraints:
            if value_type not in constraint.valid_types:
                raise exception.InvalidSchemaError(
                    message=_("%(name)s constraint invalid for %(type)s")
                    % {"name": type(constraint).__name__, "type": self.type}
                )
        self._validate_default(context)

    def _validate_default(self, context: Any) -> None:
        checks = [c for c in self.constraints if not isinstance(c, CustomConstraint)]
        if self.default is None or not checks:
            return
        try:
            self._check(self.to_value(self.default), checks, context)
        except ValueError as error:
            raise exception.InvalidSchemaError(
                message=_("Invalid default %(default)s (%(error)s)")
                % {"default": self.default, "error": error}
            )

    def to_value(self, raw: Any) -> Any:
        """``raw`` converted to this schema's type; ``ValueError`` saying why it cannot be."""
        return parameter_types.parse(self.type, raw)

    def validate_value(self, value: Any, context: Any = None) -> None:
        """Check a typed value against every constraint; ``StackValidationFailed`` saying why."""
        try:
            self._check(value, self.constraints, context)
        except ValueError as error:
            raise exception.StackValidationFailed(message=str(error))

    def _check(self, value: Any, checks: Iterable[Constraint], context: Any) -> None:
        convert = parameter_types.converter(self.type)
        for constraint in checks:
            constraint.validate(value, context, convert)


def check_dict(schema_dict: Any, allowed_keys: Iterable[str], entity: str) -> None:
    """Refuse ``schema_dict`` unless it is a mapping with only ``allowed_keys`` in it."""
    if not isinstance(schema_dict, dict):
        raise exception.InvalidSchemaError(message=_("Invalid %s, expected a mapping") % entity)
    for key in schema_dict:
        if key not in allowed_keys:
            raise exception.InvalidSchemaError(
                message=_("Invalid key '%(key)s' for %(entity)s") % {"key": key, "entity": entity}
            )


def flag(value: Any, key: str, param_name: str) -> bool:
    """A boolean schema setting (``hidden``, ``immutable``...): a boolean or its text form."""
    try:
        return strutils.bool_from_string(value, strict=True)
    except ValueError:
        raise exception.InvalidSchemaError(
            message=_("Invalid %(key)s value '%(value)s' for parameter: %(name)s")
            % {"key": key, "value": value, "name": param_name}
        )


def invalid_parameter(param_name: str, error: Exception | str) -> exception.InvalidSchemaError:
    """``error`` restated as ``Parameter '<name>' is invalid: <reason>``."""
    return exception.InvalidSchemaError(
        message=_("Parameter '%(name)s' is invalid: %(error)s")
        % {"name": param_name, "error": error}
    )
