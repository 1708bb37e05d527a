"""The FWaaS v1 types of neutron-fwaas: ``OS::Neutron::Firewall``, ``FirewallPolicy`` and
``FirewallRule``, items of ``/fw/...``; Neutron needs the ``fwaas`` extension.

A rule's protocol ``any`` is sent as null, which is how Neutron says any protocol.
"""

from typing import Any

from heat.common import exception
from heat.common.i18n import _
from heat.engine import attributes, constraints, properties
from heat.engine.resources.openstack.neutron.neutron_resource import NeutronResource

FIREWALL_PROPERTIES = {
    "admin_state_up": properties.Schema(
        properties.Schema.BOOLEAN,
        _(
            "Administrative state of the firewall. If false (down), firewall does not forward "
            "packets and will drop all traffic to/from VMs behind the firewall."
        ),
        default=True,
        update_allowed=True,
    ),
    "description": properties.Schema(
        properties.Schema.STRING,
        _("Description for the firewall."),
        update_allowed=True,
    ),
    "firewall_policy_id": properties.Schema(
        properties.Schema.STRING,
        _("The ID of the firewall policy that this firewall is associated with."),
        required=True,
        update_allowed=True,
    ),
    "name": properties.Schema(
        properties.Schema.STRING,
        _("Name for the firewall."),
        update_allowed=True,
    ),
    "shared": properties.Schema(
        properties.Schema.BOOLEAN,
        _(
            "Whether this firewall should be shared across all tenants. NOTE: The default "
            "policy setting in Neutron restricts usage of this property to administrative users"
            " only."
        ),
        update_allowed=True,
    ),
    "value_specs": properties.Schema(
        properties.Schema.MAP,
        _(
            "Extra parameters to include in the request. Parameters are often specific to "
            "installed hardware or extensions."
        ),
        default={},
        update_allowed=True,
    ),
}
FIREWALL_ATTRIBUTES = {
    "admin_state_up": attributes.Schema(
        _("The administrative state of the firewall."), type=attributes.Schema.STRING
    ),
    "description": attributes.Schema(
        _("Description of the firewall."), type=attributes.Schema.STRING
    ),
    "firewall_policy_id": attributes.Schema(
        _("Unique identifier of the firewall policy used to create the firewall."),
        type=attributes.Schema.STRING,
    ),
    "name": attributes.Schema(_("Name for the firewall."), type=attributes.Schema.STRING),
    "shared": attributes.Schema(
        _("Shared status of this firewall."), type=attributes.Schema.STRING
    ),
    "status": attributes.Schema(_("The status of the firewall."), type=attributes.Schema.STRING),
    "tenant_id": attributes.Schema(
        _("Id of the tenant owning the firewall."), type=attributes.Schema.STRING
    ),
}
POLICY_PROPERTIES = {
    "audited": properties.Schema(
        properties.Schema.BOOLEAN,
        _(
            "Whether this policy should be audited. When set to True, each time the firewall "
            "policy or the associated firewall rules are changed, this attribute will be set to"
            " False and will have to be explicitly set to True through an update operation."
        ),
        default=False,
        update_allowed=True,
    ),
    "description": properties.Schema(
        properties.Schema.STRING,
        _("Description for the firewall policy."),
        update_allowed=True,
    ),
    "firewall_rules": properties.Schema(
        properties.Schema.LIST,
        _(
            "An ordered list of firewall rules to apply to the firewall. (Prior to version "
            "14.0.0 this was a required property)."
        ),
        update_allowed=True,
    ),
    "name": properties.Schema(
        properties.Schema.STRING,
        _("Name for the firewall policy."),
        update_allowed=True,
    ),
    "shared": properties.Schema(
        properties.Schema.BOOLEAN,
        _("Whether this policy should be shared across all tenants."),
        default=False,
        update_allowed=True,
    ),
}
POLICY_ATTRIBUTES = {
    "audited": attributes.Schema(
        _("Audit status of this firewall policy."), type=attributes.Schema.STRING
    ),
    "description": attributes.Schema(
        _("Description of the firewall policy."), type=attributes.Schema.STRING
    ),
    "firewall_rules": attributes.Schema(
        _("List of firewall rules in this firewall policy."), type=attributes.Schema.LIST
    ),
    "name": attributes.Schema(_("Name for the firewall policy."), type=attributes.Schema.STRING),
    "shared": attributes.Schema(
        _("Shared status of this firewall policy."), type=attributes.Schema.STRING
    ),
    "tenant_id": attributes.Schema(
        _("Id of the tenant owning the firewall policy."), type=attributes.Schema.STRING
    ),
}
RULE_PROPERTIES = {
    "action": properties.Schema(
        properties.Schema.STRING,
        _("Action to be performed on the traffic matching the rule."),
        default="deny",
        update_allowed=True,
        constraints=[constraints.AllowedValues(["allow", "deny"])],
    ),
    "description": properties.Schema(
        properties.Schema.STRING,
        _("Description for the firewall rule."),
        update_allowed=True,
    ),
    "destination_ip_address": properties.Schema(
        properties.Schema.STRING,
        _("Destination IP address or CIDR."),
        update_allowed=True,
        constraints=[constraints.CustomConstraint("net_cidr")],
    ),
    "destination_port": properties.Schema(
        properties.Schema.STRING,
        _("Destination port number or a range."),
        update_allowed=True,
    ),
    "enabled": properties.Schema(
        properties.Schema.BOOLEAN,
        _("Whether this rule should be enabled."),
        default=True,
        update_allowed=True,
    ),
    "ip_version": properties.Schema(
        properties.Schema.STRING,
        _("Internet protocol version."),
        default="4",
        update_allowed=True,
        constraints=[constraints.AllowedValues(["4", "6"])],
    ),
    "name": properties.Schema(
        properties.Schema.STRING,
        _("Name for the firewall rule."),
        update_allowed=True,
    ),
    "protocol": properties.Schema(
        properties.Schema.STRING,
        _("Protocol for the firewall rule."),
        default="any",
        update_allowed=True,
        constraints=[constraints.AllowedValues(["tcp", "udp", "icmp", "any"])],
    ),
    "shared": properties.Schema(
        properties.Schema.BOOLEAN,
        _("Whether this rule should be shared across all tenants."),
        default=False,
        update_allowed=True,
    ),
    "source_ip_address": properties.Schema(
        properties.Schema.STRING,
        _("Source IP address or CIDR."),
        update_allowed=True,
        constraints=[constraints.CustomConstraint("net_cidr")],
    ),
    "source_port": properties.Schema(
        properties.Schema.STRING,
        _("Source port number or a range."),
        update_allowed=True,
    ),
}
RULE_ATTRIBUTES = {
    "action": attributes.Schema(
        _("Allow or deny action for this firewall rule."), type=attributes.Schema.STRING
    ),
    "description": attributes.Schema(
        _("Description of the firewall rule."), type=attributes.Schema.STRING
    ),
    "destination_ip_address": attributes.Schema(
        _("Destination ip_address for this firewall rule."), type=attributes.Schema.STRING
    ),
    "destination_port": attributes.Schema(
        _("Destination port range for this firewall rule."), type=attributes.Schema.STRING
    ),
    "enabled": attributes.Schema(
        _("Indicates whether this firewall rule is enabled or not."), type=attributes.Schema.STRING
    ),
    "firewall_policy_id": attributes.Schema(
        _("Unique identifier of the firewall policy to which this firewall rule belongs."),
        type=attributes.Schema.STRING,
    ),
    "ip_version": attributes.Schema(
        _("Ip_version for this firewall rule."), type=attributes.Schema.STRING
    ),
    "name": attributes.Schema(_("Name for the firewall rule."), type=attributes.Schema.STRING),
    "position": attributes.Schema(
        _("Position of the rule within the firewall policy."), type=attributes.Schema.STRING
    ),
    "protocol": attributes.Schema(
        _("Protocol value for this firewall rule."), type=attributes.Schema.STRING
    ),
    "shared": attributes.Schema(
        _("Shared status of this firewall rule."), type=attributes.Schema.STRING
    ),
    "source_ip_address": attributes.Schema(
        _("Source ip_address for this firewall rule."), type=attributes.Schema.STRING
    ),
    "source_port": attributes.Schema(
        _("Source port range for this firewall rule."), type=attributes.Schema.STRING
    ),
    "tenant_id": attributes.Schema(
        _("Id of the tenant owning the firewall."), type=attributes.Schema.STRING
    ),
}


