"""The rules of the types whose Neutron extension lives elsewhere (Trunk, NetworkGateway,
FWaaS, VPNaaS, TaaS, L2 gateway, SFC) that need no Neutron: their collections, bodies,
checks, the extension each needs and the custom constraints that refuse without it."""

import pytest

from heat.common import exception
from heat.engine.constraint_plugins.services import ServiceConstraint
from tests.unit.engine.resources.openstack.neutron.conftest import rules_resource


def resource(neutron_engine, type_name, **properties):
    return rules_resource(
        neutron_engine,
        type_name,
        ids=lambda kind, value: value and "%s-%s" % (kind, value),
        **properties,
    )


@pytest.mark.parametrize(
    "type_name, extension, collection",
    [
        ("Trunk", "trunk", "/trunks"),
        ("NetworkGateway", "network-gateway", "/network-gateways"),
        ("Firewall", "fwaas", "/fw/firewalls"),
        ("FirewallPolicy", "fwaas", "/fw/firewall_policies"),
        ("FirewallRule", "fwaas", "/fw/firewall_rules"),
        ("VPNService", "vpnaas", "/vpn/vpnservices"),
        ("IKEPolicy", "vpnaas", "/vpn/ikepolicies"),
        ("IPsecPolicy", "vpnaas", "/vpn/ipsecpolicies"),
        ("IPsecSiteConnection", "vpnaas", "/vpn/ipsec-site-connections"),
        ("TaaS::TapService", "taas", "/taas/tap_services"),
        ("TaaS::TapFlow", "taas", "/taas/tap_flows"),
        ("L2Gateway", "l2-gateway", "/l2-gateways"),
        ("L2GatewayConnection", "l2-gateway-connection", "/l2-gateway-connections"),
        ("PortPair", "sfc", "/sfc/port_pairs"),
        ("PortPairGroup", "sfc", "/sfc/port_pair_groups"),
        ("PortChain", "sfc", "/sfc/port_chains"),
        ("FlowClassifier", "flow_classifier", "/sfc/flow_classifiers"),
    ],
)
def test_each_type_needs_its_extension_and_has_its_collection(
    global_env, type_name, extension, collection
):
    kind = global_env.get_class("OS::Neutron::" + type_name)
    assert kind.required_extension == extension
    assert kind.collection_path(kind) == collection


def test_a_trunk_names_its_ports_by_id(neutron_engine):
    sub_port = {"port": "p2", "segmentation_type": "vlan", "segmentation_id": 10}
    trunk = resource(neutron_engine, "OS::Neutron::Trunk", port="p1", sub_ports=[sub_port])
    body = trunk.create_body()
    assert body["port_id"] == "port-p1" and "port" not in body
    assert body["sub_ports"] == [
        {"port_id": "port-p2", "segmentation_type": "vlan", "segmentation_id": 10}
    ]


def test_a_trunk_update_removes_then_adds_the_changed_subports(neutron_engine):
    def sub(port, vlan):
        return {"port": port, "segmentation_type": "vlan", "segmentation_id": vlan}

    trunk = resource(neutron_engine, "OS::Neutron::Trunk", port="p")
    trunk.previous_value = lambda key: [sub("a", 1), sub("b", 2)]
    removed, added = trunk.subport_changes({"sub_ports": [sub("a", 1), sub("b", 3), sub("c", 4)]})
    assert removed == [{"port_id": "port-b"}]
    assert [s["port_id"] for s in added] == ["port-b", "port-c"]


@pytest.mark.parametrize(
    "connection, message",
    [
        ({"segmentation_type": "vlan"}, "segmentation_id must be specified for using vlan"),
        ({"segmentation_type": "flat", "segmentation_id": 5}, "except 0 for using flat"),
    ],
)
def test_a_gateway_connections_segmentation(neutron_engine, connection, message):
    gateway = resource(
        neutron_engine,
        "OS::Neutron::NetworkGateway",
        devices=[{"id": "d", "interface_name": "eth1"}],
        connections=[dict(connection, network="n")],
    )
    with pytest.raises(exception.StackValidationFailed, match=message):
        gateway.validate()


def test_a_gateways_connections_are_sent_apart_networks_by_id(neutron_engine):
    gateway = resource(
        neutron_engine,
        "OS::Neutron::NetworkGateway",
        devices=[{"id": "d", "interface_name": "eth1"}],
        connections=[{"network": "n", "segmentation_type": "vlan", "segmentation_id": 3}],
    )
    gateway.validate()
    assert "connections" not in gateway.create_body()
    assert gateway.connection_body(gateway.properties["connections"][0]) == {
        "network_id": "network-n",
        "segmentation_type": "vlan",
        "segmentation_id": 3,
    }


def test_a_firewall_rule_for_any_protocol_sends_null(neutron_engine):
    rule = resource(neutron_engine, "OS::Neutron::FirewallRule", protocol="any")
    assert rule.create_body()["protocol"] is None
    assert rule.update_body({"protocol": "any"}) == {"protocol": None}


