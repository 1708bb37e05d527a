"""Requirements that resource types imply between resources of one template, where no
reference states them: a port waits for the subnets of its network, a router for the
subnets of its external network, a floating IP for the router that reaches its port.

A type states them in its ``implied_requirements`` classmethod, given a
:class:`TemplateResources`. Values are compared once resolved, so a ``get_resource``
on both sides matches (it is the resource's name until the resource exists, its
physical id after) and so does a parameter holding an id given elsewhere as a literal.
"""

from collections.abc import Iterator
from typing import Any

import networkx


class TemplateResources:
    """The enabled resources of a stack definition, as implied requirements compare them:
    each one's plugin class and resolved properties, computed on first use. A resource
    whose type or properties cannot be resolved yet is left out: validation names it."""

    def __init__(self, stack_definition: Any):
        self._stack = stack_definition
        self._classes: dict[str, type | None] = {}
        self._properties: dict[str, dict[str, Any] | None] = {}
        self._by_kind: dict[type, list[tuple[str, dict[str, Any]]]] = {}

    def plugin_class(self, name: str) -> type | None:
        if name not in self._classes:
            definition = self._stack.resource_definitions[name]
            try:
                found = self._stack.env.get_class_to_instantiate(definition.resource_type, name)
            except Exception:  # an unknown type is validation's to report
                found = None
            self._classes[name] = found
        return self._classes[name]

    def properties(self, name: str) -> dict[str, Any] | None:
        """The resource's resolved properties, or None when they cannot be resolved now."""
        if name not in self._properties:
            try:
                resolved = self._stack.resource_definitions[name].properties()
            except Exception:  # a bad function is validation's to report, in its context
                resolved = None
            self._properties[name] = resolved
        return self._properties[name]

    def of_kind(self, kind: type) -> Iterator[tuple[str, dict[str, Any]]]:
        """Name and resolved properties of each resource whose plugin is ``kind`` or
        derives from it (found once per kind: every port of a big template asks)."""
        if kind not in self._by_kind:
            self._by_kind[kind] = [
                (name, properties)
                for name in self._stack.resource_names
                if issubclass(self.plugin_class(name) or object, kind)
                and (properties := self.properties(name)) is not None
            ]
        return iter(self._by_kind[kind])

    def reference(self, name: str) -> Any:
        """What ``get_resource`` of ``name`` resolves to now, as the values given to
        ``implied_requirements`` hold it: the resource's name until it exists, its
        physical id after."""
        return self._stack[name].FnGetRefId()


def add_implied(dependencies: Any, stack_definition: Any) -> None:
    """Add to ``dependencies`` (names of ``stack_definition``) the requirements the types imply,
    except any that would close a cycle with what the template states: an implied order
    is a convenience, never a reason to refuse a template."""
    resources = TemplateResources(stack_definition)
    for name, definition in stack_definition.resource_definitions.items():
        plugin = resources.plugin_class(name)
        imply = getattr(plugin, "implied_requirements", None)
        if imply is None or definition.external_id() is not None:
            continue
        own = resources.properties(name)
        if own is None:
            continue
        for required in imply(name, own, resources):
            if required != name and not networkx.has_path(dependencies.graph, required, name):
                dependencies.add_requirement(name, required)
