"""OS::Heat::AutoScalingGroup: members, bounds, attributes, updates, adjustments, cooldown."""

import datetime

import pytest
from oslo_messaging.notify import _impl_test
from oslo_utils import timeutils

from heat.common import exception
from heat.engine.resource import NoActionRequired
from heat.engine.scaling import cooldown
from tests.unit.engine.stacks.conftest import create, hot, wait_for


def asg(min_size=1, max_size=5, desired=None, value="v", rolling=None, **properties):
    """A template with one group ``g`` of Test::Thing members."""
    props = {
        "min_size": min_size,
        "max_size": max_size,
        "resource": {"type": "Test::Thing", "properties": {"value": value}},
        **properties,
    }
    if desired is not None:
        props["desired_capacity"] = desired
    if rolling is not None:
        props["rolling_updates"] = rolling
    outputs = {
        "size": {"value": {"get_attr": ["g", "current_size"]}},
        "values": {"value": {"get_attr": ["g", "outputs_list", "value"]}},
        "by_name": {"value": {"get_attr": ["g", "outputs", "value"]}},
        "refs": {"value": {"get_attr": ["g", "refs"]}},
        "refs_map": {"value": {"get_attr": ["g", "refs_map"]}},
    }
    return hot({"g": {"type": "OS::Heat::AutoScalingGroup", "properties": props}}, outputs=outputs)


def output(stack, key):
    found = {item["output_key"]: item for item in stack["outputs"]}[key]
    return found["output_error"] if "output_error" in found else found["output_value"]


def update(engine, context, identity, template):
    engine.update_stack(context, identity, template, {}, {}, {})
    return wait_for(engine, context, identity, timeout=30)


def nested_identity(engine, context, identity):
    return engine.describe_stack_resource(context, identity, "g")["nested_stack_id"]


def members(engine, context, identity):
    """``{name: (physical id, value)}`` of the group's members."""
    nested = nested_identity(engine, context, identity)
    found = engine.list_stack_resources(context, nested)
    return {item["resource_name"]: item["physical_resource_id"] for item in found}


def group_resource(engine, context, identity):
    return engine.runtime.load_stack(context, identity)["g"]


# -- creation and attributes ------------------------------------------------------------------


def test_the_group_starts_with_desired_capacity_members(engine, context):
    identity, stack = create(engine, context, asg(desired=3))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    names = members(engine, context, identity)
    assert len(names) == 3
    assert all(len(name) == 12 and name.isalnum() and name.islower() for name in names)
    assert output(stack, "size") == 3


def test_without_desired_capacity_the_group_starts_at_min_size(engine, context):
    identity, stack = create(engine, context, asg(min_size=2))
    assert len(members(engine, context, identity)) == 2
    assert output(stack, "values") == ["v", "v"]


def test_attributes_list_the_members_and_their_references(engine, context):
    identity, stack = create(engine, context, asg(desired=2))
    ids = members(engine, context, identity)
    assert output(stack, "refs_map") == ids
    assert sorted(output(stack, "refs")) == sorted(ids.values())
    assert output(stack, "by_name") == {name: "v" for name in ids}


def test_one_member_is_read_by_name(engine, context):
    identity, _stack = create(engine, context, asg(desired=2))
    name, physical_id = sorted(members(engine, context, identity).items())[0]
    group = group_resource(engine, context, identity)
    assert group.FnGetAtt("resource.%s" % name) == physical_id
    assert group.FnGetAtt("resource.%s.value" % name) == "v"
    with pytest.raises(exception.InvalidTemplateAttribute):
        group.FnGetAtt("outputs")
    with pytest.raises(exception.InvalidTemplateAttribute):
        group.FnGetAtt("no_such_attribute")


@pytest.mark.parametrize(
    ("sizes", "message"),
    [
        ({"min_size": 3, "max_size": 2}, "MinSize can not be greater than MaxSize"),
        ({"min_size": 1, "max_size": 2, "desired": 5}, "DesiredCapacity must be between"),
    ],
)
def test_inconsistent_sizes_fail_validation(engine, context, sizes, message):
    with pytest.raises(exception.StackValidationFailed, match=message) as failure:
        engine.create_stack(context, "web", asg(**sizes), {}, {}, {})
    assert "resources.g.properties" in str(failure.value)


def test_a_resource_definition_with_unknown_keys_fails_validation(engine, context):
    template = asg()
    template["resources"]["g"]["properties"]["resource"]["colour"] = "blue"
    with pytest.raises(exception.StackValidationFailed, match="colour") as failure:
        engine.create_stack(context, "web", template, {}, {}, {})
    assert "resources.g.properties.resource" in str(failure.value)


def test_an_unknown_member_type_fails_validation(engine, context):
    template = asg()
    template["resources"]["g"]["properties"]["resource"]["type"] = "No::Such::Type"
    with pytest.raises(exception.StackValidationFailed, match="No::Such::Type"):
        engine.create_stack(context, "web", template, {}, {}, {})


# -- stack updates ----------------------------------------------------------------------------


