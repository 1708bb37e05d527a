"""OS::Neutron::SecurityGroup and OS::Neutron::SecurityGroupRule against the lab's
Neutron: rules made, reconciled and removed, default egress kept or replaced, remote
groups, replacement of a rule, check and groups deleted outside heat."""

import pytest

from heat.common import exception
from tests.functional.lab.neutron.conftest import stack_template

SSH = {"protocol": "tcp", "port_range_min": 22, "port_range_max": 22}
PING = {"protocol": "icmp", "remote_ip_prefix": "10.0.0.0/8"}


def template(rules: list | None = None, **properties) -> dict:
    if rules is not None:
        properties["rules"] = rules
    return stack_template(
        {"group": {"type": "OS::Neutron::SecurityGroup", "properties": properties}},
        {"id": {"get_resource": "group"}},
    )


def rules_of(cloud, group_id: str) -> set[tuple]:
    return {
        (
            rule.direction,
            rule.ether_type,
            rule.protocol,
            rule.port_range_min,
            rule.port_range_max,
            rule.remote_ip_prefix,
            rule.remote_group_id,
        )
        for rule in cloud.network.security_group_rules(security_group_id=group_id)
    }


DEFAULT_EGRESS = {
    ("egress", "IPv4", None, None, None, None, None),
    ("egress", "IPv6", None, None, None, None, None),
}


def test_a_group_has_its_rules_and_neutrons_default_egress(demo_stacks, demo_cloud, unique_name):
    identity = demo_stacks.create(template([SSH, PING], name=unique_name, description="d"))
    group_id = demo_stacks.outputs(identity)["id"]
    group = demo_cloud.network.get_security_group(group_id)
    assert (group.name, group.description) == (unique_name, "d")
    assert rules_of(demo_cloud, group_id) == DEFAULT_EGRESS | {
        ("ingress", "IPv4", "tcp", 22, 22, None, None),
        ("ingress", "IPv4", "icmp", None, None, "10.0.0.0/8", None),
    }
    demo_stacks.delete(identity)
    assert demo_cloud.network.find_security_group(group_id) is None
    assert list(demo_cloud.network.security_group_rules(security_group_id=group_id)) == []


def test_egress_rules_of_the_template_replace_the_default_ones(demo_stacks, demo_cloud):
    egress = {"direction": "egress", "protocol": "udp", "remote_ip_prefix": "10.1.0.0/16"}
    identity = demo_stacks.create(template([egress]))
    group_id = demo_stacks.outputs(identity)["id"]
    assert rules_of(demo_cloud, group_id) == {
        ("egress", "IPv4", "udp", None, None, "10.1.0.0/16", None)
    }
    demo_stacks.delete(identity)


def test_a_rule_of_remote_group_mode_without_a_group_refers_to_its_own_group(
    demo_stacks, demo_cloud
):
    identity = demo_stacks.create(template([{"remote_mode": "remote_group_id"}]))
    group_id = demo_stacks.outputs(identity)["id"]
    assert ("ingress", "IPv4", None, None, None, None, group_id) in rules_of(demo_cloud, group_id)
    demo_stacks.delete(identity)


def test_rules_name_and_description_change_in_place(demo_stacks, demo_cloud, unique_name):
    egress = {"direction": "egress", "protocol": "tcp", "remote_ip_prefix": "10.2.0.0/16"}
    identity = demo_stacks.create(template([SSH, egress], name=unique_name))
    group_id = demo_stacks.outputs(identity)["id"]
    stack = demo_stacks.update(identity, template([PING], name=unique_name + "-2", description="x"))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert demo_stacks.outputs(identity)["id"] == group_id
    group = demo_cloud.network.get_security_group(group_id)
    assert (group.name, group.description) == (unique_name + "-2", "x")
    # Without egress rules of its own the group has the default ones back.
    assert rules_of(demo_cloud, group_id) == DEFAULT_EGRESS | {
        ("ingress", "IPv4", "icmp", None, None, "10.0.0.0/8", None)
    }
    stack = demo_stacks.update(identity, template([]))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert rules_of(demo_cloud, group_id) == DEFAULT_EGRESS
    demo_stacks.delete(identity)


