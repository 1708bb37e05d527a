"""A resource as its template defines it, independent of the template format.

The fields hold parsed snippets (plain data with :class:`heat.engine.function.Function`
nodes); the accessors resolve them on each call, so a definition read while a stack runs
sees the values its functions have at that moment.
"""

import collections.abc
from collections.abc import Iterator, Mapping
from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine import function


def unparse(snippet: Any) -> Any:
    """``snippet`` as template data again: every function back to ``{name: args}``."""
    if isinstance(snippet, function.Function):
        return {snippet.fn_name: unparse(snippet.args)}
    if isinstance(snippet, collections.abc.Mapping):
        return {key: unparse(value) for key, value in snippet.items()}
    if isinstance(snippet, list):
        return [unparse(value) for value in snippet]
    return snippet


def referenced_names(snippet: Any, path: str = "") -> Iterator[str]:
    """Names of the resources the functions in ``snippet`` refer to, in template order."""
    for reference in function.dependencies(snippet, path):
        if isinstance(reference, function.ResourceReference):
            yield reference.resource_name


class ResourceDefinition:
    """One resource of a template: type, properties, metadata, policies and dependencies."""

    DELETION_POLICIES = (DELETE, RETAIN, SNAPSHOT) = ("Delete", "Retain", "Snapshot")

    def __init__(
        self,
        name: str,
        resource_type: str,
        properties: Any = None,
        metadata: Any = None,
        depends_on: list[str] | None = None,
        deletion_policy: Any = None,
        update_policy: Any = None,
        description: str | None = None,
        external_id: Any = None,
        condition: Any = None,
    ):
        self.name = name
        self.resource_type = resource_type
        self.description = description or ""
        self._properties = properties
        self._metadata = metadata
        self._depends_on = list(depends_on or ())
        self._deletion_policy = deletion_policy
        self._update_policy = update_policy
        self._external_id = external_id
        self._condition = condition

    def properties(self) -> dict[str, Any]:
        """The resolved properties (an empty map when the template gives none)."""
        return self._resolve_map(self._properties, "properties")

    def properties_snippet(self) -> Any:
        """The properties as parsed, functions unresolved (None when the template gives none)."""
        return self._properties

    def metadata(self) -> dict[str, Any]:
        """The resolved metadata (an empty map when the template gives none)."""
        return self._resolve_map(self._metadata, "metadata")

    def update_policy(self) -> dict[str, Any]:
        """The resolved update policy (an empty map when the template gives none)."""
        return self._resolve_map(self._update_policy, "update_policy")

    def deletion_policy(self) -> str:
        """``Delete``, ``Retain`` or ``Snapshot``; a policy computed by a function is checked
        here, when it is resolved."""
        policy = function.resolve(self._deletion_policy)
        if policy is None:
            return self.DELETE
        canonical = policy.capitalize() if isinstance(policy, str) else None
        if canonical not in self.DELETION_POLICIES:
            raise exception.StackValidationFailed(
                path=["resources", self.name, "deletion_policy"],
                message=_('Invalid deletion policy "%s"') % policy,
            )
        return canonical

    def external_id(self) -> Any:
        """The resolved id of an existing physical resource to adopt, or None."""
        return function.resolve(self._external_id)

    def condition(self) -> str | bool | None:
        """The name of the condition the resource depends on, its resolved value, or None."""
        return function.resolve(self._condition)

    def depends_on(self) -> list[str]:
        """The names listed explicitly in ``depends_on``."""
        return list(self._depends_on)

    def required_resource_names(self) -> set[str]:
        """Every resource name this definition refers to, whether it exists or not."""
        names = set(self._depends_on)
        names.update(referenced_names(self._properties))
        names.update(referenced_names(self._metadata))
        return names

    def dependencies(self, stack: Any) -> list[str]:
        """Names of the enabled resources of ``stack`` this resource needs first.

        An explicit ``depends_on`` on a resource whose condition is false is dropped; any
        other reference to a missing or disabled resource raises InvalidTemplateReference.
        """
        enabled = stack.resource_names
        names: list[str] = []
        if self.external_id() is not None:
            return self._external_dependencies()
        for name in self._depends_on:
            if name in enabled:
                names.append(name)
            elif name not in stack.all_resource_names:
                raise exception.InvalidTemplateReference(resource=name, key=self.name)
        for section, snippet in (("properties", self._properties), ("metadata", self._metadata)):
            for name in referenced_names(snippet, "%s.%s" % (self.name, section)):
                if name not in enabled:
                    key = "%s.%s" % (self.name, section)
                    raise exception.InvalidTemplateReference(resource=name, key=key)
                names.append(name)
        return list(dict.fromkeys(names))

    def _external_dependencies(self) -> list[str]:
        """None: an adopted resource depends on nothing, and may not say it does."""
        if self._depends_on:
            raise exception.InvalidExternalResourceDependency(
                external_id=self.external_id(), resource_type=self.resource_type
            )
        return []

    def dep_attrs(self, resource_name: str) -> set[tuple]:
        """The attributes of ``resource_name`` that the properties and metadata read."""
        attributes = set(function.dep_attrs(self._properties, resource_name))
        attributes.update(function.dep_attrs(self._metadata, resource_name))
        return attributes

    def validate(self, path: str, keys: Mapping[str, str] | None = None) -> None:
        """Validate the functions of every field; errors name ``path``.<key>, the key of
        each field as ``keys`` spells it (HOT's names by default)."""
        for field, snippet in self._fields().items():
            key = keys.get(field, field) if keys else field
            function.validate(snippet, "%s.%s" % (path, key))

    def render_hot(self) -> dict[str, Any]:
        """The definition as a HOT resource snippet (functions unparsed)."""
        rendered: dict[str, Any] = {"type": self.resource_type}
        rendered.update((key, unparse(value)) for key, value in self._fields().items())
        if self._depends_on:
            rendered["depends_on"] = list(self._depends_on)
        if self.description:
            rendered["description"] = self.description
        return rendered

    def freeze(self, **overrides: Any) -> "ResourceDefinition":
        """A copy with every field resolved now, then replaced by ``overrides``."""
        fields = {
            "resource_type": self.resource_type,
            "properties": function.resolve(self._properties),
            "metadata": function.resolve(self._metadata),
            "depends_on": self.depends_on(),
            "deletion_policy": function.resolve(self._deletion_policy),
            "update_policy": function.resolve(self._update_policy),
            "description": self.description,
            "external_id": self.external_id(),
            "condition": self.condition(),
        }
        fields.update(overrides)
        return ResourceDefinition(self.name, **fields)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ResourceDefinition):
            return NotImplemented
        return self.name == other.name and self.render_hot() == other.render_hot()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return "ResourceDefinition(%r, %r)" % (self.name, self.render_hot())

    def _fields(self) -> dict[str, Any]:
        fields = {
            "properties": self._properties,
            "metadata": self._metadata,
            "deletion_policy": self._deletion_policy,
            "update_policy": self._update_policy,
            "external_id": self._external_id,
            "condition": self._condition,
        }
        return {key: value for key, value in fields.items() if value is not None}

    def _resolve_map(self, snippet: Any, field: str) -> dict[str, Any]:
        resolved = function.resolve(snippet)
        if resolved is None:
            return {}
        if not isinstance(resolved, Mapping):
            raise exception.StackValidationFailed(
                path=["resources", self.name, field],
                message=_("Resource %(name)s %(key)s type must be object")
                % {"name": self.name, "key": field},
            )
        return dict(resolved)