def test_a_new_desired_capacity_resizes_keeping_the_members(engine, context):
    identity, _stack = create(engine, context, asg(desired=3))
    before = members(engine, context, identity)
    stack = update(engine, context, identity, asg(desired=4))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    after = members(engine, context, identity)
    assert len(after) == 4
    assert {name: after[name] for name in before} == before


def test_new_bounds_keep_the_size_within_them(engine, context):
    identity, _stack = create(engine, context, asg(min_size=1, desired=3))
    stack = update(engine, context, identity, asg(min_size=1, max_size=2))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert output(stack, "size") == 2
    stack = update(engine, context, identity, asg(min_size=4, max_size=6))
    assert output(stack, "size") == 4


def nested_updates(engine, context, identity):
    """How many updates the nested stack went through."""
    nested = nested_identity(engine, context, identity)
    events = engine.list_events(context, nested)
    return sum(
        1
        for event in events
        if event["resource_name"] == nested["stack_name"]
        and (event["resource_action"], event["resource_status"]) == ("UPDATE", "COMPLETE")
    )


@pytest.mark.parametrize(("batch", "batches"), [(1, 3), (2, 2), (3, 1)])
def test_a_changed_definition_reaches_every_member_in_batches(engine, context, batch, batches):
    identity, _stack = create(engine, context, asg(desired=3))
    before = members(engine, context, identity)
    rolling = {"max_batch_size": batch, "min_in_service": 0, "pause_time": 0}
    stack = update(engine, context, identity, asg(desired=3, value="w", rolling=rolling))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert output(stack, "values") == ["w", "w", "w"]
    # Test::Thing updates in place: the same members, with the new value.
    assert members(engine, context, identity) == before
    # One nested update per batch, then the resize to the (unchanged) size.
    assert nested_updates(engine, context, identity) == batches + 1


def test_min_in_service_adds_members_for_the_time_of_the_update(engine, context):
    identity, _stack = create(engine, context, asg(desired=2))
    rolling = {"max_batch_size": 1, "min_in_service": 2, "pause_time": 0}
    stack = update(engine, context, identity, asg(desired=2, value="w", rolling=rolling))
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    assert output(stack, "values") == ["w", "w"]
    nested = nested_identity(engine, context, identity)
    created = {
        event["resource_name"]
        for event in engine.list_events(context, nested)
        if (event["resource_action"], event["resource_status"]) == ("CREATE", "COMPLETE")
        and event["resource_name"] != nested["stack_name"]
    }
    assert len(created) > 2  # a member was added while the others were updated


def test_an_update_policy_longer_than_the_timeout_fails(engine, context):
    identity, _stack = create(engine, context, asg(desired=2), timeout_mins=1)
    rolling = {"max_batch_size": 1, "pause_time": 120}
    engine.update_stack(context, identity, asg(desired=2, value="w", rolling=rolling), {}, {}, {})
    stack = wait_for(engine, context, identity, timeout=30)
    assert stack["stack_status"] == "FAILED"
    assert "will result in stack update timeout" in stack["stack_status_reason"]


# -- adjustments ------------------------------------------------------------------------------


def test_adjust_changes_the_size_by_each_kind_of_adjustment(engine, context):
    identity, _stack = create(engine, context, asg(min_size=1, max_size=10, desired=2))
    group = group_resource(engine, context, identity)
    group.adjust(2, "change_in_capacity", cooldown_secs=0)
    assert group.current_size() == 4
    group.adjust(50, "PercentChangeInCapacity", cooldown_secs=0)
    assert group.current_size() == 6
    group.adjust(-10, "percent_change_in_capacity", min_adjustment_step=2, cooldown_secs=0)
    assert group.current_size() == 4
    group.adjust(1, "ExactCapacity", cooldown_secs=0)
    assert len(members(engine, context, identity)) == 1


def test_adjust_stays_within_the_bounds(engine, context):
    identity, _stack = create(engine, context, asg(min_size=1, max_size=3, desired=2))
    group = group_resource(engine, context, identity)
    group.adjust(5, "change_in_capacity", cooldown_secs=0)
    assert group.current_size() == 3
    with pytest.raises(NoActionRequired, match="no change in capacity"):
        group.adjust(1, "change_in_capacity", cooldown_secs=0)
    group.adjust(-9, "change_in_capacity", cooldown_secs=0)
    assert group.current_size() == 1


def test_shrinking_removes_the_oldest_members(engine, context):
    identity, _stack = create(engine, context, asg(min_size=1, max_size=5, desired=1))
    (first,) = members(engine, context, identity)
    group = group_resource(engine, context, identity)
    group.adjust(2, "change_in_capacity", cooldown_secs=0)
    newer = set(members(engine, context, identity)) - {first}
    group.adjust(-1, "change_in_capacity", cooldown_secs=0)
    assert set(members(engine, context, identity)) == newer


