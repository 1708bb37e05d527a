"""The types of Neutron's extension packages against the lab's Neutron, which loads them
with no agent behind them: VPNaaS (neutron-vpnaas), Tap as a Service (tap-as-a-service),
L2 gateways (networking-l2gw) and service function chaining (networking-sfc, dummy
drivers). Each is created, changed in place and by replacement, checked, and deleted, and
Neutron is asked what it holds at every step."""

import contextlib
import threading

import pymysql

from tests.functional.lab.neutron.conftest import stack_template


def network(cidr: str) -> dict:
    return {
        "net": {"type": "OS::Neutron::Net"},
        "subnet": {
            "type": "OS::Neutron::Subnet",
            "properties": {"network": {"get_resource": "net"}, "cidr": cidr},
        },
    }


def port(name: str, **properties) -> dict:
    properties = {"network": {"get_resource": "net"}, **properties}
    return {name: {"type": "OS::Neutron::Port", "properties": properties}}


# networking-sfc takes only ports a device owns (a service function's server) into pairs.
OWNED = {"device_id": "service-function"}


def ids(*names: str) -> dict:
    return {name: {"get_resource": name} for name in names}


def created(stacks, template: dict) -> dict:
    """The identity of a new stack of ``template``, once it is CREATE_COMPLETE."""
    identity = stacks.create(template)
    assert stacks.state(identity)[:2] == ("CREATE", "COMPLETE"), stacks.state(identity)
    return identity


# -- VPNaaS ----------------------------------------------------------------------------


# neutron-vpnaas 29 dropped SHA-1 from its database without announcing it (its API takes
# "sha1", heat's default as upstream's, and fails with a 500), so the policies name SHA-256.
SHA256 = {"auth_algorithm": "sha256"}


def vpn_template(name: str, ike: dict | None = None, peer_cidr: str = "10.32.0.0/24") -> dict:
    resources = {
        **network("10.31.0.0/24"),
        "router": {
            "type": "OS::Neutron::Router",
            "properties": {"external_gateway_info": {"network": "public"}},
        },
        "interface": {
            "type": "OS::Neutron::RouterInterface",
            "properties": {
                "router": {"get_resource": "router"},
                "subnet": {"get_resource": "subnet"},
            },
        },
        "ike": {"type": "OS::Neutron::IKEPolicy", "properties": {**SHA256, **(ike or {})}},
        "ipsec": {"type": "OS::Neutron::IPsecPolicy", "properties": {**SHA256, "pfs": "group14"}},
        "vpn": {
            "type": "OS::Neutron::VPNService",
            "depends_on": ["interface"],
            "properties": {
                "name": name,
                "router": {"get_resource": "router"},
                "subnet": {"get_resource": "subnet"},
            },
        },
        "connection": {
            "type": "OS::Neutron::IPsecSiteConnection",
            "properties": {
                "name": name,
                "peer_address": "172.24.4.233",
                "peer_id": "172.24.4.233",
                "peer_cidrs": [peer_cidr],
                "psk": "secret",
                "ikepolicy_id": {"get_resource": "ike"},
                "ipsecpolicy_id": {"get_resource": "ipsec"},
                "vpnservice_id": {"get_resource": "vpn"},
            },
        },
    }
    return stack_template(
        resources,
        {
            **ids("ike", "ipsec", "vpn", "connection", "router", "subnet"),
            "connection_status": {"get_attr": ["connection", "status"]},
            "vpn_router": {"get_attr": ["vpn", "router_id"]},
        },
    )