class FirewallItem(NeutronResource):
    """An item of FWaaS v1's collections under ``/fw``."""

    required_extension = "fwaas"

    def collection_path(self) -> str:
        return "/fw/%s" % self.collection

    collection = ""


class Firewall(FirewallItem):
    """A firewall applying a firewall policy; it is built once no longer ``PENDING_*``."""

    entity = "firewall"
    collection = "firewalls"
    has_status = True
    properties_schema = FIREWALL_PROPERTIES
    attributes_schema = FIREWALL_ATTRIBUTES

    def is_built(self) -> bool:
        """Built once no longer pending (ACTIVE, INACTIVE or DOWN); ERROR fails."""
        status = self.show_item()["status"]
        if status.startswith("PENDING_"):
            return False
        if status == "ERROR":
            raise exception.ResourceInError(resource_status=status)
        return True


class FirewallPolicy(FirewallItem):
    """An ordered list of firewall rules."""

    entity = "firewall_policy"
    collection = "firewall_policies"
    properties_schema = POLICY_PROPERTIES
    attributes_schema = POLICY_ATTRIBUTES


class FirewallRule(FirewallItem):
    """One rule of firewall policies."""

    entity = "firewall_rule"
    collection = "firewall_rules"
    properties_schema = RULE_PROPERTIES
    attributes_schema = RULE_ATTRIBUTES

    def neutron_values(self, values: dict[str, Any]) -> dict[str, Any]:
        """Protocol ``any`` as null."""
        if values.get("protocol") == "any":
            values["protocol"] = None
        return values

    def parse_live_resource_data(self, properties: Any, data: Any) -> dict[str, Any]:
        """A null protocol is ``any``, as the template says it."""
        live = super().parse_live_resource_data(properties, data)
        if properties.get("protocol") is not None and data.get("protocol") is None:
            live["protocol"] = "any"
        return live


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {
        "OS::Neutron::Firewall": Firewall,
        "OS::Neutron::FirewallPolicy": FirewallPolicy,
        "OS::Neutron::FirewallRule": FirewallRule,
    }
