"""The types whose Neutron extension the lab lacks (Trunk, NetworkGateway, and one type of
each extension package: neutron-fwaas, neutron-vpnaas, tap-as-a-service, networking-l2gw,
networking-sfc) are refused naming the extension, before anything is made."""

import pytest

from heat.common import exception
from tests.functional.lab.neutron.conftest import stack_template

PORT = {"type": "OS::Neutron::Port", "properties": {"network": {"get_resource": "net"}}}

TYPES = [
    ("OS::Neutron::Trunk", {"port": {"get_resource": "port"}}, "trunk"),
    (
        "OS::Neutron::NetworkGateway",
        {"devices": [{"id": "d", "interface_name": "eth1"}]},
        "network-gateway",
    ),
    ("OS::Neutron::Firewall", {"firewall_policy_id": "p"}, "fwaas"),
    (
        "OS::Neutron::VPNService",
        {"subnet": {"get_resource": "subnet"}, "router": {"get_resource": "router"}},
        "vpnaas",
    ),
    ("OS::Neutron::TaaS::TapService", {"port": {"get_resource": "port"}}, "taas"),
    (
        "OS::Neutron::L2Gateway",
        {"name": "g", "devices": [{"device_name": "s", "interfaces": [{"name": "eth1"}]}]},
        "l2-gateway",
    ),
    (
        "OS::Neutron::PortPair",
        {"ingress": {"get_resource": "port"}, "egress": {"get_resource": "port"}},
        "sfc",
    ),
    ("OS::Neutron::FlowClassifier", {"protocol": "tcp"}, "flow_classifier"),
    ("OS::Neutron::PortPairGroup", {"port_pairs": ["pair"]}, "sfc"),
    ("OS::Neutron::PortChain", {"port_pair_groups": ["group"], "flow_classifiers": ["c"]}, "sfc"),
    (
        "OS::Neutron::TaaS::TapFlow",
        {"port": {"get_resource": "port"}, "tap_service": "service"},
        "taas",
    ),
]


def template(type_name: str, properties: dict) -> dict:
    return stack_template(
        {
            "net": {"type": "OS::Neutron::Net"},
            "subnet": {
                "type": "OS::Neutron::Subnet",
                "properties": {"network": {"get_resource": "net"}, "cidr": "10.12.0.0/24"},
            },
            "router": {"type": "OS::Neutron::Router"},
            "port": PORT,
            "it": {"type": type_name, "properties": properties},
        }
    )


@pytest.mark.parametrize("type_name, properties, extension", TYPES)
def test_a_type_whose_extension_the_lab_lacks_is_refused_naming_it(
    admin_stacks, admin_cloud, unique_name, type_name, properties, extension
):
    message = "Required extension %s in neutron service is not available." % extension
    with pytest.raises(exception.HeatException, match=message):
        admin_stacks.create(template(type_name, properties), name=unique_name)
    # Nothing of the stack was made (its network would be named after it); other tests'
    # networks come and go meanwhile, so only the stack's own are looked for.
    names = [network.name for network in admin_cloud.network.networks()]
    assert not [name for name in names if name.startswith(unique_name)]
