"""The types whose Neutron extension no Neutron of today has are refused naming the
extension, before anything is made: the network gateway of VMware's NSX plugin, and the
firewall of FWaaS v1 (``fwaas``), which neutron-fwaas dropped for its v2 API
(``fwaas_v2``, firewall groups), which heat's types do not use."""

import pytest

from heat.common import exception
from tests.functional.lab.neutron.conftest import stack_template

PORT = {"type": "OS::Neutron::Port", "properties": {"network": {"get_resource": "net"}}}

TYPES = [
    (
        "OS::Neutron::NetworkGateway",
        {"devices": [{"id": "d", "interface_name": "eth1"}]},
        "network-gateway",
    ),
    ("OS::Neutron::Firewall", {"firewall_policy_id": "p"}, "fwaas"),
    ("OS::Neutron::FirewallPolicy", {}, "fwaas"),
    ("OS::Neutron::FirewallRule", {}, "fwaas"),
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
