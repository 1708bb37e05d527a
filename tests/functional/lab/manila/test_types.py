"""OS::Manila::ShareType against the lab's Manila: an administrator's share type whose
extra specs change in place and that is gone after the delete; a member's refused with
Manila's words."""

import uuid

from tests.functional.lab.manila.helpers import manila, template


def share_type(**properties) -> dict:
    return {
        "type": "OS::Manila::ShareType",
        "properties": {
            "name": "type-%s" % uuid.uuid4().hex[:8],
            "driver_handles_share_servers": False,
            **properties,
        },
    }


def test_a_share_type_changes_its_extra_specs_in_place(admin_stacks, admin_cloud):
    made = share_type(snapshot_support=False, is_public=False, extra_specs={"a": "1", "b": "2"})
    outputs = {"id": {"get_resource": "type"}, "show": {"get_attr": ["type", "show"]}}
    identity = admin_stacks.create(template({"type": made}, outputs))
    assert admin_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    found = admin_stacks.outputs(identity)
    stored = admin_cloud.shared_file_system.get_share_type(found["id"])
    visible = manila(admin_cloud, "/types/%s" % found["id"])["share_type"]
    assert (stored.name, visible["share_type_access:is_public"]) == (
        made["properties"]["name"],
        False,
    )
    assert stored.extra_specs == {
        "driver_handles_share_servers": "False",
        "snapshot_support": "False",
        "a": "1",
        "b": "2",
    }
    assert found["show"]["id"] == found["id"]

    made["properties"]["extra_specs"] = {"b": "3", "c": "4"}
    stack = admin_stacks.update(identity, template({"type": made}, outputs))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert admin_stacks.outputs(identity)["id"] == found["id"]
    stored = admin_cloud.shared_file_system.get_share_type(found["id"])
    assert stored.extra_specs == {
        "driver_handles_share_servers": "False",
        "snapshot_support": "False",
        "b": "3",
        "c": "4",
    }
    admin_stacks.delete(identity)
    assert manila(admin_cloud, "/types/%s" % found["id"]) is None


def test_a_member_making_a_share_type_is_refused_with_manilas_words(demo_stacks):
    identity = demo_stacks.create(template({"type": share_type()}))
    action, status, reason = demo_stacks.state(identity)
    assert (action, status) == ("CREATE", "FAILED")
    assert "Access was denied to this resource." in reason
