"""Suspend, resume, check, mark unhealthy, hooks, cancel and timeouts."""

import time

import pytest

from heat.common import exception
from tests.unit.engine.stacks.conftest import create, hot, wait_for

pytestmark = pytest.mark.usefixtures("both_engines")

ONE = hot({"a": {"type": "Test::Thing"}})


def state(stack):
    return stack["stack_action"], stack["stack_status"]


def test_suspend_then_resume(engine, context):
    identity, _ = create(engine, context, ONE)
    engine.stack_suspend(context, identity)
    assert state(wait_for(engine, context, identity)) == ("SUSPEND", "COMPLETE")
    engine.stack_resume(context, identity)
    assert state(wait_for(engine, context, identity)) == ("RESUME", "COMPLETE")
    resource = engine.describe_stack_resource(context, identity, "a")
    assert (resource["resource_action"], resource["resource_status"]) == ("RESUME", "COMPLETE")


def test_check_without_handler_says_so(engine, context):
    identity, _ = create(engine, context, ONE)
    engine.stack_check(context, identity)
    assert state(wait_for(engine, context, identity)) == ("CHECK", "COMPLETE")
    resource = engine.describe_stack_resource(context, identity, "a")
    assert resource["resource_status_reason"] == "CHECK not supported for Test::Thing"


def test_mark_unhealthy_and_back(engine, context):
    identity, _ = create(engine, context, ONE)
    engine.resource_mark_unhealthy(context, identity, "a", True, "disk dead")
    resource = engine.describe_stack_resource(context, identity, "a")
    assert (resource["resource_action"], resource["resource_status"]) == ("CHECK", "FAILED")
    assert resource["resource_status_reason"] == "disk dead"
    engine.resource_mark_unhealthy(context, identity, "a", False)
    resource = engine.describe_stack_resource(context, identity, "a")
    assert resource["resource_status"] == "COMPLETE"


def wait_for_pause(engine, context, identity):
    """Wait until the create is paused on the pre-create hook (its event is there)."""
    deadline = time.monotonic() + 5
    while not any(
        "paused until Hook pre-create" in e["resource_status_reason"]
        for e in engine.list_events(context, identity)
    ):
        assert time.monotonic() < deadline, "the hook never paused the create"
        time.sleep(0.02)


def test_a_pre_create_hook_waits_until_a_signal_clears_it(engine, context):
    env = {"resource_registry": {"resources": {"a": {"hooks": "pre-create"}}}}
    identity = engine.create_stack(context, "web", ONE, env, {}, {})
    wait_for_pause(engine, context, identity)
    assert engine.show_stack(context, identity)[0]["stack_status"] == "IN_PROGRESS"
    engine.resource_signal(context, identity, "a", {"unset_hook": "pre-create"})
    assert state(wait_for(engine, context, identity)) == ("CREATE", "COMPLETE")


def test_clearing_a_hook_records_an_event_in_the_waiting_state(engine, context):
    env = {"resource_registry": {"resources": {"a": {"hooks": "pre-create"}}}}
    identity = engine.create_stack(context, "web", ONE, env, {}, {})
    wait_for_pause(engine, context, identity)
    engine.resource_signal(context, identity, "a", {"unset_hook": "pre-create"})
    cleared = [
        (e["resource_action"], e["resource_status"])
        for e in engine.list_events(context, identity)
        if e["resource_status_reason"] == "Hook pre-create is cleared"
    ]
    assert cleared == [("INIT", "COMPLETE")]


def test_clearing_a_hook_that_is_not_set_is_refused(engine, context):
    identity, _ = create(engine, context, ONE)
    with pytest.raises(exception.InvalidBreakPointHook):
        engine.resource_signal(context, identity, "a", {"unset_hook": "pre-create"})


def test_a_create_past_its_timeout_fails(engine, context):
    slow = hot({"a": {"type": "Test::Thing", "properties": {"polls": 100000}}})
    engine.runtime.settings = type(engine.runtime.settings)(stack_action_timeout=1)
    identity = engine.create_stack(context, "web", slow, {}, {}, {})
    stack = wait_for(engine, context, identity)
    assert state(stack) == ("CREATE", "FAILED")
    assert stack["stack_status_reason"] == "Create timed out"


def test_cancel_without_rollback_fails_a_running_create(engine, context):
    """The resource in progress is stopped (legacy) or finishes (convergence, as upstream)."""
    slow = hot({"a": {"type": "Test::Thing", "properties": {"polls": 20}}})
    identity = engine.create_stack(context, "web", slow, {}, {}, {})
    time.sleep(0.1)
    engine.stack_cancel_update(context, identity, cancel_with_rollback=False)
    stack = wait_for(engine, context, identity)
    assert state(stack) == ("CREATE", "FAILED")
    assert stack["stack_status_reason"] == "Stack CREATE cancelled"


def test_cancel_update_is_refused_for_a_settled_stack(engine, context):
    identity, _ = create(engine, context, ONE)
    with pytest.raises(exception.NotSupported) as raised:
        engine.stack_cancel_update(context, identity)
    assert "Cancelling update when stack is CREATE_COMPLETE" in str(raised.value)


def test_a_second_action_while_one_runs_is_refused(engine, context):
    slow = hot({"a": {"type": "Test::Thing", "properties": {"polls": 100000}}})
    identity = engine.create_stack(context, "web", slow, {}, {}, {})
    with pytest.raises(exception.ActionInProgress):
        engine.stack_check(context, identity)
    engine.delete_stack(context, identity)
    wait_for(engine, context, identity)


def test_delete_cancels_a_running_create(engine, context):
    slow = hot({"a": {"type": "Test::Thing", "properties": {"polls": 100000}}})
    identity = engine.create_stack(context, "web", slow, {}, {}, {})
    time.sleep(0.1)
    engine.delete_stack(context, identity)
    wait_for(engine, context, identity)
    assert engine.list_stacks(context) == []


def test_cancel_update_rolls_back_to_the_previous_template(engine, context):
    """The resource in progress finishes first (within error_wait_time), as upstream."""
    identity, _ = create(engine, context, ONE)
    slow = hot(
        {
            "a": {"type": "Test::Thing"},
            "b": {"type": "Test::Thing", "properties": {"polls": 40}},
        }
    )
    engine.update_stack(context, identity, slow, {}, {}, {"disable_rollback": False})
    time.sleep(0.1)
    engine.stack_cancel_update(context, identity, cancel_with_rollback=True)
    stack = wait_for(engine, context, identity)
    assert state(stack) == ("ROLLBACK", "COMPLETE")
    assert [r["resource_name"] for r in engine.list_stack_resources(context, identity)] == ["a"]
