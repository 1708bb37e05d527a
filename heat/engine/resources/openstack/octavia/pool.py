"""``OS::Octavia::Pool``: the back ends a listener (or a load balancer) sends traffic to,
and how it balances between them."""

from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine import attributes, constraints, properties, support
from heat.engine.resources.openstack.octavia.octavia_base import ProvisionedObject

PROPERTIES = (
    ADMIN_STATE_UP,
    DESCRIPTION,
    SESSION_PERSISTENCE,
    NAME,
    LB_ALGORITHM,
    LISTENER,
    LOADBALANCER,
    PROTOCOL,
    TLS_ENABLED,
) = (
    "admin_state_up",
    "description",
    "session_persistence",
    "name",
    "lb_algorithm",
    "listener",
    "loadbalancer",
    "protocol",
    "tls_enabled",
)
PERSISTENCE = (PERSISTENCE_TYPE, COOKIE_NAME) = ("type", "cookie_name")
PERSISTENCE_TYPES = (SOURCE_IP, HTTP_COOKIE, APP_COOKIE) = (
    "SOURCE_IP",
    "HTTP_COOKIE",
    "APP_COOKIE",
)
PROTOCOLS = ("TCP", "HTTP", "HTTPS", "TERMINATED_HTTPS", "PROXY", "UDP")
ATTRIBUTES = (HEALTHMONITOR_ID_ATTR, LISTENERS_ATTR, MEMBERS_ATTR) = (
    "healthmonitor_id",
    "listeners",
    "members",
)


class Pool(ProvisionedObject):
    """An Octavia pool: members, an algorithm, maybe session persistence.

    It belongs to a listener (as its default pool) or to a load balancer (for L7 policies
    to redirect to).
    """

    collection = "/lbaas/pools"
    key = "pool"
    renamed = {LISTENER: "listener_id", LOADBALANCER: "loadbalancer_id"}
    finders = {LISTENER: "get_listener", LOADBALANCER: "get_loadbalancer"}

    properties_schema = {
        ADMIN_STATE_UP: properties.Schema(
            properties.Schema.BOOLEAN,
            _("The administrative state of this pool."),
            default=True,
            update_allowed=True,
        ),
        DESCRIPTION: properties.Schema(
            properties.Schema.STRING,
            _("Description of this pool."),
            update_allowed=True,
            default="",
        ),
        SESSION_PERSISTENCE: properties.Schema(
            properties.Schema.MAP,
            _("Configuration of session persistence."),
            update_allowed=True,
            schema={
                PERSISTENCE_TYPE: properties.Schema(
                    properties.Schema.STRING,
                    _("Method of implementation of session persistence feature."),
                    required=True,
                    constraints=[constraints.AllowedValues(PERSISTENCE_TYPES)],
                ),
                COOKIE_NAME: properties.Schema(
                    properties.Schema.STRING,
                    _("Name of the cookie, required if type is APP_COOKIE."),
                ),
            },
        ),
        NAME: properties.Schema(
            properties.Schema.STRING, _("Name of this pool."), update_allowed=True
        ),
        LB_ALGORITHM: properties.Schema(
            properties.Schema.STRING,
            _("The algorithm used to distribute load between the members of the pool."),
            required=True,
            constraints=[
                constraints.AllowedValues(
                    ["ROUND_ROBIN", "LEAST_CONNECTIONS", "SOURCE_IP", "SOURCE_IP_PORT"]
                )
            ],
            update_allowed=True,
        ),
        LISTENER: properties.Schema(
            properties.Schema.STRING,
            _("Listener name or ID to be associated with this pool."),
            constraints=[constraints.CustomConstraint("octavia.listener")],
        ),
        LOADBALANCER: properties.Schema(
            properties.Schema.STRING,
            _("Loadbalancer name or ID to be associated with this pool."),
            constraints=[constraints.CustomConstraint("octavia.loadbalancer")],
        ),
        PROTOCOL: properties.Schema(
            properties.Schema.STRING,
            _("Protocol of the pool."),
            required=True,
            constraints=[constraints.AllowedValues(PROTOCOLS)],
        ),
        TLS_ENABLED: properties.Schema(
            properties.Schema.BOOLEAN,
            _("Enable backend member re-encryption."),
            default=False,
            update_allowed=True,
            support_status=support.SupportStatus(version="14.0.0"),
        ),
    }

    attributes_schema = {
        HEALTHMONITOR_ID_ATTR: attributes.Schema(
            _("ID of the health monitor associated with this pool."),
            type=attributes.Schema.STRING,
        ),
        LISTENERS_ATTR: attributes.Schema(
            _("Listener associated with this pool."), type=attributes.Schema.STRING
        ),
        MEMBERS_ATTR: attributes.Schema(
            _("Members associated with this pool."),
            cache_mode=attributes.Schema.CACHE_NONE,
            type=attributes.Schema.LIST,
        ),
    }

    def fields(self, values: dict[str, Any], keep_unset: bool = False) -> dict[str, Any]:
        """Session persistence without its unset keys."""
        fields = super().fields(values, keep_unset)
        if fields.get(SESSION_PERSISTENCE):
            persistence = fields[SESSION_PERSISTENCE].items()
            fields[SESSION_PERSISTENCE] = {k: v for k, v in persistence if v is not None}
        return fields

    def validate(self) -> None:
        """A listener or a load balancer; a cookie name exactly when APP_COOKIE needs one."""
        super().validate()
        if self.properties[LISTENER] is None and self.properties[LOADBALANCER] is None:
            raise exception.PropertyUnspecifiedError(props=", ".join((LISTENER, LOADBALANCER)))
        persistence = self.properties[SESSION_PERSISTENCE]
        if persistence is None:
            return
        names = {"cookie": COOKIE_NAME, "sp": SESSION_PERSISTENCE}
        if persistence[PERSISTENCE_TYPE] == APP_COOKIE and not persistence.get(COOKIE_NAME):
            raise exception.StackValidationFailed(
                message=_("Property %(cookie)s is required when %(sp)s type is set to %(app)s.")
                % dict(names, app=APP_COOKIE)
            )
        if persistence[PERSISTENCE_TYPE] == SOURCE_IP and persistence.get(COOKIE_NAME):
            raise exception.StackValidationFailed(
                message=_(
                    "Property %(cookie)s must NOT be specified when %(sp)s type is set to %(ip)s."
                )
                % dict(names, ip=SOURCE_IP)
            )


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Octavia::Pool": Pool}
