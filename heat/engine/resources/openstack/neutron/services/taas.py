"""The Tap-as-a-Service types of tap-as-a-service: ``OS::Neutron::TaaS::TapService`` (the
port mirrored traffic goes to) and ``TapFlow`` (a port whose traffic is mirrored into a
service), items of ``/taas/...``; Neutron needs the ``taas`` extension."""

from typing import Any

from heat.common.i18n import _
from heat.engine import constraints, properties, support
from heat.engine.resources.openstack.neutron.neutron_resource import NeutronResource

SERVICE_PROPERTIES = {
    "description": properties.Schema(
        properties.Schema.STRING,
        _("Description for the Tap-Service."),
        default="",
        update_allowed=True,
    ),
    "name": properties.Schema(
        properties.Schema.STRING,
        _("Name for the Tap-Service."),
        default="",
        update_allowed=True,
    ),
    "port": properties.Schema(
        properties.Schema.STRING,
        _("ID or name of the tap-service neutron port."),
        required=True,
        constraints=[constraints.CustomConstraint("neutron.port")],
    ),
}
FLOW_PROPERTIES = {
    "description": properties.Schema(
        properties.Schema.STRING,
        _("Description for the Tap-Flow."),
        default="",
        update_allowed=True,
    ),
    "direction": properties.Schema(
        properties.Schema.STRING,
        _("The Direction to capture the traffic on."),
        default="BOTH",
        constraints=[constraints.AllowedValues(["IN", "OUT", "BOTH"])],
    ),
    "name": properties.Schema(
        properties.Schema.STRING,
        _("Name for the Tap-Flow."),
        default="",
        update_allowed=True,
    ),
    "port": properties.Schema(
        properties.Schema.STRING,
        _("ID or name of the tap-flow neutron port."),
        required=True,
        constraints=[constraints.CustomConstraint("neutron.port")],
    ),
    "tap_service": properties.Schema(
        properties.Schema.STRING,
        _("ID or name of the neutron tap-service."),
        required=True,
        constraints=[constraints.CustomConstraint("neutron.taas.tap_service")],
    ),
    "vlan_filter": properties.Schema(
        properties.Schema.STRING,
        _("Comma separated list of VLANs, data for which needs to be captured on probe VM."),
        constraints=[constraints.AllowedPattern("^([0-9]+(-[0-9]+)?)(,([0-9]+(-[0-9]+)?))*$")],
    ),
}


class TapService(NeutronResource):
    """A tap service: mirrored traffic is delivered to its port."""

    support_status = support.SupportStatus(version="12.0.0")
    entity = "tap_service"
    required_extension = "taas"
    properties_schema = SERVICE_PROPERTIES

    def collection_path(self) -> str:
        return "/taas/tap_services"

    def neutron_values(self, values: dict[str, Any]) -> dict[str, Any]:
        """The port by id."""
        if "port" in values:
            values["port_id"] = self.neutron_id("port", values.pop("port"))
        return values


class TapFlow(NeutronResource):
    """A tap flow: a port's traffic, one or both directions, mirrored into a service."""

    support_status = support.SupportStatus(version="12.0.0")
    entity = "tap_flow"
    required_extension = "taas"
    properties_schema = FLOW_PROPERTIES

    def collection_path(self) -> str:
        return "/taas/tap_flows"

    def neutron_values(self, values: dict[str, Any]) -> dict[str, Any]:
        """The source port and the tap service by id."""
        if "port" in values:
            values["source_port"] = self.neutron_id("port", values.pop("port"))
        if "tap_service" in values:
            values["tap_service_id"] = self.neutron_id("tap_service", values.pop("tap_service"))
        return values


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Neutron::TaaS::TapService": TapService, "OS::Neutron::TaaS::TapFlow": TapFlow}
