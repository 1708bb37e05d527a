"""``OS::Heat::ResourceChain``: one resource of each listed type, in a nested stack.

Members are named "0", "1", ... in the order of ``resources`` and all get the same
``resource_properties``; each depends on the one before it unless ``concurrent`` is true,
and even then, as upstream, on the one as many places before it as there are engines up
(at least one), so that a long chain is not all created at once.
Changing the list of types updates the nested stack; the other properties replace it.
"""

from typing import Any

from heat.common.i18n import _
from heat.engine import attributes, properties, service_registry, support
from heat.engine import resource_states as states
from heat.engine.resources.openstack.heat import group_members, group_template
from heat.engine.resources.stack_resource import StackResource

PROPERTIES = (RESOURCES, CONCURRENT, RESOURCE_PROPERTIES) = (
    "resources",
    "concurrent",
    "resource_properties",
)
ATTRIBUTES = (REFS, ATTR_ATTRIBUTES) = (group_members.REFS, group_members.ATTRIBUTES)


class ResourceChain(StackResource):
    """Creates one or more resources with the same configuration.

    The types of resources to be created are passed into the chain through the
    ``resources`` property. One resource will be created for each type listed. Each is
    passed the configuration specified under ``resource_properties``.

    The ``concurrent`` property controls if the resources will be created concurrently. If
    omitted or set to false, each resource will be treated as having a dependency on the
    resource before it in the list.
    """

    support_status = support.SupportStatus(version="6.0.0")

    properties_schema = {
        RESOURCES: properties.Schema(
            properties.Schema.LIST,
            _(
                "The list of resource types to create. This list may contain type names or "
                "aliases defined in the resource registry. Specific template names are not "
                "supported."
            ),
            required=True,
            update_allowed=True,
        ),
        CONCURRENT: properties.Schema(
            properties.Schema.BOOLEAN,
            _(
                "If true, the resources in the chain will be created concurrently. If false "
                "or omitted, each resource will be treated as having a dependency on the "
                "previous resource in the list."
            ),
            default=False,
        ),
        RESOURCE_PROPERTIES: properties.Schema(
            properties.Schema.MAP,
            _("Properties to pass to each resource being created in the chain."),
        ),
    }

    attributes_schema = {
        REFS: attributes.Schema(
            _("A list of resource IDs for the resources in the chain."),
            type=attributes.Schema.LIST,
        ),
        ATTR_ATTRIBUTES: attributes.Schema(
            _("A map of resource names to the specified attribute of each individual resource."),
            type=attributes.Schema.MAP,
        ),
    }

    def __init__(self, name: str, definition: Any, stack: Any):
        super().__init__(name, definition, stack)
        self.attributes = group_members.MemberAttributes(
            name, self.full_attributes_schema(), self._resolve_any_attribute
        )

    def child_template(self) -> Any:
        resource_properties = self.properties[RESOURCE_PROPERTIES]
        concurrent = self.properties[CONCURRENT]
        step = 1 if not concurrent else service_registry.active_service_count(self.context) or 1
        members = []
        for index, resource_type in enumerate(self.properties[RESOURCES] or []):
            previous = [str(index - step)] if index >= step else []
            snippet = group_template.definition(resource_type, resource_properties, None, previous)
            members.append((str(index), snippet))
        return group_template.make_template(members)

    def validate_nested_stack(self) -> None:
        if group_members.refers_to_resources(self.t.properties_snippet()):
            # Member values are not known before those resources exist.
            group_members.validate_types(self, self.child_template())
        else:
            super().validate_nested_stack()

    def FnGetAtt(self, key: str, *path: Any) -> Any:  # noqa: N802 - Heat's public name
        """A chain attribute, or the members' (see :mod:`group_members`)."""
        if key in attributes.BASE_ATTRIBUTES:
            return super().FnGetAtt(key, *path)
        nested = self.nested() if self.action != states.INIT else None
        return group_members.read(nested, self.name, key, path)

    def _resolve_attribute(self, name: str) -> Any:
        return self.FnGetAtt(name)


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Heat::ResourceChain": ResourceChain}
