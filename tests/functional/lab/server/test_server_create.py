"""OS::Nova::Server created in the lab's Nova (fake driver) and Neutron: what Nova gets,
the user data, heat's own ports, Nova's faults, boot from volume, and deletion."""

import time

import openstack

from tests.functional.lab.server.servers import (
    IMAGE,
    check,
    mime_parts,
    server_template,
    unique,
    user_data_of,
)


def test_a_server_is_booted_as_the_properties_say_and_deleted(demo_stacks, demo_cloud, network):
    net, _ = network
    keypair = demo_cloud.compute.create_keypair(name=unique("heat-key"))
    name = unique("heat-server")
    template = server_template(
        ("name", "first_address", "networks", "addresses"),
        name=name,
        key_name=keypair.name,
        metadata={"role": "web", "count": 2},
        networks=[{"network": net.name}],
        user_data_format="RAW",
        user_data="#!/bin/sh\necho hi\n",
    )
    identity = demo_stacks.create(template)
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    outputs = demo_stacks.outputs(identity)
    server = demo_cloud.compute.get_server(outputs["server_id"])
    assert (server.status, server.name, server.key_name) == ("ACTIVE", name, keypair.name)
    assert server.metadata == {"role": "web", "count": "2"}
    assert outputs["name"] == name
    assert outputs["first_address"].startswith("10.77.0.")
    assert (
        outputs["networks"][net.name] == outputs["networks"][net.id] == [outputs["first_address"]]
    )
    assert outputs["addresses"][net.name][0]["port"]
    demo_stacks.delete(identity)
    assert demo_cloud.compute.find_server(outputs["server_id"]) is None
    demo_cloud.compute.delete_keypair(keypair)


def test_raw_user_data_reaches_nova_as_written(demo_stacks, admin_cloud, network):
    net, _ = network
    script = "#!/bin/sh\necho raw\n"
    template = server_template(
        networks=[{"network": net.id}], user_data_format="RAW", user_data=script
    )
    identity = demo_stacks.create(template)
    assert user_data_of(admin_cloud, demo_stacks.outputs(identity)["server_id"]) == script
    demo_stacks.delete(identity)


def test_software_config_user_data_tells_the_agents_where_to_poll(
    demo_stacks, admin_cloud, network
):
    net, _ = network
    template = server_template(
        ("os_collect_config",),
        networks=[{"network": net.id}],
        user_data_format="SOFTWARE_CONFIG",
        software_config_transport="POLL_SERVER_HEAT",
    )
    identity = demo_stacks.create(template)
    outputs = demo_stacks.outputs(identity)
    occ = outputs["os_collect_config"]
    assert occ["collectors"] == ["heat", "local"]
    parts = mime_parts(user_data_of(admin_cloud, outputs["server_id"]))
    assert '"os-collect-config"' in parts["cfn-init-data"]
    assert occ["heat"]["password"] in parts["cfn-init-data"]
    demo_stacks.delete(identity)


def test_cfntools_user_data_carries_the_script_and_the_metadata_server(
    demo_stacks, admin_cloud, network
):
    net, _ = network
    template = server_template(networks=[{"network": net.id}], user_data="echo cfn")
    identity = demo_stacks.create(template)
    parts = mime_parts(user_data_of(admin_cloud, demo_stacks.outputs(identity)["server_id"]))
    assert parts["cfn-userdata"] == "echo cfn"
    assert parts["cfn-metadata-server"].startswith("http")
    demo_stacks.delete(identity)


def test_a_subnet_nic_gets_a_port_heat_deletes_after_the_server(demo_stacks, demo_cloud, network):
    net, subnet = network
    nic = {"network": net.id, "subnet": subnet.id, "fixed_ip": "10.77.0.50"}
    identity = demo_stacks.create(server_template(networks=[nic]))
    server_id = demo_stacks.outputs(identity)["server_id"]
    (port,) = demo_cloud.network.ports(device_id=server_id)
    assert port.name == "server-port-0"
    assert port.fixed_ips[0]["ip_address"] == "10.77.0.50"
    demo_stacks.delete(identity)
    assert demo_cloud.network.find_port(port.id) is None


def test_a_server_nova_cannot_place_fails_with_novas_fault(demo_stacks, admin_cloud, network):
    net, _ = network
    flavor = admin_cloud.compute.create_flavor(
        name=unique("heat-huge"), ram=64, vcpus=1, disk=100000000, is_public=True
    )
    identity = demo_stacks.create(server_template(networks=[{"network": net.id}], flavor=flavor.id))
    action, status, reason = demo_stacks.state(identity)
    assert (action, status) == ("CREATE", "FAILED")
    assert "No valid host was found" in reason
    demo_stacks.delete(identity)
    admin_cloud.compute.delete_flavor(flavor)


def test_a_server_boots_from_a_volume_made_from_the_image(demo_stacks, demo_cloud, network):
    net, _ = network
    template = server_template(
        networks=[{"network": net.id}],
        block_device_mapping_v2=[{"image": IMAGE, "volume_size": 1, "delete_on_termination": True}],
    )
    del template["resources"]["server"]["properties"]["image"]
    identity = demo_stacks.create(template)
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    server = demo_cloud.compute.get_server(demo_stacks.outputs(identity)["server_id"])
    (attached,) = server.attached_volumes
    assert demo_cloud.block_storage.get_volume(attached["id"]).status == "in-use"
    demo_stacks.delete(identity)
    for _ in range(60):
        try:
            demo_cloud.block_storage.get_volume(attached["id"])
        except openstack.exceptions.NotFoundException:
            break
        time.sleep(1)
    else:
        raise AssertionError("the server's volume outlived it")


def test_a_server_deleted_outside_heat_fails_the_check_and_the_stack_still_deletes(
    demo_stacks, demo_cloud, network
):
    net, _ = network
    identity = demo_stacks.create(server_template(networks=[{"network": net.id}]))
    server = demo_cloud.compute.get_server(demo_stacks.outputs(identity)["server_id"])
    demo_cloud.compute.delete_server(server)
    demo_cloud.compute.wait_for_delete(server, wait=60)
    assert check(demo_stacks, identity)["stack_status"] == "FAILED"
    demo_stacks.delete(identity)
    assert demo_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")


def test_a_failed_create_rolled_back_leaves_no_server(
    demo_stacks, demo_cloud, admin_cloud, network
):
    net, _ = network
    flavor = admin_cloud.compute.create_flavor(
        name=unique("heat-huge"), ram=64, vcpus=1, disk=100000000, is_public=True
    )
    name = unique("heat-rolled-back")
    template = server_template(networks=[{"network": net.id}], flavor=flavor.id, name=name)
    identity = demo_stacks.create(template, disable_rollback=False)
    assert demo_stacks.state(identity)[:2] == ("ROLLBACK", "COMPLETE")
    assert list(demo_cloud.compute.servers(name=name)) == []
    demo_stacks.delete(identity)
    admin_cloud.compute.delete_flavor(flavor)
