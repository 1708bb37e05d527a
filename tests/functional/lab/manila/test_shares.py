"""OS::Manila::Share against the lab's Manila (dummy backend, no share servers): a share
made available with its metadata and access rules, changed in place, deleted with nothing
left; Manila's failure and refusal reasons in the resource's; a share restored from a
snapshot named by its name."""

import uuid

import pytest

from tests.functional.lab.manila.helpers import manila, share, template

OUTPUTS = {
    "id": {"get_resource": "share"},
    "status": {"get_attr": ["share", "status"]},
    "exports": {"get_attr": ["share", "export_locations"]},
    "project": {"get_attr": ["share", "project_id"]},
    "server": {"get_attr": ["share", "share_server_id"]},
    "created": {"get_attr": ["share", "created_at"]},
}
OFFICE = {"access_to": "10.1.0.0/24", "access_type": "ip", "access_level": "ro"}
LAB = {"access_to": "10.2.0.0/24", "access_type": "ip"}


def rules(cloud, share_id: str) -> set:
    """The share's rules as (to, level): with no wait, as a stack action ends only once
    Manila has applied and revoked them."""
    return {
        (rule.access_to, rule.access_level)
        for rule in cloud.shared_file_system.access_rules(share_id)
    }


def test_a_share_is_made_changed_in_place_and_deleted(demo_stacks, demo_cloud, share_type_name):
    made = share(
        name="data",
        description="first",
        share_type=share_type_name,
        metadata={"team": "a", "keep": "x"},
        access_rules=[OFFICE],
    )
    identity = demo_stacks.create(template({"share": made}, OUTPUTS))
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    found = demo_stacks.outputs(identity)
    stored = demo_cloud.shared_file_system.get_share(found["id"])
    assert (stored.name, stored.description, stored.status) == ("data", "first", "available")
    assert stored.metadata == {"team": "a", "keep": "x"}
    assert (found["status"], found["server"]) == ("available", None)
    assert found["project"] == demo_cloud.current_project_id
    assert found["exports"] and all(":/path/to/fake/share/" in path for path in found["exports"])
    assert rules(demo_cloud, found["id"]) == {("10.1.0.0/24", "ro")}

    changed = share(
        name="data2",
        description="second",
        share_type=share_type_name,
        metadata={"team": "b"},
        access_rules=[LAB],
    )
    stack = demo_stacks.update(identity, template({"share": changed}, OUTPUTS))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert demo_stacks.outputs(identity)["id"] == found["id"]
    stored = demo_cloud.shared_file_system.get_share(found["id"])
    assert (stored.name, stored.description, stored.metadata) == ("data2", "second", {"team": "b"})
    assert rules(demo_cloud, found["id"]) == {("10.2.0.0/24", "rw")}
    demo_stacks.delete(identity)
    assert manila(demo_cloud, "/shares/%s" % found["id"]) is None


def test_an_admin_makes_a_share_public_in_place(admin_stacks, admin_cloud):
    identity = admin_stacks.create(template({"share": share()}, OUTPUTS))
    assert admin_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    share_id = admin_stacks.outputs(identity)["id"]
    assert admin_cloud.shared_file_system.get_share(share_id).is_public is False
    stack = admin_stacks.update(identity, template({"share": share(is_public=True)}, OUTPUTS))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert admin_cloud.shared_file_system.get_share(share_id).is_public is True
    admin_stacks.delete(identity)


def test_a_public_share_manila_refuses_a_member_fails_with_its_words(demo_stacks):
    identity = demo_stacks.create(template({"share": share(is_public=True)}))
    action, status, reason = demo_stacks.state(identity)
    assert (action, status) == ("CREATE", "FAILED")
    assert "User is not authorized to set 'is_public' to True in the request." in reason


def test_a_share_no_backend_takes_fails_with_manilas_reason(admin_stacks, admin_cloud):
    nowhere = {
        "type": "OS::Manila::ShareType",
        "properties": {
            "name": "nowhere-%s" % uuid.uuid4().hex[:8],
            "driver_handles_share_servers": False,
            "extra_specs": {"share_backend_name": "nowhere"},
        },
    }
    resources = {"nowhere": nowhere, "share": share(share_type={"get_resource": "nowhere"})}
    identity = admin_stacks.create(template(resources))
    action, status, reason = admin_stacks.state(identity)
    assert (action, status) == ("CREATE", "FAILED")
    assert "Error during creation of share" in reason
    assert "No storage could be allocated for this share request" in reason
    share_id = admin_stacks.resource(identity, "share")["physical_resource_id"]
    admin_stacks.delete(identity)
    assert manila(admin_cloud, "/shares/%s" % share_id) is None


@pytest.fixture
def snapshot(demo_cloud):
    """A share of the demo project and a snapshot of it, both named ``name``; deleted
    after the test."""
    files = demo_cloud.shared_file_system
    name = "snap-%s" % uuid.uuid4().hex[:8]
    source = files.create_share(share_proto="NFS", size=1, name=name)
    files.wait_for_status(source, "available", failures=["error"], interval=1, wait=120)
    made = files.create_share_snapshot(share_id=source.id, name=name)
    files.wait_for_status(made, "available", failures=["error"], interval=1, wait=120)
    yield made
    files.delete_share_snapshot(made.id)
    files.wait_for_delete(made, interval=1, wait=120)
    files.delete_share(source.id)


def test_a_share_is_restored_from_a_snapshot_named(demo_stacks, demo_cloud, snapshot):
    identity = demo_stacks.create(template({"share": share(snapshot=snapshot.name)}, OUTPUTS))
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    stored = demo_cloud.shared_file_system.get_share(demo_stacks.outputs(identity)["id"])
    assert (stored.snapshot_id, stored.status) == (snapshot.id, "available")
    demo_stacks.delete(identity)
