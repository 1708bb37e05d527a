"""OS::Cinder::Volume and OS::Cinder::VolumeAttachment orchestrate the lab's Cinder."""

import pytest
from openstack import exceptions as sdk_exceptions

from tests.functional.lab_engine import wait_for


def volume_template(**properties) -> dict:
    return {
        "heat_template_version": "2021-04-16",
        "resources": {"volume": {"type": "OS::Cinder::Volume", "properties": properties}},
        "outputs": {
            "size": {"value": {"get_attr": ["volume", "size"]}},
            "status": {"value": {"get_attr": ["volume", "status"]}},
            "name": {"value": {"get_attr": ["volume", "display_name"]}},
            "metadata": {"value": {"get_attr": ["volume", "metadata_values"]}},
            "volume_type": {"value": {"get_attr": ["volume", "volume_type"]}},
            "bootable": {"value": {"get_attr": ["volume", "bootable"]}},
        },
    }


def volume_gone(cloud, volume_id_: str) -> bool:
    """Whether Cinder forgot the volume (the lab's Cinder refuses look-ups by name)."""
    try:
        cloud.block_storage.get_volume(volume_id_)
    except sdk_exceptions.NotFoundException:
        return True
    return False


def volume_id(stacks, identity) -> str:
    return stacks.resource(identity, "volume")["physical_resource_id"]


def test_create_update_in_place_and_delete(demo_stacks, demo_cloud, unique_name):
    identity = demo_stacks.create(
        volume_template(size=1, name=unique_name, description="first", metadata={"a": "1"})
    )
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    volume = demo_cloud.block_storage.get_volume(volume_id(demo_stacks, identity))
    assert (volume.name, volume.description, volume.size, volume.status) == (
        unique_name,
        "first",
        1,
        "available",
    )
    assert volume.metadata == {"a": "1"}
    outputs = demo_stacks.outputs(identity)
    assert (outputs["size"], outputs["status"], outputs["name"]) == ("1", "available", unique_name)
    assert outputs["metadata"] == {"a": "1"}

    renamed = unique_name + "-renamed"
    stack = demo_stacks.update(
        identity,
        volume_template(size=2, name=renamed, description="second", metadata={"b": "2"}),
    )
    assert (stack["stack_action"], stack["stack_status"]) == ("UPDATE", "COMPLETE"), stack[
        "stack_status_reason"
    ]
    updated = demo_cloud.block_storage.get_volume(volume.id)
    assert updated.id == volume.id
    assert (updated.name, updated.description, updated.size) == (renamed, "second", 2)
    assert updated.metadata == {"b": "2"}

    demo_stacks.delete(identity)
    assert demo_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")
    assert volume_gone(demo_cloud, volume.id)


def test_shrinking_is_refused(demo_stacks, demo_cloud, unique_name):
    identity = demo_stacks.create(volume_template(size=2, name=unique_name))
    stack = demo_stacks.update(identity, volume_template(size=1, name=unique_name))
    assert (stack["stack_action"], stack["stack_status"]) == ("UPDATE", "FAILED")
    assert "Shrinking volume is not supported" in stack["stack_status_reason"]
    assert demo_cloud.block_storage.get_volume(volume_id(demo_stacks, identity)).size == 2
    demo_stacks.delete(identity)
    assert demo_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")


def test_retype_in_place(demo_stacks, demo_cloud, admin_cloud, lab_names, unique_name):
    other_type = admin_cloud.block_storage.create_type(name=unique_name)
    try:
        identity = demo_stacks.create(
            volume_template(size=1, name=unique_name, volume_type=lab_names["volume_type"])
        )
        before = volume_id(demo_stacks, identity)
        stack = demo_stacks.update(
            identity, volume_template(size=1, name=unique_name, volume_type=unique_name)
        )
        assert (stack["stack_action"], stack["stack_status"]) == ("UPDATE", "COMPLETE"), stack[
            "stack_status_reason"
        ]
        assert volume_id(demo_stacks, identity) == before
        assert demo_cloud.block_storage.get_volume(before).volume_type == unique_name
        assert demo_stacks.outputs(identity)["volume_type"] == unique_name
        demo_stacks.delete(identity)
    finally:
        admin_cloud.block_storage.delete_type(other_type)


