"""The VPNaaS types of neutron-vpnaas, items of ``/vpn/...``: ``OS::Neutron::VPNService``
(a router's VPN on one of its subnets) and ``IPsecSiteConnection`` (the policies are in
``vpn_policies``); Neutron needs the ``vpnaas`` extension.

A VPN service stays ``PENDING_CREATE`` until a site connection uses it, so it is built
once pending or active; a site connection is built once active.
"""

from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine import attributes, constraints, properties, support
from heat.engine.resources.openstack.neutron.neutron_resource import NeutronResource

SUBNET, ROUTER = "subnet", "router"

SERVICE_PROPERTIES = {
    "admin_state_up": properties.Schema(
        properties.Schema.BOOLEAN,
        _("Administrative state for the vpn service."),
        default=True,
        update_allowed=True,
    ),
    "description": properties.Schema(
        properties.Schema.STRING,
        _("Description for the vpn service."),
        update_allowed=True,
    ),
    "name": properties.Schema(
        properties.Schema.STRING,
        _("Name for the vpn service."),
        update_allowed=True,
    ),
    "router": properties.Schema(
        properties.Schema.STRING,
        _("The router to which the vpn service will be inserted."),
        required=True,
        constraints=[constraints.CustomConstraint("neutron.router")],
    ),
    "subnet": properties.Schema(
        properties.Schema.STRING,
        _("Subnet in which the vpn service will be created."),
        required=True,
        constraints=[constraints.CustomConstraint("neutron.subnet")],
    ),
}
SERVICE_ATTRIBUTES = {
    "admin_state_up": attributes.Schema(
        _("The administrative state of the vpn service."), type=attributes.Schema.STRING
    ),
    "description": attributes.Schema(
        _("The description of the vpn service."), type=attributes.Schema.STRING
    ),
    "name": attributes.Schema(_("The name of the vpn service."), type=attributes.Schema.STRING),
    "router_id": attributes.Schema(
        _("The unique identifier of the router to which the vpn service was inserted."),
        type=attributes.Schema.STRING,
    ),
    "status": attributes.Schema(_("The status of the vpn service."), type=attributes.Schema.STRING),
    "subnet_id": attributes.Schema(
        _("The unique identifier of the subnet in which the vpn service was created."),
        type=attributes.Schema.STRING,
    ),
    "tenant_id": attributes.Schema(
        _("The unique identifier of the tenant owning the vpn service."),
        type=attributes.Schema.STRING,
    ),
}
CONNECTION_PROPERTIES = {
    "admin_state_up": properties.Schema(
        properties.Schema.BOOLEAN,
        _("Administrative state for the ipsec site connection."),
        default=True,
        update_allowed=True,
    ),
    "description": properties.Schema(
        properties.Schema.STRING,
        _("Description for the ipsec site connection."),
        update_allowed=True,
    ),
    "dpd": properties.Schema(
        properties.Schema.MAP,
        _("Dead Peer Detection protocol configuration for the ipsec site connection."),
        schema={
            "actions": properties.Schema(
                properties.Schema.STRING,
                _("Controls DPD protocol mode."),
                default="hold",
                constraints=[
                    constraints.AllowedValues(
                        ["clear", "disabled", "hold", "restart", "restart-by-peer"]
                    )
                ],
            ),
            "interval": properties.Schema(
                properties.Schema.INTEGER,
                _("Number of seconds for the DPD delay."),
                default=30,
            ),
            "timeout": properties.Schema(
                properties.Schema.INTEGER,
                _("Number of seconds for the DPD timeout."),
                default=120,
            ),
        },
    ),
    "ikepolicy_id": properties.Schema(
        properties.Schema.STRING,
        _("Unique identifier for the ike policy associated with the ipsec site connection."),
        required=True,
    ),
    "initiator": properties.Schema(
        properties.Schema.STRING,
        _("Initiator state in lowercase for the ipsec site connection."),
        default="bi-directional",
        constraints=[constraints.AllowedValues(["bi-directional", "response-only"])],
    ),
    "ipsecpolicy_id": properties.Schema(
        properties.Schema.STRING,
        _("Unique identifier for the ipsec policy associated with the ipsec site connection."),
        required=True,
    ),
    "mtu": properties.Schema(
        properties.Schema.INTEGER,
        _("Maximum transmission unit size (in bytes) for the ipsec site connection."),
        default=1500,
    ),
    "name": properties.Schema(
        properties.Schema.STRING,
        _("Name for the ipsec site connection."),
        update_allowed=True,
    ),
    "peer_address": properties.Schema(
        properties.Schema.STRING,
        _("Remote branch router public IPv4 address or IPv6 address or FQDN."),
        required=True,
    ),
    "peer_cidrs": properties.Schema(
        properties.Schema.LIST,
        _("Remote subnet(s) in CIDR format."),
        required=True,
        schema=properties.Schema(
            properties.Schema.STRING,
            constraints=[constraints.CustomConstraint("net_cidr")],
        ),
    ),
    "peer_id": properties.Schema(
        properties.Schema.STRING,
        _("Remote branch router identity."),
        required=True,
    ),
    "psk": properties.Schema(
        properties.Schema.STRING,
        _("Pre-shared key string for the ipsec site connection."),
        required=True,
    ),
    "vpnservice_id": properties.Schema(
        properties.Schema.STRING,
        _("Unique identifier for the vpn service associated with the ipsec site connection."),
        required=True,
    ),
}
CONNECTION_ATTRIBUTES = {
    "admin_state_up": attributes.Schema(
        _("The administrative state of the ipsec site connection."), type=attributes.Schema.STRING
    ),
    "auth_mode": attributes.Schema(
        _("The authentication mode of the ipsec site connection."), type=attributes.Schema.STRING
    ),
    "description": attributes.Schema(
        _("The description of the ipsec site connection."), type=attributes.Schema.STRING
    ),
    "dpd": attributes.Schema(
        _("The dead peer detection protocol configuration of the ipsec site connection."),
        type=attributes.Schema.MAP,
    ),
    "ikepolicy_id": attributes.Schema(
        _("The unique identifier of ike policy associated with the ipsec site connection."),
        type=attributes.Schema.STRING,
    ),
    "initiator": attributes.Schema(
        _("The initiator of the ipsec site connection."), type=attributes.Schema.STRING
    ),
    "ipsecpolicy_id": attributes.Schema(
        _("The unique identifier of ipsec policy associated with the ipsec site connection."),
        type=attributes.Schema.STRING,
    ),
    "mtu": attributes.Schema(
        _("The maximum transmission unit size (in bytes) of the ipsec site connection."),
        type=attributes.Schema.STRING,
    ),
    "name": attributes.Schema(
        _("The name of the ipsec site connection."), type=attributes.Schema.STRING
    ),
    "peer_address": attributes.Schema(
        _("The remote branch router public IPv4 address or IPv6 address or FQDN."),
        type=attributes.Schema.STRING,
    ),
    "peer_cidrs": attributes.Schema(
        _("The remote subnet(s) in CIDR format of the ipsec site connection."),
        type=attributes.Schema.LIST,
    ),
    "peer_id": attributes.Schema(
        _("The remote branch router identity of the ipsec site connection."),
        type=attributes.Schema.STRING,
    ),
    "psk": attributes.Schema(
        _("The pre-shared key string of the ipsec site connection."), type=attributes.Schema.STRING
    ),
    "route_mode": attributes.Schema(
        _("The route mode of the ipsec site connection."), type=attributes.Schema.STRING
    ),
    "status": attributes.Schema(
        _("The status of the ipsec site connection."), type=attributes.Schema.STRING
    ),
    "tenant_id": attributes.Schema(
        _("The unique identifier of the tenant owning the ipsec site connection."),
        type=attributes.Schema.STRING,
    ),
    "vpnservice_id": attributes.Schema(
        _("The unique identifier of vpn service associated with the ipsec site connection."),
        type=attributes.Schema.STRING,
    ),
}

