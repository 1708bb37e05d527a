"""The local OpenStack lab serves what heat's resources need, seen through openstacksdk:
images, networks with routers and floating IPs, servers, volumes, Swift objects, load
balancers."""

import base64
import hashlib
import os
import urllib.parse
import uuid

import openstack
import pytest
import requests

WAIT = 120


def unique(prefix: str) -> str:
    return "%s-%s" % (prefix, uuid.uuid4().hex[:8])


@pytest.fixture(scope="module")
def demo(lab):
    """openstacksdk as the lab's demo user."""
    connection = lab.demo_connection()
    yield connection
    connection.close()


@pytest.fixture(scope="module")
def network(demo):
    """A demo network with one subnet; deleted with its ports afterwards."""
    network = demo.network.create_network(name=unique("net"))
    subnet = demo.network.create_subnet(
        network_id=network.id, cidr="10.10.0.0/24", ip_version=4, name=unique("subnet")
    )
    yield network, subnet
    for port in demo.network.ports(network_id=network.id):
        demo.network.delete_port(port)
    demo.network.delete_network(network)


@pytest.fixture(scope="module")
def server(lab, demo, network):
    """An ACTIVE demo server on the network, booted with user data."""
    user_data = b"#!/bin/sh\necho %s\n" % uuid.uuid4().hex.encode()
    server = demo.compute.create_server(
        name=unique("server"),
        image_id=lab.image_id,
        flavor_id=lab.flavors["m1.tiny"],
        networks=[{"uuid": network[0].id}],
        user_data=base64.b64encode(user_data).decode(),
    )
    server = demo.compute.wait_for_server(server, wait=WAIT)
    yield server, user_data
    demo.compute.delete_server(server)
    demo.compute.wait_for_delete(server, wait=WAIT)


def test_image_upload_and_download(demo):
    content = os.urandom(10000)
    image = demo.image.create_image(
        name=unique("image"), data=content, disk_format="raw", container_format="bare"
    )
    try:
        downloaded = demo.image.download_image(image)
        assert hashlib.sha256(downloaded.content).digest() == hashlib.sha256(content).digest()
    finally:
        demo.image.delete_image(image)


def test_floating_ip_through_router_to_public(lab, demo, network):
    public = demo.network.find_network(lab.external_network, ignore_missing=False)
    router = demo.network.create_router(
        name=unique("router"), external_gateway_info={"network_id": public.id}
    )
    demo.network.add_interface_to_router(router, subnet=network[1].id)
    port = demo.network.create_port(network_id=network[0].id)
    floating_ip = demo.network.create_ip(floating_network_id=public.id, port_id=port.id)
    try:
        assert floating_ip.floating_ip_address.startswith("172.24.4.")
        assert demo.network.get_ip(floating_ip).port_id == port.id
    finally:
        demo.network.delete_ip(floating_ip)
        demo.network.delete_port(port)
        demo.network.remove_interface_from_router(router, subnet=network[1].id)
        demo.network.delete_router(router)


def test_server_boots_to_active_with_bound_port(lab, server):
    assert server[0].status == "ACTIVE"
    # Port bindings are for admins' eyes only.
    (port,) = lab.admin_connection().network.ports(device_id=server[0].id)
    assert port.binding_vif_type == "ovs"
    assert port.status == "ACTIVE"


def test_lab_driver_records_user_data(lab, server):
    assert lab.user_data(server[0].id) == server[1]


def test_deleted_server_is_gone(lab, demo):
    server = demo.compute.create_server(
        name=unique("server"),
        image_id=lab.image_id,
        flavor_id=lab.flavors["m1.tiny"],
        networks="none",
    )
    demo.compute.wait_for_server(server, wait=WAIT)
    demo.compute.delete_server(server)
    demo.compute.wait_for_delete(server, wait=WAIT)
    with pytest.raises(openstack.exceptions.NotFoundException):
        demo.compute.get_server(server.id)


def test_volume_attaches_and_detaches(demo, server):
    volume = demo.block_storage.create_volume(size=1, name=unique("volume"))
    try:
        demo.block_storage.wait_for_status(volume, "available", wait=WAIT)
        demo.compute.create_volume_attachment(server[0], volume=volume)
        attached = demo.block_storage.wait_for_status(volume, "in-use", wait=WAIT)
        assert attached.attachments[0]["server_id"] == server[0].id
        demo.compute.delete_volume_attachment(server[0], volume)
        demo.block_storage.wait_for_status(volume, "available", wait=WAIT)
    finally:
        demo.block_storage.delete_volume(volume)


def test_volume_from_image_is_bootable(lab, demo):
    volume = demo.block_storage.create_volume(size=1, image_id=lab.image_id, name=unique("vol"))
    try:
        volume = demo.block_storage.wait_for_status(volume, "available", wait=WAIT)
        assert volume.is_bootable
        assert volume.volume_image_metadata["image_id"] == lab.image_id
    finally:
        demo.block_storage.delete_volume(volume)


@pytest.fixture
def container(demo):
    """A Swift container of demo's, deleted with its objects afterwards."""
    name = unique("container")
    demo.object_store.create_container(name=name)
    yield name
    for stored in demo.object_store.objects(name):
        demo.object_store.delete_object(stored, container=name)
    demo.object_store.delete_container(name)


def test_swift_object_round_trip(demo, container):
    demo.object_store.upload_object(container=container, name="greeting", data=b"hello")
    assert demo.object_store.download_object("greeting", container=container) == b"hello"


def test_swift_temp_url_serves_object_without_token(demo, container):
    demo.object_store.upload_object(container=container, name="shared", data=b"for anyone")
    key = uuid.uuid4().hex
    demo.object_store.set_account_temp_url_key(key)
    endpoint = urllib.parse.urlsplit(demo.object_store.get_endpoint())
    path = "%s/%s/shared" % (endpoint.path, container)
    signed = demo.object_store.generate_temp_url(path, 300, "GET", temp_url_key=key)
    answer = requests.get("%s://%s%s" % (endpoint.scheme, endpoint.netloc, signed), timeout=30)
    assert answer.status_code == 200
    assert answer.content == b"for anyone"


def test_load_balancer_goes_active_and_is_deleted(demo, network):
    balancer = demo.load_balancer
    lb = balancer.create_load_balancer(name=unique("lb"), vip_subnet_id=network[1].id)
    try:
        lb = balancer.wait_for_load_balancer(lb.id, wait=WAIT)
        assert (lb.provisioning_status, lb.vip_subnet_id) == ("ACTIVE", network[1].id)
    finally:
        balancer.delete_load_balancer(lb.id)
        balancer.wait_for_delete(lb, wait=WAIT)
    assert balancer.find_load_balancer(lb.id) is None


def test_designate_zone_and_record_set_go_active_and_are_deleted(demo):
    zone = demo.dns.create_zone(name=unique("lab") + ".example.org.", email="admin@example.org")
    try:
        zone = demo.dns.wait_for_status(zone, "ACTIVE", failures=["ERROR"], wait=WAIT)
        recordset = demo.dns.create_recordset(
            zone, name="www." + zone.name, type="A", records=["192.0.2.1"]
        )
        recordset = demo.dns.wait_for_status(recordset, "ACTIVE", failures=["ERROR"], wait=WAIT)
        assert recordset.records == ["192.0.2.1"]
    finally:
        demo.dns.delete_zone(zone)
        demo.dns.wait_for_delete(zone, wait=WAIT)
    assert demo.dns.find_zone(zone.id) is None
