"""Constraints on values: the rules of template parameters and resource properties.

A constraint is data (``to_dict()`` gives the REST schema form, e.g.
``{"length": {"min": 1, "max": 5}, "description": "..."}``) plus a check:
``validate(value, context=None, convert=None)`` raises ``ValueError`` with the constraint's
``description`` when it has one, else a message saying what is wrong. ``valid_types`` names
the generic value types (``string``, ``integer``, ``number``, ``boolean``, ``list``, ``map``)
a constraint applies to; a schema refuses a constraint that does not fit its type.
"""

import abc
import json
import numbers
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Protocol

from heat.common import exception
from heat.common.i18n import _
from heat.engine import constraint_registry, linear_pattern

TYPES = (STRING, INTEGER, NUMBER, BOOLEAN, LIST, MAP) = (
    "string",
    "integer",
    "number",
    "boolean",
    "list",
    "map",
)

Converter = Callable[[Any], Any]


def to_number(value: Any) -> int | float:
    """``value`` as an int when integral text or an int, else as a float.

    Raises ``ValueError`` naming the value when it is not a number (booleans are not numbers).
    """
    if isinstance(value, numbers.Number) and not isinstance(value, bool):
        return value  # type: ignore[return-value]
    if isinstance(value, str):
        try:
            return int(value)
        except ValueError:
            try:
                return float(value)
            except ValueError:
                pass
    raise ValueError(_("Value '%s' is not a number") % (value,))


def _schema_number(value: Any, what: str) -> int | float | None:
    """A numeric schema setting (``min``, ``step``...) or None; text numbers are accepted."""
    if value is None:
        return None
    try:
        return to_number(value)
    except ValueError:
        raise exception.InvalidSchemaError(message=_("%s must be numeric") % what)


class Constraint(abc.ABC):
    """A rule values must follow; ``description`` replaces the default error message."""

    key: ClassVar[str]
    valid_types: ClassVar[tuple[str, ...]]

    def __init__(self, description: str | None = None):
        self.description = description

    def validate(self, value: Any, context: Any = None, convert: Converter | None = None) -> None:
        """Raise ``ValueError`` when ``value`` breaks the rule; ``convert`` types raw values."""
        failure = self._failure(value, context, convert)
        if failure is not None:
            raise ValueError(self.description or failure)

    def to_dict(self) -> dict[str, Any]:
        """The constraint in the REST schema form ``{<key>: <definition>, "description": ...}``."""
        result: dict[str, Any] = {self.key: self._definition()}
        if self.description is not None:
            result["description"] = self.description
        return result

    @abc.abstractmethod
    def _failure(self, value: Any, context: Any, convert: Converter | None) -> str | None:
        """None when ``value`` follows the rule, else the message saying why it does not."""

    @abc.abstractmethod
    def _definition(self) -> Any:
        """The value of the constraint's key in the REST schema form."""

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Constraint) or type(self) is not type(other):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    def __hash__(self) -> int:
        return hash(self.key)

    def __repr__(self) -> str:
        return "%s(%r)" % (type(self).__name__, self.to_dict())


class Range(Constraint):
    """Numbers between ``min`` and ``max`` (inclusive; either may be left out)."""

    key = "range"
    valid_types: ClassVar[tuple[str, ...]] = (INTEGER, NUMBER)

    def __init__(self, min: Any = None, max: Any = None, description: str | None = None):
        super().__init__(description)
        self.min = _schema_number(min, "min/max")
        self.max = _schema_number(max, "min/max")
        if self.min is None and self.max is None:
            raise exception.InvalidSchemaError(
                message=_("A %s constraint must have a min value and/or a max value specified.")
                % self.key
            )

    def _in_range(self, number: int | float) -> bool:
        return (self.min is None or number >= self.min) and (self.max is None or number <= self.max)

    def _failure(self, value: Any, context: Any, convert: Converter | None) -> str | None:
        if self._in_range(to_number(value)):
            return None
        return _("%(value)s is out of range (min: %(min)s, max: %(max)s)") % {
            "value": value,
            "min": self.min,
            "max": self.max,
        }

    def _definition(self) -> dict[str, Any]:
        bounds = {"min": self.min, "max": self.max}
        return {name: bound for name, bound in bounds.items() if bound is not None}


class Length(Range):
    """Strings, lists or maps whose length is between ``min`` and ``max``."""

    key = "length"
    valid_types = (STRING, LIST, MAP)

    def __init__(self, min: Any = None, max: Any = None, description: str | None = None):
        super().__init__(min, max, description)
        for bound in (self.min, self.max):
            if bound is not None and not isinstance(bound, int):
                raise exception.InvalidSchemaError(message=_("min/max length must be integral"))

    def _failure(self, value: Any, context: Any, convert: Converter | None) -> str | None:
        if self._in_range(len(value)):
            return None
        return _("length (%(length)d) is out of range (min: %(min)s, max: %(max)s)") % {
            "length": len(value),
            "min": self.min,
            "max": self.max,
        }


