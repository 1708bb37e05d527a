"""The rules of the Manila types that need no Manila: what a share network refuses before
asking Neutron, how a template's access rules are compared with a share's, and how names
and ids are told apart. (Against the lab's Manila: tests/functional/lab/manila.)"""

import types

import pytest

from heat.common import exception
from heat.engine.clients.os.manila import find_one
from heat.engine.resources.openstack.manila import share_access
from tests.unit.engine.resources.openstack.conftest import offline_resource


def test_a_share_network_on_nova_network_is_refused(service_engine):
    network = offline_resource(service_engine, "OS::Manila::ShareNetwork", nova_network="n")
    with pytest.raises(
        exception.StackValidationFailed, match="Nova network is no longer supported"
    ):
        network.validate()


def test_a_share_network_with_a_network_needs_its_subnet(service_engine):
    network = offline_resource(service_engine, "OS::Manila::ShareNetwork", neutron_network="n")
    with pytest.raises(exception.ResourcePropertyDependency) as raised:
        network.validate()
    assert "neutron_network" in str(raised.value) and "neutron_subnet" in str(raised.value)


def test_a_share_network_without_neutron_asks_nothing(service_engine):
    offline_resource(service_engine, "OS::Manila::ShareNetwork", name="n").validate()


def test_a_share_type_shows_only_the_extra_specs_of_the_template(service_engine):
    share_type = offline_resource(
        service_engine, "OS::Manila::ShareType", name="t", driver_handles_share_servers=False
    )
    specs = {"driver_handles_share_servers": "False", "snapshot_support": "True", "a": "1"}
    live = share_type.parse_live_resource_data(share_type.properties, {"extra_specs": specs})
    assert live == {"extra_specs": {"a": "1"}}


class FakeShares:
    """openstacksdk's shared-file-system calls on access rules, kept in a list."""

    def __init__(self, *rules):
        self.rules = [
            types.SimpleNamespace(id=str(index), access_to=to, access_type=kind, access_level=level)
            for index, (to, kind, level) in enumerate(rules)
        ]
        self.granted: list[tuple] = []
        self.revoked: list[str] = []

    def access_rules(self, share_id):
        return list(self.rules)

    def create_access_rule(self, share_id, **fields):
        self.granted.append((fields["access_to"], fields["access_type"], fields["access_level"]))

    def delete_access_rule(self, rule_id, share_id):
        self.revoked.append(rule_id)


def test_rules_no_longer_listed_are_revoked_and_new_ones_granted():
    client = FakeShares(("10.1.0.0/24", "ip", "ro"), ("10.2.0.0/24", "ip", "rw"))
    wanted = [
        {"access_to": "10.2.0.0/24", "access_type": "ip", "access_level": "rw"},
        {"access_to": "alice", "access_type": "user", "access_level": "ro"},
    ]
    share_access.make_current(client, "s", wanted)
    assert (client.revoked, client.granted) == (["0"], [("alice", "user", "ro")])


def test_a_rule_naming_no_level_is_the_read_write_rule_manila_keeps():
    client = FakeShares(("10.2.0.0/24", "ip", "rw"))
    share_access.make_current(
        client, "s", [{"access_to": "10.2.0.0/24", "access_type": "ip", "access_level": None}]
    )
    assert (client.revoked, client.granted) == ([], [])


def test_a_rule_listed_twice_is_granted_once():
    client = FakeShares()
    rule = {"access_to": "10.3.0.0/24", "access_type": "ip", "access_level": "ro"}
    share_access.make_current(client, "s", [rule, dict(rule)])
    assert client.granted == [("10.3.0.0/24", "ip", "ro")]


NETWORKS = [{"id": "id-2", "name": "id-1"}, {"id": "id-1", "name": "files"}]


def test_an_id_is_found_before_a_name_that_spells_it():
    assert find_one(NETWORKS, "id-1", "share network")["name"] == "files"


def test_a_name_is_found_when_no_id_matches():
    assert find_one(NETWORKS, "files", "share network")["id"] == "id-1"


def test_a_name_two_items_share_is_ambiguous():
    twins = [{"id": "a", "name": "x"}, {"id": "b", "name": "x"}]
    with pytest.raises(exception.PhysicalResourceNameAmbiguity):
        find_one(twins, "x", "share network")


def test_a_name_nothing_has_is_not_found():
    with pytest.raises(exception.EntityNotFound, match=r"The share type \(gold\) could not be"):
        find_one(NETWORKS, "gold", "share type")
