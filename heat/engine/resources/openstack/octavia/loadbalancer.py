"""``OS::Octavia::LoadBalancer``: a load balancer with its VIP on a Neutron subnet."""

from heat.common.i18n import _
from heat.engine import attributes, constraints, properties, support
from heat.engine.resources.openstack.octavia.octavia_base import ProvisionedObject

PROPERTIES = (
    DESCRIPTION,
    NAME,
    PROVIDER,
    VIP_ADDRESS,
    VIP_SUBNET,
    ADMIN_STATE_UP,
    TENANT_ID,
    FLAVOR,
    AVAILABILITY_ZONE,
) = (
    "description",
    "name",
    "provider",
    "vip_address",
    "vip_subnet",
    "admin_state_up",
    "tenant_id",
    "flavor",
    "availability_zone",
)
ATTRIBUTES = (VIP_ADDRESS_ATTR, VIP_PORT_ATTR, VIP_SUBNET_ATTR, POOLS_ATTR, FLAVOR_ID_ATTR) = (
    "vip_address",
    "vip_port_id",
    "vip_subnet_id",
    "pools",
    "flavor_id",
)


class LoadBalancer(ProvisionedObject):
    """An Octavia load balancer: the VIP that listeners listen on.

    The VIP's subnet, address, provider, flavor and owner are fixed at creation; name,
    description and administrative state change in place.
    """

    collection = "/lbaas/loadbalancers"
    key = "loadbalancer"
    renamed = {VIP_SUBNET: "vip_subnet_id", FLAVOR: "flavor_id", TENANT_ID: "project_id"}
    finders = {VIP_SUBNET: "neutron.subnet", FLAVOR: "get_flavor"}

    properties_schema = {
        DESCRIPTION: properties.Schema(
            properties.Schema.STRING,
            _("Description of this Load Balancer."),
            update_allowed=True,
            default="",
        ),
        NAME: properties.Schema(
            properties.Schema.STRING, _("Name of this Load Balancer."), update_allowed=True
        ),
        PROVIDER: properties.Schema(
            properties.Schema.STRING, _("Provider for this Load Balancer.")
        ),
        VIP_ADDRESS: properties.Schema(
            properties.Schema.STRING,
            _("IP address for the VIP."),
            constraints=[constraints.CustomConstraint("ip_addr")],
        ),
        VIP_SUBNET: properties.Schema(
            properties.Schema.STRING,
            _("The name or ID of the subnet on which to allocate the VIP address."),
            constraints=[constraints.CustomConstraint("neutron.subnet")],
            required=True,
        ),
        ADMIN_STATE_UP: properties.Schema(
            properties.Schema.BOOLEAN,
            _("The administrative state of this Load Balancer."),
            default=True,
            update_allowed=True,
        ),
        TENANT_ID: properties.Schema(
            properties.Schema.STRING,
            _(
                "The ID of the tenant who owns the Load Balancer. Only administrative users "
                "can specify a tenant ID other than their own."
            ),
            constraints=[constraints.CustomConstraint("keystone.project")],
        ),
        FLAVOR: properties.Schema(
            properties.Schema.STRING,
            _("The name or ID of the flavor of the Load Balancer."),
            support_status=support.SupportStatus(version="14.0.0"),
            constraints=[constraints.CustomConstraint("octavia.flavor")],
        ),
        AVAILABILITY_ZONE: properties.Schema(
            properties.Schema.STRING,
            _("The availability zone of the Load Balancer."),
            support_status=support.SupportStatus(version="17.0.0"),
            constraints=[constraints.CustomConstraint("octavia.availabilityzone")],
        ),
    }

    attributes_schema = {
        VIP_ADDRESS_ATTR: attributes.Schema(
            _("The VIP address of the LoadBalancer."), type=attributes.Schema.STRING
        ),
        VIP_PORT_ATTR: attributes.Schema(
            _("The VIP port of the LoadBalancer."), type=attributes.Schema.STRING
        ),
        VIP_SUBNET_ATTR: attributes.Schema(
            _("The VIP subnet of the LoadBalancer."), type=attributes.Schema.STRING
        ),
        POOLS_ATTR: attributes.Schema(
            _("Pools this LoadBalancer is associated with."), type=attributes.Schema.LIST
        ),
        FLAVOR_ID_ATTR: attributes.Schema(
            _("The flavor ID of the LoadBalancer."), type=attributes.Schema.STRING
        ),
    }


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Octavia::LoadBalancer": LoadBalancer}
