"""A scaling policy's pre-signed alarm URL (its ``Ref`` for AWS) in the real Keystone: read
while the policy's create has made its user but not yet its keypair (as another step of a
convergence traversal may read it), it is not there yet, and reading it makes no
credentials."""

from heat.db import api as db_api
from heat.engine.resources.stack_user import ACCESS_KEY, CREDENTIAL_ID, SECRET_KEY
from tests.functional.keystone_engine import wait_for

TEMPLATE = {
    "heat_template_version": "2016-10-14",
    "resources": {
        "group": {
            "type": "OS::Heat::AutoScalingGroup",
            "properties": {"min_size": 1, "max_size": 2, "resource": {"type": "OS::Heat::None"}},
        },
        "scale_up": {
            "type": "AWS::AutoScaling::ScalingPolicy",
            "properties": {
                "AutoScalingGroupName": {"get_resource": "group"},
                "AdjustmentType": "ChangeInCapacity",
                "ScalingAdjustment": 1,
            },
        },
    },
    "outputs": {"url": {"value": {"get_resource": "scale_up"}}},
}


def test_a_policy_without_its_keypair_yet_gives_no_url_and_makes_no_credentials(
    keystone_engine, demo_context, identity_admin
):
    identity = keystone_engine.create_stack(demo_context, "policy", TEMPLATE, {}, {}, {})
    stack = wait_for(keystone_engine, demo_context, identity)
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert "Signature=" in stack["outputs"][0]["output_value"]
    policy = keystone_engine.runtime.load_stack(demo_context, identity)["scale_up"]
    user_id = policy.user_id()
    made = identity_admin.credentials.list(user_id=user_id)
    assert len(made) == 1
    # The policy as a step mid-create leaves it: its user made, its keypair not yet.
    for key in (ACCESS_KEY, SECRET_KEY, CREDENTIAL_ID):
        db_api.resource_data_delete(demo_context, policy.id, key)
    identity_admin.credentials.delete(made[0].id)

    policy = keystone_engine.runtime.load_stack(demo_context, identity)["scale_up"]
    assert policy.FnGetRefId() == "scale_up"
    assert identity_admin.credentials.list(user_id=user_id) == []