def test_creating_the_group_starts_its_cooldown(engine, context):
    identity, _stack = create(engine, context, asg(desired=1, cooldown=60))
    group = group_resource(engine, context, identity)
    with pytest.raises(NoActionRequired, match="cooldown"):
        group.adjust(1, "change_in_capacity")
    ((end, reason),) = group.metadata_get(refresh=True)["cooldown_end"].items()
    assert reason == "ExactCapacity : 1"
    remaining = datetime.datetime.fromisoformat(end) - timeutils.utcnow()
    assert 50 < remaining.total_seconds() <= 60


def test_an_adjustment_starts_the_policy_cooldown(engine, context):
    identity, _stack = create(engine, context, asg(desired=1))
    group = group_resource(engine, context, identity)
    group.adjust(1, "change_in_capacity", cooldown_secs=60)
    metadata = group.metadata_get(refresh=True)
    assert metadata["scaling_in_progress"] is False
    ((_end, reason),) = metadata["cooldown_end"].items()
    assert reason == "change_in_capacity : 1"
    with pytest.raises(NoActionRequired, match="cooldown"):
        group.adjust(1, "change_in_capacity", cooldown_secs=0)
    assert group.current_size() == 2


def test_a_group_already_scaling_does_not_adjust_until_marked_healthy(engine, context):
    identity, _stack = create(engine, context, asg(desired=1))
    group = group_resource(engine, context, identity)
    cooldown.claim(group, 0)  # as an engine that stopped mid-adjustment leaves it
    with pytest.raises(NoActionRequired, match="scaling activity"):
        group.adjust(1, "change_in_capacity", cooldown_secs=0)
    engine.resource_mark_unhealthy(context, identity, "g", True, "stuck")
    engine.resource_mark_unhealthy(context, identity, "g", False, "")
    group = group_resource(engine, context, identity)
    assert group.metadata_get(refresh=True)["scaling_in_progress"] is False
    assert group.status == "COMPLETE"
    group.adjust(1, "change_in_capacity", cooldown_secs=0)
    assert group.current_size() == 2


def test_a_group_that_is_not_complete_does_not_adjust(engine, context):
    identity, _stack = create(engine, context, asg(desired=1))
    engine.resource_mark_unhealthy(context, identity, "g", True, "broken")
    group = group_resource(engine, context, identity)
    with pytest.raises(NoActionRequired, match="CHECK_FAILED"):
        group.adjust(1, "change_in_capacity", cooldown_secs=0)


def test_the_group_and_its_members_are_deleted_with_the_stack(engine, context):
    identity, _stack = create(engine, context, asg(desired=2))
    nested = nested_identity(engine, context, identity)
    engine.delete_stack(context, identity)
    deleted = wait_for(engine, context, identity)
    assert (deleted["stack_action"], deleted["stack_status"]) == ("DELETE", "COMPLETE")
    shown = engine.show_stack(context, nested)[0]
    assert (shown["stack_action"], shown["stack_status"]) == ("DELETE", "COMPLETE")


def test_an_adjustment_is_notified_before_and_after(conf, engine, context):
    conf.set_override("driver", ["test"], group="oslo_messaging_notifications")
    engine.runtime.notifier = type(engine.runtime.notifier)(conf, "host-a")
    identity, _stack = create(engine, context, asg(desired=1))
    group = group_resource(engine, context, identity)
    _impl_test.reset()
    group.adjust(2, "change_in_capacity", cooldown_secs=0)
    sent = [
        (message["event_type"], message["payload"]["capacity"], message["payload"]["message"])
        for _context, message, _priority, _retry in _impl_test.NOTIFICATIONS
        if message["event_type"].startswith("orchestration.autoscaling.")
    ]
    ref = group.FnGetRefId()
    assert sent == [
        ("orchestration.autoscaling.start", 1, "Start resizing the group %s" % ref),
        ("orchestration.autoscaling.end", 3, "End resizing the group %s" % ref),
    ]
    payload = _impl_test.NOTIFICATIONS[-1][1]["payload"]
    assert payload["adjustment"] == 2
    assert payload["adjustment_type"] == "change_in_capacity"
    assert payload["groupname"] == ref
    assert payload["stack_identity"] == identity["stack_id"]


def test_other_resources_read_the_group(engine, context):
    template = asg(desired=2)
    template["resources"]["reader"] = {
        "type": "Test::Thing",
        "properties": {
            "value": {
                "str_replace": {
                    "template": "$ref has $size",
                    "params": {
                        "$ref": {"get_resource": "g"},
                        "$size": {"get_attr": ["g", "current_size"]},
                    },
                }
            }
        },
    }
    template["outputs"]["reader"] = {"value": {"get_attr": ["reader", "value"]}}
    template["outputs"]["all"] = {"value": {"get_attr": ["g"]}}
    identity, stack = create(engine, context, template)
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    nested = nested_identity(engine, context, identity)["stack_id"]
    assert output(stack, "reader") == "%s has 2" % nested
    everything = output(stack, "all")
    assert everything["current_size"] == 2
    assert "outputs" not in everything and "outputs_list" not in everything
