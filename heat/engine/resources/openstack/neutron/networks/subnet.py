"""``OS::Neutron::Subnet``: an IP block of a network, given as a CIDR or taken from a
subnet pool, with its allocation pools, routes, DNS servers and IPv6 modes."""

from typing import Any

from oslo_utils import netutils

from heat.common import exception
from heat.common.i18n import _
from heat.engine import attributes, constraints, properties, support
from heat.engine.resources.openstack.neutron.neutron_resource import NeutronResource

NETWORK_ID = "network_id"
(
    NETWORK,
    CIDR,
    SUBNETPOOL,
    PREFIXLEN,
    SEGMENT,
    GATEWAY_IP,
    IP_VERSION,
    IPV6_RA_MODE,
    IPV6_ADDRESS_MODE,
    ALLOCATION_POOLS,
) = (
    "network",
    "cidr",
    "subnetpool",
    "prefixlen",
    "segment",
    "gateway_ip",
    "ip_version",
    "ipv6_ra_mode",
    "ipv6_address_mode",
    "allocation_pools",
)
# What gateway_ip may say besides an address: no gateway (the first two), Neutron's choice.
NO_GATEWAY, AUTO_GATEWAY = ("~", ""), "auto"

SUBNET_PROPERTIES = {
    "allocation_pools": properties.Schema(
        properties.Schema.LIST,
        _("The start and end addresses for the allocation pools."),
        update_allowed=True,
        schema=properties.Schema(
            properties.Schema.MAP,
            schema={
                "end": properties.Schema(
                    properties.Schema.STRING,
                    _("End address for the allocation pool."),
                    required=True,
                    constraints=[constraints.CustomConstraint("ip_addr")],
                ),
                "start": properties.Schema(
                    properties.Schema.STRING,
                    _("Start address for the allocation pool."),
                    required=True,
                    constraints=[constraints.CustomConstraint("ip_addr")],
                ),
            },
        ),
    ),
    "cidr": properties.Schema(
        properties.Schema.STRING,
        _("The CIDR."),
        constraints=[constraints.CustomConstraint("net_cidr")],
    ),
    "dns_nameservers": properties.Schema(
        properties.Schema.LIST,
        _("A specified set of DNS name servers to be used."),
        default=[],
        update_allowed=True,
    ),
    "enable_dhcp": properties.Schema(
        properties.Schema.BOOLEAN,
        _("Set to true if DHCP is enabled and false if DHCP is disabled."),
        default=True,
        update_allowed=True,
    ),
    "gateway_ip": properties.Schema(
        properties.Schema.STRING,
        _(
            'The gateway IP address. Set to any of [ null | ~ | "" ] to create/update a '
            "subnet without a gateway. If omitted when creation, neutron will assign the first "
            "free IP address within the subnet to the gateway automatically. If remove this from "
            "template when update, the old gateway IP address will be detached."
        ),
        update_allowed=True,
    ),
    "host_routes": properties.Schema(
        properties.Schema.LIST,
        _("A list of host route dictionaries for the subnet."),
        update_allowed=True,
        schema=properties.Schema(
            properties.Schema.MAP,
            schema={
                "destination": properties.Schema(
                    properties.Schema.STRING,
                    _("The destination for static route."),
                    required=True,
                    constraints=[constraints.CustomConstraint("net_cidr")],
                ),
                "nexthop": properties.Schema(
                    properties.Schema.STRING,
                    _("The next hop for the destination."),
                    required=True,
                    constraints=[constraints.CustomConstraint("ip_addr")],
                ),
            },
        ),
    ),
    "ip_version": properties.Schema(
        properties.Schema.INTEGER,
        _("The IP version, which is 4 or 6."),
        default=4,
        constraints=[constraints.AllowedValues([4, 6])],
    ),
    "ipv6_address_mode": properties.Schema(
        properties.Schema.STRING,
        _("IPv6 address mode."),
        constraints=[constraints.AllowedValues(["dhcpv6-stateful", "dhcpv6-stateless", "slaac"])],
    ),
    "ipv6_ra_mode": properties.Schema(
        properties.Schema.STRING,
        _("IPv6 RA (Router Advertisement) mode."),
        constraints=[constraints.AllowedValues(["dhcpv6-stateful", "dhcpv6-stateless", "slaac"])],
    ),
    "name": properties.Schema(
        properties.Schema.STRING,
        _("The name of the subnet."),
        update_allowed=True,
    ),
    "network": properties.Schema(
        properties.Schema.STRING,
        _("The ID of the attached network."),
        required=True,
        constraints=[constraints.CustomConstraint("neutron.network")],
    ),
    "prefixlen": properties.Schema(
        properties.Schema.INTEGER,
        _("Prefix length for subnet allocation from subnet pool."),
        constraints=[constraints.Range(min=0)],
    ),
    "segment": properties.Schema(
        properties.Schema.STRING,
        _("The name/ID of the segment to associate."),
        constraints=[constraints.CustomConstraint("neutron.segment")],
        update_allowed=True,
    ),
    "subnetpool": properties.Schema(
        properties.Schema.STRING,
        _("The name or ID of the subnet pool."),
        constraints=[constraints.CustomConstraint("neutron.subnetpool")],
    ),
    "tags": properties.Schema(
        properties.Schema.LIST,
        _("The tags to be added to the subnet."),
        update_allowed=True,
        schema=properties.Schema(
            properties.Schema.STRING,
        ),
    ),
    "tenant_id": properties.Schema(
        properties.Schema.STRING,
        _(
            "The ID of the tenant who owns the network. Only administrative users can specify a "
            "tenant ID other than their own."
        ),
    ),
    "value_specs": properties.Schema(
        properties.Schema.MAP,
        _("Extra parameters to include in the request."),
        default={},
        update_allowed=True,
    ),
}
SUBNET_ATTRIBUTES = {
    "allocation_pools": attributes.Schema(
        _("Ip allocation pools and their ranges."), type=attributes.Schema.LIST
    ),
    "cidr": attributes.Schema(
        _("CIDR block notation for this subnet."), type=attributes.Schema.STRING
    ),
    "dns_nameservers": attributes.Schema(
        _("List of dns nameservers."), type=attributes.Schema.LIST
    ),
    "enable_dhcp": attributes.Schema(
        _("'true' if DHCP is enabled for this subnet; 'false' otherwise."),
        type=attributes.Schema.STRING,
    ),
    "gateway_ip": attributes.Schema(
        _("Ip of the subnet's gateway."), type=attributes.Schema.STRING
    ),
    "host_routes": attributes.Schema(
        _("Additional routes for this subnet."), type=attributes.Schema.LIST
    ),
    "ip_version": attributes.Schema(_("Ip version for the subnet."), type=attributes.Schema.STRING),
    "name": attributes.Schema(_("Friendly name of the subnet."), type=attributes.Schema.STRING),
    "network_id": attributes.Schema(
        _("Parent network of the subnet."), type=attributes.Schema.STRING
    ),
    "tenant_id": attributes.Schema(_("Tenant owning the subnet."), type=attributes.Schema.STRING),
}

