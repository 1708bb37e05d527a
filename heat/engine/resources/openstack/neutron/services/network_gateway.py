"""``OS::Neutron::NetworkGateway``: a gateway of the NSX plugin's ``network-gateway``
extension, bridging internal networks to an L2 segment through its devices.

The connections are made after the gateway (``connect_network``); changed connections are
all disconnected and the new ones connected, and changed devices make the gateway again.
"""

from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine import attributes, constraints, properties, support
from heat.engine.resources.openstack.neutron.neutron_resource import NeutronResource

CONNECTIONS, DEVICES, NETWORK = "connections", "devices", "network"

GATEWAY_PROPERTIES = {
    "connections": properties.Schema(
        properties.Schema.LIST,
        _("Connection info for this network gateway."),
        default={},
        update_allowed=True,
        schema=properties.Schema(
            properties.Schema.MAP,
            schema={
                "network": properties.Schema(
                    properties.Schema.STRING,
                    _("The internal network to connect on the network gateway."),
                    required=True,
                    constraints=[constraints.CustomConstraint("neutron.network")],
                ),
                "network_id": properties.Schema(
                    properties.Schema.STRING,
                    constraints=[constraints.CustomConstraint("neutron.network")],
                ),
                "segmentation_id": properties.Schema(
                    properties.Schema.INTEGER,
                    _(
                        "The id for L2 segment on the external side of the network gateway. Must "
                        "be specified when using vlan."
                    ),
                    constraints=[constraints.Range(max=4094, min=0)],
                ),
                "segmentation_type": properties.Schema(
                    properties.Schema.STRING,
                    _("L2 segmentation strategy on the external side of the network gateway."),
                    default="flat",
                    constraints=[constraints.AllowedValues(["flat", "vlan"])],
                ),
            },
        ),
    ),
    "devices": properties.Schema(
        properties.Schema.LIST,
        _("Device info for this network gateway."),
        required=True,
        update_allowed=True,
        constraints=[constraints.Length(min=1)],
        schema=properties.Schema(
            properties.Schema.MAP,
            schema={
                "id": properties.Schema(
                    properties.Schema.STRING,
                    _("The device id for the network gateway."),
                    required=True,
                ),
                "interface_name": properties.Schema(
                    properties.Schema.STRING,
                    _("The interface name for the network gateway."),
                    required=True,
                ),
            },
        ),
    ),
    "name": properties.Schema(
        properties.Schema.STRING,
        _("The name of the network gateway."),
        update_allowed=True,
    ),
}
GATEWAY_ATTRIBUTES = {
    "default": attributes.Schema(
        _("A boolean value of default flag."), type=attributes.Schema.STRING
    ),
}


class NetworkGateway(NeutronResource):
    """A network gateway and its connections to internal networks."""

    support_status = support.SupportStatus(version="2014.1")
    entity = "network_gateway"
    required_extension = "network-gateway"
    properties_schema = GATEWAY_PROPERTIES
    attributes_schema = GATEWAY_ATTRIBUTES

    def collection_path(self) -> str:
        return "/network-gateways"

    def validate(self) -> None:
        """A VLAN connection has a segmentation id; a flat one has none (or 0)."""
        super().validate()
        for connection in self.properties[CONNECTIONS] or []:
            kind, segment = connection["segmentation_type"], connection.get("segmentation_id")
            if kind == "vlan" and segment is None:
                raise exception.StackValidationFailed(
                    message=_("segmentation_id must be specified for using vlan")
                )
            if kind == "flat" and segment:
                raise exception.StackValidationFailed(
                    message=_("segmentation_id cannot be specified except 0 for using flat")
                )

    def connection_body(self, connection: dict[str, Any]) -> dict[str, Any]:
        """A connection in Neutron's form, its network by id (``network_id`` of old
        templates as well)."""
        body = {key: value for key, value in connection.items() if value is not None}
        network = body.pop(NETWORK, None) or body.pop("network_id", None)
        body["network_id"] = self.neutron_id("network", network)
        return body

    def neutron_values(self, values: dict[str, Any]) -> dict[str, Any]:
        """The connections are not part of the gateway's body."""
        values.pop(CONNECTIONS, None)
        return values

    def connect(self, connections: list[dict[str, Any]] | None, action: str) -> None:
        for connection in connections or []:
            path = "%s/%s_network" % (self.item_path(), action)
            self.request("put", path, self.connection_body(connection))

    def after_create(self) -> None:
        self.connect(self.properties[CONNECTIONS], "connect")

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> None:
        if DEVICES in prop_diff:
            self.handle_delete()
            self.handle_create()
            return
        changes = dict(prop_diff)
        connections = changes.pop(CONNECTIONS, None)
        super().handle_update(json_snippet, tmpl_diff, changes)
        if CONNECTIONS in prop_diff:
            try:
                self.connect(self.previous_value(CONNECTIONS), "disconnect")
            except Exception as error:  # a network already gone is disconnected
                self.client_plugin().ignore_not_found(error)
            self.connect(connections, "connect")


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Neutron::NetworkGateway": NetworkGateway}
