"""``OS::Heat::None``: a resource that does nothing, to stub out any other type.

Mapping a type to ``OS::Heat::None`` in a resource registry disables those resources: any
properties are accepted and ignored, every attribute is None, and a change of properties
never updates or replaces it.
"""

import uuid
from typing import Any

from heat.engine import function, properties, resource, support
from heat.engine.rsrc_defn import ResourceDefinition

IS_PLACEHOLDER = "is_placeholder"


class NoneResource(resource.Resource):
    """Enables easily disabling certain resources via the resource_registry.

    It does nothing, but can effectively stub out any other resource because it will
    accept any properties and return any attribute (as None). This resource always does
    nothing on update: it is not replaced even where a change to the properties of the
    stubbed resource would cause replacement.
    """

    support_status = support.SupportStatus(version="5.0.0")
    # It makes nothing outside the database: its writes can be batched.
    durable_writes = False

    def make_properties(self, definition: ResourceDefinition) -> properties.Properties:
        """No properties at all: whatever the template gives is ignored, so property
        changes are invisible to updates."""
        return properties.Properties({}, {}, function.resolve, self.name, self.context)

    def validate(self) -> None:
        """Nothing to check: the properties of any type are accepted."""

    def needs_update(self, old: resource.Resource) -> bool:
        """Never: a placeholder stays as it was created, whatever the new definition."""
        return False

    def needs_replace_with_prop_diff(
        self, changed: set[str], after: properties.Properties, before: properties.Properties
    ) -> bool:
        """Never replaced."""
        return False

    def FnGetAtt(self, key: str, *path: Any) -> Any:  # noqa: N802 - Heat's public name
        """None, whatever the attribute name."""
        return None

    def handle_create(self) -> None:
        """Give the resource a random physical id and mark it as a placeholder."""
        self.resource_id_set(str(uuid.uuid4()))
        self.data_set(IS_PLACEHOLDER, "True")


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Heat::None": NoneResource}
