"""``OS::Neutron::QoSPolicy`` and its rules: a Neutron QoS policy, and the bandwidth
limits, DSCP marks and minimum guarantees that live inside one.

A rule is an item of its policy's collection (``/qos/policies/<id>/<kind>_rules``), so its
paths are found again from the ``policy`` property; a rule kind whose extension Neutron
lacks makes its type unavailable.
"""

from typing import Any

from heat.common.i18n import _
from heat.engine import attributes, constraints, properties, support
from heat.engine.resources.openstack.neutron.neutron_resource import NeutronResource

POLICY, POLICY_ID = "policy", "policy_id"

POLICY_PROPERTIES = {
    "description": properties.Schema(
        properties.Schema.STRING,
        _("The description for the QoS policy."),
        update_allowed=True,
    ),
    "name": properties.Schema(
        properties.Schema.STRING,
        _("The name for the QoS policy."),
        update_allowed=True,
    ),
    "shared": properties.Schema(
        properties.Schema.BOOLEAN,
        _("Whether this QoS policy should be shared to other tenants."),
        default=False,
        update_allowed=True,
    ),
    "tenant_id": properties.Schema(
        properties.Schema.STRING,
        _("The owner tenant ID of this QoS policy."),
    ),
}

RULE_PROPERTIES = {
    "policy": properties.Schema(
        properties.Schema.STRING,
        _("ID or name of the QoS policy."),
        required=True,
        constraints=[constraints.CustomConstraint("neutron.qos_policy")],
    ),
    "tenant_id": properties.Schema(
        properties.Schema.STRING,
        _("The owner tenant ID of this rule."),
    ),
}


def _direction(*allowed: str) -> properties.Schema:
    return properties.Schema(
        properties.Schema.STRING,
        _("Traffic direction from the point of view of the port."),
        default="egress",
        update_allowed=True,
        constraints=[constraints.AllowedValues(list(allowed))],
    )


def _rate(description: str, required: bool = True, **extra: Any) -> properties.Schema:
    return properties.Schema(
        properties.Schema.INTEGER,
        description,
        required=required,
        update_allowed=True,
        constraints=[constraints.Range(min=0)],
        **extra,
    )


#: The DSCP marks Neutron accepts: 0 to 56 except 2-6, 42, 44 and 50-54, in even steps.
DSCP_MARKS = [0, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 46, 48, 56]


class QoSPolicy(NeutronResource):
    """A QoS policy that networks and ports refer to; its rules are resources of their own."""

    support_status = support.SupportStatus(version="6.0.0")
    entity = "policy"
    required_extension = "qos"
    properties_schema = POLICY_PROPERTIES
    attributes_schema = {
        "rules": attributes.Schema(
            _("A list of all rules for the QoS policy."), type=attributes.Schema.LIST
        ),
    }

    def collection_path(self) -> str:
        return "/qos/policies"

    def update_body(self, prop_diff: dict[str, Any]) -> dict[str, Any]:
        """A description removed is an empty one (Neutron refuses null)."""
        body = super().update_body(prop_diff)
        if "description" in body and body["description"] is None:
            body["description"] = ""
        return body


class QoSRule(NeutronResource):
    """One rule of a QoS policy named or identified by the ``policy`` property."""

    support_status = support.SupportStatus(version="6.0.0")
    required_extension = "qos"

    def collection_path(self) -> str:
        """The rules of the policy the rule was made in (recorded then, since a rule
        being replaced may already see its successor's policy), else of ``policy``."""
        policy_id = self.data().get(POLICY_ID) or self.neutron_id(
            "qos_policy", self.properties[POLICY]
        )
        return "/qos/policies/%s/%ss" % (policy_id, self.entity)

    def handle_create(self) -> None:
        self.data_set(POLICY_ID, str(self.neutron_id("qos_policy", self.properties[POLICY])))
        super().handle_create()

    def neutron_values(self, values: dict[str, Any]) -> dict[str, Any]:
        """The policy is in the path, not the body."""
        values.pop(POLICY, None)
        return values


class QoSBandwidthLimitRule(QoSRule):
    """The most bandwidth (and burst) a port of the policy may use, one direction."""

    entity = "bandwidth_limit_rule"
    properties_schema = {
        **RULE_PROPERTIES,
        "direction": _direction("egress", "ingress"),
        "max_burst_kbps": _rate(_("Max burst bandwidth in kbps."), required=False, default=0),
        "max_kbps": _rate(_("Max bandwidth in kbps.")),
    }


class QoSDscpMarkingRule(QoSRule):
    """The DSCP mark the policy's ports put on their traffic."""

    support_status = support.SupportStatus(version="7.0.0")
    entity = "dscp_marking_rule"
    properties_schema = {
        **RULE_PROPERTIES,
        "dscp_mark": properties.Schema(
            properties.Schema.INTEGER,
            _("DSCP mark between 0 and 56, except 2-6, 42, 44, and 50-54."),
            required=True,
            update_allowed=True,
            constraints=[constraints.AllowedValues(DSCP_MARKS)],
        ),
    }


class QoSMinimumBandwidthRule(QoSRule):
    """The bandwidth guaranteed to a port of the policy, one direction."""

    support_status = support.SupportStatus(version="14.0.0")
    entity = "minimum_bandwidth_rule"
    required_extension = "qos-bw-minimum-ingress"
    properties_schema = {
        **RULE_PROPERTIES,
        "direction": _direction("egress", "ingress"),
        "min_kbps": _rate(_("Min bandwidth in kbps.")),
    }


class QoSMinimumPacketRateRule(QoSRule):
    """The packet rate guaranteed to a port of the policy, one direction or any."""

    support_status = support.SupportStatus(version="19.0.0")
    entity = "minimum_packet_rate_rule"
    required_extension = "qos-pps-minimum"
    properties_schema = {
        **RULE_PROPERTIES,
        "direction": _direction("any", "egress", "ingress"),
        "min_kpps": _rate(_("Min packet rate in kpps.")),
    }


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {
        "OS::Neutron::QoSPolicy": QoSPolicy,
        "OS::Neutron::QoSBandwidthLimitRule": QoSBandwidthLimitRule,
        "OS::Neutron::QoSDscpMarkingRule": QoSDscpMarkingRule,
        "OS::Neutron::QoSMinimumBandwidthRule": QoSMinimumBandwidthRule,
        "OS::Neutron::QoSMinimumPacketRateRule": QoSMinimumPacketRateRule,
    }
