"""Which nics of a networks update keep their interface: the cases heat-tempest-plugin's
UpdateServerNetworksTest plays against a real cloud, here with Neutron's lookups answered
from a table (ids are their own names; subnet ``sub`` is on network ``net``)."""

import types

from heat.engine.resources.openstack.nova import nic_matching, server_networks

SUBNET_NETWORKS = {"sub": "net", "sub2": "net"}


class TableNeutron:
    """Neutron's lookups at the client boundary: every name is its own id."""

    def find_resourceid_by_name_or_id(self, kind, value):
        return value

    def find_resource(self, kind, value):
        return types.SimpleNamespace(network_id=SUBNET_NETWORKS[value])


SERVER = types.SimpleNamespace(client_plugin=lambda name: TableNeutron())


def interface(port, ip, subnet="sub", network="net"):
    return types.SimpleNamespace(
        port_id=port, net_id=network, fixed_ips=[{"ip_address": ip, "subnet_id": subnet}]
    )


def nic(**values):
    return {key: values.get(key) for key in server_networks.KEYS}


def ports(nics):
    return sorted(old["port"] for old in nics)


def test_a_network_nic_that_becomes_its_subnet_keeps_its_port():
    removed, added, _ = nic_matching.split(
        SERVER, [nic(network="net")], [nic(subnet="sub")], [interface("p0", "10.0.0.5")]
    )
    assert (removed, added) == ([], [])


def test_a_network_nic_that_becomes_the_port_it_made_keeps_it():
    removed, added, _ = nic_matching.split(
        SERVER, [nic(network="net")], [nic(port="p0")], [interface("p0", "10.0.0.5")]
    )
    assert (removed, added) == ([], [])


def test_adding_the_address_it_has_changes_nothing():
    new = [nic(network="net", fixed_ip="10.0.0.5")]
    removed, added, _ = nic_matching.split(
        SERVER, [nic(network="net")], new, [interface("p0", "10.0.0.5")]
    )
    assert (removed, added) == ([], [])


def test_another_address_replaces_the_interface():
    new = [nic(network="net", fixed_ip="10.0.0.6")]
    removed, added, _ = nic_matching.split(
        SERVER, [nic(network="net")], new, [interface("p0", "10.0.0.5")]
    )
    assert ports(removed) == ["p0"] and added == [(0, new[0])]


def test_swapped_nics_keep_every_port():
    old = [nic(network="net"), nic(network="net", fixed_ip="10.0.0.33"), nic(subnet="sub")]
    new = [nic(subnet="sub"), nic(network="net"), nic(network="net", subnet="sub")]
    interfaces = [
        interface("p1", "10.0.0.33"),
        interface("p0", "10.0.0.5"),
        interface("p2", "10.0.0.6"),
    ]
    removed, added, _ = nic_matching.split(SERVER, old, new, interfaces)
    assert (removed, added) == ([], [])


def test_a_new_nic_is_added_and_a_dropped_one_removed():
    old = [nic(network="net"), nic(network="other")]
    new = [nic(network="net"), nic(subnet="sub2", floating_ip="fip")]
    interfaces = [interface("p0", "10.0.0.5"), interface("p1", "10.1.0.5", "s9", "other")]
    removed, added, _ = nic_matching.split(SERVER, old, new, interfaces)
    assert ports(removed) == ["p1"] and added == [(1, new[1])]


def test_a_nic_changed_only_in_its_port_extras_is_reported_as_such():
    old = [nic(network="net", port_extra_properties={"admin_state_up": True})]
    new = [nic(network="net", port_extra_properties={"admin_state_up": False})]
    removed, added, extras = nic_matching.split(SERVER, old, new, [interface("p0", "10.0.0.5")])
    assert (removed, added) == ([], [])
    [(old_nic, position, new_nic)] = extras
    assert (old_nic["port"], position, new_nic) == ("p0", 0, new[0])
