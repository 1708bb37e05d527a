"""``OS::Octavia::HealthMonitor``: how a pool's members are probed for health."""

from heat.common.i18n import _
from heat.engine import attributes, constraints, properties
from heat.engine.resources.openstack.octavia.octavia_base import ProvisionedObject

PROPERTIES = (
    ADMIN_STATE_UP,
    DELAY,
    EXPECTED_CODES,
    HTTP_METHOD,
    MAX_RETRIES,
    POOL,
    TIMEOUT,
    TYPE,
    URL_PATH,
    TENANT_ID,
) = (
    "admin_state_up",
    "delay",
    "expected_codes",
    "http_method",
    "max_retries",
    "pool",
    "timeout",
    "type",
    "url_path",
    "tenant_id",
)
HTTP_METHODS = ("GET", "HEAD", "POST", "PUT", "DELETE", "TRACE", "OPTIONS", "CONNECT", "PATCH")
MONITOR_TYPES = ("PING", "TCP", "HTTP", "HTTPS", "UDP-CONNECT")
POOLS_ATTR = "pools"


class HealthMonitor(ProvisionedObject):
    """The health monitor of an Octavia pool (one per pool); its timings and HTTP check
    change in place."""

    collection = "/lbaas/healthmonitors"
    key = "healthmonitor"
    renamed = {POOL: "pool_id"}
    finders = {POOL: "get_pool"}
    named = False

    properties_schema = {
        ADMIN_STATE_UP: properties.Schema(
            properties.Schema.BOOLEAN,
            _("The administrative state of the health monitor."),
            default=True,
            update_allowed=True,
        ),
        DELAY: properties.Schema(
            properties.Schema.INTEGER,
            _("The minimum time in seconds between regular connections of the member."),
            required=True,
            update_allowed=True,
            constraints=[constraints.Range(min=0)],
        ),
        EXPECTED_CODES: properties.Schema(
            properties.Schema.STRING,
            _(
                "The HTTP status codes expected in response from the member to declare it "
                "healthy. Specify one of the following values: a single value, such as 200. "
                "a list, such as 200, 202. a range, such as 200-204."
            ),
            update_allowed=True,
        ),
        HTTP_METHOD: properties.Schema(
            properties.Schema.STRING,
            _("The HTTP method used for requests by the monitor of type HTTP."),
            update_allowed=True,
            constraints=[constraints.AllowedValues(HTTP_METHODS)],
        ),
        MAX_RETRIES: properties.Schema(
            properties.Schema.INTEGER,
            _(
                "Number of permissible connection failures before changing the member "
                "status to INACTIVE."
            ),
            required=True,
            update_allowed=True,
            constraints=[constraints.Range(min=1, max=10)],
        ),
        POOL: properties.Schema(
            properties.Schema.STRING,
            _("ID or name of the load balancing pool."),
            required=True,
            constraints=[constraints.CustomConstraint("octavia.pool")],
        ),
        TIMEOUT: properties.Schema(
            properties.Schema.INTEGER,
            _(
                "Maximum number of seconds for a monitor to wait for a connection to be "
                "established before it times out."
            ),
            required=True,
            update_allowed=True,
            constraints=[constraints.Range(min=0)],
        ),
        TYPE: properties.Schema(
            properties.Schema.STRING,
            _("One of predefined health monitor types."),
            required=True,
            constraints=[constraints.AllowedValues(MONITOR_TYPES)],
        ),
        URL_PATH: properties.Schema(
            properties.Schema.STRING,
            _(
                "The HTTP path used in the HTTP request used by the monitor to test a member "
                "health. A valid value is a string the begins with a forward slash (/)."
            ),
            update_allowed=True,
        ),
        TENANT_ID: properties.Schema(
            properties.Schema.STRING, _("ID of the tenant who owns the health monitor.")
        ),
    }

    attributes_schema = {
        POOLS_ATTR: attributes.Schema(
            _("The list of Pools related to this monitor."), type=attributes.Schema.LIST
        )
    }


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Octavia::HealthMonitor": HealthMonitor}
