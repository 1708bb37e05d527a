"""AWS::EC2::Instance in the lab: booted in a subnet with tags and a volume attached,
its tags updated in place, suspended and resumed, and deleted with the port heat made."""

import pytest

from tests.functional.lab.server.servers import FLAVOR, IMAGE, unique


def instance_template(subnet_id: str, volume_id: str, tags: dict[str, str]) -> dict:
    return {
        "AWSTemplateFormatVersion": "2010-09-09",
        "Resources": {
            "instance": {
                "Type": "AWS::EC2::Instance",
                "Properties": {
                    "ImageId": IMAGE,
                    "InstanceType": FLAVOR,
                    "SubnetId": subnet_id,
                    "Tags": [{"Key": key, "Value": value} for key, value in tags.items()],
                    "Volumes": [{"VolumeId": volume_id, "Device": "/dev/vdb"}],
                },
            }
        },
        "Outputs": {
            "id": {"Value": {"Ref": "instance"}},
            "ip": {"Value": {"Fn::GetAtt": ["instance", "PrivateIp"]}},
        },
    }


@pytest.fixture
def volume(demo_cloud):
    """A 1 GB volume of the demo project (deleted after the test)."""
    made = demo_cloud.block_storage.create_volume(size=1, name=unique("heat-volume"))
    demo_cloud.block_storage.wait_for_status(made, "available", wait=60)
    yield made
    made = demo_cloud.block_storage.get_volume(made.id)
    if made.status != "available":
        demo_cloud.block_storage.wait_for_status(made, "available", wait=60)
    demo_cloud.block_storage.delete_volume(made, ignore_missing=True)


def test_an_instance_boots_in_its_subnet_with_its_volume_and_tags(
    demo_stacks, demo_cloud, network, volume
):
    _, subnet = network
    identity = demo_stacks.create(instance_template(subnet.id, volume.id, {"role": "db"}))
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    outputs = demo_stacks.outputs(identity)
    server = demo_cloud.compute.get_server(outputs["id"])
    assert (server.status, server.metadata) == ("ACTIVE", {"role": "db"})
    assert [attached["id"] for attached in server.attached_volumes] == [volume.id]
    (port,) = demo_cloud.network.ports(device_id=server.id)
    assert port.fixed_ips[0]["subnet_id"] == subnet.id
    assert outputs["ip"] == port.fixed_ips[0]["ip_address"]
    changed = instance_template(subnet.id, volume.id, {"role": "web"})
    assert demo_stacks.update(identity, changed)["stack_status"] == "COMPLETE"
    assert demo_cloud.compute.get_server(server.id).metadata == {"role": "web"}
    assert demo_stacks.suspend(identity)["stack_status"] == "COMPLETE"
    assert demo_cloud.compute.get_server(server.id).status == "SUSPENDED"
    assert demo_stacks.resume(identity)["stack_status"] == "COMPLETE"
    demo_stacks.delete(identity)
    assert demo_cloud.compute.find_server(server.id) is None
    assert demo_cloud.network.find_port(port.id) is None
