"""The service function chaining types of networking-sfc, items of ``/sfc/...``:
``OS::Neutron::PortPair`` (a service function's ingress and egress ports),
``PortPairGroup``, ``FlowClassifier`` and ``PortChain``. Neutron needs the ``sfc``
extension (``flow_classifier`` for the classifier); every reference is sent by id.
"""

from typing import Any, ClassVar

from heat.common.i18n import _
from heat.engine import constraints, properties, support
from heat.engine.resources.openstack.neutron.neutron_resource import NeutronResource

PAIR_PROPERTIES = {
    "description": properties.Schema(
        properties.Schema.STRING,
        _("Description for the Port Pair."),
        update_allowed=True,
    ),
    "egress": properties.Schema(
        properties.Schema.STRING,
        _("ID or name of the egress neutron port."),
        required=True,
        constraints=[constraints.CustomConstraint("neutron.port")],
    ),
    "ingress": properties.Schema(
        properties.Schema.STRING,
        _("ID or name of the ingress neutron port."),
        required=True,
        constraints=[constraints.CustomConstraint("neutron.port")],
    ),
    "name": properties.Schema(
        properties.Schema.STRING,
        _("Name for the Port Pair."),
        update_allowed=True,
    ),
    "service_function_parameters": properties.Schema(
        properties.Schema.MAP,
        _(
            "Dictionary of service function parameter. Currently only correlation=None is "
            "supported."
        ),
        default={"correlation": None},
    ),
}
GROUP_PROPERTIES = {
    "description": properties.Schema(
        properties.Schema.STRING,
        _("Description for the Port Pair Group."),
        update_allowed=True,
    ),
    "name": properties.Schema(
        properties.Schema.STRING,
        _("Name for the Port Pair Group."),
        update_allowed=True,
    ),
    "port_pairs": properties.Schema(
        properties.Schema.LIST,
        _("A list of Port Pair IDs or names to apply."),
        required=True,
        update_allowed=True,
        schema=properties.Schema(
            properties.Schema.STRING,
            _("Port Pair ID or name ."),
            constraints=[constraints.CustomConstraint("neutron.port_pair")],
        ),
    ),
}
CHAIN_PROPERTIES = {
    "chain_parameters": properties.Schema(
        properties.Schema.MAP,
        _(
            "Dictionary of chain parameters. Currently, only correlation=mpls is supported by "
            "default."
        ),
        default={"correlation": "mpls"},
    ),
    "description": properties.Schema(
        properties.Schema.STRING,
        _("Description for the Port Chain."),
        update_allowed=True,
    ),
    "flow_classifiers": properties.Schema(
        properties.Schema.LIST,
        _("A list of flow classifiers to apply to the Port Chain."),
        default=[],
        update_allowed=True,
        schema=properties.Schema(
            properties.Schema.STRING,
            _("Flow Classifier ID or Name ."),
            constraints=[constraints.CustomConstraint("neutron.flow_classifier")],
        ),
    ),
    "name": properties.Schema(
        properties.Schema.STRING,
        _("Name of the Port Chain."),
        update_allowed=True,
    ),
    "port_pair_groups": properties.Schema(
        properties.Schema.LIST,
        _("A list of port pair groups to apply to the Port Chain."),
        required=True,
        update_allowed=True,
        schema=properties.Schema(
            properties.Schema.STRING,
            _("Port Pair Group ID or Name ."),
            constraints=[constraints.CustomConstraint("neutron.port_pair_group")],
        ),
    ),
}
CLASSIFIER_PROPERTIES = {
    "description": properties.Schema(
        properties.Schema.STRING,
        _("Description for the Flow Classifier."),
        update_allowed=True,
    ),
    "destination_ip_prefix": properties.Schema(
        properties.Schema.STRING,
        _("Destination IP prefix or subnet."),
        constraints=[constraints.CustomConstraint("net_cidr")],
    ),
    "destination_port_range_max": properties.Schema(
        properties.Schema.INTEGER,
        _("Destination protocol port maximum."),
        constraints=[constraints.Range(max=65535, min=1)],
    ),
    "destination_port_range_min": properties.Schema(
        properties.Schema.INTEGER,
        _("Destination protocol port minimum."),
        constraints=[constraints.Range(max=65535, min=1)],
    ),
    "ethertype": properties.Schema(
        properties.Schema.STRING,
        _("L2 ethertype."),
        default="IPv4",
        constraints=[constraints.AllowedValues(["IPv4", "IPv6"])],
    ),
    "l7_parameters": properties.Schema(
        properties.Schema.MAP,
        _("Dictionary of L7-parameters."),
    ),
    "logical_destination_port": properties.Schema(
        properties.Schema.STRING,
        _("ID or name of the neutron destination port."),
        constraints=[constraints.CustomConstraint("neutron.port")],
    ),
    "logical_source_port": properties.Schema(
        properties.Schema.STRING,
        _("ID or name of the neutron source port."),
        constraints=[constraints.CustomConstraint("neutron.port")],
    ),
    "name": properties.Schema(
        properties.Schema.STRING,
        _("Name of the Flow Classifier."),
        update_allowed=True,
    ),
    "protocol": properties.Schema(
        properties.Schema.STRING,
        _("IP Protocol for the Flow Classifier."),
        constraints=[constraints.AllowedValues(["tcp", "udp", "icmp"])],
    ),
    "source_ip_prefix": properties.Schema(
        properties.Schema.STRING,
        _("Source IP prefix or subnet."),
        constraints=[constraints.CustomConstraint("net_cidr")],
    ),
    "source_port_range_max": properties.Schema(
        properties.Schema.INTEGER,
        _("Source protocol port Maximum."),
        constraints=[constraints.Range(max=65535, min=1)],
    ),
    "source_port_range_min": properties.Schema(
        properties.Schema.INTEGER,
        _("Source protocol port Minimum."),
        constraints=[constraints.Range(max=65535, min=1)],
    ),
}