# Hidden since 5.0.0: old templates' name of ``network``.
SUBNET_PROPERTIES[NETWORK_ID] = properties.Schema(
    properties.Schema.STRING,
    support_status=support.SupportStatus(
        status=support.HIDDEN,
        version="5.0.0",
        message=_("Use property %s.") % NETWORK,
        previous_status=support.SupportStatus(status=support.DEPRECATED, version="2014.2"),
    ),
    constraints=[constraints.CustomConstraint("neutron.network")],
)


class Subnet(NeutronResource):
    """A Neutron subnet: the addresses ports of its network get, and how."""

    entity = "subnet"
    properties_schema = SUBNET_PROPERTIES
    renamed_properties = {NETWORK_ID: NETWORK}
    attributes_schema = SUBNET_ATTRIBUTES

    def neutron_values(self, values: dict[str, Any]) -> dict[str, Any]:
        """Network, pool and segment by id; a gateway of "" or "~" is none, "auto" is
        Neutron's choice."""
        for prop, kind, key in (
            (NETWORK, "network", "network_id"),
            (SUBNETPOOL, "subnetpool", "subnetpool_id"),
            (SEGMENT, "segment", "segment_id"),
        ):
            if prop in values:
                value = values.pop(prop)
                values[key] = self.neutron_id(kind, value)
        if GATEWAY_IP in values:
            if values[GATEWAY_IP] in NO_GATEWAY:
                values[GATEWAY_IP] = None
            elif values[GATEWAY_IP] == AUTO_GATEWAY:
                del values[GATEWAY_IP]
        return values

    def update_body(self, prop_diff: dict[str, Any]) -> dict[str, Any]:
        """Pools removed are none; "auto" and a segment once the subnet has one are
        refused (Neutron moves a subnet to a segment only from none)."""
        if prop_diff.get(GATEWAY_IP) == AUTO_GATEWAY:
            raise exception.ResourceActionNotSupported(
                action=_(
                    'The value "auto" for gateway_ip cannot be used to update an existing '
                    "subnet. It is only supported during subnet creation."
                )
            )
        if prop_diff.get(SEGMENT) and self.previous_value(SEGMENT) is not None:
            raise exception.ResourceActionNotSupported(
                action=_(
                    "Updating the subnet segment association only allowed when the current "
                    "segment_id is None. The subnet is currently associated with segment. In this "
                    "state update"
                )
            )
        body = super().update_body(prop_diff)
        if ALLOCATION_POOLS in body and body[ALLOCATION_POOLS] is None:
            body[ALLOCATION_POOLS] = []
        return body

    def validate(self) -> None:
        """A CIDR or a subnet pool (with a prefix length at most); IPv6 modes only for
        IPv6, and equal when both are given; a gateway that is an address."""
        super().validate()
        pool, cidr = self.properties[SUBNETPOOL], self.properties[CIDR]
        if pool is not None and cidr:
            raise exception.ResourcePropertyConflict(props=", ".join((SUBNETPOOL, CIDR)))
        if pool is None and not cidr:
            raise exception.PropertyUnspecifiedError(props=", ".join((SUBNETPOOL, CIDR)))
        if self.properties[PREFIXLEN] and cidr:
            raise exception.ResourcePropertyConflict(props=", ".join((PREFIXLEN, CIDR)))
        ra_mode, address_mode = self.properties[IPV6_RA_MODE], self.properties[IPV6_ADDRESS_MODE]
        if self.properties[IP_VERSION] == 4 and (ra_mode or address_mode):
            raise exception.StackValidationFailed(
                message=_("ipv6_ra_mode and ipv6_address_mode are not supported for ipv4.")
            )
        if ra_mode and address_mode and ra_mode != address_mode:
            raise exception.StackValidationFailed(
                message=_(
                    "When both ipv6_ra_mode and ipv6_address_mode are set, they must be equal."
                )
            )
        gateway = self.properties[GATEWAY_IP]
        special = (*NO_GATEWAY, AUTO_GATEWAY)
        if gateway and gateway not in special and not netutils.is_valid_ip(gateway):
            raise exception.StackValidationFailed(
                message=_('Gateway IP address "%s" is in invalid format.') % gateway
            )


def subnets_on(network: Any, resources: Any) -> list[str]:
    """Names of the template's subnets on ``network`` (a resolved network value): what
    a port, server or router gateway on that network waits for, since Neutron gives it
    addresses only from subnets that exist."""
    if network is None:
        return []
    return [
        name
        for name, values in resources.of_kind(Subnet)
        if (values.get(NETWORK) or values.get(NETWORK_ID)) == network
    ]


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Neutron::Subnet": Subnet}
