"""OS::Neutron::RBACPolicy against the lab's Neutron: the admin shares a network and a QoS
policy with the demo project, changes the target in place, replaces the policy with a new
object, and check and delete after the policy was removed outside heat."""

import pytest

from heat.common import exception
from tests.functional.lab.neutron.conftest import stack_template


def template(target, object_type="network", object_id=None, action="access_as_shared") -> dict:
    """An admin network and an RBAC policy on it (or on ``object_id`` when given)."""
    policy = {
        "object_type": object_type,
        "object_id": object_id or {"get_resource": "net"},
        "action": action,
        "target_tenant": target,
    }
    return stack_template(
        {
            "net": {"type": "OS::Neutron::Net"},
            "policy": {"type": "OS::Neutron::RBACPolicy", "properties": policy},
        },
        {"policy": {"get_resource": "policy"}, "net": {"get_resource": "net"}},
    )


def test_a_network_shared_with_the_demo_project(admin_stacks, admin_cloud, demo_cloud, lab_demo):
    identity = admin_stacks.create(template(lab_demo.project_id))
    assert admin_stacks.state(identity)[:2] == ("CREATE", "COMPLETE"), admin_stacks.state(identity)
    outputs = admin_stacks.outputs(identity)
    policy = admin_cloud.network.get_rbac_policy(outputs["policy"])
    assert (policy.object_type, policy.object_id, policy.action, policy.target_project_id) == (
        "network",
        outputs["net"],
        "access_as_shared",
        lab_demo.project_id,
    )
    assert demo_cloud.network.find_network(outputs["net"]) is not None
    admin_stacks.delete(identity)
    assert admin_cloud.network.find_rbac_policy(outputs["policy"]) is None
    assert admin_cloud.network.find_network(outputs["net"]) is None


@pytest.fixture
def qos_policy(admin_cloud, unique_name):
    """A QoS policy of the admin project, made outside heat."""
    policy = admin_cloud.network.create_qos_policy(name=unique_name)
    yield policy
    admin_cloud.network.delete_qos_policy(policy, ignore_missing=True)


def test_a_qos_policy_named_in_the_template_is_shared(
    admin_stacks, admin_cloud, demo_cloud, lab_demo, qos_policy
):
    identity = admin_stacks.create(
        template(lab_demo.project_id, object_type="qos_policy", object_id=qos_policy.name)
    )
    assert admin_stacks.state(identity)[:2] == ("CREATE", "COMPLETE"), admin_stacks.state(identity)
    policy = admin_cloud.network.get_rbac_policy(admin_stacks.outputs(identity)["policy"])
    assert (policy.object_type, policy.object_id) == ("qos_policy", qos_policy.id)
    assert demo_cloud.network.find_qos_policy(qos_policy.id) is not None
    admin_stacks.delete(identity)
    assert demo_cloud.network.find_qos_policy(qos_policy.id) is None


def test_the_target_changes_in_place(admin_stacks, admin_cloud, lab_demo):
    identity = admin_stacks.create(template(lab_demo.project_id))
    outputs = admin_stacks.outputs(identity)
    stack = admin_stacks.update(identity, template("*"))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert admin_stacks.outputs(identity) == outputs
    assert admin_cloud.network.get_rbac_policy(outputs["policy"]).target_project_id == "*"
    admin_stacks.delete(identity)


def test_a_new_action_replaces_the_policy(admin_stacks, admin_cloud, lab_demo):
    identity = admin_stacks.create(template(lab_demo.project_id))
    old = admin_stacks.outputs(identity)["policy"]
    stack = admin_stacks.update(
        identity, template(lab_demo.project_id, action="access_as_external")
    )
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    new = admin_stacks.outputs(identity)["policy"]
    assert new != old and admin_cloud.network.find_rbac_policy(old) is None
    assert admin_cloud.network.get_rbac_policy(new).action == "access_as_external"
    admin_stacks.delete(identity)


def test_a_policy_deleted_outside_heat_fails_check_and_the_stack_still_deletes(
    admin_stacks, admin_cloud, lab_demo
):
    identity = admin_stacks.create(template(lab_demo.project_id))
    assert admin_stacks.check(identity)["stack_status"] == "COMPLETE"
    admin_cloud.network.delete_rbac_policy(admin_stacks.outputs(identity)["policy"])
    assert admin_stacks.check(identity)["stack_status"] == "FAILED"
    admin_stacks.delete(identity)
    assert admin_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")


def test_an_action_the_object_type_lacks_fails_validation(admin_stacks, lab_demo, qos_policy):
    with pytest.raises(exception.StackValidationFailed) as raised:
        admin_stacks.create(
            template(
                lab_demo.project_id,
                object_type="qos_policy",
                object_id=qos_policy.id,
                action="access_as_external",
            )
        )
    assert 'Invalid action "access_as_external" for object type qos_policy' in str(raised.value)
