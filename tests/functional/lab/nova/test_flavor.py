"""OS::Nova::Flavor against the lab's Nova: private flavors and their projects, extra specs
changed in place, replacement, check and flavors deleted outside heat."""

import uuid


def template(**properties) -> dict:
    properties = {"ram": 256, "vcpus": 1, **properties}
    return {
        "heat_template_version": "2021-04-16",
        "resources": {"flavor": {"type": "OS::Nova::Flavor", "properties": properties}},
        "outputs": {
            "id": {"value": {"get_resource": "flavor"}},
            "is_public": {"value": {"get_attr": ["flavor", "is_public"]}},
            "extra_specs": {"value": {"get_attr": ["flavor", "extra_specs"]}},
        },
    }


def flavor_name() -> str:
    return "heat-flavor-%s" % uuid.uuid4().hex[:8]


def access(cloud, flavor_id: str) -> set[str]:
    return {entry["tenant_id"] for entry in cloud.compute.get_flavor_access(flavor_id)}


def test_a_public_flavor_has_the_templates_sizes_and_name(admin_stacks, admin_cloud):
    name = flavor_name()
    identity = admin_stacks.create(template(name=name, disk=1, swap=16, ephemeral=2))
    try:
        outputs = admin_stacks.outputs(identity)
        flavor = admin_cloud.compute.get_flavor(outputs["id"])
        assert (flavor.name, flavor.ram, flavor.vcpus, flavor.disk) == (name, 256, 1, 1)
        assert (flavor.swap, flavor.ephemeral, flavor.is_public) == (16, 2, True)
        assert outputs["is_public"] is True
    finally:
        admin_stacks.delete(identity)
    assert admin_cloud.compute.find_flavor(name) is None


def test_a_private_flavor_is_given_to_its_tenants(admin_stacks, admin_cloud, lab_demo):
    identity = admin_stacks.create(template(is_public=False, tenants=[lab_demo.project_name]))
    try:
        flavor_id = admin_stacks.outputs(identity)["id"]
        assert admin_stacks.outputs(identity)["is_public"] is False
        assert access(admin_cloud, flavor_id) == {lab_demo.project_id}
    finally:
        admin_stacks.delete(identity)


def test_a_private_flavor_without_tenants_is_given_to_the_stacks_project(
    admin_stacks, admin_cloud, lab_admin
):
    identity = admin_stacks.create(template(is_public=False))
    try:
        assert access(admin_cloud, admin_stacks.outputs(identity)["id"]) == {lab_admin.project_id}
    finally:
        admin_stacks.delete(identity)


def test_extra_specs_and_tenants_change_in_place(admin_stacks, admin_cloud, lab_admin, lab_demo):
    before = template(
        is_public=False, tenants=[lab_demo.project_id], extra_specs={"a": "1", "b": "2"}
    )
    identity = admin_stacks.create(before)
    try:
        flavor_id = admin_stacks.outputs(identity)["id"]
        after = template(is_public=False, tenants=[lab_admin.project_id], extra_specs={"b": "3"})
        stack = admin_stacks.update(identity, after)
        assert (stack["stack_action"], stack["stack_status"]) == ("UPDATE", "COMPLETE")
        assert admin_stacks.outputs(identity)["id"] == flavor_id
        assert admin_cloud.compute.fetch_flavor_extra_specs(flavor_id).extra_specs == {"b": "3"}
        assert admin_stacks.outputs(identity)["extra_specs"] == {"b": "3"}
        assert access(admin_cloud, flavor_id) == {lab_admin.project_id}
    finally:
        admin_stacks.delete(identity)


def test_new_sizes_replace_the_flavor(admin_stacks, admin_cloud):
    identity = admin_stacks.create(template())
    try:
        old_id = admin_stacks.outputs(identity)["id"]
        stack = admin_stacks.update(identity, template(ram=512))
        assert (stack["stack_action"], stack["stack_status"]) == ("UPDATE", "COMPLETE")
        new_id = admin_stacks.outputs(identity)["id"]
        assert new_id != old_id
        assert admin_cloud.compute.get_flavor(new_id).ram == 512
        assert admin_cloud.compute.find_flavor(old_id) is None
    finally:
        admin_stacks.delete(identity)


def test_a_flavor_deleted_outside_heat_fails_check_and_is_deleted_with_the_stack(
    admin_stacks, admin_cloud
):
    identity = admin_stacks.create(template())
    assert admin_stacks.check(identity)["stack_status"] == "COMPLETE"
    admin_cloud.compute.delete_flavor(admin_stacks.outputs(identity)["id"])
    assert admin_stacks.check(identity)["stack_status"] == "FAILED"
    admin_stacks.delete(identity)
    assert admin_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")


def test_a_member_may_not_create_flavors(demo_stacks):
    identity = demo_stacks.create(template())
    action, status, reason = demo_stacks.state(identity)
    assert (action, status) == ("CREATE", "FAILED")
    assert "403" in reason or "Policy" in reason or "policy" in reason


def test_a_failed_update_rolls_the_extra_specs_back(admin_stacks, admin_cloud):
    identity = admin_stacks.create(template(extra_specs={"a": "1"}), disable_rollback=False)
    try:
        flavor_id = admin_stacks.outputs(identity)["id"]
        failing = template(extra_specs={"a": "2"})
        failing["resources"]["broken"] = {
            "type": "OS::Heat::TestResource",
            "properties": {"fail": True},
            "depends_on": "flavor",
        }
        stack = admin_stacks.update(identity, failing)
        assert (stack["stack_action"], stack["stack_status"]) == ("ROLLBACK", "COMPLETE")
        assert admin_cloud.compute.fetch_flavor_extra_specs(flavor_id).extra_specs == {"a": "1"}
    finally:
        admin_stacks.delete(identity)


def test_a_converging_update_puts_back_the_extra_specs_changed_in_nova(admin_stacks, admin_cloud):
    written = template(extra_specs={"a": "1", "b": "2"})
    identity = admin_stacks.create(written)
    flavor_id = admin_stacks.outputs(identity)["id"]
    admin_cloud.compute.delete_flavor_extra_specs_property(flavor_id, "a")
    admin_cloud.compute.update_flavor_extra_specs_property(flavor_id, "b", "changed")
    admin_cloud.compute.create_flavor_extra_specs(flavor_id, {"c": "added"})

    stack = admin_stacks.update(identity, written, converge=True)
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert admin_stacks.outputs(identity)["id"] == flavor_id
    extra_specs = admin_cloud.compute.fetch_flavor_extra_specs(flavor_id).extra_specs
    assert extra_specs == {"a": "1", "b": "2"}
    admin_stacks.delete(identity)


def test_a_converging_update_makes_a_flavor_deleted_in_nova_again(admin_stacks, admin_cloud):
    written = template(extra_specs={"a": "1"})
    identity = admin_stacks.create(written)
    old_id = admin_stacks.outputs(identity)["id"]
    admin_cloud.compute.delete_flavor(old_id)

    stack = admin_stacks.update(identity, written, converge=True)
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    new_id = admin_stacks.outputs(identity)["id"]
    assert new_id != old_id
    assert admin_cloud.compute.fetch_flavor_extra_specs(new_id).extra_specs == {"a": "1"}
    admin_stacks.delete(identity)
