"""OS::Neutron::QoSPolicy and its rules against the lab's Neutron (its ``qos`` service
plugin and extension driver): rules made in the policy, networks and ports that use it,
changes in place and by replacement, check and delete of what was removed outside heat.
The lab's ports refuse a policy with rules their driver cannot apply, so the network and
the port use a policy without rules.
QoS policies are an admin's by Neutron's default policy, so the tests act as admin."""

from tests.functional.lab.neutron.conftest import stack_template

RULES = {
    "limit": {"type": "OS::Neutron::QoSBandwidthLimitRule", "max_kbps": 1000},
    "mark": {"type": "OS::Neutron::QoSDscpMarkingRule", "dscp_mark": 16},
    "minimum": {"type": "OS::Neutron::QoSMinimumBandwidthRule", "min_kbps": 100},
    "rate": {"type": "OS::Neutron::QoSMinimumPacketRateRule", "min_kpps": 10, "direction": "any"},
}


def template(policy: dict | None = None, rule_policy: str = "policy", **changes) -> dict:
    resources: dict = {
        "policy": {"type": "OS::Neutron::QoSPolicy", "properties": policy or {}},
        "other": {"type": "OS::Neutron::QoSPolicy"},
        "bare": {"type": "OS::Neutron::QoSPolicy"},
        "net": {
            "type": "OS::Neutron::Net",
            "properties": {"qos_policy": {"get_resource": "bare"}},
        },
        "port": {
            "type": "OS::Neutron::Port",
            "properties": {
                "network": {"get_resource": "net"},
                "qos_policy": {"get_resource": "bare"},
            },
        },
    }
    for key, rule in RULES.items():
        properties = {k: v for k, v in rule.items() if k != "type"}
        properties.update(changes.get(key, {}))
        properties["policy"] = {"get_resource": rule_policy}
        resources[key] = {"type": rule["type"], "properties": properties}
    outputs = {key: {"get_resource": key} for key in resources}
    outputs["rules"] = {"get_attr": ["policy", "rules"]}
    return stack_template(resources, outputs)


def test_a_policy_with_its_rules_on_a_network_and_a_port(admin_stacks, admin_cloud, unique_name):
    identity = admin_stacks.create(template({"name": unique_name, "description": "d"}))
    outputs = admin_stacks.outputs(identity)
    policy = admin_cloud.network.get_qos_policy(outputs["policy"])
    assert (policy.name, policy.description, policy.is_shared) == (unique_name, "d", False)
    kinds = {rule["type"]: rule for rule in policy.rules}
    assert kinds["bandwidth_limit"]["max_kbps"] == 1000
    assert kinds["dscp_marking"]["dscp_mark"] == 16
    assert kinds["minimum_bandwidth"]["min_kbps"] == 100
    assert kinds["minimum_packet_rate"]["direction"] == "any"
    assert {rule["id"] for rule in outputs["rules"]} == {outputs[key] for key in RULES}
    assert admin_cloud.network.get_network(outputs["net"]).qos_policy_id == outputs["bare"]
    assert admin_cloud.network.get_port(outputs["port"]).qos_policy_id == outputs["bare"]
    admin_stacks.delete(identity)
    assert admin_cloud.network.find_qos_policy(outputs["policy"]) is None


def test_rules_change_in_place_and_move_to_another_policy_by_replacement(admin_stacks, admin_cloud):
    identity = admin_stacks.create(template())
    before = admin_stacks.outputs(identity)
    stack = admin_stacks.update(
        identity, template({"description": "new"}, limit={"max_kbps": 2000}, mark={"dscp_mark": 8})
    )
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    after = admin_stacks.outputs(identity)
    assert all(after[key] == before[key] for key in ("policy", "limit", "mark"))
    rules = {
        rule["type"]: rule for rule in admin_cloud.network.get_qos_policy(after["policy"]).rules
    }
    assert (rules["bandwidth_limit"]["max_kbps"], rules["dscp_marking"]["dscp_mark"]) == (2000, 8)
    assert admin_cloud.network.get_qos_policy(after["policy"]).description == "new"
    stack = admin_stacks.update(identity, template(rule_policy="other"))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    moved = admin_stacks.outputs(identity)
    assert all(moved[key] != before[key] for key in RULES)
    other = admin_cloud.network.get_qos_policy(moved["other"])
    assert {rule["id"] for rule in other.rules} == {moved[key] for key in RULES}
    assert admin_cloud.network.get_qos_policy(moved["policy"]).rules == []
    admin_stacks.delete(identity)


def test_a_rule_and_a_policy_deleted_outside_heat(admin_stacks, admin_cloud):
    identity = admin_stacks.create(template())
    outputs = admin_stacks.outputs(identity)
    admin_stacks.check(identity)
    assert admin_stacks.state(identity)[:2] == ("CHECK", "COMPLETE")
    admin_cloud.network.delete_qos_bandwidth_limit_rule(outputs["limit"], outputs["policy"])
    admin_stacks.check(identity)
    assert admin_stacks.state(identity)[:2] == ("CHECK", "FAILED")
    admin_cloud.network.delete_qos_policy(outputs["other"])
    admin_stacks.delete(identity)
    assert admin_cloud.network.find_qos_policy(outputs["policy"]) is None
