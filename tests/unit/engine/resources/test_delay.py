"""OS::Heat::Delay: waits min_wait plus jitter, by yielding, during the chosen actions."""

import time

import pytest

from heat.common import exception
from heat.engine import resource_actions, stack_actions
from heat.engine import resource_states as states
from heat.engine.resources.openstack.heat import delay as plugin


def resource(**properties):
    return {"pause": {"type": "OS::Heat::Delay", "properties": properties}}


def test_the_type_is_mapped_to_the_class():
    assert plugin.resource_mapping() == {"OS::Heat::Delay": plugin.Delay}


def test_no_wait_by_default(engine):
    stack = engine.create(resource())
    assert stack["pause"].state == (states.CREATE, states.COMPLETE)


def test_create_waits_min_wait(engine):
    started = time.monotonic()
    engine.create(resource(min_wait=0.05))
    assert time.monotonic() - started >= 0.05


def test_create_yields_while_waiting(engine):
    stack = engine.stack(resource(min_wait=600))
    task = resource_actions.create(stack["pause"])
    for _step in range(3):
        next(task)
    assert stack["pause"].state == (states.CREATE, states.IN_PROGRESS)
    task.close()


def test_an_action_not_listed_does_not_wait(engine):
    stack = engine.stack(resource(min_wait=600, actions=["DELETE"]))
    stack_actions.create(stack)
    assert stack["pause"].state == (states.CREATE, states.COMPLETE)


def test_the_wait_is_within_min_wait_plus_jitter(engine):
    pause = engine.stack(resource(min_wait=10, max_jitter=4, jitter_multiplier=0.5))["pause"]
    pause.action = states.CREATE
    waits = [pause.handle_create().seconds for _count in range(20)]
    assert all(10 <= wait <= 12 for wait in waits)


def test_suspend_and_resume_wait_when_listed(engine):
    stack = engine.create(resource(min_wait=0.02, actions=["SUSPEND", "RESUME"]))
    stack_actions.suspend(stack)
    stack_actions.resume(stack)
    assert stack["pause"].state == (states.RESUME, states.COMPLETE)


def test_a_delay_beyond_the_stack_timeout_fails_validation(engine):
    stack = engine.stack(resource(min_wait=4000))
    with pytest.raises(exception.StackValidationFailed) as raised:
        stack.validate()
    assert str(raised.value) == "OS::Heat::Delay maximum delay 4000.0s exceeds stack timeout."


def test_jitter_counts_towards_the_timeout(engine):
    stack = engine.stack(resource(min_wait=3000, max_jitter=700))
    with pytest.raises(exception.StackValidationFailed, match="3700.0s"):
        stack.validate()


def test_update_is_not_an_allowed_action(engine):
    with pytest.raises(exception.StackValidationFailed, match="is not an allowed value"):
        engine.stack(resource(actions=["UPDATE"])).validate()


def test_every_property_changes_in_place(engine):
    stack = engine.create(resource(min_wait=0))
    updated = engine.update(stack, resource(min_wait=1, actions=["DELETE"]))
    assert updated.state == (states.UPDATE, states.COMPLETE)
    assert updated["pause"].id == stack["pause"].id
