"""The rules of the floating IP types that need no Neutron: checks, the bodies sent on
create and update, what an association frees, and a port forwarding's keys."""

import pytest

from heat.common import exception
from tests.unit.engine.resources.openstack.neutron.fake_neutron import (
    FakeNeutron,
    not_found,
    resource,
)

FIP = "OS::Neutron::FloatingIP"
ASSOCIATION = "OS::Neutron::FloatingIPAssociation"
PORT_FORWARD = "OS::Neutron::FloatingIPPortForward"


def test_a_fixed_ip_address_needs_a_port(neutron_engine):
    fip = resource(neutron_engine, FIP, floating_network="public", fixed_ip_address="10.0.0.5")
    with pytest.raises(exception.ResourcePropertyDependency, match="without port_id"):
        fip.validate()


def test_a_fixed_ip_address_with_a_port_is_accepted(neutron_engine):
    fip = resource(
        neutron_engine, FIP, floating_network="public", port_id="p", fixed_ip_address="10.0.0.5"
    )
    fip.validate()


def test_the_create_body_names_network_subnet_and_port_by_id(neutron_engine):
    fip = resource(
        neutron_engine,
        FIP,
        floating_network="public",
        floating_subnet="public-v4",
        port_id="p",
        floating_ip_address="172.24.4.50",
        value_specs={"description": "d"},
    )
    assert fip.create_body() == {
        "floating_network_id": "public-id",
        "subnet_id": "public-v4-id",
        "port_id": "p-id",
        "floating_ip_address": "172.24.4.50",
        "description": "d",
    }


def test_old_templates_floating_network_id_is_the_floating_network(neutron_engine):
    fip = resource(neutron_engine, FIP, floating_network_id="public")
    fip.validate()
    assert fip.create_body() == {"floating_network_id": "public-id"}


def test_floating_network_and_its_old_name_conflict(neutron_engine):
    fip = resource(neutron_engine, FIP, floating_network="public", floating_network_id="public")
    with pytest.raises(exception.ResourcePropertyConflict, match="floating_network_id"):
        fip.validate()


def test_a_new_port_or_fixed_address_moves_the_association_in_place(neutron_engine):
    fip = resource(neutron_engine, FIP, floating_network="public", port_id="q")
    fip.resource_id = "fip-1"
    fip.handle_update(None, {}, {"port_id": "q"})
    assert fip.request.writes() == [
        ("put", "/floatingips/fip-1", {"floatingip": {"port_id": "q-id", "fixed_ip_address": None}})
    ]


def test_a_port_removed_frees_the_floating_ip(neutron_engine):
    fip = resource(neutron_engine, FIP, floating_network="public")
    fip.resource_id = "fip-1"
    fip.handle_update(None, {}, {"port_id": None})
    body = fip.request.writes()[0][2]
    assert body == {"floatingip": {"port_id": None, "fixed_ip_address": None}}


def test_a_dns_name_changed_asks_nothing_of_neutron(neutron_engine):
    fip = resource(neutron_engine, FIP, floating_network="public", dns_name="host")
    fip.resource_id = "fip-1"
    fip.handle_update(None, {}, {"dns_name": "host"})
    assert fip.request.calls == []


def test_a_floating_ip_gone_is_deleted(neutron_engine):
    neutron = FakeNeutron({("delete", "/floatingips/fip-1"): not_found()})
    fip = resource(neutron_engine, FIP, neutron, floating_network="public")
    fip.resource_id = "fip-1"
    fip.handle_delete()


def test_an_association_sets_the_port_and_fixed_address(neutron_engine):
    association = resource(
        neutron_engine, ASSOCIATION, floatingip_id="fip-1", port_id="p", fixed_ip_address="10.0.0.5"
    )
    association._associate()
    assert association.request.writes() == [
        (
            "put",
            "/floatingips/fip-1",
            {"floatingip": {"port_id": "p-id", "fixed_ip_address": "10.0.0.5"}},
        )
    ]


def test_a_new_floating_ip_frees_the_old_one_first(neutron_engine):
    association = resource(
        neutron_engine,
        ASSOCIATION,
        previous={"floatingip_id": "fip-1", "port_id": "p"},
        floatingip_id="fip-2",
        port_id="p",
    )
    association.handle_update(None, {}, {"floatingip_id": "fip-2"})
    assert association.request.writes() == [
        ("put", "/floatingips/fip-1", {"floatingip": {"port_id": None}}),
        (
            "put",
            "/floatingips/fip-2",
            {"floatingip": {"port_id": "p-id", "fixed_ip_address": None}},
        ),
    ]


def test_an_old_floating_ip_already_gone_is_as_good_as_freed(neutron_engine):
    neutron = FakeNeutron({("put", "/floatingips/fip-1"): not_found()})
    association = resource(
        neutron_engine,
        ASSOCIATION,
        neutron,
        previous={"floatingip_id": "fip-1", "port_id": "p"},
        floatingip_id="fip-2",
        port_id="p",
    )
    association.handle_update(None, {}, {"floatingip_id": "fip-2"})
    assert neutron.writes()[-1][1] == "/floatingips/fip-2"


