"""The parameters of a stack: typed values from user input, environment defaults and template
defaults, checked against their schema, plus the format's pseudo parameters.

:class:`Parameters` is a read-only mapping name -> typed value (``get_param`` reads it);
:class:`Parameter` is one parameter with its schema. Pseudo parameters (``OS::stack_id``,
``AWS::Region``...) come from a :class:`PseudoParameters` of the template format.
"""

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine import parameter_types
from heat.engine.parameter_schema import Schema

__all__ = ["HIDDEN_TEXT", "Parameter", "Parameters", "PseudoParameters", "Schema"]

HIDDEN_TEXT = "******"
_UNSET = object()


class Parameter:
    """One template parameter: its schema, the user's value and a default from the environment."""

    def __init__(self, name: str, schema: Schema, value: Any = None):
        self.name = name
        self.schema = schema
        self.user_value = value
        self.user_default: Any = None
        self._typed: Any = _UNSET

    def has_default(self) -> bool:
        """Whether the template or the environment (``parameter_defaults``) gives a default."""
        return self.user_default is not None or self.schema.default is not None

    def default(self) -> Any:
        """The environment's default when there is one, else the template's (raw values)."""
        return self.user_default if self.user_default is not None else self.schema.default

    def set_default(self, value: Any) -> None:
        """Use ``value`` (from ``parameter_defaults``) as the default over the template's."""
        self.user_default = value
        self._typed = _UNSET

    def has_value(self) -> bool:
        """Whether there is a user value or a default."""
        return self.user_value is not None or self.has_default()

    def raw_value(self) -> Any:
        """The user's value, else the default, as given; ``UserParameterMissing`` if neither."""
        if self.user_value is not None:
            return self.user_value
        if self.has_default():
            return self.default()
        raise exception.UserParameterMissing(key=self.name)

    def value(self) -> Any:
        """The typed value (computed once); ``StackValidationFailed`` when it has the wrong type."""
        if self._typed is _UNSET:
            try:
                self._typed = self.schema.to_value(self.raw_value())
            except ValueError as error:
                raise exception.StackValidationFailed(message=self._invalid(error))
        return self._typed

    def validate(self, validate_value: bool = True, context: Any = None) -> None:
        """Check the schema, then (with ``validate_value``) the value against its constraints.

        Errors say ``Parameter '<name>' is invalid: ...``; a parameter without value or
        default raises ``UserParameterMissing`` when values are validated.
        """
        try:
            self.schema.validate(context)
        except exception.InvalidSchemaError as error:
            raise exception.InvalidSchemaError(message=self._invalid(error))
        if not validate_value:
            return
        value = self.value()
        try:
            self.schema.validate_value(value, context)
        except exception.StackValidationFailed as error:
            raise exception.StackValidationFailed(message=self._invalid(error.error_message))

    def _invalid(self, reason: Any) -> str:
        """The error text for ``reason``; a hidden parameter's given values are masked in it."""
        reason = str(reason)
        if self.hidden():
            for secret in (self.user_value, self.user_default):
                if secret is not None and str(secret):
                    reason = reason.replace(str(secret), HIDDEN_TEXT)
        return _("Parameter '%(name)s' is invalid: %(reason)s") % {
            "name": self.name,
            "reason": reason,
        }

    def hidden(self) -> bool:
        """Whether the value must never be shown (``hidden``/``NoEcho``)."""
        return bool(self.schema.hidden)

    def label(self) -> str:
        """The label, or the name when the template gives none."""
        return self.schema.label or self.name

    def description(self) -> str:
        """The description, or an empty string."""
        return self.schema.description or ""

    def tags(self) -> list[str]:
        """The tags (HOT >= 2018-03-02), or an empty list."""
        return self.schema.tags or []

    def __str__(self) -> str:
        value = self.value()
        if self.hidden():
            return HIDDEN_TEXT
        return parameter_types.as_text(self.schema.type, value)


class PseudoParameters:
    """The pseudo parameters of a template format (none here; see the HOT and CFN subclasses)."""

    names: tuple[str, ...] = ()
    stack_id_name: str | None = None

    def parameters(self, stack_identifier: Any) -> list[Parameter]:
        """The pseudo parameters of the stack ``stack_identifier`` names (it may be None)."""
        return []

    def stack_id(self, stack_identifier: Any) -> str:
        """The value of the stack id pseudo parameter for ``stack_identifier``."""
        return str((stack_identifier or {}).get("stack_id"))


