"""Creating stacks with the real engine: order, state, failures, rollback."""

import pytest

from heat.common import exception
from tests.unit.engine.stacks.conftest import create, hot, wait_for

pytestmark = pytest.mark.usefixtures("both_engines")


def test_create_completes_with_every_resource_created(engine, context):
    template = hot({"a": {"type": "Test::Thing"}, "b": {"type": "Test::Thing"}})
    identity, stack = create(engine, context, template)
    assert (stack["stack_action"], stack["stack_status"]) == ("CREATE", "COMPLETE")
    assert stack["stack_status_reason"] == "Stack CREATE completed successfully"
    resources = engine.list_stack_resources(context, identity)
    assert {(r["resource_name"], r["resource_status"]) for r in resources} == {
        ("a", "COMPLETE"),
        ("b", "COMPLETE"),
    }


def test_a_failed_resource_fails_the_stack_and_names_the_cause(engine, context):
    template = hot({"a": {"type": "Test::Thing", "properties": {"fail": True}}})
    identity, stack = create(engine, context, template)
    assert stack["stack_status"] == "FAILED"
    assert stack["stack_status_reason"] == (
        "Resource CREATE failed: ValueError: resources.a: Thing a failed"
    )


def test_rollback_deletes_what_a_failed_create_made(engine, context):
    template = hot(
        {
            "a": {"type": "Test::Thing"},
            "b": {"type": "Test::Thing", "properties": {"fail": True}, "depends_on": ["a"]},
        }
    )
    identity, stack = create(engine, context, template, disable_rollback=False)
    assert (stack["stack_action"], stack["stack_status"]) == ("ROLLBACK", "COMPLETE")
    a = engine.describe_stack_resource(context, identity, "a")
    assert (a["resource_action"], a["resource_status"]) == ("DELETE", "COMPLETE")


def test_outputs_read_attributes_of_created_resources(engine, context):
    template = hot(
        {"a": {"type": "Test::Thing", "properties": {"value": "hello"}}},
        outputs={"out": {"value": {"get_attr": ["a", "value"]}}},
    )
    identity, stack = create(engine, context, template)
    assert stack["outputs"] == [
        {"output_key": "out", "description": "No description given", "output_value": "hello"}
    ]


def test_delete_removes_the_stack(engine, context):
    identity, stack = create(engine, context, hot({"a": {"type": "Test::Thing"}}))
    engine.delete_stack(context, identity)
    engine.runtime.threads.wait(identity["stack_id"], 10)
    assert engine.list_stacks(context) == []


def test_validate_names_an_unknown_resource_type(engine, context):
    template = hot({"x": {"type": "OS::Foo::Bar"}})
    assert engine.validate_template(context, template) == {
        "Error": "The Resource Type (OS::Foo::Bar) could not be found."
    }


def test_validate_names_an_unknown_property(engine, context):
    template = hot({"x": {"type": "OS::Heat::RandomString", "properties": {"lengthx": 3}}})
    assert engine.validate_template(context, template) == {
        "Error": "Property error: resources.x.properties: Unknown Property lengthx"
    }


def test_validate_names_a_property_path_as_a_cfn_template_spells_it(engine, context):
    template = {
        "AWSTemplateFormatVersion": "2010-09-09",
        "Resources": {"x": {"Type": "OS::Heat::RandomString", "Properties": {"lengthx": 3}}},
    }
    assert engine.validate_template(context, template) == {
        "Error": "Property error: Resources.x.Properties: Unknown Property lengthx"
    }


def test_create_refuses_a_bad_property_value(engine, context):
    template = hot({"x": {"type": "OS::Heat::RandomString", "properties": {"length": 0}}})
    with pytest.raises(exception.StackValidationFailed) as raised:
        engine.create_stack(context, "web", template, {}, {}, {})
    assert "resources.x.properties.length" in str(raised.value)


def test_a_value_found_bad_only_at_create_fails_the_resource_after_it_started(engine, context):
    """A property whose value comes from another resource is checked when the create
    starts: the resource goes CREATE_IN_PROGRESS, then CREATE_FAILED naming the property."""
    template = hot(
        {
            "source": {"type": "OS::Heat::Value", "properties": {"value": "0"}},
            "x": {
                "type": "OS::Heat::RandomString",
                "properties": {"length": {"get_attr": ["source", "value"]}},
            },
        }
    )
    identity, stack = create(engine, context, template)
    assert (stack["stack_action"], stack["stack_status"]) == ("CREATE", "FAILED")
    assert "resources.x.properties.length" in stack["stack_status_reason"]
    events = engine.list_events(context, identity, filters={"resource_name": "x"})
    states = sorted((event["resource_action"], event["resource_status"]) for event in events)
    assert states == [("CREATE", "FAILED"), ("CREATE", "IN_PROGRESS")]


def test_a_delete_refused_as_still_in_use_is_tried_again(engine, context):
    template = hot({"a": {"type": "Test::InUse", "properties": {"refusals": 1}}})
    identity, _ = create(engine, context, template)
    engine.delete_stack(context, identity)
    engine.runtime.threads.wait(identity["stack_id"], 20)
    assert engine.list_stacks(context) == []


@pytest.fixture
def one_retry(conf):
    """action_retry_limit = 1, set before the engine reads it."""
    conf.set_override("action_retry_limit", 1)


def test_a_delete_still_refused_after_the_retries_fails(one_retry, engine, context):
    template = hot({"a": {"type": "Test::InUse", "properties": {"refusals": 5}}})
    identity, _ = create(engine, context, template, name="stubborn")
    engine.delete_stack(context, identity)
    stack = wait_for(engine, context, identity, timeout=20)
    assert (stack["stack_action"], stack["stack_status"]) == ("DELETE", "FAILED")
    assert "is still in use" in stack["stack_status_reason"]
