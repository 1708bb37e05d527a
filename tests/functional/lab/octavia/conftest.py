"""Fixtures of the Octavia tests: the engine in the lab, and a VIP subnet made outside heat
(there is no OS::Neutron::Subnet yet)."""

import uuid

import pytest

from tests.functional.lab_engine import *  # noqa: F403


@pytest.fixture
def unique_name():
    """A name no other test or run uses, for what the tests make in the shared lab."""
    return "heat-octavia-%s" % uuid.uuid4().hex[:8]


@pytest.fixture
def vip_subnet(demo_cloud, unique_name):
    """A demo network and subnet for load balancer VIPs and members; deleted afterwards."""
    network = demo_cloud.network.create_network(name=unique_name)
    subnet = demo_cloud.network.create_subnet(
        network_id=network.id, ip_version=4, cidr="10.79.0.0/24", name=unique_name
    )
    yield subnet
    for port in demo_cloud.network.ports(network_id=network.id):
        demo_cloud.network.delete_port(port, ignore_missing=True)
    demo_cloud.network.delete_subnet(subnet, ignore_missing=True)
    demo_cloud.network.delete_network(network, ignore_missing=True)
