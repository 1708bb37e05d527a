"""``OS::Neutron::FloatingIP`` and ``OS::Neutron::FloatingIPAssociation``: an address of
an external network, and its association with a port, made with the address or apart.

A floating IP reaches its port only through a router with a gateway on the floating
network and an interface on the port's subnet, so both come first when the template
makes them (:mod:`router_requirements`).
"""

from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine import attributes, constraints, properties, support
from heat.engine.resources.openstack.neutron.networks import subnet
from heat.engine.resources.openstack.neutron.neutron_resource import NeutronResource
from heat.engine.resources.openstack.neutron.routing import router_requirements

FLOATING_NETWORK_ID, FLOATING_NETWORK, FLOATING_SUBNET = (
    "floating_network_id",
    "floating_network",
    "floating_subnet",
)
PORT_ID, FIXED_IP_ADDRESS, FLOATINGIP_ID = "port_id", "fixed_ip_address", "floatingip_id"

PORT_ID_DESCRIPTION = _(
    "ID of an existing port with at least one IP address to associate with this floating IP."
)
FIXED_IP_DESCRIPTION = _("IP address to use if the port has multiple addresses.")

FLOATING_IP_PROPERTIES = {
    "dns_domain": properties.Schema(
        properties.Schema.STRING,
        _("DNS domain associated with floating ip."),
        update_allowed=True,
        constraints=[constraints.CustomConstraint("dns_domain")],
        support_status=support.SupportStatus(version="7.0.0"),
    ),
    "dns_name": properties.Schema(
        properties.Schema.STRING,
        _("DNS name associated with floating ip."),
        update_allowed=True,
        constraints=[constraints.CustomConstraint("rel_dns_name")],
        support_status=support.SupportStatus(version="7.0.0"),
    ),
    "fixed_ip_address": properties.Schema(
        properties.Schema.STRING,
        FIXED_IP_DESCRIPTION,
        update_allowed=True,
        constraints=[constraints.CustomConstraint("ip_addr")],
    ),
    "floating_ip_address": properties.Schema(
        properties.Schema.STRING,
        _(
            "IP address of the floating IP. NOTE: The default policy setting in Neutron "
            "restricts usage of this property to administrative users only."
        ),
        constraints=[constraints.CustomConstraint("ip_addr")],
        support_status=support.SupportStatus(version="5.0.0"),
    ),
    "floating_network": properties.Schema(
        properties.Schema.STRING,
        _("Network to allocate floating IP from."),
        required=True,
        constraints=[constraints.CustomConstraint("neutron.network")],
        support_status=support.SupportStatus(version="2014.2"),
    ),
    # Hidden since 5.0.0: old templates' name of ``floating_network``.
    "floating_network_id": properties.Schema(
        properties.Schema.STRING,
        constraints=[constraints.CustomConstraint("neutron.network")],
        support_status=support.SupportStatus(
            status=support.HIDDEN,
            version="5.0.0",
            message=_("Use property %s.") % FLOATING_NETWORK,
            previous_status=support.SupportStatus(status=support.DEPRECATED, version="2014.2"),
        ),
    ),
    "floating_subnet": properties.Schema(
        properties.Schema.STRING,
        _("Subnet to allocate floating IP from."),
        constraints=[constraints.CustomConstraint("neutron.subnet")],
        support_status=support.SupportStatus(version="9.0.0"),
    ),
    "port_id": properties.Schema(
        properties.Schema.STRING,
        PORT_ID_DESCRIPTION,
        update_allowed=True,
        constraints=[constraints.CustomConstraint("neutron.port")],
    ),
    "value_specs": properties.Schema(
        properties.Schema.MAP,
        _(
            'Extra parameters to include in the "floatingip" object in the creation request. '
            "Parameters are often specific to installed hardware or extensions."
        ),
        default={},
    ),
}
FLOATING_IP_ATTRIBUTES = {
    "fixed_ip_address": attributes.Schema(
        _("IP address of the associated port, if specified."),
        type=attributes.Schema.STRING,
        cache_mode=attributes.Schema.CACHE_NONE,
    ),
    "floating_ip_address": attributes.Schema(
        _("The allocated address of this IP."), type=attributes.Schema.STRING
    ),
    "floating_network_id": attributes.Schema(
        _("ID of the network in which this IP is allocated."), type=attributes.Schema.STRING
    ),
    "port_id": attributes.Schema(
        _("ID of the port associated with this IP."),
        type=attributes.Schema.STRING,
        cache_mode=attributes.Schema.CACHE_NONE,
    ),
    "router_id": attributes.Schema(
        _("ID of the router used as gateway, set when associated with a port."),
        type=attributes.Schema.STRING,
    ),
    "tenant_id": attributes.Schema(
        _("The tenant owning this floating IP."), type=attributes.Schema.STRING
    ),
}
ASSOCIATION_PROPERTIES = {
    "fixed_ip_address": FLOATING_IP_PROPERTIES[FIXED_IP_ADDRESS],
    "floatingip_id": properties.Schema(
        properties.Schema.STRING,
        _("ID of the floating IP to associate."),
        required=True,
        update_allowed=True,
    ),
    "port_id": properties.Schema(
        properties.Schema.STRING,
        PORT_ID_DESCRIPTION,
        required=True,
        update_allowed=True,
        constraints=[constraints.CustomConstraint("neutron.port")],
    ),
}


