"""AWS::EC2::Volume and AWS::EC2::VolumeAttachment orchestrate the lab's Cinder and Nova."""

import pytest
from openstack import exceptions as sdk_exceptions


def template(server_id: str, size: int = 1) -> dict:
    return {
        "AWSTemplateFormatVersion": "2010-09-09",
        "Resources": {
            "volume": {
                "Type": "AWS::EC2::Volume",
                "Properties": {
                    "Size": size,
                    "AvailabilityZone": "nova",
                    "Tags": [{"Key": "team", "Value": "storage"}],
                },
            },
            "attachment": {
                "Type": "AWS::EC2::VolumeAttachment",
                "Properties": {
                    "InstanceId": server_id,
                    "VolumeId": {"Ref": "volume"},
                    "Device": "/dev/vdc",
                },
            },
        },
    }


def test_volume_attached_detached_and_deleted(demo_stacks, demo_cloud, server):
    identity = demo_stacks.create(template(server.id))
    action, status, reason = demo_stacks.state(identity)
    assert (action, status) == ("CREATE", "COMPLETE"), reason
    volume_id = demo_stacks.resource(identity, "volume")["physical_resource_id"]
    volume = demo_cloud.block_storage.get_volume(volume_id)
    assert (volume.size, volume.status, volume.metadata) == (1, "in-use", {"team": "storage"})
    assert [a["server_id"] for a in volume.attachments] == [server.id]

    # Every property is immutable: a change is refused rather than replacing the volume.
    stack = demo_stacks.update(identity, template(server.id, size=2))
    assert (stack["stack_action"], stack["stack_status"]) == ("UPDATE", "FAILED")
    assert "Update to properties Size of volume (AWS::EC2::Volume)" in stack["stack_status_reason"]
    assert demo_stacks.resource(identity, "volume")["physical_resource_id"] == volume_id

    demo_stacks.delete(identity)
    assert demo_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")
    with pytest.raises(sdk_exceptions.NotFoundException):
        demo_cloud.block_storage.get_volume(volume_id)
    assert list(demo_cloud.compute.volume_attachments(server)) == []


def test_attachment_of_a_server_deleted_outside_heat(demo_stacks, demo_cloud, server):
    identity = demo_stacks.create(template(server.id))
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    demo_cloud.compute.delete_server(server)
    demo_cloud.compute.wait_for_delete(server, wait=120)
    demo_stacks.delete(identity)
    action, status, reason = demo_stacks.state(identity)
    assert (action, status) == ("DELETE", "COMPLETE"), reason
