"""OS::Keystone::User against the real Keystone: created with its groups and roles, changed
in place, shown through its attributes, deleted."""

import pytest
from keystoneauth1 import exceptions as ks_exceptions

from heat.common import exception
from tests.functional.keystone_resources.identities import (  # noqa: F401 (fixtures)
    can_authenticate,
    fixture_scratch_domain,
    fixture_scratch_groups,
    fixture_scratch_project,
    fixture_scratch_roles,
    granted,
    template,
    unique,
)

ATTRIBUTES = ("name", "default_project_id", "domain_id", "enabled", "password_expires_at")


def user_template(**properties) -> dict:
    outputs = {"user_id": {"get_resource": "user"}, "show": {"get_attr": ["user", "show"]}}
    outputs.update({name: {"get_attr": ["user", name]} for name in ATTRIBUTES})
    return template({"user": ("OS::Keystone::User", properties)}, outputs)


def test_user_is_created_as_the_properties_say(
    admin_stacks, identity_admin, keystone, scratch_project
):
    name = unique("user")
    properties = dict(
        name=name,
        description="made by heat",
        email="someone@example.com",
        password="first-secret",
        default_project=scratch_project.name,
        domain="Default",
    )
    identity = admin_stacks.create(user_template(**properties))
    assert admin_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    user = identity_admin.users.get(admin_stacks.outputs(identity)["user_id"])
    assert (user.name, user.description, user.email) == (name, "made by heat", properties["email"])
    assert (user.domain_id, user.default_project_id) == ("default", scratch_project.id)
    assert user.enabled is True
    assert can_authenticate(keystone, user.id, "first-secret")
    admin_stacks.delete(identity)


def test_user_without_a_name_is_named_after_the_resource(admin_stacks, identity_admin):
    identity = admin_stacks.create(user_template(enabled=False), name="unnamed-user")
    user = identity_admin.users.get(admin_stacks.outputs(identity)["user_id"])
    assert user.name.startswith("unnamed-user-user-")
    assert user.enabled is False
    admin_stacks.delete(identity)


def test_user_is_put_in_its_groups_and_given_its_roles(
    admin_stacks, identity_admin, scratch_groups, scratch_roles, scratch_project
):
    roles = [
        {"role": scratch_roles[0].name, "project": scratch_project.name},
        {"role": scratch_roles[1].id, "domain": "default"},
    ]
    groups = [scratch_groups[0].name, scratch_groups[1].id]
    identity = admin_stacks.create(user_template(groups=groups, roles=roles))
    user_id = admin_stacks.outputs(identity)["user_id"]
    members = {group.id for group in identity_admin.groups.list(user=user_id)}
    assert members == {group.id for group in scratch_groups}
    assert granted(identity_admin, user=user_id) == {
        (scratch_roles[0].id, "project", scratch_project.id),
        (scratch_roles[1].id, "domain", "default"),
    }
    admin_stacks.delete(identity)


def test_user_fields_change_in_place(admin_stacks, identity_admin, scratch_project):
    name = unique("user")
    identity = admin_stacks.create(user_template(name=name, description="before"))
    user_id = admin_stacks.outputs(identity)["user_id"]
    changed = user_template(
        name=name + "-renamed",
        description="after",
        email="after@example.com",
        enabled=False,
        default_project=scratch_project.id,
    )
    stack = admin_stacks.update(identity, changed)
    assert (stack["stack_action"], stack["stack_status"]) == ("UPDATE", "COMPLETE")
    assert admin_stacks.outputs(identity)["user_id"] == user_id
    user = identity_admin.users.get(user_id)
    assert (user.name, user.description) == (name + "-renamed", "after")
    assert user.email == "after@example.com"
    assert (user.enabled, user.default_project_id) == (False, scratch_project.id)
    admin_stacks.delete(identity)


def test_new_password_lets_the_user_authenticate(admin_stacks, keystone):
    identity = admin_stacks.create(user_template(password="first-secret"))
    user_id = admin_stacks.outputs(identity)["user_id"]
    admin_stacks.update(identity, user_template(password="second-secret"))
    assert admin_stacks.outputs(identity)["user_id"] == user_id
    assert can_authenticate(keystone, user_id, "second-secret")
    assert not can_authenticate(keystone, user_id, "first-secret")
    admin_stacks.delete(identity)