def test_the_name_default_is_refused(demo_stacks):
    with pytest.raises(exception.StackValidationFailed, match='cannot be assigned the name "def'):
        demo_stacks.create(template(name="default"))


def test_a_group_deleted_outside_heat_fails_check_and_is_deleted_with_the_stack(
    demo_stacks, demo_cloud
):
    identity = demo_stacks.create(template([SSH]))
    assert demo_stacks.check(identity)["stack_status"] == "COMPLETE"
    demo_cloud.network.delete_security_group(demo_stacks.outputs(identity)["id"])
    assert demo_stacks.check(identity)["stack_status"] == "FAILED"
    stack = demo_stacks.update(identity, template([SSH], name="again"))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    new_id = demo_stacks.outputs(identity)["id"]
    assert demo_cloud.network.get_security_group(new_id).name == "again"
    demo_stacks.delete(identity)
    assert demo_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")


def rule_template(group_name: str, **rule) -> dict:
    return stack_template(
        {
            "group": {"type": "OS::Neutron::SecurityGroup", "properties": {"name": group_name}},
            "rule": {
                "type": "OS::Neutron::SecurityGroupRule",
                "properties": {"security_group": {"get_resource": "group"}, **rule},
            },
        },
        {"rule": {"get_resource": "rule"}, "group": {"get_resource": "group"}},
    )


def test_a_rule_of_a_group_named_is_replaced_by_any_change(demo_stacks, demo_cloud, unique_name):
    identity = demo_stacks.create(
        rule_template(unique_name, port_range_min=80, port_range_max=81, description="web")
    )
    outputs = demo_stacks.outputs(identity)
    rule = demo_cloud.network.get_security_group_rule(outputs["rule"])
    assert (rule.security_group_id, rule.protocol, rule.port_range_min, rule.port_range_max) == (
        outputs["group"],
        "tcp",
        80,
        81,
    )
    assert (rule.direction, rule.description) == ("ingress", "web")
    stack = demo_stacks.update(
        identity, rule_template(unique_name, protocol="udp", remote_group={"get_resource": "group"})
    )
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    new_id = demo_stacks.outputs(identity)["rule"]
    assert new_id != outputs["rule"]
    assert demo_cloud.network.find_security_group_rule(outputs["rule"]) is None
    new = demo_cloud.network.get_security_group_rule(new_id)
    assert (new.protocol, new.remote_group_id) == ("udp", outputs["group"])
    demo_stacks.delete(identity)
    assert demo_cloud.network.find_security_group_rule(new_id) is None


@pytest.mark.parametrize(
    ("rule", "message"),
    [
        (
            {"remote_group": {"get_resource": "group"}, "remote_ip_prefix": "10.0.0.0/8"},
            "remote_group, remote_ip",
        ),
        ({"port_range_min": 90, "port_range_max": 80}, "must be less than or equal"),
        ({"protocol": "nope"}, "nope"),
    ],
)
def test_bad_rules_fail_validation(demo_stacks, unique_name, rule, message):
    with pytest.raises(exception.StackValidationFailed, match=message):
        demo_stacks.create(rule_template(unique_name, **rule))


def test_a_rule_deleted_outside_heat_fails_check_and_is_deleted_with_the_stack(
    demo_stacks, demo_cloud, unique_name
):
    identity = demo_stacks.create(rule_template(unique_name))
    assert demo_stacks.check(identity)["stack_status"] == "COMPLETE"
    demo_cloud.network.delete_security_group_rule(demo_stacks.outputs(identity)["rule"])
    assert demo_stacks.check(identity)["stack_status"] == "FAILED"
    demo_stacks.delete(identity)
    assert demo_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")
