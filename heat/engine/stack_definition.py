"""A stack as its template, environment and parameters define it, before or while it runs.

:class:`StackDefinition` is what intrinsic functions see as ``self.stack``: the template
(``t``), the environment, the parameters, the conditions, and a :class:`ResourceProxy` per
enabled resource. Reference ids and attributes come from ``resource_data`` when the engine
knows them; before a stack runs a reference is the resource name and attributes are None.
"""

import dataclasses
from collections.abc import Callable, Iterator, KeysView, Mapping
from typing import Any

import networkx

from heat.common import exception
from heat.engine import environment as environment_module
from heat.engine import implied_requirements
from heat.engine.conditions import Conditions
from heat.engine.graph.dependencies import Dependencies
from heat.engine.output import OutputDefinition
from heat.engine.parameter_groups import ParameterGroups
from heat.engine.rsrc_defn import ResourceDefinition


@dataclasses.dataclass(frozen=True)
class ResourceData:
    """What the engine knows of a created resource: its reference id and attribute values."""

    reference_id: str | None = None
    attributes: Mapping[str, Any] = dataclasses.field(default_factory=dict)


class ResourceProxy:
    """A resource as functions see it: name, type, definition, reference id, attributes."""

    def __init__(self, stack: "StackDefinition", name: str, data: ResourceData | None = None):
        self._stack = stack
        self.name = name
        self._data = data

    @property
    def t(self) -> ResourceDefinition:
        """The resource's definition."""
        return self._stack.resource_definitions[self.name]

    @property
    def type(self) -> str:
        """The resource type as the template gives it."""
        return self.t.resource_type

    def FnGetRefId(self) -> str:  # noqa: N802 - Heat's public name
        """The physical id when known, else the resource name."""
        if self._data is not None and self._data.reference_id is not None:
            return self._data.reference_id
        return self.name

    def FnGetAtt(self, attribute: str, *path: Any) -> Any:  # noqa: N802 - Heat's public name
        """The value of ``attribute`` (then ``path`` into it), or None while unknown."""
        if self._data is None:
            return None
        if hasattr(self._data, "attribute"):
            return self._data.attribute(attribute, *path)
        if attribute not in self._data.attributes:
            return None
        value = self._data.attributes[attribute]
        for key in path:
            try:
                value = value[key]
            except (KeyError, IndexError, TypeError):
                return None
        return value

    def exists(self) -> bool:
        """Whether the resource's values are known (it has been created)."""
        return self._data is not None

    def FnGetAtts(self) -> dict[str, Any] | None:  # noqa: N802 - Heat's public name
        """Every known attribute value, or None before the resource exists."""
        return None if self._data is None else dict(self._data.attributes)