def test_a_vpn_service_names_its_subnet_and_router_by_id_old_names_too(neutron_engine):
    service = resource(neutron_engine, "OS::Neutron::VPNService", subnet_id="s", router="r")
    service.validate()
    body = service.create_body()
    assert (body["subnet_id"], body["router_id"]) == ("subnet-s", "router-r")


def test_a_vpn_service_pending_create_is_built(neutron_engine):
    service = resource(neutron_engine, "OS::Neutron::VPNService", subnet="s", router="r")
    service.show_item = lambda: {"status": "PENDING_CREATE"}
    assert service.is_built()
    service.show_item = lambda: {"status": "ERROR"}
    with pytest.raises(exception.ResourceInError):
        service.is_built()


def test_a_site_connection_waits_while_pending(neutron_engine):
    connection = resource(neutron_engine, "OS::Neutron::IPsecSiteConnection")
    connection.show_item = lambda: {"status": "PENDING_CREATE"}
    assert not connection.is_built()


def test_tap_bodies_name_ports_and_services_by_id(neutron_engine):
    service = resource(neutron_engine, "OS::Neutron::TaaS::TapService", port="p")
    assert service.create_body()["port_id"] == "port-p"
    flow = resource(neutron_engine, "OS::Neutron::TaaS::TapFlow", port="p", tap_service="t")
    body = flow.create_body()
    assert (body["source_port"], body["tap_service_id"]) == ("port-p", "tap_service-t")


def test_an_l2_gateway_leaves_unset_keys_out(neutron_engine):
    device = {"device_name": "s", "interfaces": [{"name": "eth1"}]}
    gateway = resource(neutron_engine, "OS::Neutron::L2Gateway", name="g", devices=[device])
    assert gateway.create_body() == {"name": "g", "devices": [device]}


def test_chain_items_send_their_references_by_id(neutron_engine):
    chain = resource(
        neutron_engine,
        "OS::Neutron::PortChain",
        port_pair_groups=["g1", "g2"],
        flow_classifiers=["c"],
    )
    body = chain.create_body()
    assert body["port_pair_groups"] == ["port_pair_group-g1", "port_pair_group-g2"]
    assert body["flow_classifiers"] == ["flow_classifier-c"]
    pair = resource(neutron_engine, "OS::Neutron::PortPair", ingress="i", egress="e")
    assert (pair.create_body()["ingress"], pair.create_body()["egress"]) == ("port-i", "port-e")


@pytest.mark.parametrize(
    "name",
    [
        "neutron.flow_classifier",
        "neutron.port_pair",
        "neutron.port_pair_group",
        "neutron.taas.tap_service",
        "neutron.taas.tap_flow",
    ],
)
def test_the_extension_packages_constraints_refuse_naming_themselves(name):
    with pytest.raises(exception.ConstraintServiceUnavailable) as raised:
        ServiceConstraint(name).validate("x", None)
    assert "custom constraint %s" % name in str(raised.value)
    assert "Service neutron is not available" in str(raised.value)


class Neutron:
    """A client plugin that has the extensions it is given."""

    def __init__(self, *extensions):
        self.extensions = extensions

    def has_extension(self, alias):
        return alias in self.extensions


@pytest.mark.parametrize("type_name", ["IKEPolicy", "IPsecPolicy"])
@pytest.mark.parametrize(
    "given, extensions, sent",
    [
        ({}, ("vpn-no-sha1-3des",), "sha256"),
        ({}, (), "sha1"),
        ({"auth_algorithm": "sha1"}, ("vpn-no-sha1-3des",), "sha1"),
    ],
)
def test_an_unset_auth_algorithm_avoids_sha1_when_neutron_refuses_it(
    neutron_engine, type_name, given, extensions, sent
):
    policy = resource(neutron_engine, "OS::Neutron::" + type_name, **given)
    policy.client_plugin = lambda name=None: Neutron(*extensions)
    assert policy.create_body()["auth_algorithm"] == sent


def test_a_trunks_live_subports_are_said_as_the_template_says_them(neutron_engine):
    sub_port = {"port": "p2", "segmentation_type": "vlan", "segmentation_id": 10}
    trunk = resource(neutron_engine, "OS::Neutron::Trunk", port="p1", sub_ports=[sub_port])
    data = {
        "port_id": "p1",
        "sub_ports": [{"port_id": "p2", "segmentation_type": "vlan", "segmentation_id": 10}],
    }
    assert trunk.parse_live_resource_data(trunk.properties, data)["sub_ports"] == [sub_port]


def test_a_firewall_rules_live_null_protocol_is_any(neutron_engine):
    rule = resource(neutron_engine, "OS::Neutron::FirewallRule", protocol="any")
    live = rule.parse_live_resource_data(rule.properties, {"protocol": None})
    assert live["protocol"] == "any"
