"""``OS::Keystone::Service``: an entry of the service catalog, changed in place."""

from typing import Any

from heat.common.i18n import _
from heat.engine import properties, support
from heat.engine.resources.openstack.keystone.base import KeystoneResource, keystone_support

PROPERTIES = (NAME, DESCRIPTION, TYPE, ENABLED) = ("name", "description", "type", "enabled")


class KeystoneService(KeystoneResource):
    """A service of Keystone's catalog.

    The catalog tells clients which services the cloud offers, by type (``compute``,
    ``orchestration``...); where to reach a service is told by its endpoints
    (``OS::Keystone::Endpoint``).
    """

    support_status = keystone_support("5.0.0")
    entity = "services"

    properties_schema = {
        NAME: properties.Schema(
            properties.Schema.STRING, _("Name of keystone service."), update_allowed=True
        ),
        DESCRIPTION: properties.Schema(
            properties.Schema.STRING, _("Description of keystone service."), update_allowed=True
        ),
        TYPE: properties.Schema(
            properties.Schema.STRING,
            _("Type of keystone Service."),
            update_allowed=True,
            required=True,
        ),
        ENABLED: properties.Schema(
            properties.Schema.BOOLEAN,
            _("This service is enabled or disabled."),
            default=True,
            update_allowed=True,
            support_status=support.SupportStatus(version="6.0.0"),
        ),
    }

    def _name(self, name: str | None) -> str:
        return name or self.physical_resource_name()

    def handle_create(self) -> None:
        """Create the service (named after the resource when no name is given)."""
        service = self.client().services.create(
            name=self._name(self.properties[NAME]),
            description=self.properties[DESCRIPTION],
            type=self.properties[TYPE],
            enabled=self.properties[ENABLED],
        )
        self.resource_id_set(service.id)

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> None:
        """Send Keystone the properties that changed (a removed description stays as it
        was: keystoneclient leaves out what is None)."""
        if not prop_diff:
            return
        changes = {key: prop_diff[key] for key in (DESCRIPTION, TYPE, ENABLED) if key in prop_diff}
        if NAME in prop_diff:
            changes[NAME] = self._name(prop_diff[NAME])
        self.client().services.update(service=self.resource_id, **changes)


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Keystone::Service": KeystoneService}
