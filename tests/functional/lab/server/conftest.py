"""Fixtures of the server tests: a network of their own."""

import uuid

import pytest


@pytest.fixture
def network(demo_cloud):
    """A network and subnet of the demo project, with whatever servers are left on them
    deleted after the test."""
    cloud = demo_cloud
    net = cloud.network.create_network(name="heat-net-%s" % uuid.uuid4().hex[:8])
    subnet = cloud.network.create_subnet(network_id=net.id, ip_version=4, cidr="10.77.0.0/24")
    yield net, subnet
    for port in cloud.network.ports(network_id=net.id):
        if port.device_owner.startswith("compute:"):
            server = cloud.compute.find_server(port.device_id)
            if server is not None:
                cloud.compute.delete_server(server)
                cloud.compute.wait_for_delete(server, wait=60)
        cloud.network.delete_port(port, ignore_missing=True)
    cloud.network.delete_subnet(subnet, ignore_missing=True)
    cloud.network.delete_network(net, ignore_missing=True)
