"""``OS::Keystone::Endpoint``: where a catalog service is reached, changed in place."""

from typing import Any

from heat.common.i18n import _
from heat.engine import constraints, properties, support
from heat.engine.resources.openstack.keystone.base import KeystoneResource, keystone_support

PROPERTIES = (NAME, REGION, SERVICE, INTERFACE, SERVICE_URL, ENABLED) = (
    "name",
    "region",
    "service",
    "interface",
    "url",
    "enabled",
)

INTERFACES = ("public", "internal", "admin")


class KeystoneEndpoint(KeystoneResource):
    """An endpoint of a service of Keystone's catalog.

    An endpoint is the URL of one service, in one region (or none), for one kind of caller:
    ``public`` for anyone, ``internal`` for the cloud's own services, ``admin`` for its
    operators.
    """

    support_status = keystone_support("5.0.0")
    entity = "endpoints"

    properties_schema = {
        NAME: properties.Schema(
            properties.Schema.STRING, _("Name of keystone endpoint."), update_allowed=True
        ),
        REGION: properties.Schema(
            properties.Schema.STRING,
            _("Name or Id of keystone region."),
            update_allowed=True,
            constraints=[constraints.CustomConstraint("keystone.region")],
        ),
        SERVICE: properties.Schema(
            properties.Schema.STRING,
            _("Name or Id of keystone service."),
            update_allowed=True,
            required=True,
            constraints=[constraints.CustomConstraint("keystone.service")],
        ),
        INTERFACE: properties.Schema(
            properties.Schema.STRING,
            _("Interface type of keystone service endpoint."),
            update_allowed=True,
            required=True,
            constraints=[constraints.AllowedValues(INTERFACES)],
        ),
        SERVICE_URL: properties.Schema(
            properties.Schema.STRING,
            _("URL of keystone service endpoint."),
            update_allowed=True,
            required=True,
        ),
        ENABLED: properties.Schema(
            properties.Schema.BOOLEAN,
            _("This endpoint is enabled or disabled."),
            default=True,
            update_allowed=True,
            support_status=support.SupportStatus(version="6.0.0"),
        ),
    }

    def _name(self, name: str | None) -> str:
        return name or self.physical_resource_name()

    def _region_id(self, region: str | None) -> str | None:
        return self.client_plugin().get_region_id(region) if region else None

    def handle_create(self) -> None:
        """Create the endpoint of the service and region named or identified (named after
        the resource when no name is given)."""
        endpoint = self.client().endpoints.create(
            service=self.client_plugin().get_service_id(self.properties[SERVICE]),
            region=self._region_id(self.properties[REGION]),
            interface=self.properties[INTERFACE],
            url=self.properties[SERVICE_URL],
            name=self._name(self.properties[NAME]),
            enabled=self.properties[ENABLED],
        )
        self.resource_id_set(endpoint.id)

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> None:
        """Send Keystone the properties that changed (a removed region stays as it was:
        keystoneclient leaves out what is None)."""
        if not prop_diff:
            return
        changes = {
            key: prop_diff[key] for key in (INTERFACE, SERVICE_URL, ENABLED) if key in prop_diff
        }
        if NAME in prop_diff:
            changes[NAME] = self._name(prop_diff[NAME])
        if SERVICE in prop_diff:
            changes[SERVICE] = self.client_plugin().get_service_id(prop_diff[SERVICE])
        if REGION in prop_diff:
            changes[REGION] = self._region_id(prop_diff[REGION])
        self.client().endpoints.update(endpoint=self.resource_id, **changes)


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Keystone::Endpoint": KeystoneEndpoint}
