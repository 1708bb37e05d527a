"""``OS::Neutron::SecurityGroupRule``: one rule of a security group made elsewhere (by
name or id); any change makes a new rule."""

from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine import constraints, properties, support
from heat.engine.resources.openstack.neutron.neutron_resource import NeutronResource
from heat.engine.resources.openstack.neutron.security.protocols import ICMP_PROTOCOLS, PROTOCOLS

SECURITY_GROUP, REMOTE_GROUP, REMOTE_IP_PREFIX, PROTOCOL, PORT_RANGE_MIN, PORT_RANGE_MAX = (
    "security_group",
    "remote_group",
    "remote_ip_prefix",
    "protocol",
    "port_range_min",
    "port_range_max",
)

RULE_PROPERTIES = {
    "description": properties.Schema(
        properties.Schema.STRING,
        _("Description of the security group rule."),
    ),
    "direction": properties.Schema(
        properties.Schema.STRING,
        _(
            "The direction in which the security group rule is applied. For a compute instance, an"
            " ingress security group rule matches traffic that is incoming (ingress) for that "
            "instance. An egress rule is applied to traffic leaving the instance."
        ),
        default="ingress",
        constraints=[constraints.AllowedValues(["ingress", "egress"])],
    ),
    "ethertype": properties.Schema(
        properties.Schema.STRING,
        _("Ethertype of the traffic."),
        default="IPv4",
        constraints=[constraints.AllowedValues(["IPv4", "IPv6"])],
    ),
    "port_range_max": properties.Schema(
        properties.Schema.INTEGER,
        _(
            "The maximum port number in the range that is matched by the security group rule. The "
            "port_range_min attribute constrains the port_range_max attribute. If the protocol is "
            "ICMP, this value must be an ICMP code."
        ),
        constraints=[constraints.Range(max=65535, min=0)],
    ),
    "port_range_min": properties.Schema(
        properties.Schema.INTEGER,
        _(
            "The minimum port number in the range that is matched by the security group rule. If "
            "the protocol is TCP or UDP, this value must be less than or equal to the value of the"
            " port_range_max attribute. If the protocol is ICMP, this value must be an ICMP type."
        ),
        constraints=[constraints.Range(max=65535, min=0)],
    ),
    "protocol": properties.Schema(
        properties.Schema.STRING,
        _(
            "The protocol that is matched by the security group rule. Allowed values are ah, dccp,"
            " egp, esp, gre, icmp, icmpv6, igmp, ipv6-encap, ipv6-frag, ipv6-icmp, ipv6-nonxt, "
            "ipv6-opts, ipv6-route, ospf, pgm, rsvp, sctp, tcp, udp, udplite, vrrp and integer "
            "representations [0-255]."
        ),
        default="tcp",
        constraints=[constraints.AllowedValues(PROTOCOLS)],
    ),
    "remote_group": properties.Schema(
        properties.Schema.STRING,
        _("The remote group name or ID to be associated with this security group rule."),
        constraints=[constraints.CustomConstraint("neutron.security_group")],
    ),
    "remote_ip_prefix": properties.Schema(
        properties.Schema.STRING,
        _("The remote IP prefix (CIDR) to be associated with this security group rule."),
        constraints=[constraints.CustomConstraint("net_cidr")],
    ),
    "security_group": properties.Schema(
        properties.Schema.STRING,
        _("Security group name or ID to add rule."),
        required=True,
        constraints=[constraints.CustomConstraint("neutron.security_group")],
    ),
}


class SecurityGroupRule(NeutronResource):
    """A rule of a Neutron security group."""

    support_status = support.SupportStatus(version="7.0.0")
    entity = "security_group_rule"
    required_extension = "security-group"
    properties_schema = RULE_PROPERTIES

    def collection_path(self) -> str:
        return "/security-group-rules"

    def neutron_values(self, values: dict[str, Any]) -> dict[str, Any]:
        """The groups by id."""
        values["security_group_id"] = self.neutron_id("security_group", values.pop(SECURITY_GROUP))
        if REMOTE_GROUP in values:
            values["remote_group_id"] = self.neutron_id("security_group", values.pop(REMOTE_GROUP))
        return values

    def validate(self) -> None:
        """A remote group or a remote prefix; a port range that is one (except ICMP's
        type and code)."""
        super().validate()
        if self.properties[REMOTE_GROUP] is not None and self.properties[REMOTE_IP_PREFIX]:
            raise exception.ResourcePropertyConflict(
                props=", ".join((REMOTE_GROUP, REMOTE_IP_PREFIX))
            )
        low, high = self.properties[PORT_RANGE_MIN], self.properties[PORT_RANGE_MAX]
        if (
            low is not None
            and high is not None
            and self.properties[PROTOCOL] not in ICMP_PROTOCOLS
            and high < low
        ):
            raise exception.StackValidationFailed(
                message=_(
                    "The minimum port number must be less than or equal to the maximum port number."
                )
            )


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Neutron::SecurityGroupRule": SecurityGroupRule}
