"""``OS::Neutron::RouterGateway`` (hidden): an existing router's gateway to an external
network, as templates wrote it before routers took ``external_gateway_info``.

Its physical id is ``<router id>:<network id>``. It comes after the template's interfaces
of the same router and the subnets of the network, as it did.
"""

from typing import Any

from heat.common.i18n import _
from heat.engine import constraints, properties, support
from heat.engine.resources.openstack.neutron.networks import subnet
from heat.engine.resources.openstack.neutron.neutron_resource import NeutronResource
from heat.engine.resources.openstack.neutron.routing.router_interface import RouterInterface

ROUTER_ID, NETWORK, NETWORK_ID = "router_id", "network", "network_id"

GATEWAY_PROPERTIES = {
    "router_id": properties.Schema(
        properties.Schema.STRING,
        required=True,
        constraints=[constraints.CustomConstraint("neutron.router")],
    ),
    "network": properties.Schema(
        properties.Schema.STRING,
        constraints=[constraints.CustomConstraint("neutron.network")],
    ),
    "network_id": properties.Schema(
        properties.Schema.STRING,
        support_status=support.SupportStatus(
            status=support.HIDDEN,
            version="9.0.0",
            message=_("Use property %s.") % NETWORK,
            previous_status=support.SupportStatus(status=support.DEPRECATED, version="2014.2"),
        ),
        constraints=[constraints.CustomConstraint("neutron.network")],
    ),
}


class RouterGateway(NeutronResource):
    """An external gateway set on a router made elsewhere."""

    support_status = support.SupportStatus(
        status=support.HIDDEN,
        version="5.0.0",
        message=_(
            "Use the `external_gateway_info` property in the router resource to set up the gateway."
        ),
        previous_status=support.SupportStatus(status=support.DEPRECATED, version="2014.1"),
    )
    entity = "router"
    required_extension = "router"
    properties_schema = GATEWAY_PROPERTIES
    renamed_properties = {NETWORK_ID: NETWORK}

    @classmethod
    def implied_requirements(cls, name: str, values: dict[str, Any], resources: Any) -> list[str]:
        """The template's interfaces of the router, and the subnets of the network."""
        router = values.get(ROUTER_ID)
        interfaces = [
            other
            for other, other_values in resources.of_kind(RouterInterface)
            if router is not None
            and (other_values.get("router") or other_values.get("router_id")) == router
        ]
        network = values.get(NETWORK) or values.get(NETWORK_ID)
        return interfaces + subnet.subnets_on(network, resources)

    def _set_gateway(self, router_id: str | None, gateway: dict[str, Any] | None) -> None:
        body = {"router": {"external_gateway_info": gateway}}
        self.request("put", "/routers/%s" % router_id, body)

    def handle_create(self) -> None:
        router_id = self.neutron_id("router", self.properties[ROUTER_ID])
        network_id = self.neutron_id("network", self.properties[NETWORK])
        self._set_gateway(router_id, {"network_id": network_id})
        self.resource_id_set("%s:%s" % (router_id, network_id))

    def handle_delete(self) -> None:
        """Clear the gateway; a router already gone is not an error."""
        if self.resource_id is None:
            return
        router_id = self.resource_id.split(":")[0]
        try:
            self._set_gateway(router_id, None)
        except Exception as error:  # Neutron's "not found" is a normal answer here
            self.client_plugin().ignore_not_found(error)

    def show_item(self) -> dict[str, Any]:
        """The router the gateway is set on."""
        return dict(
            self.request("get", "/routers/%s" % str(self.resource_id).split(":")[0])["router"]
        )

    def parse_live_resource_data(self, properties: Any, data: Any) -> dict[str, Any]:
        """Nothing of a gateway changes in place."""
        return {}


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Neutron::RouterGateway": RouterGateway}
