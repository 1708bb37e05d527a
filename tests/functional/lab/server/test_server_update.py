"""OS::Nova::Server updated in the lab: in place (name, metadata, tags, nics, heat's ports,
resize), replaced under the REPLACE policy, suspended, resumed and checked."""

import copy

from tests.functional.lab.server.servers import BIGGER_FLAVOR, check, server_template


def test_name_metadata_and_tags_change_in_place(demo_stacks, demo_cloud, network):
    net, _ = network
    nics = [{"network": net.id}]
    identity = demo_stacks.create(server_template(networks=nics, metadata={"a": "1"}))
    server_id = demo_stacks.outputs(identity)["server_id"]
    changed = server_template(networks=nics, name="renamed", metadata={"b": "2"}, tags=["x"])
    assert demo_stacks.update(identity, changed)["stack_status"] == "COMPLETE"
    server = demo_cloud.compute.get_server(server_id)
    assert demo_stacks.outputs(identity)["server_id"] == server_id
    assert (server.name, server.metadata, server.tags) == ("renamed", {"b": "2"}, ["x"])
    demo_stacks.delete(identity)


def test_a_new_flavor_asks_nova_to_resize_the_server(demo_stacks, demo_cloud, network):
    net, _ = network
    identity = demo_stacks.create(server_template(networks=[{"network": net.id}]))
    server_id = demo_stacks.outputs(identity)["server_id"]
    changed = server_template(networks=[{"network": net.id}], flavor=BIGGER_FLAVOR)
    shown = demo_stacks.update(identity, changed)
    actions = [action.action for action in demo_cloud.compute.server_actions(server_id)]
    assert "resize" in actions
    assert shown["stack_status"] == "COMPLETE", shown["stack_status_reason"]
    assert demo_stacks.outputs(identity)["server_id"] == server_id
    server = demo_cloud.compute.get_server(server_id)
    assert (server.status, server.flavor["original_name"]) == ("ACTIVE", BIGGER_FLAVOR)
    demo_stacks.delete(identity)


def test_a_new_flavor_under_the_replace_policy_replaces_the_server(
    demo_stacks, demo_cloud, network
):
    net, _ = network
    first = server_template(networks=[{"network": net.id}], flavor_update_policy="REPLACE")
    identity = demo_stacks.create(first)
    server_id = demo_stacks.outputs(identity)["server_id"]
    changed = copy.deepcopy(first)
    changed["resources"]["server"]["properties"]["flavor"] = BIGGER_FLAVOR
    assert demo_stacks.update(identity, changed)["stack_status"] == "COMPLETE"
    assert demo_stacks.outputs(identity)["server_id"] != server_id
    assert demo_cloud.compute.find_server(server_id) is None
    demo_stacks.delete(identity)


def test_a_nic_added_is_attached_and_the_one_removed_detached(demo_stacks, demo_cloud, network):
    net, subnet = network
    identity = demo_stacks.create(server_template(networks=[{"network": net.id}]))
    server_id = demo_stacks.outputs(identity)["server_id"]
    nics = [{"network": net.id, "subnet": subnet.id, "fixed_ip": "10.77.0.60"}]
    assert demo_stacks.update(identity, server_template(networks=nics))["stack_status"] == (
        "COMPLETE"
    )
    interfaces = list(demo_cloud.compute.server_interfaces(server_id))
    assert [iface.fixed_ips[0]["ip_address"] for iface in interfaces] == ["10.77.0.60"]
    demo_stacks.delete(identity)
    assert list(demo_cloud.network.ports(network_id=net.id, device_owner="compute:nova")) == []


def test_suspend_resume_and_check(demo_stacks, demo_cloud, network):
    net, _ = network
    identity = demo_stacks.create(server_template(networks=[{"network": net.id}]))
    server_id = demo_stacks.outputs(identity)["server_id"]
    assert demo_stacks.suspend(identity)["stack_status"] == "COMPLETE"
    assert demo_cloud.compute.get_server(server_id).status == "SUSPENDED"
    assert demo_stacks.resume(identity)["stack_status"] == "COMPLETE"
    assert demo_cloud.compute.get_server(server_id).status == "ACTIVE"
    assert check(demo_stacks, identity)["stack_status"] == "COMPLETE"
    demo_stacks.delete(identity)


def test_new_port_extra_properties_change_heats_port_in_place(demo_stacks, demo_cloud, network):
    net, subnet = network

    def nics(admin_state_up: bool) -> list[dict]:
        extras = {"admin_state_up": admin_state_up}
        return [{"network": net.id, "subnet": subnet.id, "port_extra_properties": extras}]

    identity = demo_stacks.create(server_template(networks=nics(True)))
    server_id = demo_stacks.outputs(identity)["server_id"]
    (port,) = demo_cloud.network.ports(device_id=server_id)
    shown = demo_stacks.update(identity, server_template(networks=nics(False)))
    assert shown["stack_status"] == "COMPLETE"
    (updated,) = demo_cloud.network.ports(device_id=server_id)
    assert (updated.id, updated.is_admin_state_up) == (port.id, False)
    demo_stacks.delete(identity)
