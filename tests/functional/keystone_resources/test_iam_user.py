"""AWS::IAM::User against the real Keystone: a user of the stack's own project in the stack
user domain, made by an unprivileged creator, disabled while suspended, gone on delete."""

import uuid

import pytest
from keystoneauth1 import exceptions as ks_exceptions


def user_template(**properties) -> dict:
    return {
        "HeatTemplateFormatVersion": "2012-12-12",
        "Resources": {"user": {"Type": "AWS::IAM::User", "Properties": properties}},
        "Outputs": {"user_name": {"Value": {"Ref": "user"}}},
    }


@pytest.fixture
def password():
    return uuid.uuid4().hex


@pytest.fixture
def user_stack(demo_stacks, password):
    """``(identity, keystone user id)`` of a created stack with a user that has a password."""
    identity = demo_stacks.create(user_template(LoginProfile={"Password": password}))
    assert demo_stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    yield identity, demo_stacks.resource(identity, "user")["physical_resource_id"]
    demo_stacks.delete(identity)


def test_user_is_made_in_the_stacks_own_project(keystone, demo_stacks, identity_admin, user_stack):
    identity, user_id = user_stack
    user = identity_admin.users.get(user_id)
    assert user.name == demo_stacks.outputs(identity)["user_name"]
    assert user.domain_id == keystone.stack_domain.id
    project = identity_admin.projects.get(user.default_project_id)
    assert project.name == ("%s-%s" % (keystone.demo.project_id, identity["stack_id"]))[:64]
    assert project.domain_id == keystone.stack_domain.id
    assert demo_stacks.show(identity)["stack_user_project_id"] == project.id


def test_user_holds_heat_stack_user_on_its_project(keystone, identity_admin, user_stack):
    _identity, user_id = user_stack
    project_id = identity_admin.users.get(user_id).default_project_id
    assignments = identity_admin.role_assignments.list(user=user_id, effective=True)
    assert [(a.role["id"], a.scope["project"]["id"]) for a in assignments] == [
        (keystone.roles["heat_stack_user"], project_id)
    ]


def test_user_gets_a_token_with_its_password(keystone, keystone_engine, demo_context, user_stack):
    identity, user_id = user_stack
    stack = keystone_engine.runtime.load_stack(demo_context, identity)
    token = stack["user"].user_token()
    body = keystone.validate(token)
    assert body["user"]["id"] == user_id
    assert body["project"]["id"] == stack.state_data.stack_user_project_id


def test_suspend_disables_the_user_and_resume_enables_it(demo_stacks, identity_admin, user_stack):
    identity, user_id = user_stack
    stack = demo_stacks.suspend(identity)
    assert (stack["stack_action"], stack["stack_status"]) == ("SUSPEND", "COMPLETE")
    assert identity_admin.users.get(user_id).enabled is False
    stack = demo_stacks.resume(identity)
    assert (stack["stack_action"], stack["stack_status"]) == ("RESUME", "COMPLETE")
    assert identity_admin.users.get(user_id).enabled is True


def test_delete_removes_the_user_and_the_stacks_user_project(demo_stacks, identity_admin):
    identity = demo_stacks.create(user_template())
    user_id = demo_stacks.resource(identity, "user")["physical_resource_id"]
    project_id = identity_admin.users.get(user_id).default_project_id
    demo_stacks.delete(identity)
    for lookup, item in (
        (identity_admin.users.get, user_id),
        (identity_admin.projects.get, project_id),
    ):
        with pytest.raises(ks_exceptions.NotFound):
            lookup(item)


def test_policies_naming_no_access_policy_fail_the_create(demo_stacks):
    template = user_template(Policies=["other"])
    template["Resources"]["other"] = {"Type": "OS::Heat::None"}
    identity = demo_stacks.create(template)
    action, status, reason = demo_stacks.state(identity)
    assert (action, status) == ("CREATE", "FAILED")
    assert "The Referenced Attribute (user Policies) is incorrect." in reason
    demo_stacks.delete(identity)