class StackDefinition:
    """The definition of one stack: what the template says once parameters are applied."""

    def __init__(
        self,
        template: Any,
        env: Any = None,
        parameters: Any = None,
        identifier: Any = None,
        name: str | None = None,
        parent_lookup: Callable[[], Any] | None = None,
        resource_data: Mapping[str, Any] | None = None,
    ):
        self.t = template
        if env is None:
            env = template.env if template.env is not None else environment_module.Environment()
        self.env = env
        if parameters is None:
            parameters = template.parameters(identifier, env.params, env.param_defaults)
        self.parameters = parameters
        self.identifier = identifier
        self.name = name if name is not None else getattr(identifier, "stack_name", None)
        self._parent_lookup = parent_lookup
        # Kept as given: the engine passes a live view of its resources.
        self._resource_data: Mapping[str, Any] = resource_data if resource_data is not None else {}
        self._conditions: Conditions | None = None
        self._enabled: KeysView[str] | None = None
        self._definitions: dict[str, ResourceDefinition] | None = None
        self._outputs: dict[str, OutputDefinition] | None = None
        self._dependency_cache: Dependencies[str] | None = None

    @property
    def parent_resource(self) -> Any:
        """The resource the stack implements (for ``resource_facade``), when nested."""
        return self._parent_lookup() if self._parent_lookup is not None else None

    @property
    def conditions(self) -> Conditions:
        """The template's conditions, parsed once for this stack."""
        if self._conditions is None:
            self._conditions = self.t.conditions(self)
        return self._conditions

    def has_condition(self, name: str) -> bool:
        """Whether the template defines the condition ``name``."""
        return name in self.conditions

    def condition(self, name: str) -> bool:
        """The value of the condition ``name``; StackValidationFailed when it is undefined."""
        try:
            return self.conditions.is_enabled(name)
        except ValueError as error:
            raise exception.StackValidationFailed(message=str(error))

    @property
    def all_resource_names(self) -> KeysView[str]:
        """Every resource name of the template, enabled or not."""
        return self.t.section(self.t.RESOURCES).keys()

    @property
    def resource_names(self) -> KeysView[str]:
        """Names of the resources whose condition holds, in template order."""
        if self._enabled is None:
            self._enabled = dict.fromkeys(self.t.enabled_resource_names(self)).keys()
        return self._enabled

    @property
    def resource_definitions(self) -> dict[str, ResourceDefinition]:
        """``{name: ResourceDefinition}`` of the enabled resources, parsed once."""
        if self._definitions is None:
            self._definitions = self.t.resource_definitions(self)
        return self._definitions

    @property
    def outputs(self) -> dict[str, OutputDefinition]:
        """``{name: OutputDefinition}`` of the template's outputs, parsed once."""
        if self._outputs is None:
            self._outputs = self.t.outputs(self)
        return self._outputs

    def __getitem__(self, name: str) -> ResourceProxy:
        if name not in self.resource_names:
            raise KeyError(name)
        return ResourceProxy(self, name, self._resource_data.get(name))

    def __contains__(self, name: object) -> bool:
        return name in self.resource_names

    def __iter__(self) -> Iterator[str]:
        return iter(self.resource_names)

    def availability_zones(self) -> list[str]:
        """The availability zones for ``Fn::GetAZs`` (Nova's default zone until a Nova
        client exists)."""
        return ["nova"]

    def dependency_graph(self) -> networkx.DiGraph:
        """A graph of the enabled resources with an edge ``a -> b`` when ``a`` needs ``b``."""
        return self._dependencies().graph

    def _dependencies(self) -> Dependencies[str]:
        # Built once: the definitions, which alone decide the graph, are parsed once.
        if self._dependency_cache is None:
            dependencies: Dependencies[str] = Dependencies()
            for name, definition in self.resource_definitions.items():
                dependencies.add_node(name)
                for required in definition.dependencies(self):
                    dependencies.add_requirement(name, required)
            implied_requirements.add_implied(dependencies, self)
            self._dependency_cache = dependencies
        return self._dependency_cache

    def validate(self, context: Any = None, strict: bool = True) -> None:
        """Every static check: structure, parameters, conditions, functions of resources and
        outputs, references, and dependency cycles. Without ``strict``, parameter values
        are not checked (a parameter may have none yet)."""
        self.t.validate()
        self.parameters.validate(validate_value=strict, context=context)
        groups = ParameterGroups(self.t.parameter_groups(), self.parameters)
        groups.validate()
        self.conditions.validate()
        duplicates = sorted(set(self.parameters) & set(self.resource_definitions))
        if duplicates:
            names = "{%s}" % ", ".join(map(repr, duplicates))
            raise exception.StackValidationFailed(message="Duplicate names %s" % names)
        for name, definition in self.resource_definitions.items():
            definition.validate(".".join([self.t.RESOURCES, name]), self.t.RESOURCE_KEYS)
        for name, output in self.outputs.items():
            output.validate(".".join([self.t.OUTPUTS, name, self.t.OUTPUT_KEYS["value"]]))
            self._check_references(output)
        self._dependencies().check_acyclic()

    def _check_references(self, output: OutputDefinition) -> None:
        for name in output.dependencies():
            if name not in self.resource_names:
                key = ".".join([self.t.OUTPUTS, output.name])
                raise exception.InvalidTemplateReference(resource=name, key=key)
