"""OS::Neutron::Net against the lab's Neutron: create with tags and value_specs, changes
in place and by replacement, check, networks deleted outside heat, a converging update,
and the DHCP agents a lab without agents cannot host the network on."""

import pytest

from heat.common import exception
from tests.functional.lab.neutron.conftest import stack_template


def template(**properties) -> dict:
    return stack_template(
        {"net": {"type": "OS::Neutron::Net", "properties": properties}},
        {
            "id": {"get_resource": "net"},
            "name": {"get_attr": ["net", "name"]},
            "status": {"get_attr": ["net", "status"]},
            "mtu": {"get_attr": ["net", "mtu"]},
            "show_tags": {"get_attr": ["net", "show", "tags"]},
            "subnets": {"get_attr": ["net", "subnets"]},
        },
    )


def test_a_network_has_the_templates_name_tags_and_value_specs(
    demo_stacks, demo_cloud, unique_name
):
    identity = demo_stacks.create(
        template(name=unique_name, tags=["a", "b"], admin_state_up=False, value_specs={"mtu": 1400})
    )
    outputs = demo_stacks.outputs(identity)
    network = demo_cloud.network.get_network(outputs["id"])
    assert (network.name, network.is_admin_state_up, network.mtu) == (unique_name, False, 1400)
    assert sorted(network.tags) == ["a", "b"]
    assert outputs["name"] == unique_name and outputs["mtu"] == 1400
    assert outputs["status"] in ("ACTIVE", "DOWN")
    assert sorted(outputs["show_tags"]) == ["a", "b"] and outputs["subnets"] == []
    demo_stacks.delete(identity)
    assert demo_cloud.network.find_network(outputs["id"]) is None


def test_a_network_without_a_name_gets_the_physical_name(demo_stacks, demo_cloud):
    identity = demo_stacks.create(template(), name="netstack")
    network = demo_cloud.network.get_network(demo_stacks.outputs(identity)["id"])
    assert network.name.startswith("netstack-net-")
    demo_stacks.delete(identity)


def test_name_tags_admin_state_and_value_specs_change_in_place(
    demo_stacks, demo_cloud, unique_name
):
    identity = demo_stacks.create(template(name=unique_name, tags=["a"], value_specs={"mtu": 1400}))
    network_id = demo_stacks.outputs(identity)["id"]
    stack = demo_stacks.update(
        identity,
        template(
            name=unique_name + "-2", tags=["c"], admin_state_up=False, value_specs={"mtu": 1300}
        ),
    )
    assert (stack["stack_action"], stack["stack_status"]) == ("UPDATE", "COMPLETE")
    assert demo_stacks.outputs(identity)["id"] == network_id
    network = demo_cloud.network.get_network(network_id)
    assert (network.name, network.tags, network.is_admin_state_up) == (
        unique_name + "-2",
        ["c"],
        False,
    )
    assert network.mtu == 1300
    demo_stacks.delete(identity)


def test_a_new_tenant_id_replaces_the_network(demo_stacks, demo_cloud, lab_demo):
    identity = demo_stacks.create(template())
    old_id = demo_stacks.outputs(identity)["id"]
    stack = demo_stacks.update(identity, template(tenant_id=lab_demo.project_id))
    assert (stack["stack_action"], stack["stack_status"]) == ("UPDATE", "COMPLETE"), stack[
        "stack_status_reason"
    ]
    new_id = demo_stacks.outputs(identity)["id"]
    assert new_id != old_id
    assert demo_cloud.network.find_network(old_id) is None
    demo_stacks.delete(identity)
    assert demo_cloud.network.find_network(new_id) is None


def test_value_specs_may_not_set_a_property_or_shared(demo_stacks):
    with pytest.raises(exception.StackValidationFailed) as raised:
        demo_stacks.create(template(value_specs={"shared": True, "name": "x"}))
    assert "name, shared not allowed in value_specs" in str(raised.value)


def test_value_specs_neutron_refuses_fail_the_create_with_neutrons_reason(demo_stacks):
    identity = demo_stacks.create(template(value_specs={"no_such_key": 1}))
    action, status, reason = demo_stacks.state(identity)
    assert (action, status) == ("CREATE", "FAILED")
    assert "no_such_key" in reason


def test_a_network_deleted_outside_heat_fails_check_and_is_made_again_by_an_update(
    demo_stacks, demo_cloud, unique_name
):
    identity = demo_stacks.create(template(name=unique_name))
    assert demo_stacks.check(identity)["stack_status"] == "COMPLETE"
    old_id = demo_stacks.outputs(identity)["id"]
    demo_cloud.network.delete_network(old_id)
    assert demo_stacks.check(identity)["stack_status"] == "FAILED"
    stack = demo_stacks.update(identity, template(name=unique_name + "-2"))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    new_id = demo_stacks.outputs(identity)["id"]
    assert new_id != old_id
    assert demo_cloud.network.get_network(new_id).name == unique_name + "-2"
    demo_stacks.delete(identity)
    assert demo_cloud.network.find_network(new_id) is None


def test_a_network_deleted_outside_heat_is_deleted_with_the_stack(demo_stacks, demo_cloud):
    identity = demo_stacks.create(template())
    demo_cloud.network.delete_network(demo_stacks.outputs(identity)["id"])
    demo_stacks.delete(identity)
    assert demo_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")


def test_a_converging_update_puts_back_the_name_changed_in_neutron(
    demo_stacks, demo_cloud, unique_name
):
    written = template(name=unique_name, admin_state_up=True)
    identity = demo_stacks.create(written)
    network_id = demo_stacks.outputs(identity)["id"]
    demo_cloud.network.update_network(network_id, name="changed", is_admin_state_up=False)

    stack = demo_stacks.update(identity, written, converge=True)
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    network = demo_cloud.network.get_network(network_id)
    assert (network.name, network.is_admin_state_up) == (unique_name, True)
    demo_stacks.delete(identity)


def test_dhcp_agents_the_lab_lacks_fail_naming_the_property(admin_stacks, admin_cloud):
    identity = admin_stacks.create(template(dhcp_agent_ids=["no-such-agent"]))
    action, status, reason = admin_stacks.state(identity)
    assert (action, status) == ("CREATE", "FAILED")
    assert "dhcp_agent_ids" in reason
    admin_stacks.delete(identity)
    assert admin_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")


def test_a_qos_policy_by_name_is_attached_and_detached_in_place(
    admin_stacks, admin_cloud, unique_name
):
    policy = admin_cloud.network.create_qos_policy(name=unique_name)
    try:
        identity = admin_stacks.create(template(qos_policy=unique_name))
        network_id = admin_stacks.outputs(identity)["id"]
        assert admin_cloud.network.get_network(network_id).qos_policy_id == policy.id
        stack = admin_stacks.update(identity, template())
        assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
        assert admin_stacks.outputs(identity)["id"] == network_id
        assert admin_cloud.network.get_network(network_id).qos_policy_id is None
        admin_stacks.delete(identity)
    finally:
        admin_cloud.network.delete_qos_policy(policy, ignore_missing=True)
