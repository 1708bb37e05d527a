"""OS::Heat::AccessPolicy: which resources of the stack the holder of a user's access key may
see, checked against the stack at validation."""

import pytest

from heat.common import exception
from heat.engine import stack_access


def policy_template(allowed: list, policies: list) -> dict:
    return {
        "HeatTemplateFormatVersion": "2012-12-12",
        "Resources": {
            "policy": {
                "Type": "OS::Heat::AccessPolicy",
                "Properties": {"AllowedResources": allowed},
            },
            "user": {"Type": "AWS::IAM::User", "Properties": {"Policies": policies}},
            "key": {"Type": "AWS::IAM::AccessKey", "Properties": {"UserName": {"Ref": "user"}}},
            "server": {"Type": "OS::Heat::None"},
        },
        "Outputs": {"access": {"Value": {"Ref": "key"}}},
    }


def _created(stacks, engine, context, template):
    """``(identity, stack as loaded from the database, access key of its key)``."""
    identity = stacks.create(template)
    assert stacks.state(identity)[:2] == ("CREATE", "COMPLETE")
    return (
        identity,
        engine.runtime.load_stack(context, identity),
        stacks.outputs(identity)["access"],
    )


def test_a_resource_not_in_the_stack_fails_validation(demo_stacks):
    with pytest.raises(exception.StackValidationFailed) as error:
        demo_stacks.create(policy_template(["server", "nowhere"], []))
    assert str(error.value) == "AccessPolicy resource nowhere not in stack"


def test_the_key_holder_sees_only_what_the_policy_allows(
    demo_stacks, keystone_engine, demo_context
):
    template = policy_template(["server"], [{"Ref": "policy"}])
    identity, stack, access = _created(demo_stacks, keystone_engine, demo_context, template)
    assert stack_access.access_allowed(stack, access, "server")
    assert not stack_access.access_allowed(stack, access, "user")
    demo_stacks.delete(identity)


def test_policies_given_as_maps_are_ignored(demo_stacks, keystone_engine, demo_context):
    template = policy_template(["server"], [{"Statement": [{"Effect": "Allow"}]}])
    identity, stack, access = _created(demo_stacks, keystone_engine, demo_context, template)
    assert stack_access.access_allowed(stack, access, "user")
    demo_stacks.delete(identity)
