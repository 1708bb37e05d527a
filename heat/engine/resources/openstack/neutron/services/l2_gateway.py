"""The types of networking-l2gw: ``OS::Neutron::L2Gateway`` (devices and their
interfaces) and ``OS::Neutron::L2GatewayConnection`` (a network bridged through a
gateway); Neutron needs the ``l2-gateway`` and ``l2-gateway-connection`` extensions.

Devices and interfaces are sent without the keys the template leaves unset.
"""

from typing import Any

from heat.common.i18n import _
from heat.engine import constraints, properties, support
from heat.engine.resources.openstack.neutron.neutron_resource import NeutronResource

GATEWAY_PROPERTIES = {
    "devices": properties.Schema(
        properties.Schema.LIST,
        _("List of gateway devices."),
        required=True,
        update_allowed=True,
        schema=properties.Schema(
            properties.Schema.MAP,
            schema={
                "device_name": properties.Schema(
                    properties.Schema.STRING,
                    _("The name of the gateway device."),
                    required=True,
                ),
                "interfaces": properties.Schema(
                    properties.Schema.LIST,
                    _("List of gateway device interfaces."),
                    required=True,
                    schema=properties.Schema(
                        properties.Schema.MAP,
                        schema={
                            "name": properties.Schema(
                                properties.Schema.STRING,
                                _("The name of the interface on the gateway device."),
                                required=True,
                            ),
                            "segmentation_id": properties.Schema(
                                properties.Schema.LIST,
                                _("A list of segmentation ids of the interface."),
                            ),
                        },
                    ),
                ),
            },
        ),
    ),
    "name": properties.Schema(
        properties.Schema.STRING,
        _("A symbolic name for the l2-gateway, which is not required to be unique."),
        required=True,
        update_allowed=True,
    ),
}
CONNECTION_PROPERTIES = {
    "l2_gateway_id": properties.Schema(
        properties.Schema.STRING,
        _("A string specifying a id of the l2gateway resource."),
        required=True,
    ),
    "network_id": properties.Schema(
        properties.Schema.STRING,
        _("A string specifying a id of the network resource to connect to the l2gateway."),
        required=True,
        constraints=[constraints.CustomConstraint("neutron.network")],
    ),
    "segmentation_id": properties.Schema(
        properties.Schema.STRING,
        _("A string specifying a segmentation id for the interface on the l2gateway."),
    ),
}


def without_none(value: Any) -> Any:
    """``value`` with the unset (None) keys of its maps left out, at every depth."""
    if isinstance(value, dict):
        return {key: without_none(item) for key, item in value.items() if item is not None}
    if isinstance(value, list):
        return [without_none(item) for item in value]
    return value


class L2Gateway(NeutronResource):
    """An L2 gateway: switches and the interfaces that bridge to them."""

    support_status = support.SupportStatus(version="12.0.0")
    entity = "l2_gateway"
    required_extension = "l2-gateway"
    properties_schema = GATEWAY_PROPERTIES

    def collection_path(self) -> str:
        return "/l2-gateways"

    def neutron_values(self, values: dict[str, Any]) -> dict[str, Any]:
        return without_none(values)


class L2GatewayConnection(NeutronResource):
    """A network connected through an L2 gateway, optionally on one segment."""

    support_status = support.SupportStatus(version="12.0.0")
    entity = "l2_gateway_connection"
    required_extension = "l2-gateway-connection"
    properties_schema = CONNECTION_PROPERTIES

    def collection_path(self) -> str:
        return "/l2-gateway-connections"


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {
        "OS::Neutron::L2Gateway": L2Gateway,
        "OS::Neutron::L2GatewayConnection": L2GatewayConnection,
    }
