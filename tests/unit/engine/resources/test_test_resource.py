"""OS::Heat::TestResource: stores a value; waits, fails and replaces on request."""

import time

import pytest

from heat.common import exception
from heat.engine import resource_actions, stack_actions
from heat.engine import resource_states as states
from heat.engine.resources.openstack.heat import test_resource as plugin


def resource(**properties):
    return {"test": {"type": "OS::Heat::TestResource", "properties": properties}}


def steps(task, count):
    for _step in range(count):
        next(task)


def test_the_type_is_mapped_to_the_class():
    assert plugin.resource_mapping() == {"OS::Heat::TestResource": plugin.TestResource}


def test_create_stores_the_value_as_the_output(engine):
    stack = engine.create(resource(value="hello"))
    assert stack["test"].state == (states.CREATE, states.COMPLETE)
    assert engine.reload(stack)["test"].FnGetAtt("output") == "hello"


def test_the_default_value_is_test_string(engine):
    stack = engine.create(resource())
    assert stack["test"].FnGetAtt("output") == "test_string"


def test_the_physical_id_is_the_physical_resource_name(engine):
    stack = engine.create(resource())
    test = stack["test"]
    assert test.resource_id == test.physical_resource_name()
    assert test.FnGetRefId() == test.resource_id


def test_fail_makes_the_create_fail_with_heats_message(engine):
    stack = engine.create(resource(fail=True))
    assert stack["test"].state == (states.CREATE, states.FAILED)
    assert stack["test"].status_reason == "ValueError: resources.test: Test Resource failed test"
    assert stack.status_reason == (
        "Resource CREATE failed: ValueError: resources.test: Test Resource failed test"
    )


def test_a_failing_resource_keeps_no_value_and_no_physical_id(engine):
    stack = engine.create(resource(fail=True))
    assert stack["test"].resource_id is None
    assert stack["test"].data() == {}


def test_a_failing_resource_deletes_without_failing(engine):
    stack = engine.reload(engine.create(resource(fail=True)))
    stack_actions.delete(stack)
    assert stack.state == (states.DELETE, states.COMPLETE)


def test_create_waits_by_yielding_while_wait_secs_has_not_passed(engine):
    stack = engine.stack(resource(wait_secs=-1))
    task = resource_actions.create(stack["test"])
    steps(task, 5)
    assert stack["test"].state == (states.CREATE, states.IN_PROGRESS)
    task.close()


def test_create_completes_after_wait_secs(engine):
    started = time.monotonic()
    stack = engine.create(resource(wait_secs=0.05))
    assert stack["test"].state == (states.CREATE, states.COMPLETE)
    assert time.monotonic() - started >= 0.05


def test_action_wait_secs_overrides_wait_secs_for_its_action(engine):
    stack = engine.create(resource(wait_secs=-1, action_wait_secs={"create": 0}))
    assert stack["test"].state == (states.CREATE, states.COMPLETE)


def test_action_wait_secs_of_another_action_leaves_wait_secs(engine):
    stack = engine.stack(resource(wait_secs=-1, action_wait_secs={"delete": 0}))
    task = resource_actions.create(stack["test"])
    steps(task, 3)
    assert stack["test"].state == (states.CREATE, states.IN_PROGRESS)
    task.close()


def test_reading_the_output_waits_attr_wait_secs(engine):
    stack = engine.create(resource(attr_wait_secs=0.05))
    started = time.monotonic()
    assert stack["test"].FnGetAtt("output") == "test_string"
    assert time.monotonic() - started >= 0.05


def test_a_new_value_is_updated_in_place(engine):
    stack = engine.create(resource(value="one"))
    updated = engine.update(stack, resource(value="two"))
    assert updated.state == (states.UPDATE, states.COMPLETE)
    assert updated["test"].resource_id == stack["test"].resource_id
    assert updated["test"].FnGetAtt("output") == "two"


def test_a_new_value_with_update_replace_replaces_the_resource(engine):
    stack = engine.create(resource(value="one"))
    updated = engine.update(stack, resource(value="two", update_replace=True))
    assert updated.state == (states.UPDATE, states.COMPLETE)
    assert updated["test"].resource_id != stack["test"].resource_id
    assert updated["test"].FnGetAtt("output") == "two"


def test_update_replace_alone_does_not_replace(engine):
    stack = engine.create(resource(value="one"))
    updated = engine.update(stack, resource(value="one", update_replace=True))
    assert updated["test"].resource_id == stack["test"].resource_id


def test_a_new_update_replace_value_replaces_the_resource(engine):
    stack = engine.create(resource(update_replace_value="one"))
    updated = engine.update(stack, resource(update_replace_value="two"))
    assert updated["test"].resource_id != stack["test"].resource_id


def test_an_update_to_fail_fails(engine):
    stack = engine.create(resource(value="one"))
    updated = engine.update(stack, resource(value="two", fail=True))
    assert updated.state == (states.UPDATE, states.FAILED)
    assert updated["test"].status_reason == "ValueError: resources.test: Test Resource failed test"


def test_check_of_a_created_resource_completes(engine):
    stack = engine.create(resource())
    stack_actions.check(stack)
    assert stack["test"].state == (states.CHECK, states.COMPLETE)


def test_check_of_a_resource_never_created_fails(engine):
    stack = engine.create(resource(fail=True))
    stack_actions.check(stack)
    assert stack["test"].state == (states.CHECK, states.FAILED)
    assert stack["test"].status_reason == "Exception: resources.test: Resource not created"


@pytest.mark.parametrize(
    ("name", "update_allowed"),
    [("value", True), ("fail", True), ("wait_secs", True), ("update_replace_value", False)],
)
def test_update_allowed_follows_heat(name, update_allowed):
    assert plugin.TestResource.properties_schema[name].update_allowed is update_allowed


def test_polling_a_client_entity_is_refused_clearly(engine):
    stack = engine.stack(
        {
            "t": {
                "type": "OS::Heat::TestResource",
                "properties": {"client_name": "nova", "entity_name": "servers"},
            }
        }
    )
    with pytest.raises(exception.ResourceTypeUnavailable) as raised:
        stack.resources["t"].validate()
    assert str(raised.value).startswith("HEAT-E99001 Service nova is not available")
