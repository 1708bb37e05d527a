"""The periodic evaluation: due rules are claimed, evaluated and fire their actions."""

from heat.common import context as heat_context
from heat.db import api as db_api
from heat.engine.watch import evaluator, rules
from tests.unit.engine.watch.alarm_stacks import alarm_stack, cpu, evaluate, signals


def test_crossing_the_threshold_signals_the_action_resource(engine, context):
    identity, name = alarm_stack(engine, context)
    engine.create_watch_data(context, name, cpu(95))
    assert evaluate(engine, context, name, identity) == "ALARM"
    assert signals(engine, context, identity) == [{"alarm": name, "state": "ALARM"}]


def test_the_state_and_its_reason_are_shown(engine, context):
    identity, name = alarm_stack(engine, context)
    engine.create_watch_data(context, name, cpu(95))
    evaluate(engine, context, name, identity)
    (watch,) = engine.show_watch(context, name)
    assert watch["state_value"] == "ALARM"
    assert watch["state_reason"].startswith("Threshold Crossed: 1 period(s) of Average [95]")
    assert watch["state_reason_data"]["recentDatapoints"] == [95.0]


def test_a_rule_is_not_due_before_its_period(engine, context):
    alarm_stack(engine, context)
    admin = heat_context.get_admin_context()
    assert evaluator.evaluate_due_rules(engine.runtime, admin) == 0


def test_a_second_engine_finds_the_claimed_rule_not_due(engine, context):
    identity, name = alarm_stack(engine, context)
    engine.create_watch_data(context, name, cpu(95))
    evaluate(engine, context, name, identity)
    admin = heat_context.get_admin_context()
    assert evaluator.evaluate_due_rules(engine.runtime, admin) == 0
    assert len(signals(engine, context, identity)) == 1


def test_alarm_actions_repeat_while_in_alarm_ok_actions_do_not(engine, context):
    identity, name = alarm_stack(engine, context)
    engine.create_watch_data(context, name, cpu(95))
    evaluate(engine, context, name, identity)
    evaluate(engine, context, name, identity)
    engine.create_watch_data(context, name, cpu(5))
    engine.create_watch_data(context, name, cpu(5))
    evaluate(engine, context, name, identity)
    evaluate(engine, context, name, identity)
    states = [signal["state"] for signal in signals(engine, context, identity)]
    assert states == ["ALARM", "ALARM", "NORMAL"]


def test_disabled_actions_do_not_fire(engine, context):
    identity, name = alarm_stack(engine, context)
    engine.set_watch_actions_enabled(context, [name], False)
    engine.create_watch_data(context, name, cpu(95))
    assert evaluate(engine, context, name, identity) == "ALARM"
    assert signals(engine, context, identity) == []


def test_no_samples_leave_the_rule_without_data(engine, context):
    identity, name = alarm_stack(engine, context)
    assert evaluate(engine, context, name, identity) == "NODATA"
    assert signals(engine, context, identity) == []


def test_a_suspended_stack_suspends_its_rule(engine, context):
    identity, name = alarm_stack(engine, context)
    engine.stack_suspend(context, identity)
    engine.runtime.threads.wait(identity["stack_id"], 10)
    assert rules.by_name(context, name)["state"] == "SUSPENDED"
    assert engine.create_watch_data(context, name, cpu(95))
    assert db_api.watch_data_get_all(context) == []
    engine.stack_resume(context, identity)
    engine.runtime.threads.wait(identity["stack_id"], 10)
    assert rules.by_name(context, name)["state"] == "NODATA"


def test_history_records_the_change_and_the_signal(engine, context):
    identity, name = alarm_stack(engine, context)
    engine.create_watch_data(context, name, cpu(95))
    evaluate(engine, context, name, identity)
    items = engine.list_watch_history(context, name)["items"]
    kinds = [(item["item_type"], item["summary"]) for item in items]
    assert kinds[0] == ("Action", "Signalled recorder of stack web (ALARM)")
    assert kinds[1] == ("StateUpdate", "Alarm updated from INSUFFICIENT_DATA to ALARM")
    assert kinds[2] == ("ConfigurationUpdate", "Alarm %s created" % name)
    assert items[1]["data"]["newState"]["stateValue"] == "ALARM"


def test_an_action_naming_no_resource_is_noted(engine, context):
    identity, name = alarm_stack(engine, context, AlarmActions=["nowhere"])
    engine.create_watch_data(context, name, cpu(95))
    evaluate(engine, context, name, identity)
    (action,) = engine.list_watch_history(context, name, {"item_type": "Action"})["items"]
    assert action["summary"] == "Action nowhere names no available resource of stack web"