def test_from_image_is_bootable(demo_stacks, demo_cloud, lab_names, unique_name):
    identity = demo_stacks.create(
        volume_template(size=1, name=unique_name, image=lab_names["image"])
    )
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE"), demo_stacks.state(identity)
    volume = demo_cloud.block_storage.get_volume(volume_id(demo_stacks, identity))
    assert volume.is_bootable
    assert volume.volume_image_metadata["image_name"] == lab_names["image"]
    assert demo_stacks.outputs(identity)["bootable"] == "True"
    demo_stacks.delete(identity)
    assert demo_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")


def test_check_suspend_and_resume(demo_stacks, demo_cloud, unique_name):
    identity = demo_stacks.create(volume_template(size=1, name=unique_name))
    demo_stacks.engine.stack_check(demo_stacks.context, identity)
    stack = wait_for(demo_stacks.engine, demo_stacks.context, identity)
    assert (stack["stack_action"], stack["stack_status"]) == ("CHECK", "COMPLETE")
    assert demo_stacks.suspend(identity)["stack_status"] == "COMPLETE"
    assert demo_stacks.resume(identity)["stack_status"] == "COMPLETE"
    assert demo_cloud.block_storage.get_volume(volume_id(demo_stacks, identity)).status == (
        "available"
    )
    demo_stacks.delete(identity)


def test_deleting_a_volume_already_deleted_outside_heat(demo_stacks, demo_cloud, unique_name):
    identity = demo_stacks.create(volume_template(size=1, name=unique_name))
    volume = demo_cloud.block_storage.get_volume(volume_id(demo_stacks, identity))
    demo_cloud.block_storage.delete_volume(volume)
    demo_cloud.block_storage.wait_for_delete(volume, wait=60)
    demo_stacks.delete(identity)
    assert demo_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")


@pytest.fixture
def type_without_backend(admin_cloud, unique_name):
    """A volume type no backend of the lab offers: Cinder's scheduler puts its volumes
    in error."""
    volume_type = admin_cloud.block_storage.create_type(
        name=unique_name + "-nowhere", extra_specs={"volume_backend_name": "nowhere"}
    )
    yield volume_type.name
    for volume in admin_cloud.block_storage.volumes(all_projects=True):
        if volume.volume_type == volume_type.name:
            admin_cloud.block_storage.delete_volume(volume, force=True)
            admin_cloud.block_storage.wait_for_delete(volume, wait=60)
    admin_cloud.block_storage.delete_type(volume_type)


def test_a_volume_cinder_cannot_make_fails_with_its_message_and_rolls_back(
    demo_stacks, demo_cloud, unique_name, type_without_backend
):
    template = volume_template(size=1, name=unique_name)
    template["resources"]["nowhere"] = {
        "type": "OS::Cinder::Volume",
        "depends_on": "volume",
        "properties": {"size": 1, "name": unique_name, "volume_type": type_without_backend},
    }
    identity = demo_stacks.create(template, disable_rollback=True)
    action, status, reason = demo_stacks.state(identity)
    assert (action, status) == ("CREATE", "FAILED")
    assert "Went to status error due to" in reason
    assert "Could not find any available weighted backend" in reason
    demo_stacks.delete(identity)
    assert demo_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")

    identity = demo_stacks.create(template, disable_rollback=False)
    action, status, reason = demo_stacks.state(identity)
    assert (action, status) == ("ROLLBACK", "COMPLETE"), reason
    assert [v for v in demo_cloud.block_storage.volumes() if v.name == unique_name] == []
    demo_stacks.delete(identity)


def attachment_template(server_id: str, volumes=("first",), attached="first") -> dict:
    resources = {
        name: {"type": "OS::Cinder::Volume", "properties": {"size": 1}} for name in volumes
    }
    resources["attachment"] = {
        "type": "OS::Cinder::VolumeAttachment",
        "properties": {"instance_uuid": server_id, "volume_id": {"get_resource": attached}},
    }
    return {"heat_template_version": "2021-04-16", "resources": resources}


