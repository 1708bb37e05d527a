"""The ``conditions`` section: named booleans that enable resources, outputs and ``if`` values.

Each definition is a boolean or a parsed condition function; a condition may name other
conditions (through ``not``, ``and``, ``or``, ``if``), which reach back here through the
stack, so evaluation guards against cycles. Values are computed once and cached.
"""

from collections.abc import Mapping
from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine import function


class Conditions:
    """The parsed definitions of a template's conditions, evaluated on demand."""

    def __init__(self, definitions: Mapping[str, Any], section: str = "conditions"):
        self._definitions = dict(definitions)
        self._section = section
        self._values: dict[str, bool] = {}
        self._evaluating: list[str] = []

    def __contains__(self, name: object) -> bool:
        return name in self._definitions

    def names(self) -> list[str]:
        """The condition names, in template order."""
        return list(self._definitions)

    def validate(self) -> None:
        """Check every definition is a boolean or a condition function with valid arguments;
        errors name ``conditions.<name>``. Conditions are evaluated only when used (an
        unused one may name a parameter without value)."""
        for name, definition in self._definitions.items():
            if not isinstance(definition, (bool, function.Function)):
                raise exception.StackValidationFailed(
                    error="Condition validation error",
                    message=_('The definition of condition "%(name)s" is invalid: %(value)s')
                    % {"name": name, "value": definition},
                )
            function.validate(definition, "%s.%s" % (self._section, name))

    def is_enabled(self, condition: str | bool | None) -> bool:
        """The value of ``condition``: a condition name, a boolean, or None (always true).

        ``ValueError`` for a name the section lacks; StackValidationFailed for a
        definition that refers back to itself.
        """
        if condition is None:
            return True
        if isinstance(condition, bool):
            return condition
        if not isinstance(condition, str) or condition not in self._definitions:
            raise ValueError(_('Invalid condition "%s"') % (condition,))
        if condition not in self._values:
            self._values[condition] = self._evaluate(condition)
        return self._values[condition]

    def _evaluate(self, name: str) -> bool:
        if name in self._evaluating:
            cycle = self._evaluating[self._evaluating.index(name) :] + [name]
            raise exception.StackValidationFailed(
                path=[self._section, name],
                message=_("Circular reference between conditions: %s") % " -> ".join(cycle),
            )
        self._evaluating.append(name)
        try:
            value = function.resolve(self._definitions[name])
        finally:
            self._evaluating.pop()
        if not isinstance(value, bool):
            raise exception.StackValidationFailed(
                path=[self._section, name],
                message=_('The definition of condition "%(name)s" is invalid: %(value)s')
                % {"name": name, "value": value},
            )
        return value
