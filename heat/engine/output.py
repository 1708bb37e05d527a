"""An output of a template: a value snippet resolved on demand and its description."""

from typing import Any

from heat.engine import function
from heat.engine.rsrc_defn import referenced_names, unparse


class OutputDefinition:
    """One output; ``value`` is a parsed snippet, None when the output's condition is false."""

    def __init__(
        self, name: str, value: Any, description: str | None = None, condition: Any = None
    ):
        self.name = name
        self.value = value
        self._description = description
        self.condition = condition

    def get_value(self) -> Any:
        """The resolved value (None for an output whose condition is false)."""
        return function.resolve(self.value)

    def description(self) -> str:
        """The description, or Heat's placeholder text when the template gives none."""
        if self._description is None:
            return "No description given"
        return str(self._description)

    def dependencies(self) -> list[str]:
        """Names of the resources the value refers to, in template order, without repeats."""
        return list(dict.fromkeys(referenced_names(self.value, self.name)))

    def validate(self, path: str) -> None:
        """Validate the functions of the value; errors name ``path`` and the place inside it."""
        function.validate(self.value, path)

    def render_hot(self) -> dict[str, Any]:
        """The output as a HOT output snippet (functions unparsed)."""
        rendered = {"value": unparse(self.value)}
        if self._description is not None:
            rendered["description"] = self._description
        if self.condition is not None:
            rendered["condition"] = unparse(self.condition)
        return rendered
