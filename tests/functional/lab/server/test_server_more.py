"""OS::Nova::Server in the lab: a floating IP on heat's port, a rebuild on a new image, the
deployments of a software config published in the server's metadata, no network, and a
port of the user's own."""

import pytest

from tests.functional.lab.server.servers import server_template, unique


@pytest.fixture
def second_image(demo_cloud):
    """A small image of the demo project (deleted after the test)."""
    image = demo_cloud.image.create_image(
        name=unique("heat-image"), data=b"\0" * 1024, disk_format="raw", container_format="bare"
    )
    demo_cloud.image.wait_for_status(image, "active", wait=60)
    yield image
    demo_cloud.image.delete_image(image, ignore_missing=True)


def test_a_floating_ip_is_associated_with_heats_port(demo_stacks, demo_cloud, network, lab_names):
    net, subnet = network
    router = demo_cloud.network.create_router(
        name=unique("heat-router"),
        external_gateway_info={
            "network_id": demo_cloud.network.find_network(lab_names["external_network"]).id
        },
    )
    demo_cloud.network.add_interface_to_router(router, subnet=subnet.id)
    floating = demo_cloud.network.create_ip(
        floating_network_id=router.external_gateway_info["network_id"]
    )
    nic = {"network": net.id, "subnet": subnet.id, "floating_ip": floating.id}
    identity = demo_stacks.create(server_template(networks=[nic]))
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    server_id = demo_stacks.outputs(identity)["server_id"]
    (port,) = demo_cloud.network.ports(device_id=server_id)
    assert demo_cloud.network.get_ip(floating.id).port_id == port.id
    demo_stacks.delete(identity)
    assert demo_cloud.network.get_ip(floating.id).port_id is None
    demo_cloud.network.delete_ip(floating)
    demo_cloud.network.remove_interface_from_router(router, subnet=subnet.id)
    demo_cloud.network.delete_router(router)


def test_a_new_image_rebuilds_the_server(demo_stacks, demo_cloud, network, second_image):
    net, _ = network
    identity = demo_stacks.create(server_template(networks=[{"network": net.id}]))
    server_id = demo_stacks.outputs(identity)["server_id"]
    changed = server_template(networks=[{"network": net.id}], image=second_image.name)
    assert demo_stacks.update(identity, changed)["stack_status"] == "COMPLETE"
    server = demo_cloud.compute.get_server(server_id)
    assert demo_stacks.outputs(identity)["server_id"] == server_id
    assert (server.status, server.image["id"]) == ("ACTIVE", second_image.id)
    demo_stacks.delete(identity)


def test_the_server_metadata_lists_its_deployments(demo_stacks, network):
    net, _ = network
    template = server_template(networks=[{"network": net.id}], user_data_format="SOFTWARE_CONFIG")
    template["resources"]["config"] = {
        "type": "OS::Heat::SoftwareConfig",
        "properties": {"group": "script", "config": "#!/bin/sh\ntrue\n"},
    }
    template["resources"]["deployment"] = {
        "type": "OS::Heat::SoftwareDeployment",
        "properties": {
            "config": {"get_resource": "config"},
            "server": {"get_resource": "server"},
            "signal_transport": "NO_SIGNAL",
        },
    }
    identity = demo_stacks.create(template)
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    metadata = demo_stacks.resource(identity, "server")["metadata"]
    (deployment,) = metadata["deployments"]
    assert deployment["group"] == "script"
    assert metadata["os-collect-config"]["collectors"] == ["cfn", "local"]
    demo_stacks.delete(identity)


def test_no_network_allocated_when_asked_for_none(demo_stacks, demo_cloud):
    identity = demo_stacks.create(server_template(networks=[{"allocate_network": "none"}]))
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    server_id = demo_stacks.outputs(identity)["server_id"]
    assert list(demo_cloud.compute.server_interfaces(server_id)) == []
    demo_stacks.delete(identity)


def test_a_port_given_is_used_and_outlives_the_server(demo_stacks, demo_cloud, network):
    net, _ = network
    port = demo_cloud.network.create_port(network_id=net.id, name=unique("heat-port"))
    identity = demo_stacks.create(server_template(networks=[{"port": port.id}]))
    server_id = demo_stacks.outputs(identity)["server_id"]
    assert demo_cloud.network.get_port(port.id).device_id == server_id
    demo_stacks.delete(identity)
    assert demo_cloud.network.get_port(port.id).device_id == ""
    demo_cloud.network.delete_port(port)
