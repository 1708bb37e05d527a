"""What a new lab holds besides its services: the external network ``public``, an image,
flavors, a volume type, a share type and Gnocchi's resource type ``instance``; and the waits
that say a server, volume or share can be made.
"""

import os
import time

import lab_manila
import openstack

EXTERNAL_NETWORK = "public"
EXTERNAL_SUBNET = "public-subnet"
EXTERNAL_CIDR = "172.24.4.0/24"
IMAGE = "cirros"
# name -> (RAM MB, vCPUs, disk GB)
FLAVORS = {"m1.tiny": (512, 1, 1), "m1.small": (2048, 1, 20)}
VOLUME_TYPE = "lab"
# Gnocchi's resource type of servers, which Ceilometer makes in a cloud that has it (the
# lab has no Ceilometer): the attributes its alarms and searches name.
INSTANCE_ATTRIBUTES = (
    "display_name",
    "flavor_id",
    "flavor_name",
    "host",
    "image_ref",
    "server_group",
)


def connect(auth_url: str, user: dict):
    """An openstacksdk Connection as one of the lab's users, on its project."""
    return openstack.connect(
        auth_url=auth_url,
        username=user["username"],
        password=user["password"],
        project_name=user["project_name"],
        user_domain_id="default",
        project_domain_id="default",
        region_name="RegionOne",
        load_yaml_config=False,
        load_envvars=False,
    )


def make_external_network(connection) -> dict:
    """The shared flat network ``public`` on physnet ``public``, for routers' gateways."""
    network = connection.network.create_network(
        name=EXTERNAL_NETWORK,
        is_router_external=True,
        is_shared=True,
        provider_network_type="flat",
        provider_physical_network="public",
    )
    subnet = connection.network.create_subnet(
        name=EXTERNAL_SUBNET,
        network_id=network.id,
        ip_version=4,
        cidr=EXTERNAL_CIDR,
        gateway_ip="172.24.4.1",
        is_dhcp_enabled=False,
    )
    return {"network": network.name, "network_id": network.id, "subnet_id": subnet.id}


def upload_image(connection) -> dict:
    """A public raw image named ``cirros``: a few KB of random bytes (nothing boots it)."""
    image = connection.image.create_image(
        name=IMAGE,
        data=os.urandom(4096),
        disk_format="raw",
        container_format="bare",
        visibility="public",
        wait=True,
    )
    return {"name": image.name, "id": image.id}


def make_flavors(connection) -> dict:
    """The public flavors of FLAVORS; their ids by name."""
    ids = {}
    for name, (ram, vcpus, disk) in FLAVORS.items():
        flavor = connection.compute.create_flavor(name=name, ram=ram, vcpus=vcpus, disk=disk)
        ids[name] = flavor.id
    return ids


def make_volume_type(connection) -> dict:
    """Volume type ``lab`` (cinder.conf makes it the default); the only backend takes it."""
    volume_type = connection.block_storage.create_type(name=VOLUME_TYPE)
    return {"name": volume_type.name, "id": volume_type.id}


def make_metric_resource_types(connection) -> list:
    """Gnocchi's resource type ``instance``, with optional string attributes."""
    attribute = {"type": "string", "required": False, "max_length": 255}
    body = {"name": "instance", "attributes": dict.fromkeys(INSTANCE_ATTRIBUTES, attribute)}
    connection.session.post(
        "/v1/resource_type",
        json=body,
        endpoint_filter={"service_type": "metric", "interface": "public"},
    )
    return [body["name"]]


def make_share_type(connection) -> dict:
    """Share type ``default`` (manila.conf makes it the default): public, for the backend
    without share servers."""
    share_type = connection.shared_file_system.create_share_type(
        name=lab_manila.DEFAULT_SHARE_TYPE,
        extra_specs={"driver_handles_share_servers": "False"},
    )
    return {"name": share_type.name, "id": share_type.id}


def register_key_manager_projects(auth_url: str, users: dict) -> list:
    """Barbican makes its row of a project with the project's first secret, and two first
    secrets at once race for it (one fails with a 500): each user's project makes, and
    deletes, one secret first."""
    names = ["demo", "alt_demo", "admin"]
    for name in names:
        connection = connect(auth_url, users[name])
        secret = connection.key_manager.create_secret(
            name="lab-first-secret", payload="x", payload_content_type="text/plain"
        )
        connection.key_manager.delete_secret(secret)
    return names


def wait_for(what: str, ready, watch) -> None:
    """Poll ready() until true; watch.check(what) fails the wait when it cannot come."""
    while not ready():
        watch.check(what)
        time.sleep(1)


def wait_for_compute(connection, watch) -> None:
    """Wait until the compute host is mapped to cell1 and its hypervisor is up."""

    def ready():
        hypervisors = connection.compute.hypervisors()
        return any(hypervisor.state == "up" for hypervisor in hypervisors)

    wait_for("nova-compute (hypervisor)", ready, watch)


def wait_for_volume_backend(connection, watch) -> None:
    """Wait until the scheduler knows cinder-volume's pool (volumes can be placed)."""
    pools = connection.block_storage.backend_pools
    wait_for("cinder-volume (scheduler pools)", lambda: any(pools()), watch)


def wait_for_share_backends(connection, watch) -> None:
    """Wait until the scheduler knows both of manila-share's backends' pools."""
    pools = connection.shared_file_system.storage_pools
    wait_for("manila-share (scheduler pools)", lambda: len(list(pools())) >= 2, watch)
