"""OS::Keystone::UserRoleAssignment against the real Keystone: grants roles to an existing
user, changes them in place, revokes only its own on delete."""

import pytest

from heat.common import exception
from tests.functional.keystone_resources.identities import (  # noqa: F401 (fixtures)
    fixture_scratch_project,
    fixture_scratch_roles,
    fixture_scratch_users,
    granted,
    template,
)


def assignment_template(**properties) -> dict:
    resources = {"assignment": ("OS::Keystone::UserRoleAssignment", properties)}
    return template(resources, {"show": {"get_attr": ["assignment", "show"]}})


def test_roles_are_granted_to_the_user_named(
    admin_stacks, identity_admin, scratch_users, scratch_roles, scratch_project
):
    user = scratch_users[0]
    roles = [
        {"role": scratch_roles[0].name, "project": scratch_project.name},
        {"role": scratch_roles[1].id, "domain": "Default"},
    ]
    identity = admin_stacks.create(assignment_template(user=user.name, roles=roles))
    assert admin_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    assert granted(identity_admin, user=user.id) == {
        (scratch_roles[0].id, "project", scratch_project.id),
        (scratch_roles[1].id, "domain", "default"),
    }
    admin_stacks.delete(identity)


def test_assignment_has_nothing_to_show(admin_stacks, scratch_users):
    roles = [{"role": "reader", "domain": "default"}]
    identity = admin_stacks.create(assignment_template(user=scratch_users[0].id, roles=roles))
    assert admin_stacks.outputs(identity) == {"show": None}
    admin_stacks.delete(identity)


def test_roles_change_in_place_and_spare_roles_given_outside_heat(
    admin_stacks, identity_admin, scratch_users, scratch_roles, scratch_project
):
    user = scratch_users[0]
    kept, removed, added = scratch_roles
    identity_admin.roles.grant(kept, user=user, domain="default")
    before = [{"role": kept.id, "project": scratch_project.id}]
    before.append({"role": removed.id, "project": scratch_project.id})
    identity = admin_stacks.create(assignment_template(user=user.id, roles=before))

    after = [before[0], {"role": added.id, "project": scratch_project.id}]
    stack = admin_stacks.update(identity, assignment_template(user=user.id, roles=after))
    assert (stack["stack_action"], stack["stack_status"]) == ("UPDATE", "COMPLETE")
    assert granted(identity_admin, user=user.id) == {
        (kept.id, "project", scratch_project.id),
        (added.id, "project", scratch_project.id),
        (kept.id, "domain", "default"),
    }
    admin_stacks.delete(identity)


def test_delete_revokes_only_the_roles_it_granted(
    admin_stacks, identity_admin, scratch_users, scratch_roles, scratch_project
):
    user = scratch_users[0]
    outside = scratch_roles[2]
    identity_admin.roles.grant(outside, user=user, project=scratch_project)
    roles = [{"role": scratch_roles[0].id, "project": scratch_project.id}]
    identity = admin_stacks.create(assignment_template(user=user.id, roles=roles))
    admin_stacks.delete(identity)
    assert admin_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")
    assert identity_admin.users.get(user.id).name == user.name
    assert granted(identity_admin, user=user.id) == {(outside.id, "project", scratch_project.id)}


def test_another_user_takes_over_the_roles(
    admin_stacks, identity_admin, scratch_users, scratch_roles, scratch_project
):
    first, second = scratch_users
    roles = [{"role": scratch_roles[0].id, "project": scratch_project.id}]
    identity = admin_stacks.create(assignment_template(user=first.id, roles=roles))
    stack = admin_stacks.update(identity, assignment_template(user=second.name, roles=roles))
    assert stack["stack_status"] == "COMPLETE"
    assert granted(identity_admin, user=first.id) == set()
    assert granted(identity_admin, user=second.id) == {
        (scratch_roles[0].id, "project", scratch_project.id)
    }
    admin_stacks.delete(identity)


def test_roles_of_a_user_of_the_same_stack(admin_stacks, identity_admin, scratch_project):
    roles = [{"role": "reader", "project": scratch_project.id}]
    resources = {
        "user": ("OS::Keystone::User", {}),
        "assignment": (
            "OS::Keystone::UserRoleAssignment",
            {"user": {"get_resource": "user"}, "roles": roles},
        ),
    }
    identity = admin_stacks.create(template(resources, {"user_id": {"get_resource": "user"}}))
    assert admin_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    user_id = admin_stacks.outputs(identity)["user_id"]
    reader = identity_admin.roles.find(name="reader")
    assert granted(identity_admin, user=user_id) == {(reader.id, "project", scratch_project.id)}
    admin_stacks.delete(identity)
    assert admin_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")


def test_role_with_a_project_and_a_domain_fails_validation(admin_stacks, scratch_users):
    roles = [{"role": "member", "project": "demo", "domain": "default"}]
    expected = "Cannot define the following properties at the same time: project, domain."
    with pytest.raises(exception.StackValidationFailed, match=expected):
        admin_stacks.create(assignment_template(user=scratch_users[0].id, roles=roles))


def test_role_with_neither_project_nor_domain_fails_validation(admin_stacks, scratch_users):
    expected = "Either project or domain must be specified for role member"
    roles = [{"role": "member"}]
    with pytest.raises(exception.StackValidationFailed, match=expected):
        admin_stacks.create(assignment_template(user=scratch_users[0].id, roles=roles))
