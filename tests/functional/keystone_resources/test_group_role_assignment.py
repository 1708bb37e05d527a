"""OS::Keystone::GroupRoleAssignment against the real Keystone: grants roles to an existing
group, changes them in place, revokes only its own on delete."""

import pytest

from heat.common import exception
from tests.functional.keystone_resources.identities import (  # noqa: F401 (fixtures)
    fixture_scratch_groups,
    fixture_scratch_project,
    fixture_scratch_roles,
    fixture_scratch_users,
    granted,
    template,
)


def assignment_template(**properties) -> dict:
    resources = {"assignment": ("OS::Keystone::GroupRoleAssignment", properties)}
    return template(resources, {"show": {"get_attr": ["assignment", "show"]}})


def test_roles_are_granted_to_the_group_named(
    admin_stacks, identity_admin, scratch_groups, scratch_roles, scratch_project
):
    group = scratch_groups[0]
    roles = [
        {"role": scratch_roles[0].name, "project": scratch_project.name},
        {"role": scratch_roles[1].id, "domain": "Default"},
    ]
    identity = admin_stacks.create(assignment_template(group=group.name, roles=roles))
    assert admin_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    assert granted(identity_admin, group=group.id) == {
        (scratch_roles[0].id, "project", scratch_project.id),
        (scratch_roles[1].id, "domain", "default"),
    }
    assert admin_stacks.outputs(identity) == {"show": None}
    admin_stacks.delete(identity)


def test_members_of_the_group_hold_its_roles(
    admin_stacks, identity_admin, scratch_groups, scratch_users, scratch_project
):
    group, member = scratch_groups[0], scratch_users[0]
    identity_admin.users.add_to_group(member, group)
    roles = [{"role": "reader", "project": scratch_project.id}]
    identity = admin_stacks.create(assignment_template(group=group.id, roles=roles))
    effective = identity_admin.role_assignments.list(user=member, effective=True)
    reader = identity_admin.roles.find(name="reader")
    assert [(each.role["id"], each.scope) for each in effective] == [
        (reader.id, {"project": {"id": scratch_project.id}})
    ]
    admin_stacks.delete(identity)


def test_roles_change_in_place_and_spare_roles_given_outside_heat(
    admin_stacks, identity_admin, scratch_groups, scratch_roles, scratch_project
):
    group = scratch_groups[0]
    kept, removed, added = scratch_roles
    identity_admin.roles.grant(removed, group=group, domain="default")
    before = [{"role": kept.id, "project": scratch_project.id}]
    before.append({"role": removed.id, "project": scratch_project.id})
    identity = admin_stacks.create(assignment_template(group=group.id, roles=before))

    after = [before[0], {"role": added.id, "domain": "default"}]
    stack = admin_stacks.update(identity, assignment_template(group=group.id, roles=after))
    assert (stack["stack_action"], stack["stack_status"]) == ("UPDATE", "COMPLETE")
    assert granted(identity_admin, group=group.id) == {
        (kept.id, "project", scratch_project.id),
        (added.id, "domain", "default"),
        (removed.id, "domain", "default"),
    }
    admin_stacks.delete(identity)


def test_delete_revokes_only_the_roles_it_granted(
    admin_stacks, identity_admin, scratch_groups, scratch_roles, scratch_project
):
    group = scratch_groups[0]
    outside = scratch_roles[2]
    identity_admin.roles.grant(outside, group=group, project=scratch_project)
    roles = [{"role": scratch_roles[0].id, "project": scratch_project.id}]
    identity = admin_stacks.create(assignment_template(group=group.id, roles=roles))
    admin_stacks.delete(identity)
    assert admin_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")
    assert identity_admin.groups.get(group.id).name == group.name
    assert granted(identity_admin, group=group.id) == {(outside.id, "project", scratch_project.id)}


def test_another_group_takes_over_the_roles(
    admin_stacks, identity_admin, scratch_groups, scratch_roles, scratch_project
):
    first, second = scratch_groups
    roles = [{"role": scratch_roles[0].id, "project": scratch_project.id}]
    identity = admin_stacks.create(assignment_template(group=first.id, roles=roles))
    stack = admin_stacks.update(identity, assignment_template(group=second.name, roles=roles))
    assert stack["stack_status"] == "COMPLETE"
    assert granted(identity_admin, group=first.id) == set()
    assert granted(identity_admin, group=second.id) == {
        (scratch_roles[0].id, "project", scratch_project.id)
    }
    admin_stacks.delete(identity)


def test_deleting_after_the_group_is_gone_succeeds(admin_stacks, identity_admin, scratch_groups):
    roles = [{"role": "reader", "domain": "default"}]
    identity = admin_stacks.create(assignment_template(group=scratch_groups[0].id, roles=roles))
    identity_admin.groups.delete(scratch_groups[0])
    admin_stacks.delete(identity)
    assert admin_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")


def test_role_with_a_project_and_a_domain_fails_validation(admin_stacks, scratch_groups):
    roles = [{"role": "member", "project": "demo", "domain": "default"}]
    expected = "Cannot define the following properties at the same time: project, domain."
    with pytest.raises(exception.StackValidationFailed, match=expected):
        admin_stacks.create(assignment_template(group=scratch_groups[0].id, roles=roles))


def test_role_with_neither_project_nor_domain_fails_validation(admin_stacks, scratch_groups):
    expected = "Either project or domain must be specified for role member"
    roles = [{"role": "member"}]
    with pytest.raises(exception.StackValidationFailed, match=expected):
        admin_stacks.create(assignment_template(group=scratch_groups[0].id, roles=roles))
