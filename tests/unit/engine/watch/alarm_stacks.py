"""Stacks whose CWLiteAlarm signals a recording resource, and helpers to drive them."""

import datetime

from heat.common import context as heat_context
from heat.db import api as db_api
from heat.engine.watch import evaluator, rules
from tests.unit.engine.stacks.conftest import create, hot

ALARM = {
    "MetricName": "CPU",
    "Namespace": "system/linux",
    "Statistic": "Average",
    "Period": "60",
    "Threshold": "80",
    "ComparisonOperator": "GreaterThanThreshold",
    "AlarmActions": [{"get_resource": "recorder"}],
    "OKActions": [{"get_resource": "recorder"}],
}


def alarm_stack(engine, context, name="web", **alarm):
    """A created stack of a recorder and an alarm on it; ``(identity, alarm name)``."""
    template = hot(
        {
            "recorder": {"type": "Test::Recorder"},
            "alarm": {"type": "OS::Heat::CWLiteAlarm", "properties": dict(ALARM, **alarm)},
        }
    )
    identity, stack = create(engine, context, template, name=name)
    assert stack["stack_status"] == "COMPLETE", stack["stack_status_reason"]
    resource = engine.describe_stack_resource(context, identity, "alarm")
    return identity, resource["physical_resource_id"]


def cpu(value):
    """A sample of the CPU metric."""
    return {"Namespace": "system/linux", "CPU": {"Value": str(value), "Unit": "Percent"}}


def evaluate(engine, context, name, identity=None):
    """Make the rule due, evaluate it and wait for the signals it sent; its state."""
    rule = rules.by_name(context, name)
    long_ago = rules.now() - datetime.timedelta(hours=1)
    db_api.watch_rule_update(context, rule["id"], {"last_evaluated": long_ago})
    admin = heat_context.get_admin_context()
    assert evaluator.evaluate_due_rules(engine.runtime, admin) >= 1
    if identity is not None:
        engine.runtime.threads.wait(identity["stack_id"], 10)
    return rules.by_name(context, name)["state"]


def signals(engine, context, identity):
    """The signals the stack's recorder got."""
    resource = engine.describe_stack_resource(context, identity, "recorder")
    return resource["metadata"].get("signals", [])