class ChainItem(NeutronResource):
    """An item of networking-sfc's collections under ``/sfc``, whose references (the
    properties of ``references``, a name or id or a list of them) are sent by id."""

    required_extension = "sfc"
    #: Property -> the kind of Neutron item it names.
    references: ClassVar[dict[str, str]] = {}

    def collection_path(self) -> str:
        return "/sfc/%ss" % self.entity

    def neutron_values(self, values: dict[str, Any]) -> dict[str, Any]:
        for key, kind in self.references.items():
            value = values.get(key)
            if isinstance(value, list):
                values[key] = [self.neutron_id(kind, item) for item in value]
            elif value is not None:
                values[key] = self.neutron_id(kind, value)
        return values


class PortPair(ChainItem):
    """A service function instance: its ingress and egress ports."""

    support_status = support.SupportStatus(version="7.0.0", status=support.UNSUPPORTED)
    entity = "port_pair"
    properties_schema = PAIR_PROPERTIES
    references = {"ingress": "port", "egress": "port"}


class PortPairGroup(ChainItem):
    """Port pairs of equivalent service functions, traffic balanced among them."""

    support_status = support.SupportStatus(version="8.0.0", status=support.UNSUPPORTED)
    entity = "port_pair_group"
    properties_schema = GROUP_PROPERTIES
    references = {"port_pairs": "port_pair"}


class FlowClassifier(ChainItem):
    """The traffic a port chain takes in."""

    support_status = support.SupportStatus(version="8.0.0", status=support.UNSUPPORTED)
    entity = "flow_classifier"
    required_extension = "flow_classifier"
    properties_schema = CLASSIFIER_PROPERTIES
    references = {"logical_source_port": "port", "logical_destination_port": "port"}


class PortChain(ChainItem):
    """The classified traffic led through port pair groups in order."""

    support_status = support.SupportStatus(version="8.0.0", status=support.UNSUPPORTED)
    entity = "port_chain"
    properties_schema = CHAIN_PROPERTIES
    references = {"port_pair_groups": "port_pair_group", "flow_classifiers": "flow_classifier"}


def resource_mapping() -> dict[str, type]:
    """The types this module provides."""
    return {
        "OS::Neutron::PortPair": PortPair,
        "OS::Neutron::PortPairGroup": PortPairGroup,
        "OS::Neutron::FlowClassifier": FlowClassifier,
        "OS::Neutron::PortChain": PortChain,
    }
