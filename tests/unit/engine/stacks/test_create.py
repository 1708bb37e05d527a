"""Creating stacks with the real engine: order, state, failures, rollback."""

import pytest

from heat.common import exception
from tests.unit.engine.stacks.conftest import create, hot


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