SERVICE_PROPERTIES["subnet_id"] = properties.Schema(
    properties.Schema.STRING,
    support_status=support.SupportStatus(
        status=support.HIDDEN,
        message=_("Use property %s.") % SUBNET,
        version="5.0.0",
        previous_status=support.SupportStatus(status=support.DEPRECATED, version="2014.2"),
    ),
    constraints=[constraints.CustomConstraint("neutron.subnet")],
)
SERVICE_PROPERTIES["router_id"] = properties.Schema(
    properties.Schema.STRING,
    _("Unique identifier for the router to which the vpn service will be inserted."),
    support_status=support.SupportStatus(
        status=support.HIDDEN,
        version="6.0.0",
        previous_status=support.SupportStatus(
            status=support.DEPRECATED,
            message=_("Use property %s") % ROUTER,
            version="2015.1",
            previous_status=support.SupportStatus(version="2013.2"),
        ),
    ),
    constraints=[constraints.CustomConstraint("neutron.router")],
)


class VPNItem(NeutronResource):
    """An item of VPNaaS's collections under ``/vpn``."""

    required_extension = "vpnaas"
    collection = ""
    #: The statuses that end the wait after a create or an update.
    built_statuses: tuple[str, ...] = ("ACTIVE",)

    def collection_path(self) -> str:
        return "/vpn/%s" % self.collection

    def is_built(self) -> bool:
        """Built in one of ``built_statuses``; still pending otherwise, ERROR fails."""
        if not self.has_status:
            return True
        status = self.show_item()["status"]
        if status in self.built_statuses:
            return True
        if status.startswith("PENDING_"):
            return False
        raise exception.ResourceInError(resource_status=status)


class VPNService(VPNItem):
    """A VPN service of a router, on one of the router's subnets."""

    entity = "vpnservice"
    collection = "vpnservices"
    has_status = True
    built_statuses = ("ACTIVE", "PENDING_CREATE", "DOWN")
    properties_schema = SERVICE_PROPERTIES
    attributes_schema = SERVICE_ATTRIBUTES
    renamed_properties = {"subnet_id": SUBNET, "router_id": ROUTER}

    def neutron_values(self, values: dict[str, Any]) -> dict[str, Any]:
        """The subnet and the router by id."""
        for kind in (SUBNET, ROUTER):
            if kind in values:
                values["%s_id" % kind] = self.neutron_id(kind, values.pop(kind))
        return values


class IPsecSiteConnection(VPNItem):
    """A site-to-site connection of a VPN service to a peer."""

    entity = "ipsec_site_connection"
    collection = "ipsec-site-connections"
    has_status = True
    properties_schema = CONNECTION_PROPERTIES
    attributes_schema = CONNECTION_ATTRIBUTES


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {
        "OS::Neutron::VPNService": VPNService,
        "OS::Neutron::IPsecSiteConnection": IPsecSiteConnection,
    }
