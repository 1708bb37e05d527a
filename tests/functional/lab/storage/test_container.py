"""OS::Swift::Container and AWS::S3::Bucket orchestrate the lab's Swift."""

import pytest
from openstack import exceptions as sdk_exceptions

from tests.functional.lab_engine import wait_for


def container_template(**properties) -> dict:
    return {
        "heat_template_version": "2021-04-16",
        "resources": {"container": {"type": "OS::Swift::Container", "properties": properties}},
        "outputs": {
            name: {"value": {"get_attr": ["container", name]}}
            for name in ("DomainName", "WebsiteURL", "RootURL", "ObjectCount", "BytesUsed")
        }
        | {"head": {"value": {"get_attr": ["container", "HeadContainer"]}}},
    }


def container_name(stacks, identity) -> str:
    return stacks.resource(identity, "container")["physical_resource_id"]


def assert_complete(stack: dict, action: str) -> None:
    assert (stack["stack_action"], stack["stack_status"]) == (action, "COMPLETE"), stack[
        "stack_status_reason"
    ]


def container_gone(cloud, name: str) -> bool:
    try:
        cloud.object_store.get_container_metadata(name)
    except sdk_exceptions.NotFoundException:
        return True
    return False


def test_container_with_objects_purged_on_delete(demo_stacks, demo_cloud, lab, unique_name):
    identity = demo_stacks.create(
        container_template(
            name=unique_name,
            PurgeOnDelete=True,
            **{"X-Container-Read": ".r:*", "X-Container-Meta": {"color": "red"}},
        )
    )
    assert_complete(demo_stacks.show(identity), "CREATE")
    assert container_name(demo_stacks, identity) == unique_name
    container = demo_cloud.object_store.get_container_metadata(unique_name)
    assert container.read_ACL == ".r:*"
    assert container.metadata == {"color": "red"}
    for index in range(3):
        demo_cloud.object_store.upload_object(
            container=unique_name, name="object-%d" % index, data=b"x" * 10
        )
    outputs = demo_stacks.outputs(identity)
    project_id = lab.state["users"]["demo"]["project_id"]
    root = "http://127.0.0.1:%d/v1/AUTH_%s" % (lab.state["ports"]["swift_proxy"], project_id)
    assert (outputs["DomainName"], outputs["RootURL"]) == ("127.0.0.1", root)
    assert outputs["WebsiteURL"] == root + "/" + unique_name
    assert (outputs["ObjectCount"], outputs["BytesUsed"]) == (3, 30)
    assert outputs["head"]["x-container-meta-color"] == "red"

    demo_stacks.delete(identity)
    assert demo_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")
    assert container_gone(demo_cloud, unique_name)


def test_a_non_empty_container_is_kept_without_purge(demo_stacks, demo_cloud, unique_name):
    identity = demo_stacks.create(container_template(name=unique_name))
    demo_cloud.object_store.upload_object(container=unique_name, name="kept", data=b"data")
    demo_stacks.delete(identity)
    action, status, reason = demo_stacks.state(identity)
    assert (action, status) == ("DELETE", "FAILED")
    assert "Deleting non-empty container (%s) when PurgeOnDelete is False" % unique_name in reason
    assert not container_gone(demo_cloud, unique_name)
    demo_cloud.object_store.delete_object("kept", container=unique_name)
    demo_stacks.delete(identity)
    assert demo_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")
    assert container_gone(demo_cloud, unique_name)


def test_update_replaces_the_container(demo_stacks, demo_cloud, unique_name):
    identity = demo_stacks.create(container_template(**{"X-Container-Meta": {"a": "1"}}))
    first = container_name(demo_stacks, identity)
    stack = demo_stacks.update(identity, container_template(**{"X-Container-Meta": {"a": "2"}}))
    assert_complete(stack, "UPDATE")
    second = container_name(demo_stacks, identity)
    assert second != first
    assert demo_cloud.object_store.get_container_metadata(second).metadata == {"a": "2"}
    assert container_gone(demo_cloud, first)
    demo_stacks.delete(identity)
    assert container_gone(demo_cloud, second)


def check(stacks, identity) -> tuple[str, str]:
    stacks.engine.stack_check(stacks.context, identity)
    stack = wait_for(stacks.engine, stacks.context, identity)
    return stack["stack_action"], stack["stack_status"]


def test_check_and_deleted_outside_heat(demo_stacks, demo_cloud, unique_name):
    identity = demo_stacks.create(container_template(name=unique_name))
    assert check(demo_stacks, identity) == ("CHECK", "COMPLETE")
    demo_cloud.object_store.delete_container(unique_name)
    assert check(demo_stacks, identity) == ("CHECK", "FAILED")
    demo_stacks.delete(identity)
    assert demo_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")


def test_account_metadata(demo_stacks, demo_cloud, unique_name):
    key = unique_name.replace("-", "")
    identity = demo_stacks.create(container_template(**{"X-Account-Meta": {key: "set"}}))
    assert_complete(demo_stacks.show(identity), "CREATE")
    assert demo_cloud.object_store.get_account_metadata().metadata[key] == "set"
    demo_stacks.delete(identity)
    demo_cloud.object_store.delete_account_metadata([key])


