"""OS::Keystone::Group against the real Keystone: created with its roles, changed in place,
shown, deleted."""

import pytest
from keystoneauth1 import exceptions as ks_exceptions

from heat.common import exception
from tests.functional.keystone_resources.identities import (  # noqa: F401 (fixtures)
    fixture_scratch_domain,
    fixture_scratch_project,
    fixture_scratch_roles,
    granted,
    template,
    unique,
)


def group_template(**properties) -> dict:
    outputs = {"group_id": {"get_resource": "group"}, "show": {"get_attr": ["group", "show"]}}
    return template({"group": ("OS::Keystone::Group", properties)}, outputs)


def test_group_is_created_with_its_roles(
    admin_stacks, identity_admin, scratch_roles, scratch_project
):
    name = unique("group")
    roles = [
        {"role": scratch_roles[0].name, "project": scratch_project.name},
        {"role": scratch_roles[1].id, "domain": "Default"},
    ]
    identity = admin_stacks.create(group_template(name=name, description="made", roles=roles))
    assert admin_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    group = identity_admin.groups.get(admin_stacks.outputs(identity)["group_id"])
    assert (group.name, group.description, group.domain_id) == (name, "made", "default")
    assert granted(identity_admin, group=group.id) == {
        (scratch_roles[0].id, "project", scratch_project.id),
        (scratch_roles[1].id, "domain", "default"),
    }
    admin_stacks.delete(identity)


def test_group_without_a_name_is_named_after_the_resource(admin_stacks, identity_admin):
    identity = admin_stacks.create(group_template(), name="unnamed-group")
    group = identity_admin.groups.get(admin_stacks.outputs(identity)["group_id"])
    assert group.name.startswith("unnamed-group-group-")
    assert group.description == ""
    admin_stacks.delete(identity)


def test_group_is_renamed_and_described_in_place(admin_stacks, identity_admin):
    name = unique("group")
    identity = admin_stacks.create(group_template(name=name, description="before"))
    group_id = admin_stacks.outputs(identity)["group_id"]
    stack = admin_stacks.update(
        identity, group_template(name=name + "-renamed", description="after")
    )
    assert (stack["stack_action"], stack["stack_status"]) == ("UPDATE", "COMPLETE")
    assert admin_stacks.outputs(identity)["group_id"] == group_id
    group = identity_admin.groups.get(group_id)
    assert (group.name, group.description) == (name + "-renamed", "after")
    admin_stacks.delete(identity)


def test_roles_change_in_place_and_spare_roles_given_outside_heat(
    admin_stacks, identity_admin, scratch_roles, scratch_project
):
    kept, removed, outside = scratch_roles
    before = [{"role": kept.id, "project": scratch_project.id}]
    before.append({"role": removed.id, "domain": "default"})
    identity = admin_stacks.create(group_template(roles=before))
    group_id = admin_stacks.outputs(identity)["group_id"]
    identity_admin.roles.grant(outside, group=group_id, domain="default")

    after = [before[0], {"role": outside.id, "project": scratch_project.id}]
    assert admin_stacks.update(identity, group_template(roles=after))["stack_status"] == "COMPLETE"
    assert granted(identity_admin, group=group_id) == {
        (kept.id, "project", scratch_project.id),
        (outside.id, "project", scratch_project.id),
        (outside.id, "domain", "default"),
    }
    admin_stacks.delete(identity)


def test_keystone_refuses_to_move_a_group_to_another_domain(
    admin_stacks, identity_admin, scratch_domain
):
    identity = admin_stacks.create(group_template())
    group_id = admin_stacks.outputs(identity)["group_id"]
    stack = admin_stacks.update(identity, group_template(domain=scratch_domain.id))
    assert (stack["stack_action"], stack["stack_status"]) == ("UPDATE", "FAILED")
    assert "Cannot change Domain ID" in stack["stack_status_reason"]
    assert identity_admin.groups.get(group_id).domain_id == "default"
    admin_stacks.delete(identity)


def test_show_attribute_is_the_group_as_keystone_describes_it(admin_stacks, identity_admin):
    identity = admin_stacks.create(group_template(name=unique("group")))
    outputs = admin_stacks.outputs(identity)
    assert outputs["show"] == identity_admin.groups.get(outputs["group_id"]).to_dict()
    admin_stacks.delete(identity)


def test_deleting_the_stack_deletes_the_group(admin_stacks, identity_admin):
    identity = admin_stacks.create(group_template())
    group_id = admin_stacks.outputs(identity)["group_id"]
    admin_stacks.delete(identity)
    assert admin_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")
    with pytest.raises(ks_exceptions.NotFound):
        identity_admin.groups.get(group_id)


def test_role_with_a_project_and_a_domain_fails_validation(admin_stacks):
    roles = [{"role": "member", "project": "demo", "domain": "default"}]
    expected = "Cannot define the following properties at the same time: project, domain."
    with pytest.raises(exception.StackValidationFailed, match=expected):
        admin_stacks.create(group_template(roles=roles))


def test_role_with_neither_project_nor_domain_fails_validation(admin_stacks):
    expected = "Either project or domain must be specified for role reader"
    with pytest.raises(exception.StackValidationFailed, match=expected):
        admin_stacks.create(group_template(roles=[{"role": "reader"}]))