class Modulo(Constraint):
    """Numbers equal to ``offset`` modulo ``step`` (both integers, of the same sign)."""

    key = "modulo"
    valid_types = (INTEGER, NUMBER)

    def __init__(self, step: Any = None, offset: Any = None, description: str | None = None):
        super().__init__(description)
        if step is None or offset is None:
            raise exception.InvalidSchemaError(
                message=_(
                    "A modulo constraint must have a step value and an offset value specified."
                )
            )
        self.step = _integral(step)
        self.offset = _integral(offset)
        if self.step == 0:
            raise exception.InvalidSchemaError(message=_("step cannot be 0."))
        if abs(self.offset) >= abs(self.step):
            raise exception.InvalidSchemaError(
                message=_("offset must be smaller (by absolute value) than step.")
            )
        if self.step * self.offset < 0:
            raise exception.InvalidSchemaError(
                message=_("step and offset must be both positive or both negative.")
            )

    def _failure(self, value: Any, context: Any, convert: Converter | None) -> str | None:
        if to_number(value) % self.step == self.offset:
            return None
        return _("%(value)s is not a multiple of %(step)s with an offset of %(offset)s") % {
            "value": value,
            "step": self.step,
            "offset": self.offset,
        }

    def _definition(self) -> dict[str, int]:
        return {"step": self.step, "offset": self.offset}


def _integral(value: Any) -> int:
    """A modulo setting: a number with an integral value (``2.0`` counts as 2)."""
    number = _schema_number(value, "step/offset")
    if number is None or number != int(number):
        raise exception.InvalidSchemaError(message=_("step/offset must be integer"))
    return int(number)


class AllowedValues(Constraint):
    """Values from a fixed list; a list value must have every item in it."""

    key = "allowed_values"
    valid_types = (STRING, INTEGER, NUMBER, BOOLEAN, LIST)

    def __init__(self, allowed: Any, description: str | None = None):
        super().__init__(description)
        if not isinstance(allowed, Sequence) or isinstance(allowed, str):
            raise exception.InvalidSchemaError(message=_("AllowedValues must be a list"))
        self.allowed = tuple(allowed)

    def _failure(self, value: Any, context: Any, convert: Converter | None) -> str | None:
        if isinstance(value, list):
            # List items are text (comma_delimited_list) while allowed values may be numbers.
            texts = [str(item) for item in self.allowed]
            valid = all(item in self.allowed or str(item) in texts for item in value)
        elif convert is not None:
            valid = convert(value) in [convert(item) for item in self.allowed]
        else:
            valid = value in self.allowed
        if valid:
            return None
        # JSON text, as upstream writes them: strings quoted, numbers bare.
        allowed = ", ".join(json.dumps(item, default=str) for item in self.allowed)
        return _("%(value)s is not an allowed value [%(allowed)s]") % {
            "value": json.dumps(value, default=str),
            "allowed": allowed,
        }

    def _definition(self) -> list[Any]:
        return list(self.allowed)


class AllowedPattern(Constraint):
    """Strings matching a regular expression as a whole."""

    key = "allowed_pattern"
    valid_types = (STRING,)

    def __init__(self, pattern: Any, description: str | None = None):
        super().__init__(description)
        if not isinstance(pattern, str):
            raise exception.InvalidSchemaError(message=_("AllowedPattern must be a string"))
        self._regex = linear_pattern.compile_pattern(pattern)
        self.pattern = pattern

    def _failure(self, value: Any, context: Any, convert: Converter | None) -> str | None:
        if isinstance(value, str) and linear_pattern.matches_whole(self._regex, value):
            return None
        return _('"%(value)s" does not match pattern "%(pattern)s"') % {
            "value": value,
            "pattern": self.pattern,
        }

    def _definition(self) -> str:
        return self.pattern


class BaseCustomConstraint(abc.ABC):
    """Base of the named checks that ``custom_constraint`` refers to (group ``heat.constraints``).

    ``validate`` returns for a good value and raises one of ``expected_exceptions`` saying why
    for a bad one; other errors (a service that is not available...) reach the caller as they are.
    """

    expected_exceptions: tuple[type[Exception], ...] = (ValueError,)

    def __init__(self, name: str):
        self.name = name

    @abc.abstractmethod
    def validate(self, value: Any, context: Any) -> None:
        """Check ``value``; ``context`` is the request context (may be None)."""


class ConstraintLookup(Protocol):
    """Where a :class:`CustomConstraint` finds its check by name (see ``constraint_registry``)."""

    def get(self, name: str) -> BaseCustomConstraint | None:
        """The check registered as ``name``, or None."""


class CustomConstraint(Constraint):
    """A named check from the custom constraint registry (``nova.flavor``, ``ip_addr``...).

    ``registry`` defaults to the constraints installed as ``heat.constraints`` entry points.
    """

    key = "custom_constraint"
    valid_types = (STRING, INTEGER, NUMBER, BOOLEAN, LIST)

    def __init__(
        self,
        name: str,
        description: str | None = None,
        registry: ConstraintLookup | None = None,
    ):
        super().__init__(description)
        self.name = name
        self._registry = registry

    @property
    def plugin(self) -> BaseCustomConstraint | None:
        """The check this constraint names, or None when no such constraint is registered."""
        if self._registry is None:
            self._registry = constraint_registry.default_registry()
        return self._registry.get(self.name)

    def _failure(self, value: Any, context: Any, convert: Converter | None) -> str | None:
        plugin = self.plugin
        if plugin is None:
            return _('"%(value)s" does not validate %(name)s (constraint not found)') % {
                "value": value,
                "name": self.name,
            }
        try:
            plugin.validate(value, context)
        except plugin.expected_exceptions as error:
            if not str(error):
                return _("Error validating value '%s'") % (value,)
            return _("Error validating value '%(value)s': %(reason)s") % {
                "value": value,
                "reason": error,
            }
        return None

    def _definition(self) -> str:
        return self.name
