"""OS::Heat::CWLiteAlarm and AWS::CloudWatch::Alarm: the watch rule each one keeps."""

import pytest

from heat.db import api as db_api
from heat.engine import resource_states as states
from heat.engine import stack_actions
from heat.engine.resources.openstack.heat import cloud_watch as plugin

PROPERTIES = {
    "MetricName": "CPU",
    "Namespace": "system/linux",
    "Statistic": "Average",
    "Period": "60",
    "EvaluationPeriods": "1",
    "Threshold": "80",
    "ComparisonOperator": "GreaterThanThreshold",
    "Dimensions": [{"Name": "Group", "Value": "web"}],
}


def resource(type_name="OS::Heat::CWLiteAlarm", **properties):
    return {"alarm": {"type": type_name, "properties": dict(PROPERTIES, **properties)}}


def rule_of(stack):
    return db_api.watch_rule_get_by_name(stack.context, stack["alarm"].resource_id)


def test_both_types_are_the_same_alarm():
    mapping = plugin.resource_mapping()
    assert mapping["OS::Heat::CWLiteAlarm"] is mapping["AWS::CloudWatch::Alarm"]


@pytest.mark.parametrize("type_name", ["OS::Heat::CWLiteAlarm", "AWS::CloudWatch::Alarm"])
def test_create_stores_the_rule_named_by_ref(engine, type_name):
    stack = engine.create(resource(type_name))
    alarm = stack["alarm"]
    assert alarm.state == (states.CREATE, states.COMPLETE)
    assert alarm.FnGetRefId() == alarm.resource_id
    assert alarm.resource_id.startswith("test_stack-alarm-")
    rule = rule_of(stack)
    assert (rule["state"], rule["stack_id"], rule["tenant"]) == ("NODATA", stack.id, "project-a")
    assert {key: rule["rule"][key] for key in PROPERTIES} == PROPERTIES


def test_an_alarm_that_could_not_be_evaluated_fails_to_create(engine):
    stack = engine.create(resource(Period="soon"))
    assert stack["alarm"].state == (states.CREATE, states.FAILED)
    assert "Period must be a positive integer" in stack["alarm"].status_reason


def test_update_redefines_the_rule_in_place(engine):
    stack = engine.create(resource())
    name = stack["alarm"].resource_id
    updated = engine.update(stack, resource(Threshold="95"))
    assert updated["alarm"].resource_id == name
    assert rule_of(updated)["rule"]["Threshold"] == "95"


def test_a_new_metric_replaces_the_alarm(engine):
    stack = engine.create(resource())
    name = stack["alarm"].resource_id
    updated = engine.update(stack, resource(MetricName="Memory"))
    assert updated["alarm"].resource_id != name
    assert db_api.watch_rule_get_by_name(stack.context, name) is None
    assert rule_of(updated)["rule"]["MetricName"] == "Memory"


def test_delete_removes_the_rule(engine):
    stack = engine.reload(engine.create(resource()))
    name = stack["alarm"].resource_id
    stack_actions.delete(stack)
    assert db_api.watch_rule_get_by_name(stack.context, name) is None


def test_suspend_and_resume_suspend_the_rule(engine):
    stack = engine.create(resource())
    stack_actions.suspend(stack)
    assert rule_of(stack)["state"] == "SUSPENDED"
    stack_actions.resume(stack)
    assert rule_of(stack)["state"] == "NODATA"
