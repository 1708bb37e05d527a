"""OS::Neutron::MeteringLabel and OS::Neutron::MeteringRule against the lab's Neutron (the
``metering`` service plugin, no metering agent; the admin's stacks): a label and its rules,
a new range replacing a rule, check and delete after the label was removed outside heat."""

from tests.functional.lab.neutron.conftest import stack_template


def template(label=None, **rule) -> dict:
    rule_properties = {
        "metering_label_id": {"get_resource": "label"},
        "remote_ip_prefix": "10.71.0.0/24",
        **rule,
    }
    return stack_template(
        {
            "label": {"type": "OS::Neutron::MeteringLabel", "properties": label or {}},
            "rule": {"type": "OS::Neutron::MeteringRule", "properties": rule_properties},
        },
        {
            "label": {"get_resource": "label"},
            "rule": {"get_resource": "rule"},
            "label_name": {"get_attr": ["label", "name"]},
            "rule_direction": {"get_attr": ["rule", "direction"]},
        },
    )


def test_a_label_and_its_rule(admin_stacks, admin_cloud, unique_name):
    identity = admin_stacks.create(
        template({"name": unique_name, "description": "d"}, direction="egress", excluded=True)
    )
    assert admin_stacks.state(identity)[:2] == ("CREATE", "COMPLETE"), admin_stacks.state(identity)
    outputs = admin_stacks.outputs(identity)
    label = admin_cloud.network.get_metering_label(outputs["label"])
    assert (label.name, label.description, label.is_shared) == (unique_name, "d", False)
    rule = admin_cloud.network.get_metering_label_rule(outputs["rule"])
    assert (rule.metering_label_id, rule.remote_ip_prefix) == (outputs["label"], "10.71.0.0/24")
    assert (rule.direction, rule.is_excluded) == ("egress", True)
    assert (outputs["label_name"], outputs["rule_direction"]) == (unique_name, "egress")
    admin_stacks.delete(identity)
    assert admin_cloud.network.find_metering_label(outputs["label"]) is None


def test_a_new_range_replaces_the_rule_and_a_new_name_the_label(admin_stacks, admin_cloud):
    identity = admin_stacks.create(template())
    old = admin_stacks.outputs(identity)
    stack = admin_stacks.update(identity, template(remote_ip_prefix="10.72.0.0/24"))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    new = admin_stacks.outputs(identity)
    assert new["label"] == old["label"] and new["rule"] != old["rule"]
    assert admin_cloud.network.find_metering_label_rule(old["rule"]) is None
    stack = admin_stacks.update(
        identity, template({"name": "renamed"}, remote_ip_prefix="10.72.0.0/24")
    )
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert admin_stacks.outputs(identity)["label"] != old["label"]
    assert admin_cloud.network.find_metering_label(old["label"]) is None
    admin_stacks.delete(identity)


def test_a_label_deleted_outside_heat_fails_check_and_the_stack_still_deletes(
    admin_stacks, admin_cloud
):
    identity = admin_stacks.create(template())
    assert admin_stacks.check(identity)["stack_status"] == "COMPLETE"
    # Its rules go with it.
    admin_cloud.network.delete_metering_label(admin_stacks.outputs(identity)["label"])
    assert admin_stacks.check(identity)["stack_status"] == "FAILED"
    admin_stacks.delete(identity)
    assert admin_stacks.state(identity)[:2] == ("DELETE", "COMPLETE")