def test_attach_reattach_and_detach(demo_stacks, demo_cloud, server):
    identity = demo_stacks.create(attachment_template(server.id, volumes=("first", "second")))
    action, status, reason = demo_stacks.state(identity)
    assert (action, status) == ("CREATE", "COMPLETE"), reason
    first = demo_stacks.resource(identity, "first")["physical_resource_id"]
    second = demo_stacks.resource(identity, "second")["physical_resource_id"]
    volume = demo_cloud.block_storage.get_volume(first)
    assert volume.status == "in-use"
    assert [a["server_id"] for a in volume.attachments] == [server.id]

    stack = demo_stacks.update(
        identity, attachment_template(server.id, volumes=("first", "second"), attached="second")
    )
    assert (stack["stack_action"], stack["stack_status"]) == ("UPDATE", "COMPLETE"), stack[
        "stack_status_reason"
    ]
    assert demo_cloud.block_storage.get_volume(first).status == "available"
    assert demo_cloud.block_storage.get_volume(second).status == "in-use"

    demo_stacks.delete(identity)
    assert demo_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")
    for gone in (first, second):
        assert volume_gone(demo_cloud, gone)
    assert list(demo_cloud.compute.volume_attachments(server)) == []


def test_growing_an_attached_volume(demo_stacks, demo_cloud, server):
    template = attachment_template(server.id)
    identity = demo_stacks.create(template)
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    template["resources"]["first"]["properties"]["size"] = 2
    stack = demo_stacks.update(identity, template)
    assert (stack["stack_action"], stack["stack_status"]) == ("UPDATE", "COMPLETE"), stack[
        "stack_status_reason"
    ]
    volume = demo_cloud.block_storage.get_volume(
        demo_stacks.resource(identity, "first")["physical_resource_id"]
    )
    assert (volume.size, volume.status) == (2, "in-use")
    demo_stacks.delete(identity)
    assert demo_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")


def test_deleting_a_volume_attached_outside_heat_fails(demo_stacks, demo_cloud, server):
    identity = demo_stacks.create(
        {
            "heat_template_version": "2021-04-16",
            "resources": {"volume": {"type": "OS::Cinder::Volume", "properties": {"size": 1}}},
        }
    )
    volume_id_ = volume_id(demo_stacks, identity)
    demo_cloud.compute.create_volume_attachment(server, volume_id=volume_id_)
    demo_cloud.block_storage.wait_for_status(
        demo_cloud.block_storage.get_volume(volume_id_), "in-use", wait=60
    )
    demo_stacks.delete(identity)
    action, status, reason = demo_stacks.state(identity)
    assert (action, status) == ("DELETE", "FAILED")
    assert "Volume in use" in reason
    assert demo_cloud.block_storage.get_volume(volume_id_).status == "in-use"
    demo_cloud.compute.delete_volume_attachment(server, volume_id_)
    demo_cloud.block_storage.wait_for_status(
        demo_cloud.block_storage.get_volume(volume_id_), "available", wait=60
    )
    demo_stacks.delete(identity)
    assert demo_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")


def test_a_converging_update_puts_back_what_was_changed_in_cinder(
    demo_stacks, demo_cloud, lab_names, unique_name
):
    template = volume_template(
        size=1,
        name=unique_name,
        description="as written",
        metadata={"a": "1"},
        volume_type=lab_names["volume_type"],
    )
    identity = demo_stacks.create(template)
    volume = demo_cloud.block_storage.get_volume(volume_id(demo_stacks, identity))
    demo_cloud.block_storage.update_volume(volume, name="renamed", description="changed")
    demo_cloud.block_storage.set_volume_metadata(volume, b="2")

    converged = demo_stacks.update(identity, template, converge=True)
    assert converged["stack_status"] == "COMPLETE", converged["stack_status_reason"]
    volume = demo_cloud.block_storage.get_volume(volume.id)
    assert (volume.name, volume.description) == (unique_name, "as written")
    assert volume.metadata == {"a": "1"}
    assert volume_id(demo_stacks, identity) == volume.id
    demo_stacks.delete(identity)


def test_a_converging_update_makes_a_volume_deleted_in_cinder_again(
    demo_stacks, demo_cloud, unique_name
):
    template = volume_template(size=1, name=unique_name)
    identity = demo_stacks.create(template)
    volume = demo_cloud.block_storage.get_volume(volume_id(demo_stacks, identity))
    demo_cloud.block_storage.delete_volume(volume)
    demo_cloud.block_storage.wait_for_delete(volume, wait=60)

    converged = demo_stacks.update(identity, template, converge=True)
    assert converged["stack_status"] == "COMPLETE", converged["stack_status_reason"]
    again = demo_cloud.block_storage.get_volume(volume_id(demo_stacks, identity))
    assert (again.id != volume.id, again.status) == (True, "available")
    demo_stacks.delete(identity)
