"""``OS::Octavia::PoolMember``: one back end (address and port) of a pool."""

from heat.common.i18n import _
from heat.engine import constraints, properties, support
from heat.engine.resources.openstack.octavia.octavia_base import ProvisionedObject

PROPERTIES = (
    POOL,
    ADDRESS,
    PROTOCOL_PORT,
    MONITOR_ADDRESS,
    MONITOR_PORT,
    WEIGHT,
    ADMIN_STATE_UP,
    SUBNET,
    TAGS,
) = (
    "pool",
    "address",
    "protocol_port",
    "monitor_address",
    "monitor_port",
    "weight",
    "admin_state_up",
    "subnet",
    "tags",
)
ATTRIBUTES = (ADDRESS_ATTR, POOL_ID_ATTR) = ("address", "pool_id")


class PoolMember(ProvisionedObject):
    """A member of an Octavia pool; its weight and administrative state change in place.

    Octavia keeps members under their pool (``/lbaas/pools/<pool>/members``).
    """

    key = "member"
    renamed = {SUBNET: "subnet_id"}
    finders = {SUBNET: "neutron.subnet"}
    named = False

    properties_schema = {
        POOL: properties.Schema(
            properties.Schema.STRING,
            _("Name or ID of the load balancing pool."),
            required=True,
            constraints=[constraints.CustomConstraint("octavia.pool")],
        ),
        ADDRESS: properties.Schema(
            properties.Schema.STRING,
            _("IP address of the pool member on the pool network."),
            required=True,
            constraints=[constraints.CustomConstraint("ip_addr")],
        ),
        PROTOCOL_PORT: properties.Schema(
            properties.Schema.INTEGER,
            _("Port on which the pool member listens for requests or connections."),
            required=True,
            constraints=[constraints.Range(1, 65535)],
        ),
        MONITOR_ADDRESS: properties.Schema(
            properties.Schema.STRING,
            _("Alternate IP address which health monitor can use for health check."),
            constraints=[constraints.CustomConstraint("ip_addr")],
        ),
        MONITOR_PORT: properties.Schema(
            properties.Schema.INTEGER,
            _("Alternate Port which health monitor can use for health check."),
            constraints=[constraints.Range(1, 65535)],
        ),
        WEIGHT: properties.Schema(
            properties.Schema.INTEGER,
            _("Weight of pool member in the pool (default to 1)."),
            default=1,
            constraints=[constraints.Range(0, 256)],
            update_allowed=True,
        ),
        ADMIN_STATE_UP: properties.Schema(
            properties.Schema.BOOLEAN,
            _("The administrative state of the pool member."),
            default=True,
            update_allowed=True,
        ),
        SUBNET: properties.Schema(
            properties.Schema.STRING,
            _("Subnet name or ID of this member."),
            constraints=[constraints.CustomConstraint("neutron.subnet")],
        ),
        TAGS: properties.Schema(
            properties.Schema.LIST,
            _(
                "A list of simple strings assigned to the member. The property is supported "
                "with Stein Octavia or newer version."
            ),
            update_allowed=True,
            support_status=support.SupportStatus(version="13.0.0"),
        ),
    }

    def collection_path(self) -> str:
        pool_id = self.client_plugin().get_pool(self.properties[POOL])
        return "/lbaas/pools/%s/members" % pool_id

    def create_fields(self) -> dict:
        fields = super().create_fields()
        del fields[POOL]
        return fields


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Octavia::PoolMember": PoolMember}
