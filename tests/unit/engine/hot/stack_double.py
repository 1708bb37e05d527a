"""A small stand-in for the StackDefinition protocol that intrinsic functions read.

It holds parameters, resources (reference id, attributes, enabled or not), conditions,
files and mappings as plain data, and parses snippets with a function table exactly as
a template would: a one-key map naming a function becomes that function.
"""

from typing import Any

from heat.common import exception
from heat.engine import function
from heat.engine.hot.function_tables import CONDITION_FUNCTIONS, FUNCTIONS

LATEST = "2021-04-16"


class ResourceDefinitionDouble:
    """The definition sections that ``resource_facade`` reads."""

    def __init__(self, metadata=None, deletion_policy="Delete", update_policy=None):
        self._sections = (metadata or {}, deletion_policy, update_policy or {})

    def metadata(self):
        return self._sections[0]

    def deletion_policy(self):
        return self._sections[1]

    def update_policy(self):
        return self._sections[2]


class ResourceDouble:
    """A resource as functions see it."""

    def __init__(self, name: str, reference_id: str | None = None, attributes=None):
        self.name = name
        self.type = "OS::Heat::None"
        self.t = ResourceDefinitionDouble()
        self._reference_id = reference_id
        self._attributes = attributes
        self.reads: list[tuple] = []

    def FnGetRefId(self):  # noqa: N802
        return self._reference_id or self.name

    def FnGetAtt(self, attribute, *path):  # noqa: N802
        self.reads.append((attribute, *path))
        if self._attributes is None or attribute not in self._attributes:
            return None
        value = self._attributes[attribute]
        for key in path:
            value = value[key]
        return value

    def FnGetAtts(self):  # noqa: N802
        return None if self._attributes is None else dict(self._attributes)


class TemplateDouble:
    """Parses snippets with one version's function tables; holds files and mappings."""

    def __init__(self, functions, condition_functions, files=None, mappings=None):
        self.functions = functions
        self.condition_functions = condition_functions
        self.files = files or {}
        self.mappings = mappings or {}

    def parse(self, stack, snippet, path=""):
        return _parse(self.functions, stack, snippet)

    def parse_condition(self, stack, snippet, path=""):
        return _parse(self.condition_functions, stack, snippet)


def _parse(table, stack, snippet):
    if isinstance(snippet, dict):
        if len(snippet) == 1:
            name, args = next(iter(snippet.items()))
            if name in table:
                if table[name] is None:
                    raise exception.StackValidationFailed(message="%s removed" % name)
                return table[name](stack, name, _parse(table, stack, args))
        return {key: _parse(table, stack, value) for key, value in snippet.items()}
    if isinstance(snippet, list):
        return [_parse(table, stack, item) for item in snippet]
    return snippet


class StackDouble:
    """Parameters, resources and conditions of a stack, as plain data.

    ``resources`` maps a name to a ResourceDouble; ``disabled`` names resources of the
    template whose condition is false.
    """

    def __init__(
        self,
        parameters: dict | None = None,
        resources: dict | None = None,
        disabled: tuple = (),
        conditions: dict | None = None,
        files: dict | None = None,
        mappings: dict | None = None,
        version: str = LATEST,
        functions: dict | None = None,
        condition_functions: dict | None = None,
        parent_resource: Any = None,
    ):
        self.parameters = dict(parameters or {})
        self.resources = {name: ResourceDouble(name) for name in disabled}
        self.resources.update(resources or {})
        self.resource_names = [name for name in self.resources if name not in disabled]
        self.all_resource_names = list(self.resources)
        self.conditions = dict(conditions or {})
        self.t = TemplateDouble(
            FUNCTIONS[version] if functions is None else functions,
            CONDITION_FUNCTIONS[version] if condition_functions is None else condition_functions,
            files,
            mappings,
        )
        self.parent_resource = parent_resource
        self.identifier = None
        self.name = "teststack"

    def __getitem__(self, name: str) -> ResourceDouble:
        if name not in self.resource_names:
            raise KeyError(name)
        return self.resources[name]

    def has_condition(self, name: str) -> bool:
        return name in self.conditions

    def condition(self, name: str) -> bool:
        if name not in self.conditions:
            raise exception.StackValidationFailed(message='Invalid condition "%s"' % name)
        value = self.conditions[name]
        return function.resolve(value) if isinstance(value, function.Function) else value

    def availability_zones(self) -> list[str]:
        return ["nova"]

    def parse(self, snippet: Any) -> Any:
        """``snippet`` parsed with this stack's function table."""
        return self.t.parse(self, snippet)

    def evaluate(self, snippet: Any) -> Any:
        """``snippet`` parsed, validated and resolved."""
        parsed = self.parse(snippet)
        function.validate(parsed)
        return function.resolve(parsed)