@contextlib.contextmanager
def vpn_agent(lab, name: str):
    """Play the VPN agent the lab lacks for the services and connections whose name starts
    with ``name``: once a change is sent to it, the agent reports it made (ACTIVE), which
    heat waits for, and which Neutron wants before it takes another change."""
    stop = threading.Event()
    database = "%s_neutron" % lab.state["name"]

    def report():
        with pymysql.connect(
            host="127.0.0.1", user="root", database=database, autocommit=True
        ) as connection:
            while not stop.wait(0.5):
                with connection.cursor() as cursor:
                    for table in ("vpnservices", "ipsec_site_connections"):
                        cursor.execute(
                            "UPDATE %s SET status = 'ACTIVE' WHERE name LIKE %%s "
                            "AND status IN ('PENDING_CREATE', 'PENDING_UPDATE')" % table,
                            (name + "%",),
                        )

    thread = threading.Thread(target=report, daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()


def test_a_vpn_service_its_policies_and_a_site_connection(
    demo_stacks, demo_cloud, lab, unique_name
):
    network_api = demo_cloud.network
    with vpn_agent(lab, unique_name):
        identity = created(demo_stacks, vpn_template(unique_name, {"lifetime": {"value": 7200}}))
        outputs = demo_stacks.outputs(identity)
        service = network_api.get_vpn_service(outputs["vpn"])
        assert (service.name, service.router_id) == (unique_name, outputs["router"])
        assert (service.subnet_id, outputs["vpn_router"]) == (outputs["subnet"], outputs["router"])
        connection = network_api.get_vpn_ipsec_site_connection(outputs["connection"])
        assert (connection.peer_address, connection.psk) == ("172.24.4.233", "secret")
        assert connection.peer_cidrs == ["10.32.0.0/24"]
        assert (connection.ikepolicy_id, connection.ipsecpolicy_id) == (
            outputs["ike"],
            outputs["ipsec"],
        )
        assert outputs["connection_status"] == "ACTIVE"
        assert network_api.get_vpn_ike_policy(outputs["ike"]).lifetime["value"] == 7200
        assert network_api.get_vpn_ipsec_policy(outputs["ipsec"]).pfs == "group14"

        # A new name changes the service in place; new peer networks replace the
        # connection. (Neutron refuses any change to a policy a connection uses.)
        stack = demo_stacks.update(
            identity,
            vpn_template(unique_name + "-2", {"lifetime": {"value": 7200}}, "10.33.0.0/24"),
        )
        assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
        new = demo_stacks.outputs(identity)
        assert (new["ike"], new["vpn"]) == (outputs["ike"], outputs["vpn"])
        assert new["connection"] != outputs["connection"]
        assert network_api.get_vpn_service(new["vpn"]).name == unique_name + "-2"
        replaced = network_api.get_vpn_ipsec_site_connection(new["connection"])
        assert replaced.peer_cidrs == ["10.33.0.0/24"]
        assert network_api.find_vpn_ipsec_site_connection(outputs["connection"]) is None
        assert demo_stacks.check(identity)["stack_status"] == "COMPLETE"

    demo_stacks.delete(identity)
    assert network_api.find_vpn_service(new["vpn"]) is None
    assert network_api.find_vpn_ike_policy(new["ike"]) is None
    assert network_api.find_vpn_ipsec_policy(new["ipsec"]) is None


def test_a_vpn_service_deleted_outside_heat_fails_check_and_the_stack_deletes(
    demo_stacks, demo_cloud, lab, unique_name
):
    with vpn_agent(lab, unique_name):
        identity = created(demo_stacks, vpn_template(unique_name))
    outputs = demo_stacks.outputs(identity)
    demo_cloud.network.delete_vpn_ipsec_site_connection(outputs["connection"])
    assert demo_stacks.check(identity)["stack_status"] == "FAILED"
    demo_stacks.delete(identity)
    assert demo_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")
    assert demo_cloud.network.find_vpn_service(outputs["vpn"]) is None


# -- Tap as a Service ------------------------------------------------------------------


def taas_template(name: str, direction: str = "BOTH") -> dict:
    resources = {
        **network("10.34.0.0/24"),
        **port("monitor"),
        **port("watched"),
        "service": {
            "type": "OS::Neutron::TaaS::TapService",
            "properties": {"name": name, "port": {"get_resource": "monitor"}},
        },
        "flow": {
            "type": "OS::Neutron::TaaS::TapFlow",
            "properties": {
                "name": name,
                "port": {"get_resource": "watched"},
                "tap_service": {"get_resource": "service"},
                "direction": direction,
                "vlan_filter": "10,20-30",
            },
        },
    }
    return stack_template(resources, ids("service", "flow", "monitor", "watched"))


def test_a_tap_service_and_a_flow_into_it(demo_stacks, demo_cloud, unique_name):
    network_api = demo_cloud.network
    identity = created(demo_stacks, taas_template(unique_name))
    outputs = demo_stacks.outputs(identity)
    service = network_api.get_tap_service(outputs["service"])
    assert (service.name, service.port_id) == (unique_name, outputs["monitor"])
    flow = network_api.get_tap_flow(outputs["flow"])
    assert (flow.tap_service_id, flow.source_port) == (outputs["service"], outputs["watched"])
    assert (flow.direction, flow.vlan_filter) == ("BOTH", "10,20-30")

    # A new direction replaces the flow; a new name is changed in place.
    stack = demo_stacks.update(identity, taas_template(unique_name + "-2", direction="IN"))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    new = demo_stacks.outputs(identity)
    assert new["service"] == outputs["service"] and new["flow"] != outputs["flow"]
    assert network_api.get_tap_service(new["service"]).name == unique_name + "-2"
    assert network_api.get_tap_flow(new["flow"]).direction == "IN"
    assert network_api.find_tap_flow(outputs["flow"]) is None

    network_api.delete_tap_flow(new["flow"])
    assert demo_stacks.check(identity)["stack_status"] == "FAILED"
    demo_stacks.delete(identity)
    assert demo_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")
    assert network_api.find_tap_service(new["service"]) is None


# -- L2 gateways -----------------------------------------------------------------------


def l2gw_template(name: str, network: str) -> dict:
    devices = [{"device_name": "switch1", "interfaces": [{"name": "eth1"}]}]
    resources = {
        "net": {"type": "OS::Neutron::Net"},
        "net2": {"type": "OS::Neutron::Net"},
        "gateway": {
            "type": "OS::Neutron::L2Gateway",
            "properties": {"name": name, "devices": devices},
        },
        "connection": {
            "type": "OS::Neutron::L2GatewayConnection",
            "properties": {
                "l2_gateway_id": {"get_resource": "gateway"},
                "network_id": {"get_resource": network},
                "segmentation_id": "101",
            },
        },
    }
    return stack_template(resources, ids("gateway", "connection", "net", "net2"))


def l2gw_item(cloud, collection: str, item_id: str):
    """An item of networking-l2gw's API, which openstacksdk does not know: its body, or
    None once it is gone."""
    response = cloud.network.get("/%ss/%s" % (collection, item_id))
    if response.status_code == 404:
        return None
    return response.json()[collection.replace("-", "_")]


def test_an_l2_gateway_and_a_network_connected_through_it(admin_stacks, admin_cloud, unique_name):
    identity = created(admin_stacks, l2gw_template(unique_name, "net"))
    outputs = admin_stacks.outputs(identity)
    gateway = l2gw_item(admin_cloud, "l2-gateway", outputs["gateway"])
    assert gateway["name"] == unique_name
    [switch] = gateway["devices"]
    assert (switch["device_name"], [item["name"] for item in switch["interfaces"]]) == (
        "switch1",
        ["eth1"],
    )
    connection = l2gw_item(admin_cloud, "l2-gateway-connection", outputs["connection"])
    assert (connection["network_id"], connection["segmentation_id"]) == (outputs["net"], 101)

    # A new name is changed in place; another network replaces the connection.
    stack = admin_stacks.update(identity, l2gw_template(unique_name + "-2", "net2"))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    new = admin_stacks.outputs(identity)
    assert new["gateway"] == outputs["gateway"] and new["connection"] != outputs["connection"]
    assert l2gw_item(admin_cloud, "l2-gateway", new["gateway"])["name"] == unique_name + "-2"
    connection = l2gw_item(admin_cloud, "l2-gateway-connection", new["connection"])
    assert connection["network_id"] == new["net2"]
    assert l2gw_item(admin_cloud, "l2-gateway-connection", outputs["connection"]) is None
    assert admin_stacks.check(identity)["stack_status"] == "COMPLETE"

    admin_stacks.delete(identity)
    assert l2gw_item(admin_cloud, "l2-gateway", new["gateway"]) is None


# -- Service function chaining ---------------------------------------------------------


def sfc_template(name: str, groups: list, protocol: str = "tcp") -> dict:
    resources = {
        **network("10.35.0.0/24"),
        **port("source"),
        **port("in1", **OWNED),
        **port("out1", **OWNED),
        **port("in2", **OWNED),
        **port("out2", **OWNED),
        "pair1": {
            "type": "OS::Neutron::PortPair",
            "properties": {"ingress": {"get_resource": "in1"}, "egress": {"get_resource": "out1"}},
        },
        "pair2": {
            "type": "OS::Neutron::PortPair",
            "properties": {"ingress": {"get_resource": "in2"}, "egress": {"get_resource": "out2"}},
        },
        "group": {
            "type": "OS::Neutron::PortPairGroup",
            "properties": {"port_pairs": [{"get_resource": pair} for pair in groups]},
        },
        "classifier": {
            "type": "OS::Neutron::FlowClassifier",
            "properties": {
                "protocol": protocol,
                "ethertype": "IPv4",
                "source_ip_prefix": "10.35.0.0/24",
                "destination_port_range_min": 80,
                "destination_port_range_max": 80,
                "logical_source_port": {"get_resource": "source"},
            },
        },
        "chain": {
            "type": "OS::Neutron::PortChain",
            "properties": {
                "name": name,
                "port_pair_groups": [{"get_resource": "group"}],
                "flow_classifiers": [{"get_resource": "classifier"}],
            },
        },
    }
    return stack_template(
        resources, ids("pair1", "pair2", "group", "classifier", "chain", "source")
    )


def test_a_port_chain_through_a_group_of_port_pairs(demo_stacks, demo_cloud, unique_name):
    network_api = demo_cloud.network
    identity = created(demo_stacks, sfc_template(unique_name, ["pair1"]))
    outputs = demo_stacks.outputs(identity)
    chain = network_api.get_sfc_port_chain(outputs["chain"])
    assert chain.name == unique_name
    assert (chain.port_pair_groups, chain.flow_classifiers) == (
        [outputs["group"]],
        [outputs["classifier"]],
    )
    assert network_api.get_sfc_port_pair_group(outputs["group"]).port_pairs == [outputs["pair1"]]
    classifier = network_api.get_sfc_flow_classifier(outputs["classifier"])
    assert (classifier.protocol, classifier.logical_source_port) == ("tcp", outputs["source"])

    # The group takes a second pair in place; a new protocol replaces the classifier, and
    # the chain takes the new one in place.
    stack = demo_stacks.update(identity, sfc_template(unique_name, ["pair1", "pair2"], "udp"))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    new = demo_stacks.outputs(identity)
    assert (new["group"], new["chain"]) == (outputs["group"], outputs["chain"])
    assert new["classifier"] != outputs["classifier"]
    pairs = network_api.get_sfc_port_pair_group(new["group"]).port_pairs
    assert sorted(pairs) == sorted([new["pair1"], new["pair2"]])
    assert network_api.get_sfc_port_chain(new["chain"]).flow_classifiers == [new["classifier"]]
    assert network_api.find_sfc_flow_classifier(outputs["classifier"]) is None
    assert demo_stacks.check(identity)["stack_status"] == "COMPLETE"

    demo_stacks.delete(identity)
    assert network_api.find_sfc_port_chain(new["chain"]) is None
    assert network_api.find_sfc_port_pair(new["pair1"]) is None
