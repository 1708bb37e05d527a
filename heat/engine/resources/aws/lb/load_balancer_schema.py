"""The property and attribute schemas of ``AWS::ElasticLoadBalancing::LoadBalancer``."""

from heat.common.i18n import _
from heat.engine import attributes, constraints, properties

Schema = properties.Schema

PROPERTIES = (
    AVAILABILITY_ZONES,
    HEALTH_CHECK,
    INSTANCES,
    LISTENERS,
    APP_COOKIE_STICKINESS_POLICY,
    LB_COOKIE_STICKINESS_POLICY,
    SECURITY_GROUPS,
    SUBNETS,
) = (
    "AvailabilityZones",
    "HealthCheck",
    "Instances",
    "Listeners",
    "AppCookieStickinessPolicy",
    "LBCookieStickinessPolicy",
    "SecurityGroups",
    "Subnets",
)
HEALTH_CHECK_KEYS = (HEALTHY_THRESHOLD, INTERVAL, TARGET, TIMEOUT, UNHEALTHY_THRESHOLD) = (
    "HealthyThreshold",
    "Interval",
    "Target",
    "Timeout",
    "UnhealthyThreshold",
)
LISTENER_KEYS = (INSTANCE_PORT, LOAD_BALANCER_PORT, PROTOCOL, SSL_CERTIFICATE_ID, POLICY_NAMES) = (
    "InstancePort",
    "LoadBalancerPort",
    "Protocol",
    "SSLCertificateId",
    "PolicyNames",
)
ATTRIBUTES = (
    CANONICAL_HOSTED_ZONE_NAME,
    CANONICAL_HOSTED_ZONE_NAME_ID,
    DNS_NAME,
    SOURCE_SECURITY_GROUP_GROUP_NAME,
    SOURCE_SECURITY_GROUP_OWNER_ALIAS,
) = (
    "CanonicalHostedZoneName",
    "CanonicalHostedZoneNameID",
    "DNSName",
    "SourceSecurityGroup.GroupName",
    "SourceSecurityGroup.OwnerAlias",
)
NOT_IMPLEMENTED = _("Not Implemented.")


def _required_integer(description: str) -> Schema:
    return Schema(Schema.INTEGER, description, required=True)


health_check_schema = {
    HEALTHY_THRESHOLD: _required_integer(
        _(
            "The number of consecutive health probe successes required before moving the "
            "instance to the healthy state."
        )
    ),
    INTERVAL: _required_integer(
        _("The approximate interval, in seconds, between health checks of an individual instance.")
    ),
    TARGET: Schema(Schema.STRING, _("The port being checked."), required=True),
    TIMEOUT: _required_integer(_("Health probe timeout, in seconds.")),
    UNHEALTHY_THRESHOLD: _required_integer(
        _(
            "The number of consecutive health probe failures required before moving the "
            "instance to the unhealthy state"
        )
    ),
}

listener_schema = {
    INSTANCE_PORT: _required_integer(_("TCP port on which the instance server is listening.")),
    LOAD_BALANCER_PORT: _required_integer(_("The external load balancer port number.")),
    PROTOCOL: Schema(
        Schema.STRING,
        _("The load balancer transport protocol to use."),
        required=True,
        constraints=[constraints.AllowedValues(["TCP", "HTTP"])],
    ),
    SSL_CERTIFICATE_ID: Schema(Schema.STRING, NOT_IMPLEMENTED, implemented=False),
    POLICY_NAMES: Schema(Schema.LIST, NOT_IMPLEMENTED, implemented=False),
}

properties_schema = {
    AVAILABILITY_ZONES: Schema(
        Schema.LIST,
        _("The Availability Zones in which to create the load balancer."),
        required=True,
    ),
    HEALTH_CHECK: Schema(
        Schema.MAP, _("An application health check for the instances."), schema=health_check_schema
    ),
    INSTANCES: Schema(
        Schema.LIST, _("The list of instance IDs load balanced."), update_allowed=True
    ),
    LISTENERS: Schema(
        Schema.LIST,
        _("One or more listeners for this load balancer."),
        schema=Schema(Schema.MAP, schema=listener_schema),
        required=True,
    ),
    APP_COOKIE_STICKINESS_POLICY: Schema(Schema.STRING, NOT_IMPLEMENTED, implemented=False),
    LB_COOKIE_STICKINESS_POLICY: Schema(Schema.STRING, NOT_IMPLEMENTED, implemented=False),
    SECURITY_GROUPS: Schema(
        Schema.LIST, _("List of Security Groups assigned on current LB."), update_allowed=True
    ),
    SUBNETS: Schema(Schema.LIST, NOT_IMPLEMENTED, implemented=False),
}

attributes_schema = {
    CANONICAL_HOSTED_ZONE_NAME: attributes.Schema(
        _("The name of the hosted zone that is associated with the LoadBalancer."),
        type=attributes.Schema.STRING,
    ),
    CANONICAL_HOSTED_ZONE_NAME_ID: attributes.Schema(
        _("The ID of the hosted zone name that is associated with the LoadBalancer."),
        type=attributes.Schema.STRING,
    ),
    DNS_NAME: attributes.Schema(
        _("The DNS name for the LoadBalancer."), type=attributes.Schema.STRING
    ),
    SOURCE_SECURITY_GROUP_GROUP_NAME: attributes.Schema(
        _(
            "The security group that you can use as part of your inbound rules for your "
            "LoadBalancer's back-end instances."
        ),
        type=attributes.Schema.STRING,
    ),
    SOURCE_SECURITY_GROUP_OWNER_ALIAS: attributes.Schema(
        _("Owner of the source security group."), type=attributes.Schema.STRING
    ),
}