class FloatingIP(NeutronResource):
    """A Neutron floating IP: an address of an external network that Neutron routes to
    a port's fixed address, if the floating IP has a port."""

    entity = "floatingip"
    has_status = True
    properties_schema = FLOATING_IP_PROPERTIES
    renamed_properties = {FLOATING_NETWORK_ID: FLOATING_NETWORK}
    attributes_schema = FLOATING_IP_ATTRIBUTES

    @classmethod
    def implied_requirements(cls, name: str, values: dict[str, Any], resources: Any) -> list[str]:
        """The template's routers and router gateways on the floating network, its subnets
        (the address comes from one), and the router interfaces that may be on the
        subnet of the port."""
        network = values.get(FLOATING_NETWORK) or values.get(FLOATING_NETWORK_ID)
        return (
            router_requirements.gateways_to(network, resources)
            + subnet.subnets_on(network, resources)
            + router_requirements.interfaces_reaching(values.get(PORT_ID), resources)
        )

    def neutron_values(self, values: dict[str, Any]) -> dict[str, Any]:
        """Network, subnet and port by id, under Neutron's keys."""
        for prop, kind, key in (
            (FLOATING_NETWORK, "network", "floating_network_id"),
            (FLOATING_SUBNET, "subnet", "subnet_id"),
            (PORT_ID, "port", PORT_ID),
        ):
            if prop in values:
                values[key] = self.neutron_id(kind, values.pop(prop))
        return values

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> None:
        """A new port or fixed address moves the association; as upstream, a DNS name or
        domain changes nothing in Neutron, which sets them only on create."""
        if PORT_ID in prop_diff or FIXED_IP_ADDRESS in prop_diff:
            body = {
                PORT_ID: self.neutron_id("port", self.properties[PORT_ID]),
                FIXED_IP_ADDRESS: self.properties[FIXED_IP_ADDRESS],
            }
            self.request("put", self.item_path(), {self.entity: body})

    def validate(self) -> None:
        """A fixed address says which of a port's addresses: it needs the port."""
        super().validate()
        if self.properties[PORT_ID] is None and self.properties[FIXED_IP_ADDRESS] is not None:
            raise exception.ResourcePropertyDependency(prop1=FIXED_IP_ADDRESS, prop2=PORT_ID)


class FloatingIPAssociation(NeutronResource):
    """The association of a floating IP made elsewhere with a port: the floating IP is
    the Neutron item, and its ``port_id`` is what this resource sets and clears."""

    entity = "floatingip"
    properties_schema = ASSOCIATION_PROPERTIES

    @classmethod
    def implied_requirements(cls, name: str, values: dict[str, Any], resources: Any) -> list[str]:
        """The template's router interfaces that may be on the subnet of the port."""
        return router_requirements.interfaces_reaching(values.get(PORT_ID), resources)

    def item_path(self, item_id: str | None = None) -> str:
        """The floating IP's path: the resource's own id is only a record of heat's."""
        return super().item_path(item_id or self.properties[FLOATINGIP_ID])

    def _set_port(self, floatingip_id: str, port_id: str | None) -> None:
        """Associate the floating IP with the port (at the fixed address, if given), or
        free it for None."""
        body: dict[str, Any] = {PORT_ID: port_id}
        if port_id is not None:
            body[FIXED_IP_ADDRESS] = self.properties[FIXED_IP_ADDRESS]
        self.request("put", self.item_path(floatingip_id), {self.entity: body})

    def _associate(self) -> None:
        port_id = self.neutron_id("port", self.properties[PORT_ID])
        self._set_port(self.properties[FLOATINGIP_ID], port_id)
        self.data_set(FLOATINGIP_ID, self.properties[FLOATINGIP_ID])

    def _associated(self) -> str:
        """The floating IP the resource associated last, as it recorded it: a replaced
        copy is deleted with its successor's properties."""
        return self.data().get(FLOATINGIP_ID) or self.properties[FLOATINGIP_ID]

    def handle_create(self) -> None:
        self._associate()
        # As upstream: the physical id is the resource's own database id.
        self.resource_id_set(self.id)

    def handle_update(self, json_snippet: Any, tmpl_diff: dict, prop_diff: dict) -> None:
        """Any change associates afresh; a new floating IP frees the one before (which
        may be gone already)."""
        previous = self.previous_value(FLOATINGIP_ID)
        if FLOATINGIP_ID in prop_diff and previous is not None:
            self._free(previous)
        self._associate()

    def _free(self, floatingip_id: str) -> None:
        """Free the floating IP; one already gone is as good as freed."""
        try:
            self._set_port(floatingip_id, None)
        except Exception as error:  # Neutron's "not found" is a normal answer here
            self.client_plugin().ignore_not_found(error)

    def handle_delete(self) -> None:
        if self.resource_id is not None:
            self._free(self._associated())

    def prepare_for_replace(self) -> None:
        """Free the floating IP before the replacement associates its own (perhaps the
        same one): deleting the copy afterwards must not undo that."""
        self.handle_delete()
        self.resource_id_set(None)

    def handle_check(self) -> None:
        """The floating IP exists and is still associated with the port."""
        port_id = self.neutron_id("port", self.properties[PORT_ID])
        found = self.show_item().get(PORT_ID)
        if found != port_id:
            raise exception.Error(
                _("The floating IP %(fip)s is associated with %(found)s, not with port %(port)s.")
                % {"fip": self.properties[FLOATINGIP_ID], "found": found, "port": port_id}
            )


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {
        "OS::Neutron::FloatingIP": FloatingIP,
        "OS::Neutron::FloatingIPAssociation": FloatingIPAssociation,
    }