def test_a_new_port_associates_the_same_floating_ip_afresh(neutron_engine):
    association = resource(
        neutron_engine,
        ASSOCIATION,
        previous={"floatingip_id": "fip-1", "port_id": "p"},
        floatingip_id="fip-1",
        port_id="q",
    )
    association.handle_update(None, {}, {"port_id": "q"})
    assert association.request.writes() == [
        ("put", "/floatingips/fip-1", {"floatingip": {"port_id": "q-id", "fixed_ip_address": None}})
    ]


def test_deleting_an_association_frees_the_floating_ip_and_tolerates_it_gone(neutron_engine):
    neutron = FakeNeutron({("put", "/floatingips/fip-1"): not_found()})
    association = resource(neutron_engine, ASSOCIATION, neutron, floatingip_id="fip-1", port_id="p")
    association.resource_id = "7"
    association.handle_delete()
    assert neutron.writes() == [("put", "/floatingips/fip-1", {"floatingip": {"port_id": None}})]


def test_an_association_moved_elsewhere_fails_its_check(neutron_engine):
    neutron = FakeNeutron({("get", "/floatingips/fip-1"): {"floatingip": {"port_id": "other"}}})
    association = resource(neutron_engine, ASSOCIATION, neutron, floatingip_id="fip-1", port_id="p")
    with pytest.raises(exception.Error, match="not with port p-id"):
        association.handle_check()


def test_a_port_forwarding_is_an_item_of_its_floating_ip_under_neutrons_keys(neutron_engine):
    forward = resource(
        neutron_engine,
        PORT_FORWARD,
        floating_ip="172.24.4.9",
        internal_port="p",
        internal_port_number=22,
        internal_ip_address="10.0.0.5",
        external_port=2222,
        protocol="tcp",
    )
    assert forward.collection_path() == "/floatingips/172.24.4.9-id/port_forwardings"
    assert forward.create_body() == {
        "internal_port_id": "p-id",
        "internal_port": 22,
        "internal_ip_address": "10.0.0.5",
        "external_port": 2222,
        "protocol": "tcp",
    }
    assert forward.update_body({"internal_port_number": 23}) == {"internal_port": 23}


def test_a_port_forwardings_live_state_reads_neutrons_keys(neutron_engine):
    forward = resource(
        neutron_engine,
        PORT_FORWARD,
        floating_ip="f",
        internal_port="p",
        internal_ip_address="10.0.0.5",
        external_port=2222,
        protocol="tcp",
    )
    data = {
        "internal_port_id": "p-id",
        "internal_port": 22,
        "internal_ip_address": "10.0.0.6",
        "external_port": 2222,
        "protocol": "udp",
    }
    assert forward.parse_live_resource_data(forward.properties, data) == {
        "internal_port": "p-id",
        "internal_port_number": 22,
        "internal_ip_address": "10.0.0.6",
        "external_port": 2222,
        "protocol": "udp",
    }


def test_a_replaced_association_frees_the_floating_ip_it_recorded_first(neutron_engine):
    association = resource(neutron_engine, ASSOCIATION, floatingip_id="fip-1", port_id="p")
    association.handle_create()
    copy = resource(neutron_engine, ASSOCIATION, floatingip_id="fip-2", port_id="p")
    copy.id, copy.resource_id = association.id, association.resource_id
    copy.prepare_for_replace()
    assert copy.request.writes() == [
        ("put", "/floatingips/fip-1", {"floatingip": {"port_id": None}})
    ]
    assert copy.resource_id is None


def test_a_port_forwarding_is_deleted_from_the_floating_ip_it_was_made_on(neutron_engine):
    properties = {
        "internal_port": "p",
        "internal_ip_address": "10.0.0.5",
        "external_port": 2222,
        "protocol": "tcp",
    }
    forward = resource(neutron_engine, PORT_FORWARD, floating_ip="f1", **properties)
    forward.after_create()
    copy = resource(neutron_engine, PORT_FORWARD, floating_ip="f2", **properties)
    copy.id, copy.resource_id = forward.id, "pf-1"
    copy.handle_delete()
    assert copy.request.writes() == [("delete", "/floatingips/f1-id/port_forwardings/pf-1", None)]


def test_a_port_forwarding_replaced_is_deleted_first_and_then_owns_nothing(neutron_engine):
    forward = resource(
        neutron_engine,
        PORT_FORWARD,
        floating_ip="f1",
        internal_port="p",
        internal_ip_address="10.0.0.5",
        external_port=2222,
        protocol="tcp",
    )
    forward.after_create()
    forward.resource_id_set("pf-1")
    forward.prepare_for_replace()
    assert forward.request.writes() == [
        ("delete", "/floatingips/f1-id/port_forwardings/pf-1", None)
    ]
    assert forward.resource_id is None
