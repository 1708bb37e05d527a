"""The rules of OS::Neutron::Segment, Quota, MeteringLabel and MeteringRule that need no
Neutron: what each network type asks of a segment, quotas given, and a type unavailable
when Neutron lacks its extension."""

import dataclasses

import pytest
from oslo_config import cfg

from heat.common import config, exception
from tests.unit.engine.resources.conftest import Engine
from tests.unit.engine.resources.openstack.neutron.conftest import rules_resource


def resource(neutron_engine, type_name, **properties):
    return rules_resource(
        neutron_engine,
        type_name,
        ids=lambda kind, value: value and "%s-id-of-%s" % (kind, value),
        **properties,
    )


SEGMENT = "OS::Neutron::Segment"


@pytest.mark.parametrize(
    ("properties", "message"),
    [
        ({"network_type": "flat"}, "physical_network is required for flat provider network"),
        ({"network_type": "vlan"}, "physical_network is required for vlan provider network"),
        (
            {"network_type": "vlan", "physical_network": "p"},
            "segmentation_id is required for vlan provider network",
        ),
        (
            {"network_type": "local", "segmentation_id": 5},
            "segmentation_id is prohibited for local provider network",
        ),
        (
            {"network_type": "flat", "physical_network": "p", "segmentation_id": 5},
            "segmentation_id is prohibited for flat provider network",
        ),
        (
            {"network_type": "vxlan", "physical_network": "p"},
            "physical_network is prohibited for vxlan provider network",
        ),
        (
            {"network_type": "vlan", "physical_network": "p", "segmentation_id": 4095},
            "Up to 4094 VLAN network segments can exist on each physical_network",
        ),
    ],
)
def test_what_a_network_type_asks_of_a_segment(neutron_engine, properties, message):
    segment = resource(neutron_engine, SEGMENT, network="n", **properties)
    with pytest.raises(exception.StackValidationFailed, match=message):
        segment.validate()


@pytest.mark.parametrize(
    "properties",
    [
        {"network_type": "vlan", "physical_network": "p", "segmentation_id": 4094},
        {"network_type": "vxlan", "segmentation_id": 77},
        {"network_type": "flat", "physical_network": "p"},
        {"network_type": "local"},
    ],
)
def test_segments_as_their_network_type_wants(neutron_engine, properties):
    resource(neutron_engine, SEGMENT, network="n", **properties).validate()


def test_a_segment_is_made_on_its_network_by_id(neutron_engine):
    segment = resource(neutron_engine, SEGMENT, network="n", network_type="vxlan")
    assert segment.create_body() == {
        "network_id": "network-id-of-n",
        "network_type": "vxlan",
        "name": segment.physical_resource_name(),
    }


QUOTA = "OS::Neutron::Quota"


def test_a_quota_resource_sets_at_least_one_quota(neutron_engine):
    quota = resource(neutron_engine, QUOTA, project="demo")
    with pytest.raises(exception.PropertyUnspecifiedError) as raised:
        quota.validate()
    assert "floatingip, network, port, rbac_policy, router, security_group" in str(raised.value)


def test_only_the_quotas_given_are_sent(neutron_engine):
    quota = resource(neutron_engine, QUOTA, project="demo", network=3, port=-1)
    assert quota.quota_body() == {"network": 3, "port": -1}


class NeutronWithout:
    """Clients whose Neutron is reachable and has every extension but ``missing``."""

    def __init__(self, missing):
        self.missing = missing

    def unavailable_reason(self, name):
        return None

    def client_plugin(self, name=None):
        return self

    def has_extension(self, alias):
        return alias != self.missing


@pytest.mark.parametrize(
    ("type_name", "extension"),
    [
        ("OS::Neutron::MeteringLabel", "metering"),
        ("OS::Neutron::MeteringRule", "metering"),
        ("OS::Neutron::Segment", "segment"),
        ("OS::Neutron::AddressScope", "address-scope"),
        ("OS::Neutron::SubnetPool", "subnet_allocation"),
        ("OS::Neutron::RBACPolicy", "rbac-policies"),
        ("OS::Neutron::Quota", "quotas"),
    ],
)
def test_a_type_is_unavailable_without_its_extension(neutron_engine, type_name, extension):
    neutron_engine.context.clients = NeutronWithout(extension)
    settings = dataclasses.replace(neutron_engine.settings, conf=config.register(cfg.ConfigOpts()))
    stack = Engine(neutron_engine.context, neutron_engine.global_env, settings).stack(
        {"it": {"type": type_name}}
    )
    with pytest.raises(exception.ResourceTypeUnavailable) as raised:
        stack.resources["it"].check_service_available()
    assert "Required extension %s in neutron service is not available." % extension in str(
        raised.value
    )
    assert type_name in str(raised.value)


def test_a_metering_rule_counts_ingress_and_excludes_nothing_by_default(neutron_engine):
    rule = resource(
        neutron_engine,
        "OS::Neutron::MeteringRule",
        metering_label_id="label",
        remote_ip_prefix="10.0.0.0/24",
    )
    assert rule.create_body() == {
        "metering_label_id": "label",
        "remote_ip_prefix": "10.0.0.0/24",
        "direction": "ingress",
        "excluded": False,
    }


@pytest.mark.parametrize(
    ("type_name", "path"),
    [
        ("OS::Neutron::MeteringLabel", "/metering/metering-labels"),
        ("OS::Neutron::MeteringRule", "/metering/metering-label-rules"),
    ],
)
def test_metering_items_live_in_the_extensions_collections(neutron_engine, type_name, path):
    assert resource(neutron_engine, type_name).collection_path() == path


def test_deleting_quotas_resets_the_project_they_were_set_for(neutron_engine):
    quota = resource(neutron_engine, QUOTA, project="now-another", network=3)
    quota.resource_id = "quota-of-stack"
    quota.data = lambda: {"project_id": "first-project"}
    sent = []
    quota.request = lambda method, path, body=None: sent.append((method, path))
    quota.handle_delete()
    assert sent == [("delete", "/quotas/first-project")]