def text_parameter(name: str, description: str | None, value: str, **schema: Any) -> Parameter:
    """A ``String`` pseudo parameter whose default is ``value``."""
    return Parameter(name, Schema(Schema.STRING, description, default=value, **schema))


class Parameters(Mapping):
    """A stack's parameters: a mapping name -> typed value, pseudo parameters included.

    ``schemata`` maps names to :class:`Schema`; ``user_params`` are the values given for
    the stack (raw, usually text); ``param_defaults`` the environment's defaults.
    """

    def __init__(
        self,
        stack_identifier: Any,
        schemata: Mapping[str, Schema],
        user_params: Mapping[str, Any] | None = None,
        param_defaults: Mapping[str, Any] | None = None,
        pseudo: PseudoParameters | None = None,
    ):
        self.pseudo = pseudo if pseudo is not None else PseudoParameters()
        self.user_params = dict(user_params or {})
        self.schemata = schemata
        self.params: dict[str, Parameter] = {
            parameter.name: parameter for parameter in self.pseudo.parameters(stack_identifier)
        }
        for name, schema in schemata.items():
            self.params[name] = Parameter(name, schema, self.user_params.get(name))
        for name, default in (param_defaults or {}).items():
            if name in schemata:
                self.params[name].set_default(default)
        self.non_pseudo_param_keys = [name for name in self.params if name in schemata]

    def __getitem__(self, name: str) -> Any:
        return self.params[name].value()

    def hidden_names(self) -> list[str]:
        """Names of the template's parameters whose values are never shown."""
        return [name for name in self.non_pseudo_param_keys if self.params[name].hidden()]

    def __contains__(self, name: object) -> bool:
        return name in self.params

    def __iter__(self) -> Iterator[str]:
        return iter(self.params)

    def __len__(self) -> int:
        return len(self.params)

    def parameter(self, name: str) -> Parameter:
        """The :class:`Parameter` called ``name`` (``KeyError`` when there is none)."""
        return self.params[name]

    def validate(self, validate_value: bool = True, context: Any = None) -> None:
        """Refuse user values for parameters the template lacks, then validate each parameter."""
        for name in self.user_params:
            if name not in self.schemata:
                raise exception.UnknownUserParameter(key=name)
        for parameter in self.params.values():
            parameter.validate(validate_value, context)

    def map(
        self,
        function: Callable[[Parameter], Any],
        filter_function: Callable[[Parameter], bool] | None = None,
    ) -> dict[str, Any]:
        """``{name: function(parameter)}`` for the parameters ``filter_function`` accepts."""
        return {
            name: function(parameter)
            for name, parameter in self.params.items()
            if filter_function is None or filter_function(parameter)
        }

    def set_stack_id(self, stack_identifier: Any) -> bool:
        """Give the stack id pseudo parameter its value once the stack has an id."""
        name = self.pseudo.stack_id_name
        if stack_identifier is None or name is None or name not in self.params:
            return False
        self.params[name].set_default(self.pseudo.stack_id(stack_identifier))
        return True

    def items_for_show(self) -> dict[str, str]:
        """Every parameter that has a value, as text; hidden ones as ``******``."""
        return {
            name: str(parameter) for name, parameter in self.params.items() if parameter.has_value()
        }

    def immutable_params_modified(
        self, new_parameters: "Parameters", input_params: Mapping[str, Any]
    ) -> list[str]:
        """Names of immutable parameters (per the new template) whose value an update changes.

        Only parameters present in both the old and the new stack count; ``input_params`` are
        the raw values the update gives, compared once converted to the new type.
        """
        changed = []
        for name in new_parameters.non_pseudo_param_keys:
            new = new_parameters.params[name]
            if not new.schema.immutable or name not in self.non_pseudo_param_keys:
                continue
            if name in input_params:
                try:
                    new_value = new.schema.to_value(input_params[name])
                except ValueError:
                    changed.append(name)
                    continue
            else:
                new_value = new.value()
            if self.params[name].value() != new_value:
                changed.append(name)
        return changed