def test_name_removed_from_the_template_goes_back_to_the_resource_name(
    admin_stacks, identity_admin
):
    identity = admin_stacks.create(user_template(name=unique("user")), name="renamed-back")
    user_id = admin_stacks.outputs(identity)["user_id"]
    admin_stacks.update(identity, user_template())
    assert identity_admin.users.get(user_id).name.startswith("renamed-back-user-")
    admin_stacks.delete(identity)


def test_groups_are_joined_and_left_in_place(admin_stacks, identity_admin, scratch_groups):
    first, second = scratch_groups
    identity = admin_stacks.create(user_template(groups=[first.name]))
    user_id = admin_stacks.outputs(identity)["user_id"]
    stack = admin_stacks.update(identity, user_template(groups=[second.name]))
    assert stack["stack_status"] == "COMPLETE"
    assert admin_stacks.outputs(identity)["user_id"] == user_id
    assert [group.id for group in identity_admin.groups.list(user=user_id)] == [second.id]
    admin_stacks.delete(identity)


def test_roles_change_in_place_and_spare_roles_given_outside_heat(
    admin_stacks, identity_admin, scratch_roles, scratch_project
):
    kept, removed, outside = scratch_roles
    before = [{"role": kept.name, "project": scratch_project.id}]
    before.append({"role": removed.name, "project": scratch_project.id})
    identity = admin_stacks.create(user_template(roles=before))
    user_id = admin_stacks.outputs(identity)["user_id"]
    identity_admin.roles.grant(outside, user=user_id, project=scratch_project)

    after = [before[0], {"role": removed.name, "domain": "default"}]
    assert admin_stacks.update(identity, user_template(roles=after))["stack_status"] == "COMPLETE"
    assert granted(identity_admin, user=user_id) == {
        (kept.id, "project", scratch_project.id),
        (removed.id, "domain", "default"),
        (outside.id, "project", scratch_project.id),
    }
    admin_stacks.delete(identity)


def test_keystone_refuses_to_move_a_user_to_another_domain(
    admin_stacks, identity_admin, scratch_domain
):
    identity = admin_stacks.create(user_template(description="stays"))
    user_id = admin_stacks.outputs(identity)["user_id"]
    stack = admin_stacks.update(identity, user_template(domain=scratch_domain.name))
    assert (stack["stack_action"], stack["stack_status"]) == ("UPDATE", "FAILED")
    assert "Cannot change Domain ID" in stack["stack_status_reason"]
    assert identity_admin.users.get(user_id).domain_id == "default"
    admin_stacks.delete(identity)


def test_attributes_are_the_user_as_keystone_describes_it(
    admin_stacks, identity_admin, scratch_project
):
    name = unique("user")
    identity = admin_stacks.create(user_template(name=name, default_project=scratch_project.id))
    outputs = admin_stacks.outputs(identity)
    assert (outputs["name"], outputs["domain_id"], outputs["enabled"]) == (name, "default", True)
    assert outputs["default_project_id"] == scratch_project.id
    assert outputs["password_expires_at"] is None
    assert outputs["show"] == identity_admin.users.get(outputs["user_id"]).to_dict()
    admin_stacks.delete(identity)


def test_deleting_the_stack_deletes_the_user(admin_stacks, identity_admin):
    identity = admin_stacks.create(user_template())
    user_id = admin_stacks.outputs(identity)["user_id"]
    admin_stacks.delete(identity)
    assert admin_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")
    with pytest.raises(ks_exceptions.NotFound):
        identity_admin.users.get(user_id)


def test_role_with_a_project_and_a_domain_fails_validation(admin_stacks):
    roles = [{"role": "member", "project": "demo", "domain": "default"}]
    expected = "Cannot define the following properties at the same time: project, domain."
    with pytest.raises(exception.StackValidationFailed, match=expected):
        admin_stacks.create(user_template(roles=roles))


def test_role_with_neither_project_nor_domain_fails_validation(admin_stacks):
    expected = "Either project or domain must be specified for role member"
    with pytest.raises(exception.StackValidationFailed, match=expected):
        admin_stacks.create(user_template(roles=[{"role": "member"}]))
