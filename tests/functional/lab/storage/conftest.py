"""Fixtures of the storage tests: names no other test uses, a server made outside heat."""

import uuid

import pytest


@pytest.fixture
def unique_name():
    """A name no other test or run uses, for what the tests make in the shared lab."""
    return "heat-storage-%s" % uuid.uuid4().hex[:8]


@pytest.fixture
def server(demo_cloud, lab_names, unique_name):
    """A server of the lab's tiny flavor, without network, made outside heat."""
    server = demo_cloud.compute.create_server(
        name=unique_name,
        image_id=demo_cloud.image.find_image(lab_names["image"], ignore_missing=False).id,
        flavor_id=demo_cloud.compute.find_flavor("m1.tiny", ignore_missing=False).id,
        networks="none",
    )
    server = demo_cloud.compute.wait_for_server(server, wait=120)
    yield server
    demo_cloud.compute.delete_server(server, ignore_missing=True)
    demo_cloud.compute.wait_for_delete(server, wait=120)
