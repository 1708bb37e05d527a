"""OS::Nova::ServerGroup against the lab's Nova: one policy with its rules, the name, check,
and a group deleted outside heat."""

import uuid


def template(**properties) -> dict:
    return {
        "heat_template_version": "2021-04-16",
        "resources": {"group": {"type": "OS::Nova::ServerGroup", "properties": properties}},
        "outputs": {"id": {"value": {"get_resource": "group"}}},
    }


def test_an_anti_affinity_group_with_rules_is_in_nova(demo_stacks, demo_cloud):
    name = "heat-group-%s" % uuid.uuid4().hex[:8]
    identity = demo_stacks.create(
        template(name=name, policies=["anti-affinity"], rules={"max_server_per_host": 2})
    )
    try:
        group = demo_cloud.compute.get_server_group(demo_stacks.outputs(identity)["id"])
        assert (group.name, group.policy, group.rules) == (
            name,
            "anti-affinity",
            {"max_server_per_host": 2},
        )
    finally:
        demo_stacks.delete(identity)
    assert demo_cloud.compute.find_server_group(name) is None


def test_an_unnamed_soft_affinity_group_is_named_after_the_resource(demo_stacks, demo_cloud):
    identity = demo_stacks.create(template(policies=["soft-affinity"]))
    try:
        group = demo_cloud.compute.get_server_group(demo_stacks.outputs(identity)["id"])
        assert group.policy == "soft-affinity"
        assert group.name.startswith(demo_stacks.show(identity)["stack_name"] + "-group-")
    finally:
        demo_stacks.delete(identity)


def test_check_fails_and_delete_succeeds_once_the_group_is_gone(demo_stacks, demo_cloud):
    identity = demo_stacks.create(template())
    assert demo_stacks.check(identity)["stack_status"] == "COMPLETE"
    demo_cloud.compute.delete_server_group(demo_stacks.outputs(identity)["id"])
    assert demo_stacks.check(identity)["stack_status"] == "FAILED"
    demo_stacks.delete(identity)
    assert demo_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")