def bucket_template(**properties) -> dict:
    return {
        "AWSTemplateFormatVersion": "2010-09-09",
        "Resources": {"bucket": {"Type": "AWS::S3::Bucket", "Properties": properties}},
        "Outputs": {
            "DomainName": {"Value": {"Fn::GetAtt": ["bucket", "DomainName"]}},
            "WebsiteURL": {"Value": {"Fn::GetAtt": ["bucket", "WebsiteURL"]}},
            "Ref": {"Value": {"Ref": "bucket"}},
        },
    }


@pytest.mark.parametrize(
    ("acl", "read", "write"),
    [
        ("Private", "demo:demo", "demo:demo"),
        ("PublicRead", ".r:*", "demo:demo"),
        ("PublicReadWrite", ".r:*", "*:*"),
        ("AuthenticatedRead", "demo", "demo:demo"),
    ],
)
def test_bucket_canned_acls(demo_stacks, demo_cloud, acl, read, write):
    identity = demo_stacks.create(
        bucket_template(
            AccessControl=acl,
            WebsiteConfiguration={"IndexDocument": "index.html", "ErrorDocument": "error.html"},
            Tags=[{"Key": "team", "Value": "storage"}],
        )
    )
    assert_complete(demo_stacks.show(identity), "CREATE")
    name = demo_stacks.outputs(identity)["Ref"]
    container = demo_cloud.object_store.get_container_metadata(name)
    assert (container.read_ACL, container.write_ACL) == (read, write)
    assert container.metadata == {
        "web-index": "index.html",
        "web-error": "error.html",
        "s3-tag-team": "storage",
    }
    assert demo_stacks.outputs(identity)["WebsiteURL"].endswith("/" + name)
    demo_stacks.delete(identity)
    assert demo_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")
    assert container_gone(demo_cloud, name)


def test_a_non_empty_bucket_is_not_deleted(demo_stacks, demo_cloud):
    identity = demo_stacks.create(bucket_template())
    name = demo_stacks.outputs(identity)["Ref"]
    demo_cloud.object_store.upload_object(container=name, name="kept", data=b"data")
    demo_stacks.delete(identity)
    action, status, reason = demo_stacks.state(identity)
    assert (action, status) == ("DELETE", "FAILED")
    assert "The bucket you tried to delete is not empty" in reason
    demo_cloud.object_store.delete_object("kept", container=name)
    demo_cloud.object_store.delete_container(name)
    demo_stacks.delete(identity)
    assert demo_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")


def test_a_converging_update_replaces_a_container_changed_in_swift(demo_stacks, demo_cloud):
    written = container_template(**{"X-Container-Read": ".r:*", "X-Container-Meta": {"a": "1"}})
    identity = demo_stacks.create(written)
    first = container_name(demo_stacks, identity)
    demo_cloud.object_store.set_container_metadata(first, read_ACL=".r:*,.rlistings", a="9")

    # Nothing of a Swift container changes in place: it is made anew, as upstream does.
    assert_complete(demo_stacks.update(identity, written, converge=True), "UPDATE")
    second = container_name(demo_stacks, identity)
    assert second != first
    container = demo_cloud.object_store.get_container_metadata(second)
    assert (container.read_ACL, container.metadata) == (".r:*", {"a": "1"})
    assert container_gone(demo_cloud, first)
    demo_stacks.delete(identity)


def test_a_converging_update_leaves_alone_a_container_swift_still_has_as_written(
    demo_stacks, demo_cloud
):
    written = container_template(**{"X-Container-Meta": {"a": "1"}})
    identity = demo_stacks.create(written)
    first = container_name(demo_stacks, identity)
    demo_cloud.object_store.set_container_metadata(first, added="outside")

    assert_complete(demo_stacks.update(identity, written, converge=True), "UPDATE")
    assert container_name(demo_stacks, identity) == first
    demo_stacks.delete(identity)


def test_a_converging_update_makes_a_named_container_deleted_in_swift_again(
    demo_stacks, demo_cloud, unique_name
):
    written = container_template(name=unique_name, **{"X-Container-Write": "demo:demo"})
    identity = demo_stacks.create(written)
    demo_cloud.object_store.delete_container(unique_name)

    assert_complete(demo_stacks.update(identity, written, converge=True), "UPDATE")
    assert container_name(demo_stacks, identity) == unique_name
    assert demo_cloud.object_store.get_container_metadata(unique_name).write_ACL == "demo:demo"
    demo_stacks.delete(identity)
    assert container_gone(demo_cloud, unique_name)


def test_a_converging_update_keeps_a_named_container_and_its_objects(
    demo_stacks, demo_cloud, unique_name
):
    written = container_template(name=unique_name, **{"X-Container-Meta": {"a": "1"}})
    identity = demo_stacks.create(written)
    demo_cloud.object_store.set_container_metadata(unique_name, read_ACL=".r:*", a="9")
    demo_cloud.object_store.upload_object(container=unique_name, name="kept", data=b"data")

    assert_complete(demo_stacks.update(identity, written, converge=True), "UPDATE")
    container = demo_cloud.object_store.get_container_metadata(unique_name)
    assert (container.read_ACL, container.metadata) == (None, {"a": "1"})
    assert [item.name for item in demo_cloud.object_store.objects(unique_name)] == ["kept"]
    demo_cloud.object_store.delete_object("kept", container=unique_name)
    demo_stacks.delete(identity)
    assert container_gone(demo_cloud, unique_name)
