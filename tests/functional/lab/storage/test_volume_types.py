"""The lab admin's Cinder types: OS::Cinder::VolumeType, EncryptedVolumeType, QoSSpecs,
QoSAssociation and Quota."""

import pytest
from openstack import exceptions as sdk_exceptions


def template(resources: dict) -> dict:
    return {"heat_template_version": "2021-04-16", "resources": resources}


def physical_id(stacks, identity, name: str) -> str:
    return stacks.resource(identity, name)["physical_resource_id"]


def assert_complete(stack: dict, action: str) -> None:
    assert (stack["stack_action"], stack["stack_status"]) == (action, "COMPLETE"), stack[
        "stack_status_reason"
    ]


def volume_type(name: str, **properties) -> dict:
    return {"type": "OS::Cinder::VolumeType", "properties": dict(name=name, **properties)}


def test_volume_type_create_update_and_delete(admin_stacks, admin_cloud, lab, unique_name):
    identity = admin_stacks.create(
        template({"vtype": volume_type(unique_name, description="one", metadata={"a": "1"})})
    )
    assert_complete(admin_stacks.show(identity), "CREATE")
    type_id = physical_id(admin_stacks, identity, "vtype")
    found = admin_cloud.block_storage.get_type(type_id)
    assert (found.name, found.description, found.is_public) == (unique_name, "one", True)
    assert found.extra_specs == {"a": "1"}

    private = volume_type(
        unique_name + "-2",
        description="two",
        metadata={"b": "2"},
        is_public=False,
        projects=[lab.state["users"]["demo"]["project_name"]],
    )
    assert_complete(admin_stacks.update(identity, template({"vtype": private})), "UPDATE")
    assert physical_id(admin_stacks, identity, "vtype") == type_id
    found = admin_cloud.block_storage.get_type(type_id)
    assert (found.name, found.description, found.is_public) == (unique_name + "-2", "two", False)
    assert found.extra_specs == {"b": "2"}
    access = admin_cloud.block_storage.get_type_access(type_id)
    assert [a["project_id"] for a in access] == [lab.state["users"]["demo"]["project_id"]]

    admin_stacks.delete(identity)
    assert admin_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")
    with pytest.raises(sdk_exceptions.NotFoundException):
        admin_cloud.block_storage.get_type(type_id)


def test_volume_type_deleted_outside_heat(admin_stacks, admin_cloud, unique_name):
    identity = admin_stacks.create(template({"vtype": volume_type(unique_name)}))
    admin_cloud.block_storage.delete_type(physical_id(admin_stacks, identity, "vtype"))
    admin_stacks.delete(identity)
    assert admin_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")


def test_a_member_may_not_create_volume_types(demo_stacks, unique_name):
    identity = demo_stacks.create(template({"vtype": volume_type(unique_name)}))
    action, status, reason = demo_stacks.state(identity)
    assert (action, status) == ("CREATE", "FAILED")
    assert "403" in reason or "Forbidden" in reason or "not authorized" in reason.lower()
    demo_stacks.delete(identity)


def test_encrypted_volume_type(admin_stacks, admin_cloud, unique_name):
    resources = {
        "vtype": volume_type(unique_name),
        "encryption": {
            "type": "OS::Cinder::EncryptedVolumeType",
            "properties": {
                "volume_type": {"get_resource": "vtype"},
                "provider": "luks",
                "cipher": "aes-xts-plain64",
                "key_size": 256,
            },
        },
    }
    identity = admin_stacks.create(template(resources))
    assert_complete(admin_stacks.show(identity), "CREATE")
    type_id = physical_id(admin_stacks, identity, "vtype")
    encryption = admin_cloud.block_storage.get_type_encryption(type_id)
    assert (encryption.provider, encryption.cipher, encryption.key_size) == (
        "luks",
        "aes-xts-plain64",
        256,
    )
    assert encryption.control_location == "front-end"

    resources["encryption"]["properties"].update(key_size=128, control_location="back-end")
    assert_complete(admin_stacks.update(identity, template(resources)), "UPDATE")
    encryption = admin_cloud.block_storage.get_type_encryption(type_id)
    assert (encryption.key_size, encryption.control_location) == (128, "back-end")

    admin_stacks.delete(identity)
    assert admin_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")
    with pytest.raises(sdk_exceptions.NotFoundException):
        admin_cloud.block_storage.get_type(type_id)


def qos_resources(unique_name: str, specs: dict, types: list) -> dict:
    return {
        "first": volume_type(unique_name + "-1"),
        "second": volume_type(unique_name + "-2"),
        "qos": {
            "type": "OS::Cinder::QoSSpecs",
            "properties": {"name": unique_name, "specs": specs},
        },
        "association": {
            "type": "OS::Cinder::QoSAssociation",
            "properties": {
                "qos_specs": {"get_resource": "qos"},
                "volume_types": [{"get_resource": name} for name in types],
            },
        },
    }


def associated_type_ids(cloud, qos_id: str) -> set:
    response = cloud.block_storage.get("/qos-specs/%s/associations" % qos_id)
    return {association["id"] for association in response.json()["qos_associations"]}


