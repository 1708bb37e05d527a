"""``OS::Neutron::MeteringLabel`` and ``OS::Neutron::MeteringRule``: a label counting the
traffic of the routers, and the address ranges it counts (the ``metering`` extension).
Neutron changes neither in place, so every change of their properties replaces them."""

from heat.common.i18n import _
from heat.engine import attributes, constraints, properties, support
from heat.engine.resources.openstack.neutron.neutron_resource import NeutronResource

METERING = "metering"
SINCE_ICEHOUSE = support.SupportStatus(version="2014.1")
# The extension's own collections: Neutron 29 fails (500) to render a rule's prefixes
# when a rule is created through the ``/metering_label_rules`` alias.
METERING_PATH = "/metering/metering-%s"

LABEL_PROPERTIES = {
    "description": properties.Schema(
        properties.Schema.STRING,
        _("Description of the metering label."),
    ),
    "name": properties.Schema(
        properties.Schema.STRING,
        _("Name of the metering label."),
    ),
    "shared": properties.Schema(
        properties.Schema.BOOLEAN,
        _("Whether the metering label should be shared across all tenants."),
        default=False,
    ),
}
LABEL_ATTRIBUTES = {
    "description": attributes.Schema(
        _("Description of the metering label."), type=attributes.Schema.STRING
    ),
    "name": attributes.Schema(_("Name of the metering label."), type=attributes.Schema.STRING),
    "shared": attributes.Schema(
        _("Shared status of the metering label."), type=attributes.Schema.STRING
    ),
}

RULE_PROPERTIES = {
    "direction": properties.Schema(
        properties.Schema.STRING,
        _("The direction in which metering rule is applied, either ingress or egress."),
        default="ingress",
        constraints=[constraints.AllowedValues(["ingress", "egress"])],
    ),
    "excluded": properties.Schema(
        properties.Schema.BOOLEAN,
        _(
            "Specify whether the remote_ip_prefix will be excluded or not from "
            "traffic counters of the metering label. For example to not count the "
            "traffic of a specific IP address of a range."
        ),
        default="False",
    ),
    "metering_label_id": properties.Schema(
        properties.Schema.STRING,
        _("The metering label ID to associate with this metering rule."),
        required=True,
    ),
    "remote_ip_prefix": properties.Schema(
        properties.Schema.STRING,
        _("Indicates remote IP prefix to be associated with this metering rule."),
        required=True,
    ),
}
RULE_ATTRIBUTES = {
    "direction": attributes.Schema(
        _("The direction in which metering rule is applied."), type=attributes.Schema.STRING
    ),
    "excluded": attributes.Schema(_("Exclude state for cidr."), type=attributes.Schema.STRING),
    "metering_label_id": attributes.Schema(
        _("The metering label ID to associate with this metering rule."),
        type=attributes.Schema.STRING,
    ),
    "remote_ip_prefix": attributes.Schema(
        _("CIDR to be associated with this metering rule."), type=attributes.Schema.STRING
    ),
}


class MeteringLabel(NeutronResource):
    """A Neutron metering label: the traffic of the ranges its rules give, counted at the
    routers and reported as notifications."""

    support_status = SINCE_ICEHOUSE
    entity = "metering_label"
    required_extension = METERING
    properties_schema = LABEL_PROPERTIES
    attributes_schema = LABEL_ATTRIBUTES

    def collection_path(self) -> str:
        return METERING_PATH % "labels"


class MeteringRule(NeutronResource):
    """A range of remote addresses a metering label counts, or leaves out of its count."""

    support_status = SINCE_ICEHOUSE
    entity = "metering_label_rule"
    required_extension = METERING
    properties_schema = RULE_PROPERTIES
    attributes_schema = RULE_ATTRIBUTES

    def collection_path(self) -> str:
        return METERING_PATH % "label-rules"


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {"OS::Neutron::MeteringLabel": MeteringLabel, "OS::Neutron::MeteringRule": MeteringRule}
