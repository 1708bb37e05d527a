"""``OS::Octavia::Listener``: a protocol and port that a load balancer's VIP listens on."""

from heat.common import exception
from heat.common.i18n import _
from heat.engine import attributes, constraints, properties, support
from heat.engine.resources.openstack.octavia.octavia_base import ProvisionedObject

PROPERTIES = (
    PROTOCOL_PORT,
    PROTOCOL,
    LOADBALANCER,
    DEFAULT_POOL,
    NAME,
    ADMIN_STATE_UP,
    DESCRIPTION,
    DEFAULT_TLS_CONTAINER_REF,
    SNI_CONTAINER_REFS,
    CONNECTION_LIMIT,
    TENANT_ID,
    ALLOWED_CIDRS,
) = (
    "protocol_port",
    "protocol",
    "loadbalancer",
    "default_pool",
    "name",
    "admin_state_up",
    "description",
    "default_tls_container_ref",
    "sni_container_refs",
    "connection_limit",
    "tenant_id",
    "allowed_cidrs",
)
PROTOCOLS = (TCP, HTTP, HTTPS, TERMINATED_HTTPS, PROXY, UDP) = (
    "TCP",
    "HTTP",
    "HTTPS",
    "TERMINATED_HTTPS",
    "PROXY",
    "UDP",
)
ATTRIBUTES = (LOADBALANCERS_ATTR, DEFAULT_POOL_ID_ATTR) = ("loadbalancers", "default_pool_id")


class Listener(ProvisionedObject):
    """A listener of an Octavia load balancer, sending what it takes to its default pool.

    TERMINATED_HTTPS needs the TLS container with the certificate to present.
    """

    collection = "/lbaas/listeners"
    key = "listener"
    renamed = {LOADBALANCER: "loadbalancer_id", DEFAULT_POOL: "default_pool_id"}
    finders = {LOADBALANCER: "get_loadbalancer", DEFAULT_POOL: "get_pool"}

    properties_schema = {
        PROTOCOL_PORT: properties.Schema(
            properties.Schema.INTEGER,
            _("TCP or UDP port on which to listen for client traffic."),
            required=True,
            constraints=[constraints.Range(1, 65535)],
        ),
        PROTOCOL: properties.Schema(
            properties.Schema.STRING,
            _("Protocol on which to listen for the client traffic."),
            required=True,
            constraints=[constraints.AllowedValues(PROTOCOLS)],
        ),
        LOADBALANCER: properties.Schema(
            properties.Schema.STRING,
            _("ID or name of the load balancer with which listener is associated."),
            required=True,
            constraints=[constraints.CustomConstraint("octavia.loadbalancer")],
        ),
        DEFAULT_POOL: properties.Schema(
            properties.Schema.STRING,
            _("ID or name of the default pool for the listener."),
            update_allowed=True,
            constraints=[constraints.CustomConstraint("octavia.pool")],
        ),
        NAME: properties.Schema(
            properties.Schema.STRING, _("Name of this listener."), update_allowed=True
        ),
        ADMIN_STATE_UP: properties.Schema(
            properties.Schema.BOOLEAN,
            _("The administrative state of this listener."),
            update_allowed=True,
            default=True,
        ),
        DESCRIPTION: properties.Schema(
            properties.Schema.STRING,
            _("Description of this listener."),
            update_allowed=True,
            default="",
        ),
        DEFAULT_TLS_CONTAINER_REF: properties.Schema(
            properties.Schema.STRING,
            _("Default TLS container reference to retrieve TLS information."),
            update_allowed=True,
        ),
        SNI_CONTAINER_REFS: properties.Schema(
            properties.Schema.LIST,
            _("List of TLS container references for SNI."),
            update_allowed=True,
        ),
        CONNECTION_LIMIT: properties.Schema(
            properties.Schema.INTEGER,
            _(
                "The maximum number of connections permitted for this load balancer. "
                "Defaults to -1, which is infinite."
            ),
            update_allowed=True,
            default=-1,
            constraints=[constraints.Range(min=-1)],
        ),
        TENANT_ID: properties.Schema(
            properties.Schema.STRING, _("The ID of the tenant who owns the listener.")
        ),
        ALLOWED_CIDRS: properties.Schema(
            properties.Schema.LIST,
            _(
                "A list of IPv4, IPv6 or mix of both CIDRs. The default is all allowed. When "
                "a list of CIDRs is provided, the default switches to deny all."
            ),
            update_allowed=True,
            schema=properties.Schema(
                properties.Schema.STRING, constraints=[constraints.CustomConstraint("net_cidr")]
            ),
            support_status=support.SupportStatus(version="14.0.0"),
        ),
    }

    attributes_schema = {
        LOADBALANCERS_ATTR: attributes.Schema(
            _("ID of the load balancer this listener is associated to."),
            type=attributes.Schema.LIST,
        ),
        DEFAULT_POOL_ID_ATTR: attributes.Schema(
            _("ID of the default pool this listener is associated to."),
            type=attributes.Schema.STRING,
        ),
    }

    def validate(self) -> None:
        """A TLS container when HTTPS ends here."""
        super().validate()
        if (
            self.properties[PROTOCOL] == TERMINATED_HTTPS
            and self.properties[DEFAULT_TLS_CONTAINER_REF] is None
        ):
            raise exception.StackValidationFailed(
                message=_("Property %(ref)s required when protocol is %(term)s.")
                % {"ref": DEFAULT_TLS_CONTAINER_REF, "term": TERMINATED_HTTPS}
            )


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Octavia::Listener": Listener}
