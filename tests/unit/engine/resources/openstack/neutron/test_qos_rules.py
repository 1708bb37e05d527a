"""The rules of the QoS types that need no Neutron: a rule's path inside its policy, its
body without the policy, the marks and directions allowed, and the extension each needs."""

import dataclasses

import pytest

from heat.common import exception
from tests.unit.engine.resources.conftest import Engine
from tests.unit.engine.resources.openstack.neutron.conftest import rules_resource


def resource(neutron_engine, type_name, **properties):
    return rules_resource(
        neutron_engine, type_name, ids=lambda kind, value: "%s-id" % value, **properties
    )


def test_a_policy_is_an_item_of_qos_policies_named_as_its_resource(neutron_engine):
    policy = resource(neutron_engine, "OS::Neutron::QoSPolicy", description="d")
    assert policy.collection_path() == "/qos/policies"
    assert policy.create_body() == {
        "name": policy.physical_resource_name(),
        "description": "d",
        "shared": False,
    }


@pytest.mark.parametrize(
    "type_name, properties, collection, body",
    [
        (
            "OS::Neutron::QoSBandwidthLimitRule",
            {"max_kbps": 1000},
            "bandwidth_limit_rules",
            {"max_kbps": 1000, "max_burst_kbps": 0, "direction": "egress"},
        ),
        ("OS::Neutron::QoSDscpMarkingRule", {"dscp_mark": 16}, "dscp_marking_rules", None),
        (
            "OS::Neutron::QoSMinimumBandwidthRule",
            {"min_kbps": 10, "direction": "ingress"},
            "minimum_bandwidth_rules",
            None,
        ),
        (
            "OS::Neutron::QoSMinimumPacketRateRule",
            {"min_kpps": 10, "direction": "any"},
            "minimum_packet_rate_rules",
            None,
        ),
    ],
)
def test_a_rule_lives_in_its_policy_and_its_body_leaves_the_policy_out(
    neutron_engine, type_name, properties, collection, body
):
    rule = resource(neutron_engine, type_name, policy="gold", **properties)
    rule.validate()
    assert rule.collection_path() == "/qos/policies/gold-id/%s" % collection
    assert rule.create_body() == (body or properties)


@pytest.mark.parametrize("mark, allowed", [(16, True), (4, False), (42, False), (56, True)])
def test_only_neutrons_dscp_marks_are_allowed(global_env, mark, allowed):
    schema = global_env.get_class("OS::Neutron::QoSDscpMarkingRule").properties_schema
    if allowed:
        schema["dscp_mark"].validate_constraints(mark)
    else:
        with pytest.raises(exception.HeatException, match="is not an allowed value"):
            schema["dscp_mark"].validate_constraints(mark)


@pytest.mark.parametrize(
    "type_name, rate",
    [("QoSBandwidthLimitRule", "max_kbps"), ("QoSMinimumBandwidthRule", "min_kbps")],
)
def test_only_the_packet_rate_rule_takes_any_direction(global_env, type_name, rate):
    schema = global_env.get_class("OS::Neutron::" + type_name).properties_schema
    with pytest.raises(exception.HeatException, match="is not an allowed value"):
        schema["direction"].validate_constraints("any")
    global_env.get_class("OS::Neutron::QoSMinimumPacketRateRule").properties_schema[
        "direction"
    ].validate_constraints("any")


def test_a_negative_rate_is_refused(global_env):
    schema = global_env.get_class("OS::Neutron::QoSBandwidthLimitRule").properties_schema
    with pytest.raises(exception.HeatException, match="out of range"):
        schema["max_kbps"].validate_constraints(-1)


@pytest.mark.parametrize(
    "type_name, extension",
    [
        ("QoSPolicy", "qos"),
        ("QoSBandwidthLimitRule", "qos"),
        ("QoSDscpMarkingRule", "qos"),
        ("QoSMinimumBandwidthRule", "qos-bw-minimum-ingress"),
        ("QoSMinimumPacketRateRule", "qos-pps-minimum"),
    ],
)
def test_each_type_needs_its_extension(global_env, type_name, extension):
    assert global_env.get_class("OS::Neutron::" + type_name).required_extension == extension


def test_a_description_removed_from_a_policy_is_sent_empty(neutron_engine):
    policy = resource(neutron_engine, "OS::Neutron::QoSPolicy")
    assert policy.update_body({"description": None}) == {"description": ""}


class NeutronWithout:
    """A Neutron client plugin and catalog that have every extension but ``missing``."""

    def __init__(self, missing):
        self.missing = missing

    def unavailable_reason(self, name):
        return None

    def has_extension(self, alias):
        return alias != self.missing


def test_a_rule_type_whose_extension_neutron_lacks_is_unavailable_naming_it(engine, global_env):
    properties = {"policy": "p", "min_kpps": 1}
    settings = dataclasses.replace(engine.settings, conf=object())
    stack = Engine(engine.context, global_env, settings).stack(
        {"it": {"type": "OS::Neutron::QoSMinimumPacketRateRule", "properties": properties}}
    )
    rule = stack.resources["it"]
    neutron = NeutronWithout("qos-pps-minimum")
    stack.context.clients = neutron
    rule.client_plugin = lambda name=None: neutron
    with pytest.raises(exception.ResourceTypeUnavailable) as raised:
        rule.check_service_available()
    assert "Required extension qos-pps-minimum in neutron service is not available." in str(
        raised.value
    )
