"""The engine's alarm calls: describe, set state, put, delete, enable, for metric, history."""

import pytest

from heat.common import exception
from heat.common.context import RequestContext
from tests.unit.engine.watch.alarm_stacks import alarm_stack, cpu, evaluate, signals

DEFINITION = {
    "MetricName": "Memory",
    "Namespace": "system/linux",
    "Statistic": "Maximum",
    "Period": 60,
    "EvaluationPeriods": 1,
    "Threshold": 90.0,
    "ComparisonOperator": "GreaterThanOrEqualToThreshold",
    "Unit": "Percent",
}
OTHER = RequestContext(project_id="project-b", user_id="user-b")


def recorder_arn(engine, context, identity):
    return "arn:openstack:heat::%s:stacks/%s/%s/resources/recorder" % (
        context.project_id,
        identity["stack_name"],
        identity["stack_id"],
    )


def test_stack_alarms_are_shown_with_their_stack(engine, context):
    identity, name = alarm_stack(engine, context)
    (watch,) = engine.show_watch(context, None)
    assert (watch["name"], watch["stack_id"]) == (name, identity["stack_id"])
    assert watch["metric_name"] == "CPU"
    assert watch["actions_enabled"] is True
    assert engine.show_watch(OTHER, None) == []


def test_an_unknown_alarm_is_not_found(engine, context):
    with pytest.raises(exception.EntityNotFound):
        engine.show_watch(context, "nothing")


def test_set_state_keeps_it_and_fires_its_actions(engine, context):
    identity, name = alarm_stack(engine, context)
    watch = engine.set_watch_state(context, name, "ALARM", "testing")
    engine.runtime.threads.wait(identity["stack_id"], 10)
    assert (watch["state_value"], watch["state_reason"]) == ("ALARM", "testing")
    assert signals(engine, context, identity) == [{"alarm": name, "state": "ALARM"}]


def test_set_state_of_a_suspended_alarm_is_refused(engine, context):
    identity, name = alarm_stack(engine, context)
    engine.stack_suspend(context, identity)
    engine.runtime.threads.wait(identity["stack_id"], 10)
    with pytest.raises(exception.Invalid, match="SUSPENDED"):
        engine.set_watch_state(context, name, "ALARM")


def test_put_creates_an_alarm_of_the_project_without_stack(engine, context):
    watch = engine.put_watch(context, "mem-high", DEFINITION)
    assert watch["state_value"] == "NODATA"
    assert "stack_id" not in watch
    assert engine.show_watch(OTHER, None) == []
    assert engine.put_watch(OTHER, "mem-high", DEFINITION)["name"] == "mem-high"


def test_put_again_replaces_the_definition(engine, context):
    engine.put_watch(context, "mem-high", DEFINITION)
    engine.put_watch(context, "mem-high", dict(DEFINITION, Threshold=50.0, ActionsEnabled=False))
    (watch,) = engine.show_watch(context, "mem-high")
    assert (watch["threshold"], watch["actions_enabled"]) == (50.0, False)


@pytest.mark.parametrize(
    "change, message",
    [
        ({"Statistic": "Median"}, "Statistic"),
        ({"Unit": "Furlongs"}, "Unit"),
        ({"AlarmActions": ["http://example.com/hook"]}, "not the ARN of a stack resource"),
        ({"OKActions": ["arn:openstack:heat::other:stacks/s/1/resources/r"]}, "another project"),
    ],
)
def test_put_refuses_bad_definitions(engine, context, change, message):
    with pytest.raises(exception.Invalid, match=message):
        engine.put_watch(context, "bad", dict(DEFINITION, **change))


def test_stack_alarms_are_changed_only_through_their_stack(engine, context):
    _identity, name = alarm_stack(engine, context)
    with pytest.raises(exception.Invalid, match="belongs to stack"):
        engine.put_watch(context, name, DEFINITION)
    with pytest.raises(exception.Invalid, match="belongs to stack"):
        engine.delete_watches(context, [name])


def test_delete_is_all_or_nothing(engine, context):
    engine.put_watch(context, "a", DEFINITION)
    with pytest.raises(exception.EntityNotFound):
        engine.delete_watches(context, ["a", "missing"])
    engine.delete_watches(context, ["a"])
    assert engine.show_watch(context, None) == []


def test_alarm_by_arn_signals_a_resource_of_the_project(engine, context):
    identity, _name = alarm_stack(engine, context)
    arn = recorder_arn(engine, context, identity)
    engine.put_watch(context, "mem-high", dict(DEFINITION, AlarmActions=[arn]))
    engine.create_watch_data(context, "mem-high", {"Namespace": "n", "Memory": {"Value": "95"}})
    assert evaluate(engine, context, "mem-high", identity) == "ALARM"
    assert signals(engine, context, identity) == [{"alarm": "mem-high", "state": "ALARM"}]


def test_alarms_for_a_metric(engine, context):
    engine.put_watch(context, "mem-high", DEFINITION)
    engine.put_watch(context, "cpu-high", dict(DEFINITION, MetricName="CPU"))
    found = engine.show_watches_for_metric(context, "system/linux", "Memory")
    assert [watch["name"] for watch in found] == ["mem-high"]
    filters = {"statistic": "Average"}
    assert engine.show_watches_for_metric(context, "system/linux", "Memory", filters) == []
    filters = {"period": 60, "unit": "Percent", "dimensions": {}}
    assert len(engine.show_watches_for_metric(context, "system/linux", "Memory", filters)) == 1


def test_history_pages_are_linked_by_marker(engine, context):
    engine.put_watch(context, "mem-high", DEFINITION)
    for enabled in (False, True, False):
        engine.set_watch_actions_enabled(context, ["mem-high"], enabled)
    first = engine.list_watch_history(context, "mem-high", limit=2)
    summaries = [item["summary"] for item in first["items"]]
    assert summaries == ["Alarm actions disabled", "Alarm actions enabled"]
    rest = engine.list_watch_history(context, "mem-high", limit=2, marker=first["next_marker"])
    assert [item["summary"] for item in rest["items"]] == [
        "Alarm actions disabled",
        "Alarm mem-high created",
    ]
    assert rest["next_marker"] is None


def test_history_refuses_unknown_item_types_and_markers(engine, context):
    with pytest.raises(exception.Invalid, match="HistoryItemType"):
        engine.list_watch_history(context, filters={"item_type": "Other"})
    with pytest.raises(exception.Invalid, match="NextToken"):
        engine.list_watch_history(context, marker="abc")


def test_samples_without_alarm_name_go_to_the_alarms_of_their_metric(engine, context):
    identity, name = alarm_stack(engine, context)
    engine.put_watch(context, "mem-high", DEFINITION)
    engine.create_watch_data(context, None, cpu(42))
    (sample,) = engine.show_watch_metric(context)
    assert (sample["watch_name"], sample["metric_name"]) == (name, "CPU")
    with pytest.raises(exception.EntityNotFound):
        engine.create_watch_data(context, None, {"Namespace": "n", "Disk": {"Value": "1"}})