def test_qos_specs_and_association(admin_stacks, admin_cloud, unique_name):
    identity = admin_stacks.create(
        template(
            qos_resources(unique_name, {"read_iops_sec": "100", "consumer": "back-end"}, ["first"])
        )
    )
    assert_complete(admin_stacks.show(identity), "CREATE")
    qos_id = physical_id(admin_stacks, identity, "qos")
    first, second = (physical_id(admin_stacks, identity, n) for n in ("first", "second"))
    qos = admin_cloud.block_storage.get_qos_spec(qos_id)
    assert (qos.name, qos.specs, qos.consumer) == (
        unique_name,
        {"read_iops_sec": "100"},
        "back-end",
    )
    assert associated_type_ids(admin_cloud, qos_id) == {first}

    stack = admin_stacks.update(
        identity,
        template(
            qos_resources(unique_name, {"write_iops_sec": "50", "consumer": "back-end"}, ["second"])
        ),
    )
    assert_complete(stack, "UPDATE")
    assert physical_id(admin_stacks, identity, "qos") == qos_id
    assert admin_cloud.block_storage.get_qos_spec(qos_id).specs == {"write_iops_sec": "50"}
    assert associated_type_ids(admin_cloud, qos_id) == {second}

    admin_stacks.delete(identity)
    assert admin_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")
    with pytest.raises(sdk_exceptions.NotFoundException):
        admin_cloud.block_storage.get_qos_spec(qos_id)


@pytest.fixture
def project(admin_cloud, unique_name):
    project = admin_cloud.identity.create_project(name=unique_name, domain_id="default")
    yield project
    admin_cloud.identity.delete_project(project, ignore_missing=True)


def test_quota_set_updated_and_reverted(admin_stacks, admin_cloud, project):
    defaults = admin_cloud.block_storage.get_quota_set_defaults(project.id)
    quota = {"type": "OS::Cinder::Quota", "properties": {"project": project.id, "volumes": 3}}
    identity = admin_stacks.create(template({"quota": quota}))
    assert_complete(admin_stacks.show(identity), "CREATE")
    assert admin_cloud.block_storage.get_quota_set(project.id).volumes == 3

    quota["properties"].update(volumes=4, gigabytes=40, snapshots=-1)
    assert_complete(admin_stacks.update(identity, template({"quota": quota})), "UPDATE")
    current = admin_cloud.block_storage.get_quota_set(project.id)
    assert (current.volumes, current.gigabytes, current.snapshots) == (4, 40, -1)

    admin_stacks.delete(identity)
    assert admin_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")
    reverted = admin_cloud.block_storage.get_quota_set(project.id)
    assert (reverted.volumes, reverted.gigabytes) == (defaults.volumes, defaults.gigabytes)


def test_quota_of_a_project_deleted_outside_heat(admin_stacks, admin_cloud, project):
    quota = {"type": "OS::Cinder::Quota", "properties": {"project": project.id, "volumes": 3}}
    identity = admin_stacks.create(template({"quota": quota}))
    admin_cloud.identity.delete_project(project)
    admin_stacks.delete(identity)
    assert admin_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")


def test_a_converging_update_puts_back_what_was_changed_in_cinder(
    admin_stacks, admin_cloud, lab, unique_name
):
    demo = lab.state["users"]["demo"]
    written = template(
        {
            "vtype": volume_type(
                unique_name,
                description="as written",
                metadata={"a": "1"},
                is_public=False,
                projects=[demo["project_name"]],
            )
        }
    )
    identity = admin_stacks.create(written)
    type_id = physical_id(admin_stacks, identity, "vtype")
    admin_cloud.block_storage.update_type(type_id, name=unique_name + "-x", description="changed")
    admin_cloud.block_storage.update_type_extra_specs(type_id, a="9", b="2")
    admin_cloud.block_storage.remove_type_access(type_id, demo["project_id"])

    assert_complete(admin_stacks.update(identity, written, converge=True), "UPDATE")
    assert physical_id(admin_stacks, identity, "vtype") == type_id
    found = admin_cloud.block_storage.get_type(type_id)
    assert (found.name, found.description, found.is_public) == (unique_name, "as written", False)
    assert found.extra_specs == {"a": "1"}
    access = admin_cloud.block_storage.get_type_access(type_id)
    assert [entry["project_id"] for entry in access] == [demo["project_id"]]
    admin_stacks.delete(identity)


def encrypted_type_resources(unique_name: str) -> dict:
    return {
        "vtype": volume_type(unique_name),
        "encryption": {
            "type": "OS::Cinder::EncryptedVolumeType",
            "properties": {
                "volume_type": {"get_resource": "vtype"},
                "provider": "luks",
                "cipher": "aes-xts-plain64",
                "key_size": 256,
            },
        },
    }


def test_a_converging_update_puts_back_an_encryption_changed_in_cinder(
    admin_stacks, admin_cloud, unique_name
):
    written = template(encrypted_type_resources(unique_name))
    identity = admin_stacks.create(written)
    type_id = physical_id(admin_stacks, identity, "vtype")
    admin_cloud.block_storage.update_type_encryption(
        volume_type=type_id, key_size=128, control_location="back-end"
    )

    assert_complete(admin_stacks.update(identity, written, converge=True), "UPDATE")
    encryption = admin_cloud.block_storage.get_type_encryption(type_id)
    assert (encryption.key_size, encryption.control_location) == (256, "front-end")
    admin_stacks.delete(identity)


def test_a_converging_update_makes_an_encryption_deleted_in_cinder_again(
    admin_stacks, admin_cloud, unique_name
):
    written = template(encrypted_type_resources(unique_name))
    identity = admin_stacks.create(written)
    type_id = physical_id(admin_stacks, identity, "vtype")
    admin_cloud.block_storage.delete_type_encryption(volume_type=type_id)

    assert_complete(admin_stacks.update(identity, written, converge=True), "UPDATE")
    assert physical_id(admin_stacks, identity, "encryption") == type_id
    encryption = admin_cloud.block_storage.get_type_encryption(type_id)
    assert (encryption.provider, encryption.key_size) == ("luks", 256)
    admin_stacks.delete(identity)
    assert admin_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")
