"""A network of a test's own in the lab, routed to its external network ``public`` (so that
floating IPs can be bound to its ports), for the conftests that import ``routed_network``."""

import uuid

import pytest


def _delete_servers_on(cloud, network_id: str) -> None:
    for port in cloud.network.ports(network_id=network_id):
        if port.device_owner.startswith("compute:"):
            server = cloud.compute.find_server(port.device_id)
            if server is not None:
                cloud.compute.delete_server(server)
                cloud.compute.wait_for_delete(server, wait=60)


@pytest.fixture
def routed_network(demo_cloud):
    """``(network, subnet)`` of the demo project behind a router to ``public``; whatever
    the test left on them is deleted after it."""
    cloud = demo_cloud
    suffix = uuid.uuid4().hex[:8]
    public = cloud.network.find_network("public")
    net = cloud.network.create_network(name="heat-asg-net-%s" % suffix)
    subnet = cloud.network.create_subnet(network_id=net.id, ip_version=4, cidr="10.78.0.0/24")
    router = cloud.network.create_router(
        name="heat-asg-router-%s" % suffix, external_gateway_info={"network_id": public.id}
    )
    cloud.network.add_interface_to_router(router, subnet=subnet.id)
    yield net, subnet
    _delete_servers_on(cloud, net.id)
    for floating_ip in cloud.network.ips(router_id=router.id):
        cloud.network.update_ip(floating_ip, port_id=None)
    cloud.network.remove_interface_from_router(router, subnet=subnet.id)
    cloud.network.delete_router(router, ignore_missing=True)
    for port in cloud.network.ports(network_id=net.id):
        cloud.network.delete_port(port, ignore_missing=True)
    cloud.network.delete_subnet(subnet, ignore_missing=True)
    cloud.network.delete_network(net, ignore_missing=True)
